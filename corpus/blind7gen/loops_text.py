"""Loops: degenerate text (a reply, the narration between tool calls, a tool argument) and mixtures of
several loop kinds in one session."""

from __future__ import annotations

from blind7gen.builder import Builder, Call, Scenario, Trace, nth, pretty


def rag_reply_degenerates() -> Scenario:
    t = Trace(
        "blind7-loop-rag-telecom-reply-degenerates",
        "Telecom support chatbot answers a first question well; its second answer collapses into 'Please "
        "contact support.' repeated over a hundred times.",
        agent="RAG customer-support chatbot (retriever + account tools)",
        model="llama-3.1-8b-instruct (vLLM)",
        ids="call",
    )
    t.user("How long does it take to port my number from another carrier?")
    t.call(
        "retrieve",
        {"query": "number porting time from another carrier", "k": 4},
        pretty(
            {
                "chunks": [
                    {
                        "source": "help/porting.md#timeline",
                        "text": "Most mobile number ports complete within 24 hours; landline ports can "
                        "take 5-10 business days.",
                    },
                    {
                        "source": "help/porting.md#requirements",
                        "text": "You need your account number and a Number Transfer PIN from your current "
                        "carrier.",
                    },
                ]
            }
        ),
    )
    t.say(
        "Most mobile number transfers complete within 24 hours (landlines can take 5-10 business days). "
        "Have your "
        "account number and the Number Transfer PIN from your current carrier ready when you start."
    )
    t.user("Where do I get the transfer PIN if my current carrier is Verizon?")
    t.call(
        "retrieve",
        {"query": "Verizon number transfer PIN how to get", "k": 4},
        pretty(
            {
                "chunks": [
                    {
                        "source": "help/porting.md#pin",
                        "text": "Transfer PINs are issued by your current carrier. Verizon: dial #PORT "
                        "from your phone or use the My Verizon app (Account > Number Transfer "
                        "PIN).",
                    },
                    {
                        "source": "help/contact.md",
                        "text": "Please contact support if your port is delayed by more than 48 hours.",
                    },
                ]
            }
        ),
    )
    degenerate = (
        "You can get the Number Transfer PIN from Verizon by dialing #PORT or in the My Verizon app. "
        + "Please contact support. " * 140
    ).rstrip()
    bad = t.say(degenerate)
    t.user("??? why are you repeating that")
    return t.loop(
        ["degenerate_text"],
        bad,
        f"Loop: the reply at step {bad} starts correctly and then collapses into 'Please contact support.' "
        f"repeated 140 times; the onset is that step. The first answer and both retrievals are healthy.",
    )


def devin_pr_body_degenerate() -> Scenario:
    t = Trace(
        "blind7-loop-devin-pr-body-degenerate",
        "Devin-style agent fixes a bug and opens a pull request whose body argument degenerates into one "
        "sentence repeated dozens of times.",
        agent="Devin-style autonomous coding agent (shell, editor, GitHub tools)",
        model="gpt-5-codex",
        ids="tool",
    )
    t.user("Fix GH-2291: CSV export drops rows whose description contains a newline. Open a PR when done.")
    t.call(
        "shell",
        {"cmd": "cd ~/repos/ledgerly && rg -n 'def export_csv' -g '*.py'"},
        "ledgerly/export.py:27:def export_csv(rows: Iterable[Row], out: TextIO) -> int:",
    )
    t.call(
        "editor_view",
        {"path": "ledgerly/export.py", "range": [27, 45]},
        "27 def export_csv(rows: Iterable[Row], out: TextIO) -> int:\n28     n = 0\n29     for r in "
        "rows:\n30         line = ','.join([r.date, r.account, r.description, str(r.amount)])\n"
        "31         if '\\n' in line:\n32             continue\n33         out.write(line + '\\n')\n34    "
        "     n += 1\n35     return n",
    )
    t.call(
        "editor_replace",
        {
            "path": "ledgerly/export.py",
            "start": 28,
            "end": 35,
            "text": "    writer = csv.writer(out, lineterminator='\\n')\n    n = 0\n    for r in rows:\n  "
            "      writer.writerow([r.date, r.account, r.description, r.amount])\n        n += "
            "1\n    return n",
        },
        "Replaced lines 28-35 (8 lines) with 6 lines.",
    )
    t.call(
        "shell",
        {
            "cmd": "cd ~/repos/ledgerly && sed -i '1i import csv' ledgerly/export.py && pytest -q "
            "tests/test_export.py"
        },
        ".......\n7 passed in 0.22s",
    )
    t.call(
        "shell",
        {
            "cmd": "cd ~/repos/ledgerly && git checkout -b fix/gh-2291-csv-newlines && git commit -am "
            "'export: quote fields with csv.writer (GH-2291)' && git push -u origin HEAD"
        },
        "Switched to a new branch 'fix/gh-2291-csv-newlines'\n[fix/gh-2291-csv-newlines 91ab0c3] export: "
        "quote fields with csv.writer (GH-2291)\n 1 file changed, 5 insertions(+), 6 deletions(-)\nbranch "
        "'fix/gh-2291-csv-newlines' set up to track 'origin/fix/gh-2291-csv-newlines'.",
    )
    body = (
        "## Summary\nCSV export now uses `csv.writer`, so descriptions containing newlines or commas are "
        "quoted "
        "instead of the row being dropped.\n\n## Details\n" + "The export now quotes fields correctly. " * 60
    ).rstrip()
    pr = t.call(
        "github_create_pull_request",
        {
            "repo": "ledgerly/ledgerly",
            "head": "fix/gh-2291-csv-newlines",
            "base": "main",
            "title": "Fix CSV export dropping rows with newlines (GH-2291)",
            "body": body,
            "draft": False,
        },
        pretty(
            {"number": 2304, "html_url": "https://github.com/ledgerly/ledgerly/pull/2304", "state": "open"}
        ),
        text="Opening the pull request.",
    )
    t.say("Opened PR #2304 fixing GH-2291.")
    return t.loop(
        ["degenerate_text"],
        pr,
        f"Loop: the fix and tests are fine, but the body argument of github_create_pull_request at step {pr} "
        "collapses into 'The export now quotes fields correctly.' repeated 60 times; the degenerate text "
        "sits "
        f"inside a tool argument, so the onset is that step.",
    )


def korean_narration_degenerate() -> Scenario:
    t = Trace(
        "blind7-loop-bi-narration-degenerate-ko",
        "Korean BI agent runs sensible SQL, but from the third step its narration collapses into one phrase "
        "repeated dozens of times before each tool call.",
        agent="BI agent (warehouse SQL tool), Korean UI",
        model="exaone-3.5-32b",
        ids="call",
    )
    t.user("지난달 지역별 신규 가입자 수와 전월 대비 증감률을 표로 정리해 주세요.")
    t.call(
        "sql_query",
        {
            "warehouse": "analytics",
            "sql": "SELECT region, COUNT(*) AS signups FROM app.users WHERE created_at >= DATE "
            "'2026-02-01' AND created_at < DATE '2026-03-01' GROUP BY region ORDER BY 2 DESC",
        },
        "region | signups\n-------+--------\n수도권 | 18,204\n영남   | 7,911\n"
        "호남   | 3,402\n충청   | 3,118\n강원   | 902\n제주   | 611\n(6 rows)",
        text="2월 지역별 신규 가입자 수를 조회하겠습니다.",
    )
    bad = t.call(
        "sql_query",
        {
            "warehouse": "analytics",
            "sql": "SELECT region, COUNT(*) AS signups FROM app.users WHERE created_at >= DATE "
            "'2026-01-01' AND created_at < DATE '2026-02-01' GROUP BY region ORDER BY 2 DESC",
        },
        "region | signups\n-------+--------\n수도권 | 16,877\n영남   | 8,020\n"
        "호남   | 3,115\n충청   | 2,990\n강원   | 951\n제주   | 588\n(6 rows)",
        text="이제 1월 데이터를 조회하겠습니다. " + "데이터를 확인하겠습니다. " * 85,
    )
    t.call(
        "sql_query",
        {
            "warehouse": "analytics",
            "sql": "SELECT COUNT(*) FROM app.users WHERE created_at >= DATE '2026-01-01' AND created_at < "
            "DATE '2026-03-01'",
        },
        "count\n------\n67,187\n(1 row)",
        text="데이터를 확인하겠습니다. " * 60,
    )
    t.say("지역별 증감률을 계산하겠습니다. " + "데이터를 확인하겠습니다. " * 120)
    return t.loop(
        ["degenerate_text"],
        bad,
        f"Loop: the SQL calls are sensible, but the narration of the message at step {bad} collapses into "
        f"'데이터를 확인하겠습니다.' repeated 85 times, and later messages degenerate the same way "
        "(the final one "
        "never gives the table). The degenerate narration sits beside a sensible tool call; the onset is "
        "step "
        f"{bad}.",
    )


def devin_install_mixture() -> Scenario:
    t = Trace(
        "blind7-loop-devin-psycopg2-install-mixture",
        "Coding agent cannot build psycopg2 (pg_config missing) and mixes identical retries, version changes "
        "and pip/poetry alternation for fourteen steps without installing libpq-dev or using the binary "
        "wheel.",
        agent="Devin-style autonomous coding agent (run_command)",
        model="deepseek-v3.1",
        ids="c",
    )
    t.user(
        "Set up the dev environment for the billing-sync service (README has the steps) and run its tests."
    )
    t.call(
        "run_command",
        {"command": "cat README.md | sed -n '1,30p'"},
        "# billing-sync\n\n## Dev setup\n1. python -m venv .venv && source .venv/bin/activate\n2. pip "
        "install -r requirements.txt\n3. pytest\n",
    )
    t.call(
        "run_command",
        {"command": "python3 -m venv .venv && . .venv/bin/activate && python -V"},
        "Python 3.12.8",
    )
    pgerr = (
        "  error: subprocess-exited-with-error\n  × Getting requirements to build wheel did not run "
        "successfully.\n"
        "  │ exit code: 1\n  ╰─> [23 lines of output]\n      running egg_info\n      Error: pg_config "
        "executable not found.\n"
        "      pg_config is required to build psycopg2 from source.  Please add the directory\n"
        "      containing pg_config to the $PATH or specify the full executable path with the option:\n"
        "          python setup.py build_ext --pg-config /path/to/pg_config build ...\n"
        "      If you prefer to avoid building psycopg2 from source, please install the PyPI\n"
        "      'psycopg2-binary' package instead.\nerror: metadata-generation-failed"
    )
    poetry_err = (
        "Installing dependencies from lock file\n\n  ChefBuildError\n\n  Backend subprocess exited when "
        "trying to invoke get_requires_for_build_wheel\n"
        "  Error: pg_config executable not found.\n  pg_config is required to build psycopg2 from source."
    )
    pip_req = Call(
        "run_command",
        {"command": ". .venv/bin/activate && pip install -r requirements.txt"},
        pgerr,
        error=True,
    )
    pip_pin = Call(
        "run_command", {"command": ". .venv/bin/activate && pip install psycopg2==2.9.9"}, pgerr, error=True
    )
    pip_old = Call(
        "run_command", {"command": ". .venv/bin/activate && pip install psycopg2==2.9.8"}, pgerr, error=True
    )
    poetry = Call("run_command", {"command": "poetry add psycopg2@^2.9"}, poetry_err, error=True)
    plan = [
        (pip_req, "Installing requirements."),
        (pip_pin, "psycopg2 failed; installing it on its own."),
        (pip_pin, "Retrying."),
        (pip_old, "Trying an older version."),
        (poetry, "Switching to poetry."),
        (pip_pin, "Back to pip."),
        (poetry, ""),
        (pip_pin, ""),
        (poetry, "poetry once more."),
        (pip_pin, ""),
        (poetry, ""),
        (pip_pin, ""),
    ]
    steps: list[tuple[Call, int]] = [(c, t.act(x, c)) for c, x in plan]
    t.system("[session] ACU budget exhausted; the session was paused.")
    # error_streak: every step fails with the same pg_config error; the 4th failure.
    fail4 = steps[3][1]
    # identical_call: the 3rd identical 'pip install psycopg2==2.9.9'.
    pins = [s for c, s in steps if c is pip_pin]
    ident3 = pins[2]
    # alternation: poetry / pip==2.9.9 from the first poetry step; its 3rd visit.
    polls = [s for c, s in steps if c is poetry]
    alt3 = polls[2]
    onset = min(fail4, ident3, alt3)
    return t.loop(
        ["error_streak", "identical_call", "alternation"],
        onset,
        "Loop (mixture): every install fails with 'pg_config executable not found' and the message "
        "itself names "
        "psycopg2-binary, yet the agent retries identical pip calls, changes the version and alternates "
        "pip with "
        f"poetry. Conventions: the 4th failure of the same kind is step {fail4}; the 3rd identical "
        f"`pip install psycopg2==2.9.9` is step {ident3}; the poetry/pip cycle visits poetry a third time "
        "at step "
        f"{alt3}. The earliest, step {onset}, is the onset.",
    )


def sales_crm_mixture() -> Scenario:
    t = Trace(
        "blind7-loop-sales-lead-picklist-mixture",
        "SDR agent qualifies a Salesforce-style lead: the update fails on a restricted picklist, it "
        "re-asks a "
        "data-steward sub-agent for the valid values each time, restates the same plan, and sends the same "
        "wrong value in new spellings.",
        agent="Sales development agent with a data-steward sub-agent (Salesforce-like REST tools)",
        model="claude-haiku-4-5",
        ids="toolu",
    )
    t.user(
        "Qualify the lead from yesterday's webinar, Priya Raman at Northwind Health, and set it to "
        "Working - Contacted first."
    )
    t.call(
        "sf_query",
        {
            "soql": "SELECT Id, Name, Company, Status, LeadSource FROM Lead WHERE Company = 'Northwind "
            "Health' AND CreatedDate = YESTERDAY"
        },
        pretty(
            {
                "totalSize": 1,
                "records": [
                    {
                        "Id": "00Q5e00000XyZ12AB",
                        "Name": "Priya Raman",
                        "Company": "Northwind Health",
                        "Status": "Open - Not Contacted",
                        "LeadSource": None,
                    }
                ],
            }
        ),
    )

    def picklist_err(v: str) -> str:
        return pretty(
            [
                {
                    "message": f"bad value for restricted picklist field: {v}",
                    "errorCode": "INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST",
                    "fields": ["LeadSource"],
                }
            ]
        )

    answer = (
        "Valid LeadSource values (restricted picklist): Web, Event, Partner Referral, Outbound "
        "Prospecting. A webinar lead should use 'Event'."
    )
    updates: list[int] = []
    delegations: list[int] = []
    plans: list[int] = []
    updates.append(
        t.call(
            "sf_update_record",
            {
                "sobject": "Lead",
                "id": "00Q5e00000XyZ12AB",
                "fields": {"Status": "Working - Contacted", "LeadSource": "Webinar"},
            },
            picklist_err("Webinar"),
            error=True,
            text="Updating status and lead source.",
        )
    )
    values = ["Outbound", "outbound", "OutBound", "Outbound ", "OUTBOUND"]
    for i, v in enumerate(values):
        delegations.append(
            t.call(
                "ask_subagent",
                {"agent": "data_steward", "question": "Which LeadSource values are valid for Lead?"},
                answer,
                text="" if i % 2 else "Asking the data steward for the valid lead sources.",
            )
        )
        plan_text = (
            "I'll set LeadSource to Outbound and retry the update."
            if i % 2 == 0
            else "Setting LeadSource to Outbound and retrying the update."
        )
        step = t.call(
            "sf_update_record",
            {
                "sobject": "Lead",
                "id": "00Q5e00000XyZ12AB",
                "fields": {"Status": "Working - Contacted", "LeadSource": v},
            },
            picklist_err(v),
            error=True,
            text=plan_text,
        )
        updates.append(step)
        plans.append(step)
    t.system("[agent-runtime] Lead qualification task aborted after 12 tool calls.")
    fail4 = nth(updates, 4)
    deleg3 = nth(delegations, 3)
    plan4 = nth(plans, 4)
    onset = min(fail4, deleg3, plan4)
    return t.loop(
        ["error_streak", "same_tool", "narration"],
        onset,
        f"Loop (mixture): sf_update_record fails six times on the restricted LeadSource picklist; between "
        f"failures the agent asks the data_steward sub-agent the same question five times (same answer: use "
        "'Event' or 'Outbound Prospecting') and restates 'set LeadSource to Outbound and retry'. "
        "Conventions: "
        f"the 3rd delegation after two identical answers is step {deleg3}; the 4th failure is step "
        f"{fail4}; the "
        f"4th restated plan is step {plan4}. The earliest, step {onset}, is the onset.",
    )


BUILDERS: list[Builder] = [
    rag_reply_degenerates,
    devin_pr_body_degenerate,
    korean_narration_degenerate,
    devin_install_mixture,
    sales_crm_mixture,
]
