# ruff: noqa: E501
"""Loop scenarios: failure streaks with changing inputs, and schema-misuse retries."""

from __future__ import annotations

from typing import Any

from .builder import Session, js, scenario


def tb(lines: list[tuple[str, int, str, str]], exc: str) -> str:
    out = ["Traceback (most recent call last):"]
    for path, line, func, code in lines:
        out.append(f'  File "{path}", line {line}, in {func}')
        out.append(f"    {code}")
    out.append(exc)
    return "\n".join(out)


def code_keyerror_streak() -> dict[str, Any]:
    s = Session("blind4-loop-code-keyerror", "openai")
    s.user(
        "Using the orders export at /data/orders_2024.jsonl, compute the average basket value per country and show the top 5."
    )
    s.call(
        "I'll load the file and look at the first record.",
        "python_interpreter",
        {
            "code": "import json\nrows = [json.loads(l) for l in open('/data/orders_2024.jsonl')]\nprint(len(rows))\nprint(rows[0])"
        },
        "18342\n{'order_id': 'o-000001', 'country_code': 'DE', 'lines': [{'sku': 'A-113', 'qty': 2, 'unit_price_cents': 1299}], 'created': '2024-01-01T00:03:11Z'}",
    )
    snippets = [
        (
            "Now the aggregation.",
            "import pandas as pd\ndf = pd.DataFrame(rows)\ndf['basket'] = df['lines'].apply(lambda ls: sum(l['price'] * l['qty'] for l in ls))\nprint(df.groupby('country')['basket'].mean().nlargest(5))",
            "price",
            3,
        ),
        (
            "Sorry about that, the price key must be named differently. Let me retry.",
            "import pandas as pd\ndf = pd.DataFrame(rows)\ndf['basket'] = df['lines'].apply(lambda ls: sum(l['unit_price'] * l['qty'] for l in ls))\nprint(df.groupby('country')['basket'].mean().nlargest(5))",
            "unit_price",
            3,
        ),
        (
            "Apologies again. I'll use a safer accessor this time.",
            "import pandas as pd\ndf = pd.DataFrame(rows)\n\ndef total(ls):\n    return sum(l['amount'] * l.get('qty', 1) for l in ls)\n\ndf['basket'] = df['lines'].apply(total)\nprint(df.groupby('country')['basket'].mean().nlargest(5))",
            "amount",
            5,
        ),
        (
            "My mistake — let me rewrite the helper once more.",
            "import pandas as pd\ndf = pd.DataFrame(rows)\ndf['basket'] = [sum(x['price_cents'] * x['qty'] for x in ls) for ls in df['lines']]\nprint(df.groupby('country')['basket'].mean().nlargest(5) / 100)",
            "price_cents",
            3,
        ),
        (
            "I apologise for the repeated errors. Trying a cleaner version.",
            "import pandas as pd\ndf = pd.json_normalize(rows, 'lines', ['order_id', 'country'])\ndf['v'] = df['price'] * df['qty']\nprint(df.groupby(['country', 'order_id'])['v'].sum().groupby('country').mean().nlargest(5))",
            "country",
            2,
        ),
        (
            "Sorry! One more attempt with the correct field names.",
            "import pandas as pd\ndf = pd.DataFrame(rows)\ndf['basket'] = df['lines'].map(lambda ls: sum(i['cost'] * i['qty'] for i in ls))\nprint(df.groupby('country')['basket'].mean().nlargest(5))",
            "cost",
            3,
        ),
    ]
    steps = []
    for text, code, key, line in snippets:
        err = tb(
            [
                ("<stdin>", line, "<module>", code.splitlines()[line - 1].strip()),
                ("<stdin>", line, "<lambda>", "..."),
            ],
            f"KeyError: '{key}'",
        )
        steps.append(s.call(text, "python_interpreter", {"code": code}, err, True))
    s.say(
        "I'm having trouble with the field names in this export; could you confirm the schema of the `lines` entries?"
    )
    onset = steps[3]
    return scenario(
        "blind4-loop-code-keyerror-rewrites-0",
        "Code agent rewrites a pandas aggregation six times; each fails with a KeyError on a guessed field name although the first output showed the real keys.",
        s,
        loop=True,
        kinds=["error_streak"],
        onset=onset,
        notes=f"Six consecutive python_interpreter calls fail with KeyError at the same aggregation line, each with a different guessed key ('price', 'unit_price', 'amount', ...) while the model apologises; the first record already showed 'unit_price_cents' and 'country_code'. Convention: the 4th consecutive failure of the same kind, step {onset}, is the onset.",
    )


def execute_code_shape_streak() -> dict[str, Any]:
    s = Session("blind4-loop-exec-shape", "anthropic")
    s.user(
        "Fit a linear regression of energy use on temperature and occupancy using sensors.parquet and report the coefficients."
    )
    s.call(
        "Let me inspect the data first.",
        "execute_code",
        {
            "language": "python",
            "code": "import pandas as pd\nd = pd.read_parquet('sensors.parquet')\nprint(d.shape)\nprint(d.dtypes)",
        },
        "(8760, 5)\ntimestamp      datetime64[ns]\nbuilding_id             int64\ntemp_c                float64\noccupancy             float64\nkwh                   float64\ndtype: object",
    )
    variants = [
        (
            "X = d['temp_c'].values\ny = d['kwh'].values\nfrom sklearn.linear_model import LinearRegression\nm = LinearRegression().fit(X, y)",
            4,
            "Expected 2D array, got 1D array instead:\narray=[ 3.1  2.8  2.6 ... 11.9 11.4 10.7].\nReshape your data either using array.reshape(-1, 1) if your data has a single feature or array.reshape(1, -1) if it contains a single sample.",
        ),
        (
            "from sklearn.linear_model import LinearRegression\nX = d[['temp_c', 'occupancy']].values.T\ny = d['kwh'].values\nm = LinearRegression().fit(X, y)",
            4,
            "Found input variables with inconsistent numbers of samples: [2, 8760]",
        ),
        (
            "from sklearn.linear_model import LinearRegression\nimport numpy as np\nX = np.stack([d.temp_c, d.occupancy])\ny = d.kwh.to_numpy()\nmodel = LinearRegression()\nmodel.fit(X, y)",
            6,
            "Found input variables with inconsistent numbers of samples: [2, 8760]",
        ),
        (
            "from sklearn.linear_model import LinearRegression\nimport numpy as np\nX = np.vstack((d['temp_c'].to_numpy(), d['occupancy'].to_numpy()))\ny = d['kwh'].to_numpy().reshape(1, -1)\nLinearRegression().fit(X, y)",
            5,
            "Found input variables with inconsistent numbers of samples: [2, 1]",
        ),
        (
            "from sklearn.linear_model import LinearRegression\nimport numpy as np\nfeatures = np.array([d.temp_c.values, d.occupancy.values])\ntarget = d.kwh.values\nreg = LinearRegression().fit(features, target)\nprint(reg.coef_)",
            5,
            "Found input variables with inconsistent numbers of samples: [2, 8760]",
        ),
    ]
    texts = [
        "Now the fit.",
        "Right, it needs a 2D array; I'll pass both features.",
        "Hmm, a sample-count mismatch. Let me build the matrix with numpy instead.",
        "Still mismatched — maybe y needs reshaping too.",
        "Let me restructure the arrays one more time.",
    ]
    steps = []
    for text, (code, line, msg) in zip(texts, variants, strict=True):
        err = tb(
            [
                ("/tmp/exec_7f3a/cell.py", line, "<module>", code.splitlines()[line - 1]),
                (
                    "/usr/lib/python3.11/site-packages/sklearn/linear_model/_base.py",
                    609,
                    "fit",
                    "X, y = self._validate_data(",
                ),
                (
                    "/usr/lib/python3.11/site-packages/sklearn/utils/validation.py",
                    431,
                    "check_consistent_length",
                    "raise ValueError(",
                ),
            ],
            f"ValueError: {msg}",
        )
        steps.append(s.call(text, "execute_code", {"language": "python", "code": code}, err, True))
    onset = steps[3]
    s.say(
        "The regression keeps rejecting the input shapes. I'll stop here; the sensor data may need restructuring."
    )
    return scenario(
        "blind4-loop-exec-shape-mismatch-0",
        "Code agent keeps feeding a transposed feature matrix to scikit-learn; five consecutive snippets fail with the same ValueError family.",
        s,
        loop=True,
        kinds=["error_streak"],
        onset=onset,
        notes=f"Every fit attempt from step 2 fails in sklearn's length check with 'inconsistent numbers of samples' (numbers differ: [2, 8760], [2, 1]); the snippets are reworded but keep stacking features as rows. The 4th consecutive failure, step {onset}, is where the streak is unambiguous.",
    )


def bash_econnrefused_streak() -> dict[str, Any]:
    s = Session("blind4-loop-bash-econnrefused", "anthropic")
    s.user("Run the database migrations for the api service and then start the dev server.")
    s.call(
        "",
        "Bash",
        {"command": "ls", "description": "List project root"},
        "Dockerfile\nREADME.md\ndocker-compose.yml\nknexfile.js\nmigrations\nnode_modules\npackage.json\nsrc\ntest",
    )
    s.call(
        "",
        "Read",
        {"file_path": "/home/dev/api/knexfile.js"},
        "     1→module.exports = {\n     2→  development: {\n     3→    client: 'pg',\n     4→    connection: process.env.DATABASE_URL || 'postgres://api:api@127.0.0.1:5432/api_dev',\n     5→    migrations: { directory: './migrations' },\n     6→  },\n     7→};\n",
    )
    cmds = [
        ("npm run migrate", "Running migrations", "127.0.0.1:5432"),
        (
            "DATABASE_URL=postgres://api:api@localhost:5432/api_dev npm run migrate",
            "Retry with localhost explicitly",
            "::1:5432",
        ),
        (
            "PGHOST=127.0.0.1 PGPORT=5432 npx knex migrate:latest --env development",
            "Call knex directly",
            "127.0.0.1:5432",
        ),
        (
            "DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5433/api_dev npx knex migrate:latest",
            "Try port 5433",
            "127.0.0.1:5433",
        ),
        (
            "NODE_ENV=development DATABASE_URL=postgresql://api:api@0.0.0.0:5432/api_dev npm run migrate -- --debug",
            "Migrate with debug output",
            "0.0.0.0:5432",
        ),
        (
            "npx knex migrate:latest --knexfile ./knexfile.js --env development",
            "Explicit knexfile",
            "127.0.0.1:5432",
        ),
    ]
    texts = [
        "The connection string defaults to a local Postgres. Running the migrations.",
        "Connection refused. Maybe it resolves localhost differently; I'll set the URL explicitly.",
        "Let me call knex directly with PG env vars.",
        "Perhaps Postgres listens on 5433 in this setup.",
        "I'll enable debug output to see what is going on.",
        "Let me point knex at the knexfile explicitly.",
    ]
    steps = []
    for text, (cmd, desc, addr) in zip(texts, cmds, strict=True):
        out = f"\n> api@1.4.0 migrate\n> knex migrate:latest\n\nUsing environment: development\nconnect ECONNREFUSED {addr}\nError: connect ECONNREFUSED {addr}\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)\nExit code 1"
        steps.append(s.call(text, "Bash", {"command": cmd, "description": desc}, out, True))
    s.say("The migrations can't reach Postgres. Is a database supposed to be running locally?")
    onset = steps[3]
    return scenario(
        "blind4-loop-bash-econnrefused-variants-0",
        "Coding CLI varies env vars, ports and entry points for a migration while Postgres is simply not running; six ECONNREFUSED failures in a row.",
        s,
        loop=True,
        kinds=["error_streak"],
        onset=onset,
        notes=f"Six consecutive Bash calls fail with 'connect ECONNREFUSED' differing only in host/port; the agent never checks whether the database is up (docker-compose.yml is right there). The 4th consecutive failure, step {onset}, is the onset.",
    )


def sql_missing_column_streak() -> dict[str, Any]:
    s = Session("blind4-loop-sql-column", "uuid")
    s.user("How many active subscribers did we have at the end of each month in Q1 2024? Use the warehouse.")
    guesses = [
        (
            "SELECT date_trunc('month', created_at) m, count(*) FROM subscriptions WHERE status = 'active' GROUP BY 1",
            "status",
        ),
        (
            "SELECT date_trunc('month', created_at) m, count(*) FROM subscriptions WHERE is_active GROUP BY 1",
            "is_active",
        ),
        (
            "SELECT date_trunc('month', start_date) AS month, COUNT(DISTINCT user_id) FROM subscriptions WHERE active = true GROUP BY 1 ORDER BY 1",
            "start_date",
        ),
        (
            "SELECT date_trunc('month', started_at) AS month, COUNT(DISTINCT customer_id) FROM subscriptions WHERE ended_at IS NULL GROUP BY 1",
            "started_at",
        ),
        (
            "SELECT to_char(subscribed_on, 'YYYY-MM') AS month, COUNT(*) FROM subscriptions WHERE cancelled_on IS NULL GROUP BY 1",
            "subscribed_on",
        ),
        (
            "SELECT date_trunc('month', signup_ts) AS month, count(subscriber_id) FROM subscriptions WHERE state <> 'cancelled' GROUP BY 1",
            "signup_ts",
        ),
        (
            "SELECT date_trunc('month', begin_at) month, count(*) FROM subscriptions s WHERE s.churned = false GROUP BY 1",
            "begin_at",
        ),
    ]
    texts = [
        "I'll count active subscriptions by month.",
        "That column doesn't exist. Perhaps it's a boolean flag.",
        "Let me try start_date and an active flag.",
        "I'll use started_at / ended_at instead.",
        "Maybe the naming is subscribed_on / cancelled_on.",
        "Trying signup_ts and state.",
        "One more variant with begin_at.",
    ]
    steps = []
    for i, (text, (sql, col)) in enumerate(zip(texts, guesses, strict=True)):
        pos = sql.find(col) + 1
        content = js(
            {
                "error": {
                    "code": "42703",
                    "message": f'column "{col}" does not exist',
                    "position": pos,
                    "hint": None if i % 2 else "Perhaps you meant to reference another column.",
                }
            }
        )
        steps.append(
            s.call(text, "run_sql", {"query": sql, "warehouse": "analytics", "limit": 1000}, content, True)
        )
    s.say(
        "I couldn't find the right columns in `subscriptions`. Could you tell me which fields mark an active subscription?"
    )
    onset = steps[3]
    return scenario(
        "blind4-loop-sql-guessed-columns-0",
        "Data agent guesses column names seven times against a table it never describes; each query fails with Postgres 42703.",
        s,
        loop=True,
        kinds=["error_streak"],
        onset=onset,
        notes=f"Seven consecutive run_sql calls fail with the same error code 42703 'column ... does not exist', differing only in the guessed column; describing the table would have ended it. Onset at the 4th consecutive failure, step {onset}.",
    )


def fetch_403_streak() -> dict[str, Any]:
    s = Session("blind4-loop-fetch-403", "fc")
    s.user(
        "Get me the current list price of the Ridgeline 45L backpack from the manufacturer's site (ridgeline-gear.com)."
    )
    s.call(
        "",
        "web_search",
        {"query": "Ridgeline 45L backpack price ridgeline-gear.com"},
        js(
            [
                {
                    "title": "Ridgeline 45L Trekking Pack | Ridgeline Gear",
                    "url": "https://www.ridgeline-gear.com/products/45l-trekking-pack",
                    "snippet": "Our most versatile pack. Adjustable torso, rain cover included...",
                },
                {
                    "title": "Ridgeline 45L review (2024) - OutdoorLab",
                    "url": "https://outdoorlab.example/reviews/ridgeline-45",
                    "snippet": "At $189 it undercuts most rivals...",
                },
            ]
        ),
    )
    urls = [
        "https://www.ridgeline-gear.com/products/45l-trekking-pack",
        "https://ridgeline-gear.com/products/45l-trekking-pack",
        "https://www.ridgeline-gear.com/products/45l-trekking-pack?variant=ocean-blue",
        "https://www.ridgeline-gear.com/en-us/products/45l-trekking-pack",
        "https://www.ridgeline-gear.com/products/45l-trekking-pack.json",
        "http://www.ridgeline-gear.com/products/45l-trekking-pack",
    ]
    texts = [
        "Opening the product page.",
        "Blocked. Let me try without the www prefix.",
        "Still forbidden; maybe a variant URL works.",
        "I'll try the localized path.",
        "Shopify stores expose a .json endpoint; trying that.",
        "Trying plain http.",
    ]
    steps = []
    for i, (text, url) in enumerate(zip(texts, urls, strict=True)):
        ray = f"8{i}c3f{i * 7 % 10}a1e2d{i}b-FRA"
        body = f"HTTP 403 Forbidden\n<!DOCTYPE html><html><head><title>Attention Required! | Cloudflare</title></head><body><h1>Sorry, you have been blocked</h1><p>You are unable to access ridgeline-gear.com</p><span>Cloudflare Ray ID: {ray}</span></body></html>"
        steps.append(s.call(text, "fetch_url", {"url": url, "timeout": 20}, body, True))
    s.say(
        "The manufacturer's site blocks automated access. A 2024 review lists it at $189, but I couldn't confirm the current price."
    )
    onset = steps[3]
    return scenario(
        "blind4-loop-fetch-403-url-variants-0",
        "Web agent hammers one Cloudflare-protected product page with six URL spellings, all 403.",
        s,
        loop=True,
        kinds=["error_streak", "same_tool"],
        onset=onset,
        notes=f"Six consecutive fetch_url calls to the same page under trivially different URLs (www, query string, locale, .json, http) all return the same Cloudflare 403 apart from the Ray ID. The 4th consecutive failure, step {onset}, is the onset.",
    )


def browser_click_streak() -> dict[str, Any]:
    s = Session("blind4-loop-browser-click", "counter")
    s.user("On the admin console, disable the 'legacy-exports' feature flag.")
    s.call(
        "",
        "navigate",
        {"url": "https://admin.internal.example/flags"},
        "Page loaded: Feature flags (42 items)\n[e101] input 'Filter flags'\n[e102] button 'New flag'\n[e140] row 'beta-dashboard' toggle[e141]=on\n[e150] row 'legacy-exports' toggle[e151]=on (disabled: requires elevated session)\n[e160] row 'new-billing' toggle[e161]=off",
    )
    attempts = [
        ("e151", "Element e151 is not interactable (aria-disabled=true)"),
        ("e150", "Click on e150 had no effect: row is not actionable"),
        ("e151", "Element e151 is not interactable (aria-disabled=true)"),
        ("e152", "No element with id e152"),
        ("e151", "Element e151 is not interactable (aria-disabled=true)"),
        ("e153", "No element with id e153"),
    ]
    texts = [
        "Clicking the toggle for legacy-exports.",
        "Maybe I need to click the row first.",
        "Now the toggle again.",
        "Perhaps the switch's inner element is e152.",
        "Trying the toggle once more after focusing the row.",
        "Trying e153 in case the id shifted.",
    ]
    steps = []
    for text, (eid, err) in zip(texts, attempts, strict=True):
        steps.append(s.call(text, "click", {"element_id": eid}, f"Error: {err}", True))
    s.say("I can't toggle the flag; the control appears disabled.")
    onset = steps[3]
    return scenario(
        "blind4-loop-browser-disabled-toggle-0",
        "Browser agent clicks a disabled toggle and neighbouring element ids six times; every click fails. The page said 'requires elevated session' from the start.",
        s,
        loop=True,
        kinds=["error_streak"],
        onset=onset,
        notes=f"Six consecutive click calls fail (not interactable / no effect / no such element) with ids e150-e153 varied; the page text said the toggle needs an elevated session. The 4th consecutive failure, step {onset}, is the onset.",
    )


def edit_old_string_streak() -> dict[str, Any]:
    s = Session("blind4-loop-edit-oldstring", "anthropic")
    s.user("In src/server/routes.ts, change the rate limit for /upload from 10 to 30 requests per minute.")
    s.call(
        "",
        "Grep",
        {"pattern": "upload", "path": "src/server/routes.ts", "output_mode": "content", "-n": True},
        "src/server/routes.ts:48:  router.post('/upload', rateLimit({ windowMs: 60_000, max: 10 }),\nsrc/server/routes.ts:49:    requireAuth, handleUpload);",
    )
    olds = [
        "router.post('/upload', rateLimit({ windowMs: 60000, max: 10 }),",
        'router.post("/upload", rateLimit({ windowMs: 60_000, max: 10 }),',
        "  router.post('/upload', rateLimit({windowMs: 60_000, max: 10}),",
        "rateLimit({ windowMs: 60_000, max: 10 })  ",
        "router.post('/upload', rateLimit({ windowMs: 60_000, max: 10 }), requireAuth, handleUpload);",
    ]
    texts = [
        "Updating the limit.",
        "Let me match the quotes more carefully.",
        "Adjusting the whitespace in the match.",
        "I'll match just the rateLimit call.",
        "Matching the full statement.",
    ]
    steps = []
    for text, old in zip(texts, olds, strict=True):
        steps.append(
            s.call(
                text,
                "Edit",
                {
                    "file_path": "/repo/src/server/routes.ts",
                    "old_string": old,
                    "new_string": old.replace("max: 10", "max: 30"),
                    "replace_all": False,
                },
                "<tool_use_error>String to replace not found in file.\nString: " + old + "</tool_use_error>",
                True,
            )
        )
    s.call(
        "Let me read the exact line.",
        "Read",
        {"file_path": "/repo/src/server/routes.ts", "offset": 46, "limit": 5},
        "    46→\n    47→  // uploads are expensive\n    48→  router.post('/upload', rateLimit({ windowMs: 60_000, max: 10 }),\n    49→    requireAuth, handleUpload);\n    50→\n",
    )
    s.call(
        "",
        "Edit",
        {
            "file_path": "/repo/src/server/routes.ts",
            "old_string": "rateLimit({ windowMs: 60_000, max: 10 }),\n    requireAuth, handleUpload",
            "new_string": "rateLimit({ windowMs: 60_000, max: 30 }),\n    requireAuth, handleUpload",
            "replace_all": False,
        },
        "The file /repo/src/server/routes.ts has been updated.",
    )
    s.say("Done: /upload now allows 30 requests per minute.")
    onset = steps[3]
    return scenario(
        "blind4-loop-edit-old-string-misses-0",
        "Coding CLI's Edit misses five times with hand-typed old_string variants (quotes, underscores, spacing) before it finally reads the line; the run recovers afterwards.",
        s,
        loop=True,
        kinds=["error_streak", "same_tool"],
        onset=onset,
        notes=f"Five consecutive Edit calls fail with 'String to replace not found', each with a slightly different old_string, without re-reading the file. A guard nudging 'read the file' would have saved steps; the 4th consecutive failure, step {onset}, is the onset even though the run later recovers.",
    )


# --- schema misuse ------------------------------------------------------------------------------


def schema_calendar_missing_field() -> dict[str, Any]:
    s = Session("blind4-loop-schema-calendar", "openai")
    s.system(
        "You are a scheduling assistant. Tools: find_free_slots, create_calendar_event(title, start_time, end_time, attendees[], location?)."
    )
    s.user("Book a 45-minute design review with ana@corp.example and li@corp.example tomorrow afternoon.")
    s.call(
        "",
        "find_free_slots",
        {"attendees": ["ana@corp.example", "li@corp.example"], "date": "2024-09-18", "duration_minutes": 45},
        js(
            {
                "slots": [
                    {"start": "2024-09-18T13:30:00+02:00", "end": "2024-09-18T14:15:00+02:00"},
                    {"start": "2024-09-18T15:00:00+02:00", "end": "2024-09-18T15:45:00+02:00"},
                ]
            }
        ),
    )
    tries: list[tuple[str, dict[str, Any], str]] = [
        (
            "",
            {
                "title": "Design review",
                "start_time": "2024-09-18T13:30:00+02:00",
                "duration_minutes": 45,
                "attendees": ["ana@corp.example", "li@corp.example"],
            },
            "1 validation error for CreateCalendarEvent\nend_time\n  Field required [type=missing, input_value={'title': 'Design review', ...}, input_type=dict]",
        ),
        (
            "",
            {
                "title": "Design review",
                "start_time": "2024-09-18T13:30:00+02:00",
                "end": "2024-09-18T14:15:00+02:00",
                "attendees": ["ana@corp.example", "li@corp.example"],
            },
            "1 validation error for CreateCalendarEvent\nend_time\n  Field required [type=missing, input_value={'title': 'Design review', ...}, input_type=dict]",
        ),
        (
            "",
            {
                "title": "Design review",
                "start_time": "2024-09-18T13:30:00+02:00",
                "endTime": "2024-09-18T14:15:00+02:00",
                "attendees": "ana@corp.example, li@corp.example",
            },
            "2 validation errors for CreateCalendarEvent\nend_time\n  Field required [type=missing, input_value={'title': 'Design review', ...}, input_type=dict]\nattendees\n  Input should be a valid list [type=list_type, input_value='ana@corp.example, li@corp.example', input_type=str]",
        ),
        (
            "",
            {
                "title": "Design review",
                "start": "2024-09-18T13:30:00+02:00",
                "end": "2024-09-18T14:15:00+02:00",
                "attendees": ["ana@corp.example", "li@corp.example"],
            },
            "2 validation errors for CreateCalendarEvent\nstart_time\n  Field required [type=missing, input_value={'title': 'Design review', ...}, input_type=dict]\nend_time\n  Field required [type=missing, input_value={'title': 'Design review', ...}, input_type=dict]",
        ),
        (
            "",
            {
                "title": "Design review",
                "start_time": "2024-09-18T13:30:00+02:00",
                "end_time_utc": "2024-09-18T12:15:00Z",
                "attendees": ["ana@corp.example", "li@corp.example"],
            },
            "1 validation error for CreateCalendarEvent\nend_time\n  Field required [type=missing, input_value={'title': 'Design review', ...}, input_type=dict]",
        ),
    ]
    steps = []
    for text, args, err in tries:
        steps.append(s.call(text, "create_calendar_event", args, err, True))
    s.say(
        "I wasn't able to create the event because of a technical issue with the calendar. The 13:30–14:15 slot is free for everyone; would you like me to try again?"
    )
    onset = steps[3]
    return scenario(
        "blind4-loop-schema-calendar-end-time-0",
        "Function-calling assistant keeps renaming the end-time field (duration_minutes, end, endTime, end_time_utc) against a schema that says end_time.",
        s,
        loop=True,
        kinds=["error_streak", "same_tool"],
        onset=onset,
        notes=f"Five consecutive create_calendar_event calls are rejected by the same validator for 'end_time: Field required'; each retry renames a field instead of reading the error. The 4th rejection, step {onset}, is the onset.",
    )


def schema_orders_type_mismatch() -> dict[str, Any]:
    s = Session("blind4-loop-schema-orders", "anthropic")
    s.user(
        "A customer (account C-1042) says order #88817 never arrived. Check its status and refund if it's lost."
    )
    s.call(
        "I'll look up the customer's orders.",
        "search_orders",
        {"customer_id": "C-1042"},
        js(
            {
                "error": "invalid_request",
                "detail": [
                    {
                        "loc": ["customer_id"],
                        "msg": "value is not a valid integer",
                        "type": "type_error.integer",
                    }
                ],
            }
        ),
        True,
    )
    s.say(
        "The tool needs an integer customer id. Thinking about the mapping: C-1042 probably corresponds to 1042."
    )
    a = s.call(
        "",
        "search_orders",
        {"customer_id": "1042"},
        js(
            {
                "error": "invalid_request",
                "detail": [
                    {
                        "loc": ["customer_id"],
                        "msg": "value is not a valid integer",
                        "type": "type_error.integer",
                    }
                ],
            }
        ),
        True,
    )
    s.call(
        "Let me check the customer record to get the numeric id.",
        "get_customer",
        {"account": "C-1042"},
        js({"account": "C-1042", "id": 1042, "name": "Priya Raman", "tier": "gold"}),
    )
    b = s.call(
        "",
        "search_orders",
        {"customer_id": {"id": 1042}},
        js(
            {
                "error": "invalid_request",
                "detail": [
                    {
                        "loc": ["customer_id"],
                        "msg": "value is not a valid integer",
                        "type": "type_error.integer",
                    }
                ],
            }
        ),
        True,
    )
    c = s.call(
        "",
        "search_orders",
        {"customer_id": ["1042"], "order_id": "#88817"},
        js(
            {
                "error": "invalid_request",
                "detail": [
                    {
                        "loc": ["customer_id"],
                        "msg": "value is not a valid integer",
                        "type": "type_error.integer",
                    },
                    {
                        "loc": ["order_id"],
                        "msg": "string does not match regex '^[0-9]+$'",
                        "type": "value_error.str.regex",
                    },
                ],
            }
        ),
        True,
    )
    s.say("Both fields seem picky. I'll pass the values as they appear in the customer record.")
    d = s.call(
        "",
        "search_orders",
        {"customer_id": "1042", "order_id": "88817"},
        js(
            {
                "error": "invalid_request",
                "detail": [
                    {
                        "loc": ["customer_id"],
                        "msg": "value is not a valid integer",
                        "type": "type_error.integer",
                    }
                ],
            }
        ),
        True,
    )
    s.say("The order system keeps rejecting the lookup. I'll escalate this to a human agent.")
    onset = c
    _ = (a, b, d)
    return scenario(
        "blind4-loop-schema-orders-int-type-0",
        "Anthropic-style support agent retries search_orders with the customer id as string, object and list; the integer it needs was in the customer record it fetched.",
        s,
        loop=True,
        kinds=["error_streak"],
        onset=onset,
        notes=f"search_orders is rejected five times for 'customer_id: value is not a valid integer' while the agent tries '1042', {{'id': 1042}}, ['1042']; a thinking message and a get_customer call sit between attempts, so the failures are not strictly consecutive steps but are the same validation error on the same tool. The 4th rejection, step {onset}, is the onset.",
    )


def schema_booking_unknown_param() -> dict[str, Any]:
    s = Session("blind4-loop-schema-clinic", "gemini")
    s.say("Hello, this is the Lakeside Clinic assistant. How can I help?")
    s.user(
        "I need a physiotherapy appointment next Tuesday morning, preferably with Dr. Okafor. I have a knee injury."
    )
    s.call(
        "",
        "list_practitioners",
        {"specialty": "physiotherapy"},
        js([{"id": "pr_22", "name": "Dr. Chidi Okafor"}, {"id": "pr_31", "name": "Dr. Marta Silva"}]),
    )
    s.call(
        "",
        "get_availability",
        {"practitioner_id": "pr_22", "date": "2024-10-08"},
        js({"practitioner_id": "pr_22", "date": "2024-10-08", "slots": ["09:00", "09:45", "11:15"]}),
    )
    errs = [
        (
            {"practitioner_id": "pr_22", "date": "2024-10-08", "time": "09:00", "notes": "knee injury"},
            "Invalid arguments: unexpected parameter 'notes'. Allowed: practitioner_id, date, time, patient_id, reason_code",
        ),
        (
            {"practitioner_id": "pr_22", "date": "2024-10-08", "time": "09:00", "reason": "knee injury"},
            "Invalid arguments: unexpected parameter 'reason'. Allowed: practitioner_id, date, time, patient_id, reason_code",
        ),
        (
            {"practitioner_id": "pr_22", "date": "2024-10-08", "time": "09:00", "reason_code": "knee injury"},
            "Invalid arguments: reason_code must be one of ['CONSULT', 'FOLLOW_UP', 'INJURY', 'POST_OP']; got 'knee injury'. Missing required parameter 'patient_id'",
        ),
        (
            {
                "practitioner_id": "pr_22",
                "date": "2024-10-08",
                "time": "09:00",
                "reason_code": "Injury",
                "patient": "unknown",
            },
            "Invalid arguments: unexpected parameter 'patient'. reason_code must be one of ['CONSULT', 'FOLLOW_UP', 'INJURY', 'POST_OP']; got 'Injury'. Missing required parameter 'patient_id'",
        ),
        (
            {
                "practitioner_id": "pr_22",
                "date": "2024-10-08",
                "time": "09:00",
                "reason_code": "knee_injury",
                "comment": "knee",
            },
            "Invalid arguments: unexpected parameter 'comment'. reason_code must be one of ['CONSULT', 'FOLLOW_UP', 'INJURY', 'POST_OP']; got 'knee_injury'. Missing required parameter 'patient_id'",
        ),
    ]
    steps = []
    for args, err in errs:
        steps.append(s.call("", "book_appointment", args, err, True))
    s.say(
        "I'm sorry, I'm having trouble completing the booking right now. Dr. Okafor has 09:00, 09:45 and 11:15 free on Tuesday."
    )
    onset = steps[3]
    return scenario(
        "blind4-loop-schema-clinic-unknown-param-0",
        "Clinic booking bot keeps inventing parameter names and enum values for book_appointment and never asks the patient for the missing patient_id.",
        s,
        loop=True,
        kinds=["error_streak", "same_tool"],
        onset=onset,
        notes=f"Five consecutive book_appointment calls are rejected by the argument validator (unexpected parameter / invalid enum / missing patient_id); the error lists the allowed names each time but the model keeps swapping synonyms. The 4th rejection, step {onset}, is the onset.",
    )


def schema_metrics_date_format() -> dict[str, Any]:
    s = Session("blind4-loop-schema-metrics", "fc")
    s.user("Pull daily signups for May 2024 and tell me which weekday is strongest.")
    s.call(
        "",
        "list_metrics",
        {"prefix": "growth."},
        js(
            {
                "metrics": ["growth.signups", "growth.activations", "growth.referrals"],
                "docs": "query_metric(metric, start, end, granularity) — start/end: ISO-8601 date (YYYY-MM-DD)",
            }
        ),
    )
    formats = ["2024/05/01", "May 1, 2024", "01-05-2024", "2024-5-1", "20240501", "2024-05-01T00:00"]
    ends = ["2024/05/31", "May 31, 2024", "31-05-2024", "2024-5-31", "20240531", "2024-05-31T23:59"]
    texts = [
        "Querying signups for May.",
        "Date format rejected; trying a written-out date.",
        "Let me try day-month-year.",
        "Perhaps without zero padding.",
        "Trying a compact format.",
        "I'll include times.",
    ]
    steps = []
    for i, (text, a, b) in enumerate(zip(texts, formats, ends, strict=True)):
        if i == 3:
            s.say("Thinking: the API is strict about dates. I'll try another representation.")
        err = js(
            {
                "status": 400,
                "error": "ValidationError",
                "field": "start",
                "message": f"invalid date '{a}': expected format YYYY-MM-DD",
            }
        )
        steps.append(
            s.call(
                text,
                "query_metric",
                {"metric": "growth.signups", "start": a, "end": b, "granularity": "day"},
                err,
                True,
            )
        )
    s.say("The metrics API keeps rejecting the date range; I can't retrieve May signups right now.")
    onset = steps[3]
    return scenario(
        "blind4-loop-schema-metrics-date-format-0",
        "Data agent tries six date spellings against an API whose listing and error both say YYYY-MM-DD, never the one asked for.",
        s,
        loop=True,
        kinds=["error_streak", "same_tool"],
        onset=onset,
        notes=f"Six query_metric calls fail with the same 400 ValidationError 'expected format YYYY-MM-DD' (a thinking-only step sits between the 3rd and 4th). The 4th rejection, step {onset}, is the onset.",
    )


def schema_jira_issuetype() -> dict[str, Any]:
    s = Session("blind4-loop-schema-jira", "uuid")
    s.user("File a bug in the PAY project: 'Refund webhook retries forever on 410'. Priority high.")
    first = s.call(
        "",
        "jira_create_issue",
        {"project": "PAY", "summary": "Refund webhook retries forever on 410", "priority": "High"},
        js({"errorMessages": [], "errors": {"issuetype": "Specify an issue type"}}),
        True,
    )
    s.call(
        "Let me see the project's issue types.",
        "jira_list_projects",
        {"query": "PAY"},
        js(
            [
                {
                    "key": "PAY",
                    "name": "Payments",
                    "issueTypes": [
                        {"id": "10004", "name": "Bug"},
                        {"id": "10001", "name": "Story"},
                        {"id": "10002", "name": "Task"},
                    ],
                }
            ]
        ),
    )
    b = s.call(
        "",
        "jira_create_issue",
        {
            "project": "PAY",
            "summary": "Refund webhook retries forever on 410",
            "priority": "High",
            "issue_type": "Bug",
        },
        js({"errorMessages": [], "errors": {"issuetype": "Specify an issue type"}}),
        True,
    )
    c = s.call(
        "",
        "jira_create_issue",
        {
            "project": "PAY",
            "summary": "Refund webhook retries forever on 410",
            "priority": "High",
            "type": {"name": "Bug"},
        },
        js({"errorMessages": [], "errors": {"issuetype": "Specify an issue type"}}),
        True,
    )
    s.call(
        "Checking the project metadata again.",
        "jira_list_projects",
        {"query": "Payments"},
        js(
            [
                {
                    "key": "PAY",
                    "name": "Payments",
                    "issueTypes": [
                        {"id": "10004", "name": "Bug"},
                        {"id": "10001", "name": "Story"},
                        {"id": "10002", "name": "Task"},
                    ],
                }
            ]
        ),
    )
    d = s.call(
        "",
        "jira_create_issue",
        {
            "project": "PAY",
            "summary": "Refund webhook retries forever on 410",
            "priority": "High",
            "issueType": "10004",
        },
        js({"errorMessages": [], "errors": {"issuetype": "Specify an issue type"}}),
        True,
    )
    e = s.call(
        "",
        "jira_create_issue",
        {
            "project": "PAY",
            "summary": "Refund webhook retries forever on 410",
            "priority": {"name": "High"},
            "issue_type_id": 10004,
        },
        js({"errorMessages": [], "errors": {"issuetype": "Specify an issue type"}}),
        True,
    )
    s.say(
        "Jira keeps asking for an issue type even though I provide one. You may need to file this manually."
    )
    _ = (first, b, c, e)
    return scenario(
        "blind4-loop-schema-jira-issuetype-0",
        "Agent files a Jira bug with five spellings of the issue-type field (issue_type, type, issueType, issue_type_id), re-listing the project in between; every create is rejected.",
        s,
        loop=True,
        kinds=["error_streak", "same_tool"],
        onset=d,
        notes=f"jira_create_issue returns the identical error 'issuetype: Specify an issue type' five times; the field name keeps changing but is never 'issuetype'. A second, identical project listing between attempts brings nothing new. The 4th rejection, step {d}, is the onset.",
    )
