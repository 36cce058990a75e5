"""Loops of multi-agent systems, puzzle solvers, browser shoppers and media-production agents."""

from __future__ import annotations

from typing import Any

from .builder import Trace, js


def planner_executor_critic_cycle() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-035-planner-executor-critic-cycle",
        "An orchestrator runs planner, executor and critic in turn; the planner returns the same plan "
        "despite the critique, the executor hits the same SQL error and the critic says the same thing.",
        agent="planner-executor-critic orchestrator (AutoGen 0.4 agents as tools)",
        model="gpt-4o-2024-11-20",
        start=952,
    )
    task = "List the 10 enterprise customers with the highest churn risk this quarter, with ARR."
    t.user(task)
    plan = (
        "PLAN\n1. Query analytics.customers joined to analytics.arr on customer_id.\n2. Filter segment = "
        "'enterprise'.\n3. Order by churn_score desc, limit 10.\n4. Return name, ARR, churn_score."
    )
    sql_error = js(
        {
            "ok": False,
            "error": {
                "type": "ProgrammingError",
                "sqlstate": "42703",
                "message": 'column "churn_score" does not exist',
                "hint": 'Perhaps you meant to reference the column "customers.churn_flag".',
            },
        }
    )
    critique = (
        "CRITIQUE: execution failed because churn_score is not a column of analytics.customers. Churn risk "
        "lives in ml.churn_risk_v2 (column risk_p90). The plan must change its data source."
    )
    planner_steps = []
    feedback: str | None = None
    for lap in range(4):
        args: dict[str, Any] = {"task": task}
        if feedback:
            args["feedback"] = feedback
        planner_steps.append(
            t.act(
                "Asking the planner." if lap == 0 else "Sending the critique back to the planner.",
                "planner_agent",
                args,
                plan,
            )
        )
        t.act("Handing the plan to the executor.", "executor_agent", {"plan": plan}, sql_error)
        t.act("Asking the critic to review.", "critic_agent", {"plan": plan, "result": sql_error}, critique)
        feedback = critique
    t.say("The team could not produce the list; the data model seems to be missing churn scores.")
    onset = planner_steps[2]
    t.loop(
        ["alternation", "error_streak"],
        onset,
        "A three-agent cycle (planner, executor, critic) repeats four times with the same results: the "
        "planner ignores the critique and returns the identical plan, the executor fails with the same "
        "42703 error (in the content), and the critic repeats itself. The planner is visited for the "
        f"third time at step {onset}, earlier than the fourth SQL failure, so that is the onset.",
    )
    return t.build()


def chess_engine_recheck() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-036-chess-engine-recheck",
        "A puzzle-solving agent keeps re-running the same engine analysis to 'double-check' a mate it "
        "already found, restating the line each time.",
        agent="chess puzzle solver (UCI engine tool, open model)",
        model="Mistral-Small-3.1-24B-Instruct",
        start=980,
        ids="plain",
    )
    fen = "r1b2rk1/pp3ppp/2n5/3qp3/3P4/2PB1N2/P4PPP/R2Q1RK1 w - - 0 15"
    t.user(f"Puzzle: {fen}. White to move. Find the best move and explain the idea.")
    result = js(
        {
            "depth": 24,
            "seldepth": 31,
            "multipv": 1,
            "score": {"cp": 212},
            "nodes": 48211930,
            "pv": ["d4e5", "c6e5", "f3e5", "d5e5", "d3h7", "g8h7", "d1d3"],
        }
    )
    t.act(
        "Validating the position first.",
        "board_validate",
        {"fen": fen},
        js({"valid": True, "side_to_move": "white", "in_check": False, "legal_moves": 38}),
    )
    runs = []
    for text in (
        "Analysing to depth 24.",
        "The engine likes dxe5 with a Greek-gift follow-up, +2.12. Let me double-check that line.",
        "Let me double-check the dxe5 line once more before answering.",
        "I want to double-check dxe5 again to be certain.",
        "Double-checking dxe5 a final time.",
    ):
        runs.append(t.act(text, "engine_analyse", {"fen": fen, "depth": 24, "multipv": 1}, result))
    t.say(
        "Best move: 15.dxe5. After 15...Nxe5 16.Nxe5 Qxe5 17.Bxh7+ Kxh7 18.Qd3+ White wins material (+2.1)."
    )
    onset = runs[2]
    t.loop(
        ["identical_call", "narration"],
        onset,
        "The same engine call (same FEN, depth 24) returns the same PV five times while the agent says "
        "'double-check dxe5' each time; a deterministic fixed-depth analysis cannot change. The third "
        f"identical call, step {onset}, comes before the fourth restatement and is the onset.",
    )
    return t.build()


def shop_add_to_cart_writes() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-037-shop-add-to-cart-repeat",
        "A browser shopping agent re-adds the same product because a stale mini-cart badge reads 0; the "
        "shop acknowledges each add with the same cart.",
        agent="browser shopping agent (Playwright tools, GPT)",
        model="gpt-4.1-mini",
        start=1003,
    )
    t.user(
        "Buy a Bosch GSR 12V-35 drill (bare tool) from toolhub.example, the cheapest listing that ships this "
        "week, standard shipping, and stop at checkout review for my approval."
    )
    t.act(
        "Searching the shop.",
        "browser_navigate",
        {"url": "https://toolhub.example/search?q=bosch+gsr+12v-35"},
        "Results: 'GSR 12V-35 bare tool' €119.00 (ships in 1-2 days); 'GSR 12V-35 + 2x 3.0Ah' €229.00; "
        "'GSR 12V-35 bare tool (marketplace: Werkzeug24)' €112.50 (ships in 8-10 days)",
    )
    t.act(
        "The marketplace listing is cheaper but ships in 8-10 days. Checking its page to be sure.",
        "browser_navigate",
        {"url": "https://toolhub.example/p/bosch-gsr-12v-35-bare-mkt-werkzeug24"},
        "Page: 'GSR 12V-35 (bare tool) – €112.50 – sold by Werkzeug24 – delivery Mar 13-15'. Buttons: [Add "
        "to cart]",
    )
    t.act(
        "Too late for this week. Opening the €119 listing.",
        "browser_navigate",
        {"url": "https://toolhub.example/p/bosch-gsr-12v-35-bare"},
        "Page: 'Bosch GSR 12V-35 Cordless Drill (bare tool) – €119.00 – In stock'. Buttons: [Add to cart] "
        "[Wishlist]. Header mini-cart: 0",
    )
    adds = []
    for i, text in enumerate(
        (
            "Adding it to the cart.",
            "The header still shows 0 items. Adding again.",
            "Still 0 in the header. Clicking add to cart once more.",
            "Adding to cart again.",
        )
    ):
        adds.append(
            t.act(
                text,
                "shop_add_to_cart",
                {"sku": "06019H8000", "qty": 1},
                js(
                    {
                        "ok": True,
                        "toast": "Added to cart",
                        "cart": {
                            "id": "c-77f1",
                            "items": [{"sku": "06019H8000", "qty": 1}],
                            "subtotal": 119.0,
                        },
                        "request_id": f"rq-{4410 + 7 * i}",
                    }
                ),
            )
        )
        t.act("Checking the header badge.", "browser_get_text", {"selector": "#mini-cart-count"}, "0")
    t.say("I can't get the item into the cart; the cart stays empty.")
    onset = adds[2]
    t.loop(
        ["identical_call"],
        onset,
        "The search and comparison are fine. Then the same add-to-cart write is acknowledged with the same "
        "cart (qty 1, subtotal 119.00; only the "
        "request id changes) four times, while a stale badge keeps reading 0. The agent never opens the "
        f"cart page. The third identical write is step {onset}, and it then reports the opposite of what "
        "the acknowledgements say.",
    )
    return t.build()


def transcode_moov_atom() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-038-transcode-moov-atom",
        "A media-production agent tries one codec and preset after another on a truncated upload; ffmpeg "
        "fails on the input every time.",
        agent="post-production pipeline agent (ffmpeg tool server, Claude)",
        model="claude-3-5-sonnet",
        start=1030,
        ids="anthropic",
    )
    t.user("Transcode interview_cam2.mov to a 1080p H.264 proxy for the editors, and burn in timecode.")
    err = (
        "ffmpeg version 7.1 Copyright (c) 2000-2024 the FFmpeg developers\n[mov,mp4,m4a,3gp,3g2,mj2 @ "
        "0x55d1c3a0] "
        "moov atom not found\n{src}: Invalid data found when processing input\n[exit status 1]"
    )
    tc = "scale=-2:1080,drawtext=timecode='00\\:00\\:00\\:00':rate=25:fontcolor=white:x=40:y=40"
    tries = [
        ("Transcoding with libx264 medium.", ["-c:v", "libx264", "-preset", "medium", "-crf", "20"], tc),
        ("Maybe the preset; trying veryfast.", ["-c:v", "libx264", "-preset", "veryfast", "-crf", "23"], tc),
        ("Trying hardware encoding instead.", ["-c:v", "h264_nvenc", "-preset", "p4", "-b:v", "12M"], tc),
        (
            "Trying without the timecode filter in case drawtext is the problem.",
            ["-c:v", "libx264", "-crf", "22"],
            "scale=-2:1080",
        ),
        ("Trying ProRes proxy as an intermediate.", ["-c:v", "prores_ks", "-profile:v", "0"], tc),
    ]
    fails = []
    for text, codec, filters in tries:
        args = {
            "input": "/mnt/ingest/interview_cam2.mov",
            "output": "/mnt/proxies/interview_cam2_1080.mp4",
            "video": codec,
            "filters": filters,
        }
        fails.append(
            t.act(
                text, "ffmpeg_transcode", args, err.format(src="/mnt/ingest/interview_cam2.mov"), error=True
            )
        )
    t.say("The transcode keeps failing. The source file may need to be re-exported.")
    onset = fails[3]
    t.loop(
        ["error_streak"],
        onset,
        "The input is truncated ('moov atom not found ... Invalid data found when processing input'), so "
        "no encoder change can help, yet the agent cycles through presets, NVENC, filters and ProRes. "
        f"Each run fails on the same input error; the fourth failure is step {onset}.",
    )
    return t.build()


def dam_search_narration() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-039-dam-search-paraphrase-narration",
        "A promo editor's assistant searches the asset library with rephrased queries for one shot and "
        "restates its goal each time; the same three clips come back.",
        agent="media asset management assistant (DAM search tools, Gemini)",
        model="gemini-2.5-flash",
        start=1061,
        ids="gemini",
    )
    t.user(
        "Find the aerial sunrise shot of the harbour we used in the 2024 city promo; I need the 4K master."
    )
    hits = js(
        {
            "total": 3,
            "assets": [
                {"id": "A-20931", "title": "Harbour cranes, dusk, tripod", "res": "3840x2160", "year": 2023},
                {"id": "A-21877", "title": "Ferry terminal timelapse", "res": "1920x1080", "year": 2024},
                {
                    "id": "A-22014",
                    "title": "Old town rooftops, drone, morning",
                    "res": "3840x2160",
                    "year": 2024,
                },
            ],
        }
    )
    queries = [
        ("I'm looking for the aerial sunrise shot of the harbour for the promo.", "aerial harbour sunrise"),
        ("Still looking for the aerial harbour sunrise shot from the 2024 promo.", "drone harbor dawn"),
        (
            "I need to find the aerial sunrise footage of the harbour used in the promo.",
            "harbour sunrise drone footage 4K",
        ),
        (
            "Looking again for the aerial shot of the harbour at sunrise from the city promo.",
            "sunrise over the port from above",
        ),
        (
            "I'm searching for the harbour aerial at sunrise, the 2024 promo shot.",
            "aerial port sunrise 2024 promo",
        ),
    ]
    steps = []
    for text, q in queries:
        steps.append(t.act(text, "dam_search", {"q": q, "type": "video", "limit": 25}, hits))
    t.say("I couldn't find the harbour sunrise aerial; the closest is A-22014 (rooftops, drone, morning).")
    onset = steps[3]
    t.loop(
        ["same_tool", "narration"],
        onset,
        "Five rephrasings of one search return the same three clips, and every step restates the same "
        "goal. The agent never looks up the 2024 promo project's asset list, which would name the shot. "
        f"The fourth attempt and fourth restatement coincide at step {onset}.",
    )
    return t.build()


def planner_monologue_chinese() -> dict[str, Any]:
    t = Trace(
        "blind9-loop-040-planner-monologue-chinese",
        "能源政策简报的规划代理在一次检索后连续多次重申下一步计划，却一直没有调用工具。",
        agent="规划-执行代理中的规划者 (LangGraph, 开源模型)",
        model="Qwen2.5-72B-Instruct",
        start=1090,
        ids="plain",
    )
    t.user("为能源局准备一页简报：2025年全国分布式光伏新增装机量、同比变化和三个主要省份。")
    t.act(
        "先检索官方统计数据。",
        "search_stats",
        {"query": "2025年 分布式光伏 新增装机 国家能源局", "top_k": 5},
        js(
            {
                "results": [
                    {
                        "title": "2025年光伏发电建设情况",
                        "source": "国家能源局",
                        "url": "https://www.nea.gov.cn/...",
                    }
                ]
            }
        ),
    )
    steps = []
    for text in (
        "找到了国家能源局的统计页面。接下来我将打开该页面，提取分布式光伏的新增装机数据。",
        "下一步：打开国家能源局页面，读取2025年分布式光伏新增装机量。",
        "我现在要打开统计页面并提取分布式光伏新增装机的数据。",
        "接下来，我会访问该页面，获取2025年分布式光伏的新增装机数字。",
        "现在打开国家能源局的页面，提取所需的装机数据。",
    ):
        steps.append(t.say(text))
    onset = steps[3]
    t.loop(
        ["narration"],
        onset,
        "After one search the planner emits five consecutive messages, with nothing in between, each "
        "restating the same next action (open the NEA page, extract the figure) without calling a tool. "
        f"The fourth restatement is step {onset}.",
    )
    return t.build()


SCENARIOS = [
    planner_executor_critic_cycle,
    chess_engine_recheck,
    shop_add_to_cart_writes,
    transcode_moov_atom,
    dam_search_narration,
    planner_monologue_chinese,
]
