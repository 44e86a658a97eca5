# Two entry points for a fresh machine with Python 3.11+ and pip:
#   make play   -- a match of Trente et un against bots (a demo match if stdin is not a terminal)
#   make test   -- the whole test suite
#   make serve  -- play in the browser at http://127.0.0.1:8000/ (a SQLite file, no set-up);
#                  make serve PORT=8001 HOST=0.0.0.0 chooses the port and the address
#   make docs   -- the documentation site in site/ (rules pages rewritten from the guides first)
PYTHON ?= python3
HOST ?= 127.0.0.1
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test bench figures docs serve clean

$(BIN)/.installed: pyproject.toml
	@echo "Setting up $(VENV): downloading and installing academie's packages (a few minutes, once)."
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --disable-pip-version-check --progress-bar on -e '.[test,fast,ray,tournament,web,openspiel,pettingzoo,analysis,docs,edition]'
	@echo "Set-up done."
	touch $@

play: $(BIN)/.installed
	@if [ -t 0 ]; then $(BIN)/academie play trente-et-un; else $(BIN)/academie play trente-et-un --demo --seed 1; fi

serve: $(BIN)/.installed
	$(BIN)/academie serve --host '$(HOST)' --port '$(PORT)'

test: $(BIN)/.installed
	$(BIN)/python -m pytest

bench: $(BIN)/.installed
	$(BIN)/python benchmarks/throughput.py

figures: $(BIN)/.installed
	$(BIN)/python benchmarks/figures.py --write

docs: $(BIN)/.installed
	$(BIN)/python docs/generate.py --write
	$(BIN)/mkdocs build --strict

clean:
	rm -rf $(VENV) build site src/*.egg-info .pytest_cache
