"""Healthy: long progressing sessions, narration with new results, one call per user turn."""

from __future__ import annotations

from .builder import Trace, c


def ap_batch_long(t: Trace) -> None:
    t.meta("accounts-payable agent (invoice OCR, 3-way match)", "LangGraph", ids="openai")
    t.user("Process all 14 invoices in today's AP inbox: OCR, 3-way match, approve or hold.")
    held = []
    for i in range(14):
        inv = f"inv-{81200 + i}"
        po = f"PO-{45000 + 7 * i}"
        total = round(100 + 37.5 * i, 2)
        t.call("ocr_extract", {"doc_id": inv}, {"total": total, "po": po}, text=f"OCR for {inv}.")
        rcv = total if i % 5 else total - 12.5
        t.act(
            "Matching PO and receipt.",
            c("get_po", {"id": po}, {"total": total}),
            c("get_goods_receipt", {"po": po}, {"received_value": rcv}),
        )
        if rcv == total:
            t.call("approve_invoice", {"invoice": inv}, {"result": "APPROVED"})
        else:
            held.append(inv)
            t.call("hold_invoice", {"invoice": inv, "reason": "receipt short"}, {"result": "ON_HOLD"})
    t.say(f"Processed 14 invoices: {14 - len(held)} approved, {len(held)} on hold ({', '.join(held)}).")
    t.healthy(
        "AP agent processes fourteen invoices, three steps each, over 40+ steps.",
        "A long session with the same rhythm per invoice but new documents and results each time; progress.",
    )


def helpdesk_turns_identical_calls(t: Trace) -> None:
    t.meta("IT helpdesk agent", "Microsoft Agent Framework", ids="plain")
    t.user("Is the VPN down? I can't connect.")
    t.call("get_service_status", {"service": "vpn"}, {"status": "degraded", "note": "EU gateway maintenance"})
    t.say("The VPN is degraded due to EU gateway maintenance; try the US gateway.")
    t.user("OK the US gateway works. Can you check again whether EU is back?")
    t.call("get_service_status", {"service": "vpn"}, {"status": "degraded", "note": "EU gateway maintenance"})
    t.say("Still under maintenance.")
    t.user("Check once more please, I need the EU one for the finance share.")
    t.call("get_service_status", {"service": "vpn"}, {"status": "degraded", "note": "EU gateway maintenance"})
    t.say("Still degraded. The maintenance window ends at 14:00 UTC.")
    t.user("It's 14:05 now. Again?")
    t.call("get_service_status", {"service": "vpn"}, {"status": "operational"})
    t.say("The EU gateway is back.")
    t.healthy(
        "Helpdesk agent repeats the same status check, once per user request.",
        "Identical calls that each answer a new user message are healthy; counts start at each user message.",
    )


def dq_tables_narration(t: Trace) -> None:
    t.meta("data-quality agent on a warehouse", "PydanticAI", ids="plain")
    t.user("Profile every table in the 'finance' schema for null primary keys and report.")
    tables = [
        "ap_invoices",
        "ap_payments",
        "ar_invoices",
        "ar_receipts",
        "gl_entries",
        "gl_accounts",
        "vendors",
        "customers",
        "fx_rates",
        "budgets",
        "cost_centers",
        "journals",
    ]
    for i, tb in enumerate(tables):
        t.call(
            "run_expectation",
            {"table": f"finance.{tb}", "expectation": "expect_column_values_to_not_be_null", "column": "id"},
            {"success": i not in (4, 9), "unexpected_count": 0 if i not in (4, 9) else 3 * i},
            text="Checking the next table for null primary keys.",
        )
    t.say("Null primary keys found in gl_entries (12) and budgets (27); the other 10 tables are clean.")
    t.healthy(
        "Data-quality agent repeats the same narration while checking twelve different tables.",
        "The text repeats but each call targets a new table and brings a new result; progress.",
    )


def soc2_long_collection(t: Trace) -> None:
    t.meta("SOC 2 evidence collector", "Google ADK", ids="gemini")
    t.user("Build the evidence binder for the CC7 and CC8 controls for the 2026 audit.")
    controls = [f"CC7.{i}" for i in range(1, 6)] + [f"CC8.{i}" for i in range(1, 2)]
    sources = ["cloudtrail", "guardduty", "jira_changes", "github_prs", "pagerduty", "confluence"]
    for ctl in controls:
        for src in sources[:3] if ctl.startswith("CC7") else sources[3:]:
            t.call(
                "collect_evidence",
                {"control": ctl, "source": src},
                {"control": ctl, "source": src, "artifacts": 2 + len(src) % 4},
                text=f"Collecting {ctl} from {src}.",
            )
        t.call("attach_to_binder", {"binder": "soc2-2026", "control": ctl}, {"ok": True})
        t.call(
            "evaluate_control",
            {"control": ctl},
            {"control": ctl, "result": "PASS" if ctl != "CC7.3" else "GAP"},
        )
    t.say("Binder complete: 6 controls, CC7.3 has a gap (incident postmortems missing for two P2s).")
    t.healthy(
        "Evidence collector gathers, attaches and evaluates six controls over 30 steps.",
        "Long progressing session; each call targets a new control/source pair.",
    )


def risk_dashboard_turns(t: Trace) -> None:
    t.meta("read-only risk dashboard assistant", "PydanticAI", ids="anthropic")
    t.user("Keep me posted on the rates book DV01 over the next few checks; I'll ping you.")
    for i, dv in enumerate([-41200, -39800, -52100, -50950]):
        t.call(
            "get_risk_snapshot",
            {"book": "RATES-EUR", "metric": "dv01"},
            {"dv01_eur": dv, "as_of": f"2026-10-14T1{i}:00:00Z"},
        )
        t.say(f"DV01 is €{dv:,} as of 1{i}:00 UTC.")
        if i < 3:
            t.user("And now?")
    t.healthy(
        "Risk assistant re-reads the same snapshot on each user ping; values change.",
        "Identical calls per user turn with different results; healthy.",
    )


def onboarding_long_ko(t: Trace) -> None:
    t.meta("HR 온보딩 에이전트", "Semantic Kernel", ids="plain", language="ko")
    t.user("다음 주 입사자 5명의 온보딩을 처리해 주세요: 계정, 노트북, 접근 권한.")
    people = ["kim.minji", "park.jihoon", "choi.yuna", "jung.hyun", "han.seojin"]
    for p in people:
        t.call(
            "idp_create_user",
            {"login": f"{p}@kestrel.dev", "dept": "Sales"},
            {"상태": "생성됨", "id": p},
            text=f"{p} 계정을 만듭니다.",
        )
        t.call("order_hardware", {"employee": p, "sku": "X1C-G12"}, {"주문번호": f"HW-{len(p) * 97}"})
        t.call(
            "request_access",
            {"employee": p, "systems": ["crm", "slack", "vpn"]},
            {"티켓": f"ACC-{len(p) * 31}"},
        )
        t.call("send_welcome_email", {"employee": p}, {"발송": True})
    t.say("5명 모두 계정, 노트북 주문, 접근 권한 요청, 환영 메일 처리가 끝났습니다.")
    t.healthy(
        "Onboarding agent runs four steps for each of five hires.",
        "Long, progressing, new targets each time.",
    )


def shipment_tracking_long_th(t: Trace) -> None:
    t.meta("เอเจนต์ติดตามพัสดุ", "LangGraph", ids="plain", language="th")
    t.user("ตรวจสถานะศุลกากรของชิปเมนต์ทั้ง 10 รายการในสัปดาห์นี้ และแจ้งลูกค้าที่ล่าช้า")
    for i in range(10):
        sid = f"SHP-{2300 + i}"
        late = i in (2, 7)
        t.call(
            "get_customs_status",
            {"shipment": sid},
            {"สถานะ": "ค้างตรวจ" if late else "ผ่านพิธีการ"},
            text=f"ตรวจสอบ {sid}",
        )
        if late:
            t.call("notify_customer", {"shipment": sid, "template": "customs_delay"}, {"ส่งแล้ว": True})
    t.say("ผ่านพิธีการแล้ว 8 รายการ ล่าช้า 2 รายการ (SHP-2302, SHP-2307) แจ้งลูกค้าแล้ว")
    t.healthy(
        "Customs tracking over ten shipments in Thai, notifying two.", "Fan-out with new results; healthy."
    )


SCENARIOS = [
    ap_batch_long,
    helpdesk_turns_identical_calls,
    dq_tables_narration,
    soc2_long_collection,
    risk_dashboard_turns,
    onboarding_long_ko,
    shipment_tracking_long_th,
]
