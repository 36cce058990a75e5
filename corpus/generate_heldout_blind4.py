"""Write ``corpus/heldout-blind4/``: a held-out set of labelled agent transcripts, written blind.

How it was written
------------------
Blind: the author read only ``corpus/SCHEMA.md``, the peer notes ``/work/shared/notes/PEERS.md`` and
``PEERS-2026.md`` (loop patterns and false-positive traps users report), the shipped-set checks
``tests/corpus/shipped_sets.py`` and ``tests/corpus/test_heldout_blind3.py``, and three real
transcripts under ``/work/shared/corpus/real-agents/`` (for tool names and result shapes only). No
detector, collector, scorer or other corpus set or generator was read, and loopwatch was never run on
this set. Labels come from the author's judgement by SCHEMA.md's rules.

Run
---
    python corpus/generate_heldout_blind4.py [--out corpus/heldout-blind4]

Deterministic: every scenario has its own ``random.Random`` seeded with a fixed string; there is no
wall clock and no ``hash()``; files are written in a stable order as ``json.dumps(indent=2,
ensure_ascii=False)`` plus a newline. The scenario builders live in ``corpus/blind4gen/``.

Onset conventions (``label.onset_step``; steps are assistant messages numbered from 1)
-------------------------------------------------------------------------------------
- Byte-identical call with an identical, fruitless result (``identical_call``): the step issuing the
  3rd identical call (one re-check is defensible; a third is not).
- Failure streaks and schema-misuse retries (``error_streak``): the step whose call yields the 4th
  failure of the same kind (two or three failed attempts before changing approach is healthy).
  Steps that only think, or call another tool, between attempts do not reset the count.
- Varied arguments with no new results (``same_tool``: paraphrased searches, page=1 variants, case or
  path variants) and restated intent (``narration``): the step of the 4th attempt at the same thing
  (the original plus three retries or rephrasings that bring nothing new).
- Re-delegation of one task to a sub-agent: the 3rd delegation, i.e. the first re-delegation after two
  reports that already agree (a single re-delegation with a corrected brief is healthy).
- Cycles (``alternation``, period 2 to 4): the step that visits the first state of the cycle for the
  third time (A B A B [A]; A B C A B C [A]).
- ``degenerate_text``: the step whose reply collapses into repetition.
The step number is computed by the builder, and every loop's notes say "step N" and why it loops.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from blind4gen import healthy_a, healthy_b, loops_classic, loops_errors, loops_semantic
from blind4gen.builder import Builder

BUILDERS: list[Builder] = [
    # failure streaks with changing inputs
    loops_errors.code_keyerror_streak,
    loops_errors.execute_code_shape_streak,
    loops_errors.bash_econnrefused_streak,
    loops_errors.sql_missing_column_streak,
    loops_errors.fetch_403_streak,
    loops_errors.browser_click_streak,
    loops_errors.edit_old_string_streak,
    # schema misuse
    loops_errors.schema_calendar_missing_field,
    loops_errors.schema_orders_type_mismatch,
    loops_errors.schema_booking_unknown_param,
    loops_errors.schema_metrics_date_format,
    loops_errors.schema_jira_issuetype,
    # paraphrased searches
    loops_semantic.search_paraphrase_web,
    loops_semantic.search_paraphrase_german,
    loops_semantic.kb_search_paraphrase,
    loops_semantic.grep_pattern_variants,
    loops_semantic.papers_paraphrase_replanning,
    # re-delegation
    loops_semantic.redelegate_revenue,
    loops_semantic.redelegate_flaky_test,
    loops_semantic.redelegate_spanish,
    loops_semantic.redelegate_sql_analyst,
    loops_semantic.redelegate_competitor_summary,
    # restated intent
    loops_semantic.narration_api_docs,
    loops_semantic.narration_reservation_lookup,
    loops_semantic.narration_verify_figure,
    loops_semantic.narration_monologue_no_tools,
    loops_semantic.narration_config_reread,
    # classic shapes
    loops_classic.identical_tracking_empty,
    loops_classic.identical_bash_grep_empty,
    loops_classic.identical_finished_job,
    loops_classic.identical_availability_narrated,
    loops_classic.alternation_cart_checkout,
    loops_classic.alternation_edit_toggle,
    loops_classic.cycle_sql_three,
    loops_classic.cycle_research_three,
    loops_classic.long_session_late_reread,
    loops_classic.degenerate_apology,
    loops_classic.degenerate_chinese,
    loops_classic.page_one_variants,
    loops_classic.email_case_variants,
    # healthy
    healthy_a.booking_retry_then_other_flight,
    healthy_a.payment_retry_until_success,
    healthy_a.booking_fail_then_human,
    healthy_a.search_fanout_narrated,
    healthy_a.dependency_whack_a_mole,
    healthy_a.poll_ci_until_done,
    healthy_a.poll_export_progress,
    healthy_a.pagination_repos,
    healthy_a.read_many_files,
    healthy_a.edit_test_until_pass,
    healthy_a.transient_503_then_ok,
    healthy_a.manager_fanout_subtasks,
    healthy_a.manager_redelegate_once,
    healthy_a.long_iterative_file_edit,
    healthy_a.code_fails_twice_then_works,
    healthy_a.verify_across_sources,
    healthy_a.long_sql_exploration,
    healthy_a.long_browser_form,
    healthy_b.long_research_french,
    healthy_b.gdb_stepping,
    healthy_b.read_output_stream,
    healthy_b.license_headers_batch,
    healthy_b.repetitive_valid_table,
    healthy_b.check_act_recheck,
    healthy_b.parallel_batch,
    healthy_b.relookup_after_user_change,
    healthy_b.user_asks_dates,
    healthy_b.sql_two_failures_then_ok,
    healthy_b.python_exploration,
    healthy_b.schema_error_once_fixed,
    healthy_b.rate_limit_429,
    healthy_b.rename_sweep,
    healthy_b.browser_scroll_feed,
    healthy_b.rereview_rounds,
    healthy_b.bash_rollout_poll,
    healthy_b.api_offset_pagination,
    healthy_b.angry_customer_turns,
    healthy_b.todo_long_session,
    healthy_b.sectioned_document,
    healthy_b.flaky_network_fetches,
]


def build_all() -> list[dict[str, Any]]:
    out = [build() for build in BUILDERS]
    ids = [s["id"] for s in out]
    assert len(ids) == len(set(ids)), "duplicate scenario ids"
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent / "heldout-blind4"))
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for scenario in build_all():
        text = json.dumps(scenario, indent=2, ensure_ascii=False) + "\n"
        (out / f"{scenario['id']}.json").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
