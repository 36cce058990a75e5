"""Healthy: calendar and form-filling fan-outs, check-act-recheck on a live system, shopping with
repeated 'back' navigation, channel digests, incremental edits to one file, chart iterations,
sequential thinking that advances, re-reading a file the user changed, and a long research session."""

from __future__ import annotations

from .builder import JSON, Scenario, Trace, jd
from .payloads import Hit, serp, snapshot


def calendar_attendee_fanout() -> Scenario:
    t = Trace(
        "calendar-attendee-fanout",
        "Calendar assistant checks seven attendees' availability one by one and books the common slot.",
        loop=False,
        style="calendar assistant",
        id_style="c",
    )
    t.user("Set up a 45-minute design review on Thursday with the seven people on the checkout squad.")
    t.act(
        "",
        "directory_list_group",
        {"group": "checkout-squad@corp.example"},
        jd({"members": ["ana", "bilal", "chen", "dmitri", "eva", "farah", "gus"]}),
    )
    busy = {
        "ana": [["09:00", "10:30"], ["13:00", "14:00"]],
        "bilal": [["11:00", "12:00"]],
        "chen": [["09:30", "10:00"], ["15:00", "17:00"]],
        "dmitri": [["10:00", "11:00"], ["13:30", "14:30"]],
        "eva": [],
        "farah": [["12:00", "13:00"], ["16:00", "16:30"]],
        "gus": [["09:00", "09:30"], ["14:30", "15:00"]],
    }
    for who, b in busy.items():
        t.act(
            "",
            "calendar_get_availability",
            {"user": f"{who}@corp.example", "date": "2024-06-13", "working_hours_only": True},
            jd({"user": f"{who}@corp.example", "busy": b, "timezone": "Europe/Berlin"}),
        )
    t.act(
        "Seven calendars overlap almost all day; I'll let the slot finder check the working-hours window.",
        "calendar_find_slot",
        {
            "attendees": [f"{w}@corp.example" for w in busy],
            "date": "2024-06-13",
            "duration_minutes": 45,
            "working_hours": ["08:30", "18:00"],
        },
        jd({"slots": [{"start": "17:00", "end": "17:45"}]}),
    )
    t.act(
        "",
        "calendar_create_event",
        {
            "summary": "Checkout design review",
            "date": "2024-06-13",
            "start": "17:00",
            "end": "17:45",
            "attendees": [f"{w}@corp.example" for w in busy],
            "conference": "meet",
        },
        jd({"id": "evt_5c1d", "htmlLink": "https://calendar.example/event?eid=evt_5c1d"}),
    )
    t.say(
        "Booked the checkout design review for Thursday 13 June, 17:00-17:45 (the only 45-minute window "
        "all seven share)."
    )
    return t.healthy(
        "Seven calendar_get_availability calls, one per attendee, each returning a different schedule; "
        "then a slot "
        "search and the booking. Fan-out over people is batch work."
    )


def form_fill_many_fields() -> Scenario:
    t = Trace(
        "browser-form-fill-one-fix",
        "Form-filling agent types into eleven fields, gets one validation error, fixes it, and submits.",
        loop=False,
        style="form-filling browser agent",
        id_style="named",
    )
    t.user(
        "Register me for the Utrecht half marathon: Sofie de Wit, born 14 March 1991, "
        "sofie.dewit@example.nl, "
        "+31 6 1234 5678, Biltstraat 12, 3572 AS Utrecht, club: none, expected time 1:55, shirt M, "
        "emergency contact "
        "Lars de Wit +31 6 8765 4321."
    )
    url = "https://utrechtrun.example/register/half"
    t.act(
        "",
        "browser_navigate",
        {"url": url},
        snapshot(
            url,
            "Registration - Utrecht Half Marathon",
            ['- heading "Registration" [level=1]', '- form "Runner details" [ref=e5]'],
        ),
    )
    fields: list[tuple[str, str, str]] = [
        ("e11", "First name", "Sofie"),
        ("e12", "Last name", "de Wit"),
        ("e13", "Date of birth", "1991-03-14"),
        ("e14", "Email", "sofie.dewit@example.nl"),
        ("e15", "Phone", "+31 6 1234 5678"),
        ("e16", "Street and number", "Biltstraat 12"),
        ("e17", "Postcode", "3572 AS"),
        ("e18", "City", "Utrecht"),
        ("e19", "Expected finish time", "01:55:00"),
        ("e22", "Emergency contact name", "Lars de Wit"),
        ("e23", "Emergency contact phone", "+31 6 8765 4321"),
    ]
    for ref, label, value in fields:
        t.act(
            "",
            "browser_type",
            {"ref": ref, "element": label, "text": value},
            f'Typed "{value}" into "{label}"',
        )
    t.act(
        "", "browser_select_option", {"ref": "e20", "element": "Shirt size", "values": ["M"]}, 'Selected "M"'
    )
    t.act(
        "",
        "browser_select_option",
        {"ref": "e21", "element": "Club", "values": ["No club"]},
        'Selected "No club"',
    )
    t.act(
        "",
        "browser_click",
        {"ref": "e30", "element": "Continue to payment"},
        snapshot(
            url,
            "Registration - Utrecht Half Marathon",
            [
                '- textbox "Date of birth (DD-MM-YYYY)" [ref=e13]: 1991-03-14',
                "- alert: Date of birth must be in the format DD-MM-YYYY",
                '- button "Continue to payment" [ref=e30]',
            ],
        ),
    )
    t.act(
        "The form wants DD-MM-YYYY.",
        "browser_type",
        {"ref": "e13", "element": "Date of birth", "text": "14-03-1991"},
        'Typed "14-03-1991" into "Date of birth"',
    )
    t.act(
        "",
        "browser_click",
        {"ref": "e30", "element": "Continue to payment"},
        snapshot(
            "https://utrechtrun.example/register/half/payment",
            "Payment - Utrecht Half Marathon",
            [
                '- heading "Payment" [level=1]',
                "- text: Registration fee €42.50 + €1.50 service fee",
                '- button "Pay with iDEAL" [ref=e41]',
            ],
        ),
    )
    t.say(
        "Your details are in and accepted; the form is at the payment step (€44.00 via iDEAL). I've "
        "stopped there so you "
        "can pay yourself."
    )
    return t.healthy(
        "Eleven browser_type calls into eleven different fields, two selects, one validation error that "
        "is fixed at the "
        "next step, and a second (identical) submit click that succeeds. Form filling is fan-out over "
        "fields; the one "
        "retry follows a fix."
    )


def k8s_check_act_recheck() -> Scenario:
    t = Trace(
        "ops-check-act-recheck",
        "Ops agent checks pods, fixes a missing env var, watches the rollout and re-checks with the "
        "same command.",
        loop=False,
        style="terminal ops agent",
        id_style="call",
    )
    t.user("notifications-worker in prod is crash-looping. Fix it.")
    get_pods = {"command": "kubectl -n prod get pods -l app=notifications-worker -o wide"}
    t.act(
        "",
        "run_command",
        get_pods,
        "NAME                                    READY   STATUS             RESTARTS      AGE\n"
        "notifications-worker-6d9c7b8f5-2xkqp    0/1     CrashLoopBackOff   7 (41s ago)   14m\n"
        "notifications-worker-6d9c7b8f5-9hw2c    0/1     CrashLoopBackOff   7 (38s ago)   14m\n"
        "notifications-worker-6d9c7b8f5-tq7mz    0/1     CrashLoopBackOff   7 (44s ago)   14m",
    )
    t.act(
        "",
        "run_command",
        {"command": "kubectl -n prod logs notifications-worker-6d9c7b8f5-2xkqp --tail=20"},
        "2024-06-11T09:14:02Z INFO starting notifications-worker v3.8.0\n2024-06-11T09:14:02Z INFO "
        "connecting to redis://redis-prod:6379/4\n"
        'Traceback (most recent call last):\n  File "/app/worker/config.py", line 31, in load\n    '
        'smtp_host = os.environ["SMTP_HOST"]\n'
        "  File \"<frozen os>\", line 679, in __getitem__\nKeyError: 'SMTP_HOST'",
        error=False,
    )
    t.act(
        "v3.8.0 reads SMTP_HOST, which the deployment doesn't set. Checking the secret it should come from.",
        "run_command",
        {"command": "kubectl -n prod get secret notifications-smtp -o jsonpath='{.data}' | jq 'keys'"},
        '[\n  "SMTP_HOST",\n  "SMTP_PASSWORD",\n  "SMTP_USER"\n]',
    )
    t.act(
        "",
        "run_command",
        {
            "command": "kubectl -n prod set env deployment/notifications-worker "
            "--from=secret/notifications-smtp --keys=SMTP_HOST"
        },
        "deployment.apps/notifications-worker env updated",
    )
    status = {"command": "kubectl -n prod rollout status deployment/notifications-worker --timeout=60s"}
    t.act(
        "",
        "run_command",
        status,
        'Waiting for deployment "notifications-worker" rollout to finish: 1 of 3 updated replicas are '
        "available...\n"
        "error: timed out waiting for the condition",
        error=True,
    )
    t.act(
        "",
        "run_command",
        status,
        'Waiting for deployment "notifications-worker" rollout to finish: 2 of 3 updated replicas are '
        "available...\n"
        "error: timed out waiting for the condition",
        error=True,
    )
    t.act("", "run_command", status, 'deployment "notifications-worker" successfully rolled out')
    t.act(
        "Re-checking the pods.",
        "run_command",
        get_pods,
        "NAME                                    READY   STATUS    RESTARTS   AGE\n"
        "notifications-worker-7f44c9d6b-5mfcl    1/1     Running   0          2m10s\n"
        "notifications-worker-7f44c9d6b-kx8rd    1/1     Running   0          1m31s\n"
        "notifications-worker-7f44c9d6b-wq2vn    1/1     Running   0          52s",
    )
    t.act(
        "",
        "run_command",
        {"command": "kubectl -n prod logs deploy/notifications-worker --tail=3"},
        "2024-06-11T09:21:40Z INFO smtp ready host=smtp.eu.mailhub.example\n2024-06-11T09:21:40Z INFO "
        "consuming queue notifications\n"
        "2024-06-11T09:21:44Z INFO sent 12 emails",
    )
    t.say(
        "Fixed: v3.8.0 requires SMTP_HOST, which wasn't set. I added it from the notifications-smtp "
        "secret; the rollout "
        "completed and all 3 pods are Running and sending mail."
    )
    return t.healthy(
        "The pod listing is run before and after the fix (identical call, different result) and rollout "
        "status is "
        "polled three times with progress; two polls 'fail' only because of the 60 s timeout. "
        "Check-act-recheck on a "
        "live system (trap T7) plus a short poll."
    )


def shopping_back_navigation() -> Scenario:
    t = Trace(
        "shop-compare-with-back-navigation",
        "Shopping agent opens five products from one result page, going back each time, then checks out.",
        loop=False,
        style="web-shopping browser agent",
        id_style="named",
    )
    t.user(
        "Buy a waterproof hiking backpack, 30-40 litres, under €120, best rated, from "
        "trailgear.example. Ship to my saved address."
    )
    results = snapshot(
        "https://trailgear.example/search?q=waterproof+backpack+30-40l&max=120",
        "Search - TrailGear",
        [
            '- link "Alpenflow 32 · €109 · ★4.6 (812)" [ref=e21]',
            '- link "Rainshell Trek 35 · €94 · ★4.3 (290)" [ref=e22]',
            '- link "Nordkamm Dry 38 · €119 · ★4.8 (156)" [ref=e23]',
            '- link "Summit Lite 30 · €79 · ★4.1 (1,204)" [ref=e24]',
            '- link "Fjelltopp 40 WP · €115 · ★4.7 (433)" [ref=e25]',
        ],
    )
    t.act(
        "",
        "browser_navigate",
        {"url": "https://trailgear.example/search?q=waterproof+backpack+30-40l&max=120"},
        results,
    )
    details = [
        ("e21", "Alpenflow 32", "Water resistant (not waterproof), rain cover included, 1.3 kg"),
        ("e22", "Rainshell Trek 35", "Fully waterproof roll-top, IPX4 zips, 1.1 kg"),
        ("e23", "Nordkamm Dry 38", "Fully waterproof welded seams, IPX6, 1.4 kg"),
        ("e24", "Summit Lite 30", "Water resistant fabric, no rain cover, 0.9 kg"),
        ("e25", "Fjelltopp 40 WP", "Waterproof TPU-coated body, taped seams, 1.5 kg"),
    ]
    for i, (ref, name, spec) in enumerate(details):
        t.act(
            "Opening each candidate to check it's really waterproof." if i == 0 else "",
            "browser_click",
            {"ref": ref, "element": name},
            snapshot(
                f"https://trailgear.example/p/{name.lower().replace(' ', '-')}",
                f"{name} - TrailGear",
                [f'- heading "{name}" [level=1]', f"- text: {spec}", '- button "Add to cart" [ref=e60]'],
            ),
        )
        if i < len(details) - 1:
            t.act("", "browser_navigate_back", {}, results)
    t.act(
        "Nordkamm Dry 38 is fully waterproof and best rated (4.8). Going back to add it.",
        "browser_navigate_back",
        {},
        results,
    )
    t.act(
        "",
        "browser_click",
        {"ref": "e23", "element": "Nordkamm Dry 38"},
        snapshot(
            "https://trailgear.example/p/nordkamm-dry-38",
            "Nordkamm Dry 38 - TrailGear",
            ['- button "Add to cart" [ref=e60]'],
        ),
    )
    t.act(
        "",
        "browser_click",
        {"ref": "e60", "element": "Add to cart"},
        "Clicked. Cart (1): Nordkamm Dry 38 - €119.00",
    )
    t.act(
        "",
        "browser_navigate",
        {"url": "https://trailgear.example/checkout"},
        snapshot(
            "https://trailgear.example/checkout",
            "Checkout - TrailGear",
            [
                '- radio "Saved address: Keizersgracht 221, Amsterdam" [checked] [ref=e71]',
                "- text: Shipping free · Total €119.00",
                '- button "Place order" [ref=e80]',
            ],
        ),
    )
    t.act(
        "",
        "browser_click",
        {"ref": "e80", "element": "Place order"},
        "Order TG-448120 placed. Estimated delivery: Thu 13 June.",
    )
    t.say(
        "Ordered the Nordkamm Dry 38 (€119, fully waterproof, ★4.8) to your saved address; order "
        "TG-448120, arriving Thursday."
    )
    return t.healthy(
        "browser_navigate_back is called five times with identical (empty) arguments and returns the "
        "same result page "
        "each time, but it alternates with clicks on five different products: compare-by-opening is "
        "fan-out, and the "
        "agent ends by ordering. The repeated 'back' is navigation, not a loop."
    )


def slack_channel_digest() -> Scenario:
    t = Trace(
        "mcp-slack-channel-digest",
        "MCP Slack agent reads nine channels' history and posts a digest.",
        loop=False,
        style="MCP-tool agent (Slack)",
        id_style="toolu",
    )
    t.user("Give me a digest of what happened yesterday in the engineering channels and DM it to me.")
    t.act(
        "",
        "slack_list_channels",
        {"limit": 100, "types": "public_channel"},
        jd(
            {
                "channels": [
                    {"id": f"C0{n}", "name": c}
                    for n, c in enumerate(
                        [
                            "eng-general",
                            "eng-backend",
                            "eng-frontend",
                            "eng-infra",
                            "eng-mobile",
                            "eng-data",
                            "incidents",
                            "deploys",
                            "code-review",
                        ],
                        1,
                    )
                ]
            }
        ),
    )
    news = {
        "eng-general": "Q3 planning doc is up; comments by Friday.",
        "eng-backend": "Postgres 16 upgrade scheduled for Tuesday 22:00 CET.",
        "eng-frontend": "Design tokens v2 merged; old CSS vars deprecated.",
        "eng-infra": "NAT gateway costs down 31% after moving S3 traffic to VPC endpoints.",
        "eng-mobile": "iOS 4.18 rejected by review (privacy manifest); fix in progress.",
        "eng-data": "dbt models migrated to incremental; nightly run 48 → 11 min.",
        "incidents": "INC-311: 14 min checkout latency spike, root cause Redis failover; postmortem "
        "Thursday.",
        "deploys": "23 deploys, 1 rollback (search-api 7.2.0).",
        "code-review": "Review SLA breached on 4 PRs older than 3 days.",
    }
    for n, msg in enumerate(news.values(), 1):
        t.act(
            "",
            "slack_get_channel_history",
            {"channel_id": f"C0{n}", "oldest": "1718056800", "latest": "1718143200", "limit": 200},
            jd(
                {
                    "ok": True,
                    "messages": [
                        {
                            "user": f"U0{t.rng.randrange(100, 999)}",
                            "text": msg,
                            "reply_count": t.rng.randrange(0, 14),
                        },
                        {"user": f"U0{t.rng.randrange(100, 999)}", "text": "+1, thanks"},
                    ],
                    "has_more": False,
                }
            ),
        )
    digest = "*Engineering digest - 11 June*\n" + "\n".join(f"• #{ch}: {msg}" for ch, msg in news.items())
    t.act(
        "",
        "slack_post_message",
        {"channel_id": "D04SELF", "text": digest},
        jd({"ok": True, "ts": "1718150000.000200"}),
    )
    t.say(
        "Sent you the digest. Highlights: INC-311 checkout latency spike (Redis failover), iOS 4.18 "
        "rejected, Postgres 16 upgrade Tuesday."
    )
    return t.healthy(
        "slack_get_channel_history is called nine times, once per channel, each with different "
        "messages; one digest is "
        "posted at the end. Fan-out over channels."
    )


def claude_incremental_edits() -> Scenario:
    t = Trace(
        "claude-incremental-same-file-edits",
        "Claude-Code-style agent makes nine different edits to one file, then runs the tests once.",
        loop=False,
        style="terminal coding agent (Claude Code style)",
        id_style="toolu",
    )
    t.user(
        "Migrate src/api/client.ts from the old `request()` helper to `fetchJson()` everywhere in that file."
    )
    path = "/home/dev/web/src/api/client.ts"
    t.act(
        "",
        "Grep",
        {"pattern": "request\\(", "path": path, "output_mode": "content", "-n": True},
        "\n".join(
            f"{path}:{ln}:  return request('{m}', `/api/{e}`{', body' if m != 'GET' else ''});"
            for ln, m, e in [
                (14, "GET", "projects"),
                (19, "POST", "projects"),
                (24, "GET", "projects/${id}"),
                (29, "PATCH", "projects/${id}"),
                (34, "DELETE", "projects/${id}"),
                (41, "GET", "users/me"),
                (46, "GET", "teams"),
                (51, "POST", "teams/${id}/invite"),
                (58, "GET", "audit?cursor=${c}"),
            ]
        ),
    )
    edits = [
        ("GET", "projects", ""),
        ("POST", "projects", ", body"),
        ("GET", "projects/${id}", ""),
        ("PATCH", "projects/${id}", ", body"),
        ("DELETE", "projects/${id}", ""),
        ("GET", "users/me", ""),
        ("GET", "teams", ""),
        ("POST", "teams/${id}/invite", ", body"),
        ("GET", "audit?cursor=${c}", ""),
    ]
    for i, (m, e, b) in enumerate(edits):
        new_body = (
            f", {{ method: '{m}', body: JSON.stringify(body) }}"
            if b
            else (f", {{ method: '{m}' }}" if m != "GET" else "")
        )
        t.act(
            "Replacing each call site." if i == 0 else "",
            "Edit",
            {
                "file_path": path,
                "old_string": f"  return request('{m}', `/api/{e}`{b});",
                "new_string": f"  return fetchJson(`/api/{e}`{new_body});",
            },
            f"The file {path} has been updated.",
        )
    t.act(
        "",
        "Edit",
        {
            "file_path": path,
            "old_string": "import { request } from './request';",
            "new_string": "import { fetchJson } from './fetchJson';",
        },
        f"The file {path} has been updated.",
    )
    t.act(
        "",
        "Bash",
        {"command": "npx tsc --noEmit && npx vitest run src/api", "description": "Type-check and test"},
        " ✓ src/api/client.test.ts (18 tests) 41ms\n ✓ src/api/fetchJson.test.ts (7 tests) 12ms\n\n "
        "Test Files  2 passed (2)\n      Tests  25 passed (25)",
    )
    t.say(
        "All nine call sites in client.ts now use fetchJson (methods and JSON bodies preserved) and the "
        "import is updated; "
        "tsc and the 25 API tests pass."
    )
    return t.healthy(
        "Ten Edit calls on the same file in a row, each replacing a different call site (old_string "
        "differs every time); "
        "incremental same-file edits are listed by peers as a common false positive."
    )


def data_chart_iterations() -> Scenario:
    t = Trace(
        "data-chart-iterations",
        "Data agent re-runs a plotting cell with changed parameters until the chart reads well.",
        loop=False,
        style="data-analysis agent (Python sandbox)",
        id_style="call",
    )
    t.user("Plot the distribution of delivery times from deliveries.csv and save it as delivery_hist.png.")
    t.act(
        "",
        "python",
        {"code": "import pandas as pd\nd = pd.read_csv('deliveries.csv')\nd['hours'].describe()"},
        "count    52211.000\nmean        31.402\nstd         40.118\nmin          0.400\n25%         "
        "11.900\n50%         22.700\n75%         38.100\nmax        912.000\nName: hours, dtype: "
        "float64",
    )
    iterations: list[tuple[str, str, str, bool]] = [
        (
            "Heavy right tail (max 912 h). First pass.",
            "import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nax.hist(d['hours'], "
            "bins=50)\nfig.savefig('delivery_hist.png')",
            "<Figure size 640x480 with 1 Axes>\n[image: one tall bar at 0-20 h, long flat tail to 900 h]",
            False,
        ),
        (
            "The tail squashes everything. Log-scaling x.",
            "fig, ax = plt.subplots()\nax.hist(d['hours'], bins=np.logspace(-0.5, 3, "
            "60))\nax.set_xscale('log')\nfig.savefig('delivery_hist.png')",
            "NameError: name 'np' is not defined",
            True,
        ),
        (
            "",
            "import numpy as np\nfig, ax = plt.subplots()\nax.hist(d['hours'], bins=np.logspace(-0.5, "
            "3, 60))\nax.set_xscale('log')\nfig.savefig('delivery_hist.png')",
            "<Figure size 640x480 with 1 Axes>\n[image: log-normal-looking hump peaking near 20 h, "
            "visible tail]",
            False,
        ),
        (
            "Adding median/p95 markers and labels.",
            "p50, p95 = d['hours'].quantile([.5, .95])\nfig, ax = plt.subplots(figsize=(8, "
            "4.5))\nax.hist(d['hours'], bins=np.logspace(-0.5, 3, 60), "
            "color='#4C78A8')\nax.set_xscale('log')\n"
            "for q, lab in [(p50, 'median'), (p95, 'p95')]:\n    ax.axvline(q, ls='--', c='k'); "
            "ax.text(q, ax.get_ylim()[1]*0.9, f' {lab} {q:.0f} h')\nax.set_xlabel('Delivery time "
            "(hours, log scale)'); ax.set_ylabel('Deliveries')\nfig.tight_layout(); "
            "fig.savefig('delivery_hist.png', dpi=150)",
            "<Figure size 800x450 with 1 Axes>\n[image: histogram with median 23 h and p95 104 h "
            "markers]\nSaved delivery_hist.png (148 KB)",
            False,
        ),
    ]
    for text, code, out, err in iterations:
        t.act(text, "python", {"code": code}, out, error=err)
    t.say(
        "Saved delivery_hist.png: delivery times are roughly log-normal, median 23 h, p95 104 h, with a "
        "long tail of a "
        "few deliveries taking weeks (max 912 h). The x-axis is log-scaled so the tail doesn't hide the bulk."
    )
    return t.healthy(
        "The plotting cell is re-run four times, each time with a real change (log bins, a missing "
        "import fixed, markers "
        "and labels) and a different figure. Iterating on a chart is progress."
    )


def sequential_thinking_progress() -> Scenario:
    t = Trace(
        "sequential-thinking-progress",
        "Agent uses a sequential-thinking tool for nine thoughts that each advance a capacity plan.",
        loop=False,
        style="MCP-tool agent (sequential thinking)",
        id_style="toolu",
    )
    t.user(
        "We get 1,200 support tickets a week, 30% arrive Monday. Agents handle 9 tickets/hour, work 6 "
        "productive hours a day. "
        "How many agents do we need on Monday vs other days to clear tickets the same day?"
    )
    thoughts = [
        "Monday volume: 30% of 1,200 = 360 tickets.",
        "The remaining 70% = 840 tickets over Tue-Fri, assuming a 5-day week: 210 per day.",
        "One agent clears 9 x 6 = 54 tickets per day.",
        "Monday: 360 / 54 = 6.67, so 7 agents.",
        "Other days: 210 / 54 = 3.89, so 4 agents.",
        "Check buffer: same-day clearance needs headroom for arrival peaks late in the day; typical 15% "
        "shrinkage (breaks, "
        "meetings) not already in the 6 productive hours? The prompt says productive hours, so no extra "
        "shrinkage.",
        "But tickets arriving in the last hour can't be cleared same day without overlap; add 1 agent "
        "on Monday where the "
        "queue is deepest: 8 on Monday is safer, 7 is the minimum.",
        "Weekly agent-days: 7 + 4x4 = 23 minimum; with buffer 8 + 4x4 = 24.",
        "Answer: minimum 7 on Monday, 4 Tue-Fri; recommended 8 on Monday for late arrivals.",
    ]
    for n, th in enumerate(thoughts, 1):
        t.act(
            "",
            "sequentialthinking",
            {
                "thought": th,
                "thoughtNumber": n,
                "totalThoughts": len(thoughts),
                "nextThoughtNeeded": n < len(thoughts),
            },
            jd(
                {
                    "thoughtNumber": n,
                    "totalThoughts": len(thoughts),
                    "nextThoughtNeeded": n < len(thoughts),
                    "branches": [],
                    "thoughtHistoryLength": n,
                }
            ),
        )
    t.say(
        "Monday: 360 tickets ÷ 54 per agent-day → at least 7 agents (8 recommended for late-day arrivals). "
        "Tue-Fri: 210 tickets/day → 4 agents. That's 23-24 agent-days a week."
    )
    return t.healthy(
        "sequentialthinking is called nine times with advancing thought numbers and each thought adds a "
        "new calculation "
        "that the answer uses; the tool's own result is near-identical bookkeeping. A thinking tool "
        "that progresses is "
        "the contrast to the runaway sequentialthinking loop peers report (gemini-cli #25671)."
    )


def reread_after_user_change() -> Scenario:
    t = Trace(
        "claude-reread-after-user-edit",
        "Agent re-reads the same config file in three user turns because the user edits it between turns.",
        loop=False,
        style="terminal coding agent (Claude Code style)",
        id_style="toolu",
    )
    read: JSON = {"file_path": "/home/dev/shop/config/flags.yaml"}
    t.user("Is new_checkout enabled in config/flags.yaml?")
    t.act(
        "",
        "Read",
        read,
        "     1→new_checkout: false\n     2→dark_mode: true\n     3→search_v2:\n     4→  enabled: true\n "
        "    5→  rollout: 0.25\n",
    )
    t.say("No, `new_checkout` is `false`.")
    t.user("I just flipped it. Double-check it and run the checkout smoke test.")
    t.act(
        "",
        "Read",
        read,
        "     1→new_checkout: true\n     2→dark_mode: true\n     3→search_v2:\n     4→  enabled: true\n "
        "    5→  rollout: 0.25\n",
    )
    t.act(
        "",
        "Bash",
        {"command": "npm run smoke -- --grep checkout", "description": "Checkout smoke test"},
        "> shop@2.3.1 smoke\n> playwright test smoke --grep checkout\n\nRunning 6 tests using 3 workers\n "
        " 6 passed (21.4s)",
    )
    t.say("Confirmed `new_checkout: true`, and all 6 checkout smoke tests pass.")
    t.user("The pre-commit hook rewrites that file sometimes. Make sure it's still on before I push.")
    t.act(
        "",
        "Read",
        read,
        "     1→new_checkout: true\n     2→dark_mode: true\n     3→search_v2:\n     4→  enabled: true\n "
        "    5→  rollout: 0.25\n",
    )
    t.act(
        "",
        "Bash",
        {"command": "git diff --cached --stat config/flags.yaml", "description": "Staged flag change"},
        " config/flags.yaml | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)",
    )
    t.say("Still `true`, and the change is staged. Safe to push.")
    return t.healthy(
        "The same Read runs in three user turns; the user changes the file between the first two and "
        "asks for an explicit "
        "re-check in the third. Intentional double-checks requested by the user (trap T7, T11) are not loops."
    )


_FETCH_TAILS = [
    "Table 3 shows the breakdown by federal state.",
    "Methodology: registry data (MaStR) with late-registration correction.",
    "The figures are provisional and may be revised.",
    "Source data: Marktstammdatenregister, manufacturer surveys.",
]


def long_research_session() -> Scenario:
    t = Trace(
        "research-long-battery-market",
        "Research agent spends ~55 steps on varied searches, fetches and notes to write a market brief.",
        loop=False,
        style="research/browsing agent",
        id_style="call",
    )
    t.user(
        "Write a 1-page brief on the German residential battery storage market in 2023: installations, "
        "capacity, prices, "
        "leading vendors, policy drivers. Cite sources."
    )
    topics: list[tuple[str, list[Hit], list[str]]] = [
        (
            "Germany home battery installations 2023",
            [
                (
                    "Speichermonitoring 2024 report",
                    "https://battery-charts.example/speichermonitoring-2024",
                    "More than 580,000 home storage systems installed in 2023 ...",
                ),
                (
                    "BSW-Solar: record year for storage",
                    "https://bsw-solar.example/pm-speicher-2023",
                    "Around 1.2 million batteries in operation by end of 2023 ...",
                ),
            ],
            ["Home storage 2023: ~580k new systems (Speichermonitoring); cumulative ~1.2M (BSW)."],
        ),
        (
            "Germany residential storage capacity GWh 2023",
            [
                (
                    "Battery Charts: Home storage capacity",
                    "https://battery-charts.example/home-storage",
                    "Installed capacity of home storage reached 12 GWh ...",
                ),
                (
                    "Fraunhofer ISE: Recent facts about PV",
                    "https://ise.example/recent-facts-pv",
                    "Around 80% of new residential PV systems installed with a battery ...",
                ),
            ],
            ["Capacity: ~12 GWh cumulative home storage end-2023; ~80% PV attach rate."],
        ),
        (
            "home battery price per kWh Germany 2023",
            [
                (
                    "Price development of home storage",
                    "https://battery-charts.example/prices",
                    "Average end-customer price fell to about €1,000 per kWh ...",
                ),
                (
                    "EUPD: storage price index Q4 2023",
                    "https://eupd.example/storage-price-index",
                    "Prices down 14% year on year for 5-10 kWh systems ...",
                ),
            ],
            ["Prices: ~€1,000/kWh average end-customer; -14% y/y (EUPD, 5-10 kWh)."],
        ),
        (
            "leading home battery vendors Germany market share 2023",
            [
                (
                    "EUPD Research: market leaders home storage",
                    "https://eupd.example/top-brands-2023",
                    "BYD, Sonnen, E3/DC, Senec and Huawei lead ...",
                ),
                (
                    "pv magazine: BYD tops German storage market",
                    "https://pv-magazine.example/byd-germany",
                    "BYD retained the top spot with about a fifth of ...",
                ),
            ],
            ["Vendors: BYD (~20%), Sonnen, E3/DC, Senec, Huawei (EUPD)."],
        ),
        (
            "Germany VAT zero rate PV battery 2023 policy",
            [
                (
                    "Zero VAT for PV systems from 2023",
                    "https://bundesfinanzministerium.example/nullsteuersatz",
                    "0% VAT on PV modules and storage for systems up to 30 kWp ...",
                ),
                (
                    "EEG 2023 changes explained",
                    "https://clean-energy-wire.example/eeg-2023",
                    "Feed-in tariffs raised; self-consumption favoured ...",
                ),
            ],
            ["Policy: 0% VAT on PV+storage ≤30 kWp since 1 Jan 2023; EEG 2023."],
        ),
        (
            "Germany electricity price households 2023 ct/kWh",
            [
                (
                    "BDEW Strompreisanalyse",
                    "https://bdew.example/strompreisanalyse",
                    "Average household price 45.7 ct/kWh in 2023 ...",
                ),
            ],
            ["Household power ~45.7 ct/kWh avg 2023 (BDEW) - driver for self-consumption."],
        ),
        (
            "KfW 442 solar power for electric cars subsidy battery",
            [
                (
                    "KfW 442 programme",
                    "https://kfw.example/442",
                    "Grants for PV, storage and wallbox combination; budget exhausted within a day ...",
                ),
            ],
            ["KfW 442 (Sept 2023): PV+battery+wallbox grants, €300M budget exhausted in a day."],
        ),
        (
            "home battery fire safety Germany recall 2023",
            [
                (
                    "Senec recall and capacity limits",
                    "https://heise.example/senec-limits",
                    "Senec limited capacity of some systems after fires ...",
                ),
            ],
            ["Risk: Senec capacity throttling after fires (reputational issue for segment)."],
        ),
        (
            "Germany home storage market outlook 2024 2025",
            [
                (
                    "Speichermonitoring outlook",
                    "https://battery-charts.example/outlook",
                    "Growth expected to slow in 2024 as PV demand normalises ...",
                ),
                (
                    "Wood Mackenzie: European residential storage",
                    "https://woodmac.example/eu-resi-storage",
                    "Germany remains the largest market, ~60% of EU residential ...",
                ),
            ],
            ["Outlook: slowdown 2024; Germany ~60% of EU residential storage (WoodMac)."],
        ),
        (
            "average home battery size kWh Germany 2023",
            [
                (
                    "Home storage: average capacity",
                    "https://battery-charts.example/avg-capacity",
                    "Average usable capacity of new systems rose to 8.8 kWh in 2023 ...",
                ),
                (
                    "HTW Berlin Stromspeicher-Inspektion 2024",
                    "https://htw.example/stromspeicher-inspektion",
                    "Efficiency comparison of 20 systems between 5 and 10 kWh ...",
                ),
            ],
            ["Average new home battery ~8.8 kWh usable (2023); HTW efficiency ranking."],
        ),
        (
            "Germany PV installer waiting times 2023 storage",
            [
                (
                    "Handwerk survey: PV installers booked out",
                    "https://zdh.example/pv-umfrage",
                    "Waiting times fell from 6-9 months in 2022 to 2-4 months by late 2023 ...",
                ),
                (
                    "pv magazine: installer capacity",
                    "https://pv-magazine.example/installer-capacity",
                    "More electricians trained; lead times normalising ...",
                ),
            ],
            ["Installer waits fell from 6-9 to 2-4 months during 2023."],
        ),
        (
            "dynamic electricity tariff obligation 2025 Germany smart meter home battery",
            [
                (
                    "Dynamic tariffs mandatory from 2025",
                    "https://bundesnetzagentur.example/dynamische-tarife",
                    "All suppliers must offer dynamic tariffs from 1 January 2025 ...",
                ),
                (
                    "Smart meter rollout law (GNDEW)",
                    "https://bmwk.example/gndew",
                    "Rollout of smart meters accelerated; mandatory above 6,000 kWh/yr or with PV > 7 kW ...",
                ),
            ],
            [
                "Dynamic tariffs mandatory from 2025; GNDEW smart meter rollout - future value driver "
                "for batteries."
            ],
        ),
        (
            "vehicle-to-home bidirectional charging Germany 2023 status",
            [
                (
                    "Bidirectional charging: where Germany stands",
                    "https://ffe.example/bidi-status",
                    "Pilot projects only; regulatory double-levy issue partly resolved in 2023 ...",
                ),
            ],
            ["V2H: pilots only in 2023; not yet a competitor to stationary storage."],
        ),
        (
            "second-life EV batteries home storage Germany",
            [
                (
                    "Second-life storage products",
                    "https://battery-news.example/second-life-home",
                    "A handful of startups sell second-life home systems; volumes are small ...",
                ),
            ],
            ["Second-life home storage: niche, small volumes."],
        ),
    ]
    for q, hits, notes in topics:
        t.act(
            "",
            "web_search",
            {"query": q, "num_results": 6},
            serp(q, hits, fmt=t.rng.choice(["json", "text", "markdown"])),
        )
        for title, url, snippet in hits:
            t.act(
                "",
                "fetch_url",
                {"url": url, "max_chars": 6000},
                f"{title}\n\n{snippet} {t.rng.choice(_FETCH_TAILS)}",
            )
        for n in notes:
            t.act("", "save_note", {"topic": "de-home-storage", "text": n}, jd({"saved": True}))
    t.act(
        "",
        "fetch_url",
        {
            "url": "https://www.marktstammdatenregister.example/MaStR/Einheit/Einheiten/OeffentlicheEinheitenuebersicht?filter=Speicher"
        },
        "Marktstammdatenregister - Stromspeichereinheiten\nFilter: Inbetriebnahme 2023, Technologie "
        "Batterie, Leistung < 30 kW\nTreffer: 571.914",
    )
    t.act("", "list_notes", {"topic": "de-home-storage"}, jd({"count": sum(len(n) for _, _, n in topics)}))
    t.say(
        "## German residential battery storage, 2023\n\n- **Installations:** ~580,000 new home "
        "batteries (MaStR: 571,914 "
        "registered <30 kW), ~1.2M in operation.\n- **Capacity:** ~12 GWh cumulative; ~80% of new home "
        "PV has a battery.\n"
        "- **Prices:** ~€1,000/kWh average, -14% y/y.\n- **Vendors:** BYD (~20%), Sonnen, E3/DC, Senec, "
        "Huawei.\n- **Policy:** 0% "
        "VAT on PV+storage ≤30 kWp from 2023; KfW 442; high household power prices (45.7 ct/kWh).\n- "
        "**Outlook:** slower "
        "growth in 2024; Germany ≈60% of EU residential storage. Average new system ~8.8 kWh; "
        "installer waits down to 2-4 months; dynamic tariffs from 2025 add value.\n\nSources: Battery "
        "Charts/Speichermonitoring, BSW-Solar, "
        "Fraunhofer ISE, EUPD, BDEW, KfW, BMF, Wood Mackenzie, HTW Berlin, BNetzA, MaStR."
    )
    return t.healthy(
        f"A long session of {t.step} steps: {len(topics)} different searches, a fetch of every distinct "
        "result, notes saved "
        "as facts accumulate, a registry check and a cited brief. Many calls of the same three tools, "
        "but every call "
        "targets something new."
    )
