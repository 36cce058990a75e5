"""A live session as an unlabelled scenario (``GET /v1/sessions/{trace_id}/scenario``).

The scenario holds what the session's step log (``store/timeline.py``, filled by
``processing/step_log.py``) keeps for it: the first events of the trace as scenario entries,
with the fingerprints and sketches the detectors judged, plus content where it was captured
(clipped). ``loopwatch eval`` / ``replay`` on it reproduce the live verdicts of those steps
(checkpoint verdicts before a tool call are not part of a transcript). ``meta`` says where it
came from, whether the log was cut short (``events_dropped``) and which verdicts the collector
issued, so whoever labels it sees what the guard did.
"""

from __future__ import annotations

import json
from typing import Any

from loopwatch.scenario_recorded import scenario_json
from loopwatch_collector.security.tenancy import public_id
from loopwatch_collector.store.base import SessionRecord
from loopwatch_collector.store.timeline import STEP_EVENTS, ExportHead, SessionTimeline, load_step


def session_scenario(record: SessionRecord, tenant: str) -> dict[str, Any]:
    """The scenario of ``record``, which belongs to ``tenant``, with ids as the tenant sent
    them (format: ``corpus/SCHEMA.md`` plus ``scenario_recorded``)."""
    head = record.timeline.head or ExportHead()
    entries = logged_entries(record.timeline)
    trace_id = public_id(tenant, record.trace_id)
    meta = {
        "exported_by": "loopwatch collector",
        "trace_id": trace_id,
        "agent": record.agent,
        "conversation_id": public_id(tenant, record.conversation_id),
        "mode": record.mode,
        "content": "captured (clipped)" if any(map(_has_content, entries)) else "fingerprints only",
        "events_logged": len(entries),
        "events_dropped": head.dropped,
        "steps_seen": record.steps,
        "verdicts": [
            {"step": v.step, "action": v.action.value, "detector": v.detector} for v in record.verdicts
        ],
    }
    cut = f", first {len(entries)} events only" if head.dropped else ""
    return scenario_json(
        entries,
        scenario_id=f"{record.agent}-{trace_id}",
        source=f"loopwatch collector session {trace_id}",
        description=f"session of agent {record.agent!r} exported from the collector{cut}; unlabelled",
        meta=meta,
    )


def logged_entries(timeline: SessionTimeline) -> list[dict[str, Any]]:
    """The scenario entries the step log keeps, in the order the engine applied the events."""
    if timeline.head is None:
        return []
    entries: list[dict[str, Any]] = [json.loads(e) for e in timeline.head.opening]
    for step in timeline.steps[: timeline.head.steps]:
        entries += load_step(step)[STEP_EVENTS]
    return entries


def _has_content(entry: dict[str, Any]) -> bool:
    if "role" in entry:  # a message: the assistant's text or call arguments (user messages: none)
        return "text" in entry or any("arguments" in call for call in entry.get("tool_calls", ()))
    return "content" in entry  # a result's preview
