"""Same tool, trivially varied arguments, no new information.

Pattern: consecutive steps that each call one and the same tool (with any arguments) and get
nothing new back — every call is fruitless (see ``novelty.py``: the same result again, a
result the tool already gave for another request, or an empty or failing answer to a
rephrasing) — ``nudge_at`` times in a row (default 6): a search rephrased again and again,
``LIMIT 100`` then ``250``, a log window widened, the same file range re-read.

Second pattern, other work allowed in between: ``echoes_at`` (default 3) calls of one tool
in a turn, each a *different* call whose result echoed one the tool already gave (see
``novelty.py``: the same result, or one sharing most of its word trigrams), with no new result
from that tool in between: a query paraphrased between page visits and re-planning that keeps
bringing the same pages back, a task handed again to a sub-agent whose report says about the
same. A sub-agent (``fingerprint.delegating_tool``) that reported twice alike has answered: its
third hand-off fires, at ``echoes_at - 1`` echoes, unless the reports said they found nothing (a
task not done may well be handed again with a better brief).

Third pattern, whatever the answers: one request typed ``SPELLINGS`` (4) ways in a turn
(``CallOutcome.spelling``: capitals, separators, spaces, padding zeros, a number's type:
"BN-0412", "bn0412", "BN-412"; 22, 22.0, "22"): an id re-typed in every format the agent can
think of tries nothing new, where a fan-out names other ids. A typo corrected once or twice
until the record is found is quiet.

Not flagged: pagination and fan-out over many files (each result is new, so the streak resets),
bulk writes answered alike (a service called on each light answering "[]", a mutation per
product answering "no user errors": a call that changes something never echoes),
a poll answered "pending" again and again (waiting: the identical-call detector's), reads of
files of one template each followed by a change (a write acknowledged resets the echoes: read,
patch, read the next), polling whose status changes, a different tool breaking the streak, a
sweep (one call per date, id or page, all empty: each probe is information, so the streak
resets), repeated identical calls (the identical-call detector's job; they still count here).

Seed: the "same tool" streak guards that nudge at 6 and break at 10; the break is the
policy's escalation here, not a second threshold. Values < 2 mean off.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from loopwatch.detect.base import call_finding
from loopwatch.detect.novelty import SWEEP_ANSWER_CHARS, facts_key
from loopwatch.detect.step import INFORMATIVE, CallOutcome, Novelty, StepRecord
from loopwatch.fingerprint import ABSENT_RESULT, DONE_RESULT, FORM_RESULT, delegating_tool
from loopwatch.verdict import Finding


@dataclass(frozen=True, slots=True, kw_only=True)
class SameToolConfig:
    """Options of ``same_tool``.

    Attributes:
        nudge_at: consecutive steps calling one tool with nothing new back (the same result
            again, a result the tool already gave, an empty or failing answer to a rephrasing)
            that fire; < 2 = off.
        echoes_at: rephrased calls of one tool in a turn whose results echoed what it had
            already returned, with no new result from it in between (other tools' calls may
            come between), that fire (one fewer for a sub-agent's reports); < 2 = off.
    """

    nudge_at: int = 6
    echoes_at: int = 3

    def validate(self) -> None:
        if self.nudge_at < 0:
            raise ValueError("same_tool.nudge_at must be >= 0 (values < 2 mean off)")
        if self.echoes_at < 0:
            raise ValueError("same_tool.echoes_at must be >= 0 (values < 2 mean off)")


@dataclass(slots=True)
class SameToolState:
    tool: str = ""
    streak: int = 0
    streak_start: int = 0
    # Per tool, the echoes since its last new result and the step of the first; bounded by
    # the tools of one turn (the state is per turn) and trimmed to ECHO_TOOLS.
    echoes: dict[str, tuple[int, int]] = field(default_factory=dict)
    # Per request (``CallOutcome.spelling``): the step it was first made, the ways it was typed
    # and the fingerprints of the last ``SPELLINGS`` of them.
    spellings: dict[str, tuple[int, int, tuple[str, ...]]] = field(default_factory=dict)


# Tools whose echoes are followed at once: a turn rephrasing more tools than this has moved on.
ECHO_TOOLS = 16
# Ways one request was typed (an id in capitals, without its hyphen, without its padding zero)
# that fire: the first state visited a fourth time. An agent correcting a typo once or twice and
# getting its answer is no loop; blind authors put the onset at the fourth spelling.
SPELLINGS = 4
# Requests whose spellings are followed at once; the oldest typed is forgotten first.
SPELLING_REQUESTS = 32


class SameTool:
    name = "same_tool"
    per_turn = True

    def __init__(self, config: SameToolConfig | None = None) -> None:
        self.config = config or SameToolConfig()
        self.config.validate()

    def new_state(self) -> SameToolState:
        return SameToolState()

    def observe(self, state: SameToolState, step: StepRecord) -> Finding | None:
        if not step.calls:
            return None
        echoed = self._count_echoes(state, step)
        respelled = self._count_spellings(state, step)
        return self._streak(state, step) or echoed or respelled

    def _count_spellings(self, state: SameToolState, step: StepRecord) -> Finding | None:
        """Follow the spellings of each short call (``CallOutcome.spelling``); the finding once
        one request was typed ``SPELLINGS`` ways in the turn, whatever each brought back."""
        found: Finding | None = None
        spellings = state.spellings
        for call in step.calls:
            spelling = call.spelling
            if not spelling or call.result is None:
                continue  # a long call, or one whose answer never came
            typed = spellings.get(spelling)
            if typed is None:  # most calls: a request made for the first time
                spellings[spelling] = (step.number, 1, (call.call,))
                if len(spellings) > SPELLING_REQUESTS:
                    del spellings[next(iter(spellings))]
                continue
            first, count, recent = typed
            if call.call in recent:
                continue  # typed as before: the identical-call detector's
            count += 1
            del spellings[spelling]  # most recently typed last
            spellings[spelling] = (first, count, (*recent, call.call)[-SPELLINGS:])
            if count >= SPELLINGS:
                found = call_finding(
                    call,
                    detector=self.name,
                    key=f"{self.name}:spelled:{call.name}:{first}",
                    summary=(
                        f"`{call.name}` was asked for one thing typed {count} ways "
                        "(capitals, separators, padding zeros)"
                    ),
                    count=count,
                    first_step=first,
                    last_step=step.number,
                )
        return found

    def _count_echoes(self, state: SameToolState, step: StepRecord) -> Finding | None:
        if not state.echoes and Novelty.ECHO not in step.novelty.kinds:
            return None  # most steps: no echo to count, none counted to forget
        if any(c.error_class.startswith(DONE_RESULT) and not c.is_error for c in step.calls):
            # A change made in between (read a file, patch it, read the next one of the same
            # template): the agent acted on what it read, so its reads start over.
            state.echoes.clear()
        found: Finding | None = None
        for call, kind in zip(step.calls, step.novelty.kinds, strict=False):
            if kind in INFORMATIVE:
                state.echoes.pop(facts_key(call.name), None)
            elif (
                (kind is Novelty.ECHO or (kind is Novelty.REPEAT and _reports_again(state, call)))
                and (call.frame or call.phrased)
                and (
                    call.overlap
                    or call.facts
                    or _reports_nothing(call)
                    or _states_a_record(call)
                    or _lists_again(call)
                )
            ):
                # A query (a short call, on one line) answered at length with what it answered
                # before, a report stating the figures and names it stated (however short), the
                # same rows or hits for a query in words, or one that found nothing again; a
                # short answer with nothing to state ("[edit applied]", "OK", "No results
                # found.") may well repeat for new work.
                tool = facts_key(call.name)  # sub-agents under any name are one
                count, first = state.echoes.pop(tool, (0, step.number))
                state.echoes[tool] = (count + 1, first)
                if len(state.echoes) > ECHO_TOOLS:
                    del state.echoes[next(iter(state.echoes))]
                limit = self.config.echoes_at
                if limit > 2 and call.error_class != ABSENT_RESULT and delegating_tool(call.name):
                    limit -= 1  # a task answered twice alike: asking a third time is the loop
                if limit >= 2 and count + 1 >= limit:
                    found = call_finding(
                        call,
                        detector=self.name,
                        key=f"{self.name}:echo:{call.name}:{first}",
                        summary=(
                            f"`{call.name}` was called {count + 1} times with rephrased arguments "
                            "and brought back what it had already returned"
                        ),
                        count=count + 1,
                        first_step=first,
                        last_step=step.number,
                    )
        return found

    def _streak(self, state: SameToolState, step: StepRecord) -> Finding | None:
        calls = step.calls
        tool = calls[0].name
        if len(calls) > 1 and any(c.name != tool for c in calls):
            tool = ""  # several tools: no streak (its count restarts below)
        if tool != state.tool:
            state.tool, state.streak = tool, 0
        # A repeat of something read before this streak began is a re-read, which the revisit
        # detector judges; within the streak it is the same answer again.
        reread = Novelty.REPEAT in step.novelty.kinds and step.novelty.since < state.streak_start
        # A status saying the work goes on is waiting, which the identical-call detector judges.
        if not step.novelty.fruitless or reread or not state.tool or step.waiting:
            # New information restarts the count; this step is the first of a possible streak.
            state.streak, state.streak_start = (1 if state.tool else 0), step.number
            return None
        if state.streak == 0:
            state.streak_start = step.number
        state.streak += 1
        limit = self.config.nudge_at
        if limit < 2 or state.streak < limit:
            return None
        last = step.calls[-1]
        return call_finding(
            last,
            detector=self.name,
            key=f"{self.name}:{state.tool}:{state.streak_start}",
            summary=(
                f"`{state.tool}` was called {state.streak} times in a row with varied arguments "
                "and returned nothing new"
            ),
            count=state.streak,
            first_step=state.streak_start,
            last_step=step.number,
        )


def _states_a_record(call: CallOutcome) -> bool:
    """A query in words answered with a short record longer than a probe's answer
    (``FORM_RESULT``: not an acknowledgement nor a status): the same item found again for another
    wording. A target named anew (a path, a repository) answered alike is a fan-out over files of
    one template, and a placeholder answer ("[content not recorded]") has no form of a record."""
    return call.phrased and call.size > SWEEP_ANSWER_CHARS and call.error_class.startswith(FORM_RESULT)


def _lists_again(call: CallOutcome) -> bool:
    """A query in words answered with lines (``ToolResult.lines``: a listing, CSV rows, search
    hits) that were all given before: the same entries found again for another wording. A
    target named anew (a file of one template read after another) is a fan-out, not asked in
    words."""
    return call.phrased and len(call.lines) >= 2


def _reports_nothing(call: CallOutcome) -> bool:
    """A report (longer than a probe's "nothing here") saying it found nothing."""
    return call.error_class == ABSENT_RESULT and call.size > SWEEP_ANSWER_CHARS


def _reports_again(state: SameToolState, call: CallOutcome) -> bool:
    """Whether ``call`` hands a sub-agent a task it was handed before, word for word, while its
    reports echo (``fingerprint.delegating_tool``): the same report again goes on echoing. A
    query repeated is the identical-call detector's."""
    return delegating_tool(call.name) and facts_key(call.name) in state.echoes
