#!/usr/bin/env bash
# Install the real servers and tools the test suite starts (redis-server, prometheus, promtool,
# amtool from prometheus-alertmanager, headless chromium for the session page), and the C compiler
# and Python headers the compiled engine's build needs (mypyc: tests/sdk/test_compiled_build.py,
# make test-compiled), from Debian's packages when they are missing. Idempotent; needs root (or sudo) only when something
# is actually missing.
set -euo pipefail
need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
{ command -v prometheus >/dev/null 2>&1 && command -v promtool >/dev/null 2>&1; } || need+=(prometheus)
command -v amtool >/dev/null 2>&1 || need+=(prometheus-alertmanager)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v gcc >/dev/null 2>&1 || need+=(gcc)
python3 -c 'import os, sysconfig; raise SystemExit(not os.path.exists(sysconfig.get_paths()["include"] + "/Python.h"))' \
  || need+=(python3-dev)
[ ${#need[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing Debian packages: ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
# Debian starts the services it installs; the tests start their own on free ports.
for svc in redis-server prometheus prometheus-alertmanager; do
  $sudo service "$svc" stop >/dev/null 2>&1 || true
done
