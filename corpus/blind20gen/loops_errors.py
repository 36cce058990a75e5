"""Loops of failures: streaks under rewritten inputs, schema misuse and identical failing calls."""

from __future__ import annotations

from blind20gen.builder import Trace, j, ji, js, loop


@loop(
    "cement-kiln-sql-missing-relation",
    "Cement-plant data agent (European Portuguese) rewrites the schema prefix of one table name again and "
    "again; every query fails with the same 'relation does not exist' error.",
    domain="cement plant kiln operations",
    language="pt-PT",
    ids="openai",
    started="2026-03-27T07:48:00Z",
)
def cement_sql(t: Trace) -> None:
    t.user("Preciso da temperatura média da zona de clinquerização do forno 2 na semana passada, por dia.")
    t.one(
        "Começo pelos alarmes do forno 2 para ver se houve paragens.",
        "sql.query",
        {
            "sql": "SELECT dia, count(*) FROM historian.kiln_alarms WHERE forno = 2 AND dia >= '2026-03-16' "
            "GROUP BY dia ORDER BY dia"
        },
        " dia        | count\n------------+-------\n 2026-03-16 |     3\n 2026-03-18 |     1\n 2026-03-21 | "
        "    "
        "7\n(3 rows)",
    )
    err = (
        'ERROR:  relation "{}" does not exist\nLINE 1: SELECT dia, avg(t_burning_zone) FROM {} WHERE '
        "forno = 2 ..."
    )
    steps = []
    for text, table in [
        ("Sem paragens longas. Agora as temperaturas.", "kiln_temps"),
        ("Peço desculpa, falta o esquema. Tento com historian.", "historian.kiln_temps"),
        ("Também não. Talvez esteja no esquema do forno.", "forno.kiln_temps"),
        ("Desculpe a demora; tento com o nome entre aspas.", 'historian."Kiln_Temps"'),
        ("Mais uma tentativa com o esquema public.", "public.kiln_temps"),
    ]:
        steps.append(
            t.one(
                text,
                "sql.query",
                {
                    "sql": f"SELECT dia, avg(t_burning_zone) FROM {table} WHERE forno = 2 AND dia >= "
                    "'2026-03-16' "
                    "GROUP BY dia ORDER BY dia"
                },
                err.format(table, table),
                error=True,
            )
        )
    t.say("Peço desculpa: não consigo encontrar a tabela de temperaturas do forno.")
    t.loop(
        ["error_streak"],
        steps[3],
        f"Five queries guess a schema or spelling for 'kiln_temps' and all fail with the same 'relation does "
        f"not exist' error; the agent never lists the tables (information_schema) although step 1 shows the "
        f"historian schema works. The 4th failure is step {steps[3]}.",
    )


@loop(
    "microfinance-disbursement-rejected-rewrites",
    "Microfinance loan-officer assistant (Swahili) keeps re-submitting a group loan disbursement with new "
    "amounts and dates, while every rejection names a missing group guarantee.",
    domain="microfinance group lending",
    language="sw",
    ids="bedrock",
    started="2026-05-06T09:20:00Z",
)
def microfinance(t: Trace) -> None:
    t.user("Tafadhali toa mkopo wa shilingi 50,000 kwa kikundi cha Upendo Wanawake (KK-0441) leo.")
    t.one(
        "Naangalia taarifa za kikundi kwanza.",
        "kikundi.taarifa",
        {"kikundi_id": "KK-0441"},
        ji(
            {
                "kikundi_id": "KK-0441",
                "jina": "Upendo Wanawake",
                "wanachama": 5,
                "dhamana_zilizosainiwa": 3,
                "dhamana_zinazohitajika": 5,
                "hali": "hai",
            }
        ),
    )
    rejected = js({"hali": "imekataliwa", "sababu": "dhamana ya kikundi haijakamilika (3/5 wamesaini)"})
    steps = []
    for text, args in [
        ("Sasa natoa mkopo.", {"kikundi_id": "KK-0441", "kiasi": 50000, "tarehe": "2026-05-06"}),
        (
            "Samahani, imekataliwa. Najaribu kiasi kidogo zaidi.",
            {"kikundi_id": "KK-0441", "kiasi": 45000, "tarehe": "2026-05-06"},
        ),
        (
            "Samahani tena. Nitajaribu kwa tarehe ya kesho.",
            {"kikundi_id": "KK-0441", "kiasi": 45000, "tarehe": "2026-05-07"},
        ),
        (
            "Samahani sana. Nitagawa mkopo kwa awamu mbili.",
            {"kikundi_id": "KK-0441", "kiasi": 25000, "tarehe": "2026-05-06", "awamu": 2},
        ),
        ("Najaribu mara moja zaidi.", {"kikundi_id": "KK-0441", "kiasi": 20000, "tarehe": "2026-05-06"}),
    ]:
        steps.append(t.one(text, "mikopo.toa", args, rejected))
    t.say("Samahani, mfumo unakataa kutoa mkopo kwa kikundi hiki.")
    t.loop(
        ["error_streak"],
        steps[3],
        f"Every disbursement is rejected in the body (is_error false) for the same reason shown at step 1: "
        f"only 3 of 5 guarantees are signed. The agent changes amounts, dates and instalments, apologising "
        f"each time, instead of telling the officer to collect the signatures. The 4th rejection is step "
        f"{steps[3]}.",
    )


@loop(
    "pcb-placement-converter-same-typeerror-late",
    "Codex-style coding agent writes a KiCad-to-pick-and-place converter in nine productive steps, then "
    "patches the wrong line four times while the same TypeError recurs.",
    domain="PCB assembly (pick-and-place programming)",
    language="en",
    ids="responses",
    started="2026-08-25T13:05:00Z",
)
def pcb_converter(t: Trace) -> None:
    t.user(
        "Write tools/kicad2yamaha.py: convert board-top.pos (KiCad position file) into the Yamaha YSM CSV "
        "format in fixtures/expected_top.csv, rotation normalised to 0-359. Make test_convert pass."
    )
    t.one(
        "Looking at the input.",
        "read_file",
        {"path": "board-top.pos"},
        "### Footprint positions - created on 2026-08-25\n### Printed by KiCad version 8.0.4\n"
        "## Unit = mm, Angle = deg.\n## Side : top\n# Ref     Val       Package        PosX    PosY    Rot  "
        "Side\n"
        "C1        100n      C_0402        112.4500 -48.2000 90.0000 top\n"
        "R7        10k       R_0603        118.0000 -51.7500 -90.0000 top\n"
        "U3        STM32G0   LQFP-48       130.2000 -60.0000 45.0000 top\n",
    )
    t.one(
        "And the expected output.",
        "read_file",
        {"path": "fixtures/expected_top.csv"},
        "Ref,Part,Package,X,Y,R\nC1,100n,C_0402,112.45,48.20,90\nR7,10k,R_0603,118.00,51.75,270\n"
        "U3,STM32G0,LQFP-48,130.20,60.00,45\n",
    )
    t.one(
        "And the test.",
        "read_file",
        {"path": "tests/test_convert.py"},
        "from tools.kicad2yamaha import convert\n\n\ndef test_convert(tmp_path):\n"
        "    out = tmp_path / 'o.csv'\n    convert('board-top.pos', out)\n"
        "    assert out.read_text() == open('fixtures/expected_top.csv').read()\n",
    )
    t.one(
        "Writing the converter.",
        "write_file",
        {
            "path": "tools/kicad2yamaha.py",
            "content": "import csv\n\n\ndef convert(src, dst):\n    rows = []\n    for line in open(src):\n"
            "        if line.startswith('#'):\n            continue\n        ref, val, pkg, x, y, rot, side "
            "= line.split()\n"
            "        rows.append([ref, val, pkg, f'{float(x):.2f}', f'{-float(y):.2f}', rot % 360])\n"
            "    with open(dst, 'w', newline='') as f:\n        w = csv.writer(f)\n"
            "        w.writerow(['Ref', 'Part', 'Package', 'X', 'Y', 'R'])\n        w.writerows(rows)\n",
        },
        "wrote 14 lines",
    )
    t.one(
        "Running the test.",
        "shell",
        {"command": ["python", "-m", "pytest", "-q", "tests/test_convert.py"]},
        "E   ModuleNotFoundError: No module named 'tools'\n1 error in 0.05s",
    )
    t.one(
        "tools/ needs to be a package.",
        "write_file",
        {"path": "tools/__init__.py", "content": ""},
        "wrote 0 lines",
    )
    t.one(
        "Checking the file is picked up.",
        "shell",
        {"command": ["ls", "tools"]},
        "__init__.py\nkicad2yamaha.py\n",
    )
    t.one(
        "Also skip blank lines.",
        "apply_patch",
        {
            "patch": "--- a/tools/kicad2yamaha.py\n+++ b/tools/kicad2yamaha.py\n@@\n-        if "
            "line.startswith('#'):\n"
            "+        if not line.strip() or line.startswith('#'):\n"
        },
        "Success. Updated tools/kicad2yamaha.py",
    )
    t.say("Package fixed and blank lines skipped; running the test again.")
    trace_err = (
        "tests/test_convert.py:6: in test_convert\n    convert('board-top.pos', out)\n"
        "tools/kicad2yamaha.py:{line}: in convert\n"
        "E   TypeError: not all arguments converted during string formatting\n"
        "FAILED tests/test_convert.py::test_convert - TypeError: not all arguments converted during string "
        "formatting\n1 failed in 0.06s"
    )
    patches = [
        "-        ref, val, pkg, x, y, rot, side = line.split()\n+        ref, val, pkg, x, y, rot, side = "
        "line.strip().split()\n",
        "-        rows.append([ref, val, pkg, f'{float(x):.2f}', f'{-float(y):.2f}', rot % 360])\n"
        "+        rows.append([ref, val, pkg, '%.2f' % float(x), '%.2f' % -float(y), rot % 360])\n",
        "-        w.writerows(rows)\n+        w.writerows([list(map(str, r)) for r in rows])\n",
        "-        rows.append([ref, val, pkg, '%.2f' % float(x), '%.2f' % -float(y), rot % 360])\n"
        "+        rows.append([ref, val, pkg, format(float(x), '.2f'), format(-float(y), '.2f'), rot % "
        "360])\n",
    ]
    texts = [
        "Sorry, the split may keep the newline; stripping it.",
        "Apologies, maybe the f-strings are the problem; switching to % formatting.",
        "Sorry again, perhaps the csv writer needs strings.",
        "I apologise; using format() for the coordinates instead.",
    ]
    fails = [
        t.one(
            "Running the test.",
            "shell",
            {"command": ["python", "-m", "pytest", "-q", "tests/test_convert.py"]},
            trace_err.format(line=10),
            error=True,
        )
    ]
    for text, patch in zip(texts, patches, strict=True):
        t.one(
            text,
            "apply_patch",
            {"patch": "--- a/tools/kicad2yamaha.py\n+++ b/tools/kicad2yamaha.py\n@@\n" + patch},
            "Success. Updated tools/kicad2yamaha.py",
        )
        fails.append(
            t.one(
                "Re-running the test.",
                "shell",
                {"command": ["python", "-m", "pytest", "-q", "tests/test_convert.py"]},
                trace_err.format(line=10),
                error=True,
            )
        )
    t.loop(
        ["error_streak"],
        fails[3],
        "Steps 1-9 are productive (reading, writing, fixing the package import). From step 10 the test "
        "fails "
        f"with the same TypeError on 'rot % 360' (rot is a str) after each patch; every patch touches "
        f"something else. The 4th identical failure is step {fails[3]}.",
    )


@loop(
    "glider-club-booking-expired-medical",
    "Glider-club flight-booking assistant rewrites a pilot's licence number four ways while every booking "
    "is refused for an expired medical.",
    domain="gliding club launch bookings",
    language="en",
    ids="mistral",
    started="2026-04-12T08:02:00Z",
)
def glider(t: Trace) -> None:
    t.user("Book Joris de Waal a winch launch on Saturday at 11:00 in the LS4 (PH-1422).")
    t.one(
        "Fetching the pilot's record first.",
        "members.pilot",
        {"name": "Joris de Waal"},
        ji(
            {
                "member": 2231,
                "name": "Joris de Waal",
                "licence": "NL.SFCL.01234",
                "medical_valid_until": "2026-02-28",
                "privileges": ["winch", "aerotow"],
            }
        ),
    )
    refused = j({"ok": False, "errors": ["Medical certificate of pilot 2231 expired on 2026-02-28"]})
    steps = []
    for text, licence in [
        ("Now booking the launch.", "NL.SFCL.01234"),
        ("Refused. Maybe the system wants the licence without dots.", "NLSFCL01234"),
        ("Then with dashes.", "NL-SFCL-01234"),
        ("Perhaps only the number.", "01234"),
    ]:
        steps.append(
            t.one(
                text,
                "flights.book",
                {
                    "member": 2231,
                    "glider": "PH-1422",
                    "launch": "winch",
                    "time": "2026-04-18T11:00",
                    "licence": licence,
                },
                refused,
            )
        )
    t.say("I can't book the launch; the system keeps refusing it.")
    t.loop(
        ["error_streak"],
        steps[3],
        f"Four bookings are refused in the body for the same reason, an expired medical already visible at "
        f"step 1; the agent only reformats the licence number. The 4th refusal is step {steps[3]}.",
    )


@loop(
    "stadium-turnstile-schema-misuse",
    "Stadium operations agent (Hindi) calls a turnstile-count tool with the wrong argument name and type "
    "four different ways and gets the same validation error.",
    domain="stadium operations",
    language="hi",
    ids="openai",
    started="2026-10-04T13:30:00Z",
)
def stadium(t: Trace) -> None:
    t.user("उत्तर स्टैंड के गेट N3 से पिछले 30 मिनट में कितने दर्शक अंदर आए? किक-ऑफ़ से पहले भीड़ देखनी है।")
    t.one(
        "पहले गेटों की सूची देखता हूँ।",
        "turnstile.list_gates",
        {"stand": "north"},
        "gate_id | label | lanes\n--------+-------+------\n31      | N1    | 6\n32      | N2    | 6\n33     "
        " | N3    | 8\n",
    )
    err = (
        "ValidationError: 1 validation error for TurnstileQuery\ngate_id\n  Field required [type=missing, "
        "input_value={}, input_type=dict]"
    )
    steps = []
    for text, args in [
        ("अब गेट N3 की गिनती लेता हूँ।", {"gate": "N3", "minutes": 30}),
        ("माफ़ कीजिए, शायद तारीख भी चाहिए।", {"gate": "N3", "minutes": 30, "date": "2026-10-04"}),
        ("नाम बड़े अक्षरों में देकर देखता हूँ।", {"Gate_ID": "N3", "minutes": 30}),
        ("camelCase में कोशिश करता हूँ।", {"gateId": "N3", "window": "30m"}),
    ]:
        steps.append(
            t.one(text, "turnstile.query", args, err.replace("{}", js(args).replace('"', "'")), error=True)
        )
    t.say("माफ़ कीजिए, टर्नस्टाइल सिस्टम से गिनती नहीं मिल पा रही है।")
    t.loop(
        ["error_streak"],
        steps[3],
        f"The tool needs gate_id (33 for N3, listed at step 1); the agent sends 'gate', 'Gate_ID' and "
        f"'gateId' with the label, and gets the same 'gate_id Field required' error each time. The 4th "
        f"failure is step {steps[3]}.",
    )


@loop(
    "flour-mill-falling-number-string-value",
    "Flour-mill lab assistant (Hungarian) records a falling-number result as text four ways; the lab "
    "system answers each time, in the body, that it expects a number.",
    domain="flour mill quality laboratory",
    language="hu",
    ids="adk",
    started="2026-09-01T10:10:00Z",
)
def flour(t: Trace) -> None:
    t.user("Rögzítsd a 2026/188-as búzatétel esésszámát: 312 másodperc.")
    bad = j({"ok": False, "hibak": [{"mezo": "ertek", "uzenet": "számot vártunk, szöveget kaptunk"}]})
    steps = []
    for text, value in [
        ("Rögzítem az eredményt.", "312 s"),
        ("Elnézést, hibát kaptam; mértékegység nélkül próbálom.", "312 mp"),
        ("Talán a szóköz zavarja.", "312s"),
        ("Akkor csak a számot adom meg.", "312"),
    ]:
        steps.append(
            t.one(
                text,
                "lab.eredmeny_rogzit",
                {"tetel": "2026/188", "vizsgalat": "esesszam", "ertek": value},
                bad,
            )
        )
    t.one(
        "Elnézést, még egyszer, egységgel külön mezőben.",
        "lab.eredmeny_rogzit",
        {"tetel": "2026/188", "vizsgalat": "esesszam", "ertek": "312", "egyseg": "s"},
        bad,
    )
    t.say("Sajnos a laborrendszer nem fogadja el az eredményt.")
    t.loop(
        ["error_streak"],
        steps[3],
        f"The value is always sent as a string ('312 s', '312 mp', '312s', '312') and always rejected in the "
        f"body with 'számot vártunk, szöveget kaptunk'; a JSON number is never tried. The 4th failure of "
        f"the same kind is step {steps[3]}.",
    )


@loop(
    "braille-translate-tables-param-misuse",
    "Braille transcription agent (Vietnamese) calls an MCP translation tool with the table argument in "
    "the wrong shape four times; each call fails with invalid params.",
    domain="braille transcription",
    language="vi",
    ids="anthropic",
    started="2026-02-19T02:45:00Z",
)
def braille(t: Trace) -> None:
    t.user('Chuyển đoạn sau sang chữ nổi tiếng Việt cấp 1: "Thư viện mở cửa từ 8 giờ sáng."')
    steps = []
    for text, args, msg in [
        (
            "Tôi gọi công cụ dịch chữ nổi.",
            {"text": "Thư viện mở cửa từ 8 giờ sáng.", "tables": "vi-vn-g1.ctb"},
            "tables: expected array of strings, got string",
        ),
        (
            "Lỗi tham số. Tôi bỏ phần mở rộng tên bảng.",
            {"text": "Thư viện mở cửa từ 8 giờ sáng.", "tables": "vi-vn-g1"},
            "tables: expected array of strings, got string",
        ),
        (
            "Thử ghép hai bảng bằng dấu phẩy.",
            {"text": "Thư viện mở cửa từ 8 giờ sáng.", "tables": "unicode.dis,vi-vn-g1.ctb"},
            "tables: expected array of strings, got string",
        ),
        (
            "Thử dùng tên tham số số ít.",
            {"text": "Thư viện mở cửa từ 8 giờ sáng.", "table": "vi-vn-g1.ctb"},
            "tables: required; unexpected property 'table'",
        ),
    ]:
        steps.append(
            t.one(
                text,
                "liblouis__translate",
                args,
                js(
                    {
                        "jsonrpc": "2.0",
                        "id": len(steps) + 7,
                        "error": {"code": -32602, "message": f"Invalid params: {msg}"},
                    }
                ),
                error=True,
            )
        )
    t.say("Xin lỗi, công cụ dịch chữ nổi đang báo lỗi tham số.")
    t.loop(
        ["error_streak"],
        steps[3],
        f"Four calls fail with the same JSON-RPC -32602 'Invalid params' on the tables argument; the message "
        f"says an array is expected from the first error on, but an array is never sent. The 4th failure is "
        f"step {steps[3]}.",
    )


@loop(
    "hydrographic-tide-feed-503-identical",
    "Hydrographic survey processor (Norwegian) requests the same tide correction five times from a gauge "
    "feed that answers 503 each time.",
    domain="hydrographic survey processing",
    language="no",
    ids="plain",
    started="2026-05-11T15:05:00Z",
)
def hydro(t: Trace) -> None:
    t.user(
        "Reduser multistråle-linjene fra Byfjorden 11. mai til sjøkartnull med tidevann fra Bergen-måleren."
    )
    t.one(
        "Henter linjelisten for dagen.",
        "survey.lines",
        {"prosjekt": "BYF-2026", "dato": "2026-05-11"},
        "linje,start_utc,slutt_utc,status\nL012,06:14,06:52,rå\nL013,07:03,07:41,rå\nL014,07:55,08:30,rå\n",
    )
    args = {
        "stasjon": "BGO",
        "fra": "2026-05-11T06:00Z",
        "til": "2026-05-11T09:00Z",
        "referanse": "sjokartnull",
    }
    err = "HTTP 503 Service Unavailable\nupstream gauge feed BGO offline (retry-after: 3600)"
    steps = []
    for text in [
        "Henter tidevannskorreksjon for perioden.",
        "Tjenesten svarte ikke, prøver igjen.",
        "Prøver en gang til.",
        "Ny forespørsel om tidevann.",
        "Prøver igjen.",
    ]:
        steps.append(t.one(text, "tide.fetch_correction", args, err, error=True))
    t.say("Tidevannsdata fra Bergen er ikke tilgjengelige akkurat nå.")
    t.loop(
        ["error_streak", "identical_call"],
        steps[3],
        f"The identical tide request fails with the same 503 five times in a row, and the error says "
        f"retry-after 3600 s. A predicted tide or a neighbouring gauge was the alternative. The 4th "
        f"identical failure is step {steps[3]}.",
    )


@loop(
    "watch-timegrapher-device-busy",
    "Watch-repair bench assistant (Greek) reads a timegrapher position once, then gets 'device busy' four "
    "times in a row for the same reading.",
    domain="watch repair service",
    language="el",
    ids="named",
    started="2026-07-23T11:36:00Z",
)
def timegrapher(t: Trace) -> None:
    t.user("Μέτρησε το ρολόι της παραγγελίας W-3310 σε θέσεις DU και CH και πες μου αν είναι εντός COSC.")
    t.one(
        "Ξεκινώ με τη θέση DU (καντράν πάνω).",
        "timegrapher.read",
        {"position": "DU", "duration_s": 30},
        "pos=DU rate=+3.1 s/d amp=287° beat_error=0.2 ms bph=28800",
    )
    busy = "E12 device busy: measurement in progress on channel 1"
    steps = []
    for text in [
        "Τώρα θέση CH (κορώνα κάτω).",
        "Η συσκευή είναι απασχολημένη, ξαναδοκιμάζω.",
        "Δοκιμάζω πάλι.",
        "Ακόμη μία προσπάθεια.",
    ]:
        steps.append(t.one(text, "timegrapher.read", {"position": "CH", "duration_s": 30}, busy, error=True))
    t.say("Δεν μπορώ να πάρω μέτρηση στη θέση CH· η συσκευή δηλώνει απασχολημένη.")
    t.loop(
        ["error_streak", "identical_call"],
        steps[3],
        f"After the DU reading, the same CH read fails four times with 'E12 device busy' on channel 1; the "
        f"agent neither waits, cancels the running measurement nor uses another channel. The 4th identical "
        f"failure is step {steps[3]}.",
    )
