"""companion: the phone-first scoring app for a table playing Mission Kit games."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

from missionkit import siteconfig

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: config, the game store, the API and the pages."""
    app = Flask(__name__, instance_relative_config=True, template_folder=str(TEMPLATES))
    app.config.from_mapping(
        DATABASE=str(Path(app.instance_path) / "companion.db"),
        CONTENT=None,
        MAX_CONTENT_LENGTH=64 * 1024,  # no form or event comes near this
        MAX_IMPORT_LENGTH=4 * 1024 * 1024,  # an export: up to MAX_EVENTS events and its rules
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=os.environ.get("MISSION_KIT_SECURE_COOKIES") == "1",  # HTTPS
        WTF_CSRF_TIME_LIMIT=None,  # a game evening outlasts the default hour
        # games unchanged this long are deleted (0: never); changes one game may hold
        GAME_IDLE_SECONDS=float(os.environ.get("MISSION_KIT_GAME_IDLE_DAYS", "30")) * 86400,
        MAX_EVENTS=int(os.environ.get("MISSION_KIT_MAX_EVENTS", "20000")),
        RATELIMIT_STORAGE_URI=os.environ.get("MISSION_KIT_RATELIMIT_STORAGE", "memory://"),
        # limits by name (security.DEFAULT_LIMITS), e.g. MISSION_KIT_RATELIMIT_TOKEN for a
        # venue whose phones share one NAT address
        **{f"RATELIMIT_{name}": os.environ[f"MISSION_KIT_RATELIMIT_{name}"]
           for name in ("CREATE", "CREATE_ALL", "JOIN", "TOKEN")
           if os.environ.get(f"MISSION_KIT_RATELIMIT_{name}")},
        # where invites send the other phones (links.py): the configured public URL, and
        # the LAN address `companion serve --lan` found
        PUBLIC_URL=None,
        LAN_URL=None,
        TLS_CA=None,  # `companion serve --tls`: the local CA's certificate file (tls.py)
        # where the print kits built for GET /kit/<game>.zip are kept (companion/kits.py)
        KIT_CACHE=os.environ.get("MISSION_KIT_KITS") or str(Path(app.instance_path) / "kits"),
    )
    if test_config:
        app.config.update(test_config)
    if app.config["TLS_CA"]:
        app.config["SESSION_COOKIE_SECURE"] = True  # served over HTTPS only
    if "PUBLIC_URL" not in (test_config or {}):
        configured = siteconfig.public_url()  # the environment or the config file
        app.config["PUBLIC_URL"] = configured.url if configured else None
    from . import api, assets, errors, i18n, jsonio, kits, messages, pages, security, service

    app.json = jsonio.OrjsonProvider(app)  # keeps the spec's field order, as built

    service.init_app(app)
    i18n.init_app(app)
    messages.init_app(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    assets.init_app(app)
    app.register_blueprint(kits.bp)
    security.init_app(app)
    errors.init_app(app)
    return app
