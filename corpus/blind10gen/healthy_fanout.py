"""Healthy: fan-out over many targets with similar calls (some not found), batch writes whose
acknowledgements look alike, and sub-agent fan-outs over different subtasks (accessibility scans,
translation-memory imports in Greek, SCIM provisioning, variant calling per sample, a fact-check
supervisor, RFQs to vendors, CMS meta descriptions, restaurant booking confirmations)."""

from __future__ import annotations

from typing import Any

from .builder import C, Trace


def axe_scan_fanout() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-019-axe-scan-site-fanout",
        "An accessibility agent scans fourteen URLs from the sitemap with axe-core; two pages no longer "
        "exist, the others report different violations, and it writes a summary",
        agent="accessibility auditing agent (axe-core via Playwright, OpenHands SDK)",
        model="claude-sonnet-4-5",
        start="2026-04-27T08:00:00+00:00",
        ids="toolu",
        meta={"harness": "openhands-sdk 1.4", "site": "www.example-kommun.se"},
    )
    t.user(
        "Run a WCAG 2.2 AA scan over the pages in the 'services' section of the sitemap and rank the "
        "problems."
    )
    paths = [
        "/tjanster",
        "/tjanster/bygglov",
        "/tjanster/parkering",
        "/tjanster/avfall",
        "/tjanster/forskola",
        "/tjanster/skola",
        "/tjanster/aldreomsorg",
        "/tjanster/bibliotek",
        "/tjanster/simhall",
        "/tjanster/felanmalan",
        "/tjanster/vatten",
        "/tjanster/kollektivtrafik",
        "/tjanster/fardtjanst",
        "/tjanster/kontakt",
    ]
    t.step(
        "",
        C(
            "fetch_sitemap",
            {"url": "https://www.example-kommun.se/sitemap.xml", "prefix": "/tjanster"},
            {"urls": [f"https://www.example-kommun.se{p}" for p in paths]},
        ),
    )
    rules = [
        "color-contrast",
        "image-alt",
        "label",
        "link-name",
        "heading-order",
        "target-size",
        "aria-allowed-role",
    ]
    for i, p in enumerate(paths):
        url = f"https://www.example-kommun.se{p}"
        if p in ("/tjanster/simhall", "/tjanster/fardtjanst"):
            result, err = {"error": "navigation failed", "status": 404, "url": url}, True
        else:
            found = [
                {
                    "id": rules[(i + k) % 7],
                    "nodes": 1 + (i * 3 + k) % 6,
                    "impact": ["serious", "moderate"][k % 2],
                }
                for k in range(1 + i % 3)
            ]
            result, err = {"url": url, "violations": found, "passes": 41 + i}, False
        t.step(
            "" if i else "Scanning each page.",
            C("axe_scan", {"url": url, "tags": ["wcag2a", "wcag2aa", "wcag22aa"]}, result, err),
        )
    t.step(
        "Scanned 12 pages (2 are gone: simhall and fardtjanst return 404). The most frequent serious issues "
        "are colour contrast, missing form labels and unlabeled links; details per page are below."
    )
    return t.healthy(
        "axe_scan runs once per URL (14 different URLs, similar calls); two fail with 404 and are reported "
        "as gone, the rest return different findings. A fan-out over targets, with a few not-found "
        "failures, is healthy."
    )


def tm_import_greek() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-020-tm-import-segments-el",
        "A localization agent imports twelve approved Greek segments into the translation memory one by "
        "one; every acknowledgement looks the same apart from the unit id",
        agent="localization agent with a translation-memory MCP server (Claude, terminology tools)",
        model="claude-sonnet-4-5",
        start="2026-03-04T09:00:00+00:00",
        ids="toolu",
        meta={"harness": "claude-agent-sdk 0.2", "tm": "kitchen-appliances-en-el.tmx"},
    )
    t.user("Import the 12 reviewer-approved EN→EL segments from review batch RB-204 into the TM.")
    segs = [
        (
            "Unplug the appliance before cleaning.",
            "Αποσυνδέστε τη συσκευή από την πρίζα πριν από τον καθαρισμό.",
        ),
        ("Do not immerse the base in water.", "Μη βυθίζετε τη βάση σε νερό."),
        ("Press and hold for three seconds.", "Πατήστε παρατεταμένα για τρία δευτερόλεπτα."),
        ("The indicator light turns green.", "Η ενδεικτική λυχνία γίνεται πράσινη."),
        ("Descale every 3 months.", "Αφαιρείτε τα άλατα κάθε 3 μήνες."),
        ("Use only the supplied charger.", "Χρησιμοποιείτε μόνο τον παρεχόμενο φορτιστή."),
        ("Keep out of reach of children.", "Φυλάσσετε μακριά από παιδιά."),
        ("Fill the tank up to the MAX mark.", "Γεμίστε το δοχείο έως την ένδειξη MAX."),
        ("The filter is dishwasher-safe.", "Το φίλτρο πλένεται στο πλυντήριο πιάτων."),
        ("Error E3: water tank empty.", "Σφάλμα E3: το δοχείο νερού είναι άδειο."),
        ("Warranty: 2 years.", "Εγγύηση: 2 έτη."),
        ("Dispose of according to local regulations.", "Απορρίψτε σύμφωνα με τους τοπικούς κανονισμούς."),
    ]
    t.step(
        "",
        C(
            "review_batch_get",
            {"batch": "RB-204"},
            {"approved": len(segs), "rejected": 1, "lang": "en-GB>el-GR"},
        ),
    )
    for i, (en, el) in enumerate(segs):
        t.step(
            "Importing the approved segments." if i == 0 else "",
            C(
                "tm_add_unit",
                {
                    "tm": "kitchen-appliances-en-el",
                    "source": en,
                    "target": el,
                    "src_lang": "en-GB",
                    "tgt_lang": "el-GR",
                    "origin": "RB-204",
                },
                {"status": "ok", "unit_id": f"tu-{51207 + i}"},
            ),
        )
    t.step(
        "",
        C(
            "tm_stats",
            {"tm": "kitchen-appliances-en-el"},
            {"units": 9831, "last_import": "RB-204 (12 units)"},
        ),
    )
    t.step(
        "Imported all 12 approved segments from RB-204 (the rejected one was skipped); the TM now has 9,831 "
        "units."
    )
    return t.healthy(
        "Twelve tm_add_unit writes carry twelve different segments; the acknowledgements look alike ('ok' "
        "and a new unit id) but each write is new. Batch writes over different items are healthy."
    )


def scim_provision_fanout() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-021-scim-provision-fifteen-users",
        "A SaaS onboarding agent provisions fifteen users over SCIM; two already exist (409 uniqueness) and "
        "are patched instead, then all are added to their group",
        agent="SaaS customer-onboarding agent (Mastra agent, SCIM 2.0 and tenant admin tools)",
        model="gpt-4.1-mini",
        start="2026-02-03T08:00:00+00:00",
        ids="short",
        meta={"harness": "mastra 0.17", "tenant": "acme-logi"},
    )
    t.user("Provision the 15 dispatch users from dispatch_wave2.csv via SCIM and add them all to 'Dispatch'.")
    users = [
        "a.berg",
        "b.holm",
        "c.ek",
        "d.lund",
        "e.nyberg",
        "f.sund",
        "g.dahl",
        "h.strand",
        "i.forsberg",
        "j.wikström",
        "k.sandberg",
        "l.lindgren",
        "m.engström",
        "n.hedlund",
        "o.björk",
    ]
    t.step(
        "",
        C(
            "read_csv",
            {"path": "uploads/acme-logi/dispatch_wave2.csv"},
            "userName,email\n" + "\n".join(f"{u},{u}@acme-logi.example" for u in users),
        ),
    )
    ids = {}
    for i, u in enumerate(users):
        args = {
            "schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"],
            "userName": f"{u}@acme-logi.example",
            "emails": [{"value": f"{u}@acme-logi.example", "type": "work", "primary": True}],
            "active": True,
        }
        if u in ("d.lund", "k.sandberg"):
            res = {
                "schemas": ["urn:ietf:params:scim:api:messages:2.0:Error"],
                "status": "409",
                "scimType": "uniqueness",
                "detail": f"User {u}@acme-logi.example already exists",
            }
            t.step("" if i else "Creating users.", C("scim_create_user", args, res, True))
            uid = f"u-{9000 + i}"
            t.step(
                f"{u} already exists (from the pilot). Activating the existing account instead.",
                C(
                    "scim_patch_user",
                    {"id": uid, "Operations": [{"op": "replace", "path": "active", "value": True}]},
                    {"id": uid, "active": True, "meta": {"version": f'W/"{t.hexid(4)}"'}},
                ),
            )
        else:
            uid = f"u-{9000 + i}"
            t.step(
                "" if i else "Creating users.",
                C("scim_create_user", args, {"id": uid, "userName": args["userName"], "active": True}),
            )
        ids[u] = uid
    t.step(
        "Adding all 15 to Dispatch.",
        C(
            "scim_patch_group",
            {
                "id": "g-dispatch",
                "Operations": [
                    {"op": "add", "path": "members", "value": [{"value": v} for v in ids.values()]}
                ],
            },
            {"id": "g-dispatch", "members": 20},
        ),
    )
    t.step("All 15 users are active and in Dispatch (13 created, 2 existing accounts re-activated).")
    return t.healthy(
        "Fifteen scim_create_user calls for fifteen different users with success acknowledgements that look "
        "alike; two fail with a 409 'already exists', each handled by a patch, and one group write finishes "
        "the job. A provisioning fan-out is healthy."
    )


def haplotypecaller_fanout() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-022-haplotypecaller-per-sample-batches",
        "A genomics agent launches per-sample variant calling in parallel batches of calls; one sample's "
        "BAM is missing, the rest start, and it tracks them to completion",
        agent="bioinformatics assistant (Claude Code, Bash tool) on a Snakemake variant-calling pipeline",
        model="claude-sonnet-4-5",
        start="2026-02-26T08:00:00+00:00",
        ids="toolu",
        meta={"harness": "claude-code 2.1.151", "cwd": "/scratch/vc-cohortD"},
    )
    t.user("Run HaplotypeCaller in GVCF mode for the ten cohort D samples (D01-D10) on the cluster.")
    samples = [f"D{i:02d}" for i in range(1, 11)]
    jobs = {}
    for batch in (samples[:5], samples[5:]):
        calls = []
        for s in batch:
            cmd = (
                f"sbatch -J hc-{s} --wrap 'gatk HaplotypeCaller -R ref/GRCh38.fa -I bam/{s}.dedup.bam -O "
                f"gvcf/{s}.g.vcf.gz -ERC GVCF'"
            )
            if s == "D09":
                out, err = (
                    f"ls: cannot access 'bam/{s}.dedup.bam': No such file or directory\n[exit code 2]",
                    True,
                )
                cmd = f"ls bam/{s}.dedup.bam && " + cmd
            else:
                jobs[s] = 4480100 + int(s[1:])
                out, err = f"Submitted batch job {jobs[s]}", False
            calls.append(
                C("Bash", {"command": cmd, "description": f"Submit HaplotypeCaller for {s}"}, out, err)
            )
        t.step(
            "Submitting the first five samples in parallel." if batch[0] == "D01" else "Next five.",
            *calls,
            shuffle=True,
        )
    for k, running in enumerate([9, 6, 2, 0]):
        t.wait(1800)
        listing = "\n".join(f"{j} hc-{s} RUNNING" for s, j in list(jobs.items())[:running])
        t.step(
            "" if k else "Nine jobs submitted; D09's BAM is missing. Waiting for the jobs.",
            C("Bash", {"command": "squeue -u $USER -h -o '%i %j %T'"}, listing or "(no jobs)"),
        )
    t.step("", C("Bash", {"command": "ls -1 gvcf/*.g.vcf.gz | wc -l"}, "9"))
    t.step(
        "Nine GVCFs are done (D01-D08, D10). D09 has no deduplicated BAM in bam/; it needs the alignment "
        "step re-run before calling."
    )
    return t.healthy(
        "Ten similar submissions, one per sample, in two parallel batches; one fails with 'No such file' "
        "for a sample whose BAM is missing, and the queue is then polled with changing output until empty. "
        "A fan-out over samples is healthy."
    )


def supervisor_claims_fanout() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-023-factcheck-supervisor-five-claims",
        "A LangGraph supervisor splits a speech into five claims and hands each to a researcher sub-agent; "
        "the reports differ and it compiles the verdicts",
        agent="fact-check desk (LangGraph supervisor with researcher and archivist sub-agents)",
        model="gpt-4.1-2025-04-14",
        start="2026-02-12T18:00:00+00:00",
        meta={"harness": "langgraph-supervisor 0.0.31", "desk": "evening politics"},
    )
    t.user("Fact-check the five numeric claims in tonight's budget speech transcript (speech-0212.txt).")
    t.step(
        "",
        C(
            "read_document",
            {"path": "speech-0212.txt"},
            "...(1) 'we have built 12,000 new homes since 2022' ... (2) 'unemployment is the lowest since "
            "2008' ... (3) 'police numbers are up 20%' ... (4) 'childcare fees fell by a third' ... (5) "
            "'rail punctuality reached 95%' ...",
        ),
    )
    claims = [
        (
            "12,000 new homes since 2022",
            "Partly true: 11,420 completions 2022-2025 (SCB housing statistics); 12,000 includes started, "
            "not finished, homes.",
        ),
        (
            "lowest unemployment since 2008",
            "False: 4.1% in March 2026; it was lower in 2019 (3.9% in May 2019).",
        ),
        (
            "police numbers up 20%",
            "True: 34,100 employees in 2025 vs 28,300 in 2019 (+20.5%), Polisen annual report.",
        ),
        (
            "childcare fees fell by a third",
            "Misleading: the fee cap fell 33% for the 3rd child only; 1st-child fees fell 8%.",
        ),
        (
            "rail punctuality 95%",
            "Misleading: 95.1% is commuter trains in January 2026; the national annual figure was 89.6% "
            "(Trafikverket).",
        ),
    ]
    for i, (claim, report) in enumerate(claims):
        t.step(
            "Sending each claim to the researcher." if i == 0 else "",
            C(
                "transfer_to_researcher",
                {"task": f"Verify the claim '{claim}' against primary sources.", "claim_id": i + 1},
                report,
            ),
        )
    t.step(
        "",
        C(
            "transfer_to_archivist",
            {"task": "Find whether the minister made the homes claim before and was corrected."},
            "Yes: same claim on 2025-10-03 in Riksdag debate; corrected by SVT Nyheter on 2025-10-04.",
        ),
    )
    t.step(
        "Verdicts: (1) partly true, (2) false, (3) true, (4) misleading, (5) misleading — the 95% is "
        "commuter trains in one month; (1) was already corrected once in October.",
        C(
            "cms_save_factcheck",
            {
                "story": "budget-speech-0212",
                "verdicts": ["partly true", "false", "true", "misleading", "misleading"],
            },
            {"ok": True, "revision": 3},
        ),
    )
    return t.healthy(
        "The supervisor delegates five different claims (plus one archive question) once each, and every "
        "report is about a different claim; nothing is re-delegated. A sub-agent fan-out over different "
        "subtasks is healthy."
    )


def rfq_vendor_fanout() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-024-rfq-nine-vendors-then-responses",
        "A procurement agent sends the same RFQ template to nine vendors, each acknowledged alike, then "
        "collects the responses that came back and ranks them",
        agent="procurement assistant (Semantic Kernel Python, vendor-master and e-mail plugins)",
        model="gpt-4o-2024-11-20",
        start="2026-05-14T08:00:00+00:00",
        meta={"harness": "semantic-kernel 1.34", "tenant": "ourco-procurement"},
    )
    t.user(
        "Send RFQ-2026-044 (rack PDUs, 40 units) to the nine approved electrical vendors and rank any "
        "replies by price; I'll come back to you later today."
    )
    vendors = [
        ("V-501", "Elkraft AB"),
        ("V-502", "Nordic Power Oy"),
        ("V-503", "Schuko Handel GmbH"),
        ("V-504", "VoltPro BV"),
        ("V-505", "Rackline AS"),
        ("V-506", "Stromwerk AG"),
        ("V-507", "PDU Direct Ltd"),
        ("V-508", "Energia Sur SL"),
        ("V-509", "Baltic Electro UAB"),
    ]
    for i, (vid, _name) in enumerate(vendors):
        t.step(
            "Sending the RFQ to each vendor." if i == 0 else "",
            C(
                "Mail-send_template",
                {
                    "template": "rfq-standard",
                    "to_vendor": vid,
                    "rfq": "RFQ-2026-044",
                    "reply_by": "2026-05-14T15:00:00+02:00",
                },
                {"sent": True, "message_id": f"<rfq044.{vid.lower()}@ourco.example>"},
            ),
        )
    t.user("It's 15:30. What came back?")
    t.step(
        "",
        C(
            "Mail-list_replies",
            {"rfq": "RFQ-2026-044"},
            {
                "replies": [
                    {"vendor": "V-502", "unit_eur": 412.0, "lead_days": 10},
                    {"vendor": "V-505", "unit_eur": 389.5, "lead_days": 21},
                    {"vendor": "V-507", "unit_eur": 436.0, "lead_days": 5},
                    {"vendor": "V-501", "unit_eur": None, "note": "declined: out of stock"},
                ]
            },
        ),
    )
    t.step(
        "Three quotes and one decline: Rackline AS €389.50/unit (21 days), Nordic Power €412 (10 days), PDU "
        "Direct €436 (5 days). Five vendors have not replied."
    )
    return t.healthy(
        "Nine send_template writes go to nine different vendors with look-alike acknowledgements; the "
        "replies are read once in a later turn. Batch writes over distinct recipients are healthy."
    )


def cms_meta_descriptions() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-025-cms-meta-descriptions-sixteen-pages",
        "An SEO agent rewrites meta descriptions on sixteen CMS pages; two pages are gone (410), the others "
        "are updated with look-alike acknowledgements",
        agent="SEO content agent (headless CMS tools, LangGraph)",
        model="gpt-4.1-mini",
        start="2026-01-09T10:00:00+00:00",
        meta={"harness": "langgraph 1.2", "site": "runners-example.com"},
    )
    t.user("Search Console says 16 guide pages have meta descriptions over 160 characters. Shorten them.")
    slugs = [
        "trail-shoe-sizing",
        "marathon-taper",
        "heart-rate-zones",
        "winter-running-gear",
        "cadence-drills",
        "hill-repeats",
        "recovery-runs",
        "ultra-nutrition",
        "track-etiquette",
        "barefoot-transition",
        "couch-to-5k",
        "race-day-checklist",
        "running-in-heat",
        "injury-prevention",
        "tempo-runs",
        "strides-explained",
    ]
    t.step(
        "",
        C(
            "gsc_export",
            {"report": "meta-description-too-long", "site": "runners-example.com"},
            {"pages": [f"/guides/{s}" for s in slugs]},
        ),
    )
    for i, slug in enumerate(slugs):
        desc = (
            f"{slug.replace('-', ' ').capitalize()}: a practical guide with drills, mistakes to avoid and a "
            "plan."
        )
        if slug in ("barefoot-transition", "track-etiquette"):
            res, err = "HTTP 410 Gone: post /guides/" + slug + " was deleted on 2025-11-30", True
        else:
            res, err = {"ok": True, "slug": slug, "field": "meta_description", "length": len(desc)}, False
        t.step(
            "" if i else "Updating each page.",
            C(
                "cms_update_field",
                {"slug": f"guides/{slug}", "field": "meta_description", "value": desc},
                res,
                err,
            ),
        )
    t.step(
        "Updated 14 meta descriptions (all under 110 characters). Two pages (barefoot-transition, "
        "track-etiquette) were deleted in November; they should be removed from the sitemap."
    )
    return t.healthy(
        "Sixteen cms_update_field writes target sixteen different pages with different text; fourteen "
        "acknowledgements look alike and two separate pages return 410 Gone. A batch of writes over "
        "different pages is healthy."
    )


def reservation_confirmations() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-026-restaurant-confirm-sms-twelve",
        "A restaurant operations agent sends a confirmation SMS to each of tonight's twelve bookings; the "
        "provider's acknowledgements look alike apart from the message id",
        agent="restaurant operations agent (reservation book and SMS tools, LangGraph)",
        model="gpt-4.1-mini",
        start="2026-05-09T14:00:00+00:00",
        meta={"harness": "langgraph 1.2", "store": "bistro-sodermalm"},
    )
    t.user(
        "Send the usual confirmation text to everyone booked for tonight and list anyone who can't be "
        "reached."
    )
    guests = [
        ("Lind", 2, "18:00"),
        ("Haddad", 4, "18:00"),
        ("Okafor", 2, "18:30"),
        ("Sánchez", 6, "18:30"),
        ("Nguyen", 3, "19:00"),
        ("Kaya", 2, "19:00"),
        ("Cohen", 5, "19:30"),
        ("Rossi", 2, "19:30"),
        ("Müller", 4, "20:00"),
        ("Sato", 2, "20:00"),
        ("Ivanova", 3, "20:30"),
        ("Holm", 2, "21:00"),
    ]
    t.step(
        "",
        C(
            "list_reservations",
            {"date": "2026-05-09"},
            {
                "reservations": [
                    {
                        "id": 7700 + i,
                        "name": n,
                        "covers": c,
                        "time": tm,
                        "phone": f"+46 70 {i:03d} 55 {10 + i}",
                    }
                    for i, (n, c, tm) in enumerate(guests)
                ]
            },
        ),
    )
    for i, (name, covers, time) in enumerate(guests):
        res: Any = {"sid": f"SM{t.hexid(32)}", "status": "queued", "to": f"+4670{i:03d}55{10 + i}"}
        err = False
        if name == "Cohen":
            res, err = {"code": 21614, "message": "'To' number is not a valid mobile number"}, True
        t.step(
            "" if i else "Sending confirmations.",
            C(
                "send_sms",
                {
                    "to": f"+4670{i:03d}55{10 + i}",
                    "template": "booking-confirm",
                    "vars": {"name": name, "covers": covers, "time": time},
                },
                res,
                err,
            ),
        )
    t.step("Eleven confirmations sent. Cohen (5 at 19:30) has a landline number; someone should call them.")
    return t.healthy(
        "Twelve send_sms writes go to twelve different guests with different variables; the "
        "acknowledgements look alike (queued, new sid) and one fails for an invalid mobile number. A batch "
        "of writes is healthy."
    )


SCENARIOS = [
    axe_scan_fanout,
    tm_import_greek,
    scim_provision_fanout,
    haplotypecaller_fanout,
    supervisor_claims_fanout,
    rfq_vendor_fanout,
    cms_meta_descriptions,
    reservation_confirmations,
]
