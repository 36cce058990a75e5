"""Writes re-issued after they already succeeded (acknowledgements differing only in volatile fields)."""

from __future__ import annotations

from typing import Any

from .builder import Clock, Trace, call


def city311_id_close_repeat(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Indonesian city complaint-desk agent closes a citizen report, then re-closes it three more times "
        "'to make sure', re-notifying the reporter each time.",
        ids="openai",
        style="tight",
        meta={"harness": "langgraph", "domain": "local government citizen requests", "language": "id"},
    )
    t.user(
        "Tolong tutup laporan JAKI-2026-118034 (lampu jalan mati di Jl. Cikini Raya). Teknisi sudah "
        "memperbaikinya tadi pagi, fotonya ada di lampiran."
    )
    t.say(
        "",
        call(
            "report_get",
            {"report_id": "JAKI-2026-118034"},
            {
                "id": "JAKI-2026-118034",
                "kategori": "Penerangan Jalan",
                "status": "in_progress",
                "lampiran": ["foto_perbaikan_0714.jpg"],
                "pelapor_notifikasi": True,
            },
        ),
    )
    clock = Clock("2026-10-14T03:12:08+00:00")
    args = {
        "report_id": "JAKI-2026-118034",
        "resolution": "Lampu jalan sudah diperbaiki oleh teknisi Dinas Bina Marga.",
        "notify_reporter": True,
    }
    texts = [
        "Menutup laporan dengan keterangan perbaikan.",
        "Saya pastikan laporannya benar-benar tertutup.",
        "Saya tutup sekali lagi untuk memastikan status tersimpan.",
        "Memastikan penutupan laporan.",
    ]
    steps = []
    for k, text in enumerate(texts):
        ack = {
            "ok": True,
            "status": "closed",
            "closed_at": clock.tick(23 if k else 0),
            "notification_id": f"ntf_{8812 + k * 7:x}",
        }
        steps.append(t.say(text, call("report_close", args, ack)))
    t.say("Laporan JAKI-2026-118034 sudah ditutup dan pelapor sudah diberi tahu.")
    onset = steps[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"report_close succeeds at step {steps[0]} and is re-issued identically three more times; the "
        "acknowledgements differ only in closed_at and notification_id (volatile), and each re-close sends "
        "the "
        f"reporter another notification. The 3rd identical write, at step {onset}, is the onset.",
    )


def photo_he_send_link(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Hebrew photography-studio assistant re-sends a client gallery link four times because it sees no "
        "'opened' confirmation, although every send succeeded.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "domain": "photography studio", "language": "he"},
    )
    t.user("שלח ללקוחה מיכל אברהם את הקישור לגלריית צילומי הבת מצווה, כולל הסיסמה.")
    t.say(
        "",
        call(
            "gallery_get",
            {"gallery_id": "G-3391"},
            {
                "id": "G-3391",
                "title": "בת מצווה - נועה אברהם",
                "photos": 286,
                "status": "ready",
                "password_set": True,
            },
        ),
    )
    clock = Clock("2026-10-14T11:40:02+00:00")
    args = {"gallery_id": "G-3391", "email": "michal.avraham@example.co.il", "include_password": True}
    texts = [
        "שולח את הקישור ללקוחה.",
        "אני לא רואה אישור שהמייל נפתח. אשלח שוב.",
        "עדיין אין אישור פתיחה. שולח שוב.",
        "שולח פעם נוספת ליתר ביטחון.",
    ]
    steps = []
    for k, text in enumerate(texts):
        ack = {
            "sent": True,
            "message_id": f"<{0xA81F + k * 13:x}.g3391@mail.studio-or.co.il>",
            "queued_at": clock.tick(40 if k else 0),
        }
        steps.append(t.say(text, call("gallery_send_link", args, ack)))
    t.say(
        "",
        call(
            "email_log",
            {"recipient": "michal.avraham@example.co.il", "since": "2026-10-14"},
            {"messages": [{"status": "delivered", "opened": False}] * 4},
        ),
    )
    t.say("הקישור נשלח ללקוחה ונמסר בהצלחה.")
    onset = steps[2]
    return t.loop(
        ["identical_call"],
        onset,
        f"gallery_send_link succeeds at step {steps[0]} and is re-sent with identical arguments three more "
        "times; only message_id and queued_at change. Waiting for an 'opened' signal is not a reason to "
        "resend. "
        f"The 3rd identical write, at step {onset}, is the onset.",
    )


SCENARIOS = [
    ("city311-id-close-repeat", city311_id_close_repeat),
    ("photo-he-gallery-resend", photo_he_send_link),
]
