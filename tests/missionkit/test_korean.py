"""Korean particles take the form their word needs (no "(으)로" seams in printed text)."""

from __future__ import annotations

import pytest

from missionkit.korean import Word, attach


@pytest.mark.parametrize(("word", "ro", "ga", "reul", "neun", "wa"), [
    ("시드니", "시드니로", "시드니가", "시드니를", "시드니는", "시드니와"),      # vowel
    ("런던", "런던으로", "런던이", "런던을", "런던은", "런던과"),                # consonant
    ("서울", "서울로", "서울이", "서울을", "서울은", "서울과"),                  # ㄹ takes 로
    ("키클라데스 제도", "키클라데스 제도로", "키클라데스 제도가", "키클라데스 제도를",
     "키클라데스 제도는", "키클라데스 제도와"),
    ("3", "3으로", "3이", "3을", "3은", "3과"),                                # 삼
    ("7", "7로", "7이", "7을", "7은", "7과"),                                  # 칠
    ("2", "2로", "2가", "2를", "2는", "2와"),                                  # 이
    ("10", "10으로", "10이", "10을", "10은", "10과"),                          # 십
    ("방콕)", "방콕)으로", "방콕)이", "방콕)을", "방콕)은", "방콕)과"),          # closing sign
])
def test_each_particle_follows_the_last_sound(word, ro, ga, reul, neun, wa):
    assert [attach(word, p) for p in ("로", "가", "를", "는", "와")] == [ro, ga, reul, neun, wa]
    assert [attach(word, p) for p in ("으로", "이", "을", "은", "과")] == [ro, ga, reul, neun, wa]


@pytest.mark.parametrize(("name", "ga", "ro"), [
    ("Ann", "Ann이", "Ann으로"), ("Jack", "Jack이", "Jack으로"), ("Tom", "Tom이", "Tom으로"),
    ("Bill", "Bill이", "Bill로"), ("King", "King이", "King으로"), ("Pat", "Pat이", "Pat으로"),
    ("Bo", "Bo가", "Bo로"), ("Joker", "Joker가", "Joker로"), ("James", "James가", "James로"),
    ("David", "David가", "David로"), ("Mark", "Mark가", "Mark로"), ("Kate", "Kate가", "Kate로"),
    ("MI6", "MI6가", "MI6로"), ("Agent 7", "Agent 7이", "Agent 7로"),
])
def test_a_latin_name_takes_the_particle_of_its_korean_reading(name, ga, ro):
    assert (attach(name, "가"), attach(name, "로")) == (ga, ro)


def test_a_format_spec_asks_for_the_particle():
    assert "{city:로} 이어짐".format(city=Word("가고시마")) == "가고시마로 이어짐"
    assert "{city:로} 이어짐".format(city=Word("베이징")) == "베이징으로 이어짐"
    assert "{city} / {city:>4}".format(city=Word("AB")) == "AB /   AB"
