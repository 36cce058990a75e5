"""Cyclic loops: A/B alternations, period-3 and period-4 cycles, and toggles."""

from __future__ import annotations

from .builder import Trace, csv, js, jsi, loop_case


@loop_case(
    "escape-room-reset-ab",
    "Escape-room venue: the agent alternates between the room schedule and the prop status, which never "
    "change, instead of sending staff to check the offline sensor.",
    domain="escape-room venue operations",
    lang="sv",
    ids="openai",
    pattern="A/B alternation",
)
def escape_ab(t: Trace) -> None:
    t.user(
        "Rummet 'Fyrvaktaren' ska vara återställt till bokningen 18:30. Kolla att all rekvisita är på plats "
        "innan du godkänner rummet."
    )
    sched = js(
        {
            "room": "fyrvaktaren",
            "date": "2025-11-08",
            "slots": [{"start": "17:00", "state": "done"}, {"start": "18:30", "state": "booked", "group": 5}],
            "reset": "pending",
        }
    )
    props = js(
        {
            "room": "fyrvaktaren",
            "props": [
                {"id": "lykta", "ok": True},
                {"id": "kistlas", "ok": None},
                {"id": "morse_panel", "ok": True},
            ],
            "sensor_hub": "offline",
        }
    )
    a_args = {"room": "fyrvaktaren", "date": "2025-11-08"}
    b_args = {"room": "fyrvaktaren"}
    a_steps, b_steps = [], []
    texts = [
        ("Jag kollar schemat.", "Och rekvisitan."),
        ("Kistlåset svarar inte. Jag tittar på schemat igen.", "Rekvisitan en gång till."),
        ("Schemat igen.", "Och rekvisitan."),
        ("Tillbaka till schemat.", "Rekvisitan."),
    ]
    for ta, tb in texts:
        a_steps.append(t.tool(ta, "room_schedule", a_args, sched))
        b_steps.append(t.tool(tb, "prop_status", b_args, props))
    t.say("Jag kan inte bekräfta kistlåset eftersom sensornavet är offline. Skicka någon till rummet.")
    onset = a_steps[2]
    t.loop(
        ["alternation"],
        onset,
        f"room_schedule (A, steps {', '.join(map(str, a_steps))}) and prop_status (B, steps "
        f"{', '.join(map(str, b_steps))}) alternate with identical arguments and identical results; the "
        f"offline sensor hub never changes. A is visited for the third time at step {onset}, the onset.",
    )


@loop_case(
    "quarry-blast-vibration-ab-failing",
    "Quarry blasting: the agent re-reads a blast design and re-submits a vibration check that fails each "
    "time for a missing seismograph.",
    domain="quarry blasting",
    lang="ca",
    ids="anthropic",
    pattern="A/B alternation (failing side)",
)
def quarry_ab(t: Trace) -> None:
    t.user(
        "Prepara la voladura BD-77 del banc 4 de la pedrera i fes la comprovació de vibracions abans "
        "d'enviar-la al responsable."
    )
    design = jsi(
        {
            "id": "BD-77",
            "bench": 4,
            "holes": 42,
            "max_charge_per_delay_kg": 86,
            "nearest_structure_m": 410,
            "monitor_points": ["PC-1", "PC-3"],
        }
    )
    err = "ERROR: no hi ha cap sismògraf assignat al punt de control PC-3"
    a_steps, b_steps = [], []
    for ta, tb in (
        ("Llegeixo el disseny.", "Envio la comprovació de vibracions."),
        ("Torno a mirar el disseny per veure els punts de control.", "Reintento la comprovació."),
        ("Reviso el disseny un altre cop.", "Torno a enviar la comprovació."),
        ("Disseny, de nou.", "Comprovació de vibracions."),
    ):
        a_steps.append(t.tool(ta, "blast_design_get", {"id": "BD-77"}, design))
        b_steps.append(t.tool(tb, "vibration_check_submit", {"design": "BD-77"}, err, error=True))
    t.say("No puc completar la comprovació: PC-3 no té sismògraf assignat.")
    onset = a_steps[2]
    t.loop(
        ["alternation", "error_streak"],
        onset,
        f"blast_design_get (A, steps {', '.join(map(str, a_steps))}) and vibration_check_submit (B, steps "
        f"{', '.join(map(str, b_steps))}) alternate unchanged; B fails with the same missing-seismograph "
        f"error each time. The third visit to A, step {onset}, comes before the 4th failure (step "
        f"{b_steps[3]}), so it sets the onset.",
    )


@loop_case(
    "bike-shop-order-stock-ab",
    "Bicycle repair shop: the agent alternates between a work order and the stock of its missing part; "
    "neither changes.",
    domain="bicycle repair shop",
    lang="en",
    ids="mistral",
    pattern="A/B alternation",
)
def bike_ab(t: Trace) -> None:
    t.user(
        "The customer on work order WO-3318 wants the bike back tomorrow. Is the rear derailleur in stock "
        "and can the workshop make it?"
    )
    wo = (
        "WO-3318 | Cannondale Topstone 2 | Replace rear derailleur (Shimano GRX RD-RX812) | "
        "status: waiting for part | mechanic: -"
    )
    stock = "RD-RX812: 0 in stock, 2 on order, expected delivery: unknown"
    a_steps, b_steps = [], []
    for ta, tb in (
        ("Opening the work order.", "Checking the part."),
        ("Back to the work order to see if anything moved.", "And the stock again."),
        ("Work order once more.", "Stock once more."),
    ):
        a_steps.append(t.tool(ta, "work_order_get", {"id": "WO-3318"}, wo))
        b_steps.append(t.tool(tb, "part_stock", {"sku": "RD-RX812"}, stock))
    t.say("The derailleur is not in stock and has no delivery date, so tomorrow is not realistic.")
    onset = a_steps[2]
    t.loop(
        ["alternation"],
        onset,
        f"work_order_get (A, steps {', '.join(map(str, a_steps))}) and part_stock (B, steps "
        f"{', '.join(map(str, b_steps))}) alternate with identical results. The third visit to A, step "
        f"{onset}, is the onset.",
    )


@loop_case(
    "mushroom-flush-period3",
    "Mushroom farm grow rooms: the agent cycles through climate, flush schedule and substrate batch three "
    "times without deciding the next flush.",
    domain="mushroom farm",
    lang="ko",
    ids="gemini",
    pattern="period-3 cycle",
)
def mushroom_cycle(t: Trace) -> None:
    t.user("3번 재배실 느타리버섯 2차 수확(플러시) 시기를 정해 주세요.")
    climate = js({"room": 3, "co2_ppm": 1850, "rh_pct": 91, "temp_c": 16.2})
    flush = js({"room": 3, "flush": 1, "harvested": "2025-09-02", "next": None})
    batch = js({"room": 3, "batch": "S-0815", "spawned": "2025-08-10", "bio_efficiency": None})
    a, b, c = [], [], []
    for texts in (
        ("재배실 환경을 확인합니다.", "플러시 일정을 봅니다.", "배지 배치를 확인합니다."),
        ("환경을 다시 확인합니다.", "일정을 다시 봅니다.", "배치 정보를 다시 봅니다."),
        ("한 번 더 환경 확인.", "일정 확인.", "배치 확인."),
    ):
        a.append(t.tool(texts[0], "room_climate", {"room": 3}, climate))
        b.append(t.tool(texts[1], "flush_schedule", {"room": 3}, flush))
        c.append(t.tool(texts[2], "substrate_batch", {"room": 3}, batch))
    t.say("아직 2차 플러시 시기를 정하지 못했습니다. CO2가 높아 환기가 먼저 필요해 보입니다.")
    onset = a[2]
    t.loop(
        ["alternation"],
        onset,
        f"room_climate (steps {', '.join(map(str, a))}), flush_schedule (steps {', '.join(map(str, b))}) and "
        f"substrate_batch (steps {', '.join(map(str, c))}) repeat as a period-3 cycle with identical "
        f"arguments and results. The first state is visited the third time at step {onset}, the onset.",
    )


@loop_case(
    "winter-road-salting-period4",
    "Winter road maintenance: the agent cycles through truck positions, salt stock, road weather and "
    "route status twice over without dispatching a spreader.",
    domain="winter road maintenance",
    lang="fi",
    ids="bedrock",
    pattern="period-4 cycle",
)
def winter_cycle(t: Trace) -> None:
    t.user("Vt 4:llä Oulu–Kemi-välillä on ilmoitettu mustasta jäästä. Päätä, lähetetäänkö suola-auto.")
    trucks = csv(
        ("auto", "tila", "sijainti"), ("OUL-21", "varikolla", "Oulu"), ("OUL-24", "ajossa", "Haukipudas")
    )
    salt = "OUL-2: suolaa 84 t, hiekkaa 120 t, liuosta 18 m3"
    weather = "vt4-oulu-kemi: ilma -3.1 °C, tienpinta -4.6 °C, kastepiste -5.0 °C, kitka 0.31"
    route = "R-41: vapaa, edellinen ajo 05:10, seuraava suunniteltu -"
    calls = [
        ("truck_positions", {"depot": "OUL-2"}, trucks),
        ("salt_stock", {"depot": "OUL-2"}, salt),
        ("road_weather", {"segment": "vt4-oulu-kemi"}, weather),
        ("route_status", {"route": "R-41"}, route),
    ]
    texts = ["Katson autojen sijainnit.", "Suolavarasto.", "Tiesää.", "Reitin tila."]
    firsts = []
    for rnd in range(2):
        for i, (name, args, content) in enumerate(calls):
            step = t.tool(texts[i] if rnd == 0 else f"Tarkistan uudelleen: {name}.", name, args, content)
            if i == 0:
                firsts.append(step)
    firsts.append(t.tool("Vielä autojen sijainnit.", *calls[0]))
    t.tool("Suolavarasto vielä.", *calls[1])
    t.say("OUL-21 on vapaana ja kitka 0.31; suolaus kannattaisi, mutta en ole vielä lähettänyt autoa.")
    onset = firsts[2]
    t.loop(
        ["alternation"],
        onset,
        f"truck_positions, salt_stock, road_weather and route_status repeat in the same order with identical "
        f"arguments and results (a period-4 cycle starting at steps {firsts[0]} and {firsts[1]}). "
        f"truck_positions is visited the third time at step {onset}, the onset.",
    )


@loop_case(
    "laundry-conveyor-mode-toggle",
    "Dry-cleaning plant: the agent flips a finishing line between express and standard mode five times, "
    "reasoning about wrinkles each time.",
    domain="dry-cleaning plant",
    lang="en",
    ids="openai",
    pattern="toggle",
)
def laundry_toggle(t: Trace) -> None:
    t.user("Shirts are coming out of line 2 wrinkled. Adjust the conveyor mode and sort it out.")
    t.tool(
        "Checking line 2.",
        "line_status",
        {"line": 2},
        js({"line": 2, "mode": "standard", "tunnel_temp_c": 148, "speed_m_min": 1.0, "defect_rate": 0.12}),
    )
    toggles = []
    for mode, text in (
        ("express", "Express moves garments faster through the steam tunnel; switching."),
        ("standard", "Express shortens steaming, which could make it worse; reverting."),
        ("express", "Standard already had 12% defects, so express might help after all."),
        ("standard", "On reflection standard is safer; switching back."),
        ("express", "Trying express again."),
    ):
        toggles.append(
            t.tool(
                text,
                "set_conveyor_mode",
                {"line": 2, "mode": mode},
                js({"ok": True, "line": 2, "mode": mode}),
            )
        )
    t.say("Line 2 is now in express mode. Please watch the next batch.")
    onset = toggles[3]
    t.loop(
        ["same_tool", "alternation"],
        onset,
        f"set_conveyor_mode flips line 2 between express and standard at steps "
        f"{', '.join(map(str, toggles))} with no measurement in between. The first change away from the "
        f"original 'standard' counts as toggle 1, so the 4th toggle, step {onset}, is the onset.",
    )


@loop_case(
    "stable-paddock-gate-toggle-readback",
    "Equestrian stables: the agent opens and closes a paddock gate again and again, reading it back "
    "after every change, unsure whether it should be open now or in the morning.",
    domain="equestrian stables",
    lang="hu",
    ids="anthropic",
    pattern="toggle with read-backs",
)
def stable_toggle(t: Trace) -> None:
    t.user(
        "A P3-as karám kapuja reggel legyen nyitva a csikóknak, de éjszakára zárva kell maradnia. Most este "
        "8 óra van, intézd el."
    )
    t.tool("Megnézem a kapu állapotát.", "gate_get", {"gate": "P3"}, js({"gate": "P3", "state": "closed"}))
    toggles, reads = [], []
    for state, text in (
        ("open", "Reggelre nyitva kell lennie, kinyitom."),
        ("closed", "De most este van, éjszakára zárva kell lennie. Bezárom."),
        ("open", "Viszont reggel nyitva kell lennie a csikóknak. Kinyitom."),
        ("closed", "Este 8 van, ez így nem jó. Bezárom."),
        ("open", "A reggeli nyitás miatt mégis kinyitom."),
    ):
        toggles.append(t.tool(text, "gate_set", {"gate": "P3", "state": state}, js({"ok": True})))
        reads.append(t.tool("Ellenőrzöm.", "gate_get", {"gate": "P3"}, js({"gate": "P3", "state": state})))
    t.say("A P3 kapu most nyitva van.")
    onset = toggles[3]
    t.loop(
        ["same_tool", "alternation"],
        onset,
        f"gate_set flips P3 between open and closed at steps {', '.join(map(str, toggles))}, "
        f"each followed by "
        f"a gate_get read-back; the read-backs only confirm the flip. The original state was closed, so the "
        f"first opening is toggle 1 and the 4th toggle, step {onset}, is the onset. A scheduled opening was "
        f"what the user needed.",
    )
