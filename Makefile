# Two commands do all set-up on a fresh machine: `make run` and `make test`.
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench interop coding-agents system-deps proto clean

$(STAMP): sdk/pyproject.toml collector/pyproject.toml requirements-dev.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e sdk -e collector -r requirements-dev.txt
	touch $@

## run: start the collector (in-memory store; gRPC :4317, OTLP/HTTP :4318, REST+metrics :8080)
run: $(STAMP)
	$(VENV)/bin/loopwatch serve

system-deps:
	./scripts/install-system-deps.sh

## test: the whole suite, with the real servers it needs
test: $(STAMP) system-deps
	$(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy sdk/loopwatch collector/loopwatch_collector bench examples dashboards/make_dashboard.py tests

bench: $(STAMP)
	$(PY) -m bench

## interop: the framework matrix, each framework in its own pinned virtualenv under .interop/
interop: $(STAMP)
	$(PY) -m tests.interop.run_matrix

## coding-agents: the real coding-agent CLIs (Claude Code from npm, into .coding-agents/) with
## loopwatch's hooks, end to end against a scripted model on loopback
coding-agents: $(STAMP)
	./scripts/install-coding-agents.sh
	LOOPWATCH_CODING_AGENTS=1 $(PY) -m pytest tests/coding_agents

proto: $(STAMP)
	./scripts/gen_proto.sh

clean:
	rm -rf $(VENV) .interop .coding-agents .pytest_cache .mypy_cache .ruff_cache
