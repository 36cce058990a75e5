"""The guard in remote mode, against a real collector on free ports."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from concurrent import futures

import grpc
import pytest
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor

import loopwatch
from loopwatch import (
    Action,
    EvaluateRequest,
    Guard,
    GuardUnavailable,
    Loopwatch,
    Step,
    ToolCall,
    ToolResult,
    _remote,
)
from loopwatch._remote import RemoteVerdictService
from loopwatch.wire import pb, pb_grpc
from loopwatch_collector.testing import RunningCollector, collector_process, running_collector
from tests.sdk.sdk_helpers import actions, interventions, polling_result, run_fanout_agent, run_scripted_agent

# Generous for a loaded CI machine; the deadline itself is tested separately.
TEST_TIMEOUT_S = 2.0


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector() as running:
        yield running


def _remote_guard(collector: RunningCollector) -> Guard:
    return Guard.remote(collector.endpoints.grpc_target, timeout_s=TEST_TIMEOUT_S)


def test_looping_agent_is_nudged_then_withdrawn(collector: RunningCollector) -> None:
    guard = _remote_guard(collector)
    outcome = run_scripted_agent(Loopwatch(agent="remote-loop", guard=guard))
    guard.close()
    assert guard.stats.failed == 0
    assert interventions(outcome) == [Action.NUDGE, Action.WITHDRAW_TOOLS]
    assert outcome.answer is not None


def test_disobedient_agent_is_halted(collector: RunningCollector) -> None:
    guard = _remote_guard(collector)
    outcome = run_scripted_agent(Loopwatch(agent="remote-loop", guard=guard), obey_withdraw=False)
    guard.close()
    assert interventions(outcome) == [Action.NUDGE, Action.WITHDRAW_TOOLS]
    assert outcome.halted is not None
    assert outcome.halted.verdict.action is Action.HALT
    assert outcome.tool_runs == outcome.steps - 1


def test_polling_agent_continues(collector: RunningCollector) -> None:
    guard = _remote_guard(collector)
    outcome = run_scripted_agent(
        Loopwatch(agent="remote-poll", guard=guard), result=polling_result, max_steps=10, done_after=9
    )
    guard.close()
    assert guard.stats.failed == 0
    assert set(actions(outcome)) == {Action.CONTINUE}


def test_privacy_mode_evaluate_payloads_carry_no_content_and_still_detect(
    collector: RunningCollector, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[pb.EvaluateRequest] = []
    encode = _remote.encode_request

    def recording(request: EvaluateRequest) -> pb.EvaluateRequest:
        message = encode(request)
        sent.append(message)
        return message

    monkeypatch.setattr(_remote, "encode_request", recording)
    guard = _remote_guard(collector)
    outcome = run_scripted_agent(Loopwatch(agent="private", guard=guard, capture_content=False))
    guard.close()
    assert interventions(outcome)[0] is Action.NUDGE
    assert sent
    wire = b"".join(m.SerializeToString() for m in sent)
    for secret in (b"atlantis", b"Atlantis", b"No results", b"Let me search"):
        assert secret not in wire
    for message in sent:
        for event in message.events:
            if event.HasField("step"):
                assert not event.step.HasField("text")
                assert all(not c.HasField("arguments") for c in event.step.tool_calls)
                assert all(c.fingerprint for c in event.step.tool_calls)
            if event.HasField("tool_result"):
                assert not event.tool_result.HasField("preview")
                assert event.tool_result.fingerprint


def test_private_fan_out_is_not_narration_remotely(collector: RunningCollector) -> None:
    guard = _remote_guard(collector)
    seen = run_fanout_agent(Loopwatch(agent="fan-out", guard=guard, capture_content=False))
    guard.close()
    assert guard.stats.failed == 0
    assert set(seen) == {Action.CONTINUE}


def test_capture_on_evaluate_payloads_do_carry_content(
    collector: RunningCollector, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The control for the privacy test above: the same agent with capture on sends content."""
    sent: list[pb.EvaluateRequest] = []
    encode = _remote.encode_request

    def recording(request: EvaluateRequest) -> pb.EvaluateRequest:
        sent.append(encode(request))
        return sent[-1]

    monkeypatch.setattr(_remote, "encode_request", recording)
    guard = _remote_guard(collector)
    run_scripted_agent(
        Loopwatch(agent="captured", guard=guard, capture_content=True), max_steps=2, done_after=1
    )
    guard.close()
    wire = b"".join(m.SerializeToString() for m in sent)
    for content in (b"weather in atlantis", b"No results", b"Let me search"):
        assert content in wire


def test_spans_over_otlp_and_evaluate_count_each_event_once(collector: RunningCollector) -> None:
    lw = loopwatch.init(
        agent="both-paths",
        endpoint=collector.endpoints.grpc_target,
        guard=_remote_guard(collector),
    )
    outcome = run_scripted_agent(lw, result=polling_result, max_steps=6, done_after=5)
    lw.shutdown()  # flushes the OTLP batch: every span has reached the collector now
    record = collector.call(collector.collector.pipeline.get_session(outcome.trace_id))
    assert record is not None
    assert record.steps == outcome.steps
    assert record.tool_calls == outcome.tool_runs


def test_otlp_spans_alone_let_the_collector_detect_a_private_loop(
    collector: RunningCollector,
) -> None:
    exporter = OTLPSpanExporter(endpoint=collector.endpoints.grpc_target, insecure=True)
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    outcome = run_scripted_agent(Loopwatch(agent="otlp-only", tracer_provider=provider), max_steps=6)
    provider.shutdown()
    record = collector.call(collector.collector.pipeline.get_session(outcome.trace_id))
    assert record is not None
    assert record.steps == 6
    assert record.looping is True


@pytest.mark.parametrize("obey_withdraw", [True, False], ids=["obeys", "disobeys"])
def test_synchronous_otlp_export_does_not_hide_the_verdict_from_evaluate(
    collector: RunningCollector, obey_withdraw: bool
) -> None:
    """Spans exported synchronously (SimpleSpanProcessor) reach the collector before the SDK's
    Evaluate of the same batch: the OTLP ingest judges the step first, Evaluate then finds every
    event already seen. The agent must still be told what that step's judgement was (the same
    verdicts as with Evaluate alone, ``test_looping_agent_is_nudged_then_withdrawn``)."""
    exporter = OTLPSpanExporter(endpoint=collector.endpoints.grpc_target, insecure=True)
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    guard = _remote_guard(collector)
    lw = Loopwatch(agent="sync-export", guard=guard, tracer_provider=provider)
    outcome = run_scripted_agent(lw, obey_withdraw=obey_withdraw)
    guard.close()
    provider.shutdown()
    assert guard.stats.failed == 0
    record = collector.call(collector.collector.pipeline.get_session(outcome.trace_id))
    assert record is not None
    assert record.steps == outcome.steps  # both paths fed one session
    assert interventions(outcome) == [Action.NUDGE, Action.WITHDRAW_TOOLS]
    if obey_withdraw:
        assert outcome.answer is not None
    else:
        assert outcome.halted is not None
        assert outcome.halted.verdict.action is Action.HALT


def test_synchronous_otlp_export_leaves_a_polling_agent_alone(collector: RunningCollector) -> None:
    exporter = OTLPSpanExporter(endpoint=collector.endpoints.grpc_target, insecure=True)
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    guard = _remote_guard(collector)
    lw = Loopwatch(agent="sync-export-poll", guard=guard, tracer_provider=provider)
    outcome = run_scripted_agent(lw, result=polling_result, max_steps=10, done_after=9)
    guard.close()
    provider.shutdown()
    assert guard.stats.failed == 0
    assert set(actions(outcome)) == {Action.CONTINUE}


def test_fail_open_when_the_collector_is_killed_mid_session() -> None:
    with collector_process() as process:
        guard = Guard.remote(process.endpoints.grpc_target, timeout_s=0.2)
        assert isinstance(guard.service, RemoteVerdictService)
        assert guard.service.wait_ready(10.0)

        def result(step: int) -> str:
            if step == 3:
                process.terminate()
            return polling_result(step)

        started = time.monotonic()
        outcome = run_scripted_agent(
            Loopwatch(agent="killed", guard=guard), result=result, max_steps=8, done_after=7
        )
        elapsed = time.monotonic() - started
        guard.close()
    assert outcome.halted is None
    assert outcome.answer is not None
    assert outcome.steps == 8
    assert guard.stats.failed > 0
    assert set(guard.stats.failures) <= {"unavailable", "timeout"}
    assert elapsed < 10  # every failed call was bounded by the deadline


class _SlowOrBadServicer(pb_grpc.LoopGuardServicer):  # type: ignore[misc]  # generated base is untyped
    def __init__(self, delay_s: float) -> None:
        self.delay_s = delay_s

    def Evaluate(self, request: pb.EvaluateRequest, context: object) -> pb.Verdict:  # noqa: N802 - proto name
        time.sleep(self.delay_s)
        return pb.Verdict()  # ACTION_UNSPECIFIED: not a valid verdict


@pytest.fixture
def odd_server() -> Iterator[tuple[str, _SlowOrBadServicer]]:
    servicer = _SlowOrBadServicer(delay_s=0.0)
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    pb_grpc.add_LoopGuardServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    yield f"127.0.0.1:{port}", servicer
    server.stop(grace=None)


def test_deadline_bounds_a_slow_collector(odd_server: tuple[str, _SlowOrBadServicer]) -> None:
    target, servicer = odd_server
    servicer.delay_s = 1.0
    guard = Guard.remote(target, timeout_s=0.05)
    session = guard.session()
    started = time.monotonic()
    verdict = session.after_batch()
    elapsed = time.monotonic() - started
    guard.close()
    assert verdict.action is Action.CONTINUE
    assert guard.stats.failures == {"timeout": 1}
    assert elapsed < 0.5


def test_bad_response_fails_open_or_closed(odd_server: tuple[str, _SlowOrBadServicer]) -> None:
    target, _ = odd_server
    guard = Guard.remote(target, timeout_s=TEST_TIMEOUT_S)
    assert guard.session().after_batch().action is Action.CONTINUE
    assert guard.stats.failures == {"bad_response": 1}
    closed = Guard.remote(target, timeout_s=TEST_TIMEOUT_S, fail_closed=True)
    with pytest.raises(GuardUnavailable) as info:
        closed.session().after_batch()
    assert info.value.reason == "bad_response"
    guard.close()
    closed.close()


def test_async_remote_guard(collector: RunningCollector) -> None:
    guard = _remote_guard(collector)
    session = guard.session(agent="async")
    call = ToolCall.create(id="c1", name="ls", arguments={"p": "/"}, capture_content=False)

    async def ask() -> list[Action]:
        session.add(Step.create(event_id="step:c1", text=None, tool_calls=(call,)))
        first = await session.abefore_tool_call(call)
        session.add(ToolResult.create(event_id="result:c1", call_id="c1", content="a"))
        second = await session.aafter_batch()
        return [first.action, second.action]

    assert asyncio.run(ask()) == [Action.CONTINUE, Action.CONTINUE]
    assert guard.stats.failed == 0
    guard.close()


def test_otlp_http_protobuf_export_reaches_the_collector(collector: RunningCollector) -> None:
    lw = loopwatch.init(
        agent="otlp-http",
        otlp_protocol="http/protobuf",
        otlp_endpoint=f"{collector.endpoints.otlp_http_url}/v1/traces",
        guard="off",
    )
    outcome = run_scripted_agent(lw, max_steps=6)
    lw.shutdown()
    record = collector.call(collector.collector.pipeline.get_session(outcome.trace_id))
    assert record is not None
    assert record.steps == 6
    assert record.looping is True


def test_huge_arguments_are_clipped_on_the_wire_and_the_loop_is_still_caught(
    collector: RunningCollector, monkeypatch: pytest.MonkeyPatch
) -> None:
    sizes: list[int] = []
    encode = _remote.encode_request

    def recording(request: EvaluateRequest) -> pb.EvaluateRequest:
        message = encode(request)
        sizes.append(message.ByteSize())
        return message

    monkeypatch.setattr(_remote, "encode_request", recording)
    guard = _remote_guard(collector)
    huge = {"patch": "".join(f"line {i}: value {i * 7}\\n" for i in range(12_000))}  # ~300 KB
    outcome = run_scripted_agent(Loopwatch(agent="huge", guard=guard, capture_content=True), arguments=huge)
    guard.close()
    assert guard.stats.failed == 0
    assert interventions(outcome)[0] is Action.NUDGE
    assert max(sizes) < 64 * 1024
