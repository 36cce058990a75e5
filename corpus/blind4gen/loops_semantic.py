# ruff: noqa: E501
"""Loop scenarios: paraphrased searches, re-delegation to sub-agents, restated intent."""

from __future__ import annotations

import random
from typing import Any

from .builder import Session, js, scenario

Hit = tuple[str, str, str]


def render_hits(hits: list[Hit], style: str) -> str:
    if style == "json":
        return js({"results": [{"title": t, "url": u, "snippet": sn} for t, u, sn in hits]})
    if style == "md":
        return "\n\n".join(f"{i}. [{t}]({u})\n   {sn}" for i, (t, u, sn) in enumerate(hits, 1))
    return "\n".join(f"- {t} — {u}\n  {sn}" for t, u, sn in hits)


def shuffled(hits: list[Hit], rng: random.Random, snippet_tail: str) -> list[Hit]:
    out = list(hits)
    rng.shuffle(out)
    return [(t, u, sn.split("...")[0] + snippet_tail) for t, u, sn in out]


def search_paraphrase_web() -> dict[str, Any]:
    s = Session("blind4-loop-search-web", "openai")
    s.user(
        "When exactly does the EU AI Act's obligations for general-purpose AI models start applying? I need the date and the article."
    )
    pool: list[Hit] = [
        (
            "AI Act enters into force - European Commission",
            "https://commission.europa.eu/news/ai-act-enters-force-2024-08-01_en",
            "The AI Act entered into force on 1 August 2024 ... phased timeline",
        ),
        (
            "EU AI Act: first regulation on artificial intelligence",
            "https://www.europarl.europa.eu/topics/en/article/20230601STO93804",
            "Parliament's priority is to make sure that AI systems used in the EU are safe ...",
        ),
        (
            "Implementation timeline | EU Artificial Intelligence Act",
            "https://artificialintelligenceact.eu/implementation-timeline/",
            "Key dates for the application of the AI Act ...",
        ),
        (
            "The EU AI Act explained - law firm briefing",
            "https://www.example-law.com/insights/eu-ai-act-explained",
            "Our overview of obligations by risk class ...",
        ),
        (
            "AI Act Q&A",
            "https://ec.europa.eu/commission/presscorner/detail/en/qanda_21_1683",
            "Questions and answers on the AI Act ...",
        ),
    ]
    queries = [
        "EU AI Act general purpose AI obligations start date",
        "when do GPAI obligations apply EU AI Act",
        "EU AI Act GPAI model rules application date article",
        "AI Act general-purpose AI models obligations effective date",
        "date of application general purpose AI EU artificial intelligence act",
        "AI Act GPAI provisions apply from which date",
    ]
    tails = [
        "... see the timeline",
        "... dates listed below",
        "... obligations by date",
        "... application dates",
        "... 2025 and 2026",
        "... phased entry",
    ]
    steps = []
    first = s.call("", "web_search", {"query": queries[0], "num_results": 5}, render_hits(pool, "json"))
    steps.append(first)
    s.call(
        "Opening the implementation timeline.",
        "visit_page",
        {"url": pool[2][1]},
        "Implementation timeline\n\nThe timeline below lists the key dates.\n[Interactive timeline — content loaded via JavaScript]\n\nSubscribe to our newsletter for updates.",
    )
    rng = random.Random(11)
    for i, q in enumerate(queries[1:], 1):
        hits = shuffled(pool, rng, tails[i])
        text = [
            "The timeline page didn't render. Let me search again.",
            "",
            "I'll rephrase to target the article number.",
            "",
            "Let me try once more with different wording.",
        ][i - 1]
        steps.append(
            s.call(
                text,
                "web_search",
                {"query": q, "num_results": 5},
                render_hits(hits[:4] if i % 2 else hits, "json"),
            )
        )
        if i == 2:
            s.call(
                "",
                "visit_page",
                {"url": pool[0][1]},
                "AI Act enters into force\n\n1 August 2024. The AI Act ... will apply two years after entry into force, with some exceptions. [Read more]",
            )
    s.say(
        "Based on what I found, the AI Act entered into force on 1 August 2024 and most rules apply two years later; I couldn't confirm the specific GPAI date from the pages I reached."
    )
    onset = steps[3]
    return scenario(
        "blind4-loop-search-paraphrase-aiact-0",
        "Research agent rephrases one question six times; every result list is the same five EU pages reordered with new snippet tails, with page visits in between that do not help.",
        s,
        loop=True,
        kinds=["same_tool"],
        onset=onset,
        notes=f"web_search is called with six paraphrases of one query; from the 2nd search on, the results are the same URLs reordered or trimmed, so no search brings anything new. Interleaved visit_page calls do not break the pattern. Onset at the 4th search of the series, step {onset}.",
    )


def search_paraphrase_german() -> dict[str, Any]:
    s = Session("blind4-loop-search-de", "anthropic")
    s.user("Bis wann gilt die Mietpreisbremse in Berlin aktuell? Bitte mit Quelle.")
    pool: list[Hit] = [
        (
            "Mietpreisbremse: Bundestag beschließt Verlängerung",
            "https://www.bundesregierung.de/breg-de/aktuelles/mietpreisbremse-verlaengerung",
            "Die Mietpreisbremse wird verlängert ... Details im Gesetzentwurf",
        ),
        (
            "Mietpreisbremse Berlin – Senatsverwaltung",
            "https://www.berlin.de/sen/wohnen/mieten/mietpreisbremse/",
            "In Berlin gilt die Mietpreisbremse im gesamten Stadtgebiet ...",
        ),
        (
            "Mietpreisbremse – Mieterverein",
            "https://www.berliner-mieterverein.de/recht/mietpreisbremse.htm",
            "Was Mieter wissen müssen ...",
        ),
        (
            "§ 556d BGB – Zulässige Miethöhe bei Mietbeginn",
            "https://www.gesetze-im-internet.de/bgb/__556d.html",
            "Die Miete darf ... höchstens um 10 Prozent übersteigen ...",
        ),
    ]
    queries = [
        "Mietpreisbremse Berlin gültig bis",
        "Mietpreisbremse Berlin Verlängerung Datum",
        "bis wann gilt Mietpreisbremse Berlin",
        "Mietpreisbremse Berlin Laufzeit Ende",
        "Mietenbegrenzungsverordnung Berlin Geltungsdauer",
        "Berlin Mietpreisbremse läuft aus wann",
    ]
    rng = random.Random(23)
    steps = []
    for i, q in enumerate(queries):
        hits = pool if i == 0 else shuffled(pool, rng, f" ... (Stand {2024 + i % 2})")
        text = [
            "Ich suche nach dem aktuellen Stand.",
            "Ich formuliere die Suche um.",
            "Noch ein Versuch mit anderer Formulierung.",
            "Ich suche gezielt nach der Laufzeit.",
            "Vielleicht hilft der Name der Verordnung.",
            "Letzter Versuch.",
        ][i]
        steps.append(s.call(text, "web_search", {"query": q, "lang": "de"}, render_hits(hits, "md")))
        if i == 1:
            s.call(
                "",
                "find_in_page",
                {"url": pool[1][1], "text": "gilt bis"},
                "Keine Treffer für 'gilt bis' auf der Seite.",
            )
    s.say("Ich konnte das genaue Enddatum in den gefundenen Quellen nicht bestätigen.")
    onset = steps[3]
    return scenario(
        "blind4-loop-search-paraphrase-german-0",
        "German-language research agent paraphrases a rent-cap question six times; the same four sources come back reordered each time.",
        s,
        loop=True,
        kinds=["same_tool"],
        onset=onset,
        notes=f"Six web_search calls in German rephrase one question; the results are always the same four URLs (bundesregierung.de, berlin.de, Mieterverein, § 556d BGB) in a different order with slightly different snippets, and the agent never opens the one likely to answer. Onset at the 4th search, step {onset}.",
    )


def kb_search_paraphrase() -> dict[str, Any]:
    s = Session("blind4-loop-kb", "gemini")
    s.say("Hi, you're chatting with Nimbus support. What can I do for you?")
    s.user("I lost my phone and can't log in because of two-factor. How do I get back into my account?")
    arts = [
        {"id": "KB-2231", "title": "Set up two-step verification", "score": 0.82},
        {"id": "KB-2240", "title": "Use backup codes to sign in", "score": 0.79},
        {"id": "KB-1187", "title": "Change the phone number on your account", "score": 0.71},
    ]
    queries = [
        "reset two factor authentication lost phone",
        "2FA recovery without phone",
        "disable two-step verification",
        "can't sign in lost authenticator",
        "account recovery 2fa",
    ]
    steps = []
    rng = random.Random(5)
    for i, q in enumerate(queries):
        a = [dict(x, score=round(x["score"] - rng.random() * 0.05, 2)) for x in arts]
        rng.shuffle(a)
        steps.append(
            s.call(
                "Let me look that up." if i == 0 else "",
                "search_help_center",
                {"query": q, "locale": "en-US"},
                js({"query": q, "articles": a}),
            )
        )
        if i == 1:
            s.call(
                "",
                "get_article",
                {"id": "KB-2240"},
                "Use backup codes to sign in\n\nIf you saved backup codes when you set up two-step verification, enter one on the sign-in screen by choosing 'Try another way'. Each code works once.",
            )
    s.say(
        "You can sign in with a backup code via 'Try another way'. If you don't have backup codes, I'm not finding another option in our help center."
    )
    onset = steps[3]
    return scenario(
        "blind4-loop-kb-search-paraphrase-0",
        "Support bot searches its help center five times with reworded 2FA-recovery queries; the same three articles come back with jittered scores.",
        s,
        loop=True,
        kinds=["same_tool"],
        onset=onset,
        notes=f"search_help_center returns the same three article ids for every paraphrase (only scores and order change); after reading KB-2240 the agent keeps searching instead of escalating. Onset at the 4th search, step {onset}.",
    )


def grep_pattern_variants() -> dict[str, Any]:
    s = Session("blind4-loop-grep", "anthropic")
    s.user("Where is parse_config defined? I want to add a new option to it.")
    usages = "src/cli/main.py:14:from app.config import parse_config\nsrc/cli/main.py:58:    cfg = parse_config(args.config)\nsrc/worker/boot.py:9:    settings = parse_config(os.environ.get('APP_CONFIG'))\ntests/test_cli.py:22:    cfg = parse_config(tmp_path / 'c.toml')"
    pats = [
        ("def parse_config", "No matches found"),
        ("parse_config", usages),
        ("def\\s+parse_config", "No matches found"),
        ("parse_config\\s*=", "No matches found"),
        ("parse_config(", usages),
        ("def parse_config\\(", "No matches found"),
        ("\\bparse_config\\b", usages),
    ]
    steps = []
    for i, (p, out) in enumerate(pats):
        text = [
            "",
            "No definition; let me look at all mentions.",
            "Let me search for a def with flexible whitespace.",
            "Maybe it's assigned rather than defined.",
            "",
            "",
            "Let me try a word-boundary search.",
        ][i]
        steps.append(
            s.call(
                text,
                "Grep",
                {"pattern": p, "path": "src" if i % 3 else ".", "output_mode": "content", "-n": True},
                out,
            )
        )
    s.say(
        "parse_config is imported from app.config but I can't find its definition in the repository. It may be generated or come from an installed package."
    )
    onset = steps[4]
    return scenario(
        "blind4-loop-grep-pattern-variants-0",
        "Coding CLI greps seven regex variants for a definition that lives outside the repo (an installed package); the same four usages or nothing come back.",
        s,
        loop=True,
        kinds=["same_tool"],
        onset=onset,
        notes=f"Grep is run with seven spellings of the same search; the 2nd call finds the four usages, and every later call returns either 'No matches found' or those same four lines. The import 'from app.config' pointed to a module it never opens. Counting from the 2nd search (the first informative one), the 4th attempt, step {onset}, is the onset.",
    )


def papers_paraphrase_replanning() -> dict[str, Any]:
    s = Session("blind4-loop-papers", "counter")
    s.user(
        "Find the original paper that introduced 'speculative decoding' for LLM inference and give me its arXiv id."
    )
    papers = [
        {
            "arxiv_id": "2302.01318",
            "title": "Accelerating Large Language Model Decoding with Speculative Sampling",
            "year": 2023,
        },
        {
            "arxiv_id": "2305.09781",
            "title": "SpecInfer: Accelerating Generative LLM Serving with Speculative Inference and Token Tree Verification",
            "year": 2023,
        },
        {
            "arxiv_id": "2401.07851",
            "title": "Unlocking Efficiency in Large Language Model Inference: A Comprehensive Survey of Speculative Decoding",
            "year": 2024,
        },
        {"arxiv_id": "2310.07177", "title": "Online Speculative Decoding", "year": 2023},
    ]
    qs = [
        "speculative decoding original paper",
        "first paper speculative decoding transformers",
        "speculative decoding introduced",
        "fast inference from transformers via speculative decoding",
        "draft model verify tokens original work",
    ]
    plans = [
        "Plan: search arXiv for the term, pick the earliest.",
        "Plan revision: the earliest hit may not be the original. I'll search for 'first'.",
        "Re-planning: use the wording 'introduced'.",
        "New plan: search the likely title directly.",
        "Plan: describe the technique instead of naming it.",
    ]
    rng = random.Random(99)
    steps = []
    for i, q in enumerate(qs):
        p = list(papers)
        rng.shuffle(p)
        s.say(plans[i])
        steps.append(
            s.call(
                "",
                "search_papers",
                {"query": q, "source": "arxiv", "max_results": 4, "sort": "relevance"},
                js({"total": 4, "papers": p}),
            )
        )
    s.say("The earliest result is 2302.01318 (Feb 2023), but I'm not certain it's the original introduction.")
    onset = steps[3]
    return scenario(
        "blind4-loop-papers-paraphrase-replanning-0",
        "Paper-search agent alternates 'plan' messages and reworded arXiv searches; all five searches return the same four papers reordered.",
        s,
        loop=True,
        kinds=["same_tool", "narration"],
        onset=onset,
        notes=f"Each search_papers call (with a re-planning message before it) returns the same four arXiv ids shuffled; the re-planning text changes but leads nowhere new. Onset at the 4th search, step {onset} (the plan messages count as steps).",
    )


# --- re-delegation ------------------------------------------------------------------------------


def redelegate_revenue() -> dict[str, Any]:
    s = Session("blind4-loop-delegate-revenue", "openai")
    s.user("What was Acme Industrial's 2023 revenue from its EU segment? Use the research team.")
    briefs = [
        "Research task: Find Acme Industrial's fiscal-2023 revenue for its European Union segment. Check the 2023 annual report (10-K), segment note, and investor presentation. Return the figure in USD with the source page.",
        "Please research Acme Industrial's revenue attributable to the EU segment for FY2023. Primary sources: annual report, segment reporting note, earnings call transcripts. Report number + citation.",
        "Task for researcher: determine FY2023 EU-segment revenue of Acme Industrial (NYSE: ACMI). Look in the 10-K segment disclosures (Note 18 or similar) and Q4 investor deck. Give me the dollar figure and where you found it.",
        "Find the EU revenue number for Acme Industrial, fiscal 2023. Sources: 10-K, investor relations site, press releases. I need a number and a citation.",
        "Acme Industrial FY2023: revenue for the EU / Europe segment. Search filings and IR materials carefully, including geographic breakdowns. Return figure + source.",
    ]
    reports = [
        "Summary of findings: Acme Industrial reports three segments — Americas, EMEA and APAC — not an EU segment. The FY2023 10-K (Note 17, Segment Information) gives EMEA revenue of $1.84B. No EU-only breakdown is disclosed in the 10-K, the Q4 deck, or the earnings call. Sources: 10-K p.94; Q4 FY23 investor presentation slide 12.",
        "Findings: I reviewed the FY2023 annual report and the Q4 materials. The company discloses segments as Americas / EMEA / APAC. EMEA revenue was $1,842 million. There is no separate figure for the European Union. Citation: Form 10-K FY2023, Note 17, page 94.",
        "Result: Acme does not break out an EU segment. Its geographic segments are Americas, EMEA and Asia-Pacific; EMEA FY2023 revenue = $1.842bn (10-K Note 17, p. 94). I searched the investor deck and call transcript for 'European Union' and found no separate number.",
        "After checking the 10-K, IR site and press releases: no EU-specific revenue is reported. The closest is EMEA at $1.84 billion for FY2023 (Form 10-K, Note 17). Press releases only mention 'strong European demand' without figures.",
        "Report: Segment reporting uses Americas, EMEA, APAC. FY2023 EMEA revenue: $1.842B (source: 10-K Note 17 p.94; also slide 12 of the Q4 deck). An EU-only figure is not disclosed anywhere I could find.",
    ]
    steps = []
    for i, (b, r) in enumerate(zip(briefs, reports, strict=True)):
        text = [
            "I'll hand this to the research agent.",
            "The report gives EMEA, not EU. Let me ask again more precisely.",
            "Still EMEA. I'll re-brief with the ticker and note number.",
            "Let me try a shorter brief.",
            "One more attempt, asking about geographic breakdowns.",
        ][i]
        steps.append(s.call(text, "delegate_task", {"agent": "researcher", "task": b, "max_steps": 25}, r))
    s.say(
        "Acme Industrial doesn't disclose an EU-only figure; its EMEA segment had $1.84B revenue in FY2023 (10-K, Note 17)."
    )
    onset = steps[2]
    return scenario(
        "blind4-loop-redelegate-eu-revenue-0",
        "Manager re-delegates the same revenue question five times with reworded briefs; every sub-agent report says 'no EU segment, EMEA was $1.84B' in new words.",
        s,
        loop=True,
        kinds=["same_tool"],
        onset=onset,
        notes=f"delegate_task is called five times with paraphrased briefs for one question and each report says the same thing (no EU breakdown; EMEA $1.842B, 10-K Note 17). One re-delegation after the first report is a defensible retry; the third delegation, step {onset}, after two matching reports, is the onset.",
    )


def redelegate_flaky_test() -> dict[str, Any]:
    s = Session("blind4-loop-delegate-flaky", "anthropic")
    s.user("test_payment_timeout in tests/integration is flaky on CI. Get it fixed.")
    briefs = [
        "You are the coding sub-agent. The test tests/integration/test_payments.py::test_payment_timeout fails intermittently on CI (about 1 in 5 runs). Reproduce it, find the root cause, fix it, and report back with a diff.",
        "Sub-agent task: make test_payment_timeout deterministic. It's in tests/integration/test_payments.py and flakes on CI. Please reproduce (e.g. run it 50 times), identify the race, fix, report.",
        "Fix the flaky integration test test_payment_timeout (tests/integration/test_payments.py). CI fails it sometimes. Investigate timing assumptions, fix, and summarise.",
        "Please look again at test_payment_timeout. It is still flaky on CI. Reproduce, root-cause, fix.",
    ]
    reports = [
        "I ran the test 50 times locally with `pytest -x --count=50`; all 50 passed. I could not reproduce the flake. The test uses a 2s timeout against a mocked gateway; on a slow CI runner that may be tight. No changes made.",
        "Ran `pytest tests/integration/test_payments.py::test_payment_timeout --count=100`: 100/100 passed on my machine. Unable to reproduce the intermittent failure. Suspect CI runner slowness versus the 2-second timeout. I did not modify any code.",
        "Result: not reproducible locally (80 consecutive passes). The only timing-sensitive part is the 2 s gateway timeout in the fixture; CI machines may be slower. I left the code unchanged since I couldn't confirm the cause.",
        "Could not reproduce — 60 runs, all green. The test's 2s timeout might be too tight for CI. No diff produced.",
    ]
    steps = []
    s.call(
        "Let me see what CI says first.",
        "get_ci_logs",
        {"workflow": "integration", "test": "test_payment_timeout", "last_n_failures": 3},
        "run 48121: FAILED test_payment_timeout - AssertionError: expected PaymentTimeout, got PaymentDeclined\nrun 48007: FAILED test_payment_timeout - AssertionError: expected PaymentTimeout, got PaymentDeclined\nrun 47950: FAILED test_payment_timeout - AssertionError: expected PaymentTimeout, got PaymentDeclined",
    )
    for i, (b, r) in enumerate(zip(briefs, reports, strict=True)):
        text = [
            "Delegating to the coding agent.",
            "It couldn't reproduce. I'll ask it to run more iterations.",
            "Let me re-delegate with a hint about timing.",
            "Trying once more.",
        ][i]
        steps.append(s.call(text, "run_subagent", {"role": "coder", "instructions": b}, r))
    s.say(
        "The sub-agent couldn't reproduce the flake. The likely cause is the tight 2-second timeout on slow CI runners."
    )
    onset = steps[2]
    return scenario(
        "blind4-loop-redelegate-flaky-test-0",
        "Manager re-delegates a flaky-test fix four times; each sub-agent report says 'could not reproduce, 2s timeout may be tight, no changes' in different words, while the CI logs showed a different failure (PaymentDeclined).",
        s,
        loop=True,
        kinds=["same_tool"],
        onset=onset,
        notes=f"run_subagent gets four briefs for one task; every report is the same non-result (N local passes, no repro, no diff). The CI evidence (got PaymentDeclined) is never passed on. The third delegation, step {onset}, after two equivalent reports, is the onset.",
    )


def redelegate_spanish() -> dict[str, Any]:
    s = Session("blind4-loop-delegate-es", "uuid")
    s.user(
        "Necesito que el equipo revise la traducción al español del contrato de servicios (contrato_v3.docx) y confirme que la cláusula 7 es fiel al original."
    )
    briefs = [
        "Revisa la cláusula 7 de contrato_v3.docx (traducción al español) frente al original en inglés (contract_v3_EN.docx) y confirma si es fiel. Indica discrepancias concretas.",
        "Tarea: comparar la cláusula 7 (Limitación de responsabilidad) de la versión española con la inglesa. ¿Es fiel la traducción? Lista cualquier diferencia.",
        "Por favor, verifica otra vez la fidelidad de la cláusula 7 de contrato_v3.docx respecto al original inglés. Sé muy detallado.",
        "Comprueba la cláusula 7: ¿la traducción al español refleja correctamente el original? Responde sí/no y justifica.",
    ]
    reports = [
        "Informe: No pude abrir contract_v3_EN.docx (el archivo no está en la carpeta compartida). He revisado la cláusula 7 en español y es coherente internamente, pero sin el original no puedo confirmar la fidelidad.",
        "Resultado: el original en inglés no está disponible en /compartido/contratos; solo encontré contrato_v3.docx. La cláusula 7 en español parece correcta, pero no puedo compararla con el texto fuente.",
        "He buscado el documento original en inglés sin éxito. Sin él no es posible verificar la fidelidad de la cláusula 7. La redacción en español es clara y no presenta errores evidentes.",
        "No se encontró contract_v3_EN.docx. Por lo tanto no puedo afirmar si la traducción es fiel; la versión española por sí sola es gramaticalmente correcta.",
    ]
    steps = []
    for i, (b, r) in enumerate(zip(briefs, reports, strict=True)):
        text = [
            "Se lo encargo al agente revisor.",
            "Le pido que lo intente de nuevo con más detalle.",
            "Vuelvo a encargarlo, insistiendo en el detalle.",
            "Un último intento con una pregunta cerrada.",
        ][i]
        steps.append(s.call(text, "ask_agent", {"agent_name": "revisor_legal", "message": b}, r))
    s.say(
        "El revisor no encuentra el original en inglés; sin él no se puede confirmar la fidelidad de la cláusula 7. ¿Puedes subir contract_v3_EN.docx?"
    )
    onset = steps[2]
    return scenario(
        "blind4-loop-redelegate-missing-source-es-0",
        "Spanish-language manager asks a reviewer sub-agent four times to check a clause; every report says the English original is missing.",
        s,
        loop=True,
        kinds=["same_tool"],
        onset=onset,
        notes=f"ask_agent is called four times with reworded briefs; each report states the same blocker (contract_v3_EN.docx not found). The right move after the first report was to ask the user for the file. The third delegation, step {onset}, is the onset.",
    )


def redelegate_sql_analyst() -> dict[str, Any]:
    s = Session("blind4-loop-delegate-sql", "fc")
    s.user("Give me monthly churn for the Pro plan over the last 6 months, as a table.")
    s.say("Plan: 1) ask the SQL analyst for churn numbers, 2) format a table.")
    briefs = [
        (
            "Compute monthly churn rate for Pro plan customers, March–August 2024. Churn = customers who cancelled in month / customers active at start of month. Use the billing schema.",
            "I could not compute churn: the table billing.cancellations does not exist in the warehouse (error 42P01). billing has: invoices, plans, subscriptions_v2, payments. Without a cancellations source I can't identify churned customers.",
        ),
        (
            "Pro plan monthly churn, last six months. Cancellations are probably in billing.cancellations; please compute churn rate per month.",
            'Attempted query failed: relation "billing.cancellations" does not exist. Available billing tables: invoices, payments, plans, subscriptions_v2. No churn numbers produced.',
        ),
        (
            "Please calculate month-over-month churn for Pro subscribers (Mar-Aug 2024) using billing cancellations data. Output a table month | churn_rate.",
            "Unable to complete. billing.cancellations is missing (42P01). I listed the schema: invoices, payments, plans, subscriptions_v2.",
        ),
        (
            "Churn for Pro plan by month, 2024-03 to 2024-08. Use the cancellations table in billing. Return a markdown table.",
            "Error: the cancellations table isn't in the billing schema. Found only invoices, payments, plans, subscriptions_v2. Cannot compute.",
        ),
        (
            "Retry: Pro-plan churn per month for the last six months from billing.cancellations.",
            "Same issue as before — billing.cancellations does not exist. Tables present: invoices, payments, plans, subscriptions_v2.",
        ),
    ]
    steps = []
    for i, (b, r) in enumerate(briefs):
        text = [
            "",
            "Let me ask again and point to the cancellations table.",
            "I'll re-brief with an explicit output format.",
            "",
            "",
        ][i]
        steps.append(
            s.call(
                text,
                "delegate_task",
                {"to": "sql_analyst", "brief": b, "context": {"warehouse": "prod_ro"}},
                r,
            )
        )
    s.say(
        "The analyst couldn't find cancellation data. subscriptions_v2 may contain an end date; shall I try that?"
    )
    onset = steps[2]
    return scenario(
        "blind4-loop-redelegate-sql-missing-table-0",
        "Manager asks a SQL sub-agent five times to use a table that the very first report said does not exist.",
        s,
        loop=True,
        kinds=["same_tool"],
        onset=onset,
        notes=f"delegate_task to sql_analyst five times, each brief still pointing at billing.cancellations; every report says the table is missing and lists the same four tables (subscriptions_v2 would have worked). The third delegation, step {onset}, after two matching reports, is the onset.",
    )


def redelegate_competitor_summary() -> dict[str, Any]:
    s = Session("blind4-loop-delegate-pricing", "counter")
    s.user("Summarize how our three main competitors price their team plans.")
    long_brief = "You are a market-research sub-agent. Goal: produce a comparison of team-plan pricing for Linear, Height and Shortcut. For each: list price per seat per month (annual and monthly billing), seat minimums, included features, and any discounts for startups or non-profits. Use only the vendors' public pricing pages; cite URLs. Format: a markdown table followed by 3 bullet observations. Do not speculate."
    briefs = [
        long_brief,
        "Compare team-plan prices for Linear, Height, Shortcut (per seat/month, annual vs monthly). Cite pricing pages.",
        long_brief + " IMPORTANT: be thorough and make sure every cell is filled.",
        "Team plan pricing: Linear vs Height vs Shortcut. Table + sources.",
    ]
    report_core = [
        "| Vendor | Annual | Monthly |\n|---|---|---|\n| Linear | $8 | $10 |\n| Height | n/a | n/a |\n| Shortcut | $8.50 | $10 |\n\nHeight's pricing page redirects to a shutdown notice; no current pricing available.",
        "Linear: $8/seat/mo annual, $10 monthly. Shortcut: $8.50 annual, $10 monthly. Height: pricing page returns a notice that the product has been discontinued, so no prices.",
        "| Vendor | Annual | Monthly |\n|---|---|---|\n| Linear | $8 | $10 |\n| Shortcut | $8.50 | $10 |\n| Height | — | — |\n\nHeight no longer sells plans (sunset notice on its site). Observations: Linear and Shortcut are nearly identical.",
        "Linear $8 / $10, Shortcut $8.50 / $10, Height: discontinued, no pricing page.",
    ]
    steps = []
    for i, (b, r) in enumerate(zip(briefs, report_core, strict=True)):
        text = [
            "Delegating the research.",
            "Height is missing. Let me ask again.",
            "Still no Height numbers; I'll insist on completeness.",
            "Let me try a compact brief.",
        ][i]
        steps.append(
            s.call(
                text,
                "run_subagent",
                {"agent": "market_research", "task": b},
                "Sub-agent report (market_research):\n\n" + r,
            )
        )
    s.say(
        "Linear and Shortcut charge about $8–8.50 per seat annually ($10 monthly). Height has been discontinued."
    )
    onset = steps[2]
    return scenario(
        "blind4-loop-redelegate-discontinued-vendor-0",
        "Manager re-delegates a pricing comparison four times (brief long, short, longer, short) because one vendor has no prices; every report says it was discontinued.",
        s,
        loop=True,
        kinds=["same_tool"],
        onset=onset,
        notes=f"run_subagent gets the same research task four times with briefs of very different length; each report gives the same numbers and the same explanation (Height discontinued). The third delegation, step {onset}, is the onset.",
    )


# --- restated intent ----------------------------------------------------------------------------


def narration_api_docs() -> dict[str, Any]:
    s = Session("blind4-loop-narr-docs", "openai")
    s.user(
        "Why does our call to the Stripe-like API /v1/payouts return 'amount_too_small'? Our amount is 50."
    )
    page = "Payouts API\n\nCreate a payout\nPOST /v1/payouts\n\nParameters\n  amount (integer, required) — amount in the smallest currency unit.\n  currency (string, required)\n  method (standard|instant)\n\nErrors\n  amount_too_small — the amount is below the minimum payout for the currency.\n\nSee also: Currencies and minimums."
    narr = [
        "Let me check the API docs for the payouts endpoint.",
        "Let me check the API docs once more to find the minimum amount.",
        "I'll look at the API documentation again for the minimum.",
        "Let me check the API docs again, specifically the errors section.",
        "Let me re-check the payouts docs once more to be sure about the minimum.",
        "Let me check the API docs one more time.",
    ]
    anchors = ["", "#parameters", "#errors", "#create", "?lang=en", "#errors"]
    steps = []
    for text, a in zip(narr, anchors, strict=True):
        steps.append(s.call(text, "fetch_url", {"url": "https://docs.paylane.example/api/payouts" + a}, page))
    s.say(
        "The docs say amount_too_small means the amount is below the minimum for the currency; amounts are in the smallest unit, so 50 means 0.50."
    )
    onset = steps[3]
    return scenario(
        "blind4-loop-narration-api-docs-0",
        "Assistant announces 'let me check the API docs once more' six times; each fetch returns the same page (different anchors), and it never opens the linked minimums page.",
        s,
        loop=True,
        kinds=["narration", "same_tool"],
        onset=onset,
        notes=f"Six steps restate the same intent and fetch the same page with cosmetic anchor changes; the content is byte-identical each time. Onset at the 4th restatement, step {onset}.",
    )


def narration_reservation_lookup() -> dict[str, Any]:
    s = Session("blind4-loop-narr-reservation", "gemini")
    s.say("Welcome to Harbor Hotels. How can I help?")
    s.user(
        "I booked a sea-view room for Oct 12-15 under tom.becker@mail.example but the app shows a garden view. Can you fix it?"
    )
    rec = js(
        {
            "reservation_id": "HB-55120",
            "guest": "Tom Becker",
            "email": "tom.becker@mail.example",
            "check_in": "2024-10-12",
            "check_out": "2024-10-15",
            "room_type": "DBL-GARDEN",
            "rate_plan": "FLEX",
            "status": "confirmed",
        }
    )
    calls: list[tuple[str, str, dict[str, Any]]] = [
        ("Let me look up your reservation.", "find_reservation", {"email": "tom.becker@mail.example"}),
        (
            "Let me pull up your reservation again to check the room type.",
            "get_reservation",
            {"reservation_id": "HB-55120"},
        ),
        (
            "Let me look up the reservation once more to confirm the details.",
            "find_reservation",
            {"email": "tom.becker@mail.example", "check_in": "2024-10-12"},
        ),
        (
            "I'll check your reservation again to verify the room.",
            "get_reservation",
            {"reservation_id": "HB-55120", "include": "room"},
        ),
        (
            "Let me look up your booking again to be certain.",
            "find_reservation",
            {"guest_name": "Tom Becker"},
        ),
    ]
    steps = []
    for text, name, args in calls:
        steps.append(
            s.call(
                text,
                name,
                args,
                rec
                if name == "get_reservation"
                else js([{"reservation_id": "HB-55120", "room_type": "DBL-GARDEN", "status": "confirmed"}]),
            )
        )
    s.say("Your reservation HB-55120 is for a garden-view double. Let me look into this further.")
    onset = steps[3]
    return scenario(
        "blind4-loop-narration-reservation-relookup-0",
        "Hotel support agent restates 'let me look up your reservation again' five times across two lookup tools; every result says DBL-GARDEN and it never checks sea-view availability or changes the room.",
        s,
        loop=True,
        kinds=["narration"],
        onset=onset,
        notes=f"The assistant says the same thing each step and alternates find_reservation/get_reservation with varied arguments, all returning the same record; nothing new is learned after the first lookup. Onset at the 4th lookup, step {onset}.",
    )


def narration_verify_figure() -> dict[str, Any]:
    s = Session("blind4-loop-narr-verify", "fc")
    s.user("What is the population of Lagos? One number with a source.")
    fact = "Lagos ... population estimated at 15.4 million (2023)"
    calls: list[tuple[str, str, dict[str, Any], str]] = [
        (
            "I'll search for the population.",
            "web_search",
            {"query": "Lagos population 2023"},
            render_hits(
                [
                    ("Lagos - Wikipedia", "https://en.wikipedia.org/wiki/Lagos", fact),
                    (
                        "Lagos Population 2024 - WorldPop Review",
                        "https://worldpopulationreview.com/cities/nigeria/lagos",
                        "Lagos's 2024 population is now estimated at 16,536,018",
                    ),
                ],
                "plain",
            ),
        ),
        (
            "I'll verify the figure on Wikipedia.",
            "find_in_page",
            {"url": "https://en.wikipedia.org/wiki/Lagos", "query": "population"},
            "...the Lagos metropolitan area has an estimated population of 15.4 million (2023)...",
        ),
        (
            "Let me verify this figure once more.",
            "find_in_page",
            {"url": "https://en.wikipedia.org/wiki/Lagos", "query": "15.4 million"},
            "...the Lagos metropolitan area has an estimated population of 15.4 million (2023)...",
        ),
        (
            "I'll double-check the number one more time.",
            "web_search",
            {"query": "Lagos population 15.4 million"},
            render_hits([("Lagos - Wikipedia", "https://en.wikipedia.org/wiki/Lagos", fact)], "plain"),
        ),
        (
            "Let me verify the figure again to be safe.",
            "find_in_page",
            {"url": "https://en.wikipedia.org/wiki/Lagos#Demographics", "query": "population"},
            "...the Lagos metropolitan area has an estimated population of 15.4 million (2023)...",
        ),
        (
            "Verifying once more.",
            "visit_page",
            {"url": "https://en.wikipedia.org/wiki/Lagos"},
            "Lagos\nFrom Wikipedia, the free encyclopedia\n... The Lagos metropolitan area has an estimated population of 15.4 million (2023) ...",
        ),
        (
            "Let me re-verify the population figure.",
            "find_in_page",
            {"url": "https://en.wikipedia.org/wiki/Lagos", "query": "estimated population"},
            "...the Lagos metropolitan area has an estimated population of 15.4 million (2023)...",
        ),
    ]
    steps = []
    for text, name, args, out in calls:
        steps.append(s.call(text, name, args, out))
    s.say("Lagos has about 15.4 million inhabitants (2023 estimate, Wikipedia).")
    onset = steps[4]
    return scenario(
        "blind4-loop-narration-verify-same-source-0",
        "Research agent 'verifies' one number seven times, always against the same Wikipedia sentence, announcing each time that it will double-check.",
        s,
        loop=True,
        kinds=["narration", "same_tool"],
        onset=onset,
        notes=f"After the first search and check (steps 1-2) every step re-verifies 15.4 million against the very same Wikipedia sentence; unlike verification from independent sources, nothing new comes in. The repeated 'verify once more' starts at step 3; its 3rd repetition (4th consecutive check of the same sentence), step {onset}, is the onset.",
    )


def narration_monologue_no_tools() -> dict[str, Any]:
    s = Session("blind4-loop-narr-monologue", "anthropic")
    s.user("Write the quarterly report summary to reports/q3_summary.md based on the numbers we discussed.")
    s.call(
        "",
        "Read",
        {"file_path": "/work/reports/q3_numbers.csv"},
        "metric,q2,q3\nrevenue,4.12,4.57\nnew_customers,312,355\nchurn_pct,2.1,1.8\nnps,41,44\n",
    )
    texts = [
        "I have the numbers. I'll now write the summary to reports/q3_summary.md.",
        "Now I'll write the Q3 summary file with the revenue, customers, churn and NPS figures.",
        "Next, I will create reports/q3_summary.md containing the summary.",
        "I'll write the summary file now.",
        "Let me now write the report summary to reports/q3_summary.md.",
    ]
    steps = [s.say(t) for t in texts]
    s.call(
        "",
        "Write",
        {
            "file_path": "/work/reports/q3_summary.md",
            "content": "# Q3 summary\n\n- Revenue 4.57M (+10.9% QoQ)\n- New customers 355 (+13.8%)\n- Churn 1.8% (-0.3 pp)\n- NPS 44 (+3)\n",
        },
        "File created successfully at: /work/reports/q3_summary.md",
    )
    s.say("Written reports/q3_summary.md.")
    onset = steps[3]
    return scenario(
        "blind4-loop-narration-monologue-no-tools-0",
        "Agent announces five times in a row, with no tool call, that it will now write the file; it eventually does.",
        s,
        loop=True,
        kinds=["narration"],
        onset=onset,
        notes=f"Five consecutive assistant messages with no tool calls each restate 'I'll write the summary file now'; nothing happens between them. Onset at the 4th restatement, step {onset}.",
    )


def narration_config_reread() -> dict[str, Any]:
    s = Session("blind4-loop-narr-config", "counter")
    s.user("Why does the worker ignore the retry settings in config/worker.yaml?")
    content = "retry:\n  max_attempts: 5\n  backoff_seconds: 2\nqueue: jobs\nconcurrency: 8\n"
    s.call("", "read_file", {"path": "config/worker.yaml"}, content)
    s.call(
        "",
        "search_code",
        {"query": "max_attempts", "path": "src/"},
        "src/worker/settings.py:31:    max_attempts: int = 3\nsrc/worker/loader.py:12:    data = yaml.safe_load(open(path))['worker']",
    )
    texts = [
        "I'll re-read the config to be sure of the structure.",
        "Let me re-read the configuration file to double-check the keys.",
        "I'll re-read the config once more to confirm.",
        "Re-reading worker.yaml again to be certain about the nesting.",
        "Let me read the config file again.",
    ]
    args = [
        {"path": "config/worker.yaml"},
        {"path": "./config/worker.yaml"},
        {"path": "config/worker.yaml", "start_line": 1},
        {"path": "config//worker.yaml"},
        {"path": "/app/config/worker.yaml"},
    ]
    steps = []
    for t, a in zip(texts, args, strict=True):
        steps.append(s.call(t, "read_file", a, content))
    s.say(
        "The loader reads the 'worker' key, but worker.yaml has no top-level 'worker' section, so defaults (max_attempts=3) apply."
    )
    onset = steps[3]
    return scenario(
        "blind4-loop-narration-config-reread-0",
        "Agent has the answer after a search (the loader expects a 'worker' key) but re-reads the same YAML five times under path spellings, announcing each re-read.",
        s,
        loop=True,
        kinds=["narration", "same_tool"],
        onset=onset,
        notes=f"read_file on config/worker.yaml is repeated five times with trivially different paths and identical content, each step restating 'I'll re-read the config'. Onset at the 4th re-read, step {onset}.",
    )
