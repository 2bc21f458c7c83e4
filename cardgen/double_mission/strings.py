"""Words the printed kit uses around the content (labels, headings), in each language.

A Korean particle after an inserted word is asked for in the field's format spec
("{city:로}"), so it takes the form that word needs (missionkit.korean)."""

from __future__ import annotations

from missionkit.korean import Word

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "plan": "PLAN", "mission": "MISSION", "title": "TITLE", "character": "CHARACTER",
        "own_turn": "YOUR TURN", "any_time": "ANY TIME", "cost": "COST", "points": "PTS",
        "max": "max {n}", "side": "SIDE {s}", "scored_last": "SCORED LAST",
        "plan_cards": "Plan cards", "mission_cards": "Missions", "character_cards": "Characters",
        "titles": "Titles", "tokens": "Tokens and stickers", "board": "Board",
        "player_aid": "Player aid", "rules": "Rules summary", "sheet": "sheet {n}/{total}",
        "front": "front", "back": "back", "investigation": "INVESTIGATION", "evidence": "evidence",
        "value_table": "TREASURE VALUE", "titles_area": "TITLES ON OFFER",
        "files_area": "INVESTIGATION FILES", "score_track": "score",
        "round_start": "{n} players start", "shadow": "Faceless Shadow",
        "seaports": "Seaports: any seaport to any seaport is 1 step",
        "airports": "Airports: any airport to any airport is 1 step",
        "security": "Security level", "slot": "Treasure slot", "wrap": "continues at {city}",
        "floor": "floor", "round_marker": "ROUND", "check_marker": "CHECK",
        "us_china": "US / China city", "tile": "Tile {label}", "glue": "glue under here",
        "tile_help": "Trim the margins, overlap the shaded strips on the next tile, match the "
                     "crosses.",
        "die_faces": "Die-face stickers: 5 success faces and 1 failure face per die",
        "value_stickers": "Value token stickers (large discs)",
        "treasure_stickers": "Treasure stickers (small discs)",
        "million_tokens": "Million tokens", "markers": "Round and check markers",
        "inv_front": "Investigation tokens: fronts", "inv_back": "Investigation tokens: backs",
    },
    "ko": {
        "plan": "계획", "mission": "미션", "title": "타이틀", "character": "캐릭터",
        "own_turn": "내 턴", "any_time": "언제든", "cost": "비용", "points": "점",
        "max": "최대 {n}점", "side": "{s}면", "scored_last": "마지막에 계산",
        "plan_cards": "계획 카드", "mission_cards": "미션 카드", "character_cards": "캐릭터",
        "titles": "타이틀", "tokens": "토큰과 스티커", "board": "게임 판",
        "player_aid": "요약 카드", "rules": "규칙 요약", "sheet": "{n}/{total}장",
        "front": "앞면", "back": "뒷면", "investigation": "수사 기록", "evidence": "증거",
        "value_table": "보물 가치표", "titles_area": "타이틀",
        "files_area": "수사 기록철", "score_track": "점수",
        "round_start": "{n}인 시작", "shadow": "얼굴 없는 그림자",
        "seaports": "항구: 항구에서 다른 항구까지 1칸",
        "airports": "공항: 공항에서 다른 공항까지 1칸",
        "security": "보안 레벨", "slot": "보물 자리", "wrap": "{city:로} 이어짐",
        "floor": "최저", "round_marker": "라운드", "check_marker": "원형 마커",
        "us_china": "미국 / 중국 도시", "tile": "조각 {label}", "glue": "풀칠하는 곳",
        "tile_help": "여백을 자르고, 회색 띠를 다음 조각 밑에 겹친 뒤 십자 표시를 맞춘다.",
        "die_faces": "주사위 스티커: 주사위마다 성공 5면, 실패 1면",
        "value_stickers": "가치 토큰 스티커 (큰 디스크)",
        "treasure_stickers": "보물 스티커 (작은 디스크)",
        "million_tokens": "밀리언 토큰", "markers": "라운드 마커와 원형 마커",
        "inv_front": "수사 기록 토큰: 앞면", "inv_back": "수사 기록 토큰: 뒷면",
    },
}


def t(lang: str, key: str, **kw: object) -> str:
    """The kit's word for `key` in `lang`; text fields may take a particle ("{city:로}")."""
    return STRINGS[lang][key].format(**{k: Word(v) if isinstance(v, str) else v
                                         for k, v in kw.items()})
