"""Loops: degenerate text (a reply, a narration next to a call, or a tool argument collapsing into
repetition) and mixtures of kinds."""

from __future__ import annotations

from blind6gen.builder import JSON, Trace, js


def returns_summary_collapse_ja() -> JSON:
    t = Trace(
        "blind6-loop-returns-summary-collapse-ja",
        "Japanese-speaking e-commerce agent: processes three returns correctly, then its final summary "
        "collapses into one sentence repeated dozens of times.",
        ids="gemini",
        meta={"agent_style": "e-commerce back-office agent", "language": "ja"},
    )
    t.user("今日届いた返品3件を処理して、返金まで済ませてください。終わったら要約をお願いします。")
    t.call(
        "returns_list",
        {"status": "received", "date": "2025-07-08"},
        js(
            {
                "returns": [
                    {
                        "rma": "RMA-7731",
                        "order": "JP-54110",
                        "item": "ワイヤレスイヤホン",
                        "amount_jpy": 4980,
                    },
                    {"rma": "RMA-7732", "order": "JP-54187", "item": "USB-Cケーブル 2m", "amount_jpy": 1280},
                    {
                        "rma": "RMA-7735",
                        "order": "JP-54302",
                        "item": "モバイルバッテリー",
                        "amount_jpy": 3650,
                    },
                ]
            },
            indent=2,
        ),
        text="本日受領した返品を確認します。",
    )
    for rma, amount in [("RMA-7731", 4980), ("RMA-7732", 1280), ("RMA-7735", 3650)]:
        t.call(
            "returns_inspect",
            {"rma": rma},
            js({"rma": rma, "condition": "resellable", "notes": "外箱あり"}),
            text=f"{rma} の検品結果を確認します。",
        )
        t.call(
            "refunds_issue",
            {"rma": rma, "amount_jpy": amount, "method": "original_payment"},
            js({"refund_id": f"rf_{rma[-4:]}", "status": "succeeded"}),
            text="",
        )
    head = (
        "返品3件の処理が完了しました。\n\n1. RMA-7731（ワイヤレスイヤホン）: 再販可、¥4,980 を返金済み\n2. "
        "RMA-7732（USB-Cケーブル 2m）: 再販可、¥1,280 を返金済み\n3. RMA-7735（モバイルバッテリー）: "
        "再販可、¥3,650 を返金済み\n\n"
    )
    collapsed = head + "返金処理が完了しました。" * 86
    onset = t.say(collapsed)
    return t.loop(
        ["degenerate_text"],
        onset,
        f"Steps 1-{onset - 1} process the three returns correctly. The final summary at step {onset} "
        "starts well and then collapses into '返金処理が完了しました。' repeated 86 times: a degenerate "
        f"reply. Onset: the collapsing step, step {onset}.",
    )


def write_file_degenerate_argument() -> JSON:
    t = Trace(
        "blind6-loop-cursor-write-degenerate-docstring",
        "Cursor-style coding agent: the content argument of a file write collapses into one docstring "
        "sentence repeated ~120 times; the file no longer parses and the agent writes the same thing again.",
        ids="openai",
        meta={"agent_style": "Cursor-like IDE agent"},
    )
    t.user(
        "Add a normalize_header(value: str) -> str helper in mailparse/normalize.py that unfolds folded "
        "header lines, with tests."
    )
    t.call(
        "codebase_search",
        {"query": "unfold folded header whitespace", "target_directories": ["mailparse"]},
        (
            "mailparse/headers.py:12-30\n    def _unfold(raw: bytes) -> bytes:\n        return "
            "re.sub(rb'\\r\\n[ \\t]+', b' ', raw)\n"
        ),
        text="Checking for existing helpers first.",
    )
    t.call(
        "read_file",
        {
            "target_file": "mailparse/headers.py",
            "start_line_one_indexed": 1,
            "end_line_one_indexed_inclusive": 40,
        },
        (
            "import re\n\n\nclass Header:\n    ...\n\n\ndef _unfold(raw: bytes) -> bytes:\n    return "
            "re.sub(rb'\\r\\n[ \\t]+', b' ', raw)\n"
        ),
        text="",
    )
    sentence = "Unfold the header value by replacing each CRLF followed by whitespace with a single space.\n"
    bad = '"""Header normalisation helpers.\n\n' + sentence * 118
    first = t.call(
        "edit_file",
        {
            "target_file": "mailparse/normalize.py",
            "instructions": "Create the normalize module with normalize_header.",
            "code_edit": bad,
        },
        (
            "The apply model made the following changes to the file:\n+ 120 lines (new file "
            "mailparse/normalize.py)"
        ),
        text="Creating the module.",
    )
    t.call(
        "run_terminal_cmd",
        {"command": "python -m pytest -q tests/test_normalize.py", "is_background": False},
        (
            "ImportError while importing test module 'tests/test_normalize.py'.\n  File "
            '"mailparse/normalize.py", line 1\n    """Header normalisation helpers.\n    ^\n'
            "SyntaxError: unterminated triple-quoted string literal (detected at line 120)\n"
        ),
        error=True,
        text="Running the tests.",
    )
    again = t.call(
        "edit_file",
        {
            "target_file": "mailparse/normalize.py",
            "instructions": "Rewrite the module, closing the docstring.",
            "code_edit": bad + sentence * 4,
        },
        (
            "The apply model made the following changes to the file:\n~ 124 lines changed in "
            "mailparse/normalize.py"
        ),
        text="The docstring is unterminated; rewriting the file.",
    )
    return t.loop(
        ["degenerate_text"],
        first,
        f"At step {first} the code_edit argument collapses: after the module docstring's first line, one "
        f"sentence is repeated 118 times and no code follows, so the file does not parse. At step {again} "
        "the agent writes the same collapse again. Degenerate text inside a tool argument: onset at step "
        f"{first}.",
    )


def litreview_narration_stutter() -> JSON:
    t = Trace(
        "blind6-loop-arxiv-narration-stutter",
        "Literature agent: while comparing arXiv abstracts, the narration attached to a tool call "
        "collapses into a repeated clause; the call itself still goes out.",
        ids="anthropic",
        meta={"agent_style": "scientific-literature agent (arXiv tools)"},
    )
    t.user(
        "Compare the three most cited 2024 papers on speculative decoding: speedups claimed and acceptance "
        "rates."
    )
    t.call(
        "arxiv_search",
        {
            "query": "speculative decoding large language models",
            "date_from": "2024-01-01",
            "sort": "citations",
            "max_results": 10,
        },
        js(
            {
                "entries": [
                    {
                        "id": "2401.10774",
                        "title": (
                            "Medusa: Simple LLM Inference Acceleration Framework with Multiple Decoding Heads"
                        ),
                    },
                    {
                        "id": "2401.15077",
                        "title": "EAGLE: Speculative Sampling Requires Rethinking Feature Uncertainty",
                    },
                    {
                        "id": "2402.02057",
                        "title": "Break the Sequential Dependency of LLM Inference Using Lookahead Decoding",
                    },
                ]
            },
            indent=2,
        ),
        text="Searching arXiv.",
    )
    t.call(
        "arxiv_get_abstract",
        {"id": "2401.10774"},
        (
            "Medusa adds extra decoding heads to predict multiple subsequent tokens in parallel ... "
            "achieving over 2.2x speedup without compromising generation quality, Medusa-2 further "
            "improves the speedup to 2.3-3.6x."
        ),
        text="Reading Medusa's abstract.",
    )
    t.call(
        "arxiv_get_abstract",
        {"id": "2401.15077"},
        (
            "EAGLE ... performs autoregression at the feature level ... achieves a latency speedup ratio "
            "of 2.7x-3.5x on LLaMA2-Chat 70B, doubling throughput, while maintaining the distribution of "
            "the generated text."
        ),
        text="Now EAGLE.",
    )
    stutter = (
        "Medusa claims 2.2-3.6x and EAGLE 2.7-3.5x. Next I'll read the Lookahead Decoding abstract "
        + "to compare it with the previous ones " * 64
        + "before writing the table."
    )
    onset = t.call(
        "arxiv_get_abstract",
        {"id": "2402.02057"},
        (
            "Lookahead decoding ... an exact, parallel decoding algorithm ... speeds up autoregressive "
            "decoding by up to 1.8x on MT-bench and up to 4x with strong scaling on multiple GPUs in code "
            "completion tasks."
        ),
        text=stutter,
    )
    t.say(
        "| Paper | Claimed speedup | Acceptance / notes |\n|---|---|---|\n| Medusa (2401.10774) | 2.2x; "
        "Medusa-2 2.3-3.6x | tree attention over head candidates |\n| EAGLE (2401.15077) | 2.7-3.5x "
        "(LLaMA2-Chat 70B) | feature-level drafting, output distribution preserved |\n| Lookahead "
        "(2402.02057) | up to 1.8x (MT-bench), 4x multi-GPU code | exact, no draft model |\n\nAcceptance "
        "rates are not stated in the abstracts; I can pull them from the papers' tables if you want."
    )
    return t.loop(
        ["degenerate_text"],
        onset,
        f"The narration of the step that fetches the third abstract (step {onset}) collapses into 'to "
        "compare it with the previous ones' repeated 64 times, though its call is sensible and the agent "
        "recovers afterwards. A single response that degenerates is what a text guard should catch: onset "
        f"step {onset}.",
    )


def reconcile_restated_intent() -> JSON:
    t = Trace(
        "blind6-loop-reconcile-restated-intent-same-feed",
        "Accounting agent: restates that it will reconcile the invoice by checking the bank feed, and "
        "pulls the same feed with the same arguments each time; nothing new arrives.",
        ids="bedrock",
        meta={"agent_style": "finance/accounting agent (ledger, bank feed)"},
    )
    t.user(
        "Reconcile December for the operating account: match every open customer invoice to its bank "
        "receipt and tell me what is left."
    )
    invoices = [
        ("INV-2270", "Baumann OHG", 1840.0, "RE 2270", "2024-12-02"),
        ("INV-2281", "Lorenz KG", 2210.0, "RE 2281", "2024-12-12"),
        ("INV-2288", "Hartmann", 960.0, "2288", "2024-12-23"),
        ("INV-2275", "Vogel & Co", 3120.5, "RE2275", "2024-12-04"),
        ("INV-2279", "Brandt AG", 12400.0, "Rechnung 2279", "2024-12-10"),
        ("INV-2284", "Schulte GmbH", 615.0, "INV-2284", "2024-12-16"),
        ("INV-2286", "Kraus Logistik", 4890.0, "RG 2286 Kraus", "2024-12-19"),
    ]
    t.call(
        "ledger_open_invoices",
        {"period": "2024-12", "type": "receivable"},
        js(
            {
                "open": [{"number": n, "customer": c, "amount": a} for n, c, a, _, _ in invoices]
                + [{"number": "INV-2291", "customer": "Kessler GmbH", "amount": 7350.0}]
            },
            indent=2,
        ),
        text="Listing open receivables for December.",
    )
    for number, customer, amount, ref, day in invoices:
        tx = f"tx_{day.replace('-', '')}_{int(amount) % 997:03d}"
        t.call(
            "bank_feed_search",
            {"account": "DE44500105175407324931", "amount": amount, "date_from": "2024-12-01"},
            js(
                {
                    "matches": [
                        {"id": tx, "date": day, "amount": amount, "remitter": customer.upper(), "ref": ref}
                    ]
                }
            ),
            text=f"Looking for {number} ({customer}, EUR {amount:,.2f}).",
        )
        t.call(
            "ledger_match",
            {"invoice": number, "bank_tx": tx},
            js({"ok": True, "invoice": number, "status": "paid"}),
            text="",
        )
    t.call(
        "bank_feed_search",
        {"account": "DE44500105175407324931", "amount": 7350.0, "date_from": "2024-12-01"},
        js({"matches": []}),
        text="Seven matched. Now INV-2291 (Kessler GmbH, EUR 7,350.00).",
    )
    feed = js(
        {
            "account": "DE44 5001 0517 5407 3249 31",
            "transactions": [
                {"date": "2024-12-02", "amount": 1840.0, "remitter": "Baumann OHG", "ref": "RE 2270"},
                {"date": "2024-12-05", "amount": -912.4, "remitter": "Telekom", "ref": "Kd 55102"},
                {"date": "2024-12-09", "amount": 7530.0, "remitter": "KESSLER GMBH", "ref": "INV 2219"},
                {"date": "2024-12-12", "amount": 2210.0, "remitter": "Lorenz KG", "ref": "RE 2281"},
                {"date": "2024-12-18", "amount": -4100.0, "remitter": "Finanzamt", "ref": "USt 11/24"},
                {"date": "2024-12-23", "amount": 960.0, "remitter": "Hartmann", "ref": "2288"},
            ],
        },
        indent=2,
    )
    args = {"account": "DE44500105175407324931", "since": "2024-12-01", "until": "2024-12-31"}
    lines = [
        "I will now reconcile INV-2291 by checking the bank feed for the matching credit of EUR 7,350.00.",
        "I will reconcile INV-2291 now by checking the bank feed for the EUR 7,350.00 credit.",
        "Now I will reconcile INV-2291: checking the bank feed for a matching EUR 7,350.00 credit.",
        "I will now check the bank feed again to reconcile INV-2291 against a EUR 7,350.00 credit.",
        "Reconciling INV-2291 now by checking the bank feed for the matching EUR 7,350.00 credit.",
        "I will now reconcile INV-2291 by checking the bank feed for the credit of EUR 7,350.00.",
        "I'll reconcile INV-2291 by checking the bank feed for the EUR 7,350.00 payment now.",
    ]
    steps = [t.call("bank_feed_list", args, feed, text=line) for line in lines]
    identical = steps[2]
    narration = steps[3]
    onset = min(identical, narration)
    return t.loop(
        ["narration", "identical_call"],
        onset,
        f"Steps 1-{steps[0] - 1} match seven invoices one by one and find no exact EUR 7,350.00 receipt "
        f"for INV-2291. From step {steps[0]} every message restates the same intent and pulls the same "
        "December feed with identical arguments; the Kessler credit of EUR 7,530.00 referencing 'INV "
        "2219' (a transposition) is there from the first pull but is never examined. The 3rd identical "
        f"call (step {identical}) comes before the 4th restatement (step {narration}), so the onset is "
        f"step {onset}.",
    )


def password_reset_errors_then_identical() -> JSON:
    t = Trace(
        "blind6-loop-ad-reset-denied-then-repeated",
        "Helpdesk agent: a password reset for a contractor is denied; it tries three spellings of the "
        "account, then repeats the first one unchanged, always 'Access is denied'.",
        ids="gemini",
        meta={"agent_style": "IT helpdesk agent (Active Directory tools)"},
    )
    t.user(
        "Oskar Lindqvist (contractor) is locked out. Unlock him and set a temporary password he must change."
    )
    t.call(
        "ad_find_user",
        {"query": "Lindqvist", "attributes": ["sAMAccountName", "distinguishedName", "lockoutTime"]},
        js(
            [
                {
                    "sAMAccountName": "olindqvist",
                    "distinguishedName": "CN=Oskar Lindqvist,OU=Contractors,DC=contoso,DC=example",
                    "lockoutTime": "2025-03-12T07:41:09Z",
                }
            ]
        ),
        text="Finding the account.",
    )

    def denied(account: str) -> str:
        return (
            "Error: Set-ADAccountPassword : Access is denied\nAt line:1 char:1\n+ Set-ADAccountPassword "
            f"-Identity '{account}' -Reset ...\n    + CategoryInfo          : PermissionDenied: "
            "(olindqvist:ADAccount) [Set-ADAccountPassword], UnauthorizedAccessException\n    + "
            "FullyQualifiedErrorId : ActiveDirectoryCmdlet:System.UnauthorizedAccessException,Microsoft.Ac"
            "tiveDirectory.Management.Commands.SetADAccountPassword"
        )

    attempts = [
        ("olindqvist", "Resetting the password."),
        ("CONTOSO\\olindqvist", "Trying the down-level logon name."),
        ("olindqvist@contoso.example", "Trying the UPN."),
        ("olindqvist", "Back to the sAMAccountName."),
        ("olindqvist", "Retrying the reset."),
        ("olindqvist", "Retrying."),
        ("olindqvist", "Once more."),
    ]
    steps = [
        t.call(
            "ad_reset_password",
            {"identity": acct, "new_password": "<generated>", "must_change_at_logon": True, "unlock": True},
            denied(acct),
            error=True,
            text=text,
        )
        for acct, text in attempts
    ]
    fourth_failure = steps[3]
    third_identical = steps[4]
    onset = min(fourth_failure, third_identical)
    return t.loop(
        ["error_streak", "identical_call"],
        onset,
        f"The helpdesk account lacks reset rights on OU=Contractors. From step {steps[0]} every reset is "
        "'Access is denied': three spellings of the account, then the first call repeated unchanged four "
        f"times. The 4th failure of the same kind (step {fourth_failure}) comes before the 3rd identical "
        f"call (step {third_identical}); the onset is step {onset}. Escalating to an admin was the right "
        "move.",
    )


def cline_replace_write_alternation() -> JSON:
    t = Trace(
        "blind6-loop-cline-replace-write-rejected-alternation",
        "Cline-style agent: alternates between replace_in_file (SEARCH block never matches) and "
        "write_to_file (rejected for placeholder content), the same two rejections each time.",
        ids="anthropic",
        meta={"agent_style": "Cline-like VS Code agent"},
    )
    t.user("Add rate limiting (60 req/min per API key) to the /v1/export route in app/api/routes.py.")
    t.call(
        "read_file",
        {"path": "app/api/routes.py"},
        (
            'from fastapi import APIRouter, Depends\n...\n@router.get("/v1/export")\nasync def '
            'export(fmt: str = "csv", key: ApiKey = Depends(api_key)):\n\treturn await '
            "exporter.run(fmt, key)\n...\n(412 lines)"
        ),
        text="I'll read the routes file to see how the export route is defined.",
    )
    replace = {
        "path": "app/api/routes.py",
        "diff": (
            '<<<<<<< SEARCH\n@router.get("/v1/export")\nasync def export(fmt: str = "csv", key: ApiKey '
            "= Depends(api_key)):\n    return await exporter.run(fmt, key)\n=======\n"
            '@router.get("/v1/export", dependencies=[Depends(RateLimiter(times=60, seconds=60))])\n'
            'async def export(fmt: str = "csv", key: ApiKey = Depends(api_key)):\n    return await '
            "exporter.run(fmt, key)\n>>>>>>> REPLACE"
        ),
    }
    write = {
        "path": "app/api/routes.py",
        "content": (
            "from fastapi import APIRouter, Depends\nfrom fastapi_limiter.depends import RateLimiter\n\n"
            '# ... existing imports and routes unchanged ...\n\n@router.get("/v1/export", '
            "dependencies=[Depends(RateLimiter(times=60, seconds=60))])\nasync def export(fmt: str = "
            '"csv", key: ApiKey = Depends(api_key)):\n    return await exporter.run(fmt, key)\n\n# ... '
            "rest of file unchanged ...\n"
        ),
    }
    mismatch = (
        "The tool execution failed with the following error:\n<error>\nThe SEARCH block:\n"
        '@router.get("/v1/export")\n...\n'
        "...does not match anything in the file.\n\nThis is likely because the SEARCH block content "
        "doesn't match exactly "
        "with what's in the file, or if you used multiple SEARCH/REPLACE blocks they may not have "
        "been in the order they "
        "appear in the file.\n</error>"
    )
    refused = (
        "The tool execution failed with the following error:\n<error>\nwrite_to_file was rejected: the new "
        "content (11 lines) would replace a 412-line file and contains placeholder comments ('... rest of "
        "file unchanged ...'). Provide the complete file content or use replace_in_file.\n</error>"
    )
    steps: list[int] = []
    for i in range(4):
        steps.append(
            t.call(
                "replace_in_file",
                replace,
                mismatch,
                error=True,
                text="I'll add the limiter dependency to the route."
                if i == 0
                else "Let me try the targeted replacement again.",
            )
        )
        steps.append(
            t.call(
                "write_to_file",
                write,
                refused,
                error=True,
                text="The replacement didn't match; I'll write the file with the change instead."
                if i == 0
                else "I'll write the file instead.",
            )
        )
    onset = steps[3]
    return t.loop(
        ["alternation", "error_streak"],
        onset,
        f"From step {steps[0]} the agent alternates replace_in_file and write_to_file with the same "
        "arguments; the SEARCH block never matches (the file indents with a tab) and the write is refused "
        "for placeholder content, the same two errors each time. Both are rejected edits of one file, "
        f"counted as one kind: the 4th failure, step {onset}, comes before the 3rd visit to the first "
        f"state of the A/B cycle (step {steps[4]}), so the onset is step {onset}.",
    )


BUILDERS = [
    returns_summary_collapse_ja,
    write_file_degenerate_argument,
    litreview_narration_stutter,
    reconcile_restated_intent,
    password_reset_errors_then_identical,
    cline_replace_write_alternation,
]
