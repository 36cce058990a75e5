"""Fenced code blocks of the documentation, and how the fence test runs them.

A block's language says what it is: ``sh`` and ``python`` blocks are run, ``yaml`` blocks are
parsed, output (no language) and ``text`` blocks are read only; any other language (``shell``,
``bash``, ``console``) is refused, so that no command escapes the test under another name. An
HTML comment on the line right before a block changes how it runs:

- ``<!-- not-run: REASON -->``: not run (a reason is required: Docker, a key, a cluster).
- ``<!-- background: until "TEXT" -->`` or ``<!-- background: until URL -->``: a long-running
  command (``loopwatch serve``, ``loopwatch demo``), started and kept running, the page's later
  blocks running beside it, until it printed TEXT or URL answers; stopped with SIGINT at the
  end of the page, when it must exit 0.
- ``<!-- with-collector -->``: needs a collector: ``loopwatch serve`` is started first (once
  per page, like a background block).

Commands run from the repository root with the virtualenv's ``bin`` first on ``PATH``. The
collector's default ports in a page (``localhost:4317``, ``:4318``, ``:8080``) are rewritten to
free ports, which the ``LOOPWATCH_*_PORT`` variables give ``loopwatch serve`` as well, so the
test never collides with a collector already running on the machine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

RUN_LANGUAGES = frozenset({"sh", "python"})
KNOWN_LANGUAGES = RUN_LANGUAGES | {"yaml", "text", ""}
_FENCE = re.compile(r"^```(\S*)\s*$")
_MARKER = re.compile(r"^<!--\s*(not-run|background|with-collector)\s*(?::\s*(.*?))?\s*-->\s*$")
_UNTIL = re.compile(r'^until\s+(?:"(?P<text>[^"]+)"|(?P<url>https?://\S+))$')
#: The collector's default ports as the docs write them, and the variables that move them.
DEFAULT_PORTS = {4317: "LOOPWATCH_GRPC_PORT", 4318: "LOOPWATCH_OTLP_HTTP_PORT", 8080: "LOOPWATCH_HTTP_PORT"}


class FenceError(ValueError):
    """A malformed fence or marker, naming the file and line."""


@dataclass(frozen=True, slots=True)
class Fence:
    path: Path
    line: int  # 1-based line of the opening fence
    language: str
    body: str
    marker: str | None = None  # not-run | background | with-collector
    argument: str = ""

    @property
    def where(self) -> str:
        return f"{self.path.name}:{self.line}"

    @property
    def runs(self) -> bool:
        return self.language in RUN_LANGUAGES and self.marker != "not-run"

    def until(self) -> tuple[str | None, str | None]:
        """(text, url) a background block is ready at."""
        match = _UNTIL.match(self.argument)
        if match is None:
            raise FenceError(f'{self.where}: background needs `until "TEXT"` or `until URL`')
        return match.group("text"), match.group("url")


def fences(path: Path) -> list[Fence]:
    """Every fenced block of ``path``, with the marker right before it; raises ``FenceError``
    for an unclosed fence, a marker not followed by a fence, or a not-run without reason."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[Fence] = []
    index = 0
    while index < len(lines):
        opening = _FENCE.match(lines[index])
        if opening is None:
            marker = _MARKER.match(lines[index])
            if marker is not None and (index + 1 >= len(lines) or not _FENCE.match(lines[index + 1])):
                raise FenceError(f"{path.name}:{index + 1}: a marker must be right before a fence")
            index += 1
            continue
        end = next((j for j in range(index + 1, len(lines)) if lines[j].startswith("```")), None)
        if end is None:
            raise FenceError(f"{path.name}:{index + 1}: fence never closed")
        marker = _MARKER.match(lines[index - 1]) if index else None
        fence = Fence(
            path=path,
            line=index + 1,
            language=opening.group(1),
            body="\n".join(lines[index + 1 : end]) + "\n",
            marker=marker.group(1) if marker else None,
            argument=(marker.group(2) or "") if marker else "",
        )
        if fence.marker == "not-run" and not fence.argument:
            raise FenceError(f"{fence.where}: not-run needs a reason")
        found.append(fence)
        index = end + 1
    return found


def with_ports(text: str, ports: dict[int, int]) -> str:
    """``text`` with the collector's default ports replaced by ``ports`` (default -> free)."""
    for default, free in ports.items():
        text = re.sub(rf"(localhost|127\.0\.0\.1):{default}\b", rf"\g<1>:{free}", text)
    return text
