"""The event model: one agent trace as an ordered stream of immutable events.

This module is the only vocabulary passed between loopwatch components: the SDK creates these
events, the collector's span mapper produces them from OTLP, the wire codec carries them, and
the detectors read them. Every field beyond ids and fingerprints is optional, because with
content capture off (privacy mode) only fingerprints and sketches travel.

Use the ``create`` constructors: they compute canonical forms, fingerprints and sketches so
that the same input always yields the same event whichever process builds it.
"""

from __future__ import annotations

import contextlib
import json
import re
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from typing import Any

from loopwatch.fingerprint import (
    argument_frame,
    call_fingerprint,
    canonical_arguments,
    digest,
    error_class,
    fact_hashes,
    failure_line_hashes,
    line_hashes,
    link_hashes,
    mutating_call,
    reads_as_failure,
    result_fingerprint,
    shape_fingerprint,
    spelling_fingerprint,
    success_class,
    waiting_call,
)
from loopwatch.sketch import STOPWORDS, Repetition, TextSketch, find_repetition, overlap_sketch, sketch_text

# Identifier-like tokens (file names, symbols, query words; paths split at "/") that link what
# a step says to what its calls do. A token counts whole ("a.py") and by its dotted or dashed
# parts ("settings", "yaml"); parts shorter than 3 characters ("a", "py", "-n") and pure numbers
# would link everything to everything.
# Paths, symbols and queries sit at the start of an argument; a 5 MB file body is not scanned.
_TERMS_SCAN_CHARS = 4096
_TOKEN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-]*")
_PART = re.compile(r"[.\-]")
# Words of other scripts (Cyrillic, Greek, Arabic, Hebrew, Hangul ...; a run of Chinese or
# Japanese characters), which carry the terms of a call written in those languages.
_LETTERS = re.compile(r"[^\W\dA-Za-z_]+")
_CJK_CHARS = "\u3040-\u30ff\u3400-\u9fff"  # kana and Han: scripts written without spaces
_CJK = re.compile(f"[{_CJK_CHARS}]")
_CJK_PHRASE_CHARS = 4
_CJK_PHRASE = re.compile(f"[{_CJK_CHARS}]{{{_CJK_PHRASE_CHARS},}}")
# Terms hashed per call or error: a short call names a few; an error names its target at its
# start (a message) or its end (a traceback), so both ends are read.
MAX_TERMS = 64
MAX_ERROR_TERMS = 128
ERROR_TERMS_SCAN_CHARS = 256
# Quotes and punctuation around a word in an error ("'a.py'", "(raw.orders)", "path:").
_WORD_EDGES = "'\"`()[]{}<>,;:!?."
# A word with a path or URL separator names a target whole, besides its parts.
_PATHLIKE_WORD = re.compile(r"[/\\:]")
# A result preview long enough to quote in a nudge ("the last result was: ..."), short enough
# to keep in bounded per-session state.
PREVIEW_CHARS = 200


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolCall:
    """One tool call the model requested.

    ``arguments`` is the canonical JSON text (sorted keys) or ``None`` when content capture is
    off; ``fingerprint`` identifies tool name plus arguments either way. ``repetition`` is the
    longest back-to-back repetition inside the string arguments (a model can degenerate into
    an ``edit`` argument as well as into its reply). ``frame`` is the short call's structure
    (``fingerprint.argument_frame``): calls with equal frames differ only in their target;
    ``targets`` hashes the terms of a short call's values (``term_hashes``), so that an error
    can be seen to name what the call targeted without the call's text. ``phrased`` says that
    a short call's values include a string of several words (a query, a task): those can be
    reworded, while a path, an id or a name is replaced by another target. ``wording``
    fingerprints those strings (``""`` without any): two calls of one tool with the same
    wording differ only in identifiers, so the second targets something else (the same edit
    in another file), never rewords the first. ``mutates`` says that the call changes something
    (a write, an action: ``fingerprint.mutating_call``) rather than reads; ``waits`` that it
    only waits (a sleep, a span of time: ``fingerprint.waiting_call``), said where the arguments
    are, so that privacy mode tells a poll's wait from work as well. ``spelling`` fingerprints a
    short call with its values' spelling erased (``fingerprint.spelling_fingerprint``: case,
    separators, padding zeros): calls with other fingerprints and one spelling ask for one
    thing typed otherwise.
    """

    id: str
    name: str
    fingerprint: str
    shape: str = ""
    frame: str = ""
    targets: tuple[int, ...] = ()
    phrased: bool = False
    wording: str = ""
    spelling: str = ""
    mutates: bool = False
    waits: bool = False
    arguments: str | None = None
    repetition: Repetition | None = None

    @classmethod
    def create(
        cls,
        *,
        id: str,  # noqa: A002 - the wire name, kept for symmetry with the APIs it mirrors
        name: str,
        arguments: Mapping[str, Any] | str | None,
        capture_content: bool = True,
    ) -> ToolCall:
        canonical = canonical_arguments(arguments)
        frame = argument_frame(name, canonical) if arguments is not None else ""
        if frame:  # a short call's strings, parsed once
            values = _values(canonical)
            worded = sorted(value for value in values if _worded(value))
        else:  # a long call asks in words only with a brief: a task, a question, instructions
            values = worded = sorted(_briefs(canonical)) if arguments is not None else []
        return cls(
            id=id,
            name=name,
            fingerprint=call_fingerprint(name, canonical),
            shape=shape_fingerprint(name, canonical),
            frame=frame,
            targets=term_hashes(" ".join(values)) if values else (),
            phrased=bool(worded),
            wording=digest("\x00".join(worded)) if worded else "",
            spelling=spelling_fingerprint(name, canonical) if frame else "",
            mutates=mutating_call(name, canonical if arguments is not None else None),
            waits=waiting_call(name, canonical if arguments is not None else None),
            arguments=canonical if capture_content else None,
            repetition=_longest_repetition(arguments),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Usage:
    """Token usage of one model response."""

    input_tokens: int = 0
    output_tokens: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    """One model response: its text, the batch of tool calls it requested, its usage.

    ``text`` is ``None`` in privacy mode; ``sketch`` is then the only view of the text.
    ``refers_to_calls`` is True when the text names something its calls act on (a path,
    symbol or query term from their arguments): "Moving on to `a.py`" then reading ``a.py``
    is acting on what was said; restating an intent while the calls go elsewhere is not.
    """

    event_id: str
    text: str | None = None
    sketch: TextSketch | None = None
    refers_to_calls: bool = False
    tool_calls: tuple[ToolCall, ...] = ()
    usage: Usage | None = None
    finish_reason: str | None = None
    time_unix_ns: int = 0

    @classmethod
    def create(
        cls,
        *,
        event_id: str,
        text: str | None,
        tool_calls: tuple[ToolCall, ...] = (),
        usage: Usage | None = None,
        finish_reason: str | None = None,
        time_unix_ns: int = 0,
        capture_content: bool = True,
    ) -> Step:
        """Derive sketch and ``refers_to_calls`` from the content, then drop the content
        (text and the calls' arguments) when ``capture_content`` is False (privacy mode)."""
        return cls(
            event_id=event_id,
            text=text if capture_content else None,
            # Facts are counted for a step that calls nothing: what tells a report split over
            # short messages from talk in place of acting (``TextSketch.facts``).
            sketch=sketch_text(text, count_facts=not tool_calls) if text else None,
            refers_to_calls=_refers_to_calls(text, tool_calls),
            tool_calls=tool_calls if capture_content else tuple(_redacted(c) for c in tool_calls),
            usage=usage,
            finish_reason=finish_reason,
            time_unix_ns=time_unix_ns,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolResult:
    """The outcome of one tool call, matched to it by ``call_id``.

    ``fingerprint`` is taken after volatile content (timestamps, ids, durations) is stripped,
    so two results with the same fingerprint taught the model nothing new. ``size`` counts
    characters of the raw result; ``0`` means empty, which detectors treat as "no
    information". ``preview`` is ``None`` in privacy mode. ``error_class`` is the kind of a
    failure, equal for the same error in other words, and of a success only when it says it
    found nothing (``fingerprint.ABSENT_RESULT``, a soft failure) or is a status saying the work
    goes on (``PENDING_RESULT`` and its form); ``overlap`` sketches the
    result's word trigrams so that a result saying about the same as an earlier one is known
    as an echo (``sketch.overlap_sketch``; empty for short results). ``error_terms`` hashes
    the terms a failure's text names (``term_hashes``): a fan-out's errors name their targets.
    ``lines`` hashes a result's distinct lines (``fingerprint.line_hashes``, for a failure
    ``failure_line_hashes``, which masks ports and pids; empty for one line or a long result):
    the same call answered with no line it had not given brought nothing new; ``links``
    hashes the links it holds (``fingerprint.link_hashes``): a rephrased search that brings
    the same pages back with other snippets. All are content-free.
    """

    event_id: str
    call_id: str
    fingerprint: str
    size: int
    is_error: bool = False
    error_type: str | None = None
    error_class: str = ""
    error_terms: tuple[int, ...] = ()
    overlap: tuple[int, ...] = ()
    lines: tuple[int, ...] = ()
    links: tuple[int, ...] = ()
    facts: tuple[int, ...] = ()
    preview: str | None = None
    time_unix_ns: int = 0

    @classmethod
    def create(
        cls,
        *,
        event_id: str,
        call_id: str,
        content: str,
        is_error: bool = False,
        error_type: str | None = None,
        time_unix_ns: int = 0,
        capture_content: bool = True,
    ) -> ToolResult:
        is_error = is_error or reads_as_failure(content)  # a caught failure handed back as an answer
        return cls(
            event_id=event_id,
            call_id=call_id,
            fingerprint=result_fingerprint(content),
            size=len(content),
            is_error=is_error,
            error_type=error_type,
            error_class=error_class(content) if is_error else success_class(content),
            error_terms=error_term_hashes(content) if is_error else (),
            overlap=overlap_sketch(content),
            lines=failure_line_hashes(content) if is_error else line_hashes(content),
            links=() if is_error else link_hashes(content),
            facts=() if is_error else fact_hashes(content),
            preview=_preview(content) if capture_content else None,
            time_unix_ns=time_unix_ns,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class UserMessage:
    """A user message: it starts a new turn.

    ``sketch`` summarises its content words (privacy mode keeps it): whether the message is a
    new request or the previous one asked again is read from it, never from the text.
    """

    event_id: str
    fingerprint: str = ""
    sketch: TextSketch | None = None
    time_unix_ns: int = 0

    @classmethod
    def create(cls, *, event_id: str, text: str, time_unix_ns: int = 0) -> UserMessage:
        return cls(
            event_id=event_id,
            fingerprint=digest(text),
            sketch=sketch_text(text) if text else None,
            time_unix_ns=time_unix_ns,
        )


Event = Step | ToolResult | UserMessage


@dataclass(frozen=True, slots=True, kw_only=True)
class TraceContext:
    """Who produced a batch of events: the trace, its agent and its conversation.

    ``step_span``: where the batch's last step was recorded, when known: the (trace id, span id)
    of its model call's span, 32 and 16 lowercase hex digits (the OTLP mapper, or the span id a
    client sends with ``Evaluate``). The collector parents its verdict spans to it; the trace id
    differs from ``trace_id`` for a session folded from several traces.
    """

    trace_id: str
    agent: str = "unknown"
    conversation_id: str | None = None
    step_span: tuple[str, str] | None = None


def _refers_to_calls(text: str | None, calls: tuple[ToolCall, ...]) -> bool:
    if not text or not calls:
        return False
    said = _terms(text[:_TERMS_SCAN_CHARS])
    for call in calls:
        if call.arguments is None:
            continue
        try:
            values = _string_values(json.loads(call.arguments), min_chars=1)
        except ValueError:
            values = [call.arguments]
        # Only argument values count: a key such as "path" is not something the text names.
        if any(said & _terms(v[:_TERMS_SCAN_CHARS]) for v in values):
            return True
    return False


def term_hashes(text: str) -> tuple[int, ...]:
    """Stable 32-bit hashes of ``text``'s identifier-like terms, sorted, at most ``MAX_TERMS``.

    Content-free, so privacy mode can still compare what calls name. Function words do not
    count; whole paths and URLs count besides their identifier parts: ``/srv/app/messages`` is
    another target than ``/srv/app/messages.py`` though their parts are the same.
    """
    words = {w.strip(_WORD_EDGES).lower() for w in text.split()}
    terms = {t for t in _terms(text) if t not in STOPWORDS} | {w for w in words if _PATHLIKE_WORD.search(w)}
    return _hashed(terms, MAX_TERMS)


def error_term_hashes(content: str) -> tuple[int, ...]:
    """Hashes of the terms and whole words an error names, at most ``MAX_ERROR_TERMS``.

    A message names its target near its start ("No such file: 'conftest.py'"), a traceback at
    its end ("OperationalError: no such table: orders"): both ends are read.
    """
    text = (
        content
        if len(content) <= 2 * ERROR_TERMS_SCAN_CHARS
        else (content[:ERROR_TERMS_SCAN_CHARS] + "\n" + content[-ERROR_TERMS_SCAN_CHARS:])
    )
    words = {w.strip(_WORD_EDGES).lower() for w in text.split()}
    return _hashed(_terms(text) | words, MAX_ERROR_TERMS)


# Words any failure may say, whatever it is about: they tell no two failures apart.
_COMMON_ERROR_WORDS = STOPWORDS | {
    "error", "errors", "failed", "failure", "fail", "status", "code", "message", "text", "detail",
    "details", "reason", "request", "not", "no", "true", "false", "null", "none",
}  # fmt: skip
_COMMON_ERROR_TERMS = frozenset(zlib.crc32(w.encode("utf-8")) for w in _COMMON_ERROR_WORDS)
# The share of a failure's own terms that earlier failures named, from which it says what they
# said (``restates_failure``), and the fewest terms that makes.
RESTATED_ERROR_TERMS = 0.4
RESTATED_ERROR_MIN_TERMS = 2


def restates_failure(terms: tuple[int, ...], earlier: Sequence[tuple[int, ...]]) -> bool:
    """Whether a failure naming ``terms`` (``error_term_hashes``) says what ``earlier`` failures
    said in other words: ``RESTATED_ERROR_TERMS`` of the words it names, beyond those any failure
    says, were named by them ("Prior Authorization Required", then "PA required", then "Claim
    denied: PRIOR AUTH REQUIRED"). Content-free, so privacy mode judges alike.
    """
    own = set(terms).difference(_COMMON_ERROR_TERMS)
    if len(own) < RESTATED_ERROR_MIN_TERMS:
        return False
    said = own.intersection(chain.from_iterable(earlier))
    return len(said) >= max(RESTATED_ERROR_MIN_TERMS, RESTATED_ERROR_TERMS * len(own))


def _hashed(terms: set[str], limit: int) -> tuple[int, ...]:
    return tuple(sorted(zlib.crc32(t.encode("utf-8")) for t in terms if t))[:limit]


def shared_terms(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The share of terms two ``term_hashes`` have in common (Jaccard; 0.0 when either is empty)."""
    if not a or not b:
        return 0.0
    common = len(set(a).intersection(b))
    return common / (len(a) + len(b) - common)


def contained_terms(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The share of the smaller of two ``term_hashes`` found in the other (0.0 when either is
    empty): a short query and a long rephrasing of it share a third of the short one's terms
    and a tenth of both (``shared_terms``)."""
    small, large = sorted((set(a), set(b)), key=len)
    if not small:
        return 0.0
    return len(small.intersection(large)) / len(small)


def _values(canonical: str) -> list[str]:
    """The string values of a call's canonical arguments (the text itself if not JSON)."""
    try:
        return _string_values(json.loads(canonical), min_chars=1)
    except ValueError:
        return [canonical]


# A long call's value is a brief when it reads as sentences: this many words at least, nearly all
# of them plain words. A program, a patch or a file body is full of symbols.
_BRIEF_WORDS = 8
_BRIEF_PLAIN_SHARE = 0.8
_PLAIN_WORD = re.compile(r"[(\"'`*-]*(?:[A-Za-z][a-z'-]*|[A-Z]{2,}s?|\d+(?:[.,]\d+)*%?)[)\"'`.,;:!?]*")


def _briefs(canonical: str) -> list[str]:
    """The string values of a long call that read as prose (``_BRIEF_PLAIN_SHARE``): a sub-agent's
    task, a question to an expert. Only their first ``_TERMS_SCAN_CHARS`` characters are read."""
    briefs = []
    for value in _values(canonical):
        words = value[:_TERMS_SCAN_CHARS].split()
        if len(words) >= _BRIEF_WORDS:
            plain = sum(1 for w in words if _PLAIN_WORD.fullmatch(w))
            if plain >= _BRIEF_PLAIN_SHARE * len(words):
                briefs.append(value[:_TERMS_SCAN_CHARS])
    return briefs


def _terms(text: str) -> set[str]:
    terms: set[str] = set()
    for token in _TOKEN.findall(text):
        token = token.strip(".-").lower()
        for term in (token, *_PART.split(token)):
            if len(term) >= 3 and not term.isdigit():
                terms.add(term)
    if not text.isascii():
        for word in _LETTERS.findall(text):
            if _CJK.match(word):  # no spaces between words: its pairs of characters are its terms
                terms.update(word[i : i + 2] for i in range(len(word) - 1))
            elif len(word) >= 3:
                terms.add(word.lower())
    return terms


def _worded(value: str) -> bool:
    """Whether a string value says something in words: several words, or a sentence written
    without spaces (``_CJK_PHRASE_CHARS`` characters of Chinese or Japanese)."""
    return len(value.split()) > 1 or (not value.isascii() and _CJK_PHRASE.search(value) is not None)


def _redacted(call: ToolCall) -> ToolCall:
    return replace(call, arguments=None)


def _preview(content: str) -> str:
    flat = " ".join(content.split())
    if len(flat) <= PREVIEW_CHARS:
        return flat
    return flat[: PREVIEW_CHARS - 3] + "..."


def _longest_repetition(arguments: Mapping[str, Any] | str | None) -> Repetition | None:
    if isinstance(arguments, str):
        with contextlib.suppress(ValueError):  # not JSON: scan the string itself
            arguments = json.loads(arguments)
    best: Repetition | None = None
    # Strings shorter than this cannot hold a degenerate run worth reporting.
    for value in (*_string_values(arguments, min_chars=64), *_listed_texts(arguments, min_chars=64)):
        found = find_repetition(value)
        if found is not None and (best is None or found.covered_chars > best.covered_chars):
            best = found
    return best


def _string_values(value: object, *, min_chars: int) -> list[str]:
    """String leaves of a JSON-like value that have at least ``min_chars`` characters."""
    if isinstance(value, str):
        return [value] if len(value) >= min_chars else []
    if isinstance(value, Mapping):
        return [s for v in value.values() for s in _string_values(v, min_chars=min_chars)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _string_values(v, min_chars=min_chars)]
    return []


def _listed_texts(value: object, *, min_chars: int) -> list[str]:
    """Lists of several strings, each read as one text ("Tihany, móló, pier, pier, móló"):
    keywords or tags collapsing into repeats are degenerate as a whole, however short each is."""
    if isinstance(value, Mapping):
        return [s for v in value.values() for s in _listed_texts(v, min_chars=min_chars)]
    if not isinstance(value, list | tuple):
        return []
    found = [s for v in value for s in _listed_texts(v, min_chars=min_chars)]
    words = [v for v in value if isinstance(v, str)]
    listed = ", ".join(words)
    if len(words) > 1 and len(listed) >= min_chars:
        found.append(listed)
    return found
