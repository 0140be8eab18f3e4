"""The rules page in words: every figure comes from the rule set's data, and no player-facing
text names a rule set by anything but the program it comes from."""

from __future__ import annotations

import re
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from fivedice.rules import PRESETS, RuleSet, preset, preset_names
from fivedice.rules.describe import describe_joker, describe_undo, rules_page
from fivedice.rules.state import ROLLS_PER_TURN

presets = st.sampled_from(preset_names())


@given(presets)
def test_every_box_is_on_the_page_with_its_most(name: str) -> None:
    rules = preset(name)
    page = rules_page(rules)
    assert {b.name for b in page.boxes} == set(rules.category_names)
    assert len(page.boxes) == len(rules.categories)
    upper = [b for b in page.boxes if b.section == "upper"]
    assert [b.name for b in upper] == [c.name for c in rules.upper_categories]
    assert [b.name for b in page.boxes[: len(upper)]] == [b.name for b in upper]
    for box in page.boxes:
        category = rules.category(box.name)
        assert box.label == category.label
        assert box.max_points == category.max_points
        if category.value:
            assert f"{category.value} points" in box.scores


@given(presets, st.integers(1, 200), st.integers(1, 200))
def test_the_bonuses_on_the_page_are_the_rule_sets(name: str, threshold: int, bonus: int) -> None:
    rules = replace(preset(name), upper_bonus_threshold=threshold, upper_bonus=bonus)
    page = rules_page(rules).to_dict()
    assert page["upper_bonus"]["threshold"] == threshold
    assert page["upper_bonus"]["points"] == bonus
    assert page["upper_bonus"]["text"] == f"{bonus} when the upper boxes total {threshold} or more"
    none = replace(rules, upper_bonus=0)
    assert rules_page(none).to_dict()["upper_bonus"] == {
        "threshold": 0,
        "points": 0,
        "text": "none",
    }


@given(presets, st.integers(1, 500))
def test_the_extra_yahtzee_bonus_is_the_rule_sets(name: str, points: int) -> None:
    rules = replace(preset(name), extra_yahtzee_bonus=points)
    page = rules_page(rules)
    if rules.has_extra_yahtzee_bonus:
        assert page.extra_bonus == points
        assert page.extra_bonus_text.startswith(f"{points} for each extra ")
    else:
        assert page.extra_bonus == 0 and page.extra_bonus_text == "none"


@given(presets)
def test_turn_joker_and_undo_come_from_the_rules(name: str) -> None:
    rules = preset(name)
    page = rules_page(rules)
    assert page.rolls == ROLLS_PER_TURN and page.dice == 5
    assert page.origin == rules.source and page.title == rules.title
    assert page.joker_text == describe_joker(rules)
    assert page.undo_text == describe_undo(rules)
    assert (page.undo_text.startswith("none")) is (not rules.undo_allowed)
    assert (page.joker_text.startswith("none")) is (rules.joker.placement.value == "none")
    assert f"a card of {len(rules.categories)} boxes" in page.how_to_play[0]
    assert f"up to {ROLLS_PER_TURN} rolls" in page.how_to_play[1]


def test_the_official_page_reads_as_the_box_does() -> None:
    page = rules_page(preset("official")).to_dict()
    boxes = {b["name"]: b for b in page["boxes"]}
    assert boxes["full_house"]["needs"] == "three of one face and two of another"
    assert boxes["full_house"]["scores"] == "25 points"
    assert boxes["chance"]["scores"] == "the sum of all dice"
    assert page["joker"].startswith("forced, when the Yahtzee box is filled (50 or 0)")
    assert page["extra_bonus"] == {
        "points": 100,
        "text": "100 for each extra Yahtzee while its box holds 50",
    }
    assert "Hasbro" in page["origin"]


SEED = re.compile(r"\bseeds?\b", re.IGNORECASE)


def test_no_player_facing_rules_text_says_seed() -> None:
    for rules in PRESETS.values():
        texts = [rules.title, rules.source, *(c.label for c in rules.categories)]
        page = rules_page(rules)
        texts += [page.upper_bonus_text, page.extra_bonus_text, page.joker_text, page.undo_text]
        texts += [
            *page.how_to_play,
            *(b.needs for b in page.boxes),
            *(b.scores for b in page.boxes),
        ]
        for text in texts:
            assert not SEED.search(text), (rules.name, text)


def test_a_preset_stored_with_its_old_wording_reads_with_todays() -> None:
    for rules in PRESETS.values():
        stored = {**rules.to_dict(), "source": "Seed 004, as a log from before kept it."}
        assert RuleSet.from_dict(stored).source == rules.source
        assert RuleSet.from_dict(stored) == rules
    # Other rules under a preset's name keep their own words.
    ablation = replace(preset("official"), upper_bonus=0, source="Official without a bonus.")
    assert RuleSet.from_dict(ablation.to_dict()).source == "Official without a bonus."
