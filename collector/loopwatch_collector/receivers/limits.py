"""Transport limits shared by the OTLP receivers, and the memory they let ingest take."""

from __future__ import annotations

# OTLP: "the server MUST enforce a limit, applied after decompression; 64 MiB is RECOMMENDED".
MAX_REQUEST_BYTES = 64 * 1024 * 1024

# Peak memory per byte of OTLP protobuf, measured (bench spans: GenAI tool spans of ~280 bytes
# with five attributes; 5, 16 and 32 MiB requests, VmHWM before and after, linear): the ingest
# worker grew 14.2x the request (parsed protobuf, span views, mapped events and their pickles,
# all alive at once), the collector process 5.5x (the body, the pickled result, the events
# being ingested). Rounded up for smaller spans, whose fixed per-span cost weighs more.
WORKER_BYTES_PER_REQUEST_BYTE = 16
COLLECTOR_BYTES_PER_REQUEST_BYTE = 6
# Resident memory of an idle collector and its worker (measured 71 MiB + 63 MiB), rounded up.
BASE_BYTES = 160 * 1024 * 1024


def ingest_memory_bound(*, max_request_bytes: int, max_in_flight_bytes: int) -> int:
    """Bytes the collector's processes may reach while ingesting at its limits: the worker
    decodes one request at a time (at most ``max_request_bytes``), and the collector holds at
    most ``max_in_flight_bytes`` of bodies queued or being ingested (or one request admitted
    alone, which may be larger). Session memory (``sessions.max_bytes``, in-memory
    store only) comes on top. Size a container's memory limit at least this."""
    held = max(max_in_flight_bytes, max_request_bytes)
    return (
        BASE_BYTES
        + WORKER_BYTES_PER_REQUEST_BYTE * max_request_bytes
        + COLLECTOR_BYTES_PER_REQUEST_BYTE * held
    )
