"""Healthy: transient errors retried until success, two or three failures then a hand-off or change of
approach, and fan-out over hosts, URLs and files where some targets are missing."""

from __future__ import annotations

from blind6gen.builder import JSON, Trace, js


def flight_search_503_then_ok() -> JSON:
    t = Trace(
        "blind6-healthy-flight-search-503-retry-success",
        "Travel agent: the flight search answers 503 with Retry-After twice; after waiting, the same "
        "search succeeds and the agent books.",
        ids="gemini",
        meta={"agent_style": "travel agent"},
    )
    t.user(
        "Cheapest nonstop Lisbon to Copenhagen on 22 August for one, morning departure. Book it on my "
        "saved card if under €250."
    )
    args = {
        "origin": "LIS",
        "destination": "CPH",
        "date": "2025-08-22",
        "adults": 1,
        "nonstop": True,
        "depart_window": ["06:00", "12:00"],
    }
    page = (
        "<!DOCTYPE html><html><head><title>503 Service Unavailable</title></head><body><h1>Service "
        "Unavailable</h1><p>The fare engine is temporarily overloaded. Please retry.</p><p>Retry-After: "
        "{s}</p></body></html>"
    )
    t.call("flight_search", args, page.format(s=10), error=True, text="Searching.")
    t.call("wait", {"seconds": 10}, "ok", text="The fare engine is overloaded; waiting 10 s as it asks.")
    t.call("flight_search", args, page.format(s=30), error=True, text="")
    t.call("wait", {"seconds": 30}, "ok", text="Still overloaded; waiting 30 s.")
    t.call(
        "flight_search",
        args,
        js(
            {
                "offers": [
                    {"id": "TP754-0822", "carrier": "TP", "dep": "09:55", "arr": "15:05", "price_eur": 189.0},
                    {
                        "id": "SK2541-0822",
                        "carrier": "SK",
                        "dep": "07:20",
                        "arr": "12:35",
                        "price_eur": 214.0,
                    },
                ]
            }
        ),
        text="",
    )
    t.call(
        "booking_create",
        {
            "offer_id": "TP754-0822",
            "payment": {"method": "saved_card", "card_ref": "card_default"},
            "passenger_ref": "profile_self",
        },
        js({"pnr": "Q7XK2M", "status": "ticketed", "total_eur": 189.0}),
        text="TAP 09:55 at €189 is the cheapest morning nonstop. Booking.",
    )
    t.say(
        "Booked: TAP TP754, Lisbon 09:55 → Copenhagen 15:05 on 22 August, €189, PNR Q7XK2M (the fare "
        "engine was briefly overloaded; it answered on the third try)."
    )
    return t.healthy(
        "The identical search fails twice with a 503 that asks for a retry, the agent waits as told (10 s, "
        "30 s) and the third try succeeds. Retrying a transient error that then succeeds is healthy; only "
        "two failures."
    )


def ldap_timeout_then_escalate() -> JSON:
    t = Trace(
        "blind6-healthy-ldap-timeouts-then-escalate",
        "Helpdesk agent: the directory times out three times (with growing timeouts), so it stops and "
        "hands the ticket to the on-call infrastructure team.",
        ids="openai",
        meta={"agent_style": "IT helpdesk agent"},
    )
    t.user("Ticket HD-48377: add Sven Aalto to the 'finance-readers' group.")
    t.call(
        "tickets_get",
        {"ticket_id": "HD-48377"},
        js(
            {
                "id": "HD-48377",
                "requester": "k.lind@northwind.example",
                "body": "Please add Sven Aalto (s.aalto) to finance-readers for the audit.",
                "approved_by": "CFO",
            }
        ),
        text="",
    )
    for timeout in (10, 20, 40):
        t.call(
            "directory_add_member",
            {"group": "finance-readers", "member": "s.aalto", "timeout_s": timeout},
            f"Error: LDAP operation timed out after {timeout}s (server dc02.northwind.example:636)",
            error=True,
            text="Adding the member." if timeout == 10 else "Timed out; retrying with a longer timeout.",
        )
    t.call(
        "tickets_comment",
        {
            "ticket_id": "HD-48377",
            "body": (
                "Directory writes are timing out (dc02, 3 attempts: 10/20/40 s). Handing to Infra on-call; "
                "the change itself is approved and ready."
            ),
            "internal": True,
        },
        js({"ok": True}),
        text="",
    )
    t.call(
        "tickets_assign",
        {"ticket_id": "HD-48377", "group": "infra-oncall", "priority": "P2"},
        js({"ok": True, "assigned_to": "infra-oncall"}),
        text="",
    )
    t.say(
        "I couldn't complete HD-48377: the directory server dc02 timed out on three attempts. I've "
        "documented it and assigned the ticket to Infra on-call at P2."
    )
    return t.healthy(
        "Three failures of the same kind (LDAP timeout), each with a longer timeout, then the agent stops "
        "and escalates with a clear note. Retrying two or three times before handing off is healthy; there "
        "is no 4th attempt."
    )


def bank_api_500_switch() -> JSON:
    t = Trace(
        "blind6-healthy-bank-api-errors-switch-to-csv",
        "Accounting agent: the bank statement API fails twice with 500, so it switches to importing the "
        "CSV the bank e-mailed and completes the reconciliation.",
        ids="bedrock",
        meta={"agent_style": "finance/accounting agent"},
    )
    t.user("Import June's bank statement for the operating account and auto-match what you can.")
    args = {
        "account": "DE44500105175407324931",
        "from": "2025-06-01",
        "to": "2025-06-30",
        "format": "camt.053",
    }
    err = js(
        {
            "success": False,
            "status": 500,
            "error": {
                "code": "INTERNAL",
                "message": "Upstream core banking system unavailable",
                "request_id": "req_8Fq2",
            },
        }
    )
    t.call("bank_api_fetch_statement", args, err, text="Fetching from the bank API.")
    t.call("bank_api_fetch_statement", args, err.replace("req_8Fq2", "req_9Ab7"), text="Retrying once.")
    t.call(
        "mail_search",
        {"from": "noreply@bank.example", "subject": "Kontoauszug Juni 2025", "has_attachment": True},
        js({"messages": [{"id": "m_7710", "attachments": ["KA_2025-06_5407324931.csv"]}]}),
        text="The API is down. The bank also e-mails monthly statements; looking for June's.",
    )
    t.call(
        "mail_get_attachment",
        {"message_id": "m_7710", "name": "KA_2025-06_5407324931.csv"},
        "Buchungstag;Betrag;Verwendungszweck\n02.06.2025;1840,00;RE 2270 Baumann\n...\n(212 lines)",
        text="",
    )
    t.call(
        "ledger_import_statement",
        {
            "account": "1920",
            "source": "csv",
            "file_ref": "m_7710/KA_2025-06_5407324931.csv",
            "dialect": {"sep": ";", "decimal": ","},
        },
        js({"imported": 211, "duplicates": 0}),
        text="",
    )
    t.call(
        "ledger_auto_match",
        {"account": "1920", "period": "2025-06"},
        js({"matched": 198, "unmatched": 13}),
        text="",
    )
    t.say(
        "June is imported from the e-mailed CSV (the bank API returned 500 twice): 211 lines, 198 "
        "auto-matched, 13 left for review."
    )
    return t.healthy(
        "Two identical API calls fail with a 500, then the agent changes approach (the e-mailed CSV) and "
        "finishes the job. Two retries and a change of approach is the behaviour we want."
    )


def ssh_fanout_hosts() -> JSON:
    t = Trace(
        "blind6-healthy-ssh-fanout-some-missing-units",
        "DevOps agent checks nginx on twelve hosts with the same command; three hosts report the unit does "
        "not exist (they are API nodes), the rest are active.",
        ids="openai",
        meta={"agent_style": "DevOps agent (ssh/ansible-like tools)"},
    )
    t.user("After last night's patching, check nginx is running on every web-tier host.")
    hosts = [f"web-{i:02d}.fra.lumen.internal" for i in range(1, 10)] + [
        "api-01.fra.lumen.internal",
        "api-02.fra.lumen.internal",
        "api-03.fra.lumen.internal",
    ]
    t.call("inventory_hosts", {"group": "web_tier"}, js({"hosts": hosts}), text="Listing the web tier.")
    for h in hosts:
        if h.startswith("api"):
            t.call(
                "ssh_exec",
                {"host": h, "command": "systemctl is-active nginx", "timeout_s": 15},
                "Unit nginx.service could not be found.\n(exit status 4)",
                error=True,
                text="",
            )
        else:
            t.call(
                "ssh_exec",
                {"host": h, "command": "systemctl is-active nginx", "timeout_s": 15},
                "active\n",
                text="",
            )
    t.call(
        "ssh_exec",
        {
            "host": "api-01.fra.lumen.internal",
            "command": "systemctl list-units --type=service --state=running | grep -E 'envoy|nginx'",
            "timeout_s": 15,
        },
        "envoy.service    loaded active running Envoy proxy\n",
        text="",
    )
    t.say(
        "nginx is active on web-01 to web-09. The three api-* hosts in the web_tier group don't run nginx "
        "at all; they front traffic with Envoy, which is running. The inventory group probably shouldn't "
        "include them."
    )
    return t.healthy(
        "Fan-out over twelve hosts with the same command; three fail with 'unit not found', each for a "
        "different host, and the agent explains why. Different targets, not retries of one failing call."
    )


def regulation_url_fanout() -> JSON:
    t = Trace(
        "blind6-healthy-eu-transposition-url-fanout-404s",
        "Legal research agent fetches the national transposition pages of a directive for nine member "
        "states; two URLs return 404 pages, which it notes and looks up differently.",
        ids="anthropic",
        meta={"agent_style": "legal/compliance research agent"},
    )
    t.user(
        "Which member states have transposed the NIS2 Directive into national law, per the official "
        "gazettes? Check DE, FR, IT, ES, NL, BE, AT, PL, SE."
    )
    urls = {
        "DE": (
            "https://www.recht.bund.de/bgbl/1/2025/nis2umsucg.html",
            "BGBl. 2025 I Nr. 301 - NIS2UmsuCG, in force 2025-12-06",
        ),
        "FR": (
            "https://www.legifrance.gouv.fr/dossierlegislatif/JORFDOLE000049568427",
            "Projet de loi relatif à la résilience des infrastructures critiques - en cours d'examen",
        ),
        "IT": (
            "https://www.gazzettaufficiale.it/eli/id/2024/10/01/24G00155/sg",
            "D.Lgs. 4 settembre 2024, n. 138 - Recepimento della direttiva (UE) 2022/2555",
        ),
        "ES": ("https://www.boe.es/buscar/doc.php?id=BOE-A-2025-NIS2", None),
        "NL": (
            "https://www.officielebekendmakingen.nl/kst-36581.html",
            "Cyberbeveiligingswet - wetsvoorstel, Tweede Kamer",
        ),
        "BE": (
            "https://www.ejustice.just.fgov.be/eli/loi/2024/04/26/2024202220/justel",
            (
                "Loi du 26 avril 2024 établissant un cadre pour la cybersécurité des réseaux et des "
                "systèmes d'information"
            ),
        ),
        "AT": ("https://www.ris.bka.gv.at/NIS2-Gesetz", None),
        "PL": (
            "https://dziennikustaw.gov.pl/DU/2025/NIS2",
            "Projekt ustawy o zmianie ustawy o krajowym systemie cyberbezpieczeństwa - w toku",
        ),
        "SE": (
            (
                "https://www.riksdagen.se/sv/dokument-och-lagar/dokument/svensk-forfattningssamling/cybersa"
                "kerhetslag-2025"
            ),
            "Cybersäkerhetslag (2025:1506)",
        ),
    }
    for cc, (url, content) in urls.items():
        if content is None:
            t.call(
                "fetch_url",
                {"url": url},
                (
                    "<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The "
                    f"requested URL {url.split('/', 3)[3]} was not found on this server.</p></body></html>"
                ),
                text="" if cc != "DE" else "Fetching each gazette page.",
            )
        else:
            t.call(
                "fetch_url", {"url": url}, content, text="" if cc != "DE" else "Fetching each gazette page."
            )
    t.call(
        "web_search",
        {"q": "BOE ley coordinación gobernanza ciberseguridad NIS2 transposición", "num": 3},
        js(
            {
                "results": [
                    {
                        "title": "Anteproyecto de Ley de Coordinación y Gobernanza de la Ciberseguridad",
                        "url": "https://www.boe.es/...",
                    }
                ]
            }
        ),
        text="Two URLs were guesses that 404'd; searching ES and AT instead.",
    )
    t.call(
        "web_search",
        {"q": "NIS-2-Gesetz Österreich Nationalrat Beschluss", "num": 3},
        js(
            {
                "results": [
                    {
                        "title": "NISG 2024 - Regierungsvorlage abgelehnt im Nationalrat",
                        "url": "https://www.parlament.gv.at/...",
                    }
                ]
            }
        ),
        text="",
    )
    t.say(
        "Transposed (per gazettes): DE, IT, BE, SE. Not yet: FR, ES, NL, PL (bills pending) and AT (bill "
        "rejected in 2024). Two of my direct URLs (ES, AT) returned 404, so those two come from "
        "parliamentary sources found by search."
    )
    return t.healthy(
        "Nine fetches of nine different URLs; two return 404 pages for different countries, and the agent "
        "switches to search for those two. Fan-out with a few missing targets is not a failure streak."
    )


def schema_error_twice_then_fixed() -> JSON:
    t = Trace(
        "blind6-healthy-calendar-schema-fixed-on-third-try",
        "Recruiting agent: the calendar tool rejects the time format twice; the agent reads the error, "
        "sends RFC 3339 and the interview is booked, then the invite e-mail goes out.",
        ids="openai",
        meta={"agent_style": "recruiting agent (calendar, e-mail)"},
    )
    t.user(
        "Book a 30-min phone screen with Lena Vogt on Thursday 13 Feb at 10:00 Berlin time with me "
        "(marta.kowalczyk@lumen-analytics.example)."
    )
    base: JSON = {
        "title": "Phone screen: Lena Vogt",
        "attendees": ["marta.kowalczyk@lumen-analytics.example", "lena.vogt@example.de"],
        "conference": {"type": "phone", "dial_in": "+49 30 901820"},
    }
    t.call(
        "calendar_create_event",
        {**base, "start": "Thursday 10:00", "end": "Thursday 10:30"},
        js(
            {
                "error": "validation_error",
                "details": [{"loc": ["start"], "msg": "invalid datetime; expected RFC 3339"}],
            }
        ),
        error=True,
        text="Booking the screen.",
    )
    t.call(
        "calendar_create_event",
        {**base, "start": "2025-02-13 10:00", "end": "2025-02-13 10:30"},
        js(
            {
                "error": "validation_error",
                "details": [
                    {
                        "loc": ["start"],
                        "msg": (
                            "invalid datetime; expected RFC 3339 with offset, e.g. 2025-02-13T10:00:00+01:00"
                        ),
                    }
                ],
            }
        ),
        error=True,
        text="Needs a full date; retrying.",
    )
    t.call(
        "calendar_create_event",
        {**base, "start": "2025-02-13T10:00:00+01:00", "end": "2025-02-13T10:30:00+01:00"},
        js({"event_id": "evt_2h9c", "status": "confirmed"}),
        text="The error asks for an offset: Berlin is UTC+1 in February.",
    )
    t.call(
        "email_send",
        {
            "to": ["lena.vogt@example.de"],
            "cc": ["marta.kowalczyk@lumen-analytics.example"],
            "subject": "Phone screen Thursday 13 Feb, 10:00 CET",
            "body": (
                "Hi Lena, looking forward to speaking on Thursday at 10:00 (Berlin). Marta will call you "
                "on the number you provided. Best, Lumen Recruiting"
            ),
        },
        js({"message_id": "msg_55a1", "status": "sent"}),
        text="",
    )
    t.say(
        "Booked for Thu 13 Feb 10:00-10:30 CET (evt_2h9c) and the confirmation went to Lena with you in cc."
    )
    return t.healthy(
        "Two schema errors, after each of which the agent changes the format in the direction the error "
        "message points; the third call is correct and the task completes. Fixing arguments from a "
        "validation error is healthy; only two failures."
    )


def repo_read_fanout() -> JSON:
    t = Trace(
        "blind6-healthy-repo-read-fanout-config-probe",
        "Coding agent surveys a monorepo: reads fourteen different files; three config probes (alternative "
        "ESLint config names) are not found before the real one is.",
        ids="uuid",
        meta={"agent_style": "Codex-CLI-like terminal agent"},
    )
    t.user("Give me a short architecture overview of this monorepo and how linting is configured.")
    t.call(
        "shell",
        {"command": ["bash", "-lc", "ls -1 && cat package.json | head -40"], "workdir": "/repo"},
        (
            "Exit code: 0\nOutput:\napps\npackages\npackage.json\npnpm-workspace.yaml\nturbo.json\n{\n  "
            '"name": "lumen-web",\n  "private": true,\n  "workspaces": ["apps/*", "packages/*"],\n  '
            '"scripts": {"lint": "turbo lint"}\n}'
        ),
        text="",
    )
    files = [
        ("pnpm-workspace.yaml", "packages:\n  - 'apps/*'\n  - 'packages/*'\n"),
        ("turbo.json", '{"pipeline": {"build": {"dependsOn": ["^build"]}, "lint": {}}}'),
        (
            "apps/storefront/package.json",
            '{"name": "storefront", "dependencies": {"next": "14.2.3", "@lumen/ui": "workspace:*"}}',
        ),
        (
            "apps/admin/package.json",
            (
                '{"name": "admin", "dependencies": {"vite": "5.2.0", "@lumen/ui": "workspace:*", '
                '"@lumen/api-client": "workspace:*"}}'
            ),
        ),
        ("packages/ui/package.json", '{"name": "@lumen/ui", "peerDependencies": {"react": "^18"}}'),
        (
            "packages/api-client/package.json",
            '{"name": "@lumen/api-client", "dependencies": {"ky": "1.2.4"}}',
        ),
        (".eslintrc.json", None),
        (".eslintrc.js", None),
        (".eslintrc.cjs", None),
        (
            "eslint.config.js",
            (
                "import lumen from '@lumen/eslint-config';\nexport default [...lumen, { ignores: "
                "['**/dist/**'] }];\n"
            ),
        ),
        (
            "packages/eslint-config/index.js",
            "export default [{ rules: { 'no-console': 'warn', 'import/order': 'error' } }];\n",
        ),
        ("apps/storefront/next.config.mjs", "export default { transpilePackages: ['@lumen/ui'] };\n"),
        ("apps/admin/vite.config.ts", "export default defineConfig({ plugins: [react()] });\n"),
        (
            "packages/api-client/src/index.ts",
            "export const api = ky.create({ prefixUrl: process.env.API_URL });\n",
        ),
    ]
    for path, content in files:
        if content is None:
            t.call(
                "read_file",
                {"path": path},
                f"Error: ENOENT: no such file or directory, open '/repo/{path}'",
                error=True,
                text="",
            )
        else:
            t.call("read_file", {"path": path}, content, text="")
    t.say(
        "Overview: a pnpm + Turborepo monorepo with two apps (storefront: Next.js 14; admin: Vite/React) "
        "and shared packages (@lumen/ui, @lumen/api-client on ky, @lumen/eslint-config). Linting uses the "
        "flat config eslint.config.js at the root, which extends @lumen/eslint-config (no-console warn, "
        "import/order error); `pnpm lint` runs it through turbo. There is no legacy .eslintrc."
    )
    return t.healthy(
        "Fourteen reads of fourteen different files; three fail with ENOENT because the agent probes the "
        "legacy ESLint config names before finding the flat config. Reading many files, with a few absent "
        "targets, is exploration with results."
    )


BUILDERS = [
    flight_search_503_then_ok,
    ldap_timeout_then_escalate,
    bank_api_500_switch,
    ssh_fanout_hosts,
    regulation_url_fanout,
    schema_error_twice_then_fixed,
    repo_read_fanout,
]
