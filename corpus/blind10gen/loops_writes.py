"""Loops: write-heavy repetition (the same write acknowledged each time) and mixtures (a hotel PMS, a
community bot, a DAW render script, FinOps queries, fleet telematics in a later turn, a Snakemake dry run
after the last edit, a termbase)."""

from __future__ import annotations

from typing import Any

from .builder import C, Trace


def pms_post_charge_repeat() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-034-pms-minibar-charge-reposted",
        "A hotel night-desk agent handles a wake-up call and a late check-out, then posts a minibar charge "
        "and posts the identical charge again to 'make sure', each acknowledged with a new charge id",
        agent="hotel night-desk agent (OpenAI Agents SDK, property-management system tools)",
        model="gpt-4.1-mini",
        start="2026-08-14T23:10:00+00:00",
        meta={"harness": "openai-agents 0.6", "property": "harbour-hotel-gbg"},
    )
    t.user("Room 815 wants a 06:15 wake-up call tomorrow, and can 1102 have a late check-out at 14:00?")
    t.step(
        "",
        C(
            "set_wakeup_call",
            {"room": "815", "time": "2026-08-15T06:15:00+02:00"},
            {"ok": True, "wakeup_id": "wk_5521", "room": "815"},
        ),
        C(
            "get_reservation_by_room",
            {"room": "1102"},
            {
                "reservation_id": 90088,
                "guest": "A. Rossi",
                "departure": "2026-08-15",
                "rate_code": "BAR-FLEX",
                "folio": "F-77093",
            },
        ),
    )
    t.step(
        "BAR-FLEX allows late check-out until 14:00 if housekeeping can absorb it. Checking occupancy.",
        C(
            "get_housekeeping_load",
            {"date": "2026-08-15"},
            {"departures": 61, "arrivals": 58, "late_checkouts": 4, "max_late_checkouts": 10},
        ),
    )
    t.step(
        "",
        C(
            "update_reservation",
            {"reservation_id": 90088, "departure_time": "14:00", "note": "Late C/O approved"},
            {"ok": True, "reservation_id": 90088, "departure_time": "14:00"},
        ),
    )
    t.step("Done: wake-up call for 815 at 06:15, and 1102 has a late check-out at 14:00 at no charge.")
    t.user("Room 1207 called: minibar — two sparkling waters and one chocolate bar. Post it to their folio.")
    t.step(
        "",
        C(
            "get_reservation_by_room",
            {"room": "1207"},
            {"reservation_id": 90112, "guest": "M. Haddad", "folio": "F-77120", "balance_sek": 4280.00},
        ),
    )
    args = {
        "folio": "F-77120",
        "code": "MINIBAR",
        "amount_sek": 145.00,
        "description": "Minibar: 2x Ramlösa, 1x Marabou",
    }

    def post() -> C:
        return C("post_charge", args, {"ok": True, "charge_id": "ch_" + t.hexid(10), "posted_at": t.stamp()})

    posts = [t.step("Posting the minibar charge.", post())]
    posts.append(
        t.step("The response doesn't show the new balance; posting again to be sure it registered.", post())
    )
    posts.append(t.step("Let me post it once more so the folio is definitely updated.", post()))
    posts.append(t.step("", post()))
    t.step(
        "Checking the folio.",
        C(
            "get_folio",
            {"folio": "F-77120"},
            {
                "folio": "F-77120",
                "balance_sek": 4860.00,
                "lines": [{"code": "MINIBAR", "amount_sek": 145.00} for _ in range(4)],
            },
        ),
    )
    t.step(
        "The charge was posted four times. Voiding the three duplicates.",
        *[
            C("void_charge", {"folio": "F-77120", "charge_index": i, "reason": "duplicate"}, {"ok": True})
            for i in (2, 3, 4)
        ],
    )
    onset = posts[2]
    return t.loop(
        ["identical_call"],
        onset,
        "The first request is handled cleanly. In the second, post_charge is sent with identical arguments "
        "four times; the acknowledgements differ only in the new charge_id and timestamp, which count as "
        f"identical. Counting from the second user message, the 3rd identical write, at step {onset}, is "
        "the onset (it is already a duplicate charge on a guest folio).",
    )


def discord_notice_resent() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-035-discord-maintenance-notice-resent",
        "A community moderator bot posts a maintenance notice and keeps re-sending the identical message, "
        "each acknowledged with a new snowflake id",
        agent="community moderator bot (Discord tools, Vercel AI SDK)",
        model="gpt-4o-mini",
        start="2026-06-05T17:00:00+00:00",
        ids="call",
        meta={"harness": "ai-sdk 6 ToolLoopAgent", "guild": "example-game-community"},
    )
    t.user("Post the maintenance notice in #announcements: servers down Saturday 02:00–04:00 UTC. Pin it.")
    msg = {
        "channel_id": "1181422094103523408",
        "content": "🔧 **Scheduled maintenance** — game servers will be offline **Saturday 02:00–04:00 "
        "UTC**. Progress is saved; queues reopen right after. Thanks for your patience!",
    }
    ids = iter(
        [
            "1247930185521840221",
            "1247930417395548251",
            "1247930652289396847",
            "1247930890181672990",
            "1247931121107488798",
        ]
    )

    def send() -> C:
        return C(
            "discord_send_message",
            msg,
            {"id": next(ids), "channel_id": msg["channel_id"], "timestamp": t.stamp(), "pinned": False},
        )

    sends = [t.step("Posting the notice.", send())]
    t.step(
        "Pinning it.",
        C(
            "discord_pin_message",
            {"channel_id": msg["channel_id"], "message_id": "1247930185521840221"},
            "204 No Content",
        ),
    )
    sends.append(t.step("The notice must be in #announcements; sending it there.", send()))
    sends.append(t.step("Sending the maintenance notice to #announcements.", send()))
    sends.append(t.step("Posting the notice so members see it.", send()))
    t.user("Why are there four copies of the notice in #announcements?")
    t.step(
        "I'm sorry, I re-sent it three times. Deleting the three duplicates and keeping the pinned one.",
        *[
            C("discord_delete_message", {"channel_id": msg["channel_id"], "message_id": m}, "204 No Content")
            for m in ("1247930417395548251", "1247930652289396847", "1247930890181672990")
        ],
    )
    onset = sends[2]
    return t.loop(
        ["identical_call"],
        onset,
        "discord_send_message is sent four times with the same channel and content; the replies differ "
        f"only in the new message id and timestamp. The 3rd identical write, at step {onset}, is the onset "
        "(the pin in between does not make the re-sends new).",
    )


def reaper_render_mixture() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-036-daw-stem-render-lua-nil",
        "A music production agent announces the stem render every step and calls it with tweaked settings; "
        "the ReaScript bridge fails each time on a missing track name",
        agent="music production assistant (REAPER ReaScript bridge exposed as MCP tools)",
        model="claude-sonnet-4-5",
        start="2026-02-07T20:15:00+00:00",
        ids="toolu",
        meta={"harness": "claude-desktop (MCP)", "project": "Nattfjäril.rpp"},
    )
    t.user("Render stems for 'Nattfjäril' — drums, bass, keys, vocals — as 24-bit WAV at 48 kHz.")
    t.step(
        "",
        C(
            "list_tracks",
            {"project": "Nattfjäril.rpp"},
            {
                "tracks": [
                    {"index": 1, "name": "Drums"},
                    {"index": 2, "name": "Bass"},
                    {"index": 3, "name": "Keys"},
                    {"index": 4, "name": "Vox"},
                    {"index": 5, "name": "FX bus"},
                ]
            },
        ),
    )
    err = (
        "ReaScript error: ...Scripts/mcp_bridge/render_stems.lua:{line}: attempt to index a nil value "
        "(local 'track')\nstack traceback:\n\t...render_stems.lua:{line}: in function "
        "'find_track'\n\t...render_stems.lua:88: in main chunk\n[render aborted, 0 files written]"
    )
    base = {"project": "Nattfjäril.rpp", "stems": ["drums", "bass", "keys", "vocals"], "format": "wav"}
    tries = [
        ("I'll render the stems now.", {}, 41, True),
        ("Rendering the stems now, with the sample rate set explicitly.", {"sample_rate": 48000}, 41, True),
        (
            "I'll render the four stems now; setting 24-bit depth too.",
            {"sample_rate": 48000, "bit_depth": 24},
            41,
            False,
        ),
        (
            "Now rendering the stems (drums, bass, keys, vocals) without normalisation.",
            {"sample_rate": 48000, "bit_depth": 24, "normalize": False},
            41,
            True,
        ),
        (
            "I'll render the stems now with tail length 2 s.",
            {"sample_rate": 48000, "bit_depth": 24, "tail_ms": 2000},
            41,
            False,
        ),
        ("Rendering the stems now.", {"sample_rate": 48000}, 41, True),
    ]
    fails = [
        t.step(text, C("render_stems", {**base, **extra}, err.format(line=line), flag))
        for text, extra, line, flag in tries
    ]
    onset = fails[3]
    return t.loop(
        ["error_streak", "narration"],
        onset,
        "Every step restates 'I'll render the stems now' and every render_stems call fails with the same "
        "Lua nil index in find_track (the track is named 'Vox', not 'vocals'), sometimes flagged as an "
        f"error and sometimes only in the content. The 4th failure, at step {onset}, which is also the 4th "
        "restatement, is the onset.",
    )


def finops_ab_identical() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-037-finops-rightsizing-costusage-ab",
        "A FinOps agent alternates between an empty rightsizing query and the same cost-and-usage query, "
        "both with identical results each time",
        agent="cloud cost optimisation agent (LangGraph, AWS Cost Explorer tools)",
        model="anthropic.claude-3-7-sonnet (Bedrock)",
        start="2026-07-21T09:00:00+00:00",
        ids="toolu",
        meta={"harness": "langgraph 1.2", "payer": "ourco-org-payer"},
    )
    t.user("Find EC2 rightsizing savings in the analytics account (4471-0021-9930) and propose reservations.")
    rs = C(
        "ce_get_rightsizing_recommendation",
        {
            "Service": "AmazonEC2",
            "Filter": {"Dimensions": {"Key": "LINKED_ACCOUNT", "Values": ["447100219930"]}},
            "Configuration": {"RecommendationTarget": "SAME_INSTANCE_FAMILY", "BenefitsConsidered": True},
        },
        {
            "Metadata": {"RecommendationId": "", "LookbackPeriodInDays": "FOURTEEN_DAYS"},
            "Summary": {
                "TotalRecommendationCount": "0",
                "EstimatedTotalMonthlySavingsAmount": "0.0",
                "SavingsCurrencyCode": "USD",
            },
            "RightsizingRecommendations": [],
        },
    )
    cu = C(
        "ce_get_cost_and_usage",
        {
            "TimePeriod": {"Start": "2026-06-21", "End": "2026-07-21"},
            "Granularity": "MONTHLY",
            "Metrics": ["UnblendedCost"],
            "Filter": {
                "And": [
                    {"Dimensions": {"Key": "LINKED_ACCOUNT", "Values": ["447100219930"]}},
                    {"Dimensions": {"Key": "SERVICE", "Values": ["Amazon Elastic Compute Cloud - Compute"]}},
                ]
            },
            "GroupBy": [{"Type": "DIMENSION", "Key": "INSTANCE_TYPE"}],
        },
        {
            "ResultsByTime": [
                {
                    "Groups": [
                        {
                            "Keys": ["r6i.4xlarge"],
                            "Metrics": {"UnblendedCost": {"Amount": "14211.87", "Unit": "USD"}},
                        },
                        {
                            "Keys": ["m6i.2xlarge"],
                            "Metrics": {"UnblendedCost": {"Amount": "6120.40", "Unit": "USD"}},
                        },
                        {
                            "Keys": ["c6i.xlarge"],
                            "Metrics": {"UnblendedCost": {"Amount": "902.16", "Unit": "USD"}},
                        },
                    ]
                }
            ]
        },
    )
    pairs = [
        (
            "Starting with Cost Explorer's rightsizing recommendations.",
            "None returned. Let me see what EC2 spend looks like.",
        ),
        (
            "r6i.4xlarge dominates; there should be rightsizing candidates. Querying recommendations again.",
            "Re-checking the spend breakdown.",
        ),
        ("Asking for rightsizing recommendations once more.", "And the usage again."),
        ("Recommendations again.", ""),
    ]
    firsts = []
    for a_text, b_text in pairs:
        firsts.append(t.step(a_text, rs))
        t.step(b_text, cu)
    onset = firsts[2]
    return t.loop(
        ["alternation", "identical_call"],
        onset,
        "Two identical calls alternate (empty rightsizing recommendations, the same cost breakdown), with "
        "no new result on either side; the agent never checks CloudWatch utilisation or whether "
        f"rightsizing recommendations are enabled. The 3rd visit of the first state, at step {onset}, is "
        "also the 3rd identical rightsizing call: the onset.",
    )


def fleet_later_turn_identical() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-038-fleet-van17-stale-position",
        "A fleet telematics agent answers a first question well, then in a second turn re-requests van 17's "
        "last position again and again and gets the same stale fix",
        agent="fleet telematics agent (telematics platform API tools, PydanticAI)",
        model="google-gla:gemini-2.5-flash",
        start="2026-09-10T07:30:00+00:00",
        ids="call",
        meta={"harness": "pydantic-ai 1.9", "fleet": "city-vans-sthlm"},
    )
    t.user("Where are the morning delivery vans right now? Just the ones on routes R1-R6.")
    t.step(
        "",
        C(
            "list_vehicles",
            {"group": "morning-delivery"},
            {"vehicles": [{"id": v, "route": f"R{i + 1}"} for i, v in enumerate([11, 12, 14, 15, 17, 19])]},
        ),
    )
    fixes = {
        11: ("Hornsgatan 54", "08:41:02"),
        12: ("Sveavägen 101", "08:40:57"),
        14: ("Lindhagensgatan 3", "08:41:10"),
        15: ("Götgatan 78", "08:40:49"),
        17: ("Ringvägen 12", "08:12:31"),
        19: ("Valhallavägen 8", "08:41:05"),
    }
    t.step(
        "",
        *[
            C(
                "get_last_position",
                {"vehicle_id": v},
                {
                    "vehicle_id": v,
                    "address": a,
                    "fix_time": f"2026-09-10T{ts}+02:00",
                    "speed_kmh": 0 if v == 17 else 23,
                },
            )
            for v, (a, ts) in fixes.items()
        ],
    )
    t.step(
        "Five vans are moving on their routes. Van 17 (R5) has been at Ringvägen 12 since 08:12 — its last "
        "fix is half an hour old."
    )
    t.user("Van 17 hasn't moved on the map since 08:12. Is it stuck, or is the tracker offline?")
    pos17 = C(
        "get_last_position",
        {"vehicle_id": 17},
        {
            "vehicle_id": 17,
            "address": "Ringvägen 12",
            "fix_time": "2026-09-10T08:12:31+02:00",
            "speed_kmh": 0,
        },
    )
    calls = [t.step("Checking van 17's position.", pos17)]
    t.step(
        "",
        C(
            "get_vehicle_events",
            {"vehicle_id": 17, "since": "2026-09-10T08:00:00+02:00"},
            {"events": [{"t": "08:12:29", "type": "ignition_off"}]},
        ),
    )
    calls.append(t.step("Ignition went off at 08:12. Let me see if the position has updated since.", pos17))
    calls.append(t.step("Still the 08:12 fix. Checking the position again.", pos17))
    calls.append(t.step("Refreshing van 17's position.", pos17))
    calls.append(t.step("", pos17))
    t.user("You keep giving me the same fix. Is the device reporting or not?")
    onset = calls[2]
    return t.loop(
        ["identical_call"],
        onset,
        "In the second turn the agent repeats the identical get_last_position(17) call and gets the same "
        "08:12 fix; the device's heartbeat or connectivity is never queried. Counts start at the second "
        "user message (the first turn's call for van 17 is not counted): the 3rd identical call in that "
        f"turn, at step {onset}, is the onset.",
    )


def snakemake_rerun_after_edit() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-039-snakemake-dryrun-missing-input",
        "A pipeline agent fixes two Snakefile errors with edits, then re-runs the identical dry run against "
        "a MissingInputException without editing again",
        agent="pipeline engineer agent (Claude Code: Read, Edit, Bash)",
        model="claude-sonnet-4-5",
        start="2026-02-25T10:00:00+00:00",
        ids="toolu",
        meta={"harness": "claude-code 2.1.151", "cwd": "/scratch/vc-cohortB"},
    )
    t.user("Add a VEP annotation rule after joint filtering in the Snakefile and get `snakemake -n` passing.")
    t.step(
        "",
        C(
            "Read",
            {"file_path": "/scratch/vc-cohortB/Snakefile", "offset": 60, "limit": 30},
            '    60→rule filter_joint:\n    61→    input: "results/{cohort}/joint.raw.vcf.gz"\n    62→    '
            'output: "results/{cohort}/joint.filtered.vcf.gz"\n    63→    shell: "bcftools filter ..."\n',
        ),
    )
    t.step(
        "Adding the rule.",
        C(
            "Edit",
            {
                "file_path": "/scratch/vc-cohortB/Snakefile",
                "old_string": "rule all:",
                "new_string": 'rule vep:\n    input: "results/{cohort}/joint.filtered.vcf"\n    output: '
                '"results/{cohort}/joint.vep.vcf.gz"\n    threads: 8\n    shell: "vep -i {input} -o '
                '{output} --vcf --cache --offline --fork {threads}"\n\nrule all:',
            },
            "The file /scratch/vc-cohortB/Snakefile has been updated.",
        ),
    )
    syntax = C(
        "Bash",
        {"command": "snakemake -n --cores 8", "description": "Dry-run the workflow"},
        "SyntaxError in file /scratch/vc-cohortB/Snakefile, line 88:\nUnexpected keyword threads in rule "
        "definition (Snakefile, line 88)\n[exit code 1]",
        True,
    )
    t.step("", syntax)
    t.step(
        "The parser rejects threads here; moving the CPU count into resources instead.",
        C(
            "Edit",
            {
                "file_path": "/scratch/vc-cohortB/Snakefile",
                "old_string": "    threads: 8\n",
                "new_string": "    resources: cpus=8\n",
            },
            "The file /scratch/vc-cohortB/Snakefile has been updated.",
        ),
    )
    missing = (
        "Building DAG of jobs...\nMissingInputException in rule vep in file /scratch/vc-cohortB/Snakefile, "
        "line 84:\nMissing input files for rule vep:\n    output: results/cohortB/joint.vep.vcf.gz\n    "
        "wildcards: cohort=cohortB\n    affected files:\n        results/cohortB/joint.filtered.vcf\n[exit "
        "code 1]"
    )
    dry = C(
        "Bash", {"command": "snakemake -n --cores 8", "description": "Dry-run the workflow"}, missing, True
    )
    runs = [t.step("Dry run again after the edit.", dry)]
    runs.append(t.step("The DAG might be stale; re-running.", dry))
    t.step(
        "",
        C(
            "Bash",
            {"command": "ls results/cohortB/"},
            "joint.filtered.vcf.gz\njoint.filtered.vcf.gz.tbi\njoint.raw.vcf.gz\njoint.raw.vcf.gz.tbi",
        ),
    )
    runs.append(t.step("The filtered file is there. Running the dry run once more.", dry))
    runs.append(t.step("Let me try the dry run again.", dry))
    runs.append(t.step("", dry))
    onset = runs[3]
    return t.loop(
        ["error_streak", "identical_call"],
        onset,
        "The two edits each change the error (a syntax error, then a MissingInputException), which is "
        "progress. After the last edit the identical dry run fails identically five times (the rule asks "
        "for .vcf, the file is .vcf.gz, as the ls in between shows). Counting from the last edit, the 4th "
        f"identical failure, at step {onset}, is the onset.",
    )


def termbase_add_search_cycle() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-040-termbase-add-search-cycle",
        "A terminology agent adds a term, searches for it with the wrong language code, finds nothing and "
        "adds the identical entry again",
        agent="terminology management agent (AutoGen AssistantAgent, termbase REST tools)",
        model="gpt-4o-2024-11-20",
        start="2026-05-19T13:25:00+00:00",
        meta={"harness": "autogen-agentchat 0.7", "termbase": "construction-en-sv"},
    )
    t.user(
        "Add 'load-bearing wall' → 'bärande vägg' (sv-SE) to the construction termbase and confirm it shows "
        "up in lookups."
    )

    def add() -> C:
        return C(
            "termbase_add_entry",
            {
                "termbase": "construction-en-sv",
                "source": {"lang": "en-GB", "term": "load-bearing wall"},
                "target": {"lang": "sv-SE", "term": "bärande vägg"},
                "domain": "structural",
            },
            {"status": "created", "entry_id": "E-" + t.hexid(8), "created": t.stamp()},
        )

    search = C(
        "termbase_search",
        {"termbase": "construction-en-sv", "query": "load-bearing wall", "src": "en", "tgt": "sv"},
        {"hits": [], "total": 0},
    )
    adds = []
    texts = [
        ("Adding the entry.", "Checking it's findable."),
        ("Not found. Adding it again; the first write may not have been indexed.", "Searching again."),
        ("Still nothing. Re-adding the entry.", "Search."),
        ("Adding once more.", ""),
    ]
    for a_text, s_text in texts:
        adds.append(t.step(a_text, add()))
        t.step(s_text, search)
    t.system("TERMINATE condition not met; max_turns (8) reached.")
    onset = adds[2]
    return t.loop(
        ["identical_call", "alternation"],
        onset,
        "An add/search cycle: termbase_add_entry is acknowledged with a new entry id and timestamp each "
        "time (identical for the rule), termbase_search with 'en'/'sv' instead of en-GB/sv-SE returns no "
        f"hits each time. The 3rd identical add, at step {onset}, is also the 3rd visit of the cycle's "
        "first state: the onset.",
    )


SCENARIOS = [
    pms_post_charge_repeat,
    discord_notice_resent,
    reaper_render_mixture,
    finops_ab_identical,
    fleet_later_turn_identical,
    snakemake_rerun_after_edit,
    termbase_add_search_cycle,
]
