"""Collector configuration: YAML file + ``LOOPWATCH_*`` environment variables + CLI flags.

Precedence, highest first: command-line flags > environment variables (names in
``environment_variables``) > the YAML file > built-in defaults. Every key is validated at
start-up; a ``ConfigError`` message names the key (``agents.billing.mode: ...``).

Example::

    listen: {host: 127.0.0.1, grpc_port: 4317, http_port: 8080, otlp_http_port: 4318}
    store: memory                   # or redis (see store/factory.py)
    redis: {url: redis://localhost:6379/0}
    sessions: {idle_ttl_s: 3600, max_sessions: 100000}
    metrics: {max_agent_labels: 50}
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

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from loopwatch_collector import environment_variables as env
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.security.connections import LimitsConfig
from loopwatch_collector.security.settings import AuthConfig
from loopwatch_collector.security.tls import TlsConfig

Mode = Literal["enforce", "shadow"]
DetectorSettings = dict[str, dict[str, Any]]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ListenConfig(_Model):
    #: Loopback unless configured: a non-loopback address needs API keys or ``insecure``.
    host: str = "127.0.0.1"
    #: Serve a non-loopback address without authentication (explicit opt-in; see SECURITY.md).
    insecure: bool = False
    grpc_port: int = Field(default=4317, ge=0, le=65535)
    http_port: int = Field(default=8080, ge=0, le=65535)
    otlp_http_port: int = Field(default=4318, ge=0, le=65535)
    #: Seconds in-flight RPCs get on SIGTERM before they are cancelled.
    shutdown_grace_s: float = Field(default=5.0, ge=0)


class RedisConfig(_Model):
    url: str = "redis://localhost:6379/0"
    key_prefix: str = "loopwatch:"
    #: Backend-specific options for the Redis store (see store/redis.py).
    options: dict[str, Any] = Field(default_factory=dict)


class SessionsConfig(_Model):
    idle_ttl_s: float = Field(default=3600.0, gt=0)
    max_sessions: int = Field(default=100_000, ge=1)
    #: How often the in-memory store drops expired sessions in the background.
    sweep_interval_s: float = Field(default=5.0, gt=0)
    #: Intervening verdicts kept per session for ``GET /v1/sessions/{trace_id}``.
    verdict_history: int = Field(default=16, ge=0)
    #: Idle seconds after which an in-memory session is kept encoded (~1/4 of its size); 0 = never.
    compact_idle_after_s: float = Field(default=60.0, ge=0)
    #: Upper bound on how long ``GetVerdict`` waits when the call has no deadline.
    get_verdict_max_wait_s: float = Field(default=30.0, gt=0)


class IngestConfig(_Model):
    """The OTLP ingest queue (``receivers/ingest.py``): requests over it get UNAVAILABLE."""

    max_in_flight: int = Field(default=32, ge=1)
    #: Bytes of request bodies queued or being decoded at once (default: two 64 MiB requests).
    max_in_flight_bytes: int = Field(default=128 * 1024 * 1024, ge=1)


class MetricsConfig(_Model):
    max_agent_labels: int = Field(default=50, ge=0)


class BudgetsConfig(_Model):
    trace_max_steps: int | None = Field(default=None, ge=0)
    conversation_max_steps: int | None = Field(default=None, ge=0)


class AgentConfig(_Model):
    """Per-agent settings; unset fields inherit from ``defaults``."""

    mode: Mode | None = None
    detectors: DetectorSettings = Field(default_factory=dict)
    policy: dict[str, Any] = Field(default_factory=dict)
    budgets: BudgetsConfig = Field(default_factory=BudgetsConfig)
    tools: dict[str, DetectorSettings] = Field(default_factory=dict)


class CollectorConfig(_Model):
    listen: ListenConfig = Field(default_factory=ListenConfig)
    store: Literal["memory", "redis"] = "memory"
    redis: RedisConfig = Field(default_factory=RedisConfig)
    sessions: SessionsConfig = Field(default_factory=SessionsConfig)
    metrics: MetricsConfig = Field(default_factory=MetricsConfig)
    defaults: AgentConfig = Field(default_factory=AgentConfig)
    agents: dict[str, AgentConfig] = Field(default_factory=dict)
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "WARNING"
    auth: AuthConfig = Field(default_factory=AuthConfig)
    ingest: IngestConfig = Field(default_factory=IngestConfig)
    limits: LimitsConfig = Field(default_factory=LimitsConfig)
    tls: TlsConfig = Field(default_factory=TlsConfig)

    def resolve_agent(self, agent: str) -> ResolvedAgentConfig:
        """The effective settings of ``agent``: its entry merged over ``defaults``."""
        return _resolve(self.defaults, self.agents.get(agent))


@dataclass(frozen=True, slots=True, kw_only=True)
class ResolvedAgentConfig:
    """Effective engine settings of one agent (plain data, hashable by ``key``)."""

    mode: Mode = "enforce"
    detectors: DetectorSettings = field(default_factory=dict)
    policy: dict[str, Any] = field(default_factory=dict)
    trace_max_steps: int = 0
    conversation_max_steps: int = 0
    tools: dict[str, DetectorSettings] = field(default_factory=dict)


def _resolve(defaults: AgentConfig, agent: AgentConfig | None) -> ResolvedAgentConfig:
    over = agent or AgentConfig()
    detectors = {k: dict(v) for k, v in defaults.detectors.items()}
    for name, options in over.detectors.items():
        detectors[name] = {**detectors.get(name, {}), **options}
    tools = {k: {d: dict(o) for d, o in v.items()} for k, v in defaults.tools.items()}
    for tool, settings in over.tools.items():
        merged = tools.setdefault(tool, {})
        for name, options in settings.items():
            merged[name] = {**merged.get(name, {}), **options}

    def budget(key: str) -> int:
        value = getattr(over.budgets, key)
        if value is None:
            value = getattr(defaults.budgets, key)
        return int(value or 0)

    return ResolvedAgentConfig(
        mode=over.mode or defaults.mode or "enforce",
        detectors=detectors,
        policy={**defaults.policy, **over.policy},
        trace_max_steps=budget("trace_max_steps"),
        conversation_max_steps=budget("conversation_max_steps"),
        tools=tools,
    )


def _flag(value: str) -> bool:
    if value.strip().lower() in ("1", "true", "yes"):
        return True
    if value.strip().lower() in ("", "0", "false", "no"):
        return False
    raise ValueError(f"expected true or false, got {value!r}")


# Environment variable -> (config path, converter name); parsing errors name the variable.
_ENV_KEYS: dict[str, tuple[tuple[str, ...], Callable[[str], Any]]] = {
    env.LOOPWATCH_HOST: (("listen", "host"), str),
    env.LOOPWATCH_GRPC_PORT: (("listen", "grpc_port"), int),
    env.LOOPWATCH_HTTP_PORT: (("listen", "http_port"), int),
    env.LOOPWATCH_OTLP_HTTP_PORT: (("listen", "otlp_http_port"), int),
    env.LOOPWATCH_STORE: (("store",), str),
    env.LOOPWATCH_REDIS_URL: (("redis", "url"), str),
    env.LOOPWATCH_SESSION_TTL_S: (("sessions", "idle_ttl_s"), float),
    env.LOOPWATCH_MAX_SESSIONS: (("sessions", "max_sessions"), int),
    env.LOOPWATCH_MODE: (("defaults", "mode"), str),
    env.LOOPWATCH_LOG_LEVEL: (("log_level",), str),
    env.LOOPWATCH_INSECURE: (("listen", "insecure"), _flag),
    env.LOOPWATCH_API_KEYS_FILE: (("auth", "keys_file"), str),
}


def load_config(
    path: Path | str | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> CollectorConfig:
    """Load and validate the configuration (precedence in the module docstring).

    ``path`` falls back to ``LOOPWATCH_CONFIG``; ``environ`` defaults to ``os.environ``;
    ``overrides`` is a nested mapping from CLI flags (e.g. ``{"listen": {"grpc_port": 0}}``).
    Raises ``ConfigError`` naming the bad key or variable.
    """
    environ = os.environ if environ is None else environ
    path = path or environ.get(env.LOOPWATCH_CONFIG) or None
    raw: dict[str, Any] = {}
    if path is not None:
        try:
            loaded = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as exc:
            raise ConfigError(f"config file {path}: {exc}") from exc
        if loaded is not None and not isinstance(loaded, dict):
            raise ConfigError(f"config file {path}: the top level must be a mapping")
        raw = loaded or {}
    for name, (keys, convert) in _ENV_KEYS.items():
        if name not in environ:
            continue
        try:
            value = convert(environ[name])
        except ValueError as exc:
            raise ConfigError(f"{name}: {exc}") from exc
        _set(raw, keys, value)
    _merge(raw, overrides or {})
    return config_from_mapping(raw)


def config_from_mapping(raw: Mapping[str, Any]) -> CollectorConfig:
    """Validate a configuration mapping (the YAML structure); raises ``ConfigError``."""
    try:
        config = CollectorConfig.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise ConfigError(f"{key}: {first['msg']}") from exc
    _validate_engines(config)
    return config


def _validate_engines(config: CollectorConfig) -> None:
    from loopwatch_collector.processing.engines import build_engine  # engines imports config types

    for prefix, name in [("defaults", None), *((f"agents.{a}", a) for a in config.agents)]:
        resolved = config.resolve_agent(name) if name is not None else _resolve(config.defaults, None)
        try:
            build_engine(resolved)
        except (ValueError, TypeError) as exc:
            raise ConfigError(f"{prefix}: {exc}") from exc


def _set(raw: dict[str, Any], keys: tuple[str, ...], value: Any) -> None:
    node = raw
    for key in keys[:-1]:
        child = node.get(key)
        if not isinstance(child, dict):
            child = {}
            node[key] = child
        node = child
    node[keys[-1]] = value


def _merge(raw: dict[str, Any], overrides: Mapping[str, Any]) -> None:
    for key, value in overrides.items():
        if isinstance(value, Mapping) and isinstance(raw.get(key), dict):
            _merge(raw[key], value)
        elif isinstance(value, Mapping):
            raw[key] = dict(value)
        else:
            raw[key] = value
