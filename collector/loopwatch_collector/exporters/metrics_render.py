"""``/metrics`` rendering: off the event loop, at most one render per format at a time, cached
for a short TTL, and exemplars shown only to the tenant they belong to.

Rendering is proportional to the number of series (14 zeroed series per configured tenant, and
more per agent): with 10 000 tenants it is tens of MB and seconds of CPU. Done on the event loop,
every verdict would wait for it. ``MetricsRenderer.render`` runs the encoder in a worker thread
(``asyncio.to_thread``; the loop keeps the GIL every switch interval, ``cli/serve.py``), lets
concurrent scrapes share one render, and serves the same bytes for ``cache_s`` seconds, so a
flood of scrapes costs one render per ``cache_s`` whatever its rate. Scrapers that accept gzip
(Prometheus does) get the body compressed, in the same thread: sending tens of MB is itself
event-loop work.

Exemplars (``metrics.exemplars``, off by default) carry a session key, ``tenant/trace id``:
``scope_exemplars`` keeps, for an authenticated caller, only its own tenant's and shows them as
the trace id it sent; an unauthenticated caller of a collector with keys (``/metrics`` open)
gets none; without keys there is one tenant and every exemplar is its own.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from gzip import compress as gzip_compress

from prometheus_client import CollectorRegistry
from prometheus_client.exposition import choose_encoder

from loopwatch_collector.security.tenancy import ANONYMOUS, session_key

# Fastest zlib level: exposition text is repetitive, so level 1 already shrinks it ~20x, at
# a fraction of the default level's CPU.
_GZIP_LEVEL = 1
# One exemplar of the OpenMetrics text format: ` # {trace_id="<key>"} <value> <timestamp>`.
_EXEMPLAR = re.compile(rb' # \{trace_id="([^"]*)"\}[^\n]*')


def scope_exemplars(body: bytes, *, keys_enabled: bool, tenant: str | None) -> bytes:
    """``body`` with only the exemplars ``tenant`` may see (see the module docstring);
    ``tenant`` is ``None`` for an unauthenticated caller."""
    if not keys_enabled:
        return body
    if tenant is None or tenant == ANONYMOUS:
        return _EXEMPLAR.sub(b"", body)
    prefix = session_key(tenant, "").encode()

    def own(match: re.Match[bytes]) -> bytes:
        key = match.group(1)
        if not key.startswith(prefix):
            return b""
        return match.group(0).replace(key, key[len(prefix) :], 1)

    return _EXEMPLAR.sub(own, body)


@dataclass(frozen=True, slots=True)
class RenderedMetrics:
    """A ``/metrics`` answer: the body, its content type, and whether it is gzip-compressed."""

    body: bytes
    content_type: str
    gzipped: bool


class MetricsRenderer:
    """Renders ``registry`` for ``/metrics``; event-loop only (``render`` is a coroutine)."""

    def __init__(
        self, registry: CollectorRegistry, *, cache_s: float, exemplars: bool, keys_enabled: bool
    ) -> None:
        self._registry = registry
        self._cache_s = cache_s
        self._scoped = exemplars and keys_enabled  # else there is nothing to hide from anyone
        # (content type, gzipped) -> (expiry, body)
        self._cached: dict[tuple[str, bool], tuple[float, bytes]] = {}
        self._locks: dict[tuple[str, bool], asyncio.Lock] = {}

    async def render(self, accept: str, tenant: str | None, *, gzip: bool = False) -> RenderedMetrics:
        """The answer to a scrape sending ``Accept: accept`` as ``tenant`` (gzip-compressed when
        ``gzip``: the scraper accepts it, and the loop then sends a twentieth of the bytes).
        Never blocks the loop for more than a GIL switch interval; does not raise."""
        encoder, content_type = choose_encoder(accept)
        key = (content_type, gzip and not self._scoped)  # scoped bodies are compressed per caller
        lock = self._locks.setdefault(key, asyncio.Lock())
        async with lock:  # a scrape arriving during a render waits for it, then shares it
            cached = self._cached.get(key)
            if cached is None or cached[0] <= time.monotonic():
                body = await asyncio.to_thread(self._encode, encoder, key[1])
                cached = (time.monotonic() + self._cache_s, body)
                self._cached[key] = cached
        body = cached[1]
        if self._scoped:
            body = await asyncio.to_thread(self._for_caller, body, tenant, gzip)
        return RenderedMetrics(body, content_type, gzip)

    def _encode(self, encoder: Callable[[CollectorRegistry], bytes], compress: bool) -> bytes:
        """Worker thread: the registry rendered, compressed if asked."""
        body = encoder(self._registry)
        return gzip_compress(body, compresslevel=_GZIP_LEVEL) if compress else body

    @staticmethod
    def _for_caller(body: bytes, tenant: str | None, compress: bool) -> bytes:
        """Worker thread: ``body`` with ``tenant``'s exemplars only, compressed if asked."""
        scoped = scope_exemplars(body, keys_enabled=True, tenant=tenant)
        return gzip_compress(scoped, compresslevel=_GZIP_LEVEL) if compress else scoped
