"""Healthy paging: resumption tokens, page tokens, offsets, server-side cursors behind identical
arguments, streaming chunk reads and scrolling, each stopping once the end is reached."""

from __future__ import annotations

from typing import Any

from .builder import Trace, csv_text, md_table


def oai_pmh_harvest(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Library agent harvests a digitised-maps set over OAI-PMH, following resumption tokens through five "
        "XML pages, and reports the count.",
        ids="gemini",
        meta={"agent": "digital collections assistant", "domain": "library and archives", "language": "en"},
    )
    t.user(
        "Harvest all Dublin Core records from the 'maps1900' set of the partner repository and tell me how "
        "many there are."
    )
    titles = [
        "Plan miasta Krakowa",
        "Carte routière de l'Alsace",
        "Stadtplan von Breslau",
        "Mapa Galicji",
        "Wegenkaart Zeeland",
        "Carta d'Italia foglio 12",
        "Map of the Tatra Mountains",
        "Plan de Lyon",
        "Karte des Riesengebirges",
        "Mapa Śląska Cieszyńskiego",
        "Kaart van Amsterdam",
        "Pianta di Trieste",
    ]
    tokens = ["", "maps1900!200!2026", "maps1900!400!2026", "maps1900!600!2026", "maps1900!800!2026"]
    total = 0
    for page, token in enumerate(tokens):
        n = 200 if page < 4 else 57
        first = titles[(page * 3) % len(titles)]
        second = titles[(page * 3 + 1) % len(titles)]
        nxt = tokens[page + 1] if page + 1 < len(tokens) else ""
        rt = (
            f'<resumptionToken completeListSize="857" cursor="{page * 200}">{nxt}</resumptionToken>'
            if nxt
            else f'<resumptionToken completeListSize="857" cursor="{page * 200}"/>'
        )
        body = (
            "<OAI-PMH><ListRecords><record><header><identifier>oai:partner:maps/"
            f"{10000 + page * 200}</identifier></header><metadata><dc:title>{first}</dc:title>"
            "</metadata></record><record><header><identifier>oai:partner:maps/"
            f"{10001 + page * 200}</identifier></header><metadata>"
            f"<dc:title>{second}</dc:title></metadata></record><!-- {n - 2} more records -->{rt}"
            "</ListRecords></OAI-PMH>"
        )
        total += n
        args = (
            {"verb": "ListRecords", "metadataPrefix": "oai_dc", "set": "maps1900"}
            if page == 0
            else {"verb": "ListRecords", "resumptionToken": token}
        )
        t.act(
            "Starting the harvest." if page == 0 else "Following the resumption token.",
            "oai_request",
            args,
            body,
        )
    t.say(f"Harvest complete: {total} records in set maps1900 (matches completeListSize 857).")
    return t.healthy(
        "oai_request is called five times, each with a new resumption token taken from the previous page, "
        "each page bringing new records; the harvest stops when the token comes back empty. Token-based "
        "pagination, healthy."
    )


def audit_trail_pages(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Clinical data agent exports a subject's EDC audit trail page by page with next_page_token, then "
        "summarises who changed the dosing record.",
        ids="anthropic",
        meta={"agent": "clinical data management copilot", "domain": "clinical trials", "language": "en"},
    )
    t.user("Who changed the dose on subject 104-0032's EX form, and when? Go through the full audit trail.")
    pages = [
        [
            ("2026-01-05 09:12", "site104.crc1", "DM", "created"),
            ("2026-01-05 09:20", "site104.crc1", "VS V1", "entered"),
        ],
        [
            ("2026-01-19 11:02", "site104.crc1", "AE", "created"),
            ("2026-01-19 11:40", "site104.inv", "AE", "signed"),
        ],
        [
            (
                "2026-02-02 08:55",
                "site104.crc2",
                "EX C2",
                "EXDOSE 200 -> 150 (reason: dose reduction per protocol 6.3)",
            ),
            ("2026-02-02 09:03", "cra.mlopez", "EX C2", "SDV complete"),
        ],
        [("2026-02-16 10:10", "site104.crc1", "VS V4", "entered")],
    ]
    token = None
    for i, rows in enumerate(pages):
        args: dict[str, Any] = {"study": "ONC-2231", "subject": "104-0032", "page_size": 50}
        if token:
            args["page_token"] = token
        token = f"eyJvZmZzZXQiOj{i + 1}fQ" if i + 1 < len(pages) else None
        t.act(
            "Reading the audit trail." if i == 0 else "Next page.",
            "edc_audit_trail",
            args,
            {
                "entries": [{"at": a, "user": u, "form": f, "action": x} for a, u, f, x in rows],
                "next_page_token": token,
            },
        )
    t.say(
        "site104.crc2 reduced EXDOSE on cycle 2 from 200 to 150 mg on 2026-02-02 08:55 (reason: dose "
        "reduction "
        "per protocol 6.3); the CRA completed SDV at 09:03."
    )
    return t.healthy(
        "edc_audit_trail is called four times, each with the next_page_token from the previous page and new "
        "entries each time; it stops when the token is null. Pagination, healthy."
    )


def match_log_tail(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Game server agent tails a crashing match server's log with identical arguments (server-side "
        "cursor); "
        "each call returns new lines until the crash trace appears.",
        ids="openai",
        meta={"agent": "live-ops assistant", "domain": "game server operations", "language": "en"},
    )
    t.user(
        "Match servers on eu-fra-12 keep crashing mid-game. Watch the log of the next match and find the "
        "cause."
    )
    chunks = [
        "[18:02:11] match 88120 start map=Harbor mode=ranked players=10\n[18:02:11] tickrate 64\n",
        "[18:04:37] round 3 end score 2-1\n[18:04:38] player 4471 reconnect ok\n",
        "[18:06:02] round 6 end score 3-3\n[18:06:05] spawn wave 7 entities=212\n",
        "[18:07:19] round 8 start\n[18:07:20] physics: 1289 active bodies (soft cap 1024)\n",
        "[18:07:31] physics: 2114 active bodies\n[18:07:33] WARN tick overrun 48ms\n",
        "[18:07:34] FATAL out of memory in PhysicsWorld::step (alloc 512MB)\n[18:07:34] core dumped "
        "/var/crash/match-88120.core\n",
    ]
    for i, c in enumerate(chunks):
        t.act("Tailing the log." if i == 0 else "", "tail_log", {"server": "eu-fra-12", "follow": True}, c)
    t.say(
        "Crash cause: the physics world grows past its soft cap during round 8 (1,289 -> 2,114 active "
        "bodies, "
        "tick overruns) and PhysicsWorld::step runs out of memory. Likely the debris from spawn wave 7 is "
        "never "
        "despawned."
    )
    return t.healthy(
        "tail_log is called six times with identical arguments, but the cursor lives on the server and every "
        "call returns new log lines until the fatal error appears; then the agent stops and answers. "
        "Identical "
        "calls with differing results (a server-side cursor) are healthy."
    )


def yard_inventory_offsets(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Port terminal agent pages through the container yard inventory by offset (markdown tables) to find "
        "reefers without power, then lists them.",
        ids="plain",
        meta={"agent": "yard planning assistant", "domain": "port terminal operations", "language": "en"},
    )
    t.user("Find every reefer in block R that is not plugged in.")
    offsets = [0, 200, 400, 600]
    found = []
    for i, off in enumerate(offsets):
        rows = []
        for k in range(4):
            unit = f"{['MSKU', 'CMAU', 'HLXU', 'TGHU'][k]}{7100000 + off * 3 + k * 17}"
            plugged = not (i in (1, 3) and k == 2)
            rows.append(
                [unit, f"R{i + 1:02d}-{k + 3:02d}-2", "RF", "yes" if plugged else "NO", f"{-18 + k}.0"]
            )
            if not plugged:
                found.append(unit)
        shown = min(off + 200, 731) - off
        body = md_table(["unit", "slot", "type", "power", "set_c"], rows)
        body += (
            f"\n| ... | {shown - 4} more rows, all power=yes | | | |\n\nrows {off + 1}-{off + shown} of 731"
        )
        t.act(
            "Reading block R." if i == 0 else "Next page.",
            "yard_inventory",
            {"block": "R", "type": "RF", "offset": off, "limit": 200},
            body,
        )
    t.say(f"Unplugged reefers in block R: {', '.join(found)}. All other 729 units show power.")
    return t.healthy(
        "yard_inventory is paged with offsets 0, 200, 400, 600 over 731 rows; each page is new data and the "
        "agent stops after the last. Offset pagination, healthy."
    )


def lab_results_scroll(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Veterinary computer-use agent scrolls a lab portal's results list with identical scroll actions, "
        "each revealing new rows, until the end marker, then opens the one result it needs.",
        ids="bedrock",
        meta={"agent": "clinic computer-use agent", "domain": "veterinary practice", "language": "en"},
    )
    t.user("Find Biscuit's (Okafor) thyroid panel from the external lab portal and tell me the T4 value.")
    t.act(
        "Opening the results list.",
        "browser_open",
        {"url": "https://lab.example/results?clinic=ZUID"},
        "Results - 84 items. Visible: rows 1-12 (Bella, Milo, Luna, ...).",
    )
    views = [
        "rows 13-24: Rocky CBC, Nala urinalysis, Bruno biochem, Coco T4, ...",
        "rows 25-36: Tiger fecal, Molly CBC, Ollie biochem, Lola urinalysis, ...",
        "rows 37-48: Simba CBC, Daisy biochem, Max T4, Loki cytology, ...",
        "rows 49-60: Pepper CBC, Biscuit (Okafor) Thyroid panel 2026-03-12, Charlie urinalysis, ...",
    ]
    for v in views:
        t.act("", "scroll", {"direction": "down", "amount": 10}, f"Scrolled. Visible {v}")
    t.act(
        "Found it; opening.",
        "click",
        {"text": "Biscuit (Okafor) Thyroid panel 2026-03-12"},
        "Thyroid panel - Biscuit (canine, 9y). Total T4 1.1 ug/dL (ref 1.0-4.0). Free T4 0.6 ng/dL (ref "
        "0.6-3.7). "
        "TSH 0.58 ng/mL (ref 0.05-0.42) H.",
    )
    t.say(
        "Biscuit's panel (12 March): total T4 1.1 µg/dL (low-normal), free T4 0.6 ng/dL (low-normal), TSH "
        "0.58 (high)."
    )
    return t.healthy(
        "scroll is called four times with identical arguments; each reveals new rows, and the agent stops "
        "scrolling as soon as the target appears. Scrolling with new content each time, healthy."
    )


def station_list_pages_cs(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Climate data agent (Czech) lists stations from a metadata API page by page (CSV), stopping at the "
        "short last page, and counts those with complete 1991-2020 records.",
        ids="dashed",
        meta={"agent": "klimatologický asistent", "domain": "weather and climate data", "language": "cs"},
    )
    t.user("Kolik stanic v Jihomoravském kraji má úplnou řadu srážek 1991-2020?")
    names = [
        "Brno-Tuřany",
        "Znojmo-Kuchařovice",
        "Lednice",
        "Hodonín",
        "Vyškov",
        "Kuchařovice",
        "Strážnice",
        "Dyjákovice",
        "Ivančice",
        "Pohořelice",
        "Velké Pavlovice",
        "Blansko",
    ]
    complete = 0
    for page in range(1, 5):
        rows = []
        for k in range(3 if page < 4 else 2):
            idx = (page - 1) * 3 + k
            ok = idx % 3 != 2
            complete += ok
            rows.append([f"B2{idx:03d}", names[idx], "1961" if ok else "1998", "2025", "ano" if ok else "ne"])
        body = csv_text(["id", "name", "from", "to", "complete_1991_2020"], rows, sep=";")
        body += f"# page {page} of 4\n" if page < 4 else "# page 4 of 4 (last)\n"
        t.act(
            "Stahuji seznam stanic." if page == 1 else "Další stránka.",
            "station_meta",
            {"region": "JHM", "element": "SRA", "page": page, "per_page": 3},
            body,
        )
    t.say(f"Úplnou řadu srážek 1991-2020 má {complete} z 11 stanic v Jihomoravském kraji.")
    return t.healthy(
        "station_meta is paged 1..4 (page numbers change, each page new stations, the last page short and "
        "marked last); the agent stops there and answers. Page-number pagination, healthy."
    )


def netconf_chunk_stream(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Telecom agent reads a large NETCONF running-config in chunks with identical read calls on one "
        "session, "
        "each returning the next XML chunk, until EOF; then finds the misconfigured interface.",
        ids="openai",
        meta={
            "agent": "NOC configuration auditor",
            "domain": "telecom network provisioning",
            "language": "en",
        },
    )
    t.user(
        "Pull the running config from pe-ams-03 and check which interfaces have MTU below 9000 on the core."
    )
    t.act(
        "Opening a NETCONF session and requesting get-config.",
        "netconf_get_config",
        {"host": "pe-ams-03", "source": "running", "filter": "interfaces"},
        {"session": "nc-5521", "bytes_total": 48211, "chunk_size": 12000},
    )
    ifs = [
        ("et-0/0/0", 9192, "core-ams-01"),
        ("et-0/0/1", 9192, "core-ams-02"),
        ("et-0/0/2", 1514, "core-rtm-01"),
        ("xe-1/0/0", 9192, "cust-88120"),
        ("xe-1/0/1", 9192, "cust-88121"),
        ("ae0", 9192, "core-lag"),
        ("ae1", 4470, "core-lag-2"),
        ("lo0", 65535, "loopback"),
    ]
    for c in range(4):
        part = ifs[c * 2 : c * 2 + 2]
        xml = "".join(
            f"<interface><name>{n}</name><mtu>{m}</mtu><description>{d}</description></interface>"
            for n, m, d in part
        )
        tail = "\n<!-- EOF -->" if c == 3 else ""
        t.act(
            "" if c else "Reading chunks.",
            "netconf_read_chunk",
            {"session": "nc-5521"},
            f'<chunk seq="{c + 1}">{xml}</chunk>{tail}',
        )
    t.say(
        "Core interfaces below MTU 9000 on pe-ams-03: et-0/0/2 (1514, core-rtm-01) and ae1 (4470, "
        "core-lag-2)."
    )
    return t.healthy(
        "netconf_read_chunk is called four times with identical arguments on one session; each returns the "
        "next chunk (sequence 1-4) and the agent stops at EOF. A streaming read with a server-side cursor, "
        "healthy."
    )


SCENARIOS = [
    ("oai-pmh-harvest", oai_pmh_harvest),
    ("edc-audit-trail-pages", audit_trail_pages),
    ("match-log-tail", match_log_tail),
    ("yard-inventory-offsets", yard_inventory_offsets),
    ("lab-results-scroll", lab_results_scroll),
    ("station-list-pages-cs", station_list_pages_cs),
    ("netconf-chunk-stream", netconf_chunk_stream),
]
