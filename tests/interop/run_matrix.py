"""``make interop``: the framework matrix, each framework in its own pinned virtualenv.

For every group of ``MATRIX`` a virtualenv is made under ``.interop/<group>`` from
``requirements/<group>.txt`` (re-made when the file changes); a group of ``NODE_MATRIX`` is a
Node.js package instead, ``node/<group>/`` (pinned ``package.json`` and ``package-lock.json``)
copied to ``.interop/<group>`` and installed with ``npm ci``. Each of its cells (framework x
instrumentation mode) drives the stuck, healthy-poller and A/B-cycle agents against the fake model
server, exporting OTLP to one in-process collector. Prints the matrix as a Markdown table (the
README's) and exits 1 when a row is not green::

    .venv/bin/python tests/interop/run_matrix.py [--only GROUP ...]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import venv
from dataclasses import replace
from pathlib import Path

from loopwatch_collector.testing import running_collector
from tests.interop.interop_harness import COLLECTOR_CONFIG, Cell, run_cell, verdict_of
from tests.interop.interop_scenarios import POLL_STATUSES, QUESTION, SCENARIOS, SYSTEM, TOOL_SPECS

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
VENVS = ROOT / ".interop"
# pip resolving a framework's tree on a shared 2-core machine; generous, not unbounded.
INSTALL_TIMEOUT_S = 1800
# The scenarios' prompt, tools and poll statuses for agents that cannot import them (Node).
SCENARIO_ENV = {
    "LOOPWATCH_INTEROP_SCENARIO": json.dumps(
        {
            "model": "fake-model",
            "system": SYSTEM,
            "question": QUESTION,
            "tools": TOOL_SPECS,
            "poll_statuses": POLL_STATUSES,
        }
    )
}

MATRIX: dict[str, tuple[Cell, ...]] = {
    "openai-core": (
        Cell("openai", "openinference", "openai_client.py"),
        Cell(
            "openai",
            "openinference-hidden",
            "openai_client.py",
            env={"OPENINFERENCE_HIDE_INPUTS": "true", "OPENINFERENCE_HIDE_OUTPUTS": "true"},
            content=False,
        ),
        Cell("openai", "openllmetry", "openai_client.py"),
        Cell(
            "openai",
            "openllmetry-no-content",
            "openai_client.py",
            env={"TRACELOOP_TRACE_CONTENT": "false"},
            content=False,
        ),
        Cell("openai-agents", "openinference", "openai_agents_sdk.py"),
    ),
    "langchain": (
        Cell("langgraph", "openinference", "langgraph_react.py"),
        Cell("langgraph", "openllmetry", "langgraph_react.py"),
    ),
    "openai-v2": (
        Cell(
            "openai",
            "openai-v2",
            "openai_client.py",
            env={"OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT": "true"},
        ),
        Cell("openai", "openai-v2-no-content", "openai_client.py", content=False),
        Cell(
            "openai",
            "openai-v2-span",
            "openai_client.py",
            env={
                "OTEL_SEMCONV_STABILITY_OPT_IN": "gen_ai_latest_experimental",
                "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT": "SPAN_ONLY",
            },
        ),
    ),
    "pydantic-ai": (
        Cell("pydantic-ai", "v2", "pydantic_ai_agent.py"),
        Cell("pydantic-ai", "default", "pydantic_ai_agent.py"),
    ),
    "crewai": (Cell("crewai", "openinference", "crewai_agent.py"),),
    "llamaindex": (Cell("llamaindex", "openinference", "llamaindex_agent.py"),),
    "smolagents": (Cell("smolagents", "openinference", "smolagents_agent.py"),),
    "mcp": (Cell("mcp", "sdk", "mcp_tools.py", content=False),),
    "anthropic": (
        Cell("anthropic", "sdk", "anthropic_client.py", content=False, model_server="anthropic"),
        Cell("anthropic", "sdk-conversation", "anthropic_client.py", content=False, model_server="anthropic"),
    ),
    "anthropic-openllmetry": (
        Cell("anthropic", "sdk-openllmetry", "anthropic_client.py", model_server="anthropic"),
    ),
    "openlit": (
        Cell("openai", "openlit", "openai_client.py"),
        Cell("openai", "openlit-no-content", "openai_client.py", content=False),
    ),
    "strands": (
        Cell(
            "strands",
            "latest-attributes",
            "strands_agent.py",
            env={"OTEL_SEMCONV_STABILITY_OPT_IN": "gen_ai_latest_experimental,gen_ai_span_attributes_only"},
        ),
        Cell(
            "strands",
            "latest",
            "strands_agent.py",
            env={"OTEL_SEMCONV_STABILITY_OPT_IN": "gen_ai_latest_experimental"},
        ),
        Cell("strands", "default", "strands_agent.py"),  # content in span events only
    ),
    "adk": (
        # ADK 2's default (semconv-aligned spans, content capture off): no content anywhere
        Cell("adk", "default", "adk_agent.py", content=False),
        # ADK 1's schema (its default there): content only in ADK's own gcp.vertex.agent.* attributes
        # (and each model call twice: call_llm with content around generate_content without)
        Cell(
            "adk",
            "legacy",
            "adk_agent.py",
            env={"ADK_TELEMETRY_SCHEMA_VERSION_OPT_IN": "1"},
            one_step_per_call=True,
        ),
        Cell(
            "adk",
            "semconv",
            "adk_agent.py",
            env={
                "OTEL_SEMCONV_STABILITY_OPT_IN": "gen_ai_latest_experimental",
                "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT": "SPAN_ONLY",
            },
            one_step_per_call=True,
        ),
    ),
    "autogen": (
        Cell("autogen", "own", "autogen_agent.py", content=False),  # tool spans: names and ids only
        # plus OpenLLMetry's openai instrumentation: model calls with content, results fed back
        Cell("autogen", "openllmetry", "autogen_agent.py", one_step_per_call=True),
    ),
}

# Node.js groups: the agent script is a file of node/<group>/, run by ``node``.
NODE_MATRIX: dict[str, tuple[Cell, ...]] = {
    "vercel": (
        Cell("vercel-ai", "semconv", "vercel_agent.mjs", env=SCENARIO_ENV, one_step_per_call=True),
        Cell("vercel-ai", "semconv-stream", "vercel_agent.mjs", env=SCENARIO_ENV, one_step_per_call=True),
        # ai.* spans: vercel_ai.py
        Cell("vercel-ai", "legacy", "vercel_agent.mjs", env=SCENARIO_ENV, one_step_per_call=True),
        # recordOutputs: false: no outputs, no results; the tools' spans make the steps
        Cell(
            "vercel-ai",
            "semconv-no-outputs",
            "vercel_agent.mjs",
            env=SCENARIO_ENV,
            content=False,
            one_step_per_call=True,
        ),
        Cell(
            "vercel-ai",
            "legacy-no-outputs",
            "vercel_agent.mjs",
            env=SCENARIO_ENV,
            content=False,
            one_step_per_call=True,
        ),
    ),
}


def ensure_venv(group: str) -> str:
    """The Python of ``group``'s virtualenv, (re)installed when its requirements changed."""
    requirements = HERE / "requirements" / f"{group}.txt"
    target = VENVS / group
    stamp = target / ".requirements-sha256"
    wanted = hashlib.sha256(requirements.read_bytes()).hexdigest()
    python = target / "bin" / "python"
    if not (stamp.exists() and stamp.read_text() == wanted and python.exists()):
        venv.EnvBuilder(clear=True, with_pip=True).create(target)
        subprocess.run(
            [str(python), "-m", "pip", "install", "-q", "-r", str(requirements)],
            check=True,
            timeout=INSTALL_TIMEOUT_S,
        )
        stamp.write_text(wanted)
    return str(python)


def ensure_node_package(group: str) -> tuple[str, Path] | None:
    """(node, folder) of ``group``'s Node package, installed with ``npm ci`` when its files
    changed; None when ``node`` or ``npm`` is missing outside CI (in CI that is an error)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        if os.environ.get("CI") == "true":
            raise RuntimeError("node and npm are required in CI for the Node.js matrix groups")
        return None
    source = HERE / "node" / group
    target = VENVS / group
    files = sorted(p for p in source.iterdir() if p.is_file())
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    stamp = target / ".package-sha256"
    if not (stamp.exists() and stamp.read_text() == digest.hexdigest()):
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        for path in files:
            shutil.copy2(path, target / path.name)
        subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=target,
            check=True,
            timeout=INSTALL_TIMEOUT_S,
        )
        stamp.write_text(digest.hexdigest())
    return node, target


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    every = {**MATRIX, **NODE_MATRIX}
    parser.add_argument("--only", nargs="*", choices=sorted(every), help="run only these groups")
    args = parser.parse_args(argv)
    groups = args.only or list(every)
    rows = [
        "| framework | mode | stuck | healthy poller | A/B cycle | verdict |",
        "|---|---|---|---|---|---|",
    ]
    red = 0
    with running_collector(COLLECTOR_CONFIG) as collector:
        for group in groups:
            cells = _installed_cells(group)
            if cells is None:
                rows.append(f"| {group} | | | | | skipped: `node` / `npm` not installed |")
                print(rows[-1], flush=True)
                continue
            for cell in cells:
                try:
                    outcomes = run_cell(cell, collector)
                except (RuntimeError, subprocess.TimeoutExpired) as exc:
                    red += 1
                    first_line = str(exc).splitlines()[0]
                    rows.append(f"| {cell.framework} | {cell.mode} | | | | **failed to run**: {first_line} |")
                    print(exc, file=sys.stderr)
                    continue
                green, why = verdict_of(cell, outcomes)
                red += not green
                texts = [outcomes[s].describe() for s in SCENARIOS]
                mark = "green" if green else "**red**"
                rows.append(f"| {cell.framework} | {cell.mode} | {' | '.join(texts)} | {mark}: {why} |")
                print(rows[-1], flush=True)
    print("\n".join(rows))
    return 1 if red else 0


def _installed_cells(group: str) -> tuple[Cell, ...] | None:
    """``group``'s cells bound to its installed interpreter; None when Node.js is missing."""
    if group in MATRIX:
        python = ensure_venv(group)
        return tuple(replace(cell, python=python) for cell in MATRIX[group])
    installed = ensure_node_package(group)
    if installed is None:
        return None
    node, folder = installed
    return tuple(replace(c, python=node, script=str(folder / c.script)) for c in NODE_MATRIX[group])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
