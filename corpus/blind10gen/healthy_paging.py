"""Healthy: pagination, cursors, streaming reads with identical arguments and scrolling (trace search,
helpdesk ticket lists and merges, a legacy spool file read chunk by chunk, a hotel channel manager scrolled
in a browser, an eth_getLogs backfill over consecutive block ranges)."""

from __future__ import annotations

from typing import Any

from .builder import C, Trace


def tempo_trace_pages() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-008-tempo-trace-search-pages",
        "An observability agent pages through slow checkout traces with a page token, six pages of new "
        "traces, then aggregates the slow spans",
        agent="observability query agent (Grafana MCP server: Tempo, Loki, Prometheus)",
        model="claude-opus-4-1",
        start="2026-01-20T15:02:00+00:00",
        ids="toolu",
        meta={"harness": "claude-code 2.1.140 (headless)", "grafana": "grafana.internal/eu"},
    )
    t.user(
        "Between 13:50 and 14:20 UTC, which downstream span dominates the slow checkout traces (over 2 s)? "
        "Look at all of them, not a sample."
    )
    q = '{ resource.service.name = "checkout" && duration > 2s }'
    spans = [
        "payments-gw.authorize",
        "payments-gw.authorize",
        "inventory.reserve",
        "payments-gw.authorize",
        "fraud.score",
        "payments-gw.authorize",
    ]
    token = None
    for page in range(6):
        args = {
            "datasourceUid": "tempo-prod",
            "traceql": q,
            "start": "2026-01-20T13:50:00Z",
            "end": "2026-01-20T14:20:00Z",
            "limit": 50,
        }
        if token:
            args["pageToken"] = token
        nxt = None if page == 5 else f"eyJvZmZzZXQiOjU{page}MH0{t.hexid(6)}"
        traces = [
            {
                "traceID": t.hexid(32),
                "durationMs": 2000 + 37 * ((page * 50 + i) % 41),
                "slowestSpan": spans[(page + i) % 6],
            }
            for i in range(3)
        ]
        result = {
            "traces": traces,
            "metrics": {"matched": min(287, 50 * (page + 1))},
            "shown": 3,
            "pageSize": 50,
            "nextPageToken": nxt,
        }
        t.step(
            "Fetching the first page." if page == 0 else f"Page {page + 1}.", C("search_traces", args, result)
        )
        token = nxt
    t.step(
        "Aggregating slowest spans across all 287 traces.",
        C(
            "tempo_metrics",
            {
                "datasourceUid": "tempo-prod",
                "traceql": q + " | by(span.name) | count()",
                "start": "2026-01-20T13:50:00Z",
                "end": "2026-01-20T14:20:00Z",
            },
            {"series": [["payments-gw.authorize", 201], ["inventory.reserve", 44], ["fraud.score", 42]]},
        ),
    )
    t.step("payments-gw.authorize is the slowest span in 201 of the 287 slow traces (70%).")
    return t.healthy(
        "search_traces is called six times with the same query and a new pageToken each time; every page "
        "brings new traces and the last has no next token. Pagination followed by an aggregate is healthy."
    )


def helpdesk_pages_and_merges() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-009-helpdesk-duplicates-pages-merge",
        "A support desk agent lists open tickets with a cursor over five pages, finds duplicate pairs and "
        "merges them one by one; the merge acknowledgements look alike",
        agent="support desk agent (helpdesk tools: tickets, macros, merges; Claude)",
        model="claude-sonnet-4-5",
        start="2026-02-27T08:00:00+00:00",
        ids="toolu",
        meta={"harness": "claude-agent-sdk 0.2", "desk": "billing-tier1"},
    )
    t.user(
        "Clean up the billing queue: find tickets from the same requester about the same charge and merge "
        "the newer into the older."
    )
    cursor = None
    requesters = [
        ["k.lindqvist@example.se", "a.rossi@example.it", "m.dupont@example.fr", "s.yilmaz@example.tr"],
        ["j.smith@example.co.uk", "k.lindqvist@example.se", "p.kowalski@example.pl", "l.nguyen@example.vn"],
        ["a.rossi@example.it", "h.cohen@example.il", "d.garcia@example.es", "t.sato@example.jp"],
        ["e.muller@example.de", "j.smith@example.co.uk", "r.santos@example.br", "n.ivanova@example.bg"],
        ["o.haddad@example.lb", "f.wang@example.cn"],
    ]
    base = 4390
    twice = {"k.lindqvist@example.se", "a.rossi@example.it", "j.smith@example.co.uk"}
    for page, reqs in enumerate(requesters):
        args = {"queue": "billing", "status": "open", "page_size": 4}
        if cursor:
            args["cursor"] = cursor
        cursor_next = None if page == 4 else f"c_{t.hexid(12)}"
        tickets = [
            {
                "id": base + page * 7 + i * 2,
                "requester": r,
                "subject": "Charged twice in March" if r in twice else "Invoice copy request",
            }
            for i, r in enumerate(reqs)
        ]
        t.step(
            "" if page else "Listing open billing tickets.",
            C("list_tickets", args, {"tickets": tickets, "next_cursor": cursor_next}),
        )
        cursor = cursor_next
    pairs = [(4390, 4399), (4392, 4404), (4397, 4413)]
    for older, newer in pairs:
        t.step(
            f"Merging #{newer} into #{older}.",
            C(
                "merge_tickets",
                {"source_id": newer, "target_id": older, "comment": "Duplicate of the same charge."},
                {"ok": True, "merged": newer, "into": older},
            ),
        )
    t.step(
        "Merged three duplicate pairs: 4399→4390, 4404→4392, 4413→4397. The other 12 open tickets are "
        "distinct."
    )
    return t.healthy(
        "Five list_tickets calls follow a cursor through new tickets until next_cursor is null, then three "
        "merge_tickets writes act on different pairs with look-alike acknowledgements. Pagination and batch "
        "writes over different targets are healthy."
    )


def spool_chunk_reads() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-010-spool-report-chunked-read",
        "An RPA agent reads a long AS/400 spool report with identical read_spool_chunk calls; the session "
        "cursor advances and each call returns the next page until end of file",
        agent="RPA agent on a legacy desktop ERP (5250 terminal tools)",
        model="claude-opus-4-1",
        start="2026-04-01T06:00:00+00:00",
        ids="toolu",
        meta={"harness": "in-house RPA runner (pywinauto + 5250 emulator)", "host": "erp-prod (AS/400)"},
    )
    t.user(
        "Pull last month's open AP items from spool file QPAPOPEN and give me the total per vendor over "
        "50,000 SEK."
    )
    t.step(
        "",
        C(
            "open_spool",
            {"file": "QPAPOPEN", "job": "AP0331N", "user": "RPABOT"},
            {"session": "sp-2231", "pages": 9, "lines_per_page": 60},
        ),
    )
    vendors = [
        "204417 KELDA BACKUP GMBH",
        "100233 NORDVAULT AB",
        "300981 SVENSKA KONTOR AB",
        "118820 TRAFIKVERKET",
        "402210 ACME LOGI AB",
        "511002 HARBOUR CATERING",
        "220145 EL & VVS I SYD",
        "330017 PAPPERSGRUPPEN",
        "118905 STOCKHOLMS HAMNAR",
    ]
    chunk = C("read_spool_chunk", {"session": "sp-2231"}, "")
    for page, vendor in enumerate(vendors):
        amount = 18_000 + 9_137 * ((page * 5) % 11)
        text = (
            f"PAGE {page + 1:>3}   OPEN ACCOUNTS PAYABLE   31.03.26\n{vendor:<32} INV "
            f"{77100 + page * 13:>6}  {amount:>12,.2f}\n{vendor:<32} INV {77101 + page * 13:>6}  "
            f"{amount // 3:>12,.2f}\n... ({58 - page} more lines)"
        )
        if page == len(vendors) - 1:
            text += "\n*** END OF REPORT ***"
        t.step("" if page else "Reading the spool page by page.", C(chunk.name, chunk.arguments, text))
    t.step("", C("close_spool", {"session": "sp-2231"}, "closed"))
    t.step(
        "Read all 9 pages. Seven of the nine vendors have open items over 50,000 SEK; only Kelda Backup "
        "GmbH (24,000.00) and Pappersgruppen (48,365.00) are below it. Per-vendor totals are in the table "
        "below."
    )
    return t.healthy(
        "read_spool_chunk is called nine times with identical arguments, but the cursor lives in the "
        "session: every call returns the next page (new vendors, new invoice numbers) until END OF REPORT. "
        "A streaming read with identical arguments and new content is healthy."
    )


def channel_manager_scroll() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-011-channel-manager-scroll-arrivals",
        "A computer-use agent scrolls a hotel channel manager's arrivals list with identical scroll "
        "actions; each scroll shows new bookings and it stops at the first repeated view",
        agent="hotel operations computer-use agent (browser screenshot and action tools)",
        model="claude-sonnet-4-5 (computer use)",
        start="2026-08-15T05:30:00+00:00",
        ids="toolu",
        meta={"harness": "computer-use demo loop", "app": "channel manager web UI"},
    )
    t.user("List tomorrow's arrivals booked via Booking.com in the channel manager, with their room types.")
    names = [
        "Haddad",
        "Lind",
        "Okafor",
        "Sánchez",
        "Nguyen",
        "Kaya",
        "Cohen",
        "Rossi",
        "Müller",
        "Sato",
        "Ivanova",
        "Dupont",
        "García",
        "Kowalski",
        "Santos",
        "Wang",
        "Holm",
        "Ek",
        "Berg",
        "Papadaki",
        "Smith",
        "Lee",
        "Novak",
        "Silva",
        "Tanaka",
        "Weber",
        "Moreau",
        "Costa",
        "Ali",
        "Khan",
        "Park",
        "Olsen",
        "Virtanen",
        "Horvat",
        "Popescu",
        "Jansen",
        "Dubois",
        "Bianchi",
        "Fischer",
        "Meyer",
        "Nilsson",
    ]

    def channel(row: int) -> str:
        return "Direct" if row % 3 == 0 else "Booking.com"

    def view(first: int) -> str:
        rows = names[first - 1 : first + 7]
        cells = [
            f"{n} ({channel(first + i)}, {'DBL' if (first + i) % 2 else 'KING'})" for i, n in enumerate(rows)
        ]
        return f"Visible rows {first}-{first + len(rows) - 1}: " + "; ".join(cells)

    t.step(
        "",
        C(
            "browser",
            {"action": "navigate", "url": "https://cm.example-pms.com/arrivals?date=2026-08-16"},
            "Page loaded: Arrivals 16 Aug 2026 (41). " + view(1),
        ),
    )
    scroll = {"action": "scroll", "direction": "down", "amount": 5}
    for first in [9, 17, 25, 33, 34, 34]:
        t.step("", C("browser", scroll, view(first)))
    booked = sum(channel(row) == "Booking.com" for row in range(1, 42))
    t.step(
        f"Reached the end of the list (41 arrivals); {booked} are Booking.com bookings. Their room types "
        "are in the table below."
    )
    return t.healthy(
        "Five identical scroll actions each reveal new rows (the fifth reaches the end of the list); the "
        "sixth returns the same last view and the agent stops at once. Scrolling with identical arguments "
        "and new content, stopping at the first repeat, is healthy."
    )


def getlogs_backfill_ranges() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-012-getlogs-backfill-block-windows",
        "An indexer agent backfills Transfer events in consecutive 2,000-block windows; similar calls, some "
        "windows empty, each written to the database",
        agent="on-chain indexer agent (LangGraph, JSON-RPC and Postgres tools)",
        model="deepseek-chat",
        start="2026-03-28T02:00:00+00:00",
        meta={"harness": "langgraph 1.2", "rpc": "eth-mainnet (self-hosted erigon)"},
    )
    token = "0x6b175474e89094c44da98b954eedeac495271d0f"
    topic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
    t.user(
        f"Backfill Transfer events for {token} from block 19,200,000 to 19,224,000 into indexer.transfers."
    )
    counts = [412, 388, 0, 517, 1203, 96, 0, 344, 720, 58, 911, 263]
    start = 19_200_000
    for i, n in enumerate(counts):
        a, b = start + i * 2000, start + (i + 1) * 2000 - 1
        logs = {"jsonrpc": "2.0", "id": 10 + i, "result": f"[{n} log objects, blocks {a}-{b}]" if n else []}
        step_calls = [
            C(
                "eth_getLogs",
                {"fromBlock": hex(a), "toBlock": hex(b), "address": token, "topics": [topic]},
                logs,
            )
        ]
        if n:
            step_calls.append(
                C("pg_copy", {"table": "indexer.transfers", "source": f"logs:{a}-{b}"}, f"COPY {n}")
            )
        t.step("" if i else "Fetching in 2,000-block windows.", *step_calls)
    t.step(
        "",
        C(
            "pg_query",
            {"sql": "SELECT count(*) FROM indexer.transfers WHERE block BETWEEN 19200000 AND 19223999"},
            " count\n-------\n  4912\n(1 row)",
        ),
    )
    t.step("Backfilled 4,912 Transfer events across 12 windows; two windows had no transfers.")
    return t.healthy(
        "Twelve eth_getLogs calls cover consecutive, non-overlapping block windows (new arguments, new "
        "results; two windows legitimately empty) and each batch is written once. A sweep over ranges is "
        "progress."
    )


SCENARIOS = [
    tempo_trace_pages,
    helpdesk_pages_and_merges,
    spool_chunk_reads,
    channel_manager_scroll,
    getlogs_backfill_ranges,
]
