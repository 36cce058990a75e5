"""The log requests recorded from the real Claude Code and Codex CLIs (``cli_logs/*.json``,
each with a ``recorded`` note saying how), as ``ExportLogsServiceRequest`` s."""

from __future__ import annotations

import json
from pathlib import Path

from google.protobuf import json_format
from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest

FIXTURES = Path(__file__).parent / "cli_logs"
#: The session (conversation) ids of the recordings.
CLAUDE_TOOL_DETAILS_SESSION = "3b8b7e04-4ee1-4017-a05d-71f3186987d8"
CLAUDE_DEFAULT_SESSION = "6cef3bea-bae7-435f-b580-e251a0550c20"
CLAUDE_HOOKS_SESSION = "cef70896-83a1-43a8-8324-453a49688ee7"
CODEX_SESSION = "01a236ac-0e70-7d10-9a6d-e4b32776bfdc"
#: Every recording: a model that runs `python3 check.py` (it fails) four times, then `echo ok`,
#: then answers; the scripted model reports 100 input and 20 output tokens per response.
FAILING_CALLS = 4
MODEL_CALLS = 6
TOKENS_PER_CALL = (100, 20)


def recorded(name: str) -> list[ExportLogsServiceRequest]:
    """The requests of ``cli_logs/<name>.json``, in the order the CLI sent them."""
    document = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    return [json_format.ParseDict(r, ExportLogsServiceRequest()) for r in document["requests"]]
