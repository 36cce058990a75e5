"""Healthy look-alikes: a payment retried then handed off, and a fan-out whose failures name their targets."""

from __future__ import annotations

import json
import random

from .content import (
    kube_pool,
    kubectl_call,
    mail_pool,
    notebook_pool,
    notebook_tool,
    py_traceback,
    travel_pool,
)
from .transcript import (
    Call,
    Json,
    Transcript,
    orient,
    pick,
)

# --------------------------------------------------------------------------- payment retried, then a hand-off


def ok_payment_handoff(t: Transcript, rng: random.Random, variant: int) -> str:
    """A payment retried two or three times against a flaky API, then handed to a person or a link."""
    tries = rng.randrange(2, 4)
    ref = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(6))
    pay = pick(rng, ["charge_payment", "create_payment", "pay_booking"])
    amount = rng.randrange(180, 1400) + 0.5 * rng.randrange(2)
    if variant % 2 == 0:
        t.description = (
            "travel agent: a booking payment fails 2-3 times at the gateway, then escalated to a person"
        )
        t.user("Book the 07:40 flight to Oslo we discussed and pay with my saved Visa.")
        orient(t, rng, travel_pool())
        t.step(
            "Holding the fare.",
            [
                Call(
                    "hold_fare",
                    {"offer_id": f"off_{rng.randrange(10**6)}"},
                    f'{{"booking_ref": "{ref}", "held_until": "2026-12-03T21:40Z", "total": {amount}, '
                    '"currency": '
                    '"EUR"}',
                )
            ],
        )
    else:
        t.description = (
            "email triage agent: a refund fails 2-3 times at the payment API, then a ticket for finance"
        )
        t.user("Refund the duplicate charge Brightwater Dental reported.")
        orient(t, rng, mail_pool())
        t.step(
            "Looking up the charge.",
            [
                Call(
                    "get_charge",
                    {"customer": "Brightwater Dental", "invoice": "5520"},
                    f'{{"charge": "ch_{rng.randrange(16**8):08x}", "amount": {amount}, "duplicate_of": '
                    '"ch_1a2b3c4d"}',
                )
            ],
        )
    args: Json = {"reference": ref, "amount": amount, "currency": "EUR", "payment_method": "saved_visa"}
    errs = [
        "502 Bad Gateway from payment provider",
        "PaymentProviderError: upstream timeout (request id pr_7781)",
        "503: acquirer unavailable, try later",
    ]
    for i in range(tries):
        t.step(
            "Submitting the payment." if i == 0 else "The payment provider failed; retrying.",
            [Call(pay, args, errs[i % len(errs)] if rng.random() < 0.6 else errs[0], True)],
        )
    if rng.random() < 0.5:
        t.step(
            "The payment provider keeps failing, so I am handing this to a colleague.",
            [
                Call(
                    pick(rng, ["escalate_to_human", "create_support_ticket"]),
                    {"reference": ref, "reason": f"payment failed {tries} times at the provider"},
                    '{"ticket": "T-20431", "queue": "payments"}',
                )
            ],
        )
    else:
        t.step(
            "I will send a secure payment link instead.",
            [Call("send_payment_link", {"reference": ref, "amount": amount}, "Payment link sent by e-mail.")],
        )
    t.step("A person will finish this shortly; nothing has been charged twice.")
    return (
        f"the same payment tried {tries} times against a failing provider, then handed off: bounded retries "
        "ending in a change of approach"
    )


# ------------------------------------------------------------------------ fan-out over new targets, failing


def ok_target_fanout(t: Transcript, rng: random.Random, variant: int) -> str:
    """One operation over many new targets; several fail, each error naming its own target."""
    variant %= 4
    if variant == 0:
        tool, key = notebook_tool(rng)
        t.description = "notebook agent: loads monthly CSVs; missing months fail, each naming its file"
        t.user("Combine the monthly sales files for 2025 into one frame.")
        orient(t, rng, notebook_pool(tool, key))
        months = ["01", "02", "03", "04", "05", "06", "07", "08"][: rng.randrange(6, 9)]
        for m in months:
            path = f"data/sales_2025_{m}.csv"
            missing = rng.random() < 0.45
            out = (
                py_traceback(
                    int(m) + 1,
                    [f"frames.append(pd.read_csv('{path}'))"],
                    f"FileNotFoundError: [Errno 2] No such file or directory: '{path}'",
                )
                if missing
                else f"loaded {path}: {rng.randrange(800, 3000)} rows"
            )
            t.step(
                "Loading the next month.",
                [Call(tool, {key: f"frames.append(pd.read_csv('{path}'))"}, out, missing)],
            )
        t.step("Combined the months that exist; the missing files are listed above.")
        return "each call loads a new month's file; the failures name different missing files"
    if variant == 1:
        style = rng.randrange(3)
        contexts = rng.sample(
            [
                "eu-west-1",
                "eu-central-1",
                "us-east-2",
                "ap-south-1",
                "sa-east-1",
                "ca-central-1",
                "me-south-1",
            ],
            rng.randrange(5, 8),
        )
        t.description = (
            "DevOps agent: checks a deployment across cluster contexts; missing contexts fail by name"
        )
        t.user("Which clusters still run notifier 1.x?")
        orient(t, rng, kube_pool(rng, style))
        for ctx in contexts:
            missing = rng.random() < 0.5
            out = (
                f'error: context "{ctx}" does not exist'
                if missing
                else f"registry.example.com/notifier:1.{rng.randrange(2, 9)}.{rng.randrange(10)}"
            )
            t.step(
                "Checking the next cluster.",
                [
                    kubectl_call(
                        rng,
                        style,
                        f"--context {ctx} get deploy notifier -n notifier -o jsonpath={{.spec.template."
                        "spec.containers[0].image}",
                        out,
                        is_error=missing,
                    )
                ],
            )
        t.step("The clusters that exist all run notifier 1.x; the others are not configured here.")
        return "every call targets a new cluster context; each failure names its own missing context"
    if variant == 2:
        fetch = pick(rng, ["fetch", "fetch_url"])
        t.description = (
            "web research agent: checks many vendor status pages; dead links fail with their own URL"
        )
        t.user("Check whether our SaaS vendors report incidents today.")
        vendors = rng.sample(
            ["mailgrid", "paystream", "docuseal", "cdnworks", "logfold", "authbase", "queuely", "mapforge"],
            rng.randrange(5, 8),
        )
        for v in vendors:
            url = f"https://status.{v}.example/api/v2/status.json"
            dead = rng.random() < 0.45
            out = (
                f"404 Not Found: {url}"
                if dead
                else json.dumps(
                    {
                        "page": {"name": v},
                        "status": {
                            "indicator": pick(rng, ["none", "none", "minor"]),
                            "description": "All Systems Operational",
                        },
                    }
                )
            )
            t.step("Checking the next vendor.", [Call(fetch, {"url": url}, out, dead)])
        t.step("Summary of vendor status above; the 404 pages need new URLs.")
        return "each fetch is a new vendor's status page; the 404s each name their own URL"
    t.description = "DevOps agent: terraform import over many resources; absent ones fail by id"
    t.user("Import the existing S3 buckets into infra/storage.")
    buckets = rng.sample(
        ["logs-archive", "media-prod", "exports", "backups-eu", "static-site", "tmp-uploads", "ml-datasets"],
        rng.randrange(5, 8),
    )
    for b in buckets:
        absent = rng.random() < 0.45
        out = (
            "Error: Cannot import non-existent remote object\n\nWhile attempting to import an existing "
            "object "
            f'to "aws_s3_bucket.{b.replace("-", "_")}", the provider detected that no object exists with '
            "the given id. Only pre-existing objects can be imported."
            if absent
            else f"aws_s3_bucket.{b.replace('-', '_')}: Import prepared!\nImport successful!"
        )
        t.step(
            "Importing the next bucket.",
            [
                Call(
                    "terraform",
                    {
                        "subcommand": "import",
                        "dir": "infra/storage",
                        "address": f"aws_s3_bucket.{b.replace('-', '_')}",
                        "id": f"acme-{b}",
                    },
                    out,
                    absent,
                )
            ],
        )
    t.step("Imported the buckets that exist; the others were never created.")
    return "each import targets a new bucket; failures name their own resource"
