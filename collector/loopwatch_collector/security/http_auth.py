"""Authentication of every HTTP request: an ASGI middleware, deny by default.

Clients send ``Authorization: Bearer <key>``. Every path of the wrapped app is checked —
routes added later by anyone included — except ``open_paths`` (``/healthz``, ``/readyz``,
and ``/metrics`` unless ``auth.metrics_requires_key``). A request without a valid key gets
401 with ``WWW-Authenticate: Bearer`` before the app sees it; an authenticated request runs
with ``tenancy.CURRENT_TENANT`` set (routes read ``current_tenant()``), and its ASGI scope
carries ``scope["state"]["tenant"]``. Without configured keys every request runs as the
anonymous tenant.

With ``budgets`` (``admission.py``), a request also holds a unit of capacity while it runs: an
open path one of ``open_requests`` keyed by the client's address (over it: ``503``), an
authenticated request one of its tenant's ``tenant_requests`` (over it: ``429``), both with
``Retry-After``. A refused request holds nothing, and a request denied for its key never
reaches a budget.

Event-loop only (it is part of the ASGI call).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Collection

from starlette.types import ASGIApp, Receive, Scope, Send

from loopwatch_collector.security.admission import RETRY_AFTER_S, Budget, ListenerBudgets
from loopwatch_collector.security.audit import AuthFailures
from loopwatch_collector.security.keys import ApiKeys
from loopwatch_collector.security.tenancy import ANONYMOUS, CURRENT_TENANT

HEALTH_PATHS = frozenset({"/healthz", "/readyz"})
METRICS_PATH = "/metrics"
_DENIED = json.dumps({"detail": "missing or invalid API key: send 'Authorization: Bearer <key>'"}).encode()


class ApiKeyMiddleware:
    """See the module docstring."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        keys: ApiKeys,
        open_paths: Collection[str] = HEALTH_PATHS,
        failures: AuthFailures | None = None,
        budgets: ListenerBudgets | None = None,
    ) -> None:
        self.app = app
        self._keys = keys
        self._open = frozenset(open_paths)
        self._failures = failures
        self._budgets = budgets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if scope["path"] in self._open:
            client = scope.get("client")
            peer = str(client[0]) if client else ""
            budget = self._budgets.open_requests if self._budgets else None
            async with _holding(budget, peer, "client address", scope, send, status=503) as admitted:
                if admitted:
                    await self.app(scope, receive, send)
            return
        tenant: str | None = ANONYMOUS
        if self._keys.enabled:
            header = None
            for name, value in scope.get("headers", ()):
                if name == b"authorization":
                    header = value.decode("latin-1")
                    break
            tenant = self._keys.tenant_of_header(header)
        if tenant is None:
            if self._failures is not None:
                self._failures.record("http", scope["path"])
            await _deny(scope, send)
            return
        scope.setdefault("state", {})["tenant"] = tenant
        budget = self._budgets.tenant_requests if self._budgets else None
        async with _holding(budget, tenant, "tenant", scope, send, status=429) as admitted:
            if not admitted:
                return
            token = CURRENT_TENANT.set(tenant)
            try:
                await self.app(scope, receive, send)
            finally:
                CURRENT_TENANT.reset(token)


def rest_open_paths(*, metrics_requires_key: bool) -> frozenset[str]:
    """The REST port's paths that need no key."""
    return HEALTH_PATHS if metrics_requires_key else HEALTH_PATHS | {METRICS_PATH}


@contextlib.asynccontextmanager
async def _holding(
    budget: Budget | None, key: str, key_kind: str, scope: Scope, send: Send, *, status: int
) -> AsyncIterator[bool]:
    """True with a unit of ``budget`` held for ``key`` during the block (always without a
    budget); False once the refusal (``status``, ``Retry-After``) is sent."""
    if budget is None:
        yield True
        return
    if not budget.try_acquire(key):
        await _refuse(scope, send, status, budget.refusal(key_kind))
        yield False
        return
    try:
        yield True
    finally:
        budget.release(key)


async def _refuse(scope: Scope, send: Send, status: int, message: str) -> None:
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1013})  # try again later
        return
    body = json.dumps({"detail": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"retry-after", str(RETRY_AFTER_S).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _deny(scope: Scope, send: Send) -> None:
    if scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008})
        return
    await send(
        {
            "type": "http.response.start",
            "status": 401,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(_DENIED)).encode()),
                (b"www-authenticate", b'Bearer realm="loopwatch"'),
            ],
        }
    )
    await send({"type": "http.response.body", "body": _DENIED})
