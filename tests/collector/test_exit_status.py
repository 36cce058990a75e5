"""Every subcommand exits 2 on bad input, with one line naming it (cli/exit_status.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from loopwatch_collector.cli import main
from loopwatch_collector.cli.exit_status import EXIT_BAD_INPUT


@pytest.mark.parametrize(
    "argv",
    [
        ["replay", "{missing}"],
        ["replay", "{missing}", "--format", "jsonl"],
        ["eval", "{missing}"],
        ["serve", "--config", "{missing}"],
    ],
)
def test_a_path_that_does_not_exist_is_bad_input(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "no-such-file.json")
    assert main([arg.format(missing=missing) for arg in argv]) == EXIT_BAD_INPUT
    errors = capsys.readouterr().err.strip().splitlines()
    assert errors
    assert "no-such-file.json" in errors[0]
    assert not any("Traceback" in line for line in errors)


def test_a_bad_command_line_is_bad_input_too() -> None:
    with pytest.raises(SystemExit) as exited:
        main(["replay", "--format", "xml", "x.json"])
    assert exited.value.code == EXIT_BAD_INPUT
