// A stuck tool loop in TypeScript asking a running loopwatch collector for verdicts over gRPC.
//
// No loopwatch SDK: the events carry plain content (tool name, arguments as JSON text, result
// text) and no fingerprints; the collector computes the fingerprints and sketches the Python SDK
// would. The "model" is stubborn: it searches for the same thing after every "not found" until
// loopwatch withdraws its tools, then answers.
//
//   npm install && npx tsc && LOOPWATCH_ENDPOINT=localhost:4317 node dist/stuck_loop.js
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";

// The wire contract, from the repository (a copy works as well).
const PROTO_ROOT = process.env.LOOPWATCH_PROTO_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "proto");
const ENDPOINT = process.env.LOOPWATCH_ENDPOINT ?? "localhost:4317";
// The guard answers within milliseconds; a collector that does not must not stall the agent.
const DEADLINE_MS = 2000;
// A bound on the loop, as any agent should have one.
const MAX_STEPS = 10;

interface ToolCall { id: string; name: string; arguments?: string }
interface Event {
  event_id: string;
  step?: { text?: string; tool_calls: ToolCall[] };
  tool_result?: { call_id: string; content: string; is_error?: boolean };
}
interface EvaluateRequest { trace_id: string; agent: string; events: Event[] }
interface Verdict { action: string; step: number; message: string }
type Evaluate = (
  request: EvaluateRequest,
  options: grpc.CallOptions,
  callback: (error: grpc.ServiceError | null, verdict: Verdict) => void,
) => void;

function loopGuard(): { Evaluate: Evaluate } {
  const definition = protoLoader.loadSync("loopwatch/v1/guard.proto", {
    includeDirs: [PROTO_ROOT],
    keepCase: true, // snake_case field names, as in the .proto
    enums: String,
    longs: Number,
    defaults: true,
  });
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    loopwatch: { v1: { LoopGuard: new (address: string, credentials: grpc.ChannelCredentials) => { Evaluate: Evaluate } } };
  };
  return new loaded.loopwatch.v1.LoopGuard(ENDPOINT, grpc.credentials.createInsecure());
}

function evaluate(client: { Evaluate: Evaluate }, request: EvaluateRequest): Promise<Verdict> {
  return new Promise((resolve, reject) => {
    client.Evaluate(request, { deadline: Date.now() + DEADLINE_MS }, (error, verdict) =>
      error ? reject(error) : resolve(verdict),
    );
  });
}

function search(query: string): string {
  return `no results for "${query}" (searched at ${new Date().toISOString()})`;
}

async function main(): Promise<void> {
  const client = loopGuard();
  const traceId = randomBytes(16).toString("hex");
  let toolsWithdrawn = false;
  let nudge = "";
  for (let step = 1; step <= MAX_STEPS; step++) {
    if (toolsWithdrawn) {
      console.log(`step ${step}: final answer: I could not find the weather in Atlantis.`);
      break;
    }
    // The stubborn model ignores the nudge (a real agent appends it to its next prompt).
    const callId = `call_${step}`;
    const args = JSON.stringify({ query: "weather in Atlantis" });
    const result = search("weather in Atlantis");
    const verdict = await evaluate(client, {
      trace_id: traceId,
      agent: "typescript-example",
      events: [
        { event_id: `step:${callId}`, step: { text: "Let me search again.", tool_calls: [{ id: callId, name: "search", arguments: args }] } },
        { event_id: `result:${callId}`, tool_result: { call_id: callId, content: result } },
      ],
    });
    const action = verdict.action.replace("ACTION_", "");
    console.log(`step ${step}: loopwatch says ${action}${verdict.message ? ": " + verdict.message.split("\n")[0] : ""}`);
    if (action === "NUDGE") nudge = verdict.message;
    if (action === "WITHDRAW_TOOLS") toolsWithdrawn = true;
    if (action === "HALT") break;
  }
  console.log(`trace ${traceId}; nudged: ${nudge !== ""}`);
  grpc.closeClient(client as unknown as grpc.Client);
}

main().catch((error: unknown) => {
  console.error("loopwatch example failed:", error);
  process.exit(1);
});
