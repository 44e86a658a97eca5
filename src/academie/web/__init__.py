"""Play in the browser: ``academie serve`` (FastAPI, uvicorn, Jinja2 templates, SQLAlchemy).

An interface like :mod:`academie.cli`, holding no rule: :mod:`academie.web.store` (database and
migrations), :mod:`academie.web.live` (tables in play, rebuilt from their records),
:mod:`academie.web.room` (the card room: each game's scene drawn as a table with SVG cards),
:mod:`academie.web.i18n` (French and English catalogs), :mod:`academie.web.present` (card
faces for the replay's hands), :mod:`academie.web.app` (pages, API and WebSockets), :mod:`academie.web.replay` (the replay viewer's frames),
:mod:`academie.web.server` (``academie serve``). Needs the extra ``academie[web]``.
"""
