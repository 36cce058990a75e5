"""Result shapes shared by several families: search result pages, shell output, tracebacks,
browser snapshots, test-runner output. Each helper only formats what the builder hands it."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .builder import jd

Hit = tuple[str, str, str]  # title, url, snippet


def serp(query: str, hits: Sequence[Hit], *, fmt: str = "json", took_ms: int = 412) -> str:
    """A web-search result page in one of three shapes real search tools return."""
    if fmt == "json":
        return jd(
            {
                "query": query,
                "took_ms": took_ms,
                "results": [
                    {"rank": i + 1, "title": t, "url": u, "snippet": s} for i, (t, u, s) in enumerate(hits)
                ],
            }
        )
    if fmt == "markdown":
        lines = [f"## Search results for: {query}", ""]
        for i, (t, u, s) in enumerate(hits):
            lines += [f"{i + 1}. [{t}]({u})", f"   {s}", ""]
        return "\n".join(lines).rstrip()
    lines = [f'Web search results for "{query}" ({len(hits)} results, {took_ms} ms):', ""]
    for t, u, s in hits:
        lines += [f"Title: {t}", f"URL: {u}", f"Snippet: {s}", "---"]
    return "\n".join(lines)


def codex_shell(output: str, *, exit_code: int = 0, wall: float = 0.3) -> str:
    """A Codex-CLI-style shell result."""
    return f"Exit code: {exit_code}\nWall time: {wall:.1f} seconds\nOutput:\n{output}"


def traceback(frames: Sequence[tuple[str, int, str, str]], exc: str) -> str:
    """A Python traceback from (file, line, function, source line) frames."""
    lines = ["Traceback (most recent call last):"]
    for file, line, func, src in frames:
        lines += [f'  File "{file}", line {line}, in {func}', f"    {src}"]
    lines.append(exc)
    return "\n".join(lines)


def snapshot(url: str, title: str, tree: Sequence[str]) -> str:
    """A Playwright-MCP-style browser snapshot (YAML accessibility tree)."""
    body = "\n".join(tree)
    return f"- Page URL: {url}\n- Page Title: {title}\n- Page Snapshot:\n```yaml\n{body}\n```"


def pytest_run(
    passed: int,
    failures: Sequence[tuple[str, str]],
    *,
    seconds: float = 2.31,
    root: str = "/repo",
) -> str:
    """pytest -q output with ``failures`` as (test id, one-line reason)."""
    lines = [
        f"rootdir: {root}",
        "configfile: pyproject.toml",
        f"collected {passed + len(failures)} items",
        "",
    ]
    dots = "." * passed + "F" * len(failures)
    for i in range(0, len(dots), 60):
        lines.append(dots[i : i + 60])
    if failures:
        lines += ["", "=================================== FAILURES ==================================="]
        for test, reason in failures:
            short = test.split("::")[-1]
            lines += [f"_____________________________ {short} _____________________________", reason, ""]
        lines.append("=========================== short test summary info ============================")
        for test, reason in failures:
            lines.append(f"FAILED {test} - {reason.splitlines()[-1][:70]}")
        lines.append(f"{len(failures)} failed, {passed} passed in {seconds:.2f}s")
    else:
        lines.append(f"{passed} passed in {seconds:.2f}s")
    return "\n".join(lines)


def words(rng: random.Random, vocab: Sequence[str], n: int) -> str:
    """``n`` words drawn from ``vocab`` (filler for long free-text fields)."""
    return " ".join(rng.choice(vocab) for _ in range(n))
