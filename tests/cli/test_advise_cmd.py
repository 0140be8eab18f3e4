"""``fivedice advise``: dice as plain arguments, ``--top N`` (the N best moves, their expected
values and cost against the best), boxes by label, plurals right, and every refusal."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from click.testing import Result

from fivedice.rules import preset

Run = Callable[..., Result]
Rows = Callable[[str], list[list[str]]]
Refused = Callable[[Result], str]

pytestmark = pytest.mark.usefixtures("private_cache")


def moves(result: Result) -> list[dict[str, object]]:
    assert result.exit_code == 0, result.output
    actions: list[dict[str, object]] = json.loads(result.stdout)["actions"]
    return actions


def test_top_n_is_the_n_best_of_every_move_with_their_cost(run: Run, table_rows: Rows) -> None:
    every = moves(run("advise", "3", "3", "3", "1", "5", "--json"))
    top = moves(run("advise", "3", "3", "3", "1", "5", "--top", "3", "--json"))
    assert top == every[:3]
    assert len(every) > 3
    best = float(str(every[0]["expected"]))
    assert all(m["cost"] == pytest.approx(best - float(str(m["expected"])), abs=1e-6) for m in top)
    assert top[0]["cost"] == 0 and float(str(top[2]["cost"])) > 0

    result = run("advise", "33315", "-n", "3", "--rolls-left", "1")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == (
        f"Yahtzee (official rules): 1 3 3 3 5, 1 roll left: the 3 best moves of {len(every)}"
    )
    rows = table_rows(result.stdout)
    assert [r[2] for r in rows] == ["hold 3 3 3", "hold 1 3 3 3", "hold 3 3 3 5"]
    assert rows[0][1] == "0.0000" and float(rows[1][1]) > 0


def test_top_one_is_the_best_move(run: Run, table_rows: Rows) -> None:
    result = run("advise", "33315", "--top", "1")
    assert "2 rolls left: the best move of " in result.stdout.splitlines()[0]
    assert len(table_rows(result.stdout)) == 1


def test_scoring_moves_name_the_box_by_its_label_and_count_points_right(
    run: Run, table_rows: Rows
) -> None:
    filled = json.dumps({"Yahtzee": 50, "Fours": 16})
    rows = table_rows(run("advise", "44444", "--filled", filled).stdout)
    assert [r[2] for r in rows if "Four of a kind" in r[2]] == [
        "score Four of a kind (20 points + 100 bonus points)"
    ]
    # 1 2 3 4 6 with no rolls left: Ones takes 1 point
    rows = table_rows(run("advise", "1", "2", "3", "4", "6", "--rolls-left", "0").stdout)
    assert "score Ones (1 point)" in [r[2] for r in rows]
    assert "score Twos (2 points)" in [r[2] for r in rows]


def test_filled_boxes_may_be_named_by_label_or_name(run: Run) -> None:
    by_label = run("advise", "33315", "--filled", '{"Four of a kind": 0, "chance": 20}', "--json")
    by_name = run("advise", "33315", "--filled", '{"four_of_a_kind": 0, "Chance": 20}', "--json")
    assert moves(by_label) == moves(by_name)
    assert all(m.get("category") not in ("four_of_a_kind", "chance") for m in moves(by_label))


def test_a_full_card_is_refused(run: Run, refused: Refused) -> None:
    filled = json.dumps({**dict.fromkeys(preset().category_names, 0), "chance": 5})
    line = refused(run("advise", "12345", "--filled", filled))
    assert line == "Error: Every box is filled: there is nothing to decide"


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["--dice", "33315"],
            "Error: --dice is no more: give the dice as plain arguments, "
            "e.g. fivedice advise 3 3 3 1 5",
        ),
        (
            [],
            "Error: No dice given: give five dice, each 1 to 6, such as: fivedice advise 3 3 3 5 5",
        ),
        (["33315", "--top", "0"], "Error: --top is 1 to 100, not 0"),
        (["33315", "--top", "101"], "Error: --top is 1 to 100, not 101"),
        (["33315", "-n", "-1"], "Error: --top is 1 to 100, not -1"),
        (["33315", "--top", "many"], "Error: Invalid value for '--top' / '-n': "),
        (["33315", "-r", "nope"], "Error: No rule set called 'nope'"),
        (
            ["33315", "--filled", '{"Bogus": 3}'],
            "Error: Yahtzee (official rules) has no box called 'Bogus'; its boxes are Ones, ",
        ),
        (
            ["33315", "--filled", '{"Chance": 20, "chance": 20}'],
            "Error: --filled names a box twice (once by its label, once by its name)",
        ),
        (
            ["33315", "--filled", " " * 2001],
            "Error: --filled is at most 2,000 characters, not 2,001",
        ),
    ],
)
def test_each_refusal_is_one_line_with_exit_code_2(
    run: Run, refused: Refused, args: list[str], line: str
) -> None:
    assert refused(run("advise", *args)).startswith(line)
