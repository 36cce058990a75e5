"""The detector reference: complete (every option described), and the README's copy current."""

from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path

import pytest

from loopwatch.detect.registry import DETECTOR_TYPES
from loopwatch_collector.cli import main
from loopwatch_collector.detector_reference import (
    README_BEGIN,
    README_END,
    detector_docs,
    parse_attributes,
    render,
    undocumented_fields,
)

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
COLLECTOR_PAGE = REPO / "docs" / "detection.md"


def test_every_detector_option_has_a_description() -> None:
    assert undocumented_fields() == [], "describe these in the config class's Attributes: section"


def test_every_registered_detector_and_field_is_listed_with_its_default() -> None:
    docs = {d.name: d for d in detector_docs()}
    assert list(docs) == [t.name for t in DETECTOR_TYPES]
    for detector_type in DETECTOR_TYPES:
        options = {o.name: o for o in docs[detector_type.name].options}
        fields = [f.name for f in dataclasses.fields(detector_type.config_type)]
        assert list(options) == ["enabled", *fields]
    identical = {o.name: o for o in docs["identical_call"].options}
    assert (identical["consecutive"].type, identical["consecutive"].default) == ("int", "3")
    assert (identical["spread_out"].type, identical["spread_out"].default) == ("int", "6")
    budget = {o.name: o for o in docs["budget"].options}
    assert (budget["hard_max_steps"].type, budget["hard_max_steps"].default) == ("int | null", "null")


def test_the_docs_embed_the_current_reference() -> None:
    """docs/detection.md carries it; the README, while it still has a copy, carries the same."""
    assert README_BEGIN in COLLECTOR_PAGE.read_text(encoding="utf-8"), "docs/detection.md lost its markers"
    for page in (COLLECTOR_PAGE, README):
        text = page.read_text(encoding="utf-8")
        if README_BEGIN not in text:
            continue
        embedded = text.split(README_BEGIN, 1)[1].split(README_END, 1)[0]
        assert embedded == "\n" + render("markdown"), f"{page.name}: regenerate with loopwatch detectors"


def test_attributes_sections_with_continuation_lines_and_a_following_section() -> None:
    doc = """Options.

    Attributes:
        first: one line.
        second (int): spans
            two lines.

    Raises:
        third: not an attribute.
    """
    assert parse_attributes(inspect.cleandoc(doc)) == {"first": "one line.", "second": "spans two lines."}


def test_a_docstring_without_an_attributes_section_describes_nothing() -> None:
    assert parse_attributes("No attributes section.") == {}


@pytest.mark.parametrize(
    ("fmt", "needle"), [("text", "consecutive  int = 3"), ("markdown", "| `consecutive` |")]
)
def test_the_command_prints_the_reference(fmt: str, needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["detectors", "--format", fmt]) == 0
    out = capsys.readouterr().out
    assert needle in out
    assert "enabled: false" in out
    assert "tools:" in out
