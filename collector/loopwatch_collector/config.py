"""Collector configuration: YAML file + ``LOOPWATCH_*`` environment variables + CLI flags.

Precedence, highest first: command-line flags > environment variables (names in
``environment_variables``, laid over the file by ``config_environment``) > the YAML file >
built-in defaults. Every key is validated at
start-up; one ``ConfigError`` lists every problem, each naming the key
(``agents.billing.mode: ...``) or the variable that set it (``LOOPWATCH_MODE=watch (defaults.mode): ...``).

Example::

    listen: {host: 127.0.0.1, grpc_port: 4317, http_port: 8080, otlp_http_port: 4318}
    store: memory                   # or redis (see store/factory.py)
    redis: {url: redis://localhost:6379/0}
    sessions: {idle_ttl_s: 3600, max_sessions: 100000}
    metrics: {max_agent_labels: 50, exemplars: false, render_cache_s: 1.0}
    ui: {external_url: https://loopwatch.example.com}   # links in alerts and dashboards
    exporters: {otlp: {enabled: true, endpoint: localhost:4317}}   # verdicts as spans (off by default)
    defaults:                       # every agent, unless overridden below
      mode: enforce                 # or shadow: verdicts computed and exported, CONTINUE returned
      detectors: {identical_call: {consecutive: 3, per_turn: 4}}
      policy: {ignored_nudges_before_withdraw: 2}
      budgets: {trace_max_steps: 0, conversation_max_steps: 0}   # 0 = off
      tools:                        # per-tool detector overrides
        poll_status: {identical_call: {consecutive: 10}}
    agents:
      billing-bot: {mode: shadow, budgets: {trace_max_steps: 50}}

Agent entries are merged over ``defaults`` key by key (detector options merge per detector).
Pydantic lives here only; the rest of the collector reads the frozen ``ResolvedAgentConfig``.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, model_validator

from loopwatch.detect.factory import build_engine
from loopwatch.detect.settings import DetectorSettings, merge_settings
from loopwatch_collector import environment_variables as env
from loopwatch_collector.config_environment import layer_over
from loopwatch_collector.config_errors import EnvSources, validation_problems, yaml_problem
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.exporters.otlp_settings import ExportersConfig
from loopwatch_collector.receivers.limits import MAX_REQUEST_BYTES
from loopwatch_collector.receivers.offload import DEFAULT_WORKER_NICENESS
from loopwatch_collector.security.connections import LimitsConfig
from loopwatch_collector.security.settings import AuthConfig
from loopwatch_collector.security.tls import TlsConfig

Mode = Literal["enforce", "shadow"]
# The step log (exporting sessions as scenarios) is off by default: it costs ~5 KB per session at
# the corpus median (~17 KB at p90), against the ~2 KB an idle session costs without it, and every
# Redis update re-encodes it. Byte bound: 48 KiB holds ~280 privacy-mode events, beyond the p90
# corpus session (97 events), so a long loop is still in the prefix kept.
STEP_LOG_MAX_EVENTS = 0
STEP_LOG_MAX_BYTES = 48 * 1024
# The in-memory store's byte budget: a fixed, documented default rather than a share of the
# machine's memory, which containers misreport and which would make behaviour depend on the host.
# 1 GiB holds the 100 000 default sessions live at the ~8.5 KB a typical one costs
# (bench/bench_memory.py), so only sessions far bigger than typical reach it.
SESSIONS_MAX_BYTES = 1 << 30
# An agent between two model calls waits seconds, a person answering it minutes: a quarter of
# an hour without an event ends the session (a later event reopens it), well before the TTL.
SESSIONS_IDLE_CLOSE_S = 900.0
DetectorOptions = dict[str, dict[str, Any]]


def _upper(value: Any) -> Any:
    return value.upper() if isinstance(value, str) else value


#: ``debug`` and ``DEBUG`` alike: log level names are case-insensitive everywhere else too.
LogLevel = Annotated[Literal["DEBUG", "INFO", "WARNING", "ERROR"], BeforeValidator(_upper)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ListenConfig(_Model):
    #: Loopback unless configured: a non-loopback address needs API keys or ``insecure``.
    host: str = "127.0.0.1"
    #: Serve a non-loopback address without authentication (explicit opt-in; see SECURITY.md).
    insecure: bool = False
    #: gRPC port: OTLP traces and logs, ``LoopGuard``, health, reflection; 0 = any free port.
    grpc_port: int = Field(default=4317, ge=0, le=65535)
    #: REST API, session page (``/ui``) and ``/metrics``; 0 = any free port.
    http_port: int = Field(default=8080, ge=0, le=65535)
    #: OTLP/HTTP (``POST /v1/traces``, ``POST /v1/logs``); 0 = any free port.
    otlp_http_port: int = Field(default=4318, ge=0, le=65535)
    #: Seconds in-flight RPCs get on SIGTERM before they are cancelled.
    shutdown_grace_s: float = Field(default=5.0, ge=0)


class RedisConfig(_Model):
    #: Redis server (or cluster node) for ``store: redis``.
    url: str = "redis://localhost:6379/0"
    #: Prefix of every key the collector writes, so several deployments can share a Redis.
    key_prefix: str = "loopwatch:"
    #: Backend-specific options for the Redis store (see store/redis/options.py).
    options: dict[str, Any] = Field(default_factory=dict)


class SessionsConfig(_Model):
    #: Seconds without an event after which a session is dropped.
    idle_ttl_s: float = Field(default=3600.0, gt=0)
    #: Live sessions held at most; past it the least recently updated is evicted.
    max_sessions: int = Field(default=100_000, ge=1)
    #: Bytes all in-memory sessions may hold (``store/budget.py``: compacted exactly, live
    #: estimated); past it the least recently updated are compacted, then the heaviest tenant's
    #: are evicted (counted in ``loopwatch_sessions_evicted_total{reason="max_bytes"}``).
    #: 0 = off. Redis: its ``maxmemory``.
    max_bytes: int = Field(default=SESSIONS_MAX_BYTES, ge=0)
    #: How often the in-memory store drops expired sessions in the background.
    sweep_interval_s: float = Field(default=5.0, gt=0)
    #: Intervening verdicts kept per session for ``GET /v1/sessions/{trace_id}``.
    verdict_history: int = Field(default=16, ge=0)
    #: Last steps kept per session for the session page's timeline (``store/timeline.py``);
    #: about 300 bytes a step with content capture on, half that in privacy mode; 0 = off.
    timeline_steps: int = Field(default=20, ge=0)
    #: Idle seconds after which an in-memory session is kept encoded (~1/7 of its size); 0 = never.
    compact_idle_after_s: float = Field(default=60.0, ge=0)
    #: Upper bound on how long ``GetVerdict`` waits when the call has no deadline.
    get_verdict_max_wait_s: float = Field(default=30.0, gt=0)
    #: Events kept per session for ``GET /v1/sessions/{trace_id}/scenario`` (the first ones); 0 = off.
    step_log_max_events: int = Field(default=STEP_LOG_MAX_EVENTS, ge=0)
    #: Estimated bytes of those events per session (content clipped; fingerprints and sketches).
    step_log_max_bytes: int = Field(default=STEP_LOG_MAX_BYTES, ge=0)
    #: Sessions one listing (``GET /v1/sessions``) looks at, most recent first, within the
    #: caller's tenant: a filter that matches nothing costs at most this many (~1 us each live,
    #: ~65 us compacted), and the loop is yielded every 100.
    list_max_scan: int = Field(default=10_000, ge=1)
    #: Seconds without a new event after which a session is ended (``processing/idle_close.py``):
    #: counted in ``loopwatch_sessions_ended_total`` with its duration, tokens and cost; a later
    #: event reopens it. 0 = never (sessions only expire, after ``idle_ttl_s``); must be below
    #: ``idle_ttl_s`` (the default is off when the TTL is shorter).
    idle_close_s: float = Field(default=SESSIONS_IDLE_CLOSE_S, ge=0)
    #: Prices for the cost of an ended session (``loopwatch_session_ended_cost_usd``); 0 = no cost.
    cost_usd_per_million_input_tokens: float = Field(default=0.0, ge=0)
    cost_usd_per_million_output_tokens: float = Field(default=0.0, ge=0)

    @model_validator(mode="after")
    def _close_before_expiry(self) -> SessionsConfig:
        if "idle_close_s" in self.model_fields_set and 0 < self.idle_ttl_s <= self.idle_close_s:
            raise ValueError(
                f"sessions.idle_close_s ({self.idle_close_s:g}) must be below sessions.idle_ttl_s "
                f"({self.idle_ttl_s:g}): a session would expire, unreported, before it is closed"
            )
        return self

    @property
    def closes_after_s(self) -> float:
        """``idle_close_s`` in force: the default is off under a shorter ``idle_ttl_s``."""
        return self.idle_close_s if self.idle_close_s < self.idle_ttl_s else 0.0


class IngestConfig(_Model):
    """The OTLP ingest queue (``receivers/ingest.py``): requests over it get UNAVAILABLE."""

    #: OTLP requests queued or being decoded at once; more get UNAVAILABLE / 503 with a retry delay.
    max_in_flight: int = Field(default=32, ge=1)
    #: Bytes of request bodies queued or being decoded at once (default: two 64 MiB requests).
    max_in_flight_bytes: int = Field(default=2 * MAX_REQUEST_BYTES, ge=1)
    #: Largest OTLP request (after decompression), refused before it is read or decoded (gRPC
    #: RESOURCE_EXHAUSTED, HTTP 413); also the gRPC port's message limit. Decoding takes ~16x
    #: the request in the worker: ``receivers.limits.ingest_memory_bound`` sizes the container.
    max_request_bytes: int = Field(default=MAX_REQUEST_BYTES, ge=1, le=MAX_REQUEST_BYTES)
    #: Nice increment of the OTLP decoding worker process (``receivers/offload.py``): 19 = the
    #: lowest CPU priority, so verdicts win the CPU; 0 = the collector's own priority.
    worker_niceness: int = Field(default=DEFAULT_WORKER_NICENESS, ge=0, le=19)


class MetricsConfig(_Model):
    #: Distinct unconfigured agent names per tenant that keep their name (the rest: ``other``).
    max_agent_labels: int = Field(default=50, ge=0)
    #: Trace-id exemplars on ``loopwatch_evaluate_duration_seconds`` (OpenMetrics scrapes). Off:
    #: an open ``/metrics`` must not show trace ids; with keys each caller sees only its own.
    exemplars: bool = False
    #: Seconds a rendered ``/metrics`` body is served again: a scrape flood costs one render per
    #: this period (Prometheus scrapes every 15 s or more, so 1 s never shows stale data to it).
    render_cache_s: float = Field(default=1.0, ge=0, le=60)


class UiConfig(_Model):
    #: Base URL of the REST port as people reach it (``https://loopwatch.example.com``), used
    #: in alert annotations and dashboard links to the session page; unset: relative links.
    external_url: str | None = Field(default=None, pattern=r"^https?://[^\s?#]+$")


class BudgetsConfig(_Model):
    #: Hard limit: the N-th step of a trace halts it; 0 = off.
    trace_max_steps: int | None = Field(default=None, ge=0)
    #: Hard limit over all traces of one conversation (``gen_ai.conversation.id``); 0 = off.
    conversation_max_steps: int | None = Field(default=None, ge=0)


class AgentConfig(_Model):
    """Per-agent settings; unset fields inherit from ``defaults``."""

    #: ``enforce``: verdicts are returned; ``shadow``: computed and exported, CONTINUE returned.
    mode: Mode | None = None
    #: Detector options by detector name (the detector reference).
    detectors: DetectorOptions = Field(default_factory=dict)
    #: Escalation policy options (``ignored_nudges_before_withdraw``).
    policy: dict[str, Any] = Field(default_factory=dict)
    budgets: BudgetsConfig = Field(default_factory=BudgetsConfig)
    #: Per-tool detector overrides: ``{tool: {detector: {option: value}}}``.
    tools: dict[str, DetectorOptions] = Field(default_factory=dict)


class CollectorConfig(_Model):
    listen: ListenConfig = Field(default_factory=ListenConfig)
    #: Where sessions live: ``memory`` (one process) or ``redis`` (replicas share sessions).
    store: Literal["memory", "redis"] = "memory"
    redis: RedisConfig = Field(default_factory=RedisConfig)
    sessions: SessionsConfig = Field(default_factory=SessionsConfig)
    metrics: MetricsConfig = Field(default_factory=MetricsConfig)
    ui: UiConfig = Field(default_factory=UiConfig)
    defaults: AgentConfig = Field(default_factory=AgentConfig)
    #: Per-agent entries (the keys of ``defaults``), merged over ``defaults`` key by key.
    agents: dict[str, AgentConfig] = Field(default_factory=dict)
    #: Log level of ``loopwatch serve`` (case-insensitive); WARNING keeps it quiet.
    log_level: LogLevel = "WARNING"
    auth: AuthConfig = Field(default_factory=AuthConfig)
    ingest: IngestConfig = Field(default_factory=IngestConfig)
    limits: LimitsConfig = Field(default_factory=LimitsConfig)
    tls: TlsConfig = Field(default_factory=TlsConfig)
    exporters: ExportersConfig = Field(default_factory=ExportersConfig)

    def resolve_agent(self, agent: str) -> ResolvedAgentConfig:
        """The effective settings of ``agent``: its entry merged over ``defaults``."""
        return _resolve(self.defaults, self.agents.get(agent))


@dataclass(frozen=True, slots=True, kw_only=True)
class ResolvedAgentConfig(DetectorSettings):
    """Effective settings of one agent: the engine's (``loopwatch.detect.DetectorSettings``,
    shared with the local guard) plus the agent's ``mode``."""

    mode: Mode = "enforce"


def _resolve(defaults: AgentConfig, agent: AgentConfig | None) -> ResolvedAgentConfig:
    over = agent or AgentConfig()
    try:
        merged = merge_settings(defaults.model_dump(exclude={"mode"}), over.model_dump(exclude={"mode"}))
    except ValueError as exc:
        raise ConfigError(str(exc)) from exc
    fields = {f.name: getattr(merged, f.name) for f in dataclasses.fields(merged)}
    return ResolvedAgentConfig(mode=over.mode or defaults.mode or "enforce", **fields)


def load_config(
    path: Path | str | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> CollectorConfig:
    """Load and validate the configuration (precedence in the module docstring).

    ``path`` falls back to ``LOOPWATCH_CONFIG``; ``environ`` defaults to ``os.environ``;
    ``overrides`` is a nested mapping from CLI flags (e.g. ``{"listen": {"grpc_port": 0}}``).
    Raises one ``ConfigError`` listing every problem (``.problems``), each naming the key, or
    the variable when the value came from one (``LOOPWATCH_MODE=watch (defaults.mode): ...``).
    """
    environ = os.environ if environ is None else environ
    path = path or environ.get(env.LOOPWATCH_CONFIG) or None
    raw: dict[str, Any] = {}
    if path is not None:
        try:
            loaded = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise ConfigError(f"config file {path}: {exc.strerror or exc}") from exc
        except yaml.YAMLError as exc:
            raise ConfigError(yaml_problem(path, exc)) from exc
        if loaded is not None and not isinstance(loaded, dict):
            raise ConfigError(f"config file {path}: the top level must be a mapping")
        raw = loaded or {}
    sources, problems = layer_over(raw, environ=environ, overrides=overrides or {})
    try:
        config = config_from_mapping(raw, sources=sources, environ=environ)
    except ConfigError as exc:
        problems.extend(exc.problems)
    if problems:
        raise ConfigError(*problems)
    return config


def config_from_mapping(
    raw: Mapping[str, Any], *, sources: EnvSources | None = None, environ: Mapping[str, str] | None = None
) -> CollectorConfig:
    """Validate a configuration mapping (the YAML structure); raises ``ConfigError``.

    Every problem is reported (``ConfigError.problems``); ``sources`` maps config paths to
    the environment variable that set them, so their problems name the variable.
    """
    try:
        config = CollectorConfig.model_validate(raw)
    except ValidationError as exc:
        raise ConfigError(*validation_problems(exc, sources or {}, environ or {})) from exc
    _validate_engines(config)
    return config


def _validate_engines(config: CollectorConfig) -> None:
    problems = []
    for prefix, name in [("defaults", None), *((f"agents.{a}", a) for a in config.agents)]:
        resolved = config.resolve_agent(name) if name is not None else _resolve(config.defaults, None)
        try:
            build_engine(resolved)
        except (ValueError, TypeError) as exc:
            problems.append(f"{prefix}: {exc}")
    if problems:
        raise ConfigError(*problems)
