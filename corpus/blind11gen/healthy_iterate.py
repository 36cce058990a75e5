"""Healthy: test re-runs after edits, artifact iteration, re-checks that show change."""

from __future__ import annotations

from .builder import Trace


def testgen_edit_rerun(t: Trace) -> None:
    t.meta("test-generation agent", "Claude Code", ids="anthropic")
    t.user("Write tests for utils/slug.py and make sure they pass.")
    t.call(
        "Read",
        {"file_path": "utils/slug.py"},
        "def slugify(s):\n    return re.sub(r'[^a-z0-9]+', '-', s.lower())\n",
    )
    t.call(
        "Write",
        {"file_path": "tests/test_slug.py", "content": "def test_basic(): ...\ndef test_trailing(): ..."},
        "File created",
    )
    runs = [
        "FAILED tests/test_slug.py::test_trailing - assert 'hello-' == 'hello'\n1 failed, 1 passed",
        "FAILED tests/test_slug.py::test_unicode - assert 'caf-' == 'cafe'\n1 failed, 2 passed",
        "3 passed in 0.08s",
    ]
    edits = [
        ("utils/slug.py", "return re.sub", "return re.sub(...).strip('-')  # "),
        (
            "utils/slug.py",
            "s.lower()",
            "unicodedata.normalize('NFKD', s).encode('ascii','ignore').decode().lower()",
        ),
    ]
    for i, out in enumerate(runs):
        t.call("Bash", {"command": "pytest tests/test_slug.py -q"}, out, text="Running the tests.")
        if i < len(edits):
            p, old, new = edits[i]
            t.call(
                "Edit",
                {"file_path": p, "old_string": old, "new_string": new},
                "Edited",
                text="Fixing the bug.",
            )
    t.say("Tests pass: trailing dashes are stripped and accents are transliterated.")
    t.healthy(
        "Test-gen agent re-runs the same test command after each fix.",
        "Identical runs counted from the last edit.",
    )


def copy_critic_iterations(t: Trace) -> None:
    t.meta("marketing copy agent with a critic", "CrewAI", ids="bedrock")
    t.user("Write a 90-character push notification for the autumn sale and get brand approval.")
    drafts = [
        (
            "Autumn Sale!!! Everything must go, huge discounts, shop now before it's gone!!!",
            "Too shouty; no % figure.",
        ),
        ("Autumn sale: up to 40% off knitwear and boots. Shop now.", "Good; mention it ends Sunday."),
        ("Autumn sale: up to 40% off knitwear and boots — ends Sunday.", "APPROVED"),
    ]
    for d, verdict in drafts:
        t.call(
            "brand_review",
            {"text": d, "channel": "push"},
            {"verdict": verdict},
            text="Sending draft for review.",
        )
    t.call("cms_publish_push", {"text": drafts[-1][0], "segment": "all-opted-in"}, {"scheduled": True})
    t.say("Approved and scheduled: 'Autumn sale: up to 40% off knitwear and boots — ends Sunday.'")
    t.healthy(
        "Copy agent iterates a draft through a critic, each draft different.", "Artifact iteration; healthy."
    )


def migration_fix_rerun(t: Trace) -> None:
    t.meta("dependency migration agent", "OpenHands SDK", ids="plain")
    t.user("Upgrade Django 4.2 → 5.1 in services/portal and keep the tests green.")
    t.call("edit_file", {"path": "requirements.txt", "old": "Django==4.2.16", "new": "Django==5.1.3"}, "ok")
    outs = [
        "ImportError: cannot import name 'index_together'... 4 errors",
        "2 failed (pytz usage), 310 passed",
        "312 passed",
    ]
    fixes = [
        {"path": "portal/models.py", "old": "index_together", "new": "indexes"},
        {"path": "portal/utils/tz.py", "old": "import pytz", "new": "from zoneinfo import ZoneInfo"},
    ]
    for i, o in enumerate(outs):
        t.call("run", {"cmd": "pytest -q services/portal"}, o, text="Running the test suite.")
        if i < 2:
            t.call("edit_file", fixes[i], "ok", text="Fixing the incompatibility.")
    t.say("Django 5.1.3 upgrade done; 312 tests pass.")
    t.healthy(
        "Migration agent upgrades and fixes breakages between test runs.", "Re-runs after edits; progress."
    )


def review_suggestion_iteration(t: Trace) -> None:
    t.meta("code-review bot on pull requests", "goose", ids="plain")
    t.user("Address reviewer comments on PR #552 and push.")
    comments = ["rename `tmp` to `buffer`", "handle empty list in `merge_ranges`", "add a docstring"]
    for cmt in comments:
        t.call(
            "apply_patch",
            {"pr": 552, "comment": cmt},
            {"applied": True, "files": 1},
            text=f"Addressing: {cmt}",
        )
        t.call("run_tests", {"pr": 552}, {"passed": 88 + comments.index(cmt), "failed": 0})
    t.call("git_push", {"branch": "feat/ranges"}, "pushed 3 commits")
    t.say("Addressed all three comments and pushed.")
    t.healthy("Review bot patches, re-tests and pushes.", "Different patches, passing counts grow; healthy.")


def dq_expectation_fix_rerun(t: Trace) -> None:
    t.meta("data-quality agent on a warehouse", "PydanticAI", ids="plain")
    t.user("The 'customers' suite fails. Fix the expectations that are wrong (not the data) and rerun.")
    t.call(
        "run_suite", {"suite": "customers"}, {"success": False, "failed": ["email_regex", "country_in_set"]}
    )
    t.call(
        "update_expectation",
        {"suite": "customers", "name": "email_regex", "regex": r"^[^@\s]+@[^@\s]+$"},
        "ok",
    )
    t.call("run_suite", {"suite": "customers"}, {"success": False, "failed": ["country_in_set"]})
    t.call("update_expectation", {"suite": "customers", "name": "country_in_set", "add_values": ["XK"]}, "ok")
    t.call("run_suite", {"suite": "customers"}, {"success": True, "failed": []})
    t.say("Both expectations fixed (email regex, Kosovo country code); the suite passes.")
    t.healthy(
        "Data-quality agent fixes one expectation at a time and reruns.", "Re-runs after edits with progress."
    )


def cms_translation_validation_fr(t: Trace) -> None:
    t.meta("agent de rédaction marketing (CMS headless)", "Mastra", ids="openai", language="fr")
    t.user("Traduis la page 'tarifs' en français et publie-la une fois validée.")
    t.call("cms_get_entry", {"entry_id": "pricing", "locale": "en-US"}, {"title": "Pricing", "blocks": 6})
    t.call(
        "cms_upsert_locale",
        {"entry_id": "pricing", "locale": "fr-FR", "title": "Tarifs", "blocks": "…"},
        {"statut": "brouillon", "validation": ["bloc 4 : texte trop long pour le bouton (32 > 24)"]},
    )
    t.call(
        "cms_upsert_locale",
        {"entry_id": "pricing", "locale": "fr-FR", "patch": {"block4.cta": "Essai gratuit"}},
        {"statut": "brouillon", "validation": []},
        text="Je raccourcis le bouton.",
    )
    t.call("cms_publish", {"entry_id": "pricing", "locale": "fr-FR"}, {"statut": "publié"})
    t.say("La page Tarifs est publiée en français.")
    t.healthy(
        "CMS agent fixes a validation issue and publishes.", "One correction, different payloads; healthy."
    )


def underwriting_requote(t: Trace) -> None:
    t.meta("insurance underwriting assistant", "Semantic Kernel", ids="plain")
    t.user("The broker wants options: quote with deductibles of 5k, 10k and 25k for submission SUB-30977.")
    for ded, prem in [(5000, 18400), (10000, 16150), (25000, 13020)]:
        t.call(
            "rate_property_quote",
            {"submission": "SUB-30977", "deductible_usd": ded},
            {"premium_usd": prem, "deductible_usd": ded},
            text=f"Quoting with {ded} deductible.",
        )
    t.say("Premiums: $18,400 (5k), $16,150 (10k), $13,020 (25k).")
    t.healthy(
        "Underwriter re-rates with three deductibles.", "Same tool, different inputs, different premiums."
    )


SCENARIOS = [
    testgen_edit_rerun,
    copy_critic_iterations,
    migration_fix_rerun,
    review_suggestion_iteration,
    dq_expectation_fix_rerun,
    cms_translation_validation_fr,
    underwriting_requote,
]
