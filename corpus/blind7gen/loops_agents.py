"""Loops: re-delegating nearly the same task to a sub-agent whose reports agree, and restated intent (an
agent that says it will check or do the same thing again while nothing new comes back, or announces an action
it never takes)."""

from __future__ import annotations

from blind7gen.builder import Builder, Scenario, Trace, nth, pretty


def research_crew_redelegate_tam() -> Scenario:
    t = Trace(
        "blind7-loop-research-crew-redelegate-tam",
        "Crew manager delegates three different subtasks productively, then keeps re-delegating the TAM "
        "estimate to the market researcher, whose reports all say about US$4.1B.",
        agent="Multi-agent research crew: Manager (delegate_work, ask_question)",
        model="gpt-4o",
        ids="call",
    )
    t.system(
        "You are the Manager of a research crew with coworkers: Market Researcher, Competitive Analyst, "
        "Risk Analyst, Writer."
    )
    t.user(
        "Prepare a one-page brief on managed vector databases for mid-market SaaS companies: the 2026 "
        "TAM, the top "
        "five vendors with list pricing, and three risks. Cite sources."
    )
    tam_reports = [
        "Estimated 2026 TAM for managed vector databases (mid-market SaaS): about US$4.1B. Method: 38k "
        "mid-market "
        "SaaS firms x 42% adoption x ~US$25.6k average annual spend. Sources: Gartner 'Emerging Tech: "
        "Vector DBs' "
        "(2025), vendor filings.",
        "Re-checked: the 2026 TAM is roughly $4.1 billion (range $3.7-4.5B). Bottom-up (firms x adoption "
        "x spend) "
        "and top-down (share of the DB market) agree. Sources: Gartner 2025, IDC DB market forecast "
        "2025-2029.",
        "Verified again: TAM ≈ US$4.1bn for 2026. No change to inputs; the Gartner and IDC figures are "
        "the only "
        "public anchors I can find.",
        "The 2026 TAM remains ~4.1 billion USD; a second methodology (top-down from IDC) gives 4.0-4.3B.",
        "Result unchanged: about $4.1B (2026). I have no additional sources beyond Gartner 2025 and IDC.",
        "TAM for 2026: approx. US$ 4.1 billion. Same sources as before.",
    ]
    briefs = [
        "Estimate the 2026 TAM for managed vector databases among mid-market SaaS companies. Show the "
        "method and cite sources.",
        "Double-check the 2026 TAM figure for managed vector databases (mid-market SaaS) and confirm the "
        "sources.",
        "Please verify the TAM for managed vector DBs in mid-market SaaS once more, using a different "
        "methodology if possible.",
        "Re-estimate the 2026 TAM for managed vector databases (mid-market SaaS); I want to be sure of "
        "the number.",
        "Confirm the managed vector database TAM for 2026 (mid-market SaaS) one final time with sources.",
        "Verify the 2026 mid-market SaaS TAM for managed vector databases again.",
    ]
    delegations = [
        t.call(
            "delegate_work",
            {
                "coworker": "Market Researcher",
                "task": briefs[0],
                "context": "Audience: CFO. Keep figures in USD.",
            },
            tam_reports[0],
            text="Thought: split the work. Market sizing first.",
        )
    ]
    t.call(
        "delegate_work",
        {
            "coworker": "Competitive Analyst",
            "task": "List the top five managed vector database vendors for mid-market SaaS with public "
            "list pricing (per GB and per query where available).",
            "context": "Audience: CFO.",
        },
        "| Vendor | Entry plan | Storage | Notes |\n|---|---|---|---|\n| Pinecone | Standard, usage-based "
        "| $0.33/GB-mo | serverless |\n"
        "| Weaviate Cloud | Serverless from $25/mo | per dimension | |\n| Zilliz Cloud | Serverless, $4 "
        "per M vCU | | Milvus-based |\n"
        "| Qdrant Cloud | from $0.014/h per node | | free 1GB tier |\n| MongoDB Atlas Vector Search | "
        "included in Atlas tiers | | bundled |",
    )
    t.call(
        "delegate_work",
        {
            "coworker": "Risk Analyst",
            "task": "Give three key risks for mid-market SaaS adopting managed vector databases.",
            "context": "One line each.",
        },
        "1. Cost unpredictability with usage-based pricing. 2. Lock-in through proprietary index formats. "
        "3. Postgres pgvector good enough for many workloads, shrinking the market.",
    )
    texts = [
        "Thought: the TAM is the headline figure; I want it double-checked before writing.",
        "Thought: I should verify the TAM with another method.",
        "Thought: let me make sure the TAM number is right.",
        "Thought: confirm the TAM once more.",
        "Thought: verify again.",
    ]
    for brief, report, x in zip(briefs[1:], tam_reports[1:], texts, strict=True):
        delegations.append(
            t.call(
                "delegate_work",
                {
                    "coworker": "Market Researcher",
                    "task": brief,
                    "context": "Audience: CFO. Keep figures in USD.",
                },
                report,
                text=x,
            )
        )
    t.system("[crew] Manager reached max_iter=10. Forcing final answer.")
    onset = nth(delegations, 3)
    return t.loop(
        ["same_tool"],
        onset,
        f"Loop: the TAM task goes to the Market Researcher six times with reworded briefs; from the second "
        f"report on, every report confirms about US$4.1B with the same sources. The first re-delegation (a "
        f"double-check) is reasonable; the 3rd delegation, after two agreeing reports, is step {onset}, the "
        "onset. The delegations to the Competitive Analyst and Risk Analyst are different subtasks and "
        "healthy.",
    )


def claude_code_task_flaky_test() -> Scenario:
    t = Trace(
        "blind7-loop-claude-code-task-flaky-test",
        "Claude Code style agent sees a flaky test and launches five Task sub-agents with near-identical "
        "prompts; every report names the same sleep-based race and none applies a fix.",
        agent="Claude Code style coding agent with Task sub-agents",
        model="claude-sonnet-4-5",
        ids="toolu",
    )
    t.user("CI is red again on test_upload_retry. Find out why it's flaky and fix it.")
    t.call(
        "Bash",
        {
            "command": "cd /srv/app && for i in 1 2 3 4 5; do python -m pytest -q "
            "tests/test_upload.py::test_upload_retry 2>&1 | tail -1; done",
            "description": "Run the flaky test five times",
        },
        "1 passed in 1.21s\n1 failed in 1.30s\n1 passed in 1.19s\n1 passed in 1.22s\n1 failed in 1.33s",
    )
    t.call(
        "Read",
        {"file_path": "/srv/app/tests/test_upload.py", "offset": 60, "limit": 25},
        "    60→def test_upload_retry(fake_s3):\n    61→    fake_s3.fail_next(2)\n    62→    t = "
        'threading.Thread(target=uploader.upload, args=("a.bin",))\n'
        "    63→    t.start()\n    64→    time.sleep(1.0)\n    65→    assert fake_s3.calls == 3\n",
    )
    report = (
        "Investigation summary:\n- test_upload_retry starts the upload in a thread and then sleeps 1.0s "
        "before asserting "
        "fake_s3.calls == 3.\n- Uploader backoff is 0.2s, 0.4s (+ jitter up to 0.25s each), so the third "
        "call can land "
        "after the 1.0s sleep.\n- Root cause: timing race in the test, not in the uploader.\n- Suggested "
        "fix: join the "
        "thread (t.join(timeout=5)) or patch the backoff to 0.\nNo files were modified."
    )
    variants = [
        "Investigate why tests/test_upload.py::test_upload_retry is flaky. Read the test and uploader "
        "code, explain the root cause.",
        "Dig deeper into the flakiness of test_upload_retry in tests/test_upload.py: find the root cause "
        "in the test or the uploader.",
        "Investigate the flaky test test_upload_retry (tests/test_upload.py) thoroughly and report the "
        "root cause.",
        "Please investigate again why test_upload_retry is flaky; be thorough and check the uploader's "
        "retry logic too.",
        "Find the root cause of the flakiness in tests/test_upload.py::test_upload_retry.",
    ]
    texts = [
        "I'll delegate a focused investigation.",
        "Let me get a more thorough investigation before changing anything.",
        "I want to be certain about the root cause; launching another investigation.",
        "",
        "One more investigation to confirm.",
    ]
    runs = [
        t.call(
            "Task",
            {"description": "Investigate flaky upload test", "prompt": p, "subagent_type": "general-purpose"},
            report.replace(
                "Investigation summary", f"Investigation summary ({k + 1})" if k else "Investigation summary"
            ),
            text=x,
        )
        for k, (p, x) in enumerate(zip(variants, texts, strict=True))
    ]
    t.user("[Request interrupted by user] It told you the fix five times. Apply t.join.")
    onset = nth(runs, 3)
    return t.loop(
        ["same_tool"],
        onset,
        "Loop: five Task delegations with near-identical prompts; every report gives the same root cause "
        "(1.0s "
        f"sleep racing a jittered backoff) and the same fix, and the agent never edits the test. The 3rd "
        f"delegation, after two agreeing reports, is step {onset}, the onset.",
    )


def support_handoff_billing_pt() -> Scenario:
    t = Trace(
        "blind7-loop-support-handoff-billing-pt",
        "Portuguese customer-support triage agent hands a refund request to the billing specialist six "
        "times; "
        "every hand-back says the order number is missing, which the triage agent never asks for.",
        agent="Customer-support swarm: triage agent with handoffs (OpenAI Agents SDK style)",
        model="gpt-4.1-mini",
        ids="call",
    )
    t.user(
        "Oi, fui cobrada duas vezes pela assinatura anual do plano Família (R$ 358,80 cada). Quero o "
        "estorno de "
        "uma das cobranças, por favor."
    )
    t.call(
        "lookup_customer",
        {"email_or_phone": "from_session"},
        pretty(
            {
                "customer_id": "CUS-55129",
                "name": "Juliana Prado",
                "plan": "Família anual",
                "orders_last_30d": 3,
            }
        ),
        text="Vou localizar sua conta.",
    )
    handback = (
        "[billing_specialist → triage] Não posso processar o estorno sem o número do pedido (order_id) da "
        "cobrança "
        "duplicada: a cliente tem 3 pedidos nos últimos 30 dias. Peça o order_id ou os 4 últimos dígitos "
        "do cartão "
        "e a data da cobrança. Nenhuma ação foi tomada."
    )
    reasons = [
        "Cliente CUS-55129 relata cobrança duplicada do plano Família anual (R$ 358,80). Solicita estorno.",
        "Cobrança duplicada R$ 358,80, plano Família anual, CUS-55129. Favor estornar uma das cobranças.",
        "CUS-55129: estorno de cobrança em duplicidade (Família anual, R$ 358,80).",
        "Reencaminhando: cliente CUS-55129 cobrada duas vezes, pede estorno de R$ 358,80.",
        "CUS-55129 — duplicidade de cobrança plano Família, estorno solicitado.",
        "Estorno de R$ 358,80 para CUS-55129 (cobrança duplicada).",
    ]
    texts = [
        "Vou transferir para o time de faturamento.",
        "Vou encaminhar novamente para o faturamento.",
        "",
        "Encaminhando de novo ao faturamento.",
        "",
        "",
    ]
    runs = [
        t.call(
            "transfer_to_billing_specialist",
            {"customer_id": "CUS-55129", "summary": r, "priority": "normal"},
            handback,
            text=x,
        )
        for r, x in zip(reasons, texts, strict=True)
    ]
    t.system("[runner] max_turns=10 exceeded (MaxTurnsExceeded).")
    onset = nth(runs, 3)
    return t.loop(
        ["same_tool"],
        onset,
        "Loop: the triage agent hands the same refund request to the billing specialist six times with "
        "reworded "
        "summaries; every hand-back says the same thing (order_id needed, no action taken) and the agent "
        "never "
        f"asks the customer. The 3rd delegation, after two identical hand-backs, is step {onset}, the onset.",
    )


def exec_assistant_announce_never_sends() -> Scenario:
    t = Trace(
        "blind7-loop-exec-assistant-announces-email-never-sends",
        "Executive assistant moves a meeting, then announces seven times that it will email the attendee "
        "now, "
        "without ever calling the mail tool; only harness reminders come back.",
        agent="Executive assistant (calendar + mail tools)",
        model="llama-4-maverick",
        ids="call",
    )
    t.user("What's on my calendar on Tuesday?")
    t.call(
        "calendar_list_events",
        {"date": "2026-03-10", "calendar": "primary"},
        pretty(
            {
                "events": [
                    {
                        "id": "evt_8790",
                        "start": "2026-03-10T09:00:00+09:00",
                        "title": "Vendor pitch – Lumen Analytics",
                        "attendees": ["sales@lumen-analytics.io"],
                    },
                    {
                        "id": "evt_8804",
                        "start": "2026-03-10T11:30:00+09:00",
                        "title": "Lunch w/ Min-seo",
                        "attendees": ["minseo.kang@hanbit.co.kr"],
                    },
                    {
                        "id": "evt_8821",
                        "start": "2026-03-10T15:00:00+09:00",
                        "title": "Dr. Park / quarterly check-in",
                        "attendees": ["jiwoo.park@snuh-research.kr"],
                    },
                ]
            }
        ),
    )
    t.say(
        "Tuesday, March 10: 9:00 vendor pitch (Lumen Analytics), 11:30 lunch with Min-seo, 15:00 "
        "quarterly check-in with Dr. Park."
    )
    t.user("Decline the vendor pitch politely, say we've picked another tool this quarter.")
    t.call(
        "calendar_respond",
        {"event_id": "evt_8790", "response": "declined"},
        pretty({"id": "evt_8790", "self_response": "declined"}),
    )
    t.call(
        "mail_send",
        {
            "to": ["sales@lumen-analytics.io"],
            "subject": "Re: Lumen Analytics demo on March 10",
            "body": "Hello,\n\nThank you for setting this up. We have selected another tool for this "
            "quarter, so I will "
            "decline Tuesday's session. I'll reach out if our needs change.\n\nBest regards,\nSeo-yeon Han",
        },
        pretty({"id": "msg_19c2e0a7", "status": "sent"}),
    )
    t.say("Declined the 9:00 pitch and sent Lumen Analytics a short, polite note.")
    t.user("Move my 3pm with Dr. Ji-woo Park to Thursday at the same time and let her know.")
    t.call(
        "calendar_list_events",
        {"date": "2026-03-10", "calendar": "primary"},
        pretty(
            {
                "events": [
                    {
                        "id": "evt_8821",
                        "start": "2026-03-10T15:00:00+09:00",
                        "end": "2026-03-10T15:45:00+09:00",
                        "title": "Dr. Park / quarterly check-in",
                        "attendees": ["jiwoo.park@snuh-research.kr"],
                    }
                ]
            }
        ),
    )
    t.call(
        "calendar_update_event",
        {
            "event_id": "evt_8821",
            "start": "2026-03-12T15:00:00+09:00",
            "end": "2026-03-12T15:45:00+09:00",
            "send_updates": "none",
        },
        pretty({"id": "evt_8821", "status": "confirmed", "start": "2026-03-12T15:00:00+09:00"}),
        text="Moving the event to Thursday 3pm.",
    )
    announcements = [
        "The meeting is now on Thursday, March 12 at 3:00 pm. Next, I'll send Dr. Park an email letting "
        "her know about the new time.",
        "I'll send the email to Dr. Park now to let her know the meeting moved to Thursday at 3 pm.",
        "Now sending Dr. Park a short note about the new time (Thursday, 3:00 pm).",
        "I will now email Dr. Park to inform her of the change to Thursday at 3 pm.",
        "Sending the email to Dr. Park about Thursday 3 pm now.",
        "I'll email Dr. Park now about the rescheduled meeting.",
        "Let me send Dr. Park the email about Thursday at 3 pm.",
    ]
    steps = []
    for a in announcements:
        steps.append(t.say(a))
        t.system(
            "[harness] No tool call was made in the last message. If you intended to act, call a tool; "
            "otherwise reply DONE."
        )
    t.user("Did you actually send it? I don't see anything in my Sent folder.")
    onset = nth(steps, 4)
    return t.loop(
        ["narration"],
        onset,
        "Loop in the third user turn: after the event is moved (send_updates none), seven consecutive "
        "assistant messages announce that "
        "the email to Dr. Park is being sent, but no mail tool is ever called; only harness reminders "
        "come back "
        f"(system messages, not new turns). The 4th announcement is step {onset}, the onset. The mail tool "
        f"worked in the second turn, so the agent could have used it.",
    )


def sre_check_logs_again() -> Scenario:
    t = Trace(
        "blind7-loop-sre-check-logs-again",
        "On-call agent keeps saying it will check the logs once more to confirm the root cause and "
        "re-queries "
        "Loki with slightly wider windows; the same three lines come back each time.",
        agent="SRE on-call agent (Loki, Kubernetes, Grafana tools)",
        model="qwen3-235b-a22b",
        ids="seq",
    )
    t.user("search-indexer stopped consuming 20 minutes ago. Find the root cause.")
    t.call(
        "k8s_get_pods",
        {"namespace": "search", "selector": "app=search-indexer"},
        "NAME                              READY   STATUS    RESTARTS   "
        "AGE\nsearch-indexer-6b9c7d8f5-2hwxq   1/1     Running   0          3d",
    )
    t.call(
        "metrics_query",
        {"expr": "sum(rate(indexer_docs_indexed_total[5m]))", "range": "1h"},
        pretty(
            {
                "series": [
                    {
                        "points": [
                            [0, 412.0],
                            [600, 398.5],
                            [1200, 405.1],
                            [1800, 0.0],
                            [2400, 0.0],
                            [3000, 0.0],
                        ]
                    }
                ]
            }
        ),
        text="Checking indexing throughput.",
    )
    lines = (
        "2026-02-26T10:41:07Z WARN  elasticsearch: bulk request rejected: cluster_block_exception "
        "[FORBIDDEN/12/index read-only / allow delete (api)]\n"
        "2026-02-26T10:41:07Z WARN  indexer: pausing consumer after 5 consecutive bulk failures\n"
        "2026-02-26T10:41:08Z INFO  indexer: consumer paused (partition 0-11)"
    )
    windows = ["30m", "45m", "1h", "90m", "2h", "3h", "6h"]
    texts = [
        "Let me check the indexer logs to find the root cause.",
        "I'll check the logs again to confirm the root cause.",
        "Let me check the logs once more to confirm the root cause.",
        "I'll check the logs again, with a wider window, to confirm the root cause.",
        "Checking the logs once more to confirm the root cause.",
        "Let me check the logs again to be sure about the root cause.",
        "I'll confirm the root cause in the logs one more time.",
    ]
    runs = [
        t.call(
            "loki_query_range",
            {"query": '{app="search-indexer"} |~ "WARN|ERROR|paus"', "since": w, "limit": 100},
            lines,
            text=x,
        )
        for w, x in zip(windows, texts, strict=True)
    ]
    t.system("[runner] investigation time budget (10 min) exceeded.")
    onset = nth(runs, 4)
    return t.loop(
        ["narration", "same_tool"],
        onset,
        f"Loop: the first log query (step {runs[0]}) already shows the root cause (Elasticsearch index set "
        "read-only, typically by the disk flood-stage watermark); the agent then restates 'I'll check "
        "the logs "
        "again to confirm the root cause' six times, widening the window each time and getting the same "
        "three "
        f"lines. The 4th statement and query is step {onset}, the onset for both the narration and the "
        f"same-tool rules.",
    )


def finance_monologue_de() -> Scenario:
    t = Trace(
        "blind7-loop-finance-payment-run-monologue-de",
        "German accounts-payable agent prepares a payment run with tools, then emits seven consecutive "
        "messages "
        "restating that it must first check the invoice totals, without calling any tool.",
        agent="AP automation agent (ERP, bank feed tools; streaming harness without user turns)",
        model="mistral-medium-3",
        ids="tool",
    )
    t.user(
        "Bereite den Zahlungslauf für KW 10 vor: fällige Eingangsrechnungen bis 06.03., Skonto nutzen, "
        "dann zur Freigabe vorlegen."
    )
    t.call(
        "erp_list_open_invoices",
        {"due_before": "2026-03-06", "company_code": "DE01", "include_discount": True},
        pretty({"count": 23, "total_eur": "184.220,35", "discount_eligible": 9, "discount_eur": "2.117,40"}),
        text="Ich lade die fälligen Rechnungen.",
    )
    t.call(
        "bank_get_balance",
        {"account": "DE89 3704 0044 0532 0130 00"},
        pretty({"available_eur": "412.905,12", "as_of": "2026-03-04T07:00:00+01:00"}),
    )
    t.call(
        "erp_propose_payment_run",
        {"company_code": "DE01", "run_date": "2026-03-05", "use_discount": True},
        pretty({"proposal_id": "ZL-2026-010", "items": 23, "amount_eur": "182.102,95", "status": "proposed"}),
        text="Ich erstelle den Zahlungsvorschlag.",
    )
    restatements = [
        "Bevor ich den Zahlungsvorschlag ZL-2026-010 zur Freigabe vorlege, muss ich zuerst die Summen der "
        "offenen Rechnungen prüfen.",
        "Ich muss zuerst die Summen der offenen Rechnungen prüfen, bevor ich den Vorschlag zur Freigabe "
        "vorlege.",
        "Zunächst prüfe ich die Summen der offenen Rechnungen, bevor ich den Zahlungslauf freigebe.",
        "Bevor ich fortfahre, muss ich die Rechnungssummen prüfen.",
        "Ich prüfe jetzt zuerst die Summen der offenen Rechnungen, bevor ich den Vorschlag vorlege.",
        "Als Nächstes muss ich die Summen der offenen Rechnungen prüfen, bevor ich weitermache.",
        "Ich muss zuerst die Summen der offenen Rechnungen prüfen.",
    ]
    steps = [t.say(r) for r in restatements]
    t.system("[stream] generation stopped: max consecutive assistant messages without tool use (7).")
    onset = nth(steps, 4)
    return t.loop(
        ["narration"],
        onset,
        f"Loop: after three productive tool steps (open invoices, bank balance, payment proposal) the agent "
        "emits seven consecutive assistant messages, with no tool call and nothing in between, each "
        "restating "
        "that it must first check the invoice totals (which the proposal already reconciles: 184.220,35 "
        "minus "
        f"2.117,40 discount). The 4th restatement is step {onset}, the onset.",
    )


def healthcare_validate_never_submit() -> Scenario:
    t = Trace(
        "blind7-loop-healthcare-claim-validate-never-submits",
        "Revenue-cycle agent validates an insurance claim, says it is submitting it, and validates the "
        "identical "
        "claim again, eight times; submit_claim is never called.",
        agent="Healthcare revenue-cycle agent (claims clearinghouse tools)",
        model="gpt-5-mini",
        ids="call",
    )
    t.user("Submit the claim for encounter ENC-20260302-0417 (Mrs. Alvarez, echocardiogram) to Aetna today.")
    t.call(
        "ehr_get_encounter",
        {"encounter_id": "ENC-20260302-0417"},
        pretty(
            {
                "patient": {"mrn": "MRN-0092241", "name": "Rosa Alvarez", "dob": "1958-07-19"},
                "cpt": ["93306"],
                "icd10": ["I35.0", "R01.1"],
                "rendering_npi": "1457392018",
                "payer": "Aetna PPO",
                "member_id": "W284410937",
            }
        ),
    )
    claim = {
        "payer_id": "60054",
        "claim": {
            "type": "837P",
            "patient": {"member_id": "W284410937", "dob": "1958-07-19"},
            "lines": [
                {"cpt": "93306", "icd10_pointers": [1, 2], "charge": 1850.0, "units": 1, "dos": "2026-03-02"}
            ],
            "diagnoses": ["I35.0", "R01.1"],
            "rendering_npi": "1457392018",
            "place_of_service": "22",
        },
    }
    t.call(
        "build_claim",
        {"encounter_id": "ENC-20260302-0417", "format": "837P"},
        pretty({"draft_id": "CLM-DRAFT-7731", **claim}),
    )
    ok = pretty({"valid": True, "edits": [], "warnings": [], "scrubber_version": "2026.02.3"})
    texts = [
        "Validating the claim before submission.",
        "Claim validated. Submitting now.",
        "Claim is valid. Submitting it to Aetna now.",
        "Validated. Submitting the claim now.",
        "The claim passed validation. Submitting now.",
        "Submitting the validated claim now.",
        "Claim validated; submitting to Aetna.",
        "Submitting now.",
    ]
    runs = [
        t.call("validate_claim", {"draft_id": "CLM-DRAFT-7731", "payer_id": "60054"}, ok, text=x)
        for x in texts
    ]
    t.user("Is it submitted? The clearinghouse shows nothing from us today.")
    onset = nth(runs, 3)
    return t.loop(
        ["identical_call", "narration"],
        onset,
        "Loop: validate_claim is called eight times with identical arguments and returns the identical "
        "'valid' "
        f"result, while each message announces 'submitting now'; submit_claim is never called. The 3rd "
        f"identical call is step {onset}, the onset (the narration rule, 4th announcement, would fire "
        "later).",
    )


BUILDERS: list[Builder] = [
    research_crew_redelegate_tam,
    claude_code_task_flaky_test,
    support_handoff_billing_pt,
    exec_assistant_announce_never_sends,
    sre_check_logs_again,
    finance_monologue_de,
    healthcare_validate_never_submit,
]
