"""Loops of office and administration agents: spreadsheets, slides, e-mail, LMS, SIS, case management."""

from __future__ import annotations

from typing import Any

from .builder import Trace, js


def sheets_value_input_option() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-022-sheets-value-input-option",
        "A spreadsheet agent writes a budget table with an invalid valueInputOption, changing its "
        "spelling each time; every call is the same 400 INVALID_ARGUMENT.",
        agent="spreadsheet agent (Google Sheets API v4 tools, Gemini)",
        model="gemini-2.0-flash",
        start=612,
        ids="gemini",
    )
    t.user(
        "Fill the Q2 event planning sheet: put the event facts on 'Overview' and the budget into the "
        "'Budget' tab starting at A1, with formulas for totals."
    )
    t.act(
        "Reading the sheet metadata.",
        "sheets_get",
        {"spreadsheetId": "1vQx7PlanQ2", "fields": "sheets.properties"},
        js(
            {
                "sheets": [
                    {"properties": {"sheetId": 0, "title": "Overview"}},
                    {"properties": {"sheetId": 481, "title": "Budget", "gridProperties": {"rowCount": 1000}}},
                ]
            }
        ),
    )
    t.act(
        "Writing the event facts to Overview as plain text.",
        "sheets_values_update",
        {
            "spreadsheetId": "1vQx7PlanQ2",
            "range": "Overview!A1:B4",
            "valueInputOption": "RAW",
            "values": [
                ["Event", "Partner Summit 2026"],
                ["Date", "2026-05-14"],
                ["Venue", "Kap Europa"],
                ["Guests", "120"],
            ],
        },
        js(
            {
                "spreadsheetId": "1vQx7PlanQ2",
                "updatedRange": "Overview!A1:B4",
                "updatedRows": 4,
                "updatedCells": 8,
            }
        ),
    )
    values = [
        ["Item", "Qty", "Unit €", "Total €"],
        ["Venue", 1, 4800, "=B2*C2"],
        ["Catering", 120, 38, "=B3*C3"],
        ["AV rental", 1, 1350, "=B4*C4"],
        ["Total", "", "", "=SUM(D2:D4)"],
    ]

    def err(option: str) -> str:
        return js(
            {
                "error": {
                    "code": 400,
                    "message": "Invalid value at 'value_input_option' "
                    f'(type.googleapis.com/google.apps.sheets.v4.ValueInputOption), "{option}"',
                    "status": "INVALID_ARGUMENT",
                    "details": [
                        {
                            "@type": "type.googleapis.com/google.rpc.BadRequest",
                            "fieldViolations": [
                                {
                                    "field": "value_input_option",
                                    "description": f"Invalid value at 'value_input_option', \"{option}\"",
                                }
                            ],
                        }
                    ],
                }
            }
        )

    tries = [
        ("RAW would store the formulas as text. Writing the budget so they are parsed.", "USER"),
        ("It wants the enum name; lowercase maybe.", "user_entered"),
        ("Trying the hyphenated form.", "USER-ENTERED"),
        ("Perhaps 'ENTERED'.", "ENTERED"),
        ("Trying RAW_INPUT then, formulas can be fixed later.", "RAW_INPUT"),
    ]
    fails = []
    for text, option in tries:
        fails.append(
            t.act(
                text,
                "sheets_values_update",
                {
                    "spreadsheetId": "1vQx7PlanQ2",
                    "range": "Budget!A1:D5",
                    "valueInputOption": option,
                    "values": values,
                },
                err(option),
                error=True,
            )
        )
    t.say("The Sheets API keeps rejecting the write; I couldn't add the budget table.")
    onset = fails[3]
    t.loop(
        ["error_streak"],
        onset,
        "The Overview write with RAW succeeds. For the budget, schema misuse: valueInputOption accepts only "
        "USER_ENTERED or RAW, and the agent guesses five other "
        "spellings and gets the same INVALID_ARGUMENT on value_input_option each time. The fourth "
        f"failure is step {onset}.",
    )
    return t.build()


def slides_thumbnail_rerender() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-023-slides-thumbnail-after-edit",
        "A slides agent shrinks a title once and then re-requests the same thumbnail again and again, "
        "believing the render is stale; the thumbnail never changes.",
        agent="presentation agent (Google Slides API tools, Claude)",
        model="claude-sonnet-4-5",
        start=640,
        ids="anthropic",
    )
    t.user("The title on slide 4 wraps to two lines. Make it fit on one line without changing the wording.")
    t.act(
        "Getting slide 4.",
        "slides_get_page",
        {"presentationId": "1Qb-board-q1", "pageObjectId": "p4"},
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
    t.act(
        "Reducing the font size to 28 pt.",
        "slides_batch_update",
        {
            "presentationId": "1Qb-board-q1",
            "requests": [
                {
                    "updateTextStyle": {
                        "objectId": "p4_title",
                        "style": {"fontSize": {"magnitude": 28, "unit": "PT"}},
                        "textRange": {"type": "ALL"},
                        "fields": "fontSize",
                    }
                }
            ],
        },
        js(
            {
                "presentationId": "1Qb-board-q1",
                "replies": [{}],
                "writeControl": {"requiredRevisionId": "ALm2"},
            }
        ),
    )
    thumb = js(
        {
            "contentUrl": "https://lh7-us.googleusercontent.com/slides/p4-1600.png",
            "width": 1600,
            "height": 900,
            "ocr_title_lines": ["Quarterly Revenue Bridge —", "FY2026 Q1 vs Q4"],
        }
    )
    renders = []
    for text in (
        "Checking the render.",
        "Still two lines. The thumbnail may be cached; requesting it again.",
        "Same image. Requesting a fresh thumbnail.",
        "Let me fetch the thumbnail again, the revision should have propagated by now.",
        "Re-requesting the thumbnail.",
    ):
        renders.append(
            t.act(
                text,
                "slides_get_thumbnail",
                {
                    "presentationId": "1Qb-board-q1",
                    "pageObjectId": "p4",
                    "thumbnailProperties.thumbnailSize": "LARGE",
                },
                thumb,
            )
        )
    t.say(
        "I reduced the title to 28 pt; the preview still shows a wrap, it might just be the thumbnail cache."
    )
    onset = renders[2]
    t.loop(
        ["identical_call"],
        onset,
        "After the single edit (28 pt) the same thumbnail request returns the same two-line title five "
        "times. Counting from that edit, the third identical call is "
        f"step {onset}. 28 pt is simply not small enough, and the agent never edits again.",
    )
    return t.build()


def webmail_scroll_end() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-024-webmail-scroll-past-end",
        "A computer-use agent scrolls an Outlook inbox looking for an invoice; the list ends and it keeps "
        "scrolling, getting the same bottom of the list.",
        agent="email triage agent (Anthropic computer use, Outlook on the web)",
        model="claude-3-7-sonnet",
        start=671,
        ids="anthropic",
    )
    t.user(
        "Find the invoice email from Brightline Media from last quarter and forward it to ap@ourco.example."
    )
    t.act(
        "Searching is unreliable in this tenant; I'll open the Invoices folder and scroll.",
        "computer",
        {"action": "left_click", "coordinate": [118, 402]},
        "Clicked 'Invoices' folder. Visible: Northwind Freight – Invoice 88123 (Mar 1); Lumen Print – Mar "
        "statement (Feb 28); Okta – Invoice INV-4410 (Feb 27); Fastly – Feb usage (Feb 26)",
    )
    pages = [
        "Visible: Slack – Invoice (Feb 20); Northwind Freight – Invoice 87990 (Feb 15); Brightwater Coffee – "
        "receipt (Feb 12); Zoom – invoice (Feb 9)",
        "Visible: Lumen Print – Feb statement (Jan 31); Okta – Invoice INV-4302 (Jan 27); Fastly – Jan usage "
        "(Jan 26); AWS – January invoice (Jan 3)",
        "Visible: Northwind Freight – Invoice 87711 (Dec 30); Bright Horizons – tuition (Dec 18); Slack – "
        "Invoice (Dec 20); Zoom – invoice (Dec 9)",
        "Visible: Lumen Print – Dec statement (Nov 30); Okta – Invoice INV-4188 (Nov 27); Fastly – Nov usage "
        "(Nov 26). ——— End of folder. Items older than 120 days are in Archive. ———",
    ]
    end = pages[-1]
    scroll = {"action": "scroll", "coordinate": [640, 520], "scroll_direction": "down", "scroll_amount": 10}
    results = []
    texts = [
        "Scrolling down.",
        "No Brightline yet. Scrolling further.",
        "Scrolling further into December.",
        "Continuing down.",
        "That looks like the bottom, but let me scroll once more to be sure.",
        "Scrolling again; the list may still be loading.",
        "Scrolling down once more.",
    ]
    for i, text in enumerate(texts):
        results.append(t.act(text, "computer", scroll, pages[i] if i < len(pages) else end))
    t.say("I couldn't find a Brightline Media invoice in the Invoices folder.")
    onset = results[5]
    t.loop(
        ["identical_call"],
        onset,
        "The first four scrolls bring new messages (a legitimate scroll). The list ends at the fourth "
        "scroll, which already says older items are in Archive; the same scroll then returns the same "
        f"bottom three more times. The third call to return the end of the list is step {onset}.",
    )
    return t.build()


def lms_grade_locked_arabic() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-025-lms-grade-locked-arabic",
        "وكيل إدارة التعلم يحاول تعديل درجة في بند تقدير مقفل؛ يغيّر صيغة الدرجة والمعرّفات، والخطأ نفسه "
        "يعود بصيغ مختلفة.",
        agent="مساعد سجل الدرجات (Moodle web services, OpenAI function calling)",
        model="gpt-4o",
        start=700,
    )
    t.user(
        "بعد المراجعة، حدّث درجات الطالبة سارة العتيبي في مادة الكيمياء 201: المختبر إلى 95 والاختبار "
        "النصفي إلى 85."
    )
    t.act(
        "أبحث عن الطالبة وبند التقدير.",
        "lms_get_grade_items",
        {"courseid": 3321, "userid": 90817},
        js(
            {
                "courseid": 3321,
                "userid": 90817,
                "fullname": "سارة العتيبي",
                "gradeitems": [
                    {
                        "id": 5521,
                        "itemname": "الاختبار النصفي",
                        "graderaw": 78,
                        "grademax": 100,
                        "locked": True,
                    },
                    {"id": 5522, "itemname": "المختبر", "graderaw": 92, "grademax": 100, "locked": False},
                ],
            }
        ),
    )
    t.act(
        "أبدأ بدرجة المختبر.",
        "lms_update_grade",
        {"itemid": 5522, "userid": 90817, "grade": 95},
        js({"status": True, "warnings": []}),
    )
    errs = [
        {
            "exception": "moodle_exception",
            "errorcode": "gradeitemlocked",
            "message": "بند التقدير مقفل ولا يمكن تعديله",
        },
        {
            "exception": "moodle_exception",
            "errorcode": "cannotupdategrade",
            "message": "تعذّر تحديث الدرجة: عنصر التقدير مغلق من قِبل المعلم",
        },
        {
            "exception": "moodle_exception",
            "errorcode": "gradeitemlocked",
            "message": "لا يمكن تعديل درجة في بند مقفل",
        },
        {
            "exception": "moodle_exception",
            "errorcode": "gradelocked",
            "message": "الدرجة مقفلة؛ يجب فك القفل من صفحة إعدادات سجل الدرجات أولاً",
        },
        {
            "exception": "moodle_exception",
            "errorcode": "gradeitemlocked",
            "message": "بند التقدير مقفل ولا يمكن تعديله",
        },
    ]
    tries = [
        ("تم. الآن درجة الاختبار النصفي إلى 85.", {"itemid": 5521, "userid": 90817, "grade": 85}),
        ("ربما يجب إرسال الدرجة كنص عشري.", {"itemid": 5521, "userid": 90817, "grade": "85.00"}),
        (
            "أجرّب إضافة تعليق المراجعة مع الدرجة.",
            {"itemid": 5521, "userid": 90817, "grade": 85, "feedback": "تمت المراجعة"},
        ),
        (
            "أجرّب تمرير رقم الطالبة الجامعي بدل المعرّف.",
            {"itemid": 5521, "idnumber": "S2023-4471", "grade": 85},
        ),
        (
            "أجرّب التقدير بالنسبة المئوية.",
            {"itemid": 5521, "userid": 90817, "grade": 0.85, "scale": "percent"},
        ),
    ]
    fails = []
    for (text, args), error in zip(tries, errs, strict=True):
        fails.append(t.act(text, "lms_update_grade", args, js(error)))
    t.say("حدّثتُ درجة المختبر إلى 95، لكن لم أتمكن من تحديث درجة الاختبار النصفي؛ النظام يرفض التعديل.")
    onset = fails[3]
    t.loop(
        ["error_streak"],
        onset,
        "The lab grade updates fine. The midterm item is locked (the first read says locked: true) and "
        "every update of it is refused "
        "for that reason, in five Arabic wordings inside a Moodle exception body (is_error false). The "
        f"agent changes the grade format and the identifiers instead. The fourth failure is step {onset}.",
    )
    return t.build()


def sis_enrollment_narration() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-026-sis-enroll-announced-not-done",
        "A registrar assistant announces each turn that it will now enroll the student, but only re-reads "
        "the section with slightly different identifiers and never enrolls.",
        agent="registrar assistant (Banner-style SIS tools, Llama)",
        model="Llama-3.3-70B-Instruct",
        start=722,
        ids="plain",
    )
    t.user(
        "Please enroll Jamal Carter (ID 00482210) in CHEM 101 section 02 for Fall 2026. He has the override."
    )
    t.act(
        "Looking up the student.",
        "sis_get_student",
        {"student_id": "00482210"},
        js(
            {
                "id": "00482210",
                "name": "Jamal Carter",
                "holds": [],
                "overrides": [{"course": "CHEM 101", "type": "prerequisite", "term": "202609"}],
                "status": "active",
            }
        ),
    )
    section = js(
        {
            "crn": "40277",
            "subject": "CHEM",
            "number": "101",
            "section": "02",
            "term": "202609",
            "capacity": 48,
            "enrolled": 44,
            "waitlist": 0,
            "status": "OPEN",
        }
    )
    tries = [
        (
            "I'll now enroll Jamal in CHEM 101 section 02. First, the section details.",
            {"term": "202609", "subject": "CHEM", "number": "101", "section": "02"},
        ),
        (
            "Section 02 is open with 4 seats. I'll now enroll Jamal in CHEM 101-02; confirming the CRN.",
            {"term": "202609", "subject": "CHEM", "number": "101", "section": "2"},
        ),
        (
            "Now I will enroll Jamal Carter in CHEM 101 section 02 for Fall 2026. Verifying the section "
            "again.",
            {"term": "Fall 2026", "course": "CHEM-101-02"},
        ),
        (
            "I'm going to enroll Jamal in CHEM 101, section 02, now. Let me just re-check seats.",
            {"term": "202609", "crn": "40277"},
        ),
        (
            "Next I'll enroll Jamal in CHEM 101 section 02. Checking the section one more time.",
            {"term": "202609", "subject": "chem", "number": "101", "section": "02"},
        ),
    ]
    steps = [t.act(text, "sis_get_section", args, section) for text, args in tries]
    t.say("Jamal Carter can be enrolled in CHEM 101 section 02 (CRN 40277); 4 seats are open.")
    onset = steps[3]
    t.loop(
        ["narration", "same_tool"],
        onset,
        "Every step restates 'I'll now enroll Jamal in CHEM 101 section 02' while calling only "
        "sis_get_section with equivalent identifiers (section 02/2, course code, CRN, lowercase), all "
        "returning the same open section; sis_enroll is never called. The fourth restatement and "
        f"fourth equivalent read coincide at step {onset}.",
    )
    return t.build()


def case_document_ab() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-027-benefit-case-document-ab",
        "A public-sector caseworker agent alternates between listing a housing-benefit case's documents "
        "and re-requesting the missing one, which the system says was already requested.",
        agent="caseworker assistant (case management API, Azure OpenAI)",
        model="gpt-4o-2024-11-20",
        start=750,
    )
    t.user("Case HB-2026-01184 has been waiting three weeks. Move it forward.")
    t.act(
        "Opening the case.",
        "case_get",
        {"case_id": "HB-2026-01184"},
        js(
            {
                "case_id": "HB-2026-01184",
                "type": "housing_benefit",
                "status": "AWAITING_EVIDENCE",
                "applicant": "K. Nowak",
                "opened": "2026-02-09",
                "sla_due": "2026-03-09",
            }
        ),
    )
    docs = js(
        {
            "case_id": "HB-2026-01184",
            "received": ["ID", "TENANCY_AGREEMENT", "PAYSLIPS_3M"],
            "missing": ["PROOF_OF_ADDRESS"],
            "last_contact": "2026-02-20",
        }
    )
    ack = js(
        {
            "status": "already_requested",
            "request_id": "RQ-55120",
            "requested_on": "2026-02-20",
            "channel": "portal",
            "reminders_sent": 1,
        }
    )
    visits = []
    pairs = [
        ("Checking which evidence is missing.", "Proof of address is missing; requesting it."),
        ("Let me check whether it arrived.", "Not yet. Requesting it again."),
        ("Checking the documents again.", "Still missing; sending the request."),
        ("Checking documents.", "Requesting proof of address."),
    ]
    for check, request in pairs:
        visits.append(t.act(check, "case_list_documents", {"case_id": "HB-2026-01184"}, docs))
        t.act(
            request,
            "case_request_document",
            {"case_id": "HB-2026-01184", "doc_type": "PROOF_OF_ADDRESS", "channel": "portal"},
            ack,
        )
    t.say("I've requested the proof of address; the case will move once the applicant uploads it.")
    onset = visits[2]
    t.loop(
        ["alternation"],
        onset,
        "A two-step cycle, list documents then request the missing one, with the same results every "
        "lap (PROOF_OF_ADDRESS missing; 'already_requested' RQ-55120). Neither a phone or letter "
        "channel nor escalation before the SLA date is tried. The third visit of the first state is "
        f"step {onset}.",
    )
    return t.build()


def email_draft_degenerate_chinese() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-028-email-draft-degenerate-chinese",
        "邮件助手为供应商延迟交货起草回复，草稿正文在工具参数中退化为同一句话的重复。",
        agent="邮件分拣助手 (Microsoft Graph 工具, 开源模型)",
        model="DeepSeek-V3",
        start=777,
        ids="plain",
    )
    t.user("帮我回复华联精密关于延迟交货的邮件，语气礼貌但坚定，要求他们在周五前给出新的交货日期。")
    t.act(
        "先读取原邮件。",
        "graph_get_message",
        {"message_id": "AAMkAGI2-7731"},
        js(
            {
                "from": "sales@hualian-precision.example",
                "subject": "关于订单PO-66120交货延迟的说明",
                "body": "由于原材料短缺，订单PO-66120的交货将推迟约两周，具体日期待定。"
                "给您带来不便，深表歉意。",
                "received": "2026-03-03T02:14:00Z",
            }
        ),
    )
    body = (
        "王经理您好：\n\n感谢您告知订单PO-66120的延迟情况。该批零件直接影响我们四月的生产计划，"
        + "请您尽快回复。" * 60
    )
    onset = t.act(
        "起草回复。",
        "graph_create_reply_draft",
        {"message_id": "AAMkAGI2-7731", "comment": body},
        js({"id": "AAMkAGI2-7731-draft", "isDraft": True}),
    )
    t.say("草稿已创建，请在发件箱中查看并发送。")
    t.loop(
        ["degenerate_text"],
        onset,
        f"The reply body passed to graph_create_reply_draft at step {onset} starts well, then collapses "
        "into '请您尽快回复。' repeated sixty times; the agent reports the draft as ready.",
    )
    return t.build()


SCENARIOS = [
    sheets_value_input_option,
    slides_thumbnail_rerender,
    webmail_scroll_end,
    lms_grade_locked_arabic,
    sis_enrollment_narration,
    case_document_ab,
    email_draft_degenerate_chinese,
]
