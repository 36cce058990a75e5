"""Narration: the model restates the same intent step after step without acting on it.

Four patterns, the first two and the last firing at the ``repeats``-th step (default 3):
- Restatement: consecutive steps whose texts say the same thing (estimated content-word
  similarity >= ``similarity``, default 0.25; each text at least ``min_words`` content words,
  default 5) while the calls do not act on what the text names: "Let me check the
  configuration to find where the policy is applied", reworded, while the calls wander. Over
  steps that call no tool it is talking in place of acting, and fires with the announcements
  (at the ``announcements``-th: writers of labelled transcripts count a fourth statement there);
  there, a text unlike the last but most of whose words the two before said (``SAID_BEFORE``)
  goes on restating: a monologue weighing the same figures dwells on one, then another.
- Talking without acting: consecutive text-only steps that say the same thing (similarity
  >= ``reply_similarity``, default 0.8; for texts of at most ``short_reply_words`` content
  words, default 8, ``short_reply_similarity``, default 0.4, since one changed word weighs much
  in a short text; at least ``reply_min_words`` content words, default 2) within one turn:
  the model announces an action that never comes ("Okay, I will run the tests." / "Now I will
  run the tests.") while the harness keeps asking. The same reply to each new user message,
  turn after turn, is the ``same_response`` detector's. State is per turn.
- Announcing without acting: ``announcements`` (default 4) consecutive text-only steps within
  one turn that each announce an action of the model's (``TextSketch.announces``: "I'll now
  write the summary.", "Next, I will create the file.", "Let me write it now."), or say little
  (``monologue_words``, default 20 content words at most, stating no facts: ``TextSketch.facts``)
  sharing a word with the step before,
  whatever words they use: a paraphrase of a short intent shares too few words to be measured
  as one, and the cue is read in a few languages only, while a model calling no tool and saying
  a sentence about what it just said, step after step with no user in between ("Перевіряю
  рівень заряду R-17.", reworded four times), is talking in place of acting in any language.
- Saying "again" to no avail: ``repeats`` consecutive steps whose text says the model does
  something again (``TextSketch.again``: "Let me verify this once more", "Re-reading the
  config", "I'll double-check the number") while every call succeeds with what the run had
  already given (``REPEAT`` or ``ECHO``, see ``novelty.py``): the model itself says it is
  repeating, and nothing comes of it. Whatever the words and the tools: "verify once more"
  over a search, then a page lookup, then the search again.

Not flagged: a restated intent over calls that still bring new results (a search fan-out
narrated in one template: progress, whatever the text says; a restatement fires only once
``repeats`` steps with calls in a row brought nothing: the same thought over an agent's
productive stretch is no loop until its calls stop bringing news), "Moving on to `b.py`" then
reading ``b.py`` (the step refers to its calls: that is fan-out, not narration), "Checking
again" while polling or "Let's run the tests again" after an edit (a step repeating the
previous step's calls breaks the chains; whether that is progress is for the result-aware
detectors to judge; "again" over a poll whose status moves or a re-run with another result
is a new answer), "Trying the payment again" over a failing call (the failure streak's),
short texts ("Done.", "Next file."), similar texts that are not consecutive (edit, test, edit,
test with templated messages), a reply split over several text-only messages that move on
(what changed, why, how to verify: nothing announced, and each a paragraph, about something the
one before did not name, or stating its facts: one lot and its score a message), templated
answers whose figures differ.

Seeds: OpenHands (exact message x3), HolmesGPT (3 turns, >= 4 words), weave-os router (>= 40
characters, 3 times in 12 messages). Works from the sketch and ``refers_to_calls`` alone
(privacy mode).
"""

from __future__ import annotations

from dataclasses import dataclass

from loopwatch.detect.novelty import REPHRASED_TERMS
from loopwatch.detect.step import Novelty, StepRecord
from loopwatch.events import shared_terms
from loopwatch.sketch import TextSketch, said_before, same_gist, similarity
from loopwatch.verdict import Finding


@dataclass(frozen=True, slots=True, kw_only=True)
class NarrationConfig:
    """Options of ``narration``.

    Attributes:
        repeats: consecutive steps restating one intent (or text-only steps saying the same
            thing) that fire; < 2 = off.
        similarity: estimated content-word similarity (0-1] from which two texts restate the
            same intent.
        min_words: content words a text needs before it can count as a restatement.
        reply_similarity: similarity (0-1] from which two text-only steps say the same thing.
        reply_min_words: content words a text-only step needs to be compared at all.
        short_reply_words: content words up to which a text-only step is short, compared with
            ``short_reply_similarity`` instead.
        short_reply_similarity: similarity (0-1] from which two short text-only steps say the
            same thing (one changed word weighs much in a short text).
        announcements: consecutive text-only steps in a turn that each announce an action
            (one that never comes) or say little (``monologue_words``) that fire; < 2 = off.
        monologue_words: content words up to which a text-only step stating no facts says
            little: counted in a run of announcements when it shares a content word with the
            step before.
    """

    repeats: int = 3
    similarity: float = 0.25
    min_words: int = 5
    reply_similarity: float = 0.8
    reply_min_words: int = 2
    short_reply_words: int = 8
    short_reply_similarity: float = 0.4
    announcements: int = 4
    monologue_words: int = 20

    def validate(self) -> None:
        for key in ("repeats", "announcements"):
            if getattr(self, key) < 0:
                raise ValueError(f"narration.{key} must be >= 0 (values < 2 mean off)")
        for key in ("similarity", "reply_similarity", "short_reply_similarity"):
            if not 0.0 < getattr(self, key) <= 1.0:
                raise ValueError(f"narration.{key} must be in (0, 1]")
        for key in ("min_words", "reply_min_words", "short_reply_words", "monologue_words"):
            if getattr(self, key) < 1:
                raise ValueError(f"narration.{key} must be >= 1")


# Share of a talk-only text's words the two texts before it said, from which it goes on with a
# restatement chain though it reads unlike the last one: a monologue weighing the same figures
# dwells on one part, then on another, then on both. A report split over messages shares its
# template and little else (each lot its place, score and advice: under half).
SAID_BEFORE = 0.5


@dataclass(slots=True)
class NarrationState:
    last_sketch: TextSketch | None = None
    # The text before it, while a restatement chain runs over steps calling no tool.
    earlier_sketch: TextSketch | None = None
    last_calls: tuple[str, ...] = ()
    restated: int = 0  # consecutive steps restating the same intent
    restated_from: int = 0
    # The previous step's calls' terms (ToolCall.targets), one call's after the other: a term
    # may repeat (``_targets``); records written when they were merged read the same.
    last_targets: tuple[int, ...] = ()
    last_reply: TextSketch | None = None  # the previous text-only step's
    same_replies: int = 0  # consecutive text-only steps saying the same thing
    same_replies_from: int = 0
    announced: int = 0  # consecutive text-only steps announcing an action or saying little
    announced_from: int = 0
    last_talk: TextSketch | None = None  # the last step of that run's
    again: int = 0  # consecutive steps saying "again" whose calls brought back what the run gave
    again_from: int = 0
    fruitless: int = 0  # steps with calls in a row that brought nothing new


class Narration:
    name = "narration"
    per_turn = True

    def __init__(self, config: NarrationConfig | None = None) -> None:
        self.config = config or NarrationConfig()
        self.config.validate()

    def new_state(self) -> NarrationState:
        return NarrationState()

    def observe(self, state: NarrationState, step: StepRecord) -> Finding | None:
        if step.calls:
            state.fruitless = 0 if step.novelty.informative else state.fruitless + 1
        step_calls = step.calls
        calls = step.call_set
        repeated_action = bool(calls) and calls == state.last_calls
        state.last_calls = calls
        sketch = step.sketch
        said: Finding | None = None  # what the text's cues found; most steps: no cue, no chain
        if state.again or (sketch is not None and sketch.again):
            said = self._track_again(state, step, repeated_action)
        self._track_restatement(state, step, repeated_action)
        self._track_replies(state, step)
        if state.announced or (sketch is not None and not step_calls and self._talks(sketch, None)):
            said = self._track_announcements(state, step) or said
        limit = self.config.repeats
        if limit < 2 or max(state.restated, state.same_replies) < limit:
            return said
        if step.novelty.informative:
            # Calls that still bring something new are progress, whatever the text repeats:
            # the alarm waits until they stop (a search fan-out narrated in one template stays
            # quiet while each search finds new results).
            return None
        restating = state.restated >= limit
        replying = state.same_replies >= limit
        if not step.calls:
            # Talk without a call restating one intent in other words is talking in place of
            # acting, judged as such (``announcements``); a near copy is the replies' chain.
            restating = restating and state.restated >= max(limit, self.config.announcements)
            if not (restating or replying):
                return said
        elif state.fruitless < limit or all(c.is_error for c in step_calls):
            # A restatement fires once as many steps in a row brought nothing: the intent
            # restated over a productive stretch is no loop until its calls stop bringing news.
            # Over calls that fail ("changing the coordinates and sending again") it is the
            # failure streak's to judge, by what the failures say.
            restating = False
            if not replying:
                return None
        active = []
        if restating:
            active.append((state.restated_from, state.restated, "the same intent was restated"))
        if replying:
            active.append(
                (state.same_replies_from, state.same_replies, "the model said the same thing without acting")
            )
        # The chain that started first names the loop, so its key holds while it goes on.
        first, count, what = min(active, key=lambda c: c[0])
        return self._finding(step, first, count, what)

    def _track_restatement(self, state: NarrationState, step: StepRecord, repeated_action: bool) -> None:
        sketch = step.sketch
        previous, state.last_sketch = state.last_sketch, sketch
        targets = _targets(step)
        previous_targets, state.last_targets = state.last_targets, targets
        earlier = state.earlier_sketch
        # In talk restating itself, a text most of whose words the two before said goes on, though
        # it reads unlike the last or is short ("Submitting the pre-authorization now.").
        said_again = (
            sketch is not None
            and not step.calls
            and state.restated >= 2
            and previous is not None
            and earlier is not None
            and sketch.words >= self.config.reply_min_words
            and said_before(sketch, earlier, previous) >= SAID_BEFORE
        )
        if (
            sketch is None
            or (sketch.words < self.config.min_words and not said_again)
            or repeated_action
            or (step.refers_to_calls and not _asking_again(step, targets, previous_targets))
        ):
            state.restated, state.last_sketch, state.earlier_sketch = 0, None, None
            return
        state.earlier_sketch = previous if not step.calls else None
        if previous is not None and (said_again or similarity(previous, sketch) >= self.config.similarity):
            if state.restated == 0:
                state.restated, state.restated_from = 1, step.number - 1
            state.restated += 1
        else:
            state.restated, state.restated_from = 1, step.number

    def _track_replies(self, state: NarrationState, step: StepRecord) -> None:
        sketch = step.sketch
        if step.calls or sketch is None or sketch.words < self.config.reply_min_words:
            state.same_replies, state.last_reply = 0, None
            return
        previous, state.last_reply = state.last_reply, sketch
        if previous is not None and same_gist(
            previous,
            sketch,
            threshold=self.config.reply_similarity,
            short_words=self.config.short_reply_words,
            short_threshold=self.config.short_reply_similarity,
        ):
            if state.same_replies == 0:
                state.same_replies, state.same_replies_from = 1, step.number - 1
            state.same_replies += 1
        else:
            state.same_replies, state.same_replies_from = 1, step.number

    def _track_announcements(self, state: NarrationState, step: StepRecord) -> Finding | None:
        if step.calls or step.sketch is None or not self._talks(step.sketch, state.last_talk):
            state.announced, state.last_talk = 0, None
            return None
        state.last_talk = step.sketch
        state.announced, state.announced_from = _extended(state.announced, state.announced_from, step)
        what = "the model talked of acting without calling a tool"
        return self._reached(self.config.announcements, step, state.announced_from, state.announced, what)

    def _talks(self, sketch: TextSketch, before: TextSketch | None) -> bool:
        """Whether a text-only step talks in place of acting: it announces an action, or says one
        short thing about what the run's ``before`` said (a text of no content word, an emoji,
        is neither; a short explanation moving on to another point shares no word with it)."""
        if sketch.announces:
            return True
        if not 0 < sketch.words <= self.config.monologue_words or sketch.facts:
            return False  # a long text, or one stating facts: a report split over messages
        return before is None or similarity(before, sketch) > 0.0

    def _track_again(self, state: NarrationState, step: StepRecord, repeated_action: bool) -> Finding | None:
        if not step.calls:
            return None  # a step that only thinks neither repeats nor breaks the repeating
        # The previous step's very calls again are the identical-call detector's to judge.
        if repeated_action or step.sketch is None or not step.sketch.again or not _answered_as_before(step):
            state.again = 0
            return None
        state.again, state.again_from = _extended(state.again, state.again_from, step)
        what = "the model said it did it again and got what it had"
        return self._reached(self.config.repeats, step, state.again_from, state.again, what)

    def _reached(self, limit: int, step: StepRecord, first: int, count: int, what: str) -> Finding | None:
        """The finding of a chain of ``count`` steps from ``first`` once it reaches ``limit``."""
        return None if limit < 2 or count < limit else self._finding(step, first, count, what)

    def _finding(self, step: StepRecord, first: int, count: int, what: str) -> Finding:
        return Finding(
            detector=self.name,
            key=f"{self.name}:{first}",
            summary=f"{what} in {count} consecutive steps",
            count=count,
            first_step=first,
            last_step=step.number,
        )


def _extended(count: int, first: int, step: StepRecord) -> tuple[int, int]:
    """A chain of ``count`` steps from ``first`` continued by ``step`` (or started, from none)."""
    return count + 1, (first if count else step.number)


def _answered_as_before(step: StepRecord) -> bool:
    """Whether every call of ``step`` succeeded with an answer the run had already given."""
    return all(kind in _AS_BEFORE for kind in step.novelty.kinds) and not any(c.is_error for c in step.calls)


_AS_BEFORE = frozenset({Novelty.REPEAT, Novelty.ECHO})


def _targets(step: StepRecord) -> tuple[int, ...]:
    """The terms of ``step``'s calls, one call's after the other. Merged only when compared
    (``_asking_again``, a few steps in a hundred): most steps have one call, whose terms are
    kept as they are."""
    calls = step.calls
    if len(calls) == 1:
        return calls[0].targets
    return tuple(t for c in calls for t in c.targets)


def _asking_again(step: StepRecord, targets: tuple[int, ...], previous: tuple[int, ...]) -> bool:
    """Whether ``step``'s calls only ask again what the previous step asked and bring nothing.

    Acting on what the text names excuses the restatement, unless the calls only ask again
    ("checking `parse_header`" over greps for it, reworded, returning the same line) or were all
    made before and answered as before (announcing an action over re-reads of the account, the
    series, the list); a fan-out over new targets still acts.
    """
    if not step.novelty.fruitless:
        return False
    if step.novelty.all_repeats:
        return True  # calls made before, answered as before: nothing acted on anew
    return shared_terms(tuple(set(targets)), tuple(set(previous))) >= REPHRASED_TERMS
