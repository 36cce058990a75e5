from __future__ import annotations

import dataclasses

import pytest

from loopwatch.events import (
    PREVIEW_CHARS,
    Step,
    ToolCall,
    ToolResult,
    Usage,
    UserMessage,
    contained_terms,
    error_term_hashes,
    restates_failure,
    shared_terms,
    term_hashes,
)
from loopwatch.fingerprint import call_fingerprint, canonical_arguments, digest, result_fingerprint
from loopwatch.sketch import find_repetition, sketch_text
from loopwatch.verdict import Action, Severity, Verdict, strongest

DEGENERATE = "    return None\n" * 8  # 128 characters, one line eight times


def read(path: str, *, id: str = "c1", capture_content: bool = True) -> ToolCall:  # noqa: A002
    return ToolCall.create(id=id, name="read_file", arguments={"path": path}, capture_content=capture_content)


# ToolCall


def test_tool_call_carries_canonical_arguments_and_their_fingerprint() -> None:
    call = ToolCall.create(id="c1", name="search", arguments={"q": "x", "limit": 5})

    assert call.arguments == '{"limit":5,"q":"x"}'
    assert call.fingerprint == call_fingerprint("search", canonical_arguments({"limit": 5, "q": "x"}))


def test_a_short_call_has_a_spelling_and_a_long_call_none() -> None:
    """One request typed otherwise shares a spelling; a program, where a capital or a space may
    be the edit, has none (``fingerprint.spelling_fingerprint``), nor has it in privacy mode a
    different one."""
    typed = [ToolCall.create(id="c", name="get", arguments={"id": v}) for v in ("AB-01", "ab01")]
    assert typed[0].spelling == typed[1].spelling != ""
    assert ToolCall.create(id="c", name="get", arguments={"id": "AB-01"}, capture_content=False).spelling == (
        typed[0].spelling
    )
    program = ToolCall.create(id="c", name="python", arguments={"code": "x = 1\nprint(x)\n"})
    assert program.spelling == ""


def test_tool_call_from_json_string_equals_the_mapping_form() -> None:
    from_string = ToolCall.create(id="c1", name="search", arguments='{"limit": 5, "q": "x"}')
    from_mapping = ToolCall.create(id="c2", name="search", arguments={"q": "x", "limit": 5})

    assert from_string.fingerprint == from_mapping.fingerprint
    assert from_string.arguments == from_mapping.arguments


def test_tool_call_without_content_keeps_fingerprint_and_repetition() -> None:
    arguments = {"path": "a.py", "content": DEGENERATE}

    full = ToolCall.create(id="c1", name="edit", arguments=arguments)
    private = ToolCall.create(id="c1", name="edit", arguments=arguments, capture_content=False)

    assert private.arguments is None
    assert private.fingerprint == full.fingerprint
    assert private.repetition == full.repetition
    assert private.repetition is not None


def test_tool_call_repetition_is_the_longest_in_any_string_argument() -> None:
    longer = "Thought: " * 30
    call = ToolCall.create(
        id="c1", name="edit", arguments={"a": DEGENERATE, "nested": {"items": ["x", longer]}}
    )

    assert call.repetition == find_repetition(longer)


def test_a_list_of_short_strings_collapsing_into_repeats_is_a_repetition() -> None:
    """Keywords that start well and then alternate one pair forty times: the list read as one
    text repeats. Near misses: distinct keywords; a list of flags stays no phrase."""
    collapsed = ToolCall.create(
        id="c1",
        name="set_keywords",
        arguments={"id": "IMG_4411", "keywords": ["Tihany", *["móló", "pier"] * 40]},
    )
    distinct = ToolCall.create(
        id="c2", name="set_keywords", arguments={"keywords": [f"keyword{n}" for n in range(30)]}
    )
    flags = ToolCall.create(
        id="c3", name="nmap", arguments={"target": "10.0.0.1", "flags": ["-sS", "-Pn", "-T4"]}
    )

    assert collapsed.repetition is not None
    assert distinct.repetition is None
    assert not flags.phrased


def test_tool_call_repetition_scans_a_non_json_string_argument() -> None:
    call = ToolCall.create(id="c1", name="shell", arguments=DEGENERATE)

    assert call.repetition == find_repetition(DEGENERATE)


@pytest.mark.parametrize(
    "arguments",
    [None, {}, {"path": "a.py"}, {"short": "ok ok ok ok ok ok"}, {"n": 5, "flags": [True, None]}],
)
def test_tool_call_without_long_repeated_strings_has_no_repetition(arguments: object) -> None:
    call = ToolCall.create(id="c1", name="t", arguments=arguments)  # type: ignore[arg-type]

    assert call.repetition is None


# Step


def test_step_derives_sketch_and_keeps_its_content() -> None:
    calls = (read("src/app.py"),)
    text = "Reading src/app.py to find the entry point."

    step = Step.create(
        event_id="s1",
        text=text,
        tool_calls=calls,
        usage=Usage(input_tokens=10, output_tokens=3),
        finish_reason="tool_calls",
        time_unix_ns=42,
    )

    assert step.text == text
    assert step.sketch == sketch_text(text)
    assert step.tool_calls == calls
    assert step.usage == Usage(input_tokens=10, output_tokens=3)
    assert (step.finish_reason, step.time_unix_ns) == ("tool_calls", 42)


@pytest.mark.parametrize("text", [None, ""])
def test_step_without_text_has_no_sketch(text: str | None) -> None:
    step = Step.create(event_id="s1", text=text, tool_calls=(read("a.py"),))

    assert step.sketch is None
    assert step.refers_to_calls is False


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("Moving on to `src/handlers/auth.py` next.", read("src/handlers/auth.py")),
        ("Let me open the README.", read("docs/readme.md")),
        (
            "Searching for where the retry policy is configured.",
            ToolCall.create(id="c1", name="search", arguments={"q": "retry_policy OR retry"}),
        ),
        (
            "Now the helper `parse_headers` itself.",
            ToolCall.create(id="c1", name="grep", arguments='{"pattern": "def parse_headers"}'),
        ),
    ],
)
def test_step_refers_to_calls_when_text_names_an_argument_term(text: str, call: ToolCall) -> None:
    assert Step.create(event_id="s1", text=text, tool_calls=(call,)).refers_to_calls is True


@pytest.mark.parametrize(
    ("text", "calls"),
    [
        ("Let me check the path setting.", (read("docs/index.md"),)),  # a key is not a term
        ("Let me check the configuration again.", (read("src/app.py"),)),
        ("Run it with -n 5.", (ToolCall.create(id="c1", name="shell", arguments={"flags": "-n"}),)),
        ("Reading src/app.py now.", ()),
    ],
)
def test_step_does_not_refer_to_calls_it_does_not_name(text: str, calls: tuple[ToolCall, ...]) -> None:
    assert Step.create(event_id="s1", text=text, tool_calls=calls).refers_to_calls is False


def test_step_refers_to_a_short_file_name_it_reads() -> None:
    step = Step.create(event_id="s1", text="Moving on to `a.py` next.", tool_calls=(read("a.py"),))

    assert step.refers_to_calls is True


def test_privacy_mode_strips_text_and_arguments_but_keeps_derived_features() -> None:
    calls = (read("src/handlers/auth.py"), ToolCall.create(id="c2", name="edit", arguments={"x": DEGENERATE}))
    text = "Moving on to `src/handlers/auth.py` to review the request handlers."

    full = Step.create(event_id="s1", text=text, tool_calls=calls)
    private = Step.create(event_id="s1", text=text, tool_calls=calls, capture_content=False)

    assert private.text is None
    assert private.sketch == full.sketch
    assert private.sketch is not None
    assert private.refers_to_calls is full.refers_to_calls is True
    assert [c.arguments for c in private.tool_calls] == [None, None]
    assert [c.fingerprint for c in private.tool_calls] == [c.fingerprint for c in calls]
    assert [(c.id, c.name, c.repetition) for c in private.tool_calls] == [
        (c.id, c.name, c.repetition) for c in calls
    ]


def test_privacy_mode_keeps_usage_and_timing() -> None:
    step = Step.create(
        event_id="s1",
        text="Done.",
        usage=Usage(input_tokens=7, output_tokens=2),
        finish_reason="stop",
        time_unix_ns=99,
        capture_content=False,
    )

    assert (step.usage, step.finish_reason, step.time_unix_ns) == (
        Usage(input_tokens=7, output_tokens=2),
        "stop",
        99,
    )


def test_calls_created_without_content_cannot_be_referred_to() -> None:
    # The SDK must create the calls with content and strip it in Step.create (privacy mode).
    calls = (read("src/app.py", capture_content=False),)

    assert Step.create(event_id="s1", text="Reading src/app.py.", tool_calls=calls).refers_to_calls is False


def test_events_are_immutable() -> None:
    step = Step.create(event_id="s1", text="hi")

    with pytest.raises(dataclasses.FrozenInstanceError):
        step.text = "changed"  # type: ignore[misc]


# ToolResult and UserMessage


def test_tool_result_fingerprints_the_normalised_content() -> None:
    content = "status: pending at 2026-11-30T02:50:27Z"

    result = ToolResult.create(
        event_id="r1", call_id="c1", content=content, is_error=True, error_type="Timeout"
    )

    assert result.fingerprint == result_fingerprint(content)
    assert result.size == len(content)
    assert (result.is_error, result.error_type) == (True, "Timeout")
    assert result.preview == content


def test_tool_result_preview_is_flattened_and_bounded() -> None:
    content = "line one\n\n  line   two\n" + "x" * 500

    result = ToolResult.create(event_id="r1", call_id="c1", content=content)

    assert result.preview is not None
    assert len(result.preview) == PREVIEW_CHARS
    assert result.preview.startswith("line one line two x")
    assert result.preview.endswith("...")
    assert result.size == len(content)


def test_tool_result_in_privacy_mode_has_no_preview() -> None:
    full = ToolResult.create(event_id="r1", call_id="c1", content="secret")
    private = ToolResult.create(event_id="r1", call_id="c1", content="secret", capture_content=False)

    assert private.preview is None
    assert (private.fingerprint, private.size) == (full.fingerprint, full.size)


def test_a_failure_handed_back_as_an_answer_is_a_failure_in_privacy_mode_too() -> None:
    """The SDK reads the answer where it is, so a private result still says it failed."""
    content = "Error: KeyError('customer_id')\n Please fix your mistakes."

    for capture in (True, False):
        result = ToolResult.create(event_id="r1", call_id="c1", content=content, capture_content=capture)
        assert result.is_error
        assert result.error_class == "type:KeyError"
        assert result.facts == result.links == ()


def test_empty_tool_result_has_size_zero() -> None:
    result = ToolResult.create(event_id="r1", call_id="c1", content="")

    assert result.size == 0
    assert result.preview == ""


def test_user_message_keeps_only_a_fingerprint() -> None:
    message = UserMessage.create(event_id="u1", text="What is the weather?", time_unix_ns=5)

    assert message.fingerprint == digest("What is the weather?")
    assert message.time_unix_ns == 5


def test_actions_and_severities_rank_in_declaration_order() -> None:
    assert [a.rank for a in Action] == [0, 1, 2, 3]
    assert Action.CONTINUE.rank < Action.NUDGE.rank < Action.WITHDRAW_TOOLS.rank < Action.HALT.rank
    assert Severity.NOTICE.rank < Severity.LOOP.rank < Severity.LIMIT.rank


def test_strongest_verdict_is_the_latest_of_the_highest_rank() -> None:
    first = Verdict(action=Action.NUDGE, step=1)
    second = Verdict(action=Action.NUDGE, step=2)
    assert strongest([first, Verdict(action=Action.CONTINUE, step=3), second]) is second
    assert strongest([]) is None


def test_a_short_call_carries_its_terms_and_a_failure_the_terms_it_names() -> None:
    call = ToolCall.create(id="c", name="view", arguments={"path": "/srv/app/messages"})
    failed = ToolResult.create(
        event_id="r", call_id="c", content="The path /srv/app/messages does not exist.", is_error=True
    )
    other = ToolCall.create(id="d", name="view", arguments={"path": "/srv/app/messages.py"})

    assert set(call.targets) - set(other.targets) <= set(failed.error_terms)
    assert not set(call.targets).isdisjoint(failed.error_terms)
    assert set(call.targets) != set(other.targets)
    assert ToolCall.create(id="e", name="run", arguments={"code": "a = 1\nb = 2"}).targets == ()
    assert ToolResult.create(event_id="s", call_id="c", content="fine").error_terms == ()


def test_a_call_is_phrased_when_a_value_holds_words() -> None:
    """A query or a task can be reworded; a path, an id or a spaceless name is replaced."""
    assert ToolCall.create(id="c", name="search", arguments={"query": "Brio voltage specs"}).phrased
    assert not ToolCall.create(id="c", name="view", arguments={"path": "deploy/k8s/a.yaml", "n": 3}).phrased
    assert not ToolCall.create(id="c", name="run", arguments={"code": "a = 1\nb = 2"}).phrased  # no frame


def test_a_call_in_another_script_is_phrased_and_named_by_its_words() -> None:
    """A sentence without spaces (Japanese, Chinese) is worded, and its pairs of characters are
    its terms beside the identifiers in it; a Cyrillic query's words are terms. Near miss: a
    short name of two characters is a target, not words."""
    brief = ToolCall.create(
        id="c", name="Task", arguments={"prompt": "B-17のSG-04の過去30日のひずみと桁温度を取得して報告して。"}
    )
    query = ToolCall.create(id="d", name="search", arguments={"q": "Проверь статус заказа"})
    city = ToolCall.create(id="e", name="weather", arguments={"city": "東京"})

    assert brief.phrased
    assert len(brief.targets) > 6
    assert set(ToolCall.create(id="f", name="get", arguments={"id": "sg-04"}).targets) <= set(brief.targets)
    assert query.phrased
    assert len(query.targets) == 3
    assert not city.phrased


def test_a_long_call_is_phrased_when_a_value_reads_as_a_brief() -> None:
    """A sub-agent's task of several sentences asks in words like a query, and is compared by
    its terms; a program, a patch or a file body of the same length is no brief."""
    brief = (
        "Research task: find the total 2019 revenue reported by Acme Robotics.\n"
        "- Look at annual reports, press releases and reputable financial news.\n"
        "- Report the figure in USD with the exact source and a quote."
    )
    task = ToolCall.create(id="c", name="Task", arguments={"prompt": brief, "agent": "researcher"})
    code = "\n".join(f"def step_{i}(rows):\n    return [r[{i}] for r in rows if r]" for i in range(4))
    program = ToolCall.create(id="c", name="run", arguments={"code": code})

    assert (task.frame, task.phrased, bool(task.wording), bool(task.targets)) == ("", True, True, True)
    assert (program.phrased, program.wording, program.targets) == (False, "", ())
    private = ToolCall.create(id="c", name="Task", arguments={"prompt": brief}, capture_content=False)
    assert private.targets == task.targets


def test_a_brief_may_name_acronyms_and_figures() -> None:
    """Prose names "EU", "CI" and "50 times"; a brief full of them is still one. Near miss: a
    command line of the same length is no brief."""
    brief = (
        "Acme Industrial FY2023: revenue for the EU / Europe segment. Search SEC filings and IR "
        "materials carefully, including geographic breakdowns. Return the figure in USD, run it 50 times."
    )
    command = "grep -rn 'EU' src/ | sort -u | head -n 50 && wc -l src/*.py && git log --oneline -n 20 -- src/"
    padded = f"{command} && {command}"

    assert ToolCall.create(id="c", name="delegate", arguments={"task": brief, "steps": [1] * 40}).phrased
    assert not ToolCall.create(id="c", name="bash", arguments={"cmd": padded, "steps": [1] * 40}).phrased


def test_a_calls_wording_is_its_words_whatever_its_identifiers() -> None:
    """The same edit in another file has the same wording; a reworded query another; a call of
    identifiers only has none."""

    def wording(arguments: dict[str, object]) -> str:
        return ToolCall.create(id="c", name="edit", arguments=arguments).wording

    edit = {"old": "from compat import json", "new": "import json"}
    assert wording({"path": "src/a.py", **edit}) == wording({"path": "src/b.py", **edit})
    assert wording({"path": "src/a.py", **edit}) != wording(
        {"path": "src/a.py", "old": "import compat", "new": "x"}
    )
    assert wording({"query": "AX-9 E17 fix"}) != wording({"query": "AX-9 error E17"})
    assert wording({"path": "src/a.py", "line": 3}) == ""
    assert ToolCall.create(
        id="c", name="edit", arguments={"path": "a.py", **edit}, capture_content=False
    ).wording


def test_shared_terms_is_the_jaccard_of_two_term_sets() -> None:
    a = term_hashes("household income tallinn 2021 details")
    b = term_hashes("what is the household income of tallinn")

    assert shared_terms(a, b) == pytest.approx(3 / 5)
    assert shared_terms(a, ()) == 0.0


def test_contained_terms_is_the_share_of_the_smaller_set_in_the_other() -> None:
    short = term_hashes("AI Act timeline GPAI")
    long = term_hashes("AI Act general purpose AI model provider obligations when apply")

    assert contained_terms(short, long) == contained_terms(long, short) == pytest.approx(1 / 3)
    assert shared_terms(short, long) < 0.2
    assert contained_terms(short, ()) == 0.0


def test_a_failure_saying_what_earlier_ones_said_in_other_words_restates_them() -> None:
    """The same refusal worded three ways: what each names beyond any failure's words recurs."""
    earlier = [
        error_term_hashes(
            '{"status": "REJECTED", "reject_codes": [{"code": "75", "text": "Prior Authorization Required"}]}'
        ),
        error_term_hashes("NCPDP reject 75 - PA required for this product/plan combination (BIN 610014)"),
    ]

    assert restates_failure(error_term_hashes("Claim denied: PRIOR AUTH REQUIRED"), earlier)


def test_another_failure_or_one_naming_only_common_words_restates_nothing() -> None:
    """Near misses: another cause, and words any failure says ("error", "failed", "status")."""
    earlier = [error_term_hashes("Claim rejected: Prior Authorization Required")]

    assert not restates_failure(error_term_hashes("Claim rejected: quantity exceeds plan limit"), earlier)
    assert not restates_failure(error_term_hashes("Error: request failed (status code)"), earlier)
    assert not restates_failure(error_term_hashes("Prior Authorization Required"), [])
