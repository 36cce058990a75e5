"""Convert the transcripts behind ``corpus/real-more/`` into scenarios (``SCHEMA.md``) and label them.

Run from the repository root (stdlib only, no network)::

    python3 corpus/convert_real_more.py                      # sources: corpus/real-more/sources/
    python3 corpus/convert_real_more.py --sources DIR        # the original files, named as in SOURCES below

Three source formats are read, each the harness's own log format:

* ``smolagents``: a record of smolagents' benchmark output (``examples/smolagents_benchmark/output/*.jsonl``):
  ``intermediate_steps`` is the agent's message list (``user`` / ``assistant`` / ``tool-call`` /
  ``tool-response``). A CodeAgent's code blob becomes a ``python_interpreter`` call with ``{"code": ...}``; an
  assistant output the harness could not parse as code (answered by ``Error in code parsing``) becomes a
  ``python_interpreter`` call whose ``code`` is the raw output and whose result is that error.
* ``openhands``: an OpenHands event list (``tests/runtime/trajs/*.json``): actions with
  ``tool_call_metadata`` are calls, observations with ``cause`` their results (``exit_code`` != 0 or
  ``success: false`` is an error); agent ``message`` / ``finish`` actions without a result are text steps.
* ``mini-swe-agent``: a mini-swe-agent message list (``*.traj.json``): each assistant message's fenced bash
  block is an ``execute_bash`` call, the next user message (``<returncode>N</returncode>``) its result.

``corpus/real-more/sources/*.jsonl`` hold the parts of each source file that were transcribed through the
project's read-only file index (one JSON object per line: a record, an event or a message; the system prompt
left out and long outputs shortened where marked). With ``--sources`` pointing at the original files the
same parsers read them whole. The labels below were set by reading each transcript step by step; the
``notes`` say what repeats and why the onset is where it is.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Json = dict[str, Any]

HERE = Path(__file__).resolve().parent
SET_DIR = HERE / "real-more"
SOURCES_DIR = SET_DIR / "sources"
#: SCHEMA.md: truncate very long outputs to ~4000 characters, keeping head and tail.
MAX_CONTENT_CHARS = 4000
HEAD_CHARS = 3000
PARSE_ERROR_MARK = "Error in code parsing"
CODE_TOOL = "python_interpreter"
BASH_TOOL = "execute_bash"
BASH_BLOCK = re.compile(r"```(?:mswea_bash_command|bash)\n(.*?)\n```", re.DOTALL)
RETURN_CODE = re.compile(r"<returncode>(-?\d+)</returncode>")


@dataclass(frozen=True)
class Source:
    """One converted transcript: where it comes from and its label."""

    id: str
    extract: str  # file name in SOURCES_DIR (or the original file's name under --sources)
    fmt: str  # "smolagents" | "openhands" | "mini-swe-agent"
    origin: str  # owner/repo/path@commit (+ #L<line> for a jsonl record)
    line: int  # 1-based record in the file for "smolagents", else 0
    description: str
    loop: bool
    kinds: tuple[str, ...]
    onset: int | None
    notes: str
    meta: Json


SMOL_REPO = "huggingface/smolagents/examples/smolagents_benchmark/output"
SOURCES: tuple[Source, ...] = (
    Source(
        "smolagents-codeagent-gpt4o-gaia-parse-error-loop",
        "smolagents-code-gaia-gpt4o-L1.jsonl",
        "smolagents",
        f"{SMOL_REPO}/gpt-4o__code__gaia__2025-07-24.jsonl@c37c58781f2c6d0f6d9ec0e3e3971c7811551572#L1",
        1,
        "smolagents CodeAgent (gpt-4o, GAIA 'write Guava' trick question): the model answers with a bare "
        "'Pineapple</code>' that the harness cannot parse, three times in a row with the identical error, "
        "recovers once, repeats the unparsable output, then answers.",
        True,
        ("identical_call", "error_streak"),
        4,
        "Steps 1-4 all fail with the harness's code-parsing error (no <code> block): step 1 outputs "
        "'Guava</code>', steps 2, 3 and 4 output the identical 'Pineapple</code>' and get the "
        "identical error "
        "(the harness even says 'take care not to repeat previous errors'). Identical-call rule: "
        "the 3rd identical "
        "failing output is step 4; error-streak rule: step 1 is informative, steps 2-4 are "
        "fruitless repeats, the "
        "3rd at step 4. Onset = 4. Step 5 prints 'Pineapple' (works), step 6 repeats the "
        "unparsable output once "
        "more, step 7 calls final_answer. A guard should nudge at step 4.",
        {
            "agent": "smolagents CodeAgent (smolagents_benchmark, 2025-07-24)",
            "model": "gpt-4o",
            "benchmark": "GAIA",
        },
    ),
    Source(
        "smolagents-toolcallingagent-gpt4o-simpleqa-search-answer",
        "smolagents-toolcalling-simpleqa-gpt4o-L1.jsonl",
        "smolagents",
        f"{SMOL_REPO}/gpt-4o__tool-calling__simpleqa__2025-07-24.jsonl"
        "@a33564f347c69d6e4a63bc644d367919564a6eff#L1",
        1,
        "smolagents ToolCallingAgent (gpt-4o, SimpleQA): one web search, then the final answer.",
        False,
        ("none",),
        None,
        "One search whose first result states the answer, then final_answer: nothing repeats. A "
        "short healthy "
        "research run; a guard must stay quiet.",
        {
            "agent": "smolagents ToolCallingAgent (smolagents_benchmark, 2025-07-24)",
            "model": "gpt-4o",
            "benchmark": "SimpleQA",
        },
    ),
    Source(
        "smolagents-codeagent-gpt4o-math-compute-answer",
        "smolagents-code-math-gpt4o-L2.jsonl",
        "smolagents",
        f"{SMOL_REPO}/gpt-4o__code__math__2025-07-24.jsonl@b03da41e500ea4165e4a4db6f0219b1fd9505bf5#L2",
        2,
        "smolagents CodeAgent (gpt-4o, MATH): one code step computes the common factors, the next "
        "returns them.",
        False,
        ("none",),
        None,
        "Two different code steps (compute, then final_answer), both succeed: nothing repeats.",
        {
            "agent": "smolagents CodeAgent (smolagents_benchmark, 2025-07-24)",
            "model": "gpt-4o",
            "benchmark": "MATH",
        },
    ),
    Source(
        "openhands-codeact-claude35-rename-then-verify",
        "openhands-trajs-wrong_initial_state.jsonl",
        "openhands",
        "All-Hands-AI/OpenHands/tests/runtime/trajs/wrong_initial_state.json"
        "@95a15760523f0ada116cd759a3d6bb2f1a63a044",
        0,
        "OpenHands CodeAct (claude-3-5-sonnet): lists /workspace, renames a file, lists /workspace "
        "again to verify, "
        "finishes.",
        False,
        ("none",),
        None,
        "The view of /workspace at steps 1 and 3 has identical arguments, but the second comes "
        "after the `mv` and "
        "returns a new listing: a verification, not a repeat. No failures.",
        {"agent": "OpenHands CodeActAgent (runtime test trajectory)", "model": "claude-3-5-sonnet-20241022"},
    ),
    Source(
        "openhands-gpt4o-conversation-three-turns",
        "openhands-trajs-basic_interactions.jsonl",
        "openhands",
        "All-Hands-AI/OpenHands/tests/runtime/trajs/basic_interactions.json"
        "@8e6943db0a8af6351fd4a8ac9d14006a7a388ed7",
        0,
        "OpenHands (gpt-4o-2024-08-06) chat: three user turns, each answered once in text, then finish.",
        False,
        ("none",),
        None,
        "Each user turn asks something new and gets one new text answer; no tool calls besides finish. A "
        "conversational healthy run.",
        {"agent": "OpenHands CodeActAgent (runtime test trajectory)", "model": "gpt-4o-2024-08-06"},
    ),
    Source(
        "mini-swe-agent-fix-missing-colon",
        "mini-swe-agent-test-github_issue.jsonl",
        "mini-swe-agent",
        "SWE-agent/mini-swe-agent/tests/test_data/github_issue.traj.json"
        "@01018ad8a1667ccdccf3a0c285edfed418e98e6a",
        0,
        "mini-swe-agent fixes a missing colon: a failed cat on the issue's path, two listings, the "
        "fix, a re-read, "
        "a run, an edge case that fails as expected, a rewrite, submit.",
        False,
        ("none",),
        None,
        "Two failing steps (1: wrong path; 8: the division-by-zero edge case, expected) separated "
        "by progress; "
        "`cat tests/missing_colon.py` at steps 4 and 6 is identical but the second reads the file "
        "after the edit "
        "(new content). Exploration, edit, verify: healthy.",
        {"agent": "mini-swe-agent (test trajectory)", "model": "not recorded"},
    ),
)


# --------------------------------------------------------------------------------------------
# Events
# --------------------------------------------------------------------------------------------


def shorten(text: str) -> str:
    """Keep head and tail of an output longer than ``MAX_CONTENT_CHARS`` (SCHEMA.md)."""
    if len(text) <= MAX_CONTENT_CHARS:
        return text
    tail = MAX_CONTENT_CHARS - HEAD_CHARS
    return (
        f"{text[:HEAD_CHARS]}\n[... {len(text) - MAX_CONTENT_CHARS} characters omitted ...]\n{text[-tail:]}"
    )


def user(text: str) -> Json:
    return {"type": "message", "role": "user", "text": text}


def step(text: str, calls: Sequence[tuple[str, str, Json]] = ()) -> Json:
    """An assistant message with ``(call_id, tool, arguments)`` calls."""
    event: Json = {"type": "message", "role": "assistant", "text": text}
    if calls:
        event["tool_calls"] = [{"id": cid, "name": name, "arguments": args} for cid, name, args in calls]
    return event


def result(call_id: str, name: str, content: str, failed: bool) -> Json:
    return {
        "type": "tool_result",
        "call_id": call_id,
        "name": name,
        "content": shorten(content),
        "is_error": failed,
    }


# --------------------------------------------------------------------------------------------
# Parsers, one per source format
# --------------------------------------------------------------------------------------------


def smolagents_events(record: Json) -> list[Json]:
    """Events of one smolagents benchmark record (see the module docstring)."""
    code_agent = record.get("agent_action_type") == "code"
    messages = [m for m in record["intermediate_steps"] if m["role"] != "system"]
    events: list[Json] = []
    pending: list[tuple[str, str, Json]] = []
    text = ""
    parse_failures = 0
    for message in messages:
        body = "".join(part.get("text", "") for part in message["content"])
        role = message["role"]
        if role == "user":
            events.append(user(body.removeprefix("New task:\n")))
        elif role == "assistant":
            text, pending = body, []
        elif role == "tool-call":
            pending = [_smol_call(raw, code_agent) for raw in ast.literal_eval(body.split("\n", 1)[1])]
            events.append(step(text, pending))
        elif role == "tool-response":
            failed = body.startswith("Error")
            if not pending:  # the harness answered an output it could not parse as a call
                parse_failures += 1
                pending = [(f"parse_error_{parse_failures}", CODE_TOOL, {"code": text})]
                events.append(step(text, pending))
            events.extend(result(cid, name, body, failed) for cid, name, _ in pending)
            pending = []
    return events


def _smol_call(raw: Json, code_agent: bool) -> tuple[str, str, Json]:
    function = raw["function"]
    arguments = function["arguments"]
    if code_agent or not isinstance(arguments, dict):
        arguments = {"code": arguments} if function["name"] == CODE_TOOL else {"input": arguments}
    return str(raw["id"]), str(function["name"]), arguments


def openhands_events(entries: list[Json]) -> list[Json]:
    """Events of an OpenHands event list (see the module docstring)."""
    results = {
        e["tool_call_metadata"]["tool_call_id"]: e for e in entries if "observation" in e and "cause" in e
    }
    events: list[Json] = []
    for entry in entries:
        if "action" not in entry:
            continue
        if entry["source"] == "user":
            events.append(user(entry["args"]["content"]))
            continue
        meta: Json = entry.get("tool_call_metadata") or {}
        call_id = meta.get("tool_call_id")
        if call_id is None or call_id not in results:
            events.append(step(entry["message"]))
            continue
        function = meta["model_response"]["choices"][0]["message"]["tool_calls"][0]["function"]
        name = meta["function_name"]
        events.append(
            step(entry["args"].get("thought", ""), [(call_id, name, json.loads(function["arguments"]))])
        )
        observation = results[call_id]
        exit_code = observation.get("extras", {}).get("metadata", {}).get("exit_code", 0)
        failed = (
            exit_code != 0 or observation.get("success") is False or observation["observation"] == "error"
        )
        events.append(result(call_id, name, observation["content"], failed))
    return events


def mini_swe_agent_events(messages: list[Json]) -> list[Json]:
    """Events of a mini-swe-agent message list (see the module docstring)."""
    events: list[Json] = []
    calls = 0
    pending: str | None = None
    for message in messages:
        role, content = message["role"], message["content"]
        if role == "system":
            continue
        if role == "assistant":
            block = BASH_BLOCK.search(content)
            if block is None:
                events.append(step(content))
                continue
            calls += 1
            pending = f"bash_{calls}"
            events.append(
                step(content[: block.start()].strip(), [(pending, BASH_TOOL, {"command": block.group(1)})])
            )
        elif pending is not None:
            code = RETURN_CODE.search(content)
            events.append(result(pending, BASH_TOOL, content, code is not None and code.group(1) != "0"))
            pending = None
        else:
            events.append(user(content))
    return events


PARSERS: dict[str, Callable[[Any], list[Json]]] = {
    "smolagents": smolagents_events,
    "openhands": openhands_events,
    "mini-swe-agent": mini_swe_agent_events,
}


def read_rows(path: Path) -> Iterator[Any]:
    """JSON Lines (one object per line) or one JSON document (a list is iterated)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        yield from (json.loads(line) for line in text.splitlines() if line.strip())
        return
    document = json.loads(text)
    yield from document if isinstance(document, list) else [document]


def convert(source: Source, sources_dir: Path) -> Json:
    rows = list(read_rows(sources_dir / source.extract))
    if source.fmt == "smolagents":
        # An extract holds the one record; an original file holds them all (1-based line).
        raw: Any = rows[0] if len(rows) == 1 else rows[source.line - 1]
    else:
        raw = rows
    events = PARSERS[source.fmt](raw)
    steps = sum(1 for e in events if e.get("role") == "assistant")
    _, _, rest = source.origin.partition("@")
    return {
        "id": source.id,
        "source": source.origin,
        "description": source.description,
        "label": {
            "loop": source.loop,
            "kinds": list(source.kinds),
            "onset_step": source.onset,
            "notes": source.notes,
        },
        "meta": {**source.meta, "source_commit": rest.split("#")[0], "steps": steps, "format": source.fmt},
        "events": events,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sources", type=Path, default=SOURCES_DIR)
    parser.add_argument("--out", type=Path, default=SET_DIR)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for source in SOURCES:
        scenario = convert(source, args.sources)
        text = json.dumps(scenario, indent=1, ensure_ascii=False) + "\n"
        (args.out / f"{source.id}.json").write_text(text, encoding="utf-8")
    loops = sum(1 for s in SOURCES if s.loop)
    print(f"wrote {len(SOURCES)} scenarios ({loops} loops, {len(SOURCES) - loops} healthy) to {args.out}")


if __name__ == "__main__":
    main()
