"""Healthy runs of literature and localization agents: fetch fan-out, backoff then paging, locale
fan-out, a job poll."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js

LOCALES = [
    "de-DE",
    "fr-FR",
    "es-ES",
    "it-IT",
    "pt-BR",
    "nl-NL",
    "pl-PL",
    "sv-SE",
    "da-DK",
    "fi-FI",
    "ja-JP",
    "ko-KR",
    "zh-CN",
    "tr-TR",
]


def pubmed_fetch_fanout() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-031-pubmed-screening-batches",
        "A systematic-review assistant runs three distinct searches, fetches abstracts in batches of four "
        "(similar calls, different ids) and screens them.",
        agent="biomedical literature assistant (NCBI E-utilities tools)",
        model="claude-sonnet-4-5",
        start="2026-02-21T09:00:00+00:00",
    )
    t.user(
        "Screen the literature on GLP-1 receptor agonists and osteoarthritis outcomes (any design), "
        "2022–2026. Include/exclude each abstract with a reason."
    )
    groups = [
        (
            "GLP-1 receptor agonist osteoarthritis",
            [39476339, 40112877, 38811204, 38977410, 39120366, 39544871, 39790012, 40021558],
        ),
        ("liraglutide knee pain", [36512870, 37004412, 37661239, 38102298]),
        ("tirzepatide OR dulaglutide joint arthroplasty outcomes", [39301155, 39655402, 39881730, 40190044]),
    ]
    ids: list[int] = []
    for term, found in groups:
        t.step(
            "" if ids else "Running the searches.",
            c(
                "pubmed_esearch",
                {"term": term, "mindate": "2022", "maxdate": "2026", "retmax": 50},
                js({"esearchresult": {"count": str(len(found)), "idlist": [str(i) for i in found]}}),
            ),
        )
        ids += found
    for i in range(0, len(ids), 4):
        batch = ids[i : i + 4]
        t.step(
            "Fetching abstracts in batches of four." if i == 0 else "",
            c(
                "pubmed_efetch",
                {"ids": [str(x) for x in batch], "rettype": "abstract"},
                "\n\n".join(
                    f"PMID {x}: "
                    + ["RCT", "cohort study", "case series", "meta-analysis"][x % 4]
                    + f" of GLP-1 RA and OA outcomes, n={50 + x % 900}."
                    for x in batch
                ),
            ),
        )
    t.step(
        "Screened 16 abstracts: 9 included (2 RCTs, 4 cohorts, 3 meta-analyses), 7 excluded (5 case series, "
        "2 off-topic). Table with reasons below."
    )
    t.healthy(
        "Three different searches, then four efetch calls with the same shape over different PMIDs, each "
        "returning new abstracts. Fan-out over ids is not a loop."
    )
    return t.build()


def s2_backoff_paging() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-032-semantic-scholar-backoff-then-citations-paged",
        "A citation agent is rate limited twice, backs off with increasing waits, succeeds, then pages "
        "through a paper's citations with offsets.",
        agent="research crew citation agent (Semantic Scholar Graph API tools)",
        model="gpt-4.1-mini",
        start="2026-03-21T11:00:00+00:00",
        ids="call",
    )
    t.user(
        "Who cites arXiv:2310.06825 (Mistral 7B) in 2025–26 papers about on-device inference? Top 10 by "
        "citations."
    )
    body = js(
        {
            "message": "Too Many Requests. Please wait and try again or apply for a key for higher rate "
            "limits.",
            "code": "429",
        }
    )
    args = {"paper_id": "arXiv:2310.06825", "fields": "title,citationCount"}
    t.step("", c("s2_get_paper", args, "HTTP 429\n" + body, error=True))
    t.step("Rate limited; waiting 5 seconds.", c("sleep", {"seconds": 5}, "slept 5s"))
    t.step("", c("s2_get_paper", args, "HTTP 429\n" + body, error=True))
    t.step("Still limited; backing off 20 seconds.", c("sleep", {"seconds": 20}, "slept 20s"))
    t.step(
        "",
        c(
            "s2_get_paper",
            args,
            js(
                {
                    "paperId": "db633c6b1c286c0386f0078d8a2e6224e03a6227",
                    "title": "Mistral 7B",
                    "citationCount": 3120,
                }
            ),
        ),
    )
    for offset in range(0, 500, 100):
        last = offset == 400
        t.step(
            "Paging through citing papers (100 per page)." if offset == 0 else "",
            c(
                "s2_get_citations",
                {
                    "paper_id": "arXiv:2310.06825",
                    "fields": "title,year,citationCount",
                    "offset": offset,
                    "limit": 100,
                },
                js(
                    {
                        "offset": offset,
                        "next": None if last else offset + 100,
                        "data": [
                            {
                                "citingPaper": {
                                    "title": f"On-device paper {offset + i}",
                                    "year": 2025 + i % 2,
                                    "citationCount": (offset * 7 + i * 13) % 400,
                                }
                            }
                            for i in range(3)
                        ],
                        "data_omitted": 97,
                    }
                ),
            ),
        )
        t.wait(1.2)
    t.step(
        "Mistral 7B has 3,120 citations; I scanned the first 500 citing papers and kept the 2025–26 ones "
        "about on-device inference. The top 10 by citation count are listed below."
    )
    t.healthy(
        "Two 429s with explicit backoff (5 s, 20 s), success on the third call, then offset pagination with "
        "new citing papers on each page. A retry with backoff that succeeds, then paging: healthy."
    )
    return t.build()


def l10n_locales_fanout() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-033-l10n-fourteen-locales-pipeline",
        "A localization agent runs the same translate -> QA -> upload pipeline for fourteen locales "
        "(similar calls, look-alike acknowledgements), fixing two QA failures by hand along the way. A long "
        "run.",
        agent="localization pipeline agent (TMS + machine translation tools)",
        model="gemini-2.5-flash",
        start="2026-03-03T08:00:00+00:00",
        ids="fc",
    )
    t.user(
        "Ship the 12 new checkout strings to all 14 storefront locales. QA must pass (buttons max 24 chars)."
    )
    keys = [
        "checkout.cta.place_order",
        "checkout.cta.apply_coupon",
        "checkout.cta.save_address",
        "checkout.title",
        "checkout.shipping.free",
        "checkout.shipping.express",
        "checkout.payment.card",
        "checkout.payment.paypal",
        "checkout.error.card_declined",
        "checkout.error.address",
        "checkout.summary.total",
        "checkout.summary.tax",
    ]
    for i, loc in enumerate(LOCALES):
        t.step(
            f"Starting with {loc}." if i == 0 else "",
            c(
                "mt_translate",
                {
                    "project": "web-shop",
                    "keys": keys,
                    "target_locale": loc,
                    "engine": "deepl",
                    "glossary": f"shop-{loc[:2]}",
                },
                js(
                    {
                        "translated": 12,
                        loc: {"checkout.cta.place_order": f"<{loc} place order>", "...": "(11 more)"},
                    }
                ),
            ),
        )
        failed = (
            []
            if loc not in ("fi-FI", "pl-PL")
            else [
                {
                    "key": "checkout.cta.place_order",
                    "rule": "max_length",
                    "limit": 24,
                    "actual": 27 if loc == "fi-FI" else 26,
                }
            ]
        )
        t.step(
            "",
            c(
                "qa_check",
                {"project": "web-shop", "locale": loc, "keys": keys},
                js({"locale": loc, "passed": 12 - len(failed), "failed": failed}),
            ),
        )
        if failed:
            short = {"fi-FI": "Tee tilaus", "pl-PL": "Zamawiam"}[loc]
            t.step(
                f"One {loc} button is too long; using the shorter approved wording '{short}'.",
                c(
                    "tms_set_translation",
                    {"project": "web-shop", "locale": loc, "key": "checkout.cta.place_order", "text": short},
                    js({"ok": True}),
                ),
            )
        t.step(
            "",
            c(
                "tms_upload",
                {"project": "web-shop", "locale": loc, "keys": keys},
                js({"ok": True, "updated": 12}),
            ),
        )
    t.step(
        "All 14 locales are uploaded with 12 strings each; QA passed everywhere after shortening the "
        "place-order button in Finnish and Polish."
    )
    t.healthy(
        f"A long pipeline ({t.steps} steps): the same translate, QA and upload calls repeat for fourteen "
        "different locales, uploads acknowledged identically; two QA failures are fixed once each. Fan-out "
        "over locales is progress."
    )
    return t.build()


def tms_job_poll() -> dict[str, Any]:
    t = Trace(
        "blind8-healthy-034-tms-pretranslation-job-polled",
        "A localization agent starts a TMS pre-translation job and polls it: three identical 'queued' "
        "answers, then rising progress, then finished; it downloads the result.",
        agent="localization pipeline agent (Crowdin-style TMS tools)",
        model="gpt-4.1-mini",
        start="2026-03-05T13:00:00+00:00",
        ids="call",
    )
    t.user("Pre-translate the Help Center project into Japanese with TM + MT and give me the coverage.")
    t.step(
        "",
        c(
            "tms_pretranslate",
            {"project": "help-center", "locale": "ja-JP", "method": "tm+mt"},
            js({"job_id": "pt-20f1", "status": "queued"}),
        ),
    )
    states = [
        ("queued", 0),
        ("queued", 0),
        ("queued", 0),
        ("in_progress", 35),
        ("in_progress", 80),
        ("finished", 100),
    ]
    for i, (status, pct) in enumerate(states):
        t.wait(30)
        t.step(
            "Waiting for the job." if i == 0 else "",
            c(
                "tms_job_status",
                {"job_id": "pt-20f1"},
                js({"job_id": "pt-20f1", "status": status, "progress": pct}),
            ),
        )
    t.step(
        "",
        c(
            "tms_translation_status",
            {"project": "help-center", "locale": "ja-JP"},
            js({"words_total": 48210, "translated_tm": 21033, "translated_mt": 25880, "untranslated": 1297}),
        ),
    )
    t.step(
        "Japanese pre-translation finished: 97.3% covered (43.6% from TM, 53.7% MT), 1,297 words left for "
        "translators."
    )
    t.healthy(
        "Polling a TMS job: three identical 'queued' answers, then progress and 'finished'. A poll that "
        "completes is healthy."
    )
    return t.build()


BUILDERS = [pubmed_fetch_fanout, s2_backoff_paging, l10n_locales_fanout, tms_job_poll]
