"""Write ``corpus/heldout-blind19/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (in full: loop patterns, the detectors of other harnesses and the false-positive traps users
report), the shipped-set checks ``tests/corpus/shipped_sets.py`` and
``tests/corpus/test_heldout_blind_sets.py``, the module docstrings (only, extracted with
``ast.get_docstring``) of ``corpus/generate_heldout_blind4.py`` to ``generate_heldout_blind18.py`` (for the
layout, the determinism rules and the onset conventions, which this set reuses, and for the agent domains
already covered, which it avoids), the ``[tool.ruff]`` section of ``pyproject.toml`` (and the header line of
the section after it), and the first 60 lines of two real transcripts under
``/work/shared/corpus/real-agents/`` (a Claude Code session with a stop hook that re-runs ``git status`` in
new turns, and a tau2 airline session reading reservations one by one; for the JSON shape only). Beyond that
it saw only directory listings and file names (``corpus/``, ``corpus/blind18gen/``, the first three file names
of ``corpus/heldout-blind18/``, ``/work/shared/corpus/real-agents/``). No detector, collector, SDK, scorer,
evaluation, documentation, benchmark or script, no README, changelog or git history, no other test, corpus set
or generator body was read, and loopwatch was never run on this set. Labels come from the author's judgement
by SCHEMA.md's rules. The builders in ``corpus/blind19gen/`` were written fresh for this set and import
nothing from the earlier ``blind*gen`` packages.

The agents come from domains the earlier sets' docstrings do not list: stock photo agencies (library search,
keywording, uploads), flight schools (aircraft and instructor calendars, lesson booking), open-source license
compliance (scancode scans, SPDX SBOMs), sailing regatta offices (sailing instructions, series scoring, the
notice board), cryo-EM processing (cryoSPARC refinements and 2D classification), tunnel boring machines (ring
erection status, ring build logs), gemology and jewelry appraisal (GIA report look-ups), oil pipeline leak
detection (SCADA historian tags, an SQL leak localisation), steel mill melt shops (heat chemistry), road race
timing (timing-mat rules, an RFID reader, net-time rankings), perfumery regulatory work (IFRA standards),
university admissions offices (a knowledge base, an application portal), digital humanities (HTR
transcriptions of parish registers), type foundries (fontmake and fontbakery, glyph names), card chargeback
disputes, interior design (a supplier portal, a client's wish-list sheet), radio playout (an ad scheduler, the
traffic log), traffic signal timing (offsets, cycle-length sweeps), smart street lighting (dimming profiles,
controller resets), bowling centres (lane oil patterns), hospital nurse rostering, pharmaceutical cold-chain
shipping (temperature loggers), print-on-demand merchandise, particle physics (ROOT skims), food banks (mobile
pantries, household registries), skydiving drop zones (manifests, winds aloft), urban air-quality sensor
networks, inland waterway locks, electronics refurbishing (drive wiping, grading reports), concert tour
logistics (venue advancing, freight, permits), materials-science DFT (ENCUT convergence, Slurm jobs),
ride-hailing driver support, roofing estimates, pawn shops, elder-care homes (eMAR, pharmacy re-orders),
dialysis clinics (Kt/V), HVAC service dispatch, phone repair shops, battery cell manufacturing (formation,
capacity fade), legislative drafting (bill redlines) and chocolate tempering. Coding agents read, edit and
re-run tests (Claude-Code-style ``Read``/``Edit``/``Bash``/``Grep``/``Glob``/``Task`` and Codex-style
``shell``/``read_file``/``write_file``), research agents search and fetch pages, support agents look up
policies and hand off to people, data agents run SQL and notebooks, computer-use agents take screenshots,
click and type, and orchestrators delegate to sub-agents. Call ids follow OpenAI chat (``call_...``), OpenAI
Responses (``fc_...``), Anthropic (``toolu_01...``), Gemini ADK (``adk-<uuid>``), Bedrock (``tooluse_...``),
Mistral (9 characters), plain (``c1``) or named (``getLockSchedule_0``) conventions; tool names are
snake_case, dotted (``assets.search``, ``roster.publish``), MCP-style ``server__tool``
(``scancode__scan_file``, ``aqnet__query_readings``), camelCase (``findInstructorSlots``,
``reserveLockSlot``), Claude-Code-style or a computer-use ``computer`` tool. 47 of the 80 sessions are in
Japanese, Spanish, Danish, Thai, Russian, Chinese (simplified and traditional), French, German, Brazilian and
European Portuguese, Swedish, Vietnamese, Korean, Catalan, Indonesian, Slovak, Arabic, Dutch, Turkish,
Ukrainian, Filipino, Finnish, Hungarian, Norwegian, Swahili, Romanian, Urdu, Greek, Khmer, Czech, Hindi or
Hebrew (Japanese, Chinese, Thai and Khmer are written without spaces between words). Results come as JSON
(compact, spaced or indented), CSV, YAML, XML (an Akoma Ntoso bill), HTML (a cookie wall), markdown and pipe
tables, psql output, plain text, pytest, compiler and linker output, Python tracebacks, HTTP error text and
screenshot descriptions; failures are reported with ``is_error`` true or only in the content (``{"accepted":
false}``, ``{"status": "failed"}``, ``{"ok": false, "errors": [...]}`` and ``{"status": "rejected"}`` bodies).
Some steps carry parallel calls answered out of order, five sessions have several user turns, one has harness
messages as system messages, and lengths run from 2 to 19 steps (five sessions of 15 to 19 steps, two of them
loops that start late in a coding session).

Layout
------
80 scenarios, 40 loops and 40 healthy runs, ids ``blind19-loop-NNN-...`` and ``blind19-healthy-NNN-...``. The
builders live in ``corpus/blind19gen/``: ``loops_lookup`` (identical re-calls after empty or unhelpful
results, one in a later user turn and one starting in a parallel batch; frozen polls; trivially varied
arguments; paraphrased searches), ``loops_cycles`` (A/B alternations, one late in a long coding session, one
with a failing side and one by a computer-use agent; a period-3 and a period-4 cycle; toggles, one with
read-backs), ``loops_errors`` (failure streaks under rewritten inputs, schema misuse, identical failing
calls), ``loops_agents`` (re-delegation, once under a second sub-agent name; restated plans with calls; an
action announced but never taken; a monologue; degenerate text in a reply and in a tool argument; writes
re-issued after success); ``healthy_polling``, ``healthy_retries``, ``healthy_fanout`` and ``healthy_work``.
``blind19gen.builder`` holds ``Trace`` and the registering decorators ``loop`` and ``healthy``;
``blind19gen.registry`` numbers the scenarios (loops and healthy runs separately, in module then definition
order). Only the ``*.json`` scenarios are written into the set folder. Each scenario's ``meta`` names its
domain, language, call-id convention, a literal start time and its number of steps.

Loop patterns (40): identical re-calls after empty or unhelpful results 4 (one in a later user turn, one
starting in a parallel batch, one on a page that only shows a cookie wall); polling a frozen job 2 (one with
waits between polls); trivially varied arguments 3 (one also an error streak); paraphrased searches with
overlapping results 4; A/B alternation 3 (one after ten productive steps of a coding session, one with a
failing side, one by a computer-use agent); period-3 and period-4 cycles 2; toggles 2 (one with read-backs);
failure streaks under rewritten inputs 4 (two reported only in the body, one after nine productive steps of a
coding session); schema misuse 3 (one reported only in the body); identical failing calls 2; re-delegation 3
(one under a second sub-agent name); restated plan with calls that bring nothing new 2; announced action never
taken 1; monologue 1; degenerate text 2 (a reply, a tool argument); writes re-issued after success 2.

Healthy traps (40): polling that finishes 5 (one with byte-identical intermediate statuses, one whose progress
pauses, one with a reminder sent between polls); check-act-recheck 1; re-reading a file or log that changes 2;
retries that succeed 3 (503, 429, a corrected argument); failures then a hand-off to a person 3 (one after
three identical failures reported in the body); fan-out 4 (sequential, one parallel batch answered out of
order, sub-agents with different tasks, per-target failures in a parallel batch); parameter sweeps 3;
pagination 4 (cursor, offset, page numbers, next tokens); edit and re-run 3; new results under formulaic
narration 3; long legitimate runs 3 (a 19-step coding session, a 17-step computer-use form, a 15-step SQL
investigation); a final answer split over several messages 2; the same tool for each new user message 3 (one
identical re-check on request); a long valid table 1.

Run
---
    python corpus/generate_heldout_blind19.py [--out corpus/heldout-blind19]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string), used only for
call ids; there is no wall clock (timestamps are literals) and no ``hash()``; files are written in a stable
order (sorted by id) as ``json.dumps(indent=2, ensure_ascii=False)`` plus a newline, after removing the
``*.json`` files already in the output folder. ``blind19gen.builder.Trace`` counts steps as it emits events
and returns the step number of every message, so every onset is computed from the builder's own events, and
``Trace.loop`` refuses an onset outside the trace or one the notes do not name as "step N".

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused unchanged from blind18 (which reused blind17's and the earlier sets'):

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
- Consecutive assistant messages with nothing in between (a monologue) are restatements for ``narration``; the
  first of them is the 1st statement.
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

Applied in this set without changing them (as blind18 applied them): an identical call first made inside a
parallel batch counts as the 1st from that batch's step; in an A/B alternation whose B side fails each time,
the third visit to A comes before the 4th failure, so it sets the onset; read-backs between toggles are not
toggles; a varied-argument call whose every attempt fails the same way is ``same_tool`` + ``error_streak``
with the 4th attempt and the 4th failure on one step; a restated plan whose calls vary their options but
return the same result is ``narration`` + ``same_tool`` on the 4th message; the first message of a monologue
may follow a tool result; a split final answer whose parts differ is not a restatement, and a long table whose
rows differ is not degenerate; a plan id or revision counter regenerated on each pass of a cycle is a volatile
field, and an unhelpful page returned identically is a fruitless result like an empty one. Also applied here:
a cycle starts at the first call after the last edit that changed anything (a re-applied patch that reports
"already applied" changes nothing), and a notification re-sent with only a new message id is a repeated write.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from blind19gen.registry import build_all

HERE = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Write the blind19 held-out set of labelled agent traces.")
    parser.add_argument("--out", type=Path, default=HERE / "heldout-blind19", help="output folder")
    args = parser.parse_args(argv)
    out: Path = args.out
    scenarios = build_all()
    loops = sum(1 for s in scenarios if s["label"]["loop"])
    if (loops, len(scenarios) - loops) != (40, 40):
        raise SystemExit(f"expected 40 loops and 40 healthy runs, got {loops} and {len(scenarios) - loops}")
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.json"):
        old.unlink()
    for scenario in sorted(scenarios, key=lambda s: s["id"]):
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    print(f"wrote {len(scenarios)} scenarios ({loops} loops) to {out}")


if __name__ == "__main__":
    main()
