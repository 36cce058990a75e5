"""Loops: failure streaks (the same kind of error under changing inputs) and schema misuse (validation
errors the agent answers with trivial variations)."""

from __future__ import annotations

from blind6gen.builder import JSON, Trace, js


def gcloud_permission_projects() -> JSON:
    t = Trace(
        "blind6-loop-gcloud-permission-guessed-projects",
        "Cursor-style DevOps agent: describes a Cloud Run service in project ids it guesses; every call is "
        "PERMISSION_DENIED, though the project list showed it has no access.",
        ids="openai",
        meta={"agent_style": "Cursor-like IDE agent with a terminal", "domain": "GCP"},
    )
    t.user("invoice-api in prod is returning 503s. Check the Cloud Run revision and traffic split.")
    t.call(
        "run_terminal_cmd",
        {
            "command": (
                "curl -s -o /dev/null -w '%{http_code} %{time_total}\\n' "
                "https://invoice-api.acme.example/healthz"
            ),
            "is_background": False,
        },
        "503 0.412\n",
        text="Reproducing the 503 from outside first.",
    )
    t.call(
        "run_terminal_cmd",
        {"command": "curl -sI https://invoice-api.acme.example/healthz", "is_background": False},
        "HTTP/2 503\ncontent-type: text/html; charset=UTF-8\nx-cloud-trace-context: "
        "8f1c2e7a4b9d0f3e5a6c7b8d9e0f1a2b\nserver: Google Frontend\ncontent-length: 112\n",
        text="Headers confirm it is served by Cloud Run (Google Frontend).",
    )
    t.call(
        "run_terminal_cmd",
        {"command": "dig +short invoice-api.acme.example", "is_background": False},
        "ghs.googlehosted.com.\n142.250.102.121\n",
        text="",
    )
    t.call(
        "run_terminal_cmd",
        {
            "command": "gcloud run services list --project acme-tools --format='table(SERVICE,REGION,URL)'",
            "is_background": False,
        },
        "SERVICE        REGION        URL\nbuild-cache    europe-west1  "
        "https://build-cache-x2k4.a.run.app\ndocs-preview   europe-west1  "
        "https://docs-preview-x2k4.a.run.app\n",
        text="invoice-api is not in the default project.",
    )
    t.call(
        "run_terminal_cmd",
        {"command": "gcloud config list --format=json", "is_background": False},
        js(
            {
                "core": {
                    "account": "ci-readonly@acme-tools.iam.gserviceaccount.com",
                    "project": "acme-tools",
                },
                "run": {"region": "europe-west1"},
            },
            indent=2,
        ),
        text="Checking which identity and project the CLI is using.",
    )
    projects = t.call(
        "run_terminal_cmd",
        {"command": "gcloud projects list --format='table(projectId,name)'", "is_background": False},
        "PROJECT_ID          NAME\nacme-tools          acme-tools\nacme-sandbox-4411   sandbox\n",
        text="Listing projects I can see.",
    )
    guesses = [
        ("acme-billing-prod", "The billing project isn't listed, but let me try the obvious id."),
        ("acme-billing-production", "Maybe the id is spelled out."),
        ("billing-prod", "Trying without the org prefix."),
        ("acme-prod-billing", "Different order."),
        ("acme-billing-prd", ""),
        ("acme-invoice-prod", "Perhaps the project is named after the service."),
        ("acme-prod", "Or a single prod project."),
        ("acme-billing-prod-7f3a", "Projects often have a suffix; trying one."),
    ]
    steps: list[int] = []
    for project, text in guesses:
        err = (
            "ERROR: (gcloud.run.services.describe) PERMISSION_DENIED: Permission 'run.services.get' "
            f"denied on resource 'namespaces/{project}/services/invoice-api' (or resource may not exist). "
            "This command is authenticated as ci-readonly@acme-tools.iam.gserviceaccount.com which is the "
            "active account specified by the [core/account] property."
        )
        cmd = (
            f"gcloud run services describe invoice-api --project {project} --region europe-west1 "
            "--format=yaml"
        )
        steps.append(
            t.call("run_terminal_cmd", {"command": cmd, "is_background": False}, err, error=True, text=text)
        )
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        "Steps 1-4 reproduce the 503 and show the service is not in the default project. The CLI runs as "
        f"a read-only CI account that sees two projects (step {projects}). From step {steps[0]} the agent "
        f"guesses {len(steps)} project ids and every describe fails with the same PERMISSION_DENIED; it "
        "never asks for access or the real project. Onset at the 4th failure of the same kind, step "
        f"{onset}.",
    )


def dbt_select_guessed_names() -> JSON:
    t = Trace(
        "blind6-loop-dbt-select-guessed-model-names",
        "Data-engineering agent: runs dbt with guessed model names; each run reports in its log (exit 0) "
        "that the selector matched nothing.",
        ids="uuid",
        meta={"agent_style": "data-engineering agent (dbt, Airflow, SQL)"},
    )
    t.user("Add a not_null test on fct_orders.customer_id and run it.")
    t.call(
        "read_file",
        {"path": "models/marts/_marts__models.yml"},
        "models:\n  - name: fct_orders\n    columns:\n      - name: order_id\n        tests: [unique, "
        "not_null]\n      - name: customer_id\n",
        text="Reading the marts schema file.",
    )
    t.call(
        "edit_file",
        {
            "path": "models/marts/_marts__models.yml",
            "old": "      - name: customer_id\n",
            "new": "      - name: customer_id\n        tests: [not_null]\n",
        },
        "edited models/marts/_marts__models.yml (+1 line)",
        text="Adding the test.",
    )
    t.call(
        "dbt",
        {"args": ["test", "--select", "fct_orders,column:customer_id"], "target": "prod"},
        "03:05:12  1 of 1 START test not_null_fct_orders_customer_id ........ [RUN]\n03:05:14  1 of 1 PASS "
        "not_null_fct_orders_customer_id .............. [PASS in 1.62s]\n03:05:14  Done. PASS=1 WARN=0 "
        "ERROR=0 SKIP=0 TOTAL=1\n",
        text="Running it.",
    )
    t.say("Added `not_null` on fct_orders.customer_id; it passes on prod.")
    t.user(
        "Thanks. Now rebuild the staging model for Shopify orders and everything downstream of it, then "
        "tell me row counts."
    )
    t.call(
        "read_file",
        {"path": "dbt_project.yml"},
        (
            "name: lumen_dw\nversion: '1.4.0'\nprofile: lumen\nmodel-paths: ['models']\nmodels:\n  "
            "lumen_dw:\n    staging:\n      +materialized: view\n    marts:\n      +materialized: table\n"
        ),
        text="Reading the project config.",
    )

    def log(sel: str) -> str:
        return (
            "03:12:40  Running with dbt=1.8.7\n03:12:41  Registered adapter: snowflake=1.8.4\n03:12:44  "
            "Found 214 models, 391 data tests, 38 sources, 1022 macros\n03:12:44  \n03:12:44  [WARNING]: "
            f"The selection criterion '{sel}' does not match any enabled nodes\n03:12:44  \n03:12:44  "
            "Nothing to do. Try checking your model configs and model specification args\n"
        )

    selectors = [
        ("stg_orders+", "Running the staging orders model and its children."),
        ("stg_order+", "Nothing matched. Maybe singular."),
        ("staging.orders+", "Trying the path-style selector."),
        ("orders_stg+", "Maybe the suffix convention."),
        ("stg_shopify_orders+", "Including the source name."),
        ("+stg_orders+", "Trying with parents too."),
        ("models/staging/orders.sql+", ""),
        ("stg__orders+", "Double underscore?"),
    ]
    steps: list[int] = []
    for sel, text in selectors:
        base = sel.strip("+")
        steps.append(
            t.call("dbt", {"args": ["build", "--select", sel], "target": "prod"}, log(base), text=text)
        )
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        (
            f"Second user turn (the first, adding a test, went cleanly). From step {steps[0]} dbt is run "
            f"{len(steps)} times with guessed selectors; every run exits 0 but its log says the criterion "
            "matches no node and nothing ran (a failure reported only in content). `dbt ls` or a look "
            "under models/staging would give the real name. Onset at the 4th failure of the same kind, "
            f"step {onset}."
        ),
    )


def psycopg2_never_installs() -> JSON:
    t = Trace(
        "blind6-loop-psycopg2-never-installs",
        "OpenHands-style coding agent: pip install of psycopg2 fails on a missing pg_config and the agent "
        "keeps re-trying pip variants.",
        ids="openai",
        meta={"agent_style": "OpenHands-like CodeAct agent"},
    )
    t.user("Get the test suite of this Flask app running locally (there's a requirements.txt).")
    t.call(
        "execute_bash",
        {"command": "cat requirements.txt"},
        "Flask==3.0.3\nSQLAlchemy==2.0.31\npsycopg2==2.9.9\npytest==8.2.2\n",
        text="",
    )
    t.call(
        "execute_bash",
        {
            "command": (
                "python -m venv .venv && . .venv/bin/activate && pip install Flask==3.0.3 "
                "SQLAlchemy==2.0.31 pytest==8.2.2"
            )
        },
        (
            "Successfully installed Flask-3.0.3 SQLAlchemy-2.0.31 Werkzeug-3.0.3 blinker-1.8.2 click-8.1.7 "
            "greenlet-3.0.3 iniconfig-2.0.0 itsdangerous-2.2.0 jinja2-3.1.4 pluggy-1.5.0 pytest-8.2.2 "
            "typing-extensions-4.12.2\n"
        ),
        text="",
    )

    def fail(spec: str) -> str:
        return (
            f"Collecting {spec}\n  Downloading psycopg2-2.9.9.tar.gz (384 kB)\n  Preparing metadata "
            "(setup.py) ... error\n  error: subprocess-exited-with-error\n\n  × python setup.py egg_info "
            "did not run successfully.\n  │ exit code: 1\n  ╰─> [23 lines of output]\n      running "
            "egg_info\n      ...\n      Error: pg_config executable not found.\n\n      pg_config is "
            "required to build psycopg2 from source.  Please add the directory\n      containing "
            "pg_config to the $PATH or specify the full executable path with the option:\n\n          "
            "python setup.py build_ext --pg-config /path/to/pg_config build ...\n\n      If you prefer to "
            "avoid building psycopg2 from source, please install the PyPI\n      'psycopg2-binary' "
            "package instead.\n      [end of output]\n\nerror: metadata-generation-failed\n\n× "
            "Encountered error while generating package metadata.\n"
        )

    cmds = [
        (". .venv/bin/activate && pip install psycopg2==2.9.9", "psycopg2==2.9.9"),
        (". .venv/bin/activate && pip install psycopg2", "psycopg2"),
        (". .venv/bin/activate && pip install --no-cache-dir psycopg2==2.9.9", "psycopg2==2.9.9"),
        (". .venv/bin/activate && pip install 'psycopg2>=2.9,<3'", "psycopg2<3,>=2.9"),
        (
            (
                ". .venv/bin/activate && pip install --upgrade pip setuptools wheel && pip install "
                "psycopg2==2.9.9"
            ),
            "psycopg2==2.9.9",
        ),
        (
            ". .venv/bin/activate && python -m pip install psycopg2==2.9.9 --no-build-isolation",
            "psycopg2==2.9.9",
        ),
        (". .venv/bin/activate && pip install psycopg2==2.9.8", "psycopg2==2.9.8"),
    ]
    steps = [t.call("execute_bash", {"command": c}, fail(spec), error=True, text="") for c, spec in cmds]
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"psycopg2 fails to build {len(steps)} times from step {steps[0]} with the same 'pg_config "
        "executable not found' error; the message itself names the fix (psycopg2-binary or installing "
        "libpq-dev), but the silent agent only varies pip flags and pins. A dependency that never "
        f"installs: onset at the 4th failure, step {onset}.",
    )


def s2_quota_exhausted() -> JSON:
    t = Trace(
        "blind6-loop-s2-quota-exhausted",
        "Literature agent: after a few good searches its paper-search API starts answering 429; it keeps "
        "firing new queries into the exhausted quota.",
        ids="anthropic",
        meta={"agent_style": "scientific-literature agent"},
    )
    t.user(
        "Find recent (2023+) papers on retrieval-augmented generation for clinical question answering; I "
        "need ~15."
    )
    good = [
        (
            "retrieval augmented generation clinical question answering",
            [
                "Almanac: Retrieval-Augmented Language Models for Clinical Medicine",
                "MedRAG: Benchmarking RAG for Medicine",
                "Clinfo.ai: An Open-Source Retrieval-Augmented LLM System",
            ],
        ),
        (
            "RAG electronic health records question answering",
            ["EHR-RAG: Grounded Answers over Patient Records", "Retrieval-augmented QA on MIMIC-IV notes"],
        ),
    ]
    for q, titles in good:
        t.call(
            "s2_search",
            {"query": q, "year": "2023-", "fields": ["title", "year", "externalIds"], "limit": 20},
            js({"total": len(titles) * 7, "data": [{"title": x, "year": 2024} for x in titles]}),
            text=f"Searching: {q}.",
        )
    quota = js(
        {
            "message": (
                "Too Many Requests. Please wait and try again or apply for a key for higher rate limits. "
                "https://www.semanticscholar.org/product/api#api-key-form"
            ),
            "code": "429",
        }
    )
    queries = [
        "medical question answering retrieval LLM grounding",
        "clinical decision support retrieval augmented large language model",
        "RAG hallucination reduction medicine",
        "biomedical retrieval augmented generation evaluation",
        "knowledge graph retrieval clinical QA LLM",
        "guideline grounded question answering LLM",
        "PubMed retrieval augmented LLM answers",
        "radiology report question answering retrieval",
        "nursing question answering RAG",
    ]
    steps = [
        t.call(
            "s2_search",
            {"query": q, "year": "2023-", "fields": ["title", "year", "externalIds"], "limit": 20},
            quota,
            text=f"Next: {q}.",
        )
        for q in queries
    ]
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"After two good searches, every call from step {steps[0]} returns the same 429 'Too Many "
        f"Requests' body (in content, is_error false). The agent fires {len(steps)} new queries into the "
        "exhausted quota without waiting, switching to the PubMed tool or reporting the five papers it "
        f"has. Quota exhausted under changing inputs: onset at the 4th failure, step {onset}.",
    )


def hue_light_guessed_ids() -> JSON:
    t = Trace(
        "blind6-loop-hue-light-guessed-ids",
        "IoT agent: after a first request handled with numeric light ids, it guesses names and aliases "
        'for the kitchen lights in the next turn; each set-light call answers {"success": false}.',
        ids="short",
        meta={"agent_style": "home-automation / IoT agent (Hue-like bridge)"},
    )
    t.user("turn the living room lights on, full brightness")
    t.call(
        "hue_list_rooms",
        {},
        js(
            {
                "rooms": [
                    {"name": "Kitchen", "lights": ["4", "7"]},
                    {"name": "Living room", "lights": ["1", "2", "3"]},
                    {"name": "Hall", "lights": ["9"]},
                ]
            }
        ),
    )
    t.act(
        "",
        [
            (
                "hue_set_light",
                {"light_id": lid, "state": {"on": True, "bri": 254}},
                js({"success": True}),
                False,
            )
            for lid in ("1", "2", "3")
        ],
    )
    t.say("Living room lights are on at full brightness.")
    t.user("thanks. now dim the kitchen lights to 30% and make them warm")
    guesses = [
        "kitchen",
        "Kitchen",
        "kitchen_lights",
        "light.kitchen",
        "Kitchen 1",
        "kitchen-ceiling",
        "kitchen_1",
        "KITCHEN",
        "Kitchen/4",
        "kitchen.main",
        "k1",
        "kitchen lights",
    ]
    steps: list[int] = []
    for g in guesses:
        body = js(
            {
                "success": False,
                "errors": [
                    {
                        "type": 3,
                        "address": f"/lights/{g}/state",
                        "description": f"resource, /lights/{g}/state, not available",
                    }
                ],
            }
        )
        steps.append(
            t.call("hue_set_light", {"light_id": g, "state": {"on": True, "bri": 77, "ct": 454}}, body)
        )
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        "In the first turn hue_list_rooms (step 1) gave the kitchen lights as ids 4 and 7 and numeric ids "
        f"worked at step 2. In the second user turn, from step {steps[0]}, the silent agent tries "
        f"{len(steps)} guessed names; every call answers success false, 'resource not available' (error in "
        "the body only). A missing resource guessed under different names: onset at the 4th failure, step "
        f"{onset}.",
    )


def shipping_502_html() -> JSON:
    t = Trace(
        "blind6-loop-shipping-label-502-html",
        (
            "E-commerce back-office agent: creating shipping labels for a batch of orders, the carrier "
            "gateway answers an HTML 502 page every time and the agent moves through order after order "
            "without pausing or escalating."
        ),
        ids="bedrock",
        meta={"agent_style": "e-commerce back-office agent"},
    )
    t.user("Create DHL labels for today's 24 paid orders in the 'ready to ship' queue and mark them shipped.")
    queue = [f"SO-3{t.rng.randint(10000, 99999)}" for _ in range(24)]
    t.call(
        "orders_list",
        {"status": "ready_to_ship", "paid": True, "created_after": "2025-06-12T00:00:00+02:00"},
        js(
            {
                "orders": [
                    {
                        "id": o,
                        "weight_g": t.rng.randint(300, 4200),
                        "country": t.rng.choice(["DE", "NL", "BE", "AT"]),
                    }
                    for o in queue
                ]
            },
            indent=2,
        ),
        text="Fetching the queue.",
    )
    page = (
        "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad "
        "Gateway</h1></center>\r\n<hr><center>carrier-gw/1.25.3</center>\r\n</body>\r\n</html>\r\n"
    )
    steps: list[int] = []
    for i, o in enumerate(queue):
        text = (
            "Creating the first label."
            if i == 0
            else t.rng.choice(["Next order.", "", "Moving on to the next order.", "Label for the next one."])
        )
        steps.append(
            t.call(
                "shipping_create_label",
                {
                    "order_id": o,
                    "carrier": "DHL",
                    "service": "paket",
                    "package": {"weight_g": 1000 + 37 * i, "dims_cm": [30, 20, 10]},
                },
                page,
                error=True,
                text=text,
            )
        )
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"From step {steps[0]} every shipping_create_label call, for {len(steps)} different orders, "
        "returns the same carrier-gateway 502 page. One or two retries of a 502 are fine; working through "
        "the whole queue into a dead gateway without waiting, checking carrier status or telling the user "
        f"is a failure streak. Onset at the 4th failure, step {onset}.",
    )


def calendar_datetime_schema() -> JSON:
    t = Trace(
        "blind6-loop-calendar-datetime-schema",
        "Recruiting agent: schedules an interview with free-text times; the calendar tool's validation "
        "error asks for RFC 3339 and the agent keeps trying other free-text spellings.",
        ids="openai",
        meta={"agent_style": "recruiting agent (ATS, calendar, email)"},
    )
    t.user(
        "Set up a 45-minute interview tomorrow at 3pm CET for Farid Haddad with Marta and Jonas. Today is "
        "Tue 11 Feb 2025."
    )
    t.call(
        "ats_get_candidate",
        {"candidate_id": "CAN-40112", "fields": ["name", "email", "stage", "timezone"]},
        js(
            {
                "name": "Farid Haddad",
                "email": "farid.haddad@example.com",
                "stage": "onsite",
                "timezone": "Europe/Berlin",
            }
        ),
        text="Getting Farid's details.",
    )
    t.call(
        "email_search",
        {"query": "from:farid.haddad@example.com availability", "limit": 3},
        js(
            {
                "messages": [
                    {
                        "id": "m_551",
                        "date": "2025-02-10",
                        "snippet": "Wednesday afternoon works well for me, any time after 14:00.",
                    }
                ]
            }
        ),
        text="Checking his stated availability.",
    )
    t.call(
        "rooms_find",
        {
            "site": "Berlin HQ",
            "capacity_min": 3,
            "start": "2025-02-12T15:00:00+01:00",
            "end": "2025-02-12T15:45:00+01:00",
        },
        js({"rooms": [{"id": "room_spree", "name": "Spree (4p)", "video": True}]}),
        text="Finding a room.",
    )
    t.call(
        "calendar_freebusy",
        {
            "attendees": ["marta.kowalczyk@lumen-analytics.example", "jonas.beck@lumen-analytics.example"],
            "window": {"start": "2025-02-12T08:00:00+01:00", "end": "2025-02-12T18:00:00+01:00"},
        },
        js(
            {
                "busy": {
                    "marta.kowalczyk@lumen-analytics.example": [
                        ["2025-02-12T10:00:00+01:00", "2025-02-12T11:00:00+01:00"]
                    ],
                    "jonas.beck@lumen-analytics.example": [],
                }
            }
        ),
        text="Checking availability.",
    )
    starts = [
        ("tomorrow 3pm", "tomorrow 3:45pm"),
        ("2025-02-12 15:00", "2025-02-12 15:45"),
        ("Wednesday 15:00 CET", "Wednesday 15:45 CET"),
        ("12/02/2025 15:00", "12/02/2025 15:45"),
        ("2025-02-12 at 3pm CET", "2025-02-12 at 3:45pm CET"),
        ("15:00 2025-02-12", "15:45 2025-02-12"),
        ("Feb 12, 2025 3:00 PM", "Feb 12, 2025 3:45 PM"),
    ]
    steps: list[int] = []
    for start, end in starts:
        err = js(
            {
                "error": "validation_error",
                "details": [
                    {
                        "loc": ["start"],
                        "msg": "invalid datetime; expected RFC 3339, e.g. 2025-02-12T15:00:00+01:00",
                        "input": start,
                    },
                    {"loc": ["end"], "msg": "invalid datetime; expected RFC 3339", "input": end},
                ],
            }
        )
        steps.append(
            t.call(
                "calendar_create_event",
                {
                    "title": "Interview: Farid Haddad (Senior Data Engineer)",
                    "start": start,
                    "end": end,
                    "attendees": [
                        "marta.kowalczyk@lumen-analytics.example",
                        "jonas.beck@lumen-analytics.example",
                        "farid.haddad@example.com",
                    ],
                    "conference": {"type": "meet"},
                },
                err,
                error=True,
                text="Creating the event."
                if not steps
                else "The format was rejected; trying another way of writing the time.",
            )
        )
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"Steps 1-{steps[0] - 1} gather the candidate, his availability, a room and free/busy (using RFC "
        f"3339 times itself). From step {steps[0]} calendar_create_event fails {len(steps)} times with the "
        "same validation error, which even gives the expected form (2025-02-12T15:00:00+01:00); the agent "
        "only re-spells the free-text time. Schema misuse, trivially varied: onset at the 4th failure, "
        f"step {onset}.",
    )


def ticket_missing_param() -> JSON:
    t = Trace(
        "blind6-loop-ticket-transition-missing-field",
        "Helpdesk agent: resolving a service-desk issue needs a 'resolution' field; the agent varies "
        "comment, transition name and assignee but never supplies it.",
        ids="gemini",
        meta={"agent_style": "IT helpdesk agent (Jira Service Management-like tools)"},
    )
    t.user("The printer on floor 3 is fixed (new fuser). Close ITSD-5521 with a note.")
    t.call(
        "jsm_get_issue",
        {"issue_key": "ITSD-5521", "fields": ["status", "summary", "assignee"]},
        js(
            {
                "key": "ITSD-5521",
                "status": "In Progress",
                "summary": "Floor 3 printer smearing toner",
                "assignee": "svc-helpdesk-bot",
            }
        ),
        text="Fetching the issue.",
    )
    t.call(
        "jsm_get_transitions",
        {"issue_key": "ITSD-5521"},
        js(
            {
                "transitions": [
                    {"id": "31", "name": "Resolve", "requires": ["resolution"]},
                    {"id": "41", "name": "Wait for customer"},
                    {"id": "51", "name": "Escalate"},
                ]
            }
        ),
        text="",
    )
    err = (
        'Error: 400 Bad Request - {"errorMessages":[],"errors":{"resolution":"Field \'resolution\' is '
        'required."}}'
    )
    tries: list[tuple[JSON, str]] = [
        (
            {
                "issue_key": "ITSD-5521",
                "transition": "Resolve",
                "comment": "Fuser replaced, printing normally.",
            },
            "Resolving with a comment.",
        ),
        (
            {"issue_key": "ITSD-5521", "transition": "31", "comment": "Fuser replaced, printing normally."},
            "Using the transition id.",
        ),
        (
            {
                "issue_key": "ITSD-5521",
                "transition": "Resolve",
                "comment": "Fuser unit replaced on 2025-03-04. Test page OK.",
                "notify": True,
            },
            "Adding more detail to the comment.",
        ),
        (
            {
                "issue_key": "ITSD-5521",
                "transition": "Resolve",
                "fields": {"assignee": "svc-helpdesk-bot"},
                "comment": "Fixed.",
            },
            "Setting the assignee explicitly.",
        ),
        (
            {"issue_key": "ITSD-5521", "transition": "Resolved", "comment": "Fixed."},
            "Maybe the name is 'Resolved'.",
        ),
        (
            {
                "issue_key": "ITSD-5521",
                "transition": "Resolve",
                "fields": {"labels": ["hardware"]},
                "comment": "Fuser replaced.",
            },
            "",
        ),
        (
            {
                "issue_key": "ITSD-5521",
                "transition": "Resolve",
                "comment": "Fuser replaced, printing normally.",
                "notify": False,
            },
            "Once more without notifications.",
        ),
    ]
    steps = [t.call("jsm_transition_issue", args, err, error=True, text=text) for args, text in tries]
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"The transition list (step 2) says Resolve requires 'resolution'. From step {steps[0]} the agent "
        f"calls jsm_transition_issue {len(steps)} times, varying comment, id vs. name, assignee, labels "
        "and notify, and gets the same 400 'Field resolution is required' every time. Missing required "
        f"parameter, trivially varied: onset at the 4th failure, step {onset}.",
    )


def invoice_amount_type_es() -> JSON:
    t = Trace(
        "blind6-loop-invoice-amount-type-es",
        "Spanish-speaking accounting agent: two invoices go out fine, then the third is rejected for a "
        "string amount and the agent keeps re-formatting the string. The error is only in the response "
        "body.",
        ids="uuid",
        meta={"agent_style": "finance/accounting agent", "language": "es"},
    )
    t.user(
        "Emite las facturas de marzo: Panadería Soler, 480,50 € (mantenimiento TPV); Clínica Dental Ruiz, "
        "2.150,00 € (migración de datos); Talleres Ibáñez, 12 horas de consultoría a 100 €. Todas con IVA "
        "21 %."
    )
    clients = [
        ("Panadería Soler", "CLI-0207", "Mantenimiento TPV (marzo)", 480.5),
        ("Clínica Dental Ruiz", "CLI-0290", "Migración de datos", 2150.0),
        ("Talleres Ibáñez", "CLI-0381", "", 0.0),
    ]
    for name, cid, _, _ in clients:
        t.call(
            "clientes_buscar",
            {"nombre": name},
            js(
                {
                    "resultados": [
                        {"id": cid, "nombre": f"{name} S.L.", "nif": f"B{t.rng.randint(10000000, 99999999)}"}
                    ]
                }
            ),
            text=f"Busco a {name}.",
        )
    for name, cid, concept, price in clients[:2]:
        t.call(
            "facturas_crear",
            {
                "cliente_id": cid,
                "fecha": "2025-03-31",
                "lineas": [{"concepto": concept, "cantidad": 1, "importe": price, "iva_pct": 21}],
                "moneda": "EUR",
            },
            js(
                {
                    "ok": True,
                    "factura": f"F-2025-0{t.rng.randint(310, 399)}",
                    "total": round(price * 1.21, 2),
                }
            ),
            text=f"Factura para {name}.",
        )
    forms = ["1.200,00", "1200,00", "1.200", "1200.00", "EUR 1200", "1 200,00", "1200 €"]
    steps: list[int] = []
    for i, amount in enumerate(forms):
        body = js(
            {
                "ok": False,
                "errores": [
                    {
                        "campo": "lineas[0].importe",
                        "mensaje": "se esperaba un número (float), se recibió texto",
                        "valor": amount,
                    }
                ],
            },
            indent=2,
        )
        text = (
            "Ahora la de Talleres Ibáñez."
            if i == 0
            else t.rng.choice(
                [
                    "Error de formato en el importe; lo escribo de otra forma.",
                    "Pruebo otro formato para el importe.",
                    "Vuelvo a intentarlo con el importe reformateado.",
                ]
            )
        )
        steps.append(
            t.call(
                "facturas_crear",
                {
                    "cliente_id": "CLI-0381",
                    "fecha": "2025-03-31",
                    "lineas": [
                        {"concepto": "Consultoría (12 h)", "cantidad": 1, "importe": amount, "iva_pct": 21}
                    ],
                    "moneda": "EUR",
                },
                body,
                text=text,
            )
        )
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"Steps 1-{steps[0] - 1} look up three clients and create two invoices with numeric amounts. From "
        f"step {steps[0]} facturas_crear answers ok false with the same type error {len(steps)} times (a "
        "number was expected, text was sent); the agent only re-formats the string (thousand separators, "
        "currency signs) and never sends 1200.0. Wrong type, trivially varied, failure reported only in "
        f"content: onset at the 4th failure, step {onset}.",
    )


BUILDERS = [
    gcloud_permission_projects,
    dbt_select_guessed_names,
    psycopg2_never_installs,
    s2_quota_exhausted,
    hue_light_guessed_ids,
    shipping_502_html,
    calendar_datetime_schema,
    ticket_missing_param,
    invoice_amount_type_es,
]
