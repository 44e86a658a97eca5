# Two entry points for a fresh machine with Python 3.11+ and pip:
#   make play   -- a match of Trente et un against bots (a demo match if stdin is not a terminal)
#   make test   -- the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test bench figures clean

$(BIN)/.installed: pyproject.toml
	@echo "Setting up $(VENV): downloading and installing academie's packages (a minute or two, once)."
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --disable-pip-version-check --progress-bar on -e '.[test,fast,ray]'
	@echo "Set-up done."
	touch $@

play: $(BIN)/.installed
	@if [ -t 0 ]; then $(BIN)/academie play trente-et-un; else $(BIN)/academie play trente-et-un --demo --seed 1; fi

test: $(BIN)/.installed
	$(BIN)/python -m pytest

bench: $(BIN)/.installed
	$(BIN)/python benchmarks/throughput.py

figures: $(BIN)/.installed
	$(BIN)/python benchmarks/figures.py --write

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache
