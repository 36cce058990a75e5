"""Loops of agents: re-delegation with agreeing reports, restated plans, announced actions never taken, a
monologue, degenerate text in a reply and in a tool argument, and writes re-issued after success."""

from __future__ import annotations

from typing import Any

from blind21gen.builder import Trace, call, js, jsi, jsp, loop, table


@loop("test-stand-redelegation")
def test_stand_redelegation(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A rocket-engine test-stand orchestrator keeps re-delegating the same pressure-oscillation analysis "
        "and gets the same finding back.",
        domain="rocket engine test stand",
        language="en",
        ids="openai",
        harness="orchestrator with sub-agents",
        started="2026-09-09T17:25:00Z",
    )
    t.user(
        "Hot-fire HF-0914 showed chamber pressure ripple. Find the cause and tell me whether we can run the "
        "full-duration test on Friday."
    )
    t.say(
        "Pulling the run summary first.",
        call(
            "daq.run_summary",
            {"run": "HF-0914"},
            jsi(
                {
                    "run": "HF-0914",
                    "duration_s": 38.2,
                    "throttle_profile": [40, 62, 80, 100],
                    "pc_mean_bar": 41.7,
                    "pc_ripple_pct": {"40": 0.6, "62": 4.8, "80": 5.1, "100": 4.9},
                    "abort": False,
                }
            ),
        ),
    )
    reports = [
        "Chamber pressure spectrum shows a 1.82 kHz peak appearing at 62% throttle, matching the first "
        "tangential mode for this chamber. Ripple 4.8–5.1% peak-to-peak above 62%. Injector-coupled "
        "combustion instability likely; recommend baffle or acoustic cavity review before full duration.",
        "Spectral analysis: dominant 1.8 kHz component from the 62% step onward (1T acoustic mode). "
        "Amplitude "
        "about 5% of Pc. Consistent with combustion instability coupled to injector; full-duration run not "
        "advised until damping is added.",
        "Peak at ~1.82 kHz (first tangential) from 62% throttle, ~5% Pc ripple. Likely injector-coupled "
        "combustion instability. Recommend damping hardware review before a full-duration test.",
        "1T mode at 1.8 kHz from 62% throttle; ripple about 5%. Combustion instability; hold the "
        "full-duration test until the injector/damping review.",
    ]
    briefs = [
        (
            "Delegating the spectral analysis to the analyst.",
            "Analyse Pc oscillations in HF-0914: frequency, onset throttle, likely cause.",
        ),
        (
            "I want to be sure before advising; asking for an independent check.",
            "Double-check HF-0914 Pc oscillations: identify frequency and mechanism.",
        ),
        (
            "Let me have the analyst re-examine it with a focus on the mechanism.",
            "Re-examine HF-0914 chamber pressure ripple; focus on the physical mechanism.",
        ),
        (
            "One more pass to confirm the recommendation.",
            "Confirm HF-0914 oscillation cause and whether a full-duration test is safe.",
        ),
    ]
    dels = []
    for (text, task), report in zip(briefs, reports, strict=True):
        dels.append(
            t.say(
                text,
                call("delegate", {"agent": "combustion_analyst", "task": task, "run": "HF-0914"}, report),
            )
        )
    onset = dels[2]
    return t.loop(
        ["same_tool"],
        onset,
        f"The same analysis is delegated four times and every report agrees (1T mode at ~1.8 kHz from 62% "
        f"throttle, combustion instability). The 3rd delegation (step {onset}), after two agreeing reports, "
        "is the onset.",
    )


@loop("protein-fold-redelegation-renamed")
def protein_redelegation(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A protein-design orchestrator re-delegates the same fold check, once under a second sub-agent name, "
        "and gets the same low-confidence report.",
        domain="computational protein design",
        language="ja",
        ids="anthropic",
        harness="Claude Code (Task sub-agents)",
        started="2026-06-03T04:00:00Z",
    )
    t.user(
        "設計した結合タンパク質 DB-44 の配列が正しくフォールドしそうか確認して、"
        "実験に回すか判断してください。"
    )
    t.say(
        "配列ファイルを確認します。",
        call(
            "Read",
            {"file_path": "/work/designs/DB-44.fasta"},
            ">DB-44 designed binder v3\nMSEEKLKELAEKAIKLAKEGNPEEALKVLEEALKGGSGSGSGSGNPELIKKALELAKKAAEEG\n",
        ),
    )
    reports = [
        "予測完了。全体 pLDDT 71.3。残基 45–58(GS リンカー周辺)は pLDDT 38–45 で構造がほぼ決まらない。"
        "ヘリックス1と2は高信頼。リンカーを短くするか置換を推奨。",
        "DB-44: 平均 pLDDT 71、45–58 番が低信頼(40 前後)で無秩序。2 本のヘリックスは安定。"
        "このままだと結合面の配置が定まらないので、リンカー再設計を推奨します。",
        "pLDDT 71.3(全体)、45–58 は 38–45。リンカー部が無秩序。ヘリックスは安定。リンカー再設計推奨。",
    ]
    calls = [
        (
            "構造予測をサブエージェントに依頼します。",
            "structure-predictor",
            "DB-44 の構造を予測し、信頼度を報告して。",
        ),
        (
            "念のため別のエージェントにフォールドを確認させます。",
            "fold-checker",
            "DB-44 がフォールドするか独立に確認して。",
        ),
        (
            "判断に自信がないので、もう一度予測してもらいます。",
            "structure-predictor",
            "DB-44 の予測をやり直し、低信頼領域を詳しく。",
        ),
    ]
    dels = []
    for (text, agent, prompt), report in zip(calls, reports, strict=True):
        dels.append(
            t.say(
                text,
                call(
                    "Task",
                    {"subagent_type": agent, "description": "DB-44 fold check", "prompt": prompt},
                    report,
                ),
            )
        )
    t.say(
        "最終確認のため、fold-checker にもう一度聞きます。",
        call(
            "Task",
            {
                "subagent_type": "fold-checker",
                "description": "DB-44 fold check",
                "prompt": "DB-44 の最終確認。",
            },
            "DB-44: pLDDT 71、45–58 が無秩序(約 40)。リンカーの再設計を推奨。",
        ),
    )
    onset = dels[2]
    return t.loop(
        ["same_tool"],
        onset,
        f"One fold check is delegated four times, under two sub-agent names; every report agrees (pLDDT ~71, "
        f"residues 45–58 disordered, redesign the linker). The 3rd delegation (step {onset}) is the onset; a "
        "second name for the same task is still a re-delegation.",
    )


@loop("wifi-heatmap-restated-plan")
def wifi_heatmap_plan(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A Wi-Fi site-survey agent restates the same plan to re-check one heatmap and varies only the "
        "resolution; the dead zone never changes.",
        domain="enterprise Wi-Fi site survey",
        language="en",
        ids="bedrock",
        harness="Bedrock network agent",
        started="2026-02-20T12:10:00Z",
    )
    t.user(
        "Staff on the 3rd floor say calls drop near the east stairwell. Check the survey and recommend where "
        "to add an access point."
    )
    dead = jsp(
        {
            "floor": 3,
            "band": "5GHz",
            "dead_zones": [
                {"area": "east stairwell / room 3.18", "rssi_dbm": -81, "bbox_m": [41.0, 6.0, 52.5, 14.0]}
            ],
            "coverage_pct": 92.4,
        }
    )
    t.say(
        "Loading the AP inventory for floor 3.",
        call(
            "wlan.list_aps",
            {"floor": 3},
            table(
                ["ap", "model", "x_m", "y_m", "channel_5g", "tx_dbm"],
                [
                    ["AP-3-01", "C9136", 8.0, 10.0, 36, 17],
                    ["AP-3-02", "C9136", 24.5, 9.0, 52, 17],
                    ["AP-3-03", "C9136", 33.0, 17.5, 100, 14],
                ],
            ),
        ),
    )
    texts = [
        (
            "I'll check the 3rd-floor 5 GHz heatmap for the dead zone near the east stairwell.",
            {"resolution_m": 1.0},
        ),
        (
            "Let me re-check the 3rd-floor heatmap near the east stairwell to confirm the dead zone, at "
            "finer "
            "resolution.",
            {"resolution_m": 0.5},
        ),
        (
            "To be sure about the dead zone by the east stairwell, I'll look at the 3rd-floor heatmap again.",
            {"resolution_m": 0.25},
        ),
        (
            "I'll re-check the east-stairwell area of the 3rd-floor heatmap once more before recommending a "
            "spot.",
            {"resolution_m": 0.5, "smooth": True},
        ),
        (
            "Checking the 3rd-floor heatmap near the east stairwell again.",
            {"resolution_m": 1.0, "smooth": True},
        ),
    ]
    msgs = []
    for text, extra in texts:
        msgs.append(t.say(text, call("survey.get_heatmap", {"floor": 3, "band": "5GHz", **extra}, dead)))
    onset = msgs[3]
    return t.loop(
        ["narration", "same_tool"],
        onset,
        f"Each message restates the plan to re-check the same heatmap, and the calls vary only resolution or "
        f"smoothing while the dead zone (-81 dBm at room 3.18) is identical. The 4th restatement (step "
        f"{onset}) is the onset; the AP list already showed no AP east of x=33 m.",
    )


@loop("music-school-announce-no-call")
def music_school_announce(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A music-school support agent announces a trial-lesson booking four times without calling the "
        "booking tool; the harness keeps nudging.",
        domain="music school lesson booking",
        language="de",
        ids="named",
        harness="support agent with harness nudges",
        started="2026-09-15T16:05:00Z",
    )
    t.user(
        "Hallo, ich möchte für meine Tochter Mia (8) eine Probestunde Geige buchen, am liebsten dienstags "
        "nachmittags."
    )
    t.say(
        "Ich schaue nach freien Terminen.",
        call(
            "findTrialSlots",
            {"instrument": "violine", "weekday": "di", "after": "14:00"},
            jsp(
                {
                    "slots": [
                        {"slot_id": "TS-2231", "lehrer": "Frau Novak", "beginn": "2026-09-22T16:30"},
                        {"slot_id": "TS-2232", "lehrer": "Frau Novak", "beginn": "2026-09-22T17:15"},
                    ]
                }
            ),
        ),
    )
    texts = [
        "Am Dienstag, 22.09., um 16:30 bei Frau Novak ist frei. Ich buche jetzt die Probestunde für Mia.",
        "Ich buche jetzt die Probestunde für Mia am Dienstag um 16:30 bei Frau Novak.",
        "Einen Moment, ich nehme die Buchung der Probestunde (Di, 16:30, Frau Novak) jetzt vor.",
        "Ich buche die Probestunde für Mia jetzt: Dienstag, 16:30, Frau Novak.",
    ]
    ann = []
    for text in texts:
        ann.append(t.say(text))
        t.system("[harness] Keine Tool-Aufrufe in der letzten Antwort. Setze die Aufgabe fort.")
    onset = ann[3]
    return t.loop(
        ["narration"],
        onset,
        f"The agent announces the same booking four times and never calls the booking tool; only harness "
        f"nudges answer (system messages do not start a turn). The 4th announcement (step {onset}) is the "
        "onset.",
    )


@loop("patrol-report-monologue")
def patrol_report_monologue(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A security-patrol reporting agent emits consecutive messages that restate the same plan to write "
        "the report, with nothing in between.",
        domain="security guard patrol reporting",
        language="es",
        ids="plain",
        harness="custom reporting agent",
        started="2026-03-08T06:30:00Z",
    )
    t.user("Prepara el informe de rondas de anoche del polígono Can Sant Joan para el cliente.")
    t.say(
        "Obtengo los registros de las rondas.",
        call(
            "patrols.get_log",
            {"site": "can-sant-joan", "night": "2026-03-07"},
            "ronda,vigilante,inicio,fin,puntos,incidencias\nR1,Ortega,22:00,22:47,18/18,0\n"
            "R2,Ortega,00:30,01:22,18/18,1 (puerta nave 4 abierta)\nR3,Ortega,03:00,03:41,17/18,0 "
            "(punto 11 no leído)\nR4,Ortega,05:15,05:58,18/18,0",
        ),
    )
    texts = [
        "Con estos datos voy a redactar el informe de rondas: resumen, incidencias y puntos no leídos.",
        "Ahora redacto el informe de rondas con el resumen, la incidencia de la nave 4 y el punto 11.",
        "Paso a redactar el informe: resumen de las cuatro rondas, incidencias y puntos no leídos.",
        "Voy a preparar el informe de rondas para el cliente con el resumen y las incidencias.",
        "Redacto ahora el informe de rondas con todos los datos.",
    ]
    msgs = [t.say(text) for text in texts]
    onset = msgs[3]
    return t.loop(
        ["narration"],
        onset,
        "After the log arrives, the agent emits five consecutive messages that restate the plan to write "
        "the "
        f"report and never write it; the first follows the tool result. The 4th restatement (step {onset}) "
        "is "
        "the onset.",
    )


@loop("gym-freeze-degenerate-reply")
def gym_freeze_degenerate(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A gym membership assistant freezes a membership correctly, then its reply collapses into repeated "
        "sentences.",
        domain="gym and fitness club membership",
        language="pt-PT",
        ids="responses",
        harness="OpenAI Responses agent",
        started="2026-01-05T19:55:00Z",
    )
    t.user("Olá, parti o pé e preciso de congelar a minha inscrição até ao fim de março. Sou o sócio 55102.")
    t.say(
        "Vou verificar a sua inscrição.",
        call(
            "members.get",
            {"member_id": "55102"},
            jsp(
                {
                    "member_id": "55102",
                    "nome": "Rui Carvalho",
                    "plano": "Anual Full",
                    "estado": "ativo",
                    "congelamentos_usados_2026": 0,
                    "max_congelamento_dias": 90,
                }
            ),
        ),
    )
    t.say(
        "Tem direito a até 90 dias. Vou congelar de hoje até 31 de março.",
        call(
            "members.freeze",
            {"member_id": "55102", "from": "2026-01-05", "to": "2026-03-31", "reason": "medical"},
            js({"ok": True, "freeze_id": "FZ-8830", "dias": 86, "proxima_cobranca": "2026-04-01"}),
        ),
    )
    unit = "A sua inscrição fica congelada até 31 de março e a próxima cobrança será a 1 de abril. "
    step = t.say(
        "Está feito, Rui. " + unit * 14 + "A sua inscrição fica congelada até 31 de março e a próxima"
    )
    return t.loop(
        ["degenerate_text"],
        step,
        f"The freeze succeeds, but the final reply (step {step}) repeats the same sentence fourteen times "
        "and "
        "breaks off mid-sentence: degenerate text in a single response.",
    )


@loop("packhouse-label-degenerate-arg")
def packhouse_label_arg(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An orchard packhouse agent writes a pallet label whose notes argument collapses into repeated text.",
        domain="orchard fruit packhouse",
        language="zh-Hans",
        ids="adk",
        harness="Google ADK agent",
        started="2026-10-21T01:40:00Z",
    )
    t.user("给批次 FJ-2026-1187 打托盘标签，备注写清楚等级、规格和存放的气调库。")
    t.say(
        "先查询批次信息。",
        call(
            "lots.get",
            {"lot": "FJ-2026-1187"},
            jsp(
                {
                    "lot": "FJ-2026-1187",
                    "品种": "富士",
                    "等级": "特级",
                    "规格": "80#",
                    "箱数": 60,
                    "库位": "CA-3",
                    "入库": "2026-10-20",
                }
            ),
        ),
    )
    unit = "富士 特级 80# 气调库CA-3 "
    step = t.say(
        "生成标签。",
        call(
            "label.create",
            {"lot": "FJ-2026-1187", "template": "pallet_a5", "notes": unit * 24},
            js({"ok": True, "label_id": "LB-55190", "warning": "notes truncated to 120 chars"}),
        ),
    )
    t.say("标签 LB-55190 已生成。")
    return t.loop(
        ["degenerate_text"],
        step,
        f"The notes argument of label.create at step {step} is one phrase repeated 24 times (the tool "
        "truncates it): degenerate text inside a tool argument.",
    )


@loop("bookstore-listing-reissued")
def bookstore_listing_reissued(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A used-bookstore agent re-creates the same marketplace listing after each success, getting a new "
        "listing id every time.",
        domain="used and antiquarian bookselling",
        language="en",
        ids="openai",
        harness="custom e-commerce agent",
        started="2026-04-28T10:00:00Z",
    )
    t.user(
        "List our first edition of 'The Remains of the Day' (1989, Faber, fine in fine jacket) on the "
        "marketplace at £420."
    )
    t.say(
        "Checking the item record.",
        call(
            "inventory.get_item",
            {"sku": "BK-10931"},
            jsp(
                {
                    "sku": "BK-10931",
                    "title": "The Remains of the Day",
                    "author": "Kazuo Ishiguro",
                    "publisher": "Faber and Faber",
                    "year": 1989,
                    "condition": "Fine/Fine",
                    "listed": False,
                }
            ),
        ),
    )
    args = {
        "sku": "BK-10931",
        "title": "The Remains of the Day - Kazuo Ishiguro - First Edition 1989",
        "price_gbp": 420,
        "condition": "fine",
        "jacket": "fine",
        "quantity": 1,
    }
    texts = [
        "Creating the listing.",
        "The listing is created. Let me make sure it is live by submitting it.",
        "Submitting the listing to confirm it went through.",
        "Creating the listing for BK-10931.",
    ]
    ids = ["MK-7731902", "MK-7731958", "MK-7732011", "MK-7732090"]
    writes = []
    for text, lid in zip(texts, ids, strict=True):
        writes.append(
            t.say(
                text, call("marketplace.create_listing", args, jsp({"listing_id": lid, "status": "active"}))
            )
        )
    onset = writes[2]
    return t.loop(
        ["identical_call"],
        onset,
        "The same create_listing succeeds every time and only the listing id changes (a volatile field); "
        "the "
        f"single copy is now listed several times. The 3rd identical write (step {onset}) is the onset.",
    )


@loop("fieldwork-alignment-redelegation")
def fieldwork_alignment(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A linguistics fieldwork orchestrator re-delegates forced alignment of one recording and gets the "
        "same failure report each time.",
        domain="linguistic fieldwork (audio annotation)",
        language="fi",
        ids="mistral",
        harness="multi-agent orchestrator",
        started="2026-08-12T08:45:00Z",
    )
    t.user("Kohdista äänitteen INA-2026-07 litterointi ja tee siitä ELAN-tiedosto.")
    reports = [
        "Kohdistus epäonnistui jaksoissa 14–22: litteroinnissa on 9 lausumaa, joita ei löydy äänestä "
        "(tiedosto päättyy 11:42, litterointi jatkuu 15:10 asti). Muut jaksot kohdistettu.",
        "Jaksot 1–13 kohdistettu. Jaksot 14–22 eivät kohdistu: ääni loppuu 11:42, mutta litteroinnissa on "
        "vielä 9 lausumaa. Tarkista, onko äänitteessä toinen osa.",
        "Kohdistus onnistui 13 jaksolle. Lausumat 14–22 puuttuvat äänestä (ääni päättyy 11:42).",
    ]
    texts = [
        "Annan kohdistuksen alignerille.",
        "Pyydän kohdistusta uudelleen; ehkä edellinen ajo meni pieleen.",
        "Kokeillaan vielä kerran kohdistusta koko tiedostolle.",
    ]
    dels = []
    for text, report in zip(texts, reports, strict=True):
        dels.append(
            t.say(
                text,
                call(
                    "delegate_task",
                    {
                        "agent": "aligner",
                        "task": "forced alignment",
                        "recording": "INA-2026-07.wav",
                        "transcript": "INA-2026-07.txt",
                    },
                    report,
                ),
            )
        )
    t.say(
        "Vielä yksi yritys.",
        call(
            "delegate_task",
            {
                "agent": "aligner",
                "task": "forced alignment",
                "recording": "INA-2026-07.wav",
                "transcript": "INA-2026-07.txt",
            },
            "Jaksot 14–22 eivät kohdistu; ääni loppuu 11:42.",
        ),
    )
    onset = dels[2]
    return t.loop(
        ["same_tool"],
        onset,
        f"The same alignment is delegated four times with the same brief, and every report agrees that "
        f"utterances 14–22 are missing from the audio (likely a second recording part). The 3rd delegation "
        f"(step {onset}) is the onset.",
    )


@loop("physio-sms-resent")
def physio_sms_resent(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A physiotherapy clinic assistant re-sends the same home-exercise SMS after each successful send.",
        domain="physical therapy clinic",
        language="ar",
        ids="bedrock",
        harness="Bedrock clinic agent",
        started="2026-05-17T10:20:00Z",
    )
    t.user("أرسل للمريضة سلمى حداد رابط برنامج التمارين المنزلية لإعادة تأهيل الركبة.")
    t.say(
        "أبحث عن بيانات المريضة والبرنامج.",
        call(
            "patients.find",
            {"name": "سلمى حداد"},
            jsp(
                {
                    "patient_id": "PT-3307",
                    "mobile": "+962790001234",
                    "program": "HEP-KNEE-ACL-2",
                    "program_url": "https://clinic.example/hep/PT-3307",
                }
            ),
        ),
    )
    args = {
        "to": "+962790001234",
        "template": "hep_link_ar",
        "params": {"name": "سلمى", "url": "https://clinic.example/hep/PT-3307"},
    }
    texts = [
        "أرسل الرابط الآن.",
        "تم الإرسال. سأعيد الإرسال للتأكد من وصول الرسالة.",
        "سأرسل الرابط مرة أخرى للتأكد.",
        "إعادة إرسال الرابط.",
    ]
    sends = []
    for i, text in enumerate(texts):
        sends.append(
            t.say(text, call("sms.send", args, js({"status": "queued", "message_id": f"SM{80551 + i * 7}"})))
        )
    onset = sends[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"The same SMS is sent four times; each send succeeds and only the message id changes. The 3rd "
        f"identical write (step {onset}) is the onset; the patient now has duplicate messages.",
    )
