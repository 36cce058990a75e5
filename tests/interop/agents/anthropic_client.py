"""A hand-written tool loop over the ``anthropic`` client, traced by the SDK's own OpenTelemetry
spans (``anthropic.messages.create``; metadata only, no content). MODE:

- ``sdk``: no conversation id: one trace and one session per model call;
- ``sdk-conversation``: ``open_telemetry={"conversation_id": ...}``: one session per run;
- ``sdk-openllmetry``: the SDK's own spans and OpenLLMetry's (``opentelemetry-instrumentation-
  anthropic``, content captured) on the same client: every model call reported twice.
"""

from __future__ import annotations

import sys
import uuid
from typing import Any

import anthropic
from interop_agent_common import MODEL, QUESTION, SYSTEM, TOOL_SPECS, Tools, model_url, telemetry


def anthropic_tools() -> list[dict[str, Any]]:
    return [
        {
            "name": name,
            "description": spec["description"],
            "input_schema": {
                "type": "object",
                "properties": {p: {"type": t} for p, t in spec["parameters"].items()},
                "required": list(spec["parameters"]),
            },
        }
        for name, spec in TOOL_SPECS.items()
    ]


def run(mode: str) -> None:
    if mode not in ("sdk", "sdk-conversation", "sdk-openllmetry"):
        raise SystemExit(f"unknown mode {mode!r}")
    tel = telemetry()
    if mode == "sdk-openllmetry":
        from opentelemetry.instrumentation.anthropic import AnthropicInstrumentor

        AnthropicInstrumentor().instrument(tracer_provider=tel.tracer_provider)
    options: dict[str, Any] = {"tracer_provider": tel.tracer_provider}
    if mode == "sdk-conversation":
        options["conversation_id"] = str(uuid.uuid4())
    client: Any = anthropic.Anthropic(base_url=model_url(), api_key="unused", open_telemetry=options)
    tools = Tools()
    messages: list[dict[str, Any]] = [{"role": "user", "content": QUESTION}]
    try:
        while True:
            response = client.messages.create(
                model=MODEL, max_tokens=256, system=SYSTEM, messages=messages, tools=anthropic_tools()
            )
            calls = [block for block in response.content if block.type == "tool_use"]
            if not calls:
                break
            messages.append(
                {"role": "assistant", "content": [block.model_dump() for block in response.content]}
            )
            results = [
                {"type": "tool_result", "tool_use_id": call.id, "content": tools.call(call.name, call.input)}
                for call in calls
            ]
            messages.append({"role": "user", "content": results})
    finally:
        tel.shutdown()


if __name__ == "__main__":
    run(sys.argv[1])
