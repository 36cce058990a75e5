"""Loop family (1): failure streaks with changing inputs; the errors say the same thing in other words."""

from __future__ import annotations

import random

from .content import (
    AIRPORTS,
    NAMESPACES,
    SERVICES,
    kube_pool,
    kubectl_call,
    notebook_pool,
    notebook_tool,
    py_traceback,
    sql_pool,
    sql_tool,
    travel_pool,
)
from .transcript import (
    NEAR_ONSET_ATTEMPT,
    Call,
    Loop,
    Transcript,
    orient,
    pick,
)

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
