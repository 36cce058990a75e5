"""Content-free summaries of model text: a similarity sketch and a repetition measure.

Why: two detectors read model text. Narration compares one step's text with earlier steps'
(is the model restating the same intent?), degenerate text looks inside one output (did it
collapse into repeated text?). With content capture off the SDK must not ship the text, so it
ships this summary instead and both detectors work from it alone.

Both computations are linear in the text length: a bottom-k MinHash over content words (one
stable hash per word, never a pairwise ``difflib``), and a repeat scan over units (lines,
sentences or words) with a bounded period.
"""

from __future__ import annotations

import heapq
import re
import zlib
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache

from loopwatch.fingerprint import fact_hashes

# Bottom-k size: 64 values estimate Jaccard similarity within about +-0.1, enough to separate
# "restated" (>= 0.6) from "different" (< 0.3), at 64 small ints per step of session state.
SKETCH_SIZE = 64
# Result overlap sketches: 32 values estimate the share of shared word trigrams within about
# +-0.15, enough to tell "the same pages again" (>= 0.5) from "other pages" (< 0.2), at 32 small
# ints per remembered result.
OVERLAP_SIZE = 32
# Words a result needs before it is sketched for overlap (see ``overlap_sketch``).
OVERLAP_MIN_WORDS = 24
# The head of a result that is sketched for overlap: a listing or a report shows what it is in
# its first pages, and a 5 MB result costs no more than a short one.
_OVERLAP_MAX_CHARS = 8_192
# An odd multiplier mixing three word hashes into a trigram hash (the FNV-1 32-bit prime).
_MIX = 16_777_619
# Function words carry no intent: "let me look at X" and "now I'll check X" restate the same
# intent, so only content words are sketched (a paraphrase keeps most of them).
STOPWORDS = frozenset(
    {
        "a", "an", "the", "to", "of", "in", "on", "at", "for", "and", "or", "but", "is", "are",
        "was", "were", "be", "been", "it", "its", "this", "that", "these", "those", "i", "ll",
        "me", "my", "we", "let", "lets", "us", "now", "then", "so", "just", "also", "with",
        "from", "by", "as", "into", "about", "will", "can", "should", "would", "could", "need",
        "want", "going", "try", "trying", "look", "looking", "check", "checking", "see",
    }
)  # fmt: skip
# Narration only needs the gist; a text longer than this is sketched on its head so that a
# 200 KB answer costs no more than a 16 KB one.
_SKETCH_MAX_CHARS = 16_384
# Repetition is looked for in the head and the tail of a text, this long each: a multi-megabyte
# argument costs no more than a 128 KB one, and a degenerate run long enough to matter shows.
_SCAN_WINDOW_CHARS = 65_536
# Longest repeated block considered, in units: a paragraph of up to this many lines or
# sentences repeated verbatim is found; longer periods are not degenerate text but structure.
_MAX_PERIOD = 16

# A word in any script: letters and digits, with the combining marks that \w leaves out (accents
# written apart, the vowel signs of Devanagari and the other Indic scripts; not their danda).
_WORD = re.compile(r"(?:\w|[\u0300-\u036f\u0900-\u0963\u0966-\u0dff])+")
_ALNUM = re.compile(r"[^\W_]")  # a letter or a digit, in any script
# A word unit for repetition: what lies between spaces, or, in a script written without them,
# up to a comma or stop of its own ("香り高く、甘く、" repeated is two words repeated).
_CJK_STOPS = "\u3001\u3002\uff0c\uff1b\uff1a\uff01\uff1f"  # 、。，；：！？
_WORD_UNIT = re.compile(rf"[^\s{_CJK_STOPS}]+[{_CJK_STOPS}]?|[{_CJK_STOPS}]")
# Sentences end at ". ", "! ", "? " or a line break, and at a full stop, exclamation or question
# mark of Chinese or Japanese, which no space follows.
_UNIT_SPLIT = re.compile(r"(?<=[.!?])\s+|\n+|(?<=[\u3002\uff01\uff1f])")
# What a step says of its own action is in its opening; a long analysis further down may well
# say the test "failed again" of what it reads.
_CUE_CHARS = 240
# A text announcing an action of its own: "I'll write the file now", "Let me look", "Next, I will".
_ANNOUNCES = re.compile(
    r"\b(?:I(?:'ll| will| am going to|'m going to)|let me(?! know)|let's|we(?:'ll| will))\b"
    # An action said to be under way, as chat and voice agents put it: "I'm transferring you",
    # "Checking that for you now", "Please hold", "One moment".
    r"|\b(?:I'm|I am|we're|we are) (?:now |just |currently )?[a-z]+ing\b"
    r"|(?:^|[.,!?] )[a-z]+ing (?:you|it|that|this|them|now)\b"
    r"|\b(?:please hold|one moment|just a (?:moment|second|sec)|bear with me|hold on|hang on)\b"
    # The same in other languages: "voy a", "je vais", "ich werde", "ik ga", "un momento",
    # "veuillez patienter", "estoy transfiriendo", "कर रहा हूँ" (I am doing), "我将" (I will),
    # "接下来" (next), "少々お待ちください", "行います" (I carry it out), "しております" (I am
    # doing it), "하겠습니다" (I will do).
    r"|\b(?:un momento|por favor espere|aguarde|um momento|un instant|veuillez patienter|"
    r"einen moment|bitte warten|estoy \w+(?:ando|iendo)|estou \w+(?:ando|endo|indo)|"
    r"voy a|vamos a|déjame|je vais|laissez-moi|ich werde|lass mich|ik ga|ik zal|vou|deix[ae]-me|"
    r"jag ska|vado a|lasciami)\b"
    r"|एक (?:क्षण|पल)|कृपया प्रतीक्षा|रहा हूँ|रही हूँ|お待ちください|잠시만"
    r"|我将|我会|我要|我来|让我|现在|接下来|下一步|します|しましょう|行います|しております|하겠습니다|할게요",
    re.IGNORECASE,
)
# A text saying it does something again: "Let me verify this once more", "re-reading the
# config", "I'll double-check the number".
_AGAIN = re.compile(
    r"\b(?:again|once more|one more time|double[- ]?check\w*|"
    r"re-?(?:check|verify|read|run|try|fetch|query|search|examine|confirm|open)\w*)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Repetition:
    """The longest run of one block of units repeated back to back inside a text.

    ``start``/``end`` are character offsets of the whole run (first copy included), so
    ``text[start:start + block_chars]`` is one copy of the block.
    """

    unit: str  # "line", "sentence" or "word": what was counted
    period: int  # units per repeated block
    repeats: int  # copies of the block, back to back
    block_chars: int
    start: int
    end: int

    @property
    def covered_chars(self) -> int:
        return self.end - self.start


@dataclass(frozen=True, slots=True, kw_only=True)
class TextSketch:
    """What detectors may know of a text when its content is not captured."""

    length: int
    minhash: tuple[int, ...]  # sorted bottom-k content-word hashes; empty without words
    words: int  # content words (function words excluded)
    repetition: Repetition | None
    announces: bool = False  # its opening announces an action of the model's ("I'll ...", "Let me ...")
    again: bool = False  # its opening says the model does something again ("once more", "re-check")
    facts: int = 0  # facts a short text-only step states (``fingerprint.fact_hashes``; 0 under three)


# Facts are counted in short texts only (content words): what tells a report split over short
# messages from talk in place of acting; a long text is no monologue's step.
FACTS_MAX_WORDS = 64


def sketch_text(text: str, *, count_facts: bool = False) -> TextSketch:
    """Summarise ``text`` for the narration and degenerate-text detectors.

    Besides the words, two cues of what the model says of its own action, read in the opening
    (English phrasing; a text in another language has neither, and narration then judges it
    by its words alone): whether it announces one, and whether it says it does one again. And
    how many facts a short text states (names, figures, addresses: ``fingerprint.fact_hashes``),
    when ``count_facts`` (a step calling no tool; the count costs a pass over the words): a
    report split over short messages states some in each, talk in place of acting none.
    """
    head = text[:_SKETCH_MAX_CHARS].lower()
    words = [w for w in _WORD.findall(head) if len(w) > 1 and w not in STOPWORDS]
    opening = text[:_CUE_CHARS]
    return TextSketch(
        length=len(text),
        minhash=_bottom_k(words),
        words=len(words),
        repetition=find_repetition(text),
        announces=_ANNOUNCES.search(opening) is not None,
        again=_AGAIN.search(opening) is not None,
        facts=len(fact_hashes(text)) if count_facts and len(words) <= FACTS_MAX_WORDS else 0,
    )


def similarity(a: TextSketch, b: TextSketch) -> float:
    """Estimated Jaccard similarity of the two texts' content-word sets (0.0 .. 1.0)."""
    return bottom_k_similarity(a.minhash, b.minhash, SKETCH_SIZE)


def said_before(sketch: TextSketch, *earlier: TextSketch) -> float:
    """The share of ``sketch``'s content words the ``earlier`` texts said (0.0 .. 1.0): exact
    for texts of up to ``SKETCH_SIZE`` content words (the sketch holds them all), an estimate
    below it for longer ones. Unlike similarity it does not fall when the earlier texts said
    more: a restatement says again part of what was said."""
    if not sketch.minhash:
        return 0.0
    said = set().union(*(text.minhash for text in earlier))
    return sum(word in said for word in sketch.minhash) / len(sketch.minhash)


def bottom_k_similarity(a: tuple[int, ...], b: tuple[int, ...], k: int) -> float:
    """Estimated Jaccard similarity of two sets from their bottom-``k`` hashes (0.0 .. 1.0)."""
    if not a or not b:
        return 0.0
    in_a = _hash_set(a)
    shared = in_a[0].intersection(b)
    return _estimate(a, in_a, b, shared, k) if shared else 0.0


# Sketches whose hash sets are kept (``_hash_set``): each is compared several times (a result
# with a tool's next answers, a step's text with the next step's), and building the set costs
# as much as the rest of a comparison. ~3 KB each for an overlap sketch: about 3 MB at most,
# enough for the recent answers of the sessions one process judges at a time.
_HASH_SETS_KEPT = 1024


@lru_cache(maxsize=_HASH_SETS_KEPT)
def _hash_set(sketch: tuple[int, ...]) -> tuple[frozenset[int], tuple[int, ...]]:
    """``(frozenset(sketch), sorted(sketch))``, built once for a sketch compared again (equal
    sketches, one set). A sketch comes sorted, so sorting it is a single pass."""
    return frozenset(sketch), tuple(sorted(sketch))


def _estimate(
    a: tuple[int, ...],
    in_a: tuple[frozenset[int], tuple[int, ...]],
    b: tuple[int, ...],
    shared: frozenset[int],
    k: int,
) -> float:
    """The bottom-``k`` estimate for sketches ``a`` and ``b`` sharing ``shared`` (not none): of
    the k smallest hashes of the union, the share found in both. Each sketch holds its own k
    smallest, so the union's k smallest are among them."""
    set_a, sorted_a = in_a
    union = len(set_a) + len(b) - len(shared)  # b's repeats counted, as ever (a known gap)
    if union <= k:  # the whole union is its bottom k
        return len(shared) / union
    set_b, sorted_b = _hash_set(b)
    if len(set_a) == len(a) and len(set_b) == len(b):  # neither repeats a hash
        return _shared_in_bottom_k(sorted_a, sorted_b, shared, k) / k
    kth = sorted(set_a | set_b)[k - 1]
    return sum(1 for h in shared if h <= kth) / k


def _shared_in_bottom_k(a: tuple[int, ...], b: tuple[int, ...], shared: frozenset[int], k: int) -> int:
    """How many ``shared`` hashes are among the ``k`` smallest of the union of two sketches
    ``a`` and ``b``, sorted and each without repeats.

    Why not sort the union: where a hash falls in the union is where it falls in each sketch
    (a bisection of each), and sorting the union's 64 multi-digit integers, even as a merge of
    the two sorted sketches, cost a sixth of a comparison; the engine compares each result with
    a tool's recent ones.

    The shared hashes counted are a prefix of them in order: the union's distinct hashes up to
    the r-th shared one (those of ``a`` and of ``b`` up to it, less the r shared ones counted
    twice) grow with r. So the longest prefix within k is found by bisection over r rather than
    one step per shared hash.
    """
    ordered = sorted(shared)
    counted, above = 0, len(ordered)  # the answer lies in [counted, above]
    while counted < above:
        r = (counted + above + 1) // 2
        h = ordered[r - 1]
        if bisect_right(a, h) + bisect_right(b, h) - r <= k:
            counted = r
        else:
            above = r - 1
    return counted


def overlap_sketch(text: str) -> tuple[int, ...]:
    """The bottom-k hashes of ``text``'s content words and word trigrams, or ``()`` when short.

    Why: a paraphrased search that brings back the same pages (reordered, other snippets) or a
    sub-agent's report that says about the same again is an echo, though no two results are
    equal. Content words carry the gist (the same subject, the same finding); trigrams carry
    the order that makes two listings the same (titles, URLs, lines), and keep apart two pages
    of one document whose words are alike but whose sentences are not. Numbers are kept, so the
    next page of a listing (other ids, other names) does not overlap the first. Results of fewer
    than ``OVERLAP_MIN_WORDS`` words get no sketch: one changed word ("running" -> "done") is
    the whole news of a short result, and only exact fingerprints judge those.
    """
    found = _WORD.findall(text[:_OVERLAP_MAX_CHARS].lower())
    if len(found) < OVERLAP_MIN_WORDS:
        return ()
    words = [zlib.crc32(w.encode("utf-8")) for w in found]
    # A trigram's hash from its words' hashes (one crc32 per word, not per trigram), mixed so that
    # order counts and kept to 32 bits like the words'.
    triples = zip(words, words[1:], words[2:], strict=False)  # the shorter slices end it
    grams = {(a * _MIX + b) * _MIX + c & 0xFFFFFFFF for a, b, c in triples}
    grams.update(h for w, h in zip(found, words, strict=True) if len(w) > 1 and w not in STOPWORDS)
    return tuple(heapq.nsmallest(OVERLAP_SIZE, grams))


def overlap(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """Estimated Jaccard similarity of two results' word trigrams (``overlap_sketch``)."""
    return bottom_k_similarity(a, b, OVERLAP_SIZE)


def closest_overlap(a: tuple[int, ...], others: Iterable[tuple[int, ...]], *, at_least: float = 0.0) -> float:
    """The largest ``overlap(a, o)`` for ``o`` in ``others``, or 0.0 when it is under
    ``at_least`` or there is none: a caller comparing it with bars from ``at_least`` up needs
    no finer answer.

    The same value as comparing one by one; ``a``'s set is built once for all of them, and a
    sketch sharing too few hashes to reach ``at_least`` or beat the closest so far is not
    counted (the engine compares each new result with each of a tool's recent ones, and most
    share a few hashes only).
    """
    if not a:
        return 0.0
    in_a = _hash_set(a)
    set_a, k = in_a[0], OVERLAP_SIZE
    closest = 0.0
    for o in others:
        shared = set_a.intersection(o)
        if not shared:
            continue
        # The share of shared hashes in the smaller of the union and k bounds the estimate:
        # most sketches compared share a few hashes, and are not estimated.
        bound = len(shared) / min(k, len(set_a) + len(o) - len(shared))
        if bound > closest and bound >= at_least:
            closest = max(closest, _estimate(a, in_a, o, shared, k))
    return closest if closest >= at_least else 0.0


def same_gist(
    a: TextSketch, b: TextSketch, *, threshold: float, short_words: int, short_threshold: float
) -> bool:
    """Whether two texts say the same thing: a similarity of ``threshold`` or more, or of
    ``short_threshold`` when neither has more than ``short_words`` content words (one changed
    word weighs much in "Sorry, could you rephrase that?")."""
    short = max(a.words, b.words) <= short_words
    return similarity(a, b) >= (short_threshold if short else threshold)


def _bottom_k(words: list[str]) -> tuple[int, ...]:
    hashes = {zlib.crc32(w.encode("utf-8")) for w in words}
    return tuple(sorted(heapq.nsmallest(SKETCH_SIZE, hashes)))


def find_repetition(text: str) -> Repetition | None:
    """The longest back-to-back repetition in ``text``, over line/sentence and word units.

    Runs in O(len(text) * _MAX_PERIOD) on at most two windows of ``_SCAN_WINDOW_CHARS``: the
    head and the tail of the text (a response collapses into repetition and stays there until
    its token limit, so the tail shows it). Returns the candidate covering the most characters,
    or ``None`` when nothing repeats at least twice. Offsets refer to ``text``.
    """
    if len(text) <= 2 * _SCAN_WINDOW_CHARS:
        return _longest_repetition(text)
    tail_start = len(text) - _SCAN_WINDOW_CHARS
    head = _longest_repetition(text[:_SCAN_WINDOW_CHARS])
    tail = _longest_repetition(text[tail_start:])
    if tail is not None:
        tail = replace(tail, start=tail.start + tail_start, end=tail.end + tail_start)
    candidates = [r for r in (head, tail) if r is not None]
    return max(candidates, key=lambda r: r.covered_chars, default=None)


def _longest_repetition(text: str) -> Repetition | None:
    best: Repetition | None = None
    for unit, spans in (("line", _unit_spans(text)), ("word", _word_spans(text))):
        found = _longest_run(text, unit, spans)
        if found is not None and (best is None or found.covered_chars > best.covered_chars):
            best = found
    return best


def _unit_spans(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _UNIT_SPLIT.finditer(text):
        if text[start : match.start()].strip():
            spans.append((start, match.start()))
        start = match.end()
    if text[start:].strip():
        spans.append((start, len(text)))
    return spans


def _word_spans(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _WORD_UNIT.finditer(text)]


def _longest_run(text: str, unit: str, spans: list[tuple[int, int]]) -> Repetition | None:
    # Lines keep their indentation (the closing braces of nested JSON differ by it), and a line
    # without a letter or digit ("}", "---") is structure, never a repeat: it gets a unique key.
    lines = [text[s:e].rstrip() for s, e in spans]
    keys: list[object] = [k if unit != "line" or _ALNUM.search(k) else object() for k in lines]
    n = len(keys)
    best: Repetition | None = None
    for period in range(1, min(_MAX_PERIOD, n // 2) + 1):
        run = 0  # consecutive positions i with keys[i] == keys[i - period]
        for i in range(period, n + 1):
            if i < n and keys[i] == keys[i - period]:
                run += 1
                continue
            repeats = run // period + 1
            if repeats >= 2:
                first = i - run - period
                last = first + repeats * period - 1
                start, end = spans[first][0], spans[last][1]
                if best is None or end - start > best.end - best.start:
                    best = Repetition(
                        unit=unit,
                        period=period,
                        repeats=repeats,
                        block_chars=spans[first + period - 1][1] - start,
                        start=start,
                        end=end,
                    )
            run = 0
    return best


def collapse_repetition(text: str, repetition: Repetition) -> str:
    """``text`` with the repeated run collapsed to its first copy and a short marker.

    Used to trim a degenerate response before it goes back into the model's context, where
    the repeated text would reinforce the loop.
    """
    first_copy_end = repetition.start + repetition.block_chars
    marker = f" [... repeated {repetition.repeats - 1} more times, trimmed by loopwatch ...]"
    return text[:first_copy_end] + marker + text[repetition.end :]
