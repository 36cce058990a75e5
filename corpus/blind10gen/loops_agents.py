"""Loops: re-delegation to sub-agents whose reports agree, restated intent with no progress, and
degenerate text (a newsroom crew, a postmortem writer, a travel-expense agent in Greek, community
management, CMS publishing, a genomics QC manager, a support desk merging tickets)."""

from __future__ import annotations

from typing import Any

from .builder import C, Trace


def crewai_redelegate_figure() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-027-newsroom-redelegate-unemployment",
        "A CrewAI editor agent delegates the same figure check to its research coworker again and again; "
        "every report confirms 4.1% from the same source",
        agent="newsroom crew (CrewAI hierarchical process: editor, research analyst)",
        model="gpt-4o-2024-11-20",
        start="2026-04-24T05:50:00+00:00",
        ids="call",
        meta={"harness": "crewai 0.201", "story": "labour-market-weekly"},
    )
    t.user(
        "Fact-check the labour-market story before 07:00. Paragraph 4 says Swedish unemployment was 4.1% in "
        "March; check it and the two quotes, then mark the story ready."
    )
    t.step(
        "Thought: I should read the draft first.",
        C(
            "Read CMS story",
            {"story_id": "lm-weekly-0424"},
            {
                "paragraphs": 9,
                "p4": "Arbetslösheten låg på 4,1 procent i mars, enligt SCB.",
                "quotes": ["Minister L. Ek", "Economist J. Holm"],
            },
        ),
    )
    reports = [
        "Verified. SCB Labour Force Survey (AKU), March 2026: unemployment 4.1% seasonally adjusted. Press "
        "release published 2026-04-23.",
        "Confirmed — the SCB AKU release for March 2026 gives 4.1 % (seasonally adjusted); release date 23 "
        "April.",
        "The primary source (Statistics Sweden, AKU, March 2026) states 4.1 percent, seasonally adjusted.",
        "Re-checked against SCB's statistical database table AM0401: March 2026, seasonally adjusted, 4.1%.",
    ]
    tasks = [
        "Verify that Swedish unemployment was 4.1% in March 2026 (source: SCB).",
        "Double-check the 4.1% unemployment figure for March 2026 against SCB.",
        "Please re-verify the March 2026 unemployment rate with the primary source before we publish.",
        "Confirm once more that 4.1% is correct for March 2026.",
    ]
    thoughts = [
        "Thought: I will delegate the figure check to the Research Analyst.",
        "Thought: The figure is important; I want a second confirmation.",
        "Thought: Before marking ready I want the Research Analyst to check the primary source.",
        "Thought: Let me make sure about the figure one last time.",
    ]
    delegations = []
    for i, (thought, task, report) in enumerate(zip(thoughts, tasks, reports, strict=True)):
        delegations.append(
            t.step(
                thought,
                C(
                    "Delegate work to coworker",
                    {
                        "task": task,
                        "context": "Paragraph 4 of story lm-weekly-0424.",
                        "coworker": "Research Analyst",
                    },
                    report,
                ),
            )
        )
        if i == 1:
            t.step(
                "Thought: The quotes also need checking; I'll look at the interview log.",
                C(
                    "Search interview log",
                    {"story_id": "lm-weekly-0424"},
                    {
                        "Minister L. Ek": "recorded 2026-04-22, quote verbatim",
                        "Economist J. Holm": "email 2026-04-23",
                    },
                ),
            )
    t.step(
        "Thought: Ask the analyst directly.",
        C(
            "Ask question to coworker",
            {
                "question": "Is 4.1% right for March 2026?",
                "context": "Story lm-weekly-0424",
                "coworker": "Research Analyst",
            },
            "Yes. 4.1% (seasonally adjusted), SCB AKU, March 2026.",
        ),
    )
    t.system("Agent stopped due to iteration limit or time limit.")
    onset = delegations[2]
    return t.loop(
        ["same_tool"],
        onset,
        "The editor delegates the same check four times (then asks once more) and every report says 4.1% "
        "from SCB's March AKU release, worded differently. The 3rd delegation, after two agreeing reports, "
        f"at step {onset}, is the onset; the story is never marked ready.",
    )


def adk_postmortem_announcements() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-028-postmortem-section-announced-never-written",
        "An incident postmortem writer announces the Contributing Factors section turn after turn without "
        "calling a tool; the runner answers each time with the same reminder",
        agent="incident postmortem writer (Google ADK LlmAgent, Confluence and incident tools)",
        model="gemini-2.5-flash",
        start="2026-03-16T09:10:00+00:00",
        ids="adk",
        meta={"harness": "google-adk 1.18 (custom runner)", "incident": "INC-2291"},
    )
    t.user(
        "Write the postmortem for INC-2291 (payments webhook backlog, 14 March) in our template and publish "
        "it to the SRE space."
    )
    t.step(
        "",
        C(
            "get_incident",
            {"id": "INC-2291"},
            {
                "id": "INC-2291",
                "sev": 2,
                "start": "2026-03-14T10:02Z",
                "end": "2026-03-14T12:47Z",
                "timeline": [
                    ["10:02", "webhook queue depth > 50k"],
                    ["10:19", "consumer autoscaling capped at 12"],
                    ["11:05", "partner retries triple inbound rate"],
                    ["12:31", "cap raised to 40"],
                    ["12:47", "backlog drained"],
                ],
            },
        ),
    )
    t.step(
        "",
        C(
            "get_template",
            {"name": "postmortem-v4"},
            {"sections": ["Summary", "Impact", "Timeline", "Contributing factors", "Action items"]},
        ),
    )
    for section, body in [
        ("Summary", "Webhook deliveries to merchants were delayed up to 2h45m..."),
        ("Impact", "31% of merchants saw delayed payment notifications..."),
        ("Timeline", "10:02 queue depth alert; 10:19 autoscaling cap reached; ..."),
    ]:
        t.step(
            "",
            C(
                "write_section",
                {"doc": "pm-INC-2291", "section": section, "markdown": body},
                {"ok": True, "section": section, "revision": t.hexid(6)},
            ),
        )
    lines = [
        "Next I'll write the Contributing factors section: the autoscaling cap on webhook-consumer and the "
        "retry storm from partner retries.",
        "I'll now write the Contributing factors section, covering the consumer autoscaling cap of 12 and "
        "the partner retry storm.",
        "Now writing Contributing factors: (1) the autoscaling cap, (2) retries from partners tripling "
        "inbound load.",
        "Let me write the Contributing factors section next — the autoscaling cap and the partner retry "
        "storm.",
        "I will now add the Contributing factors section about the autoscaling cap and the retry storm.",
    ]
    reminder = (
        "[runner] The model returned text without a function call. Continue the task with the available "
        "tools (write_section, publish_page)."
    )
    announces = []
    for line in lines:
        announces.append(t.step(line))
        t.system(reminder)
    t.system("[runner] max_llm_calls (12) reached; the invocation was ended.")
    onset = announces[3]
    return t.loop(
        ["narration"],
        onset,
        "After writing three sections the agent announces the same next section five times without calling "
        "write_section; only the harness's identical reminders come in between (system messages do not "
        f"start a turn). The 4th announcement, at step {onset}, is the onset.",
    )


def expense_monologue_el() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-029-expense-submit-monologue-el",
        "A travel-expense agent (Greek) builds a report, then says it will submit it in consecutive "
        "messages without ever calling the submit tool",
        agent="travel expense reporting agent (Mastra agent, expense platform tools)",
        model="gpt-4.1-mini",
        start="2026-03-17T16:00:00+00:00",
        ids="short",
        meta={"harness": "mastra 0.18", "employee": "e.papadaki"},
    )
    t.user(
        "Υπόβαλε την αναφορά εξόδων για το ταξίδι στη Θεσσαλονίκη (12–14 Μαρτίου). Οι αποδείξεις είναι ήδη "
        "ανεβασμένες."
    )
    receipts = [
        ("rc_101", "Aegean A3 120", 148.00),
        ("rc_102", "Ξενοδοχείο Egnatia (2 νύχτες)", 196.00),
        ("rc_103", "Ταξί αεροδρόμιο", 24.50),
        ("rc_104", "Γεύμα πελάτη", 31.60),
        ("rc_105", "Ταξί", 12.50),
    ]
    t.step(
        "Βρίσκω τις αποδείξεις.",
        C(
            "list_receipts",
            {"from": "2026-03-12", "to": "2026-03-14"},
            {"receipts": [{"id": i, "merchant": m, "amount_eur": a} for i, m, a in receipts]},
        ),
    )
    t.step(
        "",
        C(
            "create_expense_report",
            {"title": "Θεσσαλονίκη 12–14/3", "currency": "EUR"},
            {"report_id": "ER-5531", "state": "draft"},
        ),
    )
    t.step(
        "",
        C(
            "add_report_lines",
            {"report_id": "ER-5531", "receipt_ids": [r[0] for r in receipts]},
            {"report_id": "ER-5531", "lines": 5, "total_eur": 412.60, "policy_warnings": []},
        ),
    )
    lines = [
        "Η αναφορά ER-5531 είναι έτοιμη (412,60 €). Τώρα θα την υποβάλω για έγκριση στον προϊστάμενο.",
        "Υποβάλλω τώρα την αναφορά ER-5531 στον προϊστάμενο για έγκριση.",
        "Θα προχωρήσω στην υποβολή της ER-5531 για έγκριση.",
        "Η αναφορά ER-5531 θα υποβληθεί τώρα για έγκριση στον προϊστάμενο.",
        "Προχωράω στην υποβολή της αναφοράς ER-5531.",
        "Τώρα υποβάλλω την ER-5531 για έγκριση.",
    ]
    says = [t.step(line) for line in lines]
    onset = says[3]
    return t.loop(
        ["narration"],
        onset,
        "After the report is built, six consecutive assistant messages (a monologue, nothing in between) "
        "restate 'I will submit ER-5531 now' and submit_report is never called. The 4th restatement, at "
        f"step {onset}, is the onset.",
    )


def community_reply_degenerate() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-030-community-reply-thank-you-degenerate",
        "A community management agent drafts a reply to a release-delay thread and the draft collapses into "
        "one sentence repeated",
        agent="community management agent (Discord and forum tools, Vercel AI SDK)",
        model="mistral-small-2503",
        start="2026-05-02T14:10:00+00:00",
        ids="call",
        meta={"harness": "ai-sdk 5 generateText (maxSteps 6)", "community": "forum.example-app.dev"},
    )
    t.user(
        "Draft a reply to the pinned complaint thread about the delayed v3 release. Be honest: it's now "
        "mid-May, and say why. Don't post it, just give me the text."
    )
    t.step(
        "",
        C(
            "get_thread",
            {"thread_id": "t-8812", "limit": 20},
            {
                "title": "v3 is 6 weeks late — any real date?",
                "posts": 47,
                "top": [
                    "No updates since March?",
                    "Is the sync engine rewrite the blocker?",
                    "Just give us a date.",
                ],
            },
        ),
    )
    t.step(
        "",
        C(
            "get_release_status",
            {"milestone": "v3.0"},
            {
                "target": "2026-05-15",
                "blockers": ["sync engine migration for large workspaces"],
                "open_issues": 6,
            },
        ),
    )
    intro = (
        "Hi everyone — thanks for sticking with us, and sorry for the silence since March. v3 slipped "
        "because the new sync engine broke on very large workspaces, and we would rather ship late than "
        "lose anyone's data. Our current target is mid-May (15 May). "
    )
    loop_sentence = "We are working hard to get v3 into your hands, and we really appreciate your patience! "
    text = intro + loop_sentence * 38 + "We are working hard to get"
    onset = t.step(text)
    t.user("That draft is broken, the last part repeats. Try again, shorter.")
    t.step(
        "Sorry about that. Here's a shorter draft:\n\nHi all — sorry for going quiet. v3 slipped because "
        "the new sync engine failed on very large workspaces and we won't ship something that risks your "
        "data. Six blockers remain; our target is 15 May and we'll post an update here every Friday until "
        "it ships."
    )
    return t.loop(
        ["degenerate_text"],
        onset,
        "The draft starts well and then repeats one sentence 38 times and stops mid-sentence: the reply at "
        f"step {onset} collapses into repetition, which is the onset. The user's new message starts a new "
        "turn, in which the agent recovers.",
    )


def cms_body_degenerate() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-031-cms-post-body-repeated-paragraph",
        "An SEO content agent writes a CMS update whose body argument is one keyword paragraph repeated "
        "dozens of times, then does it again on the next revision",
        agent="SEO content agent (headless CMS and keyword tools, LangGraph)",
        model="llama-3.1-70b-instruct",
        start="2026-01-08T11:30:00+00:00",
        meta={"harness": "langgraph 1.2", "site": "runners-example.com"},
    )
    t.user(
        "Refresh the 'Best trail running shoes 2026' post with this year's keywords and republish it as a "
        "draft."
    )
    t.step(
        "",
        C(
            "cms_get_post",
            {"slug": "best-trail-running-shoes"},
            {
                "id": 3391,
                "title": "Best trail running shoes 2025",
                "words": 1840,
                "status": "published",
                "revision": 13,
            },
        ),
    )
    t.step(
        "",
        C(
            "keyword_research",
            {"seed": "trail running shoes", "market": "en-US"},
            {
                "keywords": [
                    ["best trail running shoes 2026", 18100],
                    ["waterproof trail shoes", 6600],
                    ["trail running shoes wide feet", 2900],
                ]
            },
        ),
    )
    para = (
        "<p>Looking for the best trail running shoes 2026? Our guide to the best trail running shoes 2026 "
        "covers waterproof trail shoes and trail running shoes for wide feet.</p>\n"
    )
    body = "<h2>Best trail running shoes 2026</h2>\n" + para * 32
    onset = t.step(
        "Updating the post body with the new keywords.",
        C(
            "cms_update_post",
            {"id": 3391, "title": "Best trail running shoes 2026", "status": "draft", "body": body},
            {"ok": True, "id": 3391, "revision": 14, "words": 32 * 27 + 5},
        ),
    )
    t.step(
        "Checking the saved draft.",
        C(
            "cms_get_post",
            {"id": 3391, "revision": 14},
            {
                "id": 3391,
                "title": "Best trail running shoes 2026",
                "words": 869,
                "status": "draft",
                "revision": 14,
                "readability": {"flesch": 41.2, "duplicate_paragraphs": 31},
            },
        ),
    )
    t.step(
        "The draft has duplicate paragraphs; rewriting the body.",
        C(
            "cms_update_post",
            {
                "id": 3391,
                "title": "Best trail running shoes 2026",
                "status": "draft",
                "body": "<h2>Best trail running shoes 2026</h2>\n" + para * 29,
            },
            {"ok": True, "id": 3391, "revision": 15, "words": 29 * 27 + 5},
        ),
    )
    return t.loop(
        ["degenerate_text"],
        onset,
        f"The body argument of cms_update_post at step {onset} is one keyword-stuffed paragraph repeated 32 "
        "times: the tool argument collapses into repetition, which is the onset. The 'rewrite' two steps "
        "later repeats the same paragraph 29 times.",
    )


def smolagents_qc_redelegate() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-032-genomics-qc-reviewer-redelegated",
        "A genomics QC manager agent hands the same coverage review to its managed reviewer agent three "
        "times; each report names S07 as the only failing sample",
        agent="genomics QC manager (smolagents CodeAgent with a managed qc_reviewer agent)",
        model="Qwen/Qwen2.5-Coder-32B-Instruct",
        start="2026-06-08T07:00:00+00:00",
        ids="call",
        meta={"harness": "smolagents 1.21", "run": "cohortC-wgs-2026-06"},
    )
    t.user(
        "Review the coverage QC for the 12 cohort C genomes (threshold 30x mean) and tell me which samples "
        "need re-sequencing."
    )
    t.step(
        "Thought: Read the MultiQC general stats first.",
        C(
            "python_interpreter",
            {
                "code": "import pandas as pd\ndf = pd.read_csv('results/multiqc/multiqc_general_stats.txt', "
                "sep='\\t')\nprint(df[['Sample','mosdepth_mean_coverage']].to_string(index=False))"
            },
            "Execution logs:\n Sample  mosdepth_mean_coverage\n    S01  36.2\n    S02  41.0\n    S03  "
            "33.8\n    S04  44.0\n    S05  31.2\n    S06  38.9\n    S07  18.3\n    S08  35.5\n    S09  "
            "32.7\n    S10  39.4\n    S11  34.1\n    S12  37.0\nLast output from code snippet:\nNone",
        ),
    )
    reports = [
        "Here is the final answer from your managed agent 'qc_reviewer':\n### 1. Task outcome (short "
        "version):\nS07 fails coverage (18.3x < 30x). All other samples pass (31.2x-44.0x).",
        "Here is the final answer from your managed agent 'qc_reviewer':\n### 1. Task outcome (short "
        "version):\nOnly S07 is below threshold at 18.3x mean; S01-S06 and S08-S12 are between 31.2x and "
        "44.0x.",
        "Here is the final answer from your managed agent 'qc_reviewer':\n### 1. Task outcome (short "
        "version):\nOne failure: S07 (18.3x). The remaining 11 samples meet the 30x threshold.",
        "Here is the final answer from your managed agent 'qc_reviewer':\n### 1. Task outcome (short "
        "version):\nS07 = 18.3x, below 30x; every other sample passes.",
    ]
    tasks = [
        "Review mean coverage for S01-S12 against a 30x threshold and list failing samples.",
        "Re-check coverage for all 12 samples, paying attention to S07, and list failures.",
        "Independently verify which cohort C samples fail the 30x coverage threshold.",
        "Please confirm the failing samples once more using the mosdepth summaries.",
    ]
    delegations = []
    for i, (task, report) in enumerate(zip(tasks, reports, strict=True)):
        delegations.append(
            t.step(
                "Thought: Ask the QC reviewer to go over it."
                if i == 0
                else "Thought: Verify with the reviewer again.",
                C("qc_reviewer", {"task": task, "additional_args": {"run": "cohortC-wgs-2026-06"}}, report),
            )
        )
        if i == 0:
            t.step(
                "Thought: Look at S07's mosdepth summary myself.",
                C(
                    "python_interpreter",
                    {"code": "print(open('results/qc/S07.mosdepth.summary.txt').read()[-200:])"},
                    "Execution logs:\nchr21\t46709983\t851021229\t18.22\t0\t248\n"
                    "total\t3099734149\t56725134924\t18.30\t0\t1021\nLast output from code snippet:\nNone",
                ),
            )
    t.step(
        "Thought: I have the answer.",
        C(
            "final_answer",
            {"answer": "Re-sequence S07 only (18.3x mean coverage); all others pass 30x."},
            "Re-sequence S07 only (18.3x mean coverage); all others pass 30x.",
        ),
    )
    onset = delegations[2]
    return t.loop(
        ["same_tool"],
        onset,
        "The manager delegates the same review to qc_reviewer four times; every report (and the manager's "
        "own reads) say S07 at 18.3x is the only failure. The 3rd delegation, after two agreeing reports, "
        f"at step {onset}, is the onset.",
    )


def support_merge_announced() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-033-support-merge-announced-reread",
        "A support desk agent says it will merge two tickets, but each step re-reads the same ticket "
        "instead of merging",
        agent="support desk agent (helpdesk tools: tickets, macros, merges; Claude)",
        model="claude-3-5-haiku-20241022",
        start="2026-02-26T10:40:00+00:00",
        ids="toolu",
        meta={"harness": "claude-agent-sdk 0.2", "desk": "billing-tier1"},
    )
    t.user(
        "Tickets #4412 and #4398 are the same duplicate-charge complaint. Merge 4412 into 4398 and apply "
        "the 'Refund – duplicate charge' macro to 4398."
    )
    t.step(
        "Reading the target ticket.",
        C(
            "get_ticket",
            {"id": 4398},
            {
                "id": 4398,
                "subject": "Charged twice for March",
                "requester": "k.lindqvist@example.se",
                "status": "open",
                "tags": ["billing"],
            },
        ),
    )
    ticket = C(
        "get_ticket",
        {"id": 4412},
        {
            "id": 4412,
            "subject": "Double charge on my card",
            "requester": "k.lindqvist@example.se",
            "status": "new",
            "tags": [],
        },
    )
    texts = [
        "Now I'll merge #4412 into #4398.",
        "Merging #4412 into #4398 now.",
        "Let me merge ticket 4412 into 4398.",
        "I'll go ahead and merge #4412 into #4398 so the customer gets one thread.",
        "Merging 4412 → 4398.",
    ]
    reads = [t.step(text, ticket) for text in texts]
    t.system("Tool-call budget for this conversation exhausted.")
    onset = reads[2]
    return t.loop(
        ["identical_call", "narration"],
        onset,
        "Each step announces the merge and instead re-reads ticket 4412 with an identical get_ticket call "
        f"and identical result; merge_tickets is never called. The 3rd identical read, at step {onset}, is "
        "the onset (the restatement rule would only be met one step later).",
    )


SCENARIOS = [
    crewai_redelegate_figure,
    adk_postmortem_announcements,
    expense_monologue_el,
    community_reply_degenerate,
    cms_body_degenerate,
    smolagents_qc_redelegate,
    support_merge_announced,
]
