"""The app's own script and style sheet, served without their comments and indentation.

A phone downloads and parses every byte of the first page (the browser tests hold a table
page to 120 KB); app.js and app.css keep their comments for whoever edits them, and the
phone gets the same code without them (about 4 KB less). Only whole-line `//` comments,
`/* */` comments in CSS and leading spaces go: nothing that changes what the code does (the
script holds no template literals or multi-line strings, which a test checks)."""

from __future__ import annotations

import functools
import hashlib
import re
from pathlib import Path
from typing import Any

from flask import Flask, Response, request

STATIC = Path(__file__).resolve().parent / "static"


def lean_js(source: str) -> str:
    lines = (line.strip() for line in source.splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//")) + "\n"


def lean_css(source: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    return "\n".join(line.strip() for line in text.splitlines() if line.strip()) + "\n"


LEAN = {"app.js": (lean_js, "text/javascript"), "app.css": (lean_css, "text/css")}


@functools.cache
def _lean(name: str) -> tuple[bytes, str]:
    body = LEAN[name][0]((STATIC / name).read_text(encoding="utf-8")).encode()
    return body, hashlib.sha256(body).hexdigest()[:16]


def init_app(app: Flask) -> None:
    """Serve app.js and app.css lean from the static route; every other file as it is."""
    plain = app.view_functions["static"]

    def static(filename: str) -> Any:
        if filename not in LEAN:
            return plain(filename=filename)
        body, tag = _lean(filename)
        response = Response(body, mimetype=LEAN[filename][1])
        response.set_etag(tag)
        max_age = app.get_send_file_max_age(filename)
        if max_age is not None:
            response.cache_control.max_age = max_age
        response.cache_control.no_cache = max_age is None or None
        return response.make_conditional(request)

    app.view_functions["static"] = static
