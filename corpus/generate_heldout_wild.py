#!/usr/bin/env python3
"""Write ``corpus/heldout-wild/``: a held-out synthetic set of agents unlike the corpus's others.

Written from the miss and false-alarm descriptions of issue 20 alone (before any detector was tuned
on it), with tool names, argument keys, phrasings and agent styles that no other generator uses: a
customer-service agent (reservations, charges, hand-off to a person), an IDE coding agent running
shell commands and a JavaScript evaluator, a knowledge-base assistant, an orchestrator assigning
briefs to named workers, a browser-automation agent. Stdlib only and deterministic (``SEED``).

    python3 corpus/generate_heldout_wild.py [--out DIR]

Labelling: an exact repeat is unambiguous at its 3rd occurrence; a near repeat (other arguments, the
same kind of failure, the same documents, the same report) counts its first attempt as information
and is unambiguous at the 4th attempt. Planning steps without calls neither count nor reset.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

SEED = 7_20_2026
#: Scenarios per family: 6 loop and 7 healthy families, 4 each (52 scenarios, 24 / 28).
PER_FAMILY = 4
DEFAULT_OUT = Path(__file__).resolve().parent / "heldout-wild"
SOURCE = "synthetic: corpus/generate_heldout_wild.py"
#: The attempt (0-based) at which a near repeat is unambiguous: three fruitless after the first.
NEAR_ONSET_ATTEMPT = 3

Json = dict[str, Any]
Call = tuple[str, Json, str, bool]  # tool, arguments, result content, is_error


class Transcript:
    """The flat event list of one session; ``step`` appends one assistant message."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.events: list[Json] = []
        self.steps = 0
        self._ids = 0

    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def step(self, text: str, calls: list[Call] | tuple[Call, ...] = ()) -> int:
        self.steps += 1
        message: Json = {"type": "message", "role": "assistant", "text": text}
        results = []
        if calls:
            message["tool_calls"] = []
            for name, arguments, content, is_error in calls:
                self._ids += 1
                call_id = f"toolu_{self.rng.randrange(16**8):08x}{self._ids}"
                message["tool_calls"].append({"id": call_id, "name": name, "arguments": arguments})
                results.append(
                    {
                        "type": "tool_result",
                        "call_id": call_id,
                        "name": name,
                        "content": content,
                        "is_error": is_error,
                    }
                )
        self.events.append(message)
        self.events.extend(results)
        return self.steps


def pick(rng: random.Random, options: list[str]) -> str:
    return options[rng.randrange(len(options))]


CITIES = ["Porto", "Gdansk", "Valparaiso", "Kumasi", "Tromso", "Cebu", "Leipzig", "Arequipa"]
PRODUCTS = ["thermal printer T-40", "router AX-9", "standing desk Lyra", "espresso unit Brio", "scanner Q2"]
LIBS = ["quillmark", "ferrous-ui", "tidepool", "sprocketjs", "lanternfs"]
PEOPLE = ["Ines Okafor", "Mateo Lindqvist", "Aiko Brandt", "Samir Castellanos", "Greta Muller"]


def kb_documents(rng: random.Random, subject: str, count: int) -> list[str]:
    """Knowledge-base hits about ``subject``: title, id and a sentence each."""
    topics = [
        "warranty terms",
        "firmware notes",
        "setup guide",
        "known issues",
        "return policy",
        "power supply",
        "error codes",
        "cleaning",
        "compatibility list",
        "shipping",
    ]
    rng.shuffle(topics)
    return [
        f"[KB-{rng.randrange(1000, 9999)}] {subject}: {topic} - covers {topic} for the {subject} "
        f"including steps customers asked about most often in {2019 + rng.randrange(5)}."
        for topic in topics[:count]
    ]


def kb_listing(docs: list[str]) -> str:
    return f"{len(docs)} articles matched:\n" + "\n".join(f"  * {d}" for d in docs)


# --------------------------------------------------------------------------- loop families


def loop_repeated_lookup(t: Transcript, rng: random.Random) -> int:
    """The same lookup, same arguments, again and again; the hits come back reshuffled."""
    product = pick(rng, PRODUCTS)
    t.user(f"My {product} shows error E17 after the update. How do I fix it?")
    docs = kb_documents(rng, product, 5)
    tool = pick(rng, ["kb_lookup", "helpdesk_search", "support_articles"])
    args = {"phrase": f"{product} E17 after update"}
    onset = 0
    for i in range(rng.randrange(4, 6)):
        shown = docs[:]
        rng.shuffle(shown)
        s = t.step(
            pick(
                rng,
                [
                    "Searching the help centre for that error.",
                    "Let me look that error up.",
                    "I will check the articles for E17.",
                ],
            ),
            [(tool, args, kb_listing(shown), False)],
        )
        if i == 2:
            onset = s
    t.step("I could not find a specific fix for E17; please contact support.")
    return onset


def loop_failure_streak(t: Transcript, rng: random.Random) -> int:
    """A JavaScript snippet failing at the same line; the model apologises and rewrites it."""
    lib = pick(rng, LIBS)
    t.user(f"Compute the total of the `amounts` column in data/ledger.json using {lib}.")
    tool = pick(rng, ["js_eval", "run_node", "evaluate_javascript"])
    t.step(
        "Loading the ledger first.",
        [
            (
                "read_text",
                {"file": "data/ledger.json"},
                '{"rows": [{"amounts": "12.5"}, {"amounts": "7"}]}',
                False,
            )
        ],
    )
    onset = 0
    apologies = [
        "Sorry, that failed. Let me rewrite it.",
        "My mistake - trying a different way to sum.",
        "Apologies, I will fix the reduce call.",
        "That did not work; rewriting the snippet.",
        "Let me correct that and run again.",
    ]
    for i in range(rng.randrange(5, 7)):
        acc = pick(rng, ["acc", "total", "sum", "s", "running"])
        code = (
            f"const {lib.replace('-', '_')} = require('{lib}');\n"
            "const data = require('./data/ledger.json');\n"
            f"const {acc} = data.rows.reduce((a, r) => a.add(r.amounts), {i});\nconsole.log({acc});"
        )
        err = (
            f"/workspace/eval.js:3\nconst {acc} = data.rows.reduce((a, r) => a.add(r.amounts), {i});\n"
            "                                          ^\nTypeError: a.add is not a function\n"
            "    at Array.reduce (<anonymous>)\n    at Object.<anonymous> (/workspace/eval.js:3:30)"
        )
        s = t.step(
            apologies[i % len(apologies)] if i else "Summing with the library.",
            [(tool, {"source": code}, err, True)],
        )
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    t.step("I cannot get the sum to run; the library API seems different.")
    return onset


def loop_schema_misuse(t: Transcript, rng: random.Random) -> int:
    """One browser tool called with trivially different malformed arguments, planning between."""
    t.user(f"Open the {pick(rng, CITIES)} city council page and read the meeting minutes further down.")
    tool = pick(rng, ["scroll_viewport", "browser_scroll", "page_scroll"])
    t.step(
        "Opening the page.",
        [
            (
                "open_url",
                {"url": "https://council.example.org/minutes"},
                "Council minutes - 2024\nSection 1: attendance ...\n(more below)",
                False,
            )
        ],
    )
    variants: list[Json] = [
        {"scroll": ""},
        {"scroll": {}},
        {"params": {}},
        {"scroll": None},
        {"input": {"scroll": ""}},
        {"args": []},
    ]
    errors = [
        "Invalid arguments for {t}: unexpected keyword argument '{k}'",
        "Invalid arguments for {t}: missing required parameter 'pixels'",
        "Tool {t} rejected input: {k} is not a valid parameter (expected pixels: int)",
    ]
    onset = 0
    for i, args in enumerate(variants[: rng.randrange(5, 7)]):
        if i and rng.random() < 0.6:
            t.step(
                pick(
                    rng,
                    [
                        "I need to scroll to see the minutes.",
                        "The minutes must be further down; scrolling.",
                        "Let me try scrolling once more.",
                    ],
                )
            )
        key = next(iter(args))
        s = t.step("Scrolling down.", [(tool, args, errors[i % len(errors)].format(t=tool, k=key), True)])
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    t.step("I could not scroll the page.")
    return onset


def loop_paraphrased_kb(t: Transcript, rng: random.Random) -> int:
    """Paraphrased queries whose hits overlap heavily but not exactly."""
    product = pick(rng, PRODUCTS)
    t.user(f"Is the {product} compatible with 220V outlets?")
    tool = pick(rng, ["docs_query", "search_kb", "find_articles"])
    pool = kb_documents(rng, product, 7)
    queries = [
        f"{product} 220V",
        f"{product} voltage compatibility",
        f"does {product} support 220 volt",
        f"{product} power input range",
        f"{product} outlet voltage Europe",
        f"{product} 220V adapter",
    ]
    onset = 0
    for i, q in enumerate(queries[: rng.randrange(5, 7)]):
        hits = pool[:5] if rng.random() < 0.5 else [*pool[:4], pool[5 + rng.randrange(2)]]
        hits = hits[:]
        rng.shuffle(hits)
        s = t.step(
            pick(
                rng,
                [
                    "Let me search for the voltage specs.",
                    "Trying another phrasing.",
                    "Searching again with different words.",
                ],
            ),
            [(tool, {"query": q}, kb_listing(hits), False)],
        )
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    t.step("The articles do not state the voltage range.")
    return onset


def loop_redelegation(t: Transcript, rng: random.Random) -> int:
    """An orchestrator assigns nearly the same brief to a worker; each report says the same."""
    person = pick(rng, PEOPLE)
    t.user(f"Find the year {person} founded their first company and its name.")
    tool = pick(rng, ["assign_task", "delegate_to_worker", "dispatch"])
    worker = pick(rng, ["researcher", "analyst", "browser_worker"])
    briefs = [
        f"Find the year {person} founded their first company and the company name.",
        f"Please research when {person} founded their first company; include the name.",
        f"Look up {person}'s first company: year founded and name. Use several sources.",
        f"Again: determine the founding year and name of {person}'s first company.",
        f"Dig deeper into {person} and find their first company's founding year and name.",
    ]
    long_report = rng.random() < 0.5
    onset = 0
    t.step("I will hand this to the research worker.")
    for i, brief in enumerate(briefs[: rng.randrange(4, 6)]):
        if long_report:
            report = (
                f"Report from {worker} (run {rng.randrange(100, 999)}):\n"
                f"I searched news archives, business registries and profiles for {person}. Profiles mention "
                f"{person} as an entrepreneur with several ventures, but none of the sources I opened states "
                "the first company's name or the year it was founded. Registry searches returned no match "
                "for the name. Recommendation: the information may not be public."
            )
        else:
            report = (
                f"{worker}: could not determine {person}'s first company or its founding year "
                f"({rng.randrange(3, 9)} sources checked)."
            )
        s = t.step(
            pick(rng, ["", "Delegating.", "Sending the brief."]),
            [(tool, {"worker": worker, "brief": brief}, report, False)],
        )
        t.step(
            pick(
                rng,
                [
                    "The worker did not find it. Let me ask again more specifically.",
                    "Inconclusive; I'll reassign with more detail.",
                    "Still nothing; retrying the worker.",
                ],
            )
        )
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    t.step(f"I could not find when {person} founded their first company.")
    return onset


def loop_repeated_failing_command(t: Transcript, rng: random.Random) -> int:
    """The same shell command failing with a message that differs in a volatile detail each time."""
    lib = pick(rng, LIBS)
    t.user(f"Run the {lib} test suite and tell me what fails.")
    tool = pick(rng, ["execute_command", "terminal", "run_shell"])
    cmd = {"command": f"npm test --prefix packages/{lib}"}
    onset = 0
    for i in range(rng.randrange(4, 6)):
        port = rng.randrange(30000, 60000)
        err = (
            f"> {lib}@2.1.0 test\n> jest --ci\n\nError: listen EADDRINUSE: address already in use :::{port}\n"
            f"    at Server.setupListenHandle [as _listen2] (node:net:1817:16)\nTest run aborted after "
            f"{rng.randrange(200, 900)}ms"
        )
        s = t.step(
            pick(rng, ["Running the tests.", "Let me run them again.", "Trying the tests once more."]),
            [(tool, cmd, err, True)],
        )
        if i == 2:
            onset = s
    t.step("The tests cannot start because a port is in use.")
    return onset


# --------------------------------------------------------------------------- healthy families


def ok_charge_retry_handoff(t: Transcript, rng: random.Random) -> None:
    """The same failing charge retried 2-3 times, then the agent hands off to a person."""
    t.user(f"Please charge my saved card for order #{rng.randrange(10000, 99999)} and confirm the booking.")
    tool = pick(rng, ["charge_card", "submit_payment", "process_charge"])
    args = {"order": f"ORD-{rng.randrange(1000, 9999)}", "method": "saved_card"}
    t.step(
        "Looking up the order.",
        [
            (
                "get_order",
                {"order": args["order"]},
                '{"status": "pending", "total": 182.4, "currency": "EUR"}',
                False,
            )
        ],
    )
    for _ in range(rng.randrange(2, 4)):
        t.step(
            pick(rng, ["Charging the card now.", "Let me try the charge again."]),
            [(tool, args, "Payment declined: issuer unavailable (code 91)", True)],
        )
    if rng.random() < 0.5:
        t.step(
            "The payment keeps failing, so I am transferring you to a human agent.",
            [
                (
                    "handoff_to_human",
                    {"reason": "payment declined repeatedly"},
                    "Transfer queued. An agent will join shortly.",
                    False,
                )
            ],
        )
    else:
        t.step(
            "The card is not going through; I will send a payment link instead.",
            [("send_payment_link", {"order": args["order"]}, "Link sent to the customer's e-mail.", False)],
        )
    t.step("Done - you will hear from us shortly.")


def ok_payment_until_success(t: Transcript, rng: random.Random) -> None:
    """A payment retried until the gateway answers."""
    t.user("Pay the outstanding invoice with the company card.")
    tool = pick(rng, ["pay_invoice", "settle_invoice"])
    args = {"invoice": f"INV-{rng.randrange(100, 999)}"}
    for _ in range(rng.randrange(2, 4)):
        t.step("Submitting the payment.", [(tool, args, "Gateway timeout, please retry", True)])
    t.step("Retrying once more.", [(tool, args, f"Paid. Receipt R{rng.randrange(10**5, 10**6)}", False)])
    t.step("The invoice is paid.")


def ok_search_fanout_narration(t: Transcript, rng: random.Random) -> None:
    """Searches over new subjects under one repeated narration; each brings new hits."""
    t.user("Compare the return policies of our five best-selling products.")
    tool = pick(rng, ["docs_query", "search_kb"])
    for product in rng.sample(PRODUCTS, 5):
        t.step(
            "I will search the knowledge base for the return policy of the next product in the list.",
            [(tool, {"query": f"{product} return policy"}, kb_listing(kb_documents(rng, product, 4)), False)],
        )
    t.step("Here is the comparison of the return policies.")


def ok_setup_fanout(t: Transcript, rng: random.Random) -> None:
    """Test setup over several packages; some fail, each error naming its package."""
    t.user("Set up the workspace so the test suite can run.")
    tool = pick(rng, ["execute_command", "terminal"])
    pkgs = rng.sample(LIBS, 5)
    for pkg in pkgs:
        if rng.random() < 0.7:
            t.step(
                "Installing the next workspace package.",
                [
                    (
                        tool,
                        {"command": f"npm install --workspace {pkg}"},
                        f"npm ERR! 404 Not Found - GET https://registry.example/{pkg} - "
                        f"'{pkg}@*' is not in this registry.",
                        True,
                    )
                ],
            )
        else:
            t.step(
                "Installing the next workspace package.",
                [
                    (
                        tool,
                        {"command": f"npm install --workspace {pkg}"},
                        f"added 12 packages for {pkg} in 3s",
                        False,
                    )
                ],
            )
    t.step(
        "Done, except for the packages missing from the registry.",
        [(tool, {"command": "npm test"}, "Tests: 41 passed, 41 total", False)],
    )


def ok_dependency_whackamole(t: Transcript, rng: random.Random) -> None:
    """Each run fails on another missing module until it works; the last log is long and repetitive."""
    t.user("Get scripts/report.py running.")
    tool = pick(rng, ["run_shell", "terminal"])
    mods = rng.sample(["yaml", "requests", "dateutil", "tabulate", "jinja2", "toml"], 4)
    for mod in mods:
        t.step(
            "Running the script.",
            [
                (
                    tool,
                    {"command": "python scripts/report.py"},
                    'Traceback (most recent call last):\n  File "scripts/report.py", line 3\n'
                    f"ModuleNotFoundError: No module named '{mod}'",
                    True,
                )
            ],
        )
        t.step(
            f"Installing {mod}.",
            [(tool, {"command": f"pip install {mod}"}, f"Successfully installed {mod}", False)],
        )
    log = "\n".join(f"[report] row {i}: ok" for i in range(120))
    t.step("Running it again.", [(tool, {"command": "python scripts/report.py"}, log, False)])
    t.step("The script runs now.")


def ok_early_narration(t: Transcript, rng: random.Random) -> None:
    """The same 'let me look' narration while each call reads a new file and brings new content."""
    t.user(f"Find where the {pick(rng, LIBS)} config is parsed.")
    tool = pick(rng, ["view_file", "read_text"])
    for name in [
        "src/index.js",
        "src/config.js",
        "src/loader.js",
        "src/parse.js",
        "src/env.js",
        "src/cli.js",
    ]:
        body = "\n".join(
            f"// {name} line {i}: {rng.choice(['function', 'const', 'export'])} x{rng.randrange(999)}"
            for i in range(30)
        )
        t.step(
            "Let me look at the next source file to find where the configuration is parsed.",
            [(tool, {"file": name}, body, False)],
        )
    t.step("It is parsed in src/parse.js.")


def ok_status_polling(t: Transcript, rng: random.Random) -> None:
    """A deployment polled until it finishes; the status moves on."""
    t.user("Deploy the staging build and tell me when it is live.")
    tool = pick(rng, ["deployment_status", "check_rollout"])
    t.step("Starting the deploy.", [("start_deploy", {"env": "staging"}, "Deploy d-881 started", False)])
    for pct in (10, 35, 60, 85, 100):
        t.step(
            "Checking the rollout.",
            [(tool, {"id": "d-881"}, f"rollout d-881: {pct}% of pods updated", False)],
        )
    t.step("Staging is live.")


LOOPS: list[Callable[[Transcript, random.Random], int]] = [
    loop_repeated_lookup,
    loop_failure_streak,
    loop_schema_misuse,
    loop_paraphrased_kb,
    loop_redelegation,
    loop_repeated_failing_command,
]
HEALTHY: list[Callable[[Transcript, random.Random], None]] = [
    ok_charge_retry_handoff,
    ok_payment_until_success,
    ok_search_fanout_narration,
    ok_setup_fanout,
    ok_dependency_whackamole,
    ok_early_narration,
    ok_status_polling,
]


def scenarios() -> list[Json]:
    out: list[Json] = []
    for index, family in enumerate([*LOOPS, *HEALTHY]):
        for n in range(PER_FAMILY):
            rng = random.Random(SEED * 1000 + index * 10 + n)
            t = Transcript(rng)
            name = family.__name__
            onset = family(t, rng)
            loop = name.startswith("loop_")
            out.append(
                {
                    "id": f"wild-{name.replace('_', '-')}-{n}",
                    "source": SOURCE,
                    "description": (family.__doc__ or "").strip().splitlines()[0],
                    "label": {
                        "loop": loop,
                        "kinds": [_kind(name)] if loop else ["none"],
                        "onset_step": onset if loop else None,
                        "notes": _notes(loop, onset),
                    },
                    "events": t.events,
                }
            )
    return out


def _notes(loop: bool, onset: int) -> str:
    if not loop:
        return "healthy look-alike: each repetition brings news, succeeds or ends in a change of approach"
    return (
        f"unambiguous at step {onset}: the 3rd occurrence of an exact repeat, or the 4th attempt of a near "
        "repeat (the first attempt is information)"
    )


def _kind(name: str) -> str:
    return {
        "loop_repeated_lookup": "identical_call",
        "loop_failure_streak": "error_streak",
        "loop_schema_misuse": "error_streak",
        "loop_repeated_failing_command": "identical_call",
    }.get(name, "same_tool")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    for scenario in scenarios():
        (out / f"{scenario['id']}.json").write_text(json.dumps(scenario, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
