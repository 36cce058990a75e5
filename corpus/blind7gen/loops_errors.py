"""Loops: failure streaks under changing inputs (auth, missing module, wrong resource names, type errors)
and schema misuse retried with trivial changes."""

from __future__ import annotations

from typing import Any

from blind7gen.builder import Builder, Call, Scenario, Trace, nth, pretty


def siem_auth_expired() -> Scenario:
    t = Trace(
        "blind7-loop-security-siem-session-expired",
        "Security triage agent enriches an EDR alert, isolates the host and opens an IR ticket, then runs "
        "eight "
        "different SIEM searches that all fail with the same 401 'Session is not logged in'.",
        agent="SOC triage agent (EDR, threat intel, Splunk-like SIEM)",
        model="gpt-5",
        ids="call",
    )
    t.system(
        "You are a tier-1 SOC analyst assistant. Close false positives, escalate true positives with "
        "evidence."
    )
    t.user("Triage EDR alert 55120: rundll32 spawning from Outlook on WS-4471.")
    t.call(
        "edr_get_alert",
        {"alert_id": 55120},
        pretty(
            {
                "alert_id": 55120,
                "host": "WS-4471",
                "user": "CORP\\m.kowalski",
                "severity": "high",
                "rule": "Office app spawning LOLBin",
                "process_tree": [
                    {"pid": 4120, "image": "OUTLOOK.EXE"},
                    {
                        "pid": 7736,
                        "image": "rundll32.exe",
                        "cmdline": "rundll32.exe C:\\Users\\mko\\AppData\\Local\\Temp\\inv_8821.dll,Start",
                    },
                ],
                "sha256": "9f2c6d0e5a0b6c4f1e3b0ad2f4d3a1c9b8e7f6a5d4c3b2a1908f7e6d5c4b3a29",
            }
        ),
    )
    t.call(
        "ti_lookup",
        {"indicator": "9f2c6d0e5a0b6c4f1e3b0ad2f4d3a1c9b8e7f6a5d4c3b2a1908f7e6d5c4b3a29", "type": "sha256"},
        pretty(
            {
                "verdict": "malicious",
                "detections": "41/72",
                "family": "IcedID loader",
                "first_seen": "2026-01-28",
                "related_domains": ["cdn-invoices-secure.com", "update-msoffice365.net"],
            }
        ),
        text="Looking up the hash.",
    )
    intel = [
        (
            "cdn-invoices-secure.com",
            "domain",
            {
                "verdict": "malicious",
                "registered": "2026-01-26",
                "registrar": "NameSilo",
                "resolves_to": ["185.225.74.19"],
            },
        ),
        (
            "update-msoffice365.net",
            "domain",
            {
                "verdict": "malicious",
                "registered": "2026-01-27",
                "resolves_to": ["185.225.74.19", "45.138.16.201"],
            },
        ),
        (
            "185.225.74.19",
            "ip",
            {"verdict": "malicious", "asn": "AS215540", "country": "NL", "tags": ["icedid-c2"]},
        ),
        (
            "45.138.16.201",
            "ip",
            {"verdict": "suspicious", "asn": "AS209588", "country": "RO", "tags": ["bulletproof-hosting"]},
        ),
    ]
    for value, kind, verdict in intel:
        t.call(
            "ti_lookup",
            {"indicator": value, "type": kind},
            pretty(verdict),
            text="" if kind == "ip" else f"Enriching {value}.",
        )
    t.call(
        "sandbox_get_report",
        {"sha256": "9f2c6d0e5a0b6c4f1e3b0ad2f4d3a1c9b8e7f6a5d4c3b2a1908f7e6d5c4b3a29"},
        pretty(
            {
                "score": 96,
                "behaviors": [
                    "persistence: scheduled task 'OfficeUpdater'",
                    "c2: HTTPS to 185.225.74.19:443",
                    "discovery: nltest /domain_trusts",
                ],
                "dropped": ["C:\\ProgramData\\{8F1C}\\lic.dat"],
            }
        ),
    )
    t.call(
        "edr_get_host",
        {"host": "WS-4471"},
        pretty(
            {
                "host": "WS-4471",
                "os": "Windows 11 23H2",
                "last_seen": "2026-02-03T09:14:22Z",
                "isolation": "none",
                "owner": "m.kowalski",
            }
        ),
    )
    t.call(
        "edr_isolate_host",
        {"host": "WS-4471", "comment": "IcedID loader executed from Outlook (alert 55120)"},
        pretty({"host": "WS-4471", "isolation": "pending", "request_id": "iso-88123"}),
        text="Isolating WS-4471 while I scope.",
    )
    t.call(
        "edr_get_host",
        {"host": "WS-4471"},
        pretty(
            {
                "host": "WS-4471",
                "os": "Windows 11 23H2",
                "last_seen": "2026-02-03T09:15:40Z",
                "isolation": "isolated",
                "owner": "m.kowalski",
            }
        ),
    )
    t.call(
        "ticket_create",
        {
            "queue": "SOC-IR",
            "title": "IcedID execution on WS-4471",
            "severity": "high",
            "body": "Alert 55120. Hash 9f2c6d0e… (IcedID, 41/72). C2 185.225.74.19. Host isolated "
            "(iso-88123). Scoping in progress.",
        },
        pretty({"key": "IR-2291", "status": "open"}),
    )
    denied = 'HTTP 401 Unauthorized\n{"messages":[{"type":"ERROR","text":"Session is not logged in."}]}'
    searches = [
        ('index=edr sha256="9f2c6d0e5a0b*" | stats count by host', "-7d"),
        (
            'index=edr process_name="rundll32.exe" parent_process_name="OUTLOOK.EXE" | stats count by host',
            "-7d",
        ),
        (
            'index=proxy (dest_host="cdn-invoices-secure.com" OR dest_host="update-msoffice365.net") | '
            "stats count by src_ip",
            "-7d",
        ),
        ('index=proxy dest_host="cdn-invoices-secure.com" | table _time src_ip user', "-24h"),
        (
            'index=email subject="*invoice*" recipient="m.kowalski@corp.example" | table _time sender '
            "subject",
            "-3d",
        ),
        ('index=edr host="WS-4471" | stats count by process_name', "-24h"),
        ('index=wineventlog host="WS-4471" EventCode=4624 | table _time user logon_type', "-24h"),
        ('search index=* "inv_8821.dll"', "-30d"),
    ]
    texts = [
        "Searching EDR telemetry fleet-wide for the hash.",
        "Auth error; trying a narrower search.",
        "Pivoting to proxy logs for the C2 domains.",
        "",
        "Checking the phishing email instead.",
        "",
        "",
        "Last attempt with a broad search.",
    ]
    runs = [
        t.call(
            "siem_search",
            {"query": q, "earliest": e, "latest": "now", "max_results": 500},
            denied,
            error=True,
            text=x,
        )
        for (q, e), x in zip(searches, texts, strict=True)
    ]
    t.say(
        "Escalating: WS-4471 executed an IcedID loader from an Outlook attachment. I could not scope "
        "other hosts "
        "because SIEM searches fail."
    )
    onset = nth(runs, 4)
    return t.loop(
        ["error_streak"],
        onset,
        f"Loop: after a long productive phase (EDR alert, threat intel on the hash, domains and IPs, sandbox "
        f"report, host isolation, IR ticket) every siem_search from step "
        f"{runs[0]} fails with the same HTTP 401 'Session is not logged in', whatever the query, index or "
        "time "
        f"range; the agent changes the query eight times instead of reporting the expired session. The 4th "
        f"failure of the same kind is step {onset}, the onset.",
    )


def tutor_missing_module_ko() -> Scenario:
    t = Trace(
        "blind7-loop-tutor-sympy-missing-ko",
        "Korean-speaking math tutor with a sandboxed Python tool rewrites its code seven times, each version "
        "still importing sympy, which the sandbox does not have.",
        agent="Tutoring agent with a code-execution sandbox",
        model="gpt-4.1-mini",
        ids="call",
    )
    t.user("이차방정식 2x² - 3x - 5 = 0 을 풀고, 근의 공식으로 푸는 과정을 코드로 보여 주세요.")
    t.say(
        "좋아요! 먼저 근의 공식을 정리해 볼게요: x = (-b ± √(b² - 4ac)) / 2a 입니다. 여기서 a = 2, b = -3, "
        "c = -5 이에요. 이제 코드로 확인해 보겠습니다."
    )
    codes = [
        "from sympy import symbols, solve\nx = symbols('x')\nprint(solve(2*x**2 - 3*x - 5, x))",
        "import sympy as sp\nx = sp.Symbol('x')\nprint(sp.solve(sp.Eq(2*x**2 - 3*x - 5, 0), x))",
        "from sympy.solvers import solve\nfrom sympy import Symbol\nx = "
        "Symbol('x')\nprint(solve(2*x**2-3*x-5))",
        "import sympy\nx = sympy.symbols('x')\nexpr = 2*x**2 - 3*x - 5\nprint(sympy.factor(expr), "
        "sympy.roots(expr))",
        "from sympy import *\nx = symbols('x')\nprint(nsolve(2*x**2 - 3*x - 5, x, 2))",
        "import math\nimport sympy as sp\na, b, c = 2, -3, -5\nd = b*b - 4*a*c\nprint(sp.sqrt(d), "
        "(-b+math.sqrt(d))/(2*a))",
        "from sympy import Rational, sqrt\na, b, c = 2, -3, -5\nprint((-b + sqrt(b**2-4*a*c)) / (2*a))",
    ]
    first_lines = [c.splitlines()[0] for c in codes]
    texts = [
        "sympy로 방정식을 풀어 보겠습니다.",
        "모듈 오류가 났네요. 다른 방식으로 불러와 보겠습니다.",
        "다시 시도해 보겠습니다.",
        "",
        "이번에는 다른 함수로 해 볼게요.",
        "",
        "한 번 더 실행해 보겠습니다.",
    ]
    runs = []
    for code, first, x in zip(codes, first_lines, texts, strict=True):
        tb = (
            'Traceback (most recent call last):\n  File "<cell>", line 1, in <module>\n'
            f"    {first}\nModuleNotFoundError: No module named 'sympy'"
        )
        runs.append(t.call("run_python", {"code": code, "timeout_s": 10}, tb, error=True, text=x))
    t.user("코드가 계속 안 되는 것 같아요… 그냥 답만 알려 줄 수 있어요?")
    onset = nth(runs, 4)
    return t.loop(
        ["error_streak"],
        onset,
        "Loop: seven run_python calls with different code all fail with ModuleNotFoundError: No module "
        "named "
        "'sympy'; each rewrite changes the import style but keeps sympy, although plain arithmetic "
        "(math.sqrt) "
        f"would do. The 4th failure of the same kind is step {onset}, the onset. The student ends up "
        "asking for "
        f"the answer (x = 2.5 or x = -1).",
    )


def gov_form_date_validation_de() -> Scenario:
    t = Trace(
        "blind7-loop-browser-gov-form-date-format",
        "Browser agent fills a German residents' parking permit form; the submit page keeps rejecting the "
        "ISO date, and the agent changes every other field instead.",
        agent="Browser-use style web agent (Playwright actions)",
        model="claude-sonnet-4-5",
        ids="toolu",
    )
    t.user(
        "Beantrage für mich den Bewohnerparkausweis (Zone 14) online bei der Stadt. Kennzeichen M-KL 4821, "
        "Anschrift Leopoldstraße 112, 80804 München, gültig ab 1. März 2026. Meine Daten hast du im Profil."
    )
    url = "https://stadt.muenchen.de/buergerservice/bewohnerparken/antrag"
    t.call(
        "browser_navigate",
        {"url": url},
        "Page: 'Bewohnerparkausweis beantragen – Schritt 2 von 3: Fahrzeug und Gültigkeit'\nForm fields: "
        "#kennzeichen (text), #zone (select), #strasse (text), #plz (text), #gueltig_ab (text, placeholder "
        "'TT.MM.JJJJ'), #halter_ist_antragsteller (checkbox, checked)\nButtons: 'Zurück', 'Weiter'",
    )
    t.act(
        "Ich fülle die Felder aus.",
        Call("browser_fill", {"selector": "#kennzeichen", "value": "M-KL 4821"}, "filled"),
        Call("browser_select", {"selector": "#zone", "value": "14"}, "selected '14 – Schwabing-West'"),
        Call("browser_fill", {"selector": "#strasse", "value": "Leopoldstraße 112"}, "filled"),
        Call("browser_fill", {"selector": "#plz", "value": "80804"}, "filled"),
        Call("browser_fill", {"selector": "#gueltig_ab", "value": "2026-03-01"}, "filled"),
    )

    def err_page(extra: str) -> str:
        return (
            "<html><head><title>Bewohnerparkausweis – Fehler</title></head><body><main>"
            '<div class="alert alert-danger" role="alert"><h2>Bitte korrigieren Sie Ihre Eingaben</h2><ul>'
            '<li><a href="#gueltig_ab">Gültig ab: Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ '
            "ein."
            f'</a></li></ul></div>{extra}<form id="antrag">…</form></main></body></html>'
        )

    changes: list[tuple[list[Call], str]] = [
        ([], "Absenden."),
        (
            [Call("browser_fill", {"selector": "#kennzeichen", "value": "M KL 4821"}, "filled")],
            "Vielleicht stört das Kennzeichenformat.",
        ),
        ([Call("browser_fill", {"selector": "#plz", "value": " 80804"}, "filled")], ""),
        (
            [Call("browser_fill", {"selector": "#strasse", "value": "Leopoldstr. 112"}, "filled")],
            "Ich kürze die Straße.",
        ),
        (
            [
                Call(
                    "browser_select",
                    {"selector": "#zone", "value": "14a"},
                    "selected '14a – Schwabing-West Nord'",
                )
            ],
            "",
        ),
        (
            [Call("browser_fill", {"selector": "#kennzeichen", "value": "MKL4821"}, "filled")],
            "Noch ein Versuch mit dem Kennzeichen.",
        ),
        ([Call("browser_check", {"selector": "#halter_ist_antragsteller", "checked": True}, "checked")], ""),
        ([Call("browser_fill", {"selector": "#strasse", "value": "Leopoldstraße 112 "}, "filled")], ""),
    ]
    submits = []
    for i, (fills, x) in enumerate(changes):
        extra = "" if i == 0 else f"<!-- attempt {i + 1} -->"
        submit = Call("browser_click", {"selector": "button:has-text('Weiter')"}, err_page(extra))
        submits.append(t.act(x, *fills, submit))
    t.system("[browser-use] Stopping: max_steps=14 reached.")
    onset = nth(submits, 4)
    return t.loop(
        ["error_streak"],
        onset,
        "Loop: every click on 'Weiter' returns the same validation page (HTTP 200 HTML, is_error false) "
        "saying "
        "the 'Gültig ab' date must be TT.MM.JJJJ; the agent changes the plate, postcode, street and zone "
        "in turn "
        f"but never the date it entered as 2026-03-01. The submit that yields the 4th identical rejection is "
        f"step {onset}, the onset.",
    )


def finance_sheet_range_guesses() -> Scenario:
    t = Trace(
        "blind7-loop-finance-sheet-name-guesses",
        "Month-end close agent guesses sheet names for the GL detail tab ten times; each range fails to "
        "parse "
        "and it never lists the spreadsheet's sheets.",
        agent="Finance close agent (Google Sheets API, ERP exports)",
        model="gemini-2.5-flash",
        ids="fc",
    )
    t.user(
        "Reconcile the February accrued expenses: compare the accruals tab in the close workbook with GL "
        "detail "
        "for account 2150 and list differences over 500 EUR."
    )
    wb = "1Q3vXk8rTz-close-2026-02"
    t.call(
        "sheets_read_range",
        {"spreadsheet_id": wb, "range": "'Accruals'!A1:F80"},
        pretty(
            {
                "range": "'Accruals'!A1:F80",
                "values": [
                    ["Vendor", "PO", "Description", "Account", "Accrued EUR", "Owner"],
                    ["Kessler Facility GmbH", "PO-7712", "Cleaning Feb", "2150", "4,820.00", "ops"],
                    ["Datapoint AG", "PO-7740", "Consulting Feb", "2150", "18,000.00", "it"],
                    ["Nordlicht Energie", "", "Electricity Feb (est.)", "2150", "6,315.40", "ops"],
                ],
            }
        ),
    )
    guesses = [
        "'GL Detail'!A1:H400",
        "'GL_Detail'!A1:H400",
        "'GL-Detail'!A1:H400",
        "'General Ledger'!A1:H400",
        "'GL Detail Feb'!A1:H400",
        "'GL detail'!A1:H400",
        "'Sheet1'!A1:H400",
        "'GL'!A1:H400",
        "'Ledger Detail'!A1:H400",
        "'GL Detail (Feb 2026)'!A1:H400",
    ]
    texts = [
        "Reading GL detail.",
        "Range error; trying the underscore name.",
        "",
        "",
        "Maybe it is per month.",
        "",
        "",
        "",
        "",
        "",
    ]
    runs = []
    for g, x in zip(guesses, texts, strict=True):
        err = pretty(
            {"error": {"code": 400, "message": f"Unable to parse range: {g}", "status": "INVALID_ARGUMENT"}}
        )
        runs.append(t.call("sheets_read_range", {"spreadsheet_id": wb, "range": g}, err, error=True, text=x))
    t.say("I can't find the GL detail tab in the close workbook. Could you share its exact name?")
    onset = nth(runs, 4)
    return t.loop(
        ["error_streak"],
        onset,
        f"Loop: ten sheets_read_range calls with guessed tab names all fail with 400 'Unable to parse range' "
        "(the tab does not exist under those names); the agent never calls a metadata or list-sheets "
        "tool. The "
        f"4th failure of the same kind is step {onset}, the onset; the question it finally asks could "
        "have come "
        f"right after the second or third failure.",
    )


def swe_agent_typeerror_edits() -> Scenario:
    t = Trace(
        "blind7-loop-swe-agent-same-typeerror-after-edits",
        "SWE-agent style run reproduces a TypeError, then makes seven edits in the wrong function; every "
        "rerun "
        "of the reproduction prints the identical traceback.",
        agent="SWE-agent style (bash + str_replace_editor)",
        model="claude-3-7-sonnet",
        ids="toolu",
    )
    t.user(
        "<issue>\n`invoice.total()` raises TypeError when a line item has no discount (discount=None). "
        "Expected: "
        "treat missing discount as 0.\n</issue>\nFix the issue in /repo. Do not modify tests."
    )
    t.call(
        "bash",
        {"command": 'grep -rn "def total\\|def line_amount\\|discount" /repo/billing | head -20'},
        "/repo/billing/invoice.py:18:    def total(self) -> Decimal:\n/repo/billing/invoice.py:19:        "
        "return "
        "sum(line_amount(li) for li in self.items)\n/repo/billing/lines.py:9:def line_amount(li: "
        "LineItem) -> "
        "Decimal:\n/repo/billing/lines.py:10:    base = li.unit_price * "
        "li.qty\n/repo/billing/lines.py:11:    "
        "return base - base * li.discount / 100\n/repo/billing/models.py:14:    discount: Decimal | None "
        "= None",
    )
    repro = (
        "from decimal import Decimal\nfrom billing.invoice import Invoice\nfrom billing.models import "
        "LineItem\n"
        "inv = Invoice(items=[LineItem(unit_price=Decimal('10'), qty=3), "
        "LineItem(unit_price=Decimal('5'), qty=1, "
        "discount=Decimal('10'))])\nprint(inv.total())\n"
    )
    t.call(
        "str_replace_editor",
        {"command": "create", "path": "/repo/reproduce.py", "file_text": repro},
        "File created successfully at: /repo/reproduce.py",
    )
    tb = (
        'Traceback (most recent call last):\n  File "/repo/reproduce.py", line 5, in <module>\n    '
        "print(inv.total())\n"
        '  File "/repo/billing/invoice.py", line 19, in total\n    return sum(line_amount(li) for li in '
        "self.items)\n"
        '  File "/repo/billing/invoice.py", line 19, in <genexpr>\n    return sum(line_amount(li) for li '
        "in self.items)\n"
        '  File "/repo/billing/lines.py", line 11, in line_amount\n    return base - base * li.discount / '
        "100\n"
        "TypeError: unsupported operand type(s) for *: 'decimal.Decimal' and 'NoneType'"
    )
    run_args = {"command": "cd /repo && python reproduce.py"}
    fails = [t.call("bash", dict(run_args), tb, error=True, text="Reproducing.")]
    edits = [
        (
            "/repo/billing/invoice.py",
            "        return sum(line_amount(li) for li in self.items)",
            "        return sum((line_amount(li) for li in self.items), Decimal(0))",
            "The sum needs a Decimal start.",
        ),
        (
            "/repo/billing/models.py",
            "    discount: Decimal | None = None",
            "    discount: Decimal | None = None  # percent",
            "Documenting the field.",
        ),
        (
            "/repo/billing/invoice.py",
            "    def total(self) -> Decimal:",
            "    def total(self) -> Decimal:  # noqa: D401",
            "",
        ),
        (
            "/repo/billing/invoice.py",
            "        return sum((line_amount(li) for li in self.items), Decimal(0))",
            "        items = [li for li in self.items if li is not None]\n        return "
            "sum((line_amount(li) for li in items), Decimal(0))",
            "Filtering None items.",
        ),
        ("/repo/billing/models.py", "from decimal import Decimal", "from decimal import Decimal  # noqa", ""),
        (
            "/repo/billing/invoice.py",
            "        items = [li for li in self.items if li is not None]",
            "        items = [li for li in self.items if li]",
            "Simplifying the filter.",
        ),
        (
            "/repo/billing/invoice.py",
            "from billing.lines import line_amount",
            "from .lines import line_amount",
            "Maybe an import issue.",
        ),
    ]
    for path, old, new, x in edits:
        t.call(
            "str_replace_editor",
            {"command": "str_replace", "path": path, "old_str": old, "new_str": new},
            f"The file {path} has been edited. Review the changes and make sure they are as expected.",
            text=x,
        )
        fails.append(t.call("bash", dict(run_args), tb, error=True))
    t.system("Exit due to cost limit (per_instance_cost_limit=2.00). Autosubmitting the current diff.")
    onset = nth(fails, 4)
    return t.loop(
        ["error_streak"],
        onset,
        "Loop: the traceback points at billing/lines.py line 11 (li.discount is None), but the seven "
        "edits touch "
        "invoice.py and models.py only; every rerun of reproduce.py prints the identical TypeError. "
        "Counting "
        f"the reproduction as the 1st failure, the run that yields the 4th identical failure (after three "
        f"fruitless edits) is step {onset}, the onset. Edit-then-run is normally healthy; here the error "
        "never "
        f"changes and the edits never touch the failing line.",
    )


def dispatch_assign_driver_schema_pt() -> Scenario:
    t = Trace(
        "blind7-loop-dispatch-assign-driver-schema-pt",
        "Portuguese dispatch agent keeps calling assign_driver with renamed driver fields; every call "
        "returns "
        "the same 'driver_id field required' validation error in a success-shaped body.",
        agent="Dispatch copilot for a last-mile delivery TMS",
        model="gpt-4o-mini",
        ids="call",
    )
    t.user("A rota R-2231 (Zona Sul, 38 paradas) está sem motorista. Coloca a Ana Souza nela, por favor.")
    t.call(
        "list_drivers",
        {"depot": "SP-ZS", "shift": "2026-03-05T06:00/14:00", "status": "available"},
        pretty(
            {
                "drivers": [
                    {"driver_id": "DRV-00418", "name": "Ana Souza", "vehicle": "VAN-117", "max_stops": 45},
                    {"driver_id": "DRV-00533", "name": "Caio Martins", "vehicle": "VAN-090", "max_stops": 40},
                ]
            }
        ),
        text="Vou conferir os motoristas disponíveis no turno.",
    )
    err = pretty(
        {
            "ok": False,
            "status": 422,
            "errors": [
                {"loc": ["body", "driver_id"], "msg": "field required", "type": "value_error.missing"}
            ],
        }
    )
    variants: list[tuple[dict[str, Any], str]] = [
        ({"route_id": "R-2231", "driver": "Ana Souza"}, "Atribuindo a Ana Souza à rota R-2231."),
        ({"route_id": "R-2231", "driverId": "DRV-00418"}, "Faltou o campo do motorista. Tentando de novo."),
        ({"route_id": "R-2231", "driver": {"id": "DRV-00418", "name": "Ana Souza"}}, ""),
        ({"route_id": "R-2231", "driver_name": "Ana Souza"}, "Vou tentar pelo nome."),
        ({"route": "R-2231", "driver": "DRV-00418"}, ""),
        ({"route_id": "R-2231", "assignee": "DRV-00418"}, "Tentando outro campo."),
        ({"route_id": "R-2231", "drivers": ["DRV-00418"]}, ""),
        ({"route_id": "R-2231", "driverID": "DRV-00418", "vehicle": "VAN-117"}, "Mais uma tentativa."),
    ]
    runs = [t.call("assign_driver", a, err, text=x) for a, x in variants]
    t.user("??? Já foi?")
    onset = nth(runs, 4)
    return t.loop(
        ["error_streak"],
        onset,
        "Loop: assign_driver answers every call with the same 422 body ('driver_id field required', "
        "is_error "
        "false) and the agent renames the field eight ways (driver, driverId, driver_name, assignee, …) "
        "without "
        f"ever sending driver_id, although list_drivers showed it. The 4th identical validation failure is "
        f"step {onset}, the onset.",
    )


def notion_parent_schema() -> Scenario:
    t = Trace(
        "blind7-loop-docs-notion-parent-validation",
        "Documentation agent drafts a long ADR page and resubmits it to a Notion-like API seven times "
        "with the "
        "parent field reshaped, always failing validation.",
        agent="Documentation agent (Notion-like workspace API)",
        model="claude-opus-4-1",
        ids="toolu",
    )
    t.user(
        "Write up ADR-031 (move session storage from Redis to DynamoDB) from the meeting notes in the "
        "'ADR inbox' "
        "page and publish it under Engineering Wiki › Architecture Decisions."
    )
    t.call(
        "notion_search",
        {"query": "ADR inbox", "filter": {"property": "object", "value": "page"}},
        pretty({"results": [{"id": "9c1e5a2b-0f3d-4b7e-a3c6-2f61f0d1a8e4", "title": "ADR inbox"}]}),
    )
    notes = (
        "Meeting 2026-02-11 – session storage\n- Redis cluster cost 4.2k/month, failover incidents x3 in Q4\n"
        "- DynamoDB on-demand estimate 1.1k/month at current traffic\n- TTL support native; 400KB item "
        "limit OK\n"
        "- Risk: hot partitions for enterprise tenants -> use tenant#shard keys\n- Decision: migrate, "
        "dual-write 2 "
        "weeks, cut over behind flag sessions.dynamo\n- Owner: Priya; review: Tomasz"
    )
    t.call("notion_get_page_content", {"page_id": "9c1e5a2b-0f3d-4b7e-a3c6-2f61f0d1a8e4"}, notes)
    t.call(
        "notion_search",
        {"query": "Architecture Decisions", "filter": {"property": "object", "value": "page"}},
        pretty(
            {
                "results": [
                    {
                        "id": "4f0a77c2-91de-4c1a-8b57-6a3e0b2d9f11",
                        "title": "Architecture Decisions",
                        "parent": "Engineering Wiki",
                    }
                ]
            }
        ),
        text="Finding the parent page.",
    )
    children = [
        {"type": "heading_2", "heading_2": {"rich_text": [{"text": {"content": "Context"}}]}},
        {
            "type": "paragraph",
            "paragraph": {
                "rich_text": [
                    {"text": {"content": "Redis costs 4.2k/month and caused three failover incidents in Q4."}}
                ]
            },
        },
        {"type": "heading_2", "heading_2": {"rich_text": [{"text": {"content": "Decision"}}]}},
        {
            "type": "paragraph",
            "paragraph": {
                "rich_text": [
                    {
                        "text": {
                            "content": "Migrate session storage to DynamoDB on-demand with tenant#shard "
                            "partition keys; dual-write for two weeks, cut over behind the "
                            "sessions.dynamo flag."
                        }
                    }
                ]
            },
        },
        {"type": "heading_2", "heading_2": {"rich_text": [{"text": {"content": "Consequences"}}]}},
        {
            "type": "bulleted_list_item",
            "bulleted_list_item": {
                "rich_text": [{"text": {"content": "Estimated cost 1.1k/month; native TTL."}}]
            },
        },
        {
            "type": "bulleted_list_item",
            "bulleted_list_item": {
                "rich_text": [
                    {
                        "text": {
                            "content": "Hot-partition risk for enterprise tenants mitigated by sharded keys."
                        }
                    }
                ]
            },
        },
    ]
    title = {"title": [{"text": {"content": "ADR-031: Session storage on DynamoDB"}}]}
    parents: list[tuple[Any, str]] = [
        ("Architecture Decisions", "Publishing the ADR."),
        ({"page_name": "Architecture Decisions"}, "The parent must be an object; retrying."),
        ({"id": "4f0a77c2-91de-4c1a-8b57-6a3e0b2d9f11"}, ""),
        ({"type": "page", "page": "4f0a77c2-91de-4c1a-8b57-6a3e0b2d9f11"}, "Trying the typed parent form."),
        ({"database_id": "Architecture Decisions"}, ""),
        ({"page": {"id": "4f0a77c2-91de-4c1a-8b57-6a3e0b2d9f11"}}, ""),
        ({"parent_id": "4f0a77c2-91de-4c1a-8b57-6a3e0b2d9f11"}, "One more variant of the parent."),
    ]
    err = pretty(
        {
            "object": "error",
            "status": 400,
            "code": "validation_error",
            "message": "body failed validation: body.parent.page_id should be defined, instead was "
            "`undefined`.",
        }
    )
    runs = [
        t.call(
            "notion_create_page",
            {"parent": p, "properties": title, "children": children},
            err,
            error=True,
            text=x,
        )
        for p, x in parents
    ]
    t.system("Tool budget exhausted for this request.")
    onset = nth(runs, 4)
    return t.loop(
        ["error_streak"],
        onset,
        "Loop: notion_create_page fails seven times with the same validation_error (body.parent.page_id "
        "should "
        "be defined); the agent reshapes the parent (string, page_name, id, typed page, database_id, "
        "parent_id) "
        f"but never sends page_id, which the message names. The 4th identical failure is step {onset}, the "
        f"onset. The productive research before it (inbox notes, parent page id) is healthy.",
    )


def pagerduty_from_header() -> Scenario:
    t = Trace(
        "blind7-loop-sre-pagerduty-ack-missing-from",
        "On-call agent investigates a Kafka consumer-lag incident productively, then fails to acknowledge it "
        "nine times because it never supplies the required from_email parameter.",
        agent="SRE on-call agent (PagerDuty, Kafka admin, Datadog-like metrics)",
        model="gpt-5-mini",
        ids="call",
    )
    t.user("Incident PX8Z4QD (orders-consumer lag > 50k). Investigate, ack it, and post a status note.")
    t.call(
        "pagerduty_get_incident",
        {"incident_id": "PX8Z4QD"},
        pretty(
            {
                "id": "PX8Z4QD",
                "status": "triggered",
                "title": "orders-consumer lag > 50000",
                "service": "orders-pipeline",
            }
        ),
    )
    t.call(
        "kafka_consumer_group_describe",
        {"cluster": "prod-events", "group": "orders-consumer"},
        "GROUP            TOPIC        PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG    CONSUMER-ID\n"
        "orders-consumer  orders.v3    0          88120311        88171903        51592  -\n"
        "orders-consumer  orders.v3    1          87990122        88043550        53428  -\n"
        "orders-consumer  orders.v3    2          88011876        88062010        50134  -\n"
        "Consumer group 'orders-consumer' has no active members.",
        text="Checking the consumer group.",
    )
    t.call(
        "k8s_get_pods",
        {"namespace": "orders", "selector": "app=orders-consumer"},
        "NAME                               READY   STATUS             RESTARTS   AGE\n"
        "orders-consumer-5c7d9b8f4-7xk2p    0/1     CrashLoopBackOff   14         52m\n"
        "orders-consumer-5c7d9b8f4-qq9zl    0/1     CrashLoopBackOff   14         52m",
    )
    t.call(
        "k8s_logs",
        {"namespace": "orders", "pod": "orders-consumer-5c7d9b8f4-7xk2p", "tail": 20},
        "2026-02-20T01:14:09Z INFO  Starting orders-consumer 3.8.1\n2026-02-20T01:14:10Z ERROR Failed to "
        "load "
        "secret 'orders-db-credentials': secret not found in namespace orders\n2026-02-20T01:14:10Z FATAL "
        "exiting (1)",
    )
    found = t.call(
        "k8s_get_events",
        {"namespace": "orders", "since": "1h"},
        "52m  Normal  ScalingReplicaSet  deployment/orders-consumer  Scaled up replica set "
        "orders-consumer-5c7d9b8f4 to 2\n"
        "53m  Normal  SecretDeleted      secret/orders-db-credentials  deleted by sa:ci-cleanup (job "
        "cleanup-stale-secrets)",
        text="Checking recent events in the namespace.",
    )
    t.call(
        "k8s_get_externalsecret",
        {"namespace": "orders", "name": "orders-db-credentials"},
        pretty(
            {
                "status": {
                    "conditions": [{"type": "Ready", "status": "False", "reason": "SecretDeleted"}],
                    "refreshInterval": "1h",
                    "lastSync": "2026-02-20T00:21:44Z",
                },
                "spec": {"secretStoreRef": "vault-prod", "target": "orders-db-credentials"},
            }
        ),
        text="A CI cleanup job deleted the secret 53 minutes ago. Is it managed by an ExternalSecret?",
    )
    t.call(
        "k8s_annotate",
        {
            "namespace": "orders",
            "kind": "externalsecret",
            "name": "orders-db-credentials",
            "annotations": {"force-sync": "2026-02-20T01:16:30Z"},
        },
        "externalsecret.external-secrets.io/orders-db-credentials annotated",
        text="It is; forcing a re-sync from Vault.",
    )
    t.call(
        "k8s_get_secret",
        {"namespace": "orders", "name": "orders-db-credentials", "show_values": False},
        "NAME                    TYPE     DATA   AGE\norders-db-credentials   Opaque   3      14s",
    )
    t.call(
        "k8s_rollout_restart",
        {"namespace": "orders", "deployment": "orders-consumer"},
        "deployment.apps/orders-consumer restarted",
        text="Secret is back. Restarting the consumer.",
    )
    t.call(
        "k8s_get_pods",
        {"namespace": "orders", "selector": "app=orders-consumer"},
        "NAME                               READY   STATUS    RESTARTS   AGE\n"
        "orders-consumer-6f4b8c9d7-k2v8n    1/1     Running   0          41s\n"
        "orders-consumer-6f4b8c9d7-tz5rq    1/1     Running   0          38s",
    )
    t.call(
        "kafka_consumer_group_describe",
        {"cluster": "prod-events", "group": "orders-consumer"},
        "GROUP            TOPIC        PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG    CONSUMER-ID\n"
        "orders-consumer  orders.v3    0          88150977        88174420        23443  consumer-1-4b1e\n"
        "orders-consumer  orders.v3    1          88020310        88046102        25792  consumer-1-4b1e\n"
        "orders-consumer  orders.v3    2          88040118        88064871        24753  consumer-2-9ac0",
        text="Lag is draining.",
    )
    t.call(
        "ci_get_job",
        {"project": "platform/ci-maintenance", "job": "cleanup-stale-secrets"},
        pretty(
            {
                "schedule": "0 */6 * * *",
                "script": "kubectl delete secret -A -l 'managed-by!=helm' --field-selector type=Opaque "
                "--older-than 90d",
                "last_run": "2026-02-20T00:20:58Z",
                "owner": "platform-team",
            }
        ),
    )
    t.call(
        "ci_pause_schedule",
        {
            "project": "platform/ci-maintenance",
            "job": "cleanup-stale-secrets",
            "reason": "Deleted ExternalSecret-managed secrets (incident PX8Z4QD)",
        },
        pretty({"paused": True}),
        text="Pausing the cleanup job so it cannot delete the secret again.",
    )
    t.call(
        "metrics_query",
        {"query": 'sum(kafka_consumergroup_lag{group="orders-consumer"})', "range": "10m"},
        pretty({"points": [["01:17", 73488], ["01:19", 52110], ["01:21", 28904], ["01:23", 6120]]}),
    )
    t.call(
        "slack_post_message",
        {
            "channel": "#inc-orders",
            "text": "PX8Z4QD: orders-consumer crashed because CI job cleanup-stale-secrets deleted "
            "orders-db-credentials. Secret re-synced from Vault, consumer restarted, lag 73k -> 6k and "
            "falling. "
            "Cleanup job paused; platform-team to fix its selector.",
        },
        pretty({"ok": True, "ts": "1771550601.004200"}),
    )
    err = pretty(
        {
            "error": {
                "message": "Invalid Input Provided",
                "code": 2001,
                "errors": ["A valid From header is required."],
            }
        }
    )
    variants: list[tuple[dict[str, Any], str]] = [
        (
            {"incident_id": "PX8Z4QD", "status": "acknowledged"},
            "Root cause found. Acknowledging the incident.",
        ),
        (
            {"incident_id": "PX8Z4QD", "status": "acknowledged", "requester": "oncall-bot"},
            "Needs a requester; adding one.",
        ),
        ({"incident_id": "PX8Z4QD", "status": "acknowledged", "user_email": "oncall-bot@corp.example"}, ""),
        ({"incident_id": "PX8Z4QD", "status": "ack", "from": "oncall-bot"}, ""),
        (
            {"incident_id": "PX8Z4QD", "status": "acknowledged", "headers": {"From": "oncall-bot"}},
            "Passing the header explicitly.",
        ),
        ({"incident_id": "PX8Z4QD", "status": "acknowledged", "email": "oncall-bot@corp.example"}, ""),
        ({"incident_id": "PX8Z4QD", "status": "acknowledged", "requester_id": "PBOT001"}, ""),
        (
            {"incident_id": "PX8Z4QD", "status": "acknowledged", "From": "oncall-bot@corp.example"},
            "Retrying the ack.",
        ),
        ({"incident_id": "PX8Z4QD", "status": "acknowledged", "assignee": "oncall-bot@corp.example"}, ""),
    ]
    runs = [t.call("pagerduty_update_incident", a, err, error=True, text=x) for a, x in variants]
    t.system("[runner] 15-minute task timeout reached.")
    onset = nth(runs, 4)
    return t.loop(
        ["error_streak"],
        onset,
        f"Loop after a long productive phase (root cause found at step {found}: a CI job deleted the DB "
        "secret; then re-sync, restart, lag draining, job paused, status note posted): the ack fails "
        "nine times with the same 'A valid From header is required' error while "
        "the agent renames the sender parameter (requester, user_email, from, headers, …) and never uses "
        "the "
        f"tool's from_email parameter. The 4th identical failure is step {onset}, the onset.",
    )


def claude_code_edit_mismatch() -> Scenario:
    t = Trace(
        "blind7-loop-claude-code-edit-string-not-found",
        "Claude Code style agent retries an Edit whose old_string never matches the file (tabs vs spaces, "
        "trailing commas), eight times, without re-reading the file.",
        agent="Claude Code style coding agent (Read/Edit/Bash)",
        model="claude-sonnet-4-5",
        ids="toolu",
    )
    t.user(
        "In web/src/api/client.ts, make the request timeout configurable via VITE_API_TIMEOUT_MS (default "
        "15000)."
    )
    content = (
        "     1→import axios from 'axios';\n     2→\n     3→export const api = axios.create({\n"
        "     4→\tbaseURL: import.meta.env.VITE_API_URL,\n     5→\ttimeout: 15000,\n"
        "     6→\theaders: { 'X-Client': 'web' },\n     7→});\n"
    )
    t.call("Read", {"file_path": "/home/dev/app/web/src/api/client.ts"}, content)
    olds = [
        "  baseURL: import.meta.env.VITE_API_URL,\n  timeout: 15000,",
        "    timeout: 15000,",
        "  timeout: 15000,\n  headers: { 'X-Client': 'web' },",
        "timeout: 15000,\n  headers",
        "  baseURL: import.meta.env.VITE_API_URL,\n  timeout: 15000,\n",
        "  timeout:15000,",
        "  timeout: 15_000,",
        "  timeout: 15000, ",
    ]
    texts = [
        "I'll replace the hard-coded timeout.",
        "",
        "Let me adjust the indentation.",
        "",
        "",
        "Retrying with a different match.",
        "",
        "",
    ]
    runs = []
    for old, x in zip(olds, texts, strict=True):
        new = old.replace("15000", "Number(import.meta.env.VITE_API_TIMEOUT_MS ?? 15000)").replace(
            "15_000", "Number(import.meta.env.VITE_API_TIMEOUT_MS ?? 15000)"
        )
        err = f"<tool_use_error>String to replace not found in file.\nString: {old}</tool_use_error>"
        runs.append(
            t.call(
                "Edit",
                {
                    "file_path": "/home/dev/app/web/src/api/client.ts",
                    "old_string": old,
                    "new_string": new,
                    "replace_all": False,
                },
                err,
                error=True,
                text=x,
            )
        )
    t.user("[Request interrupted by user]")
    onset = nth(runs, 4)
    return t.loop(
        ["error_streak", "same_tool"],
        onset,
        "Loop: the file indents with tabs (visible in the Read at step 1) but every Edit sends spaces or "
        "other "
        "cosmetic variants; all eight fail with 'String to replace not found in file'. The 4th failed "
        "Edit (the "
        f"original plus three trivial variants) is step {onset}, the onset. Re-reading the file or "
        "matching a "
        f"single unindented token would have ended it.",
    )


BUILDERS: list[Builder] = [
    siem_auth_expired,
    tutor_missing_module_ko,
    gov_form_date_validation_de,
    finance_sheet_range_guesses,
    swe_agent_typeerror_edits,
    dispatch_assign_driver_schema_pt,
    notion_parent_schema,
    pagerduty_from_header,
    claude_code_edit_mismatch,
]
