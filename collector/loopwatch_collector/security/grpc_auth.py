"""Authentication of every gRPC call: a ``grpc.aio.ServerInterceptor``, deny by default.

Clients send ``authorization: Bearer <key>`` metadata (what ``OTEL_EXPORTER_OTLP_HEADERS=
authorization=Bearer <key>`` makes the OpenTelemetry exporters send). Every method of every
service is checked, whoever registered it, except the services in ``open_services`` (gRPC
health, so that probes need no key). A call without a valid key ends with UNAUTHENTICATED
before its handler runs; an authenticated call runs with ``tenancy.CURRENT_TENANT`` set to
the key's tenant. Without configured keys every call runs as the anonymous tenant.

With ``budgets`` (``admission.py``), each call also holds a unit of capacity while it runs: an
open service's unary call one of ``open_requests`` and its server stream (health ``Watch``) one
of ``open_streams``, keyed by the peer's address; an authenticated call one of its tenant's
``tenant_requests``, or of ``tenant_streams`` for a server stream (``WatchVerdicts``). A call
over its budget ends with ``RESOURCE_EXHAUSTED`` and ``RetryInfo`` before its handler runs.

Runs on the server's event loop; adds one SHA-256 and a few comparisons per call.
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from typing import TYPE_CHECKING, Any, TypeAlias, cast

import grpc

from loopwatch_collector.security.admission import Budget, ListenerBudgets, abort_with_retry, peer_host
from loopwatch_collector.security.audit import AuthFailures
from loopwatch_collector.security.keys import ApiKeys
from loopwatch_collector.security.tenancy import ANONYMOUS, CURRENT_TENANT

HEALTH_SERVICE = "grpc.health.v1.Health"
AUTHORIZATION = "authorization"
# The grpc stubs make these generic; at run time they are plain classes.
if TYPE_CHECKING:
    Handler: TypeAlias = grpc.RpcMethodHandler[Any, Any]
    _Interceptor: TypeAlias = grpc.aio.ServerInterceptor[Any, Any]
else:
    Handler = grpc.RpcMethodHandler
    _Interceptor = grpc.aio.ServerInterceptor
_SLOTS = ("unary_unary", "unary_stream", "stream_unary", "stream_stream")
# Entered around a call's behaviour, given its context; may abort the call.
Guard: TypeAlias = Callable[[Any], contextlib.AbstractAsyncContextManager[None]]
_DENIED = "missing or invalid API key: send metadata 'authorization: Bearer <key>'"


class AuthInterceptor(_Interceptor):
    """See the module docstring."""

    def __init__(
        self,
        keys: ApiKeys,
        *,
        open_services: Collection[str] = (HEALTH_SERVICE,),
        failures: AuthFailures | None = None,
        budgets: ListenerBudgets | None = None,
    ) -> None:
        self._keys = keys
        self._open = frozenset(open_services)
        self._failures = failures
        self._budgets = budgets

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[Handler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> Handler:
        # grpc returns None for an unknown method (typed otherwise): UNIMPLEMENTED follows.
        handler: Handler | None = await continuation(handler_call_details)
        if handler is None:
            return handler  # type: ignore[return-value]  # grpc accepts None here
        method: str = handler_call_details.method
        service = method.lstrip("/").partition("/")[0]
        if service in self._open:
            return self._open_call(handler)
        if not self._keys.enabled:
            return self._tenant_call(handler, ANONYMOUS)
        header = None
        for key, value in handler_call_details.invocation_metadata or ():
            if key == AUTHORIZATION:
                header = value if isinstance(value, str) else value.decode("latin-1")
                break
        tenant = self._keys.tenant_of_header(header)
        if tenant is None:
            if self._failures is not None:
                self._failures.record("grpc", method)
            return _denied(handler)
        return self._tenant_call(handler, tenant)

    def _open_call(self, handler: Handler) -> Handler:
        """``handler`` holding a unit of the open budgets, keyed by the peer's address."""
        if self._budgets is None:
            return handler
        budget = self._budgets.open_streams if _server_streams(handler) else self._budgets.open_requests

        @contextlib.asynccontextmanager
        async def guard(context: Any) -> AsyncIterator[None]:
            async with _holding(budget, peer_host(context.peer()), "peer address", context):
                yield

        return _guarded(handler, guard)

    def _tenant_call(self, handler: Handler, tenant: str) -> Handler:
        """``handler`` running as ``tenant`` and holding a unit of its budget."""
        budgets = self._budgets
        budget = None
        if budgets is not None:
            budget = budgets.tenant_streams if _server_streams(handler) else budgets.tenant_requests

        @contextlib.asynccontextmanager
        async def guard(context: Any) -> AsyncIterator[None]:
            async with contextlib.AsyncExitStack() as stack:
                if budget is not None:
                    await stack.enter_async_context(_holding(budget, tenant, "tenant", context))
                token = CURRENT_TENANT.set(tenant)
                try:
                    yield
                finally:
                    CURRENT_TENANT.reset(token)

        return _guarded(handler, guard)


@contextlib.asynccontextmanager
async def _holding(budget: Budget, key: str, key_kind: str, context: Any) -> AsyncIterator[None]:
    """One unit of ``budget`` for ``key`` while the block runs; RESOURCE_EXHAUSTED without one."""
    if not budget.try_acquire(key):
        await abort_with_retry(context, grpc.StatusCode.RESOURCE_EXHAUSTED, budget.refusal(key_kind))
    try:
        yield
    finally:
        budget.release(key)


def _server_streams(handler: Handler) -> bool:
    return bool(handler.response_streaming)


def _guarded(handler: Handler, guard: Guard) -> Handler:
    """``handler`` whose behaviour runs inside ``guard(context)``."""
    for slot in _SLOTS:
        behaviour = getattr(handler, slot)
        if behaviour is not None:
            return _replaced(handler, slot, _around(behaviour, guard, streaming=slot.endswith("_stream")))
    return handler


def _around(behaviour: Callable[..., Any], guard: Guard, *, streaming: bool) -> Callable[..., Any]:
    if streaming:

        async def stream(request: Any, context: Any) -> AsyncIterator[Any]:
            async with guard(context):
                replies = behaviour(request, context)
                if inspect.isawaitable(replies):  # a coroutine writing with context.write
                    await replies
                    return
                async for reply in replies:
                    yield reply

        return stream

    async def unary(request: Any, context: Any) -> Any:
        async with guard(context):
            result = behaviour(request, context)
            return await result if inspect.isawaitable(result) else result

    return unary


def _denied(handler: Handler) -> Handler:
    async def deny(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
        await context.abort(grpc.StatusCode.UNAUTHENTICATED, _DENIED)

    for slot in _SLOTS:
        if getattr(handler, slot) is not None:
            return _replaced(handler, slot, deny)
    return handler


def _replaced(handler: Handler, slot: str, behaviour: Callable[..., Any]) -> Handler:
    """A copy of ``handler`` (grpc's handler namedtuple) with ``slot`` replaced."""
    copy: Handler = cast(Any, handler)._replace(**{slot: behaviour})
    return copy
