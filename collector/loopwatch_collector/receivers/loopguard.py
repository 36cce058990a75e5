"""The ``loopwatch.v1.LoopGuard`` gRPC servicer (grpc.aio): it only translates.

``Evaluate`` / ``GetVerdict`` / ``WatchVerdicts`` decode requests with ``loopwatch.wire``,
call the ``Pipeline`` and encode the verdict. Errors are mapped at this edge and always sent
with ``context.abort`` (never an uncaught exception, which gRPC would turn into UNKNOWN):

- bad input -> ``INVALID_ARGUMENT``, the message naming the field (``events[2].event_id: required``),
  or the limit a call is over (``limits.evaluate_max_events``; ``evaluate_call.py``);
- session store down -> ``UNAVAILABLE`` with ``RetryInfo`` (the SDK fails open);
- anything else -> ``INTERNAL`` (logged once per call).

Runs on the server's event loop.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, NoReturn, Protocol, TypeVar

import grpc
from google.protobuf.message import DecodeError, Message

from loopwatch.verdict import Action
from loopwatch.wire import (
    WireError,
    action_from_proto,
    context_from_proto,
    pb,
    pb_grpc,
    verdict_to_proto,
)
from loopwatch_collector.exceptions import StoreError
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.receivers.evaluate_call import EvaluateRunner
from loopwatch_collector.receivers.evaluate_limits import EvaluateLimits, EvaluateTooLargeError
from loopwatch_collector.receivers.evaluate_parse import MalformedEvaluateError
from loopwatch_collector.security.admission import abort_with_retry
from loopwatch_collector.security.connections import LimitsConfig
from loopwatch_collector.security.tenancy import current_tenant, public_id, session_key

logger = logging.getLogger(__name__)

M = TypeVar("M", bound=Message)

SERVICE_NAME = "loopwatch.v1.LoopGuard"
# Leave the client this much of its deadline to receive the answer of a GetVerdict that timed out.
_DEADLINE_MARGIN_S = 0.05
# Suggested back-off when the store is unavailable; the SDK fails open meanwhile.
_RETRY_AFTER_S = 1


class Context(Protocol):
    """The part of ``grpc.aio.ServicerContext`` used here (the grpc stubs are optional)."""

    async def abort(self, code: grpc.StatusCode, details: str = "") -> NoReturn: ...

    async def abort_with_status(self, status: Any) -> NoReturn: ...

    def time_remaining(self) -> float | None: ...


class LoopGuardService(pb_grpc.LoopGuardServicer):  # type: ignore[misc]  # generated base is untyped
    """``LoopGuard`` over a ``Pipeline``; see the module docstring for error mapping."""

    def __init__(self, pipeline: Pipeline, *, evaluate: EvaluateRunner | None = None) -> None:
        self._pipeline = pipeline
        self._evaluate = evaluate or EvaluateRunner(pipeline, limits=EvaluateLimits.of(LimitsConfig()))

    async def Evaluate(self, request: pb.EvaluateRequest, context: Context) -> pb.Verdict:  # noqa: N802
        try:
            trace, verdict = await self._evaluate.run(current_tenant(), request)
        except (WireError, EvaluateTooLargeError) as exc:
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, str(exc))
        except StoreError as exc:
            await _unavailable(context, f"session store unavailable: {exc}")
        except Exception:
            logger.exception("Evaluate failed")
            await context.abort(grpc.StatusCode.INTERNAL, "internal error while evaluating")
        return verdict_to_proto(verdict, trace_id=trace.trace_id, agent=trace.agent)

    async def EvaluateEncoded(self, raw: bytes, context: Context) -> pb.Verdict:  # noqa: N802
        """``Evaluate`` on the encoded request: parsed within the limits, in slices."""
        try:
            request = await self._evaluate.parse_protobuf(current_tenant(), raw)
        except (EvaluateTooLargeError, MalformedEvaluateError) as exc:
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, str(exc))
        return await self.Evaluate(request, context)

    async def GetVerdict(self, request: pb.GetVerdictRequest, context: Context) -> pb.Verdict:  # noqa: N802
        try:
            trace = context_from_proto(request.trace_id, "", "")
        except WireError as exc:
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, str(exc))
        remaining = context.time_remaining()
        timeout_s = float("inf") if remaining is None else max(0.0, remaining - _DEADLINE_MARGIN_S)
        key = session_key(current_tenant(), trace.trace_id)
        try:
            verdict = await self._pipeline.get_verdict(key, request.min_step, timeout_s)
            record = await self._pipeline.get_session(key)
        except StoreError as exc:
            await _unavailable(context, f"session store unavailable: {exc}")
        except Exception:
            logger.exception("GetVerdict failed")
            await context.abort(grpc.StatusCode.INTERNAL, "internal error while reading the verdict")
        return verdict_to_proto(verdict, trace_id=trace.trace_id, agent=record.agent if record else "")

    async def WatchVerdicts(  # noqa: N802
        self, request: pb.WatchVerdictsRequest, context: Context
    ) -> AsyncIterator[pb.Verdict]:
        try:
            actions = frozenset(
                action_from_proto(a, field=f"actions[{i}]") for i, a in enumerate(request.actions)
            )
        except WireError as exc:
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, str(exc))
        if Action.CONTINUE in actions:
            await context.abort(
                grpc.StatusCode.INVALID_ARGUMENT, "actions: CONTINUE verdicts are not streamed"
            )
        tenant = current_tenant()  # a supervisor sees its own tenant's agents only
        session: str | None = None
        if request.trace_id:
            try:
                trace = context_from_proto(request.trace_id, "", "")
            except WireError as exc:
                await context.abort(grpc.StatusCode.INVALID_ARGUMENT, str(exc))
            try:  # a trace folded into a session names that session
                session = await self._pipeline.session_of(session_key(tenant, trace.trace_id))
            except StoreError as exc:
                await _unavailable(context, f"session store unavailable: {exc}")
        subscription = self._pipeline.subscribe(
            agent=request.agent or None, actions=actions or None, tenant=tenant, session=session
        )
        async with subscription as sub:
            async for issued in sub:
                trace_id = public_id(tenant, issued.trace_id) or ""
                yield verdict_to_proto(issued.verdict, trace_id=trace_id, agent=issued.agent)


async def _unavailable(context: Context, message: str) -> NoReturn:
    """Abort with UNAVAILABLE and RetryInfo in ``grpc-status-details-bin``."""
    await abort_with_retry(context, grpc.StatusCode.UNAVAILABLE, message, _RETRY_AFTER_S)


def add_loop_guard_service(service: LoopGuardService, server: grpc.aio.Server) -> None:
    """Register ``service`` on ``server``.

    Requests are decoded here rather than by gRPC, so that a malformed message (corrupt wire
    format, invalid UTF-8 in a string) gets INVALID_ARGUMENT instead of gRPC's UNKNOWN.
    """
    handlers = {
        "Evaluate": grpc.unary_unary_rpc_method_handler(
            service.EvaluateEncoded,
            response_serializer=pb.Verdict.SerializeToString,
        ),
        "GetVerdict": grpc.unary_unary_rpc_method_handler(
            _decoding(service.GetVerdict, pb.GetVerdictRequest),
            response_serializer=pb.Verdict.SerializeToString,
        ),
        "WatchVerdicts": grpc.unary_stream_rpc_method_handler(
            _decoding_stream(service.WatchVerdicts, pb.WatchVerdictsRequest),
            response_serializer=pb.Verdict.SerializeToString,
        ),
    }
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE_NAME, handlers),))


async def _decode(raw: bytes, message_type: type[M], context: Context) -> M:
    try:
        return message_type.FromString(raw)
    except DecodeError as exc:
        name = message_type.DESCRIPTOR.full_name
        await context.abort(grpc.StatusCode.INVALID_ARGUMENT, f"request: malformed {name}: {exc}")


def _decoding(
    method: Callable[[M, Context], Awaitable[pb.Verdict]], message_type: type[M]
) -> Callable[[bytes, Context], Awaitable[pb.Verdict]]:
    async def handler(raw: bytes, context: Context) -> pb.Verdict:
        return await method(await _decode(raw, message_type, context), context)

    return handler


def _decoding_stream(
    method: Callable[[M, Context], AsyncIterator[pb.Verdict]], message_type: type[M]
) -> Callable[[bytes, Context], AsyncIterator[pb.Verdict]]:
    async def handler(raw: bytes, context: Context) -> AsyncIterator[pb.Verdict]:
        async for reply in method(await _decode(raw, message_type, context), context):
            yield reply

    return handler
