"""Healthy runs in sessions held in languages other than English (the loop domains of ``loops_a``)."""

from __future__ import annotations

import json
from typing import Any

from .builder import C, Trace
from .registry import healthy


def j(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)


def ji(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=2)


@healthy("falconry-lab-result-completes")
def falconry_lab_result_completes(sid: str) -> Trace:
    t = Trace(
        sid,
        "A falconry agent polls an avian lab test that progresses from queued to a final result.",
        domain="falconry mews (veterinary lab results)",
        language="Arabic",
        harness="support/ops agent, OpenAI-style function tools",
        ids="plain",
        start="2026-10-04T07:00:00+04:00",
    )
    t.user("أرسلنا عينة من الصقر «ريح» لفحص الرشاشيات أمس. انتظر النتيجة وأخبرني بها.")
    states = [
        {"sample": "S-7781", "status": "queued", "position": 3},
        {"sample": "S-7781", "status": "running", "progress_pct": 38},
        {"sample": "S-7781", "status": "running", "progress_pct": 71},
        {
            "sample": "S-7781",
            "status": "complete",
            "result": {"aspergillus_pcr": "negative", "galactomannan_index": 0.21, "reference": "< 0.5"},
        },
    ]
    texts = ["سأتحقق من حالة العينة.", "ما زالت قيد الانتظار.", "بدأ الفحص.", "أوشك على الانتهاء."]
    for i, (tx, st) in enumerate(zip(texts, states, strict=True)):
        t.step(tx, C("lab.sample_status", {"sample": "S-7781"}, j(st)))
        if i < 3:
            t.step("سأنتظر دقيقتين.", C("sleep", {"seconds": 120}, "ok"))
    t.step(
        "النتيجة: فحص PCR للرشاشيات سلبي، ومؤشر الغالاكتومانان 0.21 (الطبيعي أقل من 0.5). «ريح» سليم من "
        "الرشاشيات."
    )
    return t.healthy(
        "Polling the same sample id four times with sleeps in between, but every status is new (queued, 38%, "
        "71%, complete) and the agent stops at the result. Progressing poll, not a loop."
    )


@healthy("organ-temperament-edit-retest")
def organ_temperament_edit_retest(sid: str) -> Trace:
    t = Trace(
        sid,
        "A Claude-Code agent fixes an organ temperament calculator; the test is re-run after each edit.",
        domain="pipe-organ building (temperaments, pipe scaling)",
        language="German",
        harness="Claude-Code-style coding agent (Read/Edit/Bash)",
        ids="anthropic",
        start="2026-09-15T10:00:00+02:00",
    )
    t.user(
        "`test_werckmeister3` schlägt fehl. Die Abweichungen in Cent für Werckmeister III stimmen nicht. "
        "Bitte beheben."
    )
    run = {"command": "pytest -q tests/test_temperament.py", "description": "Temperament-Tests"}
    t.step(
        "Ich lasse den Test laufen.",
        C(
            "Bash",
            dict(run),
            "F...\nE   AssertionError: C#: erwartet -9.78 ct, erhalten -5.87 ct\n1 failed, 3 passed in 0.11s",
            error=True,
        ),
    )
    t.step(
        "Ich lese die Berechnung.",
        C(
            "Read",
            {"file_path": "/repo/orgelbau/temperament.py"},
            "  10\tPYTH_COMMA = 23.46\n  11\tdef werckmeister3():\n  12\t    narrow = PYTH_COMMA / 6\n"
            "  13\t    fifths = [narrow, narrow, narrow, 0, 0, 0, 0, narrow, 0, 0, 0, 0]\n",
        ),
    )
    t.step(
        "Werckmeister III verteilt das Komma auf vier Quinten zu je 1/4, nicht 1/6.",
        C(
            "Edit",
            {
                "file_path": "/repo/orgelbau/temperament.py",
                "old_string": "    narrow = PYTH_COMMA / 6",
                "new_string": "    narrow = PYTH_COMMA / 4",
            },
            "The file /repo/orgelbau/temperament.py has been updated.",
        ),
    )
    t.step(
        "Test erneut.",
        C(
            "Bash",
            dict(run),
            "F...\nE   AssertionError: H: erwartet -3.91 ct, erhalten -9.78 ct\n1 failed, 3 passed in 0.10s",
            error=True,
        ),
    )
    t.step(
        "C# stimmt jetzt; H ist falsch, weil die vierte temperierte Quinte H–Fis ist, nicht Cis–Gis.",
        C(
            "Edit",
            {
                "file_path": "/repo/orgelbau/temperament.py",
                "old_string": "    fifths = [narrow, narrow, narrow, 0, 0, 0, 0, narrow, 0, 0, 0, 0]",
                "new_string": "    fifths = [narrow, narrow, narrow, 0, 0, narrow, 0, 0, 0, 0, 0, 0]",
            },
            "The file /repo/orgelbau/temperament.py has been updated.",
        ),
    )
    t.step("Noch einmal die Tests.", C("Bash", dict(run), "....\n4 passed in 0.09s"))
    t.step("Behoben: Komma-Viertel statt -Sechstel und die temperierte Quinte H–Fis. Alle 4 Tests grün.")
    return t.healthy(
        "The same pytest command runs three times, but each run follows an edit and the failures differ "
        "(C#, then H, then none). Edit and re-run is progress."
    )


@healthy("glassblowing-lehr-log-cursor")
def glassblowing_lehr_log_cursor(sid: str) -> Trace:
    t = Trace(
        sid,
        "A glass-studio agent pages through a lehr firing log by cursor and summarises it.",
        domain="glassblowing studio (lehr firing logs)",
        language="Czech",
        harness="studio ops agent with dotted tools",
        ids="mistral",
        start="2026-08-22T16:00:00+02:00",
    )
    t.user("Projdi záznamy chladicí pece L2 za srpen a řekni mi, kolikrát výdrž klesla pod 30 minut.")
    pages = [
        (None, "k7Qx", [("08-01", 35), ("08-02", 40), ("08-04", 28), ("08-05", 35)]),
        ("k7Qx", "p2Lm", [("08-07", 32), ("08-08", 25), ("08-11", 35), ("08-12", 45)]),
        ("p2Lm", "z9Aa", [("08-14", 35), ("08-15", 35), ("08-18", 29), ("08-19", 31)]),
        ("z9Aa", None, [("08-20", 40), ("08-21", 35)]),
    ]
    texts = ["Načtu první stránku.", "Další stránka.", "Pokračuji.", "Poslední stránka."]
    for tx, (cur, nxt, rows) in zip(texts, pages, strict=True):
        body = ji({"zaznamy": [{"den": d, "vydrz_min": m} for d, m in rows], "dalsi_kurzor": nxt})
        t.step(tx, C("pec.historie", {"pec": "L2", "mesic": "2026-08", "kurzor": cur}, body))
    t.step("V srpnu klesla výdrž pod 30 minut třikrát: 4. 8. (28 min), 8. 8. (25 min) a 18. 8. (29 min).")
    return t.healthy(
        "Same tool four times with a new cursor each time and new rows on every page, ending when the cursor "
        "is null. Pagination, not a loop."
    )


@healthy("reindeer-collar-429-then-ok")
def reindeer_collar_429_then_ok(sid: str) -> Trace:
    t = Trace(
        sid,
        "A reindeer-herding agent retries a rate-limited GPS collar API twice and succeeds.",
        domain="reindeer herding (GPS collars, grazing areas)",
        language="Norwegian (Bokmål)",
        harness="herding ops agent, Bedrock tool use",
        ids="bedrock",
        start="2026-11-03T07:15:00+01:00",
    )
    t.user("Hvor er simlene med GPS-halsbånd i flokk 3 nå? Er noen utenfor vinterbeitet?")
    args = {"flokk": 3, "type": "simle"}
    t.step(
        "Henter siste posisjoner.",
        C("halsband.posisjoner", dict(args), "HTTP 429 Too Many Requests\nRetry-After: 20", error=True),
    )
    t.step("Venter 20 sekunder.", C("vent", {"sekunder": 20}, "ok"))
    t.step(
        "Prøver igjen.",
        C("halsband.posisjoner", dict(args), "HTTP 429 Too Many Requests\nRetry-After: 40", error=True),
    )
    t.step("Venter 40 sekunder.", C("vent", {"sekunder": 40}, "ok"))
    t.step(
        "Et nytt forsøk.",
        C(
            "halsband.posisjoner",
            dict(args),
            "id,lat,lon,tid,i_beite\nS-101,69.012,23.041,07:10,ja\nS-114,69.087,22.860,07:05,ja\n"
            "S-122,68.941,23.402,06:58,nei\nS-130,69.030,23.115,07:12,ja\n",
        ),
    )
    t.step(
        "Tre av fire simler er innenfor vinterbeitet. S-122 står utenfor, sørøst ved 68.941 N, 23.402 Ø "
        "(06:58)."
    )
    return t.healthy(
        "Two identical calls get 429 with Retry-After; the agent waits as told and the third identical call "
        "succeeds. A retry after transient errors that ends in success."
    )


@healthy("swiftlet-permit-503-escalates")
def swiftlet_permit_503_escalates(sid: str) -> Trace:
    t = Trace(
        sid,
        "A swiftlet-nest exporter's agent retries a failing permit portal twice, checks status, then "
        "escalates.",
        domain="swiftlet bird-nest farming (export health certificates)",
        language="Indonesian",
        harness="export back-office agent (Google ADK style)",
        ids="adk",
        start="2026-07-10T09:30:00+07:00",
    )
    t.user(
        "Ajukan sertifikat kesehatan ekspor untuk 120 kg sarang walet bersih, tujuan Guangzhou, batch "
        "SW-0710."
    )
    args = {"batch": "SW-0710", "berat_kg": 120, "tujuan": "CN-GZ", "jenis": "sarang_bersih"}
    body = "503 Service Unavailable\n<html><body><h1>Layanan sedang dalam pemeliharaan</h1></body></html>"
    t.step("Saya ajukan permohonannya.", C("izin_ekspor_ajukan", dict(args), body, error=True))
    t.step(
        "Portal sedang gangguan. Saya coba sekali lagi.",
        C("izin_ekspor_ajukan", dict(args), body, error=True),
    )
    t.step(
        "Saya cek halaman status portal.",
        C(
            "status_portal",
            {"layanan": "karantina-ekspor"},
            j(
                {
                    "layanan": "karantina-ekspor",
                    "status": "maintenance",
                    "perkiraan_selesai": "2026-07-10T15:00+07:00",
                }
            ),
        ),
    )
    t.step(
        "Portal dalam pemeliharaan sampai 15.00. Saya buat eskalasi ke staf ekspor.",
        C(
            "eskalasi_buat",
            {
                "tim": "ekspor",
                "ringkasan": "Pengajuan sertifikat SW-0710 tertunda: portal karantina maintenance s/d 15.00",
            },
            j({"tiket": "ESK-2291", "penanggung_jawab": "Bu Ratna"}),
        ),
    )
    t.step(
        "Portal karantina sedang pemeliharaan sampai pukul 15.00. Saya sudah membuat tiket ESK-2291 untuk "
        "Bu Ratna agar pengajuan SW-0710 dikirim setelah portal aktif."
    )
    return t.healthy(
        "Two identical submissions fail with 503; the agent then checks the portal status and hands the "
        "case to a person. Two attempts then a change of approach and a hand-off: healthy."
    )


@healthy("sericulture-sql-investigation")
def sericulture_sql_investigation(sid: str) -> Trace:
    t = Trace(
        sid,
        "A SQL agent investigates a silkworm mortality spike over 16 varied queries and answers.",
        domain="sericulture (rearing rooms, cocoon yields)",
        language="Chinese (Simplified)",
        harness="SQL data agent (run_sql over PostgreSQL)",
        ids="padded",
        start="2026-05-19T09:00:00+08:00",
    )
    t.user("R4饲育室本周五龄蚕死亡率突然升高。请查明原因，并和其他房间比较。")
    qa = [
        (
            "先看表结构。",
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'rearing_log';",
            "column_name | data_type\n------------+----------\nroom_id | text\ninstar | int\ntemp_c | "
            "numeric\nrh | numeric\nlogged_at | timestamptz",
        ),
        (
            "死亡记录表的结构。",
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'mortality';",
            "column_name\n-----------\nroom_id\nday\ndead\nalive_start\ncause_code",
        ),
        (
            "各房间本周死亡率。",
            "SELECT room_id, round(100.0*sum(dead)/max(alive_start),2) AS pct FROM mortality WHERE day >= "
            "current_date-7 GROUP BY 1 ORDER BY 2 DESC;",
            "room_id | pct\n--------+-----\nR4 | 6.80\nR2 | 1.10\nR1 | 0.90\nR6 | 0.85\nR3 | 0.80\nR5 | 0.70",
        ),
        (
            "R4按天。",
            "SELECT day, dead, alive_start FROM mortality WHERE room_id='R4' AND day >= current_date-7 "
            "ORDER BY day;",
            "day | dead | alive_start\n2026-05-12 | 40 | 18000\n2026-05-13 | 52 | 17960\n2026-05-14 | 310 "
            "| 17908\n2026-05-15 | 402 | 17598\n2026-05-16 | 255 | 17196",
        ),
        (
            "死亡原因编码。",
            "SELECT cause_code, sum(dead) FROM mortality WHERE room_id='R4' AND day >= current_date-7 "
            "GROUP BY 1;",
            "cause_code | sum\nFLA | 881\nUNK | 178",
        ),
        (
            "FLA 的含义。",
            "SELECT code, name_zh FROM cause_codes WHERE code IN ('FLA','UNK');",
            "code | name_zh\nFLA | 软化病（细菌性）\nUNK | 未明",
        ),
        (
            "R4 的温湿度日均。",
            "SELECT date(logged_at), round(avg(temp_c),1), round(avg(rh),1) FROM rearing_log WHERE "
            "room_id='R4' AND logged_at >= current_date-9 GROUP BY 1 ORDER BY 1;",
            "date | temp | rh\n05-10 | 25.1 | 74.0\n05-11 | 25.3 | 75.2\n05-12 | 26.8 | 86.5\n05-13 | 27.2 "
            "| 88.9\n05-14 | 27.0 | 89.3\n05-15 | 26.4 | 87.1\n05-16 | 25.6 | 80.2",
        ),
        (
            "对比其他房间同期湿度。",
            "SELECT room_id, round(avg(rh),1) FROM rearing_log WHERE logged_at >= current_date-7 GROUP BY "
            "1 ORDER BY 2 DESC;",
            "room_id | rh\nR4 | 86.2\nR2 | 76.4\nR1 | 75.8\nR3 | 75.0\nR6 | 74.9\nR5 | 74.1",
        ),
        (
            "查设备事件。",
            "SELECT ts, room_id, event FROM equipment_events WHERE ts >= current_date-10 ORDER BY ts;",
            "ts | room_id | event\n05-11 22:40 | R4 | dehumidifier DH-4 fault E07\n05-15 10:05 | R4 | DH-4 "
            "repaired\n05-13 08:00 | R2 | light timer reset",
        ),
        (
            "桑叶批次是否不同。",
            "SELECT room_id, leaf_batch FROM feeding WHERE day >= current_date-7 GROUP BY 1,2 ORDER BY 1;",
            "room_id | leaf_batch\nR1 | ML-0509\nR2 | ML-0509\nR3 | ML-0509\nR4 | ML-0509\nR5 | "
            "ML-0509\nR6 | ML-0509",
        ),
        (
            "蚕种批次。",
            "SELECT room_id, egg_lot FROM rooms ORDER BY 1;",
            "room_id | egg_lot\nR1 | E-26-03\nR2 | E-26-03\nR3 | E-26-04\nR4 | E-26-04\nR5 | E-26-04\nR6 | "
            "E-26-03",
        ),
        (
            "同批蚕种 R3/R5/R6 的死亡率正常，排除蚕种。看消毒记录。",
            "SELECT room_id, max(day) FROM disinfection GROUP BY 1 ORDER BY 1;",
            "room_id | max\nR1 | 2026-04-28\nR2 | 2026-04-28\nR3 | 2026-04-29\nR4 | 2026-04-29\nR5 | "
            "2026-04-30\nR6 | 2026-04-30",
        ),
        (
            "湿度超过85%的小时数。",
            "SELECT room_id, count(*) FROM rearing_log WHERE rh > 85 AND logged_at >= current_date-7 GROUP "
            "BY 1;",
            "room_id | count\nR4 | 71\nR2 | 2",
        ),
        (
            "湿度与次日死亡的关系。",
            "SELECT m.day, m.dead, r.rh FROM mortality m JOIN (SELECT date(logged_at)+1 AS d, avg(rh) rh "
            "FROM rearing_log WHERE room_id='R4' GROUP BY 1) r ON r.d=m.day WHERE m.room_id='R4' AND m.day "
            ">= current_date-7 ORDER BY 1;",
            "day | dead | rh\n05-12 | 40 | 75.2\n05-13 | 52 | 86.5\n05-14 | 310 | 88.9\n05-15 | 402 | "
            "89.3\n05-16 | 255 | 87.1",
        ),
        (
            "修复后湿度是否恢复。",
            "SELECT date_trunc('hour', logged_at) h, round(avg(rh),1) FROM rearing_log WHERE room_id='R4' "
            "AND logged_at >= '2026-05-15 10:00' GROUP BY 1 ORDER BY 1 DESC LIMIT 4;",
            "h | rh\n05-16 08:00 | 76.8\n05-16 07:00 | 77.5\n05-16 06:00 | 78.9\n05-16 05:00 | 80.4",
        ),
    ]
    for tx, sql, out in qa:
        t.step(tx, C("run_sql", {"sql": sql}, out))
    t.step(
        "结论：R4 本周死亡率 6.8%（其他房间 0.7–1.1%），主要为细菌性软化病（FLA，881 头）。5月11日晚除湿机 "
        "DH-4 故障，R4 湿度 5月12–15日维持在 86–89%，高于其他房间约 10 "
        "个百分点，死亡高峰滞后一天出现。桑叶和蚕种批次与"
        "正常房间相同，可排除。5月15日修复后湿度已降到 77% 左右。建议对 R4 加强石灰消毒并清除病蚕。"
    )
    return t.healthy(
        "A 16-step SQL investigation: every query asks something new (schema, rates, causes, climate, "
        "equipment, feed and egg lots, correlation) and the agent concludes. Long productive session."
    )


@healthy("truffle-dog-logs-fanout")
def truffle_dog_logs_fanout(sid: str) -> Trace:
    t = Trace(
        sid,
        "A truffle-orchard agent reads eight dog-hunt logs in one parallel batch and ranks the zones.",
        domain="truffle orchards (dog hunt GPS logs)",
        language="Italian",
        harness="MCP tool agent (server__tool names)",
        ids="openai_chat",
        start="2026-11-13T18:00:00+01:00",
    )
    t.user(
        "Quali zone della tartufaia hanno reso di più questa settimana? Guarda i registri di tutte le "
        "uscite dei cani."
    )
    t.step(
        "Elenco le uscite della settimana.",
        C(
            "tartufaia__uscite",
            {"tartufaia": "monte-castello", "settimana": "2026-W46"},
            j({"uscite": [f"U-{n}" for n in range(301, 309)]}),
        ),
    )
    zones = ["Q1", "Q2", "Q3", "Q1", "Q4", "Q2", "Q3", "Q1"]
    grams = [85, 40, 0, 120, 15, 60, 35, 95]
    dogs = ["Brina", "Tosca", "Brina", "Tosca", "Brina", "Tosca", "Brina", "Tosca"]
    calls = [
        C(
            "tartufaia__leggi_uscita",
            {"uscita": f"U-{301 + i}"},
            j(
                {
                    "uscita": f"U-{301 + i}",
                    "cane": dogs[i],
                    "zona": zones[i],
                    "grammi": grams[i],
                    "ritrovamenti": grams[i] // 20,
                }
            ),
        )
        for i in range(8)
    ]
    t.step("Leggo tutti gli otto registri insieme.", *calls, order=[3, 0, 7, 1, 5, 2, 6, 4])
    t.step(
        "Resa per zona questa settimana: Q1 300 g (3 uscite), Q2 100 g, Q3 35 g, Q4 15 g. Q1 è nettamente "
        "la più produttiva; in Q3 un'uscita di Brina è stata a vuoto."
    )
    return t.healthy(
        "One parallel batch of eight reads of different outings, answered out of order, then a summary. "
        "Fan-out over new targets, not repetition."
    )


@healthy("samba-subagents-different-tasks")
def samba_subagents_different_tasks(sid: str) -> Trace:
    t = Trace(
        sid,
        "A samba-school orchestrator sends four different tasks to sub-agents and assembles a rehearsal "
        "plan.",
        domain="samba school carnival (costumes, floats, percussion)",
        language="Portuguese (Brazil)",
        harness="orchestrator delegating to sub-agents (delegate)",
        ids="named",
        start="2026-01-21T18:30:00-03:00",
    )
    t.user(
        "Monte o plano do ensaio técnico de sábado: fantasias, carros, bateria e harmonia. Quero tudo numa "
        "página."
    )
    tasks = [
        (
            "figurinista",
            "Liste as alas com fantasias ainda incompletas e o prazo de entrega.",
            "Alas 7 e 12 incompletas (faltam 40 e 25 costeiros); entrega prevista quinta 18h.",
        ),
        (
            "engenheiro_carros",
            "Verifique se os carros 2 e 4 passam no teste de altura e giro.",
            "Carro 2 ok (8,9 m). Carro 4 precisa baixar o destaque central 30 cm para passar no viaduto.",
        ),
        (
            "mestre_bateria",
            "Defina o horário de aquecimento e as paradinhas do samba-enredo.",
            "Aquecimento 19h30 na concentração; 3 paradinhas: refrão do meio, 'mar de Iemanjá', final.",
        ),
        (
            "harmonia",
            "Planeje a ordem das alas e o tempo-alvo de desfile.",
            "28 alas, alvo 62 min; comissão de frente, casal de MS e PB, depois alas 1–28; recuo da "
            "bateria no 2º módulo.",
        ),
    ]
    for agent, task, rep in tasks:
        t.step(
            f"Peço à {agent.replace('_', ' ')}.",
            C("delegate", {"agent": agent, "task": task}, j({"report": rep})),
        )
    t.step(
        "Plano do ensaio técnico (sábado): aquecimento da bateria 19h30 na concentração; ordem: comissão "
        "de frente, "
        "casal, alas 1–28, alvo 62 min, recuo no 2º módulo, 3 paradinhas. Pendências: alas 7 e 12 recebem "
        "fantasias quinta às 18h; carro 4 deve baixar o destaque central 30 cm antes do viaduto."
    )
    return t.healthy(
        "Four delegations to four sub-agents with four different tasks, each report new; no task is sent "
        "twice. Orchestration, not re-delegation."
    )


@healthy("saffron-drying-temperature-sweep")
def saffron_drying_temperature_sweep(sid: str) -> Trace:
    t = Trace(
        sid,
        "A saffron co-op agent sweeps the drying temperature in a quality model and picks a setting.",
        domain="saffron cooperative (stigma drying, ISO 3632 quality)",
        language="Spanish",
        harness="analysis agent, OpenAI Responses function calls",
        ids="openai_responses",
        start="2026-11-06T10:00:00+01:00",
    )
    t.user(
        "¿A qué temperatura deberíamos tostar el azafrán este año para maximizar crocina sin pasarnos de "
        "humedad?"
    )
    rows = [
        (40, 212, 31, 14.5),
        (45, 228, 34, 12.0),
        (50, 241, 38, 10.1),
        (55, 236, 43, 8.7),
        (60, 219, 47, 7.9),
    ]
    for temp, cro, safr, hum in rows:
        t.step(
            f"Simulo el tostado a {temp} °C.",
            C(
                "simular_secado",
                {"temp_c": temp, "minutos": 35, "lote_modelo": "2026"},
                j({"temp_c": temp, "crocina_E440": cro, "safranal_E330": safr, "humedad_pct": hum}),
            ),
        )
    t.step(
        "A 50 °C la crocina es máxima (E440 = 241) y la humedad queda en 10,1 %, por debajo del 12 % de la "
        "categoría I. A 55 °C baja algo la crocina pero sube el safranal (43); a 60 °C cae la crocina. "
        "Recomiendo 50 °C durante 35 minutos."
    )
    return t.healthy(
        "Five calls to one simulator, each with a new temperature and a new result, then a choice. A "
        "parameter sweep, not a loop."
    )


@healthy("kimono-stock-rechecked-per-turn")
def kimono_stock_rechecked_per_turn(sid: str) -> Trace:
    t = Trace(
        sid,
        "A kimono rental agent re-checks stock when the customer asks again later, then books.",
        domain="kimono rental shop (stock, bookings)",
        language="Japanese",
        harness="booking chatbot (Gemini-CLI-style ids)",
        ids="gemini_cli",
        start="2026-03-29T08:00:00+09:00",
    )
    t.user("4月2日に振袖を1着借りたいのですが、空いていますか？")
    args = {"date": "2026-04-02", "type": "furisode", "count": 1}
    t.step("在庫を確認します。", C("kimono_check_stock", dict(args), j({"available": 0, "waitlist": 2})))
    t.step("申し訳ありません、4月2日の振袖は現在満席で、キャンセル待ちが2件あります。")
    t.user("キャンセルが出ていないか、もう一度見てもらえますか？")
    t.step("もう一度確認します。", C("kimono_check_stock", dict(args), j({"available": 1, "waitlist": 0})))
    t.step("キャンセルが出て、1着空きがございます。ご予約なさいますか？")
    t.user("はい、お願いします。名前は田中です。")
    t.step(
        "予約いたします。",
        C("kimono_book", {**args, "name": "田中"}, j({"ok": True, "booking": "KR-0402-117"})),
    )
    t.step("田中様、4月2日の振袖1着のご予約が完了しました。予約番号は KR-0402-117 です。")
    return t.healthy(
        "The identical stock check runs twice, each time answering a new user message, and the second result "
        "differs (a cancellation); then the booking succeeds. Counts start at each user message."
    )


@healthy("pcbang-settlement-completes")
def pcbang_settlement_completes(sid: str) -> Trace:
    t = Trace(
        sid,
        "A PC-bang agent polls a seat settlement that repeats its status twice and then completes.",
        domain="PC bang (seat settlement)",
        language="Korean",
        harness="ops agent with camelCase tools (Google ADK style)",
        ids="adk",
        start="2026-02-15T01:10:00+09:00",
    )
    t.user("22번 좌석 손님이 나가셨는데 정산 끝나면 금액 알려주세요.")
    pending = j({"seatNo": 22, "state": "PENDING_SETTLEMENT", "terminalOnline": True, "minutesUsed": 95})
    t.step("좌석 상태를 확인하겠습니다.", C("getSeatSession", {"seatNo": 22}, pending))
    t.step("20초 기다리겠습니다.", C("wait", {"seconds": 20}, "waited 20s"))
    t.step("다시 확인합니다.", C("getSeatSession", {"seatNo": 22}, pending))
    t.step("20초 더 기다리겠습니다.", C("wait", {"seconds": 20}, "waited 20s"))
    t.step(
        "다시 확인합니다.",
        C(
            "getSeatSession",
            {"seatNo": 22},
            j({"seatNo": 22, "state": "SETTLED", "minutesUsed": 95, "charge": 2850, "paidBy": "card"}),
        ),
    )
    t.step("정산 완료되었습니다. 95분 이용, 2,850원 카드 결제입니다.")
    return t.healthy(
        "Two polls return the same pending status (the terminal is online), the third returns SETTLED and "
        "the agent stops. A poll with repeated intermediate statuses that ends in completion is healthy."
    )


@healthy("rubber-plot-drc-narration")
def rubber_plot_drc_narration(sid: str) -> Trace:
    t = Trace(
        sid,
        "A rubber-plantation agent reads each plot's latex dry-rubber content and narrates in the same "
        "formula.",
        domain="rubber plantation (latex DRC per plot)",
        language="Thai",
        harness="plantation ops agent with camelCase tools",
        ids="bedrock",
        start="2026-08-12T06:00:00+07:00",
    )
    t.user("สรุปค่า DRC ของน้ำยางเมื่อเช้าทุกแปลงในโซน B ให้หน่อย")
    data = [
        ("B1", 34.2, 412),
        ("B2", 31.8, 388),
        ("B3", 36.0, 455),
        ("B4", 29.5, 301),
        ("B5", 33.1, 397),
        ("B6", 35.4, 420),
    ]
    prev = None
    for plot, drc, kg in data:
        tx = (
            f"แปลง {prev[0]}: DRC {prev[1]}% น้ำยาง {prev[2]} กก. ต่อไปแปลง {plot}"
            if prev
            else f"เริ่มที่แปลง {plot}"
        )
        t.step(
            tx,
            C(
                "getLatexReading",
                {"plot": plot, "date": "2026-08-12"},
                j({"plot": plot, "drc_pct": drc, "latex_kg": kg}),
            ),
        )
        prev = (plot, drc, kg)
    t.step(
        "แปลง B6: DRC 35.4% น้ำยาง 420 กก.\nสรุปโซน B: DRC เฉลี่ย 33.3% สูงสุดแปลง B3 (36.0%) ต่ำสุดแปลง B4 (29.5%) "
        "ซึ่งควรตรวจการเจือจางน้ำหรือความสะอาดถ้วยรับน้ำยาง"
    )
    return t.healthy(
        "Each step's narration follows the same formula ('plot X: DRC ..., next plot Y') but reports a new "
        "plot's new reading. Formulaic narration over new results, not restated intent."
    )


@healthy("safari-migration-research")
def safari_migration_research(sid: str) -> Trace:
    t = Trace(
        sid,
        "A research agent for a safari lodge refines searches that each bring new sources, then answers.",
        domain="safari lodge game drives (migration river crossings)",
        language="Swahili",
        harness="research agent (web_search/fetch_page)",
        ids="openai_chat",
        start="2026-07-01T09:00:00+03:00",
    )
    t.user("Ni wiki zipi za Agosti zenye uwezekano mkubwa wa kuona nyumbu wakivuka Mto Mara? Nataka vyanzo.")
    t.step(
        "Natafuta.",
        C(
            "web_search",
            {"q": "Mara river crossing wildebeest August peak weeks"},
            "1. Great Migration calendar – serengeti-parks.example/migration-calendar\n"
            "2. When to see river crossings – safari-guide.example/river-crossings",
        ),
    )
    t.step(
        "Nataka data, si ushauri wa jumla. Natafuta utafiti.",
        C(
            "web_search",
            {"q": "wildebeest Mara river crossing timing GPS collar study rainfall"},
            "1. Timing of Mara crossings and rainfall, J. Appl. Ecol. 2021 – "
            "doi.example/10.1111/1365-2664.13\n2. Serengeti GPS collar dataset – movebank.example/study/1118",
        ),
    )
    t.step(
        "Nasoma makala ya utafiti.",
        C(
            "fetch_page",
            {"url": "https://doi.example/10.1111/1365-2664.13"},
            "Abstract: Across 2012–2019, 71% of crossings occurred between 25 July and 20 August; onset "
            "tracked cumulative rainfall in the Loita plains ...",
        ),
    )
    t.step(
        "Naangalia mvua ya mwaka huu.",
        C(
            "web_search",
            {"q": "Loita plains rainfall 2026 June"},
            "1. Kenya Met monthly bulletin June 2026 – meteo.example.ke/bulletin/2026-06 (above average in "
            "Narok)",
        ),
    )
    t.step(
        "Nasoma taarifa ya hali ya hewa.",
        C(
            "fetch_page",
            {"url": "https://meteo.example.ke/bulletin/2026-06"},
            "Narok county: June rainfall 138% of long-term mean; pasture condition good.",
        ),
    )
    t.step(
        "Kwa mujibu wa utafiti (2012–2019), 71% ya mivuko hutokea kati ya 25 Julai na 20 Agosti, kulingana "
        "na mvua ya "
        "nyanda za Loita. Mvua ya Juni 2026 Narok ilikuwa 138% ya wastani, hivyo wiki mbili za kwanza za "
        "Agosti ndizo bora zaidi. Vyanzo: J. Appl. Ecol. 2021; Kenya Met, Juni 2026."
    )
    return t.healthy(
        "Three searches with refined queries, each returning new sources, plus two fetches of new pages, "
        "then an answer. Query refinement that makes progress, not paraphrase looping."
    )


@healthy("tulip-auction-results-pages")
def tulip_auction_results_pages(sid: str) -> Trace:
    t = Trace(
        sid,
        "A bulb-grower agent pages through auction results by page number and reports average prices.",
        domain="tulip bulb growers (auction results)",
        language="Dutch",
        harness="Google-ADK-style agent with snake_case tools",
        ids="adk",
        start="2026-09-11T13:00:00+02:00",
    )
    t.user(
        "Wat was de gemiddelde prijs per 1000 bollen voor 'Queen of Night' 12/+ op de veiling van gisteren?"
    )
    pages = [
        [("K-88401", "Queen of Night", "12/+", 412), ("K-88402", "Ballerina", "12/+", 388)],
        [("K-88417", "Queen of Night", "12/+", 430), ("K-88419", "Queen of Night", "11/12", 301)],
        [("K-88433", "Queen of Night", "12/+", 398), ("K-88440", "Negrita", "12/+", 205)],
    ]
    for n, rows in enumerate(pages, 1):
        body = "kavel;cultivar;maat;prijs_per_1000\n" + "\n".join(";".join(map(str, r)) for r in rows)
        body += f"\n-- pagina {n} van 3"
        t.step(
            f"Pagina {n} van de resultaten.",
            C("veiling_resultaten", {"datum": "2026-09-10", "pagina": n}, body),
        )
    t.step(
        "Drie kavels 'Queen of Night' 12/+: €412, €430 en €398 per 1000. Gemiddeld €413,33 per 1000 bollen."
    )
    return t.healthy(
        "Page numbers 1, 2, 3 of one result set, each page new, stopping at 'pagina 3 van 3'. Pagination."
    )


@healthy("moose-licence-check-report-recheck")
def moose_licence_check_report_recheck(sid: str) -> Trace:
    t = Trace(
        sid,
        "A game-management agent reads a licence, reports a kill, and reads the licence again to verify.",
        domain="moose hunting licences (kill reports, quotas)",
        language="Swedish",
        harness="case agent with dotted REST tools",
        ids="mistral",
        start="2026-09-06T17:40:00+02:00",
    )
    t.user(
        "Norrbyns jaktlag fällde en kalv i morse, vikt 72 kg. Rapportera den och bekräfta hur många kalvar "
        "som är kvar."
    )
    lic = {"id": "2026-ÄLG-0412"}
    t.step(
        "Hämtar licensen.",
        C(
            "licens.hamta",
            dict(lic),
            j({"id": "2026-ÄLG-0412", "kalv_tilldelning": 4, "kalv_fallda": 1, "vuxna_kvar": 2}),
        ),
    )
    t.step(
        "Rapporterar fällningen.",
        C(
            "fallning.rapportera",
            {"licens": "2026-ÄLG-0412", "kategori": "kalv", "vikt_kg": 72, "datum": "2026-09-06"},
            j({"ok": True, "rapport": "FR-20931"}),
        ),
    )
    t.step(
        "Kontrollerar att licensen är uppdaterad.",
        C(
            "licens.hamta",
            dict(lic),
            j({"id": "2026-ÄLG-0412", "kalv_tilldelning": 4, "kalv_fallda": 2, "vuxna_kvar": 2}),
        ),
    )
    t.step("Fällningen är rapporterad (FR-20931). Två av fyra kalvar är nu fällda, så två kalvar återstår.")
    return t.healthy(
        "The licence is read, a kill is reported, and the identical read verifies the change (fällda 1 to "
        "2). Check, act, re-check: an intentional double-check."
    )


@healthy("carpet-knot-density-fix")
def carpet_knot_density_fix(sid: str) -> Trace:
    t = Trace(
        sid,
        "A Codex-style agent fixes a carpet knot-density calculator through edit and test cycles with new "
        "errors.",
        domain="hand-knotted carpet export (knot density, valuation)",
        language="Turkish",
        harness="Codex-style coding agent (shell, apply_patch)",
        ids="openai_responses",
        start="2026-06-18T10:00:00+03:00",
    )
    t.user(
        "`test_knot_density` başarısız. Hereke halılar için dm² başına düğüm sayısı yanlış hesaplanıyor; "
        "düzelt."
    )
    run = {"command": ["bash", "-lc", "pytest -q tests/test_density.py"], "workdir": "/repo/hali"}

    def out(text: str, code: int) -> str:
        return j({"output": text, "exit_code": code})

    t.step(
        "Testleri çalıştırıyorum.",
        C("shell", dict(run), out("F.\nE   assert 10000 == 1000000\n1 failed, 1 passed", 1), error=True),
    )
    t.step(
        "Koda bakıyorum.",
        C(
            "shell",
            {"command": ["bash", "-lc", "sed -n 1,20p hali/density.py"], "workdir": "/repo/hali"},
            out("def knots_per_dm2(h_per_cm, v_per_cm):\n    return h_per_cm * v_per_cm * 100 * 100\n", 0),
        ),
    )
    t.step(
        "1 dm² = 100 cm²; çarpan 100 olmalı.",
        C(
            "apply_patch",
            {
                "input": "*** Begin Patch\n*** Update File: hali/density.py\n@@\n-    return h_per_cm * "
                "v_per_cm * 100 * 100\n+    return h_per_cm * v_per_cm * 100\n*** End Patch"
            },
            "Success. Updated: M hali/density.py",
        ),
    )
    t.step(
        "Tekrar test.",
        C(
            "shell",
            dict(run),
            out(
                ".F\nE   TypeError: knots_per_dm2() got an unexpected keyword argument 'per_inch'\n1 "
                "failed, 1 passed",
                1,
            ),
            error=True,
        ),
    )
    t.step(
        "İkinci test inç girişi bekliyor; parametre ekliyorum.",
        C(
            "apply_patch",
            {
                "input": "*** Begin Patch\n*** Update File: hali/density.py\n@@\n-def "
                "knots_per_dm2(h_per_cm, v_per_cm):\n"
                "-    return h_per_cm * v_per_cm * 100\n+def knots_per_dm2(h, v, per_inch=False):\n"
                "+    if per_inch:\n+        h, v = h / 2.54, v / 2.54\n+    return round(h * v * "
                "100)\n*** End Patch"
            },
            "Success. Updated: M hali/density.py",
        ),
    )
    t.step("Tekrar test.", C("shell", dict(run), out("..\n2 passed in 0.03s", 0)))
    t.step("Düzeltildi: dm² çarpanı 100 oldu ve inç girişi desteklendi. İki test de geçiyor.")
    return t.healthy(
        "pytest runs three times, each after a patch, with a different outcome each time (wrong factor, "
        "missing keyword, pass). Edit and re-run."
    )


@healthy("cardamom-bid-feed-stream")
def cardamom_bid_feed_stream(sid: str) -> Trace:
    t = Trace(
        sid,
        "A spice-auction agent reads a live bid feed with identical calls; each returns new bids until the "
        "lot closes.",
        domain="cardamom spice e-auctions (live bid feed)",
        language="Hindi",
        harness="trading agent, Anthropic-style tool use",
        ids="anthropic",
        start="2026-10-09T15:30:00+05:30",
    )
    t.user("लॉट 27 की नीलामी फिर शुरू हुई है। बोलियाँ देखते रहो और बताओ किस भाव पर बिका।")
    feeds = [
        "15:30:04 बोली ₹2,410 (B-17)\n15:30:21 बोली ₹2,425 (B-09)",
        "15:30:40 बोली ₹2,440 (B-17)\n15:31:02 बोली ₹2,452 (B-31)",
        "15:31:30 बोली ₹2,470 (B-09)",
        "15:31:55 बोली ₹2,476 (B-31)\n15:32:20 हथौड़ा: लॉट 27 बिका ₹2,476 पर (B-31)\n[feed closed]",
    ]
    texts = ["फ़ीड पढ़ता हूँ।", "नई बोलियाँ आ रही हैं, पढ़ता रहता हूँ।", "जारी है।", "अगला हिस्सा।"]
    for tx, f in zip(texts, feeds, strict=True):
        t.step(tx, C("auction_feed_read", {"session": "IDK-0912", "lot": 27}, f))
    t.step(
        "लॉट 27 ₹2,476 प्रति किलो पर खरीदार B-31 को बिका। हमारी सीमा ₹2,480 थी, लेकिन हम बोली में शामिल नहीं थे।"
    )
    return t.healthy(
        "Four identical read calls on a feed whose cursor lives on the server; every call returns new bids "
        "and the last one says the feed closed. Streaming read, not a loop."
    )


@healthy("saltworks-harvest-declaration-form")
def saltworks_harvest_declaration_form(sid: str) -> Trace:
    t = Trace(
        sid,
        "A computer-use agent fills a 16-step salt harvest declaration form and submits it.",
        domain="salt works (harvest declarations)",
        language="French",
        harness="computer-use agent (computer tool)",
        ids="openai_chat",
        start="2026-09-30T17:00:00+02:00",
    )
    t.user(
        "Remplis la déclaration de récolte de septembre sur le portail de la coopérative : gros sel 18,4 "
        "t, fleur de sel 1,15 t, 42 œillets, saline du Pouliguen. Soumets-la."
    )
    actions = [
        (
            "Je prends une capture.",
            {"action": "screenshot"},
            "Portail coopérative : Accueil. Menu : Déclarations (140,60).",
        ),
        (
            "J'ouvre Déclarations.",
            {"action": "left_click", "coordinate": [140, 60]},
            "Liste des déclarations ; bouton « Nouvelle » (900,120).",
        ),
        (
            "Nouvelle déclaration.",
            {"action": "left_click", "coordinate": [900, 120]},
            "Formulaire : Mois, Saline, Œillets, Gros sel (t), Fleur de sel (t).",
        ),
        (
            "Je choisis le mois.",
            {"action": "left_click", "coordinate": [420, 200]},
            "Liste déroulante ouverte : août, septembre, octobre.",
        ),
        ("Septembre.", {"action": "left_click", "coordinate": [420, 246]}, "Mois : septembre 2026."),
        ("Le champ Saline.", {"action": "left_click", "coordinate": [420, 250]}, "Champ Saline actif."),
        (
            "Je tape la saline.",
            {"action": "type", "text": "Le Pouliguen"},
            "Suggestion : « Saline du Pouliguen (PG-07) ».",
        ),
        (
            "Je prends la suggestion.",
            {"action": "key", "text": "Enter"},
            "Saline : Saline du Pouliguen (PG-07).",
        ),
        ("Le nombre d'œillets.", {"action": "left_click", "coordinate": [420, 300]}, "Champ Œillets actif."),
        ("Je saisis 42.", {"action": "type", "text": "42"}, "Œillets : 42."),
        (
            "Gros sel.",
            {"action": "left_click", "coordinate": [420, 350]},
            "Champ Gros sel actif (unité t, virgule décimale).",
        ),
        ("Je saisis 18,4.", {"action": "type", "text": "18,4"}, "Gros sel : 18,4 t."),
        ("Fleur de sel.", {"action": "left_click", "coordinate": [420, 400]}, "Champ Fleur de sel actif."),
        (
            "Je saisis 1,15.",
            {"action": "type", "text": "1,15"},
            "Fleur de sel : 1,15 t. Total calculé : 19,55 t.",
        ),
        (
            "Je vérifie l'ensemble.",
            {"action": "screenshot"},
            "Récapitulatif : sept. 2026, PG-07, 42 œillets, 18,4 t + 1,15 t. Bouton Soumettre (880,520).",
        ),
        (
            "Je soumets.",
            {"action": "left_click", "coordinate": [880, 520]},
            "Confirmation : déclaration DR-2026-09-0731 enregistrée.",
        ),
    ]
    for tx, a, res in actions:
        t.step(tx, C("computer", a, "Capture : " + res))
    t.step(
        "Déclaration de septembre soumise (DR-2026-09-0731) : 18,4 t de gros sel et 1,15 t de fleur de "
        "sel, 42 œillets."
    )
    return t.healthy(
        "A 17-step computer-use session where every click or keystroke changes the form and the last submits "
        "it. Long productive session with many calls to one tool."
    )


@healthy("choir-attendance-table")
def choir_attendance_table(sid: str) -> Trace:
    t = Trace(
        sid,
        "A choir agent reads each voice part's attendance and replies with a repetitive but valid table.",
        domain="choir management (attendance per voice part)",
        language="Finnish",
        harness="assistant agent with dotted tools",
        ids="mistral",
        start="2026-04-24T21:00:00+03:00",
    )
    t.user("Tee taulukko torstain harjoituksen läsnäolosta äänittäin.")
    parts = {"S": (11, 10), "A": (10, 10), "T": (8, 6), "B": (9, 9)}
    calls = [
        C("kuoro.lasnaolo", {"aani": p, "pvm": "2026-04-23"}, j({"aani": p, "jasenia": n, "lasna": m}))
        for p, (n, m) in parts.items()
    ]
    t.step("Haen läsnäolot kaikilta ääniltä.", *calls, order=[1, 3, 0, 2])
    table = (
        "| Ääni | Jäseniä | Läsnä | Poissa |\n|---|---|---|---|\n"
        "| S | 11 | 10 | 1 |\n| A | 10 | 10 | 0 |\n| T | 8 | 6 | 2 |\n| B | 9 | 9 | 0 |\n"
        "| Yhteensä | 38 | 35 | 3 |"
    )
    t.step(
        "Torstain harjoitus 23.4.:\n\n"
        + table
        + "\n\nTenoreista puuttui kaksi; muut äänet lähes täysilukuisia."
    )
    return t.healthy(
        "A parallel batch of four reads answered out of order, then a markdown table whose rows share a "
        "shape but carry different numbers. Repetitive but valid text."
    )


@healthy("fencing-pool-results-timeout-retry")
def fencing_pool_results_timeout_retry(sid: str) -> Trace:
    t = Trace(
        sid,
        "A fencing tournament agent retries one timed-out pool read, then reads all pools and seeds the DE "
        "table.",
        domain="fencing tournaments (pools, direct elimination seeding)",
        language="Polish",
        harness="tournament software agent",
        ids="padded",
        start="2026-03-08T12:30:00+01:00",
    )
    t.user("Pule się skończyły. Pobierz wyniki wszystkich pul i podaj rozstawienie do tabeli eliminacji.")
    t.step(
        "Pobieram pulę A.",
        C("pule_wyniki", {"pula": "A"}, "ETIMEDOUT: serwer FencingTime nie odpowiedział w 10 s", error=True),
    )
    t.step(
        "Przekroczony czas. Ponawiam.",
        C(
            "pule_wyniki",
            {"pula": "A"},
            j({"pula": "A", "V/M": {"Nowak": "5/6", "Kowalski": "4/6", "Wiśniewski": "2/6"}}),
        ),
    )
    results = {
        "B": {"Zieliński": "6/6", "Lewandowski": "3/6", "Dąbrowski": "3/6"},
        "C": {"Kamiński": "5/6", "Szymański": "4/6", "Woźniak": "1/6"},
        "D": {"Kaczmarek": "4/6", "Mazur": "4/6", "Krawczyk": "2/6"},
    }
    for p, res in results.items():
        t.step(f"Pula {p}.", C("pule_wyniki", {"pula": p}, j({"pula": p, "V/M": res})))
    t.step(
        "Obliczam rozstawienie.",
        C(
            "rozstawienie_oblicz",
            {"pule": ["A", "B", "C", "D"]},
            "1 Zieliński 1.000 +14\n2 Nowak .833 +11\n3 Kamiński .833 +9\n4 Kowalski .667 +6\n5 Szymański "
            ".667 +4\n6 Kaczmarek .667 +3\n7 Mazur .667 +2\n8 Lewandowski .500 0\n...",
        ),
    )
    t.step(
        "Rozstawienie: 1. Zieliński, 2. Nowak, 3. Kamiński, 4. Kowalski, 5. Szymański, 6. Kaczmarek, 7. "
        "Mazur, 8. Lewandowski…"
    )
    return t.healthy(
        "One timeout on pool A, one identical retry that succeeds, then a read of each other pool and the "
        "seeding. A transient error retried once, then fan-out."
    )
