"""loopwatch collector: OTLP in, per-trace event streams, detectors, verdicts and metrics.

The flow, one package per stage: ``receivers`` (OTLP gRPC/HTTP, the LoopGuard RPC) ->
``mapping`` (spans to events) -> ``processing`` (the pipeline: ``loopwatch.detect.evaluate``
on the session store) -> ``store`` (memory, Redis) -> ``exporters`` (metrics, REST views);
``Collector`` assembles them. The public surface is curated here; ``testing`` holds the
in-process and subprocess collectors for tests.
"""

from __future__ import annotations

from loopwatch_collector.collector import Collector, Endpoints
from loopwatch_collector.config import CollectorConfig, ResolvedAgentConfig, config_from_mapping, load_config
from loopwatch_collector.exceptions import (
    CodecError,
    CollectorError,
    ConfigError,
    InvalidRequestError,
    OverloadedError,
    StoreConflictError,
    StoreError,
    StoreUnavailableError,
)
from loopwatch_collector.mapping import MappedTrace, SpanMapper, SpanView
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.store.base import ConversationUsage, RemovalReason, SessionRecord, SessionStore
from loopwatch_collector.store.factory import build_store
from loopwatch_collector.store.memory import InMemorySessionStore

__all__ = [
    "CodecError",
    "Collector",
    "CollectorConfig",
    "CollectorError",
    "ConfigError",
    "ConversationUsage",
    "Endpoints",
    "InMemorySessionStore",
    "InvalidRequestError",
    "MappedTrace",
    "OverloadedError",
    "Pipeline",
    "RemovalReason",
    "ResolvedAgentConfig",
    "SessionRecord",
    "SessionStore",
    "SpanMapper",
    "SpanView",
    "StoreConflictError",
    "StoreError",
    "StoreUnavailableError",
    "build_store",
    "config_from_mapping",
    "load_config",
]
