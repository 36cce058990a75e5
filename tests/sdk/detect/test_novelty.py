"""The shared notion of what a step taught the agent (detect/novelty.py), through the engine."""

from __future__ import annotations

import json

from loopwatch.detect.novelty import CALL_MEMORY, FANOUT_TARGETS, SWEEP_ANSWER_CHARS, NoveltyState, assess
from loopwatch.detect.revisit import Revisit
from loopwatch.detect.step import INFORMATIVE, CallOutcome, Novelty
from tests.sdk.detect.detect_builders import USER, CallSpec, ScriptItem, call, run, step
from tests.sdk.detect.near_duplicates import (
    LONG_BRIEFS,
    RESTATED_REPORTS,
    SAME_FIGURES_REPORTS,
    SEGMENT_BRIEFS,
    fresh_listing,
    listing,
    write_acknowledgement,
)

N = Novelty


def kinds(script: list[ScriptItem], *, capture_content: bool = True) -> list[tuple[Novelty, ...]]:
    records = run(Revisit(), script, capture_content=capture_content).records
    return [r.novelty.kinds for r in records]


def one(spec: CallSpec) -> ScriptItem:
    return step(spec)


READ = call("read_file", {"path": "a.py"}, "x = 1")


def test_first_call_is_new_and_its_repeat_is_a_repeat() -> None:
    assert kinds([one(READ), one(READ)]) == [(N.NEW,), (N.REPEAT,)]


def test_a_changed_result_is_new() -> None:
    """After other work, a changed result is what that work did (an edit)."""
    edited = call("read_file", {"path": "a.py"}, "x = 2")
    edit = call("edit", {"path": "a.py", "text": "x = 2"})

    assert kinds([one(READ), one(edit), one(edited)]) == [(N.NEW,), (N.NEW,), (N.NEW,)]


def test_a_result_changed_at_once_moved() -> None:
    """Re-issued at once and answered otherwise: nothing the agent did changed it, the world
    moved (a poll). Informative all the same."""
    edited = call("read_file", {"path": "a.py"}, "x = 2")

    assert kinds([one(READ), one(edited)]) == [(N.NEW,), (N.MOVED,)]


def test_a_success_seen_in_an_earlier_turn_is_a_recheck() -> None:
    assert kinds([one(READ), USER, one(READ)]) == [(N.NEW,), (N.RECHECK,)]


def test_a_failure_seen_in_an_earlier_turn_is_a_repeat() -> None:
    fail = call("deploy", {}, "403", is_error=True)

    assert kinds([one(fail), USER, one(fail)]) == [(N.BLANK,), (N.REPEAT,)]


def test_another_call_with_a_result_the_tool_gave_is_an_echo() -> None:
    a = call("search", {"q": "atlantis weather"}, "No results found.")
    b = call("search", {"q": "weather in atlantis"}, "No results found.")

    assert kinds([one(a), one(b)]) == [(N.NEW,), (N.ECHO,)]


def test_echo_memory_is_per_turn() -> None:
    a = call("search", {"q": "atlantis weather"}, "No results found.")
    b = call("search", {"q": "weather in atlantis"}, "No results found.")

    assert kinds([one(a), USER, one(b)]) == [(N.NEW,), (N.NEW,)]


def test_a_sweep_of_one_shape_is_probing() -> None:
    days = [one(call("flights", {"date": f"2024-05-{d:02d}"}, "[]")) for d in range(1, 5)]

    assert kinds(days) == [(N.NEW,), (N.PROBE,), (N.PROBE,), (N.PROBE,)]


def test_a_sweep_failing_the_way_it_failed_before_probes_nothing() -> None:
    """The same 502 page for order after order says the gateway is down, nothing about the
    orders. Near miss: "404 Not Found" for version after version is news about each."""
    bad_gateway = "<html><head><title>502 Bad Gateway</title></head><body>carrier-gw</body></html>"
    labels = [
        one(call("create_label", {"order_id": f"SO-{n}"}, bad_gateway, is_error=True))
        for n in (31, 32, 33, 34)
    ]
    not_found = "<html><head><title>404 Not Found</title></head><body>nginx</body></html>"
    versions = [
        one(call("http_get", {"url": f"https://docs.example/v{v}/config"}, not_found, is_error=True))
        for v in (3, 4, 5, 6)
    ]

    assert kinds(labels) == [(N.BLANK,)] * 4
    assert kinds(versions) == [(N.BLANK,), (N.PROBE,), (N.PROBE,), (N.PROBE,)]


def test_a_sweep_refused_the_same_way_in_other_words_probes_nothing() -> None:
    """A release tried on line 3, line 4, priority 1, each refused 409 because the routing is not
    approved, worded otherwise each time: one kind of refusal (``error_class``), nothing learned
    about any line or priority."""
    refusals = (
        "Marszruta R-4410 rew. C nie została zatwierdzona.",
        "Nie można zwolnić zlecenia: marszruta w statusie ROBOCZA.",
        "Zwolnienie odrzucone: brak zatwierdzenia technologa.",
        "Marszruta nie jest zatwierdzona.",
    )
    releases = [
        one(
            call(
                "release_work_order",
                {"order": "ZP-0815", "line": f"L{n}", "priority": 3},
                json.dumps({"status": 409, "kod": "ROUTING", "komunikat": text}, ensure_ascii=False),
            )
        )
        for n, text in zip((3, 4, 5, 6), refusals, strict=True)
    ]

    assert kinds(releases) == [(N.BLANK,)] * 4


def test_a_sweep_refused_for_one_cause_in_other_words_probes_nothing() -> None:
    """A claim resubmitted with another quantity, each time refused for want of a prior
    authorisation, worded (and classed) otherwise each time: what the refusals name recurs
    (``events.restates_failure``), and none names the quantity changed. Near miss: refusals
    naming other causes, each news about the attempt."""
    same_cause = (
        '{"status": "REJECTED", "reject_codes": [{"code": "75", "text": "Prior Authorization Required"}]}',
        "Reject 75: prior authorization required by this plan",
        "Claim denied: PRIOR AUTH REQUIRED",
    )
    other_causes = (
        "Claim denied: prior authorization required",
        "Refill too soon: last fill 2026-04-01",
        "Quantity exceeds plan limit of 2 pens",
    )

    def claims(texts: tuple[str, ...]) -> list[ScriptItem]:
        return [
            one(call("claims_submit", {"rx": "6634102", "qty": n}, text, is_error=True))
            for n, text in zip((3, 2, 1), texts, strict=True)
        ]

    assert kinds(claims(same_cause)) == [(N.BLANK,)] * 3
    assert kinds(claims(other_causes)) == [(N.BLANK,), (N.PROBE,), (N.PROBE,)]


def test_a_query_guessing_one_name_anew_each_time_is_no_fan_out() -> None:
    """One column guessed anew in a query naming many, each error naming the guess: the same
    question asked again (``TARGET_SHARE``), not another target each time."""
    query = "SELECT s.site_id, COUNT(*) FROM sv JOIN dm s USING (usubjid) WHERE sv.visitnum = 5 AND sv.{} > 7"
    guesses = ["visit_date", "visitdt", "visit_dt", "sv_date"]
    script = [
        one(
            call(
                "warehouse_sql",
                {"query": query.format(g)},
                f"ERROR:  column sv.{g} does not exist",
                is_error=True,
            )
        )
        for g in guesses
    ]

    assert kinds(script) == [(N.BLANK,)] * 4


def test_a_widened_window_that_returns_the_same_content_is_an_echo() -> None:
    """Only the line number changes and the same substantial content comes back: the variation
    did not reach the data, unlike a sweep's short "nothing here" answers."""
    log = "     1\t# rotated at 00:00 UTC\n     2\t\n     3\t(log file truncated)"
    reads = [one(call("read_file", {"path": "app.log", "end": 100 + i}, log)) for i in range(3)]

    assert len(log) > SWEEP_ANSWER_CHARS
    assert kinds(reads) == [(N.NEW,), (N.ECHO,), (N.ECHO,)]


def test_an_empty_answer_to_a_rephrasing_is_blank() -> None:
    a = call("grep", {"pattern": "def frobnicate"}, "")
    b = call("grep", {"pattern": "frobnicate("}, "")

    assert kinds([one(a), one(b)]) == [(N.BLANK,), (N.BLANK,)]


def test_a_fan_out_becomes_probing_at_its_third_target() -> None:
    targets = ["a.yml", "b.yaml", "c.ini", "d.toml"]
    script = [one(call("read_file", {"path": t}, f"not found: {t}", is_error=True)) for t in targets]

    assert FANOUT_TARGETS == 3
    assert kinds(script) == [(N.BLANK,), (N.BLANK,), (N.PROBE,), (N.PROBE,)]


def test_a_rewritten_query_failing_on_one_of_its_guesses_is_no_fan_out() -> None:
    """Guessing: each query rewrites several names and the error names one of them (a guessed
    column). What changed is mostly not named, so no new target was tried: another attempt.
    Near miss: the same query over other tables, each error naming the one table changed."""
    guesses = [
        ("SELECT month(created_at), count(*) FROM subs WHERE status = 1", "status"),
        ("SELECT month(start_date), count(DISTINCT user_id) FROM subs WHERE active", "start_date"),
        (
            "SELECT month(started_at), count(DISTINCT customer_id) FROM subs WHERE ended_at IS NULL",
            "started_at",
        ),
        ("SELECT month(signup_ts), count(subscriber_id) FROM subs WHERE state <> 0", "signup_ts"),
    ]
    rewritten = [
        one(call("run_sql", {"query": q}, f'ERROR: column "{c}" does not exist', is_error=True))
        for q, c in guesses
    ]
    tables = ["archive.orders", "raw.orders", "core.orders", "legacy_orders"]
    fan_out = [
        one(
            call(
                "run_sql",
                {"query": f"SELECT count(*) FROM {t}"},
                f'ERROR: relation "{t}" does not exist',
                is_error=True,
            )
        )
        for t in tables
    ]

    assert kinds(rewritten) == [(N.BLANK,)] * 4
    assert kinds(fan_out) == [(N.BLANK,), (N.BLANK,), (N.PROBE,), (N.PROBE,)]


def test_a_sweep_refused_the_same_way_is_no_fan_out() -> None:
    """Times tried one after another (only their numbers differ: a sweep), each refused with the
    same rule naming the time: the variation did not matter, so no target was probed. Near
    miss: a sweep over versions whose errors say each is missing probes (absence is news)."""
    times = ["07:00", "07:30", "07:15", "07:45"]
    refused = [
        one(
            call(
                "schedule_call",
                {"account": "88-30412", "time": t},
                f"Rejected: {t} America/Chicago is outside permitted contact hours (08:00-21:00).",
                is_error=True,
            )
        )
        for t in times
    ]
    versions = [
        one(call("fetch", {"version": f"1.{n}.0"}, f"404 Not Found: release 1.{n}.0", is_error=True))
        for n in (4, 5, 6, 7)
    ]

    assert kinds(refused) == [(N.BLANK,)] * 4
    assert kinds(versions)[1:] == [(N.PROBE,)] * 3


def test_one_target_spelled_otherwise_is_no_fan_out() -> None:
    """A depot re-spelled (a space, capitals, another script's word split alike) names the same
    terms: each refusal echoing it is the same attempt failing, not a new target probed."""
    spellings = ["Київ-Лівобережна", "Київ Лівобережна", "КИЇВ-ЛІВОБЕРЕЖНА", "київ лівобережна"]
    script = [
        one(
            call(
                "truck.reserve",
                {"depot": d, "date": "2026-10-14"},
                f'{{"ok": false, "error": "DEPOT_NOT_FOUND", "depot": "{d}"}}',
                is_error=True,
            )
        )
        for d in spellings
    ]

    assert kinds(script) == [(N.BLANK,)] * 4


def test_a_fan_out_goes_on_across_looks_elsewhere() -> None:
    """Files looked for between directory listings, each error naming its file: the listings
    change nothing the next look meets, so the fan-out counts on and its third miss probes."""
    script: list[ScriptItem] = []
    for name in ("a", "b", "c", "d"):
        script.append(
            one(call("read_file", {"path": f"src/{name}.py"}, f"No such file: src/{name}.py", is_error=True))
        )
        script.append(one(call("list_dir", {"path": f"src/{name}"}, f"{name}/__init__.py")))

    assert [k for i, k in enumerate(kinds(script)) if i % 2 == 0] == [
        (N.BLANK,),
        (N.BLANK,),
        (N.PROBE,),
        (N.PROBE,),
    ]


def test_a_value_rejected_as_malformed_is_another_attempt_not_a_target() -> None:
    """A date tried in one format after another, each rejected with "expected format": the call
    was wrong, not its target absent. Neither a sweep (only digits differ) nor a fan-out."""
    dates = ["2024/05/01", "01-05-2024", "2024-5-1", "20240501"]
    script = [
        one(
            call(
                "query_metric",
                {"metric": "signups", "start": d},
                f'{{"status": 400, "error": "ValidationError", "message": "invalid date \'{d}\': '
                'expected format YYYY-MM-DD"}',
                is_error=True,
            )
        )
        for d in dates
    ]

    assert kinds(script) == [(N.BLANK,)] * 4


def test_an_amount_rejected_as_malformed_in_another_language_is_another_attempt() -> None:
    """The same in Spanish, in an envelope printed over several lines: an amount written one way
    after another ("1.200,00", "1200.00"), each refused with "se esperaba un número". Only the
    amount's digits differ, yet nothing is probed: the call is malformed each time."""
    amounts = ["1.200,00", "1200,00", "1.200", "1200.00"]
    script = [
        one(
            call(
                "facturas_crear",
                {"cliente_id": "CLI-0381", "importe": a},
                json.dumps(
                    {
                        "ok": False,
                        "errores": [{"campo": "importe", "mensaje": "se esperaba un número", "valor": a}],
                    },
                    indent=2,
                    ensure_ascii=False,
                ),
            )
        )
        for a in amounts
    ]

    assert kinds(script) == [(N.BLANK,)] * 4


def test_found_nothing_again_for_a_short_rewording_of_a_long_brief_is_an_echo() -> None:
    """A short brief shares a third of its terms with the long one it rewords, a tenth of both:
    the subject is judged by the shorter's terms found in the other."""
    long_brief = (
        "You are the coding sub-agent. The test test_payment_timeout in tests/integration/test_payments.py "
        "fails intermittently on CI, about 1 in 5 runs. Reproduce it, find the root cause, fix it, report."
    )
    short_brief = "Please look again at test_payment_timeout. It is still flaky on CI. Reproduce, fix."
    reports = [
        "Ran it 50 times locally; all passed. Could not reproduce the flake. No changes made.",
        "Could not reproduce: 60 runs, all green. The 2s timeout may be tight on CI. No diff.",
    ]
    script = [
        one(call("run_subagent", {"task": b}, r))
        for b, r in zip((long_brief, short_brief), reports, strict=True)
    ]

    assert kinds(script) == [(N.NEW,), (N.ECHO,)]


def test_edits_acknowledged_in_the_same_words_are_changes_not_echoes() -> None:
    """Ten call sites of one file edited one by one, each answered "The file ... has been
    updated.": ten changes made. Near miss: a lookup answered as before for another request
    is an echo."""
    ack = "The file /repo/src/client.ts has been updated."
    edits = [
        one(
            call(
                "Edit",
                {
                    "file_path": "/repo/src/client.ts",
                    "old_string": f"request({i})",
                    "new_string": f"fetch({i})",
                },
                ack,
            )
        )
        for i in range(4)
    ]
    record = '{"reservation_id": "HB-55120", "room_type": "DBL-GARDEN"}'
    lookups = [
        one(call("find_reservation", {"email": e}, record)) for e in ("tom@x.example", "Tom@x.example")
    ]

    assert kinds(edits) == [(N.NEW,)] * 4
    assert kinds(lookups) == [(N.NEW,), (N.ECHO,)]


def test_a_status_given_again_to_another_call_is_about_that_call() -> None:
    """Reminders sent to patient after patient, each "queued"; records updated one by one, each
    '{"success": true}': a status of each call's own target, not an echo."""
    sent = [one(call("sms_send", {"to": f"+55 11 9115{n}"}, '{"status": "queued"}')) for n in range(4)]
    updated = [
        one(call("update_record", {"id": f"006{n}"}, '{"success": true, "errors": []}')) for n in range(4)
    ]

    assert kinds(sent) == [(N.NEW,)] * 4
    assert kinds(updated) == [(N.NEW,)] * 4


def test_a_success_checked_again_after_a_change_starts_over() -> None:
    """Tests re-run after each edit, passing the same way: each run checks a change, and its
    repeats do not add up. Near miss: re-runs with no change in between do (after other reads)."""
    tests = call("Bash", {"command": "pytest -q"}, "10 passed")
    edit = [
        call("Edit", {"file_path": "a.py", "old_string": f"v{i}", "new_string": f"w{i}"}, "Edit applied.")
        for i in range(3)
    ]
    reads = [call("Read", {"file_path": f"m{i}.py"}, f"body {i}") for i in range(3)]

    after_edits = run(
        Revisit(), [one(tests), *(s for i in range(3) for s in (one(edit[i]), one(tests)))]
    ).records
    after_reads = run(
        Revisit(), [one(tests), *(s for i in range(3) for s in (one(reads[i]), one(tests)))]
    ).records

    assert [r.novelty.repeats[0] for r in after_edits[2::2]] == [1, 1, 1]
    assert [r.novelty.repeats[0] for r in after_reads[2::2]] == [2, 3, 4]


def test_the_same_edit_applied_again_and_again_repeats() -> None:
    """Near miss: a change is no news to the call that made it. The same edit re-applied, each
    time acknowledged alike, counts up like any repeated call."""
    edit = call(
        "Edit", {"file_path": "a.py", "old_string": "x", "new_string": "y"}, "The file a.py has been updated."
    )
    records = run(Revisit(), [one(edit)] * 3).records

    assert [r.novelty.repeats[0] for r in records] == [1, 2, 3]


def test_a_missing_result_is_unknown_never_the_same() -> None:
    lost = call("search", {"q": "x"}, None)

    assert kinds([one(lost), one(lost)]) == [(N.UNKNOWN,), (N.UNKNOWN,)]


def test_text_only_steps_have_no_calls_to_classify() -> None:
    assert kinds([step(text="Thinking.")]) == [()]


def test_privacy_mode_classifies_alike() -> None:
    a = call("search", {"q": "atlantis weather"}, "No results found.")
    b = call("search", {"q": "weather in atlantis"}, "No results found.")
    script: list[ScriptItem] = [one(a), one(b), one(a), USER, one(a)]

    assert kinds(script, capture_content=False) == kinds(script)


def test_repeats_count_in_a_row_per_call() -> None:
    other = call("read_file", {"path": "b.py"}, "y = 2")
    records = run(Revisit(), [one(READ), one(other), one(READ), one(READ)]).records

    assert [r.novelty.repeats for r in records] == [(1,), (1,), (2,), (3,)]
    assert [r.novelty.spread for r in records] == [False, False, True, False]
    assert records[-1].novelty.since == 1


def test_a_check_repeated_after_a_wait_is_back_to_back() -> None:
    """A wait is no step of work (``StepNovelty.waited``): the check after it is the check again,
    back to back. The identical-call detector gives such polls its patience for polls."""
    poll = call("status", {"id": 1}, "running")
    script: list[ScriptItem] = []
    for i in range(4):
        script += [one(poll), one(call("sleep", {"s": 30 + i}, ""))]
    records = run(Revisit(), script).records

    assert [r.novelty.repeats[0] for r in records[::2]] == [1, 2, 3, 4]
    assert not any(r.novelty.spread for r in records[::2])
    assert all(r.novelty.waited and not r.novelty.kinds for r in records[1::2])


def test_a_check_repeated_after_other_work_recurs() -> None:
    """Near miss: a read between two checks is work; the check after it recurs after it (spread),
    which the identical-call detector gives its patience for lost context."""
    poll = call("status", {"id": 1}, "running")
    script: list[ScriptItem] = []
    for i in range(4):
        script += [one(poll), one(call("read_file", {"path": f"log{i}.txt"}, f"line {i}"))]
    records = run(Revisit(), script).records

    assert all(r.novelty.spread for r in records[2::2])


def _outcome(i: int) -> CallOutcome:
    return CallOutcome(name="t", call=f"c{i}", shape=f"s{i}", result="r", is_error=False, empty=False)


def test_memory_is_bounded() -> None:
    state = NoveltyState()
    for i in range(CALL_MEMORY + 50):
        assess(state, (_outcome(i),), number=i + 1, turn=0)

    assert len(state.calls) == CALL_MEMORY
    assert "c0" not in state.calls
    assert len(state.tool_results["t"]) <= 8


def test_a_paraphrase_bringing_the_same_pages_back_is_an_echo() -> None:
    """Reordered results with other snippets: no two equal, most word trigrams shared."""
    first = call("web_search", {"query": "X season 4 test details"}, listing((0, 1, 2, 3, 4), 0))
    again = call("web_search", {"query": "X season 4 test"}, listing((1, 0, 2, 4, 3), 0))

    assert kinds([one(first), one(again)]) == [(N.NEW,), (N.ECHO,)]


def test_a_search_with_other_results_is_new() -> None:
    script = [
        one(call("web_search", {"query": f"topic {w}"}, fresh_listing(i))) for i, w in enumerate("abcd")
    ]

    assert kinds(script) == [(N.NEW,)] * 4


def _save(path: str, body: str, tool: str = "workspace") -> ScriptItem:
    """A file saved by a tool whose name says neither reading nor writing (``mutating_call``)."""
    return one(call(tool, {"path": path, "body": body}, write_acknowledgement(path, body)))


BEGIN = "public class BeginAction : GameAction { public ulong Player { get; private set; } }"
DRAW = "public class DrawAction : GameAction { public ulong Card { get; private set; } }"
PLAY = "public record Score(int Points, string Owner, DateTime When);"


def test_the_same_acknowledgement_for_other_writes_is_news() -> None:
    """Bulk writes: a service call on each light, every one answered "[]"; a mutation per product,
    every one answered with no user errors. Each is a write done, not an answer given again;
    the same answers to a tool that reads echo (near miss)."""
    lights = [
        one(call("ha_call_service", {"service": "turn_on", "entity_id": f"light.{room}"}, "[]"))
        for room in ("kitchen", "hall", "lamp", "porch")
    ]
    looked_up = [
        one(call("ha_lookup", {"entity_id": f"light.{room}"}, "[]")) for room in ("kitchen", "hall", "lamp")
    ]
    acknowledged = '{"data": {"productVariantsBulkUpdate": {"userErrors": []}}}'
    mutation = (
        "mutation bulk($id: ID!, $v: [In!]!) { productVariantsBulkUpdate(productId: $id) { userErrors } }"
    )
    prices = [
        one(
            call(
                "admin_graphql", {"query": mutation, "variables": {"id": f"gid://Product/{n}"}}, acknowledged
            )
        )
        for n in range(4)
    ]

    assert kinds(lights) == [(N.NEW,)] * 4
    assert kinds(prices) == [(N.NEW,)] * 4
    assert kinds(looked_up) == [(N.NEW,), (N.ECHO,), (N.ECHO,)]


def test_the_same_write_acknowledged_again_under_a_new_entry_id_repeats() -> None:
    """A note appended again word for word, at once: each acknowledgement names the new entry
    and the page's version, but says the same thing, the same write done again. A read re-issued
    at once whose answer changed moved (near miss): its numbers are what it reads."""
    entry = {"notebook": "TIT-2026", "page": 14, "text": "Lot 44B: 0.1021 M NaOH, RSD 0.4%"}
    appended = [
        one(
            call(
                "eln_append_entry",
                entry,
                f'{{"esito": "ok", "id_voce": "V-8812{i}", "versione_pagina": 3{i}}}',
            )
        )
        for i in range(3)
    ]
    read = [
        one(call("eln_get_page", {"page": 14}, f'{{"page": 14, "entries": {n}, "version": 3{n}}}'))
        for n in range(2)
    ]

    assert kinds(appended) == [(N.NEW,), (N.REPEAT,), (N.REPEAT,)]
    assert kinds(read) == [(N.NEW,), (N.MOVED,)]
    # A ticket filed again, at once, answered in the same form under a new id and key.
    filed = [
        one(call("jira_create_issue", {"summary": "VPN access"}, f'{{"id": "3011{i}", "key": "IT-91{i}"}}'))
        for i in range(3)
    ]
    assert kinds(filed) == [(N.NEW,), (N.REPEAT,), (N.REPEAT,)]
    # The same with a look between the writes: a term added, searched for, added again.
    added = call("termbase_add", {"term": "kundkorg"}, '{"status": "created", "entry_id": "E-ace4"}')
    again = call("termbase_add", {"term": "kundkorg"}, '{"status": "created", "entry_id": "E-b44d"}')
    searched = call("termbase_search", {"q": "kundkorg"}, '{"hits": [], "total": 0}')
    assert kinds([one(added), one(searched), one(again)])[2] == (N.REPEAT,)


def test_a_change_acknowledged_again_in_its_form_repeats_whatever_the_tools_name() -> None:
    """A hold placed again, at once, by a tool whose name says no write: its answer says a change
    was made, in the same form under a new hold id. A rollout read again whose share of pods
    updated moved is a status (near miss): another form."""
    held = [
        one(
            call(
                "mes_hold_lot",
                {"lot": "N3K-2240", "hold_type": "ENGINEERING"},
                f'{{"ok": true, "hold_id": "H-009331{i}", "state": "ON_HOLD"}}',
            )
        )
        for i in range(3)
    ]
    rollout = [
        one(call("deployment_status", {"id": "d-881"}, f"rollout d-881: {share}% of pods updated"))
        for share in (10, 35, 60)
    ]

    assert kinds(held) == [(N.NEW,), (N.REPEAT,), (N.REPEAT,)]
    assert kinds(rollout) == [(N.NEW,), (N.MOVED,), (N.MOVED,)]
    # Privacy mode judges alike: the class travels without the content.
    assert kinds(held, capture_content=False)[2] == (N.REPEAT,)


def test_answers_wrapped_in_one_boilerplate_are_judged_only_exactly() -> None:
    """A tool answering different requests with one long wrapper (a write acknowledged with the
    same instructions) has shown that overlap says nothing about it: a later near copy of an
    answer, for a rephrased request, is not taken for an echo."""
    renamed = BEGIN.replace("Player", "PlayerId")
    script = [_save("src/Begin.cs", BEGIN), _save("lib/Draw.cs", DRAW), _save("lib/Play.cs", PLAY)]

    assert kinds([*script, _save("src/Begin.cs", renamed)]) == [(N.NEW,)] * 4


def test_one_answer_sharing_much_with_another_is_no_wrapper() -> None:
    """One answer alone may share much with an earlier one for its own reasons (a paraphrase
    just short of the rephrasing bar brought the same pages back): a wrapper is what the tool's
    new answers all shared, so a near copy after a single one still echoes."""
    renamed = BEGIN.replace("Player", "PlayerId")
    script = [_save("src/Begin.cs", BEGIN), _save("lib/Draw.cs", DRAW), _save("src/Begin.cs", renamed)]

    assert kinds(script) == [(N.NEW,), (N.NEW,), (N.ECHO,)]


def test_a_tool_that_says_it_writes_never_echoes() -> None:
    """Near miss of the above: the same near copy acknowledged by a tool named for writing is the
    write done again with other content, not an answer given again."""
    renamed = BEGIN.replace("Player", "PlayerId")
    saves = [("src/Begin.cs", BEGIN), ("lib/Draw.cs", DRAW), ("src/Begin.cs", renamed)]

    assert kinds([_save(path, body, tool="save_file") for path, body in saves]) == [(N.NEW,)] * 3


def test_a_write_of_several_lines_never_echoes() -> None:
    """Writes carry content, not a target (no frame): their acknowledgements are not answers."""
    bodies = [f"class Action{i}:\n    def run(self):\n        return {i}\n" for i in range(4)]
    script = [
        one(call("save", {"path": "src/actions.py", "body": b}, write_acknowledgement("src/actions.py", b)))
        for b in bodies
    ]

    assert kinds(script) == [(N.NEW,)] * 4


def test_privacy_mode_sees_the_same_echoes() -> None:
    first = call("web_search", {"query": "X season 4 test details"}, listing((0, 1, 2, 3, 4), 0))
    again = call("web_search", {"query": "X 'test' season 4"}, listing((2, 1, 0, 3, 4), 1))
    script: list[ScriptItem] = [one(first), one(again)]

    assert kinds(script, capture_content=False) == kinds(script) == [(N.NEW,), (N.ECHO,)]


def test_a_long_status_list_in_which_one_line_moved_on_is_new() -> None:
    """Near copies never stand in for the same answer to the same call: a poll of 20 pods where
    one finished shares almost every trigram, and it is the news the agent waits for."""
    pods = [f"api-{i} 1/1 Running 0 {i}d" for i in range(20)]
    done = [p.replace("Running", "Completed") if p.startswith("api-7 ") else p for p in pods]
    poll = "kubectl get pods"
    script = [
        one(call("shell", {"cmd": poll}, "\n".join(pods))),
        one(call("shell", {"cmd": poll}, "\n".join(done))),
    ]

    assert kinds(script) == [(N.NEW,), (N.MOVED,)]


def test_the_same_search_answered_with_the_same_pages_reshuffled_repeats() -> None:
    """The same query re-run at once, answered from one pool of pages in another order with
    other snippets: no line the call had not given, so the same answer (a plain repeated-call
    guard counts it too), though no two fingerprints are equal."""
    query = {"query": "router AX-9 E17 after update"}
    answers = [listing((0, 1, 2), 0), listing((2, 0, 1), 0), listing((1, 2, 0), 0)]
    script = [one(call("web_search", query, answer)) for answer in answers]

    assert kinds(script) == [(N.NEW,), (N.REPEAT,), (N.REPEAT,)]
    assert kinds(script, capture_content=False) == kinds(script)


def test_lines_of_the_answers_in_a_row_all_count_as_seen() -> None:
    """Boundary: the second answer adds a page (new), the third only shows pages of the first
    two: it repeats them."""
    query = {"query": "AX-9 E17"}
    answers = [listing((0, 1), 0), listing((1, 2), 0), listing((2, 0), 0)]
    script = [one(call("web_search", query, answer)) for answer in answers]

    assert kinds(script) == [(N.NEW,), (N.MOVED,), (N.REPEAT,)]


def test_reshuffled_pages_after_other_work_are_not_the_same() -> None:
    """Near miss: another call in between (the agent went on); a changed answer is then news,
    judged by its fingerprint only."""
    query = {"query": "AX-9 E17"}
    script = [
        one(call("web_search", query, listing((0, 1, 2), 0))),
        one(call("read_page", {"url": "https://espn.example/aus-season-4"}, "A long report.")),
        one(call("web_search", query, listing((2, 1, 0), 0))),
    ]

    assert kinds(script)[2] == (N.NEW,)


def test_a_log_too_long_to_hash_whole_is_judged_by_its_fingerprint() -> None:
    """A build log re-read while the build runs: its news is at its end, past the lines that
    are hashed, so a changed log is never taken for the same answer."""
    head = "\n".join(f"step {i}: compiling module_{i}.c" for i in range(400))
    script = [one(call("shell", {"cmd": "cat build.log"}, f"{head}\n{tail}")) for tail in ("linking", "done")]

    assert kinds(script) == [(N.NEW,), (N.MOVED,)]


def _pages(ids: tuple[int, ...]) -> str:
    """A knowledge-base search answer: a header and one line per article of one pool. The articles
    name nothing but the product (no ids, figures or links): their lines alone judge them."""
    pool = ("return policy", "compatibility list", "cleaning", "firmware notes", "known issues", "shipping")
    lines = [f"* espresso unit Brio: {pool[i]} - covers {pool[i]} for the Brio" for i in ids]
    return "\n".join([f"{len(ids)} articles matched:", *lines])


def test_rephrased_searches_answered_from_one_pool_echo_by_their_lines() -> None:
    """Every answer wraps its pages in one sentence (a wrapper, so overlap says nothing), but
    its lines are pages the tool gave; one other page among them does not end the echoes."""
    queries = ("Brio 220V", "Brio voltage compatibility", "does Brio support 220 volt", "Brio power input")
    answers = ((0, 1, 2, 3, 4), (4, 0, 2, 3, 1), (0, 4, 3, 2, 5), (0, 4, 3, 1, 2))
    script = [
        one(call("find_articles", {"query": q}, _pages(a))) for q, a in zip(queries, answers, strict=True)
    ]

    assert kinds(script) == [(N.NEW,), (N.ECHO,), (N.ECHO,), (N.ECHO,)]
    assert kinds(script, capture_content=False) == kinds(script)


def test_an_answer_with_an_unseen_line_is_new_until_the_tool_echoes() -> None:
    """Near miss: the same answers, but the one with another page comes second, before any
    echo: the tool is not echoing yet, so it is news."""
    queries = ("Brio 220V", "Brio voltage compatibility", "does Brio support 220 volt")
    answers = ((0, 1, 2, 3, 4), (0, 4, 3, 2, 5), (4, 0, 2, 3, 1))
    script = [
        one(call("find_articles", {"query": q}, _pages(a))) for q, a in zip(queries, answers, strict=True)
    ]

    assert kinds(script) == [(N.NEW,), (N.NEW,), (N.ECHO,)]


def test_while_echoing_one_unseen_line_among_four_echoes_and_two_among_five_is_new() -> None:
    """Boundary of ``NEW_LINES_ECHO`` (0.3): rephrasings still bringing the same pages back with
    one other among four lines (0.25) go on echoing; two among five (0.4) found more."""
    queries = ("Brio 220V", "Brio voltage", "Brio voltage compatibility", "does Brio support 220 volt")
    for last, expected in (((0, 1, 5), N.ECHO), ((0, 1, 4, 5), N.NEW)):
        answers = ((0, 1, 2), (0, 1, 2, 3), (3, 2, 1, 0), last)
        script = [
            one(call("find_articles", {"query": q}, _pages(a))) for q, a in zip(queries, answers, strict=True)
        ]

        assert kinds(script) == [(N.NEW,), (N.NEW,), (N.ECHO,), (expected,)]


def test_files_of_one_template_read_one_by_one_are_new() -> None:
    """The fan-out trap: manifests of one template differ in a line or two each (most of their
    lines were seen, three quarters of their trigrams), and each is what the agent asked for.
    Deep paths share most of their terms, but a path is replaced, never reworded (``phrased``)."""

    def manifest(name: str) -> str:
        return "\n".join(
            ["kind: Deployment", "metadata:", f"  name: {name}", "spec:", "  replicas: 2", "  template:",
             f"    image: registry.local/{name}:1.4", "    ports:", "    - containerPort: 8080"]
        )  # fmt: skip

    names = ("billing", "checkout", "search", "inventory", "auth")
    for path in ("k8s/{}.yaml", "deploy/k8s/prod/{}/deployment.yaml"):
        script = [one(call("read_file", {"path": path.format(n)}, manifest(n))) for n in names]

        assert kinds(script) == [(N.NEW,)] * 5, path


def _edited(path: str) -> str:
    shown = f"Here's the result of running `cat -n` on a snippet of {path}:\n 3\timport json"
    return f"The file {path} has been edited. {shown}"


def test_the_same_edit_in_file_after_file_is_new() -> None:
    """The fan-out trap of a sweeping change: one replacement made in each file, each answer the
    same acknowledgement but for the file's name (most trigrams shared). The calls share their
    words (``wording``), so each names another target rather than rewording the last. Privacy
    mode judges alike."""
    edit = {"command": "str_replace", "old_str": "from ingest.compat import json", "new_str": "import json"}
    paths = [f"src/ingest/{name}.py" for name in ("urls", "errors", "views", "storage", "hooks", "tasks")]
    script = [one(call("str_replace_editor", {"path": p, **edit}, _edited(p))) for p in paths]

    assert kinds(script) == kinds(script, capture_content=False) == [(N.NEW,)] * 6


def test_a_reworded_query_echoes_though_its_identifiers_stay() -> None:
    """Near miss: the words changed (another ``wording``) and the identifiers did not: a
    rephrasing, whose answer, the same pages with other snippets, echoes."""
    first = call(
        "web_search",
        {"query": "X season 4 test details", "site": "espn.example"},
        listing((0, 1, 2, 3, 4), 0),
    )
    again = call(
        "web_search", {"query": "X 'test' season 4", "site": "espn.example"}, listing((2, 1, 0, 3, 4), 1)
    )
    script: list[ScriptItem] = [one(first), one(again)]

    assert kinds(script, capture_content=False) == kinds(script) == [(N.NEW,), (N.ECHO,)]


SOURCES = (
    "https://en.wikipedia.org/wiki/Port_Ember",
    "https://www.britannica.com/t/port_ember",
    "https://x.org/p",
)


def _results(query: str, order: tuple[int, ...]) -> str:
    """Search results citing ``SOURCES`` with titles and snippets that echo ``query``."""
    return "\n".join(
        f"{rank}. {query.title()} - page {i}\n   URL: {SOURCES[i]}\n   ...{query} seen near 1971 figures"
        for rank, i in enumerate(order, 1)
    )


def test_rephrased_searches_citing_the_same_sources_echo() -> None:
    """Query-dependent titles and snippets make every line new; the links are what stays."""
    queries = ("Port Ember 1950", "1950 population Port Ember record", "population of Port Ember in 1950")
    orders = ((0, 1, 2), (2, 1, 0), (1, 0, 2))
    script = [
        one(call("google_search", {"query": q}, _results(q, o))) for q, o in zip(queries, orders, strict=True)
    ]

    assert kinds(script) == [(N.NEW,), (N.ECHO,), (N.ECHO,)]
    assert kinds(script, capture_content=False) == kinds(script)


def test_a_short_rephrasing_of_a_long_query_citing_the_same_sources_echoes() -> None:
    """A third of the short query's terms are in the long one (a tenth of both): same subject."""
    queries = ("Port Ember population records of the 1950 census by district", "Ember 1950 headcount figures")
    script = [
        one(call("google_search", {"query": q}, _results(q, o)))
        for q, o in zip(queries, ((0, 1, 2), (2, 0, 1)), strict=True)
    ]

    assert kinds(script) == [(N.NEW,), (N.ECHO,)]


def test_searches_on_other_subjects_landing_on_the_same_sites_are_new() -> None:
    """Near miss: the same few documentation pages answer unrelated questions."""
    queries = ("asyncio cancellation semantics", "postgres connection pool timeout", "client retry error")
    script = [one(call("search_web", {"query": q}, _results(q, (0, 1, 2)))) for q in queries]

    assert kinds(script) == [(N.NEW,)] * 3


def test_documents_sharing_a_footer_of_links_are_new() -> None:
    """Links count only for a phrased call: pages read one by one share their navigation."""
    footer = "\n".join(f"[{i}] {url}" for i, url in enumerate(SOURCES))
    script = [
        one(call("read_page", {"path": f"docs/{n}.md"}, f"# {n}\n{n} body text\n{footer}")) for n in "abc"
    ]

    assert kinds(script) == [(N.NEW,)] * 3


def test_the_same_failure_back_to_back_repeats_though_a_detail_varies() -> None:
    """A command re-run at once that fails the same way, only a port and a duration changed,
    is the same call failing again (what a plain repeated-call guard counts)."""
    runs = [
        one(call("terminal", {"command": "npm test"}, _port_in_use(port, ms), is_error=True))
        for port, ms in ((41234, 512), (39001, 733), (52777, 268))
    ]

    assert kinds(runs) == [(N.BLANK,), (N.REPEAT,), (N.REPEAT,)]


def test_a_failing_poll_whose_status_moved_is_not_the_same_failure() -> None:
    """A rollout polled at once, each poll failing on its timeout: the status line repeats
    while the rollout waits (the same failure), and moves when a replica is updated (a number
    of under four digits changed: not a port or a pid). Privacy mode judges alike."""
    polls = [
        one(call("shell", {"cmd": "kubectl rollout status deploy/web"}, _rollout(n), is_error=True))
        for n in (1, 1, 2, 3)
    ]

    assert kinds(polls) == kinds(polls, capture_content=False)
    assert kinds(polls) == [(N.BLANK,), (N.REPEAT,), (N.MOVED,), (N.MOVED,)]


def test_a_failing_poll_that_moved_after_other_work_is_new() -> None:
    """Near miss: with a call in between, a changed failure is that call's effect."""
    poll = "kubectl rollout status deploy/web"
    script = [
        one(call("shell", {"cmd": poll}, _rollout(1), is_error=True)),
        one(call("shell", {"cmd": "kubectl get events"}, "no events")),
        one(call("shell", {"cmd": poll}, _rollout(2), is_error=True)),
    ]

    assert kinds(script)[2] == (N.NEW,)


def test_a_short_failure_of_one_masked_message_repeats() -> None:
    declined = [
        call("charge", {"order": "A-1"}, f"Payment declined (code {c})", is_error=True) for c in (91, 5)
    ]

    assert kinds([one(declined[0]), one(declined[1])]) == [(N.BLANK,), (N.REPEAT,)]


def test_a_changed_failure_after_other_work_is_not_the_same() -> None:
    """Dependency whack-a-mole: between two runs of the script an install succeeded, and the
    run now fails on another missing module: that is the install's effect, not a repeat."""
    run_script = [
        call(
            "shell",
            {"cmd": "python report.py"},
            f"Traceback:\nModuleNotFoundError: No module named '{m}'",
            is_error=True,
        )
        for m in ("yaml", "requests")
    ]
    install = call("shell", {"cmd": "pip install yaml"}, "Successfully installed yaml")

    assert kinds([one(run_script[0]), one(install), one(run_script[1])])[2] != (N.REPEAT,)


def test_a_short_typed_failure_naming_something_else_is_not_the_same() -> None:
    """Near miss: one exception type, another name ("No module named a", then "b"): the class of
    a short typed error is only its type, too coarse to call the two the same failure."""
    runs = [one(call("pytest", {}, f"ModuleNotFoundError: {m}", is_error=True)) for m in "ab"]

    assert kinds(runs)[1] != (N.REPEAT,)


def _port_in_use(port: int, ms: int) -> str:
    return (
        "> app@2.1.0 test\n> jest --ci\n\nError: listen EADDRINUSE: address already in use "
        f":::{port}\n    at Server.setupListenHandle [as _listen2] (node:net:1817:16)\n"
        f"Test run aborted after {ms}ms while starting the shared test server for the suite"
    )


def _rollout(updated: int) -> str:
    return (
        f'Waiting for deployment "web" rollout to finish: {updated} out of 4 new replicas have been '
        "updated...\nerror: timed out waiting for the condition"
    )


def _not_found(task: str, style: int) -> str:
    """A sub-agent's report that found nothing, in one of three styles (never the same text)."""
    return (
        f"### 1. Task outcome (short version):\nCould not determine {task}.\n### 2. Detailed:\nSources "
        "mention the subject but none state it.",
        f"Report: no exact figure found for {task}. Best sources: an encyclopaedia entry and a timeline.",
        f"Here is the final answer from your managed agent: I searched several pages. {task} is not "
        "mentioned in any of them.",
    )[style]


def test_found_nothing_again_for_the_task_handed_again_is_an_echo() -> None:
    """Re-delegation: the manager hands the same task again in other words, and the report says
    it found nothing again, in other words: the delegated task is the call, the report the
    result, and the answer has not changed in substance."""
    task = "the 1950 population of Port Ember"
    briefs = [
        f"Find {task}.",
        f"Search the web for {task} and report it with sources.",
        f"Look up {task}. Be thorough.",
    ]
    script = [one(call("search_agent", {"task": b}, _not_found(task, i))) for i, b in enumerate(briefs)]

    assert kinds(script) == [(N.NEW,), (N.ECHO,), (N.ECHO,)]


def test_found_nothing_for_another_question_is_new() -> None:
    """Near miss: a report of nothing found for an unrelated task is information about it."""
    script = [
        one(call("search_agent", {"task": "Find the 1950 population of Port Ember."}, _not_found("it", 0))),
        one(call("search_agent", {"task": "Who designed the Halvorsen Viaduct?"}, _not_found("that", 1))),
    ]

    assert kinds(script) == [(N.NEW,), (N.NEW,)]


def test_a_long_brief_handed_again_whose_report_restates_its_facts_echoes() -> None:
    """Re-delegation as managers write it: briefs of several sentences reworded each time, and
    reports restating the same figure, person and source in other sentences. Neither the
    briefs nor the reports share many words; what the reports name is the same."""
    script = [
        one(call("Task", {"prompt": brief, "agent": "researcher"}, report))
        for brief, report in zip(LONG_BRIEFS, RESTATED_REPORTS, strict=True)
    ]

    assert kinds(script) == [(N.NEW,), (N.ECHO,), (N.ECHO,), (N.ECHO,)]
    assert kinds(script, capture_content=False) == kinds(script)


def test_a_report_naming_a_fifth_new_facts_still_echoes_and_more_is_new() -> None:
    """Boundary: one new name among the eight a report states is said in passing (0.125); a
    follow-up whose answer names new years, figures and people (more than a fifth) is news."""
    first, passing = RESTATED_REPORTS[0], RESTATED_REPORTS[1] + " Also covered by Reuters."
    follow_up = "Acme Robotics was renamed in 2014 by founder Mira Holt and expanded to Osaka in 2021."
    brief = LONG_BRIEFS[0]

    assert kinds(
        [one(call("Task", {"prompt": brief}, first)), one(call("Task", {"prompt": brief + " "}, passing))]
    ) == [
        (N.NEW,),
        (N.ECHO,),
    ]
    assert kinds(
        [one(call("Task", {"prompt": brief}, first)), one(call("Task", {"prompt": brief + " "}, follow_up))]
    ) == [
        (N.NEW,),
        (N.NEW,),
    ]


def test_a_task_asked_again_whose_report_restates_its_figures_with_other_names_echoes() -> None:
    """Re-delegation with short reports: each cites the figure, the year and the note again, but
    names the sources and the region otherwise ("Form 10-K", "Asia-Pacific", "European Union"),
    more than a fifth of what it names. Its figures are the ones stated: the same report."""
    script = [
        one(call("delegate_task", {"task": brief}, report))
        for brief, report in zip(SEGMENT_BRIEFS, SAME_FIGURES_REPORTS, strict=True)
    ]

    assert kinds(script) == [(N.NEW,), (N.ECHO,), (N.ECHO,), (N.ECHO,)]
    assert kinds(script, capture_content=False) == kinds(script)


def test_a_report_with_a_third_of_its_figures_new_still_echoes_and_more_is_new() -> None:
    """Boundary: one new figure among three (a range around the estimate) restates the report;
    two new among three (another year's revenue and margin) are news. Its names all new, so
    only the figures decide."""
    brief = "Estimate the 2026 TAM for managed vector databases in mid-market SaaS with sources."
    again = "Double-check the 2026 TAM for managed vector databases in mid-market SaaS."
    first = "Estimated TAM for 2026 is $4.1B: 38,000 firms with about 42% adoption (Gartner)."
    one_new = "Confirmed: about $4.1 billion for 2026; the range is 3.7 at worst (IDC)."
    two_new = "In 2027 it reaches $5.3 billion with 42% adoption, says Forrester."

    def judged(report: str) -> tuple[Novelty, ...]:
        asked = call("delegate", {"task": brief}, first)
        return kinds([one(asked), one(call("delegate", {"task": again}, report))])[1]

    assert judged(one_new) == (N.ECHO,)
    assert judged(two_new) == (N.NEW,)


LONG_SEGMENT_REPORT = (
    "Over the limits on this line: km 84.3-84.6 with a twist of 14 mm/3 m, and km 91.1-91.3 with a "
    "cross level of 19 mm. Both need tamping this week; start with km 91 because it is worse."
)
BRIEF = {"agent": "geometry_analyst", "task": "Find the track segments over the twist and level limits."}


def test_a_task_handed_again_word_for_word_whose_short_report_restates_it_repeats() -> None:
    """Re-delegation without rewording the brief: the sub-agent reports in a line what it had
    reported in a paragraph, the same segments (too short for a sketch to compare: its facts
    decide). The same call answered as before: a repeat, whatever the length."""
    short = "Result: km 91.1–91.3 cross level 19 mm first, then km 84.3–84.6 twist 14 mm/3 m."
    script = [
        one(call("agents__delegate", BRIEF, LONG_SEGMENT_REPORT)),
        one(call("agents__delegate", BRIEF, short)),
    ]

    assert kinds(script) == [(N.NEW,), (N.REPEAT,)]
    assert kinds(script, capture_content=False) == kinds(script)


def test_a_task_handed_again_word_for_word_whose_short_report_finds_more_is_news() -> None:
    """Near miss: the same brief again, and the line names a third segment with its figures:
    more than a fifth of its facts new (``NEW_FACTS_ECHO``)."""
    more = "km 84.3-84.6 (14 mm/3 m), km 91.1-91.3 (19 mm) and km 93.2-93.5 (twist 16 mm)."
    script = [one(call("delegate_task", BRIEF, LONG_SEGMENT_REPORT)), one(call("delegate_task", BRIEF, more))]

    assert kinds(script)[1][0] in INFORMATIVE


def test_a_listing_that_shrank_within_its_names_is_news() -> None:
    """The healthy pattern: a command's answer that shrank (a listing after a delete) names only
    what it named, yet the world changed: only a sub-agent's report is judged by its facts alone."""
    pods = [
        f"worker-{name}-7f9c   Running   0   {age}m"
        for name, age in (("alpha", 12), ("beta", 31), ("gamma", 44))
    ]
    listing = "NAME   STATUS   RESTARTS   AGE\n" + "\n".join(pods * 3)
    show = {"command": "kubectl get pods -n batch"}
    script = [
        one(call("run_shell_command", show, listing)),
        one(call("run_shell_command", {"command": "kubectl delete pod worker-beta-7f9c -n batch"}, "")),
        one(call("run_shell_command", show, "NAME   STATUS   RESTARTS   AGE\n" + pods[0])),
    ]

    assert kinds(script)[2][0] in INFORMATIVE


def test_the_same_figures_for_another_subject_are_news() -> None:
    """Near miss: a brief on another subject whose report happens to give the same year and
    amounts (two companies of one size) is about that subject: figures echo only a task asked
    again (``SAME_SUBJECT_TERMS``)."""
    script = [
        one(call("delegate_task", {"task": SEGMENT_BRIEFS[0]}, SAME_FIGURES_REPORTS[0])),
        one(
            call(
                "delegate_task",
                {"task": "Find Borealis Shipping's fiscal 2023 freight volume by port, with sources."},
                "Borealis Shipping moved 1.84B tonnes in FY2023 via Rotterdam and Gdansk (Note 17, p. 94).",
            )
        ),
    ]

    assert kinds(script) == [(N.NEW,), (N.NEW,)]


def test_one_figure_is_too_few_to_restate_a_report() -> None:
    """Near miss: a report whose only figure is the year asked about says little by its figures;
    its names (all new) decide, and they are news."""
    brief = "Who chairs the Halvard Industrial board in 2023, with a source?"
    first = "In 2023 the chair is Ingrid Solberg per the Annual Report."
    again = "Since 2023 Marcus Webb chairs it, says Reuters."
    script = [
        one(call("delegate_task", {"task": brief}, first)),
        one(call("delegate_task", {"task": brief + " Check again."}, again)),
    ]

    assert kinds(script) == [(N.NEW,), (N.NEW,)]


def test_one_brief_template_over_other_subjects_is_new() -> None:
    """The healthy fan-out: the same brief for other companies; each report names its own."""
    companies = (
        ("Acme Robotics", "Dana Lee", 42),
        ("Borealis Labs", "Ines Roth", 17),
        ("Kestrel AI", "Omar Ba", 88),
    )
    script = [
        one(
            call(
                "Task",
                {"prompt": f"Find the 2019 revenue of {name} with a source."},
                f"{name} made ${n}M in 2019 per CEO {ceo}; see https://news.example.org/{n}",
            )
        )
        for name, ceo, n in companies
    ]

    assert kinds(script) == [(N.NEW,)] * 3


def test_facts_judge_phrased_calls_only() -> None:
    """Near miss: notes read file by file may well name the same people and figures; a path is
    no request in words, and each file is what the agent asked for."""
    script = [
        one(call("read_file", {"path": f"notes/{i}.md"}, report)) for i, report in enumerate(RESTATED_REPORTS)
    ]

    assert kinds(script) == [(N.NEW,)] * 4


def test_a_brief_handed_again_word_for_word_whose_report_restates_its_facts_repeats() -> None:
    """The same task re-delegated verbatim: the sub-agent words its report otherwise each time
    (another fingerprint) and states the same figure, person and source: the same answer."""
    brief = {"prompt": LONG_BRIEFS[0], "agent": "researcher"}
    script = [one(call("Task", brief, report)) for report in RESTATED_REPORTS]

    records = run(Revisit(), script).records
    assert [r.novelty.kinds for r in records] == [(N.NEW,)] + [(N.REPEAT,)] * 3
    assert [r.novelty.repeats for r in records] == [(1,), (2,), (3,), (4,)]
    assert kinds(script, capture_content=False) == kinds(script)


def test_the_same_brief_answered_with_new_facts_moved() -> None:
    """Near miss: the task handed again, word for word, and the report names new years, figures
    and people (more than a fifth): the sub-agent found something this time."""
    follow_up = "Acme Robotics was renamed in 2014 by founder Mira Holt and expanded to Osaka in 2021."
    brief = {"prompt": LONG_BRIEFS[0]}
    script = [one(call("Task", brief, RESTATED_REPORTS[0])), one(call("Task", brief, follow_up))]

    assert kinds(script) == [(N.NEW,), (N.MOVED,)]


def test_the_same_brief_restated_in_a_new_turn_is_not_a_repeat() -> None:
    """A user asking again makes the same answer a recheck of a new question, not a loop."""
    brief = {"prompt": LONG_BRIEFS[0]}
    script = [
        one(call("Task", brief, RESTATED_REPORTS[0])),
        USER,
        one(call("Task", brief, RESTATED_REPORTS[1])),
    ]

    assert N.REPEAT not in [k for ks in kinds(script) for k in ks]


def test_a_poll_answered_with_the_same_figures_in_other_words_moved() -> None:
    """Facts judge phrased calls only: a status call names no request in words, and its
    answer's wording moving on ("running", then "finishing") is the job moving on."""
    status = {"job": "build-4412"}
    script = [
        one(call("job_status", status, "Job build-4412 on runner 17 is running the test stage.")),
        one(call("job_status", status, "Job build-4412 on runner 17 is finishing the test stage.")),
    ]

    assert kinds(script) == [(N.NEW,), (N.MOVED,)]
