from __future__ import annotations

from typing import Literal

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from loopwatch.sketch import (
    OVERLAP_MIN_WORDS,
    SKETCH_SIZE,
    Repetition,
    bottom_k_similarity,
    closest_overlap,
    collapse_repetition,
    find_repetition,
    overlap,
    overlap_sketch,
    said_before,
    similarity,
    sketch_text,
)

INTENT = "Let me check the configuration to find where the retry policy is applied."
PARAPHRASE = "I'll look at the configuration to find where the retry policy gets applied."
UNRELATED = "The database migration adds an index on the orders table for reporting."
NO_SURROGATES: tuple[Literal["Cs"]] = ("Cs",)  # Unicode category of lone surrogates (not UTF-8)


def test_sketch_counts_content_words_only() -> None:
    sketch = sketch_text("Let me check the parser and the lexer, then I will fix a bug.")

    # parser, lexer, fix, bug: stopwords and one-letter tokens are not content.
    assert sketch.words == 4
    assert sketch.length == len("Let me check the parser and the lexer, then I will fix a bug.")


def test_sketch_minhash_is_sorted_and_bounded() -> None:
    text = " ".join(f"word{i}" for i in range(500))

    sketch = sketch_text(text)

    assert len(sketch.minhash) == SKETCH_SIZE
    assert list(sketch.minhash) == sorted(sketch.minhash)
    assert sketch.words == 500


def test_sketch_of_text_without_content_words_is_empty() -> None:
    sketch = sketch_text("Let me see, now I will just check it.")

    assert sketch.words == 0
    assert sketch.minhash == ()


def test_sketch_is_case_insensitive_and_deterministic() -> None:
    assert sketch_text(INTENT.upper()).minhash == sketch_text(INTENT).minhash
    assert sketch_text(INTENT) == sketch_text(INTENT)


def test_sketch_reads_only_the_head_of_a_huge_text() -> None:
    head = "alpha beta gamma delta epsilon " * 600  # > 16 KiB of five words
    text = head + " ".join(f"tail{i}" for i in range(100))

    sketch = sketch_text(text)

    assert sketch.words < len(text.split())
    assert sketch.minhash == sketch_text(head).minhash
    assert sketch.length == len(text)


def test_sketch_carries_the_text_repetition() -> None:
    text = "Thought: " * 30

    assert sketch_text(text).repetition == find_repetition(text)


def test_similarity_of_a_text_with_itself_is_one() -> None:
    assert similarity(sketch_text(INTENT), sketch_text(INTENT)) == 1.0


def test_paraphrase_is_similar_and_unrelated_text_is_not() -> None:
    intent = sketch_text(INTENT)

    assert similarity(intent, sketch_text(PARAPHRASE)) >= 0.6
    assert similarity(intent, sketch_text(UNRELATED)) < 0.3


def test_similarity_is_symmetric() -> None:
    a, b = sketch_text(INTENT), sketch_text(UNRELATED + " configuration retry")

    assert similarity(a, b) == similarity(b, a)


def test_similarity_without_content_words_is_zero() -> None:
    empty = sketch_text("")

    assert similarity(empty, empty) == 0.0
    assert similarity(empty, sketch_text(INTENT)) == 0.0


def test_said_before_is_the_share_of_words_the_earlier_texts_said() -> None:
    """Containment, not similarity: a short restatement of a long text was all said before,
    however much more the long text said; a text of words never said scores 0, as does one
    with no content word."""
    long_text = sketch_text(
        "The wind aloft blows fourteen knots against the twelve knot limit, gusts eighteen, surface calm."
    )
    short = sketch_text("Aloft fourteen knots, gusts eighteen.")
    other = sketch_text("Invoice totals reconciled for March.")

    assert said_before(short, long_text) == 1.0
    assert similarity(short, long_text) < 0.5
    assert said_before(short, other) == 0.0
    assert said_before(short, other, long_text) == 1.0
    assert said_before(sketch_text(""), long_text) == 0.0


def test_similarity_of_large_overlapping_texts_estimates_jaccard() -> None:
    a = sketch_text(" ".join(f"w{i}" for i in range(300)))
    b = sketch_text(" ".join(f"w{i}" for i in range(100, 400)))  # Jaccard 200 / 400 = 0.5

    assert 0.35 <= similarity(a, b) <= 0.65


def test_no_repetition_in_plain_text() -> None:
    assert find_repetition("One sentence here. Another one there. A third, different.") is None
    assert find_repetition("") is None


def test_repeated_line_run_offsets_cover_the_whole_run() -> None:
    line = "the build failed again\n"
    text = "start\n" + line * 4 + "end\n"

    rep = find_repetition(text)

    assert rep is not None
    assert (rep.unit, rep.period, rep.repeats) == ("line", 1, 4)
    assert text[rep.start : rep.start + rep.block_chars] == line.strip()
    assert rep.start == len("start\n")
    assert text[rep.start : rep.end] == (line * 4).strip()
    assert rep.covered_chars == rep.end - rep.start


def test_repeated_block_of_several_lines_has_that_period() -> None:
    text = "first line\nsecond line\nthird line\n" * 3

    rep = find_repetition(text)

    assert rep is not None
    assert (rep.period, rep.repeats) == (3, 3)
    assert text[rep.start : rep.start + rep.block_chars] == "first line\nsecond line\nthird line"


def test_sentences_count_as_units() -> None:
    text = "I am stuck. " * 5

    rep = find_repetition(text)

    assert rep is not None
    assert (rep.unit, rep.repeats) == ("line", 5)


def test_word_runs_are_found() -> None:
    rep = find_repetition("| " * 25 + "end")

    assert rep is not None
    assert (rep.unit, rep.period, rep.repeats) == ("word", 1, 25)


def test_period_bound_is_sixteen_units() -> None:
    def block(lines: int) -> str:
        return "".join(f"line number {i}\n" for i in range(lines))

    rep = find_repetition(block(16) * 2)

    assert rep is not None
    assert (rep.period, rep.repeats) == (16, 2)
    assert find_repetition(block(17) * 2) is None


def test_the_longest_run_wins() -> None:
    text = "a a a\n" + "the same long sentence comes back\n" * 3

    rep = find_repetition(text)

    assert rep is not None
    assert rep.repeats == 3
    assert text[rep.start : rep.start + rep.block_chars] == "the same long sentence comes back"


def test_collapse_keeps_one_copy_and_the_surroundings() -> None:
    text = "Before. " + "Same again. " * 6 + "After."
    rep = find_repetition(text)
    assert rep is not None

    collapsed = collapse_repetition(text, rep)

    assert collapsed.startswith("Before. Same again.")
    assert collapsed.endswith("After.")
    assert collapsed.count("Same again.") == 1
    assert "5 more times" in collapsed


def test_collapse_with_a_hand_made_repetition() -> None:
    text = "xxabcabcabcyy"
    rep = Repetition(unit="word", period=1, repeats=3, block_chars=3, start=2, end=11)

    assert collapse_repetition(text, rep) == "xxabc [... repeated 2 more times, trimmed by loopwatch ...]yy"


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_find_repetition_and_sketch_never_raise(text: str) -> None:
    rep = find_repetition(text)
    sketch = sketch_text(text)

    assert sketch.length == len(text)
    if rep is not None:
        assert rep.repeats >= 2
        assert 0 <= rep.start < rep.start + rep.block_chars <= rep.end <= len(text)
        collapse_repetition(text, rep)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=NO_SURROGATES), max_size=400))
def test_similarity_with_itself_is_one_when_there_are_content_words(text: str) -> None:
    sketch = sketch_text(text)

    if sketch.words:
        assert similarity(sketch, sketch) == 1.0
    else:
        assert similarity(sketch, sketch) == 0.0


@given(st.lists(st.from_regex(r"[a-z]{2,8}", fullmatch=True), min_size=1, max_size=50))
def test_similarity_with_itself_is_one_for_word_lists(words: list[str]) -> None:
    text = " ".join(words)
    sketch = sketch_text(text)

    if sketch.words:
        assert similarity(sketch, sketch_text(text)) == 1.0


@pytest.mark.parametrize("repeats", [2, 3, 10])
def test_repeats_count_copies(repeats: int) -> None:
    rep = find_repetition("stop here now\n" * repeats)

    assert rep is not None
    assert rep.repeats == repeats


def test_a_long_text_is_scanned_at_head_and_tail_with_offsets_into_the_whole_text() -> None:
    prose = " ".join(f"distinct{i}" for i in range(40_000))  # ~400 KB, nothing repeats
    tail = "Checking the logs again. " * 50
    text = prose + " " + tail
    found = find_repetition(text)
    assert found is not None
    assert found.repeats >= 49
    assert text[found.start : found.start + found.block_chars].strip() == "Checking the logs again."
    assert found.end == len(text.rstrip())


def test_overlap_of_reordered_listings_is_high_and_of_other_pages_low() -> None:
    rows = [
        f"{i}. [Result title number {w}](https://site.example/{w}) a snippet about {w} and more"
        for i, w in enumerate("abcdef")
    ]
    listing = "\n".join(rows)
    reordered = "\n".join(reversed(rows))
    other = "\n".join(
        r.replace("Result title", "Another page").replace("snippet", "summary") for r in rows[::-1]
    )
    assert overlap(overlap_sketch(listing), overlap_sketch(reordered)) >= 0.6
    assert overlap(overlap_sketch(listing), overlap_sketch(other)) < overlap(
        overlap_sketch(listing), overlap_sketch(reordered)
    )
    assert overlap(overlap_sketch(listing), overlap_sketch("completely unrelated words " * 10)) == 0.0


def test_short_results_get_no_overlap_sketch() -> None:
    assert overlap_sketch("status: running, 40% done") == ()
    assert len(overlap_sketch(" ".join(f"w{i}" for i in range(OVERLAP_MIN_WORDS)))) > 0


def _bottom_k_by_definition(a: tuple[int, ...], b: tuple[int, ...], k: int) -> float:
    """The estimate as first written: sort the union, count the shared hashes up to its k-th."""
    if not a or not b:
        return 0.0
    shared = set(a).intersection(b)
    union = len(set(a)) + len(b) - len(shared)
    if union <= k:
        return len(shared) / union
    kth = sorted(set(a).union(b))[k - 1]
    return sum(1 for h in shared if h <= kth) / k


# Few distinct values, so that sketches share hashes; lists that are unsorted or repeat a hash
# (a foreign client's) take the general path, sorted sets of hashes (this SDK's) the merge.
_HASHES = st.lists(st.integers(min_value=0, max_value=2**32 - 1) | st.integers(0, 80), max_size=40)


@given(_HASHES, _HASHES, st.booleans(), st.sampled_from([4, 16, 32]))
@settings(max_examples=400, deadline=None)
def test_bottom_k_similarity_equals_the_estimate_by_definition(
    a: list[int], b: list[int], as_sketches: bool, k: int
) -> None:
    left, right = (tuple(sorted(set(a))), tuple(sorted(set(b)))) if as_sketches else (tuple(a), tuple(b))
    try:
        expected = _bottom_k_by_definition(left, right, k)
    except IndexError:
        # A second list repeating hashes counts a union larger than it is: no estimate exists
        # (a sketch never repeats a hash; lists from the wire may, a known gap).
        assume(False)

    assert bottom_k_similarity(left, right, k) == expected


@given(_HASHES, st.lists(_HASHES, max_size=4))
@settings(max_examples=200, deadline=None)
def test_closest_overlap_is_the_largest_overlap(a: list[int], others: list[list[int]]) -> None:
    sketch = tuple(sorted(set(a)))
    earlier = [tuple(sorted(set(o))) for o in others]

    assert closest_overlap(sketch, earlier) == max((overlap(sketch, o) for o in earlier), default=0.0)


@given(_HASHES, st.lists(_HASHES, max_size=4), st.sampled_from([0.25, 0.3, 0.5, 0.8]))
@settings(max_examples=200, deadline=None)
def test_closest_overlap_under_at_least_is_zero_and_exact_from_it(
    a: list[int], others: list[list[int]], at_least: float
) -> None:
    sketch = tuple(sorted(set(a)))
    earlier = [tuple(sorted(set(o))) for o in others]
    largest = max((overlap(sketch, o) for o in earlier), default=0.0)

    assert closest_overlap(sketch, earlier, at_least=at_least) == (largest if largest >= at_least else 0.0)


def test_words_are_read_in_any_script() -> None:
    """Accents and the vowel signs of Indic scripts belong to their words (a danda does not), so
    a text in Hindi or Korean has words to compare, and a result in Korean an overlap sketch."""
    hindi = sketch_text("मैं आपकी शिकायत दर्ज कर रहा हूँ।")
    again = sketch_text("आपकी शिकायत दर्ज की जा रही है।")
    assert hindi.words == 7
    assert similarity(hindi, again) > 0
    assert sketch_text("está cerrada").words == 2  # not "est", "cerrada"
    korean = " ".join(f"환불 정책 {i}번 항목은 구매 후 14일 이내 신청" for i in range(4))
    assert overlap_sketch(korean)


@pytest.mark.parametrize(
    "text",
    [
        "I'll write the summary file now.",
        "Next, I will create reports/q3.md.",
        "Let me look at the config.",
        "OK, let's run it.",
        "Great, I'm transferring you to billing now.",  # under way, as a voice agent says it
        "Okay, transferring you to billing now.",
        "Please hold while I put you through.",
        "One moment, pulling that up.",
        "Un momento, le paso con facturación.",  # and in other languages
        "Veuillez patienter, je vous transfère.",
        "मैं आपकी शिकायत दर्ज कर रहा हूँ, बस एक क्षण।",
        "少々お待ちください。",
        "予約の確定処理を行います。",  # "I carry out the booking's confirmation"
        "ただいま予約を確定しております。",  # "I am confirming the booking now"
        "接下来，我会访问该页面，获取新增装机数字。",  # "next, I will open the page"
        "Ik ga nu de klep van zone 4 openen.",
        "Je vais ouvrir la page des statistiques.",
        "Deixa-me confirmar o cálculo de novo.",  # European Portuguese ("deixe-me" in Brazil)
    ],
)
def test_a_text_announcing_an_action_says_so(text: str) -> None:
    assert sketch_text(text).announces


@pytest.mark.parametrize(
    "text",
    [
        "What was wrong: the repository was shared between tests.",
        "Done. Let me know if you need anything else.",  # an offer, not an action
        "The fix is in parser.py. " * 12 + "I'll push it.",  # past the opening
        "I'm sorry, the refund cannot be issued twice.",
        "Nothing is running now; the queue is empty.",  # a state, not an action
        "The tests are passing.",
        "El informe está listo y enviado.",  # a statement in another language
        "在庫と着付け枠がございます。",  # "there is stock and a dressing slot"
    ],
)
def test_a_text_announcing_nothing_says_so(text: str) -> None:
    assert not sketch_text(text).announces


@pytest.mark.parametrize(
    "text",
    [
        "Let me verify this figure once more.",
        "Re-reading the config.",
        "I'll double-check the number.",
        "Checking again.",
    ],
)
def test_a_text_saying_it_repeats_an_action_says_so(text: str) -> None:
    assert sketch_text(text).again


@pytest.mark.parametrize(
    "text",
    ["Let me verify this figure.", "Reading the config.", "The regression is gone; the report is ready."],
)
def test_a_text_doing_something_once_says_no_again(text: str) -> None:
    assert not sketch_text(text).again


def test_a_reply_collapsing_into_one_japanese_sentence_repeats() -> None:
    """Chinese and Japanese sentences end in "。" with no space after; their letters are letters."""
    found = find_repetition("返品3件の処理が完了しました。\n\n" + "返金処理が完了しました。" * 20)

    assert found is not None
    assert (found.unit, found.period, found.repeats) == ("line", 1, 20)


def test_a_short_text_counts_the_facts_it_states() -> None:
    """A message of a report split over several states its names and figures; talk in place of
    acting states none; a long text is counted as none (it is no monologue's step)."""
    report = "Lote 2/4 - Yirgacheffe, Etiopía. Puntuación SCA 88.25. Recomendación: comprar 10 sacos."
    assert sketch_text(report, count_facts=True).facts >= 3
    assert (
        sketch_text("Revisando ahora el bracket para el seeding de las semifinales.", count_facts=True).facts
        == 0
    )
    assert (
        sketch_text("Lot 12 of Huila, Colombia, scored 86.5 on the SCA form. " * 12, count_facts=True).facts
        == 0
    )


def test_words_of_a_script_written_without_spaces_end_at_its_commas() -> None:
    """A Japanese description collapsing into "香り高く、甘く、" repeated is two words repeated; a
    sentence whose clauses differ is none (near miss)."""
    collapsed = "華やかなジャスミンの香り。" + "香り高く、甘く、" * 30
    found = find_repetition(collapsed)
    assert found is not None
    assert (found.unit, found.period, found.repeats) == ("word", 2, 30)
    assert find_repetition("華やかな香りと、完熟ブルーベリーの甘さ、ミルクチョコレートの余韻。") is None
