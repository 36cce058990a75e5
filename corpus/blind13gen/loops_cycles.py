"""Loops: A/B and longer cycles, toggles with and without reads between them."""

from __future__ import annotations

from typing import Any

from .builder import Trace, call, csv, js, jsp, yaml_block


def auction_reserve_ab_fr() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-017-auction-reserve-price-ab-cycle",
        "Auction house agent (French) alternates between a lot record and its consignment contract without "
        "resolving a reserve mismatch.",
        ids="anthropic",
        agent="auction house operations",
        language="fr",
    )
    t.user(
        "Vérifie le prix de réserve du lot « Commode Louis XV en marqueterie » avant la mise en ligne du "
        "catalogue."
    )
    t.act(
        "Je retrouve le lot.",
        call(
            "lots_search",
            {"q": "Commode Louis XV marqueterie", "vente": "PAR-2026-05"},
            js({"resultats": [{"lot": 214, "titre": "Commode Louis XV en marqueterie de bois de violette"}]}),
        ),
    )
    lot = js(
        {
            "lot": 214,
            "vente": "PAR-2026-05",
            "estimation": "10 000 – 15 000 €",
            "reserve": 12000,
            "consignation": "CN-8812",
        }
    )
    contrat = js(
        {
            "id": "CN-8812",
            "vendeur": "Succession Derval",
            "lot": 214,
            "reserve_contractuelle": 15000,
            "signe": "2026-02-11",
        }
    )
    a_steps, b_steps = [], []
    texts_a = [
        "J'ouvre la fiche du lot.",
        "Le contrat indique 15 000 €. Je relis la fiche du lot.",
        "La fiche dit toujours 12 000 €. Je reprends la fiche.",
        "Je relis la fiche du lot.",
    ]
    texts_b = [
        "Réserve 12 000 €. Je compare avec le contrat de consignation.",
        "Je revérifie le contrat.",
        "Je rouvre le contrat pour être sûr.",
    ]
    for k in range(4):
        a_steps.append(t.act(texts_a[k], call("lots_get", {"lot": 214, "vente": "PAR-2026-05"}, lot)))
        if k < 3:
            b_steps.append(t.act(texts_b[k], call("consignments_get", {"id": "CN-8812"}, contrat)))
    t.say("Il y a un écart : 12 000 € sur la fiche, 15 000 € au contrat. Je n'ai pas pu trancher.")
    onset = a_steps[2]
    return t.loop(
        ["alternation"],
        onset,
        f"A/B cycle: lots_get (steps {', '.join(map(str, a_steps))}) and consignments_get (steps "
        f"{', '.join(map(str, b_steps))}) alternate with identical results; the mismatch (12 000 vs 15 000 "
        "€) is clear after the first pair and needs a correction or a question to the specialist, not more "
        f"reads. The third visit to the first state, step {onset}, is the onset.",
    )


def wedding_vendor_three_cycle_tl() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-018-wedding-vendor-three-step-cycle",
        "Wedding planning agent (Tagalog) cycles venue, caterer and calendar checks for one date the "
        "caterer cannot do.",
        ids="plain:call_",
        agent="wedding planning",
        language="tl",
    )
    t.user(
        "Pakitingnan kung puwede ang Hunyo 13, 2026 sa Villa Escudero, at kung available ang Casa Lumbre "
        "catering. Libre raw kami buong araw."
    )
    venue = js(
        {
            "venue": "Villa Escudero - Pavilion",
            "date": "2026-06-13",
            "available": True,
            "hold_until": "2026-03-25",
        }
    )
    caterer = js({"caterer": "Casa Lumbre", "date": "2026-06-13", "available": False, "note": "fully booked"})
    cal = csv(["date", "start", "end", "title"], [["2026-06-13", "", "", "(walang event)"]])
    a, b, c = [], [], []
    lines = [
        (
            "Titingnan ko muna ang venue.",
            "Available ang venue. Ngayon ang caterer.",
            "Fully booked ang caterer. Titingnan ko ang kalendaryo ninyo.",
        ),
        (
            "Libre kayo. Babalikan ko ang venue.",
            "Available pa rin. Susuriin ulit ang caterer.",
            "Booked pa rin. Kalendaryo ulit.",
        ),
        ("Venue ulit, baka nagbago.", "Caterer ulit.", "Kalendaryo."),
    ]
    for va, vb, vc in lines:
        a.append(
            t.act(va, call("venue.check_availability", {"venue_id": "VE-PAV", "date": "2026-06-13"}, venue))
        )
        b.append(t.act(vb, call("caterer.check", {"vendor": "casa-lumbre", "date": "2026-06-13"}, caterer)))
        c.append(t.act(vc, call("calendar.list_events", {"date": "2026-06-13"}, cal)))
    t.say("Available ang venue pero fully booked ang Casa Lumbre sa Hunyo 13.")
    onset = a[2]
    return t.loop(
        ["alternation"],
        onset,
        "Period-3 cycle: venue check, caterer check and calendar list repeat three times with identical "
        f"results (venue steps {', '.join(map(str, a))}). The caterer is booked from the first pass; "
        "progress would be another date or another caterer. A B C A B C [A]: the third visit to the venue "
        f"check, step {onset}, is the onset.",
    )


def elevator_mode_toggle_ko() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-019-elevator-mode-toggle-with-reads",
        "Facility agent (Korean) toggles an elevator between independent and normal mode, reading status "
        "between toggles; the fault stays.",
        ids="openai",
        agent="elevator and facility IoT maintenance",
        language="ko",
    )
    t.user("B동 3호기 엘리베이터가 문 잠금 오류로 멈췄어요. 원격으로 복구해 볼 수 있을까요?")
    status = js(
        {"unit": "B-3", "state": "OUT_OF_SERVICE", "fault": "DOOR_LOCK_FAULT", "code": "E-41", "landing": 5}
    )
    toggles = []
    modes = ["independent", "normal", "independent", "normal", "independent"]
    texts = [
        "독립 운전 모드로 전환해서 오류를 초기화해 보겠습니다.",
        "일반 모드로 되돌리겠습니다.",
        "다시 독립 모드로 바꿔 보겠습니다.",
        "일반 모드로 복귀합니다.",
        "한 번 더 독립 모드로 전환합니다.",
    ]
    for mode, text in zip(modes, texts, strict=True):
        toggles.append(
            t.act(
                text, call("elevator.set_mode", {"unit": "B-3", "mode": mode}, js({"ok": True, "mode": mode}))
            )
        )
        t.act("상태를 확인합니다.", call("elevator.get_status", {"unit": "B-3"}, status))
    t.say("모드 전환으로는 E-41 오류가 해제되지 않습니다.")
    onset = toggles[3]
    return t.loop(
        ["same_tool", "alternation"],
        onset,
        f"elevator.set_mode flips between independent and normal (steps {', '.join(map(str, toggles))}) "
        "with a status read between each flip; the status is the same DOOR_LOCK_FAULT E-41 every time. A "
        "door-lock fault needs a technician dispatch, not mode cycling. The status reads are re-checks "
        "after each toggle (counted from the last action), so the toggle rule decides: the 4th toggle, "
        f"step {onset}, is the onset.",
    )


def childcare_absence_toggle_pt() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-020-childcare-absence-flag-toggle",
        "Childcare centre agent (European Portuguese) flips a child's absence flag back and forth with no "
        "reads in between.",
        ids="bedrock",
        agent="childcare centre administration",
        language="pt",
    )
    t.user(
        "Mensagem da mãe da Leonor Sá (sala Girassóis): hoje de manhã ela fica em casa, vem depois do "
        "almoço. Atualiza as presenças, por favor."
    )
    args = {"crianca": "Leonor Sá", "sala": "Girassóis", "data": "2026-03-19"}
    flags = [True, False, True, False, True, False]
    texts = [
        "Marco a Leonor como ausente.",
        "Espera, ela vem depois do almoço, portanto está presente hoje. Corrijo.",
        "Mas de manhã não está; a presença é registada de manhã. Volto a marcar ausente.",
        "Por outro lado, se vier à tarde conta como presente. Corrijo outra vez.",
        "Hmm, a mãe disse que fica em casa de manhã. Ausente.",
        "Afinal vem à tarde. Presente.",
    ]
    toggles = [
        t.act(
            text,
            call("presencas.marcar_ausente", {**args, "ausente": flag}, jsp({"ok": True, "ausente": flag})),
        )
        for flag, text in zip(flags, texts, strict=True)
    ]
    t.say("Atualizei a presença da Leonor.")
    onset = toggles[3]
    return t.loop(
        ["same_tool", "alternation"],
        onset,
        "The absence flag is written true, false, true, false, true, false (steps "
        f"{', '.join(map(str, toggles))}) with no new information; the tool has a note or partial-day field "
        f"the agent never uses. A flag toggled back and forth: the 4th toggle, step {onset}, is the onset.",
    )


def mining_reserve_four_cycle() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-021-mining-block-model-four-step-cycle",
        "Mine planning agent repeats load-cutoff-tonnage-export four times with the same parameters, "
        "hoping the figure changes.",
        ids="mistral",
        agent="mining geology (resource estimation)",
    )
    t.user(
        "Our Q1 reserve statement says 4.12 Mt at 1.38 g/t above a 0.45 g/t cut-off. Reproduce that from "
        "block model BM_2026Q1 and export the grade-tonnage report."
    )
    load = js({"model": "BM_2026Q1", "blocks": 1482210, "domains": ["OX", "TR", "FR"], "density_field": "SG"})
    cutoff = js({"cutoff_gpt": 0.45, "blocks_above": 61877})
    tonnage = "tonnes_Mt,grade_gpt,contained_koz\n3.87,1.41,175.4\n"
    export = js({"path": "reports/BM_2026Q1_gt.xlsx", "sheets": 3})
    a = []
    texts = [
        ("Loading the block model.", "Applying the cut-off.", "Computing tonnage.", "Exporting the report."),
        (
            "3.87 Mt, not 4.12. Reloading the model in case something was cached.",
            "Re-applying the 0.45 cut-off.",
            "Recomputing.",
            "Exporting again.",
        ),
        ("Still 3.87 Mt. Let me redo the whole chain.", "Cut-off.", "Tonnage.", "Export."),
    ]
    for ta, tb, tc, td in texts:
        a.append(t.act(ta, call("load_block_model", {"name": "BM_2026Q1"}, load)))
        t.act(tb, call("apply_cutoff", {"grade_gpt": 0.45, "field": "AU_OK"}, cutoff))
        t.act(tc, call("compute_tonnage", {"by": "total"}, tonnage))
        t.act(td, call("export_report", {"format": "xlsx"}, export))
    t.say("I get 3.87 Mt at 1.41 g/t, not the 4.12 Mt in the statement; I could not reproduce it.")
    onset = a[2]
    return t.loop(
        ["alternation"],
        onset,
        "Period-4 cycle: load_block_model, apply_cutoff, compute_tonnage and export_report repeat with the "
        f"same arguments and the same 3.87 Mt each time (load steps {', '.join(map(str, a))}). Progress "
        "would be a different grade field, density or domain filter to explain the gap. A B C D A B C D "
        f"[A]: the third visit to the first state, step {onset}, is the onset.",
    )


def patent_claim_edit_revert() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-022-patent-claim-edit-revert",
        "Patent prosecution agent adds and removes the same claim limitation over and over in the draft "
        "response.",
        ids="responses",
        agent="patent prosecution",
    )
    t.user(
        "Draft the claim amendment for 17/482,113. The examiner interview summary is in interview.md; keep "
        "claim 1 as broad as the interview allows."
    )
    t.act(
        "Reading the interview summary.",
        call(
            "fs.read",
            {"path": "interview.md"},
            "# Interview 2026-03-12\nExaminer indicated that adding 'crosslinked' to the binder would "
            "likely overcome Nakamura, but noted it might narrow claim 1 more than necessary; applicant to "
            "consider dependent claim route.\n",
        ),
    )
    add = {"path": "claims.md", "find": "a binder comprising", "replace": "a crosslinked binder comprising"}
    rem = {"path": "claims.md", "find": "a crosslinked binder comprising", "replace": "a binder comprising"}
    a, b = [], []
    seq = [
        (add, "The examiner suggested 'crosslinked'. Adding it to claim 1."),
        (rem, "That narrows claim 1 too much; reverting and keeping it broad."),
        (add, "But without it Nakamura still applies. Adding 'crosslinked' back."),
        (rem, "Too narrow again; the interview mentioned a dependent-claim route. Reverting."),
        (add, "Without it claim 1 will be rejected again. Re-adding."),
        (rem, "Reverting to keep breadth."),
        (add, "Adding it back."),
    ]
    for args, text in seq:
        step = t.act(text, call("fs.replace", args, "1 replacement in claims.md"))
        (a if args is add else b).append(step)
    t.say("I've made the amendment to claim 1.")
    onset = a[2]
    return t.loop(
        ["alternation"],
        onset,
        f"Edit-revert cycle: the same replacement is applied (steps {', '.join(map(str, a))}) and undone "
        f"(steps {', '.join(map(str, b))}) with identical results; the agent re-argues the same trade-off "
        "each time instead of drafting the dependent claim the interview pointed to. A B A B [A]: the "
        f"third visit to the add state, step {onset}, is the onset.",
    )


def qa_score_calibration_ab_de() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-023-callcenter-qa-score-calibration-ab",
        "Call-centre QA agent (German) alternates re-scoring a call and re-reading the calibration; only a "
        "run id changes.",
        ids="gemini",
        agent="call-centre quality assurance",
        language="de",
    )
    t.user(
        "Teamleiterin Krause meint, Anruf CL-99812 sei zu schlecht bewertet (72). Bitte mit Rubrik v3 "
        "nachbewerten und gegen die Kalibrierung prüfen."
    )
    runs = ["r-5f1a", "r-5f2c", "r-5f3e", "r-5f41"]
    calib = yaml_block(
        [
            ("rubric", "v3"),
            ("anchor_calls", 24),
            ("agreement_kappa", 0.81),
            ("drift", [("begruessung", "+0.0"), ("loesung", "-0.2"), ("abschluss", "+0.1")]),
        ]
    )
    a, b = [], []
    texts_a = [
        "Ich bewerte den Anruf mit Rubrik v3 neu.",
        "Kalibrierung ist stabil. Ich bewerte noch einmal.",
        "Wieder 72. Ich bewerte erneut, um sicherzugehen.",
        "Noch eine Neubewertung.",
    ]
    texts_b = [
        "72 Punkte. Ich prüfe die Kalibrierung.",
        "Kalibrierung erneut prüfen.",
        "Und die Kalibrierung.",
    ]
    for k in range(4):
        body = js(
            {
                "call": "CL-99812",
                "rubric": "v3",
                "score": 72,
                "run_id": runs[k],
                "sections": {"loesung": 14, "abschluss": 6},
            }
        )
        a.append(t.act(texts_a[k], call("qa.score_call", {"call_id": "CL-99812", "rubric": "v3"}, body)))
        if k < 3:
            b.append(t.act(texts_b[k], call("qa.get_calibration", {"rubric": "v3"}, calib)))
    t.say("Die Neubewertung ergibt weiterhin 72 Punkte; die Kalibrierung ist unauffällig.")
    onset = a[2]
    return t.loop(
        ["alternation"],
        onset,
        f"A/B cycle: qa.score_call (steps {', '.join(map(str, a))}) and qa.get_calibration (steps "
        f"{', '.join(map(str, b))}) alternate; the score is 72 every time and only the volatile run_id "
        "changes, so no state is new. The answer was available after the first pair. The third visit to "
        f"the scoring state, step {onset}, is the onset.",
    )


def wildfire_batch_index_ab_fi() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-024-wildfire-batch-reads-index-ab",
        "Forestry agent (Finnish) alternates a parallel weather-and-fuel read with an index computation; "
        "nothing changes.",
        ids="gemini",
        agent="wildfire and forestry operations",
        language="fi",
    )
    t.user(
        "Voimmeko myöntää kulotusluvan huomiseksi Kuhmon lohkolle K-17? Raja on metsäpaloindeksi alle 3,0 "
        "ja tuuli alle 6 m/s."
    )
    weather = js({"asema": "Kuhmo Kalliojoki", "huomenna": {"tuuli_ms": 4.1, "rh_pct": 38, "lampo_c": 17.5}})
    fuel = js({"lohko": "K-17", "kuollut_polttoaine_kosteus_pct": 11.2})
    index = js({"lohko": "K-17", "paivamaara": "2026-05-21", "metsapaloindeksi": 3.4, "luokka": "kohonnut"})
    a, b = [], []
    texts = [
        ("Haen sään ja polttoaineen kosteuden rinnakkain.", "Lasken indeksin."),
        ("Indeksi 3,4, yli rajan. Tarkistan lähtötiedot uudelleen.", "Lasken uudelleen."),
        ("Yhä 3,4. Haen tiedot vielä kerran.", "Lasken."),
        ("Vielä kerran lähtötiedot.", "Lasken."),
    ]
    for ta, tb in texts:
        a.append(
            t.act(
                ta,
                call("saa.hae_ennuste", {"asema": "kuhmo-kalliojoki", "paiva": "huomenna"}, weather),
                call("polttoaine.kosteus", {"lohko": "K-17"}, fuel),
                shuffle=True,
            )
        )
        b.append(t.act(tb, call("indeksi.laske", {"lohko": "K-17", "paiva": "2026-05-21"}, index)))
    t.say("Metsäpaloindeksi on 3,4, joten lupaa ei voi myöntää huomiseksi.")
    onset = a[2]
    return t.loop(
        ["alternation"],
        onset,
        f"A/B cycle where A is a parallel pair of reads (steps {', '.join(map(str, a))}) and B the index "
        f"computation (steps {', '.join(map(str, b))}); all results are identical each pass and the index "
        "(3.4) was over the limit from the first computation. The third visit to the read batch, step "
        f"{onset}, is the onset.",
    )


SCENARIOS = [
    auction_reserve_ab_fr,
    wedding_vendor_three_cycle_tl,
    elevator_mode_toggle_ko,
    childcare_absence_toggle_pt,
    mining_reserve_four_cycle,
    patent_claim_edit_revert,
    qa_score_calibration_ab_de,
    wildfire_batch_index_ab_fi,
]
