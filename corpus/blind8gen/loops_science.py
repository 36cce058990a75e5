"""Loops of literature and localization agents: PubMed, Semantic Scholar, arXiv, machine translation QA."""

from __future__ import annotations

from typing import Any

from .builder import Trace, c, js


def pubmed_paraphrase() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-029-pubmed-semaglutide-oa-rephrased",
        "A biomedical literature agent rephrases one PubMed search for RCTs; the result sets overlap almost "
        "completely and it never changes strategy.",
        agent="biomedical literature assistant (NCBI E-utilities tools)",
        model="claude-sonnet-4-5",
        start="2026-02-20T14:00:00+00:00",
    )
    t.user(
        "Find randomized trials of semaglutide for knee osteoarthritis pain published 2024–2026. I need at "
        "least 4."
    )
    two = js({"esearchresult": {"count": "2", "idlist": ["39476339", "40112877"]}})
    three = js({"esearchresult": {"count": "3", "idlist": ["39476339", "40112877", "40288015"]}})
    attempts = [
        t.step(
            "Searching PubMed.",
            c(
                "pubmed_esearch",
                {
                    "term": "semaglutide knee osteoarthritis randomized controlled trial",
                    "mindate": "2024",
                    "maxdate": "2026",
                    "retmax": 50,
                },
                two,
            ),
        )
    ]
    t.step(
        "Reading the two abstracts.",
        c(
            "pubmed_efetch",
            {"ids": ["39476339", "40112877"], "rettype": "abstract"},
            "1. N Engl J Med. 2024;391(17):1573-1583. Once-Weekly Semaglutide in Persons with Obesity and "
            "Knee Osteoarthritis (STEP 9). RCT, n=407; WOMAC pain change -41.7 vs -27.5 points.\n\n2. "
            "Osteoarthritis Cartilage. 2025. Semaglutide and knee pain in type 2 diabetes: a 52-week "
            "randomized trial. n=188.",
        ),
    )
    variants = [
        (
            "Only two. Let me broaden with MeSH-style terms.",
            "semaglutide AND osteoarthritis, knee AND randomized",
            two,
        ),
        ("Trying the drug class wording.", "GLP-1 receptor agonist semaglutide knee OA pain RCT", three),
        (
            "Using field tags to be precise.",
            "semaglutide[tiab] AND knee osteoarthritis[mh] AND randomized controlled trial[pt]",
            two,
        ),
        ("Maybe trials indexed under obesity and knee pain.", "semaglutide knee pain obesity trial", two),
        ("One more phrasing.", "semaglutide osteoarthritis knee randomised", two),
    ]
    for text, term, result in variants:
        attempts.append(
            t.step(
                text,
                c(
                    "pubmed_esearch",
                    {"term": term, "mindate": "2024", "maxdate": "2026", "retmax": 50},
                    result,
                ),
            )
        )
    onset = attempts[3]
    t.loop(
        ["same_tool"],
        onset,
        "The same PubMed query is rephrased five times; every result set is the same two trials (one "
        "search adds a third id, a review). The agent never tries trial registries, conference abstracts "
        f"or citing articles, nor tells the user only two exist. The 4th search, at step {onset}, is the "
        "onset.",
    )
    return t.build()


def s2_rate_limit() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-030-semantic-scholar-429-no-backoff",
        "A citation-graph agent fires paper lookups at Semantic Scholar without pausing; every call returns "
        "HTTP 429 and it moves on to the next id or the same id with other fields.",
        agent="research crew citation agent (Semantic Scholar Graph API tools)",
        model="gpt-4.1-mini",
        start="2026-03-21T10:00:00+00:00",
        ids="call",
    )
    ids = ["arXiv:2401.04088", "arXiv:2310.06825", "arXiv:2402.19427", "arXiv:2404.14219", "arXiv:2405.04434"]
    t.user(
        "Build a citation table (citations, influential citations, venue) for these papers: " + ", ".join(ids)
    )
    body = js(
        {
            "message": "Too Many Requests. Please wait and try again or apply for a key for higher rate "
            "limits. https://www.semanticscholar.org/product/api#api-key-form",
            "code": "429",
        }
    )
    plan = [
        ("Fetching the first paper.", ids[0], "title,venue,citationCount,influentialCitationCount"),
        (
            "Rate limited. I'll continue with the next paper.",
            ids[1],
            "title,venue,citationCount,influentialCitationCount",
        ),
        ("Next one.", ids[2], "title,venue,citationCount,influentialCitationCount"),
        ("Retrying the first with fewer fields.", ids[0], "citationCount"),
        ("Moving on to the fourth paper.", ids[3], "title,venue,citationCount,influentialCitationCount"),
        ("Fifth paper.", ids[4], "title,venue,citationCount,influentialCitationCount"),
        ("Back to the second one.", ids[1], "citationCount,venue"),
    ]
    failures = []
    for text, pid, fields in plan:
        failures.append(
            t.step(
                text, c("s2_get_paper", {"paper_id": pid, "fields": fields}, "HTTP 429\n" + body, error=True)
            )
        )
    onset = failures[3]
    t.loop(
        ["error_streak"],
        onset,
        "Seven lookups in quick succession, all answered 429 Too Many Requests; the agent changes the "
        "paper id or the fields but never waits, batches (the API has a batch endpoint) or reports the "
        f"limit. The 4th failure, at step {onset}, is the onset.",
    )
    return t.build()


def l10n_length_cycle() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-031-l10n-mt-qa-length-cycle",
        "A localization agent re-runs the same machine translation and the same length QA; the same three "
        "German button labels fail the 24-character limit every time.",
        agent="localization pipeline agent (TMS + machine translation tools)",
        model="gemini-2.5-flash",
        start="2026-03-02T13:30:00+00:00",
        ids="fc",
    )
    keys = [
        f"checkout.{k}"
        for k in (
            "cta.place_order",
            "cta.apply_coupon",
            "cta.save_address",
            "title",
            "shipping.free",
            "shipping.express",
            "payment.card",
            "payment.paypal",
            "error.card_declined",
            "error.address",
            "summary.total",
            "summary.tax",
        )
    ]
    t.user(
        "Translate the 12 new checkout strings into German and make sure they pass QA (buttons max 24 chars)."
    )
    t.step(
        "",
        c(
            "tms_get_source_strings",
            {"project": "web-shop", "keys": keys},
            js(
                {
                    "count": 12,
                    "strings": {
                        "checkout.cta.place_order": "Place order",
                        "checkout.cta.apply_coupon": "Apply coupon",
                        "checkout.cta.save_address": "Save address",
                        "...": "(9 more)",
                    },
                }
            ),
        ),
    )
    mt_args = {
        "project": "web-shop",
        "keys": keys,
        "target_locale": "de-DE",
        "engine": "deepl",
        "glossary": "shop-de",
    }
    mt = js(
        {
            "translated": 12,
            "de-DE": {
                "checkout.cta.place_order": "Bestellung zahlungspflichtig abschicken",
                "checkout.cta.apply_coupon": "Gutscheincode jetzt einlösen",
                "checkout.cta.save_address": "Lieferadresse dauerhaft speichern",
                "...": "(9 more)",
            },
        }
    )
    qa = js(
        {
            "locale": "de-DE",
            "passed": 9,
            "failed": [
                {"key": "checkout.cta.place_order", "rule": "max_length", "limit": 24, "actual": 39},
                {"key": "checkout.cta.apply_coupon", "rule": "max_length", "limit": 24, "actual": 28},
                {"key": "checkout.cta.save_address", "rule": "max_length", "limit": 24, "actual": 33},
            ],
        }
    )
    texts = [
        ("Machine-translating with the shop glossary.", "Running QA."),
        (
            "Three buttons are too long. Re-translating; the engine should pick shorter forms with the "
            "glossary.",
            "QA again.",
        ),
        ("Same three failures. Translating once more.", "Checking QA."),
        ("Re-running the translation.", "QA."),
    ]
    firsts = []
    for mt_text, qa_text in texts:
        firsts.append(t.step(mt_text, c("mt_translate", mt_args, mt)))
        t.step(qa_text, c("qa_check", {"project": "web-shop", "locale": "de-DE", "keys": keys}, qa))
    onset = firsts[2]
    t.loop(
        ["alternation"],
        onset,
        "translate -> QA -> translate -> QA with identical arguments and identical outputs: the engine is "
        "deterministic, so the same three labels fail max_length every time. The agent never shortens them "
        "itself nor flags them for a translator. The translation, the cycle's first state, is visited for "
        f"the third time at step {onset}, the onset.",
    )
    return t.build()


def arxiv_summary_degenerate() -> dict[str, Any]:
    t = Trace(
        "blind8-loop-032-arxiv-survey-reply-repeats",
        "An arXiv research assistant reads five abstracts and then its summary collapses into one sentence "
        "repeated over and over.",
        agent="arXiv research assistant (search and abstract tools)",
        model="llama-3.1-70b-instruct",
        start="2026-03-20T19:00:00+00:00",
        ids="seq",
    )
    t.user("Summarize recent (2025–26) work on speculative decoding for long-context LLMs. Five papers max.")
    t.step(
        "",
        c(
            "arxiv_search",
            {"query": "speculative decoding long context", "from": "2025-01-01", "max_results": 8},
            js(
                {
                    "results": [
                        {
                            "id": "2502.11089",
                            "title": "LongSpec: Long-Context Speculative Decoding with Efficient Drafting",
                        },
                        {
                            "id": "2503.07114",
                            "title": "TriForce-2: Hierarchical Speculation for 1M-token Contexts",
                        },
                        {"id": "2505.02211", "title": "Draft KV Compression for Speculative Decoding"},
                        {"id": "2508.13420", "title": "Retrieval Heads as Draft Models"},
                        {"id": "2601.04377", "title": "Adaptive Draft Length under Long Prompts"},
                    ]
                }
            ),
        ),
    )
    t.step(
        "",
        c(
            "arxiv_get_abstracts",
            {"ids": ["2502.11089", "2503.07114", "2505.02211"]},
            "2502.11089: drafts with a sliding-window KV cache; 2.4x speedup at 64k tokens.\n2503.07114: "
            "hierarchical draft of a retrieval-based cache; 2.1x at 128k.\n2505.02211: compresses the draft "
            "model's KV cache by 8x with <1% acceptance loss.",
        ),
    )
    t.step(
        "",
        c(
            "arxiv_get_abstracts",
            {"ids": ["2508.13420", "2601.04377"]},
            "2508.13420: uses retrieval heads of the target model as a zero-cost drafter.\n2601.04377: "
            "adapts draft length to prompt length; 1.3x over fixed drafts.",
        ),
    )
    sentence = "These results suggest that speculative decoding remains effective for long contexts. "
    text = (
        "**Speculative decoding for long contexts (2025–26)**\n\n1. *LongSpec* (2502.11089) keeps the draft "
        "cheap with a sliding-window KV cache: 2.4x at 64k tokens.\n2. *TriForce-2* (2503.07114) drafts "
        "hierarchically from a retrieval cache: 2.1x at 128k.\n3. *Draft KV Compression* (2505.02211) "
        "shrinks the drafter's cache 8x.\n\nOverall, " + sentence * 34 + "These results suggest that"
    )
    onset = t.step(text)
    t.loop(
        ["degenerate_text"],
        onset,
        f"The summary at step {onset} covers three of the five papers and then collapses into one sentence "
        "repeated 34 times, cut off mid-sentence. The collapsing reply is the onset.",
    )
    return t.build()


BUILDERS = [pubmed_paraphrase, s2_rate_limit, l10n_length_cycle, arxiv_summary_degenerate]
