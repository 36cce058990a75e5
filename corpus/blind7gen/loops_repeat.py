"""Loops: the same call repeated after an empty, unhelpful or failing result, and the same tool called
with trivially varied arguments that bring nothing new."""

from __future__ import annotations

from typing import Any

from blind7gen.builder import Builder, Call, Clock, Scenario, Trace, grid, nth, pretty


def sre_promql_empty_rerun() -> Scenario:
    t = Trace(
        "blind7-loop-sre-promql-empty-rerun",
        "On-call agent triages a PagerDuty incident, then re-runs one PromQL query with a wrong metric name "
        "eight times although every result is an empty matrix.",
        agent="SRE on-call agent (PagerDuty, Grafana, Prometheus, Loki tools)",
        model="gpt-5-mini",
        ids="call",
    )
    clock = Clock("2026-02-17T03:12:40")
    t.system(
        "You are the on-call assistant for the payments platform. Use the tools to investigate; never page "
        "humans yourself. Report findings as: impact, probable cause, recommended action."
    )
    t.user(
        "PD incident Q3KX9T2 just fired (checkout-api 5xx > 2%). Triage it and tell me if we should roll "
        "back."
    )
    t.call(
        "pagerduty_get_incident",
        {"incident_id": "Q3KX9T2", "include": ["alerts", "log_entries"]},
        pretty(
            {
                "incident": {
                    "id": "Q3KX9T2",
                    "title": "[FIRING:1] checkout-api HighErrorRate (5xx ratio > 2% for 5m)",
                    "status": "triggered",
                    "urgency": "high",
                    "service": {"id": "PS1X0AB", "summary": "checkout-api (prod-eu-west-1)"},
                    "created_at": clock.iso(),
                    "alerts": [
                        {
                            "id": "Q0A1ZB4R",
                            "body": {
                                "labels": {"app": "checkout-api", "severity": "page", "cluster": "prod-euw1"},
                                "annotations": {
                                    "summary": "5xx ratio 3.4% over 5m",
                                    "dashboard": "https://grafana.internal/d/checkout-slo",
                                },
                            },
                        }
                    ],
                    "log_entries": [{"type": "trigger_log_entry", "summary": "Triggered through the API"}],
                }
            }
        ),
        text="Pulling the incident details first.",
    )
    t.call(
        "grafana_get_dashboard",
        {"uid": "checkout-slo"},
        pretty(
            {
                "dashboard": {
                    "title": "checkout-api SLO",
                    "panels": [
                        {
                            "title": "5xx ratio",
                            "targets": [
                                {
                                    "expr": 'sum(rate(http_server_requests_seconds_count{app="checkout-api",'
                                    'status=~"5.."}[5m])) / sum(rate(http_server_requests_seconds_count'
                                    '{app="checkout-api"}[5m]))'
                                }
                            ],
                        },
                        {
                            "title": "p99 latency",
                            "targets": [
                                {
                                    "expr": "histogram_quantile(0.99, sum by (le) (rate(http_server_requests_"
                                    'seconds_bucket{app="checkout-api"}[5m])))'
                                }
                            ],
                        },
                        {
                            "title": "DB pool in use",
                            "targets": [{"expr": 'hikaricp_connections_active{app="checkout-api"}'}],
                        },
                    ],
                    "version": 41,
                }
            }
        ),
    )
    lines = []
    for i in range(14):
        clock.tick(7 + i)
        pod = f"checkout-api-7d9f6c5b8-{['x2kqp', 'm8rtl', 'v4nzs'][i % 3]}"
        if i % 4 == 3:
            msg = "WARN  HikariPool-1 - Connection is not available, request timed out after 30000ms."
        else:
            msg = "ERROR o.h.e.j.s.SqlExceptionHelper - Connection reset by peer (payments-db.prod:5432)"
        lines.append(f"{clock.iso()} {pod} {msg}")
    t.call(
        "loki_query_range",
        {"query": '{app="checkout-api"} |= "ERROR" or "WARN"', "since": "30m", "limit": 200},
        "\n".join(lines),
        text="Errors look DB-related. Checking logs.",
    )
    promql = {
        "query": 'sum(rate(http_requests_total{service="checkout-api",code=~"5.."}[5m]))',
        "start": "2026-02-17T02:40:00Z",
        "end": "2026-02-17T03:15:00Z",
        "step": "30s",
    }
    empty = pretty({"status": "success", "data": {"resultType": "matrix", "result": []}})
    texts = [
        "Let me quantify the error rate over the last 35 minutes.",
        "The result is empty. Running the query again.",
        "",
        "Still empty, retrying.",
        "",
        "Retrying the error-rate query.",
        "",
        "",
    ]
    runs = [t.call("prometheus_query_range", dict(promql), empty, text=x) for x in texts]
    t.system("[harness] step budget for this incident exhausted (12/12). The run was stopped.")
    onset = nth(runs, 3)
    return t.loop(
        ["identical_call"],
        onset,
        f"Loop: from step {runs[0]} the agent issues the same prometheus_query_range call (metric "
        f"http_requests_total, label service=) eight times and gets the same empty matrix each time; the "
        "dashboard it read at step 2 shows the real metric name (http_server_requests_seconds_count, "
        "label app=). "
        f"The 3rd identical call with an identical empty result is at step {onset}, the onset. "
        f"The earlier productive triage (incident, dashboard, logs) is not part of the loop.",
    )


def crm_contact_lookup_null() -> Scenario:
    t = Trace(
        "blind7-loop-crm-hubspot-contact-search-empty",
        "Sales CRM agent creates a deal in the first turn, then in the second turn repeats one contact "
        "search "
        "(keys sometimes reordered) that keeps returning zero results.",
        agent="Sales assistant on a HubSpot-like CRM (tool calling)",
        model="claude-sonnet-4-5",
        ids="toolu",
    )
    t.user("Create a deal for Moreau Logistique: 48,000 EUR, stage 'qualified', owner me (Hannah Ortiz).")
    t.call(
        "crm_search_companies",
        {
            "filterGroups": [
                {"filters": [{"propertyName": "name", "operator": "CONTAINS_TOKEN", "value": "Moreau"}]}
            ]
        },
        pretty(
            {
                "total": 1,
                "results": [
                    {
                        "id": "18824051",
                        "properties": {"name": "Moreau Logistique SAS", "domain": "moreau-logistique.fr"},
                    }
                ],
            }
        ),
        text="Looking up the company record.",
    )
    t.call(
        "crm_create_deal",
        {
            "properties": {
                "dealname": "Moreau Logistique - Fleet telematics 2026",
                "amount": "48000",
                "deal_currency_code": "EUR",
                "dealstage": "qualifiedtobuy",
                "pipeline": "default",
                "hubspot_owner_id": "77120",
            },
            "associations": [{"to": {"id": "18824051"}, "types": [{"associationTypeId": 5}]}],
        },
        pretty(
            {
                "id": "31990422871",
                "properties": {"dealstage": "qualifiedtobuy", "amount": "48000"},
                "archived": False,
            }
        ),
    )
    t.say(
        "Done: deal **Moreau Logistique - Fleet telematics 2026** (48,000 EUR, stage Qualified to buy, owner "
        "Hannah Ortiz) is created and associated with Moreau Logistique SAS."
    )
    t.user("Also attach Julien Moreau as the contact. His email is julien.moreau@moreau-logistique.fr")
    filters = [{"propertyName": "email", "operator": "EQ", "value": "julien.moreau@moreau-logistique.fr"}]
    props = ["firstname", "lastname", "email", "company"]
    variants: list[dict[str, Any]] = [
        {"filterGroups": [{"filters": filters}], "properties": props, "limit": 10},
        {"filterGroups": [{"filters": filters}], "properties": props, "limit": 10},
        {"limit": 10, "properties": props, "filterGroups": [{"filters": filters}]},
        {"filterGroups": [{"filters": filters}], "properties": props, "limit": 10},
        {"properties": props, "filterGroups": [{"filters": filters}], "limit": 10},
        {"filterGroups": [{"filters": filters}], "properties": props, "limit": 10},
        {"filterGroups": [{"filters": filters}], "properties": props, "limit": 10},
    ]
    zero = pretty({"total": 0, "results": [], "paging": None})
    runs = [
        t.call("crm_search_contacts", v, zero, text="Searching for the contact." if i == 0 else "")
        for i, v in enumerate(variants)
    ]
    t.user(
        "Hello? Is it stuck? His record might be under j.moreau@ — we imported it from the trade fair list."
    )
    onset = nth(runs, 3)
    return t.loop(
        ["identical_call"],
        onset,
        "Loop in the second user turn: crm_search_contacts with the same email filter is issued seven "
        "times in "
        f"a row (steps {runs[0]}-{runs[-1]}; some calls only reorder the keys, which is canonically the same "
        "call) and every result is total 0. Counting from the second user message, the 3rd identical "
        "call is "
        f"step {onset}, the onset. The first turn (company lookup, deal creation) is productive and ends "
        "with "
        f"an answer.",
    )


def mobile_qa_tap_missing_element() -> Scenario:
    t = Trace(
        "blind7-loop-mobileqa-tap-missing-element",
        "Mobile QA agent on a device farm logs in, the login fails silently, and the agent taps a checkout "
        "button that is not on the screen 25 times with the same NoSuchElement payload.",
        agent="Mobile QA agent driving an Appium device farm",
        model="gemini-2.5-pro",
        ids="fc",
    )
    t.user(
        "Smoke-test build shopapp-4.12.0-rc2 on a Pixel 8 (Android 15): log in with the QA account, add the "
        "first featured item to the cart and reach the payment screen. Screenshot every screen."
    )
    sid = "sess-" + t.hexid(10)
    t.call(
        "devicefarm_start_session",
        {"device": {"model": "Pixel 8", "os": "Android 15"}, "app": "s3://qa-builds/shopapp-4.12.0-rc2.apk"},
        pretty({"session_id": sid, "state": "READY", "appium": "2.11.3", "boot_ms": 41230}),
    )
    login_screen = {
        "activity": ".auth.LoginActivity",
        "elements": [
            {"id": "id/input_email", "class": "EditText", "text": ""},
            {"id": "id/input_password", "class": "EditText", "text": ""},
            {"id": "id/btn_sign_in", "class": "Button", "text": "Sign in"},
            {"id": "id/link_forgot", "class": "TextView", "text": "Forgot password?"},
        ],
        "screenshot": f"s3://qa-artifacts/{sid}/001.png",
    }
    t.call("devicefarm_screenshot", {"session_id": sid}, pretty(login_screen))
    t.act(
        "",
        Call(
            "devicefarm_type",
            {"session_id": sid, "selector": "id/input_email", "text": "qa+android@shopapp.dev"},
            '{"ok": true}',
        ),
        Call(
            "devicefarm_type",
            {"session_id": sid, "selector": "id/input_password", "text": "••••••••"},
            '{"ok": true}',
        ),
    )
    t.call(
        "devicefarm_tap", {"session_id": sid, "selector": "id/btn_sign_in"}, '{"ok": true, "elapsed_ms": 212}'
    )
    after = dict(login_screen)
    after["toast"] = "Something went wrong. Try again later."
    after["screenshot"] = f"s3://qa-artifacts/{sid}/002.png"
    t.call("devicefarm_screenshot", {"session_id": sid}, pretty(after), text="Signed in. Now to the cart.")
    missing = pretty(
        {
            "status": "error",
            "error": "NoSuchElement",
            "message": "An element could not be located on the page using the given search parameters "
            "(id/btn_checkout).",
            "current_activity": ".auth.LoginActivity",
        }
    )
    chatter = [
        "",
        "Retrying the Checkout tap.",
        "",
        "",
        "Checkout tap again.",
        "",
        "",
        "Tapping Checkout once more.",
    ]
    texts = ["Tapping Checkout."] + [chatter[i % len(chatter)] for i in range(24)]
    runs = [
        t.call("devicefarm_tap", {"session_id": sid, "selector": "id/btn_checkout"}, missing, text=x)
        for x in texts
    ]
    t.system("[devicefarm] session idle limit reached; session closed.")
    onset = nth(runs, 3)
    return t.loop(
        ["identical_call", "error_streak"],
        onset,
        f"Loop: the login failed (toast 'Something went wrong', still LoginActivity) but the agent taps "
        f"id/btn_checkout {len(runs)} times with identical arguments; every result is the same "
        "NoSuchElement error "
        f"reported only in the content (is_error false). The 3rd identical failing call is step {onset}, the "
        f"onset (earlier than the 4th failure of the error streak).",
    )


def exec_assistant_freebusy_pt() -> Scenario:
    t = Trace(
        "blind7-loop-exec-assistant-freebusy-empty-pt",
        "Executive assistant (Portuguese) looks for a 45-minute slot for five attendees and repeats the same "
        "free/busy query seven times, saying each time it will check again.",
        agent="Executive assistant with Google Workspace-like calendar and mail tools",
        model="gpt-4.1",
        ids="call",
    )
    t.user(
        "Marca uma reunião de 45 minutos na terça, 10/03, com Rafael, Bianca, Tomás e a Dra. Lúcia para "
        "revisar o orçamento do Q2. Pode ser a qualquer hora entre 9h e 18h."
    )
    people = [
        "rafael.lima@vaxa.com.br",
        "bianca.rocha@vaxa.com.br",
        "tomas.ferraz@vaxa.com.br",
        "lucia.mendes@vaxa.com.br",
        "me",
    ]
    t.call(
        "directory_lookup",
        {"names": ["Rafael", "Bianca", "Tomás", "Lúcia"]},
        pretty(
            {"matches": [{"name": p.split("@")[0].replace(".", " ").title(), "email": p} for p in people[:4]]}
        ),
        text="Vou confirmar os e-mails dos participantes.",
    )
    busy = {
        "calendars": {
            "rafael.lima@vaxa.com.br": {
                "busy": [{"start": "09:00", "end": "12:30"}, {"start": "14:00", "end": "18:00"}]
            },
            "bianca.rocha@vaxa.com.br": {"busy": [{"start": "12:00", "end": "14:30"}]},
            "tomas.ferraz@vaxa.com.br": {"busy": []},
            "lucia.mendes@vaxa.com.br": {"busy": [{"start": "09:00", "end": "10:00"}]},
            "me": {"busy": [{"start": "16:00", "end": "17:00"}]},
        },
        "slots": [],
        "timezone": "America/Sao_Paulo",
    }
    args = {
        "attendees": people,
        "window": {"start": "2026-03-10T09:00:00-03:00", "end": "2026-03-10T18:00:00-03:00"},
        "duration_minutes": 45,
    }
    texts = [
        "Vou verificar a disponibilidade de todos na terça.",
        "Nenhum horário retornou. Vou verificar novamente a disponibilidade de todos.",
        "Vou verificar novamente a disponibilidade de todos na terça.",
        "Ainda sem horários. Vou verificar novamente a disponibilidade.",
        "Vou verificar novamente a disponibilidade de todos na terça-feira.",
        "Vou verificar novamente.",
        "Vou verificar a disponibilidade mais uma vez.",
    ]
    runs = [t.call("calendar_freebusy", dict(args), pretty(busy), text=x) for x in texts]
    t.user("E aí? Se não tiver horário na terça, me diz quais são as opções.")
    onset = nth(runs, 3)
    return t.loop(
        ["identical_call", "narration"],
        onset,
        "Loop: calendar_freebusy is called seven times with identical arguments and gets the identical "
        "answer "
        "(Rafael busy 09:00-12:30 and 14:00-18:00, so no common 45-minute slot exists); each message "
        "restates "
        f"'vou verificar novamente'. The 3rd identical call is step {onset}, the onset (the narration "
        "rule would "
        "fire one step later). A good agent would report that Tuesday has no common slot and propose "
        "another "
        f"day, as the user finally asks.",
    )


def codex_rg_after_productive_phase() -> Scenario:
    t = Trace(
        "blind7-loop-codex-rg-rerun-after-fix",
        "Codex-style coding agent fixes a retry-budget bug with patches and tests, then re-runs the same "
        "ripgrep "
        "search nine times with identical output.",
        agent="Codex CLI-style coding agent (shell + apply_patch)",
        model="gpt-5-codex",
        ids="call",
    )
    wd = "/workspace/ratelimit"

    def sh(cmd: str) -> dict[str, Any]:
        return {"command": ["bash", "-lc", cmd], "workdir": wd, "timeout_ms": 20000}

    t.user(
        "The retry budget in ratelimit/client.py is never refilled after a 429 backoff, so clients give "
        "up too "
        "early. Fix it and make sure every place that touches retry_budget is consistent."
    )
    t.call(
        "shell",
        sh("ls -R src | head -40"),
        "src:\nratelimit\n\nsrc/ratelimit:\n__init__.py\nbackoff.py\nbudget.py\nclient.py\nconfig.py\nmetr"
        "ics.py",
    )
    hits = (
        "src/ratelimit/client.py:41:        self.retry_budget = RetryBudget(cfg.max_retries)\n"
        "src/ratelimit/client.py:88:            if not self.retry_budget.take():\n"
        "src/ratelimit/client.py:97:        self.retry_budget.reset()\n"
        "src/ratelimit/budget.py:12:class RetryBudget:\n"
        "src/ratelimit/metrics.py:23:    gauge.set(client.retry_budget.remaining)\n"
        "src/ratelimit/config.py:30:    retry_budget_refill_s: float = 10.0"
    )
    grep = sh('rg -n "retry_budget" src/ --type py')
    t.call("shell", dict(grep), hits, text="Finding every use of retry_budget.")
    t.call(
        "shell",
        sh("sed -n 1,60p src/ratelimit/budget.py"),
        "import time\n\n\nclass RetryBudget:\n    def __init__(self, capacity: int, refill_s: float = "
        "10.0) -> None:\n"
        "        self.capacity = capacity\n        self.remaining = capacity\n        self.refill_s = "
        "refill_s\n"
        "        self._last = time.monotonic()\n\n    def take(self) -> bool:\n        if self.remaining "
        "<= 0:\n"
        "            return False\n        self.remaining -= 1\n        return True\n\n    def "
        "reset(self) -> None:\n"
        "        self.remaining = self.capacity\n",
    )
    t.call(
        "apply_patch",
        {
            "input": "*** Begin Patch\n*** Update File: src/ratelimit/budget.py\n@@\n     def take(self) "
            "-> bool:\n"
            "+        self._refill()\n         if self.remaining <= 0:\n             return False\n@@\n"
            "+    def _refill(self) -> None:\n+        now = time.monotonic()\n"
            "+        tokens = int((now - self._last) / self.refill_s)\n+        if tokens:\n"
            "+            self.remaining = min(self.capacity, self.remaining + tokens)\n"
            "+            self._last = now\n*** End Patch"
        },
        "Success. Updated the following files:\nM src/ratelimit/budget.py",
        text="RetryBudget never refills; adding a time-based refill in take().",
    )
    t.call(
        "shell",
        sh("python -m pytest -q tests/test_budget.py tests/test_client.py"),
        "..F.....\n=================================== FAILURES ===================================\n"
        "__________________________ test_client_uses_config_refill __________________________\n"
        "    def test_client_uses_config_refill():\n        c = Client(Config(retry_budget_refill_s=2.0))\n"
        ">       assert c.retry_budget.refill_s == 2.0\nE       assert 10.0 == "
        "2.0\n\ntests/test_client.py:57: AssertionError\n"
        "1 failed, 7 passed in 0.41s",
        error=True,
    )
    t.call(
        "apply_patch",
        {
            "input": "*** Begin Patch\n*** Update File: src/ratelimit/client.py\n@@\n-        "
            "self.retry_budget = "
            "RetryBudget(cfg.max_retries)\n+        self.retry_budget = RetryBudget(cfg.max_retries, "
            "refill_s=cfg.retry_budget_refill_s)\n*** End Patch"
        },
        "Success. Updated the following files:\nM src/ratelimit/client.py",
        text="The client ignores the configured refill interval; passing it through.",
    )
    t.call(
        "shell",
        sh("python -m pytest -q tests/test_budget.py tests/test_client.py"),
        "........\n8 passed in 0.38s",
    )
    t.call(
        "shell",
        sh("sed -n 15,35p src/ratelimit/metrics.py"),
        "def export(client: Client, gauge: Gauge) -> None:\n    # remaining is stale until the next take()\n"
        "    gauge.set(client.retry_budget.remaining)\n",
        text="Checking how metrics.py reads the budget.",
    )
    t.call(
        "apply_patch",
        {
            "input": "*** Begin Patch\n*** Update File: src/ratelimit/budget.py\n@@\n+    def "
            "available(self) -> int:\n"
            "+        self._refill()\n+        return self.remaining\n*** Update File: "
            "src/ratelimit/metrics.py\n@@\n"
            "-    # remaining is stale until the next take()\n-    gauge.set(client.retry_budget.remaining)\n"
            "+    gauge.set(client.retry_budget.available())\n*** End Patch"
        },
        "Success. Updated the following files:\nM src/ratelimit/budget.py\nM src/ratelimit/metrics.py",
        text="metrics.py reads `remaining` directly, which is stale now that refill is lazy.",
    )
    last_edit = t.call(
        "apply_patch",
        {
            "input": "*** Begin Patch\n*** Add File: tests/test_budget_refill.py\n+import "
            "itertools\n+from ratelimit.budget "
            "import RetryBudget\n+\n+\n+def test_refills_after_interval(monkeypatch):\n+    clock = "
            "itertools.count(0.0, 5.0)\n"
            "+    monkeypatch.setattr('time.monotonic', lambda: next(clock))\n+    b = RetryBudget(2, "
            "refill_s=10.0)\n"
            "+    assert b.take() and b.take()\n+    assert not b.take()\n+    assert b.available() >= "
            "1\n*** End Patch"
        },
        "Success. Updated the following files:\nA tests/test_budget_refill.py",
        text="Adding a regression test for the refill.",
    )
    green = t.call(
        "shell",
        sh("python -m pytest -q && ruff check src tests"),
        "........................................\n40 passed in 1.12s\nAll checks passed!",
    )
    texts = [
        "Tests pass. Double-checking the remaining call sites.",
        "",
        "Let me re-check the call sites once more.",
        "",
        "",
        "Checking retry_budget usages again.",
        "",
        "",
        "",
    ]
    runs = [t.call("shell", dict(grep), hits, text=x) for x in texts]
    t.system("Conversation interrupted by user (Ctrl-C).")
    onset = nth(runs, 3)
    return t.loop(
        ["identical_call"],
        onset,
        "Loop after a productive phase: the fix (refill in RetryBudget, config passed through, metrics "
        "and a "
        f"regression test) is done and the full suite and ruff pass at step {green}; then the same `rg -n "
        "retry_budget` shell call is run nine times with "
        "byte-identical output. The same search at step 2 does not count: identical runs are counted "
        "from the "
        f"last edit (step {last_edit}), so the 3rd identical run is step {onset}, the onset.",
    )


def bi_sql_limit_tweaks() -> Scenario:
    t = Trace(
        "blind7-loop-bi-sql-trivial-variants",
        "BI agent on a Metabase-like tool keeps re-running one bookings query with cosmetic changes (LIMIT, "
        "case, IN vs =, semicolon) while the fiscal-quarter value it filters on does not exist.",
        agent="BI analyst agent (Metabase-like native query tools)",
        model="claude-sonnet-4-5",
        ids="toolu",
    )
    t.user("What were EMEA net new bookings by product line in 2026-Q1? A small table is fine.")
    t.call(
        "metabase_list_tables",
        {"database_id": 4, "schema": "finance"},
        pretty(
            {"tables": ["finance.bookings", "finance.fx_rates", "finance.product_lines", "finance.regions"]}
        ),
    )
    sample = grid(
        ["booking_id", "region", "product_line", "fiscal_quarter", "booking_type", "amount_usd"],
        [
            ["BK-228101", "EMEA", "Observability", "FY25-Q4", "new", "18400.00"],
            ["BK-228102", "AMER", "Security", "FY25-Q4", "renewal", "91250.00"],
            ["BK-228107", "APAC", "Observability", "FY26-Q1", "expansion", "7300.00"],
        ],
    )
    sampled = t.call(
        "metabase_run_query",
        {"database_id": 4, "native": {"query": "SELECT * FROM finance.bookings LIMIT 3"}},
        sample + "\n(3 rows)",
        text="Sampling the bookings table.",
    )
    cols = ["product_line", "net_new_usd"]
    empty = pretty(
        {"status": "completed", "row_count": 0, "data": {"cols": cols, "rows": []}, "running_time": 212}
    )
    queries = [
        "SELECT product_line, SUM(amount_usd) AS net_new_usd FROM finance.bookings WHERE region = 'EMEA' "
        "AND fiscal_quarter = '2026-Q1' AND booking_type = 'new' GROUP BY product_line ORDER BY 2 DESC "
        "LIMIT 100",
        "SELECT product_line, SUM(amount_usd) AS net_new_usd FROM finance.bookings WHERE region = 'EMEA' "
        "AND fiscal_quarter = '2026-Q1' AND booking_type = 'new' GROUP BY product_line ORDER BY 2 DESC "
        "LIMIT 1000",
        "select product_line, sum(amount_usd) as net_new_usd from finance.bookings where region = 'EMEA' "
        "and fiscal_quarter = '2026-Q1' and booking_type = 'new' group by product_line order by 2 desc",
        "SELECT product_line, SUM(amount_usd) AS net_new_usd FROM finance.bookings WHERE region IN ('EMEA') "
        "AND fiscal_quarter = '2026-Q1' AND booking_type = 'new' GROUP BY product_line ORDER BY 2 DESC;",
        "SELECT product_line,\n       SUM(amount_usd) AS net_new_usd\n  FROM finance.bookings\n WHERE "
        "region = "
        "'EMEA'\n   AND fiscal_quarter = '2026-Q1'\n   AND booking_type = 'new'\n GROUP BY product_line",
        "SELECT b.product_line, SUM(b.amount_usd) AS net_new_usd FROM finance.bookings b WHERE b.region = "
        "'EMEA' "
        "AND b.fiscal_quarter = '2026-Q1' AND b.booking_type = 'new' GROUP BY b.product_line",
        "SELECT product_line, SUM(amount_usd) AS net_new_usd FROM finance.bookings WHERE UPPER(region) = "
        "'EMEA' "
        "AND fiscal_quarter = '2026-Q1' AND booking_type = 'new' GROUP BY product_line LIMIT 500",
        "SELECT product_line, SUM(amount_usd) net_new_usd FROM finance.bookings WHERE region = 'EMEA' AND "
        "fiscal_quarter = '2026-Q1' AND booking_type IN ('new') GROUP BY 1 ORDER BY 2 DESC LIMIT 50",
    ]
    texts = [
        "Querying EMEA net new bookings for 2026-Q1.",
        "No rows; maybe the LIMIT. Raising it.",
        "Trying without the LIMIT.",
        "",
        "Reformatting the query.",
        "",
        "Maybe region casing differs.",
        "",
    ]
    runs = [
        t.call("metabase_run_query", {"database_id": 4, "native": {"query": q}}, empty, text=x)
        for q, x in zip(queries, texts, strict=True)
    ]
    t.say("I couldn't find any EMEA bookings for 2026-Q1. The data may not be loaded yet.")
    onset = nth(runs, 4)
    return t.loop(
        ["same_tool"],
        onset,
        f"Loop: after a useful sample (step {sampled}) that shows fiscal_quarter values like 'FY26-Q1', the "
        f"agent runs the same bookings query eight times with cosmetic changes only (LIMIT, case, IN vs =, "
        f"aliases, whitespace, UPPER(region)); all return 0 rows because '2026-Q1' is never a fiscal_quarter "
        f"value. The 4th attempt (original plus three trivial variants) is step {onset}, the onset. The "
        "final "
        f"answer is wrong, which is what the guard would have saved.",
    )


def logistics_track_variants() -> Scenario:
    t = Trace(
        "blind7-loop-logistics-tracking-number-variants",
        "Dispatch agent tracks a parcel whose label was created minutes ago and keeps re-querying the "
        "carrier "
        "with reformatted tracking numbers and carrier codes, always NOT_FOUND.",
        agent="Logistics dispatch assistant (carrier tracking, TMS tools)",
        model="mistral-large-2",
        ids="seq",
    )
    t.user(
        "Customer ACME-4471 says their replacement pump hasn't moved. Order SO-88213. Where is it and "
        "when does "
        "it arrive?"
    )
    t.call(
        "tms_get_order",
        {"order_id": "SO-88213", "fields": ["status", "shipments", "promised_date"]},
        pretty(
            {
                "order_id": "SO-88213",
                "status": "SHIPPED",
                "promised_date": "2026-03-06",
                "shipments": [
                    {
                        "shipment_id": "SH-550912",
                        "carrier": "UPS",
                        "service": "UPS Ground",
                        "tracking_number": "1Z4A7V320391824410",
                        "label_created_at": "2026-03-03T16:41:07Z",
                        "pickup_window": "2026-03-03T18:00Z/2026-03-03T20:00Z",
                    }
                ],
            }
        ),
    )
    nf = {
        "status": "NOT_FOUND",
        "message": "Tracking information for this shipment is not yet available. Please check back later.",
        "events": [],
    }
    variants: list[tuple[dict[str, Any], str]] = [
        ({"carrier": "ups", "tracking_number": "1Z4A7V320391824410"}, "Checking the UPS tracking."),
        (
            {"carrier": "UPS", "tracking_number": "1Z4A7V320391824410"},
            "Not found. Trying the carrier code in caps.",
        ),
        ({"carrier": "ups", "tracking_number": "1Z 4A7 V32 03 9182 4410"}, "Trying the spaced format."),
        ({"carrier": "ups", "tracking_number": "1z4a7v320391824410"}, ""),
        ({"carrier": "ups_ground", "tracking_number": "1Z4A7V320391824410"}, "Maybe the service-level code."),
        ({"carrier": "ups", "tracking_number": "UPS:1Z4A7V320391824410"}, ""),
        ({"carrier": "ups", "tracking_number": " 1Z4A7V320391824410 "}, ""),
        ({"carrier": "UPS Ground", "tracking_number": "1Z4A7V320391824410"}, "One more format."),
        ({"carrier": "ups", "tracking_number": "1Z-4A7V32-0391824410"}, ""),
    ]
    runs = [t.call("carrier_track", a, pretty(nf), text=x) for a, x in variants]
    t.say("I'm unable to retrieve tracking for this parcel at the moment.")
    onset = nth(runs, 4)
    return t.loop(
        ["same_tool", "error_streak"],
        onset,
        "Loop: the label was created on 2026-03-03 16:41 with a pickup window later that evening, so UPS "
        "has "
        f"no scan yet; the agent re-queries carrier_track nine times with the same number reformatted (case, "
        f"spaces, dashes, prefixes) or the carrier code spelled differently, and every result is the same "
        "NOT_FOUND (reported in the content only). The 4th attempt, which is also the 4th identical "
        "failure, "
        f"is step {onset}, the onset.",
    )


def confluence_version_params() -> Scenario:
    t = Trace(
        "blind7-loop-docs-confluence-version-params",
        "Documentation agent wants yesterday's edit of a runbook and re-fetches the same Confluence page "
        "with "
        "equivalent version/expand parameters, getting the identical version 14 each time.",
        agent="Documentation agent (Confluence-like wiki tools)",
        model="gpt-4o",
        ids="call",
    )
    t.user(
        "Mina updated 'Runbook: Kafka partition rebalancing' yesterday with the new cruise-control steps. "
        "Pull "
        "her newest text and turn it into a checklist for the on-call handbook."
    )
    t.call(
        "confluence_search",
        {"cql": 'space = "SRE" AND title ~ "Kafka partition rebalancing"', "limit": 5},
        pretty(
            {"results": [{"id": "884211", "title": "Runbook: Kafka partition rebalancing", "space": "SRE"}]}
        ),
    )
    body = (
        "<h2>When to rebalance</h2><p>Broker disk skew &gt; 20% or after adding "
        "brokers.</p><h2>Steps</h2><ol>"
        "<li>Announce in #sre-kafka.</li><li>Generate a plan with <code>kafka-reassign-partitions --generate"
        "</code>.</li><li>Throttle to 50 MB/s.</li><li>Execute and verify.</li></ol>"
    )
    page = {
        "id": "884211",
        "status": "current",
        "title": "Runbook: Kafka partition rebalancing",
        "version": {"number": 14, "when": "2025-11-03T09:12:44Z", "by": "Ola Nilsen"},
        "body": {"storage": {"value": body}},
    }
    variants: list[tuple[dict[str, Any], str]] = [
        ({"page_id": "884211"}, "Fetching the page."),
        (
            {"page_id": "884211", "version": "latest"},
            "That's version 14 from November; asking for the latest.",
        ),
        ({"page_id": "884211", "status": "current"}, ""),
        ({"page_id": "884211", "expand": "body.storage,version"}, "Expanding the version info."),
        ({"page_id": "884211", "expand": "version,body.storage"}, ""),
        ({"page_id": "884211", "version": 14}, "Requesting by explicit version number."),
        ({"page_id": "884211", "expand": "body.storage,version", "status": "current"}, ""),
        (
            {"page_id": "884211", "version": "latest", "expand": "version"},
            "Fetching the latest version again.",
        ),
    ]
    runs = [t.call("confluence_get_page", a, pretty(page), text=x) for a, x in variants]
    t.system("[agent] max tool calls for this task reached.")
    onset = nth(runs, 4)
    return t.loop(
        ["same_tool"],
        onset,
        "Loop: the newest edit is not the published version (it is a draft or in the history), but the "
        "agent "
        f"re-fetches page 884211 eight times with equivalent parameters (latest/current/explicit version 14, "
        f"expand lists reordered) and gets the identical version 14 body each time. The 4th attempt is "
        f"step {onset}, the onset. It never looks at the page history or drafts, nor asks the user.",
    )


def healthcare_slots_spelling_de() -> Scenario:
    t = Trace(
        "blind7-loop-healthcare-slots-spelling-de",
        "German-speaking scheduling agent books a cardiology follow-up, then queries the same provider's "
        "slots "
        "with respelled provider ids and visit types; every answer says the provider is absent until May.",
        agent="Clinic scheduling assistant (HIS appointment API, patient portal)",
        model="claude-haiku-4-5",
        ids="toolu",
    )
    t.user(
        "Guten Tag, ich brauche einen Kontrolltermin bei Dr. Weber in der Kardiologie, am liebsten Mitte "
        "April. "
        "Meine Patientennummer ist 7781-2290."
    )
    t.call(
        "his_get_patient",
        {"patient_id": "7781-2290"},
        pretty(
            {
                "patient_id": "7781-2290",
                "name": "Greta Hoffmann",
                "insurance": "AOK Bayern",
                "consent_sms": True,
            }
        ),
        text="Ich schaue mir zuerst Ihre Stammdaten an.",
    )
    t.call(
        "his_check_referral",
        {"patient_id": "7781-2290", "department": "kardiologie"},
        pretty(
            {
                "referral": {"valid_until": "2026-06-30", "issued_by": "Dr. Sommer (Hausarzt)"},
                "status": "valid",
            }
        ),
    )
    absent = pretty(
        {
            "slots": [],
            "provider_status": "absent",
            "absent_until": "2026-05-01",
            "hint": "Use provider 'dr-nguyen-kardio' as deputy during absence.",
        }
    )
    base = {"date_from": "2026-04-13", "date_to": "2026-04-17"}
    variants: list[tuple[dict[str, Any], str]] = [
        (
            {"provider": "dr-weber-kardio", "visit_type": "follow_up"},
            "Ich suche freie Termine bei Dr. Weber.",
        ),
        (
            {"provider": "dr-weber-kardio", "visit_type": "follow-up"},
            "Keine Termine gefunden. Ich versuche es erneut.",
        ),
        ({"provider": "Dr. Weber", "visit_type": "follow_up"}, ""),
        ({"provider": "weber", "visit_type": "Kontrolle"}, "Ich suche noch einmal mit anderer Schreibweise."),
        ({"provider": "dr-weber-kardio", "visit_type": "followup"}, ""),
        ({"provider": "kardiologie-weber", "visit_type": "follow_up"}, "Ich prüfe es noch einmal."),
        ({"provider": "dr-weber-kardio", "visit_type": "Follow Up"}, ""),
    ]
    runs = [t.call("his_find_slots", {**a, **base}, absent, text=x) for a, x in variants]
    t.say(
        "Leider finde ich im Moment keine Termine bei Dr. Weber. Bitte versuchen Sie es später noch einmal."
    )
    onset = nth(runs, 4)
    return t.loop(
        ["same_tool"],
        onset,
        "Loop: every his_find_slots result says Dr. Weber is absent until 2026-05-01 and names a deputy, "
        "yet "
        f"the agent re-queries the same week seven times, only respelling the provider id or the visit type. "
        f"The 4th attempt (original plus three cosmetic variants) is step {onset}, the onset. The patient "
        "gets "
        f"no useful answer; offering the deputy or a date in May would have been progress.",
    )


BUILDERS: list[Builder] = [
    sre_promql_empty_rerun,
    crm_contact_lookup_null,
    mobile_qa_tap_missing_element,
    exec_assistant_freebusy_pt,
    codex_rg_after_productive_phase,
    bi_sql_limit_tweaks,
    logistics_track_variants,
    confluence_version_params,
    healthcare_slots_spelling_de,
]
