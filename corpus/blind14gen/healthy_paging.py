"""Healthy paging: cursor tokens, offsets, a server-side cursor read with identical arguments, infinite
scroll, page-by-page document reads and a form wizard advanced with identical clicks."""

from __future__ import annotations

from typing import Any

from blind14gen.builder import Trace


def payroll_timesheets_cursor(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Payroll agent pages through a period's timesheets with cursor tokens to total overtime before the "
        "pay run.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "model": "gpt-4.1-mini"},
    )
    t.user(
        "Before we close pay period 2026-20, total approved overtime hours per department and flag anything "
        "over 20 h for one person."
    )
    rng = t.rng
    depts = ["Warehouse", "Drivers", "Customer Care", "Maintenance"]
    cursor = None
    totals: dict[str, float] = dict.fromkeys(depts, 0.0)
    flagged: list[str] = []
    for page in range(6):
        args: dict[str, Any] = {"period": "2026-20", "status": "approved", "page_size": 100}
        if cursor:
            args["cursor"] = cursor
        rows = []
        for i in range(4):
            emp = f"E{10400 + page * 37 + i * 7}"
            dept = depts[(page + i) % 4]
            ot = round(rng.uniform(0, 14), 1) if not (page == 3 and i == 1) else 23.5
            totals[dept] += ot
            if ot > 20:
                flagged.append(emp)
            rows.append({"employee": emp, "dept": dept, "regular_h": 80, "overtime_h": ot})
        cursor = None if page == 5 else f"eyJvZmZzZXQiOi{page + 1}{rng.randint(100, 999)}fQ"
        result = {
            "items": rows,
            "returned": 100 if page < 5 else 61,
            "next_cursor": cursor,
            "note": "showing 4 of the returned rows",
        }
        t.act("Fetching approved timesheets." if page == 0 else "", "timesheets_list", args, result)
    summary = ", ".join(f"{d} {totals[d]:.1f} h" for d in depts)
    t.say(f"Overtime sampled across 561 approved timesheets: {summary}. Over 20 h: {', '.join(flagged)}.")
    return t.healthy(
        "Six timesheets_list calls with a new cursor each time and new rows on every page; the last page "
        "has no next_cursor and the agent stops. Pagination, not a loop."
    )


def moderation_queue_offset(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Trust-and-safety agent reads the whole flagged-listing queue with offset paging to build a weekly "
        "category breakdown.",
        ids="plain",
        meta={"harness": "crewai", "model": "gpt-4o-mini"},
    )
    t.user("Weekly T&S report: break down this week's flagged listings by reason and by action taken.")
    rng = t.rng
    reasons = ["counterfeit", "prohibited_item", "misleading_price", "stolen_goods", "spam"]
    actions = ["removed", "warned", "no_action"]
    tally: dict[str, int] = {}
    for page in range(5):
        items = []
        for _ in range(5):
            r = rng.choice(reasons)
            tally[r] = tally.get(r, 0) + 1
            items.append(
                {
                    "listing_id": str(88200000 + page * 1000 + rng.randint(0, 999)),
                    "reason": r,
                    "action": rng.choice(actions),
                }
            )
        total = 230
        t.act(
            "Reading the first page of the queue." if page == 0 else "",
            "moderation_queue_list",
            {"week": "2026-W40", "offset": page * 50, "limit": 50},
            {"items": items, "offset": page * 50, "total": total, "shown": "5 of 50 (truncated)"},
        )
    t.say(
        "Flagged listings this week: 230 in total. Among the rows in the page previews: "
        + ", ".join(f"{k} {v}" for k, v in sorted(tally.items()))
        + ". Counterfeit and prohibited items dominate; the full export has the per-action split."
    )
    return t.healthy(
        "Five moderation_queue_list calls with offsets 0, 50, 100, 150, 200 over a queue of 230, each "
        "returning different listings; the agent stops at the end. Offset pagination."
    )


def wits_stream_reads(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Drilling-operations agent reads a real-time WITS stream with a server-side cursor: identical "
        "read_next calls each return the next block of depth data until the buffer is drained.",
        ids="plain",
        meta={"harness": "langgraph", "model": "mistral-large-2"},
    )
    t.user("Average on-bottom ROP for the last stand on F-12 T2, and any WOB spikes over 25 t.")
    t.act(
        "Opening the real-time stream at the last connection.",
        "wits_open",
        {
            "well": "NO 15/9-F-12",
            "wellbore": "F-12 T2",
            "channels": ["DEPTH", "ROP", "WOB"],
            "from": "-30min",
        },
        {"stream": "rt-5501", "records_buffered": 1800},
    )
    rng = t.rng
    depth = 3440.0
    spikes = []
    rops = []
    for block in range(6):
        lines = ["time,depth_m,rop_m_h,wob_t"]
        for i in range(4):
            depth += round(rng.uniform(0.05, 0.12), 2)
            rop = round(rng.uniform(14, 26), 1)
            wob = round(rng.uniform(15, 24), 1) if (block, i) != (4, 2) else 27.3
            rops.append(rop)
            if wob > 25:
                spikes.append(f"{depth:.2f} m")
            lines.append(f"08:{block * 5 + i:02d}:00,{depth:.2f},{rop},{wob}")
        lines.append(f"... ({300} records in block, cursor advanced)")
        t.act(
            "Reading the next block." if block in (0, 3) else "",
            "wits_read_next",
            {"stream": "rt-5501"},
            "\n".join(lines),
        )
    t.act("", "wits_read_next", {"stream": "rt-5501"}, "END_OF_BUFFER (stream rt-5501 drained; 1800 records)")
    t.say(
        f"Last stand: average on-bottom ROP {sum(rops) / len(rops):.1f} m/h. WOB spike over 25 t at "
        f"{', '.join(spikes)}."
    )
    return t.healthy(
        "Seven identical wits_read_next calls on a server-side cursor: each of the first six returns the "
        "next block with advancing times and depths, and the seventh reports the buffer drained, where the "
        "agent stops. Identical arguments with new results are streaming reads, not a loop."
    )


def competitor_category_scroll(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Price-monitoring browser agent scrolls a competitor's category page; every scroll loads new "
        "products until the page bottom, then it writes the price sheet rows.",
        ids="openai",
        meta={"harness": "browser-use", "model": "gpt-4.1-mini"},
    )
    t.user(
        "Capture all espresso machines under £400 from the Argos espresso category for the weekly price "
        "sheet."
    )
    t.act(
        "Opening the category.",
        "browser_navigate",
        {"url": "https://www.argos.co.uk/browse/home-and-garden/coffee-machines/espresso-machines/c:29887/"},
        "Loaded. 12 products visible: De'Longhi Dedica EC685 £169.99, Swan SK22110 £89.99, Sage Bambino "
        "SES450 £299.00, ... 'Showing 12 of 58'",
    )
    rng = t.rng
    brands = [
        "De'Longhi",
        "Krups",
        "Swan",
        "Morphy Richards",
        "Sage",
        "Breville",
        "Tower",
        "Salter",
        "Russell Hobbs",
    ]
    shown = 12
    for i in range(4):
        new = []
        for _ in range(12 if i < 3 else 10):
            new.append(
                f"{rng.choice(brands)} {rng.choice(['VCF', 'ECP', 'XP', 'HD', 'SK'])}{rng.randint(100, 999)} "
                f"£{rng.randint(49, 449)}.{rng.choice(['00', '99', '49'])}"
            )
        shown += len(new)
        t.act(
            "Scrolling for more products." if i == 0 else "",
            "browser_scroll",
            {"direction": "down", "amount": 3},
            f"Loaded {len(new)} more: " + "; ".join(new[:5]) + f"; ... 'Showing {shown} of 58'",
        )
    t.act(
        "",
        "browser_scroll",
        {"direction": "down", "amount": 3},
        "No more products loaded. Page bottom reached. 'Showing 58 of 58'",
    )
    t.act(
        "All 58 loaded. Writing the rows under £400.",
        "sheet_append_rows",
        {"sheet": "weekly-prices", "tab": "Argos", "rows": 44},
        {"ok": True, "appended": 44},
    )
    t.say(
        "Captured 58 espresso machines at Argos; 44 are under £400 and were added to the weekly price sheet."
    )
    return t.healthy(
        "Five identical browser_scroll calls: four load new products (12 -> 58 of 58), the fifth confirms "
        "the bottom and the agent moves on. Infinite scroll with new content each time is not a loop."
    )


def immigration_pdf_pages(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Immigration case assistant reads a long evidence PDF page by page to build an exhibit index.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "model": "claude-sonnet-4-5"},
    )
    t.user("Build the exhibit index for Dr. Vukovic's O-1A petition from the combined evidence PDF.")
    titles = [
        "Cover letter from counsel",
        "Passport biographic page",
        "Ph.D. diploma, University of Belgrade",
        "Best Paper Award, ICRA 2024",
        "Letter from Prof. M. Hartmann (ETH Zurich)",
        "Google Scholar citation report",
        "Invitation to review for IEEE T-RO",
        "Press article, IEEE Spectrum 2025",
    ]
    for page, title in enumerate(titles, start=1):
        t.act(
            "Reading the evidence bundle page by page." if page == 1 else "",
            "read_pdf",
            {"path": "cases/O1A-2026-0192/evidence_combined.pdf", "page": page},
            f"[page {page}/8] {title}. "
            + ("Lorem text of the exhibit... " if page % 3 else "Signed and dated. "),
        )
    index = "\n".join(f"| {i} | {title} |" for i, title in enumerate(titles, start=1))
    t.say("Exhibit index:\n\n| Exhibit | Document |\n|---|---|\n" + index)
    return t.healthy(
        "read_pdf over pages 1 to 8 of one file, each a different page, then a markdown table whose rows "
        "share a prefix. Chunked reading and repetitive-but-valid table text."
    )


def permit_wizard_next_clicks(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Computer-use agent fills a city film-permit web wizard; it clicks the same 'Next' button at the "
        "same coordinates on every page, and each screenshot shows the next step of the form.",
        ids="anthropic",
        meta={"harness": "anthropic-computer-use", "model": "claude-sonnet-4-5"},
    )
    t.user(
        "Fill the FilmLA online application for the Echo Park night exterior from "
        "application_FLA-26-0871.json and stop at the review page; don't submit."
    )
    t.act(
        "Taking a screenshot.",
        "computer",
        {"action": "screenshot"},
        "[screenshot] FilmLA e-Permit - Step 1 of 6: Production company. Fields: Company name, Contact, "
        "Phone. Button 'Next' at bottom right.",
    )
    pages = [
        ("Production company", "Low Water Pictures LLC"),
        ("Location details", "Echo Park Lake, 751 Echo Park Ave"),
        ("Dates and hours", "2026-10-14 18:00 to 2026-10-15 04:00"),
        ("Crew and vehicles", "crew 46, 3 trucks, 1 generator"),
        ("Special effects and lighting", "no SFX; 2 x 18K HMI on lifts"),
    ]
    for n, (section, value) in enumerate(pages, start=1):
        t.act(
            f"Filling '{section}'.",
            "computer",
            {"action": "type", "text": value},
            f"[screenshot] Step {n} of 6: {section}. Field filled: '{value}'.",
        )
        t.act(
            "Next." if n == 1 else "",
            "computer",
            {"action": "left_click", "coordinate": [1104, 742]},
            f"[screenshot] FilmLA e-Permit - Step {n + 1} of 6: "
            + (pages[n][0] if n < len(pages) else "Review and submit")
            + ".",
        )
    t.say("The application is filled through step 5 and is on the review page (step 6). I did not submit it.")
    return t.healthy(
        "Five identical left_click calls on the wizard's 'Next' button, each answered by a different step "
        "of the form (2 of 6 to 6 of 6), interleaved with typing different values; the agent stops at "
        "review as told."
    )


SCENARIOS = [
    ("payroll-timesheets-cursor", payroll_timesheets_cursor),
    ("tns-queue-offset-pages", moderation_queue_offset),
    ("wits-stream-read-next", wits_stream_reads),
    ("argos-category-scroll", competitor_category_scroll),
    ("o1a-evidence-pdf-pages", immigration_pdf_pages),
    ("filmla-wizard-next-clicks", permit_wizard_next_clicks),
]
