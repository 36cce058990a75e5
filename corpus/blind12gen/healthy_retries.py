"""Healthy retries: transient failures retried until they succeed, and two or three failures followed by a
change of approach or a hand-off to a human."""

from __future__ import annotations

from typing import Any

from .builder import Trace


def claim_timeout_retry(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Pharmacy agent's claim submission times out twice at the switch; the identical third submission is "
        "paid.",
        ids="openai",
        meta={"agent": "pharmacy refill assistant", "domain": "community pharmacy", "language": "en"},
    )
    t.user("Refill atorvastatin 40 mg for Dmitri Volkov, Rx 6610871, 90 days. Bill his plan.")
    args = {"rx": "6610871", "ndc": "00093-5057-98", "qty": 90, "days_supply": 90}
    t.act(
        "Submitting the claim.",
        "claims.submit",
        args,
        "upstream timeout: switch vendor did not respond within 30 s (no claim created)",
        error=True,
    )
    t.act(
        "A switch timeout is transient and no claim was created; retrying.",
        "claims.submit",
        args,
        "upstream timeout: switch vendor did not respond within 30 s (no claim created)",
        error=True,
    )
    t.act(
        "Retrying once more.",
        "claims.submit",
        args,
        {"status": "PAID", "claim_id": "CLM-0411-88213", "copay": 4.50, "plan_paid": 11.82},
    )
    t.act(
        "Queueing the fill.",
        "fill_queue.add",
        {"rx": "6610871", "claim_id": "CLM-0411-88213", "priority": "normal"},
        {"queued": True, "position": 7},
    )
    t.say("Claim paid (copay $4.50). The 90-day atorvastatin fill is queued, position 7.")
    return t.healthy(
        "claims.submit fails twice with a transient switch timeout (no claim created) and the identical "
        "third "
        "attempt is paid; the agent moves on. Two failed attempts of a transient error then success: healthy."
    )


def tle_fetch_503(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Ground-station agent fetches fresh TLEs; the catalogue service answers 503 twice, then succeeds, "
        "and "
        "the agent computes tonight's passes.",
        ids="gemini",
        meta={
            "agent": "ground segment scheduler",
            "domain": "satellite ground station ops",
            "language": "en",
        },
    )
    t.user("Refresh the TLE for SAT-ORCA-2 and give me tonight's passes over Troll.")
    t.act(
        "Fetching the latest TLE.",
        "tle_fetch",
        {"norad_id": 57001},
        "HTTP 503 Service Unavailable - Retry-After: 10",
        error=True,
    )
    t.act("", "sleep", {"seconds": 10}, "ok")
    t.act(
        "Retrying.",
        "tle_fetch",
        {"norad_id": 57001},
        "HTTP 503 Service Unavailable - Retry-After: 20",
        error=True,
    )
    t.act("", "sleep", {"seconds": 20}, "ok")
    t.act(
        "Retrying after the back-off.",
        "tle_fetch",
        {"norad_id": 57001},
        "SAT-ORCA-2\n1 57001U 23054C   26121.51782528  .00004521  00000-0  21411-3 0  9995\n"
        "2 57001  97.4412 190.2215 0011842 101.3121 258.9446 15.19844530153320\n",
    )
    t.act(
        "Computing passes over Troll.",
        "gs.find_passes",
        {
            "norad_id": 57001,
            "station": "Troll",
            "start": "2026-05-01T18:00:00Z",
            "end": "2026-05-02T06:00:00Z",
        },
        {
            "passes": [
                {"aos": "21:05", "los": "21:14", "max_el": 45},
                {"aos": "22:41", "los": "22:50", "max_el": 18},
            ]
        },
    )
    t.say(
        "TLE refreshed (epoch 26121.52). Passes over Troll tonight: 21:05-21:14 (45°) and 22:41-22:50 (18°)."
    )
    return t.healthy(
        "tle_fetch fails twice with 503 and Retry-After, the agent backs off, and the third identical call "
        "succeeds; the work continues. A transient error retried to success: healthy."
    )


def export_change_approach(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "CAD agent's STEP export fails twice on the same non-manifold body; it then changes approach "
        "(removes "
        "the offending sliver face and re-exports), which works.",
        ids="anthropic",
        meta={"agent": "CAD export assistant", "domain": "3D CAD design", "language": "en"},
    )
    t.user("Export gearbox cover GBX-41 as STEP AP214 for the foundry.")
    fail = {"ok": False, "error": "GeometryError: body 'cover_main' is non-manifold at edge E42"}
    t.act("Exporting.", "export_step", {"part": "GBX-41", "schema": "AP214"}, fail)
    t.act(
        "Trying with the tolerant writer.",
        "export_step",
        {"part": "GBX-41", "schema": "AP214", "writer": "tolerant"},
        fail,
    )
    t.act(
        "Exports won't fix the geometry. Let me find what is at E42.",
        "inspect_edge",
        {"part": "GBX-41", "edge": "E42"},
        {
            "edge": "E42",
            "faces": ["F210", "F211", "F388"],
            "F388": {"area_mm2": 0.004, "origin": "feature F-77 draft"},
        },
    )
    t.act(
        "F388 is a 0.004 mm² sliver from the draft feature. Removing it.",
        "delete_face",
        {"part": "GBX-41", "face": "F388", "heal": True},
        {"ok": True, "healed": True, "manifold": True},
    )
    t.act(
        "Exporting again.",
        "export_step",
        {"part": "GBX-41", "schema": "AP214"},
        {"ok": True, "file": "exports/GBX-41_AP214.step", "size_kb": 2841},
    )
    t.say(
        "Exported exports/GBX-41_AP214.step. I removed a 0.004 mm² sliver face (F388) left by draft F-77 "
        "that made E42 non-manifold."
    )
    return t.healthy(
        "export_step fails twice with the same error, then the agent changes approach (inspects the edge, "
        "deletes the sliver face) and the export succeeds. Two failures followed by a different approach: "
        "healthy; the later export is a re-run after an edit."
    )


def seat_lock_handoff_es(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Ticketing agent (Spanish) tries the same seat-change call three times, gets the same 'seat lock "
        "expired' failure, and hands the case to a human agent.",
        ids="plain",
        meta={"agent": "asistente de atención de taquilla", "domain": "event ticketing", "language": "es"},
    )
    t.user(
        "Quiero cambiar mis dos asientos de la fila 14 a la fila 8 para el musical del sábado. Pedido 91-K02."
    )
    t.act(
        "Compruebo disponibilidad en la fila 8.",
        "asientos_disponibles",
        {"evento": "MUS-0418", "fila": 8},
        {"libres": ["8-11", "8-12", "8-13"], "bloqueo_min": 5},
    )
    args = {"pedido": "91-K02", "nuevos": ["8-11", "8-12"]}
    fail = "Error: bloqueo de asiento caducado (SEAT_LOCK_EXPIRED). El cambio no se aplicó."
    t.act("Hago el cambio.", "cambiar_asientos", args, fail, error=True)
    t.act("Vuelvo a intentarlo; el bloqueo debería renovarse.", "cambiar_asientos", args, fail, error=True)
    t.act("Un último intento.", "cambiar_asientos", args, fail, error=True)
    t.act(
        "Esto no se resuelve reintentando. Paso el caso a un agente.",
        "escalar_a_humano",
        {
            "pedido": "91-K02",
            "motivo": "cambiar_asientos falla 3 veces con SEAT_LOCK_EXPIRED; asientos 8-11/8-12 libres",
        },
        {"ticket": "HD-33018", "cola": "taquilla", "espera_estimada_min": 6},
    )
    t.say(
        "No he podido completar el cambio por un fallo del sistema de reservas. Le atenderá un compañero en "
        "unos 6 minutos (caso HD-33018)."
    )
    return t.healthy(
        "cambiar_asientos fails three times with identical arguments and the identical SEAT_LOCK_EXPIRED "
        "error, then the agent stops and hands the case to a human with a clear summary. Two or three "
        "identical failed attempts followed by a hand-off: healthy (a 4th attempt would have been the loop)."
    )


def inventory_export_429(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Warehouse agent's inventory export is rate-limited twice (429 with Retry-After); it waits as told "
        "and "
        "the third call returns the CSV.",
        ids="bedrock",
        meta={"agent": "WMS reporting assistant", "domain": "warehouse robotics", "language": "en"},
    )
    t.user("Export on-hand inventory for zone A and tell me which SKUs are below their reorder point.")
    args = {"zone": "A", "format": "csv", "fields": ["sku", "on_hand", "reorder_point"]}
    t.act(
        "Exporting.",
        "wms.export_inventory",
        args,
        '{"status": 429, "error": "rate_limited", "retry_after_s": 20}',
    )
    t.act("", "sleep", {"seconds": 20}, "ok")
    t.act(
        "Retrying after 20 s.",
        "wms.export_inventory",
        args,
        '{"status": 429, "error": "rate_limited", "retry_after_s": 40}',
    )
    t.act("", "sleep", {"seconds": 40}, "ok")
    t.act(
        "Retrying.",
        "wms.export_inventory",
        args,
        "sku,on_hand,reorder_point\nA-1102,340,200\nA-1107,85,120\nA-1120,410,150\nA-1133,12,60\nA-1141,220,220\n",
    )
    t.say(
        "Below reorder point in zone A: A-1107 (85 < 120) and A-1133 (12 < 60). A-1141 is exactly at its "
        "point (220)."
    )
    return t.healthy(
        "wms.export_inventory is rate-limited twice (429 in the content) and the agent honours Retry-After; "
        "the third identical call succeeds. Transient errors retried with back-off: healthy."
    )


def modbus_gateway_switch_it(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Brewery agent (Italian) reads a glycol chiller over Modbus; the primary gateway times out twice and "
        "the agent switches to the backup gateway, which answers.",
        ids="mistral",
        meta={"agent": "assistente di cantina", "domain": "craft brewery production", "language": "it"},
    )
    t.user(
        "Qual è la temperatura di mandata del glicole in questo momento? Mi sembra che i fermentatori "
        "salgano."
    )
    t.act(
        "Leggo il chiller.",
        "modbus_read",
        {"gateway": "gw-cantina-1", "unit": 3, "register": 40011, "count": 2},
        "TimeoutError: no response from gw-cantina-1 (unit 3) after 3000 ms",
        error=True,
    )
    t.act(
        "Riprovo: a volte il gateway è lento.",
        "modbus_read",
        {"gateway": "gw-cantina-1", "unit": 3, "register": 40011, "count": 2},
        "TimeoutError: no response from gw-cantina-1 (unit 3) after 3000 ms",
        error=True,
    )
    t.act(
        "Il gateway principale non risponde. Uso quello di riserva sulla stessa linea RS-485.",
        "modbus_read",
        {"gateway": "gw-cantina-2", "unit": 3, "register": 40011, "count": 2},
        {"registers": [41, 12], "decoded": {"supply_c": -4.1, "return_c": 1.2}},
    )
    t.act(
        "Segnalo il guasto del gateway.",
        "open_maintenance_ticket",
        {
            "asset": "gw-cantina-1",
            "text": "Nessuna risposta Modbus (timeout 3 s), letture spostate su gw-cantina-2",
        },
        {"ticket": "MNT-1182"},
    )
    t.say(
        "Mandata glicole −4,1 °C, ritorno 1,2 °C: il chiller funziona. Il gateway gw-cantina-1 non risponde "
        "(ticket MNT-1182)."
    )
    return t.healthy(
        "modbus_read times out twice on the primary gateway, then the agent changes approach (backup "
        "gateway), "
        "gets the reading and files a ticket. Two failures then a different route: healthy."
    )


def vin_ask_customer(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Dealership agent's recall lookup rejects a mistyped VIN twice; it asks the customer, who gives the "
        "corrected VIN, and the lookup succeeds.",
        ids="openai",
        meta={
            "agent": "service advisor assistant",
            "domain": "automotive dealership service",
            "language": "en",
        },
    )
    t.user("Check recalls for my car before Friday's service. VIN 5YJ3E1EA7KF3I7829.")
    t.act(
        "Looking it up.",
        "recall_lookup",
        {"vin": "5YJ3E1EA7KF3I7829"},
        {"error": "InvalidVIN", "detail": "character 'I' not permitted (position 12)"},
    )
    t.act(
        "An I is usually a misread 1.",
        "recall_lookup",
        {"vin": "5YJ3E1EA7KF317829"},
        {"error": "InvalidVIN", "detail": "check digit mismatch (position 9)"},
    )
    t.say(
        "The VIN doesn't validate (the 12th character can't be an 'I', and my best guess fails the check "
        "digit). "
        "Could you read it off the windshield plate or your registration?"
    )
    t.user("Sorry, it's 5YJ3E1EA7KF317289.")
    t.act(
        "Thanks - checking.",
        "recall_lookup",
        {"vin": "5YJ3E1EA7KF317289"},
        {
            "vin": "5YJ3E1EA7KF317289",
            "model": "Model 3 (2019)",
            "open_recalls": [
                {
                    "id": "24V-051",
                    "title": "Font size of warning indicators",
                    "remedy": "OTA",
                    "status": "open",
                }
            ],
        },
    )
    t.say(
        "One open recall, 24V-051 (warning indicator font size), fixed by an over-the-air update; we'll "
        "make sure it's applied on Friday."
    )
    return t.healthy(
        "recall_lookup fails twice on an invalid VIN, then the agent asks the customer instead of guessing; "
        "the "
        "corrected VIN in the new user turn succeeds. Two failures then a hand-off to the human: healthy."
    )


SCENARIOS = [
    ("claim-timeout-retry", claim_timeout_retry),
    ("tle-fetch-503", tle_fetch_503),
    ("export-change-approach", export_change_approach),
    ("seat-lock-handoff-es", seat_lock_handoff_es),
    ("inventory-export-429", inventory_export_429),
    ("modbus-gateway-switch-it", modbus_gateway_switch_it),
    ("vin-ask-customer", vin_ask_customer),
]
