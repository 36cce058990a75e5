"""Loops of e-commerce operations and accounting agents: refunds, inventory, catalog, VAT, reconciliation."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js

REFUND_MUTATION = (
    "mutation refund($input: RefundInput!) { refundCreate(input: $input) { refund { id totalRefundedSet { "
    "shopMoney { amount } } } userErrors { field message } } }"
)


def shopify_refund_errors() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-020-shop-refund-parent-transaction",
        "A store-operations agent keeps changing the refund amount and gateway of a refundCreate mutation; "
        "every response carries the same missing-parent-transaction error in GraphQL userErrors or errors.",
        agent="e-commerce operations agent (Shopify-style Admin GraphQL tool)",
        model="gpt-4.1-mini",
        start="2026-03-13T10:20:00+00:00",
        ids="call",
    )
    t.user(
        "The customer on order #1043 wants a refund for the damaged mug only (1 of 3 items). Refund it to "
        "the card."
    )
    t.step(
        "Looking up the order.",
        c(
            "admin_graphql",
            {
                "query": 'query { orders(first: 1, query: "name:#1043") { nodes { id lineItems(first: 5) { '
                "nodes { id title quantity originalUnitPriceSet { shopMoney { amount } } } } transactions { "
                "id kind gateway amountSet { shopMoney { amount } } } } } }",
                "variables": {},
            },
            js(
                {
                    "data": {
                        "orders": {
                            "nodes": [
                                {
                                    "id": "gid://shopify/Order/5520011043",
                                    "lineItems": {
                                        "nodes": [
                                            {
                                                "id": "gid://shopify/LineItem/1401",
                                                "title": "Stoneware mug, blue",
                                                "quantity": 1,
                                                "originalUnitPriceSet": {"shopMoney": {"amount": "18.00"}},
                                            },
                                            {
                                                "id": "gid://shopify/LineItem/1402",
                                                "title": "Linen tea towel",
                                                "quantity": 2,
                                                "originalUnitPriceSet": {"shopMoney": {"amount": "23.00"}},
                                            },
                                        ]
                                    },
                                    "transactions": [
                                        {
                                            "id": "gid://shopify/OrderTransaction/77120",
                                            "kind": "SALE",
                                            "gateway": "shopify_payments",
                                            "amountSet": {"shopMoney": {"amount": "64.00"}},
                                        }
                                    ],
                                }
                            ]
                        }
                    },
                    "extensions": {"cost": {"requestedQueryCost": 14}},
                }
            ),
        ),
    )
    order = "gid://shopify/Order/5520011043"
    line = [{"lineItemId": "gid://shopify/LineItem/1401", "quantity": 1}]
    tries = [
        (
            "Creating the refund for the mug.",
            {"amount": "18.00", "kind": "REFUND", "gateway": "shopify_payments"},
            {
                "data": {
                    "refundCreate": {
                        "refund": None,
                        "userErrors": [
                            {
                                "field": ["transactions", "0", "parentId"],
                                "message": "Parent transaction can't be blank",
                            }
                        ],
                    }
                }
            },
        ),
        (
            "Perhaps the amount must be numeric.",
            {"amount": 18, "kind": "REFUND", "gateway": "shopify_payments"},
            {
                "data": {
                    "refundCreate": {
                        "refund": None,
                        "userErrors": [
                            {
                                "field": ["transactions", "0", "parentId"],
                                "message": "A parent transaction is required",
                            }
                        ],
                    }
                }
            },
        ),
        (
            "Maybe shipping must be included in the amount.",
            {"amount": "18.00", "kind": "REFUND", "gateway": "shopify_payments", "orderId": order},
            {
                "errors": [
                    {
                        "message": "Variable $input of type RefundInput! was provided invalid value for "
                        "transactions.0.parentId (Expected value to not be null)",
                        "extensions": {"code": "INVALID_VARIABLE"},
                    }
                ]
            },
        ),
        (
            "Trying the manual gateway.",
            {"amount": "18.00", "kind": "REFUND", "gateway": "manual"},
            {
                "data": {
                    "refundCreate": {
                        "refund": None,
                        "userErrors": [
                            {
                                "field": ["transactions", "0", "parent_id"],
                                "message": "must reference the captured transaction",
                            }
                        ],
                    }
                }
            },
        ),
        (
            "Splitting off tax: refunding the net amount.",
            {"amount": "15.00", "kind": "REFUND", "gateway": "shopify_payments"},
            {
                "data": {
                    "refundCreate": {
                        "refund": None,
                        "userErrors": [
                            {
                                "field": ["transactions", "0", "parentId"],
                                "message": "Parent transaction can't be blank",
                            }
                        ],
                    }
                }
            },
        ),
    ]
    failures = []
    for text, txn, resp in tries:
        variables = {
            "input": {"orderId": order, "refundLineItems": line, "transactions": [txn], "notify": True}
        }
        failures.append(
            t.step(text, c("admin_graphql", {"query": REFUND_MUTATION, "variables": variables}, js(resp)))
        )
    onset = failures[3]
    t.loop(
        ["error_streak"],
        onset,
        "Each refundCreate omits the parentId of the SALE transaction it read first; the API answers with "
        "HTTP 200 and an error in userErrors or errors, worded four ways (is_error false). The agent "
        f"varies amount, gateway and order id instead. The 4th failure, at step {onset}, is the onset.",
    )
    return t.build()


def inventory_overwritten() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-021-inventory-set-reverted-by-sync",
        "An inventory agent sets a stock level, reads it back reverted by an ERP sync, and sets it again, "
        "over and over; every write is acknowledged the same way.",
        agent="e-commerce operations agent (inventory REST tools)",
        model="claude-sonnet-4-5",
        start="2026-03-13T14:00:00+00:00",
    )
    t.user("The Leeds warehouse counted 40 units of MUG-BLU-12. Set our stock there to 40.")
    get_args = {"sku": "MUG-BLU-12", "location": "leeds"}

    def read(minute: int) -> str:
        return js(
            {
                "sku": "MUG-BLU-12",
                "location": "leeds",
                "available": 12,
                "updated_by": "erp-sync",
                "updated_at": f"2026-03-13T14:{minute:02d}:00Z",
            }
        )

    set_args = {"sku": "MUG-BLU-12", "location": "leeds", "available": 40, "reason": "cycle_count"}
    ack = js({"ok": True, "sku": "MUG-BLU-12", "location": "leeds", "available": 40})
    reads = [t.step("Current level first.", c("get_inventory_level", get_args, read(1)))]
    t.step("Setting it to the counted 40.", c("set_inventory_level", set_args, ack))
    texts = [
        ("Verifying.", "It shows 12 again, updated by erp-sync. Setting it back to 40."),
        ("Verifying the update.", "Reverted to 12 again. Re-applying 40."),
        ("Checking.", "Still 12. Setting 40 once more."),
        ("Checking.", "Setting 40 again."),
    ]
    for i, (read_text, set_text) in enumerate(texts):
        reads.append(t.step(read_text, c("get_inventory_level", get_args, read(3 + 2 * i))))
        t.step(set_text, c("set_inventory_level", set_args, ack))
    onset = reads[2]
    t.loop(
        ["alternation", "identical_call"],
        onset,
        "get -> set -> get -> set: each set of 40 is acknowledged identically and each read shows 12 "
        "written back by erp-sync (only the timestamp changes). The ERP, not this store, owns the number, "
        "and the agent never says so. The read, the cycle's first state, is visited for the third time at "
        f"step {onset}, the onset (the 3rd identical set follows one step later).",
    )
    return t.build()


def catalog_paraphrase_turn2() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-022-catalog-variant-search-second-turn",
        "A merchandising agent finishes a tagging task, then in the user's second question rephrases one "
        "product search for a size-M variant and gets the same two products every time.",
        agent="merchandising agent (Shopify-style Admin tools)",
        model="gemini-2.5-pro",
        start="2026-03-17T09:10:00+00:00",
        ids="fc",
    )
    t.user("Add the tag spring-26 to all the linen shirts.")
    shirts = js(
        {
            "products": [
                {"id": 8100211, "title": "Linen Shirt – Sky", "tags": ["linen"]},
                {"id": 8100212, "title": "Linen Shirt – Sand", "tags": ["linen"]},
                {"id": 8100245, "title": "Linen Overshirt – Navy", "tags": ["linen", "outerwear"]},
                {"id": 8100260, "title": "Linen Shirt – White", "tags": ["linen"]},
            ]
        }
    )
    t.step("", c("products_search", {"query": "linen shirt", "limit": 20}, shirts))
    t.step(
        "Tagging the four products.",
        *[
            c("tags_add", {"product_id": pid, "tags": ["spring-26"]}, js({"ok": True}))
            for pid in (8100211, 8100212, 8100245, 8100260)
        ],
    )
    t.step("Done: the four linen shirts (Sky, Sand, Navy overshirt, White) now carry spring-26.")
    t.user("Thanks. Is the blue linen shirt in size M in stock anywhere?")
    two = js(
        {
            "products": [
                {"id": 8100211, "title": "Linen Shirt – Sky", "tags": ["linen", "spring-26"]},
                {
                    "id": 8100245,
                    "title": "Linen Overshirt – Navy",
                    "tags": ["linen", "outerwear", "spring-26"],
                },
            ]
        }
    )
    queries = [
        ("Searching for the blue shirt in M.", "blue linen shirt size M"),
        ("", "linen shirt blue M"),
        ("The results don't show sizes; trying a more exact phrase.", "Blue Linen Shirt (M)"),
        ("Maybe the colour is called sky blue.", "linen shirt sky blue medium"),
        ("Trying the variant wording.", "linen shirt variant M blue"),
        ("", "blue linen shirt medium in stock"),
    ]
    attempts = [t.step(text, c("products_search", {"query": q, "limit": 20}, two)) for text, q in queries]
    onset = attempts[3]
    t.loop(
        ["same_tool"],
        onset,
        "The first turn is healthy. In the second turn the agent rephrases one product search six times "
        "and always gets the same two products, which carry no size or stock; it never opens the variants "
        "or inventory of product 8100211. Counting from the second user message, the 4th search, at step "
        f"{onset}, is the onset.",
    )
    return t.build()


def vat_reverse_charge_toggle() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-023-vat-reverse-charge-toggled",
        "An accounting agent flips one invoice line between reverse charge and standard-rated input VAT, "
        "previewing the VAT return after each flip; the two previews alternate and neither balances.",
        agent="bookkeeping agent (Xero-style accounting API), UK VAT",
        model="gpt-4o-2024-11-20",
        start="2026-04-03T09:00:00+00:00",
        ids="call",
    )
    t.user(
        "Prepare the Q1 VAT return preview. Box 1 doesn't look right; I think the Berlin consultancy "
        "invoice (INV-2207) should be reverse charge."
    )
    err_a = js(
        {
            "period": "2026-Q1",
            "boxes": {"1": 4812.40, "4": 2207.15, "6": 24062.00, "7": 11035.75},
            "validation": {
                "status": "error",
                "message": "Box 7 excludes a reverse-charge service (INV-2207)",
            },
        }
    )
    err_b = js(
        {
            "period": "2026-Q1",
            "boxes": {"1": 5612.40, "4": 2207.15, "6": 24062.00, "7": 15035.75},
            "validation": {
                "status": "error",
                "message": "Box 1 includes reverse-charge output VAT without "
                "matching Box 4 input VAT (INV-2207)",
            },
        }
    )
    t.step("Previewing the return as it stands.", c("vat_return_preview", {"period": "2026-Q1"}, err_a))
    toggles = []
    plan = [
        ("Switching INV-2207 line 1 to reverse charge.", "REVERSECHARGES", err_b),
        ("Now Box 1 and Box 4 disagree. Putting the line back on standard 20% input VAT.", "INPUT2", err_a),
        (
            "The original error is back. Reverse charge is right in principle; switching again.",
            "REVERSECHARGES",
            err_b,
        ),
        ("Box 4 still lacks the input side. Reverting to standard rate.", "INPUT2", err_a),
        ("Trying reverse charge again.", "REVERSECHARGES", err_b),
    ]
    for text, tax_type, preview in plan:
        toggles.append(
            t.step(
                text,
                c(
                    "update_invoice_line",
                    {"invoice": "INV-2207", "line": 1, "tax_type": tax_type},
                    js({"ok": True, "invoice": "INV-2207", "line": 1, "tax_type": tax_type}),
                ),
            )
        )
        t.step("Previewing.", c("vat_return_preview", {"period": "2026-Q1"}, preview))
    onset = toggles[3]
    t.loop(
        ["same_tool", "alternation"],
        onset,
        "The tax type of one line is flipped REVERSECHARGES <-> INPUT2 and the two previews alternate "
        "between the same two errors; the missing piece (the matching input-VAT entry that reverse charge "
        f"needs) is never added. The 4th toggle, at step {onset}, is the onset.",
    )
    return t.build()


def reconcile_cycle5() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-024-bank-reconcile-five-step-cycle",
        "A bookkeeping agent goes round a five-step reconciliation cycle (unmatched list, suggestion, "
        "failed match, feed refresh, balance) with the same results each time.",
        agent="bookkeeping agent (QuickBooks-style banking tools)",
        model="claude-sonnet-4-5",
        start="2026-03-04T08:30:00+00:00",
    )
    t.user("Reconcile February for Business Checking. There's one stubborn unmatched deposit.")
    acct = {"account": "Business Checking"}
    unmatched = js(
        {
            "unmatched": [
                {
                    "txn_id": "BT-9931",
                    "date": "2026-02-27",
                    "amount": 2450.00,
                    "description": "STRIPE PAYOUT 8QK2",
                }
            ]
        }
    )
    suggestion = js(
        {
            "txn_id": "BT-9931",
            "suggestions": [
                {"invoice_id": "INV-3310", "customer": "Halden Studio", "amount": 2500.00, "confidence": 0.71}
            ],
        }
    )
    mismatch = js({"ok": False, "error": "Amount mismatch: bank 2450.00 vs invoice 2500.00"})
    refreshed = js({"ok": True, "new_transactions": 0, "last_sync": "2026-03-04T08:00:00Z"})
    balance = js({"book_balance": 48211.37, "bank_balance": 50661.37, "difference": 2450.00})
    rounds = [
        (
            "Listing unmatched transactions.",
            "Asking for a match suggestion.",
            "Applying the suggested match.",
            "Refreshing the bank feed in case the fee line hasn't arrived.",
            "Checking the balance difference.",
        ),
        (
            "Back to the unmatched list.",
            "Suggestion again.",
            "Applying it.",
            "Refreshing the feed.",
            "Balance.",
        ),
        ("Unmatched list.", "Suggestion.", "Match.", "Refresh.", "Balance."),
    ]
    firsts = []
    for a, b, cc, d, e in rounds:
        firsts.append(t.step(a, c("list_unmatched", acct, unmatched)))
        t.step(b, c("suggest_match", {"txn_id": "BT-9931"}, suggestion))
        t.step(cc, c("apply_match", {"txn_id": "BT-9931", "invoice_id": "INV-3310"}, mismatch))
        t.step(d, c("refresh_bank_feed", acct, refreshed))
        t.step(e, c("get_account_balance", acct, balance))
    t.step("Listing unmatched transactions again.", c("list_unmatched", acct, unmatched))
    onset = firsts[2]
    t.loop(
        ["alternation"],
        onset,
        "A period-5 cycle (unmatched list, suggestion, match refused for a 50.00 difference, feed refresh "
        "with nothing new, same balance difference) repeats with identical results; the Stripe fee that "
        "explains the difference is never booked. The cycle's first state is visited for the third time at "
        f"step {onset}, the onset.",
    )
    return t.build()


BUILDERS = [
    shopify_refund_errors,
    inventory_overwritten,
    catalog_paraphrase_turn2,
    vat_reverse_charge_toggle,
    reconcile_cycle5,
]
