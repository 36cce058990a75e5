"""Write ``corpus/heldout-blind20/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (loop patterns, the detectors of other harnesses and the false-positive traps users report),
the shipped-set checks ``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind_sets.py``, the
module docstrings (only, extracted with ``ast.get_docstring``) of ``corpus/generate_heldout_blind4.py`` to
``generate_heldout_blind19.py`` (for the layout, the determinism rules and the onset conventions, which this
set reuses, and for the agent domains already covered, which it avoids), the ``[tool.ruff]`` section of
``pyproject.toml`` (the print also showed the ``[tool.mypy]`` section after it), and the first 60 lines of two
real transcripts under ``/work/shared/corpus/real-agents/`` (a Cursor session with a sed fan-out and test
re-runs, and a tau2 airline session with repeated "could you rephrase that?" replies; for the JSON shape
only). Beyond that it saw only directory listings and file names (``corpus/``, ``corpus/blind19gen/``, the
first three file names of ``corpus/heldout-blind19/``, ``/work/shared/corpus/real-agents/``,
``tests/corpus/``). No detector, collector, SDK, scorer, evaluation, documentation, benchmark or script, no
README, changelog or git history, no other test, corpus set or generator body was read, and loopwatch was
never run on this set. Labels come from the author's judgement by SCHEMA.md's rules. The builders in
``corpus/blind20gen/`` were written fresh for this set and import nothing from the earlier ``blind*gen``
packages.

The agents come from domains the earlier sets' docstrings do not list: whisky distillery bonded warehouses
(cask registry, movements), philately dealers (a stamp catalogue), film-archive restoration (DPX scanning),
consular appointment booking, FPGA timing closure (Vivado runs, a Verilog CRC testbench), mass-spectrometry
proteomics (database-search jobs, an FDR module), cadastral land registries (parcel search, an async export),
air cargo ULD build-up (manifests, load sheets), bird ringing (ring recoveries), room acoustics consultancy
(RT60 targets, absorber sweeps), molecular docking (Vina literature, exhaustiveness sweeps), wildlife
rehabilitation, horse-racing stewarding (rules, racecards), contract bridge scoring software (IMP and VP
tables), district heating networks (substations, meters), trade-fair booth allocation (an exhibitor portal,
sub-agents), leather tanneries (chrome baths, dosing), school bus routing (a route solver), digital
out-of-home billboards (slot priorities, play logs), paper mills (steam box, moisture profiles), cement kilns
(historian SQL, a backfill log), microfinance group lending (disbursements, M-Pesa repayments), PCB assembly
(pick-and-place programs), gliding clubs (launch bookings), stadium operations (turnstiles), flour-mill
laboratories (falling number, NIR imports), braille transcription (liblouis tables), hydrographic surveys
(tide corrections, line processing), watch repair (a timegrapher), swim meets (seeding, heat sheets), seed
banks (germination tests), histopathology slide scanning, poultry hatcheries (incubators, hatchers),
lighthouses and aids to navigation, correctional-facility visitation, fruit packhouses (controlled-atmosphere
rooms), rail freight (wagon tracking, demurrage), wind-tunnel testing (DAQ streams, reports), clinical
microbiology (antibiograms), antiquarian bookselling, synchrotron crystallography beamlines,
autonomous-vehicle simulation regression, postal sorting centres, forensic DNA laboratories, physiotherapy
clinics and climbing gyms (auto-belay inspections and controller firmware). Coding agents read, edit and
re-run tests (Claude-Code-style ``Read``/``Edit``/``Bash``/``Grep`` and Codex-style
``shell``/``read_file``/``write_file``/``apply_patch``), research agents search and fetch pages, support
agents look up policies and hand off to people, data agents run SQL, computer-use agents take screenshots,
click and type, and orchestrators delegate to sub-agents (``delegate``, ``Task``, ``agents.run``). Call ids
follow OpenAI chat (``call_...``), OpenAI Responses (``fc_...``), Anthropic (``toolu_01...``), Gemini ADK
(``adk-<uuid>``), Bedrock (``tooluse_...``), Mistral (9 characters), plain (``c1``) or named
(``getSearchJobStatus_0``) conventions; tool names are snake_case, dotted (``cask_registry.lookup``,
``schedule.setPriority``), MCP-style ``server__tool`` (``wbs__get_uld``, ``liblouis__translate``,
``gdb__next``), camelCase (``getSearchJobStatus``), Claude-Code-style or a computer-use ``computer`` tool. 45
of the 80 sessions (23 loops, 22 healthy runs) are in German, French, Spanish, Japanese, Polish, Dutch,
Chinese, Brazilian and European Portuguese, Italian, Finnish, Korean, Swedish, Arabic, Czech, Swahili, Hindi,
Hungarian, Vietnamese, Norwegian, Greek, Ukrainian, Romanian, Thai, Indonesian, Russian, Hebrew or Danish
(Japanese, Chinese and Thai are written without spaces between words). Results come as JSON (compact, spaced
or indented), CSV and semicolon CSV, YAML-like key/value text, XML, psql and pipe tables, markdown, plain
text, pytest, make and compiler-style output, Python tracebacks, JSON-RPC errors, HTTP error text and
screenshot descriptions; failures are reported with ``is_error`` true or only in the content (``{"ok":
false}``, ``{"hali": "imekataliwa"}``, ``{"booked": false}``, ``{"hali": "kosa"}`` bodies). Some steps carry
parallel calls answered out of order, two sessions have several user turns, one has harness nudges as system
messages, and lengths run from 2 to 18 steps.

Layout
------
80 scenarios, 40 loops and 40 healthy runs, ids ``blind20-loop-NNN-...`` and ``blind20-healthy-NNN-...``. The
builders live in ``corpus/blind20gen/``: ``loops_lookup`` (identical re-calls after empty or unhelpful
results, one in a later user turn and one starting in a parallel batch; frozen polls; trivially varied
arguments; paraphrased searches), ``loops_cycles`` (A/B alternations, one late in a coding session, one with a
failing side and one by a computer-use agent; period-3 and period-4 cycles; toggles with reads
between them), ``loops_errors`` (failure streaks under rewritten inputs, schema misuse, identical failing
calls), ``loops_agents`` (re-delegation, once under a second sub-agent name; restated plans with calls; an
action announced but never taken; a monologue; degenerate text in a reply and in a tool argument; writes
re-issued after success); ``healthy_polling``, ``healthy_retries``, ``healthy_fanout`` and ``healthy_work``.
``blind20gen.builder`` holds ``Trace`` and the registering decorators ``loop`` and ``healthy``;
``blind20gen.registry`` numbers the scenarios (loops and healthy runs separately, in module then definition
order). Only the ``*.json`` scenarios are written into the set folder. Each scenario's ``meta`` names its
domain, language, call-id convention, a literal start time and its number of steps.

Loop patterns (40): identical re-calls after empty or unhelpful results 4 (one in a later user turn, one
starting in a parallel batch, one on a JavaScript-only page); frozen polls 2 (one with waits between polls);
trivially varied arguments 3 (one also an error streak); paraphrased searches with overlapping results 4; A/B
alternation 3 (one after ten productive steps of a coding session, one with a failing side, one by a
computer-use agent); period-3 and period-4 cycles 2; toggles 2 (both with reads between the toggles); failure
streaks under rewritten inputs 4 (two reported only in the body, each naming a precondition already shown at
step 1; one after nine productive steps of a coding session); schema misuse 3 (one reported only in the body,
one as JSON-RPC errors); identical failing calls 2; re-delegation 3 (one under a second sub-agent name);
restated plan with calls that bring nothing new 2; announced action never taken 1; monologue 1; degenerate
text 2 (a reply, a tool argument); writes re-issued after success 2.

Healthy traps (40): polling that finishes 5 (one with byte-identical intermediate statuses, one whose progress
pauses, one with a reminder sent between polls, one asynchronous SQL statement); streamed reads with
identical arguments 1; check-act-recheck 1; a log re-read while it grows 1; retries that succeed 4 (503, 429
with backoff, a timeout, a corrected argument); failures then a hand-off to a person 3 (one after three
identical failures reported in the body); fan-out 4 (sequential over files, a parallel batch answered out of
order, sub-agents with different tasks, per-target failures in a parallel batch); parameter sweeps 3;
fan-out with a fix and re-read 1; file imports one by one 1; pagination 3 (cursor, offset, next tokens);
formulaic narration over new results 3; edit and re-run 3; long legitimate runs 3 (a 17-step coding
session, a 14-step computer-use form, an 11-query SQL investigation); a final answer split over several
messages 1; the same tool for each new user message 1 (with an identical re-check on request); a long valid
table 1; debugger stepping with identical calls 1.

Run
---
    python corpus/generate_heldout_blind20.py [--out corpus/heldout-blind20]

(a bare positional output folder is accepted too). Deterministic: every scenario has its own ``random.Random``
seeded with its id (a fixed string), used only for call ids; there is no wall clock (timestamps are literals)
and no ``hash()``; files are written in a stable order (sorted by id) as ``json.dumps(indent=2,
ensure_ascii=False)`` plus a newline, after removing the ``*.json`` files already in the output folder.
``blind20gen.builder.Trace`` counts steps as it emits events and returns the step number of every message, so
every onset is computed from the builder's own events, and ``Trace.loop`` refuses an onset outside the trace
or one the notes do not name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused unchanged from blind19 (which reused blind18's and the earlier sets'):

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
- A flag toggled back and forth: ``same_tool`` + ``alternation``, onset at the 4th toggle; read-backs between
  toggles are not toggles.
- ``degenerate_text``: the step whose reply (or tool argument) collapses into repetition.
- Several kinds in one scenario: the earliest step at which any of its conventions is met (in an A/B
  alternation whose B side fails each time, the third visit to A comes before the 4th failure).
- Loops inside a later user turn: counts start at that turn's user message.
- Restated intent with no tool call at all, answered only by harness system messages: the 4th announcement.
  System messages do not start a turn. Consecutive assistant messages with nothing in between (a monologue)
  are restatements; the first of them may follow a tool result.
- A failure reported only in the content counts as a failure exactly like ``is_error`` true.
- Identical calls that fail identically are ``error_streak`` + ``identical_call`` with the onset at the 4th
  failure; a varied-argument call whose every attempt fails the same way is ``same_tool`` + ``error_streak``
  with the 4th attempt and the 4th failure on one step.
- A repeated write whose acknowledgements differ only in volatile fields (a new message or listing id) counts
  as identical for ``identical_call``.
- An identical call that stops bringing new content (a frozen poll): the 3rd call to return the same result
  (the first call that returned it counts as the 1st); waits between polls do not reset the count.
- An identical call first made inside a parallel batch counts as the 1st from that batch's step.
- A restated plan whose calls vary their options but return the same result is ``narration`` + ``same_tool``
  on the 4th message.
- Healthy side: two or three attempts at a failing call followed by a change of approach or a hand-off are
  healthy; identical calls that each answer a new user message are healthy; identical polls with identical
  intermediate statuses that end in completion are healthy; identical calls whose results differ (a
  server-side cursor, a growing log, a debugger step, a re-check after an action, a re-run after an edit) are
  healthy; failures of a fan-out whose messages name each item's own target are not an error streak; a split
  final answer whose parts differ is not a restatement, and a long table whose rows differ is not degenerate.

Applied in this set without changing them: a pause of two identical polls inside a job that then progresses
and completes is healthy; in a failing coding run, each patch plus re-run is one attempt, and the 4th run that
fails with the same error is the onset, whatever the patches touched.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from blind20gen.registry import scenarios  # noqa: E402

DEFAULT_OUT = HERE / "heldout-blind20"


def write(out: Path) -> int:
    """Write every scenario of the set into ``out`` (its old ``*.json`` removed first); return the count."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.json"):
        old.unlink()
    built = sorted(scenarios(), key=lambda s: s["id"])
    for scenario in built:
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    return len(built)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", nargs="?", type=Path, help="output folder (same as --out)")
    parser.add_argument("--out", type=Path, default=None, help=f"output folder (default {DEFAULT_OUT})")
    args = parser.parse_args(argv)
    out = args.out or args.outdir or DEFAULT_OUT
    count = write(out)
    print(f"wrote {count} scenarios to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
