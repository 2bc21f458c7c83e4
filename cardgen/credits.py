"""Credit for the vendored art, printed in every kit (the print guide) and kept in the README.

The licences themselves sit beside the data in cardgen/assets/ (scripts/vendor_assets.py
writes them with it)."""

from __future__ import annotations

ICONS = {"en": "Icons: https://game-icons.net (Lorc, Delapouite and contributors), CC BY 3.0.",
         "ko": "아이콘: https://game-icons.net (Lorc, Delapouite 외), CC BY 3.0."}
MAP = {"en": "Coastlines: Natural Earth (public domain).",
       "ko": "해안선: Natural Earth (퍼블릭 도메인)."}


def line(lang: str, world_map: bool) -> str:
    """The one credit line the print guide prints for a kit (with the map's credit when the
    kit draws the vendored coastlines, `Kit.world_map`)."""
    lang = lang if lang in ICONS else "en"
    return ICONS[lang] + (" " + MAP[lang] if world_map else "")
