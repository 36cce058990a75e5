"""Builders for near-duplicate results: search listings, sub-agent reports, boilerplate writes.

Shared by the novelty and same-tool tests. Content is generated from word lists, so each
listing is long enough to be sketched (``OVERLAP_MIN_WORDS``) and varies the way real ones do.
"""

from __future__ import annotations

PAGES = tuple(
    (f"{topic} season four test results and analysis", f"https://{site}.example/{slug}")
    for topic, site, slug in (
        ("Cricket Australia", "espn", "aus-season-4"),
        ("Ashes series", "bbc", "ashes-review"),
        ("Test match", "guardian", "test-match-report"),
        ("Australia England", "cricinfo", "eng-aus-scorecard"),
        ("Season four", "wisden", "season-four-stats"),
    )
)
SNIPPETS = (
    "the final day ended with a dramatic collapse of the middle order",
    "bowlers dominated on a green pitch while rain shortened the second session",
    "a century from the captain set up a comfortable declaration before tea",
    "records fell as the openers put on the highest stand of the summer",
    "the visitors drew level in the series after a tense run chase",
)


def listing(order: tuple[int, ...], snippet_shift: int) -> str:
    """Search results for ``PAGES`` in ``order``, each with another snippet per ``snippet_shift``."""
    lines = []
    for rank, page in enumerate(order, 1):
        title, url = PAGES[page]
        snippet = SNIPPETS[(page + snippet_shift) % len(SNIPPETS)]
        lines.append(f"{rank}. [{title}]({url})\n{snippet}")
    return "\n\n".join(lines)


FRESH_TOPICS = (
    "volcanic soil chemistry in iceland highlands and its effect on moss growth",
    "medieval trade routes between venice and alexandria during the spice boom",
    "the history of the slide rule among engineers in the early twentieth century",
    "migratory patterns of arctic terns tracked with miniature geolocators",
    "deep sea hydrothermal vents hosting tubeworm colonies near the galapagos rift",
    "early printing presses in mainz and the spread of movable type across europe",
)


def fresh_listing(i: int) -> str:
    """Results of a genuinely new search: pages and words not seen before."""
    topic = FRESH_TOPICS[i % len(FRESH_TOPICS)]
    return "\n".join(f"{rank}. {topic} part {rank} overview and sources volume {i}" for rank in range(1, 6))


def write_acknowledgement(path: str, body: str) -> str:
    """A write tool's answer: the file saved, echoed, wrapped in the same long instructions."""
    return (
        f"The content was successfully saved to {path}.\n\nHere is the full, updated content of the file "
        f"that was saved:\n\n{body}\n\nIMPORTANT: For any future changes to this file, use the content "
        "shown above as your reference. This content reflects the current state of the file, including "
        "any auto-formatting. Base all further edits on this version to ensure accuracy."
    )


# A manager's briefs for one research task, long and reworded each time (a sub-agent's task of
# several sentences has no frame), and its sub-agent's reports restating one partial answer.
LONG_BRIEFS = (
    "Research task: find the total 2019 revenue reported by Acme Robotics.\n"
    "- Look at annual reports, press releases and reputable financial news.\n"
    "- Report the figure with the exact source and a quote.",
    "Please research again, more thoroughly this time. We need the 2019 revenue of Acme Robotics "
    "for the fiscal year. Check filings, the investor relations page and news coverage, and give "
    "the number with a direct quote from the source.",
    "One more attempt: determine the fiscal 2019 revenue of Acme Robotics. Prior searches were "
    "inconclusive, so try other sources such as company blog posts or interviews with executives, "
    "and cite any figure you find.",
    "Final try. Search different databases and archived versions of the company site for the "
    "revenue Acme Robotics made in 2019, and report it with its source or explain why none exists.",
)
RESTATED_REPORTS = (
    "In 2019 Acme Robotics made roughly $42 million, according to an interview of CEO Dana Lee "
    "in Robotics Business Review. No audited figure exists since the company is private.\n"
    "Source: https://roboticsbusinessreview.com/acme-ceo-interview",
    "The best available figure is about $42M for 2019, stated by CEO Dana Lee to Robotics Business "
    "Review. Acme Robotics is privately held and files no statements.\n"
    "https://roboticsbusinessreview.com/acme-ceo-interview",
    "Per an interview (Robotics Business Review), CEO Dana Lee put the 2019 revenue of Acme Robotics "
    "at approximately 42 million dollars. This is not audited.\n"
    "https://roboticsbusinessreview.com/acme-ceo-interview",
    "Approximately $42 million in 2019, per the statement of Dana Lee, the CEO of Acme Robotics, to "
    "Robotics Business Review; no filings confirm it.\n"
    "https://roboticsbusinessreview.com/acme-ceo-interview",
)
# A segment figure asked for again and again in other words (a manager re-delegating), and the
# reports: the same figures (the amount in other units, the year, the note and page) cited with
# other names each time ("Form 10-K", "the filing", "Europe").
SEGMENT_BRIEFS = (
    "Find Halvard Industrial's fiscal 2023 revenue for its EU segment, with the source page.",
    "Research Halvard Industrial's FY2023 revenue attributable to the EU segment and cite the filing.",
    "Determine the EU segment revenue of Halvard Industrial for fiscal 2023 from its annual report.",
    "Halvard Industrial 2023: EU segment revenue, with a citation.",
)
SAME_FIGURES_REPORTS = (
    "Halvard reports Americas, EMEA and APAC segments; EMEA revenue was $1.84B in FY2023 (annual "
    "report, Note 17, p. 94). No EU-only figure.",
    "Findings: segments are Americas / EMEA / Asia-Pacific. EMEA made $1,842 million in 2023. "
    "Citation: Form 10-K, Note 17, page 94.",
    "Result: there is no European Union breakdown. The geographic segment EMEA had 1.842bn dollars "
    "in fiscal 2023 (Note 17, p. 94 of the filing).",
    "The closest figure is EMEA at $1.84 billion for 2023 per the annual filing, Note 17; the "
    "investor deck names Europe without numbers.",
)
