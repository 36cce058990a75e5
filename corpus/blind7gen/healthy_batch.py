"""Healthy: pagination, cursors and scrolling; batch processing with one call shape; fan-out over many
hosts, indicators, URLs, files and patients (some failing, each for its own reason); many edits to one file
and bulk writes acknowledged alike."""

from __future__ import annotations

from typing import Any

from blind7gen.builder import Builder, Call, Clock, Scenario, Trace, js, markdown, pretty

_FIRST = [
    "Ana",
    "Bruno",
    "Chloé",
    "Dmitri",
    "Elif",
    "Farah",
    "Gustavo",
    "Hiro",
    "Ines",
    "Jonas",
    "Kaito",
    "Lena",
    "Mateus",
    "Nadia",
    "Oskar",
    "Priya",
    "Quentin",
    "Rosa",
    "Sven",
    "Tamar",
    "Umar",
    "Vera",
    "Wen",
    "Yara",
]
_LAST = [
    "Almeida",
    "Becker",
    "Costa",
    "Dubois",
    "Eriksen",
    "Fischer",
    "García",
    "Hansen",
    "Ito",
    "Jensen",
    "Kim",
    "Lopes",
    "Moreau",
    "Nowak",
    "Okafor",
    "Park",
    "Quinn",
    "Rossi",
    "Schmidt",
    "Tanaka",
    "Usman",
    "Vogel",
]


def _name(t: Trace) -> str:
    return f"{t.rng.choice(_FIRST)} {t.rng.choice(_LAST)}"


def crm_cursor_pagination() -> Scenario:
    t = Trace(
        "blind7-healthy-crm-cursor-pagination",
        "Sales ops agent exports all open deals over 50k by paging a CRM search with an 'after' cursor nine "
        "times, then summarises them.",
        agent="Sales ops agent (HubSpot-like CRM search API)",
        model="gpt-4.1-mini",
        ids="call",
    )
    t.user("List every open deal above 50k with its owner and close date, grouped by owner. There are a lot.")
    after: str | None = None
    total = 0
    owners: dict[str, int] = {}
    for page in range(9):
        args: dict[str, Any] = {
            "filterGroups": [
                {
                    "filters": [
                        {"propertyName": "amount", "operator": "GT", "value": "50000"},
                        {"propertyName": "hs_is_closed", "operator": "EQ", "value": "false"},
                    ]
                }
            ],
            "properties": ["dealname", "amount", "closedate", "hubspot_owner_id"],
            "sorts": [{"propertyName": "closedate", "direction": "ASCENDING"}],
            "limit": 100,
        }
        if after:
            args["after"] = after
        n = 100 if page < 8 else 37
        results = []
        for k in range(3):
            owner = t.rng.choice(["Hannah Ortiz", "Kenji Watanabe", "Lucía Fernández", "Ravi Menon"])
            owners[owner] = owners.get(owner, 0) + 1
            results.append(
                {
                    "id": str(31_990_000_000 + page * 1000 + k),
                    "properties": {
                        "dealname": f"{t.rng.choice(_LAST)} "
                        f"{t.rng.choice(['GmbH', 'Ltd', 'SA', 'Inc', 'KK'])} – "
                        f"{t.rng.choice(['Platform', 'Renewal', 'Expansion', 'Pilot'])}",
                        "amount": str(t.rng.randrange(51_000, 480_000, 500)),
                        "closedate": f"2026-{3 + page // 3:02d}-{1 + (page * 3 + k) % 28:02d}",
                        "hubspot_owner_id": owner,
                    },
                }
            )
        total += n
        after = str((page + 1) * 100) if page < 8 else None
        body = {"total": 837, "results": [*results, {"…": f"{n - 3} more results on this page"}]}
        if after:
            body["paging"] = {"next": {"after": after}}
        t.call(
            "crm_search_deals", args, pretty(body), text="Fetching open deals over 50k." if page == 0 else ""
        )
    t.say(
        "837 open deals above 50k. By owner: Hannah Ortiz 241, Kenji Watanabe 219, Lucía Fernández 198, "
        "Ravi Menon 179. "
        "Earliest close: 2026-03-01; 62 deals close this month. Full list attached as CSV in the thread."
    )
    return t.healthy(
        "Pagination: crm_search_deals is called nine times with the same filters and an advancing "
        "'after' cursor "
        f"(absent on the first page); each page returns new deals ({total} in all) and the last page has "
        "no next "
        f"cursor. Same call shape, new results, ends with an answer."
    )


def siem_scroll_same_args() -> Scenario:
    t = Trace(
        "blind7-healthy-security-siem-scroll-identical-args",
        "Security agent runs one SIEM search, then calls results_next with identical arguments eight times; "
        "the server-side cursor returns a new page of events each time until it is exhausted.",
        agent="SOC analyst agent (Elastic-like SIEM with server-side scroll)",
        model="claude-sonnet-4-5",
        ids="toolu",
    )
    t.user(
        "Pull every failed VPN login from 185.220.101.0/24 over the last 7 days and tell me which "
        "accounts were targeted."
    )
    t.call(
        "siem_search",
        {
            "index": "vpn-auth-*",
            "query": 'event.outcome:failure AND source.ip:"185.220.101.0/24"',
            "range": "now-7d",
            "page_size": 500,
        },
        pretty(
            {
                "scroll_id": "FGluY2x1ZGVfY29udGV4dF91dWlkDXF1ZXJ5QW5kRmV0Y2gBFkN",
                "hits_total": 4213,
                "page": 1,
                "events": [
                    {
                        "@timestamp": "2026-02-24T01:12:09Z",
                        "user.name": "svc-backup",
                        "source.ip": "185.220.101.34",
                    }
                ],
            }
        ),
    )
    clock = Clock("2026-02-24T02:00:00")
    users = ["a.kowalczyk", "svc-backup", "j.meyer", "admin", "vpn-test", "m.rossi", "helpdesk", "t.nguyen"]
    for page in range(2, 10):
        events = []
        for _ in range(4):
            clock.tick(t.rng.randint(300, 9000))
            events.append(
                {
                    "@timestamp": clock.iso(),
                    "user.name": t.rng.choice(users),
                    "source.ip": f"185.220.101.{t.rng.randint(2, 250)}",
                }
            )
        body: dict[str, Any] = {"page": page, "events": [*events, {"…": "496 more events"}]}
        if page == 9:
            body = {"page": page, "events": [*events[:2], {"…": "211 more events"}], "done": True}
        t.call(
            "siem_results_next",
            {"scroll_id": "FGluY2x1ZGVfY29udGV4dF91dWlkDXF1ZXJ5QW5kRmV0Y2gBFkN"},
            pretty(body),
            text="Paging through the results." if page == 2 else "",
        )
    t.call(
        "siem_aggregate",
        {
            "index": "vpn-auth-*",
            "query": 'event.outcome:failure AND source.ip:"185.220.101.0/24"',
            "range": "now-7d",
            "terms": "user.name",
            "size": 10,
        },
        markdown(
            ["user.name", "failures"],
            [
                ["admin", 1120],
                ["svc-backup", 964],
                ["vpn-test", 702],
                ["helpdesk", 513],
                ["j.meyer", 288],
                ["a.kowalczyk", 241],
                ["m.rossi", 217],
                ["t.nguyen", 168],
            ],
        ),
    )
    t.say(
        "4,213 failed VPN logins from 185.220.101.0/24 (a Tor exit range) in 7 days, spread over 8 "
        "accounts; admin, svc-backup and vpn-test take 66%. "
        "No successful login from that range. Recommend blocking the range at the VPN edge and disabling "
        "the unused vpn-test account."
    )
    return t.healthy(
        "Server-side cursor: siem_results_next is called eight times with byte-identical arguments (the "
        "scroll id "
        "does not change) and every page holds new events until 'done'. Identical arguments with new "
        "results, as "
        "with MCP read_output-style tools; then an aggregation and an answer."
    )


def logistics_batch_geocode() -> Scenario:
    t = Trace(
        "blind7-healthy-logistics-batch-geocode",
        "Dispatch agent geocodes 45 delivery addresses in nine batches of five with the same call shape; two "
        "addresses come back ambiguous and are fixed individually.",
        agent="Route-planning agent (geocoder, VRP solver)",
        model="mistral-large-2",
        ids="tool",
    )
    t.user(
        "Plan tomorrow's routes for depot Porto-Norte: 45 stops from manifest MF-0306, 4 vans. Geocode first."
    )
    streets = [
        "Rua de Santa Catarina",
        "Avenida da Boavista",
        "Rua das Flores",
        "Rua do Almada",
        "Rua de Cedofeita",
        "Avenida dos Aliados",
        "Rua Miguel Bombarda",
        "Rua de Costa Cabral",
        "Rua Damião de Góis",
        "Rua do Heroísmo",
    ]
    t.call(
        "tms_get_manifest",
        {"manifest_id": "MF-0306"},
        pretty({"stops": 45, "vans": ["VAN-03", "VAN-07", "VAN-11", "VAN-12"], "window": "08:00-18:00"}),
    )
    ambiguous = 0
    for b in range(9):
        addrs = [
            f"{streets[(b * 5 + i) % 10]}, {t.rng.randint(3, 980)}, 4000-{t.rng.randint(100, 999)} Porto"
            for i in range(5)
        ]
        results = []
        for i, a in enumerate(addrs):
            if (b, i) in {(3, 2), (7, 4)}:
                ambiguous += 1
                results.append({"input": a, "status": "AMBIGUOUS", "candidates": 2})
            else:
                results.append(
                    {
                        "input": a,
                        "status": "OK",
                        "lat": round(41.14 + t.rng.uniform(0, 0.03), 5),
                        "lon": round(-8.63 + t.rng.uniform(-0.03, 0.02), 5),
                    }
                )
        t.call(
            "geocode_batch",
            {"addresses": addrs, "country": "PT", "bias": {"lat": 41.157, "lon": -8.629}},
            js(results),
            text="Geocodificando as paradas em lotes de 5." if b == 0 else "",
        )
    t.call(
        "geocode",
        {"address": "Rua de Cedofeita, 112, Porto", "postal_code": "4050-180"},
        js({"status": "OK", "lat": 41.15318, "lon": -8.61921}),
    )
    t.call(
        "geocode",
        {"address": "Rua do Heroísmo, 341, Porto", "postal_code": "4300-259"},
        js({"status": "OK", "lat": 41.14562, "lon": -8.59077}),
    )
    t.call(
        "vrp_solve",
        {"depot": "Porto-Norte", "vehicles": 4, "stops": 45, "time_windows": True, "max_route_minutes": 540},
        pretty(
            {
                "routes": [
                    {"van": "VAN-03", "stops": 12, "km": 41.2},
                    {"van": "VAN-07", "stops": 11, "km": 37.9},
                    {"van": "VAN-11", "stops": 11, "km": 44.0},
                    {"van": "VAN-12", "stops": 11, "km": 39.5},
                ],
                "unserved": 0,
            }
        ),
    )
    t.say(
        "Rotas prontas: 45 paradas em 4 vans (12/11/11/11), 162,6 km no total, nenhuma parada sem "
        f"atendimento. {ambiguous} endereços ambíguos foram corrigidos com o código postal."
    )
    return t.healthy(
        "Batch processing: geocode_batch is called nine times with the same shape and different "
        "addresses; two "
        "ambiguous results are resolved with individual, different geocode calls; the solver then plans the "
        "routes. Same tool, new inputs and outputs every time."
    )


def sheet_read_chunks() -> Scenario:
    t = Trace(
        "blind7-healthy-finance-sheet-read-chunks",
        "Finance close agent reads a 3,000-row bank export in six 500-row ranges with the same call "
        "shape, then "
        "matches it to the ledger.",
        agent="Finance close agent (spreadsheet API, ERP)",
        model="gemini-2.5-flash",
        ids="fc",
    )
    t.user("Reconcile the February bank statement export (sheet 'Bank Feb') against GL account 1010.")
    ss = "1bankFeb2026xx"
    vendors = [
        "STRIPE PAYOUT",
        "AWS EMEA",
        "PAYROLL ADP",
        "GOOGLE ADS",
        "WISE TRANSFER",
        "HETZNER",
        "DATADOG",
        "UPS",
    ]
    for chunk in range(6):
        start = 2 + chunk * 500
        end = start + 499
        rows = [["Date", "Description", "Amount", "Ref"]] if chunk == 0 else []
        for k in range(3):
            rows.append(
                [
                    f"2026-02-{1 + (chunk * 5 + k) % 28:02d}",
                    t.rng.choice(vendors),
                    f"{t.rng.uniform(-48_000, 90_000):.2f}",
                    f"BT{t.rng.randint(10**7, 10**8 - 1)}",
                ]
            )
        body = {
            "range": f"'Bank Feb'!A{start}:D{end}",
            "values": rows,
            "note": f"{497 if chunk < 5 else 212} more rows in range",
        }
        t.call(
            "sheets_read_range",
            {"spreadsheet_id": ss, "range": f"'Bank Feb'!A{start}:D{end}"},
            pretty(body),
            text="Reading the export in 500-row chunks." if chunk == 0 else "",
        )
    t.call(
        "erp_gl_lines",
        {"account": "1010", "period": "2026-02"},
        pretty({"lines": 2712, "balance_change": "412,331.08"}),
    )
    t.call(
        "recon_match",
        {
            "bank_rows": 2712,
            "gl_account": "1010",
            "rules": ["amount_exact", "ref_contains", "date_within_3d"],
        },
        pretty(
            {
                "matched": 2705,
                "unmatched_bank": [{"ref": "BT55120931", "amount": "-1,200.00", "desc": "WISE TRANSFER"}],
                "unmatched_gl": [
                    {"doc": "1900003981", "amount": "-1,200.00", "text": "Contractor invoice 88"},
                    {"doc": "1900004107", "amount": "-64.90", "text": "Bank fee"},
                ],
            }
        ),
    )
    t.say(
        "2,705 of 2,712 lines match. Open items: a 1,200.00 Wise transfer matches contractor invoice 88 "
        "by amount but not reference (confirm and link), "
        "and a 64.90 bank fee is booked in GL but not on the statement yet (timing)."
    )
    return t.healthy(
        "Chunked reading: six sheets_read_range calls with the same shape over consecutive row ranges, each "
        "returning new rows; then matching and a reconciliation summary. A range sweep, not a loop."
    )


def browser_infinite_scroll() -> Scenario:
    t = Trace(
        "blind7-healthy-browser-procurement-infinite-scroll",
        "Browser agent collects public tender notices from an infinite-scroll listing: the same scroll "
        "action "
        "seven times, each revealing new notices, until the end-of-list marker.",
        agent="Browser agent (Playwright: scroll, extract)",
        model="gpt-4.1",
        ids="call",
    )
    t.user(
        "Collect all open IT-services tenders on the city procurement portal with deadlines in March 2026."
    )
    t.call(
        "browser_navigate",
        {"url": "https://vergabe.example-city.de/ausschreibungen?kategorie=it-dienstleistungen&status=offen"},
        "Page: 'Offene Ausschreibungen – IT-Dienstleistungen' (12 notices visible, more load on scroll)",
    )
    seen = 12
    found: list[list[str]] = []
    for i in range(7):
        new = [f"VG-2026-{t.rng.randint(100, 999)}" for _ in range(3)]
        for n in new:
            if t.rng.random() < 0.5:
                found.append([n, f"2026-03-{t.rng.randint(2, 31):02d}"])
        seen += 12 if i < 6 else 5
        tail = "\n[End of list: no more results]" if i == 6 else ""
        t.call(
            "browser_scroll",
            {"direction": "down", "pixels": 2400},
            f"Scrolled. Visible notices: {seen}. Newly loaded: "
            + ", ".join(new)
            + f" … (+{9 if i < 6 else 2} more){tail}",
            text="Scrolling to load more notices." if i == 0 else "",
        )
    t.call(
        "browser_extract",
        {"selector": "article.notice", "fields": ["ref", "title", "deadline"]},
        markdown(["ref", "deadline"], found) + f"\n({seen} notices extracted)",
    )
    t.say(
        f"{seen} open IT-services notices on the portal; {len(found)} have a March 2026 deadline (table "
        f"above). The earliest closes on {min(f[1] for f in found)}."
    )
    return t.healthy(
        "Infinite scroll: browser_scroll with byte-identical arguments seven times; every result lists new "
        "notices and a growing count, and the last one reports the end of the list. Identical arguments, new "
        "results, bounded."
    )


def sre_fanout_hosts() -> Scenario:
    t = Trace(
        "blind7-healthy-sre-fanout-disk-check",
        "SRE agent checks disk usage on sixteen database hosts in parallel batches of four; two hosts "
        "fail for "
        "different reasons (timeout, auth) and are followed up differently.",
        agent="SRE agent (SSH exec tool, inventory, ticketing)",
        model="gpt-5",
        ids="call",
    )
    t.user(
        "We got a disk-usage warning on the Postgres fleet. Check / and /var/lib/postgresql on every pg "
        "host and tell me who's above 80%."
    )
    hosts = [f"pg-{r}-{n:02d}" for r in ("euw1", "use1") for n in range(1, 9)]
    t.call("inventory_list", {"group": "postgres", "env": "prod"}, js({"hosts": hosts}))
    over: list[str] = []
    for b in range(4):
        calls = []
        for h in hosts[b * 4 : (b + 1) * 4]:
            if h == "pg-euw1-07":
                calls.append(
                    Call(
                        "ssh_exec",
                        {"host": h, "command": "df -h / /var/lib/postgresql", "timeout_s": 15},
                        "ssh: connect to host pg-euw1-07 port 22: Connection timed out",
                        True,
                    )
                )
                continue
            if h == "pg-use1-03":
                calls.append(
                    Call(
                        "ssh_exec",
                        {"host": h, "command": "df -h / /var/lib/postgresql", "timeout_s": 15},
                        "Permission denied (publickey).",
                        True,
                    )
                )
                continue
            root = t.rng.randint(31, 70)
            data = t.rng.randint(55, 93)
            if data > 80:
                over.append(f"{h} ({data}%)")
            calls.append(
                Call(
                    "ssh_exec",
                    {"host": h, "command": "df -h / /var/lib/postgresql", "timeout_s": 15},
                    "Filesystem      Size  Used Avail Use% Mounted on\n/dev/nvme0n1p1   50G  "
                    f"{root // 2}G  {50 - root // 2}G  {root}% /\n"
                    f"/dev/nvme1n1    2.0T  {data * 2 / 100:.1f}T  {(100 - data) * 2 / 100:.1f}T  {data}% "
                    "/var/lib/postgresql",
                )
            )
        t.act("Checking the fleet, four hosts at a time." if b == 0 else "", *calls, shuffle=True)
    t.call(
        "cloud_instance_status",
        {"name": "pg-euw1-07"},
        pretty({"state": "running", "system_status": "impaired", "instance_status": "ok"}),
        text="pg-euw1-07 timed out; checking the instance itself.",
    )
    t.call(
        "ssh_exec",
        {
            "host": "pg-use1-03",
            "command": "df -h / /var/lib/postgresql",
            "timeout_s": 15,
            "user": "postgres-ops",
            "key": "ops-2026",
        },
        "Filesystem      Size  Used Avail Use% Mounted on\n/dev/nvme0n1p1   50G   19G   31G  38% "
        "/\n/dev/nvme1n1    2.0T  1.7T  0.3T  86% /var/lib/postgresql",
        text="pg-use1-03 refused the default key; that host uses the ops key.",
    )
    over.append("pg-use1-03 (86%)")
    t.say(
        "Above 80% on /var/lib/postgresql: "
        + ", ".join(over)
        + ". pg-euw1-07 is unreachable (EC2 system status impaired) — opening a ticket for it. "
        "Root filesystems are all below 75%."
    )
    return t.healthy(
        "Fan-out: ssh_exec with the same command on sixteen hosts in four parallel batches; two hosts "
        "fail for "
        "different reasons (timeout, publickey) and each gets its own follow-up (instance status, the ops "
        "key). "
        "Same tool, different targets, progress throughout."
    )


def security_ioc_fanout() -> Scenario:
    t = Trace(
        "blind7-healthy-security-ioc-fanout",
        "Threat-intel agent looks up fourteen indicators from a vendor advisory one by one; some are "
        "unknown, "
        "one lookup is rate limited and retried once, and it writes a blocklist.",
        agent="Threat-intel agent (VirusTotal-like, OTX-like lookups; firewall API)",
        model="gpt-4o",
        ids="call",
    )
    t.user(
        "Check the IOCs from advisory CSA-2026-0114 against our threat intel and block whatever is "
        "confirmed malicious."
    )
    iocs = [
        ("3b1f5c2a8d9e0f417263a5b4c3d2e1f0", "md5"),
        ("c0ffee11d00d5ea7c0de0000feedbeef", "md5"),
        ("login-m1crosoft-secure.com", "domain"),
        ("okta-sso-verify.net", "domain"),
        ("cdn.jsdelivr.net", "domain"),
        ("91.215.85.142", "ip"),
        ("194.26.192.77", "ip"),
        ("8.8.8.8", "ip"),
        ("45.9.148.203", "ip"),
        ("hxxps://paste.ee/r/Qm7x2", "url"),
        ("d41d8cd98f00b204e9800998ecf8427e", "md5"),
        ("update-teams-cdn.com", "domain"),
        ("103.75.190.11", "ip"),
        ("a9f3e1c0b7d6e5f4a3b2c1d0e9f8a7b6", "md5"),
    ]
    verdicts: list[list[str]] = []
    for i, (v, kind) in enumerate(iocs):
        if v in ("8.8.8.8", "cdn.jsdelivr.net"):
            body, err, verdict = (
                pretty({"indicator": v, "verdict": "harmless", "note": "well-known public service"}),
                False,
                "benign",
            )
        elif v == "d41d8cd98f00b204e9800998ecf8427e":
            body, err, verdict = (
                pretty({"indicator": v, "verdict": "harmless", "note": "MD5 of the empty file"}),
                False,
                "benign",
            )
        elif v in ("c0ffee11d00d5ea7c0de0000feedbeef", "a9f3e1c0b7d6e5f4a3b2c1d0e9f8a7b6"):
            body, err, verdict = (
                pretty({"error": {"code": "NotFoundError", "message": f'Resource "{v}" not found'}}),
                True,
                "unknown",
            )
        else:
            body, err, verdict = (
                pretty(
                    {
                        "indicator": v,
                        "verdict": "malicious",
                        "detections": f"{t.rng.randint(9, 58)}/90",
                        "tags": [t.rng.choice(["phishing", "c2", "loader", "credential-harvest"])],
                    }
                ),
                False,
                "malicious",
            )
        if i == 7:
            t.call(
                "ti_lookup",
                {"indicator": v, "type": kind},
                pretty({"error": {"code": "QuotaExceededError", "message": "Quota exceeded: 4 lookups/min"}}),
                error=True,
            )
            t.call("wait", {"seconds": 60}, "waited 60s", text="Public API quota; waiting a minute.")
        t.call(
            "ti_lookup",
            {"indicator": v, "type": kind},
            body,
            error=err,
            text="Looking up the advisory IOCs one by one." if i == 0 else "",
        )
        verdicts.append([v, kind, verdict])
    bad = [v for v, _, verdict in verdicts if verdict == "malicious"]
    t.call(
        "firewall_add_to_blocklist",
        {"list": "ti-confirmed", "entries": bad, "comment": "CSA-2026-0114", "expires_days": 90},
        pretty({"added": len(bad), "list": "ti-confirmed"}),
    )
    t.say(
        markdown(["indicator", "type", "verdict"], verdicts)
        + f"\n\nBlocked {len(bad)} confirmed-malicious indicators for 90 days. "
        "Two hashes are unknown to our intel (not blocked); 8.8.8.8, cdn.jsdelivr.net and the empty-file "
        "MD5 are benign and look like advisory noise."
    )
    return t.healthy(
        "Fan-out over fourteen different indicators with the same tool; results differ (malicious, benign, "
        "not found), one lookup hits a quota and is retried once after a wait, and the session ends with a "
        "blocklist and a table. Different targets, each answered."
    )


def docs_link_check() -> Scenario:
    t = Trace(
        "blind7-healthy-docs-link-check-fanout",
        "Documentation agent checks 22 external links of a docs site with HEAD requests; several fail with "
        "different errors, and it fixes the ones that moved.",
        agent="Documentation maintenance agent (HTTP, repo edit tools)",
        model="claude-haiku-4-5",
        ids="toolu",
    )
    t.user("Run a link check on docs/ and fix whatever is broken.")
    links = [
        "https://kubernetes.io/docs/concepts/workloads/pods/",
        "https://prometheus.io/docs/practices/naming/",
        "https://grafana.com/docs/grafana/latest/alerting/",
        "https://opentelemetry.io/docs/specs/otel/",
        "https://12factor.net/config",
        "https://semver.org/",
        "https://www.postgresql.org/docs/16/wal-intro.html",
        "https://redis.io/docs/latest/operate/oss_and_stack/management/persistence/",
        "https://helm.sh/docs/chart_best_practices/",
        "https://docs.github.com/en/actions/using-workflows",
        "https://blog.example-legacy.io/2019/tracing-intro",
        "https://cloud.google.com/architecture/framework",
        "https://learn.microsoft.com/azure/architecture/patterns/circuit-breaker",
        "https://martinfowler.com/articles/feature-toggles.html",
        "https://sre.google/sre-book/monitoring-distributed-systems/",
        "https://docs.python.org/3/library/asyncio.html",
        "https://go.dev/doc/effective_go",
        "https://www.rfc-editor.org/rfc/rfc9110",
        "https://jaegertracing.io/docs/1.22/architecture/",
        "https://github.com/acme/old-sdk/wiki/Setup",
        "https://opentracing.io/docs/overview/",
        "https://httpstatuses.com/429",
    ]
    t.call(
        "Grep",
        {"pattern": "https?://[^ )\"']+", "path": "docs", "output_mode": "count"},
        f"docs/: {len(links)} unique external links in 14 files",
    )
    broken: list[tuple[str, str]] = []
    for i, u in enumerate(links):
        if "example-legacy" in u:
            res, err = "curl: (6) Could not resolve host: blog.example-legacy.io", True
            broken.append((u, "DNS"))
        elif "old-sdk" in u:
            res, err = "HTTP/2 404\ncontent-type: text/html; charset=utf-8", False
            broken.append((u, "404"))
        elif "jaegertracing.io/docs/1.22" in u:
            res, err = "HTTP/2 301\nlocation: https://www.jaegertracing.io/docs/latest/architecture/", False
            broken.append((u, "moved"))
        elif "httpstatuses.com" in u:
            res, err = "HTTP/1.1 503 Service Unavailable\nserver: cloudflare", False
            broken.append((u, "503"))
        else:
            res, err = (
                "HTTP/2 200\ncontent-type: text/html; charset=utf-8\ncontent-length: "
                f"{t.rng.randint(18_000, 240_000)}",
                False,
            )
        t.call(
            "http_head",
            {"url": u, "follow_redirects": False, "timeout_s": 10},
            res,
            error=err,
            text="Checking each link with a HEAD request." if i == 0 else "",
        )
    t.call(
        "Edit",
        {
            "file_path": "docs/tracing.md",
            "old_string": "https://jaegertracing.io/docs/1.22/architecture/",
            "new_string": "https://www.jaegertracing.io/docs/latest/architecture/",
        },
        "The file docs/tracing.md has been updated.",
    )
    t.call(
        "Edit",
        {
            "file_path": "docs/errors.md",
            "old_string": "https://httpstatuses.com/429",
            "new_string": "https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/429",
        },
        "The file docs/errors.md has been updated.",
    )
    t.call(
        "Edit",
        {
            "file_path": "docs/tracing.md",
            "old_string": "See the [2019 tracing intro](https://blog.example-legacy.io/2019/tracing-intro). ",
            "new_string": "",
        },
        "The file docs/tracing.md has been updated.",
    )
    t.say(
        "22 links checked: 18 OK. Fixed: Jaeger link (moved → latest), httpstatuses.com (503, replaced "
        "with MDN), removed the dead 2019 blog link (DNS fails). "
        "Left for you: github.com/acme/old-sdk/wiki/Setup is 404 — do we still document the old SDK?"
    )
    return t.healthy(
        "Fan-out: http_head on 22 different URLs; four fail, each differently (DNS, 404, 301, 503), and the "
        "agent fixes three with different edits and asks about the fourth. Similar calls over distinct "
        "targets."
    )


def read_many_files_migration() -> Scenario:
    t = Trace(
        "blind7-healthy-coding-read-many-files-migration",
        "Coding agent migrating from a deprecated logging helper reads eighteen different modules, edits "
        "each "
        "one that needs it, and runs the tests once at the end.",
        agent="OpenHands-style coding agent (file_editor, terminal)",
        model="gpt-5",
        ids="call",
    )
    t.user(
        "Replace every use of utils.log.get_logger (deprecated) with structlog.get_logger across "
        "services/, keeping logger names."
    )
    files = [
        f"services/{svc}/{mod}.py"
        for svc in ("billing", "catalog", "checkout")
        for mod in ("api", "jobs", "models", "tasks", "clients", "settings")
    ]
    t.call("terminal", {"command": "grep -rln 'get_logger' services/ | sort"}, "\n".join(files))
    edited = 0
    for i, f in enumerate(files):
        uses = i % 3 != 2
        body = (
            "1 from utils.log import get_logger\n2 \n3 log = get_logger(__name__)\n4 \n5 def "
            f'{f.split("/")[2][:-3]}_{i}(...):\n6     log.info("{f.split("/")[1]}.{i}")'
            if uses
            else "1 import structlog\n2 \n3 log = structlog.get_logger(__name__)  # already migrated\n"
        )
        t.call("file_editor", {"command": "view", "path": f"/workspace/{f}", "view_range": [1, 12]}, body)
        if uses:
            edited += 1
            t.call(
                "file_editor",
                {
                    "command": "str_replace",
                    "path": f"/workspace/{f}",
                    "old_str": "from utils.log import get_logger\n\nlog = get_logger(__name__)",
                    "new_str": "import structlog\n\nlog = structlog.get_logger(__name__)",
                },
                f"The file /workspace/{f} has been edited.",
            )
    t.call(
        "terminal",
        {"command": "python -m pytest -q services && grep -rn 'utils.log' services/ | wc -l"},
        "........................................................\n212 passed in 9.84s\n0",
    )
    t.say(
        f"Migrated {edited} of {len(files)} modules to structlog.get_logger (the other "
        f"{len(files) - edited} were already migrated). 212 tests pass; no utils.log imports remain."
    )
    return t.healthy(
        "Reading many files: eighteen views of different files, twelve str_replace edits with the same "
        "replacement in different files, one test run at the end. Batch work over distinct targets (a "
        "classic "
        "false-positive trap for per-tool counters)."
    )


def healthcare_reminder_fanout_pt() -> Scenario:
    t = Trace(
        "blind7-healthy-healthcare-sms-reminders-fanout-pt",
        "Clinic assistant sends appointment reminders to fifteen patients (Portuguese); thirteen are "
        "queued with "
        "the same acknowledgement, one number is invalid and one patient opted out.",
        agent="Clinic operations assistant (agenda, SMS gateway)",
        model="gpt-4.1-mini",
        ids="call",
    )
    t.user(
        "Envia os lembretes de consulta de amanhã (clínica Vila Mariana) para todos os pacientes agendados."
    )
    patients = []
    for i in range(15):
        patients.append(
            {
                "patient_id": f"P-{40210 + i * 7}",
                "name": _name(t),
                "time": f"{8 + (i * 40) // 60:02d}:{(i * 40) % 60:02d}",
                "phone": f"+55 11 9{t.rng.randint(1000, 9999)}-{t.rng.randint(1000, 9999)}",
            }
        )
    t.call(
        "agenda_list", {"clinic": "vila-mariana", "date": "2026-03-11"}, pretty({"appointments": patients})
    )
    results: list[list[str]] = []
    for i, p in enumerate(patients):
        msg = (
            f"Olá, {p['name'].split()[0]}! Lembrete: sua consulta na Clínica Vila Mariana é amanhã, "
            f"11/03, às {p['time']}. Responda 1 para confirmar ou 2 para remarcar."
        )
        if i == 5:
            res, err = (
                pretty({"status": "rejected", "code": 21211, "message": "Invalid 'To' phone number"}),
                True,
            )
            results.append([p["name"], "número inválido"])
        elif i == 11:
            res, err = (
                pretty(
                    {
                        "status": "rejected",
                        "code": 21610,
                        "message": "Attempt to send to unsubscribed recipient",
                    }
                ),
                True,
            )
            results.append([p["name"], "descadastrado (opt-out)"])
        else:
            res, err = pretty({"status": "queued"}), False
            results.append([p["name"], "enviado"])
        t.call(
            "sms_send",
            {"to": p["phone"], "body": msg, "sender_id": "CLINICAVM"},
            res,
            error=err,
            text="Enviando os lembretes." if i == 0 else "",
        )
    t.call(
        "task_create",
        {
            "queue": "recepcao",
            "title": "Ligar para 2 pacientes sem SMS",
            "body": f"{results[5][0]}: número inválido; {results[11][0]}: opt-out de SMS. Confirmar "
            "consulta por telefone.",
        },
        pretty({"task_id": "REC-8812"}),
    )
    t.say(
        "13 lembretes enviados. Dois não foram: "
        + f"{results[5][0]} (número inválido) e {results[11][0]} (optou por não receber SMS). "
        "Criei a tarefa REC-8812 para a recepção ligar para eles."
    )
    return t.healthy(
        "Fan-out: sms_send to fifteen different patients with the same template; thirteen identical 'queued' "
        "acknowledgements and two failures with different error codes, followed by a task for the front "
        "desk. "
        "Identical results for different recipients are not a loop."
    )


def many_edits_one_file() -> Scenario:
    t = Trace(
        "blind7-healthy-many-edits-one-file-i18n",
        "Cursor-style agent externalises twelve hard-coded strings in one React component, one edit per "
        "string "
        "with near-identical acknowledgements, then runs lint and the tests.",
        agent="Cursor-style IDE agent (search_replace, run_terminal_cmd)",
        model="claude-sonnet-4-5",
        ids="toolu",
    )
    t.user(
        "Move all user-facing strings in src/pages/Checkout.tsx into i18n (keys under checkout.*). German "
        "translations too."
    )
    strings = [
        ("Your cart", "title"),
        ("Subtotal", "subtotal"),
        ("Shipping", "shipping"),
        ("Free", "free"),
        ("Taxes", "taxes"),
        ("Total", "total"),
        ("Apply coupon", "applyCoupon"),
        ("Coupon code", "couponPlaceholder"),
        ("Place order", "placeOrder"),
        ("Processing…", "processing"),
        ("Payment failed. Try another card.", "paymentFailed"),
        ("Back to cart", "back"),
    ]
    t.call(
        "read_file",
        {"target_file": "src/pages/Checkout.tsx"},
        "… 184 lines; 12 string literals in JSX (lines 22-171) …",
    )
    for i, (text, key) in enumerate(strings):
        t.call(
            "search_replace",
            {
                "file_path": "src/pages/Checkout.tsx",
                "old_string": f">{text}<",
                "new_string": f">{{t('checkout.{key}')}}<",
            },
            "The file src/pages/Checkout.tsx has been updated.",
            text="One string at a time so each replacement is unambiguous." if i == 0 else "",
        )
    de = {
        "title": "Dein Warenkorb",
        "subtotal": "Zwischensumme",
        "shipping": "Versand",
        "free": "Kostenlos",
        "taxes": "Steuern",
        "total": "Gesamt",
        "applyCoupon": "Gutschein einlösen",
        "couponPlaceholder": "Gutscheincode",
        "placeOrder": "Bestellung aufgeben",
        "processing": "Wird verarbeitet…",
        "paymentFailed": "Zahlung fehlgeschlagen. Bitte andere Karte verwenden.",
        "back": "Zurück zum Warenkorb",
    }
    t.act(
        "Adding the keys to both locale files.",
        Call(
            "edit_file",
            {"target_file": "src/locales/en/checkout.json", "code_edit": pretty({k: s for s, k in strings})},
            "Wrote 12 keys.",
        ),
        Call(
            "edit_file",
            {"target_file": "src/locales/de/checkout.json", "code_edit": pretty(de)},
            "Wrote 12 keys.",
        ),
    )
    t.call(
        "run_terminal_cmd",
        {
            "command": "npm run lint -- src/pages/Checkout.tsx && npx vitest run "
            "src/pages/__tests__/Checkout.test.tsx"
        },
        "✔ No lint problems\n ✓ src/pages/__tests__/Checkout.test.tsx (9 tests) 412ms\n Test Files  1 "
        "passed (1)\n      Tests  9 passed (9)",
    )
    t.say(
        "All 12 strings in Checkout.tsx now use t('checkout.*'); en and de locale files added. Lint and "
        "the 9 Checkout tests pass."
    )
    return t.healthy(
        "Many edits to one file: twelve search_replace calls on the same file, each replacing a different "
        "string and acknowledged with the identical 'has been updated' message; then locale files and a "
        "green "
        "test run. Incremental same-file edits are progress."
    )


def crm_bulk_update_acks() -> Scenario:
    t = Trace(
        "blind7-healthy-crm-stage-updates-identical-acks",
        "Sales assistant moves twenty deals to a new stage one by one after a pipeline review; every update "
        'returns the same {"success": true}.',
        agent="Sales assistant (Salesforce-like REST: query, update)",
        model="gpt-4o-mini",
        ids="call",
    )
    t.user(
        "From today's pipeline review: move all 20 deals tagged 'review-2026-03-04' from Proposal to "
        "Negotiation and set next step to 'Legal review'."
    )
    ids = [f"0065e00000{t.token(7).upper()}" for _ in range(20)]
    t.call(
        "sf_query",
        {"soql": "SELECT Id, Name, StageName FROM Opportunity WHERE Tags__c INCLUDES ('review-2026-03-04')"},
        pretty(
            {
                "totalSize": 20,
                "records": [{"Id": i, "StageName": "Proposal/Price Quote"} for i in ids[:4]]
                + [{"…": "16 more"}],
            }
        ),
    )
    for k, i in enumerate(ids):
        t.call(
            "sf_update_record",
            {
                "sobject": "Opportunity",
                "id": i,
                "fields": {"StageName": "Negotiation/Review", "NextStep": "Legal review"},
            },
            '{"success": true, "errors": []}',
            text="Updating the 20 opportunities." if k == 0 else "",
        )
    t.call(
        "sf_query",
        {
            "soql": "SELECT COUNT() FROM Opportunity WHERE Tags__c INCLUDES ('review-2026-03-04') AND "
            "StageName = 'Negotiation/Review'"
        },
        pretty({"totalSize": 20}),
    )
    t.say(
        "All 20 tagged opportunities are now in Negotiation/Review with next step 'Legal review' "
        "(verified by a count query)."
    )
    return t.healthy(
        "Bulk writes acknowledged alike: twenty sf_update_record calls on twenty different records, each "
        "answered by the identical '{\"success\": true}'; a verification query ends it. Result-only "
        "hashing would "
        "see 'no effect', but every call changes a different record."
    )


def notion_bulk_append() -> Scenario:
    t = Trace(
        "blind7-healthy-docs-notion-bulk-append-sections",
        "Documentation agent builds an onboarding guide by appending ten sections to one page; each append "
        "returns the same shape of success response.",
        agent="Documentation agent (Notion-like blocks API)",
        model="claude-opus-4-1",
        ids="toolu",
    )
    t.user(
        "Create the new-hire onboarding guide for the data team in Notion from the outline in the "
        "'Onboarding v2 outline' doc."
    )
    sections = [
        "Welcome & team map",
        "Accounts & access (Okta, Snowflake, dbt Cloud)",
        "Laptop setup",
        "Data platform overview",
        "dbt conventions",
        "Airflow DAG ownership",
        "On-call for data incidents",
        "Dashboards we maintain",
        "First-week checklist",
        "Who to ask",
    ]
    t.call(
        "notion_search",
        {"query": "Onboarding v2 outline"},
        pretty({"results": [{"id": "6b0e…a1", "title": "Onboarding v2 outline"}]}),
    )
    t.call(
        "notion_get_page_content",
        {"page_id": "6b0e…a1"},
        "\n".join(f"{i + 1}. {s}" for i, s in enumerate(sections)),
    )
    t.call(
        "notion_create_page",
        {
            "parent": {"page_id": "2f8c…d4"},
            "properties": {"title": [{"text": {"content": "Data team onboarding guide"}}]},
        },
        pretty(
            {
                "id": "a41d77e0-5c2b-4f7e-9d11-0c6b8e2f1a93",
                "url": "https://notion.so/Data-team-onboarding-guide-a41d77e0",
            }
        ),
    )
    for i, s in enumerate(sections):
        blocks = [
            {"type": "heading_2", "heading_2": {"rich_text": [{"text": {"content": f"{i + 1}. {s}"}}]}},
            {
                "type": "paragraph",
                "paragraph": {
                    "rich_text": [
                        {
                            "text": {
                                "content": f"{s}: what you need to know in week one. "
                                + t.rng.choice(
                                    ["Ask in #data-team.", "Links below.", "See the checklist at the end."]
                                )
                            }
                        }
                    ]
                },
            },
            {
                "type": "to_do",
                "to_do": {"rich_text": [{"text": {"content": f"Done with '{s}'"}}], "checked": False},
            },
        ]
        t.call(
            "notion_append_blocks",
            {"block_id": "a41d77e0-5c2b-4f7e-9d11-0c6b8e2f1a93", "children": blocks},
            pretty(
                {
                    "object": "list",
                    "results": [{"object": "block", "type": b["type"]} for b in blocks],
                    "has_more": False,
                }
            ),
            text="Appending the sections in order." if i == 0 else "",
        )
    t.say(
        "Created 'Data team onboarding guide' with all 10 sections from the outline, each with a short "
        "intro and a checkbox."
    )
    return t.healthy(
        "Bulk writes: ten notion_append_blocks calls to the same page with different content, each answered "
        "with the same success shape; the guide is finished. Building a document section by section is not a "
        "loop."
    )


BUILDERS: list[Builder] = [
    crm_cursor_pagination,
    siem_scroll_same_args,
    logistics_batch_geocode,
    sheet_read_chunks,
    browser_infinite_scroll,
    sre_fanout_hosts,
    security_ioc_fanout,
    docs_link_check,
    read_many_files_migration,
    healthcare_reminder_fanout_pt,
    many_edits_one_file,
    crm_bulk_update_acks,
    notion_bulk_append,
]
