"""What the pipeline's updates and the store's removals add to the session metrics.

The pipeline calls these once per committed store update (never inside ``SessionStore.update``,
which a Redis store may run more than once), so each start, event, finding and verdict is
counted exactly once. The end of a session has its own report (``idle_close.report_end``).
Event-loop only; never raises.
"""

from __future__ import annotations

from loopwatch.events import TraceContext
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.processing.session_update import IngestOutcome
from loopwatch_collector.store.base import RemovalReason, SessionRecord


def count_update(
    metrics: Metrics, context: TraceContext, *, created: bool, reopened: bool, runaway: bool
) -> None:
    """A session that an update ``created`` or ``reopened`` (an ended one: runaway again when
    it was) is live again."""
    m = metrics
    tenant = m.session_tenant(context.trace_id)
    if created:
        m.child(m.sessions_started, tenant, m.agent_label(tenant, context.agent)).inc()
    if created or reopened:
        m.child(m.sessions_active, tenant).inc()
    if reopened and runaway:  # it left the runaway count when it ended
        m.child(m.runaway_sessions, tenant, m.agent_label(tenant, context.agent)).inc()


def count_outcome(
    metrics: Metrics, context: TraceContext, outcome: IngestOutcome, *, source: str | None
) -> None:
    """The events (under ``source``; ``None`` for an update that added none), findings,
    verdicts and looping / runaway transitions of one update."""
    m = metrics
    tenant = m.session_tenant(context.trace_id)
    agent = m.agent_label(tenant, context.agent)
    if source is not None:
        for kind, n in outcome.new_events.items():
            m.child(m.events, tenant, kind, source).inc(n)
        if outcome.duplicates:
            m.child(m.events_duplicate, source).inc(outcome.duplicates)
    for finding in outcome.findings:
        m.child(m.detections, tenant, agent, finding.detector).inc()
    for verdict in outcome.verdicts:
        m.child(m.verdicts, tenant, agent, verdict.action.value).inc()
    if outcome.became_looping:
        m.child(m.sessions_looping, tenant, agent).inc()
    if outcome.became_runaway:
        m.child(m.runaway_sessions, tenant, agent).inc()


def count_removal(metrics: Metrics, record: SessionRecord, reason: RemovalReason) -> None:
    """A session the store expired or evicted (its removal listener): it leaves the live
    counts unless it had ended already."""
    m = metrics
    tenant = m.session_tenant(record.trace_id)
    if record.ended_unix_s is None:  # an ended session was counted out when it ended
        m.child(m.sessions_active, tenant).dec()
        m.session_steps.observe(record.steps - (record.reported.steps if record.reported else 0))
        if record.runaway:
            m.child(m.runaway_sessions, tenant, m.agent_label(tenant, record.agent)).dec()
    if reason is RemovalReason.EXPIRED:
        m.child(m.sessions_expired, tenant).inc()
    else:
        bound = "max_bytes" if reason is RemovalReason.EVICTED_BYTES else "max_sessions"
        m.child(m.sessions_evicted, tenant, bound).inc()
