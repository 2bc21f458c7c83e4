"""English and Korean pages: Babel message catalogues, the locale per phone, content names.

The catalogue lives as `translations/<lang>/LC_MESSAGES/messages.po` in the package; it is
compiled to `.mo` on start (into a cache folder keyed by its content), so a fresh checkout or
`pip install -e .` needs no build step. The language comes from the `lang` cookie (the switch
on the page), else from the browser's Accept-Language.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from flask import Flask, Response, redirect, request
from flask_babel import Babel, get_locale
from markupsafe import Markup

LANGUAGES = ("en", "ko")
COOKIE = "lang"
CATALOGUES = Path(__file__).resolve().parent / "translations"


def compiled_catalogues() -> str:
    """A folder of compiled `.mo` files for every `.po` here (built once per content)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    sources = sorted(CATALOGUES.glob("*/LC_MESSAGES/messages.po"))
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()[:16]
    root = Path(tempfile.gettempdir()) / f"mission-kit-i18n-{digest}"
    for po in sources:
        mo = root / po.relative_to(CATALOGUES).with_suffix(".mo")
        if mo.exists():
            continue
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as f:
            catalog = read_po(f)
        tmp = mo.with_suffix(f".{os.getpid()}.tmp")
        with tmp.open("wb") as f:
            write_mo(f, catalog)
        tmp.replace(mo)  # atomic: workers starting together never read half a file
    return str(root)


def select_locale() -> str:
    chosen = request.cookies.get(COOKIE, "")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or "en"


def lang() -> str:
    locale = get_locale()
    return locale.language if locale is not None else "en"


def localised(text: Any) -> str:
    """A content text (`.en` / `.ko`) in the page's language; English if no Korean."""
    if text is None:
        return ""
    if lang() == "ko" and getattr(text, "ko", None):
        return text.ko
    return getattr(text, "en", str(text))


def isolated(name: str) -> Markup:
    """A player's name isolated from the text around it (`<bdi>`), escaped: safe to pass
    into a translated message, whose other variables autoescaping still escapes."""
    return Markup("<bdi>{}</bdi>").format(name)


SAME_SITE_PATH = re.compile(r"/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*")


def same_site_path(value: str | None) -> str:
    """`value` if it is a path on this site, else "/": never another site (`//host`,
    `/\\host`, or a tab or newline that a browser drops to make one) nor a header break."""
    if value and SAME_SITE_PATH.fullmatch(value) and "//" not in value.split("?", 1)[0]:
        return value
    return "/"


def switch_language(code: str) -> Response:
    """Remember the language on this phone (a cookie) and go back to the page."""
    response = redirect(same_site_path(request.args.get("next")), code=303)
    if code in LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=365 * 24 * 3600, samesite="Lax",
                            httponly=True)
    return response


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", compiled_catalogues())
    Babel(app, locale_selector=select_locale)
    app.jinja_env.filters["loc"] = localised
    app.jinja_env.filters["bdi"] = isolated
    app.jinja_env.globals["page_lang"] = lang
    app.add_url_rule("/lang/<code>", "lang", switch_language)
