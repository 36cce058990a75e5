"""``loopwatch eval``: formats, thresholds as exit statuses, configuration, bad input, progress."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path
from typing import Any

import pytest

from loopwatch_collector.cli import main
from loopwatch_collector.cli.eval import add_eval_parser, run_eval


def scenario(path: Path, repeats: int, label: dict[str, Any] | None) -> Path:
    """``repeats`` identical empty greps (identical_call nudges at the 3rd)."""
    events: list[dict[str, object]] = []
    for i in range(repeats):
        call = {"id": f"c{i}", "name": "grep", "arguments": {"q": "x"}}
        events.append({"type": "message", "role": "assistant", "text": "", "tool_calls": [call]})
        events.append({"type": "tool_result", "call_id": f"c{i}", "content": "", "is_error": False})
    body: dict[str, Any] = {"id": path.stem, "events": events}
    if label is not None:
        body["label"] = label
    path.write_text(json.dumps(body), encoding="utf-8")
    return path


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    folder.mkdir()
    scenario(folder / "loop.json", 4, {"loop": True, "kinds": ["identical_call"], "onset_step": 3})
    scenario(folder / "early.json", 4, {"loop": True, "kinds": ["identical_call"], "onset_step": 4})
    scenario(folder / "healthy.json", 2, {"loop": False, "kinds": ["none"], "onset_step": None})
    return folder


def eval_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any], str]:
    status = main(["eval", *args, "--format", "json"])
    captured = capsys.readouterr()
    return status, json.loads(captured.out), captured.err


def test_json_summary_and_matrix(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, report, err = eval_json(capsys, str(corpus))
    assert (status, err) == (0, "")
    summary = report["summary"]
    assert (summary["loops"], summary["detected"], summary["clean"], summary["early_alarms"]) == (2, 1, 1, 1)
    assert (summary["non_loops"], summary["flagged"]) == (1, 0)
    by_id = {s["id"]: s for s in report["scenarios"]}
    assert by_id["loop"]["firings"][0] == {"step": 3, "action": "nudge", "detector": "identical_call"}
    assert by_id["loop"]["steps_wasted"] == 0
    assert by_id["early"]["early"] is True
    assert report["thresholds"]["passed"] is True


def test_thresholds_fail_with_status_1_naming_each_failure(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, report, err = eval_json(capsys, str(corpus), "--min-clean-recall", "0.9", "--max-flagged", "0")
    assert status == 1
    assert report["thresholds"]["passed"] is False
    assert "clean recall 0.50 (1/2) is below --min-clean-recall 0.9" in err
    status, _, _ = eval_json(capsys, str(corpus), "--min-clean-recall", "0.5", "--max-flagged", "0")
    assert status == 0


def test_table_and_markdown_carry_the_matrix(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", str(corpus)]) == 0
    table = capsys.readouterr().out
    assert "clean recall" in table
    assert "EARLY" in table
    assert "3 nudge (identical_call)" in table
    assert main(["eval", str(corpus), "--format", "markdown"]) == 0
    markdown = capsys.readouterr().out
    assert "| scenario | label | first firing | outcome |" in markdown
    assert "| loop | loop@3 | 3 nudge (identical_call) | caught, 0 wasted |" in markdown


def test_the_collector_configuration_and_agent_settings_apply(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "collector.yaml"
    config.write_text(
        "defaults: {budgets: {trace_max_steps: 1}}\n"
        "agents:\n"
        "  patient: {detectors: {identical_call: {consecutive: 10}}, budgets: {trace_max_steps: 0}}\n",
        encoding="utf-8",
    )
    _, report, _ = eval_json(capsys, str(corpus / "loop.json"), "--config", str(config))
    assert report["scenarios"][0]["firings"] == [{"step": 1, "action": "halt", "detector": "budget"}]
    _, report, _ = eval_json(capsys, str(corpus / "loop.json"), "--config", str(config), "--agent", "patient")
    assert report["scenarios"][0]["firings"] == []


def test_a_bad_configuration_is_status_2_naming_the_key(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "collector.yaml"
    config.write_text("defaults: {detectors: {identical_call: {consecutiv: 3}}}\n", encoding="utf-8")
    assert main(["eval", str(corpus), "--config", str(config)]) == 2
    assert "consecutiv" in capsys.readouterr().err


def test_unlabelled_scenarios_are_skipped_and_bad_files_are_status_2(
    corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario(corpus / "exported.json", 3, {"loop": None, "kinds": [], "onset_step": None})
    status, report, err = eval_json(capsys, str(corpus))
    assert status == 0
    assert "exported.json: unlabelled (label.loop is null), skipped" in err
    assert len(report["scenarios"]) == 3
    (corpus / "broken.json").write_text('{"events": [], "label": {"loop": true}}', encoding="utf-8")
    status, _, err = eval_json(capsys, str(corpus))
    assert status == 2
    assert "broken.json: label.onset_step is required when label.loop is true" in err


def test_nothing_to_score_is_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario(tmp_path / "exported.json", 3, None)
    assert main(["eval", str(tmp_path)]) == 2
    assert "no labelled scenarios to score" in capsys.readouterr().err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("stream", "shown"), [(_Terminal(), True), (io.StringIO(), False)])
def test_progress_only_on_a_terminal(corpus: Path, stream: io.StringIO, shown: bool) -> None:
    parser = argparse.ArgumentParser()
    add_eval_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["eval", str(corpus)])
    assert run_eval(args, out=io.StringIO(), err=stream) == 0
    assert ("scoring 3/3" in stream.getvalue()) is shown
