"""The strategy commands: solve, advise, simulate, analyse (JSON outputs)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from fivedice.cli import app
from fivedice.rules import Match, MatchOptions
from fivedice.strategy import StrategyTable
from fivedice.strategy.players import TablePlayer, play_match

runner = CliRunner()


def test_solve_json(official: StrategyTable) -> None:
    result = runner.invoke(app, ["solve", "--rules", "official", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"rules", "expected", "seconds", "cached", "shipped"}
    assert abs(data["expected"] - 254.587729) < 1e-6


def test_advise_json(official: StrategyTable) -> None:
    filled = json.dumps({n: 0 for n in official.rules.category_names if n != "chance"})
    result = runner.invoke(
        app, ["advise", "--filled", filled, "12346", "--rolls-left", "0", "--json"]
    )
    assert result.exit_code == 0, result.output
    actions = json.loads(result.output)["actions"]
    assert actions == [
        {
            "kind": "score",
            "category": "chance",
            "expected": 16.0,
            "points": 16,
            "bonus": 0,
            "cost": 0.0,
        }
    ]


def test_advise_text_and_bad_input(official: StrategyTable) -> None:
    assert "hold 3 3 3" in runner.invoke(app, ["advise", "33315"]).output
    assert runner.invoke(app, ["advise", "3331"]).exit_code == 2
    assert runner.invoke(app, ["advise", "33315", "--rules", "nope"]).exit_code == 2


def test_simulate_json_and_plot(tmp_path: Path, official: StrategyTable) -> None:
    png = tmp_path / "h.png"
    args = [
        "simulate",
        "--player",
        "optimal",
        "--games",
        "2000",
        "--seed",
        "1",
        "--json",
        "--plot",
        str(png),
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 2000 and 230 < data["mean"] < 280
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_simulate_head_to_head_text(official: StrategyTable) -> None:
    result = runner.invoke(
        app, ["simulate", "--player", "optimal", "--against", "beginner", "--games", "2000"]
    )
    assert result.exit_code == 0, result.output
    assert "optimal vs beginner: wins" in result.output


def test_analyse_log_file(tmp_path: Path, official: StrategyTable) -> None:
    match = Match.create("official", MatchOptions(seats=1), rng=random.Random(9))
    seat = match.join("Solo")
    match.start(seat)
    play_match(match, {seat: TablePlayer(official, "optimal")})
    log = tmp_path / "match.json"
    log.write_text(json.dumps(match.log()))
    result = runner.invoke(app, ["analyse", str(log), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["total_cost"]["Solo"] == 0
    assert len(data["turns"]) == 13
    text = runner.invoke(app, ["analyse", str(log)]).output
    assert "expected final" in text


def test_advise_takes_the_dice_as_plain_arguments(official: StrategyTable) -> None:
    """``advise 6 6 6 2 3`` reads the same as ``advise 66623``, as ``score`` and ``odds`` do."""
    spaced = runner.invoke(app, ["advise", "--json", "6", "6", "6", "2", "3"])
    packed = runner.invoke(app, ["advise", "--json", "66623"])
    assert spaced.exit_code == 0, spaced.output
    assert json.loads(spaced.output)["actions"] == json.loads(packed.output)["actions"]


def test_the_old_dice_option_is_refused_with_the_new_form() -> None:
    for args in (["--dice", "33315"], ["--dice", "3", "3", "3", "1", "5"]):
        result = runner.invoke(app, ["advise", *args])
        assert result.exit_code == 2, result.output
        assert result.output == (
            "Error: --dice is no more: give the dice as plain arguments, "
            "e.g. fivedice advise 3 3 3 1 5\n"
        )


def test_bad_input_is_one_line_and_exit_code_2(tmp_path: Path, official: StrategyTable) -> None:
    """As docs/playing.md promises for every command: exit code 2 and one line, no usage panel or
    traceback (``analyse`` of a missing or broken log used to raise)."""
    broken = tmp_path / "broken.jsonl"
    broken.write_text("not json\n")
    cases = [
        (["solve", "--rules", "nope"], "No rule set called 'nope'"),
        (["advise", "3331"], "Cannot read dice from '3331'"),
        (["simulate", "--player", "nope", "--games", "3"], "No player level 'nope'"),
        (["analyse", str(tmp_path / "missing.jsonl")], "there is no such file"),
        (["analyse", str(broken)], "line 1: not JSON"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.output.startswith("Error: ") and message in result.output, args
        assert result.output.count("\n") == 1, (args, result.output)


def test_huge_or_empty_simulations_are_refused_before_playing(tmp_path: Path) -> None:
    """``--games 2000000000`` ran to 23.9 GB and was killed; now one line and exit 2 at once."""
    for games, shown in (("2000000000", "2,000,000,000"), ("10000001", "10,000,001"), ("0", "0")):
        result = runner.invoke(app, ["simulate", "--games", games])
        assert result.exit_code == 2, result.output
        assert result.output == f"Error: --games is 1 to 10,000,000, not {shown}\n"


def test_a_negative_seed_is_refused_by_name() -> None:
    result = runner.invoke(app, ["simulate", "--games", "10", "--seed", "-1"])
    assert result.exit_code == 2
    assert result.output == "Error: --seed is 0 or more, not -1\n"


def test_a_plot_into_a_missing_folder_is_refused_and_the_folder_not_made(tmp_path: Path) -> None:
    png = tmp_path / "missing" / "h.png"
    result = runner.invoke(app, ["simulate", "--games", "10", "--plot", str(png)])
    assert result.exit_code == 2, result.output
    assert result.output == f"Error: --plot: the folder {png.parent} does not exist\n"
    assert not png.parent.exists()


def test_a_plot_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    """A folder where the file should go: matplotlib's error, told in one line."""
    result = runner.invoke(app, ["simulate", "--games", "10", "--plot", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"Error: --plot: cannot write {tmp_path}: ")
    assert result.output.count("\n") == 1
    assert not tmp_path.with_suffix(".png").exists()  # matplotlib added ".png" and wrote there


def test_a_plot_is_written_at_the_path_given(tmp_path: Path) -> None:
    plain = tmp_path / "hist"
    result = runner.invoke(app, ["simulate", "--games", "10", "--plot", str(plain)])
    assert result.exit_code == 0, result.output
    assert plain.read_bytes()[:4] == b"\x89PNG"
    assert list(tmp_path.iterdir()) == [plain]


def test_simulate_summarises_the_games_the_seed_gives(official: StrategyTable) -> None:
    """The counted summary is the summary of the very games ``simulate_games`` plays."""
    from fivedice.strategy.simulate import Summary, simulate_games

    result = runner.invoke(app, ["simulate", "--games", "3000", "--seed", "8", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    expected = Summary.of(simulate_games(official, 3000, seed=8)).to_dict()
    assert {k: data[k] for k in expected} == expected


def test_advise_refuses_impossible_positions_before_solving() -> None:
    """Cards no game produces, bad dice and counts out of range: one line that says what is
    wrong, exit 2 (no table is needed to refuse them)."""
    cases = [
        (["--filled", '{"yahtzee": 25}'], "Yahtzee cannot hold 25: it holds 0, 50"),
        (["--filled", '{"chance": 99}'], "Chance cannot hold 99: it holds 5 to 30"),
        (["--filled", '{"chance": "22"}'], "chance must hold a whole number of points"),
        (["--yahtzee-bonus", "100"], "An extra-Yahtzee bonus of 100 needs points in the Yahtzee"),
        (
            ["--filled", '{"yahtzee": 50}', "--yahtzee-bonus", "1000000000"],
            "is 10000000 extra Yahtzees, but only 0 other boxes are filled",
        ),
        (["--yahtzee-bonus", "-100"], "a multiple of 100, not -100"),
        (["--rolls-left", "3"], "--rolls-left is 0 to 2, not 3"),
    ]
    for extra, message in cases:
        result = runner.invoke(app, ["advise", "33315", *extra])
        assert result.exit_code == 2, (extra, result.output)
        assert result.output.startswith("Error: ") and message in result.output, extra
        assert result.output.count("\n") == 1, (extra, result.output)
    for dice, message in (("-33315", "'-' is not 1 to 6"), ("3331", "4 dice, not five")):
        result = runner.invoke(app, ["advise", "--", dice])
        assert result.exit_code == 2 and message in result.output, result.output
        assert "five dice, each 1 to 6" in result.output
