"""Healthy: searches refined with genuinely new results, exploration through several hypotheses, multi-
turn sessions where the user asks similar questions again, reading consecutive articles, and check /
act / re-check on a mutable device."""

from __future__ import annotations

from blind6gen.builder import JSON, Trace, js


def pubmed_refined_new_results() -> JSON:
    t = Trace(
        "blind6-healthy-pubmed-refined-searches",
        "Literature agent: four PubMed searches, each narrowing the question and bringing new PMIDs; it "
        "reads the key abstracts and answers.",
        ids="openai",
        meta={"agent_style": "scientific-literature agent (PubMed tools)"},
    )
    t.user("Is there RCT evidence that time-restricted eating improves HbA1c in type 2 diabetes? Give PMIDs.")
    searches = [
        (
            "time-restricted eating type 2 diabetes",
            [
                ("38012233", "Time-restricted eating: a narrative review"),
                ("37550011", "Intermittent fasting in T2D: meta-analysis"),
                ("36690012", "TRE and weight loss in obesity"),
            ],
            "Broad search first.",
        ),
        (
            "time-restricted eating type 2 diabetes randomized controlled trial",
            [
                (
                    "37432021",
                    (
                        "Effect of TRE vs calorie restriction on weight loss and HbA1c in T2D: RCT (JAMA "
                        "Netw Open)"
                    ),
                ),
                ("36990311", "8-hour TRE in adults with T2D: 12-week RCT"),
            ],
            "Too many reviews; restricting to RCTs.",
        ),
        (
            "time-restricted eating HbA1c randomized",
            [
                ("38200477", "TRE plus metformin: HbA1c outcomes at 6 months"),
                ("35201188", "Early TRE in prediabetes: glycaemic outcomes"),
            ],
            "Focusing on HbA1c as outcome.",
        ),
        (
            "time-restricted eating type 2 diabetes HbA1c trial 2024",
            [("38890155", "Multicentre TRE trial in T2D (n=210), 2024")],
            "Checking for the newest trials.",
        ),
    ]
    for term, hits, text in searches:
        body = "\n".join(f"PMID {p} | {title}" for p, title in hits)
        t.call(
            "pubmed_search",
            {"term": term, "retmax": 20, "filters": {"species": "humans"}},
            f"{len(hits)} results\n{body}",
            text=text,
        )
    for pmid, abstract in [
        (
            "37432021",
            (
                "75 adults with T2D randomised to TRE (8 h), calorie restriction or control for 6 months. "
                "HbA1c fell by 0.91% (TRE) and 0.94% (CR) vs control; no difference between TRE and CR."
            ),
        ),
        ("36990311", "12-week RCT, n=46: HbA1c -0.5% vs -0.1% control; small sample."),
        ("38890155", "n=210, 12 months: HbA1c -0.6% vs -0.3% with standard care; adherence 71%."),
    ]:
        t.call("pubmed_fetch_abstract", {"pmid": pmid}, abstract, text="")
    t.say(
        "Yes, modest RCT evidence: PMID 37432021 (6 mo, n=75): HbA1c -0.91% with 8-h TRE, similar to "
        "calorie restriction; PMID 36990311 (12 wk, n=46): -0.5% vs -0.1%; PMID 38890155 (12 mo, n=210): "
        "-0.6% vs -0.3%. Effects look comparable to calorie restriction rather than additive."
    )
    return t.healthy(
        "Four searches on one topic, but each refinement (RCT filter, HbA1c outcome, recent years) brings "
        "PMIDs not seen before, and the agent reads the relevant abstracts and answers. Refining a search "
        "with genuinely new results is research, not paraphrase."
    )


def latency_hypotheses() -> JSON:
    t = Trace(
        "blind6-healthy-devops-latency-hypotheses",
        "DevOps agent investigating p99 latency tests DNS, the database, Redis and the connection pool in "
        "turn, finds pool exhaustion, fixes it and verifies.",
        ids="openai",
        meta={"agent_style": "DevOps agent (kubectl, metrics, cloud CLI)"},
    )
    t.user("checkout-api p99 jumped from 180 ms to 2.4 s at 14:05. Find out why and fix it if it's safe.")
    t.call(
        "metrics_query",
        {
            "promql": (
                'histogram_quantile(0.99, sum(rate(http_server_duration_seconds_bucket{service="checkout-ap'
                'i"}[5m])) by (le))'
            ),
            "range": "2h",
        },
        "14:00 0.18\n14:05 1.92\n14:10 2.41\n14:15 2.38\n",
        text="Confirming the jump.",
    )
    t.call(
        "terminal",
        {
            "cmd": (
                "kubectl exec -n shop deploy/checkout-api -- sh -c 'time getent hosts "
                "payments.shop.svc.cluster.local'"
            )
        },
        "10.96.44.12     payments.shop.svc.cluster.local\nreal\t0m0.004s",
        text="Hypothesis 1: DNS. Resolving a dependency from inside the pod.",
    )
    t.call(
        "metrics_query",
        {"promql": 'max(pg_stat_activity_max_tx_duration{db="checkout"})', "range": "2h"},
        "14:00 0.04\n14:05 0.05\n14:10 0.04\n",
        text="DNS is fast. Hypothesis 2: slow DB transactions.",
    )
    t.call(
        "metrics_query",
        {"promql": "redis_commands_duration_seconds_total / redis_commands_total", "range": "2h"},
        "14:00 0.0003\n14:10 0.0003\n",
        text="DB is fine. Hypothesis 3: Redis.",
    )
    t.call(
        "metrics_query",
        {"promql": 'sum(hikaricp_connections_pending{service="checkout-api"})', "range": "2h"},
        "14:00 0\n14:05 37\n14:10 52\n14:15 49\n",
        text="Redis is fine. Hypothesis 4: waiting for DB connections in the app's pool.",
    )
    t.call(
        "terminal",
        {
            "cmd": (
                "kubectl get hpa,deploy -n shop checkout-api -o wide && kubectl rollout history "
                "deploy/checkout-api -n shop | tail -2"
            )
        },
        (
            "horizontalpodautoscaler.autoscaling/checkout-api   Deployment/checkout-api   78%/60%   4   12 "
            "  12\ndeployment.apps/checkout-api   12/12\nREVISION  CHANGE-CAUSE\n48        14:03 config: "
            "DB_POOL_MAX 20 -> 5 (ticket OPS-771)"
        ),
        text="Requests queue for connections. What changed at 14:03?",
    )
    t.call(
        "terminal",
        {
            "cmd": (
                "kubectl set env deploy/checkout-api -n shop DB_POOL_MAX=20 && kubectl rollout status "
                "deploy/checkout-api -n shop --timeout=300s"
            )
        },
        'deployment.apps/checkout-api env updated\ndeployment "checkout-api" successfully rolled out',
        text=(
            "OPS-771 cut the pool from 20 to 5. Reverting that one setting is safe (the DB allows 400 "
            "connections, 12 pods × 20 = 240)."
        ),
    )
    t.call(
        "metrics_query",
        {
            "promql": (
                'histogram_quantile(0.99, sum(rate(http_server_duration_seconds_bucket{service="checkout-ap'
                'i"}[5m])) by (le))'
            ),
            "range": "30m",
        },
        "14:35 2.30\n14:40 0.61\n14:45 0.19\n",
        text="Verifying.",
    )
    t.say(
        "Cause: config change OPS-771 at 14:03 lowered DB_POOL_MAX from 20 to 5, so requests queued for "
        "connections (up to 52 pending). I set it back to 20; p99 is back to 190 ms. Please follow up with "
        "whoever filed OPS-771."
    )
    return t.healthy(
        "Several metrics queries with the same tool, each testing a different hypothesis (DNS, DB, Redis, "
        "pool) and each ruling one in or out, then a fix and a verification. Exploration that makes "
        "progress."
    )


def travel_multi_turn_dates() -> JSON:
    t = Trace(
        "blind6-healthy-rail-multi-turn-similar-questions",
        "Travel agent in a multi-turn chat: the user asks about Paris-Brussels trains on the 15th, then "
        "the 16th, then the 16th afternoon, then books; similar searches, each asked for.",
        ids="gemini",
        meta={"agent_style": "travel agent (rail search)"},
    )
    asks = [
        (
            "Trains Paris to Brussels on 15 May, morning?",
            "2025-05-15",
            ["06:00", "12:00"],
            [("07:13", "08:35", 59), ("09:13", "10:35", 79), ("11:13", "12:35", 89)],
        ),
        (
            "Hmm, pricey. And on the 16th, same time?",
            "2025-05-16",
            ["06:00", "12:00"],
            [("07:13", "08:35", 45), ("09:13", "10:35", 69)],
        ),
        (
            "What about the 16th in the afternoon instead?",
            "2025-05-16",
            ["12:00", "18:00"],
            [("13:13", "14:35", 35), ("15:13", "16:35", 39), ("17:13", "18:35", 55)],
        ),
    ]
    for question, date, window, rows in asks:
        t.user(question)
        body = js(
            {"journeys": [{"dep": a, "arr": b, "operator": "Eurostar", "price_eur": p} for a, b, p in rows]}
        )
        t.call(
            "rail_search",
            {
                "origin": "FRPNO",
                "destination": "BEBMI",
                "date": date,
                "time_window": window,
                "passengers": {"adults": 1},
            },
            body,
        )
        t.say("; ".join(f"{a}→{b} €{p}" for a, b, p in rows) + ".")
    t.user("Book the 13:13 on the 16th.")
    t.call(
        "rail_book",
        {
            "origin": "FRPNO",
            "destination": "BEBMI",
            "date": "2025-05-16",
            "departure": "13:13",
            "passengers": {"adults": 1},
            "payment": "saved_card",
        },
        js({"booking": "EST-6N2QK", "price_eur": 35, "coach": 12, "seat": "61"}),
    )
    t.say("Booked: Paris Nord 13:13 → Bruxelles-Midi 14:35 on 16 May, €35, coach 12 seat 61 (ref EST-6N2QK).")
    return t.healthy(
        "Three rail searches with similar arguments, each in its own user turn and each answering what the "
        "user just asked (another date, another window), then a booking. Repetition driven by the user's "
        "questions is not a loop."
    )


def voice_balance_repeat_question() -> JSON:
    t = Trace(
        "blind6-healthy-voice-user-repeats-question",
        "Phone banking agent: the caller asks for the balance, later asks again ('sorry, what was it?'), "
        "and the agent looks it up again before answering; short turns.",
        ids="short",
        meta={"agent_style": "voice/phone agent"},
    )
    t.system("Voice channel. Keep replies short. Caller verified: customer C-55102.")
    t.user("What's my current account balance?")
    acct = {"customer_id": "C-55102", "account": "current"}
    t.call(
        "get_balance",
        acct,
        js({"available": 1243.17, "currency": "GBP", "pending": 54.2}),
        text="One moment.",
    )
    t.say("Your available balance is £1,243.17, with £54.20 pending.")
    t.user("And did my rent go out?")
    t.call(
        "list_transactions",
        {"customer_id": "C-55102", "account": "current", "search": "rent", "days": 10},
        js({"transactions": [{"date": "2025-04-01", "amount": -950.0, "payee": "Harbour Lettings"}]}),
        text="Let me check.",
    )
    t.say("Yes, £950 to Harbour Lettings on the 1st of April.")
    t.user("Sorry, the line broke up, what was my balance again?")
    t.call("get_balance", acct, js({"available": 1243.17, "currency": "GBP", "pending": 54.2}), text="Sure.")
    t.say("£1,243.17 available, £54.20 pending.")
    t.user("Great, thanks, bye.")
    t.say("You're welcome, goodbye!")
    return t.healthy(
        "The same balance look-up is made twice, once per user question; the second time the caller "
        "explicitly asks again. A re-read at the start of a new user turn is legitimate."
    )


def french_article_reading() -> JSON:
    t = Trace(
        "blind6-healthy-code-travail-articles-fr",
        "French-speaking legal agent reads ten consecutive Labour Code articles on dismissal notice with "
        "the same tool, one article each, then writes a memo.",
        ids="uuid",
        meta={"agent_style": "legal research agent", "language": "fr"},
    )
    t.user(
        "Fais-moi une note sur le préavis de licenciement et l'indemnité légale dans le Code du travail "
        "(articles L1234-1 et suivants)."
    )
    arts = {
        "L1234-1": (
            "Lorsque le licenciement n'est pas motivé par une faute grave, le salarié a droit : 1° ... à "
            "un préavis dont la durée est déterminée par la loi, la convention ou l'usage ... 2° ... un "
            "mois ... 3° ... deux mois ..."
        ),
        "L1234-2": (
            "Sauf dispositions plus favorables, l'ancienneté s'apprécie à la date d'envoi de la lettre de "
            "licenciement."
        ),
        "L1234-3": (
            "La date de présentation de la lettre recommandée notifiant le licenciement au salarié fixe le "
            "point de départ du préavis."
        ),
        "L1234-4": (
            "L'inexécution du préavis de licenciement n'a pas pour conséquence d'avancer la date à "
            "laquelle le contrat prend fin."
        ),
        "L1234-5": (
            "Lorsque le salarié n'exécute pas le préavis, il a droit, sauf s'il a commis une faute grave, "
            "à une indemnité compensatrice."
        ),
        "L1234-6": "L'indemnité compensatrice de préavis ... ne peut être réduite ...",
        "L1234-7": (
            "La dispense par l'employeur de l'exécution du travail pendant le préavis ne doit entraîner, "
            "jusqu'à l'expiration de ce délai, aucune diminution des salaires."
        ),
        "L1234-8": (
            "Les circonstances entraînant la suspension du contrat de travail ... ne rompent pas "
            "l'ancienneté du salarié ..."
        ),
        "L1234-9": (
            "Le salarié titulaire d'un contrat de travail à durée indéterminée, licencié alors qu'il "
            "compte 8 mois d'ancienneté ininterrompus au service du même employeur, a droit, sauf en cas "
            "de faute grave, à une indemnité de licenciement."
        ),
        "L1234-10": (
            "Les dispositions des articles L1234-1 à L1234-9 ne s'appliquent pas ... (cas particuliers)"
        ),
    }
    for i, (art, text) in enumerate(arts.items()):
        t.call(
            "legifrance_get_article",
            {"code": "Code du travail", "article": art, "version": "en_vigueur"},
            js({"article": art, "etat": "VIGUEUR", "texte": text}),
            text="Je lis l'article suivant." if i else "Je commence par l'article L1234-1.",
        )
    t.say(
        "Note de synthèse :\n- Préavis (L1234-1) : hors faute grave, 1 mois entre 6 mois et 2 ans "
        "d'ancienneté, 2 mois au-delà, sauf dispositions plus favorables.\n- Point de départ (L1234-3) : "
        "première présentation de la lettre recommandée.\n- Préavis non exécuté (L1234-5, L1234-7) : "
        "indemnité compensatrice, sans diminution de salaire en cas de dispense.\n- Indemnité légale "
        "(L1234-9) : CDI, 8 mois d'ancienneté ininterrompue, hors faute grave."
    )
    return t.healthy(
        "Ten calls to the same tool with the same narration ('Je lis l'article suivant'), but each fetches "
        "a different article in sequence and the memo uses them. Reading consecutive sections is "
        "sequential reading, not a loop."
    )


def door_lock_check_act_recheck() -> JSON:
    t = Trace(
        "blind6-healthy-iot-lock-check-act-recheck",
        "Home-automation agent: reads the front-door lock, locks it, reads it again to confirm; in a later "
        "turn the user asks again and it re-reads once more.",
        ids="short",
        meta={"agent_style": "home-automation agent"},
    )
    t.user("Did I lock the front door? If not, lock it.")
    lock = {"entity_id": "lock.front_door"}
    t.call(
        "ha_get_state",
        lock,
        js(
            {"entity_id": "lock.front_door", "state": "unlocked", "last_changed": "2025-01-10T07:58:02+00:00"}
        ),
    )
    t.call(
        "ha_call_service",
        {"domain": "lock", "service": "lock", "target": lock},
        js([{"entity_id": "lock.front_door", "state": "locking"}]),
    )
    t.call(
        "ha_get_state",
        lock,
        js({"entity_id": "lock.front_door", "state": "locked", "last_changed": "2025-01-10T08:31:44+00:00"}),
    )
    t.say("It was unlocked. I've locked it, and it now reports locked.")
    t.user("And the garage?")
    t.call(
        "ha_get_state",
        {"entity_id": "cover.garage_door"},
        js({"entity_id": "cover.garage_door", "state": "closed"}),
    )
    t.say("The garage door is closed.")
    t.user("Can you double-check the front door once more? I'm paranoid.")
    t.call(
        "ha_get_state",
        lock,
        js({"entity_id": "lock.front_door", "state": "locked", "last_changed": "2025-01-10T08:31:44+00:00"}),
    )
    t.say("Still locked since 08:31.")
    return t.healthy(
        "The lock is read three times across the session: before acting, after locking to confirm, and "
        "again because the user asks in a later turn. Check / act / re-check on a device whose state "
        "changes, plus a user-requested double-check, is legitimate."
    )


def config_reread_after_user_change() -> JSON:
    t = Trace(
        "blind6-healthy-env-reread-after-user-edit",
        "Coding agent reads .env and reports a missing variable; the user edits it and asks it to check "
        "again; the re-read shows the change and the app starts.",
        ids="anthropic",
        meta={"agent_style": "Claude-Code-like terminal agent"},
    )
    t.user("The worker won't start. Check the env config.")
    t.call(
        "Read",
        {"file_path": "/srv/app/.env"},
        "DATABASE_URL=postgres://app@db:5432/app\nREDIS_URL=redis://cache:6379/0\nLOG_LEVEL=info\n",
        text="",
    )
    t.call(
        "Bash",
        {
            "command": "cd /srv/app && python -m worker --check-config",
            "description": "Validate worker config",
        },
        "ConfigError: QUEUE_URL is required (no default)\n",
        error=True,
        text="",
    )
    t.say(
        "QUEUE_URL is missing from /srv/app/.env. The worker needs it (e.g. amqp://user:pass@mq:5672/). "
        "Can you add it? I don't have the credentials."
    )
    t.user("Added it. Check again.")
    t.call(
        "Read",
        {"file_path": "/srv/app/.env"},
        (
            "DATABASE_URL=postgres://app@db:5432/app\nREDIS_URL=redis://cache:6379/0\nLOG_LEVEL=info\n"
            "QUEUE_URL=amqp://worker:***@mq:5672/prod\n"
        ),
        text="",
    )
    t.call(
        "Bash",
        {
            "command": "cd /srv/app && python -m worker --check-config",
            "description": "Validate worker config",
        },
        "config OK (4 settings)\n",
        text="",
    )
    t.call(
        "Bash",
        {
            "command": "sudo systemctl restart app-worker && systemctl is-active app-worker",
            "description": "Restart worker",
        },
        "active\n",
        text="",
    )
    t.say("QUEUE_URL is there now, the config validates and app-worker is running.")
    return t.healthy(
        "The same file read and the same config check are each repeated once, after the user says they "
        "changed the file; the results differ and the problem is solved. Re-reading after an external "
        "change is legitimate."
    )


BUILDERS = [
    pubmed_refined_new_results,
    latency_hypotheses,
    travel_multi_turn_dates,
    voice_balance_repeat_question,
    french_article_reading,
    door_lock_check_act_recheck,
    config_reread_after_user_change,
]
