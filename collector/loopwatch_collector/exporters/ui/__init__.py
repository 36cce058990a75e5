"""The session page: ``GET /ui`` on the REST port, static HTML/CSS/JS shipped in the package.

No build step and nothing fetched from elsewhere: ``static/`` holds the page, its stylesheet
and its script, which reads the REST API (``/v1/sessions``, ``/v1/sessions/{trace_id}``) and
renders the live session list (``/ui?agent=...&state=looping|runaway|halted``) and one
session's timeline (``/ui?trace_id=...``), refreshing while it is open. Alert annotations and
dashboard links point here; ``GET /`` redirects to it, so the bare address of the REST port
leads somewhere.

The static files carry no data, so these routes need no credentials; the data routes they call
do (the page sends ``Authorization: Bearer <key>`` from a key the user pastes, kept in
``sessionStorage``, and asks for one on 401). A strict Content-Security-Policy (scripts and
styles from this origin only, no inline script) backs up the script's rule of rendering every
API value as text.
"""

from __future__ import annotations

from importlib import resources

from fastapi import APIRouter, HTTPException
from fastapi.responses import RedirectResponse, Response

__all__ = ["UI_OPEN_PATHS", "UI_PATH", "ui_router"]

UI_PATH = "/ui"
ROOT_PATH = "/"

_MEDIA_TYPES = {
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
}
#: The page and its files carry no data and a browser cannot attach a bearer key when it opens
#: them: these paths stay open when authentication is on; the data routes they call do not.
UI_OPEN_PATHS = frozenset(
    {ROOT_PATH, UI_PATH, *(f"{UI_PATH}/static/{name}" for name in _MEDIA_TYPES if name != "index.html")}
)
_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    # The files change only with the package; revalidating keeps an upgraded collector's page fresh.
    "Cache-Control": "no-cache",
}


def ui_router() -> APIRouter:
    """Routes ``GET /`` (a redirect), ``GET /ui`` and ``GET /ui/static/{name}``; the files are
    read once, here."""
    static = resources.files(__package__) / "static"
    files = {name: (static / name).read_bytes() for name in _MEDIA_TYPES}
    router = APIRouter(tags=["ui"])

    @router.get(ROOT_PATH, include_in_schema=False)
    async def root() -> RedirectResponse:
        return RedirectResponse(UI_PATH, status_code=307)

    @router.get(UI_PATH, include_in_schema=False)
    async def page() -> Response:
        return _file(files, "index.html")

    @router.get(UI_PATH + "/static/{name}", include_in_schema=False)
    async def asset(name: str) -> Response:
        if name == "index.html" or name not in files:
            raise HTTPException(status_code=404, detail=f"no static file {name!r}")
        return _file(files, name)

    return router


def _file(files: dict[str, bytes], name: str) -> Response:
    return Response(files[name], media_type=_MEDIA_TYPES[name], headers=_HEADERS)
