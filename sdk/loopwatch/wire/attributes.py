"""Span attributes: the OTel GenAI conventions plus loopwatch's content-free fingerprints.

The names and their encoders (the SDK, ``_run.py`` / ``_recorders.py``) live here; their
decoders (the collector's span mapper, ``loopwatch_collector/mapping/loopwatch_sdk.py``) beside
them in ``attribute_decode.py``, which reads the names from here, so the two sides of the OTLP
contract cannot drift apart.

The SDK emits three kinds of spans per agent run, following the GenAI semantic conventions:

- ``invoke_agent {agent}`` (INTERNAL), one per run; user turns are span events
  ``loopwatch.user_message``; verdicts that intervene are span events ``loopwatch.verdict``.
- ``chat {model}`` (CLIENT), one per model step: the ``Step`` event.
- ``execute_tool {tool}`` (INTERNAL), one per tool call: the ``ToolResult`` event.

With content capture off (the default, "privacy mode") no message text, tool argument or tool
result leaves the process: spans carry the ``loopwatch.*`` fingerprints and the text sketch
instead, and the collector's detectors work from those alone. With capture on, the standard
``gen_ai.output.messages``, ``gen_ai.tool.call.arguments`` and ``gen_ai.tool.call.result`` are
recorded too. Every span that maps to an event carries ``loopwatch.event.id``, the id the SDK
also sends to ``LoopGuard.Evaluate``, so the collector counts the event once whichever way it
arrives first.

This module only names attributes and builds their values; ``_run.py`` opens the spans.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from loopwatch.events import Step, ToolCall, ToolResult, UserMessage
from loopwatch.sketch import Repetition, TextSketch
from loopwatch.verdict import Action, Verdict

# --- OpenTelemetry GenAI semantic conventions (registry v1.41; Development status) ---------
GEN_AI_OPERATION_NAME = "gen_ai.operation.name"
GEN_AI_AGENT_NAME = "gen_ai.agent.name"
GEN_AI_CONVERSATION_ID = "gen_ai.conversation.id"
GEN_AI_REQUEST_MODEL = "gen_ai.request.model"
GEN_AI_PROVIDER_NAME = "gen_ai.provider.name"
GEN_AI_RESPONSE_FINISH_REASONS = "gen_ai.response.finish_reasons"
GEN_AI_USAGE_INPUT_TOKENS = "gen_ai.usage.input_tokens"
GEN_AI_USAGE_OUTPUT_TOKENS = "gen_ai.usage.output_tokens"
GEN_AI_OUTPUT_MESSAGES = "gen_ai.output.messages"  # opt-in: content capture only
GEN_AI_TOOL_NAME = "gen_ai.tool.name"
GEN_AI_TOOL_CALL_ID = "gen_ai.tool.call.id"
GEN_AI_TOOL_TYPE = "gen_ai.tool.type"
GEN_AI_TOOL_CALL_ARGUMENTS = "gen_ai.tool.call.arguments"  # opt-in: content capture only
GEN_AI_TOOL_CALL_RESULT = "gen_ai.tool.call.result"  # opt-in: content capture only
ERROR_TYPE = "error.type"  # stable

# --- loopwatch attributes (always set; content-free) ----------------------------------------
LOOPWATCH_EVENT_ID = "loopwatch.event.id"
"""str: id of the event the span stands for (Step on chat spans, ToolResult on tool spans)."""
LOOPWATCH_STEP_TOOL_CALL_IDS = "loopwatch.step.tool_call.ids"
"""str[]: ids of the tool calls the model requested in this step, in request order."""
LOOPWATCH_STEP_TOOL_CALL_NAMES = "loopwatch.step.tool_call.names"
"""str[]: tool names, parallel to the ids."""
LOOPWATCH_STEP_TOOL_CALL_FINGERPRINTS = "loopwatch.step.tool_call.fingerprints"
#: Shapes of the step's calls (``ToolCall.shape``: fingerprints with numbers masked), same order.
LOOPWATCH_STEP_TOOL_CALL_SHAPES = "loopwatch.step.tool_call.shapes"
"""str[]: call fingerprints (tool name + canonical arguments), parallel to the ids."""
#: Frames of the step's calls (``ToolCall.frame``: a short call's keys and value types), same order.
LOOPWATCH_STEP_TOOL_CALL_FRAMES = "loopwatch.step.tool_call.frames"
#: Per call, its ``ToolCall.targets`` (hashed terms of a short call's values) as comma-separated
#: integers, same order.
LOOPWATCH_STEP_TOOL_CALL_TARGETS = "loopwatch.step.tool_call.targets"
#: Per call, its ``ToolCall.phrased`` (its values include words, not identifiers only), same order.
LOOPWATCH_STEP_TOOL_CALL_PHRASED = "loopwatch.step.tool_call.phrased"
#: Per call, its ``ToolCall.mutates`` (it changes something: a write, an action), same order.
LOOPWATCH_STEP_TOOL_CALL_MUTATES = "loopwatch.step.tool_call.mutates"
#: Per call, its ``ToolCall.waits`` (it only waits: a sleep, a span of time), same order.
LOOPWATCH_STEP_TOOL_CALL_WAITS = "loopwatch.step.tool_call.waits"
#: Per call, its ``ToolCall.wording`` (fingerprint of its values of several words, "" without), same order.
LOOPWATCH_STEP_TOOL_CALL_WORDINGS = "loopwatch.step.tool_call.wordings"
#: Per call, its ``ToolCall.spelling`` (fingerprint of a short call with its values' spelling
#: erased, "" for a long call), same order.
LOOPWATCH_STEP_TOOL_CALL_SPELLINGS = "loopwatch.step.tool_call.spellings"
LOOPWATCH_STEP_TOOL_CALL_REPETITIONS = "loopwatch.step.tool_call.repetitions"
"""str[]: per call, "" or the compact JSON of the longest repetition inside its arguments."""
LOOPWATCH_STEP_REFERS_TO_CALLS = "loopwatch.step.refers_to_calls"
"""bool: the assistant text names something its calls act on (computed before redaction)."""
LOOPWATCH_TEXT_SKETCH = "loopwatch.text.sketch"
"""str: compact JSON of the assistant text's sketch (length, words, minhash, repetition, announces, again)."""
LOOPWATCH_TOOL_CALL_FINGERPRINT = "loopwatch.tool.call.fingerprint"
#: ``ToolCall.shape`` of the call an ``execute_tool`` span records.
LOOPWATCH_TOOL_CALL_SHAPE = "loopwatch.tool.call.shape"
"""str: the executed call's fingerprint (tool name + canonical arguments)."""
LOOPWATCH_TOOL_RESULT_FINGERPRINT = "loopwatch.tool.result.fingerprint"
"""str: fingerprint of the result after volatile content (timestamps, ids...) is normalised."""
LOOPWATCH_TOOL_RESULT_SIZE = "loopwatch.tool.result.size"
"""int: characters in the raw result; 0 = empty (no information)."""
LOOPWATCH_TOOL_RESULT_IS_ERROR = "loopwatch.tool.result.is_error"
"""bool: the call failed (raised, or returned an error result)."""
LOOPWATCH_TOOL_RESULT_ERROR_CLASS = "loopwatch.tool.result.error_class"
"""str: a failure's kind (``fingerprint.error_class``): equal for the same error in other words;
on a success, ``fingerprint.success_class``: ``ABSENT_RESULT`` when it says it found nothing,
``PENDING_RESULT`` and the status's form (numbers masked) when a status says the work goes on."""
LOOPWATCH_TOOL_RESULT_ERROR_TERMS = "loopwatch.tool.result.error_terms"
"""int[]: hashed terms a failure's text names (``events.error_term_hashes``; at most 128)."""
LOOPWATCH_TOOL_RESULT_OVERLAP = "loopwatch.tool.result.overlap"
"""int[]: bottom-k hashes of the result's word trigrams (``sketch.overlap_sketch``; at most 32)."""
LOOPWATCH_TOOL_RESULT_LINES = "loopwatch.tool.result.lines"
"""int[]: hashes of a result's distinct lines (``fingerprint.line_hashes``, a failure's
``failure_line_hashes``; at most 64)."""
LOOPWATCH_TOOL_RESULT_LINKS = "loopwatch.tool.result.links"
"""int[]: hashes of a success's distinct links (``fingerprint.link_hashes``; 2 to 32)."""
LOOPWATCH_TOOL_RESULT_FACTS = "loopwatch.tool.result.facts"
"""int[]: hashes of the numbers, addresses and names a success states (``fingerprint.fact_hashes``;
3 to 64; a figure's hash is odd, a name's or an address's even)."""
LOOPWATCH_USER_MESSAGE_FINGERPRINT = "loopwatch.user_message.fingerprint"
#: Content-word sketch of the user message (JSON, as ``loopwatch.text.sketch``).
LOOPWATCH_USER_MESSAGE_SKETCH = "loopwatch.user_message.sketch"
"""str: digest of a user message's text (span event ``loopwatch.user_message``)."""
LOOPWATCH_VERDICT_ACTION = "loopwatch.verdict.action"
LOOPWATCH_VERDICT_DETECTOR = "loopwatch.verdict.detector"
LOOPWATCH_VERDICT_STEP = "loopwatch.verdict.step"
LOOPWATCH_VERDICT_COUNT = "loopwatch.verdict.count"
"""int: how many times the finding's pattern repeated (``Finding.count``)."""
LOOPWATCH_VERDICT_MESSAGE = "loopwatch.verdict.message"
"""str: the text the agent was given (a nudge); may quote the repeated call: content."""

# --- verdicts in GenAI terms (Development status; see docs/verdicts-in-your-tracing-tool.md) ---
# The evaluation-result attributes (registry v1.41, event ``gen_ai.evaluation.result``): every
# GenAI-aware backend knows them. The guardrail ones follow the GenAI "security guardian"
# proposal (``apply_guardrail`` operation, open-telemetry/semantic-conventions prototype/).
GEN_AI_EVALUATION_NAME = "gen_ai.evaluation.name"
GEN_AI_EVALUATION_SCORE_LABEL = "gen_ai.evaluation.score.label"
GEN_AI_EVALUATION_EXPLANATION = "gen_ai.evaluation.explanation"  # content: the finding's summary
GEN_AI_GUARDIAN_NAME = "gen_ai.guardian.name"
GEN_AI_SECURITY_DECISION_TYPE = "gen_ai.security.decision.type"
GEN_AI_SECURITY_DECISION_REASON = "gen_ai.security.decision.reason"
GEN_AI_SECURITY_TARGET_TYPE = "gen_ai.security.target.type"
#: ``gen_ai.operation.name`` of a guardrail decision (the proposal's value).
APPLY_GUARDRAIL = "apply_guardrail"
#: ``gen_ai.guardian.name`` of loopwatch's verdicts.
GUARDIAN = "loopwatch"
#: ``gen_ai.evaluation.name`` of loopwatch's verdicts: what was evaluated.
EVALUATION = "loop_detection"

USER_MESSAGE_EVENT = "loopwatch.user_message"
VERDICT_EVENT = "loopwatch.verdict"

AttributeValue = str | bool | int | float | list[str] | list[bool] | list[int]

# ---------------------------------------------------------------------------------------------
# encode


def repetition_json(repetition: Repetition | None) -> str:
    """Compact JSON of a ``Repetition`` (offsets and counts only, no text), "" for None."""
    return "" if repetition is None else json.dumps(asdict(repetition), separators=(",", ":"))


def sketch_json(sketch: TextSketch) -> str:
    """Compact JSON of a ``TextSketch``: the only view of the text in privacy mode."""
    value = {
        "length": sketch.length,
        "words": sketch.words,
        "minhash": list(sketch.minhash),
        "repetition": asdict(sketch.repetition) if sketch.repetition else None,
        "announces": sketch.announces,
        "again": sketch.again,
        "facts": sketch.facts,
    }
    return json.dumps(value, separators=(",", ":"))


def chat_attributes(step: Step, *, capture_content: bool) -> dict[str, AttributeValue]:
    """Attributes of a ``chat`` span that records ``step`` (set when the response is known)."""
    attributes: dict[str, AttributeValue] = {
        LOOPWATCH_EVENT_ID: step.event_id,
        LOOPWATCH_STEP_TOOL_CALL_IDS: [c.id for c in step.tool_calls],
        LOOPWATCH_STEP_TOOL_CALL_NAMES: [c.name for c in step.tool_calls],
        LOOPWATCH_STEP_TOOL_CALL_FINGERPRINTS: [c.fingerprint for c in step.tool_calls],
        LOOPWATCH_STEP_TOOL_CALL_SHAPES: [c.shape for c in step.tool_calls],
        LOOPWATCH_STEP_TOOL_CALL_FRAMES: [c.frame for c in step.tool_calls],
        LOOPWATCH_STEP_TOOL_CALL_TARGETS: [",".join(map(str, c.targets)) for c in step.tool_calls],
        LOOPWATCH_STEP_TOOL_CALL_PHRASED: [c.phrased for c in step.tool_calls],
        LOOPWATCH_STEP_TOOL_CALL_MUTATES: [c.mutates for c in step.tool_calls],
        LOOPWATCH_STEP_TOOL_CALL_WAITS: [c.waits for c in step.tool_calls],
        LOOPWATCH_STEP_TOOL_CALL_WORDINGS: [c.wording for c in step.tool_calls],
        LOOPWATCH_STEP_TOOL_CALL_SPELLINGS: [c.spelling for c in step.tool_calls],
        LOOPWATCH_STEP_TOOL_CALL_REPETITIONS: [repetition_json(c.repetition) for c in step.tool_calls],
        LOOPWATCH_STEP_REFERS_TO_CALLS: step.refers_to_calls,
    }
    if step.sketch is not None:
        attributes[LOOPWATCH_TEXT_SKETCH] = sketch_json(step.sketch)
    if step.finish_reason:
        attributes[GEN_AI_RESPONSE_FINISH_REASONS] = [step.finish_reason]
    if step.usage is not None:
        attributes[GEN_AI_USAGE_INPUT_TOKENS] = step.usage.input_tokens
        attributes[GEN_AI_USAGE_OUTPUT_TOKENS] = step.usage.output_tokens
    if capture_content:
        attributes[GEN_AI_OUTPUT_MESSAGES] = json.dumps([_output_message(step)], ensure_ascii=False)
    return attributes


def tool_attributes(
    call: ToolCall, result: ToolResult, *, content: str | None, capture_content: bool
) -> dict[str, AttributeValue]:
    """Attributes of an ``execute_tool`` span once ``result`` is known."""
    attributes: dict[str, AttributeValue] = {
        LOOPWATCH_EVENT_ID: result.event_id,
        LOOPWATCH_TOOL_CALL_FINGERPRINT: call.fingerprint,
        LOOPWATCH_TOOL_CALL_SHAPE: call.shape,
        LOOPWATCH_TOOL_RESULT_FINGERPRINT: result.fingerprint,
        LOOPWATCH_TOOL_RESULT_SIZE: result.size,
        LOOPWATCH_TOOL_RESULT_IS_ERROR: result.is_error,
    }
    if result.overlap:
        attributes[LOOPWATCH_TOOL_RESULT_OVERLAP] = list(result.overlap)
    if result.lines:
        attributes[LOOPWATCH_TOOL_RESULT_LINES] = list(result.lines)
    if result.links:
        attributes[LOOPWATCH_TOOL_RESULT_LINKS] = list(result.links)
    if result.facts:
        attributes[LOOPWATCH_TOOL_RESULT_FACTS] = list(result.facts)
    if result.error_class:  # a failure's kind, or a success that found nothing or is pending
        attributes[LOOPWATCH_TOOL_RESULT_ERROR_CLASS] = result.error_class
    if result.is_error:
        attributes[ERROR_TYPE] = result.error_type or "_OTHER"
        attributes[LOOPWATCH_TOOL_RESULT_ERROR_TERMS] = list(result.error_terms)
    if capture_content:
        if call.arguments is not None:
            attributes[GEN_AI_TOOL_CALL_ARGUMENTS] = call.arguments
        if content is not None and not result.is_error:
            attributes[GEN_AI_TOOL_CALL_RESULT] = content
    return attributes


def user_message_attributes(event: UserMessage) -> dict[str, AttributeValue]:
    """Attributes of the ``loopwatch.user_message`` span event that records ``event``."""
    attributes: dict[str, AttributeValue] = {
        LOOPWATCH_EVENT_ID: event.event_id,
        LOOPWATCH_USER_MESSAGE_FINGERPRINT: event.fingerprint,
    }
    if event.sketch is not None:
        attributes[LOOPWATCH_USER_MESSAGE_SKETCH] = sketch_json(event.sketch)
    return attributes


# The proposal's decision types: a nudge lets the step stand with a warning, withdrawing the
# tools changes the next request, a halt denies any further step.
_DECISION_TYPES = {
    Action.CONTINUE: "allow",
    Action.NUDGE: "warn",
    Action.WITHDRAW_TOOLS: "modify",
    Action.HALT: "deny",
}


def verdict_attributes(verdict: Verdict, *, content: bool = False) -> dict[str, AttributeValue]:
    """Attributes of an intervening verdict: the ``loopwatch.verdict`` span event of the SDK and
    the collector's verdict span alike.

    ``content`` adds the message and the finding's summary, which may quote the repeated call.
    """
    finding = verdict.finding
    on_call = finding is not None and finding.tool_name is not None
    attributes: dict[str, AttributeValue] = {
        LOOPWATCH_VERDICT_ACTION: verdict.action.value,
        LOOPWATCH_VERDICT_STEP: verdict.step,
        GEN_AI_GUARDIAN_NAME: GUARDIAN,
        GEN_AI_EVALUATION_NAME: EVALUATION,
        GEN_AI_EVALUATION_SCORE_LABEL: verdict.action.value,
        GEN_AI_SECURITY_DECISION_TYPE: _DECISION_TYPES[verdict.action],
        GEN_AI_SECURITY_TARGET_TYPE: "tool_call" if on_call else "llm_output",
    }
    if finding is not None:
        attributes[LOOPWATCH_VERDICT_DETECTOR] = finding.detector
        attributes[LOOPWATCH_VERDICT_COUNT] = finding.count
        attributes[GEN_AI_SECURITY_DECISION_REASON] = finding.detector
        if content and finding.summary:
            attributes[GEN_AI_EVALUATION_EXPLANATION] = finding.summary
    if content and verdict.message:
        attributes[LOOPWATCH_VERDICT_MESSAGE] = verdict.message
    return attributes


def _output_message(step: Step) -> dict[str, Any]:
    parts: list[dict[str, Any]] = []
    if step.text:
        parts.append({"type": "text", "content": step.text})
    for call in step.tool_calls:
        part: dict[str, Any] = {"type": "tool_call", "id": call.id, "name": call.name}
        if call.arguments is not None:
            part["arguments"] = _json_or_text(call.arguments)
        parts.append(part)
    finish = step.finish_reason or ("tool_call" if step.tool_calls else "stop")
    return {"role": "assistant", "parts": parts, "finish_reason": finish}


def _json_or_text(text: str) -> Any:
    try:
        value: Any = json.loads(text)
    except ValueError:
        return text
    return value if isinstance(value, Mapping) else text
