"""Tenancy: who is calling, and the one place a session key is built from (tenant, trace id).

The authentication layers (``grpc_auth``, ``http_auth``) resolve the caller's tenant and set
``CURRENT_TENANT`` for the duration of the call; entry points read it with
``current_tenant()`` and scope what they hand to the pipeline with ``scoped_context``. The
pipeline and the stores keep plain string keys: a session lives under
``session_key(tenant, trace_id)`` (``"tenant/trace id"``), a conversation under
``session_key(tenant, conversation_id)``, in memory and in Redis alike. Two tenants using the
same trace or conversation id therefore never share state, and a tenant asking for another's
trace sees what it would see for an unknown one.

Without authentication every caller is ``ANONYMOUS`` (``""``), whose keys are the bare ids:
single-tenant deployments and their stored state are unchanged.
"""

from __future__ import annotations

import contextvars
import dataclasses
from collections.abc import Callable

from loopwatch.events import TraceContext

ANONYMOUS = ""
_SEPARATOR = "/"  # tenant names never contain it (settings.check_tenant_name)

CURRENT_TENANT: contextvars.ContextVar[str | None] = contextvars.ContextVar("loopwatch_tenant", default=None)


class TenantUnknownError(RuntimeError):
    """An entry point ran without going through authentication (a wiring bug)."""


def current_tenant() -> str:
    """The calling tenant; raises ``TenantUnknownError`` outside an authenticated call, so a
    route that was not wired through authentication fails closed instead of serving all."""
    tenant = CURRENT_TENANT.get()
    if tenant is None:
        raise TenantUnknownError("no tenant: the call did not pass through authentication")
    return tenant


def session_key(tenant: str, trace_id: str) -> str:
    """The store key of ``trace_id`` (or a conversation id) of ``tenant``."""
    return trace_id if tenant == ANONYMOUS else f"{tenant}{_SEPARATOR}{trace_id}"


def tenant_of_key(key: str) -> str:
    """The tenant of a *trace* key (trace ids are hex, so the separator is unambiguous)."""
    tenant, sep, _ = key.partition(_SEPARATOR)
    return tenant if sep else ANONYMOUS


def public_id(tenant: str, key: str | None) -> str | None:
    """The id as ``tenant`` sent it: its key without the tenant prefix."""
    if key is None or tenant == ANONYMOUS:
        return key
    return key.removeprefix(f"{tenant}{_SEPARATOR}")


def scoped_context(tenant: str, context: TraceContext) -> TraceContext:
    """``context`` with its trace and conversation ids turned into ``tenant``'s keys."""
    if tenant == ANONYMOUS:  # keys are the ids themselves (on every Evaluate without keys)
        return context
    conversation = context.conversation_id
    return dataclasses.replace(
        context,
        trace_id=session_key(tenant, context.trace_id),
        conversation_id=None if conversation is None else session_key(tenant, conversation),
    )


def owned_by(tenant: str) -> Callable[[str], bool]:
    """A predicate on keys: true for ``tenant``'s keys only (every key when anonymous: without
    authentication there is one tenant)."""
    prefix = f"{tenant}{_SEPARATOR}"

    def owns(key: str) -> bool:
        return tenant == ANONYMOUS or key.startswith(prefix)

    return owns
