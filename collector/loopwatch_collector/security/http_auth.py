"""Authentication of every HTTP request: an ASGI middleware, deny by default.

Clients send ``Authorization: Bearer <key>``. Every path of the wrapped app is checked —
routes added later by anyone included — except ``open_paths`` (``/healthz``, ``/readyz``,
and ``/metrics`` unless ``auth.metrics_requires_key``). A request without a valid key gets
401 with ``WWW-Authenticate: Bearer`` before the app sees it; an authenticated request runs
with ``tenancy.CURRENT_TENANT`` set (routes read ``current_tenant()``), and its ASGI scope
carries ``scope["state"]["tenant"]``. Without configured keys every request runs as the
anonymous tenant.

Event-loop only (it is part of the ASGI call).
"""

from __future__ import annotations

import json
from collections.abc import Collection

from starlette.types import ASGIApp, Receive, Scope, Send

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
    ) -> None:
        self.app = app
        self._keys = keys
        self._open = frozenset(open_paths)
        self._failures = failures

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if scope["path"] in self._open:
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
        token = CURRENT_TENANT.set(tenant)
        try:
            await self.app(scope, receive, send)
        finally:
            CURRENT_TENANT.reset(token)


def rest_open_paths(*, metrics_requires_key: bool) -> frozenset[str]:
    """The REST port's paths that need no key."""
    return HEALTH_PATHS if metrics_requires_key else HEALTH_PATHS | {METRICS_PATH}


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
