"""Result normalisation in the mapper: envelopes unwrapped, redaction and absence never "the same"."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from loopwatch.events import ToolResult
from loopwatch_collector.mapping.model import UNKNOWN
from loopwatch_collector.mapping.results import (
    ENVELOPE,
    captured,
    is_placeholder,
    result_content,
    unknown_result,
)


def _tool_message(content: Any, call_id: str) -> dict[str, Any]:
    return {
        "content": content,
        "additional_kwargs": {},
        "type": "tool",
        "name": "search",
        "id": None,
        "tool_call_id": call_id,
        "status": "success",
    }


def _lc_constructor(content: Any, call_id: str) -> dict[str, Any]:
    return {
        "lc": 1,
        "type": "constructor",
        "id": ["langchain", "schema", "messages", "ToolMessage"],
        "kwargs": {"content": content, "type": "tool", "tool_call_id": call_id, "status": "success"},
    }


@pytest.mark.parametrize(
    "wrap",
    [
        lambda c, i: json.dumps(_tool_message(c, i)),
        lambda c, i: json.dumps({"output": _tool_message(c, i)}),
        lambda c, i: json.dumps({"outputs": _lc_constructor(c, i), "kwargs": {"tags": []}}),
        lambda c, i: json.dumps([_lc_constructor(c, i)]),
        lambda c, i: _tool_message(c, i),
    ],
)
def test_tool_message_envelopes_give_their_content(wrap: Any) -> None:
    first = result_content(wrap("not found", "call_Ab3dE5fG7hJ9kL1mN3pQ5rS7"))
    second = result_content(wrap("not found", "call_Zy9xW8vU7tS6rQ5pO4nM3lK2"))
    assert first == second == "not found"


def test_content_blocks_are_joined_as_text() -> None:
    blocks = [{"type": "text", "text": "line one"}, {"type": "text", "text": "line two"}]
    assert result_content(json.dumps(_tool_message(blocks, "call_1"))) == "line one\nline two"


def test_an_envelope_without_content_is_marked() -> None:
    assert result_content(json.dumps({"type": "tool", "tool_call_id": "call_1"})) is ENVELOPE


@pytest.mark.parametrize("plain", ["not found", '{"status": "queued"}', '[{"id": 1}, {"id": 2}]', "[]"])
def test_plain_results_are_kept(plain: str) -> None:
    assert result_content(plain) == plain


@pytest.mark.parametrize("value", [None, "__REDACTED__", " __REDACTED__\n"])
def test_absent_and_redacted_are_unknown(value: Any) -> None:
    assert captured(value) is UNKNOWN
    assert result_content(value) is UNKNOWN


def test_a_redacted_message_content_is_unknown() -> None:
    assert result_content(json.dumps(_tool_message("__REDACTED__", "call_1"))) is UNKNOWN


def test_unknown_results_are_unique_per_call_and_not_empty() -> None:
    # Span-derived call ids are hex: normalisation would fold them, so it must not be used.
    first = unknown_result("span:00000000000000a1", time_unix_ns=1)
    second = unknown_result("span:00000000000000b2", time_unix_ns=2)
    assert isinstance(first, ToolResult)
    assert first.fingerprint != second.fingerprint
    assert first.size > 0
    assert second.size > 0
    assert first.preview is None
    assert first.event_id == "result:span:00000000000000a1"


def test_only_an_error_free_unknown_result_is_a_placeholder() -> None:
    assert is_placeholder(unknown_result("c1", time_unix_ns=1))
    assert not is_placeholder(unknown_result("c1", time_unix_ns=1, is_error=True, error_type="Timeout"))
    real = ToolResult.create(event_id="result:c1", call_id="c1", content="not found", time_unix_ns=1)
    assert not is_placeholder(real)
    assert not is_placeholder(replace(unknown_result("c1", time_unix_ns=1), call_id="c2"))  # another call's
