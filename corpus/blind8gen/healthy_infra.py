"""Healthy runs of an infrastructure-as-code agent and a multi-agent supervisor."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js


def terraform_cloud_run() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-039-terraform-plan-fix-then-cloud-run-polled",
        "An IaC agent edits Terraform, re-runs plan after each fix (the errors change), then queues a "
        "Terraform Cloud run and polls it through planning and applying (identical answers) until applied.",
        agent="infrastructure agent (Terraform CLI + Terraform Cloud API tools)",
        model="gpt-4.1",
        start="2026-03-24T13:00:00+00:00",
        ids="call",
    )
    t.user(
        "Add an S3 bucket for the audit logs in infra/prod/logging (versioned, KMS-encrypted, 400-day "
        "lifecycle) and apply it through Terraform Cloud."
    )
    t.step(
        "",
        c(
            "write_file",
            {
                "path": "infra/prod/logging/audit.tf",
                "content": 'resource "aws_s3_bucket" "audit" '
                '{\n  bucket = "acme-prod-audit-logs"\n}\n\nresource "aws_s3_bucket_versioning" '
                '"audit" {\n  bucket = aws_s3_bucket.audit.id\n  versioning_configuration { status = '
                '"Enabled" }\n}\n\nresource "aws_s3_bucket_lifecycle_configuration" "audit" {\n  '
                'bucket = aws_s3_bucket.audit.id\n  rule {\n    id = "expire"\n    status = "Enabled"\n'
                "    expiration { days = 400 }\n  }\n}\n",
            },
            js({"ok": True, "bytes": 512}),
        ),
    )
    plan = {"command": "terraform plan -no-color -input=false", "cwd": "infra/prod/logging"}
    t.step(
        "Planning.",
        c(
            "shell",
            plan,
            "$ terraform plan -no-color -input=false\n\nWarning: Invalid Attribute Combination\n\n  with "
            "aws_s3_bucket_"
            "lifecycle_configuration.audit,\n  on audit.tf line 13, in resource "
            '"aws_s3_bucket_lifecycle_configuration" '
            '"audit":\n  13:   rule {\n\nNo attribute specified when one (and only one) of '
            "[rule[0].filter,rule[0]."
            "prefix] is required\n\nError: Missing required argument: KMS key for encryption policy (module "
            "policy "
            '"require-sse-kms")\n[exit 1]',
        ),
    )
    t.step(
        "Adding an empty filter and the KMS encryption block.",
        c(
            "edit_file",
            {
                "path": "infra/prod/logging/audit.tf",
                "old": '    id = "expire"',
                "new": '    id = "expire"\n    filter {}',
            },
            js({"ok": True}),
        ),
        c(
            "append_file",
            {
                "path": "infra/prod/logging/audit.tf",
                "content": '\nresource "aws_s3_bucket_server_side_'
                'encryption_configuration" "audit" {\n  bucket = aws_s3_bucket.audit.id\n  rule {\n    '
                'apply_server_side_encryption_by_default {\n      sse_algorithm = "aws:kms"\n      '
                "kms_master_key_id = aws_kms_key.audit.arn\n    }\n  }\n}\n",
            },
            js({"ok": True}),
        ),
    )
    t.step(
        "Re-planning.",
        c(
            "shell",
            plan,
            "$ terraform plan -no-color -input=false\n\nError: Reference to undeclared resource\n\n  on "
            "audit.tf line 26: "
            'kms_master_key_id = aws_kms_key.audit.arn\n\nA managed resource "aws_kms_key" "audit" has not '
            "been "
            "declared in the root module.\n[exit 1]",
        ),
    )
    t.step(
        "Declaring the KMS key.",
        c(
            "append_file",
            {
                "path": "infra/prod/logging/audit.tf",
                "content": '\nresource "aws_kms_key" "audit" {\n  description = "audit '
                'logs"\n  enable_key_rotation = true\n}\n',
            },
            js({"ok": True}),
        ),
    )
    t.step(
        "Re-planning.",
        c(
            "shell",
            plan,
            "$ terraform plan -no-color -input=false\n...\nPlan: 5 to add, 0 to change, 0 to "
            "destroy.\n[exit 0]",
        ),
    )
    t.step(
        "The plan is clean. Committing and queueing a Terraform Cloud run.",
        c(
            "shell",
            {
                "command": "git add infra/prod/logging/audit.tf && git commit -m 'logging: audit bucket' && "
                "git push",
                "cwd": ".",
            },
            "[main 5e1a9c2] logging: audit bucket\n 1 file changed, 41 insertions(+)\nTo "
            "github.com:acme/infra.git\n   a0b1c2d..5e1a9c2  main -> main",
        ),
    )
    t.step(
        "",
        c(
            "tfc_create_run",
            {"workspace": "prod-logging", "message": "audit bucket", "auto_apply": True},
            js({"data": {"id": "run-Xb2pQ9", "attributes": {"status": "pending"}}}),
        ),
    )
    statuses = [
        "planning",
        "planning",
        "planning",
        "planned",
        "applying",
        "applying",
        "applying",
        "applying",
        "applied",
    ]
    for i, status in enumerate(statuses):
        t.wait(30)
        t.step(
            "Polling the run." if i == 0 else "",
            c(
                "tfc_get_run",
                {"run_id": "run-Xb2pQ9"},
                js(
                    {
                        "data": {
                            "id": "run-Xb2pQ9",
                            "attributes": {"status": status, "has-changes": True, "resource-additions": 5},
                        }
                    }
                ),
            ),
        )
    t.step(
        "Applied in Terraform Cloud (run-Xb2pQ9): the audit-log bucket acme-prod-audit-logs with "
        "versioning, SSE-KMS (new rotating key) and a 400-day expiry, 5 resources added."
    )
    t.healthy(
        "plan is re-run after each edit and the error changes each time (lifecycle filter and KMS policy, "
        "then an undeclared key, then clean); the Terraform Cloud run is then polled through identical "
        "'planning' and 'applying' answers until 'applied'. Re-runs after edits and a completing poll are "
        "healthy."
    )
    return t.build()


def supervisor_fanout() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-040-supervisor-vendor-comparison-fanout",
        "A LangGraph supervisor sends a different sub-task to each agent (one researcher per vendor, an "
        "analyst, a writer); one re-delegation with a sharper question returns the missing figure.",
        agent="LangGraph supervisor with researcher, analyst and writer agents",
        model="claude-opus-4-1",
        start="2026-03-24T15:00:00+00:00",
    )
    t.user(
        "Compare SLA credits and egress pricing of Fastly, Cloudflare Enterprise and Akamai for our "
        "checkout CDN, and recommend one."
    )
    reports = [
        (
            "researcher",
            "Fastly: SLA credit terms below 99.9% and egress price per GB for 50 TB/month in EU+NA.",
            "Fastly: 10% credit below 99.9%, 25% below 99.0%. Egress about $0.08/GB at 50 TB (list), lower "
            "on commit.",
        ),
        (
            "researcher",
            "Cloudflare Enterprise: SLA credit terms and egress pricing at 50 TB/month.",
            "Cloudflare Enterprise: 100% uptime SLA, credits 25x the downtime share. Egress not metered per "
            "GB; flat contract.",
        ),
        (
            "researcher",
            "Akamai: SLA credit terms and egress pricing at 50 TB/month.",
            "Akamai Ion: 10% credit below 99.9%, 25% below 99.5%. Egress pricing not public.",
        ),
    ]
    for i, (agent, task, report) in enumerate(reports):
        t.step(
            "Fanning out one vendor per researcher." if i == 0 else "",
            c("delegate", {"agent": agent, "task": task}, report),
        )
    t.step(
        "Akamai's egress figure is missing. Asking for a sourced estimate specifically.",
        c(
            "delegate",
            {
                "agent": "researcher",
                "task": "Find a sourced Akamai egress estimate at 50 TB/month: "
                "public reseller price lists, analyst reports, or published customer contracts.",
            },
            "Akamai egress at 50 TB/month: $0.049–0.065/GB per two 2025 reseller price lists (sources "
            "attached).",
        ),
    )
    t.step(
        "",
        c(
            "delegate",
            {
                "agent": "analyst",
                "task": "Compare the three on SLA credits and monthly egress cost at 50 TB; flag risks.",
            },
            "At 50 TB: Fastly ≈ $4.0k, Akamai ≈ $2.5–3.3k, Cloudflare flat (quote needed). Strongest SLA: "
            "Cloudflare. Risk: Akamai pricing unverified.",
        ),
    )
    t.step(
        "",
        c(
            "delegate",
            {"agent": "writer", "task": "Write a one-page recommendation from the analyst's comparison."},
            "Draft: recommend Cloudflare Enterprise for the SLA, conditional on a flat quote under "
            "$3.5k/month.",
        ),
    )
    t.step(
        "Recommendation: Cloudflare Enterprise (100% SLA, 25x credits), provided the flat quote comes in "
        "below $3.5k/month; Akamai is the cheaper fallback but its pricing needs a quote. Full comparison "
        "attached."
    )
    t.healthy(
        "Six delegations with different tasks; the one follow-up to the researcher asks a sharper question "
        "and returns the missing figure. Delegation that brings new information each time is healthy."
    )
    return t.build()


BUILDERS = [terraform_cloud_run, supervisor_fanout]
