"""Words the Dice Mission kit prints around the content (labels, headings), in each language."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "solo": "SOLO", "versus": "VERSUS", "team": "TEAM", "special": "SPECIAL",
        "mission": "MISSION", "debriefing": "DEBRIEFING", "gadget": "GADGET",
        "solo_missions": "SOLO missions", "versus_missions": "VERSUS missions",
        "team_missions": "TEAM missions", "special_missions": "SPECIAL missions",
        "gadget_cards": "Gadgets", "special_and_gadgets": "SPECIAL missions and gadgets",
        "player_aid": "Player aid",
        "solo_hint": "your dice", "versus_hint": "you against each rival",
        "team_hint": "all dice on the table", "special_hint": "your dice · one per game",
        "suitcase": "+1 GADGET", "phase_mission": "MISSION PHASE",
        "phase_debriefing": "DEBRIEFING PHASE", "round": "The round",
        "gadgets_list": "The gadgets", "setup_title": "Hands by player count",
        "setup_row": "{p} agents: {n} of each type; win with {target}",
        "token_front": "Active agent token: MISSION side",
        "token_back": "Active agent token: DEBRIEFING side",
        "active_agent": "ACTIVE AGENT",
        "stickers": "Die stickers (optional): 5 dice x 6 faces per colour, pips in the "
                    "colour's shape",
        "bought": "{n} six-sided dice in {k} colours, {die} mm with rounded edges (the "
                  "optional stickers are {sticker} mm)",
        "sticker_sheet": "Die stickers",
        "note_stickers": "Optional: stick one colour's faces on each set of 5 dice.",
        "note_aids": "Fronts and backs: two aids per sheet; cut along the dashed line. The "
                     "last sheet's other half is the one active agent token: cut out the "
                     "disc.",
        "rb_component": "{n} {what}", "rb_mission_card": "mission cards",
        "rb_gadget_card": "gadget cards", "rb_player_aid": "player aids",
        "rb_active_agent_token": "active agent token (on the last player-aid sheet)",
        "agent": "Agent", "discard": "discard", "hand_hidden": "{n} missions, hidden",
        "rolls_made": "rolls: {n}", "copies": "{n} copies",
        "sign_pips": "Dice with pips: those faces", "sign_letters": "Letters: A A = one "
        "number twice; B is another number", "sign_caption": "Blank dice with a caption: "
        "any of the faces named", "sign_run": "N, N+1…: numbers in a row",
        "sign_struck": "A struck die: no such die",
        "sign_sum": "Sigma with a sign: the sum of the dice",
        "sign_count": "#: how many such dice", "sign_plus": "+: both groups",
        "sign_mark_most": "Triangle up: more than each opponent",
        "sign_mark_fewest": "Triangle down: fewer than each opponent",
        "sign_mark_only": "Ringed agent: only you",
        "sign_mark_player": "Agent sign: per player or each player",
    },
    "ko": {
        "solo": "솔로", "versus": "버서스", "team": "팀", "special": "스페셜",
        "mission": "미션", "debriefing": "디브리핑", "gadget": "가젯",
        "solo_missions": "솔로 미션", "versus_missions": "버서스 미션",
        "team_missions": "팀 미션", "special_missions": "스페셜 미션",
        "gadget_cards": "가젯", "special_and_gadgets": "스페셜 미션과 가젯",
        "player_aid": "요약 카드",
        "solo_hint": "내 주사위", "versus_hint": "상대 한 명 한 명과 비교",
        "team_hint": "테이블의 모든 주사위", "special_hint": "내 주사위 · 게임당 1장",
        "suitcase": "가젯 +1", "phase_mission": "미션 단계",
        "phase_debriefing": "디브리핑 단계", "round": "라운드 진행",
        "gadgets_list": "가젯 목록", "setup_title": "인원별 손패",
        "setup_row": "{p}인: 종류별 {n}장, {target}장 완수하면 승리",
        "token_front": "주도 요원 토큰: 미션 면", "token_back": "주도 요원 토큰: 디브리핑 면",
        "active_agent": "주도 요원",
        "stickers": "주사위 스티커 (선택): 색마다 주사위 5개 × 6면, 색마다 눈 모양이 다르다",
        "bought": "6면 주사위 {n}개 ({k}가지 색), 모서리가 둥근 {die} mm(선택 스티커는 "
                  "{sticker} mm)",
        "sticker_sheet": "주사위 스티커",
        "note_stickers": "선택: 주사위 5개 한 벌마다 한 색의 면을 붙인다.",
        "note_aids": "앞뒷면: 한 장에 요약 카드 2장; 점선을 따라 자른다. 마지막 장의 나머지 "
                     "반쪽은 주도 요원 토큰 1개: 원을 오린다.",
        "rb_component": "{what} {n}개", "rb_mission_card": "미션 카드",
        "rb_gadget_card": "가젯 카드", "rb_player_aid": "요약 카드",
        "rb_active_agent_token": "주도 요원 토큰 (요약 카드 마지막 장)",
        "agent": "요원", "discard": "버림", "hand_hidden": "미션 {n}장, 비공개",
        "rolls_made": "굴림: {n}번", "copies": "{n}장",
        "sign_pips": "눈이 그려진 주사위: 그 눈", "sign_letters": "글자: A A = 같은 눈 둘, "
        "B는 다른 눈", "sign_caption": "빈 주사위와 설명: 적힌 눈 중 아무것",
        "sign_run": "N, N+1…: 이어지는 눈(스트레이트)", "sign_struck": "빗금 친 주사위: 그런 "
        "주사위가 없어야 한다", "sign_sum": "시그마와 부호: 주사위 눈의 합",
        "sign_count": "#: 그런 주사위의 개수", "sign_plus": "+: 두 묶음 모두",
        "sign_mark_most": "위쪽 삼각형: 어느 상대보다도 많이",
        "sign_mark_fewest": "아래쪽 삼각형: 어느 상대보다도 적게",
        "sign_mark_only": "동그라미 친 요원: 나 하나뿐",
        "sign_mark_player": "요원 표시: 한 사람당, 또는 각 요원",
    },
}


def t(lang: str, key: str, **kw: object) -> str:
    """The kit's word for `key` in `lang`."""
    return STRINGS[lang][key].format(**kw)
