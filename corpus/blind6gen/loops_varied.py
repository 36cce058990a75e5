"""Loops: the same tool with trivially varied arguments (case, whitespace, synonyms, equivalent filters,
off-by-one limits, citation spellings) and paraphrased searches whose results overlap completely."""

from __future__ import annotations

from blind6gen.builder import JSON, Trace, js, table


def ats_title_variants() -> JSON:
    t = Trace(
        "blind6-loop-ats-title-variants",
        "Recruiting agent: needs five shortlist candidates, only three exist; it re-runs the ATS search "
        "with case, spacing and word-order variants that return the same three people.",
        ids="openai",
        meta={"agent_style": "recruiting agent (ATS, calendar, email)"},
    )
    t.user("Build me a shortlist of five candidates for REQ-2291 and send it to Marta by email.")
    t.call(
        "ats_get_requisition",
        {"req_id": "REQ-2291"},
        js(
            {
                "req_id": "REQ-2291",
                "title": "Senior Data Engineer",
                "location": "Berlin (hybrid)",
                "must_have": ["Spark", "Airflow", "Python"],
                "hiring_manager": "marta.kowalczyk@lumen-analytics.example",
            },
            indent=2,
        ),
        text="I'll start by reading the requisition so I know exactly what the hiring manager is asking for.",
    )
    people = {
        "total": 3,
        "candidates": [
            {
                "id": "CAN-40112",
                "name": "Farid Haddad",
                "title": "Senior Data Engineer",
                "location": "Berlin",
                "stage": "sourced",
            },
            {
                "id": "CAN-38877",
                "name": "Lena Vogt",
                "title": "Data Engineer II",
                "location": "Potsdam",
                "stage": "screen",
            },
            {
                "id": "CAN-41509",
                "name": "Tomás Rey",
                "title": "Senior Data Engineer",
                "location": "Berlin",
                "stage": "sourced",
            },
        ],
    }
    result = js(people, indent=2)
    variants: list[tuple[JSON, str]] = [
        (
            {"query": "senior data engineer", "filters": {"location": "Berlin"}, "limit": 25},
            "Now I'll search the ATS for matching candidates in Berlin.",
        ),
        (
            {"query": "Senior Data Engineer", "filters": {"location": "Berlin"}, "limit": 25},
            (
                "Only three came back, and I need five. I'll try the title exactly as it appears on the "
                "requisition, with capitals."
            ),
        ),
        (
            {"query": "senior  data engineer", "filters": {"location": "Berlin"}, "limit": 50},
            "Still three. Perhaps the limit is cutting results off, so I'll raise it to 50 and search again.",
        ),
        (
            {"query": "data engineer senior", "filters": {"location": "Berlin"}, "limit": 50},
            (
                "The same three people. I'll reorder the words in case the ranking treats the phrase "
                "differently."
            ),
        ),
        (
            {"query": "senior data engineer", "filters": {"location": "berlin"}, "limit": 50},
            "Maybe the location filter is case-sensitive; I'll lower-case it and search once more.",
        ),
        (
            {
                "query": "Senior Data Engineer ",
                "filters": {"location": "Berlin", "remote_ok": None},
                "limit": 50,
            },
            "I'll explicitly clear the remote filter and try the search one more time.",
        ),
        (
            {"query": "senior data engineer", "filters": {"location": "Berlin"}, "limit": 100},
            "Let me try the broadest limit the API allows.",
        ),
    ]
    steps = [t.call("ats_search_candidates", args, result, text=text) for args, text in variants]
    t.say(
        "I could only find three suitable candidates for REQ-2291: Farid Haddad, Lena Vogt and Tomás Rey. "
        "Shall I send Marta these three, or widen the search beyond Berlin?"
    )
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"From step {steps[0]} the ATS search is repeated {len(steps)} times with trivially different "
        "arguments (capitals, a double space, reordered words, lower-cased filter, a null filter, a "
        "larger limit) and the same three candidates every time; the pool simply has three. The agent "
        "only tells the user after seven identical-result searches (a widened location was never tried). "
        f"Onset at the 4th attempt, step {onset}.",
    )


def ledger_equivalent_filters() -> JSON:
    t = Trace(
        "blind6-loop-ledger-equivalent-filters",
        "Accounting agent: looks for a customer payment in the bank ledger with equivalent date filters "
        "that all return the same six October entries.",
        ids="bedrock",
        meta={"agent_style": "finance/accounting agent (ledger, invoices)"},
    )
    t.user(
        "Halvorsen AS says they paid INV-7731 (NOK 18,400) in October. Find the payment and mark the "
        "invoice paid."
    )
    t.call(
        "invoices_get",
        {"number": "INV-7731"},
        js(
            {
                "number": "INV-7731",
                "customer": "Halvorsen AS",
                "amount": 18400.0,
                "currency": "NOK",
                "status": "open",
                "due": "2024-10-15",
            }
        ),
        text="Looking up the invoice.",
    )
    rows = [
        ["2024-10-02", "BG-55120", "Fjordkraft AS", "-4 311.00"],
        ["2024-10-07", "BG-55188", "Nordvik Shipping AS", "12 900.00"],
        ["2024-10-11", "BG-55231", "Halvorsen Bygg AS", "8 400.00"],
        ["2024-10-18", "BG-55302", "Skatteetaten", "-41 772.00"],
        ["2024-10-24", "BG-55377", "Brekke & Sønn", "6 150.00"],
        ["2024-10-30", "BG-55419", "DNB Bedrift", "-189.00"],
    ]
    listing = (
        table(["date", "voucher", "counterparty", "amount_nok"], rows) + "\n(6 entries, account 1920 Bank)"
    )
    variants: list[tuple[JSON, str]] = [
        (
            {"account": "1920", "date_from": "2024-10-01", "date_to": "2024-10-31"},
            "Querying the bank account for October.",
        ),
        ({"account": "1920", "period": "2024-10"}, "No NOK 18,400 credit. Let me query by period instead."),
        (
            {"account": "1920", "date_from": "2024-10-01", "date_to": "2024-11-01", "end_inclusive": False},
            "Same six. Trying an exclusive end date.",
        ),
        (
            {"account": " 1920", "date_from": "2024-10-01", "date_to": "2024-10-31", "counterparty": ""},
            "Retrying with an empty counterparty filter.",
        ),
        (
            {"accounts": ["1920"], "date_from": "2024-10-01", "date_to": "2024-10-31"},
            "Trying the list form of the account filter.",
        ),
        (
            {"account": "1920", "date_from": "2024-09-30T22:00:00Z", "date_to": "2024-10-31T22:59:59Z"},
            "Maybe a timezone issue; querying in UTC.",
        ),
    ]
    steps = [t.call("ledger_query", args, listing, text=text) for args, text in variants]
    t.say(
        "I can't find a NOK 18,400 receipt from Halvorsen AS in October. The closest is NOK 8,400 from "
        "Halvorsen Bygg AS on 11 October, which looks like a different company. INV-7731 stays open."
    )
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"The October bank ledger is queried {len(steps)} times (from step {steps[0]}) with filters that "
        "mean the same thing (period vs. date range, exclusive end, padded account, list form, UTC "
        "bounds) and returns the same six entries each time; the only Halvorsen line is a different "
        "company and amount. No new information after the first query: onset at the 4th attempt, step "
        f"{onset}.",
    )


def aider_grep_variants() -> JSON:
    t = Trace(
        "blind6-loop-aider-grep-variants",
        "Aider-style coding agent: greps for a function that does not exist with quoting, flag and path "
        "variants, every search empty.",
        ids="short",
        meta={"agent_style": "Aider-like pair programmer", "repo": "mailparse"},
    )
    t.user("tests/test_headers.py::test_folded_subject fails after the refactor. Please fix it.")
    t.call(
        "run",
        {"cmd": "python -m pytest tests/test_headers.py::test_folded_subject -x -q"},
        "F\n=================================== FAILURES ===================================\n"
        "_____________________________ test_folded_subject ______________________________\n\n    def "
        "test_folded_subject():\n>       hdr = headers.parse_header(RAW)\nE       AttributeError: module "
        "'mailparse.headers' has no attribute 'parse_header'\n\ntests/test_headers.py:41: AttributeError\n"
        "1 failed in 0.21s\n",
        error=True,
        text="Let me reproduce the failure first.",
    )
    t.call(
        "read",
        {"path": "tests/test_headers.py", "lines": [1, 60]},
        (
            'from mailparse import headers\n\nRAW = b"Subject: a very long\\r\\n folded subject\\r\\n"\n'
            "\n\ndef test_folded_subject():\n    hdr = headers.parse_header(RAW)\n    assert "
            'hdr.subject == "a very long folded subject"\n'
        ),
        text="",
    )
    variants = [
        ('rg -n "def parse_header" src/', "Where did parse_header go? Searching."),
        ("rg -n 'def parse_header' src", "Nothing. Trying single quotes."),
        ('grep -rn "def parse_header" src/', "Maybe rg ignores something; using grep."),
        ('rg -n "def parse_header" --type py .', "Searching the whole repo for python files."),
        ('rg -n "def  *parse_header" src/', "Allowing for extra spaces."),
        ('rg -n --hidden "def parse_header" src/', "Including hidden files."),
        ('rg -n -i "def parse_header" src/', "Case-insensitive, just in case."),
    ]
    steps = [t.call("run", {"cmd": cmd}, "(no output, exit code 1)", text=text) for cmd, text in variants]
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"The test shows the function is gone; from step {steps[0]} the agent greps for `def parse_header` "
        f"{len(steps)} times with quoting, tool, flag and scope variants, every time empty, never "
        "searching for what replaced it (e.g. listing mailparse/headers.py). Onset at the 4th variant of "
        f"the same search, step {onset}.",
    )


def sql_limit_off_by_one() -> JSON:
    t = Trace(
        "blind6-loop-sql-limit-off-by-one",
        "Data-engineering agent: hunts for a missing order in a fact table with LIMIT/OFFSET and ordering "
        "variants that return the same latest rows.",
        ids="openai",
        meta={"agent_style": "data-engineering agent (SQL warehouse, dbt)"},
    )
    t.user("Order 88120455 shows in Shopify but not in analytics.fct_orders. Find out why.")
    t.call(
        "warehouse_query",
        {"sql": "select count(*) from raw_shopify.orders where id = 88120455", "warehouse": "TRANSFORM_XS"},
        table(["COUNT(*)"], [["1"]]) + "\n1 row in 0.41s",
        text="First, is it in the raw table?",
    )
    recent = [
        [
            str(88120600 - 7 * i),
            f"2025-03-0{9 - i // 40}T{(23 - i % 24):02d}:{(59 - i) % 60:02d}:00Z",
            f"{(31.5 + i * 3.17) % 400:.2f}",
            "paid",
        ]
        for i in range(12)
    ]
    head = table(["ORDER_ID", "CREATED_AT", "TOTAL_EUR", "FINANCIAL_STATUS"], recent)

    def rows(n: int) -> str:
        return f"{head}\n... ({n - 12} more rows)\n{n} rows in 0.{30 + n % 7}s"

    variants: list[tuple[str, int, str]] = [
        (
            (
                "select order_id, created_at, total_eur, financial_status from analytics.fct_orders order "
                "by created_at desc limit 100"
            ),
            100,
            "It's in raw. Let me look at the newest rows of the fact table.",
        ),
        (
            (
                "select order_id, created_at, total_eur, financial_status from analytics.fct_orders order "
                "by created_at desc limit 101"
            ),
            101,
            "Not in the first 100. One more row.",
        ),
        (
            (
                "select order_id, created_at, total_eur, financial_status from analytics.fct_orders order "
                "by created_at desc limit 99 offset 0"
            ),
            99,
            "Hmm. Trying 99 with an explicit offset.",
        ),
        (
            (
                "select order_id, created_at, total_eur, financial_status from analytics.fct_orders order "
                "by created_at desc nulls last limit 100"
            ),
            100,
            "Maybe nulls are sorting first.",
        ),
        (
            (
                "SELECT ORDER_ID, CREATED_AT, TOTAL_EUR, FINANCIAL_STATUS FROM ANALYTICS.FCT_ORDERS ORDER "
                "BY CREATED_AT DESC LIMIT 100"
            ),
            100,
            "Upper-case identifiers, same query.",
        ),
        (
            (
                "select top 100 order_id, created_at, total_eur, financial_status from "
                "analytics.fct_orders order by created_at desc"
            ),
            100,
            "Trying TOP instead of LIMIT.",
        ),
        (
            (
                "select order_id, created_at, total_eur, financial_status from analytics.fct_orders order "
                "by created_at desc limit 102"
            ),
            102,
            "",
        ),
    ]
    steps = [
        t.call("warehouse_query", {"sql": sql, "warehouse": "TRANSFORM_XS"}, rows(n), text=text)
        for sql, n, text in variants
    ]
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"From step {steps[0]} the agent scans the newest ~100 rows of fct_orders {len(steps)} times with "
        "off-by-one limits, an explicit offset, NULLS LAST, upper case and TOP: the same rows every time "
        "and never a filter on the order id or a look at the model's where-clause. Onset at the 4th "
        f"attempt, step {onset}.",
    )


def cfr_citation_variants() -> JSON:
    t = Trace(
        "blind6-loop-cfr-citation-variants",
        "Compliance research agent: the answer is in the section it already fetched, but it re-fetches 21 "
        "CFR 11.10 under different citation spellings, getting the same text.",
        ids="anthropic",
        meta={"agent_style": "legal/compliance research agent"},
    )
    t.user(
        "Under 21 CFR Part 11, do audit trails have to be kept as long as the underlying electronic "
        "records? Quote the clause."
    )
    t.call(
        "ecfr_search",
        {"query": "audit trail retention electronic records", "title": 21, "part": 11},
        js(
            {
                "hits": [
                    {"citation": "21 CFR 11.10", "heading": "Controls for closed systems."},
                    {"citation": "21 CFR 11.30", "heading": "Controls for open systems."},
                    {"citation": "21 CFR 11.3", "heading": "Definitions."},
                ]
            }
        ),
        text="Searching Part 11.",
    )
    section = (
        "§ 11.10 Controls for closed systems.\n\nPersons who use closed systems to create, modify, "
        "maintain, or transmit electronic records shall employ procedures and controls designed to ensure "
        "the authenticity, integrity, and, when appropriate, the confidentiality of electronic records, "
        "and to ensure that the signer cannot readily repudiate the signed record as not genuine. Such "
        "procedures and controls shall include the following:\n(a) Validation of systems to ensure "
        "accuracy, reliability, consistent intended performance, and the ability to discern invalid or "
        "altered records.\n(b) The ability to generate accurate and complete copies of records in both "
        "human readable and electronic form suitable for inspection, review, and copying by the agency. "
        "...\n(c) Protection of records to enable their accurate and ready retrieval throughout the "
        "records retention period.\n(d) Limiting system access to authorized individuals.\n(e) Use of "
        "secure, computer-generated, time-stamped audit trails to independently record the date and time "
        "of operator entries and actions that create, modify, or delete electronic records. Record changes "
        "shall not obscure previously recorded information. Such audit trail documentation shall be "
        "retained for a period at least as long as that required for the subject electronic records and "
        "shall be available for agency review and copying.\n(f) Use of operational system checks to "
        "enforce permitted sequencing of steps and events, as appropriate.\n(g) ... (k) Use of appropriate "
        "controls over systems documentation ..."
    )
    variants = [
        ("21 CFR 11.10", "Fetching § 11.10."),
        (
            "21 CFR 11.10(e)",
            "I want to be sure I have the precise audit-trail paragraph. Fetching 11.10(e) specifically.",
        ),
        (
            "21 C.F.R. § 11.10",
            "The service returned the whole section again. Let me use the formal citation form.",
        ),
        (
            "21 CFR Part 11, Subpart B, 11.10",
            "I'll request it with the subpart to make sure this is the current text.",
        ),
        ("title 21 part 11 section 10", "Trying the long-form citation to get the authoritative version."),
        ("21CFR11.10", "One more fetch in compact form to confirm the wording."),
        ("21 CFR 11.10 (e)", "Fetching (e) again to quote it exactly."),
    ]
    steps = [t.call("ecfr_get_section", {"citation": c}, section, text=text) for c, text in variants]
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        "The clause the user wants, 11.10(e) (audit trails retained at least as long as the records), is "
        f"in the text returned at step {steps[0]}. The agent nevertheless fetches the same section "
        f"{len(steps)} times under different citation spellings and gets the identical text. Onset at the "
        f"4th fetch, step {onset}.",
    )


def orders_email_case_ja() -> JSON:
    t = Trace(
        "blind6-loop-orders-email-case-ja",
        "Japanese-speaking shop back-office agent: searches orders by a customer's e-mail in case and "
        "whitespace variants, always zero hits, while the order number given by the customer goes unused.",
        ids="uuid",
        meta={"agent_style": "e-commerce support back office", "language": "ja"},
    )
    t.user(
        "お客様（田中 博様、Tanaka.Hiroshi@example.jp）から、注文番号 JP-55021 "
        "の配送状況について問い合わせがありました。確認してください。"
    )
    t.call(
        "customers_find",
        {"email": "Tanaka.Hiroshi@example.jp"},
        js(
            {
                "customers": [
                    {
                        "id": "cus_9912",
                        "name": "田中 博",
                        "email": "h.tanaka@example.jp",
                        "phone": "+81-90-1234-5678",
                    }
                ],
                "matched_on": "name",
            }
        ),
        text="まず顧客情報を検索します。",
    )
    none = js({"total": 0, "orders": [], "query_ms": 12})
    variants: list[tuple[JSON, str]] = [
        ({"customer_email": "Tanaka.Hiroshi@example.jp"}, "メールアドレスで注文を検索します。"),
        ({"customer_email": "tanaka.hiroshi@example.jp"}, "0件でした。小文字で再検索します。"),
        (
            {"customer_email": " tanaka.hiroshi@example.jp "},
            "空白が入っている可能性があるので、もう一度検索します。",
        ),
        ({"customer_email": "TANAKA.HIROSHI@EXAMPLE.JP"}, "大文字でも試してみます。"),
        (
            {"customer_email": "tanaka.hiroshi@example.jp", "status": "any"},
            "ステータス条件を「すべて」にして再検索します。",
        ),
        (
            {"customer_email": "Tanaka.Hiroshi@Example.jp", "include_archived": False},
            "もう一度メールアドレスで検索します。",
        ),
    ]
    steps = [t.call("orders_search", args, none, text=text) for args, text in variants]
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        "Step 1 already shows the customer's stored address differs (h.tanaka@) and the user gave order "
        f"number JP-55021; still, from step {steps[0]} the agent searches orders by the same e-mail in "
        f"{len(steps)} case, whitespace and no-op filter variants, zero hits each time. Onset at the 4th "
        f"attempt, step {onset}.",
    )


def pubmed_paraphrase() -> JSON:
    t = Trace(
        "blind6-loop-pubmed-paraphrase",
        "Scientific-literature agent: paraphrases the same PubMed query nine times and gets the same eight "
        "papers reshuffled, never reading any of them.",
        ids="openai",
        meta={"agent_style": "scientific-literature agent (PubMed/arXiv tools)"},
    )
    t.user(
        "Summarise what is known about CRISPR-Cas9 off-target effects in primary human T cells, with PMIDs."
    )
    pool = [
        (
            "36112247",
            "Genome-wide off-target profiling of Cas9 in primary human T cells by CHANGE-seq",
            "Nat Biotechnol",
            2022,
        ),
        (
            "35017703",
            "Chromosomal loss and translocations after multiplex CRISPR editing of T cells",
            "Nat Commun",
            2022,
        ),
        ("34587621", "Specificity of high-fidelity Cas9 variants in CAR-T manufacturing", "Mol Ther", 2021),
        (
            "37290931",
            "Long-read sequencing reveals large deletions at Cas9 cut sites in T lymphocytes",
            "Genome Res",
            2023,
        ),
        ("33649587", "GUIDE-seq in activated human T cells: a benchmark", "CRISPR J", 2021),
        ("38011264", "Off-target risk assessment for clinical TCR knockout", "Blood", 2023),
        (
            "32968110",
            "Base editing reduces translocations in multiplexed T-cell engineering",
            "Nat Biotechnol",
            2020,
        ),
        (
            "36927803",
            "Predicting Cas9 off-target activity in primary immune cells",
            "Nucleic Acids Res",
            2023,
        ),
    ]
    queries = [
        "CRISPR Cas9 off-target effects primary human T cells",
        "off-target editing CRISPR-Cas9 T lymphocytes",
        "genome-wide off-target analysis Cas9 edited T cells",
        "unintended edits CRISPR T cell therapy",
        "Cas9 specificity human T cells off target",
        "CRISPR T cell off-target mutations safety",
        "off-target cleavage Cas9 primary T lymphocytes human",
        "T cell genome editing off-target Cas9",
        "CRISPR off-target primary T cells review",
    ]
    texts = [
        "Let me search PubMed for the core topic.",
        "Good start. I'll rephrase to catch papers that say 'lymphocytes' instead of 'T cells'.",
        "Let me try a genome-wide angle.",
        "I'll search from the therapy side.",
        "Now specificity-focused wording.",
        "Trying safety-oriented terms.",
        "Another phrasing to be thorough.",
        "Reordering the terms.",
        "Let me look for reviews specifically.",
    ]
    steps: list[int] = []
    for i, (query, text) in enumerate(zip(queries, texts, strict=True)):
        order = pool[:]
        t.rng.shuffle(order)
        keep = order[: 8 if i == 0 else t.rng.choice([6, 7, 8])]
        body = "\n".join(
            f"{n}. PMID {p} | {title} | {journal} | {year}"
            for n, (p, title, journal, year) in enumerate(keep, 1)
        )
        steps.append(
            t.call(
                "pubmed_search",
                {"term": query, "retmax": 20, "sort": "relevance"},
                f"Found {len(keep)} results\n{body}",
                text=text,
            )
        )
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"Nine paraphrases of one PubMed query (from step {steps[0]}) return subsets of the same eight "
        "PMIDs in a new order; no search after the first brings a new paper and no abstract is ever "
        f"fetched. Paraphrased searches with nothing new: onset at the 4th search, step {onset}.",
    )


def kb_vpn_paraphrase_es() -> JSON:
    t = Trace(
        "blind6-loop-kb-vpn-paraphrase-es",
        "Spanish-speaking helpdesk agent: rephrases the knowledge-base search for a VPN drop six times, "
        "getting the same five articles.",
        ids="gemini",
        meta={"agent_style": "IT helpdesk agent", "language": "es"},
    )
    t.user("Hola, no me aparece la impresora de la planta 2 desde que me cambiaron de mesa.")
    t.call(
        "kb_search",
        {"query": "añadir impresora planta 2", "top_k": 3, "lang": "es"},
        js(
            {
                "results": [
                    {"id": "KB0301", "title": "Impresoras por planta: nombres y colas", "score": 0.88},
                    {"id": "KB0044", "title": "Cómo instalar una impresora de red", "score": 0.74},
                ]
            }
        ),
        text="Busco el procedimiento.",
    )
    t.call(
        "kb_get_article",
        {"id": "KB0301"},
        "Planta 2: cola \\\\print-mad\\P2-COLOR (Ricoh IM C3000). Asignación por grupo 'impresoras-p2'.",
        text="",
    )
    t.call(
        "groups_add_member",
        {"group": "impresoras-p2", "user": "l.ortega"},
        js({"ok": True}),
        text="Le añado al grupo de impresoras de la planta 2.",
    )
    t.say(
        "Listo: le he añadido al grupo 'impresoras-p2'. En unos minutos verá la cola P2-COLOR; si no, "
        "cierre sesión y vuelva a entrar."
    )
    t.user(
        "Gracias. Otra cosa: la VPN se me desconecta cada 10 minutos desde que actualicé el portátil. ¿Qué "
        "hago?"
    )
    t.call(
        "devices_get",
        {"user": "l.ortega", "include": ["os", "vpn_client"]},
        js(
            {
                "hostname": "LT-MAD-0442",
                "os": "Windows 11 24H2",
                "vpn_client": "GlobalConnect 6.1.2",
                "last_checkin": "2025-05-06T09:41:00Z",
            }
        ),
        text="Primero reviso su equipo.",
    )
    articles = [
        ("KB0012", "VPN: desconexiones periódicas tras suspensión"),
        ("KB0147", "GlobalConnect: configuración de keep-alive"),
        ("KB0203", "Windows 11 24H2: problemas conocidos de red"),
        ("KB0088", "Cómo reinstalar el cliente VPN"),
        ("KB0311", "MTU y fragmentación en conexiones VPN"),
    ]
    queries = [
        ("vpn se desconecta cada 10 minutos", "Busco en la base de conocimiento."),
        ("desconexión vpn periódica", "Voy a reformular la búsqueda."),
        ("VPN cae cada diez minutos", "Pruebo con otras palabras."),
        (
            "vpn corta conexión intervalos regulares windows 11",
            "Otra formulación, añadiendo el sistema operativo.",
        ),
        ("problema vpn se desconecta sola", "Intento una búsqueda más general."),
        ("GlobalConnect desconexión frecuente", "Busco por el nombre del cliente VPN."),
    ]
    steps: list[int] = []
    for query, text in queries:
        order = articles[:]
        t.rng.shuffle(order)
        body = js(
            {
                "results": [
                    {"id": a, "title": b, "score": round(0.91 - i * 0.07, 2)}
                    for i, (a, b) in enumerate(order)
                ]
            }
        )
        steps.append(t.call("kb_search", {"query": query, "top_k": 5, "lang": "es"}, body, text=text))
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        "Second user turn (the printer request was solved in three steps). Six rephrasings of the same KB "
        f"search (from step {steps[0]}) return the same five articles in shuffled order; the agent never "
        "opens one (KB0147 on keep-alive is the obvious candidate). Paraphrased searches with no new "
        f"results: onset at the 4th search, step {onset}.",
    )


def hotel_near_paraphrase() -> JSON:
    t = Trace(
        "blind6-loop-hotel-near-paraphrase-after-booking",
        "Travel agent: books flights and a rail pass efficiently over a dozen steps, then re-runs the "
        "Kyoto hotel search with paraphrased 'near' values that return the same six hotels.",
        ids="anthropic",
        meta={"agent_style": "travel agent (flight/hotel/rail search)"},
    )
    t.user(
        "Plan our Japan trip: two adults, Amsterdam to Osaka 3-17 October, economy, then JR pass for 7 "
        "days, and a hotel in Kyoto near Gion for 6-10 October under €220 a night."
    )
    t.call(
        "flights_search",
        {
            "slices": [
                {"from": "AMS", "to": "KIX", "date": "2025-10-03"},
                {"from": "KIX", "to": "AMS", "date": "2025-10-17"},
            ],
            "pax": {"adults": 2},
            "cabin": "economy",
        },
        js(
            {
                "offers": [
                    {"id": "off_KL867", "carrier": "KL", "price_eur": 1342.1, "stops": 0},
                    {"id": "off_AY_2", "carrier": "AY", "price_eur": 1188.4, "stops": 1},
                    {"id": "off_LH_7", "carrier": "LH", "price_eur": 1251.0, "stops": 1},
                ]
            }
        ),
        text="Searching flights.",
    )
    t.call(
        "flights_offer_details",
        {"offer_id": "off_KL867"},
        js(
            {
                "id": "off_KL867",
                "baggage": "1x23kg",
                "refundable": False,
                "segments": [
                    {"flight": "KL867", "dep": "2025-10-03T14:40", "arr": "2025-10-04T09:05"},
                    {"flight": "KL868", "dep": "2025-10-17T10:25", "arr": "2025-10-17T16:05"},
                ],
            }
        ),
        text="",
    )
    t.call(
        "flights_offer_details",
        {"offer_id": "off_AY_2"},
        js(
            {
                "id": "off_AY_2",
                "baggage": "1x23kg",
                "refundable": False,
                "segments": [{"flight": "AY1302", "via": "HEL"}, {"flight": "AY067"}],
                "layover_min": 95,
            }
        ),
        text="",
    )
    t.say(
        "The KLM direct is €154 more than Finnair via Helsinki (95-minute layover). I'll hold the direct "
        "KLM flight; it saves about five hours."
    )
    t.call(
        "flights_hold",
        {
            "offer_id": "off_KL867",
            "passengers": [{"given": "Anouk", "family": "Smit"}, {"given": "Ruben", "family": "Smit"}],
        },
        js({"hold_id": "H-77120", "expires": "2025-06-20T18:00:00Z", "status": "held"}),
        text="Holding it.",
    )
    t.call(
        "seatmap_get",
        {"hold_id": "H-77120", "segment": 0},
        js({"available_pairs": ["32A-32C", "41H-41K", "44D-44E"]}),
        text="",
    )
    t.call(
        "seatmap_select",
        {"hold_id": "H-77120", "segment": 0, "seats": ["41H", "41K"]},
        js({"ok": True}),
        text="Window pair on the way out.",
    )
    t.call(
        "seatmap_select",
        {"hold_id": "H-77120", "segment": 1, "seats": ["22A", "22C"]},
        js({"ok": True}),
        text="",
    )
    t.call(
        "rail_pass_quote",
        {"product": "JR_PASS", "days": 7, "class": "ordinary", "adults": 2},
        js({"price_jpy": 100000, "price_eur": 612.0, "activation_window_days": 90}),
        text="Now the rail pass.",
    )
    last = t.call(
        "rail_pass_order",
        {
            "product": "JR_PASS",
            "days": 7,
            "class": "ordinary",
            "travellers": ["Anouk Smit", "Ruben Smit"],
            "delivery": "e-ticket",
        },
        js({"order": "JRP-44190", "status": "confirmed"}),
        text="",
    )
    hotels = {
        "results": [
            {
                "id": "htl_1082",
                "name": "Gion Shinmonzen Inn",
                "eur_night": 241,
                "distance_m": 210,
                "rating": 9.1,
            },
            {
                "id": "htl_2271",
                "name": "Hotel Yasaka Terrace",
                "eur_night": 228,
                "distance_m": 480,
                "rating": 8.7,
            },
            {
                "id": "htl_0415",
                "name": "Kamogawa Riverside Stay",
                "eur_night": 236,
                "distance_m": 650,
                "rating": 8.9,
            },
            {
                "id": "htl_3310",
                "name": "Higashiyama Machiya Suites",
                "eur_night": 265,
                "distance_m": 390,
                "rating": 9.4,
            },
            {
                "id": "htl_0907",
                "name": "Shijo Kawaramachi Hotel",
                "eur_night": 231,
                "distance_m": 720,
                "rating": 8.2,
            },
            {
                "id": "htl_5126",
                "name": "Hanamikoji Garden Ryokan",
                "eur_night": 298,
                "distance_m": 150,
                "rating": 9.6,
            },
        ],
        "currency": "EUR",
        "nights": 4,
    }
    nears = [
        ("Gion, Kyoto", "Flights and pass are sorted. Now the Kyoto hotel near Gion."),
        ("Gion district", "All above €220. Let me search around the Gion district more generally."),
        ("Gion-Shijo station", "Same six. I'll centre the search on Gion-Shijo station instead."),
        ("Higashiyama, Gion", "Trying the ward name with Gion."),
        ("near Yasaka Shrine (Gion)", "Yasaka Shrine is the heart of Gion, let me use that as the anchor."),
        ("Hanamikoji street, Gion", "Anchoring on Hanamikoji."),
        ("Gion Kyoto Japan", "One more phrasing."),
    ]
    steps: list[int] = []
    for near, text in nears:
        body = dict(hotels)
        body["search_anchor"] = near
        steps.append(
            t.call(
                "hotels_search",
                {
                    "city": "Kyoto",
                    "near": near,
                    "checkin": "2025-10-06",
                    "checkout": "2025-10-10",
                    "guests": 2,
                    "max_eur_night": 220,
                    "sort": "price",
                },
                js(body, indent=2),
                text=text,
            )
        )
    onset = steps[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"Steps 1-{last} are productive (flights compared, held, seats chosen, rail pass ordered). From "
        f"step {steps[0]} the hotel search is repeated {len(steps)} times with paraphrases of the same "
        "neighbourhood and returns the same six hotels, all over the €220 cap (the filter is ignored); "
        "the agent neither relaxes the budget nor asks the user. Onset at the 4th hotel search, step "
        f"{onset}.",
    )


BUILDERS = [
    ats_title_variants,
    ledger_equivalent_filters,
    aider_grep_variants,
    sql_limit_off_by_one,
    cfr_citation_variants,
    orders_email_case_ja,
    pubmed_paraphrase,
    kb_vpn_paraphrase_es,
    hotel_near_paraphrase,
]
