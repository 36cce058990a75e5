"""``loopwatch export --from URL TRACE_ID [-o FILE]``: a live session as an unlabelled scenario.

Fetches ``GET {URL}/v1/sessions/{TRACE_ID}/scenario`` from a collector's REST port and writes the
scenario (pretty JSON) to ``FILE`` or stdout; label it and it joins the corpus ``loopwatch eval``
scores. Exit status 0; 1 when the collector answers with an error (its message on stderr, e.g.
no such live session, or the step log switched off) or cannot be reached.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from loopwatch_collector.cli.exit_status import EXIT_FAILED, EXIT_OK

# A scenario is at most the step log's bound (tens of KB); a slow collector is not worth waiting on.
_TIMEOUT_S = 30.0


def add_export_parser(sub: Any) -> None:
    """Register the ``export`` subcommand on an ``argparse`` subparsers object."""
    xp = sub.add_parser("export", help="write a collector's live session as an unlabelled scenario")
    xp.add_argument(
        "--from", dest="url", required=True, help="collector REST URL, e.g. http://localhost:8080"
    )
    xp.add_argument("trace_id", help="the session's trace id")
    xp.add_argument("-o", "--output", type=Path, default=None, help="scenario file (default: stdout)")


def run_export(args: argparse.Namespace) -> int:
    """Run ``loopwatch export`` from parsed arguments; returns the exit status."""
    url = f"{args.url.rstrip('/')}/v1/sessions/{urllib.parse.quote(args.trace_id, safe='')}/scenario"
    try:
        with urllib.request.urlopen(url, timeout=_TIMEOUT_S) as response:
            scenario = json.loads(response.read())
    except urllib.error.HTTPError as exc:
        print(f"loopwatch export: {url}: HTTP {exc.code}: {_detail(exc)}", file=sys.stderr)
        return EXIT_FAILED
    except (urllib.error.URLError, OSError, ValueError) as exc:
        print(f"loopwatch export: {url}: {exc}", file=sys.stderr)
        return EXIT_FAILED
    text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
    if args.output is None:
        sys.stdout.write(text)
    else:
        args.output.write_text(text, encoding="utf-8")
    return EXIT_OK


def _detail(error: urllib.error.HTTPError) -> str:
    """The ``detail`` of a FastAPI error body, else the raw body."""
    body = error.read().decode("utf-8", "replace")
    try:
        return str(json.loads(body)["detail"])
    except (ValueError, KeyError, TypeError):
        return body or str(error.reason)
