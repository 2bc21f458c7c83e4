"""Words the Mission Improbable kit prints around the content (labels, headings), EN and KO.

Card type names, skill names, table rows and the guide come from the content; only the
kit's own labels live here.
"""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "cards": "Cards", "reference": "Reference sheet", "player_aid": "Player aid",
        "score_pad": "Score pad",
        "or": "OR", "good": "GOOD", "bad": "BAD", "mp": "MP", "checks": "CHECKS",
        "pick_one": "pick one skill", "every_check": "pass every check, in order",
        "one_check": "pass this check",
        "one_use": "ONE USE", "permanent": "PERMANENT", "skills": "SKILLS",
        "check": "CHECK", "bonus": "BONUS",
        "intercept": "INTERCEPT PHASE", "before_check": "BEFORE A CHECK ROLL",
        "before_failure_roll": "BEFORE A FAILURE ROLL",
        "before_capture_roll": "BEFORE A CAPTURE ROLL", "mission": "YOUR MISSION PHASE",
        "opponent_turn": "AN OPPONENT'S TURN", "reaction": "IN REPLY TO AN OPPONENT",
        "own_turn": "ANY TIME IN YOUR TURN",
        "d10": "D10", "result": "Result", "pass_chance": "Chance to pass a check",
        "delta": "Δ = the agent's bonuses − the card's number",
        "pass_rule": "Pass when your D10 + bonuses ≥ your nemesis's D10 + the card's number.",
        "d5": "1D5 = roll a D10, halve it, round up ({first} → 1 … {last} → {top}).",
        "mods": "Table modifiers add up; the result stays within {low}-{high}.",
        "phases": "A turn in 9 phases", "organisation": "Organisation",
        "alignment": "Good / bad", "nemesis": "Nemesis", "completed": "Completed missions (MP)",
        "total": "Total MP", "missions_done": "Missions", "game_no": "Game",
        "target": "The game ends after the round in which the deck runs out or someone reaches "
                  "{n} MP. Ties: more completed missions, then shared.",
        "bought": "{n} {name} per player",
        "rb_component": "{n} {what}",
        "rb_player_aid": "player aids (one per player)",
        "rb_reference_sheet": "reference sheets with the three D10 tables (on the aids' backs)",
        "rb_score_pad": "score pads", "rb_agent_card": "agent cards",
        "rb_mission_card": "mission cards", "rb_obstacle_card": "obstacle cards",
        "rb_location_card": "location cards", "rb_equipment_card": "equipment cards",
        "rb_experience_card": "experience cards", "rb_connection_card": "connection cards",
        "rb_event_card": "event cards",
        "deck": "Shared deck", "discard": "discard pile", "hand_of": "Your hand: {n} cards",
        "your_area": "One player's area", "agent": "Agent", "passed": "PASSED",
        "failed": "FAILED",
        "obstacles_on_mission": "A mission in play, with two obstacles an opponent played on "
                                "it face down",
    },
    "ko": {
        "cards": "카드", "reference": "참조표", "player_aid": "요약 카드", "score_pad": "점수표",
        "or": "또는", "good": "선", "bad": "악", "mp": "MP", "checks": "판정",
        "pick_one": "기술 하나를 고른다", "every_check": "모든 판정에 순서대로 성공해야 한다",
        "one_check": "이 판정에 성공해야 한다",
        "one_use": "1회용", "permanent": "영구", "skills": "기술",
        "check": "판정", "bonus": "보너스",
        "intercept": "가로채기 단계", "before_check": "판정 굴림 전",
        "before_failure_roll": "실패 표 굴림 전", "before_capture_roll": "포로 표 굴림 전",
        "mission": "내 미션 단계", "opponent_turn": "상대의 턴", "reaction": "상대에 대한 대응",
        "own_turn": "내 턴 중 언제나",
        "d10": "D10", "result": "결과", "pass_chance": "판정 성공 확률",
        "delta": "Δ = 요원의 보너스 합 - 카드의 숫자",
        "pass_rule": "내 D10 + 보너스 ≥ 숙적의 D10 + 카드의 숫자이면 성공한다.",
        "d5": "1D5 = D10을 굴려 반으로 나누고 올림한다 ({first} → 1 … {last} → {top}).",
        "mods": "표 굴림의 수정치는 모두 더하며, 결과는 {low}~{high}을 벗어나지 않는다.",
        "phases": "턴의 9단계", "organisation": "조직", "alignment": "선 / 악",
        "nemesis": "숙적", "completed": "완수한 미션 (MP)", "total": "MP 합계",
        "missions_done": "미션 수", "game_no": "게임",
        "target": "덱이 떨어지거나 누군가 {n} MP에 이른 라운드가 끝나면 게임이 끝난다. "
                  "동점이면 완수한 미션이 많은 쪽, 그래도 같으면 공동 순위.",
        "bought": "1인당 {name} {n}개",
        "rb_component": "{what} {n}장",
        "rb_player_aid": "요약 카드",
        "rb_reference_sheet": "D10 표 참조표(요약 카드 뒷면)",
        "rb_score_pad": "점수표", "rb_agent_card": "요원 카드",
        "rb_mission_card": "미션 카드", "rb_obstacle_card": "장애물 카드",
        "rb_location_card": "장소 카드", "rb_equipment_card": "장비 카드",
        "rb_experience_card": "경력 카드", "rb_connection_card": "인맥 카드",
        "rb_event_card": "이벤트 카드",
        "deck": "공용 덱", "discard": "버린 카드 더미", "hand_of": "내 손패: {n}장",
        "your_area": "한 사람의 자리", "agent": "요원", "passed": "성공", "failed": "실패",
        "obstacles_on_mission": "진행 중인 미션과, 상대가 그 위에 뒷면으로 놓은 장애물 2장",
    },
}

IRREGULAR = {"die": "dice"}  # English plurals the "-s" rule gets wrong


def t(lang: str, key: str, **kw: object) -> str:
    """The kit's word for `key` in `lang`."""
    return STRINGS[lang][key].format(**kw)


def plural_en(name: str, n: int) -> str:
    """'ten-sided die', 2 -> 'ten-sided dice' (the last word takes the plural)."""
    if n == 1:
        return name
    head, _, last = name.rpartition(" ")
    last = IRREGULAR.get(last, last + "s")
    return f"{head} {last}" if head else last
