"""Pure detectors and the escalation policy (no I/O): one evaluation core for every guard.

The local guard, ``loopwatch replay`` and the collector all build engines with
``build_engine`` from ``DetectorSettings`` (``load_detector_settings``: a YAML file or a mapping,
the shape ``loopwatch serve`` reads) and decide with ``evaluate``. Detectors live one per
module (``identical_call``, ``cycle``, ``revisit``, ``same_tool``, ``error_streak``,
``narration``, ``degenerate_text``, ``budget``); ``registry.DETECTOR_TYPES`` lists them.
"""

from __future__ import annotations

from loopwatch.detect.base import Detector
from loopwatch.detect.engine import DetectorErrorHook, Engine, EngineConfig
from loopwatch.detect.evaluation import ConversationCounter, Evaluation, evaluate, judged_steps
from loopwatch.detect.factory import build_engine
from loopwatch.detect.per_tool import PerToolDetector
from loopwatch.detect.policy import CONVERSATION_BUDGET, Policy, PolicyConfig
from loopwatch.detect.registry import DETECTOR_TYPES, DetectorType, build_detectors
from loopwatch.detect.session import PolicyState, SessionState
from loopwatch.detect.settings import DetectorSettings, load_detector_settings, merge_settings
from loopwatch.detect.step import CallOutcome, StepRecord

__all__ = [
    "CONVERSATION_BUDGET",
    "DETECTOR_TYPES",
    "CallOutcome",
    "ConversationCounter",
    "Detector",
    "DetectorErrorHook",
    "DetectorSettings",
    "DetectorType",
    "Engine",
    "EngineConfig",
    "Evaluation",
    "PerToolDetector",
    "Policy",
    "PolicyConfig",
    "PolicyState",
    "SessionState",
    "StepRecord",
    "build_detectors",
    "build_engine",
    "evaluate",
    "judged_steps",
    "load_detector_settings",
    "merge_settings",
]
