"""Loops of agent behaviour: re-delegation (once under a second sub-agent name), restated plans with calls
that bring nothing new, an action announced but never taken, a monologue, degenerate text in a reply and in
a tool argument, and writes re-issued after they succeeded."""

from __future__ import annotations

from blind18gen.builder import Trace, cj, ij, loop, sj

# --- re-delegation ---------------------------------------------------------------------------------


@loop("prosthetics-scan-redelegated")
def prosthetics_redelegate(sid: str) -> Trace:
    t = Trace(
        sid,
        "Orthotics-workshop coding assistant delegates 'find the latest socket scan' to a sub-agent four "
        "times; the reports agree from the first.",
        domain="prosthetics and orthotics workshop",
        language="en",
        ids="anthropic",
        started="2026-06-04T12:10:00Z",
        harness="claude-code",
    )
    t.user(
        "Which scan is the latest for patient P-0913's transtibial socket, the one we should mill? Check "
        "the scans folder against the fitting notes."
    )
    prompt = (
        "In /data/scans/P-0913/ find the most recent transtibial socket scan and confirm it against the "
        "fitting notes in /data/notes/P-0913.md. Report the file name, date and any modification noted."
    )
    reports = [
        "Latest scan: P-0913_TT_2026-05-28_v3.stl. The check-socket fitting on 2026-06-02 approved v3 with "
        "the note 'reduce distal end 2 mm'. Older scans: v2 (2026-05-14), v1 (2026-04-30).",
        "The most recent scan is v3 from 28 May 2026 (P-0913_TT_2026-05-28_v3.stl); the 2 June fitting "
        "note approves it, with a 2 mm distal reduction.",
        "Confirmed: P-0913_TT_2026-05-28_v3.stl is the newest scan and the one approved at the 2026-06-02 "
        "fitting (distal end -2 mm). v1 and v2 are superseded.",
        "v3 (2026-05-28) is the latest; approved 2 June; modification: distal end reduced by 2 mm.",
    ]
    texts = [
        "I'll hand the search to a sub-agent.",
        "Let me have a sub-agent double-check that before we mill.",
        "To be safe, one more independent check.",
        "I'll ask once more, phrasing it differently.",
    ]
    steps = []
    for i, (text, report) in enumerate(zip(texts, reports, strict=True)):
        p = (
            prompt
            if i != 3
            else "Which transtibial socket scan of patient P-0913 is the newest and approved? " + prompt
        )
        args = {"description": "Find latest socket scan", "subagent_type": "general-purpose", "prompt": p}
        steps.append(t.act(text, ("Task", args, report)))
    t.say(
        "Mill P-0913_TT_2026-05-28_v3.stl, with the distal end reduced by 2 mm as noted at the 2 June "
        "fitting."
    )
    return t.loop(
        ["same_tool"],
        steps[2],
        f"The same task goes to a sub-agent at steps {', '.join(map(str, steps))}; the first two reports "
        "already agree (v3 of 28 May, approved 2 June, distal -2 mm), and the later ones say the same in "
        f"other words. The 3rd delegation, step {steps[2]}, is the onset.",
    )


@loop("piano-hammers-redelegated-second-name")
def piano_redelegate(sid: str) -> Trace:
    t = Trace(
        sid,
        "Piano-workshop agent sends one parts search to a researcher sub-agent twice, then to a 'supplier "
        "scout' sub-agent twice; all reports agree.",
        domain="piano tuning and instrument repair",
        language="ru",
        ids="openai",
        started="2026-02-16T09:00:00Z",
    )
    t.user(
        "Нужно найти молоточки для рояля Blüthner 1929 года (модель 4, 190 см). Узнай у поставщиков, есть "
        "ли подходящий комплект и сколько он стоит."
    )
    task = "Найти комплект молоточков для рояля Blüthner, модель 4 (1929, 190 см): поставщики, цена, срок."
    reports = [
        "Abel Hammer: комплект «Blüthner 4 (1920–1935)», вес 10 lb, срок 6 недель, 1 180 €. Renner: только "
        "по шаблону клиента, 8–10 недель.",
        "Подходящий комплект есть у Abel (серия для Blüthner 4 1920–1935 гг.), 1 180 €, изготовление около "
        "шести недель; Renner делает по присланному образцу, 8–10 недель.",
        "Итог поиска: Abel — готовая серия под Blüthner 4, 1 180 €, 6 недель; Renner — по образцу, 8–10 "
        "недель.",
        "Abel Hammer: 1 180 €, 6 недель, серия Blüthner 4 (1920–1935). Renner: по шаблону, 8–10 недель.",
    ]
    plan = [
        ("delegate_to_parts_researcher", {"task": task}, "Поручаю поиск исследователю запчастей."),
        ("delegate_to_parts_researcher", {"task": task}, "Попрошу перепроверить."),
        ("delegate_to_supplier_scout", {"brief": task}, "Отдам ту же задачу скауту поставщиков."),
        ("delegate_to_supplier_scout", {"brief": task + " Проверь ещё раз."}, "Ещё одна проверка у скаута."),
    ]
    steps = [t.act(text, (name, args, rep)) for (name, args, text), rep in zip(plan, reports, strict=True)]
    t.say("Лучший вариант — Abel Hammer: готовая серия под Blüthner 4, 1 180 €, около 6 недель.")
    return t.loop(
        ["same_tool"],
        steps[2],
        f"One task is delegated at steps {', '.join(map(str, steps))}: twice to the parts researcher and "
        "twice, under a second name, to the supplier scout; every report gives the same answer (Abel, 1 "
        "180 €, 6 weeks; Renner to pattern). A second sub-agent name for the same task is still a "
        f"re-delegation, so the 3rd delegation, step {steps[2]}, is the onset.",
    )


@loop("chimney-inspection-rule-redelegated")
def chimney_redelegate(sid: str) -> Trace:
    t = Trace(
        sid,
        "Chimney-sweep office agent asks its research sub-agent the same legal question three times and "
        "gets the same answer.",
        domain="chimney sweep scheduling",
        language="de",
        ids="responses",
        started="2026-10-05T08:25:00Z",
    )
    t.user(
        "Wie oft muss der Rauchfangkehrer in Wien eine Pelletsheizung überprüfen? Ich brauche die "
        "Rechtsgrundlage für den Kunden."
    )
    answers = [
        "Nach der Wiener Kehrverordnung (§ 4 Abs. 2) sind Feuerstätten für feste Brennstoffe mit "
        "automatischer Beschickung zweimal pro Heizperiode zu überprüfen; dazu kommt die jährliche "
        "Abgasmessung.",
        "Pelletsheizungen: zwei Überprüfungen je Heizperiode laut Wiener Kehrverordnung § 4 Abs. 2, "
        "zusätzlich eine Abgasmessung pro Jahr.",
        "Ergebnis: Wiener Kehrverordnung § 4 Abs. 2 – zweimal je Heizperiode; Abgasmessung jährlich.",
    ]
    questions = [
        "Überprüfungsintervall Pelletsheizung Wien, mit Rechtsgrundlage",
        "Wie oft muss eine Pelletsheizung in Wien vom Rauchfangkehrer überprüft werden? Rechtsgrundlage "
        "angeben.",
        "Rechtsgrundlage und Intervall für die Überprüfung von Pelletsheizungen in Wien",
    ]
    texts = [
        "Ich gebe die Frage an den Recherche-Agenten.",
        "Ich lasse das gegenprüfen.",
        "Noch eine Bestätigung.",
    ]
    steps = [
        t.act(text, ("research_agent", {"question": q}, ans))
        for text, q, ans in zip(texts, questions, answers, strict=True)
    ]
    t.say(
        "Laut Wiener Kehrverordnung § 4 Abs. 2: zweimal pro Heizperiode, zusätzlich eine jährliche "
        "Abgasmessung."
    )
    return t.loop(
        ["same_tool"],
        steps[2],
        f"The same legal question goes to research_agent at steps {', '.join(map(str, steps))}; the first "
        "two answers already agree (twice per heating season, § 4 Abs. 2, yearly flue-gas measurement). "
        f"The 3rd delegation, step {steps[2]}, is the onset.",
    )


# --- restated plans with calls that bring nothing new -----------------------------------------------


@loop("vending-route-restated-plan")
def vending_plan(sid: str) -> Trace:
    t = Trace(
        sid,
        "Vending-route agent restates the same three-part plan every turn and re-pulls route stock with "
        "different options, always the same three machines and levels.",
        domain="vending machine fleet operations",
        language="en",
        ids="openai",
        started="2026-06-09T06:30:00Z",
    )
    t.user(
        "Route 12 has three machines flagged low on stock, but the driver says they look full. Figure out "
        "what's going on."
    )
    rows = [
        {"machine": "VM-3102", "fill_pct": 12, "flag": "low"},
        {"machine": "VM-3107", "fill_pct": 9, "flag": "low"},
        {"machine": "VM-3115", "fill_pct": 14, "flag": "low"},
    ]
    plan = [
        (
            "Plan: 1) pull route 12 stock levels, 2) compare with the driver's last fill report, 3) check "
            "sensor health. Starting with stock levels.",
            {"route": "R12"},
        ),
        (
            "Plan: (1) stock levels for route 12, (2) the fill report, (3) sensor health. Pulling stock "
            "levels for the flagged machines.",
            {"route": "R12", "flagged_only": True},
        ),
        (
            "Here's the plan again: first stock levels, then the driver's fill report, then sensors. "
            "Getting the stock levels sorted by fill.",
            {"route": "R12", "sort": "fill_pct"},
        ),
        (
            "To recap the plan: 1) stock, 2) fill report, 3) sensor health. Checking route 12 stock once "
            "more.",
            {"route": "R12", "flagged_only": True, "sort": "fill_pct"},
        ),
        (
            "Plan remains: stock levels, then fill report, then sensor health. Pulling stock levels.",
            {"route": "R12", "window": "today"},
        ),
    ]
    steps = [
        t.act(text, ("route_stock", args, cj({"route": "R12", "machines": rows}))) for text, args in plan
    ]
    return t.loop(
        ["narration", "same_tool"],
        steps[3],
        f"Every message (steps {', '.join(map(str, steps))}) restates the same three-part plan and only "
        "ever does part 1: route_stock with different filters or sorting, returning the same three "
        "machines at the same levels. The fill report and sensor health are never checked. The 4th "
        f"restatement and 4th attempt, step {steps[3]}, is the onset.",
    )


@loop("sleep-study-restated-plan")
def sleep_plan(sid: str) -> Trace:
    t = Trace(
        sid,
        "Sleep-lab report agent restates its plan each turn and re-reads the same respiratory events with "
        "different options.",
        domain="sleep laboratory (polysomnography scoring)",
        language="fa",
        ids="responses",
        started="2026-02-25T05:40:00Z",
    )
    t.user("گزارش PSG بیمار ۳۱۸۸ را آماده کن؛ AHI و کمترین SpO2 را بنویس.")
    events = sj(
        {
            "study": "PSG-3188",
            "tst_min": 402,
            "respiratory_events": {"obstructive_apnea": 61, "central_apnea": 4, "hypopnea_3pct": 118},
            "spo2_nadir_pct": 81,
        }
    )
    plan = [
        (
            "برنامه: ۱) خواندن رویدادهای تنفسی، ۲) محاسبهٔ AHI، ۳) نوشتن گزارش. اول رویدادها را می‌خوانم.",
            {"study": "PSG-3188", "type": "respiratory"},
        ),
        (
            "طبق برنامه: رویدادها، بعد AHI، بعد گزارش. رویدادهای تنفسی را برای همهٔ مراحل خواب می‌خوانم.",
            {"study": "PSG-3188", "type": "respiratory", "stage": "all"},
        ),
        (
            "برنامه همان است: ۱) رویدادها ۲) AHI ۳) گزارش. رویدادها را با جزئیات می‌گیرم.",
            {"study": "PSG-3188", "type": "respiratory", "detail": True},
        ),
        (
            "یادآوری برنامه: خواندن رویدادها، محاسبهٔ AHI، نوشتن گزارش. رویدادها را دوباره می‌خوانم.",
            {"study": "PSG-3188", "type": "respiratory", "stage": "all", "detail": True},
        ),
    ]
    steps = [t.act(text, ("psg_events", args, events)) for text, args in plan]
    t.say("هنوز در مرحلهٔ خواندن رویدادها هستم؛ پس از آن AHI را محاسبه می‌کنم.")
    return t.loop(
        ["narration", "same_tool"],
        steps[3],
        f"Steps {', '.join(map(str, steps))} each restate the same plan (events, AHI, report) and call "
        "psg_events with other options that return the same counts (61 + 4 + 118 events over 402 min, "
        "nadir 81 %); the AHI is never computed although the numbers are there. The 4th restatement and "
        f"attempt, step {steps[3]}, is the onset.",
    )


# --- an action announced but never taken; a monologue ---------------------------------------------


@loop("ferry-refund-announced-never-issued")
def ferry_announce(sid: str) -> Trace:
    t = Trace(
        sid,
        "Ferry support agent cancels a booking, then announces the refund five times without calling the "
        "refund tool; the harness keeps nudging.",
        domain="coastal ferry operator customer service",
        language="uk",
        ids="openai",
        started="2026-06-16T10:05:00Z",
        harness="custom support harness (nudges when a turn has no tool call)",
    )
    t.user("Скасуйте, будь ласка, моє бронювання FJ-90418 і поверніть гроші на картку.")
    t.act(
        "Перевіряю бронювання.",
        (
            "booking_lookup",
            {"ref": "FJ-90418"},
            cj(
                {
                    "ref": "FJ-90418",
                    "status": "confirmed",
                    "fare": "flex",
                    "refundable": True,
                    "amount_nok": 1240,
                }
            ),
        ),
    )
    t.act(
        "Тариф flex, повернення можливе. Скасовую.",
        (
            "cancel_booking",
            {"ref": "FJ-90418"},
            cj({"ok": True, "status": "cancelled", "refund_due_nok": 1240}),
        ),
    )
    texts = [
        "Бронювання скасовано. Зараз оформлю повернення 1240 NOK на вашу картку.",
        "Оформлюю повернення коштів на картку.",
        "Зараз ініціюю повернення 1240 NOK.",
        "Повернення 1240 NOK буде оформлено просто зараз.",
        "Оформлюю повернення.",
    ]
    steps = []
    for text in texts:
        steps.append(t.say(text))
        t.system("[harness] No tool call in the last turn. Call a tool to continue the task, or finish.")
    return t.loop(
        ["narration"],
        steps[3],
        f"After the cancellation the agent announces the refund at steps {', '.join(map(str, steps))} but "
        "never calls a refund tool; only harness nudges (system messages, which do not start a turn) "
        f"answer. The 4th announcement, step {steps[3]}, is the onset.",
    )


@loop("balloon-go-no-go-monologue")
def balloon_monologue(sid: str) -> Trace:
    t = Trace(
        sid,
        "Balloon-operator agent reads one forecast, then restates the same go/no-go reasoning in five "
        "consecutive messages without deciding.",
        domain="hot-air balloon flight operations",
        language="en",
        ids="mistral",
        started="2026-06-14T15:00:00Z",
    )
    t.user("Can we fly tomorrow at sunrise from Göreme? Check the forecast and decide.")
    t.act(
        "Pulling the sunrise forecast.",
        (
            "weather.forecast",
            {"site": "GOREME", "time": "2026-06-15T05:00:00+03:00"},
            cj(
                {
                    "surface_wind_kt": 6,
                    "wind_1000ft_kt": 14,
                    "gusts_kt": 18,
                    "visibility_km": 10,
                    "company_limit_aloft_kt": 12,
                }
            ),
        ),
    )
    texts = [
        "Surface wind 6 kt is fine, but 14 kt at 1000 ft is above our 12 kt limit, and gusts reach 18 kt. "
        "That points to a no-go, but let me think it through.",
        "Thinking it through again: the surface wind of 6 kt is within limits; the 1000 ft wind of 14 kt "
        "exceeds the 12 kt company limit; gusts of 18 kt. That suggests no-go.",
        "To restate: surface wind acceptable, wind aloft over the limit (14 vs 12 kt), gusts 18 kt. So it "
        "looks like we shouldn't fly, though let me weigh it once more.",
        "Once more, the numbers: 6 kt surface, 14 kt at 1000 ft against a 12 kt limit, gusts 18 kt. On "
        "balance, likely no-go.",
        "Summarising again: the surface is fine, aloft is 2 kt over the limit, gusts 18 kt. Leaning "
        "towards no-go.",
    ]
    steps = [t.say(text) for text in texts]
    return t.loop(
        ["narration"],
        steps[3],
        f"After the single forecast call, steps {', '.join(map(str, steps))} are consecutive assistant "
        "messages with nothing in between, each restating the same three numbers and the same leaning "
        f"without a decision. In a monologue the first message (step {steps[0]}, right after the tool "
        f"result) is the 1st statement, so the 4th, step {steps[3]}, is the onset.",
    )


# --- degenerate text ------------------------------------------------------------------------------


@loop("olive-mill-summary-degenerates")
def olive_degenerate(sid: str) -> Trace:
    t = Trace(
        sid,
        "Olive-mill agent fetches the daily summary and its reply collapses into one repeated sentence.",
        domain="olive oil mill laboratory",
        language="pt",
        ids="plain",
        started="2026-11-05T08:00:00Z",
    )
    t.user("Faz-me um resumo da campanha de ontem no lagar: quilos de azeitona, rendimento e acidez média.")
    t.act(
        "Vou buscar o resumo diário.",
        (
            "mill.daily_summary",
            {"date": "2026-11-04"},
            ij(
                {
                    "date": "2026-11-04",
                    "olives_kg": 18420,
                    "oil_l": 3390,
                    "yield_pct": 18.4,
                    "avg_acidity_pct": 0.27,
                    "lots": 7,
                }
            ),
        ),
    )
    text = (
        "Resumo de ontem (4 de novembro): 18 420 kg de azeitona, 3 390 L de azeite, rendimento de 18,4 %, "
        "acidez "
        "média de 0,27 %." + " A acidez média foi de 0,27 %." * 45
    )
    step = t.say(text)
    return t.loop(
        ["degenerate_text"],
        step,
        f"The reply at step {step} starts with a correct summary and then collapses into the same sentence "
        "('A acidez média foi de 0,27 %.') repeated 45 times. The step whose reply degenerates, step "
        f"{step}, is the onset.",
    )


@loop("florist-card-message-argument-degenerates")
def florist_degenerate(sid: str) -> Trace:
    t = Trace(
        sid,
        "Florist agent writes a card message whose tool argument collapses into a repeated phrase.",
        domain="florist shop (wire orders and deliveries)",
        language="es",
        ids="gemini",
        started="2026-05-09T16:40:00Z",
    )
    t.user("Añade a la tarjeta del pedido P-55120 el mensaje: «Con cariño, de toda la familia Ortega».")
    t.act(
        "Reviso el pedido.",
        (
            "orders_get",
            {"order": "P-55120"},
            sj(
                {
                    "order": "P-55120",
                    "product": "Ramo primavera",
                    "delivery": "2026-05-10",
                    "card_message": None,
                }
            ),
        ),
    )
    message = "Con cariño, de toda la familia Ortega" + ", de toda la familia Ortega" * 32
    step = t.act(
        "Guardo el mensaje de la tarjeta.",
        (
            "set_card_message",
            {"order": "P-55120", "message": message},
            sj({"ok": False, "error": "message exceeds 200 characters", "length": len(message)}),
        ),
    )
    t.say("No se pudo guardar el mensaje de la tarjeta; el sistema dice que es demasiado largo.")
    return t.loop(
        ["degenerate_text"],
        step,
        f"At step {step} the message argument of set_card_message collapses into ', de toda la familia "
        "Ortega' repeated 32 times (the user asked for one short sentence); the rejection for length "
        f"follows from it. The step whose tool argument degenerates, step {step}, is the onset.",
    )


# --- writes re-issued after success ---------------------------------------------------------------


@loop("car-wash-membership-cancel-reissued")
def carwash_reissue(sid: str) -> Trace:
    t = Trace(
        sid,
        "Car-wash chain agent cancels a membership, gets a success, and re-sends the identical "
        "cancellation three more times 'to make sure'.",
        domain="car-wash chain (memberships and wash controllers)",
        language="ms",
        ids="bedrock",
        started="2026-06-20T03:30:00Z",
    )
    t.user(
        "Tolong batalkan keahlian bulanan pelanggan M-30417 mulai bulan depan. Dia berpindah ke Johor Bahru."
    )
    t.act(
        "Saya semak keahlian dahulu.",
        (
            "memberships.get",
            {"member": "M-30417"},
            cj({"member": "M-30417", "plan": "Unlimited Gold", "status": "active", "renews": "2026-07-01"}),
        ),
    )
    args = {"member": "M-30417", "effective": "2026-07-01", "reason": "relocation"}
    texts = [
        "Saya batalkan berkuat kuasa 1 Julai.",
        "Untuk memastikan, saya hantar semula pembatalan.",
        "Saya hantar sekali lagi supaya pasti direkodkan.",
        "Sekali lagi untuk kepastian.",
    ]
    steps = []
    for text, rq in zip(texts, ("rq_8812a", "rq_8813f", "rq_8815c", "rq_8817d"), strict=True):
        ack = cj(
            {
                "ok": True,
                "member": "M-30417",
                "status": "cancel_scheduled",
                "effective": "2026-07-01",
                "request_id": rq,
            }
        )
        steps.append(t.act(text, ("memberships.cancel", args, ack)))
    t.say("Keahlian M-30417 akan tamat pada 1 Julai 2026.")
    return t.loop(
        ["identical_call"],
        steps[2],
        f"memberships.cancel succeeds at step {steps[0]} (cancel_scheduled) and is re-sent with identical "
        f"arguments at steps {steps[1]}, {steps[2]} and {steps[3]}; the acknowledgements differ only in the "
        f"request id, a volatile field. The 3rd identical write, step {steps[2]}, is the onset.",
    )


@loop("hut-confirmation-email-resent")
def hut_reissue(sid: str) -> Trace:
    t = Trace(
        sid,
        "Mountain-hut booking agent sends the same confirmation e-mail three times after the first was "
        "accepted.",
        domain="mountain hut reservations",
        language="is",
        ids="anthropic",
        started="2026-07-03T11:00:00Z",
    )
    t.user("Sendu staðfestingu á bókun B-6631 (Landmannalaugar, 2 nætur) á netfang gestsins.")
    t.act(
        "Ég fletti bókuninni upp.",
        (
            "booking_get",
            {"booking": "B-6631"},
            sj(
                {
                    "booking": "B-6631",
                    "hut": "Landmannalaugar",
                    "nights": ["2026-08-01", "2026-08-02"],
                    "guests": 2,
                    "email": "j.larsen@example.dk",
                    "language": "en",
                }
            ),
        ),
    )
    args = {"booking": "B-6631", "to": "j.larsen@example.dk", "template": "confirmation_en"}
    texts = ["Sendi staðfestinguna.", "Sendi aftur til öryggis.", "Sendi hana einu sinni enn."]
    steps = []
    for text, mid in zip(
        texts, ("<a81f2c@huts.example>", "<a81f9e@huts.example>", "<a8204b@huts.example>"), strict=True
    ):
        steps.append(t.act(text, ("send_confirmation_email", args, sj({"sent": True, "message_id": mid}))))
    t.say("Staðfesting hefur verið send á j.larsen@example.dk.")
    return t.loop(
        ["identical_call"],
        steps[2],
        f"send_confirmation_email is accepted at step {steps[0]} and sent again with identical arguments at "
        f"steps {steps[1]} and {steps[2]}; only the message id changes (a volatile field), and the guest "
        f"now gets three copies. The 3rd identical write, step {steps[2]}, is the onset.",
    )
