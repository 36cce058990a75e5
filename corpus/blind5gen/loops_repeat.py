"""Loops: the same call again after an empty or unhelpful result, and the same tool with trivially
varied arguments (case, quoting, paths, page=1 variants, reordered keys, a flag toggled)."""

from __future__ import annotations

import json

from .builder import JSON, Scenario, Trace, jd, nth
from .payloads import serp, snapshot


def _canon(args: JSON) -> str:
    return json.dumps(args, sort_keys=True)


def research_empty_search_identical() -> Scenario:
    t = Trace(
        "research-empty-search-identical",
        "Research agent re-issues one web search that keeps returning no results.",
        loop=True,
        style="research/browsing agent",
        id_style="call",
    )
    t.system("You are a research assistant. Use web_search and fetch_url. Cite every figure.")
    t.user(
        "What total scope 1 emissions (tCO2e) did Nordhavn Shipping report for 2023? I need the number "
        "and source."
    )
    t.act(
        "I'll start with a broad search for the company's 2023 sustainability reporting.",
        "web_search",
        {"query": "Nordhavn Shipping 2023 sustainability report", "num_results": 5},
        serp(
            "Nordhavn Shipping 2023 sustainability report",
            [
                (
                    "Nordhavn Shipping - Investor Relations",
                    "https://ir.nordhavn-shipping.example/reports",
                    "Annual reports, interim reports and presentations 2019-2024.",
                ),
                (
                    "Nordhavn Shipping orders two methanol-ready feeders",
                    "https://maritime-news.example/2023/09/nordhavn-feeders",
                    "The Aarhus-based operator said the vessels would cut emissions per TEU by ...",
                ),
                (
                    "Sustainability | Nordhavn Shipping",
                    "https://www.nordhavn-shipping.example/sustainability",
                    "Our roadmap to net zero by 2045. Read our ESG data sheet and sustainability report.",
                ),
            ],
        ),
    )
    t.act(
        "",
        "fetch_url",
        {"url": "https://www.nordhavn-shipping.example/sustainability"},
        "<html><head><title>Sustainability | Nordhavn Shipping</title></head><body>\n"
        "<nav>Home | Fleet | Sustainability | Investors | Careers</nav>\n"
        "<h1>Our roadmap to net zero by 2045</h1>\n"
        "<p>We report annually in line with the GHG Protocol. Our ESG data sheet is published with the "
        "annual report.</p>\n"
        "<ul><li><a href='/media/esg-datasheet-2022.xlsx'>ESG data sheet 2022</a></li>\n"
        "<li><a href='/media/sustainability-report-2022.pdf'>Sustainability report 2022</a></li></ul>\n"
        "<p class='notice'>The 2023 report will be published here in Q2 2024.</p>\n"
        "<footer>© Nordhavn Shipping A/S · CVR 31 55 09 17</footer></body></html>",
    )
    query = {"query": '"Nordhavn Shipping" 2023 "scope 1" tCO2e', "num_results": 5}
    empty = jd({"query": query["query"], "took_ms": 188, "results": []})
    texts = [
        "The page only links the 2022 files. Let me search for the 2023 scope 1 figure directly.",
        "No results. The index may be lagging; I'll run the same search again.",
        "",
        "Still nothing. Trying the search once more.",
        "",
        "Retrying the exact search.",
        "",
    ]
    same: list[int] = []
    for text in texts:
        same.append(t.act(text, "web_search", query, empty))
    t.say(
        "I couldn't find a published 2023 scope 1 figure for Nordhavn Shipping. The company's site says the "
        "2023 report was due in Q2 2024 and only the 2022 data sheet is linked."
    )
    onset = nth(same, 3)
    return t.loop(
        ["identical_call"],
        onset,
        f"The quoted scope-1 search is issued with identical arguments {len(same)} times and returns an "
        "empty "
        f"result list every time; step {onset} issues it for the third time with nothing changed (one "
        "re-check after an empty result is defensible, a third try is not). The earlier search and fetch "
        "were productive.",
    )


def jira_identical_get_issue() -> Scenario:
    t = Trace(
        "mcp-jira-identical-get-issue",
        "MCP Jira agent keeps re-reading the same issue hoping a QA sign-off appears.",
        loop=True,
        style="MCP-tool agent (Jira)",
        id_style="toolu",
    )
    t.user("Can you summarise PAY-1422 for the release notes and tell me whether QA has signed off on it?")
    t.act(
        "",
        "jira_search",
        {"jql": "key in (PAY-1422) OR issue in linkedIssues(PAY-1422)", "fields": ["summary", "status"]},
        jd(
            {
                "total": 2,
                "issues": [
                    {
                        "key": "PAY-1422",
                        "fields": {"summary": "Retry SEPA mandate creation on 409", "status": "In Review"},
                    },
                    {
                        "key": "PAY-1418",
                        "fields": {"summary": "SEPA mandate API returns 409 under load", "status": "Done"},
                    },
                ],
            }
        ),
    )
    issue = jd(
        {
            "key": "PAY-1422",
            "fields": {
                "summary": "Retry SEPA mandate creation on 409",
                "status": {"name": "In Review"},
                "assignee": {"displayName": "Lotte Verhoeven"},
                "labels": ["payments", "sepa", "release-24.6"],
                "description": "When the mandate service answers 409 CONFLICT we currently surface the "
                "error. "
                "Retry up to 3 times with jittered backoff, then fail with MANDATE_BUSY.",
                "comment": {
                    "total": 3,
                    "comments": [
                        {
                            "author": "Lotte Verhoeven",
                            "created": "2024-06-03T10:14:22Z",
                            "body": "PR #2291 up for review.",
                        },
                        {
                            "author": "Ravi Menon",
                            "created": "2024-06-03T15:40:09Z",
                            "body": "LGTM, one nit on the backoff cap.",
                        },
                        {
                            "author": "Lotte Verhoeven",
                            "created": "2024-06-04T08:02:51Z",
                            "body": "Nit fixed, waiting on QA.",
                        },
                    ],
                },
                "customfield_10044": None,
            },
        }
    )
    args = {"issue_key": "PAY-1422", "expand": "comments"}
    same = [t.act("", "jira_get_issue", args, issue)]
    t.act(
        "",
        "jira_get_issue",
        {"issue_key": "PAY-1418", "expand": "comments"},
        jd(
            {
                "key": "PAY-1418",
                "fields": {
                    "summary": "SEPA mandate API returns 409 under load",
                    "status": {"name": "Done"},
                    "resolution": {"name": "Fixed"},
                    "comment": {
                        "total": 1,
                        "comments": [{"author": "QA Bot", "body": "Verified on staging 24.5.2"}],
                    },
                },
            }
        ),
    )
    for _ in range(28):
        same.append(t.act("", "jira_get_issue", args, issue))
    t.say(
        "PAY-1422 adds up to three jittered retries when mandate creation returns 409, then fails with "
        "MANDATE_BUSY. It is In Review; the last comment says it is waiting on QA, and the QA sign-off field "
        "is empty, so QA has not signed off yet."
    )
    onset = nth(same, 3)
    return t.loop(
        ["identical_call"],
        onset,
        f"jira_get_issue PAY-1422 is called {len(same)} times with the same arguments and the same "
        "payload (the "
        f"QA field stays null, no new comment). The first read and the linked-issue read are productive; "
        f"step {onset} is the third identical read with nothing new, after which "
        f"{len(same) - 3} more follow.",
    )


def sql_identical_empty_query() -> Scenario:
    t = Trace(
        "sql-identical-empty-query",
        "Data agent re-runs one SQL query returning zero rows, blaming replica lag.",
        loop=True,
        style="data-analysis agent (SQL sandbox)",
        id_style="call",
    )
    t.user("How many orders did we ship to Portugal in Q3 2024? Use the analytics warehouse.")
    t.act(
        "",
        "list_tables",
        {"schema": "analytics"},
        jd({"tables": ["orders", "order_items", "customers", "shipments", "fx_rates", "warehouses"]}),
    )
    t.act(
        "",
        "describe_table",
        {"table": "analytics.shipments"},
        "column            | type        | nullable\n"
        "------------------+-------------+---------\n"
        "shipment_id       | bigint      | no\n"
        "order_id          | bigint      | no\n"
        "carrier           | text        | yes\n"
        "dest_country      | char(2)     | no\n"
        "shipped_at        | timestamptz | yes\n"
        "delivered_at      | timestamptz | yes\n"
        "weight_kg         | numeric     | yes",
    )
    sql = (
        "SELECT COUNT(DISTINCT order_id) AS orders\nFROM analytics.shipments\n"
        "WHERE dest_country = 'Portugal'\n  AND shipped_at >= '2024-07-01' AND shipped_at < '2024-10-01';"
    )
    empty = jd({"columns": ["orders"], "rows": [], "row_count": 0, "elapsed_ms": 734})
    texts = [
        "Counting distinct orders with a shipment to Portugal in Q3.",
        "Zero rows - odd. The warehouse replica sometimes lags, so I'll run it again.",
        "Still empty. Re-running.",
        "",
        "Let me try the query once more in case the refresh just finished.",
        "",
    ]
    same = [t.act(text, "run_sql", {"sql": sql, "database": "analytics"}, empty) for text in texts]
    t.say("The query returns no rows for Q3 2024; I can't give a count from the warehouse right now.")
    onset = nth(same, 3)
    return t.loop(
        ["identical_call"],
        onset,
        f"The same SQL (dest_country = 'Portugal' on a char(2) column, so it can never match 'PT') is run "
        f"{len(same)} times and returns the same empty result; step {onset} is the third identical run. The "
        "schema look-ups before it were productive.",
    )


def browser_scroll_at_bottom() -> Scenario:
    t = Trace(
        "browser-scroll-at-bottom",
        "Shopping browser agent keeps scrolling a listing that has already reached its end.",
        loop=True,
        style="web-shopping browser agent",
        id_style="named",
    )
    t.user(
        "On monitorhub.example, find the cheapest 27-inch 4K monitor with free shipping and add it to "
        "the cart."
    )
    url = "https://monitorhub.example/c/monitors?size=27&res=4k"
    first = [
        '- heading "27\\" 4K monitors (12)" [level=1]',
        "- list:",
        '  - listitem: "Vexa 27U2 · $329.00 · Free shipping" [ref=e31]',
        '  - listitem: "Korin K27-4K · $299.99 · Shipping $19" [ref=e32]',
        '  - listitem: "Arclite UHD27 · $349.00 · Free shipping" [ref=e33]',
        '  - listitem: "Pelion P27Q · $279.00 · Shipping $25" [ref=e34]',
        '  - listitem: "Vexa 27U2 Pro · $389.00 · Free shipping" [ref=e35]',
        '  - listitem: "Nimbus N27K · $318.50 · Free shipping" [ref=e36]',
    ]
    t.act("", "browser_navigate", {"url": url}, snapshot(url, '27" 4K monitors | MonitorHub', first))
    bottom = [
        "- list:",
        '  - listitem: "Halden H27 UHD · $309.00 · Free shipping" [ref=e37]',
        '  - listitem: "Korin K27-4K Plus · $339.00 · Shipping $19" [ref=e38]',
        '  - listitem: "Osmo Vision 27 · $359.99 · Free shipping" [ref=e39]',
        '  - listitem: "Pelion P27Q-S · $289.00 · Shipping $25" [ref=e40]',
        '  - listitem: "Arclite UHD27-C · $372.00 · Free shipping" [ref=e41]',
        '  - listitem: "Vexa 27U1 · $314.00 · Free shipping" [ref=e42]',
        "- text: Showing 12 of 12 results",
        "- contentinfo: © 2024 MonitorHub · Terms · Privacy",
    ]
    page = snapshot(url, '27" 4K monitors | MonitorHub', bottom)
    args = {"direction": "down", "amount": 1200}
    texts = [
        "Six listings visible. Scrolling for the rest.",
        "",
        "Scrolling further to make sure there are no more listings below.",
        "",
        "",
        "There may be lazy-loaded items; scrolling again.",
        "",
    ]
    same = [t.act(text, "browser_scroll", args, page) for text in texts]
    t.act(
        "The cheapest with free shipping is the Halden H27 UHD at $309.00. Adding it to the cart.",
        "browser_click",
        {"element": "Halden H27 UHD listing", "ref": "e37"},
        snapshot(
            "https://monitorhub.example/p/halden-h27-uhd",
            "Halden H27 UHD | MonitorHub",
            ['- heading "Halden H27 UHD" [level=1]', "- text: $309.00", '- button "Add to cart" [ref=e12]'],
        ),
    )
    t.act(
        "",
        "browser_click",
        {"element": "Add to cart", "ref": "e12"},
        'Clicked. Toast: "Halden H27 UHD added to your cart (1 item)"',
    )
    onset = nth(same, 3)
    return t.loop(
        ["identical_call"],
        onset,
        "After the first scroll the listing is at its end ('Showing 12 of 12 results'); every later "
        "scroll with "
        f"the same arguments returns a byte-identical snapshot. The loop is unambiguous at step {onset}, "
        "which issues the third identical scroll "
        "(the second with nothing new); the agent keeps going for several more before acting.",
    )


def crm_name_variants() -> Scenario:
    t = Trace(
        "crm-name-case-variants",
        "Customer-service agent searches the CRM for one name in trivially different spellings.",
        loop=True,
        style="customer-service agent (CRM tools)",
        id_style="call",
    )
    t.system(
        "You are Pia, a billing support agent for Streamly. Tools: crm_lookup, get_invoices, issue_refund."
    )
    t.user("Hi, this is Jane O'Connor. I was charged twice for my March invoice, can you fix it?")
    variants = [
        "Jane O'Connor",
        "jane o'connor",
        "Jane OConnor",
        "O'Connor, Jane",
        "Jane O\u2019Connor",
        "JANE O'CONNOR",
        "jane  oconnor",
    ]
    texts = [
        "I'm sorry about the double charge, let me pull up your account.",
        "No match. Searching again in lower case.",
        "",
        "Maybe the record is stored surname first.",
        "Trying with a typographic apostrophe.",
        "",
        "",
    ]
    tries = []
    for name, text in zip(variants, texts, strict=True):
        tries.append(
            t.act(
                text,
                "crm_lookup",
                {"query": name, "fields": ["name"]},
                jd({"matches": [], "searched": "name", "total": 0}),
            )
        )
    t.say(
        "I'm having trouble finding your account by name. Could you give me the email address on the "
        "account, or the invoice number from the charge?"
    )
    t.user("It's jane.oc@fastmail.example")
    t.act(
        "",
        "crm_lookup",
        {"query": "jane.oc@fastmail.example", "fields": ["email"]},
        jd(
            {
                "matches": [
                    {
                        "customer_id": "CUS-88231",
                        "name": "J. O'Connor-Reyes",
                        "email": "jane.oc@fastmail.example",
                    }
                ],
                "total": 1,
            }
        ),
    )
    onset = nth(tries, 4)
    return t.loop(
        ["same_tool"],
        onset,
        f"crm_lookup is called {len(tries)} times with the same name in trivially different forms (case, "
        "apostrophe, surname order, spacing); every search is empty. The loop is unambiguous at step "
        f"{onset}, which is the fourth attempt at "
        "the same look-up; asking for the email (which the agent only does at the end) was the way out.",
    )


def fs_path_variants() -> Scenario:
    t = Trace(
        "mcp-fs-path-variants",
        "MCP filesystem agent reads one missing file through many equivalent path spellings.",
        loop=True,
        style="MCP-tool agent (filesystem)",
        id_style="toolu",
    )
    t.user("What log level is configured for the payments worker? The config is in the workspace.")
    t.act(
        "",
        "list_directory",
        {"path": "/workspace/config"},
        "[FILE] app.yml\n[FILE] logging.ini\n[DIR] env\n[FILE] README.md\n[FILE] workers.toml",
    )
    paths = [
        "/workspace/config/app.yaml",
        "config/app.yaml",
        "./config/app.yaml",
        "/workspace//config/app.yaml",
        "/workspace/config/./app.yaml",
        "/workspace/config/app.yaml",
    ]
    tries = []
    for i, p in enumerate(paths):
        text = "Reading the app config." if i == 0 else ("Trying a relative path." if i == 1 else "")
        resolved = "/workspace/config/app.yaml"
        tries.append(
            t.act(
                text,
                "read_text_file",
                {"path": p},
                f"Error: ENOENT: no such file or directory, open '{resolved}'",
            )
        )
    t.act(
        "",
        "read_text_file",
        {"path": "/workspace/config/workers.toml"},
        '[payments]\nconcurrency = 8\nlog_level = "warning"\nqueue = '
        '"payments-high"\n\n[emails]\nconcurrency = 2\n',
    )
    t.say("The payments worker logs at `warning` (config/workers.toml, [payments] log_level).")
    onset = nth(tries, 4)
    return t.loop(
        ["same_tool", "error_streak"],
        onset,
        f"The directory listing shows app.yml, yet read_text_file is called {len(tries)} times on "
        "app.yaml through "
        "equivalent spellings (absolute, relative, './', doubled slash, '/./'), each answered by the "
        "same ENOENT "
        f"in the content (is_error false). The loop is unambiguous at step {onset}, which is the fourth "
        "attempt and the fourth identical failure.",
    )


def http_page_one_variants() -> Scenario:
    t = Trace(
        "http-page-one-variants",
        "API agent tries to reach page 2 with page=1 variants and always gets the first page.",
        loop=True,
        style="terminal/API agent",
        id_style="fc",
    )
    t.user(
        "Export all open invoices from the Billit API "
        "(https://api.billit.example/v2/invoices?status=open) to invoices.csv."
    )
    ids = [f"inv_{1000 + i}" for i in range(50)]
    first = jd(
        {
            "data": [{"id": i, "status": "open", "amount_due": 100 + n * 7} for n, i in enumerate(ids[:6])],
            "data_truncated": "... 44 more objects ...",
            "has_more": True,
            "next_cursor": "eyJpZCI6ImludjFfMTA0OSJ9",
            "page_size": 50,
        }
    )
    base = "https://api.billit.example/v2/invoices"
    variants: list[JSON] = [
        {"method": "GET", "url": base, "params": {"status": "open"}},
        {"method": "GET", "url": base, "params": {"status": "open", "page": 1}},
        {"method": "GET", "url": base, "params": {"status": "open", "page": "1"}},
        {"method": "GET", "url": base, "params": {"status": "open", "offset": 0, "limit": 50}},
        {"method": "GET", "url": base, "params": {"page": 1, "status": "open", "per_page": 50}},
        {"method": "GET", "url": base + "?status=open&page=1", "params": {}},
    ]
    texts = [
        "Fetching the first page.",
        "Got 50 with has_more. Requesting the next page.",
        "Same first page again. Maybe it expects page as a string.",
        "Trying offset/limit instead.",
        "",
        "Putting the parameters in the URL.",
    ]
    tries = [t.act(text, "http_request", args, first) for text, args in zip(texts, variants, strict=True)]
    t.say("The API keeps returning the first 50 invoices; I'll write those to invoices.csv for now.")
    onset = nth(tries, 4)
    return t.loop(
        ["same_tool"],
        onset,
        "Every response carries next_cursor, but the agent asks for 'the next page' with page=1 / '1' / "
        "offset=0 "
        f"/ reordered keys / a query string, and gets the same first page {len(tries)} times. The loop "
        f"is unambiguous at step {onset}, which is "
        "the fourth request for the same page with nothing new.",
    )


def gemini_reordered_keys() -> Scenario:
    t = Trace(
        "gemini-grep-reordered-keys",
        "Gemini-CLI-style agent greps for a misremembered hook name with reordered and re-quoted arguments.",
        loop=True,
        style="terminal coding agent (Gemini CLI style)",
        id_style="named",
    )
    t.user("Where is useAuthToken used? I want to rename it.")
    t.act(
        "",
        "glob",
        {"pattern": "src/hooks/*.ts"},
        'Found 4 file(s) matching "src/hooks/*.ts" within /home/dev/webapp, sorted by modification time:\n'
        "/home/dev/webapp/src/hooks/useAuthSession.ts\n/home/dev/webapp/src/hooks/useFeatureFlag.ts\n"
        "/home/dev/webapp/src/hooks/useDebounce.ts\n/home/dev/webapp/src/hooks/index.ts",
    )
    attempts: list[JSON] = [
        {"pattern": "useAuthToken", "path": "src"},
        {"path": "src", "pattern": "useAuthToken"},
        {"pattern": "'useAuthToken'", "path": "src"},
        {"pattern": "useAuthToken", "path": "src/"},
        {"path": "src", "pattern": "useAuthToken"},
        {"pattern": "useAuthToken", "path": "./src"},
        {"pattern": "\\buseAuthToken\\b", "path": "src"},
    ]
    steps: list[int] = []
    for args in attempts:
        shown = args["pattern"]
        steps.append(
            t.act(
                "",
                "search_file_content",
                args,
                f'No matches found for pattern "{shown}" in path "{args["path"]}".',
            )
        )
    t.say("I couldn't find any usage of `useAuthToken` under src/.")
    keys = [_canon(a) for a in attempts]
    identical = [s for s, k in zip(steps, keys, strict=True) if k == keys[0]]
    onset = min(nth(steps, 4), nth(identical, 3))
    return t.loop(
        ["same_tool", "identical_call"],
        onset,
        "The glob already showed the hook is useAuthSession, but search_file_content is run "
        f"{len(steps)} times "
        "for useAuthToken with reordered keys (canonically identical), quotes, a trailing slash, './' "
        "and word "
        f"boundaries, always 'No matches'. The loop is unambiguous at step {onset}, which is the fourth "
        "attempt at the same search (earlier than "
        "the third canonically identical call).",
    )


def shop_filter_toggle() -> Scenario:
    t = Trace(
        "shop-filter-toggle",
        "Shopping agent flips an in-stock filter on and off without ever choosing a product.",
        loop=True,
        style="web-shopping browser agent",
        id_style="call",
    )
    t.user("Buy a pack of size-4 tennis-racket overgrips, white, under $12, from gripshop.example.")
    t.act(
        "",
        "shop_search",
        {"query": "overgrip white", "max_price": 12},
        jd(
            {
                "total": 9,
                "items": [
                    {"sku": f"OG-{n}", "title": f"Overgrip {n}-pack white", "price": 6 + n * 0.75}
                    for n in range(3, 6)
                ],
            }
        ),
    )
    on = jd(
        {
            "filter": {"in_stock": True},
            "total": 4,
            "items": [
                {"sku": "OG-3", "title": "ProTac Overgrip 3-pack white", "price": 8.25, "stock": 14},
                {"sku": "OG-5", "title": "DryGrip 5-pack white", "price": 9.75, "stock": 3},
                {"sku": "OG-12", "title": "Club 12-pack white", "price": 11.5, "stock": 40},
                {"sku": "OG-3T", "title": "Tourna-style 3-pack white", "price": 7.99, "stock": 6},
            ],
        }
    )
    off = jd(
        {
            "filter": {"in_stock": False},
            "total": 9,
            "items": [
                {"sku": "OG-3", "price": 8.25, "stock": 14},
                {"sku": "OG-4W", "title": "Wilco 4-pack white", "price": 6.99, "stock": 0},
                {"sku": "OG-5", "price": 9.75, "stock": 3},
                {"sku": "OG-12", "price": 11.5, "stock": 40},
                {"sku": "OG-3T", "price": 7.99, "stock": 6},
                {"sku": "OG-6", "price": 10.25, "stock": 0},
                {"sku": "OG-2", "price": 5.5, "stock": 0},
                {"sku": "OG-10", "price": 11.99, "stock": 0},
                {"sku": "OG-8", "price": 10.0, "stock": 0},
            ],
        }
    )
    texts = [
        "Let me only show items in stock.",
        "The cheapest 4-pack may be out of stock; showing everything to compare.",
        "The Wilco 4-pack is out of stock. Back to in-stock only.",
        "Let me see all items again to be sure I'm not missing a 4-pack.",
        "Switching back to in-stock items.",
        "Showing all items once more.",
        "In-stock only again.",
    ]
    toggles = []
    for i, text in enumerate(texts):
        value = i % 2 == 0
        toggles.append(
            t.act(text, "shop_set_filter", {"name": "in_stock", "value": value}, on if value else off)
        )
    t.say("No size-4 white overgrip is in stock under $12; the only 4-pack (Wilco, $6.99) is sold out.")
    onset = nth(toggles, 4)
    return t.loop(
        ["same_tool", "alternation"],
        onset,
        f"shop_set_filter flips in_stock true/false {len(toggles)} times; each state returns the same "
        "list it "
        "returned before, and nothing is decided between flips. The loop is unambiguous at step "
        f"{onset}, which is the fourth toggle (the "
        "same-tool convention is met before the alternation one, which would be the fifth).",
    )


def calendar_freebusy_identical() -> Scenario:
    t = Trace(
        "calendar-freebusy-identical",
        "Calendar assistant re-checks identical free/busy data and restates the same intent.",
        loop=True,
        style="calendar assistant",
        id_style="c",
    )
    t.user(
        "Find a 60-minute slot tomorrow (Tue 11 Mar) for me, Amara and Joost, between 9 and 6 Amsterdam time."
    )
    args = {
        "attendees": ["me", "amara.osei@tidewater.example", "joost.dekker@tidewater.example"],
        "time_min": "2025-03-11T09:00:00+01:00",
        "time_max": "2025-03-11T18:00:00+01:00",
    }
    busy = jd(
        {
            "calendars": {
                "me": {"busy": [["09:00", "11:30"], ["12:30", "17:00"]]},
                "amara.osei@tidewater.example": {"busy": [["09:30", "12:00"], ["13:00", "18:00"]]},
                "joost.dekker@tidewater.example": {"busy": [["08:00", "10:00"], ["14:00", "15:30"]]},
            },
            "timezone": "Europe/Amsterdam",
        }
    )
    texts = [
        "Let me check everyone's availability for tomorrow.",
        "The only common gap is 12:00-12:30, which is too short. Let me check availability again.",
        "Let me check the availability once more.",
        "Let me check availability for all three again.",
        "Let me check availability again.",
    ]
    same = [t.act(text, "calendar_freebusy", args, busy) for text in texts]
    t.say("There is no common 60-minute slot tomorrow; the longest shared gap is 12:00-12:30.")
    onset = nth(same, 3)
    return t.loop(
        ["identical_call", "narration"],
        onset,
        f"The same free/busy query is issued {len(same)} times with the same answer, each time announced "
        "with "
        f"'let me check availability again'. The loop is unambiguous at step {onset}, which is the third "
        "identical query; the narration would "
        "reach the fourth restatement one step later.",
    )
