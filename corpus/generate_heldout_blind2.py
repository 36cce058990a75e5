"""Write ``corpus/heldout-blind2/``: a second blind held-out set of agent transcripts.

The set was written without reading loopwatch's detectors, their tests or the other generated sets,
only ``SCHEMA.md``, the peer notes (how agents loop, which healthy patterns users saw flagged) and a
few real transcripts. It exists to measure how the guard generalises to agent styles and wordings
that nobody tuned it on, so each family varies wording, lengths, numbers, the healthy steps before
the interesting part and how the run ends.

Run ``python corpus/generate_heldout_blind2.py [--out DIR]``; the output is the same on every run
(each scenario draws from its own ``random.Random`` seeded by family and index).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "heldout-blind2"
SEED = "heldout-blind2/2026-12-05"
SOURCE = "synthetic: corpus/generate_heldout_blind2.py"


# --- transcript builder


class Call(NamedTuple):
    """One tool call and the result the environment gave it."""

    name: str
    arguments: dict[str, Any]
    content: str
    is_error: bool = False


@dataclass
class Transcript:
    """A session under construction; :meth:`step` returns the step number it wrote, so labels
    are computed from the transcript itself rather than counted by hand."""

    call_prefix: str
    events: list[dict[str, Any]] = field(default_factory=list)
    steps: int = 0
    calls: int = 0

    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def step(self, text: str, *calls: Call) -> int:
        self.steps += 1
        message: dict[str, Any] = {"type": "message", "role": "assistant", "text": text}
        results: list[dict[str, Any]] = []
        if calls:
            message["tool_calls"] = []
            for call in calls:
                self.calls += 1
                call_id = f"{self.call_prefix}{self.calls:03d}"
                message["tool_calls"].append({"id": call_id, "name": call.name, "arguments": call.arguments})
                results.append(
                    {
                        "type": "tool_result",
                        "call_id": call_id,
                        "name": call.name,
                        "content": call.content,
                        "is_error": call.is_error,
                    }
                )
        self.events.append(message)
        self.events.extend(results)
        return self.steps


def new_transcript(rng: random.Random) -> Transcript:
    return Transcript(call_prefix=rng.choice(["call_", "toolu_", "c", "fc_", "tc-"]))


def pick(rng: random.Random, options: Sequence[str]) -> str:
    return options[rng.randrange(len(options))]


@dataclass(frozen=True)
class Family:
    """A group of scenarios built by one function; ``loop`` says which side of the set it is on."""

    slug: str
    loop: bool
    count: int
    summary: str
    build: Callable[[random.Random, int], dict[str, Any]]


def scenario(
    family: str,
    index: int,
    description: str,
    transcript: Transcript,
    notes: str,
    *,
    onset: int | None = None,
    kinds: Sequence[str] = ("none",),
) -> dict[str, Any]:
    return {
        "id": f"{family}-{index + 1}",
        "source": SOURCE,
        "description": description,
        "label": {
            "loop": onset is not None,
            "kinds": list(kinds),
            "onset_step": onset,
            "notes": notes,
        },
        "events": transcript.events,
    }


# --- research content


@dataclass(frozen=True)
class Topic:
    """A research question, the pages a search engine knows for it and what they say."""

    question: str
    queries: tuple[str, ...]
    pages: tuple[tuple[str, str], ...]
    facts: tuple[str, ...]
    filler: tuple[str, ...]
    missing: str


TOPICS = (
    Topic(
        question=(
            "What was the median sale price of a single-family home in Ada County, Idaho in March 2019, "
            "according to the local realtors' association?"
        ),
        queries=(
            "Ada County median home price March 2019",
            "median sale price single family Ada County Idaho March 2019 realtors",
            "Boise Regional Realtors March 2019 market report median price",
            "Ada County home prices spring 2019 median Boise realtors association",
            "March 2019 Ada County Idaho housing median sold price",
            "Boise area realtors monthly report 2019 median single-family",
        ),
        pages=(
            (
                "https://boirealtors.com/market-reports/2019-archive",
                "Market Reports Archive | Boise Regional REALTORS",
            ),
            (
                "https://www.idahostatesman.com/news/business/article228519004.html",
                "Boise home prices keep climbing",
            ),
            (
                "https://www.redfin.com/county/627/ID/Ada-County/housing-market",
                "Ada County Housing Market: Trends",
            ),
            ("https://www.zillow.com/home-values/1946/ada-county-id/", "Ada County ID Home Values"),
            (
                "https://boisedev.com/news/2019/04/12/march-housing/",
                "March housing numbers: inventory stays tight",
            ),
            ("https://www.realtor.com/research/boise-2019/", "Boise metro housing 2019 in review"),
        ),
        facts=(
            "Prices in Ada County rose roughly 9 percent year over year in the first quarter of 2019.",
            "Inventory remained below two months of supply through the spring of 2019.",
            "The association publishes a monthly PDF with existing and new construction shown separately.",
            "Median days on market fell to 34 in March 2019, down from 41 a year earlier.",
        ),
        filler=(
            "Subscribe to get the latest local news delivered to your inbox.",
            "Data are preliminary and may be revised when late-reported sales are added.",
            "New construction accounted for a growing share of closed sales in the county.",
            "Analysts expect mortgage rates to shape demand for the rest of the year.",
        ),
        missing="the March 2019 median price itself",
    ),
    Topic(
        question="How many ships passed through the Kiel Canal in 2007, and how did that compare with 2006?",
        queries=(
            "Kiel Canal number of ships 2007",
            "Nord-Ostsee-Kanal Schiffspassagen 2007",
            "Kiel Canal traffic statistics 2007 vessels transits",
            "how many vessels transited the Kiel Canal in 2007 compared to 2006",
            "Kiel Canal annual traffic 2006 2007 ship passages record",
        ),
        pages=(
            ("https://en.wikipedia.org/wiki/Kiel_Canal", "Kiel Canal - Wikipedia"),
            ("https://www.kiel-canal.de/facts-and-figures", "Kiel Canal - Facts and figures"),
            ("https://www.wsv.de/nok/statistik", "Verkehrsstatistik Nord-Ostsee-Kanal"),
            ("https://www.shipandbunker.com/news/emea/kiel-canal-traffic", "Kiel Canal traffic update"),
            ("https://www.hansa-online.de/2008/01/kiel-canal-record-year", "Record year for the Kiel Canal"),
        ),
        facts=(
            "The Kiel Canal is the busiest artificial waterway in the world by number of ships.",
            "Traffic grew steadily through the mid-2000s, driven by feeder container ships.",
            "The canal is 98 kilometres long and links the North Sea with the Baltic Sea.",
            "A record year was reported for 2007, with cargo tonnage above 100 million tonnes.",
        ),
        filler=(
            "Pilotage is compulsory for larger vessels on the canal.",
            "Locks at Brunsbuettel and Kiel-Holtenau are being renovated.",
            "Cookies help us deliver our services.",
            "Figures refer to commercial transits and exclude recreational craft.",
        ),
        missing="the exact 2007 transit count",
    ),
    Topic(
        question=(
            "In which year did the Norwegian Polar Institute first "
            "publish a mass balance series for Austre Broggerbreen?"
        ),
        queries=(
            "Austre Broggerbreen mass balance series start year",
            "Norwegian Polar Institute Austre Brøggerbreen mass balance first measurements",
            "Brøggerbreen glacier mass balance record since",
            "longest glacier mass balance series Svalbard Austre Broggerbreen began",
            "Austre Broggerbreen mass balance 1967 OR 1966 OR 1968 Norwegian Polar Institute",
        ),
        pages=(
            (
                "https://www.npolar.no/en/research/glaciers-mass-balance/",
                "Glacier mass balance | Norwegian Polar Institute",
            ),
            ("https://wgms.ch/products_ref_glaciers/austre-broggerbreen/", "Austre Broggerbreen - WGMS"),
            ("https://en.wikipedia.org/wiki/Brøggerbreen", "Brøggerbreen - Wikipedia"),
            (
                "https://data.npolar.no/dataset/mass-balance-svalbard",
                "Mass balance of Svalbard glaciers (dataset)",
            ),
            (
                "https://www.mosj.no/en/climate/land/mass-balance-glaciers.html",
                "Mass balance of glaciers - MOSJ",
            ),
        ),
        facts=(
            "Austre Broggerbreen and Midtre Lovenbreen near Ny-Alesund have the longest series in Svalbard.",
            "Both glaciers have had a negative mass balance in almost every year of the record.",
            "Measurements use stakes drilled into the ice and snow soundings in spring.",
            "The series is reported to the World Glacier Monitoring Service each year.",
        ),
        filler=(
            "This page was last edited on 3 March 2024.",
            "Use the filters to download the time series as CSV.",
            "Svalbard glaciers cover about 57 percent of the archipelago.",
            "Fieldwork is carried out from the research station in Ny-Alesund.",
        ),
        missing="the first year of the series",
    ),
    Topic(
        question=(
            "What is the maximum ambient operating temperature of the industrial-grade Raspberry Pi Compute "
            "Module 4, per the official datasheet?"
        ),
        queries=(
            "Compute Module 4 industrial operating temperature",
            "CM4 datasheet ambient temperature range industrial variant",
            "Raspberry Pi CM4 max operating temperature -20 85",
            "Compute Module 4 temperature range datasheet section environmental",
            "Raspberry Pi Compute Module 4 operating temperature official",
        ),
        pages=(
            (
                "https://datasheets.raspberrypi.com/cm4/cm4-datasheet.pdf",
                "Raspberry Pi Compute Module 4 Datasheet",
            ),
            ("https://www.raspberrypi.com/products/compute-module-4/", "Buy a Raspberry Pi Compute Module 4"),
            (
                "https://forums.raspberrypi.com/viewtopic.php?t=301234",
                "CM4 temperature range - Raspberry Pi Forums",
            ),
            ("https://www.jeffgeerling.com/blog/2020/raspberry-pi-compute-module-4-review", "CM4 review"),
            ("https://www.cnx-software.com/2020/10/19/raspberry-pi-cm4/", "Raspberry Pi CM4 launched"),
        ),
        facts=(
            "The module throttles the CPU when the SoC reaches 80 degrees Celsius.",
            "Variants differ in RAM, eMMC size and whether wireless is fitted.",
            "The datasheet lists environmental limits in its specification chapter.",
            "Passive cooling is sufficient for most workloads at room temperature.",
        ),
        filler=(
            "Prices start at $25 for the Lite variant without wireless.",
            "Comments are closed for this article.",
            "The board uses two 100-pin high-density connectors.",
            "Approved resellers stock most variants.",
        ),
        missing="the datasheet's maximum ambient temperature",
    ),
)


def search_results(topic: Topic, rng: random.Random, order: Sequence[int], extra: str = "") -> str:
    """A search engine page in the smolagents style; ``order`` picks and orders the topic's pages,
    and the snippets are drawn anew each time, as a real engine's would be."""
    lines = ["## Search Results", ""]
    for rank, index in enumerate(order):
        url, title = topic.pages[index]
        snippet = " ".join(rng.sample([*topic.facts, *topic.filler], 2))
        year = rng.choice(["2019", "2020", "2021", "2023", "2024"])
        lines.append(f"{rank}. [{title}]({url})\nDate published: {year}\n\n{snippet}\n")
    if extra:
        lines.append(f"{len(order)}. {extra}\n")
    return "\n".join(lines)


def page_text(topic: Topic, rng: random.Random, index: int, viewport: int = 1, total: int = 4) -> str:
    url, title = topic.pages[index]
    body = [topic.facts[(index + viewport) % len(topic.facts)]]
    body += rng.sample(topic.filler, 2)
    body.append(topic.facts[(index + 2 * viewport + 1) % len(topic.facts)])
    return (
        f"Address: {url}\nTitle: {title}\nViewport position: Showing page {viewport} of {total}.\n"
        "=======================\n" + "\n\n".join(body)
    )


def subagent_preamble(task: str) -> str:
    return (
        "You're a helpful agent named 'search_agent'.\nYou have been submitted this task by your manager.\n"
        f"---\nTask:\n{task}\n---\nYou're helping your manager solve a wider task: so make sure to not "
        "provide a one-line answer, but give as much information as possible to give them a clear "
        "understanding of the answer.\n\nYour final_answer WILL HAVE to contain these parts:\n"
        "### 1. Task outcome (short version):\n### 2. Task outcome (extremely detailed version):\n"
        "### 3. Additional context (if relevant):"
    )


# --- loop: paraphrased searches


def research_paraphrase(rng: random.Random, index: int) -> dict[str, Any]:
    """A search sub-agent that cannot find one number: it paraphrases the query, gets the same pages
    back in another order with other snippets, and re-opens pages it has already read."""
    topic = TOPICS[index % len(TOPICS)]
    t = new_transcript(rng)
    t.user(subagent_preamble(f"{topic.question} Please cite the page the figure comes from."))
    first = list(range(len(topic.pages)))
    rng.shuffle(first)
    t.step(
        pick(rng, ["Thought: I'll start with a web search.", "Let me search for this first.", ""]),
        Call("web_search", {"query": topic.queries[0]}, search_results(topic, rng, first)),
    )
    texts: dict[int, str] = {}
    for index_ in first[: rng.choice([2, 3])]:
        texts[index_] = page_text(topic, rng, index_)
        t.step(
            pick(
                rng, ["Thought: Let me open this result.", "I'll visit the top result.", "Opening the page."]
            ),
            Call("visit_page", {"url": topic.pages[index_][0]}, texts[index_]),
        )
    if rng.random() < 0.5:
        t.step(
            "Thought: Let me look for the figure on this page.",
            Call("find_on_page", {"search_string": topic.queries[0].split()[-1]}, "No matches found."),
        )
    fruitless: list[int] = []
    visited = list(texts)
    narration = [
        f"Thought: The pages so far do not give {topic.missing}. Let me try a different query.",
        f"Thought: I still don't have {topic.missing}. I'll rephrase the search.",
        f"Thought: None of the results state {topic.missing}. Let me search again with other words.",
        f"Thought: I need {topic.missing}; trying another formulation.",
    ]
    for query in topic.queries[1:]:
        order = first[:]
        rng.shuffle(order)
        keep = order[: rng.choice([len(order) - 1, len(order)])]
        extra = ""
        if rng.random() < 0.4:
            extra = (
                "[Top 10 facts you didn't "
                "know](https://www.listicle.example/top-10)\n\nNumber 7 will surprise you."
            )
        search = Call("web_search", {"query": query}, search_results(topic, rng, keep, extra))
        fruitless.append(t.step(pick(rng, narration), search))
        again = rng.choice(visited)
        fruitless.append(
            t.step(
                pick(
                    rng,
                    ["Thought: Let me check this page again.", "I'll open this one to be sure.", "Visiting."],
                ),
                Call("visit_page", {"url": topic.pages[again][0]}, texts[again]),
            )
        )
    onset = fruitless[2]
    ending = rng.choice(["final", "none"])
    if ending == "final":
        t.step(
            "Thought: I could not find the exact figure; I'll report what I have.",
            Call(
                "final_answer",
                {"answer": f"### 1. Task outcome (short version):\nI could not find {topic.missing}."},
                f"### 1. Task outcome (short version):\nI could not find {topic.missing}.",
            ),
        )
    notes = (
        f"The first search and the first page visits are productive. From then on every search is a "
        f"paraphrase whose results are the same pages in another order with other snippets (sometimes one "
        f"irrelevant extra), and every visit re-opens a page already read, with the same text. No step "
        f"after the first pass brings new information; onset = step {onset}, the 3rd consecutive fruitless "
        f"step (paraphrased search, re-visit, paraphrased search)."
    )
    return scenario(
        "research-paraphrase",
        index,
        f"Search sub-agent paraphrases a query about {topic.missing} and re-reads the same pages",
        t,
        notes,
        onset=onset,
        kinds=("same_tool", "narration"),
    )


# --- loop: re-delegation


REDELEGATIONS = (
    (
        "the 2023 revenue of the Port of Rotterdam Authority",
        "EUR 871 million",
        (
            (
                "The Port of Rotterdam Authority's annual report for 2023 is the primary source.",
                "The primary source is the Authority's 2023 annual report.",
                "According to its own 2023 annual report, which is the authoritative source,",
            ),
            (
                (
                    "Revenue is reported together with port dues and lease "
                    "income, without a single total on the web pages."
                ),
                "The web pages split income into port dues and leases and do not state one total figure.",
                "Online, only the components (port dues, lease income) are shown, not the overall revenue.",
            ),
            (
                "Press coverage mentions a throughput of 438.8 million tonnes for 2023.",
                "News articles give 2023 throughput as 438.8 million tonnes.",
                "Throughput in 2023 was 438.8 million tonnes, according to press reports.",
            ),
            (
                "I could not open the PDF of the annual report, so the exact revenue is not confirmed.",
                "The annual report PDF did not load, so I cannot confirm the exact revenue.",
                "The exact revenue figure remains unconfirmed because the report PDF could not be retrieved.",
            ),
        ),
    ),
    (
        "the number of employees of Novo Nordisk at the end of 2015",
        "41,122",
        (
            (
                "Novo Nordisk publishes headcount in the annual report's key figures table.",
                "Headcount appears in the key figures of Novo Nordisk's annual report.",
                "The key-figures section of the annual report is where employee numbers are given.",
            ),
            (
                "Several sites quote 'more than 40,000 employees' for the mid-2010s.",
                "Secondary sources describe the workforce as over 40,000 around 2015.",
                "Around 2015, websites mention a workforce of more than 40,000 people.",
            ),
            (
                "The 2016 and 2017 reports give 42,446 and 42,682 employees respectively.",
                "For 2016 the figure was 42,446 and for 2017 it was 42,682.",
                "Later years are documented: 42,446 (2016) and 42,682 (2017).",
            ),
            (
                "The exact year-end 2015 figure was not found on the pages I could access.",
                "I was unable to locate the precise end-of-2015 headcount.",
                "No accessible page stated the exact number for year-end 2015.",
            ),
        ),
    ),
    (
        "the opening date of the Øresund Bridge to road traffic",
        "1 July 2000",
        (
            (
                "The bridge connects Copenhagen and Malmö and carries both road and rail traffic.",
                "It links Copenhagen with Malmö and has a motorway above a railway.",
                "Spanning the Øresund strait, it joins Copenhagen and Malmö by road and rail.",
            ),
            (
                "Construction began in 1995 and the two halves were joined in August 1999.",
                "Work started in 1995; the final section was lifted into place in August 1999.",
                "Building started in 1995 and the span was completed in August 1999.",
            ),
            (
                (
                    "Sources mention a royal opening ceremony but "
                    "disagree on whether traffic started the same day."
                ),
                (
                    "A ceremony with the Danish and Swedish royals is "
                    "described, but the start of traffic is unclear."
                ),
                "The opening ceremony is well documented; when cars could first cross is less clear.",
            ),
            (
                "I did not find an authoritative page stating when road traffic began.",
                "No official source I reached confirms the first day of road traffic.",
                "The date road traffic began remains unconfirmed by an official page.",
            ),
        ),
    ),
)


def delegation_report(rng: random.Random, subject: str, claims: Sequence[Sequence[str]]) -> str:
    """A managed agent's report: the same claims, each in one of its wordings, in a shuffled order."""
    sentences = [pick(rng, options) for options in claims]
    body = sentences[:-1]
    rng.shuffle(body)
    return (
        "Here is the final answer from your managed agent 'search_agent':\n"
        f"### 1. Task outcome (short version):\n{sentences[-1]}\n\n"
        f"### 2. Task outcome (extremely detailed version):\nI searched for {subject}. "
        + " ".join(body)
        + "\n\n"
        "### 3. Additional context (if relevant):\n" + pick(rng, [s for options in claims for s in options])
    )


def research_redelegate(rng: random.Random, index: int) -> dict[str, Any]:
    """A manager re-delegates nearly the same task to its search agent; each report says the same in
    other words."""
    subject, _answer, claims = REDELEGATIONS[index % len(REDELEGATIONS)]
    t = new_transcript(rng)
    t.user(f"Find {subject}. Give the exact figure and the source.")
    task_templates = (
        f"Find {subject}. Search official sources first (annual reports, government statistics) and "
        "then reputable news. Report the exact figure, the page it comes from and any caveats.",
        f"Please find {subject} again, this time focusing on primary sources such as the official annual "
        "report or the organisation's own website. The exact number matters; give the URL.",
        f"We still need {subject}. Look specifically for the official document that states it, and "
        "quote the sentence that contains the figure. Include the link.",
        f"Search once more for {subject}. Try other search terms and other languages if needed, and "
        "report the precise value together with its source.",
        f"Determine {subject} precisely. Use the organisation's publications; if a PDF is involved, try "
        "to open it. Return the figure and the URL.",
    )
    if rng.random() < 0.5:
        t.step(
            "Thought: I'll first check whether a quick search answers this directly.",
            Call(
                "web_search",
                {"query": subject},
                f"## Search Results\n0. [{subject.title()}](https://example.org/a)\n\nGeneral overview.",
            ),
        )
    t.step(
        "Thought: I'll delegate the detailed search to my search agent.",
        Call("search_agent", {"task": task_templates[0]}, delegation_report(rng, subject, claims)),
    )
    fruitless: list[int] = []
    narration = (
        (
            "Thought: The report does not contain the exact figure. I'll "
            "ask the search agent again with more precise instructions."
        ),
        "Thought: Still no exact figure. Let me re-delegate, stressing primary sources.",
        "Thought: The agent again could not confirm it. I'll give it another try with different wording.",
        "Thought: The exact number is still missing; one more delegation.",
    )
    for task in task_templates[1 : 1 + rng.choice([3, 4])]:
        fruitless.append(
            t.step(
                pick(rng, narration),
                Call("search_agent", {"task": task}, delegation_report(rng, subject, claims)),
            )
        )
    onset = fruitless[2]
    if rng.random() < 0.5:
        t.step(
            "Thought: I cannot get the exact figure; I'll give my best answer.",
            Call(
                "final_answer",
                {"answer": f"Could not confirm {subject} exactly."},
                f"Could not confirm {subject} exactly.",
            ),
        )
    notes = (
        "After the first delegation every new search_agent task is a rewording of the first one and every "
        "report repeats the same four claims in other words and another order; the manager learns nothing "
        f"new. The 2nd, 3rd and 4th delegations are three consecutive fruitless steps: onset = step {onset}."
    )
    return scenario(
        "research-redelegate",
        index,
        f"Manager re-delegates the search for {subject}; reports paraphrase each other",
        t,
        notes,
        onset=onset,
        kinds=("same_tool", "narration"),
    )


# --- loop: code fails at the same line


CODE_FAILURES = (
    (
        "sales = pd.read_csv('q3_sales.csv')",
        "monthly = sales.groupby('month')['revenue'].sum()",
        "KeyError: 'revenue'",
        (
            "sales['revenue'] = sales['Revenue']",
            "sales = sales.rename(columns=str.lower)",
            "sales.columns = sales.columns.str.strip()",
        ),
    ),
    (
        "import json\nwith open('events.json') as fh:\n    raw = fh.read()",
        "events = json.loads(raw)",
        "JSONDecodeError: Extra data: line 2 column 1 (char 187)",
        ("raw = raw.strip()", "raw = raw.replace('\\r', '')", "raw = raw.encode().decode('utf-8-sig')"),
    ),
    (
        "from datetime import datetime\nrows = load_rows('visits.tsv')",
        "stamps = [datetime.strptime(r['ts'], '%Y-%m-%d %H:%M') for r in rows]",
        "ValueError: unconverted data remains: :07",
        (
            "rows = [r for r in rows if r['ts']]",
            "rows = sorted(rows, key=lambda r: r['ts'])",
            "rows = rows[1:]",
        ),
    ),
    (
        "import numpy as np\nA = np.loadtxt('matrix.txt')\nb = np.loadtxt('rhs.txt')",
        "x = np.linalg.solve(A, b)",
        "LinAlgError: Singular matrix",
        ("A = A.astype(float)", "b = b.reshape(-1)", "A = np.array(A, dtype=np.float64)"),
    ),
)


def code_same_line(rng: random.Random, index: int) -> dict[str, Any]:
    """A code agent apologises and rewrites a snippet, but every rewrite fails on the same line with
    the same error."""
    setup, failing, error, tweaks = CODE_FAILURES[index % len(CODE_FAILURES)]
    tool = pick(rng, ["python_interpreter", "execute_code", "run_python"])
    t = new_transcript(rng)
    t.user(
        pick(
            rng,
            [
                "Compute the requested aggregate from the data file in the working directory and report it.",
                "Using the files in /data, produce the result the analyst asked for and explain it briefly.",
            ],
        )
    )
    t.step(
        "Thought: Let me load the data and look at it first.",
        Call(
            tool,
            {"code": f"{setup}\nprint('loaded')"},
            "Execution logs:\nloaded\nLast output from code snippet:\nNone",
        ),
    )
    apologies = (
        "I apologize for the error. Let me fix the code and try again.",
        "Sorry about that. I'll adjust the approach and rerun.",
        "My apologies, the previous attempt failed. Here is a corrected version.",
        "Let me correct this. I'll rewrite the snippet more carefully.",
        "I see the problem persists. Trying again with a cleaner version.",
    )
    failures: list[int] = []
    for attempt in range(rng.choice([5, 6, 7])):
        prefix = "\n".join(rng.sample(list(tweaks), rng.choice([1, 2])))
        code = f"{setup}\n{prefix}\n{failing}\nprint(result if 'result' in dir() else 'done')"
        line = setup.count("\n") + prefix.count("\n") + 3
        text = "Thought: Now compute the aggregate." if attempt == 0 else pick(rng, apologies)
        failures.append(
            t.step(
                text,
                Call(
                    tool,
                    {"code": code},
                    f"Code execution failed at line {line} '{failing}' due to: {error}",
                    True,
                ),
            )
        )
    onset = failures[2]
    if rng.random() < 0.5:
        t.step("I was unable to complete the computation because of a persistent data error.")
    notes = (
        f"After one successful load, every {tool} call fails with `{error}` on the same statement; each "
        "rewrite only changes harmless lines before it, and the text apologises each time. The 3rd "
        f"consecutive identical failure is step {onset} (onset)."
    )
    return scenario(
        "code-same-error",
        index,
        f"Code agent rewrites a snippet that keeps failing with {error.split(':')[0]}",
        t,
        notes,
        onset=onset,
        kinds=("error_streak", "same_tool"),
    )


# --- loop: schema guessing


SCHEMA_TOOLS = (
    (
        "create_calendar_event",
        "Schedule a 30 minute sync called 'Quarterly planning' with dana@acme.io next Tuesday at 10:00.",
        "Error executing tool create_calendar_event: 1 validation error for CreateEventInput\nstart\n  "
        "Extra inputs are not permitted [type=extra_forbidden]",
        lambda rng, i: {
            "title": pick(rng, ["Quarterly planning", "Quarterly Planning", "Quarterly planning sync"]),
            "start": pick(rng, ["2026-12-08T10:00:00", "2026-12-08 10:00", "2026-12-08T10:00:00Z"]),
            "duration": pick(rng, ["30m", "30", "00:30"]),
            "attendees": ["dana@acme.io"],
        },
    ),
    (
        "jira_create_issue",
        "Open a bug in project PAY: 'Refund webhook retries forever', priority high, assign to me.",
        "TypeError: jira_create_issue() missing 1 required positional argument: 'project_key'",
        lambda rng, i: {
            "project": pick(rng, ["PAY", "pay", "Payments (PAY)"]),
            "summary": pick(rng, ["Refund webhook retries forever", "Refund webhook retries indefinitely"]),
            "issue_type": pick(rng, ["Bug", "bug"]),
            "priority": pick(rng, ["High", "high", "P2"]),
        },
    ),
    (
        "query_database",
        "How many orders were placed in November by customers in Canada?",
        "Invalid arguments for tool 'query_database': unexpected parameter 'query'. Expected parameters: "
        "['statement', 'read_only']",
        lambda rng, i: {
            "query": pick(
                rng,
                [
                    (
                        "SELECT COUNT(*) FROM orders o JOIN customers c ON o.customer_id = c.id WHERE "
                        "c.country = 'CA' AND o.created_at >= '2026-11-01' AND o.created_at < '2026-12-01'"
                    ),
                    (
                        "select count(*) from orders join customers "
                        "on orders.customer_id = customers.id where "
                        "customers.country='CA' and orders.created_at between '2026-11-01' and '2026-11-30'"
                    ),
                    (
                        "SELECT COUNT(o.id) FROM orders o, customers c WHERE o.customer_id=c.id "
                        "AND c.country='CA' AND date_trunc('month', o.created_at)='2026-11-01'"
                    ),
                ],
            ),
            "readonly": True,
        },
    ),
    (
        "send_slack_message",
        "Tell #deploys that the 4.2.0 rollout is paused until the migration finishes.",
        (
            'Error: 400 Bad Request - {"ok": false, "error": "invalid_arguments", '
            '"detail": "missing required field \'channel_id\'"}'
        ),
        lambda rng, i: {
            "channel": pick(rng, ["#deploys", "deploys", "#Deploys"]),
            "text": pick(
                rng,
                [
                    "The 4.2.0 rollout is paused until the migration finishes.",
                    "Heads up: 4.2.0 rollout paused until the DB migration completes.",
                    "4.2.0 rollout is on hold until the migration is done.",
                ],
            ),
        },
    ),
)


def schema_guessing(rng: random.Random, index: int) -> dict[str, Any]:
    """A tool-calling agent keeps the wrong parameter name and only varies the values, with planning
    text between calls; the tool rejects every call with the same schema error."""
    tool, request, error, make_args = SCHEMA_TOOLS[index % len(SCHEMA_TOOLS)]
    t = new_transcript(rng)
    t.user(request)
    if rng.random() < 0.6:
        t.step(
            pick(rng, ["Let me check who you are first.", "I'll look up your account details."]),
            Call(
                "get_current_user",
                {},
                json.dumps({"id": "u_4821", "email": "sam@acme.io", "tz": "Europe/Berlin"}),
            ),
        )
    plans = (
        "The call failed. I think the value format was wrong; let me adjust it and retry.",
        "It seems the tool did not accept the input. I'll reformat the arguments.",
        "Let me try again with slightly different values.",
        "Perhaps the capitalisation matters. Retrying.",
        "I'll simplify the arguments and call the tool once more.",
        "Maybe the issue is the text content. Trying a cleaner version.",
    )
    failures: list[int] = []
    for attempt in range(rng.choice([5, 6, 7, 8])):
        text = f"I'll call {tool} now." if attempt == 0 else pick(rng, plans)
        failures.append(t.step(text, Call(tool, make_args(rng, attempt), error, True)))
    onset = failures[2]
    ending = rng.choice(["apology", "give_up", "none"])
    if ending == "apology":
        t.step(f"I'm sorry, I wasn't able to complete this: the {tool} tool keeps rejecting my request.")
    elif ending == "give_up":
        t.step(
            "There seems to be a problem with the integration. Could you try again later or do it manually?"
        )
    notes = (
        f"Every {tool} call fails with the same schema error; the agent never changes the offending "
        "parameter, only trivially rewrites the values (case, wording, date format), with planning text "
        f"claiming a fix. Three consecutive identical failures at step {onset} (onset)."
    )
    return scenario(
        "schema-guessing",
        index,
        f"Tool-calling agent retries {tool} with the same wrong parameter and varied values",
        t,
        notes,
        onset=onset,
        kinds=("error_streak", "same_tool"),
    )


# --- customer-service content


AIRLINE_USERS = (
    ("olivia_gonzalez_2305", "Olivia", "Gonzalez", "Z7GOZK", "HAT271", "ORD", "DEN"),
    ("raj_sanchez_7340", "Raj", "Sanchez", "MZDDS4", "HAT139", "MIA", "LAS"),
    ("sophia_taylor_9065", "Sophia", "Taylor", "PEP4E0", "HAT083", "JFK", "PHX"),
    ("ethan_hernandez_8041", "Ethan", "Hernandez", "SI5UKW", "HAT254", "SEA", "BOS"),
)


def reservation_json(user: Sequence[str], status: str = "confirmed") -> str:
    uid, first, last, code, flight, origin, dest = user
    return json.dumps(
        {
            "reservation_id": code,
            "user_id": uid,
            "origin": origin,
            "destination": dest,
            "flight_type": "one_way",
            "cabin": "economy",
            "flights": [
                {
                    "flight_number": flight,
                    "date": "2024-05-22",
                    "price": 164,
                    "origin": origin,
                    "destination": dest,
                }
            ],
            "passengers": [{"first_name": first, "last_name": last, "dob": "1988-03-14"}],
            "payment_history": [{"payment_id": "credit_card_4421738", "amount": 164}],
            "created_at": "2024-05-02T09:14:51",
            "total_baggages": 1,
            "nonfree_baggages": 0,
            "insurance": "no",
            "status": status,
        }
    )


def user_json(user: Sequence[str]) -> str:
    uid, first, last, code, *_ = user
    return json.dumps(
        {
            "user_id": uid,
            "name": {"first_name": first, "last_name": last},
            "email": f"{first.lower()}.{last.lower()}@example.com",
            "payment_methods": {
                "credit_card_4421738": {"source": "credit_card", "brand": "visa", "last_four": "7718"},
                "gift_card_9026481": {"source": "gift_card", "amount": 87},
            },
            "membership": "silver",
            "reservations": [code, "4WQ150"],
        }
    )


def cs_lookup_loop(rng: random.Random, index: int) -> dict[str, Any]:
    """A customer-service agent re-fetches the same reservation again and again within one user turn,
    saying it will now do the change, but never calls the tool that would do it."""
    user = AIRLINE_USERS[index % len(AIRLINE_USERS)]
    uid, first, _last, code, flight, origin, dest = user
    t = new_transcript(rng)
    t.step("Hi! How can I help you today?")
    t.user(f"Hi, I need to change my flight {origin} to {dest} to one day later. Reservation {code}.")
    t.step("Sure, I can help with that. Could you please give me your user ID?")
    t.user(f"It's {uid}.")
    t.step("", Call("get_user_details", {"user_id": uid}, user_json(user)))
    texts = (
        f"Thank you, {first}. Let me pull up reservation {code}.",
        "Let me check the reservation details to proceed with the change.",
        f"I'll review reservation {code} once more before searching for the new flight.",
        "Let me verify the reservation details again.",
        "One moment while I look at your reservation.",
    )
    repeats: list[int] = []
    for _ in range(rng.choice([4, 5, 6])):
        repeats.append(
            t.step(
                pick(rng, texts),
                Call("get_reservation_details", {"reservation_id": code}, reservation_json(user)),
            )
        )
    onset = repeats[2]
    if rng.random() < 0.5:
        t.user("Hello? Are you still there? Can you change the flight or not?")
        t.step(
            "I apologize for the delay. I'm transferring you to a human agent who can complete the change.",
            Call(
                "transfer_to_human_agents",
                {"summary": f"User {uid} wants to move {flight} one day later."},
                "Transfer successful",
            ),
        )
    notes = (
        f"Within one user turn the agent calls get_reservation_details({code}) again and again with the "
        "identical result while saying it will proceed; it never searches for the new flight. The 3rd "
        f"identical call is step {onset} (onset)."
    )
    return scenario(
        "cs-lookup-repeat",
        index,
        "Airline agent re-fetches the same reservation instead of changing it",
        t,
        notes,
        onset=onset,
        kinds=("identical_call",),
    )


# --- loop: identical calls after an empty result


EMPTY_REPEATS = (
    ("bash", {"command": 'grep -rn "def parse_retry_after" src/'}, "", "the helper parse_retry_after"),
    (
        "search_tickets",
        {"assignee": "m.kowalski", "status": "open", "label": "billing"},
        "[]",
        "open billing tickets",
    ),
    (
        "bash",
        {"command": "find . -name 'settings_local.py' -not -path './node_modules/*'"},
        "",
        "settings_local.py",
    ),
)


def empty_repeat(rng: random.Random, index: int) -> dict[str, Any]:
    """The same call re-issued verbatim after it returned nothing, with only the narration changing."""
    tool, args, empty, what = EMPTY_REPEATS[index % len(EMPTY_REPEATS)]
    t = new_transcript(rng)
    if tool == "bash":
        t.user(f"The retry logic in our HTTP client ignores Retry-After. Find where {what} is and fix it.")
        t.step(
            "Let me look at the repository layout.",
            Call("bash", {"command": "ls"}, "README.md\nsetup.cfg\nsrc\ntests\ntox.ini"),
        )
        t.step(
            "",
            Call(
                "bash",
                {"command": "ls src/httpkit"},
                "__init__.py\nadapters.py\nclient.py\nretry.py\nutils.py",
            ),
        )
    else:
        t.user("Summarise Marta's open billing tickets for the weekly review.")
        t.step(
            "Let me find Marta's user handle.",
            Call("lookup_user", {"name": "Marta Kowalski"}, json.dumps({"handle": "m.kowalski"})),
        )
    texts = (
        f"Let me search for {what}.",
        f"The search returned nothing. Let me try searching for {what} again.",
        f"Nothing yet. I'll search for {what} once more.",
        f"Still no results. Searching for {what}.",
        f"Let me double-check whether {what} exists.",
    )
    repeats: list[int] = []
    for attempt in range(rng.choice([4, 5, 6, 7])):
        text = texts[0] if attempt == 0 else pick(rng, texts[1:])
        repeats.append(t.step(text, Call(tool, dict(args), empty)))
    onset = repeats[2]
    if rng.random() < 0.5:
        t.step(f"I could not find {what}. It may not exist in this project.")
    notes = (
        f"{tool} with identical arguments returns the same empty result each time; the agent re-issues it "
        f"verbatim with only the narration changing. Onset = step {onset}, the 3rd identical call."
    )
    return scenario(
        "empty-repeat",
        index,
        f"Identical {tool} call re-issued after an empty result ({what})",
        t,
        notes,
        onset=onset,
        kinds=("identical_call",),
    )


# --- loop: A/B cycles


def view_text(path: str, start: int, lines: Sequence[str]) -> str:
    body = "\n".join(f"{start + n:6d}\t{line}" for n, line in enumerate(lines))
    return f"Here's the result of running `cat -n` on {path}:\n{body}"


def ab_cycle(rng: random.Random, index: int) -> dict[str, Any]:
    """Two calls alternate, each returning what it returned last time: an SWE agent flipping between
    viewing a file and running a failing test, or a support agent between two lookups."""
    t = new_transcript(rng)
    if index % 3 == 2:
        user = AIRLINE_USERS[index % len(AIRLINE_USERS)]
        uid, first, _last, code, *_ = user
        t.step("Hi! How can I help you today?")
        t.user(f"Hi, I want to add a checked bag to reservation {code}. My id is {uid}.")
        a = Call("get_user_details", {"user_id": uid}, user_json(user))
        b = Call("get_reservation_details", {"reservation_id": code}, reservation_json(user))
        texts_a = (
            "Let me check your payment methods.",
            f"Checking your profile, {first}.",
            "Let me verify your account.",
        )
        texts_b = (
            "Now the reservation.",
            "Let me look at the reservation.",
            "Checking the baggage on the reservation.",
        )
        what = "get_user_details / get_reservation_details"
    else:
        path = pick(rng, ["/testbed/src/pkg/cache.py", "/repo/lib/scheduler/queue.py"])
        test = pick(rng, ["tests/test_cache.py::test_expiry", "tests/test_queue.py::test_priority_order"])
        t.user(f"Make {test} pass without breaking other tests.")
        t.step(
            "Let me run the failing test first.",
            Call("bash", {"command": f"python -m pytest {test} -x -q"}, "F\n=== 1 failed in 0.41s ===", True),
        )
        t.step(
            "",
            Call(
                "str_replace_editor",
                {"command": "view", "path": path, "view_range": [1, 30]},
                view_text(
                    path,
                    1,
                    [
                        "import time",
                        "",
                        "class Entry:",
                        "    def __init__(self, v, ttl):",
                        "        self.v = v",
                    ],
                ),
            ),
        )
        failing = (
            f"F\n================ FAILURES ================\n____ {test.split('::')[1]} ____\n"
            "    assert entry.expired(now=105)\nE   AssertionError: assert False\n"
            "========= 1 failed, 0 passed in 0.38s ========="
        )
        snippet = view_text(
            path,
            40,
            [
                "    def expired(self, now=None):",
                "        now = now or time.time()",
                "        return now > self.created + self.ttl",
            ],
        )
        a = Call("str_replace_editor", {"command": "view", "path": path, "view_range": [40, 60]}, snippet)
        b = Call("bash", {"command": f"python -m pytest {test} -x -q"}, failing, True)
        texts_a = (
            "Let me look at the expiry logic again.",
            "Let me re-check the implementation.",
            "Viewing the method.",
        )
        texts_b = ("Let me run the test again.", "Running the test.", "Let me see if it passes now.")
        what = "viewing the same lines / running the same failing test, no edit in between"
    start = t.steps + 1
    for _ in range(rng.choice([3, 4, 5])):
        t.step(pick(rng, texts_a), a)
        t.step(pick(rng, texts_b), b)
    onset = start + 3
    if rng.random() < 0.4:
        t.step("I haven't been able to resolve this yet.")
    notes = (
        f"From step {start} the agent alternates {what}; both results repeat exactly, nothing is changed in "
        f"between. Cycle of period 2 from step {start}: onset = {start} + 2 + 2 - 1 = step {onset}."
    )
    return scenario(
        "ab-cycle",
        index,
        "A/B alternation of two calls with unchanged results",
        t,
        notes,
        onset=onset,
        kinds=("alternation",),
    )


# --- loop: degenerate text


def degenerate_reply(rng: random.Random, index: int) -> dict[str, Any]:
    """After a healthy run, the final reply collapses into the same sentence over and over."""
    t = new_transcript(rng)
    if index % 2 == 0:
        topic = TOPICS[index % len(TOPICS)]
        t.user(topic.question)
        order = list(range(len(topic.pages)))
        t.step(
            "Thought: Let me search.",
            Call("web_search", {"query": topic.queries[0]}, search_results(topic, rng, order)),
        )
        t.step(
            "Thought: Opening the first result.",
            Call("visit_page", {"url": topic.pages[0][0]}, page_text(topic, rng, 0)),
        )
        sentence = f"{topic.facts[0]} "
        intro = "Based on my research, here is the answer.\n\n"
    else:
        user = AIRLINE_USERS[index % len(AIRLINE_USERS)]
        uid, first, _last, code, *_ = user
        t.step("Hi! How can I help you today?")
        t.user(f"Can you tell me the status of reservation {code}? User id {uid}.")
        t.step("", Call("get_reservation_details", {"reservation_id": code}, reservation_json(user)))
        sentence = f"Your reservation {code} is confirmed and there is nothing else you need to do. "
        intro = f"Thanks for waiting, {first}! "
    repeats = rng.choice([18, 25, 40])
    onset = t.step(intro + sentence * repeats)
    notes = (
        f"Step {onset}: the reply repeats one sentence {repeats} times; a single response collapsed into "
        f"repeated text. Onset = step {onset}, the degenerate response itself."
    )
    return scenario(
        "degenerate-reply",
        index,
        "Final reply collapses into one repeated sentence",
        t,
        notes,
        onset=onset,
        kinds=("degenerate_text",),
    )


# --- loop: restated intent


def restated_intent(rng: random.Random, index: int) -> dict[str, Any]:
    """The agent announces the same plan every turn while its calls return the same log tail."""
    t = new_transcript(rng)
    service = pick(rng, ["payments-api", "ingest-worker", "notifier"])
    t.user(f"{service} crashed overnight. Find the root cause.")
    t.step(
        "Let me check the service status.",
        Call(
            "bash",
            {"command": f"systemctl status {service} --no-pager"},
            f"● {service}.service\n   Active: failed (Result: exit-code) since Fri 03:12:44 UTC",
        ),
    )
    tail = (
        f"Dec 05 03:12:41 host {service}[2231]: INFO worker heartbeat ok\n"
        f"Dec 05 03:12:43 host {service}[2231]: WARN connection pool exhausted (size=20)\n"
        f"Dec 05 03:12:44 host systemd[1]: {service}.service: Main process exited, code=killed, status=9/KILL"
    )
    intent = "I need to find out why the process was killed. Let me look at the logs around the crash."
    commands = (
        f"journalctl -u {service} -n 3 --no-pager",
        f"journalctl -u {service} --no-pager | tail -3",
        f"journalctl -u {service} -n3 --no-pager -o short",
        f"journalctl --unit={service} -n 3 --no-pager",
        f"journalctl -u {service} --no-pager -n 3 -q",
    )
    steps = [
        t.step(
            (pick(rng, ["", "Hmm. ", "OK. "]) if n else "") + intent, Call("bash", {"command": command}, tail)
        )
        for n, command in enumerate(commands[: rng.choice([4, 5])])
    ]
    onset = steps[3]  # the first read informs; the 2nd, 3rd and 4th bring nothing new
    notes = (
        "After the first log read, every turn restates the same intent word for word and runs another "
        "spelling of the same journalctl command, which returns the same three lines. The 3rd fruitless "
        f"restatement is step {onset} (onset)."
    )
    return scenario(
        "restated-intent",
        index,
        f"Agent restates the same plan while re-reading the same log tail of {service}",
        t,
        notes,
        onset=onset,
        kinds=("narration", "same_tool"),
    )


# --- healthy: polling


def polling(rng: random.Random, index: int) -> dict[str, Any]:
    """Polls a long job with the same call until it finishes; each status says something new."""
    t = new_transcript(rng)
    kind = index % 3
    args: dict[str, Any]
    if kind == 0:
        t.user("Kick off the nightly export for tenant acme and tell me when the file is ready.")
        t.step(
            "",
            Call(
                "start_export", {"tenant": "acme", "format": "parquet"}, json.dumps({"job_id": "exp_7f3a91"})
            ),
        )
        call_name, args = "get_export_status", {"job_id": "exp_7f3a91"}
    elif kind == 1:
        t.user("Deploy the release branch to staging and confirm the rollout.")
        t.step(
            "",
            Call(
                "bash", {"command": "kubectl apply -f deploy/staging.yaml"}, "deployment.apps/web configured"
            ),
        )
        call_name, args = (
            "bash",
            {"command": "kubectl rollout status deployment/web -n staging --timeout=20s"},
        )
    else:
        t.user("Run the full CI pipeline on PR 4412 and tell me whether it passes.")
        t.step(
            "",
            Call("trigger_pipeline", {"pr": 4412}, json.dumps({"pipeline_id": 99121, "status": "created"})),
        )
        call_name, args = "get_pipeline", {"pipeline_id": 99121}
    polls = rng.choice([5, 6, 7]) if kind == 1 else rng.choice([7, 9, 12])
    total = rng.choice([120, 48, 300])
    for n in range(polls):
        done = n == polls - 1
        elapsed = 30 * (n + 1) + rng.randrange(0, 9)
        if kind == 1:
            # kubectl exits non-zero on each --timeout, so the polls are failures that differ in
            # progress; a stage is never reported more than twice in a row.
            content = (
                'deployment "web" successfully rolled out'
                if done
                else 'Waiting for deployment "web" rollout to finish: '
                f"{n // 2 + 1} out of 4 new replicas have "
                "been updated...\nerror: timed out waiting for the condition"
            )
            err = not done
        else:
            progress = total if done else int(total * (n + 1) / polls * rng.uniform(0.7, 0.95))
            status = "succeeded" if done else ("queued" if n < 2 else "running")
            content = json.dumps({"status": status, "done": progress, "total": total, "elapsed_s": elapsed})
            err = False
        text = pick(
            rng,
            [
                "Still running; checking again.",
                "Waiting a bit and polling again.",
                "Let me check the status.",
                "",
            ],
        )
        t.step(text, Call(call_name, dict(args), content, err))
    t.step(pick(rng, ["It's done.", "The job finished successfully.", "All good: it completed."]))
    notes = (
        f"{call_name} is polled {polls} times with identical arguments, but each result differs (elapsed "
        "time, progress or replica count) and the job ends; the early polls may repeat a status word. "
        "Polling a job until done is healthy (trap T1)."
    )
    return scenario("polling", index, f"Polling {call_name} until a job finishes", t, notes)


# --- healthy: pagination


def pagination(rng: random.Random, index: int) -> dict[str, Any]:
    """A search sub-agent reads a long page viewport by viewport with argument-less ``page_down``."""
    topic = TOPICS[(index + 1) % len(TOPICS)]
    t = new_transcript(rng)
    t.user(subagent_preamble(f"{topic.question} Read the most authoritative page in full."))
    order = list(range(len(topic.pages)))
    rng.shuffle(order)
    t.step(
        "Thought: Searching first.",
        Call("web_search", {"query": topic.queries[0]}, search_results(topic, rng, order)),
    )
    total = rng.choice([11, 12, 14])
    page = order[0]
    t.step(
        "Thought: The first result looks authoritative; let me read it.",
        Call("visit_page", {"url": topic.pages[page][0]}, page_text(topic, rng, page, 1, total)),
    )
    for viewport in range(2, total + 1):
        section = rng.randrange(1, 9)
        content = (
            f"Address: {topic.pages[page][0]}\nTitle: "
            f"{topic.pages[page][1]}\nViewport position: Showing page "
            f"{viewport} of {total}.\n=======================\n## {section}.{viewport} "
            + pick(rng, ["Methods", "Results", "Tables", "Annex", "Notes", "History"])
            + f"\n\nRow {viewport * 10 + section}: "
            + " ".join(rng.sample([*topic.facts, *topic.filler], 3))
        )
        text = pick(
            rng,
            [
                "Thought: Not there yet; next page.",
                "Thought: Continue reading.",
                "",
                "Thought: Scrolling down.",
            ],
        )
        t.step(text, Call("page_down", {}, content))
    t.step(
        "Thought: I have read the whole page.",
        Call(
            "final_answer",
            {"answer": "### 1. Task outcome (short version):\nSummary of the page."},
            "### 1. Task outcome (short version):\nSummary of the page.",
        ),
    )
    notes = (
        f"page_down is called {total - 1} times with identical (empty) arguments, "
        "each returning a new viewport; pagination is healthy (trap T2)."
    )
    return scenario("pagination", index, "Search agent pages through a long document", t, notes)


# --- healthy: test reruns after edits


def test_reruns(rng: random.Random, index: int) -> dict[str, Any]:
    """Edit then run the same test command, several times; the failures change and finally pass."""
    t = new_transcript(rng)
    module = pick(rng, ["src/tabulate/core.py", "lib/dateparse/parser.py", "pkg/router/match.py"])
    t.user(f"The test suite for {module.split('/')[1]} has failures after the refactor. Fix them.")
    command = {
        "command": f"python -m pytest tests/ -q -x -p no:cacheprovider --tb=line -k {module.split('/')[1]}"
    }
    failing = rng.choice([5, 6, 7])
    t.step(
        "Let me run the tests to see the failures.",
        Call("bash", command, f"{failing} failed, 31 passed in 2.1{failing}s"),
    )
    t.step(
        "",
        Call(
            "str_replace_editor",
            {"command": "view", "path": module},
            view_text(module, 1, ["def parse(s):", "    return s.split(',')"]),
        ),
    )
    line = 20
    while failing > 0:
        line += rng.randrange(7, 40)
        fixed = min(failing, rng.choice([1, 2, 3]))
        failing -= fixed
        t.step(
            pick(
                rng,
                [
                    "I'll fix the edge case.",
                    "Adjusting the handling of empty input.",
                    "Next failure: fix the off-by-one.",
                ],
            ),
            Call(
                "str_replace_editor",
                {
                    "command": "str_replace",
                    "path": module,
                    "old_str": f"    x = y[{line}]",
                    "new_str": f"    x = y[{line - 1}]",
                },
                f"The file {module} has been edited.",
            ),
        )
        outcome = (
            (
                f"tests/test_core.py:{line} AssertionError\n{failing} "
                f"failed, {31 + fixed} passed in 2.{rng.randrange(10, 99)}s"
            )
            if failing
            else f"{36 + rng.randrange(0, 2)} passed in 2.{rng.randrange(10, 99)}s"
        )
        t.step(
            pick(rng, ["Running the tests again.", "Let me rerun.", ""]),
            Call("bash", dict(command), outcome, failing > 0),
        )
    t.step("All tests pass now.")
    notes = (
        "The same pytest command is re-run after every edit; each run's output differs (fewer "
        "failures, other lines) until all pass. Edit/test/edit/test is progress (trap T5)."
    )
    return scenario("test-reruns", index, "Edit and re-run the same test command until green", t, notes)


# --- healthy: search fan-out


FANOUT_SUBJECTS = (
    (
        "vector database",
        ("Pinecone", "Weaviate", "Qdrant", "Milvus", "Chroma", "pgvector", "LanceDB", "Vespa"),
    ),
    ("EU country", ("Estonia", "Portugal", "Slovenia", "Ireland", "Austria", "Finland", "Croatia")),
    (
        "CI service",
        ("GitHub Actions", "GitLab CI", "CircleCI", "Buildkite", "Jenkins", "Drone", "Woodpecker"),
    ),
)


def search_fanout(rng: random.Random, index: int) -> dict[str, Any]:
    """The same search tool and the same narration template over many different subjects."""
    kind, names = FANOUT_SUBJECTS[index % len(FANOUT_SUBJECTS)]
    aspect = {
        "vector database": "free tier limits",
        "EU country": "corporate tax rate 2024",
        "CI service": "price per build minute",
    }[kind]
    t = new_transcript(rng)
    t.user(f"Make a table of the {aspect} for these: {', '.join(names)}.")
    chosen = list(names)
    rng.shuffle(chosen)
    for name in chosen:
        value = rng.randrange(5, 40)
        t.step(
            f"Now let me search for {name}'s {aspect}.",
            Call(
                "web_search",
                {"query": f"{name} {aspect}"},
                f"## Search Results\n0. [{name} - "
                f"{aspect}](https://{name.lower().replace(' ', '')}.example.com/pricing)\n\n"
                f"{name}: {value} (as of 2024). "
                f"{pick(rng, ['See the pricing page.', 'Official figures.', 'Updated quarterly.'])}",
            ),
        )
        if rng.random() < 0.3:
            t.step(
                f"Let me confirm {name} on its own page.",
                Call(
                    "visit_page",
                    {"url": f"https://{name.lower().replace(' ', '')}.example.com/pricing"},
                    f"Title: {name} pricing\n\n{aspect}: {value}.",
                ),
            )
    rows = "\n".join(f"| {name} | {rng.randrange(5, 40)} |" for name in chosen)
    t.step(f"| Name | {aspect} |\n|---|---|\n{rows}")
    notes = (
        f"One web_search per {kind} with the same narration template; every query and result "
        "is about a different subject. Batch work over many targets is healthy (trap T4)."
    )
    return scenario(
        "search-fanout", index, f"Search fan-out over {len(names)} {kind}s with templated narration", t, notes
    )


# --- healthy: retry that succeeds


def retry_success(rng: random.Random, index: int) -> dict[str, Any]:
    """A transient error (rate limit, timeout) repeats once or twice, then the same call succeeds."""
    t = new_transcript(rng)
    if index % 2 == 0:
        topic = TOPICS[index % len(TOPICS)]
        t.user(topic.question)
        failures = rng.choice([1, 2])
        for n in range(failures):
            t.step(
                "Thought: Searching." if n == 0 else "Thought: Rate limited; retrying after a pause.",
                Call(
                    "web_search",
                    {"query": topic.queries[0]},
                    "Error: 429 Too Many Requests. Retry after 2 seconds.",
                    True,
                ),
            )
        t.step(
            "Thought: Retrying.",
            Call(
                "web_search", {"query": topic.queries[0]}, search_results(topic, rng, range(len(topic.pages)))
            ),
        )
        t.step(
            "Thought: Reading the top result.",
            Call("visit_page", {"url": topic.pages[0][0]}, page_text(topic, rng, 0)),
        )
        t.step(f"Answer: {topic.facts[0]}")
        what = "web_search hits a rate limit"
    else:
        t.user("Set up the project environment and run the smoke test.")
        failures = rng.choice([1, 2])
        for _ in range(failures):
            t.step(
                "Installing dependencies.",
                Call(
                    "bash",
                    {"command": "pip install -r requirements.txt"},
                    (
                        "ERROR: Could not install packages due to an OSError: "
                        "HTTPSConnectionPool(host='pypi.org', port=443): Read timed out."
                    ),
                    True,
                ),
            )
        t.step(
            "Network hiccup; retrying.",
            Call(
                "bash",
                {"command": "pip install -r requirements.txt"},
                "Successfully installed httpx-0.27.0 pydantic-2.7.1",
            ),
        )
        t.step("", Call("bash", {"command": "python -m pytest tests/smoke -q"}, "4 passed in 0.52s"))
        t.step("Environment ready; the smoke tests pass.")
        what = "pip install times out"
    notes = (
        f"{what} {failures} time(s), then the identical call succeeds and the run moves "
        "on. A retry after a transient error that then succeeds is healthy (trap T3)."
    )
    return scenario("retry-success", index, f"Transient failure, then success ({what})", t, notes)


# --- healthy: booking retried then handed off / until success


def booking_handoff(rng: random.Random, index: int) -> dict[str, Any]:
    """A booking fails two or three times (adjusting after each error), then the agent hands off."""
    user = AIRLINE_USERS[index % len(AIRLINE_USERS)]
    uid, first, last, _code, flight, origin, dest = user
    t = new_transcript(rng)
    t.step("Hi! How can I help you today?")
    t.user(f"I want to book the {flight} from {origin} to {dest} on May 24, economy. User id {uid}.")
    t.step("", Call("get_user_details", {"user_id": uid}, user_json(user)))
    t.step(
        "",
        Call(
            "search_direct_flight",
            {"origin": origin, "destination": dest, "date": "2024-05-24"},
            json.dumps(
                [{"flight_number": flight, "available_seats": {"economy": 9}, "prices": {"economy": 171}}]
            ),
        ),
    )
    t.step(f"I found {flight} at $171 in economy. Shall I book it with your Visa ending 7718?")
    t.user("Yes please.")
    base = {
        "user_id": uid,
        "origin": origin,
        "destination": dest,
        "flight_type": "one_way",
        "cabin": "economy",
        "flights": [{"flight_number": flight, "date": "2024-05-24"}],
        "passengers": [{"first_name": first, "last_name": last, "dob": "1988-03-14"}],
        "payment_methods": [{"payment_id": "credit_card_4421738", "amount": 171}],
        "total_baggages": 0,
        "nonfree_baggages": 0,
        "insurance": "no",
    }
    attempts = rng.choice([2, 3])
    errors = (
        "Error: payment service unavailable (503). Please try again later.",
        "Error: payment service unavailable (503). Please try again later.",
        "Error: booking engine timeout after 30s",
    )
    for n in range(attempts):
        args = dict(base)
        if n == 2:
            args["payment_methods"] = [
                {"payment_id": "gift_card_9026481", "amount": 87},
                {"payment_id": "credit_card_4421738", "amount": 84},
            ]
        t.step(
            "" if n == 0 else "Sorry, that didn't go through. Let me try once more.",
            Call("book_reservation", args, errors[n], True),
        )
        if n == 1 and attempts == 3:
            t.user("Try splitting it with my gift card then.")
    t.step(
        (
            "I'm sorry, the booking system keeps failing. I'll "
            "transfer you to a human agent who can complete it."
        ),
        Call(
            "transfer_to_human_agents",
            {"summary": f"book_reservation for {uid} on {flight} failing with payment/timeout errors"},
            "Transfer successful",
        ),
    )
    t.user("###TRANSFER###")
    notes = (
        f"book_reservation fails {attempts} times (a 503 twice; "
        "with three attempts the third follows a new user "
        "instruction and gets another error), then the agent hands off to a human. At most two identical "
        "failures, then a change and escalation: a bounded retry, not a loop."
    )
    return scenario("booking-handoff", index, "Booking retried a few times, then handed to a human", t, notes)


def payment_retry_success(rng: random.Random, index: int) -> dict[str, Any]:
    """A payment is declined or the service blips; the agent retries (with the user's new card) and it
    succeeds."""
    t = new_transcript(rng)
    order = f"#W{rng.randrange(1000000, 9999999)}"
    email = pick(rng, ["yusuf.rossi@example.com", "mei.davis@example.com"])
    t.step("Hello! How can I help you?")
    t.user(f"I want to change the payment of my pending order {order} to my PayPal. Email {email}.")
    t.step("", Call("find_user_id_by_email", {"email": email}, '"user_8841"'))
    t.step(
        "",
        Call(
            "get_order_details",
            {"order_id": order},
            json.dumps(
                {
                    "order_id": order,
                    "status": "pending",
                    "payment_history": [{"payment_method_id": "credit_card_1", "amount": 254.1}],
                }
            ),
        ),
    )
    t.step(f"Order {order} is pending, total $254.10. Change payment to paypal_5512? (yes/no)")
    t.user("yes")
    args = {"order_id": order, "payment_method_id": "paypal_5512"}
    fails = rng.choice([1, 2])
    for _ in range(fails):
        t.step(
            "",
            Call(
                "modify_pending_order_payment",
                dict(args),
                "Error: payment gateway timeout, please retry",
                True,
            ),
        )
    t.step(
        "That timed out; retrying.",
        Call(
            "modify_pending_order_payment",
            dict(args),
            json.dumps(
                {
                    "order_id": order,
                    "status": "pending",
                    "payment_history": [{"payment_method_id": "paypal_5512", "amount": 254.1}],
                }
            ),
        ),
    )
    t.step("Done! Your order is now paid with PayPal.")
    notes = (
        f"modify_pending_order_payment times out {fails} time(s), then the "
        "identical call succeeds. A retry that succeeds is healthy (trap T3)."
    )
    return scenario("payment-retry-success", index, "Payment change retried until it succeeds", t, notes)


# --- healthy: fan-out over files


def file_fanout(rng: random.Random, index: int) -> dict[str, Any]:
    """The same edit template applied across many files (licence header, import rename)."""
    t = new_transcript(rng)
    package = pick(rng, ["billing", "ingest", "reports"])
    count = rng.choice([10, 12, 15])
    files = [
        f"src/{package}/{name}.py"
        for name in rng.sample(
            [
                "api",
                "models",
                "views",
                "tasks",
                "utils",
                "forms",
                "admin",
                "signals",
                "serializers",
                "urls",
                "cli",
                "config",
                "errors",
                "hooks",
                "jobs",
                "schema",
                "storage",
            ],
            count,
        )
    ]
    if index % 2 == 0:
        t.user(f"Replace `from {package}.compat import json` with `import json` across the package.")
        t.step(
            "",
            Call(
                "bash",
                {"command": f"grep -rl 'from {package}.compat import json' src/{package}"},
                "\n".join(files),
            ),
        )
        for path in files:
            t.step(
                pick(rng, [f"Updating {path}.", "Next file.", ""]),
                Call(
                    "str_replace_editor",
                    {
                        "command": "str_replace",
                        "path": path,
                        "old_str": f"from {package}.compat import json",
                        "new_str": "import json",
                    },
                    (
                        f"The file {path} has been edited. Here's the result of "
                        f"running `cat -n` on a snippet of {path}:\n     3\timport json"
                    ),
                ),
            )
    else:
        t.user("Add the SPDX licence header to every Python file in the package.")
        t.step(
            "", Call("bash", {"command": f"ls src/{package}"}, "\n".join(p.rsplit("/", 1)[1] for p in files))
        )
        for path in files:
            t.step(
                pick(rng, [f"Adding the header to {path}.", "Next.", ""]),
                Call(
                    "str_replace_editor",
                    {
                        "command": "insert",
                        "path": path,
                        "insert_line": 0,
                        "new_str": "# SPDX-License-Identifier: Apache-2.0\n",
                    },
                    f"The file {path} has been edited.",
                ),
            )
    t.step("", Call("bash", {"command": "python -m pytest -q"}, f"{rng.randrange(80, 200)} passed in 4.02s"))
    t.step(f"Done: {count} files updated and the tests pass.")
    notes = (
        f"str_replace_editor is called on {count} different files with the same edit; each "
        "call targets a new file. Batch work over many targets is healthy (trap T4)."
    )
    return scenario("file-fanout", index, f"Same edit applied to {count} files", t, notes)


# --- healthy: sub-agent with different sub-tasks


SUBTASKS = (
    (
        "Compare the three largest container ports in Europe.",
        ("Rotterdam", "Antwerp-Bruges", "Hamburg"),
        "container throughput in TEU for 2023",
    ),
    (
        "Brief me on the battery chemistry used by three EV makers.",
        ("BYD", "Tesla", "Volkswagen"),
        "battery cell chemistry in their 2024 entry models",
    ),
    (
        "Summarise recent central bank decisions.",
        ("the ECB", "the Bank of England", "the Bank of Japan", "the Swiss National Bank"),
        "most recent policy rate decision",
    ),
)


def subagent_subtasks(rng: random.Random, index: int) -> dict[str, Any]:
    """A manager gives its search agent one sub-task per subject with the same long template."""
    question, subjects, aspect = SUBTASKS[index % len(SUBTASKS)]
    t = new_transcript(rng)
    t.user(question)
    for subject in subjects:
        value = rng.randrange(2, 20)
        task = (
            f"Find {aspect} for {subject}. Use official sources first (annual reports, press releases, "
            "statistics offices), then reputable news. Report the exact figure or fact, the URL it comes "
            "from, and any caveats about definitions or dates. Be thorough, but keep the report focused."
        )
        report = (
            "Here is the final answer from your managed agent "
            "'search_agent':\n### 1. Task outcome (short version):\n"
            f"For {subject}, the {aspect} is {value}.{rng.randrange(0, 9)} (units as reported).\n\n"
            "### 2. Task outcome (extremely detailed version):\nThe "
            f"official publication of {subject} states the "
            f"figure for {aspect}. "
            + pick(rng, ["It was revised once.", "No revisions were found.", "Definitions changed in 2022."])
            + "\n\n"
            "### 3. Additional context (if relevant):\nSource: "
            f"https://{subject.lower().replace(' ', '-')}.example.org/report"
        )
        t.step(
            f"Thought: Next, {subject}. I'll delegate it to the search agent.",
            Call("search_agent", {"task": task}, report),
        )
    t.step(
        "Thought: I have all the pieces.",
        Call("final_answer", {"answer": "Comparison table ..."}, "Comparison table ..."),
    )
    notes = (
        f"search_agent is called {len(subjects)} times with the same long task template but a different "
        "subject each time, and each report is about that subject. Different sub-tasks are healthy."
    )
    return scenario("subagent-subtasks", index, "Manager delegates one sub-task per subject", t, notes)


# --- healthy: code iterating with different errors


def code_iterate(rng: random.Random, index: int) -> dict[str, Any]:
    """A code agent whose snippet fails several times, each time differently, and finally works."""
    tool = pick(rng, ["python_interpreter", "execute_code", "run_python"])
    t = new_transcript(rng)
    t.user("Plot weekly active users from events.parquet and report the peak week.")
    errors = [
        "ModuleNotFoundError: No module named 'pyarrow'",
        "KeyError: 'user'",
        "TypeError: Cannot compare tz-naive and tz-aware datetime-like objects",
        "ValueError: cannot reindex on an axis with duplicate labels",
        "AttributeError: 'DataFrameGroupBy' object has no attribute 'nunique_users'",
    ]
    chosen = rng.sample(errors, rng.choice([2, 3, 4]))
    chosen.sort(key=lambda error: not error.startswith("ModuleNotFoundError"))  # reading fails first
    code = "import pandas as pd\ndf = pd.read_parquet('events.parquet')"
    for n, error in enumerate(chosen):
        code += f"\n# attempt {n + 1}\n" + pick(
            rng,
            [
                "df['ts'] = pd.to_datetime(df['ts'], utc=True)",
                "wau = df.groupby(pd.Grouper(key='ts', freq='W'))['user_id'].nunique()",
                "df = df.drop_duplicates('event_id')",
            ],
        )
        t.step(
            "Thought: First attempt."
            if n == 0
            else f"Thought: A different problem now ({error.split(':')[0]}). Fixing that.",
            Call(tool, {"code": code}, f"Code execution failed at line {3 + 2 * n} due to: {error}", True),
        )
        if error.startswith("ModuleNotFoundError"):
            t.step(
                "Thought: Install the engine.",
                Call(
                    tool,
                    {"code": "import subprocess\nsubprocess.run(['pip', 'install', 'pyarrow'])"},
                    "Execution logs:\nSuccessfully installed pyarrow-16.1.0",
                ),
            )
    t.step(
        "Thought: This should work now.",
        Call(
            tool,
            {"code": code + "\nprint(wau.idxmax(), wau.max())"},
            (
                f"Execution logs:\n2024-03-{rng.randrange(10, 28)} "
                f"{rng.randrange(900, 5000)}\nLast output from code snippet:\nNone"
            ),
        ),
    )
    t.step("The peak week is shown above; the plot is saved as wau.png.")
    notes = (
        f"{tool} fails {len(chosen)} times, each with a different error the agent then fixes, and "
        "the final snippet works. Iterating with changing errors is progress, not an error streak."
    )
    return scenario(
        "code-iterate", index, "Code agent fixes a different error each time and succeeds", t, notes
    )


# --- healthy: long session


def long_session(rng: random.Random, index: int) -> dict[str, Any]:
    """A long SWE session: explore, read many files, edit, test, fix, pass."""
    t = new_transcript(rng)
    t.user("Add support for a `--since` flag to the `export` command, with tests.")
    t.step(
        "",
        Call(
            "bash",
            {"command": "ls -R src | head -50"},
            "src/cli:\n__init__.py\nexport.py\nimport_.py\nmain.py\nsrc/core:\nstore.py\nfilters.py\ndates.py",
        ),
    )
    for path in rng.sample(
        [
            "src/cli/export.py",
            "src/cli/main.py",
            "src/core/store.py",
            "src/core/filters.py",
            "src/core/dates.py",
            "tests/test_export.py",
            "tests/test_filters.py",
        ],
        7,
    ):
        t.step(
            pick(rng, [f"Let me read {path}.", "", "Looking at this next."]),
            Call(
                "str_replace_editor",
                {"command": "view", "path": path},
                view_text(
                    path, 1, [f"# {path}", "import argparse", f"def f_{len(path)}(x):", "    return x"]
                ),
            ),
        )
    for term in rng.sample(["parse_date", "def export", "since", "filter_rows", "add_argument"], 4):
        t.step(
            "",
            Call(
                "bash",
                {"command": f"grep -rn '{term}' src tests"},
                f"src/core/filters.py:{rng.randrange(5, 90)}: {term}(...)",
            ),
        )
    edits = [
        "src/cli/export.py",
        "src/core/filters.py",
        "src/core/dates.py",
        "tests/test_export.py",
        "tests/test_export.py",
        "src/cli/export.py",
    ]
    for n, path in enumerate(edits):
        t.step(
            pick(rng, ["Implementing this part.", "Adding a test.", "Wiring it up.", ""]),
            Call(
                "str_replace_editor",
                {
                    "command": "str_replace",
                    "path": path,
                    "old_str": f"# marker {n}",
                    "new_str": f"# marker {n}\nsince = args.since",
                },
                f"The file {path} has been edited.",
            ),
        )
    results = ["2 failed, 40 passed", "1 failed, 41 passed", "42 passed"]
    for n, result in enumerate(results):
        t.step(
            "Running the tests.",
            Call("bash", {"command": "python -m pytest -q"}, f"{result} in 3.{n}4s", "failed" in result),
        )
        if n < 2:
            t.step(
                "Fixing the failure.",
                Call(
                    "str_replace_editor",
                    {
                        "command": "str_replace",
                        "path": "src/core/dates.py",
                        "old_str": f"tz={n}",
                        "new_str": f"tz={n + 1}",
                    },
                    "The file src/core/dates.py has been edited.",
                ),
            )
    t.step(
        "",
        Call(
            "bash",
            {"command": "git diff --stat"},
            (
                " src/cli/export.py | 14 +\n src/core/dates.py | 9 +\n "
                "src/core/filters.py | 6 +\n tests/test_export.py | 41 +"
            ),
        ),
    )
    t.step("The flag is implemented and tested; all 42 tests pass.")
    notes = (
        "A long varied session: reading different files, different greps, edits, "
        "test runs whose results improve, done. Nothing repeats without progress."
    )
    return scenario("long-session", index, "Long healthy SWE session", t, notes)


# --- healthy: schema error corrected


def schema_corrected(rng: random.Random, index: int) -> dict[str, Any]:
    """One schema error, which the agent reads and fixes; the call succeeds and work continues."""
    tool, request, error, make_args = SCHEMA_TOOLS[index % len(SCHEMA_TOOLS)]
    t = new_transcript(rng)
    t.user(request)
    bad = make_args(rng, 0)
    t.step(f"I'll call {tool}.", Call(tool, bad, error, True))
    fixed = dict(bad)
    if tool == "create_calendar_event":
        fixed["start_time"] = fixed.pop("start")
    elif tool == "jira_create_issue":
        fixed["project_key"] = fixed.pop("project")
    elif tool == "query_database":
        fixed = {"statement": bad["query"], "read_only": True}
    else:
        fixed["channel_id"] = "C04DEPLOYS"
    t.step(
        "The error says which parameter is expected; fixing the argument name.",
        Call(tool, fixed, json.dumps({"ok": True, "id": rng.randrange(1000, 9999)})),
    )
    t.step("Done.")
    notes = (
        f"{tool} fails once with a schema error, the agent renames the parameter as "
        "the error says, and the call succeeds. One corrected error is healthy."
    )
    return scenario("schema-corrected", index, f"Schema error on {tool} corrected after one try", t, notes)


# --- healthy: repetitive but valid text


def structured_reply(rng: random.Random, index: int) -> dict[str, Any]:
    """A long final reply whose rows share a prefix: a table or a mapping, every row different."""
    t = new_transcript(rng)
    if index % 2 == 0:
        t.user("List the per-region latency p95 for the last 24 hours as a table.")
        regions = [
            "us-east-1",
            "us-east-2",
            "us-west-1",
            "us-west-2",
            "eu-west-1",
            "eu-west-2",
            "eu-west-3",
            "eu-central-1",
            "eu-north-1",
            "ap-south-1",
            "ap-southeast-1",
            "ap-southeast-2",
            "ap-northeast-1",
            "ap-northeast-2",
            "sa-east-1",
            "ca-central-1",
            "me-south-1",
            "af-south-1",
        ]
        t.step(
            "",
            Call(
                "query_metrics",
                {"metric": "http_latency_p95_ms", "group_by": "region", "window": "24h"},
                json.dumps({r: rng.randrange(40, 400) for r in regions}),
            ),
        )
        rows = "\n".join(
            f"| {r} | http_latency_p95_ms | {rng.randrange(40, 400)} ms | within SLO |" for r in regions
        )
        t.step(f"| Region | Metric | p95 | Status |\n|---|---|---|---|\n{rows}")
    else:
        t.user("Write a Python dict mapping each HTTP status code we use to its reason phrase.")
        codes = [
            (200, "OK"),
            (201, "Created"),
            (202, "Accepted"),
            (204, "No Content"),
            (301, "Moved Permanently"),
            (302, "Found"),
            (304, "Not Modified"),
            (400, "Bad Request"),
            (401, "Unauthorized"),
            (403, "Forbidden"),
            (404, "Not Found"),
            (409, "Conflict"),
            (422, "Unprocessable Content"),
            (429, "Too Many Requests"),
            (500, "Internal Server Error"),
            (502, "Bad Gateway"),
            (503, "Service Unavailable"),
            (504, "Gateway Timeout"),
        ]
        body = "\n".join(f'    HTTPStatus({c}): "{p}",' for c, p in codes)
        t.step(f"```python\nfrom http import HTTPStatus\n\nREASONS = {{\n{body}\n}}\n```")
    notes = (
        "The final reply is long and each line shares a prefix with the others (table rows, dict entries), "
        "but every line carries a different value. Repetitive but valid text is healthy (trap T6)."
    )
    return scenario("structured-reply", index, "Long reply with many similar rows", t, notes)


# --- healthy: same lookup across new questions


def cs_relookup(rng: random.Random, index: int) -> dict[str, Any]:
    """A support agent looks up the same reservation once per new user question; each answer is new."""
    user = AIRLINE_USERS[(index + 1) % len(AIRLINE_USERS)]
    uid, _first, _last, code, *_ = user
    t = new_transcript(rng)
    t.step("Hi! How can I help you today?")
    questions = (
        f"What time does my flight on reservation {code} leave? My id is {uid}.",
        "And how many bags do I have on it?",
        "Is insurance included?",
        "Which card did I pay with?",
    )
    answers = (
        "It departs at 14:05.",
        "You have 1 checked bag, no extra fees.",
        "No travel insurance is included.",
        "Visa ending 7718.",
    )
    for question, answer in zip(questions, answers, strict=True):
        t.user(question)
        t.step("", Call("get_reservation_details", {"reservation_id": code}, reservation_json(user)))
        t.step(answer)
    t.user("Thanks, that's all.")
    t.step("You're welcome, have a good trip!")
    notes = (
        "get_reservation_details is called with the same "
        "arguments and result four times, but each call answers "
        "a new user question in a new turn. Identical calls "
        "answering new questions are not a loop (trap T11)."
    )
    return scenario("cs-relookup", index, "Same reservation looked up once per new user question", t, notes)


# --- the set


FAMILIES = (
    Family(
        "research-paraphrase",
        True,
        4,
        "search sub-agent paraphrasing a query; overlapping results, re-visited pages",
        research_paraphrase,
    ),
    Family(
        "research-redelegate",
        True,
        3,
        "manager re-delegating the same task; reports saying the same in other words",
        research_redelegate,
    ),
    Family(
        "code-same-error",
        True,
        4,
        "code agent rewriting a snippet that fails on the same line",
        code_same_line,
    ),
    Family(
        "schema-guessing",
        True,
        4,
        "tool-calling agent keeping a wrong parameter, varying values",
        schema_guessing,
    ),
    Family(
        "cs-lookup-repeat", True, 3, "airline agent re-fetching one reservation within a turn", cs_lookup_loop
    ),
    Family("empty-repeat", True, 3, "identical call re-issued after an empty result", empty_repeat),
    Family("ab-cycle", True, 3, "A/B/A/B alternation with unchanged results", ab_cycle),
    Family("degenerate-reply", True, 2, "a reply collapsing into one repeated sentence", degenerate_reply),
    Family(
        "restated-intent",
        True,
        2,
        "the same intent restated while calls return the same output",
        restated_intent,
    ),
    Family("polling", False, 3, "polling a job until it finishes", polling),
    Family("pagination", False, 3, "page_down through a long document", pagination),
    Family("test-reruns", False, 3, "re-running tests after edits that change the output", test_reruns),
    Family(
        "search-fanout",
        False,
        3,
        "search fan-out over different subjects, templated narration",
        search_fanout,
    ),
    Family("retry-success", False, 2, "a transient error, then the same call succeeds", retry_success),
    Family(
        "booking-handoff",
        False,
        3,
        "booking retried two or three times, then a human hand-off",
        booking_handoff,
    ),
    Family(
        "payment-retry-success", False, 2, "payment change retried until it succeeds", payment_retry_success
    ),
    Family("file-fanout", False, 3, "one edit template over many files", file_fanout),
    Family(
        "subagent-subtasks", False, 3, "sub-agent given a different sub-task each time", subagent_subtasks
    ),
    Family(
        "code-iterate", False, 3, "code agent fixing a different error each time, then working", code_iterate
    ),
    Family("long-session", False, 2, "long varied SWE session", long_session),
    Family("schema-corrected", False, 2, "one schema error, corrected", schema_corrected),
    Family("structured-reply", False, 2, "long reply of many similar but different rows", structured_reply),
    Family("cs-relookup", False, 2, "same lookup answering a new user question each turn", cs_relookup),
)


def build() -> list[dict[str, Any]]:
    return [
        family.build(random.Random(f"{SEED}/{family.slug}/{index}"), index)
        for family in FAMILIES
        for index in range(family.count)
    ]


def readme(scenarios: Sequence[dict[str, Any]]) -> str:
    loops = sum(s["label"]["loop"] for s in scenarios)
    rows = "\n".join(
        f"| {f.slug} | {'loop' if f.loop else 'healthy'} | {f.count} | {f.summary} |" for f in FAMILIES
    )
    return (
        "# heldout-blind2: a second blind held-out set\n\n"
        f"{len(scenarios)} synthetic agent sessions ({loops} "
        f"loops, {len(scenarios) - loops} healthy), written by "
        "`corpus/generate_heldout_blind2.py` (seeded, standard library only; regenerate with "
        "`python corpus/generate_heldout_blind2.py`). Format and labelling follow `SCHEMA.md`.\n\n"
        "## How it was made blind\n\n"
        "The author did not read loopwatch's detectors, event summaries, detection docs or tests, nor the "
        "other generated sets or their generators (only the opening lines of `corpus/blindgen/` were seen "
        "while listing the tree: module docstrings and a few name lists, none of it reused), and ran no "
        "loopwatch detector before the scenarios and labels were committed. Inputs "
        "were only `SCHEMA.md`, the peer notes on how agents loop and which "
        "healthy patterns users reported as false positives, and a few real transcripts for tool names, "
        "argument shapes and result texts.\n\n"
        "## Labels\n\n"
        "Onsets follow the conventions of the real sets: the 3rd identical call; the 3rd consecutive "
        "fruitless step (a failure or result that repeats an earlier one, a search returning pages already "
        "seen, a report saying the same in other words); for an A/B cycle starting at step s, s + 3; for "
        "collapsed text, the collapsed reply. Each scenario's notes give the steps and the reason.\n\n"
        "## Families\n\n"
        "| family | side | scenarios | what |\n|---|---|---|---|\n"
        f"{rows}\n\n"
        "## Licence\n\nGenerated data, under the same licence as the repository.\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    out: Path = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    scenarios = build()
    for old in out.glob("*.json"):
        old.unlink()
    for item in scenarios:
        (out / f"{item['id']}.json").write_text(
            json.dumps(item, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    (out / "README.md").write_text(readme(scenarios), encoding="utf-8")


if __name__ == "__main__":
    main()
