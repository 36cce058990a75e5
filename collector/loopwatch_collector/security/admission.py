"""Capacity budgets: how much of a listener one peer or one tenant may hold at once.

Found in the field: 8 000 unauthenticated gRPC health ``Watch`` streams held every one of the
server's RPC slots, ~1 000 half-sent HTTP requests made every request 503 (``/healthz``
included), and one tenant's 6 000 ``WatchVerdicts`` streams locked out the others. So every
listener keeps separate budgets, each bounded per key and in total:

- *open* work (no key needed: gRPC health, ``/healthz``, ``/readyz``, ``/metrics``), keyed by
  the peer's address: ``open_requests_per_peer`` / ``open_requests`` requests in progress, and
  ``open_streams_per_peer`` / ``open_streams`` long-lived streams (health ``Watch``);
- *authenticated* work, keyed by tenant: ``tenant_max_requests`` requests (RPCs) in progress and
  ``tenant_max_streams`` server streams (``WatchVerdicts``) per tenant.

The budgets are disjoint: open work never takes a tenant's room and a tenant never takes
another's. Over a budget the call is refused at once with a retry delay (gRPC
``RESOURCE_EXHAUSTED`` with ``RetryInfo``, HTTP ``429`` / ``503`` with ``Retry-After``); a
refused call holds nothing. Header-phase HTTP connections have their own per-peer budget in
``connections.GuardedH11Protocol``.

Event-loop only (plain counters, no locks).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NoReturn, Protocol

import grpc
from google.rpc import error_details_pb2, status_pb2  # type: ignore[import-untyped]
from grpc_status import rpc_status

# What a refused client is told to wait, in whole seconds (what ``Retry-After`` carries): long
# enough for a burst to drain, short enough for an agent's next step.
RETRY_AFTER_S = 1


@dataclass(slots=True)
class Budget:
    """Units held per key (a peer address or a tenant), at most ``per_key`` each and ``total``
    together. ``refused`` counts the acquisitions that did not fit (diagnostics, tests)."""

    name: str
    per_key: int
    total: int
    held: Counter[str] = field(default_factory=Counter)
    in_use: int = 0
    refused: int = 0

    def try_acquire(self, key: str) -> bool:
        """Take one unit for ``key``; False (and nothing taken) when a bound would be passed."""
        if self.in_use >= self.total or self.held[key] >= self.per_key:
            self.refused += 1
            return False
        self.held[key] += 1
        self.in_use += 1
        return True

    def release(self, key: str) -> None:
        """Give back a unit ``try_acquire`` took for ``key``."""
        left = self.held[key] - 1
        if left > 0:
            self.held[key] = left
        else:
            del self.held[key]
        self.in_use -= 1

    def refusal(self, key_kind: str) -> str:
        """The message of a refusal, naming the configuration keys that size this budget."""
        return (
            f"too many {self.name} in progress for this {key_kind} (limits: {self.per_key} per "
            f"{key_kind}, {self.total} in all); retry later"
        )


@dataclass(frozen=True, slots=True)
class ListenerBudgets:
    """The budgets of one listener (see the module docstring)."""

    open_requests: Budget
    open_streams: Budget
    tenant_requests: Budget
    tenant_streams: Budget


class Abortable(Protocol):
    """The part of ``grpc.aio.ServicerContext`` that ends a call with a rich status."""

    async def abort_with_status(self, status: Any) -> NoReturn: ...


async def abort_with_retry(
    context: Abortable, code: grpc.StatusCode, message: str, retry_after_s: float = RETRY_AFTER_S
) -> NoReturn:
    """End a gRPC call with ``code`` and a ``google.rpc.RetryInfo`` of ``retry_after_s`` in
    ``grpc-status-details-bin`` (what the SDK and grpc's retry policies read)."""
    retry = error_details_pb2.RetryInfo()
    retry.retry_delay.FromNanoseconds(int(retry_after_s * 1e9))
    status = status_pb2.Status(code=code.value[0], message=message)
    status.details.add().Pack(retry)
    await context.abort_with_status(rpc_status.to_status(status))


def peer_host(peer: str | None) -> str:
    """The address part of a gRPC peer string (``ipv4:10.0.0.1:5555`` -> ``10.0.0.1``,
    ``ipv6:[::1]:5555`` -> ``::1``); anything else as given (``unix:...``), or ``""``."""
    if not peer:
        return ""
    kind, _, rest = peer.partition(":")
    if kind not in ("ipv4", "ipv6"):
        return peer
    host = rest.rpartition(":")[0] or rest
    return host.strip("[]")
