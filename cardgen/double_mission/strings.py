"""Words the printed kit uses around the content (labels, headings), in each language.

A Korean particle after an inserted word is asked for in the field's format spec
("{city:로}"), so it takes the form that word needs (missionkit.korean)."""

from __future__ import annotations

from missionkit.korean import Word

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "plan": "PLAN", "mission": "MISSION", "title": "TITLE", "character": "CHARACTER",
        "own_turn": "YOUR TURN", "any_time": "ANY TIME", "cost": "COST", "points": "PTS",
        "million_unit": "M",
        "max": "max {n}", "side": "SIDE {s}", "scored_last": "SCORED LAST",
        "plan_cards": "Plan cards", "mission_cards": "Missions", "character_cards": "Characters",
        "titles": "Titles", "missions_characters_titles": "Missions, characters and titles",
        "tokens": "Tokens and stickers", "board": "Board",
        "player_aid": "Player aid", "rules": "Rules summary", "sheet": "sheet {n}/{total}",
        "front": "front", "back": "back", "investigation": "INVESTIGATION",
        "value_table": "TREASURE VALUE", "titles_area": "TITLES ON OFFER",
        "files_area": "INVESTIGATION FILES", "score_track": "score",
        "round_start": "{n} players start", "slot_every": "every game",
        "slot_players": "with {n}+ players", "shadow": "Faceless Shadow",
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
        "stickers": "Stickers", "pawns": "Pawns (folding standees)",
        "count_row": "Count", "points_row": "Points", "place_row": "Place", "place": "#{n}",
        "pawn_help": "Cut out each strip along its solid outline, fold it in the middle so the "
                     "two pictures meet back to back (glue them), then fold the two end tabs "
                     "outwards so it stands: every dashed line is a fold.",
        "note_tokens": "Pages 1 and 2 double-sided (investigation tokens, with the Million "
                       "tokens and markers under them; on Letter the markers go with the "
                       "pawns), then one-sided: the pawns, one standee per character. Cut "
                       "out the discs and strips.",
        "note_stickers": "Stick a treasure sticker on each side of every 16 mm disc, a value "
                         "sticker on each side of every 22 mm disc, and a die-face sticker "
                         "({sticker} mm) in the middle of each face of the {die} mm dice, on "
                         "the flat inside the rounded edges.",
        "note_aids": "One page per player; trim along the aid's border if you like.",
        "note_board": "One A2 sheet; or print board-tiled.pdf and glue the tiles.",
        "note_tiles": "Trim, overlap the shaded strips, match the crosses, glue.",
        "buy_dice": "{n} six-sided dice, {die} mm with rounded edges (the stickers are "
                    "{sticker} mm): {per} for each of the {chars} characters "
                    "(a game uses at most {used})",
        "buy_small": "{n} wooden discs, about 16 mm across (treasures)",
        "buy_large": "{n} wooden discs, about 22 mm across (value tokens)",
        "buy_glue": "A glue stick, a steel ruler, a craft knife and a cutting mat",
        "build_1": "Stick the die-face stickers: 5 success faces and 1 failure face per die, "
                   "each die in one character's colour.",
        "build_2": "Stick treasure and value stickers on their wooden discs.",
        "build_3": "Fold and glue the pawns; glue the board (or its tiles) on card.",
        # the rulebook (cardgen.double_mission.rulebook)
        "rb_component": "{n} {what}",
        "rb_city": "cities on the board", "rb_plan_card": "plan cards",
        "rb_mission_card": "mission cards", "rb_character_card": "character cards (two sides)",
        "rb_title": "title cards", "rb_investigation_token": "investigation tokens",
        "rb_million_token": "Million tokens", "rb_treasure_sticker": "treasure stickers",
        "rb_value_token": "value token stickers",
        "rb_board_n": "{n} board (world map, score track and value table)",
        "rb_pawn_n": "{n} pawns, one per character",
        "rb_round_marker": "round marker",
        "rb_check_marker_n": "{n} CHECK markers, {each} in each character's colour",
        "rb_treasure_sticker_n": "{n} treasure stickers, one for each side of the {discs} "
                                 "treasure discs",
        "rb_value_sticker_n": "{n} value token stickers, one for each side of the {discs} "
                              "value discs",
        "rb_die_sticker_n": "{n} die-face stickers, one for each face of the dice you bring",
        "rb_fig_marker": "round marker: {n}", "rb_fig_titles": "{n} titles on offer ({p} players)",
        "rb_fig_values": "value tokens on {v}", "rb_fig_cities": "{n} cities, one treasure each",
        "rb_ex_marker": "Round marker {n}",
        "rb_ex_row": "{who}: {p} pts, {m} M, {d} dice, loot {tr}",
        "rb_ex_value": "Artifact value: {v}",
        "rb_any_time": "any time", "rb_own_turn": "your turn",
        "rb_plan_title": "{name} · cost {cost} · {when} · {copies}×",
        "rb_ladder": "Points by count: {points}.", "rb_cap": "At most {n} points.",
        "rb_rank": "Points by place, from 1st (the highest total) down: {points}; with fewer "
                   "than {n} players only the first values are used, so the leader scores "
                   "least.",
        "rb_title_title": "{name} · {n} points",
        "rb_players": "{n} players",
        "rb_players_row": "{titles} titles on offer; round marker on {marker}; starting "
                          "scores by seat {scores}.",
        "rb_mix_title": "The {n} investigation tokens",
        "rb_mix_blank": "{n} blank (0)", "rb_mix": "{n} with -{e}",
    },
    "ko": {
        "plan": "계획 카드", "mission": "미션", "title": "타이틀", "character": "캐릭터",
        "own_turn": "내 턴", "any_time": "언제든", "cost": "비용", "points": "점",
        "million_unit": "밀리언",
        "max": "최대 {n}점", "side": "{s}면", "scored_last": "마지막에 계산",
        "plan_cards": "계획 카드", "mission_cards": "미션 카드", "character_cards": "캐릭터",
        "titles": "타이틀", "missions_characters_titles": "미션·캐릭터·타이틀 카드",
        "tokens": "토큰과 스티커", "board": "게임 판",
        "player_aid": "요약 카드", "rules": "규칙 요약", "sheet": "{n}/{total}장",
        "front": "앞면", "back": "뒷면", "investigation": "수사 기록",
        "value_table": "보물 가치표", "titles_area": "타이틀",
        "files_area": "수사 기록철", "score_track": "점수",
        "round_start": "{n}인 시작", "slot_every": "모든 게임",
        "slot_players": "{n}인 이상", "shadow": "얼굴 없는 그림자",
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
        "stickers": "스티커", "pawns": "말 (접어 세우는 스탠디)",
        "count_row": "개수", "points_row": "점수", "place_row": "등수", "place": "{n}등",
        "pawn_help": "띠를 하나씩 실선 테두리를 따라 오려 가운데를 접어 두 그림이 등을 맞대게 "
                     "붙인 뒤, 양 끝 날개를 바깥으로 접어 세운다. 점선은 모두 접는 선이다.",
        "note_tokens": "1-2쪽은 양면(수사 기록 토큰, 그 아래 밀리언 토큰과 마커. 레터 용지에서는 "
                       "마커가 말과 함께 있다), 다음 쪽은 단면(캐릭터마다 하나씩 세우는 말)으로 "
                       "인쇄해 원과 띠를 오린다.",
        "note_stickers": "16 mm 원판마다 양면에 보물 스티커를, 22 mm 원판마다 양면에 가치 "
                         "스티커를 붙이고, 주사위 스티커({sticker} mm)는 {die} mm 주사위의 각 "
                         "면 가운데, 둥근 모서리 안쪽의 평평한 곳에 붙인다.",
        "note_aids": "한 사람에 한 장; 원하면 테두리를 따라 자른다.",
        "note_board": "A2 한 장; 또는 board-tiled.pdf를 인쇄해 조각을 붙인다.",
        "note_tiles": "여백을 자르고 회색 띠를 겹쳐 십자 표시를 맞춰 붙인다.",
        "buy_dice": "6면 주사위 {n}개, 모서리가 둥근 {die} mm(스티커는 {sticker} mm): "
                    "캐릭터 {chars}명에 {per}개씩 "
                    "(한 게임에 최대 {used}개를 쓴다)",
        "buy_small": "지름 약 16 mm 나무 디스크 {n}개 (보물)",
        "buy_large": "지름 약 22 mm 나무 디스크 {n}개 (가치 토큰)",
        "buy_glue": "딱풀, 쇠자, 칼, 커팅 매트",
        "build_1": "주사위 스티커를 붙인다: 주사위마다 성공 5면과 실패 1면, 주사위 하나는 "
                   "한 캐릭터의 색.",
        "build_2": "보물 스티커와 가치 스티커를 나무 디스크에 붙인다.",
        "build_3": "말을 접어 붙이고, 게임 판(또는 조각)을 카드지에 붙인다.",
        "rb_component": "{what} {n}",
        "rb_city": "게임 판의 도시", "rb_plan_card": "계획 카드",
        "rb_mission_card": "미션 카드", "rb_character_card": "캐릭터 카드 (양면)",
        "rb_title": "타이틀", "rb_investigation_token": "수사 기록",
        "rb_million_token": "밀리언 토큰", "rb_treasure_sticker": "보물 스티커",
        "rb_value_token": "가치 토큰 스티커",
        "rb_board_n": "게임 판 {n} (세계 지도, 점수 라인, 보물 가치표)",
        "rb_pawn_n": "말 {n} (캐릭터마다 하나)",
        "rb_round_marker": "라운드 마커",
        "rb_check_marker_n": "원형 마커 {n} (캐릭터 색마다 {each}개)",
        "rb_treasure_sticker_n": "보물 스티커 {n} (보물 디스크 {discs}개의 양면에 하나씩)",
        "rb_value_sticker_n": "가치 토큰 스티커 {n} (가치 토큰 디스크 {discs}개의 양면에 하나씩)",
        "rb_die_sticker_n": "주사위 스티커 {n} (따로 사는 주사위의 면마다 하나씩)",
        "rb_fig_marker": "라운드 마커: {n}", "rb_fig_titles": "타이틀 {n}개 ({p}인)",
        "rb_fig_values": "가치 토큰은 {v}점 칸", "rb_fig_cities": "도시 {n}곳, 보물 하나씩",
        "rb_ex_marker": "라운드 마커 {n}",
        "rb_ex_row": "{who}: {p}점, {m}밀리언, 주사위 {d}개, 보물 {tr}개",
        "rb_ex_value": "예술품 가치: {v}",
        "rb_any_time": "언제든", "rb_own_turn": "내 턴",
        "rb_plan_title": "{name} · 비용 {cost} · {when} · {copies}장",
        "rb_ladder": "개수별 점수: {points}.", "rb_cap": "최대 {n}점.",
        "rb_rank": "등수별 점수(합계가 가장 높은 1등부터): {points}. {n}명보다 적게 하면 앞의 "
                   "값만 쓰므로 선두가 가장 적게 얻는다.",
        "rb_title_title": "{name} · {n}점",
        "rb_players": "{n}인",
        "rb_players_row": "타이틀 {titles}개, 라운드 마커 {marker}, 자리 순서대로 시작 점수 "
                          "{scores}.",
        "rb_mix_title": "수사 기록 {n}개",
        "rb_mix_blank": "0: {n}개", "rb_mix": "-{e}: {n}개",
    },
}


def t(lang: str, key: str, **kw: object) -> str:
    """The kit's word for `key` in `lang`; text fields may take a particle ("{city:로}")."""
    return STRINGS[lang][key].format(**{k: Word(v) if isinstance(v, str) else v
                                         for k, v in kw.items()})
