"""Content the agents share: names, tool flavours, output renderings and productive orientation steps."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

from .transcript import Call, pick

# --------------------------------------------------------------------------- shared content

NAMESPACES = ["payments", "checkout", "staging", "search", "ledger"]
SERVICES = ["invoice-renderer", "checkout-api", "ledger-writer", "search-indexer", "notifier"]
AIRPORTS = [("LIS", "Lisbon"), ("YYZ", "Toronto"), ("OSL", "Oslo"), ("BOG", "Bogota"), ("KIX", "Osaka")]
CUSTOMERS = [
    "Linden Hollow Bakery",
    "Kettleworks Ltd",
    "Alder & Finch",
    "Brightwater Dental",
    "Oakmere Cycles",
]


def notebook_tool(rng: random.Random) -> tuple[str, str]:
    return pick(rng, ["run_cell", "execute_cell", "jupyter_run"]), pick(rng, ["code", "source"])


def sql_tool(rng: random.Random) -> tuple[str, str]:
    return pick(rng, ["run_sql", "warehouse_query", "sql"]), pick(rng, ["sql", "query"])


def py_traceback(cell: int, lines: Sequence[str], error: str, frame: str = "") -> str:
    """An IPython-style traceback of a failing cell."""
    shown = "\n".join(
        f"{'----> ' if i == len(lines) else '      '}{i} {line}" for i, line in enumerate(lines, 1)
    )
    kind = error.split(":", 1)[0]
    return (
        f"---------------------------------------------------------------------------\n"
        f"{kind:<42}Traceback (most recent call last)\nCell In[{cell}], line {len(lines)}\n{shown}\n"
        f"{frame}\n{error}"
    )


def kubectl_call(rng: random.Random, style: int, args: str, content: str, *, is_error: bool = False) -> Call:
    """One kubectl invocation, through a dedicated tool or a generic shell."""
    if style == 0:
        return Call("kubectl", {"args": args.split()}, content, is_error)
    if style == 1:
        return Call("shell", {"cmd": f"kubectl {args}"}, content, is_error)
    return Call("run_command", {"command": f"kubectl {args}", "timeout_s": 60}, content, is_error)


def mail_listing(rows: Sequence[tuple[str, str, str, str]]) -> str:
    """A mailbox search result: id, sender, subject, preview per thread."""
    if not rows:
        return "0 results"
    return json.dumps(
        {
            "results": [{"id": i, "from": f, "subject": s, "preview": p} for i, f, s, p in rows],
            "count": len(rows),
        },
        indent=1,
    )


def search_listing(rng: random.Random, hits: Sequence[tuple[str, str, str]], style: int) -> str:
    """Search results (title, url, snippet) in one of three renderings."""
    if style == 0:
        return "\n\n".join(f"{i}. [{t}]({u})\n{s}" for i, (t, u, s) in enumerate(hits, 1))
    if style == 1:
        return json.dumps({"results": [{"title": t, "link": u, "snippet": s} for t, u, s in hits]}, indent=1)
    return "## Search Results\n\n" + "\n\n".join(f"[{t}]({u})\nDate published: n/a\n{s}" for t, u, s in hits)


def notebook_pool(tool: str, key: str) -> list[tuple[str, Call]]:
    return [
        (
            "Checking the working directory.",
            Call(
                tool,
                {key: "import os\nsorted(os.listdir('.'))"},
                "['churn.parquet', 'notebooks', 'revenue.csv', 'sales_q3.csv', 'signups.csv']",
            ),
        ),
        ("Checking the pandas version.", Call(tool, {key: "import pandas as pd\npd.__version__"}, "'2.2.3'")),
        ("Widening the display.", Call(tool, {key: "pd.set_option('display.max_columns', 50)"}, "")),
    ]


def sql_pool(tool: str, key: str) -> list[tuple[str, Call]]:
    return [
        (
            "Confirming the database.",
            Call(
                tool,
                {key: "SELECT current_database(), current_user;"},
                " current_database | current_user\n------------------+--------------\n analytics        | "
                "agent_ro\n(1 row)",
            ),
        ),
        (
            "Checking the table sizes.",
            Call(
                tool,
                {key: "SELECT relname, n_live_tup FROM pg_stat_user_tables ORDER BY 2 DESC LIMIT 4;"},
                "  relname   | n_live_tup\n------------+------------\n events_raw |   91822310\n orders  "
                "   |      48211\n returns    |      18233\n customers  |       9120\n(4 rows)",
            ),
        ),
        (
            "Checking the server version.",
            Call(tool, {key: "SHOW server_version;"}, " server_version\n----------------\n 16.4\n(1 row)"),
        ),
    ]


def kube_pool(rng: random.Random, style: int) -> list[tuple[str, Call]]:
    return [
        (
            "Checking which cluster I am on.",
            kubectl_call(rng, style, "config current-context", "prod-eu-west-1"),
        ),
        (
            "Listing namespaces.",
            kubectl_call(
                rng,
                style,
                "get ns",
                "NAME          STATUS   AGE\n"
                + "\n".join(f"{n:<13} Active   {90 + 7 * i}d" for i, n in enumerate(NAMESPACES)),
            ),
        ),
        (
            "Checking node capacity.",
            kubectl_call(
                rng,
                style,
                "top nodes",
                "NAME           CPU(cores)   CPU%   MEMORY(bytes)   MEMORY%\nnode-a1        3410m        "
                "85%    11210Mi         71%\nnode-a2        3702m        92%    12004Mi         76%",
            ),
        ),
    ]


def mail_pool() -> list[tuple[str, Call]]:
    return [
        (
            "Listing the folders.",
            Call("list_folders", {}, '["Inbox", "Support", "Billing", "Archive", "Spam"]'),
        ),
        (
            "Checking the reply signature.",
            Call("get_settings", {"section": "signature"}, '{"signature": "Kind regards,\\nCustomer Care"}'),
        ),
        ("Counting unread support mail.", Call("count_unread", {"folder": "Support"}, '{"unread": 14}')),
    ]


def travel_pool() -> list[tuple[str, Call]]:
    return [
        (
            "Loading the traveller profile.",
            Call(
                "get_traveller_profile",
                {},
                '{"name": "R. Alvarez", "frequent_flyer": "TP 448120", "seat_pref": "aisle"}',
            ),
        ),
        (
            "Checking saved payment methods.",
            Call("list_payment_methods", {}, '[{"id": "saved_visa", "last4": "4242", "expires": "2028-09"}]'),
        ),
        (
            "Checking the travel policy.",
            Call("get_policy", {"topic": "air"}, '{"max_economy_eur": 600, "refundable_required": false}'),
        ),
    ]


def mobile_pool(app: str) -> list[tuple[str, Call]]:
    return [
        (
            "Launching the app.",
            Call("launch_app", {"package": f"com.example.{app.lower()}"}, f"{app} launched"),
        ),
        (
            "Taking a screenshot of the home screen.",
            Call(
                "screenshot",
                {},
                f"[screen] {app} - Home. Search bar at top; tabs Home, Search, Cart, Profile.",
            ),
        ),
        ("Closing the promo banner.", Call("tap", {"x": 1000, "y": 260}, "[screen] banner closed")),
    ]
