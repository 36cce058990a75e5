#!/usr/bin/env python3
"""Write ``corpus/heldout-twin/``: a held-out synthetic test set for loopwatch's loop detectors.

The set is written from the loop and look-alike descriptions of issue 20 and ``SCHEMA.md`` alone
(not from the detectors or any earlier generator), so it can judge them. It models two kinds of
agents: a web research agent answering factual questions (search, visit, page down, find on page,
final answer; or a manager delegating to a search sub-agent), and a code-executing agent working on a
repository bug (a Python-executing tool whose argument is a snippet, plus shell and file tools).

Stdlib only and deterministic: each scenario draws from ``random.Random`` seeded with ``SEED`` and its
index, so running it twice writes byte-identical files. Usage:

    python3 corpus/generate_heldout_twin.py [--out DIR]

Labelling (``onset_step``, see the README written beside the set): an exact repeat (same tool, same
arguments, same result) is unambiguous at its 3rd occurrence; a near repeat (other arguments, the
same kind of error, the same pages, the same report) counts its first attempt as information and is
unambiguous at the 3rd fruitless repeat, i.e. the 4th attempt. Text-only planning steps in between
neither count nor reset.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEED = 20261202
#: Scenarios per family: 6 loop families x 6 and 9 healthy families x 4 give a 36 / 36 split.
LOOPS_PER_FAMILY = 6
HEALTHY_PER_FAMILY = 4
DEFAULT_OUT = Path(__file__).resolve().parent / "heldout-twin"
SOURCE = "synthetic: corpus/generate_heldout_twin.py"

#: SCHEMA.md's onset for repetition without progress: the 3rd fruitless step. For a near repeat the
#: first attempt is information, so the 3rd fruitless one is the attempt with index 3 (the 4th).
FRUITLESS_AT_ONSET = 3

Json = dict[str, Any]


# --------------------------------------------------------------------------- transcript building


@dataclass(frozen=True)
class Call:
    """One tool call of a step and the result the tool answered with."""

    name: str
    arguments: Json
    content: str
    is_error: bool = False


@dataclass
class Transcript:
    """The flat event list of one session; ``step`` appends one assistant message (one step)."""

    rng: random.Random
    events: list[Json] = field(default_factory=list)
    steps: int = 0
    _calls: int = 0
    _id_style: int = 0

    def __post_init__(self) -> None:
        self._id_style = self.rng.randrange(3)

    def user(self, text: str) -> None:
        self.events.append({"type": "message", "role": "user", "text": text})

    def system(self, text: str) -> None:
        self.events.append({"type": "message", "role": "system", "text": text})

    def step(self, text: str, calls: Sequence[Call] = ()) -> int:
        """Append one assistant message with its calls and their results; return its step number."""
        self.steps += 1
        message: Json = {"type": "message", "role": "assistant", "text": text}
        ids = [self._next_id() for _ in calls]
        if calls:
            message["tool_calls"] = [
                {"id": cid, "name": c.name, "arguments": c.arguments}
                for cid, c in zip(ids, calls, strict=True)
            ]
        self.events.append(message)
        for cid, c in zip(ids, calls, strict=True):
            self.events.append(
                {
                    "type": "tool_result",
                    "call_id": cid,
                    "name": c.name,
                    "content": c.content,
                    "is_error": c.is_error,
                }
            )
        return self.steps

    def _next_id(self) -> str:
        self._calls += 1
        if self._id_style == 0:
            return f"c{self._calls}"
        if self._id_style == 1:
            return "call_" + "".join(
                self.rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(12)
            )
        return f"toolu_{self._calls:02d}{self.rng.randrange(16**8):08x}"


@dataclass(frozen=True)
class Scenario:
    """A finished scenario: identity, label and events."""

    sid: str
    description: str
    loop: bool
    kinds: tuple[str, ...]
    onset: int | None
    notes: str
    events: list[Json]

    def to_json(self) -> Json:
        return {
            "id": self.sid,
            "source": SOURCE,
            "description": self.description,
            "label": {
                "loop": self.loop,
                "kinds": list(self.kinds),
                "onset_step": self.onset,
                "notes": self.notes,
            },
            "events": self.events,
        }


# --------------------------------------------------------------------------- agent flavours


@dataclass(frozen=True)
class WebTools:
    """Names and argument keys of one web research agent's tools."""

    search: str
    query_key: str
    visit: str
    page_down: str
    find: str
    final: str
    thought: bool


def web_tools(rng: random.Random) -> WebTools:
    return WebTools(
        search=rng.choice(["web_search", "search", "google_search", "duckduckgo_search"]),
        query_key=rng.choice(["query", "query", "q"]),
        visit=rng.choice(["visit_webpage", "visit_page", "fetch_url", "browse"]),
        page_down=rng.choice(["page_down", "scroll_down"]),
        find=rng.choice(["find_on_page", "find_on_page_ctrl_f", "find_in_page"]),
        final=rng.choice(["final_answer", "final_answer", "submit_answer"]),
        thought=rng.random() < 0.7,
    )


@dataclass(frozen=True)
class CodeTools:
    """Names and argument keys of one code-executing agent's tools."""

    python: str
    code_key: str
    shell: str
    open_file: str
    thought: bool


def code_tools(rng: random.Random) -> CodeTools:
    return CodeTools(
        python=rng.choice(["python_interpreter", "execute_python", "run_python", "python"]),
        code_key=rng.choice(["code", "code", "snippet"]),
        shell=rng.choice(["bash", "execute_bash", "run_shell"]),
        open_file=rng.choice(["open_file", "read_file", "view_file"]),
        thought=rng.random() < 0.6,
    )


def say(thought: bool, text: str) -> str:
    """Model text in the agent's style: ``Thought:`` prefixed or plain."""
    return f"Thought: {text}" if thought else text


def warmup_code(t: Transcript, tools: CodeTools, bug: Bug, *, listing: bool = True) -> None:
    """0-2 productive orientation steps (distinct calls, new results) before a pattern; ``listing``
    allows an ``ls`` of the repository root among them."""
    options = [
        (
            f"Let me look around the {bug.repo} repository.",
            Call(
                tools.shell,
                {"command": "ls"},
                "README.md\npyproject.toml\nsrc\ntests\n" + bug.path.split("/")[0],
            ),
        ),
        (
            "Checking the git history for related changes.",
            Call(
                tools.shell,
                {"command": f"git log --oneline -3 -- {bug.path}"},
                "\n".join(
                    f"{t.rng.randrange(16**7):07x} {m}"
                    for m in t.rng.sample(
                        ["fix typo", "refactor parsing", "add tests", "bump version", "handle empty input"], 3
                    )
                ),
            ),
        ),
        (
            f"Reading the test for {bug.func}.",
            Call(
                tools.open_file,
                {"path": bug.test},
                f"import pytest\nfrom {bug.module} import "
                f"{bug.func.split('.')[0]}\n\n\ndef test_basic():\n    ...",
            ),
        ),
    ]
    if not listing:
        options = options[1:]
    for text, call in t.rng.sample(options, t.rng.randrange(3)):
        t.step(say(tools.thought, text), [call])


# --------------------------------------------------------------------------- web content


@dataclass(frozen=True)
class Topic:
    """A factual question about a (fictional) subject and the words its pages use."""

    question: str
    subject: str
    aspect: str
    answer: str
    facts: tuple[str, ...]


TOPICS = (
    Topic(
        "In which year did the Halvorsen Viaduct in Bergen open to rail traffic?",
        "Halvorsen Viaduct",
        "opening year",
        "1911",
        (
            "a seven-arch stone viaduct",
            "built by the Bergen line company",
            "restored in 1987",
            "carries two tracks",
            "spans the Fjøsanger valley",
        ),
    ),
    Topic(
        "How many albums had the Mirabel Quartet released before their 1974 split?",
        "Mirabel Quartet",
        "discography",
        "six",
        (
            "a folk-jazz group from Lyon",
            "signed to Disques Orsay",
            "toured Japan in 1971",
            "their third album went gold",
            "reunited in 2003",
        ),
    ),
    Topic(
        "Who designed the Tessaro 400 racing car's chassis?",
        "Tessaro 400",
        "chassis designer",
        "Lidia Varga",
        (
            "a mid-engined prototype",
            "raced at Le Mans in 1966",
            "only nine were built",
            "aluminium monocoque",
            "later sold to private collectors",
        ),
    ),
    Topic(
        "What is the maximum depth of Lake Orvanne in metres?",
        "Lake Orvanne",
        "maximum depth",
        "212 m",
        (
            "a glacial lake",
            "fed by the Orva river",
            "frozen for four months a year",
            "home to an endemic char",
            "surveyed by sonar in 2009",
        ),
    ),
    Topic(
        "Which season of Gearhead Weekly featured the Kessler GT track test?",
        "Gearhead Weekly",
        "Kessler GT test season",
        "season 4",
        (
            "a motoring show",
            "filmed at Dunsfold",
            "presented by three hosts",
            "ran for eleven seasons",
            "a test track lap board",
        ),
    ),
    Topic(
        "In what year was the Calloway Prize for marine biology first awarded?",
        "Calloway Prize",
        "first award year",
        "1958",
        (
            "awarded by the Atlantic Society",
            "a bronze medal",
            "given every two years",
            "first winner studied kelp forests",
            "endowed by a shipping family",
        ),
    ),
    Topic(
        "What was the population of Port Ember at the 1950 census?",
        "Port Ember",
        "1950 population",
        "14,302",
        (
            "a harbour town",
            "grew around a cannery",
            "lost its railway in 1962",
            "twinned with a Breton port",
            "population peaked in 1971",
        ),
    ),
    Topic(
        "How long is the Serrano Tunnel in kilometres?",
        "Serrano Tunnel",
        "length",
        "8.4 km",
        (
            "a road tunnel under the Serrano pass",
            "opened in 1999",
            "two bores",
            "ventilated by four shafts",
            "tolled for cars and trucks",
        ),
    ),
)

SITES = (
    "en.wikipedia.org",
    "www.britannica.com",
    "www.historytoday.net",
    "archive.org",
    "www.reddit.com",
    "www.fandom.com",
    "www.localarchive.org",
    "www.quora.com",
    "www.tripadvisor.com",
    "www.jstor.org",
    "www.atlasobscura.com",
    "www.nytimes.com",
    "www.theguardian.com",
    "www.researchgate.net",
)

TITLE_TEMPLATES = (
    "{s} - Wikipedia",
    "{s}: history and facts | {site}",
    "The story of the {s}",
    "{s} ({a}) - discussion thread",
    "Everything you need to know about the {s}",
    "{s} — {a} explained",
    "Archive: {s} records",
    "FAQ: {s}",
    "{s} timeline",
    "What happened to the {s}?",
    "{s} | Encyclopaedia entry",
    "Notes on the {s} ({a})",
)


@dataclass(frozen=True)
class Page:
    """A web page a search can return: title, URL and the facts its snippets draw on."""

    title: str
    url: str


def slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in text).strip("_")


def make_pages(rng: random.Random, topic: Topic, count: int, salt: str = "") -> list[Page]:
    """``count`` distinct pages about ``topic``; ``salt`` makes a disjoint set (a new sub-question)."""
    pages: list[Page] = []
    titles = list(TITLE_TEMPLATES)
    rng.shuffle(titles)
    for i in range(count):
        site = SITES[(i * 5 + rng.randrange(len(SITES))) % len(SITES)]
        subject = f"{topic.subject} {salt}".strip()
        template = titles[i % len(titles)]
        if template.endswith("- Wikipedia") and site != "en.wikipedia.org":
            template = "{s} | {site}"
        title = template.format(s=subject, a=topic.aspect, site=site)
        path = (
            slug(subject)
            if site == "en.wikipedia.org"
            else f"{slug(subject).lower()}-{rng.randrange(100, 99999)}"
        )
        prefix = "wiki/" if site == "en.wikipedia.org" else rng.choice(["", "articles/", "t/", "story/"])
        pages.append(Page(title, f"https://{site}/{prefix}{path}"))
    return pages


SNIPPET_TEMPLATES = (
    "The {s} is {f}, and is often mentioned alongside {g}.",
    "{S} — {f}. Sources disagree on the {a}.",
    "Posted by a user: I read that the {s} was {f}; anyone know the {a}?",
    "... {f} ... records from the period mention {g} ...",
    "Our guide to the {s}: {f}. See also {g}.",
    "Last updated 3 years ago. {S}: {f}.",
    "{S} ({f}). The {a} is not listed in this summary.",
)


def snippet(rng: random.Random, topic: Topic) -> str:
    f, g = rng.sample(list(topic.facts), 2)
    return rng.choice(SNIPPET_TEMPLATES).format(s=topic.subject, S=topic.subject, f=f, g=g, a=topic.aspect)


def format_results(rng: random.Random, topic: Topic, pages: Sequence[Page], style: int, query: str) -> str:
    """A ranked result list in one of three formats real search tools use."""
    lines: list[str] = []
    if style == 0:
        lines.append(f"## Search Results for '{query}'\n")
        for i, p in enumerate(pages):
            lines.append(f"{i}. [{p.title}]({p.url})\n{snippet(rng, topic)}\n")
    elif style == 1:
        lines.append(f"A search for '{query}' found {len(pages)} results:\n")
        for i, p in enumerate(pages, 1):
            lines.append(f"{i}. {p.title}\n   URL: {p.url}\n   {snippet(rng, topic)}")
    else:
        items = [
            {"rank": i, "title": p.title, "link": p.url, "snippet": snippet(rng, topic)}
            for i, p in enumerate(pages, 1)
        ]
        return json.dumps({"query": query, "results": items}, ensure_ascii=False)
    return "\n".join(lines)


def page_text(rng: random.Random, topic: Topic, page: Page, part: int, total: int) -> str:
    """A viewport of a page: header, then a few paragraphs drawn from the topic's facts."""
    paragraphs = []
    for _ in range(rng.randrange(2, 5)):
        facts = rng.sample(list(topic.facts), 3)
        paragraphs.append(
            f"The {topic.subject} is {facts[0]}. It is {facts[1]}, and {facts[2]}. "
            f"(section {part}.{rng.randrange(1, 9)}, ref [{rng.randrange(1, 60)}])"
        )
    return (
        f"Address: {page.url}\nTitle: {page.title}\nViewport position: Showing page {part} of {total}.\n"
        "=======================\n" + "\n\n".join(paragraphs)
    )


def paraphrases(topic: Topic) -> list[str]:
    s, a = topic.subject, topic.aspect
    return [
        f"{s} {a}",
        f"{a} of the {s}",
        f'"{s}" {a}',
        f"{s} {a} official source",
        f"what is the {s} {a}",
        f"{s} {a.split()[0]}",
        f"{s} '{a}' exact",
        f"{a} {s} record",
    ]


# --------------------------------------------------------------------------- code content


@dataclass(frozen=True)
class Bug:
    """A repository bug a code agent works on."""

    repo: str
    module: str
    path: str
    func: str
    issue: str
    test: str


BUGS = (
    Bug(
        "dateparse-lite",
        "dateparse_lite.duration",
        "src/dateparse_lite/duration.py",
        "parse_duration",
        "parse_duration('-1 day, 2:00:00') returns a positive timedelta",
        "tests/test_duration.py",
    ),
    Bug(
        "tabkit",
        "tabkit.sniff",
        "tabkit/sniff.py",
        "sniff_delimiter",
        "sniff_delimiter raises KeyError on files with a BOM",
        "tests/test_sniff.py",
    ),
    Bug(
        "tinyorm",
        "tinyorm.query",
        "tinyorm/query.py",
        "QuerySet.filter",
        "filter(name=None) builds `name = NULL` instead of `name IS NULL`",
        "tests/test_query.py",
    ),
    Bug(
        "mdtable",
        "mdtable.render",
        "mdtable/render.py",
        "render_table",
        "right-aligned columns lose one space of padding",
        "tests/test_render.py",
    ),
    Bug(
        "geohashx",
        "geohashx.core",
        "geohashx/core.py",
        "decode",
        "decode() rounds to 5 decimals regardless of precision",
        "tests/test_core.py",
    ),
    Bug(
        "invoicer",
        "invoicer.totals",
        "invoicer/totals.py",
        "line_total",
        "line_total ignores the discount on the last line",
        "tests/test_totals.py",
    ),
)


def traceback_text(frames: Sequence[tuple[str, int, str]], error: str) -> str:
    lines = ["Traceback (most recent call last):"]
    for file, line, func in frames:
        lines.append(f'  File "{file}", line {line}, in {func}')
    lines.append(error)
    return "\n".join(lines)


def pytest_summary(rng: random.Random, bug: Bug, failed: int, passed: int, failure: str) -> str:
    head = (
        f"============================= test session starts ==============================\n"
        f"platform linux -- Python 3.11.{rng.randrange(2, 9)}, "
        f"pytest-8.{rng.randrange(0, 3)}.{rng.randrange(0, 4)}\n"
        f"rootdir: /repo/{bug.repo}\ncollected {failed + passed} items\n\n"
    )
    dots = "." * passed + "F" * failed
    body = f"{bug.test} {dots}{' ' * max(1, 50 - len(dots))}[100%]\n\n"
    if failed:
        body += (
            f"=================================== FAILURES ===================================\n"
            f"{failure}\n=========================== short test summary info ============================\n"
            f"FAILED {bug.test}::test_{bug.func.split('.')[-1]}_{rng.randrange(1, 9)}\n"
        )
    secs = rng.randrange(8, 290) / 100
    tail = f"{failed} failed, {passed} passed" if failed else f"{passed} passed"
    return f"{head}{body}========================= {tail} in {secs:.2f}s ========================="


# --------------------------------------------------------------------------- loop families


Builder = Callable[[random.Random, int], Scenario]


def loop_failure_streak(rng: random.Random, n: int) -> Scenario:
    """Code tool failing at the same line with the same kind of error, the model apologising."""
    tools, bug = code_tools(rng), rng.choice(BUGS)
    t = Transcript(rng)
    t.user(f"There is a bug in the `{bug.repo}` repository: {bug.issue}. Find the cause and fix it.")
    warmup_code(t, tools, bug)
    t.step(
        say(tools.thought, f"Let me look at `{bug.path}` first."),
        [
            Call(
                tools.open_file,
                {"path": bug.path},
                f"[File: /repo/{bug.repo}/{bug.path} ({rng.randrange(80, 400)} lines total)]\n"
                f"{rng.randrange(10, 40)}: def {bug.func.split('.')[-1]}(value, *, strict=False):\n"
                f'...: """{bug.issue.capitalize()}."""',
            )
        ],
    )
    error_kind = rng.randrange(3)
    keys = ["price", "Price", "unit_price", "price_eur", "'price'", "PRICE", "amount_price", "priceValue"]
    attrs = ["group", "groups", "span", "start", "end", "groupdict", "expand", "lastindex"]
    apologies = [
        "I apologize for the error, let me try a different approach.",
        "Sorry, that failed again. I'll rewrite the snippet.",
        "My apologies, the code is still failing. Let me try another way.",
        "I apologize for the confusion. Let me restructure the code.",
        "That did not work either; I will try once more with a different method.",
        "I'm sorry for the repeated error. Let me approach it differently.",
        "Apologies, let me fix that and retry.",
        "Let me try a different approach to avoid this error.",
    ]
    rng.shuffle(apologies)
    failures = rng.randrange(5, 8)
    first_fail = 0
    for i in range(failures):
        if error_kind == 0:
            key = keys[i]
            code = (
                f"import json\nrows = json.load(open('fixtures/orders.json'))\n"
                f"total = sum(r[{key!r}] * r.get('qty', 1) for r in rows)\nprint(total)"
            )
            err = traceback_text(
                [("<string>", 3, "<module>"), ("<string>", 3, "<genexpr>")], f"KeyError: {key!r}"
            )
        elif error_kind == 1:
            attr = attrs[i]
            code = (
                f"import re\nfrom {bug.module} import _PATTERN\nm = _PATTERN.match('-1 day, 2:00:00')\n"
                f"print(m.{attr}({'' if i % 2 else '0'}))"
            )
            err = traceback_text(
                [("<string>", 4, "<module>")], f"AttributeError: 'NoneType' object has no attribute '{attr}'"
            )
        else:
            var = ["n", "count", "total", "size", "qty", "value", "k", "width"][i]
            code = (
                f"from {bug.module} import {bug.func.split('.')[-1]}\n{var} = '{rng.randrange(2, 40)}'\n"
                f"print({bug.func.split('.')[-1]}({var} + {i + 1}))"
            )
            err = traceback_text(
                [("<string>", 3, "<module>")],
                f'TypeError: can only concatenate str (not "int") to str (variable {var!r})'
                if i % 2
                else "TypeError: must be str, not int",
            )
        text = say(tools.thought, apologies[i] if i else "Let me reproduce the problem with a short script.")
        s = t.step(text, [Call(tools.python, {tools.code_key: code}, err, True)])
        first_fail = first_fail or s
    t.step(say(tools.thought, "I keep hitting the same error; I'll stop here."))
    onset = first_fail + FRUITLESS_AT_ONSET
    return Scenario(
        f"twin-loop-failure-streak-{n:02d}",
        "code tool fails with the same error in other words while the "
        "model apologises and rewrites the snippet",
        True,
        ("error_streak", "same_tool"),
        onset,
        f"{failures} consecutive steps from step {first_fail} "
        "run a rewritten snippet that fails at the same line "
        "with the same error class (names and values vary). The first failure is information; the 4th "
        f"consecutive same-class failure (step {onset}) is the "
        "3rd fruitless one and makes the streak unambiguous.",
        t.events,
    )


def loop_schema_misuse(rng: random.Random, n: int) -> Scenario:
    """A tool failing on its own argument schema under trivially different arguments."""
    web = rng.random() < 0.6
    t = Transcript(rng)
    if web:
        tools, topic = web_tools(rng), rng.choice(TOPICS)
        t.user(topic.question)
        page = make_pages(rng, topic, 1)[0]
        t.step(
            say(tools.thought, f"I will open a page about the {topic.subject}."),
            [Call(tools.visit, {"url": page.url}, page_text(rng, topic, page, 1, 6))],
        )
        tool = tools.page_down
        variants: list[Json] = [
            {"page_down": ""},
            {"page_down": {}},
            {"arguments": {}},
            {"": ""},
            {"direction": "down"},
            {"page": 2},
            {"scroll": True},
        ]
        error = rng.choice(
            [
                "Error: {t}() got an unexpected keyword argument '{k}'",
                "Error executing tool '{t}': unexpected argument(s) {k!r}; the tool takes no arguments",
                "Invalid call to {t}: parameter '{k}' is not defined in the schema",
            ]
        )
        pairs: list[tuple[Json, str]] = [
            (args, error.format(t=tool, k=next(iter(args)))) for args in variants
        ]
        thought = tools.thought
        planning = [
            "Let me list what I know so far before trying again.",
            f"Facts so far: the page is about the {topic.subject}; the {topic.aspect} is not on page 1.",
            "I need to check the tool's signature and call it again.",
            "Still need the next section. Re-planning: scroll with the right parameters.",
        ]
    else:
        ctools, bug = code_tools(rng), rng.choice(BUGS)
        t.user(f"Issue in {bug.repo}: {bug.issue}. Please fix it and make the tests pass.")
        warmup_code(t, ctools, bug)
        t.step(
            say(ctools.thought, "Let me see the failing test."),
            [
                Call(
                    ctools.open_file,
                    {"path": bug.test},
                    f"1: import pytest\n2: from {bug.module} import {bug.func.split('.')[0]}\n...",
                )
            ],
        )
        tool = rng.choice(["edit_file", "str_replace_editor", "apply_patch"])
        old, new, path = "return result", "return _normalise(result)", bug.path
        unexpected = "Error: {t}() got an unexpected keyword argument '{k}'"
        missing = "Error: {t}() missing 1 required positional argument: '{k}'"
        extra = (
            "ValidationError: 1 validation error for {t}\n{k}\n"
            "  Extra inputs are not permitted [type=extra_forbidden]"
        )
        pairs = [
            ({"file": path, "old_str": old, "new_str": new}, unexpected.format(t=tool, k="file")),
            ({"filename": path, "old_str": old, "new_str": new}, extra.format(t=tool, k="filename")),
            ({"path": path, "old": old, "new": new}, unexpected.format(t=tool, k="old")),
            ({"path": path, "search": old, "replace": new}, extra.format(t=tool, k="search")),
            ({"path": path, "old_str": old}, missing.format(t=tool, k="new_str")),
            ({"path": path, "new_str": new}, missing.format(t=tool, k="old_str")),
            (
                {"path": [path], "old_str": old, "new_str": new},
                f"TypeError: {tool}() argument 'path' must be str, not list",
            ),
        ]
        thought = ctools.thought
        planning = [
            f"What I know: the bug is in `{path}`; the fix is one line. I need to apply it.",
            "Plan: 1) apply the one-line fix, 2) run the tests, 3) report.",
            f"The edit tool rejected the call. Let me re-check how {tool} is called.",
            "Re-planning: same fix, corrected parameters.",
        ]
    rng.shuffle(pairs)
    attempts = rng.randrange(5, 7)
    onset = 0
    for i in range(attempts):
        args, err = pairs[i]
        text = rng.choice([f"Calling {tool} to continue.", f"Let me try {tool} again.", f"Retrying {tool}."])
        s = t.step(say(thought, text), [Call(tool, args, err, True)])
        if i == FRUITLESS_AT_ONSET:
            onset = s
        if rng.random() < 0.6 and i < attempts - 1:
            t.step(say(thought, rng.choice(planning)))
    return Scenario(
        f"twin-loop-schema-misuse-{n:02d}",
        f"{tool} fails again and again on its argument schema under trivially "
        "varied arguments, planning text between",
        True,
        ("error_streak", "same_tool"),
        onset,
        f"{attempts} calls of {tool}, each with a trivially different argument shape, each rejected with an "
        "unexpected/missing-parameter or type error; text-only "
        "planning steps between neither help nor reset. "
        f"The first rejection is information; the 4th (step {onset}) is the 3rd fruitless repeat.",
        t.events,
    )


def loop_paraphrased_searches(rng: random.Random, n: int) -> Scenario:
    """Rephrasings of one query bringing back the same pages reordered, with re-visits between."""
    tools, topic = web_tools(rng), rng.choice(TOPICS)
    t = Transcript(rng)
    t.user(topic.question)
    pages = make_pages(rng, topic, 7)
    style = rng.randrange(3)
    queries = paraphrases(topic)
    rng.shuffle(queries)
    visits: dict[str, int] = {}
    texts = {p.url: page_text(rng, topic, p, 1, 4) for p in pages}
    searches = rng.randrange(5, 8)
    onset = 0
    for i in range(searches):
        shown = pages[:6]
        rng.shuffle(shown)
        if i and rng.random() < 0.4:
            shown = [*shown[:5], make_pages(rng, topic, 1, salt="forum")[0]]
        q = queries[i]
        text = (
            "Let me search for this."
            if i == 0
            else rng.choice(
                [
                    f"The {topic.aspect} is still not stated. Let me rephrase the search.",
                    f"None of these give the {topic.aspect} directly. Trying another phrasing.",
                    "I should search with different wording.",
                    f"Re-planning: search again for the {topic.aspect} with other keywords.",
                ]
            )
        )
        s = t.step(
            say(tools.thought, text),
            [Call(tools.search, {tools.query_key: q}, format_results(rng, topic, shown, style, q))],
        )
        if i == FRUITLESS_AT_ONSET:
            onset = s
        if rng.random() < 0.6:
            page = rng.choice([p for p in pages[:4] if visits.get(p.url, 0) < 2])
            visits[page.url] = visits.get(page.url, 0) + 1
            t.step(
                say(tools.thought, f"Opening {page.url} to look for the {topic.aspect}."),
                [Call(tools.visit, {"url": page.url}, texts[page.url])],
            )
    t.step(say(tools.thought, "I could not find it."), [Call(tools.final, {"answer": "Unknown"}, "Unknown")])
    return Scenario(
        f"twin-loop-paraphrased-searches-{n:02d}",
        "rephrased searches for one fact bring back the same pages "
        "reordered with other snippets, page visits and re-planning between",
        True,
        ("same_tool",),
        onset,
        f"{searches} searches rephrase one query; every result list holds the same 6 pages (at most one "
        "new forum page), reordered with fresh snippets, so no search after the first brings a new source. "
        "Visits between go to pages already listed (each at "
        f"most twice). The 4th search (step {onset}) is the "
        "3rd fruitless paraphrase.",
        t.events,
    )


def loop_redelegation(rng: random.Random, n: int) -> Scenario:
    """A manager handing nearly the same task to its search sub-agent, getting the same report."""
    topic = rng.choice(TOPICS)
    tool = rng.choice(["search_agent", "web_researcher", "delegate_to_search_agent", "research_assistant"])
    key = rng.choice(["task", "request", "query"])
    thought = rng.random() < 0.7
    t = Transcript(rng)
    t.user(topic.question)
    asks = [
        f"Find the {topic.aspect} of the {topic.subject}.",
        f"Search the web for the {topic.aspect} of the {topic.subject} and report it with sources.",
        f"Please find the {topic.subject}'s {topic.aspect}; give the exact value.",
        f"Look up the {topic.aspect} of the {topic.subject}. Be thorough.",
        f"Find out the {topic.aspect} for the {topic.subject}, checking several sources.",
        f"I need the {topic.aspect} of the {topic.subject}. Search again and report.",
        f"Find the {topic.aspect} of the {topic.subject} (exact figure, cite the page).",
    ]
    pages = make_pages(rng, topic, 4)
    delegations = rng.randrange(5, 8)
    onset = 0
    for i in range(delegations):
        f1, f2 = rng.sample(list(topic.facts), 2)
        cited = rng.sample(pages, 2)
        report = rng.choice(
            [
                "### 1. Task outcome (short version):\nCould not "
                f"determine the {topic.aspect} of the {topic.subject}.\n"
                "### 2. Task outcome (detailed):\nSources describe it "
                f"as {f1} and {f2}, but none state the {topic.aspect}.\n"
                f"### 3. Additional context:\nChecked {cited[0].url} and {cited[1].url}.",
                "Here is the final answer from your managed agent "
                f"'{tool}':\nI searched several pages. The {topic.subject} "
                f"is {f1}; {f2}. The {topic.aspect} is not mentioned in {cited[0].url} or {cited[1].url}.",
                f"Report: no exact {topic.aspect} found. Best sources: {cited[0].title} ({cited[0].url}), "
                f"{cited[1].title}. They mention that it is {f1}.",
            ]
        )
        text = (
            "I will ask the search agent."
            if i == 0
            else rng.choice(
                [
                    "The agent did not find it. I will ask again with more detail.",
                    "Let me delegate the search once more.",
                    f"Still no {topic.aspect}. Asking the search agent again.",
                    "I need the exact value, so I will send the task again.",
                ]
            )
        )
        s = t.step(say(thought, text), [Call(tool, {key: asks[i]}, report)])
        if i == FRUITLESS_AT_ONSET:
            onset = s
    return Scenario(
        f"twin-loop-redelegation-{n:02d}",
        "a manager re-delegates nearly the same search task; every report says about the same",
        True,
        ("same_tool",),
        onset,
        f"{delegations} delegations of the same task in other "
        f"words; every report says the {topic.aspect} was not "
        "found, citing the same few pages. The first report is "
        f"information; the 4th delegation (step {onset}) is "
        "the 3rd fruitless one.",
        t.events,
    )


def loop_identical_revisits(rng: random.Random, n: int) -> Scenario:
    """The same page visited (or the same query searched) again and again with the same content."""
    tools, topic = web_tools(rng), rng.choice(TOPICS)
    t = Transcript(rng)
    t.user(topic.question)
    pages = make_pages(rng, topic, 5)
    q = paraphrases(topic)[0]
    first = format_results(rng, topic, pages, rng.randrange(3), q)
    t.step(say(tools.thought, "Searching first."), [Call(tools.search, {tools.query_key: q}, first)])
    by_search = rng.random() < 0.4
    target = pages[rng.randrange(3)]
    content = page_text(rng, topic, target, 1, 3)
    if rng.random() < 0.5:
        other = pages[3 + rng.randrange(2)]
        t.step(
            say(tools.thought, f"Let me read {other.url} first."),
            [Call(tools.visit, {"url": other.url}, page_text(rng, topic, other, 1, 2))],
        )
    repeats = rng.randrange(4, 7)
    occurrences: list[int] = []
    for _ in range(repeats):
        if by_search:
            call = Call(tools.search, {tools.query_key: q}, first)
        else:
            call = Call(tools.visit, {"url": target.url}, content)
        text = rng.choice(
            [
                f"I need the {topic.aspect}; looking again.",
                "Let me try that again.",
                *(
                    [f"Searching for the {topic.aspect} once more.", "Let me run the search again."]
                    if by_search
                    else [f"Let me check {target.url} for the {topic.aspect}.", "Visiting the page again."]
                ),
            ]
        )
        occurrences.append(t.step(say(tools.thought, text), [call]))
        if rng.random() < 0.35:
            t.step(
                say(
                    tools.thought,
                    f"The results describe the {topic.subject} but I have not seen the {topic.aspect}.",
                )
            )
    onset = occurrences[2] if not by_search else occurrences[1]
    what = "search" if by_search else "visit"
    return Scenario(
        f"twin-loop-identical-revisits-{n:02d}",
        f"the same {what} repeated with the same content",
        True,
        ("identical_call",),
        onset,
        f"The same {what} (same arguments, same result) recurs "
        f"{repeats + by_search} times; the 3rd identical "
        f"occurrence (step {onset}) makes it unambiguous. Text-only steps between bring nothing.",
        t.events,
    )


def loop_narration(rng: random.Random, n: int) -> Scenario:
    """Narration that repeats once the calls stop bringing anything new."""
    code = rng.random() < 0.4
    t = Transcript(rng)
    onset = 0
    if code:
        tools, bug = code_tools(rng), rng.choice(BUGS)
        t.user(f"{bug.repo}: {bug.issue}. Find where this is handled.")
        dirs = ["src", "lib", "tests", "docs", "scripts", "examples"]
        for d in rng.sample(dirs, 3):
            files = "\n".join(
                f"{d}/{w}.py" for w in rng.sample(["util", "core", "io", "cli", "types", "base"], 3)
            )
            t.step(
                say(
                    tools.thought, f"I need to find where {bug.func} is implemented. Let me search the code."
                ),
                [Call(tools.shell, {"command": f"ls {d}"}, files)],
            )
        same = rng.choice(["", "(no output)\n[exit code 1]"])
        for attempt, pattern in enumerate(
            [
                "def " + bug.func.split(".")[-1],
                bug.func,
                bug.func.split(".")[-1] + "(",
                "_" + bug.func.lower(),
                bug.func.split(".")[-1] + " =",
                "import " + bug.func.split(".")[0],
                bug.func.split(".")[-1].upper(),
            ]
        ):
            s = t.step(
                say(
                    tools.thought, f"I need to find where {bug.func} is implemented. Let me search the code."
                ),
                [Call(tools.shell, {"command": f"grep -rn '{pattern}' {bug.path}"}, same, bool(same))],
            )
            if attempt == FRUITLESS_AT_ONSET:
                onset = s
    else:
        wtools, topic = web_tools(rng), rng.choice(TOPICS)
        t.user(topic.question)
        style = rng.randrange(3)
        line = rng.choice(
            [
                f"I still need the {topic.aspect} of the {topic.subject}. I will search once more.",
                f"Let me search for more information about the {topic.subject}'s {topic.aspect}.",
            ]
        )
        queries = paraphrases(topic)
        for salt in rng.sample(["history", "archive", "museum", "society", "records"], 3):
            pages = make_pages(rng, topic, 5, salt=salt)
            q = f"{topic.subject} {salt}"
            t.step(
                say(wtools.thought, line),
                [Call(wtools.search, {wtools.query_key: q}, format_results(rng, topic, pages, style, q))],
            )
        empty = rng.choice(
            [
                "No results found for the given query.",
                "## Search Results\n\nNo results. Try a less specific query.",
            ]
        )
        for attempt, q in enumerate(queries[: rng.randrange(5, 8)]):
            q2 = q + " " + rng.choice(["exact", "precise", "verified", "official", "confirmed"])
            s = t.step(say(wtools.thought, line), [Call(wtools.search, {wtools.query_key: q2}, empty)])
            if attempt == FRUITLESS_AT_ONSET:
                onset = s
    return Scenario(
        f"twin-loop-narration-{n:02d}",
        "the same intent restated every step once the calls stop bringing anything new",
        True,
        ("narration", "same_tool"),
        onset,
        "The narration is the same from the start, but the first calls bring new results (not a loop yet). "
        "Then every call (other arguments each time) returns the same empty result and the narration does "
        "not change. The first empty result is information; the 4th such step (step "
        f"{onset}, the 3rd fruitless one) is the onset. An alarm during the productive steps is early.",
        t.events,
    )


# --------------------------------------------------------------------------- healthy families


def ok_retry_succeeds(rng: random.Random, n: int) -> Scenario:
    """A transient failure retried, succeeding on the 2nd or 3rd attempt."""
    tools, topic = web_tools(rng), rng.choice(TOPICS)
    t = Transcript(rng)
    t.user(topic.question)
    pages = make_pages(rng, topic, 5)
    q = paraphrases(topic)[0]
    errors = [
        "Error: HTTPSConnectionPool(host='api.search.example', port=443): Read timed out. (read timeout=20)",
        "Error: 503 Service Unavailable. Please retry later.",
        "Error: 429 Too Many Requests (rate limited)",
        "Error executing tool: ConnectionResetError(104, 'Connection reset by peer')",
    ]
    fails = rng.randrange(1, 3)
    for i in range(fails):
        t.step(
            say(tools.thought, "Searching." if i == 0 else "The search tool failed; retrying."),
            [Call(tools.search, {tools.query_key: q}, rng.choice(errors), True)],
        )
    t.step(
        say(tools.thought, "Retrying the search once more."),
        [Call(tools.search, {tools.query_key: q}, format_results(rng, topic, pages, rng.randrange(3), q))],
    )
    t.step(
        say(tools.thought, f"Opening the top result for the {topic.aspect}."),
        [
            Call(
                tools.visit,
                {"url": pages[0].url},
                page_text(rng, topic, pages[0], 1, 2) + f"\n\nThe {topic.aspect} was {topic.answer}.",
            )
        ],
    )
    t.step(
        say(tools.thought, f"The page states it: {topic.answer}."),
        [Call(tools.final, {"answer": topic.answer}, topic.answer)],
    )
    return Scenario(
        f"twin-ok-retry-succeeds-{n:02d}",
        "a transient search failure retried, then it succeeds",
        False,
        ("none",),
        None,
        f"The same search fails {fails} time(s) with a transient error and succeeds on attempt {fails + 1}; "
        "then the agent reads a page and answers. A retry that ends in success is not a loop.",
        t.events,
    )


#: Booking/payment-like tools and the user request each serves.
BOOKINGS = (
    (
        "purchase_article_access",
        "Please buy access to the 1974 archive article on the Mirabel Quartet and summarise it.",
    ),
    ("book_table", "Book a table for 4 at Casa Orvanne tonight at 19:30 and tell me the confirmation."),
    ("reserve_meeting_room", "Reserve room B2 for the Thursday review, 10:00-11:00."),
    ("submit_payment", "Pay the open invoice INV-2291 for the Port Ember archive scans."),
)


def ok_booking_handoff(rng: random.Random, n: int) -> Scenario:
    """The same failing booking/payment call retried twice, then a hand-off to a human."""
    thought = rng.random() < 0.5
    tool, request = rng.choice(BOOKINGS)
    handoff = rng.choice(["transfer_to_human_agents", "escalate_to_human", "ask_user"])
    t = Transcript(rng)
    t.user(request)
    t.step(
        say(thought, "Let me check availability first."),
        [
            Call(
                "check_availability",
                {"item": tool.split("_", 1)[1]},
                json.dumps({"available": True, "price_eur": rng.randrange(5, 60)}),
            )
        ],
    )
    args: Json = {
        "customer_id": f"cust_{rng.randrange(1000, 9999)}",
        "payment_method": "card_ending_4242",
        "amount_eur": rng.randrange(5, 60),
    }
    err = rng.choice(
        [
            json.dumps({"error": "PAYMENT_DECLINED", "message": "The card was declined by the issuer."}),
            "Error: upstream booking service returned 502 Bad Gateway",
            json.dumps({"status": "failed", "reason": "card_authorization_failed"}),
        ]
    )
    attempts = rng.randrange(2, 4)
    for i in range(attempts):
        if i == 2:  # a 3rd attempt adjusts an argument: never three identical calls
            args = {**args, "payment_method": "card_ending_0005"}
        t.step(
            say(
                thought,
                ["Placing the booking.", "That failed; I will try once more.", "Let me try the other card."][
                    i
                ],
            ),
            [Call(tool, args, err, True)],
        )
    t.step(
        say(thought, "It keeps failing, so I will hand this over to a person."),
        [
            Call(
                handoff,
                {"summary": f"{tool} failed {attempts} times with the same error; needs a human."},
                "Transfer successful" if handoff != "ask_user" else "User: OK, I'll pay by phone.",
            )
        ],
    )
    t.step("I could not complete the booking automatically; a colleague will follow up.")
    return Scenario(
        f"twin-ok-booking-handoff-{n:02d}",
        f"{tool} fails the same way {attempts} times, then a hand-off",
        False,
        ("none",),
        None,
        f"The same call fails {attempts} times with the same error (a verbatim retry, and when there is "
        "a 3rd attempt it changes the card), then the agent hands over. A short retry ending in a "
        "hand-off is what a careful agent does (2 fruitless steps at most, below the onset rule's 3); "
        "at most a nudge, never a halt.",
        t.events,
    )


#: The snippet a table fan-out runs for each candidate table.
SQL_PROBE = (
    "import sqlite3\ncon = sqlite3.connect('dev.db')\n"
    "print(con.execute('SELECT * FROM {table} LIMIT 3').fetchall())"
)


def ok_path_fanout(rng: random.Random, n: int) -> Scenario:
    """Candidate file paths or tables each failing with an error naming its target, then one succeeding."""
    tools, bug = code_tools(rng), rng.choice(BUGS)
    t = Transcript(rng)
    t.user(f"{bug.repo}: {bug.issue}. Find the config the tests use.")
    warmup_code(t, tools, bug, listing=False)
    tables = rng.random() < 0.4
    if tables:
        names = rng.sample(
            ["orders", "order_lines", "invoices", "invoice_items", "line_items", "sales", "items"], 5
        )
        for name in names[:-1]:
            code = SQL_PROBE.format(table=name)
            err = traceback_text(
                [("<string>", 3, "<module>")], f"sqlite3.OperationalError: no such table: {name}"
            )
            t.step(
                say(tools.thought, f"Trying table `{name}`."),
                [Call(tools.python, {tools.code_key: code}, err, True)],
            )
        code = SQL_PROBE.format(table=names[-1])
        t.step(
            say(tools.thought, f"Trying table `{names[-1]}`."),
            [
                Call(
                    tools.python,
                    {tools.code_key: code},
                    "[(1, 'A-17', 2, 9.5), (2, 'B-02', 1, 120.0), (3, 'C-11', 5, 3.2)]",
                )
            ],
        )
        found = names[-1]
    else:
        paths = rng.sample(
            [
                "setup.cfg",
                "pytest.ini",
                "tox.ini",
                "config/pytest.cfg",
                "conftest.py",
                "tests/conftest.py",
                ".config/pytest.ini",
                "config/test.yaml",
            ],
            5,
        )
        not_found = rng.choice(
            [
                "cat: {p}: No such file or directory",
                "Error: file not found: /repo/{repo}/{p}",
                "FileNotFoundError: [Errno 2] No such file or directory: '{p}'",
            ]
        )
        for p in paths[:-1]:
            err = not_found.format(p=p, repo=bug.repo)
            t.step(
                say(tools.thought, f"Maybe the settings are in `{p}`."),
                [Call(tools.open_file, {"path": p}, err, True)],
            )
        t.step(
            say(tools.thought, f"Maybe the settings are in `{paths[-1]}`."),
            [
                Call(
                    tools.open_file,
                    {"path": paths[-1]},
                    "[pytest]\naddopts = -q --strict-markers\ntestpaths = tests\n",
                )
            ],
        )
        found = paths[-1]
    t.step(say(tools.thought, f"Found it in `{found}`. Done."))
    return Scenario(
        f"twin-ok-target-fanout-{n:02d}",
        "a fan-out over candidate paths/tables, each failing with an error "
        "naming its target, then one succeeding",
        False,
        ("none",),
        None,
        "Four failures in a row, but each names a different target the agent has not tried: every failure "
        f"is new information (the target does not exist), and the 5th candidate (`{found}`) works.",
        t.events,
    )


def ok_search_fanout(rng: random.Random, n: int) -> Scenario:
    """Repeated narration over searches that each bring genuinely new results."""
    tools = web_tools(rng)
    topics = rng.sample(list(TOPICS), 5)
    t = Transcript(rng)
    t.user(
        "For each of these, give me one key fact with a source: " + "; ".join(x.subject for x in topics) + "."
    )
    style = rng.randrange(3)
    line = rng.choice(
        [
            "Let me search for the next item on the list.",
            "I will search for the next one.",
            "Next, search for the following subject.",
        ]
    )
    for topic in topics:
        q = f"{topic.subject} {topic.aspect}"
        t.step(
            say(tools.thought, line),
            [
                Call(
                    tools.search,
                    {tools.query_key: q},
                    format_results(rng, topic, make_pages(rng, topic, 5), style, q),
                )
            ],
        )
    summary = "; ".join(f"{x.subject}: {x.facts[0]}" for x in topics)
    t.step(say(tools.thought, "I have one fact for each."), [Call(tools.final, {"answer": summary}, summary)])
    return Scenario(
        f"twin-ok-search-fanout-{n:02d}",
        "a search fan-out with repeating narration, each search new",
        False,
        ("none",),
        None,
        "The narration is the same sentence every step, but each search is about a different subject and "
        "returns pages never seen before: repeated words over new information are not a loop.",
        t.events,
    )


def ok_paging(rng: random.Random, n: int) -> Scenario:
    """Paging through a long document, each page new."""
    tools, topic = web_tools(rng), rng.choice(TOPICS)
    t = Transcript(rng)
    t.user(topic.question)
    page = make_pages(rng, topic, 1)[0]
    total = rng.randrange(6, 10)
    t.step(
        say(tools.thought, "Opening the main article."),
        [Call(tools.visit, {"url": page.url}, page_text(rng, topic, page, 1, total))],
    )
    for part in range(2, total + 1):
        body = page_text(rng, topic, page, part, total)
        if part == total:
            body += f"\n\nThe {topic.aspect} of the {topic.subject} is recorded as {topic.answer}."
        t.step(
            say(
                tools.thought,
                rng.choice(
                    [
                        "Not here yet; scrolling down.",
                        "Continue reading.",
                        f"No {topic.aspect} on this page; next page.",
                    ]
                ),
            ),
            [Call(tools.page_down, {}, body)],
        )
    t.step(
        say(tools.thought, f"Found it: {topic.answer}."),
        [Call(tools.final, {"answer": topic.answer}, topic.answer)],
    )
    return Scenario(
        f"twin-ok-paging-{n:02d}",
        "paging through a long article, each page new",
        False,
        ("none",),
        None,
        f"{tools.page_down} is called {total - 1} times with identical (empty) arguments, but every viewport "
        "is a new part of the document ending in the answer: pagination, not a loop.",
        t.events,
    )


def ok_error_progress(rng: random.Random, n: int) -> Scenario:
    """A code agent iterating through different errors until the tests pass."""
    tools, bug = code_tools(rng), rng.choice(BUGS)
    t = Transcript(rng)
    t.user(f"Fix {bug.repo}: {bug.issue}.")
    warmup_code(t, tools, bug)
    name = bug.func.split(".")[-1]
    arg = rng.choice(["'-1 day, 2:00:00'", "'a;b\\n1;2'", "None", "12.5"])
    stages = [
        (
            f"from {bug.module} import {name}\ndef patched(value)\n "
            f"   return {name}(value)\nprint(patched({arg}))",
            '  File "<string>", line 2\n    def patched(value)\n '
            "                     ^\nSyntaxError: expected ':'",
            "Missing colon in my helper; fixing the syntax.",
        ),
        (
            f"from {bug.module} import {name}_impl\nprint({name}_impl({arg}))",
            traceback_text(
                [("<string>", 1, "<module>")],
                f"ImportError: cannot import name '{name}_impl' from '{bug.module}'",
            ),
            f"The private helper is not exported; I will call {name} itself.",
        ),
        (
            f"from {bug.module} import {name}\nexpected = "
            f"-timedelta(hours=22)\nprint({name}({arg}) == expected)",
            traceback_text([("<string>", 2, "<module>")], "NameError: name 'timedelta' is not defined"),
            "I forgot to import timedelta.",
        ),
        (
            f"from datetime import timedelta\nfrom {bug.module} import {name}\nresult = {name}({arg})\n"
            f"assert result == -timedelta(hours=22), f'expected -22:00:00, got {{result}}'",
            traceback_text(
                [("<string>", 4, "<module>")],
                f"AssertionError: expected -22:00:00, got {rng.randrange(1, 23)}:00:00",
            ),
            "Now it runs and shows the real bug: the sign is "
            "lost. Let me look at the arithmetic in the source.",
        ),
    ]
    kept = sorted(rng.sample(range(len(stages)), rng.randrange(3, 5)))
    reaction = "Let me reproduce the problem first."
    for k in kept:
        code, err, next_reaction = stages[k]
        t.step(say(tools.thought, reaction), [Call(tools.python, {tools.code_key: code}, err, True)])
        reaction = next_reaction
    t.step(
        say(tools.thought, reaction + " Applying the fix to the source."),
        [
            Call(
                tools.shell,
                {"command": f"sed -i 's/return delta/return -delta if negative else delta/' {bug.path}"},
                "",
            )
        ],
    )
    t.step(
        say(tools.thought, "Running the tests."),
        [
            Call(
                tools.shell,
                {"command": f"python -m pytest {bug.test} -q"},
                pytest_summary(rng, bug, 0, rng.randrange(8, 30), ""),
            )
        ],
    )
    t.step("The fix is in place and the tests pass.")
    return Scenario(
        f"twin-ok-error-progress-{n:02d}",
        "a code agent moves through different errors until tests pass",
        False,
        ("none",),
        None,
        "Several consecutive failing runs, but each fails with a different error class at a different "
        "place (syntax, import, name, assertion): each failure is progress, and the tests end green.",
        t.events,
    )


def ok_manager_subtasks(rng: random.Random, n: int) -> Scenario:
    """A manager delegating different sub-tasks."""
    topics = rng.sample(list(TOPICS), 4)
    tool = rng.choice(["search_agent", "web_researcher", "delegate_to_search_agent"])
    key = rng.choice(["task", "request"])
    thought = rng.random() < 0.6
    t = Transcript(rng)
    t.user(
        "Compare these four subjects on one key figure each: " + ", ".join(x.subject for x in topics) + "."
    )
    for x in topics:
        report = (
            f"### 1. Task outcome (short version):\nThe {x.aspect} of the {x.subject} is {x.answer}.\n"
            f"### 2. Task outcome (detailed):\nIt is {x.facts[0]} and {x.facts[1]}.\n"
            f"### 3. Additional context:\nSource: {make_pages(rng, x, 1)[0].url}"
        )
        t.step(
            say(thought, "I will ask the search agent for the next figure."),
            [Call(tool, {key: f"Find the {x.aspect} of the {x.subject}, with a source."}, report)],
        )
    t.step("Summary: " + "; ".join(f"{x.subject} — {x.answer}" for x in topics))
    return Scenario(
        f"twin-ok-manager-subtasks-{n:02d}",
        "a manager delegates four different sub-tasks",
        False,
        ("none",),
        None,
        "The same sub-agent tool four times in a row, but each task asks about a different subject "
        "and each report answers it: delegation of distinct work, not re-delegation.",
        t.events,
    )


def ok_polling(rng: random.Random, n: int) -> Scenario:
    """Polling a job until it is done."""
    tools, bug = code_tools(rng), rng.choice(BUGS)
    t = Transcript(rng)
    t.user(f"Run the full CI suite for {bug.repo} and tell me whether it passes.")
    job = f"job-{rng.randrange(10000, 99999)}"
    tool = rng.choice(["ci_status", "check_job", "get_job_status"])
    t.step(
        say(tools.thought, "Starting the CI job."),
        [Call(tools.shell, {"command": f"ci run --repo {bug.repo}"}, f"Submitted {job}")],
    )
    polls = rng.randrange(4, 7)
    for i in range(polls):
        done = i == polls - 1
        pct = min(100, (i + 1) * 100 // polls)
        status = (
            {"job": job, "state": "succeeded", "progress": 100, "tests": "412 passed"}
            if done
            else {
                "job": job,
                "state": "running",
                "progress": pct,
                "last_log": f"collected {pct * 4} / 412 tests",
            }
        )
        t.step(
            say(
                tools.thought,
                "Checking the job status." if i == 0 else "Still running; waiting and checking again.",
            ),
            [Call(tool, {"job_id": job, "wait_s": 30}, json.dumps(status))],
        )
    t.step("The CI suite passed: 412 tests.")
    return Scenario(
        f"twin-ok-polling-{n:02d}",
        "polling a CI job until it finishes",
        False,
        ("none",),
        None,
        f"The same status call with the same arguments {polls} times, but the progress changes on every "
        "poll and the job finishes: polling, not a loop.",
        t.events,
    )


def ok_test_reruns(rng: random.Random, n: int) -> Scenario:
    """Re-running the tests after each edit, the output changing."""
    tools, bug = code_tools(rng), rng.choice(BUGS)
    t = Transcript(rng)
    t.user(f"{bug.repo}: {bug.issue}. Make {bug.test} pass.")
    warmup_code(t, tools, bug)
    cmd = rng.choice([f"python -m pytest {bug.test} -q", f"pytest {bug.test} -x", "make test"])
    total = rng.randrange(10, 25)
    failing = rng.randrange(3, 6)
    while True:
        failure = (
            f"E       AssertionError: assert {rng.randrange(100)} == {rng.randrange(100)}\n"
            f"{bug.path}:{rng.randrange(10, 200)}: AssertionError"
        )
        t.step(
            say(tools.thought, "Running the tests."),
            [
                Call(
                    tools.shell,
                    {"command": cmd},
                    pytest_summary(rng, bug, failing, total - failing, failure),
                    failing > 0,
                )
            ],
        )
        if failing == 0:
            break
        line = rng.randrange(10, 200)
        t.step(
            say(tools.thought, f"Fixing the case at line {line}."),
            [Call(tools.shell, {"command": f"sed -i '{line}s/<=/</' {bug.path}"}, "")],
        )
        failing -= rng.randrange(1, 3)
        failing = max(failing, 0)
    t.step("All tests pass now.")
    return Scenario(
        f"twin-ok-test-reruns-{n:02d}",
        "tests re-run after each edit, fewer failures each time",
        False,
        ("none",),
        None,
        "The same test command after every edit; its output changes each time (fewer "
        "failures, other assertions) until it is green: legitimate re-runs.",
        t.events,
    )


LOOP_FAMILIES: tuple[Builder, ...] = (
    loop_failure_streak,
    loop_schema_misuse,
    loop_paraphrased_searches,
    loop_redelegation,
    loop_identical_revisits,
    loop_narration,
)
HEALTHY_FAMILIES: tuple[Builder, ...] = (
    ok_retry_succeeds,
    ok_booking_handoff,
    ok_path_fanout,
    ok_search_fanout,
    ok_paging,
    ok_error_progress,
    ok_manager_subtasks,
    ok_polling,
    ok_test_reruns,
)


def build_all() -> list[Scenario]:
    """Every scenario of the set, in a fixed order, each from its own seeded generator."""
    plan = [(f, LOOPS_PER_FAMILY) for f in LOOP_FAMILIES] + [
        (f, HEALTHY_PER_FAMILY) for f in HEALTHY_FAMILIES
    ]
    scenarios: list[Scenario] = []
    for family_index, (family, count) in enumerate(plan):
        for n in range(1, count + 1):
            scenarios.append(family(random.Random(SEED * 1000 + family_index * 100 + n), n))
    return scenarios


def write(out: Path) -> int:
    """Write every scenario as ``<id>.json`` into ``out`` (created); return how many."""
    out.mkdir(parents=True, exist_ok=True)
    scenarios = build_all()
    for sc in scenarios:
        text = json.dumps(sc.to_json(), ensure_ascii=False, indent=1) + "\n"
        (out / f"{sc.sid}.json").write_text(text, encoding="utf-8")
    return len(scenarios)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help="folder to write (default: %(default)s)"
    )
    print(f"wrote {write(parser.parse_args().out)} scenarios")


if __name__ == "__main__":
    main()
