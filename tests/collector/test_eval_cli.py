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
def harmed_corpus(tmp_path: Path) -> Path:
    """Healthy runs only: one quiet, one nudged (3 repeats), one whose tools were withdrawn (5)."""
    folder = tmp_path / "healthy"
    folder.mkdir()
    for name, repeats in (("quiet", 2), ("nudged", 3), ("withdrawn", 5)):
        scenario(folder / f"{name}.json", repeats, {"loop": False, "kinds": ["none"], "onset_step": None})
    return folder


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
    assert ("scoring: 3/3" in stream.getvalue()) is shown


def test_healthy_runs_are_nudged_or_harmed_in_every_format(
    harmed_corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, report, _ = eval_json(capsys, str(harmed_corpus))
    assert status == 0
    summary = report["summary"]
    assert (summary["flagged"], summary["nudged"], summary["harmed"]) == (2, 1, 1)
    assert summary["harmed_rate"] == pytest.approx(1 / 3)
    by_id = {s["id"]: (s["nudged"], s["harmed"]) for s in report["scenarios"]}
    assert by_id == {"quiet": (False, False), "nudged": (True, False), "withdrawn": (False, True)}
    assert main(["eval", str(harmed_corpus), "--format", "markdown"]) == 0
    markdown = capsys.readouterr().out
    assert "| set | scenarios | recall | clean recall | healthy runs flagged | nudged | harmed |" in markdown
    assert "| healthy | 3 (0 loops) | - (0/0) | - (0/0) | 2 / 3 | 1 / 3 | 1 / 3 |" in markdown
    assert "| withdrawn | ok | 3 nudge (identical_call) | FP, harmed |" in markdown
    assert "| nudged | ok | 3 nudge (identical_call) | FP, nudged |" in markdown
    assert main(["eval", str(harmed_corpus)]) == 0
    table = capsys.readouterr().out
    assert "FP, harmed" in table
    assert "FP, nudged" in table


@pytest.mark.parametrize(
    ("limit", "status"), [("1", 0), ("0", 1), ("0.34", 0), ("0.33", 1), ("34%", 0), ("33%", 1)]
)
def test_max_harmed_takes_a_count_or_a_rate(
    harmed_corpus: Path, capsys: pytest.CaptureFixture[str], limit: str, status: int
) -> None:
    measured, report, err = eval_json(capsys, str(harmed_corpus), "--max-harmed", limit)
    assert measured == status
    assert report["thresholds"]["max_harmed"] == limit
    if status:
        assert f"1 of 3 healthy runs harmed (0.33), more than --max-harmed {limit}" in err


@pytest.mark.parametrize("limit", ["-1", "1.5", "lots", "200%"])
def test_a_bad_max_harmed_is_status_2_in_one_line(
    harmed_corpus: Path, capsys: pytest.CaptureFixture[str], limit: str
) -> None:
    assert main(["eval", str(harmed_corpus), "--max-harmed", limit]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith(f"loopwatch eval: --max-harmed: {limit!r} is neither a count")


def test_each_path_is_a_set_reported_alone_and_together(
    corpus: Path, harmed_corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, report, _ = eval_json(capsys, str(corpus), str(harmed_corpus))
    assert status == 0
    sets = {s["name"]: s["summary"] for s in report["sets"]}
    assert {name: (s["scenarios"], s["nudged"], s["harmed"]) for name, s in sets.items()} == {
        "corpus": (3, 0, 0),
        "healthy": (3, 1, 1),
    }
    assert (report["summary"]["scenarios"], report["summary"]["harmed"]) == (6, 1)
    assert {s["id"]: s["set"] for s in report["scenarios"]}["withdrawn"] == "healthy"
    assert main(["eval", str(corpus), str(harmed_corpus)]) == 0
    summary_table = capsys.readouterr().out.split("\n\n")[0].splitlines()
    rows = [line.split()[0] for line in summary_table[3:]]
    assert rows == ["corpus", "healthy", "all"]


def sweep_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["eval", *args, "--format", "json"]) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    return report


def test_a_sweep_scores_every_set_once_per_value(
    corpus: Path, harmed_corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = sweep_json(
        capsys, str(corpus), str(harmed_corpus), "--sweep", "identical_call.consecutive=2:5:1"
    )
    assert (report["detector"], report["option"], report["values"], report["current"]) == (
        "identical_call",
        "consecutive",
        [2, 3, 4, 5],
        3,
    )
    loops, healthy = report["sets"]
    assert loops["name"] == "corpus"
    assert [r["value"] for r in loops["rows"]] == [2, 3, 4, 5]
    assert [(r["summary"]["detected"], r["summary"]["clean"]) for r in loops["rows"]] == [
        (2, 0),
        (1, 1),
        (2, 2),
        (0, 0),
    ]
    assert [(r["summary"]["nudged"], r["summary"]["harmed"]) for r in healthy["rows"]] == [
        (2, 1),
        (1, 1),
        (1, 0),
        (1, 0),
    ]
    assert loops["flat"] == {"from": 3, "to": 3}
    assert healthy["flat"] == {"from": 3, "to": 3}
    assert report["flat"] == {"from": 3, "to": 3}


def test_a_sweep_starts_from_the_agents_settings(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "collector.yaml"
    config.write_text(
        "agents: {patient: {detectors: {identical_call: {consecutive: 10}}}}\n", encoding="utf-8"
    )
    args = [
        str(corpus),
        "--config",
        str(config),
        "--agent",
        "patient",
        "--sweep",
        "identical_call.spread_out=4,6",
    ]
    report = sweep_json(capsys, *args)
    assert report["current"] == 6
    assert [r["summary"]["detected"] for r in report["sets"][0]["rows"]] == [0, 0]


def test_a_sweep_renders_as_table_and_markdown(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", str(corpus), "--sweep", "identical_call.consecutive=3,4"]) == 0
    table = capsys.readouterr().out
    assert "Sweep of identical_call.consecutive (value in use: 3, marked *)" in table
    assert "3 *    0.50 (1/2)  0.50 (1/2)    0 / 1   0 / 1   1" in table
    assert "Flat around the value in use: only 3." in table
    assert (
        main(["eval", str(corpus), "--sweep", "identical_call.consecutive=3,4", "--format", "markdown"]) == 0
    )
    markdown = capsys.readouterr().out
    assert "| value | recall | clean recall | nudged | harmed | early alarms |" in markdown
    assert "| 4 | 1.00 (2/2) | 1.00 (2/2) | 0 / 1 | 0 / 1 | 0 |" in markdown


@pytest.mark.parametrize(
    ("sweep", "named"),
    [
        ("cycles.max_period=3,4", "--sweep: unknown detector 'cycles'"),
        ("cycle.period=3,4", "--sweep: unknown option 'period' for detector cycle"),
        ("cycle.max_period=4:2:1", "--sweep: '4:2:1': a range needs a <= b and step > 0"),
        ("narration.similarity=0,0.5", "--sweep: narration.similarity"),
    ],
)
def test_a_bad_sweep_is_status_2_in_one_line_naming_it(
    corpus: Path, capsys: pytest.CaptureFixture[str], sweep: str, named: str
) -> None:
    assert main(["eval", str(corpus), "--sweep", sweep]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith(f"loopwatch eval: {named}")


def test_a_sweep_checks_no_thresholds(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", str(corpus), "--sweep", "cycle.max_period=3,4", "--max-harmed", "0"]) == 2
    assert "--sweep reports every value and checks no thresholds" in capsys.readouterr().err
