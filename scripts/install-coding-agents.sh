#!/usr/bin/env bash
# Installs the coding-agent CLIs the end-to-end hook tests run (make coding-agents) into
# .coding-agents/ (project-local, git-ignored): Node.js and npm from Debian when missing, then
# the CLIs from npm at pinned versions. Idempotent.
set -euo pipefail

CLAUDE_CODE_VERSION="${CLAUDE_CODE_VERSION:-2.1.332}"
CODEX_VERSION="${CODEX_VERSION:-0.171.0}"
GEMINI_CLI_VERSION="${GEMINI_CLI_VERSION:-0.61.0}"
PREFIX="${CODING_AGENTS_DIR:-.coding-agents}"

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq nodejs npm >/dev/null
fi

# npm install PACKAGE VERSION, unless that version is installed already.
install() {
  local manifest="$PREFIX/node_modules/$1/package.json"
  if [ ! -f "$manifest" ] || ! grep -q "\"version\": \"$2\"" "$manifest"; then
    npm install --prefix "$PREFIX" --no-audit --no-fund --loglevel=error "$1@$2"
  fi
}

install @anthropic-ai/claude-code "$CLAUDE_CODE_VERSION"
install @openai/codex "$CODEX_VERSION"
install @google/gemini-cli "$GEMINI_CLI_VERSION"
"$PREFIX/node_modules/.bin/claude" --version
"$PREFIX/node_modules/.bin/codex" --version
"$PREFIX/node_modules/.bin/gemini" --version
