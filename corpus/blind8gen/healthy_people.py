"""Healthy runs of recruiting, voice and multi-agent manager agents."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js


def ats_pages_scoring() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-027-ats-applications-paged-and-screened",
        "A recruiting agent pages through a job's applications with next links, then reads and scores "
        "twelve shortlisted candidates one by one, writing a scorecard for each.",
        agent="recruiting screening agent (Greenhouse-style Harvest API tools)",
        model="gpt-4.1",
        start="2026-03-16T08:00:00+00:00",
        ids="call",
    )
    t.user(
        "For the Staff Data Engineer role (job 4471), shortlist applicants with Spark + Airflow experience "
        "in the EU and draft a screening scorecard for each."
    )
    shortlisted: list[int] = []
    for page in range(1, 4):
        apps = [
            {
                "id": 73300000 + page * 100 + i,
                "candidate_id": 48200000 + page * 100 + i,
                "tags": ["spark", "airflow"] if (page * 7 + i) % 5 == 0 else ["python"],
                "location": "EU",
            }
            for i in range(25 if page < 3 else 11)
        ]
        shortlisted += [a["candidate_id"] for a in apps if "spark" in a["tags"]]
        link = (
            f'<https://harvest.example/v1/applications?job_id=4471&page={page + 1}>; rel="next"'
            if page < 3
            else ""
        )
        t.step(
            "Listing applications." if page == 1 else "",
            c(
                "list_applications",
                {"job_id": 4471, "per_page": 25, "page": page},
                js({"applications": apps, "link": link}),
            ),
        )
    for i, cid in enumerate(shortlisted):
        years = 5 + (cid % 7)
        t.step(
            f"{len(shortlisted)} match. Reading each profile." if i == 0 else "",
            c(
                "get_candidate",
                {"candidate_id": cid},
                js(
                    {
                        "id": cid,
                        "headline": f"Data engineer, {years} years",
                        "skills": ["Spark", "Airflow", "dbt"][: 2 + cid % 2],
                        "location": ["Lisbon", "Berlin", "Warsaw", "Madrid"][cid % 4],
                    }
                ),
            ),
        )
        t.step(
            "",
            c(
                "create_scorecard_draft",
                {
                    "candidate_id": cid,
                    "job_id": 4471,
                    "ratings": {"spark": 3 + cid % 2, "airflow": 3, "seniority": 2 + years // 4},
                },
                js({"ok": True}),
            ),
        )
    t.step(
        f"Shortlisted {len(shortlisted)} of 61 applicants with Spark and Airflow in the EU; draft "
        "scorecards are on each profile for the hiring manager to review."
    )
    t.healthy(
        "Pagination (three pages) then fan-out over different candidates: a read and a scorecard draft per "
        'person, the drafts all acknowledged with the identical {"ok": true}. Not a loop.'
    )
    return t.build()


def interview_many() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-028-interview-panels-scheduled-in-turn",
        "A scheduling agent books interview panels for six candidates, one slot search and one event per "
        "candidate; one search is empty and it moves to the next day, which works.",
        agent="interview scheduling agent (calendar tools)",
        model="claude-haiku-4-5",
        start="2026-03-16T07:30:00+00:00",
    )
    t.user(
        "Book 45-minute panels next week for the six onsite candidates (list in the sheet), with Tomás and "
        "Wen."
    )
    cands = ["Priya Raman", "Jonah Meyer", "Akosua Mensah", "Luis Ortega", "Hana Sato", "Emil Novak"]
    t.step(
        "",
        c(
            "read_sheet",
            {"sheet": "Onsites W12", "range": "A2:C7"},
            js([[n, f"{n.split()[0].lower()}@mail.example", "any day"] for n in cands]),
        ),
    )
    days = ["2026-03-23", "2026-03-23", "2026-03-24", "2026-03-24", "2026-03-25", "2026-03-26"]
    for i, (name, day) in enumerate(zip(cands, days, strict=True)):
        who = [f"{name.split()[0].lower()}@mail.example", "tomas@acme.io", "wen@acme.io"]
        args = {
            "attendees": who,
            "date": day,
            "duration_min": 45,
            "window": "09:00-17:00",
            "tz": "Europe/Lisbon",
        }
        if i == 4:
            t.step(
                "",
                c(
                    "find_common_slots",
                    args,
                    js({"slots": [], "blocking": {"wen@acme.io": "Offsite (all day)"}}),
                ),
            )
            day = "2026-03-26"
            args = {**args, "date": day}
        slot = f"{10 + i % 3}:{'00' if i % 2 else '30'}"
        t.step(
            "Wen is offsite on the 25th; trying the 26th." if i == 4 else "",
            c("find_common_slots", args, js({"slots": [f"{day}T{slot}", f"{day}T15:00"]})),
        )
        t.step(
            "",
            c(
                "create_event",
                {
                    "title": f"Onsite panel: {name}",
                    "start": f"{day}T{slot}",
                    "duration_min": 45,
                    "attendees": who,
                },
                js({"ok": True, "event_id": f"ev_{t.rng.randrange(16**6):06x}"}),
            ),
        )
    t.step(
        "All six panels are booked for 23–26 March; Hana Sato moved to the 26th because Wen is offsite on "
        "the 25th. Invites are out."
    )
    t.healthy(
        "Fan-out over six candidates: a slot search and an event per person, with one empty search answered "
        "by trying another day. Similar calls over different people are progress."
    )
    return t.build()


def voice_hindi_hold() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-029-isp-voice-agent-hindi-hold-lookups",
        "A Hindi phone agent keeps telling the caller to stay on the line while it checks, but each check "
        "is a different lookup with new information, and it resolves the complaint with a ticket and a "
        "credit.",
        agent="ISP customer-care voice agent (speech pipeline, Hindi)",
        model="gpt-4o-mini",
        start="2026-03-15T06:10:00+00:00",
        ids="call",
    )
    t.user("नमस्ते, मेरा इंटरनेट दो दिन से बंद है और मुझे बिल में छूट चाहिए। नंबर 98204 55117।")
    plan = [
        (
            "कृपया लाइन पर बने रहें, मैं आपका खाता देख रहा हूँ।",
            "lookup_account",
            {"phone": "+919820455117"},
            js({"account_id": "MH-2290417", "name": "सुरेश पाटिल", "plan": "Fiber 100 Mbps"}),
        ),
        (
            "कृपया लाइन पर बने रहें, मैं आपके क्षेत्र की स्थिति देख रहा हूँ।",
            "area_status",
            {"account_id": "MH-2290417"},
            js(
                {
                    "outage": "OUT-5521",
                    "since": "2026-03-13T04:00:00+05:30",
                    "eta": "2026-03-15T18:00:00+05:30",
                }
            ),
        ),
        (
            "कृपया लाइन पर बने रहें, मैं आपका बिल देख रहा हूँ।",
            "get_bill",
            {"account_id": "MH-2290417"},
            js({"cycle": "2026-03", "amount_inr": 999, "due": "2026-03-25"}),
        ),
        (
            "कृपया लाइन पर बने रहें, मैं छूट की पात्रता देख रहा हूँ।",
            "credit_eligibility",
            {"account_id": "MH-2290417", "outage_id": "OUT-5521"},
            js({"eligible": True, "credit_inr": 100, "rule": "outage > 24h: pro-rata credit"}),
        ),
    ]
    for text, name, args, result in plan:
        t.step(text, c(name, args, result))
    t.step(
        "सुरेश जी, आपके क्षेत्र में 13 मार्च से आउटेज है, शाम 6 बजे तक ठीक होने की उम्मीद है। आप ₹100 की "
        "छूट के पात्र हैं। क्या मैं शिकायत दर्ज करके छूट लगा दूँ?"
    )
    t.user("हाँ, कृपया।")
    t.step(
        "कृपया लाइन पर बने रहें, मैं शिकायत दर्ज कर रहा हूँ।",
        c(
            "create_ticket",
            {"account_id": "MH-2290417", "category": "outage", "outage_id": "OUT-5521"},
            js({"ticket": "TKT-771902"}),
        ),
        c(
            "apply_credit",
            {"account_id": "MH-2290417", "amount_inr": 100, "reason": "OUT-5521"},
            js({"ok": True, "new_bill_inr": 899}),
        ),
    )
    t.step("आपकी शिकायत TKT-771902 दर्ज हो गई है और ₹100 की छूट लग गई है; इस महीने का बिल ₹899 होगा। धन्यवाद!")
    t.healthy(
        "The agent repeats 'please stay on the line, I'm checking' before each lookup, but every lookup is "
        "different and returns new facts, and the call ends resolved. Repeated phrasing with progress is "
        "not a narration loop."
    )
    return t.build()


def groupchat_progress() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-030-group-chat-plan-revised-and-accepted",
        "An AutoGen-style group-chat manager cycles statistician, critic and planner three times, but the "
        "critic's objections and the figures change each round, and the third plan is accepted.",
        agent="AutoGen-style group chat manager (planner, statistician, critic agents)",
        model="gpt-4o-2024-11-20",
        start="2026-03-19T16:00:00+00:00",
        ids="call",
    )
    t.user("Design an A/B test for the new one-page checkout: MDE 2% relative, 80% power, alpha 0.05.")
    rounds = [
        (
            "Sample size at a 5.0% baseline: 38,400 per arm.",
            "Rejected: baseline is 3.1% (last 90 days), not 5.0%. Recompute.",
            "Plan v2: baseline 3.1% passed to the statistician.",
        ),
        (
            "With a 3.1% baseline: 63,900 per arm; at current traffic that is 41 days.",
            "Rejected: 41 days crosses the Easter sale, which distorts conversion. Consider a "
            "higher-traffic unit.",
            "Plan v3: randomize by session instead of user, exclude the sale week, primary metric checkout "
            "conversion.",
        ),
        (
            "Session-level: 63,900 sessions per arm, 19 days excluding the sale week.",
            "Approved. Note: add sample-ratio-mismatch monitoring.",
            "Final plan v3 with SRM check added.",
        ),
    ]
    for i, (stat, critic, planner) in enumerate(rounds):
        t.step(
            "Statistician, the sample size please."
            if i == 0
            else "Statistician, recompute for the new plan.",
            c(
                "ask_agent",
                {"agent": "statistician", "message": "Compute the sample size for plan v" + str(i + 1) + "."},
                stat,
            ),
        )
        t.step(
            "Critic, please review.",
            c("ask_agent", {"agent": "critic", "message": f"Review plan v{i + 1}."}, critic),
        )
        t.step(
            "Planner, please revise." if i < 2 else "Planner, finalize.",
            c(
                "ask_agent",
                {"agent": "planner", "message": f"Revise plan v{i + 1} per the critic: {critic}"},
                planner,
            ),
        )
    t.step(
        "Final design: one-page checkout vs control, session-level randomization, 63,900 sessions per arm "
        "(about 19 days, skipping the Easter sale week), checkout conversion as primary metric, SRM "
        "monitoring."
    )
    t.healthy(
        "Three rounds of the same three sub-agents, but each round's figures and objections are new "
        "(baseline fixed, duration fixed, approval). A cycle of roles with changing content is "
        "collaboration, not a loop."
    )
    return t.build()


BUILDERS = [ats_pages_scoring, interview_many, voice_hindi_hold, groupchat_progress]
