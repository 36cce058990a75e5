"""A completed step as detectors see it: calls paired with their results.

The engine builds one ``StepRecord`` per model step once its batch is complete (every call has
a result, or the next step or user message arrived). Detectors only ever read these records,
so they never deal with event ordering, duplicates or missing results.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Container
from typing import NamedTuple

from loopwatch.fingerprint import PENDING_RESULT
from loopwatch.sketch import Repetition, TextSketch


class Novelty(enum.Enum):
    """What one call taught the agent; see ``novelty.py`` for the rules."""

    NEW = "new"
    REPEAT = "repeat"
    RECHECK = "recheck"
    ECHO = "echo"
    BLANK = "blank"
    PROBE = "probe"
    MOVED = "moved"
    UNKNOWN = "unknown"


INFORMATIVE = (Novelty.NEW, Novelty.MOVED)
"""The kinds that bring something new: a step with one of these is informative."""
FRUITLESS = (Novelty.REPEAT, Novelty.ECHO, Novelty.BLANK)
"""The kinds that teach nothing: a step made only of these is fruitless. A tuple, not a set:
membership in it compares identities, where a set would hash each kind in Python
(``Enum.__hash__``) once per call of every step."""


class StepNovelty(NamedTuple):
    """The classification of one step's calls, in call order (``novelty.assess``).

    A named tuple rather than a frozen dataclass: one is built per step on the hot path, and
    building a tuple costs a third of a frozen dataclass.

    Per call: its kind, its occurrences in a row (REPEAT, else 1), the step of its first
    occurrence, and whether a successful call recurred after other work rather than back to
    back. The step-level fields are derived from those by ``of`` (build it that way).
    """

    kinds: tuple[Novelty, ...] = ()
    repeats: tuple[int, ...] = ()
    firsts: tuple[int, ...] = ()
    spreads: tuple[bool, ...] = ()
    since: int = 0  # step of the first occurrence of the step's repeated calls (0: none)
    spread: bool = False  # some call recurred after other work
    fruitless: bool = False  # calls, each a REPEAT, ECHO or BLANK: nothing new came back
    informative: bool = False  # at least one call brought something NEW (or MOVED)
    all_repeats: bool = False  # calls, each a REPEAT
    waited: bool = False  # every call only waited (``only_waits``): neither work nor a repeat

    @classmethod
    def of(
        cls,
        kinds: tuple[Novelty, ...],
        repeats: tuple[int, ...],
        firsts: tuple[int, ...],
        spreads: tuple[bool, ...],
    ) -> StepNovelty:
        since, fruitless, all_repeats = 0, bool(kinds), bool(kinds)
        for kind, first in zip(kinds, firsts, strict=True):  # one pass: this runs every step
            if kind is Novelty.REPEAT:
                since = first if not since else min(since, first)
            else:
                all_repeats = False
                fruitless = fruitless and kind in FRUITLESS
        return cls(
            kinds=kinds,
            repeats=repeats,
            firsts=firsts,
            spreads=spreads,
            since=since,
            spread=True in spreads,
            fruitless=fruitless,
            informative=any(kind in INFORMATIVE for kind in kinds),
            all_repeats=all_repeats,
        )

    @classmethod
    def one(cls, kind: Novelty, repeats: int, first: int, spread: bool) -> StepNovelty:
        """``of`` for a step of one call (most steps), without the pass over the calls."""
        repeated = kind is Novelty.REPEAT
        # In field order: binding nine keywords costs as much as the rest.
        return cls(
            (kind,),
            (repeats,),
            (first,),
            (spread,),
            first if repeated else 0,  # since
            spread,
            kind in FRUITLESS,  # fruitless
            kind in INFORMATIVE,  # informative
            repeated,  # all_repeats
        )

    def subset(self, indices: tuple[int, ...]) -> StepNovelty:
        """The classification of only the calls at ``indices``."""
        return StepNovelty.of(
            tuple(self.kinds[i] for i in indices),
            tuple(self.repeats[i] for i in indices),
            tuple(self.firsts[i] for i in indices),
            tuple(self.spreads[i] for i in indices),
        )


NO_CALLS = StepNovelty()
WAITED = StepNovelty(waited=True)


class CallOutcome(NamedTuple):
    """One tool call and what came back.

    ``result`` is the normalised-result fingerprint, ``None`` when no result arrived.
    ``empty`` marks a result with no content: it carries no information. Build it with keyword
    arguments; a named tuple (immutable, and cheap to build once per call on the hot path).
    """

    name: str
    call: str  # call fingerprint: tool name + canonical arguments
    result: str | None
    is_error: bool
    empty: bool
    shape: str = ""  # call fingerprint with numbers masked (events.ToolCall.shape)
    frame: str = ""  # a short call's keys and value types (events.ToolCall.frame)
    targets: tuple[int, ...] = ()  # hashed terms of a short call's values (events.ToolCall.targets)
    phrased: bool = False  # its values include words (events.ToolCall.phrased)
    wording: str = ""  # fingerprint of those words (events.ToolCall.wording)
    spelling: str = ""  # the call with its values' spelling erased (events.ToolCall.spelling)
    size: int = 0  # characters of the raw result (0: empty or none)
    overlap: tuple[int, ...] = ()  # the result's trigram sketch (events.ToolResult.overlap)
    error_terms: tuple[int, ...] = ()  # hashed terms the error names (events.ToolResult.error_terms)
    error_class: str = ""  # a failure's kind (events.ToolResult.error_class)
    lines: tuple[int, ...] = ()  # the result's line hashes (events.ToolResult.lines)
    links: tuple[int, ...] = ()  # a success's link hashes (events.ToolResult.links)
    facts: tuple[int, ...] = ()  # a success's fact hashes (events.ToolResult.facts)
    arguments: str | None = None
    preview: str | None = None
    repetition: Repetition | None = None
    mutates: bool = False  # the call changes something: a write, an action (events.ToolCall.mutates)
    waits: bool = False  # the call only waits: a sleep, a span of time (events.ToolCall.waits)

    @property
    def pair(self) -> tuple[str, str | None]:
        """The (call, result) pair: seeing it again means nothing new was learned."""
        return (self.call, self.result)


def only_waits(calls: tuple[CallOutcome, ...]) -> bool:
    """Whether every call of a step only waits (``ToolCall.waits``: a sleep between status
    checks). Such a step is the agent waiting on something going on, not work done: a status
    checked, waited on and checked again is a poll however its status is worded. Asked of every
    step: a loop that stops at the first call that does not wait (most steps: the first), not a
    generator."""
    for c in calls:
        if not c.waits:
            return False
    return bool(calls)


def looks_elsewhere(calls: tuple[CallOutcome, ...], failing: Container[str]) -> bool:
    """Whether ``calls`` only read, successfully, with tools not among ``failing``: a look between
    failures changes nothing the failing calls meet (a device's status read between refused
    measurements, a directory listed between files looked for). A write (``mutates``) is a
    corrective step, and the failing tool working again is news."""
    return all(
        c.result is not None and not c.is_error and not c.mutates and c.name not in failing for c in calls
    )


class StepRecord(NamedTuple):
    """One completed model step, numbered from 1 within the trace; ``turn`` from 0. Built once
    per step by the engine (a named tuple: immutable and cheap), read by every detector."""

    number: int
    turn: int
    calls: tuple[CallOutcome, ...]
    batch_key: str  # digest of the sorted (call, result) pairs: equal batches, equal keys
    sketch: TextSketch | None
    refers_to_calls: bool
    text: str | None
    input_tokens: int
    output_tokens: int
    time_unix_ns: int  # when the step was produced; 0 when unknown (replayed transcripts)
    is_final: bool  # no tool calls: the model answered (or only talked)
    request_words: int = 0  # content words of the user message that opened the turn (0: none)
    request_similarity: float = 0.0  # of that message to the previous user message (0: none)
    novelty: StepNovelty = NO_CALLS

    @property
    def all_failed(self) -> bool:
        return bool(self.calls) and all(c.is_error for c in self.calls)

    @property
    def call_set(self) -> tuple[str, ...]:
        """The step's calls (their fingerprints; a batch sorted, so another order is the same)."""
        calls = self.calls
        return (calls[0].call,) if len(calls) == 1 else tuple(sorted(c.call for c in calls))

    @property
    def waiting(self) -> bool:
        """Whether a call read a status saying the work goes on (``PENDING_RESULT``): polling,
        which the identical-call detector gives a patience of its own. A write answered so
        ("queued") was taken, and re-issuing it is no poll."""
        return any(
            c.error_class.startswith(PENDING_RESULT) and not (c.is_error or c.mutates) for c in self.calls
        )

    def restricted(self, keep: Callable[[CallOutcome], bool]) -> StepRecord:
        """This step as if only the calls ``keep`` accepts had been made (per-tool judging)."""
        indices = tuple(i for i, c in enumerate(self.calls) if keep(c))
        novelty = self.novelty.subset(indices) if self.novelty.kinds else self.novelty
        return self._replace(calls=tuple(self.calls[i] for i in indices), novelty=novelty)
