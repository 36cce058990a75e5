"""Loops that cycle: A/B alternations (one with a failing side, one by a computer-use agent), a period-3 and
a period-4 cycle, and toggles (one with read-backs)."""

from __future__ import annotations

from blind18gen.builder import Trace, cj, csv, loop, sj

# --- A/B alternations -------------------------------------------------------------------------------


@loop("cnc-nesting-read-validate-alternation")
def cnc_alternation(sid: str) -> Trace:
    t = Trace(
        sid,
        "Coding agent in a CNC cabinetry shop alternates between reading the nesting config and re-running "
        "the validator, with identical results, without changing anything.",
        domain="CNC cabinetry workshop (panel nesting)",
        language="pl",
        ids="anthropic",
        started="2026-04-14T11:20:00Z",
        harness="claude-code",
    )
    t.user(
        "Walidator rozkroju zgłasza, że 3 formatki ze zlecenia K-0412 nie mieszczą się na płycie "
        "2800×2070. Sprawdź konfigurację i popraw to."
    )
    config = (
        "sheet:\n  width_mm: 2800\n  height_mm: 2070\n  trim_mm: 10\n  kerf_mm: 4\nmachine:\n  "
        "vacuum_margin_mm: 0\n  rotate_parts: false  # grain direction kept\n"
    )
    out = (
        "WARN part K-0412-07 (2075 x 600) exceeds usable sheet height 2050\nWARN part K-0412-08 (2075 x "
        "600) exceeds usable sheet height 2050\nWARN part K-0412-11 (2060 x 450) exceeds usable sheet "
        "height 2050\n3 parts do not fit; 41 parts nested on 6 sheets\nexit code 1"
    )
    read = ("Read", {"file_path": "/srv/cnc/nesting/config.yaml"}, config)
    run = ("Bash", {"command": "python -m nesting validate --job K-0412"}, out)
    a = [t.act("Najpierw zajrzę do konfiguracji rozkroju.", read)]
    t.act("Konfiguracja wygląda poprawnie. Uruchamiam walidator.", run)
    a.append(
        t.act("Trzy formatki dalej nie pasują. Sprawdzę jeszcze raz wymiary płyty w konfiguracji.", read)
    )
    t.act("Wymiary się zgadzają. Ponownie uruchamiam walidację.", run)
    a.append(t.act("Wynik bez zmian. Wracam do pliku konfiguracyjnego.", read))
    t.act("Uruchamiam walidator jeszcze raz.", run)
    t.say(
        "Konfiguracja wydaje się poprawna, ale walidator nadal odrzuca 3 formatki. Nie wiem, co jeszcze "
        "zmienić."
    )
    return t.loop(
        ["alternation"],
        a[2],
        f"The agent alternates Read of config.yaml (steps {a[0]}, {a[1]}, {a[2]}) and the same validate "
        f"command (steps {a[0] + 1}, {a[1] + 1}, {a[2] + 1}); both return identical output each time and no "
        "edit happens in between (the parts are 2075 mm against a usable 2050 mm, and rotation is off). A "
        f"B A B [A]: the third visit to the first state, step {a[2]}, is the onset.",
    )


@loop("casino-sql-describe-failing-query-alternation")
def casino_alternation(sid: str) -> Trace:
    t = Trace(
        sid,
        "Casino slot-floor data agent alternates describing a table and re-running the same SQL that fails "
        "on a column the description shows does not exist.",
        domain="casino slot-floor analytics",
        language="zh-Hant",
        ids="openai",
        started="2026-06-14T02:05:00Z",
    )
    t.user("請查詢昨天 A 區每台老虎機的投注總額（coin-in），列出前五名。")
    schema = csv(
        ["column", "type"],
        [
            ["machine_id", "text"],
            ["zone", "text"],
            ["meter_date", "date"],
            ["coin_in_credits", "bigint"],
            ["coin_out_credits", "bigint"],
            ["credit_value", "numeric(6,2)"],
            ["games_played", "integer"],
        ],
    )
    query = (
        "SELECT machine_id, SUM(coin_in_cents)/100.0 AS coin_in FROM slot_meters WHERE zone = 'A' AND "
        "meter_date = DATE '2026-06-13' GROUP BY machine_id ORDER BY coin_in DESC LIMIT 5"
    )
    err = (
        'ERROR:  column "coin_in_cents" does not exist\nLINE 1: SELECT machine_id, '
        "SUM(coin_in_cents)/100.0 ...\n                              ^"
    )
    describe = ("describe_table", {"table": "slot_meters"}, schema)
    sql = ("run_sql", {"query": query}, err, True)
    a = [t.act("先看一下 slot_meters 的欄位。", describe)]
    f = [t.act("用 coin-in 欄位加總。", sql)]
    a.append(t.act("查詢失敗了，我再確認一次表結構。", describe))
    f.append(t.act("欄位看起來沒問題，再跑一次查詢。", sql))
    a.append(t.act("還是錯誤。重新檢查欄位定義。", describe))
    f.append(t.act("再執行一次。", sql))
    a.append(t.act("再看一下表結構。", describe))
    f.append(t.act("重試查詢。", sql))
    t.say("查詢一直失敗，目前無法取得 A 區的投注總額。")
    onset = min(a[2], f[3])
    return t.loop(
        ["alternation", "error_streak"],
        onset,
        f"describe_table (steps {', '.join(map(str, a))}) and the same failing run_sql (steps "
        f"{', '.join(map(str, f))}) alternate; the schema lists coin_in_credits and credit_value, yet the "
        "query keeps asking for coin_in_cents and fails identically each time. The third visit to the "
        f"first state (A B A B [A]) is step {a[2]}, which comes before the 4th failure at step {f[3]}, so "
        f"the onset is step {onset}.",
    )


@loop("mountain-hut-portal-type-submit-alternation")
def hut_portal(sid: str) -> Trace:
    t = Trace(
        sid,
        "Computer-use agent on a mountain-hut booking portal alternates typing a date into a picker-only "
        "field and pressing Next, which clears the field each time.",
        domain="mountain hut reservations",
        language="sl",
        ids="anthropic",
        started="2026-07-01T17:30:00Z",
    )
    t.user(
        "Rezerviraj mi dve ležišči v Triglavskem domu na Kredarici za noč s 14. na 15. avgust. Podatki za "
        "plačilo so shranjeni v profilu."
    )
    t.act(
        "Najprej pogledam zaslon.",
        (
            "computer",
            {"action": "screenshot"},
            "Screenshot 1280x800: page 'Rezervacija – Triglavski dom na Kredarici'. Field 'Datum prihoda' "
            "(empty) at (520, 312) with a calendar icon; 'Število oseb' = 2; blue button 'Naprej' at (812, "
            "604).",
        ),
    )
    t.act(
        "Kliknem v polje za datum.",
        (
            "computer",
            {"action": "left_click", "coordinate": [520, 312]},
            "Screenshot: text cursor in 'Datum prihoda'; a calendar popup for 'avgust 2026' opened below "
            "the field.",
        ),
    )
    typed = (
        "computer",
        {"action": "type", "text": "14.08.2026"},
        "Screenshot: 'Datum prihoda' shows '14.08.2026'; calendar popup still open, no day highlighted.",
    )
    submit = (
        "computer",
        {"action": "left_click", "coordinate": [812, 604]},
        "Screenshot: same page; red banner 'Prosimo, izberite datum prihoda v koledarju.'; 'Datum prihoda' "
        "is empty again.",
    )
    a = [t.act("Vpišem datum.", typed)]
    t.act("Kliknem »Naprej«.", submit)
    a.append(t.act("Datum se je izbrisal. Vpišem ga ponovno.", typed))
    t.act("Ponovno kliknem »Naprej«.", submit)
    a.append(t.act("Še enkrat vpišem datum.", typed))
    t.act("Kliknem »Naprej«.", submit)
    t.say("Spletna stran ne sprejme datuma, zato rezervacije ne morem dokončati.")
    return t.loop(
        ["alternation"],
        a[2],
        f"Typing '14.08.2026' (steps {', '.join(map(str, a))}) and clicking Next (steps "
        f"{', '.join(str(s + 1) for s in a)}) alternate with identical screenshots; the banner says the "
        "date must be chosen in the calendar popup, which the agent never clicks. A B A B [A]: the third "
        f"visit to the typing state, step {a[2]}, is the onset.",
    )


# --- period-3 and period-4 cycles -------------------------------------------------------------------


@loop("tea-blend-read-simulate-revert-cycle")
def tea_cycle(sid: str) -> Trace:
    t = Trace(
        sid,
        "Tea-blending agent cycles read recipe → simulate lower ginger → save the original back, three "
        "times.",
        domain="tea blending and packing",
        language="hi",
        ids="bedrock",
        started="2026-06-03T05:30:00Z",
    )
    t.user(
        "ग्राहकों की शिकायत के बाद मसाला चाय ब्लेंड MC-7 को थोड़ा कम तीखा करना है। अदरक का अनुपात ठीक करके "
        "नई बैच-शीट बनाइए।"
    )
    original = {"assam_ctc": 78, "ginger": 9, "cardamom": 6, "cinnamon": 4, "clove": 3}
    lower = {"assam_ctc": 80, "ginger": 7, "cardamom": 6, "cinnamon": 4, "clove": 3}
    read = (
        "get_blend",
        {"blend": "MC-7"},
        sj({"blend": "MC-7", "components_pct": original, "pungency_index": 7.4}),
    )
    sim = (
        "simulate_blend",
        {"blend": "MC-7", "components_pct": lower},
        sj(
            {
                "pungency_index": 6.1,
                "warnings": ["cardamom note below brand profile floor (aroma score 6.2 < 6.5)"],
            }
        ),
    )
    a = []
    for rev in (14, 15):
        a.append(t.act("मौजूदा रेसिपी देखता हूँ।", read))
        t.act("अदरक 9% से 7% करके सिमुलेट करता हूँ।", sim)
        t.act(
            "चेतावनी आई है, इसलिए मूल अनुपात वापस सेव करता हूँ।",
            (
                "update_blend",
                {"blend": "MC-7", "components_pct": original},
                sj({"saved": True, "revision": rev}),
            ),
        )
    a.append(t.act("मौजूदा रेसिपी फिर से देखता हूँ।", read))
    t.act("फिर से कम अदरक के साथ सिमुलेट करता हूँ।", sim)
    t.say("मैं तीखापन और सुगंध के बीच संतुलन नहीं निकाल पाया; रेसिपी अभी पुरानी ही है।")
    return t.loop(
        ["alternation"],
        a[2],
        f"A period-3 cycle: get_blend (steps {', '.join(map(str, a))}), the same simulation with ginger at "
        "7 % (same warning each time) and an update_blend that saves the original ratios back (only the "
        "revision counter changes, a volatile field). Nothing new is tried, e.g. raising cardamom. A B C A "
        f"B C [A]: the third visit to the first state, step {a[2]}, is the onset.",
    )


@loop("shipyard-keel-block-plan-cycle4")
def shipyard_cycle(sid: str) -> Trace:
    t = Trace(
        sid,
        "Dry-dock planning agent cycles read blocks → ballast plan → stability check (fails) → set the "
        "same block heights, twice over, then starts a third pass.",
        domain="shipyard dry-dock planning",
        language="en",
        ids="mistral",
        started="2026-09-21T14:00:00Z",
    )
    t.user(
        "MV Nordic Tern docks in Dock 2 at 06:00 tomorrow. Produce a keel-block plan that passes the "
        "stability check."
    )
    blocks = (
        '<blocks dock="D2" unit="mm">\n'
        + "".join(
            f'  <block n="{n}" height="{h}" swl_t="180"/>\n'
            for n, h in enumerate([1500, 1500, 1480, 1480, 1460, 1460, 1440, 1440], 1)
        )
        + "</blocks>"
    )
    heights = {"1": 1500, "2": 1500, "3": 1480, "4": 1480, "5": 1460, "6": 1460, "7": 1440, "8": 1440}
    read = ("dock.read_blocks", {"dock": "D2"}, blocks)
    a = []
    for pid in ("BP-2207-a", "BP-2207-b"):
        a.append(t.act("Reading the current keel-block layout.", read))
        t.act(
            "Generating the ballast plan for 0.4 m trim by the stern.",
            (
                "dock.ballast_plan",
                {"dock": "D2", "vessel": "NORDIC-TERN", "trim_m": 0.4},
                cj({"plan_id": pid, "trim_m": 0.4, "max_block_load_t": 212, "at_block": 7}),
            ),
        )
        t.act(
            "Checking stability.",
            (
                "dock.stability_check",
                {"dock": "D2", "plan_id": pid},
                cj({"plan_id": pid, "passed": False, "reasons": ["block 7 load 212 t > SWL 180 t"]}),
            ),
        )
        t.act(
            "Resetting block heights to the standard profile before re-planning.",
            ("dock.set_block_heights", {"dock": "D2", "heights_mm": heights}, cj({"ok": True, "changed": 0})),
        )
    a.append(t.act("Reading the keel-block layout again.", read))
    t.act(
        "Generating the ballast plan.",
        (
            "dock.ballast_plan",
            {"dock": "D2", "vessel": "NORDIC-TERN", "trim_m": 0.4},
            cj({"plan_id": "BP-2207-c", "trim_m": 0.4, "max_block_load_t": 212, "at_block": 7}),
        ),
    )
    t.say("The plan still overloads block 7. I'll need guidance on which constraint to relax.")
    return t.loop(
        ["alternation"],
        a[2],
        f"A period-4 cycle: read_blocks (steps {', '.join(map(str, a))}), the same ballast plan (only the "
        "plan id changes, a volatile field), a failed stability check with the same reason, and "
        "set_block_heights with the unchanged profile ('changed': 0). Neither trim nor block 7 is ever "
        f"changed. A B C D A B C D [A]: the third visit to the first state, step {a[2]}, is the onset.",
    )


# --- toggles ----------------------------------------------------------------------------------------


@loop("theme-park-single-rider-toggle")
def park_toggle(sid: str) -> Trace:
    t = Trace(
        sid,
        "Theme-park ops agent flips a ride's single-rider line on and off five times; the posted wait "
        "never moves.",
        domain="theme park ride operations",
        language="en",
        ids="responses",
        started="2026-07-18T13:12:00Z",
    )
    t.user(
        "Posted wait on Thunder Gorge is 45 minutes. Try the single-rider line to bring it down and report "
        "back."
    )
    t.act(
        "Checking the current state.",
        (
            "getWaitTimes",
            {"rides": ["thunder-gorge"]},
            cj({"thunder-gorge": {"posted_min": 45, "singleRider": False, "recalc_every_min": 15}}),
        ),
    )
    toggles = []
    plan = [
        (True, "Enabling the single-rider line."),
        (False, "Wait is still 45; single rider doesn't help, turning it off."),
        (True, "Let me try single rider again."),
        (False, "No change. Switching it off."),
        (True, "Turning it back on to give it another chance."),
    ]
    for value, text in plan:
        ack = cj({"ok": True, "ride": "thunder-gorge", "singleRider": value, "posted_min": 45})
        toggles.append(t.act(text, ("setQueueMode", {"ride": "thunder-gorge", "singleRider": value}, ack)))
    t.say("Single rider made no difference to the posted wait so far.")
    return t.loop(
        ["same_tool", "alternation"],
        toggles[3],
        f"setQueueMode flips singleRider true/false at steps {', '.join(map(str, toggles))}; every "
        "acknowledgement shows posted_min 45 because the wait is recalculated only every 15 minutes, which "
        "the first read said. Every set call counts as a toggle (the first change included), so the 4th "
        f"toggle, step {toggles[3]}, is the onset.",
    )


@loop("aquarium-ozone-toggle-with-readbacks")
def aquarium_toggle(sid: str) -> Trace:
    t = Trace(
        sid,
        "Aquarium life-support agent switches a tank's ozone generator off and on four times with an ORP "
        "read after each switch; the 5-minute average barely moves.",
        domain="public aquarium life-support systems",
        language="sv",
        ids="openai",
        started="2026-01-09T10:00:00Z",
    )
    t.user(
        "Redoxpotentialen i hajtanken (T4) ligger runt 410 mV; målet är 350 mV. Justera ozonet så att vi "
        "hamnar rätt."
    )
    t.act(
        "Jag läser av ORP först.",
        (
            "lss.read_orp",
            {"tank": "T4"},
            "T4 ORP 412 mV (5-min avg), ozone generator O4: ON, 12 g/h, tank volume 1 850 m³",
        ),
    )
    toggles = []
    readings = [409, 411, 410, 412]
    plan = [
        (False, "Jag stänger av ozongeneratorn."),
        (True, "Ingen effekt, jag slår på den igen."),
        (False, "Jag provar att stänga av den igen."),
        (True, "Fortfarande runt 410. Jag slår på den."),
    ]
    for (value, text), mv in zip(plan, readings, strict=True):
        state = "ON" if value else "OFF"
        toggles.append(t.act(text, ("lss.set_ozone", {"generator": "O4", "on": value}, f"O4 set {state}")))
        t.act(
            "Läser av ORP.",
            ("lss.read_orp", {"tank": "T4"}, f"T4 ORP {mv} mV (5-min avg), ozone generator O4: {state}"),
        )
    t.say("ORP ligger kvar runt 410 mV oavsett ozonläget.")
    return t.loop(
        ["same_tool", "alternation"],
        toggles[3],
        f"lss.set_ozone switches O4 off/on at steps {', '.join(map(str, toggles))}, each followed by an ORP "
        "read (read-backs are not toggles) that stays at 409-412 mV; in a 1 850 m³ tank ORP responds over "
        f"hours, not minutes, and a dose change (g/h) is never tried. The 4th toggle, step {toggles[3]}, is "
        "the onset.",
    )
