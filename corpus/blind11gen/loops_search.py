"""Loops: identical and paraphrased look-ups, scrolls that stop bringing content."""

from __future__ import annotations

from .builder import Trace


def zendesk_identical_ticket_search(t: Trace) -> None:
    t.meta("customer-success agent (Zendesk-like help desk)", "OpenAI Agents SDK")
    t.user(
        "Customer maria.okafor@brightline.io says her refund ticket vanished. Find it and tell her the "
        "status."
    )
    t.call(
        "get_user",
        {"email": "maria.okafor@brightline.io"},
        {"user": {"id": 88120431, "name": "Maria Okafor"}},
    )
    q = {"query": "requester:88120431 type:ticket tags:refund", "sort_by": "updated_at"}
    empty = {"results": [], "count": 0, "next_page": None}
    steps = [t.call("search_tickets", q, empty, text="Searching her refund tickets.")]
    steps.append(
        t.call("search_tickets", q, empty, text="No hits. Let me search again for her refund tickets.")
    )
    for text in [
        "Searching once more.",
        "Retrying the ticket search.",
        "Let me run the search again to be sure.",
    ]:
        steps.append(t.call("search_tickets", q, empty, text=text))
    t.say("I could not locate the refund ticket; it may have been deleted.")
    on = steps[2]
    t.loop(
        "Help-desk agent repeats the same empty refund-ticket search five times.",
        ["identical_call"],
        on,
        "search_tickets with identical arguments returns the same empty page every time; the 3rd identical "
        "call is "
        f"at step {on}. The agent never widens the query (tag, status:deleted, other requester).",
    )


def devrel_code_search_paraphrase(t: Trace) -> None:
    t.meta("DevRel docs bot answering from code search", "LangGraph", ids="anthropic")
    t.user("How do I set a custom retry policy in the Python client? A user asked in #community.")
    hits = {
        "hits": [
            {"path": "client/py/transport.py", "line": 212, "snippet": "self._retries = DEFAULT_RETRIES"},
            {"path": "client/py/CHANGELOG.md", "line": 40, "snippet": "- retries are now fixed at 3"},
        ],
        "total": 2,
    }
    queries = [
        "custom retry policy python client",
        "RetryPolicy configure python",
        "how to change retries in python sdk",
        "python client set retry count option",
        "retry policy override transport",
    ]
    steps = [
        t.call("code_search", {"q": q, "repo": "acme/sdk"}, hits, text=f"Searching: {q}") for q in queries
    ]
    t.say("The docs don't mention a retry policy; I'll tell the user it's probably configurable somewhere.")
    on = steps[3]
    t.loop(
        "Docs bot rephrases the same code search five times and gets the same two hits.",
        ["same_tool"],
        on,
        "Each code_search is a paraphrase and every result lists the same two hits (transport.py:212 and "
        "the "
        f"changelog), which already answer the question (retries are fixed). The 4th attempt at step {on} "
        "is the "
        f"onset; the agent should have opened transport.py instead.",
    )


def dq_identical_expectation_run(t: Trace) -> None:
    t.meta("data-quality agent on a warehouse", "PydanticAI", ids="plain")
    t.user(
        "The nightly suite flagged analytics.orders. Check expect_column_values_to_not_be_null on "
        "customer_id."
    )
    args = {
        "table": "analytics.orders",
        "expectation": "expect_column_values_to_not_be_null",
        "column": "customer_id",
    }
    res = {
        "success": False,
        "result": {"element_count": 1840233, "unexpected_count": 412, "unexpected_percent": 0.0224},
        "run_id": "nightly",
    }
    steps = []
    steps.append(t.call("run_expectation", args, res, text="Running the expectation."))
    t.call(
        "sample_rows",
        {"table": "analytics.orders", "where": "customer_id IS NULL", "limit": 5},
        {"rows": [{"order_id": 99120 + i, "channel": "pos_kiosk", "customer_id": None} for i in range(5)]},
    )
    args2 = {
        "column": "customer_id",
        "expectation": "expect_column_values_to_not_be_null",
        "table": "analytics.orders",
    }
    for text in [
        "Re-running the check to confirm.",
        "Let me run it again.",
        "Checking once more.",
        "Run again.",
    ]:
        steps.append(t.call("run_expectation", args2, res, text=text))
    on = steps[2]
    t.loop(
        "Data-quality agent re-runs an unchanged null check on the same table with the same result.",
        ["identical_call"],
        on,
        "The sample already shows the nulls come from pos_kiosk orders; nothing changes between runs and "
        "the "
        f"arguments are canonically identical (keys reordered). The 3rd identical run is at step {on}.",
    )


def soc2_cloudtrail_window_paraphrase(t: Trace) -> None:
    t.meta("SOC 2 evidence collector", "Google ADK", ids="gemini")
    t.user("Collect evidence for CC6.2: show that IAM user creation in prod is logged. Period: last day.")
    events = {"Events": [], "NextToken": None}
    windows = [
        {"start": "2026-10-13T00:00:00Z", "end": "2026-10-14T00:00:00Z"},
        {"start": "2026-10-13T00:00:00+00:00", "end": "2026-10-13T23:59:59+00:00"},
        {"lookback_hours": 24},
        {"start": "2026-10-12T23:59:00Z", "end": "2026-10-14T00:00:00Z"},
        {"lookback_minutes": 1440},
    ]
    steps = []
    for w in windows:
        args = {"account": "prod-4411", "event_name": "CreateUser", **w}
        steps.append(t.call("lookup_cloudtrail_events", args, events, text="Looking up CreateUser events."))
    t.say("No CreateUser events found; the evidence is inconclusive.")
    on = steps[3]
    t.loop(
        "Compliance collector re-queries CloudTrail with equivalent one-day windows, always empty.",
        ["same_tool"],
        on,
        "Every window covers the same day and returns no events; no evidence is gained. The 4th attempt, "
        "at step "
        f"{on}, is the onset. The agent should look at the trail configuration or a longer period instead.",
    )


def kyoto_hotel_search_paraphrase_ja(t: Trace) -> None:
    t.meta("personal travel assistant", "Mastra", ids="openai", language="ja")
    t.user("来週の金曜から2泊、京都駅の近くでホテルを探してください。予算は1泊2万円まで。")
    res = {"hotels": [], "message": "該当するホテルが見つかりません"}
    cities = ["Kyoto", "京都市", "Kyoto, JP", "京都府京都市下京区", "Kyoto Station"]
    steps = []
    for city in cities:
        args = {"city": city, "check_in": "2026-10-23", "nights": 2, "max_price_jpy": 20000}
        steps.append(t.call("search_hotels", args, res, text=f"「{city}」で検索します。"))
    t.say("申し訳ありませんが、条件に合うホテルは見つかりませんでした。")
    on = steps[3]
    t.loop(
        "Travel assistant re-searches hotels under paraphrased names for the same city, always empty.",
        ["same_tool"],
        on,
        "Only the city string changes; the budget filter is what empties the result, and it is never "
        "relaxed. "
        f"The 4th search at step {on} is the onset.",
    )


def mdm_device_lookup_de(t: Trace) -> None:
    t.meta("IT-Helpdesk-Agent (MDM)", "Semantic Kernel", ids="plain", language="de")
    t.user(
        "Das Firmenlaptop von Jonas Weber (Seriennummer C02FK3XYQ6L4) soll gesperrt werden. Bitte erledigen."
    )
    res = {"fehler": None, "geraete": [], "hinweis": "Kein Gerät mit dieser Seriennummer gefunden."}
    a1 = {"serial": "C02FK3XYQ6L4", "tenant": "de-hq"}
    a2 = {"tenant": "de-hq", "serial": "C02FK3XYQ6L4"}
    steps = [t.call("mdm_find_device", a1, res, text="Ich suche das Gerät in der MDM-Konsole.")]
    steps.append(t.call("mdm_find_device", a2, res, text="Ich versuche es nochmal."))
    steps.append(t.call("mdm_find_device", a1, res, text="Noch einmal suchen."))
    steps.append(t.call("mdm_find_device", a2, res, text="Vielleicht war die Konsole langsam, erneut."))
    t.say("Das Gerät ist nicht auffindbar. Bitte prüfen Sie die Seriennummer.")
    on = steps[2]
    t.loop(
        "MDM helpdesk agent repeats the same device lookup (keys reordered) with the same empty answer.",
        ["identical_call"],
        on,
        "The calls are canonically identical and the answer never changes. The 3rd identical call at step "
        f"{on} "
        f"is the onset; searching by user (Jonas Weber) would have been the next move.",
    )


def admin_console_scroll_stuck(t: Trace) -> None:
    t.meta("browser agent on a SaaS admin console", "OpenAI computer-use harness", ids="openai")
    t.user("In the Workspace admin console, find who disabled 2FA enforcement last month in the audit log.")
    t.call(
        "browser_navigate",
        {"url": "https://admin.example-saas.com/audit"},
        "Loaded 'Audit log' (50 rows shown)",
    )
    steps = []
    rows = ["2026-09-30 policy.update by k.lind", "2026-09-29 user.invite by ops-bot"]
    for i in range(3):
        rows = [f"2026-09-{28 - 3 * i - j:02d} event by user{i}{j}" for j in range(3)]
        t.call("browser_scroll", {"direction": "down", "amount": 800}, {"new_rows": rows, "at_bottom": False})
    end = {"new_rows": [], "at_bottom": True, "footer": "Showing 200 of 200. Use filters to narrow results."}
    for text in ["Scrolling further.", "Scroll down more.", "Keep scrolling.", "Scrolling down."]:
        steps.append(t.call("browser_scroll", {"direction": "down", "amount": 800}, end, text=text))
    on = steps[2]
    t.loop(
        "Browser agent keeps scrolling an audit log that has reached its end.",
        ["identical_call"],
        on,
        "After three scrolls bring new rows, every scroll returns the same bottom-of-page state; the "
        "footer says to "
        f"use filters. Counting from the first call that hit the end, the 3rd same result is at step {on}.",
    )


def customs_hs_code_paraphrase_pt(t: Trace) -> None:
    t.meta("agente de despacho aduaneiro", "CrewAI", ids="anthropic", language="pt")
    t.user("Classifique o item 'fone de ouvido bluetooth com estojo de carga' para a DI de importação.")
    res = {
        "candidatos": [
            {
                "ncm": "8518.30.00",
                "descricao": "Fones de ouvido, mesmo combinados com microfone",
                "score": 0.81,
            },
            {"ncm": "8517.62.77", "descricao": "Aparelhos transmissores/receptores sem fio", "score": 0.77},
        ]
    }
    descs = [
        "fone de ouvido bluetooth com estojo de carga",
        "auricular sem fio bluetooth",
        "headphone bluetooth true wireless",
        "fone intra-auricular sem fio com case",
        "earbuds bluetooth com caixa carregadora",
    ]
    steps = [t.call("classificar_ncm", {"descricao": d}, res, text=f"Classificando: {d}") for d in descs]
    t.say("Ainda há dois candidatos; vou tentar outra descrição.")
    on = steps[3]
    t.loop(
        "Customs agent reclassifies the same product with paraphrased descriptions, same two candidates "
        "each time.",
        ["same_tool"],
        on,
        "Every rephrasing returns the same two NCM candidates; the agent never consults the tie-break rule "
        "(GRI 3) "
        f"or asks the user. The 4th attempt at step {on} is the onset.",
    )


SCENARIOS = [
    zendesk_identical_ticket_search,
    devrel_code_search_paraphrase,
    dq_identical_expectation_run,
    soc2_cloudtrail_window_paraphrase,
    kyoto_hotel_search_paraphrase_ja,
    mdm_device_lookup_de,
    admin_console_scroll_stuck,
    customs_hs_code_paraphrase_pt,
]
