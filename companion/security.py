"""CSRF, security headers, cookie flags and rate limits.

The pages carry secret tokens in their URLs, so the referrer policy is `no-referrer`: a
link followed off the site never leaks a game's edit token.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask.sessions import SecureCookieSessionInterface
from flask_wtf.csrf import CSRFError, CSRFProtect
from limits import parse
from limits.storage import SlidingWindowCounterSupport, storage_from_string
from limits.strategies import FixedWindowRateLimiter, SlidingWindowCounterRateLimiter

from .quickpoll import COUNTED, QuickPoll

csrf = CSRFProtect()

# endpoint -> config key of its limit (also the counter's name: endpoints with one key share
# one counter, so the form, the API and import together allow one client 30 new games)
LIMITS = {
    "pages.create": "RATELIMIT_CREATE",
    "api.create_game": "RATELIMIT_CREATE",
    "api.import_game": "RATELIMIT_CREATE",
    "pages.table": "RATELIMIT_JOIN",
    "kits.kit": "RATELIMIT_KIT",  # a kit not yet cached costs a build (about a second)
}
DEFAULT_LIMITS = {"RATELIMIT_CREATE": "30 per minute", "RATELIMIT_JOIN": "120 per minute",
                  # every route that takes a game's token or id, per address: a table of
                  # four phones behind one address polls 120 times a minute, plus its taps
                  "RATELIMIT_TOKEN": "600 per minute",
                  "RATELIMIT_KIT": "20 per minute",
                  # every client together: a bound on games made however many addresses ask
                  "RATELIMIT_CREATE_ALL": "600 per minute"}
GLOBAL = {"RATELIMIT_CREATE": "RATELIMIT_CREATE_ALL"}
# Paths whose requests or answers carry a game's link token: never cached anywhere.
TOKEN_PATHS = ("/t/", "/api/v1/games", "/games")

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


class SecurityHeaders:
    """WSGI middleware adding the fixed security headers to every response (cheaper than
    re-validating them through a response object on each request)."""

    def __init__(self, wsgi_app: Callable[..., Any]):
        self.wsgi_app = wsgi_app
        self.headers = list(HEADERS.items())
        self.names = {k.lower() for k in HEADERS}

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        secret = environ.get("PATH_INFO", "").startswith(TOKEN_PATHS)

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            present = {k.lower() for k, _ in headers}
            extra = self.headers if not (present & self.names) else [
                (k, v) for k, v in self.headers if k.lower() not in present]
            if secret:  # a token in the URL or the body: no shared or browser cache keeps it
                headers = [(k, v) for k, v in headers if k.lower() != "cache-control"]
                extra = [*extra, ("Cache-Control", "no-store")]
            return start_response(status, headers + extra, exc_info)

        return self.wsgi_app(environ, start)


class PageSessions(SecureCookieSessionInterface):
    """Cookie sessions (which hold the CSRF secret) for the pages only. The JSON API is
    guarded by bearer tokens and never reads the session, so its requests skip building a
    signer and parsing cookies: a null session, and no Set-Cookie."""

    def open_session(self, app: Flask, request: Any) -> Any:
        if request.path.startswith("/api/"):
            return None  # Flask substitutes its read-only null session
        return super().open_session(app, request)


def _secret_key(app: Flask) -> str:
    """A key kept in the instance folder, so sessions survive restarts and workers agree."""
    path = Path(app.instance_path) / "secret_key"
    if not path.exists():
        # Several workers may start at once: each writes a complete candidate, and an atomic
        # link puts exactly one in place; every worker then reads that one.
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".secret_key.")
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(32))
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(tmp)
    return path.read_text().strip()


def _limit(app: Flask) -> None:
    """Rate-limit creating and joining games per client address, and creating games for
    everyone together (the `limits` library counts; only these views pay for a check).
    Counters live in RATELIMIT_STORAGE_URI: `memory://` (the default) counts per process;
    several processes or machines share one count in Redis or memcached
    (`redis://host:6379`, `memcached://host:11211`)."""
    from . import ratestore  # registers the mk-sqlite:// store with limits

    uri = app.config["RATELIMIT_STORAGE_URI"]
    # memory://: limits' own counters, minus the timer thread it starts per request
    storage = ratestore.QuietMemoryStorage() if uri == "memory://" else storage_from_string(uri)
    # A sliding-window counter costs the same at any limit; a moving window keeps every
    # hit's time, so a venue behind one address (RATELIMIT_TOKEN sized for 1,000 phones)
    # made each hit scan a list of 60,000 (bench/venue_load.py: a fifth of the server's time).
    counter = (SlidingWindowCounterRateLimiter(storage)
               if isinstance(storage, SlidingWindowCounterSupport)
               else FixedWindowRateLimiter(storage))
    token = (parse(app.config.get("RATELIMIT_TOKEN", DEFAULT_LIMITS["RATELIMIT_TOKEN"])),
             "RATELIMIT_TOKEN", True)
    tokened = _token_endpoints(app)
    for endpoint in sorted(tokened | set(LIMITS)):
        key = LIMITS.get(endpoint)
        rules = [token] if endpoint in tokened else []
        if key:
            rules.append((parse(app.config.get(key, DEFAULT_LIMITS[key])), key, True))
        if key in GLOBAL:
            everyone = GLOBAL[key]
            rules.append((parse(app.config.get(everyone, DEFAULT_LIMITS[everyone])),
                          everyone, False))
        app.view_functions[endpoint] = _limited(app.view_functions[endpoint], counter, rules,
                                                endpoint)
        app.extensions.setdefault("ratelimits", {})[endpoint] = (counter, rules)


def _token_endpoints(app: Flask) -> set[str]:
    """Every view that takes a game's link token or id: each answer opens a game."""
    return {rule.endpoint for rule in app.url_map.iter_rules()
            if {"token", "game_id"} & set(rule.arguments)}


def _over(counter: Any, rules: list[tuple[Any, str, bool]], client: str) -> Any:
    """The first limit this request goes over (counting it against each), else None."""
    for item, key, per_client in rules:
        if not counter.hit(item, key, client if per_client else "everyone"):
            return item
    return None


def over_limit(app: Flask, endpoint: str, client: str) -> bool:
    """Count a request to `endpoint` from `client` as its view would; True when it goes
    over a limit (quickpoll.py answers polls before Flask, through this)."""
    if not app.config.get("RATELIMIT_ENABLED", True):
        return False
    counter, rules = app.extensions["ratelimits"][endpoint]
    return _over(counter, rules, client) is not None


def _limited(view: Callable[..., Any], counter: Any,
             rules: list[tuple[Any, str, bool]], endpoint: str) -> Callable[..., Any]:
    @wraps(view)
    def checked(*args: Any, **kwargs: Any) -> Any:
        enabled = current_app.config.get("RATELIMIT_ENABLED", True) and not \
            request.environ.get(COUNTED)  # already counted by quickpoll.py
        item = _over(counter, rules, request.remote_addr or "unknown") if enabled else None
        if item is not None:
            retry = str(item.get_expiry())
            if endpoint.startswith("api."):
                response = jsonify({"error": f"too many requests; limit {item}", "field": ""})
            else:
                response = Response(render_template(
                    "error.html", title="Too many requests",
                    message=f"Please wait a moment (limit: {item})."))
            response.status_code = 429
            response.headers["Retry-After"] = retry
            return response
        return view(*args, **kwargs)

    return checked


def init_app(app: Flask) -> None:
    """Call after the blueprints are registered (limits wrap their views)."""
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ.get("MISSION_KIT_SECRET_KEY") or _secret_key(app)
    # CSRF is checked by the pages' own blueprint (pages.check_csrf): the JSON API,
    # guarded by bearer tokens instead, pays nothing for it on every event.
    app.config["WTF_CSRF_CHECK_DEFAULT"] = False
    # Over HTTPS flask-wtf also wants a Referer from this host, which no browser sends under
    # `Referrer-Policy: no-referrer` (every form would fail); pages.check_csrf checks the
    # browser's Sec-Fetch-Site instead, beside the token and the SameSite cookie.
    app.config["WTF_CSRF_SSL_STRICT"] = False
    csrf.init_app(app)
    app.session_interface = PageSessions()
    _limit(app)

    app.wsgi_app = QuickPoll(app.wsgi_app, app, over_limit)  # type: ignore[method-assign]
    app.wsgi_app = SecurityHeaders(app.wsgi_app)  # type: ignore[method-assign]
    if app.config.get("PROXY_FIX") or os.environ.get("MISSION_KIT_PROXY_FIX") == "1":
        from werkzeug.middleware.proxy_fix import ProxyFix

        # trust one proxy's X-Forwarded-For/-Proto: real client addresses, https links
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1)  # type: ignore[method-assign]

    @app.errorhandler(CSRFError)
    def _csrf_error(exc: CSRFError) -> tuple[str, int]:
        return render_template("error.html", title="This form has expired",
                               message="Reload the page and try again; nothing was changed."), 400
