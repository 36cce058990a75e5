"""Write ``corpus/heldout-blind24/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (the false-positive traps and the users' loop reports; their joint print was truncated in
the middle, and the author then read the traps section of ``PEERS.md`` separately), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the module docstrings (only,
extracted with ``ast.get_docstring``) of ``corpus/generate_heldout_blind4.py`` to
``generate_heldout_blind23.py`` (for the layout, the determinism rules and the onset conventions, which this
set reuses, and for the agent domains already covered, which it avoids), the ``[tool.ruff]`` section of
``pyproject.toml`` (the print also showed the ``[tool.ruff.lint]`` subsections and the ``[tool.mypy]``
header), and the first 3,000 characters of one real transcript under ``/work/shared/corpus/real-agents/`` (an
OpenHands SDK session that installs a missing mail tool and retries; for the JSON shape only). Beyond that it
saw only directory listings and file names (``corpus/``, ``corpus/blind23gen/``, ``tests/corpus/``,
``/work/shared/corpus/real-agents/``, ``.venv/bin``). No detector, collector, SDK, scorer, evaluation,
documentation, README, changelog or git history, no other test, corpus set or generator body was read, and
loopwatch was never run on this set. Labels come from the author's judgement by SCHEMA.md's rules. The
builders in ``corpus/blind24gen/`` were written fresh for this set and import nothing from the earlier
``blind*gen`` packages.

The agents come from 40 domains the earlier sets' docstrings do not list, each with one loop and one healthy
run: hanko seal engraving shops (proof approval), Italian beach lidos (umbrella bookings), sphagnum moss
harvesting on peatlands (drone moisture analysis), cork oak harvesting rules (montado), date palm plantations
(pollination-season irrigation), vanilla curing and export (phytosanitary certificates), mangrove restoration
monitoring (survival and carbon for donors), drinking-water Legionella sampling, scaffolding hire (rental
contracts), hot-dip galvanizing (zinc bath, flux), cave surveying (survey-leg reduction), black soldier fly
larvae farming, cotton ginning (bale records), camel dairies, lavender essential-oil distillation, hydrogen
refuelling stations, kimchi factories (fermentation tanks), census enumeration fieldwork, roadside assistance
(tow dispatch), jacquard silk brocade weaving (pattern cards), rodeo stock contracting (bronc draws), tower
crane lift planning, pre-demolition asbestos surveys, hand bookbinding (imposition software), empty-container
depots (repair estimates), flue-cured tobacco barns, change ringing (method proving), knitting pattern
publishing (size grading), hyperbaric oxygen therapy centres, travel vaccination clinics (entry
requirements), probate estate administration (court inventories), reward-crowdfunding fulfilment (surveys,
shipping labels), jury summons administration (deferrals), food truck vending permits, consignment resale
stores (consignor payouts), party and event equipment rental, dog shows (conformation entries), summer camps
(cabin assignments), retro-console emulator development (CPU test ROMs) and music engraving with LilyPond.
Coding agents use Claude-Code-style ``Read``/``Edit``/``Grep``/``Bash``, Codex-style ``shell`` (argv arrays)
and ``apply_patch`` (``*** Begin Patch`` input), Gemini-CLI-style ``read_file``/``replace``/
``search_file_content``/``run_shell_command`` (with the command envelope), or snake_case ``run``/
``edit_file``/``read_file``; research agents search and fetch; support agents look up records and hand off
to people (``overlamna_till_handlaggare``, ``transfert.agent_humain``, ``routeToClerk``); data agents run SQL
(PostgreSQL, SQLite through the shell); computer-use agents use the Anthropic ``computer`` tool, browser-use
style actions (``go_to_url``, ``scroll_down``, ``input_text``, ``click_element_by_index``,
``extract_content``) or the Playwright MCP server (``mcp__playwright__browser_snapshot`` and friends);
orchestrators delegate (``delegasi``, ``spawn_agent``) and a writer consults a critic sub-agent
(``review_agent``). Tool names are snake_case, dotted (``prenotazioni.cerca``, ``vana.teplota``), kebab-case
(``lift-plan-check``), PascalCase (``GetBarnStatus``), camelCase (``setFermentTemp``, ``listContracts``),
slash-namespaced (``spis/lista_gospodarstw``), MCP-style (``mcp__trinkwasser__probe_anlegen``) or
Claude-Code capitalised. Call ids follow OpenAI chat (``call_``), OpenAI Responses (``fc_``), Anthropic
(``toolu_01``), Bedrock (``tooluse_``), Mistral (nine characters), Gemini CLI (``name-<ms>-<hex>``), Google
ADK (``adk-<uuid>``), DeepSeek (``call_<k>_<uuid>``), Kimi (``functions.<name>:<n>``), step-scoped
(``s<step>.<k>``), eight hex digits, zero-padded (``call-0001``) or plain (``c1``) conventions. 40 of the 80
sessions are in Japanese, Italian, Finnish, European Portuguese, Arabic, French, Indonesian, German, Dutch,
Czech, Spanish, Thai, Hindi, Swahili, Bulgarian, Chinese, Korean, Polish, Swedish and Turkish (20 languages,
both sessions of a domain in one). Results come as JSON (compact, spaced and indented), CSV and semicolon
CSV, psql and pipe tables, markdown tables, plain text, pytest, jest and LilyPond output, Python tracebacks,
Gemini-CLI command envelopes, SQLite errors, Postgres errors with hints, HTTP errors (400 problem+json, 429,
503 with an HTML body, 504), apply_patch rejections, accessibility snapshots and screenshot descriptions;
failures are flagged with ``is_error`` true or only in the content (``{"statut": "rejeté"}``,
``{"angelegt": false}``, ``{"ok": false}``, ``{"overlamnad": false}`` bodies, a browser alert, a non-zero exit
code inside a command envelope).

Layout
------
80 scenarios, 40 loops and 40 healthy runs, ids ``blind24-loop-NNN-...`` and ``blind24-healthy-NNN-...``. The
builders live in ``corpus/blind24gen/``: ``loops_a`` (the twenty non-English loop domains: an A/B flip between
two proof tabs by a computer-use agent; identical empty searches for a mistyped code around an unrelated call;
a frozen poll with waits and a changing check time; paraphrased searches over reshuffled results that are
never fetched; an irrigation-mode toggle with read-backs; a value rewritten after the same body-only
rejection; re-delegation to renamed sub-agents after agreeing reports; schema misuse reported only in the
body; a contract announced every turn over a period-3 cycle of stock reads; a period-3 cycle with a no-op
setpoint; a traceback streak under cosmetic edits; a reply that collapses into one Thai phrase; case,
whitespace and LIKE variants of one SQL filter; an identical parallel batch; a monologue restating a plan; a
period-4 cycle over four SQL queries; argument-name guesses after the same 400; pagination without the cursor;
hand-offs to invented queue names; a customer message whose text degenerates), ``loops_b`` (the twenty English
loop domains: identical empty draws around another call; radius shaving under the same capacity failure;
re-delegation with agreeing reports; a constant toggled between two values as two tests fail in turn; SQLite
table-name guesses; a frozen poll with a stale sensor timestamp; patches whose context never matches; type and
key-order variants of one calculation; an A/B of two reads that never books; paraphrased web searches; pseudo
tool calls written into the text under runner nudges; a write re-issued after success; a deferral flag
toggled; scrolling at the end of a page; a test re-run with no edit; date-format variants with restated
intent; a form re-submitted with rewritten numbers while the real field is wrong; degenerate narration beside
a sensible call; a period-3 Grep/Read/Bash cycle; syntax rewrites on the wrong line), ``healthy_a`` and
``healthy_b`` (the same domains: fan-out over orders, districts, patients, dogs, sizes, ROMs and parts, some
in parallel batches answered out of order; retries after 429, 503 and a 504 that succeed or end in a hand-off;
polls that progress and finish, some repeating an intermediate status once; cursor, OFFSET and page-number
pagination; edit and re-run with changing errors; check-act-recheck; identical calls answering new user
messages; sub-agents with different tasks and one corrected brief; critic rounds that converge; sweeps;
formulaic narration over new results; harness reminders repeated verbatim; repetitive but valid tool arguments
and tables; long sessions of 16 and 17 steps: a SQL investigation, a Claude-Code refactor, a test-ROM fan-out
and a probate filing). ``blind24gen.builder`` holds ``Trace``; ``blind24gen.registry`` numbers scenarios
(loops and healthy runs separately, in module then definition order). Each scenario's ``meta`` names its
domain, language, harness, call-id convention, a literal start time and its number of steps.

Run
---
python corpus/generate_heldout_blind24.py [--out corpus/heldout-blind24]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string), used only for
call ids; there is no wall clock and no ``hash()``; files are written sorted by id as ``json.dumps(indent=2,
ensure_ascii=False)`` plus a newline, after removing the ``*.json`` files already in the output folder.
``Trace`` counts steps as it emits events and returns the step number of every message, so every onset is
computed from the builder's own events, and ``Trace.loop`` refuses an onset outside the trace or one the notes
do not name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused unchanged from blind23 (and the earlier sets):

- Byte-identical call with an identical, fruitless result (``identical_call``): the 3rd identical call. A
  repeated write whose acknowledgements differ only in a volatile id counts as identical.
- Failure streaks and schema misuse (``error_streak``): the call that yields the 4th failure of the same kind;
  edits or other calls in between do not reset the count; failures only in the content count the same; a
  failing reproduction run counts as the 1st failure when later runs fail identically. Identical calls
  failing identically are ``identical_call`` + ``error_streak`` at the 4th failure.
- Varied arguments with no new results (``same_tool``) and restated intent (``narration``): the 4th attempt.
  Varied arguments that all fail alike are ``same_tool`` + ``error_streak`` on the same step.
- Re-delegation (``same_tool``): the 3rd delegation, also under a second sub-agent name.
- Cycles (``alternation``): the third visit to the cycle's first state (A B A B [A]; A B C A B C [A];
  A B C D A B C D [A]).
- A value toggled back and forth: ``same_tool`` + ``alternation`` at the 4th toggle; read-backs are not
  toggles.
- ``degenerate_text``: the step whose reply, tool argument or narration beside a call collapses into
  repetition.
- Several kinds: the earliest step at which any convention is met.
- A parallel batch repeated exactly in consecutive turns counts one repeated call per turn.
- Announced actions never taken: the 4th announcement, whether answered only by harness system messages or
  covered by reads that never perform the action; a tool call written into the message text is an
  announcement, not a call.
- A frozen poll: the 3rd call returning the same status; sleeps between polls and volatile fields (a check
  time) do not reset the count. A scroll that stops bringing new content: the first call that reached the end
  counts as the 1st.
- Healthy side: two or three identical attempts at a failing call, then a change of approach or a hand-off;
  polls with repeated intermediate statuses that end in completion; identical calls whose results differ
  (re-runs after edits, progressing polls, a re-check after an action) or that each answer a new user
  message; fan-out over new targets; sweeps; harness messages repeated verbatim.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from blind24gen.registry import build_all  # noqa: E402

DEFAULT_OUT = HERE / "heldout-blind24"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.json"):
        old.unlink()
    scenarios = build_all()
    for scenario in scenarios:
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    loops = sum(1 for s in scenarios if s["label"]["loop"])
    print(f"wrote {len(scenarios)} scenarios ({loops} loops) to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
