"""Memory and messages bounded by bytes (findings: a 5 MB result preview became a 10.5 MB
NUDGE, 500 verdict streams of a 3 MB preview took 6.4 GB; fingerprints of any size were kept)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator

import grpc
import httpx
import pytest

from loopwatch.fingerprint import bounded_fingerprint
from loopwatch.wire import MAX_EVIDENCE_CHARS, MAX_FINGERPRINT_CHARS, MAX_MESSAGE_CHARS, pb, pb_grpc
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.security.security_helpers import evaluate_request

HUGE = 5 * 1024 * 1024
# A verdict: a message and a finding, each text clipped; a few KB to spare for the rest.
MAX_VERDICT_BYTES = MAX_MESSAGE_CHARS + 4 * MAX_EVIDENCE_CHARS + 1024


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector() as running:
        yield running


@pytest.fixture(scope="module")
def stub(collector: RunningCollector) -> Iterator[pb_grpc.LoopGuardStub]:
    with grpc.insecure_channel(collector.endpoints.grpc_target) as channel:
        yield pb_grpc.LoopGuardStub(channel)


def _huge_preview_step(trace: str, i: int) -> pb.EvaluateRequest:
    request = evaluate_request(trace, i)
    request.events[0].step.tool_calls[0].arguments = "a" * HUGE
    request.events[1].tool_result.preview = "p" * HUGE
    return request


def test_a_huge_preview_and_arguments_make_a_small_verdict_stream_and_session(
    collector: RunningCollector, stub: pb_grpc.LoopGuardStub
) -> None:
    watched: list[pb.Verdict] = []
    stream = stub.WatchVerdicts(pb.WatchVerdictsRequest(agent="bot"), timeout=20)
    reader = threading.Thread(target=lambda: watched.append(next(stream)))
    reader.start()
    deadline = time.monotonic() + 5
    while collector.collector.pipeline.hub.subscribers < 1:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    trace = os.urandom(16).hex()
    verdicts = [stub.Evaluate(_huge_preview_step(trace, i), timeout=20) for i in range(3)]
    reader.join(20)
    stream.cancel()
    nudge = verdicts[-1]
    assert nudge.action == pb.ACTION_NUDGE
    assert nudge.ByteSize() <= MAX_VERDICT_BYTES
    assert len(nudge.finding.last_result_preview) <= MAX_EVIDENCE_CHARS
    assert watched[0].ByteSize() <= MAX_VERDICT_BYTES
    detail = httpx.get(f"{collector.endpoints.http_url}/v1/sessions/{trace}", timeout=10)
    assert len(detail.content) <= 4 * MAX_VERDICT_BYTES  # finding + verdict history + counts


@pytest.mark.parametrize(
    ("where", "field"),
    [("call", "events[0].step.tool_calls[0].fingerprint"), ("result", "events[1].tool_result.fingerprint")],
)
def test_an_oversized_fingerprint_is_refused_naming_the_field(
    stub: pb_grpc.LoopGuardStub, where: str, field: str
) -> None:
    request = evaluate_request(os.urandom(16).hex(), 0)
    long = "f" * (MAX_FINGERPRINT_CHARS + 1)
    if where == "call":
        request.events[0].step.tool_calls[0].fingerprint = long
    else:
        request.events[1].tool_result.fingerprint = long
    with pytest.raises(grpc.RpcError) as caught:
        stub.Evaluate(request, timeout=5)
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert field in (caught.value.details() or "")


def test_foreign_fingerprints_are_bounded_and_still_compare() -> None:
    huge = "x" * 1_000_000
    assert len(bounded_fingerprint(huge)) <= MAX_FINGERPRINT_CHARS
    assert bounded_fingerprint(huge) == bounded_fingerprint("x" * 1_000_000)
    assert bounded_fingerprint("abc") == "abc"
