"""Rendering ``loopwatch eval`` results: an aligned text table, Markdown, or JSON.

All three carry the same content: the summary of each set and (with several) of all of them,
recall per labelled loop kind, the thresholds checked, and a per-scenario matrix (label, first
firing, and what it means: ``EARLY`` before the onset, ``FP, nudged`` or ``FP, harmed`` on a
healthy run, ``missed`` for an undetected loop). JSON is the stable, machine-readable form (keys
documented in ``render_json``). The table helpers (``aligned_table``, ``markdown_table``,
``number``) are shared with the ``--sweep`` report.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict

from loopwatch_collector.evaluation import Firing, ScenarioScore, ScoredSet, Summary, Thresholds

_ALL_SETS = "all"


def render(
    output_format: str,
    summary: Summary,
    sets: Sequence[ScoredSet],
    *,
    thresholds: Thresholds,
    failures: Sequence[str],
) -> str:
    """The report in ``output_format`` (``table``, ``markdown`` or ``json``), newline-terminated;
    ``summary`` is over all ``sets``."""
    if output_format == "json":
        return render_json(summary, sets, thresholds=thresholds, failures=failures)
    markdown = output_format == "markdown"
    summaries = [(s.name, s.summary) for s in sets]
    if len(sets) > 1:
        summaries.append((_ALL_SETS, summary))
    matrix_header = ["scenario", "label", "first firing", "outcome"]
    sections = [
        ("Summary", ["set", *_SUMMARY_HEADER], [[name, *_summary_cells(s)] for name, s in summaries]),
        ("Recall by labelled loop kind", ["kind", "detected", "loops"], _kind_rows(summary)),
        (
            "Per scenario",
            ["set", *matrix_header] if len(sets) > 1 else matrix_header,
            _matrix_rows(sets, with_set=len(sets) > 1),
        ),
    ]
    parts = []
    for title, header, rows in sections:
        if rows:
            table = markdown_table(header, rows) if markdown else aligned_table(header, rows)
            parts.append(f"## {title}\n\n{table}" if markdown else f"{title}\n{table}")
    verdict = "FAILED: " + "; ".join(failures) if failures else "thresholds passed"
    if thresholds.any:
        parts.append(verdict)
    return "\n\n".join(parts) + "\n"


def render_json(
    summary: Summary, sets: Sequence[ScoredSet], *, thresholds: Thresholds, failures: Sequence[str]
) -> str:
    """``{"summary": {...Summary fields over all sets, by_kind: {kind: {detected, total}}},
    "sets": [{name, path, summary}], "thresholds": {min_clean_recall, max_flagged, max_harmed (as
    written), passed, failures}, "scenarios": [{id, set, loop, kinds, onset_step, firings: [{step,
    action, detector}], detected, early, steps_wasted, flagged, nudged, harmed}]}``"""
    body = {
        "summary": asdict(summary),
        "sets": [{"name": s.name, "path": str(s.path), "summary": asdict(s.summary)} for s in sets],
        "thresholds": {
            "min_clean_recall": thresholds.min_clean_recall,
            "max_flagged": thresholds.max_flagged,
            "max_harmed": thresholds.max_harmed.text if thresholds.max_harmed else None,
            "passed": not failures,
            "failures": list(failures),
        },
        "scenarios": [
            {
                "id": s.id,
                "set": scored.name,
                "loop": s.label.loop,
                "kinds": list(s.label.kinds),
                "onset_step": s.label.onset_step,
                "firings": [_firing_json(f) for f in s.firings],
                "detected": s.detected,
                "early": s.early,
                "steps_wasted": s.steps_wasted,
                "flagged": s.flagged,
                "nudged": s.nudged,
                "harmed": s.harmed,
            }
            for scored in sets
            for s in scored.scores
        ],
    }
    return json.dumps(body, indent=2) + "\n"


_SUMMARY_HEADER = (
    "scenarios",
    "recall",
    "clean recall",
    "healthy runs flagged",
    "nudged",
    "harmed",
    "early alarms",
    "false-alarm rate",
    "steps wasted median / p90",
)


def _summary_cells(s: Summary) -> list[str]:
    """One summary as the cells under ``_SUMMARY_HEADER``."""
    return [
        f"{s.scenarios} ({s.loops} loops)",
        f"{number(s.recall)} ({s.detected}/{s.loops})",
        f"{number(s.clean_recall)} ({s.clean}/{s.loops})",
        f"{s.flagged} / {s.non_loops}",
        f"{s.nudged} / {s.non_loops}",
        f"{s.harmed} / {s.non_loops}",
        str(s.early_alarms),
        number(s.false_alarm_rate),
        f"{number(s.median_steps_wasted, '{:g}')} / {number(s.p90_steps_wasted, '{:g}')}",
    ]


def _kind_rows(s: Summary) -> list[list[str]]:
    return [[kind, str(k.detected), str(k.total)] for kind, k in s.by_kind.items()]


def _matrix_rows(sets: Sequence[ScoredSet], *, with_set: bool) -> list[list[str]]:
    rows = []
    for scored in sets:
        for s in sorted(scored.scores, key=lambda s: (not s.label.loop, s.id)):
            row = [s.id, f"loop@{s.label.onset_step}" if s.label.loop else "ok", _first(s), _outcome(s)]
            rows.append([scored.name, *row] if with_set else row)
    return rows


def _first(s: ScenarioScore) -> str:
    return _firing_text(s.first) if s.first else "-"


def _outcome(s: ScenarioScore) -> str:
    if not s.label.loop:
        return "FP, harmed" if s.harmed else "FP, nudged" if s.nudged else "quiet"
    if not s.detected:
        return "EARLY, missed" if s.early else "missed"
    if s.early:
        return f"EARLY; caught at {s.first_valid.step if s.first_valid else '?'}"
    return f"caught, {s.steps_wasted} wasted"


def _firing_text(f: Firing) -> str:
    return f"{f.step} {f.action.value} ({f.detector or '-'})"


def _firing_json(f: Firing) -> dict[str, object]:
    return {"step": f.step, "action": f.action.value, "detector": f.detector}


def number(value: float | int | None, spec: str = "{:.2f}") -> str:
    return "-" if value is None else spec.format(value)


def aligned_table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in [header, *rows]
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def markdown_table(header: list[str], rows: list[list[str]]) -> str:
    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    return "\n".join([line(header), "|" + "|".join("---" for _ in header) + "|", *map(line, rows)])
