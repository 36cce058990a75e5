"""Write ``corpus/heldout-blind22/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (the false-positive traps and the users' loop reports), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the module docstrings (only,
extracted with ``ast.get_docstring``) of ``corpus/generate_heldout_blind4.py`` to
``generate_heldout_blind21.py`` (for the layout, the determinism rules and the onset conventions, which this
set reuses, and for the agent domains already covered, which it avoids), and the ``[tool.ruff]`` section of
``pyproject.toml``. No real transcript was opened; tool names and result shapes are the author's own. Beyond
that it saw only directory listings and file names (``corpus/``, ``corpus/heldout-blind21/``,
``/work/shared/corpus/real-agents/``). No detector, collector, SDK, scorer, evaluation, documentation, README,
changelog or git history, no other test, corpus set or generator body was read, and loopwatch was never run on
this set. Labels come from the author's judgement by SCHEMA.md's rules. The builders in ``corpus/blind22gen/``
were written fresh for this set and import nothing from the earlier ``blind*gen`` packages.

The agents come from 40 domains the earlier sets' docstrings do not list, each with one loop and one healthy
run: kitesurf schools, karaoke bars, fossil preparation labs, safe-deposit vaults, bonsai nurseries, taxidermy
studios (CITES permits), go (baduk) clubs (EGD ratings), organic certification, orienteering event results
(SI-card parsing, IOF XML), laser-tag arenas, alpaca wool mills, sign-making shops (vinyl cutters), hop farms
(kilns), bell foundries, fireworks display permits, harbour pilotage, cattery boarding, ice-cream production
(batch freezers), arbitration centres, stained-glass restoration, septic pumping, water-well drilling,
dog-sled kennels, theatre costume rental, maple sugarbushes, rope-access window cleaning, trampoline parks,
aerial photogrammetry, seaweed farms, pinball arcade routes, saunas and spas, model-railway clubs (DCC
decoders), cricket ground curation, Christmas tree farms, bespoke tailoring, archery ranges, ice-sculpture
studios, canal boat hire and composting facilities. Coding agents use Claude-Code-style ``Read``/``Edit``/
``Bash``/``Grep``/``Task``, Codex-style ``shell``/``apply_patch``/``read_file`` and Gemini-CLI-style
``read_file``/``replace``/``run_shell_command``/``google_web_search``; research agents search and fetch;
support agents look up bookings and hand off to people; data agents run SQL; computer-use agents take
screenshots and click; orchestrators delegate (``Task``, ``delegate``, ``agents.run``). Tool names are
snake_case, dotted (``kiln.read_temp``, ``cases.file``), MCP-style ``server__tool``
(``karaoke__search_songs``, ``dcc__write_cv``), camelCase (``bookPilot``, ``setHeaterMode``) or a ``computer``
tool. Call ids follow OpenAI chat, OpenAI Responses, Anthropic, Gemini ADK, Bedrock, Mistral, plain (``c1``)
or named conventions. 40 of the 80 sessions are in German, Japanese, Spanish, French, Korean, Italian,
Brazilian Portuguese, Czech, Dutch, Swedish, Turkish, Arabic, Norwegian, Polish, Hindi, Indonesian, Finnish or
Chinese. Results come as JSON (compact and indented), CSV, YAML-like text, psql and pipe tables, plain text,
pytest, cargo and Python tracebacks, HTTP error text (404, 422, 429, 503), MCP JSON-RPC errors and screenshot
descriptions; failures are flagged with ``is_error`` true or only in the content (``{"ok": false}``,
``{"status": "error"}`` bodies).

Layout
------
80 scenarios, 40 loops and 40 healthy runs, ids ``blind22-loop-NNN-...`` and ``blind22-healthy-NNN-...``. The
builders live in ``corpus/blind22gen/``: ``loops_a`` (identical re-calls after empty results, one in a second
user turn; trivially varied ids; paraphrased searches; A/B alternations, one in a coding session and one by a
computer-use agent; period-3 cycles, one with a no-op edit; failure streaks with rewritten inputs and
apologies, some reported only in the body; schema misuse), ``loops_b`` (schema misuse, identical failing
calls, re-delegation, a restated plan with identical reads, an action announced but never taken, a monologue,
frozen polls, one with sleeps, toggles, one with read-backs, degenerate text in a reply and in a tool
argument, varied ids all 404, a write re-issued after success), ``healthy_a`` (polls that progress and finish,
pagination by cursor, offset, page number and next token, edit and re-run, retries that succeed, retries then
a question to the user or a hand-off), ``healthy_b`` (hand-offs, fan-out incl. parallel batches answered out
of order and sub-agents with different tasks, parameter sweeps, formulaic narration over new results, long
coding sessions of 16 to 19 steps, a 14-step SQL investigation and a 15-step computer-use form).
``blind22gen.builder`` holds ``Trace``; ``blind22gen.registry`` numbers scenarios (loops and healthy runs
separately, in module then definition order). Each scenario's ``meta`` names its domain, language, harness,
call-id convention, a literal start time and its number of steps.

Run
---
python corpus/generate_heldout_blind22.py [--out corpus/heldout-blind22]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string), used only for
call ids; there is no wall clock and no ``hash()``; files are written sorted by id as ``json.dumps(indent=2,
ensure_ascii=False)`` plus a newline, after removing the ``*.json`` files already in the output folder.
``Trace`` counts steps as it emits events and returns the step number of every message, so every onset is
computed from the builder's own events, and ``Trace.loop`` refuses an onset outside the trace or one the notes
do not name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused unchanged from blind21 (and the earlier sets):

- Byte-identical call with an identical, fruitless result (``identical_call``): the 3rd identical call. A
  repeated write whose acknowledgements differ only in a volatile id counts as identical.
- Failure streaks and schema misuse (``error_streak``): the call that yields the 4th failure of the same kind;
  edits or other calls in between do not reset the count; failures only in the content count the same.
  Identical calls failing identically are ``identical_call`` + ``error_streak`` at the 4th failure.
- Varied arguments with no new results (``same_tool``) and restated intent (``narration``): the 4th attempt.
  Varied arguments that all fail alike are ``same_tool`` + ``error_streak`` on the same step.
- Re-delegation (``same_tool``): the 3rd delegation, also under a second sub-agent name.
- Cycles (``alternation``): the third visit to the cycle's first state (A B A B [A]; A B C A B C [A]).
- A value toggled back and forth: ``same_tool`` + ``alternation`` at the 4th toggle; read-backs are not
  toggles.
- ``degenerate_text``: the step whose reply or tool argument collapses into repetition.
- Several kinds: the earliest step at which any convention is met.
- Loops in a later user turn: counts start at that turn's user message.
- Announced actions never taken, answered only by harness system messages: the 4th announcement; consecutive
  assistant messages (a monologue) are restatements, the first may follow a tool result.
- A frozen poll: the 3rd call returning the same status; sleeps between polls do not reset the count.
- Healthy side: two or three identical attempts at a failing call, then a change of approach, a question to
  the user or a hand-off; polls with repeated intermediate statuses that end in completion; identical calls
  whose results differ (re-runs after edits, progressing polls); fan-out over new targets; sweeps."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))

from corpus.blind22gen.registry import build_all  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positional_out", nargs="?", type=Path, help="output folder (same as --out)")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    out: Path = args.out or args.positional_out or HERE / "heldout-blind22"
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.json"):
        old.unlink()
    scenarios = sorted(build_all(), key=lambda s: s["id"])
    for scenario in scenarios:
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    loops = sum(s["label"]["loop"] for s in scenarios)
    print(f"wrote {len(scenarios)} scenarios ({loops} loops) to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
