#!/bin/sh
# Install packages into a virtualenv, with the fastest installer that works.
#
#   scripts/venv-install.sh VENV PIP-INSTALL-ARGUMENTS...
#
# A fresh clone's set-up is nearly all package installing, and uv does it in a fraction of pip's
# time (docs/getting-started.md has the figures). So: uv from PATH when there is one; else the
# venv's own uv, which `make` bootstraps with one `pip install uv` when it creates the venv; else
# (or when uv fails: an index only pip's configuration names, no wheel for this platform) the
# venv's pip, as before.
#
# uv does not read pip's configuration files; the index settings given to pip in the environment
# are passed on (UV_* variables already set win). pip picks the best version across all its
# indexes, so uv is told to do the same (its default takes the first index that has a package).
set -eu
venv=$1
shift
uv=$(command -v uv 2>/dev/null || true)
if [ -z "$uv" ] && [ -x "$venv/bin/uv" ]; then
    uv=$venv/bin/uv
fi
if [ -n "$uv" ]; then
    if [ -n "${PIP_INDEX_URL:-}" ] && [ -z "${UV_INDEX_URL:-}" ]; then
        export UV_INDEX_URL="$PIP_INDEX_URL"
    fi
    if [ -n "${PIP_EXTRA_INDEX_URL:-}" ] && [ -z "${UV_EXTRA_INDEX_URL:-}" ]; then
        export UV_EXTRA_INDEX_URL="$PIP_EXTRA_INDEX_URL"
        export UV_INDEX_STRATEGY="${UV_INDEX_STRATEGY:-unsafe-best-match}"
    fi
    if "$uv" pip install -q --python "$venv/bin/python" "$@"; then
        exit 0
    fi
    echo "venv-install: uv failed; installing with pip instead" >&2
fi
exec "$venv/bin/python" -m pip install -q "$@"
