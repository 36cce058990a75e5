"""Loops in sessions held in languages other than English (one per domain, twenty domains)."""

from __future__ import annotations

import json
from typing import Any

from .builder import C, Trace
from .registry import loop


def j(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)


def ji(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=2)


@loop("falconry-empty-weight-log")
def falconry_empty_weight_log(sid: str) -> Trace:
    t = Trace(
        sid,
        "A falconry mews agent re-reads an empty weight log for a bird under a mistyped id.",
        domain="falconry mews (weights, flying weight)",
        language="Arabic",
        harness="support/ops agent, OpenAI-style function tools",
        ids="openai_chat",
        start="2026-10-03T06:12:00+04:00",
    )
    t.user(
        "الصقر «ريح» (رقم الحلقة UAE-F-2291) فقد من وزنه هذا الأسبوع. أعطني سجل الأوزان لآخر 14 يومًا "
        "وقارنه بوزن الطيران المعتمد."
    )
    t.step(
        "سأبحث عن الطائر أولاً برقم الحلقة.",
        C(
            "mews.find_bird",
            {"ring": "UAE-F-2291"},
            j(
                {
                    "bird_id": "B-0412",
                    "name": "ريح",
                    "species": "Falco rusticolus × peregrinus",
                    "flying_weight_g": 1180,
                    "mews": "الخيمة 3",
                }
            ),
        ),
    )
    log = C(
        "mews.weights_log", {"bird_id": "B-412", "days": 14}, j({"bird_id": "B-412", "rows": [], "count": 0})
    )
    t.step("وجدته. الآن أجلب سجل الأوزان لآخر 14 يومًا.", log)
    calls = []
    for text in (
        "السجل فارغ، ربما لم تُزامَن موازين الخيمة بعد. سأعيد الطلب.",
        "ما زال فارغًا. أحاول مرة أخرى بنفس المعرّف.",
        "لا توجد صفوف بعد. سأطلب السجل مجددًا.",
    ):
        calls.append(t.step(text, C(log.name, dict(log.args), log.result)))
    t.step("يبدو أنه لا توجد أوزان مسجلة لهذا الطائر في آخر 14 يومًا. أنصح بوزنه يدويًا صباح الغد.")
    return t.loop(
        ["identical_call"],
        calls[1],
        "The bird's id is B-0412 but the agent asks for B-412; the log comes back empty and the agent "
        "re-sends "
        f"the byte-identical request. The 3rd identical call, at step {calls[1]}, is the onset; it then "
        f"concludes that no weights exist instead of checking the id.",
    )


@loop("organ-grep-case-variants")
def organ_grep_case_variants(sid: str) -> Trace:
    t = Trace(
        sid,
        "A Claude-Code-style agent in an organ builder's voicing repo greps for one German word in trivial "
        "variants.",
        domain="pipe-organ building (voicing, wind pressure)",
        language="German",
        harness="Claude-Code-style coding agent (Grep/Read/Edit/Bash)",
        ids="anthropic",
        start="2026-09-14T09:40:00+02:00",
    )
    t.user(
        "Im Paket `voicing/` fehlt die Umrechnung des Winddrucks von mmWS in Pascal für die Trompete 8'. "
        "Finde die Stelle, an der der Winddruck der Windlade geladen wird, und ergänze die Umrechnung."
    )
    variants = [
        {"pattern": "Winddruck", "path": "voicing"},
        {"pattern": "winddruck", "path": "voicing", "-i": True},
        {"pattern": "Winddruck ", "path": "voicing/"},
        {"pattern": "Wind-?druck", "path": "./voicing"},
        {"pattern": "WINDDRUCK", "path": "voicing", "-i": True},
        {"pattern": "winddruck", "path": "voicing", "output_mode": "content", "-n": True},
    ]
    texts = [
        "Ich suche zuerst nach „Winddruck“ im Paket.",
        "Keine Treffer. Vielleicht kleingeschrieben – ich suche ohne Groß-/Kleinschreibung.",
        "Immer noch nichts. Ich versuche es mit Leerzeichen und Schrägstrich im Pfad.",
        "Vielleicht mit Bindestrich geschrieben. Ich erweitere das Muster.",
        "Noch eine Variante in Großbuchstaben.",
        "Ich lasse mir diesmal die Zeilen selbst anzeigen.",
    ]
    steps = [t.step(tx, C("Grep", v, "No matches found")) for tx, v in zip(texts, variants, strict=True)]
    return t.loop(
        ["same_tool"],
        steps[3],
        f"The code is written in English (wind_pressure_mmwc); every Grep for the German word is a case, "
        "whitespace or path variant of the first and finds nothing. A Glob or a listing would have shown the "
        f"module. The 4th attempt, step {steps[3]}, is the onset.",
    )


@loop("glassblowing-annealing-paraphrases")
def glassblowing_annealing_paraphrases(sid: str) -> Trace:
    t = Trace(
        sid,
        "A Gemini-CLI research session for a glass studio paraphrases one annealing search; results overlap.",
        domain="glassblowing studio (annealing lehr schedules)",
        language="Czech",
        harness="Gemini-CLI-style agent (google_web_search/web_fetch)",
        ids="gemini_cli",
        start="2026-08-21T14:05:00+02:00",
    )
    t.user(
        "Potřebuji chladicí křivku pro borosilikátové sklo 3.3, tloušťka stěny 8 mm, pro naši chladicí pec. "
        "Najdi spolehlivý zdroj a navrhni výdrž a rychlost chlazení."
    )
    hits = [
        "[1] Technical glass 3.3 – properties (PDF) – schott.com/…/borofloat-33-properties.pdf\n"
        "    Annealing point 560 °C, strain point 518 °C …",
        "[2] Annealing schedule for 8mm boro? – lampworketc.com/forums/showthread.php?t=31877\n"
        "    For 8 mm walls I hold at 565 °C for 30 min and then …",
        "[3] Kiln annealing basics – glassartistsguild.org/annealing-basics\n"
        "    Thicker work needs longer soaks; a rule of thumb for boro is …",
        "[4] Boro anneal chart – frantzartglass.com/boro-anneal\n    Wall 6–10 mm: soak 45 min, cool …",
    ]
    queries = [
        ("borosilikátové sklo 3.3 chladicí křivka 8 mm", [0, 1, 2]),
        ("annealing schedule borosilicate 3.3 8 mm wall", [1, 0, 2]),
        ("borosilicate annealing point 560 °C hold time thickness", [0, 2, 1]),
        ("boro 3.3 chlazení po foukání tloušťka 8mm teplota výdrž", [1, 2, 0]),
        ("how long to anneal borosilicate glass 8mm thick", [1, 0, 3, 2]),
    ]
    texts = [
        "Vyhledám chladicí křivku.",
        "Výsledky jsou obecné. Zkusím anglicky.",
        "Potřebuji přesnou výdrž. Zkusím jinak formulovat.",
        "Zkusím to ještě česky s jinými slovy.",
        "Ještě jedna formulace, tentokrát jako otázka.",
    ]
    steps = []
    for tx, (q, order) in zip(texts, queries, strict=True):
        body = f'Web search results for "{q}":\n\n' + "\n".join(hits[i] for i in order)
        steps.append(t.step(tx, C("google_web_search", {"query": q}, body)))
    return t.loop(
        ["same_tool"],
        steps[3],
        f"Five paraphrases of one question return the same three pages in shuffled order (a fourth appears "
        f"once); the agent never opens a result with web_fetch. The 4th search, step {steps[3]}, is the "
        "onset.",
    )


@loop("reindeer-registry-tab-flip")
def reindeer_registry_tab_flip(sid: str) -> Trace:
    t = Trace(
        sid,
        "A computer-use agent in a reindeer earmark registry flips between two tabs that never change.",
        domain="reindeer herding (earmark registry, herd lists)",
        language="Norwegian (Bokmål)",
        harness="computer-use agent (computer tool: screenshot, left_click)",
        ids="anthropic",
        start="2026-11-02T08:30:00+01:00",
    )
    t.user(
        "Finn ut hvilken siida som eier reinsmerket «Øst-14», og om dyrene med det merket står i flokklisten "
        "for vinterbeitet i Kautokeino."
    )
    t.step(
        "Jeg tar et skjermbilde for å se hvor vi er.",
        C(
            "computer",
            {"action": "screenshot"},
            "Skjermbilde: Reinmerkeregisteret, fane «Merkeregister» aktiv. Søkefelt inneholder «Øst-14». "
            "Tabell: 0 treff. Faner: Merkeregister (212,96), Flokkoversikt (388,96).",
        ),
    )
    a = C(
        "computer",
        {"action": "left_click", "coordinate": [212, 96]},
        "Skjermbilde: fane «Merkeregister». Søk: «Øst-14». 0 treff. (Tips: merker lagres uten bindestrek.)",
    )
    b = C(
        "computer",
        {"action": "left_click", "coordinate": [388, 96]},
        "Skjermbilde: fane «Flokkoversikt». Vinterbeite Kautokeino, 1 342 dyr, 11 siidaer. Filter: ingen. "
        "Sist oppdatert 28.10.2026.",
    )
    texts_a = [
        "Jeg går til Merkeregister-fanen og ser på søket.",
        "Tilbake til Merkeregister for å sjekke treffet igjen.",
        "Jeg prøver Merkeregister én gang til.",
    ]
    texts_b = [
        "Ingen treff. Jeg ser i Flokkoversikt i stedet.",
        "Fortsatt ingen treff; kanskje flokklisten viser merket.",
        "Flokkoversikt igjen.",
    ]
    a_steps = []
    for ta, tb in zip(texts_a, texts_b, strict=True):
        a_steps.append(t.step(ta, C(a.name, dict(a.args), a.result)))
        t.step(tb, C(b.name, dict(b.args), b.result))
    return t.loop(
        ["alternation"],
        a_steps[2],
        "The agent clicks the two tabs in turn; both screens are unchanged every time and the hint to search "
        f"without the hyphen is ignored. A B A B [A]: the third click on Merkeregister, step {a_steps[2]}, "
        f"is the onset.",
    )


@loop("swiftlet-patch-test-cycle")
def swiftlet_patch_test_cycle(sid: str) -> Trace:
    t = Trace(
        sid,
        "A Codex-style agent in a swiftlet-house monitor cycles pytest, cat and an already-applied patch.",
        domain="swiftlet bird-nest farming (house humidity monitoring)",
        language="Indonesian",
        harness="Codex-style coding agent (shell, apply_patch)",
        ids="openai_responses",
        start="2026-07-09T10:02:00+07:00",
    )
    t.user(
        "Tes `test_humidity_alarm` di repo sarang-monitor gagal. Ambang alarm kelembapan gedung walet "
        "harus 85%. Tolong perbaiki."
    )
    fail = (
        "============================= test session starts ==============================\n"
        "collected 14 items\n\n"
        "tests/test_alarm.py ......F.......                                        [100%]\n\n"
        "=================================== FAILURES ===================================\n"
        "_____________________________ test_humidity_alarm ______________________________\n"
        "    def test_humidity_alarm():\n        house = House(rh=83.0)\n>       assert not house.alarm()\n"
        "E       assert not True\nE        +  where True = <House rh=83.0 threshold=80>.alarm\n\n"
        "tests/test_alarm.py:41: AssertionError\n"
        "========================= 1 failed, 13 passed in 0.42s ========================="
    )
    pytest = {"command": ["bash", "-lc", "pytest -q tests/test_alarm.py"], "workdir": "/repo/sarang-monitor"}
    cat = {"command": ["bash", "-lc", "cat sarang/config.py"], "workdir": "/repo/sarang-monitor"}
    patch = (
        "*** Begin Patch\n*** Update File: sarang/config.py\n@@\n-HUMIDITY_ALARM_PCT = 80\n"
        "+HUMIDITY_ALARM_PCT = 85\n*** End Patch"
    )
    config_after = (
        "import os\n\nHUMIDITY_ALARM_PCT = 85\nTEMP_ALARM_C = 31\n\n"
        'THRESHOLD = int(os.environ.get("SARANG_RH_ALARM", HUMIDITY_ALARM_PCT))\n'
    )
    t.step("Saya jalankan tesnya dulu.", C("shell", pytest, j({"output": fail, "exit_code": 1}), error=True))
    t.step(
        "Ambangnya 80. Saya lihat konfigurasinya.",
        C("shell", cat, j({"output": config_after.replace("85", "80", 1), "exit_code": 0})),
    )
    t.step(
        "Saya ubah ambang menjadi 85.",
        C("apply_patch", {"input": patch}, "Success. Updated: M sarang/config.py"),
    )
    a_steps = []
    for _ in range(3):
        a_steps.append(
            t.step(
                "Saya jalankan ulang tesnya.",
                C("shell", dict(pytest), j({"output": fail, "exit_code": 1}), error=True),
            )
        )
        if len(a_steps) == 3:
            break
        t.step(
            "Masih 80 di tes. Saya cek lagi config.py.",
            C("shell", dict(cat), j({"output": config_after, "exit_code": 0})),
        )
        t.step(
            "Saya terapkan lagi perubahan ambangnya.",
            C(
                "apply_patch",
                {"input": patch},
                "error: patch failed: sarang/config.py:3\nerror: sarang/config.py: patch does not apply",
                error=True,
            ),
        )
    t.step(
        "Masih gagal. Saya cek lagi config.py.",
        C("shell", dict(cat), j({"output": config_after, "exit_code": 0})),
    )
    return t.loop(
        ["alternation", "identical_call"],
        a_steps[2],
        f"The threshold in config.py is already 85 after the first patch; the test still sees 80 because "
        "SARANG_RH_ALARM is set in the test environment, which the agent never looks at. From the first "
        "re-run "
        "it cycles pytest, cat config.py, the same patch (rejected as already applied): A B C A B C [A]. The "
        f"third identical pytest with no effective edit in between, step {a_steps[2]}, is the onset.",
    )


@loop("sericulture-sql-column-guesses")
def sericulture_sql_column_guesses(sid: str) -> Trace:
    t = Trace(
        sid,
        "A SQL agent for a silkworm rearing station guesses a column name again and again.",
        domain="sericulture (silkworm rearing rooms)",
        language="Chinese (Simplified)",
        harness="SQL data agent (run_sql over PostgreSQL)",
        ids="mistral",
        start="2026-05-18T16:20:00+08:00",
    )
    t.user("请统计上周五龄蚕饲育室（R1–R6）的日平均温度和湿度，找出温度超过26℃的房间。")
    guesses = ["temperature", "temp", '"温度"', "room_temp", "t_celsius"]
    texts = [
        "我先按房间和日期汇总温度和湿度。",
        "列名不对，可能是缩写 temp。",
        "也许列名是中文。",
        "再试 room_temp。",
        "换成 t_celsius 试试。",
    ]
    steps = []
    for tx, col in zip(texts, guesses, strict=True):
        sql = (
            f"SELECT room_id, date_trunc('day', logged_at) AS d, avg({col}) AS t, avg(rh) AS rh\n"
            "FROM rearing_log WHERE instar = 5 AND logged_at >= now() - interval '7 days'\n"
            "GROUP BY 1, 2 ORDER BY 1, 2;"
        )
        bare = col.strip('"')
        err = (
            f"ERROR:  column \"{bare}\" does not exist\nLINE 1: SELECT room_id, date_trunc('day', "
            f"logged_at) AS d, avg({col})"
        )
        steps.append(t.step(tx, C("run_sql", {"sql": sql}, err, error=True)))
    return t.loop(
        ["error_streak", "same_tool"],
        steps[3],
        "Each query guesses another temperature column and fails with the same 'column does not exist' "
        "error; the agent never lists the table's columns (information_schema or \\d rearing_log). The 4th "
        f"failure, step {steps[3]}, is the onset.",
    )


@loop("truffle-harvest-weight-schema")
def truffle_harvest_weight_schema(sid: str) -> Trace:
    t = Trace(
        sid,
        "A truffle-orchard agent keeps sending the harvest weight as text to an MCP tool that wants grams.",
        domain="truffle orchards (dog hunts, harvest register)",
        language="Italian",
        harness="MCP tool agent (server__tool names)",
        ids="bedrock",
        start="2026-11-12T07:45:00+01:00",
    )
    t.user(
        "Registra la raccolta di stamattina nella tartufaia di Monte Castello: cane Brina, 120 grammi di "
        "Tuber magnatum, pianta ospite quercia n. 17."
    )
    t.step(
        "Controllo l'anagrafica dei cani.",
        C(
            "tartufaia__elenco_cani",
            {"tartufaia": "monte-castello"},
            j({"cani": [{"id": 3, "nome": "Brina"}, {"id": 5, "nome": "Tosca"}]}),
        ),
    )
    base = {"tartufaia": "monte-castello", "cane_id": 3, "specie": "Tuber magnatum", "pianta": 17}
    attempts = [
        ({"peso": "120 g"}, "campo sconosciuto: peso; campo obbligatorio mancante: peso_g"),
        ({"peso_g": "120 g"}, "peso_g: deve essere un intero (grammi)"),
        ({"peso_g": "120"}, "peso_g: deve essere un intero (grammi)"),
        ({"peso_g": "centoventi"}, "peso_g: deve essere un intero (grammi)"),
        ({"peso_g": "120,0"}, "peso_g: deve essere un intero (grammi)"),
    ]
    texts = [
        "Registro la raccolta.",
        "Il campo si chiama peso_g. Riprovo.",
        "Tolgo l'unità di misura.",
        "Forse lo vuole scritto per esteso.",
        "Provo con la virgola decimale.",
    ]
    steps = []
    for tx, (extra, msg) in zip(texts, attempts, strict=True):
        body = j({"ok": False, "errors": [{"campo": msg.split(":")[0], "messaggio": msg}]})
        steps.append(t.step(tx, C("tartufaia__registra_raccolta", {**base, **extra}, body)))
    return t.loop(
        ["error_streak"],
        steps[3],
        f"After the field name is fixed, peso_g is sent as a string three times although the error says it "
        "must be an integer; the failures come only in the body (ok false, is_error false). The 4th "
        f"rejection, step {steps[3]}, is the onset.",
    )


@loop("samba-float-budget-redelegated")
def samba_float_budget_redelegated(sid: str) -> Trace:
    t = Trace(
        sid,
        "A samba-school orchestrator re-delegates the float budget although two reports already agree.",
        domain="samba school carnival (floats, materials budget)",
        language="Portuguese (Brazil)",
        harness="orchestrator delegating to sub-agents (delegate)",
        ids="plain",
        start="2026-01-20T19:00:00-03:00",
    )
    t.user(
        "Preciso do custo total do carro alegórico 'Guardiões do Mar' para a reunião da diretoria amanhã. "
        "Peça ao orçamentista e me passe o número."
    )
    reports = [
        "Custo total do carro 'Guardiões do Mar': R$ 48.300 (ferragem 21.400; isopor e fibra 9.900; "
        "tecidos e plumas 11.200; mão de obra 5.800).",
        "Conferido: R$ 48.300,00 no total — ferragem R$ 21,4 mil, isopor/fibra R$ 9,9 mil, tecidos R$ 11,2 "
        "mil, mão de obra R$ 5,8 mil. Sem divergências com as notas do barracão.",
        "Total R$ 48,3 mil. Composição igual à anterior (ferragem, isopor/fibra, tecidos/plumas, mão de "
        "obra).",
        "Refeito do zero a partir das notas: 48.300 reais.",
    ]
    briefs = [
        (
            "Vou pedir ao orçamentista.",
            "Calcule o custo total do carro 'Guardiões do Mar' a partir das notas.",
        ),
        ("Quero ter certeza. Peço uma conferência.", "Confira o custo total do carro 'Guardiões do Mar'."),
        (
            "Vou pedir mais uma verificação antes de responder.",
            "Verifique de novo o custo do 'Guardiões do Mar'.",
        ),
        ("Para garantir, peço que refaça do zero.", "Refaça do zero o orçamento do 'Guardiões do Mar'."),
    ]
    steps = []
    for (tx, brief), rep in zip(briefs, reports, strict=True):
        steps.append(t.step(tx, C("delegate", {"agent": "orcamentista", "task": brief}, j({"report": rep}))))
    return t.loop(
        ["same_tool"],
        steps[2],
        "The first two reports agree (R$ 48.300 with the same breakdown); delegating the same task again "
        "adds "
        f"nothing. The 3rd delegation, step {steps[2]}, is the onset; a fourth follows and the user never "
        f"gets the number.",
    )


@loop("saffron-restated-plan-lot-reads")
def saffron_restated_plan_lot_reads(sid: str) -> Trace:
    t = Trace(
        sid,
        "A saffron co-op support agent restates its three-part plan and re-reads the same lot each turn.",
        domain="saffron cooperative (PDO lots, moisture, certificates)",
        language="Spanish",
        harness="support agent, OpenAI-style function tools",
        ids="openai_chat",
        start="2026-11-05T11:10:00+01:00",
    )
    t.user(
        "Necesito el certificado DOP Azafrán de La Mancha del lote AZ-26-118 para un cliente en Lyon. "
        "¿Me lo puede emitir hoy?"
    )
    lot = j(
        {
            "lote": "AZ-26-118",
            "peso_g": 2400,
            "cosecha": "2026-10-28",
            "humedad_pct": None,
            "analisis_iso3632": "pendiente_registro",
            "estado": "tostado",
        }
    )
    plan = (
        "Voy a comprobar el lote AZ-26-118, después la humedad y el análisis ISO 3632, y luego "
        "emitiré el certificado."
    )
    texts = [
        plan,
        "De acuerdo. " + plan,
        "Perfecto. Como le decía: " + plan[0].lower() + plan[1:],
        "Entendido. " + plan,
    ]
    steps = [t.step(tx, C("lotes.consultar", {"lote": "AZ-26-118"}, lot)) for tx in texts]
    return t.loop(
        ["narration", "identical_call"],
        steps[2],
        "Each turn repeats the same plan and the same lot read with the same result (moisture missing, "
        "analysis pending); the agent never moves to the analysis or tells the user what is missing. The 3rd "
        f"identical read, step {steps[2]}, comes before the 4th restatement and is the onset.",
    )


@loop("kimono-booking-announced")
def kimono_booking_announced(sid: str) -> Trace:
    t = Trace(
        sid,
        "A kimono rental agent announces the booking turn after turn but never calls the booking tool.",
        domain="kimono rental shop (visiting-kimono bookings, dressing slots)",
        language="Japanese",
        harness="booking chatbot with harness auto-continue messages",
        ids="gemini_cli",
        start="2026-03-28T09:05:00+09:00",
    )
    t.user("明日10時から、訪問着を2名分レンタル予約したいです。名前は佐藤、着付けもお願いします。")
    t.step(
        "在庫を確認します。",
        C(
            "kimono_check_stock",
            {"date": "2026-03-29", "type": "houmongi", "count": 2, "dressing": True},
            j({"available": 5, "dressing_slots": ["09:30", "10:00", "10:30"]}),
        ),
    )
    texts = [
        "在庫と着付け枠がございます。それでは佐藤様のご予約を確定いたします。",
        "承知しました。これから佐藤様2名分の訪問着と着付けのご予約を確定します。",
        "では、10時の着付け枠で予約を確定いたします。少々お待ちください。",
        "予約の確定処理を行います。",
        "ただいま予約を確定しております。",
    ]
    steps = []
    for i, tx in enumerate(texts):
        steps.append(t.step(tx))
        if i < len(texts) - 1:
            t.system("[harness] 直前の応答にツール呼び出しがありません。タスクを続行してください。")
    return t.loop(
        ["narration"],
        steps[3],
        f"After the stock check the agent only announces the booking; kimono_book is never called and the "
        f"harness keeps nudging. The 4th announcement, step {steps[3]}, is the onset.",
    )


@loop("pcbang-frozen-settlement")
def pcbang_frozen_settlement(sid: str) -> Trace:
    t = Trace(
        sid,
        "A PC-bang agent polls a seat settlement that cannot finish because the seat terminal is offline.",
        domain="PC bang (internet café seat sessions and settlement)",
        language="Korean",
        harness="ops agent with camelCase tools (Google ADK style)",
        ids="adk",
        start="2026-02-14T23:40:00+09:00",
    )
    t.user("17번 좌석 정산이 안 끝났어요. 정산 끝나면 금액 알려주세요.")
    status = j(
        {
            "seatNo": 17,
            "state": "PENDING_SETTLEMENT",
            "minutesUsed": 184,
            "charge": 5520,
            "terminalOnline": False,
            "lastHeartbeat": "2026-02-14T23:31:07+09:00",
        }
    )
    polls = []
    texts = [
        "좌석 상태를 확인하겠습니다.",
        "아직 정산 대기 중입니다. 다시 확인합니다.",
        "다시 조회합니다.",
        "한 번 더 확인합니다.",
    ]
    for i, tx in enumerate(texts):
        polls.append(t.step(tx, C("getSeatSession", {"seatNo": 17}, status)))
        if i < len(texts) - 1:
            t.step("30초 기다리겠습니다.", C("wait", {"seconds": 30}, "waited 30s"))
    return t.loop(
        ["identical_call"],
        polls[2],
        f"The settlement stays PENDING with the same lastHeartbeat because the seat terminal is offline; the "
        f"agent waits and polls instead of settling manually or telling the user. The 3rd identical status, "
        f"step {polls[2]}, is the onset (the waits between polls do not reset the count).",
    )


@loop("rubber-tapping-system-toggle")
def rubber_tapping_system_toggle(sid: str) -> Trace:
    t = Trace(
        sid,
        "A rubber-plantation agent switches a plot's tapping system back and forth between d2 and d3.",
        domain="rubber plantation (latex tapping systems)",
        language="Thai",
        harness="plantation ops agent with camelCase tools",
        ids="bedrock",
        start="2026-08-11T05:30:00+07:00",
    )
    t.user("ช่วงนี้ฝนตกบ่อย ช่วยปรับระบบกรีดยางของแปลง B7 ให้เหมาะสมด้วย")
    t.step(
        "ขอดูข้อมูลแปลง B7 ก่อน",
        C(
            "getPlotInfo",
            {"plot": "B7"},
            j(
                {
                    "plot": "B7",
                    "system": "S/2 d2",
                    "rain_days_last_14": 9,
                    "bark_consumption_cm_month": 2.6,
                    "yield_kg_per_tap": 1.9,
                }
            ),
        ),
    )

    def toggle(system: str, text: str) -> int:
        return t.step(
            text,
            C(
                "setTappingSystem",
                {"plot": "B7", "system": system},
                j({"ok": True, "plot": "B7", "system": system}),
            ),
        )

    def read_back(system: str) -> None:
        t.step("ตรวจสอบค่าที่ตั้งไว้", C("getTappingSystem", {"plot": "B7"}, j({"plot": "B7", "system": system})))

    toggles = [toggle("S/2 d3", "ฝนตกบ่อย เปลี่ยนเป็นกรีดวันเว้นสองวัน (d3) เพื่อลดการสิ้นเปลืองเปลือก")]
    read_back("S/2 d3")
    toggles.append(toggle("S/2 d2", "แต่ d3 จะทำให้ผลผลิตต่อเดือนลดลง เปลี่ยนกลับเป็น d2"))
    toggles.append(toggle("S/2 d3", "อย่างไรก็ตามฝนตก 9 วันใน 14 วัน ควรใช้ d3 มากกว่า"))
    read_back("S/2 d3")
    toggles.append(toggle("S/2 d2", "ผลผลิตสำคัญกว่า เปลี่ยนเป็น d2 อีกครั้ง"))
    toggles.append(toggle("S/2 d3", "คิดอีกที ใช้ d3 ดีกว่า"))
    return t.loop(
        ["same_tool", "alternation"],
        toggles[3],
        "The agent flips the plot between S/2 d2 and S/2 d3 on the same two arguments (rain vs yield) "
        "without "
        f"new information or asking the user; read-backs are not toggles. The 4th toggle, step {toggles[3]}, "
        f"is the onset.",
    )


@loop("safari-reply-collapses")
def safari_reply_collapses(sid: str) -> Trace:
    t = Trace(
        sid,
        "A safari lodge agent's confirmation message collapses into one repeated sentence.",
        domain="safari lodge game drives (vehicles, guides)",
        language="Swahili",
        harness="lodge operations agent, OpenAI-style function tools",
        ids="openai_chat",
        start="2026-07-30T05:10:00+03:00",
    )
    t.user(
        "Wageni wanane wa chumba 4 na 6 wanataka safari ya asubuhi kesho saa 12:00 asubuhi. Panga magari na "
        "kiongozi."
    )
    t.step(
        "Naangalia nafasi za magari kesho asubuhi.",
        C(
            "game_drive.bookings",
            {"date": "2026-07-31", "slot": "morning"},
            "vehicle,seats,booked,guide\nLC-1,7,3,Baraka\nLC-2,7,0,Neema\nLC-3,6,6,Juma\n",
        ),
    )
    t.step(
        "Nagawa wageni: wanne kwenye LC-1 na wanne kwenye LC-2.",
        C(
            "vehicles.assign",
            {
                "date": "2026-07-31",
                "slot": "morning",
                "assign": {"LC-1": ["4A", "4B", "4C", "4D"], "LC-2": ["6A", "6B", "6C", "6D"]},
            },
            j({"ok": True, "LC-1": {"booked": 7}, "LC-2": {"booked": 4, "guide": "Neema"}}),
        ),
    )
    rep = "Tafadhali thibitisha nafasi ya gari la pili. " * 26
    s = t.step(
        "Safari imepangwa: wageni wa chumba 4 wako kwenye LC-1 na Baraka, wa chumba 6 kwenye LC-2 na Neema, "
        "kuondoka saa 12:00 asubuhi. " + rep.strip()
    )
    return t.loop(
        ["degenerate_text"],
        s,
        f"The bookings succeed, but the final message at step {s} collapses after one sensible sentence "
        f"into the same request repeated 26 times; the onset is that step.",
    )


@loop("tulip-lot-description-repeats")
def tulip_lot_description_repeats(sid: str) -> Trace:
    t = Trace(
        sid,
        "A bulb-auction agent writes a lot description whose text collapses into one repeated word.",
        domain="tulip bulb growers (auction lots, hot-water treatment)",
        language="Dutch",
        harness="Google-ADK-style agent with snake_case tools",
        ids="adk",
        start="2026-09-08T07:00:00+02:00",
    )
    t.user(
        "Zet partij P-2231 ('Queen of Night', maat 12/+) klaar voor de veiling van donderdag, met "
        "omschrijving."
    )
    t.step(
        "Ik haal de partijgegevens op.",
        C(
            "partij_ophalen",
            {"partij": "P-2231"},
            ji(
                {
                    "partij": "P-2231",
                    "cultivar": "Queen of Night",
                    "maat": "12/+",
                    "aantal": 18000,
                    "kist": 24,
                }
            ),
        ),
    )
    t.step(
        "Controle van de warmwaterbehandeling.",
        C(
            "wwb_status",
            {"partij": "P-2231"},
            j(
                {
                    "partij": "P-2231",
                    "behandeld": True,
                    "temp_c": 43.5,
                    "duur_min": 180,
                    "datum": "2026-08-02",
                }
            ),
        ),
    )
    desc = "Tulipa 'Queen of Night', maat 12/+, 18.000 bollen, warmwaterbehandeld. Kleur: " + ", ".join(
        ["donker kastanjebruin zwart"] * 40
    )
    s = t.step(
        "Ik maak het veilingkavel aan.",
        C(
            "kavel_aanmaken",
            {"partij": "P-2231", "veiling": "2026-09-10", "omschrijving": desc},
            j({"ok": True, "kavel": "K-88417"}),
        ),
    )
    return t.loop(
        ["degenerate_text"],
        s,
        f"The description argument of kavel_aanmaken at step {s} collapses into one colour phrase repeated "
        f"40 times; the tool accepts it, so only the argument shows the loop. The onset is that step.",
    )


@loop("moose-licence-id-variants-404")
def moose_licence_id_variants_404(sid: str) -> Trace:
    t = Trace(
        sid,
        "A game-management agent fetches a moose licence under invented id formats; every one is a 404.",
        domain="moose hunting licences (hunting teams, quotas)",
        language="Swedish",
        harness="case agent with dotted REST tools",
        ids="mistral",
        start="2026-09-01T08:15:00+02:00",
    )
    t.user(
        "Hur många kalvar får Norrbyns jaktlag fälla i år enligt sin älglicens? Och hur många är redan "
        "fällda?"
    )
    t.step(
        "Jag söker upp jaktlaget.",
        C(
            "jaktlag.sok",
            {"namn": "Norrbyns jaktlag"},
            j({"jaktlag_id": "JL-88", "licenser": ["2026-ÄLG-0412"], "lan": "Västerbotten"}),
        ),
    )
    ids = ["LIC-2026-0412", "lic-2026-0412", "LIC-2026-412", "LIC2026-0412", "2026-ALG-0412"]
    texts = [
        "Jag hämtar licensen.",
        "Kanske skiftlägeskänsligt. Jag försöker med små bokstäver.",
        "Jag tar bort den inledande nollan.",
        "Utan bindestreck efter LIC.",
        "Jag försöker utan å/ä i id:t.",
    ]
    steps = []
    for tx, lid in zip(texts, ids, strict=True):
        body = f"HTTP/1.1 404 Not Found\nContent-Type: text/plain\n\nLicensen {lid} finns inte."
        steps.append(t.step(tx, C("licens.hamta", {"id": lid}, body, error=True)))
    return t.loop(
        ["same_tool", "error_streak"],
        steps[3],
        "The search returned the licence id 2026-ÄLG-0412, but the agent invents other formats and each is a "
        f"404. The 4th failure, step {steps[3]}, is the onset.",
    )


@loop("carpet-customs-declaration-resent")
def carpet_customs_declaration_resent(sid: str) -> Trace:
    t = Trace(
        sid,
        "A carpet exporter's agent re-submits the same customs declaration after it was accepted.",
        domain="hand-knotted carpet export (customs declarations)",
        language="Turkish",
        harness="export back-office agent with dotted tools",
        ids="named",
        start="2026-06-17T13:25:00+03:00",
    )
    t.user("HK-7781 siparişindeki iki el dokuma Hereke halısı için ihracat beyannamesini oluştur.")
    t.step(
        "Sipariş bilgilerini alıyorum.",
        C(
            "hali.getir",
            {"siparis": "HK-7781"},
            j(
                {
                    "siparis": "HK-7781",
                    "kalemler": [
                        {"tip": "Hereke ipek", "olcu": "200x300", "gtip": "5701.90.10"},
                        {"tip": "Hereke ipek", "olcu": "120x180", "gtip": "5701.90.10"},
                    ],
                    "alici": "Maison Darius, Paris",
                    "deger_eur": 38500,
                }
            ),
        ),
    )
    args = {"siparis": "HK-7781", "gtip": "5701.90.10", "adet": 2, "deger_eur": 38500, "ulke": "FR"}
    nos = ["26341300EX004417", "26341300EX004418", "26341300EX004421", "26341300EX004426"]
    texts = [
        "Beyannameyi oluşturuyorum.",
        "Kaydın oluştuğundan emin olmak için tekrar gönderiyorum.",
        "Onay numarasını teyit etmek için bir kez daha gönderiyorum.",
        "Son bir kez gönderip numarayı doğruluyorum.",
    ]
    steps = []
    for tx, no in zip(texts, nos, strict=True):
        body = j({"ok": True, "beyanname_no": no, "durum": "TESCIL_EDILDI"})
        steps.append(t.step(tx, C("gumruk.beyanname_olustur", dict(args), body)))
    return t.loop(
        ["identical_call"],
        steps[2],
        "The first submission was registered; every re-submission with identical arguments registers another "
        f"declaration (new numbers), so the agent is creating duplicates. The 3rd identical write, step "
        f"{steps[2]}, is the onset.",
    )


@loop("cardamom-bid-503-repeated")
def cardamom_bid_503_repeated(sid: str) -> Trace:
    t = Trace(
        sid,
        "A spice-auction agent re-sends the same bid into a paused e-auction session.",
        domain="cardamom spice e-auctions (lots, bids)",
        language="Hindi",
        harness="trading agent, Anthropic-style tool use",
        ids="anthropic",
        start="2026-10-09T14:50:00+05:30",
    )
    t.user("लॉट 27 (बोल्ड ग्रीन, 8mm, 1,200 किलो) पर ₹2,480 प्रति किलो तक बोली लगाओ।")
    t.step(
        "पहले लॉट की जानकारी देखता हूँ।",
        C(
            "auction_lot",
            {"session": "IDK-0912", "lot": 27},
            j({"lot": 27, "grade": "Bold Green 8mm", "qty_kg": 1200, "current_bid": 2410, "status": "open"}),
        ),
    )
    body = (
        "HTTP 503 Service Unavailable\n"
        '{"error":"SESSION_PAUSED","message":"नीलामी सत्र IDK-0912 रुका हुआ है, 15:30 IST पर फिर शुरू होगा"}'
    )
    steps = []
    for tx in (
        "₹2,420 की बोली लगाता हूँ।",
        "सर्वर त्रुटि आई। फिर से बोली भेजता हूँ।",
        "फिर 503। एक बार और कोशिश करता हूँ।",
        "दोबारा भेजता हूँ।",
        "बोली फिर से भेज रहा हूँ।",
    ):
        steps.append(
            t.step(
                tx, C("auction_bid", {"session": "IDK-0912", "lot": 27, "price_inr": 2420}, body, error=True)
            )
        )
    return t.loop(
        ["identical_call", "error_streak"],
        steps[3],
        f"The 503 body says the session is paused until 15:30; the agent re-sends the identical bid anyway. "
        f"Identical calls failing identically: the 4th failure, step {steps[3]}, is the onset.",
    )


@loop("saltworks-four-page-cycle")
def saltworks_four_page_cycle(sid: str) -> Trace:
    t = Trace(
        sid,
        "A research agent for salt-marsh workers cycles through the same four pages without answering.",
        domain="salt works (Guérande fleur de sel harvest)",
        language="French",
        harness="research agent (fetch_url)",
        ids="openai_chat",
        start="2026-07-16T18:30:00+02:00",
    )
    t.user(
        "Est-ce que je peux récolter la fleur de sel demain matin sur mes œillets à Guérande ? Regarde le "
        "vent, la pluie et les coefficients de marée."
    )
    pages = [
        (
            "https://meteo.example.fr/marine/guerande",
            "Demain : vent NE 15–20 km/h, rafales 30 ; pluie 0 mm ; ensoleillement 11 h.",
            "Je regarde d'abord la météo marine.",
        ),
        (
            "https://marees.example.fr/le-croisic",
            "Le Croisic, demain : PM 06:41 coef. 92 ; BM 12:58 ; PM 19:05 coef. 95.",
            "Puis les marées au Croisic.",
        ),
        (
            "https://paludiers.example.fr/cahier-des-charges",
            "Cahier des charges IGP : la fleur de sel est cueillie à la main en surface, par temps sec et "
            "venté.",
            "Je vérifie ce que dit le cahier des charges.",
        ),
        (
            "https://forum.example.fr/paludiers/t/vent-et-fleur",
            "Fil « vent de NE et fleur de sel » : avis partagés, 14 messages.",
            "Et l'avis des paludiers sur le forum.",
        ),
    ]
    firsts = []
    for rnd in range(3):
        for i, (url, body, tx) in enumerate(pages):
            s = t.step(
                tx if rnd == 0 else f"Je revérifie : {tx[0].lower()}{tx[1:]}",
                C("fetch_url", {"url": url}, f"200 OK\n\n{body}"),
            )
            if i == 0:
                firsts.append(s)
            if rnd == 2:
                break
    url, body, tx = pages[1]
    t.step(f"Je revérifie : {tx[0].lower()}{tx[1:]}", C("fetch_url", {"url": url}, f"200 OK\n\n{body}"))
    return t.loop(
        ["alternation"],
        firsts[2],
        "The first four fetches answer the question (dry, NE wind, coefficient 92); the agent then "
        "fetches the "
        "same four pages again with the same content. A B C D A B C D [A]: the third visit to the weather "
        f"page, step {firsts[2]}, is the onset.",
    )


@loop("choir-reminder-monologue")
def choir_reminder_monologue(sid: str) -> Trace:
    t = Trace(
        sid,
        "A choir-management agent keeps saying it will send the rehearsal reminder, with nothing in between.",
        domain="choir management (voice parts, rehearsal reminders)",
        language="Finnish",
        harness="assistant agent with dotted tools",
        ids="mistral",
        start="2026-04-22T17:00:00+03:00",
    )
    t.user(
        "Lähetä kaikille äänille muistutus: torstain harjoitus alkaa poikkeuksellisesti klo 18.30 Vanhassa "
        "kirkossa."
    )
    t.step(
        "Haen kuoron jäsenet.",
        C(
            "kuoro.jasenet",
            {"aani": "kaikki"},
            "aani | lkm\n-----+----\nS    | 11\nA    | 10\nT    |  8\nB    |  9\nyht. 38",
        ),
    )
    steps = [
        t.step(tx)
        for tx in (
            "Lähetän nyt harjoitusmuistutuksen kaikille äänille (S, A, T, B).",
            "Lähetän muistutuksen nyt kaikille 38 laulajalle.",
            "Selvä, muistutus torstain klo 18.30 harjoituksesta lähtee nyt kaikille äänille.",
            "Lähetän nyt harjoitusmuistutuksen.",
            "Muistutus lähtee nyt.",
        )
    ]
    return t.loop(
        ["narration"],
        steps[3],
        "After the member count the agent writes five consecutive messages announcing the send and never "
        f"calls a messaging tool. The 4th restatement, step {steps[3]}, is the onset.",
    )


@loop("fencing-red-card-kb-paraphrases")
def fencing_red_card_kb_paraphrases(sid: str) -> Trace:
    t = Trace(
        sid,
        "A fencing federation support agent paraphrases one knowledge-base search; the same two articles "
        "return.",
        domain="fencing tournaments (rules, penalty cards)",
        language="Polish",
        harness="support agent with knowledge-base search",
        ids="padded",
        start="2026-03-07T12:00:00+01:00",
    )
    t.user(
        "Zawodnik dostał czerwoną kartkę w szpadzie w momencie, gdy zadał trafienie. Czy trafienie się "
        "liczy, czy przeciwnik dostaje punkt, czy jedno i drugie?"
    )
    rows = [
        "| art. | tytuł | fragment |\n|---|---|---|\n"
        "| t.87 | Kary i kartki | Czerwona kartka: przeciwnik otrzymuje trafienie… |\n"
        "| t.120 | Tabela kar | Grupa 2: czerwona kartka przy pierwszym przewinieniu… |",
        "| art. | tytuł | fragment |\n|---|---|---|\n"
        "| t.120 | Tabela kar | Grupa 2: czerwona kartka przy pierwszym przewinieniu… |\n"
        "| t.87 | Kary i kartki | Czerwona kartka: przeciwnik otrzymuje trafienie… |",
    ]
    queries = [
        "kara czerwonej kartki szpada",
        "czerwona kartka przepisy FIE szpada",
        "co oznacza czerwona kartka w szermierce",
        "kartka czerwona trafienie anulowane szpada",
        "czerwona kartka a trafienie zawodnika ukaranego",
    ]
    texts = [
        "Szukam w bazie przepisów.",
        "Potrzebuję dokładniejszego przepisu. Inaczej sformułuję.",
        "Spróbuję pytania opisowego.",
        "Szukam konkretnie o anulowaniu trafienia.",
        "Jeszcze jedno sformułowanie.",
    ]
    steps = [
        t.step(tx, C("kb_search", {"q": q, "top_k": 3}, rows[i % 2]))
        for i, (tx, q) in enumerate(zip(texts, queries, strict=True))
    ]
    return t.loop(
        ["same_tool"],
        steps[3],
        f"Every paraphrase returns the same two articles (t.87, t.120) and the agent never opens them with "
        f"kb_get, where the answer is. The 4th search, step {steps[3]}, is the onset.",
    )
