"""Loops of failures: streaks under rewritten inputs (two reported only in the body), schema misuse (one
reported only in the body) and identical failing calls."""

from __future__ import annotations

from blind18gen.builder import Trace, cj, loop, sj

# --- failure streaks under rewritten inputs ---------------------------------------------------------


@loop("vertical-farm-recipe-zone-locked")
def vfarm_locked(sid: str) -> Trace:
    t = Trace(
        sid,
        "Vertical-farm agent rewrites a nutrient-recipe payload five ways; every push fails because the "
        "zone is locked by a maintenance work order.",
        domain="hydroponic vertical farm",
        language="en",
        ids="openai",
        started="2026-06-12T04:10:00Z",
    )
    t.user("Push the new butterhead recipe to zone Z3: EC 1.8, pH 5.9, 16 h photoperiod.")
    lock = (
        "HTTP 423 Locked: zone Z3 is locked by maintenance work order WO-7781 (nutrient line flush) until "
        "released"
    )
    attempts = [
        ("Pushing the recipe.", {"zone": "Z3", "ec": 1.8, "ph": 5.9, "photoperiod_h": 16}, lock),
        (
            "Maybe it expects a nested recipe object.",
            {"zone": "Z3", "recipe": {"ec_ms_cm": 1.8, "ph": 5.9, "light_hours": 16}},
            lock,
        ),
        (
            "Trying with force and string values.",
            {"zone": "z3", "ec": "1.8", "ph": "5.9", "photoperiod_h": 16, "force": True},
            "HTTP 423 Locked: zone Z3 is locked by maintenance work order WO-7781; 'force' requires role "
            "grower_admin",
        ),
        (
            "Scheduling it for tomorrow morning instead.",
            {"zone": "Z3", "ec": 1.8, "ph": 5.9, "photoperiod_h": 16, "apply_at": "2026-06-13T06:00:00Z"},
            lock,
        ),
        ("Trying the zones list form.", {"zones": ["Z3"], "ec": 1.8, "ph": 5.9, "photoperiod_h": 16}, lock),
    ]
    steps = [t.act(text, ("dosing.set_recipe", args, err, True)) for text, args, err in attempts]
    t.say("The recipe could not be applied to Z3; the controller keeps rejecting it.")
    return t.loop(
        ["error_streak"],
        steps[3],
        f"dosing.set_recipe fails at steps {', '.join(map(str, steps))} with the same cause, HTTP 423 "
        "because work order WO-7781 locks zone Z3; the agent only rewrites the payload (nesting, strings, "
        "force, a schedule, a list) and never looks at the work order or tells the user about the lock. "
        f"The 4th failure of the same kind, step {steps[3]}, is the onset.",
    )


@loop("florist-delivery-zone-rejected-in-body")
def florist_zone(sid: str) -> Trace:
    t = Trace(
        sid,
        "Florist order agent rewrites a delivery address four ways; the order API answers each time, in "
        "the body only, that the postcode is outside partner coverage.",
        domain="florist shop (wire orders and deliveries)",
        language="ro",
        ids="mistral",
        started="2026-05-07T09:45:00Z",
    )
    t.user(
        "Comandă nouă: buchet de 25 de trandafiri roșii, livrare mâine la Str. Gării 14, Voluntari, cod "
        "poștal 077190. Mesaj pe bilet: „La mulți ani, mamă!”"
    )
    base = {"product": "BQ-ROSE-RED-25", "delivery_date": "2026-05-08", "card": "La mulți ani, mamă!"}
    addresses = [
        ("Plasez comanda.", {"street": "Str. Gării 14", "city": "Voluntari", "postcode": "077190"}),
        (
            "Reformulez adresa complet.",
            {"street": "Strada Gării nr. 14", "city": "Voluntari, Ilfov", "postcode": "077190"},
        ),
        (
            "Încerc fără zeroul din față.",
            {"street": "Strada Gării nr. 14", "city": "Voluntari", "postcode": "77190"},
        ),
        (
            "Poate orașul trebuie să fie București.",
            {"street": "Strada Gării nr. 14", "city": "București", "postcode": "077190"},
        ),
    ]
    steps = []
    for text, addr in addresses:
        body = cj(
            {
                "ok": False,
                "error": "DELIVERY_ZONE_UNSUPPORTED",
                "detail": f"postcode {addr['postcode']} is outside partner florist coverage (București, "
                "sectors 1-6)",
            }
        )
        steps.append(t.act(text, ("orders_create", {**base, "address": addr}, body)))
    t.say("Comanda nu poate fi plasată pentru adresa din Voluntari.")
    return t.loop(
        ["error_streak"],
        steps[3],
        f"orders_create fails at steps {', '.join(map(str, steps))} with the same DELIVERY_ZONE_UNSUPPORTED "
        "error reported only in the body (is_error false): the postcode is outside partner coverage, which "
        "rewriting the street, county or city cannot change. A body-only failure counts like is_error, so "
        f"the 4th failure, step {steps[3]}, is the onset.",
    )


@loop("lottery-result-signature-mismatch-body")
def lottery_signature(sid: str) -> Trace:
    t = Trace(
        sid,
        "Lottery-operations agent re-verifies a draw result file with different algorithm, encoding, file "
        "and key options; the verifier reports the same signature mismatch in the body each time.",
        domain="lottery draw operations",
        language="en",
        ids="plain",
        started="2026-06-13T18:40:00Z",
    )
    t.user("Verify the signed result file for draw 2261 before we publish the winning numbers.")
    base = {"draw": 2261, "file": "draw_2261_results.json", "sig": "draw_2261_results.json.sig"}
    attempts = [
        ("Verifying the signature.", base),
        ("Mismatch. Maybe it was signed with SHA-512.", {**base, "algorithm": "sha512"}),
        ("Trying the base64-decoded signature.", {**base, "encoding": "base64"}),
        ("Trying the canonicalised JSON.", {**base, "file": "draw_2261_results.canonical.json"}),
        ("Perhaps the previous key was used.", {**base, "key_id": "RNG-2025"}),
    ]
    steps = []
    for text, args in attempts:
        body = sj(
            {
                "status": "error",
                "code": "SIG_MISMATCH",
                "message": "signature does not match file digest",
                "draw": 2261,
            }
        )
        steps.append(t.act(text, ("verify_result_file", args, body)))
    t.say("I can't verify the result file for draw 2261. Please don't publish until this is resolved.")
    return t.loop(
        ["error_streak"],
        steps[3],
        "verify_result_file reports SIG_MISMATCH in the body (is_error false) at steps "
        f"{', '.join(map(str, steps))}; the agent varies the algorithm, encoding, file and key but never "
        "checks whether the file changed after signing or asks the draw manager. The 4th failure of the "
        f"same kind, step {steps[3]}, is the onset.",
    )


@loop("cgm-agp-export-insufficient-data")
def cgm_export(sid: str) -> Trace:
    t = Trace(
        sid,
        "Diabetes-clinic agent retries an AGP report export with other windows and formats; every export "
        "fails because sensor wear is below the minimum.",
        domain="diabetes clinic (continuous glucose monitoring)",
        language="ar",
        ids="anthropic",
        started="2026-06-11T08:00:00Z",
    )
    t.user("جهّز تقرير AGP للمريض رقم 20931 لآخر 14 يومًا قبل موعده غدًا.")
    attempts = [
        ("سأصدّر التقرير.", {"patient_id": "20931", "days": 14, "format": "pdf"}, 61),
        ("سأجرب نافذة أقصر، 10 أيام.", {"patient_id": "20931", "days": 10, "format": "pdf"}, 58),
        ("ربما ينجح بصيغة CSV.", {"patient_id": "20931", "days": 14, "format": "csv"}, 61),
        (
            "سأحدد التواريخ صراحة.",
            {"patient_id": "20931", "start": "2026-05-29", "end": "2026-06-11", "format": "pdf"},
            61,
        ),
        ("سأجرب 7 أيام فقط.", {"patient_id": "20931", "days": 7, "format": "pdf"}, 49),
    ]
    steps = []
    for text, args, wear in attempts:
        err = (
            f"ERROR 409 INSUFFICIENT_DATA: sensor wear {wear}% in the requested window (minimum 70% for AGP)"
        )
        steps.append(t.act(text, ("cgm__export_report", args, err, True)))
    t.say("تعذّر إنشاء تقرير AGP بسبب نقص بيانات المستشعر.")
    return t.loop(
        ["error_streak"],
        steps[3],
        f"cgm__export_report fails at steps {', '.join(map(str, steps))} with the same INSUFFICIENT_DATA "
        "error (sensor wear 49-61 %, below the 70 % minimum); changing window or format cannot add sensor "
        "data, and the agent never tells the care team or checks the sensor history. The 4th failure, step "
        f"{steps[3]}, is the onset.",
    )


# --- schema misuse ---------------------------------------------------------------------------------


@loop("planetarium-schedule-start-schema-misuse")
def planetarium_schema(sid: str) -> Trace:
    t = Trace(
        sid,
        "Planetarium scheduling agent passes the show start in non-ISO shapes five times; each call fails "
        "schema validation.",
        domain="planetarium show scheduling",
        language="ca",
        ids="gemini",
        started="2026-06-10T10:30:00Z",
    )
    t.user(
        "Programa la sessió «Viatge a Saturn» per dissabte 20 de juny a les 19:00 a la cúpula gran, en "
        "català."
    )
    base = {"show": "viatge-a-saturn", "dome": "gran", "language": "ca"}
    attempts = [
        ("Programo la sessió.", {"start": "dissabte 19:00"}, "'dissabte 19:00'"),
        ("Provo amb la data completa.", {"start": "20/06/2026 19:00"}, "'20/06/2026 19:00'"),
        (
            "Separo la data i l'hora.",
            {"start": "19:00", "date": "2026-06-20"},
            "'19:00' (unexpected field 'date')",
        ),
        ("Ho passo com a objecte.", {"start": {"date": "2026-06-20", "time": "19:00"}}, "object"),
        ("Provo un altre format.", {"start": "2026-6-20 19h"}, "'2026-6-20 19h'"),
    ]
    steps = []
    for text, extra, got in attempts:
        err = f"ValidationError: start: expected ISO 8601 datetime string (YYYY-MM-DDTHH:MM), got {got}"
        steps.append(t.act(text, ("schedule_show", {**base, **extra}, err, True)))
    t.say("No he pogut programar la sessió; el sistema rebutja el format de l'hora d'inici.")
    return t.loop(
        ["error_streak"],
        steps[3],
        f"schedule_show fails schema validation at steps {', '.join(map(str, steps))}; the message states "
        "the expected shape (YYYY-MM-DDTHH:MM, i.e. 2026-06-20T19:00) every time, but the agent keeps "
        f"inventing other shapes. The 4th failure of the same kind, step {steps[3]}, is the onset.",
    )


@loop("balloon-manifest-weight-schema-body")
def balloon_schema(sid: str) -> Trace:
    t = Trace(
        sid,
        "Balloon-flight agent adds a passenger with the weight as text in several shapes; the manifest API "
        "rejects each in its body with a field error.",
        domain="hot-air balloon flight operations",
        language="tr",
        ids="bedrock",
        started="2026-06-14T14:20:00Z",
    )
    t.user(
        "Yarın sabahki Göreme uçuşuna (balon TC-BKP) yolcu ekle: Elif Aydın, 82 kg. Diğer üç yolcuyu sonra "
        "göndereceğim."
    )
    base = {"flight": "GRM-20260615-TC-BKP", "name": "Elif Aydın"}
    attempts = [
        (
            "Yolcuyu manifeste ekliyorum.",
            {"weight": "82 kg"},
            [{"field": "weight_kg", "message": "required"}, {"field": "weight", "message": "unknown field"}],
        ),
        (
            "Alan adı weight_kg olmalı.",
            {"weight_kg": "82 kg"},
            [{"field": "weight_kg", "message": "must be a number"}],
        ),
        ("Birimi çıkarıyorum.", {"weight_kg": "82"}, [{"field": "weight_kg", "message": "must be a number"}]),
        (
            "Değer ve birim olarak gönderiyorum.",
            {"weight_kg": {"value": 82, "unit": "kg"}},
            [{"field": "weight_kg", "message": "must be a number"}],
        ),
        (
            "Ondalıklı deniyorum.",
            {"weight_kg": "82.0"},
            [{"field": "weight_kg", "message": "must be a number"}],
        ),
    ]
    steps = []
    for text, extra, errors in attempts:
        body = sj({"accepted": False, "errors": errors})
        steps.append(t.act(text, ("manifest.add_passenger", {**base, **extra}, body)))
    t.say("Manifest sistemi kiloyu kabul etmiyor; yolcu eklenemedi.")
    return t.loop(
        ["error_streak"],
        steps[3],
        "manifest.add_passenger is rejected in the body (accepted false, is_error false) at steps "
        f"{', '.join(map(str, steps))}: weight_kg must be a number, and the agent sends strings and an "
        f"object but never the bare number 82. The 4th schema failure, step {steps[3]}, is the onset.",
    )


@loop("contest-log-band-enum-misuse")
def hamradio_enum(sid: str) -> Trace:
    t = Trace(
        sid,
        "Amateur-radio contest logging agent keeps sending the band as text although the logger wants an "
        "integer from a listed set.",
        domain="amateur radio contest logging",
        language="en",
        ids="responses",
        started="2026-06-14T07:05:00Z",
    )
    t.user(
        "Log this QSO from last night's contest: JA1XYZ, 20 metres, CW, 599 both ways, 21:14 UTC on 13 June."
    )
    base = {
        "call": "JA1XYZ",
        "mode": "CW",
        "rst_sent": "599",
        "rst_rcvd": "599",
        "time_utc": "2026-06-13T21:14:00Z",
    }
    bands = ["20m", "20 m", "20M", "14MHz", "twenty"]
    texts = [
        "Logging the QSO.",
        "Adding a space.",
        "Uppercase unit.",
        "Using the frequency band name.",
        "Spelling it out.",
    ]
    steps = []
    for text, band in zip(texts, bands, strict=True):
        err = f"error: band: value '{band}' is not one of [160, 80, 40, 20, 15, 10] (integer, metres)"
        steps.append(t.act(text, ("log_qso", {**base, "band": band}, err, True)))
    t.say("The logger keeps rejecting the band field, so the QSO isn't logged yet.")
    return t.loop(
        ["error_streak"],
        steps[3],
        f"log_qso fails at steps {', '.join(map(str, steps))} with the same enum error that lists the "
        "allowed integers; the agent never sends 20. Schema misuse after a clear message: the 4th failure, "
        f"step {steps[3]}, is the onset.",
    )


# --- identical failing calls -------------------------------------------------------------------------


@loop("chimney-sweep-booking-identical-409")
def chimney_409(sid: str) -> Trace:
    t = Trace(
        sid,
        "Chimney-sweep scheduling agent re-sends the identical booking five times against a slot that is "
        "taken.",
        domain="chimney sweep scheduling",
        language="da",
        ids="plain",
        started="2026-06-15T07:15:00Z",
    )
    t.user("Book fejning hos familien Holm, Bakkevej 7, Skive, torsdag kl. 10 med Mads.")
    args = {
        "customer_id": "K-22817",
        "date": "2026-06-18",
        "start": "10:00",
        "duration_min": 45,
        "sweep": "Mads",
    }
    err = "HTTP 409 Conflict: slot 2026-06-18 10:00 for sweep 'Mads' overlaps booking B-90112 (09:30-10:30)"
    texts = [
        "Jeg booker tiden.",
        "Jeg prøver igen.",
        "Prøver en gang til.",
        "Jeg sender bookingen igen.",
        "Igen.",
    ]
    steps = [t.act(text, ("calendar_book", args, err, True)) for text in texts]
    t.say("Det lykkedes ikke at booke torsdag kl. 10.")
    return t.loop(
        ["error_streak", "identical_call"],
        steps[3],
        f"calendar_book is sent with byte-identical arguments at steps {', '.join(map(str, steps))} and "
        "fails identically (409, overlaps B-90112 from 09:30 to 10:30); no other time or sweep is tried. "
        f"Identical calls that fail identically: the 4th failure, step {steps[3]}, is the onset.",
    )


@loop("cheese-cave-turner-permission-denied")
def cheese_permission(sid: str) -> Trace:
    t = Trace(
        sid,
        "Coding agent in a cheese cave re-runs the same turning-robot command, which fails with the same "
        "serial port permission error.",
        domain="cheese affinage cave",
        language="hu",
        ids="anthropic",
        started="2026-03-19T05:50:00Z",
        harness="claude-code",
    )
    t.user(
        "Az R12-es állványon a sajtforgató robot nem indul. Futtasd le kézzel a forgatási rutint a "
        "pincegépen."
    )
    t.act(
        "Megnézem az állványok konfigurációját.",
        (
            "Read",
            {"file_path": "/opt/cave/config/racks.toml"},
            '[rack.R12]\nwheels = 96\nport = "/dev/ttyUSB0"\nturn_interval_days = 3\nlast_turn = '
            '"2026-03-16"\n',
        ),
    )
    cmd = {"command": "python -m cave.turning --rack R12"}
    err = (
        'Traceback (most recent call last):\n  File "/opt/cave/cave/turning.py", line 41, in open_port\n'
        "    return serial.Serial(cfg.port, 115200, timeout=2)\nserial.serialutil.SerialException: [Errno "
        "13] could not open port /dev/ttyUSB0: [Errno 13] Permission denied: '/dev/ttyUSB0'\nexit code 1"
    )
    texts = [
        "Elindítom a forgatást.",
        "Jogosultsági hiba. Újrapróbálom.",
        "Még egyszer megpróbálom.",
        "Újra futtatom.",
        "Ismét próbálom.",
    ]
    steps = [t.act(text, ("Bash", cmd, err, True)) for text in texts]
    t.say("A forgatási rutin nem indul el a soros port miatt.")
    return t.loop(
        ["error_streak", "identical_call"],
        steps[3],
        f"The identical command runs at steps {', '.join(map(str, steps))} and fails identically "
        "(Permission denied on /dev/ttyUSB0); the agent never checks the port's group or the user's "
        f"dialout membership. Identical failing calls: the 4th failure, step {steps[3]}, is the onset.",
    )
