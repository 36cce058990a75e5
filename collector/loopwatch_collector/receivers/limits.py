"""Transport limits shared by the OTLP receivers."""

from __future__ import annotations

# OTLP: "the server MUST enforce a limit, applied after decompression; 64 MiB is RECOMMENDED".
MAX_REQUEST_BYTES = 64 * 1024 * 1024
