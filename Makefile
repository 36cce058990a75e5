# Two commands do all set-up on a fresh machine: `make run` and `make test`.
VENV   ?= .venv
PY     := $(VENV)/bin/python
# Serving needs only the two distributions; tests, lint and benchmarks add requirements-dev.txt.
SERVE_STAMP := $(VENV)/.installed-serve
STAMP  := $(VENV)/.installed
DOCS_STAMP := $(VENV)/.installed-docs

.PHONY: run test test-compiled compiled lint docs screenshot bench interop coding-agents phoenix system-deps proto clean

# A fresh clone's `make run` is mostly this set-up (docs/getting-started.md has the figures):
# uv installs in a fraction of pip's time. uv from PATH makes the virtualenv; without one, the
# venv's bundled pip installs uv (one wheel) into it first. scripts/venv-install.sh then installs
# with uv, or with pip when there is no uv or it fails. `make NO_UV=1` keeps to pip.
UV ?= $(shell command -v uv 2>/dev/null)
ifneq ($(NO_UV),)
MAKE_VENV := python3 -m venv $(VENV)
INSTALL := $(PY) -m pip install -q
else ifneq ($(UV),)
MAKE_VENV := $(UV) venv -q --seed $(VENV)
INSTALL := ./scripts/venv-install.sh $(VENV)
else
MAKE_VENV := (python3 -m venv $(VENV) && ($(PY) -m pip install -q uv || echo "no uv: pip installs"))
INSTALL := ./scripts/venv-install.sh $(VENV)
endif

$(SERVE_STAMP): sdk/pyproject.toml collector/pyproject.toml
	test -x $(PY) || $(MAKE_VENV)
	$(INSTALL) -e sdk -e collector
	touch $@

$(STAMP): $(SERVE_STAMP) requirements-dev.txt
	$(INSTALL) -r requirements-dev.txt
	touch $@

## run: start the collector (in-memory store; gRPC :4317, OTLP/HTTP :4318, REST+metrics :8080)
run: $(SERVE_STAMP)
	$(VENV)/bin/loopwatch serve

system-deps:
	./scripts/install-system-deps.sh

## test: the whole suite, with the real servers it needs
test: $(STAMP) system-deps
	$(PY) -m pytest

## compiled: the SDK's compiled build (mypyc; sdk/setup.py) as a wheel in dist/, for images and hosts
compiled: $(STAMP)
	cd sdk && LOOPWATCH_COMPILE=1 ../$(PY) -m pip wheel -q --no-deps --no-build-isolation -w ../dist .
	rm -rf sdk/build

## test-compiled: the whole suite again with the compiled build first on PYTHONPATH (.compiled/)
test-compiled: $(STAMP) system-deps
	$(PY) -m tests.compiled_build .compiled
	PYTHONPATH=.compiled $(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy sdk/loopwatch collector/loopwatch_collector bench examples dashboards/make_dashboard.py tests

$(DOCS_STAMP): $(SERVE_STAMP) requirements-docs.txt
	$(INSTALL) -r requirements-docs.txt
	touch $@

## screenshot: refresh docs/images/session-page.png (the README's picture) in headless Chromium
screenshot: $(STAMP) system-deps
	LOOPWATCH_REFRESH_SCREENSHOT=1 $(PY) -m pytest tests/collector/ui/test_screenshot.py

## docs: the documentation site (MkDocs Material, mkdocs.yml) into site/; any warning fails
docs: $(DOCS_STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet

bench: $(STAMP)
	$(PY) -m bench

## interop: the framework matrix, each framework in its own pinned virtualenv under .interop/
interop: $(STAMP)
	$(PY) -m tests.interop.run_matrix

## coding-agents: the real coding-agent CLIs (Claude Code, Codex, Gemini CLI from npm, into .coding-agents/) with
## loopwatch's hooks, end to end against a scripted model on loopback
coding-agents: $(STAMP)
	./scripts/install-coding-agents.sh
	LOOPWATCH_CODING_AGENTS=1 $(PY) -m pytest tests/coding_agents

## phoenix: verdict spans end to end in Arize Phoenix (its own virtualenv under .phoenix/)
PHOENIX_VENV := .phoenix
$(PHOENIX_VENV)/.installed: tests/phoenix/requirements.txt
	python3 -m venv $(PHOENIX_VENV)
	$(PHOENIX_VENV)/bin/python -m pip install -q -r tests/phoenix/requirements.txt
	touch $@

phoenix: $(STAMP) $(PHOENIX_VENV)/.installed
	LOOPWATCH_PHOENIX_PYTHON=$(abspath $(PHOENIX_VENV))/bin/python $(PY) -m pytest tests/phoenix

proto: $(STAMP)
	./scripts/gen_proto.sh

clean:
	rm -rf $(VENV) .interop .coding-agents .phoenix .pytest_cache .mypy_cache .ruff_cache site
