"""Loops of failures: the same error in other words under changing inputs, schema misuse with planning
text between attempts, and identical calls that fail identically."""

from __future__ import annotations

from typing import Any

from .builder import Trace, js


def prior_auth_reject(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Pharmacy refill agent resubmits an insurance claim five times with reformatted NDC, quantity and "
        "days "
        "supply; every submission is rejected for missing prior authorization, worded differently each time.",
        ids="openai",
        meta={"agent": "pharmacy refill assistant", "domain": "community pharmacy", "language": "en"},
    )
    t.user("Refill for Hollis, Ruth (DOB 1961-07-02): Ozempic 1 mg pen, Rx 6634102. Submit it to her plan.")
    s1 = t.act(
        "Submitting the claim.",
        "claims.submit",
        {"rx": "6634102", "ndc": "00169-4132-12", "qty": 3, "days_supply": 28},
        {"status": "REJECTED", "reject_codes": [{"code": "75", "text": "Prior Authorization Required"}]},
    )
    s2 = t.act(
        "Maybe the plan wants the 11-digit NDC without dashes.",
        "claims.submit",
        {"rx": "6634102", "ndc": "00169413212", "qty": 3, "days_supply": 28},
        "NCPDP reject 75 - PA required for this product/plan combination (BIN 610014)",
        error=True,
    )
    t.act(
        "Let me look at her coverage.",
        "coverage.get",
        {"patient": "HOLLIS-R-19610702"},
        {
            "plan": "Meridian Rx Silver",
            "bin": "610014",
            "formulary_tier": 3,
            "notes": ["GLP-1 agonists: PA required, diagnosis of T2DM"],
        },
    )
    s4 = t.act(
        "Coverage is active. Perhaps the days supply is the problem; using 30.",
        "claims.submit",
        {"rx": "6634102", "ndc": "00169-4132-12", "qty": 3, "days_supply": 30},
        {"status": "REJECTED", "message": "Plan requires prior authorization (75). Contact prescriber."},
    )
    s5 = t.act(
        "Trying a single pen.",
        "claims.submit",
        {"rx": "6634102", "ndc": "00169-4132-12", "qty": 1, "days_supply": 28},
        "Claim denied: PRIOR AUTH REQUIRED",
        error=True,
    )
    s6 = t.act(
        "One more with the package-level quantity unit.",
        "claims.submit",
        {"rx": "6634102", "ndc": "00169-4132-12", "qty": "1 pack", "days_supply": 28},
        {"status": "REJECTED", "reject_codes": [{"code": "75"}], "additional": "PA"},
    )
    t.say("The plan keeps rejecting the claim. I'll leave it for the pharmacist.")
    return t.loop(
        ["error_streak"],
        s5,
        f"claims.submit rejected for the same reason (NCPDP 75, prior authorization) at steps {s1}, {s2}, "
        f"{s4}, "
        f"{s5} and {s6}, in different words and half of them only in the content. The coverage read at step "
        "3 even says PA is required; changing NDC format, days supply or quantity cannot help. The 4th "
        f"failure of the same kind is the onset, step {s5}.",
    )


def cad_fillet_schema(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "CAD assistant keeps passing the fillet radius in the wrong type (string, int, string inside the "
        "quantity object, list), planning between attempts, and gets the same validation error each time.",
        ids="anthropic",
        meta={"agent": "parametric CAD copilot", "domain": "3D CAD design", "language": "en"},
    )
    t.user("Add a 2 mm fillet on all outer edges of the bracket body (part BRK-220) and re-export the STEP.")
    t.act(
        "Reading the feature tree first.",
        "cad_get_features",
        {"part": "BRK-220"},
        js(
            {
                "part": "BRK-220",
                "units": "mm",
                "features": [
                    {"id": "F1", "type": "extrude", "sketch": "S1", "depth": {"value": 12, "unit": "mm"}},
                    {"id": "F2", "type": "hole", "count": 4, "dia": {"value": 6.6, "unit": "mm"}},
                    {"id": "F3", "type": "chamfer", "size": {"value": 0.5, "unit": "mm"}, "edges": "E12,E14"},
                ],
                "edge_sets": ["outer", "inner", "hole_rims"],
            },
            pretty=True,
        ),
    )

    def err(path: str, got: str) -> dict[str, Any]:
        return {
            "ok": False,
            "error": {
                "type": "ValidationError",
                "path": path,
                "msg": f"expected Quantity {{value: number, unit: 'mm'|'in'}}, got {got}",
            },
        }

    a1 = t.act(
        "Adding the fillet.",
        "cad_add_fillet",
        {"part": "BRK-220", "edges": "outer", "radius": "2mm"},
        err("radius", "str"),
    )
    t.say(
        "The radius must be a quantity. The chamfer in the tree uses {value, unit}, but perhaps the parser "
        "accepts a spaced string as well. I'll try '2 mm'."
    )
    a2 = t.act(
        "", "cad_add_fillet", {"part": "BRK-220", "edges": "outer", "radius": "2 mm"}, err("radius", "str")
    )
    a3 = t.act(
        "Then a bare number in model units should work since the part is in mm.",
        "cad_add_fillet",
        {"part": "BRK-220", "edges": "outer", "radius": 2},
        err("radius", "int"),
    )
    t.say("It wants the object form. I'll wrap it, keeping the value as typed by the user.")
    a4 = t.act(
        "",
        "cad_add_fillet",
        {"part": "BRK-220", "edges": "outer", "radius": {"value": "2", "unit": "mm"}},
        {
            "ok": False,
            "error": {"type": "ValidationError", "path": "radius.value", "msg": "expected number, got str"},
        },
    )
    a5 = t.act(
        "Perhaps a pair is accepted.",
        "cad_add_fillet",
        {"part": "BRK-220", "edges": "outer", "radius": ["2", "mm"]},
        err("radius", "list"),
    )
    t.say("The fillet tool keeps rejecting the radius. Could you add the fillet manually in the UI?")
    return t.loop(
        ["error_streak"],
        a4,
        f"cad_add_fillet fails validation on the radius argument at steps {a1}, {a2}, {a3}, {a4} and {a5}: "
        "each time a trivially different wrong type (string, spaced string, int, string value inside the "
        "object, list), although the feature tree shows the right form. Thinking-only steps in between do "
        "not "
        f"reset the count. The 4th failure of the same kind is the onset, step {a4}.",
    )


def amr_zone_lock_zh(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Warehouse robotics dispatcher (Chinese) tries every idle AMR for a move whose route crosses a zone "
        "under maintenance lockout; each robot fails with the zone-lock error in a different format.",
        ids="bedrock",
        meta={"agent": "AMR fleet dispatcher", "domain": "warehouse robotics", "language": "zh"},
    )
    t.user("把托盘 P-88213 从 B 区 12 号货位搬到出货口 D4，用任意空闲的 AMR。")
    t.act(
        "先查空闲机器人。",
        "fleet.list_robots",
        {"state": "idle"},
        {
            "robots": [
                {"id": "R-07", "battery": 81, "pose": "A-03"},
                {"id": "R-12", "battery": 64, "pose": "C-18"},
                {"id": "R-19", "battery": 92, "pose": "B-02"},
                {"id": "R-23", "battery": 47, "pose": "D-01"},
            ]
        },
    )
    base = {"pickup": "B-12", "drop": "D4", "payload": "P-88213"}
    f1 = t.act(
        "派 R-07 执行。",
        "fleet.dispatch_task",
        {"robot": "R-07", **base},
        "E_ZONE_LOCKED: route blocked - zone Z3 (aisles B10-B14) under maintenance lockout LOTO-5521",
        error=True,
    )
    f2 = t.act(
        "R-07 失败了，可能是它的位置问题，换 R-12。",
        "fleet.dispatch_task",
        {"robot": "R-12", **base},
        "2026-04-09T10:41:07Z [dispatch] WARN rejected task for R-12: planner found no route "
        "(reason=zone_lock "
        "zone=Z3 lock=LOTO-5521)",
    )
    f3 = t.act(
        "换 R-19，它就在 B 区附近。",
        "fleet.dispatch_task",
        {"robot": "R-19", **base},
        {"accepted": False, "code": "ZONE_LOCKED", "detail": "拒绝：Z3 区域维护锁定中 (LOTO-5521)"},
    )
    f4 = t.act(
        "试试 R-23。",
        "fleet.dispatch_task",
        {"robot": "R-23", **base},
        "E_ZONE_LOCKED Z3",
        error=True,
    )
    f5 = t.act(
        "也许换一个出货口可以绕开，改用 D5。",
        "fleet.dispatch_task",
        {"robot": "R-07", "pickup": "B-12", "drop": "D5", "payload": "P-88213"},
        "E_ZONE_LOCKED: pickup B-12 lies inside locked zone Z3 (LOTO-5521)",
        error=True,
    )
    t.say("所有机器人都无法执行，系统好像有问题。")
    return t.loop(
        ["error_streak"],
        f4,
        f"fleet.dispatch_task fails with the same cause (zone Z3 under lockout LOTO-5521) at steps {f1}, "
        f"{f2}, "
        f"{f3}, {f4} and {f5}: an error string, a log line in the content, a JSON rejection in Chinese, a "
        "bare "
        "code. The pickup itself is inside the locked zone, so changing the robot or the drop point cannot "
        f"help. The 4th failure of the same kind is the onset, step {f4}.",
    )


def pass_unknown_object(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Ground-station agent searches for downlink passes for a satellite the station catalogue does not "
        "know, changing antennas, windows and the id type; the error is the same in other words.",
        ids="gemini",
        meta={
            "agent": "ground segment scheduler",
            "domain": "satellite ground station ops",
            "language": "en",
        },
    )
    t.user(
        "Book a downlink pass for our cubesat (NORAD 58712) on any antenna tomorrow, 2 May, between 06:00 "
        "and "
        "18:00 UTC."
    )
    w = {"start": "2026-05-02T06:00:00Z", "end": "2026-05-02T18:00:00Z"}
    f1 = t.act(
        "Looking for passes.",
        "gs.find_passes",
        {"norad_id": 58712, **w},
        "ERROR no TLE for catalog number 58712 in station catalogue",
        error=True,
    )
    f2 = t.act(
        "Maybe the default antenna set is the issue; trying GS-2 explicitly.",
        "gs.find_passes",
        {"norad_id": 58712, "antenna": "GS-2", **w},
        "ephemeris unavailable: object 58712 unknown",
        error=True,
    )
    f3 = t.act(
        "Widening the window to the whole day.",
        "gs.find_passes",
        {"norad_id": 58712, "start": "2026-05-02T00:00:00Z", "end": "2026-05-03T00:00:00Z"},
        {
            "passes": [],
            "warnings": ["object 58712 not found in TLE set (catalogue updated 2026-05-01T04:00Z)"],
        },
    )
    f4 = t.act(
        "Perhaps it expects a string id.",
        "gs.find_passes",
        {"norad_id": "58712", **w},
        "400 Bad Request: Unknown NORAD ID '58712'",
        error=True,
    )
    f5 = t.act(
        "Last try with GS-3 and a lower minimum elevation.",
        "gs.find_passes",
        {"norad_id": 58712, "antenna": "GS-3", "min_elevation_deg": 5, **w},
        "ERROR no TLE for catalog number 58712 in station catalogue",
        error=True,
    )
    t.say("No passes are available for NORAD 58712 tomorrow on any antenna.")
    return t.loop(
        ["error_streak"],
        f4,
        f"gs.find_passes fails at steps {f1}, {f2}, {f3}, {f4} and {f5} because the station has no TLE for "
        "object 58712 (error text, 'ephemeris unavailable', an empty result carrying the warning in the "
        "content, a 400). Antennas, windows and id types are irrelevant to that cause; the agent should "
        "upload "
        f"a TLE or ask. The 4th failure of the same kind is the onset, step {f4}; its answer is misleading.",
    )


def ticket_transfer_es(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Event ticketing agent (Spanish) repeats the same transfer call four times; each answer is the same "
        "409 'already transferred' body with is_error false.",
        ids="plain",
        meta={"agent": "asistente de atención de taquilla", "domain": "event ticketing", "language": "es"},
    )
    t.user(
        "Quiero transferir mis dos entradas del concierto del 21 de junio (pedido 77-A19) a mi hermana, "
        "lucia.m@correo.es."
    )
    t.act(
        "Consulto el pedido.",
        "pedido_consultar",
        {"pedido": "77-A19"},
        {
            "pedido": "77-A19",
            "evento": "Estadio Metropolitano 21/06/2026",
            "entradas": [
                {"id": "E-5520931", "sector": "Pista B", "estado": "TRANSFERIDA", "a": "lucia.m@correo.es"},
                {"id": "E-5520932", "sector": "Pista B", "estado": "TRANSFERIDA", "a": "lucia.m@correo.es"},
            ],
        },
    )
    args = {"pedido": "77-A19", "entradas": ["E-5520931", "E-5520932"], "destinatario": "lucia.m@correo.es"}
    fail = {
        "estado": "error",
        "codigo": 409,
        "mensaje": "Las entradas ya fueron transferidas a otro titular.",
    }
    texts = [
        "Realizo la transferencia.",
        "Ha dado error; lo intento otra vez.",
        "Vuelvo a intentarlo, puede ser un fallo temporal.",
        "Un intento más con los mismos datos.",
        "Lo intento de nuevo.",
    ]
    steps = [t.act(x, "transferir_entradas", args, fail) for x in texts]
    t.say("Lo siento, el sistema no me deja transferir las entradas ahora mismo. Inténtelo más tarde.")
    onset = steps[3]
    return t.loop(
        ["error_streak", "identical_call"],
        onset,
        f"transferir_entradas with identical arguments at steps {', '.join(map(str, steps))}, each answered "
        "by the same 409 body (failure only in the content). The lookup already shows both tickets "
        "TRANSFERIDA to the sister, so the task was done. Identical calls failing identically: the 4th "
        f"failure is the onset, step {onset}.",
    )


def sql_column_guessing(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Clinical-trial data agent guesses the visit-date column name five times instead of describing the "
        "table; every query fails with an unknown-column error.",
        ids="openai",
        meta={"agent": "trial analytics agent", "domain": "clinical trials", "language": "en"},
    )
    t.user(
        "From the locked ONC-2231 extract in the warehouse, count subjects per site whose Visit 5 happened "
        "outside the protocol window (day 84 ± 7 from randomisation)."
    )
    q = (
        "SELECT s.site_id, COUNT(*) FROM sv JOIN dm s USING (usubjid) WHERE sv.visitnum = 5 "
        "AND ABS(sv.{col} - s.rfstdtc - 84) > 7 GROUP BY 1"
    )
    cols = ["visit_date", "visitdt", "VISIT_DT", "sv_date", "svdt"]
    msgs = [
        "ERROR:  column sv.visit_date does not exist\nLINE 1: ...WHERE sv.visitnum = 5 AND "
        "ABS(sv.visit_date - s.rf...\n"
        "                                                     ^",
        "ERROR:  column sv.visitdt does not exist\n"
        'HINT:  Perhaps you meant to reference the column "sv.visit".',
        'ERROR:  column sv."VISIT_DT" does not exist',
        "ERROR:  column sv.sv_date does not exist",
        'ERROR:  column sv.svdt does not exist\nHINT:  Perhaps you meant to reference the column "sv.visit".',
    ]
    thoughts = [
        "Querying the SV domain.",
        "Wrong column name. Raw EDC exports often abbreviate, so visitdt.",
        "Maybe the extract kept upper case from SAS.",
        "Could be prefixed with the domain.",
        "Trying the short SAS-style name.",
    ]
    steps = [
        t.act(th, "warehouse_sql", {"query": q.format(col=c), "database": "onc2231_locked"}, m, error=True)
        for th, c, m in zip(thoughts, cols, msgs, strict=True)
    ]
    t.say("I can't find the visit date column in the SV table. Could you tell me its name?")
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"warehouse_sql fails with an unknown-column error at steps {', '.join(map(str, steps))}; the agent "
        "guesses a new name each time instead of describing the table (the hint even points to another "
        f"column). Same error kind under changing inputs: the 4th failure is the onset, step {onset}.",
    )


def brewhouse_401_it(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Brewery production agent (Italian) fetches one fermentation batch with trivially different id "
        "spellings; every request fails because its API token has expired (HTML and JSON 401 bodies).",
        ids="anthropic",
        meta={
            "agent": "assistente di produzione birrificio",
            "domain": "craft brewery production",
            "language": "it",
        },
    )
    t.user(
        "Controlla il registro di fermentazione del lotto 2611 e dimmi se la temperatura è uscita dal range."
    )
    html401 = (
        "<html><head><title>401 Unauthorized</title></head><body><h1>Non autorizzato</h1>"
        "<p>Il token di accesso è scaduto. Effettuare di nuovo l'accesso.</p></body></html>"
    )
    attempts = [
        ("Recupero il lotto.", {"batch": "2611"}, html401, False),
        ("Forse l'id va passato come numero.", {"batch": 2611}, html401, False),
        (
            "Provo con il prefisso usato in etichetta.",
            {"batch": "L2611"},
            '{"error": "unauthorized", "detail": "token expired at 2026-04-08T23:59:59Z"}',
            True,
        ),
        ("Forse serve il formato esteso.", {"batch": "lotto-2611"}, html401, False),
        ("Ultimo tentativo con l'anno.", {"batch": "2026-2611"}, "HTTP 401 token scaduto", True),
    ]
    steps = [
        t.act(text, "brewhouse.get_batch_log", args, res, error=err) for text, args, res, err in attempts
    ]
    t.say("Non riesco a leggere il lotto 2611: forse l'identificativo è diverso. Puoi verificarlo?")
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"brewhouse.get_batch_log fails at steps {', '.join(map(str, steps))} with the same cause, an "
        "expired "
        "token (HTML 401 pages with is_error false, JSON and plain 401s with is_error true); the agent "
        "varies "
        "only the spelling of the batch id and finally blames the id. The 4th failure of the same kind is "
        f"the onset, step {onset}.",
    )


def vin_soap_faults(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Dealership service agent 'repairs' an invalid VIN by guessing characters; every recall lookup comes "
        "back as a SOAP InvalidVIN fault, and only after five tries does it ask the customer.",
        ids="bedrock",
        meta={
            "agent": "service advisor assistant",
            "domain": "automotive dealership service",
            "language": "en",
        },
    )
    t.user(
        "Customer's VIN is 1HGCV1F34LA0I2345 (2020 Accord). Check open recalls before tomorrow's 8:30 "
        "appointment."
    )

    def fault(msg: str) -> str:
        return (
            '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>'
            f"<faultcode>soap:Client</faultcode><faultstring>InvalidVIN</faultstring><detail>{msg}</detail>"
            "</soap:Fault></soap:Body></soap:Envelope>"
        )

    attempts = [
        ("Looking up recalls.", "1HGCV1F34LA0I2345", "character 'I' not permitted (position 13)"),
        (
            "An I is never valid in a VIN; it is probably a 1.",
            "1HGCV1F34LA012345",
            "check digit mismatch at position 9",
        ),
        ("Perhaps it was an L misread.", "1HGCV1F34LA0L2345", "check digit mismatch at position 9"),
        (
            "Maybe the check digit itself is the typo; 3 -> 5.",
            "1HGCV1F54LA012345",
            "check digit mismatch at position 9",
        ),
        ("Trying a zero in place of the I.", "1HGCV1F34LA002345", "check digit mismatch at position 9"),
    ]
    steps = [t.act(x, "recall_lookup", {"vin": vin}, fault(msg), error=True) for x, vin, msg in attempts]
    t.say("The VIN on file seems invalid. Please confirm it with the customer (door jamb or registration).")
    onset = steps[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"recall_lookup returns the same InvalidVIN SOAP fault at steps {', '.join(map(str, steps))}, while "
        "the "
        "agent guesses one character at a time. Two or three guesses would be reasonable; asking the "
        "customer "
        f"is the only real fix. The 4th failure of the same kind is the onset, step {onset}.",
    )


SCENARIOS = [
    ("prior-auth-reject-75", prior_auth_reject),
    ("cad-fillet-radius-type", cad_fillet_schema),
    ("amr-zone-lock-zh", amr_zone_lock_zh),
    ("pass-unknown-norad", pass_unknown_object),
    ("ticket-transfer-409-es", ticket_transfer_es),
    ("sql-column-guessing", sql_column_guessing),
    ("brewhouse-401-it", brewhouse_401_it),
    ("vin-invalid-soap", vin_soap_faults),
]
