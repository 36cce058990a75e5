"""Error loops: failure streaks under rewritten inputs, schema misuse, identical failing calls."""

from __future__ import annotations

from .builder import Trace, js, loop_case

# ---------------------------------------------------------------------------- failure streaks


@loop_case(
    "avalanche-bulletin-aspect-missing",
    "Avalanche forecasting: a bulletin submission is rejected for a missing aspect rating and the agent "
    "rewrites the text and levels five times without adding the aspects.",
    domain="avalanche forecasting",
    lang="de",
    ids="plain",
    pattern="failure streak under rewritten inputs",
)
def avalanche_streak(t: Trace) -> None:
    t.user(
        "Bitte den Lawinenbulletin-Entwurf für morgen früh einreichen: Region Nordalpen 4112 bis 4116, "
        "Gefahrenstufe 3 oberhalb 2000 m, darunter 2. Hauptproblem Triebschnee."
    )
    regions = ["4112", "4113", "4114", "4115", "4116"]
    err = "422 Validation failed: region 4112: danger rating missing for aspect group 'N'"
    attempts = [
        (
            "Ich reiche den Entwurf ein.",
            {
                "regions": regions,
                "danger": [{"elev": ">2000", "level": 3}, {"elev": "<2000", "level": 2}],
                "problem": "wind_slab",
                "text": "Triebschnee oberhalb 2000 m störanfällig.",
            },
        ),
        (
            "Ich formuliere den Text genauer.",
            {
                "regions": regions,
                "danger": [{"elev": ">2000", "level": 3}, {"elev": "<2000", "level": 2}],
                "problem": "wind_slab",
                "text": "Frische Triebschneeansammlungen oberhalb 2000 m sind leicht auslösbar.",
            },
        ),
        (
            "Vielleicht stört die Höhenangabe; ich schreibe sie als Zahl.",
            {
                "regions": regions,
                "danger": [{"elev_min": 2000, "level": 3}, {"elev_max": 2000, "level": 2}],
                "problem": "wind_slab",
                "text": "Frische Triebschneeansammlungen oberhalb 2000 m sind leicht auslösbar.",
            },
        ),
        (
            "Ich gebe die Stufe für alle Regionen einzeln an.",
            {
                "regions": regions,
                "danger": [{"region": r, "level": 3} for r in regions],
                "problem": "wind_slab",
                "text": "Triebschnee, Gefahrenstufe 3.",
            },
        ),
        (
            "Nochmals mit kürzerem Text.",
            {"regions": regions, "danger": [{"level": 3}], "problem": "wind_slab", "text": "Triebschnee."},
        ),
    ]
    steps = [t.tool(text, "bulletin_submit", args, err, error=True) for text, args in attempts]
    t.say("Das Bulletin wird weiter abgelehnt; bitte die Expositionsangaben im Editor prüfen.")
    onset = steps[3]
    t.loop(
        ["error_streak"],
        onset,
        f"bulletin_submit fails with the same 422 (danger rating missing for aspect group 'N') at steps "
        f"{', '.join(map(str, steps))}. Each retry rewrites the text or the level layout but never adds "
        f"aspects, the field the error names. The 4th failure of the same kind is step {onset}, the onset.",
    )


@loop_case(
    "geothermal-borefield-conductivity-body",
    "Geothermal heat-pump design: a borefield simulation answers ok=false for a missing ground "
    "conductivity and the agent varies depth and borehole count instead.",
    domain="geothermal heat-pump design",
    lang="en",
    ids="openai",
    pattern="failure streak under rewritten inputs (failure in the body only)",
)
def geothermal_streak(t: Trace) -> None:
    t.user(
        "Size a borefield for a family house in Žilina: heat loss 9.5 kW, about 2,200 full-load hours a year."
    )
    body = js({"ok": False, "error": "ground_conductivity not set", "hint": "W/mK, from TRT or soil class"})
    attempts = [
        ("Running a first simulation.", {"load_kw": 9.5, "hours": 2200, "boreholes": 2, "depth_m": 110}),
        (
            "Adding spacing.",
            {"load_kw": 9.5, "hours": 2200, "boreholes": 2, "depth_m": 120, "spacing_m": 6},
        ),
        (
            "Three shallower holes instead.",
            {"load_kw": 9.5, "annual_hours": 2200, "boreholes": 3, "depth_m": 90},
        ),
        (
            "Trying with the grout specified.",
            {"heat_load_kw": 9.5, "hours": 2200, "boreholes": 2, "depth_m": 110, "grout": "standard"},
        ),
    ]
    steps = [t.tool(text, "borefield_sim", args, body) for text, args in attempts]
    t.say("The simulation keeps failing; I could not size the borefield yet.")
    onset = steps[3]
    t.loop(
        ["error_streak"],
        onset,
        f"borefield_sim answers {{ok: false, error: ground_conductivity not set}} at steps "
        f"{', '.join(map(str, steps))} (is_error is false; the failure is only in the body). The agent "
        f"changes depth, count and spacing but never supplies the conductivity. The 4th failure is step "
        f"{onset}, the onset.",
    )


@loop_case(
    "bathing-water-accreditation-body",
    "Bathing-water quality monitoring: a sample publication is rejected for a missing lab accreditation "
    "code and the agent guesses the field four ways.",
    domain="bathing-water quality monitoring",
    lang="el",
    ids="gemini",
    pattern="failure streak under rewritten inputs (failure in the body only)",
)
def bathing_streak(t: Trace) -> None:
    t.user(
        "Δημοσίευσε τα αποτελέσματα της δειγματοληψίας της Τετάρτης για την παραλία Βάρκιζας: E. coli 120, "
        "εντερόκοκκοι 45 ανά 100 ml."
    )
    base = {"beach": "GR-VARKIZA", "date": "2025-07-16", "ecoli": 120, "enterococci": 45}
    body = js({"status": "rejected", "reason": "lab_accreditation_code missing"})
    attempts = [
        ("Δημοσιεύω τα αποτελέσματα.", base),
        ("Προσθέτω το εργαστήριο.", {**base, "lab": "Εργαστήριο Υγειονομικής Αθηνών"}),
        ("Ίσως θέλει κωδικό εργαστηρίου.", {**base, "laboratory_code": "ΕΣΥΔ-112"}),
        ("Με το εργαστήριο ως αντικείμενο.", {**base, "lab": {"name": "ΕΥΑ Αθηνών", "id": "112"}}),
    ]
    steps = [t.tool(text, "publish_sample", args, body) for text, args in attempts]
    t.say("Η δημοσίευση απορρίπτεται συνεχώς λόγω κωδικού διαπίστευσης.")
    onset = steps[3]
    t.loop(
        ["error_streak"],
        onset,
        f"publish_sample returns status 'rejected' (lab_accreditation_code missing) at steps "
        f"{', '.join(map(str, steps))}, reported only in the body; the agent guesses other field names and "
        f"never uses the one the message names. The 4th failure, step {onset}, is the onset.",
    )


@loop_case(
    "dosimetry-import-header",
    "Radiation protection dosimetry: a quarterly dose import fails on its header and the agent renames "
    "the column four ways without reading the template.",
    domain="radiation protection dosimetry",
    lang="uk",
    ids="bedrock",
    pattern="failure streak under rewritten inputs",
)
def dosimetry_streak(t: Trace) -> None:
    t.user(
        "Імпортуй квартальні показники дозиметрів відділення ядерної медицини і перевір, чи ніхто не "
        "перевищив рівень розслідування.\n\nworker_id;period;hp10\nNM-04;2025Q2;0.42\nNM-07;2025Q2;1.91\n"
        "NM-11;2025Q2;0.08"
    )
    rows = "NM-04,2025Q2,0.42\nNM-07,2025Q2,1.91\nNM-11,2025Q2,0.08"
    err = "Error: column 'Hp(10)' not found; header must match template DOS-T3"
    headers = [
        ("Імпортую файл.", "worker_id,period,hp10"),
        ("Перейменовую колонку дози.", "worker_id,period,hp10_msv"),
        ("Спробую з великими літерами.", "worker_id,period,HP10_mSv"),
        ("Ще варіант назви.", "worker_id,period,Hp10"),
        ("Додаю одиниці до назви.", "worker_id,period,Hp10 (mSv)"),
    ]
    steps = [
        t.tool(text, "dose_import", {"csv": f"{head}\n{rows}", "unit": "mSv"}, err, error=True)
        for text, head in headers
    ]
    t.say("Імпорт не проходить через заголовок колонки дози.")
    onset = steps[3]
    t.loop(
        ["error_streak"],
        onset,
        f"dose_import fails with the same header error at steps {', '.join(map(str, steps))}; every retry "
        f"renames the dose column but never to the 'Hp(10)' the error asks for, and the template DOS-T3 is "
        f"never opened. The 4th failure, step {onset}, is the onset.",
    )


# ---------------------------------------------------------------------------- schema misuse


@loop_case(
    "driving-exam-book-field-names",
    "Driving school: an exam booking is rejected for unknown field names and the agent keeps inventing "
    "new names, though the error lists the right ones.",
    domain="driving school",
    lang="ro",
    ids="openai",
    pattern="schema misuse",
)
def driving_schema(t: Trace) -> None:
    t.user(
        "Programează-l pe elevul Andrei Popescu (ID E-2231) la proba practică, în prima zi "
        "liberă după 12 mai, "
        "la Cluj."
    )
    t.tool(
        "Caut locuri libere.",
        "exam_slots",
        {"city": "Cluj", "after": "2025-05-12"},
        js(
            {
                "slots": [
                    {"slot_id": "S-881", "start": "2025-05-14T09:30", "examiner": "R. Moldovan"},
                    {"slot_id": "S-886", "start": "2025-05-15T11:00", "examiner": "C. Pop"},
                ]
            }
        ),
    )
    err = "400 Bad Request: unknown field '{}'; required fields: student_id, slot_id"
    attempts = [
        ("Rezerv S-881.", {"student": "E-2231", "slot": "S-881"}, "student"),
        ("Încerc în camelCase.", {"studentId": "E-2231", "slotId": "S-881"}, "studentId"),
        ("Poate cere numele.", {"student_name": "Andrei Popescu", "slot": "S-881"}, "student_name"),
        ("Altă variantă.", {"id": "E-2231", "slot_id": "S-881"}, "id"),
    ]
    steps = [t.tool(text, "exam_book", args, err.format(bad), error=True) for text, args, bad in attempts]
    t.say("Rezervarea nu reușește; sistemul respinge cererea.")
    onset = steps[3]
    t.loop(
        ["error_streak"],
        onset,
        f"exam_book is rejected as a schema error at steps {', '.join(map(str, steps))}; the error names the "
        f"required fields (student_id, slot_id) but each retry invents another name. The 4th failure of the "
        f"same kind is step {onset}, the onset.",
    )


@loop_case(
    "interpreter-assign-languages-type",
    "Court interpreter scheduling: an assignment call passes languages as a string, then as other "
    "non-array shapes, and is rejected each time.",
    domain="court interpreter scheduling",
    lang="ar",
    ids="anthropic",
    pattern="schema misuse",
)
def interpreter_schema(t: Trace) -> None:
    t.user(
        "نحتاج مترجمًا فوريًا بين التغرينية والعربية لجلسة محكمة الأسرة يوم الثلاثاء الساعة 10:00 في القاعة 4، "
        "القضية FAM-7720."
    )
    base = {"hearing": "FAM-7720", "start": "2025-02-11T10:00", "room": "4"}
    attempts = [
        ("سأحجز مترجمًا.", "ti,ar", "string"),
        ("أغيّر الفاصل.", "ti; ar", "string"),
        ("أكتب أسماء اللغات كاملة.", "Tigrinya, Arabic", "string"),
        ("أرسل اللغات ككائن.", {"primary": "ti", "secondary": "ar"}, "object"),
    ]
    steps = [
        t.tool(
            text,
            "assign_interpreter",
            {**base, "languages": langs},
            f"ValidationError: 'languages' must be an array of ISO 639-1 codes, got {got}",
            error=True,
        )
        for text, langs, got in attempts
    ]
    t.say("لم أتمكن من حجز المترجم بسبب خطأ في صيغة اللغات.")
    onset = steps[3]
    t.loop(
        ["error_streak"],
        onset,
        f"assign_interpreter rejects 'languages' at steps {', '.join(map(str, steps))}: the schema wants an "
        f"array and gets strings, then an object. The 4th schema failure, step {onset}, is the onset.",
    )


@loop_case(
    "tattoo-consent-client-object",
    "Tattoo studio: a consent form call keeps failing validation on the client object, reported only in "
    "an errors body.",
    domain="tattoo studio",
    lang="en",
    ids="mistral",
    pattern="schema misuse (errors in the body only)",
)
def tattoo_schema(t: Trace) -> None:
    t.user(
        "Create a tattoo consent form for Tran Thi Mai, born 1999-04-17, forearm piece, booking on Saturday."
    )
    attempts = [
        (
            "Creating the form.",
            {"client": "Tran Thi Mai", "dob": "1999-04-17", "area": "forearm"},
            [{"path": "client", "msg": "expected object"}],
        ),
        (
            "Splitting the client fields.",
            {"client_name": "Tran Thi Mai", "client_dob": "1999-04-17", "area": "forearm"},
            [{"path": "client", "msg": "required"}],
        ),
        (
            "Passing the client as JSON.",
            {"client": '{"name": "Tran Thi Mai", "dob": "1999-04-17"}', "area": "forearm"},
            [{"path": "client", "msg": "expected object"}],
        ),
        (
            "As a list then.",
            {"client": ["Tran Thi Mai", "1999-04-17"], "area": "forearm"},
            [{"path": "client", "msg": "expected object"}],
        ),
    ]
    steps = [t.tool(text, "consent_form_create", args, js({"errors": errs})) for text, args, errs in attempts]
    t.say("The form could not be created yet because of a validation problem with the client details.")
    onset = steps[3]
    t.loop(
        ["error_streak"],
        onset,
        f"consent_form_create answers an errors body (is_error false) on the client field at steps "
        f"{', '.join(map(str, steps))}; the agent never sends client as an object. The 4th schema failure, "
        f"step {onset}, is the onset.",
    )


# ---------------------------------------------------------------------------- identical failing calls


@loop_case(
    "locksmith-key-cut-macs",
    "Locksmith master-key system: a key cut violates the maximum adjacent cut spec and the agent repeats "
    "the identical request four times.",
    domain="locksmith master-key systems",
    lang="he",
    ids="plain",
    pattern="identical failing calls",
)
def locksmith_identical(t: Trace) -> None:
    t.user("תחתוך מפתח חדש במערכת המאסטר MK-7 לדלת 214, קידוד 3-5-2-6-4.")
    args = {"system": "MK-7", "door": "214", "bitting": "3-5-2-6-4"}
    err = "MACS violation: adjacent cuts 2->6 exceed maximum adjacent cut specification (3) for system MK-7"
    steps = [t.tool("חותך את המפתח.", "key_cut", args, err, error=True)]
    for text in ("מנסה שוב.", "ניסיון נוסף.", "עוד פעם."):
        steps.append(t.tool(text, "key_cut", args, err, error=True))
    t.say("החיתוך נכשל שוב ושוב בגלל הפרת MACS.")
    onset = steps[3]
    t.loop(
        ["error_streak", "identical_call"],
        onset,
        f"key_cut with identical arguments fails identically (MACS violation) at steps "
        f"{', '.join(map(str, steps))}. Identical calls failing identically are labelled error_streak + "
        f"identical_call with the onset at the 4th failure, step {onset}.",
    )


@loop_case(
    "sar-drift-wind-field",
    "Maritime search and rescue: a drift model run fails because the wind field is unavailable and the "
    "agent re-runs it unchanged.",
    domain="maritime search and rescue",
    lang="hr",
    ids="responses",
    pattern="identical failing calls",
)
def sar_identical(t: Trace) -> None:
    t.user(
        "Tražimo ribarski brod bez pogona, posljednja pozicija 43°30'N 16°10'E u 05:40. "
        "Pokreni model zanošenja "
        "za 12 sati."
    )
    args = {
        "case": "SAR-0412",
        "lat": 43.5,
        "lon": 16.1667,
        "t0": "2025-08-21T05:40:00+02:00",
        "hours": 12,
        "object": "fishing_vessel_no_power",
    }
    err = "ERR_WIND_FIELD: wind field unavailable for area (source ALADIN-HR timeout)"
    steps = [t.tool("Pokrećem model zanošenja.", "drift_model_run", args, err, error=True)]
    for text in ("Ponovno pokrećem.", "Još jednom.", "Pokušavam ponovo.", "Opet pokrećem model."):
        steps.append(t.tool(text, "drift_model_run", args, err, error=True))
    t.say("Model zanošenja ne radi jer polje vjetra nije dostupno.")
    onset = steps[3]
    t.loop(
        ["error_streak", "identical_call"],
        onset,
        f"drift_model_run is issued with identical arguments at steps {', '.join(map(str, steps))} and fails "
        f"with the same ERR_WIND_FIELD each time; no other wind source is tried. The 4th identical failure, "
        f"step {onset}, is the onset.",
    )
