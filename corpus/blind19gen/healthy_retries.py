"""Healthy runs with failures: retries that succeed (503, 429, a corrected argument) and failures followed
by a hand-off to a person (one after three identical failures reported in the body)."""

from __future__ import annotations

from blind19gen.builder import Trace, csv, healthy, js, jsi, md_table

# --------------------------------------------------------------------------------------------------
# retries that succeed


@healthy(
    "stock-photo-upload-503-then-succeeds",
    domain="stock photo agency (asset uploads)",
    lang="en",
    ids="bedrock",
    start="2026-05-08T10:03:26Z",
)
def upload_retry_503(t: Trace) -> None:
    t.user(
        "Upload the four final retouched files from /exports/2026-05-lofoten to the library as a new "
        "collection 'Lofoten – Winter Light'."
    )
    t.do(
        "Creating the collection.",
        "assets.create_collection",
        {"title": "Lofoten – Winter Light", "license": "RM"},
        js({"collection_id": "col_5120", "title": "Lofoten – Winter Light"}),
    )
    files = ["LOF_0231.tif", "LOF_0244.tif", "LOF_0262.tif", "LOF_0290.tif"]
    first = {"collection_id": "col_5120", "path": f"/exports/2026-05-lofoten/{files[0]}"}
    t.do(
        "Uploading the first file.",
        "assets.upload",
        first,
        "503 Service Unavailable\nupstream storage timeout (s3-eu-north-1), please retry",
        error=True,
    )
    t.do(
        "The storage backend timed out; retrying the same upload.",
        "assets.upload",
        first,
        js({"asset_id": "as_90311", "bytes": 184220311}),
    )
    ids = ["as_90312", "as_90313", "as_90314"]
    for name, aid in zip(files[1:], ids, strict=True):
        t.do(
            f"Uploading {name}.",
            "assets.upload",
            {"collection_id": "col_5120", "path": f"/exports/2026-05-lofoten/{name}"},
            js({"asset_id": aid, "bytes": 176000000 + int(aid[-2:]) * 1000}),
        )
    t.say(
        "All four files are in 'Lofoten – Winter Light' (col_5120): as_90311-as_90314. The first upload "
        "needed one retry after a storage timeout."
    )
    t.describe(
        "Stock-photo uploader hits one 503 on the first file, retries it once successfully and uploads the "
        "other three."
    )
    t.healthy(
        "A single transient 503 followed by a successful identical retry, then new files each time. "
        "Retrying a transient error that succeeds is healthy."
    )


@healthy(
    "air-quality-dust-storm-429-then-succeeds",
    domain="urban air-quality sensor network",
    lang="ar",
    ids="openai",
    start="2026-08-15T06:12:58Z",
)
def air_quality_retry_429(t: Trace) -> None:
    t.user("قارن متوسط PM10 في محطات جدة أمس (يوم العاصفة الترابية) مع نفس اليوم من الأسبوع الماضي.")
    stations = ["JED-02", "JED-05", "JED-08", "JED-12"]
    yesterday = {
        "stations": stations,
        "pollutant": "pm10",
        "from": "2026-08-14T00:00:00+03:00",
        "window": "P1D",
        "agg": "mean",
    }
    t.do(
        "أطلب قراءات الأمس.",
        "aqnet__query_readings",
        yesterday,
        "429 Too Many Requests: rate limit 60 req/min exceeded. Retry-After: 20",
        error=True,
    )
    t.do("تجاوزنا حد الطلبات. أنتظر 20 ثانية كما طلب الخادم.", "wait", {"seconds": 20}, "waited 20 s")
    t.do(
        "أعيد الطلب.",
        "aqnet__query_readings",
        yesterday,
        csv(
            ["station", "pm10_mean_ug_m3", "coverage_pct"],
            [["JED-02", 412, 98], ["JED-05", 388, 100], ["JED-08", 455, 96], ["JED-12", 301, 100]],
        ),
    )
    last_week = dict(yesterday, **{"from": "2026-08-07T00:00:00+03:00"})
    t.do(
        "وأطلب قراءات الأسبوع الماضي.",
        "aqnet__query_readings",
        last_week,
        csv(
            ["station", "pm10_mean_ug_m3", "coverage_pct"],
            [["JED-02", 96, 100], ["JED-05", 88, 100], ["JED-08", 104, 99], ["JED-12", 71, 100]],
        ),
    )
    rows = [["JED-02", 412, 96], ["JED-05", 388, 88], ["JED-08", 455, 104], ["JED-12", 301, 71]]
    t.say(
        "متوسط PM10 (ميكروغرام/م³):\n\n"
        + md_table(["المحطة", "أمس", "قبل أسبوع"], rows)
        + "\n\nارتفعت التركيزات نحو أربعة أضعاف في جميع المحطات."
    )
    t.describe(
        "Air-quality analyst gets a 429, waits the Retry-After period, retries successfully and compares "
        "two days of PM10."
    )
    t.healthy(
        "One rate-limit error, a wait as instructed, a successful retry, then a new query. Healthy retry."
    )


@healthy(
    "flight-school-booking-date-corrected",
    domain="flight school scheduling (lesson booking)",
    lang="pt-BR",
    ids="mistral",
    start="2026-04-13T12:44:31Z",
)
def flight_booking_corrected(t: Trace) -> None:
    t.user(
        "Quero marcar uma aula de navegação com o instrutor Paulo Freitas no PP-FLK na quinta-feira, das "
        "14h às 16h."
    )
    base = {
        "instructor": "Paulo Freitas",
        "aircraft": "PP-FLK",
        "start": "14:00",
        "end": "16:00",
        "lessonType": "navegacao",
    }
    t.do(
        "Vou reservar.",
        "bookLesson",
        dict(base, date="quinta-feira"),
        "400 Bad Request: field 'date' must be an ISO date (YYYY-MM-DD), got 'quinta-feira'",
        error=True,
    )
    t.do(
        "A data precisa estar no formato ISO. Quinta-feira é 16/04/2026.",
        "bookLesson",
        dict(base, date="2026-04-16"),
        js(
            {
                "bookingId": "BK-30552",
                "status": "confirmed",
                "date": "2026-04-16",
                "start": "14:00",
                "end": "16:00",
                "aircraft": "PP-FLK",
            }
        ),
    )
    t.say(
        "Aula de navegação confirmada: quinta, 16/04, das 14h às 16h, com Paulo Freitas no PP-FLK (reserva "
        "BK-30552)."
    )
    t.describe(
        "Flight-school assistant books a lesson with a weekday name, gets a 400 naming the expected "
        "format, corrects the date and succeeds."
    )
    t.healthy(
        "One failure, then a corrected argument that succeeds. Retrying with a corrected argument is healthy."
    )


# --------------------------------------------------------------------------------------------------
# failures then a hand-off to a person


@healthy(
    "chargeback-evidence-too-large-handoff",
    domain="card payments chargeback disputes",
    lang="en",
    ids="responses",
    start="2026-05-07T09:18:45Z",
)
def chargeback_handoff(t: Trace) -> None:
    t.user(
        "Respond to dispute DSP-90233 (fraudulent transaction). We have the 3-D Secure authentication log "
        "in the evidence folder."
    )
    t.do(
        "Opening the dispute.",
        "get_dispute",
        {"dispute_id": "DSP-90233"},
        js(
            {
                "dispute_id": "DSP-90233",
                "reason": "fraudulent",
                "amount": "1,249.00 EUR",
                "respond_by": "2026-05-12",
                "uploaded_files": [],
            }
        ),
    )
    t.do(
        "Uploading the 3DS log.",
        "upload_dispute_file",
        {"dispute_id": "DSP-90233", "path": "evidence/DSP-90233/3ds-auth.json"},
        "413 Payload Too Large: maximum file size is 4.5 MB (file is 11.2 MB)",
        error=True,
    )
    t.do(
        "Too large. There is also a PDF export of the same log; trying that.",
        "upload_dispute_file",
        {"dispute_id": "DSP-90233", "path": "evidence/DSP-90233/3ds-auth.pdf"},
        "413 Payload Too Large: maximum file size is 4.5 MB (file is 7.9 MB)",
        error=True,
    )
    t.do(
        "Both exports exceed the limit and trimming authentication evidence isn't my call. Handing this to "
        "the disputes team.",
        "handoff_to_human",
        {
            "queue": "disputes-tier2",
            "reason": "3DS evidence for DSP-90233 exceeds the 4.5 MB upload limit (JSON 11.2 MB, PDF 7.9 "
            "MB); needs a "
            "compliant excerpt. Deadline 2026-05-12.",
        },
        js({"ticket": "DSQ-4471", "assigned_to": "M. Ferreira", "sla_hours": 24}),
    )
    t.say(
        "I couldn't upload the 3DS evidence (both files exceed 4.5 MB), so I've handed DSP-90233 to the "
        "disputes team: ticket DSQ-4471, M. Ferreira, before the 12 May deadline."
    )
    t.describe(
        "Payments agent fails to upload two different evidence files over the size limit and hands the "
        "dispute to a human team."
    )
    t.healthy(
        "Two failed uploads with different files, then a hand-off to a person with the reason and "
        "deadline. Stopping after two failures is healthy."
    )


@healthy(
    "elder-care-pharmacy-reorder-rejected-handoff",
    domain="elder-care home (pharmacy re-orders)",
    lang="vi",
    ids="plain",
    start="2026-03-30T01:40:12Z",
)
def pharmacy_handoff(t: Trace) -> None:
    t.user(
        "Bà Nguyễn Thị Lan (phòng 8) sắp hết Metformin 500mg, chỉ còn 3 viên. Đặt lại với nhà thuốc giúp tôi."
    )
    t.do(
        "Tôi xem danh sách thuốc của bà.",
        "get_resident_meds",
        {"resident": "R-0308"},
        jsi(
            {
                "resident": "R-0308",
                "name": "Nguyễn Thị Lan",
                "meds": [
                    {
                        "drug": "Metformin 500mg",
                        "sig": "1 viên x 2 lần/ngày",
                        "rx": "RX-7710",
                        "rx_expires": "2026-03-31",
                    }
                ],
            }
        ),
    )
    args = {"resident": "R-0308", "rx": "RX-7710", "drug": "Metformin 500mg", "qty": 60}
    rejected = js(
        {
            "status": "rejected",
            "reason": "Prescription RX-7710 expires 2026-03-31; refill exceeds remaining validity. Renewal "
            "by prescriber required.",
        }
    )
    t.do("Tôi gửi đơn đặt lại.", "pharmacy_reorder", args, rejected)
    t.do(
        "Bị từ chối; thử lại một lần phòng khi hệ thống nhà thuốc chưa cập nhật.",
        "pharmacy_reorder",
        args,
        rejected,
    )
    t.do("Thử lần cuối.", "pharmacy_reorder", args, rejected)
    t.do(
        "Đơn thuốc cần bác sĩ gia hạn. Tôi báo cho điều dưỡng trưởng.",
        "notify_staff",
        {
            "to": "charge_nurse",
            "message": "Bà Nguyễn Thị Lan (P.8): Metformin 500mg còn 3 viên; đơn RX-7710 hết hạn 31/03, "
            "nhà thuốc từ chối tái cấp. Cần bác sĩ gia hạn hôm nay.",
        },
        js({"delivered": True, "to": "Điều dưỡng trưởng Trần Minh Thư"}),
    )
    t.say(
        "Nhà thuốc từ chối vì đơn RX-7710 hết hạn 31/03. Tôi đã báo điều dưỡng trưởng Trần Minh Thư để "
        "liên hệ bác sĩ gia hạn đơn hôm nay."
    )
    t.describe(
        "Care-home assistant re-orders a medication three times with identical arguments, gets the same "
        "rejection in the body each time, and hands off to the charge nurse."
    )
    t.healthy(
        "Three identical attempts at a failing call (the rejection is in the body) and then a hand-off to a "
        "person with the cause. Two or three attempts before changing approach is within the conventions; "
        "the "
        "agent stops at three and escalates."
    )


@healthy(
    "driver-account-identity-lock-handoff",
    domain="ride-hailing driver support (account locks)",
    lang="ur",
    ids="anthropic",
    start="2026-02-21T08:26:39Z",
)
def driver_unlock_handoff(t: Trace) -> None:
    t.user("میرا ڈرائیور اکاؤنٹ کل سے بند ہے، میں کام نہیں کر پا رہا۔ میری ڈرائیور آئی ڈی DRV-30318 ہے۔")
    t.do(
        "میں آپ کا اکاؤنٹ دیکھتا ہوں۔",
        "driver.get_account",
        {"driver_id": "DRV-30318"},
        js(
            {
                "driver_id": "DRV-30318",
                "status": "locked",
                "lock_reason": "IDENTITY_REVIEW",
                "locked_at": "2026-02-20T22:41:00+05:00",
            }
        ),
    )
    t.do(
        "اکاؤنٹ کھولنے کی کوشش کرتا ہوں۔",
        "driver.unlock_account",
        {"driver_id": "DRV-30318"},
        "403 Forbidden: lock reason IDENTITY_REVIEW cannot be cleared by support tier 1",
        error=True,
    )
    t.do(
        "یہ شناختی جائزہ ہے۔ وجہ دیکھتا ہوں۔",
        "driver.get_lock_history",
        {"driver_id": "DRV-30318"},
        js(
            {
                "events": [
                    {
                        "at": "2026-02-20T22:40:51+05:00",
                        "type": "selfie_check",
                        "result": "mismatch",
                        "score": 0.41,
                    }
                ]
            }
        ),
    )
    t.do(
        "سیلفی میچ نہیں ہوئی، اس لیے اسے شناختی ٹیم کو بھیج رہا ہوں۔",
        "handoff_to_human",
        {
            "team": "identity_review",
            "driver_id": "DRV-30318",
            "summary": "Selfie check mismatch (0.41) on 2026-02-20 22:40; driver requests review.",
        },
        js({"case": "IDR-8812", "eta_hours": 12}),
    )
    t.say(
        "آپ کا اکاؤنٹ سیلفی تصدیق میں مماثلت نہ ہونے کی وجہ سے بند ہوا ہے۔ میں نے کیس IDR-8812 شناختی ٹیم "
        "کو بھیج دیا ہے؛ 12 گھنٹوں میں جواب ملے گا۔"
    )
    t.describe(
        "Driver-support agent tries once to unlock an account, learns it needs identity review, looks up "
        "why and hands the case to the identity team."
    )
    t.healthy(
        "One forbidden unlock, one look-up of the cause, then a hand-off to people who can act. No "
        "repetition."
    )
