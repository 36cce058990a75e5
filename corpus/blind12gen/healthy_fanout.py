"""Healthy fan-outs: the same tool over many new targets (records, SIMs, accounts, scans, aircraft,
sites), bulk writes with look-alike acknowledgements, failures that each name their own target, and a
sub-agent fan-out with one brief per region."""

from __future__ import annotations

from typing import Any

from .builder import Call, Trace


def submittal_review(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Construction agent reads twelve pending submittals one by one and produces a review summary.",
        ids="anthropic",
        meta={
            "agent": "project engineer assistant",
            "domain": "construction project management",
            "language": "en",
        },
    )
    t.user("Go through all pending submittals on P-118 and tell me which ones are blocking the L5 formwork.")
    subs = [
        ("03 11 00-04", "Formwork shop drawings L5", "REVISE", True),
        ("03 21 00-11", "Rebar schedule L5 slab", "APPROVED", False),
        ("03 30 00-07", "Concrete mix C30/37 winter", "APPROVED AS NOTED", False),
        ("05 12 00-02", "Steel connections grid C", "PENDING ARCH", False),
        ("07 21 00-01", "Insulation product data", "APPROVED", False),
        ("08 44 13-03", "Curtain wall mockup", "PENDING", False),
        ("03 15 00-02", "Embedded plates L5", "REVISE", True),
        ("22 11 16-05", "Domestic water piping", "APPROVED", False),
        ("23 31 13-02", "Ductwork L3-L5", "PENDING MEP", False),
        ("26 05 19-01", "Cable data", "APPROVED", False),
        ("03 11 19-01", "Formwork shoring calcs L5", "PENDING SE", True),
        ("09 29 00-04", "Gypsum board", "APPROVED", False),
    ]
    t.act(
        "Listing pending submittals.",
        "submittals.list",
        {"project": "P-118", "status": "open"},
        {"submittals": [s[0] for s in subs], "count": len(subs)},
    )
    for i, (num, title, status, _) in enumerate(subs):
        t.act(
            "Reading each one." if i == 0 else "",
            "submittals.get",
            {"project": "P-118", "number": num},
            {
                "number": num,
                "title": title,
                "status": status,
                "ball_in_court": "GC" if status == "REVISE" else "design team",
            },
        )
    blocking = [f"{s[0]} ({s[1]}, {s[2]})" for s in subs if s[3]]
    t.say(
        "Blocking the L5 formwork: "
        + "; ".join(blocking)
        + ". Everything else is approved or unrelated to L5 formwork."
    )
    return t.healthy(
        "submittals.get is called twelve times, each for a different submittal number from the list, each "
        "returning a different record; then a summary. A fan-out over new targets, healthy."
    )


def sim_bulk_activation(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Telecom agent activates twelve IoT SIMs in parallel batches of four; the acknowledgements look "
        "alike "
        "except for ICCID and MSISDN.",
        ids="gemini",
        meta={
            "agent": "IoT connectivity assistant",
            "domain": "telecom network provisioning",
            "language": "en",
        },
    )
    t.user("Activate the 12 SIMs in box IOT-2291 on the 'telemetry-1GB' plan for customer AgroSense.")
    iccids = [f"8931440400012{k:06d}" for k in range(771201, 771213)]
    t.act(
        "Reading the box manifest.",
        "sim_inventory",
        {"box": "IOT-2291"},
        {"box": "IOT-2291", "iccids": iccids, "state": "INVENTORY"},
    )
    for b in range(3):
        calls = [
            Call(
                "activate_sim",
                {"iccid": iccid, "plan": "telemetry-1GB", "account": "AgroSense"},
                {
                    "iccid": iccid,
                    "state": "ACTIVE",
                    "msisdn": f"3197010{4400 + b * 4 + k:04d}",
                    "apn": "iot.example",
                },
            )
            for k, iccid in enumerate(iccids[b * 4 : b * 4 + 4])
        ]
        t.batch("Activating the first four." if b == 0 else "Next four.", calls, order="shuffle")
    t.say("All 12 SIMs in IOT-2291 are ACTIVE on telemetry-1GB for AgroSense (MSISDNs 31970104400-4411).")
    return t.healthy(
        "activate_sim runs twelve times, each on a different ICCID from the manifest (three parallel batches "
        "of four); the acks share a shape but name their own SIM and number. A bulk write over new targets, "
        "healthy."
    )


def site_metrics_failures(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Clinical data agent pulls enrolment metrics from nine sites; five fail with the same SFTP error "
        "text "
        "naming their own site, and the agent reports per site and routes the failures.",
        ids="openai",
        meta={"agent": "trial operations assistant", "domain": "clinical trials", "language": "en"},
    )
    t.user("Pull this week's enrolment and screen-failure numbers from every active site of ONC-2231.")
    sites = ["101", "104", "118", "203", "211", "215", "302", "307", "410"]
    bad = {"104", "203", "215", "307", "410"}
    t.act("Listing active sites.", "ctms.sites", {"study": "ONC-2231", "status": "active"}, {"sites": sites})
    ok_rows = []
    for i, s in enumerate(sites):
        if s in bad:
            t.act(
                "Pulling site metrics." if i == 0 else "",
                "pull_site_metrics",
                {"study": "ONC-2231", "site": s, "week": "2026-W15"},
                f"site {s}: SFTP authentication failed for user onc2231_{s} (key expired 2026-04-01)",
                error=True,
            )
        else:
            enrolled, sf = 3 + int(s) % 5, int(s) % 3
            ok_rows.append(f"{s}: {enrolled} enrolled, {sf} screen failures")
            t.act(
                "Pulling site metrics." if i == 0 else "",
                "pull_site_metrics",
                {"study": "ONC-2231", "site": s, "week": "2026-W15"},
                {"site": s, "enrolled_week": enrolled, "screen_fail_week": sf},
            )
    t.act(
        "Five sites failed on expired SFTP keys; raising one ticket with the list.",
        "open_ticket",
        {"queue": "data-transfer", "title": "ONC-2231 SFTP keys expired", "sites": sorted(bad)},
        {"ticket": "DT-5820"},
    )
    t.say(
        "Received: "
        + "; ".join(ok_rows)
        + ". Sites 104, 203, 215, 307, 410 failed (SFTP keys expired 1 April) - ticket DT-5820."
    )
    return t.healthy(
        "pull_site_metrics over nine different sites: five fail with the same error text, but each failure "
        "names its own site and user, and every call is a new target; the agent then reports and routes the "
        "failures once. A fan-out whose items fail individually is not an error streak."
    )


def cheater_bans_tr(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Game moderation agent (Turkish) issues bans for fourteen accounts flagged by the anti-cheat report, "
        "one per step; acks differ only by account and sanction id.",
        ids="openai",
        meta={"agent": "moderasyon asistanı", "domain": "game server operations", "language": "tr"},
    )
    t.user("Anti-cheat raporundaki (AC-0323) onaylı 14 hesabı 30 gün banla; itiraz hakkı açık kalsın.")
    accounts = [f"{t.rng.randint(1000, 9999):04x}-{t.rng.randint(1000, 9999):04x}" for _ in range(14)]
    t.act(
        "Raporu okuyorum.",
        "anticheat_report",
        {"report": "AC-0323", "status": "confirmed"},
        {"report": "AC-0323", "confirmed": [{"player_id": a, "signature": "aimbot_v9"} for a in accounts]},
    )
    for i, a in enumerate(accounts):
        t.act(
            "Banlamaya başlıyorum." if i == 0 else "",
            "sanction_create",
            {
                "player_id": a,
                "type": "BAN_30D",
                "reason": "aimbot_signature",
                "evidence": "AC-0323",
                "appealable": True,
            },
            {"ok": True, "sanction_id": f"SAN-5590{i + 10:02d}", "player_id": a},
        )
    t.say("AC-0323'teki 14 hesabın tamamı 30 gün banlandı (SAN-559010 ... SAN-559023), itiraz hakkı açık.")
    return t.healthy(
        "sanction_create runs fourteen times, each on a different player id from the confirmed report; the "
        "acks share a shape but carry their own account and sanction id. A bulk write over new targets: "
        "healthy."
    )


def ocr_scan_batches(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Archive digitisation agent OCRs twenty scanned ledger pages in parallel batches of five; every page "
        "returns different text, and it saves the transcriptions.",
        ids="plain",
        meta={"agent": "digitisation assistant", "domain": "library and archives", "language": "en"},
    )
    t.user(
        "OCR the 20 scans of the 1911 parish ledger (folder ledger-1911/) and save plain-text transcriptions."
    )
    names = [
        "Kowalski",
        "Nowak",
        "Wiśniewski",
        "Wójcik",
        "Kamiński",
        "Lewandowski",
        "Zieliński",
        "Szymański",
        "Woźniak",
        "Dąbrowski",
        "Kozłowski",
        "Jankowski",
        "Mazur",
        "Kwiatkowski",
        "Krawczyk",
        "Piotrowski",
        "Grabowski",
        "Nowakowski",
        "Pawłowski",
        "Michalski",
    ]
    for b in range(4):
        calls = []
        for k in range(5):
            n = b * 5 + k + 1
            calls.append(
                Call(
                    "ocr_page",
                    {"file": f"ledger-1911/p{n:03d}.tif", "lang": "pol+lat"},
                    f"[p{n:03d} conf=0.{88 - (n % 7)}] {n + 3}. {names[n - 1]} Jan, syn Józefa, ur. "
                    f"{n % 28 + 1}.{(n % 12) + 1}.1911 ...",
                )
            )
        t.batch("OCR, first batch." if b == 0 else "Next batch.", calls, order="reverse" if b % 2 else "same")
    t.act(
        "Saving the transcriptions.",
        "save_text",
        {"path": "ledger-1911/transcription.txt", "pages": 20},
        {"ok": True, "bytes": 18422},
    )
    t.say(
        "20 pages transcribed to ledger-1911/transcription.txt (mean OCR confidence 0.85; lowest on p006 "
        "and p013)."
    )
    return t.healthy(
        "ocr_page is called twenty times over twenty different files in four parallel batches, each result "
        "new "
        "text; then one save. A fan-out over new targets, healthy."
    )


def ad_fleet_compliance(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "MRO agent checks compliance with one airworthiness directive across ten tail numbers; two come back "
        "with no records, each naming its tail, and it reports the gaps.",
        ids="bedrock",
        meta={"agent": "MRO records assistant", "domain": "aviation maintenance", "language": "en"},
    )
    t.user(
        "Check compliance with AD 2024-08-06 across our ten 737-800s and list anything overdue or missing."
    )
    tails = [
        "N731QX",
        "N732QX",
        "N733QX",
        "N734QX",
        "N735QX",
        "N736QX",
        "N737QX",
        "N738QX",
        "N739QX",
        "N740QX",
    ]
    gaps = []
    for i, tail in enumerate(tails):
        if tail in ("N734QX", "N739QX"):
            res = (
                f"NO_RECORDS: no compliance entries for AD 2024-08-06 on {tail} "
                f"(engines ESN 89{i}112, 89{i}113)"
            )
            gaps.append(tail)
        else:
            res = {
                "tail": tail,
                "ad": "2024-08-06",
                "last_done_csn": 14200 + i * 310,
                "next_due_csn": 15800 + i * 310,
                "current_csn": 15100 + i * 290,
                "status": "COMPLIANT",
            }
        t.act(
            "Checking each tail." if i == 0 else "", "ad_compliance", {"ad": "2024-08-06", "tail": tail}, res
        )
    t.say(
        f"All compliant except {' and '.join(gaps)}, which have no compliance records for AD 2024-08-06 - "
        "records should check the engine logbooks."
    )
    return t.healthy(
        "ad_compliance over ten different tails; two return NO_RECORDS naming their own tail and engines. "
        "Each "
        "call is a new target and the answer lists the gaps. Fan-out, healthy."
    )


def region_subagents(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Survey research manager fans out one analysis brief per region to sub-agents; the reports share a "
        "format but carry different findings, which it merges.",
        ids="anthropic",
        meta={"agent": "research manager (Task sub-agents)", "domain": "survey research", "language": "en"},
    )
    t.user(
        "For each of our five regions, find the top three drivers of detractor scores in the Q1 open-ended "
        "answers."
    )
    regions = {
        "North": "1) delivery delays (31%) 2) app login problems (18%) 3) price increase (12%)",
        "Centre": "1) call-centre wait times (27%) 2) delivery delays (22%) 3) billing errors (15%)",
        "South": "1) price increase (29%) 2) product availability (21%) 3) delivery delays (14%)",
        "East": "1) app login problems (33%) 2) billing errors (19%) 3) call-centre wait times (11%)",
        "West": "1) product availability (25%) 2) returns process (20%) 3) price increase (16%)",
    }
    for i, (region, rep) in enumerate(regions.items()):
        t.act(
            "Fanning out one sub-agent per region." if i == 0 else "",
            "Task",
            {
                "subagent_type": "text-analyst",
                "description": f"Detractor drivers {region}",
                "prompt": f"Code the open-ended answers of detractors (0-6) in region {region}, "
                "cust_q1_2026, and report the top three themes with shares.",
            },
            f"Region {region}, detractors coded: {rep}.",
        )
    t.say(
        "Top detractor drivers: delivery delays (North, Centre, South), price increase (South, North, "
        "West), app "
        "login problems (East, North), billing errors (Centre, East), availability (South, West)."
    )
    return t.healthy(
        "Task is called five times, once per region with its own brief, and each report brings different "
        "findings; the manager merges them. A sub-agent fan-out over new targets, not re-delegation."
    )


SCENARIOS = [
    ("submittal-review", submittal_review),
    ("sim-bulk-activation", sim_bulk_activation),
    ("site-metrics-own-failures", site_metrics_failures),
    ("cheater-bans-tr", cheater_bans_tr),
    ("ocr-scan-batches", ocr_scan_batches),
    ("ad-fleet-compliance", ad_fleet_compliance),
    ("region-subagents", region_subagents),
]
