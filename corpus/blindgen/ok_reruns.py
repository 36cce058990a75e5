"""Healthy look-alikes: a check re-run after each edit, and a transient failure retried until it succeeds."""

from __future__ import annotations

import random

from .content import (
    NAMESPACES,
    SERVICES,
    kube_pool,
    kubectl_call,
    mobile_pool,
    notebook_pool,
    notebook_tool,
    py_traceback,
    search_listing,
    sql_pool,
    sql_tool,
)
from .transcript import (
    Call,
    Transcript,
    orient,
    pick,
)

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
