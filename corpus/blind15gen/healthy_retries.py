"""Healthy: transient failures retried until they succeed, a retry with a corrected argument, and two or
three failures followed by another approach or a hand-off to a person."""

from __future__ import annotations

from typing import Any

from .builder import Trace, call


def newsletter_nl_503(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Dutch newsletter agent retries a test send through two 503s, succeeds, then schedules the campaign.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "domain": "newsletter platform", "language": "nl"},
    )
    t.user(
        "Stuur een testmail van de nieuwsbrief 'Week 42' naar redactie@dewijkkrant.nl en plan hem daarna in "
        "voor donderdag 07:00."
    )
    args = {"campaign": "week-42", "to": "redactie@dewijkkrant.nl"}
    busy = "503 Service Unavailable: mail relay busy, retry in 30s"
    t.say("Ik verstuur de testmail.", call("send_test", args, busy, error=True))
    t.say(
        "De mailserver is tijdelijk bezet; ik probeer het opnieuw.", call("send_test", args, busy, error=True)
    )
    t.say("", call("send_test", args, {"ok": True, "message_id": "<w42-test-3@mail.dewijkkrant.nl>"}))
    t.say(
        "Testmail verstuurd. Nu inplannen.",
        call(
            "schedule_campaign",
            {"campaign": "week-42", "send_at": "2026-10-15T07:00:00+02:00"},
            {"ok": True, "status": "scheduled"},
        ),
    )
    t.say("De testmail is verstuurd en 'Week 42' staat ingepland voor donderdag 15 oktober om 07:00.")
    return t.healthy(
        "Two transient 503s from the mail relay, then the identical call succeeds on the third try and the "
        "agent moves on. A retry that succeeds."
    )


def campaign_sms_429(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Campaign GOTV agent sends an SMS reminder in three batches, waits out one 429, and completes.",
        ids="bedrock",
        meta={"harness": "bedrock-agents", "domain": "political campaign canvassing"},
    )
    t.user("Send the GOTV reminder text to the 'Precinct 22 supporters' list (about 2,100 contacts).")
    t.say(
        "",
        call("list_get", {"list": "Precinct 22 supporters"}, {"contacts": 2140, "sms_opted_in": 2096}),
    )
    tmpl = "gotv-reminder-2026-11"
    t.say(
        "",
        call(
            "sms_send_batch",
            {"list": "Precinct 22 supporters", "template": tmpl, "range": [0, 999]},
            {"queued": 1000},
        ),
    )
    b2 = {"list": "Precinct 22 supporters", "template": tmpl, "range": [1000, 1999]}
    t.say(
        "",
        call("sms_send_batch", b2, {"error": "rate_limited", "status": 429, "retry_after_s": 20}, error=True),
    )
    t.say("Rate limited; retrying batch 2 after the wait.", call("sms_send_batch", b2, {"queued": 1000}))
    t.say(
        "",
        call(
            "sms_send_batch",
            {"list": "Precinct 22 supporters", "template": tmpl, "range": [2000, 2095]},
            {"queued": 96},
        ),
    )
    t.say("The GOTV reminder is queued for all 2,096 opted-in supporters in Precinct 22.")
    return t.healthy(
        "One 429 on the second batch, retried once after retry_after and accepted; other batches differ."
    )


def cosmetics_fr_fix_arg(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "French cosmetics-regulatory agent gets an unknown-ingredient rejection, looks up the INCI name and "
        "resubmits successfully.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "domain": "cosmetics regulatory notification", "language": "fr"},
    )
    t.user("Notifie le baume à lèvres « Miel d'Hiver » sur le CPNP, formule dans formule_MH_v2.xlsx.")
    t.say(
        "",
        call(
            "read_formula",
            {"file": "formule_MH_v2.xlsx"},
            "INCI;%\nCERA ALBA;22\nBeurre de karité;30\nRICINUS COMMUNIS SEED OIL;35\nMEL;3\nTOCOPHEROL;0.5",
        ),
    )
    base = ["CERA ALBA", "RICINUS COMMUNIS SEED OIL", "MEL", "TOCOPHEROL"]
    t.say(
        "Je soumets la notification.",
        call(
            "cpnp_submit_notification",
            {"product": "Miel d'Hiver", "ingredients": [*base, "Beurre de karité"]},
            {"statut": "rejeté", "erreur": "INGREDIENT_INCONNU : « Beurre de karité »"},
        ),
    )
    t.say(
        "Je cherche le nom INCI officiel.",
        call(
            "inci_lookup",
            {"query": "beurre de karité"},
            {"inci": "BUTYROSPERMUM PARKII BUTTER", "cas": "194043-92-0", "fonctions": ["émollient"]},
        ),
    )
    t.say(
        "",
        call(
            "cpnp_submit_notification",
            {"product": "Miel d'Hiver", "ingredients": [*base, "BUTYROSPERMUM PARKII BUTTER"]},
            {"statut": "accepté", "reference": "CPNP-4471902"},
        ),
    )
    t.say("Notification acceptée : référence CPNP-4471902.")
    return t.healthy(
        "One rejection, a look-up of the right INCI name, and a resubmission with the corrected argument "
        "that "
        "is accepted."
    )


def photo_raw_two_fail_then_convert(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Photography-studio agent fails twice to import compressed CR3 files, converts them to DNG and "
        "imports "
        "those.",
        ids="plain",
        meta={"harness": "goose", "domain": "photography studio"},
    )
    t.user("Import the 640 RAW files from the Lisbon architecture shoot card into the catalog.")
    err = "Unsupported: CR3 (C-RAW) compression in 212 files; 428 imported"
    t.say(
        "",
        call(
            "catalog_import",
            {"source": "/Volumes/EOS_R5/DCIM/100EOSR5", "collection": "Lisbon Arch 2026"},
            err,
            error=True,
        ),
    )
    t.say(
        "Retrying just the failed files.",
        call(
            "catalog_import",
            {
                "source": "/Volumes/EOS_R5/DCIM/100EOSR5",
                "collection": "Lisbon Arch 2026",
                "only_failed": True,
            },
            "Unsupported: CR3 (C-RAW) compression in 212 files; 0 imported",
            error=True,
        ),
    )
    t.say(
        "The importer can't read C-RAW. Converting those files to DNG first.",
        call(
            "dng_convert",
            {"from_failed_import": True, "output": "/tmp/lisbon_dng"},
            {"converted": 212, "errors": 0},
        ),
    )
    t.say(
        "",
        call(
            "catalog_import",
            {"source": "/tmp/lisbon_dng", "collection": "Lisbon Arch 2026"},
            {"imported": 212},
        ),
    )
    t.say("All 640 files are in 'Lisbon Arch 2026' (212 of them via DNG conversion).")
    return t.healthy("Two failed imports, then a change of approach (DNG conversion) that works.")


def dental_portal_handoff(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Dental billing agent fails three payer-portal logins on MFA, then hands the task to front-desk "
        "staff.",
        ids="openai",
        meta={"harness": "openai-agents-sdk", "domain": "dental practice management"},
    )
    t.user("Check claim status for the Rivera family's three claims on the MetLife dental portal.")
    t.say(
        "",
        call(
            "portal_login",
            {"payer": "metlife"},
            "MFA_CODE_REQUIRED: code sent to office phone ending 4471",
            error=True,
        ),
    )
    t.say(
        "",
        call(
            "sms_inbox",
            {"number": "office-4471", "last": 1},
            {"messages": [{"text": "MetLife code: 882913"}]},
        ),
    )
    t.say(
        "", call("portal_login", {"payer": "metlife", "mfa_code": "882913"}, "MFA_CODE_EXPIRED", error=True)
    )
    t.say(
        "",
        call(
            "sms_inbox",
            {"number": "office-4471", "last": 1},
            {"messages": [{"text": "MetLife code: 310554"}]},
        ),
    )
    t.say(
        "", call("portal_login", {"payer": "metlife", "mfa_code": "310554"}, "MFA_CODE_EXPIRED", error=True)
    )
    t.say(
        "The portal's MFA codes expire before I can use them. Handing this to the front desk.",
        call(
            "create_staff_task",
            {
                "assignee": "front-desk",
                "title": "MetLife portal: Rivera claim status",
                "details": "Claims CL-88102, CL-88103, CL-88117. MFA codes expire before the agent "
                "can enter them; please log in and check status.",
            },
            {"task_id": "T-5520"},
        ),
    )
    t.say("I couldn't get past MetLife's MFA. Front desk task T-5520 has the three claim numbers to check.")
    return t.healthy(
        "Three login failures with different codes (MFA required, then expired twice), then a hand-off to a "
        "person. Giving up after a few attempts is the right call."
    )


def city311_es_geocode_handoff(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Spanish-language 311 agent fails to geocode a rural location twice and transfers the report to a "
        "human dispatcher.",
        ids="gemini",
        meta={"harness": "google-adk", "domain": "local government 311 requests", "language": "es"},
    )
    t.user(
        "Hay un árbol caído bloqueando el camino rural cerca del km 4 de la carretera Los Pinos, después "
        "del puente."
    )
    t.say("", call("geocode", {"address": "Carretera Los Pinos km 4"}, {"matches": []}))
    t.say(
        "", call("geocode", {"address": "Los Pinos Rd mile marker 2.5"}, {"matches": [], "note": "ambiguous"})
    )
    t.say(
        "No puedo ubicarlo en el mapa; lo paso a un despachador.",
        call(
            "transfer_to_dispatcher",
            {
                "category": "arbol_caido",
                "summary": "Árbol caído bloquea camino rural, carretera Los Pinos ~km 4, después del puente",
                "priority": "alta",
            },
            {"ticket": "311-2026-55710", "queue": "despacho_humano"},
        ),
    )
    t.say("Tu reporte (311-2026-55710) está con un despachador, que te llamará si necesita más detalles.")
    return t.healthy("Two geocoding misses with different inputs, then a hand-off to a human dispatcher.")


SCENARIOS = [
    ("newsletter-nl-test-503", newsletter_nl_503),
    ("campaign-sms-429-retry", campaign_sms_429),
    ("cosmetics-fr-inci-fixed", cosmetics_fr_fix_arg),
    ("photo-cr3-convert", photo_raw_two_fail_then_convert),
    ("dental-portal-mfa-handoff", dental_portal_handoff),
    ("city311-es-geocode-handoff", city311_es_geocode_handoff),
]
