"""Generate ``corpus/synthetic-generalize/``: near-duplicate loop families and their healthy look-alikes.

Run from the repository root (deterministic for a given seed; the shipped set is seed 1)::

    python3 corpus/generate_synthetic_generalize.py --seed 1 --out corpus/synthetic-generalize

Each family is a function ``(rng, index) -> Scenario`` built on ``Transcript``, which numbers the
steps (assistant messages, from 1) and pairs every call with its result. Loop families return the
onset step they computed while building, so the label never drifts from the events. The families
and the onset rules are described in ``synthetic-generalize/README.md``; this module only writes
JSON files (stdlib only, no network) and is imported by ``tests/corpus`` to check the shipped set
is what the generator produces.
"""

from __future__ import annotations

import argparse
import json
import random
import string
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Json = dict[str, Any]

SET_NAME = "synthetic-generalize"
#: Scenarios per family: loop families get more (their variants differ more than the healthy ones').
LOOPS_PER_FAMILY = 8
HEALTHY_PER_FAMILY = 4
#: The shipped set's seed; the README's scores were measured on it.
DEFAULT_SEED = 1
#: Near-duplicate loops are unambiguous at the 3rd fruitless repeat of the first (informative)
#: occurrence, i.e. the pattern's 4th occurrence (README "Onset rule").
ONSET_OCCURRENCE = 4


@dataclass
class Transcript:
    """A scenario's events under construction; ``step`` is the number of the last assistant message."""

    rng: random.Random
    events: list[Json] = field(default_factory=list)
    step: int = 0
    id_style: int = 0
    calls: int = 0

    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def say(self, text: str) -> int:
        """A text-only assistant step; returns its step number."""
        self.step += 1
        self.events.append({"type": "message", "role": "assistant", "text": text})
        return self.step

    def act(self, text: str, calls: Sequence[tuple[str, Json, str, bool]]) -> int:
        """One assistant step with a batch of ``(tool, arguments, result, is_error)``; returns its step."""
        self.step += 1
        ids = [self._call_id(name) for name, _, _, _ in calls]
        self.events.append(
            {
                "type": "message",
                "role": "assistant",
                "text": text,
                "tool_calls": [
                    {"id": cid, "name": name, "arguments": args}
                    for cid, (name, args, _, _) in zip(ids, calls, strict=True)
                ],
            }
        )
        for cid, (name, _, content, failed) in zip(ids, calls, strict=True):
            self.events.append(
                {"type": "tool_result", "call_id": cid, "name": name, "content": content, "is_error": failed}
            )
        return self.step

    def call(self, text: str, name: str, args: Json, content: str, failed: bool = False) -> int:
        return self.act(text, [(name, args, content, failed)])

    def _call_id(self, name: str) -> str:
        self.calls += 1
        alnum = string.ascii_letters + string.digits
        if self.id_style == 0:
            return "call_" + "".join(self.rng.choice(alnum) for _ in range(24))
        if self.id_style == 1:
            return "toolu_01" + "".join(self.rng.choice(alnum) for _ in range(22))
        if self.id_style == 2:
            return f"c{self.calls}"
        return f"{name}:{self.calls - 1}"


@dataclass(frozen=True)
class Scenario:
    family: str
    description: str
    notes: str
    kinds: tuple[str, ...]
    onset: int | None
    transcript: Transcript
    agent: str


def new_transcript(rng: random.Random) -> Transcript:
    return Transcript(rng=rng, id_style=rng.randrange(4))


def pick(rng: random.Random, options: Sequence[str]) -> str:
    return options[rng.randrange(len(options))]


def pick_int(rng: random.Random, options: Sequence[int]) -> int:
    return options[rng.randrange(len(options))]


def hexid(rng: random.Random, n: int = 8) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


# --------------------------------------------------------------------------------------------
# Personas: the tool names and the voice of one agent, so that no family has one agent's habits.
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Persona:
    agent: str
    code_tool: str
    code_key: str
    search_tool: str
    search_key: str
    visit_tool: str
    thought: str  # prefix of the narration ("" or "Thought: ")


PERSONAS = (
    Persona(
        "smolagents-style CodeAgent",
        "python_interpreter",
        "code",
        "web_search",
        "query",
        "visit_webpage",
        "Thought: ",
    ),
    Persona("OpenAI function-calling agent", "execute_code", "code", "google_search", "q", "fetch_url", ""),
    Persona("LangGraph ReAct agent", "run_python", "script", "tavily_search", "query", "browse", ""),
    Persona("AutoGen assistant", "code_executor", "source", "bing_search", "query", "open_url", ""),
    Persona("custom research agent", "ipython", "cell", "search", "text", "read_page", "Reasoning: "),
    Persona("Claude tool-use agent", "code_interpreter", "code", "search_web", "query", "get_page", ""),
)


def persona(rng: random.Random) -> Persona:
    return PERSONAS[rng.randrange(len(PERSONAS))]


APOLOGIES = (
    "I apologize for the error. Let me try a different approach.",
    "Sorry about that, the code failed. I'll rewrite it.",
    "It seems there was an error. Let me fix the code and try again.",
    "My apologies. Let me correct the snippet.",
    "That attempt failed; I will approach this differently.",
    "The previous code raised an error. Let me revise it.",
    "I see the problem. Let me rewrite this more carefully.",
    "Apologies for the confusion, here is a corrected version.",
)


# --------------------------------------------------------------------------------------------
# Healthy prefixes: distinct, successful calls before the family's pattern starts.
# --------------------------------------------------------------------------------------------

RESEARCH_TASKS = (
    ("the median household income of Tallinn in 2021", "Tallinn household income 2021", "Tallinn"),
    (
        "which year the Ostrava tramway first ran electric cars",
        "Ostrava tramway electrification year",
        "Ostrava tramway",
    ),
    ("the depth of Lake Hovsgol at its deepest point", "Lake Hovsgol maximum depth", "Lake Hovsgol"),
    (
        "how many episodes season 4 of 'Harbor Lights' has and which one features the driving test",
        "Harbor Lights season 4 driving test episode",
        "Harbor Lights",
    ),
    (
        "the first-year enrolment at the University of Lagos in 2019",
        "University of Lagos enrolment 2019",
        "University of Lagos",
    ),
    ("the wingspan of the Antonov An-22", "Antonov An-22 wingspan", "An-22"),
    ("the number of moons of Uranus announced in 2023", "Uranus moons discovered 2023", "Uranus"),
    ("the winner of the 1987 Tour de Suisse", "1987 Tour de Suisse winner", "Tour de Suisse"),
)

SITES = (
    "en.wikipedia.org/wiki",
    "www.britannica.com/topic",
    "www.reddit.com/r/AskHistorians/comments",
    "www.statista.com/statistics",
    "fandom.com/wiki",
    "www.theguardian.com/world",
    "archive.org/details",
    "www.nationalgeographic.com/science",
    "stats.oecd.org/Index",
    "www.imdb.com/title",
)


def research_prefix(t: Transcript, p: Persona, entity: str, n: int) -> None:
    """``n`` distinct productive steps (searches on side facts, a page read, a calculation)."""
    rng = t.rng
    side = ["history", "overview", "official statistics", "timeline", "location", "recent news"]
    rng.shuffle(side)
    for i in range(n):
        if i % 2 == 0:
            q = f"{entity} {side[i]}"
            res = render_results(
                [
                    (
                        f"{entity} {side[i]} - {s.split('/')[0]}",
                        f"https://{s}/{slug(entity)}-{slug(side[i])}",
                        f"{entity}: {side[i]} summary, item {rng.randrange(10, 99)}.",
                    )
                    for s in rng.sample(SITES, 3)
                ]
            )
            t.call(
                f"{p.thought}I'll start by gathering background on {entity} ({side[i]}).",
                p.search_tool,
                {p.search_key: q},
                res,
            )
        else:
            url = f"https://{pick(rng, SITES)}/{slug(entity)}-{slug(side[i])}"
            t.call(
                f"{p.thought}Let me read this page for context.",
                p.visit_tool,
                {"url": url},
                f"# {entity}\n\n{entity} is discussed here in terms of its {side[i]}. "
                f"Section {rng.randrange(2, 9)} lists dates and figures unrelated to the question.",
            )


def slug(text: str) -> str:
    return "-".join("".join(c for c in w if c.isalnum()) for w in text.lower().split())


def render_results(rows: Sequence[tuple[str, str, str]]) -> str:
    """Search results in one of the common shapes (markdown list of title/url/snippet)."""
    return "## Search Results\n\n" + "\n\n".join(
        f"{i}. [{title}]({url})\n{snippet}" for i, (title, url, snippet) in enumerate(rows, 1)
    )


CODE_TASKS = (
    ("sales_2023.xlsx", "total revenue per region"),
    ("survey.csv", "the share of respondents per age band"),
    ("inventory.json", "the items below their reorder level"),
    ("trips.parquet", "the average trip length per weekday"),
    ("grades.csv", "the median grade per course"),
    ("readings.tsv", "the hourly maximum temperature"),
)


def code_prefix(t: Transcript, p: Persona, fname: str, n: int) -> None:
    rng = t.rng
    steps = [
        (
            "Let me first list the working directory.",
            "import os\nprint(os.listdir('.'))",
            f"['{fname}', 'notes.txt', 'README.md']",
        ),
        (
            f"Now I'll look at the first rows of {fname}.",
            f"print(open_table('{fname}').head())",
            "   id  region   Rev.  units\n0   1   north  1200.5     3\n1   2   south   980.0     2",
        ),
        (
            "Let me check the column types.",
            f"print(open_table('{fname}').dtypes)",
            "id         int64\nregion    object\nRev.      float64\nunits      int64\ndtype: object",
        ),
        ("I'll count the rows.", f"print(len(open_table('{fname}')))", str(rng.randrange(200, 5000))),
    ]
    for text, code, out in steps[:n]:
        t.call(f"{p.thought}{text}", p.code_tool, {p.code_key: code}, out)


# --------------------------------------------------------------------------------------------
# (a) failure streaks with changing inputs
# --------------------------------------------------------------------------------------------


#: Error variants whose cause shows in the data (a healthy agent can inspect it and fix the code).
DATA_ERROR_KINDS = (1, 2, 3)
ERROR_KINDS = 6


def variant_errors(rng: random.Random, kind: int) -> tuple[str, list[tuple[str, str]]]:
    """One root cause (variant ``kind``), rewritten snippets that all hit it, errors saying the same in
    other words or with other names and numbers."""
    if kind == 0:
        names = ["soup", "page", "doc", "html_tree", "parsed", "dom"]
        rng.shuffle(names)
        return "a scraper whose `find` returns None at the same line", [
            (
                f"{n} = BeautifulSoup(resp.text, '{pick(rng, ['html.parser', 'lxml', 'html5lib'])}')\n"
                f"table = {n}.find('table', {{'class': 'wikitable'}})\nrows = "
                "table.find_all('tr')\nprint(len(rows))",
                f'Traceback (most recent call last):\n  File "<cell>", line 3, in <module>\n'
                "AttributeError: 'NoneType' object has no attribute "
                f"'{pick(rng, ['find_all', 'findAll', 'select'])}'",
            )
            for n in names
        ]
    if kind == 1:
        cols = ["Revenue", "revenue", "Revenue ", "total_revenue", "REVENUE", "rev"]
        rng.shuffle(cols)
        return "a data frame column that does not exist under any of the guessed spellings", [
            (
                f"df = open_table('data.xlsx')\n{v} = df.groupby('region')['{c}'].sum()\nprint({v})",
                f'Code execution failed at line \'{v} = df.groupby("region")["{c}"].sum()\' due to: '
                f"KeyError: 'Column not found: {c}'",
            )
            for v, c in zip(["totals", "by_region", "summary", "agg", "result", "out"], cols, strict=True)
        ]
    if kind == 2:
        words = [
            ('can only concatenate str (not "int") to str', "TypeError"),
            ("unsupported operand type(s) for +: 'int' and 'str'", "TypeError"),
            ('can only concatenate str (not "float") to str', "TypeError"),
            ("unsupported operand type(s) for +=: 'int' and 'str'", "TypeError"),
            ('can only concatenate str (not "int") to str', "TypeError"),
            ("unsupported operand type(s) for +: 'float' and 'str'", "TypeError"),
        ]
        names = ["total", "acc", "running", "s", "agg", "count"]
        return "string amounts summed as numbers; the same TypeError phrased two ways", [
            (
                f"{n} = 0\nfor row in rows:\n    {n} = {n} + row['amount']\nprint({n})",
                f'Traceback (most recent call last):\n  File "<stdin>", line 3, in <module>\n{cls}: {msg}',
            )
            for n, (msg, cls) in zip(names, words, strict=True)
        ]
    if kind == 3:
        vals = ["'1,234'", "'2,501.50'", "'$3,100'", "'12 400'", "'4,020'", "'7,775.25'"]
        rng.shuffle(vals)
        return "thousands separators in the amounts; ValueError with another number each time", [
            (
                f"values = [float(x) for x in column_{i}]\nprint(sum(values))",
                f"ValueError: could not convert string to float: {v}",
            )
            for i, v in enumerate(vals)
        ]
    if kind == 4:
        mods = [
            "import geopy",
            "from geopy import distance",
            "import geopy.distance as gd",
            "from geopy.distance import geodesic",
            "import geopy as gp",
            "from geopy import Point",
        ]
        return "a module the sandbox does not have, imported in other ways", [
            (
                f"{m}\nprint(compute_distance(a, b))",
                pick(
                    rng,
                    [
                        "ModuleNotFoundError: No module named 'geopy'",
                        f"Code execution failed at line '{m}' due to: InterpreterError: Import of geopy is "
                        "not "
                        "allowed. Authorized imports are: ['math', 'statistics', 'datetime', 're']",
                    ],
                ),
            )
            for m in mods
        ]
    return "a one-line program with the same syntax error at the same place", [
        (
            f"python -c \"import csv; rows = list(csv.reader(open('{f}'))); for r in rows: print(r[{i}])\"",
            f"  File \"<string>\", line 1\n    import csv; rows = list(csv.reader(open('{f}'))); for r in "
            "rows: "
            f"print(r[{i}])\n{' ' * 53}^^^\nSyntaxError: invalid syntax",
        )
        for i, f in enumerate(
            ["data.csv", "data.csv", "./data.csv", "data.csv", "/work/data.csv", "data.csv"]
        )
    ]


def loop_failure_streak(rng: random.Random, index: int) -> Scenario:
    t, p = new_transcript(rng), persona(rng)
    fname, goal = CODE_TASKS[index % len(CODE_TASKS)]
    t.user(f"Using the file {fname}, compute {goal} and report the numbers.")
    code_prefix(t, p, fname, rng.randrange(1, 4))
    cause, attempts = variant_errors(rng, rng.randrange(ERROR_KINDS))
    length = rng.randrange(ONSET_OCCURRENCE, len(attempts) + 1)
    first = t.step + 1
    for i, (code, err) in enumerate(attempts[:length]):
        text = "Now I'll compute it." if i == 0 else pick(rng, APOLOGIES)
        t.call(f"{p.thought}{text}", p.code_tool, {p.code_key: code}, err, failed=True)
    onset = first + ONSET_OCCURRENCE - 1
    tail = loop_tail(t, p)
    return Scenario(
        "failure_streak",
        f"{p.agent}: {length} rewritten snippets in a row all fail on {cause}{tail}",
        f"Steps {first}-{first + length - 1} each run a rewritten snippet ({cause}); every attempt fails "
        "with the "
        "same error class (other variable names, other wording or numbers) and the model apologises "
        "instead of "
        f"inspecting the cause. Step {first} is informative; steps {first + 1}, {first + 2}, {first + 3} are "
        f"fruitless repeats: onset at the 4th consecutive failing step = {onset}.",
        ("error_streak", "same_tool"),
        onset,
        t,
        p.agent,
    )


def loop_tail(t: Transcript, p: Persona) -> str:
    """How a loop ends: the step limit (nothing), a late break-out, or a user interruption."""
    how = t.rng.randrange(3)
    if how == 1:
        t.say(f"{p.thought}I was not able to complete the computation; the data could not be processed.")
        return ", then gives up"
    if how == 2:
        t.user("Stop, this is going nowhere. Tell me what you have so far.")
        t.say("So far I have no definitive result; every attempt ended the same way.")
        return "; the user interrupts"
    return ""


#: (tool, argument key, user request, candidates, error naming its target, what the found one returns).
TARGET_FANOUTS = (
    (
        "fetch_url",
        "url",
        "Find the public changelog of the v2 API; one of our mirrors should have it.",
        [
            f"https://docs.example-{n}.org/api/v2/changelog"
            for n in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta")
        ],
        "HTTPError 404: Not Found for url: {t}",
        "# Changelog v2\n- 2.4.0: pagination cursors\n- 2.3.1: fixes",
    ),
    (
        "get_order",
        "order_id",
        "I can't remember which of my orders had the blue lamp. Can you find it?",
        ["#W2378156", "#W4817420", "#W9911032", "#W5520013", "#W7014455", "#W3300981", "#W6610228"],
        "Error: order {t} not found",
        '{{"order_id": "{t}", "items": ["blue desk lamp"], "status": "delivered"}}',
    ),
    (
        "sql_query",
        "query",
        "How many events did we archive? The table name changed a few times.",
        [
            f"SELECT count(*) FROM {n}"
            for n in (
                "events_2021",
                "events_2022",
                "evt_archive",
                "event_log",
                "events_raw",
                "ev_hist",
                "events",
            )
        ],
        'ERROR: relation "{x}" does not exist',
        " count\n-------\n 48213\n(1 row)",
    ),
    (
        "pypi_lookup",
        "package",
        "Which of these package names is the fast geodesy library we talked about?",
        ["fastgeo", "geo-fast", "pygeofast", "fastgeom", "geofastpy", "fast-geodesy", "geodesy"],
        "404 Client Error: package '{t}' not found on the index",
        '{{"name": "{t}", "version": "1.4.2"}}',
    ),
    (
        "read_file",
        "path",
        "Find where the configuration really lives and report the value of max_workers.",
        [
            "config/settings.yaml",
            "conf/settings.yml",
            "settings.yaml",
            "etc/app.yaml",
            "deploy/config.yaml",
            "app/config.yml",
            "config.yaml",
        ],
        "FileNotFoundError: [Errno 2] No such file or directory: '{t}'",
        "server:\n  port: 8080\n  max_workers: 8",
    ),
)


def healthy_target_fanout(rng: random.Random, index: int) -> Scenario:
    t, p = new_transcript(rng), persona(rng)
    tool, key, request, targets, err, found_text = TARGET_FANOUTS[index % len(TARGET_FANOUTS)]
    t.user(request)
    n = rng.randrange(4, len(targets))
    for i, target in enumerate(targets[:n]):
        text = (
            f"I'll try `{target}`."
            if i == 0
            else pick(
                rng,
                [
                    f"Not there. Next candidate: `{target}`.",
                    f"That one doesn't exist; trying `{target}`.",
                    f"Let me check `{target}` instead.",
                ],
            )
        )
        t.call(text, tool, {key: target}, err.format(t=target, x=target.split()[-1]), failed=True)
    found = targets[n]
    t.call(f"Trying `{found}`.", tool, {key: found}, found_text.format(t=found))
    t.say(
        f"Found it: `{found}`. The {n} candidates before it did not exist (each error named its own target)."
    )
    return Scenario(
        "target_fanout_failures",
        f"{tool} over {n} different candidates, each failing with an error naming it, then one succeeds",
        f"{n} consecutive failing steps, but each call names a new target and each error names that "
        "target: exploration, not a loop. Ends in success.",
        ("none",),
        None,
        t,
        p.agent,
    )


def healthy_code_fix(rng: random.Random, index: int) -> Scenario:
    t, p = new_transcript(rng), persona(rng)
    fname, goal = CODE_TASKS[index % len(CODE_TASKS)]
    t.user(f"Using the file {fname}, compute {goal} and report the numbers.")
    code_prefix(t, p, fname, rng.randrange(1, 4))
    _, attempts = variant_errors(rng, pick_int(rng, DATA_ERROR_KINDS))
    tries = rng.randrange(1, 3)
    for i in range(tries):
        code, err = attempts[i]
        t.call(
            f"{p.thought}{'Computing it now.' if i == 0 else pick(rng, APOLOGIES)}",
            p.code_tool,
            {p.code_key: code},
            err,
            failed=True,
        )
    t.call(
        f"{p.thought}The error shows the cause; I'll inspect the data before computing.",
        p.code_tool,
        {p.code_key: "print(df.columns.tolist()); print(rows[:2])"},
        "['id', 'region', 'Rev.', 'units']\n[{'amount': '1,200.50'}, {'amount': '980.00'}]",
    )
    t.call(
        f"{p.thought}Now with the right column and parsing.",
        p.code_tool,
        {
            p.code_key: "df['Rev.'] = df['Rev.'].astype(str).str.replace(',', '').astype(float)\n"
            "print(df.groupby('region')['Rev.'].sum())"
        },
        "region\nnorth    412330.50\nsouth    380114.00\neast     290871.25\nwest     301442.75",
    )
    t.say(f"Result for {goal}: north 412,330.50; south 380,114.00; east 290,871.25; west 301,442.75.")
    return Scenario(
        "code_fix_succeeds",
        f"{p.agent}: a snippet fails {tries}x, the agent inspects the data, then it works",
        f"{tries} failing attempt(s), then the agent inspects the cause and the next snippet succeeds: a "
        "retry "
        "that ends in success on the 2nd/3rd try.",
        ("none",),
        None,
        t,
        p.agent,
    )


# --------------------------------------------------------------------------------------------
# (b) schema misuse
# --------------------------------------------------------------------------------------------

#: (tool, wrong arguments, two wordings of its error); the reservation tool is a customer-service one.
SCHEMA_TOOLS: tuple[tuple[str, list[Json], str, str], ...] = (
    (
        "page_down",
        [{"page_down": ""}, {"page_down": {}}, {"arguments": {}}, {"": ""}, {"page": 1}, {"page_down": None}],
        "page_down() got an unexpected keyword argument '{k}'",
        "Error in tool call execution: {name}() takes 0 positional arguments but 1 was given",
    ),
    (
        "find_on_page_ctrl_f",
        [
            {"query": "season 4"},
            {"text": "season 4"},
            {"search": "season 4"},
            {"q": "season 4"},
            {"keyword": "season 4"},
            {"term": "season 4"},
        ],
        "find_on_page_ctrl_f() missing 1 required positional argument: 'search_string' (got '{k}')",
        "Invalid arguments for tool find_on_page_ctrl_f: 'search_string' is a required property",
    ),
    (
        "get_reservation_details",
        [
            {"reservation_id": 48211},
            {"reservation_id": [48211]},
            {"reservation_id": {"id": "48211"}},
            {"reservation_id": 48211.0},
            {"reservation_id": True},
            {"reservation_id": ["48211"]},
        ],
        "1 validation error for get_reservation_details\nreservation_id\n  Input should be a valid string "
        "[type=string_type, input_value={v}]",
        "TypeError: reservation_id must be str, not {vt}",
    ),
    (
        "inspect_file_as_text",
        [
            {"path": "report.pdf"},
            {"file": "report.pdf"},
            {"filename": "report.pdf"},
            {"file_path": "report.pdf", "question": ""},
            {"doc": "report.pdf"},
            {"input": "report.pdf"},
        ],
        "inspect_file_as_text() got an unexpected keyword argument '{k}'",
        "Error: tool 'inspect_file_as_text' expects arguments ['file_path', 'question'], got ['{k}']",
    ),
    (
        "scroll",
        [
            {"direction": "down", "amount": "500px"},
            {"direction": "down", "amount": "one page"},
            {"direction": "down", "amount": "half"},
            {"direction": "down", "amount": "-"},
            {"direction": "down", "amount": "max"},
            {"direction": "down", "amount": "full"},
        ],
        "Invalid parameter 'amount': expected integer, got string '{v}'",
        "ValidationError: amount: value is not a valid integer ({v})",
    ),
)

PLANS = (
    "### Facts known\n- The page is open at the top.\n- The answer should be further down.\n### Plan\n1. "
    "Scroll or "
    "search the page.\n2. Read the table.\n3. Answer.",
    "Let me list what I have so far:\n1. The source page is the right one.\n2. The figure is in a later "
    "section.\n"
    "Next I need to move down the page.",
    "Updated plan: get to the relevant section of the document, extract the number, then verify it once.",
    "Facts gathered: the document exists and is readable. Facts still needed: the value in the summary "
    "table.",
    "I should proceed step by step: first navigate to the section, then extract the details.",
)


def schema_error(spec: tuple[str, list[Json], str, str], args: Json, rng: random.Random) -> str:
    name, _, err1, err2 = spec
    key = next(iter(args), "")
    val = args.get(key)
    return pick(rng, [err1, err2]).format(k=key, v=val, vt=type(val).__name__, name=name)


SERVICE_PLANS = (
    "Facts so far:\n- The customer is verified.\n- They want to change reservation 48211.\nNext: load the "
    "reservation details.",
    "Plan: 1. get the reservation; 2. check the fare rules; 3. offer the change.",
    "I have the customer's profile. I still need the reservation record before I can proceed.",
)


def schema_task(t: Transcript, p: Persona, tool: str, index: int) -> tuple[str, Sequence[str]]:
    """The user request and a healthy prefix fitting ``tool``'s domain; returns (subject, plan texts)."""
    if tool == "get_reservation_details":
        t.user("Hi, I need to change the dates on my reservation 48211. My user id is mia_li_3668.")
        t.call(
            "Let me verify your account first.",
            "get_user_details",
            {"user_id": "mia_li_3668"},
            json.dumps({"name": "Mia Li", "reservations": ["48211", "NO6JO3"], "membership": "silver"}),
        )
        return "reservation 48211", SERVICE_PLANS
    question, _, entity = RESEARCH_TASKS[index % len(RESEARCH_TASKS)]
    t.user(f"Find {question}.")
    research_prefix(t, p, entity, t.rng.randrange(1, 4))
    return entity, PLANS


def loop_schema_misuse(rng: random.Random, index: int) -> Scenario:
    t, p = new_transcript(rng), persona(rng)
    spec = SCHEMA_TOOLS[index % len(SCHEMA_TOOLS)]
    tool, bad_args = spec[0], list(spec[1])
    _, plans = schema_task(t, p, tool, index)
    length = rng.randrange(ONSET_OCCURRENCE, len(bad_args) + 1)
    attempts: list[int] = []
    for i, args in enumerate(bad_args[:length]):
        if i > 0 and rng.random() < 0.7:
            t.say(f"{p.thought}{pick(rng, plans)}")
        attempts.append(
            t.call(
                f"{p.thought}{pick(rng, ['Let me use the tool.', 'Calling it again.', 'Next step.'])}",
                tool,
                args,
                schema_error(spec, args, rng),
                failed=True,
            )
        )
    onset = attempts[ONSET_OCCURRENCE - 1]
    tail = loop_tail(t, p)
    return Scenario(
        "schema_misuse",
        f"{p.agent}: `{tool}` called {length}x with trivially different wrong arguments, the same "
        f"kind of schema error each time, planning text in between{tail}",
        f"Calls of `{tool}` at steps {', '.join(map(str, attempts))} all fail with the same kind of error "
        "(unexpected "
        "/ missing parameter or wrong type) under trivially different arguments; the text-only planning "
        "steps in "
        "between change nothing. The 1st error is informative, the next are repeats: onset at the 4th "
        "failing "
        f"call = step {onset}.",
        ("error_streak", "same_tool"),
        onset,
        t,
        p.agent,
    )


def healthy_schema_fixed(rng: random.Random, index: int) -> Scenario:
    t, p = new_transcript(rng), persona(rng)
    spec = SCHEMA_TOOLS[index % len(SCHEMA_TOOLS)]
    tool, bad_args = spec[0], spec[1]
    subject, _ = schema_task(t, p, tool, index + 3)
    t.call(
        f"{p.thought}Using `{tool}`.", tool, bad_args[0], schema_error(spec, bad_args[0], rng), failed=True
    )
    if rng.random() < 0.5:
        t.say(f"{p.thought}The error says what the tool expects; I'll pass the right argument.")
    correct: dict[str, Json] = {
        "page_down": {},
        "find_on_page_ctrl_f": {"search_string": "season 4"},
        "get_reservation_details": {"reservation_id": "48211"},
        "inspect_file_as_text": {"file_path": "report.pdf", "question": "What is the total?"},
        "scroll": {"direction": "down", "amount": 500},
    }
    good = correct[tool]
    success = (
        '{"reservation_id": "48211", "origin": "SFO", "destination": "JFK", "cabin": "economy"}'
        if tool == "get_reservation_details"
        else f"Viewport position: {rng.randrange(20, 60)}%.\n... the section on {subject} ..."
    )
    t.call(f"{p.thought}Retrying with the documented parameters.", tool, good, success)
    t.say(f"Found what was needed for {subject}: {rng.randrange(100, 999)}.")
    return Scenario(
        "schema_error_corrected",
        f"`{tool}` fails once on a schema error, the next call uses the documented arguments and succeeds",
        "One schema error, read and corrected at once: the next call succeeds.",
        ("none",),
        None,
        t,
        p.agent,
    )


# --------------------------------------------------------------------------------------------
# (c) paraphrased searches and (e) narration over fruitless calls
# --------------------------------------------------------------------------------------------

PARAPHRASES = (
    "{q}",
    "{q} details",
    "{e} {q2}",
    '"{e}" {q2} facts',
    "{q2} {e} official",
    "what is {q} ?",
    "{q} source",
    "{e} {q2} reference",
)


def page_pool(rng: random.Random, entity: str, n: int) -> list[tuple[str, str, list[str]]]:
    sites = rng.sample(SITES, n)
    return [
        (
            f"{entity} - {s.split('/')[0]}",
            f"https://{s}/{slug(entity)}-{hexid(rng, 4)}",
            [
                f"{entity} ... {w} ..."
                for w in rng.sample(
                    [
                        "overview of the topic",
                        "see the table below",
                        "figures vary by source",
                        "as reported in 2019",
                        "according to the archive",
                        "history and background",
                        "related topics",
                        "disputed figure",
                    ],
                    3,
                )
            ],
        )
        for s in sites
    ]


def echo_results(rng: random.Random, pool: list[tuple[str, str, list[str]]]) -> str:
    """The same pages again, reordered, one maybe dropped, with other snippets."""
    rows = list(pool)
    rng.shuffle(rows)
    if len(rows) > 4 and rng.random() < 0.5:
        rows.pop()
    return render_results([(title, url, pick(rng, snippets)) for title, url, snippets in rows])


def loop_paraphrased_search(rng: random.Random, index: int) -> Scenario:
    t, p = new_transcript(rng), persona(rng)
    question, q, entity = RESEARCH_TASKS[index % len(RESEARCH_TASKS)]
    q2 = q.replace(entity, "").strip()
    t.user(f"Find {question}. Cite a source.")
    research_prefix(t, p, entity + " region", rng.randrange(0, 3))
    pool = page_pool(rng, entity, rng.randrange(4, 7))
    phrasings = list(dict.fromkeys(f.format(q=q, q2=q2, e=entity) for f in PARAPHRASES))
    rng.shuffle(phrasings)
    searches = rng.randrange(ONSET_OCCURRENCE, len(phrasings) + 1)
    search_steps: list[int] = []
    visits = 0
    for i in range(searches):
        text = (
            f"{p.thought}Let me search for {question}."
            if i == 0
            else f"{p.thought}"
            + pick(
                rng,
                [
                    "The results don't state it directly. Let me rephrase the search.",
                    "Let me try a different wording.",
                    "I still need the exact figure; searching again more specifically.",
                    "Perhaps another query will surface it.",
                ],
            )
        )
        res = echo_results(rng, pool)
        search_steps.append(t.call(text, p.search_tool, {p.search_key: phrasings[i]}, res))
        if rng.random() < 0.5:
            url = pool[visits % len(pool)][1]
            visits += 1
            t.call(
                f"{p.thought}Opening {url}.",
                p.visit_tool,
                {"url": url},
                f"# {entity}\n\nGeneral background on {entity}; the specific figure is not given on this "
                "page.",
            )
        if rng.random() < 0.4:
            t.say(
                f"{p.thought}Plan: 1. find an authoritative page on {entity}; 2. extract the number; 3. "
                "cite it."
            )
    onset = search_steps[ONSET_OCCURRENCE - 1]
    tail = loop_tail(t, p)
    return Scenario(
        "paraphrased_search",
        f"{p.agent}: {searches} rephrasings of one query; every search after the first returns "
        f"the same pages reordered with other snippets, with page visits and re-planning between{tail}",
        f"The first search (step {search_steps[0]}) brings the page pool; the searches at "
        f"steps {', '.join(map(str, search_steps[1:]))} are rephrasings whose results are the same pages "
        "(reordered, other "
        "snippets, sometimes one dropped): no new information; the page visits between say nothing new "
        "either. Onset at "
        f"the 3rd echo search (4th search) = step {onset}.",
        ("same_tool",),
        onset,
        t,
        p.agent,
    )


def aspect_value(rng: random.Random, aspect: str, subject: str) -> str:
    """A plausible value for ``aspect`` of ``subject`` (search fan-out pages)."""
    if aspect == "official website":
        return f"https://www.{slug(subject)}.example.org"
    if aspect == "population":
        return f"{rng.randrange(10_000, 900_000):,} (census)"
    if aspect == "location":
        return f"{rng.uniform(-60, 70):.2f} N, {rng.uniform(-120, 150):.2f} E"
    return str(rng.randrange(1800, 2024))


def healthy_search_fanout(rng: random.Random, index: int) -> Scenario:
    t, p = new_transcript(rng), persona(rng)
    subjects = [e for _, _, e in RESEARCH_TASKS]
    rng.shuffle(subjects)
    n = rng.randrange(5, 8)
    aspect = pick(rng, ["founding year", "population", "official website", "latest figure", "location"])
    t.user(f"For each of these, find the {aspect}: {', '.join(subjects[:n])}.")
    same = pick(
        rng, ["Let me search for more information.", "I'll search for the next one.", "Let me look this up."]
    )
    for subject in subjects[:n]:
        pool = page_pool(rng, subject, 4)
        t.call(
            f"{p.thought}{same}",
            p.search_tool,
            {p.search_key: f"{subject} {aspect}"},
            render_results([(a, b, c[0]) for a, b, c in pool]),
        )
        if rng.random() < 0.5:
            t.call(
                f"{p.thought}{same}",
                p.visit_tool,
                {"url": pool[0][1]},
                f"# {subject}\n\nThe {aspect} of {subject}: {aspect_value(rng, aspect, subject)}.",
            )
    t.say(f"Here are the {aspect}s for the {n} items, each with its source.")
    return Scenario(
        "search_fanout_repeated_narration",
        f"{n} searches over different subjects under identical narration, each bringing new pages",
        "The narration is the same sentence every step, but each search is about a new "
        "subject and brings new pages: a fan-out, not a loop.",
        ("none",),
        None,
        t,
        p.agent,
    )


SWE_TASKS = (
    (
        "parse_header",
        "src/httpkit/headers.py",
        "tests/test_headers.py",
        "header values with a trailing comma",
    ),
    ("to_decimal", "money/convert.py", "tests/test_convert.py", "negative amounts in parentheses"),
    ("resolve_alias", "cli/aliases.py", "tests/test_aliases.py", "recursive aliases"),
    ("merge_ranges", "lib/ranges.py", "tests/test_ranges.py", "adjacent ranges"),
)


#: (tool, argument builder) pairs for viewing a file and running a shell command, per agent family.
VIEWERS: tuple[tuple[str, Callable[[str], Json]], ...] = (
    ("str_replace_editor", lambda path: {"command": "view", "path": path}),
    ("read_file", lambda path: {"path": path}),
    ("open_file", lambda path: {"file_path": path}),
)
SHELLS = ("bash", "execute_bash", "run_shell_command", "terminal")


def loop_narration_fruitless(rng: random.Random, index: int) -> Scenario:
    t = new_transcript(rng)
    viewer, view_args = VIEWERS[index % len(VIEWERS)]
    shell = pick(rng, SHELLS)
    func, path, test, bug = SWE_TASKS[index % len(SWE_TASKS)]
    t.user(f"`{func}` mishandles {bug}. Find the cause and fix it; the test is in {test}.")
    intent = pick(
        rng,
        [
            f"Let me look at how `{func}` is implemented to understand the issue.",
            f"I need to understand the implementation of `{func}` first.",
            f"Let me examine `{func}` more closely to find where {bug} go wrong.",
        ],
    )
    variants = [
        intent,
        intent.replace("Let me", "I'll"),
        intent + " Let me check.",
        "Hmm. " + intent,
        intent.replace("understand", "see"),
        intent,
    ]
    productive = rng.randrange(2, 5)
    files = [path, path.replace(".py", "_util.py"), test, "docs/" + func + ".md", "CHANGELOG.md"]
    for i in range(productive):
        t.call(
            pick(rng, variants),
            viewer,
            view_args(files[i]),
            f"{files[i]}:\n" + "\n".join(f"{n:>4}  {hexid(rng, 16)}" for n in range(1, 8)),
        )
    greps = rng.randrange(ONSET_OCCURRENCE, 7)
    cmds = [
        f'grep -n "def {func}" {path}',
        f"grep -n 'def {func}' {path}",
        f'grep -rn "def {func}" {path}',
        f'grep -n "def {func}(" {path}',
        f'grep -n "{func}" {path} | head -1',
        f"grep -n -w {func} {path}",
    ]
    out = f"{rng.randrange(20, 90)}:def {func}(value, *, strict=False):"
    grep_steps = [t.call(pick(rng, variants), shell, {"command": cmds[i]}, out) for i in range(greps)]
    onset = grep_steps[ONSET_OCCURRENCE - 1]
    if rng.random() < 0.5:
        t.say("I keep finding the same definition; I have not made progress.")
    return Scenario(
        "narration_fruitless",
        f"coding agent: the same 'let me look at {func}' narration over {productive} "
        f"productive file views, then over {greps} trivially different greps that return the identical line",
        f"Steps 1-{productive} restate the intent but view new files (new results: not yet a loop). Step "
        f"{grep_steps[0]} greps the definition (new: its line number); steps "
        f"{', '.join(map(str, grep_steps[1:]))} "
        f"restate the intent over greps returning the identical line. Onset at the 3rd fruitless restatement "
        f"(4th grep) = step {onset}.",
        ("narration", "same_tool"),
        onset,
        t,
        "coding agent",
    )


def healthy_narration_productive(rng: random.Random, index: int) -> Scenario:
    t = new_transcript(rng)
    viewer, view_args = VIEWERS[index % len(VIEWERS)]
    func, path, test, bug = SWE_TASKS[index % len(SWE_TASKS)]
    t.user(f"`{func}` mishandles {bug}. Find the cause and fix it; the test is in {test}.")
    intent = f"Let me look at how `{func}` is used to understand the issue."
    files = [
        path,
        path.replace(".py", "_util.py"),
        test,
        "src/__init__.py",
        "conftest.py",
        "setup.cfg",
        "docs/usage.md",
    ]
    n = rng.randrange(4, len(files) + 1)
    for f in files[:n]:
        t.call(
            intent,
            viewer,
            view_args(f),
            f"{f}:\n" + "\n".join(f"{k:>4}  {hexid(rng, 12)}" for k in range(1, 6)),
        )
    t.call(
        "Now I understand the issue; editing.",
        "str_replace_editor",
        {
            "command": "str_replace",
            "path": path,
            "old_str": "value.split(',')",
            "new_str": "value.rstrip(',').split(',')",
        },
        "The file has been edited.",
    )
    t.call(
        "Running the test.",
        pick(rng, SHELLS),
        {"command": f"python -m pytest {test} -q"},
        "5 passed in 0.31s",
    )
    t.say("Fixed and the tests pass.")
    return Scenario(
        "narration_productive",
        f"the same narration over {n} views of different files, then a fix",
        "The narration repeats verbatim, but every call opens a new file and brings new content; then the "
        "fix "
        "and passing tests. Narration over productive calls is not a loop.",
        ("none",),
        None,
        t,
        "coding agent",
    )


# --------------------------------------------------------------------------------------------
# (d) re-delegation
# --------------------------------------------------------------------------------------------

DELEGATE_TOOLS = (
    ("search_agent", "task"),
    ("delegate_to_researcher", "instructions"),
    ("Task", "prompt"),
    ("call_subagent", "request"),
    ("transfer_to_web_agent", "message"),
)


def loop_redelegation(rng: random.Random, index: int) -> Scenario:
    t = new_transcript(rng)
    tool, key = DELEGATE_TOOLS[index % len(DELEGATE_TOOLS)]
    question, _, entity = RESEARCH_TASKS[index % len(RESEARCH_TASKS)]
    t.user(f"Find {question}.")
    t.say(f"Plan: delegate the web research on {entity} to the research agent, then verify the answer.")
    wordings = [
        f"Find {question}.",
        f"Please find {question} and give the source.",
        f"Search the web for {question}. Be thorough.",
        f"Look up {question}; check several sources.",
        f"Find {question}. Make sure you find the exact figure.",
        f"I need {question}. Search again carefully.",
        f"Find {question} (try other sources).",
    ]
    report = pick(
        rng,
        [
            f"I searched several sources about {entity}. None states the exact figure; the closest pages "
            "give only "
            "general background.",
            f"After searching, I could not find the precise value for {entity}. Sources mention it without "
            "a number.",
        ],
    )
    n = rng.randrange(ONSET_OCCURRENCE, 7)
    steps = []
    for i in range(n):
        if i > 0:
            t.say(
                pick(
                    rng,
                    [
                        "The report is inconclusive. I'll ask the research agent again.",
                        "That did not answer it. Delegating once more with clearer instructions.",
                        "Still missing the figure; let me re-delegate.",
                    ],
                )
            )
        reply = report.replace("several", pick(rng, ["several", "multiple", "a number of"]))
        steps.append(
            t.call(
                "",
                tool,
                {key: wordings[i]},
                f"Final answer from the research agent:\n{reply}\n(steps used: {rng.randrange(4, 12)})",
            )
        )
    onset = steps[ONSET_OCCURRENCE - 1]
    if rng.random() < 0.5:
        t.say(f"I could not determine {question}.")
    return Scenario(
        "redelegation",
        f"manager agent hands nearly the same research task to `{tool}` {n} times; each report says the same",
        f"Delegations at steps {', '.join(map(str, steps))} ask the same question in other words and "
        "every report says the same (no figure found). The 1st report is informative; onset at the 4th "
        f"delegation = step {onset}.",
        ("same_tool", "narration"),
        onset,
        t,
        "multi-agent manager",
    )


def healthy_distinct_delegation(rng: random.Random, index: int) -> Scenario:
    t = new_transcript(rng)
    tool, key = DELEGATE_TOOLS[index % len(DELEGATE_TOOLS)]
    entities = [e for _, _, e in RESEARCH_TASKS]
    rng.shuffle(entities)
    n = rng.randrange(4, 7)
    t.user(f"Write a short comparison of {', '.join(entities[:n])}.")
    t.say("Plan: one sub-task per subject, then combine.")
    for e in entities[:n]:
        t.call(
            "Delegating the next subject.",
            tool,
            {key: f"Research {e}: key facts, dates and one source."},
            f"Final answer from the research agent:\n{e}: founded {rng.randrange(1700, 2000)}, "
            f"notable for {pick(rng, ['its size', 'its history', 'a record', 'a discovery'])}; "
            f"source https://{pick(rng, SITES)}/{slug(e)}",
        )
    t.call(
        "One follow-up on a gap in the first report.",
        tool,
        {key: f"For {entities[0]}: what changed after 2010?"},
        f"Final answer from the research agent:\n{entities[0]} was renamed in 2014 and expanded in 2019.",
    )
    t.say("Here is the comparison, one paragraph per subject.")
    return Scenario(
        "distinct_delegation",
        f"manager delegates {n} different sub-tasks and one follow-up",
        "Each delegation asks about a different subject (the follow-up asks a new question) and each "
        "report is new.",
        ("none",),
        None,
        t,
        "multi-agent manager",
    )


# --------------------------------------------------------------------------------------------
# More healthy look-alikes: booking hand-off, payment retried to success, setup fan-out, whack-a-mole
# --------------------------------------------------------------------------------------------


def healthy_booking_handoff(rng: random.Random, index: int) -> Scenario:
    t = new_transcript(rng)
    tool = pick(rng, ["book_reservation", "create_booking", "process_payment", "charge_card"])
    args = {
        "user_id": f"user_{hexid(rng, 6)}",
        "flight": f"HAT{rng.randrange(100, 300)}",
        "payment_id": f"credit_card_{rng.randrange(1000000, 9999999)}",
        "amount": rng.randrange(120, 900),
    }
    err = pick(
        rng,
        [
            "Error: payment gateway declined the transaction (code 51)",
            "Error: booking service unavailable, please try again later",
            "Error: the payment method could not be charged",
        ],
    )
    t.user("I'd like to book the flight we discussed and pay with my card.")
    t.call(
        "Let me look up your profile.",
        "get_user_details",
        {"user_id": args["user_id"]},
        json.dumps({"name": "Ava Kim", "payment_methods": [args["payment_id"]], "membership": "gold"}),
    )
    tries = rng.randrange(2, 4)
    for i in range(tries):
        t.call(
            "Booking it now." if i == 0 else pick(rng, ["That failed; I'll try once more.", "Retrying."]),
            tool,
            dict(args),
            err,
            failed=True,
        )
    t.call(
        "The system keeps refusing; I'm transferring you to a human agent who can complete this.",
        "transfer_to_human_agents",
        {"summary": f"{tool} failed {tries} times: {err}"},
        "Transfer successful",
    )
    t.say("You are being transferred to a human agent now. Sorry for the trouble.")
    return Scenario(
        "booking_retry_handoff",
        f"the same {tool} call fails {tries} times, then a hand-off to a human",
        f"{tries} attempts of the identical booking/payment call, then the agent itself changes approach "
        "and hands "
        "the user to a human: a bounded retry that ends the episode, not a loop.",
        ("none",),
        None,
        t,
        "customer-service agent",
    )


def healthy_payment_until_success(rng: random.Random, index: int) -> Scenario:
    t = new_transcript(rng)
    tool = pick(rng, ["process_payment", "charge_card", "submit_payment", "pay_invoice"])
    args = {
        "invoice_id": f"INV-{rng.randrange(10000, 99999)}",
        "amount": f"{rng.randrange(10, 500)}.00",
        "currency": pick(rng, ["EUR", "USD", "GBP"]),
    }
    errors = [
        "503 Service Unavailable: upstream payment processor timeout",
        "Error: request timed out after 30s",
        "429 Too Many Requests: retry after 2s",
        "Error: connection reset by peer",
    ]
    t.user(f"Please pay invoice {args['invoice_id']}.")
    t.call(
        "Checking the invoice.",
        "get_invoice",
        {"invoice_id": args["invoice_id"]},
        json.dumps({"status": "open", "amount": args["amount"], "currency": args["currency"]}),
    )
    fails = rng.randrange(2, 4)
    for i in range(fails):
        t.call(
            "Submitting the payment." if i == 0 else "Transient error; retrying.",
            tool,
            dict(args),
            errors[(i + index) % len(errors)],
            failed=True,
        )
        if rng.random() < 0.5:
            t.call("Waiting a moment before retrying.", "sleep", {"seconds": 2 ** (i + 1)}, "ok")
    t.call(
        "Retrying.",
        tool,
        dict(args),
        json.dumps({"status": "succeeded", "transaction_id": f"txn_{hexid(rng, 12)}"}),
    )
    t.say(f"Invoice {args['invoice_id']} is paid.")
    return Scenario(
        "payment_retry_success",
        f"{tool} hits {fails} transient errors, then succeeds",
        f"{fails} transient failures (timeout, 503, 429, reset) of the same call, then success: a retry that "
        "succeeds.",
        ("none",),
        None,
        t,
        "payments agent",
    )


def healthy_test_setup_fanout(rng: random.Random, index: int) -> Scenario:
    t = new_transcript(rng)
    tool = pick(rng, ["run_sql", "bash", "create_fixture", "api_post"])
    things = [
        "users",
        "orders",
        "products",
        "warehouses",
        "coupons",
        "carriers",
        "invoices",
        "refunds",
        "shipments",
        "reviews",
        "sessions",
        "audit_log",
    ]
    n = rng.randrange(6, len(things) + 1)
    t.user("Set up the integration test environment: create every fixture the suite needs, then run it.")
    for thing in things[:n]:
        args = (
            {"sql": f"CREATE TABLE test_{thing} AS SELECT * FROM fixtures.{thing} LIMIT 50"}
            if tool == "run_sql"
            else {"command": f"./scripts/seed.sh {thing} --rows 50"}
            if tool == "bash"
            else {"name": thing, "rows": 50}
        )
        t.call(
            pick(rng, ["Next fixture.", "Creating the next fixture.", f"Seeding {thing}."]),
            tool,
            args,
            f"created test_{thing}: 50 rows",
        )
    t.call(
        "All fixtures exist; running the suite.",
        "bash",
        {"command": "pytest tests/integration -q"},
        f"{n * 3} passed in {rng.randrange(5, 40)}.{rng.randrange(10, 99)}s",
    )
    t.say("Environment ready and the integration suite passes.")
    return Scenario(
        "test_setup_fanout",
        f"{n} setup calls of `{tool}`, each creating a new fixture, then the suite passes",
        "A long same-tool run, but every call creates a different fixture and reports it: a fan-out.",
        ("none",),
        None,
        t,
        "test-setup agent",
    )


def healthy_dependency_whackamole(rng: random.Random, index: int) -> Scenario:
    t = new_transcript(rng)
    mods = ["numpy", "pandas", "scipy", "yaml", "requests", "tqdm", "matplotlib", "sklearn", "h5py", "toml"]
    rng.shuffle(mods)
    n = rng.randrange(3, 8)
    cmd = pick(rng, ["python train.py --epochs 3", "python -m app.main", "python scripts/build_index.py"])
    t.user(f"Get `{cmd}` running.")
    for mod in mods[:n]:
        t.call(
            "Running it.",
            "bash",
            {"command": cmd},
            f'Traceback (most recent call last):\n  File "train.py", line 3, in <module>\n    import {mod}\n'
            f"ModuleNotFoundError: No module named '{mod}'",
            failed=True,
        )
        pkg = {"yaml": "pyyaml", "sklearn": "scikit-learn"}.get(mod, mod)
        t.call(
            f"Installing {pkg}.",
            "bash",
            {"command": f"pip install {pkg}"},
            "Successfully installed "
            f"{pkg}-{rng.randrange(1, 3)}.{rng.randrange(0, 20)}.{rng.randrange(0, 9)}",
        )
    log = "\n".join(
        f"epoch {e // 40 + 1} step {e % 40 + 1:>3}/40  loss {2.5 - e * 0.01:.4f}  lr 3.0e-04"
        for e in range(120)
    )
    long_log = log[:2000] + "\n...\n" + log[-1800:]
    t.call("Running it again.", "bash", {"command": cmd}, long_log + "\nDone. Saved model to out/model.pt")
    t.say("It runs now: the missing modules were installed one by one and training completed.")
    return Scenario(
        "dependency_whackamole",
        f"the same command fails with {n} different missing modules, one install each, "
        "then succeeds with a long repetitive log",
        "Each run fails on a different missing module (new information each time), each install fixes one; "
        "the "
        "final run succeeds with a long, repetitive training log (the repetition is in the tool output).",
        ("none",),
        None,
        t,
        "coding agent",
    )


LOOP_FAMILIES: tuple[Callable[[random.Random, int], Scenario], ...] = (
    loop_failure_streak,
    loop_schema_misuse,
    loop_paraphrased_search,
    loop_redelegation,
    loop_narration_fruitless,
)
HEALTHY_FAMILIES: tuple[Callable[[random.Random, int], Scenario], ...] = (
    healthy_target_fanout,
    healthy_code_fix,
    healthy_schema_fixed,
    healthy_search_fanout,
    healthy_distinct_delegation,
    healthy_narration_productive,
    healthy_booking_handoff,
    healthy_payment_until_success,
    healthy_test_setup_fanout,
    healthy_dependency_whackamole,
)


def to_json(s: Scenario, index: int, seed: int) -> Json:
    loop = s.onset is not None
    return {
        "id": f"{s.family}-{seed}-{index}",
        "source": f"synthetic (corpus/generate_synthetic_generalize.py --seed {seed})",
        "description": s.description,
        "label": {"loop": loop, "kinds": list(s.kinds), "onset_step": s.onset, "notes": s.notes},
        "meta": {
            "generator": "generate_synthetic_generalize.py",
            "agent_style": s.agent,
            "steps": s.transcript.step,
        },
        "events": s.transcript.events,
    }


def generate(seed: int) -> list[Json]:
    """Every scenario of the set for ``seed``; each family's scenario ``i`` has its own stable RNG."""
    out: list[Json] = []
    plan = [(f, LOOPS_PER_FAMILY) for f in LOOP_FAMILIES] + [
        (f, HEALTHY_PER_FAMILY) for f in HEALTHY_FAMILIES
    ]
    for family, count in plan:
        for i in range(count):
            rng = random.Random(zlib.crc32(f"{family.__name__}/{seed}/{i}".encode()))
            out.append(to_json(family(rng, i), i, seed))
    return out


def write(scenarios: list[Json], out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for scenario in scenarios:
        text = json.dumps(scenario, indent=1, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / SET_NAME)
    args = parser.parse_args(argv)
    scenarios = generate(args.seed)
    write(scenarios, args.out)
    loops = sum(1 for s in scenarios if s["label"]["loop"])
    print(f"wrote {len(scenarios)} scenarios ({loops} loops, {len(scenarios) - loops} healthy) to {args.out}")


if __name__ == "__main__":
    main()
