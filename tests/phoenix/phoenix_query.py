"""Print one trace's spans as Phoenix stores them, read with Phoenix's own Python client.

Runs in the Phoenix virtualenv (``make phoenix`` builds it), not the main one::

    .phoenix/bin/python tests/phoenix/phoenix_query.py BASE_URL PROJECT TRACE_ID

Prints a JSON list of ``{name, span_id, trace_id, parent_id, span_kind, attributes}``.
"""

from __future__ import annotations

import json
import sys

from phoenix.client import Client

# A looping agent's run is a few dozen spans; the verdicts are three of them.
MAX_SPANS = 500


def main(argv: list[str]) -> int:
    base_url, project, trace_id = argv
    spans = Client(base_url=base_url).spans.get_spans(
        project_identifier=project, trace_ids=[trace_id], limit=MAX_SPANS
    )
    found = [
        {
            "name": span["name"],
            "span_id": span["context"]["span_id"],
            "trace_id": span["context"]["trace_id"],
            "parent_id": span.get("parent_id"),
            "span_kind": span["span_kind"],
            "attributes": dict(span.get("attributes") or {}),
        }
        for span in spans
    ]
    json.dump(found, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
