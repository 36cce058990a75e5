from __future__ import annotations

import pytest

from loopwatch.detect.same_tool import SameTool, SameToolConfig
from loopwatch.verdict import Severity
from tests.sdk.detect.detect_builders import USER, StepSpec, call, run, step
from tests.sdk.detect.near_duplicates import LONG_BRIEFS, RESTATED_REPORTS, fresh_listing, listing

NOTHING = "No results found."
BASE_PHRASINGS = (
    "weather atlantis",
    "atlantis weather today",
    "current weather in atlantis",
    "atlantis forecast",
    "weather report atlantis",
    "atlantis climate now",
    "is it raining in atlantis",
    "atlantis temperature",
)
# Rephrasings without digits: a number that changes would make the calls a sweep.
REPHRASINGS = tuple(f"{p} {suffix}".strip() for suffix in ("", "please", "now") for p in BASE_PHRASINGS)


def rephrased_searches(n: int, result: str = NOTHING) -> list[StepSpec]:
    return [step(call("search", {"q": REPHRASINGS[i]}, result)) for i in range(n)]


def test_five_fruitless_searches_are_not_a_loop() -> None:
    assert run(SameTool(), rephrased_searches(5)).fired == []


def test_sixth_fruitless_search_fires() -> None:
    finding = run(SameTool(), rephrased_searches(6)).finding()

    assert finding.detector == "same_tool"
    assert finding.key == "same_tool:search:1"
    assert (finding.count, finding.first_step, finding.last_step) == (6, 1, 6)
    assert finding.tool_name == "search"
    assert finding.arguments == '{"q":"atlantis climate now"}'
    assert finding.last_result_preview == NOTHING
    assert finding.severity is Severity.LOOP


def test_empty_results_count_from_the_first_step() -> None:
    finding = run(SameTool(), rephrased_searches(6, result="")).finding()

    assert (finding.count, finding.first_step) == (6, 1)


def test_the_same_error_for_rephrased_calls_counts() -> None:
    script = [
        step(call("sql", {"query": f"SELECT * FROM t WHERE {w}"}, "permission denied", is_error=True))
        for w in ("a", "a AND b", "b", "NOT c", "c OR a", "b AND NOT a")
    ]

    assert run(SameTool(), script).finding().count == 6


def test_a_fan_out_whose_errors_name_each_target_is_not_flagged() -> None:
    """Candidate paths tried one after another, each "not found": a search, not a loop."""
    script = [
        step(call("read_file", {"path": p}, f"not found: {p}", is_error=True))
        for p in (
            "settings.yml",
            ".config/app.yaml",
            "app.ini",
            "conf/settings.toml",
            "etc/app.conf",
            "cfg.json",
        )
    ]

    assert run(SameTool(), script).fired == []


def test_identical_calls_count_too() -> None:
    same = [step(call("search", {"q": "x"}, NOTHING))] * 6

    assert run(SameTool(), same).finding().count == 6


def test_a_sweep_of_empty_answers_is_not_flagged() -> None:
    """One call per date, each empty: the absence on each date is the finding."""
    days = [step(call("search_flights", {"date": f"2024-05-{d:02d}"}, "[]")) for d in range(1, 14)]

    assert run(SameTool(), days).fired == []


def test_a_re_read_from_before_the_streak_is_not_a_fruitless_step() -> None:
    reads = [step(call("view", {"path": f"f{i}.py"}, f"file {i}")) for i in range(8)]

    assert run(SameTool(), [*reads, *reads[:6]]).fired == []


def test_pagination_with_new_results_is_not_flagged() -> None:
    pages = [step(call("list_issues", {"page": p}, f"issues {10 * p}..{10 * p + 9}")) for p in range(12)]

    assert run(SameTool(), pages).fired == []


def test_fan_out_over_many_files_is_not_flagged() -> None:
    reads = [step(call("read_file", {"path": f"src/m{i}.py"}, f"module {i}")) for i in range(12)]

    assert run(SameTool(), reads).fired == []


def test_polling_whose_status_changes_is_not_flagged() -> None:
    polls = [step(call("status", {"job": 7}, f"job 7: {5 * i}% done")) for i in range(12)]

    assert run(SameTool(), polls).fired == []


def test_a_new_result_restarts_the_count() -> None:
    script = [
        *rephrased_searches(5),
        step(call("search", {"q": "atlantis forecast"}, "Sunny, 24C")),
        *rephrased_searches(4),
    ]

    result = run(SameTool(), script)

    assert result.findings[:-1] == [None] * 9
    # The step with new information is the first of the new streak: 1 + 4 = 5 < 6.
    assert result.last is None


def test_a_different_tool_breaks_the_streak() -> None:
    script = [*rephrased_searches(5), step(call("read_file", {"path": "notes.md"}, NOTHING))]
    script += rephrased_searches(5)

    assert run(SameTool(), script).fired == []


def test_mixed_tool_batch_breaks_the_streak() -> None:
    mixed = step(call("search", {"q": "a"}, NOTHING), call("read_file", {"path": "b"}, NOTHING))

    assert run(SameTool(), [*rephrased_searches(5), mixed, *rephrased_searches(5)]).fired == []


def test_text_only_step_does_not_break_the_streak() -> None:
    script = [*rephrased_searches(3), step(text="Let me try another phrasing."), *rephrased_searches(3)]

    finding = run(SameTool(), script).finding()

    assert (finding.count, finding.first_step, finding.last_step) == (6, 1, 7)


def test_new_user_turn_resets() -> None:
    assert run(SameTool(), [*rephrased_searches(5), USER, *rephrased_searches(5)]).fired == []


def test_configured_threshold_boundary() -> None:
    detector = SameTool(SameToolConfig(nudge_at=3))
    result = run(detector, rephrased_searches(3))

    assert result.findings[:2] == [None, None]
    assert result.finding().count == 3


@pytest.mark.parametrize("nudge_at", [0, 1])
def test_values_below_two_switch_it_off(nudge_at: int) -> None:
    assert run(SameTool(SameToolConfig(nudge_at=nudge_at)), rephrased_searches(10)).fired == []


def test_negative_threshold_is_rejected_naming_the_key() -> None:
    with pytest.raises(ValueError, match=r"same_tool\.nudge_at"):
        SameTool(SameToolConfig(nudge_at=-1))


def test_rephrased_search_alternating_between_two_stale_answers_fires() -> None:
    """Two canned answers alternating: from the third step on, each is an echo of the tool."""
    answers = ("No results found.", "Did you mean: atlantic?")
    script = [step(call("search", {"q": REPHRASINGS[i]}, answers[i % 2])) for i in range(8)]

    result = run(SameTool(), script)

    assert result.findings[6] is not None
    assert result.findings[5] is None
    assert (result.finding(7).count, result.finding(7).first_step) == (6, 2)


PARAPHRASES = (
    "X season 4 test details",
    "X season 4 test",
    "X 'test' season 4",
    "season 4 of X test",
    "X test s4",
)
ORDERS = ((0, 1, 2, 3, 4), (1, 0, 2, 4, 3), (2, 1, 0, 3, 4), (0, 2, 1, 4, 3), (3, 0, 1, 2, 4))


def paraphrased_research(n: int) -> list[StepSpec]:
    """Searches for one query in other words, each followed by a page visit and re-planning."""
    script: list[StepSpec] = []
    for i in range(n):
        script.append(step(call("web_search", {"query": PARAPHRASES[i]}, listing(ORDERS[i], i))))
        script.append(
            step(call("visit_page", {"url": f"https://site{i}.example/p"}, fresh_listing(i)), text="Plan.")
        )
    return script


def test_paraphrased_searches_between_page_visits_fire_at_the_third_echo() -> None:
    result = run(SameTool(), paraphrased_research(4))

    assert [f for f in result.findings[:6] if f is not None] == []
    finding = result.finding(7)
    assert finding.key == "same_tool:echo:web_search:3"
    assert (finding.count, finding.first_step, finding.tool_name) == (3, 3, "web_search")


def test_a_search_that_finds_something_new_starts_the_echoes_over() -> None:
    script = paraphrased_research(3)
    script.insert(4, step(call("web_search", {"query": "another subject"}, fresh_listing(5))))

    assert run(SameTool(), script).fired == []


def test_files_of_one_template_each_patched_after_reading_are_work() -> None:
    """Read a client module, patch it, read the next (modules of one template, near copies):
    each read is acted on. Near miss: the same reads with no change between echo."""
    body = (
        "import requests\n\nclass {name}Client:\n    def __init__(self, token, base_url, timeout=30):\n"
        "        self.s = requests.Session()\n        self.s.headers['Authorization'] = f'Bearer {{token}}'\n"
        "        self.base_url = base_url\n        self.timeout = timeout\n\n"
        "    def get(self, path, **params):\n"
        "        r = self.s.get(self.base_url + path, params=params, timeout=self.timeout)\n"
        "        r.raise_for_status()\n        return r.json()\n"
    )
    names = ("Github", "Jira", "Slack", "Sentry", "Opsgenie")
    reads = [
        step(call("shell", {"command": f"sed -n '1,60p' clients/{n.lower()}.py"}, body.format(name=n)))
        for n in names
    ]
    patches = [
        step(
            call(
                "apply_patch",
                {"patch": f"*** Update File: clients/{n.lower()}.py\n-import requests\n+import httpx"},
                f"Success. Updated the following files:\nM clients/{n.lower()}.py",
            )
        )
        for n in names
    ]

    assert run(SameTool(), [s for pair in zip(reads, patches, strict=True) for s in pair]).fired == []
    assert run(SameTool(), reads).finding(4).count == 3


def test_a_poll_answered_pending_again_and_again_is_waiting() -> None:
    """An approval polled eight times while it says "pending": the identical-call detector's
    patience, not a same-tool streak. Near miss: a finished status asked again is a streak."""
    pending = '{"request_id": "APR-1", "status": "pending", "approver": "marta"}'
    approved = '{"request_id": "APR-1", "status": "approved", "approver": "marta"}'

    assert run(SameTool(), [step(call("approval_status", {"id": "APR-1"}, pending))] * 8).fired == []
    assert (
        run(SameTool(), [step(call("approval_status", {"id": "APR-1"}, approved))] * 6).finding().count == 6
    )


def test_a_search_fan_out_with_new_results_each_time_is_quiet() -> None:
    """The narration repeats ("Let me search for more"), the results do not."""
    script = [
        step(
            call("web_search", {"query": f"subject {i}"}, fresh_listing(i)),
            text="Let me search for more sources.",
        )
        for i in range(6)
    ]

    assert run(SameTool(), script).fired == []


def test_a_task_handed_again_to_a_sub_agent_whose_report_says_the_same_fires() -> None:
    report = (
        "Final answer from the search agent: I searched several sources for the 2019 attendance figures of "
        "the museum and found the annual report, the city statistics portal and a newspaper article. "
        "None of them lists the attendance for 2019 directly; the annual report gives 2018 only."
    )
    tasks = (
        "Find the 2019 attendance of the museum",
        "Find the museum's attendance in 2019",
        "Look up museum attendance 2019",
        "Get 2019 museum visitor numbers",
    )
    script = [
        step(call("search_agent", {"task": task}, report.replace("several", word)), text="Delegating.")
        for task, word in zip(tasks, ("several", "many", "three", "various"), strict=True)
    ]

    assert run(SameTool(), script).finding(4).count == 3


NOTHING_FOUND = (
    "### 1. Task outcome (short version):\nCould not determine {t}.\n### 2. Detailed:\nNone state it.",
    "Report: no exact figure found for {t}. Best sources: an encyclopaedia entry and a timeline.",
    "Here is the final answer from your managed agent: I searched several pages; {t} is not mentioned.",
    "After searching, I could not find {t}. Sources mention the town without the number.",
)


def redelegations(subjects: tuple[str, ...]) -> list[StepSpec]:
    """A manager delegating ``the 1950 population of <subject>`` in other words each time, with
    planning in between; every report says it found nothing, each in another style."""
    briefs = ("Find {t}.", "Search the web for {t} and report it with sources.", "Look up {t}. Be thorough.")
    script: list[StepSpec] = []
    for i, subject in enumerate(subjects):
        task = f"the 1950 population of {subject}"
        brief = briefs[i % len(briefs)].format(t=task)
        script.append(step(call("search_agent", {"task": brief}, NOTHING_FOUND[i % 4].format(t=task))))
        script.append(step(text="The agent did not find it; I will ask again."))
    return script


def test_a_task_re_delegated_whose_reports_all_found_nothing_fires_at_the_third_echo() -> None:
    """Re-delegation with reports in other words: the first is information, the next three say
    the same (found nothing) for the same task: the fourth delegation fires."""
    result = run(SameTool(), redelegations(("Port Ember",) * 4))

    assert [f for f in result.findings[:6] if f is not None] == []
    assert result.finding(7).count == 3


def test_one_question_over_new_subjects_that_each_finds_something_is_quiet() -> None:
    """The healthy fan-out: the same brief for other towns, each report with a figure."""
    script = [
        step(call("search_agent", {"task": f"Find the 1950 population of {town}."}, f"{town}: {n} (census)."))
        for town, n in (("Port Ember", 4120), ("Harbour Vale", 980), ("Kell", 15300), ("Ostmark", 7210))
    ]

    assert run(SameTool(), script).fired == []


def test_long_briefs_re_delegated_whose_reports_restate_one_answer_fire_at_the_third_echo() -> None:
    """Briefs of several sentences (no frame) reworded each time, with planning in between; the
    reports restate one partial answer in other sentences: the fourth delegation fires."""
    script: list[StepSpec] = []
    for brief, report in zip(LONG_BRIEFS, RESTATED_REPORTS, strict=True):
        script.append(step(call("handoff_to_researcher", {"brief": brief}, report)))
        script.append(step(text="The figure is still unconfirmed; I will ask the researcher again."))

    result = run(SameTool(), script)

    assert [f for f in result.findings[:6] if f is not None] == []
    assert result.finding(7).count == 3


SAME_TRAIN = (
    "No connection arrives before 14:00. Earliest: dep 06:58 Wien Hbf, change in Villach, arr 15:47.",
    "Searched OEBB and SZ timetables: the earliest arrival on 2 April is 15:47 (via Villach).",
    "Nothing arrives before 14:00 on 2 April. First arrival 15:47 via Villach.",
    "Checked again: Villach change, arrival 15:47 at the earliest; none before 14:00.",
)


def asked_again(tool: str) -> list[StepSpec]:
    """The same train asked of ``tool`` four times, planning in between, each answer a line
    restating the earliest arrival."""
    script: list[StepSpec] = []
    for i, report in enumerate(SAME_TRAIN):
        task = f"Find a Vienna to Ljubljana train on 2 April arriving before 14:00 (attempt {i + 1})."
        script.append(step(call(tool, {"task": task}, report)))
        script.append(step(text="Not good enough; asking again."))
    return script


def test_a_sub_agent_answering_twice_alike_fires_at_the_third_delegation() -> None:
    """Reports too short for an overlap sketch (a line each) still state figures and names. A
    task a sub-agent answered twice alike (``fingerprint.delegating_tool``) has its answer:
    handing it a third time is the loop, at the second echo."""
    result = run(SameTool(), asked_again("call_subagent"))

    assert [f for f in result.findings[:4] if f is not None] == []
    assert result.finding(5).count == 2


def test_a_task_handed_to_sub_agents_under_other_names_is_one_task() -> None:
    """The same train asked of a researcher, then of a scout, then of the researcher again: the
    scout's report restates the researcher's (sub-agents are one pool of reports,
    ``novelty.facts_key``), and the third hand-off fires, whichever name it went to."""
    reports = (
        ("research_agent", "Earliest: dep 06:58 Wien Hbf, change in Villach, arrival 15:47 Ljubljana."),
        ("scout_agent", "From Wien Hbf at 06:58, a change in Villach, into Ljubljana at 15:47."),
        ("research_agent", "Leave Wien Hbf 06:58, Villach change, Ljubljana 15:47 at the earliest."),
    )
    script = [
        step(call(tool, {"task": f"Vienna to Ljubljana on 2 April before 14:00 (attempt {i})."}, report))
        for i, (tool, report) in enumerate(reports)
    ]

    assert run(SameTool(), script).finding(3).count == 2


def test_a_query_answered_alike_fires_at_the_third_echo() -> None:
    """Near miss: the same answers to a search rephrased: a second rephrasing is still a search
    (the fourth query fires). So is a sub-agent whose reports found nothing: a task not done
    may well be handed again with a better brief."""
    result = run(SameTool(), asked_again("timetable_search"))

    assert [f for f in result.findings[:6] if f is not None] == []
    assert result.finding(7).count == 3


def test_a_task_handed_again_word_for_word_while_its_reports_echo_goes_on_echoing() -> None:
    """One audit handed alternately to two sub-agents: the second report echoes the first, and
    the first sub-agent asked again word for word reports it again: the third hand-off fires.
    Near miss: a search tool queried so is the identical-call detector's."""
    report = "ORT-12: 46 of 47 instruments. Missing: Kocher clamp 14 cm. Sterilisation cycle C-5512 OK."

    def audits(tool: str) -> list[StepSpec]:
        return [
            step(call(tool, {"agent": agent, "task": "Audit tray ORT-12 against its count sheet."}, report))
            for agent in ("tray_auditor", "instrument_checker", "tray_auditor")
        ]

    assert run(SameTool(), audits("delegate")).finding(3).count == 2
    assert run(SameTool(), audits("inventory_search")).fired == []


def test_short_acknowledgements_given_again_do_not_count_as_echoes() -> None:
    """Near miss: "Saved." for each of several rephrased notes states nothing; each may well be
    new work, so no echo is counted however often it comes back."""
    script = [
        step(call("save_note", {"text": f"Reminder {i}: call the supplier about the order"}, "Saved."))
        for i in range(6)
    ]

    assert run(SameTool(), script).fired == []


def test_paraphrases_answered_with_the_same_short_record_fire_at_the_third_echo() -> None:
    """A question bank searched in other words, each time answering the one item it has (a short
    record, no sketch of its own): the same item found again is an echo. Near miss: a target named
    anew answered alike (each repository's pom.xml pins the same version) is a fan-out."""
    item = '{"items": [{"id": "Q-240", "text": "How likely are you to recommend us? (0-10)"}], "total": 1}'
    queries = [
        "net promoter question",
        "recommend us to a friend",
        "likelihood to recommend",
        "nps scale 0-10",
    ]
    searches = [step(call("question_bank.search", {"text": q}, item)) for q in queries]
    pom = "<dependency><artifactId>log4j-core</artifactId><version>2.23.1</version></dependency>"
    repos = [step(call("gh_get_file", {"repo": f"acme/{r}", "path": "pom.xml"}, pom)) for r in "abcde"]

    found = run(SameTool(), searches).finding()
    assert (found.count, found.first_step, found.last_step) == (3, 2, 4)
    assert run(SameTool(), repos).fired == []


def test_paraphrases_answered_with_the_same_rows_fire_at_the_third_echo() -> None:
    """A catalogue searched in other words, each time listing the same codes in another order
    (CSV rows, no sketch, no facts): the same entries found again are echoes. Near miss: files of
    one template read one by one (a target named anew, not asked in words) are a fan-out."""
    rows = ["BBA,Roots,general", "BBAA,Roots - tap root,single", "BBAC,Roots - complex mass,mass"]
    orders = [(0, 1, 2), (0, 2), (1, 0, 2), (2, 0, 1)]
    queries = ["fine root intrusion", "thin roots in pipe", "hair roots joint", "roots fine at joint"]
    searches = [
        step(
            call("catalog_search", {"text": q}, "\n".join(["code,description,extent", *(rows[i] for i in o)]))
        )
        for q, o in zip(queries, orders, strict=True)
    ]
    config = "\n".join(["[server]", "port = 8080", "workers = 4"])
    files = [step(call("read_file", {"path": f"svc-{n}/app.ini"}, config)) for n in "abcde"]

    found = run(SameTool(), searches).finding()
    assert (found.count, found.first_step, found.last_step) == (3, 2, 4)
    assert run(SameTool(), files).fired == []


def typed(*plant_ids: str, found: str = '{"found": false}') -> list[StepSpec]:
    return [step(call("getPlantRecord", {"plantId": p}, found)) for p in plant_ids]


def test_one_id_typed_a_fourth_way_fires_and_a_third_does_not() -> None:
    """Boundary: capitals, a hyphen dropped, a space, a padding zero: the same request typed four
    ways, each answered "not found" in its own words (the id echoed back as typed)."""
    spellings = ("BN-0412", "bn-0412", "BN0412", "BN-412")
    answers = [f'{{"found": false, "plantId": "{p}"}}' for p in spellings]
    script = [
        step(call("getPlantRecord", {"plantId": p}, a)) for p, a in zip(spellings, answers, strict=True)
    ]

    assert run(SameTool(), script[:3]).fired == []
    finding = run(SameTool(), script).finding()
    assert finding.key == "same_tool:spelled:getPlantRecord:1"
    assert (finding.count, finding.first_step, finding.last_step) == (4, 1, 4)


def test_four_ids_typed_once_each_are_a_fan_out() -> None:
    """Near miss: four plants looked up, each not found: other targets, not one typed otherwise."""
    assert run(SameTool(), typed("BN-0412", "BN-0413", "BN-0414", "BN-0415")).fired == []


def test_the_same_spelling_again_is_not_another_way_to_type_it() -> None:
    """A call repeated as it was is the identical-call detector's: three ways typed, one of them
    twice, are three."""
    assert run(SameTool(), typed("BN-0412", "bn-0412", "bn-0412", "BN0412")).fired == []


def test_a_typo_corrected_and_found_is_quiet() -> None:
    """The healthy pattern: the id typed otherwise once or twice until the record is found."""
    script = typed("BN 0412", "bn-0412") + typed("BN-0412", found='{"found": true, "species": "Juniperus"}')

    assert run(SameTool(), script).fired == []


def test_spellings_count_within_a_turn() -> None:
    """A new question starts the count over: two ways typed before it, two after, are no four."""
    script = [*typed("BN-0412", "bn-0412"), USER, *typed("BN0412", "BN-412")]

    assert run(SameTool(), script).fired == []


def test_echoes_at_is_configurable_and_below_two_off() -> None:
    assert run(SameTool(SameToolConfig(echoes_at=2)), paraphrased_research(3)).finding(5).count == 2
    assert run(SameTool(SameToolConfig(echoes_at=1)), paraphrased_research(5)).fired == []


def test_negative_echoes_at_is_rejected_naming_the_key() -> None:
    with pytest.raises(ValueError, match=r"same_tool\.echoes_at"):
        SameTool(SameToolConfig(echoes_at=-1))
