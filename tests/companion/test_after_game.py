"""After the game, every game: a BG Stats link a BG Stats user can open, a CSV a spreadsheet
reads as written (formula-like names stay text), rows of the tally that add up to each
total, and `companion tally` on the game's own export printing the page's totals."""

from __future__ import annotations

import csv
import html
import io
import json
import os
import re
import shutil
import subprocess
import sys
from urllib.parse import parse_qs, urlparse

import pytest

from tests.companion import endings
from tests.conftest import require

GAMES = {"double-mission": endings.double_mission, "dice-mission": endings.dice_mission,
         "mission-improbable": endings.mission_improbable}
LINK = re.compile(r'<a class="button" href="(https://app\.bgstatsapp\.com/createPlay\.html'
                  r'\?data=[^"]+)" target="_blank" rel="noopener noreferrer">')
# What the link may carry: the play and each player's name and result, nothing hidden.
PLAY_KEYS = {"sourceName", "sourcePlayId", "playDate", "durationMin", "game", "players"}
PLAYER_KEYS = {"name", "sourcePlayerId", "score", "winner", "rank", "startPlayer"}
HOSTILE = ["=1+1", "@SUM(A1)", "-2+3", "+cmd|' /C calc'!A0", "\tTab"]


def api_of(client):
    def api(path, body, token=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = client.post(path, json=body, headers=headers)
        return r.status_code, r.json
    return api


def finish(client, game, names=None):
    """(id, edit token) of `game` played to its end through the API."""
    args = () if names is None else (names[:3] if game == "dice-mission" else names[:2],)
    body = GAMES[game](api_of(client), *args)
    return body["id"], body["edit_token"]


def expected_scores(client, gid, token) -> dict[str, int]:
    """Each player's total as the game's engine counts it (the JSON API's public state)."""
    state = client.get(f"/api/v1/games/{gid}",
                       headers={"Authorization": f"Bearer {token}"}).json
    result = state.get("result")
    if isinstance(result, list):  # Mission Improbable's ranking
        return {r["name"]: r["mp"] for r in result}
    if result:  # Double Mission's tally
        return {r["name"]: r["total"] for r in result["players"]}
    return {p["name"]: len(p["completed"]) for p in state["players"]}  # Dice Mission


def bgstats_play(page: str) -> dict:
    link = html.unescape(LINK.search(page).group(1))
    return json.loads(parse_qs(urlparse(link).query)["data"][0])


def read_csv(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_links_to_bg_stats_with_the_tallys_numbers(client, game):
    gid, token = finish(client, game)
    page = client.get(f"/t/{token}").data.decode()
    play = bgstats_play(page)
    assert set(play) <= PLAY_KEYS
    assert play["sourceName"] == "Mission Kit" and play["sourcePlayId"] == gid
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    names = {"double-mission": "Double Mission", "dice-mission": "Dice Mission",
             "mission-improbable": "Mission Improbable"}
    assert play["game"]["name"] == names[game] and play["game"]["sourceGameId"] == game
    assert "bggId" not in play["game"]  # no id known for certain in the content
    for p in play["players"]:
        assert set(p) == PLAYER_KEYS, p
    scores = expected_scores(client, gid, token)
    assert {p["name"]: p["score"] for p in play["players"]} == scores
    best = max(scores.values())
    assert [p["winner"] for p in play["players"]] == [p["rank"] == 1 for p in play["players"]]
    assert all(p["score"] == best for p in play["players"] if p["winner"])
    assert sum(p["startPlayer"] for p in play["players"]) == 1
    ranks = [p["rank"] for p in sorted(play["players"], key=lambda p: -p["score"])]
    assert ranks == sorted(ranks)
    # this browser's history gets the play (app.js reads data-play)
    entry = json.loads(html.unescape(re.search(r"data-play='([^']+)'", page).group(1)))
    assert entry["id"] == gid and entry["game"] == game and entry["scores"] == scores


@pytest.mark.parametrize("game", GAMES)
def test_the_csv_has_a_row_per_player_in_the_pages_language(client, game):
    gid, token = finish(client, game)
    scores = expected_scores(client, gid, token)
    r = client.get(f"/t/{token}/result.csv")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    assert r.data.startswith("\ufeff".encode())  # a spreadsheet opens it as UTF-8
    rows = read_csv(r.data.decode("utf-8-sig"))
    assert rows[0][0] == "Rank" and rows[0][1] in ("Player", "Organisation")
    assert {row[1]: int(row[2]) for row in rows[1:]} == scores
    assert [int(row[0]) for row in rows[1:]] == sorted(int(row[0]) for row in rows[1:])
    client.set_cookie("lang", "ko")
    korean = read_csv(client.get(f"/t/{token}/result.csv").data.decode("utf-8-sig"))
    assert korean[0][0] == "순위" and re.search("[가-힣]", "".join(korean[0][2:]))
    assert [row[1:3] for row in korean[1:]] == [row[1:3] for row in rows[1:]]


def test_the_csv_of_an_unfinished_game_is_not_found(client, created):
    _, edit, view, _ = created
    assert client.get(f"/t/{edit}/result.csv").status_code == 404
    assert client.get(f"/t/{view}/result.csv").status_code == 404


def libreoffice_cells(tmp_path, text: str) -> list[list[str]]:
    """The cells LibreOffice reads from `text` as CSV, formulas evaluated, written back."""
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    require(soffice is not None, "LibreOffice is not installed "
            "(apt-get install libreoffice-calc-nogui)")
    src, out = tmp_path / "in", tmp_path / "out"
    src.mkdir()
    (src / "result.csv").write_text(text, encoding="utf-8")
    # import: comma, double quote, UTF-8, from line 1, ..., token 13: evaluate formulas
    subprocess.run([soffice, f"-env:UserInstallation=file://{tmp_path}/profile", "--headless",
                    "--infilter=CSV:44,34,76,1,,0,false,false,false,false,false,-1,true",
                    "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1",
                    "--outdir", str(out), str(src / "result.csv")],
                   check=True, capture_output=True, timeout=120,
                   env={**os.environ, "HOME": str(tmp_path)})
    return read_csv((out / "result.csv").read_text(encoding="utf-8-sig"))


@pytest.mark.parametrize("game", GAMES)
def test_a_spreadsheet_reads_the_csv_as_python_does_and_runs_no_name(client, tmp_path, game):
    gid, token = finish(client, game, HOSTILE)
    text = client.get(f"/t/{token}/result.csv").data.decode("utf-8-sig")
    rows = read_csv(text)
    for row in rows[1:]:
        assert not row[1].startswith(("=", "+", "-", "@", "\t", "\r")), row
        assert row[1].startswith("'") and row[1][1:] in HOSTILE
    assert libreoffice_cells(tmp_path, text) == rows


def test_a_safe_cell_leaves_numbers_and_plain_text_alone():
    from companion.results import safe_cell

    assert [safe_cell(v) for v in (-3, 0, "Ann", "정보", "=A1", "\rX", True, None)] == [
        -3, 0, "Ann", "정보", "'=A1", "'\rX", "true", ""]


def tally_cards(page: str) -> list[tuple[int, list[int], int]]:
    """Each player's card on the page: (heading total, its rows' points, the total row)."""
    cards = []
    for card in re.findall(r'<article class="result">(.*?)</article>', page, re.S):
        heading = int(re.search(r'<span class="total">(-?\d+)', card).group(1))
        body = re.search(r"<tbody>(.*?)</tbody>", card, re.S).group(1)
        rows = [int(v) for v in re.findall(r"<td>(-?\d+)</td>", body)]
        foot = int(re.search(r"<tfoot>.*?<td>(-?\d+)</td>", card, re.S).group(1))
        cards.append((heading, rows, foot))
    return cards


@pytest.mark.parametrize("game", GAMES)
def test_every_players_tally_rows_add_up_to_their_total(client, game):
    gid, token = finish(client, game)
    page = client.get(f"/t/{token}").data.decode()
    cards = tally_cards(page)
    scores = expected_scores(client, gid, token)
    assert len(cards) == len(scores)
    assert sorted(h for h, _, _ in cards) == sorted(scores.values())
    for heading, rows, foot in cards:
        assert sum(rows) == heading == foot, (heading, rows, foot)


@pytest.mark.parametrize("missions", [("comeback", "sabotage"), ("collection", "comeback"),
                                      ("notorious_superstar", "close_watch")])
def test_comeback_is_one_row_of_its_holders_tally(client, missions):
    token = endings.double_mission(api_of(client), missions=missions)["edit_token"]
    page = client.get(f"/t/{token}").data.decode()
    rows = re.findall(r'<th scope="row">([^<]*Comeback![^<]*)</th>', page)
    assert rows == ["Mission: Comeback!"] * missions.count("comeback")  # listed once
    for heading, rows, foot in tally_cards(page):
        assert sum(rows) == heading == foot


def companion(*args, lang="en", **extra):
    env = {**os.environ, "LANG": "ko_KR.UTF-8" if lang == "ko" else "C.UTF-8", **extra}
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        env.pop(key, None)
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, timeout=60, env=env)


@pytest.mark.parametrize("game", GAMES)
def test_companion_tally_reads_the_games_own_export(client, tmp_path, game):
    gid, token = finish(client, game)
    scores = expected_scores(client, gid, token)
    export = client.get(f"/t/{token}/export.json")
    path = tmp_path / "game.json"
    path.write_bytes(export.data)
    text = companion("tally", str(path))
    assert text.returncode == 0, text.stderr
    printed = dict(re.findall(r"^\d+\. (.+?)  (-?\d+) ", text.stdout, re.M))
    assert {k: int(v) for k, v in printed.items()} == scores
    assert "Total" in text.stdout and "Winner" in text.stdout
    korean = companion("tally", str(path), lang="ko")
    assert korean.returncode == 0 and "합계" in korean.stdout and "Total" not in korean.stdout
    as_json = json.loads(companion("tally", str(path), "--format", "json").stdout)
    assert {p["name"]: p["score"] for p in as_json["players"]} == scores
    assert as_json["game"] == game and as_json["date"]
    for p in as_json["players"]:
        assert sum(r["points"] for r in p["rows"]) == p["score"]
    rows = read_csv(companion("tally", str(path), "--format", "csv").stdout)
    assert {row[1]: int(row[2]) for row in rows[1:]} == scores


def test_companion_tally_refuses_a_read_only_export_and_an_unscored_game(client, tmp_path):
    from tests.companion.test_pages import _finished

    link = _finished(client).split("localhost", 1)[1]  # played out, missions not entered
    path = tmp_path / "unscored.json"
    path.write_bytes(client.get(link + "/export.json").data)
    out = companion("tally", str(path))
    assert out.returncode == 2 and out.stderr.startswith("events: ")
    view = endings.dice_mission(api_of(client))["view_token"]
    path.write_bytes(client.get(f"/t/{view}/export.json").data)
    out = companion("tally", str(path))
    assert out.returncode == 2 and out.stderr.startswith("view_only: ")


def test_a_play_date_falls_back_to_the_games_creation_or_is_left_out():
    from companion.results import Played

    assert Played.from_span(1000, 1100, 4000) == Played(1000, 4000)
    assert Played.from_span(None, 1100, 4000).minutes() == 48
    assert Played.from_span(1000, None, None).date() is not None
    assert Played.from_span(None, None, None).date() is None
    assert Played.from_times(None, [None, None]) == Played(None, None)


def test_an_export_carries_its_times_and_an_import_keeps_them(client):
    body = endings.dice_mission(api_of(client))
    auth = {"Authorization": f"Bearer {body['edit_token']}"}
    export = client.get(f"/api/v1/games/{body['id']}/export", headers=auth).json
    assert isinstance(export["created"], int) and len(export["times"]) == len(export["events"])
    assert all(isinstance(t, int) and t >= export["created"] for t in export["times"])
    old = {**export, "created": 1_700_000_000, "times": [1_700_000_000 + 60 * i
                                                         for i in range(len(export["times"]))]}
    r = client.post("/api/v1/games/import", json=old)
    assert r.status_code == 201, r.json
    again = client.get(f"/api/v1/games/{r.json['id']}/export",
                       headers={"Authorization": f"Bearer {r.json['edit_token']}"}).json
    assert (again["created"], again["times"]) == (old["created"], old["times"])
    play = bgstats_play(client.get(f"/t/{r.json['edit_token']}").data.decode())
    assert play["durationMin"] == 60 * (len(old["times"]) - 1) // 60
    bad = client.post("/api/v1/games/import", json={**export, "times": [1, 2]})
    assert bad.status_code == 422 and bad.json["field"] == "times"
    older = {k: v for k, v in export.items() if k not in ("created", "times", "id")}
    assert client.post("/api/v1/games/import", json=older).status_code == 201


def test_companion_tally_opens_the_sealed_secret_only_with_this_companions_key(client,
                                                                             tmp_path):
    """An edit export's hidden draws (the bag) are sealed for the server that made it: the
    tally opens them with that key, and says so plainly with another one."""
    gid, token = finish(client, "double-mission")
    path = tmp_path / "game.json"
    path.write_bytes(client.get(f"/t/{token}/export.json").data)
    assert "sealed_seed" in json.loads(path.read_text())["setup"]
    key = client.application.config["SECRET_KEY"]
    assert companion("tally", str(path), MISSION_KIT_SECRET_KEY=key).returncode == 0
    other = companion("tally", str(path), MISSION_KIT_SECRET_KEY="another server")
    assert other.returncode == 2 and other.stderr.startswith("setup.sealed_seed: ")
