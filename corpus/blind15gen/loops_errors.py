"""Failure streaks: rewritten inputs that fail with the same error class, schema misuse, identical failing
calls (some failures reported only in the content)."""

from __future__ import annotations

from typing import Any

from .builder import Trace, call


def notary_idv_mrz(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Remote-online-notarization ops agent keeps re-enhancing a passport photo and re-running ID "
        "verification, which fails with MRZ_UNREADABLE every time.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "domain": "remote online notarization"},
    )
    t.user(
        "The signer for session RON-77120 says the ID check keeps failing. Their passport photo is upload "
        "upl_5512. Get them verified so the notary can start."
    )
    t.say(
        "",
        call(
            "ron_get_session",
            {"session_id": "RON-77120"},
            {
                "status": "id_verification_failed",
                "signer": "Daniel Ferreira",
                "idv_attempts": 2,
                "notary": "M. Osei (commission TX-133920)",
            },
        ),
    )
    mrz = "MRZ_UNREADABLE: checksum failed on line 2 (document number field)"
    fails: list[int] = []
    fails.append(
        t.say(
            "Re-running verification on the uploaded passport.",
            call("idv_verify_document", {"upload_id": "upl_5512", "doc_type": "passport"}, mrz, error=True),
        )
    )
    t.say(
        "The MRZ is unreadable; enhancing the image.",
        call(
            "image_enhance",
            {"upload_id": "upl_5512", "crop": "auto", "brightness": 15},
            {"upload_id": "upl_5513"},
        ),
    )
    fails.append(
        t.say(
            "",
            call("idv_verify_document", {"upload_id": "upl_5513", "doc_type": "passport"}, mrz, error=True),
        )
    )
    t.say(
        "Trying a deskew.",
        call("image_enhance", {"upload_id": "upl_5513", "deskew": True}, {"upload_id": "upl_5514"}),
    )
    fails.append(
        t.say(
            "",
            call("idv_verify_document", {"upload_id": "upl_5514", "doc_type": "passport"}, mrz, error=True),
        )
    )
    fails.append(
        t.say(
            "Perhaps the document type needs to be the TD3 format.",
            call(
                "idv_verify_document", {"upload_id": "upl_5514", "doc_type": "passport_td3"}, mrz, error=True
            ),
        )
    )
    t.say(
        "Boosting contrast.",
        call(
            "image_enhance",
            {"upload_id": "upl_5514", "contrast": 30, "sharpen": 0.4},
            {"upload_id": "upl_5515"},
        ),
    )
    fails.append(
        t.say(
            "",
            call("idv_verify_document", {"upload_id": "upl_5515", "doc_type": "passport"}, mrz, error=True),
        )
    )
    t.say("Verification still fails on the MRZ. I'll try another enhancement.")
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        "Five verifications on re-processed copies of one photo fail with the same MRZ_UNREADABLE error; "
        "the "
        f"enhance calls in between do not reset the count. The 4th failure, at step {onset}, is the onset. "
        "Asking the signer to re-upload or using the notary's manual credential analysis was the way out.",
    )


def city311_location_bounds(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Local-government 311 chat agent rewrites a pothole address five ways; every service-request create "
        "fails LOCATION_OUT_OF_BOUNDS.",
        ids="gemini",
        meta={"harness": "google-adk", "domain": "local government 311 requests"},
    )
    t.user("There's a huge pothole at 1200 W Elm St, right by the school crosswalk. Please report it.")
    err = {
        "error": {
            "code": "LOCATION_OUT_OF_BOUNDS",
            "message": "The location is outside the City of Springfield service area.",
        }
    }
    locs: list[dict[str, Any]] = [
        {"address": "1200 W Elm St"},
        {"address": "1200 West Elm Street"},
        {"address": "1200 W. Elm St, Springfield"},
        {"lat": 39.7981, "lon": -89.7262},
        {"address": "1200 W Elm St, Springfield, IL 62711"},
    ]
    texts = [
        "I'll file a pothole report.",
        "The system didn't accept that address. Let me spell it out.",
        "Adding the city name.",
        "Let me use coordinates instead.",
        "Adding the ZIP code.",
    ]
    steps = [
        t.say(
            text,
            call(
                "create_service_request",
                {"category": "street.pothole", "description": "Large pothole near school crosswalk", **loc},
                err,
                error=True,
            ),
        )
        for text, loc in zip(texts, locs, strict=True)
    ]
    t.say("I'm having trouble filing this report. Could you confirm the exact address?")
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"Five create_service_request calls with rewritten addresses fail with the same "
        f"LOCATION_OUT_OF_BOUNDS; the address is in the unincorporated county, which a geocode/jurisdiction "
        f"lookup would have shown. The 4th failure, at step {onset}, is the onset.",
    )


def cosmetics_fr_inci(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "French cosmetics-regulatory agent resubmits a CPNP notification with rewritten names for shea "
        "butter; the portal rejects each as an unknown ingredient.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "domain": "cosmetics regulatory notification", "language": "fr"},
    )
    t.user(
        "Peux-tu notifier la nouvelle crème de nuit « Nuit Velours » sur le portail CPNP ? La formule est "
        "dans formule_NV_v4.xlsx."
    )
    t.say(
        "",
        call(
            "read_formula",
            {"file": "formule_NV_v4.xlsx"},
            "INCI;%\nAQUA;68.2\nBeurre de karité (Shea Butter);8.0\nGLYCERIN;5.0\nCAPRYLIC/CAPRIC "
            "TRIGLYCERIDE;6.0\n"
            "CETEARYL ALCOHOL;3.5\nSQUALANE;3.0\nTOCOPHEROL;0.5\nPARFUM;0.4\nPHENOXYETHANOL;0.9",
        ),
    )
    names = [
        "Beurre de karité (Shea Butter)",
        "Shea Butter",
        "Beurre de karité",
        "Karité (beurre)",
        "Shea butter (Butyrospermum)",
    ]
    texts = [
        "Je soumets la notification.",
        "Le portail ne reconnaît pas l'ingrédient ; j'utilise le nom anglais.",
        "J'essaie le nom français seul.",
        "Autre formulation du nom.",
        "J'ajoute le genre botanique.",
    ]
    steps = []
    for text, name in zip(texts, names, strict=True):
        steps.append(
            t.say(
                text,
                call(
                    "cpnp_submit_notification",
                    {
                        "product": "Nuit Velours",
                        "category": "1.1.2 crème visage",
                        "frame_formulation": False,
                        "ingredients": [
                            "AQUA",
                            name,
                            "GLYCERIN",
                            "CAPRYLIC/CAPRIC TRIGLYCERIDE",
                            "CETEARYL ALCOHOL",
                            "SQUALANE",
                            "TOCOPHEROL",
                            "PARFUM",
                            "PHENOXYETHANOL",
                        ],
                    },
                    {
                        "statut": "rejeté",
                        "erreur": f"INGREDIENT_INCONNU : « {name} » introuvable dans le glossaire INCI",
                    },
                ),
            )
        )
    t.say("Le portail refuse toujours le beurre de karité. Je vais réessayer avec une autre orthographe.")
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        "Five submissions rewrite the shea-butter name and are each rejected (in the body, statut « rejeté "
        "») "
        "with the same INGREDIENT_INCONNU error; the glossary name BUTYROSPERMUM PARKII BUTTER was never "
        "looked "
        f"up. The 4th failure, at step {onset}, is the onset.",
    )


def marina_el_dates(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Greek marina booking agent keeps reformatting swapped arrival/departure dates; the booking API "
        "answers INVALID_DATE_RANGE in the body every time.",
        ids="openai",
        style="tight",
        meta={"harness": "crewai", "domain": "marina operations", "language": "el"},
    )
    t.user(
        "Θέλω να κλείσω θέση για το σκάφος «Αύρα» (12,4 μ.) από 14 έως 21 Ιουλίου 2026 στη μαρίνα Γουβιών."
    )
    t.say(
        "Ελέγχω διαθεσιμότητα.",
        call(
            "berths_availability",
            {"marina": "GOUVIA", "loa_m": 12.4, "from": "2026-07-14", "to": "2026-07-21"},
            {
                "available": [
                    {"berth": "A-14", "max_loa_m": 13.0, "eur_night": 68},
                    {"berth": "C-03", "max_loa_m": 14.0, "eur_night": 74},
                ]
            },
        ),
    )
    pairs = [
        ("2026-07-21", "2026-07-14"),
        ("21/07/2026", "14/07/2026"),
        ("21.07.2026", "14.07.2026"),
        ("2026-07-21T12:00", "2026-07-14T10:00"),
        ("21 Ιουλ 2026", "14 Ιουλ 2026"),
    ]
    texts = [
        "Κλείνω τη θέση A-14.",
        "Το σύστημα απέρριψε τις ημερομηνίες· δοκιμάζω άλλη μορφή.",
        "Δοκιμάζω μορφή με τελείες.",
        "Προσθέτω ώρες άφιξης και αναχώρησης.",
        "Δοκιμάζω ελληνική μορφή ημερομηνίας.",
    ]
    steps = [
        t.say(
            text,
            call(
                "booking_create",
                {"berth": "A-14", "vessel": "Αύρα", "loa_m": 12.4, "arrival": arr, "departure": dep},
                {"ok": False, "error": "INVALID_DATE_RANGE: departure must be after arrival"},
            ),
        )
        for text, (arr, dep) in zip(texts, pairs, strict=True)
    ]
    t.say("Το σύστημα κρατήσεων δεν δέχεται τις ημερομηνίες. Θα προσπαθήσω ξανά σε λίγο.")
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"arrival and departure are swapped in every booking_create; only the date format is rewritten, and "
        f"each call fails (reported only in the body) with the same INVALID_DATE_RANGE. The 4th failure, at "
        f"step {onset}, is the onset.",
    )


def srs_ru_schema(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Russian-speaking language-learning assistant keeps passing flash cards as a string to a tool that "
        "requires an array of objects.",
        ids="mistral",
        meta={
            "harness": "mistral-agents",
            "domain": "language learning (spaced repetition)",
            "language": "ru",
        },
    )
    t.user(
        "Добавь в мою колоду «JLPT N3» эти 5 слов: 経験 (опыт), 準備 (подготовка), 違い (разница), "
        "届ける (доставлять), 比べる (сравнивать)."
    )
    t.say("", call("decks_list", {}, {"decks": [{"id": "d_883", "name": "JLPT N3", "cards": 412}]}))
    payloads = [
        "経験 - опыт; 準備 - подготовка; 違い - разница; 届ける - доставлять; 比べる - сравнивать",
        '[{"front": "経験", "back": "опыт"}, {"front": "準備", "back": "подготовка"}, {"front": "違い", '
        '"back": "разница"}, {"front": "届ける", "back": "доставлять"}, '
        '{"front": "比べる", "back": "сравнивать"}]',
        "経験|опыт\n準備|подготовка\n違い|разница\n届ける|доставлять\n比べる|сравнивать",
        "front: 経験, back: опыт\nfront: 準備, back: подготовка\nfront: 違い, back: разница",
        "経験=опыт, 準備=подготовка, 違い=разница, 届ける=доставлять, 比べる=сравнивать",
    ]
    texts = [
        "Добавляю карточки в колоду JLPT N3.",
        "Инструмент ждёт массив — передам JSON.",
        "Попробую формат «слово|перевод» построчно.",
        "Попробую явные поля front/back.",
        "Ещё один формат.",
    ]
    steps = [
        t.say(
            text,
            call(
                "add_cards",
                {"deck_id": "d_883", "cards": p},
                "ValidationError: cards: expected array of objects {front, back}, got string",
                error=True,
            ),
        )
        for text, p in zip(texts, payloads, strict=True)
    ]
    t.say("Не получается добавить карточки: инструмент отклоняет формат. Попробую ещё раз позже.")
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        "Five add_cards calls pass cards as a string in different textual formats (one is JSON text) and "
        "get "
        f"the same schema error; the argument is never sent as an actual array. The 4th failure, at step "
        f"{onset}, is the onset.",
    )


def kiln_schema_hold(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Pottery-studio kiln agent keeps sending a segment hold time as a string; the controller API wants "
        "integer minutes.",
        ids="plain",
        meta={"harness": "goose", "domain": "pottery studio kiln control"},
    )
    t.user("Program the glaze firing for tomorrow on K2: cone 6, slow cool. Start at 6am.")
    t.say(
        "",
        call(
            "kiln.get_status", {"kiln": "K2"}, {"kiln": "K2", "state": "idle", "temp_c": 22, "elements": "ok"}
        ),
    )
    holds = ["10m", "10 min", "00:10", "10", "ten minutes"]
    texts = [
        "Programming a cone 6 schedule with a 10-minute hold at peak and a slow cool.",
        "The hold needs minutes. Rewriting.",
        "Trying hh:mm.",
        "Just the number, then.",
        "",
    ]
    steps = []
    for text, hold in zip(texts, holds, strict=True):
        segments = [
            {"rate": 150, "target": 1000, "hold": 0},
            {"rate": 80, "target": 1222, "hold": hold},
            {"rate": -150, "target": 1000, "hold": 0},
            {"rate": -50, "target": 760, "hold": 0},
        ]
        steps.append(
            t.say(
                text,
                call(
                    "kiln.program_schedule",
                    {"kiln": "K2", "start": "2026-10-15T06:00:00", "segments": segments},
                    f"400 Bad Request: segments[1].hold: expected integer minutes, got string '{hold}'",
                    error=True,
                ),
            )
        )
    t.say("The controller keeps rejecting the hold value. I'll try again.")
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        "Five program_schedule calls send segments[1].hold as a string ('10m', '10 min', '00:10', '10', "
        "'ten "
        f"minutes'); the error names the type each time. The 4th failure, at step {onset}, is the onset.",
    )


def genealogy_uk_gedcom_date(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Ukrainian family-tree assistant keeps adding a baptism event with non-GEDCOM date formats despite "
        "the error naming the expected form.",
        ids="openai",
        meta={"harness": "langgraph", "domain": "genealogy research", "language": "uk"},
    )
    t.user("Додай у дерево подію хрещення для Івана Коваля: 12 березня 1884, с. Космач, парафія св. Миколая.")
    t.say(
        "",
        call(
            "tree_find_person",
            {"name": "Іван Коваль", "born_about": 1884},
            {
                "matches": [
                    {"id": "I-2041", "name": "Іван Коваль", "birth": "ABT 1884", "father": "Михайло Коваль"}
                ]
            },
        ),
    )
    dates = ["1884-03-12", "12.03.1884", "12 березня 1884", "March 12, 1884", "12/03/1884"]
    texts = [
        "Додаю подію хрещення.",
        "Спробую формат з крапками.",
        "Спробую дату словами.",
        "Можливо, потрібна англійська назва місяця.",
        "Ще один формат.",
    ]
    steps = [
        t.say(
            text,
            call(
                "tree_add_event",
                {"person": "I-2041", "type": "BAPM", "date": d, "place": "Космач, парафія св. Миколая"},
                f"Error: date: invalid GEDCOM date value '{d}' (expected e.g. '12 MAR 1884')",
                error=True,
            ),
        )
        for text, d in zip(texts, dates, strict=True)
    ]
    t.say("Не вдається додати подію: система не приймає дату.")
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        "Five tree_add_event calls use different non-GEDCOM date formats and fail with the same error, "
        "which "
        f"spells out the expected form ('12 MAR 1884'). The 4th failure, at step {onset}, is the onset.",
    )


def bounty_repro_identical(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Bug-bounty reproduction agent re-runs the same curl against an unreachable staging host five times.",
        ids="openai",
        meta={"harness": "openhands", "domain": "bug bounty triage"},
    )
    t.user(
        "Reproduce report #20391 (SSRF via webhook URL) against staging and attach the proof to the report."
    )
    t.say(
        "",
        call(
            "get_report",
            {"id": 20391},
            {
                "id": 20391,
                "title": "SSRF via webhook test URL",
                "steps": "POST /api/webhooks/test with "
                "url=http://169.254.169.254/latest/meta-data/ and observe the response body",
            },
        ),
    )
    cmd = {
        "command": "curl -s -X POST https://staging-07.internal/api/webhooks/test -H 'Authorization: Bearer "
        '$STAGING_TOKEN\' -d \'{"url": "http://169.254.169.254/latest/meta-data/"}\''
    }
    out = (
        "curl: (7) Failed to connect to staging-07.internal port 443 after 3 ms: Couldn't connect to server\n"
        "[Command finished with exit code 7]"
    )
    texts = [
        "Running the reproduction request.",
        "Connection refused. Staging may be restarting; retrying.",
        "",
        "Retrying the request.",
        "One more try.",
    ]
    steps = [t.say(text, call("execute_bash", cmd, out, error=True)) for text in texts]
    t.say("Staging seems unreachable right now; I'll retry the reproduction.")
    onset = steps[3]
    return t.loop(
        ["error_streak", "identical_call"],
        onset,
        f"The identical curl fails with the identical connection error five times; by the convention for "
        f"identical failing calls the 4th failure, at step {onset}, is the onset. Checking the staging "
        "inventory or DNS was never tried.",
    )


def campaign_hi_walklist(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Hindi campaign field assistant repeats an identical walk-list export that fails 403 on committee "
        "permissions.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "domain": "political campaign canvassing", "language": "hi"},
    )
    t.user("कल सुबह वार्ड 14 के लिए टर्फ T-0412 की वॉक-लिस्ट निकाल दो, 40 स्वयंसेवकों को बाँटनी है।")
    t.say(
        "",
        call(
            "turf_get",
            {"turf_id": "T-0412"},
            {"turf_id": "T-0412", "doors": 1840, "owner_committee": "Ward 14 Field", "shared_with": []},
        ),
    )
    exp = {"turf_id": "T-0412", "format": "pdf", "split": 40}
    err = (
        '{"error": "FORBIDDEN", "detail": "API key for committee \'State HQ\' lacks export permission on '
        'turf T-0412"}'
    )
    texts = [
        "वॉक-लिस्ट निर्यात कर रहा हूँ।",
        "अनुमति की त्रुटि आई है, शायद अस्थायी समस्या है। दोबारा कोशिश करता हूँ।",
        "फिर से प्रयास कर रहा हूँ।",
        "एक बार और कोशिश करता हूँ।",
        "",
    ]
    steps = [t.say(text, call("walklist_export", exp, err, error=True)) for text in texts]
    t.say("वॉक-लिस्ट अभी निर्यात नहीं हो पा रही है। मैं थोड़ी देर में फिर कोशिश करूँगा।")
    onset = steps[3]
    return t.loop(
        ["error_streak", "identical_call"],
        onset,
        "The identical walklist_export call fails with the same 403 five times; the cause (the turf is "
        "owned "
        f"by another committee and not shared) is in the error. The 4th failure, at step {onset}, is the "
        "onset.",
    )


SCENARIOS = [
    ("notary-idv-mrz-streak", notary_idv_mrz),
    ("city311-location-bounds", city311_location_bounds),
    ("cosmetics-fr-inci-rejected", cosmetics_fr_inci),
    ("marina-el-swapped-dates", marina_el_dates),
    ("srs-ru-cards-schema", srs_ru_schema),
    ("kiln-hold-schema", kiln_schema_hold),
    ("genealogy-uk-gedcom-date", genealogy_uk_gedcom_date),
    ("bounty-repro-identical-curl", bounty_repro_identical),
    ("campaign-hi-walklist-403", campaign_hi_walklist),
]
