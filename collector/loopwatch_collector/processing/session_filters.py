"""Which sessions a caller sees: the filters of the session listing and of verdict streams.

Every filter is scoped to the caller's tenant first (``security.tenancy.owned_by``); the
listing then keeps only looping / runaway / halted sessions and one agent's when asked, and a
verdict stream one session's when asked. Pure functions returning predicates.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from loopwatch_collector.security.tenancy import owned_by
from loopwatch_collector.store.base import SessionRecord

#: The ``state`` filter of the session listing (``GET /v1/sessions?state=``).
SessionFilter = Literal["looping", "runaway", "halted"]

_STATE_PREDICATES: dict[str, Callable[[SessionRecord], bool]] = {
    "looping": lambda record: record.looping,
    "runaway": lambda record: record.runaway,
    "halted": lambda record: record.state.policy.halted,
}


def listing_predicate(
    tenant: str, state: SessionFilter | None, agent: str | None
) -> Callable[[SessionRecord], bool]:
    """The sessions of ``tenant`` in ``state`` (any when ``None``) of ``agent`` (any when
    ``None``)."""
    matches = _session_predicate(state, agent)
    owns = owned_by(tenant)

    def predicate(record: SessionRecord) -> bool:
        return owns(record.trace_id) and (matches is None or matches(record))

    return predicate


def stream_owner(tenant: str, session: str | None) -> Callable[[str], bool]:
    """The session keys whose verdicts a stream of ``tenant`` gets: its own, only ``session``
    when given (nothing when ``session`` is not ``tenant``'s)."""
    owns = owned_by(tenant)
    if session is not None:
        owns = _only(session) if owns(session) else _nothing
    return owns


def _only(session: str) -> Callable[[str], bool]:
    return lambda key: key == session


def _nothing(key: str) -> bool:
    return False


def _session_predicate(
    state: SessionFilter | None, agent: str | None
) -> Callable[[SessionRecord], bool] | None:
    by_state = _STATE_PREDICATES[state] if state is not None else None
    if agent is None:
        return by_state
    if by_state is None:
        return lambda record: record.agent == agent
    return lambda record: record.agent == agent and by_state(record)
