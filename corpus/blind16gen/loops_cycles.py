"""Loops that cycle: A/B alternations, period-3 and period-4 cycles, toggles."""

from __future__ import annotations

from blind16gen.builder import Trace, call, loop


@loop("winery-vessel-panel-alternation-fr", style="anthropic")
def winery_ab(t: Trace) -> None:
    t.user("La barrique B-114 doit-elle être ouillée ou sulfitée avant l'assemblage de vendredi ?")
    vessel = {
        "id": "B-114",
        "wine": "Syrah 2025",
        "volume_l": 221,
        "capacity_l": 225,
        "last_topped": "2026-09-18",
    }
    panel = {"vessel": "B-114", "free_so2_mg_l": 18, "va_g_l": 0.52, "ph": 3.71, "sampled": "2026-09-30"}
    a1 = t.step("Je regarde la barrique.", call("cellar.get_vessel", {"id": "B-114"}, vessel))
    t.step("Puis les analyses.", call("lab.get_panel", {"vessel": "B-114"}, panel))
    t.step("Je revérifie le volume avant de décider.", call("cellar.get_vessel", {"id": "B-114"}, vessel))
    t.step("Et le SO2 libre.", call("lab.get_panel", {"vessel": "B-114"}, panel))
    a3 = t.step("Je recontrôle la barrique.", call("cellar.get_vessel", {"id": "B-114"}, vessel))
    t.step("Et l'analyse encore une fois.", call("lab.get_panel", {"vessel": "B-114"}, panel))
    t.step("", call("cellar.get_vessel", {"id": "B-114"}, vessel))
    t.loop(
        ["alternation"],
        a3,
        "A cellar agent alternates between the barrel record and its lab panel without ever deciding.",
        f"cellar.get_vessel (step {a1}) and lab.get_panel alternate with unchanged results: A B A B "
        "A. The third "
        f"visit to A at step {a3} is the onset. Both readings (4 L ullage, free SO2 18 mg/l) were enough to "
        "answer after the first pair.",
    )


@loop("cannabis-manifest-ab-failing", style="bedrock")
def cannabis_ab(t: Trace) -> None:
    t.user(
        "Create a transfer manifest for package 1A4060300002EE1000012345 to Green Leaf Dispensary (lic. "
        "C10-0000421-LIC) for tomorrow 9am."
    )
    pkg = {
        "Label": "1A4060300002EE1000012345",
        "Item": "Flower - Blue Dream 3.5g",
        "Quantity": 120,
        "LabTestingState": "TestPassed",
        "IsOnHold": False,
        "LocationName": "Vault 2",
    }
    fail = {
        "errors": [
            {
                "code": "PKG_NOT_IN_INVENTORY",
                "message": "Package 1A4060300002EE1000012345 is not in "
                "active inventory for license C11-0000188-LIC.",
            }
        ]
    }
    manifest = {
        "ShipperLicenseNumber": "C11-0000188-LIC",
        "RecipientLicenseNumber": "C10-0000421-LIC",
        "Packages": ["1A4060300002EE1000012345"],
        "EstimatedDepartureDateTime": "2026-10-09T09:00:00",
    }
    a = []
    for _ in range(3):
        a.append(
            t.step(
                "Checking the package." if not a else "The package looks active; re-reading it.",
                call("metrc.packages.get", {"label": "1A4060300002EE1000012345"}, pkg),
            )
        )
        t.step("Creating the manifest.", call("metrc.transfers.create", manifest, fail, error=True))
    t.say("The manifest keeps failing; the package seems to be in inventory though.")
    t.loop(
        ["alternation", "error_streak"],
        a[2],
        "A seed-to-sale compliance agent alternates a package read and a manifest that fails the same way.",
        "A (metrc.packages.get, identical result) and B (the same failing manifest) alternate; the "
        "third visit "
        f"to A at step {a[2]} comes before the 3rd failure and is the onset. The error names a "
        "different shipper "
        "license, which the agent never checks.",
    )


@loop("golf-frost-forecast-teesheet-sv", style="gemini")
def golf_ab(t: Trace) -> None:
    t.user("Ska vi frostfördröja första starten i morgon? Kolla prognosen och starttiderna.")
    fc = {
        "course": "Bro Hof",
        "date": "2026-10-15",
        "hourly": [
            {"h": "06", "temp_c": -1.5},
            {"h": "07", "temp_c": -0.8},
            {"h": "08", "temp_c": 0.6},
            {"h": "09", "temp_c": 2.1},
        ],
    }
    sheet = {"date": "2026-10-15", "first_tee": "07:30", "bookings": 38, "groups_before_0900": 9}
    a = []
    for i in range(3):
        a.append(
            t.step(
                "Jag tittar på prognosen." if i == 0 else "Jag kollar prognosen igen.",
                call("weather.forecast", {"course": "Bro Hof", "date": "2026-10-15"}, fc),
            )
        )
        if i < 2:
            t.step("Och starttiderna.", call("tee_sheet.get", {"date": "2026-10-15"}, sheet))
    t.say("Det är minusgrader till strax före åtta.")
    t.loop(
        ["alternation"],
        a[2],
        "A golf-course agent alternates the frost forecast and the tee sheet, both unchanged, "
        "without deciding.",
        "weather.forecast and tee_sheet.get alternate with identical results (A B A B A); the "
        "third visit to A "
        f"at step {a[2]} is the onset.",
    )


@loop("pacs-route-cycle-he", style="plain")
def pacs_cycle(t: Trace) -> None:
    t.user("המחקר CT של המטופל עם מספר גישה ACC-55120 לא הגיע לשרת ה-AI. תבדוק ותנתב אותו.")
    find = "StudyInstanceUID=1.2.840.113619.2.55.3.2831 Modality=CT Series=4 Instances=612 Location=PACS-MAIN"
    route = {"status": "queued", "destination": "AI-NODE-02", "job": "rt-7781"}
    queue = {"destination": "AI-NODE-02", "pending": 0, "sent": 0, "last_error": None}
    a = []
    for i in range(3):
        a.append(
            t.step(
                "מחפש את המחקר ב-PACS." if i == 0 else "מחפש שוב את המחקר.",
                call("dicom.c_find", {"accession": "ACC-55120", "level": "STUDY"}, find),
            )
        )
        t.step(
            "שולח לניתוב.",
            call("router.send", {"accession": "ACC-55120", "destination": "AI-NODE-02"}, route),
        )
        if i < 2:
            t.step("בודק את התור.", call("router.queue", {"destination": "AI-NODE-02"}, queue))
    t.say("הניתוב נשלח אבל התור ריק.")
    t.loop(
        ["alternation"],
        a[2],
        "A radiology PACS agent cycles find, route and queue check; the queue never shows the study.",
        "The period-3 cycle dicom.c_find → router.send → router.queue repeats with the same "
        "results (the job id "
        "does not change and the queue stays empty); the third visit to the first state, at step "
        f"{a[2]}, is the "
        "onset.",
    )


@loop("election-ballot-proof-cycle-el", style="anthropic")
def ballot_cycle(t: Trace) -> None:
    t.user("Έλεγξε το δοκίμιο ψηφοδελτίου της εκλογικής περιφέρειας 14 και διόρθωσε τη σειρά των υποψηφίων.")
    a = []
    for i in range(3):
        pid = f"proof-14-{('a7c', 'b19', 'c42')[i]}"
        a.append(
            t.step(
                "Φέρνω το δοκίμιο." if i == 0 else "Ξαναφέρνω το δοκίμιο.",
                call(
                    "ballots.get_proof",
                    {"district": 14},
                    {"proof_id": pid, "contests": 3, "candidate_order": "alphabetical"},
                ),
            )
        )
        if i == 2:
            break
        t.step(
            "Τρέχω τον έλεγχο.",
            call(
                "ballots.validate",
                {"proof_id": pid},
                {"passed": False, "issues": ["Contest 2: order must follow lot draw"]},
            ),
        )
        t.step(
            "Αλλάζω τη σειρά.",
            call("ballots.set_order", {"district": 14, "contest": 2, "order": "lot_draw"}, {"updated": True}),
        )
        t.step("Αναπαράγω το δοκίμιο.", call("ballots.regenerate", {"district": 14}, {"queued": True}))
    t.loop(
        ["alternation"],
        a[2],
        "An election-office agent cycles get proof, validate, set order, regenerate; the proof never moves.",
        "Each regenerated proof comes back alphabetical with the same validator issue (only the proof id "
        "changes, a volatile field). The period-4 cycle's first state is visited for the third time at step "
        f"{a[2]}, the onset.",
    )


@loop("aquaculture-feeding-mode-toggle-no", style="responses")
def feed_toggle(t: Trace) -> None:
    t.user("Merd M3 får for mye fôr i strømskiftet. Vurder om automatikken bør av.")
    sets = []
    modes = ["manual", "auto", "manual", "auto", "manual"]
    for m in modes:
        sets.append(
            t.step(
                "Setter fôringen til " + m + ".",
                call("feeding.set_mode", {"pen": "M3", "mode": m}, {"pen": "M3", "mode": m, "ok": True}),
            )
        )
        t.step(
            "Leser status.",
            call(
                "feeding.get_status",
                {"pen": "M3"},
                {"pen": "M3", "mode": m, "pellet_loss_pct": 4.1, "current_cm_s": 22},
            ),
        )
    t.loop(
        ["same_tool", "alternation"],
        sets[3],
        "A fish-farm agent toggles a pen's feeding mode back and forth, reading an unchanged pellet "
        "loss each time.",
        "feeding.set_mode flips between manual and auto with a status read after each; pellet loss "
        "stays at 4.1%. "
        f"Every set counts, the first included; the 4th toggle at step {sets[3]} is the onset.",
    )


@loop("coworking-room-visibility-toggle-es", style="mistral")
def room_toggle(t: Trace) -> None:
    t.user(
        "La sala Ceiba aparece en la app pública pero es solo para miembros. Arréglalo sin romper "
        "las reservas."
    )
    t.step(
        "Miro la configuración.",
        call(
            "rooms.get", {"room": "Sala Ceiba"}, {"room": "Sala Ceiba", "public": True, "bookings_next_7d": 5}
        ),
    )
    sets = []
    for i, pub in enumerate([False, True, False, True, False]):
        note = "Las reservas externas quedarían huérfanas; lo revierto." if pub else "La oculto del público."
        sets.append(
            t.step(
                note if i else "La oculto del público.",
                call(
                    "rooms.set_visibility",
                    {"room": "Sala Ceiba", "public": pub},
                    {
                        "room": "Sala Ceiba",
                        "public": pub,
                        "warning": None if pub else "2 bookings were made by non-members",
                    },
                ),
            )
        )
    t.loop(
        ["same_tool", "alternation"],
        sets[3],
        "A coworking agent flips a room between public and members-only, each flip undoing the last.",
        "rooms.set_visibility alternates false/true with the same warning every time it hides the "
        "room; the 4th "
        f"toggle at step {sets[3]} is the onset. The two external bookings needed a decision, not "
        "another flip.",
    )
