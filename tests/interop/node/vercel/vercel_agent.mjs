// The Vercel AI SDK (`ai` 7) agent of loopwatch's framework matrix: `generateText` with the
// scenario tools over `@ai-sdk/openai-compatible` (the fake model server), traced by the SDK's
// OpenTelemetry integration (`@ai-sdk/otel`, registered with `registerTelemetry`) and exported
// over OTLP/HTTP (protobuf) to the collector under test. `ai` 7 makes no spans by itself: the
// integration is what turns `experimental_telemetry` into spans.
//
//   node vercel_agent.mjs MODE
//
// MODE:
// - `semconv`: `new OpenTelemetry()`: GenAI semantic-convention spans (`invoke_agent`, `chat`
//   with `gen_ai.input.messages` / `gen_ai.output.messages`, `execute_tool` with the tool's
//   arguments and result);
// - `semconv-stream`: the same through `streamText` (the model answers in SSE chunks);
// - `legacy`: `new LegacyOpenTelemetry()`: the `ai.*` spans of the earlier majors
//   (`ai.generateText`, `ai.generateText.doGenerate`, `ai.toolCall`);
// - `semconv-no-outputs` / `legacy-no-outputs`: `semconv` / `legacy` with `recordOutputs: false`
//   (no model outputs, no tool results recorded).
//
// Environment (set by tests/interop/interop_harness.py): LOOPWATCH_INTEROP_MODEL_URL,
// OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME, and LOOPWATCH_INTEROP_SCENARIO (the prompt,
// tool specs and poll statuses of tests/interop/interop_scenarios.py, as JSON: one source).
import { generateText, jsonSchema, registerTelemetry, stepCountIs, streamText, tool } from 'ai';
import { LegacyOpenTelemetry, OpenTelemetry } from '@ai-sdk/otel';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';

const MODES = ['semconv', 'semconv-stream', 'legacy', 'semconv-no-outputs', 'legacy-no-outputs'];
// More than the scenarios' tool rounds (7): the scripted model ends the run, not this bound.
const MAX_STEPS = 20;

const mode = process.argv[2];
if (!MODES.includes(mode)) {
  console.error(`unknown mode ${JSON.stringify(mode)}`);
  process.exit(2);
}
const scenario = JSON.parse(process.env.LOOPWATCH_INTEROP_SCENARIO);
const service = process.env.OTEL_SERVICE_NAME;
const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '');

// Simple (synchronous) span processor: the run is exported when the process ends.
const provider = new NodeTracerProvider({
  resource: resourceFromAttributes({ 'service.name': service }),
  spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }))],
});
provider.register();
registerTelemetry(mode.startsWith('legacy') ? new LegacyOpenTelemetry() : new OpenTelemetry());

// The tools of interop_scenarios.Tools, with the same results (the job advances per poll).
let polls = 0;
const run = {
  search: ({ query }) => `No results found for '${query}'.`,
  get_job_status: ({ job_id }) => {
    const statuses = scenario.poll_statuses;
    const status = statuses[Math.min(polls, statuses.length - 1)];
    polls += 1;
    return `job ${job_id}: ${status}`;
  },
  open_page: ({ page }) => `Page ${page}: see also page ${page === 'A' ? 'B' : 'A'}.`,
};
const tools = Object.fromEntries(
  Object.entries(scenario.tools).map(([name, spec]) => {
    const properties = Object.fromEntries(Object.entries(spec.parameters).map(([k, t]) => [k, { type: t }]));
    const inputSchema = jsonSchema({ type: 'object', properties, required: Object.keys(properties) });
    return [name, tool({ description: spec.description, inputSchema, execute: async (args) => run[name](args) })];
  }),
);

const model = createOpenAICompatible({
  name: 'fake',
  baseURL: process.env.LOOPWATCH_INTEROP_MODEL_URL,
  apiKey: 'unused',
})(scenario.model);
const request = {
  model,
  system: scenario.system,
  prompt: scenario.question,
  tools,
  stopWhen: stepCountIs(MAX_STEPS),
  experimental_telemetry: { isEnabled: true, functionId: service, recordOutputs: !mode.endsWith('-no-outputs') },
};
try {
  if (mode === 'semconv-stream') {
    const result = streamText(request);
    console.log(await result.text);
  } else {
    console.log((await generateText(request)).text);
  }
} finally {
  await provider.shutdown();
}
