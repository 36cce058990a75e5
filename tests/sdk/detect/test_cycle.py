from __future__ import annotations

import pytest

from loopwatch.detect.cycle import Cycle, CycleConfig
from loopwatch.verdict import Severity
from tests.sdk.detect.detect_builders import USER, StepSpec, call, run, step

A = step(call("read_file", {"path": "src/app.py"}, "def main(): ..."))
B = step(call("run_tests", {}, "1 failed: test_main"))
C = step(call("grep", {"pattern": "main"}, "src/app.py:1"))


def test_two_steps_of_a_third_pass_are_needed() -> None:
    """A B A B is a check, an act, a check and an act again: healthy agents move on as often."""
    assert run(Cycle(), [A, B, A]).findings == [None, None, None]
    assert run(Cycle(), [A, B, A, B]).fired == []


def test_alternation_fires_when_the_first_state_comes_round_a_third_time() -> None:
    finding = run(Cycle(), [A, B, A, B, A]).finding()

    assert finding.detector == "cycle"
    assert finding.key == "cycle:2:1"
    assert (finding.count, finding.first_step, finding.last_step) == (2, 1, 5)
    assert finding.tool_name == "read_file"
    assert finding.last_result_preview == "def main(): ..."
    assert finding.severity is Severity.LOOP


def test_period_three_boundary() -> None:
    result = run(Cycle(), [A, B, C, A, B, C, A])

    assert result.findings[:6] == [None] * 6
    finding = result.finding()
    assert finding.key == "cycle:3:1"
    assert (finding.count, finding.first_step, finding.last_step) == (2, 1, 7)
    assert finding.tool_name == "read_file"


def test_confirm_steps_sets_how_much_of_the_third_pass_is_awaited() -> None:
    assert run(Cycle(CycleConfig(confirm_steps=0)), [A, B, A, B]).finding().last_step == 4
    assert run(Cycle(CycleConfig(confirm_steps=2)), [A, B, A, B, A]).fired == []
    assert run(Cycle(CycleConfig(confirm_steps=2)), [A, B, A, B, A, B]).finding().last_step == 6


def test_cycle_after_an_exploration_starts_at_its_first_pass() -> None:
    explore = [step(call("list_dir", {"path": d}, f"{d}: 3 files")) for d in ("a", "b", "c")]

    finding = run(Cycle(), [*explore, A, B, A, B, A]).finding()

    assert (finding.first_step, finding.last_step) == (4, 8)
    assert finding.key == "cycle:2:4"


def test_continuing_cycle_keeps_its_key_and_counts_passes() -> None:
    result = run(Cycle(), [A, B, A, B, A, B])

    keys = {result.finding(n).key for n in (5, 6)}
    assert keys == {"cycle:2:1"}
    assert result.finding(6).count == 3


HELM_UPGRADED = (
    'Release "checkout" has been upgraded. Happy Helming!\nNAME: checkout\nLAST DEPLOYED: Fri Jun 13 '
    "10:{minute}:07 2025\nNAMESPACE: shop\nSTATUS: deployed\nREVISION: {revision}\nTEST SUITE: None\n"
)


def helm_rounds(checks: list[str]) -> list[StepSpec]:
    """upgrade, check the pods, roll back: each upgrade reports the next revision and its time."""
    upgrade = "helm upgrade checkout ./charts/checkout -n shop --set image.tag=2.14.0"
    rollback = step(
        call("terminal", {"cmd": "helm rollback checkout -n shop"}, "Rollback was a success! Happy Helming!")
    )
    script: list[StepSpec] = []
    for revision, pods in zip((13, 15, 17), checks, strict=True):
        answer = HELM_UPGRADED.format(revision=revision, minute=revision + 1)
        script.append(step(call("terminal", {"cmd": upgrade}, answer)))
        script.append(step(call("terminal", {"cmd": "kubectl get pods -n shop"}, pods)))
        script.append(rollback)
    return script


def test_a_cycle_whose_answers_change_only_a_counter_is_one() -> None:
    """The calls are the same and answered as before (novelty: a repeat, whatever the revision
    counter says). Near miss: a check that brings news each time breaks the cycle."""
    crashing = "checkout-7f9c 0/1 CrashLoopBackOff"
    result = run(Cycle(), helm_rounds([crashing] * 3)[:7])

    assert result.findings[:6] == [None] * 6
    assert result.finding(7).key == "cycle:3:1"
    assert run(Cycle(), helm_rounds([f"checkout-7f9c {n}/3 Running" for n in range(3)])[:7]).fired == []


def test_long_period_cycle_is_found() -> None:
    pass_ = [step(call("read_file", {"path": f"f{i}.py"}, f"body {i}")) for i in range(10)]

    result = run(Cycle(), [*pass_, *pass_, pass_[0]])

    assert result.findings[:20] == [None] * 20
    assert result.finding().key == "cycle:10:1"


WAIT = step(call("wait", {"seconds": 60}, "Waited 60 seconds."))


def test_waiting_on_a_job_that_says_it_goes_on_is_polling() -> None:
    """wait, "pending", wait, "pending": the job's own queue, given the identical-call detector's
    longer patience for polls."""
    pending = step(
        call("get_deployment", {"id": "d1"}, '{"id": "d1", "status": "pending", "reason": "queued"}')
    )

    assert run(Cycle(), [WAIT, pending] * 4).fired == []


def test_a_cycle_through_a_write_answered_queued_is_a_cycle() -> None:
    """find, send (answered "queued"), check the queue, round and round with the same answers:
    the write's "queued" acknowledges it, and nothing is polled."""
    find = step(call("c_find", {"accession": "ACC-55120"}, "StudyInstanceUID=1.2.840.5 Instances=612"))
    send = step(call("router.send", {"accession": "ACC-55120"}, '{"status": "queued", "job": "rt-7781"}'))
    queue = step(
        call("router.queue", {"destination": "AI-NODE-02"}, '{"destination": "AI-NODE-02", "pending": 0}')
    )

    result = run(Cycle(), [find, send, queue] * 2 + [find])

    assert result.findings[:6] == [None] * 6
    assert result.finding().key == "cycle:3:1"


def minted_pass(proposal: str, delay: str = "41.2") -> list[StepSpec]:
    """Plan, propose (the optimiser mints a proposal id), simulate and compare it: the proposal's
    id is new in each pass, the answers' forms are not."""
    return [
        step(call("get_plan", {"corridor": "ELM-PM"}, '{"plan_rev": 14, "cycle_s": 110}')),
        step(call("propose", {"corridor": "ELM-PM"}, f'{{"proposal_id": "{proposal}", "cycle_s": 110}}')),
        step(
            call(
                "simulate", {"proposal_id": proposal}, f'{{"proposal_id": "{proposal}", "delay_s": {delay}}}'
            )
        ),
        step(
            call("compare", {"proposal_id": proposal}, f'{{"proposal_id": "{proposal}", "change_pct": -1.9}}')
        ),
    ]


def test_a_pass_on_a_handle_minted_anew_is_the_pass_again() -> None:
    """The calls on the new proposal id are new calls, answered in the forms of the last pass's:
    within a pass going round, they are its steps; the third visit of the plan fires."""
    script = [*minted_pass("prop-7f1c"), *minted_pass("prop-8a2e"), minted_pass("prop-93d0")[0]]

    result = run(Cycle(), script)

    assert result.findings[:8] == [None] * 8
    assert result.finding(9).key == "cycle:4:1"


def test_answers_of_another_form_or_alike_alone_are_no_pass_again() -> None:
    """Near misses: the simulation answering other figures on the new proposal is news, and
    forms alike start no cycle (a fan-out over orders answered in one form is no loop)."""
    moved = [*minted_pass("prop-7f1c"), *minted_pass("prop-8a2e", delay="38.7"), minted_pass("prop-93d0")[0]]
    orders = [
        step(call("get_order", {"id": f"ord-{n}"}, f'{{"id": "ord-{n}", "status": "shipped"}}'))
        for n in range(6)
    ]
    lookups = [
        step(call(name, {"id": f"ord-{n}"}, f'{{"id": "ord-{n}", "ok": true}}'))
        for n in range(3)
        for name in ("a", "b")
    ]

    assert run(Cycle(), moved).fired == []
    assert run(Cycle(), orders).fired == []
    assert run(Cycle(), lookups).fired == []


def test_a_wait_between_checks_is_no_step_of_a_cycle() -> None:
    """A status checked, waited on and checked again is a poll in whatever words the status is
    (here a state the guard has no word for): the cycle leaves it to the identical-call
    detector's patience for polls. Near miss: the same check alternating with a read is a cycle."""
    check = step(
        call("port_status", {"msisdn": "48501234567"}, '{"status": "OCZEKUJE", "window": "00:00-06:00"}')
    )
    read = step(call("read_file", {"path": "port.log"}, "donor has not answered"))

    assert run(Cycle(), [check, WAIT] * 5).fired == []
    assert run(Cycle(), [check, read] * 3).fired != []


def test_edit_test_loop_with_differing_results_is_not_flagged() -> None:
    script = []
    for i in range(6):
        script.append(step(call("edit", {"path": "a.py", "text": f"attempt {i}"}, "edited")))
        script.append(step(call("run_tests", {}, f"{i} failed")))

    assert run(Cycle(), script).fired == []


def flips(values: list[str]) -> list[StepSpec]:
    """A campaign's status written to each of ``values`` in turn, its pacing read after each
    write showing a spend that creeps up (each read is news)."""
    script = []
    for i, value in enumerate(values):
        script.append(step(call("update_campaign", {"id": "120211", "status": value}, '{"success": true}')))
        script.append(
            step(call("get_pacing", {"id": "120211"}, f'{{"status": "{value}", "spend": {1184 + i}}}'))
        )
    return script


def test_a_setting_switched_back_and_forth_fires_at_the_fifth_write() -> None:
    """Paused, active, paused, active, paused: the writes alone go round, whatever the reads
    between them say."""
    result = run(Cycle(), flips(["PAUSED", "ACTIVE"] * 3))

    assert result.findings[:8] == [None] * 8
    finding = result.finding(9)
    assert (finding.key, finding.count, finding.first_step) == ("cycle:toggle:update_campaign:1", 5, 1)


def test_a_setting_tried_undone_and_set_again_or_new_values_are_no_toggle() -> None:
    """Near misses: three or four writes (a trial, then the outcome kept), a sweep of new
    values, the same value written again."""
    assert run(Cycle(), flips(["PAUSED", "ACTIVE", "PAUSED", "ACTIVE"])).fired == []
    assert run(Cycle(), flips(["A", "B", "C", "D", "E", "F"])).fired == []
    assert run(Cycle(), flips(["PAUSED"] * 6)).fired == []


def test_edits_answered_alike_are_other_edits() -> None:
    """Edit, test, edit, test with each edit acknowledged in one form and the tests passing
    alike: a change is no answer read again (a refactor checked after each edit)."""
    script = []
    for i in range(4):
        script.append(step(call("read_file", {"path": "a.py"}, "def f(): ...")))
        script.append(step(call("edit", {"path": "a.py", "text": f"rename {i}"}, '{"ok": true, "lines": 1}')))
        script.append(step(call("run_tests", {}, '{"passed": 12, "failed": 0}')))

    assert run(Cycle(), script).fired == []


def test_single_call_repeated_is_left_to_identical_call() -> None:
    assert run(Cycle(), [A] * 8).fired == []


def test_cycle_across_user_turns_is_not_flagged() -> None:
    assert run(Cycle(), [A, B, USER, A, B]).fired == []


THINKING = step(text="Hmm.")


def test_text_only_steps_do_not_hide_a_cycle() -> None:
    result = run(Cycle(), [A, THINKING, B, A, THINKING, B, THINKING, A])

    assert result.findings[:7] == [None] * 7
    finding = result.finding()
    assert finding.count == 2
    assert finding.last_step == 8


def test_first_step_counts_text_only_steps_in_between() -> None:
    finding = run(Cycle(), [A, THINKING, B, A, THINKING, B, A]).finding()

    assert finding.first_step == 1


def test_key_is_stable_when_text_only_steps_interleave() -> None:
    result = run(Cycle(), [A, THINKING, B, A, THINKING, B, THINKING, A, THINKING, B])

    assert result.finding(10).key == result.finding(8).key


def test_period_longer_than_max_period_is_not_seen() -> None:
    detector = Cycle(CycleConfig(max_period=2))

    assert run(detector, [A, B, C, A, B, C, A, B, C]).fired == []


@pytest.mark.parametrize("max_period", [1, 0, -3])
def test_max_period_below_two_is_rejected_naming_the_key(max_period: int) -> None:
    with pytest.raises(ValueError, match=r"cycle\.max_period"):
        Cycle(CycleConfig(max_period=max_period))


def test_negative_confirm_steps_is_rejected_naming_the_key() -> None:
    with pytest.raises(ValueError, match=r"cycle\.confirm_steps"):
        Cycle(CycleConfig(confirm_steps=-1))
