from __future__ import annotations

import pytest

from loopwatch.detect.error_streak import ErrorStreak, ErrorStreakConfig
from loopwatch.verdict import Severity
from tests.sdk.detect.detect_builders import USER, StepSpec, call, run, step

TOOLS = ("edit", "shell", "fetch", "search")


def failing(i: int) -> StepSpec:
    """One tool after another failing: flailing, each failure teaching nothing about the next."""
    tool = TOOLS[i % len(TOOLS)]
    return step(call(tool, {"path": "a.py", "text": f"try {i}"}, f"SyntaxError at line {i}", is_error=True))


def probe(target: str) -> StepSpec:
    return step(call("read_file", {"path": target}, f"not found: {target}", is_error=True))


SUCCESS = step(call("edit", {"path": "a.py", "text": "fixed"}, "edited"))


def test_three_failed_steps_are_not_a_loop() -> None:
    assert run(ErrorStreak(), [failing(i) for i in range(3)]).fired == []


def test_fourth_failed_step_fires() -> None:
    finding = run(ErrorStreak(), [failing(i) for i in range(4)]).finding()

    assert finding.detector == "error_streak"
    assert finding.key == "error_streak:1"
    assert (finding.count, finding.first_step, finding.last_step) == (4, 1, 4)
    assert finding.tool_name == "search"
    assert finding.last_result_preview == "SyntaxError at line 3"
    assert finding.severity is Severity.LOOP


def test_different_failing_tools_count_alike() -> None:
    script = [
        step(call("edit", {"path": "a.py"}, "denied", is_error=True)),
        step(call("shell", {"cmd": "make"}, "exit 2", is_error=True)),
        step(call("fetch", {"url": "u"}, "timeout", is_error=True)),
        step(call("read_file", {"path": "nope"}, "not found", is_error=True)),
    ]

    finding = run(ErrorStreak(), script).finding()

    assert finding.tool_name == "read_file"


def test_retry_that_succeeds_resets_the_streak() -> None:
    script = [*(failing(i) for i in range(3)), SUCCESS, *(failing(i) for i in range(3))]

    assert run(ErrorStreak(), script).fired == []


def _measure(i: int) -> StepSpec:
    """A measurement retried with another setting each time, refused in other words each time."""
    setting = ("short", "long", "none", "auto")[i]
    refusals = ("The chamber door is open", "Interlock active: door not latched")
    return step(call("measure", {"plate": "P1", "settle": setting}, refusals[i % 2], is_error=True))


LOOK = step(call("get_properties", {"device": "reader"}, '{"DeviceState": "ERROR", "Door": "OPEN"}'))


def test_looks_elsewhere_between_failures_of_one_tool_do_not_break_the_streak() -> None:
    """A plate reader refusing each measurement while its door is open, its status read in
    between: reading changes nothing the failing call meets, so the fourth failure fires."""
    script = [_measure(0), _measure(1), LOOK, _measure(2), LOOK, _measure(3)]

    finding = run(ErrorStreak(), script).finding(6)

    assert (finding.count, finding.first_step) == (4, 1)


def test_a_write_between_failures_breaks_the_streak() -> None:
    """Near miss: a successful change between the failures (an edit, a setting written) is a
    corrective step: the streak starts over."""
    script = [_measure(0), _measure(1), SUCCESS, _measure(2), _measure(3)]

    assert run(ErrorStreak(), script).fired == []


def test_after_a_look_another_tool_failing_starts_afresh() -> None:
    """Near miss: a reproduction failing, the code read, then edits failing three times: the
    look bridges failures of one tool only, so the edits' streak is their own (three)."""
    reproduce = step(
        call("bash", {"command": "python repro.py"}, "Traceback ...\nKeyError: 'x'", is_error=True)
    )
    edits = [
        step(call("edit", {"path": "a.py", "text": f"v{i}"}, "E999 syntax error", is_error=True))
        for i in range(3)
    ]

    assert run(ErrorStreak(), [reproduce, LOOK, LOOK, *edits]).fired == []


def test_one_successful_call_in_a_batch_resets() -> None:
    partial = step(
        call("edit", {"path": "a.py"}, "denied", is_error=True), call("read_file", {"path": "a.py"}, "x = 1")
    )

    assert run(ErrorStreak(), [failing(0), failing(1), failing(2), partial, failing(3)]).fired == []


def test_text_only_step_neither_continues_nor_breaks() -> None:
    script = [failing(0), failing(1), step(text="Let me think."), failing(2), failing(3)]

    finding = run(ErrorStreak(), script).finding()

    assert (finding.count, finding.first_step, finding.last_step) == (4, 1, 5)


def test_new_streak_gets_a_new_key() -> None:
    script = [*(failing(i) for i in range(4)), SUCCESS, *(failing(i) for i in range(4))]

    result = run(ErrorStreak(), script)

    assert result.finding(4).key == "error_streak:1"
    assert result.finding(9).key == "error_streak:6"


def test_new_user_turn_resets() -> None:
    script = [failing(0), failing(1), failing(2), USER, failing(3), failing(4), failing(5)]

    assert run(ErrorStreak(), script).fired == []


def test_the_same_failure_again_counts() -> None:
    retry = step(call("deploy", {"env": "prod"}, "403 Forbidden", is_error=True))

    assert run(ErrorStreak(), [retry] * 4).finding().count == 4


def test_fan_out_over_missing_targets_is_not_a_loop() -> None:
    script = [probe(f"config/settings{i}.yaml") for i in range(8)]

    assert run(ErrorStreak(), script).fired == []


def test_a_retry_with_other_arguments_is_not_yet_a_fan_out() -> None:
    """Two targets of one tool failing are a retry, not a search: they still count."""
    script = [failing(0), failing(1), probe("a.yaml"), probe("b.yaml")]

    assert run(ErrorStreak(), script).finding().count == 4


def test_an_error_that_changes_is_progress() -> None:
    runs = [step(call("pytest", {}, f"ModuleNotFoundError: {m}", is_error=True)) for m in "abcde"]

    assert run(ErrorStreak(), runs).fired == []


def test_configured_threshold_boundary() -> None:
    result = run(ErrorStreak(ErrorStreakConfig(threshold=2)), [failing(0), failing(1)])

    assert result.findings[0] is None
    assert result.finding().count == 2


@pytest.mark.parametrize("threshold", [0, 1])
def test_values_below_two_switch_it_off(threshold: int) -> None:
    detector = ErrorStreak(ErrorStreakConfig(threshold=threshold, varied=threshold))

    assert run(detector, [failing(i) for i in range(8)]).fired == []


def test_with_the_first_streak_off_the_varied_one_still_fires() -> None:
    detector = ErrorStreak(ErrorStreakConfig(threshold=0))

    assert run(detector, [flailing(i) for i in range(8)]).finding(6).count == 6


@pytest.mark.parametrize("key", ["threshold", "varied", "recurring"])
def test_negative_values_are_rejected_naming_the_key(key: str) -> None:
    with pytest.raises(ValueError, match=rf"error_streak\.{key}"):
        ErrorStreak(ErrorStreakConfig(**{key: -1}))


SNIPPET = "import pandas as pd\ndf = pd.read_csv('sales.csv')\n" + "total = df['amount'].sum()\n" * 8


NAMES = ("total", "amount_sum", "grand_total", "revenue", "result", "answer")


def rewrite(i: int) -> StepSpec:
    """A code-execution tool failing at the same line while the model rewrites the snippet."""
    name = NAMES[i]
    code = f"# let me try a different approach with {name}\n{SNIPPET}print({name})"
    error = (
        f"Code execution failed at line 'print({name})' due to: InterpreterError: name '{name}' is undefined"
    )
    return step(
        call("python_interpreter", {"code": code}, error, is_error=True),
        text="I apologize for the error, let me try a different approach.",
    )


def test_rewritten_snippets_failing_the_same_way_fire_at_the_fourth() -> None:
    """Each rewrite is a new call with a new error text: no fan-out, because a program is not a
    target (the call has no frame), so the novelty rules leave the streak running."""
    result = run(ErrorStreak(), [rewrite(i) for i in range(4)])

    assert result.findings[2] is None
    assert result.finding().count == 4


def schema_misuse(arguments: dict[str, object], key: str) -> StepSpec:
    error = f"TypeError: page_down() got an unexpected keyword argument '{key}'"
    return step(call("page_down", arguments, error, is_error=True))


def test_schema_misuse_under_trivially_varied_arguments_fires() -> None:
    """The same kind of error for renamed or retyped parameters, with planning text between:
    the frames differ (another key, another type), so this is no fan-out over targets."""
    script = [
        schema_misuse({"page_down": ""}, "page_down"),
        step(text="Facts so far: the page lists the 2019 results. Plan: scroll down."),
        schema_misuse({"page_down": {}}, "page_down"),
        schema_misuse({"arguments": {}}, "arguments"),
        step(text="Plan: call the tool again to read further down the page."),
        schema_misuse({"": ""}, ""),
    ]

    assert run(ErrorStreak(), script).finding().count == 4


def test_fan_out_with_each_error_naming_its_target_stays_quiet() -> None:
    script = [
        step(
            call(
                "sql",
                {"query": f"SELECT count(*) FROM {t}.orders"},
                f'relation "{t}.orders" does not exist',
                is_error=True,
            )
        )
        for t in ("archive", "raw", "core", "analytics", "legacy", "staging")
    ]

    assert run(ErrorStreak(), script).fired == []


def test_new_targets_whose_errors_do_not_name_them_count() -> None:
    """Short one-line snippets, each failing with an error about types, not about what changed:
    the same failure in other words, not absences on new targets."""
    errors = (
        'TypeError: can only concatenate str (not "int") to str',
        "TypeError: unsupported operand type(s) for +: 'int' and 'str'",
    )
    script = [
        step(call("run_python", {"script": f"print(sum({name}))"}, errors[i % 2], is_error=True))
        for i, name in enumerate(("totals", "amounts", "values", "rows", "prices"))
    ]

    assert run(ErrorStreak(), script).finding().count == 5


def test_a_snippet_failing_with_another_exception_each_run_is_progress() -> None:
    """SyntaxError, then ImportError, NameError, AssertionError: each run gets further."""
    errors = (
        "  File \"<string>\", line 2\n    def patched(value)\nSyntaxError: expected ':'",
        "Traceback (most recent call last):\nImportError: cannot import name 'impl' from 'pkg.render'",
        "Traceback (most recent call last):\nNameError: name 'timedelta' is not defined",
        "Traceback (most recent call last):\nAssertionError: expected -22:00:00, got 18:00:00",
    )
    script = [
        step(call("execute_python", {"code": f"import pkg\nstep_{i}()"}, error, is_error=True))
        for i, error in enumerate(errors)
    ]

    assert run(ErrorStreak(), script).fired == []


# Each run of a rewritten snippet gets further and fails in a new way: the novelty rules call
# each new exception type information, so only the streak of failing steps counts them.
FLAILING = (
    "SyntaxError: expected ':'",
    "ImportError: cannot import name 'impl' from 'pkg.render'",
    "NameError: name 'timedelta' is not defined",
    "TypeError: unsupported operand type(s) for -: 'str' and 'int'",
    "KeyError: 'amount'",
    "IndexError: list index out of range",
    "AttributeError: 'NoneType' object has no attribute 'group'",
    "ValueError: invalid literal for int() with base 10: 'n/a'",
)


def flailing(i: int) -> StepSpec:
    error = f"Traceback (most recent call last):\n{FLAILING[i]}"
    return step(call("execute_python", {"code": f"import pkg\nattempt_{i}()"}, error, is_error=True))


def test_six_steps_failing_each_in_a_new_way_fire() -> None:
    result = run(ErrorStreak(), [flailing(i) for i in range(6)])

    assert result.findings[4] is None
    finding = result.finding()
    assert (finding.key, finding.count, finding.first_step, finding.last_step) == ("error_streak:1", 6, 1, 6)
    assert finding.summary == "every tool call failed for 6 steps in a row"


def test_a_success_resets_the_varied_streak() -> None:
    script = [*(flailing(i) for i in range(4)), SUCCESS, *(flailing(i) for i in range(4, 8))]

    assert run(ErrorStreak(), script).fired == []


def test_a_probe_resets_the_varied_streak() -> None:
    """A fan-out whose errors name each new target (``probe``) breaks it, as it breaks the
    first streak: absence on a new target is information, not flailing."""
    fan_out = [probe(f"config/settings{i}.yaml") for i in range(4)]
    script = [*(flailing(i) for i in range(4)), *fan_out, *(flailing(i) for i in range(4, 8))]

    assert run(ErrorStreak(), script).fired == []


def rollout_poll(updated: int) -> StepSpec:
    status = f"Waiting for rollout to finish: {updated} of 8 replicas updated...\nerror: timed out waiting"
    poll = {"cmd": "kubectl rollout status deploy/web --timeout=20s"}
    return step(call("shell", poll, status, is_error=True))


def test_a_failing_poll_whose_status_moves_stays_quiet() -> None:
    """A rollout polled until done, every poll failing on its timeout: each status seen twice,
    then another (``Novelty.MOVED``: the world moved, the agent only waited). Both streaks
    restart at each move; twelve failing polls in a row stay quiet."""
    polls = [rollout_poll(n // 2) for n in range(12)]

    assert run(ErrorStreak(), polls).fired == []


def test_a_failing_poll_whose_status_stops_moving_fires() -> None:
    """Near miss: the status stopped moving at step 3; four failures after it that taught
    nothing are the first streak."""
    polls = [rollout_poll(1), rollout_poll(2), *(rollout_poll(3) for _ in range(5))]

    result = run(ErrorStreak(), polls)
    assert result.findings[5] is None
    assert (result.finding().count, result.finding().first_step, result.finding().last_step) == (4, 4, 7)


def test_a_long_fan_out_over_missing_targets_stays_quiet() -> None:
    assert run(ErrorStreak(), [probe(f"deploy/{i}/values.yaml") for i in range(12)]).fired == []


def test_one_key_per_run_of_failing_steps() -> None:
    """Two new failures, then the same failure again: the varied streak fires at the 6th failing
    step, the first streak at its own 4th, both under the run's key, so the policy sees one loop
    going on rather than a second one."""
    same = step(call("execute_python", {"code": "import pkg\nrun()"}, "KeyError: 'amount'", is_error=True))
    result = run(ErrorStreak(), [flailing(0), flailing(1), same, same, same, same, same])

    assert {f.key for f in result.fired} == {"error_streak:1"}
    assert (result.finding(6).count, result.finding(6).first_step) == (6, 1)
    assert (result.finding(7).count, result.finding(7).first_step) == (4, 4)


def test_configured_varied_boundary() -> None:
    result = run(ErrorStreak(ErrorStreakConfig(varied=3)), [flailing(i) for i in range(3)])

    assert result.findings[1] is None
    assert result.finding().count == 3


def test_failures_handed_back_as_answers_fire_like_flagged_ones() -> None:
    """A framework that catches the tool's exception returns its message as the answer and
    reports a success (LangGraph: "Error: ... Please fix your mistakes."): the streak is the
    same as when the failures are flagged."""

    def answered(start: str, flagged: bool) -> StepSpec:
        error = "Error: ValueError('start must be an ISO 8601 date')\n Please fix your mistakes."
        return step(call("create_event", {"title": "Sync", "start": start}, error, is_error=flagged))

    starts = ("May 1 2024", "1 May", "next Wednesday", "Wed 10am")
    flagged = run(ErrorStreak(), [answered(start, True) for start in starts])
    unflagged = run(ErrorStreak(), [answered(start, False) for start in starts])

    assert unflagged.findings == flagged.findings
    assert unflagged.finding().count == 4


def test_answers_that_only_mention_errors_are_successes() -> None:
    """Near miss: a log searched for errors, page after page, is content the agent asked for."""
    script = [
        step(call("search_logs", {"query": "error", "page": i}, f"Error rate: {i}% on shard {i}"))
        for i in range(6)
    ]

    assert run(ErrorStreak(), script).findings == [None] * 6


REJECTED = '{"error": "invalid_request", "msg": "customer_id: value is not a valid integer"}'


def rejected(customer_id: object) -> StepSpec:
    return step(call("search_orders", {"customer_id": customer_id}, REJECTED, is_error=True))


NOTED = step(call("update_note", {"account": "C-1042", "note": "id format?"}, '{"ok": true}'))
THINKING = step(text="The tool wants an integer; C-1042 probably maps to 1042.")


def test_the_same_rejection_between_other_work_fires_at_the_fourth() -> None:
    """A note written and a thinking step between attempts break the streaks (a write is a
    change), not the recurrence."""
    script = [
        rejected("C-1042"),
        THINKING,
        rejected("1042"),
        NOTED,
        rejected({"id": 1042}),
        rejected(["1042"]),
    ]

    result = run(ErrorStreak(), script)

    assert result.findings[:5] == [None] * 5
    finding = result.finding(6)
    assert (finding.count, finding.first_step, finding.tool_name) == (4, 1, "search_orders")
    assert finding.key == "error_streak:recurring:search_orders:1"


def test_failures_naming_each_target_never_add_up() -> None:
    """Near miss: files looked for between reads, each missing one named: each text is new."""
    script = [
        step(call("read_file", {"path": f"src/{name}.py"}, f"No such file: src/{name}.py", is_error=True))
        if i % 2 == 0
        else step(call("list_dir", {"path": f"src/{name}"}, f"{name}/__init__.py"))
        for i, name in enumerate(("a", "b", "c", "d", "e", "f", "g", "h"))
    ]

    assert run(ErrorStreak(), script).findings == [None] * 8


def test_a_tool_that_works_in_between_starts_its_count_over() -> None:
    """A payment declined three times, then charged; declined again later: the first of a new count."""
    declined = step(call("charge", {"card": "x"}, "Payment declined: insufficient funds", is_error=True))
    charged = step(call("charge", {"card": "y"}, '{"status": "charged"}'))
    script = [declined, NOTED, declined, NOTED, declined, charged, declined, NOTED, declined]

    assert run(ErrorStreak(), script).findings == [None] * 9


def test_a_new_turn_starts_the_recurrence_over() -> None:
    script = [
        rejected("C-1042"),
        NOTED,
        rejected("1042"),
        USER,
        rejected({"id": 1042}),
        NOTED,
        rejected(["1"]),
    ]

    assert run(ErrorStreak(), script).findings == [None] * 6


def test_configured_recurring_boundary_and_off() -> None:
    script = [rejected("C-1042"), NOTED, rejected("1042"), NOTED, rejected({"id": 1042})]

    assert run(ErrorStreak(ErrorStreakConfig(recurring=3)), script).finding(5).count == 3
    off = ErrorStreakConfig(threshold=0, varied=0, recurring=1)
    assert run(ErrorStreak(off), script * 2).findings == [None] * 10
