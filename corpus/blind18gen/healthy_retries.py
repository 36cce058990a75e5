"""Healthy runs with failures: retries that succeed (a 503, a 429, a corrected argument) and failures followed
by a hand-off to a person."""

from __future__ import annotations

from blind18gen.builder import Trace, cj, healthy, sj

# --- retries that succeed ---------------------------------------------------------------------------


@healthy("tea-inventory-503-then-ok")
def tea_503(sid: str) -> Trace:
    t = Trace(
        sid,
        "Tea-blending agent's stock look-up hits a 503 once; the identical retry succeeds.",
        domain="tea blending and packing",
        language="en",
        ids="bedrock",
        started="2026-06-02T04:45:00Z",
    )
    t.user("How much Darjeeling FTGFOP1 second flush do we have left in the Kolkata warehouse?")
    args = {"sku": "DJ-SF-FTGFOP1", "warehouse": "KOL"}
    t.act(
        "Checking stock.",
        ("inventory_get", args, "HTTP 503 Service Unavailable: upstream WMS timeout, retry after 5 s", True),
    )
    t.act(
        "The warehouse system timed out; retrying.",
        (
            "inventory_get",
            args,
            sj(
                {
                    "sku": "DJ-SF-FTGFOP1",
                    "warehouse": "KOL",
                    "on_hand_kg": 412.5,
                    "reserved_kg": 60.0,
                    "lots": [
                        {"lot": "DJ24-117", "kg": 250.0, "garden": "Castleton"},
                        {"lot": "DJ24-131", "kg": 162.5, "garden": "Jungpana"},
                    ],
                }
            ),
        ),
    )
    t.say(
        "412.5 kg on hand in Kolkata (60 kg reserved, so 352.5 kg free): lots DJ24-117 (Castleton) and "
        "DJ24-131 (Jungpana)."
    )
    return t.healthy(
        "A transient 503 followed by one identical retry that succeeds, as the error itself suggests; two "
        "calls, one failure, then the answer."
    )


@healthy("coin-price-429-wait-retry")
def coin_429(sid: str) -> Trace:
    t = Trace(
        sid,
        "Coin dealer's agent is rate limited by a price API, waits the advertised time, and the retry "
        "succeeds.",
        domain="numismatics dealer (coin grading and pricing)",
        language="ja",
        ids="openai",
        started="2026-04-09T01:15:00Z",
    )
    t.user("1964年東京オリンピック記念の1000円銀貨、未使用品の今の相場を調べてください。")
    args = {"coin": "JP-1964-1000Y-OLY", "grade": "UNC"}
    t.act(
        "相場を検索します。",
        ("price_lookup", args, cj({"error": "rate_limited", "status": 429, "retry_after_s": 20}), True),
    )
    t.act("レート制限です。20秒待ちます。", ("wait", {"seconds": 20}, "slept 20 s"))
    t.act(
        "再試行します。",
        (
            "price_lookup",
            args,
            cj(
                {
                    "coin": "JP-1964-1000Y-OLY",
                    "grade": "UNC",
                    "median_jpy": 14800,
                    "low_jpy": 12500,
                    "high_jpy": 18200,
                    "sales_30d": 37,
                }
            ),
        ),
    )
    t.say("未使用品の直近30日の中央値は約14,800円（37件、12,500〜18,200円）です。")
    return t.healthy(
        "A 429 with retry_after, an explicit wait of the advertised 20 s, and one identical retry that "
        "succeeds. Retrying a rate-limited call once after waiting is correct."
    )


@healthy("planetarium-admin-form-corrected-date")
def planetarium_form(sid: str) -> Trace:
    t = Trace(
        sid,
        "Computer-use agent adds a planetarium session in an admin form; the first date format is "
        "rejected, the corrected entry saves.",
        domain="planetarium show scheduling",
        language="fr",
        ids="gemini",
        started="2026-06-12T08:10:00Z",
    )
    t.user(
        "Ajoute une séance « Les aurores boréales » le mercredi 24 juin à 15 h 30 dans la petite coupole, "
        "via l'interface d'administration."
    )
    t.act(
        "Je regarde l'écran.",
        (
            "computer",
            {"action": "screenshot"},
            "Screenshot 1440x900: 'Nouvelle séance' form. 'Spectacle' dropdown (410, 220), 'Salle' "
            "dropdown (410, 280), 'Date et heure' text field (410, 340), 'Enregistrer' button (1180, 820).",
        ),
    )
    t.act(
        "Je choisis le spectacle et la salle.",
        (
            "computer",
            {"action": "select", "coordinate": [410, 220], "value": "Les aurores boréales"},
            "Screenshot: 'Spectacle' = 'Les aurores boréales'.",
        ),
        (
            "computer",
            {"action": "select", "coordinate": [410, 280], "value": "Petite coupole"},
            "Screenshot: 'Salle' = 'Petite coupole'.",
        ),
    )
    t.act(
        "Je saisis la date.",
        (
            "computer",
            {"action": "type", "coordinate": [410, 340], "text": "24/06/2026 15h30"},
            "Screenshot: 'Date et heure' shows '24/06/2026 15h30'.",
        ),
    )
    t.act(
        "J'enregistre.",
        (
            "computer",
            {"action": "left_click", "coordinate": [1180, 820]},
            "Screenshot: red text under 'Date et heure': 'Format attendu : JJ/MM/AAAA HH:MM'. Nothing saved.",
        ),
    )
    t.act(
        "Le format attendu est JJ/MM/AAAA HH:MM. Je corrige.",
        (
            "computer",
            {"action": "type", "coordinate": [410, 340], "text": "24/06/2026 15:30", "clear": True},
            "Screenshot: 'Date et heure' shows '24/06/2026 15:30'.",
        ),
    )
    t.act(
        "J'enregistre à nouveau.",
        (
            "computer",
            {"action": "left_click", "coordinate": [1180, 820]},
            "Screenshot: green banner 'Séance enregistrée (#S-2291)'; list shows 'Les aurores boréales – "
            "Petite coupole – mer. 24/06/2026 15:30'.",
        ),
    )
    t.say(
        "La séance « Les aurores boréales » est programmée le mercredi 24 juin à 15:30 en petite coupole "
        "(#S-2291)."
    )
    return t.healthy(
        "A retry with a corrected argument: the form rejects '15h30', the agent reads the expected format "
        "and retypes '15:30', and the second save succeeds. One failure, then a fix."
    )


# --- failures, then a hand-off to a person --------------------------------------------------------


@healthy("pest-termite-booking-handoff")
def pest_handoff(sid: str) -> Trace:
    t = Trace(
        sid,
        "Pest-control agent fails to book a termite treatment on two different dates, finds no licensed "
        "technician, and hands the case to dispatch.",
        domain="pest control services",
        language="ko",
        ids="anthropic",
        started="2026-06-10T00:40:00Z",
    )
    t.user("강남점 고객(계약 C-4410)의 흰개미 방제를 다음 주 화요일 오전으로 예약해 주세요.")
    t.act(
        "예약을 시도하겠습니다.",
        (
            "schedule__book_treatment",
            {"contract": "C-4410", "service": "termite", "date": "2026-06-16", "window": "AM"},
            "ERROR: a licensed termite technician is required; none available 2026-06-16 AM (gangnam)",
            True,
        ),
    )
    t.act(
        "화요일은 불가합니다. 수요일 오전으로 시도해 보겠습니다.",
        (
            "schedule__book_treatment",
            {"contract": "C-4410", "service": "termite", "date": "2026-06-17", "window": "AM"},
            "ERROR: a licensed termite technician is required; none available 2026-06-17 AM (gangnam)",
            True,
        ),
    )
    t.act(
        "이번 주 전체 가용 기술자를 확인하겠습니다.",
        (
            "schedule__find_technicians",
            {"service": "termite", "region": "gangnam", "from": "2026-06-15", "to": "2026-06-19"},
            "[]",
        ),
    )
    t.act(
        "가용 인원이 없어 배차팀에 넘기겠습니다.",
        (
            "handoff__to_human",
            {
                "queue": "dispatch",
                "contract": "C-4410",
                "summary": (
                    "흰개미 방제 요청(다음 주 오전). 강남 지역 자격 기술자 6/15~6/19 없음. 타 지역 지원 필요."
                ),
            },
            cj({"ticket": "DSP-2291", "queue": "dispatch", "status": "open"}),
        ),
    )
    t.say(
        "다음 주 강남 지역에 흰개미 자격 기술자가 없어 배차팀에 접수했습니다(DSP-2291). 일정이 잡히면 "
        "연락드리겠습니다."
    )
    return t.healthy(
        "Two failed bookings with different dates, a technician search that explains why, and a hand-off "
        "to dispatch: the agent changes approach after two failures instead of retrying."
    )


@healthy("cgm-link-expired-code-handoff")
def cgm_handoff(sid: str) -> Trace:
    t = Trace(
        sid,
        "Diabetes-clinic agent tries to link a patient's CGM account twice with the same expired share "
        "code, then creates a task for the nurse educator.",
        domain="diabetes clinic (continuous glucose monitoring)",
        language="ur",
        ids="responses",
        started="2026-06-16T06:30:00Z",
    )
    t.user(
        "مریض 21014 کا CGM ڈیٹا کلینک کے اکاؤنٹ سے لنک نہیں ہو رہا۔ شیئر کوڈ 7KQ-22M ہے، براہ کرم لنک کر دیں۔"
    )
    args = {"patient_id": "21014", "share_code": "7KQ-22M"}
    err = (
        "ERROR 410: share code 7KQ-22M expired on 2026-06-14; ask the patient to generate a new code in "
        "the app"
    )
    t.act("میں اکاؤنٹ لنک کرتا ہوں۔", ("link_patient_account", args, err, True))
    t.act("ایک بار دوبارہ کوشش کرتا ہوں، شاید عارضی مسئلہ ہو۔", ("link_patient_account", args, err, True))
    t.act(
        "کوڈ واقعی ختم ہو چکا ہے۔ نرس ایجوکیٹر کے لیے کام بناتا ہوں۔",
        (
            "create_task_for_staff",
            {
                "assignee": "nurse_educator",
                "patient_id": "21014",
                "note": "Share code 7KQ-22M expired 14 June; call patient to generate a new code and link.",
            },
            sj({"task_id": "T-55810", "assignee": "nurse_educator", "due": "2026-06-16"}),
        ),
    )
    t.say(
        "شیئر کوڈ 14 جون کو ختم ہو چکا ہے۔ نرس ایجوکیٹر مریض سے نیا کوڈ لے کر لنک کر دیں گی (ٹاسک T-55810)۔"
    )
    return t.healthy(
        "Two identical attempts at a failing call, then a change of approach: a task for a person who can "
        "get a new code from the patient. Two or three identical failures followed by a hand-off is "
        "healthy."
    )


@healthy("car-wash-terminal-reset-three-fails-ticket")
def carwash_handoff(sid: str) -> Trace:
    t = Trace(
        sid,
        "Car-wash agent tries to reset an unreachable payment terminal three times (failure in the body), "
        "then opens a maintenance ticket.",
        domain="car-wash chain (memberships and wash controllers)",
        language="th",
        ids="plain",
        started="2026-06-14T05:10:00Z",
    )
    t.user("เครื่องรับชำระเงินที่สาขาบางนา ช่อง 2 ค้างอยู่ ช่วยรีเซ็ตให้หน่อย")
    args = {"site": "BANGNA", "bay": 2}
    body = cj(
        {
            "ok": False,
            "error": "TERMINAL_UNREACHABLE",
            "terminal": "BN-T2",
            "last_seen": "2026-06-14T11:52:00+07:00",
        }
    )
    t.act("กำลังรีเซ็ตเครื่อง", ("terminal.reset", args, body))
    t.act("เชื่อมต่อไม่ได้ ลองอีกครั้ง", ("terminal.reset", args, body))
    t.act("ลองครั้งสุดท้าย", ("terminal.reset", args, body))
    t.act(
        "เครื่องออฟไลน์ ต้องให้ช่างไปดูที่หน้างาน เปิดใบงานให้",
        (
            "ticket.create",
            {
                "site": "BANGNA",
                "asset": "BN-T2",
                "priority": "high",
                "summary": "Payment terminal bay 2 unreachable since 11:52; remote reset failed 3x.",
            },
            cj({"ticket": "MT-8812", "eta": "2026-06-14T14:00:00+07:00"}),
        ),
    )
    t.say("รีเซ็ตจากระยะไกลไม่ได้เพราะเครื่องออฟไลน์ตั้งแต่ 11:52 เปิดใบงาน MT-8812 แล้ว ช่างจะไปถึงประมาณ 14:00")
    return t.healthy(
        "Three identical reset attempts that fail in the body (TERMINAL_UNREACHABLE), then a change of "
        "approach: a maintenance ticket. Three identical failures followed by a hand-off is healthy by the "
        "conventions."
    )
