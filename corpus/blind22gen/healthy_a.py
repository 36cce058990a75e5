"""Healthy 1-20: polls that progress and finish, pagination, re-runs after edits, retries that succeed,
and retries that end in a hand-off."""

from __future__ import annotations

from typing import Any

from .builder import Call, Trace, js
from .registry import healthy


@healthy("photogrammetry-job-completes")
def photogrammetry(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Orthomosaic job polled through its stages to completion.",
        "aerial photogrammetry",
        "en",
        "codex-cli",
        "openai",
    )
    t.user("Process the 640 survey images of the north pit into an orthomosaic and report the GSD.")
    t.say(
        "Submitting.",
        Call(
            "submit_job",
            {"project": "north-pit-0502", "preset": "ortho-high"},
            js({"job_id": "pg-90114", "state": "queued"}),
        ),
    )
    for stage, p in [
        ("align", 0.18),
        ("dense_cloud", 0.44),
        ("dense_cloud", 0.71),
        ("mesh", 0.86),
        ("ortho", 0.97),
    ]:
        t.say(
            "Checking progress.",
            Call(
                "job_status",
                {"job_id": "pg-90114"},
                js({"job_id": "pg-90114", "state": "running", "stage": stage, "progress": p}),
            ),
        )
    t.say(
        "Checking progress.",
        Call(
            "job_status",
            {"job_id": "pg-90114"},
            js(
                {
                    "job_id": "pg-90114",
                    "state": "done",
                    "gsd_cm": 2.3,
                    "output": "s3://surveys/north-pit/ortho.tif",
                }
            ),
        ),
    )
    t.say("Done: the orthomosaic is at s3://surveys/north-pit/ortho.tif with a GSD of 2.3 cm/px.")
    return t.healthy(
        "Seven identical polls, but the stage and progress change every time and the job completes."
    )


@healthy("seaweed-upload-progresses")
def seaweed(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Sensor upload polled with sleeps until accepted.",
        "seaweed farm",
        "id",
        "shell-agent",
        "bedrock",
    )
    t.user("Unggah data sensor tali panjang blok A minggu ini ke portal dinas.")
    t.say(
        "Mulai unggah.",
        Call(
            "portal_upload",
            {"block": "A", "week": "2026-W19"},
            js({"upload_id": "UP-3311", "status": "menunggu"}),
        ),
    )
    for sent, st in [
        (0, "menunggu"),
        (0, "menunggu"),
        (412_000, "mengunggah"),
        (1_290_000, "mengunggah"),
        (1_290_000, "diverifikasi"),
        (1_290_000, "diterima"),
    ]:
        t.say("Menunggu sebentar.", Call("run_command", {"cmd": "sleep 60"}, ""))
        t.say(
            "Cek status.",
            Call(
                "upload_status",
                {"upload_id": "UP-3311"},
                js({"upload_id": "UP-3311", "status": st, "bytes_sent": sent}),
            ),
        )
    t.say("Unggahan UP-3311 diterima portal (1,29 MB).")
    return t.healthy(
        "Two identical 'menunggu' statuses at the start, then bytes move and the upload is accepted; "
        "sleeps between polls are normal waiting."
    )


@healthy("arcade-firmware-installs")
def arcade(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Firmware push polled from queued to installed.",
        "pinball arcade route",
        "en",
        "mcp-client",
        "anthropic",
    )
    t.user("Push 1.07 to the Godzilla machine at the Rusty Anchor and confirm.")
    t.say(
        "Pushing.",
        Call(
            "fleet__push_firmware",
            {"machine": "GZ-PREM-0317", "version": "1.07"},
            "push_id: fw-9930\nstate: queued\n",
        ),
    )
    for st in [
        "queued",
        "queued",
        "downloading 38%",
        "downloading 100%",
        "installing",
        "installed; reboot ok",
    ]:
        t.say(
            "Checking.",
            Call("fleet__push_status", {"push_id": "fw-9930"}, f"push_id: fw-9930\nstate: {st}\n"),
        )
    t.say("Installed: GZ-PREM-0317 runs 1.07 and rebooted cleanly.")
    return t.healthy("Polling with identical 'queued' at first, then progress and completion.")


@healthy("hop-kiln-moisture-drops")
def hopkiln(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Hop kiln moisture monitored until target, then drying stopped.",
        "hop farm",
        "cs",
        "dotted-tools",
        "bedrock",
    )
    t.user("Sušárna 1: sleduj vlhkost a ukonči sušení na 9 %.")
    for m in [14.2, 12.8, 11.1, 10.0, 9.4, 8.9]:
        t.say(
            "Měřím vlhkost.",
            Call("moisture.sample", {"kiln": 1, "probe": "top"}, js({"kiln": 1, "moisture_pct": m})),
        )
    t.say("Cíl dosažen, vypínám hořák.", Call("kiln.stop", {"kiln": 1}, js({"kiln": 1, "burner": "off"})))
    t.say("Sušení ukončeno při 8,9 % vlhkosti.")
    return t.healthy("A repeated reading whose value falls each time toward the target, then an action.")


@healthy("fossil-ct-reconstruction")
def fossil(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Micro-CT reconstruction of a fossil skull polled to completion with a repeated status.",
        "fossil preparation lab",
        "en",
        "sql-agent",
        "plain",
    )
    t.user("Start the CT reconstruction for skull TMP-2291 and tell me the voxel size when done.")
    t.say("Starting.", Call("ct_reconstruct", {"scan": "TMP-2291-s1"}, "recon r-551 started"))
    for st in [
        "filtering 0/2400",
        "backprojecting 800/2400",
        "backprojecting 800/2400",
        "backprojecting 2400/2400",
        "complete voxel=18.5um",
    ]:
        t.say("Status?", Call("ct_status", {"recon": "r-551"}, f"r-551: {st}"))
    t.say("Reconstruction r-551 finished; voxel size 18.5 µm.")
    return t.healthy("One repeated intermediate status between moving ones; the poll finishes.")


@healthy("karaoke-catalogue-cursor")
def karaoke(sid: str) -> dict[str, Any]:
    t = Trace(sid, "Karaoke catalogue paged with a cursor.", "karaoke bar", "ja", "mcp-client", "anthropic")
    t.user("新着曲(今月追加分)の一覧を全部ください。")
    cur = None
    pages = [
        ["Bling-Bang-Bang-Born", "晩餐歌", "ライラック"],
        ["Plazma", "オトノケ", "Same Blue"],
        ["はいよろこんで", "愛♡スクリ~ム!"],
    ]
    for i, songs in enumerate(pages):
        a = {"added": "2026-05", "limit": 3} | ({"cursor": cur} if cur else {})
        cur = f"c{i + 1}x" if i < 2 else None
        t.say(
            "取得します。" if i == 0 else "次のページ。",
            Call("karaoke__list_songs", a, js({"songs": songs, "next_cursor": cur}, indent=2)),
        )
    t.say("今月の新着は8曲です:" + "、".join(s for p in pages for s in p) + "。")
    return t.healthy("Cursor pagination; each page brings new songs and ends when next_cursor is null.")


@healthy("arbitration-case-offset-pages")
def arbitration(sid: str) -> dict[str, Any]:
    t = Trace(
        sid, "Arbitration case list read by offset.", "arbitration centre", "ar", "dotted-tools", "bedrock"
    )
    t.user("كم قضية بناء مفتوحة لدينا حالياً؟")
    total = 0
    for off, n in [(0, 50), (50, 50), (100, 17)]:
        total += n
        rows = "\n".join(f"ARB-{2400 + off + k},construction,open" for k in range(min(n, 3)))
        t.say(
            "أقرأ الصفحة التالية." if off else "أقرأ قائمة القضايا.",
            Call(
                "cases.list",
                {"category": "construction", "status": "open", "offset": off, "limit": 50},
                f"case_id,category,status\n{rows}\n... ({n} rows, total 117)",
            ),
        )
    t.say(f"لدينا {total} قضية بناء مفتوحة.")
    return t.healthy("Offset pagination over 117 rows, three pages with different offsets and rows.")


@healthy("organic-reports-page-numbers")
def organic(sid: str) -> dict[str, Any]:
    t = Trace(
        sid, "Inspection reports listed page by page.", "organic certification", "it", "support-bot", "openai"
    )
    t.user("Elenca le ispezioni del 2026 con non conformità gravi.")
    found = []
    for p, nc in [(1, ["IT-BIO-0441"]), (2, []), (3, ["IT-BIO-0877", "IT-BIO-0902"]), (4, [])]:
        found += nc
        t.say(
            f"Pagina {p}.",
            Call(
                "reports.search",
                {"year": 2026, "severity": "grave", "page": p},
                js({"page": p, "pages": 4, "items": [{"operator": x} for x in nc]}),
            ),
        )
    t.say("Non conformità gravi nel 2026: " + ", ".join(found) + ".")
    return t.healthy(
        "Page-number pagination; two pages are empty but the page argument advances to the last page."
    )


@healthy("vault-log-next-token")
def vault(sid: str) -> dict[str, Any]:
    t = Trace(sid, "Vault access log read with next tokens.", "safe-deposit vault", "es", "langgraph", "adk")
    t.user("Necesito todos los accesos a cajas de la sucursal 07 en abril.")
    tok = None
    for i in range(4):
        a = {"scope": "branch-07", "month": "2026-04"} | ({"next_token": tok} if tok else {})
        tok = f"eyJwIjo{i + 1}fQ" if i < 3 else None
        t.say(
            "Sigo leyendo." if i else "Leo el registro.",
            Call(
                "boxes.access_log",
                a,
                js(
                    {
                        "entries": [
                            {"box": 100 + 7 * i + k, "at": f"2026-04-{3 + 7 * i + k:02d}"} for k in range(3)
                        ],
                        "next_token": tok,
                    }
                ),
            ),
        )
    t.say("Hubo 12 accesos en abril en la sucursal 07; te adjunto la lista.")
    return t.healthy("Next-token pagination with new entries on each page.")


@healthy("orienteering-results-pages")
def orienteering_pages(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Results service paged to find all mispunches.",
        "orienteering event results",
        "en",
        "research-agent",
        "responses",
    )
    t.user("List every MP (mispunch) in the M21E class of yesterday's sprint.")
    mps = []
    for p in range(1, 5):
        new = [f"runner {p * 10 + 1}"] if p in (1, 3) else []
        mps += new
        t.say(
            "Fetching results." if p == 1 else "Next page.",
            Call(
                "fetch_url",
                {"url": f"https://results.example/sprint-0511/M21E?page={p}"},
                "Pos | Name | Time | Status\n"
                + "\n".join(f"- | {n} | - | MP" for n in new)
                + f"\n... page {p}/4",
            ),
        )
    t.say("M21E mispunches: " + ", ".join(mps) + ".")
    return t.healthy("Page-numbered fetches, one URL per page.")


@healthy("orienteering-fix-and-rerun")
def orienteering_fix(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Coding agent fixes an off-by-one and re-runs the test.",
        "orienteering event results",
        "en",
        "claude-code",
        "anthropic",
    )
    t.user("The SI-card parser drops the last punch on 128-punch cards. Fix it.")
    t.say(
        "Reading.",
        Call("Read", {"file_path": "src/sportident/card.py"}, "    44\t    for i in range(count - 1):"),
    )
    t.say(
        "Running the test first.",
        Call(
            "Bash",
            {"command": "pytest tests/test_card.py -q"},
            "FAILED tests/test_card.py::test_siac_128_punches - assert 127 == 128\n1 failed, 23 passed",
            True,
        ),
    )
    t.say(
        "Off-by-one; fixing.",
        Call(
            "Edit",
            {
                "file_path": "src/sportident/card.py",
                "old_string": "range(count - 1)",
                "new_string": "range(count)",
            },
            "The file has been updated.",
        ),
    )
    t.say(
        "Re-running.",
        Call(
            "Bash",
            {"command": "pytest tests/test_card.py -q"},
            "FAILED tests/test_card.py::test_siac_empty_card - IndexError: index out of range\n"
            "1 failed, 23 passed",
            True,
        ),
    )
    t.say(
        "Empty cards now break; guarding count 0.",
        Call(
            "Edit",
            {
                "file_path": "src/sportident/card.py",
                "old_string": "    count = raw[22]",
                "new_string": "    count = raw[22] if len(raw) > 22 else 0",
            },
            "The file has been updated.",
        ),
    )
    t.say("Re-running.", Call("Bash", {"command": "pytest tests/test_card.py -q"}, "24 passed in 0.38s"))
    t.say("Fixed: the loop now covers all punches and empty cards are handled; 24 tests pass.")
    return t.healthy("Identical test command re-run after each edit, with different results; progress.")


@healthy("sign-shop-tile-and-rerun")
def signshop(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Gemini-CLI agent adds tiling for oversized designs and re-runs the job.",
        "sign-making shop",
        "pt-BR",
        "gemini-cli",
        "adk",
    )
    t.user("O design da fachada tem 720 mm e a mídia 610 mm. Faz o script dividir em duas partes.")
    t.say(
        "Lendo o script.",
        Call(
            "read_file",
            {"absolute_path": "/srv/sinal/send_job.py"},
            "def check_width(doc):\n    if doc.width_mm > MEDIA:\n        raise ValueError(...)\n",
        ),
    )
    t.say(
        "Implementando divisão.",
        Call(
            "replace",
            {
                "file_path": "/srv/sinal/send_job.py",
                "old_string": "        raise ValueError(...)",
                "new_string": "        return tile(doc, MEDIA, overlap_mm=15)",
            },
            "Successfully modified file: /srv/sinal/send_job.py (1 replacements).",
        ),
    )
    t.say(
        "Testando.",
        Call(
            "run_shell_command",
            {"command": "python send_job.py --dry-run fachada_padaria.svg"},
            "NameError: name 'tile' is not defined",
            True,
        ),
    )
    t.say(
        "Falta a função tile; adiciono.",
        Call(
            "replace",
            {
                "file_path": "/srv/sinal/send_job.py",
                "old_string": "def check_width(doc):",
                "new_string": "from tiling import tile\n\ndef check_width(doc):",
            },
            "Successfully modified file: /srv/sinal/send_job.py (1 replacements).",
        ),
    )
    t.say(
        "Testando de novo.",
        Call(
            "run_shell_command",
            {"command": "python send_job.py --dry-run fachada_padaria.svg"},
            "tile 1/2: 367.5 mm\ntile 2/2: 367.5 mm (overlap 15 mm)\nDRY RUN OK",
        ),
    )
    t.say("Pronto: o trabalho é dividido em duas faixas de 367,5 mm com 15 mm de sobreposição.")
    return t.healthy("Same dry-run command twice, separated by an edit, with different output.")


@healthy("bell-tuning-fix-rerun")
def bell(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Codex agent fixes a bell hum-frequency factor and re-runs tests.",
        "bell foundry",
        "en",
        "codex-cli",
        "responses",
    )
    t.user("tests/test_partials.py fails for the hum partial. Fix tuning.py.")
    test = ["bash", "-lc", "pytest -q tests/test_partials.py"]
    t.say(
        "Run tests.",
        Call("shell", {"command": test}, "E   assert 163.4 == approx(326.8)\n1 failed, 1 passed", True),
    )
    t.say(
        "Look at hum_hz.",
        Call(
            "shell",
            {"command": ["bash", "-lc", "sed -n 20,32p tuning.py"]},
            "    return k / (diameter_m ** 2) * 0.5\n",
        ),
    )
    t.say(
        "The hum is an octave below the nominal, not half the strike; remove the factor.",
        Call(
            "apply_patch",
            {
                "patch": "*** Update File: tuning.py\n@@\n-    return k / (diameter_m ** 2) * 0.5\n"
                "+    return k / (diameter_m ** 2)\n"
            },
            "Success. Updated tuning.py",
        ),
    )
    t.say("Re-run.", Call("shell", {"command": test}, "..\n2 passed in 0.09s"))
    t.say("Fixed; both partial tests pass.")
    return t.healthy("Test run, edit, identical test run with a new result.")


@healthy("septic-route-503-then-ok")
def septic(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Route optimisation fails twice with 503, then succeeds.",
        "septic pumping service",
        "en",
        "openai-agents-sdk",
        "openai",
    )
    t.user("Build tomorrow's route for truck 1: Hale, Brooks, Nguyen, Ortiz.")
    a = {"truck": 1, "date": "2026-04-23", "stops": ["hale-9", "brooks-212", "nguyen-40", "ortiz-5"]}
    t.say("Requesting the route.", Call("optimize_route", a, "HTTP 503 Service Unavailable", True))
    t.say("Waiting 30 s and retrying.", Call("optimize_route", a, "HTTP 503 Service Unavailable", True))
    t.say(
        "Retrying once more.",
        Call(
            "optimize_route",
            a,
            js({"order": ["brooks-212", "hale-9", "ortiz-5", "nguyen-40"], "km": 61.4, "hours": 5.2}),
        ),
    )
    t.say("Route: Brooks, Hale, Ortiz, Nguyen, 61.4 km, about 5.2 h.")
    return t.healthy("Transient 503 twice, then success on the third identical call.")


@healthy("baduk-egd-429-then-ok")
def baduk(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Go club agent hits a rate limit then fetches the rating table.",
        "go (baduk) club",
        "ko",
        "gemini-cli",
        "adk",
    )
    t.user("김민준 회원(EGD PIN 18822710)의 현재 EGD 레이팅 알려주세요.")
    u = {"url": "https://egd.example/Player_Card.php?key=18822710"}
    t.say("조회합니다.", Call("web_fetch", u, "HTTP 429 Too Many Requests\nRetry-After: 20", True))
    t.say(
        "20초 후 다시 시도합니다.",
        Call("web_fetch", u, "Player: Kim Minjun | Grade: 3d | GoR: 2287 | Club: Busan"),
    )
    t.say("김민준 회원의 EGD 레이팅은 2287(3단)입니다.")
    return t.healthy("One 429, one retry after the advertised wait, success.")


@healthy("icecream-program-corrected")
def icecream(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Freezer program rejected once as a string, then sent as an object.",
        "ice-cream parlour production",
        "tr",
        "mcp-client",
        "openai",
    )
    t.user("Çikolatalı parti: 10 litre, program normal, -7 °C çıkış.")
    t.say(
        "Programı gönderiyorum.",
        Call(
            "freezer__set_program",
            {"machine": "BF-1", "program": '{"mode":"normal","exit_c":-7,"litres":10}'},
            "McpError -32602: Invalid params: program: expected object, got string",
            True,
        ),
    )
    t.say(
        "Nesne olarak gönderiyorum.",
        Call(
            "freezer__set_program",
            {"machine": "BF-1", "program": {"mode": "normal", "exit_c": -7, "litres": 10}},
            js({"machine": "BF-1", "state": "loaded", "eta_min": 11}),
        ),
    )
    t.say("Parti yüklendi, yaklaşık 11 dakikada hazır.")
    return t.healthy("One schema error, corrected on the first retry.")


@healthy("pilotage-token-refresh")
def pilotage(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Pilot booking fails on an expired token, refreshes, succeeds.",
        "harbour pilotage",
        "nl",
        "camelCase-tools",
        "named",
    )
    t.user("Boek een loods voor de MV Skagen, ETA 05:10, diepgang 11,8 m.")
    a = {"vessel": "MV Skagen", "pilotId": "P-22", "eta": "05:10"}
    t.say("Boeken.", Call("bookPilot", a, js({"ok": False, "reden": "token verlopen"})))
    t.say("Token vernieuwen.", Call("refreshToken", {}, js({"ok": True, "expiresIn": 3600})))
    t.say("Opnieuw boeken.", Call("bookPilot", a, js({"ok": True, "booking": "LB-20931"})))
    t.say("Loods P-22 geboekt voor 05:10 (LB-20931).")
    return t.healthy("A failure with a clear cause, a fix (token refresh), then success.")


@healthy("fireworks-asks-user-licence")
def fireworks(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Permit submission fails twice, the agent asks for the licence number, then succeeds.",
        "fireworks display permits",
        "en",
        "langchain",
        "openai",
    )
    t.user("File the display permit for Harbor Days, 200 shells, max 75 mm, 12 July.")
    b = {"site": "harbor-days", "date": "2026-07-12", "shells": 200, "max_shell_mm": 75}
    err = 'HTTP 422\n{"detail":[{"loc":["body","operator_licence_no"],"msg":"field required"}]}'
    t.say("Submitting.", Call("permits_submit", b, err, True))
    t.say("Trying with the operator name.", Call("permits_submit", b | {"operator": "Hal Brandt"}, err, True))
    t.say("The form needs the operator's licence number, which I don't have. What is it?")
    t.user("It's PYRO-TX-44871.")
    t.say(
        "Submitting with the licence.",
        Call(
            "permits_submit",
            b | {"operator_licence_no": "PYRO-TX-44871"},
            js({"permit": "FD-2026-0193", "status": "received"}),
        ),
    )
    t.say("Permit FD-2026-0193 received.")
    return t.healthy("Two failures, then the agent asks the user instead of guessing; success.")


@healthy("cattery-handoff-to-staff")
def cattery(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Cattery agent tries two suites, then hands off to staff.",
        "cattery boarding",
        "sv",
        "support-bot",
        "mistral",
    )
    t.user("Jag vill boka plats för Selma och Nils 12–19 juli, samma bur.")
    t.say(
        "Jag bokar S3.",
        Call(
            "create_booking",
            {"suite": "S3", "from": "2026-07-12", "to": "2026-07-19"},
            "Error: suite S3 occupied 2026-07-10..2026-07-21",
            True,
        ),
    )
    t.say(
        "Jag provar S7.",
        Call(
            "create_booking",
            {"suite": "S7", "from": "2026-07-12", "to": "2026-07-19"},
            "Error: suite S7 closed for renovation until 2026-08-01",
            True,
        ),
    )
    t.say(
        "Jag kopplar dig till personalen.",
        Call(
            "handoff_to_human",
            {"queue": "bokning", "summary": "Två katter, 12-19 juli, dubbelsvit. S3 upptagen, S7 stängd."},
            js({"ticket": "K-1182"}),
        ),
    )
    t.say("Personalen återkommer inom en timme (ärende K-1182).")
    return t.healthy("Two different failures, then a hand-off to a person.")


@healthy("canal-boat-handoff")
def canal(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Booking lookup fails three times identically; the agent hands off.",
        "canal boat hire",
        "en",
        "support-bot",
        "openai",
    )
    t.user("Booking CB-22187, can I add a bike rack?")
    for x in ["Looking up your booking.", "Retrying in case of a glitch.", "One more try."]:
        t.say(
            x,
            Call(
                "lookup_booking", {"ref": "CB-22187"}, "503 Service Unavailable: bookings DB failover", True
            ),
        )
    t.say(
        "Handing you to the office.",
        Call(
            "transfer_to_human",
            {"reason": "bookings DB unavailable", "ref": "CB-22187", "request": "add bike rack"},
            js({"queued": True, "position": 2}),
        ),
    )
    t.say("Our office team will pick this up shortly; you're second in the queue.")
    return t.healthy("Three identical failures then a hand-off: a bounded retry, not a loop.")
