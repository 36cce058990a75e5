"""Convert the transcripts behind ``corpus/real-wild/`` into scenarios (``SCHEMA.md``) and label them.

Run from the repository root (stdlib only, no network)::

    python3 corpus/convert_real_wild.py                      # sources: corpus/real-wild/sources/
    python3 corpus/convert_real_wild.py --sources DIR        # the original files, named as in SOURCES below

Three harness log formats are read:

* ``tau-bench``: a record of tau-bench's ``historical_trajectories/*.json`` (a list of
  ``{"task_id", "trial", "reward", "traj": [messages]}``); ``traj`` is an OpenAI chat transcript. The system
  message (the airline policy) is left out; an assistant message's ``tool_calls`` are its calls; a ``tool``
  message is the result of the call it names, failed when it starts with ``Error`` (the environment's only
  failure form). tau-bench reuses a call id within one run (the model echoes an earlier id), so a repeated
  id gets a ``#<n>`` suffix: every call keeps its own result.
* ``smolagents``: a smolagents benchmark record, read by ``convert_real_more.smolagents_events``. The
  harness's closing ``Reached max steps`` response answers no call: it is dropped and recorded as
  ``meta.exit`` instead.
* ``openhands``: an OpenHands event list, read by ``convert_real_more.openhands_events``.

A source is picked out of its file by ``select``: the record whose fields equal those given (a whole
list or JSON Lines file is searched, so the same entry reads the original file or the transcribed
extract). ``corpus/real-wild/sources/`` holds what was transcribed through the project's read-only file
index: the fields the converter reads, kept verbatim, the system prompt left out and long tool outputs
shortened where marked ``[... shortened in transcription ...]``. Every label was set by reading the
transcript step by step; the ``notes`` say what repeats and why the onset is where it is.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from convert_real_more import openhands_events, read_rows, result, smolagents_events, step, user

Json = dict[str, Any]

HERE = Path(__file__).resolve().parent
SET_DIR = HERE / "real-wild"
SOURCES_DIR = SET_DIR / "sources"
ERROR_PREFIX = "Error"  # tau-bench tools answer a failed call with "Error: ..."
MAX_STEPS_MARK = "Error:\nReached max steps."  # smolagents' answer when the step budget is spent


@dataclass(frozen=True)
class Source:
    """One converted transcript: where it comes from and its label."""

    id: str
    extract: str  # file name in SOURCES_DIR (or the original file's name under --sources)
    fmt: str  # "tau-bench" | "smolagents" | "openhands"
    origin: str  # owner/repo/path@commit (+ #<selector> for one record of a file)
    select: Json  # fields that single out the record in its file ({} for a one-run file)
    description: str
    loop: bool
    kinds: tuple[str, ...]
    onset: int | None
    notes: str
    meta: Json


# --------------------------------------------------------------------------------------------
# Parsers
# --------------------------------------------------------------------------------------------


def tau_bench_events(record: Json) -> list[Json]:
    """Events of one tau-bench trajectory (see the module docstring)."""
    events: list[Json] = []
    seen: dict[str, int] = {}
    renamed: dict[str, str] = {}
    for message in record["traj"]:
        role = message["role"]
        if role == "user":
            events.append(user(message["content"]))
        elif role == "assistant":
            calls = []
            for raw in message.get("tool_calls") or []:
                call_id = _unique(raw["id"], seen)
                renamed[raw["id"]] = call_id
                function = raw["function"]
                calls.append((call_id, function["name"], json.loads(function["arguments"])))
            events.append(step(message["content"] or "", calls))
        elif role == "tool":
            content = message["content"]
            events.append(
                result(
                    renamed[message["tool_call_id"]],
                    message["name"],
                    content,
                    content.startswith(ERROR_PREFIX),
                )
            )
    return events


def _unique(call_id: str, seen: dict[str, int]) -> str:
    """``call_id``, or ``call_id#n`` for its n-th reuse in the run."""
    count = seen.get(call_id, 0)
    seen[call_id] = count + 1
    return call_id if count == 0 else f"{call_id}#{count}"


def smolagents_run_events(record: Json) -> list[Json]:
    """Events of a smolagents record without the harness's closing max-steps response."""
    steps = [m for m in record["intermediate_steps"] if not _is_max_steps(m)]
    return smolagents_events({**record, "intermediate_steps": steps})


def _is_max_steps(message: Json) -> bool:
    return message["role"] == "tool-response" and any(
        part.get("text", "").startswith(MAX_STEPS_MARK) for part in message["content"]
    )


def smolagents_exit(record: Json) -> Json:
    """``{"exit": "max_steps"}`` when the harness stopped the run, else ``{"exit": "answered"}``."""
    spent = any(_is_max_steps(m) for m in record["intermediate_steps"])
    return {"exit": "max_steps" if spent else "answered"}


PARSERS: dict[str, Callable[[Any], list[Json]]] = {
    "tau-bench": tau_bench_events,
    "smolagents": smolagents_run_events,
    "openhands": openhands_events,
}


# --------------------------------------------------------------------------------------------
# Sources and labels
# --------------------------------------------------------------------------------------------

TAU = (
    "sierra-research/tau-bench/historical_trajectories/gpt-4o-airline.json"
    "@7362a1708d720a4d697d042f21fd8637ea144c3b"
)
TAU_EXTRACT = "tau-bench-gpt-4o-airline.jsonl"
TAU_META: Json = {
    "agent": "tau-bench tool-calling agent (historical trajectories)",
    "model": "gpt-4o",
    "benchmark": "tau-bench airline",
    "user_simulator": "gpt-4o",
}
SMOL = "huggingface/smolagents/examples/smolagents_benchmark/output/gpt-4o__code__gaia__2025-07-24.jsonl"
SMOL_COMMIT = "c37c58781f2c6d0f6d9ec0e3e3971c7811551572"
SMOL_META: Json = {
    "agent": "smolagents CodeAgent (smolagents_benchmark, 2025-07-24)",
    "model": "gpt-4o",
    "benchmark": "GAIA",
}
HEALTHY: tuple[str, ...] = ("none",)


def tau(
    task: int | None,
    trial: int,
    slug: str,
    description: str,
    notes: str,
    *,
    user_id: str = "",
    loop: bool = False,
    kinds: tuple[str, ...] = HEALTHY,
    onset: int | None = None,
) -> Source:
    """A tau-bench run, singled out by task and trial (or by user when its task id was not read)."""
    select: Json = (
        {"task_id": task, "trial": trial} if task is not None else {"user_id": user_id, "trial": trial}
    )
    key = f"task_id={task}" if task is not None else f"user={user_id}"
    label = f"t{task:02d}" if task is not None else user_id.split("_")[0]
    return Source(
        f"tau-bench-gpt4o-airline-{label}-trial{trial}-{slug}",
        TAU_EXTRACT,
        "tau-bench",
        f"{TAU}#{key},trial={trial}",
        select,
        description,
        loop,
        kinds,
        onset,
        notes,
        TAU_META,
    )


SOURCES: tuple[Source, ...] = (
    tau(
        0,
        0,
        "book-after-price-error",
        "tau-bench agent (gpt-4o) books a one-stop JFK-SEA flight; the first booking fails on the price, "
        "the agent "
        "recomputes and books.",
        "15 steps: asks, looks the user up, searches direct then one-stop flights, computes, books (fails: "
        "total "
        "305 not 255), thinks, recomputes, books. One failure, diagnosed and fixed: healthy.",
    ),
    tau(
        1,
        0,
        "no-reservation-id",
        "tau-bench agent (gpt-4o): the user does not know the reservation id; the agent asks for it twice "
        "and "
        "closes politely.",
        "5 text-only steps, each answering a new user turn; the agent restates that it needs the "
        "reservation id "
        "(steps 2 and 4) because the user keeps not having it, and the run ends. User-driven, no tool "
        "repeats: "
        "healthy.",
    ),
    tau(
        1,
        3,
        "asks-for-reservation-id-each-turn",
        "tau-bench agent (gpt-4o): the user never has the reservation id; over seven text-only turns the "
        "agent "
        "asks for it, says goodbye twice and asks for it again.",
        "7 text-only steps, each answering a new user message; steps 1, 2, 5, 6 and 7 say that the "
        "reservation "
        "id is needed (the agent never looks the user up), steps 3-4 are goodbyes the user keeps reopening. "
        "The repetition is driven by the user's turns and the run ends on its own: healthy, a hard negative "
        "for narration rules.",
    ),
    tau(
        5,
        0,
        "upgrade-after-wrong-reservation",
        "tau-bench agent (gpt-4o) looks up the wrong reservation first, then two more, upgrades the cabin "
        "and "
        "closes.",
        "Profile lookup, three lookups of different reservations (the user first names the wrong one), "
        "think, "
        "one update. Nothing repeats: healthy.",
    ),
    tau(
        2,
        0,
        "downgrade-two-of-five",
        "tau-bench agent (gpt-4o) downgrades business reservations: one profile lookup, three reservation "
        "lookups, two updates, a sum.",
        "Lookups of three different reservations (a fan-out over the profile's list, stopped early: the task "
        "fails), two updates with different arguments, one calculation. Nothing repeats: healthy.",
    ),
    tau(
        3,
        0,
        "payment-retries-then-card",
        "tau-bench agent (gpt-4o) changes a return flight: seven reservation lookups, a search, then five "
        "rejected payment attempts with different payment methods before the credit card works.",
        "Steps 4-10 look up seven different reservations (fan-out). The update then fails five times: no "
        "seats "
        "in economy (step 20), gift card too small (22), and after the user names two gift cards, both too "
        "small (25, 26) and a certificate not allowed (27); each attempt changes the cabin or the payment "
        "method "
        "(three of them the user asked for), the agent reports back and the card payment succeeds (29). A "
        "sweep over alternatives that ends in success, not a repetition: healthy (a hard negative for "
        "error-streak rules).",
    ),
    tau(
        0,
        3,
        "rebook-on-certificate-errors",
        "tau-bench agent (gpt-4o) books, rebooks twice on the user's payment wishes, hits 'payment method "
        "not "
        "found' three times and books a third reservation.",
        "book_reservation is called seven times: price error (8), success (10), certificate not found (12, "
        "13: two different certificates), success (15), then after cancelling (18) the same certificate "
        "booking "
        "as step 12 fails identically (19), and the card booking succeeds (21). The identical failing call "
        "occurs twice, never three times, and no three fruitless steps follow each other; the user drives "
        "each "
        "rebooking. Wasteful (it leaves a duplicate booking) but not a loop by this corpus's rules: "
        "healthy, a "
        "hard negative.",
    ),
    tau(
        4,
        0,
        "upgrade-then-transfer",
        "tau-bench agent (gpt-4o): three reservation lookups, an upgrade, refuses to change the passenger "
        "twice, "
        "transfers to a human.",
        "Different lookups (fan-out), one update, two refusals to two user insistences, transfer. Nothing "
        "repeats without a new user turn: healthy.",
    ),
    tau(
        31,
        3,
        "cancel-other-flight",
        "tau-bench agent (gpt-4o) finds the ATL-JFK reservation among five, refuses to cancel it, cancels "
        "the "
        "other May 17 flight.",
        "Reservation lookups with five different ids, refusals answering the user's insistence, one "
        "cancellation: healthy.",
    ),
    tau(
        32,
        3,
        "book-two-passengers",
        "tau-bench agent (gpt-4o) books one flight for two passengers after a user lookup and one search.",
        "Lookup, search, think, confirmation, booking: healthy.",
    ),
    tau(
        33,
        3,
        "cancel-long-then-upgrade",
        "tau-bench agent (gpt-4o) reads five reservations, cancels the long-haul one, searches four routes "
        "and "
        "upgrades one reservation.",
        "Five lookups with different ids and four searches with different routes or dates (sweeps with "
        "changing arguments), one cancellation, one update: healthy.",
    ),
    tau(
        None,
        2,
        "cancel-by-lookup",
        "tau-bench agent (gpt-4o) looks a user up and cancels a business reservation.",
        "Lookup, reservation lookup, confirmation, cancellation: healthy. (Its task id precedes the part "
        "that "
        "was read; the record is singled out by user and trial.)",
        user_id="raj_sanchez_7340",
    ),
    tau(
        48,
        2,
        "basic-economy-transfer",
        "tau-bench agent (gpt-4o): a basic-economy change is refused and the user is transferred.",
        "One lookup, two refusals, one transfer: healthy.",
    ),
    tau(
        49,
        2,
        "insurance-claim-transfer",
        "tau-bench agent (gpt-4o) checks a reservation, the profile and an earlier reservation, then "
        "transfers.",
        "Three different lookups answering the user's claims, then a transfer: healthy.",
    ),
    Source(
        "smolagents-codeagent-gpt4o-gaia-revisits-same-page-max-steps",
        "smolagents-code-gaia-gpt4o-equine.jsonl",
        "smolagents",
        f"{SMOL}@{SMOL_COMMIT}#question=What is the surname of the equine veterinarian",
        {"true_answer": "Louvrier"},
        "smolagents CodeAgent (gpt-4o, GAIA): finds the right page at step 4, then fetches and prints the "
        "same "
        "page again and again (steps 5, 7, 8, 10), once answering in prose, until the step budget runs out.",
        True,
        ("same_tool",),
        8,
        "Steps 1-4 search (different queries) and find the 1.E Exercises URL. Step 5 visits it and prints "
        "the "
        "navigation header; step 6 finds no 'equine veterinarian' in it; step 7 prints the same content "
        "again "
        "(the same header); step 8 visits the same URL a second time (the third read of the same page) and "
        "prints it whole (the answer, Louvrier, is in it, unnoticed); step 9 answers in prose (a parse "
        "error); "
        "step 10 visits the same URL a third time ('Revisit the previously found relevant link') and the "
        "harness stops the run (max steps). No progress after step 5: onset 8, the third read of the same "
        "page "
        "with the same header, where a guard may fire.",
        SMOL_META,
    ),
    Source(
        "smolagents-codeagent-gpt4o-gaia-two-searches-answer",
        "smolagents-code-gaia-gpt4o-rooster.jsonl",
        "smolagents",
        f"{SMOL}@{SMOL_COMMIT}#question=Who composed the song that was performed by a rooster",
        {"true_answer": "Roger Miller"},
        "smolagents CodeAgent (gpt-4o, GAIA): two different web searches, then the final answer.",
        False,
        HEALTHY,
        None,
        "Search, a second search with a refined query, final_answer: healthy.",
        SMOL_META,
    ),
    Source(
        "openhands-codeact-claude35-create-file-finish",
        "openhands-trajs-basic.jsonl",
        "openhands",
        "All-Hands-AI/OpenHands/tests/runtime/trajs/basic.json@dad59de570b5c1b5973c3b22265736b308e4c27f",
        {},
        "OpenHands CodeAct (claude-3-5-sonnet): creates a 2048 game file in one edit, then finishes.",
        False,
        HEALTHY,
        None,
        "One file creation and a finish message: healthy.",
        {"agent": "OpenHands CodeActAgent (runtime test trajectory)", "model": "claude-3-5-sonnet-20241022"},
    ),
)


# --------------------------------------------------------------------------------------------
# Conversion
# --------------------------------------------------------------------------------------------


def pick(rows: list[Any], select: Json) -> Any:
    """The one row whose fields equal ``select`` (all rows, as a list, for an empty ``select``)."""
    if not select:
        return rows
    found = [row for row in rows if all(row.get(key) == value for key, value in select.items())]
    if len(found) != 1:
        raise ValueError(f"{len(found)} records match {select}")
    return found[0]


def convert(source: Source, sources_dir: Path) -> Json:
    raw = pick(list(read_rows(sources_dir / source.extract)), source.select)
    events = PARSERS[source.fmt](raw)
    steps = sum(1 for e in events if e.get("role") == "assistant")
    outcome = smolagents_exit(raw) if source.fmt == "smolagents" else {}
    _, _, rest = source.origin.partition("@")
    return {
        "id": source.id,
        "source": source.origin,
        "description": source.description,
        "label": {
            "loop": source.loop,
            "kinds": list(source.kinds),
            "onset_step": source.onset,
            "notes": source.notes,
        },
        "meta": {
            **source.meta,
            **outcome,
            "source_commit": rest.split("#")[0],
            "steps": steps,
            "format": source.fmt,
        },
        "events": events,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sources", type=Path, default=SOURCES_DIR)
    parser.add_argument("--out", type=Path, default=SET_DIR)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for source in SOURCES:
        scenario = convert(source, args.sources)
        text = json.dumps(scenario, indent=1, ensure_ascii=False) + "\n"
        (args.out / f"{source.id}.json").write_text(text, encoding="utf-8")
    loops = sum(1 for s in SOURCES if s.loop)
    print(f"wrote {len(SOURCES)} scenarios ({loops} loops, {len(SOURCES) - loops} healthy) to {args.out}")


if __name__ == "__main__":
    main()
