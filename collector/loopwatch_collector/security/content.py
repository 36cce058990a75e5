"""Content control per tenant: ``keep | clip | drop`` what events carry, before anything is
stored or shown.

With content capture on, agents send tool arguments, result previews and model text; the
REST views and nudges quote them (a card number in an argument, an SSN in a result). Detection
needs none of it — it runs on fingerprints and sketches — so a tenant can choose:

- ``keep`` (default): as sent;
- ``clip``: arguments and text cut to ``CLIP_CHARS``, previews as sent (already short);
- ``drop``: arguments, previews and text removed; fingerprints, sketches, sizes and error
  flags stay, so every detector still works.

Applied by every entry point (``Evaluate`` over gRPC and REST, OTLP ingest) right after
decoding. Pure and thread-safe.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Literal

from loopwatch.events import Event, Step, ToolCall, ToolResult

ContentMode = Literal["keep", "clip", "drop"]

# Enough to recognise a call or a sentence in a dashboard; too short to carry a document.
CLIP_CHARS = 256


class ContentControl:
    """The content mode of each tenant (``default`` for tenants not listed)."""

    def __init__(
        self, modes: Mapping[str, ContentMode] | None = None, *, default: ContentMode = "keep"
    ) -> None:
        self._modes = dict(modes or {})
        self._default = default

    def mode(self, tenant: str) -> ContentMode:
        return self._modes.get(tenant, self._default)

    def events(self, tenant: str, events: Sequence[Event]) -> list[Event]:
        """``events`` as ``tenant``'s mode allows them to be kept."""
        mode = self.mode(tenant)
        if mode == "keep":
            return list(events)
        return [_event(e, mode) for e in events]

    def text(self, tenant: str, text: str | None) -> str | None:
        """``text`` (content such as a working directory) as ``tenant``'s mode keeps it."""
        mode = self.mode(tenant)
        return text if mode == "keep" else _text(text, mode)

    def call(self, tenant: str, call: ToolCall | None) -> ToolCall | None:
        mode = self.mode(tenant)
        return call if call is None or mode == "keep" else _call(call, mode)


def _event(event: Event, mode: ContentMode) -> Event:
    if isinstance(event, Step):
        return dataclasses.replace(
            event, text=_text(event.text, mode), tool_calls=tuple(_call(c, mode) for c in event.tool_calls)
        )
    if isinstance(event, ToolResult) and mode == "drop":
        return dataclasses.replace(event, preview=None)
    return event


def _call(call: ToolCall, mode: ContentMode) -> ToolCall:
    return dataclasses.replace(call, arguments=_text(call.arguments, mode))


def _text(text: str | None, mode: ContentMode) -> str | None:
    if text is None or mode == "drop":
        return None
    return text if len(text) <= CLIP_CHARS else text[: CLIP_CHARS - 3] + "..."
