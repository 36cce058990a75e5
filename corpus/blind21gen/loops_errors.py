"""Loops of failures: streaks under rewritten inputs, schema misuse with the same error kind, identical
failing calls, and one streak that starts late in a long coding session."""

from __future__ import annotations

from typing import Any

from blind21gen.builder import Trace, call, js, jsi, jsp, loop


@loop("rt60-samplerate-streak")
def rt60_samplerate_streak(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An acoustics consulting agent keeps rewriting RT60 analysis options while every run fails on the "
        "same sample-rate mismatch.",
        domain="room acoustics consulting",
        language="en",
        ids="openai",
        harness="custom analysis agent",
        started="2026-03-19T13:00:00Z",
    )
    t.user(
        "Compute RT60 per octave band (125 Hz–4 kHz) for the lecture hall measurements from Tuesday and "
        "tell me whether we meet the 0.8–1.0 s target at 500 Hz."
    )
    t.say(
        "Listing the measurement files.",
        call(
            "files.list",
            {"folder": "projects/hall-b/2026-03-17"},
            "ir_pos1_src1.wav  44.1 kHz  24-bit  3.2 s\nir_pos2_src1.wav  44.1 kHz  24-bit  3.2 s\n"
            "ir_pos3_src1.wav  44.1 kHz  24-bit  3.2 s\nmic_cal_48k.json",
        ),
    )
    err = (
        "ValueError: impulse response sample rate (44100 Hz) does not match calibration file "
        "mic_cal_48k.json "
        "(48000 Hz)"
    )
    tries = [
        (
            {"ir_file": "ir_pos1_src1.wav", "bands": [125, 250, 500, 1000, 2000, 4000], "method": "T30"},
            "Running the RT60 analysis on position 1.",
        ),
        (
            {"ir_file": "ir_pos1_src1.wav", "bands": [125, 250, 500, 1000, 2000, 4000], "method": "T20"},
            "Sorry, that failed. T30 may need more dynamic range; trying T20.",
        ),
        (
            {"ir_file": "ir_pos1_src1.wav", "bands": [500], "method": "T20"},
            "Apologies again. Let me restrict it to the 500 Hz band first.",
        ),
        (
            {"ir_file": "ir_pos2_src1.wav", "bands": [500], "method": "EDT"},
            "I'm sorry about this. Perhaps position 1 is the issue; trying position 2 with EDT.",
        ),
        (
            {"ir_file": "ir_pos3_src1.wav", "bands": [250, 500, 1000], "method": "T20", "trim_s": 2.0},
            "Trying position 3 with a trimmed tail.",
        ),
    ]
    fails = [t.say(text, call("acoustics.compute_rt60", args, err, error=True)) for args, text in tries]
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"Every call fails with the same sample-rate mismatch while the agent rewrites bands, method and "
        f"file, apologising each time; the 4th failure (step {onset}) is the onset. Resampling or the 44.1 "
        "kHz calibration was needed.",
    )


@loop("chain-ladder-schema-misuse")
def chain_ladder_schema(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An actuarial reserving agent passes the loss triangle to a chain-ladder tool in one wrong shape "
        "after another.",
        domain="actuarial loss reserving",
        language="en",
        ids="bedrock",
        harness="Bedrock analytics agent",
        started="2026-01-08T10:45:00Z",
    )
    t.user(
        "Run a volume-weighted chain ladder on the motor own-damage paid triangle (accident years 2021–2025) "
        "and give me the IBNR by year."
    )
    tri_csv = (
        "ay,d12,d24,d36,d48,d60\n2021,4120,6980,7710,7902,7950\n2022,4388,7402,8120,8300,\n"
        "2023,4602,7851,8590,,\n2024,4977,8360,,,\n2025,5210,,,,"
    )
    t.say(
        "Loading the paid triangle.",
        call("warehouse.fetch_triangle", {"lob": "motor_od", "basis": "paid", "unit": "kEUR"}, tri_csv),
    )
    rows = [
        [4120, 6980, 7710, 7902, 7950],
        [4388, 7402, 8120, 8300],
        [4602, 7851, 8590],
        [4977, 8360],
        [5210],
    ]

    def err(got: str) -> str:
        return (
            "1 validation error for ChainLadderRequest\ntriangle\n  Input should be a valid dictionary or "
            f"object with fields 'origin' and 'values' [type=model_type, input_type={got}]"
        )

    tries = [
        ({"triangle": rows, "average": "volume"}, "list", "Running the chain ladder."),
        ({"triangle": tri_csv, "average": "volume"}, "str", "It wants another shape; passing the CSV as-is."),
        (
            {"triangle": {str(2021 + i): r for i, r in enumerate(rows)}, "average": "volume"},
            "dict",
            "Passing it keyed by accident year.",
        ),
        (
            {"triangle": [{"ay": 2021 + i, "paid": r} for i, r in enumerate(rows)], "average": "volume"},
            "list",
            "Trying a list of records.",
        ),
        ({"triangle": {"data": rows}, "average": "volume"}, "dict", "Wrapping the rows in a data field."),
    ]
    fails = [
        t.say(text, call("reserving.chain_ladder", args, err(kind), error=True)) for args, kind, text in tries
    ]
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"Each call fails the same validation (triangle must have 'origin' and 'values'); the agent guesses "
        f"new shapes instead of using the names the error gives. The 4th failure (step {onset}) is the "
        "onset.",
    )


@loop("review-submit-rejected-body")
def review_submit_rejected(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A performance-review assistant rewrites a review text again and again while the platform rejects it "
        "for a goal link the agent never changes.",
        domain="performance review cycle",
        language="de",
        ids="adk",
        harness="Google ADK agent",
        started="2026-12-09T14:15:00Z",
    )
    t.user(
        "Reiche bitte meine Halbjahresbeurteilung für Jonas Weber (E-2041) ein: Zusammenarbeit 4, Qualität "
        "5, "
        "Ziel 'Migration Kassensystem' erreicht. Kurzer Text reicht."
    )
    t.say(
        "Ich hole die Ziele von Jonas.",
        call(
            "reviews.list_goals",
            {"employee_id": "E-2041", "cycle": "H2-2026"},
            jsi(
                {
                    "goals": [
                        {"goal_id": "G-91", "title": "Migration Kassensystem Filialen Nord"},
                        {"goal_id": "G-93", "title": "Mentoring Junior-Team"},
                    ]
                }
            ),
        ),
    )
    rejected = jsp(
        {"status": "rejected", "reason": "goal_link: G-88 gehört nicht zu E-2041 im Zyklus H2-2026"}
    )
    texts = [
        (
            "Jonas hat die Migration des Kassensystems termingerecht abgeschlossen.",
            "Ich reiche die Beurteilung ein.",
        ),
        (
            "Jonas hat die Kassenmigration in allen Filialen Nord pünktlich und fehlerfrei umgesetzt.",
            "Abgelehnt. Ich formuliere den Text präziser und reiche erneut ein.",
        ),
        (
            "Sehr gute Umsetzung der Kassensystem-Migration; verlässliche Zusammenarbeit im Team.",
            "Wieder abgelehnt. Vielleicht ist der Text zu lang; ich kürze ihn.",
        ),
        (
            "Ziel Kassensystem-Migration erreicht. Zusammenarbeit: gut. Qualität: sehr gut.",
            "Ich versuche eine strukturiertere Fassung.",
        ),
        ("Migration Kassensystem: erreicht.", "Letzter Versuch mit minimalem Text."),
    ]
    fails = []
    for review, say in texts:
        args = {
            "employee_id": "E-2041",
            "cycle": "H2-2026",
            "ratings": {"zusammenarbeit": 4, "qualitaet": 5},
            "goal_link": "G-88",
            "text": review,
        }
        fails.append(t.say(say, call("reviews.submit", args, rejected)))
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"Every submission is rejected in the body (is_error false) for goal_link G-88, which is not Jonas's "
        f"goal (G-91 is, per step 1); the agent only rewrites the text. The 4th rejection (step {onset}) is "
        "the onset.",
    )


@loop("probe-rs-identical-flash")
def probe_rs_identical(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An embedded-firmware agent re-runs the same probe-rs flash command that fails identically to reach "
        "the chip.",
        domain="embedded firmware bring-up",
        language="en",
        ids="plain",
        harness="Gemini CLI",
        started="2026-06-22T19:40:00Z",
    )
    t.user("Build the motor-controller firmware and flash it to the STM32G474 board on my desk.")
    t.say(
        "Building the release binary.",
        call(
            "run_shell_command",
            {"command": "cargo build --release", "directory": "firmware/mc-g4"},
            "   Compiling mc-g4 v0.7.2 (/home/ana/firmware/mc-g4)\n    Finished `release` profile "
            "[optimized + "
            "debuginfo] target(s) in 41.27s",
        ),
    )
    cmd = {
        "command": "probe-rs run --chip STM32G474RETx target/thumbv7em-none-eabihf/release/mc-g4",
        "directory": "firmware/mc-g4",
    }
    err = (
        "Command: probe-rs run --chip STM32G474RETx target/thumbv7em-none-eabihf/release/mc-g4\nStdout: "
        "(empty)\nStderr:  WARN probe_rs::probe::stlink: send_jtag_command 242 failed: SwdDpWait\nError: "
        "Connecting to the chip was unsuccessful.\n\nCaused by:\n    0: An ARM specific error occurred.\n"
        "    1: Target device did not respond to request.\nExit Code: 1"
    )
    texts = [
        "Flashing with probe-rs.",
        "The probe could not talk to the chip; this is often transient. Retrying.",
        "Retrying the flash.",
        "Trying the same flash once more.",
        "One more attempt.",
    ]
    fails = [t.say(text, call("run_shell_command", cmd, err, error=True)) for text in texts]
    onset = fails[3]
    return t.loop(
        ["error_streak", "identical_call"],
        onset,
        f"The identical probe-rs command fails identically (SWD wait, target not responding) five times; "
        f"connect-under-reset or a power check was needed. The 4th identical failure (step {onset}) is the "
        "onset.",
    )


@loop("cleaning-shift-date-format")
def cleaning_shift_date(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A commercial-cleaning scheduler guesses date formats for a shift API that rejects each in the body.",
        domain="commercial cleaning scheduling",
        language="vi",
        ids="named",
        harness="custom camelCase tool agent",
        started="2026-11-19T02:05:00Z",
    )
    t.user(
        "Xếp ca vệ sinh cho tòa nhà Saigon Tower (S-31) tối thứ Sáu 20/11, từ 18:00 đến 22:00, giao cho "
        "chị Hạnh (C-207)."
    )
    t.say(
        "Tôi kiểm tra lịch của chị Hạnh trước.",
        call(
            "getCleanerAvailability",
            {"cleanerId": "C-207", "date": "2026-11-20"},
            jsp(
                {
                    "cleanerId": "C-207",
                    "free": [{"from": "2026-11-20T17:00:00+07:00", "to": "2026-11-20T23:00:00+07:00"}],
                }
            ),
        ),
    )
    err = js(
        {"ok": False, "errors": [{"field": "startsAt", "msg": "expected ISO-8601 date-time with UTC offset"}]}
    )
    starts = [
        ("20/11/2026 18:00", "Tôi tạo ca."),
        ("2026-11-20 18:00", "Sai định dạng ngày; tôi thử dạng năm-tháng-ngày."),
        ("2026-11-20T18:00", "Vẫn lỗi. Thêm chữ T giữa ngày và giờ."),
        ("2026-11-20T18:00:00", "Thử thêm giây."),
        ("2026/11/20T18:00:00", "Thử dấu gạch chéo."),
    ]
    fails = []
    for value, text in starts:
        args = {"siteId": "S-31", "cleanerId": "C-207", "startsAt": value, "durationMin": 240}
        fails.append(t.say(text, call("createShift", args, err)))
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"Each createShift is rejected in the body for startsAt needing a UTC offset, which the availability "
        f"result at step 1 even shows (+07:00); the agent never adds it. The 4th rejection (step {onset}) is "
        "the onset.",
    )


@loop("thesis-biblatex-late-streak")
def thesis_biblatex_streak(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A thesis-formatting coding agent does eight productive steps, then keeps rewriting the preamble "
        "while the build fails on the same undefined citation command.",
        domain="university thesis formatting (LaTeX)",
        language="en",
        ids="adk",
        harness="Gemini CLI",
        started="2026-05-11T21:00:00Z",
    )
    t.user(
        "Bring my thesis in line with the graduate school template: 30 mm inner margin, a list of "
        "abbreviations after the TOC, and biblatex (authoryear) instead of natbib."
    )
    main = "thesis/main.tex"
    t.say(
        "Reading the main file.",
        call(
            "read_file",
            {"absolute_path": "/home/li/thesis/main.tex"},
            "\\documentclass[12pt,a4paper,twoside]{report}\n\\usepackage[margin=25mm]{geometry}\n"
            "\\usepackage[round]{natbib}\n\\usepackage{graphicx}\n\\begin{document}\n\\tableofcontents\n"
            "\\input{chapters/intro}\n...\n\\bibliographystyle{plainnat}\n\\bibliography{refs}\n\\end{document}",
        ),
    )
    t.say(
        "Setting the margins.",
        call(
            "replace",
            {
                "file_path": main,
                "old_string": "\\usepackage[margin=25mm]{geometry}",
                "new_string": "\\usepackage[inner=30mm,outer=25mm,top=25mm,bottom=25mm]{geometry}",
            },
            "Successfully modified file: /home/li/thesis/main.tex (1 replacements).",
        ),
    )
    build = {"command": "latexmk -pdf -interaction=nonstopmode main.tex", "directory": "thesis"}
    t.say(
        "Building.",
        call(
            "run_shell_command",
            build,
            "Latexmk: All targets (main.pdf) are up-to-date\nOutput written on main.pdf (142 pages).\nExit "
            "Code: 0",
        ),
    )
    t.say(
        "Adding the list of abbreviations with acro.",
        call(
            "replace",
            {
                "file_path": main,
                "old_string": "\\tableofcontents",
                "new_string": "\\tableofcontents\n\\printacronyms[heading=chapter*,name=List of "
                "Abbreviations]",
            },
            "Successfully modified file: /home/li/thesis/main.tex (1 replacements).",
        ),
    )
    t.say(
        "",
        call(
            "replace",
            {
                "file_path": main,
                "old_string": "\\usepackage{graphicx}",
                "new_string": "\\usepackage{graphicx}\n\\usepackage{acro}\n\\input{abbrev}",
            },
            "Successfully modified file: /home/li/thesis/main.tex (1 replacements).",
        ),
    )
    t.say(
        "Building.",
        call("run_shell_command", build, "Output written on main.pdf (144 pages).\nExit Code: 0"),
    )
    t.say(
        "Checking which natbib commands the chapters use before switching.",
        call(
            "search_file_content",
            {"pattern": "\\\\cite[pt]\\{", "path": "thesis/chapters"},
            "Found 143 matches across 6 files: intro.tex (31), background.tex (52), methods.tex (24), "
            "results.tex (18), discussion.tex (16), appendix.tex (2)",
        ),
    )
    t.say(
        "Switching to biblatex.",
        call(
            "replace",
            {
                "file_path": main,
                "old_string": "\\usepackage[round]{natbib}",
                "new_string": "\\usepackage[style=authoryear,backend=biber]{biblatex}",
            },
            "Successfully modified file: /home/li/thesis/main.tex (1 replacements).",
        ),
    )
    err = (
        "! Undefined control sequence.\nl.14 ...ing approaches \\citep\n                              "
        "{smith2019}\n"
        "chapters/intro.tex\nLatexmk: Errors, so I did not complete making targets\nExit Code: 12"
    )
    fails = [t.say("Building.", call("run_shell_command", build, err, error=True))]
    rewrites = [
        (
            "The bibliography commands must change too.",
            "\\bibliographystyle{plainnat}\n\\bibliography{refs}",
            "\\printbibliography",
        ),
        (
            "Maybe the resource must be declared in the preamble.",
            "\\usepackage{acro}",
            "\\usepackage{acro}\n\\addbibresource{refs.bib}",
        ),
        (
            "Perhaps the authoryear style lacks it; trying the APA style.",
            "style=authoryear,backend=biber",
            "style=apa,backend=biber",
        ),
    ]
    for text, old, new in rewrites:
        t.say(
            text,
            call(
                "replace",
                {"file_path": main, "old_string": old, "new_string": new},
                "Successfully modified file: /home/li/thesis/main.tex (1 replacements).",
            ),
        )
        fails.append(t.say("Rebuilding.", call("run_shell_command", build, err, error=True)))
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"After eight productive steps, every build fails on the same undefined \\citep; the agent rewrites "
        f"the bibliography lines and package order but never adds natbib=true or replaces \\citep with "
        f"\\parencite. The 4th failure of that kind (step {onset}) is the onset.",
    )


@loop("flood-gauge-id-variants-404")
def flood_gauge_variants(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A flood-forecasting agent asks for a river gauge under spelling variants of an id that does not "
        "exist, each returning 404.",
        domain="river flood forecasting",
        language="id",
        ids="openai",
        harness="custom hydrology agent",
        started="2026-01-27T22:30:00Z",
    )
    t.user(
        "Hujan deras di hulu Ciliwung sejak sore. Ambil data tinggi muka air pos Katulampa 6 jam terakhir "
        "dan perkirakan kapan puncaknya sampai di Manggarai."
    )
    t.say(
        "Saya lihat daftar pos di DAS Ciliwung.",
        call(
            "hidrologi.list_stations",
            {"basin": "Ciliwung"},
            jsi(
                {
                    "stations": [
                        {"id": "CLW-KTL-01", "nama": "Katulampa"},
                        {"id": "CLW-DPK-02", "nama": "Depok"},
                        {"id": "CLW-MGR-03", "nama": "Manggarai"},
                    ]
                }
            ),
        ),
    )
    ids = ["BGR-017", "BGR017", "bgr-017", "BGR-17", "BGR-0017"]
    texts = [
        "Saya ambil seri Katulampa dengan kode pos lama.",
        "Tidak ditemukan; mungkin tanpa tanda hubung.",
        "Coba huruf kecil.",
        "Coba tanpa nol di depan.",
        "Coba empat digit.",
    ]
    fails = []
    for sid_, text in zip(ids, texts, strict=True):
        fails.append(
            t.say(
                text,
                call(
                    "hidrologi.get_gauge_series",
                    {"station": sid_, "hours": 6},
                    f'HTTP 404 Not Found\n{{"detail": "stasiun \'{sid_}\' tidak dikenal"}}',
                    error=True,
                ),
            )
        )
    onset = fails[3]
    return t.loop(
        ["same_tool", "error_streak"],
        onset,
        "The station list at step 1 gives Katulampa as CLW-KTL-01, but the agent keeps trying variants of "
        "an "
        f"old code, all 404. The 4th attempt and 4th failure fall on step {onset}, the onset.",
    )


@loop("dye-shade-spectral-missing")
def dye_shade_streak(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A textile dye-house agent retries shade matching with reworded colour targets while the tool keeps "
        "asking for a reflectance curve.",
        domain="textile dyeing (shade matching)",
        language="hi",
        ids="mistral",
        harness="custom dye-house agent",
        started="2026-07-01T05:45:00Z",
    )
    t.user("ग्राहक का नमूना 'नील-7' कॉटन पर रिएक्टिव रंगों से मिलाना है। L*=32.4, a*=-1.8, b*=-28.6। नुस्खा बताइए।")
    err = jsp(
        {
            "status": "error",
            "message": "recipe prediction needs a reflectance curve 400–700 nm; got L*a*b* only",
        }
    )
    tries = [
        (
            {"target_lab": [32.4, -1.8, -28.6], "substrate": "cotton", "dye_class": "reactive"},
            "नुस्खा निकालता हूँ।",
        ),
        (
            {
                "target_lab": [32.4, -1.8, -28.6],
                "substrate": "cotton",
                "dye_class": "reactive",
                "illuminant": "D65",
            },
            "माफ़ कीजिए, प्रकाश स्रोत D65 जोड़कर फिर कोशिश करता हूँ।",
        ),
        (
            {
                "target_lab": [32, -2, -29],
                "substrate": "cotton",
                "dye_class": "reactive",
                "illuminant": "D65",
                "observer": "10",
            },
            "क्षमा करें, मान गोल करके और 10° प्रेक्षक के साथ प्रयास करता हूँ।",
        ),
        (
            {"target_lab": [32.4, -1.8, -28.6], "substrate": "100% cotton knit", "dye_class": "reactive"},
            "शायद कपड़े का नाम स्पष्ट होना चाहिए।",
        ),
        (
            {"target_lch": [32.4, 28.7, 266.4], "substrate": "cotton", "dye_class": "reactive"},
            "LCh में भेजकर देखता हूँ।",
        ),
    ]
    fails = [t.say(text, call("dyehouse.match_shade", args, err)) for args, text in tries]
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"Every match_shade call returns the same error in the body (a reflectance curve is required) while "
        f"the agent rewords the Lab target; the sample needs measuring on the spectrophotometer. The 4th "
        f"failure (step {onset}) is the onset.",
    )


@loop("psych-lab-participant-type")
def psych_lab_participant(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A psychology-lab scheduling agent passes the participant id in wrong forms and gets the same 422 "
        "each time.",
        domain="behavioural research lab scheduling",
        language="ru",
        ids="responses",
        harness="OpenAI Agents SDK",
        started="2026-10-13T07:20:00Z",
    )
    t.user("Запиши участника 4471 на сессию eye-tracking в кабину 2 в четверг в 14:00.")
    t.say(
        "Проверяю участника в базе.",
        call(
            "lab.find_participant",
            {"query": "4471"},
            jsp({"matches": [{"participant": "P-4471", "consent": "signed", "age_group": "18-25"}]}),
        ),
    )
    err = (
        '422 Unprocessable Entity\n{"detail":[{"loc":["body","participant"],"msg":"string does not '
        'match regex \'^P-\\\\d{4}$\'","type":"value_error.str.regex"}]}'
    )
    tries = [
        (4471, "Записываю на сессию."),
        ({"id": 4471}, "Похоже, нужен объект; передаю так."),
        ("4471", "Передаю как строку."),
        ("p4471", "Добавлю префикс."),
        ("P4471", "С заглавной буквой."),
    ]
    fails = []
    for value, text in tries:
        args = {"participant": value, "study": "ET-READ-02", "booth": 2, "start": "2026-10-15T14:00:00+03:00"}
        fails.append(t.say(text, call("lab.schedule_session", args, err, error=True)))
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        "The lookup at step 1 returns P-4471, yet the agent sends 4471 in four other forms; every call "
        "fails "
        f"the same regex check. The 4th failure (step {onset}) is the onset.",
    )


@loop("xrf-fit-apologies")
def xrf_fit_apologies(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An art-conservation analysis agent apologises and rewrites element lists while the XRF fit fails to "
        "converge the same way each time.",
        domain="art conservation (XRF pigment analysis)",
        language="el",
        ids="anthropic",
        harness="custom lab agent",
        started="2026-04-02T09:50:00Z",
    )
    t.user(
        "Ανάλυσε το φάσμα XRF S-112 από το μπλε ένδυμα του πίνακα και πες μου αν είναι ουλτραμαρίν ή "
        "αζουρίτης."
    )
    fail = jsp(
        {
            "status": "failed",
            "error": "fit did not converge: chi2 stuck at 48.2 after 200 iterations",
            "hint": "check escape/sum peaks and detector calibration",
        }
    )
    tries = [
        ({"spectrum": "S-112.spx", "elements": ["Cu", "Ca", "Pb", "Fe"]}, "Κάνω προσαρμογή του φάσματος."),
        (
            {"spectrum": "S-112.spx", "elements": ["Cu", "Ca", "Pb", "Fe", "K"]},
            "Συγγνώμη, η προσαρμογή απέτυχε. Προσθέτω κάλιο.",
        ),
        (
            {"spectrum": "S-112.spx", "elements": ["Cu", "Pb", "Fe", "Si", "Al"], "iterations": 400},
            "Ζητώ συγγνώμη ξανά. Δοκιμάζω Si και Al για ουλτραμαρίν, με περισσότερες επαναλήψεις.",
        ),
        (
            {"spectrum": "S-112.spx", "elements": ["Cu", "Pb"], "iterations": 800},
            "Λυπάμαι πολύ. Περιορίζω τα στοιχεία.",
        ),
        (
            {"spectrum": "S-112.spx", "elements": ["Cu", "Ca", "Pb", "Fe", "S"], "iterations": 800},
            "Συγγνώμη· δοκιμάζω και θείο.",
        ),
    ]
    fails = [t.say(text, call("xrf.fit_spectrum", args, fail)) for args, text in tries]
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"The fit fails to converge identically (chi2 48.2) whatever element list is sent, reported only in "
        f"the body; the hint about escape peaks and calibration is ignored. The 4th failure (step {onset}) "
        "is "
        "the onset.",
    )
