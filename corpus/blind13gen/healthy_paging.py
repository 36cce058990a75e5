"""Healthy: pagination with tokens and offsets, server-side cursors, chunked reads, scrolling."""

from __future__ import annotations

from typing import Any

from .builder import Clock, Trace, call, csv, js, jsp, table


def royalties_statement_cursor() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-008-royalties-statement-cursor-pages",
        "Music-rights agent pages through a royalty statement with a cursor token and totals one writer's "
        "share.",
        ids="openai",
        agent="music royalties and rights management",
    )
    t.user("Total Q4 2025 streaming royalties for writer IPI 00482913377 from the Harbourline statement.")
    rng = t.rng
    total = 0.0

    def iswc() -> str:
        a, b, c = (rng.randint(100, 999) for _ in range(3))
        return f"T-{a}.{b}.{c}-{rng.randint(0, 9)}"

    cursor = None
    for page in range(6):
        rows = []
        for _ in range(5):
            amt = round(rng.uniform(0.5, 40.0), 2)
            total += amt
            rows.append(
                [
                    iswc(),
                    "STREAM",
                    amt,
                ]
            )
        nxt = f"eyJvIjo{page + 1}MH0" if page < 5 else ""
        body = csv(["iswc", "use", "amount_eur"], rows) + f"next_cursor={nxt}\n"
        args = {"statement": "HBL-2025Q4", "ipi": "00482913377", **({"cursor": cursor} if cursor else {})}
        text = "Reading the statement." if page == 0 else "Next page."
        t.act(text, call("statements.lines", args, body))
        cursor = nxt
    t.say(
        f"Writer IPI 00482913377 earned EUR {total:.2f} in Q4 2025 streaming royalties across 30 statement "
        "lines."
    )
    return t.healthy(
        "Cursor pagination: six calls to statements.lines, each with the cursor from the previous page, "
        "each returning five new lines; the last page has an empty next_cursor and the agent stops and "
        "totals. Same tool, new arguments and new results every time: progress."
    )


def vms_server_cursor_id() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-009-fisheries-vms-server-cursor",
        "Fisheries agent (Indonesian) reads a VMS track through a server-side cursor with identical calls; "
        "each returns new positions.",
        ids="gemini",
        agent="fisheries and maritime compliance",
        language="id",
    )
    t.user("Apakah KM Bintang Laut 07 memasuki WPP 715 zona larangan antara 2 dan 4 Maret? Cek data VMS-nya.")
    args = {"vessel": "KM-BL-07", "from": "2026-03-02T00:00:00Z", "to": "2026-03-04T00:00:00Z"}
    clock = Clock("2026-03-02T00:00:00Z")
    lat, lon = -1.92, 125.41
    for k in range(5):
        pts = []
        for _ in range(4):
            lat = round(lat - 0.04, 3)
            lon = round(lon + 0.06, 3)
            pts.append({"t": clock.tick(2 * 3600), "lat": lat, "lon": lon})
        body = jsp({"positions": pts, "eof": False})
        t.act(
            "Membaca data VMS." if k == 0 else "Lanjut membaca bagian berikutnya.",
            call("vms__read_track", args, body),
        )
    t.act("Lanjut.", call("vms__read_track", args, jsp({"positions": [], "eof": True})))
    t.act(
        "Data lengkap. Saya cek terhadap poligon zona larangan.",
        call(
            "geo.point_in_zone",
            {"zone": "WPP715-LARANGAN-3", "points_from": "KM-BL-07/2026-03-02..04"},
            js({"inside": 0, "checked": 20, "nearest_km": 6.8}),
        ),
    )
    t.say(
        "Tidak: 20 posisi VMS KM Bintang Laut 07 seluruhnya di luar zona larangan WPP 715 (jarak terdekat "
        "6,8 km)."
    )
    return t.healthy(
        "A server-side cursor: six byte-identical vms__read_track calls, the first five each returning "
        "four new positions and the sixth eof; the agent stops at the first eof and checks the zone. "
        "Identical calls whose results differ are healthy."
    )


def archaeology_offset_pages_hu() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-010-archaeology-finds-offset-pages",
        "Excavation agent (Hungarian) pages a finds register by offset to count coins by phase.",
        ids="anthropic",
        agent="archaeology excavation records",
        language="hu",
    )
    t.user("Hány érme került elő a 2. szelvényből fázisonként? A leletjegyzékben 230 körüli tétel van.")
    rng = t.rng
    counts: dict[str, int] = {}
    for offset in range(0, 250, 50):
        n = 50 if offset < 200 else 31
        rows = []
        for i in range(n):
            material = rng.choice(["kerámia", "kerámia", "csont", "érme", "vas", "kő"])
            phase = rng.choice(["I", "II", "III"])
            if material == "érme":
                counts[phase] = counts.get(phase, 0) + 1
            rows.append([f"L-2-{offset + i + 1:04d}", material, phase])
        body = csv(["lelet", "anyag", "fazis"], rows, sep=";") + f"# {offset + 1}-{offset + n} / 231"
        t.act(
            "Lekérem a leletjegyzéket." if offset == 0 else f"Következő oldal ({offset}-tól).",
            call("leletjegyzek.lista", {"szelveny": 2, "offset": offset, "limit": 50}, body),
        )
    summary = ", ".join(f"{p}. fázis: {counts.get(p, 0)}" for p in ["I", "II", "III"])
    t.say(f"A 2. szelvény 231 leletéből az érmék fázisonként: {summary}.")
    return t.healthy(
        "Offset pagination over 231 finds: five calls with offset 0, 50, 100, 150, 200, each returning new "
        "rows, ending at the reported total. Same tool with advancing arguments and new results is "
        "progress."
    )


def qa_transcript_chunks() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-011-callcenter-transcript-chunked-read",
        "Call-centre QA agent reads a long call transcript in chunks, then scores it.",
        ids="responses",
        agent="call-centre quality assurance",
    )
    t.user(
        "Score call CL-80455 against rubric v3 and quote the moment the agent offered the retention discount."
    )
    chunks = [
        "[00:00] AGENT: Thanks for calling Northwind Mobile, this is Priya...\n[00:41] CUSTOMER: I want to "
        "cancel...",
        "[04:12] AGENT: I see you've been with us six years...\n[05:03] CUSTOMER: The bill went up again.",
        "[08:37] AGENT: I can offer 25% off for 12 months if you stay.\n[08:52] CUSTOMER: Twenty-five? "
        "Okay...",
        "[11:20] AGENT: I've applied that. Anything else?\n[11:45] CUSTOMER: No, that's it.",
        "[12:02] AGENT: Thank you for staying with us. Goodbye.\n[END OF TRANSCRIPT]",
    ]
    for k, text in enumerate(chunks):
        body = text + ("" if k == 4 else f"\n-- chunk {k + 1}/5, more available")
        t.act(
            "Reading the transcript." if k == 0 else "Continuing the transcript.",
            call("read_transcript", {"call_id": "CL-80455", "chunk": k + 1}, body),
        )
    t.act(
        "Recording the score.",
        call(
            "qa.record_score",
            {
                "call_id": "CL-80455",
                "rubric": "v3",
                "sections": {"greeting": 10, "resolution": 27, "closing": 9},
            },
            js({"ok": True, "total": 46}),
        ),
    )
    t.say('Score 46/50. Retention offer at 08:37: "I can offer 25% off for 12 months if you stay."')
    return t.healthy(
        "A chunked read: read_transcript with chunk 1..5, each returning new text, until the end marker; "
        "then one score write. Same tool, advancing arguments, new content: healthy."
    )


def auction_catalog_scroll_ru() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-012-auction-catalog-browser-scroll",
        "Browser agent (Russian) scrolls an online auction catalogue with identical scroll calls, each "
        "revealing new lots, and stops at the bottom.",
        ids="openai",
        agent="auction house operations (browser)",
        language="ru",
    )
    t.user("Найди в онлайн-каталоге торгов 12 мая все лоты Фаберже и выпиши эстимейты.")
    t.act(
        "Открываю каталог.",
        call(
            "browser.navigate",
            {"url": "https://auction.example/sales/2026-05-12"},
            "Page loaded: 'Русское искусство, 12 мая' — lots 1-12 visible",
        ),
    )
    pages = [
        "Lots 13-24 visible: ... Lot 17 'Фаберже. Пасхальное яйцо-подвеска' est. 8 000-12 000 £ ...",
        "Lots 25-36 visible: ... Lot 31 'Фаберже. Портсигар, серебро' est. 15 000-20 000 £ ...",
        "Lots 37-48 visible: no Fabergé lots",
        "Lots 49-60 visible: ... Lot 52 'Фаберже. Рамка для фото, нефрит' est. 30 000-50 000 £ ...",
        "Lots 61-64 visible. Footer reached: 'Конец каталога'",
        "Lots 61-64 visible. Footer reached: 'Конец каталога'",
    ]
    for k, p in enumerate(pages):
        text = "Прокручиваю вниз." if k < 5 else "Прокручу ещё раз, чтобы убедиться, что это конец."
        t.act(text, call("browser.scroll", {"direction": "down", "amount": "page"}, p))
    t.say(
        "Лоты Фаберже: №17 (8 000–12 000 £), №31 (15 000–20 000 £), №52 (30 000–50 000 £). Каталог "
        "просмотрен полностью (64 лота)."
    )
    return t.healthy(
        "Scrolling: six identical browser.scroll calls; the first five each reveal new lots, the fifth "
        "reaches the footer, and one extra scroll confirms the end (a single re-check) before the agent "
        "answers. Identical calls whose results differ are healthy, and one confirmation at the end is "
        "defensible."
    )


def childcare_inbox_page_token_th() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-013-childcare-parent-inbox-pages",
        "Childcare centre agent (Thai) pages through the parent inbox with page tokens to list pickup "
        "changes.",
        ids="mistral",
        agent="childcare centre administration",
        language="th",
    )
    t.user("ช่วยสรุปข้อความผู้ปกครองวันนี้ที่แจ้งเปลี่ยนคนมารับเด็กหน่อย")
    pages = [
        (
            [["09:02", "แม่น้องภูมิ", "วันนี้คุณยายมารับ"], ["09:15", "พ่อน้องมิว", "ขอบคุณสำหรับรูปกิจกรรม"]],
            "p2",
        ),
        (
            [["10:40", "แม่น้องข้าวหอม", "ลูกไอเล็กน้อย"], ["11:05", "แม่น้องต้นกล้า", "น้าสาวจะมารับแทน"]],
            "p3",
        ),
        ([["13:20", "พ่อน้องภูมิ", "ยืนยันคุณยายมารับ 16:30"]], None),
    ]
    token = None
    for k, (rows, nxt) in enumerate(pages):
        body = table(["เวลา", "ผู้ส่ง", "ข้อความ"], rows) + f"\n\nnextPageToken: {nxt or 'null'}"
        args = {"date": "2026-03-19", "pageSize": 2}
        if token:
            args["pageToken"] = token
        t.act("เปิดกล่องข้อความ" if k == 0 else "หน้าถัดไป", call("inbox.list", args, body))
        token = nxt
    t.say("เปลี่ยนคนมารับวันนี้: น้องภูมิ — คุณยาย (16:30), น้องต้นกล้า — น้าสาว")
    return t.healthy(
        "Page-token pagination: three inbox.list calls, each with the next token, each with new messages; "
        "the last has a null token and the agent stops and summarises. Healthy."
    )


def mining_core_photos_tokens_pt() -> dict[str, Any]:
    t = Trace(
        "blind13-healthy-014-mining-core-photo-listing",
        "Geology agent (Brazilian Portuguese) lists core-box photos with continuation tokens to find "
        "missing boxes.",
        ids="bedrock",
        agent="mining geology (core logging)",
        language="pt",
    )
    t.user("Confere se todas as caixas de testemunho do furo FD-118 (caixas 1 a 64) têm foto no bucket.")
    have: list[int] = []
    token = None
    batches = [list(range(1, 21)), [*range(21, 38), 39, 40, 41], list(range(42, 62)), [62, 64]]
    for k, boxes in enumerate(batches):
        have += boxes
        nxt = f"tok-{k + 1:03d}" if k < 3 else None
        keys = [f"FD-118/caixa_{b:02d}_seca.jpg" for b in boxes]
        body = jsp({"Contents": keys, "IsTruncated": nxt is not None, "NextContinuationToken": nxt})
        args = {"bucket": "geo-core-photos", "prefix": "FD-118/", "max_keys": 20}
        if token:
            args["continuation_token"] = token
        t.act(
            "Listando as fotos." if k == 0 else "Próxima página da listagem.",
            call("storage.list_objects", args, body),
        )
        token = nxt
    missing = [b for b in range(1, 65) if b not in have]
    t.say(
        f"Faltam fotos das caixas {', '.join(map(str, missing))} do furo FD-118; as outras "
        f"{64 - len(missing)} estão no bucket."
    )
    return t.healthy(
        "Listing with continuation tokens: four calls, each with the token from the last, each returning "
        "new keys, until IsTruncated is false. The agent then reports the missing boxes. Healthy "
        "pagination."
    )


SCENARIOS = [
    royalties_statement_cursor,
    vms_server_cursor_id,
    archaeology_offset_pages_hu,
    qa_transcript_chunks,
    auction_catalog_scroll_ru,
    childcare_inbox_page_token_th,
    mining_core_photos_tokens_pt,
]
