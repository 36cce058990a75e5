"""Loops of failures: streaks under rewritten inputs (two reported only in the body, one late in a long
coding session), schema misuse (one reported only in the body) and identical failing calls."""

from __future__ import annotations

from blind19gen.builder import Trace, csv, js, jsi, loop

# --------------------------------------------------------------------------------------------------
# failure streaks under rewritten inputs


@loop(
    "icu-roster-publish-rest-rule-rewrites",
    domain="hospital nurse rostering",
    lang="en",
    ids="openai",
    start="2026-03-27T11:48:20Z",
)
def roster_rewrites(t: Trace) -> None:
    t.user(
        "Publish the ICU-3 roster for week 14. Cover the two open night shifts (Tue, Wed) internally if "
        "anyone "
        "can take them, otherwise with agency staff."
    )
    t.do(
        "Loading the draft.",
        "roster.get_draft",
        {"unit": "ICU-3", "week": "2026-W14"},
        jsi(
            {
                "unit": "ICU-3",
                "week": "2026-W14",
                "open_shifts": ["Tue-N 19:30-07:30", "Wed-N 19:30-07:30"],
                "assigned": 61,
                "status": "draft",
            }
        ),
    )
    t.do(
        "Who is available for those nights?",
        "roster.find_available",
        {"unit": "ICU-3", "shifts": ["Tue-N", "Wed-N"]},
        jsi(
            {
                "internal": [
                    {
                        "name": "N. Okafor",
                        "grade": "RN Band 6",
                        "assigned": ["Tue-E 07:00-15:30", "Wed-E 07:00-15:30"],
                    },
                ],
                "agency": [{"name": "L. Reyes", "agency": "CarePoint", "available": ["Tue-N", "Wed-N"]}],
            }
        ),
    )

    def reject(day: str, end: str) -> str:
        return (
            f"RuleViolation R-11 (minimum rest 11 h between shifts): N. Okafor {day}-E ends {end}, "
            f"{day}-N starts 19:30 (4.0 h rest). Roster not published."
        )

    attempts = [
        (
            "Okafor is internal, so I'll give her Tuesday night and Reyes Wednesday.",
            {"Tue-N": "N. Okafor", "Wed-N": "L. Reyes"},
            None,
            reject("Tue", "15:30"),
        ),
        (
            "Adding an overtime approval note for Okafor.",
            {"Tue-N": "N. Okafor", "Wed-N": "L. Reyes"},
            "overtime approved by ward manager",
            reject("Tue", "15:30"),
        ),
        (
            "Swapping: Okafor on Wednesday night, Reyes on Tuesday.",
            {"Tue-N": "L. Reyes", "Wed-N": "N. Okafor"},
            None,
            reject("Wed", "15:30"),
        ),
        (
            "Marking Okafor's Wednesday as a long day instead.",
            {"Tue-N": "L. Reyes", "Wed-N": "N. Okafor"},
            "Wed-E as long day",
            reject("Wed", "15:30"),
        ),
    ]
    steps = []
    for text, assignment, note, error in attempts:
        args = {"unit": "ICU-3", "week": "2026-W14", "assign": assignment}
        if note:
            args["note"] = note
        steps.append(t.do(text, "roster.publish", args, error, error=True))
    t.say(
        "The roster could not be published: every option that uses N. Okafor on a night breaks the 11-hour "
        "rest rule."
    )
    onset = steps[3]
    t.describe(
        "Rostering agent rewrites the assignment four times, always keeping a nurse on a night after her day "
        "shift; every publish is rejected by the same rest rule."
    )
    t.loop(
        ["error_streak"],
        onset,
        f"roster.publish fails at steps {', '.join(map(str, steps))} with the same kind of error (R-11 "
        "minimum rest) although the payload is rewritten each time (notes, swapped days). The obvious fix, "
        "agency staff on both nights, is never tried. The 4th failure of the same kind, at step "
        f"{onset}, is the onset.",
    )


@loop(
    "cold-chain-logger-csv-rejected-in-body",
    domain="pharmaceutical cold-chain shipping (temperature loggers)",
    lang="en",
    ids="bedrock",
    start="2026-04-03T07:26:31Z",
)
def cold_chain_body_failures(t: Trace) -> None:
    t.user(
        "Shipment CC-40917 (insulin, 2-8 °C) arrived in Nairobi. Upload the logger data from the TT4 file to "
        "the QA portal so the batch can be released."
    )
    raw = csv(
        ["Date", "Time", "Temp(C)"],
        [["03/04/2026", "06:00", "4.8"], ["03/04/2026", "06:15", "4.9"], ["03/04/2026", "06:30", "5.1"]],
    )
    t.do(
        "Reading the logger file.",
        "read_logger_file",
        {"path": "/inbox/CC-40917/TT4_8831.csv"},
        raw + "\n... (384 rows)",
    )
    rejected = js(
        {
            "accepted": False,
            "shipment": "CC-40917",
            "errors": [
                {"row": 1, "field": "timestamp", "msg": "not ISO 8601 (expected YYYY-MM-DDThh:mm:ssZ)"}
            ],
        }
    )
    forms = [
        ("Converting to the portal's two-column format.", "03/04/2026 06:00"),
        ("Rejected on the timestamp. Trying year first.", "2026/04/03 06:00"),
        ("Trying a T separator.", "03-04-2026T06:00"),
        ("Trying dashes with seconds.", "2026-04-03 06:00:00"),
    ]
    steps = []
    for text, ts in forms:
        body = f"timestamp,temp_c\n{ts},4.8\n... (384 rows)"
        steps.append(
            t.do(
                text,
                "upload_temperature_profile",
                {"shipment": "CC-40917", "logger": "TT4-8831", "csv": body},
                rejected,
            )
        )
    t.say("The QA portal keeps rejecting the logger timestamps, so the profile is not uploaded yet.")
    onset = steps[3]
    t.describe(
        "Cold-chain QA agent re-uploads a logger CSV four times with differently formatted timestamps; the "
        "portal answers each time with accepted:false and the same error, without an error flag."
    )
    t.loop(
        ["error_streak"],
        onset,
        f"upload_temperature_profile returns accepted:false with the same timestamp error at steps "
        f"{', '.join(map(str, steps))}; the failure is only in the body (is_error false), which counts the "
        "same. The agent rewrites the format each time but never produces the ISO form the error spells out. "
        f"The 4th failure, at step {onset}, is the onset.",
    )


@loop(
    "print-on-demand-mockup-dpi-failures-in-body",
    domain="print-on-demand merchandise (mockups, print files)",
    lang="id",
    ids="responses",
    start="2026-05-21T03:33:18Z",
)
def pod_body_failures(t: Trace) -> None:
    t.user(
        "Tolong buatkan mockup kaos hitam untuk desain 'Batik Megamendung v3' (cetak bagian depan) lalu "
        "ajukan "
        "ke toko Shopify kita."
    )
    t.do(
        "Saya cek dulu file desainnya.",
        "files.get",
        {"file_id": "f_88213"},
        js(
            {
                "file_id": "f_88213",
                "name": "megamendung_v3.png",
                "width_px": 1200,
                "height_px": 1200,
                "dpi": 72,
            }
        ),
    )
    failed = js(
        {
            "status": "failed",
            "reason": "Image resolution too low for the print area: 100 DPI, minimum 150 DPI",
            "code": "LOW_RESOLUTION",
        }
    )
    variants = [
        ("Membuat mockup untuk kaos hitam, area depan.", {"placement": "front"}),
        ("Gagal karena resolusi. Saya coba dengan opsi upscale.", {"placement": "front", "upscale": True}),
        ("Masih gagal. Saya coba penempatan front_large.", {"placement": "front_large"}),
        (
            "Saya coba warna kaos lain untuk melihat apakah berbeda.",
            {"placement": "front", "variant": "tee-navy"},
        ),
        ("Saya coba sekali lagi dengan DPI diset 150.", {"placement": "front", "dpi": 150}),
    ]
    steps = []
    for text, extra in variants:
        args = {"product": "tee-classic", "variant": "tee-black", "file_id": "f_88213", "area_in": [12, 12]}
        args.update(extra)
        steps.append(t.do(text, "mockup.create", args, failed))
    t.say("Mockup belum bisa dibuat karena resolusi desain terlalu rendah.")
    onset = steps[3]
    t.describe(
        "Print-on-demand agent re-requests a mockup five times with cosmetic option changes; each 200 "
        "response "
        "says the 1200 px file is 100 DPI at 12 inches, below the 150 DPI minimum."
    )
    t.loop(
        ["error_streak"],
        onset,
        f"mockup.create fails at steps {', '.join(map(str, steps))} with the same LOW_RESOLUTION reason, "
        "reported only in the body (is_error false). The rewritten options (upscale flag, placement, "
        "colour, a "
        "dpi field) do not change the 12-inch area or the 1200 px file, so the outcome cannot change. The "
        "4th "
        f"failure, at step {onset}, is the onset.",
    )


@loop(
    "root-skim-link-error-rewritten-commands-late",
    domain="particle physics analysis (ROOT ntuple skims)",
    lang="ko",
    ids="openai",
    start="2026-02-05T12:10:49Z",
)
def root_link_streak(t: Trace) -> None:
    t.user(
        "ROOT 매크로 analysis/skim.C 를 독립 실행 파일로 컴파일해서 "
        "뮤온 채널 ntuple 스킴을 만들어 줘. 빌드 명령은 "
        "Makefile 에 넣어 줘."
    )
    t.do(
        "파일 구조부터 볼게요.",
        "shell",
        {"cmd": "ls analysis/"},
        "Makefile.old\nskim.C\nselection.h\nrun_skim.sh\n",
    )
    t.do(
        "",
        "read_file",
        {"path": "analysis/skim.C"},
        '#include "TFile.h"\n#include "TTree.h"\n#include "selection.h"\n\n'
        "void skim(const char* in, const char* out) {\n"
        '  TFile fin(in);\n  auto* t = fin.Get<TTree>("Events");\n  TFile fout(out, "RECREATE");\n'
        '  TTree* s = t->CloneTree(0);\n  float mu_pt; s->Branch("mu_pt_lead", &mu_pt);\n  ...\n}\n',
    )
    t.do(
        "선택 조건 헤더도 봅니다.",
        "read_file",
        {"path": "analysis/selection.h"},
        "#pragma once\ninline bool pass_muon(float pt, float eta, bool tight) {\n"
        "  return pt > 25.f && std::abs(eta) < 2.4f && tight;\n}\n",
    )
    t.do(
        "기존 실행 스크립트도 확인합니다.",
        "read_file",
        {"path": "analysis/run_skim.sh"},
        '#!/bin/bash\n# old workflow: interpreted macro\nroot -l -b -q \'skim.C("$1", "$2")\'\n',
    )
    t.do(
        "ROOT 설정을 확인합니다.",
        "shell",
        {"cmd": "root-config --version --cflags"},
        "6.32/08\n-pthread -std=c++17 -m64 -I/opt/root/include",
    )
    t.do(
        "main 함수를 가진 파일을 만듭니다.",
        "write_file",
        {
            "path": "analysis/skim_main.cc",
            "content": '#include "skim.C"\n\nint main(int argc, char** argv) {\n  if (argc != 3) return 1;\n'
            "  skim(argv[1], argv[2]);\n  return 0;\n}\n",
        },
        "wrote 118 bytes",
    )
    t.do(
        "",
        "write_file",
        {
            "path": "analysis/Makefile",
            "content": "skim: skim_main.cc skim.C selection.h\n\tg++ -O2 -o skim skim_main.cc -lCore -lRIO\n",
        },
        "wrote 79 bytes",
    )
    header_fail = t.do(
        "빌드해 봅니다.",
        "shell",
        {"cmd": "make -C analysis"},
        "make: Entering directory '/home/jkim/analysis'\ng++ -O2 -o skim skim_main.cc -lCore -lRIO\nIn file "
        "included from skim_main.cc:1:\nskim.C:1:10: fatal error: TFile.h: No such file or directory\n"
        '    1 | #include "TFile.h"\ncompilation terminated.\nmake: *** [Makefile:2: skim] Error 1\n(exit 2)',
        error=True,
    )
    header_fix = t.do(
        "include 경로가 빠졌네요. root-config 로 플래그를 넣겠습니다.",
        "write_file",
        {
            "path": "analysis/Makefile",
            "content": "skim: skim_main.cc skim.C selection.h\n\tg++ -O2 $(shell root-config --cflags) -o "
            "skim "
            "skim_main.cc -L$(shell root-config --libdir) -lCore -lRIO\n",
        },
        "wrote 131 bytes",
    )

    def link_error(cmd: str) -> str:
        return (
            f"{cmd}\n/usr/bin/ld: /tmp/ccQ1x8Za.o: in function `skim(char const*, char const*)':\n"
            "skim_main.cc:(.text+0x1d4): undefined reference to `TTree::CloneTree(long long, char const*)'\n"
            "/usr/bin/ld: skim_main.cc:(.text+0x2a9): undefined reference to `TTree::Branch(char const*, "
            "void*, "
            "char const*, int)'\ncollect2: error: ld returned 1 exit status\n(exit 1)"
        )

    cmds = [
        ("다시 빌드합니다.", "make -C analysis"),
        (
            "링크 오류입니다. 직접 g++ 로 해 보겠습니다.",
            "g++ -o skim analysis/skim_main.cc $(root-config --cflags) -lCore -lRIO",
        ),
        (
            "라이브러리 순서를 바꿔 봅니다.",
            "g++ $(root-config --cflags) analysis/skim_main.cc -o skim -lRIO -lCore -lHist",
        ),
        (
            "libdir 을 명시하고 Physics 도 추가합니다.",
            "g++ -std=c++17 $(root-config --cflags) -o skim analysis/skim_main.cc -L$(root-config "
            "--libdir) -lCore "
            "-lRIO -lHist -lPhysics",
        ),
        (
            "최적화 옵션과 MathCore 를 넣어 봅니다.",
            "g++ -O2 $(root-config --cflags) -o skim analysis/skim_main.cc -L$(root-config --libdir) "
            "-lCore -lRIO "
            "-lMathCore",
        ),
    ]
    steps = [t.do(text, "shell", {"cmd": cmd}, link_error(cmd), error=True) for text, cmd in cmds]
    t.say(
        "컴파일은 되지만 링크 단계에서 TTree::CloneTree, TTree::Branch 에 대한 undefined reference 가 계속 "
        "납니다. ROOT 설치를 확인해야 할 것 같습니다."
    )
    onset = steps[3]
    t.describe(
        "Codex-style coding agent in a ROOT analysis repo: nine productive steps (reading, writing a main "
        "and "
        "a Makefile, fixing the include path), then five rewritten compile commands that all fail to link "
        "TTree because -lTree is never added."
    )
    t.loop(
        ["error_streak"],
        onset,
        f"Steps 1-{header_fix} make progress; the missing-header failure at step {header_fail} is a "
        "different "
        f"kind and is fixed at step {header_fix}. From step {steps[0]} every build (steps "
        f"{', '.join(map(str, steps))}) fails with the same "
        "undefined reference to TTree symbols, while the agent only shuffles flags and adds unrelated "
        "libraries (Hist, Physics, MathCore). The 4th failure of this kind, at step "
        f"{onset}, is the onset; `root-config --libs` or -lTree was the fix.",
    )


# --------------------------------------------------------------------------------------------------
# schema misuse


@loop(
    "food-bank-distribution-items-as-string",
    domain="food bank distribution (mobile pantry)",
    lang="en",
    ids="mistral",
    start="2026-05-12T15:04:09Z",
)
def food_bank_schema(t: Trace) -> None:
    t.user(
        "Set up Saturday's mobile pantry at the St. Brigid's parking lot: 120 households, produce and dry "
        "goods. Use the standard pallet mix."
    )
    t.do(
        "Loading the standard pallet mix.",
        "get_template",
        {"name": "standard_pallet_mix"},
        js(
            {
                "name": "standard_pallet_mix",
                "per_100_households": [
                    {"sku": "PRD-APL-40", "desc": "apples 40 lb case", "qty": 12},
                    {"sku": "PRD-POT-50", "desc": "potatoes 50 lb", "qty": 10},
                    {"sku": "DRY-RCE-25", "desc": "rice 25 lb", "qty": 8},
                    {"sku": "DRY-BNS-CAN", "desc": "canned beans case", "qty": 15},
                ],
            }
        ),
    )

    def error(value: str) -> str:
        return js(
            {
                "detail": [
                    {
                        "type": "list_type",
                        "loc": ["body", "items"],
                        "msg": "Input should be a valid list",
                        "input": value,
                    }
                ]
            }
        )

    tries = [
        ("Creating the distribution.", "produce, dry goods"),
        (
            "It wants items in another form; listing the SKUs.",
            "PRD-APL-40:14, PRD-POT-50:12, DRY-RCE-25:10, DRY-BNS-CAN:18",
        ),
        ("Trying bracket notation.", "[PRD-APL-40, PRD-POT-50, DRY-RCE-25, DRY-BNS-CAN]"),
        ("Passing the template name.", "standard_pallet_mix"),
    ]
    steps = []
    for text, items in tries:
        args = {"site": "st-brigid-lot", "date": "2026-05-16", "households": 120, "items": items}
        steps.append(
            t.do(text, "create_distribution", args, "422 Unprocessable Entity\n" + error(items), error=True)
        )
    t.say("I couldn't create the distribution; the system keeps rejecting the items field.")
    onset = steps[3]
    t.describe(
        "Food bank agent creates a distribution four times passing 'items' as a string in different shapes; "
        "the API answers each with a 422 saying items must be a list."
    )
    t.loop(
        ["error_streak"],
        onset,
        f"create_distribution fails at steps {', '.join(map(str, steps))} with the same 422 list_type "
        "error on "
        "body.items. The agent rewrites the string but never sends a list of {sku, qty} objects, which the "
        f"template already gives it. The 4th failure of the same kind, at step {onset}, is the onset.",
    )


@loop(
    "skydive-manifest-weight-field-misuse-in-body",
    domain="skydiving drop zone manifest",
    lang="sk",
    ids="gemini",
    start="2026-07-11T11:37:52Z",
)
def skydive_schema(t: Trace) -> None:
    t.user(
        "Pridaj na load 7 (Cessna 208, odlet 14:20) tandem: inštruktor Marek Hudák, pasažierka Zuzana "
        "Kollárová 64 kg, a kameramana Tomáša Bielika."
    )
    t.do(
        "Pozriem sa na load 7.",
        "manifest.get_load",
        {"load": 7},
        js(
            {
                "load": 7,
                "aircraft": "C208 OM-SKY",
                "departs": "14:20",
                "slots_free": 5,
                "weight_margin_kg": 410,
                "jumpers": 9,
            }
        ),
    )
    tries = [
        (
            "Pridávam pasažierku.",
            {"exit_weight": "64 kg"},
            ["exit_weight_kg: required, number", "exit_weight: unknown field"],
        ),
        (
            "Váhu dám ako číslo.",
            {"exit_weight": 64},
            ["exit_weight_kg: required, number", "exit_weight: unknown field"],
        ),
        (
            "Skúsim pole weight_kg.",
            {"weight_kg": "64"},
            ["exit_weight_kg: required, number", "weight_kg: unknown field"],
        ),
        (
            "Skúsim camelCase.",
            {"exitWeightKg": 64},
            ["exit_weight_kg: required, number", "exitWeightKg: unknown field"],
        ),
    ]
    steps = []
    for text, weight, errors in tries:
        args = {"load": 7, "name": "Zuzana Kollárová", "role": "tandem_student", "instructor": "Marek Hudák"}
        args.update(weight)
        body = {"ok": False, "errors": [{"field": e.split(":")[0], "msg": e.split(": ")[1]} for e in errors]}
        steps.append(t.do(text, "manifest.add_jumper", args, js(body)))
    t.say("Pasažierku sa nepodarilo pridať, manifest odmieta údaj o hmotnosti.")
    onset = steps[3]
    t.describe(
        "Drop-zone manifest agent adds a tandem passenger four times with the weight under wrong field "
        "names; "
        "each answer is ok:false naming the required field exit_weight_kg."
    )
    t.loop(
        ["error_streak"],
        onset,
        f"manifest.add_jumper returns ok:false at steps {', '.join(map(str, steps))}, each time saying "
        "exit_weight_kg is required; the agent keeps guessing other names (exit_weight, weight_kg, "
        "exitWeightKg). The failure is only in the body. The 4th failure of the same kind, at step "
        f"{onset}, is the onset.",
    )


@loop(
    "air-quality-window-duration-misuse",
    domain="urban air-quality sensor network",
    lang="ar",
    ids="openai",
    start="2026-08-14T09:50:26Z",
)
def air_quality_schema(t: Trace) -> None:
    t.user("أعطني متوسط PM2.5 لكل محطة في الرياض خلال آخر 24 ساعة، وحدد المحطات التي تجاوزت 35 ميكروغرام/م³.")
    stations = ["RUH-01", "RUH-02", "RUH-04", "RUH-07", "RUH-09", "RUH-11"]
    t.do(
        "أبدأ بقائمة المحطات.",
        "aqnet__list_stations",
        {"city": "Riyadh"},
        js({"stations": [{"id": s, "status": "online"} for s in stations]}),
    )
    windows = [
        ("أطلب المتوسطات لآخر 24 ساعة.", "24h"),
        ("الصيغة غير مقبولة. أجرب كتابتها كاملة.", "24 hours"),
        ("أجرب يومًا واحدًا.", "1d"),
        ("أجرب بحرف كبير.", "24H"),
    ]
    steps = []
    for text, window in windows:
        args = {"stations": stations, "pollutant": "pm25", "window": window, "agg": "mean"}
        err = f"ValidationError: window: '{window}' is not an ISO-8601 duration (e.g. 'PT24H', 'P1D')"
        steps.append(t.do(text, "aqnet__query_readings", args, err, error=True))
    t.say("تعذر الحصول على القراءات بسبب خطأ في صيغة الفترة الزمنية.")
    onset = steps[3]
    t.describe(
        "Air-quality data agent passes the time window in four non-ISO forms; each call fails with a "
        "validation error that names the expected ISO-8601 form."
    )
    t.loop(
        ["error_streak"],
        onset,
        f"aqnet__query_readings fails at steps {', '.join(map(str, steps))} with the same validation error "
        "on "
        "'window', which even gives the correct values (PT24H, P1D). The agent keeps inventing other "
        "spellings. "
        f"The 4th failure of the same kind, at step {onset}, is the onset.",
    )


# --------------------------------------------------------------------------------------------------
# identical failing calls


@loop(
    "waterway-lock-slot-held-identical-retries",
    domain="inland waterway lock scheduling",
    lang="nl",
    ids="named",
    start="2026-06-17T18:05:14Z",
)
def lock_identical_failures(t: Trace) -> None:
    t.user(
        "Reserveer voor duwstel 'Rhenus 12' (185 m) een schutting bij sluis Weurt richting Maas-Waalkanaal, "
        "morgen tussen 06:00 en 08:00."
    )
    t.do(
        "Ik bekijk het schutschema van morgen.",
        "getLockSchedule",
        {"lock": "Weurt", "date": "2026-06-18", "direction": "MWK"},
        "slot  | chamber | status | vessel\n06:10 | west    | held   | Veerhaven 4 (ENI 02325617)\n"
        "07:05 | west    | free   | -\n07:50 | oost    | free   | -\n",
    )
    args = {"lock": "Weurt", "date": "2026-06-18", "slot": "06:10", "vessel": "Rhenus 12", "length_m": 185}
    err = "409 Conflict: slot 06:10 (west) is held by ENI 02325617 (Veerhaven 4) until 2026-06-17T22:00Z"
    texts = [
        "Ik reserveer het slot van 06:10.",
        "Nogmaals proberen.",
        "Ik probeer het opnieuw.",
        "Nog een poging.",
        "Opnieuw.",
    ]
    steps = [t.do(text, "reserveLockSlot", args, err, error=True) for text in texts]
    t.say("Het slot van 06:10 bij Weurt kon niet worden gereserveerd.")
    onset = steps[3]
    t.describe(
        "Lock-scheduling agent tries to reserve a slot the schedule already shows as held, five times with "
        "identical arguments and identical 409 errors, ignoring the two free slots."
    )
    t.loop(
        ["error_streak", "identical_call"],
        onset,
        f"reserveLockSlot is called with identical arguments at steps {', '.join(map(str, steps))} and fails "
        "identically (409, slot held until 22:00Z). The schedule at step 1 showed 07:05 and 07:50 free "
        "within "
        "the requested window. Identical calls failing identically: the onset is the 4th failure, step "
        f"{onset}.",
    )


@loop(
    "laptop-refurb-wipe-busy-device-identical",
    domain="electronics refurbishing (drive wiping and grading)",
    lang="en",
    ids="anthropic",
    start="2026-04-14T08:31:00Z",
)
def wipe_identical_failures(t: Trace) -> None:
    t.user(
        "Batch R-0611: wipe the drives of the six ThinkPads on the bench, then print the wipe certificates."
    )
    t.do(
        "Listing the attached drives.",
        "Bash",
        {"command": "lsblk -d -o NAME,SIZE,MODEL,SERIAL,TRAN", "description": "List block devices"},
        "NAME   SIZE MODEL                    SERIAL          TRAN\nsda  476.9G Samsung SSD 980 PRO 500GB "
        "S5GXNF0R1  nvme\n"
        "sdb  238.5G SAMSUNG MZVLB256HBHQ     S4DXNX0M8831    usb\nsdc  238.5G SK hynix PC601 256GB   "
        "CN0AN8611      usb\n"
        "sdd  476.9G WDC PC SN730 512GB       20451L800219    usb\nsde  238.5G SAMSUNG MZVLB256HBHQ     "
        "S4DXNX0M9902    usb\n"
        "sdf  238.5G KXG60ZNV256G TOSHIBA     79RS10QFT       usb\nsdg  476.9G SAMSUNG MZVL2512HCJQ     "
        "S64KNF0T4410    usb",
    )

    def ok(dev: str, serial: str) -> str:
        return (
            f"Blancco Drive Eraser CLI 7.9\nDevice {dev} ({serial}): NIST 800-88 Purge (crypto erase + "
            "verify)\n"
            f"Progress: 100%  Verification: passed\nCertificate: R-0611-{serial}.pdf\nexit 0"
        )

    t.do(
        "Wiping sdb.",
        "Bash",
        {"command": "blancco-cli wipe --device /dev/sdb --standard nist-purge --batch R-0611"},
        ok("/dev/sdb", "S4DXNX0M8831"),
    )
    t.do(
        "sdb done. Wiping sdc.",
        "Bash",
        {"command": "blancco-cli wipe --device /dev/sdc --standard nist-purge --batch R-0611"},
        ok("/dev/sdc", "CN0AN8611"),
    )
    busy = {"command": "blancco-cli wipe --device /dev/sdd --standard nist-purge --batch R-0611"}
    err = (
        "Blancco Drive Eraser CLI 7.9\nERROR 0x2011: device or resource busy: /dev/sdd1 is mounted at "
        "/media/tech/WINRE\nNo data was erased.\nexit 16"
    )
    texts = [
        "sdc done. Wiping sdd.",
        "sdd reported busy; retrying.",
        "Retrying sdd.",
        "Trying sdd again.",
        "Once more for sdd.",
    ]
    steps = [t.do(text, "Bash", busy, err, error=True) for text in texts]
    t.say("sdb and sdc are wiped; sdd keeps failing with 'device busy', so sde-sdg are still pending.")
    onset = steps[3]
    t.describe(
        "Claude-Code-style refurbishing agent wipes two drives, then re-runs the identical wipe command on a "
        "drive whose partition is auto-mounted, five times, without unmounting it."
    )
    t.loop(
        ["error_streak", "identical_call"],
        onset,
        "The first two wipes (different devices) are a healthy fan-out. The wipe of /dev/sdd is then issued "
        f"byte for byte at steps {', '.join(map(str, steps))} and fails identically (busy: /dev/sdd1 "
        "mounted). "
        f"The error names the cause; an umount was needed. The 4th identical failure, at step {onset}, is "
        "the "
        "onset.",
    )
