"""Write ``corpus/heldout-blind5/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (loop patterns and false-positive traps users report), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind4.py``, the docstring of
``corpus/generate_heldout_blind4.py`` (for the layout and the onset conventions, which this set reuses),
and three real transcripts under ``/work/shared/corpus/real-agents/`` (a tau2 airline session, a Claude
Code session and an OpenHands session; for tool names and result shapes only). No detector, collector,
scorer, evaluation, documentation or other corpus set or generator was read, and loopwatch was never
run on this set. Labels come from the author's judgement by SCHEMA.md's rules.

The agents deliberately differ from a typical SWE-agent: research/browsing agents, shopping and
form-filling browser agents, data-analysis agents with Python/SQL sandboxes, customer-service agents
with booking/refund/CRM tools, multi-agent managers, Codex-CLI / Gemini-CLI / Claude-Code-style terminal
agents, MCP tool agents (GitHub, Jira, Slack, filesystem, debugger), spreadsheet and calendar
assistants. Some failures are reported only in the result content (``is_error`` false).

Run
---
    python corpus/generate_heldout_blind5.py [--out corpus/heldout-blind5]

Deterministic: every scenario has its own ``random.Random`` seeded with its id (a fixed string);
there is no wall clock and no ``hash()``; files are written in a stable order as ``json.dumps(indent=2,
ensure_ascii=False)`` plus a newline. The builders live in ``corpus/blind5gen/`` (one module per
family group); ``blind5gen.builder.Trace`` counts steps as it emits events, so every onset is a step
number the builder got back from its own events, never typed by hand.

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
Reused from blind4:

- Byte-identical call with an identical, fruitless result (``identical_call``): the step issuing the
  3rd identical call (one re-check is defensible; a third is not).
- Failure streaks and schema-misuse retries (``error_streak``): the step whose call yields the 4th
  failure of the same kind (two or three failed attempts before changing approach is healthy).
  Steps that only think, sleep, or call another tool between attempts do not reset the count.
- Varied arguments with no new results (``same_tool``: paraphrased searches, page=1 variants, case,
  quoting or path variants, reordered keys) and restated intent (``narration``): the step of the 4th
  attempt at the same thing (the original plus three retries or rephrasings that bring nothing new).
- Re-delegation of one task to a sub-agent (labelled ``same_tool``): the 3rd delegation, i.e. the
  first re-delegation after two reports that already agree (however the figures are phrased).
- Cycles (``alternation``, period 2 to 4): the step that visits the first state of the cycle for the
  third time (A B A B [A]; A B C A B C [A]; A B C D A B C D [A]).
- ``degenerate_text``: the step whose reply collapses into repetition.

Added for this set:

- Several kinds in one scenario: the onset is the earliest step at which any of its conventions is
  met (the notes say which).
- A flag toggled back and forth (same tool, two argument states, results repeating): labelled
  ``same_tool`` + ``alternation``; by the rule above, the 4th toggle.
- Canonically identical calls (keys reordered) count as identical calls.
- A parallel batch repeated exactly in consecutive turns counts as one repeated call per turn, so the
  3rd identical batch is the onset.
- A command re-run after edits (tests): identical calls are counted from the last edit (earlier runs
  with different results, separated by edits, are progress).
- Loops inside a later user turn: counts start at that turn's user message; repetitions in an earlier
  turn, or a re-read at the start of a new turn, do not count.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from blind5gen import (
    healthy_batch,
    healthy_long,
    healthy_misc,
    healthy_poll,
    loops_cycles,
    loops_errors,
    loops_mixed,
    loops_repeat,
    loops_semantic,
)
from blind5gen.builder import Builder, Scenario

BUILDERS: list[Builder] = [
    # the same call again after an empty / unhelpful result
    loops_repeat.research_empty_search_identical,
    loops_repeat.jira_identical_get_issue,
    loops_repeat.sql_identical_empty_query,
    loops_repeat.browser_scroll_at_bottom,
    loops_repeat.calendar_freebusy_identical,
    # the same tool with trivially varied arguments
    loops_repeat.crm_name_variants,
    loops_repeat.fs_path_variants,
    loops_repeat.http_page_one_variants,
    loops_repeat.gemini_reordered_keys,
    loops_repeat.shop_filter_toggle,
    # failure streaks under changing inputs
    loops_errors.pandas_wrong_column_streak,
    loops_errors.bigquery_date_format_streak,
    loops_errors.codex_missing_module_streak,
    loops_errors.rate_limit_never_clears,
    loops_errors.slack_token_expired_streak,
    loops_errors.codex_apply_patch_mismatch,
    loops_errors.github_repo_guess_404,
    loops_errors.browser_phone_validation_streak,
    # schema misuse
    loops_errors.hotel_schema_misuse,
    loops_errors.manager_delegate_schema_misuse,
    # paraphrased searches
    loops_semantic.paraphrased_search_overlap,
    loops_semantic.support_kb_paraphrase,
    # re-delegation
    loops_semantic.redelegate_short_reports,
    loops_semantic.redelegate_units,
    # restated intent
    loops_semantic.narration_check_order_short,
    loops_semantic.narration_long_spreadsheet,
    loops_semantic.narration_without_tools,
    # cycles and undo/redo
    loops_cycles.browser_tab_pingpong,
    loops_cycles.shop_three_page_cycle,
    loops_cycles.claude_undo_redo_edit,
    loops_cycles.codex_patch_test_revert_cycle,
    loops_cycles.assistant_mail_calendar_pingpong,
    loops_cycles.calendar_reschedule_pingpong,
    # degenerate text
    loops_mixed.degenerate_final_report,
    loops_mixed.degenerate_between_tools,
    loops_mixed.degenerate_reconsider_no_tools,
    # mixtures: after a productive phase, in a later turn, repeated batches
    loops_mixed.productive_then_identical_tests,
    loops_mixed.airline_second_turn_loop,
    loops_mixed.manager_second_turn_redelegation,
    loops_mixed.gemini_repeated_parallel_batch,
    # healthy: polling, streaming reads, transient retries
    healthy_poll.ci_poll_changing,
    healthy_poll.deploy_poll_identical_pending,
    healthy_poll.export_long_poll,
    healthy_poll.manager_polls_subagent,
    healthy_poll.codex_stream_build_output,
    healthy_poll.research_retry_503_success,
    healthy_poll.github_429_backoff_success,
    healthy_poll.refund_retry_then_human,
    healthy_poll.restaurant_retry_switch,
    healthy_poll.sql_timeout_retry_variation,
    # healthy: pagination, scrolling, fan-out, refined searches, exploration, parallel batches
    healthy_batch.stripe_cursor_pagination,
    healthy_batch.github_issue_pages,
    healthy_batch.social_feed_scroll,
    healthy_batch.jira_fanout_release_notes,
    healthy_batch.research_fanout_some_404,
    healthy_batch.gemini_license_header_fanout,
    healthy_batch.crm_bulk_update_some_missing,
    healthy_batch.research_refined_searches,
    healthy_batch.sql_exploration_new_results,
    healthy_batch.claude_parallel_reads_different,
    # healthy: multi-turn, long sessions, hypotheses, edit/test, delegation, narration, logs, tables, stepping
    healthy_long.refund_status_multiturn,
    healthy_long.expense_sheet_multiturn,
    healthy_long.codex_long_feature_session,
    healthy_long.debug_hypotheses_progress,
    healthy_long.edit_test_reruns_progress,
    healthy_long.manager_different_subtasks,
    healthy_long.procurement_narration_new_quotes,
    healthy_long.rust_build_log,
    healthy_long.schedule_table_reply,
    healthy_long.gdb_mcp_stepping,
    # healthy: more fan-outs, check-act-recheck, navigation, edits, charts, thinking, re-reads, long research
    healthy_misc.calendar_attendee_fanout,
    healthy_misc.form_fill_many_fields,
    healthy_misc.k8s_check_act_recheck,
    healthy_misc.shopping_back_navigation,
    healthy_misc.slack_channel_digest,
    healthy_misc.claude_incremental_edits,
    healthy_misc.data_chart_iterations,
    healthy_misc.sequential_thinking_progress,
    healthy_misc.reread_after_user_change,
    healthy_misc.long_research_session,
]


def build_all() -> list[Scenario]:
    """Every scenario, in BUILDERS order; ids must be unique."""
    scenarios = [build() for build in BUILDERS]
    ids = [s["id"] for s in scenarios]
    assert len(set(ids)) == len(ids), "duplicate scenario id"
    return scenarios


def write(out: Path) -> list[Path]:
    """Write one ``<id>.json`` per scenario into ``out`` (stale ``blind5-*.json`` files are removed)."""
    out.mkdir(parents=True, exist_ok=True)
    scenarios = build_all()
    keep = {f"{s['id']}.json" for s in scenarios}
    for old in sorted(out.glob("blind5-*.json")):
        if old.name not in keep:
            old.unlink()
    written = []
    for scenario in sorted(scenarios, key=lambda s: str(s["id"])):
        path = out / f"{scenario['id']}.json"
        path.write_text(json.dumps(scenario, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "heldout-blind5")
    args = parser.parse_args(argv)
    written = write(args.out)
    loops = sum(json.loads(p.read_text(encoding="utf-8"))["label"]["loop"] for p in written)
    print(f"wrote {len(written)} scenarios ({loops} loops, {len(written) - loops} healthy) to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
