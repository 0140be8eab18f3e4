"""``fivedice score``: every box the rules allow for the dice, with points and bonus."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from click.testing import Result

from fivedice.i18n import LANGUAGES, translator
from fivedice.rules import preset

Run = Callable[..., Result]


def options(result: Result) -> dict[str, tuple[int, int]]:
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    return {o["category"]: (o["points"], o["bonus"]) for o in data["options"]}


def test_seed_001_example_on_an_empty_card(run: Run) -> None:
    result = run("score", "3", "3", "3", "1", "5", "--json")
    data = json.loads(result.stdout)
    assert data["rules"] == "official"
    assert data["dice"] == [1, 3, 3, 3, 5]
    assert [o["category"] for o in data["options"]] == list(preset().category_names)
    assert all(set(o) == {"category", "points", "bonus"} for o in data["options"])
    got = options(result)
    assert got["threes"] == (9, 0)
    assert got["fives"] == (5, 0)
    assert got["twos"] == (0, 0)
    assert got["three_of_a_kind"] == (15, 0)


@pytest.mark.parametrize("dice", [["33315"], ["3,3,3,1,5"], ["5", "1", "3", "3", "3"]])
def test_dice_may_be_written_in_several_ways(run: Run, dice: list[str]) -> None:
    assert options(run("score", *dice, "--json")) == options(run("score", "3 3 3 1 5", "--json"))


def test_filled_boxes_are_left_out_and_the_joker_applies(run: Run) -> None:
    filled = json.dumps({"yahtzee": 50, "fours": 12, "chance": 20})
    got = options(run("score", "44444", "--filled", filled, "--json"))
    assert got == {
        "three_of_a_kind": (20, 100),
        "four_of_a_kind": (20, 100),
        "full_house": (25, 100),
        "small_straight": (30, 100),
        "large_straight": (40, 100),
    }
    # the matching upper box open: the forced joker sends it there
    assert options(run("score", "44444", "--filled", '{"yahtzee": 50}', "--json")) == {
        "fours": (20, 100)
    }


def test_another_rule_set(run: Run) -> None:
    got = options(run("score", "3 3 4 4 1", "--rules", "yatzy", "--json"))
    assert got["one_pair"] == (8, 0)
    assert got["two_pairs"] == (14, 0)
    assert len(got) == 15
    # seed 003: a joker with a zero in the Yahtzee box, ones filled
    filled = json.dumps({"yahtzee": 0, "ones": 3})
    got = options(run("score", "11111", "-r", "printable", "--filled", filled, "--json"))
    assert got["large_straight"] == (40, 0)
    assert got["full_house"] == (25, 0)


def test_the_table_shows_points_bonus_and_what_each_adds(
    run: Run, table_rows: Callable[[str], list[list[str]]]
) -> None:
    result = run("score", "66666", "--filled", '{"yahtzee": 50}')
    assert result.exit_code == 0
    assert "6 6 6 6 6 under Yahtzee (official rules)" in result.stdout
    assert table_rows(result.stdout) == [["Sixes", "30", "100", "130"]]  # no empty column
    assert "forces" in result.stdout
    rows = table_rows(run("score", "3 3 3 1 5").stdout)
    assert ["Threes", "9", "", "9"] in rows
    assert len(rows) == 13
    jokers = run("score", "44444", "--filled", '{"yahtzee": 0, "fours": 4}').stdout
    assert "Note" in jokers.splitlines()[2]  # the column's heading, where a joker scores
    assert ["Full house", "25", "", "25", "joker"] in table_rows(jokers)


def test_a_full_card_has_nowhere_to_score(run: Run) -> None:
    filled = json.dumps({**dict.fromkeys(preset().category_names, 0), "chance": 5})
    assert options(run("score", "12345", "--filled", filled, "--json")) == {}
    result = run("score", "12345", "--filled", filled)
    assert result.exit_code == 0
    assert "Every box is filled" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["3", "3", "3", "1"], "Cannot read dice from '3 3 3 1': 4 dice, not five; give five"),
        (["333157"], "Cannot read dice from '333157': '7' is not 1 to 6; give five dice, each"),
        (["3", "3", "3", "1", "7"], "'7' is not 1 to 6"),
        (["a", "b", "c", "d", "e"], "'a' is not 1 to 6"),
        (["--", "-3", "3", "3", "1", "5"], "'-3' is not 1 to 6"),
        ([], "No dice given: give five dice, each 1 to 6, such as: fivedice score 3 3 3 5 5"),
        (["33315", "--filled", '{"yahtzee": 25}'], "Yahtzee cannot hold 25: it holds 0, 50"),
        (["33315", "--filled", '{"chance": 99}'], "Chance cannot hold 99: it holds 5 to 30"),
        (["33315", "--filled", '{"chance": 0}'], "Chance cannot hold 0: it holds 5 to 30"),
        (["33315", "--filled", '{"fives": 7}'], "Fives cannot hold 7: it holds 0, 5, 10, 15,"),
        (["33315", "-r", "yatzy", "--filled", '{"yatzy": 25}'], "Yatzy cannot hold 25"),
        (["33315", "--rules", "deluxe"], "No rule set called 'deluxe'"),
        (["33315", "--filled", '{"pairs": 3}'], "no box called 'pairs'"),
        (["33315", "--filled", "{oops"], "--filled is not valid JSON"),
        (["33315", "--filled", "[1, 2]"], "--filled must be a JSON object"),
        (["33315", "--filled", '{"chance": "x"}'], "chance must hold a whole number"),
        (["33315", "--filled", '{"chance": -3}'], "chance must hold a whole number"),
        (["33315", "--filled", '{"chance": true}'], "chance must hold a whole number"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    run: Run, refused: Callable[[Result], str], args: list[str], message: str
) -> None:
    assert message in refused(run("score", *args))


@pytest.mark.parametrize("command", ["score", "advise"])
def test_no_dice_says_how_to_give_them(
    run: Run, refused: Callable[[Result], str], command: str, private_cache: None
) -> None:
    line = refused(run(command))
    example = f"fivedice {command} 3 3 3 5 5"
    assert line == f"Error: No dice given: give five dice, each 1 to 6, such as: {example}"
    assert run(*example.split()[1:]).exit_code == 0  # the example works as shown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_dice_in_every_language(run: Run, lang: str) -> None:
    result = run("--lang", lang, "score", "")
    assert result.exit_code == 2 and result.stdout == ""
    t = translator(lang)
    said = t.t("cli.rules.no_dice", example="fivedice score 3 3 3 5 5")
    assert result.stderr.strip() == t.t("cli.rules.error", message=said)
    assert "0" not in said.replace("fivedice score 3 3 3 5 5", "")  # no "0 dice"
    if lang != "en":
        assert said != translator("en").t("cli.rules.no_dice", example="fivedice score 3 3 3 5 5")
