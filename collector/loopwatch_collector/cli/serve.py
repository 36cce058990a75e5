"""``loopwatch serve``: run the collector until SIGTERM / SIGINT.

Configuration: ``--config`` (or ``LOOPWATCH_CONFIG``), ``LOOPWATCH_*`` variables, then these
flags, highest precedence last (see ``config.py``). ``--ready-file PATH`` writes the bound
ports as JSON (``{"host", "grpc_port", "http_port", "otlp_http_port"}``) atomically once every
listener serves, so tests and supervisors can start it with port 0.

Exit status 2 for what the operator must fix before starting: a configuration problem (every
one listed) or a port already in use (named, with the flag and variable that move it).

Shutdown on SIGTERM/SIGINT: gRPC health NOT_SERVING, ``server.stop(grace)``, HTTP drained,
store flushed; exit status 0. Logs are one ``key=value`` line per record on stderr, quiet
(WARNING) by default.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any

from loopwatch_collector import environment_variables as env
from loopwatch_collector.cli.exit_status import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK
from loopwatch_collector.collector import Collector
from loopwatch_collector.config import ListenConfig, load_config
from loopwatch_collector.exceptions import ConfigError, ListenError
from loopwatch_collector.receivers.offload import WorkerUnavailableError

logger = logging.getLogger(__name__)

# The event loop serving verdicts shares the GIL with gRPC's poller and the ingest worker's
# pipe threads; at Python's default 5 ms a verdict could wait that long for the GIL.
_SWITCH_INTERVAL_S = 0.0005
_LOG_FORMAT = 'ts=%(asctime)s level=%(levelname)s logger=%(name)s msg="%(message)s"'


# flag, ``listen`` key, variable, what it sets: the help shows each flag's default and variable.
_LISTEN_FLAGS = (
    ("--host", "host", env.LOOPWATCH_HOST, "bind address of every listener"),
    ("--grpc-port", "grpc_port", env.LOOPWATCH_GRPC_PORT, "gRPC port: OTLP, LoopGuard"),
    ("--http-port", "http_port", env.LOOPWATCH_HTTP_PORT, "REST API, /metrics and /ui port"),
    ("--otlp-http-port", "otlp_http_port", env.LOOPWATCH_OTLP_HTTP_PORT, "OTLP/HTTP port"),
)


def add_serve_parser(sub: Any) -> None:
    """Register the ``serve`` subcommand on an ``argparse`` subparsers object."""
    flag_variables = {env.LOOPWATCH_CONFIG, env.LOOPWATCH_INSECURE, *(v for _, _, v, _ in _LISTEN_FLAGS)}
    others = ", ".join(name for name in env.ALL if name not in flag_variables)
    sp = sub.add_parser(
        "serve",
        help="run the collector (OTLP in, verdicts and metrics out)",
        description="Run the collector until SIGTERM or SIGINT.",
        epilog=(
            f"Precedence: flags, then LOOPWATCH_* variables, then the YAML file, then defaults. "
            f"Settings without a flag come from the file or from {others}."
        ),
    )
    sp.add_argument(
        "--config",
        type=Path,
        default=None,
        help=f"YAML configuration file (default: none; env {env.LOOPWATCH_CONFIG})",
    )
    for flag, key, variable, what in _LISTEN_FLAGS:
        default = ListenConfig.model_fields[key].default
        kind, any_port = (str, "") if key == "host" else (int, ", 0 = any free port")
        sp.add_argument(
            flag, type=kind, default=None, help=f"{what} (default: {default}{any_port}; env {variable})"
        )
    sp.add_argument(
        "--insecure",
        action="store_true",
        default=None,
        help=(
            "serve a non-loopback --host without API keys (default: refuse; "
            f"env {env.LOOPWATCH_INSECURE}; see SECURITY.md)"
        ),
    )
    sp.add_argument(
        "--ready-file", type=Path, default=None, help="write the bound ports here as JSON once serving"
    )


def serve(args: argparse.Namespace) -> int:
    """Run the collector from parsed arguments; returns the exit status."""
    listen = {
        key: value
        for key, value in (
            ("host", args.host),
            ("grpc_port", args.grpc_port),
            ("http_port", args.http_port),
            ("otlp_http_port", args.otlp_http_port),
            ("insecure", args.insecure),
        )
        if value is not None
    }
    try:
        config = load_config(args.config, overrides={"listen": listen} if listen else None)
        collector = Collector(config)  # builds the store: backend options are checked here
    except ConfigError as exc:
        print(f"loopwatch serve: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    logging.basicConfig(level=config.log_level, format=_LOG_FORMAT, stream=sys.stderr)
    sys.setswitchinterval(_SWITCH_INTERVAL_S)
    try:
        asyncio.run(_run(collector, args.ready_file))
    except ListenError as exc:  # a port in use: one line naming it, no traceback
        print(f"loopwatch serve: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except WorkerUnavailableError as exc:  # the ingest worker died starting: one line too
        print(f"loopwatch serve: the OTLP ingest worker did not start ({exc})", file=sys.stderr)
        return EXIT_FAILED
    except OSError as exc:
        print(f"loopwatch serve: {exc}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


async def _run(collector: Collector, ready_file: Path | None) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    loop.add_signal_handler(signal.SIGHUP, collector.reload_tls)  # new TLS files, no restart
    try:
        endpoints = await collector.start()
        # Everything built so far (modules, protobuf descriptors, the app) lives as long as the
        # process: out of the collector's way, full collections no longer walk it, so their
        # pauses of the verdict-serving loop grow with live sessions only.
        gc.freeze()
        if ready_file is not None:
            _write_atomically(ready_file, json.dumps(endpoints.as_json()))
        # One line even at the quiet default level: where to point agents and Prometheus.
        print(
            f"loopwatch collector serving: gRPC {endpoints.grpc_target} (OTLP, LoopGuard), "
            f"REST+metrics {endpoints.http_url}, OTLP/HTTP {endpoints.otlp_http_url}",
            file=sys.stderr,
            flush=True,
        )
        await stop.wait()
        logger.info("loopwatch collector stopping")
    finally:
        await collector.shutdown()


def _write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
