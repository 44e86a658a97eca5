# Two entry points for a fresh machine with Python 3.11+ and pip:
#   make play   -- a match of Trente et un against bots (a demo match if stdin is not a terminal)
#   make test   -- the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test bench clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $@

play: $(BIN)/.installed
	@if [ -t 0 ]; then $(BIN)/academie play trente-et-un; else $(BIN)/academie play trente-et-un --demo --seed 1; fi

test: $(BIN)/.installed
	$(BIN)/python -m pytest

bench: $(BIN)/.installed
	$(BIN)/python benchmarks/throughput.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache
