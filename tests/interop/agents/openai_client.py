"""A hand-written tool loop over the ``openai`` client, traced only at the client (no agent span:
one trace per model call). MODE picks the instrumentation:

- ``openinference``: ``openinference-instrumentation-openai``;
- ``openinference-hidden``: the same with ``OPENINFERENCE_HIDE_INPUTS/OUTPUTS=true`` (set by the harness);
- ``openllmetry``: ``opentelemetry-instrumentation-openai`` (content on, its default);
- ``openllmetry-no-content``: the same with ``TRACELOOP_TRACE_CONTENT=false`` (set by the harness);
- ``openai-v2``: ``opentelemetry-instrumentation-openai-v2`` in its default mode (content in log
  events, ``OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true``);
- ``openai-v2-span``: the same with ``gen_ai_latest_experimental`` and ``SPAN_ONLY``;
- ``openlit`` / ``openlit-no-content``: OpenLIT's openai instrumentation, content captured or not.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import openai
from interop_agent_common import MODEL, QUESTION, SYSTEM, Tools, model_url, openai_tools, telemetry


def instrument(mode: str, tel: Any) -> Any:
    if mode.startswith("openinference"):
        from openinference.instrumentation.openai import OpenAIInstrumentor

        instrumentor: Any = OpenAIInstrumentor()
        instrumentor.instrument(tracer_provider=tel.tracer_provider)
    elif mode.startswith("openllmetry"):
        from opentelemetry.instrumentation.openai import OpenAIInstrumentor as TraceloopInstrumentor

        instrumentor = TraceloopInstrumentor()
        instrumentor.instrument(tracer_provider=tel.tracer_provider)
    elif mode.startswith("openai-v2"):
        from opentelemetry.instrumentation.openai_v2 import OpenAIInstrumentor as V2Instrumentor

        instrumentor = V2Instrumentor()
        instrumentor.instrument(tracer_provider=tel.tracer_provider, logger_provider=tel.logger_provider)
    elif mode.startswith("openlit"):
        import openlit

        # OpenLIT builds its own providers from the standard OTLP variables; unbatched, so the
        # spans are sent before the process exits.
        openlit.init(
            otlp_endpoint=os.environ["OTEL_EXPORTER_OTLP_ENDPOINT"],
            application_name=os.environ["OTEL_SERVICE_NAME"],
            disable_batch=True,
            disable_metrics=True,
            capture_message_content=mode == "openlit",
        )
        instrumentor = None
    else:
        raise SystemExit(f"unknown mode {mode!r}")
    return instrumentor


def run(mode: str) -> None:
    tel = telemetry()
    instrument(mode, tel)
    client = openai.OpenAI(base_url=model_url(), api_key="unused")
    tools = Tools()
    messages: list[dict[str, Any]] = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": QUESTION},
    ]
    try:
        while True:
            response = client.chat.completions.create(model=MODEL, messages=messages, tools=openai_tools())  # type: ignore[arg-type]
            message = response.choices[0].message
            if not message.tool_calls:
                break
            messages.append(message.model_dump(exclude_none=True))
            for call in message.tool_calls:
                result = tools.call(call.function.name, json.loads(call.function.arguments))  # type: ignore[union-attr]
                messages.append({"role": "tool", "tool_call_id": call.id, "content": result})
    finally:
        tel.shutdown()


if __name__ == "__main__":
    run(sys.argv[1])
