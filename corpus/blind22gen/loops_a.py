"""Loops 1-20: identical re-calls, varied and paraphrased look-ups, cycles, failure streaks, schema misuse."""

from __future__ import annotations

from typing import Any

from .builder import Call, Trace, js
from .registry import loop


@loop("kitesurf-wind-forecast-empty")
def kitesurf(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Kitesurf school assistant re-queries an empty wind forecast for a misspelt spot id.",
        "kitesurf school",
        "de",
        "openai-agents-sdk",
        "openai",
    )
    t.user(
        "Kannst du für morgen die Windvorhersage für den Spot Fehmarn-Gold abrufen und sagen, ob der "
        "Anfängerkurs um 10 Uhr stattfinden kann?"
    )
    t.say(
        "Ich suche zuerst die Spot-ID.",
        Call(
            "spots_search",
            {"q": "Fehmarn Gold"},
            js({"spots": [{"id": "fehmarn-goldstrand", "name": "Fehmarn Goldstrand", "level": "beginner"}]}),
        ),
    )
    a = {"spot_id": "fehmarn-gold", "date": "2026-06-14"}
    texts = [
        "Jetzt hole ich die Vorhersage.",
        "Die Antwort war leer, ich versuche es noch einmal.",
        "Wieder leer. Vielleicht ein Zwischenspeicher, ich frage erneut.",
        "Immer noch keine Daten, noch ein Versuch.",
        "Erneut abrufen.",
    ]
    steps = [
        t.say(x, Call("get_wind_forecast", a, js({"spot_id": "fehmarn-gold", "hours": []}))) for x in texts
    ]
    return t.loop(
        ["identical_call"],
        steps[2],
        f"The forecast call with the wrong spot id (the search returned fehmarn-goldstrand) returns an "
        f"empty hours list each time; the 3rd identical call at step {steps[2]} is the onset.",
    )


@loop("karaoke-song-search-empty")
def karaoke(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Karaoke bar agent repeats an identical catalogue search that keeps returning nothing.",
        "karaoke bar",
        "ja",
        "mcp-client",
        "anthropic",
    )
    t.user("3番ルームのお客様が「残酷な天使のテーゼ」の英語版を予約したいそうです。カタログにありますか?")
    q = {"title": "残酷な天使のテーゼ English ver.", "room": 3}
    steps = []
    for x in [
        "カタログを検索します。",
        "結果がありません。もう一度検索します。",
        "念のため再検索します。",
        "まだ見つかりません。再度検索します。",
    ]:
        steps.append(t.say(x, Call("karaoke__search_songs", q, js({"total": 0, "songs": []}, indent=2))))
    return t.loop(
        ["identical_call"],
        steps[2],
        f"Same search, same empty result; no change of query. Onset at the 3rd identical call, step "
        f"{steps[2]}.",
    )


@loop("fossil-lab-sql-zero-rows")
def fossil(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Fossil preparation lab data agent re-runs a query with a wrong specimen prefix.",
        "fossil preparation lab",
        "en",
        "sql-agent",
        "bedrock",
    )
    t.user("How many hours of air-scribe prep have gone into specimen TMP-2291 so far?")
    t.say(
        "Let me look at the schema first.",
        Call(
            "describe_table",
            {"table": "prep_log"},
            "column      | type\n------------+---------\nspecimen_id | text\ntool        | text\n"
            "hours       | numeric\n"
            "tech        | text\nlogged_on   | date\n",
        ),
    )
    sql = "SELECT SUM(hours) FROM prep_log WHERE specimen_id = 'TMP2291' AND tool = 'air_scribe';"
    empty = " sum \n-----\n     \n(1 row)\n"
    steps = []
    for x in [
        "Summing the air-scribe hours.",
        "The sum is null. Let me run it again to be sure.",
        "Still null; re-running the query.",
        "Running it once more.",
    ]:
        steps.append(t.say(x, Call("run_sql", {"query": sql}, empty)))
    return t.loop(
        ["identical_call"],
        steps[2],
        f"The id lacks the hyphen (TMP-2291); the identical query returns a null sum each time. The 3rd "
        f"identical call at step {steps[2]} is the onset.",
    )


@loop("vault-access-log-second-turn")
def vault(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Safe-deposit vault assistant loops on an empty access-log query in a second user turn.",
        "safe-deposit vault",
        "es",
        "langgraph",
        "adk",
    )
    t.user("¿Cuál es la cuota anual de la caja 114?")
    t.say(
        "Consulto el contrato.",
        Call(
            "boxes.get_contract",
            {"box": 114},
            js({"box": 114, "size": "M", "annual_fee_eur": 185, "holder": "R. Ibáñez"}),
        ),
    )
    t.say("La caja 114 (tamaño M) tiene una cuota anual de 185 €.")
    t.user("Y ¿quién accedió a la caja 114 la semana pasada?")
    a = {"box": 114, "from": "2026-05-04", "to": "2026-05-10", "scope": "branch-07"}
    steps = []
    for x in [
        "Reviso el registro de accesos.",
        "No aparece nada. Vuelvo a consultar.",
        "Sigue vacío; consulto otra vez el registro.",
        "Lo intento de nuevo.",
    ]:
        steps.append(t.say(x, Call("boxes.access_log", a, js({"entries": [], "scope": "branch-07"}))))
    return t.loop(
        ["identical_call"],
        steps[2],
        f"Counting from the second user message: the identical access-log query returns no entries "
        f"three times; onset at step {steps[2]}. The first turn was a normal answer.",
    )


@loop("bonsai-record-id-variants")
def bonsai(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Bonsai nursery agent tries trivially varied spellings of a plant id that does not exist.",
        "bonsai nursery",
        "fr",
        "vercel-ai-sdk",
        "mistral",
    )
    t.user("Quand le genévrier BN-0412 doit-il être rempoté ? Le client passe samedi.")
    steps = []
    for pid, x in [
        ("BN-0412", "Je consulte la fiche."),
        ("bn-0412", "Aucune fiche ; j'essaie en minuscules."),
        ("BN0412", "Toujours rien, sans tiret peut-être."),
        (" BN-0412", "J'essaie avec un espace."),
        ("BN-412", "Et sans le zéro ?"),
    ]:
        steps.append(
            t.say(
                x,
                Call(
                    "getPlantRecord", {"plantId": pid}, js({"found": False, "plantId": pid.strip().upper()})
                ),
            )
        )
    return t.loop(
        ["same_tool"],
        steps[3],
        f"Case, hyphen and whitespace variants of the same id, all not found; nothing new is learned. "
        f"Onset at the 4th attempt, step {steps[3]}.",
    )


@loop("taxidermy-cites-paraphrased-search")
def taxidermy(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Research agent paraphrases one CITES question and keeps getting the same pages.",
        "taxidermy studio",
        "en",
        "research-agent",
        "responses",
    )
    t.user(
        "A client wants a mounted barn owl (salvaged roadkill) shipped from the UK to Canada. What permits?"
    )
    pages = [
        {"title": "CITES Appendices - Tyto alba", "url": "https://cites.example/app/tyto-alba"},
        {"title": "Canada WAPPRIITA: importing wildlife specimens", "url": "https://eccc.example/wappriita"},
        {"title": "UK Article 10 certificates explained", "url": "https://apha.example/article10"},
    ]
    qs = [
        "barn owl taxidermy export UK to Canada permits",
        "permits needed to ship mounted barn owl from United Kingdom to Canada",
        "UK Canada export stuffed barn owl CITES permit requirements",
        "what paperwork to send taxidermy barn owl UK -> Canada",
        "Tyto alba mounted specimen export UK Canada permit",
    ]
    steps = []
    for i, q in enumerate(qs):
        res = pages[i % 3 :] + pages[: i % 3]
        steps.append(
            t.say(
                "Searching for the permit requirements."
                if i == 0
                else "Those results are not specific enough; let me rephrase.",
                Call("web_search", {"query": q}, js({"results": res}, indent=2)),
            )
        )
    return t.loop(
        ["same_tool"],
        steps[3],
        f"Five paraphrases return the same three pages in rotated order and none is opened. Onset at the "
        f"4th search, step {steps[3]}.",
    )


@loop("baduk-rating-paraphrased-search")
def baduk(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Go club agent paraphrases a rating-rule search with overlapping results.",
        "go (baduk) club",
        "ko",
        "gemini-cli",
        "adk",
    )
    t.user("우리 기원 회원이 유럽 대회에서 뛰면 국내 급수가 EGD 레이팅으로 어떻게 환산되나요?")
    base = [
        "EGD 레이팅 시스템 개요 (europeangodatabase.example)",
        "급수-레이팅 환산표 2019 (baduk.example/wiki)",
    ]
    qs = [
        "국내 급수 EGD 레이팅 환산",
        "한국 기원 급수를 유럽 레이팅으로 바꾸는 법",
        "EGD rating conversion Korean kyu",
        "기원 급수 유럽 바둑 데이터베이스 환산 기준",
    ]
    steps = []
    for i, q in enumerate(qs):
        extra = ["바둑 커뮤니티 Q&A: 레이팅 질문"] if i % 2 else []
        steps.append(
            t.say(
                "검색해 보겠습니다." if i == 0 else "다른 표현으로 다시 찾아보겠습니다.",
                Call("google_web_search", {"query": q}, "\n".join(f"- {r}" for r in base + extra)),
            )
        )
    return t.loop(
        ["same_tool"],
        steps[3],
        f"Four rewordings return the same two sources (plus a forum post); the agent never fetches one. "
        f"Onset at the 4th search, step {steps[3]}.",
    )


@loop("organic-cert-kb-paraphrase")
def organic(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Organic certification inspector assistant searches its knowledge base in circles.",
        "organic certification",
        "it",
        "support-bot",
        "openai",
    )
    t.user("Un'azienda usa rame in vigneto: qual è il limite annuo per il biologico UE?")
    hit = {
        "hits": [
            {"doc": "Reg. UE 2018/1584 - allegato I", "score": 0.71},
            {"doc": "FAQ ispettori - prodotti fitosanitari", "score": 0.66},
        ]
    }
    qs = [
        "limite rame vigneto biologico",
        "rame kg per ettaro anno biologico UE",
        "quantità massima rame bio vite",
        "tetto annuale rame agricoltura biologica",
    ]
    steps = []
    for i, q in enumerate(qs):
        steps.append(
            t.say(
                "Cerco nella base documentale." if i == 0 else "Riformulo la ricerca.",
                Call("kb.search", {"q": q, "top_k": 2}, js(hit)),
            )
        )
    return t.loop(
        ["same_tool"],
        steps[3],
        f"Every rephrasing returns the same two documents, which the agent never opens. Onset at the 4th "
        f"search, step {steps[3]}.",
    )


@loop("orienteering-read-test-alternation")
def orienteering(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Coding agent alternates between reading a parser and re-running its failing test, editing nothing.",
        "orienteering event results",
        "en",
        "claude-code",
        "anthropic",
    )
    t.user("The SI-card punch parser drops the last control on cards with 64+ punches. Fix it.")
    t.say(
        "Finding the parser.",
        Call(
            "Grep",
            {"pattern": "def parse_punches", "path": "src"},
            "src/sportident/card.py:41:def parse_punches(raw: bytes) -> list[Punch]:",
        ),
    )
    src = (
        "    41\tdef parse_punches(raw: bytes) -> list[Punch]:\n    42\t    count = raw[22]\n"
        "    43\t    out = []\n    44\t    for i in range(count - 1):\n    45\t        off = 56 + 4 * i\n"
        "    46\t        out.append(Punch.decode(raw[off:off + 4]))\n    47\t    return out\n"
    )
    test = (
        "FAILED tests/test_card.py::test_siac_128_punches - AssertionError: assert 127 == 128\n"
        "1 failed, 23 passed in 0.41s"
    )
    read = Call("Read", {"file_path": "src/sportident/card.py", "offset": 40, "limit": 10}, src)
    run = Call("Bash", {"command": "pytest tests/test_card.py -q"}, test, True)
    steps = []
    for x, c in [
        ("Reading the loop.", read),
        ("Running the test.", run),
        ("Let me look at the code again.", read),
        ("Re-running the test to confirm.", run),
        ("Looking at the parser once more.", read),
        ("And the test again.", run),
    ]:
        steps.append(t.say(x, c))
    return t.loop(
        ["alternation"],
        steps[4],
        f"Read/Bash alternate with identical results and no edit between them (the off-by-one on line 44 "
        f"is never fixed). The third visit to the Read state, step {steps[4]}, is the onset.",
    )


@loop("laser-tag-admin-tab-cycle")
def lasertag(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Computer-use agent flips between two tabs of a laser-tag arena admin panel.",
        "laser tag arena",
        "en",
        "computer-use",
        "anthropic",
    )
    t.user("In the arena admin, assign vest pack B to the 18:30 birthday session.")
    t.say(
        "Taking a screenshot.",
        Call(
            "computer",
            {"action": "screenshot"},
            "Screenshot: ArenaOps dashboard. Tabs: Sessions | Vests | Staff. Sessions tab active.",
        ),
    )
    sess = Call(
        "computer",
        {"action": "left_click", "coordinate": [212, 88]},
        "Screenshot: Sessions tab. 18:30 'Birthday - Mila (12)' row, Vest pack column shows '—'. "
        "No edit icon.",
    )
    vest = Call(
        "computer",
        {"action": "left_click", "coordinate": [298, 88]},
        "Screenshot: Vests tab. Pack A (20, charging), Pack B (20, ready). Read-only list.",
    )
    steps = []
    for x, c in [
        ("Opening Vests to check pack B.", vest),
        ("Back to Sessions to assign it.", sess),
        ("Checking Vests again.", vest),
        ("Going to Sessions.", sess),
        ("Vests tab.", vest),
        ("Sessions tab.", sess),
    ]:
        steps.append(t.say(x, c))
    return t.loop(
        ["alternation"],
        steps[4],
        f"Clicks alternate between two tabs whose screenshots never change; the agent never finds the "
        f"session's edit dialog. Third visit to the Vests tab at step {steps[4]} is the onset.",
    )


@loop("alpaca-mill-sql-alternation")
def alpaca(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Wool-mill data agent alternates between the same two queries.",
        "alpaca wool mill",
        "es",
        "sql-agent",
        "plain",
    )
    t.user("¿Qué lotes de vellón de baby alpaca tienen menos de 22,5 micras y siguen sin lavar?")
    q1 = Call(
        "sql_query",
        {"sql": "SELECT lot, micron FROM fleece_lots WHERE grade='baby' AND micron < 22.5;"},
        "lot,micron\nL-301,21.8\nL-307,22.1\nL-315,20.9\n",
    )
    q2 = Call(
        "sql_query",
        {"sql": "SELECT lot, stage FROM processing WHERE stage <> 'lavado';"},
        "lot,stage\nL-290,cardado\nL-296,hilado\n",
    )
    steps = []
    for x, c in [
        ("Busco los lotes finos.", q1),
        ("Ahora los que no están lavados.", q2),
        ("Ninguno coincide; reviso de nuevo los lotes finos.", q1),
        ("Y de nuevo los no lavados.", q2),
        ("Vuelvo a los lotes finos.", q1),
        ("Otra vez el estado de proceso.", q2),
    ]:
        steps.append(t.say(x, c))
    return t.loop(
        ["alternation"],
        steps[4],
        f"The fine lots are simply absent from the processing table (unwashed lots have no row); the agent "
        f"alternates the two identical queries instead of a LEFT JOIN. Third visit to query A at step "
        f"{steps[4]}.",
    )


@loop("sign-shop-config-error-alternation")
def signshop(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Gemini-CLI agent alternates reading a cutter config and re-running a failing job script.",
        "sign-making shop",
        "pt-BR",
        "gemini-cli",
        "adk",
    )
    t.user("O script de envio para a plotter de recorte falha com o arquivo da fachada da padaria. Resolve?")
    cfg = Call(
        "read_file",
        {"absolute_path": "/srv/sinal/cutter.yaml"},
        "device: graphtec-ce7000\nport: /dev/ttyUSB0\nspeed_cm_s: 40\nforce: 18\nmedia_width_mm: 610\n",
    )
    run = Call(
        "run_shell_command",
        {"command": "python send_job.py fachada_padaria.svg"},
        'Traceback (most recent call last):\n  File "send_job.py", line 58, in <module>\n'
        '    check_width(doc)\n  File "send_job.py", line 31, in check_width\n'
        '    raise ValueError(f"design 720mm > media 610mm")\nValueError: design 720mm > media 610mm',
        True,
    )
    steps = []
    for x, c in [
        ("Vou ver a configuração.", cfg),
        ("Rodando o envio.", run),
        ("Confiro a config de novo.", cfg),
        ("Tento enviar novamente.", run),
        ("Releio a configuração.", cfg),
    ]:
        steps.append(t.say(x, c))
    return t.loop(
        ["alternation"],
        steps[4],
        f"Config read and job run alternate with identical outputs; the design is simply wider than the "
        f"media and nothing changes. Third visit to the config read, step {steps[4]}, is the onset.",
    )


@loop("hop-kiln-three-state-cycle")
def hopkiln(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Hop farm agent cycles through three identical kiln readings without acting.",
        "hop farm",
        "cs",
        "dotted-tools",
        "bedrock",
    )
    t.user("Sušárna 2: chmel Žatecký má mít 9 % vlhkosti. Zkontroluj a rozhodni, jestli ukončit sušení.")
    a = Call("kiln.read_temp", {"kiln": 2}, js({"kiln": 2, "air_c": 62.5, "exhaust_c": 41.0}))
    b = Call("kiln.get_schedule", {"kiln": 2}, js({"kiln": 2, "stage": "final", "target_moisture_pct": 9}))
    c = Call(
        "moisture.sample",
        {"kiln": 2, "probe": "top"},
        js({"kiln": 2, "moisture_pct": None, "note": "probe offline"}),
    )
    steps = []
    for i in range(7):
        call = (a, b, c)[i % 3]
        steps.append(t.say(["Zjišťuji teplotu.", "Kontroluji plán sušení.", "Měřím vlhkost."][i % 3], call))
    return t.loop(
        ["alternation"],
        steps[6],
        f"The moisture probe is offline and the agent cycles temp -> schedule -> moisture with identical "
        f"results. A B C A B C [A]: the third visit to A at step {steps[6]}.",
    )


@loop("bell-foundry-codex-edit-noop-cycle")
def bellfoundry(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Codex agent cycles cat / no-op sed / failing test on a bell tuning calculator.",
        "bell foundry",
        "en",
        "codex-cli",
        "responses",
    )
    t.user("tests/test_partials.py fails: the hum partial for a 1.2 m bronze bell is off. Fix tuning.py.")
    cat = Call(
        "shell",
        {"command": ["bash", "-lc", "sed -n 20,32p tuning.py"]},
        "def hum_hz(diameter_m, alloy='bronze_78_22'):\n    k = ALLOY_K[alloy]\n"
        "    return k / (diameter_m ** 2) * 0.5\n",
    )
    sed = Call(
        "shell",
        {"command": ["bash", "-lc", "sed -i 's/\\*\\* 2) \\* 0.5/** 2) * .5/' tuning.py && git diff --stat"]},
        " tuning.py | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n",
    )
    test = Call(
        "shell",
        {"command": ["bash", "-lc", "pytest -q tests/test_partials.py"]},
        "F.\n=== FAILURES ===\n___ test_hum_1_2m ___\nE   assert 163.4 == pytest.approx(326.8, rel=0.01)\n"
        "1 failed, 1 passed in 0.12s\nexit code 1",
        True,
    )
    steps = []
    texts = ["Look at hum_hz.", "Adjust the factor.", "Run the test."]
    for i in range(7):
        steps.append(t.say(texts[i % 3], (cat, sed, test)[i % 3]))
    return t.loop(
        ["alternation"],
        steps[6],
        f"The sed only rewrites 0.5 as .5 and back (same value), so the test fails identically; the cycle "
        f"cat/sed/pytest repeats with the same outputs. Third visit to cat at step {steps[6]}.",
    )


@loop("fireworks-permit-form-rejected")
def fireworks(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Fireworks display permit submission keeps failing on the same missing field, with apologies.",
        "fireworks display permits",
        "en",
        "langchain",
        "openai",
    )
    t.user("File the municipal display permit for the Riverside Fair show on 4 July, 300 shells, max 100 mm.")
    t.say(
        "Checking the site's safety distance.",
        Call(
            "site_safety_distance",
            {"site": "riverside-fair", "max_shell_mm": 100},
            js({"min_distance_m": 70, "available_m": 95, "ok": True}),
        ),
    )
    body = {"site": "riverside-fair", "date": "2026-07-04", "shells": 300, "max_shell_mm": 100}
    variants = [
        dict(body),
        {**body, "operator": "Hal Brandt"},
        {**body, "operatorName": "Hal Brandt"},
        {**body, "operator_name": "H. Brandt"},
        {**body, "licensed_operator": "Hal Brandt"},
    ]
    texts = [
        "Submitting the permit.",
        "Sorry, I missed the operator. Adding it.",
        "Apologies, maybe the field name differs.",
        "My mistake again; trying snake_case.",
        "Sorry for the repeated errors, one more variant.",
    ]
    steps = []
    for x, v in zip(texts, variants, strict=True):
        steps.append(
            t.say(
                x,
                Call(
                    "permits_submit",
                    v,
                    "HTTP 422 Unprocessable Entity\n"
                    '{"detail":[{"loc":["body","operator_licence_no"],"msg":"field required"}]}',
                    True,
                ),
            )
        )
    return t.loop(
        ["error_streak"],
        steps[3],
        f"Every submission fails with the same 'operator_licence_no required'; the agent rewrites the "
        f"operator name instead of asking for the licence number. 4th failure at step {steps[3]}.",
    )


@loop("pilotage-booking-rejected-in-body")
def pilotage(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Harbour pilotage dispatch agent keeps rebooking a pilot; rejections only in the body.",
        "harbour pilotage",
        "nl",
        "camelCase-tools",
        "named",
    )
    t.user("Boek een loods voor de MV Nordkap, inkomend Maasmond, ETA 03:40, diepgang 14,2 m.")
    t.say(
        "Eerst de beschikbare loodsen.",
        Call(
            "listAvailablePilots",
            {"area": "maasmond", "window": "03:00-05:00"},
            js({"pilots": [{"id": "P-17", "maxDraftM": 17.4}, {"id": "P-22", "maxDraftM": 13.0}]}),
        ),
    )
    tries = [("P-22", "03:40"), ("P-22", "03:30"), ("P-22", "03:50"), ("P-22", "04:00")]
    texts = [
        "Ik boek P-22.",
        "Afgewezen; ik probeer iets eerder.",
        "Weer afgewezen, dan iets later.",
        "Nog een tijdslot.",
    ]
    steps = []
    for x, (p, eta) in zip(texts, tries, strict=True):
        steps.append(
            t.say(
                x,
                Call(
                    "bookPilot",
                    {"vessel": "MV Nordkap", "pilotId": p, "eta": eta},
                    js({"ok": False, "reden": "diepgang 14.2 > bevoegdheid loods 13.0"}),
                ),
            )
        )
    return t.loop(
        ["error_streak"],
        steps[3],
        f"Each booking is rejected (only in the body) because pilot P-22 is not licensed for the draught; "
        f"the agent only changes the time. 4th rejection at step {steps[3]}.",
    )


@loop("bell-alloy-calc-compile-errors")
def bellcompile(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Coding agent rewrites a Rust alloy calculator four times, hitting the same borrow error.",
        "bell foundry",
        "en",
        "codex-cli",
        "responses",
    )
    t.user("Add a function to melt.rs that returns the tin top-up in kg for a crucible of scrap bronze.")
    t.say(
        "Reading melt.rs.",
        Call(
            "read_file",
            {"path": "src/melt.rs"},
            "pub struct Charge { pub copper_kg: f64, pub tin_kg: f64 }\n",
        ),
    )
    err = (
        "error[E0502]: cannot borrow `charge` as mutable because it is also borrowed as immutable\n"
        "  --> src/melt.rs:{line}:5\nerror: could not compile `foundry` (lib) due to 1 previous error"
    )
    steps = []
    for i, x in enumerate(
        [
            "Writing tin_top_up.",
            "Borrow error; restructuring with a temp.",
            "Still a borrow error; cloning the ref instead.",
            "Trying an inner block.",
            "Using a closure.",
        ]
    ):
        t.say(
            x,
            Call(
                "apply_patch",
                {
                    "patch": f"*** Update File: src/melt.rs\n@@\n+// attempt {i + 1}\n"
                    f"+pub fn tin_top_up(charge: &mut Charge) -> f64 {{ /* v{i + 1} */ }}\n"
                },
                "Success. Updated the following files:\nM src/melt.rs",
            ),
        )
        steps.append(
            t.say(
                "Building.",
                Call("shell", {"command": ["cargo", "build", "-q"]}, err.format(line=12 + i), True),
            )
        )
    return t.loop(
        ["error_streak"],
        steps[3],
        f"Five rewrites all fail with E0502 (the same borrow of charge while iterating it). The 4th failure "
        f"of that kind is at step {steps[3]}; the edits between builds do not reset it.",
    )


@loop("cattery-booking-apologies")
def cattery(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Cattery booking support agent retries a reservation with apologies; same rejection.",
        "cattery boarding",
        "sv",
        "support-bot",
        "mistral",
    )
    t.user("Hej! Jag vill boka plats för mina två katter Selma och Nils 12–19 juli, gärna samma bur.")
    t.say(
        "Jag kollar lediga platser.",
        Call(
            "check_availability",
            {"from": "2026-07-12", "to": "2026-07-19", "cats": 2},
            js(
                {
                    "suites": [
                        {"id": "S3", "capacity": 2, "free": False},
                        {"id": "S5", "capacity": 1, "free": True},
                    ]
                }
            ),
        ),
    )
    texts = [
        "Jag bokar svit S3.",
        "Förlåt, det gick inte. Jag försöker igen med rätt datumformat.",
        "Ursäkta, jag provar en gång till med båda namnen.",
        "Jag ber om ursäkt, ett försök till.",
        "Förlåt igen, jag provar med en anteckning.",
    ]
    args = [
        {"suite": "S3", "from": "2026-07-12", "to": "2026-07-19"},
        {"suite": "S3", "from": "12/07/2026", "to": "19/07/2026"},
        {"suite": "S3", "from": "2026-07-12", "to": "2026-07-19", "cats": ["Selma", "Nils"]},
        {"suite": "S3", "from": "2026-07-12", "to": "2026-07-19", "cats": ["Selma", "Nils"], "shared": True},
        {"suite": "S3", "from": "2026-07-12", "to": "2026-07-19", "note": "syskon"},
    ]
    steps = []
    for x, a in zip(texts, args, strict=True):
        steps.append(
            t.say(x, Call("create_booking", a, "Error: suite S3 occupied 2026-07-10..2026-07-21", True))
        )
    return t.loop(
        ["error_streak"],
        steps[3],
        f"Suite S3 is occupied; rewriting dates and notes cannot fix that. 4th identical rejection at step "
        f"{steps[3]}.",
    )


@loop("icecream-freezer-schema-misuse")
def icecream(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Ice-cream production agent passes the program as a string; same validation error.",
        "ice-cream parlour production",
        "tr",
        "mcp-client",
        "openai",
    )
    t.user("Fıstıklı dondurma için 12 litrelik partiyi dondurucuya yükle, program: yoğun, -8 °C çıkış.")
    payloads = [
        '{"mode":"dense","exit_c":-8,"litres":12}',
        "mode=dense;exit_c=-8;litres=12",
        '{"mode": "dense", "exit_c": "-8", "litres": "12"}',
        "dense,-8,12",
    ]
    steps = []
    for i, p in enumerate(payloads):
        steps.append(
            t.say(
                "Programı gönderiyorum." if i == 0 else "Doğrulama hatası; biçimi değiştiriyorum.",
                Call(
                    "freezer__set_program",
                    {"machine": "BF-2", "program": p},
                    "McpError -32602: Invalid params: program: expected object, got string",
                    True,
                ),
            )
        )
    return t.loop(
        ["error_streak"],
        steps[3],
        f"The schema wants an object and the agent keeps sending strings in new encodings; same -32602 "
        f"error each time. 4th at step {steps[3]}.",
    )


@loop("arbitration-filing-date-format")
def arbitration(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Arbitration case agent files with a date format the API rejects, four times.",
        "arbitration centre",
        "ar",
        "dotted-tools",
        "bedrock",
    )
    t.user("سجّل طلب التحكيم الجديد للقضية بين شركة الريان وشركة نورا، تاريخ العقد 15 مارس 2024.")
    dates = ["15/03/2024", "15-03-2024", "١٥/٠٣/٢٠٢٤", "March 15, 2024"]
    steps = []
    for i, d in enumerate(dates):
        steps.append(
            t.say(
                "أقدّم الطلب الآن." if i == 0 else "رفض التاريخ؛ أجرّب صيغة أخرى.",
                Call(
                    "cases.file",
                    {"claimant": "Al Rayyan LLC", "respondent": "Noura Co.", "contract_date": d},
                    js(
                        {
                            "status": "error",
                            "code": "VALIDATION",
                            "field": "contract_date",
                            "expected": "YYYY-MM-DD",
                        }
                    ),
                ),
            )
        )
    return t.loop(
        ["error_streak"],
        steps[3],
        f"The error body names the expected format (YYYY-MM-DD) yet every retry uses another wrong one; "
        f"failure reported only in the content. 4th at step {steps[3]}.",
    )
