"""Loops: failure streaks under changing inputs, schema misuse, identical failing calls."""

from __future__ import annotations

from typing import Any

from .builder import Clock, Trace, call, js, jsp


def mortgage_consent_streak_pt() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-009-mortgage-credit-pull-consent-streak",
        "Mortgage origination agent (Portuguese) retries a credit-bureau query with new inputs; each time "
        "the consent is missing.",
        ids="openai",
        agent="mortgage and loan origination",
        language="pt",
    )
    t.user(
        "Preciso do score de crédito do proponente da proposta FI-2026-00731 (financiamento imobiliário) "
        "para seguir com a análise hoje."
    )
    t.act(
        "Vou abrir a proposta.",
        call(
            "proposta.obter",
            {"id": "FI-2026-00731"},
            js(
                {
                    "id": "FI-2026-00731",
                    "proponente": {"nome": "Mariana Teixeira", "cpf": "123.456.789-09"},
                    "valor": 480000,
                    "prazo_meses": 360,
                    "etapa": "analise_credito",
                }
            ),
        ),
    )
    fails = []
    fails.append(
        t.act(
            "Consultando o bureau.",
            call(
                "credito.consultar_score",
                {"cpf": "123.456.789-09", "bureau": "serasa"},
                js(
                    {
                        "erro": "CONSENTIMENTO_AUSENTE",
                        "mensagem": "Não há autorização do proponente para consulta.",
                    }
                ),
                error=True,
            ),
        )
    )
    fails.append(
        t.act(
            "Talvez o CPF precise ir sem pontuação.",
            call(
                "credito.consultar_score",
                {"cpf": "12345678909", "bureau": "serasa"},
                js(
                    {
                        "erro": "AUTORIZACAO_NAO_ENCONTRADA",
                        "mensagem": "Autorização LGPD do titular não localizada.",
                    }
                ),
                error=True,
            ),
        )
    )
    t.act(
        "Vou ver os documentos anexados à proposta.",
        call(
            "documentos.listar",
            {"proposta": "FI-2026-00731"},
            js(
                {
                    "documentos": [
                        "rg_frente.jpg",
                        "rg_verso.jpg",
                        "comprovante_renda_2026-02.pdf",
                        "matricula_imovel.pdf",
                    ]
                }
            ),
        ),
    )
    fails.append(
        t.act(
            "Vou informar a finalidade da consulta; pode ser isso.",
            call(
                "credito.consultar_score",
                {"cpf": "12345678909", "bureau": "serasa", "finalidade": "financiamento_imobiliario"},
                js(
                    {
                        "erro": "CONSULTA_BLOQUEADA",
                        "mensagem": "Falta termo de consentimento assinado (LGPD art. 7º).",
                    }
                ),
                error=True,
            ),
        )
    )
    fails.append(
        t.act(
            "Vou tentar outro bureau.",
            call(
                "credito.consultar_score",
                {"cpf": "12345678909", "bureau": "boa_vista", "finalidade": "financiamento_imobiliario"},
                js({"erro": "E403", "mensagem": "Titular sem consentimento registrado."}),
                error=True,
            ),
        )
    )
    fails.append(
        t.act(
            "Vou tentar pelo canal de agência.",
            call(
                "credito.consultar_score",
                {"cpf": "12345678909", "bureau": "boa_vista", "canal": "agencia"},
                js({"erro": "E403", "mensagem": "Titular sem consentimento registrado."}),
                error=True,
            ),
        )
    )
    t.say("Não consegui obter o score: os bureaus recusam a consulta.")
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"Every credit query (steps {', '.join(map(str, fails))}) fails for one reason, the missing "
        "borrower consent, reported in four wordings; the agent changes CPF format, purpose, bureau and "
        "channel instead of requesting the consent form (the document list shows none). The 4th failure of "
        f"the same kind, at step {onset}, is the onset.",
    )


def permit_inspection_enum_misuse() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-010-permit-inspection-type-enum-misuse",
        "Municipal permits agent keeps passing free-text inspection types that the portal rejects with the "
        "list of valid codes.",
        ids="anthropic",
        agent="municipal building permits",
    )
    t.user("Schedule the framing inspection for permit BLD-2026-01187 on April 3rd, morning window.")
    t.act(
        "Let me pull the permit first.",
        call(
            "get_permit",
            {"permit_no": "BLD-2026-01187"},
            js(
                {
                    "permit_no": "BLD-2026-01187",
                    "scope": "2-story addition, wood frame",
                    "status": "ISSUED",
                    "inspections_done": ["BLD-FTG", "BLD-FND"],
                },
                indent=2,
            ),
        ),
    )

    def reject(value: str) -> str:
        return js(
            {
                "ok": False,
                "errors": [
                    {
                        "field": "inspection_type",
                        "code": "invalid_choice",
                        "detail": f"'{value}' is not a valid choice. Valid: BLD-FTG, BLD-FND, "
                        "BLD-FRM, BLD-INS, BLD-DRY, BLD-FNL",
                    }
                ],
            }
        )

    tries = [
        ("Framing", "Scheduling it."),
        (
            "framing inspection",
            "It wants a specific value. The portal probably uses the full name in lowercase.",
        ),
        ("FRAMING", "Maybe it's an uppercase code."),
        ("frame", "Perhaps a short form: 'frame'."),
        ("Rough Framing", "The city calls it 'Rough Framing' on the checklist; trying that."),
    ]
    fails = []
    for value, text in tries:
        args = {"permit_no": "BLD-2026-01187", "inspection_type": value, "date": "2026-04-03", "window": "AM"}
        fails.append(t.act(text, call("schedule_inspection", args, reject(value))))
    t.say(
        "I couldn't get the portal to accept the framing inspection type. You may need to book it by phone."
    )
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"Schema misuse: every schedule_inspection call (steps {', '.join(map(str, fails))}) fails with the "
        f'same invalid_choice error on inspection_type, reported only in the content ({{"ok": false}}), and '
        "each error lists the valid code BLD-FRM, which the agent never uses. The 4th failure of the same "
        f"kind, at step {onset}, is the onset.",
    )


def water_setpoint_interlock_hu() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-011-water-scada-setpoint-interlock",
        "Water utility operations agent (Hungarian) repeats one SCADA setpoint write that an interlock "
        "rejects every time.",
        ids="plain:call-",
        agent="water utility operations (SCADA)",
        language="hu",
    )
    t.user("A 3-as átemelőn a 2-es szivattyút vigyük fel 78%-ra, a nyomás alacsony a Kossuth utcai zónában.")
    t.act(
        "Lekérem a címkék értékeit.",
        call(
            "scada_read_tags",
            {"tags": ["PS03.P2.SPEED", "PS03.P2.RUN", "PS03.RES.LEVEL", "PS03.RES.LEVEL_ALM"]},
            "PS03.P2.SPEED       61.0 %\nPS03.P2.RUN         1\nPS03.RES.LEVEL      4.82 "
            "m\nPS03.RES.LEVEL_ALM  HI-HI\n",
        ),
    )
    args = {"tag": "PS03.P2.SPEED_SP", "value": 78.0, "unit": "%"}
    rejected = (
        "WRITE REJECTED: interlock ILK-PS03-07 active (reservoir level HI-HI). Setpoint unchanged (61.0 %)."
    )
    texts = [
        "Beírom az alapjelet.",
        "Elutasítva. Lehet, hogy átmeneti hiba, újra próbálom.",
        "Még mindig elutasítja. Megpróbálom még egyszer ugyanazt.",
        "Újra beírom az alapjelet.",
        "Még egy próba.",
    ]
    fails = [t.act(text, call("scada_setpoint_write", args, rejected)) for text in texts]
    t.say("Nem sikerült módosítani az alapjelet, a rendszer folyamatosan elutasítja.")
    onset = fails[3]
    return t.loop(
        ["error_streak", "identical_call"],
        onset,
        "The same setpoint write (same tag, value and unit) is rejected five times (steps "
        f"{', '.join(map(str, fails))}) by interlock ILK-PS03-07, reported only in the content; the first "
        "read already showed the reservoir at HI-HI, which is the cause. Identical calls failing "
        f"identically: the 4th failure, step {onset}, is the onset.",
    )


def cemetery_certificate_checksum_ro() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-012-funeral-certificate-upload-checksum",
        "Funeral home agent (Romanian) re-uploads a death certificate under new file names, always "
        "declaring the first file's hash.",
        ids="bedrock",
        agent="funeral home and cemetery management",
        language="ro",
    )
    t.user(
        "Trimite certificatul de deces al dlui Ion Popescu la registrul de stare civilă, ca să putem "
        "rezerva locul de veci."
    )
    digest = "9f2c6a41d0be77e35c1f0a8b2d4e6f1093c7a5b8e2d14f6a7c9b0e3d5f8a1c24"
    errors = [
        "Fișier ilizibil: suma de control nu corespunde.",
        "PDF invalid (checksum mismatch).",
        "Eroare 4107: documentul nu poate fi citit.",
        "Documentul încărcat este corupt (hash diferit de cel declarat).",
        "Eroare 4107: documentul nu poate fi citit.",
    ]
    files = [
        "certificat_deces_Popescu.pdf",
        "certificat_deces_Popescu_v2.pdf",
        None,
        "certificat_deces_Popescu_pdfa.pdf",
        "certificat_deces_Popescu_scan300dpi.pdf",
        "certificat_deces_Popescu_final.pdf",
    ]
    texts = [
        "Încarc certificatul.",
        "Fișierul pare corupt. Încarc versiunea a doua.",
        "Convertesc documentul în PDF/A, poate așa îl acceptă.",
        "Încarc varianta PDF/A.",
        "Tot nu merge. Încerc scanarea la 300 dpi.",
        "Încerc ultima variantă.",
    ]
    fails = []
    errs = iter(errors)
    for name, text in zip(files, texts, strict=True):
        if name is None:
            t.act(
                text,
                call(
                    "documente.converteste",
                    {"sursa": "certificat_deces_Popescu_v2.pdf", "format": "PDF/A-2b"},
                    js({"ok": True, "rezultat": "certificat_deces_Popescu_pdfa.pdf", "pagini": 1}),
                ),
            )
            continue
        args = {"caz": "FUN-2026-0219", "fisier": name, "tip": "certificat_deces", "sha256": digest}
        fails.append(
            t.act(
                text,
                call(
                    "registru_stare_civila.trimite_certificat", args, js({"eroare": next(errs)}), error=True
                ),
            )
        )
    t.say("Registrul refuză documentul. Voi încerca din nou mai târziu.")
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"Five uploads under new file names (steps {', '.join(map(str, fails))}) fail with the same "
        "integrity error in four wordings; the arguments show why: every call declares the sha256 of the "
        "first file. Changing the file without recomputing the hash is not a new approach. The 4th failure "
        f"of the same kind, step {onset}, is the onset.",
    )


def plm_bom_quantity_type_ja() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-013-apparel-plm-bom-quantity-type",
        "Apparel PLM agent (Japanese) keeps sending a BOM quantity as text or objects; the API wants a "
        "number.",
        ids="gemini",
        agent="apparel product lifecycle management",
        language="ja",
    )
    t.user("SS26-JK-0412 のBOM 3行目、ファスナーをYKK-5VSに変更して、数量は2mにしてください。")
    t.act(
        "まず現在のBOMを確認します。",
        call(
            "plm.get_bom",
            {"style": "SS26-JK-0412"},
            js(
                {
                    "style": "SS26-JK-0412",
                    "lines": [
                        {"line": 1, "material": "NY-TAFFETA-70D", "quantity": 1.85, "uom": "m"},
                        {"line": 2, "material": "PE-LINING-50D", "quantity": 1.6, "uom": "m"},
                        {"line": 3, "material": "YKK-3VS", "quantity": 0.62, "uom": "m"},
                    ],
                },
                indent=2,
            ),
        ),
    )

    def err(got: str) -> str:
        return js(
            {
                "error": {
                    "code": 422,
                    "status": "INVALID_ARGUMENT",
                    "message": f"quantity: expected number, got {got}",
                }
            }
        )

    tries = [
        ("2 m", "string", "3行目を更新します。"),
        ("2m", "string", "単位の前のスペースが原因かもしれません。詰めて送ります。"),
        ({"value": 2, "uom": "m"}, "object", "値と単位を分けたオブジェクトにしてみます。"),
        ("2.0", "string", "小数表記の文字列にします。"),
        ("２", "string", "全角数字で試します。"),
    ]
    fails = []
    for qty, got, text in tries:
        args = {"style": "SS26-JK-0412", "line": 3, "material": "YKK-5VS", "quantity": qty}
        fails.append(t.act(text, call("plm.update_bom_line", args, err(got), error=True)))
    t.say("数量の更新がAPIに拒否され続けています。PLM管理者に確認が必要です。")
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        "Schema misuse: the BOM read shows quantity as a bare number with a separate uom field, yet every "
        f"update (steps {', '.join(map(str, fails))}) sends text or an object and gets the same 422 "
        f"'expected number'. The 4th failure of the same kind, at step {onset}, is the onset.",
    )


def zoo_holding_permission_ar() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-014-zoo-records-not-in-holding",
        "Zoo animal-care agent (Arabic) tries several record tools for an animal whose transfer it never "
        "accepts; all refuse.",
        ids="mistral",
        agent="zoo animal care records",
        language="ar",
    )
    t.user("سجّل وزن المها العربية GAN 21-0042 اليوم: 78.5 كغ، وأضف ملاحظة أنها تأكل جيدًا بعد النقل.")
    t.act(
        "سأفتح سجل الحيوان أولًا.",
        call(
            "husbandry.get_animal",
            {"gan": "GAN 21-0042"},
            js(
                {
                    "gan": "GAN 21-0042",
                    "species": "Oryx leucoryx",
                    "sex": "F",
                    "holding_institution": "Al Ain Zoo",
                    "transfer": {
                        "to": "Sharjah Desert Park",
                        "status": "PENDING_ACCEPTANCE",
                        "id": "TR-88120",
                    },
                }
            ),
        ),
    )
    attempts = [
        (
            "husbandry.add_weight",
            {"gan": "GAN 21-0042", "kg": 78.5, "date": "2026-03-16"},
            "GAN 21-0042: record belongs to another institution (transfer pending).",
            "سأسجّل الوزن.",
        ),
        (
            "husbandry.add_note",
            {"gan": "GAN 21-0042", "text": "Eating well after transfer."},
            "Permission denied: animal GAN 21-0042 is held by Al Ain Zoo.",
            "لم يُقبل الوزن. سأضيف الملاحظة أولًا.",
        ),
        (
            "husbandry.import_csv",
            {"csv": "gan,date,kg\nGAN 21-0042,2026-03-16,78.5\n"},
            "Row 1: animal not in your collection.",
            "سأجرب الاستيراد عبر ملف CSV.",
        ),
        (
            "husbandry.add_weight",
            {"gan": "GAN21-0042", "kg": 78.5, "date": "2026-03-16", "unit": "kg"},
            "403: you can only edit animals in your holding.",
            "ربما صيغة الرقم بدون مسافة.",
        ),
        (
            "husbandry.add_note",
            {"gan": "GAN21-0042", "text": "Eating well after transfer.", "visibility": "internal"},
            "403: you can only edit animals in your holding.",
            "سأحاول الملاحظة بصلاحية داخلية.",
        ),
    ]
    fails = [t.act(text, call(name, args, content, error=True)) for name, args, content, text in attempts]
    t.say("تعذّر تسجيل الوزن والملاحظة؛ النظام يرفض التعديل على هذا الحيوان.")
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"Five calls on three record tools (steps {', '.join(map(str, fails))}) fail for one reason, the "
        "animal still belongs to Al Ain Zoo, in four wordings. The animal record showed transfer TR-88120 "
        "pending acceptance, which the agent never accepts or asks about. The 4th failure of the same "
        f"kind, step {onset}, is the onset.",
    )


def ski_lift_api_401_id() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-015-ski-lift-status-auth-streak",
        "Ski resort operations agent (Indonesian) keeps changing how it passes an expired API token; every "
        "response is a 401 page.",
        ids="openai",
        agent="ski resort operations",
        language="id",
    )
    t.user("Tolong cek status semua lift di area Puncak Utara sebelum jam 8, ada laporan angin kencang.")
    url = "https://lifts.example-resort.test/api/v2/lifts?area=north-peak"

    def page(msg: str) -> str:
        return (
            "<!DOCTYPE html>\n<html><head><title>401 Unauthorized</title></head>\n<body>\n<h1>401 "
            f"Unauthorized</h1>\n<p>{msg}</p>\n<hr><address>lift-gw/2.4</address>\n</body></html>"
        )

    tries = [
        (
            {"url": url, "headers": {"Authorization": "Bearer eyJhbGciOi...Qx2"}},
            "Token expired.",
            "Saya ambil status lift.",
        ),
        (
            {"url": url, "headers": {"X-Api-Key": "eyJhbGciOi...Qx2"}},
            "Invalid credentials.",
            "Ditolak. Mungkin API ini memakai header X-Api-Key.",
        ),
        (
            {"url": url + "&api_key=eyJhbGciOi...Qx2"},
            "Missing or invalid API key.",
            "Coba lewat parameter URL.",
        ),
        (
            {"url": url, "headers": {"Authorization": "Token eyJhbGciOi...Qx2"}},
            "Token expired.",
            "Mungkin skemanya 'Token', bukan 'Bearer'.",
        ),
        (
            {"url": url.replace("/v2/", "/v1/"), "headers": {"Authorization": "Bearer eyJhbGciOi...Qx2"}},
            "Token expired.",
            "Coba endpoint versi 1.",
        ),
        (
            {
                "url": url,
                "headers": {"Authorization": "Bearer eyJhbGciOi...Qx2", "Accept": "application/json"},
            },
            "Invalid credentials.",
            "Tambahkan header Accept.",
        ),
    ]
    fails = [t.act(text, call("http_get", args, page(msg))) for args, msg, text in tries]
    t.say("Saya belum bisa mengakses status lift; API terus menolak dengan 401.")
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"Six requests (steps {', '.join(map(str, fails))}) return the same 401 page in three wordings, "
        "failures reported only in the content (is_error false). The token is expired; the agent "
        "rearranges how it sends it instead of refreshing it or asking for a new one. The 4th failure of "
        f"the same kind, step {onset}, is the onset.",
    )


def rail_possession_overlap() -> dict[str, Any]:
    t = Trace(
        "blind13-loop-016-rail-possession-booking-overlap",
        "Track maintenance agent shifts a possession request by minutes, with waits between; each is "
        "rejected for the same overlap.",
        ids="plain:t",
        agent="railway track maintenance",
    )
    t.user(
        "Book a possession on Line 2 Up between Hollins Jn and Ashby (km 41.2-44.8) tonight for tamping, "
        "about 3 hours, any time between 00:30 and 05:00."
    )
    clock = Clock("2026-03-18T14:02:00Z")
    starts = ["01:00", "01:05", "01:15", "01:20", "01:30"]
    fails = []
    for k, start in enumerate(starts):
        h, m = map(int, start.split(":"))
        end = f"{h + 3:02d}:{m:02d}"
        args = {
            "line": "L2-UP",
            "from_km": 41.2,
            "to_km": 44.8,
            "start": f"2026-03-19T{start}",
            "end": f"2026-03-19T{end}",
        }
        body = {
            "status": "REJECTED",
            "reason": "overlaps possession P-4471 (L2-UP km 40.0-46.5, 01:10-04:30, signalling renewals)",
            "checked_at": clock.tick(95),
        }
        text = "Requesting the possession." if k == 0 else f"Rejected again; shifting the start to {start}."
        fails.append(t.act(text, call("possession_book", args, jsp(body))))
        if k in (1, 3):
            t.act(
                "Waiting a little in case the booking system releases the slot.",
                call("sleep", {"seconds": 30}, "slept 30s"),
            )
    t.say("Every slot I tried overlaps possession P-4471. I could not book tonight's tamping.")
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        f"Five bookings (steps {', '.join(map(str, fails))}) move the start by a few minutes and are "
        "rejected for the same overlap with P-4471 (01:10-04:30), reported in the content; the waits "
        "between them do not reset the count. No 3-hour window between 00:30 and 05:00 avoids P-4471 on "
        "that stretch, so the right move is to ask about sharing P-4471 or another night. The 4th failure, "
        f"step {onset}, is the onset.",
    )


SCENARIOS = [
    mortgage_consent_streak_pt,
    permit_inspection_enum_misuse,
    water_setpoint_interlock_hu,
    cemetery_certificate_checksum_ro,
    plm_bom_quantity_type_ja,
    zoo_holding_permission_ar,
    ski_lift_api_401_id,
    rail_possession_overlap,
]
