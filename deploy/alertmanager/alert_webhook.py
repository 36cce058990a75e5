"""An example Alertmanager webhook receiver: prints each alert with its link to the session page.

Alertmanager POSTs a JSON body (webhook payload version 4) with the group's alerts; each loopwatch
alert carries ``summary``, ``description`` and, for per-agent alerts, ``session_list`` (the
collector's ``/ui?agent=...&state=...``). This receiver prints one line per alert on stdout,
which is where a real integration would post to chat or open an incident instead. Standard
library only, so it runs in any Python 3.11+ image::

    python alert_webhook.py --host 0.0.0.0 --port 9095
"""

from __future__ import annotations

import argparse
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

# A webhook body holds at most the receiver's max_alerts alerts; far below this bound.
MAX_BODY_BYTES = 1024 * 1024


def format_alert(alert: dict[str, Any]) -> str:
    """One line: status, alert name, agent, summary, and the session page link when present."""
    labels = alert.get("labels", {})
    annotations = alert.get("annotations", {})
    parts = [
        str(alert.get("status", "?")).upper(),
        str(labels.get("alertname", "?")),
        f"agent={labels['agent']}" if "agent" in labels else "",
        str(annotations.get("summary", "")),
        f"-> {annotations['session_list']}" if annotations.get("session_list") else "",
    ]
    return " | ".join(part for part in parts if part)


class _Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        if length > MAX_BODY_BYTES:
            self.send_error(413, "body too large")
            return
        try:
            body = json.loads(self.rfile.read(length))
            alerts = body["alerts"]
        except (ValueError, KeyError, TypeError) as exc:
            self.send_error(400, f"not an Alertmanager webhook body: {exc}")
            return
        for alert in alerts:
            print(format_alert(alert), flush=True)
        self.send_response(200)
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        """Quiet: the alerts are the output, not the access log."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Print Alertmanager webhook alerts with their session links."
    )
    parser.add_argument("--host", default="127.0.0.1", help="bind address (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=9095, help="port (default 9095; 0 = any free port)")
    args = parser.parse_args(argv)
    server = ThreadingHTTPServer((args.host, args.port), _Handler)
    print(f"alert webhook listening on {args.host}:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
