"""Where this table's companion is reached: one setting read by `companion serve` (for its
invites) and `cardgen build` (for the QR printed in every kit).

The public URL comes from, first to last: a command-line option (the caller passes it), the
environment (`MISSION_KIT_PUBLIC_URL`), a config file (`public_url = "https://…"` in TOML:
`$MISSION_KIT_CONFIG`, else `mission-kit.toml` in the working folder, else
`~/.config/mission-kit/config.toml`). None of them set means "not known": the companion
then uses the address it was reached at (or its LAN address with `--lan`), and cardgen
prints a place to write the address instead of a QR."""

from __future__ import annotations

import ipaddress
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

ENV_URL = "MISSION_KIT_PUBLIC_URL"
ENV_CONFIG = "MISSION_KIT_CONFIG"
LOCAL_CONFIG = "mission-kit.toml"


class ConfigError(ValueError):
    """A public URL or config file that cannot be used; the message names where it came from."""


@dataclass(frozen=True)
class PublicUrl:
    """A companion's base URL (ending in '/') and where the setting came from."""

    url: str
    source: str  # "--public-url", "MISSION_KIT_PUBLIC_URL", or the config file's path


def config_paths() -> list[Path]:
    """The config files looked at, in order (the first that exists is read)."""
    if os.environ.get(ENV_CONFIG):
        return [Path(os.environ[ENV_CONFIG])]
    home = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return [Path.cwd() / LOCAL_CONFIG, home / "mission-kit" / "config.toml"]


def normalise(url: str, source: str) -> str:
    """`url` as a base URL ending in '/', or ConfigError naming `source`."""
    text = url.strip()
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError(f"{source}: {url!r} is not an http:// or https:// address")
    try:
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError:
        raise ConfigError(f"{source}: {url!r} has a port that is not a number") from None
    if parts.query or parts.fragment:
        raise ConfigError(f"{source}: {url!r} must not carry a query or fragment")
    return text if text.endswith("/") else text + "/"


def public_url(option: str | None = None) -> PublicUrl | None:
    """The configured public URL (option, environment, config file), or None."""
    if option:
        return PublicUrl(normalise(option, "--public-url"), "--public-url")
    if os.environ.get(ENV_URL):
        return PublicUrl(normalise(os.environ[ENV_URL], ENV_URL), ENV_URL)
    for path in config_paths():
        if not path.is_file():
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(f"{path}: cannot read it as TOML: {exc}") from None
        value = data.get("public_url")
        if value is None:
            return None
        if not isinstance(value, str):
            raise ConfigError(f"{path}: public_url: expected a text such as "
                              f"\"http://192.168.1.20:5000/\"")
        return PublicUrl(normalise(value, f"{path}: public_url"), str(path))
    return None


def is_loopback_host(host: str | None) -> bool:
    """True for a host name only this machine reaches: localhost, 127.0.0.0/8, ::1."""
    if not host:
        return False
    name = host.strip("[]").lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def is_loopback_url(url: str) -> bool:
    """True when `url` points at the machine that opens it (useless on another phone)."""
    return is_loopback_host(urlsplit(url).hostname)
