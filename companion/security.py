"""CSRF, security headers, cookie flags and rate limits.

The pages carry secret tokens in their URLs, so the referrer policy is `no-referrer`: a
link followed off the site never leaks a game's edit token.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask, Response, render_template
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFError, CSRFProtect

csrf = CSRFProtect()

# endpoint -> config key of its limit, and the default limit
LIMITS = {
    "pages.create": ("RATELIMIT_CREATE", "30 per minute"),
    "api.create_game": ("RATELIMIT_CREATE", "30 per minute"),
    "api.import_game": ("RATELIMIT_CREATE", "30 per minute"),
    "pages.table": ("RATELIMIT_JOIN", "120 per minute"),
}

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'; "
       "frame-ancestors 'none'")
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


def _secret_key(app: Flask) -> str:
    """A key kept in the instance folder, so sessions survive restarts and workers agree."""
    path = Path(app.instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
    return path.read_text().strip()


def _limit(app: Flask) -> None:
    """Rate-limit creating and joining games, per client address, with this app's own counters
    (per process: behind several workers, put the limit in the reverse proxy too)."""
    limiter = Limiter(get_remote_address, app=app, storage_uri="memory://",
                      default_limits=[], headers_enabled=True)
    app.extensions["mission_kit_limiter"] = limiter
    for endpoint, (key, default) in LIMITS.items():
        rule = app.config.get(key, default)
        app.view_functions[endpoint] = limiter.limit(rule)(app.view_functions[endpoint])


def init_app(app: Flask) -> None:
    """Call after the blueprints are registered (limits wrap their views)."""
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ.get("MISSION_KIT_SECRET_KEY") or _secret_key(app)
    csrf.init_app(app)
    _limit(app)

    @app.after_request
    def _headers(response: Response) -> Response:
        for key, value in HEADERS.items():
            response.headers.setdefault(key, value)
        return response

    @app.errorhandler(CSRFError)
    def _csrf_error(exc: CSRFError) -> tuple[str, int]:
        return render_template("error.html", title="This form has expired",
                               message="Reload the page and try again; nothing was changed."), 400
