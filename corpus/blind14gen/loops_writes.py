"""Loops of writes: a write re-issued after it already succeeded (acknowledgements differ only in new ids),
and a save/read-back cycle on a spreadsheet."""

from __future__ import annotations

from typing import Any

from blind14gen.builder import Trace


def fab_lot_hold_reissued(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Fab yield agent places an engineering hold on a lot, then re-issues the identical hold four more "
        "times to 'make sure', each acknowledged with a new hold id.",
        ids="openai",
        meta={"harness": "openai-chat-completions", "model": "gpt-4.1-mini"},
    )
    t.user(
        "Lot N3K-2240 ran on ETCH-04 right after the chamber that hurt N3K-2231. Put it on engineering hold "
        "before it goes to CMP, reason 'ETCH-04 residue excursion', owner me (k.tanaka)."
    )
    t.act(
        "Checking where the lot is.",
        "mes_get_lot",
        {"lot": "N3K-2240"},
        {"lot": "N3K-2240", "step": "ETCH-M1-POST-CLEAN", "next_step": "CMP-M1", "holds": [], "priority": 3},
    )
    args = {
        "lot": "N3K-2240",
        "hold_type": "ENGINEERING",
        "reason": "ETCH-04 residue excursion",
        "owner": "k.tanaka",
    }
    ids = ["H-0093317", "H-0093318", "H-0093320", "H-0093324", "H-0093325"]
    texts = [
        "Placing the engineering hold.",
        "Hold placed. Re-applying it to make sure it is registered before CMP picks the lot up.",
        "Applying the hold again to be safe.",
        "Confirming the hold once more.",
        "Placing the hold again.",
    ]
    steps = [
        t.act(text, "mes_hold_lot", args, {"ok": True, "hold_id": hid, "lot": "N3K-2240", "state": "ON_HOLD"})
        for text, hid in zip(texts, ids, strict=True)
    ]
    t.say("Lot N3K-2240 is on engineering hold (ETCH-04 residue excursion), owner k.tanaka.")
    onset = steps[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"The identical mes_hold_lot write is issued at steps {', '.join(map(str, steps))}; the first one "
        "already succeeded (state ON_HOLD) and the later acknowledgements differ only in a new hold id, so "
        f"the lot now carries five holds. Onset at step {onset}, the 3rd identical write (new ids are "
        "volatile fields).",
    )


def previdencia_portabilidade_reissued(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Agente de previdência privada reenvia o mesmo pedido de portabilidade várias vezes após a primeira "
        "confirmação; cada resposta traz só um novo número de protocolo.",
        ids="bedrock",
        meta={"harness": "bedrock-agents", "model": "amazon.nova-pro", "lang": "pt"},
    )
    t.user(
        "Cliente CPF 123.456.789-09 quer portar todo o saldo do PGBL (certificado 55102-7) para o plano "
        "PGBL Horizonte 2045 da mesma seguradora. Já assinou o termo. Registre o pedido."
    )
    t.act(
        "Consultando o saldo do certificado.",
        "previdencia_consultar_certificado",
        {"cpf": "12345678909", "certificado": "55102-7"},
        {
            "plano": "PGBL Conservador",
            "saldo": 184320.55,
            "carencia_ate": "2025-03-01",
            "portabilidade_pendente": None,
        },
    )
    args = {
        "cpf": "12345678909",
        "certificado_origem": "55102-7",
        "plano_destino": "PGBL-HZ2045",
        "tipo": "TOTAL",
        "termo_assinado": True,
    }
    protocols = ["PORT-2026-448120", "PORT-2026-448131", "PORT-2026-448139", "PORT-2026-448152"]
    texts = [
        "Registrando a portabilidade total.",
        "Pedido registrado. Vou reenviar para garantir que entrou na fila do dia.",
        "Vou confirmar o envio registrando de novo.",
        "Reenviando para garantir.",
    ]
    steps = [
        t.act(
            text,
            "previdencia_solicitar_portabilidade",
            args,
            {"status": "REGISTRADO", "protocolo": p, "prazo_liquidacao": "2026-10-13"},
        )
        for text, p in zip(texts, protocols, strict=True)
    ]
    t.say("Portabilidade registrada (protocolo PORT-2026-448152), liquidação prevista para 13/10/2026.")
    onset = steps[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"O mesmo pedido de portabilidade é enviado nos passos {', '.join(map(str, steps))}; o primeiro já "
        "voltou REGISTRADO e os seguintes só mudam o protocolo (agora há quatro pedidos). Onset at step "
        f"{onset}, the 3rd identical write; the protocol numbers are volatile fields.",
    )


def effort_sheet_write_readback(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Research-administration spreadsheet agent writes the same effort percentages to a sheet, reads "
        "them back (correct), and writes and reads them again and again.",
        ids="gemini",
        meta={"harness": "google-adk", "model": "gemini-2.5-flash"},
    )
    t.user(
        "Update the FY26 Q4 effort certification sheet for Dr. Priya Raman: R01GM151234 40%, U54CA209971 "
        "35%, instruction 25%. Then tell me it's ready for her signature."
    )
    rng = "Effort!B14:D14"
    sheet = "1x9QeffortFY26Q4"
    t.act(
        "Finding her row.",
        "sheets_get_values",
        {"spreadsheet_id": sheet, "range": "Effort!A12:D16"},
        {
            "values": [
                ["Lee, Daniel", "60%", "40%", "0%"],
                ["Ortiz, Ana", "100%", "0%", "0%"],
                ["Raman, Priya", "50%", "30%", "20%"],
                ["Wu, Helen", "0%", "0%", "100%"],
            ]
        },
    )
    write = (
        "sheets_update_values",
        {
            "spreadsheet_id": sheet,
            "range": rng,
            "values": [["40%", "35%", "25%"]],
            "value_input_option": "USER_ENTERED",
        },
        {"updatedRange": rng, "updatedCells": 3},
    )
    read = ("sheets_get_values", {"spreadsheet_id": sheet, "range": rng}, {"values": [["40%", "35%", "25%"]]})
    texts = [
        ("Writing the new percentages.", "Reading them back."),
        ("Values look right. Writing them again to be sure they're saved.", "Verifying."),
        ("Re-applying the update.", "Checking the row."),
        ("Writing once more.", "Reading back."),
    ]
    writes, reads = [], []
    for w_text, r_text in texts:
        writes.append(t.act(w_text, *write))
        reads.append(t.act(r_text, *read))
    t.say("Dr. Raman's effort row is updated (40/35/25) and ready for her signature.")
    onset = writes[2]
    return t.loop(
        ["alternation", "identical_call"],
        onset,
        f"Identical sheets_update_values writes (steps {', '.join(map(str, writes))}) alternate with "
        f"identical read-backs (steps {', '.join(map(str, reads))}) that already showed the correct row "
        f"after the first write. Onset at step {onset}: the 3rd identical write, which is also the third "
        "visit to the first state of the write/read cycle.",
    )


SCENARIOS = [
    ("mes-lot-hold-reissued", fab_lot_hold_reissued),
    ("portabilidade-reenviada", previdencia_portabilidade_reissued),
    ("effort-sheet-write-readback", effort_sheet_write_readback),
]
