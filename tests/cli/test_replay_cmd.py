"""``fivedice replay``: a saved match log re-played to every player's card and the outcome."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from fivedice.rules import Match, MatchOptions, event_from_dict, fold

Run = Callable[..., Result]
Rows = Callable[[str], list[list[str]]]


class Repeating:
    """Dice that cycle through the given faces, so two players can roll alike."""

    def __init__(self, faces: list[int]) -> None:
        self.faces, self.i = faces, 0

    def randint(self, a: int, b: int) -> int:
        self.i += 1
        return self.faces[(self.i - 1) % len(self.faces)]


def play_out(m: Match, stop_after: int | None = None) -> Match:
    """Each player rolls once and takes the best-scoring box, until the end (or a few turns)."""
    turns = 0
    while not m.state.is_finished and (stop_after is None or turns < stop_after):
        seat = m.state.active_seat
        assert seat is not None
        m.roll(seat)
        best = max(m.state.score_options(), key=lambda o: (o.total, o.category))
        m.score(seat, best.category)
        turns += 1
    return m


def finished_match(rounds: int = 2) -> Match:
    m = Match.create("official", MatchOptions(rounds=rounds), rng=random.Random(11))
    ann, _, cy = m.join("Ann"), m.join("Bob"), m.join("Cy")
    m.start(ann)
    play_out(m, stop_after=20)
    m.leave(cy)
    return play_out(m)


def save(path: Path, m: Match, lines: bool = False) -> Path:
    if lines:
        path.write_text("\n".join(json.dumps(d) for d in m.log()) + "\n")
    else:
        path.write_text(json.dumps(m.log(), indent=1))
    return path


@pytest.mark.parametrize("lines", [False, True], ids=["json-list", "json-lines"])
def test_json_gives_every_card_and_the_outcome(run: Run, tmp_path: Path, lines: bool) -> None:
    m = finished_match()
    result = run("replay", str(save(tmp_path / "match.log", m, lines)), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    state = m.state
    assert data["rules"] == "official"
    assert data["phase"] == "finished"
    assert data["rounds"] == 2
    for out, player in zip(data["players"], state.players, strict=True):
        assert (out["seat"], out["name"], out["status"]) == (
            player.seat,
            player.name,
            player.status.value,
        )
        assert out["rounds"] == [card.to_dict() for card in player.cards]
        assert out["round_totals"] == list(player.round_totals)
        assert out["total"] == player.total
    assert state.outcome is not None
    assert data["outcome"]["winners"] == list(state.outcome.winners)
    assert [s["place"] for s in data["outcome"]["standings"]] == [
        s.place for s in state.outcome.standings
    ]
    assert data["players"][2]["status"] == "left"


def test_the_text_shows_each_round_every_row_and_the_winner(
    run: Run, tmp_path: Path, table_rows: Rows
) -> None:
    m = finished_match()
    result = run("replay", str(save(tmp_path / "m.json", m)))
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "Round 1 of 2" in text and "Round 2 of 2" in text
    assert "Cy (left)" in text
    rows = table_rows(text)
    ann, bob, cy = m.state.players
    first = ann.cards[0]
    labels = [label for _, label, _ in first.rows()]
    assert [r[0] for r in rows[: len(labels)]] == labels
    grand = [r for r in rows if r[0] == "Grand total"]
    assert grand[0] == ["Grand total", *(str(p.cards[0].grand_total) for p in (ann, bob, cy))]
    assert ["Match", str(ann.total), str(bob.total), str(cy.total)] in rows
    winner = max((ann, bob), key=lambda p: p.total)
    assert f"Winner: {winner.name} with {winner.total}." in text
    assert "left" in text.splitlines()[-1]


def test_a_tie_and_a_single_round(run: Run, tmp_path: Path) -> None:
    m = Match.create("official", rng=Repeating([2, 3, 4, 5, 5]))  # every roll alike
    ann, bob = m.join("Ann"), m.join("Bob")
    m.start(ann)
    play_out(m)
    assert m.state.outcome is not None and m.state.outcome.winners == (ann, bob)
    result = run("replay", str(save(tmp_path / "tie.json", m)))
    assert "Scorecard" in result.stdout
    assert "Round 1" not in result.stdout
    total = m.state.player(ann).total
    assert f"Tie for first place with {total}: Ann, Bob." in result.stdout


def test_an_unfinished_match(run: Run, tmp_path: Path) -> None:
    m = Match.create("official", rng=random.Random(2))
    ann = m.join("Ann")
    m.join("Bob")
    m.start(ann)
    play_out(m, stop_after=3)
    result = run("replay", str(save(tmp_path / "part.json", m)))
    assert result.exit_code == 0
    assert "Not finished: round 1, Bob to play." in result.stdout
    data = json.loads(run("replay", str(tmp_path / "part.json"), "--json").stdout)
    assert data["outcome"] is None
    assert data["phase"] == "playing"


def test_reads_a_match_as_the_server_returns_it(run: Run, tmp_path: Path) -> None:
    m = finished_match(rounds=1)
    path = tmp_path / "match.json"
    path.write_text(json.dumps({"id": "abc", "events": m.log(), "outcome": None}))
    result = run("replay", str(path), "--json")
    assert result.exit_code == 0, result.output
    assert [p["total"] for p in json.loads(result.stdout)["players"]] == [
        p.total for p in m.state.players
    ]


def test_reads_standard_input(run: Run) -> None:
    m = finished_match(rounds=1)
    text = "\n".join(json.dumps(d) for d in m.log())
    result = run("replay", "-", "--json", stdin=text)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"][0]["total"] == m.state.players[0].total


def test_the_replayed_state_is_the_state_of_the_log(run: Run, tmp_path: Path) -> None:
    m = finished_match()
    path = save(tmp_path / "m.json", m)
    events = [event_from_dict(d) for d in json.loads(path.read_text())]
    assert fold(events) == m.state


def test_bad_logs_exit_2_with_one_line(
    run: Run, refused: Callable[[Result], str], tmp_path: Path
) -> None:
    assert "Cannot read" in refused(run("replay", str(tmp_path / "missing.json")))
    assert "Cannot read" in refused(run("replay", str(tmp_path)))
    (tmp_path / "empty").write_text("")
    assert "holds no events" in refused(run("replay", str(tmp_path / "empty")))
    (tmp_path / "bad").write_text('{"type": "created"\n')
    assert "line 1: not JSON" in refused(run("replay", str(tmp_path / "bad")))
    (tmp_path / "list").write_text("[1, 2]")
    assert "event 1: not a JSON object" in refused(run("replay", str(tmp_path / "list")))
    (tmp_path / "headless").write_text('[{"type": "joined", "seat": 0, "name": "Ann"}]')
    assert "starts with a 'created' event" in refused(run("replay", str(tmp_path / "headless")))
    log = finished_match().log()
    assert log[5]["type"] == "rolled"
    log[5] = {**log[5], "dice": [9, 9, 9, 9, 9]}
    (tmp_path / "cheat").write_text(json.dumps(log))
    assert "event 6 (rolled)" in refused(run("replay", str(tmp_path / "cheat")))
    log = finished_match().log()
    log[3] = {"type": "teleported"}
    (tmp_path / "odd").write_text(json.dumps(log))
    assert "event 4: Not a match event" in refused(run("replay", str(tmp_path / "odd")))
    (tmp_path / "binary").write_bytes(b"\xff\xfe\x00")
    assert "Cannot read" in refused(run("replay", str(tmp_path / "binary")))
