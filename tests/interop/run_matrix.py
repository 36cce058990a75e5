"""``make interop``: the framework matrix, each framework in its own pinned virtualenv.

For every group of ``MATRIX`` a virtualenv is made under ``.interop/<group>`` from
``requirements/<group>.txt`` (re-made when the file changes), and each of its cells (framework x
instrumentation mode) drives the stuck, healthy-poller and A/B-cycle agents against the fake model
server, exporting OTLP to one in-process collector. Prints the matrix as a Markdown table (the
README's) and exits 1 when a row is not green::

    .venv/bin/python tests/interop/run_matrix.py [--only GROUP ...]
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import venv
from dataclasses import replace
from pathlib import Path

from loopwatch_collector.testing import running_collector
from tests.interop.interop_harness import COLLECTOR_CONFIG, Cell, run_cell, verdict_of
from tests.interop.interop_scenarios import SCENARIOS

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
VENVS = ROOT / ".interop"
# pip resolving a framework's tree on a shared 2-core machine; generous, not unbounded.
INSTALL_TIMEOUT_S = 1800

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
        Cell("adk", "legacy", "adk_agent.py", env={"ADK_TELEMETRY_SCHEMA_VERSION_OPT_IN": "1"}),
        Cell(
            "adk",
            "semconv",
            "adk_agent.py",
            env={
                "OTEL_SEMCONV_STABILITY_OPT_IN": "gen_ai_latest_experimental",
                "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT": "SPAN_ONLY",
            },
        ),
    ),
    "autogen": (
        Cell("autogen", "own", "autogen_agent.py", content=False),  # tool spans: names and ids only
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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", nargs="*", choices=sorted(MATRIX), help="run only these groups")
    args = parser.parse_args(argv)
    groups = args.only or list(MATRIX)
    rows = [
        "| framework | mode | stuck | healthy poller | A/B cycle | verdict |",
        "|---|---|---|---|---|---|",
    ]
    red = 0
    with running_collector(COLLECTOR_CONFIG) as collector:
        for group in groups:
            python = ensure_venv(group)
            for cell in MATRIX[group]:
                cell = replace(cell, python=python)
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


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
