"""Canonical forms and stable fingerprints of tool arguments and tool results.

Why: two calls are "the same" when a model would consider them the same. Argument key order is
noise (`{"a":1,"b":2}` vs `{"b":2,"a":1}`), and so are timestamps, UUIDs, hex ids, durations,
PIDs and provider tool-call ids in a result: a poll that reports the same status with a fresh
timestamp has learned nothing new, while one whose progress changed has. Fingerprints are
computed once, where the event is created (SDK or collector), so detectors compare short strings
and never need raw content (privacy mode ships only fingerprints).

Contract: every function here is pure, deterministic across processes and Python versions
(no use of the salted built-in ``hash``), and never raises on JSON-compatible input.
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

# 16 hex digits (64 bits): collisions within one trace's bounded window are negligible, and the
# fingerprints stay short enough to keep per-session state small.
_FINGERPRINT_BYTES = 8

# Volatile tokens that change between otherwise identical results, as (name, pattern). They are
# matched in one pass (alternatives tried in this order at each position), so the broader
# timestamp pattern wins over the bare-number patterns that would otherwise eat its parts.
_VOLATILE_PARTS: tuple[tuple[str, str], ...] = (
    ("ts", r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?\b"),
    ("time", r"\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\b"),
    ("uuid", r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"),
    ("hex", r"0x[0-9a-fA-F]+\b|(?=[0-9a-fA-F]*[a-fA-F])(?=[0-9a-fA-F]*\d)[0-9a-fA-F]{12,}\b"),
    ("epoch", r"1[5-9]\d{8}(?:\.\d+|\d{3,9})?\b"),
    # A number of 13 digits or more is an id minted per object (a Discord or Twitter snowflake, a
    # millisecond stamp), not a quantity.
    ("longid", r"\d{13,}\b"),
    # A terminal may wrap a number across lines ("[2\n.50ms]"), hence the optional whitespace.
    ("dur", r"\d+(?:\s*[.,]\d+)?\s?(?:ns|us|µs|ms|s|secs?|seconds?|m|min|mins|minutes?|h|hr|hrs|hours?)\b"),
    ("pid", r"(?:pid|PID|process)[ =:]+\d+\b"),
    # Provider tool-call ids echoed in a result (OpenAI ``call_…``, Anthropic ``toolu_…``): fresh
    # per call, so they would make every result differ. Letters and digits both required, as
    # for bare hex, so that an identifier such as ``call_backend`` is kept.
    ("callid", r"(?:call|toolu)_(?=[0-9A-Za-z]*[A-Za-z])(?=[0-9A-Za-z]*\d)[0-9A-Za-z]{8,}\b"),
    # A request's own id, which a service stamps on every answer ("request_id": "rq-4417",
    # X-Request-Id: ...): fresh per request whatever was asked.
    ("reqid", r'(?i:(?:x-)?(?:request|trace|correlation)[_-]?id)"?\s*[:=]\s*"?[\w.-]{1,64}"?'),
)
_VOLATILE = re.compile(r"\b(?:" + "|".join(f"(?P<{name}>{part})" for name, part in _VOLATILE_PARTS) + ")")
# A bracketed timing is an annotation some runs print and others omit (test runners show it only
# above a threshold): it is dropped whole, so its presence does not make two results differ.
_TIMING_NOTE = re.compile(r"\s*[\[(]\s*<dur>\s*[\])]")


def _placeholder(match: re.Match[str]) -> str:
    if match.lastgroup == "time" and _alone_on_its_line(match):
        return match.group(0)  # a value in a table (a replication lag of 00:04:12), not a clock
    return f"<{match.lastgroup}>"


def _alone_on_its_line(match: re.Match[str]) -> bool:
    text, start, end = match.string, match.start(), match.end()
    before = text.rfind("\n", 0, start) + 1
    after = text.find("\n", end)
    return not text[before:start].strip() and not text[end : after if after >= 0 else len(text)].strip()


def canonical_json(value: Any) -> str:
    """JSON with sorted keys at every depth and no insignificant whitespace.

    Non-JSON values (datetimes, sets, objects) are rendered with ``str`` so that this never
    raises; such values are already lossy on any wire, so equality of their text is the best
    available notion of sameness.
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def canonical_arguments(arguments: Mapping[str, Any] | str | None) -> str:
    """The canonical text of a call's arguments.

    A string is parsed as JSON when it holds JSON (OpenAI sends arguments as a JSON string),
    otherwise it is kept verbatim. ``None`` means "no arguments" and canonicalises to ``{}``.
    """
    if arguments is None:
        return "{}"
    if isinstance(arguments, str):
        stripped = arguments.strip()
        if not stripped:
            return "{}"
        try:
            return canonical_json(json.loads(stripped))
        except ValueError:
            return canonical_json(arguments)
    return canonical_json(arguments)


def digest(text: str) -> str:
    """A stable 64-bit hex digest of ``text``."""
    return _blake2b(text).hexdigest()


def _blake2b(text: str) -> hashlib.blake2b:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=_FINGERPRINT_BYTES)


def call_fingerprint(tool_name: str, canonical_args: str) -> str:
    """Fingerprint of a tool call: the tool name plus its canonical arguments."""
    return digest(f"{tool_name}\x00{canonical_args}")


# Digit runs in arguments: what a sweep varies (a date, an id, a page, a line number).
_DIGITS = re.compile(r"\d+")


def shape_fingerprint(tool_name: str, canonical_args: str) -> str:
    """Fingerprint of a call with every digit run masked.

    Two calls with the same shape differ only in numbers: the same request for another date,
    id, page or line. A run of such calls is a systematic sweep, whose equal (often empty)
    results are findings, not repetition; calls whose shapes differ (a rephrased query, another
    clause) are not a sweep.
    """
    return digest(f"{tool_name}\x00{_DIGITS.sub('#', canonical_args)}")


def normalise_result(content: str) -> str:
    """Strip volatile content so that results differing only in noise compare equal.

    Besides the volatile tokens, whitespace runs are folded and carriage returns dropped, so
    terminal output that differs only in line endings or padding is the same result.
    """
    stripped = _TIMING_NOTE.sub("", _VOLATILE.sub(_placeholder, content.replace("\r", "")))
    return " ".join(stripped.split())


def result_fingerprint(content: str) -> str:
    """Fingerprint of a tool result after :func:`normalise_result`."""
    return digest(normalise_result(content))


# A result's lines are hashed only when all of them can be: a listing of this many distinct
# lines at most (a search page, a status table, a short file), whole within this many
# characters. Of a longer result only a part could be kept, and a poll's news (the line of the
# pod that finished, the log's last lines) may lie in the part not kept.
MAX_LINES = 64
LINES_MAX_CHARS = 8_192
# A list marker opening a line ("3. ", "- ", "* "): a page's rank is where the engine put it this
# time, not what the line says.
_LIST_MARKER = re.compile(r"(?:\d{1,3}[.)]|[-*\u2022])\s+")
_MARKER_STARTS = frozenset("0123456789-*\u2022")


def line_hashes(content: str) -> tuple[int, ...]:
    """Hashes of ``content``'s distinct non-blank lines, stripped and list markers dropped, sorted;
    ``()`` for a single line, or when the result is too long to hash whole (``MAX_LINES``,
    ``LINES_MAX_CHARS``): the caller then knows nothing of its lines.

    Why: the same call answered with the same lines in another order or another selection (a
    search engine reshuffling one pool of pages) brought nothing new, though its fingerprint
    changed; a poll whose status line changed brought a line never seen. Content-free, so
    privacy mode judges alike.
    """
    return _line_hashes(content, mask=False)


# Numbers of four digits or more in a failure: a port, a pid, a byte count, an address. A failing
# command varies them by itself from run to run; a status it reports (3 of 4 replicas, 75 %, line
# 12) is in shorter numbers.
_LONG_NUMBER = re.compile(r"\d{4,}")


def failure_line_hashes(content: str) -> tuple[int, ...]:
    """``line_hashes`` of a failure, with what the tool varies by itself masked in each line (the
    volatile tokens of ``normalise_result``, numbers of four digits or more).

    Why: a command re-run at once that fails the same way prints another port or pid, and has
    failed the same way again; one that fails with another status ("2 of 4 replicas updated",
    then "3 of 4") reports a world that moved: a poll waiting for a rollout, not a retry. A
    one-line message is left to its ``error_class``, which masks every name and number.
    """
    return _line_hashes(content, mask=True)


def _line_hashes(content: str, *, mask: bool) -> tuple[int, ...]:
    if len(content) > LINES_MAX_CHARS:
        return ()
    lines: set[str] = set()
    for raw in content.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line[0] in _MARKER_STARTS and (marker := _LIST_MARKER.match(line)):
            line = line[marker.end() :]
        if mask:
            line = _LONG_NUMBER.sub("#", _VOLATILE.sub(_placeholder, line))
        lines.add(line)
        if len(lines) > MAX_LINES:
            return ()
    if len(lines) < 2:
        return ()
    return tuple(sorted(zlib.crc32(line.encode("utf-8")) for line in lines))


# Links hashed per result: a page of search results or a report's sources holds ten or so; a
# result with more links than this is a page of its own, and only some of them could be kept.
MAX_LINKS = 32
_LINK = re.compile(r"https?://[^\s<>\"'()\[\]{}]+", re.IGNORECASE)


def link_hashes(content: str) -> tuple[int, ...]:
    """Hashes of the distinct links (``http(s)://...``) in ``content``'s first
    ``LINES_MAX_CHARS`` characters, sorted; ``()`` for fewer than two or more than ``MAX_LINKS``.

    Why: a search engine asked again in other words brings the same pages back with other
    titles and snippets (query-dependent highlights), a sub-agent's report cites the same
    sources in other sentences: the links are what stays. Trailing punctuation and case do not
    count. Content-free, so privacy mode judges alike.
    """
    head = content[:LINES_MAX_CHARS]
    if "://" not in head:
        return ()
    links = {m.group(0).rstrip(".,;:!?").lower() for m in _LINK.finditer(head)}
    if len(links) < 2 or len(links) > MAX_LINKS:
        return ()
    return tuple(sorted(zlib.crc32(link.encode("utf-8")) for link in links))


# Facts hashed per result: a report or an answer names a few dozen; a result naming more is a
# page of its own (a document, a listing), judged by its lines and links.
MAX_FACTS = 64
_FACT_EDGES = "'\"`()[]{}<>,;:!?*~$%"
# A count under ten or a rank is no fact. A version or an address is one ("10.0.1"); otherwise a
# number has one fraction at most, so values a comma joins ("191.0342,6.1" in a CSV row) are two.
# A date is one fact ("2025-11-03"): rows of one month share its year and month, not their days.
_FACT_NUMBER = re.compile(
    r"\d{4}-\d\d-\d\d|\d+(?:\.\d+){2,}|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d\d+(?:[.,]\d+)?|\d[.,]\d+"
)
# A comma before one or two digits at a number's end is a decimal comma ("18,4 dB", "2,6 %"): the
# figure "18.4" states. Before three it separates thousands ("14,200").
_DECIMAL_COMMA = re.compile(r",(?=\d{1,2}$)")
_NAME = re.compile(r"[A-Z][A-Za-z]*(?:[-'][A-Za-z]+)*")
# An amount with its scale, attached ("1.84B", "$12bn", "40k") or the next word ("1,842 million"),
# or a quantity written out with separators or five digits ("14,200"): one figure, whichever unit
# a report states it in; a rate ("$170K/yr") states its figure.
_AMOUNT = re.compile(r"(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?([A-Za-z]{0,8})")
_QUANTITY_DIGITS = 5
_SCALES = {
    "k": 1e3, "thousand": 1e3,
    "m": 1e6, "mn": 1e6, "mln": 1e6, "million": 1e6, "millions": 1e6,
    "b": 1e9, "bn": 1e9, "billion": 1e9, "billions": 1e9,
    "t": 1e12, "tn": 1e12, "trillion": 1e12, "trillions": 1e12,
}  # fmt: skip
_ADDRESS = re.compile(r"[a-z0-9]\.[a-z]{2,}|/\w|://", re.IGNORECASE)
# Chinese and Japanese punctuation ends a word as its ASCII form and a space do: "已複核：520 eV"
# states the figure 520, "meV/atom，600" a unit and a figure.
_WIDE_PUNCTUATION = str.maketrans(
    {
        "，": ", ",
        "、": ", ",
        "。": ". ",
        "：": ": ",
        "；": "; ",
        "！": "! ",
        "？": "? ",
        "（": " (",
        "）": ") ",
    }
)


def fact_hashes(content: str) -> tuple[int, ...]:
    """Hashes of the facts a success names in its first ``LINES_MAX_CHARS`` characters, sorted:
    its numbers (an amount with its scale as its value: "$1.84B", "$1,842 million" and "1.842bn"
    are one figure), its addresses (links, domains, paths) and its names (a capitalised word
    inside a sentence, an acronym); ``()`` for fewer than three or more than ``MAX_FACTS``. A
    figure's hash is odd, a name's or an address's even (``figures``).

    Why: a sub-agent asked the same task again in other words reports the same figure, the same
    people and the same sources in other sentences, and a search rephrased brings back the same
    titles: the wording changes, what it names does not. A word opening a sentence is no name
    ("Unfortunately", "Summary"), nor is a single letter ("I" checked). Content-free, so privacy
    mode judges alike. Figures are told apart because they are what a report is about: asked
    again, a sub-agent restates its figures and cites its sources in other words.
    """
    facts: set[str] = set()  # names and addresses
    figures: set[str] = set()
    for line in content[:LINES_MAX_CHARS].splitlines():
        line = line.strip() if line.isascii() else line.translate(_WIDE_PUNCTUATION).strip()
        if line and line[0] in _MARKER_STARTS and (marker := _LIST_MARKER.match(line)):
            line = line[marker.end() :]  # a rank is where the answer put it this time
        opens = True  # the next word opens a sentence (or a line: a heading, a list item)
        words = line.split()
        for index, raw in enumerate(words):
            word = raw.rstrip(".").strip(_FACT_EDGES).rstrip(".")
            rate = word.split("/", 1)[0] if "/" in word else ""
            if rate and (amount := _scaled_amount(rate, "")):
                figures.add(amount)  # a rate ("$170K/yr", "14,200/month") states its figure
            elif _ADDRESS.search(word):
                facts.add(word.lower())
            elif any(c.isdigit() for c in word):
                following = words[index + 1] if index + 1 < len(words) else ""
                amount = _scaled_amount(word, following)
                if amount:
                    figures.add(amount)
                else:
                    figures.update(_DECIMAL_COMMA.sub(".", number) for number in _FACT_NUMBER.findall(word))
            elif len(word) > 1 and (name := _NAME.fullmatch(word)) and (not opens or word.isupper()):
                facts.add(name.group(0).lower().removesuffix("'s"))
            opens = raw.endswith((".", ":", "!", "?")) or not word
        if len(facts) + len(figures) > MAX_FACTS:
            return ()
    if len(facts) + len(figures) < 3:
        return ()
    hashes = [zlib.crc32(fact.encode("utf-8")) & ~1 for fact in facts]
    hashes.extend(zlib.crc32(figure.encode("utf-8")) | 1 for figure in figures)
    return tuple(sorted(hashes))


def figures(facts: tuple[int, ...]) -> list[int]:
    """The figures' hashes (numbers, amounts) among ``fact_hashes``, not the names' or addresses'."""
    return [fact for fact in facts if fact & 1]


def _scaled_amount(word: str, following: str) -> str:
    """The value of an amount stated with a scale ("1.84B", "1,842 million") or written out as a
    quantity ("14,200", "170400"), to two significant digits ("1.8e+09", "1.4e+04": a report
    restating a figure rounds it), or ``""`` for a word that is none."""
    match = _AMOUNT.fullmatch(word)
    if match is None:
        return ""
    whole, fraction, suffix = match.groups()
    unit = suffix or following.strip(_FACT_EDGES).rstrip(".")
    scale = _SCALES.get(unit.lower())
    if scale is None:
        # A quantity written out ("$14,200", "170400") is the figure "14.2k" states; a year or a
        # code of four digits is not rounded.
        if suffix or not ("," in whole or len(whole) >= _QUANTITY_DIGITS):
            return ""
        scale = 1.0
    return f"{float(whole.replace(',', '') + (fraction or '')) * scale:.2g}"


# Fingerprints are kept per step in bounded windows; their size bounds a session's memory.
# This SDK's are 16 hex digits; 128 leaves room for any hash another client computes.
MAX_FINGERPRINT_CHARS = 128


def bounded_fingerprint(fingerprint: str) -> str:
    """``fingerprint`` if at most ``MAX_FINGERPRINT_CHARS`` long, else its digest: equal inputs
    still compare equal, and no foreign span can make one larger than that bound."""
    return fingerprint if len(fingerprint) <= MAX_FINGERPRINT_CHARS else digest(fingerprint)


# An exception's type where an error names one: Python's "KeyError: ...", a JavaScript
# "TypeError: ...", a Java "java.io.IOException: ...", also inside a wrapper's sentence ("Code
# execution failed at line '...' due to: InterpreterError: ...") or as a wrapper quotes it
# ("Error: ValueError('...')", an exception's repr). The last one is the cause.
_EXCEPTION_NAME = r"(?:[A-Za-z_]\w*\.)*([A-Z]\w*(?:Error|Exception|Fault|Failure))"
_EXCEPTION_TYPE = re.compile(rf"\b{_EXCEPTION_NAME}(?:\b:|\()")
# What varies between errors of one kind: the names they quote, the paths and numbers they cite.
_QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`|<[^<>\n]*>")
_PATHLIKE = re.compile(r"\S*[/\\]\S*|\b[\w-]+\.[A-Za-z][\w]{0,4}\b")
# Without an exception type, the first line names the kind; its tail quotes input.
_ERROR_CLASS_CHARS = 160
# A gRPC status ("rpc error: code = FailedPrecondition desc = ...", "StatusCode.UNAVAILABLE").
_GRPC_CODE = re.compile(r"\b(?:rpc error: code = |StatusCode\.)(\w+)")
_GRPC_TRANSIENT = frozenset(
    {
        "unavailable",
        "deadlineexceeded",
        "deadline_exceeded",
        "resourceexhausted",
        "resource_exhausted",
        "aborted",
    }
)
# An HTTP answer's status line, or a status and its reason phrase alone on the first line
# ("422 Unprocessable Entity" above a JSON body): the message follows it.
_HTTP_STATUS_LINE = re.compile(r"HTTP/[\d.]+ [45]\d\d\b|[45]\d\d [A-Z][a-z]+(?: [A-Z][a-z]+)*\s*$")
# How much of an error opening with no word (a pretty-printed JSON envelope: "{" on its own
# line) is read as its message: the status, the field and the message of a validation error.
_ENVELOPE_CHARS = 400
# A traceback's cause is at its end, a message at its start: each is looked for this far in.
_ERROR_SCAN_CHARS = 4096
# Exception type names are short; a longer match is not one worth keeping whole.
_ERROR_TYPE_CHARS = 64
#: The prefix of an error class that is an exception's type.
TYPED_ERROR = "type:"
#: The prefix of an untyped error class whose message says the failure is transient.
TRANSIENT_ERROR = "transient:"
# What a failure says when retrying the same call may well succeed: the service, not the call,
# failed (HTTP 429/502/503/504 and their words, a timeout, a refused charge, "try again", a
# service that "did not respond", an error it marks retryable).
_TRANSIENT = re.compile(
    r"\b(?:time[sd]?[ -]?out|timed out|unavailable|temporar(?:y|ily)|try again|retry|too many requests|"
    r"rate[ -]?limit\w*|throttl\w*|overloaded|busy|declined|could not be (?:charged|processed|completed)|"
    r"connection (?:reset|refused|aborted)|429|502|503|504|retryable|did not respond|not responding|"
    # The same in the languages APIs answer in (Spanish, Portuguese, French, German, Italian).
    r"temporalmente|temporariamente|temporairement|vorübergehend|temporaneamente|no disponible|"
    r"indisponível|indisponible|nicht verfügbar|non disponibile|inténtelo de nuevo|tente novamente|"
    r"réessayez|erneut versuchen|riprova)\b"
    r"|_time[ _-]?out\b"  # a code such as gateway_timeout
    # A device or host that cannot be reached ("TERMINAL_UNREACHABLE", "printer offline").
    r"|(?:\b|_)(?:unreachable|offline|no route to host)\b"
    r"|タイムアウト|しばらくしてから|稍后再试|超时|잠시 후",
    re.IGNORECASE,
)
#: The prefix of an untyped error class whose message says the call was malformed (``invalid_input``).
INVALID_ERROR = "invalid:"
# What a failure says when the call, not its target, was wrong: a value of the wrong format or
# type, a parameter the tool does not take. Another value tried after it is another attempt at
# a well-formed call, not another target ("invalid date '2024/05/01': expected format
# YYYY-MM-DD", then the same for '01-05-2024'), unlike "not found", which says the target is
# absent.
_INVALID = re.compile(
    r"\b(?:invalid|malformed|validation ?(?:error|failed)|not (?:a )?valid|"
    r"expected (?:format|type|one of|an? \w+)|(?:must|should) (?:be|match)|does not match|unrecognized|"
    r"unexpected (?:keyword|argument|parameter|field|property|value|type)|"
    r"unknown (?:parameter|argument|field|property|option|key)|"
    # The same in the languages APIs answer in: "se esperaba un número", "ungültiges Datum",
    # "format invalide", "valor inválido", "non valido".
    r"inv[aá]lid[oa]s?|no (?:es )?v[aá]lid[oa]|n[aã]o [eé] v[aá]lid[oa]|se esperaba|esperava-se|"
    r"formato (?:incorrecto|incorreto|errado)|invalide|non valide|attendu|ungültig\w*|unzulässig\w*|"
    r"erwartet|non valid[oa])"
    r"|無効|不正な|形式が正しく|无效|格式错误|유효하지 않|잘못된 형식",
    re.IGNORECASE,
)
#: The prefix of an untyped error class whose message says the target does not exist.
MISSING_ERROR = "missing:"
# What a failure says when the target is absent ("404 Not Found", "No such file", "relation
# \"x\" does not exist"): for a sweep over dates or ids, information about that target.
_MISSING = re.compile(
    r"\b(?:not found|404|no such|does(?: not|n't) exist|cannot find|can't find|could not find|"
    r"unable to find|no encontrad[oa]|no existe|não encontrad[oa]|não existe|introuvable|"
    r"n'existe pas|nicht gefunden|existiert nicht|non trovat[oa]|non esiste)\b"
    r"|見つかりません|存在しません|未找到|不存在|찾을 수 없|존재하지 않",
    re.IGNORECASE,
)
#: The suffix of an exception's type whose message says the failure is transient
#: ("MissionError: TIMEOUT - no ACK within 5 s"): ``"type:MissionError~transient"``.
TRANSIENT_TYPED = "~transient"
# Exception types that name a transient failure ("TimeoutError", "ServiceUnavailableError").
_TRANSIENT_TYPE = re.compile(r"Timeout|Unavailable|RateLimit|Throttl|Connection", re.IGNORECASE)


#: The ``error_class`` of a result that is no failure but says it found nothing (``absence_class``).
ABSENT_RESULT = "absent:"
# How a report or a search says it found nothing: "Could not determine the first award year",
# "no exact figure found", "no exact first award year found" (what was not found named in up
# to five words), "the year is not mentioned", "none of the pages states it", "no accessible page
# stated it", "No results found for ...".
_ABSENCE = re.compile(
    r"\b(?:could not|couldn't|cannot|can't|unable to|did not|didn't|failed to) "
    r"(?:find|locate|determine|identify|confirm|verify|retrieve|reproduce)\b|"
    r"\bno (?:\w+ ){0,5}(?:found|results?|matches)\b|"
    r"\bnot (?:found|mentioned|stated|specified|available|listed|disclosed|reported|reproducible)\b|"
    r"\bnone (?:of (?:them|these|those|the \w+) )?(?:states?|mentions?|gives?|lists?|says?)\b|"
    r"\bno (?:\w+ ){0,3}(?:stated|states|gives|gave|mentions|mentioned|confirms|confirmed)\b",
    re.IGNORECASE,
)
# The same in the languages agents report in, read lowercased: "no se encontraron registros",
# "nenhum resultado", "aucun résultat", "keine Treffer gefunden", "nessun dato trovato", "geen
# resultaten gevonden", "brak wyników", "ничего не найдено", "kayıt bulunamadı", "tidak ada
# catatan", "inga träffar", "見つかりませんでした", "未找到记录", "결과가 없습니다". Only an
# opening holding one of ``_ABSENCE_STEMS`` is searched: a pattern of many languages costs five
# times the English one on every answer, a look for its stems a fifth of it.
_ABSENCE_ELSEWHERE = re.compile(
    r"\bno se (?:ha[ny]? )?(?:encontr|hall)\w*|\bsin (?:resultados|registros|datos)\b|"
    r"\bn[aã]o (?:foi|foram) encontrad\w*|"
    r"\bnenhum[a]? (?:\w+ ){0,3}(?:encontrad\w*|resultados?|registros?)\b|"
    r"\baucun(?:e)? (?:\w+ ){0,3}(?:trouv\w*|r[ée]sultat\w*)|\bpas de r[ée]sultat|"
    r"\bkeine? (?:\w+ ){0,3}(?:gefunden|treffer|ergebnisse?)\b|"
    r"\bnessun[oa]? (?:\w+ ){0,3}(?:trovat\w|risultat\w)|"
    r"\bgeen (?:\w+ ){0,3}(?:gevonden|resultaten)\b|\bnie znaleziono\b|\bbrak (?:wynik|dany|rekord)\w*|"
    r"не (?:найден|знайден)\w*|нет (?:\w+ ){0,2}(?:данных|записей|результатов)|"
    r"\bbulunamad\w*|\btidak (?:ditemukan|ada (?:\w+ ){0,2}(?:catatan|data|hasil|rekaman))\b|"
    r"\binga (?:\w+ ){0,2}(?:hittades|tr[äa]ffar|resultat)\b|"
    r"見つかりませんでした|(?:データ|結果|記録|該当するもの)は?(?:ありません|存在しません)|"
    r"(?:未|没有)找到|查无|(?:无|没有)(?:相关)?(?:记录|结果|数据)|"
    r"결과가 없|기록이 없|찾지 못했"
)
_ABSENCE_STEMS = (
    *("encontr", "hall", "sin ", "nenhum", "aucun", "pas de r", "kein", "nessun", "geen", "nie znal"),
    *("brak", "не найд", "не знайд", "нет ", "bulunamad", "tidak", "inga "),
    *("見つかりません", "ありません", "存在しません", "找到", "查无", "记录", "结果", "数据", "없", "찾지"),
)
# A report states its outcome first; what a long page or file says further down is content.
ABSENCE_SCAN_CHARS = 400
# An answer this long carries content of its own, whatever its opening says.
ABSENCE_MAX_CHARS = 2000


def absence_class(content: str) -> str:
    """``ABSENT_RESULT`` for a successful result that says it found nothing, else ``""``.

    Why: a sub-agent's report or a search that found nothing says so in words, each time in
    others ("Could not determine ...", "Report: no exact year found", "... is not mentioned in
    the pages I read"): its text does not repeat, its substance does; a structure whose lists are
    all empty says it too. Only a short answer's opening is read: a file or a page that mentions
    "not found" is not an absence.
    """
    if len(content) > ABSENCE_MAX_CHARS:
        return ""
    opening = content[:ABSENCE_SCAN_CHARS]
    if _ABSENCE.search(opening) or _empty_structure(content) or _says_absent_elsewhere(opening):
        return ABSENT_RESULT
    return ""


def _says_absent_elsewhere(opening: str) -> bool:
    """Whether ``opening`` says it found nothing in another language than English."""
    lowered = opening.lower()
    return any(stem in lowered for stem in _ABSENCE_STEMS) and _ABSENCE_ELSEWHERE.search(lowered) is not None


# A structure of no value: keys, brackets and braces, empty strings, null, false and zero only.
_NO_VALUE = re.compile(r'"(?:[^"\\]|\\.)*"\s*:|""|\bnull\b|\bfalse\b|(?<![\w.])0(?![\w.])|[\s\[\]{},]')
EMPTY_STRUCTURE_CHARS = 200
# A string value that is one identifier (a digit in it, no space): what a query names, echoed.
_IDENTIFIER_VALUE = re.compile(r'(?<=:)\s*"[\w.:/-]*\d[\w.:/-]*"')
# An empty list of errors or warnings is no absence: it says a request went through.
_NO_ERRORS = re.compile(r'"\w*(?:[Ee]rror|[Ww]arning)s?"\s*:\s*(?:\[\s*\]|\{\s*\}|null)')


def _empty_structure(content: str) -> bool:
    """Whether ``content`` is a JSON answer holding nothing but empty lists and objects, or nulls,
    under its keys (``{"Items": [], "Links": {}}``, ``{"hits": {"total": 0, "hits": []}}``, a
    GraphQL ``{"data": null, "errors": []}``): it found nothing, as "No results found" says in
    words. A bare ``[]`` or ``{}`` is the same; ``{"error": null}`` alone says the request went
    through."""
    # An empty list of errors is no empty container: it stands in as a key of no value.
    stripped = _NO_ERRORS.sub('"_": 0', content.strip()) if len(content) <= EMPTY_STRUCTURE_CHARS else ""
    if stripped[:1] not in ("{", "["):
        return False
    if any(empty in stripped for empty in ("[]", "{}", "null")) and not _NO_VALUE.sub(
        "", _IDENTIFIER_VALUE.sub('""', stripped)
    ):
        # Nothing but empty containers or nulls, and the identifiers the query named echoed
        # back: {"account": "U8812034", "transactions": [], "count": 0}, {"data": null}.
        return True
    # A query's envelope around an empty result: {"status": "success", "data": {"result": [],
    # "stats": {...}}}. Its collection is empty and it holds no list with anything in it.
    return _EMPTY_COLLECTION.search(stripped) is not None and _FILLED_LIST.search(stripped) is None


# A collection a query answers with, empty; and a list with something in it.
_EMPTY_COLLECTION = re.compile(
    r'"(?:result|results|items|hits|data|rows|records|entries|matches|values|documents|docs|objects|'
    r'nodes|edges|streams|series)"\s*:\s*\[\s*\]',
    re.IGNORECASE,
)
_FILLED_LIST = re.compile(r"\[\s*[^\s\]]")


#: The prefix of the ``error_class`` of a successful status that says the work is still going on
#: (``success_class``), its form with numbers masked after it: progress keeps the form.
PENDING_RESULT = "pending:"
# How a status says the work goes on: "status": "running", "Build #41: queued", "in progress",
# "appStoreState": "WAITING_FOR_REVIEW", "async_status": "Job Not Started",
# "the job is still building", "not ready yet", a screen saying "Please wait". A status word
# counts where a status is given (the answer's opening, after "status", a colon or "is"): "the
# result of running `cat -n`" is prose. Read in a short answer only: a status, not a log or a page.
_PENDING_WORD = (
    r"(?:queued|pending|paused|scheduled|in[ _-](?:progress|review|queue)|running|processing|waiting|"
    # The same in the languages APIs answer in: "Pendiente de revisión", "en cours", "ausstehend".
    r"pendiente|pendente|en (?:curso|proceso|cours|attente)|em andamento|ausstehend|in bearbeitung|"
    r"in (?:corso|attesa)|"
    r"starting|building|deploying|provisioning|initiali[sz]ing|installing|downloading|uploading|updating|"
    r"upgrading|rebooting|restarting|syncing|migrating|exporting|importing|copying|creating)"
    r"(?![a-z])"  # a word of its own, or one of a name: WAITING_FOR_REVIEW
)
# A word in -ing naming a thing, joined to the state it reached ("parking_allowed",
# "listing_published"), is that state, not work going on ("waiting_for_review").
_NOT_A_STATE_REACHED = r"(?![_ ][a-z]+ed(?![a-z]))"
_PENDING = re.compile(
    rf"^\W*{_PENDING_WORD}|(?:status|state|phase)\W{{0,4}}(?:is\W+)?"
    rf"(?:{_PENDING_WORD}|(?!fail|miss)[a-z]+ing(?![a-z]){_NOT_A_STATE_REACHED})|"
    rf"[:=]\s*[\"']?{_PENDING_WORD}|\b(?:is|are|still)\s+(?:still\s+)?{_PENDING_WORD}|"
    r"\bin[ _-]progress\b|\bstill \w+ing\b|"
    r"\bnot[ _-](?:yet[ _-])?(?:ready|finished|complete|completed|done|started)\b|"
    r"\bplease (?:wait|stand by)\b",  # what an installer or a page shows while it works
    re.IGNORECASE,
)
# A scheduler's status column, in capitals anywhere in a short answer ("4471823 PENDING 0:00
# (Priority)", "web-1 Pending"): case tells the status from the word in prose.
_PENDING_TOKEN = re.compile(
    r"\b(?:PENDING|QUEUED|RUNNING|WAITING|STARTING|PROVISIONING|SCHEDULED|IN_PROGRESS|CONFIGURING)\b"
)
PENDING_MAX_CHARS = 400
# A log whose last line says the work ended ("Starting Nmap 7.95 ... Nmap done: 1 IP address
# scanned") is a finished run, not a status of work going on; a run's parts completing beside one
# still pending ("lint: completed", "build: in_progress") are not.
_FINISHED = re.compile(
    r"(?<!not )(?<!not yet )\b(?:done|finished|completed|succeeded|exited)\b", re.IGNORECASE
)
# A structured status opening a longer answer ({"status": "in_progress", "jobs": [...]}): the
# run as a whole goes on, whatever its parts say further down.
_PENDING_STATUS = re.compile(
    r'"\w*(?:status|state|phase)"\s*:\s*"(?:queued|pending|paused|in[_ -](?:progress|review|queue)|'
    r"(?:\w+ )?not[_ -]started|(?!fail|miss)[a-z]+ing(?:[_ ][a-z]+)*(?<!ed)|"
    # A request handed on and not answered yet: an envelope "sent" for signature, a filing "submitted".
    r'sent|submitted|requested|awaiting(?:[_ ][a-z]+)*)"',  # "async_status", "appStoreState"
    re.IGNORECASE,
)
PENDING_STATUS_CHARS = 200
# A status read: a flat record of identifiers (an id, a time, a flag) and one or two states named
# by a token ({"job": "J-4410", "state": "EN_ROUTE"}, {"注文番号": "A-1", "状態": "処理中"}).
STATUS_RECORD_CHARS = 240
STATUS_RECORD_KEYS = 6
_STATE_TOKEN = re.compile(r"[^\W\d][^\W\d_]*(?:[_-][^\W\d_]+)*")
# The states that end the work, named alike by most workflows: a record in one of them is what
# the work came to, and reading it again is asking the same. So is a state saying there is
# nothing ("NOT_FOUND", "SIN_REGISTRO", "KEIN_TREFFER", "UNKNOWN"): a search's outcome, no work.
_END_STATE = re.compile(
    r"done|complete|completed|finished|succeeded|success|successful|failed|failure|error|"
    r"cancell?ed|aborted|rejected|denied|expired|closed|resolved|none|unknown|missing|absent|"
    r"(?:no|not|non|sin|sem|sans|ohne|kein|keine|nessun|geen|brak|yok)[_-][^\W\d_]+",
    re.IGNORECASE,
)

#: The prefix of the ``error_class`` of a successful result that only acknowledges a change, its
#: form after it (``success_class``).
DONE_RESULT = "done:"
# How a write's answer says it was made: "The file x.ts has been updated.", "[edit applied]",
# "Created issue PROJ-12", "Message sent", "number of rows inserted: 22". A line or two: an
# answer with more to it (a listing, a record) carries content besides.
_DONE = re.compile(
    r"\b(?:updated|created|saved|written|wrote|applied|deleted|removed|added|inserted|modified|"
    r"replaced|renamed|moved|sent|posted|published|uploaded|committed|merged|archived)\b"
    r'(?!"\s*:\s*")'  # a field of a record ("updated": "2024-09-30") says when, not that it changed
    r'|"(?:success|ok|succeeded|acknowledged)"\s*:\s*true\b',  # {"success": true, "errors": []}
    re.IGNORECASE,
)
#: The ``error_class`` of a short success saying only that a request went through (``success_class``).
ACK_RESULT = "ack:"
#: The prefix of the ``error_class`` of another short record: its form, identifiers masked
#: (``success_class``).
FORM_RESULT = "form:"
#: The prefix of the ``error_class`` of a short record that is a status read (``_status_record``):
#: a form, compared as one, which a read polling the status may get again while the work goes on.
STATUS_RESULT = FORM_RESULT + "status:"
# The value of an identifier's key ("id": 7700120, "ticket_id": "...", "key": "ITACCESS-913"),
# and a token mixing letters and digits ("26DE73201EX0A9", "V-88127"): minted per object.
_ID_VALUE = re.compile(r'("(?:\w*[_-])?(?:id|Id|ID|key|ref|number)"\s*:\s*)("[^"]{1,64}"|\d+)')
_IDENTIFIER = re.compile(r"\b(?=[\w-]*[A-Za-z])(?=[\w-]*\d)[A-Za-z\d][\w-]{2,63}\b")
# How an answer says a request went through, under any key and in any language: {"esito": "ok"},
# {"result": "WriteProperty-ACK"}, "ACK". To a write, that is its acknowledgement; to a read (a
# health check answering {"status": "ok"}) it is what the read found, so it marks no change made.
_ACK = re.compile(r'"\w+"\s*:\s*"(?:ok|accepted|ack|[\w-]*-ack)"|\bACK\b', re.IGNORECASE)
DONE_MAX_CHARS = 160
DONE_MAX_LINES = 2  # "Success. Updated the following files:" and the file; "rows inserted: 22" and its time


def success_class(content: str) -> str:
    """The ``error_class`` of a successful result: ``ABSENT_RESULT`` when it says it found
    nothing, ``PENDING_RESULT`` and its form (numbers masked) when a short status says the work
    is still going on,
    ``DONE_RESULT`` and its form when one short line acknowledges a change, ``ACK_RESULT`` when
    it says only that the request went through, ``FORM_RESULT`` (or ``STATUS_RESULT``) and its
    form for another short answer, else ``""``.

    Why pending: a poll re-issued while a job runs gets the same status back ("running", 12 %)
    and is waiting, not stuck; guards that count it as a repeated call stop healthy agents (a
    poll every 5 minutes for 15 minutes flagged as stuck, OpenHands #762), and peers give
    pollers a higher threshold of their own. Its form, numbers masked, tells progress ("checked":
    120, then 211) from a status that changed its words ("queued", then "running"): a job whose
    numbers moved and then stopped has stalled.

    Why done: every edit of one file is acknowledged in the same words ("The file x.ts has been
    updated."); ten edits of ten call sites are ten changes made, not one answer echoed. Its
    form (``_form``) tells the same acknowledgement under a new id (a hold placed again: hold
    H-0093318 after H-0093317) from a status that moved ("35 % of pods updated" after "10 %").
    """
    absent = absence_class(content)
    if absent:
        return absent
    if _PENDING_STATUS.search(content[:PENDING_STATUS_CHARS]) and len(content) <= LINES_MAX_CHARS:
        return PENDING_RESULT + _progress_form(content)
    if len(content) > PENDING_MAX_CHARS:
        return ""
    if _PENDING.search(content) or _PENDING_TOKEN.search(content):
        last = content.rstrip().rsplit("\n", 1)[-1]
        if not _FINISHED.search(last) or _PENDING.search(last):
            return PENDING_RESULT + _progress_form(content)
    if content.lstrip().startswith(("{", "[")):  # a record laid out on lines is one record still
        content = " ".join(content.split())
    if len(content) > DONE_MAX_CHARS or content.strip().count("\n") >= DONE_MAX_LINES:
        return ""
    if _DONE.search(content):
        return DONE_RESULT + _form(content)
    if _ACK.search(content):
        return ACK_RESULT
    return (STATUS_RESULT if _status_record(content) else FORM_RESULT) + _form(content)


def _progress_form(content: str) -> str:
    """A status's form with its identifiers and every number masked: the same form, other
    numbers, is the same work at another point ("checked": 120, then 211; 31 %, then 42 %, a
    newer heartbeat), and a request queued again under a new message id is queued alike."""
    return digest(" ".join(_DIGITS.sub("0", _masked(content)).split()))


def _form(content: str) -> str:
    """A short answer's form: its digest with its identifiers and volatile tokens masked. A write
    re-issued and answered in the same form under a new id ({"id": "30119", "key":
    "ITACCESS-913"}, an EDI acknowledgement under a new message reference) was done again; dates
    and counts are kept (rows a scroll brought, a rollout's share of pods updated)."""
    return digest(" ".join(_masked(content).split()))


def _masked(content: str) -> str:
    """``content`` with its identifiers and volatile tokens masked."""
    return _IDENTIFIER.sub("<id>", _ID_VALUE.sub(r"\1<id>", _VOLATILE.sub(_placeholder, content)))


def _status_record(content: str) -> bool:
    """Whether ``content`` is a status read: a flat record whose values are identifiers (with a
    digit and no space: an id, a time), integers or flags, and one or two names of states that
    end nothing (``_END_STATE``: "succeeded" is what the work came to).

    Why: a status read again while the work goes on answers the same, and the state's name is
    the workflow's own ("EN_ROUTE", "TRAVELLING", "処理中"), in any language: only the record's
    form says it is a status. A record with a sentence, a list or a measurement says more.
    """
    if len(content) > STATUS_RECORD_CHARS or content.lstrip()[:1] != "{":
        return False
    try:
        record = json.loads(content)
    except ValueError:
        return False
    if not isinstance(record, dict) or not 2 <= len(record) <= STATUS_RECORD_KEYS:
        return False
    states = 0
    for value in record.values():
        if isinstance(value, str) and _STATE_TOKEN.fullmatch(value):
            if _END_STATE.fullmatch(value):
                return False
            states += 1
        elif isinstance(value, str):
            if not value or " " in value or not any(c.isdigit() for c in value):
                return False
        elif isinstance(value, float) or not isinstance(value, int | bool):
            return False
    return 1 <= states <= 2


def transient_error(error_class: str) -> bool:
    """Whether an ``error_class`` says the failure was the service's and may pass on a retry.

    Why: a healthy agent retries a timeout, a rate limit or a refused charge two or three times
    before it changes approach or hands off; the same call failing on its own input does not get
    better by repeating it.
    """
    if error_class.startswith(TRANSIENT_ERROR) or error_class.endswith(TRANSIENT_TYPED):
        return True
    return error_class.startswith(TYPED_ERROR) and bool(_TRANSIENT_TYPE.search(error_class))


def error_class(content: str) -> str:
    """The kind of an error, as a fingerprint: the same for the same failure in other words.

    Why: a model retrying a failing call renames an argument, rewrites a snippet or quotes
    another value, and the error text changes with it ("can only concatenate str (not "int")
    to str", then "unsupported operand type(s) for +: 'int' and 'str'"), while the failure is
    the same. The class is the exception's type when the error names one (the last, the cause);
    otherwise the first non-blank line with what varies masked (quoted names, paths, file names,
    numbers, volatile tokens); an envelope printed over several lines, opening with a line of
    no word ("{"), is read whole as that line. Whether the message says the service failed, the
    call was malformed or the target is absent is read in English and in the languages APIs
    commonly answer in (Spanish, Portuguese, French, German, Italian, Japanese, Chinese,
    Korean). Progress shows as a new class: another exception, another message
    ("SyntaxError", then "ImportError", then "AssertionError").

    Returns ``"type:<ExceptionType>"`` (``TYPED_ERROR`` prefix; ``TRANSIENT_TYPED`` appended
    when its message says the service failed), ``"transient:<digest>"``
    (``TRANSIENT_ERROR``: the message says the service failed, see ``transient_error``),
    ``"invalid:<digest>"`` (``INVALID_ERROR``: the call was malformed), ``"missing:<digest>"``
    (``MISSING_ERROR``: the target does not exist) or ``"text:<digest>"``: a reader may trust
    a change of type more than a change of wording.
    """
    tail = content[-_ERROR_SCAN_CHARS:]
    causes = list(_EXCEPTION_TYPE.finditer(tail))
    if causes:
        cause = causes[-1]  # the last is the cause
        typed = TYPED_ERROR + cause.group(1)[:_ERROR_TYPE_CHARS]
        end = tail.find("\n", cause.end())
        message = tail[cause.end() : end if end >= 0 else len(tail)]
        return typed + TRANSIENT_TYPED if _TRANSIENT.search(message) else typed
    head = content[:_ERROR_SCAN_CHARS]
    line = next((ln for ln in head.splitlines() if ln.strip()), "")
    if not any(c.isalpha() for c in line) or _HTTP_STATUS_LINE.match(line):
        # A pretty-printed envelope opens with "{", an HTTP answer with its status line: the
        # message is read with what follows, on one line.
        line = " ".join(head[:_ENVELOPE_CHARS].split())
    masked = _DIGITS.sub("#", _PATHLIKE.sub("<p>", _QUOTED.sub("<q>", _VOLATILE.sub(_placeholder, line))))
    grpc = _GRPC_CODE.search(line)
    if grpc is not None:  # the status code says what failed, whatever the description names
        code = grpc.group(1).lower()
        prefix = (
            TRANSIENT_ERROR
            if code in _GRPC_TRANSIENT
            else INVALID_ERROR
            if code in ("invalidargument", "invalid_argument", "outofrange", "out_of_range")
            else MISSING_ERROR
            if code in ("notfound", "not_found")
            else "text:"
        )
        return prefix + digest(" ".join(masked.lower().split())[:_ERROR_CLASS_CHARS])
    if _TRANSIENT.search(line):
        prefix = TRANSIENT_ERROR
    elif _INVALID.search(line):
        prefix = INVALID_ERROR
    else:
        prefix = MISSING_ERROR if _MISSING.search(line) else "text:"
    return prefix + digest(" ".join(masked.lower().split())[:_ERROR_CLASS_CHARS])


# How a failure handed back as an answer opens, the span or the result ending as a success:
# a framework that caught the tool's exception ("Error: ValueError(...) Please fix your
# mistakes.", "An error occurred while running the tool.", "Error executing tool ...", a bare
# exception line or traceback, "Code execution failed at line ...", "1 validation error for
# X", "f() missing 1 required positional argument"), a service ("HTTP 503 Service
# Unavailable", an HTML "404 Not Found" page, a JSON body {"error": ...} or {"isError": true}),
# a command line ("fatal: ...", "npm ERR!", "cat: x: No such file or directory", "error: could
# not compile", Node's uncaught exception opening "/app/eval.js:3" on a line of its own), a
# refusal ("Payment declined: ...", "Tool x rejected input: ...", "WRITE REJECTED: interlock ...",
# "Invalid arguments: ..."), an API's
# error envelope ({"status": "error", ...}, {"ok": false, ...}, {"resultado": "error"}, GraphQL's
# {"errors": [{...}]} and a mutation's non-empty "userErrors", {"status": 422, ...}, Moodle's
# {"exception": ...}, a SOAP fault, an outcome flag saying no). Case matters:
# a log line "ERROR 12:00 ..." is content, and so are "Error rate: 0.1 %", "200 OK" and
# {"error": null, "data": ...}; so is what a program prints ("Import error: ..." from a script
# that ran): a re-run after an edit printing it again is a check, not a failure repeated.
_FAILURE_OPENING = re.compile(
    r"[Ee]rror(?::| (?:executing|running|calling|invoking|in|while|during|from|occurred)\b)"
    r"|An (?:unexpected )?error (?:occurred|has occurred)\b"
    r"|Traceback \(most recent call last\)"
    r"|[\w .-]{1,60}: [^\n]{0,200}\n\s*stack traceback:"  # Lua's ("ReaScript error: x.lua:41: ...")
    rf"|{_EXCEPTION_NAME}:"
    r"|[A-Z]\w*(?: \w+){0,2} (?:failed|declined|denied|refused|rejected)"
    r"(?: \w+)?(?::| (?:at|with|due to|because)\b)"
    r"|[A-Z]+(?: [A-Z]+){0,2} (?:FAILED|DECLINED|DENIED|REFUSED|REJECTED)\b"  # "WRITE REJECTED: ..."
    r"|Invalid (?:arguments?|input|parameters?|request|value|`)"
    r"|\d+ validation errors? for\b"
    r"|[\w.]+\(\) (?:missing \d+ required|got an unexpected keyword|takes \d+)"
    r"|(?:<[^<>\n]*>\s*)*(?:HTTP(?:/[\d.]+)? )?[45]\d\d [A-Z][a-z]+"
    r"|fatal: |npm ERR!"
    r"|[\w./@-]+\.[cm]?[jt]sx?:\d+\r?\n"
    r"|[\w./-]+: (?:[^\n]*: )?(?:No such file or directory|Permission denied|command not found)"
    r'|\{\s*"(?:error|isError)"\s*:(?!\s*(?:null\b|false\b|""|\{\s*\}|\[\s*\]))'
    r'|\{\s*"(?:status|state|result|outcome|estado|resultado|statut|r[ée]sultat|ergebnis|stato|esito)"\s*:\s*'
    r'"(?i:error|failed|failure|fail|fallo|fallido|erreur|[ée]chec|fehler|fehlgeschlagen|erro|falha|errore|'
    r'rejected|rechazado|rejeitado|rejet[ée]|abgelehnt|respinto|denied|refused)"'
    # JSON-RPC's error answer: {"jsonrpc": "2.0", "id": 3, "error": {...}}.
    r'|\{\s*"jsonrpc"\s*:\s*"2\.0"\s*,\s*"id"\s*:\s*[^,{}]{1,40},\s*"error"\s*:\s*\{'
    # GraphQL's errors, and a mutation's user errors (Shopify), as the answer's opening states them.
    r'|\{\s*"errors"\s*:\s*\[\s*\{'
    # An HTTP status in the body ({"status": 422, ...}), an exception's envelope (Moodle's
    # {"exception": ..., "errorcode": ...}), a SOAP fault.
    r'|\{\s*"(?:status|statusCode|status_code|code|http_status)"\s*:\s*[45]\d\d\b'
    r'|\{\s*"(?:exception|errorcode|error_code|errorCode|fault)"\s*:(?!\s*(?:null\b|false\b|""|\{\s*\}|\[\s*\]))'
    r"|(?:<\?xml[^>]*>\s*)?<(?:\w+:)?Envelope\b[^>]*>\s*<(?:\w+:)?Body>\s*<(?:\w+:)?Fault>"
    r'|\{\s*"data"\s*:\s*\{\s*"\w+"\s*:\s*\{[^\[\]]*?"userErrors"\s*:\s*\[\s*\{'
    # An outcome flag saying no: {"ok": false}, {"accepted": false, "code": "ZONE_LOCKED"}, a
    # check refusing the input ({"valid": false, "errors": [...]}, {"passed": false, ...}).
    r'|\{\s*"(?:ok|success|succeeded|accepted|allowed|permitted|authori[sz]ed|valid|passed)"\s*:\s*false\b'
)
# The opening is what is read: a file or a page quoting an error further down is content.
_FAILURE_SCAN_CHARS = 200


def reads_as_failure(content: str) -> bool:
    """Whether a result reported as a success opens the way a caught failure is handed back.

    Why: many frameworks catch a tool's exception and return its message to the model as the
    tool's answer, so the span ends OK and nothing says the call failed (LangGraph, the OpenAI
    Agents SDK, smolagents, MCP servers answering ``isError`` in the body). A failure streak
    behind such answers looked like a run of new results. Only the opening is read, case
    sensitive (see ``_FAILURE_OPENING``): answers that merely mention an error stay successes.
    """
    opening = content[: 2 * _FAILURE_SCAN_CHARS].lstrip()[:_FAILURE_SCAN_CHARS]  # never a copy of all
    return _FAILURE_OPENING.match(opening) is not None


# A call this short, on one line, names a target (a path, a table, a name, a short command); a
# longer one carries a program or a text, and a new one after a failure is a rewrite, not
# another target. (Canonical JSON escapes a newline inside a value as the two characters \n.)
FRAME_MAX_CHARS = 200


def argument_frame(tool_name: str, canonical_args: str) -> str:
    """Fingerprint of a short call's structure: its keys and value types, every value masked.

    Calls with equal frames differ only in what they name: a fan-out over paths, tables or
    namespaces. A renamed key, a string turned object or an extra parameter (a model guessing
    at a tool's schema) changes the frame. ``""`` for a call longer than ``FRAME_MAX_CHARS``
    or with a value of several lines (a program, a snippet, a text): it has no single target
    to vary.
    """
    if len(canonical_args) > FRAME_MAX_CHARS or "\\n" in canonical_args:
        return ""
    return _leaves_fingerprint(tool_name, canonical_args, _value_type)


def _value_type(value: Any) -> Any:
    if isinstance(value, str):
        return "s"
    if isinstance(value, bool) or value is None:
        return value
    return 0


# What spells one value otherwise: capitals, separators and spaces, zeros padding a number (not
# those of a fraction: "0.01" is no "0.1").
_SPELLING_MARKS = re.compile(r"[\W_]+")
_PADDING_ZEROS = re.compile(r"(?<![\d.,])0+(?=\d)")


def spelling_fingerprint(tool_name: str, canonical_args: str) -> str:
    """Fingerprint of a short call with its values' spelling erased: letters folded to one case,
    separators and spaces dropped, zeros padding a number dropped ("BN-0412", "bn0412", " BN-412"
    are one value), a number one value whatever its type (22, 22.0, "22"). For a short call only
    (one with an ``argument_frame``): in a long one, a program or a text, a space or a capital may
    be the change an edit makes. ``""`` for arguments that are no JSON.

    Why: calls of one tool with other fingerprints and the same spelling ask for one thing spelled
    otherwise, never for another target: an id re-typed in each format the agent can think of
    tries nothing new, where a fan-out names other ids.
    """
    return _leaves_fingerprint(tool_name, canonical_args, _spelled)


def _spelled(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # 22.0 is 22
    if isinstance(value, int | float) and not isinstance(value, bool):
        value = str(value)  # a number sent as a string is the number
    if isinstance(value, str):
        return _SPELLING_MARKS.sub("", _PADDING_ZEROS.sub("", value.casefold()))
    return value


def _leaves_fingerprint(tool_name: str, canonical_args: str, leaf: Callable[[Any], Any]) -> str:
    """Fingerprint of a call's JSON arguments with each value (not key) mapped by ``leaf``;
    ``""`` for arguments that are no JSON."""
    try:
        value = json.loads(canonical_args)
    except ValueError:
        return ""
    return digest(f"{tool_name}\x00{canonical_json(_map_leaves(value, leaf))}")


def _map_leaves(value: Any, leaf: Callable[[Any], Any]) -> Any:
    if isinstance(value, dict):
        return {key: _map_leaves(item, leaf) for key, item in value.items()}
    if isinstance(value, list):
        return [_map_leaves(item, leaf) for item in value]
    return leaf(value)


# Verbs of a call that changes something (a write, an action) and of one that reads, as tool names
# and action arguments spell them: "ha_call_service" with "service": "turn_on", "notion_append_blocks",
# "browser_press_key", "str_replace_editor" with "command": "create". A reading verb wins:
# "get_type" reads, "browser_type" types.
_WRITE_VERBS = frozenset(
    [
        "create",
        "update",
        "set",
        "put",
        "post",
        "patch",
        "add",
        "append",
        "insert",
        "delete",
        "remove",
        "write",
        "edit",
        "save",
        "send",
        "submit",
        "apply",
        "upload",
        "move",
        "rename",
        "tag",
        "book",
        "schedule",
        "cancel",
        "toggle",
        "turn",
        "press",
        "click",
        "type",
        "fill",
        "drag",
        "hover",
        "scroll",
        "publish",
        "deploy",
        "merge",
        "commit",
        "push",
        "invite",
        "enable",
        "disable",
        "archive",
        "close",
        "approve",
        "reject",
        "mark",
        "upsert",
        "replace",
        "reply",
        "comment",
        "notify",
        "refund",
        "pay",
        "charge",
        "trigger",
        "clear",
        "reset",
    ]
)
_READ_VERBS = frozenset(
    [
        "get",
        "list",
        "read",
        "search",
        "find",
        "fetch",
        "query",
        "lookup",
        "look",
        "view",
        "show",
        "describe",
        "check",
        "status",
        "poll",
        "count",
        "inspect",
        "browse",
        "navigate",
        "snapshot",
        "screenshot",
        "download",
        "export",
        "open",
        "retrieve",
    ]
)
_NAME_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
# A key naming the action a generic tool takes, with an action's name as its value (a command
# line, with spaces, names none of its own).
_ACTION = re.compile(r'"(command|action|operation|op|service|method)"\s*:\s*"([^"\\\s]{1,64})"')
_WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# A string value opening with a statement that writes: a GraphQL mutation, an SQL write.
_WRITE_STATEMENT = re.compile(
    r'":\s*"\s*(?:mutation|insert|update|delete|merge|upsert|create|alter|drop|truncate|grant)\b',
    re.IGNORECASE,
)
# How much of the arguments is read for an action or a statement: a call's action is named near
# its start, and a 10 MB or deeply nested argument costs no more than a page (never parsed).
MUTATION_SCAN_CHARS = 4096
# A command line that writes, as peers class shell commands: a file edited in place, moved,
# removed or redirected into, a package installed, a commit made ("sed -i", "> out.txt", "pip
# install x", "git commit"). Reading commands ("grep", "cat", "ls", "git log") write nothing.
_COMMAND = re.compile(r'"(?:command|cmd|script|shell|bash)"\s*:\s*"((?:[^"\\]|\\.){1,1024})"')
_SHELL_WRITE = re.compile(
    r"(?:^|[;&|(]\s*|\s)(?:sed\s+-i|rm|mv|cp|mkdir|touch|tee|chmod|chown|patch|truncate|ln)\s"
    r"|>>?\s*(?!/dev/null|&)[\w./~-]"
    r"|\b(?:pip3?|npm|yarn|pnpm|apt(?:-get)?|brew|cargo|poetry|uv|gem|conda)\s+(?:install|add|remove|uninstall)\b"
    r"|\bgit\s+(?:commit|apply|checkout|reset|add|push|merge|rebase|stash|cherry-pick|am|rm|mv)\b"
)


def mutating_call(tool_name: str, canonical_args: str | None) -> bool:
    """Whether a call changes something rather than reads: by the action its arguments name
    (``"command": "create"``, ``"method": "POST"``), else by its tool's name, else by a statement
    that writes as a value (a GraphQL mutation, an SQL write, a command line that edits, moves,
    removes or redirects into a file, installs a package or commits).

    Why: peers class tools as read-only or mutating, and a guard that compares results flags
    successful writes (each ``attach_file`` answering ``True``): the same acknowledgement for
    another write is that write done, and an action repeated while each look after it brings
    news (a key pressed to scroll a list) is progress. Only a read answering what it answered
    repeats information. A tool whose name says neither (``bash``, ``run_sql``) and whose
    arguments name no write reads. Computed where the arguments are (the SDK), so privacy mode
    judges alike.
    """
    head = canonical_args[:MUTATION_SCAN_CHARS] if canonical_args else ""
    for key, action in _ACTION.findall(head):  # the action a generic tool is asked to take decides
        verdict = action.upper() in _WRITE_METHODS if key == "method" else _verb_kind(action)
        if verdict is not None:
            return verdict
    verdict = _verb_kind(tool_name)
    if verdict is not None:
        return verdict
    if any(_SHELL_WRITE.search(command) for command in _COMMAND.findall(head)):
        return True
    return _WRITE_STATEMENT.search(head) is not None


# A tool named for waiting (its verb, or the second of two words: "wait_until", "time.sleep"), or
# a command line that only sleeps.
_WAIT_WORDS = frozenset({"sleep", "wait", "pause", "delay", "backoff"})
# Arguments that are only a span of time ({"seconds": 600}, {"after_minutes": 90}): a wait.
_ONLY_A_DURATION = re.compile(
    r'\{"(?:\w+_)?(?:seconds|secs|sec|ms|milliseconds|minutes|mins|hours)"\s*:\s*[\d.]+\}'
)
_SLEEP_COMMAND = re.compile(
    r'"(?:command|cmd|script|shell|bash)"\s*:\s*"\s*(?:sleep|Start-Sleep)\s+[\d.]+[smh]?\s*"'
)


def waiting_call(tool_name: str, canonical_args: str | None) -> bool:
    """Whether a call only waits: a tool named for waiting ("sleep", "wait_seconds", "pause"), a
    call whose only argument is a span of time (``schedule_wakeup({"after_minutes": 90})``), or a
    short command line that only sleeps ("sleep 60").

    Why: an agent that checks a status, waits, and checks again is polling, whatever language
    the status is in and whatever words it uses: the wait it chose to make says so where the
    status words cannot. A status check and a wait repeated are not a cycle of work. Asked of
    every step: the name's answer is kept, and only short arguments are read.
    """
    if _named_for_waiting(tool_name):
        return True
    if canonical_args is None or len(canonical_args) > FRAME_MAX_CHARS:
        return False
    if _ONLY_A_DURATION.fullmatch(canonical_args) is not None:
        return True
    return "leep" in canonical_args and _SLEEP_COMMAND.search(canonical_args) is not None


# Words handing work to another agent, anywhere in a tool's name: "delegate_to_researcher",
# CrewAI's "Delegate work to coworker", ``crew.kickoff``. "Agent" names a sub-agent at either end
# of a name (smolagents' managed ``search_agent``, ``agents.run``, ``run_subagent``); inside one
# it is something else (``user_agent_string``).
_DELEGATION_WORDS = frozenset({"coworker", "crew", "subagent", "subagents"})
_AGENT_WORDS = frozenset({"agent", "agents", "subagent", "subagents"})


@lru_cache(maxsize=1024)
def delegating_tool(tool_name: str) -> bool:
    """Whether a tool hands a task to another agent, by its name ("research_agent", Claude Code's
    "Task", "delegate_to_scout", "askSubAgent"); a hand-off of the conversation
    ("transfer_to_billing") is none. From the name alone, so privacy mode judges alike.

    Why: a sub-agent's report answers a task, not a query: two reports that agree have answered
    it, and asking a third time is the manager's loop, where a query rephrased a second time is
    still a search (``same_tool``).
    """
    words = [w.lower() for w in _NAME_WORD.findall(tool_name)]
    if not words:
        return False
    if words == ["task"] or words[0] in _AGENT_WORDS or words[-1] in _AGENT_WORDS:
        return True
    return any(w in _DELEGATION_WORDS or w.startswith("delegat") for w in words)


@lru_cache(maxsize=1024)
def _named_for_waiting(tool_name: str) -> bool:
    """ "sleep", "wait_until", "time.sleep", "browser_wait"; not "get_sleep_data"."""
    words = [w.lower() for w in _NAME_WORD.findall(tool_name)]
    return bool(words) and (words[0] in _WAIT_WORDS or (len(words) == 2 and words[1] in _WAIT_WORDS))


def _verb_kind(name: str) -> bool | None:
    """True for a name with a writing verb, False for one with a reading verb (which wins), else None."""
    words = {w.lower() for w in _NAME_WORD.findall(name)}
    if words & _READ_VERBS:
        return False
    return True if words & _WRITE_VERBS else None
