"""``RunCallIds``: reused provider call ids become unique, and the provider's id still finds them."""

from __future__ import annotations

from loopwatch._call_ids import RunCallIds
from loopwatch.events import ToolCall


def _calls(*ids: str) -> tuple[ToolCall, ...]:
    return tuple(ToolCall.create(id=i, name="read", arguments={"n": n}) for n, i in enumerate(ids))


def test_first_use_keeps_the_id_and_reuse_gets_a_suffix() -> None:
    registry = RunCallIds()
    assert [c.id for c in registry.unique(_calls("call_0", "call_1"))] == ["call_0", "call_1"]
    assert [c.id for c in registry.unique(_calls("call_0"))] == ["call_0#1"]
    assert [c.id for c in registry.unique(_calls("call_0"))] == ["call_0#2"]


def test_the_providers_id_matches_the_unique_id_of_the_last_step() -> None:
    registry = RunCallIds()
    registry.unique(_calls("call_0"))
    assert registry.matches("call_0") == {"call_0"}
    registry.unique(_calls("call_0"))
    assert registry.matches("call_0") == {"call_0", "call_0#1"}
    registry.unique(_calls("call_7"))  # another id: call_0's alias is still the last one it had
    assert registry.matches("call_0") == {"call_0", "call_0#1"}


def test_unique_keeps_everything_but_the_id() -> None:
    (original,) = _calls("x")
    registry = RunCallIds()
    registry.unique((original,))
    (renamed,) = registry.unique((original,))
    assert renamed.id == "x#1"
    assert (renamed.name, renamed.fingerprint, renamed.arguments) == (
        original.name,
        original.fingerprint,
        original.arguments,
    )
