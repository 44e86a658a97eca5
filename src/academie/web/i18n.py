"""The web's languages: French and English through Babel's gettext catalogs.

The catalogs are ``locale/<lang>/LC_MESSAGES/messages.po`` (and their compiled ``.mo``), package
data of :mod:`academie.web`; the message ids are English. A page's language is the cookie
:data:`LANG_COOKIE` when it names one of :data:`LANGUAGES`, else the browser's
``Accept-Language`` (its best match), else English. :class:`Language` (ASGI middleware) sets it
for each request, so templates and the socket's drawings read it with :func:`current`.

Regenerate the catalogs with ``make locale`` (``pybabel extract`` of the templates, this package
and :mod:`academie.presentation.scene`, with the keywords ``N_``, ``P``, ``Pn`` and ``n_``; then
``pybabel update`` and ``pybabel compile``); a new message is then translated in the French
``.po`` and compiled again.
"""

from __future__ import annotations

import contextvars
import functools
import re
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.support import NullTranslations, Translations

LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "fr")
"""The languages of the interface, English first (the message ids' own)."""
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}
LANG_COOKIE = "academie_lang"
"""The cookie holding the language a person chose (``en`` or ``fr``), for a year."""

_current: contextvars.ContextVar[str] = contextvars.ContextVar("academie_lang", default="en")


@functools.lru_cache(maxsize=None)
def translations(lang: str) -> NullTranslations:
    """The compiled catalog of ``lang`` (English: the message ids themselves). Raises
    ``ValueError`` for a language not in :data:`LANGUAGES`."""
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}; the languages are: {', '.join(LANGUAGES)}")
    if lang == "en":
        return NullTranslations()
    return Translations.load(str(LOCALE_DIR), [lang], domain="messages")


def choose(cookie: str | None, accept: str | None) -> str:
    """The language of a request: the ``cookie``'s if it is one of :data:`LANGUAGES`, else the
    best of ``accept`` (an ``Accept-Language`` header, ``fr-CH, fr;q=0.9, en;q=0.8``), else ``en``."""
    if cookie in LANGUAGES:
        return cookie
    asked = []
    for part in (accept or "").split(","):
        tag, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 0.0
        if tag and tag != "*" and weight > 0:
            asked.append((weight, tag.strip()))
    for _, tag in sorted(asked, key=lambda x: -x[0]):
        try:
            code = Locale.parse(tag.replace("-", "_")).language
        except (ValueError, UnknownLocaleError):
            continue
        if code in LANGUAGES:
            return code
    return "en"


def current() -> str:
    """The language of the request being answered."""
    return _current.get()


def gettext(text: str) -> str:
    """``text`` in the current language."""
    return translations(_current.get()).gettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(_current.get()).ngettext(singular, plural, n)


_KEPT = re.compile(r"(«[^«»]*»|\{[^{}]*\}|`[^`]*`|https?://\S+)")
_MARK = re.compile(r"(?<=[^\s\u202f\u00a0(«\[])([:;!?])(?=\s|$)")


def french_spacing(text: str) -> str:
    """French ``text`` as French typography sets it: a narrow no-break space (U+202F) before « : ; !
    ? » where none is (« Anne: levées » → « Anne\u202f: levées »); a mark followed by no space (a
    URL, a time 12:30, a ratio 3:2) and the sources' quotations « … », placeholders ``{…}`` and
    code are left as they are.

    >>> french_spacing("Anne: levées 4; « payera; » 12:30 http://x.fr/a?b") == (
    ...     "Anne\u202f: levées 4\u202f; « payera; » 12:30 http://x.fr/a?b")
    True
    """
    return "".join(p if _KEPT.fullmatch(p) else _MARK.sub("\u202f\\1", p) for p in _KEPT.split(text))


def install(templates: Any) -> Any:
    """Give a ``Jinja2Templates``' environment the catalogs (``_``, ``gettext``, ``ngettext`` in the
    request's language), ``tr(text)`` (a text that is no template's own, the games' words of
    :mod:`academie.web.game_words`: translated, never read as a format) and the globals ``lang()``
    and ``languages()`` of ``base.html``."""
    env = templates.env
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(gettext, ngettext, newstyle=True)
    env.globals["tr"] = gettext
    env.globals["lang"] = current
    env.globals["languages"] = lambda: list(LANGUAGE_NAMES.items())
    return templates


class Texts:
    """The translation functions of one language: ``_(text)`` and ``n_(singular, plural, n)``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        t = translations(lang)
        self._ = t.gettext
        self.n_ = t.ngettext


@functools.lru_cache(maxsize=None)
def texts(lang: str) -> Texts:
    return Texts(lang)


class Language:
    """ASGI middleware: each HTTP request and socket answered in the language :func:`choose`
    picks from its cookie and ``Accept-Language`` (kept in ``scope["state"]["lang"]`` too)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            cookie, accept = None, None
            for k, v in scope.get("headers", []):
                if k == b"cookie":
                    for part in v.decode("latin-1").split(";"):
                        name, _, value = part.strip().partition("=")
                        if name == LANG_COOKIE:
                            cookie = value
                elif k == b"accept-language":
                    accept = v.decode("latin-1")
            lang = choose(cookie, accept)
            scope.setdefault("state", {})["lang"] = lang
            token = _current.set(lang)
            try:
                return await self.app(scope, receive, send)
            finally:
                _current.reset(token)
        return await self.app(scope, receive, send)
