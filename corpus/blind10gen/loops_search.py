"""Loops: identical look-ups after empty or fruitless results, and paraphrased look-ups whose results
overlap (fact-check desk, translation memory, LogQL, an SEO crawler, a variant-calling pipeline, a
geocoder, vendor search, sports analytics SQL)."""

from __future__ import annotations

from typing import Any

from .builder import C, Trace


def factcheck_wayback() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-001-factcheck-wayback-empty",
        "A newsroom fact-check agent re-queries the Wayback availability API for a deleted press release "
        "and gets the same empty snapshot list each time",
        agent="fact-check desk assistant (LangGraph ReAct agent, newsroom tools)",
        model="gpt-4.1-2025-04-14",
        start="2026-02-11T07:42:00+00:00",
        meta={"harness": "langgraph 1.2", "desk": "morning bulletin"},
    )
    url = "https://www.kommun-example.se/press/2026-02-03-cykelbudget"
    empty = {"url": "kommun-example.se/press/2026-02-03-cykelbudget", "archived_snapshots": {}}
    t.user(
        "Claim for the 10:00 bulletin: the mayor's office 'announced a 40% cut to the cycling budget' in a "
        f"press release on 3 February. The release was at {url} and now 404s. Find what it said, or tell me "
        "we can't verify it."
    )
    t.step(
        "I'll fetch the release URL first to confirm it is gone.",
        C(
            "http_get",
            {"url": url},
            "HTTP/1.1 404 Not Found\ncontent-type: text/html; charset=utf-8\n\n<h1>Sidan kunde inte "
            "hittas</h1>",
        ),
    )
    wb = C("wayback_available", {"url": "kommun-example.se/press/2026-02-03-cykelbudget"}, empty)
    attempts = [t.step("It 404s. Checking whether the Wayback Machine archived it.", wb)]
    t.step(
        "No snapshot. Let me see how other outlets reported the release.",
        C(
            "news_archive_search",
            {
                "query": "kommun cykelbudget pressmeddelande 3 februari",
                "from": "2026-02-03",
                "to": "2026-02-10",
            },
            {
                "total": 2,
                "hits": [
                    {
                        "outlet": "Lokaltidningen",
                        "date": "2026-02-04",
                        "snippet": "...kommunen aviserar en 'betydande minskning' av cykelsatsningarna...",
                    },
                    {
                        "outlet": "Radio Öst",
                        "date": "2026-02-05",
                        "snippet": "...oppositionen talar om en halvering, kommunen vill inte ge en "
                        "siffra...",
                    },
                ],
            },
        ),
    )
    attempts.append(
        t.step(
            "Neither outlet gives 40%. The original wording matters, so the archive is the best source. Let "
            "me check the Wayback Machine again.",
            wb,
        )
    )
    attempts.append(t.step("Maybe the snapshot has just been indexed. Checking once more.", wb))
    attempts.append(t.step("Still nothing. The availability API can lag; trying again.", wb))
    attempts.append(
        t.step("I'll query the archive one more time before writing this up as unverifiable.", wb)
    )
    attempts.append(t.step("", wb))
    t.system("Run stopped by the desk editor (manual interrupt).")
    onset = attempts[2]
    return t.loop(
        ["identical_call"],
        onset,
        "The same wayback_available call returns the same empty archived_snapshots object every time; the "
        f"news-archive search in between does not change it. The 3rd identical call, at step {onset}, is "
        f"the onset; the agent repeats it {len(attempts)} times in all and never tries a different source "
        "(the CMS cache, the city's press office).",
    )


def tm_fuzzy_paraphrase() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-002-tm-fuzzy-swedish-rephrase",
        "A translation-memory agent rephrases one Swedish source segment over and over in fuzzy searches "
        "that all come back without a match",
        agent="localization agent with a translation-memory MCP server (Claude, terminology tools)",
        model="claude-sonnet-4-5",
        start="2026-03-03T12:10:00+00:00",
        ids="toolu",
        meta={"harness": "claude-agent-sdk 0.2", "tm": "kitchen-appliances-sv-en.tmx"},
    )
    t.user(
        "Översätt segment 118 i bruksanvisningen till brittisk engelska och använd vårt översättningsminne "
        "så att terminologin blir konsekvent. Segmentet: 'Kontrollera att enheten är avstängd och "
        "frånkopplad innan rengöring.'"
    )

    def search(source: str, score: int) -> C:
        return C(
            "tm_fuzzy_search",
            {"source": source, "src_lang": "sv-SE", "tgt_lang": "en-GB", "min_score": score},
            {"matches": [], "searched_units": 48211, "min_score": score},
        )

    attempts = [
        t.step(
            "Jag börjar med en fuzzy-sökning i översättningsminnet.",
            search("Kontrollera att enheten är avstängd och frånkopplad innan rengöring.", 75),
        )
    ]
    t.step(
        "Inga träffar. Jag kollar termbasen för 'frånkopplad'.",
        C(
            "termbase_lookup",
            {"term": "frånkopplad", "lang": "sv-SE"},
            {
                "entries": [
                    {"sv-SE": "frånkopplad", "en-GB": "disconnected from the mains", "status": "approved"}
                ]
            },
        ),
    )
    attempts.append(
        t.step(
            "Termen finns. Minnet borde ha liknande säkerhetsmeningar; jag söker utan punkt.",
            search("Kontrollera att enheten är avstängd och frånkopplad innan rengöring", 75),
        )
    )
    attempts.append(
        t.step(
            "Kanske används 'urkopplad' i äldre manualer.",
            search("Kontrollera att enheten är avstängd och urkopplad innan rengöring.", 75),
        )
    )
    attempts.append(
        t.step(
            "Jag provar med gemener och lite lägre tröskel.",
            search("kontrollera att enheten är avstängd och frånkopplad innan rengöring", 72),
        )
    )
    attempts.append(
        t.step(
            "En omformulering till: 'Se till att...'.",
            search("Se till att enheten är avstängd och frånkopplad före rengöring.", 70),
        )
    )
    attempts.append(t.step("Och bara kärnfrasen.", search("enheten är avstängd och frånkopplad", 70)))
    attempts.append(
        t.step(
            "Jag försöker en sista variant med 'strömmen'.",
            search(
                "Kontrollera att strömmen är avstängd och att enheten är frånkopplad innan rengöring.", 70
            ),
        )
    )
    onset = attempts[3]
    return t.loop(
        ["same_tool"],
        onset,
        "Every tm_fuzzy_search is the same segment in other words (punctuation, case, a synonym, a "
        "slightly lower threshold) and every one returns no matches from the same 48211 units. The 4th "
        f"attempt, at step {onset}, is the onset; the agent never translates with the termbase hit it "
        "already has.",
    )


def logql_timeout_rephrase() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-003-logql-timeout-variants",
        "An observability agent rewrites one LogQL filter in equivalent ways over the same window; every "
        "query returns an empty stream list",
        agent="observability query agent (Grafana MCP server: Loki, Prometheus, Tempo)",
        model="claude-opus-4-1",
        start="2026-01-20T14:31:00+00:00",
        ids="toolu",
        meta={"harness": "claude-code 2.1.140 (headless)", "grafana": "grafana.internal/eu"},
    )
    t.user(
        "The checkout p99 alert fired at 14:05 UTC. Pull the timeout errors from the checkout logs between "
        "13:50 and 14:20 and tell me which upstream is timing out."
    )
    window = {"start": "2026-01-20T13:50:00Z", "end": "2026-01-20T14:20:00Z", "limit": 200}

    def loki(query: str, ms: int) -> C:
        return C(
            "query_loki_logs",
            {"datasourceUid": "loki-prod", "logql": query, **window},
            {
                "status": "success",
                "data": {
                    "resultType": "vector" if query.startswith("sum(") else "streams",
                    "result": [],
                    "stats": {"summary": {"totalLinesProcessed": 0, "execTime": ms / 1000}},
                },
            },
        )

    attempts = [
        t.step("Starting with a line filter on the checkout app.", loki('{app="checkout"} |= "timeout"', 41))
    ]
    t.step(
        "No lines. Let me confirm the latency spike itself.",
        C(
            "query_prometheus",
            {
                "datasourceUid": "prom-prod",
                "expr": "histogram_quantile(0.99, sum by (le) "
                '(rate(http_server_request_duration_seconds_bucket{service="checkout"}[5m])))',
                "start": window["start"],
                "end": window["end"],
                "step": "60s",
            },
            {
                "status": "success",
                "data": {
                    "resultType": "matrix",
                    "result": [
                        {
                            "metric": {},
                            "values": [
                                [1768917000, "0.41"],
                                [1768917900, "0.44"],
                                [1768918260, "2.87"],
                                [1768918500, "3.12"],
                                [1768919100, "0.52"],
                            ],
                        }
                    ],
                },
            },
        ),
    )
    attempts.append(
        t.step(
            "p99 hit 3.1 s. Timeouts must be logged; maybe a regex filter matches.",
            loki('{app="checkout"} |~ "timeout"', 38),
        )
    )
    attempts.append(
        t.step("Case may differ: 'Timeout', 'time out'.", loki('{app="checkout"} |~ "(?i)time[ -]?out"', 52))
    )
    attempts.append(
        t.step(
            "Adding the env label in case several environments share the app label.",
            loki('{app="checkout", env="prod"} |= "timeout"', 35),
        )
    )
    attempts.append(t.step("Trying the capitalised form exactly.", loki('{app="checkout"} |= "Timeout"', 33)))
    attempts.append(
        t.step(
            "Let me count instead of listing.",
            loki('sum(count_over_time({app="checkout"} |= "timeout" [30m]))', 29),
        )
    )
    attempts.append(
        t.step(
            "One more: the error level filter.",
            loki('{app="checkout"} | json | level="error" |= "timeout"', 44),
        )
    )
    onset = attempts[3]
    return t.loop(
        ["same_tool"],
        onset,
        'All query_loki_logs calls select the same stream selector {app="checkout"} over the same window '
        "with "
        "equivalent filters, and every one returns an empty result with 0 lines processed (the selector "
        "matches "
        f"nothing; the agent never lists labels). The 4th attempt, at step {onset}, is the onset.",
    )


def seo_crawl_identical() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-004-seo-crawl-js-page-identical",
        "An SEO agent crawls a JavaScript-rendered home page without rendering and re-issues the identical "
        "crawl after every zero-link result",
        agent="SEO content agent (Mastra workflow, crawler and CMS tools)",
        model="gemini-2.5-pro",
        start="2026-04-07T09:00:00+00:00",
        ids="short",
        meta={"harness": "mastra 0.18", "site": "shop.example-tienda.es"},
    )
    t.user(
        "Audit internal linking on https://shop.example-tienda.es/ — which category pages get no internal "
        "links from the home page or the main menu?"
    )
    crawl = C(
        "crawl_page",
        {"url": "https://shop.example-tienda.es/", "render_js": False, "max_links": 500},
        {
            "status": 200,
            "title": "Tienda Example — Moda y hogar",
            "bytes": 4127,
            "outlinks": [],
            "note": "0 <a href> elements in the HTML response",
        },
    )
    attempts = [t.step("Crawling the home page to collect its links.", crawl)]
    t.step(
        "Zero links is odd for a shop. Let me check robots.txt for blocks.",
        C(
            "http_get",
            {"url": "https://shop.example-tienda.es/robots.txt"},
            "User-agent: *\nDisallow: /checkout/\nDisallow: /cuenta/\nSitemap: "
            "https://shop.example-tienda.es/sitemap_index.xml",
        ),
    )
    attempts.append(t.step("Nothing blocks the home page. Crawling it again.", crawl))
    attempts.append(t.step("Still no outlinks; the crawler may have hit a cold cache. Re-crawling.", crawl))
    attempts.append(t.step("Let me crawl the home page once more to get the menu links.", crawl))
    attempts.append(t.step("I need the link list before I can compare categories. Crawling again.", crawl))
    t.system("[mastra] step limit (maxSteps=8) reached; returning the last assistant text.")
    onset = attempts[2]
    return t.loop(
        ["identical_call"],
        onset,
        "crawl_page is called with identical arguments (render_js false) and always returns the same "
        "4127-byte shell with no links, because the site renders its menu client-side. The 3rd identical "
        f"crawl, at step {onset}, is the onset; the agent never sets render_js or reads the sitemap it has "
        "just found.",
    )


def vcf_count_identical() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-005-vcf-chr22-count-zero",
        "A bioinformatics agent keeps counting chr22 records in a VCF whose contigs are named without the "
        "chr prefix, and re-runs the identical count after each zero",
        agent="bioinformatics assistant (Claude Code, Bash tool) on a Snakemake variant-calling pipeline",
        model="claude-sonnet-4-5",
        start="2026-02-24T16:05:00+00:00",
        ids="toolu",
        meta={"harness": "claude-code 2.1.151", "cwd": "/scratch/vc-cohortB"},
    )
    t.user(
        "The joint-genotyped VCF for cohort B has no variants on chr22 according to the QC dashboard. Is it "
        "the calling or the filtering step?"
    )
    t.step(
        "Let me look at the results directory.",
        C(
            "Bash",
            {"command": "ls -la results/cohortB/", "description": "List cohort B results"},
            "total 18433012\n-rw-r--r-- 1 vc vc 9120331442 Feb 23 22:41 joint.raw.vcf.gz\n-rw-r--r-- 1 vc "
            "vc     1488210 Feb 23 22:43 joint.raw.vcf.gz.tbi\n-rw-r--r-- 1 vc vc 8701230001 Feb 24 01:12 "
            "joint.filtered.vcf.gz\n-rw-r--r-- 1 vc vc     1420887 Feb 24 01:13 joint.filtered.vcf.gz.tbi",
        ),
    )
    count = C(
        "Bash",
        {
            "command": "bcftools view -H -r chr22 results/cohortB/joint.filtered.vcf.gz | wc -l",
            "description": "Count chr22 records in the filtered VCF",
        },
        "0",
    )
    runs = [t.step("Counting chr22 records in the filtered VCF.", count)]
    t.step(
        "Zero. Let me list the indexed contigs.",
        C(
            "Bash",
            {"command": "bcftools index -s results/cohortB/joint.filtered.vcf.gz | head -25"},
            "\n".join(
                f"{c}\t.\t{n}" for c, n in [("1", 812331), ("2", 790114), ("3", 661020), ("21", 118420)]
            )
            + "\n22\t.\t121907\nX\t.\t301288",
        ),
    )
    runs.append(t.step("The index lists the contigs. Re-counting chr22 in the filtered file.", count))
    t.step(
        "Let me check the raw file too.",
        C(
            "Bash",
            {"command": "bcftools view -H -r chr22 results/cohortB/joint.raw.vcf.gz | wc -l"},
            "0",
        ),
    )
    runs.append(t.step("Raw is also zero, so I'll verify the filtered count once more.", count))
    runs.append(t.step("Re-running the count to rule out a stale index read.", count))
    runs.append(t.step("", count))
    t.user("Stop re-running that. Look at the contig names in the index output.")
    t.step(
        "You're right: the contigs are named '22', not 'chr22', so -r chr22 selects nothing. With -r 22 the "
        "filtered VCF should show the 121,907 records the index reports; neither calling nor filtering lost "
        "them."
    )
    onset = runs[2]
    return t.loop(
        ["identical_call"],
        onset,
        "The identical bcftools count (-r chr22 on the filtered VCF) returns 0 every time; the contig "
        f"listing and the raw-file count in between change nothing. The 3rd identical run, at step {onset}, "
        "is the onset; the loop ends only when the user interrupts.",
    )


def geocode_indonesian_rephrase() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-006-geocode-jakarta-rephrase",
        "A GIS agent re-words one Jakarta office address in a series of geocoder queries that all return "
        "the same district-level match",
        agent="GIS agent (smolagents ToolCallingAgent, Nominatim geocoder and OSRM routing tools)",
        model="Qwen/Qwen2.5-72B-Instruct",
        start="2026-03-18T02:15:00+00:00",
        ids="call",
        meta={"harness": "smolagents 1.21", "geocoder": "nominatim (self-hosted, OSM extract 2026-02)"},
    )
    t.user(
        "Tolong geocode alamat kantor klien: 'Gedung Menara Sentosa Lt. 12, Jl. Jend. Sudirman Kav. 52-53, "
        "Jakarta Selatan' lalu hitung rute jalan kaki dari Stasiun MRT Istora Mandiri."
    )
    district = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {
                    "display_name": "Jakarta Selatan, Daerah Khusus Ibukota Jakarta, Indonesia",
                    "category": "boundary",
                    "type": "administrative",
                    "place_rank": 12,
                    "importance": 0.6214,
                },
                "geometry": {"type": "Point", "coordinates": [106.8104, -6.2615]},
            }
        ],
    }

    def geo(q: str) -> C:
        return C("geocode", {"q": q, "countrycodes": "id", "limit": 5, "format": "geojson"}, district)

    queries = [
        (
            "Saya mulai dengan alamat lengkap.",
            "Gedung Menara Sentosa Lt. 12, Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan",
        ),
        (
            "Hasilnya hanya tingkat kota. Saya hapus nama gedung dan lantai.",
            "Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan",
        ),
        ("Mungkin singkatan mengganggu; saya tulis lengkap.", "Jalan Jenderal Sudirman Kav 52-53 Jakarta"),
        ("Coba dengan nama gedung saja plus negara.", "Menara Sentosa, Sudirman, Jakarta Selatan, Indonesia"),
        ("Saya tambahkan kode pos.", "Sudirman Kav. 52, Jakarta Selatan 12190"),
        ("Masih titik yang sama. Coba 'Gedung Menara Sentosa Jakarta'.", "Gedung Menara Sentosa Jakarta"),
        (
            "Satu variasi lagi dengan ejaan 'Kaveling'.",
            "Jl. Jenderal Sudirman Kaveling 52-53, Senayan, Jakarta",
        ),
    ]
    attempts = [t.step(text, geo(q)) for text, q in queries]
    t.step(
        "Geocoder hanya memberikan titik pusat Jakarta Selatan untuk semua variasi alamat; saya tidak bisa "
        "menghitung rute jalan kaki yang akurat dari titik itu."
    )
    onset = attempts[3]
    return t.loop(
        ["same_tool"],
        onset,
        "Seven geocode calls are the same address in other words, and each returns the same single "
        f"administrative feature (Jakarta Selatan, importance 0.6214). The 4th attempt, at step {onset}, is "
        "the onset; the agent never tries a structured query, a POI search or the routing engine's "
        "nearest-road snap.",
    )


def vendor_search_overlap() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-007-vendor-search-same-two",
        "A procurement agent rephrases a vendor-master search for an ISO 27001 backup supplier; every query "
        "returns the same two vendors in a different order",
        agent="procurement assistant (Semantic Kernel Python, vendor-master and contract plugins)",
        model="gpt-4o-2024-11-20",
        start="2026-05-12T10:20:00+00:00",
        ids="call",
        meta={"harness": "semantic-kernel 1.34", "tenant": "ourco-procurement"},
    )
    t.user(
        "We need a second supplier for encrypted offsite backup. ISO/IEC 27001 certified, EU hosting. "
        "Shortlist three from the approved vendor master with their contract status."
    )
    nv = {"vendor_id": "V-10442", "name": "Nordvault AB", "country": "SE", "certs": ["ISO27001", "SOC2"]}
    kb = {"vendor_id": "V-20931", "name": "Kelda Backup GmbH", "country": "DE", "certs": ["ISO27001"]}

    def search(query: str, order: int, **filters: Any) -> C:
        hits = [nv, kb] if order == 0 else [kb, nv]
        scored = [{**h, "score": round(0.82 - 0.07 * i - 0.01 * order, 2)} for i, h in enumerate(hits)]
        return C(
            "VendorMaster-search_vendors",
            {"query": query, **filters},
            {"total": 2, "approved_only": True, "results": scored},
        )

    attempts = [
        t.step(
            "",
            search("encrypted offsite backup", 0, certifications=["ISO27001"], region="EU"),
        )
    ]
    t.step(
        "Two candidates. Checking Nordvault's contract first.",
        C(
            "Contracts-get_contract_status",
            {"vendor_id": "V-10442"},
            {"vendor_id": "V-10442", "msa": "active", "expires": "2027-03-31", "dpa": "signed"},
        ),
    )
    attempts.append(
        t.step(
            "I need a third option. Broadening the wording.", search("offsite backup ISO 27001 EU hosting", 1)
        )
    )
    attempts.append(
        t.step(
            "Same two. Trying the certification spelled out.",
            search("cloud backup provider ISO/IEC 27001", 0, region="EU"),
        )
    )
    attempts.append(
        t.step(
            "Maybe 'backup-as-a-service' is how they're categorised.",
            search("backup-as-a-service 27001 certified Europe", 1),
        )
    )
    attempts.append(
        t.step(
            "Let me phrase it around data residency.",
            search("data backup vendor, ISO 27001, EU data residency", 0),
        )
    )
    attempts.append(
        t.step("One more phrasing.", search("secure backup storage supplier ISO27001", 1, region="EU"))
    )
    t.system("Maximum auto-invoke attempts reached; the kernel returned the last response to the caller.")
    onset = attempts[3]
    return t.loop(
        ["same_tool"],
        onset,
        "Each search_vendors call is the same need in other words (with or without the same filters) and "
        f"each returns the same two approved vendors, only reordered. The 4th attempt, at step {onset}, is "
        "the onset; the agent never reports that the master holds only two or widens the approved-only "
        "scope.",
    )


def sql_equivalent_filters() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-008-sports-sql-equivalent-filters",
        "A sports analytics agent doubts a per-90 figure and re-runs the query with equivalent season "
        "filters, getting 6.12 every time",
        agent="sports analytics copilot (PydanticAI agent, SQL over a match-event warehouse)",
        model="openai:gpt-4.1",
        start="2026-04-22T19:30:00+00:00",
        ids="call",
        meta={"harness": "pydantic-ai 1.9", "warehouse": "duckdb:events_2025_26"},
    )
    t.user(
        "What are Valverde's progressive passes per 90 in La Liga 2025-26? The scouting report says 7.9 and "
        "I think that's wrong."
    )
    head = (
        "SELECT p.name, SUM(e.progressive)::float / (SUM(m.minutes) / 90.0) AS prog_p90 FROM events e JOIN "
        "appearances m USING (match_id, player_id) JOIN players p USING (player_id) "
    )
    rows = {"columns": ["name", "prog_p90"], "rows": [["Federico Valverde", 6.12]], "row_count": 1}
    filters = [
        ("Running the per-90 query for this season.", "WHERE p.player_id = 4417 AND e.season = '2025-26'"),
        (
            "6.12, well below 7.9. Let me make sure the season key is right.",
            "WHERE p.player_id = 4417 AND e.season_id = 42",
        ),
        (
            "Same value. Filtering by match dates instead of the season key.",
            "WHERE p.player_id = 4417 AND e.match_date BETWEEN '2025-08-15' AND '2026-05-24'",
        ),
        (
            "Maybe cup games are mixed in; restricting to the league.",
            "WHERE p.player_id = 4417 AND e.season = '2025-26' AND e.competition = 'La Liga'",
        ),
        (
            "Let me express the season with IN in case of a type mismatch.",
            "WHERE p.player_id = 4417 AND e.season IN ('2025-26')",
        ),
        (
            "Trying the player by name in case the id is stale.",
            "WHERE p.name = 'Federico Valverde' AND e.season = '2025-26'",
        ),
    ]
    attempts = [
        t.step(text, C("run_sql", {"sql": head + where + " GROUP BY p.name"}, rows))
        for text, where in filters
    ]
    t.step(
        "Every version gives 6.12 progressive passes per 90. The 7.9 in the report doesn't match our data; "
        "it may use a different definition of a progressive pass."
    )
    onset = attempts[3]
    return t.loop(
        ["same_tool"],
        onset,
        "The six run_sql calls select the same rows through equivalent filters (season key, season id, the "
        f"season's dates, the league, IN, the name) and all return 6.12. The 4th attempt, at step {onset}, "
        "is the onset; the agent should have stopped after the first re-check and looked at the report's "
        "definition.",
    )


SCENARIOS = [
    factcheck_wayback,
    tm_fuzzy_paraphrase,
    logql_timeout_rephrase,
    seo_crawl_identical,
    vcf_count_identical,
    geocode_indonesian_rephrase,
    vendor_search_overlap,
    sql_equivalent_filters,
]
