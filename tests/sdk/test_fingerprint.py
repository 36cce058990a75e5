from __future__ import annotations

import datetime
import json
import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from loopwatch.fingerprint import (
    ABSENCE_MAX_CHARS,
    ABSENCE_SCAN_CHARS,
    ABSENT_RESULT,
    ACK_RESULT,
    DONE_RESULT,
    FORM_RESULT,
    FRAME_MAX_CHARS,
    INVALID_ERROR,
    LINES_MAX_CHARS,
    MAX_FACTS,
    MAX_LINES,
    MAX_LINKS,
    MISSING_ERROR,
    MUTATION_SCAN_CHARS,
    PENDING_RESULT,
    STATUS_RESULT,
    absence_class,
    argument_frame,
    call_fingerprint,
    canonical_arguments,
    canonical_json,
    delegating_tool,
    digest,
    error_class,
    fact_hashes,
    failure_line_hashes,
    figures,
    line_hashes,
    link_hashes,
    mutating_call,
    normalise_result,
    reads_as_failure,
    result_fingerprint,
    spelling_fingerprint,
    success_class,
    transient_error,
    waiting_call,
)

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(), children, max_size=4),
    max_leaves=8,
)


def test_digests_are_pinned_across_processes_and_versions() -> None:
    # The SDK and the collector compute these independently; a change breaks mixed versions.
    assert digest("hello") == "a7b6eda801e5347d"
    assert call_fingerprint("read_file", canonical_arguments({"path": "a.py"})) == "06bd75e24b2bcec4"
    assert result_fingerprint("job 7: done at 2026-11-30T02:50:27Z") == "e57d9b680844ab85"


def test_fingerprints_are_sixteen_hex_digits() -> None:
    for fingerprint in (digest(""), call_fingerprint("x", "{}"), result_fingerprint("")):
        assert len(fingerprint) == 16
        int(fingerprint, 16)


def test_argument_key_order_is_irrelevant_at_every_depth() -> None:
    a = {"b": {"y": 1, "x": [{"d": 1, "c": 2}]}, "a": "1"}
    b = {"a": "1", "b": {"x": [{"c": 2, "d": 1}], "y": 1}}

    assert canonical_arguments(a) == canonical_arguments(b) == '{"a":"1","b":{"x":[{"c":2,"d":1}],"y":1}}'


def test_json_string_arguments_equal_the_mapping() -> None:
    assert canonical_arguments('{ "q": "x",\n  "limit": 10 }') == canonical_arguments({"limit": 10, "q": "x"})


def test_list_order_is_significant() -> None:
    assert canonical_arguments({"ids": [1, 2]}) != canonical_arguments({"ids": [2, 1]})


@pytest.mark.parametrize("arguments", [None, "", "   \n"])
def test_no_arguments_canonicalise_to_an_empty_object(arguments: str | None) -> None:
    assert canonical_arguments(arguments) == "{}"
    assert canonical_arguments(arguments) == canonical_arguments({})


def test_non_json_string_is_kept_verbatim() -> None:
    assert canonical_arguments("ls -la /tmp") == '"ls -la /tmp"'


def test_non_ascii_is_kept_readable() -> None:
    assert canonical_arguments({"q": "café ☕"}) == '{"q":"café ☕"}'


def test_non_json_values_do_not_raise() -> None:
    value = {"when": datetime.date(2026, 11, 30), "tags": {"a"}, "obj": object}

    text = canonical_json(value)

    assert '"when":"2026-11-30"' in text


def test_call_fingerprint_depends_on_tool_name_and_arguments() -> None:
    args = canonical_arguments({"path": "a.py"})

    assert call_fingerprint("read_file", args) != call_fingerprint("delete_file", args)
    assert call_fingerprint("read_file", args) != call_fingerprint(
        "read_file", canonical_arguments({"path": "b"})
    )
    assert call_fingerprint("read_file", args) == call_fingerprint(
        "read_file", canonical_arguments('{"path": "a.py"}')
    )


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("status: pending at 2026-11-30T02:50:27Z", "status: pending at 2026-11-30T02:51:03.123+01:00"),
        ("last update 2026-11-30 02:50", "last update 2026-12-01 17:05"),
        ("[10:00:01] ping ok", "[10:00:07.250] ping ok"),
        (
            "request 9f1c2a3b-1d2e-4f5a-8b9c-0d1e2f3a4b5c failed",
            "request 00000000-aaaa-bbbb-cccc-111111111111 failed",
        ),
        ("object at 0x7f3a2b1c", "object at 0x7f3a2b9d"),
        ("HEAD is 3153fab0c1d2e3f4a5b6", "HEAD is 867b3ec9a8b7c6d5e4f3"),
        ("took 12ms", "took 15ms"),
        ("done in 1.5s", "done in 2 seconds"),
        ("waited 3 min", "waited 4 mins"),
        ("worker pid=4242 ready", "worker pid=4711 ready"),
        ("started process 12 of the pool", "started process 13 of the pool"),
        ("at 1764470000", "at 1764470123.5"),
        ("line one\r\nline two\r\n", "line one\nline two\n"),
        ("  padded   output\t\n", "padded output"),
        ('{"ok": true, "request_id": "rq-4410"}', '{"ok": true, "request_id": "rq-4417"}'),
        ('{"id": "1247930417395548251", "pinned": false}', '{"id": "1247930652289396847", "pinned": false}'),
        ("X-Request-Id: 9f8e7d\nok", "x-request-id: a1b2c3\nok"),
    ],
)
def test_volatile_content_is_stripped(first: str, second: str) -> None:
    assert normalise_result(first) == normalise_result(second)
    assert result_fingerprint(first) == result_fingerprint(second)


def test_a_time_alone_on_its_line_is_a_value_not_a_clock() -> None:
    """A replication lag polled until it shrinks is the news, not a clock's noise."""
    lag = "       lag\n-----------------\n {}\n(1 row)"
    assert normalise_result(lag.format("00:04:12.118")) != normalise_result(lag.format("00:02:55.730"))


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("job 7: 10% done", "job 7: 20% done"),
        ("3 failed, 12 passed", "4 failed, 11 passed"),
        ("page 2 of 9", "page 3 of 9"),
        ("error at line 42", "error at line 43"),
        ("exit code 1", "exit code 2"),
        ("No results found.", "1 result found."),
        ("commit 3153fab", "commit 867b3ec"),  # short ids are content, not noise
        ("Found 5 matching files", "Found 6 matching files"),
    ],
)
def test_meaningful_differences_are_kept(first: str, second: str) -> None:
    assert result_fingerprint(first) != result_fingerprint(second)


def test_normalised_placeholders_name_what_was_stripped() -> None:
    text = "2026-11-30T02:50:27Z id 9f1c2a3b-1d2e-4f5a-8b9c-0d1e2f3a4b5c in 3ms"

    assert normalise_result(text) == "<ts> id <uuid> in <dur>"


def test_lone_surrogates_do_not_raise() -> None:
    assert len(result_fingerprint("broken \ud800 text")) == 16
    assert len(digest("\udfff")) == 16


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.text(max_size=8), JSON, max_size=5))
def test_key_order_never_matters(arguments: dict[str, Any]) -> None:
    reordered = dict(reversed(list(arguments.items())))

    assert canonical_arguments(reordered) == canonical_arguments(arguments)
    assert canonical_arguments(json.dumps(reordered)) == canonical_arguments(arguments)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters()))
def test_result_fingerprint_never_raises(content: str) -> None:
    assert len(result_fingerprint(content)) == 16
    assert "\r" not in normalise_result(content)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (
            "tool_call_id=call_Ab3dE5fG7hJ9kL1mN3pQ5rS7 status=not found",
            "tool_call_id=call_Zy9xW8vU7tS6rQ5pO4nM3lK2 status=not found",
        ),
        ("answer to toolu_01A09q90qw90lq917835lq9: empty", "answer to toolu_01B19z91zz91zz917835zz8: empty"),
    ],
)
def test_provider_call_ids_in_results_are_volatile(first: str, second: str) -> None:
    assert result_fingerprint(first) == result_fingerprint(second)


@pytest.mark.parametrize(
    "kept", ["call_backend failed", "see recall_12345678abc", "call_12345678 only digits"]
)
def test_identifiers_that_only_look_like_call_ids_are_kept(kept: str) -> None:
    assert normalise_result(kept) == kept


def test_error_class_is_the_same_failure_in_other_words() -> None:
    renamed = [
        f"TypeError: page_down() got an unexpected keyword argument '{k}'"
        for k in ("page_down", "arguments", "")
    ]
    assert len({error_class(e) for e in renamed}) == 1
    traceback = (
        "Traceback (most recent call last):\n  File \"/app/x.py\", line 3, in <module>\nKeyError: 'id'"
    )
    assert error_class(traceback) == error_class("KeyError: 'name'")
    assert error_class("Could not find file 'a.py' in the workspace.") == error_class(
        "Could not find file 'tests/b_test.ts' in the workspace."
    )


def test_error_class_tells_other_failures_apart() -> None:
    assert error_class("KeyError: 'id'") != error_class("TypeError: 'id'")
    assert error_class("permission denied") != error_class("connection refused")


def test_argument_frame_is_equal_for_calls_that_vary_only_their_target() -> None:
    assert argument_frame("read", canonical_arguments({"path": "a.py"})) == argument_frame(
        "read", canonical_arguments({"path": "src/b.py"})
    )
    schema_guesses: list[dict[str, Any]] = [{"page_down": ""}, {"page_down": {}}, {"arguments": {}}, {"": ""}]
    assert len({argument_frame("page_down", canonical_arguments(a)) for a in schema_guesses}) == 4
    assert argument_frame("read", canonical_arguments({"path": "a.py"})) != argument_frame(
        "open", canonical_arguments({"path": "a.py"})
    )


def test_an_id_typed_otherwise_has_one_spelling() -> None:
    """Capitals, separators, spaces and padding zeros spell one value; another id, another key
    or another tool is another request."""

    def spelled(name: str, arguments: dict[str, Any]) -> str:
        return spelling_fingerprint(name, canonical_arguments(arguments))

    variants = ["BN-0412", "bn-0412", "BN0412", " BN-0412", "BN-412", "bn_412"]
    assert len({spelled("get", {"plantId": v}) for v in variants}) == 1
    assert spelled("get", {"plantId": "BN-0413"}) != spelled("get", {"plantId": "BN-0412"})
    assert spelled("get", {"plantId": "BN-4120"}) != spelled("get", {"plantId": "BN-412"})
    assert spelled("get", {"id": "BN-0412"}) != spelled("get", {"plantId": "BN-0412"})
    assert spelled("read", {"plantId": "BN-0412"}) != spelled("get", {"plantId": "BN-0412"})
    assert spelling_fingerprint("search", "not json") == ""


def test_a_number_typed_otherwise_has_one_spelling_and_a_fraction_keeps_its_zeros() -> None:
    """22, 22.0 and "22" are one value; a sweep over 0.1, 0.01, 0.001 tries other values (the
    zeros of a fraction are no padding), as an id padded with zeros is not."""

    def spelled(value: object) -> str:
        return spelling_fingerprint("calc", canonical_arguments({"gauge": value}))

    assert len({spelled(v) for v in (22, 22.0, "22", " 22")}) == 1
    assert len({spelled(v) for v in ("0.1", "0.01", "0.001", 0.0001)}) == 4
    assert spelled(22.5) != spelled(22)


def test_a_long_call_has_no_frame() -> None:
    program = canonical_arguments({"code": "print(1)\n" * (FRAME_MAX_CHARS // 9 + 1)})
    assert argument_frame("python", program) == ""


@pytest.mark.parametrize(
    "message",
    [
        '{"status": 400, "error": "ValidationError", "message": "invalid date: expected format YYYY-MM-DD"}',
        "Invalid arguments: unexpected keyword argument 'args'",
        "Error: parameter 'end' must be later than 'start'",
        "unknown parameter 'page_down' for tool browser",
        '{"error": "importe: se esperaba un número (float), se recibió texto"}',
        "Fehler: ungültiges Datum im Feld 'gueltig_ab'",
        "Erreur : format invalide pour le champ date",
        "Erro: valor inválido para o campo 'quantidade'",
        "エラー: 日付の形式が正しくありません",
        # Pydantic's message under a bare status line: the body says what was malformed.
        '422 Unprocessable Entity\n{"detail": [{"loc": ["items"], "msg": "Input should be a valid list"}]}',
    ],
)
def test_errors_that_say_the_call_was_malformed_are_invalid(message: str) -> None:
    """Another value after such an error is another attempt at a well-formed call."""
    assert error_class(message).startswith(INVALID_ERROR)


@pytest.mark.parametrize(
    "message",
    [
        "cat: conftest.py: No such file or directory",
        'ERROR:  relation "raw.orders" does not exist',
        "npm ERR! 404 Not Found - GET https://registry.example/tidepool",
        "KeyError: 'invalid'",  # typed: the type is the class
    ],
)
def test_errors_that_say_the_target_is_absent_are_not_invalid(message: str) -> None:
    assert not error_class(message).startswith(INVALID_ERROR)


@pytest.mark.parametrize(
    "message",
    [
        "cat: conftest.py: No such file or directory",
        'ERROR:  relation "raw.orders" does not exist',
        "<html><head><title>404 Not Found</title></head><body>",
        "Error: cliente no encontrado (CLI-0999)",
        "Erreur : dossier introuvable",
        "Fehler: Projekt 'acme-prod' nicht gefunden",
    ],
)
def test_errors_that_say_the_target_is_absent_are_missing(message: str) -> None:
    """For a sweep over dates or versions, "not found" is news about the target; the same 502
    page for every order is not (near miss)."""
    assert error_class(message).startswith(MISSING_ERROR)
    assert not error_class("<html><head><title>502 Bad Gateway</title></head>").startswith(MISSING_ERROR)


def test_error_class_is_the_exception_type_when_one_is_named() -> None:
    wrapped = "Code execution failed at line 'x = f()' due to: InterpreterError: f is not defined"
    assert error_class(wrapped) == "type:InterpreterError"
    assert error_class("java.io.IOException: disk full") == "type:IOException"
    assert error_class("Error: ValueError('bad date')\n Please fix your mistakes.") == "type:ValueError"
    assert error_class("permission denied").startswith("text:")


@pytest.mark.parametrize(
    "message",
    [
        "Error: request timed out after 30s",
        "429 Too Many Requests: retry after 2s",
        "Payment declined: issuer unavailable (code 91)",
        "Service temporarily overloaded, try again later",
        "TimeoutError: The read operation timed out",
        "MissionError: TIMEOUT - no MISSION_ACK within 5.0 s",  # a type of its own, a transient message
        "Error: servicio no disponible temporalmente, inténtelo de nuevo",
        "Fehler: Dienst vorübergehend nicht verfügbar",
        "エラー: サービスが混雑しています。しばらくしてからお試しください",
    ],
)
def test_errors_that_say_the_service_failed_are_transient(message: str) -> None:
    assert transient_error(error_class(message))


@pytest.mark.parametrize(
    "message",
    [
        "Error: '<' not supported between instances of 'str' and 'datetime.datetime'",
        "TypeError: a.add is not a function",
        "Invalid arguments: unexpected keyword argument 'args'",
        "Error: listen EADDRINUSE: address already in use :::41234",
        "Traceback (most recent call last):\n  File \"urllib3/util/retry.py\", line 9\nKeyError: 'id'",
    ],
)
def test_errors_about_the_call_itself_are_not_transient(message: str) -> None:
    """Only the cause's own message is read: a frame of a retry module above it says nothing."""
    assert not transient_error(error_class(message))


def test_a_grpc_status_code_decides_the_class() -> None:
    """ "FailedPrecondition ... connector is Unavailable" is the call's own problem (a connector
    out of service), not a transient failure; the code Unavailable is one."""
    assert not transient_error(
        error_class("rpc error: code = FailedPrecondition desc = connector 1 is Unavailable")
    )
    assert transient_error(error_class("rpc error: code = Unavailable desc = connection refused"))
    assert error_class("StatusCode.INVALID_ARGUMENT: bad id").startswith(INVALID_ERROR)


def test_an_http_answer_is_classed_by_its_status_line_and_body() -> None:
    """The status line alone says "400 Bad Request"; the body says why: the request body was
    malformed, another attempt at a well-formed call."""
    answer = (
        'HTTP/1.1 400 Bad Request\ncontent-type: application/json\n\n{"errorCode": "INVALID_REQUEST_BODY"}'
    )
    assert error_class(answer).startswith(INVALID_ERROR)


def test_a_pretty_printed_envelope_is_classed_by_its_message() -> None:
    """An API's error envelope printed over several lines opens with "{": its status, field and
    message are read as one line, so another value sent is the same failure, and a malformed
    value says so (near miss: the service failing says that instead)."""

    def envelope(message: str, value: str) -> str:
        error = {"field": "amount", "message": message, "value": value}
        return json.dumps({"ok": False, "errors": [error]}, indent=2, ensure_ascii=False)

    malformed = "se esperaba un número (float), se recibió texto"
    assert error_class(envelope(malformed, "1.200,00")) == error_class(envelope(malformed, "EUR 1200"))
    assert error_class(envelope(malformed, "1.200,00")).startswith(INVALID_ERROR)
    assert transient_error(error_class(envelope("servicio no disponible temporalmente", "1200")))


def test_a_transient_error_in_other_words_is_still_one_class() -> None:
    assert error_class("Gateway timeout (request 81)") == error_class("Gateway timeout (request 9)")


@pytest.mark.parametrize(
    "report",
    [
        "### 1. Task outcome (short version):\nCould not determine the first award year.",
        "Report: no exact figure found. Best sources: a timeline.",
        "Report: no exact first award year found. Best sources: a timeline.",
        "I searched several sources about An-22. None states the exact figure.",
        "Sources describe it as biennial, but none of them mentions the first year.",
        "I searched several pages. The year is not mentioned in any of them.",
        "No results found for 'atlantis forecast'.",
        "Ran the test 100 times: all passed. Unable to reproduce the intermittent failure.",
        "Segments are Americas, EMEA, APAC; an EU-only figure is not disclosed anywhere.",
        '{"Items": [], "Links": {}, "UnitsAbbreviation": ""}',  # a structure with nothing in it
        '{"hits": {"total": 0, "hits": []}}',
        "[]",
        # A query's envelope around an empty result, with its status and timings.
        '{"status": "success", "data": {"resultType": "streams", "result": [], "stats": {"time": 0.04}}}',
        # Empty containers beside the identifiers the query named, echoed back.
        '{"account": "U8812034", "transactions": [], "count": 0}',
        '{"lot": "N3K-2240", "from": "2026-09-30", "holds": {}}',
        '{"data": null, "errors": []}',  # a GraphQL query that found nothing
        # The same in other languages.
        "### 1. Task outcome (short version):\nNo accessible page stated the exact number for 2015.",
        "No reliable source gives the founding year of Lunavia Pay. Looked at: Crunchbase, TechCrunch.",
        "No se encontraron registros para el paciente.",
        "Nenhum resultado encontrado para a consulta.",
        "Aucun résultat trouvé pour cette référence.",
        "Keine Treffer gefunden.",
        "Nessun dato trovato per il lotto.",
        "Geen resultaten gevonden voor deze zoekopdracht.",
        "Brak wyników dla zapytania.",
        "По запросу ничего не найдено.",
        "Kayıt bulunamadı.",
        "Tidak ada catatan pengisian untuk tabung yang diminta.",
        "Inga träffar för sökningen.",
        "該当する記録は見つかりませんでした。",
        "未找到相关记录。",
        "검색 결과가 없습니다.",
    ],
)
def test_a_report_that_found_nothing_is_absent(report: str) -> None:
    assert absence_class(report) == ABSENT_RESULT


def test_a_report_that_found_something_is_not_absent() -> None:
    assert absence_class("The Calloway Prize was first awarded in 1962 (source: the society's site).") == ""
    # Near miss: "no" and "found" too far apart to be one phrase.
    assert absence_class("No award was given in the war years, as the archive I found there says.") == ""
    assert absence_class("All 12 tests passed; none of them failed.") == ""
    # Near misses: an empty list of errors says the request went through; a count of one is a find.
    assert absence_class('{"data": {"productVariantsBulkUpdate": {"userErrors": []}}}') == ""
    assert absence_class('{"hits": {"total": 1, "hits": [{"id": "a"}]}}') == ""
    assert absence_class('{"id": 5, "name": "Ada", "tags": []}') == ""  # a record with an empty field
    assert absence_class('{"order": "A-1", "status": "shipped", "notes": []}') == ""  # a state is a find
    assert absence_class('{"error": null}') == ""  # no error: the request went through
    # Near misses in other languages: "no problem", a result given, "there is none left" stated
    # as a finding with its figure.
    assert absence_class("Tidak ada masalah; tabung sudah diisi nitrox 32%.") == ""
    assert absence_class("Das Ergebnis: 42 Treffer in drei Archiven.") == ""
    assert absence_class("Se halló el expediente 2026-117 en el archivo central.") == ""


def test_a_mention_far_into_a_result_or_in_a_long_one_is_content() -> None:
    """Boundaries: the outcome is read only in a report's opening, and a long page or file that
    says "not found" somewhere is content, not an absence."""
    late = "x " * (ABSENCE_SCAN_CHARS // 2) + "the key was not found"
    long = "Not found handler\n" + "def handler(): pass\n" * (ABSENCE_MAX_CHARS // 10)
    assert absence_class(late) == ""
    assert absence_class(long) == ""
    assert absence_class("the key was not found") == ABSENT_RESULT


def test_line_hashes_ignore_order_list_markers_and_surrounding_space() -> None:
    first = "1. KB-1 reset the router\n  2. KB-2 update firmware  \n\n"
    again = "- KB-2 update firmware\n- KB-1 reset the router"

    assert line_hashes(first) == line_hashes(again)
    assert len(line_hashes(first)) == 2
    # A marker opens a line; a dash inside one is what the line says.
    assert line_hashes("10 items - total\nx") != line_hashes("10 items total\nx")


def test_lines_differing_in_an_id_are_other_lines() -> None:
    """Unlike fingerprints, lines keep ids and hex: two files whose lines differ only in hashes
    are two files, not one seen twice."""
    assert line_hashes("1 5f409e6bdfe0\n2 92bad386e5ca") != line_hashes("1 727e422429d7\n2 4eaad88fbad5")


def test_a_changed_line_changes_its_hash() -> None:
    assert set(line_hashes("job-1 Running\njob-2 Running")) != set(line_hashes("job-1 Done\njob-2 Running"))


def test_failure_lines_mask_what_a_command_varies_by_itself() -> None:
    """A port, a pid, a timestamp or a duration changes from run to run of one failure; a status
    in a short number ("1 of 4", "75%") is what the failure reports."""
    refused = "Error: listen EADDRINUSE :::{}\n    at Server.listen (pid {}) after {}ms at {}"
    same = [refused.format(*run) for run in ((41234, 881, 12, "12:00:01"), (39001, 902, 731, "12:00:09"))]
    rollout = "Waiting for rollout: {} of 4 updated\nerror: timed out"

    assert failure_line_hashes(same[0]) == failure_line_hashes(same[1])
    assert line_hashes(same[0]) != line_hashes(same[1])  # a success's lines keep them all
    assert failure_line_hashes(rollout.format(1)) != failure_line_hashes(rollout.format(2))
    assert len(failure_line_hashes(rollout.format(1))) == 2
    assert failure_line_hashes("Payment declined (code 91)") == ()  # one line: its error class judges


def test_line_hashes_are_empty_where_the_lines_cannot_all_be_kept() -> None:
    """Boundary: one line says nothing a fingerprint does not; past 64 distinct lines or 8,192
    characters only part could be kept, and the news may be in the rest."""
    assert line_hashes("one line") == ()
    assert len(line_hashes("\n".join(f"row {i}" for i in range(MAX_LINES)))) == MAX_LINES
    assert line_hashes("\n".join(f"row {i}" for i in range(MAX_LINES + 1))) == ()
    assert line_hashes("a\n" + "b" * LINES_MAX_CHARS) == ()


def test_link_hashes_ignore_case_trailing_punctuation_and_the_text_around() -> None:
    first = "1. Port Ember | Encyclopaedia\n   URL: https://en.wikipedia.org/wiki/Port_Ember\nsee (https://x.org/a)."
    again = "Port Ember: history [https://x.org/a] and HTTPS://EN.WIKIPEDIA.ORG/wiki/Port_Ember, again"

    assert link_hashes(first) == link_hashes(again)
    assert len(link_hashes(first)) == 2


def test_link_hashes_are_empty_for_one_link_or_a_page_of_them() -> None:
    assert link_hashes("see https://x.org/a") == ()
    assert len(link_hashes(" ".join(f"https://x.org/{i}" for i in range(MAX_LINKS)))) == MAX_LINKS
    assert link_hashes(" ".join(f"https://x.org/{i}" for i in range(MAX_LINKS + 1))) == ()


def test_fact_hashes_are_what_a_report_names_whatever_its_sentences() -> None:
    """The same figure, people and source restated in other sentences: the same facts. A word
    opening a sentence or a line is no name; "$42M" and "42 million" state the same number."""
    first = (
        "In 2019 Acme Robotics reported revenue of roughly $42 million, according to CEO Dana Lee.\n"
        "Source: https://roboticsbusinessreview.com/acme-ceo-interview"
    )
    again = (
        "Approximately $42M in 2019, per the statement of Dana Lee (CEO) about Acme Robotics.\n"
        "https://roboticsbusinessreview.com/acme-ceo-interview"
    )

    assert fact_hashes(first) == fact_hashes(again)
    assert len(fact_hashes(first)) == 8  # acme robotics 42 2019 ceo dana lee, the link


def test_an_amount_in_other_units_is_one_fact() -> None:
    """ "$1.84B", "$1,842 million" and "1.842bn" state one figure to three digits; a year, a
    count or a duration with no scale is the number it is."""
    reports = [
        "EMEA revenue was $1.84B in FY2023 per Note 17 of the 10-K.",
        "EMEA revenue was $1,842 million in FY2023 per Note 17 of the 10-K.",
        "EMEA revenue was 1.842bn in FY2023 per Note 17 of the 10-K.",
        "EMEA revenue was $1.84 billion in FY2023 per Note 17 of the 10-K.",
    ]
    assert len({fact_hashes(r) for r in reports}) == 1
    # Near miss: another figure of the same magnitude is another fact.
    assert fact_hashes("EMEA revenue was $1.92B in FY2023 per Note 17 of the 10-K.") != fact_hashes(
        reports[0]
    )
    assert fact_hashes("In 2023 the 412 runs took 35 minutes") == fact_hashes(
        "the 412 runs took 35 minutes in 2023"
    )
    assert fact_hashes("In 2023 the 412 runs took 35 minutes") != fact_hashes(
        "In 2024 the 412 runs took 35 minutes"
    )
    # Written out, rounded, or as a rate: "$14,200 a month" is "14.2k USD monthly" is "$14.2K/mo".
    spelled = [
        "Cost for CloudWatch Logs: $14,200 a month (USD), $170,400 a year.",
        "Cost for CloudWatch Logs: 14.2k USD a month, 170k USD a year.",
        "Cost for CloudWatch Logs: $14.2K/mo, i.e. $170K/yr (USD).",
    ]
    assert len({fact_hashes(r) for r in spelled}) == 1


@pytest.mark.parametrize(
    ("name", "arguments"),
    [
        ("notion_append_blocks", '{"block_id":"a41d"}'),  # by its name
        ("browser_press_key", '{"key":"End"}'),
        ("sendMessage", None),  # camelCase
        ("ha_call_service", '{"domain":"light","service":"turn_on"}'),  # by the action it names
        ("str_replace_editor", '{"command":"create","path":"/repo/a.py"}'),
        ("http_request", '{"method":"post","url":"https://api.example.com/v1/items"}'),
        ("admin_graphql", '{"query":"mutation bulk($id: ID!) { update(id: $id) { ok } }"}'),  # a statement
        ("run_sql", '{"sql":"UPDATE orders SET status = 1"}'),
        ("bash", '{"command":"sed -i s/a/b/ app.py"}'),  # a command line that writes, as peers class it
        ("bash", '{"command":"python gen.py > out.csv"}'),
        ("run_shell", '{"cmd":"pip install numpy"}'),
        ("bash", '{"command":"git commit -m fix"}'),
    ],
)
def test_calls_that_change_something_mutate(name: str, arguments: str | None) -> None:
    assert mutating_call(name, arguments)


@pytest.mark.parametrize(
    ("name", "arguments"),
    [
        ("web_search", '{"q":"update notes"}'),
        ("get_type", None),  # a reading verb wins
        ("str_replace_editor", '{"command":"view","path":"/repo/a.py"}'),  # the action named wins
        ("http_request", '{"method":"GET"}'),
        ("admin_graphql", '{"query":"query { products { id } }"}'),
        ("delegate_task", '{"task":"Find the EU revenue"}'),  # asks a sub-agent: a report comes back
        ("assign_task", '{"brief":"Find the EU revenue"}'),
        ("bash", '{"command":"git log --oneline | head"}'),  # a command line that only reads
        ("bash", '{"command":"pytest -q 2>&1 | tail -5"}'),
        ("browser_navigate", '{"url":"https://example.com"}'),
    ],
)
def test_calls_that_read_or_say_nothing_do_not_mutate(name: str, arguments: str | None) -> None:
    assert not mutating_call(name, arguments)


@pytest.mark.parametrize(
    "arguments", ["x" * 10_000_000, '{"a":' * 50_000 + "1" + "}" * 50_000], ids=["10MB", "deep-object"]
)
def test_a_huge_or_deeply_nested_call_is_classed_by_its_head_without_parsing(arguments: str) -> None:
    """Arguments are never parsed to class a call: only their first ``MUTATION_SCAN_CHARS``
    characters are read, so a 10 MB or 50,000-deep argument is classed by its tool's name."""
    assert mutating_call("edit", arguments)
    assert not mutating_call("workspace", arguments)
    late = '{"body":"' + "x" * MUTATION_SCAN_CHARS + '","command":"create"}'
    assert not mutating_call("workspace", late)  # named past what is read


def test_figures_and_names_are_told_apart_by_their_hashes() -> None:
    """A figure's hash is odd, a name's or an address's even: a report restated with other
    names keeps its figures, and the detectors read them apart without the content."""
    facts = fact_hashes("EMEA revenue was $1.84B in FY2023 per Note 17, see https://ir.example.com")
    stated = figures(facts)

    assert len(facts) == 6  # emea, note, the link; 1.8e+09, 2023, 17
    assert len(stated) == 3
    assert all(fact % 2 == 1 for fact in stated)
    restated = fact_hashes("In 2023 the EMEA segment made $1,842 million (Form 10-K, Note 17).")
    assert set(figures(restated)) == {*stated, zlib.crc32(b"10") | 1}


def test_a_decimal_comma_states_the_figure_a_decimal_point_does() -> None:
    """A report in a language writing "18,4" states the figure "18.4" does; a comma before three
    digits separates thousands and stays another figure."""
    assert fact_hashes("C/I 18,4 dB, limit 21 dB, margin 2,6 dB") == fact_hashes(
        "C/I 18.4 dB, limit 21 dB, margin 2.6 dB"
    )
    # Near miss: thousands are not decimals.
    assert fact_hashes("Rows 14,200 of 18,400 in 21 tables") != fact_hashes("Rows 14.2 of 18.4 in 21 tables")


def test_fact_hashes_skip_ranks_and_counts_under_ten() -> None:
    """A rank is where the answer put a page, "3 results" a count: listings of other pages on
    other subjects share them."""
    assert fact_hashes("1. soil chemistry part 1\n2. soil chemistry part 2\n3. moss growth, 3 sources") == ()
    assert fact_hashes("see Arnold Schoenberg, Alban Berg and 12 tones") != ()


def test_values_a_comma_joins_are_separate_figures() -> None:
    """A CSV row joins its values with commas ("520,-191.1561,0.9"): a report restating two of
    them states figures the row gave. A number has one fraction at most; a version or an
    address keeps its dots."""
    row = fact_hashes("ENCUT,E,dE\n520,-191.1561,0.9\n600,-191.1725,0.4")
    restated = fact_hashes("At 520 eV dE is 0.9, at 600 eV it is 0.4.")

    assert set(restated) <= set(row)
    assert fact_hashes("upgrade 10.0.1 on 192.168.1.10 and 10.0.2") != fact_hashes(
        "upgrade 10.0.2 on 192.168.1.10 and 10.0.1 and 10.0"
    )


def test_a_date_is_one_fact() -> None:
    """Rows of one month share its year and month, not their days: the events of other days are
    other facts (a query's new rows, not an answer restated)."""
    unloading = set(fact_hashes("day | count\n2025-11-01 | 62\n2025-11-02 | 60\n2025-11-03 | 58"))
    events = set(
        fact_hashes("ts | event\n2025-11-04 22:10 | tippler failed\n2025-11-07 09:30 | tippler back at 50")
    )

    assert len(events) == 7  # two dates, and the hours and minutes of two times, and 50
    assert not events & unloading


def test_chinese_and_japanese_punctuation_ends_a_word() -> None:
    """ "已複核：520 eV 時 0.9 meV/atom，600 eV 時 0.4" states 520, 600 and the unit, as the
    same sentence with ASCII punctuation does: no figure glued to a full-width colon or comma."""
    assert fact_hashes("已複核：520 eV 時 ΔE = 0.9 meV/atom，600 eV 時 0.4 meV/atom。") == fact_hashes(
        "checked: 520 eV, 0.9 meV/atom, 600 eV, 0.4 meV/atom."
    )


def test_the_pronoun_i_is_no_name() -> None:
    """A report in the first person says "I" anywhere in a sentence: no fact of the subject."""
    assert fact_hashes("Then I checked Acme and I found Dana Lee") == fact_hashes(
        "Then we checked Acme, found Dana Lee"
    )


def test_fact_hashes_are_empty_for_fewer_than_three_or_a_page_of_them() -> None:
    assert fact_hashes("Done: the file was saved by Alice.") == ()
    assert len(fact_hashes(" ".join(f"item {i + 10}" for i in range(MAX_FACTS)))) == MAX_FACTS
    assert fact_hashes(" ".join(f"item {i + 10}" for i in range(MAX_FACTS + 1))) == ()


@pytest.mark.parametrize(
    "status",
    [
        '{"status": "running", "progress": 0.12}',
        "Build #41: queued",
        "Deployment in progress (2/4)",
        "not ready yet",
        "Status: Pending",
        "the export job is still running",
        '{"device_id": "gh-sensor-01", "state": "installing", "progress": null}',  # any "-ing" state
        '{"job_id": "w-aws", "state": "working"}',
        '{"phase": "Paused", "step": "3/8", "message": "CanaryPauseStep (10m)"}',
        'in_progress\n\n["lint:completed", "build:completed", "test:in_progress"]',  # parts done, one not
        "[screenshot 1440x900] Installing the driver… Please wait. (no progress bar yet)",  # a screen
        '{"data": {"id": "av-420", "attributes": {"appStoreState": "WAITING_FOR_REVIEW"}}}',
        '{"report_run_id": "6011", "async_status": "Job Not Started", "async_percent_completion": 0}',
        "4471823 PENDING 0:00 (Priority)",  # a scheduler's status column, in capitals
        '{"envelopeId": "3f1c", "status": "sent", "statusChangedDateTime": "2026-06-03T08:00:41Z"}',
        '{"estado": "Pendiente de revisión por la oficina judicial", "justificante": "LX-2026"}',
        # A structured status opening a longer answer: the run goes on, whatever its jobs say.
        '{\n  "status": "in_progress",\n  "jobs": [\n'
        + '    {"name": "unit", "status": "completed"},\n' * 12
        + "  ]\n}",
    ],
)
def test_a_status_saying_the_work_goes_on_is_pending(status: str) -> None:
    assert success_class(status).startswith(PENDING_RESULT)


def test_a_request_queued_again_under_a_new_message_id_is_queued_alike() -> None:
    """A send answered "queued" with a new message id (letters and digits) each time: one form.
    Near miss: a request queued in another form (another count of segments is another answer
    only by its number, so the same form too; another state is another form)."""
    queued = [
        f'{{"status": "queued", "message_id": "{m}", "segments": 2}}' for m in ("SM9f2a71c0", "SM0b44e2d9")
    ]

    assert success_class(queued[0]) == success_class(queued[1])
    assert success_class(queued[0]) != success_class('{"status": "sending", "message_id": "SM9f2a71c0"}')


def test_a_pending_status_keeps_its_form_while_only_its_numbers_move() -> None:
    """Progress (files checked, a share, a newer heartbeat) keeps the form; near miss: a status
    that changed its words ("queued", then "running") is another form."""
    checked = [f'{{"status": "VALIDATING", "checked": {n}, "at": "09:1{n % 10}:07Z"}}' for n in (120, 211)]
    assert success_class(checked[0]) == success_class(checked[1])
    assert success_class('{"job": "j-7", "state": "queued"}') != success_class(
        '{"job": "j-7", "state": "running"}'
    )


@pytest.mark.parametrize(
    "answer",
    [
        "Here's the result of running `cat -n` on /testbed/a.py: 1 import os",
        "2 tests were skipped while waiting for the lock was disabled",
        "The API is working fine again",
        '{"check": "dns", "state": "failing"}',  # a failing check is no work going on
        # A thing named in -ing joined to the state it reached is that state.
        '{"zone": "Z-CPH-114", "status": "parking_allowed", "effective_from": "now", "vehicles_inside": 37}',
        "zone Z-CPH-114 status: parking_allowed",
        # A log that started and then said it was done: "Starting" is where it began.
        "Starting Nmap 7.95 at 2026-03-03\nNote: Host seems down.\nNmap done: 1 IP address scanned in 3.04 s",
        '{"jobs": [{"name": "e2e", "status": "completed"}], "note": "'
        + "x" * 600
        + '", "status": "running"}',
    ],
)
def test_a_status_word_in_prose_or_deep_in_an_answer_is_no_status(answer: str) -> None:
    """Near misses: "running" as prose, a status past the opening of a long answer."""
    assert not success_class(answer).startswith(PENDING_RESULT)


@pytest.mark.parametrize(
    "ack",
    [
        "The file /home/dev/web/src/api/client.ts has been updated.",
        "[edit applied]",
        "Created issue PROJ-12",
        "Message sent.",
        "Success. Updated the following files:\nM clients/base.py",
        "number of rows inserted: 22\nelapsed: 7.0s",
        '{"success": true, "errors": []}',
    ],
)
def test_a_line_or_two_acknowledging_a_change_is_done(ack: str) -> None:
    assert success_class(ack).startswith(DONE_RESULT)


def test_a_change_acknowledged_is_classed_by_its_form_with_identifiers_masked() -> None:
    """A hold placed again is acknowledged in the same form under a new hold id; a rollout's
    share of pods updated is a status that moved (near miss: its counts are kept)."""
    held = (
        '{"ok": true, "hold_id": "H-0093317", "state": "ON_HOLD"}',
        '{"ok": true, "hold_id": "H-0093318", "state": "ON_HOLD"}',
    )
    assert success_class(held[0]) == success_class(held[1])
    assert success_class("rollout d-881: 10% of pods updated") != success_class(
        "rollout d-881: 35% of pods updated"
    )


@pytest.mark.parametrize(
    "answer",
    [
        "Updated rows:\nid=1 status=paid\nid=2 status=paid",  # a listing: content besides
        "The price was updated in 2021 to " + "a figure given in the long notes that follow. " * 4,
        "3 passed in 0.2s",
        '{"name": "ok computer", "track": 3}',  # "ok" inside a value is no status
    ],
)
def test_an_answer_with_content_is_not_done(answer: str) -> None:
    assert not success_class(answer).startswith(DONE_RESULT)


def test_a_record_laid_out_on_lines_is_classed_as_one_record() -> None:
    """An indented JSON answer is one short record still: a booking made again answers in the
    same form under a new confirmation number, however many lines its layout takes."""

    def booked(confirmation: str) -> str:
        return json.dumps(
            {"ok": True, "confirmation": confirmation, "date": "2026-10-10", "players": 4}, indent=2
        )

    assert success_class(booked("TS-44120")) == success_class(booked("TS-44121"))
    assert success_class(booked("TS-44120")).startswith((DONE_RESULT, FORM_RESULT))


def test_a_record_with_a_date_field_named_for_a_change_is_no_acknowledgement() -> None:
    """A search hit's "updated": "2024-09-30" says when the document changed, not that this call
    changed it; near miss: a flag saying the record was saved is the write acknowledged."""
    hits = '{"hits": [{"id": "SWX-OPS-03", "updated": "2024-09-30"}]}'

    assert not success_class(hits).startswith(DONE_RESULT)
    assert success_class('{"saved": true, "record": "b3318842", "rev": 2}').startswith(DONE_RESULT)


def test_a_short_record_is_classed_by_its_form_with_identifiers_masked() -> None:
    """A ticket created again answers in the same form under a new id and key; rows a scroll
    brought differ in their dates, which are kept (near miss)."""
    created = ('{"id": "30118", "key": "ITACCESS-912"}', '{"id": "30119", "key": "ITACCESS-913"}')
    filed = (
        '{"status": "RECEIVED", "mrn": "26DE73201EX0A9"}',
        '{"status": "RECEIVED", "mrn": "26DE73202EX0A9"}',
    )
    rows = ('{"new_rows": ["2026-09-10 sso.login"]}', '{"new_rows": ["2026-08-10 sso.login"]}')

    for first, second in (created, filed):
        assert success_class(first).startswith(FORM_RESULT)
        assert success_class(first) == success_class(second)
    assert success_class(rows[0]) != success_class(rows[1])


@pytest.mark.parametrize(
    "ack",
    [
        '{"esito": "ok", "id_voce": "V-88127", "versione_pagina": 32}',  # a status of ok, any key
        '{"result": "WriteProperty-ACK", "invoke_id": 3}',
        '{"status": "ok"}',  # a health check's answer too: no change made, only "went through"
    ],
)
def test_a_short_answer_saying_the_request_went_through_is_an_acknowledgement(ack: str) -> None:
    assert success_class(ack) == ACK_RESULT
    assert success_class('{"status": "succeeded"}').startswith(
        FORM_RESULT
    )  # a finished status: its form only


@pytest.mark.parametrize(
    "message",
    [
        '{"status":"error","code":"gateway_timeout","message":"Payment gateway did not respond within 15s"}',
        "Error: upstream marked the request retryable",
        # A device or host out of reach: a reset retried two or three times, then a technician.
        '{"ok": false, "error": "TERMINAL_UNREACHABLE", "terminal": "BN-T2"}',
        "Error: label printer offline",
        "ssh: connect to host build-7 port 22: No route to host",
    ],
)
def test_a_timeout_code_or_a_retryable_error_is_transient(message: str) -> None:
    assert transient_error(error_class(message))


def test_success_class_reads_absence_first_and_a_long_answer_as_content() -> None:
    """Near misses: a finished status is no class; "not found" is an absence, whatever else it
    says; a log that mentions "running" is content."""
    assert success_class('{"status": "succeeded"}').startswith(FORM_RESULT)  # no status class, its form
    assert success_class("No results found while the indexer is running.") == ABSENT_RESULT
    assert success_class("test_a ... ok\n" * 40 + "running 40 tests") == ""


@pytest.mark.parametrize(
    "answer",
    [
        "Error: ValueError('bad date')\n Please fix your mistakes.",  # LangGraph's tool node
        "An error occurred while running the tool. Please try again. Error: boom",  # OpenAI Agents SDK
        "Error executing tool web_search: ReadTimeout",
        'Error from server (NotFound): deployments.apps "web" not found',
        "error: could not compile `app` due to 2 previous errors",
        'Traceback (most recent call last):\n  File "<string>", line 3, in <module>',
        "KeyError: 'year'",
        "requests.exceptions.HTTPError: 404 Client Error",
        "Code execution failed at line 'x = f()' due to: InterpreterError: f is undefined",
        "Payment declined: issuer unavailable (code 91)",
        "Tool page_scroll rejected input: params is not a valid parameter",
        "/workspace/eval.js:3\n  total += row.amount\n  ^\n\nReferenceError: row is not defined",
        "Invalid arguments: 'since' must match ^[0-9]+[smhd]$",
        "1 validation error for SendEmailInput\nto\n  field required",
        "find_on_page_ctrl_f() missing 1 required positional argument: 'search_string'",
        "HTTP 503 Service Unavailable",
        "<html><head><title>404 Not Found</title></head><body>",
        "fatal: ambiguous argument 'origin/main': unknown revision",
        "npm ERR! 404 Not Found - GET https://registry.example/pkg",
        "cat: logs/app.log: No such file or directory",
        '{"error": {"code": 404, "message": "no such order"}}',
        '{"isError": true, "content": [{"type": "text", "text": "denied"}]}',
        '{"status": "error", "code": "gateway_timeout", "retryable": true}',  # an API's error envelope
        '{"ok": false, "error": "token_expired"}',  # Slack's
        '{"accepted": false, "code": "ZONE_LOCKED", "detail": "zone Z3 locked"}',  # an outcome flag saying no
        '{\n  "valid": false,\n  "errors": [{"line": 7, "rule": "UTBMS_TASK"}]\n}',  # a check refusing it
        '{"passed": false, "issues": ["Contest 2: order must follow lot draw"]}',
        '{"resultado": "error", "codigo": "COLA_CERRADA", "mensaje": "La cola está cerrada"}',
        '{"errors": [{"message": "Variable $input was provided invalid value"}]}',  # GraphQL's
        '{"data": {"refundCreate": {"refund": null, "userErrors": [{"field": ["id"], "message": "blank"}]}}}',
        '{"status": 422, "errors": [{"id": "InvalidRequest", "title": "Invalid Request"}]}',
        '{"jsonrpc": "2.0", "id": 3, "error": {"code": -32005, "message": "query returned more"}}',
        "ReaScript error: render_stems.lua:41: attempt to index a nil value\nstack traceback:\n\t...",
        '{"resultado": "RECHAZADO", "codigo": "E-217", "mensaje": "no cumple el formato PDF/A-1b"}',
        '{"status": 409, "kod": "ROUTING_STATE", "komunikat": "Nie można zwolnić zlecenia"}',
        '{"exception": "moodle_exception", "errorcode": "gradeitemlocked", "message": "..."}',
        '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">'
        "<soap:Body><soap:Fault><faultcode>soap:Client</faultcode></soap:Fault></soap:Body></soap:Envelope>",
        "   \n  Error: leading blank lines are skipped",
        "WRITE REJECTED: interlock ILK-PS03-07 active (reservoir level HI-HI). Setpoint unchanged.",
        "ACCESS DENIED for user svc-etl",
    ],
)
def test_a_failure_handed_back_as_an_answer_reads_as_one(answer: str) -> None:
    assert reads_as_failure(answer)


@pytest.mark.parametrize(
    "answer",
    [
        "No errors found",
        "Errors: 0",
        "Error rate: 0.1% over the last hour",
        "ERROR 2024-05-01 12:00:01 db timeout",  # a log line read is content
        "Import error: No module named 'foo'",  # what a script that ran printed
        "200 OK",
        "500 rows returned",
        '{"error": null, "data": [1, 2]}',
        '{"status": "ok", "data": {"error_count": 0}}',
        '{"ok": true, "channel": "C024"}',
        '{"valid": true, "warnings": ["line 3: unusual code"]}',
        '{"invoice": "INV-9", "valid": false}',  # a flag inside a record read is content
        '{"data": {"status": "failed", "job": 7}}',  # a job's status read is content
        '{"errors": []}',
        '{"data": {"productVariantsBulkUpdate": {"userErrors": []}}}',  # a mutation that went through
        '{"data": {"report": {"rows": [{"userErrors": [{"n": 1}]}]}}}',  # a listing that counts them
        '{"status": 200, "zlecenie": "ZP-2026-0812", "nowy_status": "ZWOLNIONE"}',
        '{"exception": null, "result": [1, 2]}',
        '{"jsonrpc": "2.0", "id": 3, "result": "0x112a880"}',
        '<?xml version="1.0"?><soap:Envelope><soap:Body><PostMatchResponse><status>MATCHED</status>',
        '{"data": {"error": "nested is content"}}',
        "ErrorBoundary renders its children",
        "Exception handling in Python is done with try",
        "3 tests failed, 41 passed",
        "src/app.js:3:  const total = 0",  # a grep hit: the line goes on after its number
        "The build failed yesterday, but today's passed",
        "Here is the file:\nError: quoted further down",
        "x" * 300 + "Error: past the opening",
    ],
)
def test_an_answer_mentioning_an_error_is_content(answer: str) -> None:
    assert not reads_as_failure(answer)


@pytest.mark.parametrize(
    "record",
    [
        '{"mission": "M-44120", "state": "EN_ROUTE"}',
        '{"予約番号": "R-77120", "状態": "処理中"}',
        '{"point": "CB-114.state", "value": "TRAVELLING", "quality": "GOOD"}',
        '{"id": 4471, "status": "On_Hold", "since": "2026-04-09T10:41:07Z", "urgent": false}',
    ],
)
def test_a_flat_record_of_identifiers_and_a_state_is_a_status_read(record: str) -> None:
    """The state's name is the workflow's own, in any language: only the record's form says it is
    a status. Still a form (``FORM_RESULT``): a write answered so is compared as one."""
    status = success_class(record)
    assert status.startswith(STATUS_RESULT)
    assert status.startswith(FORM_RESULT)


@pytest.mark.parametrize(
    "record",
    [
        '{"mission": "M-44120", "state": "COMPLETED"}',  # a state that ends the work
        # A state saying there is nothing: a search's outcome, in any of several languages.
        '{"resultado": "SIN_REGISTRO", "etiqueta": "IB075123456", "mensajes_bsm": 0}',
        '{"tag": "IB075123456", "status": "NOT_FOUND"}',
        '{"ticket": "T-77", "ergebnis": "KEIN_TREFFER"}',
        '{"status": "RECEIVED", "mrn": "26DE73201EX0A9", "message": "Declaration received"}',  # a sentence
        '{"id": "t-1", "status": "open", "tags": ["billing"]}',  # a list
        '{"sensor": "T-4", "state": "STABLE", "reading": 21.5}',  # a measurement
        '{"state": "EN_ROUTE"}',  # no identifier: nothing it is the status of
        '{"a": "A-1", "b": "B-2", "c": "C-3", "d": "D-4", "e": "E-5", "f": "F-6", "state": "IDLE_X"}',
    ],
)
def test_a_record_saying_more_or_in_an_end_state_is_no_status_read(record: str) -> None:
    assert not success_class(record).startswith(STATUS_RESULT)


@pytest.mark.parametrize(
    ("name", "arguments"),
    [
        ("sleep", '{"seconds":600}'),
        ("wait_until", '{"at":"2026-04-07T08:00:00Z"}'),
        ("time.sleep", '{"s":5}'),
        ("browser_wait", '{"ms":500}'),
        ("Pause", None),
        ("bash", '{"command":"sleep 30"}'),
        ("run_shell", '{"cmd":"  sleep 2.5s "}'),
        ("schedule_wakeup", '{"after_minutes":90}'),
        ("hold", '{"seconds":600}'),
    ],
)
def test_a_call_that_only_waits_waits(name: str, arguments: str | None) -> None:
    assert waiting_call(name, arguments)


@pytest.mark.parametrize(
    ("name", "arguments"),
    [
        ("get_sleep_data", '{"night":"2026-04-07"}'),  # about sleep, not waiting
        ("bash", '{"command":"sleep 30 && kubectl get pods"}'),  # a wait and a check: a check
        ("port_status", '{"msisdn":"48501234567"}'),
        ("bash", None),
        ("run_tests", '{"timeout":300}'),  # a check with a time limit
        ("schedule_wakeup", '{"after_minutes":90,"note":"check the order"}'),  # more than a span
    ],
)
def test_a_call_that_does_more_than_wait_does_not(name: str, arguments: str | None) -> None:
    assert not waiting_call(name, arguments)


@pytest.mark.parametrize(
    "name",
    [
        *("Task", "research_agent", "run_subagent", "askSubAgent", "delegate", "delegate_to_scout"),
        *("agents.run", "Delegate work to coworker", "crew.kickoff"),
    ],
)
def test_a_tool_named_for_a_sub_agent_delegates(name: str) -> None:
    assert delegating_tool(name)


@pytest.mark.parametrize(
    "name", ["create_task", "tasks.list", "transfer_to_billing", "user_agent_string", "search", "get_agenda"]
)
def test_other_tools_do_not_delegate(name: str) -> None:
    """A to-do list's tasks, a hand-off of the conversation, a browser's user agent."""
    assert not delegating_tool(name)
