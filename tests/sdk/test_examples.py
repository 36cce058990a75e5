"""Every example runs, without an API key, and shows a loop caught and stopped."""

from __future__ import annotations

import ast
import itertools
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import openai
import pytest

import loopwatch
from loopwatch.testing import fake_openai_server, stubborn_model
from tests.sdk.sdk_helpers import load_example

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _no_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LOOPWATCH_ENDPOINT", "LOOPWATCH_GUARD", "OTEL_EXPORTER_OTLP_ENDPOINT"):
        monkeypatch.delenv(name, raising=False)


def test_openai_loop_example_main(capsys: pytest.CaptureFixture[str]) -> None:
    assert load_example("openai_loop").main() == 0
    out = capsys.readouterr().out
    assert "NUDGE" in out
    assert "WITHDRAW_TOOLS" in out
    assert "final answer" in out


def test_openai_loop_sends_the_nudge_and_withdraws_the_tools_over_http() -> None:
    example = load_example("openai_loop")
    lw = loopwatch.Loopwatch(agent="t", guard=loopwatch.Guard.local())
    with fake_openai_server(stubborn_model("search", {"q": "x"}, answer="done")) as server:
        client = openai.OpenAI(base_url=server.base_url, api_key="unused", max_retries=0)
        assert example.run_agent(client, lw, "q?") == "done"
    requests = server.requests
    assert all("tools" in r for r in requests[:-1])
    assert "tools" not in requests[-1]
    nudges = [m for m in requests[-1]["messages"] if m["role"] == "user" and "[loopwatch]" in m["content"]]
    assert len(nudges) == 2  # the nudge, then the withdrawal notice
    roles = [m["role"] for m in requests[-1]["messages"]]
    # a user message never sits between an assistant's tool calls and their results
    for index, role in enumerate(roles[1:], start=1):
        if role == "user":
            assert roles[index - 1] == "tool"


def test_anthropic_loop_example_keeps_the_protocol(capsys: pytest.CaptureFixture[str]) -> None:
    example = load_example("anthropic_loop")
    assert example.main() == 0
    out = capsys.readouterr().out
    assert "NUDGE: [loopwatch] An automatic loop guard" in out  # the guard's message, as for OpenAI
    assert "WITHDRAW_TOOLS: [loopwatch]" in out
    answer, request = example.run_agent(loopwatch.Loopwatch(agent="t", guard=loopwatch.Guard.local()), "q?")
    assert "could not find" in answer
    assert request["tool_choice"] == {"type": "none"}
    roles = [m["role"] for m in request["messages"]]
    assert all(a != b for a, b in itertools.pairwise(roles))  # strict alternation
    for message in request["messages"]:
        blocks = message["content"] if isinstance(message["content"], list) else []
        kinds = [b["type"] for b in blocks]
        if "tool_result" in kinds and "text" in kinds:
            assert kinds.index("text") > max(i for i, k in enumerate(kinds) if k == "tool_result")


# Which extra of sdk/pyproject.toml each example needs (examples/README.md says the same).
EXAMPLE_EXTRAS = {
    "openai_loop": "openai",
    "anthropic_loop": "anthropic",
    "langgraph_agent": "langgraph",
    "openai_agents_loop": "openai-agents",
}


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@pytest.mark.parametrize(("example", "extra"), sorted(EXAMPLE_EXTRAS.items()))
def test_each_examples_imports_come_with_its_extra(example: str, extra: str) -> None:
    project = tomllib.loads((REPO / "sdk" / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    provided = {
        _canonical(re.split(r"[<>=!~\[ ;]", r, maxsplit=1)[0])
        for r in project["optional-dependencies"][extra]
    }
    provided |= {_canonical(project["name"])} | {
        _canonical(re.split(r"[<>=!~\[ ;]", r, maxsplit=1)[0]) for r in project["dependencies"]
    }
    tree = ast.parse((REPO / "examples" / f"{example}.py").read_text(encoding="utf-8"))
    modules = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    modules |= {
        node.module.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
    }
    third_party = {m for m in modules if m not in sys.stdlib_module_names and m != "__future__"}
    distributions = metadata.packages_distributions()
    for module in sorted(third_party):
        assert {_canonical(d) for d in distributions[module]} & provided, (
            f"{module} is not in loopwatch[{extra}]"
        )


def test_examples_readme_names_every_example_and_its_extra() -> None:
    readme = (REPO / "examples" / "README.md").read_text(encoding="utf-8")
    on_disk = {p.stem for p in (REPO / "examples").glob("*.py")}
    assert on_disk == set(EXAMPLE_EXTRAS)
    for example, extra in EXAMPLE_EXTRAS.items():
        assert f"`{example}.py" in readme
        assert f"loopwatch[{extra}]" in readme


# The third-party module each example needs first: hidden, the example must say what to install.
FIRST_MISSING_MODULE = {
    "openai_loop": "openai",
    "langgraph_agent": "langchain_core",
    "openai_agents_loop": "agents",
}
_HIDE_AND_RUN = """
import importlib.abc, runpy, sys
hidden = sys.argv[1]
class Hide(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == hidden:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, Hide())
sys.argv = sys.argv[2:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


@pytest.mark.parametrize(("example", "extra"), sorted(EXAMPLE_EXTRAS.items()))
def test_each_example_names_its_extra_in_its_first_lines(example: str, extra: str) -> None:
    head = (REPO / "examples" / f"{example}.py").read_text(encoding="utf-8").splitlines()[:5]
    assert any(f"loopwatch[{extra}]" in line for line in head)


@pytest.mark.parametrize(("example", "module"), sorted(FIRST_MISSING_MODULE.items()))
def test_an_example_without_its_extra_exits_with_a_one_line_hint(example: str, module: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _HIDE_AND_RUN, module, str(REPO / "examples" / f"{example}.py")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert f"pip install 'loopwatch[{EXAMPLE_EXTRAS[example]}]'" in lines[0]
    assert module in lines[0]
