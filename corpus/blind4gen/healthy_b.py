# ruff: noqa: E501
"""Healthy scenarios, part B: stepping, streaming, batch edits, parallel calls, multi-turn chats, long sessions."""

from __future__ import annotations

from typing import Any

from .builder import Session, js
from .healthy_a import ok


def long_research_french() -> dict[str, Any]:
    s = Session("blind4-h-research-fr", "fc")
    s.user(
        "Prépare une note sur la filière hydrogène vert en France : capacités d'électrolyse, projets majeurs, soutiens publics, coûts, et obstacles."
    )
    topics = [
        (
            "capacité électrolyse France 2024 MW",
            "France Hydrogène : environ 30 MW d'électrolyse installés fin 2023, objectif 6,5 GW en 2030.",
        ),
        (
            "stratégie nationale hydrogène 2030 révision",
            "La stratégie révisée (2023) vise 6,5 GW en 2030 et 10 GW en 2035.",
        ),
        (
            "projet Masshylia électrolyseur",
            "Masshylia (TotalEnergies/Engie) à La Mède, 125 MW visé, projet redimensionné en 2023.",
        ),
        (
            "Lhyfe usine Bouin production",
            "Lhyfe Bouin : 1 MW, premier site raccordé à l'éolien en mer (2021).",
        ),
        (
            "McPhy gigafactory Belfort",
            "McPhy : gigafactory d'électrolyseurs à Belfort, inaugurée 2024, 1 GW/an de capacité visée.",
        ),
        (
            "Genvia électrolyseur haute température",
            "Genvia (CEA, Schlumberger) développe la technologie SOEC à Béziers.",
        ),
        (
            "mécanisme de soutien hydrogène France appel d'offres 2024",
            "Mécanisme de soutien par contrat pour différence : premier appel d'offres de 150 MW en 2024.",
        ),
        (
            "PIIEC hydrogène projets français",
            "Dix projets français retenus dans les PIIEC Hy2Tech et Hy2Use.",
        ),
        (
            "coût production hydrogène vert France €/kg",
            "Coût estimé 5-8 €/kg en 2023, contre 1,5-2,5 €/kg pour l'hydrogène gris.",
        ),
        (
            "prix électricité électrolyse France PPA",
            "PPA renouvelables 2024 : 60-80 €/MWh, déterminant pour le coût du kg.",
        ),
        (
            "obstacles hydrogène vert France réseau",
            "Raccordement réseau, délais de permis et incertitude sur la demande industrielle.",
        ),
        (
            "hydrogène vert raffinerie acier demande France",
            "Demande principale : raffinage, ammoniac, acier (projet GravitHy à Fos).",
        ),
        (
            "GravitHy Fos-sur-Mer réduction directe",
            "GravitHy : 2 Mt/an de fer pré-réduit à partir de 2027, électrolyse 700 MW.",
        ),
        (
            "H2 mobilité stations France nombre",
            "Environ 200 stations H2 en 2024, principalement pour flottes captives.",
        ),
        (
            "Hympulsion Auvergne-Rhône-Alpes bilan",
            "Zero Emission Valley : 20 stations visées, déploiement plus lent que prévu.",
        ),
    ]
    for i, (q, snip) in enumerate(topics):
        s.call(
            "Je cherche maintenant le point suivant." if i else "Je commence par les capacités installées.",
            "web_search",
            {"query": q, "lang": "fr", "num": 5},
            f"1. {snip}\n   https://exemple-source-{i}.fr/article\n2. Autre source — https://autre-{i}.fr",
        )
        s.call(
            "",
            "visit_page",
            {"url": f"https://exemple-source-{i}.fr/article"},
            f"{snip}\n\n(Article complet, {800 + i * 37} mots.)",
        )
    s.say(
        "Note de synthèse : ~30 MW installés fin 2023 (objectif 6,5 GW en 2030) ; projets majeurs Masshylia, Lhyfe, GravitHy ; soutien par contrat pour différence et PIIEC ; coût 5-8 €/kg ; obstacles : raccordement, permis, demande."
    )
    return ok(
        "blind4-healthy-long-research-french-0",
        "A 31-step French-language research run: fifteen searches on distinct sub-topics with the same narration, each followed by a page visit.",
        s,
        "Long session with repetitive narration ('Je cherche maintenant le point suivant.') but every query and result is different and all feed the final note.",
    )


def gdb_stepping() -> dict[str, Any]:
    s = Session("blind4-h-gdb", "anthropic")
    s.user("Step through parse_header() in the debugger and tell me where len becomes negative.")
    s.call("", "gdb", {"command": "break parse_header"}, "Breakpoint 1 at 0x401a2c: file src/hdr.c, line 41.")
    s.call(
        "",
        "gdb",
        {"command": "run samples/bad.bin"},
        "Breakpoint 1, parse_header (buf=0x7ffe3c10, n=64) at src/hdr.c:41\n41\t  size_t off = 0;",
    )
    lines = [
        (42, "  int len = buf[off++];", "len = 0"),
        (43, "  len |= buf[off++] << 8;", "len = 16"),
        (44, "  if (len > MAX_HDR) return -1;", "len = 65296"),
        (46, "  len -= HDR_FIXED;", "len = 65296"),
        (47, "  len = (int16_t)len;", "len = 65284"),
        (48, "  memcpy(out, buf + off, len);", "len = -252"),
    ]
    for ln, code, val in lines:
        s.call("", "gdb", {"command": "next"}, f"{ln}\t{code}")
        if ln in (44, 48):
            s.call("", "gdb", {"command": "print len"}, f"$1 = {val.split(' = ')[1]}")
    s.say(
        "len turns negative at line 47: the (int16_t) cast truncates 65284 to -252, which is then passed to memcpy on line 48."
    )
    return ok(
        "blind4-healthy-gdb-next-stepping-0",
        "Debugger session issues the identical 'next' command six times; each step shows a different source line.",
        s,
        "Identical arguments, different results: stepping a debugger is like reading a stream. A guard that compares arguments only would misfire (T2).",
    )


def read_output_stream() -> dict[str, Any]:
    s = Session("blind4-h-stream", "uuid")
    s.user("Run the full migration dry-run and check whether any table would be dropped.")
    s.call(
        "",
        "start_process",
        {"command": "./manage.py migrate --plan --verbosity 2"},
        js({"pid": 4121, "status": "running"}),
    )
    for i in range(7):
        chunk = "\n".join(
            f"  app_{i}.{k:04d}_auto: {'AlterField' if (i + k) % 3 else 'AddIndex'} on table app_{i}_item"
            for k in range(i * 12, i * 12 + 12)
        )
        more = i < 6
        s.call(
            "",
            "read_output",
            {"pid": 4121, "max_bytes": 8192},
            js(
                {
                    "data": chunk
                    + (
                        "\n  app_5.0071_remove_legacy: DeleteModel LegacyItem (DROP TABLE app_5_legacyitem)"
                        if i == 5
                        else ""
                    ),
                    "eof": not more,
                }
            ),
        )
    s.say(
        "One table would be dropped: app_5_legacyitem (migration app_5.0071_remove_legacy). Everything else is AlterField/AddIndex."
    )
    return ok(
        "blind4-healthy-read-output-chunks-0",
        "Seven identical read_output calls each return the next chunk of a long process output until eof.",
        s,
        "The cursor is server-side: identical arguments, new data each time, ending at eof (T2).",
    )


def license_headers_batch() -> dict[str, Any]:
    s = Session("blind4-h-license", "anthropic")
    s.user("Add the Apache-2.0 SPDX header to every Go file under pkg/ that lacks one.")
    s.call(
        "",
        "Bash",
        {"command": "grep -L 'SPDX-License-Identifier' $(find pkg -name '*.go')"},
        "\n".join(
            f"pkg/{p}"
            for p in [
                "auth/token.go",
                "auth/token_test.go",
                "cache/lru.go",
                "cache/ttl.go",
                "db/pool.go",
                "db/tx.go",
                "http/middleware.go",
                "http/router.go",
                "http/errors.go",
                "log/fields.go",
                "metrics/prom.go",
                "queue/nats.go",
                "queue/retry.go",
                "util/strings.go",
            ]
        ),
    )
    for p in [
        "auth/token.go",
        "auth/token_test.go",
        "cache/lru.go",
        "cache/ttl.go",
        "db/pool.go",
        "db/tx.go",
        "http/middleware.go",
        "http/router.go",
        "http/errors.go",
        "log/fields.go",
        "metrics/prom.go",
        "queue/nats.go",
        "queue/retry.go",
        "util/strings.go",
    ]:
        pkg = p.split("/")[0]
        s.call(
            "",
            "Edit",
            {
                "file_path": f"/src/pkg/{p}",
                "old_string": f"package {pkg}\n",
                "new_string": f"// SPDX-License-Identifier: Apache-2.0\n\npackage {pkg}\n",
            },
            f"The file /src/pkg/{p} has been updated.",
        )
    s.call(
        "",
        "Bash",
        {"command": "grep -L 'SPDX-License-Identifier' $(find pkg -name '*.go') | wc -l && go build ./..."},
        "0",
    )
    s.say("Added the SPDX header to 14 files; build passes.")
    return ok(
        "blind4-healthy-license-header-batch-0",
        "Fourteen Edit calls with the same old/new pattern on fourteen different files.",
        s,
        "Batch edit: same tool, same shape of arguments, a different file each time, all successful (T4).",
    )


def repetitive_valid_table() -> dict[str, Any]:
    s = Session("blind4-h-table", "openai")
    s.user("List the 24 hourly temperature readings from station KX-14 yesterday as a markdown table.")
    rows = [(h, round(11.2 + 0.4 * h - 0.018 * h * h, 1)) for h in range(24)]
    s.call(
        "",
        "get_station_readings",
        {"station": "KX-14", "date": "2024-04-09", "interval": "1h"},
        js({"station": "KX-14", "readings": [{"hour": h, "temp_c": t, "qc": "ok"} for h, t in rows]}),
    )
    table = "| Hour | Temp (°C) | QC |\n|---|---|---|\n" + "\n".join(
        f"| {h:02d}:00 | {t} | ok |" for h, t in rows
    )
    s.say("Station KX-14, 2024-04-09:\n\n" + table)
    return ok(
        "blind4-healthy-markdown-table-24-rows-0",
        "The final answer is a 24-row markdown table with highly repetitive row structure.",
        s,
        "Repetitive but valid text (T6): table rows share most characters, but it is data, not a degenerate reply.",
    )


def check_act_recheck() -> dict[str, Any]:
    s = Session("blind4-h-recheck", "counter")
    s.user("Scale the checkout deployment to 6 replicas and confirm.")
    st = "NAME       READY   UP-TO-DATE   AVAILABLE   AGE\ncheckout   {r}/{d}     {d}            {r}           41d"
    s.call("", "kubectl", {"args": ["get", "deploy", "checkout", "-n", "shop"]}, st.format(r=3, d=3))
    s.call(
        "",
        "kubectl",
        {"args": ["scale", "deploy", "checkout", "--replicas=6", "-n", "shop"]},
        "deployment.apps/checkout scaled",
    )
    s.call("", "kubectl", {"args": ["get", "deploy", "checkout", "-n", "shop"]}, st.format(r=4, d=6))
    s.call(
        "",
        "kubectl",
        {"args": ["rollout", "status", "deploy/checkout", "-n", "shop", "--timeout=120s"]},
        'Waiting for deployment "checkout" rollout to finish: 4 of 6 updated replicas are available...\nWaiting for deployment "checkout" rollout to finish: 5 of 6 updated replicas are available...\ndeployment "checkout" successfully rolled out',
    )
    s.call("", "kubectl", {"args": ["get", "deploy", "checkout", "-n", "shop"]}, st.format(r=6, d=6))
    s.say("checkout now runs 6/6 replicas.")
    return ok(
        "blind4-healthy-check-act-recheck-0",
        "The same kubectl get is issued before the change, after it, and after the rollout; results differ.",
        s,
        "Check -> act -> re-check on a mutating system (T7): three identical reads separated by actions, each result different.",
    )


def parallel_batch() -> dict[str, Any]:
    s = Session("blind4-h-parallel", "anthropic")
    s.user("What's the weather right now in Oslo, Bergen, Trondheim, Stavanger, Tromsø and Bodø?")
    cities = [
        ("Oslo", 4.1, "cloudy"),
        ("Bergen", 7.3, "rain"),
        ("Trondheim", 2.0, "snow showers"),
        ("Stavanger", 6.8, "overcast"),
        ("Tromsø", -3.5, "clear"),
        ("Bodø", -0.4, "windy"),
    ]
    s.batch(
        "Fetching all six in parallel.",
        [
            (
                "get_weather",
                {"city": c, "units": "metric"},
                js({"city": c, "temp_c": t, "conditions": w}),
                False,
            )
            for c, t, w in cities
        ],
    )
    s.say("\n".join(f"- {c}: {t} °C, {w}" for c, t, w in cities))
    return ok(
        "blind4-healthy-parallel-weather-batch-0",
        "One step carries six parallel get_weather calls with the same shape.",
        s,
        "Parallel calls in one response (T8) are one step, one batch over six targets; nothing repeats across steps.",
    )


def relookup_after_user_change() -> dict[str, Any]:
    s = Session("blind4-h-relookup", "gemini")
    s.say("Hello, Nordic Air here. How can I help?")
    s.user("Can you check my booking ZX41QP? I think I have no checked bag.")
    rec = {"pnr": "ZX41QP", "passenger": "Elin Berg", "flight": "NA207", "bags": 0}
    s.call("", "get_reservation", {"pnr": "ZX41QP"}, js(rec))
    s.say("Right, booking ZX41QP has no checked bag. Would you like to add one (€35)?")
    s.user("Yes, add one and charge my saved card.")
    s.call(
        "",
        "add_baggage",
        {"pnr": "ZX41QP", "count": 1, "payment": "saved_card"},
        js({"status": "ok", "charged_eur": 35}),
    )
    s.call("", "get_reservation", {"pnr": "ZX41QP"}, js(dict(rec, bags=1)))
    s.say("Done: one checked bag added, €35 charged.")
    s.user("Thanks. Actually can you check the booking once more, I want to make sure the seat is still 14C?")
    s.call("", "get_reservation", {"pnr": "ZX41QP"}, js(dict(rec, bags=1, seat="14C")))
    s.say("Yes, seat 14C and one checked bag.")
    return ok(
        "blind4-healthy-relookup-after-changes-0",
        "get_reservation with identical arguments three times: before a change, after it, and on the user's explicit request in a new turn.",
        s,
        "Identical lookups separated by a mutating action and by user turns that ask for them; results change. Counting across user turns (T11) would be wrong.",
    )


def user_asks_dates() -> dict[str, Any]:
    s = Session("blind4-h-dates", "openai")
    s.user("Is there a free court at the tennis club on Monday at 6pm?")
    days = [
        ("Monday", "2024-05-13", []),
        ("Tuesday", "2024-05-14", []),
        ("Wednesday", "2024-05-15", ["Court 3"]),
        ("Thursday", "2024-05-16", ["Court 1", "Court 4"]),
    ]
    for i, (d, iso, free) in enumerate(days):
        if i:
            s.user(f"What about {d}?")
        s.call(
            "Let me check.",
            "check_court_availability",
            {"date": iso, "time": "18:00", "duration_min": 60},
            js({"date": iso, "time": "18:00", "free_courts": free}),
        )
        s.say(f"On {d} at 6pm: " + (", ".join(free) + " free." if free else "no courts free."))
    s.user("Book Thursday, Court 1.")
    s.call(
        "",
        "book_court",
        {"date": "2024-05-16", "time": "18:00", "court": "Court 1"},
        js({"booking_id": "TC-9921", "status": "confirmed"}),
    )
    s.say("Booked Court 1 on Thursday at 6pm (TC-9921).")
    return ok(
        "blind4-healthy-user-driven-date-checks-0",
        "The user asks day after day; the assistant checks availability for each date with the same narration.",
        s,
        "Each availability check answers a new user question with a different date; the repetition is user-driven (new turns) and the results vary.",
    )


def sql_two_failures_then_ok() -> dict[str, Any]:
    s = Session("blind4-h-sql-two", "fc")
    s.user("Top 3 product categories by refund rate in Q2.")
    s.call(
        "",
        "run_sql",
        {
            "query": "SELECT category, refunds / orders AS rate FROM sales GROUP BY category ORDER BY rate DESC LIMIT 3"
        },
        'ERROR:  column "sales.refunds" must appear in the GROUP BY clause or be used in an aggregate function',
        True,
    )
    s.call(
        "Needs aggregation; and I should join the refunds table.",
        "run_sql",
        {
            "query": "SELECT p.category, count(r.id)::float / count(o.id) AS rate FROM orders o JOIN products p USING (product_id) LEFT JOIN refunds r ON r.order_id = o.id WHERE o.created_at >= '2024-04-01' AND o.created_at < '2024-07-01' GROUP BY 1 ORDER BY 2 DESC LIMIT 3"
        },
        'ERROR:  column "product_id" specified in USING clause does not exist in left table',
        True,
    )
    s.call(
        "orders uses sku, not product_id.",
        "run_sql",
        {
            "query": "SELECT p.category, count(r.id)::float / count(o.id) AS rate FROM orders o JOIN products p ON p.sku = o.sku LEFT JOIN refunds r ON r.order_id = o.id WHERE o.created_at >= '2024-04-01' AND o.created_at < '2024-07-01' GROUP BY 1 ORDER BY 2 DESC LIMIT 3"
        },
        "category|rate\nswimwear|0.142\nshoes|0.118\nformalwear|0.097",
    )
    s.say("Q2 refund rate leaders: swimwear 14.2%, shoes 11.8%, formalwear 9.7%.")
    return ok(
        "blind4-healthy-sql-two-different-errors-0",
        "Two failing queries with different errors, each corrected, then a correct answer.",
        s,
        "A short error run with different causes, each addressed; a two-failure streak must not trigger an error-streak guard.",
    )


def python_exploration() -> dict[str, Any]:
    s = Session("blind4-h-pyexplore", "openai")
    s.user("Explore churn.csv and tell me the three strongest predictors of churn.")
    snippets = [
        (
            "import pandas as pd\ndf = pd.read_csv('churn.csv')\nprint(df.shape); print(df.head())",
            "(7043, 21)\n   customerID  gender  SeniorCitizen  tenure  Contract  MonthlyCharges  Churn\n0  7590-VHVEG  Female              0       1  Month-to-month  29.85  No\n...",
        ),
        ("print(df.isna().sum()[df.isna().sum() > 0])", "TotalCharges    11\ndtype: int64"),
        (
            "df['TotalCharges'] = pd.to_numeric(df['TotalCharges'], errors='coerce').fillna(0)\nprint(df['Churn'].value_counts(normalize=True))",
            "No     0.7346\nYes    0.2654",
        ),
        (
            "print(df.groupby('Contract')['Churn'].apply(lambda s: (s=='Yes').mean()))",
            "Contract\nMonth-to-month    0.4271\nOne year          0.1127\nTwo year          0.0283",
        ),
        (
            "print(df.groupby(pd.cut(df.tenure, [0,6,12,24,48,72]))['Churn'].apply(lambda s: (s=='Yes').mean()))",
            "(0, 6]      0.5295\n(6, 12]     0.3589\n(12, 24]    0.2871\n(24, 48]    0.2039\n(48, 72]    0.0951",
        ),
        (
            "print(df.groupby('InternetService')['Churn'].apply(lambda s: (s=='Yes').mean()))",
            "DSL            0.1896\nFiber optic    0.4189\nNo             0.0740",
        ),
        (
            "print(df.groupby('PaymentMethod')['Churn'].apply(lambda s: (s=='Yes').mean()).sort_values())",
            "Credit card (automatic)      0.1524\nBank transfer (automatic)    0.1671\nMailed check                 0.1911\nElectronic check             0.4529",
        ),
        (
            "from sklearn.ensemble import GradientBoostingClassifier\nX = pd.get_dummies(df.drop(columns=['customerID','Churn']), drop_first=True)\ny = (df.Churn=='Yes')\nm = GradientBoostingClassifier(random_state=0).fit(X, y)\nimp = pd.Series(m.feature_importances_, X.columns).nlargest(5)\nprint(imp)",
            "Contract_Two year                0.2211\ntenure                           0.1873\nInternetService_Fiber optic      0.1402\nPaymentMethod_Electronic check   0.0712\nMonthlyCharges                   0.0688",
        ),
    ]
    for i, (code, out) in enumerate(snippets):
        s.call(
            [
                "Loading the data.",
                "Missing values?",
                "Fix TotalCharges and check the base rate.",
                "Churn by contract.",
                "By tenure bucket.",
                "By internet service.",
                "By payment method.",
                "A quick model for importances.",
            ][i],
            "python_interpreter",
            {"code": code},
            out,
        )
    s.say(
        "Strongest predictors: contract type (month-to-month 43% churn vs 3% two-year), tenure (53% in the first 6 months), and fiber internet (42%)."
    )
    return ok(
        "blind4-healthy-python-iterative-exploration-0",
        "Eight python_interpreter snippets with similar groupby shapes, each answering a new question.",
        s,
        "Many code calls of similar shape, each with new output that feeds the answer; this is exploratory analysis.",
    )


def schema_error_once_fixed() -> dict[str, Any]:
    s = Session("blind4-h-schema-once", "anthropic")
    s.user("Create a GitHub issue in acme/cli titled 'Crash on empty config' with label bug.")
    s.call(
        "",
        "create_issue",
        {"repo": "acme/cli", "title": "Crash on empty config", "labels": "bug"},
        "Invalid input: labels: Expected array, received string",
        True,
    )
    s.call(
        "labels must be a list.",
        "create_issue",
        {"repo": "acme/cli", "title": "Crash on empty config", "labels": ["bug"]},
        js({"number": 1187, "url": "https://github.com/acme/cli/issues/1187"}),
    )
    s.say("Created acme/cli#1187.")
    return ok(
        "blind4-healthy-schema-error-fixed-at-once-0",
        "One schema rejection, fixed on the next call.",
        s,
        "A single validation error corrected immediately; nothing repeats.",
    )


def rate_limit_429() -> dict[str, Any]:
    s = Session("blind4-h-429", "uuid")
    s.user("Translate these 3 product descriptions to Japanese via the translation API.")
    for k, txt in enumerate(
        [
            "Waterproof hiking boots with Vibram sole.",
            "Merino wool base layer, 200 g/m².",
            "Ultralight two-person tent, 1.3 kg.",
        ]
    ):
        args = {"text": txt, "target": "ja", "formality": "polite"}
        if k == 1:
            e = js({"error": "rate_limited", "status": 429, "retry_after_ms": 1500})
            s.call("", "translate", args, e, True)
            s.call("Rate limited; waiting and retrying.", "translate", args, e, True)
            s.call("", "translate", args, e, True)
        s.call(
            "",
            "translate",
            args,
            js(
                {
                    "translation": [
                        "ビブラムソール採用の防水ハイキングブーツ。",
                        "メリノウールのベースレイヤー（200 g/m²）。",
                        "超軽量2人用テント、1.3 kg。",
                    ][k]
                }
            ),
        )
    s.say(
        "1. ビブラムソール採用の防水ハイキングブーツ。\n2. メリノウールのベースレイヤー（200 g/m²）。\n3. 超軽量2人用テント、1.3 kg。"
    )
    return ok(
        "blind4-healthy-rate-limit-three-identical-errors-0",
        "Three identical 429 errors on one translation call, then success; the other two items go through normally.",
        s,
        "Identical calls with identical rate-limit errors (honouring retry_after), then success; the streak is transient (T3).",
    )


def rename_sweep() -> dict[str, Any]:
    s = Session("blind4-h-rename", "anthropic")
    s.user("Rename the helper get_usr to get_user everywhere.")
    files = [
        "src/api/users.py",
        "src/api/admin.py",
        "src/jobs/cleanup.py",
        "src/jobs/digest.py",
        "src/services/billing.py",
        "tests/test_users.py",
        "tests/test_admin.py",
    ]
    s.call(
        "",
        "Grep",
        {"pattern": "get_usr\\b", "output_mode": "files_with_matches"},
        "\n".join([*files, "src/core/users.py"]),
    )
    s.call(
        "",
        "Edit",
        {"file_path": "/repo/src/core/users.py", "old_string": "def get_usr(", "new_string": "def get_user("},
        "The file /repo/src/core/users.py has been updated.",
    )
    for f in files:
        s.call(
            "",
            "Edit",
            {
                "file_path": f"/repo/{f}",
                "old_string": "get_usr",
                "new_string": "get_user",
                "replace_all": True,
            },
            f"The file /repo/{f} has been updated.",
        )
    s.call("", "Grep", {"pattern": "get_usr\\b", "output_mode": "files_with_matches"}, "No files found")
    s.call("", "Bash", {"command": "pytest -q"}, "214 passed in 12.80s")
    s.say("Renamed get_usr → get_user in 8 files; tests pass.")
    return ok(
        "blind4-healthy-rename-sweep-0",
        "Rename across eight files: grep, one Edit per file, re-grep, tests.",
        s,
        "Moving through many files with the same edit shape (gemini-cli #5873's false positive); each edit has a new target.",
    )


def browser_scroll_feed() -> dict[str, Any]:
    s = Session("blind4-h-scroll", "counter")
    s.user(
        "On the job board, find remote Rust positions posted this week. Scroll until you reach older posts."
    )
    s.call(
        "",
        "navigate",
        {"url": "https://jobs.example/search?q=rust&remote=1&sort=date"},
        "Results (sorted by date)\n[j1] Senior Rust Engineer — Ferrous Labs — 1 day ago\n[j2] Rust Backend Dev — Quanta — 1 day ago",
    )
    posts = [
        (
            "[j3] Embedded Rust — Voltik — 2 days ago\n[j4] Platform Engineer (Rust/Go) — Cloudnine — 2 days ago"
        ),
        ("[j5] Rust Compiler Engineer — Lumen — 3 days ago\n[j6] Blockchain Rust Dev — Hexa — 4 days ago"),
        ("[j7] Rust Tooling — DevBeam — 5 days ago"),
        ("[j8] Data Infra (Rust) — Streamly — 6 days ago\n[j9] Rust SRE — Orbit — 8 days ago"),
    ]
    for p in posts:
        s.call("", "scroll", {"direction": "down", "amount": "page"}, "Loaded more results:\n" + p)
    s.say(
        "8 remote Rust jobs this week: Ferrous Labs, Quanta, Voltik, Cloudnine, Lumen, Hexa, DevBeam, Streamly."
    )
    return ok(
        "blind4-healthy-browser-scroll-feed-0",
        "Four identical scroll calls, each loading new postings, stopping at an 8-day-old post.",
        s,
        "Identical arguments, new content every time (infinite scroll works like pagination with a server-side cursor).",
    )


def rereview_rounds() -> dict[str, Any]:
    s = Session("blind4-h-rereview", "fc")
    s.user("Get the PR #2219 reviewed by the reviewer agent and address its comments until it approves.")
    rounds = [
        (
            "Review PR #2219 (adds retry/backoff to the webhook sender). Focus on correctness and tests.",
            "CHANGES REQUESTED (4): 1) backoff has no upper bound; 2) jitter uses random.random without seed injection, hard to test; 3) no test for 410 Gone (should not retry); 4) logging leaks the signing secret.",
        ),
        (
            "Re-review PR #2219 after fixes: capped backoff at 60s, injected RNG, added test_410_not_retried, redacted the secret.",
            "CHANGES REQUESTED (1): the 60s cap is applied before jitter, so the max delay can reach 66s; apply the cap after jitter.",
        ),
        (
            "Re-review PR #2219: cap now applied after jitter; added test_max_delay_capped.",
            "APPROVED. Nice work; the retry policy is now bounded and tested.",
        ),
    ]
    for i, (b, r) in enumerate(rounds):
        if i:
            s.call(
                "Addressing the comments.",
                "apply_patch",
                {"pr": 2219, "patch_summary": b.split(": ", 1)[1]},
                "Patch applied; 2 files changed.",
            )
        s.call("", "run_subagent", {"agent": "reviewer", "task": b}, r)
    s.say("PR #2219 approved after two rounds of fixes.")
    return ok(
        "blind4-healthy-rereview-rounds-0",
        "Manager sends the same PR to a reviewer sub-agent three times, fixing comments in between; the reports shrink from 4 issues to 1 to approval.",
        s,
        "Re-delegation with progress: each brief reflects new fixes and each report is different (4 issues, 1 issue, approved).",
    )


def bash_rollout_poll() -> dict[str, Any]:
    s = Session("blind4-h-bash-poll", "anthropic")
    s.user("Deploy the new image tag v2.8.1 to staging and wait until all pods are ready.")
    s.call(
        "",
        "Bash",
        {"command": "kubectl -n staging set image deploy/api api=registry.example/api:v2.8.1"},
        "deployment.apps/api image updated",
    )
    pods = [
        "api-7f9c-abcde   0/1   ContainerCreating   0   5s\napi-6d21-xyz12   1/1   Running   0   3d",
        "api-7f9c-abcde   0/1   Running   0   35s\napi-6d21-xyz12   1/1   Running   0   3d",
        "api-7f9c-abcde   0/1   Running   0   65s\napi-6d21-xyz12   1/1   Running   0   3d",
        "api-7f9c-abcde   1/1   Running   0   95s\napi-7f9c-fghij   0/1   ContainerCreating   0   3s\napi-6d21-xyz12   1/1   Terminating   0   3d",
        "api-7f9c-abcde   1/1   Running   0   2m5s\napi-7f9c-fghij   1/1   Running   0   33s",
    ]
    for p in pods:
        s.call(
            "Waiting 30s and checking pods.",
            "Bash",
            {"command": "sleep 30 && kubectl -n staging get pods -l app=api --no-headers"},
            p,
        )
    s.say("v2.8.1 is rolled out on staging; both pods are Running and ready.")
    return ok(
        "blind4-healthy-bash-sleep-poll-rollout-0",
        "Five identical 'sleep 30 && kubectl get pods' commands with slowly changing output until ready.",
        s,
        "Polling through a shell with a sleep; identical commands, results change (ages, readiness) and it stops when ready.",
    )


def api_offset_pagination() -> dict[str, Any]:
    s = Session("blind4-h-offset", "gemini")
    s.user("Pull all 2024 audit-log entries for user u_5120 and summarise what they did.")
    actions = [
        ["login", "view_report", "export_csv"],
        ["login", "update_role", "view_report"],
        ["create_api_key", "login", "view_dashboard"],
        ["delete_api_key", "login"],
        ["login", "export_csv"],
    ]
    for i, acts in enumerate(actions):
        s.call(
            "Fetching the next batch.",
            "get_audit_log",
            {"user_id": "u_5120", "year": 2024, "offset": i * 200, "limit": 200},
            js(
                {
                    "offset": i * 200,
                    "returned": 200 if i < 4 else 61,
                    "top_actions": acts,
                    "next_offset": (i + 1) * 200 if i < 4 else None,
                }
            ),
        )
    s.say(
        "u_5120 had 861 audit events in 2024: mostly logins and report views/exports; one role update, and one API key created and later deleted."
    )
    return ok(
        "blind4-healthy-offset-pagination-same-narration-0",
        "Five offset pages of an audit log, each step narrated 'Fetching the next batch.'.",
        s,
        "Identical narration with advancing offset and new data until next_offset is null; restated intent with progress is not a narration loop.",
    )


def angry_customer_turns() -> dict[str, Any]:
    s = Session("blind4-h-angry", "openai")
    s.user("My refund for order 5521 still hasn't arrived. This is ridiculous.")
    s.call(
        "I'm sorry about the delay. Let me check the refund.",
        "get_refund",
        {"order_id": "5521"},
        js({"order_id": "5521", "refund_id": "rf_902", "status": "processing", "initiated": "2024-02-01"}),
    )
    s.say("I'm sorry for the wait. Your refund rf_902 was initiated on Feb 1 and is still processing.")
    s.user("It's been two weeks! Why is it still processing?")
    s.call(
        "I'm sorry. Let me check the payment provider's status.",
        "get_payment_status",
        {"refund_id": "rf_902"},
        js({"refund_id": "rf_902", "provider_status": "failed", "reason": "card_expired"}),
    )
    s.say(
        "I'm sorry — the refund failed because the card on file expired. I can reissue it as store credit or to a new card."
    )
    s.user("Ugh. Store credit then. And I want compensation.")
    s.call(
        "I'm sorry for the trouble. Reissuing as store credit.",
        "reissue_refund",
        {"refund_id": "rf_902", "method": "store_credit"},
        js({"status": "completed", "credit_eur": 84.9}),
    )
    s.call(
        "",
        "add_goodwill_credit",
        {"customer_order": "5521", "amount_eur": 10, "reason": "refund delay"},
        js({"status": "completed"}),
    )
    s.say(
        "I'm sorry again for the hassle. €84.90 store credit is on your account now, plus €10 goodwill credit."
    )
    return ok(
        "blind4-healthy-apologetic-multi-turn-0",
        "The assistant opens several turns with 'I'm sorry' while handling an angry customer; each turn answers a new user message with a new action.",
        s,
        "Repeated apologies across user turns are politeness, not restated intent; every step makes progress and each user message starts a new turn.",
    )


def todo_long_session() -> dict[str, Any]:
    s = Session("blind4-h-todo", "anthropic")
    s.user("Implement CSV import for contacts: parser, validation, dedupe, API endpoint, tests, docs.")
    tasks = ["parser", "validation", "dedupe", "endpoint", "tests", "docs"]

    def todos(done: int, active: int | None) -> dict[str, Any]:
        return {
            "todos": [
                {
                    "content": t,
                    "status": "completed" if i < done else ("in_progress" if i == active else "pending"),
                    "activeForm": f"Working on {t}",
                }
                for i, t in enumerate(tasks)
            ]
        }

    s.call(
        "",
        "TodoWrite",
        todos(0, 0),
        "Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress.",
    )
    work = {
        "parser": [
            (
                "Write",
                {"file_path": "/app/contacts/csv_parser.py", "content": "import csv\n..."},
                "File created successfully at: /app/contacts/csv_parser.py",
            )
        ],
        "validation": [
            (
                "Edit",
                {
                    "file_path": "/app/contacts/csv_parser.py",
                    "old_string": "...",
                    "new_string": "def validate(row): ...",
                },
                "The file /app/contacts/csv_parser.py has been updated.",
            ),
            ("Bash", {"command": "python -c 'import contacts.csv_parser'"}, ""),
        ],
        "dedupe": [
            (
                "Write",
                {"file_path": "/app/contacts/dedupe.py", "content": "def dedupe(rows): ..."},
                "File created successfully at: /app/contacts/dedupe.py",
            )
        ],
        "endpoint": [
            ("Read", {"file_path": "/app/contacts/api.py"}, "     1→router = APIRouter()\n"),
            (
                "Edit",
                {
                    "file_path": "/app/contacts/api.py",
                    "old_string": "router = APIRouter()\n",
                    "new_string": "router = APIRouter()\n\n@router.post('/contacts/import')\nasync def import_csv(file: UploadFile): ...\n",
                },
                "The file /app/contacts/api.py has been updated.",
            ),
        ],
        "tests": [
            (
                "Write",
                {
                    "file_path": "/app/tests/test_import.py",
                    "content": "def test_import_ok(): ...\ndef test_import_invalid_email(): ...\ndef test_import_dedupes(): ...",
                },
                "File created successfully at: /app/tests/test_import.py",
            ),
            (
                "Bash",
                {"command": "pytest -q tests/test_import.py"},
                "F..\nFAILED test_import_ok - KeyError: 'phone'\n1 failed, 2 passed",
            ),
            (
                "Edit",
                {
                    "file_path": "/app/contacts/csv_parser.py",
                    "old_string": "row['phone']",
                    "new_string": "row.get('phone')",
                },
                "The file /app/contacts/csv_parser.py has been updated.",
            ),
            ("Bash", {"command": "pytest -q tests/test_import.py"}, "...\n3 passed"),
        ],
        "docs": [
            (
                "Edit",
                {
                    "file_path": "/app/docs/contacts.md",
                    "old_string": "## Export",
                    "new_string": "## Import (CSV)\n\nPOST /contacts/import ...\n\n## Export",
                },
                "The file /app/docs/contacts.md has been updated.",
            )
        ],
    }
    for i, t in enumerate(tasks):
        for name, args, out in work[t]:
            s.call("", name, args, out, "FAILED" in out)
        s.call(
            "",
            "TodoWrite",
            todos(i + 1, i + 1 if i + 1 < len(tasks) else None),
            "Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress.",
        )
    s.say(
        "CSV import done: parser with validation, dedupe, POST /contacts/import, 3 tests passing, docs updated."
    )
    return ok(
        "blind4-healthy-todo-tracked-session-0",
        "Claude-Code-style session: TodoWrite called seven times with nearly identical lists (only statuses move) and identical results, between real work.",
        s,
        "TodoWrite's arguments and results look repetitive, but statuses advance and real edits happen between updates (the task_progress metadata trap, T12).",
    )


def sectioned_document() -> dict[str, Any]:
    s = Session("blind4-h-sections", "openai")
    s.user(
        "Draft an incident postmortem for the 2024-06-11 payment outage. Write it section by section so I can review as you go."
    )
    secs = [
        "## Summary\nBetween 14:02 and 14:49 UTC, 38% of card payments failed because the tokenization service exhausted its connection pool after a config change.",
        "## Impact\n- 11,930 failed payment attempts\n- est. €412k delayed GMV, ~€36k lost\n- 214 support tickets",
        "## Timeline\n- 13:58 config change PR #8812 deployed (pool size 200→20)\n- 14:02 error rate alarms\n- 14:21 incident declared\n- 14:44 rollback\n- 14:49 recovery confirmed",
        "## Root cause\nA typo in PR #8812 reduced max_pool_size tenfold; load testing did not cover the tokenization path.",
        "## Action items\n1. Validate pool-size ranges in config schema (owner: platform)\n2. Add tokenization to the load test suite (owner: payments)\n3. Page on pool saturation > 80% (owner: SRE)",
    ]
    for i, sec in enumerate(secs):
        s.say(
            sec
            + (
                "\n\nShall I continue with the next section?"
                if i < len(secs) - 1
                else "\n\nThat completes the draft."
            )
        )
        if i < len(secs) - 1:
            s.user(["Good, continue.", "Continue.", "ok next", "Continue please."][i])
    return ok(
        "blind4-healthy-sectioned-postmortem-0",
        "Assistant writes a postmortem section by section, each reply ending 'Shall I continue with the next section?'.",
        s,
        "Repeated closing line across user turns, but every reply has new content; not a monologue or a narration loop.",
    )


def flaky_network_fetches() -> dict[str, Any]:
    s = Session("blind4-h-mixed", "fc")
    s.user(
        "Collect the README of each of these repos and list which ones mention a CLA: alpha, beta, gamma, delta, epsilon."
    )
    res = {
        "alpha": ("Contributions welcome! Please sign our CLA before opening a PR.", False),
        "beta": ("timeout after 10s", True),
        "gamma": ("# gamma\nApache-2.0. No CLA required.", False),
        "delta": ("# delta\nSee CONTRIBUTING.md; DCO sign-off required.", False),
        "epsilon": ("# epsilon\nBy contributing you agree to the Contributor License Agreement.", False),
    }
    for r, (out, err) in res.items():
        s.call("", "fetch_url", {"url": f"https://git.example/{r}/raw/main/README.md"}, out, err)
    s.call(
        "beta timed out; retrying it once.",
        "fetch_url",
        {"url": "https://git.example/beta/raw/main/README.md"},
        "# beta\nMIT. Contributions via PR; no CLA.",
    )
    s.say("CLA mentioned: alpha, epsilon. No CLA: beta, gamma, delta (delta uses DCO).")
    return ok(
        "blind4-healthy-fetch-fanout-one-retry-0",
        "Five README fetches over five repos with one timeout, retried once successfully.",
        s,
        "Fan-out with a single transient failure and a single retry; nothing repeats fruitlessly.",
    )
