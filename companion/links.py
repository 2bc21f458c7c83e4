"""The address an invite (link, QR, printed kit) hands to the other phones at the table.

A host who opened the companion at `127.0.0.1` or `localhost` must not invite the table to
their own loopback: on every other phone that address is the phone itself. So, first to last:
1. the configured public URL (`--public-url`, `MISSION_KIT_PUBLIC_URL`, the config file);
2. the address this request came in on, when another device could reach it;
3. the LAN address `companion serve --lan` found;
4. the address this request came in on, loopback or not: the invite then says it cannot
   work on another phone and what to do (`Base.loopback`)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urljoin

from flask import current_app, request, url_for

from missionkit.siteconfig import is_loopback_url


@dataclass(frozen=True)
class Base:
    """An invite's base URL (ending in '/') and whether only this machine can open it."""

    url: str
    loopback: bool


def invite_base() -> Base:
    """Where the other phones reach this companion, for the current request."""
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return Base(configured, is_loopback_url(configured))
    if not is_loopback_url(request.host_url):
        return Base(request.host_url, False)
    lan = current_app.config.get("LAN_URL")
    if lan:
        return Base(lan, is_loopback_url(lan))
    return Base(request.host_url, True)


def external(endpoint: str, **values: object) -> str:
    """An absolute URL for `endpoint` on the invite's base (see invite_base)."""
    return urljoin(invite_base().url, url_for(endpoint, **values).lstrip("/"))
