"""Healthy: cursor pagination, a server-side stream read with identical arguments, offsets, page-by-page
document reading and a computer-use agent scrolling a list to its end."""

from __future__ import annotations

from typing import Any

from .builder import Trace, call


def bounty_cursor_pages(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Bug-bounty triage agent pages through 173 stale reports with an opaque cursor and summarises the "
        "backlog.",
        ids="mistral",
        style="tight",
        meta={"harness": "mastra", "domain": "bug bounty triage"},
    )
    t.user(
        "List all open reports on the acme-payments program older than 14 days without a triage decision, so "
        "I can clear the backlog."
    )
    base = {"program": "acme-payments", "state": "new", "older_than_days": 14, "page_size": 50}
    cursors = [None, "eyJvIjo1MH0", "eyJvIjoxMDB9", "eyJvIjoxNTB9"]
    counts = [50, 50, 50, 23]
    ids = [20101, 20163, 20229, 20302]
    sev = [
        {"critical": 1, "high": 6, "medium": 19, "low": 24},
        {"critical": 0, "high": 4, "medium": 22, "low": 24},
        {"critical": 2, "high": 7, "medium": 15, "low": 26},
        {"critical": 0, "high": 2, "medium": 8, "low": 13},
    ]
    for k, (cur, n, first, s) in enumerate(zip(cursors, counts, ids, sev, strict=True)):
        args = dict(base) if cur is None else {**base, "cursor": cur}
        nxt = cursors[k + 1] if k + 1 < len(cursors) else None
        t.say(
            "" if k else "Listing the untriaged reports.",
            call(
                "reports_list",
                args,
                {
                    "count": n,
                    "first_id": first,
                    "last_id": first + n * 2,
                    "by_severity": s,
                    "next_cursor": nxt,
                },
            ),
        )
    t.say(
        "173 untriaged reports older than 14 days: 3 critical, 19 high, 64 medium, 87 low. I'd start with "
        "the "
        "three criticals (pages 1 and 3)."
    )
    return t.healthy(
        "Cursor pagination: four reports_list calls, each with the next_cursor from the previous page, "
        "ending "
        "when next_cursor is null. Same tool, new data every time."
    )


def ocean_glider_stream(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Oceanography agent reads a glider's telemetry stream with identical read calls (server-side "
        "cursor), "
        "each returning the next dives, until EOF.",
        ids="openai",
        meta={"harness": "smolagents", "domain": "oceanography"},
    )
    t.user(
        "Pull glider SG-541's telemetry from last night's dive cycle and check whether any dive went deeper "
        "than 950 m."
    )
    t.say(
        "",
        call(
            "glider_open_stream",
            {"glider": "SG-541", "since": "2026-10-13T18:00:00Z"},
            {"stream_id": "s-4411", "dives_pending": 10},
        ),
    )
    chunks = [
        (
            "dive,start,max_depth_m,duration_min\n212,18:04,948,188\n213,21:15,951,190\n214,00:28,944,186",
            False,
        ),
        (
            "dive,start,max_depth_m,duration_min\n215,03:37,939,184\n216,06:44,946,187\n217,09:54,957,191",
            False,
        ),
        (
            "dive,start,max_depth_m,duration_min\n218,13:08,962,193\n219,16:24,949,188\n220,19:35,941,185",
            False,
        ),
        ("dive,start,max_depth_m,duration_min\n221,22:43,938,184", True),
    ]
    for k, (body, eof) in enumerate(chunks):
        t.say(
            "Reading the stream." if k == 0 else "",
            call("stream_read", {"stream_id": "s-4411", "max_lines": 200}, body + ("\n# EOF" if eof else "")),
        )
    t.say(
        "Three dives went deeper than 950 m: 213 (951 m), 217 (957 m) and 218 (962 m, the deepest). All "
        "others stayed between 938 and 949 m."
    )
    return t.healthy(
        "Identical stream_read calls against a server-side cursor: every call returns the next dives, and "
        "the "
        "last one says EOF. Identical arguments, different results."
    )


def genealogy_pl_offset(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Polish genealogy agent pages a 1921 census index with offsets and groups the households.",
        ids="openai",
        meta={"harness": "langchain", "domain": "genealogy research", "language": "pl"},
    )
    t.user("Znajdź w indeksie spisu ludności z 1921 r. wszystkie osoby o nazwisku Wiśniewski w gminie Żabno.")
    base = {"surname": "Wiśniewski", "gmina": "Żabno", "year": 1921, "limit": 25}
    pages = [
        (0, 25, ["Wiśniewski Antoni (1871), Żabno 14", "Wiśniewska Marianna (1875), Żabno 14", "…"]),
        (25, 25, ["Wiśniewski Józef (1890), Ilkowice 7", "Wiśniewska Zofia (1894), Ilkowice 7", "…"]),
        (50, 11, ["Wiśniewski Stanisław (1902), Łęg 22", "Wiśniewska Anna (1905), Łęg 22", "…"]),
    ]
    for off, n, rows in pages:
        t.say(
            "Przeszukuję indeks spisu." if off == 0 else f"Pobieram kolejne wyniki (od {off}).",
            call(
                "census_search",
                {**base, "offset": off},
                {"total": 61, "offset": off, "returned": n, "rows": rows},
            ),
        )
    t.say("Znalazłem 61 osób o nazwisku Wiśniewski w 14 gospodarstwach: w Żabnie, Ilkowicach i Łęgu.")
    return t.healthy("Offset pagination over a census index: offsets 0, 25, 50 until all 61 rows are read.")


def notary_es_pages(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Spanish notary-office agent reads a sale deed page by page and compares charges and price with the "
        "land-registry note.",
        ids="anthropic",
        meta={"harness": "claude-agent-sdk", "domain": "notary office", "language": "es"},
    )
    t.user(
        "Revisa la escritura de compraventa (ESC-2026-0931) y dime si las cargas y el precio coinciden con "
        "la "
        "nota simple del registro."
    )
    pages = [
        "ESCRITURA DE COMPRAVENTA. En Valencia, a 2 de octubre de 2026. Ante mí, D.ª Carmen Ruiz, notaria...",
        "COMPARECEN: D. Andrés Soler Beltrán (vendedor) y D.ª Lucía Márquez Ortí (compradora)...",
        "EXPONEN: I. Que el vendedor es dueño de la finca registral n.º 44120 del Registro de Valencia n.º "
        "7...",
        "CARGAS: hipoteca a favor de Banco Levante, S.A., que se cancela en este acto; libre de "
        "arrendatarios...",
        "ESTIPULACIONES: Primera. Precio: 238.500 euros, pagados mediante transferencia...",
        "OTORGAMIENTO Y AUTORIZACIÓN... Firmas.",
    ]
    for n, body in enumerate(pages, 1):
        t.say(
            "Leo la escritura." if n == 1 else "",
            call("read_document", {"doc_id": "ESC-2026-0931", "page": n}, {"page": n, "of": 6, "text": body}),
        )
    t.say(
        "",
        call(
            "registry_note_get",
            {"finca": "44120", "registro": "Valencia 7"},
            {
                "titular": "Andrés Soler Beltrán",
                "cargas": ["Hipoteca Banco Levante, S.A. (inscripción 4.ª)", "Afección fiscal ITP 2024"],
            },
        ),
    )
    t.say(
        "El precio (238.500 €) y la hipoteca coinciden. Falta mencionar en la escritura la afección fiscal "
        "por "
        "ITP de 2024 que figura en la nota simple."
    )
    return t.healthy("Reading a six-page deed one page per call (page 1 to 6), then one registry look-up.")


def carrental_computer_scroll(sid: str) -> dict[str, Any]:
    t = Trace(
        sid,
        "Computer-use agent in a car-rental fleet portal scrolls a list with identical scroll actions until "
        "the end, collecting units flagged 'maintenance due'.",
        ids="anthropic",
        meta={"harness": "anthropic-computer-use", "domain": "car rental"},
    )
    t.user("In the fleet portal, list every car at the Denver Airport branch flagged 'maintenance due'.")
    t.say(
        "",
        call(
            "computer",
            {"action": "screenshot"},
            "[screenshot] Fleet > DEN-APT. Table rows 1-12 of 41. 'Maintenance due' badge on: "
            "1FMCU9GD3RUA01122 "
            "(Escape), 3N1AB8CV0RY220911 (Sentra), 5YJ3E1EA4RF771023 (Model 3).",
        ),
    )
    views = [
        "[screenshot] Rows 13-24 of 41. Badge on: JTMRWRFV1RD118802 (RAV4), 1C4RJFAG2RC330117 (Grand "
        "Cherokee).",
        "[screenshot] Rows 25-36 of 41. Badge on: KNDPU3DF5R7204551 (Sportage).",
        "[screenshot] Rows 37-41 of 41. No badges. Footer: 'Showing 41 of 41'.",
    ]
    for view in views:
        t.say(
            "",
            call(
                "computer",
                {
                    "action": "scroll",
                    "coordinate": [640, 520],
                    "scroll_direction": "down",
                    "scroll_amount": 10,
                },
                view,
            ),
        )
    t.say(
        "Six cars at DEN-APT are flagged 'maintenance due': Escape (…01122), Sentra (…20911), Model 3 "
        "(…71023), "
        "RAV4 (…18802), Grand Cherokee (…30117) and Sportage (…04551)."
    )
    return t.healthy(
        "Three identical scroll actions, each revealing new rows, stopping at 'Showing 41 of 41'. "
        "Infinite-scroll "
        "style reading with identical arguments."
    )


SCENARIOS = [
    ("bounty-cursor-backlog", bounty_cursor_pages),
    ("ocean-glider-stream-read", ocean_glider_stream),
    ("genealogy-pl-census-offsets", genealogy_pl_offset),
    ("notary-es-deed-pages", notary_es_pages),
    ("carrental-portal-scroll", carrental_computer_scroll),
]
