# ruff: noqa: E501
"""Loop scenarios: the classic shapes (identical calls, alternation, cycles, degenerate text, trivial variants)."""

from __future__ import annotations

from typing import Any

from .builder import Session, js, scenario


def identical_tracking_empty() -> dict[str, Any]:
    s = Session("blind4-loop-tracking", "gemini")
    s.say("Hi! I'm the ShopRight assistant. How can I help you today?")
    s.user("Where is my package? Order 4471-220.")
    s.call(
        "",
        "get_order",
        {"order_id": "4471-220"},
        js(
            {
                "order_id": "4471-220",
                "status": "shipped",
                "carrier": "DHL",
                "tracking_number": "JD014600006281234567",
                "shipped_at": "2024-06-03",
            }
        ),
    )
    steps = []
    for i in range(5):
        text = [
            "",
            "No tracking events yet. Let me check again.",
            "",
            "Let me try the tracking once more.",
            "",
        ][i]
        steps.append(
            s.call(
                text,
                "get_tracking_events",
                {"carrier": "DHL", "tracking_number": "JD014600006281234567"},
                "[]",
            )
        )
    s.say(
        "Your order shipped on June 3 with DHL (JD014600006281234567), but the carrier hasn't posted tracking events yet."
    )
    onset = steps[2]
    return scenario(
        "blind4-loop-identical-empty-tracking-0",
        "Support bot calls get_tracking_events with identical arguments five times in a row; each returns an empty list.",
        s,
        loop=True,
        kinds=["identical_call"],
        onset=onset,
        notes=f"Five back-to-back identical calls, each answered '[]'. Unlike a poll there is no waiting and no job in flight; a second check is defensible, the third identical call with the same empty result, step {onset}, is the onset.",
    )


def identical_bash_grep_empty() -> dict[str, Any]:
    s = Session("blind4-loop-bash-grep", "anthropic")
    s.user("Remove every remaining TODO_MIGRATION marker from the codebase.")
    s.call(
        "",
        "Bash",
        {
            "command": "grep -rn 'TODO_MIGRATION' src/ | head -50",
            "description": "Find TODO_MIGRATION markers",
        },
        "src/db/models.py:12:# TODO_MIGRATION drop legacy column\nsrc/db/models.py:88:# TODO_MIGRATION rename index",
    )
    s.call(
        "",
        "Edit",
        {
            "file_path": "/repo/src/db/models.py",
            "old_string": "# TODO_MIGRATION drop legacy column\n",
            "new_string": "",
            "replace_all": False,
        },
        "The file /repo/src/db/models.py has been updated.",
    )
    s.call(
        "",
        "Edit",
        {
            "file_path": "/repo/src/db/models.py",
            "old_string": "# TODO_MIGRATION rename index\n",
            "new_string": "",
            "replace_all": False,
        },
        "The file /repo/src/db/models.py has been updated.",
    )
    steps = []
    for i in range(6):
        text = ["Let me verify none remain.", "", "Checking again.", "", "", "Let me confirm once more."][i]
        steps.append(
            s.call(
                text,
                "Bash",
                {
                    "command": "grep -rn 'TODO_MIGRATION' src/ | head -50",
                    "description": "Find TODO_MIGRATION markers",
                },
                "",
            )
        )
    s.say("All TODO_MIGRATION markers have been removed.")
    onset = steps[2]
    return scenario(
        "blind4-loop-identical-bash-grep-empty-0",
        "After removing two markers the coding CLI re-runs the identical grep six times; it prints nothing every time.",
        s,
        loop=True,
        kinds=["identical_call"],
        onset=onset,
        notes=f"The verification grep is legitimate once; the same command with the same empty output is then issued five more times back to back. The third identical empty run, step {onset}, is the onset.",
    )


def alternation_cart_checkout() -> dict[str, Any]:
    s = Session("blind4-loop-browser-ab", "counter")
    s.user("Buy the blue 2m USB-C cable that's in my cart.")
    cart = "Cart (1 item)\n[e12] USB-C cable 2m, blue — €9.99  qty[e13]=1\n[e20] button 'Proceed to checkout'\nNotice: Please verify your shipping address before checkout."
    checkout = "Checkout\nShipping address: — missing —\n[e41] link 'Add address' (opens account settings)\n[e45] button 'Place order' (disabled)\n[e46] link 'Back to cart'"
    s.call("", "navigate", {"url": "https://shop.example/cart"}, cart)
    steps = []
    seq = [("click", {"element_id": "e20"}, checkout), ("click", {"element_id": "e46"}, cart)] * 4
    texts = [
        "Proceeding to checkout.",
        "Place order is disabled; let me go back to the cart and retry.",
        "Trying checkout again.",
        "Back to the cart.",
        "Checkout once more.",
        "Returning to cart.",
        "Checkout.",
        "Cart.",
    ]
    for t, (name, args, out) in zip(texts, seq, strict=True):
        steps.append(s.call(t, name, args, out))
    s.say("I can't place the order because no shipping address is set.")
    onset = steps[3]
    return scenario(
        "blind4-loop-alternation-cart-checkout-0",
        "Browser agent bounces between cart and checkout eight times; the pages never change and 'Place order' stays disabled because no address is set.",
        s,
        loop=True,
        kinds=["alternation"],
        onset=onset,
        notes=f"A/B alternation: navigate cart (step 1), then click e20 (checkout) / click e46 (cart) repeated with identical page contents. Convention: the third visit to the same state; the cart is reached for the third time at step {onset}.",
    )


def alternation_edit_toggle() -> dict[str, Any]:
    s = Session("blind4-loop-edit-toggle", "anthropic")
    s.user("tests/test_dates.py::test_week_start fails. Fix it.")
    fail = "============================= test session starts ==============================\ncollected 1 item\n\ntests/test_dates.py F                                                    [100%]\n\n=================================== FAILURES ===================================\n_______________________________ test_week_start ________________________________\n\n    def test_week_start():\n>       assert week_start(date(2024, 9, 15)) == date(2024, 9, 9)\nE       AssertionError: assert datetime.date(2024, 9, 16) == datetime.date(2024, 9, 9)\n\ntests/test_dates.py:7: AssertionError\n=========================== short test summary info ============================\nFAILED tests/test_dates.py::test_week_start - AssertionError\n============================== 1 failed in 0.04s ==============================="
    fail2 = fail.replace("2024, 9, 16) ==", "2024, 9, 15) ==")
    s.call(
        "",
        "Read",
        {"file_path": "/repo/src/dates.py"},
        "     1→from datetime import date, timedelta\n     2→\n     3→\n     4→def week_start(d: date) -> date:\n     5→    return d - timedelta(days=d.weekday() - 7)\n",
    )
    a = {
        "file_path": "/repo/src/dates.py",
        "old_string": "d.weekday() - 7",
        "new_string": "(d.weekday() + 1) % 7",
    }
    b = {
        "file_path": "/repo/src/dates.py",
        "old_string": "(d.weekday() + 1) % 7",
        "new_string": "d.weekday() - 7",
    }
    run = {"command": "python -m pytest tests/test_dates.py -q", "description": "Run the failing test"}
    steps = []
    texts = [
        "The offset looks wrong; weeks should start on Sunday.",
        "",
        "Still failing. Let me revert to the original expression and reconsider.",
        "",
        "Let me apply the Sunday-based fix again.",
        "",
        "Reverting.",
        "",
        "Sunday fix again.",
    ]
    seq = [
        ("Edit", a, "The file /repo/src/dates.py has been updated."),
        ("Bash", run, fail2),
        ("Edit", b, "The file /repo/src/dates.py has been updated."),
        ("Bash", run, fail),
    ] * 2 + [("Edit", a, "The file /repo/src/dates.py has been updated.")]
    for t, (name, args, out) in zip(texts, seq, strict=True):
        steps.append(s.call(t, name, args, out, name == "Bash"))
    s.say(
        "I'm going back and forth on this; the test expects Monday-based weeks but the date in the test is a Sunday."
    )
    onset = steps[8]
    return scenario(
        "blind4-loop-alternation-edit-revert-0",
        "Coding CLI flips one expression back and forth between two versions, running the same failing test after each flip (the write/replace ping-pong users report).",
        s,
        loop=True,
        kinds=["alternation"],
        onset=onset,
        notes=f"Period-4 cycle: Edit to version A, test fails (16 vs 9 -> 15 vs 9), Edit back to version B, test fails with the original message, repeated with identical arguments and results. Unlike edit-test progress, the edits undo each other. Convention: third visit to the same state; the third application of edit A is step {onset}.",
    )


def cycle_sql_three() -> dict[str, Any]:
    s = Session("blind4-loop-sql-cycle", "openai")
    s.user("Which warehouse had the most late shipments last quarter?")
    lt = js({"tables": ["shipments", "warehouses", "carriers", "sla_targets"]})
    desc = js(
        {
            "table": "shipments",
            "columns": [
                {"name": "id", "type": "bigint"},
                {"name": "warehouse_id", "type": "int"},
                {"name": "promised_at", "type": "timestamptz"},
                {"name": "delivered_at", "type": "timestamptz"},
                {"name": "carrier_id", "type": "int"},
            ],
        }
    )
    q = "SELECT w.name, count(*) FROM shipments s JOIN warehouses w ON w.id = s.warehouse_id WHERE s.delivered_at > s.promised_at AND s.shipped_at >= date_trunc('quarter', now()) - interval '3 months' GROUP BY 1 ORDER BY 2 DESC LIMIT 1"
    err = "ERROR:  column s.shipped_at does not exist\nLINE 1: ...ND s.shipped_at >= date_trunc('quarter', now()) - interval...\n                                                ^"
    steps = []
    texts = [
        "Let me see the tables.",
        "Describing shipments.",
        "Running the query.",
        "Let me re-check the available tables.",
        "And the shipments schema.",
        "Running the query.",
        "Re-listing the tables to be sure.",
        "Describing shipments again.",
        "Query again.",
    ]
    for i, t in enumerate(texts):
        k = i % 3
        if k == 0:
            steps.append(s.call(t, "list_tables", {"schema": "logistics"}, lt))
        elif k == 1:
            steps.append(s.call(t, "describe_table", {"table": "shipments"}, desc))
        else:
            steps.append(s.call(t, "run_query", {"sql": q}, err, True))
    s.say("I keep hitting a schema issue with the shipments table.")
    onset = steps[6]
    return scenario(
        "blind4-loop-cycle-list-describe-query-0",
        "SQL agent cycles list_tables -> describe_table -> run_query three times; the query uses a column the description shows does not exist, and nothing changes between rounds.",
        s,
        loop=True,
        kinds=["alternation", "error_streak"],
        onset=onset,
        notes=f"A period-3 cycle with identical arguments and identical results in every round (the query fails on s.shipped_at each time). Convention: the third visit to the same state; list_tables is issued for the third time at step {onset}.",
    )


def cycle_research_three() -> dict[str, Any]:
    s = Session("blind4-loop-research-cycle", "fc")
    s.user("Find the opening hours of the Musée Carnavalet on Mondays.")
    search = "1. Musée Carnavalet – Histoire de Paris — https://www.carnavalet.paris.fr/en\n   Free permanent collections. Plan your visit...\n2. Carnavalet Museum - Paris je t'aime — https://parisjetaime.com/eng/culture/musee-carnavalet-p1234\n   Opening times, access and prices..."
    visit = "Musée Carnavalet – Histoire de Paris\n\nVisit | Collections | Exhibitions | Agenda\n\n[Cookie banner] We use cookies... Accept / Refuse\n\nPlan your visit →"
    find = "No matches for 'Monday' (0 results)."
    steps = []
    for r in range(3):
        steps.append(
            s.call(
                "Searching for the hours." if r == 0 else "Let me search again.",
                "web_search",
                {"query": "Musée Carnavalet opening hours Monday"},
                search,
            )
        )
        steps.append(s.call("", "visit_page", {"url": "https://www.carnavalet.paris.fr/en"}, visit))
        steps.append(s.call("", "find_in_page", {"pattern": "Monday"}, find))
    s.say("I couldn't find Monday hours on the museum's homepage.")
    onset = steps[6]
    return scenario(
        "blind4-loop-cycle-search-visit-find-0",
        "Web agent runs search -> visit homepage -> find 'Monday' three times with identical calls and results, never opening 'Plan your visit'.",
        s,
        loop=True,
        kinds=["alternation", "identical_call"],
        onset=onset,
        notes=f"Three identical rounds of a three-call cycle; each round returns exactly the same content. The third visit to the first state (the search) is step {onset}.",
    )


def degenerate_apology() -> dict[str, Any]:
    s = Session("blind4-loop-degenerate-apology", "openai")
    s.user("Convert 3.5 cups of flour to grams.")
    s.say("3.5 cups of all-purpose flour is about 420 grams (at 120 g per cup).")
    s.user("That's wrong, my recipe says 125 g per cup.")
    unit = "I apologize for the confusion. You are right, "
    text = (
        "I apologize for the confusion. With 125 g per cup, 3.5 cups is 437.5 grams. "
        + (unit + "I apologize for the confusion. ") * 40
        + unit
    )
    st = s.say(text)
    return scenario(
        "blind4-loop-degenerate-apology-0",
        "After a correction the model's reply collapses into 'I apologize for the confusion. You are right,' repeated forty times.",
        s,
        loop=True,
        kinds=["degenerate_text"],
        onset=st,
        notes=f"One response, step {st}, starts with the right answer (437.5 g) and then repeats the same apology phrase ~80 times; a text guard should cut it at step {st}.",
    )


def degenerate_chinese() -> dict[str, Any]:
    s = Session("blind4-loop-degenerate-zh", "anthropic")
    s.user("请总结一下这份会议纪要的要点。")
    s.call(
        "",
        "read_document",
        {"doc_id": "meeting-2024-07-02"},
        "会议纪要 2024-07-02\n1. 第三季度预算已批准，总额 120 万元。\n2. 新版本发布推迟到 8 月 15 日，原因是支付模块测试未完成。\n3. 招聘两名后端工程师，8 月底前完成。\n4. 下次会议时间：7 月 16 日。",
    )
    body = (
        "要点如下：\n1. 第三季度预算已批准（120 万元）。\n2. 新版本推迟至 8 月 15 日发布。\n3. "
        + "新版本推迟至 8 月 15 日发布，原因是支付模块测试未完成。" * 30
    )
    st = s.say(body)
    return scenario(
        "blind4-loop-degenerate-chinese-summary-0",
        "Chinese meeting summary whose third bullet collapses into one sentence repeated thirty times.",
        s,
        loop=True,
        kinds=["degenerate_text"],
        onset=st,
        notes=f"The reply at step {st} starts as a normal summary, then repeats '新版本推迟至 8 月 15 日发布，原因是支付模块测试未完成。' thirty times; this is a single degenerate response (no spaces: word-based checks must still see it).",
    )


def page_one_variants() -> dict[str, Any]:
    s = Session("blind4-loop-page-one", "uuid")
    s.user("List all open invoices older than 60 days for customer Brightwave Ltd.")
    s.call(
        "",
        "find_customer",
        {"name": "Brightwave Ltd"},
        js({"customer_id": "cus_88310", "name": "Brightwave Ltd"}),
    )
    page = js(
        {
            "data": [
                {"id": f"in_{n}", "status": "open", "due_date": d, "amount_due": a}
                for n, d, a in [
                    ("5521", "2024-03-02", 1200.0),
                    ("5604", "2024-03-30", 860.5),
                    ("5688", "2024-04-12", 2310.0),
                ]
            ],
            "page": 1,
            "per_page": 3,
            "has_more": True,
            "next_page": 2,
        }
    )
    variants = [
        {"customer": "cus_88310", "status": "open", "page": 1, "per_page": 3},
        {"customer": "cus_88310", "status": "Open", "page": 1, "per_page": 3},
        {"customer": "cus_88310", "status": "open", "page": "1", "per_page": 3},
        {"customer": "cus_88310", "status": "open ", "page": 1, "per_page": 3, "order": "due_date"},
        {"customer": " cus_88310", "status": "open", "page": 1, "per_page": 3},
        {"customer": "cus_88310", "status": "OPEN", "page": 1, "per_page": 3},
    ]
    texts = [
        "Fetching open invoices.",
        "Let me get more of them.",
        "Fetching the rest.",
        "Let me sort by due date to see the older ones.",
        "Continuing the listing.",
        "Getting remaining invoices.",
    ]
    steps = []
    for t, v in zip(texts, variants, strict=True):
        steps.append(s.call(t, "list_invoices", v, page))
    s.say("Brightwave Ltd has at least three open invoices older than 60 days: in_5521, in_5604 and in_5688.")
    onset = steps[3]
    return scenario(
        "blind4-loop-same-tool-page-one-variants-0",
        "Billing agent 'continues' a listing six times but always requests page 1 (case, type and whitespace variants of the same filter); has_more/next_page=2 is ignored.",
        s,
        loop=True,
        kinds=["same_tool"],
        onset=onset,
        notes=f"Six list_invoices calls differ only trivially (status 'open'/'Open'/'OPEN'/'open ', page 1 vs '1', a sort key) and return the same first page; the next_page=2 hint is never used. Onset at the 4th call, step {onset}.",
    )


def email_case_variants() -> dict[str, Any]:
    s = Session("blind4-loop-email-case", "gemini")
    s.say("Hello! Mobile Plus support here.")
    s.user("Please cancel my add-on data pack. My account email is Jane.Doe@Mail.example")
    variants = [
        "Jane.Doe@Mail.example",
        "jane.doe@mail.example",
        "JANE.DOE@MAIL.EXAMPLE",
        " jane.doe@mail.example ",
        "jane.doe@mail.example\n",
        "Jane.Doe@mail.example",
    ]
    steps = []
    for i, v in enumerate(variants):
        steps.append(
            s.call(
                "" if i else "Let me find your account.",
                "lookup_customer",
                {"email": v},
                js({"matches": [], "message": "No customer found for the given email"}),
            )
        )
    s.say("I can't find an account under that email. Could you give me your phone number instead?")
    onset = steps[3]
    return scenario(
        "blind4-loop-same-tool-email-case-variants-0",
        "Support agent retries a customer lookup six times with case and whitespace variants of one email; no customer is ever found.",
        s,
        loop=True,
        kinds=["same_tool"],
        onset=onset,
        notes=f"lookup_customer is called with the same email in different case/whitespace six times, always 'No customer found'; asking for another identifier was the move. Onset at the 4th lookup, step {onset}.",
    )


def identical_finished_job() -> dict[str, Any]:
    s = Session("blind4-loop-finished-job", "openai")
    s.user("Kick off the nightly ETL for the EU region and tell me when it's done.")
    s.call(
        "",
        "trigger_job",
        {"job": "nightly_etl", "params": {"region": "eu"}},
        js({"run_id": "run_7781", "status": "queued"}),
    )
    s.call(
        "",
        "get_job_status",
        {"run_id": "run_7781"},
        js({"run_id": "run_7781", "status": "running", "progress": 0.35}),
    )
    s.call(
        "",
        "get_job_status",
        {"run_id": "run_7781"},
        js({"run_id": "run_7781", "status": "running", "progress": 0.8}),
    )
    failed = js(
        {
            "run_id": "run_7781",
            "status": "failed",
            "progress": 0.92,
            "error": "S3 AccessDenied: s3://etl-eu-staging/tmp/part-0041.parquet",
            "finished_at": "2024-07-09T02:41:17Z",
        }
    )
    steps = []
    for i in range(6):
        steps.append(
            s.call(
                ["", "The job failed. Let me check the status again.", "", "Checking again.", "", ""][i],
                "get_job_status",
                {"run_id": "run_7781"},
                failed,
            )
        )
    s.say("The ETL run failed at 92% with an S3 AccessDenied error on the staging bucket.")
    onset = steps[2]
    return scenario(
        "blind4-loop-identical-finished-job-status-0",
        "Agent keeps polling a job that has already failed; six identical status calls return the same terminal 'failed' payload.",
        s,
        loop=True,
        kinds=["identical_call"],
        onset=onset,
        notes=f"The first two polls (running 0.35, 0.8) are legitimate. Once status is terminal ('failed' with finished_at), further identical polls cannot change anything; the third identical terminal result, step {onset}, is the onset.",
    )


def long_session_late_reread() -> dict[str, Any]:
    s = Session("blind4-loop-late-reread", "anthropic")
    s.user(
        "Add input validation to the signup endpoint (email format, password >= 12 chars) and tests for it."
    )
    files = [
        "src/api/signup.ts",
        "src/api/login.ts",
        "src/lib/validate.ts",
        "src/lib/errors.ts",
        "test/api/signup.test.ts",
        "package.json",
    ]
    for f in files:
        s.call(
            "",
            "Read",
            {"file_path": f"/app/{f}"},
            f"     1→// {f}\n     2→import {{ Router }} from 'express';\n     3→// ... {len(f) * 7} lines ...\n",
        )
    s.call(
        "",
        "Edit",
        {
            "file_path": "/app/src/lib/validate.ts",
            "old_string": "export {};",
            "new_string": "export function isEmail(s: string): boolean {\n  return /^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/.test(s);\n}\n\nexport function strongEnough(p: string): boolean {\n  return p.length >= 12;\n}",
        },
        "The file /app/src/lib/validate.ts has been updated.",
    )
    s.call(
        "",
        "Edit",
        {
            "file_path": "/app/src/api/signup.ts",
            "old_string": "const { email, password } = req.body;",
            "new_string": "const { email, password } = req.body;\n  if (!isEmail(email)) return res.status(400).json({ error: 'invalid_email' });\n  if (!strongEnough(password)) return res.status(400).json({ error: 'weak_password' });",
        },
        "The file /app/src/api/signup.ts has been updated.",
    )
    s.call(
        "",
        "Edit",
        {
            "file_path": "/app/src/api/signup.ts",
            "old_string": "import { Router } from 'express';",
            "new_string": "import { Router } from 'express';\nimport { isEmail, strongEnough } from '../lib/validate';",
        },
        "The file /app/src/api/signup.ts has been updated.",
    )
    for name in ["rejects malformed email", "rejects short password", "accepts valid input"]:
        s.call(
            "",
            "Edit",
            {
                "file_path": "/app/test/api/signup.test.ts",
                "old_string": "});\n",
                "new_string": f"  it('{name}', async () => {{ /* ... */ }});\n}});\n",
            },
            "The file /app/test/api/signup.test.ts has been updated.",
        )
    s.call(
        "",
        "Bash",
        {"command": "npx jest test/api/signup.test.ts"},
        "FAIL test/api/signup.test.ts\n  ● signup › accepts valid input\n    expected 201, received 400\n    { error: 'weak_password' }\n\nTests: 1 failed, 4 passed, 5 total",
    )
    s.call(
        "The fixture password is 11 chars. Updating it.",
        "Edit",
        {
            "file_path": "/app/test/api/signup.test.ts",
            "old_string": "password: 'hunter2hunt'",
            "new_string": "password: 'correct-horse-battery'",
        },
        "The file /app/test/api/signup.test.ts has been updated.",
    )
    s.call(
        "",
        "Bash",
        {"command": "npx jest test/api/signup.test.ts"},
        "PASS test/api/signup.test.ts\n  signup\n    ✓ rejects malformed email (12 ms)\n    ✓ rejects short password (4 ms)\n    ✓ accepts valid input (9 ms)\n\nTests: 5 passed, 5 total",
    )
    s.call(
        "Now the whole suite.",
        "Bash",
        {"command": "npx jest"},
        "Test Suites: 1 failed, 11 passed, 12 total\nTests: 1 failed, 87 passed, 88 total\n  ● login › rejects unknown user\n    TypeError: Cannot read properties of undefined (reading 'status')\n      at src/api/login.ts:27:14",
    )
    login = "    20→router.post('/login', async (req, res) => {\n    21→  const { email, password } = req.body;\n    22→  const user = await users.byEmail(email);\n    ...\n    27→  return res.status(401).json({ error: 'invalid_credentials' });\n"
    errors = "     1→export class HttpError extends Error {\n     2→  constructor(public status: number, msg: string) { super(msg); }\n     3→}\n"
    steps = []
    for r in range(4):
        steps.append(
            s.call(
                "Let me look at login.ts around line 27." if r == 0 else "",
                "Read",
                {"file_path": "/app/src/api/login.ts", "offset": 20, "limit": 10},
                login,
            )
        )
        steps.append(
            s.call(
                "And the error helper." if r == 0 else "",
                "Read",
                {"file_path": "/app/src/lib/errors.ts"},
                errors,
            )
        )
    s.say("The login failure seems unrelated to my change; it's a pre-existing issue in login.ts.")
    onset = steps[4]
    return scenario(
        "blind4-loop-late-alternating-reads-0",
        "A productive 20-step coding session (reads, edits, test fix) that ends in a ping-pong between re-reading the same two file regions four times each.",
        s,
        loop=True,
        kinds=["alternation", "identical_call"],
        onset=onset,
        notes=f"Steps 1-{steps[0] - 1} are healthy work. Then Read login.ts[20:30] and Read errors.ts alternate with identical arguments and identical content. Convention: the third visit to the same state; login.ts is read for the third time at step {onset}.",
    )


def identical_availability_narrated() -> dict[str, Any]:
    s = Session("blind4-loop-availability", "counter")
    s.user("Can you get me a table for 4 at Osteria Lupa tonight at 8?")
    none = js({"restaurant_id": "r_osteria_lupa", "date": "2024-11-22", "party_size": 4, "slots": []})
    steps = []
    texts = [
        "Let me check availability for tonight.",
        "Nothing at the moment. Let me check again — sometimes tables open up.",
        "Let me check once more.",
        "I'll check availability again.",
        "Checking again in case of a cancellation.",
    ]
    for t in texts:
        steps.append(
            s.call(
                t,
                "check_availability",
                {"restaurant_id": "r_osteria_lupa", "date": "2024-11-22", "time": "20:00", "party_size": 4},
                none,
            )
        )
    s.say("Osteria Lupa has no tables for 4 tonight. Would you like me to try another time or restaurant?")
    onset = steps[2]
    return scenario(
        "blind4-loop-identical-availability-narrated-0",
        "Booking assistant re-checks identical availability five times in immediate succession ('tables might open up'); every answer is an empty slot list.",
        s,
        loop=True,
        kinds=["identical_call", "narration"],
        onset=onset,
        notes=f"Same call, same empty result, no time passing between checks and no user input. The third identical check, step {onset}, is the onset.",
    )
