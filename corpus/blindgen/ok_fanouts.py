"""Healthy look-alikes: a search fan-out under one narration, and dependency whack-a-mole."""

from __future__ import annotations

import json
import random

from .content import (
    CUSTOMERS,
    SERVICES,
    mail_listing,
    mail_pool,
    notebook_pool,
    notebook_tool,
    py_traceback,
    search_listing,
    travel_pool,
)
from .transcript import (
    Call,
    Transcript,
    orient,
    pick,
)

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
            hotels = [
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
                        json.dumps({"hotels": hotels}),
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
