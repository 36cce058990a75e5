"""Novelty: what a step taught the agent that the run had not already shown it.

One notion shared by the detectors, so that they agree on what "nothing new" means. Each call
of a completed step is classified once, by the engine, before any detector runs:

- ``NEW``: a call not made before with a result the tool had not given, or a known call
  whose result changed after other calls (a re-run that fails differently after an edit).
- ``MOVED``: a known call re-issued at once whose result changed: nothing the agent did in
  between changed it, the world moved (a poll whose status moved on, failing or not). New
  information like ``NEW``; a failure streak restarts at it, as at a probe.
- ``REPEAT``: the same call returned the same result again. Failures repeat across the whole
  run (a user saying "try again" does not make an identical error new information); successes
  repeat within a turn (a new request may legitimately re-read what the agent read before).
  ``repeats`` counts the occurrences in a row of that call: a different result in between
  starts over, and occurrences separated only by steps that taught nothing (waiting between
  polls) do not add up, while occurrences separated by new information do (the agent went on
  and came back: lost context), unless the call changes something (``ToolCall.mutates``: a key
  pressed to scroll, each look after it bringing news, acts again rather than reads again). A
  success re-run after a change the agent made (a write acknowledged since:
  ``fingerprint.DONE_RESULT``) starts over: tests passing again after each edit check each
  edit. A call re-run at once whose answer has no line the call had
  not given in the steps just before is the same result though its fingerprint changed
  (``ToolResult.lines``: the same pages reordered, another selection of one pool, a failure
  whose port or pid changed), and so is a failure of one line, or too long to hash by lines,
  whose kind and wording did not change, and so is a short record or an acknowledgement in
  the form it had under a new identifier (a read answers with the id it answered: the call,
  whatever its name says, created something again), and so is a phrased call's answer restating, in
  other sentences, only facts the tool had stated (a task handed to a sub-agent again word
  for word; ``_restates``), or, to a brief re-asked, in one sentence naming nothing new
  ("Same finding: Kowal and Pires.") (``_same_answer``).
- ``RECHECK``: the same successful call and result as in an earlier turn: the user asked
  again. Neither progress nor repetition.
- ``ECHO``: a different call of the same tool returned a result the tool already gave in this
  turn (not one acknowledging a change, ``DONE_RESULT``: every edit of a file is acknowledged in
  the same words, and ten edits are ten changes; nor any answer to a call that changes
  something, ``ToolCall.mutates``: "[]" for a service called on each light is each write done),
  or one that overlaps it heavily
  (``ECHO_OVERLAP`` of its word trigrams: the same pages reordered with other snippets, a
  sub-agent's report saying about the same again), or one stating only facts the tool already
  stated (``ToolResult.facts``: the same figure, names and sources in other sentences; the tools
  handing work to sub-agents are one tool here, ``facts_key``: a second agent's name for the
  same task reports against the first's), or,
  for a call asking about the subject of the tool's previous one, only figures it already
  stated (``NEW_FIGURES_ECHO``: a task asked again, whose report restates its figures and names
  its sources otherwise): the variation (a rephrased query, another limit, a reworded task)
  did not matter. So is an answer
  that says it found nothing (``fingerprint.ABSENT_RESULT``: "Could not determine ...", "no
  exact figure found") to a call about the same subject (``SAME_SUBJECT_TERMS``) after the tool
  had found nothing already: a task re-delegated whose report says so again, in other words.
- ``BLANK``: a new call that failed or came back empty, outside a sweep or fan-out, unless it
  failed in a new way: a tool that has failed since it last succeeded, always with typed
  exceptions, and now raises one of a type it had not (``ToolResult.error_class``:
  "SyntaxError", then "ImportError", then "AssertionError") made progress, and the call is
  ``NEW``. The same type in other words ("can only concatenate str", "unsupported operand
  type(s)": both TypeErrors) is BLANK.
- ``PROBE``: a sweep or fan-out: a call of the same shape as the tool's previous call (only
  numbers differ: the next date, id or page) whose result is empty, an error, or a short answer
  (``SWEEP_ANSWER_CHARS``) the tool already gave ("[]", "(0 rows)"): "nothing here" again, or a
  failing call on a new target of a tool that failed on other new targets in the steps just
  before (``FANOUT_TARGETS`` in a row; steps that only read with other tools between them do not
  break the row: a directory listed between files looked for), with an error the tool had not
  given that names the target: most terms the call has and the tool's previous call had not
  appear in the error (``NAMED_CHANGES``; ``ToolCall.targets``, ``ToolResult.error_terms``:
  hashed, so privacy mode judges alike). An error saying the call was malformed
  (``fingerprint.INVALID_ERROR``: "invalid date ...: expected format YYYY-MM-DD") probes
  nothing, sweep or not: the next value is another attempt at a well-formed call. A target is
  what a short call of one frame varies (``ToolCall.frame``: the same keys and value types, only
  the values change): a rewritten snippet, a renamed or retyped parameter is another attempt,
  and an error that does not name what changed ("can only concatenate str") says the attempt
  failed the same way, not that a target is absent. A sweep is judged as a sweep only: times
  tried one after another, each refused by the same rule naming the time, are attempts at one
  thing, not a fan-out. Absence on a new target is information; the same error for a
  rephrased call is not.
- ``UNKNOWN``: no result arrived or none was recorded. Missing content is never "the same".

A step is *fruitless* when it has calls and each of them is a REPEAT, ECHO or BLANK; it is
*informative* when at least one is NEW or MOVED. Memory is bounded (see the constants): the most
recently used calls, a few results per tool, the previous call per tool.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from loopwatch.detect.step import (
    NO_CALLS,
    WAITED,
    CallOutcome,
    Novelty,
    StepNovelty,
    looks_elsewhere,
    only_waits,
)
from loopwatch.events import contained_terms, restates_failure, shared_terms
from loopwatch.fingerprint import (
    ABSENT_RESULT,
    ACK_RESULT,
    DONE_RESULT,
    FORM_RESULT,
    INVALID_ERROR,
    MAX_LINES,
    MISSING_ERROR,
    PENDING_RESULT,
    STATUS_RESULT,
    TYPED_ERROR,
    delegating_tool,
    figures,
)
from loopwatch.sketch import closest_overlap, overlap

_T = TypeVar("_T")

# Calls remembered per session. Lost-context repeats recur within tens of steps; a call not
# seen for 256 distinct calls is as good as new to the model, whose context is long gone.
CALL_MEMORY = 256
# Distinct results remembered per tool within a turn, and tools remembered: an echo is a
# rephrasing of a recent request, so a short window catches it.
RESULTS_PER_TOOL = 8
TOOL_MEMORY = 32
# Different targets of one tool failing in consecutive steps before it counts as a fan-out (a
# search for the right path, version or id) rather than a retry with other arguments.
FANOUT_TARGETS = 3
# Share of what a failing call changed from the tool's previous call (its new terms) that its
# error must name for the call to have tried another target: "raw.orders" for "archive.orders",
# named whole. A query rewritten with four other names, failing on one guessed column, tried
# another wording of one attempt. The corpus scores the same from 0.25 to 0.8; 1.0 flags a
# healthy fan-out over candidate config files.
NAMED_CHANGES = 0.5
# Share of what a failing phrased call (a statement, a query in words) names that must be new for
# it to try another target. A query naming twenty tables and columns, one of them guessed anew,
# asks the same question again; a path or an id is a target whole, however many parts it shares.
TARGET_SHARE = 0.25
# The longest repeated answer a sweep step may get and still be probing: "[]", "(0 rows)" or
# "Query returned no rows." are absences on a new target; the same longer content for another
# date or line number means the variation did not reach the data (a widened window over one
# file). The public corpus scores the same from 8 to 32 characters.
SWEEP_ANSWER_CHARS = 24
# Success classes that are statuses of a call's own target (a change made, work going on).
_STATUSES = (DONE_RESULT, PENDING_RESULT)
# Success classes that acknowledge a request: a write re-issued at once and acknowledged again
# (under a new entry id, a new version) was done again. To a write, a status saying the work
# goes on ("queued", "sent") is its acknowledgement: the request was taken, again.
_ACKNOWLEDGED = (DONE_RESULT, ACK_RESULT, FORM_RESULT, PENDING_RESULT)
# Success classes whose form masks the identifiers a call mints: the same form under a new id is
# the same answer to a call re-issued, whatever its name says it does.
_MINTED = (DONE_RESULT, FORM_RESULT)
# Estimated share of word trigrams from which a rephrased call's result echoes one the tool
# gave: the same pages reordered with other snippets share 0.4-0.6; another search's results
# share under a fifth. A call that is no rephrasing (another file, a reworded task) echoes only
# with a near copy: files of one template share about half their trigrams, a sub-agent's
# report saying the same again nine tenths.
ECHO_OVERLAP = 0.4
COPY_OVERLAP = 0.8
# Share of terms from which a call rephrases the tool's previous one ("X household income 2021
# details" after "household income 2021 X official"): reading another file of one template
# shares its directories only, and such answers may overlap without echoing anything.
REPHRASED_TERMS = 0.4
# Share of the shorter query's terms the other one has, from which a call asks about the subject
# of the tool's previous call in other words: then an answer saying it found nothing again
# (``fingerprint.ABSENT_RESULT``: "Find X", then "Search the web for X and report it") is the
# same answer in substance, and so is one citing only links the tool gave ("AI Act timeline
# GPAI" after "EU AI Act article 113 GPAI date": a short rephrasing shares a tenth of a long
# one's terms, Jaccard, and a third of its own). Searches on other subjects landing on the same
# documentation sites share none. The corpus scores the same from 0.2 to 0.3; 0.4 catches a
# paraphrase loop two steps later.
SAME_SUBJECT_TERMS = 0.3
# Overlap sketches remembered per tool within a turn: a paraphrase echoes a recent answer.
OVERLAPS_PER_TOOL = 4
# A tool each of whose new answers shared at least this much with an earlier one wraps them in
# boilerplate (a write acknowledged with the file and the same long instructions each time):
# overlap says nothing there, and only exact echoes count for it. Searches on other subjects
# share under a fifth, so one such answer keeps overlap meaningful for the tool. One answer
# alone is no wrapper: a paraphrase just short of the rephrasing bar shares as much with the
# pages it brought back again; ``WRAPPER_ANSWERS`` new answers that all did are one.
BOILERPLATE_OVERLAP = 0.3
WRAPPER_ANSWERS = 2
# Share of an answer's lines or links the tool had not given up to which an echoing tool's
# answer still echoes: the same pages came back with one other among four, two among seven
# (``_seen_before``). The corpus scores the same from 0.25 to 0.4 (0.2 misses a paraphrase
# loop whose every other search brought one low-value page; 0.5 flags a long healthy run).
NEW_LINES_ECHO = 0.3
# Share of an answer's facts (``ToolResult.facts``) the tool had not stated up to which a phrased
# call's answer echoes, from the first: a report restating its figure and sources in other
# sentences names a source in passing or opens a sentence with a name. Only phrased calls are
# judged by facts, so reading files of one template one by one is not.
NEW_FACTS_ECHO = 0.2
# Terms from which a phrased call's words are a brief (a task, a question in sentences), not a
# command line or a short query: a brief asked again word for word and answered in one line
# saying nothing new restates (``_restates_briefly``). Tasks handed to sub-agents name more; a
# short command ("pytest -q tests", answered "1 failed", then "42 passed") names fewer. The
# corpus scores the same from 1 to 6 (its polls answer in listings and statuses, judged apart).
BRIEF_TERMS = 6
# Share of a report's figures (``fingerprint.figures``) the tool had not stated up to which a
# task asked again about the same subject (``SAME_SUBJECT_TERMS``) got the same report: asked
# again, a sub-agent restates its figures and cites its sources and names in other words ("EMEA",
# "Europe"; "the 10-K", "Note 17"), and may add one figure of three (a range around the
# estimate). At least ``RESTATED_FIGURES`` figures: one number says too little. The corpus scores
# the same from 0.2 to 0.45; 0.5 flags healthy search fan-outs whose pages share their figures.
NEW_FIGURES_ECHO = 0.34
RESTATED_FIGURES = 2


@dataclass(slots=True)
class CallMemo:
    """The last result of one call and how often in a row it came back."""

    result: str
    count: int
    first_step: int
    seq: int  # index of the step (among steps with calls) of the last occurrence
    mark: int  # informative steps seen before the last occurrence
    turn: int
    failed: bool
    overlap: tuple[int, ...] = ()  # a failure's or phrased call's trigram sketch (``_same_answer``)
    error_class: str = ""  # a failure's kind
    changes: int = 0  # changes the agent had made (``NoveltyState.changes``) at the last occurrence


@dataclass(slots=True)
class PreviousCall:
    """What the next call of a tool is compared with: its previous call's shape, words and terms
    (``CallOutcome.shape``, ``wording``, ``targets``)."""

    shape: str
    wording: str
    targets: tuple[int, ...]


@dataclass(slots=True)
class NoveltyState:
    turn: int = 0
    seq: int = 0  # steps with calls so far
    informative: int = 0  # steps that brought something new
    calls: dict[str, CallMemo] = field(default_factory=dict)  # least recently used first
    tool_results: dict[str, list[str]] = field(default_factory=dict)  # this turn's, per tool
    fanout: dict[str, int] = field(default_factory=dict)  # tool -> new targets failed in a row
    fanout_frame: dict[str, str] = field(default_factory=dict)  # tool -> frame of those calls
    last_call: dict[str, PreviousCall] = field(default_factory=dict)  # per tool, most recent last
    # Failures per tool and error since the tool last succeeded: an error that a trivially
    # varied call got too counts when the call is then re-issued verbatim.
    tool_errors: dict[str, dict[str, int]] = field(default_factory=dict)
    # Classes of those failures: a failure of another class is progress.
    tool_error_classes: dict[str, list[str]] = field(default_factory=dict)
    # The terms those failures named (``ToolResult.error_terms``): the same failure in other words.
    tool_error_terms: dict[str, list[tuple[int, ...]]] = field(default_factory=dict)
    tool_overlaps: dict[str, list[tuple[int, ...]]] = field(default_factory=dict)  # this turn's
    # Per tool, the least its new answers shared with an earlier one, and how many were compared.
    tool_boilerplate: dict[str, tuple[float, int]] = field(default_factory=dict)
    # The previous step's successful calls -> every line their answers gave in a row (back to
    # back repeats of a call; ``ToolResult.lines``).
    step_lines: dict[str, tuple[int, ...]] = field(default_factory=dict)
    tool_lines: dict[str, list[tuple[int, ...]]] = field(default_factory=dict)  # this turn's, per tool
    tool_links: dict[str, list[tuple[int, ...]]] = field(default_factory=dict)  # this turn's, per tool
    tool_facts: dict[str, list[tuple[int, ...]]] = field(default_factory=dict)  # this turn's, per tool
    echoing: dict[str, None] = field(default_factory=dict)  # tools whose last new call echoed (this turn)
    changes: int = 0  # writes acknowledged so far (``fingerprint.DONE_RESULT``)


def assess(state: NoveltyState, calls: tuple[CallOutcome, ...], *, number: int, turn: int) -> StepNovelty:
    """Classify step ``number``'s calls against what the run has shown, then remember them.

    Called once per completed step, in order, by the engine. O(calls in the step).
    """
    if turn != state.turn:
        state.turn = turn
        state.tool_results.clear()
        state.tool_overlaps.clear()
        state.tool_boilerplate.clear()
        state.tool_lines.clear()
        state.tool_links.clear()
        state.tool_facts.clear()
        state.echoing.clear()
    if not calls:
        return NO_CALLS
    if only_waits(calls):
        # Waiting is no step of work: a status checked again after it is checked back to back.
        return WAITED
    state.seq += 1
    fanout = _advance_fanout(state, calls)
    if len(calls) == 1:  # most steps: one classification, no list of them to transpose
        kind, repeat, first, spread = _classify(state, calls[0], number, fanout)
        _count_failure(state, calls[0])
        novelty = StepNovelty.one(kind, repeat, first, spread)
    else:
        classified = [_classify(state, call, number, fanout) for call in calls]
        for call in calls:
            _count_failure(state, call)
        kinds, repeats, firsts, spreads = zip(*classified, strict=True)
        novelty = StepNovelty.of(kinds, repeats, firsts, spreads)
    if novelty.informative:
        state.informative += 1
    _remember_lines(state, calls)
    for call in calls:
        if call.error_class.startswith(DONE_RESULT):
            state.changes += 1
    for call in calls:  # what this step taught or changed is not "since" its own calls
        memo = state.calls.get(call.call)
        if memo is not None:
            memo.mark, memo.changes = state.informative, state.changes
        _remember_call(state, call)
    return novelty


def _advance_fanout(state: NoveltyState, calls: tuple[CallOutcome, ...]) -> dict[str, int]:
    """Count, per tool, the consecutive steps in which it failed on a new target: a call never
    made before, of the frame of the tool's previous such call (see ``ToolCall.frame``)."""
    # Cheapest conditions first: most calls succeed (a loop, not a comprehension, which would
    # cost a function call per step).
    failed_new: dict[str, str] = {}
    for c in calls:
        if (
            c.is_error
            and c.frame
            and c.call not in state.calls
            and not c.error_class.startswith(INVALID_ERROR)
            and _names_target(state, c)
        ):
            failed_new[c.name] = c.frame
    if not failed_new and state.fanout and looks_elsewhere(calls, state.fanout):
        return state.fanout  # a directory listed between files looked for: the fan-out goes on
    if failed_new or state.fanout:
        state.fanout = {
            tool: state.fanout.get(tool, 0) + 1 if state.fanout_frame.get(tool) == frame else 1
            for tool, frame in failed_new.items()
        }
        state.fanout_frame = failed_new
    return state.fanout


def _names_target(state: NoveltyState, call: CallOutcome) -> bool:
    """Whether ``call``, a failure, has an error naming what it changed from the tool's last call."""
    # What the call names that the previous did not; a call that only dropped terms (the same
    # file name without its directory) is judged by all it names.
    named, last = set(call.targets), set(_last_targets(state, call))
    if named == last:
        return False  # the same terms spelled otherwise ("Kyiv-Livoberezhna", "KYIV LIVOBEREZHNA")
    changed = named.difference(last) or named
    if not changed:
        return False  # a call naming nothing (an id of digits) cannot be seen named
    if call.phrased and len(changed) < TARGET_SHARE * len(call.targets):
        return False  # one name changed in a statement naming many: the same request, reworded
    return len(changed.intersection(call.error_terms)) >= NAMED_CHANGES * len(changed)


def _classify(
    state: NoveltyState, call: CallOutcome, number: int, fanout: dict[str, int]
) -> tuple[Novelty, int, int, bool]:
    """(kind, occurrences in a row, step of the first, whether it recurred after other work)."""
    if call.result is None:
        return Novelty.UNKNOWN, 1, number, False
    memo = state.calls.pop(call.call, None)
    if memo is not None and (memo.failed or memo.turn == state.turn) and _same_answer(state, memo, call):
        adjacent = memo.seq == state.seq - 1
        # Waiting is not going on; nor is acting again after looking (a key pressed to scroll,
        # each look after it bringing news): only a read repeated after other work lost context.
        went_on = state.informative > memo.mark and not call.empty and not call.mutates
        if not memo.failed and memo.changes != state.changes:
            memo.count = 1  # checked again after a change the agent made: the check starts over
        elif memo.failed or adjacent or went_on:
            memo.count += 1
        memo.seq = state.seq
        memo.result, memo.overlap = call.result, call.overlap  # the same failure drifts step by step
        if memo.failed:
            earlier = state.tool_errors.get(call.name, {}).get(call.result, 0)
            memo.count = max(memo.count, earlier + 1)
        state.calls[call.call] = memo
        return Novelty.REPEAT, memo.count, memo.first_step, not (memo.failed or adjacent)
    # In field order: one per new call on the hot path, where binding keywords costs.
    state.calls[call.call] = CallMemo(
        call.result,
        1,  # count
        number,  # first_step
        state.seq,
        0,  # mark: set once the step is assessed
        state.turn,
        call.is_error,  # failed
        call.overlap if call.is_error or call.phrased else (),
        call.error_class,
        state.changes,
    )
    while len(state.calls) > CALL_MEMORY:
        del state.calls[next(iter(state.calls))]
    if memo is not None:
        if memo.result == call.result:
            return Novelty.RECHECK, 1, number, False
        # The same task handed again, and the report found nothing again in other words.
        nothing_again = memo.turn == state.turn and memo.error_class == call.error_class == ABSENT_RESULT
        if nothing_again:
            return Novelty.ECHO, 1, number, False
        if call.phrased and call.facts and not call.is_error:  # what a restatement is judged by
            _remember(state.tool_facts, facts_key(call.name), call.facts, OVERLAPS_PER_TOOL)
        # Re-issued at once, answered otherwise: nothing the agent did in between changed it.
        return (Novelty.MOVED if memo.seq == state.seq - 1 else Novelty.NEW), 1, number, False
    fan_out = fanout.get(call.name, 0) >= FANOUT_TARGETS and call.result not in state.tool_errors.get(
        call.name, {}
    )
    kind = _classify_new_call(state, call, fan_out)
    if kind is Novelty.ECHO:
        state.echoing[call.name] = None
        while len(state.echoing) > TOOL_MEMORY:
            del state.echoing[next(iter(state.echoing))]
    elif kind is Novelty.NEW:
        state.echoing.pop(call.name, None)
    return kind, 1, number, False


def _acknowledges(success_class: str) -> bool:
    """Whether a success's class is one a write's answer has: a change or a request acknowledged
    (taken, or queued), or a short record whose form, numbers masked, is all that can be compared
    without content."""
    return success_class.startswith(_ACKNOWLEDGED)


def _acknowledged_alike(before: str, now: str) -> bool:
    """Whether two success classes acknowledge a write alike: both a change made (in whatever
    form: "revision=8" after "revision=7"), or the same acknowledgement or short record."""
    if before.startswith(DONE_RESULT):
        return now.startswith(DONE_RESULT)
    return before == now and _acknowledges(now)


def _same_answer(state: NoveltyState, memo: CallMemo, call: CallOutcome) -> bool:
    """Whether the same call answered as it did last time: the same result, or the same failure.

    A call re-issued back to back whose answer has only lines the call gave in the steps just
    before (``state.step_lines``) gave the same answer though its fingerprint changed: a search
    engine reshuffling one pool of pages, or a failure that differs only in what the tool varies
    by itself (a port, a pid: ``fingerprint.failure_line_hashes`` masks them), which a plain
    repeated-call guard sees as the same call again too. A poll's changed status line is a line
    not seen, failing or not ("2 of 4 replicas updated", then "3 of 4"). A failure too long to
    hash line by line is the same when it is of the same kind (``error_class``) sharing
    ``ECHO_OVERLAP`` of its trigrams, or, for a short message (no sketch), whose untyped class,
    the message with what varies masked, is the same. After other calls in between (an install,
    an edit) a changed error is their effect (another missing module, the same error from an
    edited line), and a success's changed answer is news (a poll where one pod finished): only
    an equal result repeats then. Overlap never judges a success: a poll with one changed line
    overlaps the last more than a reshuffled search does. Back to back or not, a phrased call
    answered with the same facts in other sentences (``_restates``) gave the same answer: a
    sub-agent handed the same task reports what it reported, whatever the manager did between.
    """
    if memo.result == call.result:
        return True
    if call.is_error != memo.failed:
        return False
    if _restates(state, memo, call):
        return True
    if call.mutates and _acknowledged_alike(memo.error_class, call.error_class):
        return True  # the same write acknowledged again, under a new entry id, at once or not
    if call.error_class == memo.error_class and call.error_class.startswith(_MINTED):
        # A call its name does not say writes ("mes_hold_lot", "solicitar_portabilidade") says
        # so by its answer: the same change acknowledged, or the same short record, in the same
        # form under a new id (a read answers with the id it answered; a status that moved has
        # another form).
        return True
    if memo.seq != state.seq - 1:
        return False
    if call.lines:
        seen = state.step_lines.get(call.call)
        return seen is not None and set(seen).issuperset(call.lines)
    if not call.is_error or not call.error_class or call.error_class != memo.error_class:
        return False
    if memo.overlap and call.overlap:
        return overlap(memo.overlap, call.overlap) >= ECHO_OVERLAP
    # A short message's class is the message with what varies masked, unless it is a type:
    # "ModuleNotFoundError: a" then "...: b" is another failure of one type.
    return not (memo.overlap or call.overlap or call.error_class.startswith(TYPED_ERROR))


def _classify_new_call(state: NoveltyState, call: CallOutcome, fan_out: bool) -> Novelty:
    previous = state.last_call.get(call.name)
    sweep = bool(call.shape) and bool(call.frame) and previous is not None and previous.shape == call.shape
    if call.is_error or call.empty:
        # A malformed call is another attempt, not another target; a sweep failing the way it
        # failed before (the same 502 page for the next order, the same kind of refusal in other
        # words), unless to say the target does not exist ("404 Not Found" for the next
        # version), found nothing about its target, however many targets it went through.
        if _probes(state, call) if sweep else fan_out and call.is_error:
            return Novelty.PROBE
        return Novelty.NEW if call.is_error and _fails_differently(state, call) else Novelty.BLANK
    results = state.tool_results.get(call.name)
    # A status (work done, work going on) given again to another call is about that call's target,
    # and so is any answer to a call that changes something: the acknowledgement of another write.
    given = (
        results is not None
        and call.result in results
        and not call.error_class.startswith(_STATUSES)
        and not call.mutates
    )
    if given or _seen_before(state, call):
        return Novelty.PROBE if sweep and call.size <= SWEEP_ANSWER_CHARS else Novelty.ECHO
    if call.error_class == ABSENT_RESULT and (call.frame or call.phrased) and not sweep and not call.mutates:
        # "Found nothing" again, in other words, for the same question asked again (a task
        # re-delegated, a search rephrased): the tool's answer has not changed in substance.
        related = _same_subject(state, call)
        if related and results is not None and ABSENT_RESULT in results:
            return Novelty.ECHO
        _remember(state.tool_results, call.name, ABSENT_RESULT, RESULTS_PER_TOOL)
    overlaps = state.tool_overlaps.get(call.name)
    # Only a short call (a query, a target: it has a frame) asks for information; a write or
    # an edit whose result shows the file it changed echoes its own input, not an answer.
    if overlaps and call.overlap and call.frame and not sweep and not call.mutates:
        # Under the boilerplate bar, the lowest it is compared with, its value decides nothing.
        closest = closest_overlap(call.overlap, overlaps, at_least=BOILERPLATE_OVERLAP)
        least, answers = state.tool_boilerplate.get(call.name, (0.0, 0))
        wrapped = answers >= WRAPPER_ANSWERS and least >= BOILERPLATE_OVERLAP
        if not wrapped and closest >= _echo_bar(state, call, closest):
            # An echo is still an answer the tool gave: the next paraphrase is judged by it too.
            _remember_answer(state, call)
            return Novelty.ECHO
        # What every new answer shared with the closest earlier one: the tool's wrapper.
        state.tool_boilerplate[call.name] = (min(closest, least) if answers else closest, answers + 1)
        while len(state.tool_boilerplate) > TOOL_MEMORY:
            del state.tool_boilerplate[next(iter(state.tool_boilerplate))]
    _remember(state.tool_results, call.name, call.result or "", RESULTS_PER_TOOL)
    _remember_answer(state, call)
    return Novelty.NEW


def _probes(state: NoveltyState, call: CallOutcome) -> bool:
    """Whether ``call``, a sweep's empty or failing answer, is news about its target."""
    error_class = call.error_class
    if error_class.startswith(INVALID_ERROR):
        return False
    failed_again = (
        call.is_error
        and not error_class.startswith(MISSING_ERROR)
        and (
            call.result in state.tool_errors.get(call.name, ())
            or (bool(error_class) and error_class in state.tool_error_classes.get(call.name, ()))
            # The same refusal in other words, about something the call did not change.
            or (
                restates_failure(call.error_terms, state.tool_error_terms.get(call.name, ()))
                and not _names_target(state, call)
            )
        )
    )
    return not failed_again


def _remember_answer(state: NoveltyState, call: CallOutcome) -> None:
    """Keep what later answers of the tool in this turn are compared with: the overlap sketch,
    the lines of a short call's answer and the links of a phrased one (``_seen_before``)."""
    if call.overlap:
        _remember(state.tool_overlaps, call.name, call.overlap, OVERLAPS_PER_TOOL)
    if call.lines and call.frame:
        _remember(state.tool_lines, call.name, call.lines, OVERLAPS_PER_TOOL)
    if call.links and call.phrased:
        _remember(state.tool_links, call.name, call.links, OVERLAPS_PER_TOOL)
    if call.facts and call.phrased:
        _remember(state.tool_facts, facts_key(call.name), call.facts, OVERLAPS_PER_TOOL)


def _seen_before(state: NoveltyState, call: CallOutcome) -> bool:
    """Whether ``call``'s answer is made of what the tool's recent answers in this turn gave:
    every line of a short call's answer (``ToolResult.lines``: a rephrased search answered from
    one pool of pages; exact lines, so a wrapper every answer shares does not hide it), or
    every link of a phrased call's answer when the call asks about the subject of the tool's
    previous one (``SAME_SUBJECT_TERMS``; ``ToolResult.links``: the same pages with other titles and
    snippets, a report citing the same sources in other sentences; searches on other subjects
    may well land on the same few documentation sites), or a phrased call's answer stating no
    fact the tool had not stated but a fifth at most (``ToolResult.facts``, ``NEW_FACTS_ECHO``:
    a sub-agent restating its figure, people and sources in other sentences; a brief on another
    subject brings other names and figures, so no relatedness is asked of the call), or, when
    the call asks about the subject of the tool's previous one, stating no figure the tool had
    not stated but a third at most (``NEW_FIGURES_ECHO``: the same task asked again, answered
    with its figures and other names for the sources and places).

    While the tool is echoing (its last new call echoed), an answer with a few lines or links it
    had not given (``NEW_LINES_ECHO``: one page among four) goes on echoing: the rephrasings
    still bring the same pages back. Not before: files of one template differ in a line or two
    each, and reading them one by one is a fan-out. Lines only for a short call (it has a
    frame): a write's answer showing its file with lines removed shows nothing new either, and
    yet the write did something. Links only for a phrased call: documents read one by one may
    share a footer of links.
    """
    allowance = NEW_LINES_ECHO if call.name in state.echoing else 0.0
    if call.lines and call.frame and _within(call.lines, state.tool_lines.get(call.name), allowance):
        return True
    if not call.phrased:
        return False
    stated = state.tool_facts.get(facts_key(call.name)) if call.facts else None
    if stated and (
        _within(call.facts, stated, NEW_FACTS_ECHO)
        or (_same_figures(call.facts, stated) and _same_subject(state, call))
    ):
        return True
    if not (call.links and _within(call.links, state.tool_links.get(call.name), allowance)):
        return False
    return _same_subject(state, call)


def _same_subject(state: NoveltyState, call: CallOutcome) -> bool:
    """Whether ``call`` asks about the subject of the tool's previous call (``SAME_SUBJECT_TERMS``)."""
    return contained_terms(call.targets, _last_targets(state, call)) >= SAME_SUBJECT_TERMS


def _same_figures(facts: tuple[int, ...], stated: list[tuple[int, ...]] | None) -> bool:
    """Whether the figures among ``facts`` (``RESTATED_FIGURES`` at least) are ones ``stated``
    gave, all but ``NEW_FIGURES_ECHO`` of them."""
    stated_figures = figures(facts)
    return len(stated_figures) >= RESTATED_FIGURES and _within(stated_figures, stated, NEW_FIGURES_ECHO)


def _within(hashes: Sequence[int], answers: list[tuple[int, ...]] | None, allowance: float) -> bool:
    """Whether all of ``hashes`` but an ``allowance`` share of them are in ``answers``."""
    if not answers:
        return False
    if not allowance and hashes:  # all of them: one not given decides (most answers: the first is news)
        probe = hashes[0]
        for seen in answers:
            if probe in seen:
                break
        else:
            return False
    missing = set(hashes)
    for seen in answers:
        missing.difference_update(seen)
    return len(missing) <= allowance * len(hashes)


def _restates(state: NoveltyState, memo: CallMemo, call: CallOutcome) -> bool:
    """Whether ``call``, a phrased call made before in this turn, got its last answer again in
    other words: stating no fact the tool had not stated but a fifth at most (``NEW_FACTS_ECHO``)
    in sentences sharing under ``COPY_OVERLAP`` of the last answer's trigrams. A task handed to a
    sub-agent again, word for word, whose report says the same otherwise, at any length: a
    sub-agent words its report anew each time, so a report too short for a sketch is judged by its
    facts alone (a command's answer that grew or shrank, a listing after a delete, is the world
    changing: only a sub-agent's, ``fingerprint.delegating_tool``). A near copy with
    another word is the world moving instead (a status list where one pod finished: its facts,
    names and counts, have not changed). Only a success: a failure's facts name what failed.

    A brief answer has no sketch to compare (``_restates_briefly``)."""
    if not call.phrased or call.is_error:
        return False
    if memo.overlap and call.overlap:
        near_copy = overlap(memo.overlap, call.overlap) >= COPY_OVERLAP
    elif (memo.overlap or call.overlap) and delegating_tool(call.name):
        near_copy = False  # a report and one too short for a sketch: no copy of each other
    else:
        return _restates_briefly(state, memo, call)
    return (
        not near_copy
        and bool(call.facts)
        and _within(call.facts, state.tool_facts.get(facts_key(call.name)), NEW_FACTS_ECHO)
    )


def _restates_briefly(state: NoveltyState, memo: CallMemo, call: CallOutcome) -> bool:
    """Whether a brief (``BRIEF_TERMS`` terms at least: a task, a question, not a command line)
    asked again word for word got, as last time, a one-line answer (a short record, no status:
    "Same finding: Kowal and Pires.") longer than a probe's, stating no fact the tool had not
    stated: a sub-agent re-asked reporting the same in a sentence, whose few names (under three)
    give no fact list of their own. A listing, a status or a poll's line is judged by its lines
    and its form, and a failure by its error."""
    return (
        not memo.failed
        and not memo.overlap
        and not call.overlap
        and not call.lines
        and len(call.targets) >= BRIEF_TERMS
        and call.size > SWEEP_ANSWER_CHARS
        and _one_line_record(memo.error_class)
        and _one_line_record(call.error_class)
        and (
            not call.facts or _within(call.facts, state.tool_facts.get(facts_key(call.name)), NEW_FACTS_ECHO)
        )
    )


def _one_line_record(success_class: str) -> bool:
    """Whether a success's class is a short record's (``FORM_RESULT``) that is no status read."""
    return success_class.startswith(FORM_RESULT) and not success_class.startswith(STATUS_RESULT)


def _echo_bar(state: NoveltyState, call: CallOutcome, closest: float) -> float:
    """The overlap from which ``call``'s answer echoes: ``ECHO_OVERLAP`` for a rephrasing of the
    tool's previous call, ``COPY_OVERLAP`` otherwise. The calls are compared only when
    ``closest`` lies between the two bars, the one case where the answer depends on them.

    A rephrasing rewords what the previous call asked (``phrased``, sharing ``REPHRASED_TERMS``
    of its terms); a call with the previous one's very words (``wording``) and another path or
    id asks the same of another target: the same edit in the next file, whose acknowledgement
    says the same but for the file's name.
    """
    if closest < ECHO_OVERLAP or closest >= COPY_OVERLAP:
        return ECHO_OVERLAP
    previous = state.last_call.get(call.name)
    if previous is None or not call.phrased:
        return COPY_OVERLAP
    reworded = not call.wording or call.wording != previous.wording  # "": a client that sent none
    rephrased = reworded and shared_terms(call.targets, previous.targets) >= REPHRASED_TERMS
    return ECHO_OVERLAP if rephrased else COPY_OVERLAP


def _fails_differently(state: NoveltyState, call: CallOutcome) -> bool:
    """Whether the tool, failing since its last success, now raises another type of exception.

    Only exception types are trusted to tell a new failure: two untyped messages ("takes 0
    positional arguments", "got an unexpected keyword argument") may well say the same thing.
    """
    classes = state.tool_error_classes.get(call.name)
    typed = call.error_class.startswith(TYPED_ERROR)
    return (
        bool(classes)
        and typed
        and all(c.startswith(TYPED_ERROR) and c != call.error_class for c in classes or ())
    )


def _remember(memory: dict[str, list[_T]], tool: str, value: _T, keep: int) -> None:
    """Append ``value`` to ``tool``'s last ``keep`` values, remembering ``TOOL_MEMORY`` tools."""
    values = memory.get(tool)
    if values is None:
        values = memory[tool] = []
        while len(memory) > TOOL_MEMORY:
            del memory[next(iter(memory))]
    values.append(value)
    del values[:-keep]


def _count_failure(state: NoveltyState, call: CallOutcome) -> None:
    if call.result is None:
        return
    if not call.is_error:
        state.tool_errors.pop(call.name, None)
        state.tool_error_classes.pop(call.name, None)
        state.tool_error_terms.pop(call.name, None)
        return
    if call.error_terms:
        _remember(state.tool_error_terms, call.name, call.error_terms, RESULTS_PER_TOOL)
    if call.error_class:
        classes = state.tool_error_classes.pop(call.name, [])
        state.tool_error_classes[call.name] = classes  # most recently failing tool last
        if call.error_class not in classes:
            classes.append(call.error_class)
            del classes[:-RESULTS_PER_TOOL]
        while len(state.tool_error_classes) > TOOL_MEMORY:
            del state.tool_error_classes[next(iter(state.tool_error_classes))]
    errors = state.tool_errors.pop(call.name, {})
    state.tool_errors[call.name] = errors  # most recently failing tool last
    errors[call.result] = errors.pop(call.result, 0) + 1
    if len(errors) > RESULTS_PER_TOOL:
        del errors[next(iter(errors))]
    while len(state.tool_errors) > TOOL_MEMORY:
        del state.tool_errors[next(iter(state.tool_errors))]


def _remember_lines(state: NoveltyState, calls: tuple[CallOutcome, ...]) -> None:
    """Keep the lines of this step's answers, with those the same call gave in the steps just
    before (a union of at most ``MAX_LINES`` lines: past that, this answer's)."""
    previous = state.step_lines
    kept: dict[str, tuple[int, ...]] = {}
    for call in calls[:TOOL_MEMORY]:
        if call.lines:
            seen = previous.get(call.call)
            union = tuple(sorted(set(seen).union(call.lines))) if seen else call.lines
            kept[call.call] = union if len(union) <= MAX_LINES else call.lines
    if kept or previous:  # most steps keep nothing, as before: no new dict
        state.step_lines = kept


# Where sub-agents' reports are kept (``facts_key``): one pool for every agent a manager delegates to.
SUB_AGENTS = "\x00sub-agents"


def facts_key(tool_name: str) -> str:
    """The key a tool's stated facts are kept under: its name, or one pool for the tools that hand
    work to a sub-agent (``fingerprint.delegating_tool``): a task handed under a second agent's name
    ("supplier_scout" after "parts_researcher") is reported on against what the first reported."""
    return SUB_AGENTS if delegating_tool(tool_name) else tool_name


def _last_targets(state: NoveltyState, call: CallOutcome) -> tuple[int, ...]:
    """The terms of the tool's previous call (``()`` for its first)."""
    previous = state.last_call.get(call.name)
    return previous.targets if previous is not None else ()


def _remember_call(state: NoveltyState, call: CallOutcome) -> None:
    """Keep ``call`` as its tool's previous call, for the next call of the tool to be compared with."""
    last = state.last_call
    previous = last.get(call.name)
    if previous is None:
        last[call.name] = PreviousCall(call.shape, call.wording, call.targets)
        while len(last) > TOOL_MEMORY:
            del last[next(iter(last))]
        return
    # Updated in place: one record per tool, not one per call.
    previous.shape, previous.wording, previous.targets = call.shape, call.wording, call.targets
    if next(reversed(last)) != call.name:  # most recently used last
        del last[call.name]
        last[call.name] = previous
