"""What a session is doing now, for the session page: ``live``, ``idle`` or ``ended``.

The collector never sees a run "end" (an agent just stops sending), so the page reads it from
what it has: a halted run or one whose last step answered without calling a tool has ended; a
run that sent nothing for ``IDLE_AFTER_S`` is idle; anything else is live. Called by the REST
views on the event loop; pure, never raises.
"""

from __future__ import annotations

import json
from typing import Literal

from loopwatch.verdict import Verdict, strongest
from loopwatch_collector.store import timeline as stored
from loopwatch_collector.store.base import SessionRecord

__all__ = ["IDLE_AFTER_S", "Activity", "activity_of", "strongest_verdict_of"]

Activity = Literal["live", "idle", "ended"]

# An agent between two steps waits for its model: seconds, rarely a minute. Past a minute
# without an event the page stops calling the run live.
IDLE_AFTER_S = 60.0


def activity_of(record: SessionRecord, now_unix_s: float) -> Activity:
    """``ended`` (halted, or the last step answered with no tool call and no step is open),
    ``idle`` (no event for ``IDLE_AFTER_S``), else ``live``."""
    if record.state.policy.halted or (record.state.open_step is None and _answered(record)):
        return "ended"
    if now_unix_s - record.last_seen_unix_s >= IDLE_AFTER_S:
        return "idle"
    return "live"


def strongest_verdict_of(record: SessionRecord) -> Verdict | None:
    """The strongest verdict the run was given so far (the latest among equals): a run nudged,
    then stripped of its tools and then let go on shows ``withdraw_tools``, not ``continue``."""
    return strongest(record.verdicts) or record.last_verdict


def _answered(record: SessionRecord) -> bool:
    if not record.timeline.steps:
        return False
    last = json.loads(record.timeline.steps[-1])
    # Without the timeline the step log may hold only the export's first steps: not the last.
    return last[stored.STEP_NUMBER] == record.steps and not last[stored.STEP_CALLS]
