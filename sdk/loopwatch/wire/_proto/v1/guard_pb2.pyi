from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Action(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ACTION_UNSPECIFIED: _ClassVar[Action]
    ACTION_CONTINUE: _ClassVar[Action]
    ACTION_NUDGE: _ClassVar[Action]
    ACTION_WITHDRAW_TOOLS: _ClassVar[Action]
    ACTION_HALT: _ClassVar[Action]

class Checkpoint(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CHECKPOINT_UNSPECIFIED: _ClassVar[Checkpoint]
    CHECKPOINT_AFTER_BATCH: _ClassVar[Checkpoint]
    CHECKPOINT_BEFORE_TOOL_CALL: _ClassVar[Checkpoint]
ACTION_UNSPECIFIED: Action
ACTION_CONTINUE: Action
ACTION_NUDGE: Action
ACTION_WITHDRAW_TOOLS: Action
ACTION_HALT: Action
CHECKPOINT_UNSPECIFIED: Checkpoint
CHECKPOINT_AFTER_BATCH: Checkpoint
CHECKPOINT_BEFORE_TOOL_CALL: Checkpoint

class EvaluateRequest(_message.Message):
    __slots__ = ("trace_id", "agent", "conversation_id", "events", "checkpoint", "pending_call", "span_id")
    TRACE_ID_FIELD_NUMBER: _ClassVar[int]
    AGENT_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    CHECKPOINT_FIELD_NUMBER: _ClassVar[int]
    PENDING_CALL_FIELD_NUMBER: _ClassVar[int]
    SPAN_ID_FIELD_NUMBER: _ClassVar[int]
    trace_id: str
    agent: str
    conversation_id: str
    events: _containers.RepeatedCompositeFieldContainer[Event]
    checkpoint: Checkpoint
    pending_call: ToolCall
    span_id: str
    def __init__(self, trace_id: _Optional[str] = ..., agent: _Optional[str] = ..., conversation_id: _Optional[str] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., checkpoint: _Optional[_Union[Checkpoint, str]] = ..., pending_call: _Optional[_Union[ToolCall, _Mapping]] = ..., span_id: _Optional[str] = ...) -> None: ...

class GetVerdictRequest(_message.Message):
    __slots__ = ("trace_id", "min_step")
    TRACE_ID_FIELD_NUMBER: _ClassVar[int]
    MIN_STEP_FIELD_NUMBER: _ClassVar[int]
    trace_id: str
    min_step: int
    def __init__(self, trace_id: _Optional[str] = ..., min_step: _Optional[int] = ...) -> None: ...

class WatchVerdictsRequest(_message.Message):
    __slots__ = ("agent", "actions", "trace_id")
    AGENT_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    TRACE_ID_FIELD_NUMBER: _ClassVar[int]
    agent: str
    actions: _containers.RepeatedScalarFieldContainer[Action]
    trace_id: str
    def __init__(self, agent: _Optional[str] = ..., actions: _Optional[_Iterable[_Union[Action, str]]] = ..., trace_id: _Optional[str] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("event_id", "time_unix_nano", "step", "tool_result", "user_message")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    TIME_UNIX_NANO_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    TOOL_RESULT_FIELD_NUMBER: _ClassVar[int]
    USER_MESSAGE_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    time_unix_nano: int
    step: Step
    tool_result: ToolResult
    user_message: UserMessage
    def __init__(self, event_id: _Optional[str] = ..., time_unix_nano: _Optional[int] = ..., step: _Optional[_Union[Step, _Mapping]] = ..., tool_result: _Optional[_Union[ToolResult, _Mapping]] = ..., user_message: _Optional[_Union[UserMessage, _Mapping]] = ...) -> None: ...

class Step(_message.Message):
    __slots__ = ("text", "sketch", "tool_calls", "input_tokens", "output_tokens", "finish_reason", "refers_to_calls")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    SKETCH_FIELD_NUMBER: _ClassVar[int]
    TOOL_CALLS_FIELD_NUMBER: _ClassVar[int]
    INPUT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    FINISH_REASON_FIELD_NUMBER: _ClassVar[int]
    REFERS_TO_CALLS_FIELD_NUMBER: _ClassVar[int]
    text: str
    sketch: TextSketch
    tool_calls: _containers.RepeatedCompositeFieldContainer[ToolCall]
    input_tokens: int
    output_tokens: int
    finish_reason: str
    refers_to_calls: bool
    def __init__(self, text: _Optional[str] = ..., sketch: _Optional[_Union[TextSketch, _Mapping]] = ..., tool_calls: _Optional[_Iterable[_Union[ToolCall, _Mapping]]] = ..., input_tokens: _Optional[int] = ..., output_tokens: _Optional[int] = ..., finish_reason: _Optional[str] = ..., refers_to_calls: _Optional[bool] = ...) -> None: ...

class ToolCall(_message.Message):
    __slots__ = ("id", "name", "fingerprint", "arguments", "repetition", "shape", "frame", "targets", "phrased", "wording", "mutates", "waits", "spelling")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    ARGUMENTS_FIELD_NUMBER: _ClassVar[int]
    REPETITION_FIELD_NUMBER: _ClassVar[int]
    SHAPE_FIELD_NUMBER: _ClassVar[int]
    FRAME_FIELD_NUMBER: _ClassVar[int]
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    PHRASED_FIELD_NUMBER: _ClassVar[int]
    WORDING_FIELD_NUMBER: _ClassVar[int]
    MUTATES_FIELD_NUMBER: _ClassVar[int]
    WAITS_FIELD_NUMBER: _ClassVar[int]
    SPELLING_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    fingerprint: str
    arguments: str
    repetition: Repetition
    shape: str
    frame: str
    targets: _containers.RepeatedScalarFieldContainer[int]
    phrased: bool
    wording: str
    mutates: bool
    waits: bool
    spelling: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., fingerprint: _Optional[str] = ..., arguments: _Optional[str] = ..., repetition: _Optional[_Union[Repetition, _Mapping]] = ..., shape: _Optional[str] = ..., frame: _Optional[str] = ..., targets: _Optional[_Iterable[int]] = ..., phrased: _Optional[bool] = ..., wording: _Optional[str] = ..., mutates: _Optional[bool] = ..., waits: _Optional[bool] = ..., spelling: _Optional[str] = ...) -> None: ...

class ToolResult(_message.Message):
    __slots__ = ("call_id", "fingerprint", "size", "is_error", "error_type", "preview", "content", "error_class", "overlap", "error_terms", "lines", "links", "facts")
    CALL_ID_FIELD_NUMBER: _ClassVar[int]
    FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    IS_ERROR_FIELD_NUMBER: _ClassVar[int]
    ERROR_TYPE_FIELD_NUMBER: _ClassVar[int]
    PREVIEW_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    ERROR_CLASS_FIELD_NUMBER: _ClassVar[int]
    OVERLAP_FIELD_NUMBER: _ClassVar[int]
    ERROR_TERMS_FIELD_NUMBER: _ClassVar[int]
    LINES_FIELD_NUMBER: _ClassVar[int]
    LINKS_FIELD_NUMBER: _ClassVar[int]
    FACTS_FIELD_NUMBER: _ClassVar[int]
    call_id: str
    fingerprint: str
    size: int
    is_error: bool
    error_type: str
    preview: str
    content: str
    error_class: str
    overlap: _containers.RepeatedScalarFieldContainer[int]
    error_terms: _containers.RepeatedScalarFieldContainer[int]
    lines: _containers.RepeatedScalarFieldContainer[int]
    links: _containers.RepeatedScalarFieldContainer[int]
    facts: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, call_id: _Optional[str] = ..., fingerprint: _Optional[str] = ..., size: _Optional[int] = ..., is_error: _Optional[bool] = ..., error_type: _Optional[str] = ..., preview: _Optional[str] = ..., content: _Optional[str] = ..., error_class: _Optional[str] = ..., overlap: _Optional[_Iterable[int]] = ..., error_terms: _Optional[_Iterable[int]] = ..., lines: _Optional[_Iterable[int]] = ..., links: _Optional[_Iterable[int]] = ..., facts: _Optional[_Iterable[int]] = ...) -> None: ...

class UserMessage(_message.Message):
    __slots__ = ("fingerprint", "sketch", "text")
    FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    SKETCH_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    fingerprint: str
    sketch: TextSketch
    text: str
    def __init__(self, fingerprint: _Optional[str] = ..., sketch: _Optional[_Union[TextSketch, _Mapping]] = ..., text: _Optional[str] = ...) -> None: ...

class TextSketch(_message.Message):
    __slots__ = ("length", "minhash", "words", "repetition", "announces", "again", "facts")
    LENGTH_FIELD_NUMBER: _ClassVar[int]
    MINHASH_FIELD_NUMBER: _ClassVar[int]
    WORDS_FIELD_NUMBER: _ClassVar[int]
    REPETITION_FIELD_NUMBER: _ClassVar[int]
    ANNOUNCES_FIELD_NUMBER: _ClassVar[int]
    AGAIN_FIELD_NUMBER: _ClassVar[int]
    FACTS_FIELD_NUMBER: _ClassVar[int]
    length: int
    minhash: _containers.RepeatedScalarFieldContainer[int]
    words: int
    repetition: Repetition
    announces: bool
    again: bool
    facts: int
    def __init__(self, length: _Optional[int] = ..., minhash: _Optional[_Iterable[int]] = ..., words: _Optional[int] = ..., repetition: _Optional[_Union[Repetition, _Mapping]] = ..., announces: _Optional[bool] = ..., again: _Optional[bool] = ..., facts: _Optional[int] = ...) -> None: ...

class Repetition(_message.Message):
    __slots__ = ("unit", "period", "repeats", "block_chars", "start", "end")
    UNIT_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    REPEATS_FIELD_NUMBER: _ClassVar[int]
    BLOCK_CHARS_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    unit: str
    period: int
    repeats: int
    block_chars: int
    start: int
    end: int
    def __init__(self, unit: _Optional[str] = ..., period: _Optional[int] = ..., repeats: _Optional[int] = ..., block_chars: _Optional[int] = ..., start: _Optional[int] = ..., end: _Optional[int] = ...) -> None: ...

class Finding(_message.Message):
    __slots__ = ("detector", "key", "summary", "count", "first_step", "last_step", "severity", "tool_name", "arguments", "last_result_preview", "trimmed_text")
    DETECTOR_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    FIRST_STEP_FIELD_NUMBER: _ClassVar[int]
    LAST_STEP_FIELD_NUMBER: _ClassVar[int]
    SEVERITY_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    ARGUMENTS_FIELD_NUMBER: _ClassVar[int]
    LAST_RESULT_PREVIEW_FIELD_NUMBER: _ClassVar[int]
    TRIMMED_TEXT_FIELD_NUMBER: _ClassVar[int]
    detector: str
    key: str
    summary: str
    count: int
    first_step: int
    last_step: int
    severity: str
    tool_name: str
    arguments: str
    last_result_preview: str
    trimmed_text: str
    def __init__(self, detector: _Optional[str] = ..., key: _Optional[str] = ..., summary: _Optional[str] = ..., count: _Optional[int] = ..., first_step: _Optional[int] = ..., last_step: _Optional[int] = ..., severity: _Optional[str] = ..., tool_name: _Optional[str] = ..., arguments: _Optional[str] = ..., last_result_preview: _Optional[str] = ..., trimmed_text: _Optional[str] = ...) -> None: ...

class Verdict(_message.Message):
    __slots__ = ("action", "step", "message", "finding", "trace_id", "agent")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    FINDING_FIELD_NUMBER: _ClassVar[int]
    TRACE_ID_FIELD_NUMBER: _ClassVar[int]
    AGENT_FIELD_NUMBER: _ClassVar[int]
    action: Action
    step: int
    message: str
    finding: Finding
    trace_id: str
    agent: str
    def __init__(self, action: _Optional[_Union[Action, str]] = ..., step: _Optional[int] = ..., message: _Optional[str] = ..., finding: _Optional[_Union[Finding, _Mapping]] = ..., trace_id: _Optional[str] = ..., agent: _Optional[str] = ...) -> None: ...
