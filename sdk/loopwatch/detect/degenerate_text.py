"""Degenerate text: one response collapses into the same text repeated back to back.

Pattern: inside the assistant text or a string argument of a call (a model can degenerate
into an ``edit`` argument too), a block of lines or sentences repeated ``min_block_repeats``
times (default 5) covering at least ``min_chars`` characters (default 80), or a run of words
repeated ``min_word_repeats`` times (default 20) — "Thought: Thought: Thought: ...",
"| | | | ...". The finding carries the text with the repeated run collapsed, for agents to
swap into the transcript: feeding the repetition back reinforces it.

Not flagged: code (imports and boilerplate repeat, but not five identical lines in a row),
markdown tables and lists whose rows share a prefix but differ, parametrised tests, file
lists, a response that repeats a phrase two or three times.

Seeds: Gemini CLI chunk hashing (with resets around code and tables), HolmesGPT's 8-gram
ratio. Works from the ``Repetition`` measured when the event was created, so it needs no raw
text (privacy mode); only the trimmed text needs it.
"""

from __future__ import annotations

from dataclasses import dataclass

from loopwatch.detect.step import CallOutcome, StepRecord
from loopwatch.sketch import Repetition, collapse_repetition
from loopwatch.verdict import Finding


@dataclass(frozen=True, slots=True, kw_only=True)
class DegenerateTextConfig:
    """Options of ``degenerate_text``.

    Attributes:
        min_block_repeats: back-to-back copies of a block of lines or sentences that fire.
        min_word_repeats: back-to-back copies of a word (or short word run) that fire.
        min_chars: characters the repeated run must cover, so short repeats stay quiet.
    """

    min_block_repeats: int = 5
    min_word_repeats: int = 20
    min_chars: int = 80

    def validate(self) -> None:
        for key in ("min_block_repeats", "min_word_repeats"):
            if getattr(self, key) < 2:
                raise ValueError(f"degenerate_text.{key} must be >= 2")
        if self.min_chars < 0:
            raise ValueError("degenerate_text.min_chars must be >= 0")


@dataclass(slots=True)
class DegenerateTextState:
    """Stateless pattern (one response at a time); the class keeps the detector contract."""


class DegenerateText:
    name = "degenerate_text"
    per_turn = True

    def __init__(self, config: DegenerateTextConfig | None = None) -> None:
        self.config = config or DegenerateTextConfig()
        self.config.validate()

    def new_state(self) -> DegenerateTextState:
        return DegenerateTextState()

    def is_degenerate(self, repetition: Repetition | None) -> bool:
        if repetition is None or repetition.covered_chars < self.config.min_chars:
            return False
        needed = self.config.min_word_repeats if repetition.unit == "word" else self.config.min_block_repeats
        return repetition.repeats >= needed

    def observe(self, state: DegenerateTextState, step: StepRecord) -> Finding | None:
        degenerate: list[tuple[Repetition, CallOutcome | None]] = []
        for c in step.calls:  # a loop: a comprehension would cost a function call per step
            if c.repetition is not None and self.is_degenerate(c.repetition):
                degenerate.append((c.repetition, c))
        in_text = step.sketch.repetition if step.sketch is not None else None
        if in_text is not None and self.is_degenerate(in_text):
            degenerate.append((in_text, None))
        if not degenerate:
            return None
        repetition, call = max(degenerate, key=lambda rc: rc[0].covered_chars)
        trimmed = None
        if call is None and step.text is not None:
            trimmed = collapse_repetition(step.text, repetition)
        where = "the response" if call is None else f"the arguments of `{call.name}`"
        return Finding(
            detector=self.name,
            key=self.name,
            summary=(
                f"{where} collapsed into the same text repeated {repetition.repeats} times "
                f"({repetition.covered_chars} characters)"
            ),
            count=repetition.repeats,
            first_step=step.number,
            last_step=step.number,
            tool_name=call.name if call else None,
            trimmed_text=trimmed,
        )
