"""Loops of infrastructure-as-code agents and multi-agent managers (supervisors, group chats, handoffs)."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js


def terraform_drift_cycle() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-037-terraform-asg-drift-plan-apply",
        "An IaC agent plans and applies the same one-attribute change over and over; an autoscaling policy "
        "puts desired_capacity back between runs, so every plan shows the same drift.",
        agent="infrastructure agent (Terraform CLI through a shell tool)",
        model="gpt-4.1",
        start="2026-03-23T11:00:00+00:00",
        ids="call",
    )
    t.user("prod's ASG desired_capacity keeps drifting. Make the live state match the code (desired 6).")
    plan = (
        "$ terraform plan -no-color -input=false\naws_autoscaling_group.web: Refreshing state... "
        "[id=prod-web-asg]\n\n"
        "Terraform will perform the following actions:\n\n  # aws_autoscaling_group.web will be updated "
        "in-place\n"
        '  ~ resource "aws_autoscaling_group" "web" {\n      ~ desired_capacity = 9 -> 6\n        id = '
        '"prod-web-asg"\n        name = "prod-web-asg"\n        # (24 unchanged attributes hidden)\n    }\n\n'
        "Plan: 0 to add, 1 to change, 0 to destroy.\n[exit 0]"
    )

    def apply() -> str:
        return (
            "$ terraform apply -auto-approve -no-color -input=false\naws_autoscaling_group.web: "
            "Modifying... [id=prod-web-asg]\naws_autoscaling_group.web: Modifications complete after "
            f"{t.rng.randint(1, 3)}s [id=prod-web-asg]\n\nApply complete! Resources: 0 added, 1 changed, 0 "
            "destroyed.\n[exit 0]"
        )

    plan_cmd = {"command": "terraform plan -no-color -input=false", "cwd": "infra/prod/web"}
    apply_cmd = {"command": "terraform apply -auto-approve -no-color -input=false", "cwd": "infra/prod/web"}
    t.step(
        "Let me read the group's definition first.",
        c(
            "shell",
            {"command": "grep -n -A12 'resource \"aws_autoscaling' main.tf", "cwd": "infra/prod/web"},
            '12:resource "aws_autoscaling_group" "web" {\n13-  name             = "prod-web-asg"\n'
            "14-  min_size         = 3\n15-  max_size         = 12\n16-  desired_capacity = 6\n...\n"
            '31:resource "aws_autoscaling_policy" "web_cpu" {\n32-  name                   = '
            '"web-cpu-target"\n'
            "33-  autoscaling_group_name = aws_autoscaling_group.web.name\n34-  policy_type            = "
            '"TargetTrackingScaling"\n35-  target_tracking_configuration {\n36-    target_value = 55\n[exit '
            "0]",
        ),
    )
    t.step(
        "",
        c(
            "shell",
            {"command": "terraform init -input=false -no-color", "cwd": "infra/prod/web"},
            "Initializing the backend...\nInitializing provider plugins...\n- Using previously-installed "
            "hashicorp/aws v5.82.2\n\nTerraform has been successfully initialized!\n[exit 0]",
        ),
    )
    texts = [
        ("Planning first.", "One in-place change, as expected. Applying."),
        ("Verifying with another plan.", "It drifted back to 9 already. Applying again."),
        ("Planning to confirm.", "Same drift. Applying once more."),
        ("Plan.", "Apply."),
        ("Checking the plan again.", "Still 9 -> 6; applying."),
    ]
    plans = []
    for p_text, a_text in texts:
        plans.append(t.step(p_text, c("shell", plan_cmd, plan)))
        t.step(a_text, c("shell", apply_cmd, apply()))
    onset = plans[2]
    t.loop(
        ["alternation"],
        onset,
        "plan -> apply -> plan -> apply: every plan shows desired_capacity 9 -> 6 and every apply "
        "succeeds, because the target-tracking policy scales the group back between runs. The agent never "
        "connects it to the target-tracking policy it printed before planning, nor proposes "
        f"ignore_changes. The plan, the cycle's first state, is visited for the third time at step {onset}, "
        "the onset.",
    )
    return t.build()


def supervisor_redelegation() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-038-supervisor-cdn-sla-redelegated",
        "A LangGraph supervisor keeps sending the same vendor-SLA research task to its researcher agents; "
        "the reports agree each time and the supervisor never moves on to the comparison.",
        agent="LangGraph supervisor with researcher_a, researcher_b and writer agents",
        model="claude-opus-4-1",
        start="2026-03-24T09:00:00+00:00",
    )
    t.user(
        "Compare the SLA credits of Fastly, Cloudflare Enterprise and Akamai for a month below 99.9% uptime "
        "and recommend one for our checkout CDN."
    )
    report = (
        "SLA credits below 99.9% monthly uptime: Fastly 10% of the monthly fee (25% below 99.0%); "
        "Cloudflare Enterprise 100% uptime SLA, credit = 25x the affected downtime share; Akamai (Ion) 10% "
        "below 99.9%, rising to 25% below 99.5%. Sources: public SLA pages, retrieved 2026-03-24."
    )
    plan = [
        (
            "Sending the research to researcher_a.",
            "researcher_a",
            "Collect SLA credit terms for Fastly, Cloudflare Enterprise and Akamai at the 99.9% threshold.",
            report,
        ),
        (
            "Let me have researcher_b confirm independently.",
            "researcher_b",
            "Independently verify the SLA credit terms of Fastly, Cloudflare Enterprise and Akamai below "
            "99.9%.",
            "Verified. Fastly: 10% credit (<99.9%), 25% (<99.0%). Cloudflare Ent.: 100% SLA, 25x credit. "
            "Akamai Ion: 10% (<99.9%), 25% (<99.5%). Matches the public SLA pages.",
        ),
        (
            "Both agree, but the Akamai tiers matter most. Asking researcher_a to re-check everything.",
            "researcher_a",
            "Re-check the SLA credit terms for the three CDNs below 99.9%.",
            report,
        ),
        (
            "I'd like one more independent pass before writing.",
            "researcher_b",
            "Double-check the three CDNs' SLA credits below 99.9% uptime.",
            "Same as before: Fastly 10%/25%, Cloudflare Enterprise 25x credit on a 100% SLA, Akamai 10%/25%.",
        ),
        (
            "Let me confirm the figures one final time.",
            "researcher_a",
            "Confirm the SLA credits for Fastly, Cloudflare Enterprise and Akamai.",
            report,
        ),
    ]
    delegations = []
    for text, agent, task, result in plan:
        delegations.append(t.step(text, c("delegate", {"agent": agent, "task": task}, result)))
    onset = delegations[2]
    t.loop(
        ["same_tool"],
        onset,
        "One research task is delegated five times (to two interchangeable researchers); all reports give "
        "the same credits, so the comparison could be written after the second. The writer is never "
        f"called. The 3rd delegation, at step {onset}, is the first re-delegation after two agreeing "
        "reports: the onset.",
    )
    return t.build()


def groupchat_cycle() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-039-group-chat-sample-size-cycle",
        "An AutoGen-style group-chat manager cycles statistician -> critic -> planner; the critic rejects "
        "the same sample size for the same reason and the planner resubmits it unchanged.",
        agent="AutoGen-style group chat manager (planner, statistician, critic agents)",
        model="gpt-4o-2024-11-20",
        start="2026-03-19T14:30:00+00:00",
        ids="call",
    )
    t.user("Design an A/B test for the new one-page checkout: MDE 2% relative, 80% power, alpha 0.05.")
    stat = (
        "Sample size: n = 38,400 per arm (baseline conversion 5.0%, relative MDE 2%, two-sided alpha 0.05, "
        "power 0.80)."
    )
    critic = (
        "Rejected: the plan assumes a 5.0% baseline, but checkout conversion from the last 90 days is 3.1%. "
        "Recompute the sample size with the correct baseline."
    )
    planner = (
        "Revised plan v2: one-page checkout vs control, 50/50 split, primary metric checkout conversion, "
        "sample size 38,400 per arm, runtime about 3 weeks."
    )
    rounds = [
        (
            "Asking the statistician for the sample size.",
            "Sending the plan to the critic.",
            "Asking the planner to revise per the critic.",
        ),
        (
            "Back to the statistician for the revised plan's sample size.",
            "Critic review.",
            "Planner revision.",
        ),
        ("Statistician.", "Critic.", "Planner."),
    ]
    firsts = []
    for s_text, c_text, p_text in rounds:
        firsts.append(
            t.step(
                s_text,
                c(
                    "ask_agent",
                    {"agent": "statistician", "message": "Compute the sample size for the current plan."},
                    stat,
                ),
            )
        )
        t.step(c_text, c("ask_agent", {"agent": "critic", "message": "Review the current plan."}, critic))
        t.step(
            p_text,
            c("ask_agent", {"agent": "planner", "message": "Revise the plan per the critic."}, planner),
        )
    t.step(
        "Statistician.",
        c(
            "ask_agent",
            {"agent": "statistician", "message": "Compute the sample size for the current plan."},
            stat,
        ),
    )
    onset = firsts[2]
    t.loop(
        ["alternation"],
        onset,
        "A period-3 cycle among three sub-agents with identical messages and replies: the statistician "
        "keeps the 5.0% baseline because the manager never passes the critic's 3.1% figure on, so the "
        "critic rejects the same number each round. The statistician call, the cycle's first state, is "
        f"visited for the third time at step {onset}, the onset.",
    )
    return t.build()


def handoff_pingpong() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-040-agents-sdk-billing-tech-handoff-pingpong",
        "In an OpenAI Agents SDK support app, the billing and technical agents hand the same customer back "
        "and forth, each saying the issue belongs to the other.",
        agent="OpenAI Agents SDK support app (triage, billing and technical agents with handoffs)",
        model="gpt-4.1-mini",
        start="2026-03-28T16:00:00+00:00",
        ids="call",
    )
    t.user("I was charged for the Pro plan yesterday but my workspace still shows Free features.")
    t.step("", c("transfer_to_billing_agent", {}, js({"assistant": "Billing Agent"})))
    t.step(
        "",
        c(
            "lookup_invoices",
            {"customer_email": "ana@lumen.studio", "limit": 2},
            js(
                {
                    "invoices": [
                        {
                            "id": "in_1QzX",
                            "plan": "Pro (monthly)",
                            "amount": 24.00,
                            "status": "paid",
                            "paid_at": "2026-03-27T10:12:00Z",
                        }
                    ]
                }
            ),
        ),
    )
    t.step(
        "",
        c(
            "get_workspace_plan",
            {"workspace": "lumen-studio"},
            js(
                {
                    "workspace": "lumen-studio",
                    "plan": "free",
                    "entitlement_sync": "pending",
                    "note": "Entitlements are provisioned by the platform team after payment webhooks.",
                }
            ),
        ),
    )
    to_tech = js({"assistant": "Technical Agent"})
    to_billing = js({"assistant": "Billing Agent"})
    tech, billing = [], []
    pairs = [
        (
            "Your payment went through, so this is a provisioning issue. Let me connect you with our "
            "technical team.",
            "This concerns a charge and your plan, which billing handles. Transferring you to billing.",
        ),
        (
            "Billing confirms the invoice is paid; the plan upgrade is technical. Transferring you to the "
            "technical team.",
            "Plan changes after a payment are a billing matter. Sending you back to billing.",
        ),
        (
            "The charge is fine on our side. The technical team needs to apply the Pro features; "
            "transferring.",
            "This is about what you paid for, so billing is the right team. Transferring.",
        ),
    ]
    for to_t, to_b in pairs:
        tech.append(t.step(to_t, c("transfer_to_technical_agent", {}, to_tech)))
        billing.append(t.step(to_b, c("transfer_to_billing_agent", {}, to_billing)))
    tech.append(
        t.step("Connecting you with the technical team.", c("transfer_to_technical_agent", {}, to_tech))
    )
    onset = tech[2]
    t.loop(
        ["alternation"],
        onset,
        "Billing and technical agents hand the customer back and forth (transfer_to_technical_agent, "
        "transfer_to_billing_agent) with the same handoff results; neither retries the pending entitlement "
        "sync or escalates. The handoff to technical, the cycle's first state, is visited for the third "
        f"time at step {onset}, the onset.",
    )
    return t.build()


BUILDERS = [terraform_drift_cycle, supervisor_redelegation, groupchat_cycle, handoff_pingpong]
