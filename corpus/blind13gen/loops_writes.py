"""Loops: writes repeated with only volatile fields differing, a save/validate cycle, mixtures."""

from __future__ import annotations

from typing import Any

from .builder import Clock, Trace, call, js, jsp


def fisheries_landing_resubmit_el() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-033-fisheries-landing-declaration-resubmit",
        "Fisheries compliance agent (Greek) resubmits one landing declaration; each acknowledgement has a "
        "new receipt id.",
        ids="openai",
        agent="fisheries and maritime compliance",
        language="el",
    )
    t.user(
        "Υπέβαλε τη δήλωση εκφόρτωσης για το ΠΛ «Αγία Ειρήνη» (GRC-000417): λιμάνι Καβάλας σήμερα, 312 kg "
        "σαρδέλα (PIL), 95 kg γαύρο (ANE)."
    )
    clock = Clock("2026-04-07T06:40:00Z")
    payload = {
        "vessel_cfr": "GRC000000417",
        "port": "GRKVA",
        "date": "2026-04-07",
        "catch": [{"species": "PIL", "kg": 312}, {"species": "ANE", "kg": 95}],
    }
    receipts = ["LD-2026-118804", "LD-2026-118811", "LD-2026-118823", "LD-2026-118830"]
    texts = [
        "Υποβάλλω τη δήλωση.",
        "Δεν βλέπω επιβεβαίωση αριθμού πρωτοκόλλου στο μήνυμα· την ξαναστέλνω για σιγουριά.",
        "Θα την υποβάλω ξανά ώστε να είμαι βέβαιος ότι καταχωρήθηκε.",
        "Μία ακόμη υποβολή για επιβεβαίωση.",
    ]
    subs = []
    for rid, text in zip(receipts, texts, strict=True):
        ack = js({"status": "ACCEPTED", "receipt": rid, "received_at": clock.tick(47)})
        subs.append(t.act(text, call("elog.submit_landing", payload, ack)))
    t.say("Η δήλωση εκφόρτωσης υποβλήθηκε (αρ. LD-2026-118830).")
    onset = subs[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"The same landing declaration is submitted four times (steps {', '.join(map(str, subs))}); every "
        "ack says ACCEPTED and differs only in receipt id and time, which are volatile. The first ack "
        "already confirmed it, and the duplicates now need cancelling. A repeated write with volatile "
        f"acks: the 3rd identical submission, step {onset}, is the onset.",
    )


def parking_permit_rewrite_de() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-034-parking-permit-update-volatile-args",
        "Municipal parking-permit agent (German) rewrites one permit with a new client timestamp and "
        "request id each time.",
        ids="anthropic",
        agent="municipal parking permits",
        language="de",
    )
    t.user("Bewohnerparkausweis BP-11-20931: neues Kennzeichen M-KL 4471 statt M-KL 3150. Bitte ändern.")
    clock = Clock("2026-03-20T09:12:00Z")
    writes = []
    texts = [
        "Ich ändere das Kennzeichen.",
        "Gespeichert. Zur Sicherheit schreibe ich die Änderung noch einmal.",
        None,
        "Der Ausweis zeigt das neue Kennzeichen, aber ich schreibe es nochmals, damit die Kontrollgeräte "
        "es sicher bekommen.",
        "Und noch einmal, um die Synchronisation anzustoßen.",
    ]
    for k, text in enumerate(texts):
        if text is None:
            t.act(
                "Ich prüfe den Ausweis.",
                call(
                    "parking.getPermit",
                    {"permitId": "BP-11-20931"},
                    js(
                        {"permitId": "BP-11-20931", "zone": 11, "plate": "M-KL 4471", "validTo": "2026-12-31"}
                    ),
                ),
            )
            continue
        args = {
            "permitId": "BP-11-20931",
            "patch": {"plate": "M-KL 4471"},
            "clientTs": clock.tick(61),
            "requestId": f"req-{7731 + 13 * k}",
        }
        writes.append(
            t.act(text, call("parking.updatePermit", args, js({"updated": True, "permitId": "BP-11-20931"})))
        )
    t.say("Das Kennzeichen auf BP-11-20931 ist jetzt M-KL 4471.")
    onset = writes[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"parking.updatePermit writes the same patch four times (steps {', '.join(map(str, writes))}); only "
        "clientTs and requestId differ, which are volatile, and the read in between already shows the new "
        f"plate. A repeated write: the 3rd identical write, step {onset}, is the onset.",
    )


def mortgage_save_validate_cycle() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-035-mortgage-save-aus-cycle",
        "Loan origination agent saves the same loan file and re-runs automated underwriting, getting the "
        "same DTI finding.",
        ids="openai",
        agent="mortgage and loan origination",
    )
    t.user(
        "Loan 2026-LN-4471 came back Refer from AUS. See if you can get it to Approve/Eligible and tell me "
        "what changed."
    )
    t.act(
        "Reading the last findings.",
        call(
            "aus.get_findings",
            {"loan": "2026-LN-4471"},
            "Recommendation: REFER/ELIGIBLE\n- DTI 47.2% exceeds 45% for this credit profile\n- Reserves 2 "
            "months\n",
        ),
    )
    fields = {
        "loan": "2026-LN-4471",
        "fields": {"monthly_income": 9250, "monthly_debts": 4366, "reserves_months": 2},
    }
    findings = (
        "Recommendation: REFER/ELIGIBLE\n- DTI 47.2% exceeds 45% for this credit profile\n- Reserves 2 "
        "months\n"
    )
    saves, runs = [], []
    texts = [
        ("Saving the loan file with the verified figures.", "Re-running AUS."),
        ("Still Refer. Saving again to make sure the income was committed.", "Re-running AUS."),
        ("Same DTI. Re-saving the file.", "Submitting to AUS again."),
        ("Saving once more.", "AUS again."),
    ]
    for ts, tr in texts:
        saves.append(
            t.act(ts, call("los.save_loan_file", fields, js({"saved": True, "version": 12 + len(saves)})))
        )
        runs.append(t.act(tr, call("aus.run", {"loan": "2026-LN-4471"}, findings)))
    t.say("AUS still returns Refer/Eligible with DTI 47.2%.")
    onset = saves[2]
    return t.loop(
        ["alternation", "identical_call"],
        onset,
        f"Save/validate cycle: the same fields are saved (steps {', '.join(map(str, saves))}; only a "
        f"version counter changes) and AUS re-run (steps {', '.join(map(str, runs))}) with the identical "
        "DTI 47.2% finding. Nothing that drives DTI (debts paid off, added income, another program) "
        "changes. The third save is both the 3rd identical write and the third visit to the cycle's first "
        f"state: step {onset}.",
    )


def solar_ticket_duplicate_fr() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-036-solar-curtailment-ticket-duplicates",
        "Solar-farm monitoring agent (French) re-creates the same curtailment ticket while saying it is "
        "verifying it.",
        ids="bedrock",
        agent="solar farm monitoring",
        language="fr",
    )
    t.user(
        "L'onduleur INV-B07 de la centrale de Lunel est bridé à 60 % depuis ce matin sans ordre du "
        "gestionnaire de réseau. Ouvre un ticket pour l'équipe O&M."
    )
    t.act(
        "Je regarde la production de l'onduleur.",
        call(
            "scada.inverter_power",
            {"site": "LUNEL", "inverter": "INV-B07", "window": "today"},
            "time;kW;limit_pct\n08:00;412;100\n09:00;398;60\n10:00;401;60\n11:00;405;60\n",
        ),
    )
    ticket = {
        "site": "LUNEL",
        "asset": "INV-B07",
        "priority": "P2",
        "title": "Bridage 60 % sans ordre GRD",
        "description": "Limitation de puissance active à 60 % depuis 09:00, aucun ordre de limitation reçu.",
    }
    ids = ["OM-30418", "OM-30419", "OM-30421", "OM-30422"]
    texts = [
        "Le bridage commence à 09:00. Je crée le ticket.",
        "C'est fait ! Vérifions que le ticket est bien créé : je le soumets à nouveau pour obtenir la "
        "confirmation.",
        "Le ticket est créé. Pour être certain que l'équipe O&M le reçoit, je le crée encore une fois.",
        "Je m'assure que le ticket existe bien en le recréant.",
    ]
    creates = [
        t.act(text, call("tickets.create", ticket, js({"id": tid, "status": "NEW", "queue": "O&M-SUD"})))
        for tid, text in zip(ids, texts, strict=True)
    ]
    t.say("Le ticket OM-30422 est ouvert pour l'équipe O&M.")
    onset = creates[2]
    return t.loop(
        ["identical_call", "narration"],
        onset,
        f"tickets.create is called four times with the same payload (steps {', '.join(map(str, creates))}); "
        "each ack has a new ticket id (volatile), so four duplicates now sit in the O&M queue. The "
        "narration claims each call is a verification. Several kinds: the 3rd identical write, step "
        f"{onset}, is the earliest onset.",
    )


def zoo_note_second_turn_fi() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-037-zoo-enclosure-note-second-turn",
        "Zoo keeper assistant (Finnish) records feedings in a first turn, then rewrites one enclosure note "
        "repeatedly in a second turn.",
        ids="gemini",
        agent="zoo animal care records",
        language="fi",
    )
    t.user(
        "Kirjaa aamun ruokinnat savanniosastolle: kirahvit 2 paalia, seeprat 1 paali, strutsit 3 kg rehua."
    )
    feeds = [
        ("Giraffa camelopardalis", "heinäpaali", 2, "kpl"),
        ("Equus quagga", "heinäpaali", 1, "kpl"),
        ("Struthio camelus", "strutsirehu", 3, "kg"),
    ]
    for species, feed, qty, unit in feeds:
        t.act(
            f"Kirjaan: {species}.",
            call(
                "husbandry.log_feeding",
                {"enclosure": "Savanni-2", "species": species, "feed": feed, "qty": qty, "unit": unit},
                js({"ok": True, "entry": f"FD-{species[:3].upper()}-0319"}),
            ),
        )
    t.say("Aamun ruokinnat on kirjattu savanniosastolle.")
    t.user("Lisää vielä Savanni-2:n muistiinpanoon: portti B:n salpa jumittaa, huoltopyyntö tehty.")
    note = {"enclosure": "Savanni-2", "note": "Portti B:n salpa jumittaa, huoltopyyntö tehty."}
    writes = []
    texts = [
        "Päivitän osaston muistiinpanon.",
        "Versio nousi. Tallennan vielä kerran, ettei teksti jää luonnokseksi.",
        "Tallennan uudelleen varmuuden vuoksi.",
        "Vielä yksi tallennus.",
    ]
    for k, text in enumerate(texts):
        writes.append(
            t.act(
                text,
                call(
                    "enclosure.update_note",
                    note,
                    js({"ok": True, "enclosure": "Savanni-2", "version": 41 + k}),
                ),
            )
        )
    t.say("Muistiinpano on päivitetty.")
    onset = writes[2]
    return t.loop(
        ["identical_call"],
        onset,
        "The first turn is a healthy fan-out of three feedings. In the second turn the same enclosure note "
        f"is written four times (steps {', '.join(map(str, writes))}); each ack differs only in a version "
        f"counter. Counting from the second user message, the 3rd identical write, step {onset}, is the "
        "onset.",
    )


def auction_catalog_republish_ro() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-038-auction-catalog-republish",
        "Auction house agent (Romanian) republishes one catalogue; only the revision number in the reply "
        "changes.",
        ids="plain:fc",
        agent="auction house operations",
        language="ro",
    )
    t.user("Publică online catalogul licitației de artă românească din 24 aprilie (RO-2026-04).")
    t.act(
        "Verific catalogul înainte de publicare.",
        call(
            "catalog.validate",
            {"sale": "RO-2026-04"},
            js(
                {
                    "sale": "RO-2026-04",
                    "lots": 138,
                    "errors": [],
                    "warnings": ["lot 77: lipsește fotografia verso"],
                }
            ),
        ),
    )
    pubs = []
    texts = [
        "Valid, cu un avertisment minor. Public catalogul.",
        "Publicat. Îl mai public o dată ca să se actualizeze pagina.",
        "Pagina publică poate avea cache; public din nou.",
        "Încă o publicare, ca să fiu sigur.",
        "Public din nou.",
    ]
    for k, text in enumerate(texts):
        body = f"published sale=RO-2026-04 revision={7 + k} lots=138 url=https://catalog.example/ro-2026-04"
        pubs.append(t.act(text, call("catalog.publish", {"sale": "RO-2026-04", "channel": "web"}, body)))
    t.say("Catalogul RO-2026-04 este publicat online.")
    onset = pubs[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"catalog.publish is called five times with the same arguments (steps {', '.join(map(str, pubs))}); "
        "each reply differs only in the revision counter, a volatile field. The first reply already "
        f"confirmed publication. The 3rd identical call, step {onset}, is the onset.",
    )


def qa_scorecard_fix_then_duplicates_ko() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-039-callcenter-scorecard-fix-then-duplicates",
        "Call-centre QA agent (Korean) fixes a scorecard after two rejections, then submits the fixed card "
        "again and again.",
        ids="openai",
        agent="call-centre quality assurance",
        language="ko",
    )
    t.user(
        "상담 CL-77120 평가표를 제출해 주세요. 인사 8, 문제해결 22, 마무리 7, 메모: '환불 규정 안내 누락'."
    )
    bad1 = {
        "call_id": "CL-77120",
        "scores": {"인사": 8, "문제해결": 22, "마무리": 7},
        "memo": "환불 규정 안내 누락",
    }
    bad2 = {
        "call_id": "CL-77120",
        "scores": {"greeting": 8, "resolution": 22, "closing": 7},
        "memo": "환불 규정 안내 누락",
    }
    good = {
        "call_id": "CL-77120",
        "scores": {"greeting": 8, "resolution": 22, "closing": 7},
        "memo": "환불 규정 안내 누락",
        "rubric": "v3",
    }
    t.act(
        "평가표를 제출합니다.",
        call(
            "scorecard.submit",
            bad1,
            jsp({"ok": False, "error": "unknown section keys: 인사, 문제해결, 마무리"}),
        ),
    )
    t.act(
        "섹션 키를 영문으로 바꿔 다시 제출합니다.",
        call("scorecard.submit", bad2, jsp({"ok": False, "error": "missing required field: rubric"})),
    )
    subs = []
    texts = [
        "rubric 필드를 추가합니다.",
        "제출됐습니다. 혹시 반영이 안 됐을 수 있으니 다시 제출하겠습니다.",
        "확인을 위해 한 번 더 제출합니다.",
        "다시 제출합니다.",
    ]
    for k, text in enumerate(texts):
        subs.append(
            t.act(
                text,
                call(
                    "scorecard.submit",
                    good,
                    jsp({"ok": True, "score_id": f"SC-{55012 + 3 * k}", "total": 37}),
                ),
            )
        )
    t.say("CL-77120 평가표가 제출되었습니다 (총점 37).")
    onset = subs[2]
    return t.loop(
        ["identical_call"],
        onset,
        "Two rejected submissions with different payloads, each fixed in turn, are healthy. From step "
        f"{subs[0]} the corrected scorecard is accepted, then submitted three more times with the identical "
        f"payload (steps {', '.join(map(str, subs))}); each ack differs only in a new score_id, creating "
        f"duplicates. The 3rd identical submission, step {onset}, is the onset.",
    )


def iftar_event_recreate_ar() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-040-iftar-event-recreated-with-new-titles",
        "Community events agent (Arabic) keeps creating the same iftar event under slightly different "
        "titles because it is pending approval.",
        ids="responses",
        agent="religious and community event scheduling",
        language="ar",
    )
    t.user("أضف إفطار الجالية يوم الجمعة 27 فبراير في قاعة المسجد من 17:45 إلى 20:00 إلى تقويم المجتمع.")
    base = {"start": "2026-02-27T17:45", "end": "2026-02-27T20:00", "room": "قاعة المسجد"}
    titles = [
        "إفطار الجالية",
        "إفطار الجالية الجماعي",
        "إفطار جماعي للجالية",
        "إفطار الجالية - الجمعة",
        "إفطار المجتمع",
    ]
    texts = [
        "سأنشئ الحدث.",
        "لا يظهر الحدث في القائمة. سأنشئه مرة أخرى بعنوان أوضح.",
        "ما زال غير ظاهر. ربما العنوان متعارض؛ أغيّره قليلًا.",
        "سأجرّب عنوانًا آخر.",
        "محاولة أخيرة بعنوان مختلف.",
    ]
    creates = []
    for k, (title, text) in enumerate(zip(titles, texts, strict=True)):
        creates.append(
            t.act(
                text,
                call(
                    "calendar.create_event",
                    {"title": title, **base},
                    js({"id": f"EV-{9130 + k}", "status": "pending_approval", "title": title}),
                ),
            )
        )
        t.act(
            "أتحقق من التقويم.",
            call(
                "calendar.search",
                {"q": title, "date": "2026-02-27", "status": "approved"},
                js({"results": []}),
            ),
        )
    t.say("لم يظهر الحدث في التقويم بعد. قد تكون هناك مشكلة في النظام.")
    onset = creates[3]
    return t.loop(
        ["same_tool"],
        onset,
        f"Each create succeeds with status pending_approval (steps {', '.join(map(str, creates))}), but the "
        "agent searches for it among approved events only, does not find it, and re-creates the event "
        "under a slightly different title, leaving five pending duplicates. Varied arguments with no "
        f"progress: the 4th attempt, step {onset}, is the onset.",
    )


SCENARIOS = [
    fisheries_landing_resubmit_el,
    parking_permit_rewrite_de,
    mortgage_save_validate_cycle,
    solar_ticket_duplicate_fr,
    zoo_note_second_turn_fi,
    auction_catalog_republish_ro,
    qa_scorecard_fix_then_duplicates_ko,
    iftar_event_recreate_ar,
]
