"""Healthy runs over many targets: fan-out, parameter sweeps, pagination."""

from __future__ import annotations

from blind16gen.builder import Trace, call, healthy

# --- fan-out --------------------------------------------------------------------------------------------


@healthy("pool-chemistry-route-fanout")
def pool_fanout(t: Trace) -> None:
    t.user("Pull this morning's chemistry readings for Marco's Tuesday route and flag anything out of range.")
    t.step(
        "Getting the route.",
        call(
            "route.get",
            {"tech": "Marco", "day": "Tue"},
            {"stops": ["P-101", "P-114", "P-120", "P-131", "P-142", "P-150", "P-163", "P-170", "P-188"]},
        ),
    )
    readings = [
        (7.4, 2.1),
        (7.6, 1.8),
        (8.1, 0.4),
        (7.5, 2.6),
        (7.3, 3.0),
        (7.8, 1.2),
        (7.2, 2.2),
        (7.9, 0.9),
        (7.5, 1.5),
    ]
    for pool, (ph, cl) in zip(
        ["P-101", "P-114", "P-120", "P-131", "P-142", "P-150", "P-163", "P-170", "P-188"],
        readings,
        strict=True,
    ):
        t.step(
            "",
            call(
                "chem.reading", {"pool": pool, "date": "2026-10-06"}, {"pool": pool, "ph": ph, "fc_ppm": cl}
            ),
        )
    t.say("Out of range: P-120 (pH 8.1, chlorine 0.4) and P-170 (chlorine 0.9). The rest are fine.")
    t.healthy(
        "A pool-service agent reads chemistry for each of nine pools on a route, one call per pool.",
        "The same tool over nine different targets, each with a new result: a fan-out.",
    )


@healthy("aquaculture-oxygen-parallel-no", style="responses")
def pens_fanout(t: Trace) -> None:
    t.user("Hent oksygennivå fra alle merdene på lokaliteten Hitra Nord og si fra om noe er under 7 mg/l.")
    pens = ["M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8"]
    vals = [8.9, 8.4, 6.7, 8.8, 9.1, 7.2, 8.0, 8.6]
    t.step(
        "Henter alle merdene parallelt.",
        *[
            call("sensors.oxygen", {"site": "Hitra Nord", "pen": p, "depth_m": 5}, {"pen": p, "o2_mg_l": v})
            for p, v in zip(pens, vals, strict=True)
        ],
        order=[3, 0, 1, 7, 2, 5, 4, 6],
    )
    t.say("M3 ligger på 6,7 mg/l, under grensen. M6 er lav (7,2) men innenfor.")
    t.healthy(
        "A fish-farm agent reads oxygen from eight pens in one parallel batch, answered out of order.",
        "One batch of eight calls with different pens; nothing repeats.",
    )


@healthy("youth-league-subagents-different-tasks", style="anthropic")
def league_subagents(t: Trace) -> None:
    t.user("Build next Saturday's U10-U14 schedule: fields, referees and parent notifications.")
    tasks = [
        (
            "field-planner",
            "Assign fields for 14 matches Sat 2026-10-17 at Riverside and Oakmont.",
            "14 matches placed: Riverside F1-F4 08:30-13:00, Oakmont F2 09:00-11:00.",
        ),
        (
            "availability-checker",
            "Find certified referees for the 14 matches placed on Riverside/Oakmont.",
            "12 referees available; 2 U14 matches lack a grade-7+ referee.",
        ),
        (
            "notifier",
            "Draft parent notifications per team with field, time and referee.",
            "Drafted 28 team messages; 2 pending referee names.",
        ),
    ]
    for agent, prompt, report in tasks:
        t.step(
            f"Delegating to {agent}.",
            call("Task", {"subagent_type": agent, "description": agent, "prompt": prompt}, report),
        )
    t.say("Schedule ready; two U14 matches still need a grade-7 referee before notifications go out.")
    t.healthy(
        "A league scheduler delegates three different tasks to three sub-agents.",
        "Each delegation has a different brief and a different report; not re-delegation.",
    )


@healthy("self-storage-gate-codes-per-unit-failures-pl", style="plain")
def gate_fanout(t: Trace) -> None:
    t.user("Zablokuj kody do bram dla boksów z zaległością ponad 30 dni w WRO-02.")
    t.step(
        "Pobieram listę zaległości.",
        call(
            "ledger.overdue",
            {"facility": "WRO-02", "days": 30},
            {"units": ["A12", "A19", "B03", "C41", "C44", "D07"]},
        ),
    )
    units = ["A12", "A19", "B03", "C41", "C44", "D07"]
    res = {"A19": "unit A19: keypad offline", "C44": "unit C44: keypad offline"}
    t.step(
        "Blokuję kody równolegle.",
        *[
            call(
                "gate.lock_code",
                {"facility": "WRO-02", "unit": u},
                {"ok": False, "error": res[u]} if u in res else {"ok": True, "unit": u},
            )
            for u in units
        ],
    )
    t.step(
        "Dwie klawiatury offline; zgłaszam do serwisu.",
        call(
            "maintenance.ticket",
            {"facility": "WRO-02", "summary": "Keypads offline: A19, C44"},
            {"id": "MT-812"},
        ),
    )
    t.say("Zablokowano 4 z 6 kodów; A19 i C44 mają klawiatury offline (zgłoszenie MT-812).")
    t.healthy(
        "A self-storage agent locks gate codes for six units in one batch; two fail, each naming its unit.",
        "Per-target failures with different targets in one fan-out, then a ticket; not an error streak.",
    )


# --- parameter sweeps ----------------------------------------------------------------------------------


@healthy("wind-power-curve-bins-de", style="gemini")
def power_sweep(t: Trace) -> None:
    t.user("Vergleiche die Leistungskurve von T12 mit der Garantiekurve zwischen 4 und 12 m/s.")
    for v in range(4, 13):
        meas = round(18.0 * v**2.1, 0)
        t.step(
            "" if v > 4 else "Ich gehe die Windklassen einzeln durch.",
            call(
                "scada.power_bin",
                {"turbine": "T12", "wind_ms": v, "period": "2026-09"},
                {
                    "wind_ms": v,
                    "measured_kw": meas,
                    "warranted_kw": round(meas * 1.03, 0),
                    "samples": 300 + v,
                },
            ),
        )
    t.say("T12 liegt in allen Klassen 2–3 % unter der Garantiekurve, am deutlichsten bei 9–11 m/s.")
    t.healthy(
        "A wind-farm agent reads one power bin per wind speed from 4 to 12 m/s.",
        "A sweep: the same tool with a stepping parameter and a new result each time.",
    )


@healthy("paint-delta-e-sweep-lt", style="plain")
def paint_sweep(t: Trace) -> None:
    t.user(
        "Rask artimiausią receptą L*52,1 a*3,4 b*18,9 spalvai ir parodyk, kiek variantų gauname esant "
        "skirtingoms ΔE ribom."
    )
    for de, n in [(0.5, 0), (1.0, 1), (1.5, 3), (2.0, 7)]:
        t.step(
            f"Tikrinu ΔE ≤ {de}.",
            call(
                "spectro.match",
                {"lab": [52.1, 3.4, 18.9], "base": "interior_matt", "max_delta_e": de},
                {"matches": n},
            ),
        )
    t.say("Vienas receptas atitinka ΔE ≤ 1,0 (Smėlio kopa 2B); esant 2,0 — septyni.")
    t.healthy(
        "A paint-store agent sweeps the colour-match tolerance over four values.",
        "Each call changes the tolerance and the count changes; a sweep.",
    )


@healthy("pacs-routing-rule-per-modality-he", style="plain")
def pacs_sweep(t: Trace) -> None:
    t.user("תבדוק את כלל הניתוב החדש לשרת ה-AI עבור כל מודאליות לפני שמפעילים אותו.")
    for mod, dest in [
        ("CT", "AI-NODE-02"),
        ("MR", "AI-NODE-02"),
        ("CR", "none"),
        ("US", "none"),
        ("MG", "AI-NODE-03"),
    ]:
        t.step(
            f"בודק {mod}.",
            call(
                "router.dry_run",
                {"rule": "ai-triage-v2", "modality": mod},
                {"modality": mod, "destination": dest},
            ),
        )
    t.say("הכלל מנתב CT ו-MR ל-AI-NODE-02, ממוגרפיה ל-AI-NODE-03 ולא מנתב CR ו-US.")
    t.healthy(
        "A PACS agent dry-runs a routing rule for five modalities.",
        "One call per modality, each with its own answer.",
    )


# --- pagination ----------------------------------------------------------------------------------------


@healthy("legal-billing-invoices-cursor", indent=True)
def invoices_cursor(t: Trace) -> None:
    t.user("List all unpaid invoices older than 60 days for Northshore Insurance and total them.")
    pages = [
        ("c1", [("INV-2026-044", 12400.0), ("INV-2026-051", 3880.5)]),
        ("c2", [("INV-2026-063", 9120.0), ("INV-2026-070", 640.0)]),
        ("c3", [("INV-2026-078", 15210.0)]),
        (None, [("INV-2026-082", 2200.0)]),
    ]
    cursor = None
    for nxt, rows in pages:
        args = {"client": "Northshore Insurance", "status": "unpaid", "older_than_days": 60}
        if cursor:
            args["cursor"] = cursor
        t.step(
            "" if cursor else "Fetching the first page.",
            call(
                "billing.invoices",
                args,
                {"data": [{"id": i, "amount": a} for i, a in rows], "next_cursor": nxt},
            ),
        )
        cursor = nxt
    t.say("Six unpaid invoices over 60 days, totalling $43,450.50.")
    t.healthy(
        "A legal-billing agent pages through unpaid invoices with a cursor until it is exhausted.",
        "Each page has a new cursor and new rows; pagination.",
    )


@healthy("pv-case-list-offset-ja", style="anthropic")
def cases_offset(t: Trace) -> None:
    t.user("VELORIMAB の肝障害関連の症例を過去 90 日分すべて一覧にしてください。")
    for off, ids in [
        (0, ["JP-26-1001", "JP-26-1007", "JP-26-1019"]),
        (3, ["JP-26-1044", "JP-26-1052", "JP-26-1060"]),
        (6, ["JP-26-1078"]),
    ]:
        t.step(
            "症例を取得します。" if off == 0 else "次のページ。",
            call(
                "safety_db.list_cases",
                {
                    "product": "VELORIMAB",
                    "smq": "Drug related hepatic disorders",
                    "days": 90,
                    "offset": off,
                    "limit": 3,
                },
                {"cases": ids, "total": 7},
            ),
        )
    t.say("7 件: JP-26-1001, 1007, 1019, 1044, 1052, 1060, 1078。")
    t.healthy(
        "A pharmacovigilance agent pages through seven cases with offset and limit.",
        "The offset advances and each page has new cases.",
    )


@healthy("aid-stock-csv-pages-ar", style="mistral")
def stock_pages(t: Trace) -> None:
    t.user("أعطني جرد المستودع في إربد لكل المواد الطبية.")
    pages = [
        "sku,item,qty\nMED-001,محاليل وريدية,1200\nMED-004,قفازات,34000\nMED-009,ضمادات,8800\n",
        "sku,item,qty\nMED-012,باراسيتامول,5400\nMED-015,أموكسيسيلين,2100\nMED-021,أنسولين,310\n",
        "sku,item,qty\nMED-030,أملاح الإماهة,9600\n",
    ]
    for i, p in enumerate(pages, start=1):
        t.step(
            "أجلب الصفحة " + str(i),
            call("wms.export_csv", {"warehouse": "IRBID-1", "category": "medical", "page": i}, p),
        )
    t.say("سبعة أصناف طبية؛ الأنسولين منخفض (310).")
    t.healthy(
        "An aid-warehouse agent reads three CSV pages of medical stock.",
        "page=1, 2, 3 with different rows; pagination.",
    )


@healthy("election-poll-workers-next-token-el", style="anthropic")
def poll_workers(t: Trace) -> None:
    t.user("Πόσοι δικαστικοί αντιπρόσωποι και εφορευτικά μέλη έχουν επιβεβαιώσει για την περιφέρεια 14;")
    toks = [None, "t-2", "t-3", "t-4"]
    counts = [(50, 44), (50, 41), (50, 47), (18, 15)]
    for k, (n, ok) in enumerate(counts):
        args = {"district": 14} if toks[k] is None else {"district": 14, "next_token": toks[k]}
        nxt = toks[k + 1] if k + 1 < len(toks) else None
        t.step("", call("staff.roster", args, {"items": n, "confirmed": ok, "next_token": nxt}))
    t.say("168 άτομα συνολικά, 147 έχουν επιβεβαιώσει.")
    t.healthy(
        "An election-office agent scrolls a poll-worker roster with next tokens.",
        "Four pages with advancing tokens and different counts.",
    )
