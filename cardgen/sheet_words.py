"""Words the shared sheet code prints in every game's kit (card sheet sides, board tile
positions), in each language. A game's own words live in its strings table."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "front": "front", "back": "back",
        "sheet_also": "also {what}: {n}",
        "tile_at": "row {row} of {rows}, column {col} of {cols}",
        "ruler": "100 mm at 100 % scale",
        "companion": "Score on your phone: scan or type",
        "write_in": "Score on your phone: write the companion's address here",
        "write_in_hint": "Ask the host: the companion shows it under Invite",
        "content_version": "content version",
        "guide_title": "Print and build",
        "guide_files": "What to print",
        "guide_scale": "Print every file at 100 % (actual size, no fit to page). Check the "
                       "ruler at the foot of this page: it must measure 100 mm.",
        "two_sided": "double-sided, flip on the {edge} edge",
        "one_sided": "single-sided",
        "edge_long": "long", "edge_short": "short",
        "pages": "{n} p.",
        "stock_cardstock": "cardstock 250-300 g/m²",
        "stock_paper": "plain paper 80-120 g/m²",
        "stock_sticker": "full-sheet sticker paper (matte)",
        "stock_poster": "A2 paper or card at a print shop (or use the tiled board)",
        "note_cards": "Cut along the crop marks; fronts and backs line up when printed "
                      "double-sided.",
        "guide_stickers": "On sticker paper",
        "no_stickers": "Nothing: this kit has no stickers.",
        "guide_buy": "What to buy",
        "nothing_to_buy": "Nothing beyond the printed kit.",
        "guide_order": "Order of work",
        "guide_ink": "Which look to print",
        "ink_home": "This kit is the home look, made for a home inkjet: white grounds, each "
                    "family's colour as a frame and accents, backs told apart by a light "
                    "pattern, black text in black ink only. It spends a fraction of the ink "
                    "and a cut a little off the line shows only white. At a print shop, or "
                    "for dark, full-colour cards, print the full look instead: the same "
                    "files in the folder whose name ends in -ink-full (whoever builds the "
                    "kit adds it with --ink full).",
        "ink_full": "This kit is the full look, for a print shop or a laser printer: every "
                    "card in its colour to the edge of the bleed and dark backs. It floods "
                    "a home inkjet's cartridges and curls thin card; at home print the "
                    "home look: the same files in the folder without -ink-full in its name.",
        "step_1": "Print this page and measure the ruler; if it is not 100 mm, turn off "
                  "scaling in the print dialog.",
        "step_2": "Print a card file's first two pages double-sided and hold them to the light. "
                  "If the backs sit more than 1 mm off, set your printer's duplex alignment "
                  "(its back-side offset); if it has none, whoever builds the kit can shift "
                  "the backs by the amount its calibration page measures.",
        "step_3": "Print the rest: cardstock files, then sticker sheets, then paper files.",
        "step_3_no_stickers": "Print the rest: cardstock files, then paper files.",
        "step_4": "Cut cards with a ruler and craft knife along the crop marks: first the long "
                  "lines right across the sheet, then the short ones.",
        "rulebook": "Rulebook", "contents": "Contents", "quick_reference": "Quick reference",
        "rulebook_bring": "What to bring", "rulebook_page": "rulebook\u00a0p.\u00a0{n}",
        "note_rulebook": "Read it first: the whole rules, with a quick reference on the "
                         "back page.",
        "note_booklet": "A booklet: print double-sided, flip on the {edge} edge, landscape; "
                        "stack the sheets in order, fold the stack in half and staple twice "
                        "along the fold ({pages} pages, blanks included).",
    },
    "ko": {
        "front": "앞면", "back": "뒷면",
        "sheet_also": "{what} {n}장 포함",
        "tile_at": "{row}행 (전체 {rows}행), {col}열 (전체 {cols}열)",
        "ruler": "100 % 크기에서 100 mm",
        "companion": "휴대폰으로 점수 계산: 스캔하거나 주소를 입력한다",
        "write_in": "휴대폰으로 점수 계산: 앱 주소를 여기에 적는다",
        "write_in_hint": "주소는 호스트에게 묻는다(도우미 앱의 초대 탭에 나온다)",
        "content_version": "콘텐츠 버전",
        "guide_title": "인쇄와 조립",
        "guide_files": "인쇄할 파일",
        "guide_scale": "모든 파일을 100 %(실제 크기, 페이지 맞춤 끔)로 인쇄한다. 이 쪽 아래의 "
                       "자가 100 mm인지 확인한다.",
        "two_sided": "양면, {edge} 가장자리로 넘김",
        "one_sided": "단면",
        "edge_long": "긴", "edge_short": "짧은",
        "pages": "{n}쪽",
        "stock_cardstock": "카드지 250-300 g/m²",
        "stock_paper": "일반 용지 80-120 g/m²",
        "stock_sticker": "전면 스티커 용지(무광)",
        "stock_poster": "인쇄소의 A2 용지나 카드지(또는 분할 게임 판 사용)",
        "note_cards": "재단 표시를 따라 자른다. 양면 인쇄하면 앞면과 뒷면이 맞는다.",
        "guide_stickers": "스티커 용지에 인쇄할 것",
        "no_stickers": "없음: 이 키트에는 스티커가 없다.",
        "guide_buy": "구입할 것",
        "nothing_to_buy": "인쇄한 키트 외에는 없다.",
        "guide_order": "작업 순서",
        "guide_ink": "어떤 인쇄 모양을 고를까",
        "ink_home": "이 키트는 가정용 잉크젯에 맞춘 기본 모양이다: 흰 바탕, 종류마다 색 테두리와 "
                    "강조, 옅은 무늬로 구별되는 뒷면, 검정 잉크로만 찍는 글자. 잉크가 훨씬 덜 "
                    "들고, 선에서 조금 벗어나 잘라도 흰색만 보인다. 인쇄소에 맡기거나 색이 "
                    "가득한 어두운 카드를 원하면 전체 모양을 인쇄한다: 이름이 -ink-full로 끝나는 "
                    "폴더의 같은 파일들이다(키트를 만드는 사람이 --ink full로 추가한다).",
        "ink_full": "이 키트는 인쇄소나 레이저 프린터용 전체 모양이다: 카드마다 재단 여백 끝까지 "
                    "색이 차고 뒷면이 어둡다. 가정용 잉크젯에서는 잉크가 많이 들고 얇은 카드지가 "
                    "휜다. 집에서는 기본 모양, 곧 이름에 -ink-full이 없는 폴더의 같은 "
                    "파일들을 인쇄한다.",
        "step_1": "이 쪽을 인쇄해 자를 잰다. 100 mm가 아니면 인쇄 창에서 크기 조정을 끈다.",
        "step_2": "카드 파일의 첫 두 쪽을 양면 인쇄해 빛에 비춰 본다. 뒷면이 1 mm 넘게 "
                  "어긋나면 프린터의 양면 정렬(뒷면 위치 보정)을 맞춘다. 그런 설정이 없으면 "
                  "키트를 만드는 사람이 보정 페이지로 잰 만큼 뒷면을 옮겨 다시 만들 수 "
                  "있다.",
        "step_3": "나머지를 인쇄한다: 카드지 파일, 스티커 용지, 일반 용지 순서로.",
        "step_3_no_stickers": "나머지를 인쇄한다: 카드지 파일, 일반 용지 순서로.",
        "step_4": "자와 칼로 재단 표시를 따라 카드를 자른다: 먼저 용지를 가로지르는 긴 선, "
                  "다음에 짧은 선.",
        "rulebook": "규칙서", "contents": "차례", "quick_reference": "빠른 참조",
        "rulebook_bring": "따로 준비할 것", "rulebook_page": "규칙서\u00a0{n}쪽",
        "note_rulebook": "가장 먼저 읽는다: 규칙 전체가 있고, 마지막 쪽은 빠른 참조다.",
        "note_booklet": "소책자: 가로 방향으로 양면 인쇄하고 {edge} 가장자리로 넘긴다. 인쇄된 "
                        "순서대로 종이를 겹쳐 반으로 접고, 접힌 선을 따라 스테이플러로 두 번 "
                        "찍는다 (빈 쪽 포함 {pages}쪽).",
    },
}


def word(lang: str, key: str, **kw: object) -> str:
    """The sheet word `key` in `lang`."""
    return WORDS[lang][key].format(**kw)


def see_rulebook(lang: str, heading: str, page: int | None) -> str:
    """A player aid's heading with the rulebook page that tells it in full, when known."""
    return f"{heading} · {word(lang, 'rulebook_page', n=page)}" if page else heading
