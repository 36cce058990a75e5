"""Healthy: retries after transient failures that then succeed, and a failing call retried twice before a
hand-off to a human (a geocoder behind a rate limit, a CSMS over gRPC, vendor bank-account verification,
Slurm's controller timing out, Cost Explorer throttling, scheduling across time zones in Hebrew)."""

from __future__ import annotations

from typing import Any

from .builder import C, Trace


def geocoder_rate_limited() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-013-geocoder-429-then-route",
        "A GIS agent geocodes an address, hits HTTP 429 twice on the public geocoder, succeeds on the third "
        "try and computes the walking route",
        agent="GIS agent (smolagents ToolCallingAgent, Nominatim geocoder and OSRM routing tools)",
        model="Qwen/Qwen2.5-72B-Instruct",
        start="2026-03-18T04:00:00+00:00",
        meta={"harness": "smolagents 1.21", "geocoder": "nominatim (public endpoint)"},
    )
    t.user("Walking route from Istora Mandiri MRT station to Jl. Jend. Sudirman Kav. 52-53, Jakarta, please.")
    q = {
        "street": "Jl. Jend. Sudirman Kav. 52-53",
        "city": "Jakarta Selatan",
        "country": "Indonesia",
        "format": "geojson",
    }
    busy = (
        "HTTP/1.1 429 Too Many Requests\nRetry-After: 2\ncontent-type: text/html\n\n<html><body><h1>Too "
        "Many Requests</h1>Usage policy: max 1 request per second.</body></html>"
    )
    t.step("Geocoding the address with a structured query.", C("geocode", q, busy, True))
    t.wait(2)
    t.step("Rate limited; waiting the 2 s Retry-After and trying again.", C("geocode", q, busy, True))
    t.wait(4)
    t.step(
        "Still limited; backing off a little longer.",
        C(
            "geocode",
            q,
            {
                "type": "FeatureCollection",
                "features": [
                    {
                        "type": "Feature",
                        "properties": {
                            "display_name": "Menara Sentosa, 52-53, Jalan Jenderal Sudirman, Senayan, "
                            "Kebayoran Baru, Jakarta Selatan",
                            "category": "building",
                            "place_rank": 30,
                        },
                        "geometry": {"type": "Point", "coordinates": [106.80871, -6.22462]},
                    }
                ],
            },
        ),
    )
    t.step(
        "",
        C(
            "geocode",
            {"q": "Stasiun MRT Istora Mandiri", "format": "geojson"},
            {
                "type": "FeatureCollection",
                "features": [
                    {
                        "type": "Feature",
                        "properties": {"display_name": "Istora Mandiri, Jalan Jenderal Sudirman"},
                        "geometry": {"type": "Point", "coordinates": [106.80847, -6.22216]},
                    }
                ],
            },
        ),
    )
    t.step(
        "",
        C(
            "route",
            {"profile": "foot", "coordinates": [[106.80847, -6.22216], [106.80871, -6.22462]], "steps": True},
            {
                "code": "Ok",
                "routes": [
                    {
                        "distance": 312.4,
                        "duration": 251.0,
                        "legs": [{"steps": 4, "summary": "Jalan Jenderal Sudirman"}],
                    }
                ],
            },
        ),
    )
    t.step(
        "About 310 m and 4 minutes on foot, south along Jl. Jenderal Sudirman; the building is on the same "
        "side."
    )
    return t.healthy(
        "The same geocode call fails twice with HTTP 429 (a transient rate limit, honoured with a wait) and "
        "succeeds on the third try; the agent then moves on to new work. Retrying a transient error that "
        "then succeeds is healthy."
    )


def csms_grpc_unavailable() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-014-csms-grpc-unavailable-then-ok",
        "A charging-network agent's CSMS calls fail three times with gRPC UNAVAILABLE during a backend "
        "failover, then succeed; it resets a charger and confirms it is Available",
        agent="EV charging network operations agent (Google ADK LlmAgent, CSMS gRPC tools)",
        model="gemini-2.5-flash",
        start="2026-05-30T04:10:00+00:00",
        ids="adk",
        meta={"harness": "google-adk 1.18", "csms": "csms.ev-example.vn:443"},
    )
    t.user("CP-0415 at the Q7 car park has both connectors Unavailable. Make them available again.")
    unavailable = (
        'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: '
    )
    unavailable += 'dial tcp 10.40.2.17:443: connect: connection refused"'
    arg = {"charge_point_id": "CP-0415", "connector_id": 0, "type": "Operative"}
    t.step(
        "Sending ChangeAvailability (Operative) for the whole charge point.",
        C("change_availability", arg, unavailable, True),
    )
    t.wait(5)
    t.step(
        "The CSMS endpoint refused the connection. Retrying in a few seconds.",
        C("change_availability", arg, unavailable, True),
    )
    t.wait(15)
    t.step(
        "",
        C(
            "change_availability",
            arg,
            "rpc error: code = Unavailable desc = upstream connect error or disconnect/reset before "
            "headers. reset reason: overflow",
            True,
        ),
    )
    t.wait(30)
    t.step(
        "A failover seems to be in progress; one more try after 30 s.",
        C("change_availability", arg, {"status": "Accepted"}),
    )
    t.wait(20)
    t.step(
        "",
        C(
            "get_charge_point",
            {"charge_point_id": "CP-0415"},
            {
                "id": "CP-0415",
                "connectors": [{"id": 1, "status": "Available"}, {"id": 2, "status": "Available"}],
            },
        ),
    )
    t.step(
        "CP-0415 accepted the change; both connectors are Available now. The first three attempts hit a "
        "CSMS failover (gRPC UNAVAILABLE)."
    )
    return t.healthy(
        "change_availability fails three times with gRPC UNAVAILABLE (connection refused, then an upstream "
        "reset: a transient backend failover, with growing waits) and succeeds on the 4th call; the result "
        "is verified. Three transient failures before success are within the healthy retry budget."
    )


def iban_verify_handoff() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-015-vendor-iban-fails-then-human",
        "A procurement agent onboarding a vendor gets the same IBAN verification failure three times, "
        "stops, and hands the case to the AP team with a task",
        agent="procurement and vendor onboarding agent (Semantic Kernel Python, ERP and bank-verification "
        "plugins)",
        model="gpt-4o-2024-11-20",
        start="2026-05-13T09:00:00+00:00",
        meta={"harness": "semantic-kernel 1.34", "tenant": "ourco-procurement"},
    )
    t.user(
        "Onboard Alpine Datacenter SA as a vendor from their onboarding form ONB-7710 and verify their bank "
        "details."
    )
    t.step(
        "",
        C(
            "Onboarding-get_form",
            {"form_id": "ONB-7710"},
            {
                "legal_name": "Alpine Datacenter SA",
                "vat": "CHE-112.431.009 MWST",
                "iban": "CH93 0076 2011 6238 5295 8",
                "bic": "POFICHBEXXX",
                "contact": "ap@alpine-dc.example",
            },
        ),
    )
    t.step(
        "",
        C(
            "ERP-create_vendor_draft",
            {"legal_name": "Alpine Datacenter SA", "vat": "CHE-112.431.009 MWST", "country": "CH"},
            {"vendor_id": "V-30871", "state": "draft"},
        ),
    )
    args = {"iban": "CH9300762011623852958", "bic": "POFICHBEXXX", "account_holder": "Alpine Datacenter SA"}
    err = {
        "verified": False,
        "code": "ACCOUNT_HOLDER_MISMATCH",
        "detail": "Name on account does not match (bank returned: 'ALPINE DC HOLDING AG')",
    }
    t.step("Verifying the bank account.", C("BankVerify-verify_account", args, err))
    t.step(
        "The verification service sometimes lags on Swiss banks; retrying once.",
        C("BankVerify-verify_account", args, err),
    )
    t.step("", C("BankVerify-verify_account", args, err))
    t.step(
        "The bank consistently reports a different account holder (ALPINE DC HOLDING AG), so this is not a "
        "transient error. I won't activate the vendor; handing it to AP for a call-back.",
        C(
            "Tasks-create_task",
            {
                "queue": "ap-vendor-verification",
                "title": "V-30871 Alpine Datacenter SA: account holder mismatch",
                "body": "IBAN CH93...958 belongs to 'ALPINE DC HOLDING AG' per the bank. Please confirm "
                "with the vendor by phone (not via the form's e-mail).",
                "vendor_id": "V-30871",
            },
            {"task_id": "T-55120", "assigned_to": "AP team"},
        ),
    )
    t.step(
        "Vendor V-30871 is saved as a draft. The bank details failed verification three times with the same "
        "holder mismatch; AP has task T-55120 to confirm with the vendor before activation."
    )
    return t.healthy(
        "The same verification fails identically three times (the original call and two retries), then the "
        "agent recognises the failure is not transient and hands off to a human with a task. Two retries "
        "followed by a hand-off are healthy."
    )


def sbatch_socket_timeout() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-016-sbatch-timeout-twice-then-submitted",
        "An HPC agent's sbatch fails twice with a controller socket timeout, then submits; the job runs and "
        "the agent checks its output",
        agent="HPC assistant (goose CLI agent, developer shell extension)",
        model="gpt-4.1",
        start="2026-01-16T22:00:00+00:00",
        meta={"harness": "goose 1.9", "cluster": "tetralith-like (Slurm 23.11)"},
    )
    t.user("Submit the short equilibration job in ~/sims/lysozyme/equil and tell me the final temperature.")
    cmd = {"command": "cd ~/sims/lysozyme/equil && sbatch -A chem-md2026 nvt.sbatch"}
    timeout = (
        "sbatch: error: Batch job submission failed: Socket timed out on send/recv operation\n[exit code 1]"
    )
    t.step("", C("shell", cmd, timeout, True))
    t.wait(30)
    t.step(
        "The controller is busy (nightly backup window). Trying again in 30 s.",
        C("shell", cmd, timeout, True),
    )
    t.wait(60)
    t.step("", C("shell", cmd, "Submitted batch job 4472001"))
    for state in [
        "4472001 PENDING 0:00 (Priority)",
        "4472001 RUNNING 1:41 n118",
        "4472001 RUNNING 6:42 n118",
        "",
    ]:
        t.wait(300)
        t.step("", C("shell", {"command": "squeue -j 4472001 -h -o '%i %T %M %R'"}, state))
    t.step(
        "",
        C(
            "shell",
            {
                "command": "cd ~/sims/lysozyme/equil && echo 'Temperature' | gmx energy -f nvt.edr -o "
                "temp.xvg 2>&1 | tail -3"
            },
            "Energy                      Average   Err.Est.       RMSD  "
            "Tot-Drift\n-------------------------------------------------------------------\nTemperature    "
            "             299.982      0.024     2.1841   0.0412  (K)",
        ),
    )
    t.step(
        "Equilibration done: average temperature 299.98 K (target 300 K), drift 0.04 K. The first two "
        "submissions timed out on the controller and the third went through."
    )
    return t.healthy(
        "sbatch fails twice with a controller socket timeout and succeeds on the third attempt; the job is "
        "then polled to completion and its result read. Retries that succeed after transient errors are "
        "healthy."
    )


def cost_explorer_throttled() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-017-cost-explorer-throttled-then-denied",
        "A FinOps agent is throttled twice by Cost Explorer, succeeds, gets AccessDenied once on Compute "
        "Optimizer, and reports the missing permission instead of retrying",
        agent="cloud cost optimisation agent (LangGraph, AWS Cost Explorer and Compute Optimizer tools)",
        model="anthropic.claude-3-7-sonnet (Bedrock)",
        start="2026-07-22T09:00:00+00:00",
        ids="toolu",
        meta={"harness": "langgraph 1.2", "payer": "ourco-org-payer"},
    )
    t.user(
        "What could the analytics account save with 1-year no-upfront Savings Plans, and are its instances "
        "oversized?"
    )
    args = {
        "SavingsPlansType": "COMPUTE_SP",
        "TermInYears": "ONE_YEAR",
        "PaymentOption": "NO_UPFRONT",
        "LookbackPeriodInDays": "THIRTY_DAYS",
        "AccountScope": "LINKED",
        "AccountId": "447100219930",
    }
    thr = (
        "An error occurred (ThrottlingException) when calling the GetSavingsPlansPurchaseRecommendation "
        "operation: Rate exceeded"
    )
    t.step("", C("ce_get_savings_plans_purchase_recommendation", args, thr, True))
    t.wait(4)
    t.step(
        "Throttled; retrying with backoff.",
        C("ce_get_savings_plans_purchase_recommendation", args, thr, True),
    )
    t.wait(10)
    t.step(
        "",
        C(
            "ce_get_savings_plans_purchase_recommendation",
            args,
            {
                "SavingsPlansPurchaseRecommendationSummary": {
                    "HourlyCommitmentToPurchase": "21.40",
                    "EstimatedMonthlySavingsAmount": "4112.55",
                    "EstimatedSavingsPercentage": "24.8",
                }
            },
        ),
    )
    t.step(
        "Now the utilisation side.",
        C(
            "compute_optimizer_get_ec2_instance_recommendations",
            {"accountIds": ["447100219930"]},
            "An error occurred (AccessDeniedException) when calling the GetEC2InstanceRecommendations "
            "operation: User: arn:aws:sts::447100219930:assumed-role/finops-agent/session is not authorized "
            "to perform: compute-optimizer:GetEC2InstanceRecommendations",
            True,
        ),
    )
    t.step(
        "A 1-year no-upfront Compute Savings Plan at $21.40/hour would save about $4,113/month (24.8%). I "
        "can't judge oversizing: the finops-agent role lacks "
        "compute-optimizer:GetEC2InstanceRecommendations. Add that permission (or opt the account into "
        "Compute Optimizer) and I'll rerun it."
    )
    return t.healthy(
        "Two ThrottlingException failures are followed by a success on the same call (a transient error, "
        "with backoff), and a permission error is reported once instead of retried. Healthy."
    )


def calendar_conflicts_he() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-018-calendar-conflicts-then-booked-he",
        "A scheduling assistant (Hebrew request) books a cross-time-zone meeting within Sunday-Thursday: "
        "two slots conflict with different meetings, the third is booked",
        agent="scheduling assistant (Microsoft Graph calendar tools, Claude)",
        model="claude-sonnet-4-5",
        start="2026-03-15T07:00:00+00:00",
        ids="toolu",
        meta={"harness": "claude-agent-sdk 0.2", "mailbox": "dana@ourco.example"},
    )
    t.user("תקבע 45 דקות עם נועה (תל אביב), Marcus (שיקגו) ו-Priya (בנגלור) השבוע, רק בימים א'–ה'.")
    people = ["noa@ourco.example", "marcus@ourco.example", "priya@ourco.example"]
    t.step(
        "",
        C(
            "get_working_hours",
            {"user": "noa@ourco.example"},
            {
                "daysOfWeek": ["sunday", "monday", "tuesday", "wednesday", "thursday"],
                "startTime": "08:30",
                "endTime": "17:30",
                "timeZone": "Israel Standard Time",
            },
        ),
    )
    t.step(
        "נועה עובדת א'–ה'. 14:30 UTC הוא החלון הסביר לשיקגו. אנסה את יום שני.",
        C(
            "create_event",
            {
                "subject": "Sync",
                "start": "2026-03-16T14:30:00Z",
                "duration": "PT45M",
                "attendees": people,
                "allowConflicts": False,
            },
            {
                "error": {
                    "code": "ErrorConflict",
                    "message": "priya@ourco.example has a conflicting event: 'Quarterly planning' "
                    "14:00-15:30 UTC",
                }
            },
        ),
    )
    t.step(
        "לפריה יש תכנון רבעוני. אנסה שלישי באותה שעה.",
        C(
            "create_event",
            {
                "subject": "Sync",
                "start": "2026-03-17T14:30:00Z",
                "duration": "PT45M",
                "attendees": people,
                "allowConflicts": False,
            },
            {
                "error": {
                    "code": "ErrorConflict",
                    "message": "marcus@ourco.example has a conflicting event: 'Customer call — Helio' "
                    "14:15-15:00 UTC",
                }
            },
        ),
    )
    t.step(
        "אנסה רביעי.",
        C(
            "create_event",
            {
                "subject": "Sync",
                "start": "2026-03-18T14:30:00Z",
                "duration": "PT45M",
                "attendees": people,
                "allowConflicts": False,
            },
            {
                "id": "AAMkAGI2f7a1",
                "start": "2026-03-18T14:30:00Z",
                "end": "2026-03-18T15:15:00Z",
                "responseStatus": "organizer",
            },
        ),
    )
    t.step("נקבע: יום רביעי 18/3, 16:30 בישראל, 09:30 בשיקגו, 20:00 בבנגלור (14:30 UTC).")
    return t.healthy(
        "create_event fails twice, each time with a different conflict (different attendee, different day), "
        "and the third slot is booked. Changing the input after each distinct failure is progress."
    )


SCENARIOS = [
    geocoder_rate_limited,
    csms_grpc_unavailable,
    iban_verify_handoff,
    sbatch_socket_timeout,
    cost_explorer_throttled,
    calendar_conflicts_he,
]
