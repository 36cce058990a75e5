"""Loops: the same call with the same arguments after an empty, unhelpful or failed result; and a
voice agent that keeps announcing a transfer it never makes."""

from __future__ import annotations

from blind6gen.builder import JSON, Trace, js, table


def helpdesk_directory_empty() -> JSON:
    t = Trace(
        "blind6-loop-helpdesk-directory-empty-recheck",
        "IT-helpdesk agent: a mailbox search for a new starter returns no users and the agent re-runs the "
        "identical directory search until the session is cut, ignoring the near match it found earlier.",
        ids="openai",
        meta={"agent_style": "IT helpdesk agent with ticketing and directory tools"},
    )
    t.system(
        "You are Northwind IT's helpdesk assistant. Tools: tickets_get, tickets_comment, "
        "directory_search_users, directory_get_user, licenses_list. Resolve tickets end to end and comment "
        "on the ticket when done."
    )
    t.user("Please work ticket HD-48213.")
    t.call(
        "tickets_get",
        {"ticket_id": "HD-48213"},
        js(
            {
                "id": "HD-48213",
                "status": "open",
                "priority": "P3",
                "requester": "m.ferreira@northwind.example",
                "subject": "New starter cannot sign in to Teams",
                "body": "Joy Okafor started in Finance today. Teams says 'We couldn't find an account with "
                "that "
                "address' for j.okafor@northwind.example. Can you check her account and licence?",
                "created": "2025-02-03T08:14:22Z",
            },
            indent=2,
        ),
        text="Opening the ticket.",
    )
    t.call(
        "directory_search_users",
        {
            "filter": {"displayName": {"startsWith": "Joy Okafor"}},
            "attributes": ["displayName", "mail", "accountEnabled"],
        },
        js(
            {
                "count": 1,
                "users": [
                    {
                        "id": "6f1c2a9e-0b47-4d4f-9a53-3f0e1d7c8b21",
                        "displayName": "Joy Okafor-Mensah",
                        "mail": "j.okafor-mensah@northwind.example",
                        "accountEnabled": True,
                    }
                ],
            }
        ),
        text="Searching the directory by name.",
    )
    args = {
        "filter": {"mail": {"eq": "j.okafor@northwind.example"}},
        "attributes": ["displayName", "mail", "accountEnabled"],
    }
    empty = js({"count": 0, "users": []})
    texts = [
        "Checking the exact address from the ticket.",
        "No user with that mail. Retrying the lookup.",
        "Still nothing. Running the search again.",
        "Retrying.",
        "Directory may be slow to replicate; searching again.",
        "One more try.",
        "Searching again.",
    ]
    same = [t.call("directory_search_users", args, empty, text=text) for text in texts]
    t.system("[harness] max_tool_calls (10) reached for this ticket; the session was stopped.")
    onset = same[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"The exact-mail directory search (first at step {same[0]}) returns count 0 and is repeated byte "
        f"for byte {len(same)} times; the name search at step 2 already showed the real mailbox "
        f"(j.okafor-mensah@), so nothing can change. Onset is the 3rd identical call, step {onset}.",
    )


def s3_export_missing() -> JSON:
    t = Trace(
        "blind6-loop-s3-export-listing-after-failed-dag",
        "Terminal DevOps agent: after seeing that the export DAG run failed, it lists the empty S3 prefix "
        "again and again with the same command.",
        ids="uuid",
        meta={"agent_style": "Codex-CLI-like terminal agent", "domain": "data platform / AWS"},
    )
    t.user(
        "The partner export for 2024-11-18 never reached Halden Logistics. Check whether the file exists "
        "in S3 and, if it does, re-send it with scripts/push_partner.sh. Don't rerun the DAG without "
        "asking me."
    )

    def sh(out: str, code: int = 0, wall: float = 1.4) -> str:
        return f"Exit code: {code}\nWall time: {wall} seconds\nOutput:\n{out}"

    t.call(
        "shell",
        {
            "command": ["bash", "-lc", "aws s3 ls s3://acme-dw-exports/partner/dt=2024-11-17/"],
            "workdir": "/srv/ops",
            "timeout_ms": 20000,
        },
        sh("", 0)
        + (
            "2024-11-17 02:41:09   48211933 halden_orders_20241117.csv.gz\n2024-11-17 02:41:10        214 "
            "_SUCCESS\n"
        ),
        text="Let me first confirm what a good day looks like.",
    )
    runs = table(
        ["dag_id", "run_id", "state", "execution_date", "start_date", "end_date"],
        [
            [
                "partner_export",
                "scheduled__2024-11-18T02:00:00+00:00",
                "failed",
                "2024-11-18T02:00:00+00:00",
                "2024-11-19T02:00:04+00:00",
                "2024-11-19T02:07:51+00:00",
            ],
            [
                "partner_export",
                "scheduled__2024-11-17T02:00:00+00:00",
                "success",
                "2024-11-17T02:00:00+00:00",
                "2024-11-18T02:00:03+00:00",
                "2024-11-18T02:41:12+00:00",
            ],
        ],
    )
    t.call(
        "shell",
        {
            "command": [
                "bash",
                "-lc",
                "airflow dags list-runs -d partner_export --start-date 2024-11-17 -o plain",
            ],
            "workdir": "/srv/ops",
            "timeout_ms": 60000,
        },
        sh(runs, 0, 6.2),
        text="Now the DAG runs for those dates.",
    )
    states = table(
        ["task_id", "state", "try_number"],
        [
            ["extract_orders", "success", "1"],
            ["validate_schema", "failed", "3"],
            ["export_to_s3", "upstream_failed", "0"],
            ["notify_partner", "upstream_failed", "0"],
        ],
    )
    t.call(
        "shell",
        {
            "command": [
                "bash",
                "-lc",
                (
                    "airflow tasks states-for-dag-run partner_export scheduled__2024-11-18T02:00:00+00:00 "
                    "-o plain"
                ),
            ],
            "workdir": "/srv/ops",
            "timeout_ms": 60000,
        },
        sh(states, 0, 5.8),
        text="The 18th failed. Task states:",
    )
    ls = {
        "command": ["bash", "-lc", "aws s3 ls s3://acme-dw-exports/partner/dt=2024-11-18/"],
        "workdir": "/srv/ops",
        "timeout_ms": 20000,
    }
    texts = [
        "validate_schema failed, but the file may still have landed. Listing the prefix for the 18th.",
        "Empty listing. The upload can lag behind the DAG, so let me list it again.",
        "Listing again to be sure the prefix is really empty.",
        "Still nothing, checking the same prefix once more.",
        "Checking the prefix again.",
        "",
        "Let me look at the S3 prefix again.",
        "",
        "Re-listing s3://acme-dw-exports/partner/dt=2024-11-18/.",
        "",
        "Trying the listing again.",
        "",
    ]
    same = [t.call("shell", ls, sh("", 1, 1.1), error=True, text=text) for text in texts]
    onset = same[2]
    return t.loop(
        ["identical_call", "error_streak"],
        onset,
        f"Step 3 shows export_to_s3 never ran (upstream_failed), yet from step {same[0]} the agent repeats "
        f"the same `aws s3 ls` on the empty prefix {len(same)} times with the same exit 1 and empty "
        f"output, without waiting or changing anything. The 3rd identical call (step {onset}) comes before "
        f"the 4th failure, so the onset is step {onset}.",
    )


def rail_search_fr() -> JSON:
    t = Trace(
        "blind6-loop-rail-search-empty-fr",
        "French-speaking travel agent: the rail search for Lyon-Milan on a strike day returns no journeys "
        "and the agent repeats the same search (keys reordered) instead of trying another date or route.",
        ids="gemini",
        meta={"agent_style": "travel assistant", "language": "fr"},
    )
    t.user(
        "Bonjour, je voudrais un train Lyon → Milan le vendredi 14 mars pour deux adultes, départ le matin "
        "si possible."
    )
    t.call(
        "stations_lookup",
        {"query": "Lyon"},
        js(
            {
                "results": [
                    {"code": "FRLPD", "name": "Lyon Part-Dieu"},
                    {"code": "FRLPR", "name": "Lyon Perrache"},
                    {"code": "FRLYS", "name": "Lyon Saint-Exupéry TGV"},
                ]
            }
        ),
        text="Je cherche d'abord les gares.",
    )
    t.call(
        "stations_lookup",
        {"query": "Milan"},
        js(
            {
                "results": [
                    {"code": "ITMIC", "name": "Milano Centrale"},
                    {"code": "ITMPG", "name": "Milano Porta Garibaldi"},
                ]
            }
        ),
        text="",
    )
    base: JSON = {
        "origin": "FRLPD",
        "destination": "ITMIC",
        "date": "2025-03-14",
        "passengers": {"adults": 2},
        "time_from": "06:00",
        "time_to": "12:00",
    }
    reordered: JSON = {
        "passengers": {"adults": 2},
        "date": "2025-03-14",
        "destination": "ITMIC",
        "origin": "FRLPD",
        "time_to": "12:00",
        "time_from": "06:00",
    }
    empty = js(
        {
            "journeys": [],
            "notices": [
                "Mouvement social du 14/03 : circulation très perturbée sur l'axe Lyon – Turin – Milan."
            ],
            "search_id": "rs_5c1d07",
        }
    )
    texts = [
        "Je lance la recherche pour le 14 mars au matin.",
        "Aucun résultat. Je relance la recherche.",
        "Toujours rien ; je réessaie.",
        "Je relance encore une fois la même recherche.",
        "Nouvelle tentative.",
        "Je vérifie à nouveau les trajets disponibles.",
        "Je relance.",
        "Encore une tentative de recherche.",
    ]
    same = [
        t.call("rail_search", reordered if i % 2 else base, empty, text=text) for i, text in enumerate(texts)
    ]
    onset = same[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"From step {same[0]} the same rail_search (same origin, destination, date, passengers and window; "
        "only the key order alternates, which counts as identical) returns no journeys and a strike "
        f"notice {len(same)} times. Nothing changes between calls; another date, a later window or a route "
        f"via Turin was never tried. Onset at the 3rd identical call, step {onset}.",
    )


def inventory_batch_repeat() -> JSON:
    t = Trace(
        "blind6-loop-inventory-parallel-batch-repeat",
        "E-commerce back-office agent: a parallel batch of three stock look-ups returns zero stock and is "
        "re-issued identically turn after turn.",
        ids="anthropic",
        meta={"agent_style": "e-commerce back-office agent (inventory, orders, shipping)"},
    )
    t.user(
        "Order #SO-210944 is stuck in 'awaiting allocation'. Work out why and either allocate it or tell "
        "the customer when it can ship."
    )
    t.call(
        "orders_get",
        {"order_id": "SO-210944", "expand": ["lines", "customer"]},
        js(
            {
                "order_id": "SO-210944",
                "status": "awaiting_allocation",
                "customer": {"id": "C-88412", "name": "Ilse de Wit", "email": "ilse.dewit@example.nl"},
                "lines": [
                    {"sku": "KB-ORTHO-75-NL", "qty": 1},
                    {"sku": "KC-PBT-WHITE", "qty": 1},
                    {"sku": "CBL-USBC-COIL-BLK", "qty": 2},
                ],
                "ship_from": "RTM-2",
            },
            indent=2,
        ),
        text="Pulling the order first.",
    )
    t.call(
        "warehouses_list",
        {"region": "EU"},
        js(
            {
                "warehouses": [
                    {"code": "RTM-2", "city": "Rotterdam", "status": "active"},
                    {"code": "LEJ-1", "city": "Leipzig", "status": "active"},
                ]
            }
        ),
        text="",
    )
    skus = ["KB-ORTHO-75-NL", "KC-PBT-WHITE", "CBL-USBC-COIL-BLK"]

    def batch() -> list[tuple[str, JSON, str, bool]]:
        return [
            (
                "inventory_get",
                {"sku": sku, "warehouse": "RTM-2"},
                js({"sku": sku, "warehouse": "RTM-2", "on_hand": 0, "reserved": 0, "incoming": []}),
                False,
            )
            for sku in skus
        ]

    texts = [
        "Checking stock for all three lines at Rotterdam.",
        "All zero. Re-checking the three lines in case allocation just ran.",
        "Let me re-check stock for the three SKUs.",
        "",
        "Checking the three SKUs again.",
        "",
    ]
    same = [t.act(text, batch(), reverse=i % 2 == 1) for i, text in enumerate(texts)]
    onset = same[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"The same parallel batch of three inventory_get calls at RTM-2 (first at step {same[0]}) returns "
        f"zero stock and no incoming shipments {len(same)} times in a row; the agent never checks LEJ-1, "
        "which step 2 listed, nor purchase orders. A batch repeated exactly counts as one repeated call "
        f"per turn, so the onset is the 3rd identical batch, step {onset}.",
    )


def thermostat_unavailable_second_turn() -> JSON:
    t = Trace(
        "blind6-loop-ha-radiator-unavailable-second-turn",
        "Home-automation agent: the first request is handled cleanly; in the second user turn it reads an "
        "'unavailable' radiator state over and over without trying anything else.",
        ids="short",
        meta={"agent_style": "home-automation agent (Home Assistant-like)", "voice": False},
    )
    t.user("Turn on the porch light and set the living room to 21 degrees please.")
    lr = {"entity_id": "climate.living_room"}
    t.call(
        "ha_get_state",
        lr,
        js(
            {
                "entity_id": "climate.living_room",
                "state": "heat",
                "attributes": {"current_temperature": 18.5, "temperature": 19, "hvac_action": "heating"},
            }
        ),
    )
    t.call(
        "ha_call_service",
        {
            "domain": "climate",
            "service": "set_temperature",
            "target": {"entity_id": "climate.living_room"},
            "data": {"temperature": 21},
        },
        js([{"entity_id": "climate.living_room", "state": "heat"}]),
    )
    t.call(
        "ha_call_service",
        {"domain": "light", "service": "turn_on", "target": {"entity_id": "light.porch"}, "data": {}},
        js([{"entity_id": "light.porch", "state": "on"}]),
    )
    t.call(
        "ha_get_state",
        lr,
        js(
            {
                "entity_id": "climate.living_room",
                "state": "heat",
                "attributes": {"current_temperature": 18.6, "temperature": 21, "hvac_action": "heating"},
            }
        ),
    )
    t.say("Done: the porch light is on and the living room is now set to 21 °C (currently 18.6 °C, heating).")
    t.user("Thanks. Is the bedroom radiator on? It feels cold in there.")
    bed = {"entity_id": "climate.bedroom_radiator"}
    unavailable = js(
        {
            "entity_id": "climate.bedroom_radiator",
            "state": "unavailable",
            "attributes": {"friendly_name": "Bedroom radiator", "restored": True, "supported_features": 385},
            "last_changed": "2025-01-09T06:12:44.118302+00:00",
        }
    )
    same = [t.call("ha_get_state", bed, unavailable) for _ in range(8)]
    onset = same[2]
    return t.loop(
        ["identical_call"],
        onset,
        "Second user turn: the bedroom radiator reads 'unavailable' (a device that dropped off the "
        f"network) and the silent agent re-reads the identical state {len(same)} times, from step "
        f"{same[0]}, never checking the integration, the battery or telling the user. The first turn's two "
        "reads were of another entity and belong to another turn. Counting from the second user message, "
        f"the 3rd identical read is step {onset}.",
    )


def voice_transfer_announced() -> JSON:
    t = Trace(
        "blind6-loop-voice-transfer-announced-never-made",
        "Phone agent with short turns: it tells a silent caller 'I'm transferring you to billing now' "
        "again and again but never calls the transfer tool.",
        ids="short",
        meta={"agent_style": "voice/phone agent", "channel": "telephony"},
    )
    t.system(
        "Voice channel. Keep replies under two sentences. Tools: lookup_account, transfer_call, end_call."
    )
    t.user("Hi, yeah, I was charged twice for my broadband this month.")
    t.say("Sorry to hear that. Can I take the account number or the phone number on the account?")
    t.user("It's 0161 496 0732.")
    t.call(
        "lookup_account",
        {"phone": "+441614960732"},
        js(
            {
                "account_id": "BB-1180774",
                "name": "Daniel Price",
                "plan": "Fibre 500",
                "last_payments": [
                    {"date": "2025-04-01", "amount": 38.0},
                    {"date": "2025-04-02", "amount": 38.0},
                ],
            }
        ),
        text="Thanks, one moment.",
    )
    t.say(
        "I can see two payments of £38 on the 1st and 2nd of April, Daniel. Billing can refund the "
        "duplicate; shall I put you through?"
    )
    t.user("Yes please.")
    lines = [
        "Great, I'm transferring you to billing now.",
        "Transferring you to the billing team now, please hold.",
        "I'm putting you through to billing now.",
        "Okay, transferring you to billing now.",
        "Please hold while I transfer you to billing.",
        "I'm transferring you to billing right now.",
        "Transferring you now to billing.",
    ]
    said = []
    for line in lines:
        said.append(t.say(line))
        t.system("[telephony] caller_silence duration=4.0s")
    onset = said[3]
    return t.loop(
        ["narration"],
        onset,
        f"After the caller agrees, the agent announces the transfer {len(lines)} times (steps "
        f"{said[0]}-{said[-1]}) and never calls transfer_call; only silence events come back. Restated "
        f"intent with no action: the 4th announcement, step {onset}, is the onset.",
    )


BUILDERS = [
    helpdesk_directory_empty,
    s3_export_missing,
    rail_search_fr,
    inventory_batch_repeat,
    thermostat_unavailable_second_turn,
    voice_transfer_announced,
]
