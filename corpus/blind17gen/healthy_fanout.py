"""Healthy fan-out: one tool over many targets (sequential, parallel, sub-agents, per-target failures),
parameter sweeps and pagination."""

from __future__ import annotations

from .builder import Trace, csv, healthy_case, js, jss

# ---------------------------------------------------------------------------- fan-out


@healthy_case(
    "sewer-segments-sequential",
    "Sewer CCTV inspection: the agent reads the survey reports of five consecutive segments one by one "
    "and ranks them for rehabilitation.",
    domain="sewer CCTV inspection",
    lang="lv",
    ids="gemini",
    pattern="fan-out (sequential)",
)
def sewer_fanout(t: Trace) -> None:
    t.user(
        "Izskati Brīvības ielas kanalizācijas posmu ST-040 līdz ST-044 CCTV pārskatus un "
        "sakārto tos pēc sanācijas steidzamības."
    )
    reports = {
        "ST-040": "ST-040 DN300 beton 62 m | defekti: BAB plaisa garenvirzienā 12.1 m (2) | vērtējums 2",
        "ST-041": (
            "ST-041 DN300 beton 58 m | defekti: BBA saknes 30.5 m (3), BAF virsmas bojājums 41 m "
            "(3) | vērtējums 3"
        ),
        "ST-042": "ST-042 DN300 beton 60 m | defekti: nav | vērtējums 1",
        "ST-043": (
            "ST-043 DN300 beton 64 m | defekti: BAC sabrukums 18.2 m (5), BAB plaisa 20 m (4) | vērtējums 5"
        ),
        "ST-044": "ST-044 DN250 PVC 55 m | defekti: BBA saknes 23.4 m (2) | vērtējums 2",
    }
    for seg, rep in reports.items():
        t.tool(f"Lasu {seg}.", "cctv_report_get", {"segment": seg}, rep)
    t.say(
        "Steidzamība: 1) ST-043 (sabrukums, 5), 2) ST-041 (saknes un virsmas bojājumi, 3), "
        "3) ST-040 un ST-044 "
        "(2), ST-042 bez defektiem."
    )
    t.healthy(
        "cctv_report_get is called five times in a row, each for a different segment with a different "
        "report, then the agent ranks them. A sequential fan-out over distinct targets is healthy."
    )


@healthy_case(
    "winter-road-stations-parallel",
    "Winter road maintenance: the agent queries six road weather stations in one parallel batch, answered "
    "out of order, and dispatches spreaders to the two icy segments.",
    domain="winter road maintenance",
    lang="en",
    ids="openai",
    pattern="fan-out (parallel, out of order)",
)
def winter_fanout(t: Trace) -> None:
    t.user(
        "Black ice warning for the E4 north of Umeå. Check all stations on our stretch and "
        "send spreaders where needed."
    )
    stations = [
        ("E4-UM-01", -1.2, 0.62),
        ("E4-UM-02", -3.8, 0.28),
        ("E4-UM-03", -2.1, 0.55),
        ("E4-UM-04", -4.4, 0.24),
        ("E4-UM-05", -0.6, 0.71),
        ("E4-UM-06", -1.9, 0.58),
    ]
    t.batch(
        "Querying all six stations at once.",
        [
            ("road_weather", {"station": s}, f"{s}: surface {temp} °C, friction {fr}", False)
            for s, temp, fr in stations
        ],
        order=[3, 0, 5, 1, 4, 2],
    )
    t.batch(
        "Friction is below 0.3 at stations 02 and 04; dispatching.",
        [
            (
                "dispatch_spreader",
                {"segment": "E4-UM-02", "material": "brine+salt"},
                js({"truck": "UM-7", "eta_min": 14}),
                False,
            ),
            (
                "dispatch_spreader",
                {"segment": "E4-UM-04", "material": "brine+salt"},
                js({"truck": "UM-3", "eta_min": 22}),
                False,
            ),
        ],
        order=[1, 0],
    )
    t.say(
        "Spreaders sent: UM-7 to E4-UM-02 (ETA 14 min) and UM-3 to E4-UM-04 (ETA 22 min); "
        "the other four stations are above 0.5 friction."
    )
    t.healthy(
        "road_weather is called six times in one parallel batch for six different stations, answered out of "
        "order, then two targeted dispatches follow. A parallel fan-out over distinct targets is healthy."
    )


@healthy_case(
    "bridge-inspection-subagents",
    "Bridge structural health monitoring: the agent launches three sub-agents with different tasks "
    "(bearings, deck cracks, load rating) and merges their reports.",
    domain="bridge structural health monitoring",
    lang="ko",
    ids="anthropic",
    pattern="fan-out (sub-agents with different tasks)",
)
def bridge_fanout(t: Trace) -> None:
    t.user("B-17 교량 정기점검 보고서 초안을 만들어 주세요. 받침, 바닥판 균열, 내하력 세 부분이 필요합니다.")
    tasks = [
        (
            "받침 점검",
            "B-17 받침 8개소의 변위 센서 90일 데이터를 분석하고 이상 여부를 보고해.",
            "받침 8개소 중 P2-동측 받침 변위가 설계 허용치의 82%. 나머지 정상.",
        ),
        (
            "바닥판 균열",
            "B-17 바닥판 드론 사진(2025-04)에서 균열 폭과 길이를 정리해.",
            "균열 23개, 최대 폭 0.3 mm (경간 2). 보수 필요 균열 3개.",
        ),
        (
            "내하력 평가",
            "B-17 최신 재하시험 결과로 내하력 등급을 산정해.",
            "내하력 등급 B (DB-24 기준 1.08).",
        ),
    ]
    for desc, prompt, rep in tasks:
        t.tool(
            f"{desc}를 서브에이전트에 맡깁니다.",
            "Task",
            {"description": desc, "prompt": prompt, "subagent_type": "inspector"},
            rep,
        )
    t.say(
        "B-17 점검 보고서 초안: 받침 — P2 동측 변위 허용치의 82%로 관찰 필요; 바닥판 — 균열 "
        "23개, 보수 대상 3개 "
        "(최대 0.3 mm); 내하력 — 등급 B (1.08)."
    )
    t.healthy(
        "Task is called three times, each with a different description and prompt, and each report covers a "
        "different part of the inspection. Sub-agents with different tasks are not re-delegation."
    )


@healthy_case(
    "parcel-lockers-parallel-per-target-failures",
    "Parcel locker network: a parallel status check over five lockers, answered out of order, has two "
    "per-target failures naming their own lockers; the agent opens tickets for those two.",
    domain="parcel locker network",
    lang="sk",
    ids="bedrock",
    pattern="fan-out (per-target failures in a parallel batch)",
)
def locker_fanout(t: Trace) -> None:
    t.user("Skontroluj všetky boxy v Petržalke (BA-030 až BA-034) a nahlás tie, ktoré nefungujú.")
    items = [
        (
            "locker_status",
            {"locker_id": "BA-030"},
            js({"locker_id": "BA-030", "online": True, "free": 12}),
            False,
        ),
        ("locker_status", {"locker_id": "BA-031"}, "locker BA-031 offline since 2025-06-02T22:14Z", True),
        (
            "locker_status",
            {"locker_id": "BA-032"},
            js({"locker_id": "BA-032", "online": True, "free": 3}),
            False,
        ),
        (
            "locker_status",
            {"locker_id": "BA-033"},
            js({"locker_id": "BA-033", "online": True, "free": 0}),
            False,
        ),
        ("locker_status", {"locker_id": "BA-034"}, "timeout contacting locker BA-034 (modem 4G)", True),
    ]
    t.batch("Kontrolujem všetkých päť naraz.", items, order=[2, 4, 0, 1, 3])
    t.batch(
        "BA-031 je offline a BA-034 neodpovedá; zakladám servisné tikety.",
        [
            ("ticket_create", {"locker_id": "BA-031", "issue": "offline"}, js({"ticket": "SRV-9910"}), False),
            (
                "ticket_create",
                {"locker_id": "BA-034", "issue": "modem timeout"},
                js({"ticket": "SRV-9911"}),
                False,
            ),
        ],
    )
    t.say(
        "BA-030, BA-032 a BA-033 fungujú (BA-033 je plný). BA-031 je offline (SRV-9910), "
        "BA-034 neodpovedá (SRV-9911)."
    )
    t.healthy(
        "Two of five locker_status calls in one parallel batch fail, each with a message naming its own "
        "locker (offline, modem timeout); the others succeed and the agent acts per target. Failures of a "
        "fan-out that name each item's own target are not an error streak."
    )


# ---------------------------------------------------------------------------- parameter sweeps


@healthy_case(
    "geothermal-depth-sweep",
    "Geothermal heat-pump design: the agent sweeps borehole depth from 90 to 130 m and picks the shallowest "
    "depth that keeps the fluid above the limit.",
    domain="geothermal heat-pump design",
    lang="de",
    ids="responses",
    pattern="parameter sweep",
)
def geothermal_sweep(t: Trace) -> None:
    t.user(
        "Für das Mehrfamilienhaus in Freiburg (22 kW, Leitfähigkeit 2,4 W/mK, 4 Sonden): Welche Sondentiefe "
        "brauchen wir, damit die Soletemperatur nicht unter -1,5 °C fällt?"
    )
    results = {90: -4.1, 100: -3.0, 110: -2.1, 120: -1.3, 130: -0.7}
    for depth, tmin in results.items():
        t.tool(
            f"Simulation mit {depth} m.",
            "borefield_sim",
            {"load_kw": 22, "conductivity_w_mk": 2.4, "boreholes": 4, "depth_m": depth, "years": 25},
            js({"ok": True, "depth_m": depth, "min_fluid_c": tmin}),
        )
    t.say(
        "Ab 120 m Sondentiefe (4 × 120 m) bleibt die Sole bei -1,3 °C und damit über -1,5 "
        "°C; 110 m reichen nicht (-2,1 °C)."
    )
    t.healthy(
        "borefield_sim is called five times with only depth_m changing (90 to 130 m) and "
        "each result differs; "
        "the agent answers from the sweep. A parameter sweep is healthy."
    )


@healthy_case(
    "quarry-delay-sweep",
    "Quarry blasting: the agent predicts peak particle velocity at the nearest house for five inter-hole "
    "delays and chooses the delay that stays under the limit.",
    domain="quarry blasting",
    lang="en",
    ids="mistral",
    pattern="parameter sweep",
)
def quarry_sweep(t: Trace) -> None:
    t.user("For blast BD-81, which inter-hole delay keeps the vibration at the Moreno house under 10 mm/s?")
    ppv = {9: 14.2, 17: 11.6, 25: 9.1, 42: 8.4, 67: 8.2}
    for delay, v in ppv.items():
        t.tool(
            f"Predicting PPV with {delay} ms.",
            "ppv_predict",
            {"design": "BD-81", "receiver": "moreno_house", "delay_ms": delay},
            f"BD-81 delay={delay}ms charge/delay=78kg distance=385m PPV={v} mm/s",
        )
    t.say(
        "Use 25 ms: predicted 9.1 mm/s at the Moreno house. 17 ms gives 11.6 mm/s; longer "
        "delays gain little (8.4 at 42 ms)."
    )
    t.healthy(
        "ppv_predict is called five times, only delay_ms changing, and every result differs; the agent picks "
        "from the sweep. A parameter sweep is healthy."
    )


@healthy_case(
    "sar-leeway-sweep",
    "Maritime search and rescue: the agent runs the drift model for three leeway categories because the "
    "object type is uncertain, then merges the search areas.",
    domain="maritime search and rescue",
    lang="no",
    ids="plain",
    pattern="parameter sweep",
)
def sar_sweep(t: Trace) -> None:
    t.user(
        "Savnet kajakkpadler utenfor Stad, sist sett 61.95N 5.08E kl. 14:20. Vi vet ikke om "
        "han er i kajakken "
        "eller i vannet. Kjør drift for 4 timer."
    )
    objs = [
        ("kayak_with_person", "61.99N 5.14E", 11.2),
        ("person_in_water_pfd", "61.97N 5.11E", 6.8),
        ("kayak_capsized", "61.98N 5.16E", 9.5),
    ]
    for obj, datum, area in objs:
        t.tool(
            f"Kjører med objekttype {obj}.",
            "drift_model_run",
            {
                "case": "SAR-N-0231",
                "lat": 61.95,
                "lon": 5.08,
                "t0": "2025-09-06T14:20:00+02:00",
                "hours": 4,
                "object": obj,
            },
            js({"object": obj, "datum": datum, "area_nm2": area}),
        )
    t.say(
        "Tre scenarier gir datum 61.97–61.99N, 5.11–5.16E; samlet søkeområde ca. 18 nm² rundt 61.98N 5.13E."
    )
    t.healthy(
        "drift_model_run is called three times with only the object type changing, and each result is a "
        "different datum and area; the agent merges them. A sweep over an uncertain parameter is healthy."
    )


# ---------------------------------------------------------------------------- pagination


@healthy_case(
    "toll-passages-cursor",
    "Road toll back office: the agent pages through a fleet's passages with a cursor until the last page "
    "and totals them.",
    domain="road toll back office",
    lang="tr",
    ids="openai",
    pattern="pagination (cursor)",
)
def toll_cursor(t: Trace) -> None:
    t.user("Filo müşterisi FL-2201'in Nisan ayı köprü ve otoyol geçişlerinin toplamını çıkar.")
    pages = [
        (None, "cur_9f1a", [("P-1", "FSM", 59.0), ("P-2", "Osmangazi", 995.0), ("P-3", "FSM", 59.0)]),
        (
            "cur_9f1a",
            "cur_a02c",
            [("P-4", "O-4 Gebze", 122.5), ("P-5", "FSM", 59.0), ("P-6", "Avrasya", 280.0)],
        ),
        ("cur_a02c", None, [("P-7", "FSM", 59.0)]),
    ]
    for cursor, nxt, rows in pages:
        args = {"fleet": "FL-2201", "month": "2025-04", "limit": 3}
        if cursor:
            args["cursor"] = cursor
        t.tool(
            "Geçişleri çekiyorum." if cursor is None else "Sonraki sayfa.",
            "passages_list",
            args,
            js({"items": [{"id": i, "point": p, "try": a} for i, p, a in rows], "next_cursor": nxt}),
        )
    t.say(
        "FL-2201 Nisan 2025: 7 geçiş, toplam 1.633,50 TL (Osmangazi 995, Avrasya 280, FSM 4 "
        "× 59, O-4 122,50)."
    )
    t.healthy(
        "passages_list is called three times; each call passes the cursor returned by the previous page and "
        "gets new items until next_cursor is null. Cursor pagination is healthy."
    )


@healthy_case(
    "dosimetry-workers-offset",
    "Radiation protection dosimetry: the agent lists monitored workers with offset paging and flags those "
    "missing a dosimeter return.",
    domain="radiation protection dosimetry",
    lang="en",
    ids="gemini",
    pattern="pagination (offset)",
)
def dosimetry_offset(t: Trace) -> None:
    t.user("Which monitored workers in interventional cardiology have not returned their April dosimeters?")
    pages = [
        [("IC-01", "returned"), ("IC-02", "returned"), ("IC-03", "missing"), ("IC-04", "returned")],
        [("IC-05", "returned"), ("IC-06", "returned"), ("IC-07", "returned"), ("IC-08", "missing")],
        [("IC-09", "missing")],
    ]
    for i, rows in enumerate(pages):
        t.tool(
            "Listing workers." if i == 0 else "Next page.",
            "monitored_workers",
            {"department": "interventional_cardiology", "period": "2025-04", "offset": 4 * i, "limit": 4},
            csv(("worker", "dosimeter_status"), *rows) + f"\n# total=9 offset={4 * i}",
        )
    t.say("Three workers have not returned their April dosimeters: IC-03, IC-08 and IC-09.")
    t.healthy(
        "monitored_workers is called three times with offset 0, 4 and 8 against a total of "
        "9; every page holds "
        "new workers. Offset pagination is healthy."
    )


@healthy_case(
    "bike-catalogue-pages",
    "Bicycle repair shop: the agent walks three pages of the supplier catalogue to find all compatible "
    "brake pads.",
    domain="bicycle repair shop",
    lang="ms",
    ids="anthropic",
    pattern="pagination (page numbers)",
)
def bike_pages(t: Trace) -> None:
    t.user("Cari semua pad brek yang serasi dengan Shimano BR-MT200 dalam katalog pembekal, dengan harga.")
    pages = [
        [{"sku": "B01S", "brand": "Shimano", "rm": 32.0}, {"sku": "D-MT200R", "brand": "Clarks", "rm": 24.5}],
        [
            {"sku": "SW-BP10", "brand": "SwissStop", "rm": 58.0},
            {"sku": "KB-H1", "brand": "Kool-Stop", "rm": 41.0},
        ],
        [{"sku": "B03S", "brand": "Shimano", "rm": 36.0}],
    ]
    for n, items in enumerate(pages, start=1):
        t.tool(
            "Saya semak katalog." if n == 1 else f"Halaman {n}.",
            "supplier_catalog",
            {"compatible_with": "BR-MT200", "category": "brake_pads", "page": n},
            jss({"page": n, "pages": 3, "items": items}),
        )
    t.say(
        "Lima pad serasi: Clarks D-MT200R RM24.50, Shimano B01S RM32, Shimano B03S RM36, "
        "Kool-Stop KB-H1 RM41, SwissStop SW-BP10 RM58."
    )
    t.healthy(
        "supplier_catalog is called for pages 1, 2 and 3 of 3, each with different items. Paging through a "
        "known number of pages is healthy."
    )


def _obs_xml(obs: list[dict[str, object]], next_token: str | None) -> str:
    """Observations as an XML page, the next-page token as an attribute (empty on the last page)."""
    lines = [f'<observations zone="ortles" nextToken="{next_token or ""}">']
    for o in obs:
        attrs = " ".join(f'{k}="{v}"' for k, v in o.items())
        lines.append(f"  <obs {attrs}/>")
    lines.append("</observations>")
    return "\n".join(lines)


@healthy_case(
    "avalanche-observations-next-token",
    "Avalanche forecasting: the agent pulls field observations with a next-page token until it runs out, "
    "then summarises the avalanche activity.",
    domain="avalanche forecasting",
    lang="it",
    ids="bedrock",
    pattern="pagination (next token)",
)
def avalanche_token(t: Trace) -> None:
    t.user(
        "Raccogli le osservazioni di campo delle ultime 48 ore per la zona Ortles e riassumi "
        "l'attività valanghiva."
    )
    pages = [
        (
            None,
            "tk_17a",
            [
                {"id": "OB-5501", "tipo": "valanga spontanea", "quota": 2650, "esposizione": "NE", "dim": 2},
                {"id": "OB-5504", "tipo": "whumpf", "quota": 2400, "esposizione": "N"},
            ],
        ),
        (
            "tk_17a",
            "tk_2c9",
            [
                {"id": "OB-5510", "tipo": "valanga provocata", "quota": 2800, "esposizione": "NE", "dim": 1},
                {"id": "OB-5512", "tipo": "fessure", "quota": 2550, "esposizione": "E"},
            ],
        ),
        (
            "tk_2c9",
            None,
            [{"id": "OB-5519", "tipo": "valanga spontanea", "quota": 2900, "esposizione": "N", "dim": 2}],
        ),
    ]
    for token, nxt, obs in pages:
        args = {"zone": "ortles", "hours": 48}
        if token:
            args["next_token"] = token
        t.tool(
            "Scarico le osservazioni." if token is None else "Pagina successiva.",
            "observations_list",
            args,
            _obs_xml(obs, nxt),
        )
    t.say(
        "Ultime 48 h, Ortles: 2 valanghe spontanee di dimensione 2 (NE 2650 m, N 2900 m), 1 provocata "
        "(NE 2800 m), segnali di instabilità (whumpf, fessure) tra 2400 e 2550 m su N-E."
    )
    t.healthy(
        "observations_list is called three times, each passing the nextToken of the previous XML page and "
        "getting new observations until the token is empty. Token pagination is healthy."
    )
