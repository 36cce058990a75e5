"""Rendering ``loopwatch eval --sweep`` results: an aligned text table, Markdown, or JSON.

Per set, one row per value swept: recall, clean recall, nudged, harmed and early alarms, the
value in use marked ``*``; under each set, the flat range (the values around the one in use
that score the same, ``sweep.flat_range``), and at the end the range flat on every set. JSON is
the stable, machine-readable form (keys documented in ``render_sweep_json``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from loopwatch_collector.cli.eval_report import aligned_table, markdown_table, number
from loopwatch_collector.evaluation import ScoredSet, Summary
from loopwatch_collector.sweep import OptionValue, Sweep, flat_range

_HEADER = ["value", "recall", "clean recall", "nudged", "harmed", "early alarms"]
_CURRENT_MARK = " *"


@dataclass(frozen=True, slots=True, kw_only=True)
class SweepPoint:
    """Every set scored with one value of the swept option (sets in command-line order)."""

    value: OptionValue
    sets: Sequence[ScoredSet]


def render_sweep(output_format: str, sweep: Sweep, points: Sequence[SweepPoint]) -> str:
    """The sweep report in ``output_format`` (``table``, ``markdown`` or ``json``),
    newline-terminated; ``points`` hold one entry per value of ``sweep.values``, in order."""
    if output_format == "json":
        return render_sweep_json(sweep, points)
    markdown = output_format == "markdown"
    title = f"Sweep of {_code(sweep.key, markdown)} (value in use: {_value_text(sweep.current)}, marked *)"
    parts = [f"## {title}" if markdown else title]
    for index, name in enumerate(s.name for s in points[0].sets):
        summaries = [point.sets[index].summary for point in points]
        rows = [_row(point.value, summary, sweep) for point, summary in zip(points, summaries, strict=True)]
        table = markdown_table(_HEADER, rows) if markdown else aligned_table(_HEADER, rows)
        heading = f"{name}: {_size(summaries[0])}"
        flat = f"Flat around the value in use: {_flat_text(sweep, _set_flat(sweep, summaries))}."
        parts.append("\n\n".join([f"### {heading}" if markdown else heading, table, flat]))
    if len(points[0].sets) > 1:
        parts.append(f"Flat on every set: {_flat_text(sweep, _all_flat(sweep, points))}.")
    return "\n\n".join(parts) + "\n"


def render_sweep_json(sweep: Sweep, points: Sequence[SweepPoint]) -> str:
    """``{"detector", "option", "values": [...], "current": value in use, "sets": [{name, path,
    rows: [{value, summary: {...the eval JSON's summary fields}}], flat: {from, to} | null}],
    "flat": {from, to} | null}`` (``flat`` at the top: on every set at once)."""
    sets = []
    for index, scored in enumerate(points[0].sets):
        summaries = [point.sets[index].summary for point in points]
        sets.append(
            {
                "name": scored.name,
                "path": str(scored.path),
                "rows": [
                    {"value": point.value, "summary": asdict(summary)}
                    for point, summary in zip(points, summaries, strict=True)
                ],
                "flat": _flat_json(_set_flat(sweep, summaries)),
            }
        )
    body = {
        "detector": sweep.detector,
        "option": sweep.option,
        "values": list(sweep.values),
        "current": sweep.current,
        "sets": sets,
        "flat": _flat_json(_all_flat(sweep, points)),
    }
    return json.dumps(body, indent=2) + "\n"


def _outcome(s: Summary) -> tuple[int, int, int, int, int]:
    """What must stay the same for a range to be flat: every count the report shows."""
    return (s.detected, s.clean, s.nudged, s.harmed, s.early_alarms)


def _set_flat(sweep: Sweep, summaries: Sequence[Summary]) -> tuple[OptionValue, OptionValue] | None:
    return flat_range(sweep.values, [_outcome(s) for s in summaries], sweep.current)


def _all_flat(sweep: Sweep, points: Sequence[SweepPoint]) -> tuple[OptionValue, OptionValue] | None:
    outcomes = [tuple(_outcome(s.summary) for s in point.sets) for point in points]
    return flat_range(sweep.values, outcomes, sweep.current)


def _row(value: OptionValue, s: Summary, sweep: Sweep) -> list[str]:
    return [
        _value_text(value) + (_CURRENT_MARK if value == sweep.current else ""),
        f"{number(s.recall)} ({s.detected}/{s.loops})",
        f"{number(s.clean_recall)} ({s.clean}/{s.loops})",
        f"{s.nudged} / {s.non_loops}",
        f"{s.harmed} / {s.non_loops}",
        str(s.early_alarms),
    ]


def _size(s: Summary) -> str:
    return f"{s.scenarios} scenarios ({s.loops} loops, {s.non_loops} healthy)"


def _flat_text(sweep: Sweep, flat: tuple[OptionValue, OptionValue] | None) -> str:
    if flat is None:
        return "not measured (the value in use was not swept)"
    low, high = flat
    if low == high:
        return f"only {_value_text(low)}"
    low_text = _value_text(low) + (" (lowest swept)" if low == sweep.values[0] else "")
    high_text = _value_text(high) + (" (highest swept)" if high == sweep.values[-1] else "")
    return f"{low_text} to {high_text}"


def _flat_json(flat: tuple[OptionValue, OptionValue] | None) -> dict[str, OptionValue] | None:
    return None if flat is None else {"from": flat[0], "to": flat[1]}


def _value_text(value: OptionValue | None) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float):
        return f"{value:g}"
    return "-" if value is None else str(value)


def _code(text: str, markdown: bool) -> str:
    return f"`{text}`" if markdown else text
