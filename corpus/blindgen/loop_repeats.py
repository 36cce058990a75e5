"""Loop families (4) and (5): re-delegation of the same task, and exact repeats after an empty result."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from .content import (
    CUSTOMERS,
    NAMESPACES,
    SERVICES,
    kube_pool,
    kubectl_call,
    mail_pool,
    mobile_pool,
    sql_pool,
    sql_tool,
)
from .transcript import (
    EXACT_ONSET_OCCURRENCE,
    NEAR_ONSET_ATTEMPT,
    Call,
    Loop,
    Transcript,
    orient,
    pick,
)

# --------------------------------------------------------------------------- (4) re-delegation


@dataclass(frozen=True)
class Delegation:
    """A manager's brief in several wordings and the sub-agent's report in several wordings."""

    user: str
    agent: str
    briefs: tuple[str, ...]
    reports: tuple[str, ...]
    give_up: str


DELEGATIONS = [
    Delegation(
        "When was the Halden river otter survey first published, and by whom?",
        "literature_scout",
        (
            "Find the first publication of the Halden river otter survey: year and authors.",
            "Please look again for when the Halden otter survey was first published and who wrote it.",
            "Search journals and reports for the original Halden river otter survey; I need year "
            "and authors.",
            "Find the earliest publication of the otter survey on the Halden river, with its authors.",
            "One more time: the first published Halden river otter survey - year, authors, venue.",
            "Dig into library catalogues for the first Halden otter survey publication and its authors.",
        ),
        (
            "I searched Google Scholar, the Norwegian Institute for Nature Research archive and CORE. "
            "I found "
            "later surveys (2014, 2019) that cite 'the original Halden survey' without a reference. I could "
            "not find the first publication or its authors.",
            "Result: not found. Sources checked: Google Scholar, NINA archive, CORE. The 2014 and "
            "2019 reports "
            "mention an earlier Halden survey but give no citation.",
            "Could not determine the original publication. The 2019 report refers to 'the first Halden otter "
            "survey' without year or authors; the NINA archive has no earlier record.",
        ),
        "I could not find the first publication of the survey.",
    ),
    Delegation(
        "payments-worker pods are in CrashLoopBackOff in prod. Find out why and fix it.",
        "k8s_operator",
        (
            "Investigate why payments-worker pods crash-loop in namespace payments and fix it.",
            "Please check the payments-worker CrashLoopBackOff again and apply a fix.",
            "Look at payments-worker in prod: find the crash cause and resolve it.",
            "Retry: diagnose and fix the crash-looping payments-worker deployment.",
            "Fix payments-worker in namespace payments; it is still crash-looping.",
            "Take another look at payments-worker and get the pods running.",
        ),
        (
            "payments-worker-7d9f6c: CrashLoopBackOff, last exit code 137 (OOMKilled), limit 512Mi. I could "
            'not raise the limit: deployments.apps "payments-worker" is forbidden: User "system:service'
            'account:ops:k8s-operator" '
            'cannot patch resource "deployments" in namespace "payments".',
            "Pods keep getting OOMKilled (exit 137) at the 512Mi limit. Attempted to patch memory to 1Gi; "
            "forbidden for the ops service account in namespace payments. No change made.",
            "Diagnosis unchanged: OOMKilled with a 512Mi limit. Patch denied (RBAC: cannot patch deployments "
            "in payments). Nothing fixed.",
        ),
        "The sub-agent cannot patch the deployment; someone with rights in the payments namespace must raise "
        "the memory limit.",
    ),
    Delegation(
        "A customer says they were charged twice for invoice 4471. Sort it out.",
        "billing_specialist",
        (
            "Resolve the reported double charge on invoice 4471 and refund the duplicate.",
            "Please re-check invoice 4471 for a duplicate charge and refund it.",
            "Look at the payments for invoice 4471 again; the customer insists on two charges.",
            "Investigate the double charge on 4471 once more and issue a refund if found.",
            "Verify the charges for invoice 4471 and fix the duplicate.",
            "Check invoice 4471 again for the second charge.",
        ),
        (
            "Invoice 4471 has one successful charge (EUR 49.00, 2 Nov, card ending 4242) and one declined "
            "authorisation the same minute. No duplicate capture, so nothing to refund.",
            "Only one capture exists for 4471: EUR 49.00 on 2 November. The second entry is a declined "
            "authorisation "
            "that was never captured. No refund issued.",
            "Checked again: a single EUR 49.00 charge plus a declined attempt. The bank may show a pending "
            "hold that will drop off. Nothing refunded.",
        ),
        "Billing finds only one charge; I will explain the pending hold to the customer.",
    ),
    Delegation(
        "Find me a train from Vienna to Ljubljana on 2 April arriving before 14:00.",
        "rail_agent",
        (
            "Find a Vienna to Ljubljana train on 2027-04-02 arriving before 14:00.",
            "Please search again for Vienna-Ljubljana on 2 April, arrival by 14:00.",
            "Look for any connection Vienna to Ljubljana on 2 April that arrives before 2 pm.",
            "Search once more: Wien Hbf to Ljubljana, 2 April, arriving before 14:00, changes allowed.",
            "Retry the Vienna-Ljubljana search for 2 April with an arrival before 14:00.",
            "Check again for trains Vienna to Ljubljana on April 2nd before 14:00.",
        ),
        (
            "No connection arrives before 14:00. Earliest: dep 06:58 Wien Hbf, change in Villach, arr 15:47 "
            "Ljubljana.",
            "Searched OEBB and SZ timetables: the earliest arrival on 2 April is 15:47 (via Villach). "
            "Nothing "
            "before 14:00.",
            "Nothing arrives before 14:00 on 2 April. First arrival 15:47 via Villach; the direct EC arrives "
            "18:12.",
        ),
        "There is no train arriving before 14:00; the earliest arrives at 15:47.",
    ),
]


def loop_redelegation(t: Transcript, rng: random.Random, variant: int) -> Loop:
    """A manager hands nearly the same task to a sub-agent again and again; each report says the same."""
    d = DELEGATIONS[variant % len(DELEGATIONS)]
    t.description = (
        f"manager agent: re-delegates the same task to {d.agent} 5-6 times; every report says the same"
    )
    tool, agent_key, task_key = (
        pick(rng, ["delegate_task", "call_subagent", "handoff"]),
        pick(rng, ["agent", "to"]),
        pick(rng, ["task", "instructions"]),
    )
    t.user(d.user)
    if rng.random() < 0.5:
        t.step(
            "Let me check which helpers are available.",
            [Call("list_agents", {}, json.dumps({"agents": [d.agent, "summariser", "scheduler"]}))],
        )
    plans = [
        "The report does not settle it; I will ask again with more detail.",
        "Not good enough. Delegating again.",
        "Let me have the sub-agent try once more.",
        "",
    ]
    n = rng.randrange(5, 7)
    onset = 0
    for i, brief in enumerate(d.briefs[:n]):
        report = d.reports[i % len(d.reports)]
        if rng.random() < 0.4:
            report = f"[{d.agent} run {rng.randrange(100, 999)}] {report}"
        s = t.step(
            pick(rng, ["Delegating.", f"Asking {d.agent}.", "Handing this to the specialist."]),
            [Call(tool, {agent_key: d.agent, task_key: brief}, report)],
        )
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
        plan = pick(rng, plans)
        if plan and i < n - 1:
            t.step(plan)
    t.step(d.give_up)
    return Loop(
        onset,
        ("same_tool",),
        f"{n} delegations of the same task in other words, each report repeating the same finding; 4th at "
        f"step {onset}",
    )


# -------------------------------------------------------------------- (5) exact repeats after an empty result


def loop_repeat_after_empty(t: Transcript, rng: random.Random, variant: int) -> Loop:
    """The same call with the same arguments repeated after an empty result, the result still empty."""
    n = rng.randrange(4, 7)
    variant %= 4
    if variant == 0:
        tool, key = sql_tool(rng)
        t.description = "SQL agent: the same query re-run 4-6 times after it returned zero rows"
        t.user("How many refunds did we issue yesterday?")
        orient(t, rng, sql_pool(tool, key))
        t.step(
            "Checking the refunds table.",
            [Call(tool, {key: "SELECT count(*) FROM returns;"}, " count\n-------\n 18233\n(1 row)")],
        )
        call = Call(
            tool,
            {key: "SELECT id, amount, created_at FROM refunds WHERE created_at::date = current_date - 1;"},
            " id | amount | created_at\n----+--------+------------\n(0 rows)",
        )
        texts = [
            "Querying yesterday's refunds.",
            "Zero rows - maybe the load job is still running. Running it again.",
            "Still nothing; let me re-run the query.",
            "Trying once more in case the data just arrived.",
            "Re-running the query.",
            "Checking again.",
        ]
    elif variant == 1:
        ns, svc = pick(rng, NAMESPACES), pick(rng, SERVICES)
        style = rng.randrange(3)
        t.description = "DevOps agent: the same kubectl get re-run 4-6 times after 'No resources found'"
        t.user(f"Restart the {svc} pods in {ns}.")
        orient(t, rng, kube_pool(rng, style))
        call = kubectl_call(
            rng, style, f"get pods -n {ns} -l app={svc}", f"No resources found in {ns} namespace."
        )
        texts = [
            f"Listing the {svc} pods.",
            "No pods found - let me look again.",
            "Checking once more.",
            "Listing the pods again.",
            "Let me re-run that.",
            "Looking again.",
        ]
    elif variant == 2:
        t.description = "mobile-UI agent: the same element lookup repeated 4-6 times after it found nothing"
        t.user("In the Pantrybox app, check out the cart with the saved card.")
        orient(t, rng, mobile_pool("Pantrybox"))
        t.step(
            "Looking at the screen.",
            [
                Call(
                    "screenshot",
                    {},
                    "[screen 1080x2340] Pantrybox - Cart is empty. 'Continue shopping' at (540, 1200). Tabs: "
                    "Home, Search, Cart, Profile.",
                )
            ],
        )
        call = Call(
            pick(rng, ["find_element", "locate"]), {"text": "Checkout", "timeout_ms": 3000}, '{"matches": []}'
        )
        texts = [
            "Finding the Checkout button.",
            "Not found; searching for it again.",
            "Let me look for Checkout once more.",
            "Searching again for the button.",
            "Trying to find Checkout.",
            "Looking for it again.",
        ]
    else:
        customer = pick(rng, CUSTOMERS)
        domain = customer.split()[0].lower() + ".example"
        t.description = "email triage agent: the same mailbox search re-run 4-6 times after 0 results"
        t.user(f"Did {customer} send us their refund request form?")
        orient(t, rng, mail_pool())
        call = Call(
            pick(rng, ["search_mail", "find_emails"]),
            {"query": f'from:{domain} subject:"refund request" has:attachment'},
            "0 results",
        )
        texts = [
            "Searching the mailbox.",
            "No results. Let me search again.",
            "Searching once more.",
            "Re-running the search.",
            "Let me try that search again.",
            "Checking again.",
        ]
    onset = 0
    for i in range(n):
        s = t.step(texts[i], [call])
        if i == EXACT_ONSET_OCCURRENCE:
            onset = s
    t.step("I found nothing, even after several tries.")
    return Loop(
        onset,
        ("identical_call",),
        f"the same call with the same arguments {n} times, each answer empty; 3rd occurrence at step {onset}",
    )
