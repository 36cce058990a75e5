"""Healthy runs that fan out or page: many files, a parallel batch answered out of order, sub-agents with
different tasks, per-target failures, parameter sweeps, and four kinds of pagination."""

from __future__ import annotations

from typing import Any

from blind21gen.builder import Trace, call, csv, healthy, js, jsi, jsp, table


@healthy("llvm-update-check-lines-fanout")
def llvm_fanout(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A compiler-development agent reads six lit tests one by one to see which need new CHECK lines "
        "after a "
        "pass change.",
        domain="compiler development (LLVM)",
        language="en",
        ids="openai",
        harness="Codex-style agent (read_file/apply_patch/run_command)",
        started="2026-02-12T10:00:00Z",
    )
    t.user("After the select fold change, which FoldSelect tests still expect the unfolded select?")
    t.say(
        "Listing the tests.",
        call(
            "run_command",
            {"command": "ls test/Transforms/FoldSelect/"},
            "eq-zero.ll\nne-zero.ll\nvector.ll\nswapped.ll\nptr.ll\nnegative.ll\nlit.local.cfg",
        ),
    )
    files = {
        "eq-zero.ll": "; CHECK-NEXT: ret i32 %x",
        "ne-zero.ll": "; CHECK-NEXT: ret i32 %x",
        "vector.ll": "; CHECK-NEXT: %r = select <4 x i1> %c, <4 x i32> zeroinitializer, <4 x i32> %x",
        "swapped.ll": "; CHECK-NEXT: %r = select i1 %c, i32 %x, i32 0",
        "ptr.ll": "; CHECK-NEXT: ret ptr %p",
        "negative.ll": "; CHECK-NEXT: %r = select i1 %c, i32 1, i32 %x",
    }
    for name, line in files.items():
        t.say(
            f"Reading {name}.",
            call(
                "read_file",
                {"path": f"test/Transforms/FoldSelect/{name}"},
                f"; RUN: opt ... -passes=fold-select-of-cmp -S %s | FileCheck %s\n...\n{line}\n...",
            ),
        )
    t.say(
        "vector.ll still expects the select with zeroinitializer, which the new eq fold now removes; "
        "swapped.ll and negative.ll keep their selects on purpose (different operand order / non-zero "
        "constant). Only vector.ll needs updated CHECK lines."
    )
    return t.healthy("Six reads of six different files; fan-out over targets is not repetition.")


@healthy("ca-rooms-parallel-out-of-order")
def ca_rooms(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An orchard packhouse agent reads all controlled-atmosphere rooms in one parallel batch answered out "
        "of order.",
        domain="orchard fruit packhouse",
        language="en",
        ids="adk",
        harness="Google ADK agent",
        started="2026-10-22T06:00:00Z",
    )
    t.user("Morning check: are all CA rooms within their O2/CO2 setpoints?")
    rooms = {
        "CA-1": (1.2, 1.0, 1.2, 1.0),
        "CA-2": (1.3, 1.1, 1.2, 1.0),
        "CA-3": (2.4, 0.8, 1.2, 1.0),
        "CA-4": (1.2, 1.0, 1.2, 1.0),
        "CA-5": (0.9, 1.4, 1.0, 1.5),
    }
    calls = [
        call(
            "ca.read_room",
            {"room": r},
            jsp({"room": r, "o2_pct": o2, "co2_pct": co2, "o2_set": so2, "co2_set": sco2}),
        )
        for r, (o2, co2, so2, sco2) in rooms.items()
    ]
    t.say("Reading all five rooms.", *calls, order=[2, 0, 4, 1, 3])
    t.say(
        "CA-3 O2 is 2.4% against a 1.2% setpoint, so the door seal or scrubber needs checking. The other "
        "rooms are within 0.1%."
    )
    return t.healthy("One parallel batch over five different rooms, answered out of order; a fan-out.")


@healthy("binder-design-subagents")
def binder_subagents(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A protein-design orchestrator gives three sub-agents three different tasks and combines their "
        "reports.",
        domain="computational protein design",
        language="en",
        ids="anthropic",
        harness="Claude Code (Task sub-agents)",
        started="2026-06-04T09:00:00Z",
    )
    t.user(
        "Assess binder DB-45 for expression: structure confidence, solubility, and any liabilities like "
        "free cysteines or glyco sites."
    )
    t.say(
        "Splitting the checks across sub-agents.",
        call(
            "Task",
            {
                "subagent_type": "structure-predictor",
                "description": "DB-45 structure",
                "prompt": "Predict DB-45 and report pLDDT by region.",
            },
            "DB-45: mean pLDDT 88.1; no region below 70. Helices well packed.",
        ),
        call(
            "Task",
            {
                "subagent_type": "solubility-checker",
                "description": "DB-45 solubility",
                "prompt": "Estimate solubility and aggregation hotspots.",
            },
            "Predicted soluble (score 0.71). One hydrophobic patch at 22–27 (LIVAFL), surface exposed.",
        ),
        call(
            "Task",
            {
                "subagent_type": "sequence-liabilities",
                "description": "DB-45 liabilities",
                "prompt": "Scan for Cys, N-glyc motifs, deamidation.",
            },
            "No Cys. One NxS motif at N61 (NAS). Two NG deamidation sites (N12, N40).",
        ),
        order=[1, 0, 2],
    )
    t.say(
        "DB-45 looks expressible: confident fold (pLDDT 88), predicted soluble, no cysteines. Consider "
        "mutating the exposed LIVAFL patch and N61 (glycosylation in mammalian expression)."
    )
    return t.healthy("Three sub-agents with three different tasks, each delegated once.")


@healthy("ap-config-push-per-target-failures")
def ap_push(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A Wi-Fi agent pushes a channel plan to six access points in parallel; two fail with their own "
        "reasons and are retried individually.",
        domain="enterprise Wi-Fi site survey",
        language="en",
        ids="bedrock",
        harness="Bedrock network agent",
        started="2026-02-21T19:00:00Z",
    )
    t.user("Apply the new 5 GHz channel plan to floor 3 tonight.")
    plan = {"AP-3-01": 36, "AP-3-02": 52, "AP-3-03": 100, "AP-3-04": 116, "AP-3-05": 132, "AP-3-06": 149}
    results = {
        "AP-3-03": (
            "AP-3-03: config rejected - channel 100 requires DFS, radio in non-DFS regulatory profile",
            True,
        ),
        "AP-3-05": ("AP-3-05: unreachable (CAPWAP tunnel down since 18:42)", True),
    }
    calls = []
    for ap, ch in plan.items():
        content, err = results.get(ap, (js({"ap": ap, "channel": ch, "applied": True}), False))
        calls.append(call("wlan.set_channel", {"ap": ap, "band": "5GHz", "channel": ch}, content, error=err))
    t.say("Pushing the plan to all six APs.", *calls, order=[0, 2, 1, 4, 3, 5])
    t.say(
        "AP-3-03 needs the DFS profile first.",
        call("wlan.set_reg_profile", {"ap": "AP-3-03", "profile": "ETSI-DFS"}, js({"ok": True})),
    )
    t.say(
        "Re-applying channel 100 on AP-3-03.",
        call(
            "wlan.set_channel",
            {"ap": "AP-3-03", "band": "5GHz", "channel": 100},
            js({"ap": "AP-3-03", "channel": 100, "applied": True}),
        ),
    )
    t.say(
        "AP-3-05 is unreachable; opening a ticket for on-site power-cycling.",
        call(
            "tickets.create",
            {"queue": "net-onsite", "title": "AP-3-05 CAPWAP down since 18:42"},
            js({"ticket": "NET-8812"}),
        ),
    )
    t.say(
        "Plan applied on 5 of 6 APs. AP-3-05 is offline (ticket NET-8812); it needs channel 132 once it is "
        "back."
    )
    return t.healthy(
        "Per-target failures in a parallel batch, each with its own reason and its own fix; not an error "
        "streak."
    )


@healthy("mesh-refinement-sweep")
def mesh_sweep(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A CFD agent runs a mesh-independence sweep over four refinement levels and picks the coarsest "
        "converged mesh.",
        domain="computational fluid dynamics (OpenFOAM)",
        language="en",
        ids="mistral",
        harness="Codex-style shell agent",
        started="2026-02-19T08:00:00Z",
    )
    t.user("Do a mesh-independence study on the elbow case for pressure drop; levels 1–4.")
    results = [(1, "182k", 398.2), (2, "410k", 409.7), (3, "905k", 412.8), (4, "1.96M", 413.4)]
    for level, cells, dp in results:
        t.say(
            f"Running refinement level {level}.",
            call(
                "shell",
                {"command": ["bash", "-lc", f"cd cases/elbow && ./run_level.sh {level}"]},
                f"level={level} cells={cells} converged=yes dp_Pa={dp}\n",
            ),
        )
    t.say(
        "Pressure drop: 398.2, 409.7, 412.8, 413.4 Pa. Level 3 is within 0.15% of level 4; use level 3 (905k "
        "cells)."
    )
    return t.healthy(
        "A parameter sweep: the same script with a different level each time and different results."
    )


@healthy("absorber-thickness-sweep")
def absorber_sweep(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An acoustics agent sweeps absorber thickness in a room model to reach an RT60 target.",
        domain="room acoustics consulting",
        language="ja",
        ids="openai",
        harness="custom analysis agent",
        started="2026-03-20T02:00:00Z",
    )
    t.user(
        "会議室Bの天井吸音材の厚さを 25〜100 mm で比べて、"
        "500 Hz の残響時間が 0.6 秒以下になる最小の厚さを教えて。"
    )
    values = [(25, 0.84), (50, 0.69), (75, 0.58), (100, 0.52)]
    for mm, rt in values:
        t.say(
            f"厚さ {mm} mm で計算します。",
            call(
                "acoustics.simulate_rt60",
                {"model": "meeting_room_b", "ceiling_absorber_mm": mm, "band_hz": 500},
                js({"band_hz": 500, "rt60_s": rt, "method": "Sabine"}),
            ),
        )
    t.say(
        "500 Hz の RT60 は 25 mm: 0.84 s、50 mm: 0.69 s、75 mm: 0.58 s、100 mm: 0.52 s。"
        "0.6 s 以下になる最小は 75 mm です。"
    )
    return t.healthy("A parameter sweep over four thicknesses; each call has new arguments and a new result.")


@healthy("reviews-cursor-pagination")
def reviews_cursor(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A performance-review agent pages through open reviews with a cursor to count the overdue ones.",
        domain="performance review cycle",
        language="en",
        ids="adk",
        harness="Google ADK agent",
        started="2026-12-10T08:30:00Z",
    )
    t.user("How many H2 reviews are still not submitted, by department?")
    pages = [
        (None, "c_9f1a", {"Engineering": 14, "Sales": 6}),
        ("c_9f1a", "c_27bd", {"Engineering": 9, "Operations": 11}),
        ("c_27bd", "c_e03c", {"Sales": 4, "Finance": 3}),
        ("c_e03c", None, {"Operations": 2, "HR": 1}),
    ]
    for cursor, nxt, counts in pages:
        args = {"cycle": "H2-2026", "status": "draft", "limit": 50}
        if cursor:
            args["cursor"] = cursor
        items = sum(counts.values())
        t.say(
            "Fetching the next page." if cursor else "Listing draft reviews.",
            call("reviews.list", args, jsp({"items": items, "by_department": counts, "next_cursor": nxt})),
        )
    t.say("50 reviews are not submitted: Engineering 23, Operations 13, Sales 10, Finance 3, HR 1.")
    return t.healthy(
        "Cursor pagination: each call carries the previous page's next_cursor and returns new items, ending "
        "with a null cursor."
    )


@healthy("bookstore-offset-pagination")
def bookstore_offset(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A used-bookstore agent exports its unlisted inventory page by page with an offset.",
        domain="used and antiquarian bookselling",
        language="en",
        ids="openai",
        harness="custom e-commerce agent",
        started="2026-04-29T09:00:00Z",
    )
    t.user("Which signed first editions in stock aren't listed anywhere yet?")
    pages = [
        [
            ["BK-10412", "Wolf Hall", "Mantel", "2009", "signed"],
            ["BK-10877", "Atonement", "McEwan", "2001", "signed"],
        ],
        [["BK-11002", "Never Let Me Go", "Ishiguro", "2005", "signed"]],
        [
            ["BK-11390", "The Line of Beauty", "Hollinghurst", "2004", "signed"],
            ["BK-11391", "White Teeth", "Smith", "2000", "signed"],
        ],
        [],
    ]
    for i, rows in enumerate(pages):
        t.say(
            "Querying inventory." if not i else f"Next page (offset {i * 100}).",
            call(
                "inventory.search",
                {"signed": True, "first_edition": True, "listed": False, "limit": 100, "offset": i * 100},
                csv([["sku", "title", "author", "year", "note"], *rows]),
            ),
        )
    t.say("Five signed firsts are unlisted: BK-10412, BK-10877, BK-11002, BK-11390, BK-11391.")
    return t.healthy("Offset pagination until an empty page; every page is new.")


@healthy("measles-line-list-pages")
def measles_pages(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An epidemiology data agent reads a case line list page by page and summarises by district.",
        domain="public-health epidemiology surveillance",
        language="zh-Hans",
        ids="openai",
        harness="research agent (search + fetch)",
        started="2026-01-15T02:00:00Z",
    )
    t.user("把第1周麻疹确诊病例按区县汇总，附上疫苗接种情况。")
    pages = [
        [
            ["M-0101", "东湖区", "2", "未接种"],
            ["M-0102", "东湖区", "5", "1剂"],
            ["M-0103", "西岭县", "31", "未知"],
        ],
        [
            ["M-0104", "西岭县", "1", "未接种"],
            ["M-0105", "南港区", "4", "2剂"],
            ["M-0106", "东湖区", "3", "未接种"],
        ],
        [["M-0107", "南港区", "0", "未接种"]],
    ]
    for n, rows in enumerate(pages, 1):
        t.say(
            f"读取第{n}页。",
            call(
                "surveillance.line_list",
                {"disease": "measles", "week": "2026-W01", "page": n, "page_size": 3},
                jsp({"page": n, "total_pages": 3, "rows": rows}),
            ),
        )
    t.say(
        table(
            ["区县", "病例", "未接种", "1剂", "2剂", "未知"],
            [["东湖区", 3, 2, 1, 0, 0], ["西岭县", 2, 1, 0, 0, 1], ["南港区", 2, 1, 0, 1, 0]],
        )
        + "\n共7例，其中4例未接种。"
    )
    return t.healthy("Page-number pagination over three pages with different rows.")


@healthy("bank-statements-next-token")
def bank_statements(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A treasury agent pulls intraday bank statement entries with next tokens and finds the in-transit "
        "transfer.",
        domain="corporate treasury cash positioning",
        language="en",
        ids="mistral",
        harness="SQL data agent",
        started="2026-10-01T07:00:00Z",
    )
    t.user(
        "Pull yesterday's BNP camt.053 entries and tell me if there's an intercompany transfer not yet "
        "booked."
    )
    pages = [
        (
            "",
            "tk_A91",
            [
                ["2026-09-30", "CRDT", "182,000.00", "Client receipt INV-8812"],
                ["2026-09-30", "DBIT", "44,210.90", "Payroll FR"],
            ],
        ),
        (
            "tk_A91",
            "tk_B07",
            [
                ["2026-09-30", "DBIT", "12,430.55", "IC transfer to ACME AB (SEB)"],
                ["2026-09-30", "DBIT", "310.00", "Bank fees"],
            ],
        ),
        ("tk_B07", "", [["2026-09-30", "CRDT", "9,800.00", "Client receipt INV-8830"]]),
    ]
    for token, nxt, rows in pages:
        args = {"bank": "BNP", "account": "FR76-3000-4000", "date": "2026-09-30"}
        if token:
            args["next_token"] = token
        t.say(
            "Fetching statement entries." if not token else "Next page.",
            call(
                "bankapi.statement_entries",
                args,
                jsi(
                    {
                        "entries": [
                            dict(zip(["date", "cdi", "amount_eur", "info"], r, strict=True)) for r in rows
                        ],
                        "next_token": nxt or None,
                    }
                ),
            ),
        )
    t.say(
        "Checking whether the transfer is booked in the ERP.",
        call(
            "sql.query",
            {
                "sql": "SELECT COUNT(*) FROM treasury.intercompany_transfers WHERE amount = 12430.55 AND "
                "value_date = '2026-09-30'"
            },
            " count\n-------\n     0\n(1 row)",
        ),
    )
    t.say(
        "Yes: a 12,430.55 EUR intercompany transfer to ACME AB left BNP on 30/09 and is not booked, which "
        "explains the cash-position gap."
    )
    return t.healthy(
        "Next-token pagination over three pages, then a different query; all calls bring new data."
    )
