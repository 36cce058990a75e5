from __future__ import annotations

from collections.abc import Sequence

import pytest

from loopwatch.detect.same_response import SameResponse, SameResponseConfig
from loopwatch.verdict import Severity
from tests.sdk.detect.detect_builders import ScriptItem, UserTurn, call, run, step

REPHRASINGS = (
    "Can you explain what validate_payload does in the billing service?",
    "I mean: an explanation of the function validate_payload, please.",
    "Let me put it differently. Walk me through validate_payload step by step.",
    "Simpler: what happens inside validate_payload when a payload arrives?",
)
SORRY = ("Sorry, could you rephrase that?", "Sorry, could you rephrase your question?")


def conversation(requests: tuple[str, ...], responses: Sequence[Sequence[ScriptItem]]) -> list[ScriptItem]:
    script: list[ScriptItem] = []
    for request, response in zip(requests, responses, strict=True):
        script += [UserTurn(request), *response]
    return script


def rephrase_loop(turns: int) -> list[ScriptItem]:
    return conversation(REPHRASINGS[:turns], [[step(text=SORRY[i % 2])] for i in range(turns)])


def test_two_same_replies_are_not_a_loop() -> None:
    assert run(SameResponse(), rephrase_loop(2)).fired == []


def test_the_third_request_answered_the_same_fires() -> None:
    finding = run(SameResponse(), rephrase_loop(3)).finding()

    assert finding.detector == "same_response"
    assert (finding.count, finding.first_step, finding.last_step) == (3, 1, 3)
    assert finding.key == "same_response:1"
    assert finding.severity is Severity.LOOP


def test_the_chain_keeps_its_key() -> None:
    result = run(SameResponse(), rephrase_loop(4))

    assert [result.finding(n).count for n in (3, 4)] == [3, 4]
    assert {result.finding(n).key for n in (3, 4)} == {"same_response:1"}


def transfer(summary: str) -> list[ScriptItem]:
    return [
        step(call("transfer_to_human", {"summary": summary}, "Transfer successful")),
        step(text="YOU ARE BEING TRANSFERRED TO A HUMAN AGENT. PLEASE HOLD ON."),
    ]


def test_the_same_action_and_reply_to_each_new_request_fires() -> None:
    requests = (
        "I added insurance to my booking but it does not show up online.",
        "I would prefer not to be transferred. Could you please assist me with this?",
        "I really need this resolved without a transfer. Can you fix the insurance?",
    )
    script = conversation(requests, [transfer(f"user wants insurance, attempt {i}") for i in range(3)])

    finding = run(SameResponse(), script).finding()

    assert (finding.count, finding.first_step, finding.last_step) == (3, 2, 6)


def test_the_same_question_asked_again_may_get_the_same_lookup_and_answer() -> None:
    lookup = [
        step(call("kubectl_get", {"resource": "pods"}, "web-1 Running")),
        step(text="web-1 is Running."),
    ]
    asks = (
        "What's the status of the web pods in payments?",
        "And now? What's the status of the web pods in payments?",
        "Same question: what's the status of the web pods in payments?",
        "What's the status of the web pods in payments?",
    )

    assert run(SameResponse(), conversation(asks, [lookup] * 4)).fired == []


def test_new_questions_answered_from_the_same_lookup_are_not_flagged() -> None:
    questions = (
        "What's the request timeout in config/settings.yaml?",
        "Is the new checkout flag on in config/settings.yaml?",
        "Which log level does config/settings.yaml set for production?",
    )
    answers = (
        "The request timeout is 60 seconds.",
        "Yes, feature_new_checkout is true.",
        "log_level is info.",
    )
    read = step(call("open_file", {"path": "config/settings.yaml"}, "timeout: 60\nnew_checkout: true"))
    script = conversation(questions, [[read, step(text=a)] for a in answers])

    assert run(SameResponse(), script).fired == []


def test_a_reply_that_moves_on_breaks_the_chain() -> None:
    responses = [
        [step(text=SORRY[0])],
        [step(text=SORRY[1])],
        [step(text="validate_payload checks the schema.")],
    ]
    script = conversation(REPHRASINGS[:3], responses) + conversation(REPHRASINGS[3:], [[step(text=SORRY[0])]])

    assert run(SameResponse(), script).fired == []


def test_content_free_messages_do_not_count() -> None:
    """ "thanks" asks for nothing: the same "you're welcome" is no loop."""
    thanks = conversation(
        ("thanks", "thanks!", "thank you"), [[step(text="You're welcome, glad to help!")]] * 3
    )

    assert run(SameResponse(), thanks).fired == []


def test_long_templated_answers_with_other_figures_are_different_replies() -> None:
    answers = [
        f"The next fastest option departs at {h}:00 via {via}, arrives {h + 5}:40 and costs ${p} in economy."
        for h, via, p in ((7, "Denver", 420), (9, "Chicago", 388), (11, "Dallas", 512))
    ]
    requests = (
        "Details of the next option?",
        "And the next option after that one?",
        "Show me one more option please.",
    )

    assert run(SameResponse(), conversation(requests, [[step(text=a)] for a in answers])).fired == []


def test_works_in_privacy_mode() -> None:
    finding = run(SameResponse(), rephrase_loop(3), capture_content=False).finding()

    assert finding.count == 3


def test_configured_turns_boundary() -> None:
    result = run(SameResponse(SameResponseConfig(turns=2)), rephrase_loop(2))

    assert result.finding().count == 2


@pytest.mark.parametrize("turns", [0, 1])
def test_values_below_two_switch_it_off(turns: int) -> None:
    assert run(SameResponse(SameResponseConfig(turns=turns)), rephrase_loop(4)).fired == []


@pytest.mark.parametrize(
    ("config", "key"),
    [
        (SameResponseConfig(turns=-1), "same_response.turns"),
        (SameResponseConfig(request_similarity=0.0), "same_response.request_similarity"),
        (SameResponseConfig(short_reply_similarity=1.5), "same_response.short_reply_similarity"),
        (SameResponseConfig(request_min_words=0), "same_response.request_min_words"),
    ],
)
def test_invalid_values_are_rejected_naming_the_key(config: SameResponseConfig, key: str) -> None:
    with pytest.raises(ValueError, match=key.replace(".", r"\.")):
        SameResponse(config)
