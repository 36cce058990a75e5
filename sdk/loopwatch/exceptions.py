"""Errors the loopwatch SDK raises into an agent, on purpose and only these.

The SDK never raises because of its own trouble (an exporter down, a guard timeout): those are
logged once, counted, and fail open. It raises only to stop a run the guard decided to stop,
and, when the user asked for it, when the guard cannot be asked (fail closed)::

    LoopwatchError                 base of everything below; catch it to stop a run gracefully
     ├── LoopDetected              a HALT verdict: .verdict says which detector and why
     └── GuardUnavailable          fail-closed guard could not produce a verdict (timeout,
                                   collector down, bad response); .reason, __cause__ set

Misuse at construction time (a bad endpoint, a negative timeout) raises ``ValueError`` naming
the argument, as usual in Python; it is not part of this tree.
"""

from __future__ import annotations

from loopwatch.verdict import Verdict


class LoopwatchError(Exception):
    """Base class of the errors loopwatch raises into an agent run."""


class LoopDetected(LoopwatchError):  # noqa: N818 - names the event, like StopIteration
    """The guard halted the run: a loop went on after its warnings, or a hard limit was hit.

    ``verdict`` is the HALT verdict (its ``finding`` names the detector and the evidence).
    Catch it around the agent loop to end the run with a message of your own.
    """

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        super().__init__(verdict.message or f"loop detected at step {verdict.step}")


class GuardUnavailable(LoopwatchError):  # noqa: N818 - a state, read as "the guard is unavailable"
    """A fail-closed guard could not produce a verdict; ``reason`` is a short code.

    Reasons: ``timeout``, ``unavailable`` (collector down or refusing), ``bad_response``,
    ``error`` (anything else). Only raised when the guard was built with ``fail_closed=True``.
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        self.reason = reason
        super().__init__(f"loopwatch guard unavailable ({reason}){': ' + detail if detail else ''}")
