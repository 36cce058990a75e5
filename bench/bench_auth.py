"""Authentication cost against the number of configured keys: 2 keys vs 100 000.

1. **in process**: ``ApiKeys.tenant_of`` on a valid key and on a wrong one, best of
   ``REPEATS`` runs of ``LOOKUPS`` look-ups, with 2 keys and with ``MANY_KEYS`` keys.
2. **through a collector**: two ``loopwatch serve`` subprocesses, one with 2 keys and one with
   ``MANY_KEYS`` (from ``auth.keys_file``), ``Evaluate`` p50 without events (an authenticated RPC
   that does little else) called alternately on both, ``CALLS`` per side.

Target: both ratios (many keys / 2 keys) <= 1.1x. Before keys were looked up by digest, 100k
keys cost 8.8 ms per call against 0.67 ms with 2.

Run: ``python -m bench.bench_auth``.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import grpc

from bench.timing import best_of
from loopwatch.wire import pb, pb_grpc
from loopwatch_collector.security import ApiKeys, AuthConfig, load_api_keys
from loopwatch_collector.testing import collector_process

MANY_KEYS = 100_000
FEW_KEYS = 2
LOOKUPS = 20_000
CALLS = 2000  # per side
WARMUP = 200
TARGET_RATIO = 1.1
# Keys, not tenants, are what this measures: each tenant's metric series are created at start,
# so 100k tenants would time the start-up instead.
TENANTS = 100
KEY = "bench-auth-key-0123456789abcdef"


def _keys_file(directory: Path, count: int) -> Path:
    """``count`` keys over at most ``TENANTS`` tenants; ``KEY`` is the last."""
    path = directory / f"keys-{count}"
    lines = [f"t{n % TENANTS}:key-{n:08d}-padding-to-a-realistic-length" for n in range(count - 1)]
    path.write_text("\n".join([*lines, f"t0:{KEY}"]) + "\n", encoding="utf-8")
    return path


def _lookups(keys: ApiKeys, key: str) -> Callable[[], None]:
    def run() -> None:
        for _ in range(LOOKUPS):
            keys.tenant_of(key)

    return run


def measure_in_process(directory: Path) -> dict[str, float]:
    out: dict[str, float] = {}
    for count in (FEW_KEYS, MANY_KEYS):
        keys = load_api_keys(AuthConfig(keys_file=_keys_file(directory, count)), environ={})
        for name, key in (("right", KEY), ("wrong", "not-a-configured-key-0000000000")):
            out[f"{name}_{count}"] = best_of(_lookups(keys, key)) / LOOKUPS
    return out


def measure_collectors(directory: Path) -> dict[str, float]:
    metadata = (("authorization", f"Bearer {KEY}"),)
    request = pb.EvaluateRequest(trace_id="ab" * 16, agent="bench")
    with (
        collector_process({"auth": {"keys_file": str(_keys_file(directory, FEW_KEYS))}}) as few,
        collector_process({"auth": {"keys_file": str(_keys_file(directory, MANY_KEYS))}}) as many,
        grpc.insecure_channel(few.endpoints.grpc_target) as few_channel,
        grpc.insecure_channel(many.endpoints.grpc_target) as many_channel,
    ):
        stubs = {FEW_KEYS: pb_grpc.LoopGuardStub(few_channel), MANY_KEYS: pb_grpc.LoopGuardStub(many_channel)}
        samples: dict[int, list[float]] = {FEW_KEYS: [], MANY_KEYS: []}
        for n in range(WARMUP + CALLS):  # alternating call by call: drift hits both sides alike
            for count, stub in stubs.items():
                start = time.perf_counter()
                stub.Evaluate(request, metadata=metadata, timeout=10)
                if n >= WARMUP:
                    samples[count].append(time.perf_counter() - start)
    return {f"p50_{count}": statistics.median(values) for count, values in samples.items()}


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-auth-") as tmp:
        local = measure_in_process(Path(tmp))
        remote = measure_collectors(Path(tmp))
    print(f"| measure | {FEW_KEYS} keys | {MANY_KEYS:,} keys | ratio |")
    print("|---|---:|---:|---:|")
    ratios = []
    for name, label, scale, unit in (
        ("right", "tenant_of, configured key", 1e9, "ns"),
        ("wrong", "tenant_of, wrong key", 1e9, "ns"),
        ("p50", "Evaluate p50 (no events) through a collector", 1e6, "µs"),
    ):
        values = local if name != "p50" else remote
        few, many = values[f"{name}_{FEW_KEYS}"], values[f"{name}_{MANY_KEYS}"]
        ratios.append(many / few)
        print(f"| {label} | {few * scale:.0f} {unit} | {many * scale:.0f} {unit} | {many / few:.2f}x |")
    verdict = "meets" if max(ratios) <= TARGET_RATIO else "MISSES"
    print(f"\nworst ratio {max(ratios):.2f}x: {verdict} the target of <= {TARGET_RATIO}x.")


if __name__ == "__main__":
    main()
