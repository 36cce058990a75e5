"""Loop family (3): paraphrased searches whose results overlap heavily but not exactly."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .content import (
    CUSTOMERS,
    SERVICES,
    mail_listing,
    mail_pool,
    search_listing,
    travel_pool,
)
from .transcript import (
    NEAR_ONSET_ATTEMPT,
    Call,
    Loop,
    Transcript,
    orient,
    pick,
)

# --------------------------------------------------------------------------- (3) paraphrased searches


@dataclass(frozen=True)
class Page:
    """A search hit: title, address and several snippets a search engine may show for it."""

    title: str
    url: str
    snippets: tuple[str, ...]


def _hits(rng: random.Random, pool: Sequence[Page], size: int) -> list[tuple[str, str, str]]:
    """``size`` pages of the pool, mostly the same ones, reordered, each with one of its snippets."""
    chosen = list(pool[:size])
    if rng.random() < 0.5:
        chosen[rng.randrange(size)] = pool[size + rng.randrange(len(pool) - size)]
    rng.shuffle(chosen)
    return [(p.title, p.url, pick(rng, p.snippets)) for p in chosen]


def loop_paraphrased_search(t: Transcript, rng: random.Random, variant: int) -> Loop:
    """Paraphrased searches whose results overlap heavily but not exactly (same pages, other order)."""
    return [_para_web, _para_mail, _para_hotels, _para_runbook][variant % 4](t, rng)


def _para_web(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "web research agent: 5-7 rephrased searches return the same pages reordered, a fetch between"
    )
    search = pick(rng, ["web_search", "search", "bing_search"])
    key = pick(rng, ["q", "query"])
    fetch = pick(rng, ["fetch", "fetch_url", "read_webpage"])
    style = rng.randrange(3)
    t.user("In which year did the Varnsdorf narrow-gauge depot stop servicing steam locomotives, and why?")
    pool = [
        Page(
            "Varnsdorf - Wikipedia",
            "https://en.wikipedia.org/wiki/Varnsdorf",
            (
                "Varnsdorf is a town in the Decin District of the Usti nad Labem Region.",
                "The town lies on the Mandau river near the German border; railway history section.",
                "Population 15,000; the railway reached Varnsdorf in 1869.",
            ),
        ),
        Page(
            "Narrow-gauge railways in Bohemia",
            "https://railheritage.example.org/bohemia-narrow-gauge",
            (
                "An overview of 760 mm lines in northern Bohemia and their depots.",
                "Depots at Varnsdorf, Jindrichuv Hradec and Frydlant are covered.",
                "Most lines were converted or closed by the 1970s.",
            ),
        ),
        Page(
            "Forum: Varnsdorf depot closure?",
            "https://forum.steamtalk.example/t/varnsdorf-depot/4412",
            (
                "Does anyone know when the steam shed closed? My grandfather worked there.",
                "Thread: answers mention the 1960s but no source is given.",
                "Possibly dieselisation, someone says, but unconfirmed.",
            ),
        ),
        Page(
            "Heritage railways of the Czech Republic",
            "https://travel.example.com/czech-heritage-railways",
            (
                "Plan a trip on historic trains; Varnsdorf museum opening times.",
                "The Varnsdorf railway museum is open on summer weekends.",
                "Tickets for the steam specials sell out early.",
            ),
        ),
        Page(
            "Depot list 1950-1990 (PDF)",
            "https://archive.example.net/depots-cz-1950-1990.pdf",
            (
                "Table of depots with codes; Varnsdorf listed under region Liberec.",
                "A scanned list of locomotive depots and their allocations.",
                "Allocation tables for 1950, 1965 and 1980.",
            ),
        ),
        Page(
            "Mandau valley railway history",
            "https://mandautal.example.de/geschichte",
            (
                "Cross-border lines around Zittau and Varnsdorf.",
                "The Zittau-Varnsdorf line and its operating history.",
                "Timetables from 1905 to 1945.",
            ),
        ),
        Page(
            "Steam traction in Czechoslovakia",
            "https://lococlub.example.org/articles/steam-cz",
            (
                "Steam was phased out on ČSD lines by 1981.",
                "The last regular steam services ran in 1980-81.",
                "Depot closures followed dieselisation in the 1970s.",
            ),
        ),
    ]
    queries = [
        "Varnsdorf narrow gauge depot steam closure year",
        "when did Varnsdorf depot stop steam locomotives",
        "Varnsdorf locomotive depot history steam end",
        "Varnsdorf steam shed closed reason",
        "Varnsdorf depot dieselisation year",
        "history of the Varnsdorf railway depot steam servicing ended",
        "Varnsdorf engine shed end of steam",
    ]
    n = rng.randrange(5, 8)
    texts = [
        "Searching for the depot's history.",
        "Let me rephrase the search.",
        "Trying different words.",
        "Searching again with another phrasing.",
        "One more search, more specific.",
        "Let me try a narrower query.",
        "Searching from another angle.",
    ]
    onset = 0
    fetched = 0
    for i, q in enumerate(queries[:n]):
        hits = _hits(rng, pool, 5)
        s = t.step(texts[i], [Call(search, {key: q}, search_listing(rng, hits, style))])
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
        if i in (1, 4) and fetched < 2:
            fetched += 1
            title, url, _ = hits[0]
            t.step(
                f"Opening '{title}' to check.",
                [
                    Call(
                        fetch,
                        {"url": url},
                        f"{title}\n\n"
                        + " ".join(pick(rng, p.snippets) for p in pool if p.url == url)
                        + (
                            " The page does not mention the depot's steam servicing or when it ended. [page "
                            "1 of 1]"
                        ),
                    )
                ],
            )
    t.step("I could not find a source stating when steam servicing ended at the Varnsdorf depot.")
    return Loop(
        onset,
        ("same_tool",),
        f"{n} paraphrases of one question return the same five or six pages reordered with other snippets; "
        f"4th search at step {onset}",
    )


def _para_mail(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "email triage agent: 5-7 reworded mailbox searches return the same threads in another order"
    )
    customer = pick(rng, CUSTOMERS)
    domain = customer.split()[0].lower() + ".example"
    tool = pick(rng, ["search_mail", "mailbox_search", "find_emails"])
    t.user(f"Find the email where {customer} asked to move their delivery day, and tell me the new day.")
    orient(t, rng, mail_pool())
    pool = [
        (
            f"thr_{rng.randrange(10**6)}",
            f"orders@{domain}",
            "Re: weekly order",
            (
                "Thanks, the order for next week is the same as usual.",
                "Please keep the usual quantities.",
                "Same as usual, thank you!",
            ),
        ),
        (
            f"thr_{rng.randrange(10**6)}",
            f"accounts@{domain}",
            "Invoice 4471",
            (
                "Attached the remittance advice for invoice 4471.",
                "Payment for 4471 was sent today.",
                "Remittance for invoice 4471 attached.",
            ),
        ),
        (
            f"thr_{rng.randrange(10**6)}",
            f"orders@{domain}",
            "Delivery address",
            (
                "Please deliver to the back entrance from now on.",
                "Use the rear door on Mill Lane, please.",
                "New delivery entrance: back door.",
            ),
        ),
        (
            f"thr_{rng.randrange(10**6)}",
            "dispatch@ourcompany.example",
            f"Route change for {customer}",
            (
                "Driver route updated for the north loop.",
                "Route sheet for the north loop attached.",
                "North loop route revised.",
            ),
        ),
        (
            f"thr_{rng.randrange(10**6)}",
            f"owner@{domain}",
            "Christmas opening hours",
            (
                "We close on 24 December and reopen on 2 January.",
                "Holiday hours attached.",
                "Closed 24 Dec to 1 Jan.",
            ),
        ),
        (
            f"thr_{rng.randrange(10**6)}",
            f"orders@{domain}",
            "Re: Re: weekly order",
            (
                "Could you add two extra trays this week?",
                "Two more trays please.",
                "Adding two trays to this week.",
            ),
        ),
    ]
    queries = [
        f"from:{domain} delivery day",
        f"{customer} change delivery day",
        f"from:{domain} move delivery",
        f"{customer} delivery schedule",
        f"from:{domain} deliver on different day",
        f"{customer} reschedule deliveries",
        f"delivery day {domain}",
    ]
    texts = [
        "Searching the mailbox.",
        "Nothing obvious; rewording the search.",
        "Let me try other words.",
        "Searching again.",
        "Another phrasing.",
        "Trying one more search.",
        "Rewording once more.",
    ]
    n = rng.randrange(5, 8)
    onset = 0
    for i, q in enumerate(queries[:n]):
        rows = list(pool[:4]) if rng.random() < 0.5 else [*pool[:3], pool[4 + rng.randrange(2)]]
        rng.shuffle(rows)
        s = t.step(
            texts[i],
            [
                Call(
                    tool,
                    {"query": q, "limit": 10},
                    mail_listing([(a, b, c, pick(rng, d)) for a, b, c, d in rows]),
                )
            ],
        )
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    t.step(f"I could not find a message from {customer} about changing the delivery day.")
    return Loop(
        onset,
        ("same_tool",),
        f"{n} rewordings bring back the same four threads reordered with other previews; 4th search at step "
        f"{onset}",
    )


def _para_hotels(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "travel agent: 5-7 reworded hotel searches list the same hotels reordered, prices jittering"
    )
    tool = pick(rng, ["search_hotels", "hotel_search"])
    t.user(
        "Book me a quiet hotel within walking distance of Shibuya station for 3 nights from 9 April, under "
        "20,000 JPY a night."
    )
    orient(t, rng, travel_pool())
    hotels = [
        ("Hotel Sakuragaoka Inn", 18400),
        ("Shibuya Stream Residence", 23900),
        ("Dogenzaka Garden Hotel", 16800),
        ("Udagawa Terrace", 21200),
        ("Hotel Mark Shibuya", 19700),
        ("Jinnan Quiet Rooms", 17500),
    ]
    queries = [
        "quiet hotel near Shibuya station",
        "hotel walking distance Shibuya station quiet",
        "Shibuya station hotel calm area",
        "peaceful hotel close to Shibuya station",
        "Shibuya quiet accommodation near station",
        "low-noise hotel Shibuya station walkable",
        "hotel near Shibuya station away from nightlife",
    ]
    texts = [
        "Searching hotels.",
        "Let me refine the search for quieter places.",
        "Trying a different description.",
        "Searching again.",
        "Another wording for quiet.",
        "Let me rephrase.",
        "One more search.",
    ]
    n = rng.randrange(5, 8)
    onset = 0
    for i, q in enumerate(queries[:n]):
        shown = hotels[:5] if rng.random() < 0.5 else [*hotels[:4], hotels[5]]
        shown = list(shown)
        rng.shuffle(shown)
        rows = [
            {
                "name": h,
                "price_per_night_jpy": p + 100 * rng.randrange(-4, 5),
                "walk_min": 4 + j,
                "rating": round(3.9 + 0.1 * rng.randrange(8), 1),
            }
            for j, (h, p) in enumerate(shown)
        ]
        args = {"query": q, "check_in": "2027-04-09", "nights": 3, "max_price": 20000, "currency": "JPY"}
        s = t.step(texts[i], [Call(tool, args, json.dumps({"hotels": rows}, ensure_ascii=False))])
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    t.step("Here are the options I found; none is described as quiet, so I have not booked yet.")
    return Loop(
        onset,
        ("same_tool",),
        f"{n} reworded searches list the same five hotels in another order with small price changes; 4th "
        f"at step {onset}",
    )


def _para_runbook(t: Transcript, rng: random.Random) -> Loop:
    t.description = "DevOps agent: 5-7 reworded wiki searches for a runbook return the same pages reordered"
    tool = pick(rng, ["search_wiki", "confluence_search", "docs_search"])
    svc = pick(rng, SERVICES)
    t.user(f"{svc} is throwing 'connection pool exhausted' in prod. Is there a runbook for this?")
    pool = [
        Page(
            f"{svc} - service overview",
            f"https://wiki.internal.example/spaces/OPS/{svc}",
            (
                "Owners, dashboards and alert routes.",
                "Service overview: owners and on-call rota.",
                "Links to Grafana dashboards and logs.",
            ),
        ),
        Page(
            "Postgres connection limits",
            "https://wiki.internal.example/spaces/DB/pg-connections",
            (
                "max_connections is 400 on the primary.",
                "How pgbouncer pools are sized per service.",
                "Connection limits per database role.",
            ),
        ),
        Page(
            "Incident 2025-11-03 postmortem",
            "https://wiki.internal.example/spaces/OPS/pm-2025-11-03",
            (
                "Latency spike caused by a slow migration.",
                "Root cause: long-running migration lock.",
                "Timeline and follow-up actions.",
            ),
        ),
        Page(
            "On-call handbook",
            "https://wiki.internal.example/spaces/OPS/oncall",
            (
                "Paging policy and escalation paths.",
                "What to do in the first 15 minutes.",
                "Escalation contacts by team.",
            ),
        ),
        Page(
            "HikariCP settings",
            "https://wiki.internal.example/spaces/DEV/hikari",
            (
                "maximumPoolSize defaults to 10 in our base image.",
                "Pool settings for JVM services.",
                "connectionTimeout and leakDetectionThreshold.",
            ),
        ),
        Page(
            "Deploy checklist",
            "https://wiki.internal.example/spaces/OPS/deploy-checklist",
            ("Pre-deploy checks for prod.", "Checklist before a production rollout.", "Rollback steps."),
        ),
    ]
    queries = [
        f"{svc} connection pool exhausted runbook",
        "connection pool exhausted",
        f"{svc} pool exhaustion",
        "runbook database pool exhausted",
        f"{svc} too many connections",
        "fix connection pool exhausted prod",
        f"{svc} hikari pool timeout",
    ]
    texts = [
        "Searching the wiki.",
        "Rewording the search.",
        "Trying a broader query.",
        "Searching again.",
        "Let me try the error text differently.",
        "Another search.",
        "One more attempt.",
    ]
    n = rng.randrange(5, 8)
    onset = 0
    for i, q in enumerate(queries[:n]):
        hits = _hits(rng, pool, 5)
        s = t.step(texts[i], [Call(tool, {"q": q, "space": "OPS,DB,DEV"}, search_listing(rng, hits, 1))])
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    t.step(
        "I did not find a runbook for pool exhaustion; the closest pages are the Postgres limits and Hikari "
        "settings."
    )
    return Loop(
        onset,
        ("same_tool",),
        f"{n} rewordings return the same wiki pages reordered with other excerpts; 4th search at "
        f"step {onset}",
    )
