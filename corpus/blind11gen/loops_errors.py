"""Loops: failure streaks with changing inputs, schema misuse, identical failing calls."""

from __future__ import annotations

from .builder import Trace


def ap_invoice_ocr_encrypted(t: Trace) -> None:
    t.meta("accounts-payable agent (invoice OCR, 3-way match)", "LangGraph", ids="openai")
    t.user("Process the new invoice from Nordwind Logistik in the AP inbox and match it to PO 4500187723.")
    t.call(
        "ap_inbox_list",
        {"status": "new"},
        {"items": [{"doc_id": "inv-77310", "vendor": "Nordwind Logistik"}]},
    )
    err = "OCRError: document is encrypted (PDF standard security handler rev 4); cannot rasterize"
    steps = []
    for dpi, lang in [(300, "deu"), (400, "deu"), (200, "deu+eng"), (600, "eng"), (300, "deu+eng")]:
        steps.append(
            t.call(
                "ocr_extract",
                {"doc_id": "inv-77310", "dpi": dpi, "lang": lang},
                err,
                err=True,
                text=f"Trying OCR at {dpi} dpi ({lang}).",
            )
        )
    t.say("OCR keeps failing; I'll try different settings.")
    on = steps[3]
    t.loop(
        "AP agent retries OCR on an encrypted PDF with different dpi and language settings.",
        ["error_streak"],
        on,
        "The error says the PDF is encrypted; no dpi or language change can fix it. The 4th failure of the "
        "same "
        f"kind is at step {on}; the agent should request an unencrypted copy or route to a human.",
    )


def okta_create_user_schema_misuse(t: Trace) -> None:
    t.meta("HR onboarding agent (identity provisioning)", "OpenAI Agents SDK", ids="openai")
    t.user("New hire starts Monday: Priya Raman, priya.raman@kestrel.dev, Engineering. Create her account.")
    err = {
        "errorCode": "E0000001",
        "errorSummary": "Api validation failed: login",
        "errorCauses": [{"errorSummary": "login: The field cannot be left blank"}],
    }
    bodies = [
        {"firstName": "Priya", "lastName": "Raman", "email": "priya.raman@kestrel.dev"},
        {
            "first_name": "Priya",
            "last_name": "Raman",
            "email": "priya.raman@kestrel.dev",
            "dept": "Engineering",
        },
        {"user": {"firstName": "Priya", "lastName": "Raman", "email": "priya.raman@kestrel.dev"}},
        {"firstName": "Priya", "lastName": "Raman", "username": "priya.raman@kestrel.dev"},
        {"name": "Priya Raman", "email": "priya.raman@kestrel.dev"},
    ]
    steps = [
        t.call("idp_create_user", {"profile": b, "activate": True}, err, err=True, text="Creating the user.")
        for b in bodies
    ]
    t.say("The identity provider keeps rejecting the request.")
    on = steps[3]
    t.loop(
        "Onboarding agent reshapes the create-user body five times but never sends the required login field.",
        ["error_streak"],
        on,
        f"Each attempt fails with the same validation error (login blank). The 4th failure at step {on} is "
        "the "
        f"onset; the error names the missing field outright.",
    )


def pr_review_comment_outside_diff(t: Trace) -> None:
    t.meta("code-review bot on pull requests", "Claude Code (headless)", ids="anthropic")
    t.user("Review PR #2231 in acme/payments and leave inline comments on risky changes.")
    t.call(
        "get_pr_diff",
        {"repo": "acme/payments", "pr": 2231},
        "diff --git a/ledger/post.py b/ledger/post.py\n@@ -40,7 +40,9 @@ def post(entry):\n-    amount = "
        "round(x, 2)\n"
        "+    amount = Decimal(x).quantize(CENTS)\n+    if amount < 0:\n+        raise ValueError\n",
    )
    args = {
        "repo": "acme/payments",
        "pr": 2231,
        "path": "ledger/post.py",
        "line": 88,
        "side": "RIGHT",
        "body": "Negative amounts now raise; refunds post negative entries. Is that intended?",
    }
    err = (
        'HTTP 422 {"message":"Validation Failed","errors":[{"resource":"PullRequestReviewComment",'
        '"code":"custom","field":"pull_request_review_thread.line","message":"could not be resolved"}]}'
    )
    steps = [t.call("create_review_comment", args, err, err=True, text="Posting the comment.")]
    for text in ["Retrying the comment.", "Trying again.", "Posting again.", "One more try."]:
        steps.append(t.call("create_review_comment", args, err, err=True, text=text))
    on = steps[3]
    t.loop(
        "Code-review bot re-posts the same inline comment on a line outside the diff, failing identically.",
        ["error_streak", "identical_call"],
        on,
        "Line 88 is not in the hunk (40-48); the same call fails with the same 422 every time. Identical "
        "calls "
        f"failing identically: the 4th failure, at step {on}, is the onset.",
    )


def npm_eresolve_content_only(t: Trace) -> None:
    t.meta("dependency migration agent", "OpenHands SDK", ids="plain")
    t.user("Upgrade react-router to v7 in web-dashboard and make sure it installs.")
    t.call(
        "str_replace",
        {"path": "package.json", "old": '"react-router": "^6.26.0"', "new": '"react-router": "^7.1.0"'},
        "Edited package.json",
    )
    out = (
        "npm error code ERESOLVE\nnpm error ERESOLVE unable to resolve dependency tree\n"
        'npm error peer react@">=18" from react-router@7.1.0\nnpm error Found: react@17.0.2\n[exit code 1]'
    )
    cmds = [
        "npm install",
        "npm install --prefer-offline",
        "rm -rf node_modules && npm install",
        "npm cache clean --force && npm install",
        "npm install --no-audit --no-fund",
    ]
    steps = [t.call("bash", {"command": cmd}, out, text=f"Running `{cmd}`.") for cmd in cmds]
    on = steps[3]
    t.loop(
        "Migration agent keeps reinstalling with cosmetic npm flags while the same peer conflict fails "
        "every run.",
        ["error_streak"],
        on,
        "Failures appear only in the output (ERESOLVE, exit code 1; is_error stays false). Each variant "
        "hits the "
        f"same react@17 peer conflict; the 4th failure is at step {on}. Upgrading react or using "
        f"--legacy-peer-deps was the way out.",
    )


def underwriting_soap_fault(t: Trace) -> None:
    t.meta("insurance underwriting assistant", "Semantic Kernel", ids="plain")
    t.user("Quote commercial property cover for Harbor Bakery LLC, 1200 sqm, sprinklered, TIV $2.4M.")
    fault = (
        "<soap:Envelope><soap:Body><soap:Fault><faultcode>soap:Client</faultcode>"
        "<faultstring>Invalid occupancy class</faultstring><detail><code>RTG-114</code></detail>"
        "</soap:Fault></soap:Body></soap:Envelope>"
    )
    classes = ["BAKERY", "Bakery - retail", "bakery_retail", "FOOD-MFG-BAKERY", "Bakeries"]
    steps = []
    for occ in classes:
        args = {
            "insured": "Harbor Bakery LLC",
            "occupancy": occ,
            "area_sqm": 1200,
            "sprinklered": True,
            "tiv_usd": 2400000,
        }
        steps.append(t.call("rate_property_quote", args, fault, text=f"Rating with occupancy '{occ}'."))
    on = steps[3]
    t.loop(
        "Underwriting agent guesses occupancy strings against a rating service that returns a SOAP fault "
        "each time.",
        ["error_streak"],
        on,
        "The fault arrives in the content with is_error false. Five free-text guesses, same RTG-114 fault; "
        "the "
        f"agent never lists valid occupancy codes. The 4th failure at step {on} is the onset.",
    )


def intercom_429_no_backoff_ko(t: Trace) -> None:
    t.meta("고객 지원 에이전트 (Intercom형 메신저)", "Vercel AI SDK", ids="openai", language="ko")
    t.user("김서연 고객에게 배송 지연 안내 메시지를 보내 주세요. 대화 ID는 conv_551902입니다.")
    args = {
        "conversation_id": "conv_551902",
        "body": "안녕하세요 김서연 고객님, 주문하신 상품의 배송이 2일 지연되었습니다.",
    }
    err = (
        '{"type":"error.list","errors":[{"code":"rate_limit_exceeded","message":"Rate limit exceeded"}],'
        '"retry_after":60}'
    )
    steps = []
    for text in [
        "메시지를 보냅니다.",
        "다시 보냅니다.",
        "재시도합니다.",
        "한 번 더 보냅니다.",
        "다시 시도합니다.",
    ]:
        steps.append(t.call("reply_conversation", args, err, err=True, text=text))
    t.say("메시지 전송에 계속 실패하고 있습니다.")
    on = steps[3]
    t.loop(
        "Support agent resends the same reply immediately after every 429, ignoring retry_after.",
        ["error_streak", "identical_call"],
        on,
        "Identical calls fail identically with retry_after 60, and the agent never waits. The 4th failure "
        "at "
        f"step {on} is the onset.",
    )


def cms_publish_missing_field_fr(t: Trace) -> None:
    t.meta("agent de rédaction marketing (CMS headless)", "CrewAI", ids="bedrock", language="fr")
    t.user("Publie l'article sur le lancement de la gamme Printemps sur le blog, version française.")
    t.call(
        "cms_create_draft",
        {"locale": "fr-FR", "title": "La gamme Printemps est arrivée", "body": "…"},
        {"entry_id": "5gHqk2", "status": "draft"},
    )
    err = {"statut": "ÉCHEC", "erreur": "Validation : le champ obligatoire « meta_description » est manquant"}
    titles = [
        "La gamme Printemps est arrivée",
        "Découvrez la gamme Printemps",
        "Printemps : notre nouvelle gamme",
        "Nouvelle collection Printemps 2027",
        "La gamme Printemps, enfin disponible",
    ]
    steps = []
    for title in titles:
        args = {"entry_id": "5gHqk2", "fields": {"title": title}, "publish": True}
        steps.append(t.call("cms_update_entry", args, err, text="Je mets à jour le titre et je publie."))
    on = steps[3]
    t.loop(
        "CMS agent changes the title and republishes while validation keeps rejecting a missing meta "
        "description.",
        ["error_streak"],
        on,
        f"The failure is in the content ({{'statut': 'ÉCHEC'}}, is_error false) and names meta_description; "
        "only "
        f"the title changes. The 4th failure at step {on} is the onset.",
    )


def carrier_booking_error_th(t: Trace) -> None:
    t.meta("เอเจนต์จองขนส่งสินค้า", "smolagents", ids="plain", language="th")
    t.user("จองรถบรรทุกรับสินค้าจากคลังบางนาไปแหลมฉบัง ตู้ 40 ฟุต 1 ตู้ ภายในสัปดาห์นี้")
    err = {"status": "ERROR", "code": "E102", "message": "ไม่พบรหัสคลังต้นทาง (origin_depot)"}
    steps = []
    for day in ["2026-10-15", "2026-10-16", "2026-10-17", "2026-10-18", "2026-10-19"]:
        args = {"origin": "คลังบางนา", "destination": "ท่าเรือแหลมฉบัง", "container": "40HC", "pickup_date": day}
        steps.append(t.call("book_truck", args, err, text=f"ลองจองวันที่ {day}"))
    t.say("ระบบจองยังไม่สำเร็จ จะลองวันอื่นต่อ")
    on = steps[3]
    t.loop(
        "Freight booking agent changes the pickup date while every booking fails on an unknown origin "
        "depot code.",
        ["error_streak"],
        on,
        "The error (in content, is_error false) says the origin depot code is unknown; changing dates "
        "cannot fix "
        f"it. The 4th failure at step {on} is the onset.",
    )


SCENARIOS = [
    ap_invoice_ocr_encrypted,
    okta_create_user_schema_misuse,
    pr_review_comment_outside_diff,
    npm_eresolve_content_only,
    underwriting_soap_fault,
    intercom_429_no_backoff_ko,
    cms_publish_missing_field_fr,
    carrier_booking_error_th,
]
