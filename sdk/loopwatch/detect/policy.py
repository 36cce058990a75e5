"""Escalation policy: findings in, one verdict out, per completed step.

The ladder is CONTINUE -> NUDGE -> WITHDRAW_TOOLS -> HALT, with the rules seen to work in the
field (OpenHands SDK, HolmesGPT, Gemini CLI, OpenClaw):

- One nudge per streak: a loop that continues after its nudge does not get the same message
  again; each further step of it counts as one ignored nudge.
- The ignored-nudge budget (default 2) is per run and never refilled: a loop that pauses for a
  step and comes back, or a second loop after the first, spends the same budget. When it is
  spent, the next loop finding withdraws the tools (force a final answer).
- A loop finding after the tools were withdrawn halts; so does a hard limit, at once. Every
  hard limit is a ``Severity.LIMIT`` finding decided here: the ``budget`` detector's (steps,
  calls, tokens, wall time per trace) and the conversation's step limit
  (``conversation_limit``, fed the conversation's step count by the caller, since only it
  sees the conversation's other traces).
- Soft findings (``Severity.NOTICE``: soft budgets) never intervene; they are exported.
- Where the caller knows a new user turn began (a coding CLI's next prompt, ``new_user_turn``),
  withdrawn tools come back and the calls named in nudges may run again; the spent budget and
  a halt stay, so a loop that resumes is withdrawn again at its next loop finding.

Delivery rules (a nudge goes after the last tool result of the batch, the repeated call still
runs, a halted batch gets nothing) are the SDK's side of the contract: this module only
decides.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from loopwatch.detect.session import PolicyState
from loopwatch.events import ToolCall
from loopwatch.verdict import Action, Finding, Severity, Verdict

_PREFIX = "[loopwatch]"
#: ``Finding.detector`` of the conversation step limit (no detector class: the policy decides it).
CONVERSATION_BUDGET = "conversation_budget"


@dataclass(frozen=True, slots=True, kw_only=True)
class PolicyConfig:
    """Escalation thresholds.

    ``ignored_nudges_before_withdraw``: loop steps tolerated after a nudge (over the whole run)
    before the tools are withdrawn. 0 withdraws at the first repeat after a nudge.
    """

    ignored_nudges_before_withdraw: int = 2
    #: A run halts once its conversation (``gen_ai.conversation.id``) reached this many steps
    #: across its traces; ``None`` = no limit (``budgets.conversation_max_steps``).
    conversation_max_steps: int | None = None

    def validate(self) -> None:
        if self.ignored_nudges_before_withdraw < 0:
            raise ValueError("policy.ignored_nudges_before_withdraw must be >= 0")
        if self.conversation_max_steps is not None and self.conversation_max_steps < 1:
            raise ValueError("policy.conversation_max_steps must be >= 1 or null (off)")


class Policy:
    """Turns a step's findings into a verdict; state lives in ``PolicyState``."""

    def __init__(self, config: PolicyConfig | None = None) -> None:
        self.config = config or PolicyConfig()
        self.config.validate()

    def decide(self, state: PolicyState, step: int, findings: list[Finding]) -> Verdict:
        """The verdict after ``step`` given the findings its completion produced."""
        if state.halted:
            return Verdict(action=Action.HALT, step=step, message=f"{_PREFIX} this run was halted.")
        if not findings:  # most steps
            return continue_at(step)
        limit = next((f for f in findings if f.severity is Severity.LIMIT), None)
        if limit is not None:
            return self._halt(state, step, limit)
        loop = next((f for f in findings if f.severity is Severity.LOOP), None)
        if loop is None:
            return continue_at(step)
        if state.withdrawn:
            return self._halt(state, step, loop)
        if self._was_nudged(state, loop):
            state.ignored_nudges += 1
            if state.ignored_nudges >= self.config.ignored_nudges_before_withdraw:
                return self._withdraw(state, step, loop)
            return Verdict(action=Action.CONTINUE, step=step, finding=loop)
        if state.nudges and state.ignored_nudges >= self.config.ignored_nudges_before_withdraw:
            return self._withdraw(state, step, loop)
        state.nudges += 1
        state.nudged_keys.append(loop.key)
        if loop.call_fingerprint is not None:
            state.nudged_calls.append(loop.call_fingerprint)
        return Verdict(action=Action.NUDGE, step=step, finding=loop, message=nudge_message(loop))

    def before_tool_call(self, state: PolicyState, step: int, call: ToolCall) -> Verdict:
        """Checkpoint before a call runs: stop it when the run is already past its warnings.

        Halts when the tools were withdrawn (the model should be answering, not calling), or
        when the call repeats a nudged call after the ignored-nudge budget is spent.
        """
        if state.halted or state.withdrawn:
            state.halted = True
            return Verdict(
                action=Action.HALT,
                step=step,
                message=f"{_PREFIX} a tool was called after the tools were withdrawn.",
            )
        spent = state.ignored_nudges >= self.config.ignored_nudges_before_withdraw
        repeated = call.fingerprint in state.nudged_calls
        if spent and state.nudges and repeated:
            state.halted = True
            return Verdict(
                action=Action.HALT,
                step=step,
                message=f"{_PREFIX} {call.name} was called again after the loop warnings.",
            )
        return continue_at(step)

    def conversation_limit(self, state: PolicyState, step: int, conversation_steps: int) -> Verdict | None:
        """HALT when the conversation reached ``conversation_max_steps`` steps; else ``None``.

        ``None`` too once the run is halted (its HALT was already issued).
        """
        limit = self.config.conversation_max_steps
        if limit is None or conversation_steps < limit or state.halted:
            return None
        finding = Finding(
            detector=CONVERSATION_BUDGET,
            key=f"{CONVERSATION_BUDGET}:steps",
            summary=f"the conversation took {conversation_steps} steps, reaching its hard limit of {limit}",
            count=conversation_steps,
            first_step=1,
            last_step=step,
            severity=Severity.LIMIT,
        )
        return self._halt(state, step, finding)

    @staticmethod
    def _was_nudged(state: PolicyState, finding: Finding) -> bool:
        if finding.key in state.nudged_keys:
            return True
        return finding.call_fingerprint is not None and finding.call_fingerprint in state.nudged_calls

    @staticmethod
    def _withdraw(state: PolicyState, step: int, finding: Finding) -> Verdict:
        state.withdrawn = True
        message = (
            f"{_PREFIX} The automatic loop guard warned earlier and the repetition went on: "
            f"{finding.summary}. Tools are withdrawn for your next response. Give your final "
            "answer now: what you found, what you changed, and what is still unknown."
        )
        return Verdict(action=Action.WITHDRAW_TOOLS, step=step, finding=finding, message=message)

    @staticmethod
    def _halt(state: PolicyState, step: int, finding: Finding) -> Verdict:
        state.halted = True
        message = f"{_PREFIX} run halted by the loop guard: {finding.summary}."
        return Verdict(action=Action.HALT, step=step, finding=finding, message=message)


def new_user_turn(state: PolicyState) -> None:
    """The user answered: tools withdrawn "for your next response" come back, and the calls the
    last turn's nudges named are no longer denied or halted before they run (the user may have
    fixed what made them fail). The ignored-nudge budget stays spent and a halt stays.

    Only for callers that know a user turn from history: an OTLP span re-sends the user's
    message with every model call, so the engine does not call this on each ``UserMessage``;
    the collector's hook receiver does, on a CLI's prompt hook.
    """
    state.withdrawn = False
    state.nudged_calls.clear()


def nudge_message(finding: Finding) -> str:
    """An honest, actionable nudge: who is speaking, what repeats, and two ways out."""
    parts = [f"{_PREFIX} An automatic loop guard (not the user) noticed that {finding.summary}."]
    if finding.last_result_preview:
        parts.append(f'The last result was: "{finding.last_result_preview}".')
    parts.append(
        "Repeating it is unlikely to give a different answer. Either take a materially "
        "different action (another tool, other arguments, another approach), or stop and give "
        "your final answer now, stating what you found and what remains unknown."
    )
    return " ".join(parts)


@functools.lru_cache(maxsize=4096)
def continue_at(step: int) -> Verdict:
    """CONTINUE after ``step``, the verdict of most steps: immutable, so built once per step
    number and shared (sessions overlap in step numbers; building one is most of ``decide``)."""
    return Verdict(action=Action.CONTINUE, step=step)
