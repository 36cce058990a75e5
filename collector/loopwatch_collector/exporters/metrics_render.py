"""``/metrics`` rendering: off the event loop, at most one render per format at a time, cached
for a short TTL, and exemplars shown only to the tenant they belong to.

Rendering is proportional to the number of series (14 zeroed series per configured tenant, and
more per agent): with 10 000 tenants it is tens of MB and seconds of CPU. Done on the event loop,
every verdict would wait for it. ``MetricsRenderer.render`` runs the encoder in a worker thread
(``asyncio.to_thread``; the loop keeps the GIL every switch interval, ``cli/serve.py``), lets
concurrent scrapes share one render, and serves the same bytes for ``cache_s`` seconds, so a
flood of scrapes costs one render per ``cache_s`` whatever its rate.

Exemplars (``metrics.exemplars``, off by default) carry a session key, ``tenant/trace id``:
``scope_exemplars`` keeps, for an authenticated caller, only its own tenant's and shows them as
the trace id it sent; an unauthenticated caller of a collector with keys (``/metrics`` open)
gets none; without keys there is one tenant and every exemplar is its own.
"""

from __future__ import annotations

import asyncio
import re
import time

from prometheus_client import CollectorRegistry
from prometheus_client.exposition import choose_encoder

from loopwatch_collector.security.tenancy import ANONYMOUS, session_key

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


class MetricsRenderer:
    """Renders ``registry`` for ``/metrics``; event-loop only (``render`` is a coroutine)."""

    def __init__(
        self, registry: CollectorRegistry, *, cache_s: float, exemplars: bool, keys_enabled: bool
    ) -> None:
        self._registry = registry
        self._cache_s = cache_s
        self._scoped = exemplars and keys_enabled  # else there is nothing to hide from anyone
        self._cached: dict[str, tuple[float, bytes]] = {}  # content type -> (expiry, body)
        self._locks: dict[str, asyncio.Lock] = {}

    async def render(self, accept: str, tenant: str | None) -> tuple[bytes, str]:
        """(body, content type) for a scrape sending ``Accept: accept`` as ``tenant``. Never
        blocks the loop for more than a GIL switch interval; does not raise."""
        encoder, content_type = choose_encoder(accept)
        lock = self._locks.setdefault(content_type, asyncio.Lock())
        async with lock:  # a scrape arriving during a render waits for it, then shares it
            cached = self._cached.get(content_type)
            if cached is None or cached[0] <= time.monotonic():
                body = await asyncio.to_thread(encoder, self._registry)
                cached = (time.monotonic() + self._cache_s, body)
                self._cached[content_type] = cached
        body = cached[1]
        if self._scoped:
            body = await asyncio.to_thread(scope_exemplars, body, keys_enabled=True, tenant=tenant)
        return body, content_type
