"""Healthy runs of legal and insurance agents: research with new results, clause fan-out, polls, hand-offs."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js


def caselaw_new_results() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-013-ada-remote-work-research-memo",
        "A legal research agent repeats 'let me look for more authority' step after step, but every search "
        "targets a new angle and returns new cases; it reads three opinions and writes a memo.",
        agent="legal research assistant (CourtListener-style opinion search tools)",
        model="claude-opus-4-1",
        start="2026-02-19T09:00:00+00:00",
    )
    t.user(
        "Research memo: is full-time remote work a reasonable accommodation under the ADA? Focus on "
        "2021–2026 appellate decisions."
    )
    searches = [
        (
            "remote work reasonable accommodation ADA essential function in-person attendance",
            "ca7",
            [
                ("Tonyan v. Dunham's Athletic Leisure Centers", "2022"),
                ("Brown v. Milwaukee Bd. of Sch. Dirs.", "2021"),
            ],
        ),
        (
            "telework accommodation ADA pandemic experience undue hardship",
            "ca6",
            [("Mobley v. Miami Valley Hosp. Sys.", "2024"), ("Tchankpa v. Ascena Retail Grp.", "2020")],
        ),
        (
            "work from home accommodation ADA interactive process failure",
            "ca9",
            [("Snapp v. United Transp. Union", "2018"), ("Dark v. Curry County", "2006")],
        ),
        (
            "remote work accommodation ADA attendance essential function",
            "ca5",
            [("Weber v. BNSF Ry. Co.", "2021"), ("Credeur v. La. Through Off. of Att'y Gen.", "2017")],
        ),
        (
            "telecommuting reasonable accommodation ADA regular attendance",
            "ca8",
            [("Higgins v. Union Pac. R.R. Co.", "2019"), ("Hopman v. Union Pac. R.R.", "2020")],
        ),
    ]
    for i, (q, court, cases) in enumerate(searches):
        name = {"ca5": "Fifth", "ca6": "Sixth", "ca8": "Eighth", "ca9": "Ninth"}.get(court, "Seventh")
        text = (
            f"Let me look for more authority on remote work as an accommodation, this time in the {name} "
            "Circuit."
        )
        t.step(
            text if i else "Starting with the Seventh Circuit.",
            c(
                "search_opinions",
                {"q": q, "court": court, "filed_after": "2017-01-01"},
                js(
                    {
                        "count": len(cases),
                        "results": [{"caseName": n, "year": y, "court": court} for n, y in cases],
                    }
                ),
            ),
        )
    for name, holding in [
        (
            "Mobley v. Miami Valley Hosp. Sys.",
            "Summary judgment reversed in part: a jury could find the employer failed to engage in the "
            "interactive process on a telework request (6th Cir. 2024).",
        ),
        (
            "Tonyan v. Dunham's Athletic Leisure Centers",
            "Pandemic telework does not by itself prove in-person duties are non-essential (7th Cir. 2022).",
        ),
        (
            "Credeur v. La. Through Off. of Att'y Gen.",
            "Deference to the employer's judgment that regular in-office attendance was essential (5th Cir. "
            "2017).",
        ),
    ]:
        t.step(
            f"Reading {name.split(' v.')[0]}.",
            c("get_opinion", {"case_name": name, "section": "holding"}, holding),
        )
    t.step(
        "**Memo (summary).** Circuits generally defer to employers on in-person attendance as an essential "
        "function (Credeur; Tonyan), but pandemic-era telework is evidence a jury may weigh, and failing to "
        "engage in the interactive process on a telework request can itself be actionable (Mobley). Ten "
        "authorities from five circuits are cited in the full memo below."
    )
    t.healthy(
        "Repeated narration ('let me look for more authority') beside searches that each change court and "
        "wording and return new cases, then three reads and a memo. Restating a plan while each call brings "
        "new results is not a loop."
    )
    return t.build()


def contrato_clausulas() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-014-contrato-revision-clausula-por-clausula",
        "A Spanish contract-review agent reads a supply contract clause by clause (sixteen similar calls, "
        "different clauses) and leaves comments on the risky ones.",
        agent="contract review agent (document tools), Spanish",
        model="gpt-4.1",
        start="2026-03-04T11:00:00+00:00",
        ids="call",
    )
    t.user(
        "Revisa el contrato de suministro con Aceros del Norte (doc sum-0417) y comenta las cláusulas con "
        "riesgo para nosotros."
    )
    titles = [
        "Objeto",
        "Definiciones",
        "Precio",
        "Revisión de precios",
        "Plazos de entrega",
        "Penalizaciones",
        "Garantía",
        "Responsabilidad",
        "Fuerza mayor",
        "Confidencialidad",
        "Propiedad intelectual",
        "Duración",
        "Resolución",
        "Cesión",
        "Ley aplicable",
        "Jurisdicción",
    ]
    risky = {
        4: "La revisión de precios es unilateral y sin tope; proponemos tope del IPC + 2 %.",
        6: "Las penalizaciones por retraso están limitadas al 2 % del pedido; insuficiente.",
        8: "La responsabilidad del proveedor se limita a 10.000 €, muy por debajo del valor anual.",
        13: "Resolución por conveniencia solo a favor del proveedor, con 15 días de preaviso.",
    }
    for n, title in enumerate(titles, start=1):
        t.step(
            "Empiezo por la cláusula 1." if n == 1 else "",
            c(
                "doc_get_clause",
                {"doc_id": "sum-0417", "clause": str(n)},
                f"{n}. {title}. "
                + (
                    "Texto estándar sin observaciones relevantes."
                    if n not in risky
                    else "Texto con condiciones desfavorables para el Cliente (véase el detalle)."
                ),
            ),
        )
        if n in risky:
            t.step(
                "",
                c(
                    "doc_insert_comment",
                    {"doc_id": "sum-0417", "clause": str(n), "comment": risky[n]},
                    js({"ok": True, "comment_id": f"cm-{400 + n}"}),
                ),
            )
    t.step(
        "He revisado las 16 cláusulas y comentado cuatro con riesgo: revisión de precios (4), "
        "penalizaciones (6), límite de responsabilidad (8) y resolución por conveniencia (13). El resto es "
        "estándar."
    )
    t.healthy(
        "Fan-out over sixteen clauses with the same tool and four comments with look-alike "
        "acknowledgements; each call reads or writes something different. Review work, not a loop."
    )
    return t.build()


def claim_ocr_poll() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-015-claims-ocr-job-polled",
        "A claims agent uploads repair invoices to an OCR job and polls the job (identical 'processing' "
        "answers) until it completes, then files the extracted totals on the claim.",
        agent="insurance claims assistant (document OCR and claim tools)",
        model="gemini-2.5-flash",
        start="2026-03-10T10:00:00+00:00",
        ids="fc",
    )
    t.user(
        "Extract the totals from the three repair invoices attached to CLM-55120 and add them to the claim."
    )
    t.step(
        "",
        c(
            "ocr_submit",
            {"claim_id": "CLM-55120", "documents": ["inv-a.pdf", "inv-b.pdf", "inv-c.pdf"]},
            js({"job_id": "ocr-77af", "status": "queued"}),
        ),
    )
    for i in range(6):
        t.wait(20)
        t.step(
            "Waiting for OCR." if i in (0, 3) else "",
            c("ocr_job_status", {"job_id": "ocr-77af"}, js({"job_id": "ocr-77af", "status": "processing"})),
        )
    t.wait(20)
    t.step(
        "",
        c(
            "ocr_job_status",
            {"job_id": "ocr-77af"},
            js(
                {
                    "job_id": "ocr-77af",
                    "status": "completed",
                    "documents": [
                        {"file": "inv-a.pdf", "vendor": "Mendes Auto Body", "total": 7210.00},
                        {"file": "inv-b.pdf", "vendor": "Mendes Auto Body (labor)", "total": 3696.00},
                        {"file": "inv-c.pdf", "vendor": "ColorPro Paint", "total": 934.00},
                    ],
                }
            ),
        ),
    )
    t.step(
        "Filing the totals.",
        c(
            "claim_add_line_items",
            {
                "claim_id": "CLM-55120",
                "items": [
                    {"type": "parts", "amount": 7210.00},
                    {"type": "labor", "amount": 3696.00},
                    {"type": "paint", "amount": 934.00},
                ],
            },
            js({"ok": True, "claim_total": 11840.00}),
        ),
    )
    t.step("Added three line items to CLM-55120: parts $7,210, labor $3,696, paint $934 (total $11,840).")
    t.healthy(
        "Polling an OCR job: six identical 'processing' answers, then 'completed' with the data, which the "
        "agent files. A finished poll is healthy."
    )
    return t.build()


def claim_upload_handoff() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-016-claims-upload-timeouts-escalated",
        "A claims agent's document upload times out three times in a row; it stops retrying, escalates to a "
        "human adjuster and tells the customer.",
        agent="insurance claims intake agent (ClaimCenter-style REST tools)",
        model="gpt-4o-2024-11-20",
        start="2026-03-07T14:00:00+00:00",
        ids="call",
    )
    t.user("I've sent the plumber's report for my claim CLM-55873 by email. Can you attach it to the claim?")
    t.step(
        "",
        c(
            "mail_find_attachment",
            {"from": "lucia.alvarez@example.com", "subject_contains": "CLM-55873"},
            js({"attachment_id": "att-19c2", "filename": "informe_fontanero.pdf", "size_kb": 18432}),
        ),
    )
    args = {"claim_id": "CLM-55873", "attachment_id": "att-19c2", "doc_type": "contractor_report"}
    gateway = (
        "<html><head><title>504 Gateway Time-out</title></head><body><center><h1>504 Gateway "
        "Time-out</h1></center></body></html>"
    )
    t.step("Attaching it.", c("claims_attach_document", args, gateway, error=True))
    t.wait(10)
    t.step("The gateway timed out; trying again.", c("claims_attach_document", args, gateway, error=True))
    t.wait(30)
    t.step("One more try after a pause.", c("claims_attach_document", args, gateway, error=True))
    t.step(
        "The document service keeps timing out on this 18 MB file. Handing it to an adjuster rather than "
        "retrying further.",
        c(
            "escalate_to_adjuster",
            {
                "claim_id": "CLM-55873",
                "reason": "Attachment upload (18 MB PDF, att-19c2) "
                "times out at the gateway 3x; please attach manually.",
                "priority": "normal",
            },
            js({"ok": True, "task_id": "ADJ-30117", "assigned_to": "Queue: Property Desk"}),
        ),
    )
    t.step(
        "I couldn't attach the report automatically because our document service timed out three times. "
        "I've passed it to the property desk (task ADJ-30117); an adjuster will attach it today. Nothing "
        "else is needed from you."
    )
    t.healthy(
        "Three identical failing attempts (a 504 page each time) followed by a change of approach: "
        "escalation to a human. Two retries then a hand-off is the healthy pattern."
    )
    return t.build()


def ediscovery_bulk_tags() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-017-ediscovery-responsive-tags-batches",
        "An e-discovery agent tags thirty different documents as Responsive in parallel batches; every "
        "acknowledgement looks the same, and a final count confirms the work.",
        agent="e-discovery review agent (Relativity-style review API)",
        model="gpt-4.1",
        start="2026-02-27T09:00:00+00:00",
        ids="call",
    )
    t.user("Tag as Responsive every document in saved search SS-44 (pricing communications, Q3 2025).")
    docs = [f"DOC-0{5100 + 7 * i}" for i in range(30)]
    t.step("", c("run_saved_search", {"search_id": "SS-44"}, js({"count": 30, "doc_ids": docs})))
    for i in range(0, 30, 5):
        t.step(
            "Tagging in batches of five." if i == 0 else "",
            *[
                c("set_document_tag", {"doc_id": d, "tag": "Responsive", "value": True}, js({"ok": True}))
                for d in docs[i : i + 5]
            ],
        )
    t.step(
        "", c("count_tagged", {"search_id": "SS-44", "tag": "Responsive"}, js({"tagged": 30, "untagged": 0}))
    )
    t.step("All 30 documents in SS-44 are tagged Responsive.")
    t.healthy(
        'Batch writes over thirty different documents, each acknowledged with the identical {"ok": true}; '
        "the count confirms all thirty. Not a loop."
    )
    return t.build()


BUILDERS = [
    caselaw_new_results,
    contrato_clausulas,
    claim_ocr_poll,
    claim_upload_handoff,
    ediscovery_bulk_tags,
]
