"""Healthy runs of e-commerce and accounting agents: bulk updates, bulk-operation polls, cursors, throttling,
validate-fix-revalidate."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js

BULK_UPDATE = (
    "mutation bulk($productId: ID!, $variants: [ProductVariantsBulkInput!]!) { productVariantsBulkUpdate("
    "productId: $productId, variants: $variants) { userErrors { field message } } }"
)


def bulk_price_update() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-022-spring-sale-variant-prices-bulk",
        "A store-operations agent lowers prices for a 36-product collection, one bulk-variant mutation per "
        "product; every response is the same empty userErrors list. A long run with a verification pass.",
        agent="e-commerce operations agent (Shopify-style Admin GraphQL tool)",
        model="claude-sonnet-4-5",
        start="2026-03-20T06:00:00+00:00",
    )
    t.user(
        "Spring sale: set every variant in the 'Homeware' collection to 15% off its current price, rounded "
        "to .x5 or .x9 cents as usual. Don't touch compare-at prices that are already set."
    )
    products: list[tuple[int, float]] = []
    cursor = None
    for page in range(3):
        batch = [(9001000 + page * 12 + i, round(t.rng.uniform(12, 140), 2)) for i in range(12)]
        products += batch
        nxt = f"eyJsYXN0X2lkIjo5MDAx{page}" if page < 2 else None
        variables: dict[str, Any] = {"first": 12, "after": cursor}
        t.step(
            "Listing the collection's products." if page == 0 else "",
            c(
                "admin_graphql",
                {
                    "query": 'query($first: Int!, $after: String) { collection(handle: "homeware") '
                    "{ products(first: $first, after: $after) { nodes { id variants(first: 5) { nodes { id "
                    "price compareAtPrice } } } pageInfo { hasNextPage endCursor } } } }",
                    "variables": variables,
                },
                js(
                    {
                        "data": {
                            "collection": {
                                "products": {
                                    "nodes": [
                                        {
                                            "id": f"gid://shopify/Product/{pid}",
                                            "variants": {
                                                "nodes": [
                                                    {
                                                        "id": f"gid://shopify/ProductVariant/{pid}1",
                                                        "price": f"{price:.2f}",
                                                        "compareAtPrice": None,
                                                    }
                                                ]
                                            },
                                        }
                                        for pid, price in batch
                                    ],
                                    "pageInfo": {"hasNextPage": nxt is not None, "endCursor": nxt},
                                }
                            }
                        }
                    }
                ),
            ),
        )
        cursor = nxt
    ack = js(
        {
            "data": {"productVariantsBulkUpdate": {"userErrors": []}},
            "extensions": {"cost": {"requestedQueryCost": 10, "actualQueryCost": 10}},
        }
    )
    for i, (pid, price) in enumerate(products):
        sale = int(price * 0.85) + (0.95 if (price * 0.85) % 1 > 0.5 else 0.49)
        text = "Updating prices product by product." if i == 0 else ("" if i % 9 else f"{i} of 36 done.")
        t.step(
            text,
            c(
                "admin_graphql",
                {
                    "query": BULK_UPDATE,
                    "variables": {
                        "productId": f"gid://shopify/Product/{pid}",
                        "variants": [
                            {
                                "id": f"gid://shopify/ProductVariant/{pid}1",
                                "price": f"{sale:.2f}",
                                "compareAtPrice": f"{price:.2f}",
                            }
                        ],
                    },
                },
                ack,
            ),
        )
    t.step(
        "Verifying a sample of four products.",
        c(
            "admin_graphql",
            {
                "query": 'query { nodes(ids: ["gid://shopify/ProductVariant/90010001", '
                '"gid://shopify/ProductVariant/90010121", "gid://shopify/ProductVariant/'
                '90010241", "gid://shopify/ProductVariant/90010351"]) { ... on '
                "ProductVariant { id price compareAtPrice } } }",
                "variables": {},
            },
            js(
                {
                    "data": {
                        "nodes": [
                            {"id": f"gid://shopify/ProductVariant/{pid}1", "compareAtPrice": f"{price:.2f}"}
                            for pid, price in (products[0], products[12], products[24], products[35])
                        ]
                    }
                }
            ),
        ),
    )
    t.step("All 36 Homeware products are 15% off with the old price as compare-at; the sample check matches.")
    t.healthy(
        f"A long batch run ({t.steps} steps): three pages of products, then 36 mutations over different "
        "products, each answered with the identical empty userErrors acknowledgement, and a verification. "
        "Many different writes with look-alike acknowledgements are not a loop."
    )
    return t.build()


def bulk_operation_poll() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-023-bulk-export-operation-polled",
        "An analytics agent starts a bulk export of orders and polls currentBulkOperation (some identical "
        "answers while it starts) until COMPLETED, then reads the file and answers.",
        agent="e-commerce analytics agent (Shopify-style Admin GraphQL tool)",
        model="gpt-4.1-mini",
        start="2026-03-21T10:00:00+00:00",
        ids="call",
    )
    t.user("Export all 2025 orders and tell me the refund rate by sales channel.")
    t.step(
        "",
        c(
            "admin_graphql",
            {
                "query": 'mutation { bulkOperationRunQuery(query: "{ orders(query: '
                '\\"created_at:>=2025-01-01 created_at:<2026-01-01\\") { edges { node { '
                'id channel refunds { id } } } } }") { bulkOperation { id status } '
                "userErrors { message } } }",
                "variables": {},
            },
            js(
                {
                    "data": {
                        "bulkOperationRunQuery": {
                            "bulkOperation": {"id": "gid://shopify/BulkOperation/551", "status": "CREATED"},
                            "userErrors": [],
                        }
                    }
                }
            ),
        ),
    )
    poll = {"query": "query { currentBulkOperation { id status objectCount url } }", "variables": {}}
    states = [
        ("CREATED", "0"),
        ("RUNNING", "0"),
        ("RUNNING", "0"),
        ("RUNNING", "14200"),
        ("RUNNING", "38950"),
        ("RUNNING", "61012"),
    ]
    for i, (status, count) in enumerate(states):
        t.wait(15)
        t.step(
            "Polling the bulk operation." if i == 0 else "",
            c(
                "admin_graphql",
                poll,
                js(
                    {
                        "data": {
                            "currentBulkOperation": {
                                "id": "gid://shopify/BulkOperation/551",
                                "status": status,
                                "objectCount": count,
                                "url": None,
                            }
                        }
                    }
                ),
            ),
        )
    t.wait(15)
    t.step(
        "",
        c(
            "admin_graphql",
            poll,
            js(
                {
                    "data": {
                        "currentBulkOperation": {
                            "id": "gid://shopify/BulkOperation/551",
                            "status": "COMPLETED",
                            "objectCount": "74410",
                            "url": "https://storage.example/bulk/551.jsonl",
                        }
                    }
                }
            ),
        ),
    )
    t.step(
        "",
        c(
            "fetch_jsonl_summary",
            {
                "url": "https://storage.example/bulk/551.jsonl",
                "group_by": "channel",
                "metric": "share_with_refunds",
            },
            js({"Online Store": 0.061, "POS": 0.018, "Shop app": 0.047, "Wholesale": 0.009}),
        ),
    )
    t.step(
        "2025 refund rate by channel: Online Store 6.1%, Shop app 4.7%, POS 1.8%, Wholesale 0.9% (74,410 "
        "orders)."
    )
    t.healthy(
        "Polling a bulk operation: CREATED, then RUNNING with an unchanged count twice, then growing counts "
        "and COMPLETED; the agent reads the file and answers. A poll that completes is healthy."
    )
    return t.build()


def orders_cursor_pages() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-024-refunds-cursor-pagination",
        "A finance agent pages through a quarter's refunds with GraphQL cursors (same query, new cursor, "
        "new orders each page) and totals them.",
        agent="e-commerce finance agent (Shopify-style Admin GraphQL tool)",
        model="gemini-2.5-pro",
        start="2026-04-01T09:00:00+00:00",
        ids="fc",
    )
    t.user("Total refunded amount in Q1 2026, split by reason code.")
    query = (
        'query($after: String) { orders(first: 100, after: $after, query: "refund_status:refunded '
        'created_at:>=2026-01-01 created_at:<2026-04-01") { nodes { name totalRefundedSet { shopMoney { '
        "amount "
        "} } refunds { note } } pageInfo { hasNextPage endCursor } } }"
    )
    cursor = None
    total = 0.0
    for page in range(6):
        n = 100 if page < 5 else 37
        amounts = [round(t.rng.uniform(8, 220), 2) for _ in range(n)]
        total += sum(amounts)
        nxt = f"eyJsYXN0X2lkIjo1NTIw{page:02d}" if page < 5 else None
        nodes = [
            {
                "name": f"#{3000 + page * 100 + i}",
                "totalRefundedSet": {"shopMoney": {"amount": f"{a:.2f}"}},
                "refunds": [{"note": ["damaged", "wrong size", "late delivery", "changed mind"][i % 4]}],
            }
            for i, a in enumerate(amounts[:3])
        ]
        t.step(
            "Paging through refunded orders." if page == 0 else "",
            c(
                "admin_graphql",
                {"query": query, "variables": {"after": cursor}},
                js(
                    {
                        "data": {
                            "orders": {
                                "nodes": nodes,
                                "nodes_omitted": n - 3,
                                "pageInfo": {"hasNextPage": nxt is not None, "endCursor": nxt},
                            }
                        }
                    }
                ),
            ),
        )
        cursor = nxt
    t.step(
        f"Q1 2026: 537 refunded orders, {total:,.2f} refunded in total. By reason: damaged 27%, wrong size "
        "26%, late delivery 24%, changed mind 23%."
    )
    t.healthy(
        "Cursor pagination: six calls of the same query, each with the previous page's endCursor and new "
        "orders, ending when hasNextPage is false."
    )
    return t.build()


def throttled_retry() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-025-inventory-transfer-throttled-then-ok",
        "An inventory agent's transfer mutation is throttled twice (a GraphQL THROTTLED error in a 200 "
        "response), waits for the bucket to refill and succeeds.",
        agent="e-commerce operations agent (Shopify-style Admin GraphQL tool)",
        model="gpt-4.1-mini",
        start="2026-03-13T16:00:00+00:00",
        ids="call",
    )
    t.user("Move 40 units of MUG-BLU-12 from Leeds to the Bristol store.")
    mutation = {
        "query": "mutation($input: InventoryMoveQuantitiesInput!) { inventoryMoveQuantities(input: $input) "
        "{ inventoryAdjustmentGroup { id } userErrors { message } } }",
        "variables": {
            "input": {
                "reason": "restock",
                "changes": [
                    {
                        "inventoryItemId": "gid://shopify/InventoryItem/4410",
                        "quantity": 40,
                        "from": {"locationId": "gid://shopify/Location/leeds"},
                        "to": {"locationId": "gid://shopify/Location/bristol"},
                    }
                ],
            }
        },
    }
    throttled = js(
        {
            "errors": [{"message": "Throttled", "extensions": {"code": "THROTTLED"}}],
            "extensions": {
                "cost": {
                    "requestedQueryCost": 10,
                    "throttleStatus": {
                        "maximumAvailable": 1000.0,
                        "currentlyAvailable": 4,
                        "restoreRate": 50.0,
                    },
                }
            },
        }
    )
    t.step("Moving the stock.", c("admin_graphql", mutation, throttled))
    t.wait(2)
    t.step(
        "Throttled; the bucket restores 50 points a second. Retrying shortly.",
        c("admin_graphql", mutation, throttled),
    )
    t.wait(5)
    t.step(
        "",
        c(
            "admin_graphql",
            mutation,
            js(
                {
                    "data": {
                        "inventoryMoveQuantities": {
                            "inventoryAdjustmentGroup": {
                                "id": "gid://shopify/InventoryAdjustmentGroup/88121"
                            },
                            "userErrors": [],
                        }
                    }
                }
            ),
        ),
    )
    t.step(
        "",
        c(
            "get_inventory_level",
            {"sku": "MUG-BLU-12", "location": "bristol"},
            js({"sku": "MUG-BLU-12", "location": "bristol", "available": 46}),
        ),
    )
    t.step("Moved 40 units of MUG-BLU-12 from Leeds to Bristol; Bristol now has 46 available.")
    t.healthy(
        "Two THROTTLED responses (reported only in the content) followed by success after waiting for the "
        "rate-limit bucket. A retry that succeeds is healthy."
    )
    return t.build()


def vat_validate_fix() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-026-vat-return-validate-fix-submit",
        "An accounting agent validates a VAT return, fixes the flagged invoices, re-validates (fewer errors "
        "each time) and submits once it passes.",
        agent="bookkeeping agent (Xero-style accounting API), UK VAT",
        model="gpt-4o-2024-11-20",
        start="2026-04-04T09:00:00+00:00",
        ids="call",
    )
    t.user("Validate and submit the Q1 VAT return. Fix anything obviously miscoded first.")
    period = {"period": "2026-Q1"}
    t.step(
        "Validating.",
        c(
            "vat_return_validate",
            period,
            js(
                {
                    "status": "error",
                    "errors": [
                        {
                            "invoice": "INV-2207",
                            "issue": "reverse-charge service without matching input VAT entry",
                        },
                        {
                            "invoice": "BILL-0931",
                            "issue": "zero-rated purchase from a UK VAT-registered supplier",
                        },
                        {"invoice": "INV-2231", "issue": "tax type missing"},
                    ],
                }
            ),
        ),
    )
    t.step(
        "Adding the input side of the reverse charge for INV-2207.",
        c(
            "add_journal",
            {
                "date": "2026-02-28",
                "lines": [
                    {"account": "VAT input", "amount": 800.00},
                    {"account": "VAT output (reverse charge)", "amount": -800.00},
                ],
                "reference": "INV-2207 reverse charge",
            },
            js({"ok": True, "journal_id": "MJ-0442"}),
        ),
    )
    t.step(
        "",
        c(
            "update_invoice_line",
            {"invoice": "BILL-0931", "line": 1, "tax_type": "INPUT2"},
            js({"ok": True, "invoice": "BILL-0931", "line": 1, "tax_type": "INPUT2"}),
        ),
    )
    t.step(
        "Re-validating.",
        c(
            "vat_return_validate",
            period,
            js({"status": "error", "errors": [{"invoice": "INV-2231", "issue": "tax type missing"}]}),
        ),
    )
    t.step(
        "",
        c(
            "get_invoice",
            {"invoice": "INV-2231"},
            js(
                {
                    "invoice": "INV-2231",
                    "customer": "Halden Studio (UK)",
                    "lines": [{"line": 1, "amount": 1200.00, "tax_type": None}],
                }
            ),
        ),
    )
    t.step(
        "A UK customer: standard-rated output.",
        c(
            "update_invoice_line",
            {"invoice": "INV-2231", "line": 1, "tax_type": "OUTPUT2"},
            js({"ok": True, "invoice": "INV-2231", "line": 1, "tax_type": "OUTPUT2"}),
        ),
    )
    t.step(
        "Re-validating.",
        c(
            "vat_return_validate",
            period,
            js(
                {
                    "status": "ok",
                    "errors": [],
                    "boxes": {"1": 5852.40, "4": 3007.15, "5": 2845.25, "6": 25262.00, "7": 15035.75},
                }
            ),
        ),
    )
    t.step(
        "",
        c(
            "vat_return_submit",
            {"period": "2026-Q1", "declaration": True},
            js({"ok": True, "receipt": "MTD-2026Q1-8X41K0", "processing_date": "2026-04-04T09:12:33Z"}),
        ),
    )
    t.step(
        "Submitted. Three fixes first: the INV-2207 reverse-charge input entry, BILL-0931 recoded to 20% "
        "input VAT, INV-2231 coded standard-rated. Net VAT due £2,845.25; receipt MTD-2026Q1-8X41K0."
    )
    t.healthy(
        "Validate, fix, re-validate three times with a shrinking error list (3 -> 1 -> 0), then submit. The "
        "same validation call after each fix is progress, like re-running tests after edits."
    )
    return t.build()


BUILDERS = [bulk_price_update, bulk_operation_poll, orders_cursor_pages, throttled_retry, vat_validate_fix]
