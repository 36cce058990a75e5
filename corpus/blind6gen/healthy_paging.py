"""Healthy: pagination and cursors, server-side streaming reads with identical arguments, bulk updates
acknowledged alike, scrolling and debugger stepping."""

from __future__ import annotations

from blind6gen.builder import JSON, Trace, js


def orders_cursor_pages() -> JSON:
    t = Trace(
        "blind6-healthy-orders-cursor-pagination",
        "E-commerce back-office agent pages through a month of orders with a cursor (ten pages) to total "
        "refunds by reason.",
        ids="openai",
        meta={"agent_style": "e-commerce back-office agent"},
    )
    t.user("How much did we refund in May, broken down by refund reason?")
    cursor: str | None = None
    totals: dict[str, float] = {}
    reasons = ["damaged", "late_delivery", "wrong_item", "changed_mind", "size"]
    for page in range(10):
        orders = []
        for _ in range(50):
            oid = f"SO-{t.rng.randint(200000, 299999)}"
            refunded = t.rng.random() < 0.12
            reason = t.rng.choice(reasons) if refunded else None
            amount = round(t.rng.uniform(9, 240), 2) if refunded else 0.0
            if reason:
                totals[reason] = totals.get(reason, 0.0) + amount
            orders.append({"id": oid, "refund": {"amount": amount, "reason": reason} if refunded else None})
        nxt = None if page == 9 else f"eyJvZmZzZXQiOiA{page + 1}MH0{t.rng.randint(100, 999)}"
        args: JSON = {
            "created_from": "2025-05-01",
            "created_to": "2025-05-31",
            "fields": ["id", "refund"],
            "limit": 50,
        }
        if cursor:
            args["cursor"] = cursor
        t.call(
            "orders_list",
            args,
            js({"orders": orders, "next_cursor": nxt}),
            text="" if page else "Paging through May orders.",
        )
        cursor = nxt
    lines = "\n".join(f"- {r}: €{v:,.2f}" for r, v in sorted(totals.items(), key=lambda kv: -kv[1]))
    t.say(f"Refunds in May across 500 orders, by reason:\n{lines}\n- total: €{sum(totals.values()):,.2f}")
    return t.healthy(
        "Ten orders_list calls with the same shape and a new cursor each time; each page brings 50 new "
        "orders and the last page has no next cursor. Pagination to the end of a result set, followed by "
        "the requested answer."
    )


def log_stream_read_next() -> JSON:
    t = Trace(
        "blind6-healthy-log-stream-read-next-identical-args",
        "Ops agent reads an export job's log through a server-side cursor: eleven identical read_next "
        "calls, each returning the next chunk, until it finds the failure.",
        ids="gemini",
        meta={"agent_style": "ops agent with an MCP log-stream tool"},
    )
    t.user("Export job exp-4471 failed overnight. Find out why from its log.")
    t.call(
        "logs_open",
        {"job_id": "exp-4471"},
        js({"stream_id": "ls_4471_a", "size_bytes": 97240}),
        text="Opening the log stream.",
    )
    args = {"stream_id": "ls_4471_a", "max_bytes": 8192}
    for i in range(10):
        ts = f"2025-06-03T01:{i * 4:02d}"
        chunk = "\n".join(
            (
                f"{ts}:{k:02d}Z INFO exporter batch={i * 40 + k} rows=5000 "
                f"written=s3://exp/4471/part-{i * 40 + k:05d}.parquet"
            )
            for k in range(40)
        )
        if i == 9:
            chunk += (
                f"\n{ts}:41Z WARN exporter retrying batch=399 after S3 SlowDown\n{ts}:52Z ERROR exporter "
                "batch=399 failed: botocore.exceptions.ClientError: An error occurred (AccessDenied) when "
                "calling the PutObject operation: KMS key arn:aws:kms:eu-west-1:…:key/7f1c… is disabled"
            )
        t.call("logs_read_next", args, chunk, text="" if i else "Reading from the start.")
    t.call("logs_read_next", args, js({"eof": True}), text="")
    t.say(
        "The export failed at batch 399: PutObject was denied because the bucket's KMS key had been "
        "disabled. Batches 0-398 were written; re-enable the key (or switch the bucket to the new key) and "
        "rerun from batch 399."
    )
    return t.healthy(
        "logs_read_next takes the same arguments every time because the cursor lives on the server; each "
        "of the eleven calls returns the next 8 KB of new log lines until EOF. Identical calls with new "
        "results each time are a streaming read, not a loop."
    )


def ats_bulk_stage_update() -> JSON:
    t = Trace(
        "blind6-healthy-ats-bulk-reject-after-fill",
        "Recruiting agent closes a filled requisition: moves fifteen remaining candidates to "
        "'rejected' one by one, "
        'every call answered with the same {"ok": true}.',
        ids="openai",
        meta={"agent_style": "recruiting agent (ATS)"},
    )
    t.user(
        "REQ-2291 is filled (Farid accepted). Close it and move everyone else still in the pipeline to "
        "rejected with the 'position filled' template."
    )
    names = [
        "Lena Vogt",
        "Tomás Rey",
        "Aiko Mori",
        "Jan Novák",
        "Sara Lindgren",
        "Kofi Mensah",
        "Elena Petrova",
        "Luca Bianchi",
        "Noor Haddad",
        "Ben Carter",
        "Mira Shah",
        "Igor Kuznetsov",
        "Ana Sousa",
        "Jonas Weber",
        "Chloé Martin",
    ]
    ids = [f"CAN-{t.rng.randint(38000, 42000)}" for _ in names]
    t.call(
        "ats_list_pipeline",
        {"req_id": "REQ-2291", "exclude_stages": ["hired", "rejected"]},
        js(
            {
                "candidates": [
                    {"id": i, "name": n, "stage": t.rng.choice(["sourced", "screen", "onsite"])}
                    for i, n in zip(ids, names, strict=True)
                ]
            },
            indent=2,
        ),
        text="Listing the open pipeline.",
    )
    for i, cid in enumerate(ids):
        t.call(
            "ats_move_stage",
            {
                "candidate_id": cid,
                "req_id": "REQ-2291",
                "stage": "rejected",
                "reason": "position_filled",
                "email_template": "tmpl_position_filled_v2",
            },
            js({"ok": True}),
            text="Rejecting with the position-filled template." if i == 0 else "",
        )
    t.call(
        "ats_close_requisition",
        {"req_id": "REQ-2291", "outcome": "filled", "hired_candidate": "CAN-40112"},
        js({"ok": True, "status": "closed"}),
        text="",
    )
    t.say(
        "REQ-2291 is closed as filled; the other 15 candidates were moved to rejected and sent the "
        "position-filled e-mail."
    )
    return t.healthy(
        "Bulk work over fifteen different candidates: the same ats_move_stage shape with a new "
        "candidate id each "
        'time, every one acknowledged with an identical {"ok": true}. Identical acknowledgements of '
        "distinct writes "
        "are progress, and the task completes."
    )


def sql_daily_backfill() -> JSON:
    t = Trace(
        "blind6-healthy-sql-daily-backfill",
        "Data-engineering agent backfills a daily revenue mart one day at a time for two weeks, then "
        "verifies the totals against the source.",
        ids="uuid",
        meta={"agent_style": "data-engineering agent (SQL warehouse)"},
    )
    t.user(
        "mart.daily_revenue is missing 1-14 March. Backfill it day by day (the warehouse chokes on bigger "
        "ranges) and check totals."
    )
    t.call(
        "warehouse_query",
        {"sql": "select min(day), max(day) from mart.daily_revenue where day >= '2025-02-25'"},
        "MIN(DAY)    MAX(DAY)\n2025-02-25  2025-02-28\n",
        text="Confirming the gap.",
    )
    for d in range(1, 15):
        day = f"2025-03-{d:02d}"
        sql = (
            "insert into mart.daily_revenue (day, country, orders, revenue_eur)\nselect created_at::date, "
            "ship_country, count(*), sum(total_eur)\nfrom analytics.fct_orders\nwhere created_at::date = "
            f"'{day}' and financial_status = 'paid'\ngroup by 1, 2"
        )
        t.call(
            "warehouse_execute",
            {"sql": sql, "warehouse": "TRANSFORM_XS"},
            f"number of rows inserted: {t.rng.randint(21, 27)}\nelapsed: {t.rng.uniform(3, 9):.1f}s",
            text="" if d > 1 else "Backfilling one day per statement.",
        )
    t.call(
        "warehouse_query",
        {
            "sql": (
                "select sum(revenue_eur) as mart, (select sum(total_eur) from analytics.fct_orders where "
                "created_at::date between '2025-03-01' and '2025-03-14' and financial_status='paid') as "
                "src from mart.daily_revenue where day between '2025-03-01' and '2025-03-14'"
            )
        },
        "MART          SRC\n1284411.63    1284411.63\n",
        text="Verifying totals.",
    )
    t.say("Backfilled 1-14 March (14 daily inserts). Mart and source totals match: €1,284,411.63.")
    return t.healthy(
        "Fourteen inserts with the same statement shape, one per day as the user asked, each with a "
        "different date; then a verification query that matches. Batch processing of many records with the "
        "same call shape."
    )


def price_bulk_set_ja() -> JSON:
    t = Trace(
        "blind6-healthy-price-bulk-update-ja",
        "Japanese-speaking shop agent applies a seasonal price list to eighteen SKUs; each update returns "
        "the same success body and the narration barely changes.",
        ids="gemini",
        meta={"agent_style": "e-commerce back-office agent", "language": "ja"},
    )
    t.user("夏のセール価格表（添付）の18商品の価格を更新してください。更新後に一覧で確認をお願いします。")
    skus = [f"JP-SKU-{1000 + i * 7}" for i in range(18)]
    prices = {s: t.rng.choice([980, 1280, 1480, 1980, 2480, 2980, 3980]) for s in skus}
    t.call(
        "pricelist_read",
        {"attachment": "summer_sale_2025.csv"},
        "sku,price_jpy\n" + "\n".join(f"{s},{p}" for s, p in prices.items()),
        text="価格表を読み込みます。",
    )
    for s in skus:
        t.call(
            "inventory_set_price",
            {"sku": s, "price_jpy": prices[s], "effective_from": "2025-07-01T00:00:00+09:00"},
            js({"success": True}),
            text="価格を更新します。",
        )
    t.call(
        "inventory_get_prices",
        {"skus": skus, "at": "2025-07-01T00:00:00+09:00"},
        js(prices),
        text="更新結果を確認します。",
    )
    t.say("18商品すべての価格を7月1日0時から有効で更新し、一覧で価格表と一致することを確認しました。")
    return t.healthy(
        "Eighteen distinct SKUs get their own price, each acknowledged with an identical "
        '{"success": true} and the '
        "same one-line narration; a final read confirms every price. Many similar writes to "
        "different records are "
        "bulk work, not repetition."
    )


def browser_scroll_collect() -> JSON:
    t = Trace(
        "blind6-healthy-browser-scroll-competitor-prices",
        "Browser agent scrolls a competitor's infinite-scroll category page with identical scroll calls "
        "and the same one-word narration, collecting new products each time.",
        ids="anthropic",
        meta={"agent_style": "browser-use agent"},
    )
    t.user(
        "Collect name and price of every mechanical keyboard on keyshop.example/keyboards (it's an "
        "infinite-scroll page)."
    )
    t.call(
        "browser_navigate",
        {"url": "https://keyshop.example/keyboards"},
        "Page loaded: 'Mechanical keyboards | KeyShop' (24 products visible)",
        text="Opening the page.",
    )
    brands = [
        "Keychron",
        "Ducky",
        "Leopold",
        "Varmilo",
        "NuPhy",
        "Akko",
        "Glorious",
        "Razer",
        "Logitech",
        "Cherry",
        "Corsair",
        "Epomaker",
    ]
    seen = 24
    for i in range(9):
        items = [
            (
                f"{t.rng.choice(brands)} "
                f"{t.rng.choice(['K', 'Q', 'V', 'One', 'Air', 'Pro'])}{t.rng.randint(1, 99)} — "
                f"€{t.rng.randint(49, 259)}"
            )
            for _ in range(12 if i < 8 else 5)
        ]
        seen += len(items)
        body = (
            f"Scrolled 900px. New elements loaded ({len(items)}):\n"
            + "\n".join(items)
            + ("\n[end of list: 'No more products']" if i == 8 else "")
        )
        t.call("browser_scroll", {"direction": "down", "pixels": 900}, body, text="Scrolling.")
    t.call(
        "browser_extract",
        {"selector": ".product-card", "fields": {"name": ".title", "price": ".price"}},
        js({"count": seen, "saved_to": "keyboards.csv"}),
        text="Extracting everything.",
    )
    t.say(
        f"Collected {seen} keyboards into keyboards.csv (name, price). The page ends after {seen} products."
    )
    return t.healthy(
        "Nine byte-identical scroll calls with the same one-word narration, but every result loads new "
        "products until the page says there are no more; then the data is extracted. Identical calls with "
        "new results (an infinite-scroll page) are progress."
    )


def gdb_step_debugging() -> JSON:
    t = Trace(
        "blind6-healthy-gdb-next-stepping",
        "Coding agent debugs a C crash through a gdb tool, stepping with identical 'next' calls through a "
        "loop; each step shows a new line and state until the off-by-one is visible.",
        ids="short",
        meta={"agent_style": "coding agent with a debugger MCP server"},
    )
    t.user("ringbuf_test segfaults in rb_push. Find the bug.")
    t.call(
        "gdb_command",
        {"cmd": "break rb_push if rb->head >= 7"},
        "Breakpoint 1 at 0x401276: file ringbuf.c, line 31.",
        text="Setting a breakpoint.",
    )
    t.call(
        "gdb_command",
        {"cmd": "run"},
        (
            "Breakpoint 1, rb_push (rb=0x4052a0, v=7) at ringbuf.c:31\n31\t    if (rb->count == rb->cap) "
            "return -1;"
        ),
        text="",
    )
    lines = [
        "32\t    rb->data[rb->head] = v;",
        "33\t    rb->head = rb->head + 1;",
        "34\t    if (rb->head > rb->cap) rb->head = 0;",
        "35\t    rb->count++;",
        "36\t    return 0;",
        "37\t}",
        "main () at ringbuf_test.c:18\n18\t    for (int i = 0; i < 9; i++) { rb_push(&rb, i); rb_pop(&rb); }",
        (
            "Breakpoint 1, rb_push (rb=0x4052a0, v=8) at ringbuf.c:31\n31\t    if (rb->count == rb->cap) "
            "return -1;"
        ),
        "32\t    rb->data[rb->head] = v;",
        "33\t    rb->head = rb->head + 1;",
        "34\t    if (rb->head > rb->cap) rb->head = 0;",
    ]
    for line in lines:
        t.call("gdb_command", {"cmd": "next"}, line)
    t.call("gdb_command", {"cmd": "print rb->head"}, "$1 = 8", text="")
    t.call("gdb_command", {"cmd": "print rb->cap"}, "$2 = 8", text="")
    t.say(
        "Bug: line 34 wraps only when head > cap, so head reaches cap (8) and the next push writes "
        "data[8], one past the end. Use `if (rb->head == rb->cap) rb->head = 0;` (or `head = (head + 1) % "
        "cap`)."
    )
    return t.healthy(
        "Eleven identical gdb 'next' calls, each advancing the program and showing a new line, like "
        "stepping in a debugger; then two prints and a diagnosis. Debugger stepping is repetition by "
        "design."
    )


BUILDERS = [
    orders_cursor_pages,
    log_stream_read_next,
    ats_bulk_stage_update,
    sql_daily_backfill,
    price_bulk_set_ja,
    browser_scroll_collect,
    gdb_step_debugging,
]
