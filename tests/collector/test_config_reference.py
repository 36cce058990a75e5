"""The configuration reference: every key described, and the docs' copy current."""

from __future__ import annotations

from pathlib import Path

import pytest

from loopwatch_collector import environment_variables
from loopwatch_collector.cli import main
from loopwatch_collector.config_reference import (
    DOCS_BEGIN,
    DOCS_END,
    render,
    setting_docs,
    undocumented_keys,
    variable_docs,
)

CONFIGURATION_PAGE = Path(__file__).resolve().parents[2] / "docs" / "configuration.md"


def test_every_key_and_variable_has_a_meaning() -> None:
    assert undocumented_keys() == [], "add a `#:` comment above these fields"
    assert all(meaning != "(undocumented)" for _, meaning in variable_docs())
    assert [name for name, _ in variable_docs()] == list(environment_variables.ALL)


def test_keys_carry_their_type_default_and_variable() -> None:
    docs = {d.key: d for d in setting_docs()}
    assert (docs["listen.grpc_port"].type, docs["listen.grpc_port"].default) == ("int", "4317")
    assert docs["listen.grpc_port"].variable == "LOOPWATCH_GRPC_PORT"
    assert docs["store"].type == "memory | redis"
    assert docs["auth.keys_file"].variable == "LOOPWATCH_API_KEYS_FILE"
    assert "auth.tenants.<tenant>.content" in docs
    assert "agents.<agent>" in docs
    assert not any(key.startswith("agents.<agent>.") for key in docs)  # the keys of defaults


def test_the_configuration_page_embeds_the_current_reference() -> None:
    text = CONFIGURATION_PAGE.read_text(encoding="utf-8")
    assert DOCS_BEGIN in text, "docs/configuration.md lost its reference markers"
    embedded = text.split(DOCS_BEGIN, 1)[1].split(DOCS_END, 1)[0]
    assert embedded == "\n" + render(), "regenerate: loopwatch settings"


def test_loopwatch_settings_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settings"]) == 0
    assert capsys.readouterr().out == render()
