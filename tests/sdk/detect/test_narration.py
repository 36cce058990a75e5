from __future__ import annotations

import pytest

from loopwatch.detect.narration import SAID_BEFORE, Narration, NarrationConfig
from loopwatch.sketch import said_before, similarity, sketch_text
from loopwatch.verdict import Severity
from tests.sdk.detect.detect_builders import USER, StepSpec, call, run, step

RESTATED = [
    "Let me check the configuration to find where the retry policy is applied.",
    "I'll look at the configuration to find where the retry policy gets applied.",
    "Now checking the configuration again to find where retry policy is applied.",
    "Let me look at the configuration once more to find where the retry policy is applied.",
]
# Calls that wander and bring nothing back (empty answers): the restated intent is not acted on.
WANDERING = [
    call("read_file", {"path": "src/server.py"}, ""),
    call("grep", {"pattern": "timeout"}, ""),
    call("list_dir", {"path": "docs"}, ""),
    call("read_file", {"path": "README.md"}, ""),
]
# The same calls bringing something new each time: progress, whatever the text repeats.
LEARNING = [
    call("read_file", {"path": "src/server.py"}, "server"),
    call("grep", {"pattern": "timeout"}, "src/client.py:12: timeout=30"),
    call("list_dir", {"path": "docs"}, "index.md"),
    call("read_file", {"path": "README.md"}, "readme"),
]


def restating(n: int) -> list[StepSpec]:
    return [step(WANDERING[i], text=RESTATED[i]) for i in range(n)]


# Calls made after ``LEARNING`` that bring nothing (none of them re-reads what it read).
NOTHING_MORE = [
    call("read_file", {"path": "src/app.py"}, ""),
    call("grep", {"pattern": "backoff"}, ""),
    call("list_dir", {"path": "scripts"}, ""),
]


def after_learning(n: int) -> list[StepSpec]:
    return [step(NOTHING_MORE[i], text=RESTATED[i]) for i in range(n)]


def test_restating_over_calls_that_bring_new_results_is_quiet_until_they_stop() -> None:
    """The intent restated over a productive stretch (the issue's SWE-agent runs): the alarm
    waits until as many steps in a row as it takes restatements (3) brought nothing."""
    productive = [step(LEARNING[i], text=RESTATED[i]) for i in range(3)]
    result = run(Narration(), [*productive, *after_learning(3)])

    assert result.findings[:5] == [None] * 5
    assert (result.finding(6).count, result.finding(6).first_step) == (6, 1)


def test_a_productive_stretch_then_two_fruitless_steps_is_not_yet_narration() -> None:
    """Boundary: the second step in a row that brought nothing is one short."""
    script = [*(step(LEARNING[i], text=RESTATED[i]) for i in range(3)), *after_learning(2)]

    assert run(Narration(), script).fired == []


def test_the_fruitless_steps_needed_follow_repeats() -> None:
    script = [*(step(LEARNING[i], text=RESTATED[i]) for i in range(3)), *after_learning(2)]

    assert run(Narration(NarrationConfig(repeats=2)), script).finding().last_step == 5


def test_two_restatements_are_not_narration() -> None:
    assert run(Narration(), restating(2)).findings == [None, None]


def test_third_restatement_fires() -> None:
    finding = run(Narration(), restating(3)).finding()

    assert finding.detector == "narration"
    assert finding.key == "narration:1"
    assert (finding.count, finding.first_step, finding.last_step) == (3, 1, 3)
    assert finding.tool_name is None
    assert finding.severity is Severity.LOOP


def test_a_restated_intent_over_failing_calls_is_the_failure_streaks() -> None:
    """The intent restated while every call fails ("moving the coordinates a little and sending
    again"): what the failures say judges it (``error_streak``), not the words around them. The
    same steps with calls that succeed with nothing new fire (near miss)."""
    failing = [
        step(
            call("evv_submit", {"lat": 28.567 + i / 1e4}, "GPS_OUT_OF_RANGE", is_error=True), text=RESTATED[i]
        )
        for i in range(4)
    ]

    assert run(Narration(), failing).fired == []
    assert run(Narration(), restating(3)).finding(3) is not None


def test_restatement_continues_under_the_same_key() -> None:
    result = run(Narration(), restating(4))

    assert result.finding(4).key == result.finding(3).key
    assert result.finding(4).count == 4


def test_restatement_is_found_in_privacy_mode() -> None:
    result = run(Narration(), restating(3), capture_content=False)

    assert result.records[-1].text is None
    assert result.finding().count == 3


def test_two_text_only_steps_are_not_narration() -> None:
    script = [step(text="I will now fix the bug."), step(text="Done.")]

    assert run(Narration(), script).fired == []


def test_third_text_only_step_saying_the_same_thing_fires() -> None:
    script = [
        step(text="Okay, I will run the tests."),
        step(text="Now I will run the tests."),
        step(text="Run the tests."),
    ]

    finding = run(Narration(), script).finding()

    assert (finding.count, finding.first_step, finding.last_step) == (3, 1, 3)
    assert finding.key == "narration:1"
    assert "without acting" in finding.summary


def test_text_only_steps_that_move_on_are_an_explanation() -> None:
    """A reply split into several messages (what changed, why, how to verify) is no loop."""
    script = [
        step(text="The issue was the test setup, not the pr command itself."),
        step(text="What was wrong: the repository was shared between tests and never cleaned."),
        step(text="How we fixed it: one temporary repository per test, created in beforeEach."),
        step(text="To verify, run bun test src/domain/git.pr.test.ts; both cases pass now."),
    ]

    assert run(Narration(), script).fired == []


ANNOUNCED = [
    "I have the numbers. I'll now write the summary to reports/q3_summary.md.",
    "Now I'll write the Q3 summary file with the revenue, customers, churn and NPS figures.",
    "Next, I will create reports/q3_summary.md containing the summary.",
    "I'll write the summary file now.",
]


def test_the_fourth_text_only_step_announcing_an_action_fires() -> None:
    """Announcements in other words each time (too few shared words to be one intent by
    similarity): the action never comes. Privacy mode judges alike, from the sketch."""
    for capture in (True, False):
        result = run(Narration(), [step(text=t) for t in ANNOUNCED], capture_content=capture)

        assert result.findings[:3] == [None] * 3
        finding = result.finding(4)
        assert (finding.count, finding.first_step, finding.key) == (4, 1, "narration:1")
        assert "without calling a tool" in finding.summary


def test_an_action_said_to_be_under_way_again_and_again_fires_at_the_fourth() -> None:
    """A voice agent telling the caller it is transferring them, step after step, in other
    words each time, and never calling the transfer: announcing without acting."""
    said = [
        "Great, I'm transferring you to billing now.",
        "Transferring you to the billing team now, please hold.",
        "Okay, putting you through to billing.",
        "Please hold while I transfer you to billing.",
    ]

    result = run(Narration(), [step(text=t) for t in said])

    assert result.findings[:3] == [None] * 3
    assert result.finding(4).count == 4


def test_three_announcements_then_the_action_are_no_loop() -> None:
    """Boundary: three announcements, then the call; and an answer between announcements
    (a paragraph that announces nothing) breaks the chain."""
    act = step(call("write_file", {"path": "reports/q3_summary.md"}, "written"), text="Writing it.")
    then_acting = [*(step(text=t) for t in ANNOUNCED[:3]), act]
    answer = (
        "The summary has four bullet points: revenue grew 12 percent to 4.1 million, customers "
        "rose from 310 to 344, churn fell below two percent for the first time, and NPS held at 41 "
        "after the pricing change in August."
    )
    interrupted = [
        *(step(text=t) for t in ANNOUNCED[:2]),
        step(text=answer),
        *(step(text=t) for t in ANNOUNCED[2:]),
    ]

    assert run(Narration(), then_acting).fired == []
    assert run(Narration(), interrupted).fired == []


# A monologue in Ukrainian: no cue is read in it, and its inflected words share little.
MONOLOGUE = [
    "Зараз перевірю заряд батареї робота R-17.",
    "Перевіряю рівень заряду R-17.",
    "Отже, спершу перевірю батарею R-17, а потім вирішу щодо зарядки.",
    "Перевіряю батарею робота R-17 зараз.",
]


def test_the_fourth_short_text_only_step_about_the_last_fires_in_any_language() -> None:
    """Short texts, each about what the one before said, and no tool called: talking in place
    of acting, whatever the language. Privacy mode judges alike, from the sketch."""
    for capture in (True, False):
        result = run(Narration(), [step(text=t) for t in MONOLOGUE], capture_content=capture)

        assert result.findings[:3] == [None] * 3
        assert (result.finding(4).count, result.finding(4).first_step) == (4, 1)


def test_short_texts_that_move_on_or_a_tool_called_are_no_monologue() -> None:
    """Near misses: a short text about something the one before did not name breaks the run,
    and so does acting after three."""
    moved_on = [
        *(step(text=t) for t in MONOLOGUE[:2]),
        step(text="Склад C працює без затримок."),
        step(text=MONOLOGUE[3]),
    ]
    acted = [*(step(text=t) for t in MONOLOGUE[:3]), step(call("robot_status", {"robot": "R-17"}, "64%"))]

    assert run(Narration(), moved_on).fired == []
    assert run(Narration(), acted).fired == []


def test_a_report_split_over_short_messages_is_no_monologue() -> None:
    """Near miss: one template, a lot per message, each stating its names and figures: a report,
    not talk in place of acting, in privacy mode too."""
    report = [
        "Lote 1/4 - Huila, Colombia. Puntuación SCA 86.5. Recomendación: comprar 20 sacos.",
        "Lote 2/4 - Yirgacheffe, Etiopía. Puntuación SCA 88.25. Recomendación: comprar 10 sacos.",
        "Lote 3/4 - Cerrado, Brasil. Puntuación SCA 82.0. Recomendación: solo para blend.",
        "Lote 4/4 - Huehuetenango, Guatemala. Puntuación SCA 85.75. Recomendación: comprar 12 sacos.",
    ]
    for capture in (True, False):
        assert run(Narration(), [step(text=t) for t in report], capture_content=capture).fired == []


def test_monologue_words_bounds_what_says_little() -> None:
    """Boundary: with ``monologue_words`` under a text's content words, only announcements count."""
    assert run(Narration(NarrationConfig(monologue_words=3)), [step(text=t) for t in MONOLOGUE]).fired == []
    with pytest.raises(ValueError, match="monologue_words"):
        NarrationConfig(monologue_words=0).validate()


def test_announcements_configured_boundary_and_off() -> None:
    script = [step(text=t) for t in ANNOUNCED[:3]]

    assert run(Narration(NarrationConfig(announcements=3)), script).finding().count == 3
    assert run(Narration(NarrationConfig(announcements=1)), [step(text=t) for t in ANNOUNCED]).fired == []


# A figure checked again and again against the very same page, over two tools.
SEARCH = call(
    "web_search",
    {"query": "Lagos population 2023"},
    "Lagos - Wikipedia: population 15.4 million (2023)\nLagos state site: 15.4 million",
)
LOOKUP = call(
    "find_in_page",
    {"url": "https://en.wikipedia.org/wiki/Lagos", "query": "population"},
    "...an estimated population of 15.4 million (2023)...",
)
AGAIN = [
    step(
        call(
            "find_in_page",
            {"url": "https://en.wikipedia.org/wiki/Lagos", "query": "15.4 million"},
            "...an estimated population of 15.4 million (2023)...",
        ),
        text="Let me verify this figure once more.",
    ),
    step(
        call(
            "web_search",
            {"query": "Lagos population 15.4 million"},
            "Lagos - Wikipedia: population 15.4 million (2023)\nLagos state site: 15.4 million",
        ),
        text="I'll double-check the number one more time.",
    ),
    step(
        call(
            "find_in_page",
            {"url": "https://en.wikipedia.org/wiki/Lagos#Demographics", "query": "population"},
            "...an estimated population of 15.4 million (2023)...",
        ),
        text="Verifying the figure again to be safe.",
    ),
]


def test_the_third_step_saying_again_over_answers_already_given_fires() -> None:
    """The model says it checks again, and every call brings back what the run already had:
    whatever the tools, it repeats itself to no avail. Privacy mode judges alike."""
    for capture in (True, False):
        result = run(
            Narration(),
            [step(SEARCH, text="Searching."), step(LOOKUP, text="Opening it."), *AGAIN],
            capture_content=capture,
        )

        assert result.findings[:4] == [None] * 4
        finding = result.finding(5)
        assert (finding.count, finding.first_step) == (3, 3)
        assert "again" in finding.summary


def test_saying_again_over_a_new_answer_is_progress() -> None:
    """Near miss: the third "again" brings a figure not seen (another source): the chain breaks."""
    news = step(
        call(
            "find_in_page",
            {"url": "https://lagosstate.gov.ng", "query": "population"},
            "Lagos State: 21 million residents (2022 census estimate)",
        ),
        text="Let me check again on the state site.",
    )
    script = [step(SEARCH, text="Searching."), step(LOOKUP, text="Opening it."), *AGAIN[:2], news]

    assert run(Narration(), script).fired == []


def test_checking_again_while_a_poll_moves_or_a_test_reruns_is_quiet() -> None:
    """Healthy: a poll whose status moves, tests re-run after each edit, a retry that fails."""
    poll = [
        step(call("job_status", {"id": "j1"}, f"running: {p}% done"), text="Checking the job again.")
        for p in (10, 40, 70, 90)
    ]
    reruns: list[StepSpec] = []
    for i in range(4):
        reruns.append(
            step(call("edit", {"path": "a.py", "text": f"v{i}"}, "edited"), text="Editing the parser.")
        )
        reruns.append(step(call("run_tests", {}, f"{4 - i} failed"), text="Running the tests again."))
    retries = [
        step(
            call("pay", {"order": 7}, "503 Service Unavailable", is_error=True),
            text="Trying the payment again.",
        )
        for _ in range(4)
    ]

    for script in (poll, reruns, retries):
        assert run(Narration(), script).fired == []


def test_the_same_text_across_user_turns_is_not_narration() -> None:
    """Across turns it is the same_response detector's business."""
    script = [
        step(text="Run the tests."),
        USER,
        step(text="Run the tests."),
        USER,
        step(text="Run the tests."),
    ]

    assert run(Narration(), script).fired == []


def test_a_step_with_calls_breaks_talking_without_acting() -> None:
    act = step(call("read_file", {"path": "a.py"}, "x"), text="Reading.")
    same = "I will now fix the bug in the parser."
    script = [step(text=same), step(text=same), act, step(text=same), step(text=same)]

    assert run(Narration(), script).fired == []


def test_fan_out_whose_text_names_its_calls_is_not_narration() -> None:
    files = ["src/handlers/auth.py", "src/handlers/billing.py", "src/handlers/search.py"]
    script = [
        step(
            call("read_file", {"path": path}, f"contents of {path}"),
            text=f"Moving on to `{path}` to review the remaining request handlers in this package.",
        )
        for path in files
    ]

    result = run(Narration(), script)

    assert all(record.refers_to_calls for record in result.records)
    assert result.fired == []


def test_fan_out_is_not_narration_in_privacy_mode_either() -> None:
    files = ["src/handlers/auth.py", "src/handlers/billing.py", "src/handlers/search.py"]
    script = [
        step(
            call("read_file", {"path": path}, "x"),
            text=f"Moving on to `{path}` to review the remaining request handlers in this package.",
        )
        for path in files
    ]

    assert run(Narration(), script, capture_content=False).fired == []


def test_repeating_the_previous_steps_calls_breaks_the_chain() -> None:
    rerun = call("run_tests", {}, "2 failed")
    text = "Let's run the complete integration suite again to confirm nothing regressed anywhere."
    script = [step(rerun, text=text)] * 5

    assert run(Narration(), script).fired == []


def test_short_texts_are_not_restatements() -> None:
    script = [step(WANDERING[i], text="Checking the next one.") for i in range(4)]

    assert run(Narration(), script).fired == []


def test_similar_texts_that_are_not_consecutive_are_not_narration() -> None:
    script = []
    for i in range(4):
        script.append(
            step(
                call("edit", {"path": "parser.py", "text": f"v{i}"}, "edited"),
                text="Editing the parser module to handle escaped quotes properly.",
            )
        )
        script.append(
            step(
                call("run_tests", {"k": f"case_{i}"}, f"{i} failed"),
                text="Running pytest against tokenizer regression cases for verification.",
            )
        )

    assert run(Narration(), script).fired == []


def test_unrelated_texts_are_not_narration() -> None:
    texts = [
        "The database migration adds an index on the orders table.",
        "Frontend tests render the checkout page with a mocked payment gateway.",
        "Deployment manifests pin the container image digest for reproducibility.",
    ]
    script = [step(WANDERING[i], text=texts[i]) for i in range(3)]

    assert run(Narration(), script).fired == []


def test_new_user_turn_resets_restatement() -> None:
    script = [*restating(2), USER, *restating(2)]

    assert run(Narration(), script).fired == []


def test_configured_repeats_boundary() -> None:
    result = run(Narration(NarrationConfig(repeats=2)), restating(2))

    assert result.findings[0] is None
    assert result.finding().count == 2


def test_similarity_threshold_of_one_needs_the_same_content_words() -> None:
    detector = Narration(NarrationConfig(similarity=1.0))

    assert run(detector, restating(4)).fired == []
    same = [step(WANDERING[i], text=RESTATED[0]) for i in range(3)]
    assert run(detector, same).finding().count == 3


def test_min_words_sets_what_counts_as_a_statement() -> None:
    short = [step(WANDERING[i], text="Checking retry policy configuration.") for i in range(3)]

    assert run(Narration(), short).fired == []
    assert run(Narration(NarrationConfig(min_words=3)), short).finding().count == 3


@pytest.mark.parametrize("repeats", [0, 1])
def test_values_below_two_switch_it_off(repeats: int) -> None:
    detector = Narration(NarrationConfig(repeats=repeats))
    script = [*restating(4), step(text="a"), step(text="b"), step(text="c")]

    assert run(detector, script).fired == []


@pytest.mark.parametrize(
    ("config", "key"),
    [
        (NarrationConfig(repeats=-1), "narration.repeats"),
        (NarrationConfig(similarity=0.0), "narration.similarity"),
        (NarrationConfig(similarity=1.5), "narration.similarity"),
        (NarrationConfig(min_words=0), "narration.min_words"),
    ],
)
def test_invalid_config_is_rejected_naming_the_key(config: NarrationConfig, key: str) -> None:
    with pytest.raises(ValueError, match=key.replace(".", r"\.")):
        Narration(config)


def test_fan_out_over_short_file_names_is_not_narration() -> None:
    script = [
        step(
            call("read_file", {"path": path}, f"contents of {path}"),
            text=f"Moving on to `{path}` to review the remaining request handlers in this package.",
        )
        for path in ("db.py", "io.py", "ui.py")
    ]

    assert run(Narration(), script).fired == []


def test_restatement_that_stops_acting_keeps_its_key() -> None:
    script = [*restating(2), step(text=RESTATED[2]), step(text=RESTATED[3]), step(text=RESTATED[0])]

    result = run(Narration(), script)

    assert result.finding(4).key == "narration:1"
    assert result.finding(5).key == "narration:1"
    assert result.finding(5).count == 5


def test_an_intent_restated_in_talk_alone_fires_at_the_fourth_statement() -> None:
    """Text-only steps restating one intent in other words talk in place of acting, judged like
    announcements: the fourth fires (``announcements``), not the third. Near copies of one
    reply are the replies' chain, at the third (``repeats``)."""
    texts = [
        "Voy a analizar la similitud fonética y conceptual entre LUMIQ y LUMIQA para la oposición.",
        "Analizaré ahora la similitud fonética y conceptual entre LUMIQ y LUMIQA antes de decidir.",
        "Para decidir, primero analizo la similitud fonética y conceptual de LUMIQ frente a LUMIQA.",
        "Procedo a analizar la similitud fonética y conceptual entre LUMIQ y LUMIQA para la oposición.",
    ]
    reworded = run(Narration(), [step(text=t) for t in texts])
    copied = run(Narration(), [step(text="Okay, I will run the full test suite now.")] * 3)

    assert reworded.findings[:3] == [None] * 3
    assert reworded.finding(4).count == 4
    assert copied.finding(3).count == 3


WEIGHED = [
    "The surface wind is fine at six knots, while aloft it blows fourteen knots against the twelve knot"
    " limit, with gusts of eighteen.",
    "So the surface wind is fine at six knots, within the limit at the launch field, calm and steady"
    " this morning.",
    "Weighing it again: aloft fourteen knots against the twelve knot limit, gusts of eighteen, which"
    " points to a no-go.",
    "Once more: aloft fourteen knots over the twelve knot limit, gusts eighteen; surface calm. Probably"
    " no-go, let me weigh it.",
]


def test_talk_restating_the_text_before_the_last_goes_on_restating() -> None:
    """A monologue weighing the same figures (balloon winds, four messages, no call) dwells on
    one part, then on the other: the third is unlike the second, but most of its words were said
    in the two before (``SAID_BEFORE``), so the chain goes on and the fourth statement fires
    (``announcements``)."""
    sketches = [sketch_text(t) for t in WEIGHED]
    assert similarity(sketches[1], sketches[2]) < NarrationConfig().similarity
    assert said_before(sketches[2], sketches[0], sketches[1]) >= SAID_BEFORE

    result = run(Narration(), [step(text=t) for t in WEIGHED])

    assert result.findings[:3] == [None] * 3
    assert result.finding(4).summary == "the same intent was restated in 4 consecutive steps"


def test_a_short_text_saying_again_what_the_talk_said_goes_on_restating() -> None:
    """Announcements of one submission, the fourth a short line ("Submitting the
    pre-authorization now.", under ``min_words``): all its words were said in the two before, so
    the chain goes on and it fires. Near miss: a short line of other words ends the chain."""
    talk = [
        "Everything is in place: I'll submit the pre-authorization for the crown on tooth thirty to Delta"
        " Dental, with the narrative and the periapical X-ray.",
        "Understood: submitting the pre-authorization to Delta Dental now, the fracture narrative and the"
        " periapical X-ray image attached to it.",
        "I will now send the crown pre-authorization for tooth thirty to Delta Dental, together with its"
        " narrative.",
    ]
    again = run(Narration(), [step(text=t) for t in [*talk, "Submitting the pre-authorization now."]])
    other = run(Narration(), [step(text=t) for t in [*talk, "Thanks, the claim number is noted."]])

    assert again.findings[:3] == [None] * 3
    assert again.finding(4).summary == "the same intent was restated in 4 consecutive steps"
    assert other.fired == []


def test_a_text_like_the_one_two_before_starts_no_chain() -> None:
    """Near miss: the one before last is compared only while a chain runs; two alike statements
    around another subject are two thoughts, not a restatement."""
    other = "The envelope was inspected yesterday and the burner passed its pressure test this week."
    script = [step(text=t) for t in (WEIGHED[2], other, WEIGHED[3], other)]

    assert run(Narration(), script).fired == []


def test_restating_while_asking_the_same_again_is_not_excused_by_naming_the_target() -> None:
    """The text names `parse_header` and the greps look for it, reworded, getting the same line
    back: acting on what the text says stops excusing it once the calls ask nothing new."""
    texts = [
        "I need to understand the implementation of parse_header before changing anything.",
        "I need to understand the implementation of parse_header first, before changing anything.",
        "Let me understand the implementation of parse_header before changing anything.",
        "I need to understand the parse_header implementation before changing anything.",
    ]
    greps = ['grep -n "def parse_header" src/headers.py', "grep -n 'def parse_header' src/headers.py"]
    found = "24:def parse_header(value, *, strict=False):"
    script = [step(call("shell", {"cmd": greps[i % 2]}, found), text=text) for i, text in enumerate(texts)]

    assert run(Narration(), script).finding().count == 3


def test_a_fan_out_over_new_files_named_in_the_text_stays_quiet() -> None:
    texts = [f"Now I will fix the lint issues in the {name} module using sed, as before." for name in "abcd"]
    script = [
        step(call("shell", {"cmd": f"sed -i s/x/y/g src/{name}/module_{name}.ts"}, ""), text=text)
        for name, text in zip("abcd", texts, strict=True)
    ]

    assert run(Narration(), script).fired == []


def test_restating_over_reads_made_before_goes_on_though_the_text_names_them() -> None:
    """Announcing an action while re-reading what was read (the account, the series, the list:
    each call made before, answered as before) acts on nothing anew: naming the calls' targets in
    the text excuses nothing then."""
    reads = [
        call("customers.get", {"customer": 20431}, '{"name": "R. Ibarra", "box": "I-12"}'),
        call("series.get", {"title": "Saga"}, '{"series_id": "IMG-SAGA", "next_issue": 67}'),
        call("pull_list.get", {"customer": 20431}, '{"series": ["Monstress", "Paper Girls"]}'),
    ]
    texts = [
        "Let me pull up the customer account and the series first.",
        "I'll add Saga issue 67 to the pull list of this customer now.",
        "Adding the Saga series to the pull list of this customer now.",
        "I'm adding Saga issue 67 to the pull list of this customer now.",
        "Now adding the Saga series to the pull list of this customer.",
        "Adding Saga issue 67 to the pull list of this customer right now.",
    ]
    script = [step(reads[i % 3], text=text) for i, text in enumerate(texts)]

    assert run(Narration(), script).finding().detector == "narration"


def test_restating_over_a_read_of_something_new_named_in_the_text_stays_quiet() -> None:
    """The healthy counterpart: the same announcement while each read is of a file not read
    before and brings its content: acting on what the text names."""
    texts = [f"Now I will check the {name} module for the deprecated call, as before." for name in "abcdef"]
    script = [
        step(call("read_file", {"path": f"src/{name}/module.py"}, f"import {name}\nx = {i}"), text=text)
        for i, (name, text) in enumerate(zip("abcdef", texts, strict=True))
    ]

    assert run(Narration(), script).fired == []


def test_asking_again_compares_the_terms_of_all_calls_once_each() -> None:
    """Two calls naming the same terms ask no more than one: a term repeated across a step's
    calls counts once, as when the terms were merged for every step."""
    texts = [
        "I need to understand the implementation of parse_header before changing anything.",
        "I need to understand the implementation of parse_header first, before changing anything.",
        "Let me understand the implementation of parse_header before changing anything.",
        "I need to understand the parse_header implementation before changing anything.",
    ]
    greps = ['grep -n "def parse_header" src/headers.py', "grep -n 'def parse_header' src/headers.py"]
    found = "24:def parse_header(value, *, strict=False):"
    script = [
        step(
            call("shell", {"cmd": greps[i % 2]}, found),
            call("shell", {"cmd": greps[i % 2], "cwd": "src"}, found),
            text=text,
        )
        for i, text in enumerate(texts)
    ]

    assert run(Narration(), script).finding().count == 3
