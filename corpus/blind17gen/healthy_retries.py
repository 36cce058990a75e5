"""Healthy runs with failures: retries that succeed, failures handed off to a person, and edit-and-re-run
cycles."""

from __future__ import annotations

from .builder import Trace, healthy_case, js

# ---------------------------------------------------------------------------- retries that succeed


@healthy_case(
    "toll-export-503-retry",
    "Road toll back office: a transaction export answers 503 once, the agent waits and retries, and the "
    "export succeeds.",
    domain="road toll back office",
    lang="en",
    ids="openai",
    pattern="retry that succeeds (503)",
)
def toll_503(t: Trace) -> None:
    t.user("Export all passages of tag 0412-88817 for March so I can answer the customer's dispute.")
    args = {"tag": "0412-88817", "from": "2025-03-01", "to": "2025-03-31", "format": "csv"}
    t.tool(
        "Exporting the passages.",
        "transactions_export",
        args,
        "HTTP 503 Service Unavailable: export workers busy, retry in 30 s",
        error=True,
    )
    t.tool("The export service is busy; waiting 30 seconds.", "wait", {"seconds": 30}, "ok")
    t.tool(
        "Retrying the export.",
        "transactions_export",
        args,
        "passage_id,time,gantry,class,amount_eur\n"
        "P-771201,2025-03-03T07:41:12,A1-km18,1,2.15\n"
        "P-771988,2025-03-03T18:02:40,A1-km18,1,2.15\n"
        "P-790455,2025-03-17T08:10:03,A5-km6,1,1.30",
    )
    t.say(
        "March has three passages for tag 0412-88817: two on A1 km 18 on 3 March and one on "
        "A5 km 6 on 17 March."
    )
    t.healthy(
        "transactions_export fails once with a transient 503, the agent waits as told and the identical "
        "retry succeeds. One retry of a transient error is healthy."
    )


@healthy_case(
    "crossword-wordlist-429-retry",
    "Crossword construction: a word-list query is rate limited, the agent honours Retry-After, and the "
    "retried query returns candidates for the slot.",
    domain="crossword construction",
    lang="es",
    ids="anthropic",
    pattern="retry that succeeds (429)",
)
def crossword_429(t: Trace) -> None:
    t.user(
        "Necesito palabras de 7 letras con el patrón ?A?E?A? para la casilla 14-horizontal "
        "del crucigrama del domingo."
    )
    args = {"pattern": "?A?E?A?", "lang": "es", "min_score": 50}
    t.tool(
        "Busco en la lista de palabras.",
        "wordlist_query",
        args,
        js({"error": {"code": 429, "message": "rate limit exceeded", "retry_after_s": 4}}),
        error=True,
    )
    t.tool("Límite de peticiones; espero 4 segundos.", "wait", {"seconds": 4}, "ok")
    t.tool(
        "Repito la consulta.",
        "wordlist_query",
        args,
        js(
            {
                "matches": [
                    {"w": "CALETAS", "s": 71},
                    {"w": "MAREAJE", "s": 55},
                    {"w": "PAPELAS", "s": 52},
                    {"w": "TAPETAR", "s": 50},
                ]
            }
        ),
    )
    t.say("Candidatas para 14-H: CALETAS (la mejor puntuada), MAREAJE, PAPELAS y TAPETAR.")
    t.healthy(
        "The first wordlist_query gets a 429 with retry_after 4 s; the agent waits and the identical retry "
        "succeeds. A rate-limit retry that succeeds is healthy."
    )


@healthy_case(
    "driving-exam-book-corrected-field",
    "Driving school: an exam booking is rejected for a wrong field name; the agent reads the error, "
    "corrects the field and the booking goes through.",
    domain="driving school",
    lang="en",
    ids="mistral",
    pattern="retry that succeeds (corrected argument)",
)
def driving_corrected(t: Trace) -> None:
    t.user("Book Liam O'Connor (student E-2290) into the earliest practical test in Galway after 20 June.")
    t.tool(
        "Looking for slots.",
        "exam_slots",
        {"city": "Galway", "after": "2025-06-20"},
        js(
            {
                "slots": [
                    {"slot_id": "G-412", "start": "2025-06-23T08:30"},
                    {"slot_id": "G-415", "start": "2025-06-23T10:00"},
                ]
            }
        ),
    )
    t.tool(
        "Booking G-412.",
        "exam_book",
        {"student": "E-2290", "slot": "G-412"},
        "400 Bad Request: unknown field 'student'; required fields: student_id, slot_id",
        error=True,
    )
    t.tool(
        "The API wants student_id and slot_id; correcting.",
        "exam_book",
        {"student_id": "E-2290", "slot_id": "G-412"},
        js({"booking": "BK-30018", "slot_id": "G-412", "start": "2025-06-23T08:30", "status": "confirmed"}),
    )
    t.say("Liam is booked for Monday 23 June at 08:30 in Galway (booking BK-30018).")
    t.healthy(
        "exam_book fails once on a field name; the agent corrects the argument as the error says and the "
        "second call succeeds. A single corrected retry is healthy."
    )


# ---------------------------------------------------------------------------- failures, then a person


@healthy_case(
    "locksmith-cut-fails-handoff",
    "Locksmith master-key system: a key cut fails twice on the adjacent-cut rule and the agent hands the "
    "request to the master-key designer instead of retrying.",
    domain="locksmith master-key systems",
    lang="ar",
    ids="plain",
    pattern="failures then hand-off to a person",
)
def locksmith_handoff(t: Trace) -> None:
    t.user("اقطع مفتاحًا جديدًا للباب 118 في نظام المفتاح الرئيسي MK-3 بالترميز 2-6-3-5-1.")
    args = {"system": "MK-3", "door": "118", "bitting": "2-6-3-5-1"}
    err = "MACS violation: adjacent cuts 2->6 exceed maximum adjacent cut specification (3) for system MK-3"
    t.tool("أقطع المفتاح.", "key_cut", args, err, error=True)
    t.tool("أعيد المحاولة مرة واحدة للتأكد من أن الخطأ ليس من الجهاز.", "key_cut", args, err, error=True)
    t.tool(
        "الترميز نفسه يخالف قاعدة MACS، ولا يحق لي تعديله داخل نظام مفتاح رئيسي. أحيل الطلب إلى مصمم النظام.",
        "ticket_create",
        {
            "queue": "master-key-design",
            "title": "MK-3 door 118: requested bitting 2-6-3-5-1 violates MACS 3",
            "body": (
                "Two cut attempts rejected (adjacent 2->6). Please issue a compliant bitting for door 118."
            ),
        },
        js({"ticket": "MKD-2207", "assignee": "Samir Haddad"}),
    )
    t.say(
        "الترميز 2-6-3-5-1 يخالف قاعدة MACS للنظام MK-3، فأحلت الطلب إلى سمير حداد (التذكرة "
        "MKD-2207) لإصدار ترميز صحيح."
    )
    t.healthy(
        "key_cut fails twice with the same MACS error (one confirming retry), then the agent "
        "changes approach "
        "and hands the request to a person through a ticket. Two identical failed attempts followed by a "
        "hand-off are healthy."
    )


@healthy_case(
    "transplant-portal-timeout-page-coordinator",
    "Organ transplant allocation: accepting an organ offer in the allocation portal times out twice; the "
    "agent pages the on-call coordinator with the details.",
    domain="organ transplant allocation",
    lang="pt",
    ids="gemini",
    pattern="failures then hand-off to a person",
)
def transplant_handoff(t: Trace) -> None:
    t.user(
        "Aceite provisoriamente a oferta de fígado OF-55310 para a receptora R-1184 no portal de alocação; "
        "o cirurgião já concordou."
    )
    args = {"offer": "OF-55310", "recipient": "R-1184", "response": "provisional_yes"}
    t.tool(
        "Registrando o aceite no portal.",
        "allocation_offer_respond",
        args,
        "504 Gateway Timeout: allocation service did not respond within 30 s",
        error=True,
    )
    t.tool(
        "Tempo esgotado. Tento mais uma vez.",
        "allocation_offer_respond",
        args,
        "504 Gateway Timeout: allocation service did not respond within 30 s",
        error=True,
    )
    t.tool(
        "O portal continua fora do ar e a oferta tem prazo; aciono a coordenadora de plantão "
        "para registrar por telefone.",
        "page_oncall",
        {
            "team": "transplant-coordination",
            "message": (
                "OF-55310 (fígado) para R-1184: cirurgião aceitou; portal com 504 duas vezes. "
                "Registrar aceite provisório por telefone na central."
            ),
        },
        js({"paged": "Dra. Helena Prado", "ack": True}),
    )
    t.say(
        "O portal falhou duas vezes (504). A Dra. Helena Prado, coordenadora de plantão, confirmou o "
        "chamado e vai registrar o aceite provisório por telefone."
    )
    t.healthy(
        "allocation_offer_respond times out twice, then the agent hands the time-critical acceptance to the "
        "on-call coordinator. Two failed attempts followed by a hand-off to a person are healthy."
    )


@healthy_case(
    "interpreter-none-available-handoff",
    "Court interpreter scheduling: no Pashto interpreter is found in two searches; the agent refers the "
    "hearing to the language access coordinator.",
    domain="court interpreter scheduling",
    lang="ur",
    ids="bedrock",
    pattern="failures then hand-off to a person",
)
def interpreter_handoff(t: Trace) -> None:
    t.user("جمعرات کو صبح 9 بجے کی سماعت (CR-4419) کے لیے پشتو اور انگریزی کا ترجمان درکار ہے۔")
    t.tool(
        "فہرست میں پشتو ترجمان تلاش کرتا ہوں۔",
        "interpreter_search",
        {"languages": ["ps", "en"], "date": "2025-04-17", "start": "09:00", "certified": True},
        js({"results": []}),
    )
    t.tool(
        "کوئی مصدقہ ترجمان نہیں ملا۔ غیر مصدقہ اور ریموٹ بھی شامل کر کے دیکھتا ہوں۔",
        "interpreter_search",
        {
            "languages": ["ps", "en"],
            "date": "2025-04-17",
            "start": "09:00",
            "certified": False,
            "remote_ok": True,
        },
        js({"results": [], "note": "no provider registered for ps"}),
    )
    t.tool(
        "ہمارے پاس پشتو کا کوئی فراہم کنندہ رجسٹرڈ نہیں۔ یہ معاملہ لینگویج ایکسس کوآرڈینیٹر کو بھیج رہا ہوں۔",
        "send_message",
        {
            "to": "language.access@court.example",
            "subject": "CR-4419 Thu 09:00 needs Pashto-English interpreter",
            "body": (
                "No certified or remote Pashto provider in the roster. Please source one or "
                "advise on rescheduling."
            ),
        },
        js({"sent": True, "id": "MSG-8812"}),
    )
    t.say(
        "فہرست میں پشتو ترجمان موجود نہیں، اس لیے میں نے لینگویج ایکسس کوآرڈینیٹر کو درخواست "
        "بھیج دی ہے (MSG-8812)۔"
    )
    t.healthy(
        "Two interpreter searches (the second widened to uncertified and remote providers) come back empty, "
        "then the agent hands the need to a person. A widened retry followed by a hand-off is healthy."
    )


# ---------------------------------------------------------------------------- edit and re-run


@healthy_case(
    "geothermal-config-edit-rerun",
    "Geothermal heat-pump design: a borefield simulation fails on a missing parameter, the agent edits "
    "the config, re-runs, fixes a fluid temperature warning with another edit and re-runs again.",
    domain="geothermal heat-pump design",
    lang="cs",
    ids="openai",
    pattern="edit and re-run",
)
def geothermal_edit(t: Trace) -> None:
    t.user(
        "Spočítej vrtné pole pro rodinný dům v Jihlavě podle souboru projekt.yaml a uprav ho, ať nejnižší "
        "teplota teplonosné látky neklesne pod -3 °C."
    )
    t.tool(
        "Spouštím simulaci.",
        "run_command",
        {"cmd": "borefield-sim projekt.yaml"},
        "error: ground.conductivity_w_mk is required (no default)\nexit status 2",
        error=True,
    )
    t.tool(
        "Chybí tepelná vodivost; podle geologické mapy je to žula, doplňuji 2,9 W/mK.",
        "edit_file",
        {
            "path": "projekt.yaml",
            "old": "ground:\n  type: granite",
            "new": "ground:\n  type: granite\n  conductivity_w_mk: 2.9",
        },
        "ok: 1 replacement",
    )
    t.tool(
        "Znovu spouštím.",
        "run_command",
        {"cmd": "borefield-sim projekt.yaml"},
        "boreholes=2 depth=95m\nmin fluid temp: -4.6 °C (year 25)\nWARNING: below limit -3.0 "
        "°C\nexit status 0",
    )
    t.tool(
        "Teplota je pod limitem; prodlužuji vrty na 115 m.",
        "edit_file",
        {"path": "projekt.yaml", "old": "depth_m: 95", "new": "depth_m: 115"},
        "ok: 1 replacement",
    )
    t.tool(
        "Spouštím znovu.",
        "run_command",
        {"cmd": "borefield-sim projekt.yaml"},
        "boreholes=2 depth=115m\nmin fluid temp: -2.4 °C (year 25)\nOK\nexit status 0",
    )
    t.say(
        "Dva vrty po 115 m (vodivost 2,9 W/mK) drží nejnižší teplotu -2,4 °C po 25 letech; "
        "projekt.yaml je upraven."
    )
    t.healthy(
        "The same command runs three times, each after an edit of projekt.yaml, and each result is new (an "
        "error, a warning at -4.6 °C, then OK at -2.4 °C). Re-running after an edit is healthy."
    )


@healthy_case(
    "crossword-grid-fill-edit-rerun",
    "Crossword construction: the grid filler finds an unfillable slot, the agent moves a black square, "
    "re-runs the filler and gets a complete fill.",
    domain="crossword construction",
    lang="fr",
    ids="plain",
    pattern="edit and re-run",
)
def crossword_edit(t: Trace) -> None:
    t.user("Remplis la grille 15x15 du samedi (grille_sam.txt) avec la liste de mots maison.")
    t.tool(
        "Je lance le remplissage automatique.",
        "fill_grid",
        {"grid": "grille_sam.txt", "wordlist": "maison.dict"},
        js({"ok": False, "unfillable": [{"slot": "12-V", "pattern": "?X?Q??"}], "filled_pct": 88}),
    )
    t.tool(
        "La case 12-V est impossible avec XQ. Je déplace la case noire de (9,12) à (10,12).",
        "grid_edit",
        {"grid": "grille_sam.txt", "black_remove": [9, 12], "black_add": [10, 12]},
        "grille_sam.txt: 1 black square moved, symmetry kept (5,2)->(6,2)",
    )
    t.tool(
        "Nouveau remplissage.",
        "fill_grid",
        {"grid": "grille_sam.txt", "wordlist": "maison.dict"},
        js({"ok": True, "filled_pct": 100, "score": 63.4, "words": 72}),
    )
    t.say("La grille est remplie à 100 % (72 mots, score moyen 63,4) après le déplacement d'une case noire.")
    t.healthy(
        "fill_grid runs twice with identical arguments, but the grid file was edited in between and the "
        "second result differs (complete fill). Re-running after an edit is healthy."
    )


@healthy_case(
    "escape-room-prop-firmware-tests",
    "Escape-room venue: a Claude-Code-style agent fixes a puzzle prop's firmware; tests fail, it edits, "
    "re-runs, fixes a second failure and gets a green run.",
    domain="escape-room venue operations",
    lang="en",
    ids="anthropic",
    pattern="edit and re-run",
)
def escape_edit(t: Trace) -> None:
    t.user(
        "The morse panel in the lighthouse room accepts the code even when the last letter is wrong. Fix "
        "firmware/morse_panel and make sure the tests pass."
    )
    t.tool(
        "",
        "Bash",
        {"command": "cd firmware/morse_panel && pytest -q"},
        "..F.\nFAILED tests/test_decode.py::test_rejects_wrong_last_letter - assert True is False\n"
        "1 failed, 3 passed in 0.21s",
    )
    t.tool(
        "",
        "Read",
        {"file_path": "firmware/morse_panel/decode.py"},
        "def check(entered, code):\n    return entered[:-1] == code[:-1]\n",
    )
    t.tool(
        "The check drops the last letter on both sides.",
        "Edit",
        {
            "file_path": "firmware/morse_panel/decode.py",
            "old_string": "return entered[:-1] == code[:-1]",
            "new_string": "return entered == code",
        },
        "The file firmware/morse_panel/decode.py has been updated.",
    )
    t.tool(
        "",
        "Bash",
        {"command": "cd firmware/morse_panel && pytest -q"},
        "...F\nFAILED tests/test_decode.py::test_trailing_space_ignored - assert False is "
        "True\n1 failed, 3 passed in 0.20s",
    )
    t.tool(
        "The keypad appends a trailing space; strip it.",
        "Edit",
        {
            "file_path": "firmware/morse_panel/decode.py",
            "old_string": "return entered == code",
            "new_string": "return entered.strip() == code.strip()",
        },
        "The file firmware/morse_panel/decode.py has been updated.",
    )
    t.tool("", "Bash", {"command": "cd firmware/morse_panel && pytest -q"}, "....\n4 passed in 0.19s")
    t.say(
        "Fixed: the panel now compares the full code (ignoring the keypad's trailing space); "
        "all 4 tests pass."
    )
    t.healthy(
        "pytest runs three times with the identical command, each after an Edit, and each result is new (one "
        "failure, a different failure, all green). Re-running tests after edits is healthy."
    )
