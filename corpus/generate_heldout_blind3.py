# ruff: noqa: E501
"""Write the held-out set ``corpus/heldout-blind3/``: synthetic agent sessions, written blind.

The author read only the corpus format (``corpus/SCHEMA.md``), the peer notes and three real
transcripts for realistic tool names; no detector, scorer or other corpus file. Every scenario is
built by a seeded ``random.Random`` so the set reproduces byte for byte:

    python corpus/generate_heldout_blind3.py --out corpus/heldout-blind3

Labels: a step is an assistant message (from 1). Loops built from fruitless steps take as onset the
3rd consecutive fruitless step (the first result of a run is informative); identical calls the 3rd
identical call; an A/B cycle starting at step s the step s+3; collapsed text the collapsing reply.
"""

from __future__ import annotations

import argparse
import json
import random
import string
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

SOURCE = "synthetic: corpus/generate_heldout_blind3.py"
SEED = 20260923

Call = tuple[str, dict[str, Any], str, bool]


class Session:
    """One transcript under construction; remembers which steps brought nothing new."""

    def __init__(self, rng: random.Random, user: str, system: str | None = None) -> None:
        self.rng = rng
        self.events: list[dict[str, Any]] = []
        self.steps = 0
        self.fruitless: list[bool] = []
        self.calls = 0
        self.id_style = rng.choice(["toolu", "call", "short", "fc"])
        if system is not None:
            self.events.append({"type": "message", "role": "system", "text": system})
        self.user(user)

    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def _call_id(self) -> str:
        self.calls += 1
        if self.id_style == "short":
            return f"c{self.calls}"
        alphabet = string.ascii_letters + string.digits
        tail = "".join(self.rng.choice(alphabet) for _ in range(20))
        if self.id_style == "toolu":
            return f"toolu_01{tail}"
        if self.id_style == "fc":
            return f"fc_{self.calls:03d}_{tail[:8].lower()}"
        return f"call_{tail}"

    def turn(self, text: str, calls: list[Call] | None = None, *, fresh: bool = True) -> int:
        """Append one assistant step with its calls and their results; return its step number."""
        self.steps += 1
        self.fruitless.append(not fresh)
        message: dict[str, Any] = {"type": "message", "role": "assistant", "text": text}
        results: list[dict[str, Any]] = []
        if calls:
            message["tool_calls"] = []
            for name, arguments, content, is_error in calls:
                cid = self._call_id()
                message["tool_calls"].append({"id": cid, "name": name, "arguments": arguments})
                results.append(
                    {
                        "type": "tool_result",
                        "call_id": cid,
                        "name": name,
                        "content": content,
                        "is_error": is_error,
                    }
                )
        self.events.append(message)
        self.events.extend(results)
        return self.steps

    def third_fruitless(self) -> int:
        """The first step that closes a run of three consecutive fruitless steps."""
        run = 0
        for index, dull in enumerate(self.fruitless, start=1):
            run = run + 1 if dull else 0
            if run == 3:
                return index
        raise ValueError("no run of three fruitless steps")

    def assert_no_fruitless_run(self) -> None:
        run = 0
        for dull in self.fruitless:
            run = run + 1 if dull else 0
            assert run < 3, "a healthy session must not hold three fruitless steps in a row"


def scenario(sid: str, description: str, s: Session, label: dict[str, Any]) -> dict[str, Any]:
    return {"id": sid, "source": SOURCE, "description": description, "label": label, "events": s.events}


def loop_label(kinds: list[str], onset: int, why: str) -> dict[str, Any]:
    return {"loop": True, "kinds": kinds, "onset_step": onset, "notes": f"Onset at step {onset}: {why}"}


def healthy_label(why: str) -> dict[str, Any]:
    return {"loop": False, "kinds": ["none"], "onset_step": None, "notes": why}


def shuffled(rng: random.Random, items: list[str]) -> list[str]:
    out = list(items)
    rng.shuffle(out)
    return out


# ---------------------------------------------------------------------------------------------
# Loop family 1: research re-delegation
# ---------------------------------------------------------------------------------------------

REDELEGATION: list[dict[str, Any]] = [
    {
        "slug": "task-founding-ceo-notfound",
        "tool": "Task",
        "args": lambda brief, i: {
            "description": ["Research Lunavia founding", "Find Lunavia founder", "Lunavia history"][i % 3],
            "prompt": brief,
            "subagent_type": "general-purpose",
        },
        "user": "Who founded Lunavia Pay (the Vilnius payments startup) and in what year? I need it for a slide.",
        "thing": "the founding year and the first CEO of Lunavia Pay",
        "style": "short",
        "report": "notfound",
        "sources": [
            "Registrų centras",
            "Crunchbase",
            "LinkedIn company page",
            "TechCrunch",
            "the Lunavia blog",
        ],
        "prefix": 0,
        "n": 6,
    },
    {
        "slug": "handoff-heatpump-figures",
        "tool": "handoff_to_researcher",
        "args": lambda brief, i: {"task": brief, "context": "Board memo, section 2: market sizing"},
        "user": (
            "Draft the market-sizing paragraph for the board memo: European heat-pump market, 2023 and "
            "2024 revenue, with sources."
        ),
        "thing": "the 2024 European heat-pump market revenue",
        "style": "long",
        "report": "partial",
        "figures": "€14.2 bn in 2023 (EHPA Market Report 2024, p. 11) and 3.02 million units sold (IEA Heat Pumps tracker)",
        "sources": ["EHPA Market Report 2024", "IEA Heat Pumps tracker", "Eurostat nrg_inf_hptc"],
        "prefix": 3,
        "n": 6,
    },
    {
        "slug": "subagent-sources-reordered",
        "tool": "run_subagent",
        "args": lambda brief, i: {"agent": "researcher", "instructions": brief, "max_turns": 15},
        "user": "Find primary sources for the claim that the Riga tram network carried 41 million passengers in 2019.",
        "thing": "a primary source for 41 million Riga tram passengers in 2019",
        "style": "thorough",
        "report": "sources",
        "sources": [
            "https://www.rigassatiksme.lv/en/about-us/annual-reports/",
            "https://data.gov.lv/dati/en/dataset/sabiedriskais-transports",
            "https://en.wikipedia.org/wiki/Trams_in_Riga",
            "https://www.csp.gov.lv/en/statistics/transport",
        ],
        "prefix": 1,
        "n": 7,
    },
    {
        "slug": "ask-expert-vat-threshold",
        "tool": "ask_expert",
        "args": lambda brief, i: {"expert": "tax_research", "question": brief},
        "user": "What is the current VAT registration threshold for non-resident e-commerce sellers in Moldova?",
        "thing": "the Moldovan VAT registration threshold for non-resident e-commerce sellers",
        "style": "short",
        "report": "notfound",
        "sources": [
            "the State Tax Service site (sfs.md)",
            "the Fiscal Code, Title III",
            "PwC Worldwide Tax Summaries",
        ],
        "prefix": 0,
        "n": 5,
    },
    {
        "slug": "delegate-churn-benchmark",
        "tool": "delegate_task",
        "args": lambda brief, i: {
            "assignee": "analyst-bot",
            "objective": brief,
            "deliverable": "markdown table",
        },
        "user": "I need a benchmark for monthly logo churn of B2B SaaS companies with ACV under $5k.",
        "thing": "monthly logo churn for B2B SaaS with ACV under $5k",
        "style": "sentences",
        "report": "partial",
        "figures": "3.1% to 4.7% monthly logo churn (Recurly Research 2023) and a 3.5% median (ChartMogul SaaS Retention Report)",
        "sources": ["Recurly Research 2023", "ChartMogul SaaS Retention Report", "KeyBanc SaaS Survey"],
        "prefix": 2,
        "n": 6,
    },
    {
        "slug": "call-agent-json-after-good-tasks",
        "tool": "call_agent",
        "args": lambda brief, i: {"name": "web_researcher", "input": brief},
        "user": (
            "Put together a one-page brief on the Nordlys offshore wind farm: operator, capacity, "
            "commissioning date and the cable supplier."
        ),
        "thing": "the export cable supplier of the Nordlys offshore wind farm",
        "style": "sentences",
        "report": "json",
        "sources": ["4C Offshore", "operator press release 2022-03-14", "Offshore Wind Biz"],
        "prefix": 3,
        "n": 6,
    },
    {
        "slug": "spawn-agent-longbrief-notfound",
        "tool": "spawn_agent",
        "args": lambda brief, i: {"role": "literature-scout", "goal": brief, "max_steps": 25},
        "user": "Find the original paper that introduced the 'Kessler-Ortiz stability index' and its publication year.",
        "thing": "the paper that introduced the Kessler-Ortiz stability index",
        "style": "long",
        "report": "notfound",
        "sources": ["Google Scholar", "Semantic Scholar", "arXiv", "Crossref", "the ACM Digital Library"],
        "prefix": 0,
        "n": 6,
    },
]

OPENERS = [
    "Find",
    "Please research",
    "I need you to determine",
    "Look up",
    "Dig into this again and find",
    "One more attempt: locate",
    "Research",
    "Try once more to establish",
]
CLOSERS = [
    "",
    " Be thorough.",
    " Check primary sources where possible.",
    " Be thorough this time and cite every source.",
    " Report back with citations.",
    " Please try harder than the last attempt.",
    " Use different search terms if needed.",
]


def redelegation_brief(rng: random.Random, spec: dict[str, Any], i: int) -> str:
    thing = spec["thing"]
    style = spec["style"]
    opener = OPENERS[(i + rng.randrange(3)) % len(OPENERS)]
    closer = CLOSERS[min(i, len(CLOSERS) - 1)] if i else ""
    if style == "short":
        return f"{opener} {thing}.{closer}"
    if style == "thorough":
        return f"{opener} {thing}. Be thorough." + (
            " Really be thorough: check every archive." if i > 1 else ""
        )
    if style == "sentences":
        return (
            f"{opener} {thing}. This is for a client-facing document, so we need a concrete answer rather "
            f"than a guess. If sources disagree, list both.{closer}"
        )
    bullets = shuffled(
        rng,
        [
            f"- the exact answer: {thing}",
            "- at least two independent sources, with URLs",
            "- a note on how reliable each source is",
            "- anything that contradicts the main source",
        ],
    )
    extra = (
        "\n\nPrevious attempts came back without a usable answer, so please widen the search." if i else ""
    )
    return (
        f"Background: we are preparing material that depends on {thing}. The user asked for it "
        f"explicitly and it must be sourced.\n\nPlease deliver:\n" + "\n".join(bullets) + "\n\nConstraints:\n"
        "- prefer primary sources over aggregators\n- do not speculate" + extra + closer
    )


def redelegation_report(rng: random.Random, spec: dict[str, Any], i: int) -> str:
    srcs = shuffled(rng, spec["sources"])
    thing = spec["thing"]
    kind = spec["report"]
    if kind == "notfound":
        templates = [
            "I searched {srcs} but could not find {thing}. None of these pages states it explicitly.",
            "After checking {srcs}, I was unable to locate {thing}. The sources mention the subject but not this detail.",
            "No reliable source gives {thing}. Looked at: {srcs}. Nothing conclusive.",
            "Unfortunately I could not determine {thing}. I went through {srcs}; none of them has it.",
            "Result: not found. Sources consulted were {srcs}, and none of them answers the question of {thing}.",
        ]
        return templates[i % len(templates)].format(srcs=", ".join(srcs), thing=thing)
    if kind == "partial":
        templates = [
            "Partial answer. The best figures available: {fig}. I could not find {thing} in any of them.",
            "## Findings\n\n- {fig}\n- Sources: {srcs}\n\n{thing_cap} is not published yet as far as I can tell.",
            "What I found is {fig}. I checked {srcs} again; none gives {thing}.",
            "Summary: {fig}. Still missing: {thing}. Sources: {srcs}.",
            "| item | value |\n|---|---|\n| known | {fig} |\n| missing | {thing} |\n\nSources: {srcs}",
        ]
        return templates[i % len(templates)].format(
            fig=spec["figures"], srcs="; ".join(srcs), thing=thing, thing_cap=thing[0].upper() + thing[1:]
        )
    if kind == "sources":
        lines = "\n".join(f"{n}. {u}" for n, u in enumerate(srcs, start=1))
        heads = [
            "Here are the sources I found:",
            "Sources (re-checked):",
            "I went through the archives again. Relevant sources:",
            "Best available sources:",
        ]
        tail = [
            "None of them gives the 2019 figure directly.",
            "The 2019 figure is not stated in these.",
            "I could not confirm 41 million from these.",
            "No page confirms the exact number.",
        ]
        return f"{heads[i % 4]}\n{lines}\n\n{tail[(i + 1) % 4]}"
    return json.dumps(
        {
            "status": "partial",
            "answer": None,
            "notes": ["supplier not disclosed in public sources", "checked: " + ", ".join(srcs)][
                :: 1 if i % 2 else -1
            ],
            "confidence": rng.choice([0.2, 0.25, 0.3]),
        },
        ensure_ascii=False,
    )


def gen_redelegation(rng: random.Random, spec: dict[str, Any]) -> dict[str, Any]:
    s = Session(rng, spec["user"])
    tool = spec["tool"]
    if spec["prefix"]:
        prefix_tasks = [
            (
                "Find the operator and installed capacity of the Nordlys offshore wind farm.",
                "Operator: Nordlys Vind AS (joint venture of Fjordkraft 60% and Baltic Green 40%). Installed capacity: 1,044 MW, 87 turbines of 12 MW.",
            ),
            (
                "When was the Nordlys offshore wind farm commissioned, and where does it land?",
                "Full commercial operation on 2023-09-28; export cables land at Kvitsand substation.",
            ),
            (
                "Check the notes file for what the user already has.",
                "Notes: user already has the turbine model (SG 12-200) and the owner structure.",
            ),
        ]
        for k in range(spec["prefix"]):
            if spec["tool"] == "call_agent":
                brief, report = prefix_tasks[k]
                s.turn(f"Sub-task {k + 1}: {brief}", [(tool, spec["args"](brief, 0), report, False)])
            else:
                other = [
                    (
                        "read_file",
                        {"path": "notes/brief.md"},
                        "# Brief\n\nAudience: board. Length: one page. Deadline Friday.",
                        False,
                    ),
                    ("list_dir", {"path": "drafts"}, "memo_v1.md\nmemo_v2.md\nfigures/", False),
                    (
                        "read_file",
                        {"path": "drafts/memo_v2.md"},
                        "## 2. Market\n\nTODO: market size with sources.",
                        False,
                    ),
                ][k]
                s.turn(
                    [
                        "Let me see what we already have.",
                        "Checking the drafts.",
                        "Reading the current draft.",
                    ][k],
                    [other],
                )
    for i in range(spec["n"]):
        brief = redelegation_brief(rng, spec, i)
        if i == 0:
            text = f"I'll hand this to a sub-agent: {spec['thing']}."
        else:
            text = rng.choice(
                [
                    "The report did not settle it. Sending the researcher back with a clearer brief.",
                    "Not quite what I need. Let me ask again, more precisely.",
                    "I'll re-delegate with more emphasis on primary sources.",
                    "Still missing. Trying once more with a reworded task.",
                    "Let me delegate again; maybe a different phrasing helps.",
                ]
            )
        s.turn(text, [(tool, spec["args"](brief, i), redelegation_report(rng, spec, i), False)], fresh=i == 0)
    s.turn("I could not get a sourced answer. Here is what is known so far, with the gap marked.")
    onset = s.third_fruitless()
    first = s.steps - spec["n"]
    return scenario(
        f"blind3-loop-redelegate-{spec['slug']}",
        f"Orchestrator re-delegates the same research task via {tool}; every report repeats the first.",
        s,
        loop_label(
            ["same_tool"],
            onset,
            f"the first delegation (step {first}) returns an informative report; every later one is the same "
            f"task reworded and each report restates the first ({spec['report']}), so step {onset} is the "
            "third delegation in a row that brings nothing new.",
        ),
    )


# ---------------------------------------------------------------------------------------------
# Loop family 2: paraphrased search
# ---------------------------------------------------------------------------------------------

Page = tuple[str, str, list[str]]

SEARCH_TOPICS: list[dict[str, Any]] = [
    {
        "slug": "cell-max-temp",
        "user": "What is the maximum continuous operating temperature of the Voltra XR-200 lithium cell?",
        "queries": [
            "Voltra XR-200 max operating temperature",
            "XR-200 lithium cell maximum temperature spec",
            "Voltra XR200 datasheet operating temperature range",
            "Voltra XR-200 temperature limit continuous discharge",
            "XR-200 cell thermal limits Voltra",
            "what temperature can the Voltra XR-200 run at",
            "Voltra XR-200 specifications",
        ],
        "pages": [
            (
                "https://voltra-energy.com/products/xr-200",
                "XR-200 | Voltra Energy",
                [
                    "High energy 21700 cell for e-mobility.",
                    "The XR-200 delivers 5.0 Ah in a 21700 format.",
                    "Contact sales for the full datasheet.",
                ],
            ),
            (
                "https://www.batterybench.net/reviews/voltra-xr200",
                "Voltra XR200 review - BatteryBench",
                [
                    "We tested capacity at 25 °C; thermal limits were not published.",
                    "Capacity 4.93 Ah measured at 0.2C.",
                    "Review of the XR200; Voltra did not share the datasheet.",
                ],
            ),
            (
                "https://forum.18650hub.org/t/xr-200-datasheet/4412",
                "XR-200 datasheet? - 18650 Hub forum",
                [
                    "Anyone have the datasheet for the XR-200?",
                    "Still looking for the XR-200 datasheet, any luck?",
                    "Thread: datasheet request, no answer yet.",
                ],
            ),
            (
                "https://www.alibaba.com/product-detail/xr-200-21700",
                "XR-200 21700 cell wholesale",
                [
                    "Wholesale 21700 cells, MOQ 1000.",
                    "Bulk XR-200 type cells, fast shipping.",
                    "Buy XR-200 compatible cells.",
                ],
            ),
            (
                "https://voltra-energy.com/news/xr-200-launch",
                "Voltra launches the XR-200",
                [
                    "Voltra announced the XR-200 at Battery Show Europe.",
                    "Launch press release, June 2024.",
                    "The XR-200 targets scooters and e-bikes.",
                ],
            ),
        ],
        "junk": (
            "https://www.batteryfaq.info/what-is-21700",
            "What is a 21700 battery? - BatteryFAQ",
            ["A 21700 is a cylindrical cell 21 mm by 70 mm."],
        ),
        "fetch_text": "XR-200 | Voltra Energy\n\nHigh energy 21700 cell. Nominal 3.6 V, 5.0 Ah. Applications: e-bikes, scooters, power tools.\nFor the full datasheet please contact sales@voltra-energy.com.",
    },
    {
        "slug": "refund-rate-limit",
        "user": "What's the rate limit on the Acme Payments v3 refunds endpoint? Our batch job keeps getting 429s.",
        "queries": [
            "Acme Payments v3 refunds rate limit",
            "acme payments api refunds 429 limit per second",
            "Acme Payments API rate limits refunds endpoint",
            "acme v3 /refunds requests per minute",
            "Acme Payments throttling refunds",
            "acme payments rate limiting documentation",
        ],
        "pages": [
            (
                "https://docs.acmepay.com/v3/reference/refunds",
                "Refunds - Acme Payments API Reference",
                [
                    "Create a refund for a charge. POST /v3/refunds.",
                    "Refunds API: create, retrieve, list.",
                    "POST /v3/refunds creates a refund object.",
                ],
            ),
            (
                "https://docs.acmepay.com/v3/guides/errors",
                "Errors | Acme Payments",
                [
                    "429 Too Many Requests: you have hit a rate limit.",
                    "Error codes including 429 rate_limited.",
                    "Handle 429 by retrying with backoff.",
                ],
            ),
            (
                "https://stackoverflow.com/questions/77120931/acme-payments-429-on-refunds",
                "Acme Payments 429 on refunds - Stack Overflow",
                [
                    "I get 429 after a few hundred refunds, what is the limit?",
                    "Question: refunds endpoint throttled, no accepted answer.",
                    "Asked 1 year ago, 3 comments.",
                ],
            ),
            (
                "https://github.com/acmepay/acme-python/issues/312",
                "Document refund rate limits · Issue #312",
                [
                    "Please document the refund rate limits.",
                    "Open issue: rate limits undocumented.",
                    "+1, need the numbers for batch jobs.",
                ],
            ),
        ],
        "junk": (
            "https://www.apitrends.io/blog/rate-limiting-101",
            "Rate limiting 101 - APITrends",
            ["Rate limiting protects APIs from overload."],
        ),
        "fetch_text": "# Errors\n\n| code | meaning |\n|---|---|\n| 400 | invalid_request |\n| 402 | card_declined |\n| 429 | rate_limited: too many requests, retry with exponential backoff |\n\nLimits vary by account and are not listed here.",
    },
    {
        "slug": "tbilisi-population",
        "user": "Give me the official 2023 population of Tbilisi with the source.",
        "queries": [
            "Tbilisi population 2023 official",
            "Tbilisi population Geostat 2023",
            "population of Tbilisi January 2023 statistics",
            "how many people live in Tbilisi 2023",
            "Tbilisi city population census estimate 2023",
            "Geostat Tbilisi number of residents",
            "Tbilisi inhabitants 2023 National Statistics Office of Georgia",
        ],
        "pages": [
            (
                "https://en.wikipedia.org/wiki/Tbilisi",
                "Tbilisi - Wikipedia",
                [
                    "Tbilisi is the capital and largest city of Georgia, population about 1.2 million.",
                    "Capital of Georgia; the 2014 census counted 1,108,717.",
                    "Tbilisi lies on the Kura river.",
                ],
            ),
            (
                "https://www.geostat.ge/en/modules/categories/41/population",
                "Population - National Statistics Office of Georgia",
                [
                    "Population by regions, as of 1 January.",
                    "Population tables by region and year.",
                    "Statistics on population and demography.",
                ],
            ),
            (
                "https://worldpopulationreview.com/world-cities/tbilisi-population",
                "Tbilisi Population 2024",
                [
                    "Tbilisi's 2024 population is estimated at 1,083,000.",
                    "Metro area estimate for 2024.",
                    "Population growth chart for Tbilisi.",
                ],
            ),
            (
                "https://www.macrotrends.net/cities/21587/tbilisi/population",
                "Tbilisi, Georgia Metro Area Population",
                [
                    "The metro area population of Tbilisi in 2023 was 1,081,000.",
                    "Historical metro population 1950-2035.",
                    "UN projections for the Tbilisi metro area.",
                ],
            ),
        ],
        "junk": (
            "https://www.tripadvisor.com/Tourism-g294195-Tbilisi",
            "Tbilisi Tourism 2023",
            ["Best things to do in Tbilisi."],
        ),
        "fetch_text": "Population - National Statistics Office of Georgia\n\n[Download XLSX: Population by regions, 1 January 1994-2023]\nThe table is available as a spreadsheet download. Methodology notes: ...",
    },
    {
        "slug": "quote-origin",
        "user": "Who originally said 'A ship in harbor is safe, but that is not what ships are built for'? Need the original publication.",
        "queries": [
            '"a ship in harbor is safe" original source',
            "ship in harbor is safe quote origin",
            "who said a ship in harbour is safe but that is not what ships are built for",
            "John A. Shedd Salt from My Attic 1928 ship quote",
            "ship harbor quote first appearance",
            '"not what ships are built for" quote attribution',
        ],
        "pages": [
            (
                "https://quoteinvestigator.com/2013/12/09/safe-harbor/",
                "A Ship in Harbor Is Safe - Quote Investigator",
                [
                    "Earliest evidence: John A. Shedd, Salt from My Attic, 1928.",
                    "QI traced it to a 1928 collection by John A. Shedd.",
                    "Attributed to Grace Hopper, but earlier in Shedd 1928.",
                ],
            ),
            (
                "https://en.wikiquote.org/wiki/John_A._Shedd",
                "John A. Shedd - Wikiquote",
                [
                    "Salt from My Attic (1928).",
                    "Quotes of John A. Shedd.",
                    "Sourced: Salt from My Attic, Mosher Press, 1928.",
                ],
            ),
            (
                "https://www.goodreads.com/quotes/6375-a-ship-in-harbor-is-safe",
                "Quote by John A. Shedd",
                [
                    "A ship in harbor is safe... - John A. Shedd.",
                    "Liked by 12,000 readers.",
                    "Quote card, John A. Shedd.",
                ],
            ),
            (
                "https://www.brainyquote.com/quotes/grace_hopper_125849",
                "Grace Hopper quote",
                [
                    "Attributed to Grace Hopper.",
                    "Grace Hopper quotes.",
                    "A ship in port is safe... Grace Hopper.",
                ],
            ),
        ],
        "junk": (
            "https://www.pinterest.com/pin/ship-harbor-quote",
            "Ship quote wall art",
            ["Printable wall art."],
        ),
        "fetch_text": "A Ship in Harbor Is Safe - Quote Investigator\n\nThe earliest evidence located by QI appeared in 1928 in John A. Shedd's 'Salt from My Attic'. (Full scan not available online.)",
    },
    {
        "slug": "tokio-msrv",
        "user": "What is the minimum supported Rust version for tokio 1.38? CI is on 1.63 and I want to know if we can upgrade.",
        "queries": [
            "tokio 1.38 MSRV",
            "tokio 1.38 minimum supported rust version",
            "tokio msrv policy rust-version",
            "tokio 1.38.0 rust-version Cargo.toml",
            "does tokio 1.38 support rust 1.63",
            "tokio changelog msrv bump",
        ],
        "pages": [
            (
                "https://github.com/tokio-rs/tokio/blob/master/README.md",
                "tokio/README.md",
                [
                    "Tokio will keep a rolling MSRV policy of at least 6 months.",
                    "Supported Rust versions: rolling MSRV.",
                    "The MSRV is bumped in minor releases.",
                ],
            ),
            (
                "https://docs.rs/tokio/latest/tokio/",
                "tokio - Rust",
                [
                    "A runtime for writing reliable network applications.",
                    "Tokio docs: runtime, net, sync.",
                    "Feature flags and modules.",
                ],
            ),
            (
                "https://users.rust-lang.org/t/tokio-msrv/98312",
                "Tokio MSRV? - Rust Users Forum",
                [
                    "Which tokio works on 1.63?",
                    "Question about tokio and old compilers.",
                    "Thread: pinning tokio for old rustc.",
                ],
            ),
            (
                "https://lib.rs/crates/tokio",
                "Tokio - lib.rs",
                ["Tokio, 1.38.0, MIT, 300M downloads.", "Async runtime crate.", "Versions and dependencies."],
            ),
        ],
        "junk": ("https://blog.devmedium.com/async-rust-intro", "Intro to async Rust", ["Futures are lazy."]),
        "fetch_text": "## Supported Rust Versions\n\nTokio will keep a rolling MSRV (minimum supported rust version) policy of at least 6 months. When increasing the MSRV, the new Rust version must have been released at least six months ago.",
    },
    {
        "slug": "clinic-hours",
        "user": "Is the Helsinki Kallio dental clinic open on Sunday afternoons? Need the hours for this weekend.",
        "queries": [
            "Kallio dental clinic Helsinki Sunday hours",
            "hammaslääkäri Kallio sunnuntai aukioloajat",
            "Kallio dentist opening hours weekend",
            "Helsinki Kallio dental clinic open Sunday",
            "Kallio hammasklinikka aukiolo",
            "dental clinic Kallio Helsinki hours this weekend",
        ],
        "pages": [
            (
                "https://www.kalliondental.fi/",
                "Kallion Hammasklinikka",
                [
                    "Ajanvaraus verkossa. Book online.",
                    "Welcome to Kallio Dental.",
                    "Book an appointment online or call.",
                ],
            ),
            (
                "https://www.google.com/maps/place/Kallion+Hammasklinikka",
                "Kallion Hammasklinikka - Google Maps",
                ["Hours might differ.", "4.6 stars, 212 reviews.", "Directions and reviews."],
            ),
            (
                "https://www.fonecta.fi/yritykset/Helsinki/Kallion-Hammasklinikka",
                "Kallion Hammasklinikka - Fonecta",
                [
                    "Contact details and address, Helsinginkatu 14.",
                    "Phone number and address.",
                    "Company details.",
                ],
            ),
        ],
        "junk": (
            "https://www.hel.fi/en/health/dental-care",
            "Dental care | City of Helsinki",
            ["Public dental care in Helsinki."],
        ),
        "fetch_text": "Kallion Hammasklinikka\n\nAjanvaraus: 09 123 4567. Avoinna arkisin. / Open on weekdays. Holidays: see booking calendar.",
    },
    {
        "slug": "eu-ai-act-gpai-date",
        "user": "When exactly do the EU AI Act obligations for general-purpose AI model providers start to apply?",
        "queries": [
            "EU AI Act GPAI obligations application date",
            "AI Act general purpose AI model provider obligations when apply",
            "AI Act timeline GPAI",
            "EU AI Act article 113 GPAI date",
            "AI Act entry into force general-purpose models deadline",
            "when do GPAI rules apply AI Act",
        ],
        "pages": [
            (
                "https://artificialintelligenceact.eu/implementation-timeline/",
                "Implementation Timeline | EU AI Act",
                [
                    "Timeline of key dates for the AI Act.",
                    "Key dates from entry into force onwards.",
                    "Implementation milestones.",
                ],
            ),
            (
                "https://eur-lex.europa.eu/eli/reg/2024/1689/oj",
                "Regulation (EU) 2024/1689",
                [
                    "Official Journal text of the AI Act.",
                    "Regulation laying down harmonised rules on AI.",
                    "OJ L, 12.7.2024.",
                ],
            ),
            (
                "https://www.lexology.com/library/detail.aspx?g=ai-act-gpai",
                "AI Act: what GPAI providers need to know",
                [
                    "Providers of GPAI models face new duties.",
                    "Overview of GPAI obligations.",
                    "Law-firm briefing on GPAI.",
                ],
            ),
            (
                "https://digital-strategy.ec.europa.eu/en/policies/regulatory-framework-ai",
                "AI Act | Shaping Europe's digital future",
                [
                    "The AI Act is the first-ever legal framework on AI.",
                    "Commission page on the AI Act.",
                    "Regulatory framework overview.",
                ],
            ),
        ],
        "junk": (
            "https://www.aiblogdaily.com/ai-act-explained",
            "The AI Act explained simply",
            ["What the AI Act means for you."],
        ),
        "fetch_text": "Implementation Timeline\n\nThis page is being updated. Please refer to the Official Journal for authoritative dates.",
    },
]

SEARCH_TOOLS: list[tuple[str, Callable[[str], dict[str, Any]], str]] = [
    ("web_search", lambda q: {"query": q}, "numbered"),
    ("tavily_search", lambda q: {"query": q, "max_results": 5, "search_depth": "advanced"}, "json"),
    ("google_search", lambda q: {"q": q, "num": 5}, "markdown"),
    ("brave_search", lambda q: {"q": q, "count": 5}, "numbered"),
    ("exa_search", lambda q: {"query": q, "num_results": 5, "type": "neural"}, "json"),
    ("search", lambda q: {"query": q, "engine": "bing"}, "markdown"),
    ("web_search", lambda q: {"search_query": q, "recency_days": 365}, "json"),
]
FETCH_TOOLS: list[tuple[str, Callable[[str], dict[str, Any]]]] = [
    ("fetch_url", lambda u: {"url": u}),
    ("tavily_extract", lambda u: {"urls": [u]}),
    ("browse", lambda u: {"url": u, "mode": "text"}),
    ("web_fetch", lambda u: {"url": u, "prompt": "Extract the relevant facts"}),
    ("read_page", lambda u: {"link": u}),
    ("fetch_url", lambda u: {"url": u, "max_chars": 8000}),
    ("fetch", lambda u: {"url": u}),
]


def format_results(rng: random.Random, style: str, pages: list[Page]) -> str:
    picked = [(u, t, rng.choice(snips)) for u, t, snips in pages]
    if style == "json":
        return json.dumps(
            {
                "results": [
                    {
                        "title": t,
                        "url": u,
                        "content": s,
                        "score": round(0.9 - 0.07 * n - rng.random() * 0.03, 3),
                    }
                    for n, (u, t, s) in enumerate(picked)
                ]
            },
            ensure_ascii=False,
        )
    if style == "markdown":
        return "\n\n".join(f"### [{t}]({u})\n{s}" for u, t, s in picked)
    return "\n".join(f"{n}. {t}\n   {u}\n   {s}" for n, (u, t, s) in enumerate(picked, start=1))


def overlapping_pages(rng: random.Random, topic: dict[str, Any], i: int) -> list[Page]:
    pages: list[Page] = list(topic["pages"])
    rng.shuffle(pages)
    keep = pages[: max(3, len(pages) - rng.randrange(2))]
    if i % 3 == 2:
        keep.insert(rng.randrange(len(keep) + 1), topic["junk"])
    return keep


def gen_paraphrased_search(rng: random.Random, index: int) -> dict[str, Any]:
    topic = SEARCH_TOPICS[index]
    tool, make_args, style = SEARCH_TOOLS[index]
    fetch_tool, fetch_args = FETCH_TOOLS[index]
    s = Session(rng, topic["user"])
    healthy_prefix = index % 2 == 1
    if healthy_prefix:
        s.turn(
            "Before searching, let me check whether we already noted this.",
            [
                (
                    "read_file",
                    {"path": "research/notes.md"},
                    "# Notes\n\n(no entry for this question yet)",
                    False,
                )
            ],
        )
    queries = topic["queries"]
    first_url = topic["pages"][0][0]
    s.turn(
        f"Searching for: {queries[0]}",
        [(tool, make_args(queries[0]), format_results(rng, style, topic["pages"]), False)],
    )
    s.turn(
        "The first result looks official; opening it.",
        [(fetch_tool, fetch_args(first_url), topic["fetch_text"], False)],
    )
    plans = [
        "That page doesn't give it. Let me rephrase the search.",
        "Not there either. I'll try a more specific query.",
        "Let me search with different wording; the answer must be somewhere.",
        "Re-planning: maybe a datasheet or official table will show up with other keywords.",
        "Trying another angle on the same question.",
        "I'll refine the query once more.",
    ]
    fetch_turns = {1, 3, 5}
    page_cycle = [p[0] for p in topic["pages"][1:]] + [topic["junk"][0]]
    for i, q in enumerate(queries[1:], start=1):
        s.turn(
            plans[(i - 1) % len(plans)] + f" Query: {q}",
            [(tool, make_args(q), format_results(rng, style, overlapping_pages(rng, topic, i)), False)],
            fresh=False,
        )
        if i in fetch_turns:
            url = page_cycle[(i // 2) % len(page_cycle)]
            snippet = next((rng.choice(sn) for u, _t, sn in [*topic["pages"], topic["junk"]] if u == url), "")
            s.turn(
                rng.choice(["Opening this one.", "Let me read this page.", "Maybe this one has it."]),
                [(fetch_tool, fetch_args(url), f"{snippet}\n\n(no further details on this page)", False)],
                fresh=False,
            )
    s.turn("I couldn't find an authoritative answer; here is what the sources do say.")
    onset = s.third_fruitless()
    return scenario(
        f"blind3-loop-search-paraphrase-{topic['slug']}",
        f"{tool} called with rephrasings of one question; the same pages come back reordered, fetches add nothing.",
        s,
        loop_label(
            ["same_tool"],
            onset,
            "the first search and the first fetch are informative; from then on each query is a rephrasing "
            "of the same question, results are the same pages reordered with other snippets (now and then "
            f"one low-value page), and the fetches bring nothing new; step {onset} is the third fruitless "
            "step in a row.",
        ),
    )


# ---------------------------------------------------------------------------------------------
# Loop family 3: restated intent
# ---------------------------------------------------------------------------------------------


def gen_narration_logs(rng: random.Random) -> dict[str, Any]:
    s = Session(rng, "Checkout is returning 502s since this morning's deploy. Find the root cause.")
    intent = "I'll check the logs of the payments service to find the root cause of the 502s."
    productive = [
        (
            "kubectl get pods -n shop",
            "NAME                         READY   STATUS    RESTARTS   AGE\ncheckout-7d9f8c6b5-x2k4p    1/1     Running   0          3h\npayments-5c6d7f9b8-q8w2n    0/1     CrashLoopBackOff   14   3h\ngateway-6b8c9d7f5-m3n7v     1/1     Running   0          3h",
        ),
        (
            "kubectl logs payments-5c6d7f9b8-q8w2n -n shop --tail=20",
            "2026-09-12T08:14:02Z INFO starting payments v2.31.0\n2026-09-12T08:14:03Z ERROR config: env PAYMENTS_DB_URL not set\npanic: missing required configuration\n\ngoroutine 1 [running]:\nmain.mustConfig(...)\n\t/app/cmd/payments/main.go:58",
        ),
    ]
    s.turn(
        "I'll check the pods in the shop namespace first to see what is failing.",
        [("bash", {"command": productive[0][0]}, productive[0][1], False)],
    )
    s.turn(
        "I'll check the logs of the payments pod, which is crash-looping.",
        [("bash", {"command": productive[1][0]}, productive[1][1], False)],
    )
    s.turn(
        "I'll check the deployment's env to see why PAYMENTS_DB_URL is missing.",
        [
            (
                "bash",
                {
                    "command": "kubectl get deploy payments -n shop -o jsonpath='{.spec.template.spec.containers[0].envFrom}'"
                },
                '[{"secretRef":{"name":"payments-db"}}]',
                False,
            )
        ],
    )
    empty = [
        ("kubectl logs payments-5c6d7f9b8-q8w2n -n shop --previous --tail=50 | grep -i secret", ""),
        ("kubectl logs payments-5c6d7f9b8-q8w2n -n shop --since=1h | grep -i 'db_url'", ""),
        ("kubectl logs deploy/payments -n shop --tail=200 | grep -iE 'secret|vault'", ""),
        ("kubectl logs payments-5c6d7f9b8-q8w2n -n shop --tail=500 | grep -c ERROR", "0"),
        ("kubectl logs deploy/payments -n shop --since=3h | grep -i 'payments-db'", ""),
    ]
    narr = [
        intent,
        "I'll check the payments service logs again to find the root cause.",
        "Let me check the logs of the payments service to find what causes the 502s.",
        "I'll look at the payments logs once more to find the root cause of the 502 errors.",
        "I'll check the payments service logs to find the root cause.",
    ]
    for n, (cmd, out) in enumerate(empty):
        s.turn(narr[n], [("bash", {"command": cmd}, out, False)], fresh=n == 0)
    s.turn("I haven't found more in the logs. The payments pod fails on a missing PAYMENTS_DB_URL.")
    onset = s.third_fruitless()
    return scenario(
        "blind3-loop-narration-payments-logs",
        "After a productive stretch with similar narration, the agent keeps restating 'check the payments logs' over empty greps.",
        s,
        loop_label(
            ["narration", "same_tool"],
            onset,
            "steps 1-3 use the same 'I'll check ...' narration but each call brings new facts (crash-looping pod, "
            "missing env, secretRef). From step 4 the same intent is restated over greps that return nothing; "
            f"step {onset} is the third restatement in a row with nothing new.",
        ),
    )


def gen_narration_order(rng: random.Random) -> dict[str, Any]:
    s = Session(
        rng,
        "Hi, my order hasn't arrived and I'd like to know where it is. Email is dana.k@example.org.",
        system="You are a customer support agent for Northwind Outdoor.",
    )
    s.turn(
        "Let me look up your account.",
        [
            (
                "find_user_by_email",
                {"email": "dana.k@example.org"},
                '{"user_id": "u_48213", "name": "Dana Kovacs"}',
                False,
            )
        ],
    )
    s.turn(
        "Let me look up your recent orders.",
        [
            (
                "list_orders",
                {"user_id": "u_48213"},
                '{"orders": [{"order_id": "W-20931", "status": "shipped", "placed": "2026-09-02"}]}',
                False,
            )
        ],
    )
    s.turn(
        "Let me look up the shipment details for that order.",
        [
            (
                "get_order",
                {"order_id": "W-20931"},
                '{"order_id": "W-20931", "status": "shipped", "carrier": "PostNord", "tracking": "PN7731190042SE", "items": [{"sku": "TENT-2P", "qty": 1}]}',
                False,
            )
        ],
    )
    tracking = '{"tracking": "PN7731190042SE", "events": [], "message": "No tracking events yet"}'
    lines: list[tuple[str, dict[str, Any]]] = [
        ("Let me look up the tracking status for your shipment.", {"tracking_number": "PN7731190042SE"}),
        (
            "Let me look up where your package currently is.",
            {"tracking_number": "PN7731190042SE", "carrier": "postnord"},
        ),
        (
            "Let me look up the latest tracking status for your shipment.",
            {"tracking_number": "PN7731190042SE", "refresh": True},
        ),
        (
            "Let me look up the current tracking status of your package.",
            {"tracking_number": "pn7731190042se"},
        ),
        (
            "Let me look up your shipment's tracking status once more.",
            {"tracking_number": "PN7731190042SE", "carrier": "PostNord"},
        ),
    ]
    for n, (text, args) in enumerate(lines):
        s.turn(text, [("track_shipment", args, tracking, False)], fresh=n == 0)
    s.turn("I'm sorry, the carrier has no tracking events yet. I'll escalate this to our logistics team.")
    onset = s.third_fruitless()
    return scenario(
        "blind3-loop-narration-support-tracking",
        "Support agent restates 'let me look up the tracking status' while every lookup returns no events.",
        s,
        loop_label(
            ["narration", "same_tool"],
            onset,
            "the first three 'Let me look up ...' steps each bring new data (user, order, carrier). From step 4 the "
            "agent restates the same intent with cosmetic argument changes and gets 'No tracking events yet' each "
            f"time; step {onset} is the third fruitless restatement.",
        ),
    )


def gen_narration_sql(rng: random.Random) -> dict[str, Any]:
    s = Session(
        rng, "Why did weekly active users drop in the week of 2026-08-17? Use the analytics warehouse."
    )
    s.turn(
        "I'll query the events table to compare WAU by platform for that week and the week before.",
        [
            (
                "run_sql",
                {
                    "sql": "SELECT platform, week, wau FROM metrics.wau_by_platform WHERE week IN ('2026-08-10','2026-08-17') ORDER BY platform, week"
                },
                "platform | week       | wau\nandroid  | 2026-08-10 | 412,880\nandroid  | 2026-08-17 | 401,112\nios      | 2026-08-10 | 298,004\nios      | 2026-08-17 | 221,573\nweb      | 2026-08-10 | 133,920\nweb      | 2026-08-17 | 135,201\n(6 rows)",
                False,
            )
        ],
    )
    intents = [
        "The drop is on iOS. I'll query the events to find which iOS app version lost users.",
        "I'll query the events to find which iOS version lost the users.",
        "I'll run a query to find which iOS app version is responsible for the drop.",
        "I'll query the events table to find the iOS version that lost users.",
        "Let me query the events to find which iOS app version lost users.",
    ]
    sqls = [
        "SELECT app_version, COUNT(DISTINCT user_id) FROM events.sessions WHERE platform='iOS' AND week='2026-08-17' GROUP BY 1",
        "SELECT app_version, COUNT(DISTINCT user_id) AS users FROM events.sessions WHERE platform = 'iOS' AND week = '2026-08-17' GROUP BY app_version",
        "SELECT app_version, COUNT(DISTINCT user_id) FROM events.sessions WHERE platform ILIKE 'ios' AND week='2026-08-17' GROUP BY 1 ORDER BY 2 DESC",
        "SELECT s.app_version, COUNT(DISTINCT s.user_id) FROM events.sessions s WHERE s.platform='iOS' AND s.week='2026-08-17' GROUP BY 1",
        "SELECT app_version, COUNT(*) FROM events.sessions WHERE platform='iOS' AND week = DATE '2026-08-17' GROUP BY 1",
    ]
    for n, (text, sql) in enumerate(zip(intents, sqls, strict=True)):
        s.turn(text, [("run_sql", {"sql": sql}, "app_version | count\n(0 rows)", False)], fresh=n == 0)
    s.turn(
        "The sessions table has no rows for that week on iOS. I can't attribute the drop to a version from this data."
    )
    onset = s.third_fruitless()
    return scenario(
        "blind3-loop-narration-sql-ios-version",
        "Analyst restates 'query the events to find which iOS version lost users' over queries that all return 0 rows.",
        s,
        loop_label(
            ["narration", "same_tool"],
            onset,
            "step 1 finds the drop on iOS; the first version query (step 2) establishes that it returns 0 rows. "
            "Each later step restates the same intent with a cosmetically different query and the same empty "
            f"result; step {onset} is the third fruitless step in a row.",
        ),
    )


def gen_narration_textonly(rng: random.Random) -> dict[str, Any]:
    s = Session(
        rng,
        "Write the database migration that adds a `timezone` column to the users table, defaulting to UTC.",
    )
    s.turn(
        "Let me look at the existing migrations.",
        [
            (
                "list_dir",
                {"path": "db/migrations"},
                "0041_add_locale.sql\n0042_orders_index.sql\n0043_drop_legacy_tokens.sql",
                False,
            )
        ],
    )
    s.turn(
        "I'll read the latest one to follow its conventions.",
        [
            (
                "read_file",
                {"path": "db/migrations/0043_drop_legacy_tokens.sql"},
                "-- 0043: drop legacy tokens\nBEGIN;\nDROP TABLE IF EXISTS legacy_tokens;\nCOMMIT;\n",
                False,
            )
        ],
    )
    lines = [
        "Now I'll write migration 0044 that adds the timezone column with a UTC default.",
        "I'll now write the 0044 migration adding a `timezone` column defaulting to 'UTC'.",
        "Next I'll write migration 0044: add the timezone column to users with default UTC.",
        "Now I'll write the migration 0044 that adds timezone to the users table, default UTC.",
        "I'll write migration 0044 now, adding the timezone column with UTC as default.",
    ]
    for n, line in enumerate(lines):
        s.turn(line, fresh=n == 0)
    onset = s.third_fruitless()
    return scenario(
        "blind3-loop-narration-announce-no-action",
        "Agent announces it will write the migration, step after step, without ever calling a tool.",
        s,
        loop_label(
            ["narration"],
            onset,
            "after two useful reads, every reply restates the intent to write migration 0044 and does nothing; "
            f"step {onset} is the third such reply in a row.",
        ),
    )


# ---------------------------------------------------------------------------------------------
# Loop family 4: failure streak with rewritten code
# ---------------------------------------------------------------------------------------------

CODE_FAILURES: list[dict[str, Any]] = [
    {
        "slug": "python-keyerror-revenue",
        "tool": "python_exec",
        "key": "code",
        "user": "Load sales_q3.csv and give me revenue by region.",
        "snippets": [
            "import pandas as pd\ndf = pd.read_csv('sales_q3.csv')\nprint(df.groupby('region')['revenue'].sum())",
            "import pandas as pd\n\ndf = pd.read_csv('sales_q3.csv')\ntotals = df.groupby('region')['revenue'].sum()\nprint(totals.sort_values(ascending=False))",
            "import pandas as pd\ndf = pd.read_csv('sales_q3.csv', encoding='utf-8')\ndf['region'] = df['region'].str.strip()\nprint(df.groupby('region')['revenue'].sum())",
            "import pandas as pd\ndf = pd.read_csv('sales_q3.csv')\nresult = df.groupby(by='region')['revenue'].agg('sum')\nprint(result)",
            "import pandas as pd\ndf = pd.read_csv('sales_q3.csv', sep=',')\nprint(df.groupby('region', dropna=False)['revenue'].sum().round(2))",
        ],
        "error": 'Traceback (most recent call last):\n  File "<exec>", line {line}, in <module>\n  File "/usr/lib/python3.11/site-packages/pandas/core/groupby/generic.py", line 1951, in __getitem__\n    return super().__getitem__(key)\nKeyError: \'Column not found: revenue\'',
        "lines": [3, 4, 4, 3, 3],
        "first": "import pandas as pd\ndf = pd.read_csv('sales_q3.csv')\nprint(df.head())",
        "first_out": "   order_id region     product  net_revenue_eur\n0     10231  North     Anchor        1290.00\n1     10232  South     Harbor         845.50",
    },
    {
        "slug": "bash-python-syntaxerror",
        "tool": "bash",
        "key": "command",
        "user": "Count how many lines in access.log have status 500, per hour.",
        "snippets": [
            "python3 -c \"import re,collections; c=collections.Counter(); for l in open('access.log'): m=re.search(r'\\[(\\d+/\\w+/\\d+:\\d+)', l); c[m.group(1)]+= ' 500 ' in l; print(c)\"",
            "python3 -c \"import re, collections; c = collections.Counter(); for line in open('access.log'): c[line[13:27]] += ' 500 ' in line; print(dict(c))\"",
            "python3 -c \"import collections; c=collections.Counter(); for l in open('access.log'):\\n  c[l.split('[')[1][:14]] += (' 500 ' in l)\\nprint(c)\"",
            "python3 -c \"from collections import Counter; c = Counter(); for l in open('access.log'): c[l[13:27]] += 1 if ' 500 ' in l else 0; print(c)\"",
            "python3 -c \"import collections;c=collections.Counter();for l in open('access.log'): c[l[13:27]]+=(' 500 ' in l);print(c.most_common())\"",
        ],
        "error": "  File \"<string>\", line 1\n    import re, collections; c = collections.Counter(); for line in open('access.log'): ...\n                                                        ^^^\nSyntaxError: invalid syntax",
        "lines": [1, 1, 1, 1, 1],
        "first": "head -3 access.log",
        "first_out": '10.0.4.17 - - [12/Sep/2026:08:01:12 +0000] "GET /api/cart HTTP/1.1" 200 512\n10.0.4.22 - - [12/Sep/2026:08:01:13 +0000] "POST /api/pay HTTP/1.1" 500 87\n10.0.4.17 - - [12/Sep/2026:08:01:15 +0000] "GET /api/cart HTTP/1.1" 200 498',
    },
    {
        "slug": "jupyter-typeerror-date",
        "tool": "execute_code",
        "key": "source",
        "user": "Compute the median days between signup and first purchase from customers.parquet.",
        "snippets": [
            "import pandas as pd\ndf = pd.read_parquet('customers.parquet')\ndelta = df['first_purchase'] - df['signup_date']\nprint(delta.dt.days.median())",
            "import pandas as pd\ndf = pd.read_parquet('customers.parquet')\ndf = df.dropna(subset=['first_purchase'])\ndelta = df['first_purchase'] - df['signup_date']\nprint(delta.dt.days.median())",
            "import pandas as pd\ndf = pd.read_parquet('customers.parquet')\ndelta = (df.first_purchase - df.signup_date)\nprint(int(delta.dt.days.median()))",
            "import pandas as pd\ndf = pd.read_parquet('customers.parquet')\nsignup = df['signup_date']\ndelta = df['first_purchase'] - signup\nprint(delta.dt.days.median())",
            "import pandas as pd\ndf = pd.read_parquet('customers.parquet')\ndelta = df['first_purchase'].sub(df['signup_date'])\nprint(delta.dt.days.median())",
        ],
        "error": "---------------------------------------------------------------------------\nTypeError                                 Traceback (most recent call last)\nCell In[{cell}], line {line}\n----> {line} delta = df['first_purchase'] - df['signup_date']\n\nTypeError: unsupported operand type(s) for -: 'str' and 'str'",
        "lines": [3, 4, 3, 4, 3],
        "first": "import pandas as pd\ndf = pd.read_parquet('customers.parquet')\nprint(df.dtypes)",
        "first_out": "customer_id        int64\nsignup_date       object\nfirst_purchase    object\ncountry           object\ndtype: object",
    },
    {
        "slug": "node-undefined-map",
        "tool": "run_javascript",
        "key": "script",
        "user": "Using the GitHub API response in repos.json, list repo names sorted by stars.",
        "snippets": [
            "const data = require('./repos.json');\nconst names = data.items.map(r => [r.name, r.stargazers_count]);\nconsole.log(names.sort((a, b) => b[1] - a[1]));",
            "const data = require('./repos.json');\nconst rows = data.items.map((repo) => ({ name: repo.name, stars: repo.stargazers_count }));\nrows.sort((a, b) => b.stars - a.stars);\nconsole.log(rows);",
            "const fs = require('fs');\nconst data = JSON.parse(fs.readFileSync('repos.json', 'utf8'));\nconsole.log(data.items.map(r => r.name));",
            "const data = require('./repos.json');\nconst sorted = [...data.items].sort((a, b) => b.stargazers_count - a.stargazers_count);\nconsole.log(sorted.map(r => r.name));",
            "const data = require('./repos.json');\nconsole.log(data.items.map(r => `${r.name} ${r.stargazers_count}`).join('\\n'));",
        ],
        "error": "/sandbox/main.js:{line}\nTypeError: Cannot read properties of undefined (reading 'map')\n    at Object.<anonymous> (/sandbox/main.js:{line}:32)\n    at Module._compile (node:internal/modules/cjs/loader:1358:14)\n\nNode.js v20.15.0",
        "lines": [2, 2, 3, 2, 2],
        "first": "const data = require('./repos.json');\nconsole.log(Object.keys(data), Array.isArray(data));",
        "first_out": "[ '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', ... 20 more items ] true",
    },
]

APOLOGIES = [
    "Sorry about that, let me fix the code.",
    "Apologies, I made an error. Here's a corrected version.",
    "My mistake. Rewriting the snippet.",
    "I apologize for the error; let me restructure it.",
    "Sorry, that failed again. Trying a cleaner version.",
]


def gen_code_failure(rng: random.Random, spec: dict[str, Any]) -> dict[str, Any]:
    s = Session(rng, spec["user"])
    tool, key = spec["tool"], spec["key"]
    s.turn("Let me inspect the data first.", [(tool, {key: spec["first"]}, spec["first_out"], False)])
    for n, (snippet, line) in enumerate(zip(spec["snippets"], spec["lines"], strict=True)):
        text = "Now the computation." if n == 0 else APOLOGIES[(n - 1) % len(APOLOGIES)]
        error = spec["error"].format(line=line, cell=n + 3)
        s.turn(text, [(tool, {key: snippet}, error, True)], fresh=n == 0)
    onset = s.third_fruitless()
    return scenario(
        f"blind3-loop-codefail-{spec['slug']}",
        f"{tool} fails with the same error at the same spot while the model apologises and rewrites the snippet.",
        s,
        loop_label(
            ["error_streak"],
            onset,
            "the first failing run (step 2) is informative, but the model never addresses the cause the "
            "inspection already showed; each rewrite fails with the same error at the same statement; "
            f"step {onset} is the third fruitless failure in a row.",
        ),
    )


# ---------------------------------------------------------------------------------------------
# Loop family 5: schema misuse
# ---------------------------------------------------------------------------------------------

SCHEMA_MISUSE: list[dict[str, Any]] = [
    {
        "slug": "create-ticket-unexpected-param",
        "tool": "create_ticket",
        "user": "Open a P1 ticket for the login outage and assign it to the SRE on call.",
        "attempts": [
            {"title": "Login outage", "priority_level": "P1", "assignee": "sre-oncall"},
            {"title": "Login outage (all regions)", "priority_level": "p1", "assignee": "sre-oncall"},
            {
                "title": "Login outage",
                "priority_level": 1,
                "assignee": "sre-oncall",
                "description": "Users cannot log in",
            },
            {"title": "Login outage - P1", "priority_level": "P1", "assignee": "sre_oncall"},
            {"title": "Login outage", "priority_level": "P1", "assignee": "sre-oncall", "team": "SRE"},
        ],
        "error": lambda a: (
            "ValidationError: create_ticket() got an unexpected keyword argument 'priority_level' (allowed: title, description, priority, assignee, labels)"
        ),
    },
    {
        "slug": "get-order-missing-id",
        "tool": "get_order",
        "user": "Can you check on order #88412? It says delivered but I never got it.",
        "attempts": [
            {"orderId": "88412"},
            {"order": "#88412"},
            {"orderId": 88412},
            {"id": "88412"},
            {"order_number": "88412"},
        ],
        "error": lambda a: json.dumps(
            {
                "error": "invalid_arguments",
                "message": "missing required parameter: order_id",
                "received": sorted(a),
            }
        ),
    },
    {
        "slug": "edit-tool-bad-command",
        "tool": "str_replace_based_edit_tool",
        "user": "In src/config.py change the default timeout from 30 to 60 seconds.",
        "attempts": [
            {
                "command": "edit",
                "path": "src/config.py",
                "old_str": "TIMEOUT = 30",
                "new_str": "TIMEOUT = 60",
            },
            {
                "command": "edit",
                "path": "/repo/src/config.py",
                "old_str": "TIMEOUT = 30",
                "new_str": "TIMEOUT = 60",
            },
            {
                "command": "replace",
                "path": "src/config.py",
                "old_str": "TIMEOUT = 30",
                "new_str": "TIMEOUT = 60",
            },
            {
                "command": "edit",
                "path": "src/config.py",
                "old_str": "TIMEOUT = 30\n",
                "new_str": "TIMEOUT = 60\n",
            },
            {
                "command": "update",
                "path": "src/config.py",
                "old_str": "TIMEOUT = 30",
                "new_str": "TIMEOUT = 60",
            },
        ],
        "error": lambda a: (
            f"Unrecognized command {a['command']}. The allowed commands for the str_replace_based_edit_tool tool are: view, create, str_replace, insert"
        ),
    },
    {
        "slug": "send-email-validation",
        "tool": "send_email",
        "user": "Email the Q3 summary to finance@contoso.example and cc me (lee@contoso.example).",
        "attempts": [
            {
                "to": "finance@contoso.example",
                "cc": "lee@contoso.example",
                "subject": "Q3 summary",
                "body": "Hi all, attached is the Q3 summary.",
            },
            {
                "to": "finance@contoso.example",
                "cc": "lee@contoso.example",
                "subject": "Q3 Summary",
                "body": "Hello, please find the Q3 summary below.",
            },
            {
                "to": "finance@contoso.example",
                "cc": ["lee@contoso.example"],
                "subject": "Q3 summary",
                "body": "Q3 summary below.",
            },
            {
                "to": " finance@contoso.example",
                "cc": ["lee@contoso.example"],
                "subject": "Q3 summary report",
                "body": "Hi, here is the Q3 summary.",
            },
            {
                "to": "finance@contoso.example",
                "cc": ["lee@contoso.example"],
                "subject": "Q3 summary",
                "body": "Summary for Q3 attached.",
                "html": False,
            },
        ],
        "error": lambda a: (
            "1 validation error for SendEmailInput\nto\n  Input should be a valid list [type=list_type, input_value='"
            + str(a["to"])
            + "', input_type=str]"
        ),
    },
]


def gen_schema_misuse(rng: random.Random, spec: dict[str, Any]) -> dict[str, Any]:
    s = Session(rng, spec["user"])
    texts = [
        "On it.",
        "Let me adjust the arguments and retry.",
        "That didn't work; trying a slightly different format.",
        "Retrying with corrected values.",
        "One more try with the arguments tidied up.",
    ]
    for n, args in enumerate(spec["attempts"]):
        s.turn(texts[n], [(spec["tool"], args, spec["error"](args), True)], fresh=n == 0)
    s.turn("I'm unable to complete this with the tool right now.")
    onset = s.third_fruitless()
    return scenario(
        f"blind3-loop-schema-{spec['slug']}",
        f"{spec['tool']} keeps failing with the same argument/validation error under trivially different arguments.",
        s,
        loop_label(
            ["error_streak", "same_tool"],
            onset,
            "the first error names exactly what is wrong; every retry changes only cosmetic values and keeps the "
            f"offending argument, so the same kind of error returns; step {onset} is the third fruitless retry.",
        ),
    )


# ---------------------------------------------------------------------------------------------
# Loop family 6: classic shapes
# ---------------------------------------------------------------------------------------------


def gen_identical_flights(rng: random.Random) -> dict[str, Any]:
    s = Session(
        rng,
        "Book me the cheapest direct flight from Lisbon to Reykjavik on 2026-11-03.",
        system="You are an airline booking assistant.",
    )
    s.turn(
        "Let me confirm the airport codes.",
        [
            (
                "list_all_airports",
                {},
                '[{"iata": "LIS", "city": "Lisbon"}, {"iata": "KEF", "city": "Reykjavik"}, {"iata": "OPO", "city": "Porto"}]',
                False,
            )
        ],
    )
    args = {"origin": "LIS", "destination": "KEF", "date": "2026-11-03"}
    texts = [
        "Searching direct flights.",
        "Let me search again.",
        "Searching once more for direct flights.",
        "Checking direct flights again.",
        "Let me try the search again.",
    ]
    for n, text in enumerate(texts):
        s.turn(text, [("search_direct_flight", dict(args), "[]", False)], fresh=n == 0)
    s.turn("There are no direct flights on that date.")
    return scenario(
        "blind3-loop-classic-identical-empty-flights",
        "search_direct_flight repeated with identical arguments after an empty result.",
        s,
        loop_label(
            ["identical_call"],
            4,
            "the search at step 2 returns []; steps 3-6 repeat the identical call and get [] again; step 4 is the third identical call.",
        ),
    )


def gen_identical_grep(rng: random.Random) -> dict[str, Any]:
    s = Session(rng, "Where is initTelemetry called? I want to disable it in tests.")
    s.turn(
        "Let me look at the project layout.",
        [
            (
                "Glob",
                {"pattern": "src/**/*.ts"},
                "src/index.ts\nsrc/telemetry/init.ts\nsrc/server.ts\nsrc/routes/health.ts",
                False,
            )
        ],
    )
    s.turn(
        "Searching for call sites.",
        [
            (
                "Grep",
                {"pattern": "initTelemetry\\(", "path": "src", "output_mode": "content"},
                "src/telemetry/init.ts:12:export function initTelemetry(opts: TelemetryOptions) {",
                False,
            )
        ],
    )
    g = {"pattern": "initTelemetry\\(", "path": "test", "output_mode": "content"}
    for n in range(4):
        s.turn(
            [
                "Now in the tests folder.",
                "Let me search the tests again.",
                "Searching the tests once more.",
                "Searching again.",
            ][n],
            [("Grep", dict(g), "No matches found", False)],
            fresh=n == 0,
        )
    s.turn("initTelemetry is only defined in src/telemetry/init.ts and not called from tests.")
    return scenario(
        "blind3-loop-classic-identical-grep-nomatch",
        "Grep with identical arguments repeated after 'No matches found'.",
        s,
        loop_label(
            ["identical_call"],
            5,
            "step 3 greps test/ and finds nothing; steps 4-6 repeat the identical call; step 5 is the third identical call.",
        ),
    )


def gen_alternation(rng: random.Random) -> dict[str, Any]:
    s = Session(rng, "Deploy the staging stack with `make deploy ENV=staging`.")
    s.turn(
        "Let me check the Makefile target.",
        [
            (
                "bash",
                {"command": "grep -n 'deploy:' -A4 Makefile"},
                "41:deploy:\n42:\tterraform -chdir=infra/$(ENV) apply -auto-approve\n43:\t./scripts/smoke.sh $(ENV)",
                False,
            )
        ],
    )
    cfg = "region: eu-north-1\ncluster: stg-1\nreplicas: 2\nimage_tag: 2026.09.11-3\n"
    err = 'terraform -chdir=infra/staging apply -auto-approve\n╷\n│ Error: No valid credential sources found\n│ \n│   with provider["registry.terraform.io/hashicorp/aws"],\n│   on providers.tf line 1, in provider "aws":\n╵\nmake: *** [Makefile:42: deploy] Error 1'
    for n in range(4):
        s.turn(
            [
                "Reading the staging config.",
                "Config looks fine. Deploying.",
                "Let me re-check the staging config.",
                "Config unchanged. Deploying again.",
            ][n % 4],
            [("read_file", {"path": "infra/staging/config.yaml"}, cfg, False)]
            if n % 2 == 0
            else [("bash", {"command": "make deploy ENV=staging"}, err, True)],
            fresh=n < 2,
        )
    s.turn(
        "Reading the config once more.",
        [("read_file", {"path": "infra/staging/config.yaml"}, cfg, False)],
        fresh=False,
    )
    s.turn("Deploying again.", [("bash", {"command": "make deploy ENV=staging"}, err, True)], fresh=False)
    s.turn("The deploy fails on missing AWS credentials; please configure a profile.")
    return scenario(
        "blind3-loop-classic-alternation-config-deploy",
        "read_file config / make deploy alternate with unchanged results (A/B/A/B).",
        s,
        loop_label(
            ["alternation", "identical_call"],
            5,
            "the A/B cycle (read the same config, run the same failing deploy) starts at step 2 and both results never change, so the cycle is unambiguous at step 5 (s+3).",
        ),
    )


def gen_degenerate(rng: random.Random) -> dict[str, Any]:
    s = Session(rng, "Summarise the incident timeline from the postmortem doc for the weekly update.")
    s.turn(
        "Reading the postmortem.",
        [
            (
                "read_file",
                {"path": "docs/postmortems/2026-09-04-dns.md"},
                "# DNS outage 2026-09-04\n\n- 09:12 alerts fire for elevated 5xx\n- 09:18 on-call identifies resolver timeouts\n- 09:41 rollback of resolver config\n- 10:05 full recovery\n\nRoot cause: a TTL change pushed with a typo.",
                False,
            )
        ],
    )
    unit = "The resolver config was rolled back and service recovered. "
    text = (
        "Incident summary (2026-09-04 DNS outage):\n\n- 09:12 alerts fired for elevated 5xx\n- 09:18 resolver timeouts identified\n- 09:41 "
        + unit * 38
    )
    s.turn(text.rstrip())
    return scenario(
        "blind3-loop-classic-degenerate-summary",
        "A summary reply collapses into one sentence repeated dozens of times.",
        s,
        loop_label(
            ["degenerate_text"], 2, "the reply at step 2 starts sensibly, then repeats one sentence 38 times."
        ),
    )


# ---------------------------------------------------------------------------------------------
# Healthy: delegation
# ---------------------------------------------------------------------------------------------


def gen_h_delegate_subtasks(rng: random.Random) -> dict[str, Any]:
    s = Session(
        rng,
        "Prepare a due-diligence pack on Corvid Robotics: financials, leadership, patents, litigation, and customers.",
    )
    tasks = [
        (
            "financials",
            "Collect Corvid Robotics' revenue and funding history.",
            "Revenue: $38.4m (FY2025, audited, annual report p. 4). Funding: Seed $3m (2019), Series A $21m (2021, led by Northgate), Series B $60m (2024, led by Halcyon Ventures).",
        ),
        (
            "leadership",
            "List the current executive team of Corvid Robotics with start dates.",
            "CEO Amara Okafor (since 2019, co-founder); CTO Jonas Lindqvist (2019, co-founder); CFO Priya Raman (joined 2023 from Zebra Logistics); VP Sales Tomás Ibáñez (2024).",
        ),
        (
            "patents",
            "Find granted patents assigned to Corvid Robotics.",
            "5 granted US patents: US 11,482,907 (gripper compliance), US 11,603,114, US 11,790,221, US 12,004,518, US 12,118,330 (fleet path planning). 3 EP applications pending.",
        ),
        (
            "litigation",
            "Search for any litigation involving Corvid Robotics.",
            "One closed case: Pickwell Inc. v. Corvid Robotics (D. Del. 2022), patent dispute settled March 2023, terms undisclosed. No open cases found on PACER or CourtListener.",
        ),
        (
            "customers",
            "Identify named customers of Corvid Robotics.",
            "Named in press releases: Hallmark Freight (2022 pilot, 2023 rollout), Norrland Grocers (2024), and DHL Supply Chain Benelux (2025 pilot).",
        ),
    ]
    style = rng.choice(["Task", "run_subagent"])
    for name, brief, report in tasks:
        args: dict[str, Any] = (
            {"description": f"DD: {name}", "prompt": brief, "subagent_type": "researcher"}
            if style == "Task"
            else {"agent": "researcher", "instructions": brief}
        )
        s.turn(f"Delegating the {name} section.", [(style, args, report, False)])
    s.turn("Here's the due-diligence pack, one section per area, with sources as reported.")
    s.assert_no_fruitless_run()
    return scenario(
        "blind3-healthy-delegate-dd-sections",
        f"Orchestrator delegates five different due-diligence sub-tasks via {style} with templated narration.",
        s,
        healthy_label(
            "Same tool and the same 'Delegating the X section' narration, but every brief asks about a different subject and every report is new. Not a loop."
        ),
    )


def gen_h_delegate_followup(rng: random.Random) -> dict[str, Any]:
    s = Session(
        rng,
        "What's the European heat-pump market size? And what's driving it? Then who are the leading vendors?",
    )
    t = "handoff_to_researcher"
    s.turn(
        "First the market size.",
        [
            (
                t,
                {
                    "task": "Find the size of the European heat-pump market in 2023 (revenue and units), with sources."
                },
                "2023: about 3.0 million units sold across 21 countries (EHPA Market Report 2024), down 5% from 2022; revenue estimated at €14.2 bn.",
                False,
            )
        ],
    )
    s.turn(
        "Now a follow-up on the same market: the drivers.",
        [
            (
                t,
                {
                    "task": "For the European heat-pump market, what drove growth 2020-2022 and what caused the 2023 slowdown? Cite sources."
                },
                "Drivers 2020-22: gas price spike after 2021, REPowerEU targets, national subsidies (Germany BEG, Italy Superbonus). 2023 slowdown: falling gas prices, subsidy uncertainty in Germany (GEG debate), high interest rates (IEA, EHPA).",
                False,
            )
        ],
    )
    s.turn(
        "And the leading vendors, still the same market.",
        [
            (
                t,
                {
                    "task": "Which vendors lead the European heat-pump market by share? Give approximate shares and source."
                },
                "Top vendors by unit share (BSRIA 2023 estimate): Daikin ~17%, Bosch ~9%, Vaillant ~8%, NIBE ~8%, Mitsubishi Electric ~7%.",
                False,
            )
        ],
    )
    s.turn("Here is the combined answer: size, drivers and vendors.")
    s.assert_no_fruitless_run()
    return scenario(
        "blind3-healthy-delegate-followup-same-subject",
        "Three hand-offs on the same subject, each asking a genuinely new question with a new answer.",
        s,
        healthy_label(
            "Every hand-off concerns the European heat-pump market, but each asks a different question (size, drivers, vendors) and gets new content. Not a re-delegation loop."
        ),
    )


def gen_h_redelegate_success(rng: random.Random) -> dict[str, Any]:
    s = Session(rng, "Get me the 2025 annual ridership of the Oslo metro, with the source.")
    t = "run_subagent"
    s.turn(
        "Delegating.",
        [
            (
                t,
                {
                    "agent": "researcher",
                    "instructions": "Find total 2025 ridership of the Oslo T-bane with a source.",
                },
                "I could not access ruter.no: every request returned HTTP 403 (bot protection). No figure found.",
                False,
            )
        ],
    )
    s.turn(
        "The researcher was blocked by the site. I'll re-delegate with a different route: the statistics office and the annual report PDF.",
        [
            (
                t,
                {
                    "agent": "researcher",
                    "instructions": "Ruter's website blocks bots. Instead use Statistics Norway (ssb.no) table 10484 or Ruter's annual report PDF mirrored on the Oslo kommune site. Find 2025 T-bane ridership.",
                },
                "Found it. Ruter Årsrapport 2025 (PDF, p. 17): T-bane 121.6 million boardings in 2025 (+4.1% vs 2024). SSB table 10484 confirms 121 million (rounded).",
                False,
            )
        ],
    )
    s.turn(
        "Good. One more, different question: bus ridership for the same year.",
        [
            (
                t,
                {
                    "agent": "researcher",
                    "instructions": "Using the same Ruter 2025 annual report, find Oslo bus boardings in 2025.",
                },
                "Ruter Årsrapport 2025 p. 17: bus 170.3 million boardings (+2.2%).",
                False,
            )
        ],
    )
    s.turn("Oslo metro 2025: 121.6 million boardings (Ruter annual report 2025, p. 17; SSB table 10484).")
    s.assert_no_fruitless_run()
    return scenario(
        "blind3-healthy-redelegate-after-failure-succeeds",
        "A failed research report is followed by one re-delegation with a new route, which succeeds.",
        s,
        healthy_label(
            "One re-delegation after a failed report (403) with a materially different brief; it brings the answer. The third delegation asks a new question. Not a loop."
        ),
    )


def gen_h_ask_experts(rng: random.Random) -> dict[str, Any]:
    s = Session(
        rng, "We're launching a paid browser extension in the EU next month. What do we need to check?"
    )
    qs = [
        (
            "legal",
            "What consumer-law obligations apply to selling a paid browser extension to EU consumers?",
            "Main points: 14-day withdrawal right for digital content unless the consumer expressly consents to immediate supply and acknowledges losing the right (CRD Art. 16(m)); pre-contract info; Digital Content Directive conformity duties.",
        ),
        (
            "tax",
            "How is VAT handled for selling a browser extension to EU consumers?",
            "Electronically supplied service: VAT at the customer's member-state rate. Register for the non-Union or Union OSS scheme; the €10,000 threshold only applies to EU-established sellers.",
        ),
        (
            "security",
            "What should a security review of the extension cover before release?",
            "Minimise permissions (avoid <all_urls>), CSP without unsafe-eval, no remote code (Manifest V3 forbids it), review third-party libs, sign updates.",
        ),
        (
            "privacy",
            "Which GDPR duties apply if the extension sends page URLs to our server?",
            "URLs can be personal data: need a lawful basis, privacy notice, DPA with hosting processor, data minimisation (hash or truncate), and a DPIA if browsing profiles are built.",
        ),
    ]
    tool = "ask_expert"
    for expert, q, a in qs:
        s.turn(f"Asking the {expert} expert.", [(tool, {"expert": expert, "question": q}, a, False)])
    s.turn("Checklist: consumer law, VAT/OSS, security review, GDPR. Details per area below.")
    s.assert_no_fruitless_run()
    return scenario(
        "blind3-healthy-ask-experts-fanout",
        "ask_expert called for four different specialists with templated narration.",
        s,
        healthy_label(
            "Repeated tool and narration template, but four different experts, questions and answers. Not a loop."
        ),
    )


def gen_h_parallel_spawn(rng: random.Random) -> dict[str, Any]:
    s = Session(
        rng,
        "Compare the onboarding flows of Linear, Height and Plane. I want screenshots described step by step.",
    )
    apps = {
        "Linear": "1. Sign in with Google. 2. Create workspace (name, URL). 3. Invite teammates (skippable). 4. Pick a theme. 5. Guided 'create your first issue' tour. 6 screens total.",
        "Height": "1. Email magic link. 2. Workspace name. 3. Choose a template (Product, Marketing, Blank). 4. Import from Jira/Asana offered. 5. Lands on a sample list. 5 screens.",
        "Plane": "1. Email + password or GitHub. 2. Profile (name, role). 3. Workspace creation. 4. Create first project with identifier. 5. Invite members. 6. Empty state with quick-start checklist.",
    }
    calls: list[Call] = [
        (
            "spawn_agent",
            {
                "role": "ux-researcher",
                "goal": f"Walk through {app}'s onboarding as a new user and describe each screen.",
                "max_steps": 20,
            },
            out,
            False,
        )
        for app, out in apps.items()
    ]
    s.turn("I'll spawn three researchers in parallel, one per product.", calls)
    s.turn(
        "Now one more agent to check pricing pages mentioned during onboarding.",
        [
            (
                "spawn_agent",
                {
                    "role": "pricing-analyst",
                    "goal": "List the free-tier limits shown during onboarding for Linear, Height and Plane.",
                    "max_steps": 10,
                },
                "Linear free: 250 issues, 2 teams. Height free: up to 10 members. Plane free: 12 users, unlimited projects (cloud).",
                False,
            )
        ],
    )
    s.turn("Comparison table of the three onboarding flows, step by step, plus free-tier limits.")
    s.assert_no_fruitless_run()
    return scenario(
        "blind3-healthy-parallel-spawn-products",
        "A batch of three spawn_agent calls over different products, then a different follow-up.",
        s,
        healthy_label(
            "Three near-identical briefs in one batch, differing only in the product; each report is different. Fan-out, not a loop."
        ),
    )


# ---------------------------------------------------------------------------------------------
# Healthy: research
# ---------------------------------------------------------------------------------------------


def gen_h_verify_search(rng: random.Random, variant: int) -> dict[str, Any]:
    if variant == 0:
        tool, key, style = "web_search", "query", "numbered"
        user = "Is it true that the Øresund Bridge is 7,845 m long? Verify with two independent sources."
        first: list[Page] = [
            (
                "https://en.wikipedia.org/wiki/%C3%98resund_Bridge",
                "Øresund Bridge - Wikipedia",
                ["The bridge runs nearly 8 kilometres (5 miles), 7,845 m."],
            ),
            (
                "https://www.oresundsbron.com/en/info/facts",
                "Facts about the bridge | Øresundsbron",
                ["Bridge length 7,845 m; total link 16 km incl. tunnel."],
            ),
        ]
        q1, q2 = (
            "Øresund Bridge length metres",
            "Øresundsbron cable-stayed bridge length 7845 engineering journal",
        )
        second: list[Page] = [
            (
                "https://www.structurae.net/en/structures/oresund-bridge",
                "Øresund Bridge (Structurae)",
                ["Total length 7,845 m, main span 490 m."],
            ),
            (
                "https://www.ice.org.uk/what-is-civil-engineering/infrastructure-projects/oresund-link",
                "Øresund Link | ICE",
                ["The cable-stayed bridge is 7.8 km long with a 490 m main span."],
            ),
        ]
        fetch: tuple[str, dict[str, Any], str] = (
            "fetch_url",
            {"url": "https://www.oresundsbron.com/en/info/facts"},
            "Facts\n\nLength of bridge: 7,845 m\nMain span: 490 m\nPylon height: 204 m\nOpened: 1 July 2000",
        )
        answer = "Confirmed: 7,845 m (Øresundsbron facts page; Structurae; ICE)."
    else:
        tool, key, style = "tavily_search", "query", "json"
        user = "Find the boiling point of ethyl lactate and double-check it."
        first = [
            (
                "https://pubchem.ncbi.nlm.nih.gov/compound/Ethyl-lactate",
                "Ethyl lactate | PubChem",
                ["Boiling point 154 °C at 760 mm Hg."],
            ),
            (
                "https://en.wikipedia.org/wiki/Ethyl_lactate",
                "Ethyl lactate - Wikipedia",
                ["Boiling point 151 to 155 °C."],
            ),
        ]
        q1, q2 = "ethyl lactate boiling point", "ethyl lactate CAS 97-64-3 boiling point safety data sheet"
        second = [
            (
                "https://www.sigmaaldrich.com/US/en/product/aldrich/e34102",
                "Ethyl L-lactate SDS | Sigma-Aldrich",
                ["bp 154 °C (lit.)"],
            ),
            (
                "https://webbook.nist.gov/cgi/cbook.cgi?ID=C97643",
                "Ethyl lactate - NIST WebBook",
                ["Tboil 427 K (154 °C), several measurements."],
            ),
        ]
        fetch = (
            "tavily_extract",
            {"urls": ["https://pubchem.ncbi.nlm.nih.gov/compound/Ethyl-lactate"]},
            "Boiling Point: 154 °C at 760 mm Hg (HSDB). Flash point 46 °C.",
        )
        answer = "About 154 °C at 1 atm (PubChem/HSDB, Sigma-Aldrich SDS, NIST WebBook)."
    s = Session(rng, user)
    s.turn("Searching.", [(tool, {key: q1}, format_results(rng, style, first), False)])
    s.turn("Opening the primary source.", [(fetch[0], fetch[1], fetch[2], False)])
    s.turn(
        "To verify independently, I'll search again on the same topic but aim for other sources.",
        [(tool, {key: q2}, format_results(rng, style, second), False)],
    )
    s.turn(answer)
    s.assert_no_fruitless_run()
    return scenario(
        f"blind3-healthy-verify-second-search-{variant}",
        f"A deliberate second {tool} on the same topic to verify; it returns new independent sources.",
        s,
        healthy_label(
            "The second search repeats the subject on purpose (verification) and brings sources the first did not. Not a paraphrase loop."
        ),
    )


def gen_h_fanout_search(rng: random.Random, variant: int) -> dict[str, Any]:
    mk: Callable[[str], dict[str, Any]]
    domain: Callable[[str], str]
    if variant == 0:
        subjects = ["Hetzner", "OVHcloud", "Scaleway", "UpCloud", "Exoscale", "IONOS"]
        prices = [
            "CX22: €3.79/mo, 2 vCPU, 4 GB",
            "VPS-1: €4.20/mo, 1 vCore, 2 GB",
            "DEV1-S: €6.42/mo, 2 vCPU, 2 GB",
            "1xCPU-2GB: €7.00/mo",
            "Micro: €6.50/mo, 1 vCPU, 512 MB",
            "VPS S: €2.00/mo, 2 vCore, 2 GB",
        ]
        user = "Compare the cheapest VM prices at these EU clouds: Hetzner, OVHcloud, Scaleway, UpCloud, Exoscale, IONOS."
        tool, mk, style = "brave_search", (lambda x: {"q": f"{x} cheapest VPS price per month"}), "numbered"
        domain = lambda x: x.lower().replace(" ", "")  # noqa: E731
    elif variant == 1:
        subjects = ["Tallinn", "Riga", "Vilnius", "Helsinki", "Stockholm"]
        prices = [
            "Tallinn: 30-day pass €30, free for registered residents",
            "Riga: monthly pass €50",
            "Vilnius: monthly pass €29",
            "Helsinki: HSL AB monthly €69.70",
            "Stockholm: SL 30-day €95 (1,060 SEK)",
        ]
        user = "For a relocation guide: monthly public-transport pass price in Tallinn, Riga, Vilnius, Helsinki, Stockholm."
        tool, mk, style = (
            "web_search",
            (lambda x: {"query": f"{x} monthly public transport pass price 2026"}),
            "markdown",
        )
        domain = lambda x: x.lower()  # noqa: E731
    else:
        subjects = ["psycopg", "asyncpg", "SQLAlchemy", "Django ORM"]
        prices = [
            "psycopg 3.2: pipeline mode, binary COPY",
            "asyncpg 0.30: fastest asyncio driver, own protocol impl",
            "SQLAlchemy 2.0: typed ORM, async via greenlet",
            "Django 5.1 ORM: connection pooling for PostgreSQL added in 5.1",
        ]
        user = "Summarise what's new or notable in psycopg, asyncpg, SQLAlchemy and the Django ORM for Postgres users."
        tool, mk, style = (
            "exa_search",
            (lambda x: {"query": f"{x} latest release notable features postgres", "num_results": 3}),
            "json",
        )
        domain = lambda x: x.lower().replace(" ", "-")  # noqa: E731
    s = Session(rng, user)
    for subject, fact in zip(subjects, prices, strict=True):
        pages: list[Page] = [
            (f"https://www.{domain(subject)}.example/pricing", f"{subject} - official", [fact]),
            (
                f"https://reviews.example.net/{domain(subject)}",
                f"{subject} review",
                [f"Independent review of {subject}."],
            ),
        ]
        s.turn(f"Looking up {subject}.", [(tool, mk(subject), format_results(rng, style, pages), False)])
    s.turn("Here is the comparison table.")
    s.assert_no_fruitless_run()
    return scenario(
        f"blind3-healthy-search-fanout-{variant}",
        f"{tool} fan-out over different subjects with the same 'Looking up X' narration.",
        s,
        healthy_label(
            "The query template and the narration repeat, but each search covers a different subject and returns different pages. Not a loop."
        ),
    )


# ---------------------------------------------------------------------------------------------
# Healthy: iterating on one file
# ---------------------------------------------------------------------------------------------


def gen_h_iterate_file(rng: random.Random, variant: int) -> dict[str, Any]:
    specs = [
        (
            "src/slugify.py",
            "str_replace_based_edit_tool",
            "python -m pytest tests/test_slugify.py -q",
            "pytest",
            "Make slugify() handle unicode, collapse dashes, and respect max_length. Tests in tests/test_slugify.py.",
        ),
        (
            "src/lib/parseDuration.ts",
            "Edit",
            "npx vitest run src/lib/parseDuration.test.ts",
            "vitest",
            "parseDuration('1h30m') should return 5400 and reject junk. Tests exist already.",
        ),
        (
            "internal/ratelimit/bucket.go",
            "apply_patch",
            "go test ./internal/ratelimit/",
            "go",
            "Fix the token bucket: refill must be proportional to elapsed time and capped at capacity.",
        ),
    ]
    path, edit_tool, test_cmd, kind, user = specs[variant]
    s = Session(rng, user)
    s.turn(
        "Reading the file.",
        [
            (
                "read_file" if edit_tool != "Edit" else "Read",
                {"path": path} if edit_tool != "Edit" else {"file_path": path},
                f"(current contents of {path}, 48 lines)",
                False,
            )
        ],
    )
    fails = [5, 3, 1, 0] if variant != 1 else [4, 4, 2, 0]
    names = ["unicode", "dashes", "max_length", "empty", "leading", "junk"]
    for n, left in enumerate(fails):
        old = f"# block {n} old\n" + "\n".join(f"    line_{n}_{k} = helper({k})" for k in range(8))
        new = f"# block {n} new\n" + "\n".join(
            f"    line_{n}_{k} = better_helper({k}, strict=True)" for k in range(10)
        )
        if edit_tool == "str_replace_based_edit_tool":
            args: dict[str, Any] = {"command": "str_replace", "path": path, "old_str": old, "new_str": new}
        elif edit_tool == "Edit":
            args = {"file_path": path, "old_string": old, "new_string": new}
        else:
            args = {
                "patch": f"*** Begin Patch\n*** Update File: {path}\n@@\n-"
                + old.replace("\n", "\n-")
                + "\n+"
                + new.replace("\n", "\n+")
                + "\n*** End Patch"
            }
        s.turn(
            [
                "Let me rewrite the core logic.",
                "Now handle the next case.",
                "Fixing the remaining failure.",
                "Last adjustment.",
            ][n],
            [(edit_tool, args, f"The file {path} has been edited.", False)],
        )
        if kind == "pytest":
            out = f"{'.' * (12 - left)}{'F' * left}\n" + (
                f"{left} failed, {12 - left} passed in 0.{3 + n}1s" if left else "12 passed in 0.29s"
            )
            if left:
                out = f"FAILED tests/test_slugify.py::test_{names[left % 6]} - AssertionError\n" + out
        elif kind == "vitest":
            out = (
                f" Test Files  1 {'failed' if left else 'passed'} (1)\n      Tests  {left} failed | {9 - left} passed (9)\n   Duration  41{n}ms"
                if left
                else " Test Files  1 passed (1)\n      Tests  9 passed (9)\n   Duration  398ms"
            )
        else:
            out = (
                f"--- FAIL: TestRefill{n} (0.00s)\n    bucket_test.go:{40 + 7 * n}: tokens = {n + 3}, want {n + 2}\nFAIL\tgithub.com/acme/api/internal/ratelimit\t0.01{n}s"
                if left
                else "ok  \tgithub.com/acme/api/internal/ratelimit\t0.012s"
            )
        s.turn(
            "Running the tests again.",
            [("bash", {"command": test_cmd}, out, left > 0)],
            fresh=variant != 1 or n != 1,
        )
    s.turn("All tests pass now.")
    s.assert_no_fruitless_run()
    return scenario(
        f"blind3-healthy-iterate-one-file-{kind}",
        f"Several long edits of {path}, each followed by the same test command whose output changes.",
        s,
        healthy_label(
            "The same file is edited again and again and the same test command re-run, but each edit is different and the test output moves towards green. Not a loop."
        ),
    )


# ---------------------------------------------------------------------------------------------
# Healthy: polling and paging
# ---------------------------------------------------------------------------------------------


def gen_h_poll(rng: random.Random, variant: int) -> dict[str, Any]:
    if variant == 0:
        user, tool, args = (
            "Start the nightly export for tenant acme-eu and tell me when the file is ready.",
            "get_job_status",
            {"job_id": "exp_7f3a91"},
        )
        start: tuple[str, dict[str, Any], str] = (
            "start_export",
            {"tenant": "acme-eu", "format": "parquet"},
            '{"job_id": "exp_7f3a91", "status": "queued"}',
        )
        states = [
            '{"status": "queued"}',
            '{"status": "running", "progress": 0.12}',
            '{"status": "running", "progress": 0.12}',
            '{"status": "running", "progress": 0.12}',
            '{"status": "running", "progress": 0.58}',
            '{"status": "running", "progress": 0.58}',
            '{"status": "succeeded", "url": "s3://exports/acme-eu/2026-09-12.parquet", "rows": 1840221}',
        ]
        texts = [
            "Checking the job.",
            "Still running, checking again.",
            "Checking again.",
            "Still at 12%, waiting and checking.",
            "Progressing. Checking again.",
            "Checking again.",
            "Done.",
        ]
    elif variant == 1:
        user, tool, args = (
            "Watch CI for PR #482 and tell me if it goes green.",
            "bash",
            {
                "command": "gh run view 9911823 --json status,conclusion,jobs --jq '.status, .conclusion, [.jobs[] | .name + \":\" + .status]'"
            },
        )
        start = (
            "bash",
            {"command": "gh pr checks 482"},
            "build\tpending\t0\nlint\tpass\t41s\ntest\tpending\t0",
        )

        def run(st: str, concl: str, jobs: list[str]) -> str:
            return f"{st}\n{concl}\n{json.dumps(jobs)}"

        states = [
            run("in_progress", "", ["lint:completed", "build:in_progress", "test:queued"]),
            run("in_progress", "", ["lint:completed", "build:in_progress", "test:queued"]),
            run("in_progress", "", ["lint:completed", "build:completed", "test:in_progress"]),
            run("in_progress", "", ["lint:completed", "build:completed", "test:in_progress"]),
            run("in_progress", "", ["lint:completed", "build:completed", "test:in_progress"]),
            run("completed", "success", ["lint:completed", "build:completed", "test:completed"]),
        ]
        texts = [
            "Polling the run.",
            "Build still going; polling again.",
            "Polling.",
            "Tests running; polling again.",
            "Polling.",
            "Completed.",
        ]
    else:
        user, tool, args = (
            "Fine-tune job ft-2291 is training; tell me the final eval loss when it finishes.",
            "check_training_run",
            {"run_id": "ft-2291"},
        )
        start = (
            "list_runs",
            {"project": "support-bot", "limit": 3},
            "ft-2291  running  epoch 1/3\nft-2284  succeeded\nft-2270  failed",
        )
        states = [
            "status: running\nepoch: 1/3\nstep: 400/1200\nlast_eval_loss: 1.912",
            "status: running\nepoch: 1/3\nstep: 400/1200\nlast_eval_loss: 1.912",
            "status: running\nepoch: 2/3\nstep: 800/1200\nlast_eval_loss: 1.447",
            "status: running\nepoch: 2/3\nstep: 800/1200\nlast_eval_loss: 1.447",
            "status: running\nepoch: 3/3\nstep: 1150/1200\nlast_eval_loss: 1.305",
            "status: succeeded\nepoch: 3/3\nstep: 1200/1200\nfinal_eval_loss: 1.298",
        ]
        texts = [
            "Checking the run.",
            "Same step; I'll wait and check again.",
            "Checking.",
            "Waiting, then checking again.",
            "Almost done; checking.",
            "Finished.",
        ]
    s = Session(rng, user)
    s.turn("Starting / locating the job.", [(start[0], start[1], start[2], False)])
    prev = ""
    for text, state in zip(texts, states, strict=True):
        s.turn(text, [(tool, dict(args), state, False)], fresh=state != prev)
        prev = state
    s.turn("It finished; details above.")
    s.assert_no_fruitless_run()
    return scenario(
        f"blind3-healthy-poll-until-done-{variant}",
        f"{tool} polled with identical arguments until the job finishes; some answers repeat between changes.",
        s,
        healthy_label(
            "Polling: the call is identical each time and some answers repeat ('still running' at the same progress), but the state keeps advancing and the job finishes. Never three unchanged answers in a row. Not a loop."
        ),
    )


def gen_h_paging(rng: random.Random, variant: int) -> dict[str, Any]:
    s = Session(
        rng,
        [
            "Read the full vendor contract (contract.pdf, converted to text) and list every termination clause.",
            "List all open issues labelled 'bug' in acme/api and group them by component.",
            "Read the whole Relaybase integration guide and tell me what we must configure for webhooks and rate limits.",
        ][variant],
    )
    if variant == 2:
        sections = ["Installation", "Configuration", "Authentication", "Webhooks", "Rate limits and quotas"]
        for n, title in enumerate(sections, start=1):
            body = (
                f"# {title}\n\n"
                + " ".join(
                    rng.choice(["Set", "Use", "Configure", "Call", "Retry"]) + f" option {title.lower()}-{k}."
                    for k in range(6)
                )
                + f"\n\n[page {n} of {len(sections)}]"
            )
            s.turn(
                "Next page of the guide." if n > 1 else "Fetching page 1 of the guide.",
                [("fetch_url", {"url": f"https://docs.relaybase.example/guide?page={n}"}, body, False)],
            )
    elif variant == 0:
        for n in range(6):
            start = n * 200 + 1
            body = "\n".join(
                f"{start + k:5d}  §{4 + n}.{k // 20 + 1} "
                + rng.choice(
                    [
                        "The Supplier shall",
                        "The Customer may",
                        "Either party may",
                        "Notwithstanding clause",
                        "Fees are payable",
                    ]
                )
                + f" ... (line {start + k})"
                for k in range(0, 200, 25)
            )
            s.turn(
                [
                    "Reading the first part.",
                    "Next part.",
                    "Continuing.",
                    "Next part.",
                    "Continuing.",
                    "Last part.",
                ][n],
                [
                    (
                        "read_file",
                        {"path": "contract.txt", "offset": start, "limit": 200},
                        body + ("\n[end of file]" if n == 5 else f"\n[lines {start}-{start + 199} of 1200]"),
                        False,
                    )
                ],
            )
    else:
        cursor = None
        for n in range(5):
            nums = [480 - n * 20 - k for k in range(0, 20, 4)]
            nxt = f"Y3Vyc29yOnYyOpK{n + 1}" if n < 4 else None
            page = {
                "issues": [
                    {
                        "number": x,
                        "title": f"{rng.choice(['auth', 'billing', 'search', 'export'])}: bug {x}",
                        "labels": ["bug"],
                    }
                    for x in nums
                ],
                "next_cursor": nxt,
            }
            a: dict[str, Any] = {"repo": "acme/api", "labels": "bug", "state": "open", "per_page": 5}
            if cursor:
                a["after"] = cursor
            s.turn(
                ["Fetching the first page.", "Next page.", "Next page.", "Next page.", "Next page."][n],
                [("list_issues", a, json.dumps(page), False)],
            )
            cursor = nxt
    s.turn("Done reading; summary follows.")
    s.assert_no_fruitless_run()
    return scenario(
        f"blind3-healthy-paging-{['document', 'issues-cursor', 'docs-url'][variant]}",
        [
            "read_file paged through a long contract with increasing offsets.",
            "list_issues paged with a cursor; narration repeats 'Next page.'",
            "fetch_url through a paged guide (?page=N).",
        ][variant],
        s,
        healthy_label(
            "Pagination: same tool and narration, but each call asks for the next page and gets new content until the end. Not a loop."
        ),
    )


# ---------------------------------------------------------------------------------------------
# Healthy: transient errors, booking hand-off, failures over new targets
# ---------------------------------------------------------------------------------------------


def gen_h_transient(rng: random.Random, variant: int) -> dict[str, Any]:
    if variant == 0:
        s = Session(rng, "Pull the latest exchange rates and convert 2,450 USD to EUR, SEK and PLN.")
        args = {"url": "https://api.fxrates.example/v1/latest?base=USD&symbols=EUR,SEK,PLN"}
        s.turn("Fetching rates.", [("fetch_url", args, "HTTP 503 Service Unavailable\nRetry-After: 2", True)])
        s.turn(
            "Transient 503; retrying after the suggested delay.",
            [("fetch_url", dict(args), "HTTP 503 Service Unavailable\nRetry-After: 4", True)],
        )
        s.turn(
            "Retrying once more.",
            [
                (
                    "fetch_url",
                    dict(args),
                    '{"base": "USD", "date": "2026-09-12", "rates": {"EUR": 0.9121, "SEK": 10.482, "PLN": 3.9032}}',
                    False,
                )
            ],
        )
        s.turn("2,450 USD = 2,234.65 EUR = 25,680.90 SEK = 9,562.84 PLN (rates of 2026-09-12).")
    elif variant == 2:
        s = Session(rng, "Search for recent news about the Fehmarnbelt tunnel opening date.")
        args2 = {"query": "Fehmarnbelt tunnel opening date delay", "max_results": 5, "topic": "news"}
        s.turn(
            "Searching news.",
            [
                (
                    "tavily_search",
                    args2,
                    '{"error": "429 Too Many Requests: rate limit exceeded, retry in 5s"}',
                    True,
                )
            ],
        )
        s.turn(
            "Rate-limited; waiting briefly and retrying the same query.",
            [
                (
                    "tavily_search",
                    dict(args2),
                    format_results(
                        rng,
                        "json",
                        [
                            (
                                "https://www.femern.com/en/news/opening-2031",
                                "Femern: tunnel expected to open in 2031",
                                ["The opening is now expected in 2031, Sund & Bælt said."],
                            ),
                            (
                                "https://www.reuters.example/world/europe/fehmarnbelt-delay",
                                "Fehmarnbelt tunnel delayed",
                                ["Delays to the German rail connection push the opening back."],
                            ),
                        ],
                    ),
                    False,
                )
            ],
        )
        s.turn("The tunnel's opening is now expected in 2031 (Femern A/S; Reuters).")
    else:
        s = Session(rng, "Install the project dependencies and run the smoke test.")
        s.turn(
            "Installing.",
            [
                (
                    "bash",
                    {"command": "pip install -r requirements.txt"},
                    "ERROR: Could not install packages due to an OSError: HTTPSConnectionPool(host='files.pythonhosted.org', port=443): Read timed out. (read timeout=15)",
                    True,
                )
            ],
        )
        s.turn(
            "Network timeout; retrying with a longer timeout.",
            [
                (
                    "bash",
                    {"command": "pip install --timeout 60 -r requirements.txt"},
                    "Collecting httpx==0.27.2\n  Downloading httpx-0.27.2-py3-none-any.whl (76 kB)\n...\nSuccessfully installed anyio-4.4.0 httpx-0.27.2 pydantic-2.8.2",
                    False,
                )
            ],
        )
        s.turn(
            "Now the smoke test.",
            [("bash", {"command": "python -m app.smoke"}, "smoke: 6/6 checks passed", False)],
        )
        s.turn("Dependencies installed (after one timeout) and the smoke test passes.")
    s.assert_no_fruitless_run()
    return scenario(
        f"blind3-healthy-transient-retry-{variant}",
        "A transient error is retried and then succeeds.",
        s,
        healthy_label(
            "One or two retries of a transient failure (503 / read timeout), then success. A guard must not stop this."
        ),
    )


def gen_h_booking_handoff(rng: random.Random, variant: int) -> dict[str, Any]:
    sysmsg = "You are a booking assistant. Transfer to a human agent when you cannot complete the request."
    if variant == 0:
        s = Session(
            rng,
            "Book the 19:30 table for 4 at Lumo on Friday, pay the deposit with my saved card.",
            system=sysmsg,
        )
        s.turn(
            "Checking availability.",
            [
                (
                    "check_availability",
                    {"restaurant_id": "lumo-hki", "date": "2026-09-18", "time": "19:30", "party_size": 4},
                    '{"available": true, "deposit_eur": 40}',
                    False,
                )
            ],
        )
        s.turn(
            "Available. Booking with your saved card.",
            [
                (
                    "book_reservation",
                    {
                        "restaurant_id": "lumo-hki",
                        "date": "2026-09-18",
                        "time": "19:30",
                        "party_size": 4,
                        "payment_method_id": "card_visa_4242",
                    },
                    '{"error": "payment_failed", "detail": "card_visa_4242: 3-D Secure authentication failed"}',
                    True,
                )
            ],
        )
        s.turn(
            "The card needs 3-D Secure. Trying your other saved card.",
            [
                (
                    "book_reservation",
                    {
                        "restaurant_id": "lumo-hki",
                        "date": "2026-09-18",
                        "time": "19:30",
                        "party_size": 4,
                        "payment_method_id": "card_mc_5100",
                    },
                    '{"error": "payment_failed", "detail": "card_mc_5100: card expired 08/26"}',
                    True,
                )
            ],
        )
        s.turn(
            "That card has expired. I'll hand you to a colleague who can take the deposit by phone.",
            [
                (
                    "transfer_to_human_agents",
                    {
                        "summary": "Table for 4 at Lumo, Fri 19:30, available; deposit €40 failed on both saved cards (3DS failure, expired card)."
                    },
                    "Transfer successful. A human agent will join shortly.",
                    False,
                )
            ],
        )
    else:
        s = Session(
            rng,
            "Change my flight HAT204 to the next day and use my gift card for the fare difference.",
            system=sysmsg,
        )
        s.turn(
            "Looking up the reservation.",
            [
                (
                    "get_reservation_details",
                    {"reservation_id": "ZK3P9Q"},
                    '{"flight": "HAT204", "date": "2026-10-02", "cabin": "economy", "payment_methods": ["gift_card_7731", "credit_card_2201"]}',
                    False,
                )
            ],
        )
        s.turn(
            "Searching the next day.",
            [
                (
                    "search_direct_flight",
                    {"origin": "ORD", "destination": "BOS", "date": "2026-10-03"},
                    '[{"flight_number": "HAT204", "price": {"economy": 212}}]',
                    False,
                )
            ],
        )
        for n, pm in enumerate(["gift_card_7731", "gift_card_7731", "credit_card_2201"]):
            err = [
                '{"error": "payment_declined", "detail": "gift_card_7731: processor timeout"}',
                '{"error": "payment_declined", "detail": "gift_card_7731: insufficient balance ($18.00 < $64.00)"}',
                '{"error": "payment_declined", "detail": "credit_card_2201: issuer declined, contact bank"}',
            ][n]
            s.turn(
                [
                    "Updating the flight with the gift card.",
                    "Trying the gift card again after the timeout.",
                    "The gift card balance is too low; trying your credit card.",
                ][n],
                [
                    (
                        "update_reservation_flights",
                        {
                            "reservation_id": "ZK3P9Q",
                            "flights": [{"flight_number": "HAT204", "date": "2026-10-03"}],
                            "payment_id": pm,
                        },
                        err,
                        True,
                    )
                ],
            )
        s.turn(
            "Both payment methods failed. Transferring you to a human agent.",
            [
                (
                    "transfer_to_human_agents",
                    {
                        "summary": "Change ZK3P9Q to HAT204 on 2026-10-03, $64 difference; gift card balance $18, credit card declined by issuer."
                    },
                    "Transfer successful.",
                    False,
                )
            ],
        )
    s.assert_no_fruitless_run()
    return scenario(
        f"blind3-healthy-booking-fails-then-human-{variant}",
        "A booking/payment fails two or three times with different causes, then the agent hands off to a human.",
        s,
        healthy_label(
            "Two or three payment failures, each with a different cause or method, then a transfer to a human: the agent stops by itself. Not a loop."
        ),
    )


def gen_h_new_targets(rng: random.Random, variant: int) -> dict[str, Any]:
    if variant == 0:
        s = Session(rng, "Find the service's logging config and set the level to DEBUG.")
        for p in ["config/logging.yaml", "conf/logging.yml", "src/app/logging.ini", "deploy/logging.json"]:
            s.turn(
                f"Trying {p}.",
                [("read_file", {"path": p}, f"Error: ENOENT: no such file or directory, open '{p}'", True)],
            )
        s.turn(
            "Let me search instead.",
            [
                (
                    "bash",
                    {"command": "find . -iname '*logging*' -not -path './node_modules/*'"},
                    "./settings/logging.toml",
                    False,
                )
            ],
        )
        s.turn(
            "Found it.",
            [
                (
                    "read_file",
                    {"path": "settings/logging.toml"},
                    '[root]\nlevel = "INFO"\nhandlers = ["console"]',
                    False,
                )
            ],
        )
        s.turn(
            "Setting DEBUG.",
            [
                (
                    "str_replace_based_edit_tool",
                    {
                        "command": "str_replace",
                        "path": "settings/logging.toml",
                        "old_str": 'level = "INFO"',
                        "new_str": 'level = "DEBUG"',
                    },
                    "The file settings/logging.toml has been edited.",
                    False,
                )
            ],
        )
    elif variant == 1:
        s = Session(
            rng,
            "Look up the customer who emailed about invoice INV-2231; they might have used a work or personal address.",
            system="You are a billing support agent.",
        )
        for e in ["m.berg@northwave.example", "mberg@northwave.example", "magnus.berg@gmail.example"]:
            s.turn(
                f"Looking up {e}.",
                [
                    (
                        "find_user_by_email",
                        {"email": e},
                        json.dumps({"error": "not_found", "message": f"no user with email {e}"}),
                        True,
                    )
                ],
            )
        s.turn(
            "Searching by invoice instead.",
            [
                (
                    "get_invoice",
                    {"invoice_id": "INV-2231"},
                    '{"invoice_id": "INV-2231", "user_id": "u_10492", "amount": 129.00, "status": "overdue"}',
                    False,
                )
            ],
        )
        s.turn(
            "Found the account.",
            [
                (
                    "get_user",
                    {"user_id": "u_10492"},
                    '{"user_id": "u_10492", "name": "Magnus Berg", "email": "billing@northwave-ab.example"}',
                    False,
                )
            ],
        )
    else:
        s = Session(rng, "Which of our API hosts serves /v2/health? The docs mention several.")
        for h in ["api.acme.example", "api-v2.acme.example", "gw.acme.example"]:
            s.turn(
                f"Checking {h}.",
                [
                    (
                        "bash",
                        {"command": f"curl -s -o /dev/null -w '%{{http_code}}' https://{h}/v2/health"},
                        "404"
                        if h != "gw.acme.example"
                        else "curl: (6) Could not resolve host: gw.acme.example",
                        True,
                    )
                ],
            )
        s.turn(
            "Checking the edge host.",
            [
                (
                    "bash",
                    {"command": "curl -s https://edge.acme.example/v2/health"},
                    '{"status": "ok", "version": "2.14.1"}',
                    False,
                )
            ],
        )
    s.turn("Done.")
    s.assert_no_fruitless_run()
    return scenario(
        f"blind3-healthy-failures-over-new-targets-{variant}",
        "Calls fail over a series of different targets, each error naming its target, then one succeeds.",
        s,
        healthy_label(
            "Every failing call tries a new target (path, email, host) and the error names it; the search ends in success. An exploration, not a loop."
        ),
    )


# ---------------------------------------------------------------------------------------------
# Healthy: long varied coding session
# ---------------------------------------------------------------------------------------------


def gen_h_long_coding(rng: random.Random, variant: int) -> dict[str, Any]:
    specs = [
        (
            "Add CSV export to the reports module, with tests, and keep the linter happy.",
            [
                "reports/export.py",
                "reports/views.py",
                "reports/urls.py",
                "tests/test_export.py",
                "reports/serializers.py",
            ],
            "python -m pytest tests -q",
            ("Read", "Edit", "Bash"),
        ),
        (
            "Migrate the date handling in the web app from moment to date-fns and keep all tests green.",
            [
                "src/utils/dates.ts",
                "src/components/Calendar.tsx",
                "src/components/DueBadge.tsx",
                "src/api/format.ts",
                "src/pages/Reports.tsx",
                "src/hooks/useDeadline.ts",
            ],
            "npm test -- --run",
            ("view_file", "str_replace_based_edit_tool", "execute_bash"),
        ),
        (
            "Implement retry with jitter in the HTTP client and cover it with tests.",
            ["client/http.go", "client/retry.go", "client/retry_test.go", "client/options.go"],
            "go test ./client/...",
            ("read_file", "apply_patch", "run_shell"),
        ),
    ]
    user, files, test_cmd, (read_tool, edit_tool, sh_tool) = specs[variant]
    s = Session(rng, user)

    def read(path: str) -> Call:
        key = "file_path" if read_tool == "Read" else "path"
        body = "\n".join(
            f"{k + 1:4d}\t"
            + rng.choice(
                ["import x", "def f():", "    return y", "const a = 1;", "func g() {}", "// TODO", "    pass"]
            )
            for k in range(rng.randint(6, 12))
        )
        return (read_tool, {key: path}, body, False)

    def edit(path: str, n: int) -> Call:
        old = f"old block {n} in {path}"
        new = f"new block {n} in {path}: " + " ".join(
            rng.choice(["parse", "format", "retry", "jitter", "csv", "row", "tz"]) for _ in range(8)
        )
        if edit_tool == "Edit":
            return (
                edit_tool,
                {"file_path": path, "old_string": old, "new_string": new},
                f"The file {path} has been updated.",
                False,
            )
        if edit_tool == "apply_patch":
            return (
                edit_tool,
                {"input": f"*** Begin Patch\n*** Update File: {path}\n-{old}\n+{new}\n*** End Patch"},
                f"Done! Updated {path}",
                False,
            )
        return (
            edit_tool,
            {"command": "str_replace", "path": path, "old_str": old, "new_str": new},
            f"The file {path} has been edited.",
            False,
        )

    def shell(cmd: str, out: str, err: bool) -> Call:
        return (sh_tool, {"command": cmd}, out, err)

    s.turn(
        "Let me get oriented.",
        [
            shell(
                "git status --short && ls",
                " M README.md\n" + "\n".join(sorted({f.split("/")[0] for f in files})),
                False,
            )
        ],
    )
    failing = len(files) + 2
    s.turn("Baseline test run.", [shell(test_cmd, f"{failing} failed, 40 passed", True)])
    n = 0
    for path in files:
        s.turn(f"Let me look at {path}.", [read(path)])
        for _ in range(2):
            n += 1
            s.turn(f"Updating {path}.", [edit(path, n)])
        failing = max(0, failing - rng.choice([1, 1, 2]))
        out = (
            f"{failing} failed, {42 + len(files) + 2 - failing} passed"
            if failing
            else f"{42 + len(files) + 2} passed"
        )
        s.turn("Let me run the tests again.", [shell(test_cmd, out, failing > 0)])
    if failing:
        s.turn("One more fix for the remaining failure.", [edit(files[-1], n + 1)])
        s.turn("Let me run the tests again.", [shell(test_cmd, f"{42 + len(files) + 2} passed", False)])
    s.turn(
        "Running the linter.",
        [
            shell(
                {0: "ruff check .", 1: "npx eslint src", 2: "go vet ./..."}[variant],
                "All checks passed!" if variant == 0 else "",
                False,
            )
        ],
    )
    s.turn("Everything is green. Summary of the changes per file follows.")
    s.assert_no_fruitless_run()
    assert 20 <= s.steps <= 40, s.steps
    return scenario(
        f"blind3-healthy-long-coding-session-{variant}",
        "A long coding session across several files with repeated narration and test re-runs after edits.",
        s,
        healthy_label(
            "20-40 steps: 'Let me run the tests again.' and 'Updating X.' repeat, but every run follows new edits and the failure count falls to zero. Not a loop."
        ),
    )


# ---------------------------------------------------------------------------------------------
# Assembly
# ---------------------------------------------------------------------------------------------


def build() -> list[dict[str, Any]]:
    rng = random.Random(SEED)
    makers: list[Callable[[random.Random], dict[str, Any]]] = []
    makers += [partial(gen_redelegation, spec=sp) for sp in REDELEGATION]
    makers += [partial(gen_paraphrased_search, index=k) for k in range(len(SEARCH_TOPICS))]
    makers += [gen_narration_logs, gen_narration_order, gen_narration_sql, gen_narration_textonly]
    makers += [partial(gen_code_failure, spec=sp) for sp in CODE_FAILURES]
    makers += [partial(gen_schema_misuse, spec=sp) for sp in SCHEMA_MISUSE]
    makers += [gen_identical_flights, gen_identical_grep, gen_alternation, gen_degenerate]
    makers += [
        gen_h_delegate_subtasks,
        gen_h_delegate_followup,
        gen_h_redelegate_success,
        gen_h_ask_experts,
        gen_h_parallel_spawn,
    ]
    makers += [partial(gen_h_verify_search, variant=k) for k in range(2)]
    makers += [partial(gen_h_fanout_search, variant=k) for k in range(3)]
    makers += [partial(gen_h_iterate_file, variant=k) for k in range(3)]
    makers += [partial(gen_h_poll, variant=k) for k in range(3)]
    makers += [partial(gen_h_paging, variant=k) for k in range(3)]
    makers += [partial(gen_h_transient, variant=k) for k in range(3)]
    makers += [partial(gen_h_booking_handoff, variant=k) for k in range(2)]
    makers += [partial(gen_h_new_targets, variant=k) for k in range(3)]
    makers += [partial(gen_h_long_coding, variant=k) for k in range(3)]
    out: list[dict[str, Any]] = []
    for maker in makers:
        out.append(maker(random.Random(rng.randrange(2**32))))
    ids = [s["id"] for s in out]
    assert len(ids) == len(set(ids)), "duplicate scenario ids"
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "heldout-blind3")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for item in build():
        (out / f"{item['id']}.json").write_text(
            json.dumps(item, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )


if __name__ == "__main__":
    main()
