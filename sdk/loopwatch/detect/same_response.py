"""Same response: every new user request gets the response the previous one got.

Pattern: ``turns`` (default 3) consecutive user turns whose responses are the same: the same
tools returning the same results, then a reply saying the same thing. "Sorry, could you
rephrase that?" while the user rephrases; a transfer to a human agent and the same canned
message, whatever the user says. Each user message is input; answering it exactly as the
previous one was answered means it was not read. A turn counts when its request has at least
``request_min_words`` content words (default 3: "thanks" or "one more time?" asks for
nothing) and, if the agent acted (called tools), when the request is *new*: its similarity to
the previous request is below ``request_similarity`` (default 0.5). Asking the same question
again may well deserve the same lookup and the same answer; a reply that acts on nothing, to
a rephrased request, is the loop. Replies say the same thing when their
similarity is at least ``reply_similarity`` (default 0.8), or ``short_reply_similarity``
(default 0.4) for replies of at most ``short_reply_words`` content words (default 8), since
one changed word weighs much in a short reply.

Not flagged: the user asking the same question again and getting the same lookup and answer
(polling a status through the user: the request is not new), a successful lookup repeated once per turn
whose answers differ (each new question gets its own answer), a failing call repeated after
every "try again" (the identical-call detector's: the requests are not new). It fires at the
reply that completes the third such turn. Works from sketches and fingerprints alone.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from loopwatch.detect.step import StepRecord
from loopwatch.sketch import TextSketch, same_gist
from loopwatch.verdict import Finding


@dataclass(frozen=True, slots=True, kw_only=True)
class SameResponseConfig:
    """Options of ``same_response``.

    Attributes:
        turns: consecutive new requests answered with the same response that fire; < 2 = off.
        request_min_words: content words a user message needs to be a new request.
        request_similarity: similarity (0-1] from which a user message repeats the previous
            request rather than making a new one.
        reply_similarity: similarity (0-1] from which two replies say the same thing.
        short_reply_words: content words up to which a reply is short, compared with
            ``short_reply_similarity`` instead.
        short_reply_similarity: similarity (0-1] from which two short replies say the same
            thing.
    """

    turns: int = 3
    request_min_words: int = 3
    request_similarity: float = 0.5
    reply_similarity: float = 0.8
    short_reply_words: int = 8
    short_reply_similarity: float = 0.4

    def validate(self) -> None:
        if self.turns < 0:
            raise ValueError("same_response.turns must be >= 0 (values < 2 mean off)")
        for key in ("request_similarity", "reply_similarity", "short_reply_similarity"):
            if not 0.0 < getattr(self, key) <= 1.0:
                raise ValueError(f"same_response.{key} must be in (0, 1]")
        for key in ("request_min_words", "short_reply_words"):
            if getattr(self, key) < 1:
                raise ValueError(f"same_response.{key} must be >= 1")


@dataclass(slots=True)
class SameResponseState:
    turn: int = 0
    asked: bool = False  # the current turn was opened by a request with content
    new_request: bool = False  # ... and not the previous request asked again
    acted: bool = False  # the current turn called tools
    outcomes: int = 0  # the current turn's (tool, result) pairs, as an order-free sum of digests
    reply: TextSketch | None = None  # the current turn's last reply
    reply_step: int = 0
    counted: bool = False  # the current turn already extended the chain
    previous_outcomes: int = -1  # the same for the previous turn (-1: none yet)
    previous_reply: TextSketch | None = None
    previous_reply_step: int = 0
    same: int = 0  # consecutive turns with the same response, the first one included
    same_from: int = 0  # the step where the first of them replied


# Pair digests are 64-bit: their sum is kept modulo 2**64.
_MODULUS = 1 << 64
_SECOND_SEED = 0x9E3779B9  # the other CRC-32's seed (``_pair_hash``)


class SameResponse:
    name = "same_response"
    per_turn = False  # it compares turns

    def __init__(self, config: SameResponseConfig | None = None) -> None:
        self.config = config or SameResponseConfig()
        self.config.validate()

    def new_state(self) -> SameResponseState:
        return SameResponseState()

    def observe(self, state: SameResponseState, step: StepRecord) -> Finding | None:
        if step.turn != state.turn:
            self._next_turn(state, step)
        if step.calls:
            # A missing result is never "the same": the call id keeps it unique.
            state.acted = True
            for c in step.calls:
                state.outcomes = (state.outcomes + _pair_hash(c.name, c.result or c.call + "?")) % _MODULUS
            return None
        if step.sketch is None:
            return None
        state.reply, state.reply_step = step.sketch, step.number
        if state.counted or not self._same_response(state):
            return None
        state.counted = True
        if state.same == 0:
            state.same, state.same_from = 1, state.previous_reply_step
        state.same += 1
        if self.config.turns < 2 or state.same < self.config.turns:
            return None
        return Finding(
            detector=self.name,
            key=f"{self.name}:{state.same_from}",
            summary=f"{state.same} new requests in a row got the same response",
            count=state.same,
            first_step=state.same_from,
            last_step=step.number,
        )

    def _next_turn(self, state: SameResponseState, step: StepRecord) -> None:
        if state.reply is not None:
            state.previous_outcomes, state.previous_reply = state.outcomes, state.reply
            state.previous_reply_step = state.reply_step
        if not state.counted:
            state.same = 0  # the chain holds only while every turn extends it
        state.turn, state.acted, state.outcomes, state.reply, state.counted = step.turn, False, 0, None, False
        state.asked = step.request_words >= self.config.request_min_words
        state.new_request = state.asked and step.request_similarity < self.config.request_similarity

    def _same_response(self, state: SameResponseState) -> bool:
        if not (state.new_request if state.acted else state.asked):
            return False
        if state.previous_reply is None or state.reply is None:
            return False
        if state.outcomes != state.previous_outcomes:
            return False
        return same_gist(
            state.previous_reply,
            state.reply,
            threshold=self.config.reply_similarity,
            short_words=self.config.short_reply_words,
            short_threshold=self.config.short_reply_similarity,
        )


def _pair_hash(tool: str, result: str) -> int:
    """A (tool, result) pair as a 64-bit number; their sum mod 2**64 stands for the turn's
    multiset of pairs in bounded state, whatever their order (a missing result is never the
    same: the call's fingerprint stands in for it). Two CRC-32s with different seeds: stable
    across processes (replicas compare sums), and a third of a cryptographic digest's cost on
    every call; nothing is gained by forging a collision but a nudge to one's own agent."""
    data = f"{tool}\x00{result}".encode("utf-8", "surrogatepass")
    return zlib.crc32(data) | zlib.crc32(data, _SECOND_SEED) << 32
