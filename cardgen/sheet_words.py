"""Words the shared sheet code prints in every game's kit (card sheet sides, board tile
positions), in each language. A game's own words live in its strings table."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "front": "front", "back": "back",
        "tile_at": "row {row} of {rows}, column {col} of {cols}",
    },
    "ko": {
        "front": "앞면", "back": "뒷면",
        "tile_at": "{row}행 (전체 {rows}행), {col}열 (전체 {cols}열)",
    },
}


def word(lang: str, key: str, **kw: object) -> str:
    """The sheet word `key` in `lang`."""
    return WORDS[lang][key].format(**kw)
