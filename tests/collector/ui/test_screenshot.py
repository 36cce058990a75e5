"""The README's picture of the session page, made here in headless Chromium.

A research agent that searches the same thing again and again is sent to a real collector; the
session page for it is captured at a fixed viewport. With ``LOOPWATCH_REFRESH_SCREENSHOT=1``
(``make screenshot``) the capture replaces ``docs/images/session-page.png``; otherwise the test
checks that the committed picture is a real screenshot of the page (a PNG of that size, not
blank), so the README never shows a placeholder.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from google.protobuf import json_format

from loopwatch import wire
from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.wire import pb
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.ui.headless_chromium import Browser, read_png
from tests.collector.ui.test_session_page import session_url

PICTURE = Path(__file__).resolve().parents[3] / "docs" / "images" / "session-page.png"
WIDTH, HEIGHT = 1280, 900
TRACE = f"{4242:032x}"
QUERY = {"query": "median household income Tallinn 2021"}
RESULTS = (
    "1. Tallinn - Statistics Estonia (stat.ee/en/find-statistics): household income by county\n"
    "2. Tallinn in figures 2021 (tallinn.ee/en/statistics): population, employment, wages\n"
    "3. Household income in Estonia - Wikipedia (en.wikipedia.org/wiki/Estonia)"
)


def search_step(i: int) -> list[Event]:
    call = ToolCall.create(id=f"call_{i}", name="web_search", arguments=QUERY)
    text = "Let me search for the median household income of Tallinn in 2021 again."
    return [
        Step.create(event_id=f"step:call_{i}", text=text, tool_calls=(call,)),
        ToolResult.create(event_id=f"result:call_{i}", call_id=f"call_{i}", content=RESULTS),
    ]


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector() as running:
        with httpx.Client(base_url=running.endpoints.http_url, timeout=10) as http:
            for i in range(6):
                request = pb.EvaluateRequest(
                    trace_id=TRACE, agent="research-agent", events=wire.events_to_proto(search_step(i))
                )
                body = json_format.MessageToDict(request, preserving_proto_field_name=True)
                assert http.post("/v1/evaluate", json=body).status_code == 200
        yield running


def test_the_session_page_picture_is_a_screenshot_of_a_looping_session(
    collector: RunningCollector, tmp_path: Path
) -> None:
    with Browser.start(tmp_path) as browser:
        page = browser.new_page(width=WIDTH, height=HEIGHT)
        page.goto(session_url(collector.endpoints.http_url, TRACE))
        page.wait_for("document.querySelectorAll('#verdicts tbody tr').length >= 2", what="the verdicts")
        shot = page.screenshot("session-page")
    taken = read_png(shot)
    assert (taken.width, taken.height) == (WIDTH, HEIGHT)
    assert taken.distinct_colours() > 8, f"blank screenshot: {shot}"
    if os.environ.get("LOOPWATCH_REFRESH_SCREENSHOT") == "1":
        PICTURE.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, PICTURE)
    committed = read_png(PICTURE)
    assert (committed.width, committed.height) == (WIDTH, HEIGHT), "make screenshot refreshes it"
    assert committed.distinct_colours() > 8, "docs/images/session-page.png is blank: make screenshot"
