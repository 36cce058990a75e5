"""``loopwatch serve``: run the collector until SIGTERM / SIGINT.

Configuration: ``--config`` (or ``LOOPWATCH_CONFIG``), ``LOOPWATCH_*`` variables, then these
flags, highest precedence last (see ``config.py``). ``--ready-file PATH`` writes the bound
ports as JSON (``{"host", "grpc_port", "http_port", "otlp_http_port"}``) atomically once every
listener serves, so tests and supervisors can start it with port 0.

Shutdown on SIGTERM/SIGINT: gRPC health NOT_SERVING, ``server.stop(grace)``, HTTP drained,
store flushed; exit status 0. Logs are one ``key=value`` line per record on stderr, quiet
(WARNING) by default.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any

from loopwatch_collector.collector import Collector
from loopwatch_collector.config import load_config
from loopwatch_collector.exceptions import ConfigError

logger = logging.getLogger(__name__)

_LOG_FORMAT = 'ts=%(asctime)s level=%(levelname)s logger=%(name)s msg="%(message)s"'


def add_serve_parser(sub: Any) -> None:
    """Register the ``serve`` subcommand on an ``argparse`` subparsers object."""
    sp = sub.add_parser("serve", help="run the collector (OTLP in, verdicts and metrics out)")
    sp.add_argument("--config", type=Path, default=None, help="YAML configuration file")
    sp.add_argument("--host", default=None, help="bind address of every listener")
    sp.add_argument("--grpc-port", type=int, default=None, help="gRPC port (0: any free port)")
    sp.add_argument("--http-port", type=int, default=None, help="REST/metrics port (0: any free port)")
    sp.add_argument("--otlp-http-port", type=int, default=None, help="OTLP/HTTP port (0: any free port)")
    sp.add_argument("--ready-file", type=Path, default=None, help="write the bound ports here as JSON")


def serve(args: argparse.Namespace) -> int:
    """Run the collector from parsed arguments; returns the exit status."""
    listen = {
        key: value
        for key, value in (
            ("host", args.host),
            ("grpc_port", args.grpc_port),
            ("http_port", args.http_port),
            ("otlp_http_port", args.otlp_http_port),
        )
        if value is not None
    }
    try:
        config = load_config(args.config, overrides={"listen": listen} if listen else None)
        collector = Collector(config)  # builds the store: backend options are checked here
    except ConfigError as exc:
        print(f"loopwatch serve: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=config.log_level, format=_LOG_FORMAT, stream=sys.stderr)
    try:
        asyncio.run(_run(collector, args.ready_file))
    except OSError as exc:
        print(f"loopwatch serve: {exc}", file=sys.stderr)
        return 1
    return 0


async def _run(collector: Collector, ready_file: Path | None) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    try:
        endpoints = await collector.start()
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
