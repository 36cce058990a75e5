"""Loops of writes: the same write repeated with acknowledgements that differ only in volatile fields
(new ids, timestamps, etags), write/read-back cycles, and mixtures with narration."""

from __future__ import annotations

from typing import Any

from .builder import Clock, Trace, js


def patch_notice_reposted(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Game community agent posts the same downtime notice three times to 'make sure it went out'; each "
        "post returns a new message id and timestamp.",
        ids="openai",
        meta={"agent": "community ops bot", "domain": "game server operations", "language": "en"},
    )
    clock = Clock("2026-03-24T16:40:00Z")
    t.user("Post the 7.3.1 downtime notice in #announcements: servers down Thursday 06:00-07:30 UTC.")
    content = (
        ":tools: **Patch 7.3.1 maintenance** - all realms will be offline **Thursday 26 March, 06:00-07:30 "
        "UTC**. "
        "Queues close 15 minutes before. Patch notes: https://play.example/notes/7-3-1"
    )
    args = {"channel": "announcements", "content": content, "allowed_mentions": {"parse": []}}
    texts = [
        "Posting the notice.",
        "Let me make sure it went through.",
        "Posting again to be safe; the last response was quick.",
    ]
    steps = []
    for text in texts:
        steps.append(
            t.act(
                text,
                "post_message",
                args,
                {
                    "id": str(1220000000000000000 + t.rng.randint(10**12, 10**13)),
                    "channel": "announcements",
                    "timestamp": clock.tick(t.rng.randint(8, 30)),
                },
            )
        )
    t.act(
        "Checking the channel.",
        "list_messages",
        {"channel": "announcements", "limit": 5},
        js(
            {
                "messages": [
                    {"author": "OpsBot", "content": content[:60] + "...", "ts": "16:40"} for _ in range(3)
                ]
            }
        ),
    )
    t.say(
        "The notice is posted in #announcements (it appears three times; a moderator may want to remove two)."
    )
    onset = steps[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"post_message with identical arguments at steps {', '.join(map(str, steps))}; the acknowledgements "
        "differ only in the new message id and timestamp, which are volatile. The first post already "
        f"succeeded; the 3rd identical write is the onset, step {onset}.",
    )


def edc_duplicate_queries(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Clinical data agent opens the same EDC data query three times on one field, each ack carrying a new "
        "query id, before listing the (now triplicated) queries.",
        ids="anthropic",
        meta={"agent": "clinical data management copilot", "domain": "clinical trials", "language": "en"},
    )
    clock = Clock("2026-02-20T13:05:00Z")
    t.user(
        "Raise a query on subject 211-0007, Vitals form, Visit 2: systolic BP 310 mmHg looks like a "
        "transcription error."
    )
    t.act(
        "Opening the form.",
        "edc_get_form",
        {"study": "ONC-2231", "subject": "211-0007", "form": "VS", "visit": "V2"},
        {
            "VSORRES_SYSBP": 310,
            "VSORRES_DIABP": 82,
            "VSORRES_PULSE": 71,
            "entered_by": "site211.crc2",
            "status": "ENTERED",
        },
    )
    args = {
        "study": "ONC-2231",
        "subject": "211-0007",
        "form": "VS",
        "visit": "V2",
        "field": "VSORRES_SYSBP",
        "text": "Systolic BP 310 mmHg is outside the plausible range. Please verify against source and "
        "correct or confirm.",
    }
    texts = [
        "Raising the query.",
        "I'll make sure the query was registered on the right field.",
        "Submitting once more so the site sees it.",
    ]
    steps = []
    for i, text in enumerate(texts):
        steps.append(
            t.act(
                text,
                "edc_open_query",
                args,
                {"query_id": f"Q-8841{2 + i}", "status": "OPEN", "created": clock.tick(40 + 7 * i)},
            )
        )
    t.act(
        "Listing queries on the form.",
        "edc_list_queries",
        {"study": "ONC-2231", "subject": "211-0007", "form": "VS"},
        {"queries": [{"id": f"Q-8841{2 + i}", "field": "VSORRES_SYSBP", "status": "OPEN"} for i in range(3)]},
    )
    t.say("The query is open on VSORRES_SYSBP (Q-88412; Q-88413 and Q-88414 are duplicates).")
    onset = steps[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"edc_open_query with identical arguments at steps {', '.join(map(str, steps))}; each ack differs "
        "only "
        "in the query id and the creation time. The first write had succeeded. A repeated write with only "
        f"volatile differences counts as identical: onset at the 3rd, step {onset}.",
    )


def pick_wave_recreated(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "WMS agent creates the same pick wave three times because the first wave shows no picks yet; each "
        "create returns a new wave id.",
        ids="plain",
        meta={"agent": "WMS wave planner", "domain": "warehouse robotics", "language": "en"},
    )
    t.user("Release a high-priority pick wave for orders SO-5531, SO-5532 and SO-5540 in zone A.")
    args = {"orders": ["SO-5531", "SO-5532", "SO-5540"], "zone": "A", "priority": "high"}
    w1 = t.act(
        "Creating the wave.",
        "wms.create_wave",
        args,
        {"wave_id": "W-20260411-0193", "status": "RELEASED", "lines": 14},
    )
    t.act(
        "Checking that picks were assigned.",
        "wms.get_wave",
        {"wave_id": "W-20260411-0193"},
        {
            "wave_id": "W-20260411-0193",
            "status": "RELEASED",
            "tasks_assigned": 0,
            "note": "allocation runs every 2 min",
        },
    )
    w2 = t.act(
        "No tasks assigned. The release may not have gone through; creating the wave again.",
        "wms.create_wave",
        {"zone": "A", "priority": "high", "orders": ["SO-5531", "SO-5532", "SO-5540"]},
        {"wave_id": "W-20260411-0194", "status": "RELEASED", "lines": 14},
    )
    w3 = t.act(
        "Creating it once more to trigger allocation.",
        "wms.create_wave",
        args,
        {"wave_id": "W-20260411-0195", "status": "RELEASED", "lines": 14},
    )
    t.act(
        "Listing waves in zone A.",
        "wms.list_waves",
        {"zone": "A", "status": "RELEASED"},
        "wave_id           orders                    lines  tasks\n"
        "W-20260411-0193   SO-5531,SO-5532,SO-5540   14     14\n"
        "W-20260411-0194   SO-5531,SO-5532,SO-5540   14     0 (lines held: already allocated)\n"
        "W-20260411-0195   SO-5531,SO-5532,SO-5540   14     0 (lines held: already allocated)\n",
    )
    t.say(
        "Wave W-20260411-0193 is picking (14 tasks). 0194 and 0195 are empty duplicates; I'll leave them "
        "for you to cancel."
    )
    return t.loop(
        ["identical_call"],
        w3,
        f"wms.create_wave with canonically identical arguments at steps {w1}, {w2} and {w3} (keys reordered "
        "in "
        "one); the acks differ only in the new wave id. The read in between said allocation runs every 2 "
        f"minutes. The 3rd identical write is the onset, step {w3}.",
    )


def subscriber_patch_sw(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Telco provisioning agent (Swahili) patches a subscriber's bundle three times with the same payload "
        "(keys reordered); each ack has a new etag.",
        ids="gemini",
        meta={
            "agent": "msaidizi wa huduma kwa wateja",
            "domain": "telecom network provisioning",
            "language": "sw",
        },
    )
    t.user("Badilisha kifurushi cha mteja 0722 123 456 kiwe 'Data 20GB' kuanzia leo.")
    t.act(
        "Naangalia wasifu wa mteja.",
        "subscriber.get",
        {"msisdn": "254722123456"},
        {"msisdn": "254722123456", "plan": "Data 5GB", "status": "active", "etag": 'W/"a91"'},
    )
    payloads = [
        {"plan": "Data 20GB", "effective": "immediate"},
        {"effective": "immediate", "plan": "Data 20GB"},
        {"plan": "Data 20GB", "effective": "immediate"},
    ]
    texts = [
        "Nabadilisha kifurushi.",
        "Nahakikisha mabadiliko yamehifadhiwa.",
        "Natuma tena ili kuwa na uhakika.",
    ]
    etags = ['W/"a92"', 'W/"a93"', 'W/"a94"']
    steps = [
        t.act(
            text,
            "subscriber.update",
            {"msisdn": "254722123456", "changes": p},
            {"updated": True, "plan": "Data 20GB", "etag": e},
        )
        for text, p, e in zip(texts, payloads, etags, strict=True)
    ]
    t.say("Kifurushi cha 0722 123 456 sasa ni 'Data 20GB', kimeanza leo.")
    onset = steps[2]
    return t.loop(
        ["identical_call"],
        onset,
        "subscriber.update with the same change (keys reordered once) at steps "
        f"{', '.join(map(str, steps))}; "
        "the acks differ only in the etag. The first update had already succeeded. Onset at the 3rd "
        "identical "
        f"write, step {onset}.",
    )


def marc_save_validate(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Library cataloguing agent saves the same MARC record and re-validates it three times; validation "
        "returns the same two warnings and the record is never changed.",
        ids="openai",
        meta={"agent": "cataloguing assistant", "domain": "library and archives", "language": "en"},
    )
    t.user(
        "Create a catalogue record for the donated 1923 Lwów city directory (Księga adresowa) and save it."
    )
    marc = (
        "=LDR  00000nam a2200000 i 4500\n=008  230101s1923\\\\\\\\pl\\\\\\\\\\\\\\\\\\\\000\\0\\pol\\d\n"
        "=100  1\\$aunknown\n=245  10$aKsięga adresowa miasta Lwowa /$c[opracowanie zbiorowe].\n"
        "=260  \\\\$aLwów :$b[s.n.],$c1923.\n=300  \\\\$a612 s. ;$c24 cm.\n=651  \\0$aLviv "
        "(Ukraine)$vDirectories."
    )
    warn = "WARN 260: use 264 _1 for RDA records\nWARN 040: $e rda missing\n0 errors, 2 warnings"
    saves, vals = [], []
    for i in range(3):
        saves.append(
            t.act(
                [
                    "Saving the record.",
                    "Saving again so the validator sees the current version.",
                    "Saving the record.",
                ][i],
                "catalog.save_record",
                {"marc": marc, "collection": "special"},
                {"saved": True, "record": "b3318842", "rev": i + 1},
            )
        )
        if i < 2:
            vals.append(t.act("Validating.", "catalog.validate", {"record": "b3318842"}, warn))
    vals.append(t.act("Validating.", "catalog.validate", {"record": "b3318842"}, warn))
    t.say("The record b3318842 is saved; the validator reports two RDA warnings I couldn't clear.")
    onset = saves[2]
    return t.loop(
        ["alternation", "identical_call"],
        onset,
        "catalog.save_record (same MARC text, only the revision counter grows) and catalog.validate (same "
        "two "
        f"warnings) alternate at steps {saves[0]}-{vals[-1]}; the warnings say exactly what to change, and "
        f"nothing is changed. A B A B [A] and the 3rd identical save coincide at step {onset}, the onset.",
    )


def workout_event_second_turn_tr(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Fitness coaching agent (Turkish) adds a calendar workout correctly in the first turn; in the second "
        "turn it creates the Thursday workout three times with new event ids.",
        ids="openai",
        meta={"agent": "koşu koçu asistanı", "domain": "fitness coaching", "language": "tr"},
    )
    t.user("Salı akşamı 19:00'a 45 dakikalık tempo koşusu ekle.")
    t.act(
        "Takvime ekliyorum.",
        "calendar_create_event",
        {
            "title": "Tempo koşusu 45 dk",
            "start": "2026-04-14T19:00:00+03:00",
            "duration_min": 45,
            "calendar": "antrenman",
        },
        {"event_id": "evt_7hq2k", "status": "confirmed"},
    )
    t.say("Salı 19:00 tempo koşusu takvimine eklendi.")
    t.user("Perşembe için de aynı antrenmanı ekle.")
    args = {
        "title": "Tempo koşusu 45 dk",
        "start": "2026-04-16T19:00:00+03:00",
        "duration_min": 45,
        "calendar": "antrenman",
    }
    texts = [
        "Perşembe için ekliyorum.",
        "Eklendiğinden emin olmak için tekrar gönderiyorum.",
        "Bir kez daha ekliyorum, onay gelmedi gibi görünüyor.",
    ]
    ids = ["evt_9k1sd", "evt_9k1tx", "evt_9k1vq"]
    steps = [
        t.act(x, "calendar_create_event", args, {"event_id": e, "status": "confirmed"})
        for x, e in zip(texts, ids, strict=True)
    ]
    t.say("Perşembe 19:00 tempo koşusu eklendi.")
    onset = steps[2]
    return t.loop(
        ["identical_call"],
        onset,
        "Turn 1 adds Tuesday's workout once (healthy). In turn 2 calendar_create_event is called with "
        "identical "
        f"arguments at steps {', '.join(map(str, steps))}; every ack is 'confirmed' with a new event id, a "
        "volatile field. Counts start at the turn-2 user message: the 3rd identical write is the onset, step "
        f"{onset}. The user now has three Thursday workouts.",
    )


def daily_log_narrated(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Construction site agent appends the same concrete-pour entry to the daily log four times, "
        "announcing 'logging the pour now' each time; acks carry new entry ids.",
        ids="bedrock",
        meta={
            "agent": "site superintendent assistant",
            "domain": "construction project management",
            "language": "en",
        },
    )
    t.user(
        "Log today's L4 slab pour in the daily log: completed 14:20, 62 m³, six test cylinders taken, "
        "weather "
        "dry 17 °C."
    )
    entry = "L4 slab pour completed 14:20. Volume 62 m³ (C30/37). 6 test cylinders taken. Weather dry, 17 °C."
    args = {"project": "P-118", "date": "2026-04-09", "category": "concrete", "entry": entry}
    texts = [
        "Logging the pour now.",
        "Logging the L4 pour in today's daily log now.",
        "I'm logging the pour entry now.",
        "Logging the slab pour now.",
    ]
    steps = [
        t.act(x, "append_daily_log", args, {"ok": True, "entry_id": f"DL-118-0409-{i + 3:02d}"})
        for i, x in enumerate(texts)
    ]
    t.say("Today's L4 pour is logged.")
    onset = steps[2]
    return t.loop(
        ["identical_call", "narration"],
        onset,
        f"append_daily_log with identical arguments at steps {', '.join(map(str, steps))}, each ack "
        "differing "
        "only in the entry id, while the text restates 'logging the pour now'. The identical-write rule "
        "(3rd) "
        f"comes before the narration rule (4th): onset at step {onset}.",
    )


def eta_update_aperak_nl(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Port agent (Dutch) sends the same ETA update to the port community system three times; each XML "
        "acknowledgement has a new message reference.",
        ids="bedrock",
        meta={"agent": "scheepsagent-assistent", "domain": "port terminal operations", "language": "nl"},
    )
    t.user("Zet de ETA van MSC Aurelia (bezoek NLRTM26-04417) op 11 april 04:30 UTC in het havensysteem.")
    t.act(
        "Eerst het huidige bezoek ophalen.",
        "pcs.get_visit",
        {"visit": "NLRTM26-04417"},
        {"visit": "NLRTM26-04417", "vessel": "MSC AURELIA", "eta": "2026-04-11T06:10:00Z", "berth": "B7"},
    )

    def aperak(ref: int) -> str:
        return (
            f'<APERAK version="D96A"><MsgRef>PCS{ref}</MsgRef><Visit>NLRTM26-04417</Visit>'
            "<Status>ACCEPTED</Status><Text>ETA bijgewerkt</Text></APERAK>"
        )

    args = {"visit": "NLRTM26-04417", "eta": "2026-04-11T04:30:00Z"}
    texts = [
        "ETA bijwerken.",
        "Ik verstuur het nogmaals om zeker te zijn dat de terminal het ziet.",
        "Nog een keer versturen.",
    ]
    steps = [t.act(x, "pcs.update_eta", args, aperak(771203 + 17 * i)) for i, x in enumerate(texts)]
    t.act(
        "Controle.",
        "pcs.get_visit",
        {"visit": "NLRTM26-04417"},
        {"visit": "NLRTM26-04417", "vessel": "MSC AURELIA", "eta": "2026-04-11T04:30:00Z", "berth": "B7"},
    )
    t.say("De ETA staat nu op 11 april 04:30 UTC.")
    onset = steps[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"pcs.update_eta with identical arguments at steps {', '.join(map(str, steps))}; every APERAK says "
        "ACCEPTED and differs only in the message reference. The 3rd identical write is the onset, step "
        f"{onset}; the final read confirms the first write had worked.",
    )


SCENARIOS = [
    ("patch-notice-reposted", patch_notice_reposted),
    ("edc-duplicate-queries", edc_duplicate_queries),
    ("pick-wave-recreated", pick_wave_recreated),
    ("subscriber-patch-sw", subscriber_patch_sw),
    ("marc-save-validate", marc_save_validate),
    ("workout-event-turn2-tr", workout_event_second_turn_tr),
    ("daily-log-narrated", daily_log_narrated),
    ("eta-update-aperak-nl", eta_update_aperak_nl),
]
