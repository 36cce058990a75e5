"""Healthy runs with failures: retries that succeed (503, 429, a corrected argument, a refreshed token, a
changed approach) and failures that end in a hand-off to a person."""

from __future__ import annotations

from typing import Any

from blind21gen.builder import Trace, call, healthy, js, jsi, jsp


@healthy("gbif-503-then-ok")
def gbif_503(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A herbarium agent gets a 503 from an occurrence API, retries after a pause and succeeds.",
        domain="herbarium specimen digitisation",
        language="en",
        ids="openai",
        harness="custom function-calling agent",
        started="2026-02-04T10:00:00Z",
    )
    t.user("How many georeferenced specimens of Saxifraga oppositifolia from Svalbard are in GBIF?")
    args = {"scientificName": "Saxifraga oppositifolia", "country": "SJ", "hasCoordinate": True, "limit": 0}
    t.say(
        "Querying GBIF occurrences.",
        call(
            "gbif.occurrence_search",
            args,
            "HTTP 503 Service Unavailable\n<html><body><h1>503</h1>The server is temporarily unable to "
            "service your request.</body></html>",
            error=True,
        ),
    )
    t.say(
        "A temporary outage. Waiting 20 seconds before retrying.", call("sleep", {"seconds": 20}, "slept 20s")
    )
    t.say(
        "Retrying.",
        call(
            "gbif.occurrence_search",
            args,
            js({"offset": 0, "limit": 0, "endOfRecords": False, "count": 1287}),
        ),
    )
    t.say("GBIF has 1,287 georeferenced occurrence records of Saxifraga oppositifolia from Svalbard.")
    return t.healthy("One transient 503, one wait, one retry that succeeds.")


@healthy("creator-api-429-backoff")
def creator_429(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An influencer-marketing agent hits a rate limit while fetching creator stats, honours Retry-After "
        "and "
        "finishes the batch.",
        domain="influencer marketing campaign management",
        language="en",
        ids="responses",
        harness="OpenAI Responses agent",
        started="2026-06-11T09:15:00Z",
    )
    t.user(
        "Get follower counts and 30-day engagement for the five creators on the 'Summer Organic' shortlist."
    )
    handles = ["@verdureinfesta", "@pastamadre.lab", "@cucinaconmarta", "@orto.urbano", "@ricettelente"]
    stats = [(84200, 3.1), (61900, 5.4), (57300, 4.2), (23800, 6.0), (102500, 1.9)]
    for h, (f, e) in zip(handles[:3], stats[:3], strict=True):
        t.say(
            f"Fetching {h}.",
            call(
                "creators.get_stats",
                {"handle": h, "window_days": 30},
                jsp({"handle": h, "followers": f, "engagement_pct": e}),
            ),
        )
    t.say(
        f"Fetching {handles[3]}.",
        call(
            "creators.get_stats",
            {"handle": handles[3], "window_days": 30},
            'HTTP 429 Too Many Requests\nRetry-After: 30\n{"error":"rate_limited","limit":"3/min"}',
            error=True,
        ),
    )
    t.say(
        "Rate limited; waiting the 30 seconds the API asks for.", call("sleep", {"seconds": 30}, "slept 30s")
    )
    for h, (f, e) in zip(handles[3:], stats[3:], strict=True):
        t.say(
            f"Fetching {h}.",
            call(
                "creators.get_stats",
                {"handle": h, "window_days": 30},
                jsp({"handle": h, "followers": f, "engagement_pct": e}),
            ),
        )
    t.say(
        "All five fetched: @ricettelente has the most followers (102.5k) but the lowest engagement (1.9%); "
        "@orto.urbano the highest engagement (6.0%) on 23.8k."
    )
    return t.healthy(
        "A 429 on one creator, a wait as instructed, a successful retry, then the rest of a fan-out."
    )


@healthy("chain-ladder-corrected-arg")
def chain_ladder_fixed(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An actuarial agent gets a validation error from the chain-ladder tool, reads it, fixes the shape "
        "and succeeds.",
        domain="actuarial loss reserving",
        language="en",
        ids="bedrock",
        harness="Bedrock analytics agent",
        started="2026-01-09T11:00:00Z",
    )
    t.user(
        "Chain ladder on the property paid triangle (2021–2025), volume-weighted, no tail. IBNR by year "
        "please."
    )
    rows = [
        [3010, 4420, 4710, 4790, 4801],
        [3222, 4690, 4985, 5050],
        [3380, 4911, 5240],
        [3590, 5202],
        [3711],
    ]
    t.say(
        "Running the chain ladder.",
        call(
            "reserving.chain_ladder",
            {"triangle": rows, "average": "volume"},
            "1 validation error for ChainLadderRequest\ntriangle\n  Input should be a valid dictionary or "
            "object "
            "with fields 'origin' and 'values' [type=model_type, input_type=list]",
            error=True,
        ),
    )
    t.say(
        "The tool wants an object with 'origin' and 'values'. Re-sending in that shape.",
        call(
            "reserving.chain_ladder",
            {"triangle": {"origin": [2021, 2022, 2023, 2024, 2025], "values": rows}, "average": "volume"},
            jsi(
                {
                    "ldf": [1.4598, 1.0651, 1.0142, 1.0023],
                    "ultimate": [4801, 5062, 5384, 5574, 5655],
                    "ibnr": {"2021": 0, "2022": 12, "2023": 144, "2024": 372, "2025": 1944},
                    "total_ibnr": 2472,
                }
            ),
        ),
    )
    t.say("Total IBNR 2,472k: 2022 12k, 2023 144k, 2024 372k, 2025 1,944k (2021 fully developed).")
    return t.healthy(
        "One schema error, read and corrected on the next call; a retry with a corrected argument."
    )


@healthy("gym-refund-handoff")
def gym_refund_handoff(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A gym support agent tries a refund and then a credit, both refused by policy, and hands the case "
        "to a "
        "manager.",
        domain="gym and fitness club membership",
        language="pt-BR",
        ids="responses",
        harness="OpenAI Agents SDK (handoffs)",
        started="2026-02-10T18:00:00Z",
    )
    t.user(
        "Fui cobrado duas vezes na mensalidade de fevereiro. Quero o estorno de uma das cobranças. "
        "Matrícula 77310."
    )
    t.say(
        "Vou verificar os pagamentos.",
        call(
            "billing.list_charges",
            {"member_id": "77310", "month": "2026-02"},
            jsi(
                {
                    "charges": [
                        {"id": "CH-9001", "valor": 149.9, "data": "2026-02-01", "status": "pago"},
                        {"id": "CH-9044", "valor": 149.9, "data": "2026-02-03", "status": "pago"},
                    ]
                }
            ),
        ),
    )
    t.say(
        "Há duas cobranças iguais. Vou estornar a segunda.",
        call(
            "billing.refund",
            {"charge_id": "CH-9044", "reason": "duplicada"},
            jsp({"ok": False, "erro": "estorno acima de R$100 requer aprovação do gerente da unidade"}),
        ),
    )
    t.say(
        "O estorno direto exige aprovação. Tento lançar como crédito na próxima mensalidade.",
        call(
            "billing.credit",
            {"member_id": "77310", "valor": 149.9, "motivo": "cobrança duplicada CH-9044"},
            jsp({"ok": False, "erro": "créditos acima de R$100 requerem aprovação do gerente da unidade"}),
        ),
    )
    t.say(
        "Os dois caminhos exigem aprovação do gerente. Vou transferir o caso.",
        call(
            "handoff_to_human",
            {
                "queue": "gerencia-unidade-moema",
                "summary": "Cobrança duplicada fev/2026 "
                "(CH-9001 e CH-9044, R$149,90). Estorno e crédito exigem aprovação do gerente.",
            },
            js({"ticket": "TK-50218", "eta_horas": 24}),
        ),
    )
    t.say(
        "Confirmei a cobrança duplicada. O estorno precisa da aprovação do gerente, então abri o chamado "
        "TK-50218; você terá retorno em até 24 horas."
    )
    return t.healthy(
        "Two different refusals (refund, then credit) and a hand-off to a person; no repetition."
    )


@healthy("insurer-portal-down-handoff")
def insurer_portal_handoff(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An auto-body estimating agent gets the same maintenance error from an insurer portal three times, "
        "then creates a task for a person.",
        domain="auto-body repair estimating",
        language="en",
        ids="plain",
        harness="custom estimating agent",
        started="2026-05-08T07:55:00Z",
    )
    t.user("Submit estimate EST-4410 for the Octavia to the insurer for approval.")
    args = {"estimate_id": "EST-4410", "insurer": "northbridge", "claim_no": "NB-26-118203"}
    err = jsp(
        {
            "status": "error",
            "code": "PORTAL_MAINTENANCE",
            "message": "Submissions unavailable until 12:00 UTC",
        }
    )
    t.say("Submitting to the insurer portal.", call("insurer.submit_estimate", args, err))
    t.say(
        "Maintenance. Waiting a couple of minutes in case it's brief.", call("sleep", {"seconds": 120}, "ok")
    )
    t.say("Retrying the submission.", call("insurer.submit_estimate", args, err))
    t.say("One last try.", call("insurer.submit_estimate", args, err))
    t.say(
        "The portal is down until 12:00 UTC. I'll leave a task for the front desk instead of retrying.",
        call(
            "tasks.create",
            {
                "assignee": "front-desk",
                "due": "2026-05-08T12:15:00Z",
                "title": "Submit EST-4410 to Northbridge after portal maintenance",
            },
            js({"task_id": "T-2207"}),
        ),
    )
    t.say(
        "The insurer portal is in maintenance until 12:00 UTC. I created task T-2207 for the front desk to "
        "submit then."
    )
    return t.healthy(
        "Three identical failures reported in the body, then a change of approach (a task for a person); two "
        "or three attempts before handing off are healthy."
    )


@healthy("probe-rs-connect-under-reset")
def probe_rs_reset(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An embedded-firmware agent fails to attach to a chip, switches to connect-under-reset and flashes "
        "successfully.",
        domain="embedded firmware bring-up",
        language="en",
        ids="plain",
        harness="Gemini CLI",
        started="2026-06-23T09:00:00Z",
    )
    t.user("Flash the latest motor-controller build to the G474 board.")
    cmd = "probe-rs run --chip STM32G474RETx target/thumbv7em-none-eabihf/release/mc-g4"
    err = (
        "Error: Connecting to the chip was unsuccessful.\n\nCaused by:\n    0: An ARM specific error "
        "occurred.\n"
        "    1: Target device did not respond to request.\nExit Code: 1"
    )
    t.say("Flashing.", call("run_shell_command", {"command": cmd}, err, error=True))
    t.say(
        "Retrying once in case the probe was busy.",
        call("run_shell_command", {"command": cmd}, err, error=True),
    )
    t.say(
        "Same error twice. The firmware may put the SWD pins into low-power mode; trying "
        "connect-under-reset.",
        call(
            "run_shell_command",
            {"command": cmd + " --connect-under-reset"},
            "      Erasing ✔ [00:00:01] [####] 96.00 KiB/96.00 KiB\n  Programming ✔ [00:00:02] [####] "
            "96.00 KiB/96.00 KiB\n     Finished in 3.41s\nINFO mc_g4: boot ok, fw 0.7.2, vbus 24.1 V\nExit "
            "Code: 0",
        ),
    )
    t.say(
        "Flashed with --connect-under-reset; the board booted firmware 0.7.2 and reports 24.1 V on the bus."
    )
    return t.healthy("Two identical failures, then a changed approach that succeeds.")


@healthy("xrf-recalibrate-then-fit")
def xrf_recalibrate(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An art-conservation agent's XRF fit fails, it recalibrates the energy axis as the hint says, and "
        "the "
        "fit converges.",
        domain="art conservation (XRF pigment analysis)",
        language="en",
        ids="anthropic",
        harness="custom lab agent",
        started="2026-04-03T09:00:00Z",
    )
    t.user("Identify the blue pigment in spectrum S-114 from the sky area.")
    t.say(
        "Fitting the spectrum.",
        call(
            "xrf.fit_spectrum",
            {"spectrum": "S-114.spx", "elements": ["Cu", "Ca", "Pb", "Fe"]},
            jsp(
                {
                    "status": "failed",
                    "error": "fit did not converge: chi2 stuck at 51.7",
                    "hint": "check escape/sum peaks and detector calibration",
                }
            ),
        ),
    )
    t.say(
        "The hint points at calibration. Recalibrating the energy axis on the brass reference.",
        call(
            "xrf.calibrate",
            {"reference": "brass_CuZn_std", "detector": "SDD-2"},
            jsp({"ok": True, "gain_ev_per_ch": 10.02, "offset_ev": -14.1, "previous_offset_ev": 38.5}),
        ),
    )
    t.say(
        "Refitting.",
        call(
            "xrf.fit_spectrum",
            {"spectrum": "S-114.spx", "elements": ["Cu", "Ca", "Pb", "Fe"]},
            jsi(
                {
                    "status": "ok",
                    "chi2": 1.31,
                    "net_counts": {"Cu_Ka": 18340, "Pb_La": 40211, "Ca_Ka": 2210, "Fe_Ka": 910},
                }
            ),
        ),
    )
    t.say("Strong Cu with lead white and no K or Si signal: consistent with azurite, not ultramarine.")
    return t.healthy("A failure, a different corrective action, then success; not a streak.")


@healthy("dmarc-token-refresh")
def dmarc_token_refresh(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "An e-mail deliverability agent gets a 401, refreshes its API token and completes the query.",
        domain="e-mail deliverability",
        language="en",
        ids="anthropic",
        harness="MCP client (Claude-style)",
        started="2026-03-13T08:00:00Z",
    )
    t.user("What share of mail from send.example.com passed DMARC at Microsoft yesterday?")
    args = {"domain": "send.example.com", "reporter": "outlook.com", "date": "2026-03-12"}
    t.say(
        "Fetching the aggregate reports.",
        call(
            "dmarc__list_aggregate_reports",
            args,
            'HTTP 401 Unauthorized\n{"error":"token_expired","message":"access token expired at '
            '2026-03-13T07:59:12Z"}',
            error=True,
        ),
    )
    t.say(
        "The token expired; refreshing it.",
        call("dmarc__refresh_token", {}, js({"ok": True, "expires_in": 3600})),
    )
    t.say(
        "Fetching again.",
        call(
            "dmarc__list_aggregate_reports",
            args,
            jsp(
                {
                    "reports": [
                        {"source_ip": "203.0.113.24", "count": 9120, "dmarc": "pass"},
                        {"source_ip": "198.51.100.9", "count": 410, "dmarc": "fail"},
                    ]
                }
            ),
        ),
    )
    t.say("9,120 of 9,530 messages (95.7%) passed DMARC at Microsoft; 410 from 198.51.100.9 failed.")
    return t.healthy("An auth error fixed by a different call (token refresh), then success.")


@healthy("grooming-refund-policy-handoff")
def grooming_handoff(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A dog-grooming salon assistant checks the refund policy for a late cancellation and transfers the "
        "customer to the owner.",
        domain="dog grooming salon booking",
        language="es",
        ids="named",
        harness="custom booking agent",
        started="2026-07-20T10:00:00Z",
    )
    t.user(
        "Cancelé la cita de Nala con dos horas de antelación porque se puso enferma. ¿Me devolvéis la señal "
        "de 15 €?"
    )
    t.say(
        "Consulto la política de cancelaciones.",
        call(
            "policies.get",
            {"topic": "cancelaciones"},
            "Señal no reembolsable si se cancela con menos de 24 h. Excepciones (enfermedad con justificante "
            "veterinario) solo las aprueba la dirección.",
        ),
    )
    t.say(
        "Reviso la cita cancelada.",
        call(
            "agenda.get_appointment",
            {"appointment_id": "A-5620"},
            jsp(
                {
                    "appointment_id": "A-5620",
                    "perro": "Nala",
                    "estado": "cancelada",
                    "cancelada_hace_h": 2,
                    "senal_eur": 15,
                }
            ),
        ),
    )
    t.say(
        "Es una excepción que solo puede aprobar la dirección. Te paso con ellos.",
        call(
            "transfer_to_human",
            {
                "team": "direccion",
                "note": "Cancelación A-5620 con 2 h por enfermedad; pide devolución de señal 15 €.",
            },
            js({"ok": True, "wait_min": 10}),
        ),
    )
    t.say(
        "Te he pasado con la dirección; te atenderán en unos 10 minutos. Ten a mano el justificante del "
        "veterinario."
    )
    return t.healthy(
        "Policy look-up, appointment look-up and a hand-off; different calls, no failure streak."
    )


@healthy("gnss-rinex-mirror-fallback")
def gnss_mirror(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "A land-surveying agent downloads base-station RINEX data; the first two sources fail differently "
        "and the third works.",
        domain="land surveying",
        language="en",
        ids="adk",
        harness="Google ADK agent",
        started="2026-04-24T15:00:00Z",
    )
    t.user("Post-process today's static session on point S7 against the nearest CORS station.")
    t.say(
        "Finding the nearest CORS station.",
        call("cors.nearest", {"lat": 49.7391, "lon": 15.3352}, jsp({"station": "CPAR", "distance_km": 11.4})),
    )
    t.say(
        "Downloading hour 12 from the primary archive.",
        call(
            "cors.download",
            {"station": "CPAR", "date": "2026-04-24", "hour": 12, "source": "primary"},
            "HTTP 404 Not Found: CPAR00CZE_R_20261141200_01H_30S_MO.crx.gz (hourly files are published ~25 "
            "min after the hour)",
            error=True,
        ),
    )
    t.say(
        "Not published yet on the primary. Trying the mirror.",
        call(
            "cors.download",
            {"station": "CPAR", "date": "2026-04-24", "hour": 12, "source": "mirror"},
            "ConnectTimeout: mirror.gnss.example.cz:443 timed out after 30 s",
            error=True,
        ),
    )
    t.say(
        "Mirror timed out. Using the real-time stream recorder, which keeps the last 6 hours.",
        call(
            "cors.download",
            {"station": "CPAR", "date": "2026-04-24", "hour": 12, "source": "rtcm_recorder"},
            js({"ok": True, "file": "CPAR1140M.26o", "epochs": 120}),
        ),
    )
    t.say(
        "Processing the baseline.",
        call(
            "gnss.process_baseline",
            {"rover": "S7_1140.26o", "base": "CPAR1140M.26o"},
            jsp({"solution": "fixed", "e": 745902.114, "n": 1051622.870, "h": 402.331, "rms_mm": 4.2}),
        ),
    )
    t.say(
        "Fixed solution for S7: E 745902.114, N 1051622.870, h 402.331 m (RMS 4.2 mm), against CPAR (11.4 "
        "km)."
    )
    return t.healthy(
        "Two failures of different kinds from different sources, then a third source that works; each retry "
        "changes something."
    )
