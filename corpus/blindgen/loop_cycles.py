"""Loop families (6) and (7): A/B/A/B cycles, and a response collapsing into repeated text."""

from __future__ import annotations

import json
import random

from .content import (
    CUSTOMERS,
    NAMESPACES,
    SERVICES,
    kube_pool,
    kubectl_call,
    mail_pool,
    mobile_pool,
    notebook_pool,
    notebook_tool,
    sql_pool,
    sql_tool,
    travel_pool,
)
from .transcript import (
    Call,
    Loop,
    Transcript,
    orient,
    pick,
)

# --------------------------------------------------------------------------- (6) A/B/A/B cycles


def loop_alternation(t: Transcript, rng: random.Random, variant: int) -> Loop:
    """Two calls alternating A/B/A/B with the same results on every pass."""
    variant %= 4
    if variant == 0:
        t.description = "mobile-UI agent: opens the filter sheet and backs out of it, again and again"
        t.user("In the Greenbasket app, show only gluten-free bread.")
        orient(t, rng, mobile_pool("Greenbasket"))
        a = Call(
            "tap",
            {"x": 980, "y": 310},
            "[screen] Filters sheet: Price, Brand, Organic, Vegan. (No 'gluten-free' option visible.) Close "
            "at (1000, 180).",
        )
        b = Call(
            pick(rng, ["press_back", "back"]), {}, "[screen] Bread - 48 results. Sort, Filters at (980, 310)."
        )
        texts = ("Opening the filters.", "Gluten-free is not there; going back to the list.")
    elif variant == 1:
        ns = pick(rng, NAMESPACES)
        pod = f"{pick(rng, SERVICES)}-6c9d{rng.randrange(100, 999)}-x7kq2"
        style = rng.randrange(3)
        t.description = "DevOps agent: alternates kubectl describe and kubectl logs on one pending pod"
        t.user(f"Why is {pod} not starting in {ns}?")
        orient(t, rng, kube_pool(rng, style))
        a = kubectl_call(
            rng,
            style,
            f"describe pod {pod} -n {ns}",
            f"Name: {pod}\nNamespace: {ns}\nStatus: Pending\nEvents:\n  Warning  FailedScheduling "
            " default-scheduler "
            " 0/6 nodes are available: 6 Insufficient cpu.",
        )
        b = kubectl_call(
            rng,
            style,
            f"logs {pod} -n {ns}",
            f'Error from server (BadRequest): container "{pod.rsplit("-", 2)[0]}" in pod "{pod}" is waiting '
            "to start: ContainerCreating",
            is_error=True,
        )
        texts = ("Describing the pod.", "Checking its logs.")
    elif variant == 2:
        t.description = "travel agent: alternates the fare rules and the seat map of one fare"
        t.user("Can I change the date on my Lisbon-Oslo ticket for free, and is there a window seat?")
        orient(t, rng, travel_pool())
        fare = f"FR-{rng.randrange(10**5, 10**6)}"
        a = Call(
            "get_fare_rules",
            {"fare_id": fare},
            "Fare family LIGHT: changes not permitted; refund not permitted; 1 personal item.",
        )
        b = Call(
            "get_seat_map",
            {"fare_id": fare, "segment": 1},
            "Seat selection not available for fare family LIGHT before check-in.",
        )
        texts = ("Reading the fare rules.", "Checking the seat map.")
    else:
        tool, key = sql_tool(rng)
        t.description = "SQL agent: alternates two row counts that never change, trying to explain a gap"
        t.user("Why does the events dashboard show fewer events than the raw table?")
        orient(t, rng, sql_pool(tool, key))
        a = Call(
            tool,
            {key: "SELECT count(*) FROM events_raw WHERE day = '2026-11-30';"},
            " count\n---------\n 1284410\n(1 row)",
        )
        b = Call(
            tool,
            {key: "SELECT count(*) FROM events_clean WHERE day = '2026-11-30';"},
            " count\n---------\n 1279902\n(1 row)",
        )
        texts = ("Counting the raw events.", "Counting the cleaned events.")
    start = t.steps + 1
    passes = rng.randrange(3, 5)
    for _ in range(passes):
        t.step(texts[0], [a])
        t.step(texts[1], [b])
    onset = start + 3
    t.step("I keep seeing the same two results and cannot explain it further.")
    return Loop(
        onset,
        ("alternation",),
        f"the same two calls alternate {passes} times with unchanged results; second full pass ends at step "
        f"{onset}",
    )


# ----------------------------------------------------------------------- (7) text collapsing into repetition


def _collapse(lead: str, unit: str, repeats: int) -> str:
    """A response that starts sensibly, then repeats ``unit`` ``repeats`` times."""
    return lead + (unit * repeats).rstrip()


def loop_degenerate_text(t: Transcript, rng: random.Random, variant: int) -> Loop:
    """One response collapses into the same sentence over and over."""
    variant %= 3
    if variant == 0:
        customer = pick(rng, CUSTOMERS)
        t.description = "email triage agent: a drafted reply collapses into one apology repeated"
        t.user(f"Draft a reply to {customer} about their late delivery.")
        orient(t, rng, mail_pool())
        t.step(
            "Reading the message.",
            [
                Call(
                    "read_message",
                    {"id": f"msg_{rng.randrange(16**8):08x}"},
                    f"From: orders@{customer.split()[0].lower()}.example\nSubject: Late again\n\nOur Tuesday "
                    "delivery arrived on Thursday for the second week running. What is going on?",
                )
            ],
        )
        text = _collapse(
            f"Dear {customer} team,\n\nThank you for letting us know. ",
            "We sincerely apologise for the delay. ",
            rng.randrange(40, 70),
        )
    elif variant == 1:
        tool, key = notebook_tool(rng)
        t.description = "notebook agent: the written summary collapses into one sentence repeated"
        t.user("Summarise the quarterly revenue by region from revenue.csv.")
        orient(t, rng, notebook_pool(tool, key))
        t.step(
            "Computing the totals.",
            [
                Call(
                    tool,
                    {key: "rev = pd.read_csv('revenue.csv')\nrev.groupby('region')['revenue'].sum()"},
                    "region\nCentral    412880.0\nEast       389115.5\nNorth      501020.0\nSouth "
                    "     276400.2\nWest "
                    "      344910.0\nName: revenue, dtype: float64",
                )
            ],
        )
        text = _collapse("Summary: ", "North has the highest revenue of all regions. ", rng.randrange(45, 80))
    else:
        t.description = "travel agent: an itinerary collapses into one line repeated"
        t.user("Plan a five-day trip to Kyoto for me in April.")
        orient(t, rng, travel_pool())
        t.step(
            "Checking hotel availability.",
            [
                Call(
                    "search_hotels",
                    {"query": "Kyoto Gion", "check_in": "2027-04-12", "nights": 5},
                    json.dumps({"hotels": [{"name": "Gion Hanami Inn", "price_per_night_jpy": 21400}]}),
                )
            ],
        )
        text = _collapse(
            "Day 1: Arrive in Kyoto and check in at Gion Hanami Inn.\n",
            "Day 2: Visit Fushimi Inari early in the morning.\n",
            rng.randrange(35, 60),
        )
    onset = t.step(text)
    if rng.random() < 0.5:
        t.user("That reply is broken, please redo it.")
        t.step("Sorry about that. Here is a clean version.")
    return Loop(
        onset, ("degenerate_text",), f"the response at step {onset} repeats one sentence dozens of times"
    )
