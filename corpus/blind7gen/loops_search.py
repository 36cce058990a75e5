"""Loops: paraphrased searches and retrievals whose results overlap, so no query brings anything new."""

from __future__ import annotations

from typing import Any

from blind7gen.builder import Builder, Scenario, Trace, nth, pretty


def _ranked(t: Trace, docs: list[dict[str, Any]], k: int) -> list[dict[str, Any]]:
    """The same documents in a slightly different order with jittered scores."""
    picked = list(docs)
    t.rng.shuffle(picked)
    out = []
    for i, d in enumerate(picked[:k]):
        out.append({**d, "score": round(0.86 - 0.04 * i + t.rng.uniform(-0.015, 0.015), 3)})
    return out


def rag_helpdesk_paraphrase_ko() -> Scenario:
    t = Trace(
        "blind7-loop-rag-helpdesk-paraphrase-ko",
        "Korean IT helpdesk chatbot with a knowledge-base retriever rephrases one question eight times "
        "and gets "
        "the same five articles back, none about contractor accounts.",
        agent="RAG helpdesk chatbot (vector retriever tool)",
        model="qwen3-32b",
        ids="call",
    )
    t.system(
        "사내 IT 헬프데스크 챗봇입니다. kb_search 결과에 근거해서만 답하고, 모르면 담당 부서를 안내하세요."
    )
    t.user(
        "외부 협력사(contractor) 계정의 2단계 인증(2FA)을 초기화하려면 어떻게 해야 하나요? "
        "협력사 직원이 휴대폰을 바꿨대요."
    )
    docs = [
        {
            "doc_id": "KB-1042",
            "title": "임직원 2단계 인증(OTP) 재등록 방법",
            "snippet": "사내 포털 > 보안 설정 > OTP 재등록…",
        },
        {
            "doc_id": "KB-0977",
            "title": "Okta Verify 기기 변경 가이드",
            "snippet": "새 기기에서 Okta Verify를 설치한 뒤…",
        },
        {
            "doc_id": "KB-1108",
            "title": "비밀번호 초기화 셀프서비스",
            "snippet": "로그인 화면의 '비밀번호 찾기'를 눌러…",
        },
        {
            "doc_id": "KB-0815",
            "title": "협력사 계정 신청 절차",
            "snippet": "협력사 계정은 담당 부서장이 IAM 포털에서 신청…",
        },
        {
            "doc_id": "KB-1201",
            "title": "MFA 정책 FAQ",
            "snippet": "모든 계정은 90일마다 MFA 기기 확인이 필요…",
        },
    ]
    queries = [
        "협력사 계정 2FA 초기화",
        "contractor account 2FA reset",
        "외부 직원 OTP 재설정 방법",
        "협력사 MFA 기기 변경",
        "reset MFA for external contractor phone change",
        "협력사 직원 2단계 인증 휴대폰 교체",
        "contractor Okta Verify reset procedure",
        "외부 인력 계정 OTP 초기화 절차",
    ]
    texts = [
        "관련 문서를 찾아보겠습니다.",
        "협력사 관련 내용이 부족하네요. 영어로 다시 검색해 보겠습니다.",
        "표현을 바꿔서 다시 찾아보겠습니다.",
        "",
        "",
        "조금 더 구체적으로 검색해 보겠습니다.",
        "",
        "",
    ]
    runs = [
        t.call(
            "kb_search",
            {"query": q, "top_k": 5, "filters": {"category": ["security", "accounts"]}},
            pretty({"results": _ranked(t, docs, 5)}),
            text=x,
        )
        for q, x in zip(queries, texts, strict=True)
    ]
    t.system("[orchestrator] retrieval budget exceeded (8/8); answer now.")
    t.say("죄송합니다. 해당 내용을 찾지 못했습니다.")
    onset = nth(runs, 4)
    return t.loop(
        ["same_tool"],
        onset,
        "Loop: eight kb_search calls are paraphrases of one question (Korean and English) and each "
        "returns the "
        "same five articles in a reshuffled order with jittered scores; none covers contractor MFA "
        "resets and "
        f"the agent never falls back to naming the owning team, as its instructions say. The 4th attempt "
        f"(original plus three paraphrases with no new document) is step {onset}, the onset.",
    )


def research_crew_web_search_paraphrase() -> Scenario:
    t = Trace(
        "blind7-loop-research-crew-search-paraphrase",
        "Researcher agent in a CrewAI-style crew paraphrases one web search nine times; the results are the "
        "same handful of pages and it never opens any of them.",
        agent="Multi-agent research crew: Researcher role (web_search, fetch_url)",
        model="llama-3.3-70b-instruct",
        ids="seq",
    )
    t.system(
        "You are Researcher. Goal: find primary sources. Manager's task: 'List the companies that signed "
        "the EU "
        "General-Purpose AI Code of Practice and the date each signed. Cite the Commission page.'"
    )
    pages = [
        {
            "url": "https://digital-strategy.ec.europa.eu/en/policies/contents-code-gpai",
            "title": "The General-Purpose AI Code of Practice | Shaping Europe's digital future",
        },
        {
            "url": "https://digital-strategy.ec.europa.eu/en/library/general-purpose-ai-code-practice-sign"
            "atories",
            "title": "Signatories of the General-Purpose AI Code of Practice",
        },
        {
            "url": "https://www.euractiv.com/section/tech/news/which-ai-companies-signed-the-code/",
            "title": "Which AI companies signed the EU code? - Euractiv",
        },
        {
            "url": "https://artificialintelligenceact.eu/gpai-code-of-practice/",
            "title": "GPAI Code of Practice - EU Artificial Intelligence Act",
        },
        {
            "url": "https://www.reuters.com/technology/eu-ai-code-signatories-2025-08-01/",
            "title": "Big tech firms sign EU AI code, one declines - Reuters",
        },
        {
            "url": "https://en.wikipedia.org/wiki/General-Purpose_AI_Code_of_Practice",
            "title": "General-Purpose AI Code of Practice - Wikipedia",
        },
    ]
    queries = [
        "EU General-Purpose AI Code of Practice signatories list",
        "companies that signed EU GPAI code of practice",
        "GPAI code of practice signatories dates",
        "who signed the EU AI Act code of practice for general purpose AI",
        "EU AI code of practice signatory companies 2025",
        "list of signatories general-purpose AI code Commission",
        "general purpose AI code of practice signed by which companies",
        "EU AI Office code of practice signatories",
        "signatories GPAI code official list European Commission",
    ]
    runs = []
    for i, q in enumerate(queries):
        res = [{**p, "snippet": "… the Code of Practice … signatories …"} for p in pages]
        t.rng.shuffle(res)
        text = (
            f"Thought: I need the official list of signatories. Action: web_search for '{q}'."
            if i % 3 == 0
            else "Thought: the results still don't give me the list directly. I'll search again with "
            "different wording."
        )
        runs.append(
            t.call(
                "web_search", {"q": q, "num": 6, "recency_days": 730}, pretty({"results": res[:5]}), text=text
            )
        )
    t.system("[crew] Researcher exceeded max_iter=12; forcing final answer.")
    t.say("Final Answer: I could not find the list of signatories.")
    onset = nth(runs, 4)
    return t.loop(
        ["same_tool"],
        onset,
        f"Loop: nine web_search calls paraphrase one question and return the same six pages (the Commission "
        f"signatories page among them from the first search) in shuffled order; the researcher never calls "
        f"fetch_url on the official page. The 4th paraphrase with no new result is step {onset}, the onset.",
    )


def looker_content_search_paraphrase() -> Scenario:
    t = Trace(
        "blind7-loop-bi-looker-content-search-paraphrase",
        "BI agent asked why SMB churn spiked keeps searching Looker content with synonyms for 'churn' and "
        "never "
        "opens the three dashboards every search returns.",
        agent="BI agent (Looker-like API: search content, run look, run inline query)",
        model="gpt-4.1",
        ids="call",
    )
    t.user("Why did SMB logo churn spike in February? Use the existing dashboards if there are any.")
    dashes = [
        {
            "type": "dashboard",
            "id": 112,
            "title": "Customer Churn – Monthly (All Segments)",
            "folder": "CS Analytics",
        },
        {"type": "dashboard", "id": 348, "title": "SMB Retention & Churn Drivers", "folder": "SMB"},
        {"type": "look", "id": 391, "title": "Churned logos by reason code", "folder": "CS Analytics"},
    ]
    queries = [
        "churn",
        "SMB churn",
        "customer churn dashboard",
        "logo churn SMB February",
        "retention churn drivers",
        "churn rate by segment",
        "SMB cancellations",
        "churn reasons",
    ]
    texts = [
        "Searching Looker for churn content.",
        "Narrowing to SMB.",
        "",
        "Looking for something specific to February.",
        "",
        "Trying by segment.",
        "",
        "",
    ]
    runs = []
    for q, x in zip(queries, texts, strict=True):
        res = list(dashes)
        t.rng.shuffle(res)
        extra = (
            [{"type": "look", "id": 77, "title": "Weekly cancellations (legacy)", "folder": "Archive"}]
            if "cancel" in q
            else []
        )
        runs.append(
            t.call(
                "looker_search_content",
                {"query": q, "types": ["dashboard", "look"], "limit": 20},
                pretty({"results": res + extra}),
                text=x,
            )
        )
    t.say(
        "There are a few churn dashboards (112, 348, 391) but I couldn't determine the cause of the "
        "February spike."
    )
    onset = nth(runs, 4)
    return t.loop(
        ["same_tool"],
        onset,
        f"Loop: eight looker_search_content calls with synonyms of 'churn' return the same three items (one "
        "search adds an archived look) and the agent never runs dashboard 348 or look 391, which were "
        "found at "
        f"step {runs[0]}. The 4th search bringing nothing new is step {onset}, the onset.",
    )


def mail_search_paraphrase_de() -> Scenario:
    t = Trace(
        "blind7-loop-exec-assistant-mail-search-paraphrase-de",
        "German executive assistant searches the mailbox nine times with paraphrases for 'Jens' contract' "
        "and "
        "gets the same two threads without an attachment.",
        agent="Executive assistant (mail, calendar, drive tools)",
        model="claude-sonnet-4-5",
        ids="toolu",
    )
    t.user(
        "Finde bitte den Rahmenvertrag, den Jens Köhler mir letzte Woche geschickt hat, und leite ihn an "
        "die Rechtsabteilung weiter."
    )
    threads = [
        {
            "thread_id": "18f2a9c4d1e07b33",
            "from": "Jens Köhler <j.koehler@brandt-partner.de>",
            "subject": "Re: Rahmenvertrag – nächste Schritte",
            "date": "2026-02-24",
            "has_attachments": False,
            "snippet": "…den Vertrag lege ich Ihnen in unseren Datenraum…",
        },
        {
            "thread_id": "18f1c0b7aa9e2f10",
            "from": "Jens Köhler <j.koehler@brandt-partner.de>",
            "subject": "Termin Vertragsbesprechung",
            "date": "2026-02-19",
            "has_attachments": False,
            "snippet": "…passt Ihnen Donnerstag 14 Uhr?…",
        },
    ]
    queries = [
        "from:j.koehler@brandt-partner.de Rahmenvertrag",
        "Jens Köhler Vertrag",
        "Rahmenvertrag has:attachment",
        "from:jens Vertrag newer_than:14d",
        "Köhler Rahmenvertrag PDF",
        "subject:Rahmenvertrag",
        "Jens Vertrag Anhang",
        "brandt-partner Vertrag",
        "from:j.koehler@brandt-partner.de",
    ]
    texts = [
        "Ich suche die E-Mail von Jens Köhler.",
        "Kein Anhang dabei. Ich suche breiter.",
        "",
        "Ich versuche es mit einer anderen Suche.",
        "",
        "Vielleicht steht es im Betreff.",
        "",
        "",
        "Noch einmal direkt nach Absender.",
    ]
    runs = []
    for q, x in zip(queries, texts, strict=True):
        hits = [] if "has:attachment" in q else list(threads)
        runs.append(
            t.call(
                "mail_search",
                {"query": q, "max_results": 10},
                pretty({"threads": hits, "result_size_estimate": len(hits)}),
                text=x,
            )
        )
    t.say("Ich konnte den Rahmenvertrag leider nicht in Ihrem Postfach finden.")
    onset = nth(runs, 4)
    return t.loop(
        ["same_tool"],
        onset,
        f"Loop: the first result (step {runs[0]}) already says the contract was put in the data room, not "
        "attached; "
        "the agent nevertheless runs nine paraphrased mail_search queries that return the same two "
        "threads (or "
        f"nothing) and never checks the drive/data room or asks. The 4th search with nothing new is step "
        f"{onset}, the onset.",
    )


BUILDERS: list[Builder] = [
    rag_helpdesk_paraphrase_ko,
    research_crew_web_search_paraphrase,
    looker_content_search_paraphrase,
    mail_search_paraphrase_de,
]
