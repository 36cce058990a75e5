"""Session state <-> bytes: a compact, versioned, self-describing codec for shared stores.

Why: collector replicas share per-trace state through Redis, so a ``SessionState`` (or the
store's ``SessionRecord``) must travel as bytes. ``pickle`` would run code chosen by whoever can
write to Redis; this codec only ever builds plain values, enums and dataclasses from the
``loopwatch`` packages.

Generic by type hints: any dataclass (slotted, frozen or not) whose fields are ``None``,
``bool``, ``int``, ``float``, ``str``, enums, ``X | None``, unions of dataclasses, ``list``,
``tuple`` (variadic or fixed), ``set``/``frozenset``, ``dict`` or nested dataclasses is handled
without registration, so a new detector's ``*State`` class needs no edit here. Values typed
``Any`` (``SessionState.detector_states``) carry their own type tags.

Format (version 1)::

    byte 0     format version (1)
    byte 1     flags: bit 0 = body is zlib-compressed,
                      bit 1 = ... with a preset dictionary (zlib's own header names it by its
                      Adler-32; ``decode`` must be given the same bytes)
    bytes 2..  UTF-8 JSON  [types, root]

``types`` lists each dataclass or enum used in the message once, as ``[tag, field names]``
(``tag`` is ``module:QualName``; field names are ``null`` for enums). A dataclass instance is
the array ``[type index, value of field 1, ...]`` in that order, so field names cost bytes once
per message, not once per instance, and decoding matches fields by name: adding a field with a
default, removing or reordering fields all decode across a rolling upgrade. ``dict[str, None]``
(an insertion-ordered set) is an array of its keys. A change that cannot be read that way gets
a new version byte, and ``decode`` names unknown versions instead of guessing.

Preset dictionaries (bit 1) are for bytes that never leave the process, such as the in-memory
store's idle compaction (``store/codec_compact.py``): a dictionary is a property of one build,
so bytes shared between replicas (Redis) never use one. Readers without the bit still read
everything they read before; a reader given bytes with it but no (or another) dictionary gets
a ``CodecError`` naming the dictionary, never garbage.

Thread-safety: ``encode``/``decode`` are pure functions over immutable caches; any thread.
"""

from __future__ import annotations

import json
import zlib
from typing import TypeVar

from loopwatch_collector.exceptions import CodecError
from loopwatch_collector.store.codec_decode import DecodeContext, decode_dataclass
from loopwatch_collector.store.codec_encode import (
    EncodeContext,
    dataclass_encoder,
    is_dataclass_instance,
    to_json,
)

__all__ = [
    "COMPRESS_ABOVE_BYTES",
    "FORMAT_VERSION",
    "CodecError",
    "UnknownFormatVersionError",
    "decode",
    "encode",
]

FORMAT_VERSION = 1
_FLAG_ZLIB = 0x01
_FLAG_DICTIONARY = 0x02
_KNOWN_FLAGS = _FLAG_ZLIB | _FLAG_DICTIONARY
# A zlib stream header: CMF, FLG (bit 5 = FDICT), then the dictionary's Adler-32 when FDICT.
_ZLIB_FDICT = 0x20
# Bodies up to this size are stored as they are. Level-1 zlib would shrink a typical 3-5 KB
# session to about 40 %, but at ~50 us per write it would be the largest single cost of a
# Redis-backed Evaluate (bench/bench_redis.py); the long sessions above this still get it.
COMPRESS_ABOVE_BYTES = 8192
# Level 1: most of the gain (JSON of hex fingerprints is repetitive) at a fraction of the CPU.
_ZLIB_LEVEL = 1

T = TypeVar("T")


class UnknownFormatVersionError(CodecError):
    """The bytes were written by a codec version this build does not read."""

    def __init__(self, version: int) -> None:
        super().__init__(
            f"session state format version {version} is unknown (this build reads {FORMAT_VERSION}); "
            "is a newer loopwatch writing to the same store prefix?"
        )
        self.version = version


def encode(
    value: object,
    *,
    compress: bool = True,
    compress_above_bytes: int | None = None,
    level: int = _ZLIB_LEVEL,
    dictionary: bytes | None = None,
) -> bytes:
    """Encode a dataclass instance (a ``SessionRecord``, ``SessionState``, ...) to bytes.

    With ``compress``, a body longer than ``compress_above_bytes`` (default
    ``COMPRESS_ABOVE_BYTES``: the hot path's trade-off) is zlib-compressed at ``level``; 0
    compresses every body (idle sessions kept in memory, where bytes matter and time does
    not). ``dictionary`` primes zlib with bytes the body likely repeats (see the module
    docstring: only for bytes that stay in this process).
    """
    if not is_dataclass_instance(value):
        raise CodecError(f"can only encode dataclass instances, not {type(value).__name__}")
    context = EncodeContext()
    try:
        root = dataclass_encoder(type(value))(value, context)
        body = to_json(context.table, root)
    except CodecError:
        raise
    except (TypeError, ValueError, RecursionError) as exc:
        raise CodecError(f"cannot encode {type(value).__name__}: {exc}") from exc
    flags = 0
    limit = COMPRESS_ABOVE_BYTES if compress_above_bytes is None else compress_above_bytes
    if compress and len(body) > limit:
        if dictionary is None:
            body = zlib.compress(body, level)
        else:
            compressor = zlib.compressobj(level, zdict=dictionary)
            body = compressor.compress(body) + compressor.flush()
            flags |= _FLAG_DICTIONARY
        flags |= _FLAG_ZLIB
    return bytes((FORMAT_VERSION, flags)) + body


def decode(data: bytes, expected: type[T], *, dictionary: bytes | None = None) -> T:
    """Decode bytes made by ``encode``; the root must be an instance of ``expected``.

    ``dictionary``: the one ``encode`` was given, for bytes written with one.

    Raises ``UnknownFormatVersionError`` for bytes of another format version and ``CodecError`` for
    anything else that cannot be read. Never executes code beyond dataclass constructors of the
    ``loopwatch`` packages.
    """
    if len(data) < 2:
        raise CodecError(f"session state too short ({len(data)} bytes)")
    if data[0] != FORMAT_VERSION:
        raise UnknownFormatVersionError(data[0])
    flags = data[1]
    if flags & ~_KNOWN_FLAGS or (flags & _FLAG_DICTIONARY and not flags & _FLAG_ZLIB):
        raise CodecError(f"unknown flags 0x{flags:02x} in session state header")
    try:
        body = _inflate(data[2:], dictionary) if flags & _FLAG_DICTIONARY else data[2:]
        if flags == _FLAG_ZLIB:
            body = zlib.decompress(body)
        table, root = json.loads(body)
        context = DecodeContext(table)
        value = decode_dataclass(root, context)
    except CodecError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, zlib.error) as exc:
        raise CodecError(f"corrupt session state: {type(exc).__name__}: {exc}") from exc
    if not isinstance(value, expected):
        raise CodecError(f"session state holds a {type(value).__name__}, expected {expected.__name__}")
    return value


def _inflate(stream: bytes, dictionary: bytes | None) -> bytes:
    """A zlib stream written with a preset dictionary; ``CodecError`` names a missing or other
    dictionary (zlib alone would say only "Error 2")."""
    wanted = int.from_bytes(stream[2:6], "big") if len(stream) >= 6 and stream[1] & _ZLIB_FDICT else None
    if wanted is None:
        raise CodecError("session state flagged as using a preset dictionary has none in its zlib header")
    if dictionary is None or zlib.adler32(dictionary) != wanted:
        raise CodecError(
            f"session state was compressed with preset dictionary {wanted:08x}, "
            + ("none was given" if dictionary is None else f"not {zlib.adler32(dictionary):08x}")
            + " (compacted bytes are readable only by the process that wrote them)"
        )
    inflater = zlib.decompressobj(zdict=dictionary)
    body = inflater.decompress(stream) + inflater.flush()
    if not inflater.eof:
        raise CodecError("corrupt session state: the compressed body is truncated")
    return body
