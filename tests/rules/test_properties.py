"""Properties that hold for any play: hypothesis drives random matches and random cards.

- any sequence of legal intents keeps every card consistent: each box filled at most once,
  every total equal to the sum of its rows, 13 turns per player per round on the official card;
- replaying the JSON-serialised event log gives the identical state;
- an illegal intent never changes the state or the log;
- a card always has somewhere to put the dice until it is full, and only open boxes.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import event as note_case
from hypothesis import strategies as st

from fivedice.rules import (
    PRESETS,
    BoxScored,
    Dice,
    Match,
    MatchOptions,
    MatchState,
    Phase,
    RuleError,
    Scorecard,
    ScoreUndone,
    SeatStatus,
    Section,
    event_from_dict,
    fold,
    preset,
)

JOKER_PRESETS = ["official", "free-joker", "vp-games", "classic-1986", "printable", "timed-online"]


class LoadedDice:
    """A seeded random source whose dice often repeat the last face, so that matches see
    plenty of Yahtzees (and so jokers and bonuses) while every face stays legal."""

    def __init__(self, seed: int, sticky: float) -> None:
        self.random = random.Random(seed)
        self.sticky = sticky
        self.last = 1

    def randint(self, a: int, b: int) -> int:
        if self.random.random() >= self.sticky:
            self.last = self.random.randint(a, b)
        return self.last


# --- invariants ---------------------------------------------------------------------------


def check_card(card: Scorecard) -> None:
    rules = card.rules
    assert set(card.boxes) <= set(rules.category_names)
    assert all(isinstance(v, int) and v >= 0 for v in card.boxes.values())
    upper = sum(v for k, v in card.boxes.items() if rules.category(k).section is Section.UPPER)
    lower = sum(v for k, v in card.boxes.items() if rules.category(k).section is Section.LOWER)
    assert card.upper_subtotal == upper
    assert card.lower_total == lower
    earned = rules.upper_bonus > 0 and upper >= rules.upper_bonus_threshold
    assert card.upper_bonus == (rules.upper_bonus if earned else 0)
    assert card.upper_total == upper + card.upper_bonus
    assert card.yahtzee_bonus % 100 == 0 and card.yahtzee_bonus >= 0
    if not rules.has_extra_yahtzee_bonus:
        assert card.yahtzee_bonus == 0
    assert card.grand_total == card.upper_total + card.lower_total + card.yahtzee_bonus
    rows = {key: value for key, _, value in card.rows()}
    assert rows["grand_total"] == card.grand_total
    assert [k for k in rows if k in rules.category_names] == list(rules.category_names)
    assert card.is_complete == (len(card.boxes) == len(rules.categories))


def check_state(state: MatchState) -> None:
    for player in state.players:
        assert len(player.cards) == state.options.rounds
        for card in player.cards:
            check_card(card)
        assert player.total == sum(c.grand_total for c in player.cards)
    assert 0 <= state.rolls_used <= 3
    assert all(0 <= i < 5 for i in state.held)
    if state.phase is Phase.PLAYING:
        assert state.active_seat is not None
        assert state.player(state.active_seat).is_playing
        assert (state.dice is None) == (state.rolls_used == 0)
    else:
        assert state.active_seat is None


def net_scores(m: Match) -> Counter[tuple[int, int]]:
    """Boxes scored per (seat, round) in the log, an undone scoring taken back; checks on the
    way that no box of a round is scored twice by the same seat."""
    kept: list[BoxScored] = []
    for event in m.events:
        if isinstance(event, BoxScored):
            assert all(
                (e.seat, e.round, e.category) != (event.seat, event.round, event.category)
                for e in kept
            )
            kept.append(event)
        elif isinstance(event, ScoreUndone):
            last = next(e for e in reversed(kept) if e.seat == event.seat)
            assert last.category == event.category
            kept.remove(last)
    return Counter((e.seat, e.round) for e in kept)


def replayed(m: Match) -> MatchState:
    text = "\n".join(json.dumps(d) for d in m.log())
    return fold(event_from_dict(json.loads(line)) for line in text.splitlines())


# --- random play --------------------------------------------------------------------------


def try_illegal(m: Match, data: st.DataObject) -> None:
    """Send an intent that may well be illegal; if refused, nothing may have changed."""
    s = m.state
    seat = data.draw(st.integers(-1, 4), label="any seat")
    kind = data.draw(
        st.sampled_from(["roll", "hold", "score", "undo", "join", "start", "clock", "leave"])
    )
    box = data.draw(st.sampled_from([*s.rules.category_names, "pairs", ""]), label="any box")
    positions = data.draw(st.lists(st.integers(-1, 5), max_size=6), label="any hold")
    intents: dict[str, Any] = {
        "roll": lambda: m.roll(seat, positions or None),
        "hold": lambda: m.hold(seat, positions),
        "score": lambda: m.score(seat, box),
        "undo": lambda: m.undo(seat),
        "join": lambda: m.join(box),
        "start": lambda: m.start(seat),
        "clock": lambda: m.expire_clock(seat),
        "leave": lambda: m.leave(seat),
    }
    events = m.events
    try:
        intents[kind]()
    except RuleError:
        assert m.state is s
        assert m.events == events


def play_legally(m: Match, data: st.DataObject, allow_leaving: bool) -> None:
    """One legal intent of the active player (or, rarely, a leaver or the clock)."""
    s = m.state
    seat = s.active_seat
    assert seat is not None
    choices = ["roll"] if s.rolls_left > 0 else []
    if s.dice is not None:
        choices += ["score", "score", "score"]
        if s.rolls_left > 0:
            choices.append("hold")
    if s.options.undo_allowed and s.undo_point is not None:
        choices.append("undo")
    if allow_leaving:
        choices += ["leave", "clock"]
    choice = data.draw(st.sampled_from(choices), label="intent")
    if choice == "roll":
        held = data.draw(st.sets(st.integers(0, 4)), label="hold") if s.dice else None
        m.roll(seat, held)
    elif choice == "hold":
        m.hold(seat, data.draw(st.sets(st.integers(0, 4)), label="hold"))
    elif choice == "score":
        options = s.score_options()
        assert options, "there is always somewhere to score"
        pick = data.draw(st.sampled_from(options), label="box")
        scored = m.score(seat, pick.category)
        assert (scored.points, scored.bonus) == (pick.points, pick.bonus)
    elif choice == "undo":
        assert s.undo_point is not None
        m.undo(s.undo_point.seat)
    elif choice == "leave":
        leaver = data.draw(st.sampled_from([p.seat for p in s.players if p.is_playing]))
        m.leave(leaver)
    else:
        m.expire_clock(seat)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    rules=st.sampled_from(JOKER_PRESETS),
    players=st.integers(1, 3),
    rounds=st.integers(1, 2),
    undo_allowed=st.booleans(),
    start_order=st.sampled_from(["host_first", "roll_off"]),
    timeout_rule=st.sampled_from(["forfeit", "scratch"]),
    seed=st.integers(0, 2**32),
    sticky=st.sampled_from([0.0, 0.8, 0.95]),
    allow_leaving=st.booleans(),
)
def test_any_legal_play_keeps_every_card_consistent_and_replays_identically(
    data: st.DataObject,
    rules: str,
    players: int,
    rounds: int,
    undo_allowed: bool,
    start_order: str,
    timeout_rule: str,
    seed: int,
    sticky: float,
    allow_leaving: bool,
) -> None:
    options = MatchOptions(
        rounds=rounds,
        undo_allowed=undo_allowed,
        start_order=start_order,  # type: ignore[arg-type]
        timeout_rule=timeout_rule,  # type: ignore[arg-type]
        clock_seconds=60,
    )
    m = Match.create(rules, options, rng=LoadedDice(seed, sticky))
    seats = [m.join(f"P{i}") for i in range(players)]
    m.start(seats[0])
    steps = 0
    while not m.state.is_finished:
        steps += 1
        assert steps < 60 * 13 * rounds * players, "the match must end"
        if data.draw(st.integers(0, 9), label="try something illegal") == 0:
            try_illegal(m, data)
            if m.state.is_finished:
                break
        if m.state.is_finished:
            break
        leaving_now = allow_leaving and data.draw(st.integers(0, 60)) == 0
        play_legally(m, data, leaving_now)
        check_state(m.state)
    state = m.state
    check_state(state)
    assert replayed(m) == state
    assert Match.replay(m.events).state == state

    counts = net_scores(m)
    everyone_stayed = all(p.status is SeatStatus.PLAYING for p in state.players)
    note_case(f"everyone stayed: {everyone_stayed}")
    bonus = any(c.yahtzee_bonus for p in state.players for c in p.cards)
    note_case(f"extra-Yahtzee bonus earned: {bonus}")
    note_case(f"undone: {any(isinstance(e, ScoreUndone) for e in m.events)}")
    if everyone_stayed:
        # 13 turns per player per round, every card full
        for p in state.players:
            for r in range(rounds):
                assert counts[(p.seat, r)] == 13
                assert p.cards[r].is_complete
                assert len(p.cards[r].boxes) == 13
    outcome = state.outcome
    assert outcome is not None
    ranked = [s for s in outcome.standings if s.place is not None]
    assert [s.total for s in ranked] == sorted((s.total for s in ranked), reverse=True)
    if ranked:
        best = ranked[0].total
        assert set(outcome.winners) == {s.seat for s in ranked if s.total == best}


@settings(max_examples=25, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_replay_matches_the_state_after_every_event(data: st.DataObject, seed: int) -> None:
    m = Match.create("official", MatchOptions(), rng=LoadedDice(seed, 0.5))
    seats = [m.join(n) for n in ("Ann", "Bob")]
    m.start(seats[0])
    for _ in range(data.draw(st.integers(1, 40))):
        play_legally(m, data, allow_leaving=False)
        if m.state.is_finished:
            break
        assert replayed(m) == m.state


# --- cards on their own ---------------------------------------------------------------------

faces = st.integers(1, 6)
dice_strategy = st.one_of(
    st.lists(faces, min_size=5, max_size=5).map(Dice),
    faces.map(lambda f: Dice([f] * 5)),  # plenty of Yahtzees
)


@settings(max_examples=150, deadline=None)
@given(
    rules=st.sampled_from(list(PRESETS)),
    plays=st.lists(st.tuples(dice_strategy, st.integers(0, 100)), min_size=1, max_size=15),
)
def test_filling_a_card_adds_exactly_what_the_option_said(
    rules: str, plays: list[tuple[Dice, int]]
) -> None:
    card = Scorecard(preset(rules))
    for dice, pick in plays:
        options = card.options(dice)
        if card.is_complete:
            assert options == []
            break
        assert options, "an incomplete card always has a box for the dice"
        open_names = {c.name for c in card.open_categories}
        assert {o.category for o in options} <= open_names
        assert len({o.category for o in options}) == len(options)
        if not dice.is_five_of_a_kind:
            # no joker: every open box, at its own rule's score, no bonus
            assert {o.category: (o.points, o.bonus) for o in options} == {
                c.name: (c.score(dice), 0) for c in card.open_categories
            }
        choice = options[pick % len(options)]
        after, scored = card.fill(choice.category, dice)
        assert scored == choice
        assert after.boxes[choice.category] == choice.points
        assert len(after.boxes) == len(card.boxes) + 1
        assert after.yahtzee_bonus == card.yahtzee_bonus + choice.bonus
        assert after.grand_total >= card.grand_total + choice.total
        assert card.boxes.get(choice.category) is None  # the old card is unchanged
        check_card(after)
        card = after


@settings(max_examples=300, deadline=None)
@given(rules=st.sampled_from(list(PRESETS)), dice=dice_strategy, data=st.data())
def test_a_box_not_offered_is_refused_and_an_offered_one_accepted(
    rules: str, dice: Dice, data: st.DataObject
) -> None:
    """Scoring the dice in one box gives exactly that box's entry in the list of every allowed
    box (points, bonus, joker), and a box the list leaves out is refused."""
    ruleset = preset(rules)
    names = list(ruleset.category_names)
    filled = data.draw(st.sets(st.sampled_from(names), max_size=len(names) - 1))
    values = {n: data.draw(st.sampled_from([0, ruleset.category(n).max_points])) for n in filled}
    card = Scorecard(ruleset, values)
    offered = {o.category: o for o in card.options(dice)}
    for name in names:
        if name in offered:
            assert card.option(name, dice) == offered[name]
        else:
            try:
                card.option(name, dice)
            except RuleError:
                pass
            else:
                raise AssertionError(f"{name} was not offered but accepted")
