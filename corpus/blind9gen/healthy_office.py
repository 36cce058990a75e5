"""Healthy sessions of office and administration agents: batch appends, re-renders, pagination, hand-offs."""

from __future__ import annotations

from typing import Any

from .builder import Call, Trace, js


def sheets_append_batches() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-022-sheets-append-expense-batches",
        "A spreadsheet agent appends 40 expense lines to a sheet in four batches; every append is "
        "acknowledged alike, with a different updated range.",
        agent="spreadsheet agent (Google Sheets API v4 tools, Gemini)",
        model="gemini-2.0-flash",
        start=1870,
        ids="gemini",
    )
    t.user(
        "Append February's card expenses (attached CSV, 40 lines) to the 'Expenses 2026' tab, then total "
        "them."
    )
    cats = ["Travel", "Meals", "Software", "Office", "Training"]
    lines = [
        [
            f"2026-02-{1 + i % 28:02d}",
            t.rng.choice(["Lufthansa", "Uber", "Figma", "Staples", "Coursera", "Pret", "Notion", "DB Bahn"]),
            t.rng.choice(cats),
            round(t.rng.uniform(4, 640), 2),
        ]
        for i in range(40)
    ]
    t.act(
        "Reading the CSV.",
        "read_attachment",
        {"name": "feb_card.csv"},
        "date,merchant,category,amount\n"
        + "\n".join(",".join(map(str, r)) for r in lines[:12])
        + "\n... (40 rows)",
    )
    row = 214
    for b in range(4):
        chunk = lines[b * 10 : (b + 1) * 10]
        t.act(
            f"Appending rows {b * 10 + 1}-{b * 10 + 10}.",
            "sheets_values_append",
            {
                "spreadsheetId": "1xExp2026",
                "range": "Expenses 2026!A:D",
                "valueInputOption": "USER_ENTERED",
                "insertDataOption": "INSERT_ROWS",
                "values": chunk,
            },
            js(
                {
                    "spreadsheetId": "1xExp2026",
                    "tableRange": f"'Expenses 2026'!A1:D{row - 1}",
                    "updates": {
                        "updatedRange": f"'Expenses 2026'!A{row}:D{row + 9}",
                        "updatedRows": 10,
                        "updatedCells": 40,
                    },
                }
            ),
        )
        row += 10
    total = round(sum(r[3] for r in lines), 2)
    t.act(
        "Adding the total row.",
        "sheets_values_update",
        {
            "spreadsheetId": "1xExp2026",
            "range": f"Expenses 2026!C{row}:D{row}",
            "valueInputOption": "USER_ENTERED",
            "values": [["February total", "=SUM(D214:D253)"]],
        },
        js({"updatedRange": f"'Expenses 2026'!C{row}:D{row}", "updatedCells": 2}),
    )
    t.say(f"Appended 40 February expenses (rows 214-253) and a total row: {total:.2f}.")
    t.healthy(
        "Batch writes: four appends of ten different rows each, with alike acknowledgements whose ranges "
        "move on (A214, A224, ...), then a total; no write is repeated."
    )
    return t.build()


def slides_iterate_rerender() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-023-slides-title-fit-iterate",
        "A slides agent fits a long title on one line: shrink, re-render, widen the box, re-render, "
        "tighten spacing, re-render; each render shows a change until it fits.",
        agent="presentation agent (Google Slides API tools, Claude)",
        model="claude-sonnet-4-5",
        start=1900,
        ids="anthropic",
    )
    t.user("Slide 4's title wraps to two lines. Make it fit on one line without changing the wording.")
    pres = {"presentationId": "1Qb-board-q2"}
    t.act(
        "Getting slide 4.",
        "slides_get_page",
        {**pres, "pageObjectId": "p4"},
        js(
            {
                "objectId": "p4",
                "pageElements": [
                    {
                        "objectId": "p4_title",
                        "shape": {
                            "text": "Quarterly Revenue Bridge — FY2026 Q1 vs Q4",
                            "style": {"fontSize": {"magnitude": 32, "unit": "PT"}},
                            "size": {"width": 7200000, "height": 900000},
                        },
                    }
                ],
            }
        ),
    )
    rounds = [
        (
            "Reducing to 28 pt.",
            {
                "updateTextStyle": {
                    "objectId": "p4_title",
                    "style": {"fontSize": {"magnitude": 28, "unit": "PT"}},
                    "textRange": {"type": "ALL"},
                    "fields": "fontSize",
                }
            },
            ["Quarterly Revenue Bridge — FY2026", "Q1 vs Q4"],
        ),
        (
            "Closer. Widening the title box to the slide margins.",
            {
                "updateSizeProperties": {
                    "objectId": "p4_title",
                    "size": {
                        "width": {"magnitude": 8400000, "unit": "EMU"},
                        "height": {"magnitude": 900000, "unit": "EMU"},
                    },
                }
            },
            ["Quarterly Revenue Bridge — FY2026 Q1 vs", "Q4"],
        ),
        (
            "One word short. Going to 27 pt in the wider box.",
            {
                "updateTextStyle": {
                    "objectId": "p4_title",
                    "style": {"fontSize": {"magnitude": 27, "unit": "PT"}},
                    "textRange": {"type": "ALL"},
                    "fields": "fontSize",
                }
            },
            ["Quarterly Revenue Bridge — FY2026 Q1 vs Q4"],
        ),
    ]
    for text, request, lines in rounds:
        t.act(text, "slides_batch_update", {**pres, "requests": [request]}, js({**pres, "replies": [{}]}))
        t.act(
            "Rendering the slide.",
            "slides_get_thumbnail",
            {**pres, "pageObjectId": "p4", "thumbnailProperties.thumbnailSize": "LARGE"},
            js(
                {
                    "contentUrl": f"https://lh7-us.googleusercontent.com/slides/p4-{len(lines)}-{len(lines[0])}.png",
                    "width": 1600,
                    "height": 900,
                    "ocr_title_lines": lines,
                }
            ),
        )
    t.say("The title now fits on one line: 27 pt in a box widened to the slide margins; wording unchanged.")
    t.healthy(
        "Iterating on an artifact: edit, re-render, three times, with a different edit each round (size, "
        "box width, size again), and each thumbnail shows the wrap shrinking until it fits."
    )
    return t.build()


def email_triage_pagination_chinese() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-024-inbox-triage-pagination-chinese",
        "邮件分拣助手按 skiptoken 分页读取收件箱，并按类别批量打标签；每页都是新邮件。",
        agent="邮件分拣助手 (Microsoft Graph 工具, 开源模型)",
        model="DeepSeek-V3",
        start=1930,
        ids="plain",
    )
    t.user("把本周收件箱里的邮件分类：发票、客户、内部通知、推广，给每封邮件打上对应类别。")
    senders = {
        "发票": ["billing@aliyun.example", "invoice@sf-express.example"],
        "客户": ["wang.lei@hualian.example", "li.na@dongfang.example"],
        "内部通知": ["hr@ourco.example", "it@ourco.example"],
        "推广": ["news@jd.example", "promo@ctrip.example"],
    }
    counts = dict.fromkeys(senders, 0)
    token = None
    for page in range(5):
        msgs = []
        for k in range(10):
            cat = t.rng.choice(list(senders))
            counts[cat] += 1
            msgs.append({"id": f"AAMk-{page}{k:02d}", "from": t.rng.choice(senders[cat]), "cat": cat})
        nxt = None if page == 4 else f"X'44{page + 1}F'"
        args: dict[str, Any] = {
            "folder": "inbox",
            "filter": "receivedDateTime ge 2026-03-02",
            "top": 10,
            "select": "id,from,subject",
        }
        if token:
            args["skiptoken"] = token
        t.act(
            "读取收件箱第一页。" if page == 0 else f"读取第{page + 1}页。",
            "graph_list_messages",
            args,
            js(
                {
                    "value": [{"id": m["id"], "from": m["from"]} for m in msgs],
                    "@odata.nextLink": f"...&$skiptoken={nxt}" if nxt else None,
                }
            ),
        )
        token = nxt
        calls = [
            Call(
                "graph_update_message",
                {"message_id": m["id"], "categories": [m["cat"]]},
                js({"id": m["id"], "categories": [m["cat"]]}),
            )
            for m in msgs
        ]
        t.batch(f"给第{page + 1}页的10封邮件打标签。", calls)
    t.say("已完成50封邮件的分类：" + "，".join(f"{k}{v}封" for k, v in counts.items()) + "。")
    t.healthy(
        "Pagination with a skiptoken (five pages, each new messages) and a batch of category updates per "
        "page, each on a different message; the session ends when there is no next link."
    )
    return t.build()


def lms_grade_sync_arabic() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-025-lms-lab-grades-fanout-arabic",
        "وكيل سجل الدرجات ينقل درجات المختبر لعشرين طالباً على دفعات؛ الاستجابات متشابهة لكن كل "
        "استدعاء لطالب مختلف.",
        agent="مساعد سجل الدرجات (Moodle web services, OpenAI function calling)",
        model="gpt-4o",
        start=1960,
    )
    t.user("انقل درجات تقرير المختبر الرابع من الملف المرفق إلى سجل الدرجات لمادة الكيمياء 201.")
    students = [(90800 + 7 * i, t.rng.randint(55, 100)) for i in range(20)]
    t.act(
        "أقرأ الملف المرفق.",
        "read_attachment",
        {"name": "lab4_grades.csv"},
        "userid,grade\n" + "\n".join(f"{u},{g}" for u, g in students),
    )
    t.act(
        "أتحقق من بند التقدير.",
        "lms_get_grade_items",
        {"courseid": 3321},
        js(
            {
                "courseid": 3321,
                "gradeitems": [{"id": 5530, "itemname": "تقرير المختبر 4", "grademax": 100, "locked": False}],
            }
        ),
    )
    for b in range(4):
        calls = [
            Call(
                "lms_update_grade",
                {"itemid": 5530, "userid": u, "grade": g},
                js({"status": True, "warnings": []}),
            )
            for u, g in students[b * 5 : (b + 1) * 5]
        ]
        t.batch(f"الدفعة {b + 1} من 4.", calls)
    avg = sum(g for _, g in students) / 20
    t.say(f"تم نقل درجات 20 طالباً إلى بند «تقرير المختبر 4». المتوسط {avg:.1f}.")
    t.healthy(
        "Fan-out writes: twenty grade updates in four parallel batches, one per student with their own "
        "grade; the acknowledgements are identical ('status: true') but the calls all differ."
    )
    return t.build()


def sis_enroll_then_registrar() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-026-sis-enroll-blocked-handoff",
        "A registrar assistant's enrollment is refused for a prerequisite, it applies the recorded "
        "override, gets an expired-override error and hands the case to a human registrar.",
        agent="registrar assistant (Banner-style SIS tools, Llama)",
        model="Llama-3.3-70B-Instruct",
        start=1990,
        ids="plain",
    )
    t.user("Enroll Priya Nair (00519034) in BIOL 230 section 01, Fall 2026.")
    t.act(
        "Reading the section.",
        "sis_get_section",
        {"term": "202609", "subject": "BIOL", "number": "230", "section": "01"},
        js(
            {
                "crn": "41102",
                "capacity": 36,
                "enrolled": 30,
                "status": "OPEN",
                "prereq": "BIOL 120 (C or better)",
            }
        ),
    )
    t.act(
        "Enrolling.",
        "sis_enroll",
        {"student_id": "00519034", "crn": "41102", "term": "202609"},
        js({"ok": False, "error": "PREREQ_NOT_MET", "message": "Prerequisite BIOL 120 (C) not satisfied"}),
    )
    t.act(
        "Checking for a prerequisite override on file.",
        "sis_get_student",
        {"student_id": "00519034"},
        js(
            {
                "id": "00519034",
                "name": "Priya Nair",
                "overrides": [
                    {"course": "BIOL 230", "type": "prerequisite", "term": "202601", "code": "OVR-7781"}
                ],
            }
        ),
    )
    t.act(
        "There is an override (OVR-7781). Enrolling with it.",
        "sis_enroll",
        {"student_id": "00519034", "crn": "41102", "term": "202609", "override_code": "OVR-7781"},
        js(
            {
                "ok": False,
                "error": "OVERRIDE_TERM_MISMATCH",
                "message": "Override OVR-7781 is valid for term 202601 only",
            }
        ),
    )
    t.act(
        "The override was issued for spring and has lapsed; only the department can re-issue it. Opening a "
        "registrar ticket.",
        "ticket_create",
        {
            "queue": "registrar",
            "subject": "BIOL 230-01 Fall 2026: prerequisite override re-issue for 00519034",
            "body": "Spring override OVR-7781 lapsed (term 202601). Section 41102 has 6 seats. Please "
            "re-issue for "
            "202609 or advise.",
        },
        js({"ticket": "REG-22914", "status": "NEW"}),
    )
    t.say(
        "I couldn't enroll Priya: the prerequisite override on file (OVR-7781) was only valid for Spring "
        "2026. "
        "I've opened REG-22914 for the registrar to re-issue it; section 01 still has 6 seats."
    )
    t.healthy(
        "Two failed enrollments with different causes and arguments (no override, then an expired "
        "override) and a hand-off to a human registrar with the facts; no blind retry."
    )
    return t.build()


def caseworker_long_session() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-027-caseworker-queue-long",
        "A caseworker assistant processes a queue of thirteen benefit cases: reads each, checks documents "
        "and moves it on; a long session of similar steps that each change a different case.",
        agent="caseworker assistant (case management API, Azure OpenAI)",
        model="gpt-4o-2024-11-20",
        start=2020,
    )
    t.user(
        "Work through my queue for today. Approve complete cases under €600/month, request missing evidence, "
        "and route anything unusual to a senior."
    )
    cases = [f"HB-2026-0{1200 + 13 * i}" for i in range(13)]
    t.act(
        "Listing my queue.",
        "case_list",
        {"assignee": "me", "status": "OPEN"},
        js({"cases": [{"case_id": c} for c in cases]}),
    )
    outcomes: dict[str, list[str]] = {"approved": [], "requested": [], "routed": []}
    for c in cases:
        amount = t.rng.choice([280, 410, 455, 520, 590, 640, 780])
        missing = (
            []
            if t.rng.random() < 0.6
            else [t.rng.choice(["PROOF_OF_ADDRESS", "PAYSLIPS_3M", "BANK_STATEMENT"])]
        )
        t.act(
            f"Opening {c}.",
            "case_get",
            {"case_id": c},
            js({"case_id": c, "type": "housing_benefit", "monthly_amount_eur": amount, "status": "OPEN"}),
        )
        t.act(
            "Checking its evidence.",
            "case_list_documents",
            {"case_id": c},
            js({"case_id": c, "missing": missing}),
        )
        if missing:
            outcomes["requested"].append(c)
            t.act(
                f"Requesting {missing[0]}.",
                "case_request_document",
                {"case_id": c, "doc_type": missing[0], "channel": "letter"},
                js({"status": "requested", "request_id": f"RQ-{56000 + cases.index(c)}"}),
            )
        elif amount < 600:
            outcomes["approved"].append(c)
            t.act(
                "Complete and under €600. Approving.",
                "case_decide",
                {"case_id": c, "decision": "APPROVE", "amount_eur": amount},
                js({"case_id": c, "status": "APPROVED", "letter": "queued"}),
            )
        else:
            outcomes["routed"].append(c)
            t.act(
                "Above the €600 threshold; routing to a senior.",
                "case_route",
                {"case_id": c, "to": "senior", "note": f"Monthly amount €{amount} above delegated limit"},
                js({"case_id": c, "status": "SENIOR_REVIEW"}),
            )
    t.say(
        "Queue done. Approved: "
        + ", ".join(outcomes["approved"])
        + ". Evidence requested: "
        + ", ".join(outcomes["requested"])
        + ". Routed to senior: "
        + (", ".join(outcomes["routed"]) or "none")
        + "."
    )
    t.healthy(
        f"A long session ({t.steps} steps) of the same three-step routine (read case, check documents, "
        "decide/request/route) over thirteen different cases; each step changes a different case."
    )
    return t.build()


def webmail_scroll_found() -> dict[str, Any]:
    t = Trace(
        "blind9-healthy-028-webmail-scroll-then-search",
        "A computer-use agent scrolls an Outlook folder, each scroll showing older mail; at the end of the "
        "list it switches to searching the archive and finds the email.",
        agent="email triage agent (Anthropic computer use, Outlook on the web)",
        model="claude-3-7-sonnet",
        start=2050,
        ids="anthropic",
    )
    t.user("Find the Q4 invoice from Brightline Media and forward it to ap@ourco.example.")
    t.act(
        "Opening the Invoices folder.",
        "computer",
        {"action": "left_click", "coordinate": [118, 402]},
        "Clicked 'Invoices'. Visible: Northwind Freight – Invoice 88123 (Mar 1); Okta – INV-4410 (Feb 27)",
    )
    scroll = {"action": "scroll", "coordinate": [640, 520], "scroll_direction": "down", "scroll_amount": 10}
    months = ["Feb 20 – Feb 9", "Feb 3 – Jan 22", "Jan 15 – Jan 3", "Dec 30 – Dec 12", "Dec 9 – Nov 26"]
    for i, span in enumerate(months):
        t.act(
            "Scrolling down."
            if i == 0
            else t.rng.choice(["Scrolling further.", "Further down.", "Older mail."]),
            "computer",
            scroll,
            f"Visible: 4 messages, {span}. No Brightline Media.",
        )
    t.act(
        "Scrolling.",
        "computer",
        scroll,
        "Visible: Okta – INV-4188 (Nov 27). ——— End of folder. Items older than 120 days are in Archive. ———",
    )
    t.act(
        "End of folder; the Q4 invoice may be in Archive. Searching there instead.",
        "computer",
        {"action": "type", "text": "from:brightline invoice"},
        "Search results (Archive): 'Brightline Media – Invoice BM-2025-Q4-118 (Oct 6)'",
    )
    t.act(
        "Opening it.",
        "computer",
        {"action": "left_click", "coordinate": [402, 260]},
        "Opened: Brightline Media – Invoice BM-2025-Q4-118, attachment BM-2025-Q4-118.pdf",
    )
    t.act(
        "Forwarding.",
        "computer",
        {"action": "key", "text": "ctrl+shift+f"},
        "Forward compose opened. To: (empty)",
    )
    t.act(
        "Addressing and sending.",
        "computer",
        {"action": "type", "text": "ap@ourco.example\n"},
        "Message sent to ap@ourco.example",
    )
    t.say("Forwarded Brightline Media invoice BM-2025-Q4-118 (Oct 6, from Archive) to ap@ourco.example.")
    t.healthy(
        "Scrolling that makes progress: six identical scrolls, each showing older messages, the last "
        "one reaching the end of the folder; the agent then changes approach (search the archive) and "
        "finishes."
    )
    return t.build()


SCENARIOS = [
    sheets_append_batches,
    slides_iterate_rerender,
    email_triage_pagination_chinese,
    lms_grade_sync_arabic,
    sis_enroll_then_registrar,
    caseworker_long_session,
    webmail_scroll_found,
]
