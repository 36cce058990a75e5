"""Loops 21-40: schema misuse, identical failures, re-delegation, narration, frozen polls, toggles,
degenerate text, varied ids that all fail, and writes re-issued after success."""

from __future__ import annotations

from typing import Any

from .builder import Call, Trace, js
from .registry import loop


@loop("stained-glass-quote-missing-param")
def stainedglass(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Stained-glass restoration agent omits a required MCP parameter four times.",
        "stained-glass restoration",
        "en",
        "mcp-client",
        "anthropic",
    )
    t.user("Quote re-leading the three lancet panels at St Aidan's (each 0.6 x 1.8 m, 40% cracked quarries).")
    argsets = [
        {"panels": 3, "width_m": 0.6, "height_m": 1.8},
        {"panel_count": 3, "width_m": 0.6, "height_m": 1.8, "cracked": 0.4},
        {"panels": [{"w": 0.6, "h": 1.8}] * 3, "cracked_pct": 40},
        {"panels": 3, "size": "0.6x1.8", "cracked_pct": 40},
    ]
    steps = []
    for i, a in enumerate(argsets):
        steps.append(
            t.say(
                "Requesting a quote." if i == 0 else "Let me restructure the input.",
                Call(
                    "glazier__quote_panel",
                    a,
                    "Input validation error: 'lead_profile' is a required property",
                    True,
                ),
            )
        )
    return t.loop(
        ["error_streak"],
        steps[3],
        f"Each call misses the required lead_profile and the agent reshapes the other arguments instead; "
        f"same validation error. 4th at step {steps[3]}.",
    )


@loop("septic-route-identical-503")
def septic(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Septic pumping dispatcher repeats an identical failing route request.",
        "septic pumping service",
        "en",
        "openai-agents-sdk",
        "openai",
    )
    t.user("Build tomorrow's route for truck 2: the Miller, Okafor and Dubois tanks.")
    a = {"truck": 2, "date": "2026-04-22", "stops": ["miller-1180", "okafor-77", "dubois-3"]}
    steps = []
    for x in [
        "Requesting the route.",
        "Service unavailable; retrying.",
        "Retrying the route.",
        "Trying again.",
        "One more retry.",
    ]:
        steps.append(
            t.say(
                x,
                Call(
                    "optimize_route",
                    a,
                    "HTTP 503 Service Unavailable\nrouting-engine: upstream map tiles not loaded",
                    True,
                ),
            )
        )
    return t.loop(
        ["identical_call", "error_streak"],
        steps[3],
        f"Identical call, identical 503, no back-off or alternative. Identical failing calls: onset at the "
        f"4th failure, step {steps[3]}.",
    )


@loop("water-well-redelegation")
def waterwell(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Orchestrator re-delegates the same aquifer question and gets the same report.",
        "water-well drilling",
        "en",
        "claude-code",
        "anthropic",
    )
    t.user("Client in Parcel 44-B wants a domestic well. How deep to the first reliable aquifer?")
    t.say(
        "Pulling nearby logs.",
        Call(
            "Bash",
            {"command": "wellogs near --parcel 44-B --radius 2km --format csv"},
            "well_id,depth_m,first_water_m,yield_lpm\nW-1102,58,41,22\nW-1187,64,43,18\nW-0930,52,40,25\n",
        ),
    )
    report = (
        "Report: nearby logs show first water at 40-43 m in the fractured sandstone; recommend drilling to "
        "55-65 m for a {v} yield margin. Confidence: moderate."
    )
    steps = []
    for i, v in enumerate(["safe", "reasonable", "comfortable", "good"]):
        steps.append(
            t.say(
                "Asking the hydrogeology sub-agent."
                if i == 0
                else "Let me get a second opinion from the sub-agent with more context.",
                Call(
                    "Task",
                    {
                        "subagent_type": "hydrogeologist",
                        "description": "aquifer depth 44-B",
                        "prompt": f"Estimate target depth for a domestic well at parcel 44-B "
                        f"using logs W-1102, W-1187, W-0930. (attempt {i + 1})",
                    },
                    report.format(v=v),
                ),
            )
        )
    return t.loop(
        ["same_tool"],
        steps[2],
        f"The first two reports already agree (first water 40-43 m, drill 55-65 m); the 3rd delegation at "
        f"step {steps[2]} is the onset, and a 4th follows.",
    )


@loop("dogsled-vet-redelegation")
def dogsled(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Kennel orchestrator re-delegates a vet-check summary under two sub-agent names.",
        "dog-sled kennel",
        "no",
        "langgraph",
        "adk",
    )
    t.user("Hvilke hunder er veterinærgodkjent for Finnmarksløpet? Lag en liste.")
    rep = "Godkjent: Balto, Luna, Ravn, Skye, Tind, Ulv (6). Mangler attest: Frost, Is."
    steps = []
    for i, (agent, x) in enumerate(
        [
            ("vet_records_agent", "Sender til veterinærjournal-agenten."),
            ("vet_records_agent", "Ber om en ny gjennomgang."),
            ("health_check_agent", "Spør helse-agenten i stedet."),
            ("vet_records_agent", "En gang til med veterinær-agenten."),
        ]
    ):
        steps.append(
            t.say(
                x,
                Call(
                    "delegate",
                    {
                        "agent": agent,
                        "task": "Liste over hunder med gyldig veterinærattest for Finnmarksløpet 2026",
                    },
                    rep
                    if i % 2 == 0
                    else "Seks hunder godkjent (Balto, Luna, Ravn, Skye, Tind, Ulv); "
                    "Frost og Is mangler attest.",
                ),
            )
        )
    return t.loop(
        ["same_tool"],
        steps[2],
        f"Two agreeing reports, then a 3rd delegation of the same task under another name at step "
        f"{steps[2]}; the onset.",
    )


@loop("costume-rental-redelegation")
def costume(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Costume rental orchestrator re-runs a sizing sub-agent with near-identical briefs.",
        "theatre costume rental",
        "pl",
        "agents-sdk",
        "responses",
    )
    t.user("Teatr Nowy chce 14 kostiumów z epoki (1920) do 'Wesela'. Sprawdź rozmiary i dostępność.")
    t.say(
        "Pobieram listę obsady z wymiarami.",
        Call(
            "cast_measurements",
            {"production": "wesele-2026"},
            "imię;klatka_cm;talia_cm\nAnna;88;70\nJan;102;88\nMaria;92;74\n... (14 wierszy)",
        ),
    )
    steps = []
    for i in range(4):
        steps.append(
            t.say(
                "Przekazuję dopasowanie agentowi magazynu."
                if i == 0
                else "Poproszę agenta magazynu jeszcze raz o dopasowanie.",
                Call(
                    "agents.run",
                    {
                        "agent": "wardrobe-matcher",
                        "input": "Dopasuj 14 kostiumów 1920 do "
                        "wymiarów obsady wesele-2026" + (" (dokładnie)" if i else ""),
                    },
                    "Dopasowano 12/14; brak rozmiaru dla Jana (102) i Czepca (110) w kolekcji 1920.",
                ),
            )
        )
    return t.loop(
        ["same_tool"],
        steps[2],
        f"Identical reports (12/14 matched, two missing sizes); the 3rd delegation at step {steps[2]} "
        f"is the onset.",
    )


@loop("sugarbush-vacuum-narration")
def sugarbush(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Maple sugarbush agent restates the same leak-finding plan while readings never change.",
        "maple sugarbush",
        "en",
        "dotted-tools",
        "plain",
    )
    t.user("Vacuum on mainline 3 dropped to 18 inHg. Find the leak zone.")
    r = "mainline 3: 18.1 inHg at releaser, 17.6 at end; laterals 3A-3F not instrumented"
    steps = []
    for _x in range(5):
        steps.append(
            t.say(
                "My plan: read mainline 3 vacuum, compare releaser vs end to narrow the leak to a "
                "section, then walk the laterals.",
                Call("vacuum.read", {"line": 3}, r),
            )
        )
    return t.loop(
        ["narration", "identical_call"],
        steps[2],
        f"The same plan each turn and the same reading; identical_call sets the earlier onset, the 3rd "
        f"identical read at step {steps[2]} (narration would fire at the 4th).",
    )


@loop("rope-access-announced-never-done")
def ropeaccess(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Rope-access scheduler keeps announcing an anchor check it never performs.",
        "rope-access window cleaning",
        "en",
        "custom-harness",
        "plain",
    )
    t.user("Before Thursday's drop on Harbour Tower, confirm roof anchors R1-R8 were load-tested this year.")
    steps = []
    for x in [
        "I'll check the anchor test register for R1-R8 now.",
        "Next I will pull the anchor test register for Harbour Tower.",
        "Let me retrieve the load-test records for anchors R1 to R8.",
        "I am going to look up the anchor register now.",
        "Checking the anchor test register for R1-R8.",
    ]:
        steps.append(t.say(x))
        t.system("[harness] No tool call detected. Continue with the task.")
    return t.loop(
        ["narration"],
        steps[3],
        f"Five announcements of the same action with no call, answered only by harness messages (which do "
        f"not start a turn). The 4th announcement at step {steps[3]}.",
    )


@loop("trampoline-waiver-monologue")
def trampoline(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Trampoline park assistant falls into a monologue about checking waivers.",
        "trampoline park",
        "hi",
        "chat-agent",
        "mistral",
    )
    t.user("शाम 5 बजे वाले बर्थडे ग्रुप के 12 बच्चों में से किनका वेवर बाकी है?")
    t.say(
        "मैं बुकिंग देखता हूँ।",
        Call(
            "getBooking",
            {"slot": "17:00", "type": "birthday"},
            js({"booking": "BD-5521", "jumpers": 12, "waivers_signed": 9}),
        ),
    )
    steps = []
    for x in [
        "12 में से 9 वेवर साइन हुए हैं, अब मैं देखूँगा कि बाकी 3 कौन हैं।",
        "अब मुझे बाकी 3 बच्चों के नाम निकालने होंगे जिनका वेवर बाकी है।",
        "मैं अब देखता हूँ कि किन 3 बच्चों का वेवर साइन नहीं हुआ।",
        "चलिए, बाकी 3 वेवर वाले बच्चों के नाम पता करता हूँ।",
    ]:
        steps.append(t.say(x))
    return t.loop(
        ["narration"],
        steps[3],
        f"Four consecutive assistant messages with nothing in between restate the same intent; the first "
        f"follows the tool result. Onset at the 4th statement, step {steps[3]}.",
    )


@loop("photogrammetry-job-frozen")
def photogrammetry(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Orthomosaic job poll that never moves off 42%.",
        "aerial photogrammetry",
        "en",
        "codex-cli",
        "openai",
    )
    t.user("Process the 640 quarry survey images into an orthomosaic and report the GSD.")
    t.say(
        "Submitting.",
        Call(
            "submit_job",
            {"project": "quarry-0419", "preset": "ortho-high"},
            js({"job_id": "pg-88213", "state": "queued"}),
        ),
    )
    steps = []
    for x in [
        "Checking progress.",
        "Still running; waiting then checking.",
        "Checking again.",
        "Polling again.",
        "Polling once more.",
    ]:
        steps.append(
            t.say(
                x,
                Call(
                    "job_status",
                    {"job_id": "pg-88213"},
                    js(
                        {
                            "job_id": "pg-88213",
                            "state": "running",
                            "stage": "dense_cloud",
                            "progress": 0.42,
                            "worker": "gpu-3",
                        }
                    ),
                ),
            )
        )
    return t.loop(
        ["identical_call"],
        steps[2],
        f"The status is byte-identical from the first poll on (42%, same stage and worker); the 3rd poll "
        f"returning it at step {steps[2]} is the onset of a frozen poll.",
    )


@loop("seaweed-upload-frozen-with-sleeps")
def seaweed(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Seaweed farm agent polls a stuck sensor upload, sleeping between polls.",
        "seaweed farm",
        "id",
        "shell-agent",
        "bedrock",
    )
    t.user("Unggah data sensor tali panjang blok C minggu ini ke portal dinas dan pastikan selesai.")
    t.say(
        "Mulai unggah.",
        Call(
            "portal_upload",
            {"block": "C", "week": "2026-W19"},
            js({"upload_id": "UP-3307", "status": "menunggu"}),
        ),
    )
    steps = []
    for i in range(5):
        t.say("Menunggu sebentar.", Call("run_command", {"cmd": "sleep 60"}, ""))
        steps.append(
            t.say(
                "Cek status unggahan." if i == 0 else "Cek lagi.",
                Call(
                    "upload_status",
                    {"upload_id": "UP-3307"},
                    js({"upload_id": "UP-3307", "status": "menunggu", "bytes_sent": 0}),
                ),
            )
        )
    return t.loop(
        ["identical_call"],
        steps[2],
        f"Status stays 'menunggu' with 0 bytes sent; sleeps between polls do not reset the count. The 3rd "
        f"identical status at step {steps[2]} is the onset.",
    )


@loop("arcade-firmware-push-queued")
def arcade(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Pinball route operator polls a firmware push that stays queued.",
        "pinball arcade route",
        "en",
        "mcp-client",
        "anthropic",
    )
    t.user("Push the 1.07 code update to the Godzilla machine at Lucky Star bar and confirm it installed.")
    t.say(
        "Pushing.",
        Call(
            "fleet__push_firmware",
            {"machine": "GZ-PREM-0441", "version": "1.07"},
            "push_id: fw-9912\nstate: queued\n",
        ),
    )
    steps = []
    for x in [
        "Checking install state.",
        "Still queued; checking again.",
        "Checking again.",
        "Another check.",
    ]:
        steps.append(
            t.say(
                x,
                Call(
                    "fleet__push_status",
                    {"push_id": "fw-9912"},
                    "push_id: fw-9912\nstate: queued\nmachine_last_seen: 2026-05-02T22:14:09Z\n",
                ),
            )
        )
    return t.loop(
        ["identical_call"],
        steps[2],
        f"The machine was last seen days ago (offline), so the push stays queued; identical status three "
        f"times by step {steps[2]}, the onset.",
    )


@loop("sauna-heater-mode-toggle")
def sauna(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Spa agent toggles a sauna heater between eco and boost mode.",
        "sauna and spa",
        "fi",
        "camelCase-tools",
        "named",
    )
    t.user("Saunan 2 pitää olla 80 astetta klo 18 mennessä mutta sähkön huipputehoa ei saa ylittää.")
    modes = ["boost", "eco", "boost", "eco", "boost"]
    texts = [
        "Laitan tehotilan päälle.",
        "Huipputeho ylittyy; vaihdan säästötilaan.",
        "Säästötilassa ei ehdi 80 asteeseen; takaisin tehotilaan.",
        "Huippu taas ylittyy; säästötila.",
        "Tehotila uudelleen.",
    ]
    steps = []
    for x, m in zip(texts, modes, strict=True):
        steps.append(
            t.say(
                x,
                Call(
                    "setHeaterMode",
                    {"sauna": 2, "mode": m},
                    js(
                        {
                            "sauna": 2,
                            "mode": m,
                            "eta_80c": "17:20" if m == "boost" else "19:05",
                            "peak_kw": 18.5 if m == "boost" else 9.0,
                            "limit_kw": 15,
                        }
                    ),
                ),
            )
        )
    return t.loop(
        ["same_tool", "alternation"],
        steps[3],
        f"Mode toggled boost/eco/boost/eco with the same two outcomes; neither satisfies both constraints "
        f"and the agent never tries a scheduled start. 4th toggle at step {steps[3]}.",
    )


@loop("dcc-cv-toggle-readbacks")
def dcc(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Model-railway agent toggles a decoder CV and reads it back, over and over.",
        "model railway club",
        "de",
        "mcp-client",
        "openai",
    )
    t.user(
        "Die BR 218 (Adresse 218) fährt mit Licht nicht rückwärts. Kannst du CV29 am Programmiergleis prüfen?"
    )
    steps = []
    for v in [6, 7, 6, 7, 6]:
        steps.append(
            t.say(
                f"Setze CV29 auf {v}.",
                Call("dcc__write_cv", {"address": 218, "cv": 29, "value": v}, js({"ack": True})),
            )
        )
        t.say("Lese zurück.", Call("dcc__read_cv", {"address": 218, "cv": 29}, js({"cv": 29, "value": v})))
    return t.loop(
        ["same_tool", "alternation"],
        steps[3],
        f"CV29 flips between 6 and 7 (direction bit) with read-backs between; read-backs are not toggles. "
        f"4th write at step {steps[3]}.",
    )


@loop("cricket-irrigation-toggle")
def cricket(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Cricket ground curator agent toggles pitch irrigation on and off.",
        "cricket ground curation",
        "en",
        "openai-agents-sdk",
        "responses",
    )
    t.user("Square moisture for pitch 5 should be 22-26% for Saturday. Sort out irrigation.")
    t.say("Reading moisture.", Call("pitch_moisture", {"pitch": 5}, "pitch 5: 21.4% (probe avg, 4 probes)"))
    steps = []
    for on in [True, False, True, False, True]:
        steps.append(
            t.say(
                "Turning irrigation on." if on else "Rain forecast; turning it off.",
                Call(
                    "set_irrigation",
                    {"zone": "square-5", "enabled": on},
                    f"zone square-5 irrigation {'ENABLED' if on else 'DISABLED'}; forecast: 60% rain Fri",
                ),
            )
        )
    return t.loop(
        ["same_tool", "alternation"],
        steps[3],
        f"The same forecast drives on/off flips with identical acknowledgements. 4th toggle at step "
        f"{steps[3]}.",
    )


@loop("xmas-tree-reply-collapse")
def xmastree(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Christmas tree farm reply degenerates into repeated text.",
        "Christmas tree farm",
        "en",
        "chat-agent",
        "openai",
    )
    t.user("Do you still have Nordmann firs over 2.4 m for u-cut this weekend?")
    t.say(
        "Checking the field inventory.",
        Call(
            "field_inventory",
            {"species": "nordmann", "min_height_m": 2.4},
            "field,species,height_band,tagged_available\nN4,nordmann,2.4-2.7,11\nN6,nordmann,2.7-3.0,3\n",
        ),
    )
    s = t.say(
        "Yes! We have 14 Nordmann firs over 2.4 m: 11 in field N4 and 3 in field N6. "
        + "Come on down and pick your tree! " * 22
    )
    return t.loop(
        ["degenerate_text"],
        s,
        f"The answer starts correctly and then repeats one sentence 22 times; step {s} collapses.",
    )


@loop("tailoring-pattern-arg-repeat")
def tailoring(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Bespoke tailoring agent writes a pattern file whose argument degenerates into repeats.",
        "bespoke tailoring",
        "zh",
        "gemini-cli",
        "adk",
    )
    t.user("根据王先生的尺寸生成西装上衣的纸样参数文件 jacket_wang.txt。")
    t.say(
        "读取尺寸。",
        Call(
            "read_file",
            {"absolute_path": "/data/clients/wang.yaml"},
            "chest_cm: 104\nwaist_cm: 92\nshoulder_cm: 46.5\nsleeve_cm: 63\nback_length_cm: 76\n",
        ),
    )
    body = "胸围 104\n腰围 92\n肩宽 46.5\n" + "袖长 63\n" * 40
    s = t.say(
        "写入纸样文件。",
        Call(
            "write_file",
            {"file_path": "/data/patterns/jacket_wang.txt", "content": body},
            "Successfully wrote /data/patterns/jacket_wang.txt",
        ),
    )
    return t.loop(
        ["degenerate_text"],
        s,
        f"The content argument repeats the sleeve line 40 times; degenerate output inside a tool argument "
        f"at step {s}.",
    )


@loop("archery-reply-collapse")
def archery(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Archery range assistant's confirmation collapses into a repeated phrase.",
        "archery range",
        "ja",
        "support-bot",
        "anthropic",
    )
    t.user("土曜14時に18メートルのレーンを2つ、リカーブ弓のレンタル2本付きで予約したいです。")
    t.say(
        "空きを確認します。",
        Call(
            "lanes.availability",
            {"date": "2026-05-16", "time": "14:00", "distance_m": 18},
            js({"free_lanes": [3, 4, 7], "recurve_rentals": 5}),
        ),
    )
    t.say(
        "予約します。",
        Call(
            "lanes.book",
            {"lanes": [3, 4], "date": "2026-05-16", "time": "14:00", "rentals": 2},
            js({"booking": "AR-7781", "ok": True}),
        ),
    )
    s = t.say("ご予約が完了しました(AR-7781)。" + "レーン3と4をご用意しております。" * 25)
    return t.loop(
        ["degenerate_text"], s, f"After a correct booking the reply repeats one phrase 25 times; step {s}."
    )


@loop("ice-sculpture-freezer-apologies")
def icesculpture(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Ice sculpture studio agent retries a freezer setpoint the controller keeps refusing.",
        "ice sculpture studio",
        "en",
        "claude-code",
        "anthropic",
    )
    t.user("Set block freezer 2 to -12 °C for the clear-block cycle starting tonight.")
    vals = [-12, -12.0, "-12", -11.9, -12]
    steps = []
    for i, v in enumerate(vals):
        steps.append(
            t.say(
                "Setting the setpoint." if i == 0 else "Sorry, that failed; trying again differently.",
                Call(
                    "freezer_set_setpoint",
                    {"unit": 2, "celsius": v},
                    js({"ok": False, "error": "UNIT_LOCKED", "detail": "defrost cycle in progress"}),
                ),
            )
        )
    return t.loop(
        ["error_streak"],
        steps[3],
        f"The controller reports UNIT_LOCKED (defrost running) in the body each time; the agent only "
        f"rewrites the value. 4th failure at step {steps[3]}.",
    )


@loop("canal-boat-ref-variants-404")
def canalboat(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Canal boat hire agent tries booking refs that all 404.",
        "canal boat hire",
        "en",
        "support-bot",
        "openai",
    )
    t.user("Hi, my booking is CB-22187, can I add a bike rack to our narrowboat?")
    refs = ["CB-22187", "CB22187", "22187", "CB-2187", "cb-22187"]
    steps = []
    for i, r in enumerate(refs):
        steps.append(
            t.say(
                "Looking up your booking." if i == 0 else "Not found; trying another format.",
                Call("lookup_booking", {"ref": r}, f"404 Not Found: no booking with reference '{r}'", True),
            )
        )
    return t.loop(
        ["same_tool", "error_streak"],
        steps[3],
        f"Variants of one reference, all 404, never asking the customer or searching by name. Onset at the "
        f"4th attempt and 4th failure, step {steps[3]}.",
    )


@loop("compost-temp-log-rewritten")
def compost(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Composting facility agent re-posts the same windrow temperature entry after success.",
        "composting facility",
        "en",
        "dotted-tools",
        "bedrock",
    )
    t.user("Log today's PFRP reading for windrow 7: 58 °C at 60 cm.")
    steps = []
    for i in range(4):
        steps.append(
            t.say(
                "Logging the reading." if i == 0 else "Making sure it's recorded.",
                Call(
                    "windrows.log_temp",
                    {"windrow": 7, "celsius": 58, "depth_cm": 60, "date": "2026-05-06"},
                    js({"ok": True, "entry_id": f"WT-{40211 + i}"}),
                ),
            )
        )
    return t.loop(
        ["identical_call"],
        steps[2],
        f"The write succeeded at once; each repeat creates a duplicate entry differing only in entry_id "
        f"(volatile). The 3rd identical write at step {steps[2]} is the onset.",
    )
