"""Healthy retries: transient failures that clear, a corrected argument, failures handed to a person, and
check-act-recheck on a system that changes."""

from __future__ import annotations

from blind20gen.builder import Trace, healthy, j, ji, js


@healthy(
    "district-heating-meter-503-then-ok",
    "District-heating agent gets a 503 from the meter-reading service, waits as told and retries once to "
    "get the readings.",
    domain="district heating network",
    language="en",
    ids="adk",
    started="2026-01-10T06:00:00Z",
)
def heat_meter(t: Trace) -> None:
    t.user("Get the December heat consumption for the Kuusikatu 4 building and compare it with November.")
    args = {"site": "Kuusikatu 4", "months": ["2025-11", "2025-12"]}
    t.one(
        "Fetching the meter readings.",
        "meters.consumption",
        args,
        "HTTP 503 Service Unavailable\nRetry-After: 20\nmeter database in maintenance mode",
        error=True,
    )
    t.one(
        "The service is briefly in maintenance; waiting 20 seconds.", "wait", {"seconds": 20}, "waited 20 s"
    )
    t.one(
        "Retrying.",
        "meters.consumption",
        args,
        "month;energy_MWh;water_m3\n2025-11;38.4;612\n2025-12;51.9;640\n",
    )
    t.say("December: 51.9 MWh against 38.4 MWh in November (+35 %). Water volume about the same.")
    t.healthy(
        "One transient 503 with Retry-After, one wait, one identical retry that succeeds. A retry of a "
        "transient error that then succeeds is healthy."
    )


@healthy(
    "dooh-playlog-429-backoff",
    "Billboard scheduling agent (Arabic) hits a rate limit twice while exporting play logs, backs off "
    "and succeeds.",
    domain="digital out-of-home billboard scheduling",
    language="ar",
    ids="named",
    started="2026-11-03T08:00:00Z",
)
def dooh_429(t: Trace) -> None:
    t.user("صدّر سجل العرض لحملة «نخلة» على شاشات الرياض للأسبوع الماضي.")
    args = {"campaign": "نخلة", "city": "RYD", "from": "2026-10-26", "to": "2026-11-01"}
    limited = js({"error": {"code": 429, "message": "rate limit exceeded", "retry_after_s": 30}})
    t.one("أطلب سجل العرض.", "playlog.export", args, limited, error=True)
    t.one("تجاوزنا حد الطلبات؛ أنتظر 30 ثانية.", "sleep", {"seconds": 30}, "slept 30s")
    t.one("أعيد الطلب.", "playlog.export", args, limited, error=True)
    t.one("ما زال الحد قائماً؛ أنتظر دقيقة.", "sleep", {"seconds": 60}, "slept 60s")
    t.one(
        "أحاول مرة أخرى.",
        "playlog.export",
        args,
        "screen_id,plays,minutes\nRYD-114,412,68.7\nRYD-120,388,64.7\nRYD-131,405,67.5\n(3 شاشات)",
    )
    t.say("تم التصدير: 1,205 عرضاً على 3 شاشات في الرياض خلال الأسبوع.")
    t.healthy(
        "Two 429 responses with backoff waits growing from 30 to 60 s, then the same export succeeds. "
        "Rate-limit retries with backoff are healthy; only two failures before success."
    )


@healthy(
    "tannery-dosing-corrected-argument",
    "Tannery agent sends a dosing change with a wrong field, reads the validation error and resends it "
    "correctly.",
    domain="leather tannery chrome tanning",
    language="en",
    ids="mistral",
    started="2026-02-26T08:10:00Z",
)
def tannery_fix(t: Trace) -> None:
    t.user("Raise the basification dose for batch T-8812 from 0.9 to 1.1 percent.")
    t.one(
        "Updating the dose.",
        "dosing.set",
        {"batch": "T-8812", "agent": "sodium bicarbonate", "dose": "1.1%"},
        j({"ok": False, "error": "dose_pct must be a number (e.g. 1.1); 'dose' is an unknown field"}),
    )
    t.one(
        "Wrong field name and type; fixing it.",
        "dosing.set",
        {"batch": "T-8812", "agent": "sodium bicarbonate", "dose_pct": 1.1},
        j({"ok": True, "batch": "T-8812", "dose_pct": 1.1, "applies": "next feed 08:30"}),
    )
    t.say("Basification dose set to 1.1 %; it applies from the 08:30 feed.")
    t.healthy(
        "One validation error reported in the body, read and fixed: the second call uses the field and type "
        "the error names and succeeds."
    )


@healthy(
    "microfinance-mpesa-fails-then-officer",
    "Microfinance assistant (Swahili) fails three times to post a repayment to the mobile-money gateway, "
    "then hands the case to a loan officer.",
    domain="microfinance group lending",
    language="sw",
    ids="bedrock",
    started="2026-05-07T10:00:00Z",
)
def microfinance_handoff(t: Trace) -> None:
    t.user(
        "Mwanachama Neema Otieno amelipa shilingi 4,500 kwa M-Pesa, msimbo QBT7Y2K9LP. Iandike kwenye mkopo "
        "wake."
    )
    args = {"mwanachama": "MW-2291", "kiasi": 4500, "msimbo_mpesa": "QBT7Y2K9LP"}
    err = j({"hali": "kosa", "ujumbe": "lango la M-Pesa halijibu (timeout 30s)"})
    t.one("Naandika malipo.", "malipo.rekodi", args, err)
    t.one("Lango halijibu. Najaribu tena.", "malipo.rekodi", args, err)
    t.one("Bado. Jaribio la mwisho.", "malipo.rekodi", args, err)
    t.one(
        "Nampelekea afisa wa mikopo ili alithibitishe kwa mkono.",
        "handoff.afisa",
        {"afisa": "kituo-Kisumu", "sababu": "M-Pesa timeout mara 3", "malipo": args},
        j({"tiketi": "HD-1187", "hali": "imepokelewa"}),
    )
    t.say(
        "Malipo hayajaandikwa kwa sababu ya hitilafu ya M-Pesa; afisa amepokea tiketi HD-1187 na "
        "atathibitisha."
    )
    t.healthy(
        "Three identical attempts fail with the same gateway timeout (in the body), then the agent stops "
        "and hands the case to a human officer with the details. Retries followed by a hand-off are "
        "healthy."
    )


@healthy(
    "consulate-no-slots-then-human",
    "Consular support agent (Spanish) checks the appointment API three times across a release window, "
    "finds no slots and transfers the citizen to consular staff.",
    domain="consular appointment booking",
    language="es",
    ids="openai",
    started="2026-04-22T12:55:00Z",
)
def consulate_handoff(t: Trace) -> None:
    t.user("Necesito urgentemente renovar el pasaporte: viajo el 3 de mayo. ¿Hay alguna cita?")
    args = {"servicio": "pasaporte", "desde": "2026-04-22", "hasta": "2026-05-02"}
    none = j({"huecos": [], "proxima_liberacion": "2026-04-22T13:00:00-04:00"})
    t.one("Consulto la agenda.", "citas.disponibles", args, none)
    t.one(
        "Hoy se liberan citas a las 13:00; consulto de nuevo a esa hora.",
        "citas.disponibles",
        args,
        j({"huecos": [], "proxima_liberacion": "2026-04-23T13:00:00-04:00"}),
    )
    t.one(
        "Compruebo una vez más por si hubo cancelaciones.",
        "citas.disponibles",
        args,
        j({"huecos": [], "proxima_liberacion": "2026-04-23T13:00:00-04:00"}),
    )
    t.one(
        "No hay citas. Le paso con el personal consular para el trámite de urgencia.",
        "transfer_to_human",
        {"cola": "urgencias-pasaporte", "resumen": "Viaje 3/5, sin citas hasta 2/5 tras 3 consultas."},
        j({"transferido": True, "espera_estimada_min": 12}),
    )
    t.say("Le he transferido a la cola de urgencias de pasaportes; la espera estimada es de 12 minutos.")
    t.healthy(
        "Three checks of the agenda, the second timed to the announced release, all empty; then a hand-off "
        "to staff. Two or three attempts followed by a hand-off are healthy."
    )


@healthy(
    "air-cargo-loadsheet-timeout-then-ok",
    "Air-cargo load planner's load-sheet request times out once; the retry returns the load sheet.",
    domain="air cargo ULD build-up",
    language="en",
    ids="anthropic",
    started="2026-02-14T05:10:00Z",
)
def loadsheet(t: Trace) -> None:
    t.user("Generate the provisional load sheet for LH8400 and check the CG is inside limits.")
    args = {"flight": "LH8400", "date": "2026-02-14", "type": "provisional"}
    t.one(
        "Requesting the provisional load sheet.",
        "wbs__loadsheet",
        args,
        "Error: upstream DCS did not answer within 30 s (ETIMEDOUT)",
        error=True,
    )
    t.one(
        "Timeout from DCS; retrying.",
        "wbs__loadsheet",
        args,
        "LOADSHEET LH8400/14FEB PROVISIONAL\nZFW  182 410  MAX 195 000\nTOW  251 880  MAX 279 000\n"
        "MACZFW 27.4  MACTOW 28.1  LIMITS 17.0-33.5\nUNDERLOAD 10 420\n",
    )
    t.say("Provisional load sheet OK: TOW 251.9 t, MAC 28.1 % (limits 17.0–33.5), underload 10.4 t.")
    t.healthy("One timeout, one retry that succeeds. Transient failure; healthy.")


@healthy(
    "prison-visit-policy-refusal-to-staff",
    "Visitation assistant tries to book a visit, is refused twice by policy (visit quota), and passes the "
    "request to facility staff for an exception.",
    domain="correctional facility visitation scheduling",
    language="en",
    ids="plain",
    started="2026-09-09T09:00:00Z",
)
def prison_staff(t: Trace) -> None:
    t.user("Book me (Ana Reyes) a Sunday visit with #48211-C. I know I came Saturday but it's his birthday.")
    t.one(
        "Looking for Sunday slots.",
        "visits.open_slots",
        {"inmate": "48211-C", "date": "2026-09-13"},
        "slot_id | time  | room | capacity_left\nSUN-1300 | 13:00 | V1 | 4\n",
    )
    refusal = j({"booked": False, "reason": "weekly visit quota reached (1/1) for inmate 48211-C"})
    t.one(
        "Booking SUN-1300.",
        "visits.book",
        {"slot": "SUN-1300", "inmate": "48211-C", "visitor": "Ana Reyes"},
        refusal,
    )
    t.one(
        "Quota reached. Checking whether a special-occasion visit type exists.",
        "visits.book",
        {"slot": "SUN-1300", "inmate": "48211-C", "visitor": "Ana Reyes", "type": "special_occasion"},
        refusal,
    )
    t.one(
        "Only staff can grant an exception; sending the request to the visitation office.",
        "handoff.staff",
        {
            "queue": "visitation-office",
            "summary": "Birthday visit request, weekly quota used Saturday.",
            "slot": "SUN-1300",
        },
        j({"ticket": "VO-5512", "sla_hours": 24}),
    )
    t.say(
        "The system won't book it over the weekly quota. The visitation office has your request (VO-5512) "
        "and will answer within 24 hours."
    )
    t.healthy(
        "Two refusals for the same policy reason, the second with a different visit type, then a hand-off to "
        "staff. The agent changes approach after two attempts; healthy."
    )


@healthy(
    "lighthouse-switch-lamp-recheck",
    "Aids-to-navigation agent (Indonesian) checks a failed lamp, switches to the standby lamp, re-checks "
    "the same status to confirm, and opens a work order.",
    domain="lighthouse and aids-to-navigation maintenance",
    language="id",
    ids="bedrock",
    started="2026-08-15T02:00:00Z",
)
def lighthouse_recheck(t: Trace) -> None:
    t.user("Suar TPR-03 padam lagi. Nyalakan lampu cadangan dan buat perintah kerja untuk teknisi.")
    args = {"stasiun": "TPR-03", "bidang": ["lampu"]}
    t.one(
        "Saya periksa status lampu.",
        "aton.status",
        args,
        ji({"stasiun": "TPR-03", "lampu_utama": "GAGAL", "lampu_cadangan": "SIAGA"}),
    )
    t.one(
        "Lampu utama gagal dan cadangan belum aktif. Saya aktifkan lampu cadangan.",
        "aton.switch_lamp",
        {"stasiun": "TPR-03", "lampu": "cadangan"},
        j({"ok": True}),
    )
    t.one(
        "Saya periksa lagi untuk memastikan cadangan menyala.",
        "aton.status",
        args,
        ji(
            {
                "stasiun": "TPR-03",
                "lampu_utama": "GAGAL",
                "lampu_cadangan": "AKTIF",
                "karakter": "Fl(2) W 10s",
            }
        ),
    )
    t.one(
        "Cadangan aktif. Membuat perintah kerja.",
        "workorders.create",
        {
            "aset": "TPR-03",
            "prioritas": "tinggi",
            "uraian": "Lampu utama gagal; berjalan dengan lampu cadangan",
        },
        j({"wo": "WO-77310", "teknisi": "Sdr. Hutapea", "jadwal": "2026-08-15T08:00+07:00"}),
    )
    t.say("Lampu cadangan TPR-03 sudah aktif (Fl(2) W 10s). Perintah kerja WO-77310 dijadwalkan pukul 08:00.")
    t.healthy(
        "Check, act, re-check: the same status call twice around a switch, with a changed result, then a "
        "work order. An intentional verification after a mutating action is healthy."
    )
