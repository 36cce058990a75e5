"""A live session as an unlabelled scenario (``GET /v1/sessions/{trace_id}/scenario``).

The scenario holds the session's step log (``processing/step_log.py``): the first events of the
trace with the fingerprints and sketches the detectors judged, plus content where it was
captured (clipped). ``loopwatch eval`` / ``replay`` on it reproduce the live verdicts of those
steps (checkpoint verdicts before a tool call are not part of a transcript). ``meta`` says
where it came from, whether the log was cut short (``events_dropped``) and which verdicts the
collector issued, so whoever labels it sees what the guard did.
"""

from __future__ import annotations

from typing import Any

from loopwatch.events import Step, ToolResult
from loopwatch.scenario_recorded import scenario_json
from loopwatch_collector.security.tenancy import public_id
from loopwatch_collector.store.base import SessionRecord, StepLog


def session_scenario(record: SessionRecord, tenant: str) -> dict[str, Any]:
    """The scenario of ``record``, which belongs to ``tenant``, with ids as the tenant sent
    them (format: ``corpus/SCHEMA.md`` plus ``scenario_recorded``)."""
    log = record.step_log or StepLog()
    trace_id = public_id(tenant, record.trace_id)
    captured = any(
        (isinstance(e, Step) and (e.text is not None or any(c.arguments is not None for c in e.tool_calls)))
        or (isinstance(e, ToolResult) and e.preview is not None)
        for e in log.events
    )
    meta = {
        "exported_by": "loopwatch collector",
        "trace_id": trace_id,
        "agent": record.agent,
        "conversation_id": public_id(tenant, record.conversation_id),
        "mode": record.mode,
        "content": "captured (clipped)" if captured else "fingerprints only",
        "events_logged": len(log.events),
        "events_dropped": log.dropped,
        "steps_seen": record.steps,
        "verdicts": [
            {"step": v.step, "action": v.action.value, "detector": v.detector} for v in record.verdicts
        ],
    }
    cut = f", first {len(log.events)} events only" if log.dropped else ""
    return scenario_json(
        log.events,
        scenario_id=f"{record.agent}-{trace_id}",
        source=f"loopwatch collector session {trace_id}",
        description=f"session of agent {record.agent!r} exported from the collector{cut}; unlabelled",
        meta=meta,
    )
