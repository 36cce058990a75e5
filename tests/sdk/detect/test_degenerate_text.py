from __future__ import annotations

import json

import pytest

from loopwatch.detect.degenerate_text import DegenerateText, DegenerateTextConfig
from loopwatch.sketch import find_repetition
from loopwatch.verdict import Severity
from tests.sdk.detect.detect_builders import StepSpec, call, run, step

SENTENCE = "I will now read the configuration file to find the setting. "
LIST_ITEM = "- run the full test suite again to verify the change\n"

MARKDOWN_TABLE = "| test | status | duration |\n|---|---|---|\n" + "".join(
    f"| test_case_{i} | passed | 0.0{i}s |\n" for i in range(20)
)
PARAMETRIZED_TEST = (
    "@pytest.mark.parametrize(('value', 'expected'), [\n"
    + "".join(f"    ({i}, {i * i}),\n" for i in range(20))
    + "])\n"
    "def test_square(value, expected):\n"
    "    assert square(value) == expected\n"
)
CODE_WITH_REPEATED_IMPORTS = "".join(
    f"```python\n# {name}.py\nfrom __future__ import annotations\n\nimport os\nimport sys\n"
    f"import json\n\n\ndef {name}():\n    return os.getcwd()\n```\n\n"
    for name in ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")
)
YAML_LIST = "services:\n" + "".join(
    f"  - name: worker-{i}\n    image: registry.local/worker:1.{i}\n    restart: always\n" for i in range(12)
)
FILE_LIST = "".join(f"src/loopwatch/detect/module_{i}.py\n" for i in range(30))


def response(text: str) -> list[StepSpec]:
    return [step(text=text)]


@pytest.mark.parametrize(
    "text",
    [MARKDOWN_TABLE, PARAMETRIZED_TEST, CODE_WITH_REPEATED_IMPORTS, YAML_LIST, FILE_LIST],
    ids=["markdown-table", "parametrized-test", "code-with-repeated-imports", "yaml-list", "file-list"],
)
def test_structured_text_is_not_degenerate(text: str) -> None:
    assert run(DegenerateText(), response(text)).fired == []


def test_phrase_repeated_three_times_is_not_degenerate() -> None:
    text = "Sure, I can help with that. " * 3 + "Here is the plan."

    assert run(DegenerateText(), response(text)).fired == []


def test_thought_prefix_run_fires_with_the_run_collapsed() -> None:
    text = "Thought: " * 40

    finding = run(DegenerateText(), response(text)).finding()

    assert finding.detector == "degenerate_text"
    assert finding.key == "degenerate_text"
    assert (finding.count, finding.first_step, finding.last_step) == (40, 1, 1)
    assert finding.tool_name is None
    assert finding.severity is Severity.LOOP
    assert finding.trimmed_text is not None
    assert finding.trimmed_text.startswith("Thought: [")
    assert finding.trimmed_text.count("Thought:") == 1


def test_word_run_boundary() -> None:
    assert run(DegenerateText(), response("Thought: " * 19)).fired == []
    assert run(DegenerateText(), response("Thought: " * 20)).finding().count == 20


def test_sentence_block_boundary() -> None:
    assert run(DegenerateText(), response(SENTENCE * 4)).fired == []
    assert run(DegenerateText(), response(SENTENCE * 5)).finding().count == 5


def test_sentence_repeated_six_times_keeps_the_surrounding_text() -> None:
    text = "Intro here. " + SENTENCE * 6 + "End."

    finding = run(DegenerateText(), response(text)).finding()

    assert finding.count == 6
    trimmed = finding.trimmed_text
    assert trimmed is not None
    assert trimmed.startswith("Intro here. " + SENTENCE.strip())
    assert trimmed.endswith("End.")
    assert trimmed.count(SENTENCE.strip()) == 1
    assert len(trimmed) < len(text)


def test_list_item_repeated_six_times_fires() -> None:
    text = "Next steps:\n" + LIST_ITEM * 6

    finding = run(DegenerateText(), response(text)).finding()

    assert finding.count == 6
    assert finding.trimmed_text is not None
    assert finding.trimmed_text.count(LIST_ITEM.strip()) == 1


def test_repeated_block_of_lines_fires() -> None:
    block = "Checking the file again.\nThe file has not changed.\n"

    finding = run(DegenerateText(), response(block * 5)).finding()

    assert finding.count == 5


def test_short_repetition_below_min_chars_is_ignored() -> None:
    text = "Ok.\n" * 8  # 8 copies, 31 characters

    assert run(DegenerateText(), response(text)).fired == []
    assert run(DegenerateText(DegenerateTextConfig(min_chars=0)), response(text)).finding().count == 8


def test_degenerate_call_argument_fires_naming_the_tool() -> None:
    content = "    return None\n" * 12
    script = [step(call("edit", {"path": "a.py", "content": content}, "edited"), text="Editing a.py.")]

    finding = run(DegenerateText(), script).finding()

    assert finding.tool_name == "edit"
    assert finding.count == 12
    assert finding.trimmed_text is None  # the argument is not the response text


def test_larger_run_wins_when_response_and_argument_both_degenerate() -> None:
    content = "    pass\n" * 10
    script = [step(call("edit", {"content": content}, "edited"), text="Thought: " * 60)]

    finding = run(DegenerateText(), script).finding()

    assert finding.tool_name is None
    assert finding.count == 60


def test_privacy_mode_fires_without_trimmed_text() -> None:
    finding = run(DegenerateText(), response(SENTENCE * 6), capture_content=False).finding()

    assert finding.count == 6
    assert finding.trimmed_text is None


def test_each_response_is_judged_alone() -> None:
    script = [step(text=SENTENCE * 6), step(text="All done, the setting is in config.yaml.")]

    result = run(DegenerateText(), script)

    assert result.findings[0] is not None
    assert result.findings[1] is None


def test_configured_block_repeats() -> None:
    detector = DegenerateText(DegenerateTextConfig(min_block_repeats=3))

    assert run(detector, response(SENTENCE * 2)).fired == []
    assert run(detector, response(SENTENCE * 3)).finding().count == 3


def test_is_degenerate_reads_only_the_repetition() -> None:
    detector = DegenerateText()

    assert detector.is_degenerate(None) is False
    assert detector.is_degenerate(find_repetition("Thought: " * 20)) is True
    assert detector.is_degenerate(find_repetition(MARKDOWN_TABLE)) is False


@pytest.mark.parametrize(
    ("config", "key"),
    [
        (DegenerateTextConfig(min_block_repeats=1), "degenerate_text.min_block_repeats"),
        (DegenerateTextConfig(min_word_repeats=1), "degenerate_text.min_word_repeats"),
        (DegenerateTextConfig(min_chars=-1), "degenerate_text.min_chars"),
    ],
)
def test_invalid_config_is_rejected_naming_the_key(config: DegenerateTextConfig, key: str) -> None:
    with pytest.raises(ValueError, match=key.replace(".", r"\.")):
        DegenerateText(config)


OPENAPI_SPEC = json.dumps(
    {
        "openapi": "3.0.0",
        "paths": {
            "/users/{id}": {
                "get": {
                    "responses": {
                        "200": {
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/User"}}}
                        }
                    }
                }
            }
        },
    },
    indent=2,
)


def test_deeply_nested_json_is_not_degenerate() -> None:
    script = [step(call("write_file", {"path": "openapi.json", "content": OPENAPI_SPEC}, "written"))]

    assert run(DegenerateText(), [*response(OPENAPI_SPEC), *script]).fired == []
