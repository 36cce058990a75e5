"""Write ``corpus/heldout-blind18/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the first 300 lines of the peer notes
``/work/shared/notes/PEERS.md`` (OpenHands, Gemini CLI, Roo Code, Cline and Goose: loop patterns and the
false-positive traps users report; ``PEERS-2026.md`` was allowed but not opened), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the module docstrings (only)
of ``corpus/generate_heldout_blind4.py`` to ``generate_heldout_blind17.py`` (for the layout, the determinism
rules and the onset conventions, which this set reuses, and for the agent domains already covered, which it
avoids), the ``[tool.ruff]`` section of ``pyproject.toml``, and the first 60 lines of two real transcripts
under ``/work/shared/corpus/real-agents/`` (a Cursor session implementing a command with tests, and a tau2
airline session with look-ups and a booking that succeeds on the third try; for the JSON shape only). Beyond
that it saw only directory listings and file names (including the names of locally modified files in a
``git status`` listing). No detector, collector, SDK, scorer, evaluation, documentation, benchmark or script,
no README, no other test, corpus set or generator body was read, and loopwatch was never run on this set.
Labels come from the author's judgement by SCHEMA.md's rules. The builders in ``corpus/blind18gen/`` were
written fresh for this set and import nothing from the earlier ``blind*gen`` packages.

The agents come from domains the earlier sets' docstrings do not list: vending-machine fleets (telemetry,
route stock, payment-module restarts), IVF embryology labs (time-lapse annotation, embryo grading, biopsy,
vitrification, witnessing), hydroponic vertical farms (nutrient recipes, dosing, growth-model sweeps, a
recipe validator), public-aquarium life support (ozone, ORP, chillers), casino slot floors (meter SQL,
jackpot events), theme-park ride operations (posted waits, single-rider lines), cinema exhibition (DCP
ingest, KDM keys), piano tuning and instrument repair (parts sourcing), CNC cabinetry workshops (panel
nesting, CAM logs), tyre hotels (stored wheel sets, spring swaps, quotes), car-wash chains (memberships,
payment terminals), coastal ferry customer service (bookings, vehicle manifests, sailings, refunds), coin
dealing (catalogue search, NGC lots, price APIs), chimney sweeps (bookings, inspection rules), pest control
(policy look-ups, termite bookings, bait stations), glacier mass balance (DEM differencing, ablation
stakes, data portals), volcano gas monitoring (SO2 flux), diabetes clinics (CGM sync, AGP reports, account
linking), sleep laboratories (hypopnea rules, PSG reports), prosthetics and orthotics (socket scans, offset
code), tea blending (recipes, stock, cupping), olive-oil mills (acidity, daily summaries), sawmills (lumber
kiln drying, sawing patterns), shipyard dry docks (keel blocks, UT surveys, dock logs), touring circuses
(permits, lodging, trucks), cheese affinage caves (turning robots, wheel inventory), florists (wire orders,
card messages, wedding stock), mountain huts (a booking portal, availability, confirmations), amateur-radio
contest logging (QSO logs, an ADIF importer), lottery operations (result signatures, certification,
retailer terminals), hot-air balloon operations (manifests, winds aloft, go/no-go) and planetarium show
scheduling. Coding agents read, edit and re-run tests (Claude-Code-style ``Read``/``Edit``/``Bash``/``Task``
and snake_case ``read_file``/``apply_patch``/``run_command``); research agents search and fetch pages;
support agents look up policies and bookings; data agents run SQL; computer-use agents take screenshots,
click and type. Call ids follow OpenAI chat (``call_...``), OpenAI Responses (``fc_...``), Anthropic
(``toolu_01...``), Gemini ADK (``adk-<uuid>``), Bedrock (``tooluse_...``), Mistral (9 characters), plain
(``c1``) or named (``findStoredSet_0``) conventions; tool names are snake_case, dotted (``lab.acidity``,
``dock.read_blocks``), MCP-style ``server__tool`` (``kdm__find_keys``, ``cgm__export_report``), camelCase
(``getKilnCycle``, ``setQueueMode``), Claude-Code-style or a computer-use ``computer`` tool. 55 of the 80
sessions are in Norwegian, Spanish, Finnish, Japanese, Italian, Greek, Indonesian, Korean, Hebrew, Polish,
Chinese (traditional), Slovenian, Hindi, Swedish, Romanian, Arabic, Catalan, Turkish, Danish, Hungarian,
Russian, German, Persian, Ukrainian, Portuguese (European and Brazilian), Malay, Icelandic, Czech, Croatian,
Urdu, Thai, Bulgarian, Dutch, Estonian, French or Bengali. Results come as JSON (compact, spaced or
indented), CSV, YAML, XML (keel blocks, a certification status), markdown tables, plain text, log lines,
tracebacks, HTML, screenshot descriptions and HTTP or validation error text; failures are reported with
``is_error`` true or only in the content (``{"ok": false}``, ``{"status": "error"}``, ``{"accepted": false,
"errors": [...]}`` bodies). Some steps carry parallel calls answered out of order, four sessions have
several user turns, three have harness messages as system messages, and lengths run from 2 to 15 steps.

Layout
------
80 scenarios, 40 loops and 40 healthy runs, ids ``blind18-loop-NNN-...`` and ``blind18-healthy-NNN-...``. The
builders live in ``corpus/blind18gen/``: ``loops_lookup`` (identical re-calls after empty or unhelpful
results, one in a later user turn and one starting in a parallel batch; frozen polls; trivially varied
arguments; paraphrased searches), ``loops_cycles`` (A/B alternations, one with a failing side and one by a
computer-use agent; a period-3 and a period-4 cycle; toggles, one with read-backs), ``loops_errors``
(failure streaks under rewritten inputs, schema misuse, identical failing calls), ``loops_agents``
(re-delegation, once under a second sub-agent name; restated plans with calls; an action announced but never
taken; a monologue; degenerate text in a reply and in a tool argument; writes re-issued after success);
``healthy_polling``, ``healthy_retries``, ``healthy_fanout`` and ``healthy_work``. ``blind18gen.builder``
holds ``Trace`` and the registering decorators; ``blind18gen.registry`` numbers the scenarios (loops and
healthy runs separately, in module then definition order). Only the ``*.json`` scenarios are written into the
set folder. Each scenario's ``meta`` names its domain, language, call-id convention and a literal start time.

Loop patterns (40): identical re-calls after empty or unhelpful results 4 (one in a later user turn, one
starting in a parallel batch, one on a JavaScript-only page); polling a frozen job 2 (one with waits between
polls); trivially varied arguments 3 (one also an error streak); paraphrased searches with overlapping
results 4; A/B alternation 3 (one with a failing side, one by a computer-use agent); period-3 and period-4
cycles 2; toggles 2 (one with read-backs); failure streaks under rewritten inputs 4 (two reported only in the
body); schema misuse 3 (one reported only in the body); identical failing calls 2; re-delegation 3 (one under
a second sub-agent name); restated plan with calls that bring nothing new 2; announced action never taken 1;
monologue 1; degenerate text 2 (a reply, a tool argument); writes re-issued after success 2.

Healthy traps (40): polling that finishes 5 (one with byte-identical intermediate statuses, one whose
progress pauses, one with a reminder sent between polls); check-act-recheck 1; re-reading a file or log that
changes 2; retries that succeed 3 (503, 429, a corrected argument in a computer-use form); failures then a
hand-off to a person 3 (one after three identical failures reported in the body); fan-out 4 (sequential, one
parallel batch answered out of order, sub-agents with different tasks, per-target failures in a parallel
batch); parameter sweeps 3; pagination 4 (cursor, offset, page numbers, next tokens); edit and re-run 3;
new results under formulaic narration 3; long legitimate runs 3; a final answer split over several messages
2; the same tool for each new user message 3 (one identical re-check on request); a long valid table 1.

Run
---
    python corpus/generate_heldout_blind18.py [--out corpus/heldout-blind18]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string), used only for
call ids; there is no wall clock (timestamps are literals) and no ``hash()``; files are written in a stable
order (sorted by id) as ``json.dumps(indent=2, ensure_ascii=False)`` plus a newline, after removing the
``*.json`` files already in the output folder. ``blind18gen.builder.Trace`` counts steps as it emits events
and returns the step number of every message, so every onset is computed from the builder's own events, and
``Trace.loop`` refuses an onset outside the trace or one the notes do not name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused unchanged from blind17 (which reused blind16's and the earlier sets'):

- Byte-identical call with an identical, fruitless result (``identical_call``): the step issuing the 3rd
  identical call. Canonically identical calls (keys reordered) count as identical.
- Failure streaks and schema-misuse retries (``error_streak``): the step whose call yields the 4th failure of
  the same kind (two or three failed attempts before changing approach is healthy). Calls of other tools
  between attempts do not reset the count.
- Varied arguments with no new results (``same_tool``) and restated intent (``narration``): the step of the
  4th attempt (the original plus three retries, rephrasings or restatements).
- Re-delegation of one task to a sub-agent (``same_tool``): the 3rd delegation; a sub-agent reached under a
  second name for the same task is still a re-delegation.
- Cycles (``alternation``): the step that visits the first state of the cycle for the third time; cycles of
  period 3 and 4 follow the same rule.
- A flag toggled back and forth: ``same_tool`` + ``alternation``, onset at the 4th toggle (every set call
  counts, the first change away from the original value included).
- ``degenerate_text``: the step whose reply (or tool argument) collapses into repetition.
- Several kinds in one scenario: the earliest step at which any of its conventions is met.
- Loops inside a later user turn: counts start at that turn's user message.
- Restated intent with no tool call at all, answered only by harness system messages: the 4th announcement.
  System messages do not start a turn.
- A failure reported only in the content counts as a failure exactly like ``is_error`` true.
- Consecutive assistant messages with nothing in between (a monologue) are restatements for ``narration``;
  the first of them is the 1st statement.
- Identical calls that fail identically are ``error_streak`` + ``identical_call`` with the onset at the 4th
  failure.
- A repeated write whose acknowledgements differ only in volatile fields (a new id, a batch number) counts as
  identical for ``identical_call``.
- An identical call that stops bringing new content (a frozen poll): the 3rd call to return the same result
  (the first call that returned it counts as the 1st) is the onset; sleeps between polls do not reset the
  count.
- Healthy side: two or three identical attempts at a failing call followed by a change of approach or a
  hand-off are healthy; identical calls that each answer a new user message are healthy; identical polls with
  identical intermediate statuses that end in completion are healthy; identical calls whose results differ (a
  cursor, a growing log, a re-check after an action, a re-run after an edit) are healthy; failures of a
  fan-out whose messages name each item's own target are not an error streak.

Applied in this set without changing them (as blind17 applied them): an identical call first made inside a
parallel batch counts as the 1st from that batch's step; in an A/B alternation whose B side fails each time,
the third visit to A comes before the 4th failure, so it sets the onset; read-backs between toggles are not
toggles; a varied-argument call whose every attempt fails the same way is ``same_tool`` + ``error_streak``
with the 4th attempt and the 4th failure on one step; a restated plan whose calls vary their options but
return the same result is ``narration`` + ``same_tool`` on the 4th message; the first message of a monologue
may follow a tool result; a split final answer whose parts differ is not a restatement, and a long table whose
rows differ is not degenerate. Also applied: a plan id or revision counter regenerated on each pass of a cycle
is a volatile field, and an unhelpful page (a JavaScript-only shell) returned identically is a fruitless
result like an empty one.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from blind18gen.registry import scenarios  # noqa: E402

DEFAULT_OUT = HERE / "heldout-blind18"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the blind18 held-out set.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: %(default)s)")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.json"):
        old.unlink()
    built = sorted(scenarios(), key=lambda s: s["id"])
    for scenario in built:
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    loops = sum(1 for s in built if s["label"]["loop"])
    print(f"wrote {len(built)} scenarios ({loops} loops, {len(built) - loops} healthy) to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
