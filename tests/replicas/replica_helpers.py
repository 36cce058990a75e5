"""Helpers for replica tests: scripted agent sessions over gRPC, Redis-backed configurations."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import grpc

from loopwatch.events import Event, Step
from loopwatch.scenario import load_scenario
from loopwatch.wire import events_to_proto, pb, pb_grpc, tool_call_to_proto
from tests.collector.store.redis_server import RedisServer
from tests.shared_corpus import REPO_CORPUS

# Sessions that escalate through the whole ladder (nudge, withdraw, halt) and quiet ones, short
# enough that every configuration replays them in well under a second.
SCENARIOS = (
    "synthetic/identical_call-1-0.json",
    "synthetic/alternation-1-0.json",
    "synthetic/batch_fanout-1-0.json",
    "real-agents/openhands-sdk-gpt4o-syntax-error-loop.json",
)
RPC_TIMEOUT_S = 5.0


def redis_config(server: RedisServer, prefix: str, **options: Any) -> dict[str, Any]:
    """A collector configuration on the Redis store; ``prefix`` isolates one test's sessions."""
    return {
        "store": "redis",
        "redis": {"url": server.url, "key_prefix": prefix, "options": {"retry_interval_s": 0.2, **options}},
    }


@dataclass(frozen=True, slots=True)
class Session:
    trace_id: str
    events: tuple[Event, ...]


def sessions() -> list[Session]:
    return [
        Session(trace_id=f"{n + 1:032x}", events=load_scenario(REPO_CORPUS / name).events)
        for n, name in enumerate(SCENARIOS)
    ]


def requests(session: Session) -> list[pb.EvaluateRequest]:
    """What an agent's SDK sends: each event, then a checkpoint before each requested call."""
    out: list[pb.EvaluateRequest] = []
    for event in session.events:
        out.append(
            pb.EvaluateRequest(trace_id=session.trace_id, agent="agent", events=events_to_proto([event]))
        )
        if isinstance(event, Step):
            for call in event.tool_calls:
                out.append(
                    pb.EvaluateRequest(
                        trace_id=session.trace_id,
                        agent="agent",
                        checkpoint=pb.CHECKPOINT_BEFORE_TOOL_CALL,
                        pending_call=tool_call_to_proto(call),
                    )
                )
    return out


Stub = Any  # pb_grpc.LoopGuardStub (generated, untyped)


def stub(target: str) -> tuple[grpc.Channel, Stub]:
    channel = grpc.insecure_channel(target)
    return channel, pb_grpc.LoopGuardStub(channel)


def drive(
    reqs: Sequence[pb.EvaluateRequest], pick: Callable[[int], Stub], start: int = 0
) -> list[pb.Verdict]:
    """Send ``reqs[start:]``; request ``i`` goes to ``pick(i)``."""
    return [pick(i).Evaluate(reqs[i], timeout=RPC_TIMEOUT_S) for i in range(start, len(reqs))]
