"""Scoring verdicts against labelled scenarios: what ``loopwatch eval`` reports. Pure, no I/O.

The definitions are the shared scorer's (``shared/eval/README.md``), so a user's numbers and
the project's published ones mean the same thing:

- A *firing* is an intervening verdict (nudge, withdraw_tools, halt) at a 1-based step. Firings
  are ordered by step; those after the first ``withdraw_tools`` or ``halt`` are dropped: the run
  would have ended there.
- On a loop (``label.loop`` true, onset ``o``): *detected* when some firing is at a step >= o;
  *early alarm* when some firing is at a step < o (the agent was still healthy); *steps wasted*
  = first firing at or after o, minus o.
- On a healthy run: *flagged* (a false positive) when it has any firing; a nudge counts, it
  distracts the model. A flagged healthy run is *harmed* when one of its firings is a
  ``withdraw_tools`` or ``halt`` (it lost its tools or was stopped: the shared scorer's
  ``harmed``), else *nudged* (it only got nudges). flagged = nudged + harmed.
- recall = detected / loops; clean recall = loops detected without an early alarm / loops;
  false-alarm rate = (flagged + loops with an early alarm) / scenarios; nudged and harmed
  rates = nudged or harmed healthy runs / healthy runs; median and p90
  (nearest rank) of steps wasted over detected loops; recall per labelled kind (a loop counts
  once for every kind it lists, ``?`` when it lists none).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from loopwatch.scenario import Label
from loopwatch.verdict import Action, Verdict

_TERMINAL = frozenset({Action.WITHDRAW_TOOLS, Action.HALT})
# Percentile of steps wasted reported beside the median (as the shared scorer does).
_WASTED_PERCENTILE = 90
_UNKNOWN_KIND = "?"
_PERCENT = 100.0


@dataclass(frozen=True, slots=True, kw_only=True)
class Firing:
    """One intervening verdict, as scored: its step, action and detector."""

    step: int
    action: Action
    detector: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ScenarioScore:
    """How the verdicts on one labelled scenario score. Loop-only fields are None on healthy runs."""

    id: str
    label: Label
    firings: tuple[Firing, ...]  # after the cut at the first terminal firing
    detected: bool = False
    early: bool = False
    steps_wasted: int | None = None
    first_valid: Firing | None = None
    flagged: bool = False
    harmed: bool = False

    @property
    def nudged(self) -> bool:
        """A healthy run that got nudges only (no ``withdraw_tools`` or ``halt``)."""
        return self.flagged and not self.harmed

    @property
    def first(self) -> Firing | None:
        return self.firings[0] if self.firings else None

    @property
    def clean(self) -> bool:
        """A loop caught at or after its onset with no early alarm."""
        return self.detected and not self.early


@dataclass(frozen=True, slots=True, kw_only=True)
class KindRecall:
    detected: int
    total: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Summary:
    """Totals over a set of scored scenarios (ratios are None when their denominator is 0)."""

    scenarios: int
    loops: int
    detected: int
    clean: int
    non_loops: int
    flagged: int
    nudged: int
    harmed: int
    early_alarms: int
    recall: float | None
    clean_recall: float | None
    flagged_rate: float | None
    nudged_rate: float | None
    harmed_rate: float | None
    false_alarm_rate: float | None
    median_steps_wasted: float | None
    p90_steps_wasted: int | None
    by_kind: dict[str, KindRecall] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoredSet:
    """The scores of one set of scenarios (one path given to ``loopwatch eval``)."""

    name: str
    path: Path
    scores: tuple[ScenarioScore, ...]

    @property
    def summary(self) -> Summary:
        return summarise(self.scores)


def firings_of(verdicts: Iterable[Verdict]) -> tuple[Firing, ...]:
    """The scored firings of a run's verdicts: interventions by step, cut after the first
    terminal one (CONTINUE verdicts are ignored)."""
    ordered = sorted(
        (Firing(step=v.step, action=v.action, detector=v.detector) for v in verdicts if v.intervenes),
        key=lambda f: f.step,
    )
    for i, firing in enumerate(ordered):
        if firing.action in _TERMINAL:
            return tuple(ordered[: i + 1])
    return tuple(ordered)


def score_scenario(scenario_id: str, label: Label, verdicts: Iterable[Verdict]) -> ScenarioScore:
    """Score one scenario; ``label.loop`` must be True or False (unlabelled ones are not scored)."""
    if label.loop is None:
        raise ValueError(f"{scenario_id}: unlabelled (label.loop is null), cannot be scored")
    firings = firings_of(verdicts)
    if not label.loop:
        return ScenarioScore(
            id=scenario_id,
            label=label,
            firings=firings,
            flagged=bool(firings),
            harmed=any(f.action in _TERMINAL for f in firings),
        )
    onset = label.onset_step
    if onset is None:
        raise ValueError(f"{scenario_id}: label.onset_step is required for a loop")
    valid = [f for f in firings if f.step >= onset]
    return ScenarioScore(
        id=scenario_id,
        label=label,
        firings=firings,
        detected=bool(valid),
        early=any(f.step < onset for f in firings),
        steps_wasted=valid[0].step - onset if valid else None,
        first_valid=valid[0] if valid else None,
    )


def summarise(scores: Sequence[ScenarioScore]) -> Summary:
    """Totals, ratios and per-kind recall over ``scores`` (see the module docstring)."""
    loops = [s for s in scores if s.label.loop]
    healthy = [s for s in scores if not s.label.loop]
    detected = [s for s in loops if s.detected]
    flagged = sum(s.flagged for s in healthy)
    nudged = sum(s.nudged for s in healthy)
    harmed = sum(s.harmed for s in healthy)
    early = sum(s.early for s in loops)
    wasted = [s.steps_wasted for s in detected if s.steps_wasted is not None]
    by_kind: dict[str, list[int]] = {}
    for s in loops:
        for kind in s.label.kinds or (_UNKNOWN_KIND,):
            counts = by_kind.setdefault(kind, [0, 0])
            counts[0] += s.detected
            counts[1] += 1
    return Summary(
        scenarios=len(scores),
        loops=len(loops),
        detected=len(detected),
        clean=sum(s.clean for s in loops),
        non_loops=len(healthy),
        flagged=flagged,
        nudged=nudged,
        harmed=harmed,
        early_alarms=early,
        recall=_ratio(len(detected), len(loops)),
        clean_recall=_ratio(sum(s.clean for s in loops), len(loops)),
        flagged_rate=_ratio(flagged, len(healthy)),
        nudged_rate=_ratio(nudged, len(healthy)),
        harmed_rate=_ratio(harmed, len(healthy)),
        false_alarm_rate=_ratio(flagged + early, len(scores)),
        median_steps_wasted=statistics.median(wasted) if wasted else None,
        p90_steps_wasted=nearest_rank(wasted, _WASTED_PERCENTILE),
        by_kind={k: KindRecall(detected=d, total=t) for k, (d, t) in sorted(by_kind.items())},
    )


def nearest_rank(values: Sequence[int], percentile: float) -> int | None:
    """Nearest-rank percentile (0 < percentile <= 100); None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(percentile / 100.0 * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True, slots=True, kw_only=True)
class Limit:
    """An upper bound on healthy runs: a count, or a rate of the healthy runs (exactly one set).

    ``text`` is how the user wrote it, quoted back in failure messages."""

    text: str
    count: int | None = None
    rate: float | None = None

    @classmethod
    def parse(cls, text: str) -> Limit:
        """``N`` (an integer >= 0) is a count; ``X`` with a decimal point (0 <= X <= 1) or ``P%``
        (0 <= P <= 100) a rate. Raises ``ValueError`` saying what is accepted."""
        spelled = text.strip()
        try:
            if spelled.endswith("%"):
                rate = float(spelled[:-1]) / _PERCENT
            elif spelled.isdigit():
                return cls(text=spelled, count=int(spelled))
            else:
                rate = float(spelled)
        except ValueError:
            rate = math.nan
        if not 0.0 <= rate <= 1.0:
            raise ValueError(
                f"{text!r} is neither a count (an integer >= 0) nor a rate (0 to 1, or 0% to 100%)"
            )
        return cls(text=spelled, rate=rate)

    def exceeded(self, count: int, total: int) -> bool:
        """Whether ``count`` of ``total`` runs is over the limit (a rate of no runs never is)."""
        if self.count is not None:
            return count > self.count
        return total > 0 and self.rate is not None and count / total > self.rate


@dataclass(frozen=True, slots=True, kw_only=True)
class Thresholds:
    """A user's bar for CI: ``None`` means not checked."""

    min_clean_recall: float | None = None
    max_flagged: int | None = None
    max_harmed: Limit | None = None

    @property
    def any(self) -> bool:
        """Whether some threshold is checked."""
        return any(t is not None for t in (self.min_clean_recall, self.max_flagged, self.max_harmed))


def check(summary: Summary, thresholds: Thresholds) -> list[str]:
    """Each failed threshold as one sentence naming the measured value; empty when all pass."""
    failures: list[str] = []
    if thresholds.min_clean_recall is not None:
        if summary.clean_recall is None:
            failures.append("clean recall cannot be measured: no labelled loops among the scenarios")
        elif summary.clean_recall < thresholds.min_clean_recall:
            failures.append(
                f"clean recall {summary.clean_recall:.2f} ({summary.clean}/{summary.loops}) "
                f"is below --min-clean-recall {thresholds.min_clean_recall:g}"
            )
    if thresholds.max_flagged is not None and summary.flagged > thresholds.max_flagged:
        failures.append(
            f"{summary.flagged} of {summary.non_loops} healthy runs flagged, "
            f"more than --max-flagged {thresholds.max_flagged}"
        )
    limit = thresholds.max_harmed
    if limit is not None and limit.exceeded(summary.harmed, summary.non_loops):
        failures.append(
            f"{summary.harmed} of {summary.non_loops} healthy runs harmed "
            f"({summary.harmed_rate:.2f}), more than --max-harmed {limit.text}"
        )
    return failures


def _ratio(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None
