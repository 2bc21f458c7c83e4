"""Korean particles chosen by the word they follow, so no text prints a template seam like
"시드니(으)로": 로/으로, 가/이, 를/을, 는/은, 와/과 depend on whether the last syllable ends in
a consonant (받침), and 로 also follows ㄹ (서울로).

`Word` lets a format string ask for a particle: "{city:로} 이어짐".format(city=Word("서울"))
gives "서울로 이어짐"; with no particle in the spec it formats as the plain text."""

from __future__ import annotations

# particle -> (after a vowel, after a consonant); either spelling may be asked for
PAIRS = {"로": ("로", "으로"), "가": ("가", "이"), "를": ("를", "을"), "는": ("는", "은"),
         "와": ("와", "과")}
FORMS = {form: pair for pair in PAIRS.values() for form in pair}
# the final consonant of each digit's Korean reading: 일 이 삼 사 오 육 칠 팔 구 영
DIGIT_FINAL = dict(zip("1234567890", (8, 0, 16, 0, 0, 1, 8, 8, 0, 21), strict=True))
# a number ending in zeros is read by its last place: 십 백 천 만
ZEROS_FINAL = {1: 17, 2: 1, 3: 4, 4: 4}
RIEUL = 8  # index of ㄹ among final consonants
# a digit after Latin letters is read in English: one 원, seven 세븐, nine 나인 end in ㄴ
ENGLISH_DIGIT_FINAL = {"1": 4, "7": 4, "9": 4}
# A name in Latin letters (a player's "Ann", "Jack"), read as Korean writes it: a final m, n,
# ng, l, or a k/p/t after a vowel keep a final consonant (앤, 잭, 톰, 빌); b, d, g, s, x, z
# end in a vowel (데이비드, 제임스), and so do r (조커) and vowels. Final consonant indexes:
LATIN_FINAL = {"m": 16, "n": 4, "l": 8, "k": 1, "p": 17, "t": 19}
FIRST, LAST = 0xAC00, 0xD7A3


def final_consonant(word: str) -> int:
    """Index of the final consonant of `word`'s last sound (0: it ends in a vowel).
    Closing punctuation is skipped; a Latin name is read as Korean writes it (LATIN_FINAL);
    an unknown sign counts as a vowel."""
    text = word.strip()
    for i in range(len(text) - 1, -1, -1):
        ch = text[i]
        if FIRST <= ord(ch) <= LAST:
            return (ord(ch) - FIRST) % 28
        if ch.isdigit():
            start = len(text[: i + 1].rstrip("0123456789"))
            if start and text[start - 1].isascii() and text[start - 1].isalpha():
                return ENGLISH_DIGIT_FINAL.get(ch, 0)  # "MI6" is read 엠아이식스
            number = text[: i + 1].rstrip("0")
            zeros = i + 1 - len(number)
            if zeros and number[-1:].isdigit():
                return ZEROS_FINAL.get(zeros, 4)
            return DIGIT_FINAL.get(ch, 0)
        if ch.isascii() and ch.isalpha():
            return _latin_final(text[: i + 1].lower())
        if ch.isalpha():
            return 0
    return 0


def _latin_final(word: str) -> int:
    last = word[-1]
    if word.endswith("ng"):
        return 21  # ㅇ: "King" 킹
    if last in "kpt" and (len(word) < 2 or word[-2] not in "aeiou" + last + "c"):
        return 0  # "Kurt" 커트, "Mark" 마크: a cluster ends in a vowel
    return LATIN_FINAL.get(last, 0)


def particle(word: str, which: str) -> str:
    """The form of particle `which` (e.g. '로' or '으로') that follows `word`."""
    vowel, consonant = FORMS[which]
    final = final_consonant(word)
    if final == 0 or (vowel == "로" and final == RIEUL):
        return vowel
    return consonant


def attach(word: str, which: str) -> str:
    """`word` with particle `which` in the form it takes: attach('런던', '로') == '런던으로'."""
    return word + particle(word, which)


class Word(str):
    """A text that formats with a particle when the format spec names one ("{city:로}")."""

    def __format__(self, spec: str) -> str:
        if spec in FORMS:
            return attach(str(self), spec)
        return format(str(self), spec)
