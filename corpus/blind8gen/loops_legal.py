"""Loops of legal and insurance agents: case-law research, contract review, e-discovery, claims."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js

CASES = [
    {
        "id": 6312845,
        "caseName": "Berman v. Freedom Financial Network, LLC",
        "citation": "30 F.4th 849",
        "dateFiled": "2022-03-30",
        "court": "ca9",
        "snippet": "...the notice must be displayed in a font size and format such that the court can fairly "
        "assume that a reasonably prudent Internet user would have seen it...",
    },
    {
        "id": 8891207,
        "caseName": "Oberstein v. Live Nation Entertainment, Inc.",
        "citation": "60 F.4th 505",
        "dateFiled": "2023-02-13",
        "court": "ca9",
        "snippet": "...sign-in wrap agreement was enforceable because the hyperlinked terms were "
        "conspicuous...",
    },
    {
        "id": 10334519,
        "caseName": "Chabolla v. ClassPass Inc.",
        "citation": "129 F.4th 1147",
        "dateFiled": "2025-02-20",
        "court": "ca9",
        "snippet": "...hybrid notice on a multi-screen sign-up flow did not provide reasonably conspicuous "
        "notice...",
    },
]


def caselaw_paraphrase() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-011-caselaw-browsewrap-search-rephrased",
        "A legal research agent rephrases one opinion search about browsewrap arbitration and gets the same "
        "three Ninth Circuit cases each time.",
        agent="legal research assistant (CourtListener-style opinion search tools)",
        model="claude-opus-4-1",
        start="2026-02-18T16:00:00+00:00",
    )
    t.user(
        "Find Ninth Circuit cases since 2020 holding a browsewrap or sign-in-wrap arbitration clause "
        "unenforceable because the hyperlink was not conspicuous. I need at least five for the brief."
    )
    queries = [
        "browsewrap arbitration inconspicuous hyperlink",
        "inconspicuous hyperlink browsewrap arbitration unenforceable",
        "arbitration agreement browsewrap conspicuous notice hyperlink",
        "browse-wrap arbitration clause hyperlink not conspicuous",
        '"browsewrap" AND arbitration AND hyperlink AND conspicuous',
        "sign-in wrap arbitration unenforceable inconspicuous terms link",
    ]
    texts = [
        "Searching Ninth Circuit opinions since 2020.",
        "Only three hits. Let me rephrase to catch opinions that use different wording.",
        "Still the same three. Trying the 'conspicuous notice' framing courts use.",
        "Maybe the hyphenated spelling 'browse-wrap' is indexed separately.",
        "A boolean query might be stricter and surface others.",
        "Trying the sign-in-wrap terminology.",
    ]
    searches = []
    for i, (text, q) in enumerate(zip(texts, queries, strict=True)):
        order = CASES if i % 2 == 0 else [CASES[2], CASES[0], CASES[1]]
        result = js({"count": 3, "results": order})
        searches.append(
            t.step(text, c("search_opinions", {"q": q, "court": "ca9", "filed_after": "2020-01-01"}, result))
        )
        if i == 0:
            t.step(
                "Let me read Berman first.",
                c(
                    "get_opinion",
                    {"id": 6312845, "section": "holding"},
                    "Berman v. Freedom Fin. Network, LLC, 30 F.4th 849, 856-57 (9th Cir. 2022): Reversed "
                    "the order compelling arbitration; the text disclosing the terms was in tiny gray font "
                    "and the hyperlinks were not set apart; no reasonably conspicuous notice, no "
                    "unambiguous assent.",
                ),
            )
    onset = searches[3]
    t.loop(
        ["same_tool"],
        onset,
        "Six rephrasings of the same opinion search (word order, hyphenation, boolean syntax) return the "
        "same three cases, only reordered. The agent never changes the court, date range or source "
        "(district courts, secondary sources, citing references of Berman). The 4th search, at step "
        f"{onset}, is the onset.",
    )
    return t.build()


def contrat_annonce() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-012-contrat-clause-annoncee-jamais-inseree",
        "A French contract-review agent announces turn after turn that it will insert its redraft of a "
        "non-compete clause, and never calls the tool; the harness keeps prompting it.",
        agent="contract review agent of a Paris law firm (document tools, French)",
        model="mistral-large-2411",
        start="2026-03-03T10:15:00+00:00",
        ids="seq",
    )
    t.user(
        "Relis le contrat de prestation Dupont–Verdier (doc ctr-2231) et propose une reformulation de la "
        "clause de non-concurrence (art. 14.2), trop large à mon avis. Insère-la en suggestion dans le "
        "document."
    )
    t.step(
        "Je commence par lire l'article 14.2.",
        c(
            "doc_get_clause",
            {"doc_id": "ctr-2231", "clause": "14.2"},
            "14.2 Non-concurrence. Pendant toute la durée du Contrat et pendant une période de trente-six "
            "(36) mois suivant sa cessation, pour quelque cause que ce soit, le Prestataire s'interdit "
            "d'exercer, directement ou indirectement, toute activité concurrente de celle du Client, sur "
            "l'ensemble du territoire de l'Union européenne, sans contrepartie financière.",
        ),
    )
    t.step(
        "Je vérifie aussi la loi applicable et l'article sur la contrepartie.",
        c(
            "doc_get_clause",
            {"doc_id": "ctr-2231", "clause": "22"},
            "22. Loi applicable. Le Contrat est soumis au droit français. Tout litige relève du tribunal de "
            "commerce de Paris.",
        ),
    )
    nudge = (
        "[harness] Aucun appel d'outil dans la dernière réponse. Poursuivez la tâche avec les outils "
        "disponibles."
    )
    announces = [
        "La clause est effectivement disproportionnée (36 mois, toute l'UE, sans contrepartie). Je vais "
        "maintenant rédiger la reformulation de l'article 14.2 — durée ramenée à 12 mois, périmètre limité "
        "à l'Île-de-France, contrepartie financière — puis l'insérer comme suggestion dans le document.",
        "Très bien. Je passe à la rédaction de la suggestion pour l'article 14.2 : 12 mois, Île-de-France, "
        "contrepartie de 30 % de la rémunération mensuelle moyenne. Je l'insère dans ctr-2231.",
        "Je rédige à présent la nouvelle version de la clause 14.2 (12 mois, Île-de-France, contrepartie) "
        "et je l'ajoute en suggestion dans le document.",
        "Je vais insérer la reformulation de l'article 14.2 en tant que suggestion dans ctr-2231.",
        "J'insère maintenant la proposition de reformulation de la clause de non-concurrence (art. 14.2).",
        "Je procède à l'insertion de la suggestion sur l'article 14.2 dans le document ctr-2231.",
    ]
    steps = []
    for text in announces:
        steps.append(t.step(text))
        t.system(nudge)
    onset = steps[3]
    t.loop(
        ["narration"],
        onset,
        "After two useful reads the agent announces the same action (insert the 14.2 redraft as a "
        "suggestion) six times without calling doc_suggest_edit; only harness reminders answer, and they "
        f"do not start a turn. The 4th announcement, at step {onset}, is the onset.",
    )
    return t.build()


def claims_fnol_rejected() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-013-claims-fnol-policy-not-in-force",
        "A claims-intake agent keeps re-submitting a first notice of loss with reformatted fields; the API "
        "rejects each one in an error envelope saying, in other words each time, that the policy was not in "
        "force.",
        agent="insurance claims intake agent (ClaimCenter-style REST tools)",
        model="gpt-4o-2024-11-20",
        start="2026-03-06T09:30:00+00:00",
        ids="call",
    )
    t.user(
        "Customer Lucía Álvarez reports water damage from a burst pipe on March 3, 2026. Policy "
        "HO-7741-2209. Please open the claim."
    )
    base = {
        "policy_number": "HO-7741-2209",
        "loss_date": "2026-03-03",
        "loss_type": "water_damage",
        "description": "Burst pipe under kitchen sink; water damage to cabinets and flooring.",
    }
    variants = [
        ("Opening the FNOL.", {}),
        ("The date may need the US format.", {"loss_date": "03/03/2026"}),
        ("Trying the policy number without dashes.", {"policy_number": "HO77412209"}),
        ("Perhaps the loss type code is wrong for plumbing.", {"loss_type": "plumbing_burst"}),
        ("The pipe may have burst the night before; using March 2.", {"loss_date": "2026-03-02"}),
        (
            "Submitting with both the reformatted number and the original date.",
            {"policy_number": "HO 7741 2209"},
        ),
    ]
    errors = [
        {
            "ok": False,
            "error": {
                "code": "POL_NOT_IN_FORCE",
                "message": "Policy HO-7741-2209 was not in force on 2026-03-03.",
            },
        },
        {
            "ok": False,
            "error": {
                "code": "POL_NOT_IN_FORCE",
                "message": "No active coverage for the date of loss on policy HO-7741-2209.",
            },
        },
        {
            "ok": False,
            "error": {
                "code": "COVERAGE_CHECK_FAILED",
                "message": "Coverage inactive at time of loss (policy cancelled 2026-02-15).",
            },
        },
        {"ok": False, "errors": ["policy not in force on date of loss"]},
        {
            "ok": False,
            "error": {
                "code": "POL_NOT_IN_FORCE",
                "message": "Policy status CANCELLED_NONPAY; loss date after cancellation.",
            },
        },
        {"ok": False, "error": {"code": "POL_NOT_IN_FORCE", "message": "Policy not active for 2026-03-03."}},
    ]
    failures = []
    for (text, change), err in zip(variants, errors, strict=True):
        failures.append(t.step(text, c("create_fnol", {**base, **change}, js(err))))
    onset = failures[3]
    t.loop(
        ["error_streak"],
        onset,
        "Every FNOL submission is refused because the policy was cancelled before the loss; the envelope "
        "says so in five different wordings (is_error false). The agent reformats dates, numbers and loss "
        f"codes instead of reading the policy or telling the customer. The 4th failure, at step {onset}, is "
        "the onset.",
    )
    return t.build()


def claims_appraisal_redelegation() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-014-claims-appraisal-redelegated",
        "A claims supervisor agent re-delegates the same repair estimate to its appraisal sub-agent; every "
        "report gives the same figure and the same recommendation.",
        agent="LangGraph claims supervisor with appraisal and coverage sub-agents",
        model="claude-sonnet-4-5",
        start="2026-03-09T13:00:00+00:00",
    )
    t.user(
        "Claim CLM-55120, rear-end collision, 2021 Mazda CX-5. Get a repair estimate and decide if it's a "
        "total loss. ACV is $19,400 and our threshold is 75%."
    )
    t.step(
        "",
        c(
            "get_claim",
            {"claim_id": "CLM-55120"},
            js(
                {
                    "claim_id": "CLM-55120",
                    "vehicle": "2021 Mazda CX-5 Touring",
                    "acv_usd": 19400,
                    "photos": ["P1", "P2", "P3", "P4", "P5", "P6"],
                    "shop_quote": "SQ-8812",
                    "status": "open",
                }
            ),
        ),
    )
    reports = [
        (
            "Delegating the estimate to the appraisal agent.",
            "Estimate repair cost for CLM-55120 from photos P1-P6 and shop quote SQ-8812.",
            "Appraisal report CLM-55120: parts $7,210, labor 38.5 h @ $96 = $3,696, paint/materials $934. "
            "Total $11,840. Threshold 75% of ACV = $14,550. Recommendation: repair, not a total loss.",
        ),
        (
            "The rear frame rail worries me. Asking for another estimate that looks at the frame.",
            "Re-estimate CLM-55120 paying particular attention to the rear frame rail.",
            "Re-estimate: frame pull 6.0 h already included in labor. Total ≈ $11.8k, below the $14,550 "
            "total-loss threshold. Repair.",
        ),
        (
            "Let me get one more confirmation before I decide.",
            "Double-check the repair estimate for CLM-55120.",
            "Confirmed: $11,840.00 (parts 7,210 / labor 3,696 / paint 934). Not a total loss; recommend "
            "repair.",
        ),
        (
            "I want to be certain. Asking the appraisal agent to validate the figures again.",
            "Validate the CLM-55120 repair estimate figures.",
            "Figures validated: USD 11,840 total; 61% of ACV. Repair.",
        ),
        (
            "One last check with the appraisal agent.",
            "Provide a final repair estimate for CLM-55120.",
            "Final estimate $11,840. Repair recommended.",
        ),
    ]
    delegations = []
    for text, task, report in reports:
        delegations.append(t.step(text, c("delegate_to_agent", {"agent": "appraisal", "task": task}, report)))
    onset = delegations[2]
    t.loop(
        ["same_tool"],
        onset,
        "The same estimate is delegated five times; every report says $11,840 and repair (11.8k, "
        "11,840.00, USD 11,840), so the decision was available after the first. The 3rd delegation, at "
        f"step {onset}, is the first re-delegation after two agreeing reports: the onset.",
    )
    return t.build()


def ediscovery_retag() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-015-ediscovery-privilege-tag-rewritten",
        "An e-discovery review agent keeps re-applying the same Privileged tag to one document because its "
        "privilege-log field stays empty; every write is acknowledged the same way.",
        agent="e-discovery review agent (Relativity-style review API)",
        model="gpt-4.1",
        start="2026-02-26T15:20:00+00:00",
        ids="call",
    )
    t.user("In batch B-17, tag every email with outside counsel (kline-law.com) as Privileged.")
    t.step(
        "Listing the batch.",
        c(
            "list_batch_documents",
            {"batch_id": "B-17"},
            js(
                {
                    "documents": [
                        {
                            "doc_id": "DOC-004411",
                            "type": "email",
                            "from": "r.kline@kline-law.com",
                            "to": "cfo@acme.com",
                        },
                        {
                            "doc_id": "DOC-004412",
                            "type": "email",
                            "from": "ops@acme.com",
                            "to": "vendor@shipfast.io",
                        },
                        {
                            "doc_id": "DOC-004415",
                            "type": "email",
                            "from": "gc@acme.com",
                            "to": "m.ortiz@kline-law.com",
                        },
                        {"doc_id": "DOC-004419", "type": "spreadsheet", "custodian": "cfo@acme.com"},
                    ]
                }
            ),
        ),
    )
    ack = js({"ok": True, "doc_id": "DOC-004411", "tags": ["Privileged"]})
    tag = {"doc_id": "DOC-004411", "tag": "Privileged", "value": True}
    writes = [t.step("Tagging DOC-004411.", c("set_document_tag", tag, ack))]
    t.step(
        "Tagging DOC-004415.",
        c(
            "set_document_tag",
            {"doc_id": "DOC-004415", "tag": "Privileged", "value": True},
            js({"ok": True, "doc_id": "DOC-004415", "tags": ["Privileged"]}),
        ),
    )
    doc = js(
        {
            "doc_id": "DOC-004411",
            "tags": ["Privileged"],
            "privilege_log_entry": None,
            "review_status": "coded",
        }
    )
    texts = [
        (
            "Verifying DOC-004411.",
            "The privilege log entry is empty, so the tag may not have applied. Re-tagging.",
        ),
        ("Checking again.", "Still no privilege log entry. Applying the tag once more."),
        ("Verifying.", "The log entry is still missing; tagging again."),
    ]
    for check_text, tag_text in texts:
        t.step(check_text, c("get_document", {"doc_id": "DOC-004411"}, doc))
        writes.append(t.step(tag_text, c("set_document_tag", tag, ack)))
    onset = writes[2]
    t.loop(
        ["identical_call", "alternation"],
        onset,
        "The same tag write on DOC-004411 is acknowledged identically each time, and the read between "
        "writes always shows the tag present with an empty privilege_log_entry (a separate field the tag "
        f"does not fill). The 3rd identical write, at step {onset}, is the onset; the read/write "
        "alternation around it is the same loop seen as a cycle.",
    )
    return t.build()


BUILDERS = [
    caselaw_paraphrase,
    contrat_annonce,
    claims_fnol_rejected,
    claims_appraisal_redelegation,
    ediscovery_retag,
]
