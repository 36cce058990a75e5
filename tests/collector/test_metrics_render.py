"""``/metrics`` rendering: in a worker thread, one render shared by concurrent scrapes, cached,
and exemplars scoped to the caller's tenant."""

from __future__ import annotations

import asyncio
import gzip
import threading
from collections.abc import Iterable

import pytest
from prometheus_client import CollectorRegistry
from prometheus_client.metrics_core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.exporters.metrics_render import MetricsRenderer, scope_exemplars
from loopwatch_collector.security.tenancy import ANONYMOUS, session_key

OPENMETRICS = "application/openmetrics-text; version=1.0.0"
TRACE = "0af7651916cd43dd8448eb211c80319c"


class _Recording(Collector):
    """A registry collector recording the thread of each collection (a slow scrape's work)."""

    def __init__(self) -> None:
        self.threads: list[int] = []

    def collect(self) -> Iterable[Metric]:
        self.threads.append(threading.get_ident())
        yield GaugeMetricFamily("probe", "Recording collector.", value=1)


@pytest.mark.anyio
async def test_renders_off_the_event_loop_and_concurrent_scrapes_share_one_render() -> None:
    registry = CollectorRegistry()
    probe = _Recording()
    registry.register(probe)
    renderer = MetricsRenderer(registry, cache_s=60, exemplars=False, keys_enabled=False)
    replies = await asyncio.gather(*(renderer.render(OPENMETRICS, None) for _ in range(20)))
    assert {r.body for r in replies} == {replies[0].body}
    assert b"probe 1.0" in replies[0].body
    assert len(probe.threads) == 1
    assert probe.threads[0] != threading.get_ident()  # not the event loop's thread
    await renderer.render("text/plain", None)
    assert len(probe.threads) == 2  # each format is rendered (and cached) on its own


@pytest.mark.anyio
async def test_without_a_cache_each_scrape_renders() -> None:
    registry = CollectorRegistry()
    probe = _Recording()
    registry.register(probe)
    renderer = MetricsRenderer(registry, cache_s=0, exemplars=False, keys_enabled=False)
    for _ in range(3):
        await renderer.render(OPENMETRICS, None)
    assert len(probe.threads) == 3


def _with_exemplars() -> bytes:
    registry = CollectorRegistry()
    metrics = Metrics(registry, exemplars=True, tenants=["alpha", "beta"])
    metrics.observe_evaluate(0.0004, session_key("alpha", TRACE))
    metrics.observe_evaluate(0.2, session_key("beta", "b" * 32))
    renderer = MetricsRenderer(registry, cache_s=0, exemplars=True, keys_enabled=False)
    return asyncio.run(renderer.render(OPENMETRICS, None)).body


def test_exemplars_are_scoped_to_the_callers_tenant() -> None:
    body = _with_exemplars()
    assert f'trace_id="alpha/{TRACE}"'.encode() in body
    alpha = scope_exemplars(body, keys_enabled=True, tenant="alpha")
    assert f'# {{trace_id="{TRACE}"}} 0.0004'.encode() in alpha
    assert b"beta/" not in alpha
    assert b"b" * 32 not in alpha
    assert alpha.count(b"trace_id=") == 1
    for unauthenticated in (None, ANONYMOUS):
        assert b"trace_id=" not in scope_exemplars(body, keys_enabled=True, tenant=unauthenticated)
    assert scope_exemplars(body, keys_enabled=False, tenant=None) == body  # one tenant: all its own


@pytest.mark.anyio
async def test_gzip_when_the_scraper_accepts_it_scoped_before_compression() -> None:
    registry = CollectorRegistry()
    metrics = Metrics(registry, exemplars=True, tenants=["alpha", "beta"])
    metrics.observe_evaluate(0.0004, session_key("alpha", TRACE))
    renderer = MetricsRenderer(registry, cache_s=60, exemplars=True, keys_enabled=True)
    plain = await renderer.render(OPENMETRICS, "alpha")
    packed = await renderer.render(OPENMETRICS, "alpha", gzip=True)
    assert not plain.gzipped
    assert packed.gzipped
    assert gzip.decompress(packed.body) == plain.body
    assert f'trace_id="{TRACE}"'.encode() in plain.body
    beta = await renderer.render(OPENMETRICS, "beta", gzip=True)
    assert b"trace_id=" not in gzip.decompress(beta.body)
