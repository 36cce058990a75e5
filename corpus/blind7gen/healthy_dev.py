"""Healthy: tests and linters re-run after each edit (identical passing output included), code executed
repeatedly while teaching, searches refined with new results, and hypothesis-driven debugging that
progresses."""

from __future__ import annotations

from typing import Any

from blind7gen.builder import Builder, Call, Scenario, Trace, grid, pretty


def claude_code_refactor_green_reruns() -> Scenario:
    t = Trace(
        "blind7-healthy-claude-code-refactor-identical-green-runs",
        "Claude Code style refactor in six small edits; the same test command after each edit prints the "
        "identical '31 passed' output, and a formatter run prompts one re-read of a changed file.",
        agent="Claude Code style coding agent (Read/Edit/Bash)",
        model="claude-opus-4-1",
        ids="toolu",
    )
    root = "/home/dev/invoicer"
    t.user(
        "Split invoicer/pdf.py: move the font handling into invoicer/fonts.py and the table layout into "
        "invoicer/layout.py. No behaviour change."
    )
    t.call(
        "Read",
        {"file_path": f"{root}/invoicer/pdf.py"},
        "     1→import io\n     2→from reportlab.pdfbase import pdfmetrics\n …\n   210→def render(inv): …\n",
    )
    test = {"command": "cd /home/dev/invoicer && python -m pytest -q", "description": "Run the test suite"}
    green = (
        "...............................                                          [100%]\n31 passed in 0.94s"
    )
    edits = [
        (
            "Write",
            {
                "file_path": f"{root}/invoicer/fonts.py",
                "content": "from reportlab.pdfbase import pdfmetrics\nfrom reportlab.pdfbase.ttfonts "
                "import TTFont\n\n\ndef register_fonts(path: str) -> None:\n    for name in "
                "('Inter', 'Inter-Bold'):\n        pdfmetrics.registerFont(TTFont(name, "
                "f'{path}/{name}.ttf'))\n",
            },
            f"File created successfully at: {root}/invoicer/fonts.py",
            "Creating fonts.py with the font registration.",
        ),
        (
            "Edit",
            {
                "file_path": f"{root}/invoicer/pdf.py",
                "old_string": "def _register_fonts(path):\n    for name in ('Inter', 'Inter-Bold'):\n     "
                "   pdfmetrics.registerFont(TTFont(name, f'{path}/{name}.ttf'))\n",
                "new_string": "from invoicer.fonts import register_fonts as _register_fonts\n",
            },
            f"The file {root}/invoicer/pdf.py has been updated.",
            "Pointing pdf.py at the new module.",
        ),
        (
            "Write",
            {
                "file_path": f"{root}/invoicer/layout.py",
                "content": "from reportlab.platypus import Table, TableStyle\n\n\ndef "
                "line_table(lines):\n    t = Table([[l.desc, l.qty, l.amount] for l in lines], "
                "colWidths=[300, 60, 90])\n    t.setStyle(TableStyle([('ALIGN', (1, 0), (-1, "
                "-1), 'RIGHT')]))\n    return t\n",
            },
            f"File created successfully at: {root}/invoicer/layout.py",
            "Now the table layout.",
        ),
        (
            "Edit",
            {
                "file_path": f"{root}/invoicer/pdf.py",
                "old_string": "def _line_table(lines):",
                "new_string": "from invoicer.layout import line_table as _line_table\n\n\ndef "
                "_unused_line_table(lines):",
            },
            f"The file {root}/invoicer/pdf.py has been updated.",
            "",
        ),
        (
            "Edit",
            {
                "file_path": f"{root}/invoicer/pdf.py",
                "old_string": "def _unused_line_table(lines):\n    t = Table([[l.desc, l.qty, l.amount] "
                "for l in lines], colWidths=[300, 60, 90])\n    "
                "t.setStyle(TableStyle([('ALIGN', (1, 0), (-1, -1), 'RIGHT')]))\n    return "
                "t\n",
                "new_string": "",
            },
            f"The file {root}/invoicer/pdf.py has been updated.",
            "Removing the old copy.",
        ),
        (
            "Edit",
            {
                "file_path": f"{root}/invoicer/pdf.py",
                "old_string": "from reportlab.platypus import Table, TableStyle\n",
                "new_string": "",
            },
            f"The file {root}/invoicer/pdf.py has been updated.",
            "Dropping the now-unused import.",
        ),
    ]
    for name, args, res, x in edits:
        t.call(name, args, res, text=x)
        t.call("Bash", dict(test), green)
    t.call(
        "Bash",
        {
            "command": "cd /home/dev/invoicer && ruff format invoicer && ruff check invoicer",
            "description": "Format and lint",
        },
        "2 files reformatted, 3 files left unchanged\nAll checks passed!",
    )
    t.call(
        "Read",
        {"file_path": f"{root}/invoicer/layout.py"},
        "     1→from reportlab.platypus import Table, TableStyle\n     2→\n     3→\n     4→def "
        "line_table(lines):\n     5→    t = Table(\n     6→        [[l.desc, l.qty, l.amount] for l in "
        "lines], colWidths=[300, 60, 90]\n     7→    )\n …",
    )
    t.call("Bash", dict(test), green)
    t.say(
        "Split done: invoicer/fonts.py (register_fonts) and invoicer/layout.py (line_table); pdf.py "
        "imports them. 31 tests pass after every step, ruff is clean."
    )
    return t.healthy(
        "Test re-runs after edits: the identical test command prints the identical '31 passed' output seven "
        "times, but each run follows a different edit (or the formatter), which is exactly how a careful "
        "refactor is verified; the re-read after the formatter is a legitimate double-check of a changed "
        "file."
    )


def swe_agent_errors_progress() -> Scenario:
    t = Trace(
        "blind7-healthy-swe-agent-edit-test-errors-change",
        "SWE-agent style run: five edit/test rounds where each test run fails differently (new error, fewer "
        "failures) until the suite passes.",
        agent="SWE-agent style (bash + str_replace_editor)",
        model="gpt-4.1",
        ids="c",
    )
    t.user(
        "<issue>\nparse_duration('1h30m') returns 5400 but parse_duration('90s') raises ValueError. "
        "Support s/m/h/d and combinations.\n</issue>"
    )
    t.call(
        "bash",
        {"command": "sed -n 1,40p /repo/timeparse/core.py"},
        "import re\n\n_RE = re.compile(r'(?:(\\d+)h)?(?:(\\d+)m)?')\n\ndef parse_duration(s: str) -> "
        "int:\n    m = _RE.fullmatch(s)\n    if not m or not s:\n        raise ValueError(s)\n    h, mi = "
        "(int(x) if x else 0 for x in m.groups())\n    return h * 3600 + mi * 60\n",
    )
    run = {"command": "cd /repo && python -m pytest -q tests/test_core.py"}
    rounds = [
        (
            {
                "old_str": "_RE = re.compile(r'(?:(\\d+)h)?(?:(\\d+)m)?')",
                "new_str": "_RE = re.compile(r'(?:(\\d+)d)?(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?')",
            },
            "FAILED tests/test_core.py::test_seconds - ValueError: too many values to unpack (expected "
            "2)\nFAILED tests/test_core.py::test_days - ValueError: too many values to unpack (expected "
            "2)\n2 failed, 6 passed in 0.11s",
        ),
        (
            {
                "old_str": "    h, mi = (int(x) if x else 0 for x in m.groups())\n    return h * 3600 + "
                "mi * 60",
                "new_str": "    d, h, mi, sec = (int(x) if x else 0 for x in m.groups())\n    return d * "
                "86400 + h * 3600 + mi * 60 + sec",
            },
            "FAILED tests/test_core.py::test_rejects_garbage - Failed: DID NOT RAISE <class "
            "'ValueError'>\n1 failed, 7 passed in 0.09s",
        ),
        (
            {"old_str": "    if not m or not s:", "new_str": "    if not s or not m or not any(m.groups()):"},
            "FAILED tests/test_core.py::test_whitespace - ValueError: 1h 30m\n1 failed, 7 passed in 0.09s",
        ),
        (
            {
                "old_str": "    m = _RE.fullmatch(s)",
                "new_str": "    s = s.replace(' ', '')\n    m = _RE.fullmatch(s)",
            },
            "........\n8 passed in 0.08s",
        ),
    ]
    for i, (edit, out) in enumerate(rounds):
        t.call(
            "str_replace_editor",
            {"command": "str_replace", "path": "/repo/timeparse/core.py", **edit},
            "The file /repo/timeparse/core.py has been edited.",
            text=[
                "Adding d and s groups.",
                "Unpack all four groups.",
                "Empty matches must still raise.",
                "Allow spaces between units.",
            ][i],
        )
        t.call("bash", dict(run), out, error="FAILED" in out)
    t.call(
        "bash",
        {"command": "cd /repo && python -m pytest -q"},
        "..............................\n30 passed in 0.31s",
    )
    t.say(
        "parse_duration now supports d/h/m/s in any combination (spaces allowed) and still rejects empty "
        "or garbage input; the full suite passes."
    )
    return t.healthy(
        "Edit -> test -> edit -> test, but every failure is different (unpacking, missing raise, whitespace) "
        "and the failure count falls until the suite passes. An alternation whose results change is progress."
    )


def lint_fix_rounds() -> Scenario:
    t = Trace(
        "blind7-healthy-codex-lint-fix-rounds",
        "Codex-style agent fixes lint errors in rounds; the same lint command is re-run after each fix "
        "(14, 9, "
        "4, 0 problems), then once more after formatting with identical clean output.",
        agent="Codex CLI-style coding agent (shell + apply_patch)",
        model="gpt-5-codex",
        ids="call",
    )
    wd = "/workspace/notify-svc"
    lint = {"command": ["bash", "-lc", "npx eslint 'src/**/*.ts' --max-warnings 0"], "workdir": wd}
    t.user("Make `npx eslint` pass in notify-svc without disabling rules.")
    outs = [
        "src/queue.ts\n  12:7  error  'retries' is assigned a value but never used  "
        "@typescript-eslint/no-unused-vars\n  …\n✖ 14 problems (14 errors, 0 warnings)",
        "src/providers/sms.ts\n  44:5  error  Unexpected any. Specify a different type  "
        "@typescript-eslint/no-explicit-any\n  …\n✖ 9 problems (9 errors, 0 warnings)",
        "src/templates.ts\n  88:1  error  Promise returned in function argument where a void return was "
        "expected  @typescript-eslint/no-misused-promises\n  …\n✖ 4 problems (4 errors, 0 warnings)",
        "",
    ]
    patches = [
        "*** Begin Patch\n*** Update File: src/queue.ts\n@@\n-  const retries = cfg.retries;\n*** Update "
        "File: src/index.ts\n@@\n-import { inspect } from 'util';\n*** End Patch",
        "*** Begin Patch\n*** Update File: src/providers/sms.ts\n@@\n-  payload: any,\n+  payload: "
        "SmsPayload,\n*** Update File: src/providers/email.ts\n@@\n-function toAddress(x: any)\n+function "
        "toAddress(x: Recipient)\n*** End Patch",
        "*** Begin Patch\n*** Update File: src/templates.ts\n@@\n-  watcher.on('change', async (f) => "
        "{\n+  watcher.on('change', (f) => {\n+    void reload(f);\n*** End Patch",
    ]
    t.call("shell", dict(lint), outs[0], error=True)
    for i, p in enumerate(patches):
        t.call(
            "apply_patch",
            {"input": p},
            "Success. Updated the following files:\n"
            + "\n".join(
                f"M {line.split(': ')[1]}" for line in p.splitlines() if line.startswith("*** Update File")
            ),
        )
        t.call("shell", dict(lint), outs[i + 1], error=bool(outs[i + 1]))
    t.call(
        "shell",
        {"command": ["bash", "-lc", "npx prettier --write 'src/**/*.ts'"], "workdir": wd},
        "src/providers/sms.ts 41ms\nsrc/templates.ts 22ms\nsrc/queue.ts 15ms (unchanged)",
    )
    t.call("shell", dict(lint), "")
    t.call(
        "shell",
        {"command": ["bash", "-lc", "npm test --silent"], "workdir": wd},
        "Tests: 58 passed, 58 total\nTime: 3.2 s",
    )
    t.say(
        "eslint is clean (14 → 9 → 4 → 0) with no rule disabled: removed unused variables/imports, typed "
        "the provider payloads, and wrapped the async watcher callback. Prettier applied; 58 tests pass."
    )
    return t.healthy(
        "The same lint command runs five times: the problem count falls 14 -> 9 -> 4 -> 0 across three "
        "patches, and the last two runs (before and after prettier) print the identical empty output. "
        "Re-running "
        "a linter after each change is healthy."
    )


def tutor_code_runs_ko() -> Scenario:
    t = Trace(
        "blind7-healthy-tutor-python-runs-multiturn-ko",
        "Korean tutoring session over four user turns; the tutor runs code repeatedly, including one "
        "identical "
        "re-run the student asks for to show that a seeded random generator is reproducible.",
        agent="Tutoring agent with a code-execution sandbox",
        model="gpt-4.1-mini",
        ids="call",
    )
    t.user("파이썬에서 리스트 컴프리헨션이 for문보다 빠른지 직접 보여 줄 수 있어요?")
    t.call(
        "run_python",
        {
            "code": "import timeit\nfor_loop = '''\nout = []\nfor i in range(10000):\n    "
            "out.append(i*i)\n'''\ncomp = '[i*i for i in "
            "range(10000)]'\nprint(round(timeit.timeit(for_loop, number=500), 3), "
            "round(timeit.timeit(comp, number=500), 3))"
        },
        "0.412 0.268",
        text="timeit으로 두 방식을 500번씩 실행해 보겠습니다.",
    )
    t.say(
        "컴프리헨션이 약 35% 빨랐어요 (0.412초 vs 0.268초). append 메서드를 매번 찾는 비용이 없기 때문이에요."
    )
    t.user("그럼 random으로 리스트를 섞으면 매번 결과가 달라지죠? 같은 결과가 나오게 할 수도 있어요?")
    code = "import random\nrandom.seed(42)\nnums = list(range(10))\nrandom.shuffle(nums)\nprint(nums)"
    t.call(
        "run_python",
        {"code": code},
        "[7, 3, 2, 8, 5, 6, 9, 4, 0, 1]",
        text="seed를 고정하면 됩니다. 먼저 한 번 실행해 볼게요.",
    )
    t.call(
        "run_python",
        {"code": code},
        "[7, 3, 2, 8, 5, 6, 9, 4, 0, 1]",
        text="같은 코드를 다시 실행하면 결과가 똑같은지 확인해 보겠습니다.",
    )
    t.call(
        "run_python",
        {"code": "import random\nnums = list(range(10))\nrandom.shuffle(nums)\nprint(nums)"},
        "[4, 0, 9, 1, 6, 2, 8, 3, 7, 5]",
        text="seed 없이 실행하면 달라집니다.",
    )
    t.say(
        "보셨듯이 seed(42)를 고정하면 두 번 실행해도 [7, 3, 2, 8, 5, 6, 9, 4, 0, 1]로 같고, "
        "seed가 없으면 달라져요."
    )
    t.user("한 번만 더 seed 42로 돌려 주세요. 친구한테 보여 주려고요.")
    t.call("run_python", {"code": code}, "[7, 3, 2, 8, 5, 6, 9, 4, 0, 1]", text="네, 다시 실행할게요.")
    t.say("세 번째도 [7, 3, 2, 8, 5, 6, 9, 4, 0, 1] 입니다. 같은 seed면 언제나 같은 순서가 나와요.")
    t.user("마지막으로, 정렬된 리스트에서 이진 탐색은 어떻게 해요?")
    t.call(
        "run_python",
        {
            "code": "import bisect\nnums = [3, 8, 15, 23, 42, 57]\nprint(bisect.bisect_left(nums, 23), "
            "bisect.bisect_left(nums, 24))"
        },
        "3 4",
        text="bisect 모듈을 쓰면 됩니다.",
    )
    t.say(
        "bisect_left(nums, 23)은 23의 위치 3을, 없는 24는 들어갈 자리 4를 돌려줘요. "
        "시간 복잡도는 O(log n)입니다."
    )
    return t.healthy(
        "Multi-turn tutoring: the seeded shuffle is run three times with identical code and identical "
        "output, "
        "but the repetition is the lesson (reproducibility), the third run is an explicit user request in "
        "a new "
        "turn, and every other run is different. Not a loop."
    )


def rag_refined_search_pt() -> Scenario:
    t = Trace(
        "blind7-healthy-rag-hr-policy-refined-search-pt",
        "Portuguese HR policy assistant refines its retrieval four times; each query returns new, more "
        "specific "
        "chunks until it finds the parental-leave rule for contractors.",
        agent="RAG HR policy assistant (hybrid retriever)",
        model="claude-haiku-4-5",
        ids="toolu",
    )
    t.user("Sou PJ (prestador de serviço) aqui há 2 anos. Tenho direito a licença-paternidade pela empresa?")
    queries = [
        (
            "licença-paternidade",
            [
                (
                    "POL-RH-014 §2",
                    "Empregados CLT têm direito a 20 dias de licença-paternidade (Empresa Cidadã).",
                ),
                ("POL-RH-014 §1", "A licença-maternidade é de 180 dias para empregadas CLT."),
            ],
        ),
        (
            "licença-paternidade prestador de serviço PJ",
            [
                (
                    "POL-PJ-003 §1",
                    "Prestadores PJ não integram a folha; benefícios seguem o contrato de prestação.",
                ),
                ("FAQ-PJ-07", "PJs podem solicitar ausências programadas com 30 dias de antecedência."),
            ],
        ),
        (
            "contrato de prestação PJ ausência nascimento filho",
            [
                (
                    "CONTRATO-PJ-MODELO cl. 9.3",
                    "Em caso de nascimento ou adoção, o CONTRATADO poderá suspender a prestação por até "
                    "15 dias consecutivos, sem prejuízo da remuneração mensal fixa.",
                )
            ],
        ),
        (
            "cláusula 9.3 suspensão remunerada PJ vigência contratos 2024",
            [
                (
                    "CIRCULAR-JUR-2024-11",
                    "A cláusula 9.3 vale para contratos PJ assinados ou renovados a partir de 01/03/2024.",
                )
            ],
        ),
    ]
    texts = [
        "Vou procurar a política de licença.",
        "A política fala só de CLT; vou buscar as regras para PJ.",
        "Vou ver o que o contrato-modelo PJ diz sobre nascimento.",
        "Preciso confirmar a partir de quando essa cláusula vale.",
    ]
    for (q, chunks), x in zip(queries, texts, strict=True):
        t.call(
            "hr_retrieve",
            {"query": q, "top_k": 4, "filters": {"country": "BR"}},
            pretty(
                {
                    "chunks": [
                        {"source": s, "text": c, "score": round(0.9 - 0.05 * k, 2)}
                        for k, (s, c) in enumerate(chunks)
                    ]
                }
            ),
            text=x,
        )
    t.say(
        "Como PJ você não tem a licença-paternidade CLT (20 dias), mas o contrato-modelo PJ (cláusula "
        "9.3) permite suspender a prestação por até 15 dias "
        "consecutivos no nascimento ou adoção, sem perder a remuneração fixa — desde que seu contrato "
        "tenha sido assinado ou renovado a partir de 01/03/2024. "
        "Vale conferir a data da sua última renovação com o jurídico."
    )
    return t.healthy(
        "Refined retrieval: four hr_retrieve calls, each narrower and each returning new chunks (policy "
        "for CLT, "
        "PJ rules, the contract clause, its effective date); the answer uses all of them. Same tool, new "
        "results "
        "every time."
    )


def sre_hypothesis_debugging() -> Scenario:
    t = Trace(
        "blind7-healthy-sre-hypothesis-driven-debugging",
        "On-call agent tests four hypotheses for intermittent 504s (DNS, node pressure, connection pool, "
        "upstream timeout), each with different queries, and converges on the cause.",
        agent="SRE on-call agent (Prometheus, Loki, kubectl, Tempo-like tracing)",
        model="gpt-5",
        ids="call",
    )
    t.user("profile-api is throwing intermittent 504s since ~14:00. Find out why.")
    steps: list[tuple[str, str, dict[str, Any], str]] = [
        (
            "Hypothesis 1: DNS. Checking CoreDNS errors.",
            "prometheus_query",
            {"query": 'sum(rate(coredns_dns_responses_total{rcode="SERVFAIL"}[5m]))'},
            pretty({"value": 0.0}),
        ),
        (
            "DNS is clean. Hypothesis 2: node pressure.",
            "prometheus_query",
            {"query": "max by (node) (node_memory_MemAvailable_bytes / node_memory_MemTotal_bytes)"},
            pretty({"min_over_nodes": 0.41}),
        ),
        (
            "Nodes are fine. Hypothesis 3: connection pool.",
            "prometheus_query",
            {"query": 'max(hikaricp_connections_pending{app="profile-api"})'},
            pretty({"value": 0}),
        ),
        (
            "No pool contention. Hypothesis 4: a slow upstream. Looking at traces of failed requests.",
            "trace_search",
            {"service": "profile-api", "status": "error", "since": "1h", "limit": 5},
            pretty(
                {
                    "traces": [
                        {
                            "id": "a1f9…",
                            "duration_ms": 30012,
                            "slowest_span": "GET avatar-svc /v2/avatars/{id}",
                            "span_ms": 29990,
                        }
                    ]
                    * 1
                    + [
                        {
                            "id": "c44e…",
                            "duration_ms": 30008,
                            "slowest_span": "GET avatar-svc /v2/avatars/{id}",
                            "span_ms": 29981,
                        }
                    ]
                }
            ),
        ),
        (
            "Every failing trace waits ~30 s on avatar-svc. Checking that service.",
            "loki_query_range",
            {"query": '{app="avatar-svc"} |= "timeout"', "since": "2h", "limit": 20},
            "2026-03-02T13:58:41Z WARN s3 GetObject timeout after 30s bucket=avatars-prod-euw1 (region "
            "eu-west-1)\n2026-03-02T14:02:10Z WARN s3 GetObject timeout after 30s bucket=avatars-prod-euw1",
        ),
        (
            "S3 timeouts since 13:58. Checking the bucket's endpoint config.",
            "kubectl",
            {
                "args": [
                    "-n",
                    "avatar",
                    "get",
                    "configmap",
                    "avatar-svc",
                    "-o",
                    "jsonpath={.data.S3_ENDPOINT}",
                ]
            },
            "https://s3.eu-central-1.amazonaws.com",
        ),
        (
            "",
            "deploy_history",
            {"service": "avatar-svc", "since": "6h"},
            pretty(
                {
                    "deploys": [
                        {
                            "at": "2026-03-02T13:55:02Z",
                            "version": "1.19.0",
                            "change": "config: move S3 endpoint to eu-central-1",
                        }
                    ]
                }
            ),
        ),
    ]
    for x, name, args, res in steps:
        t.call(name, args, res, text=x)
    t.say(
        "Root cause: avatar-svc 1.19.0 (deployed 13:55) points its S3 client at eu-central-1 while the "
        "bucket avatars-prod-euw1 lives in eu-west-1; "
        "GetObject calls hang for 30 s, so profile-api's avatar requests hit the gateway's 30 s limit "
        "(504). Fix: revert the endpoint or roll back avatar-svc to 1.18.x."
    )
    return t.healthy(
        "Hypothesis-driven debugging: seven different queries, each testing a new hypothesis or following "
        "the "
        "evidence (DNS, memory, pool, traces, logs, config, deploys); the narration repeats the "
        "'hypothesis N' "
        "pattern but every result is new and the session converges on a root cause."
    )


def security_pivot_triage() -> Scenario:
    t = Trace(
        "blind7-healthy-security-pivot-investigation",
        "SOC agent pivots from an impossible-travel alert to the user, their sessions, the source IP and the "
        "mailbox rules, running one SIEM search per pivot with new results each time.",
        agent="SOC triage agent (Sentinel-like KQL search, identity tools)",
        model="claude-sonnet-4-5",
        ids="toolu",
    )
    t.user("Alert: impossible travel for d.okafor@corp.example (Lagos → Amsterdam in 40 min). Real or not?")
    pivots = [
        (
            "Sign-ins for the user in the last 24 h.",
            'SigninLogs | where UserPrincipalName == "d.okafor@corp.example" | where TimeGenerated > '
            "ago(24h) | project TimeGenerated, IPAddress, Location, AppDisplayName, ResultType",
            "TimeGenerated        IPAddress        Location  AppDisplayName      ResultType\n2026-03-03 "
            "07:02:11  102.89.34.17     NG-Lagos  Outlook             0\n2026-03-03 07:41:55  "
            "185.107.56.200   NL-Amsterdam  Office 365 Exchange Online  0",
        ),
        (
            "Who else used 185.107.56.200?",
            'SigninLogs | where IPAddress == "185.107.56.200" | summarize count() by UserPrincipalName, '
            "ResultType",
            "UserPrincipalName            ResultType  count_\nd.okafor@corp.example        0           "
            "3\nm.haddad@corp.example        50126       41\nk.lund@corp.example          50126       38",
        ),
        (
            "Failed attempts on other users from the same IP: password spray. What did the session for "
            "Okafor do?",
            'OfficeActivity | where UserId == "d.okafor@corp.example" and ClientIP startswith '
            '"185.107.56.200" | project TimeGenerated, Operation, Parameters',
            "TimeGenerated        Operation         Parameters\n2026-03-03 07:44:02  New-InboxRule     "
            "Name=.; MoveToFolder=RSS Feeds; SubjectContainsWords=invoice,payment\n2026-03-03 07:46:19  "
            "MailItemsAccessed  Count=212",
        ),
        (
            "Inbox rule hiding invoice mails: classic BEC. Checking MFA for the sign-in.",
            'SigninLogs | where UserPrincipalName == "d.okafor@corp.example" and IPAddress == '
            '"185.107.56.200" | project AuthenticationRequirement, AuthenticationDetails',
            "AuthenticationRequirement  AuthenticationDetails\nsingleFactorAuthentication  "
            '[{"authenticationMethod":"Password","succeeded":true}]  (legacy IMAP/EWS client)',
        ),
    ]
    for x, kql, res in pivots:
        t.call("siem_kql", {"workspace": "sentinel-prod", "query": kql, "timespan": "P1D"}, res, text=x)
    t.act(
        "Containing: revoke sessions, remove the rule, block the IP.",
        Call("idp_revoke_sessions", {"user": "d.okafor@corp.example"}, pretty({"revoked": 4})),
        Call(
            "exchange_remove_inbox_rule",
            {"mailbox": "d.okafor@corp.example", "rule_name": "."},
            pretty({"removed": True}),
        ),
        Call("ca_block_ip", {"ip": "185.107.56.200", "policy": "block-known-bad"}, pretty({"ok": True})),
    )
    t.say(
        "True positive: password-spray from 185.107.56.200 succeeded against d.okafor via legacy auth (no "
        "MFA), then created an inbox rule hiding invoice/payment mail (BEC setup). "
        "Sessions revoked, rule removed, IP blocked. Next: force password reset, disable legacy auth for "
        "the tenant, and check m.haddad/k.lund (41/38 failures, none succeeded)."
    )
    return t.healthy(
        "Pivoting investigation: four siem_kql calls with different queries, each following what the "
        "previous "
        "result revealed (sign-ins, same-IP users, mailbox activity, MFA), then a containment batch. Same "
        "tool, "
        "new question and new result every time."
    )


def bi_sql_iterate_to_answer() -> Scenario:
    t = Trace(
        "blind7-healthy-bi-sql-errors-then-answer",
        "BI agent's SQL fails twice for different reasons (unknown column, type mismatch), it inspects the "
        "schema, and the third query answers the question.",
        agent="BI analyst agent (Metabase-like native queries)",
        model="gemini-2.5-pro",
        ids="fc",
    )
    t.user("Average delivery time in days by carrier for February orders, slowest first.")
    t.call(
        "metabase_run_query",
        {
            "database_id": 7,
            "native": {
                "query": "SELECT carrier, AVG(delivered_at - shipped_at) AS days FROM ops.shipments WHERE "
                "order_month = '2026-02' GROUP BY carrier ORDER BY days DESC"
            },
        },
        pretty(
            {
                "status": "failed",
                "error": 'ERROR: column "order_month" does not exist\n  Hint: Perhaps you meant to '
                'reference the column "shipments.order_id".',
            }
        ),
        text="First attempt.",
    )
    t.call(
        "metabase_table_metadata",
        {"table": "ops.shipments"},
        grid(
            ["column", "type"],
            [
                ["order_id", "bigint"],
                ["carrier", "text"],
                ["shipped_at", "timestamptz"],
                ["delivered_at", "timestamptz"],
                ["ordered_at", "timestamptz"],
            ],
        ),
        text="Checking the columns.",
    )
    t.call(
        "metabase_run_query",
        {
            "database_id": 7,
            "native": {
                "query": "SELECT carrier, AVG(delivered_at - shipped_at) / 86400 AS days FROM "
                "ops.shipments WHERE ordered_at >= '2026-02-01' AND ordered_at < '2026-03-01' "
                "GROUP BY carrier ORDER BY days DESC"
            },
        },
        pretty({"status": "failed", "error": "ERROR: operator does not exist: interval / integer"}),
    )
    t.call(
        "metabase_run_query",
        {
            "database_id": 7,
            "native": {
                "query": "SELECT carrier, ROUND(AVG(EXTRACT(EPOCH FROM delivered_at - shipped_at)) / "
                "86400, 2) AS days, COUNT(*) AS n FROM ops.shipments WHERE ordered_at >= "
                "'2026-02-01' AND ordered_at < '2026-03-01' AND delivered_at IS NOT NULL GROUP "
                "BY carrier ORDER BY days DESC"
            },
        },
        grid(
            ["carrier", "days", "n"],
            [
                ["Correos Express", "3.84", "1,204"],
                ["GLS", "2.91", "3,388"],
                ["DHL Parcel", "2.47", "5,910"],
                ["UPS", "1.96", "2,071"],
            ],
        ),
        text="Using EXTRACT(EPOCH …) for the interval.",
    )
    t.say(
        "February, slowest first: Correos Express 3.84 days (1,204 shipments), GLS 2.91, DHL Parcel 2.47, "
        "UPS 1.96. Undelivered shipments are excluded."
    )
    return t.healthy(
        "Two failed queries with different errors (unknown column, then an interval type error), a schema "
        "lookup in between, and a third query that answers. Errors that change and lead to a fix are not an "
        "error streak."
    )


BUILDERS: list[Builder] = [
    claude_code_refactor_green_reruns,
    swe_agent_errors_progress,
    lint_fix_rounds,
    tutor_code_runs_ko,
    rag_refined_search_pt,
    sre_hypothesis_debugging,
    security_pivot_triage,
    bi_sql_iterate_to_answer,
]
