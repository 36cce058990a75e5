"""Loops of failures: rewritten inputs with the same error, schema misuse, identical failing calls."""

from __future__ import annotations

from blind16gen.builder import Trace, call, loop


@loop("collections-call-window-streak", style="anthropic")
def collections(t: Trace) -> None:
    t.user("Schedule a follow-up call for account 88-30412 tomorrow morning; the debtor asked for 'early'.")
    t.step(
        "Checking the account.",
        call(
            "accounts.get",
            {"account": "88-30412"},
            {"tz": "America/Chicago", "consent_cell": True, "attempts_7d": 3},
        ),
    )
    fails = []
    for hh in ["07:00", "07:30", "07:15", "07:45", "07:50"]:
        err = (
            f"Rejected: {hh} America/Chicago is outside permitted contact hours (08:00-21:00 debtor local "
            "time, 15 U.S.C. 1692c(a)(1))."
        )
        fails.append(
            t.step(
                f"Trying {hh} local.",
                call(
                    "dialer.schedule_call",
                    {"account": "88-30412", "date": "2026-10-09", "time": hh, "tz": "America/Chicago"},
                    err,
                    error=True,
                ),
            )
        )
    t.say("I can't find an early slot the dialer accepts.")
    t.loop(
        ["error_streak"],
        fails[3],
        "A debt-collection agent keeps rewriting a call time that is before the legal contact window.",
        "Every rewritten time is before 08:00 debtor local time and fails with the same "
        "contact-hours rejection; "
        f"the 4th failure at step {fails[3]} is the onset. The error states the window the agent had to use.",
    )


@loop("home-inspection-render-template-hu", style="plain")
def inspection_render(t: Trace) -> None:
    t.user("Készítsd el a Bartók Béla út 41. ingatlan-átvizsgálási jelentését PDF-ben a fotókkal együtt.")
    t.step(
        "Betöltöm a helyszíni jegyzeteket.",
        call(
            "inspection.get_findings",
            {"job": "HI-2026-1187"},
            {"findings": 23, "photos": 61, "inspector": "Kovács Dóra"},
        ),
    )
    fails = []
    captions = [
        "Nedvesedés a pince északi falán",
        "Pince északi fal – nedvesedés (fotó 14)",
        "Nedves folt, pince, É-i fal",
        "Pince: kapilláris nedvesség az északi falon",
        "Pince északi fala, vizesedés",
    ]
    for c in captions:
        fails.append(
            t.step(
                "Átírom a 14. fotó feliratát és újra renderelek.",
                call(
                    "report.render",
                    {"job": "HI-2026-1187", "format": "pdf", "overrides": {"photo_14": {"caption": c}}},
                    {"ok": False, "error": "TemplateError: missing field 'defect_category' in finding #14"},
                ),
            )
        )
    t.loop(
        ["error_streak"],
        fails[3],
        "A home-inspection agent rewrites a photo caption and re-renders, but the template error is "
        "a missing field.",
        "Each render fails with the same TemplateError (missing 'defect_category'), reported only "
        "in the body; "
        "the captions change but the missing field is never set. The 4th failure at step "
        f"{fails[3]} is the onset.",
    )


@loop("home-health-evv-gps-hi", style="gemini")
def evv_gps(t: Trace) -> None:
    t.user("आज सुबह श्रीमती वर्मा की नर्सिंग विज़िट का EVV रिकॉर्ड जमा करो। विज़िट 09:10 से 10:05 तक थी।")
    coords = [(28.5672, 77.2100), (28.5670, 77.2102), (28.5675, 77.2098), (28.5669, 77.2105)]
    fails = []
    for lat, lon in coords:
        fails.append(
            t.step(
                "निर्देशांक थोड़ा बदलकर दोबारा भेज रहा हूँ।" if fails else "EVV रिकॉर्ड भेज रहा हूँ।",
                call(
                    "evv.submit_visit",
                    {"client": "CL-20931", "start": "09:10", "end": "10:05", "gps": {"lat": lat, "lon": lon}},
                    {
                        "code": "GPS_OUT_OF_RANGE",
                        "detail": "Check-in location 2.4 km from client address on file",
                    },
                    error=True,
                ),
            )
        )
    t.say("GPS मेल नहीं खा रहा।")
    t.loop(
        ["error_streak"],
        fails[3],
        "A home-health agent nudges GPS coordinates in an EVV submission that fails for a 2.4 km mismatch.",
        "The coordinates move by metres while the address on file is 2.4 km away; every submission "
        "fails with "
        f"GPS_OUT_OF_RANGE. The 4th failure at step {fails[3]} is the onset. An exception request "
        "was the path.",
    )


@loop("ledes-task-code-nl", style="responses", indent=True)
def ledes(t: Trace) -> None:
    t.user("Valideer de LEDES-factuur voor dossier 2026-117 (Verzekeraar Noord) en los de fouten op.")
    fails = []
    for code in ["L999", "L990", "L998", "L900", "L099"]:
        fails.append(
            t.step(
                f"Taakcode van regel 7 aangepast naar {code}; opnieuw valideren.",
                call(
                    "ledes.validate",
                    {"invoice": "INV-2026-117-09", "line_overrides": {"7": {"task_code": code}}},
                    {
                        "valid": False,
                        "errors": [
                            {
                                "line": 7,
                                "rule": "UTBMS_TASK",
                                "message": f"Task code {code} is not in the litigation code set",
                            }
                        ],
                    },
                ),
            )
        )
    t.loop(
        ["error_streak"],
        fails[3],
        "A legal-billing agent guesses UTBMS task codes for one invoice line, each one rejected.",
        "Each guess (L999, L990, ...) is rejected by the same UTBMS_TASK rule; the 4th failure at step "
        f"{fails[3]} is the onset. Looking up the code set (L110-L510) was the obvious next move.",
    )


@loop("shelter-adoption-schema-tr", style="openai")
def shelter_schema(t: Trace) -> None:
    t.user("Karabaş'ın (kulak küpesi 2026-0087) sahiplendirmesini Ayşe Demir adına kaydet, tarih bugün.")
    variants = [
        {"animal": "Karabaş", "adopter": "Ayşe Demir", "date": "bugün"},
        {"animal": "2026-0087", "adopter": "Ayşe Demir", "date": "08.10.2026"},
        {"animal": {"name": "Karabaş"}, "adopter": {"name": "Ayşe Demir"}, "date": "2026-10-08"},
        {"animal_id": "2026-0087", "adopter": "Ayşe Demir", "date": "2026-10-08"},
    ]
    fails = []
    for v in variants:
        fails.append(
            t.step(
                "Kaydı oluşturuyorum." if not fails else "Alan biçimini değiştirip tekrar deniyorum.",
                call(
                    "adoption.create",
                    v,
                    "422 Unprocessable Entity: animal_id must be an integer (internal id); adopter_id "
                    "must reference an existing person",
                    error=True,
                ),
            )
        )
    t.say("Kayıt oluşturulamadı.")
    t.loop(
        ["error_streak"],
        fails[3],
        "An animal-shelter agent keeps reshaping adoption.create arguments against a schema it never reads.",
        "All four calls pass names or the ear-tag string where integer ids are required, and each "
        "gets the same "
        f"422; the 4th failure at step {fails[3]} is the onset. A look-up of the internal ids was needed.",
    )


@loop("pool-route-params-string", style="bedrock")
def pool_schema(t: Trace) -> None:
    t.user("Add the Hendersons' pool (42 Juniper Ct) to Thursday's route for Marco, after the Lees.")
    fails = []
    payloads = [
        '{"stop": "42 Juniper Ct", "after": "Lee"}',
        '{"address": "42 Juniper Ct", "after_stop": "Lee residence"}',
        "{'address': '42 Juniper Ct', 'tech': 'Marco', 'day': 'Thu'}",
        '{"address":"42 Juniper Ct","tech":"Marco","day":"2026-10-09"}',
    ]
    for p in payloads:
        fails.append(
            t.step(
                "Adding the stop.",
                call(
                    "route.add_stop",
                    {"params": p},
                    {
                        "error": {
                            "type": "ValidationError",
                            "message": "arguments.params must be an object, got string",
                        }
                    },
                    error=True,
                ),
            )
        )
    t.step(
        "Maybe the quoting is off; retrying with compact JSON.",
        call(
            "route.add_stop",
            {"params": '{"address":"42 Juniper Ct"}'},
            {
                "error": {
                    "type": "ValidationError",
                    "message": "arguments.params must be an object, got string",
                }
            },
            error=True,
        ),
    )
    t.loop(
        ["error_streak"],
        fails[3],
        "A pool-service agent passes its stop as a JSON string inside 'params', rejected every time.",
        "The validator says params must be an object; the agent rewrites the string's content instead of its "
        f"type. The 4th identical ValidationError at step {fails[3]} is the onset.",
    )


@loop("paint-spectro-lab-string-lt", style="plain")
def paint_schema(t: Trace) -> None:
    t.user(
        "Klientas atnešė dažų pavyzdį. Spektrofotometras rodo L*52,1 a*3,4 b*18,9. Parink receptą vidaus "
        "sienoms, matinis."
    )
    fails = []
    labs = ["52.1, 3.4, 18.9", "52,1; 3,4; 18,9", "L52.1 a3.4 b18.9", "[52.1, 3.4, 18.9]"]
    for lab in labs:
        fails.append(
            t.step(
                "Ieškau atitikmens." if not fails else "Keičiu reikšmių formatą.",
                call(
                    "spectro.match",
                    {"lab": lab, "base": "interior_matt"},
                    {"ok": False, "error": "lab: expected array of 3 numbers"},
                ),
            )
        )
    t.say("Nepavyksta paleisti paieškos.")
    t.loop(
        ["error_streak"],
        fails[3],
        "A paint-store agent re-formats a Lab colour as different strings; the matcher wants an array.",
        "Each spectro.match passes 'lab' as a string in a new format and gets the same 'expected array of 3 "
        f"numbers' error in the body. The 4th failure at step {fails[3]} is the onset.",
    )


@loop("acme-order-identical-failure-ru", style="anthropic")
def acme(t: Trace) -> None:
    t.user("Продли сертификат для shop.example.ru, он истекает через 3 дня.")
    args = {"domain": "shop.example.ru", "challenge": "http-01"}
    err = (
        "urn:ietf:params:acme:error:unauthorized: Invalid response from "
        "http://shop.example.ru/.well-known/acme-challenge/Yp0...: 404"
    )
    fails = [t.step("Запрашиваю сертификат.", call("acme.order", args, err, error=True))]
    for _ in range(4):
        fails.append(t.step("Ошибка валидации, пробую снова.", call("acme.order", args, err, error=True)))
    t.loop(
        ["error_streak", "identical_call"],
        fails[3],
        "A certificate agent re-issues the same ACME order five times against a challenge path that "
        "returns 404.",
        "Identical acme.order calls fail with the same unauthorized/404 error; the 4th identical "
        "failure at step "
        f"{fails[3]} is the onset. The webroot or a dns-01 challenge was never considered.",
    )


@loop("osha-ita-export-403", style="bedrock")
def osha(t: Trace) -> None:
    t.user("Submit our 2026 Form 300A summary for Plant 3 to the ITA portal.")
    t.step(
        "Building the summary.",
        call(
            "osha_log.summary",
            {"year": 2026, "establishment": "Plant 3"},
            {"cases": 7, "days_away": 41, "hours_worked": 412880},
        ),
    )
    args = {"year": 2026, "establishment": "Plant 3", "form": "300A"}
    err = "403 Forbidden: ITA API token expired (expired_at 2026-09-30T23:59:59Z)"
    fails = [t.step("Exporting to ITA.", call("osha_log.export", args, err, error=True))]
    for text in ["Retrying.", "Retrying the export.", "One more try.", "Trying again."]:
        fails.append(t.step(text, call("osha_log.export", args, err, error=True)))
    t.loop(
        ["error_streak", "identical_call"],
        fails[3],
        "A safety-compliance agent retries an export with an expired token, identically, five times.",
        "The same osha_log.export call fails with the same 403 token-expired message; the 4th "
        "failure at step "
        f"{fails[3]} is the onset. Only a person can renew the token.",
    )
