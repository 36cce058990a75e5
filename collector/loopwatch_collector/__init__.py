"""loopwatch collector: OTLP in, per-trace event streams, detectors, verdicts and metrics.

The flow, one package per stage: ``receivers`` (OTLP gRPC/HTTP, the LoopGuard RPC) ->
``mapping`` (spans to events) -> ``processing`` (the pipeline: ``loopwatch.detect.evaluate``
on the session store) -> ``store`` (memory, Redis) -> ``exporters`` (metrics, REST views);
``Collector`` assembles them. The public surface is curated here; ``testing`` holds the
in-process and subprocess collectors for tests.
"""

from __future__ import annotations

import typing as _typing

from loopwatch_collector.lazy_exports import lazy_getattr as _lazy_getattr

if _typing.TYPE_CHECKING:
    from loopwatch_collector.collector import Collector, Endpoints
    from loopwatch_collector.config import (
        CollectorConfig,
        ResolvedAgentConfig,
        config_from_mapping,
        load_config,
    )
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

# Public name -> its module, imported on first use (PEP 562): a process that needs one part
# (the ingest worker: the mapping and the OTLP decoder) does not import the servers with it.
_EXPORTS = {
    "CodecError": "loopwatch_collector.exceptions",
    "Collector": "loopwatch_collector.collector",
    "CollectorConfig": "loopwatch_collector.config",
    "CollectorError": "loopwatch_collector.exceptions",
    "ConfigError": "loopwatch_collector.exceptions",
    "ConversationUsage": "loopwatch_collector.store.base",
    "Endpoints": "loopwatch_collector.collector",
    "InMemorySessionStore": "loopwatch_collector.store.memory",
    "InvalidRequestError": "loopwatch_collector.exceptions",
    "MappedTrace": "loopwatch_collector.mapping",
    "OverloadedError": "loopwatch_collector.exceptions",
    "Pipeline": "loopwatch_collector.processing.pipeline",
    "RemovalReason": "loopwatch_collector.store.base",
    "ResolvedAgentConfig": "loopwatch_collector.config",
    "SessionRecord": "loopwatch_collector.store.base",
    "SessionStore": "loopwatch_collector.store.base",
    "SpanMapper": "loopwatch_collector.mapping",
    "SpanView": "loopwatch_collector.mapping",
    "StoreConflictError": "loopwatch_collector.exceptions",
    "StoreError": "loopwatch_collector.exceptions",
    "StoreUnavailableError": "loopwatch_collector.exceptions",
    "build_store": "loopwatch_collector.store.factory",
    "config_from_mapping": "loopwatch_collector.config",
    "load_config": "loopwatch_collector.config",
}


__getattr__ = _lazy_getattr(__name__, _EXPORTS, globals())
