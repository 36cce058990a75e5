"""``redis.options``: the Redis store's settings, validated, and the client they build.

Part of the collector configuration (``redis: {url, key_prefix, options: {...}}``); a bad key
is a ``ConfigError`` naming it (``redis.options.cluster: ...``), raised at start-up.
"""

from __future__ import annotations

import functools
import ssl
from collections.abc import Mapping
from typing import Any

import redis.asyncio as aioredis
from pydantic import BaseModel, ConfigDict, Field
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from loopwatch_collector.store.redis.commands import HotCommands, PipelinedCommands, RedisPyCommands
from loopwatch_collector.store.redis.resp import RespClient


class TlsOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ca_file: str | None = None
    cert_file: str | None = None
    key_file: str | None = None
    check_hostname: bool = True
    verify: bool = True


class RedisStoreOptions(BaseModel):
    """``redis.options`` in the collector configuration (all optional)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    #: Redis Cluster: connect with the cluster client (keys already carry hash tags).
    cluster: bool = False
    #: Client certificates and CA for ``rediss://`` URLs.
    tls: TlsOptions | None = None
    #: Upper bound for one Redis operation (the CAS loop of an update included). An agent's
    #: own Evaluate deadline (SDK default 50 ms) usually ends the wait first: gRPC then cancels
    #: the call and its store operation, and the SDK fails open. OTLP ingest gets this long.
    operation_timeout_s: float = Field(default=0.5, gt=0)
    connect_timeout_s: float = Field(default=0.25, gt=0)
    #: After Redis failed, operations fail fast for this long before it is tried again.
    retry_interval_s: float = Field(default=1.0, ge=0)
    #: Optimistic write attempts per update before ``StoreConflictError``.
    cas_attempts: int = Field(default=16, ge=1)
    #: Records cached per replica (0: off); pays off with trace affinity.
    local_cache_size: int = Field(default=10_000, ge=0)
    max_connections: int = Field(default=64, ge=1)
    #: Records whose encoded body is larger are zlib-compressed (0: all). For a 10-19 KB record
    #: (a mid-run session with its timeline) compression was the largest single cost of a
    #: Redis-backed ``Evaluate`` (``bench/bench_redis.py``); it saves most of the bytes in
    #: Redis, so lower this to trade latency for Redis memory.
    compress_above_bytes: int = Field(default=32_768, ge=0)


def redis_client(url: str, options: RedisStoreOptions) -> Any:
    """A bytes-speaking client that never retries or waits on its own: the store decides."""
    kwargs: dict[str, Any] = {
        "socket_timeout": options.operation_timeout_s,
        "socket_connect_timeout": options.connect_timeout_s,
        "retry": Retry(NoBackoff(), 0),
        "max_connections": options.max_connections,
        "decode_responses": False,
    }
    if options.tls is not None:
        kwargs.update(_tls_kwargs(options.tls))
    if options.cluster:
        return RedisCluster.from_url(url, **kwargs)
    return aioredis.Redis.from_url(url, **kwargs)


def hot_commands(url: str, options: RedisStoreOptions, client: Any) -> HotCommands:
    """The hot-path commands: pipelined on one node, ``client`` (redis-py) on Redis Cluster."""
    if options.cluster:
        return RedisPyCommands(client)
    tls = functools.partial(ssl_context, options.tls) if url.startswith("rediss://") else None
    return PipelinedCommands(RespClient(url, connect_timeout_s=options.connect_timeout_s, ssl_context=tls))


def ssl_context(tls: TlsOptions | None) -> ssl.SSLContext:
    """The TLS settings of ``_tls_kwargs`` as an ``ssl`` context (default: system CAs). Built
    at each connect, so rotated certificate files are read on the next reconnect."""
    tls = tls or TlsOptions()
    context = ssl.create_default_context(cafile=tls.ca_file)
    if tls.cert_file is not None:
        context.load_cert_chain(tls.cert_file, tls.key_file)
    context.check_hostname = tls.check_hostname and tls.verify
    if not tls.verify:
        context.verify_mode = ssl.CERT_NONE
    return context


def _tls_kwargs(tls: TlsOptions) -> Mapping[str, Any]:
    return {
        "ssl_ca_certs": tls.ca_file,
        "ssl_certfile": tls.cert_file,
        "ssl_keyfile": tls.key_file,
        "ssl_check_hostname": tls.check_hostname and tls.verify,
        "ssl_cert_reqs": "required" if tls.verify else "none",
    }
