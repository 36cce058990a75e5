"""Loops: degenerate replies (with and without tool calls around them) and mixtures: a loop after a
long productive phase, loops inside the second user turn, and repeated parallel batches."""

from __future__ import annotations

from .builder import JSON, Item, Scenario, Trace, jd, nth
from .payloads import pytest_run, serp


def degenerate_final_report() -> Scenario:
    t = Trace(
        "research-degenerate-final-report",
        "Research agent gathers sources well, then its final report collapses into one repeated sentence.",
        loop=True,
        style="research/browsing agent",
        id_style="call",
    )
    t.user("Summarise what field studies say about heat pump performance in cold climates (below -15 °C).")
    t.act(
        "",
        "web_search",
        {"query": "cold climate heat pump field study COP below -15C"},
        serp(
            "cold climate heat pump field study COP below -15C",
            [
                (
                    "Field performance of cold-climate air-source heat pumps in Canada",
                    "https://nrc-publications.example/ccashp-field",
                    "Measured COP of 1.5-2.0 at -20 °C across 12 homes; backup heat ran 6% of hours ...",
                ),
                (
                    "Cold Climate Heat Pump Challenge results",
                    "https://energy.example/ccashp-challenge",
                    "Prototypes kept 100% rated capacity at 5 °F (-15 °C) with COP ≥ 2.1 ...",
                ),
                (
                    "Heat pumps in Norway: 20 years of data",
                    "https://sintef-blog.example/heat-pumps-norway",
                    "Seasonal performance factor 2.7-3.2 in inland climates; defrost losses are "
                    "significant ...",
                ),
            ],
            fmt="markdown",
        ),
    )
    t.act(
        "",
        "fetch_url",
        {"url": "https://nrc-publications.example/ccashp-field"},
        "Field performance of cold-climate air-source heat pumps\n\nAbstract. Twelve occupied homes in "
        "Ottawa and "
        "Québec were monitored over two heating seasons. At outdoor temperatures between -15 °C and -25 "
        "°C the "
        "measured COP ranged from 1.5 to 2.0; electric backup supplied 6% of the delivered heat. "
        "Defrost cycles "
        "accounted for 8-12% of compressor run time below -10 °C ...",
    )
    t.act(
        "",
        "fetch_url",
        {"url": "https://energy.example/ccashp-challenge"},
        "Cold Climate Heat Pump Challenge: field validation\n\nEight manufacturers' units were installed in "
        "homes in Minnesota, Wisconsin and Maine. At 5 °F (-15 °C) units delivered 100% of rated "
        "capacity with a "
        "COP of 2.1-2.4; at -15 °F (-26 °C) capacity fell to 70-80% ...",
    )
    t.act(
        "Adding Nordic data for a third climate.",
        "web_search",
        {"query": "Norway Sweden air source heat pump measured SPF field monitoring"},
        serp(
            "Norway Sweden air source heat pump measured SPF field monitoring",
            [
                (
                    "Heat pumps in Norway: 20 years of data",
                    "https://sintef-blog.example/heat-pumps-norway",
                    "Seasonal performance factor 2.7-3.2 in inland climates ...",
                ),
                (
                    "RISE: field measurements of air-to-water heat pumps",
                    "https://rise.example/ashp-field",
                    "Twenty-two Swedish houses, SPF 2.5-3.1 including defrost and auxiliary heat ...",
                ),
            ],
        ),
    )
    t.act(
        "",
        "fetch_url",
        {"url": "https://rise.example/ashp-field"},
        "Field measurements of air-to-water heat pumps in Swedish single-family houses\n\nSeasonal "
        "performance "
        "factors (SPF4) ranged from 2.5 to 3.1. On days below -15 °C the daily COP fell to 1.6-2.2 and the "
        "immersion heater covered 4-9% of the heat demand ...",
    )
    t.act(
        "",
        "fetch_url",
        {"url": "https://sintef-blog.example/heat-pumps-norway"},
        "Heat pumps in Norway: 20 years of data\n\nAir-to-air units dominate (about 1 million installed). "
        "Measured seasonal factors of 2.7-3.2 inland; cold snaps below -20 °C push COP towards 1.5 ...",
    )
    t.act(
        "",
        "save_note",
        {"text": "Cold-climate COP at -15..-25 °C: 1.5-2.4 across CA/US/SE/NO; backup 4-9% of heat."},
        jd({"saved": True, "id": "n-3"}),
    )
    sentence = "Cold-climate heat pumps keep a COP of about 2 at -15 °C, and backup heat is rarely needed. "
    text = (
        "## Heat pumps below -15 °C: what field studies show\n\n"
        "- **Canada (NRC, 12 homes):** COP 1.5-2.0 between -15 and -25 °C; electric backup supplied ~6% "
        "of heat.\n"
        "- **US Cold Climate Challenge:** full rated capacity at -15 °C with COP 2.1-2.4; 70-80% "
        "capacity at -26 °C.\n"
        "- **Sweden / Norway:** daily COP 1.6-2.2 below -15 °C; seasonal factors 2.5-3.2.\n\n"
        "In summary: " + sentence * 34
    )
    collapse = t.say(text.rstrip())
    return t.loop(
        ["degenerate_text"],
        collapse,
        f"{collapse - 1} productive tool steps, then the final report (step {collapse}) starts well and "
        "collapses "
        "into one "
        "sentence repeated 34 times. Only that reply is degenerate; the guard should stop that generation.",
    )


def degenerate_between_tools() -> Scenario:
    t = Trace(
        "data-degenerate-between-tools",
        "Data agent emits a reply that repeats one figure line dozens of times, then carries on calling "
        "tools.",
        loop=True,
        style="data-analysis agent (Python sandbox)",
        id_style="fc",
    )
    t.user("What was Q1 revenue by region, and which region grew fastest versus Q4?")
    t.act(
        "",
        "run_python",
        {
            "code": "q = df[df.quarter.isin(['2023Q4','2024Q1'])].pivot_table(index='region', "
            "columns='quarter', values='revenue_eur', aggfunc='sum')\nq['growth'] = q['2024Q1'] "
            "/ q['2023Q4'] - 1\nprint(q.round(3))"
        },
        "quarter      2023Q4      2024Q1  growth\nregion                                \nBenelux   "
        "1103220.0   1187431.0   0.076\n"
        "DACH      1490012.0   1512340.0   0.015\nFrance     702118.0    688002.0  -0.020\nNordics    "
        "744980.0    825107.0   0.108",
    )
    line = "Q1 revenue for Nordics was €825,107, up 10.8% on Q4. "
    bad = t.say("Nordics grew fastest. " + line * 40)
    t.act(
        "",
        "run_python",
        {"code": "print(q['2024Q1'].sum(), q['2023Q4'].sum())"},
        "4212880.0 4040330.0",
    )
    t.say("Total Q1 revenue was €4.21M (+4.3% on Q4). Nordics grew fastest (+10.8%), France shrank (-2.0%).")
    return t.loop(
        ["degenerate_text"],
        bad,
        f"The reply at step {bad} collapses into the same sentence repeated 40 times between two otherwise "
        "normal tool calls; that generation is the loop even though the session recovers afterwards.",
    )


def degenerate_reconsider_no_tools() -> Scenario:
    t = Trace(
        "support-degenerate-reconsider",
        "Support bot answer degenerates into 'wait, let me reconsider' repeated, with no tools in the "
        "session.",
        loop=True,
        style="customer-service agent (chat only)",
        id_style="c",
    )
    t.system(
        "You are the help assistant for Freshbox meal kits. Answer from the policy below.\n\nPolicy: "
        "skips must be made "
        "by Wednesday 23:59 for the next week's delivery. Pauses can last up to 8 weeks."
    )
    t.user("If I skip next week on Thursday morning, will I still be charged?")
    t.say("Good question! Let me work through the cut-off for you.")
    unit = "Wait, let me reconsider. The cut-off is Wednesday at 23:59, so Thursday morning is after it. "
    bad = t.say(unit * 30 + "Wait, let me")
    return t.loop(
        ["degenerate_text"],
        bad,
        f"The second reply (step {bad}) repeats the same two sentences 30 times and is cut off mid-phrase. "
        "There are no tool calls at all; the repetition is inside one response.",
    )


def productive_then_identical_tests() -> Scenario:
    t = Trace(
        "productive-then-identical-test-reruns",
        "Long productive coding session ends with the same test command re-run unchanged on one failure.",
        loop=True,
        style="terminal coding agent (Claude Code style)",
        id_style="toolu",
    )
    t.user("Add pagination (limit/offset) to GET /api/projects and make sure the API tests pass.")
    root = "/home/dev/tracker"
    work: list[tuple[str, str, JSON, str, bool]] = [
        (
            "I'll find the handler.",
            "Grep",
            {"pattern": "def list_projects", "path": "src"},
            "src/tracker/api/projects.py:41:def list_projects(request):",
            False,
        ),
        (
            "",
            "Read",
            {"file_path": f"{root}/src/tracker/api/projects.py"},
            "    41→def list_projects(request):\n    42→    rows = "
            "Project.objects.filter(owner=request.user).order_by('-created')\n"
            "    43→    return JsonResponse({'items': [p.to_dict() for p in rows]})\n",
            False,
        ),
        (
            "",
            "Grep",
            {"pattern": "list_projects|/api/projects", "path": "tests"},
            "tests/api/test_projects.py:12:def test_list_projects_returns_own(client, user):\n"
            "tests/api/test_projects.py:25:def test_list_projects_empty(client, user):",
            False,
        ),
        (
            "Adding limit/offset parsing with defaults and a cap.",
            "Edit",
            {
                "file_path": f"{root}/src/tracker/api/projects.py",
                "old_string": "    return JsonResponse({'items': [p.to_dict() for p in rows]})",
                "new_string": "    limit = min(int(request.GET.get('limit', 50)), 200)\n    offset = "
                "int(request.GET.get('offset', 0))\n"
                "    page = rows[offset:offset + limit]\n"
                "    return JsonResponse({'items': [p.to_dict() for p in page], 'total': rows.count(),\n"
                "                         'limit': limit, 'offset': offset})",
            },
            "The file has been updated.",
            False,
        ),
        (
            "",
            "Bash",
            {"command": "pytest tests/api -q", "description": "Run API tests"},
            pytest_run(38, [], seconds=4.12, root=root),
            False,
        ),
        (
            "Now tests for the new parameters.",
            "Edit",
            {
                "file_path": f"{root}/tests/api/test_projects.py",
                "old_string": "def test_list_projects_empty(client, user):",
                "new_string": "def test_list_projects_paginates(client, user, make_projects):\n    "
                "make_projects(user, 7)\n"
                "    r = client.get('/api/projects?limit=3&offset=3')\n    assert [p['name'] for p in "
                "r.json()['items']] == ['p4', 'p3', 'p2']\n"
                "    assert r.json()['total'] == 7\n\n\ndef "
                "test_list_projects_rejects_bad_limit(client, user):\n"
                "    assert client.get('/api/projects?limit=abc').status_code == 400\n\n\ndef "
                "test_list_projects_empty(client, user):",
            },
            "The file has been updated.",
            False,
        ),
        (
            "",
            "Bash",
            {"command": "pytest tests/api -q", "description": "Run API tests"},
            pytest_run(
                39,
                [
                    (
                        "tests/api/test_projects.py::test_list_projects_paginates",
                        "E   fixture 'make_projects' not found",
                    )
                ],
                root=root,
            ),
            True,
        ),
        (
            "I need a make_projects fixture.",
            "Edit",
            {
                "file_path": f"{root}/tests/api/conftest.py",
                "old_string": "@pytest.fixture\ndef user(db):",
                "new_string": "@pytest.fixture\ndef make_projects(db):\n    def make(owner, n):\n"
                "        return [Project.objects.create(owner=owner, name=f'p{i}') for i in range(1, n "
                "+ 1)]\n    return make\n\n\n@pytest.fixture\ndef user(db):",
            },
            "The file has been updated.",
            False,
        ),
    ]
    more: list[tuple[str, str, JSON, str, bool]] = [
        (
            "Before adding the fixture: other list endpoints may already parse these parameters.",
            "Grep",
            {"pattern": "def parse_int_param|request.GET.get\\('limit'", "path": "src"},
            "src/tracker/api/tasks.py:18:    limit = parse_int_param(request, 'limit', default=50, "
            "maximum=200)\n"
            "src/tracker/api/util.py:9:def parse_int_param(request, name, *, default, maximum=None):",
            False,
        ),
        (
            "",
            "Read",
            {"file_path": f"{root}/src/tracker/api/util.py"},
            "     9→def parse_int_param(request, name, *, default, maximum=None):\n"
            "    10→    raw = request.GET.get(name)\n    11→    if raw is None:\n    12→        return "
            "default\n"
            "    13→    value = int(raw)\n    14→    return min(value, maximum) if maximum else value\n",
            False,
        ),
        (
            "There is a helper; I'll use it for consistency with tasks.py.",
            "Edit",
            {
                "file_path": f"{root}/src/tracker/api/projects.py",
                "old_string": "    limit = min(int(request.GET.get('limit', 50)), 200)\n"
                "    offset = int(request.GET.get('offset', 0))",
                "new_string": "    limit = parse_int_param(request, 'limit', default=50, maximum=200)\n"
                "    offset = parse_int_param(request, 'offset', default=0)",
            },
            "The file has been updated.",
            False,
        ),
        (
            "",
            "Edit",
            {
                "file_path": f"{root}/src/tracker/api/projects.py",
                "old_string": "from django.http import JsonResponse",
                "new_string": "from django.http import JsonResponse\n\nfrom .util import parse_int_param",
            },
            "The file has been updated.",
            False,
        ),
        (
            "Documenting the parameters.",
            "Grep",
            {"pattern": "GET /api/projects", "path": "docs"},
            "docs/api.md:57:### GET /api/projects",
            False,
        ),
        (
            "",
            "Edit",
            {
                "file_path": f"{root}/docs/api.md",
                "old_string": "### GET /api/projects\n",
                "new_string": "### GET /api/projects\n\nQuery parameters: `limit` (default 50, max 200), "
                "`offset` (default 0). The response includes `total`.\n",
            },
            "The file has been updated.",
            False,
        ),
        (
            "",
            "Bash",
            {"command": "ruff check src tests", "description": "Lint"},
            "All checks passed!",
            False,
        ),
    ]
    for text, name, args, content, err in work[:7] + more + work[7:]:
        t.act(text, name, args, content, error=err)
    run: JSON = {"command": "pytest tests/api -q", "description": "Run API tests"}
    fail = pytest_run(
        39,
        [
            (
                "tests/api/test_projects.py::test_list_projects_rejects_bad_limit",
                "E   ValueError: invalid literal for int() with base 10: 'abc'\n"
                "src/tracker/api/util.py:13: ValueError",
            )
        ],
        seconds=4.4,
        root=root,
    )
    texts = [
        "",
        "One failure left: bad limits raise. Let me re-run to confirm.",
        "",
        "Running the tests again.",
        "",
        "",
        "",
        "Re-running the API tests.",
        "",
        "",
    ]
    streak = [t.act(text, "Bash", run, fail, error=True) for text in texts]
    t.say("All tests pass except test_list_projects_rejects_bad_limit.")
    onset = nth(streak, 3)
    return t.loop(
        ["identical_call", "error_streak"],
        onset,
        f"{streak[0] - 1} productive steps (search, read, edits, a green run, new tests, a shared helper, "
        "docs, lint, a fixture) and then the same pytest "
        f"command is run {len(streak)} times with no edit in between and the same ValueError each time. "
        "Counting "
        f"from the last edit, step {onset} is the third identical run (the error-streak convention would "
        "fire one "
        "step later).",
    )


def airline_second_turn_loop() -> Scenario:
    t = Trace(
        "airline-later-turn-identical-search",
        "Airline agent handles three user turns well; in the fourth it repeats one empty flight search.",
        loop=True,
        style="customer-service agent (booking tools)",
        id_style="named",
    )
    t.system(
        "You are an airline agent. Tools: get_reservation_details, search_direct_flight, "
        "update_reservation_flights, transfer_to_human_agents."
    )
    t.user("Hi, reservation 8JQ2WX - how many checked bags can I bring?")
    res = jd(
        {
            "reservation_id": "8JQ2WX",
            "user_id": "omar_haddad_4410",
            "cabin": "economy",
            "membership": "silver",
            "flights": [
                {"flight_number": "HAT214", "origin": "BOS", "destination": "ORD", "date": "2024-05-16"}
            ],
            "total_baggages": 1,
            "nonfree_baggages": 0,
        }
    )
    t.act("", "get_reservation_details", {"reservation_id": "8JQ2WX"}, res)
    t.say("As a silver member in economy you can check 2 bags for free; you currently have 1 on the booking.")
    t.user("Please add the second bag then. And can I get travel insurance added?")
    t.act(
        "",
        "update_reservation_baggages",
        {
            "reservation_id": "8JQ2WX",
            "total_baggages": 2,
            "nonfree_baggages": 0,
            "payment_id": "credit_card_5521",
        },
        jd({"reservation_id": "8JQ2WX", "total_baggages": 2, "nonfree_baggages": 0, "charged": 0}),
    )
    t.act(
        "Done - 2 bags, no charge. Checking whether insurance can still be added.",
        "get_policy",
        {"topic": "travel_insurance"},
        "Travel insurance can only be purchased at the time of booking. It costs $30 per passenger and "
        "allows a full refund for health or weather cancellations.",
    )
    t.say(
        "Your second bag is added at no cost. Unfortunately travel insurance can only be bought at "
        "booking time, "
        "so I can't add it now."
    )
    t.user("OK. What's the cancellation rule for my ticket then?")
    t.act(
        "",
        "get_policy",
        {"topic": "cancellation", "cabin": "economy"},
        "Economy tickets can be cancelled for a full refund within 24 hours of booking, or if the airline "
        "cancels the flight. Otherwise changes are allowed; cancellation is refunded as a travel "
        "certificate.",
    )
    t.say(
        "Your booking is older than 24 hours, so a cancellation would be refunded as a travel certificate "
        "unless the airline cancels the flight. Changing flights is allowed."
    )
    t.user("Great. Also, can you move me to an afternoon flight the same day? Something after 2pm.")
    t.act("", "get_reservation_details", {"reservation_id": "8JQ2WX"}, res)
    args = {"origin": "BOS", "destination": "ORD", "date": "2024-05-16", "departure_after": "14:00"}
    texts = [
        "Let me search for afternoon flights.",
        "I didn't get any results; let me search again.",
        "Searching once more.",
        "",
        "Let me try that search again.",
        "",
        "",
        "Searching for afternoon flights on May 16 again.",
        "",
    ]
    same = [t.act(text, "search_direct_flight", args, "[]") for text in texts]
    t.say("I'm sorry, I can't find an afternoon direct flight on May 16.")
    onset = nth(same, 3)
    return t.loop(
        ["identical_call"],
        onset,
        "The first three user turns (bags, insurance, cancellation policy) are clean, and re-reading the "
        "reservation when the flight-change request arrives is normal. In that last turn the same "
        f"search_direct_flight (departure_after 14:00) returns [] {len(same)} times; counting within the "
        f"turn, step {onset} is the third identical search. No one-stop or other-date search is tried.",
    )


def manager_second_turn_redelegation() -> Scenario:
    t = Trace(
        "manager-second-turn-redelegation",
        "Manager delegates well for the US in turn one; for Canada in turn two it re-sends one task "
        "four times.",
        loop=True,
        style="multi-agent manager",
        id_style="call",
    )
    t.user("What are the federal rules on paid sick leave in the US? One paragraph.")
    t.act(
        "I'll have the researcher look this up.",
        "delegate_task",
        {
            "agent": "policy_researcher",
            "task": "Summarise US federal paid sick leave requirements for private employers, with sources.",
        },
        "There is no general federal paid sick leave mandate for private employers. Federal contractors "
        "must provide up to "
        "56 hours/year under Executive Order 13706. The FMLA gives 12 weeks unpaid, job-protected "
        "leave. 18 states + DC "
        "have their own paid sick leave laws. Sources: DOL WHD fact sheets.",
    )
    t.say(
        "The US has no general federal paid sick leave mandate; federal contractors owe up to 56 hours "
        "a year (EO 13706), "
        "and FMLA leave is unpaid. Many states add their own rules."
    )
    t.user("Same question for Canada, please.")
    briefs = [
        "Summarise Canadian federal paid sick leave rules (Canada Labour Code) for federally regulated "
        "employers, with sources.",
        "What does the Canada Labour Code require for paid sick leave in federally regulated "
        "workplaces? Cite sources.",
        "Summarise federal paid sick leave in Canada (Canada Labour Code, federally regulated private "
        "sector). Include sources.",
        "Please re-check: Canada Labour Code paid sick leave for federally regulated employers - "
        "entitlement and accrual.",
    ]
    reports = [
        "Since 1 Dec 2022, federally regulated employees earn up to 10 days of paid sick leave per year "
        "under the Canada "
        "Labour Code: 3 days after 30 days of continuous employment, then 1 day per month, max 10. "
        "Unused days carry over "
        "(max 10). Provinces set their own rules. Source: canada.ca Labour Program.",
        "Canada Labour Code: up to 10 paid sick days a year for federally regulated workers (3 after 30 "
        "days, +1/month). "
        "In force since December 2022. Source: Government of Canada, Labour Program.",
        "Federally regulated employees: 10 days/year paid medical leave (3 days after 30 days' service, "
        "1 more each month). "
        "Effective 2022-12-01. Provincial employers follow provincial law.",
        "Confirmed: ten days of paid sick leave annually under the CLC for the federal private sector; "
        "accrual 3 + 1/month; "
        "carry-over up to 10 days.",
    ]
    texts = [
        "",
        "I'd like a version that cites the exact code section.",
        "",
        "One more check before I answer.",
    ]
    sends = [
        t.act(text, "delegate_task", {"agent": "policy_researcher", "task": b}, r)
        for text, b, r in zip(texts, briefs, reports, strict=True)
    ]
    t.say(
        "Federally regulated employees in Canada get up to 10 paid sick days a year (3 after 30 days, "
        "then 1 per month)."
    )
    onset = nth(sends, 3)
    return t.loop(
        ["same_tool"],
        onset,
        "Turn one delegates the US question once. In turn two the Canada task is delegated four times "
        "with reworded "
        "briefs and every report says the same (10 days, 3 + 1/month, since Dec 2022). Counting within "
        "the turn, "
        f"step {onset} is the third delegation, after two agreeing reports.",
    )


def gemini_repeated_parallel_batch() -> Scenario:
    t = Trace(
        "gemini-repeated-parallel-batch",
        "Gemini-CLI-style agent re-issues the same batch of three file reads turn after turn.",
        loop=True,
        style="terminal coding agent (Gemini CLI style)",
        id_style="named",
    )
    t.user("Why does `npm run build` warn about a circular dependency between store, api and auth?")
    files = {
        "/home/dev/app/src/store/index.ts": "import { api } from '../api';\nimport { session } from "
        "'../auth/session';\n\nexport const store = createStore({ "
        "api, session });\n",
        "/home/dev/app/src/api/index.ts": "import { store } from '../store';\n\nexport const api = "
        "createClient({ getToken: () => store.getState().token });\n",
        "/home/dev/app/src/auth/session.ts": "import { api } from '../api';\n\nexport const session = { "
        "refresh: () => api.post('/auth/refresh') };\n",
    }
    t.act(
        "",
        "run_shell_command",
        {
            "command": "npm run build 2>&1 | grep -i circular",
            "description": "Show the circular dependency warning",
        },
        "Command: npm run build 2>&1 | grep -i circular\nDirectory: (root)\nStdout: (!) Circular dependency\n"
        "src/store/index.ts -> src/api/index.ts -> src/store/index.ts\nsrc/store/index.ts -> "
        "src/auth/session.ts -> src/api/index.ts -> src/store/index.ts\n"
        "Stderr: (empty)\nError: (none)\nExit Code: 0",
    )
    items: list[Item] = [("read_file", {"absolute_path": p}, c, False) for p, c in files.items()]
    texts = ["Reading the three modules.", "", "Let me look at these files again.", "", "", ""]
    batches = [t.batch(text, items) for text in texts]
    t.say("store imports api, and api imports store to read the token: that is the cycle.")
    onset = nth(batches, 3)
    return t.loop(
        ["identical_call"],
        onset,
        f"The same batch of three read_file calls is issued in {len(batches)} consecutive turns and "
        "returns the same "
        f"contents each time. Counting a repeated batch as one repeated call, step {onset} issues it for "
        "the third time.",
    )
