# Two entry points for a fresh machine with Python 3.11+ and pip:
#   make play   -- a match of Trente et un against bots (a demo match if stdin is not a terminal)
#   make test   -- the whole test suite
#   make serve  -- play in the browser at http://127.0.0.1:8000/ (a SQLite file, no set-up);
#                  make serve PORT=8001 HOST=0.0.0.0 chooses the port and the address
#   make docs   -- the documentation site in site/ (rules pages rewritten from the guides first)
#   make locale -- the web's message catalogs re-extracted, merged and compiled (academie.web.i18n)
#   make screenshots -- docs/web-*.png redrawn by Chromium (docs/screenshots.py)
PYTHON ?= python3
HOST ?= 127.0.0.1
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test bench figures docs serve clean locale screenshots

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

# The suite starts hundreds of Python processes (servers, bots' pools, command lines): each reads
# the byte-code the first one wrote, kept under the venv (the tree stays clean), even where
# PYTHONDONTWRITEBYTECODE is set.
test: $(BIN)/.installed
	env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX='$(CURDIR)/$(VENV)/pycache' $(BIN)/python -m pytest

bench: $(BIN)/.installed
	$(BIN)/python benchmarks/throughput.py

figures: $(BIN)/.installed
	$(BIN)/python benchmarks/figures.py --write

docs: $(BIN)/.installed
	$(BIN)/python docs/generate.py --write
	$(BIN)/mkdocs build --strict

locale: $(BIN)/.installed
	PYTHONPATH=src $(BIN)/pybabel extract -F src/academie/web/babel.cfg -k N_ -k P -k Pn:1,2 -k n_:1,2 --no-location --sort-output --no-wrap -o src/academie/web/locale/messages.pot .
	$(BIN)/pybabel update -i src/academie/web/locale/messages.pot -d src/academie/web/locale -D messages --no-wrap --ignore-obsolete
	$(BIN)/pybabel compile -d src/academie/web/locale -D messages --statistics

screenshots: $(BIN)/.installed
	PYTHONPATH=src $(BIN)/python docs/screenshots.py

clean:
	rm -rf $(VENV) build site src/*.egg-info .pytest_cache
