"""Healthy look-alikes: polling until a status changes, and pagination."""

from __future__ import annotations

import json
import random

from .content import (
    AIRPORTS,
    CUSTOMERS,
    NAMESPACES,
    SERVICES,
    kube_pool,
    kubectl_call,
    mail_pool,
    mobile_pool,
    sql_pool,
    sql_tool,
    travel_pool,
)
from .transcript import (
    Call,
    Json,
    Transcript,
    orient,
    pick,
)

# --------------------------------------------------------------------------- polling


def ok_polling(t: Transcript, rng: random.Random, variant: int) -> str:
    """The same status call repeated while the status moves on, until it is done."""
    variant %= 5
    polls = rng.randrange(4, 8)
    clock = rng.randrange(8 * 3600, 17 * 3600)

    def stamp(i: int) -> str:
        s = clock + 20 * i + rng.randrange(5)
        return f"{s // 3600:02d}:{s // 60 % 60:02d}:{s % 60:02d}"

    if variant == 0:
        ns, svc = pick(rng, NAMESPACES), pick(rng, SERVICES)
        style = rng.randrange(3)
        t.description = "DevOps agent: kubectl rollout status polled while replicas come up"
        t.user(f"Roll out {svc}:2.4.0 in {ns} and tell me when it is done.")
        orient(t, rng, kube_pool(rng, style))
        t.step(
            "Setting the new image.",
            [
                kubectl_call(
                    rng,
                    style,
                    f"set image deploy/{svc} {svc}=registry.example.com/{svc}:2.4.0 -n {ns}",
                    f"deployment.apps/{svc} image updated",
                )
            ],
        )
        prefix = f'Waiting for deployment "{svc}" rollout to finish: '
        waiting = [
            "Waiting for deployment spec update to be observed...",
            *(f"{prefix}{k} of 4 updated replicas are available..." for k in range(4)),
            f"{prefix}1 old replicas are pending termination...",
        ]
        shown = [waiting[k] for k in sorted(rng.sample(range(len(waiting)), polls - 1))]
        for msg in [*shown, f'deployment "{svc}" successfully rolled out']:
            t.step(
                "Checking the rollout.",
                [kubectl_call(rng, style, f"rollout status deploy/{svc} -n {ns} --timeout=20s", msg)],
            )
        t.step(f"{svc} 2.4.0 is rolled out in {ns}.")
        return (
            "rollout status polled with the same arguments while the rollout moves on (every answer new), "
            "ending in success"
        )
    if variant == 1:
        run = f"run-{rng.randrange(16**8):08x}"
        t.description = "DevOps agent: a Terraform Cloud run polled through planning and applying"
        t.user("Apply the networking workspace change and confirm.")
        t.step(
            "Queuing the run.",
            [
                Call(
                    "tfc_create_run",
                    {"workspace": "networking-prod", "message": "subnet tags"},
                    f'{{"id": "{run}", "status": "pending"}}',
                )
            ],
        )
        states = ["pending", "planning", "planning", "planned", "applying", "applying", "applied"]
        states = [*states[: polls - 1], "applied"] if polls < len(states) else states
        for i, st in enumerate(states):
            t.step(
                "Waiting for the run." if st != "planned" else "Plan finished; confirming the apply.",
                [
                    Call(
                        "tfc_get_run",
                        {"run_id": run},
                        f'{{"id": "{run}", "status": "{st}", "status_timestamps": {{"{st}-at": "2026-12'
                        f'-03T{stamp(i)}Z"}}}}',
                    )
                ],
            )
        t.step("The run is applied.")
        return "one run polled with the same arguments through pending, planning and applying until applied"
    if variant == 2:
        tool, key = sql_tool(rng)
        job = f"exp_{rng.randrange(10**6)}"
        t.description = "data agent: a warehouse export job polled until the file is ready"
        t.user("Export last month's orders to a CSV I can download.")
        orient(t, rng, sql_pool(tool, key))
        t.step(
            "Starting the export.",
            [
                Call(
                    "start_export",
                    {"table": "orders", "month": "2026-11", "format": "csv"},
                    f'{{"job": "{job}", "state": "QUEUED"}}',
                )
            ],
        )
        for i in range(polls):
            done = i == polls - 1
            pct = 100 if done else min(95, 10 + 18 * i + rng.randrange(5))
            body = (
                f'{{"job": "{job}", "state": "SUCCEEDED", "url": "https://files.example.com/{job}.csv"}}'
                if done
                else f'{{"job": "{job}", "state": "RUNNING", "progress": {pct}, "checked_at": "{stamp(i)}"}}'
            )
            t.step("Checking the export.", [Call("export_status", {"job": job}, body)])
        t.step(f"The export is ready: https://files.example.com/{job}.csv")
        return "an export job polled with the same arguments while progress rises, ending with the file"
    if variant == 3:
        pnr = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(6))
        t.description = "travel agent: a ticket polled while the airline issues it"
        t.user("Issue the ticket for booking " + pnr + " and send me the e-ticket number.")
        orient(t, rng, travel_pool())
        t.step(
            "Requesting ticketing.", [Call("issue_ticket", {"pnr": pnr}, '{"status": "TICKETING_REQUESTED"}')]
        )
        for i in range(polls):
            body = (
                f'{{"pnr": "{pnr}", "status": "TICKETED", "eticket": "047-{rng.randrange(10**10):010d}"}}'
                if i == polls - 1
                else (
                    f'{{"pnr": "{pnr}", "status": "IN_PROGRESS", "queue_position": {polls - i}, "as_of": '
                    f'"{stamp(i)}"}}'
                )
            )
            t.step("Checking the ticket status.", [Call("get_booking", {"pnr": pnr}, body)])
        t.step("Your ticket is issued.")
        return "a booking polled with the same arguments while its queue position falls, until ticketed"
    t.description = "mobile-UI agent: screenshots taken while an upload progresses"
    t.user("Upload the receipt photo in the Expensly app and tell me when it is accepted.")
    orient(t, rng, mobile_pool("Expensly"))
    t.step("Tapping Upload.", [Call("tap", {"x": 540, "y": 2050}, "ok")])
    for i in range(polls):
        body = (
            "[screen] Expensly - Receipt accepted. Amount EUR 23.80 detected."
            if i == polls - 1
            else f"[screen] Expensly - Uploading receipt... {min(95, 15 * (i + 1))}%"
        )
        t.step(
            "Waiting for the upload." if i else "Taking a screenshot to watch the upload.",
            [Call("screenshot", {}, body)],
        )
    t.step("The receipt is accepted.")
    return "screenshots repeated while the upload percentage rises, ending when the receipt is accepted"


# --------------------------------------------------------------------------- pagination


def ok_pagination(t: Transcript, rng: random.Random, variant: int) -> str:
    """One listing paged through, each page with new items."""
    variant %= 4
    pages = rng.randrange(4, 8)
    if variant == 0:
        tool = pick(rng, ["list_inbox", "list_messages"])
        t.description = "email triage agent: pages through the Support inbox with a page token"
        t.user("Count the unanswered messages in the Support inbox that mention refunds.")
        orient(t, rng, mail_pool())
        token = None
        for p in range(pages):
            rows = [
                {
                    "id": f"msg_{rng.randrange(16**8):08x}",
                    "subject": pick(
                        rng,
                        [
                            "Refund for order",
                            "Delivery question",
                            "Invoice copy",
                            "Refund not received",
                            "Change of address",
                        ],
                    )
                    + f" #{rng.randrange(10000, 99999)}",
                    "answered": rng.random() < 0.4,
                }
                for _ in range(5)
            ]
            nxt = f"tok_{rng.randrange(16**6):06x}" if p < pages - 1 else None
            args: Json = (
                {"folder": "Support", "page_size": 5}
                if token is None
                else {"folder": "Support", "page_size": 5, "page_token": token}
            )
            t.step(
                "Reading the next page." if token else "Listing the inbox.",
                [Call(tool, args, json.dumps({"messages": rows, "next_page_token": nxt}))],
            )
            token = nxt
        t.step("There are 7 unanswered refund messages.")
        return "each call carries the previous page's token and returns new messages"
    if variant == 1:
        tool, key = sql_tool(rng)
        t.description = "SQL agent: keyset pagination over a large table"
        t.user("List every customer who has not ordered since 2025, in batches.")
        orient(t, rng, sql_pool(tool, key))
        last = 0
        for _ in range(pages):
            ids = sorted(rng.sample(range(last + 1, last + 400), 4))
            table = "\n".join(
                f" {i} | {pick(rng, CUSTOMERS)} | 2024-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"
                for i in ids
            )
            t.step(
                "Fetching the next batch.",
                [
                    Call(
                        tool,
                        {
                            key: (
                                "SELECT id, name, last_order FROM customers WHERE last_order < '2025-01-01' "
                                f"AND id > {last} ORDER BY id LIMIT 4;"
                            )
                        },
                        f" id | name | last_order\n{table}\n(4 rows)",
                    )
                ],
            )
            last = ids[-1]
        t.step("Done: the inactive customers are listed above.")
        return "keyset pagination: the id bound moves and every batch holds new rows"
    if variant == 2:
        fetch = pick(rng, ["fetch", "fetch_url"])
        t.description = "web research agent: reads a long report page by page"
        t.user("Summarise the 2026 municipal cycling report from the city's site.")
        for p in range(1, pages + 1):
            t.step(
                "Reading the next page of the report." if p > 1 else "Opening the report.",
                [
                    Call(
                        fetch,
                        {"url": f"https://city.example.gov/reports/cycling-2026?page={p}"},
                        f"Cycling report 2026 - page {p} of {pages}\n"
                        + " ".join(
                            f"Section {p}.{k}: counts at station {rng.randrange(10, 99)} "
                            f"rose {rng.randrange(1, 30)}% year on year."
                            for k in range(1, 6)
                        ),
                    )
                ],
            )
        t.step("Summary: cycling grew on most counted routes; details per section above.")
        return "the page parameter moves through the report, each page new text"
    tool = pick(rng, ["list_bookings", "get_reservations"])
    t.description = "travel agent: lists a corporate account's bookings page by page"
    t.user("Which of our company's bookings next month are refundable?")
    orient(t, rng, travel_pool())
    for p in range(1, pages + 1):
        rows = [
            {
                "pnr": "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(6)),
                "route": "-".join(c for c, _ in rng.sample(AIRPORTS, 2)),
                "refundable": rng.random() < 0.3,
            }
            for _ in range(4)
        ]
        t.step(
            "Next page.",
            [
                Call(
                    tool,
                    {"account": "ACME-TRAVEL", "month": "2027-01", "page": p, "per_page": 4},
                    json.dumps({"page": p, "pages": pages, "bookings": rows}),
                )
            ],
        )
    t.step("The refundable bookings are listed above.")
    return "page numbers advance through the account's bookings, each page new ones"
