#!/usr/bin/env python3
"""Write ``corpus/heldout-blind/``: a held-out set of agent styles no other corpus set models.

Written blind for issue 20: from the issue's loop and look-alike descriptions, ``SCHEMA.md`` and
general knowledge of how agents behave, without reading loopwatch's detectors or their thresholds,
and labelled and committed before any detector ran on it. The agents: a data-analysis notebook agent
(pandas cells, SQL warehouse), a travel-booking agent with a flaky payment API, a web research agent
(search and fetch), a DevOps agent (kubectl, terraform), a customer-email triage agent, a manager
delegating to sub-agents, a mobile-UI automation agent (tap, swipe, screenshot). Stdlib only and
deterministic: each scenario draws from ``random.Random`` seeded with ``SEED`` and its index.

    python3 corpus/generate_heldout_blind.py [--out DIR]

Labelling (``onset_step``, the earliest step at which the repetition is unambiguous):

* exact repeat (same tool, same arguments, same result): its 3rd occurrence;
* near repeat (other arguments, but the same kind of failure, the same pages, the same report): the
  first attempt is information, so the 4th attempt;
* A/B/A/B cycle: the end of the second complete pass (the 2nd B);
* a response collapsing into repeated text: that response's step.

Text-only planning steps between attempts neither count nor reset; productive steps before a pattern
are not part of it.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEED = 2026_12_03
DEFAULT_OUT = Path(__file__).resolve().parent / "heldout-blind"
SOURCE = "synthetic: corpus/generate_heldout_blind.py"
#: A near repeat's 4th attempt (0-based index 3): three fruitless repeats after an informative first.
NEAR_ONSET_ATTEMPT = 3
#: An exact repeat's 3rd occurrence (0-based index 2).
EXACT_ONSET_OCCURRENCE = 2
#: Tool results longer than this keep their head and tail (SCHEMA.md: about 4000 characters).
MAX_CONTENT = 4000

Json = dict[str, Any]


# --------------------------------------------------------------------------- transcript building


@dataclass(frozen=True)
class Call:
    """One tool call of a step and the result the tool answered with."""

    name: str
    arguments: Json
    content: str
    is_error: bool = False


@dataclass
class Transcript:
    """The flat event list of one session; ``step`` appends one assistant message (one step)."""

    rng: random.Random
    description: str = ""
    events: list[Json] = field(default_factory=list)
    steps: int = 0
    _calls: int = 0
    _id_style: int = 0

    def __post_init__(self) -> None:
        self._id_style = self.rng.randrange(3)

    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def step(self, text: str, calls: Sequence[Call] = ()) -> int:
        """Append one assistant message, its calls and their results; return its step number."""
        self.steps += 1
        message: Json = {"type": "message", "role": "assistant", "text": text}
        ids = [self._next_id() for _ in calls]
        if calls:
            message["tool_calls"] = [
                {"id": cid, "name": c.name, "arguments": c.arguments}
                for cid, c in zip(ids, calls, strict=True)
            ]
        self.events.append(message)
        for cid, c in zip(ids, calls, strict=True):
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": cid,
                    "name": c.name,
                    "content": clip(c.content),
                    "is_error": c.is_error,
                }
            )
        return self.steps

    def _next_id(self) -> str:
        self._calls += 1
        if self._id_style == 0:
            return f"call_{self.rng.randrange(16**12):012x}"
        if self._id_style == 1:
            return f"toolu_01{self.rng.randrange(36**10):010d}"[:22]
        return f"fc_{self._calls}"


@dataclass(frozen=True)
class Loop:
    """What a loop family tells the label: the onset step, the kinds and a one-line reason."""

    onset: int
    kinds: tuple[str, ...]
    note: str


def clip(text: str) -> str:
    """Keep head and tail of a long tool output, as SCHEMA.md asks."""
    if len(text) <= MAX_CONTENT:
        return text
    half = MAX_CONTENT // 2
    return f"{text[:half]}\n... [{len(text) - MAX_CONTENT} characters truncated] ...\n{text[-half:]}"


def pick(rng: random.Random, options: Sequence[str]) -> str:
    return options[rng.randrange(len(options))]


def maybe_plan(t: Transcript, rng: random.Random, lines: Sequence[str], chance: float) -> None:
    """A text-only planning step, sometimes: it neither counts as an attempt nor resets one."""
    if rng.random() < chance:
        t.step(pick(rng, lines))


# --------------------------------------------------------------------------- shared content

REGIONS = ["North", "South", "East", "West", "Central"]
CARRIERS = ["DHL Express", "UPS Standard", "PostNord", "GLS", "Colissimo"]
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


# --------------------------------------------------------------------------- orientation steps


def orient(t: Transcript, rng: random.Random, pool: Sequence[tuple[str, Call]], most: int = 3) -> None:
    """0 to ``most`` productive steps (distinct calls, new results): a pattern may start anywhere."""
    for text, call in rng.sample(list(pool), min(rng.randrange(most + 1), len(pool))):
        t.step(text, [call])


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


# =========================================================================== loop families
# --------------------------------------------------------------------------- (1) failure streak


def loop_failure_streak(t: Transcript, rng: random.Random, variant: int) -> Loop:
    """4+ consecutive failing calls with rewritten inputs; the errors say the same thing in other words."""
    return [_streak_pandas, _streak_manifest, _streak_sql_column, _streak_flight_dates][variant % 4](t, rng)


def _streak_pandas(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "notebook agent: an average over a text column fails 5-7 times while the model rewrites the cast"
    )
    tool, key = notebook_tool(rng)
    t.user("Using sales_q3.csv, what was the average order value per region in Q3? A small table is fine.")
    orient(t, rng, notebook_pool(tool, key))
    head = (
        "   order_id      region    amount  order_date\n0     10231       North  1,204.50  2026-07-02\n"
        "1     10232        East    312.00  2026-07-02\n2     10233  Central  2,310.00  2026-07-03\n"
        "3     10234       South     89.90  2026-07-03\n4     10235        West    640.00  2026-07-04"
    )
    t.step(
        "Let me load the file and look at the columns.",
        [Call(tool, {key: "import pandas as pd\ndf = pd.read_csv('sales_q3.csv')\ndf.head()"}, head)],
    )
    attempts = [
        (
            ["df.groupby('region')['amount'].mean()"],
            "TypeError: agg function failed [how->mean,dtype->object]",
        ),
        (
            ["df['amount'] = df['amount'].astype(float)", "df.groupby('region')['amount'].mean()"],
            "ValueError: could not convert string to float: '1,204.50'",
        ),
        (
            ["df['amount'] = pd.to_numeric(df['amount'])", "df.groupby('region')['amount'].mean()"],
            'ValueError: Unable to parse string "1,204.50" at position 0',
        ),
        (
            [
                "df['amount'] = df['amount'].str.strip().astype('float64')",
                "df.groupby('region').amount.mean()",
            ],
            "ValueError: could not convert string to float: '1,204.50'",
        ),
        (
            ["df['amount'] = df['amount'].apply(float)", "df.groupby('region')['amount'].agg('mean')"],
            "ValueError: could not convert string to float: '2,310.00'",
        ),
        (
            [
                "df = pd.read_csv('sales_q3.csv', dtype={'amount': 'float64'})",
                "df.groupby('region')['amount'].mean()",
            ],
            "ValueError: could not convert string to float: '1,204.50'",
        ),
        (
            [
                "df['amount'] = df['amount'].str.replace('$', '', regex=False).astype(float)",
                "df.pivot_table(index='region', values='amount')",
            ],
            "ValueError: could not convert string to float: '1,204.50'",
        ),
    ]
    apologies = [
        "Sorry, the amount column is text. Converting it to numbers first.",
        "My mistake - let me use pandas' numeric conversion instead.",
        "Apologies, that also failed. Stripping whitespace before casting.",
        "Let me try converting each value explicitly.",
        "I'll set the dtype while reading the file instead.",
        "Sorry again - removing the currency sign before the cast.",
    ]
    n = rng.randrange(5, 8)
    onset = 0
    for i, (code, error) in enumerate(attempts[:n]):
        text = "Computing the mean per region." if i == 0 else apologies[i - 1]
        frame = (
            "File ~/.venv/lib/python3.11/site-packages/pandas/core/generic.py:6643, in NDFrame.astype(self, "
            "dtype, copy, errors)"
        )
        s = t.step(text, [Call(tool, {key: "\n".join(code)}, py_traceback(i + 2, code, error, frame), True)])
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    t.step("I keep failing to convert the amount column to numbers, so I cannot compute the averages yet.")
    return Loop(
        onset,
        ("error_streak", "same_tool"),
        f"the cast fails {n} times in a row on the same comma-formatted value in other words; 4th attempt "
        f"at step {onset}",
    )


def _streak_manifest(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "DevOps agent: a Deployment manifest rejected 5-6 times for a string containerPort the "
        "model keeps rewriting"
    )
    ns, svc = pick(rng, NAMESPACES), pick(rng, SERVICES)
    style = rng.randrange(3)
    t.user(f"Deploy {svc} to the {ns} namespace with the image registry.example.com/{svc}:1.8.2, port 8080.")
    orient(t, rng, kube_pool(rng, style))
    t.step(
        f"Checking what runs in {ns} now.",
        [
            kubectl_call(
                rng,
                style,
                f"get deploy -n {ns}",
                "NAME              READY   UP-TO-DATE   AVAILABLE   AGE\nnotifier          2/2     2    "
                "        2            41d\nledger-writer     3/3     3            3            12d",
            )
        ],
    )
    ports = ['"8080"', "'8080'", '"{{ .Values.port }}"', '"8080" # http', '"http-8080"', '"${PORT:-8080}"']
    errors = [
        'error: error validating "STDIN": error validating data: ValidationError(Deployment.spec.templa'
        "te.spec.containers[0].ports[0].containerPort): "
        'invalid type for io.k8s.api.core.v1.ContainerPort.containerPort: got "string", expected "integer"; '
        "if you choose to ignore these errors, turn validation off with --validate=false",
        'Error from server (BadRequest): error when creating "STDIN": Deployment in version "v1" cannot be '
        "handled as a Deployment: json: cannot unmarshal string into Go struct field ContainerPort.spec"
        ".template.spec.containers.ports.containerPort "
        "of type int32",
        'The Deployment "{svc}" is invalid: spec.template.spec.containers[0].ports[0].containerPort: Invalid '
        'value: "string": must be an integer between 1 and 65535',
    ]
    texts = [
        "Applying the manifest.",
        "Sorry - quoting the port differently.",
        "Let me template the port instead.",
        "Apologies; adding a comment and trying again.",
        "Maybe a named port string works.",
        "Using an env default for the port.",
    ]
    n = rng.randrange(5, 7)
    onset = 0
    for i, port in enumerate(ports[:n]):
        manifest = (
            f"apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {svc}\n  namespace: {ns}\nspec:\n "
            " replicas: 2\n"
            f"  selector:\n    matchLabels: {{app: {svc}}}\n  template:\n    metadata:\n      labels: {{app: "
            f"{svc}}}\n"
            f"    spec:\n      containers:\n      - name: {svc}\n        image: registry.example.com/{svc}"
            ":1.8.2\n"
            f"        ports:\n        - containerPort: {port}\n"
        )
        error = errors[i % len(errors)].format(svc=svc)
        if style == 0:
            call = Call("kubectl_apply", {"manifest": manifest, "namespace": ns}, error, True)
        else:
            call = kubectl_call(
                rng, style, f"apply -n {ns} -f - <<'EOF'\n{manifest}EOF", error, is_error=True
            )
        s = t.step(texts[i], [call])
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    t.step(f"The cluster keeps rejecting the port field; I could not deploy {svc}.")
    return Loop(
        onset,
        ("error_streak", "same_tool"),
        f"{n} rejected applies, each a string containerPort in other quoting and the same type error "
        "reworded; "
        f"4th at step {onset}",
    )


def _streak_sql_column(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "SQL analysis agent: guesses the ship-date column 5-7 times while every error gives the same hint"
    )
    tool, key = sql_tool(rng)
    t.user("How many October orders shipped after their promised date, per carrier?")
    orient(t, rng, sql_pool(tool, key))
    t.step(
        "Let me see which tables exist.",
        [
            Call(
                tool,
                {key: "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public';"},
                " table_name\n-----------\n orders\n carriers\n customers\n returns\n(4 rows)",
            )
        ],
    )
    guesses = [
        "ship_date",
        "shipped_date",
        "o.ship_dt",
        "shipping_date",
        "date_shipped",
        "shipment_date",
        "shipdate",
    ]
    texts = [
        "Counting late shipments per carrier.",
        "Sorry, wrong column name. Trying shipped_date.",
        "Let me alias the table and try again.",
        "Apologies - maybe it is shipping_date.",
        "Trying another likely name.",
        "One more guess at the column.",
        "Let me try without the underscore.",
    ]
    n = rng.randrange(5, 8)
    onset = 0
    for i, col in enumerate(guesses[:n]):
        bare = col.split(".")[-1]
        sql = (
            f"SELECT carrier, count(*) AS late\nFROM orders o\nWHERE {col} > o.promised_at\n  AND "
            "o.ordered_at "
            ">= '2026-10-01' AND o.ordered_at < '2026-11-01'\nGROUP BY carrier ORDER BY late DESC;"
        )
        error = (
            f"ERROR:  column {'o.' if '.' in col else ''}{bare} does not exist\nLINE 3: WHERE {col} "
            "> o.promised_at\n"
            f'              ^\nHINT:  Perhaps you meant to reference the column "o.shipped_at".'
        )
        s = t.step(texts[i], [Call(tool, {key: sql}, error, True)])
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    t.step("I could not find the shipping date column, so I cannot count late orders.")
    return Loop(
        onset,
        ("error_streak", "same_tool"),
        f"{n} guessed column names for the same field, each error carrying the same HINT; 4th guess at step "
        f"{onset}",
    )


def _streak_flight_dates(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "travel agent: a flight search rejected 5-7 times for its date while the model reformats it"
    )
    (o, ocity), (d, dcity) = rng.sample(AIRPORTS, 2)
    tool = pick(rng, ["search_flights", "flight_search", "find_flights"])
    t.user(f"Find me a one-way economy flight from {ocity} to {dcity} on 14 March 2027, morning if possible.")
    orient(t, rng, travel_pool())
    formats = [
        "14/03/2027",
        "03/14/2027",
        "14 March 2027",
        "2027/03/14",
        "20270314",
        "14-03-2027",
        "Mar 14, 2027",
    ]
    errors = [
        "400 Bad Request: departure_date is invalid",
        "Invalid value for 'departure_date': '{v}' could not be parsed",
        "Error: date format not recognised ({v})",
        "Bad Request - field departure_date: unparseable date",
        "departure_date: value '{v}' is not a valid date",
    ]
    texts = [
        "Searching flights.",
        "Sorry, the date was not accepted. Using the US order.",
        "My apologies, writing the month out.",
        "Let me try a different separator.",
        "Trying the compact form.",
        "Apologies, one more format.",
        "Writing the date in words.",
    ]
    n = rng.randrange(5, 8)
    onset = 0
    for i, v in enumerate(formats[:n]):
        args = {"origin": o, "destination": d, "departure_date": v, "cabin": "economy", "adults": 1}
        s = t.step(texts[i], [Call(tool, args, errors[i % len(errors)].format(v=v), True)])
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    t.step("The flight search keeps rejecting the date. Could you check again later?")
    return Loop(
        onset,
        ("error_streak", "same_tool"),
        f"{n} date spellings rejected in a row with the same complaint reworded; the 4th at step {onset}",
    )


# --------------------------------------------------------------------------- (2) schema misuse


def loop_schema_misuse(t: Transcript, rng: random.Random, variant: int) -> Loop:
    """The same tool rejected for its parameters under trivially different arguments, planning between."""
    return [_schema_tap, _schema_terraform, _schema_label, _schema_cell][variant % 4](t, rng)


def _schema_attempts(
    t: Transcript,
    rng: random.Random,
    tool: str,
    attempts: Sequence[tuple[Json, str]],
    texts: Sequence[str],
    plans: Sequence[str],
) -> tuple[int, int]:
    """Run 5-6 rejected attempts with planning steps between; return (onset step, attempts)."""
    n = rng.randrange(5, min(7, len(attempts) + 1))
    onset = 0
    for i, (args, error) in enumerate(attempts[:n]):
        if i:
            maybe_plan(t, rng, plans, 0.55)
        s = t.step(texts[i % len(texts)], [Call(tool, args, error, True)])
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    return onset, n


def _schema_tap(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "mobile-UI agent: the tap tool rejected 5-6 times for malformed coordinates, planning between"
    )
    app = pick(rng, ["FreshCart", "Pantrybox", "Greenbasket"])
    t.user(f"In the {app} app, add the 1 kg bag of basmati rice to the cart.")
    orient(t, rng, mobile_pool(app))
    t.step(
        "Taking a screenshot to see the current screen.",
        [
            Call(
                "screenshot",
                {},
                f"[screen 1080x2340] {app} - Product: Basmati rice 1 kg, EUR 3.49. Buttons: 'Add to cart' "
                "at (540, 1630), 'Back' at (60, 140). Rating 4.6 (812 reviews).",
            )
        ],
    )
    tool = pick(rng, ["tap", "tap_screen", "touch"])
    attempts: list[tuple[Json, str]] = [
        ({"x": "540", "y": "1630"}, f"Invalid arguments for {tool}: x: expected integer, got string '540'"),
        (
            {"coordinates": [540, 1630]},
            f"Invalid arguments for {tool}: unexpected property 'coordinates' (required: x, y)",
        ),
        (
            {"x": "540", "y": "1630", "duration_ms": 80},
            f"Invalid arguments for {tool}: x: expected integer, got string '540'",
        ),
        (
            {"position": "540,1630"},
            f"Invalid arguments for {tool}: unexpected property 'position' (required: x, y)",
        ),
        (
            {"point": {"x": 540, "y": 1630}},
            f"Invalid arguments for {tool}: unexpected property 'point' (required: x, y)",
        ),
        (
            {"x": "540px", "y": "1630px"},
            f"Invalid arguments for {tool}: x: expected integer, got string '540px'",
        ),
    ]
    texts = [
        "Tapping 'Add to cart'.",
        "Tapping the button.",
        "Let me tap it again.",
        "Tapping 'Add to cart' now.",
    ]
    plans = [
        "The button is at (540, 1630); I need to press it to add the rice.",
        "I should tap the Add to cart button at the bottom of the screen.",
        "Let me make sure I pass the coordinates correctly this time.",
    ]
    onset, n = _schema_attempts(t, rng, tool, attempts, texts, plans)
    t.step("I was not able to press the button; the tap tool keeps rejecting my input.")
    return Loop(
        onset,
        ("error_streak", "same_tool"),
        f"{n} taps rejected for the same parameter problem (string or wrongly named coordinates); 4th at "
        f"step {onset}",
    )


def _schema_terraform(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "DevOps agent: a terraform plan tool rejected 5-6 times for a missing working_directory, "
        "the key renamed each time"
    )
    env = pick(rng, ["prod", "staging", "eu-west"])
    t.user(f"Show me what terraform would change in infra/envs/{env} after the bucket lifecycle edit.")
    t.step(
        "Reading the edited file first.",
        [
            Call(
                "read_file",
                {"path": f"infra/envs/{env}/storage.tf"},
                'resource "aws_s3_bucket_lifecycle_configuration" "logs" {\n  bucket = aws_s3_bucket.lo'
                "gs.id\n "
                ' rule {\n    id     = "expire-old"\n    status = "Enabled"\n    expiration { days = 30 }\n '
                " }\n}",
            )
        ],
    )
    tool = pick(rng, ["terraform_plan", "tf_plan"])
    path = f"infra/envs/{env}"
    keys = ["dir", "path", "workdir", "directory", "working_dir", "cwd"]
    rng.shuffle(keys)
    attempts: list[tuple[Json, str]] = []
    for i, k in enumerate(keys):
        args: Json = {k: path, "var_file": f"{env}.tfvars"} if i % 2 else {k: path}
        error = (
            f"1 validation error for PlanArgs\nworking_directory\n  Field required [type=missing, "
            f"input_value={args!r}, input_type=dict]\n"
            "    For further information visit https://errors.pydantic.dev/2.9/v/missing"
        )
        attempts.append((args, error))
    texts = [
        "Running the plan.",
        "Running terraform plan for the directory.",
        "Planning again with the directory set.",
        "Let me run the plan.",
    ]
    plans = [
        f"The plan needs to run in {path}; I'll pass the directory.",
        "I need the plan output to answer; trying the tool again.",
        "The directory argument seems to be the problem.",
    ]
    onset, n = _schema_attempts(t, rng, tool, attempts, texts, plans)
    t.step("The plan tool keeps refusing my arguments, so I cannot show the diff.")
    return Loop(
        onset,
        ("error_streak", "same_tool"),
        f"{n} plan calls each missing working_directory under another key; 4th at step {onset}",
    )


def _schema_label(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "email triage agent: the label tool rejected 5-6 times for argument shape, planning text between"
    )
    customer = pick(rng, CUSTOMERS)
    mid = f"msg_{rng.randrange(16**10):010x}"
    t.user("Triage the newest message in the Support inbox.")
    orient(t, rng, mail_pool())
    t.step(
        "Opening the newest support message.",
        [
            Call(
                "read_message",
                {"folder": "Support", "index": 0},
                f'{{"id": "{mid}", "from": "accounts@{customer.split()[0].lower()}.example", "subject":'
                ' "Invoice '
                '4471 charged twice", "body": "Hello, our card was charged twice for invoice 4471 '
                "on 2 November. "
                f'Could you refund the duplicate? Regards, {customer}"}}',
            )
        ],
    )
    tool = pick(rng, ["apply_label", "label_message", "set_labels"])
    attempts: list[tuple[Json, str]] = [
        ({"id": mid, "label": "Billing"}, "Invalid arguments: 'message_id' is a required property"),
        (
            {"message": mid, "labels": ["Billing"]},
            "Invalid arguments: Additional properties are not allowed ('labels', 'message' were unexpected)",
        ),
        ({"message_id": [mid], "label": "Billing"}, f"Invalid arguments: ['{mid}'] is not of type 'string'"),
        ({"msg_id": mid, "label": "Billing"}, "Invalid arguments: 'message_id' is a required property"),
        (
            {"message_id": mid, "label": ["Billing", "Refund"]},
            "Invalid arguments: ['Billing', 'Refund'] is not of type 'string'",
        ),
        (
            {"messageId": mid, "label": "Billing"},
            "Invalid arguments: Additional properties are not allowed ('messageId' was unexpected)",
        ),
    ]
    texts = [
        "Labelling it as Billing.",
        "Applying the Billing label.",
        "Let me label the message.",
        "Labelling again.",
    ]
    plans = [
        "This is a duplicate charge, so it belongs to Billing.",
        "I need to tag it before drafting a reply.",
        "The label has to be set first so billing sees it.",
    ]
    onset, n = _schema_attempts(t, rng, tool, attempts, texts, plans)
    t.step("I could not apply the label; the tool rejects every form of the arguments I tried.")
    return Loop(
        onset,
        ("error_streak", "same_tool"),
        f"{n} label calls rejected for a missing, extra or mistyped parameter; 4th at step {onset}",
    )


def _schema_cell(t: Transcript, rng: random.Random) -> Loop:
    t.description = "notebook agent: the cell tool rejected 5-6 times for its parameter, the code unchanged"
    tool = pick(rng, ["execute_cell", "notebook_exec"])
    code = (
        "import pandas as pd\nchurn = pd.read_parquet('churn.parquet')\nchurn.groupby('plan')['churn"
        "ed'].mean().round(3)"
    )
    t.user("What is the churn rate per plan in churn.parquet?")
    attempts: list[tuple[Json, str]] = [
        ({"code": code}, f"{tool}() got an unexpected keyword argument 'code'"),
        ({"cell": code}, f"{tool}() got an unexpected keyword argument 'cell'"),
        (
            {"source": code.split("\n")},
            "1 validation error for ExecuteCell\nsource\n  Input should be a valid string [type=string_type, "
            "input_type=list]",
        ),
        ({"code": code, "kernel": "python3"}, f"{tool}() got an unexpected keyword argument 'code'"),
        ({"input": code}, f"{tool}() got an unexpected keyword argument 'input'"),
        ({"src": code, "timeout": 60}, f"{tool}() got an unexpected keyword argument 'src'"),
    ]
    rng.shuffle(attempts)
    texts = ["Running the analysis cell.", "Executing the cell.", "Let me run it.", "Running the cell again."]
    plans = [
        "I just need this one cell to run to get the rates.",
        "The code is right; it is the call that fails.",
        "Let me pass the code the way the tool wants.",
    ]
    onset, n = _schema_attempts(t, rng, tool, attempts, texts, plans)
    t.step("The notebook tool will not accept the cell, so I have no churn figures yet.")
    return Loop(
        onset,
        ("error_streak", "same_tool"),
        f"{n} calls with the same code under other parameter names or types, each rejected; 4th at "
        f"step {onset}",
    )


# --------------------------------------------------------------------------- (3) paraphrased searches


@dataclass(frozen=True)
class Page:
    """A search hit: title, address and several snippets a search engine may show for it."""

    title: str
    url: str
    snippets: tuple[str, ...]


def _hits(rng: random.Random, pool: Sequence[Page], size: int) -> list[tuple[str, str, str]]:
    """``size`` pages of the pool, mostly the same ones, reordered, each with one of its snippets."""
    chosen = list(pool[:size])
    if rng.random() < 0.5:
        chosen[rng.randrange(size)] = pool[size + rng.randrange(len(pool) - size)]
    rng.shuffle(chosen)
    return [(p.title, p.url, pick(rng, p.snippets)) for p in chosen]


def loop_paraphrased_search(t: Transcript, rng: random.Random, variant: int) -> Loop:
    """Paraphrased searches whose results overlap heavily but not exactly (same pages, other order)."""
    return [_para_web, _para_mail, _para_hotels, _para_runbook][variant % 4](t, rng)


def _para_web(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "web research agent: 5-7 rephrased searches return the same pages reordered, a fetch between"
    )
    search = pick(rng, ["web_search", "search", "bing_search"])
    key = pick(rng, ["q", "query"])
    fetch = pick(rng, ["fetch", "fetch_url", "read_webpage"])
    style = rng.randrange(3)
    t.user("In which year did the Varnsdorf narrow-gauge depot stop servicing steam locomotives, and why?")
    pool = [
        Page(
            "Varnsdorf - Wikipedia",
            "https://en.wikipedia.org/wiki/Varnsdorf",
            (
                "Varnsdorf is a town in the Decin District of the Usti nad Labem Region.",
                "The town lies on the Mandau river near the German border; railway history section.",
                "Population 15,000; the railway reached Varnsdorf in 1869.",
            ),
        ),
        Page(
            "Narrow-gauge railways in Bohemia",
            "https://railheritage.example.org/bohemia-narrow-gauge",
            (
                "An overview of 760 mm lines in northern Bohemia and their depots.",
                "Depots at Varnsdorf, Jindrichuv Hradec and Frydlant are covered.",
                "Most lines were converted or closed by the 1970s.",
            ),
        ),
        Page(
            "Forum: Varnsdorf depot closure?",
            "https://forum.steamtalk.example/t/varnsdorf-depot/4412",
            (
                "Does anyone know when the steam shed closed? My grandfather worked there.",
                "Thread: answers mention the 1960s but no source is given.",
                "Possibly dieselisation, someone says, but unconfirmed.",
            ),
        ),
        Page(
            "Heritage railways of the Czech Republic",
            "https://travel.example.com/czech-heritage-railways",
            (
                "Plan a trip on historic trains; Varnsdorf museum opening times.",
                "The Varnsdorf railway museum is open on summer weekends.",
                "Tickets for the steam specials sell out early.",
            ),
        ),
        Page(
            "Depot list 1950-1990 (PDF)",
            "https://archive.example.net/depots-cz-1950-1990.pdf",
            (
                "Table of depots with codes; Varnsdorf listed under region Liberec.",
                "A scanned list of locomotive depots and their allocations.",
                "Allocation tables for 1950, 1965 and 1980.",
            ),
        ),
        Page(
            "Mandau valley railway history",
            "https://mandautal.example.de/geschichte",
            (
                "Cross-border lines around Zittau and Varnsdorf.",
                "The Zittau-Varnsdorf line and its operating history.",
                "Timetables from 1905 to 1945.",
            ),
        ),
        Page(
            "Steam traction in Czechoslovakia",
            "https://lococlub.example.org/articles/steam-cz",
            (
                "Steam was phased out on ČSD lines by 1981.",
                "The last regular steam services ran in 1980-81.",
                "Depot closures followed dieselisation in the 1970s.",
            ),
        ),
    ]
    queries = [
        "Varnsdorf narrow gauge depot steam closure year",
        "when did Varnsdorf depot stop steam locomotives",
        "Varnsdorf locomotive depot history steam end",
        "Varnsdorf steam shed closed reason",
        "Varnsdorf depot dieselisation year",
        "history of the Varnsdorf railway depot steam servicing ended",
        "Varnsdorf engine shed end of steam",
    ]
    n = rng.randrange(5, 8)
    texts = [
        "Searching for the depot's history.",
        "Let me rephrase the search.",
        "Trying different words.",
        "Searching again with another phrasing.",
        "One more search, more specific.",
        "Let me try a narrower query.",
        "Searching from another angle.",
    ]
    onset = 0
    fetched = 0
    for i, q in enumerate(queries[:n]):
        hits = _hits(rng, pool, 5)
        s = t.step(texts[i], [Call(search, {key: q}, search_listing(rng, hits, style))])
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
        if i in (1, 4) and fetched < 2:
            fetched += 1
            title, url, _ = hits[0]
            t.step(
                f"Opening '{title}' to check.",
                [
                    Call(
                        fetch,
                        {"url": url},
                        f"{title}\n\n"
                        + " ".join(pick(rng, p.snippets) for p in pool if p.url == url)
                        + (
                            " The page does not mention the depot's steam servicing or when it ended. [page "
                            "1 of 1]"
                        ),
                    )
                ],
            )
    t.step("I could not find a source stating when steam servicing ended at the Varnsdorf depot.")
    return Loop(
        onset,
        ("same_tool",),
        f"{n} paraphrases of one question return the same five or six pages reordered with other snippets; "
        f"4th search at step {onset}",
    )


def _para_mail(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "email triage agent: 5-7 reworded mailbox searches return the same threads in another order"
    )
    customer = pick(rng, CUSTOMERS)
    domain = customer.split()[0].lower() + ".example"
    tool = pick(rng, ["search_mail", "mailbox_search", "find_emails"])
    t.user(f"Find the email where {customer} asked to move their delivery day, and tell me the new day.")
    orient(t, rng, mail_pool())
    pool = [
        (
            f"thr_{rng.randrange(10**6)}",
            f"orders@{domain}",
            "Re: weekly order",
            (
                "Thanks, the order for next week is the same as usual.",
                "Please keep the usual quantities.",
                "Same as usual, thank you!",
            ),
        ),
        (
            f"thr_{rng.randrange(10**6)}",
            f"accounts@{domain}",
            "Invoice 4471",
            (
                "Attached the remittance advice for invoice 4471.",
                "Payment for 4471 was sent today.",
                "Remittance for invoice 4471 attached.",
            ),
        ),
        (
            f"thr_{rng.randrange(10**6)}",
            f"orders@{domain}",
            "Delivery address",
            (
                "Please deliver to the back entrance from now on.",
                "Use the rear door on Mill Lane, please.",
                "New delivery entrance: back door.",
            ),
        ),
        (
            f"thr_{rng.randrange(10**6)}",
            "dispatch@ourcompany.example",
            f"Route change for {customer}",
            (
                "Driver route updated for the north loop.",
                "Route sheet for the north loop attached.",
                "North loop route revised.",
            ),
        ),
        (
            f"thr_{rng.randrange(10**6)}",
            f"owner@{domain}",
            "Christmas opening hours",
            (
                "We close on 24 December and reopen on 2 January.",
                "Holiday hours attached.",
                "Closed 24 Dec to 1 Jan.",
            ),
        ),
        (
            f"thr_{rng.randrange(10**6)}",
            f"orders@{domain}",
            "Re: Re: weekly order",
            (
                "Could you add two extra trays this week?",
                "Two more trays please.",
                "Adding two trays to this week.",
            ),
        ),
    ]
    queries = [
        f"from:{domain} delivery day",
        f"{customer} change delivery day",
        f"from:{domain} move delivery",
        f"{customer} delivery schedule",
        f"from:{domain} deliver on different day",
        f"{customer} reschedule deliveries",
        f"delivery day {domain}",
    ]
    texts = [
        "Searching the mailbox.",
        "Nothing obvious; rewording the search.",
        "Let me try other words.",
        "Searching again.",
        "Another phrasing.",
        "Trying one more search.",
        "Rewording once more.",
    ]
    n = rng.randrange(5, 8)
    onset = 0
    for i, q in enumerate(queries[:n]):
        rows = list(pool[:4]) if rng.random() < 0.5 else [*pool[:3], pool[4 + rng.randrange(2)]]
        rng.shuffle(rows)
        s = t.step(
            texts[i],
            [
                Call(
                    tool,
                    {"query": q, "limit": 10},
                    mail_listing([(a, b, c, pick(rng, d)) for a, b, c, d in rows]),
                )
            ],
        )
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    t.step(f"I could not find a message from {customer} about changing the delivery day.")
    return Loop(
        onset,
        ("same_tool",),
        f"{n} rewordings bring back the same four threads reordered with other previews; 4th search at step "
        f"{onset}",
    )


def _para_hotels(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "travel agent: 5-7 reworded hotel searches list the same hotels reordered, prices jittering"
    )
    tool = pick(rng, ["search_hotels", "hotel_search"])
    t.user(
        "Book me a quiet hotel within walking distance of Shibuya station for 3 nights from 9 April, under "
        "20,000 JPY a night."
    )
    orient(t, rng, travel_pool())
    hotels = [
        ("Hotel Sakuragaoka Inn", 18400),
        ("Shibuya Stream Residence", 23900),
        ("Dogenzaka Garden Hotel", 16800),
        ("Udagawa Terrace", 21200),
        ("Hotel Mark Shibuya", 19700),
        ("Jinnan Quiet Rooms", 17500),
    ]
    queries = [
        "quiet hotel near Shibuya station",
        "hotel walking distance Shibuya station quiet",
        "Shibuya station hotel calm area",
        "peaceful hotel close to Shibuya station",
        "Shibuya quiet accommodation near station",
        "low-noise hotel Shibuya station walkable",
        "hotel near Shibuya station away from nightlife",
    ]
    texts = [
        "Searching hotels.",
        "Let me refine the search for quieter places.",
        "Trying a different description.",
        "Searching again.",
        "Another wording for quiet.",
        "Let me rephrase.",
        "One more search.",
    ]
    n = rng.randrange(5, 8)
    onset = 0
    for i, q in enumerate(queries[:n]):
        shown = hotels[:5] if rng.random() < 0.5 else [*hotels[:4], hotels[5]]
        shown = list(shown)
        rng.shuffle(shown)
        rows = [
            {
                "name": h,
                "price_per_night_jpy": p + 100 * rng.randrange(-4, 5),
                "walk_min": 4 + j,
                "rating": round(3.9 + 0.1 * rng.randrange(8), 1),
            }
            for j, (h, p) in enumerate(shown)
        ]
        args = {"query": q, "check_in": "2027-04-09", "nights": 3, "max_price": 20000, "currency": "JPY"}
        s = t.step(texts[i], [Call(tool, args, json.dumps({"hotels": rows}, ensure_ascii=False))])
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    t.step("Here are the options I found; none is described as quiet, so I have not booked yet.")
    return Loop(
        onset,
        ("same_tool",),
        f"{n} reworded searches list the same five hotels in another order with small price changes; 4th "
        f"at step {onset}",
    )


def _para_runbook(t: Transcript, rng: random.Random) -> Loop:
    t.description = "DevOps agent: 5-7 reworded wiki searches for a runbook return the same pages reordered"
    tool = pick(rng, ["search_wiki", "confluence_search", "docs_search"])
    svc = pick(rng, SERVICES)
    t.user(f"{svc} is throwing 'connection pool exhausted' in prod. Is there a runbook for this?")
    pool = [
        Page(
            f"{svc} - service overview",
            f"https://wiki.internal.example/spaces/OPS/{svc}",
            (
                "Owners, dashboards and alert routes.",
                "Service overview: owners and on-call rota.",
                "Links to Grafana dashboards and logs.",
            ),
        ),
        Page(
            "Postgres connection limits",
            "https://wiki.internal.example/spaces/DB/pg-connections",
            (
                "max_connections is 400 on the primary.",
                "How pgbouncer pools are sized per service.",
                "Connection limits per database role.",
            ),
        ),
        Page(
            "Incident 2025-11-03 postmortem",
            "https://wiki.internal.example/spaces/OPS/pm-2025-11-03",
            (
                "Latency spike caused by a slow migration.",
                "Root cause: long-running migration lock.",
                "Timeline and follow-up actions.",
            ),
        ),
        Page(
            "On-call handbook",
            "https://wiki.internal.example/spaces/OPS/oncall",
            (
                "Paging policy and escalation paths.",
                "What to do in the first 15 minutes.",
                "Escalation contacts by team.",
            ),
        ),
        Page(
            "HikariCP settings",
            "https://wiki.internal.example/spaces/DEV/hikari",
            (
                "maximumPoolSize defaults to 10 in our base image.",
                "Pool settings for JVM services.",
                "connectionTimeout and leakDetectionThreshold.",
            ),
        ),
        Page(
            "Deploy checklist",
            "https://wiki.internal.example/spaces/OPS/deploy-checklist",
            ("Pre-deploy checks for prod.", "Checklist before a production rollout.", "Rollback steps."),
        ),
    ]
    queries = [
        f"{svc} connection pool exhausted runbook",
        "connection pool exhausted",
        f"{svc} pool exhaustion",
        "runbook database pool exhausted",
        f"{svc} too many connections",
        "fix connection pool exhausted prod",
        f"{svc} hikari pool timeout",
    ]
    texts = [
        "Searching the wiki.",
        "Rewording the search.",
        "Trying a broader query.",
        "Searching again.",
        "Let me try the error text differently.",
        "Another search.",
        "One more attempt.",
    ]
    n = rng.randrange(5, 8)
    onset = 0
    for i, q in enumerate(queries[:n]):
        hits = _hits(rng, pool, 5)
        s = t.step(texts[i], [Call(tool, {"q": q, "space": "OPS,DB,DEV"}, search_listing(rng, hits, 1))])
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    t.step(
        "I did not find a runbook for pool exhaustion; the closest pages are the Postgres limits and Hikari "
        "settings."
    )
    return Loop(
        onset,
        ("same_tool",),
        f"{n} rewordings return the same wiki pages reordered with other excerpts; 4th search at "
        f"step {onset}",
    )


# --------------------------------------------------------------------------- (4) re-delegation


@dataclass(frozen=True)
class Delegation:
    """A manager's brief in several wordings and the sub-agent's report in several wordings."""

    user: str
    agent: str
    briefs: tuple[str, ...]
    reports: tuple[str, ...]
    give_up: str


DELEGATIONS = [
    Delegation(
        "When was the Halden river otter survey first published, and by whom?",
        "literature_scout",
        (
            "Find the first publication of the Halden river otter survey: year and authors.",
            "Please look again for when the Halden otter survey was first published and who wrote it.",
            "Search journals and reports for the original Halden river otter survey; I need year "
            "and authors.",
            "Find the earliest publication of the otter survey on the Halden river, with its authors.",
            "One more time: the first published Halden river otter survey - year, authors, venue.",
            "Dig into library catalogues for the first Halden otter survey publication and its authors.",
        ),
        (
            "I searched Google Scholar, the Norwegian Institute for Nature Research archive and CORE. "
            "I found "
            "later surveys (2014, 2019) that cite 'the original Halden survey' without a reference. I could "
            "not find the first publication or its authors.",
            "Result: not found. Sources checked: Google Scholar, NINA archive, CORE. The 2014 and "
            "2019 reports "
            "mention an earlier Halden survey but give no citation.",
            "Could not determine the original publication. The 2019 report refers to 'the first Halden otter "
            "survey' without year or authors; the NINA archive has no earlier record.",
        ),
        "I could not find the first publication of the survey.",
    ),
    Delegation(
        "payments-worker pods are in CrashLoopBackOff in prod. Find out why and fix it.",
        "k8s_operator",
        (
            "Investigate why payments-worker pods crash-loop in namespace payments and fix it.",
            "Please check the payments-worker CrashLoopBackOff again and apply a fix.",
            "Look at payments-worker in prod: find the crash cause and resolve it.",
            "Retry: diagnose and fix the crash-looping payments-worker deployment.",
            "Fix payments-worker in namespace payments; it is still crash-looping.",
            "Take another look at payments-worker and get the pods running.",
        ),
        (
            "payments-worker-7d9f6c: CrashLoopBackOff, last exit code 137 (OOMKilled), limit 512Mi. I could "
            'not raise the limit: deployments.apps "payments-worker" is forbidden: User "system:service'
            'account:ops:k8s-operator" '
            'cannot patch resource "deployments" in namespace "payments".',
            "Pods keep getting OOMKilled (exit 137) at the 512Mi limit. Attempted to patch memory to 1Gi; "
            "forbidden for the ops service account in namespace payments. No change made.",
            "Diagnosis unchanged: OOMKilled with a 512Mi limit. Patch denied (RBAC: cannot patch deployments "
            "in payments). Nothing fixed.",
        ),
        "The sub-agent cannot patch the deployment; someone with rights in the payments namespace must raise "
        "the memory limit.",
    ),
    Delegation(
        "A customer says they were charged twice for invoice 4471. Sort it out.",
        "billing_specialist",
        (
            "Resolve the reported double charge on invoice 4471 and refund the duplicate.",
            "Please re-check invoice 4471 for a duplicate charge and refund it.",
            "Look at the payments for invoice 4471 again; the customer insists on two charges.",
            "Investigate the double charge on 4471 once more and issue a refund if found.",
            "Verify the charges for invoice 4471 and fix the duplicate.",
            "Check invoice 4471 again for the second charge.",
        ),
        (
            "Invoice 4471 has one successful charge (EUR 49.00, 2 Nov, card ending 4242) and one declined "
            "authorisation the same minute. No duplicate capture, so nothing to refund.",
            "Only one capture exists for 4471: EUR 49.00 on 2 November. The second entry is a declined "
            "authorisation "
            "that was never captured. No refund issued.",
            "Checked again: a single EUR 49.00 charge plus a declined attempt. The bank may show a pending "
            "hold that will drop off. Nothing refunded.",
        ),
        "Billing finds only one charge; I will explain the pending hold to the customer.",
    ),
    Delegation(
        "Find me a train from Vienna to Ljubljana on 2 April arriving before 14:00.",
        "rail_agent",
        (
            "Find a Vienna to Ljubljana train on 2027-04-02 arriving before 14:00.",
            "Please search again for Vienna-Ljubljana on 2 April, arrival by 14:00.",
            "Look for any connection Vienna to Ljubljana on 2 April that arrives before 2 pm.",
            "Search once more: Wien Hbf to Ljubljana, 2 April, arriving before 14:00, changes allowed.",
            "Retry the Vienna-Ljubljana search for 2 April with an arrival before 14:00.",
            "Check again for trains Vienna to Ljubljana on April 2nd before 14:00.",
        ),
        (
            "No connection arrives before 14:00. Earliest: dep 06:58 Wien Hbf, change in Villach, arr 15:47 "
            "Ljubljana.",
            "Searched OEBB and SZ timetables: the earliest arrival on 2 April is 15:47 (via Villach). "
            "Nothing "
            "before 14:00.",
            "Nothing arrives before 14:00 on 2 April. First arrival 15:47 via Villach; the direct EC arrives "
            "18:12.",
        ),
        "There is no train arriving before 14:00; the earliest arrives at 15:47.",
    ),
]


def loop_redelegation(t: Transcript, rng: random.Random, variant: int) -> Loop:
    """A manager hands nearly the same task to a sub-agent again and again; each report says the same."""
    d = DELEGATIONS[variant % len(DELEGATIONS)]
    t.description = (
        f"manager agent: re-delegates the same task to {d.agent} 5-6 times; every report says the same"
    )
    tool, agent_key, task_key = (
        pick(rng, ["delegate_task", "call_subagent", "handoff"]),
        pick(rng, ["agent", "to"]),
        pick(rng, ["task", "instructions"]),
    )
    t.user(d.user)
    if rng.random() < 0.5:
        t.step(
            "Let me check which helpers are available.",
            [Call("list_agents", {}, json.dumps({"agents": [d.agent, "summariser", "scheduler"]}))],
        )
    plans = [
        "The report does not settle it; I will ask again with more detail.",
        "Not good enough. Delegating again.",
        "Let me have the sub-agent try once more.",
        "",
    ]
    n = rng.randrange(5, 7)
    onset = 0
    for i, brief in enumerate(d.briefs[:n]):
        report = d.reports[i % len(d.reports)]
        if rng.random() < 0.4:
            report = f"[{d.agent} run {rng.randrange(100, 999)}] {report}"
        s = t.step(
            pick(rng, ["Delegating.", f"Asking {d.agent}.", "Handing this to the specialist."]),
            [Call(tool, {agent_key: d.agent, task_key: brief}, report)],
        )
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
        plan = pick(rng, plans)
        if plan and i < n - 1:
            t.step(plan)
    t.step(d.give_up)
    return Loop(
        onset,
        ("same_tool",),
        f"{n} delegations of the same task in other words, each report repeating the same finding; 4th at "
        f"step {onset}",
    )


# -------------------------------------------------------------------- (5) exact repeats after an empty result


def loop_repeat_after_empty(t: Transcript, rng: random.Random, variant: int) -> Loop:
    """The same call with the same arguments repeated after an empty result, the result still empty."""
    n = rng.randrange(4, 7)
    variant %= 4
    if variant == 0:
        tool, key = sql_tool(rng)
        t.description = "SQL agent: the same query re-run 4-6 times after it returned zero rows"
        t.user("How many refunds did we issue yesterday?")
        orient(t, rng, sql_pool(tool, key))
        t.step(
            "Checking the refunds table.",
            [Call(tool, {key: "SELECT count(*) FROM returns;"}, " count\n-------\n 18233\n(1 row)")],
        )
        call = Call(
            tool,
            {key: "SELECT id, amount, created_at FROM refunds WHERE created_at::date = current_date - 1;"},
            " id | amount | created_at\n----+--------+------------\n(0 rows)",
        )
        texts = [
            "Querying yesterday's refunds.",
            "Zero rows - maybe the load job is still running. Running it again.",
            "Still nothing; let me re-run the query.",
            "Trying once more in case the data just arrived.",
            "Re-running the query.",
            "Checking again.",
        ]
    elif variant == 1:
        ns, svc = pick(rng, NAMESPACES), pick(rng, SERVICES)
        style = rng.randrange(3)
        t.description = "DevOps agent: the same kubectl get re-run 4-6 times after 'No resources found'"
        t.user(f"Restart the {svc} pods in {ns}.")
        orient(t, rng, kube_pool(rng, style))
        call = kubectl_call(
            rng, style, f"get pods -n {ns} -l app={svc}", f"No resources found in {ns} namespace."
        )
        texts = [
            f"Listing the {svc} pods.",
            "No pods found - let me look again.",
            "Checking once more.",
            "Listing the pods again.",
            "Let me re-run that.",
            "Looking again.",
        ]
    elif variant == 2:
        t.description = "mobile-UI agent: the same element lookup repeated 4-6 times after it found nothing"
        t.user("In the Pantrybox app, check out the cart with the saved card.")
        orient(t, rng, mobile_pool("Pantrybox"))
        t.step(
            "Looking at the screen.",
            [
                Call(
                    "screenshot",
                    {},
                    "[screen 1080x2340] Pantrybox - Cart is empty. 'Continue shopping' at (540, 1200). Tabs: "
                    "Home, Search, Cart, Profile.",
                )
            ],
        )
        call = Call(
            pick(rng, ["find_element", "locate"]), {"text": "Checkout", "timeout_ms": 3000}, '{"matches": []}'
        )
        texts = [
            "Finding the Checkout button.",
            "Not found; searching for it again.",
            "Let me look for Checkout once more.",
            "Searching again for the button.",
            "Trying to find Checkout.",
            "Looking for it again.",
        ]
    else:
        customer = pick(rng, CUSTOMERS)
        domain = customer.split()[0].lower() + ".example"
        t.description = "email triage agent: the same mailbox search re-run 4-6 times after 0 results"
        t.user(f"Did {customer} send us their refund request form?")
        orient(t, rng, mail_pool())
        call = Call(
            pick(rng, ["search_mail", "find_emails"]),
            {"query": f'from:{domain} subject:"refund request" has:attachment'},
            "0 results",
        )
        texts = [
            "Searching the mailbox.",
            "No results. Let me search again.",
            "Searching once more.",
            "Re-running the search.",
            "Let me try that search again.",
            "Checking again.",
        ]
    onset = 0
    for i in range(n):
        s = t.step(texts[i], [call])
        if i == EXACT_ONSET_OCCURRENCE:
            onset = s
    t.step("I found nothing, even after several tries.")
    return Loop(
        onset,
        ("identical_call",),
        f"the same call with the same arguments {n} times, each answer empty; 3rd occurrence at step {onset}",
    )


# --------------------------------------------------------------------------- (6) A/B/A/B cycles


def loop_alternation(t: Transcript, rng: random.Random, variant: int) -> Loop:
    """Two calls alternating A/B/A/B with the same results on every pass."""
    variant %= 4
    if variant == 0:
        t.description = "mobile-UI agent: opens the filter sheet and backs out of it, again and again"
        t.user("In the Greenbasket app, show only gluten-free bread.")
        orient(t, rng, mobile_pool("Greenbasket"))
        a = Call(
            "tap",
            {"x": 980, "y": 310},
            "[screen] Filters sheet: Price, Brand, Organic, Vegan. (No 'gluten-free' option visible.) Close "
            "at (1000, 180).",
        )
        b = Call(
            pick(rng, ["press_back", "back"]), {}, "[screen] Bread - 48 results. Sort, Filters at (980, 310)."
        )
        texts = ("Opening the filters.", "Gluten-free is not there; going back to the list.")
    elif variant == 1:
        ns = pick(rng, NAMESPACES)
        pod = f"{pick(rng, SERVICES)}-6c9d{rng.randrange(100, 999)}-x7kq2"
        style = rng.randrange(3)
        t.description = "DevOps agent: alternates kubectl describe and kubectl logs on one pending pod"
        t.user(f"Why is {pod} not starting in {ns}?")
        orient(t, rng, kube_pool(rng, style))
        a = kubectl_call(
            rng,
            style,
            f"describe pod {pod} -n {ns}",
            f"Name: {pod}\nNamespace: {ns}\nStatus: Pending\nEvents:\n  Warning  FailedScheduling "
            " default-scheduler "
            " 0/6 nodes are available: 6 Insufficient cpu.",
        )
        b = kubectl_call(
            rng,
            style,
            f"logs {pod} -n {ns}",
            f'Error from server (BadRequest): container "{pod.rsplit("-", 2)[0]}" in pod "{pod}" is waiting '
            "to start: ContainerCreating",
            is_error=True,
        )
        texts = ("Describing the pod.", "Checking its logs.")
    elif variant == 2:
        t.description = "travel agent: alternates the fare rules and the seat map of one fare"
        t.user("Can I change the date on my Lisbon-Oslo ticket for free, and is there a window seat?")
        orient(t, rng, travel_pool())
        fare = f"FR-{rng.randrange(10**5, 10**6)}"
        a = Call(
            "get_fare_rules",
            {"fare_id": fare},
            "Fare family LIGHT: changes not permitted; refund not permitted; 1 personal item.",
        )
        b = Call(
            "get_seat_map",
            {"fare_id": fare, "segment": 1},
            "Seat selection not available for fare family LIGHT before check-in.",
        )
        texts = ("Reading the fare rules.", "Checking the seat map.")
    else:
        tool, key = sql_tool(rng)
        t.description = "SQL agent: alternates two row counts that never change, trying to explain a gap"
        t.user("Why does the events dashboard show fewer events than the raw table?")
        orient(t, rng, sql_pool(tool, key))
        a = Call(
            tool,
            {key: "SELECT count(*) FROM events_raw WHERE day = '2026-11-30';"},
            " count\n---------\n 1284410\n(1 row)",
        )
        b = Call(
            tool,
            {key: "SELECT count(*) FROM events_clean WHERE day = '2026-11-30';"},
            " count\n---------\n 1279902\n(1 row)",
        )
        texts = ("Counting the raw events.", "Counting the cleaned events.")
    start = t.steps + 1
    passes = rng.randrange(3, 5)
    for _ in range(passes):
        t.step(texts[0], [a])
        t.step(texts[1], [b])
    onset = start + 3
    t.step("I keep seeing the same two results and cannot explain it further.")
    return Loop(
        onset,
        ("alternation",),
        f"the same two calls alternate {passes} times with unchanged results; second full pass ends at step "
        f"{onset}",
    )


# ----------------------------------------------------------------------- (7) text collapsing into repetition


def _collapse(lead: str, unit: str, repeats: int) -> str:
    """A response that starts sensibly, then repeats ``unit`` ``repeats`` times."""
    return lead + (unit * repeats).rstrip()


def loop_degenerate_text(t: Transcript, rng: random.Random, variant: int) -> Loop:
    """One response collapses into the same sentence over and over."""
    variant %= 3
    if variant == 0:
        customer = pick(rng, CUSTOMERS)
        t.description = "email triage agent: a drafted reply collapses into one apology repeated"
        t.user(f"Draft a reply to {customer} about their late delivery.")
        orient(t, rng, mail_pool())
        t.step(
            "Reading the message.",
            [
                Call(
                    "read_message",
                    {"id": f"msg_{rng.randrange(16**8):08x}"},
                    f"From: orders@{customer.split()[0].lower()}.example\nSubject: Late again\n\nOur Tuesday "
                    "delivery arrived on Thursday for the second week running. What is going on?",
                )
            ],
        )
        text = _collapse(
            f"Dear {customer} team,\n\nThank you for letting us know. ",
            "We sincerely apologise for the delay. ",
            rng.randrange(40, 70),
        )
    elif variant == 1:
        tool, key = notebook_tool(rng)
        t.description = "notebook agent: the written summary collapses into one sentence repeated"
        t.user("Summarise the quarterly revenue by region from revenue.csv.")
        orient(t, rng, notebook_pool(tool, key))
        t.step(
            "Computing the totals.",
            [
                Call(
                    tool,
                    {key: "rev = pd.read_csv('revenue.csv')\nrev.groupby('region')['revenue'].sum()"},
                    "region\nCentral    412880.0\nEast       389115.5\nNorth      501020.0\nSouth "
                    "     276400.2\nWest "
                    "      344910.0\nName: revenue, dtype: float64",
                )
            ],
        )
        text = _collapse("Summary: ", "North has the highest revenue of all regions. ", rng.randrange(45, 80))
    else:
        t.description = "travel agent: an itinerary collapses into one line repeated"
        t.user("Plan a five-day trip to Kyoto for me in April.")
        orient(t, rng, travel_pool())
        t.step(
            "Checking hotel availability.",
            [
                Call(
                    "search_hotels",
                    {"query": "Kyoto Gion", "check_in": "2027-04-12", "nights": 5},
                    json.dumps({"hotels": [{"name": "Gion Hanami Inn", "price_per_night_jpy": 21400}]}),
                )
            ],
        )
        text = _collapse(
            "Day 1: Arrive in Kyoto and check in at Gion Hanami Inn.\n",
            "Day 2: Visit Fushimi Inari early in the morning.\n",
            rng.randrange(35, 60),
        )
    onset = t.step(text)
    if rng.random() < 0.5:
        t.user("That reply is broken, please redo it.")
        t.step("Sorry about that. Here is a clean version.")
    return Loop(
        onset, ("degenerate_text",), f"the response at step {onset} repeats one sentence dozens of times"
    )


# =========================================================================== healthy families
# --------------------------------------------------------------------------- polling


def ok_polling(t: Transcript, rng: random.Random, variant: int) -> str:
    """The same status call repeated while the status moves on, until it is done."""
    variant %= 5
    polls = rng.randrange(4, 8)
    clock = rng.randrange(8 * 3600, 17 * 3600)

    def stamp(i: int) -> str:
        s = clock + 20 * i + rng.randrange(5)
        return f"{s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}"

    if variant == 0:
        ns, svc = pick(rng, NAMESPACES), pick(rng, SERVICES)
        style = rng.randrange(3)
        t.description = "DevOps agent: kubectl rollout status polled while replicas come up"
        t.user(f"Roll out {svc}:2.4.0 in {ns} and tell me when it is done.")
        orient(t, rng, kube_pool(rng, style))
        t.step(
            "Setting the new image.",
            [
                kubectl_call(
                    rng,
                    style,
                    f"set image deploy/{svc} {svc}=registry.example.com/{svc}:2.4.0 -n {ns}",
                    f"deployment.apps/{svc} image updated",
                )
            ],
        )
        prefix = f'Waiting for deployment "{svc}" rollout to finish: '
        waiting = [
            "Waiting for deployment spec update to be observed...",
            *(f"{prefix}{k} of 4 updated replicas are available..." for k in range(4)),
            f"{prefix}1 old replicas are pending termination...",
        ]
        shown = [waiting[k] for k in sorted(rng.sample(range(len(waiting)), polls - 1))]
        for msg in [*shown, f'deployment "{svc}" successfully rolled out']:
            t.step(
                "Checking the rollout.",
                [kubectl_call(rng, style, f"rollout status deploy/{svc} -n {ns} --timeout=20s", msg)],
            )
        t.step(f"{svc} 2.4.0 is rolled out in {ns}.")
        return (
            "rollout status polled with the same arguments while the rollout moves on (every answer new), "
            "ending in success"
        )
    if variant == 1:
        run = f"run-{rng.randrange(16**8):08x}"
        t.description = "DevOps agent: a Terraform Cloud run polled through planning and applying"
        t.user("Apply the networking workspace change and confirm.")
        t.step(
            "Queuing the run.",
            [
                Call(
                    "tfc_create_run",
                    {"workspace": "networking-prod", "message": "subnet tags"},
                    f'{{"id": "{run}", "status": "pending"}}',
                )
            ],
        )
        states = ["pending", "planning", "planning", "planned", "applying", "applying", "applied"]
        states = [*states[: polls - 1], "applied"] if polls < len(states) else states
        for i, st in enumerate(states):
            t.step(
                "Waiting for the run." if st != "planned" else "Plan finished; confirming the apply.",
                [
                    Call(
                        "tfc_get_run",
                        {"run_id": run},
                        f'{{"id": "{run}", "status": "{st}", "status_timestamps": {{"{st}-at": "2026-12'
                        f'-03T{stamp(i)}Z"}}}}',
                    )
                ],
            )
        t.step("The run is applied.")
        return "one run polled with the same arguments through pending, planning and applying until applied"
    if variant == 2:
        tool, key = sql_tool(rng)
        job = f"exp_{rng.randrange(10**6)}"
        t.description = "data agent: a warehouse export job polled until the file is ready"
        t.user("Export last month's orders to a CSV I can download.")
        orient(t, rng, sql_pool(tool, key))
        t.step(
            "Starting the export.",
            [
                Call(
                    "start_export",
                    {"table": "orders", "month": "2026-11", "format": "csv"},
                    f'{{"job": "{job}", "state": "QUEUED"}}',
                )
            ],
        )
        for i in range(polls):
            done = i == polls - 1
            pct = 100 if done else min(95, 10 + 18 * i + rng.randrange(5))
            body = (
                f'{{"job": "{job}", "state": "SUCCEEDED", "url": "https://files.example.com/{job}.csv"}}'
                if done
                else f'{{"job": "{job}", "state": "RUNNING", "progress": {pct}, "checked_at": "{stamp(i)}"}}'
            )
            t.step("Checking the export.", [Call("export_status", {"job": job}, body)])
        t.step(f"The export is ready: https://files.example.com/{job}.csv")
        return "an export job polled with the same arguments while progress rises, ending with the file"
    if variant == 3:
        pnr = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(6))
        t.description = "travel agent: a ticket polled while the airline issues it"
        t.user("Issue the ticket for booking " + pnr + " and send me the e-ticket number.")
        orient(t, rng, travel_pool())
        t.step(
            "Requesting ticketing.", [Call("issue_ticket", {"pnr": pnr}, '{"status": "TICKETING_REQUESTED"}')]
        )
        for i in range(polls):
            body = (
                f'{{"pnr": "{pnr}", "status": "TICKETED", "eticket": "047-{rng.randrange(10**10):010d}"}}'
                if i == polls - 1
                else (
                    f'{{"pnr": "{pnr}", "status": "IN_PROGRESS", "queue_position": {polls - i}, "as_of": '
                    f'"{stamp(i)}"}}'
                )
            )
            t.step("Checking the ticket status.", [Call("get_booking", {"pnr": pnr}, body)])
        t.step("Your ticket is issued.")
        return "a booking polled with the same arguments while its queue position falls, until ticketed"
    t.description = "mobile-UI agent: screenshots taken while an upload progresses"
    t.user("Upload the receipt photo in the Expensly app and tell me when it is accepted.")
    orient(t, rng, mobile_pool("Expensly"))
    t.step("Tapping Upload.", [Call("tap", {"x": 540, "y": 2050}, "ok")])
    for i in range(polls):
        body = (
            "[screen] Expensly - Receipt accepted. Amount EUR 23.80 detected."
            if i == polls - 1
            else f"[screen] Expensly - Uploading receipt... {min(95, 15 * (i + 1))}%"
        )
        t.step(
            "Waiting for the upload." if i else "Taking a screenshot to watch the upload.",
            [Call("screenshot", {}, body)],
        )
    t.step("The receipt is accepted.")
    return "screenshots repeated while the upload percentage rises, ending when the receipt is accepted"


# --------------------------------------------------------------------------- pagination


def ok_pagination(t: Transcript, rng: random.Random, variant: int) -> str:
    """One listing paged through, each page with new items."""
    variant %= 4
    pages = rng.randrange(4, 8)
    if variant == 0:
        tool = pick(rng, ["list_inbox", "list_messages"])
        t.description = "email triage agent: pages through the Support inbox with a page token"
        t.user("Count the unanswered messages in the Support inbox that mention refunds.")
        orient(t, rng, mail_pool())
        token = None
        for p in range(pages):
            rows = [
                {
                    "id": f"msg_{rng.randrange(16**8):08x}",
                    "subject": pick(
                        rng,
                        [
                            "Refund for order",
                            "Delivery question",
                            "Invoice copy",
                            "Refund not received",
                            "Change of address",
                        ],
                    )
                    + f" #{rng.randrange(10000, 99999)}",
                    "answered": rng.random() < 0.4,
                }
                for _ in range(5)
            ]
            nxt = f"tok_{rng.randrange(16**6):06x}" if p < pages - 1 else None
            args: Json = (
                {"folder": "Support", "page_size": 5}
                if token is None
                else {"folder": "Support", "page_size": 5, "page_token": token}
            )
            t.step(
                "Reading the next page." if token else "Listing the inbox.",
                [Call(tool, args, json.dumps({"messages": rows, "next_page_token": nxt}))],
            )
            token = nxt
        t.step("There are 7 unanswered refund messages.")
        return "each call carries the previous page's token and returns new messages"
    if variant == 1:
        tool, key = sql_tool(rng)
        t.description = "SQL agent: keyset pagination over a large table"
        t.user("List every customer who has not ordered since 2025, in batches.")
        orient(t, rng, sql_pool(tool, key))
        last = 0
        for _ in range(pages):
            ids = sorted(rng.sample(range(last + 1, last + 400), 4))
            rows = "\n".join(
                f" {i} | {pick(rng, CUSTOMERS)} | 2024-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"
                for i in ids
            )
            t.step(
                "Fetching the next batch.",
                [
                    Call(
                        tool,
                        {
                            key: (
                                "SELECT id, name, last_order FROM customers WHERE last_order < '2025-01-01' "
                                f"AND id > {last} ORDER BY id LIMIT 4;"
                            )
                        },
                        f" id | name | last_order\n{rows}\n(4 rows)",
                    )
                ],
            )
            last = ids[-1]
        t.step("Done: the inactive customers are listed above.")
        return "keyset pagination: the id bound moves and every batch holds new rows"
    if variant == 2:
        fetch = pick(rng, ["fetch", "fetch_url"])
        t.description = "web research agent: reads a long report page by page"
        t.user("Summarise the 2026 municipal cycling report from the city's site.")
        for p in range(1, pages + 1):
            t.step(
                "Reading the next page of the report." if p > 1 else "Opening the report.",
                [
                    Call(
                        fetch,
                        {"url": f"https://city.example.gov/reports/cycling-2026?page={p}"},
                        f"Cycling report 2026 - page {p} of {pages}\n"
                        + " ".join(
                            f"Section {p}.{k}: counts at station {rng.randrange(10, 99)} "
                            f"rose {rng.randrange(1, 30)}% year on year."
                            for k in range(1, 6)
                        ),
                    )
                ],
            )
        t.step("Summary: cycling grew on most counted routes; details per section above.")
        return "the page parameter moves through the report, each page new text"
    tool = pick(rng, ["list_bookings", "get_reservations"])
    t.description = "travel agent: lists a corporate account's bookings page by page"
    t.user("Which of our company's bookings next month are refundable?")
    orient(t, rng, travel_pool())
    for p in range(1, pages + 1):
        rows = [
            {
                "pnr": "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(6)),
                "route": "-".join(c for c, _ in rng.sample(AIRPORTS, 2)),
                "refundable": rng.random() < 0.3,
            }
            for _ in range(4)
        ]
        t.step(
            "Next page.",
            [
                Call(
                    tool,
                    {"account": "ACME-TRAVEL", "month": "2027-01", "page": p, "per_page": 4},
                    json.dumps({"page": p, "pages": pages, "bookings": rows}),
                )
            ],
        )
    t.step("The refundable bookings are listed above.")
    return "page numbers advance through the account's bookings, each page new ones"


# --------------------------------------------------------------------------- re-running a check after an edit


def ok_rerun_after_edit(t: Transcript, rng: random.Random, variant: int) -> str:
    """The same check re-run after each edit; fewer problems each time, until it passes."""
    variant %= 4
    if variant == 0:
        t.description = "DevOps agent: terraform validate re-run after each fix until valid"
        t.user("Make infra/modules/cdn pass terraform validate.")
        problems = [
            (
                'Error: Unsupported argument\n  on main.tf line 14, in resource "aws_cloudfront_distrib'
                'ution" '
                '"site":\n  14:   default_ttl = 3600\nAn argument named "default_ttl" is not expected here.',
                "main.tf",
                "move default_ttl into default_cache_behavior",
            ),
            (
                "Error: Reference to undeclared input variable\n  on main.tf line 31:\n  31:   acm_cert"
                "ificate_arn "
                '= var.cert_arn\nAn input variable with the name "cert_arn" has not been declared.',
                "variables.tf",
                "declare variable cert_arn",
            ),
            (
                'Error: Missing required argument\n  on outputs.tf line 2, in output "domain":\nThe argument '
                '"value" is required, but no definition was found.',
                "outputs.tf",
                "add value to the domain output",
            ),
        ]
        k = rng.randrange(2, 4)
        for i in range(k + 1):
            out = (
                "Success! The configuration is valid." if i == k else "\n\n".join(p[0] for p in problems[i:k])
            )
            t.step(
                "Validating." if i == 0 else "Validating again after the edit.",
                [Call("terraform", {"subcommand": "validate", "dir": "infra/modules/cdn"}, out, i < k)],
            )
            if i < k:
                t.step(
                    f"Fixing: {problems[i][2]}.",
                    [
                        Call(
                            "edit_file",
                            {"path": f"infra/modules/cdn/{problems[i][1]}", "instruction": problems[i][2]},
                            "edited",
                        )
                    ],
                )
        t.step("terraform validate passes now.")
        return "the same validate command after each edit, one error fewer each time, then valid"
    if variant == 1:
        tool, key = notebook_tool(rng)
        t.description = "notebook agent: re-runs the analysis cell after each fix until it works"
        t.user("Plot weekly signups from signups.csv.")
        orient(t, rng, notebook_pool(tool, key))
        code = (
            "s = pd.read_csv('signups.csv', parse_dates=['created'])\nweekly = s.resample('W', on='crea"
            "ted').size()\nweekly.plot(title='Weekly "
            "signups')"
        )
        t.step(
            "Running the plot cell.",
            [
                Call(
                    tool,
                    {key: code},
                    py_traceback(3, code.split("\n"), "NameError: name 'pd' is not defined"),
                    True,
                )
            ],
        )
        t.step("Adding the import.", [Call(tool, {key: "import pandas as pd"}, "")])
        t.step(
            "Running the plot cell again.",
            [
                Call(
                    tool,
                    {key: code},
                    py_traceback(
                        5, code.split("\n"), "ValueError: Missing column provided to 'parse_dates': 'created'"
                    ),
                    True,
                )
            ],
        )
        t.step(
            "The column is called created_at; checking.",
            [
                Call(
                    tool,
                    {key: "pd.read_csv('signups.csv', nrows=2).columns.tolist()"},
                    "['user_id', 'created_at', 'plan']",
                )
            ],
        )
        code = code.replace("'created'", "'created_at'")
        t.step(
            "Running the fixed cell.",
            [
                Call(
                    tool,
                    {key: code},
                    "<Axes: title={'center': 'Weekly signups'}, xlabel='created_at'>\n[figure: line chart, "
                    "52 weekly points]",
                )
            ],
        )
        t.step("Here is the weekly signups chart.")
        return "the cell is re-run after each fix, each failure a new cause, then it plots"
    if variant == 2:
        shell = pick(rng, ["shell", "run_command", "bash"])
        t.description = "data pipeline agent: pytest re-run after each edit, fewer failures each time"
        t.user("Fix the failing tests in the etl/ package.")
        fails = rng.randrange(3, 5)
        for left in range(fails, -1, -1):
            out = (
                f"========== {12 - left} passed in 3.{rng.randrange(10, 99)}s =========="
                if left == 0
                else (
                    f"FAILED tests/test_transform.py::test_case_{left} - AssertionError\n========== {left} "
                    f"failed, {12 - left} passed in 3.{rng.randrange(10, 99)}s =========="
                )
            )
            t.step(
                "Running the tests." if left == fails else "Re-running the tests after the edit.",
                [Call(shell, {"cmd": "pytest -q etl/tests"}, out, left > 0)],
            )
            if left:
                t.step(
                    f"Fixing test_case_{left}.",
                    [
                        Call(
                            "apply_patch",
                            {
                                "path": "etl/transform.py",
                                "patch": (
                                    f"@@ -{10 * left},3 +{10 * left},3 @@\n-    return row\n+    return "
                                    f"normalise(row, case={left})"
                                ),
                            },
                            "patched",
                        )
                    ],
                )
        t.step("All etl tests pass.")
        return "pytest re-run after every edit with one failure fewer each time, then green"
    t.description = "DevOps agent: helm lint re-run after each chart fix"
    t.user("Get charts/notifier through helm lint.")
    issues = [
        "[ERROR] Chart.yaml: version is required",
        "[ERROR] templates/deployment.yaml: unable to parse YAML: error converting YAML to JSON: yaml: line "
        "22: did not find expected key",
        "[WARNING] templates/: directory not found",
    ]
    k = rng.randrange(2, 4)
    for i in range(k + 1):
        out = (
            "==> Linting charts/notifier\n1 chart(s) linted, 0 chart(s) failed"
            if i == k
            else "==> Linting charts/notifier\n"
            + "\n".join(issues[i:k])
            + "\nError: 1 chart(s) linted, 1 chart(s) failed"
        )
        t.step(
            "Linting the chart." if i == 0 else "Linting again.",
            [Call("shell", {"cmd": "helm lint charts/notifier"}, out, i < k)],
        )
        if i < k:
            t.step(
                "Fixing the first reported issue.",
                [
                    Call(
                        "write_file",
                        {
                            "path": "charts/notifier/"
                            + ["Chart.yaml", "templates/deployment.yaml", "templates/.keep"][i],
                            "content": "# fixed\n",
                        },
                        "written",
                    )
                ],
            )
    t.step("The chart lints cleanly.")
    return "helm lint re-run after each fix, the list of issues shrinking, then clean"


# --------------------------------------------------------------------------- retries that succeed


def ok_retry_succeeds(t: Transcript, rng: random.Random, variant: int) -> str:
    """A transient failure retried verbatim once or twice, then it succeeds."""
    variant %= 4
    fails = rng.randrange(1, 3)
    if variant == 0:
        fetch = pick(rng, ["fetch", "fetch_url", "read_webpage"])
        t.description = "web research agent: a page fetch fails transiently, then loads"
        t.user("What does the EU's 2026 battery passport rule require for e-bike batteries?")
        t.step(
            "Searching.",
            [
                Call(
                    "web_search",
                    {"q": "EU battery passport e-bike 2026 requirements"},
                    search_listing(
                        rng,
                        [
                            (
                                "Battery passport - European Commission",
                                "https://commission.example.eu/battery-passport",
                                "From February 2027 LMT batteries need a digital passport.",
                            ),
                            (
                                "What the battery regulation means for e-bikes",
                                "https://cyclingindustry.example/news/battery-reg",
                                "Light means of transport batteries are covered.",
                            ),
                        ],
                        0,
                    ),
                )
            ],
        )
        call = Call(
            fetch,
            {"url": "https://commission.example.eu/battery-passport"},
            pick(
                rng,
                [
                    "503 Service Unavailable",
                    "Error: timed out after 15s",
                    "429 Too Many Requests; retry after 2s",
                ],
            ),
            True,
        )
        ok = Call(
            fetch,
            {"url": call.arguments["url"]},
            "Battery passport\nLight means of transport batteries placed on the market from 18 February 2027 "
            "must carry a digital battery passport accessible by QR code, including carbon footprint and "
            "material composition.",
        )
        final = (
            "E-bike (LMT) batteries sold from 18 February 2027 need a digital passport reachable by QR code."
        )
    elif variant == 1:
        style = rng.randrange(3)
        ns = pick(rng, NAMESPACES)
        t.description = "DevOps agent: kubectl hits a TLS handshake timeout, then answers"
        t.user(f"How many pods are running in {ns}?")
        orient(t, rng, kube_pool(rng, style))
        call = kubectl_call(
            rng,
            style,
            f"get pods -n {ns} --no-headers",
            "Unable to connect to the server: net/http: TLS handshake timeout",
            is_error=True,
        )
        ok = kubectl_call(
            rng,
            style,
            f"get pods -n {ns} --no-headers",
            "\n".join(
                f"{s}-{rng.randrange(16**5):05x}   1/1   Running   0   {rng.randrange(1, 30)}d"
                for s in SERVICES
            ),
        )
        final = f"5 pods are running in {ns}."
    elif variant == 2:
        tool, key = sql_tool(rng)
        t.description = "SQL agent: a serialization failure retried, then the update commits"
        t.user("Mark order 88120 as shipped.")
        orient(t, rng, sql_pool(tool, key))
        sql = "UPDATE orders SET status = 'shipped', shipped_at = now() WHERE id = 88120;"
        call = Call(tool, {key: sql}, "ERROR:  could not serialize access due to concurrent update", True)
        ok = Call(tool, {key: sql}, "UPDATE 1")
        final = "Order 88120 is marked as shipped."
    else:
        t.description = "mobile-UI agent: a tap lands before the button is ready, then works"
        t.user("Accept the delivery slot in the Pantrybox app.")
        orient(t, rng, mobile_pool("Pantrybox"))
        call = Call(
            "tap",
            {"x": 540, "y": 1980},
            "Element at (540, 1980) is not interactable yet (animation in progress)",
            True,
        )
        ok = Call("tap", {"x": 540, "y": 1980}, "[screen] Delivery slot Thu 18:00-20:00 confirmed.")
        final = "The Thursday 18:00-20:00 slot is confirmed."
    for i in range(fails):
        t.step("Trying that." if i == 0 else "A transient error; retrying.", [call])
    t.step("Retrying once more.", [ok])
    t.step(final)
    return (
        f"a transient failure retried verbatim ({fails} failed attempt{'s' if fails > 1 else ''}), then "
        "the call succeeds"
    )


# --------------------------------------------------------------------------- payment retried, then a hand-off


def ok_payment_handoff(t: Transcript, rng: random.Random, variant: int) -> str:
    """A payment retried two or three times against a flaky API, then handed to a person or a link."""
    tries = rng.randrange(2, 4)
    ref = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(6))
    pay = pick(rng, ["charge_payment", "create_payment", "pay_booking"])
    amount = rng.randrange(180, 1400) + 0.5 * rng.randrange(2)
    if variant % 2 == 0:
        t.description = (
            "travel agent: a booking payment fails 2-3 times at the gateway, then escalated to a person"
        )
        t.user("Book the 07:40 flight to Oslo we discussed and pay with my saved Visa.")
        orient(t, rng, travel_pool())
        t.step(
            "Holding the fare.",
            [
                Call(
                    "hold_fare",
                    {"offer_id": f"off_{rng.randrange(10**6)}"},
                    f'{{"booking_ref": "{ref}", "held_until": "2026-12-03T21:40Z", "total": {amount}, '
                    '"currency": '
                    '"EUR"}',
                )
            ],
        )
    else:
        t.description = (
            "email triage agent: a refund fails 2-3 times at the payment API, then a ticket for finance"
        )
        t.user("Refund the duplicate charge Brightwater Dental reported.")
        orient(t, rng, mail_pool())
        t.step(
            "Looking up the charge.",
            [
                Call(
                    "get_charge",
                    {"customer": "Brightwater Dental", "invoice": "5520"},
                    f'{{"charge": "ch_{rng.randrange(16**8):08x}", "amount": {amount}, "duplicate_of": '
                    '"ch_1a2b3c4d"}',
                )
            ],
        )
    args: Json = {"reference": ref, "amount": amount, "currency": "EUR", "payment_method": "saved_visa"}
    errs = [
        "502 Bad Gateway from payment provider",
        "PaymentProviderError: upstream timeout (request id pr_7781)",
        "503: acquirer unavailable, try later",
    ]
    for i in range(tries):
        t.step(
            "Submitting the payment." if i == 0 else "The payment provider failed; retrying.",
            [Call(pay, args, errs[i % len(errs)] if rng.random() < 0.6 else errs[0], True)],
        )
    if rng.random() < 0.5:
        t.step(
            "The payment provider keeps failing, so I am handing this to a colleague.",
            [
                Call(
                    pick(rng, ["escalate_to_human", "create_support_ticket"]),
                    {"reference": ref, "reason": f"payment failed {tries} times at the provider"},
                    '{"ticket": "T-20431", "queue": "payments"}',
                )
            ],
        )
    else:
        t.step(
            "I will send a secure payment link instead.",
            [Call("send_payment_link", {"reference": ref, "amount": amount}, "Payment link sent by e-mail.")],
        )
    t.step("A person will finish this shortly; nothing has been charged twice.")
    return (
        f"the same payment tried {tries} times against a failing provider, then handed off: bounded retries "
        "ending in a change of approach"
    )


# ------------------------------------------------------------------------ fan-out over new targets, failing


def ok_target_fanout(t: Transcript, rng: random.Random, variant: int) -> str:
    """One operation over many new targets; several fail, each error naming its own target."""
    variant %= 4
    if variant == 0:
        tool, key = notebook_tool(rng)
        t.description = "notebook agent: loads monthly CSVs; missing months fail, each naming its file"
        t.user("Combine the monthly sales files for 2025 into one frame.")
        orient(t, rng, notebook_pool(tool, key))
        months = ["01", "02", "03", "04", "05", "06", "07", "08"][: rng.randrange(6, 9)]
        for m in months:
            path = f"data/sales_2025_{m}.csv"
            missing = rng.random() < 0.45
            out = (
                py_traceback(
                    int(m) + 1,
                    [f"frames.append(pd.read_csv('{path}'))"],
                    f"FileNotFoundError: [Errno 2] No such file or directory: '{path}'",
                )
                if missing
                else f"loaded {path}: {rng.randrange(800, 3000)} rows"
            )
            t.step(
                "Loading the next month.",
                [Call(tool, {key: f"frames.append(pd.read_csv('{path}'))"}, out, missing)],
            )
        t.step("Combined the months that exist; the missing files are listed above.")
        return "each call loads a new month's file; the failures name different missing files"
    if variant == 1:
        style = rng.randrange(3)
        contexts = rng.sample(
            [
                "eu-west-1",
                "eu-central-1",
                "us-east-2",
                "ap-south-1",
                "sa-east-1",
                "ca-central-1",
                "me-south-1",
            ],
            rng.randrange(5, 8),
        )
        t.description = (
            "DevOps agent: checks a deployment across cluster contexts; missing contexts fail by name"
        )
        t.user("Which clusters still run notifier 1.x?")
        orient(t, rng, kube_pool(rng, style))
        for ctx in contexts:
            missing = rng.random() < 0.5
            out = (
                f'error: context "{ctx}" does not exist'
                if missing
                else f"registry.example.com/notifier:1.{rng.randrange(2, 9)}.{rng.randrange(10)}"
            )
            t.step(
                "Checking the next cluster.",
                [
                    kubectl_call(
                        rng,
                        style,
                        f"--context {ctx} get deploy notifier -n notifier -o jsonpath={{.spec.template."
                        "spec.containers[0].image}",
                        out,
                        is_error=missing,
                    )
                ],
            )
        t.step("The clusters that exist all run notifier 1.x; the others are not configured here.")
        return "every call targets a new cluster context; each failure names its own missing context"
    if variant == 2:
        fetch = pick(rng, ["fetch", "fetch_url"])
        t.description = (
            "web research agent: checks many vendor status pages; dead links fail with their own URL"
        )
        t.user("Check whether our SaaS vendors report incidents today.")
        vendors = rng.sample(
            ["mailgrid", "paystream", "docuseal", "cdnworks", "logfold", "authbase", "queuely", "mapforge"],
            rng.randrange(5, 8),
        )
        for v in vendors:
            url = f"https://status.{v}.example/api/v2/status.json"
            dead = rng.random() < 0.45
            out = (
                f"404 Not Found: {url}"
                if dead
                else json.dumps(
                    {
                        "page": {"name": v},
                        "status": {
                            "indicator": pick(rng, ["none", "none", "minor"]),
                            "description": "All Systems Operational",
                        },
                    }
                )
            )
            t.step("Checking the next vendor.", [Call(fetch, {"url": url}, out, dead)])
        t.step("Summary of vendor status above; the 404 pages need new URLs.")
        return "each fetch is a new vendor's status page; the 404s each name their own URL"
    t.description = "DevOps agent: terraform import over many resources; absent ones fail by id"
    t.user("Import the existing S3 buckets into infra/storage.")
    buckets = rng.sample(
        ["logs-archive", "media-prod", "exports", "backups-eu", "static-site", "tmp-uploads", "ml-datasets"],
        rng.randrange(5, 8),
    )
    for b in buckets:
        absent = rng.random() < 0.45
        out = (
            "Error: Cannot import non-existent remote object\n\nWhile attempting to import an existing "
            "object "
            f'to "aws_s3_bucket.{b.replace("-", "_")}", the provider detected that no object exists with '
            "the given id. Only pre-existing objects can be imported."
            if absent
            else f"aws_s3_bucket.{b.replace('-', '_')}: Import prepared!\nImport successful!"
        )
        t.step(
            "Importing the next bucket.",
            [
                Call(
                    "terraform",
                    {
                        "subcommand": "import",
                        "dir": "infra/storage",
                        "address": f"aws_s3_bucket.{b.replace('-', '_')}",
                        "id": f"acme-{b}",
                    },
                    out,
                    absent,
                )
            ],
        )
    t.step("Imported the buckets that exist; the others were never created.")
    return "each import targets a new bucket; failures name their own resource"


# ----------------------------------------------------------------------- search fan-out under one narration


def ok_search_fanout(t: Transcript, rng: random.Random, variant: int) -> str:
    """The same narration before every search, each search about a new subject with new results."""
    variant %= 4
    if variant == 0:
        search = pick(rng, ["web_search", "search"])
        firms = rng.sample(
            [
                "Nordhavn Robotics",
                "Calder Biotech",
                "Mirelle Foods",
                "Tessaract Energy",
                "Ouro Logistics",
                "Petrel Analytics",
            ],
            5,
        )
        t.description = "web research agent: the same sentence before searching each of five companies"
        t.user("For each of these companies, find the city of its headquarters: " + ", ".join(firms) + ".")
        for f in firms:
            city = pick(rng, ["Aarhus", "Ghent", "Porto", "Tampere", "Graz", "Bilbao", "Utrecht"])
            hits = [
                (
                    f"{f} - About us",
                    f"https://{f.split()[0].lower()}.example.com/about",
                    f"{f} is headquartered in {city}.",
                ),
                (
                    f"{f} opens new site",
                    f"https://news.example.org/{f.split()[0].lower()}-{rng.randrange(1000)}",
                    f"The {city}-based company announced...",
                ),
            ]
            t.step(
                "I will search for the next company's headquarters.",
                [Call(search, {"q": f"{f} headquarters city"}, search_listing(rng, hits, rng.randrange(3)))],
            )
        t.step("Here are the headquarters cities.")
        return "identical narration, but every search names a new company and returns new pages"
    if variant == 1:
        tool = pick(rng, ["search_mail", "find_emails"])
        custs = rng.sample(CUSTOMERS, 5)
        t.description = "email triage agent: the same sentence before searching each customer's last message"
        t.user("For each key account, find their most recent message: " + ", ".join(custs) + ".")
        orient(t, rng, mail_pool())
        for c in custs:
            d = c.split()[0].lower() + ".example"
            rows = [
                (
                    f"thr_{rng.randrange(10**6)}",
                    f"orders@{d}",
                    pick(rng, ["Weekly order", "Invoice question", "Delivery slot", "Price list 2027"]),
                    f"Hi, {pick(rng, ['quick question about', 'please confirm', 'we need to change'])} the "
                    f"{pick(rng, ['order', 'invoice', 'delivery'])}.",
                )
            ]
            t.step(
                "Now searching for the next customer's latest message.",
                [Call(tool, {"query": f"from:{d}", "limit": 1}, mail_listing(rows))],
            )
        t.step("Latest messages per account are above.")
        return "identical narration, but each search is a new sender and returns a new thread"
    if variant == 2:
        tool = pick(rng, ["search_hotels", "hotel_search"])
        cities = rng.sample(["Lyon", "Turin", "Basel", "Ljubljana", "Zagreb", "Munich"], 5)
        t.description = "travel agent: the same sentence before searching hotels in each stop of a tour"
        t.user("Find one central hotel under EUR 150 for each stop: " + ", ".join(cities) + ".")
        orient(t, rng, travel_pool())
        for c in cities:
            rows = [
                {
                    "name": f"Hotel {pick(rng, ['Central', 'Bahnhof', 'du Parc', 'Opera', 'Riverside'])} {c}",
                    "price_per_night_eur": rng.randrange(90, 150),
                    "district": "centre",
                }
                for _ in range(3)
            ]
            t.step(
                "Searching hotels for the next stop on the tour.",
                [
                    Call(
                        tool,
                        {"query": f"central hotel {c}", "max_price": 150, "currency": "EUR"},
                        json.dumps({"hotels": rows}),
                    )
                ],
            )
        t.step("Picked one hotel per stop; see the list.")
        return "identical narration, but each search is a new city with new hotels"
    tool = pick(rng, ["search_logs", "log_query"])
    svcs = rng.sample(SERVICES, 5)
    t.description = "DevOps agent: the same sentence before searching each service's error logs"
    t.user("Did any service log a 5xx in the last hour?")
    for s in svcs:
        n = rng.randrange(0, 40)
        t.step(
            "Checking the next service's logs for server errors.",
            [
                Call(
                    tool,
                    {"service": s, "query": "status>=500", "since": "1h"},
                    f"{n} matching lines"
                    + (
                        f"\nlast: {s} 2026-12-03T18:{rng.randrange(60):02d}Z status=503 "
                        f"path=/v1/{pick(rng, ['render', 'charge', 'index', 'notify'])}"
                        if n
                        else ""
                    ),
                )
            ],
        )
    t.step("5xx counts per service are above.")
    return "identical narration, but each query is a new service with its own counts"


# --------------------------------------------------------------------------- dependency whack-a-mole


def ok_dependency_whackamole(t: Transcript, rng: random.Random, variant: int) -> str:
    """Each run fails on another missing dependency, installed in turn, until the run works."""
    variant %= 4
    if variant == 0:
        tool, key = notebook_tool(rng)
        mods = rng.sample(["pyarrow", "openpyxl", "statsmodels", "seaborn", "tabulate"], rng.randrange(3, 5))
        t.description = "notebook agent: each cell run fails on a new missing module until all are installed"
        t.user("Run the forecast notebook's first cell.")
        orient(t, rng, notebook_pool(tool, key))
        code = "import pandas as pd\nimport " + "\nimport ".join(mods)
        for i, m in enumerate(mods):
            t.step(
                "Running the import cell." if i == 0 else "Running it again.",
                [
                    Call(
                        tool,
                        {key: code},
                        py_traceback(
                            i + 1, code.split("\n")[: i + 2], f"ModuleNotFoundError: No module named '{m}'"
                        ),
                        True,
                    )
                ],
            )
            t.step(
                f"Installing {m}.",
                [
                    Call(
                        tool,
                        {key: f"%pip install {m}"},
                        f"Successfully installed {m}-{rng.randrange(1, 5)}.{rng.randrange(20)}.0",
                    )
                ],
            )
        t.step("Running the import cell again.", [Call(tool, {key: code}, "")])
        t.step("All imports work now.")
        return "the same cell re-run, each failure naming a new missing module that is then installed"
    if variant == 1:
        providers = rng.sample(
            [
                "hashicorp/random",
                "hashicorp/tls",
                "cloudflare/cloudflare",
                "hashicorp/archive",
                "integrations/github",
            ],
            rng.randrange(3, 5),
        )
        t.description = "DevOps agent: terraform init fails on a new unpinned provider each time"
        t.user("Get terraform init working in infra/edge.")
        for i, p in enumerate(providers):
            t.step(
                "Initialising." if i == 0 else "Initialising again.",
                [
                    Call(
                        "terraform",
                        {"subcommand": "init", "dir": "infra/edge"},
                        "Error: Failed to query available provider packages\n\nCould not retrieve the list "
                        f"of available versions for provider {p}: no available releases match the "
                        "given constraints "
                        '">= 99.0"',
                        True,
                    )
                ],
            )
            t.step(
                f"Fixing the version constraint for {p}.",
                [
                    Call(
                        "edit_file",
                        {"path": "infra/edge/versions.tf", "instruction": f"pin {p} to a released version"},
                        "edited",
                    )
                ],
            )
        t.step(
            "Initialising again.",
            [
                Call(
                    "terraform",
                    {"subcommand": "init", "dir": "infra/edge"},
                    "Terraform has been successfully initialized!",
                )
            ],
        )
        t.step("terraform init succeeds.")
        return "the same init command, each failure naming a new provider whose constraint is then fixed"
    if variant == 2:
        shell = pick(rng, ["shell", "bash"])
        mods = rng.sample(["kubernetes", "boto3", "jinja2", "click", "rich", "pyyaml"], rng.randrange(3, 6))
        t.description = "DevOps agent: an ops script fails on a new missing module each run"
        t.user("Run scripts/rotate_keys.py in dry-run mode.")
        for i, m in enumerate(mods):
            name = "yaml" if m == "pyyaml" else m
            t.step(
                "Running the script." if i == 0 else "Trying the script again.",
                [
                    Call(
                        shell,
                        {"cmd": "python scripts/rotate_keys.py --dry-run"},
                        f'Traceback (most recent call last):\n  File "scripts/rotate_keys.py", line {i + 3}, '
                        f"in <module>\n    import {name}\nModuleNotFoundError: No module named '{name}'",
                        True,
                    )
                ],
            )
            t.step(
                f"Installing {m}.", [Call(shell, {"cmd": f"pip install {m}"}, f"Successfully installed {m}")]
            )
        t.step(
            "Running the script.",
            [
                Call(
                    shell,
                    {"cmd": "python scripts/rotate_keys.py --dry-run"},
                    "DRY RUN: would rotate 4 keys (ci-deploy, backup-writer, grafana, ledger)",
                )
            ],
        )
        t.step("The dry run works: 4 keys would be rotated.")
        return "the same command, each failure naming a new missing module that is then installed"
    shell = pick(rng, ["shell", "run_command"])
    pkgs = rng.sample(["date-fns", "zod", "commander", "chalk", "undici"], rng.randrange(3, 5))
    t.description = "mobile test agent: the UI test script fails on a new missing npm package each run"
    t.user("Run the Appium smoke test in e2e/.")
    for i, p in enumerate(pkgs):
        t.step(
            "Running the smoke test." if i == 0 else "Running the test again.",
            [
                Call(
                    shell,
                    {"cmd": "npx wdio run e2e/wdio.conf.js --spec smoke"},
                    f"Error: Cannot find module '{p}'\nRequire stack:\n"
                    f"- /repo/e2e/helpers/{pick(rng, ['login', 'cart', 'nav'])}.js\n- /repo/e2e/wdio.conf.js",
                    True,
                )
            ],
        )
        t.step(
            f"Adding {p}.",
            [
                Call(
                    shell,
                    {"cmd": f"npm install --save-dev {p}"},
                    "added 1 package, and audited 612 packages in 2s",
                )
            ],
        )
    t.step(
        "Running the smoke test.",
        [
            Call(
                shell,
                {"cmd": "npx wdio run e2e/wdio.conf.js --spec smoke"},
                "Spec Files:  1 passed, 1 total (100% completed) in 00:00:41",
            )
        ],
    )
    t.step("The smoke test passes.")
    return "the same test command, each failure naming a new missing package that is then added"


# =========================================================================== the set

LoopFamily = Callable[[Transcript, random.Random, int], Loop]
HealthyFamily = Callable[[Transcript, random.Random, int], str]

#: (name, family, scenarios): 27 loops and 33 healthy look-alikes, 45% / 55%.
LOOPS: list[tuple[str, LoopFamily, int]] = [
    ("failure-streak", loop_failure_streak, 4),
    ("schema-misuse", loop_schema_misuse, 4),
    ("paraphrased-search", loop_paraphrased_search, 4),
    ("redelegation", loop_redelegation, 4),
    ("repeat-after-empty", loop_repeat_after_empty, 4),
    ("alternation", loop_alternation, 4),
    ("degenerate-text", loop_degenerate_text, 3),
]
HEALTHY: list[tuple[str, HealthyFamily, int]] = [
    ("polling", ok_polling, 5),
    ("pagination", ok_pagination, 4),
    ("rerun-after-edit", ok_rerun_after_edit, 4),
    ("retry-succeeds", ok_retry_succeeds, 4),
    ("payment-handoff", ok_payment_handoff, 4),
    ("target-fanout", ok_target_fanout, 4),
    ("search-fanout", ok_search_fanout, 4),
    ("dependency-whackamole", ok_dependency_whackamole, 4),
]


def scenarios() -> list[Json]:
    """Every scenario of the set, in a fixed order, each from its own seeded generator."""
    out: list[Json] = []
    index = 0
    for name, loop_family, count in LOOPS:
        for n in range(count):
            index += 1
            t = Transcript(random.Random(SEED * 1000 + index))
            loop = loop_family(t, t.rng, n)
            out.append(_scenario(f"blind-loop-{name}-{n}", t, True, list(loop.kinds), loop.onset, loop.note))
    for name, healthy_family, count in HEALTHY:
        for n in range(count):
            index += 1
            t = Transcript(random.Random(SEED * 1000 + index))
            note = healthy_family(t, t.rng, n)
            out.append(_scenario(f"blind-ok-{name}-{n}", t, False, ["none"], None, f"healthy: {note}"))
    return out


def _scenario(sid: str, t: Transcript, loop: bool, kinds: list[str], onset: int | None, notes: str) -> Json:
    return {
        "id": sid,
        "source": SOURCE,
        "description": t.description,
        "label": {"loop": loop, "kinds": kinds, "onset_step": onset, "notes": notes},
        "events": t.events,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    for scenario in scenarios():
        (out / f"{scenario['id']}.json").write_text(json.dumps(scenario, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
