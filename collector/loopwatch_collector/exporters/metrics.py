"""The collector's Prometheus metrics, registered on an injected ``CollectorRegistry``.

One ``Metrics`` object per collector; components receive it and use its attributes, which are
a stable interface (the OTLP receivers, the pipeline, the dashboards and alert rules rely on
them):

==============================  ===========================================  ======================
attribute                       metric                                       labels
==============================  ===========================================  ======================
``sessions_started``            ``loopwatch_sessions_started_total``         tenant, agent
``sessions_looping``            ``loopwatch_sessions_looping_total``         tenant, agent
``sessions_active``             ``loopwatch_sessions_active``                tenant
``sessions_evicted``            ``loopwatch_sessions_evicted_total``         tenant, reason
``sessions_bytes``              ``loopwatch_sessions_bytes``                 -
``sessions_expired``            ``loopwatch_sessions_expired_total``         tenant
``sessions_ended``              ``loopwatch_sessions_ended_total``           tenant, agent, reason
``session_ended_duration``      ``loopwatch_session_ended_duration_seconds`` tenant, agent (histogram)
``session_ended_tokens``        ``loopwatch_session_ended_tokens``           tenant, agent (histogram)
``session_ended_cost``          ``loopwatch_session_ended_cost_usd``         tenant, agent (histogram)
``events``                      ``loopwatch_events_total``                   tenant, type, source
``events_duplicate``            ``loopwatch_events_duplicate_total``         source
``detections``                  ``loopwatch_detections_total``               tenant, agent, detector
``verdicts``                    ``loopwatch_verdicts_total``                 tenant, agent, action
``runaway_sessions``            ``loopwatch_runaway_sessions``               tenant, agent
``session_steps``               ``loopwatch_session_steps``                  - (histogram)
``evaluate_duration``           ``loopwatch_evaluate_duration_seconds``      - (histogram)
``otlp_spans``                  ``loopwatch_otlp_spans_total``               tenant, result
``detector_errors``             ``loopwatch_detector_errors_total``          detector
``store_errors``                ``loopwatch_store_errors_total``             operation
``hook_answers``                ``loopwatch_hook_answers_total``             tenant, agent, decision
``verdict_spans``               ``loopwatch_verdict_spans_total``            result
==============================  ===========================================  ======================

Label values are bounded: ``agent`` goes through ``agent_label`` (per tenant: the first
``max_agent_labels`` distinct agents *of that tenant*, plus every configured agent, keep their
name; the rest become ``other``, so another tenant's junk agent names never push a tenant's
real agent into ``other``); ``tenant`` through ``tenant_label`` / ``session_tenant`` (a tenant of the
configuration, i.e. of an API key, keeps its name; the anonymous tenant of a collector without
keys is ``_anonymous``; any other value, which authentication never lets through, is
``_other``), so a metric has at most (configured tenants + 2) x (its other labels) series
and (configured tenants + 2) x (configured agents + ``max_agent_labels`` + 1) agent values
whatever the callers send; ``type`` is an event kind, ``source`` is ``otlp`` or ``evaluate``, ``result``
one of ``OTLP_SPAN_RESULTS``, ``action`` an ``Action`` value, ``detector`` a detector name,
``reason`` one of ``EVICTION_REASONS``.
Never trace ids or arguments.

Which metrics carry ``tenant``: those a tenant's operator reads about their own agents and
traffic (sessions, loops, verdicts, detections, runaway sessions, events and OTLP spans: ingest
volume and rejections against the tenant's quota). Not the collector's own health, which is
shared by every tenant and whose cause is never one tenant: Evaluate latency and steps per
session (histograms, where a label multiplies every bucket), detector errors (a code fault),
store errors (the backend is down for all); nor duplicate events (exporter re-sends, a
transport detail next to ``otlp_spans{result="duplicate"}``, which has the tenant).

When observed:
- ``sessions_looping``: once per session, at its first non-CONTINUE verdict (also in shadow mode).
- ``runaway_sessions``: live sessions that hit a hard limit (a ``Severity.LIMIT`` finding: step or
  conversation budgets); decremented when the session leaves the store.
- ``session_steps``: once per session, when it ends (``sessions.idle_close_s``) or leaves the
  store (idle TTL, LRU eviction) without having ended; a reopened session's next end observes
  the steps since it reopened.
- ``sessions_ended`` and the ``session_ended_*`` histograms: at each end of a session
  (``processing/idle_close.py``; reason ``idle``), with its duration (first to last event), its
  input plus output tokens and, when ``sessions.cost_usd_per_million_*_tokens`` are set, their
  cost; an ended session leaves ``sessions_active`` and ``runaway_sessions`` until reopened.
- ``verdicts``: the computed verdict per completed step (before shadow mode masks it).
- ``sessions_bytes``: the in-memory store's ``held_bytes`` (compacted sessions exactly, live ones
  estimated, ``store/budget.py``), read at scrape time; absent with a store that has no such
  figure (Redis: its own ``used_memory`` under ``maxmemory``).
- ``evaluate_duration``: each ``Evaluate`` / ``POST /v1/evaluate`` (``observe_evaluate``); with a
  ``trace_id`` exemplar (the session key, ``tenant/trace id``) only when ``exemplars`` is on
  (``metrics.exemplars``, off by default), and ``/metrics`` then shows each caller only its own
  tenant's (``metrics_render.scope_exemplars``).
- ``hook_answers``: each answer of ``POST /v1/hooks/{agent}``; ``agent`` is the CLI (a path value
  of that route, so bounded), ``decision`` one of ``HOOK_DECISIONS``; its series appear with
  the first answer.
- ``verdict_spans``: verdicts of the OTLP verdict exporter (``exporters.otlp``), by outcome
  (``VERDICT_SPAN_RESULTS``): exported, dropped (its queue was full: a slow or dead backend),
  failed (the backend refused them or did not answer within ``timeout_s``, or the session's id
  is no trace id).

Thread-safety: prometheus_client metrics are thread-safe (``/metrics`` renders them in a worker
thread, ``metrics_render``); ``agent_label`` is called on the event loop only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

from loopwatch.verdict import Action
from loopwatch_collector.security.quota import tenant_label as _configured_label
from loopwatch_collector.security.tenancy import ANONYMOUS, tenant_of_key

M = TypeVar("M", Counter, Gauge, Histogram)

#: ``result`` values of ``loopwatch_otlp_spans_total``: mapped to an event, recognised but not an
#: agent span (ignored), unusable (rejected: counted in OTLP partial success), seen before.
OTLP_SPAN_RESULTS = ("accepted", "ignored", "rejected", "duplicate")
#: ``operation`` values of ``loopwatch_store_errors_total`` (store calls made by the pipeline).
STORE_OPERATIONS = ("update", "get", "list", "conversation")
#: ``decision`` values of ``loopwatch_hook_answers_total`` (``loopwatch.hooks.mapping.DecisionKind``).
HOOK_DECISIONS = ("none", "context", "deny", "stop")
#: ``type`` values of ``loopwatch_events_total``.
EVENT_TYPES = ("step", "tool_result", "user_message")
#: ``source`` values of ``loopwatch_events_total``.
EVENT_SOURCES = ("otlp", "evaluate")
#: ``reason`` values of ``loopwatch_sessions_evicted_total``: past a session-count bound
#: (``sessions.max_sessions``, or a tenant's ``max_sessions``), past ``sessions.max_bytes``.
EVICTION_REASONS = ("max_sessions", "max_bytes")
#: ``result`` values of ``loopwatch_verdict_spans_total`` (``exporters/otlp_verdicts.py``).
VERDICT_SPAN_RESULTS = ("exported", "dropped", "failed")
OTHER_AGENT = "other"
#: ``tenant`` value of a tenant that is not configured (never one a key maps to). Tenant names
#: cannot start with ``_`` (``settings.check_tenant_name``), so it never collides with one.
OTHER_TENANT = "_other"

# Evaluate is a local RPC (~0.5 ms floor, OTEL.md 3.5); buckets resolve the sub-ms range and keep
# 0.1 s exactly, the alert's p99 target.
_EVALUATE_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
# Ended sessions, for alerts on long and costly runs: minutes to a day; a thousand tokens (one
# short call) to ten million; cents to a hundred dollars. Few buckets: these carry tenant and agent.
_DURATION_BUCKETS = (60, 300, 900, 3600, 4 * 3600, 24 * 3600)
_TOKEN_BUCKETS = (1e3, 1e4, 1e5, 1e6, 1e7)
_COST_BUCKETS = (0.01, 0.1, 1.0, 10.0, 100.0)
# Agent runs range from a handful of steps to budgets of a few hundred.
_STEP_BUCKETS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)


class Metrics:
    """All collector metrics; see the module docstring for names, labels and semantics."""

    def __init__(
        self,
        registry: CollectorRegistry,
        *,
        max_agent_labels: int = 50,
        known_agents: Iterable[str] = (),
        detectors: Iterable[str] = (),
        tenants: Iterable[str] = (),
        exemplars: bool = False,
    ) -> None:
        if max_agent_labels < 0:
            raise ValueError("metrics.max_agent_labels must be >= 0")
        self.registry = registry
        self.exemplars = exemplars
        self._max_agent_labels = max_agent_labels
        self._known_agents: frozenset[str] = frozenset(known_agents)
        # tenant label -> the agents of that tenant that keep their name beyond the known ones.
        self._dynamic_agents: dict[str, set[str]] = {}
        self._children: dict[tuple[int, tuple[str, ...]], object] = {}
        # tenant -> label: the configured tenants and the anonymous one, fixed at start-up.
        self._tenant_labels = {t: _configured_label(t) for t in (ANONYMOUS, *tenants)}
        r = registry
        self.sessions_started = Counter(
            "loopwatch_sessions_started",
            "Sessions (traces) seen for the first time.",
            ["tenant", "agent"],
            registry=r,
        )
        self.sessions_looping = Counter(
            "loopwatch_sessions_looping",
            "Sessions that got their first non-CONTINUE verdict (loop rate numerator).",
            ["tenant", "agent"],
            registry=r,
        )
        self.sessions_active = Gauge(
            "loopwatch_sessions_active", "Live sessions in this store.", ["tenant"], registry=r
        )
        self.sessions_evicted = Counter(
            "loopwatch_sessions_evicted",
            "Sessions dropped (least recently used first) past a bound, by tenant and bound.",
            ["tenant", "reason"],
            registry=r,
        )
        self.sessions_expired = Counter(
            "loopwatch_sessions_expired", "Sessions dropped after the idle TTL.", ["tenant"], registry=r
        )
        self.sessions_ended = Counter(
            "loopwatch_sessions_ended",
            "Sessions ended (no new event for sessions.idle_close_s), by reason.",
            ["tenant", "agent", "reason"],
            registry=r,
        )
        self.session_ended_duration = Histogram(
            "loopwatch_session_ended_duration_seconds",
            "Duration of a session (first to last event) when it ends.",
            ["tenant", "agent"],
            buckets=_DURATION_BUCKETS,
            registry=r,
        )
        self.session_ended_tokens = Histogram(
            "loopwatch_session_ended_tokens",
            "Input plus output tokens of a session when it ends.",
            ["tenant", "agent"],
            buckets=_TOKEN_BUCKETS,
            registry=r,
        )
        self.session_ended_cost = Histogram(
            "loopwatch_session_ended_cost_usd",
            "Cost of a session when it ends, at the sessions.cost_usd_per_million_*_tokens prices.",
            ["tenant", "agent"],
            buckets=_COST_BUCKETS,
            registry=r,
        )
        self.events = Counter(
            "loopwatch_events",
            "New events ingested (after de-duplication).",
            ["tenant", "type", "source"],
            registry=r,
        )
        self.events_duplicate = Counter(
            "loopwatch_events_duplicate",
            "Events ignored as already seen (same event id).",
            ["source"],
            registry=r,
        )
        self.detections = Counter(
            "loopwatch_detections",
            "Findings reported by detectors.",
            ["tenant", "agent", "detector"],
            registry=r,
        )
        self.verdicts = Counter(
            "loopwatch_verdicts",
            "Verdicts computed per completed step.",
            ["tenant", "agent", "action"],
            registry=r,
        )
        self.runaway_sessions = Gauge(
            "loopwatch_runaway_sessions",
            "Live sessions that hit a hard limit.",
            ["tenant", "agent"],
            registry=r,
        )
        self.session_steps = Histogram(
            "loopwatch_session_steps", "Steps per session, when it ends.", buckets=_STEP_BUCKETS, registry=r
        )
        self.evaluate_duration = Histogram(
            "loopwatch_evaluate_duration_seconds",
            "Time to answer an Evaluate call (gRPC or REST).",
            buckets=_EVALUATE_BUCKETS,
            registry=r,
        )
        self.otlp_spans = Counter(
            "loopwatch_otlp_spans", "OTLP spans received, by outcome.", ["tenant", "result"], registry=r
        )
        self.detector_errors = Counter(
            "loopwatch_detector_errors", "Detector exceptions (failed open).", ["detector"], registry=r
        )
        self.store_errors = Counter(
            "loopwatch_store_errors", "Session store failures (failed open).", ["operation"], registry=r
        )
        self.hook_answers = Counter(
            "loopwatch_hook_answers",
            "Answers sent to coding-agent CLIs' hooks, by decision.",
            ["tenant", "agent", "decision"],
            registry=r,
        )
        self.verdict_spans = Counter(
            "loopwatch_verdict_spans",
            "Verdicts sent as OpenTelemetry spans (exporters.otlp), by outcome.",
            ["result"],
            registry=r,
        )
        # Pre-initialise bounded label sets so that dashboards show 0 rather than "No data".
        for result in VERDICT_SPAN_RESULTS:
            self.verdict_spans.labels(result=result)
        for detector in detectors:
            self.detector_errors.labels(detector=detector)
        for operation in STORE_OPERATIONS:
            self.store_errors.labels(operation=operation)
        for tenant in self._tenant_labels.values():
            self._preinitialise(tenant)

    def _preinitialise(self, tenant: str) -> None:
        """Zero series of ``tenant`` (a label value) for every bounded label combination."""
        for result in OTLP_SPAN_RESULTS:
            self.otlp_spans.labels(tenant=tenant, result=result)
        for metric in (self.sessions_active, self.sessions_expired):
            metric.labels(tenant=tenant)
        for reason in EVICTION_REASONS:
            self.sessions_evicted.labels(tenant=tenant, reason=reason)
        for event_type in EVENT_TYPES:
            for source in EVENT_SOURCES:
                self.events.labels(tenant=tenant, type=event_type, source=source)
        for agent in self._known_agents:
            self.sessions_started.labels(tenant=tenant, agent=agent)
            self.sessions_looping.labels(tenant=tenant, agent=agent)
            self.runaway_sessions.labels(tenant=tenant, agent=agent)
            for action in Action:
                self.verdicts.labels(tenant=tenant, agent=agent, action=action.value)

    def child(self, metric: M, *values: str) -> M:
        """``metric.labels(*values)``, cached: the hot path (one Evaluate) resolves a handful of
        children, and prometheus_client's ``labels`` validates on every call. Label values must
        already be bounded (use ``agent_label`` and ``tenant_label``)."""
        key = (id(metric), values)
        found = self._children.get(key)
        if found is None:
            found = metric.labels(*values)
            self._children[key] = found
        return found  # type: ignore[return-value]  # the child of a metric has the metric's type

    def agent_label(self, tenant: str, agent: str) -> str:
        """The bounded label value for ``agent`` of ``tenant`` (a label value, ``tenant_label``):
        its name, or ``other`` once ``tenant`` has ``max_agent_labels`` unconfigured agents."""
        if agent in self._known_agents:
            return agent
        named = self._dynamic_agents.setdefault(tenant, set())
        if agent in named:
            return agent
        if len(named) < self._max_agent_labels:
            named.add(agent)
            return agent
        return OTHER_AGENT

    def observe_evaluate(self, seconds: float, trace_key: str) -> None:
        """Time one Evaluate; ``trace_key`` (the session key) becomes the exemplar only when
        exemplars are on."""
        exemplar = {"trace_id": trace_key} if self.exemplars else None
        self.evaluate_duration.observe(seconds, exemplar=exemplar)

    def tenant_label(self, tenant: str) -> str:
        """The bounded label value of ``tenant`` (see the module docstring)."""
        return self._tenant_labels.get(tenant, OTHER_TENANT)

    def session_tenant(self, key: str) -> str:
        """The bounded label value of the tenant owning the session key ``key``
        (``tenancy.session_key``): the pipeline only holds keys."""
        return self.tenant_label(tenant_of_key(key))

    def track_session_bytes(self, held_bytes: Callable[[], float]) -> None:
        """Export ``loopwatch_sessions_bytes`` as ``held_bytes()`` at each scrape (call once)."""
        gauge = Gauge(
            "loopwatch_sessions_bytes",
            "Bytes the in-memory store holds for sessions (compacted exactly, live estimated).",
            registry=self.registry,
        )
        gauge.set_function(held_bytes)
