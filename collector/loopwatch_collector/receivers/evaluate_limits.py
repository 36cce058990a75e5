"""The bounds of one ``Evaluate`` call: request bytes and events (the ``limits:`` section's
``evaluate_max_bytes`` and ``evaluate_max_events``), and the share of the event loop big calls
get together (``evaluate_bulk_share``, ``pacing.py``). Pure checks; any thread."""

from __future__ import annotations

from dataclasses import dataclass

from loopwatch_collector.security.connections import LimitsConfig


class EvaluateTooLargeError(Exception):
    """A call over ``limits.evaluate_max_bytes`` or ``limits.evaluate_max_events``; the message
    names the key and the limit."""


@dataclass(frozen=True, slots=True)
class EvaluateLimits:
    """The bounds of one call (from ``limits:``)."""

    max_events: int
    max_bytes: int
    bulk_share: float = 1.0  # unpaced unless configured

    @classmethod
    def of(cls, limits: LimitsConfig) -> EvaluateLimits:
        return cls(
            max_events=limits.evaluate_max_events,
            max_bytes=limits.evaluate_max_bytes,
            bulk_share=limits.evaluate_bulk_share,
        )

    def check_bytes(self, size: int) -> None:
        """Raise ``EvaluateTooLargeError`` when a request of ``size`` bytes is over the bound."""
        if size > self.max_bytes:
            raise EvaluateTooLargeError(
                f"request: {size} bytes, over limits.evaluate_max_bytes ({self.max_bytes}); "
                "send the step's events in several calls"
            )

    def check_events(self, count: int) -> None:
        """Raise ``EvaluateTooLargeError`` when a call of ``count`` events is over the bound."""
        if count > self.max_events:
            raise EvaluateTooLargeError(
                f"events: more than limits.evaluate_max_events ({self.max_events}); "
                "send them in several calls"
            )
