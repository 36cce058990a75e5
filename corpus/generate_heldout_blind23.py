"""Write ``corpus/heldout-blind23/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (the false-positive traps and the users' loop reports), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the module docstrings (only,
extracted with ``ast.get_docstring``) of ``corpus/generate_heldout_blind4.py`` to
``generate_heldout_blind22.py`` (for the layout, the determinism rules and the onset conventions, which this
set reuses, and for the agent domains already covered, which it avoids), the ``[tool.ruff]`` section of
``pyproject.toml`` (the print also showed the ``[tool.mypy]`` header after it), and the first 1,500 characters
of one real transcript under ``/work/shared/corpus/real-agents/`` (a tau2 fuel-station session that retries
then escalates; for the JSON shape only). Beyond that it saw only directory listings and file names
(``corpus/``, ``corpus/blind22gen/``, the first three file names of ``corpus/heldout-blind22/``,
``/work/shared/corpus/real-agents/``, ``.venv/bin``) and the names of files in a ``git status --short``
listing. No detector, collector, SDK, scorer, evaluation, documentation, README, changelog or git history, no
other test, corpus set or generator body was read, and loopwatch was never run on this set. Labels come from
the author's judgement by SCHEMA.md's rules. The builders in ``corpus/blind23gen/`` were written fresh for
this set and import nothing from the earlier ``blind*gen`` packages.

The agents come from 40 domains the earlier sets' docstrings do not list, each with one loop and one healthy
run: falconry mews (bird weights, avian lab results), pipe-organ building (wind pressure, temperaments),
glassblowing studios (annealing lehrs), reindeer herding (earmark registry, GPS collars), swiftlet bird-nest
farming (house humidity, export health certificates), sericulture (silkworm rearing rooms), truffle orchards
(dog hunts, harvest register), samba-school carnival floats, saffron cooperatives (PDO lots, drying), kimono
rental, PC bangs (seat settlement), rubber plantations (tapping systems, latex DRC), safari lodges (game
drives, migration timing), tulip bulb growers (auction lots), moose hunting licences, hand-knotted carpet
export (customs declarations, knot density), cardamom e-auctions, salt works (Guérande fleur de sel, harvest
declarations), choir management, fencing tournaments (rules, pools, seeding), pigeon racing (loft clock
arrivals), rowing-club boathouses (crew seating, boat bookings), pearl farming (grading, nacre growth model),
cathedral stonemasonry restoration, vinyl record pressing, comic-book shops (pull lists), board-game cafés
(deposits), bail bonds (court reminders, e-filing), private investigation (skip tracing), zip-line adventure
parks (brake logs), haunted attractions (scare-actor rotas), voice dubbing studios (ADR loop alignment),
barbershop chains, sheep shearing contractors (tallies), blacksmith forges (commissions, railing quotes),
scrap-metal yards (weight tickets), tennis clubs (courts, stringing), hot-sauce manufacturing (equilibrium
pH), snail farming (humidity logs) and cobbler shops (resole price lists). Coding agents use Claude-Code-style
``Read``/``Edit``/``Write``/``Glob``/``Grep``/``Bash``, Codex-style ``shell`` (argv arrays) and
``apply_patch``, and Gemini-CLI-style ``read_file``/``replace``/``search_file_content``/
``run_shell_command``/``google_web_search``; research agents search and fetch; support agents look up records
and hand off to people (``handoff.to_human``, ``eskalasi_buat``); data agents run SQL (PostgreSQL and SQLite);
computer-use agents take screenshots, click, type and scroll (``computer``, ``computer_use``); orchestrators
delegate (``delegate``, ``agents.run``). Tool names are snake_case, dotted (``mews.weights_log``,
``gumruk.beyanname_olustur``), MCP-style (``tartufaia__registra_raccolta``, ``mcp__masonry__log_block``),
camelCase (``getSeatSession``, ``setTappingSystem``) or Claude-Code capitalised. Call ids follow OpenAI chat
(``call_``), OpenAI Responses (``fc_``), Anthropic (``toolu_01``), Bedrock (``tooluse_``), Mistral (nine
characters), Gemini CLI (``name-<ms>-<hex>``), Google ADK (``adk-<uuid>``), plain (``c1``), zero-padded
(``call-0001``) or named (``tool#n``) conventions. 40 of the 80 sessions are in Arabic, German, Czech,
Norwegian, Indonesian, Chinese, Italian, Brazilian Portuguese, Spanish, Japanese, Korean, Thai, Swahili,
Dutch, Swedish, Turkish, Hindi, French, Finnish or Polish (20 languages, both sessions of a domain in one).
Results come as JSON (compact and indented), CSV, semicolon CSV, psql and pipe tables, markdown tables, plain
text, pytest output, Python tracebacks, HTTP error text (404, 409, 422, 429, 503 with an HTML body), MCP
JSON-RPC errors, Postgres errors, Gemini-CLI command envelopes and screenshot descriptions; failures are
flagged with ``is_error`` true or only in the content (``{"ok": false}``, ``{"status": "error"}``,
``{"transferred": false}`` bodies, a parse note beside empty slots).

Layout
------
80 scenarios, 40 loops and 40 healthy runs, ids ``blind23-loop-NNN-...`` and ``blind23-healthy-NNN-...``. The
builders live in ``corpus/blind23gen/``: ``loops_a`` (the twenty non-English loop domains: identical re-calls
after an empty result under a mistyped id; case and path variants of a Grep; paraphrased searches with
shuffled overlapping results; an A/B tab flip by a computer-use agent; a period-3 cycle with an
already-applied patch; SQL column guesses; schema misuse reported only in the body; re-delegation with
agreeing reports; a restated plan with identical reads; a booking announced but never made under harness
nudges; a frozen poll with waits; a toggle with read-backs; degenerate text in a reply and in a tool argument;
varied ids all 404; a customs write re-issued after success; identical bids into a paused session; a period-4
fetch cycle; a monologue; paraphrased knowledge-base searches), ``loops_b`` (the twenty English loop domains:
identical empty calls in a second user turn; an edit-revert period-4 cycle; body-only failures with apologies;
MCP -32602 schema misuse; re-delegation to a renamed sub-agent; announcements covered by reads that never
write; a frozen poll whose only change is a timestamp; a toggle with read-backs; name variants; degenerate
narration beside a sensible call; a computer-use Export/Escape/screenshot cycle; traceback streaks with
rewritten timecodes; a repeated parallel batch; cosmetic SQL variants; a hand-off to a closed queue; a
degenerate table; an A/B of two reads; cosmetic edits under a failing test; a scroll stuck at the end;
restated intent with re-reads), ``healthy_a`` and ``healthy_b`` (the same domains: polls that progress and
finish, some repeating a status first; cursor, page-number, offset and server-side-stream pagination; edit and
re-run with changing errors; retries after 429 and timeouts that succeed; 503 retries then a hand-off;
failures that lead to a question to the user; parallel fan-out answered out of order; sub-agents with
different tasks and one corrected brief; sweeps; formulaic narration over new results; check-act-recheck;
identical calls answering new user messages; harness reminders repeated verbatim; a repetitive but valid
markdown table; A/B read-write pairs over different members; long sessions of 16 to 19 steps (a SQL
investigation, computer-use forms and rota entry, Claude-Code and Gemini-CLI coding, a skip-tracing research
run)). ``blind23gen.builder`` holds ``Trace``; ``blind23gen.registry`` numbers scenarios (loops and healthy
runs separately, in module then definition order). Each scenario's ``meta`` names its domain, language,
harness, call-id convention, a literal start time and its number of steps.

Run
---
python corpus/generate_heldout_blind23.py [--out corpus/heldout-blind23]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string), used only for
call ids; there is no wall clock and no ``hash()``; files are written sorted by id as ``json.dumps(indent=2,
ensure_ascii=False)`` plus a newline, after removing the ``*.json`` files already in the output folder.
``Trace`` counts steps as it emits events and returns the step number of every message, so every onset is
computed from the builder's own events, and ``Trace.loop`` refuses an onset outside the trace or one the notes
do not name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused unchanged from blind22 (and the earlier sets):

- Byte-identical call with an identical, fruitless result (``identical_call``): the 3rd identical call. A
  repeated write whose acknowledgements differ only in a volatile id counts as identical (here the writes
  also create duplicates, which only makes it worse).
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
- Loops in a later user turn: counts start at that turn's user message.
- A parallel batch repeated exactly in consecutive turns counts one repeated call per turn.
- Announced actions never taken: the 4th announcement, whether answered only by harness system messages or
  covered by reads that never perform the action; consecutive assistant messages (a monologue) are
  restatements, the first may follow a tool result.
- A frozen poll: the 3rd call returning the same status; sleeps between polls and volatile fields (a
  ``checked_at``) do not reset the count. A scroll that stops bringing new content: the first call that
  reached the end counts as the 1st.
- Healthy side: two or three identical attempts at a failing call, then a change of approach, a question to
  the user or a hand-off; polls with repeated intermediate statuses that end in completion; identical calls
  whose results differ (re-runs after edits, progressing polls, a server-side stream, a re-check after an
  action) or that each answer a new user message; fan-out over new targets; sweeps; harness messages
  repeated verbatim.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from blind23gen.registry import scenarios

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "heldout-blind23")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    for old in sorted(out.glob("*.json")):
        old.unlink()
    for scenario in scenarios():
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
