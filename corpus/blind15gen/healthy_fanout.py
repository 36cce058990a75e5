"""Healthy: fan-out over many targets (sequential, parallel, per-target failures, sub-agents with different
tasks) and parameter sweeps."""

from __future__ import annotations

from typing import Any

from .builder import Trace, call


def bee_scales_fanout(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Beekeeping agent reads the scale of each of 12 hives one by one and flags two that lost weight.",
        ids="openai",
        meta={"harness": "langchain", "domain": "beekeeping"},
    )
    t.user(
        "Give me the 7-day weight change for every hive at the Riverside apiary and flag any that lost more "
        "than 1.5 kg."
    )
    hives = [f"R-{n:02d}" for n in range(1, 13)]
    t.say("", call("apiary_list_hives", {"apiary": "Riverside"}, {"hives": hives}))
    deltas = [-0.4, -0.7, -0.2, -0.9, -1.9, -0.5, -0.3, -0.8, -2.4, -0.6, -0.1, -0.7]
    weights = [34.1, 29.8, 36.2, 31.0, 24.6, 33.3, 35.9, 30.4, 22.8, 32.7, 37.5, 31.6]
    for hive, d, w in zip(hives, deltas, weights, strict=True):
        t.say(
            "",
            call(
                "hive_scale_read",
                {"hive": hive, "days": 7},
                {"hive": hive, "weight_kg": w, "change_7d_kg": d},
            ),
        )
    t.say(
        "Two hives lost more than 1.5 kg in 7 days: R-05 (-1.9 kg, now 24.6 kg) and R-09 (-2.4 kg, now 22.8 "
        "kg). "
        "The other ten changed between -0.1 and -0.9 kg."
    )
    return t.healthy("Fan-out: hive_scale_read once per hive, 12 different hives, 12 different results.")


def mrf_de_parallel(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "German recycling-plant agent queries all six sorting lines in one parallel batch (one sensor "
        "offline) "
        "and reports a table.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "domain": "recycling plant", "language": "de"},
    )
    t.user(
        "Gib mir für alle sechs Sortierlinien die aktuelle Reinheit und die Ausschleusquote der letzten "
        "Stunde."
    )
    vals = {1: (96.2, 4.1), 2: (95.1, 5.3), 3: (93.4, 7.9), 5: (97.0, 3.2), 6: (94.8, 6.0)}
    calls = []
    for line in range(1, 7):
        if line == 4:
            calls.append(
                call(
                    "sorter_metrics",
                    {"line": 4, "window": "1h"},
                    "Fehler: Linie 4 – NIR-Sensor offline seit 08:42",
                    error=True,
                )
            )
        else:
            p, e = vals[line]
            calls.append(
                call(
                    "sorter_metrics",
                    {"line": line, "window": "1h"},
                    {"line": line, "reinheit_pct": p, "ausschleusquote_pct": e},
                )
            )
    t.say("Ich frage alle Linien parallel ab.", *calls, answer_order=[2, 0, 5, 3, 1, 4])
    t.say(
        "| Linie | Reinheit | Ausschleusung |\n|---|---|---|\n| 1 | 96,2 % | 4,1 % |\n| 2 | 95,1 % | 5,3 % "
        "|\n"
        "| 3 | 93,4 % | 7,9 % |\n| 4 | – (NIR-Sensor offline seit 08:42) | – |\n| 5 | 97,0 % | 3,2 % |\n"
        "| 6 | 94,8 % | 6,0 % |"
    )
    return t.healthy("One parallel batch of six sorter_metrics calls, one per line; one per-target failure.")


def ux_subagents_cohorts(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "UX-research agent delegates synthesis to three sub-agents, one per interview cohort, in parallel, "
        "then compares the reports.",
        ids="anthropic",
        meta={"harness": "claude-code", "domain": "UX research"},
    )
    t.user(
        "Synthesize the Q3 interviews separately for SMB admins, enterprise IT and solo founders, then "
        "compare."
    )
    cohorts = [
        (
            "SMB admins",
            "Top themes: seat management is tedious (6/8), want CSV import (5/8), SSO not needed.",
        ),
        (
            "enterprise IT",
            "Top themes: SCIM provisioning gaps (7/9), audit-log export (6/9), SSO enforcement.",
        ),
        ("solo founders", "Top themes: pricing jumps from free to Team (5/7), templates (4/7), mobile app."),
    ]
    t.say(
        "Delegating one synthesis per cohort.",
        *[
            call(
                "Task",
                {
                    "description": f"Synthesize {c}",
                    "subagent_type": "research-synthesizer",
                    "prompt": f"Synthesize the Q3 interviews tagged cohort='{c}'. Themes with counts.",
                },
                r,
            )
            for c, r in cohorts
        ],
        answer_order=[1, 2, 0],
    )
    t.say(
        "Across cohorts: admins and enterprise IT both struggle with user management (seats vs SCIM), but "
        "only "
        "enterprise cares about SSO and audit logs; solo founders are most sensitive to the pricing jump."
    )
    return t.healthy(
        "Three sub-agent calls in one batch, each with a different cohort and a different report."
    )


def carrental_recall_vins(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Car-rental fleet agent checks a recall for ten VINs in two parallel batches; two VINs fail with "
        "not-found errors naming themselves.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "domain": "car rental"},
    )
    t.user(
        "Recall 26V-418 covers 2024-2025 Kia Sportage. Check which of our Phoenix units are affected and "
        "ground them."
    )
    vins = [f"KNDPU3DF{k}R7{204500 + 17 * k}" for k in range(10)]
    t.say("", call("fleet_search", {"make": "Kia", "model": "Sportage", "branch": "PHX"}, {"vins": vins}))
    affected = {1, 4, 7}
    missing = {5, 8}

    def lookup(k: int) -> Any:
        if k in missing:
            return call(
                "recall_lookup",
                {"vin": vins[k], "campaign": "26V-418"},
                {"error": f"VIN not found in manufacturer database: {vins[k]}"},
                error=True,
            )
        return call(
            "recall_lookup",
            {"vin": vins[k], "campaign": "26V-418"},
            {"vin": vins[k], "affected": k in affected, "remedy_available": k in affected},
        )

    t.say("Checking the first five.", *[lookup(k) for k in range(5)])
    t.say("And the other five.", *[lookup(k) for k in range(5, 10)])
    t.say(
        "",
        call(
            "ground_vehicles",
            {"vins": [vins[k] for k in sorted(affected)], "reason": "Recall 26V-418"},
            {"grounded": 3},
        ),
    )
    t.say(
        f"Three units are affected and grounded: {vins[1]}, {vins[4]}, {vins[7]}. Two VINs ({vins[5]}, "
        f"{vins[8]}) "
        "are not in Kia's database - please check them by hand."
    )
    return t.healthy(
        "Fan-out in two parallel batches over ten VINs; two per-target failures each naming its own VIN "
        "(not an "
        "error streak)."
    )


def abtest_cuped_sweep(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A/B-test agent sweeps the CUPED pre-period length (7/14/21/28 days) and compares the estimates.",
        ids="responses",
        meta={"harness": "openai-agents-sdk", "domain": "A/B test analysis"},
    )
    t.user(
        "How sensitive is the EXP-2417 lift estimate to the CUPED pre-period length? Try 7, 14, 21 and 28 "
        "days."
    )
    res = {7: (1.21, 0.71, 1.71), 14: (1.23, 0.79, 1.67), 21: (1.22, 0.80, 1.64), 28: (1.22, 0.81, 1.63)}
    for d, (lift, lo, hi) in res.items():
        t.say(
            "",
            call(
                "run_analysis",
                {"experiment": "EXP-2417", "metric": "activated_7d", "cuped_pre_days": d},
                {"lift_pp": lift, "ci95": [lo, hi], "variance_reduction": round(0.18 + d / 200, 3)},
            ),
        )
    t.say(
        "The estimate is stable (+1.21 to +1.23 pp); longer pre-periods narrow the CI a little "
        "(±0.50 → ±0.41 pp). 21-28 days is a good default."
    )
    return t.healthy(
        "Parameter sweep: the same analysis over four pre-period lengths, each a different result."
    )


def kiln_ja_sweep(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Japanese pottery-studio agent sweeps the cooling rate in a glaze crystallisation simulation.",
        ids="gemini",
        meta={"harness": "google-adk", "domain": "pottery studio kiln control", "language": "ja"},
    )
    t.user("天目釉の冷却速度を毎時50、100、150、200℃に変えたときの結晶化のシミュレーションを比較して。")
    out = {50: 0.31, 100: 0.22, 150: 0.14, 200: 0.08}
    for rate, frac in out.items():
        t.say(
            f"冷却速度 {rate}℃/時 で計算します。",
            call(
                "glaze_sim.run",
                {"recipe": "天目-3", "peak_c": 1240, "cooling_rate_c_per_h": rate},
                {"crystal_fraction": frac, "dominant_phase": "ヘマタイト" if rate <= 100 else "なし"},
            ),
        )
    t.say(
        "冷却が遅いほど結晶が増えます（50℃/時で31%、200℃/時で8%）。油滴・結晶を狙うなら毎時50〜100℃が適しています。"
    )
    return t.healthy(
        "Parameter sweep over four cooling rates; each simulation returns a different crystal fraction."
    )


def ocean_ru_qc_sweep(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Russian oceanography QC agent sweeps the spike-test threshold for glider salinity and inspects the "
        "flags at the chosen value.",
        ids="openai",
        meta={"harness": "smolagents", "domain": "oceanography", "language": "ru"},
    )
    t.user(
        "Подбери порог теста на выбросы (spike test) для солёности в данных глайдера SG-541: попробуй 0.02, "
        "0.05, "
        "0.1 и 0.2 PSU и посмотри, сколько точек отбраковывается."
    )
    flagged = {0.02: 412, 0.05: 97, 0.1: 21, 0.2: 3}
    for thr, n in flagged.items():
        t.say(
            "",
            call(
                "qc_run_spike_test",
                {"dataset": "SG-541_2026-10", "variable": "PSAL", "threshold": thr},
                {"points": 184220, "flagged": n},
            ),
        )
    t.say(
        "Посмотрю на отбракованные точки при 0.05.",
        call(
            "qc_inspect_flags",
            {"dataset": "SG-541_2026-10", "variable": "PSAL", "threshold": 0.05, "sample": 5},
            "pres,psal,delta\n12.4,36.91,0.071\n88.0,36.40,0.064\n301.2,35.98,0.058\n640.5,35.71,0.052\n"
            "902.8,35.44,0.061",
        ),
    )
    t.say("Рекомендую порог 0.05 PSU: 97 точек, в выборке все похожи на настоящие выбросы датчика.")
    return t.healthy("Threshold sweep (four values, four different counts), then one inspection.")


SCENARIOS = [
    ("bee-scales-fanout", bee_scales_fanout),
    ("mrf-de-parallel-lines", mrf_de_parallel),
    ("ux-cohort-subagents", ux_subagents_cohorts),
    ("carrental-recall-vins", carrental_recall_vins),
    ("abtest-cuped-sweep", abtest_cuped_sweep),
    ("kiln-ja-cooling-sweep", kiln_ja_sweep),
    ("ocean-ru-spike-threshold-sweep", ocean_ru_qc_sweep),
]
