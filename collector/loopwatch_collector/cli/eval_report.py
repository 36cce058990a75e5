"""Rendering ``loopwatch eval`` results: an aligned text table, Markdown, or JSON.

All three carry the same content: the summary, recall per labelled loop kind, the thresholds
checked, and a per-scenario matrix (label, first firing, and what it means: ``EARLY`` before the
onset, ``FP`` on a healthy run, ``missed`` for an undetected loop). JSON is the stable,
machine-readable form (keys documented in ``render_json``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict

from loopwatch_collector.evaluation import Firing, ScenarioScore, Summary, Thresholds


def render(
    output_format: str,
    summary: Summary,
    scores: Sequence[ScenarioScore],
    *,
    thresholds: Thresholds,
    failures: Sequence[str],
) -> str:
    """The report in ``output_format`` (``table``, ``markdown`` or ``json``), newline-terminated."""
    if output_format == "json":
        return render_json(summary, scores, thresholds=thresholds, failures=failures)
    markdown = output_format == "markdown"
    sections = [
        ("Summary", *_summary_rows(summary)),
        ("Recall by labelled loop kind", ["kind", "detected", "loops"], _kind_rows(summary)),
        ("Per scenario", ["scenario", "label", "first firing", "outcome"], _matrix_rows(scores)),
    ]
    parts = []
    for title, header, rows in sections:
        if rows:
            table = _markdown(header, rows) if markdown else _aligned(header, rows)
            parts.append(f"## {title}\n\n{table}" if markdown else f"{title}\n{table}")
    verdict = "FAILED: " + "; ".join(failures) if failures else "thresholds passed"
    if thresholds.min_clean_recall is not None or thresholds.max_flagged is not None:
        parts.append(verdict)
    return "\n\n".join(parts) + "\n"


def render_json(
    summary: Summary, scores: Sequence[ScenarioScore], *, thresholds: Thresholds, failures: Sequence[str]
) -> str:
    """``{"summary": {...Summary fields, by_kind: {kind: {detected, total}}}, "thresholds":
    {min_clean_recall, max_flagged, passed, failures}, "scenarios": [{id, loop, kinds,
    onset_step, firings: [{step, action, detector}], detected, early, steps_wasted, flagged}]}``"""
    body = {
        "summary": asdict(summary),
        "thresholds": {
            "min_clean_recall": thresholds.min_clean_recall,
            "max_flagged": thresholds.max_flagged,
            "passed": not failures,
            "failures": list(failures),
        },
        "scenarios": [
            {
                "id": s.id,
                "loop": s.label.loop,
                "kinds": list(s.label.kinds),
                "onset_step": s.label.onset_step,
                "firings": [_firing_json(f) for f in s.firings],
                "detected": s.detected,
                "early": s.early,
                "steps_wasted": s.steps_wasted,
                "flagged": s.flagged,
            }
            for s in scores
        ],
    }
    return json.dumps(body, indent=2) + "\n"


def _summary_rows(s: Summary) -> tuple[list[str], list[list[str]]]:
    header = [
        "scenarios",
        "recall",
        "clean recall",
        "healthy runs flagged",
        "early alarms",
        "false-alarm rate",
        "steps wasted median / p90",
    ]
    row = [
        f"{s.scenarios} ({s.loops} loops)",
        f"{_num(s.recall)} ({s.detected}/{s.loops})",
        f"{_num(s.clean_recall)} ({s.clean}/{s.loops})",
        f"{s.flagged} / {s.non_loops}",
        str(s.early_alarms),
        _num(s.false_alarm_rate),
        f"{_num(s.median_steps_wasted, '{:g}')} / {_num(s.p90_steps_wasted, '{:g}')}",
    ]
    return header, [row]


def _kind_rows(s: Summary) -> list[list[str]]:
    return [[kind, str(k.detected), str(k.total)] for kind, k in s.by_kind.items()]


def _matrix_rows(scores: Sequence[ScenarioScore]) -> list[list[str]]:
    rows = []
    for s in sorted(scores, key=lambda s: (not s.label.loop, s.id)):
        label = f"loop@{s.label.onset_step}" if s.label.loop else "ok"
        first = _firing_text(s.first) if s.first else "-"
        if not s.label.loop:
            outcome = "FP" if s.flagged else "quiet"
        elif not s.detected:
            outcome = "EARLY, missed" if s.early else "missed"
        elif s.early:
            outcome = f"EARLY; caught at {s.first_valid.step if s.first_valid else '?'}"
        else:
            outcome = f"caught, {s.steps_wasted} wasted"
        rows.append([s.id, label, first, outcome])
    return rows


def _firing_text(f: Firing) -> str:
    return f"{f.step} {f.action.value} ({f.detector or '-'})"


def _firing_json(f: Firing) -> dict[str, object]:
    return {"step": f.step, "action": f.action.value, "detector": f.detector}


def _num(value: float | int | None, spec: str = "{:.2f}") -> str:
    return "-" if value is None else spec.format(value)


def _aligned(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in [header, *rows]
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _markdown(header: list[str], rows: list[list[str]]) -> str:
    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"

    return "\n".join([line(header), "|" + "|".join("---" for _ in header) + "|", *map(line, rows)])
