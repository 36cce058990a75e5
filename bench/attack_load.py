"""Load an attacker process generates against a collector, bounded in count and in seconds.

Used by ``bench_noisy_neighbour``: each function runs until ``stop`` is set or ``ATTACK_MAX_S``
passed, and returns a one-line report of what it did (for the benchmark's table).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from multiprocessing.synchronize import Event as EventType
from typing import Any

import grpc

RAMP_S = 3.0  # an attack builds up this long before A is measured
ATTACK_MAX_S = 60.0  # an attack process stops by itself after this, whatever happens
STREAMS = 2000
STREAMS_PER_CHANNEL = 100  # below the server's 256 concurrent streams per connection
REOPEN_PAUSE_S = 0.05  # a closed attack connection is re-opened after this (bounds the spin)


async def hold_streams(open_stream: Callable[[grpc.aio.Channel], Any], target: str, stop: EventType) -> str:
    """``STREAMS`` streams opened by ``open_stream`` on ``target`` and held; counts those refused."""
    channels = [
        grpc.aio.insecure_channel(target, options=[("grpc.use_local_subchannel_pool", 1)])
        for _ in range(-(-STREAMS // STREAMS_PER_CHANNEL))
    ]
    calls = [open_stream(channels[i // STREAMS_PER_CHANNEL]) for i in range(STREAMS)]
    await wait(stop, RAMP_S)
    refused = sum(call.done() for call in calls)  # ended: refused (nothing else ends them)
    await wait(stop, ATTACK_MAX_S)
    held = sum(not call.done() for call in calls)
    for call in calls:
        call.cancel()
    for channel in channels:
        await channel.close(None)
    return f"{STREAMS} streams opened: {refused} refused within {RAMP_S:.0f} s, {held} still open at the end"


async def wait(stop: EventType, seconds: float) -> None:
    """Sleep ``seconds`` or until ``stop``."""
    until = time.monotonic() + seconds
    while not stop.is_set() and time.monotonic() < until:
        await asyncio.sleep(0.05)


async def hold_connections(
    host_ports: list[tuple[str, int]], first_bytes: bytes, connections: int, stop: EventType
) -> str:
    """``connections`` connections that send ``first_bytes`` and nothing more, re-opened when
    closed (after ``REOPEN_PAUSE_S``)."""
    opened = closed = 0

    async def one(host: str, port: int) -> None:
        nonlocal opened, closed
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection(host, port)
                opened += 1
                writer.write(first_bytes)
                while not stop.is_set() and await reader.read(4096):
                    pass
                writer.close()
            except OSError:
                pass
            closed += 1
            await asyncio.sleep(REOPEN_PAUSE_S)

    tasks = [asyncio.create_task(one(*host_ports[i % len(host_ports)])) for i in range(connections)]
    await wait(stop, ATTACK_MAX_S)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return f"{len(tasks)} connections kept open: {opened} opened, {closed} closed or refused"


def in_threads(work: Callable[[], str | None], clients: int, stop: EventType) -> str:
    """``work`` called back to back by ``clients`` threads until ``stop``; its outcomes counted."""
    outcomes: dict[str, int] = {}
    lock = threading.Lock()
    until = time.monotonic() + ATTACK_MAX_S

    def loop() -> None:
        while not stop.is_set() and time.monotonic() < until:
            outcome = work() or "ok"
            with lock:
                outcomes[outcome] = outcomes.get(outcome, 0) + 1

    threads = [threading.Thread(target=loop) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return ", ".join(f"{count} {outcome}" for outcome, count in sorted(outcomes.items()))
