from __future__ import annotations

import pytest

from loopwatch.detect.identical_call import IdenticalCall, IdenticalCallConfig
from loopwatch.verdict import Severity
from tests.sdk.detect.detect_builders import USER, CallSpec, ScriptItem, StepSpec, call, run, step

READ_A = call("read_file", {"path": "a.txt"}, "hello")


def test_two_identical_steps_are_not_a_loop() -> None:
    result = run(IdenticalCall(), [step(READ_A)] * 2)

    assert result.findings == [None, None]


def test_third_identical_step_fires() -> None:
    result = run(IdenticalCall(), [step(READ_A)] * 3)

    finding = result.finding()
    assert finding.detector == "identical_call"
    assert finding.key.startswith("identical_call:")
    assert (finding.count, finding.first_step, finding.last_step) == (3, 1, 3)
    assert finding.tool_name == "read_file"
    assert finding.arguments == '{"path":"a.txt"}'
    assert finding.last_result_preview == "hello"
    assert finding.severity is Severity.LOOP


def test_continuing_streak_keeps_its_key_and_counts_on() -> None:
    result = run(IdenticalCall(), [step(READ_A)] * 5)

    third, fourth, fifth = (result.finding(n) for n in (3, 4, 5))
    assert third.key == fourth.key == fifth.key
    assert [f.count for f in (third, fourth, fifth)] == [3, 4, 5]
    assert fifth.first_step == 1


def test_argument_key_order_does_not_matter() -> None:
    script = [
        step(call("search", {"q": "x", "limit": 10}, "none")),
        step(call("search", '{"limit": 10, "q": "x"}', "none")),
        step(call("search", {"limit": 10, "q": "x"}, "none")),
    ]

    assert run(IdenticalCall(), script).last is not None


def test_result_differing_only_in_timestamp_counts_as_same() -> None:
    script = [step(call("status", {}, f"2026-11-30T02:0{i}:00Z job 7 stopped")) for i in range(3)]

    assert run(IdenticalCall(), script).last is not None


def test_polling_with_changing_result_is_not_flagged() -> None:
    script = [step(call("status", {"job": 7}, f"job 7: {10 * i}% done")) for i in range(6)]

    assert run(IdenticalCall(), script).fired == []


def test_the_same_search_reshuffling_one_pool_of_pages_fires_at_the_third() -> None:
    """What a plain repeated-call guard catches and exact fingerprints missed: the same query
    three times in a row, answered with the same pages in another order each time."""
    pages = ["KB-5924 AX-9: shipping", "KB-2249 AX-9: power supply", "KB-9307 AX-9: reset"]
    orders = ((0, 1, 2), (2, 0, 1), (1, 2, 0))
    answers = ["\n".join(f"{rank}. {pages[i]}" for rank, i in enumerate(order, 1)) for order in orders]
    script = [step(call("support_articles", {"phrase": "AX-9 E17"}, answer)) for answer in answers]

    result = run(IdenticalCall(), script)

    assert [f is not None for f in result.findings] == [False, False, True]


def test_polling_a_table_in_which_one_row_changes_each_time_is_not_flagged() -> None:
    rows = [f"job-{i} Running" for i in range(5)]
    polls = [
        "\n".join(r.replace("Running", "Done") if n < k else r for n, r in enumerate(rows)) for k in range(5)
    ]
    script = [step(call("shell", {"cmd": "kubectl get jobs"}, poll)) for poll in polls]

    assert run(IdenticalCall(), script).fired == []


def test_a_failing_poll_whose_status_moves_is_not_flagged() -> None:
    """A rollout polled until done, each poll failing on its timeout, each status seen twice:
    the count starts over when the status moves (a short number in the failure changed)."""
    status = "Waiting for rollout: {} of 4 replicas updated...\nerror: timed out waiting for the condition"
    poll = {"cmd": "kubectl rollout status deploy/web --timeout=20s"}
    script = [step(call("shell", poll, status.format(n // 2), is_error=True)) for n in range(2, 8)]

    assert run(IdenticalCall(), [*script, step(call("shell", poll, "successfully rolled out"))]).fired == []


def test_a_failure_varying_only_in_its_port_is_the_same_failure() -> None:
    """Near miss: the same failing command whose error changes only in a port (four digits or
    more: what the command varies by itself) failed the same way each time: retried back to
    back it fires at the fourth (``transient``), re-run after an edit at the third."""
    error = "Error: listen EADDRINUSE: address already in use :::{}\n    at Server.listen (node:net:1817:16)"
    runs = [
        step(call("shell", {"cmd": "npm test"}, error.format(p), is_error=True))
        for p in (41234, 39001, 52777, 40404)
    ]
    edit = step(call("edit", {"path": "server.js", "text": "port 0"}, "edited"))

    assert [f is not None for f in run(IdenticalCall(), runs).findings] == [False, False, False, True]
    assert run(IdenticalCall(), [runs[0], edit, runs[0], edit, runs[0]]).finding().count == 3


def test_failed_retries_with_varying_errors_then_success_are_not_flagged() -> None:
    script = [
        step(call("fetch", {"url": "u"}, "connection reset", is_error=True)),
        step(call("fetch", {"url": "u"}, "HTTP 503 Service Unavailable", is_error=True)),
        step(call("fetch", {"url": "u"}, "<html>ok</html>")),
    ]

    assert run(IdenticalCall(), script).fired == []


def test_a_changed_result_in_between_starts_over() -> None:
    changed = call("read_file", {"path": "a.txt"}, "hello, edited")
    script = [step(READ_A), step(READ_A), step(changed), step(READ_A), step(READ_A)]

    assert run(IdenticalCall(), script).fired == []


def test_occurrences_around_other_work_add_up() -> None:
    """Read, look elsewhere, read the same thing twice more: the third read fires."""
    other = call("read_file", {"path": "b.txt"}, "bye")
    script = [step(READ_A), step(other), step(READ_A), step(READ_A)]

    result = run(IdenticalCall(), script)

    assert result.findings[:3] == [None, None, None]
    assert (result.finding().count, result.finding().first_step) == (3, 1)


def _search(q: str, answer: str) -> CallSpec:
    return call("web_search", {"q": q}, answer)


def lost_context(repeats: int) -> list[ScriptItem]:
    """The same search re-issued every third step, new searches in between."""
    script: list[ScriptItem] = []
    for i in range(repeats):
        script += [
            step(_search("state lock", "3 hits")),
            step(_search(f"q{i}", f"r{i}")),
            step(_search(f"p{i}", f"s{i}")),
        ]
    return script


def test_lost_context_needs_spread_out_occurrences() -> None:
    assert run(IdenticalCall(), lost_context(5)).fired == []


def test_lost_context_fires_at_the_spread_out_count() -> None:
    finding = run(IdenticalCall(), lost_context(6)).finding(16)

    assert (finding.count, finding.first_step, finding.last_step) == (6, 1, 16)


def test_configured_spread_out_boundary() -> None:
    detector = IdenticalCall(IdenticalCallConfig(spread_out=3))

    assert run(detector, lost_context(3)).finding(7).count == 3


SCROLLED = "### Ran Playwright code\nawait page.keyboard.press('End');"


def scrolled(times: int) -> list[ScriptItem]:
    """A list scrolled to its end and looked at, again and again; each look brings new rows."""
    script: list[ScriptItem] = []
    for i in range(times):
        script.append(step(call("browser_press_key", {"key": "End"}, SCROLLED)))
        script.append(step(call("browser_snapshot", {}, f"rows {10 * i + 1} to {10 * i + 10}")))
    return script


def test_an_action_repeated_while_each_look_after_it_brings_news_is_progress() -> None:
    """Pressing End to scroll, then reading what loaded: the key press recurs after new
    information, as a lost-context read would, but it acts rather than reads again."""
    assert run(IdenticalCall(), scrolled(12)).fired == []


def test_an_action_repeated_back_to_back_with_the_same_answer_still_fires() -> None:
    """Near miss: End pressed three times in a row at the bottom of the page, answered alike."""
    script = [step(call("browser_press_key", {"key": "End"}, SCROLLED)) for _ in range(3)]

    assert run(IdenticalCall(), script).finding(3).count == 3


def test_polling_an_unchanged_status_between_waits_is_not_flagged() -> None:
    poll = step(call("job_status", {"id": "j1"}, "running"))
    script = [poll if i % 2 == 0 else step(call("sleep", {"s": 30 + i}, "")) for i in range(12)]

    assert run(IdenticalCall(), script).fired == []


def test_edit_rerun_with_the_same_failure_fires_at_the_third_run() -> None:
    test_run = call("pytest", {"args": "-x"}, "1 failed: test_a", is_error=True)
    script: list[ScriptItem] = []
    for i in range(3):
        script += [step(call("edit", {"text": f"attempt {i}"}, f"edited {i}")), step(test_run)]

    result = run(IdenticalCall(), script)

    assert result.findings[:5] == [None] * 5
    assert (result.finding(6).count, result.finding(6).first_step) == (3, 2)


def test_a_rerun_whose_output_passes_unchanged_after_edits_is_a_check() -> None:
    test_run = call("pytest", {"args": "-x"}, "12 passed")
    script: list[ScriptItem] = []
    for i in range(4):
        script += [step(call("edit", {"text": f"refactor {i}"}, f"edited {i}")), step(test_run)]

    assert run(IdenticalCall(), script).fired == []


def test_the_same_failure_after_each_try_again_fires_across_turns() -> None:
    query = call("sql", {"q": "SELECT gross FROM t"}, 'column "gross" does not exist', is_error=True)
    script = [step(query), step(text="Sorry."), USER, step(query), step(text="Sorry."), USER, step(query)]

    assert run(IdenticalCall(), script).finding().count == 3


def test_a_success_repeated_once_per_new_question_is_not_flagged() -> None:
    lookup = step(call("open_file", {"path": "settings.yaml"}, "timeout: 60"))
    script = [lookup, step(text="It is 60."), USER] * 5

    assert run(IdenticalCall(), script).fired == []


def test_a_tweaked_call_with_the_same_error_then_reissued_counts_it() -> None:
    """The error came back for a trivially varied call; re-issuing that call verbatim is the
    third time the tool failed the same way."""
    first = call("register", {"date": "2024-07-27 08:00"}, "TypeError: str < datetime", is_error=True)
    tweaked = call("register", {"date": "2024-07-27T08:00"}, "TypeError: str < datetime", is_error=True)
    script = [step(first), USER, step(tweaked), USER, step(tweaked)]

    assert run(IdenticalCall(), script).finding().count == 3


def test_text_only_step_neither_breaks_nor_extends_the_streak() -> None:
    script = [step(READ_A), step(READ_A), step(text="Thinking about it."), step(READ_A)]

    result = run(IdenticalCall(), script)

    assert result.findings[:3] == [None, None, None]
    finding = result.finding()
    assert (finding.count, finding.first_step, finding.last_step) == (3, 1, 4)


def test_new_user_turn_resets_a_successful_streak() -> None:
    script = [step(READ_A), step(READ_A), USER, step(READ_A), step(READ_A)]

    assert run(IdenticalCall(), script).fired == []


def test_parallel_batches_compare_as_sets() -> None:
    read_b = call("read_file", {"path": "b.txt"}, "bye")
    script = [step(READ_A, read_b), step(read_b, READ_A), step(READ_A, read_b)]

    finding = run(IdenticalCall(), script).finding()

    assert finding.count == 3
    assert finding.tool_name == "read_file"


def test_batch_with_one_call_changed_is_not_identical() -> None:
    read_b = call("read_file", {"path": "b.txt"}, "bye")
    read_c = call("read_file", {"path": "c.txt"}, "bye")
    script = [step(READ_A, read_b), step(READ_A, read_b), step(READ_A, read_c)]

    assert run(IdenticalCall(), script).fired == []


def test_different_loops_get_different_keys() -> None:
    read_b = call("read_file", {"path": "b.txt"}, "bye")
    first = run(IdenticalCall(), [step(READ_A)] * 3).finding()
    second = run(IdenticalCall(), [step(read_b)] * 3).finding()

    assert first.key != second.key


def test_works_in_privacy_mode_without_arguments() -> None:
    finding = run(IdenticalCall(), [step(READ_A)] * 3, capture_content=False).finding()

    assert finding.count == 3
    assert finding.arguments is None
    assert finding.last_result_preview is None


@pytest.mark.parametrize("consecutive", [2, 4])
def test_configured_threshold_boundary(consecutive: int) -> None:
    detector = IdenticalCall(IdenticalCallConfig(consecutive=consecutive))

    result = run(detector, [step(READ_A)] * consecutive)

    assert result.findings[consecutive - 2] is None
    finding = result.finding()
    assert finding.count == consecutive


@pytest.mark.parametrize("consecutive", [0, 1])
def test_values_below_two_switch_it_off(consecutive: int) -> None:
    detector = IdenticalCall(IdenticalCallConfig(consecutive=consecutive))

    assert run(detector, [step(READ_A)] * 10).fired == []


def test_negative_threshold_is_rejected_naming_the_key() -> None:
    with pytest.raises(ValueError, match=r"identical_call\.consecutive"):
        IdenticalCall(IdenticalCallConfig(consecutive=-1))


def test_duplicate_calls_with_one_missing_result_do_not_raise() -> None:
    # Regression: the batch key once sorted (call, None) next to (call, "...") and raised.
    batch = step(READ_A, call("read_file", {"path": "a.txt"}, None))

    result = run(IdenticalCall(), [batch, step(call("ls"))])

    assert result.findings == [None, None]


def _charge(message: str) -> CallSpec:
    return call("charge_card", {"order": "A-1"}, message, is_error=True)


def test_a_transient_failure_retried_three_times_is_a_healthy_retry() -> None:
    """A refused charge retried twice more before the agent hands off: quiet at the third."""
    result = run(IdenticalCall(), [step(_charge("Payment declined: issuer unavailable"))] * 3)

    assert result.fired == []


def test_a_transient_failure_fires_at_its_fourth_occurrence() -> None:
    """Boundary: the fourth identical transient failure is no retry any more."""
    result = run(IdenticalCall(), [step(_charge("Gateway timeout, please retry"))] * 4)

    assert result.finding().count == 4


def test_any_failure_retried_back_to_back_fires_at_the_fourth() -> None:
    """An error about the call's input ("not supported between instances"), a slot held, a
    permission refused: retried twice more, back to back, before a hand-off is a healthy retry
    to writers of labelled transcripts, whatever the error; the fourth is no retry any more.
    Text between the retries (an apology) breaks nothing."""
    failure = _charge("Error: '<' not supported between instances of 'str' and 'datetime'")
    sorry = step(text="Sorry, trying that once more.")

    assert run(IdenticalCall(), [step(failure)] * 3).fired == []
    assert run(IdenticalCall(), [step(failure)] * 4).finding().count == 4
    assert run(IdenticalCall(), [step(failure), sorry, step(failure), sorry, step(failure)]).fired == []


def test_a_look_elsewhere_between_retries_keeps_them_retries() -> None:
    """Disk space checked while the package lock is held changes nothing the install meets: the
    retries go on being retries (the fourth fires). Near miss: a write between them is a
    corrective step, and the same failure after it fires at the third."""
    install = step(
        call("shell", {"command": "apt-get install -y postgresql-16"}, "E: Could not get lock", is_error=True)
    )
    look = step(call("disk_usage", {"path": "/"}, "39G 7.9G 29G 22% /"))
    kill = step(call("write_file", {"path": "/etc/apt/apt.conf.d/10periodic", "text": "0"}, "written"))

    assert run(IdenticalCall(), [install, install, look, install]).fired == []
    assert run(IdenticalCall(), [install, install, look, install, install]).finding().count == 4
    assert run(IdenticalCall(), [install, install, kill, install]).finding().count == 3


def test_a_failure_recurring_after_a_change_or_a_new_turn_fires_at_the_third() -> None:
    """Near miss: a change made between the failures (a file edited), or the user asking again:
    the same failure after it is no retry but work that did not change it."""
    failure = step(_charge("Error: card A-1 is locked by another session"))
    edit = step(call("write_file", {"path": "order.json", "text": "{}"}, "written"))

    assert run(IdenticalCall(), [failure, edit, failure, edit, failure]).finding().count == 3
    assert run(IdenticalCall(), [failure, USER, failure, USER, failure]).finding().count == 3


def test_a_retry_that_succeeds_is_never_flagged() -> None:
    script = [step(_charge("Gateway timeout, please retry"))] * 3 + [
        step(call("charge_card", {"order": "A-1"}, "ok"))
    ]

    assert run(IdenticalCall(), script).fired == []


def test_transient_below_two_means_consecutive() -> None:
    config = IdenticalCallConfig(transient=0)
    result = run(IdenticalCall(config), [step(_charge("Gateway timeout"))] * 3)

    assert result.finding().count == 3


def test_a_negative_transient_is_rejected() -> None:
    with pytest.raises(ValueError, match=r"identical_call\.transient"):
        IdenticalCallConfig(transient=-1).validate()


def _poll(status: str) -> StepSpec:
    return step(call("get_job_status", {"job_id": "exp_7f3a91"}, status))


RUNNING = '{"status": "running", "progress": 0.12}'


def test_a_poll_answered_running_again_is_waiting_not_stuck() -> None:
    """A job at 12 % for fifteen polls in a row (every 5 minutes for 15 minutes, the trap users
    reported; a review queue polled ten times): the agent waits, as peers' pollers do."""
    assert run(IdenticalCall(), [_poll(RUNNING)] * 15).fired == []


def test_a_poll_that_never_moves_fires_at_its_sixteenth_answer() -> None:
    """Boundary: the sixteenth identical "running" is a job that is not going anywhere."""
    assert run(IdenticalCall(), [_poll(RUNNING)] * 16).finding().count == 16


def test_a_finished_status_answered_again_fires_at_the_third() -> None:
    """Near miss: "succeeded" is no work going on; asking again is asking the same."""
    done = '{"status": "succeeded", "url": "s3://exports/acme-eu.parquet"}'

    assert run(IdenticalCall(), [_poll(done)] * 3).finding().count == 3


def test_a_status_record_read_again_is_a_poll() -> None:
    """A flat record of an id and a state the guard has no word for ("EN_ROUTE", "処理中"): the
    work is in that state, and a poll gets it again while it goes on (``pending`` patience)."""
    for status in (
        '{"mission": "M-44120", "state": "EN_ROUTE"}',
        '{"予約番号": "R-77120", "状態": "処理中"}',
    ):
        result = run(IdenticalCall(), [_poll(status)] * 16)
        assert [f.count for f in result.fired] == [16]


def test_a_record_in_an_end_state_or_saying_more_is_no_poll() -> None:
    """Near misses: a state that ends the work, and a record with a sentence in it."""
    ended = '{"mission": "M-44120", "state": "COMPLETED"}'
    worded = '{"status": "RECEIVED", "mrn": "26DE73201EX0A9", "message": "Declaration received"}'
    for status in (ended, worded):
        assert run(IdenticalCall(), [_poll(status)] * 3).finding().count == 3


def test_a_write_answered_with_a_status_record_is_no_poll() -> None:
    """A write re-issued is the write done again, whatever state its answer names."""
    dispatch = step(call("create_task", {"robot": "R-19"}, '{"mission": "M-44121", "state": "ACCEPTED"}'))

    assert run(IdenticalCall(), [dispatch] * 3).finding().count == 3


WAIT = step(call("sleep", {"seconds": 600}, "ok"))


def test_a_check_after_each_wait_is_a_poll() -> None:
    """status, sleep, status, sleep: the agent waits on something going on, in whatever words its
    status is, and gets the poll's patience. Near miss: a failure after each wait is a retry with
    a backoff, given a retry's patience (the fourth fires)."""
    check = step(
        call("port_status", {"msisdn": "48501234567"}, '{"status": "OCZEKUJE", "window": "00:00-06:00"}')
    )
    failing = step(
        call(
            "port_status",
            {"msisdn": "48501234567"},
            "Error: number 48501234567 is not portable",
            is_error=True,
        )
    )

    polled = run(IdenticalCall(), [check, WAIT] * 16)
    assert [f.count for f in polled.fired] == [16]
    assert run(IdenticalCall(), [failing, WAIT] * 4).finding(7).count == 4
    assert run(IdenticalCall(), [check, WAIT] * 2 + [check]).fired == []


def test_pending_below_two_means_consecutive() -> None:
    assert run(IdenticalCall(IdenticalCallConfig(pending=0)), [_poll(RUNNING)] * 3).finding().count == 3


def test_a_negative_pending_is_rejected() -> None:
    with pytest.raises(ValueError, match=r"identical_call\.pending"):
        IdenticalCallConfig(pending=-1).validate()


def test_a_task_handed_again_verbatim_with_the_same_report_in_other_words_fires_at_the_third() -> None:
    """Re-delegation word for word: each report is worded otherwise and states the same facts
    (a plain repeated-call guard sees the third identical call; so does this one, by its facts)."""
    brief = {"task": "Find the number of employees of Northwind Analytics in 2023 from its annual report."}
    reports = (
        "Northwind Analytics reported 4,812 employees in its 2023 annual report (page 14, the section "
        "on its people). CFO Maria Delgado cited 12% growth over the previous year in the same report.",
        "Per the 2023 annual report (page 14), Northwind Analytics had a workforce of 4,812 employees. "
        "Headcount grew by 12% against the prior year, as CFO Maria Delgado wrote in her letter.",
        "According to CFO Maria Delgado, Northwind Analytics grew its staff by 12% to 4,812 employees "
        "during 2023; the figure appears on page 14 of the annual report, which I checked again.",
    )
    result = run(IdenticalCall(), [step(call("search_agent", brief, report)) for report in reports])

    assert result.findings[:2] == [None, None]
    assert result.finding(3).count == 3


def test_a_write_acknowledged_again_under_a_new_reference_fires_at_the_third() -> None:
    """An EDI acknowledgement (no JSON, no word the guard knows) that differs only in its message
    reference: the same write done again. Near miss: a refusal the third time is another answer."""

    def update(reference: str, status: str = "ACCEPTED") -> StepSpec:
        ack = f"<APERAK><MsgRef>{reference}</MsgRef><Visit>V-04417</Visit><Status>{status}</Status></APERAK>"
        return step(call("pcs.update_eta", {"visit": "NLRTM26-04417", "eta": "2026-04-11T04:30:00Z"}, ack))

    assert (
        run(IdenticalCall(), [update("PCS771203"), update("PCS771220"), update("PCS771237")]).finding().count
        == 3
    )
    assert (
        run(
            IdenticalCall(), [update("PCS771203"), update("PCS771220"), update("PCS771237", "REJECTED")]
        ).fired
        == []
    )


def _progress(checked: int, heartbeat: str = "09:14:07") -> StepSpec:
    status = f'{{"status": "VALIDATING", "checked": {checked}, "total": 498, "heartbeat": "{heartbeat}"}}'
    return step(call("validation_status", {"submission": "0007"}, status))


def test_a_status_that_progressed_then_froze_fires_at_its_fifth_answer() -> None:
    """A job whose numbers moved (120, then 211 files checked) and then stopped: stalled. The
    fifth identical answer fires (``stalled``), not the sixteenth; the fourth does not."""
    script = [_progress(120, "09:12:51"), *[_progress(211)] * 5]

    result = run(IdenticalCall(), script)

    assert result.findings[:5] == [None] * 5
    assert result.finding(6).count == 5


def test_a_stalled_status_read_after_waits_fires_at_the_third() -> None:
    """Waits between the polls: time passed for the job to move, and it did not. The third
    identical answer read right after a wait fires (``consecutive``); the same polls back to back,
    seconds apart, keep ``stalled``'s patience (a long step of the job)."""
    waited = [_progress(120, "09:12:51"), *[_progress(211), WAIT] * 5]
    back_to_back = [_progress(120, "09:12:51"), *[_progress(211)] * 3]

    assert [f.count for f in run(IdenticalCall(), waited).fired][:1] == [3]
    assert run(IdenticalCall(), waited).finding(6).count == 3
    assert run(IdenticalCall(), back_to_back).fired == []


def test_a_status_that_only_changed_its_words_keeps_the_polls_patience() -> None:
    """Near miss: "queued", then "running" and the same again is work started, no progress seen
    stopping; the poll's patience (``pending``) holds."""
    queued = _poll('{"status": "queued", "progress": 0}')

    assert run(IdenticalCall(), [queued, *[_poll(RUNNING)] * 15]).fired == []


def test_a_status_frozen_four_times_that_then_completes_is_not_flagged() -> None:
    """Healthy: progress pauses for a few polls (a long step of the job) and the job finishes."""
    done = step(call("validation_status", {"submission": "0007"}, '{"status": "DONE", "errors": 0}'))
    script = [_progress(120, "09:12:51"), *[_progress(211)] * 4, done]

    assert run(IdenticalCall(), script).fired == []


def test_stalled_below_two_leaves_the_polls_patience() -> None:
    script = [_progress(120, "09:12:51"), *[_progress(211)] * 15]

    assert run(IdenticalCall(IdenticalCallConfig(stalled=0)), script).fired == []
    with pytest.raises(ValueError, match=r"identical_call\.stalled"):
        IdenticalCallConfig(stalled=-1).validate()


def test_a_write_answered_queued_again_fires_at_the_third() -> None:
    """A campaign sent again and again, each time "sent" under a new batch id: the write was
    taken three times (its answer is an acknowledgement, no status polled)."""

    def send(batch: str) -> StepSpec:
        answer = f'{{"status": "sent", "batch": "{batch}", "recipients": 57}}'
        return step(call("send_campaign", {"segment": "seg-0neg", "template": "urgent"}, answer))

    assert run(IdenticalCall(), [send("b-91021"), send("b-91034"), send("b-91040")]).finding().count == 3


def test_a_request_answered_with_the_same_record_under_a_new_id_fires_at_the_third() -> None:
    """A call whose name says no write ("solicitar") answered each time in the same form under a
    new protocol number created something each time: a read answers with the id it answered. Near
    miss: a status record read again under the same id is a poll (``pending`` patience)."""

    def request(protocol: str) -> StepSpec:
        answer = f'{{"status": "REGISTRADO", "protocolo": "PORT-2026-{protocol}", "prazo": "2026-10-13"}}'
        return step(call("previdencia_solicitar_portabilidade", {"certificado": "55102-7"}, answer))

    status = '{"status": "REGISTRADO", "protocolo": "PORT-2026-448120", "prazo": "2026-10-13"}'
    read = step(call("previdencia_consultar_pedido", {"protocolo": "PORT-2026-448120"}, status))

    assert (
        run(IdenticalCall(), [request("448120"), request("448131"), request("448139")]).finding().count == 3
    )
    assert run(IdenticalCall(), [read] * 3).fired == []


def test_a_brief_asked_again_word_for_word_and_answered_alike_in_a_line_fires_at_the_third() -> None:
    """A sub-agent handed the same task three times, each report one sentence naming the same two
    referees (too few names for a fact list): the same answer. Near misses: a report naming
    someone new is news; a short command re-run whose one-line answers change is a check."""
    brief = {
        "subagent_type": "availability",
        "prompt": "Find certified U12 referees free Saturday at Field 4.",
    }
    reports = (
        "Two referees are free: Marek Kowal and Ana Pires, both certified for U12.",
        "Result: Kowal and Pires are the only certified U12 referees free then.",
        "Same finding as before: Kowal and Pires are available.",
    )
    news = "Update: Kowal, Pires and also Jonas Weber (certified U12) are free."
    outputs = ("2 failed, 40 passed in 3.1s", "1 failed, 41 passed in 3.0s", "42 passed in 3.0 seconds")

    asked = run(IdenticalCall(), [step(call("Task", brief, r)) for r in reports])
    told = run(IdenticalCall(), [step(call("Task", brief, r)) for r in (*reports[:2], news)])
    tested = run(IdenticalCall(), [step(call("bash", {"command": "pytest -q tests"}, o)) for o in outputs])

    assert asked.finding(3).count == 3
    assert told.fired == []
    assert tested.fired == []
