"""Loops: A/B and longer cycles, and settings toggled back and forth (a print-farm slicer, calendar
scheduling across time zones, a restaurant POS, tenant SSO enforcement, Postgres index tuning, podcast noise
reduction, accessibility colour fixes, RPA on a legacy desktop ERP)."""

from __future__ import annotations

from typing import Any

from .builder import C, Trace


def slicer_supports_ab() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-019-slicer-supports-on-off",
        "A print-farm agent alternates slicing with and without supports; one is too slow for the overnight "
        "window, the other fails the overhang check, and the results never change",
        agent="print-farm agent (OctoPrint and PrusaSlicer CLI tools, OpenAI Agents SDK)",
        model="o4-mini",
        start="2026-02-19T17:20:00+00:00",
        meta={"harness": "openai-agents 0.6", "farm": "lab-farm-2 (6x MK4)"},
    )
    t.user(
        "Slice bracket_v7.stl in PETG for MK4-03 and start it. It has to finish inside the 8-hour overnight "
        "window and print without failed overhangs."
    )
    base = {
        "model": "models/bracket_v7.stl",
        "printer_profile": "MK4-0.4",
        "filament": "PETG",
        "layer_height": 0.2,
    }
    a = C(
        "slice",
        {**base, "supports": "everywhere"},
        "Slicing bracket_v7.stl ... done\nEstimated print time: 9h 41m\nFilament: 112.4 g (support 38.1 "
        "g)\nOverhang check: OK\nG-code: out/bracket_v7_MK4_PETG.gcode",
    )
    b = C(
        "slice",
        {**base, "supports": "none"},
        "Slicing bracket_v7.stl ... done\nEstimated print time: 6h 12m\nFilament: 74.3 g\nWARNING: 3 "
        "regions overhang beyond 55° (max 62°), likely print failure\nG-code: out/bracket_v7_MK4_PETG.gcode",
    )
    texts_a = [
        "Slicing with supports first.",
        "Supports make it too long, but without them it will fail. Re-slicing with supports.",
        "Back to supports to compare the time again.",
        "Supports once more.",
    ]
    texts_b = [
        "9h 41m is over the window. Trying without supports.",
        "Let me check the no-support slice again.",
        "And without supports again.",
    ]
    visits_a = []
    for i in range(4):
        visits_a.append(t.step(texts_a[i], a))
        if i < 3:
            t.step(texts_b[i], b)
    t.user("Stop. You keep switching between the same two slices. I'll look at it in the morning.")
    t.step("Understood, stopping here. Neither setting met both constraints.")
    onset = visits_a[2]
    return t.loop(
        ["alternation"],
        onset,
        "The agent alternates between two identical slice calls (supports everywhere: 9h 41m; no supports: "
        "overhang warning) whose results never change, and never tries tree supports, another orientation "
        f"or a larger layer height. The 3rd visit of the first state, at step {onset}, is the onset.",
    )


def calendar_three_cycle_he() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-020-calendar-friday-cycle-he",
        "A scheduling assistant (Hebrew request) cycles find-times, draft, availability check: the "
        "suggested Friday slot is outside one attendee's working week every time",
        agent="scheduling assistant (Microsoft Graph calendar tools, Claude)",
        model="claude-sonnet-4-5",
        start="2026-03-15T06:30:00+00:00",
        ids="toolu",
        meta={"harness": "claude-agent-sdk 0.2", "mailbox": "dana@ourco.example"},
    )
    t.user(
        "תקבע פגישת סנכרון של 45 דקות השבוע עם נועה (תל אביב), Marcus (שיקגו) ו-Priya (בנגלור), בתוך שעות "
        "העבודה של כולם."
    )
    people = ["noa@ourco.example", "marcus@ourco.example", "priya@ourco.example"]
    find = C(
        "find_meeting_times",
        {"attendees": people, "duration": "PT45M", "window_start": "2026-03-15", "window_end": "2026-03-20"},
        {
            "meetingTimeSuggestions": [
                {
                    "confidence": 100,
                    "start": "2026-03-20T15:30:00Z",
                    "end": "2026-03-20T16:15:00Z",
                    "organizerAvailability": "free",
                }
            ],
            "emptySuggestionsReason": "",
        },
    )
    check = C(
        "get_working_hours",
        {"user": "noa@ourco.example"},
        {
            "daysOfWeek": ["sunday", "monday", "tuesday", "wednesday", "thursday"],
            "startTime": "08:30",
            "endTime": "17:30",
            "timeZone": "Israel Standard Time",
        },
    )

    def draft() -> C:
        return C(
            "create_draft_event",
            {
                "subject": "Sync — Noa / Marcus / Priya",
                "start": "2026-03-20T15:30:00Z",
                "duration": "PT45M",
                "attendees": people,
            },
            {"id": "AAMkAGI2" + t.hexid(12), "isDraft": True, "start": "2026-03-20T15:30:00Z"},
        )

    texts = [
        (
            "אחפש זמנים משותפים.",
            "יש הצעה אחת: יום שישי 15:30 UTC. אכין טיוטה.",
            "אבדוק שזה בשעות העבודה של נועה.",
        ),
        (
            "נועה לא עובדת בשישי. אחפש שוב זמנים.",
            "שוב שישי. אכין טיוטה ואבדוק.",
            "בודקת את שעות העבודה של נועה.",
        ),
        ("אחפש זמן אחר.", "אותה הצעה. טיוטה.", "בדיקה חוזרת של נועה."),
    ]
    first = []
    for text_find, text_draft, text_check in texts:
        first.append(t.step(text_find, find))
        t.step(text_draft, draft())
        t.step(text_check, check)
    first.append(t.step("עוד ניסיון למצוא זמן.", find))
    t.system("Turn budget for this request exhausted (max_turns=10).")
    onset = first[2]
    return t.loop(
        ["alternation"],
        onset,
        "A period-3 cycle: find_meeting_times suggests the same Friday slot, a draft is created (only its "
        "id changes), and Noa's working hours (Sunday-Thursday) rule it out; then the same search again. "
        "The search is never narrowed to Sunday-Thursday. The 3rd visit of the first state, at step "
        f"{onset}, is the onset.",
    )


def pos_toggle_vi() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-021-pos-item-availability-toggle-vi",
        "A restaurant operations agent (Vietnamese) flips a dish's availability on and off between the "
        "kitchen's 86 list and a delivery-channel sync conflict",
        agent="restaurant operations agent (POS and online-ordering tools, LangGraph)",
        model="gpt-4.1-mini",
        start="2026-05-09T11:20:00+00:00",
        meta={"harness": "langgraph 1.2", "store": "pho-q1-01"},
    )
    t.user("Bếp hết nước dùng phở bò rồi, tắt món Phở bò tái trên POS và các app giao hàng đi.")

    def toggle(text: str, available: bool) -> int:
        return t.step(
            text,
            C(
                "set_item_availability",
                {
                    "item_id": "PHO-BO-TAI",
                    "available": available,
                    "channels": ["pos", "grabfood", "shopeefood"],
                },
                {"ok": True, "item_id": "PHO-BO-TAI", "available": available, "version": t.hexid(6)},
            ),
        )

    def sync(conflict: bool) -> int:
        state = (
            {
                "in_sync": False,
                "conflict": "grabfood reports PHO-BO-TAI available (menu push from store tablet)",
            }
            if conflict
            else {
                "in_sync": True,
                "kitchen_86": ["PHO-BO-TAI"],
                "warning": "item on 86 list but available on 3 channels",
            }
        )
        return t.step("", C("get_channel_sync_status", {"store": "pho-q1-01"}, state))

    toggles = [toggle("Tôi tắt món trên mọi kênh.", False)]
    sync(True)
    toggles.append(toggle("GrabFood báo xung đột. Tôi bật lại để đồng bộ trạng thái.", True))
    sync(False)
    toggles.append(toggle("Đồng bộ rồi nhưng món vẫn trong danh sách 86 của bếp. Tắt lại.", False))
    sync(True)
    toggles.append(toggle("Lại xung đột với GrabFood; bật lại để hết xung đột.", True))
    sync(False)
    toggles.append(toggle("Bếp vẫn hết món. Tắt món.", False))
    sync(True)
    t.user("Sao món cứ bật tắt liên tục vậy? Khách vừa đặt được 2 tô phở bò!")
    onset = toggles[3]
    return t.loop(
        ["same_tool", "alternation"],
        onset,
        "set_item_availability flips PHO-BO-TAI off, on, off, on, off, each time reacting to the same two "
        "sync states (a GrabFood conflict pushed by the store tablet, the kitchen's 86 list). The tablet's "
        f"menu push is never addressed. The 4th toggle, at step {onset}, is the onset.",
    )


def sso_enforcement_toggle() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-022-tenant-sso-enforce-toggle",
        "A SaaS onboarding agent enables SSO enforcement, sees the admin locked out, disables it, fails the "
        "compliance check, and keeps flipping the setting",
        agent="SaaS onboarding agent (LangGraph, tenant admin API and IdP tools)",
        model="claude-sonnet-4-5",
        start="2026-01-29T15:00:00+00:00",
        ids="toolu",
        meta={"harness": "langgraph 1.2 (langgraph-api)", "tenant": "helio-pharma"},
    )
    t.user(
        "Finish onboarding tenant helio-pharma: turn on SSO enforcement and make sure their admin can still "
        "log in."
    )
    t.step(
        "",
        C(
            "get_tenant",
            {"tenant": "helio-pharma"},
            {
                "tenant": "helio-pharma",
                "plan": "enterprise",
                "sso": {"protocol": "saml2", "idp": "entra-id", "configured": True, "enforced": False},
            },
        ),
    )
    login = C(
        "test_login",
        {"tenant": "helio-pharma", "user": "it-admin@helio-pharma.example", "method": "sso"},
        {"result": "FAILED", "reason": "AADSTS50105: user is not assigned to a role for the application"},
    )
    compliance = C(
        "run_compliance_check",
        {"tenant": "helio-pharma", "profile": "enterprise-onboarding"},
        {
            "passed": 11,
            "failed": 1,
            "failures": [{"rule": "SEC-04", "message": "SSO enforcement is disabled"}],
        },
    )

    def toggle(text: str, value: bool) -> int:
        return t.step(
            text,
            C(
                "set_tenant_setting",
                {"tenant": "helio-pharma", "key": "sso_enforced", "value": value},
                {"ok": True, "key": "sso_enforced", "value": value, "audit_id": "aud_" + t.hexid(10)},
            ),
        )

    toggles = [toggle("Turning on enforcement.", True)]
    t.step("Checking the admin can still sign in.", login)
    toggles.append(toggle("The admin is locked out. Reverting enforcement so they can log in.", False))
    t.step("Running the onboarding compliance check.", compliance)
    toggles.append(toggle("Compliance requires enforcement. Enabling it again.", True))
    t.step("", login)
    toggles.append(toggle("Locked out again; disabling enforcement.", False))
    t.step("", compliance)
    toggles.append(toggle("SEC-04 still fails. Re-enabling.", True))
    t.step("", login)
    onset = toggles[3]
    return t.loop(
        ["same_tool", "alternation"],
        onset,
        "sso_enforced is set true, false, true, false, true; the login test fails the same way "
        "(AADSTS50105: the admin is not assigned to the enterprise app) and the compliance check fails the "
        f"same way in between. The 4th toggle, at step {onset}, is the onset; the app assignment is never "
        "fixed.",
    )


def pg_index_three_cycle() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-023-pg-index-create-explain-drop",
        "A DBA copilot creates an index, sees the planner ignore it, drops it, and creates it again; the "
        "plan is the same every time",
        agent="DBA copilot (PostgreSQL MCP server, Cursor-style chat)",
        model="gpt-4.1",
        start="2026-02-05T13:40:00+00:00",
        meta={"harness": "mcp postgres-server 0.6", "db": "reports-staging"},
    )
    t.user("The /reports/daily query is slow. Get it onto an index.")
    q = (
        "SELECT date_trunc('day', created_at) d, count(*) FROM events WHERE date_trunc('day', created_at) "
        ">= now() - interval '30 days' GROUP BY 1"
    )
    t.step(
        "",
        C(
            "explain_analyze",
            {"sql": q},
            "HashAggregate  (cost=212004.31..212006.81 rows=200) (actual time=2841.2..2841.3 rows=30 "
            "loops=1)\n  ->  Seq Scan on events  (cost=0.00..207412.10 rows=918442) (actual "
            "time=0.02..2611.7 rows=921003)\n        Filter: (date_trunc('day', created_at) >= (now() - '30 "
            "days'::interval))\n        Rows Removed by Filter: 5100231\nExecution Time: 2841.9 ms",
        ),
    )
    create = C(
        "execute_sql",
        {"sql": "CREATE INDEX CONCURRENTLY idx_events_created_at ON events (created_at);"},
        "CREATE INDEX",
    )
    explain = C(
        "explain",
        {"sql": q},
        "HashAggregate  (cost=212004.31..212006.81 rows=200)\n  ->  Seq Scan on events  "
        "(cost=0.00..207412.10 rows=918442)\n        Filter: (date_trunc('day', created_at) >= (now() - '30 "
        "days'::interval))",
    )
    drop = C("execute_sql", {"sql": "DROP INDEX CONCURRENTLY idx_events_created_at;"}, "DROP INDEX")
    words = [
        (
            "A b-tree on created_at should help.",
            "Checking the plan.",
            "Still a seq scan; the index isn't used. Dropping it.",
        ),
        ("Maybe the build raced with stats. Re-creating the index.", "", "Same plan. Dropping it again."),
        ("Creating it once more after the drop.", "Plan check.", "Unchanged. Removing it."),
    ]
    first = []
    for c_text, e_text, d_text in words:
        first.append(t.step(c_text, create))
        t.step(e_text, explain)
        t.step(d_text, drop)
    first.append(t.step("Let me try creating the index again.", create))
    t.step("", explain)
    onset = first[2]
    return t.loop(
        ["alternation"],
        onset,
        "A period-3 cycle of create index, EXPLAIN (always the same seq scan, because the filter wraps "
        "created_at in date_trunc) and drop index, with identical calls and results each round. The 3rd "
        f"visit of the first state (the create), at step {onset}, is the onset; an expression index or a "
        "rewritten filter was needed.",
    )


def podcast_denoise_ab() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-024-podcast-denoise-revert",
        "A podcast editing agent applies noise reduction, sees artefacts, reverts, sees the hum, and "
        "applies the same reduction again",
        agent="podcast editing agent (Descript-style editing API and ffmpeg tools, smolagents)",
        model="meta-llama/Llama-3.3-70B-Instruct",
        start="2026-06-23T10:00:00+00:00",
        meta={"harness": "smolagents 1.21", "show": "Fika & Fakta", "episode": 57},
    )
    t.user(
        "Episode 57 has a hum under Sara's track. Clean it up so it passes QC: hum below -60 dBFS and no "
        "audible artefacts."
    )
    t.step(
        "",
        C(
            "analyze_track",
            {"episode": 57, "track": "sara_mic"},
            {"hum_hz": 50, "hum_level_dbfs": -41.2, "noise_floor_dbfs": -58.9, "artifact_score": 0.02},
        ),
    )
    apply = C(
        "apply_noise_reduction",
        {"episode": 57, "track": "sara_mic", "strength": 0.6, "mode": "spectral"},
        {
            "ok": True,
            "qc": {
                "hum_level_dbfs": -63.4,
                "artifact_score": 0.41,
                "verdict": "FAIL: musical noise above 0.20",
            },
        },
    )
    revert = C(
        "revert_track",
        {"episode": 57, "track": "sara_mic", "to": "original"},
        {
            "ok": True,
            "qc": {"hum_level_dbfs": -41.2, "artifact_score": 0.02, "verdict": "FAIL: hum above -60 dBFS"},
        },
    )
    visits = []
    pairs = [
        ("Applying spectral noise reduction.", "Too many artefacts. Reverting to the original."),
        ("The hum is back. Re-applying the reduction.", "Artefacts again; reverting."),
        ("Need the hum gone; reducing again.", "Reverting once more."),
    ]
    for a_text, b_text in pairs:
        visits.append(t.step(a_text, apply))
        t.step(b_text, revert)
    visits.append(t.step("Applying the reduction.", apply))
    onset = visits[2]
    return t.loop(
        ["alternation"],
        onset,
        "apply_noise_reduction (hum gone, artefact score 0.41) and revert_track (hum back at -41.2 dBFS) "
        "alternate with identical arguments and identical QC results; a notch filter at 50 Hz or a lower "
        f"strength is never tried. The 3rd visit of the first state, at step {onset}, is the onset.",
    )


def a11y_contrast_four_cycle() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-025-a11y-contrast-token-oscillation",
        "An accessibility agent oscillates between two grey values: one fails contrast on hover, the other "
        "fails the design-token lint, and each check returns the same finding",
        agent="accessibility auditing agent (axe-core via Playwright, repo edit tools, OpenHands SDK)",
        model="claude-sonnet-4-5",
        start="2026-04-28T08:00:00+00:00",
        ids="toolu",
        meta={"harness": "openhands-sdk 1.4", "repo": "marketing-site"},
    )
    t.user(
        "Fix the colour-contrast violation on /pricing from the WCAG 2.2 audit. Stay inside the design "
        "tokens."
    )
    t.step(
        "",
        C(
            "axe_scan",
            {
                "url": "http://localhost:4321/pricing",
                "rules": ["color-contrast"],
                "states": ["default", "hover"],
            },
            {
                "violations": [
                    {
                        "id": "color-contrast",
                        "target": ".plan-note",
                        "state": "default",
                        "ratio": 3.45,
                        "expected": 4.5,
                        "fg": "#8a8a8a",
                        "bg": "#ffffff",
                    }
                ]
            },
        ),
    )

    def edit(value: str) -> C:
        return C(
            "set_css_variable",
            {
                "path": "src/styles/tokens.css",
                "selector": ":root",
                "variable": "--text-muted",
                "value": value,
            },
            f"src/styles/tokens.css:42 updated: --text-muted: {value};",
        )

    scan = C(
        "axe_scan",
        {"url": "http://localhost:4321/pricing", "rules": ["color-contrast"], "states": ["default", "hover"]},
        {
            "violations": [
                {
                    "id": "color-contrast",
                    "target": ".plan-note:hover",
                    "state": "hover",
                    "ratio": 4.1,
                    "expected": 4.5,
                    "fg": "#767676",
                    "bg": "#f1f1f1",
                }
            ]
        },
    )
    lint = C(
        "run",
        {"command": "npm run lint:tokens"},
        "> lint:tokens\n> stylelint 'src/**/*.css' --config "
        ".stylelint-tokens.json\n\nsrc/styles/tokens.css\n 42:17  ✖  #6b6b6b is not a design token value "
        "(color-no-raw-values)\n\n1 problem (1 error)\n[exit 2]",
    )
    first = []
    rounds = [
        (
            "#767676 is the lightest grey with 4.5:1 on white. Setting it.",
            "Rescanning.",
            "Hover fails at 4.1:1. Going darker.",
            "Checking the token lint.",
        ),
        ("The lint rejects raw values. Back to #767676.", "", "Hover still fails. Darker again.", ""),
        ("Not a token. Returning to #767676.", "Scan.", "Hover fails. #6b6b6b.", "Lint."),
    ]
    for a_text, s_text, b_text, l_text in rounds:
        first.append(t.step(a_text, edit("#767676")))
        t.step(s_text, scan)
        t.step(b_text, edit("#6b6b6b"))
        t.step(l_text, lint)
    first.append(t.step("Setting #767676 again.", edit("#767676")))
    t.step("", scan)
    onset = first[2]
    return t.loop(
        ["alternation"],
        onset,
        "A period-4 cycle: set #767676, scan (hover fails at 4.1:1 on #f1f1f1), set #6b6b6b, lint (not a "
        "token), with the same calls and findings every round; the hover background or the token palette "
        f"(gray-700) is never looked at. The 3rd visit of the first state, at step {onset}, is the onset.",
    )


def rpa_erp_locked_cycle() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-026-rpa-erp-vendor-master-locked",
        "An RPA agent on a legacy desktop ERP updates two vendors' bank accounts, then on the third opens "
        "the vendor master, reads a 'locked by user' message, backs out with F3 and opens it again",
        agent="RPA agent on a legacy desktop ERP (computer-use style tools over a terminal emulator)",
        model="claude-opus-4-1",
        start="2026-03-31T07:05:00+00:00",
        ids="toolu",
        meta={"harness": "in-house RPA runner (pywinauto + 5250 emulator)", "host": "erp-prod (AS/400)"},
    )
    t.user("Work through ticket PROC-3381: update the bank accounts of the three vendors in it in the ERP.")
    t.step(
        "",
        C(
            "get_ticket",
            {"key": "PROC-3381"},
            {
                "key": "PROC-3381",
                "approved_by": "AP lead",
                "changes": [
                    {"vendor": "100233", "name": "Nordvault AB", "new_iban": "SE45 5000 0000 0583 9825 7466"},
                    {
                        "vendor": "330017",
                        "name": "Pappersgruppen",
                        "new_iban": "SE35 8000 0000 0521 1234 5678",
                    },
                    {
                        "vendor": "204417",
                        "name": "Kelda Backup GmbH",
                        "new_iban": "DE12 5001 0517 0648 4898 90",
                    },
                ],
            },
        ),
    )
    for vendor, name, old_iban, iban, clock in [
        ("100233", "NORDVAULT AB", "SE72 6000 0000 0001 2345 6789", "SE45 5000 0000 0583 9825 7466", "09:01"),
        (
            "330017",
            "PAPPERSGRUPPEN",
            "SE11 9150 0000 0915 0123 4567",
            "SE35 8000 0000 0521 1234 5678",
            "09:04",
        ),
    ]:
        t.step(
            f"Opening vendor {vendor}.",
            C(
                "type_text",
                {"text": f"VM02 {vendor}", "field": "command_line", "then": "Enter"},
                "screen updated",
            ),
        )
        t.step(
            "",
            C(
                "read_screen",
                {},
                f" VM02                    Change Vendor Master                   31.03.26 {clock}\n Vendor "
                f". . : {vendor}  {name}\n Bank IBAN  : {old_iban}\n F10=Save  F3=Exit",
            ),
        )
        t.step(
            "Entering the new IBAN.",
            C("type_text", {"text": iban.replace(" ", ""), "field": "bank_iban"}, "field updated"),
        )
        t.step("", C("send_key", {"key": "F10"}, "screen updated"))
        t.step(
            "",
            C(
                "read_screen",
                {},
                f" VM01                    Vendor Master                          31.03.26 {clock}\n Vendor "
                f"{vendor} changed. Bank data change logged (ref BDC-{vendor[-3:]}).\n",
            ),
        )
    menu = C(
        "type_text",
        {"text": "VM02 204417", "field": "command_line", "then": "Enter"},
        "screen updated",
    )
    read = C(
        "read_screen",
        {},
        " VM02                    Change Vendor Master                   31.03.26 09:07\n Vendor 204417 is "
        "locked by user JSMITH (terminal QPADEV0042) since 08:51.\n Press F3=Exit  F12=Cancel",
    )
    back = C("send_key", {"key": "F3"}, "screen updated: MAIN MENU")
    first = []
    rounds = [
        (
            "Last one: vendor 204417.",
            "Reading the screen.",
            "It's locked. Backing out to retry.",
        ),
        ("Retrying the vendor transaction.", "", "Still locked; F3."),
        ("Opening it again.", "Reading.", "Back to the menu."),
    ]
    for a, b, c in rounds:
        first.append(t.step(a, menu))
        t.step(b, read)
        t.step(c, back)
    first.append(t.step("Trying VM02 again.", menu))
    t.step("", read)
    t.system("RPA runner: session time limit (15 min) reached, disconnecting.")
    onset = first[2]
    return t.loop(
        ["alternation"],
        onset,
        "Two vendors are updated normally (ten steps of real progress). On the third, a period-3 cycle on "
        "the green screen: open VM02 for the vendor, read the same 'locked by user JSMITH' screen, press "
        "F3, repeat, seconds apart. The agent neither waits nor asks for the lock to be released. The 3rd "
        f"visit of the first state, at step {onset}, is the onset.",
    )


SCENARIOS = [
    slicer_supports_ab,
    calendar_three_cycle_he,
    pos_toggle_vi,
    sso_enforcement_toggle,
    pg_index_three_cycle,
    podcast_denoise_ab,
    a11y_contrast_four_cycle,
    rpa_erp_locked_cycle,
]
