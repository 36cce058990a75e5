"""Healthy: multi-turn sessions with similar questions, long varied sessions, a manager delegating
different subtasks with similar briefs, narration that repeats while every call brings something new, and
long repetitive tool output, tables, lists and code that are not degenerate."""

from __future__ import annotations

from typing import Any

from blind7gen.builder import Builder, Clock, Scenario, Trace, js, markdown, pretty


def exec_assistant_multiturn_days() -> Scenario:
    t = Trace(
        "blind7-healthy-exec-assistant-multiturn-similar-days",
        "Executive assistant answers five similar calendar questions in five user turns (Tuesday, Wednesday, "
        "Thursday, Friday, then Tuesday again when the user asks).",
        agent="Executive assistant (calendar tools)",
        model="gpt-4.1",
        ids="call",
    )
    days = {
        "2026-03-10": [
            ("09:00", "Vendor pitch – Lumen"),
            ("11:30", "Lunch w/ Min-seo"),
            ("15:00", "Dr. Park check-in"),
        ],
        "2026-03-11": [("08:30", "Board prep"), ("13:00", "1:1 Rafael"), ("16:00", "Hiring committee")],
        "2026-03-12": [("10:00", "Quarterly business review"), ("14:00", "Flight KE 905 ICN→FRA")],
        "2026-03-13": [],
    }
    questions = [
        ("What's on my calendar Tuesday?", "2026-03-10"),
        ("And Wednesday?", "2026-03-11"),
        ("Thursday?", "2026-03-12"),
        ("Friday?", "2026-03-13"),
        ("Sorry, what was Tuesday again? I need to tell my assistant.", "2026-03-10"),
    ]
    for q, d in questions:
        t.user(q)
        events = days[d]
        t.call(
            "calendar_list_events",
            {"calendar": "primary", "date": d, "timezone": "Asia/Seoul"},
            pretty({"date": d, "events": [{"start": s, "title": ti} for s, ti in events]}),
        )
        if events:
            t.say(f"{d}: " + "; ".join(f"{s} {ti}" for s, ti in events) + ".")
        else:
            t.say(f"{d}: nothing scheduled — you're in Frankfurt after Thursday's flight.")
    return t.healthy(
        "Five user turns with similar questions and the same call shape; the last turn repeats Tuesday's "
        "call "
        "exactly (identical result) because the user asked again. Each repetition answers a new user "
        "message; "
        "counts must not carry across turns."
    )


def long_devin_session() -> Scenario:
    t = Trace(
        "blind7-healthy-devin-long-feature-session",
        "Long Devin-style session (50 steps) implementing webhook signing end to end: exploration, code, "
        "migration, tests with failures and fixes, docs, PR, CI polling and a review round.",
        agent="Devin-style autonomous coding agent (shell, editor, browser, GitHub)",
        model="claude-opus-4-1",
        ids="tool",
    )
    t.user(
        "Implement HMAC signing for outgoing webhooks in hookrelay (header X-Hookrelay-Signature, "
        "per-endpoint secret, rotation with two active secrets). Open a PR."
    )
    repo = "~/repos/hookrelay"
    plan: list[tuple[str, str, dict[str, Any], str, bool]] = [
        (
            "Exploring the repo.",
            "shell",
            {"cmd": f"cd {repo} && git log --oneline -3 && ls"},
            "a1c9e02 Merge #311\n7f3b1aa retry jitter\n0d2e4c1 bump deps\nREADME.md  hookrelay  "
            "migrations  tests  pyproject.toml",
            False,
        ),
        (
            "",
            "shell",
            {"cmd": f"cd {repo} && rg -n 'def deliver|class Endpoint' hookrelay"},
            "hookrelay/delivery.py:31:def deliver(endpoint: Endpoint, event: Event) -> "
            "Result:\nhookrelay/models.py:12:class Endpoint(Base):",
            False,
        ),
        (
            "",
            "editor_view",
            {"path": "hookrelay/delivery.py", "range": [1, 80]},
            "1 import httpx\n…\n31 def deliver(endpoint, event):\n32     body = event.to_json()\n33     r "
            "= httpx.post(endpoint.url, content=body, headers={'Content-Type': 'application/json'}, "
            "timeout=10)\n…",
            False,
        ),
        (
            "",
            "editor_view",
            {"path": "hookrelay/models.py", "range": [1, 60]},
            "12 class Endpoint(Base):\n13     id = Column(UUID, primary_key=True)\n14     url = "
            "Column(Text, nullable=False)\n15     active = Column(Boolean, default=True)\n…",
            False,
        ),
        (
            "Checking how migrations are written.",
            "shell",
            {"cmd": f"cd {repo} && ls migrations/versions | tail -3"},
            "0041_add_retry_policy.py\n0042_endpoint_tags.py\n0043_event_ttl.py",
            False,
        ),
        (
            "",
            "editor_view",
            {"path": "migrations/versions/0043_event_ttl.py"},
            "revision = '0043'\ndown_revision = '0042'\ndef upgrade():\n    op.add_column('events', "
            "sa.Column('ttl_s', sa.Integer(), nullable=True))\n…",
            False,
        ),
        (
            "Adding the secrets table.",
            "editor_create",
            {
                "path": "migrations/versions/0044_endpoint_secrets.py",
                "text": "revision = '0044'\ndown_revision = '0043'\n\ndef upgrade():\n    "
                "op.create_table('endpoint_secrets', sa.Column('id', sa.UUID(), "
                "primary_key=True), sa.Column('endpoint_id', sa.UUID(), "
                "sa.ForeignKey('endpoints.id')), sa.Column('secret', sa.Text(), nullable=False), "
                "sa.Column('created_at', sa.DateTime(timezone=True)), sa.Column('expires_at', "
                "sa.DateTime(timezone=True), nullable=True))\n",
            },
            "Created migrations/versions/0044_endpoint_secrets.py",
            False,
        ),
        (
            "",
            "editor_insert",
            {
                "path": "hookrelay/models.py",
                "after_line": 16,
                "text": "\n\nclass EndpointSecret(Base):\n    __tablename__ = 'endpoint_secrets'\n    id "
                "= Column(UUID, primary_key=True, default=uuid4)\n    endpoint_id = Column(UUID, "
                "ForeignKey('endpoints.id'))\n    secret = Column(Text, nullable=False)\n    "
                "created_at = Column(DateTime(timezone=True), default=utcnow)\n    expires_at = "
                "Column(DateTime(timezone=True))\n",
            },
            "Inserted 10 lines after line 16.",
            False,
        ),
        (
            "Now the signer.",
            "editor_create",
            {
                "path": "hookrelay/signing.py",
                "text": "import hashlib\nimport hmac\nimport time\n\n\ndef sign(secret: str, body: bytes, "
                "ts: int | None = None) -> str:\n    ts = ts or int(time.time())\n    mac = "
                "hmac.new(secret.encode(), f'{ts}.'.encode() + body, "
                "hashlib.sha256).hexdigest()\n    return f't={ts},v1={mac}'\n",
            },
            "Created hookrelay/signing.py",
            False,
        ),
        (
            "",
            "editor_replace",
            {
                "path": "hookrelay/delivery.py",
                "start": 32,
                "end": 33,
                "text": "    body = event.to_json().encode()\n    sigs = [sign(s.secret, body) for s in "
                "active_secrets(endpoint)]\n    headers = {'Content-Type': 'application/json', "
                "'X-Hookrelay-Signature': ' '.join(sigs)}\n    r = httpx.post(endpoint.url, "
                "content=body, headers=headers, timeout=10)",
            },
            "Replaced lines 32-33 with 4 lines.",
            False,
        ),
        (
            "",
            "shell",
            {"cmd": f"cd {repo} && python -m pytest -q tests/test_delivery.py"},
            "E   NameError: name 'active_secrets' is not defined\n1 error in 0.31s",
            True,
        ),
        (
            "Need the helper.",
            "editor_insert",
            {
                "path": "hookrelay/delivery.py",
                "after_line": 29,
                "text": "def active_secrets(endpoint):\n    now = utcnow()\n    return [s for s in "
                "endpoint.secrets if s.expires_at is None or s.expires_at > now]\n",
            },
            "Inserted 3 lines after line 29.",
            False,
        ),
        (
            "",
            "shell",
            {"cmd": f"cd {repo} && python -m pytest -q tests/test_delivery.py"},
            "F.......\nFAILED tests/test_delivery.py::test_headers_exact - AssertionError: unexpected "
            "header X-Hookrelay-Signature\n1 failed, 7 passed",
            True,
        ),
        (
            "That test pins the header set; updating it to expect the signature.",
            "editor_replace",
            {
                "path": "tests/test_delivery.py",
                "start": 44,
                "end": 44,
                "text": "    assert set(sent.headers) >= {'content-type', 'x-hookrelay-signature'}",
            },
            "Replaced line 44.",
            False,
        ),
        (
            "",
            "shell",
            {"cmd": f"cd {repo} && python -m pytest -q tests/test_delivery.py"},
            "........\n8 passed in 0.41s",
            False,
        ),
        (
            "Adding signing tests.",
            "editor_create",
            {
                "path": "tests/test_signing.py",
                "text": "from hookrelay.signing import sign\n\n\ndef test_known_vector():\n    assert "
                "sign('whsec_test', b'{}', ts=1700000000) == 't=1700000000,v1=' + "
                "'b6f1c3…'\n\n\ndef test_two_active_secrets(endpoint_with_two_secrets, "
                "fake_http):\n    deliver(endpoint_with_two_secrets, make_event())\n    assert "
                "len(fake_http.last.headers['x-hookrelay-signature'].split()) == 2\n",
            },
            "Created tests/test_signing.py",
            False,
        ),
        (
            "",
            "shell",
            {"cmd": f"cd {repo} && python -m pytest -q tests/test_signing.py"},
            "FE\nE   fixture 'endpoint_with_two_secrets' not found\nFAILED test_known_vector - "
            "AssertionError: 't=1700000000,v1=5d0e…' != 't=1700000000,v1=b6f1c3…'",
            True,
        ),
        (
            "Computing the real vector and adding the fixture.",
            "shell",
            {
                "cmd": "python -c \"from hookrelay.signing import sign; print(sign('whsec_test', b'{}', "
                'ts=1700000000))"'
            },
            "t=1700000000,v1=5d0e8a4f1b7c2d93e6a0f5b18c4d7e2a9f3b6c1d0e8a7f5b4c3d2e1f0a9b8c7d",
            False,
        ),
        (
            "",
            "editor_replace",
            {
                "path": "tests/test_signing.py",
                "start": 5,
                "end": 5,
                "text": "    assert sign('whsec_test', b'{}', ts=1700000000) == "
                "'t=1700000000,v1=5d0e8a4f1b7c2d93e6a0f5b18c4d7e2a9f3b6c1d0e8a7f5b4c3d2e1f0a9b8c7d"
                "'",
            },
            "Replaced line 5.",
            False,
        ),
        (
            "",
            "editor_insert",
            {
                "path": "tests/conftest.py",
                "after_line": 40,
                "text": "@pytest.fixture\ndef endpoint_with_two_secrets(db):\n    ep = "
                "make_endpoint(db)\n    add_secret(db, ep, 'old', expires_in=3600)\n    "
                "add_secret(db, ep, 'new')\n    return ep\n",
            },
            "Inserted 6 lines after line 40.",
            False,
        ),
        (
            "",
            "shell",
            {"cmd": f"cd {repo} && python -m pytest -q"},
            "......................................................\n54 passed in 3.02s",
            False,
        ),
        (
            "Rotation API next.",
            "editor_view",
            {"path": "hookrelay/api/endpoints.py", "range": [1, 50]},
            "1 router = APIRouter(prefix='/endpoints')\n…\n38 @router.patch('/{endpoint_id}')\n…",
            False,
        ),
        (
            "",
            "editor_insert",
            {
                "path": "hookrelay/api/endpoints.py",
                "after_line": 50,
                "text": "@router.post('/{endpoint_id}/secrets:rotate')\ndef rotate(endpoint_id: UUID, "
                "grace_s: int = 86400, db=Depends(get_db)):\n    return rotate_secret(db, "
                "endpoint_id, grace_s)\n",
            },
            "Inserted 3 lines after line 50.",
            False,
        ),
        (
            "",
            "editor_insert",
            {
                "path": "hookrelay/secrets.py",
                "after_line": 0,
                "text": "def rotate_secret(db, endpoint_id, grace_s):\n    for s in current(db, "
                "endpoint_id):\n        s.expires_at = utcnow() + timedelta(seconds=grace_s)\n    "
                "new = EndpointSecret(endpoint_id=endpoint_id, secret='whsec_' + "
                "token_urlsafe(32))\n    db.add(new)\n    return {'secret': new.secret, "
                "'old_expires_at': ...}\n",
            },
            "Inserted 6 lines after line 0.",
            False,
        ),
        (
            "",
            "editor_create",
            {
                "path": "tests/test_rotation.py",
                "text": "def test_rotation_keeps_old_secret_for_grace(client, endpoint):\n    r = "
                "client.post(f'/endpoints/{endpoint.id}/secrets:rotate', params={'grace_s': "
                "60})\n    assert r.status_code == 200\n    assert len(active_secrets(endpoint)) "
                "== 2\n",
            },
            "Created tests/test_rotation.py",
            False,
        ),
        (
            "",
            "shell",
            {"cmd": f"cd {repo} && python -m pytest -q tests/test_rotation.py"},
            "E   ImportError: cannot import name 'timedelta' from 'hookrelay.secrets'\n1 error",
            True,
        ),
        (
            "Missing imports in secrets.py.",
            "editor_insert",
            {
                "path": "hookrelay/secrets.py",
                "after_line": 0,
                "text": "from datetime import timedelta\nfrom secrets import token_urlsafe\n\nfrom "
                "hookrelay.models import EndpointSecret\nfrom hookrelay.time import utcnow\n\n",
            },
            "Inserted 6 lines after line 0.",
            False,
        ),
        (
            "",
            "shell",
            {"cmd": f"cd {repo} && python -m pytest -q"},
            ".........................................................\n57 passed in 3.20s",
            False,
        ),
        (
            "",
            "shell",
            {"cmd": f"cd {repo} && alembic upgrade head && alembic downgrade -1 && alembic upgrade head"},
            "INFO  Running upgrade 0043 -> 0044, endpoint secrets\nINFO  Running downgrade 0044 -> "
            "0043\nINFO  Running upgrade 0043 -> 0044, endpoint secrets",
            False,
        ),
        (
            "Docs.",
            "editor_view",
            {"path": "README.md", "range": [60, 90]},
            "60 ## Delivery\n61 Webhooks are POSTed as JSON with retries (exponential backoff, 8 "
            "attempts).\n…",
            False,
        ),
        (
            "",
            "editor_insert",
            {
                "path": "README.md",
                "after_line": 62,
                "text": "\n### Verifying signatures\n\nEach delivery carries `X-Hookrelay-Signature: "
                "t=<unix>,v1=<hex>` (one entry per active secret, space-separated). Compute "
                "HMAC-SHA256 over `<t>.<raw body>` with your secret and compare in constant time. "
                "Reject timestamps older than 5 minutes.\n",
            },
            "Inserted 5 lines after line 62.",
            False,
        ),
        (
            "",
            "shell",
            {"cmd": f"cd {repo} && ruff check . && mypy hookrelay"},
            "hookrelay/secrets.py:9: error: Missing return type annotation  [no-untyped-def]\nFound 1 "
            "error in 1 file",
            True,
        ),
        (
            "",
            "editor_replace",
            {
                "path": "hookrelay/secrets.py",
                "start": 7,
                "end": 7,
                "text": "def rotate_secret(db: Session, endpoint_id: UUID, grace_s: int) -> dict[str, "
                "object]:",
            },
            "Replaced line 7.",
            False,
        ),
        (
            "",
            "shell",
            {"cmd": f"cd {repo} && ruff check . && mypy hookrelay && python -m pytest -q"},
            "All checks passed!\nSuccess: no issues found in 31 source files\n57 passed in 3.18s",
            False,
        ),
        (
            "",
            "shell",
            {
                "cmd": f"cd {repo} && git checkout -b feat/webhook-signing && git add -A && git commit -m "
                "'Sign outgoing webhooks with HMAC-SHA256; secret rotation' && git push -u origin "
                "HEAD"
            },
            "[feat/webhook-signing 5e21b07] Sign outgoing webhooks with HMAC-SHA256; secret rotation\n 11 "
            "files changed, 214 insertions(+), 6 deletions(-)",
            False,
        ),
        (
            "Opening the PR.",
            "github_create_pull_request",
            {
                "repo": "acme/hookrelay",
                "head": "feat/webhook-signing",
                "base": "main",
                "title": "Sign outgoing webhooks (HMAC-SHA256) with secret rotation",
                "body": "## What\n- `X-Hookrelay-Signature: t=…,v1=…` on every delivery, one entry per "
                "active secret\n- `endpoint_secrets` table (migration 0044)\n- `POST "
                "/endpoints/{id}/secrets:rotate` with a grace period\n\n## Tests\n57 passed; "
                "migration up/down/up checked.",
            },
            pretty({"number": 318, "url": "https://github.com/acme/hookrelay/pull/318"}),
            False,
        ),
    ]
    for x, name, args, res, err in plan:
        t.call(name, args, res, error=err, text=x)
    t.system("<system-reminder>Keep the user informed about long-running waits.</system-reminder>")
    for i, status in enumerate(["queued", "in_progress", "in_progress", "in_progress", "completed/success"]):
        t.call(
            "github_get_checks",
            {"repo": "acme/hookrelay", "ref": "feat/webhook-signing"},
            pretty(
                {"state": status.split("/")[0], "conclusion": status.split("/")[1] if "/" in status else None}
            ),
            text="Waiting for CI." if i == 0 else "",
        )
    t.system("<system-reminder>Keep the user informed about long-running waits.</system-reminder>")
    t.call(
        "github_list_review_comments",
        {"repo": "acme/hookrelay", "pr": 318},
        pretty(
            [
                {
                    "path": "hookrelay/signing.py",
                    "line": 7,
                    "body": "Use hmac.compare_digest guidance in README only; here fine. But please "
                    "accept bytes secret too.",
                },
                {"path": "README.md", "line": 64, "body": "Add a Python verification snippet?"},
            ]
        ),
    )
    t.call(
        "editor_replace",
        {
            "path": "hookrelay/signing.py",
            "start": 6,
            "end": 8,
            "text": "def sign(secret: str | bytes, body: bytes, ts: int | None = None) -> str:\n    key = "
            "secret if isinstance(secret, bytes) else secret.encode()\n    ts = ts or "
            "int(time.time())\n    mac = hmac.new(key, f'{ts}.'.encode() + body, "
            "hashlib.sha256).hexdigest()",
        },
        "Replaced lines 6-8 with 4 lines.",
    )
    t.call(
        "editor_insert",
        {
            "path": "README.md",
            "after_line": 66,
            "text": "\n```python\nimport hmac, hashlib\n\ndef verify(secret: bytes, header: str, body: "
            "bytes) -> bool:\n    parts = dict(p.split('=', 1) for p in header.split(' "
            "')[0].split(','))\n    mac = hmac.new(secret, f\"{parts['t']}.\".encode() + body, "
            "hashlib.sha256).hexdigest()\n    return hmac.compare_digest(mac, parts['v1'])\n```\n",
        },
        "Inserted 9 lines after line 66.",
    )
    t.call(
        "shell",
        {
            "cmd": f"cd {repo} && python -m pytest -q && git commit -am 'Address review: bytes secrets, "
            "README snippet' && git push"
        },
        "57 passed in 3.11s\n[feat/webhook-signing 8a0f3d2] Address review: bytes secrets, README snippet",
    )
    for status in ["in_progress", "in_progress", "completed/success"]:
        t.call(
            "github_get_checks",
            {"repo": "acme/hookrelay", "ref": "feat/webhook-signing"},
            pretty(
                {"state": status.split("/")[0], "conclusion": status.split("/")[1] if "/" in status else None}
            ),
        )
    t.call(
        "github_comment",
        {
            "repo": "acme/hookrelay",
            "pr": 318,
            "body": "Addressed both comments in 8a0f3d2 (bytes secrets accepted; README has a "
            "verification snippet). CI green.",
        },
        pretty({"id": 2210931}),
    )
    t.say(
        "PR #318 is open and green: HMAC-SHA256 signatures on every delivery (one per active secret), "
        "endpoint_secrets table (migration 0044, up/down tested), "
        "rotation endpoint with grace period, README docs with a verification snippet. Review comments "
        "addressed in 8a0f3d2."
    )
    return t.healthy(
        f"Long varied session: {t.steps} steps of exploration, edits, migrations, failing and passing "
        "test runs "
        "(each failure different and fixed), docs, a PR, CI polling with repeated 'in_progress' statuses, "
        "and a "
        "review round. Repeated shell/test calls are all separated by edits; the harness reminders are "
        "system "
        "messages. No loop anywhere."
    )


def research_manager_distinct_subtasks() -> Scenario:
    t = Trace(
        "blind7-healthy-research-crew-manager-country-briefs",
        "Crew manager delegates six country briefs to the same researcher with the same template, then hands "
        "the reports to the writer; every report is different.",
        agent="Multi-agent research crew: Manager (delegate_work)",
        model="gpt-4o",
        ids="call",
    )
    t.user(
        "Compare e-invoicing mandates for B2B in Germany, France, Poland, Spain, Belgium and Italy: start "
        "dates, formats, and penalties. One table plus notes."
    )
    facts = {
        "Germany": "Receiving e-invoices mandatory from 2025-01-01; issuing phased 2027/2028 (turnover > "
        "€800k first). Formats: XRechnung, ZUGFeRD ≥2.0.1 (EN 16931). Penalties: general "
        "tax-law fines; input VAT deduction at risk.",
        "France": "Reception for all from 2026-09-01; issuance large/mid-size 2026-09-01, SMEs "
        "2027-09-01. Via PDP platforms; formats UBL, CII, Factur-X. Penalty €15 per invoice "
        "(cap €15k/yr).",
        "Poland": "KSeF mandatory from 2026-02-01 (large taxpayers), 2026-04-01 others. Structured FA(3) "
        "XML. Penalties up to 100% of VAT on the invoice (from 2027).",
        "Spain": "Crea y Crece: B2B e-invoicing for companies > €8M one year after regulation (expected "
        "2027), others two years. Verifactu for invoicing software from 2026. Formats: UBL, CII, "
        "Facturae, EDIFACT.",
        "Belgium": "B2B structured e-invoicing mandatory from 2026-01-01 via Peppol BIS 3.0. Penalties "
        "€1,500 / €3,000 / €5,000 for repeated breaches (3-month grace).",
        "Italy": "Mandatory via SdI since 2019 for B2B; FatturaPA XML. Penalties 90-180% of VAT for "
        "non-issuance; €250-2,000 if no VAT impact.",
    }
    template = (
        "Research the B2B e-invoicing mandate in {c}: start dates (issuing and receiving), "
        "required formats/platform, and penalties. Cite official sources (tax authority, official "
        "journal)."
    )
    for c, rep in facts.items():
        t.call(
            "delegate_work",
            {
                "coworker": "Regulatory Researcher",
                "task": template.format(c=c),
                "context": "Output: 3 bullets + sources.",
            },
            rep,
            text=f"Thought: next country, {c}."
            if c != "Germany"
            else "Thought: one brief per country, same template so the writer can compare.",
        )
    t.call(
        "delegate_work",
        {
            "coworker": "Writer",
            "task": "Turn the six country reports into one comparison table (country, issuing start, "
            "receiving start, format/platform, penalties) plus 4 short notes.",
            "context": js(facts),
        },
        markdown(
            ["Country", "Issuing", "Receiving", "Format / platform", "Penalties"],
            [
                ["Germany", "2027/2028", "2025-01-01", "XRechnung, ZUGFeRD", "general fines"],
                ["France", "2026-09 / 2027-09", "2026-09-01", "PDP; UBL, CII, Factur-X", "€15/invoice"],
                ["Poland", "2026-02 / 2026-04", "same", "KSeF FA(3)", "up to 100% VAT"],
                ["Spain", "~2027 / ~2028", "same", "UBL, CII, Facturae", "tbd"],
                ["Belgium", "2026-01-01", "2026-01-01", "Peppol BIS 3.0", "€1.5k–5k"],
                ["Italy", "since 2019", "since 2019", "SdI, FatturaPA", "90–180% VAT"],
            ],
        ),
    )
    t.say(
        "Here is the comparison (table above). Notes: Belgium and Poland are the next hard deadlines; "
        "Spain's dates depend on the final regulation; Germany already requires receiving capability."
    )
    return t.healthy(
        "A manager delegating six different subtasks with the same brief template (only the country "
        "changes) to "
        "the same coworker; every report is about a different country, then the writer combines them. "
        "Similar "
        "briefs, different work: not a re-delegation loop."
    )


def dispatch_long_shift_pt() -> Scenario:
    t = Trace(
        "blind7-healthy-logistics-dispatch-long-shift-pt",
        "Portuguese dispatch copilot works a morning shift over three user turns and 32 steps: "
        "exceptions, reassignments, traffic checks, ETA updates and customer messages.",
        agent="Dispatch copilot for a last-mile delivery TMS",
        model="gpt-4.1-mini",
        ids="call",
    )
    clock = Clock("2026-03-05T07:10:00-03:00")
    t.user("Bom dia! Me passa um resumo das exceções abertas no depósito SP-ZS e resolve o que der.")
    t.call(
        "tms_list_exceptions",
        {"depot": "SP-ZS", "status": "open"},
        pretty(
            {
                "exceptions": [
                    {"id": "EX-901", "type": "van_breakdown", "route": "R-2207", "stops_left": 22},
                    {"id": "EX-902", "type": "address_not_found", "route": "R-2214", "stop": "ST-88120"},
                    {"id": "EX-903", "type": "customer_absent", "route": "R-2219", "stop": "ST-88277"},
                    {"id": "EX-904", "type": "late_start", "route": "R-2231", "minutes": 35},
                ]
            }
        ),
        text="Vou listar as exceções abertas.",
    )
    t.call(
        "tms_get_route",
        {"route_id": "R-2207"},
        pretty(
            {
                "driver": "DRV-00390",
                "vehicle": "VAN-044",
                "position": {"lat": -23.6321, "lon": -46.7012},
                "stops_left": 22,
            }
        ),
    )
    t.call(
        "list_drivers",
        {"depot": "SP-ZS", "status": "available"},
        pretty(
            {
                "drivers": [
                    {"driver_id": "DRV-00533", "vehicle": "VAN-090", "max_stops": 40, "current_stops": 14}
                ]
            }
        ),
    )
    t.call(
        "tms_split_route",
        {"route_id": "R-2207", "to_driver_id": "DRV-00533", "stops": "remaining"},
        pretty({"new_route": "R-2207B", "stops": 22, "eta_last": "13:40"}),
    )
    t.call(
        "fleet_create_ticket",
        {"vehicle": "VAN-044", "issue": "breakdown", "location": {"lat": -23.6321, "lon": -46.7012}},
        pretty({"ticket": "FL-3391", "tow_eta_min": 50}),
    )
    t.call(
        "notify_driver",
        {
            "driver_id": "DRV-00390",
            "message": "Guincho a caminho (FL-3391, ~50 min). Suas 22 paradas foram para o Caio (R-2207B).",
        },
        pretty({"delivered": True}),
    )
    t.call(
        "tms_get_stop",
        {"stop_id": "ST-88120"},
        pretty(
            {
                "address": "Rua Dr. Lund, 41, casa 3",
                "cep": "04303-000",
                "phone": "+55 11 98812-4410",
                "notes": "",
            }
        ),
    )
    t.call(
        "geocode",
        {"address": "Rua Doutor Lund, 41, São Paulo", "cep": "04303-000"},
        pretty({"status": "OK", "lat": -23.6212, "lon": -46.6387, "match": "street"}),
    )
    t.call(
        "sms_send",
        {
            "to": "+55 11 98812-4410",
            "body": "Olá! Estamos com sua entrega hoje. Pode confirmar um ponto de referência para a casa "
            "3 da Rua Dr. Lund, 41?",
        },
        pretty({"status": "queued"}),
    )
    t.call(
        "tms_get_stop",
        {"stop_id": "ST-88277"},
        pretty(
            {
                "address": "Av. Jabaquara, 1500, ap 84",
                "window": "08:00-12:00",
                "attempts": 1,
                "portaria": True,
            }
        ),
    )
    t.call(
        "tms_update_stop",
        {"stop_id": "ST-88277", "action": "leave_with_concierge", "note": "Portaria 24h"},
        pretty({"ok": True}),
    )
    t.call(
        "traffic_eta",
        {"route_id": "R-2231"},
        pretty(
            {
                "delay_min": 35,
                "cause": "Marginal Pinheiros lentidão",
                "eta_last_before": "14:10",
                "eta_last_now": "14:45",
            }
        ),
    )
    t.call(
        "tms_update_eta",
        {"route_id": "R-2231", "shift_min": 35, "notify_customers": True},
        pretty({"notified": 31}),
    )
    t.say(
        "Resumo: EX-901 (van quebrada) — 22 paradas passadas para o Caio (R-2207B), guincho FL-3391 a "
        "caminho. EX-902 — endereço geocodificado, SMS ao cliente pedindo referência. "
        "EX-903 — entrega será deixada na portaria. EX-904 — R-2231 com 35 min de atraso por trânsito; 31 "
        "clientes avisados."
    )
    t.user("O cliente da Rua Dr. Lund respondeu? E como está o R-2207B?")
    t.call(
        "sms_inbox",
        {"from": "+55 11 98812-4410", "since": clock.tick(3600)},
        pretty(
            {
                "messages": [
                    {"text": "Casa 3 fica nos fundos, portão verde. Pode tocar o interfone 3.", "at": "08:14"}
                ]
            }
        ),
    )
    t.call(
        "tms_update_stop",
        {
            "stop_id": "ST-88120",
            "note": "Casa 3 nos fundos, portão verde, interfone 3",
            "lat": -23.6212,
            "lon": -46.6387,
        },
        pretty({"ok": True}),
    )
    t.call(
        "notify_driver",
        {"driver_id": "DRV-00412", "message": "ST-88120: casa 3 nos fundos, portão verde, interfone 3."},
        pretty({"delivered": True}),
    )
    t.call(
        "tms_get_route",
        {"route_id": "R-2207B"},
        pretty({"driver": "DRV-00533", "done": 6, "stops_left": 16, "eta_last": "13:25"}),
    )
    t.call(
        "tms_close_exception",
        {"exception_id": "EX-902", "resolution": "address clarified with customer"},
        pretty({"ok": True}),
    )
    t.say(
        "Sim: portão verde nos fundos, interfone 3 — já passei ao motorista e fechei a EX-902. R-2207B: 6 "
        "entregues, 16 restantes, previsão da última 13:25 (adiantado)."
    )
    t.user(
        "Beleza. Agora me dá a lista das rotas com risco de estourar a janela das 18h e o que você sugere."
    )
    routes = [
        "R-2201",
        "R-2203",
        "R-2207B",
        "R-2210",
        "R-2214",
        "R-2219",
        "R-2222",
        "R-2226",
        "R-2231",
        "R-2235",
    ]
    risky: list[list[str]] = []
    for r in routes:
        eta = f"{t.rng.randint(13, 18)}:{t.rng.choice(['05', '20', '35', '50'])}"
        if r in ("R-2226", "R-2231"):
            eta = "18:25" if r == "R-2226" else "17:55"
        t.call(
            "traffic_eta",
            {"route_id": r},
            pretty({"eta_last_now": eta, "delay_min": t.rng.randint(0, 30)}),
            text="Vou checar a previsão de cada rota." if r == "R-2201" else "",
        )
        if eta >= "17:45":
            risky.append([r, eta])
    t.call(
        "tms_suggest_rebalance",
        {"routes": [r for r, _ in risky], "max_moves": 6},
        pretty(
            {
                "moves": [
                    {"from": "R-2226", "to": "R-2207B", "stops": 4},
                    {"from": "R-2231", "to": "R-2203", "stops": 2},
                ]
            }
        ),
    )
    t.say(
        "Rotas em risco: "
        + ", ".join(f"{r} (última prevista {e})" for r, e in risky)
        + ". Sugestão: mover 4 paradas da R-2226 para a R-2207B (o Caio está adiantado) "
        "e 2 da R-2231 para a R-2203. Quer que eu aplique?"
    )
    return t.healthy(
        f"Long varied dispatch session over three user turns ({t.steps} steps): many different tools and "
        "targets, "
        "one sweep of traffic_eta over ten different routes, and answers in every turn. Repeated tools "
        "(tms_get_stop, notify_driver, traffic_eta) always target different objects."
    )


def support_user_asks_again() -> Scenario:
    t = Trace(
        "blind7-healthy-support-user-asks-recheck",
        "E-commerce support agent checks an order's tracking three times with the identical call, once "
        "per user "
        "turn, because the customer asks it to check again; the status is unchanged, then it escalates.",
        agent="E-commerce support agent (orders, carrier tracking, ticketing)",
        model="claude-haiku-4-5",
        ids="toolu",
    )
    t.user("Hi, my order #A-77120 was supposed to arrive yesterday. Where is it?")
    t.call(
        "get_order",
        {"order_id": "A-77120"},
        pretty(
            {"status": "shipped", "carrier": "DPD", "tracking": "09445512883190", "promised": "2026-03-04"}
        ),
    )
    track = {"carrier": "dpd", "tracking_number": "09445512883190"}
    stuck = pretty(
        {
            "status": "IN_TRANSIT",
            "last_event": {
                "at": "2026-03-03T21:14:00+01:00",
                "where": "Hub Hamburg",
                "text": "Parcel sorted",
            },
        }
    )
    t.call("track_shipment", dict(track), stuck)
    t.say(
        "Your parcel was last scanned at DPD's Hamburg hub on March 3 at 21:14 and is still in transit. "
        "It's a day late; these usually move within 24 hours."
    )
    t.user("Can you check again? Maybe it updated in the meantime.")
    t.call("track_shipment", dict(track), stuck, text="Checking again.")
    t.say("No new scan yet — still at the Hamburg hub since March 3, 21:14.")
    t.user("Ugh. One more time please, and if nothing changed, what can you do?")
    t.call("track_shipment", dict(track), stuck)
    t.call(
        "carrier_open_inquiry",
        {"carrier": "dpd", "tracking_number": "09445512883190", "reason": "no_scan_48h"},
        pretty({"inquiry_id": "DPD-INQ-551203", "response_within_h": 24}),
    )
    t.call(
        "issue_voucher",
        {"order_id": "A-77120", "amount_eur": 5, "reason": "late_delivery"},
        pretty({"code": "SORRY5-7K2Q"}),
    )
    t.say(
        "Still no change, so I opened a trace request with DPD (DPD-INQ-551203, answer within 24 h) and "
        "added a €5 voucher (SORRY5-7K2Q) for the delay. "
        "If the parcel doesn't move by Friday, we'll send a replacement."
    )
    return t.healthy(
        "The identical track_shipment call returns the identical result three times, but each call "
        "answers a new "
        "user message explicitly asking to check again, and the third turn ends with an escalation. "
        "Counts must "
        "be scoped to the user turn; this is not a loop."
    )


def narration_repeats_new_results() -> Scenario:
    t = Trace(
        "blind7-healthy-logistics-same-narration-new-results",
        "Logistics agent audits twelve late shipments with the same one-line narration before each call; "
        "every "
        "call is for a different shipment and returns a different status.",
        agent="Logistics control-tower agent (carrier tracking)",
        model="gemini-2.5-flash",
        ids="fc",
    )
    t.user("Audit the 12 shipments flagged late this morning and tell me which ones actually need action.")
    statuses = [
        "DELIVERED",
        "OUT_FOR_DELIVERY",
        "EXCEPTION: address incomplete",
        "IN_TRANSIT",
        "DELIVERED",
        "HELD_AT_CUSTOMS",
        "IN_TRANSIT",
        "EXCEPTION: damaged",
        "OUT_FOR_DELIVERY",
        "RETURN_TO_SENDER",
        "DELIVERED",
        "IN_TRANSIT",
    ]
    carriers = ["dhl", "ups", "fedex", "dpd"]
    rows: list[list[str]] = []
    for i, st in enumerate(statuses):
        num = f"{t.rng.randint(10**11, 10**12 - 1)}"
        c = carriers[i % 4]
        t.call(
            "carrier_track",
            {"carrier": c, "tracking_number": num},
            pretty(
                {
                    "status": st.split(":")[0],
                    "detail": st.split(": ")[1] if ":" in st else None,
                    "last_scan": f"2026-03-0{4 + i % 2}T{8 + i % 9:02d}:{(i * 7) % 60:02d}:00Z",
                }
            ),
            text="Checking the next flagged shipment.",
        )
        rows.append([c.upper(), num, st])
    need = [r for r in rows if r[2].startswith(("EXCEPTION", "HELD", "RETURN"))]
    t.say(
        markdown(["carrier", "tracking", "status"], rows)
        + f"\n\n{len(need)} need action: "
        + "; ".join(f"{r[0]} {r[1]} ({r[2]})" for r in need)
        + ". The rest are moving or delivered."
    )
    return t.healthy(
        "Narration repeats verbatim ('Checking the next flagged shipment.') twelve times, but each call "
        "targets a "
        "different shipment and returns a new status; the audit ends with a table. Restated text with new "
        "results every turn is not a narration loop."
    )


def long_markdown_table_reply() -> Scenario:
    t = Trace(
        "blind7-healthy-bi-long-cohort-table-reply",
        "BI agent answers with a 60-row markdown retention table whose rows share one format; long and "
        "repetitive in shape but not degenerate.",
        agent="BI agent (warehouse SQL tool)",
        model="gpt-4.1",
        ids="call",
    )
    t.user(
        "Weekly signup cohorts for the last 60 weeks with week-1, week-4 and week-12 retention. Full "
        "table please, I'll paste it into the deck."
    )
    t.call(
        "sql_query",
        {
            "warehouse": "analytics",
            "sql": "WITH c AS (SELECT user_id, DATE_TRUNC('week', created_at) AS cohort FROM app.users "
            "WHERE created_at >= CURRENT_DATE - INTERVAL '60 weeks')\n"
            "SELECT cohort, COUNT(*) AS users, AVG(active_w1)::numeric(5,3) AS w1, "
            "AVG(active_w4)::numeric(5,3) AS w4, AVG(active_w12)::numeric(5,3) AS w12\n"
            "FROM c JOIN app.user_activity_flags USING (user_id) GROUP BY 1 ORDER BY 1",
        },
        "(60 rows)\ncohort     | users | w1    | w4    | w12\n2025-01-06 | 4,812 | 0.412 | 0.233 | 0.151\n…",
    )
    clock = Clock("2025-01-06T00:00:00")
    rows = []
    for i in range(60):
        users = t.rng.randint(3900, 6800)
        w1 = 0.38 + t.rng.uniform(-0.03, 0.05) + i * 0.0006
        w4 = w1 * t.rng.uniform(0.52, 0.6)
        w12 = "—" if i >= 48 else f"{w4 * t.rng.uniform(0.6, 0.7):.1%}"
        rows.append(
            [clock.now.strftime("%Y-%m-%d"), f"{users:,}", f"{w1:.1%}", f"{w4:.1%}" if i < 56 else "—", w12]
        )
        clock.tick(7 * 86400)
    t.say(
        "Here are the 60 weekly cohorts (— = not yet observable):\n\n"
        + markdown(["Cohort week", "Signups", "W1", "W4", "W12"], rows)
        + "\n\nW1 retention drifted up ~3 points over the period; W4 tracks W1 at about 55%."
    )
    return t.healthy(
        "A long reply made of a 60-row markdown table: every row has the same shape and similar values, "
        "which "
        "is what the user asked for. Repetitive structure with distinct content is not degenerate text."
    )


def sre_repetitive_log_output() -> Scenario:
    t = Trace(
        "blind7-healthy-sre-repetitive-log-output",
        "SRE agent pulls logs that are 180 near-identical OOMKilled/retry lines and answers with a list of "
        "twenty similar bullet points, one per affected pod.",
        agent="SRE on-call agent (kubectl, Loki)",
        model="qwen3-235b-a22b",
        ids="seq",
    )
    t.user("Lots of restarts in the batch namespace overnight. Which pods, and why?")
    clock = Clock("2026-03-06T01:00:00")
    pods = [f"nightly-etl-{t.hexid(5)}" for _ in range(20)]
    lines = []
    for i in range(180):
        clock.tick(t.rng.randint(20, 90))
        p = pods[i % 20]
        if i % 3 == 2:
            lines.append(
                f"{clock.iso()} {p} WARN retrying partition load (attempt {1 + i // 60}/3): "
                "java.lang.OutOfMemoryError: Java heap space"
            )
        else:
            lines.append(
                f"{clock.iso()} {p} INFO loading partition dt=2026-03-05/part-{i:04d}.parquet (512 MiB)"
            )
    t.call(
        "loki_query_range",
        {"query": '{namespace="batch", app="nightly-etl"}', "since": "8h", "limit": 500},
        "\n".join(lines),
    )
    t.call(
        "kubectl",
        {
            "args": [
                "-n",
                "batch",
                "get",
                "pods",
                "-l",
                "app=nightly-etl",
                "-o",
                "custom-columns=NAME:.metadata.name,RESTARTS:.status.containerStatuses[0].restartCount,REA"
                "SON:.status.containerStatuses[0].lastState.terminated.reason",
            ]
        },
        "NAME                 RESTARTS  REASON\n"
        + "\n".join(f"{p}  {3 + k % 4}         OOMKilled" for k, p in enumerate(pods)),
    )
    t.call(
        "kubectl",
        {
            "args": [
                "-n",
                "batch",
                "get",
                "cronjob",
                "nightly-etl",
                "-o",
                "jsonpath={.spec.jobTemplate.spec.template.spec.containers[0].resources}",
            ]
        },
        '{"limits":{"memory":"2Gi"},"requests":{"memory":"1Gi"}}',
    )
    bullets = "\n".join(
        f"- `{p}`: {3 + k % 4} restarts, OOMKilled while loading 512 MiB parquet partitions"
        for k, p in enumerate(pods)
    )
    t.say(
        "All 20 nightly-etl pods were OOMKilled repeatedly:\n"
        + bullets
        + "\n\nCause: each worker loads 512 MiB partitions with a 2 GiB limit (heap ~1.5 GiB) "
        "and fails on the third concurrent partition. Fix: raise the limit to 4 GiB or reduce "
        "`partition_parallelism` from 3 to 1."
    )
    return t.healthy(
        "Long repetitive content that is not degenerate: the log result holds 180 near-identical lines "
        "and the "
        "reply lists twenty bullets with the same wording for twenty different pods, followed by a "
        "diagnosis. "
        "Repetition mirrors the data, not a collapsed generation."
    )


def codegen_boilerplate_argument() -> Scenario:
    t = Trace(
        "blind7-healthy-codegen-repetitive-table-argument",
        "Coding agent writes a country-code enum and a parametrised test table in tool arguments: 47 similar "
        "lines each, valid code, then tests pass.",
        agent="Aider-style coding agent (whole-file writes, shell)",
        model="deepseek-v3.1",
        ids="c",
    )
    t.user(
        "Add an ISO-3166 alpha-2 enum for the EU + EEA + UK + CH + the G20 countries we ship to, with "
        "calling codes, and a test for every entry."
    )
    countries = [
        ("AT", "43"),
        ("BE", "32"),
        ("BG", "359"),
        ("HR", "385"),
        ("CY", "357"),
        ("CZ", "420"),
        ("DK", "45"),
        ("EE", "372"),
        ("FI", "358"),
        ("FR", "33"),
        ("DE", "49"),
        ("GR", "30"),
        ("HU", "36"),
        ("IE", "353"),
        ("IT", "39"),
        ("LV", "371"),
        ("LT", "370"),
        ("LU", "352"),
        ("MT", "356"),
        ("NL", "31"),
        ("PL", "48"),
        ("PT", "351"),
        ("RO", "40"),
        ("SK", "421"),
        ("SI", "386"),
        ("ES", "34"),
        ("SE", "46"),
        ("IS", "354"),
        ("LI", "423"),
        ("NO", "47"),
        ("GB", "44"),
        ("CH", "41"),
        ("AR", "54"),
        ("AU", "61"),
        ("BR", "55"),
        ("CA", "1"),
        ("CN", "86"),
        ("IN", "91"),
        ("ID", "62"),
        ("JP", "81"),
        ("KR", "82"),
        ("MX", "52"),
        ("RU", "7"),
        ("SA", "966"),
        ("ZA", "27"),
        ("TR", "90"),
        ("US", "1"),
    ]
    enum_src = (
        'from enum import Enum\n\n\nclass Country(Enum):\n    """Countries we ship to: (alpha-2, calling '
        'code)."""\n\n'
        + "\n".join(f'    {c} = ("{c}", "+{d}")' for c, d in countries)
        + "\n\n    @property\n    def calling_code(self) -> str:\n        return self.value[1]\n"
    )
    t.call(
        "write_file",
        {"path": "shipping/countries.py", "content": enum_src},
        "Wrote shipping/countries.py (58 lines)",
    )
    test_src = (
        "import pytest\n\nfrom shipping.countries import Country\n\n\n@pytest.mark.parametrize(\n    "
        '("code", "calling"),\n    [\n'
        + "\n".join(f'        ("{c}", "+{d}"),' for c, d in countries)
        + "\n    ],\n)\ndef test_country(code: str, calling: str) -> None:\n    assert "
        "Country[code].calling_code == calling\n"
    )
    t.call(
        "write_file",
        {"path": "tests/test_countries.py", "content": test_src},
        "Wrote tests/test_countries.py (58 lines)",
    )
    t.call(
        "shell",
        {"cmd": "python -m pytest -q tests/test_countries.py"},
        "." * len(countries) + f"\n{len(countries)} passed in 0.09s",
    )
    t.say(
        f"Added shipping/countries.py (enum of {len(countries)} countries with calling codes) and a "
        "parametrised test with one case per country; all pass. "
        "Note: US and CA share +1, which the enum allows since values are tuples."
    )
    return t.healthy(
        "Tool arguments with long repetitive but valid code: an enum and a parametrised test list of 47 "
        "similar "
        "lines each, every line a different country. Boilerplate is not degenerate text."
    )


BUILDERS: list[Builder] = [
    exec_assistant_multiturn_days,
    long_devin_session,
    research_manager_distinct_subtasks,
    dispatch_long_shift_pt,
    support_user_asks_again,
    narration_repeats_new_results,
    long_markdown_table_reply,
    sre_repetitive_log_output,
    codegen_boilerplate_argument,
]
