"""Healthy iteration: edit then re-run the same suite, notebook cells fixed one error at a time, a shared file
re-read while a colleague edits it, check-act-recheck on mutating systems, edit/validate with shrinking
errors."""

from __future__ import annotations

from typing import Any

from blind14gen.builder import Trace


def prompt_regression_reruns(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "LLM evaluation-ops agent fixes a support prompt's refund-policy regression: edit, re-run the same "
        "88-case suite, repeat, with fewer failures each time until it passes.",
        ids="anthropic",
        meta={"harness": "claude-code", "model": "claude-sonnet-4-5"},
    )
    t.user(
        "refund_policy regressed in v42 (84% vs 91%). Fix prompts/support_v42.md until the refund-policy-88 "
        "suite is at least 91%."
    )
    t.act(
        "Reading the prompt.",
        "Read",
        {"file_path": "prompts/support_v42.md"},
        "# Support assistant v42\n...\n## Refunds\nOffer a refund when the customer asks.\n...",
    )
    run = {"command": "evals run refund-policy-88 --prompt prompts/support_v42.md --json"}
    t.act(
        "Baseline run of the suite.",
        "Bash",
        run,
        '{"passed": 74, "failed": 14, "rate": 0.841, "top_failures": '
        '["offers refund outside 30-day window (9)", '
        '"no receipt check (5)"]}',
    )
    edits = [
        (
            "Adding the 30-day window rule.",
            "Offer a refund when the customer asks.",
            "Offer a refund only within 30 days of delivery; outside the window offer store credit.",
            '{"passed": 81, "failed": 7, "rate": 0.920, "top_failures": ["no receipt check (5)", '
            '"store credit offered for defective items (2)"]}',
        ),
        (
            "Now the receipt check.",
            "outside the window offer store credit.",
            "outside the window offer store credit. Ask for the order number before any refund.",
            '{"passed": 86, "failed": 2, "rate": 0.977, "top_failures": '
            '["store credit offered for defective items '
            '(2)"]}',
        ),
        (
            "Defective items are always refundable; adding that exception.",
            "Ask for the order number before any refund.",
            "Ask for the order number before any refund. Defective items are refundable at any time within "
            "warranty.",
            '{"passed": 88, "failed": 0, "rate": 1.0, "top_failures": []}',
        ),
    ]
    for text, old, new, result in edits:
        t.act(
            text,
            "Edit",
            {"file_path": "prompts/support_v42.md", "old_string": old, "new_string": new},
            "The file prompts/support_v42.md has been updated.",
        )
        t.act("Re-running the suite.", "Bash", run, result)
    t.say(
        "refund-policy-88 now passes 88/88 (was 74/88). Three rules added: 30-day window, order-number "
        "check, defective-item exception."
    )
    return t.healthy(
        "The identical suite command runs four times, but each run follows an edit and the failures fall 14 "
        "-> 7 -> 2 -> 0. Re-running tests after edits is progress (edit/test alternation with changing "
        "results)."
    )


def notebook_rop_model(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Data-science agent in a notebook builds a rate-of-penetration model for a drilling team, fixing a "
        "different error in each cell run until the model trains.",
        ids="plain",
        meta={"harness": "jupyter-mcp", "model": "qwen3-coder"},
    )
    t.user(
        "Using offset_wells_rop.csv, fit a quick ROP model (WOB, RPM, flow, mud weight) and report feature "
        "importances for the F-12 planning meeting."
    )
    cells = [
        (
            "Loading the data.",
            "import pandas as pd\ndf = pd.read_csv('offset_wells_rop.csv')\ndf.describe()",
            "Out[1]: 9 columns, 52,180 rows; ROP mean 18.4 m/h; MW has 312 NaN",
            False,
        ),
        (
            "Fitting a gradient-boosting model.",
            "from lightgbm import LGBMRegressor\nX = df[['wob_t','rpm','flow_lpm','mw_sg']]\ny = "
            "df['rop_m_h']\nm = LGBMRegressor().fit(X, y)",
            "ModuleNotFoundError: No module named 'lightgbm'",
            True,
        ),
        (
            "Installing lightgbm.",
            "%pip install -q lightgbm==4.5.0",
            "Successfully installed lightgbm-4.5.0",
            False,
        ),
        (
            "Fitting again, with a train/test split.",
            "from sklearn.model_selection import train_test_split\nXtr, Xte, ytr, yte = train_test_split(X, "
            "y, test_size=0.2, random_state=0)\nm = LGBMRegressor().fit(Xtr, ytr)\nm.score(Xte, yte)",
            "ValueError: Input y contains NaN.",
            True,
        ),
        (
            "ROP has NaNs too; dropping incomplete rows.",
            "d = df.dropna(subset=['wob_t','rpm','flow_lpm','mw_sg','rop_m_h'])\nX, y = "
            "d[['wob_t','rpm','flow_lpm','mw_sg']], d['rop_m_h']\nXtr, Xte, ytr, yte = train_test_split(X, "
            "y, test_size=0.2, random_state=0)\nm = LGBMRegressor(verbose=-1).fit(Xtr, ytr)\nm.score(Xte, "
            "yte)",
            "Out[5]: 0.7814",
            False,
        ),
        (
            "Feature importances.",
            "pd.Series(m.booster_.feature_importance('gain'), "
            "index=X.columns).sort_values(ascending=False).round(0)",
            "Out[6]:\nwob_t       412330.0\nrpm         288104.0\nflow_lpm     97512.0\nmw_sg        40218.0",
            False,
        ),
    ]
    for text, code, out, err in cells:
        t.act(text, "execute_cell", {"code": code}, out, error=err)
    t.say(
        "Model R² 0.78 on held-out data. Gain importance: WOB > RPM >> flow > mud weight. WOB and RPM are "
        "the levers for F-12."
    )
    return t.healthy(
        "Six cells, two failing with different errors (missing module, then NaN) each fixed before moving "
        "on; every run is a different cell. Iterating in a notebook."
    )


def dsar_letter_shared_edits(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Privacy agent drafts a DSAR response letter in a shared document and re-reads it while the privacy "
        "counsel edits it, until counsel marks it approved; every read shows new content.",
        ids="bedrock",
        meta={"harness": "bedrock-agentcore", "model": "anthropic.claude-sonnet-4-5"},
    )
    t.user(
        "Draft the DSAR-2026-0440 response letter in docs/dsar/0440_letter.md, let Aino (privacy counsel) "
        "review it, and send it once she marks it APPROVED."
    )
    t.act(
        "Writing the draft.",
        "write_file",
        {"path": "docs/dsar/0440_letter.md", "content": "Dear Ms Laine,\n\nFurther to your request..."},
        {"ok": True, "bytes": 1820},
    )
    t.act(
        "Asking Aino to review.",
        "chat_post",
        {"to": "aino.v", "text": "DSAR-0440 letter ready for review in docs/dsar/0440_letter.md"},
        {"ok": True},
    )
    versions = [
        "STATUS: IN REVIEW\nDear Ms Laine,\n\nFurther to your request... [comment AV: cite Art. 15(3) for "
        "copies]",
        "STATUS: IN REVIEW\nDear Ms Laine,\n\nFurther to your request under Article 15(3)... [comment AV: "
        "remove the internal ticket ids from annex B]",
        "STATUS: APPROVED (AV 11:42)\nDear Ms Laine,\n\nFurther to your request under Article 15(3)... "
        "Annex B lists the categories of data we hold.",
    ]
    for i, content in enumerate(versions):
        t.act("", "wait", {"minutes": 10}, "ok")
        t.act(
            "Checking the document for Aino's edits." if i == 0 else "",
            "read_file",
            {"path": "docs/dsar/0440_letter.md"},
            content,
        )
    t.act(
        "Approved. Sending the letter.",
        "mail_send",
        {
            "to": "a.laine@example.fi",
            "subject": "Your data access request (DSAR-2026-0440)",
            "body_from_file": "docs/dsar/0440_letter.md",
            "attachments": ["exp_4471.zip"],
        },
        {"ok": True, "message_id": "<0440.reply@privacy.example>"},
    )
    t.say("Sent after Aino approved it at 11:42, with the export attached.")
    return t.healthy(
        "read_file on the same path three times, each after a wait and each showing the counsel's new "
        "edits, ending at APPROVED; re-reading a file that changes under an external editor is not a loop."
    )


def gate_assign_recheck(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Airport stand-and-gate agent reassigns gates for three delayed flights, reading each gate before "
        "and after the change.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "model": "gpt-4.1-mini"},
    )
    t.user(
        "Gate D4 is closed for a jet-bridge fault until 18:00. Move every departure on D4 before 18:00 to a "
        "free contact gate and confirm."
    )
    t.act(
        "Listing departures on D4.",
        "gates_schedule",
        {"gate": "D4", "until": "18:00"},
        {"flights": ["LX1345", "EW9761", "SK612"]},
    )
    free = ["D6", "D9", "E2"]
    for flight, gate in zip(["LX1345", "EW9761", "SK612"], free, strict=True):
        t.act(
            f"Current gate for {flight}.",
            "gates_get",
            {"flight": flight},
            {"flight": flight, "gate": "D4", "status": "SCHEDULED"},
        )
        t.act(
            f"Moving {flight} to {gate}.",
            "gates_assign",
            {"flight": flight, "gate": gate, "reason": "D4 bridge fault"},
            {"ok": True, "flight": flight, "gate": gate},
        )
        t.act(
            "Verifying.",
            "gates_get",
            {"flight": flight},
            {"flight": flight, "gate": gate, "status": "SCHEDULED", "fids_updated": True},
        )
    t.say("LX1345 -> D6, EW9761 -> D9, SK612 -> E2; all confirmed and shown on the flight displays.")
    return t.healthy(
        "For each of three flights: read the gate, assign a new one, read it again to confirm "
        "(check-act-recheck on a mutating system). The identical gates_get calls bracket a change and "
        "return different gates."
    )


def rebalance_orders_status(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Rebalancing agent submits four orders and then checks each one's status until all are filled.",
        ids="openai",
        meta={"harness": "langchain", "model": "gpt-4.1"},
    )
    t.user("Account U7720915 drifted from the 60/40 model. Rebalance it now.")
    t.act(
        "Computing the drift.",
        "portfolio_drift",
        {"account": "U7720915", "model": "60-40-global"},
        {
            "trades": [
                {"symbol": "VWRL", "side": "SELL", "qty": 140},
                {"symbol": "AGGH", "side": "BUY", "qty": 610},
                {"symbol": "IWDA", "side": "SELL", "qty": 55},
                {"symbol": "IGLT", "side": "BUY", "qty": 220},
            ]
        },
    )
    orders = [
        ("VWRL", "SELL", 140, "O-1"),
        ("AGGH", "BUY", 610, "O-2"),
        ("IWDA", "SELL", 55, "O-3"),
        ("IGLT", "BUY", 220, "O-4"),
    ]
    t.batch(
        "Placing the four orders.",
        [
            (
                "oms_place_order",
                {"account": "U7720915", "symbol": s, "side": side, "qty": q, "type": "MARKET"},
                {"status": "ACCEPTED", "order_id": f"{oid}-7720915"},
            )
            for s, side, q, oid in orders
        ],
    )
    rounds = [
        (orders, ["FILLED", "WORKING", "FILLED", "WORKING"]),
        ([orders[1], orders[3]], ["FILLED", "PARTIAL 150/220"]),
        ([orders[3]], ["FILLED"]),
    ]
    for r, (subset, row) in enumerate(rounds):
        if r:
            t.act("", "sleep", {"seconds": 30}, "")
        t.batch(
            "Checking the order statuses." if r == 0 else "Checking the orders still open.",
            [
                (
                    "oms_get_order",
                    {"order_id": f"{oid}-7720915"},
                    {"order_id": f"{oid}-7720915", "status": st},
                )
                for (_, _, _, oid), st in zip(subset, row, strict=True)
            ],
        )
    t.say(
        "Rebalanced U7720915 to 60/40: sold 140 VWRL and 55 IWDA, bought 610 AGGH and 220 IGLT; all filled."
    )
    return t.healthy(
        "Orders placed once, then three rounds of status checks (parallel batches) on the orders still "
        "open; statuses change each round and the agent stops when all are filled. Verification of a "
        "mutating action."
    )


def esg_xbrl_validate_shrinking(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "CSRD reporting agent alternates edit and XBRL validation on an ESRS E1 disclosure; each validation "
        "has fewer errors than the last, and the filing validates.",
        ids="gemini",
        meta={"harness": "google-adk", "model": "gemini-2.5-pro"},
    )
    t.user(
        "Tag the ESRS E1 climate disclosure (draft e1_2026.xhtml) so it validates against the ESRS taxonomy."
    )
    errors = [
        [
            "E1-6 GHG Scope 1 missing unit",
            "E1-6 Scope 2 location-based missing unit",
            "E1-6 Scope 3 total missing unit",
            "E1-5 energy consumption: decimals attribute missing",
            "E1-4 target year not a gYear",
            "E1-1 transition plan narrative not tagged",
            "context c7: period end before start",
        ],
        [
            "E1-4 target year not a gYear",
            "E1-1 transition plan narrative not tagged",
            "context c7: period end before start",
        ],
        ["E1-1 transition plan narrative not tagged"],
        [],
    ]
    fixes = [
        (
            "Adding tCO2e units and decimals to E1-5/E1-6 facts.",
            {"facts": ["E1-5", "E1-6"], "unit": "tCO2e", "decimals": 0},
        ),
        (
            "Fixing the target year and the c7 context.",
            {"facts": ["E1-4"], "type": "gYear", "context_fix": "c7"},
        ),
        ("Tagging the transition plan narrative block.", {"facts": ["E1-1"], "text_block": True}),
    ]
    for i, errs in enumerate(errors):
        t.act(
            "Validating." if i == 0 else "Re-validating.",
            "xbrl_validate",
            {"file": "e1_2026.xhtml", "taxonomy": "esrs-2026"},
            {"valid": not errs, "errors": errs, "count": len(errs)},
        )
        if i < len(fixes):
            text, fix = fixes[i]
            t.act(text, "xbrl_apply_tags", {"file": "e1_2026.xhtml", **fix}, {"ok": True})
    t.say("e1_2026.xhtml now validates against the ESRS 2026 taxonomy (7 -> 3 -> 1 -> 0 errors).")
    return t.healthy(
        "Validate/edit alternation where each edit differs and the error count falls 7 -> 3 -> 1 -> 0; the "
        "cycle makes progress and ends."
    )


SCENARIOS = [
    ("prompt-regression-edit-rerun", prompt_regression_reruns),
    ("notebook-rop-model-fixes", notebook_rop_model),
    ("dsar-letter-reread-edits", dsar_letter_shared_edits),
    ("gate-reassign-recheck", gate_assign_recheck),
    ("rebalance-orders-status", rebalance_orders_status),
    ("xbrl-validate-shrinking", esg_xbrl_validate_shrinking),
]
