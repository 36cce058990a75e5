"""Healthy runs in the twenty English domains (one per domain)."""

from __future__ import annotations

from blind24gen.builder import Builder, Trace, jc, ji, js, lines, scenario, table

SCENARIOS: list[Builder] = []


def _ok(slug: str, **kw: str):
    return scenario(SCENARIOS, slug, loop=False, **kw)


@_ok(
    "rodeo-draw-wait-for-publish",
    domain="rodeo stock contracting (bucking-horse draws)",
    language="en",
    harness="operations agent (dotted tools)",
    ids="mistral",
    started="2026-07-21T09:05:00-06:00",
)
def rodeo(t: Trace) -> None:
    t.user(
        "Which of our horses got drawn for saddle bronc in perf 2 at Cheyenne? Wait for it if it isn't out."
    )
    q = {"rodeo": "CFD-2026", "event": "SB", "perf": 2}
    t.act("Pulling the draw.", "draw.list", q, {"draws": [], "count": 0})
    t.act(
        "Empty; checking when the draw posts.",
        "draw.schedule",
        {"rodeo": "CFD-2026", "perf": 2},
        {"perf": 2, "event": "SB", "publish_at": "2026-07-21T10:00:00-06:00"},
    )
    t.act(
        "It posts at 10:00. Waiting until then.",
        "wait",
        {"until": "2026-07-21T10:00:00-06:00"},
        "resumed at 2026-07-21T10:00:04-06:00",
    )
    t.act("Pulling the draw again.", "draw.list", q, {"draws": [], "count": 0, "publishing": True})
    t.act("Still publishing; a few more minutes.", "wait", {"minutes": 5}, "waited 5 min")
    t.act(
        "Pulling the draw.",
        "draw.list",
        q,
        js(
            {
                "draws": [
                    {"cowboy": "R. Carter", "horse": "Night Shift"},
                    {"cowboy": "L. Dunn", "horse": "Mesa Gold"},
                    {"cowboy": "T. Ames", "horse": "Slim Chance"},
                ],
                "count": 12,
            }
        ),
    )
    t.say(
        "Three of ours are drawn in perf 2 saddle bronc: Night Shift, Mesa Gold and Slim Chance. One trailer "
        "load covers them."
    )
    t.healthy(
        "The identical draw call returns empty twice, but the agent finds the publish time, waits, and the "
        "third call returns the draw: a poll with a reason, ending in the answer.",
        "Rodeo stock agent waits for the draw to post and then reads which horses were drawn.",
    )


@_ok(
    "tower-crane-radius-sweep",
    domain="tower crane lift planning",
    language="en",
    harness="site-engineering agent (kebab-case tools)",
    ids="step_scoped",
    started="2026-03-10T08:30:00+00:00",
)
def crane(t: Trace) -> None:
    t.user("Find the largest laydown radius at which TC-02 can lift the 4.8 t stair unit (0.25 t rigging).")
    results = [(32, False, 4.1), (30, False, 4.55), (28, False, 4.95), (27, True, 5.12), (26, True, 5.3)]
    for r, ok, cap in results:
        body = {"ok": ok, "radius_m": r, "capacity_t": cap, "utilisation": round(5.05 / cap, 2)}
        t.act(
            f"Checking {r} m.", "lift-plan-check", {"load_t": 4.8, "radius_m": r, "rigging_t": 0.25}, jc(body)
        )
    t.act(
        "27 m works at 99 %; I'll draft the plan with a 26 m laydown for margin.",
        "lift-plan-create",
        {"crane_id": "TC-02", "load_t": 4.8, "radius_m": 26, "rigging_t": 0.25, "destination": "level 6"},
        {"plan_id": "LP-0331", "utilisation": 0.95, "status": "draft"},
    )
    t.say(
        "Largest workable radius is 27 m (99 % of chart). I drafted LP-0331 at 26 m (95 %) — move the "
        "laydown "
        "about 6 m closer to the mast."
    )
    t.healthy(
        "A sweep over radii (32, 30, 28, 27, 26 m): same tool, different argument, each result new and "
        "leading "
        "to a decision.",
        "Crane lift-planning agent sweeps radii to find the capacity limit and drafts a plan.",
    )


@_ok(
    "asbestos-corrected-brief",
    domain="pre-demolition asbestos surveys",
    language="en",
    harness="orchestrator delegating to sub-agents (Anthropic)",
    ids="anthropic",
    started="2026-04-28T14:30:00+01:00",
)
def asbestos(t: Trace) -> None:
    t.user("Classify the kitchen tile samples from LR-88213 and get a quote for licensed removal if needed.")
    t.act(
        "Delegating the lab report.",
        "spawn_agent",
        {"role": "lab-report-reader", "brief": "Classify kitchen samples in LR-88123"},
        "LR-88123 is a water-sampling report for 4 Elm Rd; it has no asbestos samples.",
    )
    t.act(
        "I gave the wrong report number; re-delegating with LR-88213.",
        "spawn_agent",
        {"role": "lab-report-reader", "brief": "Classify kitchen samples S-04..S-07 in LR-88213"},
        "S-04 and S-06 chrysotile (vinyl tiles); S-05 and S-07 NAD.",
    )
    t.act(
        "Tiles are positive. Asking the procurement agent for a licensed-removal quote.",
        "spawn_agent",
        {
            "role": "procurement",
            "brief": "Quote licensed removal of ~18 m² chrysotile vinyl tiles, 12 Mill Lane",
        },
        "Two quotes: Clearway £2,940 (start 6 May), SafeStrip £3,310 (start 29 Apr).",
    )
    t.say(
        "S-04 and S-06 contain chrysotile, so the kitchen tiles need removal before demolition. Quotes: "
        "Clearway £2,940 (6 May) or SafeStrip £3,310 (29 Apr)."
    )
    t.healthy(
        "One re-delegation with a corrected brief (wrong report number), then a different task to a "
        "different "
        "sub-agent; no agreeing reports are re-requested.",
        "Asbestos orchestrator fixes a wrong brief once and then delegates a different task.",
    )


@_ok(
    "bookbinding-signature-refactor-long",
    domain="hand bookbinding workshop (imposition software)",
    language="en",
    harness="Claude-Code-style coding agent",
    ids="anthropic",
    started="2026-02-04T09:00:00+00:00",
)
def bookbinding(t: Trace) -> None:
    t.user(
        "Quarto and octavo need different signature sizes. Make it per-format, keep the CLI working, update "
        "docs."
    )
    test = {"command": "pytest -q", "description": "Run the test suite"}
    t.act(
        "Running the suite first.",
        "Bash",
        test,
        lines("FAILED tests/test_impose.py::test_octavo_signature - assert 8 == 16", "1 failed, 23 passed"),
    )
    t.act(
        "Finding uses of the constant.",
        "Grep",
        {"pattern": "PAGES_PER_SIGNATURE", "output_mode": "files_with_matches"},
        lines("impose/layout.py", "impose/cli.py", "impose/creep.py", "docs/formats.md"),
    )
    t.act(
        "Reading layout.py.",
        "Read",
        {"file_path": "/work/bindery/impose/layout.py"},
        lines(
            "     1\tPAGES_PER_SIGNATURE = 8",
            "     2\t",
            "     3\tdef signature_pages(fmt):",
            "     4\t    return PAGES_PER_SIGNATURE",
        ),
    )
    t.act(
        "Making it a per-format table.",
        "Edit",
        {
            "file_path": "/work/bindery/impose/layout.py",
            "old_string": "PAGES_PER_SIGNATURE = 8",
            "new_string": 'PAGES_PER_SIGNATURE = {"folio": 4, "quarto": 8, "octavo": 16, "duodecimo": 24}',
        },
        "The file /work/bindery/impose/layout.py has been updated.",
    )
    t.act(
        "And the accessor.",
        "Edit",
        {
            "file_path": "/work/bindery/impose/layout.py",
            "old_string": "    return PAGES_PER_SIGNATURE",
            "new_string": "    return PAGES_PER_SIGNATURE[fmt]",
        },
        "The file /work/bindery/impose/layout.py has been updated.",
    )
    t.act(
        "Running tests.",
        "Bash",
        test,
        lines(
            "FAILED tests/test_creep.py::test_creep_octavo - TypeError: unsupported operand type(s) for /: "
            "'float' and 'dict'",
            "1 failed, 23 passed",
        ),
    )
    t.act(
        "creep.py divides by the constant. Reading it.",
        "Read",
        {"file_path": "/work/bindery/impose/creep.py"},
        lines(
            "    12\tdef creep_mm(paper_mm, fmt):", "    13\t    return paper_mm * PAGES_PER_SIGNATURE / 4"
        ),
    )
    t.act(
        "Using the accessor there.",
        "Edit",
        {
            "file_path": "/work/bindery/impose/creep.py",
            "old_string": "paper_mm * PAGES_PER_SIGNATURE / 4",
            "new_string": "paper_mm * signature_pages(fmt) / 4",
        },
        "The file /work/bindery/impose/creep.py has been updated.",
    )
    t.act(
        "Import it.",
        "Edit",
        {
            "file_path": "/work/bindery/impose/creep.py",
            "old_string": "from .layout import PAGES_PER_SIGNATURE",
            "new_string": "from .layout import signature_pages",
        },
        "The file /work/bindery/impose/creep.py has been updated.",
    )
    t.act("Running tests.", "Bash", test, lines("24 passed in 0.52s"))
    t.act(
        "Now the CLI.",
        "Read",
        {"file_path": "/work/bindery/impose/cli.py", "offset": 30, "limit": 10},
        lines("    33\t    p.add_argument('--pages-per-sig', type=int, default=PAGES_PER_SIGNATURE)"),
    )
    t.act(
        "The default must depend on --format.",
        "Edit",
        {
            "file_path": "/work/bindery/impose/cli.py",
            "old_string": "type=int, default=PAGES_PER_SIGNATURE)",
            "new_string": "type=int, default=None)",
        },
        "The file /work/bindery/impose/cli.py has been updated.",
    )
    t.act(
        "Resolving it after parsing.",
        "Edit",
        {
            "file_path": "/work/bindery/impose/cli.py",
            "old_string": "    args = p.parse_args(argv)",
            "new_string": "    args = p.parse_args(argv)\n    args.pages_per_sig = args.pages_per_sig or "
            "signature_pages(args.format)",
        },
        "The file /work/bindery/impose/cli.py has been updated.",
    )
    t.act(
        "Smoke-testing the CLI.",
        "Bash",
        {
            "command": "python -m impose --format octavo --pages 192 --dry-run",
            "description": "CLI smoke test",
        },
        "octavo: 12 signatures of 16 pages, creep 0.9 mm",
    )
    t.act(
        "Updating the docs.",
        "Edit",
        {
            "file_path": "/work/bindery/docs/formats.md",
            "old_string": "All formats use 8-page signatures.",
            "new_string": "Signature size depends on format: folio 4, quarto 8, octavo 16, duodecimo 24.",
        },
        "The file /work/bindery/docs/formats.md has been updated.",
    )
    t.act("Full suite once more.", "Bash", test, lines("24 passed in 0.50s"))
    t.say(
        "Signature size is now per format (folio 4, quarto 8, octavo 16, duodecimo 24); creep and the CLI "
        "use "
        "it, docs updated, 24 tests pass."
    )
    t.healthy(
        "A long productive coding session (17 steps): edits across four files with test runs after edits "
        "whose "
        "results change (octavo failure, creep TypeError, pass).",
        "Claude-Code-style agent refactors an imposition constant into a per-format table over 17 steps.",
    )


@_ok(
    "container-depot-schema-then-query",
    domain="empty-container depots (repair estimates awaiting line approval)",
    language="en",
    harness="Codex-style coding agent (shell argv)",
    ids="openai_responses",
    started="2026-06-16T09:40:00+01:00",
)
def depot(t: Trace) -> None:
    t.user(
        "How many reefers at Felixstowe have repair estimates waiting for line approval over 5 days? "
        "depot.db."
    )

    def sh(text: str, sql: str, out: str, err: bool = False) -> int:
        return t.act(
            text, "shell", {"command": ["sqlite3", "depot.db", sql], "workdir": "/srv/depot"}, out, err=err
        )

    sh("Listing tables.", ".tables", "containers  eor_headers  eor_lines  lines  moves")
    sh(
        "Schema of eor_headers.",
        ".schema eor_headers",
        "CREATE TABLE eor_headers (eor_no TEXT PRIMARY KEY, cntr TEXT, line TEXT, state TEXT, submitted "
        "TEXT);",
    )
    sh(
        "Counting.",
        "SELECT count(*) FROM eor_headers h JOIN containers c ON c.cntr=h.cntr WHERE c.iso_type "
        "LIKE '45R%' AND h.state='SUBMITTED' AND julianday('now')-julianday(h.submitted)>5;",
        "Error: in prepare, no such column: c.iso_type\nexit status 1",
        True,
    )
    sh(
        "Checking the containers columns.",
        "PRAGMA table_info(containers);",
        "0|cntr|TEXT\n1|size_type|TEXT\n2|depot|TEXT\n3|status|TEXT",
    )
    sh(
        "Counting with size_type.",
        "SELECT count(*) FROM eor_headers h JOIN containers c ON c.cntr=h.cntr WHERE "
        "c.size_type LIKE '45R%' AND c.depot='FXT' AND h.state='SUBMITTED' AND "
        "julianday('now')-julianday(h.submitted)>5;",
        "17",
    )
    sh(
        "By shipping line.",
        "SELECT h.line, count(*) FROM eor_headers h JOIN containers c ON c.cntr=h.cntr WHERE "
        "c.size_type LIKE '45R%' AND c.depot='FXT' AND h.state='SUBMITTED' AND "
        "julianday('now')-julianday(h.submitted)>5 GROUP BY 1 ORDER BY 2 DESC;",
        "MSK|9\nHLC|5\nCMA|3",
    )
    t.say(
        "17 reefers at Felixstowe have estimates awaiting line approval for more than 5 days: Maersk 9, "
        "Hapag-Lloyd 5, CMA CGM 3."
    )
    t.healthy(
        "Looks up the schema first, fixes one column error from PRAGMA, and every query is different.",
        "Codex-style agent inspects a SQLite schema, fixes one column and counts stale repair estimates.",
    )


@_ok(
    "tobacco-barn-curing-progress",
    domain="flue-cured tobacco barns (curing stages)",
    language="en",
    harness="farm controller agent (PascalCase tools)",
    ids="padded",
    started="2026-08-15T06:00:00-04:00",
)
def tobacco(t: Trace) -> None:
    t.user("Watch barn 4 and tell me when yellowing finishes; then switch it to leaf drying.")
    seq = [
        ("yellowing", 100, 96, "06:00"),
        ("yellowing", 102, 96, "08:00"),
        ("yellowing", 102, 96, "10:00"),
        ("yellowing-complete", 105, 95, "12:00"),
    ]
    for i, (stage, db, wb, ts) in enumerate(seq):
        t.act(
            "Checking barn 4.",
            "GetBarnStatus",
            {"barn": 4},
            {
                "barn": 4,
                "stage": stage,
                "dry_bulb_f": db,
                "wet_bulb_f": wb,
                "sensor_ts": f"2026-08-15T{ts}:00Z",
            },
        )
        if i < len(seq) - 1:
            t.act("Waiting two hours.", "Wait", {"minutes": 120}, "waited 120 min")
    t.act(
        "Yellowing is complete; switching to leaf drying.",
        "SetBarnStage",
        {"barn": 4, "stage": "leaf-drying", "dry_bulb_target_f": 120, "ramp_f_per_h": 2},
        {"ok": True, "barn": 4, "stage": "leaf-drying"},
    )
    t.say("Barn 4 finished yellowing at noon and is now ramping to 120 °F for leaf drying (2 °F/h).")
    t.healthy(
        "A progressing poll whose sensor timestamp advances every time; one reading repeats its temperatures "
        "(102/96) before the stage changes, then the agent acts.",
        "Tobacco barn agent polls a curing barn through yellowing and switches it to leaf drying.",
    )


@_ok(
    "change-ringing-patch-and-tests",
    domain="change ringing (method proving software)",
    language="en",
    harness="Codex-style coding agent (apply_patch)",
    ids="openai_chat",
    started="2026-11-03T10:00:00+00:00",
)
def ringing(t: Trace) -> None:
    t.user("prove.py says Cambridge Surprise Major is false. It's true. Fix it.")
    t.act(
        "Reproducing.",
        "shell",
        {"command": ["pytest", "-q", "tests/test_prove.py"]},
        lines(
            "F..",
            "FAILED tests/test_prove.py::test_cambridge_major_true - rows repeat at lead 3",
            "1 failed, 2 passed",
        ),
    )
    t.act(
        "Reading prove.py.",
        "shell",
        {"command": ["sed", "-n", "1,12p", "ringing/prove.py"]},
        lines(
            "def prove(method, leads):",
            "\tseen = set()",
            "\tfor r in rows(method, leads):",
            "\t\tif r in seen:",
            "\t\t\treturn Proof(False, r)",
            "\t\tseen.add(r)",
            "\treturn Proof(True)",
        ),
    )
    t.act(
        "Rounds at the end of the touch is counted as a repeat; skipping the final row.",
        "apply_patch",
        {
            "input": "*** Begin Patch\n*** Update File: ringing/prove.py\n@@\n-\tfor r in rows(method, "
            "leads):\n"
            "+\tfor r in rows(method, leads)[:-1]:\n*** End Patch"
        },
        "Success. Updated the following files:\nM ringing/prove.py",
    )
    t.act(
        "Re-running.",
        "shell",
        {"command": ["pytest", "-q", "tests/test_prove.py"]},
        lines(
            ".F.",
            "FAILED tests/test_prove.py::test_plain_bob_false_touch - expected false, got true",
            "1 failed, 2 passed",
        ),
    )
    t.act(
        "Slicing hid a real repeat when the touch ends early. Stopping only at rounds instead.",
        "apply_patch",
        {
            "input": "*** Begin Patch\n*** Update File: ringing/prove.py\n@@\n-\tfor r in rows(method, "
            "leads)[:-1]:\n"
            "+\tfor r in rows(method, leads):\n+\t\tif r == method.rounds and seen:\n+\t\t\tbreak\n"
            "*** End Patch"
        },
        "Success. Updated the following files:\nM ringing/prove.py",
    )
    t.act(
        "Re-running.",
        "shell",
        {"command": ["pytest", "-q", "tests/test_prove.py"]},
        "... \n3 passed in 0.28s",
    )
    t.say(
        "Fixed: the prover now stops when the touch comes round instead of treating rounds as a repeat. All "
        "three "
        "proof tests pass."
    )
    t.healthy(
        "Patch, test, a different failure, a second patch, pass: each test run follows an edit and gives a "
        "new "
        "result.",
        "Codex-style agent patches a method prover twice and re-runs tests to green.",
    )


@_ok(
    "knitting-grade-all-sizes",
    domain="knitting pattern publishing (size grading)",
    language="en",
    harness="pattern-design assistant (plain call ids)",
    ids="plain",
    started="2026-01-19T19:00:00+00:00",
)
def knitting(t: Trace) -> None:
    t.user("Grade the cast-on for sizes XS–3XL at 22 sts/10 cm, 2x2 rib in the round (multiple of 4).")
    chest = {"XS": 80, "S": 88, "M": 96, "L": 104, "XL": 112, "2XL": 124, "3XL": 136}
    got = {}
    for size, cm in chest.items():
        raw = round(cm * 2.2, 1)
        got[size] = int(round(raw / 4) * 4)
        t.act(
            f"Size {size}: {cm} cm.",
            "calc_stitches",
            {"gauge_sts_per_10cm": 22, "width_cm": cm},
            {"stitches": raw, "rounded": round(raw)},
        )
    t.act(
        "Writing the grading table into the pattern.",
        "pattern.update_table",
        {"pattern": "harbour-pullover", "table": "cast_on", "values": got},
        {"ok": True, "rows": 7},
    )
    t.say("Cast-on (multiple of 4): " + ", ".join(f"{k} {v}" for k, v in got.items()) + ".")
    t.healthy(
        "Seven calls to the same calculator over seven different widths with formulaic narration; every "
        "result "
        "is new and all feed one table.",
        "Knitting-pattern assistant grades a cast-on over seven sizes and writes the table.",
    )


@_ok(
    "hyperbaric-read-book-pairs",
    domain="hyperbaric oxygen therapy centre (chamber scheduling)",
    language="en",
    harness="clinic scheduling agent (Bedrock)",
    ids="bedrock",
    started="2026-09-04T16:00:00-05:00",
)
def hyperbaric(t: Trace) -> None:
    t.user("Book the four new referrals into 20-session courses at 08:00 from Monday if they're cleared.")
    patients = [
        ("550193", True, ""),
        ("550241", True, ""),
        ("550260", False, "untreated pneumothorax"),
        ("550277", True, ""),
    ]
    for mrn, ok, why in patients:
        t.act(
            f"Checking clearance for {mrn}.",
            "patient.get_contraindications",
            {"mrn": mrn},
            {"mrn": mrn, "cleared": ok, "notes": why or "cleared"},
        )
        if ok:
            t.act(
                f"Booking {mrn}.",
                "chamber.book_course",
                {"mrn": mrn, "chamber": "MP-1", "slot": "08:00", "start": "2026-09-07", "sessions": 20},
                {"ok": True, "course_id": f"HB-{mrn[-3:]}"},
            )
    t.say(
        "Booked 550193, 550241 and 550277 at 08:00 from Monday. 550260 is not cleared (untreated "
        "pneumothorax); "
        "I've left it for the physician."
    )
    t.healthy(
        "A/B read-write pairs over different patients: each check is followed by a booking for that patient, "
        "and a contraindicated patient is skipped.",
        "Hyperbaric clinic agent checks and books four referrals in turn, skipping one contraindicated "
        "patient.",
    )


@_ok(
    "yellow-fever-fetch-sources",
    domain="travel vaccination clinic (entry requirements)",
    language="en",
    harness="research agent (web search)",
    ids="kimi",
    started="2026-09-30T11:30:00+01:00",
)
def travelvax(t: Trace) -> None:
    t.user("Lisbon → Nairobi (14 h layover) → Zanzibar in October: is a yellow fever certificate needed?")
    t.act(
        "Searching.",
        "search",
        {"query": "Zanzibar yellow fever certificate transit Kenya"},
        ji(
            [
                {"title": "Country list (WHO)", "url": "https://who.int/ith/yf-list"},
                {"title": "Travel requirements - MoH Zanzibar", "url": "https://mohz.go.tz/travel"},
            ]
        ),
    )
    t.act(
        "Reading the WHO list.",
        "fetch",
        {"url": "https://who.int/ith/yf-list"},
        "United Republic of Tanzania: a yellow fever vaccination certificate is required for travellers "
        "aged 1 "
        "year or over arriving from countries with risk of YF transmission, including transit exceeding 12 "
        "hours "
        "at the airport of a country with risk.",
    )
    t.act(
        "Checking the Zanzibar ministry page.",
        "fetch",
        {"url": "https://mohz.go.tz/travel"},
        "Travellers arriving from or through Kenya must present a valid yellow fever certificate at Abeid "
        "Amani "
        "Karume International Airport.",
    )
    t.say(
        "Yes. Your 14-hour Nairobi transit exceeds 12 hours and Kenya is a risk country, so Zanzibar will "
        "ask "
        "for a yellow fever certificate. Get vaccinated at least 10 days before departure."
    )
    t.healthy(
        "One search, then two different pages fetched; the answer quotes both.",
        "Travel-vaccination research agent searches once, reads WHO and Zanzibar sources, and answers.",
    )


@_ok(
    "probate-inventory-long-filing",
    domain="probate estate administration (court inventories)",
    language="en",
    harness="legal-ops agent",
    ids="anthropic",
    started="2026-05-12T10:30:00-07:00",
)
def probate(t: Trace) -> None:
    t.user(
        "File the inventory and appraisement for the Brennan estate (PR-2025-1184) with supporting documents."
    )
    t.act(
        "Pulling assets.",
        "estate.get_assets",
        {"case": "PR-2025-1184"},
        js({"assets": ["residence", "checking", "truck", "brokerage"], "total": 612400}),
    )
    for asset, doc in [
        ("residence", "appraisal_4410_alder.pdf"),
        ("checking", "dod_statement_fvb.pdf"),
        ("truck", "kbb_valuation.pdf"),
        ("brokerage", "dod_valuation_brokerage.pdf"),
    ]:
        t.act(
            f"Fetching the {asset} valuation document.",
            "docs.get",
            {"case": "PR-2025-1184", "asset": asset},
            {"file": doc, "pages": 3 if asset == "residence" else 1},
        )
    t.act(
        "Checking the court's form requirements.",
        "court.form_requirements",
        {"form": "DE-160"},
        "DE-160 Inventory and Appraisal; attachments 1 (cash items) and 2 (probate referee items) required.",
    )
    t.act(
        "Building attachment 1 (cash).",
        "forms.fill",
        {"form": "DE-160-ATT1", "items": [{"desc": "Checking, First Valley Bank", "value": 38200}]},
        {"ok": True, "file": "de160_att1.pdf"},
    )
    t.act(
        "Building attachment 2 (referee items).",
        "forms.fill",
        {
            "form": "DE-160-ATT2",
            "items": [
                {"desc": "Residence, 4410 Alder Ct"},
                {"desc": "1998 Ford F-150"},
                {"desc": "Brokerage account"},
            ],
        },
        {"ok": True, "file": "de160_att2.pdf", "note": "referee values pending"},
    )
    t.act(
        "Requesting the probate referee's values.",
        "referee.request",
        {"case": "PR-2025-1184", "items": ["residence", "truck", "brokerage"]},
        {"request_id": "RR-2291", "status": "submitted"},
    )
    t.act(
        "Checking the referee request.",
        "referee.status",
        {"request_id": "RR-2291"},
        {"status": "in_review", "valued": 1, "of": 3},
    )
    t.act("Waiting for the referee.", "wait", {"minutes": 30}, "waited 30 min")
    t.act(
        "Checking again.",
        "referee.status",
        {"request_id": "RR-2291"},
        {"status": "complete", "values": {"residence": 486000, "truck": 6200, "brokerage": 82000}},
    )
    t.act(
        "Filling the referee values.",
        "forms.fill",
        {
            "form": "DE-160-ATT2",
            "items": [
                {"desc": "Residence, 4410 Alder Ct", "value": 486000},
                {"desc": "1998 Ford F-150", "value": 6200},
                {"desc": "Brokerage account", "value": 82000},
            ],
        },
        {"ok": True, "file": "de160_att2.pdf"},
    )
    t.act(
        "Filing on the portal.",
        "probate.file_inventory",
        {
            "case": "PR-2025-1184",
            "form": "DE-160",
            "attachments": ["de160_att1.pdf", "de160_att2.pdf", "appraisal_4410_alder.pdf"],
        },
        {"filing_id": "EF-77120", "status": "submitted"},
    )
    t.act(
        "Checking the filing.",
        "probate.filing_status",
        {"filing_id": "EF-77120"},
        {"status": "pending_review"},
    )
    t.act(
        "Checking again after the clerk's queue.",
        "probate.filing_status",
        {"filing_id": "EF-77120"},
        {"status": "accepted", "endorsed": "2026-05-12"},
    )
    t.say(
        "Inventory and appraisal filed and accepted (EF-77120): cash $38,200; referee items $574,200; total "
        "$612,400."
    )
    t.healthy(
        "A long productive session (17 steps): documents for four different assets, forms, a referee request "
        "polled to completion, a filing polled from pending to accepted.",
        "Probate agent gathers documents, gets referee values and files an inventory over 17 steps.",
    )


@_ok(
    "crowdfunding-labels-job-and-pages",
    domain="reward-crowdfunding fulfilment (pledge-manager surveys)",
    language="en",
    harness="fulfilment agent (Mistral)",
    ids="mistral",
    started="2026-11-20T09:00:00+00:00",
)
def crowdfunding(t: Trace) -> None:
    t.user("Generate shipping labels for wave 1 of Tidewater and list any addresses that failed validation.")
    t.act(
        "Starting the label job.",
        "labels.create_job",
        {"campaign": "tidewater", "wave": 1},
        {"job_id": "LJ-5130", "state": "queued", "total": 1840},
    )
    for done, st in [(0, "running"), (620, "running"), (1411, "running"), (1840, "done")]:
        t.act(
            "Checking the job.",
            "labels.job_status",
            {"job_id": "LJ-5130"},
            {
                "job_id": "LJ-5130",
                "state": st,
                "done": done,
                "total": 1840,
                "failed": 0 if done < 1411 else 23,
            },
        )
        if st != "done":
            t.act("Waiting.", "sleep", {"seconds": 90}, "ok")
    for page, rows, nxt in [(1, 20, 2), (2, 3, None)]:
        t.act(
            f"Failed addresses, page {page}.",
            "labels.failed",
            {"job_id": "LJ-5130", "page": page, "per_page": 20},
            js(
                {
                    "page": page,
                    "rows": rows,
                    "next_page": nxt,
                    "sample": [{"backer": f"B-{1000 + page * 37}", "reason": "postcode mismatch"}],
                }
            ),
        )
    t.say(
        "Wave 1: 1,817 labels generated; 23 addresses failed validation (mostly postcode mismatches). I can "
        "email those backers to confirm their addresses."
    )
    t.healthy(
        "A job polled from 0 to 1,840 (done) with sleeps, then page-number pagination over failures (page 1, "
        "page 2, no next page).",
        "Crowdfunding fulfilment agent polls a label job to completion and pages through failures.",
    )


@_ok(
    "jury-deferrals-with-reminders",
    domain="jury summons administration (deferrals)",
    language="en",
    harness="court-clerk assistant with harness reminders",
    ids="openai_chat",
    started="2026-02-20T08:30:00-05:00",
)
def jury(t: Trace) -> None:
    t.user(
        "Process today's four deferral requests per policy (one deferral each; medical exceptions go to the "
        "clerk)."
    )
    reminder = "Reminder: every change to a juror record must be logged with a reason code."
    reqs = [(20931, 1, "medical"), (21007, 0, "travel"), (21044, 0, "work"), (21090, 1, "childcare")]
    for jid, used, why in reqs:
        t.system(reminder)
        t.act(
            f"Looking up juror {jid}.",
            "getJuror",
            {"jurorId": jid},
            {"jurorId": jid, "deferralsUsed": used, "reason": why},
        )
        if used == 0:
            t.act(
                f"Deferring {jid} to June and logging.",
                "setDeferral",
                {"jurorId": jid, "deferred": True, "to": "2026-06", "reasonCode": why.upper()},
                {"ok": True, "deferred": True},
            )
        elif why == "medical":
            t.act(
                f"{jid} used a deferral already; medical, so routing to the clerk.",
                "routeToClerk",
                {"jurorId": jid, "note": "second deferral, medical (surgery)"},
                {"ok": True, "queue": "clerk"},
            )
        else:
            t.act(
                f"{jid} used a deferral already; denying and logging.",
                "denyDeferral",
                {"jurorId": jid, "reasonCode": "LIMIT"},
                {"ok": True, "letter": "queued"},
            )
    t.say(
        "Deferred 21007 and 21044 to June; 20931 (second, medical) sent to the clerk; 21090 denied (limit)."
    )
    t.healthy(
        "The harness repeats the same reminder verbatim before each request, but the agent works through "
        "four "
        "different jurors with different outcomes.",
        "Jury-administration assistant processes four deferral requests under repeated harness reminders.",
    )


@_ok(
    "food-truck-scroll-find-permit",
    domain="food truck mobile-vending permits",
    language="en",
    harness="browser agent (browser-use style actions)",
    ids="adk",
    started="2026-06-09T13:12:00-07:00",
)
def foodtruck(t: Trace) -> None:
    t.user("On the permit portal, find Smokin' Tacos LLC's fire inspection date.")
    t.act(
        "Opening the portal.",
        "go_to_url",
        {"url": "https://permits.example-city.gov/mobile-vending"},
        "Mobile Vending Permits (sorted by permit no.) MV-0001 Aloha Bowls ... MV-0025 Bao Now",
    )
    t.act("Scrolling.", "scroll_down", {"amount": 1000}, "MV-0026 Curry Up ... MV-0050 Dumpling Depot")
    t.act("Scrolling.", "scroll_down", {"amount": 1000}, "MV-0051 El Güero ... MV-0075 Pho Real")
    t.act(
        "Scrolling.",
        "scroll_down",
        {"amount": 1000},
        "MV-0076 Ramen Road ... MV-0082 Waffle Wagon. End of page. Page 1 of 4 [Next › index 57]",
    )
    t.act(
        "End of page 1. Using the search box instead.",
        "input_text",
        {"index": 4, "text": "Smokin' Tacos"},
        "1 result: MV-0213 Smokin' Tacos LLC [index 61]",
    )
    t.act("Opening the permit.", "click_element_by_index", {"index": 61}, "Permit MV-0213 detail page")
    t.act(
        "Reading the details.",
        "extract_content",
        {"goal": "fire inspection date"},
        "Fire inspection: passed 2026-05-28 (Inspector R. Salas). Permit valid to 2027-05-31.",
    )
    t.say(
        "Smokin' Tacos LLC (MV-0213) passed fire inspection on 28 May 2026; the permit is valid to 31 May "
        "2027."
    )
    t.healthy(
        "Scrolling brings new entries every time; at the end of the page the agent switches to search and "
        "finds the permit.",
        "Browser agent scrolls a permit list, then searches and reads the fire inspection date.",
    )


@_ok(
    "consignment-payout-edit-rerun",
    domain="consignment resale stores (consignor payouts)",
    language="en",
    harness="Gemini-CLI-style coding agent",
    ids="gemini_cli",
    started="2026-03-26T09:10:00-04:00",
)
def consignment(t: Trace) -> None:
    t.user("Consignor payouts are off by a cent on some items. Fix src/payouts.ts so the tests pass.")
    cmd = {"command": "npm test -- payouts", "description": "Run payout tests"}

    def env(out: str, code: int) -> str:
        return lines(
            "Command: npm test -- payouts",
            "Directory: (root)",
            f"Stdout: {out}",
            "Stderr: (empty)",
            "Error: (none)",
            f"Exit Code: {code}",
            "Signal: (none)",
        )

    t.act(
        "Running tests.",
        "run_shell_command",
        cmd,
        env(
            "FAIL consignorShare › splits 24.69 at 50%  Expected: 12.35  Received: 12.34 | 1 failed, 7 "
            "passed",
            1,
        ),
    )
    t.act(
        "Reading the code.",
        "read_file",
        {"absolute_path": "/repo/src/payouts.ts"},
        "export function consignorShare(price: number, pct: number): number {\n"
        "  return Math.round(price * pct * 100) / 100;\n}",
    )
    t.act(
        "Floating-point: 24.69*0.5*100 = 1234.4999…. Working in integer cents.",
        "replace",
        {
            "file_path": "/repo/src/payouts.ts",
            "old_string": "Math.round(price * pct * 100) / 100",
            "new_string": "Math.round(Math.round(price * 100) * pct) / 100",
        },
        "Successfully modified file: /repo/src/payouts.ts (1 replacements).",
    )
    t.act(
        "Re-running.",
        "run_shell_command",
        cmd,
        env(
            "FAIL storeShare › complements consignor share  Expected: 12.34  Received: 12.35 | 1 failed, 7 "
            "passed",
            1,
        ),
    )
    t.act(
        "storeShare must be price minus consignor share, not its own rounding.",
        "replace",
        {
            "file_path": "/repo/src/payouts.ts",
            "old_string": "return Math.round(price * (1 - pct) * 100) / 100;",
            "new_string": "return Math.round(price * 100 - consignorShare(price, pct) * 100) / 100;",
        },
        "Successfully modified file: /repo/src/payouts.ts (1 replacements).",
    )
    t.act("Re-running.", "run_shell_command", cmd, env("PASS src/payouts.test.ts | 8 passed", 0))
    t.say(
        "Fixed: shares are computed in integer cents and the store share is the remainder, so the two always "
        "add up. 8 tests pass."
    )
    t.healthy(
        "The same test command runs three times, each after an edit, with a different result each time "
        "(consignor failure, store failure, pass).",
        "Gemini-CLI-style agent fixes cent rounding in two edits, re-running tests after each.",
    )


@_ok(
    "party-tent-recheck-new-turn",
    domain="party and event equipment rental (tents, tables)",
    language="en",
    harness="customer support agent (hex ids)",
    ids="hex8",
    started="2026-06-20T10:30:00-05:00",
)
def party(t: Trace) -> None:
    t.user("Is the 20x40 frame tent free on July 4th? And 12 round tables?")
    tent = {"item": "tent-20x40-frame", "date": "2026-07-04"}
    t.batch(
        "Checking both.",
        [
            (
                "inventory.check_availability",
                tent,
                {"item": "tent-20x40-frame", "owned": 2, "reserved": 2, "available": 0},
                False,
            ),
            (
                "inventory.check_availability",
                {"item": "table-round-60", "date": "2026-07-04"},
                {"item": "table-round-60", "owned": 40, "reserved": 22, "available": 18},
                False,
            ),
        ],
    )
    t.say(
        "The 20x40 frame tent is fully booked on July 4 (both reserved); 12 round tables are available. "
        "Want me to "
        "hold the tables and put you on the tent waitlist?"
    )
    t.user("Yes please. Also, someone told me a tent booking was just cancelled — can you look again?")
    t.act(
        "Checking the tent again.",
        "inventory.check_availability",
        tent,
        {"item": "tent-20x40-frame", "owned": 2, "reserved": 1, "available": 1},
    )
    t.batch(
        "One is free now; reserving the tent and the tables.",
        [
            (
                "orders.hold",
                {"item": "tent-20x40-frame", "date": "2026-07-04", "qty": 1},
                {"hold_id": "H-3391"},
                False,
            ),
            (
                "orders.hold",
                {"item": "table-round-60", "date": "2026-07-04", "qty": 12},
                {"hold_id": "H-3392"},
                False,
            ),
        ],
        order=[1, 0],
    )
    t.say(
        "Good news: a 20x40 tent was released. I've held it (H-3391) with 12 round tables (H-3392) for 48 "
        "hours."
    )
    t.healthy(
        "The identical availability call is repeated in answer to a new user message and its result changed "
        "(a cancellation).",
        "Party-rental agent re-checks a tent at the customer's request, finds a release and holds it.",
    )


@_ok(
    "dog-show-entries-fix-breed",
    domain="dog shows (conformation entries)",
    language="en",
    harness="browser agent (Playwright MCP)",
    ids="openai_responses",
    started="2026-08-02T19:00:00-04:00",
)
def dogshow(t: Trace) -> None:
    t.user(
        "Enter our three Cavaliers (Maple TS44218903, Birch TS45102277, Hazel TS45102281) in "
        "Bred-by-Exhibitor "
        "at the Valley KC show. The form is open."
    )
    t.act(
        "Snapshot.",
        "mcp__playwright__browser_snapshot",
        {},
        lines(
            '- combobox "Breed" [ref=e9]: King Charles Spaniel (English Toy)',
            '- textbox "AKC Registration No." [ref=e12]',
            '- button "Submit entry" [ref=e20]',
        ),
    )
    t.batch(
        "Entering Maple.",
        [
            (
                "mcp__playwright__browser_type",
                {"ref": "e12", "text": "TS44218903", "element": "AKC Registration No."},
                "Typed.",
                False,
            ),
            (
                "mcp__playwright__browser_click",
                {"ref": "e20", "element": "Submit entry"},
                "- alert: No AKC record TS44218903 for the selected breed",
                False,
            ),
        ],
    )
    t.act(
        "The breed is wrong: selecting Cavalier King Charles Spaniel.",
        "mcp__playwright__browser_select_option",
        {"ref": "e9", "values": ["Cavalier King Charles Spaniel"], "element": "Breed"},
        '- combobox "Breed" [ref=e9]: Cavalier King Charles Spaniel',
    )
    for name, reg, entry in [
        ("Maple", "TS44218903", "E-1041"),
        ("Birch", "TS45102277", "E-1042"),
        ("Hazel", "TS45102281", "E-1043"),
    ]:
        t.batch(
            f"Entering {name}.",
            [
                (
                    "mcp__playwright__browser_type",
                    {"ref": "e12", "text": reg, "element": "AKC Registration No."},
                    "Typed.",
                    False,
                ),
                (
                    "mcp__playwright__browser_click",
                    {"ref": "e20", "element": "Submit entry"},
                    f"- status: Entry {entry} received for {name}. Form reset (breed kept).",
                    False,
                ),
            ],
        )
    t.say(
        "All three are entered (E-1041 Maple, E-1042 Birch, E-1043 Hazel). The first try failed because the "
        "breed dropdown was set to King Charles Spaniel."
    )
    t.healthy(
        "One validation failure is diagnosed and fixed (breed), then three entries for three different dogs.",
        "Dog-show entry agent fixes the breed after one rejection and enters three dogs.",
    )


@_ok(
    "summer-camp-cabin-table",
    domain="summer camps (cabin assignments)",
    language="en",
    harness="camp office assistant (step-scoped ids)",
    ids="step_scoped",
    started="2026-06-30T09:00:00-04:00",
)
def camp(t: Trace) -> None:
    t.user("Give me the Week-3 cabin list as a table: cabin, counselor, campers, open bunks.")
    t.act(
        "Pulling cabins.",
        "cabins.list",
        {"week": 3},
        table(
            ["cabin", "counselor", "campers", "open"],
            [
                ["Aspen", "Mara", 9, 1],
                ["Birch", "Jon", 10, 0],
                ["Cedar", "Ines", 10, 0],
                ["Dogwood", "Sam", 10, 0],
                ["Elm", "Priya", 10, 0],
                ["Fir", "Leo", 10, 0],
                ["Gum", "Ada", 8, 2],
            ],
        ),
    )
    rows = [
        ("Aspen", "Mara", 9, 1),
        ("Birch", "Jon", 10, 0),
        ("Cedar", "Ines", 10, 0),
        ("Dogwood", "Sam", 10, 0),
        ("Elm", "Priya", 10, 0),
        ("Fir", "Leo", 10, 0),
        ("Gum", "Ada", 8, 2),
    ]
    md = "\n".join(
        [
            "| Cabin | Counselor | Campers | Open bunks |",
            "|---|---|---|---|",
            *[f"| {c} | {n} | {k} | {o} |" for c, n, k, o in rows],
        ]
    )
    t.say(md + "\n\nFive cabins are full (10 campers, 0 open); Aspen has 1 bunk and Gum has 2.")
    t.healthy(
        "A markdown table with many near-identical rows (10 | 0 repeated) is valid, repetitive output, not "
        "degenerate text.",
        "Camp office assistant returns a repetitive but correct cabin table.",
    )


@_ok(
    "emulator-rom-fanout-fix",
    domain="retro-console emulator development (CPU test ROMs)",
    language="en",
    harness="Claude-Code-style coding agent",
    ids="anthropic",
    started="2026-12-13T10:00:00+00:00",
)
def emulator(t: Trace) -> None:
    t.user("Run all of blargg's cpu_instrs ROMs, fix whatever fails, and re-run.")
    roms = [
        "01-special",
        "02-interrupts",
        "03-op sp,hl",
        "04-op r,imm",
        "05-op rp",
        "06-ld r,r",
        "07-jr,jp,call,ret,rst",
        "08-misc instrs",
        "09-op r,r",
        "10-bit ops",
        "11-op a,(hl)",
    ]
    failing = {"09-op r,r": "98 99 9A 9B 9C 9D 9F", "11-op a,(hl)": "9E"}

    def run(rom: str) -> int:
        fname = rom.split("-")[0]
        out = f"{rom}\n\n{failing[rom]}\n\nFailed" if rom in failing else f"{rom}\n\n\nPassed"
        return t.act(
            f"ROM {fname}.",
            "Bash",
            {"command": f"cargo run --release -q -- roms/{fname}.gb", "description": f"Run ROM {fname}"},
            out,
        )

    for rom in roms:
        run(rom)
    t.act(
        "Both failures are SBC opcodes (98-9F, 9E). Reading sbc.",
        "Read",
        {"file_path": "/repo/src/cpu/alu.rs", "offset": 86, "limit": 10},
        lines(
            "    88\t    pub fn sbc(&mut self, v: u8) {",
            "    89\t        let c = self.f.carry as u8;",
            "    91\t        self.f.half = (self.a & 0x0f) < (v & 0x0f);",
            "    92\t        self.f.carry = (self.a as u16) < (v as u16);",
        ),
    )
    t.act(
        "The flags ignore the carry-in.",
        "Edit",
        {
            "file_path": "/repo/src/cpu/alu.rs",
            "old_string": "        self.f.half = (self.a & 0x0f) < (v & 0x0f);\n"
            "        self.f.carry = (self.a as u16) < (v as u16);",
            "new_string": "        self.f.half = (self.a & 0x0f) < (v & 0x0f) + c;\n"
            "        self.f.carry = (self.a as u16) < (v as u16) + c as u16;",
        },
        "The file /repo/src/cpu/alu.rs has been updated.",
    )
    failing.clear()
    run("09-op r,r")
    run("11-op a,(hl)")
    t.say(
        "All 11 cpu_instrs ROMs pass now. SBC's half-carry and carry flags didn't include the carry-in; "
        "ROMs 09 and 11 failed on opcodes 98-9F and 9E."
    )
    t.healthy(
        "Fan-out over eleven different ROMs, one fix, then re-runs of the two failing ROMs after the edit "
        "(now passing). Same tool, new targets or new results.",
        "Claude-Code-style agent runs eleven test ROMs, fixes SBC flags, and re-runs the failures.",
    )


@_ok(
    "lilypond-fix-and-render-parts",
    domain="music engraving with LilyPond (orchestral parts)",
    language="en",
    harness="coding agent (snake_case run/edit tools)",
    ids="padded",
    started="2026-04-20T10:00:00+02:00",
)
def lilypond(t: Trace) -> None:
    t.user("Fix the compile error in score.ly and render all the instrument parts.")
    cmd = {"cmd": "lilypond -o build score.ly"}
    t.act(
        "Compiling.",
        "run",
        cmd,
        lines(
            "Parsing...",
            "parts/flute.ly:14:1: error: syntax error, unexpected '}'",
            "fatal error: failed files",
        ),
        err=True,
    )
    t.act(
        "Reading the part.",
        "read_file",
        {"path": "parts/flute.ly", "start": 9, "end": 14},
        lines(
            "9  flute = \\relative c'' {",
            "10   c4 d e f |",
            "11   \\tuplet 3/2 { e8 d c } } b4 c4. |",
            "12   g4 a b c |",
            '13   c1 \\bar "|."',
            "14 }",
        ),
    )
    t.act(
        "Line 11 closes the block early. Removing the extra brace.",
        "edit_file",
        {"path": "parts/flute.ly", "line": 11, "replace_with": "  \\tuplet 3/2 { e8 d c } b4 c4. |"},
        "edited parts/flute.ly:11",
    )
    t.act(
        "Compiling.",
        "run",
        cmd,
        lines(
            "parts/flute.ly:11:32: warning: barcheck failed at: 7/8",
            "Success: compilation successfully completed",
        ),
    )
    t.act(
        "Bar 11 is an eighth short (2/8 + 2/8 + 3/8); c4. should be c2.",
        "edit_file",
        {"path": "parts/flute.ly", "line": 11, "replace_with": "  \\tuplet 3/2 { e8 d c } b4 c2 |"},
        "edited parts/flute.ly:11",
    )
    t.act("Compiling.", "run", cmd, "Success: compilation successfully completed")
    parts = ["flute", "oboe", "clarinet", "bassoon", "horn", "strings"]
    t.batch(
        "Rendering all parts in parallel.",
        [
            (
                "run",
                {"cmd": f"lilypond -o build/parts parts/{p}-part.ly"},
                f"Success: build/parts/{p}-part.pdf",
                False,
            )
            for p in parts
        ],
        order=[2, 0, 1, 5, 3, 4],
    )
    t.say(
        "Fixed the stray brace and a short bar in the flute part; the score compiles cleanly and all six "
        "parts "
        "are in build/parts/."
    )
    t.healthy(
        "Compile, edit, re-compile with a different message (error, warning, clean), then a parallel fan-out "
        "over six different parts.",
        "LilyPond agent fixes a brace and a barcheck, then renders six parts in parallel.",
    )
