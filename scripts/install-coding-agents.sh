#!/usr/bin/env bash
# Installs the coding-agent CLIs the end-to-end hook tests run (make coding-agents) into
# .coding-agents/ (project-local, git-ignored): Node.js and npm from Debian when missing, then
# the CLIs from npm at pinned versions. Idempotent.
set -euo pipefail

CLAUDE_CODE_VERSION="${CLAUDE_CODE_VERSION:-2.1.332}"
PREFIX="${CODING_AGENTS_DIR:-.coding-agents}"

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq nodejs npm >/dev/null
fi

installed="$PREFIX/node_modules/@anthropic-ai/claude-code/package.json"
if [ ! -f "$installed" ] || ! grep -q "\"version\": \"$CLAUDE_CODE_VERSION\"" "$installed"; then
  npm install --prefix "$PREFIX" --no-audit --no-fund --loglevel=error \
    "@anthropic-ai/claude-code@$CLAUDE_CODE_VERSION"
fi
"$PREFIX/node_modules/.bin/claude" --version
