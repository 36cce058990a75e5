"""Healthy fan-outs and sweeps: one tool over many files, stores, vehicles or lots (some items failing with
their own names), a parallel batch, sub-agents with different tasks, parameter sweeps."""

from __future__ import annotations

from typing import Any

from blind14gen.builder import Trace


def epub_chapters_validate(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Agent de fabrication valide les 18 fichiers XHTML d'un ePub un par un, corrige les deux chapitres "
        "en erreur et revalide le livre.",
        ids="anthropic",
        meta={"harness": "claude-code", "model": "claude-sonnet-4-5", "lang": "fr"},
    )
    t.user(
        "Avant la livraison aux distributeurs : valide chaque chapitre XHTML de l'ePub des « Heures creuses "
        "», corrige ce qui bloque, puis lance epubcheck sur le livre."
    )
    bad = {
        7: 'ERROR(RSC-005): ch07.xhtml(41,12): Error while parsing file: element "span" not allowed here',
        13: "ERROR(RSC-012): ch13.xhtml(88,5): Fragment identifier is not defined: #note-14",
    }
    for n in range(1, 19):
        path = f"OEBPS/Text/ch{n:02d}.xhtml"
        result = bad.get(n, f"{path}: OK (0 errors, 0 warnings)")
        t.act(
            "Je valide chaque chapitre." if n == 1 else "",
            "xhtml_validate",
            {"path": path},
            result,
            error=n in bad,
        )
    t.act(
        "Correction du chapitre 7 : un <span> directement dans <ul>.",
        "edit_file",
        {
            "path": "OEBPS/Text/ch07.xhtml",
            "old": '<ul><span class="dropcap">',
            "new": '<ul><li><span class="dropcap">',
        },
        "ok",
    )
    t.act(
        "Chapitre 13 : l'ancre de la note 14 manque.",
        "edit_file",
        {
            "path": "OEBPS/Text/ch13.xhtml",
            "old": '<aside epub:type="footnote">',
            "new": '<aside epub:type="footnote" id="note-14">',
        },
        "ok",
    )
    t.act(
        "Validation du livre complet.",
        "epubcheck",
        {"path": "build/les-heures-creuses.epub"},
        "Validating using EPUB version 3.3 rules.\nNo errors or warnings detected.\nepubcheck completed",
    )
    t.say("Les 18 chapitres sont valides (2 corrigés : ch07, ch13) et epubcheck ne signale aucune erreur.")
    return t.healthy(
        "xhtml_validate sur 18 fichiers différents (deux en erreur, chacune avec son propre message), puis "
        "deux corrections et un epubcheck. Fan-out over many files."
    )


def markdown_across_stores(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Filial-Assistent setzt eine Abschriften-Aktion in zwölf Filialen nacheinander um; jede Filiale "
        "bestätigt mit ihren eigenen Zahlen.",
        ids="plain",
        meta={"harness": "semantic-kernel", "model": "gpt-4o", "lang": "de"},
    )
    t.user(
        "MHD-Abschriften Molkerei: in allen Filialen der Region Nord 30 % auf die SKU-Liste 'MHD-KW41' "
        "setzen, gültig ab morgen 07:00."
    )
    t.act(
        "Ich hole die Filialliste der Region.",
        "filialen_liste",
        {"region": "NORD"},
        {"filialen": [101, 104, 107, 112, 115, 118, 121, 126, 130, 133, 137, 141]},
    )
    rng = t.rng
    for i, f in enumerate([101, 104, 107, 112, 115, 118, 121, 126, 130, 133, 137, 141]):
        t.act(
            "Ich setze die Abschrift Filiale für Filiale." if i == 0 else "",
            "abschrift_setzen",
            {"filiale": f, "sku_liste": "MHD-KW41", "rabatt_prozent": 30, "gueltig_ab": "2026-10-07T07:00"},
            {
                "ok": True,
                "filiale": f,
                "artikel": rng.randint(38, 61),
                "esl_auftrag": f"ESL-{f}-{rng.randint(1000, 9999)}",
            },
        )
    t.say("Abschrift 30 % auf 'MHD-KW41' ist in allen 12 Filialen der Region Nord ab morgen 07:00 gesetzt.")
    return t.healthy(
        "abschrift_setzen zwölfmal mit derselben Aktion, aber jeweils einer anderen Filiale und eigener "
        "Bestätigung. Batch work over many targets."
    )


def vehicles_lock_fanout(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Agente operativo di micromobilità blocca da remoto i monopattini in una zona evento; tre veicoli "
        "sono offline e ognuno lo segnala con il proprio id.",
        ids="bedrock",
        meta={"harness": "langgraph", "model": "anthropic.claude-sonnet-4-5", "lang": "it"},
    )
    t.user(
        "Per il concerto a San Siro stasera blocca tutti i monopattini dentro la zona Z-MI-SIRO e dimmi "
        "quali non hai potuto bloccare."
    )
    ids = [
        "IT-MI-4410",
        "IT-MI-4417",
        "IT-MI-4423",
        "IT-MI-4431",
        "IT-MI-4438",
        "IT-MI-4442",
        "IT-MI-4450",
        "IT-MI-4457",
        "IT-MI-4461",
        "IT-MI-4469",
    ]
    t.act("Elenco i veicoli nella zona.", "veicoli_in_zona", {"zona": "Z-MI-SIRO"}, {"veicoli": ids})
    offline = {"IT-MI-4423", "IT-MI-4450", "IT-MI-4461"}
    for i, v in enumerate(ids):
        if v in offline:
            res: Any = f"Errore: veicolo {v} offline (ultimo contatto > 15 min), comando non consegnato"
        else:
            res = {"ok": True, "veicolo": v, "stato": "LOCKED"}
        t.act(
            "Invio il blocco a ogni veicolo." if i == 0 else "",
            "veicolo_comando",
            {"veicolo": v, "comando": "lock"},
            res,
            error=v in offline,
        )
    t.say(
        "Bloccati 7 monopattini su 10 in Z-MI-SIRO. Offline e non bloccati: IT-MI-4423, IT-MI-4450, "
        "IT-MI-4461 (da recuperare con la squadra di terra)."
    )
    return t.healthy(
        "veicolo_comando su dieci veicoli diversi; tre falliscono con lo stesso testo ma ognuno col proprio "
        "id. A fan-out whose items fail per target is not an error streak."
    )


def lots_trace_parallel(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Food-safety traceability agent traces eight lots forward in one parallel batch, then a second "
        "batch of customer look-ups, and drafts the notification list.",
        ids="openai",
        meta={"harness": "openai-chat-completions", "model": "gpt-4.1"},
    )
    t.user(
        "Bayview Greens says all their spinach lots from 28 Sep to 1 Oct may be affected. Trace every one "
        "of our lots from them forward to customers."
    )
    t.act(
        "Finding our lots from that supplier and window.",
        "lots_search",
        {
            "supplier": "Bayview Greens",
            "received_from": "2026-09-28",
            "received_to": "2026-10-01",
            "product": "spinach",
        },
        {"lots": ["24-113", "24-114", "24-115", "24-116", "24-117", "24-118", "24-119", "24-120"]},
    )
    rng = t.rng
    calls = []
    customers: set[str] = set()
    for lot in ["24-113", "24-114", "24-115", "24-116", "24-117", "24-118", "24-119", "24-120"]:
        custs = sorted({f"CUST-{rng.randint(100, 140)}" for _ in range(rng.randint(2, 4))})
        customers.update(custs)
        calls.append(("lot_trace_forward", {"lot": lot}, {"lot": lot, "shipped_to": custs}))
    t.batch("Tracing all eight lots in parallel.", calls)
    cust_calls = [
        ("customer_get", {"id": c}, {"id": c, "contact": f"qa@{c.lower()}.example", "type": "retail"})
        for c in sorted(customers)
    ]
    t.batch("Getting the contacts for each customer.", cust_calls)
    t.say(
        f"8 lots traced to {len(customers)} customers; notification list with QA contacts is ready for "
        "review."
    )
    return t.healthy(
        "Two parallel batches: eight lot_trace_forward calls for eight different lots, then one "
        "customer_get per distinct customer. Many calls of one tool in one turn over different targets is "
        "batch work."
    )


def editorial_screening_subagents(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Journal editorial-office manager hands five different new submissions to a screening sub-agent, "
        "one at a time, and gets a different report for each.",
        ids="anthropic",
        meta={"harness": "claude-code", "model": "claude-opus-4-1"},
    )
    t.user(
        "Run the technical screen on today's five new submissions and tell me which go to the handling "
        "editors."
    )
    subs = [
        ("GENB-D-26-01201", "Passes: word count 6,800, data availability statement present, code on Zenodo."),
        ("GENB-D-26-01202", "Fails: no data availability statement; figure 3 is missing panel labels."),
        ("GENB-D-26-01203", "Passes, with a note: reporting summary incomplete (sample sizes)."),
        (
            "GENB-D-26-01204",
            "Fails: similarity report 41% overlap with a bioRxiv preprint by different authors.",
        ),
        ("GENB-D-26-01205", "Passes: all checks complete."),
    ]
    for i, (ms, report) in enumerate(subs):
        t.act(
            "Sending each submission to the screener." if i == 0 else "",
            "Task",
            {
                "subagent_type": "technical-screener",
                "description": f"Screen {ms}",
                "prompt": f"Run the technical screening checklist on {ms} and report pass/fail with reasons.",
            },
            report,
        )
    t.say(
        "Screened 5: 01201, 01203 (note: sample sizes) and 01205 go to handling editors. 01202 goes back to "
        "the authors for a data statement; 01204 is flagged to research integrity for the 41% overlap."
    )
    return t.healthy(
        "Five delegations to the same sub-agent, each for a different manuscript with a different report. "
        "Sub-agent fan-out over distinct tasks is not re-delegation."
    )


def fab_etch_sweep(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Process-engineering agent sweeps RF power in an etch simulator to find the setting that clears "
        "residue without exceeding the CD-loss budget.",
        ids="openai",
        meta={"harness": "semantic-kernel", "model": "gpt-4.1"},
    )
    t.user(
        "Simulate the M1 etch recipe on ETCH-07 from 300 to 450 W (step 30 W) at 35 mTorr and pick the "
        "lowest power that leaves residue under 0.5% with CD loss under 3 nm."
    )
    best = None
    for i, w in enumerate(range(300, 451, 30)):
        residue = round(2.6 - 0.018 * (w - 300), 2)
        cd = round(1.1 + 0.012 * (w - 300), 2)
        if best is None and residue < 0.5 and cd < 3:
            best = w
        t.act(
            "Running the sweep." if i == 0 else "",
            "etch_simulate",
            {"tool": "ETCH-07", "recipe": "M1-MAIN", "rf_power_w": w, "pressure_mtorr": 35},
            {
                "rf_power_w": w,
                "residue_pct": max(residue, 0.05),
                "cd_loss_nm": cd,
                "etch_rate_nm_min": 210 + w // 3,
            },
        )
    t.say(
        f"Lowest power meeting both limits: {best} W. Below that residue stays above 0.5%; above 420 W CD "
        "loss nears the 3 nm budget."
    )
    return t.healthy(
        "etch_simulate six times with RF power stepped 300 -> 450 W; every result differs and the sweep was "
        "requested. A parameter sweep."
    )


def mealkit_margin_sweep(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Meal-kit pricing agent sweeps margin targets over the week's menu and reports the price points.",
        ids="named",
        meta={"harness": "pydantic-ai", "model": "claude-haiku-4-5"},
    )
    t.user("For week 46, show me the 2-person box price at target margins 28%, 30%, 32%, 34% and 36%.")
    prices = []
    for i, m in enumerate([0.28, 0.30, 0.32, 0.34, 0.36]):
        cost = 21.84
        price = round(cost / (1 - m), 2)
        prices.append(f"{round(m * 100)}% -> ${price:.2f}")
        t.act(
            "Pricing at each margin." if i == 0 else "",
            "menu_price_box",
            {"week": "2026-W46", "box": "2p-3meals", "margin_target": m},
            {"cost_per_box": cost, "price": price, "price_per_serving": round(price / 6, 2)},
        )
    t.say("2-person, 3-meal box: " + ", ".join(prices) + ".")
    return t.healthy("menu_price_box over five margin targets, each a different price. A requested sweep.")


def retrieval_chunk_sweep(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "RAG index-maintenance agent sweeps chunk size and overlap on an evaluation set to choose "
        "re-indexing parameters.",
        ids="gemini",
        meta={"harness": "google-adk", "model": "gemini-2.5-pro"},
    )
    t.user(
        "Before we re-embed kb-ko-v3, evaluate chunk sizes 256/512/768/1024 with overlap 0 and 64 on the "
        "ko-support-qa eval set and recommend one."
    )
    rng = t.rng
    best = (0.0, 0, 0)
    step = 0
    for size in (256, 512, 768, 1024):
        for overlap in (0, 64):
            recall = round(
                0.71
                + 0.00016 * size
                - 0.00000012 * size * size
                + (0.012 if overlap else 0)
                + rng.uniform(-0.004, 0.004),
                3,
            )
            if recall > best[0]:
                best = (recall, size, overlap)
            t.act(
                "Running the evaluation grid." if step == 0 else "",
                "evaluate_retrieval",
                {"eval_set": "ko-support-qa", "chunk_size": size, "overlap": overlap, "top_k": 5},
                {"recall_at_5": recall, "mrr": round(recall * 0.83, 3), "chunks": 48000 * 512 // size},
            )
            step += 1
    t.say(
        f"Best recall@5 is {best[0]} at chunk size {best[1]} with overlap {best[2]}; I recommend that for "
        "the re-embed."
    )
    return t.healthy(
        "evaluate_retrieval over an 8-point grid of chunk size and overlap, each result different. A "
        "parameter sweep."
    )


SCENARIOS = [
    ("epub-chapitres-validation", epub_chapters_validate),
    ("abschrift-filialen-fanout", markdown_across_stores),
    ("monopattini-lock-fanout", vehicles_lock_fanout),
    ("lots-trace-parallel-batch", lots_trace_parallel),
    ("editorial-screening-subagents", editorial_screening_subagents),
    ("etch-rf-power-sweep", fab_etch_sweep),
    ("mealkit-margin-sweep", mealkit_margin_sweep),
    ("retrieval-chunk-size-sweep", retrieval_chunk_sweep),
]
