"""Loops of look-ups: identical re-calls after empty or unhelpful results, frozen polls, trivially varied
arguments and paraphrased searches with overlapping results."""

from __future__ import annotations

from typing import Any

from blind21gen.builder import Trace, call, js, jsi, jsp, loop, table


@loop("herbarium-type-specimen-empty")
def herbarium_type_specimen(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A herbarium digitisation agent repeats the same specimen search after it comes back empty.",
        domain="herbarium specimen digitisation",
        language="en",
        ids="openai",
        harness="custom function-calling agent",
        started="2026-02-03T09:14:00Z",
    )
    t.user(
        "Can you find the holotype of Carex paupercula collected by J.D. Hooker in our collection, check "
        "whether it has been imaged, and give me the IIIF manifest link?"
    )
    t.say(
        "I'll first resolve the name against the taxonomic backbone.",
        call(
            "taxonomy.resolve_name",
            {"name": "Carex paupercula"},
            jsp(
                {
                    "input": "Carex paupercula",
                    "status": "synonym",
                    "accepted_name": "Carex magellanica subsp. irrigua",
                    "authority": "(Wahlenb.) Hultén",
                    "synonyms": ["Carex paupercula Michx.", "Carex irrigua (Wahlenb.) Sm. ex Hoppe"],
                }
            ),
        ),
    )
    query = {"taxon": "Carex paupercula", "collector": "Hooker", "type_status": "holotype"}
    empty = js({"total": 0, "results": [], "facets": {"type_status": {}}})
    attempts = [
        t.say(
            "The name is a synonym, but labels keep the original determination, so I'll search by it.",
            call("specimens.search", query, empty),
        )
    ]
    attempts.append(
        t.say(
            "No hits. The search index is sometimes behind the imaging queue; running the same search again.",
            call("specimens.search", query, empty),
        )
    )
    attempts.append(
        t.say("Still nothing. Let me try the search one more time.", call("specimens.search", query, empty))
    )
    attempts.append(t.say("Checking once more before I conclude.", call("specimens.search", query, empty)))
    t.say(
        "I could not find a holotype of Carex paupercula collected by Hooker in the specimen index. It may "
        "be filed under the accepted name Carex magellanica subsp. irrigua, or not yet catalogued."
    )
    onset = attempts[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"The same specimens.search with the same arguments returns an empty result four times; the 3rd "
        f"identical call (step {onset}) is the onset. The agent had the accepted name from step 1 and never "
        "tried it.",
    )


@loop("dmarc-reports-later-turn")
def dmarc_reports_later_turn(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An e-mail deliverability assistant re-requests the same empty DMARC aggregate report list in a "
        "second user turn.",
        domain="e-mail deliverability",
        language="de",
        ids="anthropic",
        harness="MCP client (Claude-style)",
        started="2026-03-12T07:41:00Z",
    )
    t.user(
        "Unsere Newsletter von versand.beispiel.de landen bei Gmail im Spam. Kannst du SPF und DKIM prüfen "
        "und dir die DMARC-Berichte vom 10. März ansehen?"
    )
    t.say(
        "Ich prüfe zuerst die DNS-Einträge und hole parallel die Aggregatberichte vom 10. März.",
        call(
            "dns__lookup_txt",
            {"name": "versand.beispiel.de"},
            '"v=spf1 include:_spf.mailhost.example ip4:203.0.113.24 -all"',
        ),
        call(
            "dmarc__list_aggregate_reports",
            {"domain": "versand.beispiel.de", "reporter": "google.com", "date": "2026-03-10"},
            jsi(
                {
                    "reports": [
                        {
                            "report_id": "11873349021774200",
                            "source_ip": "198.51.100.77",
                            "count": 18422,
                            "spf": "fail",
                            "dkim": "pass",
                            "disposition": "none",
                        },
                        {
                            "report_id": "11873349021774200",
                            "source_ip": "203.0.113.24",
                            "count": 2210,
                            "spf": "pass",
                            "dkim": "pass",
                            "disposition": "none",
                        },
                    ]
                }
            ),
        ),
    )
    t.say(
        "Der Großteil der Mails (18.422) kommt von 198.51.100.77, und diese IP fehlt im SPF-Eintrag. DKIM "
        "besteht, daher ist DMARC formal erfüllt, aber SPF schlägt fehl. Empfehlung: die IP des neuen "
        "Versanddienstleisters per include: in den SPF-Eintrag aufnehmen."
    )
    t.user("Ok, das haben wir gestern geändert. Was sagen die Google-Berichte von gestern, dem 11. März?")
    args = {"domain": "versand.beispiel.de", "reporter": "google.com", "date": "2026-03-11"}
    empty = js({"reports": []})
    attempts = [
        t.say("Ich rufe die Berichte vom 11. März ab.", call("dmarc__list_aggregate_reports", args, empty))
    ]
    attempts.append(
        t.say(
            "Noch keine Berichte vorhanden. Google liefert oft mit etwas Verzögerung; ich frage erneut ab.",
            call("dmarc__list_aggregate_reports", args, empty),
        )
    )
    attempts.append(
        t.say(
            "Weiterhin leer. Ich versuche es noch einmal.", call("dmarc__list_aggregate_reports", args, empty)
        )
    )
    attempts.append(
        t.say("Erneuter Abruf der Berichte vom 11. März.", call("dmarc__list_aggregate_reports", args, empty))
    )
    onset = attempts[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"In the second turn the same report query returns an empty list again and again; the 3rd identical "
        f"call (step {onset}) is the onset. The earlier call in turn 1 had another date and returned data, "
        "so "
        "it does not count. Google sends aggregate reports a day late; re-asking within the session cannot "
        "help.",
    )


@loop("qubit-calibration-frozen-poll")
def qubit_calibration_frozen_poll(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A quantum-hardware calibration agent keeps polling a Rabi calibration job whose progress and "
        "heartbeat never change.",
        domain="superconducting qubit calibration",
        language="en",
        ids="responses",
        harness="OpenAI Responses agent",
        started="2026-01-22T16:05:00Z",
    )
    t.user(
        "Recalibrate the pi-pulse amplitude on Q3 of chip fluxonium-B; the T1 drift alarm fired this morning."
    )
    t.say(
        "Submitting an amplitude Rabi sweep on Q3.",
        call(
            "qcal.submit",
            {
                "qubit": "Q3",
                "experiment": "rabi_amplitude",
                "amp_range": [0.0, 0.6],
                "points": 61,
                "shots": 2048,
            },
            jsp({"job_id": "cal-7c21", "state": "queued", "position": 1}),
        ),
    )
    t.say(
        "Queued. Checking the status.",
        call(
            "qcal.job_status",
            {"job_id": "cal-7c21"},
            jsp({"job_id": "cal-7c21", "state": "running", "progress": 0.1, "heartbeat": "16:06:40Z"}),
        ),
    )
    frozen = jsp({"job_id": "cal-7c21", "state": "running", "progress": 0.42, "heartbeat": "16:08:02Z"})
    seen = [
        t.say("Running. Polling again.", call("qcal.job_status", {"job_id": "cal-7c21"}, frozen)),
    ]
    seen.append(t.say("42% done; checking again.", call("qcal.job_status", {"job_id": "cal-7c21"}, frozen)))
    seen.append(
        t.say("Still at 42%. Polling once more.", call("qcal.job_status", {"job_id": "cal-7c21"}, frozen))
    )
    seen.append(t.say("Checking the job again.", call("qcal.job_status", {"job_id": "cal-7c21"}, frozen)))
    seen.append(t.say("Polling the job status.", call("qcal.job_status", {"job_id": "cal-7c21"}, frozen)))
    onset = seen[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"The job stays at 42% with the same heartbeat timestamp (16:08:02Z) on every poll: the sequencer is "
        f"hung. The 3rd poll returning that frozen result (step {onset}) is the onset; the agent never "
        "checks the instrument or cancels.",
    )


@loop("openfoam-log-frozen-sleeps")
def openfoam_log_frozen_sleeps(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A CFD agent tails a simpleFoam log between sleeps; the log stopped at the same time step and never "
        "moves.",
        domain="computational fluid dynamics (OpenFOAM)",
        language="ja",
        ids="mistral",
        harness="Codex-style shell agent",
        started="2026-02-17T01:30:00Z",
    )
    t.user("ケース wing_rans_v3 を128コアで流して、収束したら揚力係数を教えてください。")
    t.say(
        "ジョブを投入します。",
        call(
            "shell",
            {"command": ["bash", "-lc", "cd cases/wing_rans_v3 && sbatch run_simpleFoam.sh"]},
            "Submitted batch job 88412\n",
        ),
    )
    tail = {"command": ["bash", "-lc", "tail -n 4 cases/wing_rans_v3/log.simpleFoam"]}
    t.say(
        "ログを確認します。",
        call(
            "shell",
            tail,
            "Time = 118\n\nsmoothSolver:  Solving for Ux, Initial residual = 0.00412, Final residual = "
            "3.9e-05, "
            "No Iterations 3\nExecutionTime = 211.4 s  ClockTime = 214 s\n",
        ),
    )
    t.say("まだ初期段階です。少し待ちます。", call("shell", {"command": ["bash", "-lc", "sleep 300"]}, ""))
    frozen = (
        "Time = 412\n\nGAMG:  Solving for p, Initial residual = 0.000871, Final residual = 8.3e-06, "
        "No Iterations 7\nExecutionTime = 744.9 s  ClockTime = 751 s\n"
    )
    seen = [t.say("進捗を確認します。", call("shell", tail, frozen))]
    t.say("412ステップ目です。さらに待ちます。", call("shell", {"command": ["bash", "-lc", "sleep 300"]}, ""))
    seen.append(t.say("ログを再確認します。", call("shell", tail, frozen)))
    t.say(
        "まだ412のままです。もう少し待ちます。", call("shell", {"command": ["bash", "-lc", "sleep 600"]}, "")
    )
    seen.append(t.say("もう一度ログを確認します。", call("shell", tail, frozen)))
    t.say("待機します。", call("shell", {"command": ["bash", "-lc", "sleep 600"]}, ""))
    seen.append(t.say("ログを確認します。", call("shell", tail, frozen)))
    onset = seen[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"The log is frozen at Time = 412 with the same ClockTime for 20+ minutes of sleeps: the MPI run has "
        f"hung or died. The 3rd tail returning the same lines (step {onset}) is the onset; sleeps between "
        "polls do not reset the count, and the agent never runs squeue or looks at the error file.",
    )


@loop("arborist-tree-id-variants")
def arborist_tree_id_variants(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A municipal arborist assistant looks up a removed tree under trivially different id spellings.",
        domain="urban tree inventory (arboriculture)",
        language="es",
        ids="named",
        harness="custom camelCase tool agent",
        started="2026-04-08T10:22:00Z",
    )
    t.user(
        "Un vecino dice que el plátano de sombra T-0412 de la calle Almendros tiene una rama colgando. "
        "¿Cuándo fue la última evaluación de riesgo?"
    )
    t.say(
        "Busco primero los árboles inventariados en la calle Almendros.",
        call(
            "listTreesByStreet",
            {"street": "Calle Almendros"},
            jsi(
                {
                    "trees": [
                        {
                            "treeId": "T-0411",
                            "species": "Platanus × hispanica",
                            "dbhCm": 54,
                            "status": "activo",
                        },
                        {
                            "treeId": "T-0413",
                            "species": "Platanus × hispanica",
                            "dbhCm": 61,
                            "status": "activo",
                        },
                        {"treeId": "T-0415", "species": "Celtis australis", "dbhCm": 33, "status": "activo"},
                    ]
                }
            ),
        ),
    )
    missing = jsp({"found": False, "treeId": None})
    attempts = [
        t.say(
            "T-0412 no aparece en la lista; lo consulto directamente.",
            call("getTreeRecord", {"treeId": "T-0412"}, missing),
        )
    ]
    attempts.append(
        t.say(
            "Puede que el identificador esté en minúsculas en el sistema.",
            call("getTreeRecord", {"treeId": "t-0412"}, missing),
        )
    )
    attempts.append(
        t.say("Pruebo sin guion.", call("getTreeRecord", {"treeId": "T0412"}, missing)),
    )
    attempts.append(
        t.say("Pruebo sin el cero inicial.", call("getTreeRecord", {"treeId": "T-412"}, missing)),
    )
    attempts.append(
        t.say("Quizá solo con el número.", call("getTreeRecord", {"treeId": "0412"}, missing)),
    )
    onset = attempts[3]
    return t.loop(
        ["same_tool"],
        onset,
        "getTreeRecord is retried with case, hyphen and zero-padding variants of the same id, each "
        "returning "
        f"found=false; the 4th attempt (step {onset}) is the onset. The street listing already skips from "
        "T-0411 to T-0413, which points to a removed or renumbered tree, not a spelling problem.",
    )


@loop("measles-bulletin-paraphrased-search")
def measles_bulletin_paraphrased(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An epidemiology research agent rephrases the same search for a weekly bulletin that is not out "
        "yet and keeps getting the same three pages.",
        domain="public-health epidemiology surveillance",
        language="en",
        ids="openai",
        harness="research agent (search + fetch)",
        started="2026-01-14T12:00:00Z",
    )
    t.user(
        "What is the latest weekly measles incidence for the Northern Health Region? I need the 2026 week 1 "
        "figure for a briefing."
    )
    r_a = {
        "title": "Weekly communicable disease bulletin, week 52 2025",
        "url": "https://health.example.org/cdb/2025-52",
    }
    r_b = {
        "title": "Measles: situation update December 2025",
        "url": "https://health.example.org/measles/dec-2025",
    }
    r_c = {"title": "Notifiable diseases dashboard", "url": "https://dash.health.example.org/notifiable"}
    r_d = {
        "title": "Measles cases rise in the north (news)",
        "url": "https://news.example.com/2025/12/measles-north",
    }
    attempts = [
        t.say(
            "Searching for the week 1 bulletin.",
            call(
                "web_search",
                {"query": "Northern Health Region measles incidence week 1 2026"},
                jsi({"results": [r_a, r_b, r_c, r_d]}),
            ),
        )
    ]
    t.say(
        "The newest bulletin listed is week 52. Let me open it to check whether it mentions week 1.",
        call(
            "fetch_url",
            {"url": r_a["url"]},
            "Weekly communicable disease bulletin - week 52, 2025\nMeasles: 14 confirmed cases (Northern 9, "
            "Coastal 3, Metro 2). Incidence Northern: 1.8 per 100,000.\nNext bulletin: week 1 2026, to be "
            "published Friday 16 January 2026.",
        ),
    )
    attempts.append(
        t.say(
            "That is week 52. Searching for the 2026 week 1 release specifically.",
            call(
                "web_search",
                {"query": "measles weekly bulletin 2026 week 01 Northern region incidence per 100000"},
                jsi({"results": [r_b, r_a, r_d]}),
            ),
        )
    )
    attempts.append(
        t.say(
            "Not there yet. Trying different wording.",
            call(
                "web_search",
                {"query": '"week 1" 2026 communicable disease bulletin measles north'},
                jsi({"results": [r_a, r_c, r_b, r_d]}),
            ),
        )
    )
    attempts.append(
        t.say(
            "Let me search for the January 2026 measles update instead.",
            call(
                "web_search",
                {"query": "January 2026 measles situation update Northern Health Region"},
                jsi({"results": [r_b, r_d, r_a]}),
            ),
        )
    )
    attempts.append(
        t.say(
            "One more phrasing, with the dashboard in mind.",
            call(
                "web_search",
                {"query": "latest measles incidence northern health region 2026"},
                jsi({"results": [r_c, r_a, r_b]}),
            ),
        )
    )
    onset = attempts[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"After the week-52 bulletin says week 1 is only published on 16 January, the agent rephrases the "
        f"same search and gets the same pages back in a new order. The 4th search (step {onset}) is the "
        "onset; it should report the week-52 figure and the release date.",
    )


@loop("pulsar-glitch-ads-rephrased")
def pulsar_glitch_ads(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A pulsar-timing research assistant rephrases one literature query and gets the same three bibcodes.",
        domain="radio astronomy pulsar timing",
        language="zh-Hans",
        ids="adk",
        harness="Google ADK research agent",
        started="2026-02-26T03:10:00Z",
    )
    t.user("帮我找一下 PSR J1713+0747 在 2021 年那次轮廓变化之后，有没有论文给出新的 DM 模型和计时残差。")
    papers = [
        {"bibcode": "2021ATel14642....1X", "title": "A sudden profile change in PSR J1713+0747"},
        {"bibcode": "2022ApJ...930L..27J", "title": "Profile variation of PSR J1713+0747 observed by CHIME"},
        {"bibcode": "2023MNRAS.521.2451S", "title": "Timing the 2021 event in PSR J1713+0747"},
    ]
    attempts = [
        t.say(
            "先在 ADS 里检索。",
            call(
                "ads_search",
                {"q": "PSR J1713+0747 2021 profile change DM model timing residuals", "rows": 10},
                jsp({"numFound": 3, "docs": papers}),
            ),
        )
    ]
    attempts.append(
        t.say(
            "三篇都和事件本身有关，我换个说法专门找 DM 模型。",
            call(
                "ads_search",
                {"q": "J1713+0747 dispersion measure model after 2021 event", "rows": 10},
                jsp({"numFound": 3, "docs": [papers[2], papers[0], papers[1]]}),
            ),
        )
    )
    attempts.append(
        t.say(
            "结果一样。再用“计时残差”作为关键词试试。",
            call(
                "ads_search",
                {"q": "timing residuals J1713+0747 post-event 2021", "rows": 10},
                jsp({"numFound": 3, "docs": [papers[1], papers[2], papers[0]]}),
            ),
        )
    )
    attempts.append(
        t.say(
            "还是这三篇。我改成摘要字段检索。",
            call(
                "ads_search",
                {"q": 'abs:("J1713+0747" AND "DM" AND 2021)', "rows": 10},
                jsp({"numFound": 3, "docs": papers}),
            ),
        )
    )
    attempts.append(
        t.say(
            "再试一次，加上 NANOGrav。",
            call(
                "ads_search",
                {"q": "NANOGrav J1713+0747 2021 event DM residuals", "rows": 10},
                jsp({"numFound": 3, "docs": [papers[0], papers[2], papers[1]]}),
            ),
        )
    )
    onset = attempts[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"Each rephrased ads_search returns the same three bibcodes; nothing new arrives after the first "
        f"query. The 4th search (step {onset}) is the onset; the agent never opens the 2023 MNRAS paper, "
        "which is the likely answer.",
    )


@loop("benefits-kb-paraphrased")
def benefits_kb_paraphrased(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An HR benefits support agent searches the knowledge base with paraphrases that return the same two "
        "articles and never opens them.",
        domain="employee benefits open enrollment",
        language="pt-BR",
        ids="bedrock",
        harness="Bedrock support agent",
        started="2026-11-18T13:25:00Z",
    )
    t.user(
        "Oi! Minha filha nasceu semana passada. Posso incluir ela no plano odontológico agora ou só na "
        "próxima janela de inscrição?"
    )
    arts = [
        {"id": "KB-114", "titulo": "Janela de inscrição aberta 2027: prazos", "score": 0.81},
        {
            "id": "KB-203",
            "titulo": "Eventos de vida: o que permite mudar benefícios fora do prazo",
            "score": 0.77,
        },
    ]
    searches = [
        "incluir dependente recém-nascido plano odontológico",
        "adicionar filho plano dental fora da janela de inscrição",
        "nascimento de filho mudança de benefício odontológico prazo",
        "dependente bebê inclusão odonto quando posso",
        "plano odontológico incluir dependente nascimento",
    ]
    attempts = []
    notes = [
        "Vou procurar na base de conhecimento.",
        "Encontrei artigos gerais; vou refinar a busca.",
        "Ainda genérico. Tento outra formulação.",
        "Vou buscar de novo com outras palavras.",
        "Mais uma busca para confirmar.",
    ]
    for i, (q, note) in enumerate(zip(searches, notes, strict=True)):
        order = arts if i % 2 == 0 else arts[::-1]
        attempts.append(t.say(note, call("kb.search", {"query": q, "limit": 5}, jsp({"hits": order}))))
    onset = attempts[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"Five paraphrased kb.search calls all return KB-114 and KB-203; the agent never reads KB-203, which "
        f"answers the question (a birth is a qualifying life event). The 4th search (step {onset}) is the "
        "onset.",
    )


@loop("autobody-bracket-batch-repeat")
def autobody_bracket_batch_repeat(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An auto-body estimating agent looks up three parts in parallel, then repeats the one empty lookup "
        "alone.",
        domain="auto-body repair estimating",
        language="pl",
        ids="plain",
        harness="custom estimating agent",
        started="2026-05-06T08:02:00Z",
    )
    t.user(
        "Przygotuj wycenę części do Skody Octavii IV (VIN TMBJR7NX5MY012345): zderzak przedni, lewy "
        "reflektor i uchwyt zderzaka 5NA807723."
    )
    vin = "TMBJR7NX5MY012345"
    bracket = {"oem": "5NA807723", "vin": vin}
    empty = jsp({"wyniki": [], "komunikat": "brak dopasowań"})
    t.say(
        "Sprawdzam trzy części równolegle.",
        call(
            "parts_catalog_lookup",
            {"oem": "5E3807221", "vin": vin},
            jsp(
                {
                    "wyniki": [
                        {
                            "oem": "5E3807221",
                            "nazwa": "Zderzak przedni",
                            "cena_netto": 1489.0,
                            "dostepnosc": "2 dni",
                        }
                    ]
                }
            ),
        ),
        call(
            "parts_catalog_lookup",
            {"oem": "5E1941015", "vin": vin},
            jsp(
                {
                    "wyniki": [
                        {
                            "oem": "5E1941015",
                            "nazwa": "Reflektor LED lewy",
                            "cena_netto": 3920.0,
                            "dostepnosc": "5 dni",
                        }
                    ]
                }
            ),
        ),
        call("parts_catalog_lookup", bracket, empty),
        order=[2, 0, 1],
    )
    t.say(
        "Uchwyt nie został znaleziony. Sprawdzam go ponownie.", call("parts_catalog_lookup", bracket, empty)
    )
    third = t.say("Nadal brak. Spróbuję jeszcze raz.", call("parts_catalog_lookup", bracket, empty))
    t.say("Ponawiam wyszukiwanie uchwytu.", call("parts_catalog_lookup", bracket, empty))
    t.say(
        "Zderzak 1489,00 zł netto, reflektor 3920,00 zł netto. Uchwytu 5NA807723 nie ma w katalogu dla tego "
        "VIN-u — numer może dotyczyć Kodiaqa."
    )
    return t.loop(
        ["identical_call"],
        third,
        f"The bracket lookup (5NA807723) first runs inside the parallel batch of step 1 and returns no "
        f"matches; the agent repeats it alone with identical arguments. Counting the batch call as the 1st, "
        f"the 3rd identical call (step {third}) is the onset.",
    )


@loop("influencer-profile-js-shell")
def influencer_profile_js_shell(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An influencer-marketing agent fetches a creator profile that only returns a JavaScript shell, over "
        "and over.",
        domain="influencer marketing campaign management",
        language="it",
        ids="openai",
        harness="browser research agent",
        started="2026-06-10T15:40:00Z",
    )
    t.user(
        "Per la campagna 'Estate Bio', verifica quanti follower ha @cucinaconmarta e l'engagement medio "
        "degli ultimi post, poi aggiungila alla shortlist se supera i 50k."
    )
    t.say(
        "Controllo prima la shortlist attuale.",
        call(
            "crm.get_shortlist",
            {"campaign": "estate-bio-2026"},
            table(
                ["handle", "piattaforma", "follower", "engagement"],
                [
                    ["@verdureinfesta", "instagram", "84.200", "3,1%"],
                    ["@pastamadre.lab", "tiktok", "61.900", "5,4%"],
                ],
            ),
        ),
    )
    shell = (
        "<!DOCTYPE html><html><head><title>TikTok - Make Your Day</title></head><body>"
        '<noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div>'
        '<script src="/static/js/main.4f1c2.js"></script></body></html>'
    )
    url = {"url": "https://www.tiktok.com/@cucinaconmarta"}
    attempts = [t.say("Apro il profilo.", call("browser.fetch", url, shell))]
    attempts.append(
        t.say("La pagina non si è caricata del tutto; riprovo.", call("browser.fetch", url, shell))
    )
    attempts.append(t.say("Riprovo a caricare il profilo.", call("browser.fetch", url, shell)))
    attempts.append(t.say("Un altro tentativo di caricamento.", call("browser.fetch", url, shell)))
    onset = attempts[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"browser.fetch of the same profile returns the same JavaScript-only shell every time; an unhelpful "
        f"page returned identically is a fruitless result. The 3rd identical fetch (step {onset}) is the "
        "onset; a rendering tool or the creator API was needed.",
    )
