"""Loops that cycle: A/B alternation, period-3 and period-4 cycles (one an edit/revert cycle), a toggle."""

from __future__ import annotations

from typing import Any

from blind14gen.builder import Trace


def fab_wafer_pareto_ab(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "半導体工場の歩留まり解析エージェントが、同じウェハーマップと同じ欠陥パレートを交互に取得し続け、"
        "新しい情報がないまま原因を特定できない。",
        ids="openai",
        meta={"harness": "semantic-kernel", "model": "gpt-4.1", "lang": "ja"},
        indent=1,
    )
    t.user("ロット N3K-2231 の歩留まりが 71% に落ちた。どの工程が原因か特定して、次のアクションを提案して。")
    t.act(
        "まずロットのサマリーを確認します。",
        "yield_get_lot_summary",
        {"lot": "N3K-2231"},
        {
            "lot": "N3K-2231",
            "product": "MCU-A7",
            "wafers": 25,
            "yield_pct": 71.2,
            "baseline_pct": 93.5,
            "worst_wafers": [7, 8, 9],
        },
    )
    wmap = (
        "wafer 8: fail bins concentrated in an edge ring (r > 140 mm), 61 of 212 dies failing, bin 17 "
        "(IDDQ) dominant; center region clean"
    )
    pareto = {
        "lot": "N3K-2231",
        "layer": "M1",
        "pareto": [
            {"class": "residue", "count": 412},
            {"class": "particle", "count": 133},
            {"class": "scratch", "count": 21},
        ],
    }
    a_args = {"lot": "N3K-2231", "wafer": 8}
    b_args = {"lot": "N3K-2231", "layer": "M1"}
    texts = [
        ("ワースト・ウェハー 8 のマップを見ます。", "M1 層の欠陥パレートを確認します。"),
        (
            "残渣が多いですね。もう一度ウェハーマップでエッジとの関係を確認します。",
            "パレートをもう一度確認します。",
        ),
        ("エッジリングのパターンです。再度マップを見ます。", "パレートを再確認します。"),
        ("マップを確認します。", "パレートを確認します。"),
    ]
    a_steps, b_steps = [], []
    for a_text, b_text in texts:
        a_steps.append(t.act(a_text, "yield_get_wafer_map", a_args, wmap))
        b_steps.append(t.act(b_text, "yield_get_defect_pareto", b_args, pareto))
    t.say("エッジの残渣が原因と考えられますが、工程の特定にはさらに調査が必要です。")
    onset = a_steps[2]
    return t.loop(
        ["alternation"],
        onset,
        f"ウェハーマップ (steps {', '.join(map(str, a_steps))}) と欠陥パレート (steps "
        f"{', '.join(map(str, b_steps))}) を同じ引数で交互に取得し、結果は毎回同一。"
        f"装置履歴や他ウェハーは一度も見ない。A/B cycle: onset at step {onset}, the third visit to the first "
        "state (A B A B [A]).",
    )


def traceability_tabs_computer_use(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Computer-use agent in a food-safety traceability web app clicks back and forth between the Lots "
        "and Suppliers tabs, getting the same screens, without ever using the search box.",
        ids="anthropic",
        meta={"harness": "anthropic-computer-use", "model": "claude-sonnet-4-5"},
    )
    t.user(
        "Listeria recall prep: in TraceLink Food (already open in the browser), find which supplier "
        "delivered the spinach in lot 24-117 and the delivery date. Don't change anything."
    )
    t.act(
        "Let me take a screenshot to see the current state.",
        "computer",
        {"action": "screenshot"},
        "[screenshot 1280x800] TraceLink Food - Dashboard. Tabs: Dashboard | Lots | Suppliers | Reports. "
        "Search box top right 'Search lots, SKUs, suppliers'.",
    )
    lots = (
        "[screenshot 1280x800] Lots - showing 1-25 of 3,418, sorted by received date desc. Rows: 26-0412 "
        "Romaine, 26-0411 Kale, 26-0410 Carrots ... no row 24-117 visible. Pagination: 1 2 3 ... 137"
    )
    sups = (
        "[screenshot 1280x800] Suppliers - 42 active suppliers: Alder Creek Farms, Bayview Greens, Castillo "
        "Produce, ... Filter: 'Category: all'"
    )
    a = {"action": "left_click", "coordinate": [318, 96]}
    b = {"action": "left_click", "coordinate": [402, 96]}
    texts = [
        (
            "I'll open the Lots tab to find lot 24-117.",
            "Lot 24-117 isn't on this page. Let me check Suppliers.",
        ),
        ("The supplier list doesn't show lots. Back to Lots.", "Not visible. Checking Suppliers again."),
        ("Let me look at the Lots tab again.", "Switching to Suppliers."),
        ("Back to Lots.", "Suppliers again."),
    ]
    a_steps, b_steps = [], []
    for a_text, b_text in texts:
        a_steps.append(t.act(a_text, "computer", a, lots))
        b_steps.append(t.act(b_text, "computer", b, sups))
    t.system("Agent stopped: step budget reached.")
    onset = a_steps[2]
    return t.loop(
        ["alternation"],
        onset,
        f"Clicks on the Lots tab (steps {', '.join(map(str, a_steps))}) and the Suppliers tab (steps "
        f"{', '.join(map(str, b_steps))}) alternate with identical screenshots; the search box and "
        f"pagination are never used. Onset at step {onset}, the third visit to the first state of the A/B "
        "cycle.",
    )


def crew_pairing_cycle(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Besättningsplaneringsagent cyklar pairing → laglighetskontroll → reservlista utan att ändra något; "
        "samma olagliga tilldelning och samma upptagna reserver varje varv.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "model": "gpt-5-mini", "lang": "sv"},
    )
    t.user(
        "Förste officer på P4471 (ARN-OSL-ARN-CPH, rapport 05:10 i morgon) har sjukanmält sig. Hitta en "
        "laglig ersättare och föreslå tilldelningen, men publicera inget."
    )
    pairing = {
        "pairing": "P4471",
        "date": "2026-10-07",
        "report": "05:10",
        "sectors": ["ARN-OSL", "OSL-ARN", "ARN-CPH", "CPH-ARN"],
        "fdp_planned": "13:25",
        "vacant": "FO",
    }
    legal = {
        "crew_id": "FO-20881",
        "pairing": "P4471",
        "legal": False,
        "violations": ["FDP 13:25 exceeds max 13:00 for report 05:10 with 4 sectors"],
    }
    reserves = {
        "base": "ARN",
        "date": "2026-10-07",
        "rank": "FO",
        "reserves": [
            {"crew_id": "FO-20881", "window": "04:00-16:00", "status": "available"},
            {"crew_id": "FO-31207", "window": "10:00-22:00", "status": "available"},
        ],
    }
    calls = [
        ("crew_get_pairing", {"pairing": "P4471", "date": "2026-10-07"}, pairing),
        ("crew_check_legality", {"crew_id": "FO-20881", "pairing": "P4471"}, legal),
        ("crew_list_reserves", {"base": "ARN", "date": "2026-10-07", "rank": "FO"}, reserves),
    ]
    texts = [
        [
            "Hämtar pairingen.",
            "Kontrollerar lagligheten för reserven FO-20881.",
            "Olagligt. Kollar vilka reserver som finns.",
        ],
        [
            "Tittar på pairingen igen för att se om något kan ändras.",
            "Kontrollerar FO-20881 igen.",
            "Fortfarande olagligt. Listar reserverna igen.",
        ],
        ["Hämtar pairingen på nytt.", "Laglighetskontroll.", "Reservlistan."],
        ["Pairingen.", "", ""],
    ]
    a_steps = []
    for round_texts in texts:
        for i, text in enumerate(round_texts):
            name, args, result = calls[i]
            step = t.act(text, name, args, result)
            if i == 0:
                a_steps.append(step)
    t.say(
        "Jag hittar ingen laglig ersättare bland reserverna i ARN. Ärendet behöver eskaleras till crew "
        "control."
    )
    onset = a_steps[2]
    return t.loop(
        ["alternation"],
        onset,
        "Period-3 cycle get_pairing -> check_legality(FO-20881) -> list_reserves with identical arguments "
        "and results; the second reserve (FO-31207, window from 10:00) and splitting the pairing are never "
        f"considered. The pairing is read at steps {', '.join(map(str, a_steps))}. Onset at step {onset}, "
        "the third visit to the first state (A B C A B C [A]).",
    )


def mealkit_swap_revert(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Meal-kit menu-planning agent swaps salmon for cod to meet the cost target, fails protein, swaps "
        "back, fails cost, and repeats the same edit/revert cycle.",
        ids="named",
        meta={"harness": "pydantic-ai", "model": "claude-haiku-4-5"},
    )
    t.user(
        "Week 46 menu: recipe R-2291 (Miso glazed salmon) is over the $4.10/serving cost target. Fix it "
        "without dropping below 30 g protein per serving."
    )
    t.act(
        "Loading the week 46 menu.",
        "menu_get",
        {"week": "2026-W46"},
        {
            "recipes": [
                {"id": "R-2291", "name": "Miso glazed salmon", "cost": 4.62, "protein_g": 34},
                {"id": "R-2304", "name": "Chickpea tikka", "cost": 2.71, "protein_g": 19},
            ]
        },
    )
    to_cod = (
        "menu_swap_ingredient",
        {"recipe": "R-2291", "replace": "salmon fillet 140g", "with": "cod loin 140g"},
        {"ok": True, "recipe": "R-2291", "version": "draft"},
    )
    ev_cod = (
        "menu_evaluate",
        {"recipe": "R-2291"},
        {"cost": 3.88, "protein_g": 27, "checks": {"cost_target": "pass", "min_protein": "fail"}},
    )
    to_salmon = (
        "menu_swap_ingredient",
        {"recipe": "R-2291", "replace": "cod loin 140g", "with": "salmon fillet 140g"},
        {"ok": True, "recipe": "R-2291", "version": "draft"},
    )
    ev_salmon = (
        "menu_evaluate",
        {"recipe": "R-2291"},
        {"cost": 4.62, "protein_g": 34, "checks": {"cost_target": "fail", "min_protein": "pass"}},
    )
    cycle = [to_cod, ev_cod, to_salmon, ev_salmon]
    texts = [
        "Swapping salmon for cod to cut cost.",
        "Evaluating.",
        "Protein is too low now. Reverting to salmon.",
        "Evaluating again.",
        "Cost fails with salmon. Cod again.",
        "Evaluating.",
        "Protein fails with cod. Back to salmon.",
        "Evaluating.",
        "Let me try cod once more.",
        "Evaluating.",
        "Reverting.",
    ]
    a_steps, swaps = [], []
    for i, text in enumerate(texts):
        name, args, result = cycle[i % 4]
        step = t.act(text, name, args, result)
        if i % 4 == 0:
            a_steps.append(step)
        if i % 2 == 0:
            swaps.append(step)
    t.say(
        "I can't meet both targets by swapping the fish. Options: smaller salmon portion plus edamame, or a "
        "$4.62 exception."
    )
    onset = swaps[3]
    return t.loop(
        ["alternation", "same_tool"],
        onset,
        "Edit/revert cycle of period 4: swap to cod, evaluate (protein fails), swap back to salmon, "
        "evaluate (cost fails), with identical calls and results each round; portion size or a protein "
        "add-on is never tried until the summary. The swap is a toggle "
        f"(steps {', '.join(map(str, swaps))}), "
        f"so the toggle rule applies: onset at step {onset}, the 4th toggle, earlier than the cycle rule's "
        f"third visit to the first state (step {a_steps[2]}).",
    )


def grant_budget_cycle(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "University post-award agent cycles read budget -> set fringe rate -> validate; validation always "
        "reports the same over-cap total and the agent re-applies the same fringe edit.",
        ids="plain",
        meta={"harness": "autogen", "model": "gpt-4o"},
    )
    t.user(
        "Rebudget year 3 of R01GM151234: move $6,000 from travel to the graduate student line and apply the "
        "new FY27 fringe rate (31.5%). It has to validate before I route it to the department."
    )
    t.act(
        "Moving the travel money first.",
        "budget_transfer",
        {
            "award": "R01GM151234",
            "period": 3,
            "from_line": "travel",
            "to_line": "grad_student_salary",
            "amount": 6000,
        },
        {"ok": True, "travel": 2400, "grad_student_salary": 38500},
    )
    get = (
        "award_get_budget",
        {"award": "R01GM151234", "period": 3},
        {
            "approved_total_direct": 250000,
            "lines": {
                "senior_personnel": 98000,
                "grad_student_salary": 38500,
                "fringe": 42146,
                "travel": 2400,
                "supplies": 35000,
                "other": 38766,
            },
            "fringe_rate": 0.315,
        },
    )
    fringe = (
        "budget_set_line",
        {"award": "R01GM151234", "period": 3, "line": "fringe", "rate": 0.315},
        {"ok": True, "fringe": 42146},
    )
    validate = (
        "budget_validate",
        {"award": "R01GM151234", "period": 3},
        {"valid": False, "errors": ["Total direct costs $254,812 exceed approved $250,000 by $4,812"]},
    )
    texts = [
        "Reading the period 3 budget.",
        "Applying the 31.5% fringe rate.",
        "Validating.",
        "Over the cap. Re-reading the budget.",
        "Re-applying the fringe rate to be sure it's correct.",
        "Validating.",
        "Still over. Reading the budget again.",
        "Setting fringe.",
        "Validate.",
        "Budget again.",
    ]
    cycle = [get, fringe, validate]
    a_steps = []
    for i, text in enumerate(texts):
        name, args, result = cycle[i % 3]
        step = t.act(text, name, args, result)
        if i % 3 == 0:
            a_steps.append(step)
    t.say("The budget keeps failing validation by $4,812 after the fringe update. Routing is blocked.")
    onset = a_steps[2]
    return t.loop(
        ["alternation"],
        onset,
        "Period-3 cycle award_get_budget -> budget_set_line(fringe 31.5%) -> budget_validate with identical "
        "calls and the same $4,812 over-cap error; no other line is ever reduced. Budget reads at steps "
        f"{', '.join(map(str, a_steps))}. Onset at step {onset}, the third visit to the first state of the "
        "cycle.",
    )


def micromobility_zone_toggle(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Micromobility operations agent toggles a parking zone between no-parking and allowed, reading it "
        "back after each change, because it cannot decide whether the closure should start now.",
        ids="bedrock",
        meta={"harness": "langgraph", "model": "anthropic.claude-sonnet-4-5"},
    )
    t.user(
        "Copenhagen Half Marathon on Sunday: zone Z-CPH-114 (Nørrebrogade) must be no-parking for scooters "
        "from Saturday 22:00 until Sunday 14:00. Set it up."
    )
    read_np = {
        "zone": "Z-CPH-114",
        "status": "no_parking",
        "effective_from": "now",
        "vehicles_inside": 37,
        "warning": "37 vehicles are parked inside; riders ending trips here will be charged a fee",
    }
    read_ok = {
        "zone": "Z-CPH-114",
        "status": "parking_allowed",
        "effective_from": "now",
        "vehicles_inside": 37,
    }
    t.act("Reading the zone.", "zones_get", {"zone": "Z-CPH-114"}, read_ok)
    toggles, reads = [], []
    plan = [
        ("Setting no-parking.", "no_parking", read_np),
        (
            "That applied immediately and riders would be fined today. Restoring parking.",
            "parking_allowed",
            read_ok,
        ),
        (
            "Restored. But the marathon closure still has to be configured; setting no-parking.",
            "no_parking",
            read_np,
        ),
        ("Immediate again, 37 vehicles inside. Reverting to parking_allowed.", "parking_allowed", read_ok),
        ("Back to allowed. Setting no-parking once more.", "no_parking", read_np),
    ]
    for text, status, result in plan:
        toggles.append(
            t.act(
                text,
                "zones_set_status",
                {"zone": "Z-CPH-114", "status": status},
                {"ok": True, "zone": "Z-CPH-114", "status": status},
            )
        )
        reads.append(t.act("Checking the zone.", "zones_get", {"zone": "Z-CPH-114"}, result))
    t.say("Zone Z-CPH-114 is set to no-parking. Note: it took effect immediately, not from Saturday 22:00.")
    onset = toggles[3]
    return t.loop(
        ["same_tool", "alternation"],
        onset,
        "zones_set_status flips the same zone between no_parking and parking_allowed at steps "
        f"{', '.join(map(str, toggles))}, each followed by a read-back showing the same two states; the "
        f"agent never looks for a scheduled-closure option. Toggle rule: onset at step {onset}, the 4th "
        "toggle (the read-backs are re-checks after an action and do not move it).",
    )


SCENARIOS = [
    ("fab-wafermap-pareto-ab", fab_wafer_pareto_ab),
    ("trace-tabs-computer-use-ab", traceability_tabs_computer_use),
    ("crew-pairing-legality-cycle", crew_pairing_cycle),
    ("mealkit-swap-revert-cycle", mealkit_swap_revert),
    ("grant-budget-validate-cycle", grant_budget_cycle),
    ("micromobility-zone-toggle", micromobility_zone_toggle),
]
