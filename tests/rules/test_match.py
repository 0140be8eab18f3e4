"""The match: seats, turn order, rolls and holds, rounds, undo, leaving, the clock, the end.

Dice come from a scripted random source (``ScriptedRandom``), so every test says
exactly which faces land. Every refused intent is checked to leave the state and the log
exactly as they were.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from fivedice.rules import (
    BoxAlreadyFilled,
    BoxNotAllowed,
    BoxScored,
    ClockExpired,
    InvalidHold,
    InvalidOptions,
    Match,
    MatchAlreadyStarted,
    MatchFinished,
    MatchNotStarted,
    MatchOptions,
    MatchStarted,
    MustRollFirst,
    NoRollsLeft,
    NotEnoughPlayers,
    NotHost,
    NotYourTurn,
    Phase,
    RuleError,
    SeatStatus,
    StartOrder,
    TableFull,
    TimeoutRule,
    UndoNotAllowed,
    UnknownCategory,
    UnknownSeat,
)

UPPER = ["ones", "twos", "threes", "fours", "fives", "sixes"]
LOWER = [
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "yahtzee",
    "chance",
]
BOXES = UPPER + LOWER


class ScriptedRandom:
    """A random source that returns the faces it was given, in order, and fails when it runs
    out, so that a test says exactly which dice land (and notices an unexpected throw)."""

    def __init__(self, faces: Iterable[int] = ()) -> None:
        self.faces = list(faces)
        self.calls: list[tuple[int, int]] = []

    def push(self, *faces: int) -> None:
        """Queue more faces (each a die thrown, in position order)."""
        self.faces.extend(faces)

    def randint(self, a: int, b: int) -> int:
        self.calls.append((a, b))
        if not self.faces:
            raise AssertionError("the scripted random source ran out of faces")
        return self.faces.pop(0)

    @property
    def unused(self) -> int:
        return len(self.faces)


def refused(m: Match, error: type[RuleError], intent: Callable[..., Any], *args: Any) -> str:
    """Assert that the intent raises `error` and changes nothing; return the message."""
    state, events = m.state, m.events
    with pytest.raises(error) as info:
        intent(*args)
    assert m.state is state
    assert m.events == events
    return str(info.value)


def new_match(
    names: tuple[str, ...] = ("Ann", "Bob"),
    rules: str = "official",
    faces: tuple[int, ...] = (),
    **options: Any,
) -> tuple[Match, ScriptedRandom, list[int]]:
    rng = ScriptedRandom(faces)
    m = Match.create(rules, MatchOptions(**options), rng=rng)
    seats = [m.join(name) for name in names]
    return m, rng, seats


def started(
    names: tuple[str, ...] = ("Ann", "Bob"), rules: str = "official", **options: Any
) -> tuple[Match, ScriptedRandom, list[int]]:
    m, rng, seats = new_match(names, rules, **options)
    m.start(seats[0])
    return m, rng, seats


def turn(m: Match, rng: ScriptedRandom, dice: str, box: str) -> BoxScored:
    """The active player rolls `dice` once and scores them in `box`."""
    seat = m.state.active_seat
    assert seat is not None
    rng.push(*(int(d) for d in dice.split()))
    m.roll(seat)
    return m.score(seat, box)


# --- seats and the start --------------------------------------------------------------------


def test_seats_and_rounds_are_options_within_the_seeds_ranges() -> None:
    assert MatchOptions().seats == 4  # seed 000: "four players or less"
    assert MatchOptions().rounds == 1
    for seats in (1, 8):
        assert MatchOptions(seats=seats).seats == seats
    for rounds in (1, 6):  # seed 003: "between 1 and 6 rounds"
        assert MatchOptions(rounds=rounds).rounds == rounds
    for bad in ({"seats": 0}, {"seats": 9}, {"rounds": 0}, {"rounds": 7}, {"clock_seconds": 0}):
        with pytest.raises(InvalidOptions):
            MatchOptions(**bad)


def test_players_join_until_the_table_is_full() -> None:
    m, _, seats = new_match(("Ann", "Bob", "Cy", "Di"))
    assert seats == [0, 1, 2, 3]
    assert refused(m, TableFull, m.join, "Ed") == "All 4 seats are taken"
    refused(m, RuleError, m.join, "   ")


def test_only_the_host_starts_and_nobody_joins_after() -> None:
    m, _, (ann, bob) = new_match()
    assert m.state.host == ann
    refused(m, NotHost, m.start, bob)
    refused(m, MatchNotStarted, m.roll, ann)
    m.start(ann)
    assert m.state.phase is Phase.PLAYING
    refused(m, MatchAlreadyStarted, m.join, "Cy")
    refused(m, MatchAlreadyStarted, m.start, ann)


def test_the_host_leaving_before_the_start_makes_the_next_player_host() -> None:
    m, _, (ann, bob, cy) = new_match(("Ann", "Bob", "Cy"))
    m.leave(ann)
    assert m.state.host == bob
    assert [p.name for p in m.state.players] == ["Bob", "Cy"]
    m.start(bob)
    assert m.state.order == (bob, cy)


def test_the_host_frees_a_seat_before_the_start_and_puts_a_player_out_after() -> None:
    m, _, (ann, bob, cy) = new_match(("Ann", "Bob", "Cy"))
    refused(m, NotHost, m.remove, bob, cy)
    m.remove(ann, bob)
    assert [p.name for p in m.state.players] == ["Ann", "Cy"]
    assert m.join("Di") == 3  # seat numbers are never reused
    m.start(ann)
    assert m.state.order == (ann, cy, 3)
    refused(m, NotHost, m.remove, cy, 3)
    m.remove(ann, cy)  # after the start: out, as a player who left
    assert m.state.player(cy).status is SeatStatus.LEFT
    assert m.state.phase is Phase.PLAYING


def test_nobody_seated_cannot_start() -> None:
    m, _, (ann,) = new_match(("Ann",))
    m.leave(ann)
    refused(m, UnknownSeat, m.start, ann)
    assert m.state.host is None


def test_starting_with_nobody_is_refused() -> None:
    m = Match.create("official", rng=ScriptedRandom())
    # no seat 0 at all yet
    refused(m, UnknownSeat, m.start, 0)
    assert NotEnoughPlayers.__doc__


def test_turn_order_is_host_then_join_order() -> None:
    # seed 000: "The 'Master' starts the game and is then followed by the other players
    # according to joining order."
    m, rng, (ann, bob, cy) = started(("Ann", "Bob", "Cy"))
    assert m.state.order == (ann, bob, cy)
    seen = []
    for _ in range(7):
        seen.append(m.state.active_seat)
        turn(m, rng, "1 2 3 4 6", BOXES[len(seen) // 3])
    assert seen == [ann, bob, cy, ann, bob, cy, ann]
    assert rng.calls == [(1, 6)] * 35


def test_roll_off_highest_starts_and_ties_roll_again() -> None:
    # seed 004: "you roll one die to see who goes first. The player that rolls the highest
    # number will go first"; RULES.md: ties roll again.
    m, rng, (ann, bob, cy) = new_match(
        ("Ann", "Bob", "Cy"), start_order=StartOrder.ROLL_OFF, faces=(5, 6, 6, 3, 4)
    )
    m.start(ann)
    assert rng.unused == 0
    started_event = m.events[-1]
    assert isinstance(started_event, MatchStarted)
    assert started_event.roll_off == (((ann, 5), (bob, 6), (cy, 6)), ((bob, 3), (cy, 4)))
    assert m.state.roll_off == started_event.roll_off
    assert m.state.active_seat == cy
    assert m.state.order == (cy, ann, bob)


def test_roll_off_ties_can_repeat() -> None:
    m, rng, (ann, bob) = new_match(start_order="roll_off", faces=(2, 2, 6, 6, 1, 3))
    m.start(ann)
    assert rng.unused == 0
    assert m.state.roll_off == (((ann, 2), (bob, 2)), ((ann, 6), (bob, 6)), ((ann, 1), (bob, 3)))
    assert m.state.order == (bob, ann)


def test_roll_off_alone_needs_no_roll() -> None:
    m, rng, (ann,) = new_match(("Ann",), start_order="roll_off")
    m.start(ann)
    assert rng.calls == []
    assert m.state.roll_off == ()
    assert m.state.active_seat == ann


# --- rolls and holds ------------------------------------------------------------------------


def test_three_rolls_holding_dice_by_position() -> None:
    m, rng, (ann, bob) = started()
    refused(m, InvalidHold, m.hold, ann, [0])  # nothing to hold before the first roll
    refused(m, MustRollFirst, m.score, ann, "chance")
    rng.push(6, 2, 6, 3, 1)
    assert m.roll(ann).dice == (6, 2, 6, 3, 1)
    assert m.state.rolls_left == 2
    m.hold(ann, [0, 2])
    assert m.state.held == (0, 2)
    rng.push(6, 5, 4)  # positions 1, 3, 4 are thrown again
    rolled = m.roll(ann)
    assert rolled.dice == (6, 6, 6, 5, 4)
    assert rolled.held == (0, 2)
    # the third roll keeps what is held unless told otherwise; here 0, 1, 2
    rng.push(2, 6)
    assert m.roll(ann, hold=[0, 1, 2]).dice == (6, 6, 6, 2, 6)
    assert m.state.rolls_left == 0
    refused(m, NoRollsLeft, m.roll, ann)
    refused(m, NoRollsLeft, m.hold, ann, [0])
    assert m.score(ann, "four_of_a_kind").points == 26
    assert m.state.active_seat == bob
    assert rng.unused == 0


def test_held_dice_can_be_released_again() -> None:
    # seed 002: "he can roll one to five dice (even the ones he kept on the table ...)"
    m, rng, (ann, _) = started()
    rng.push(1, 1, 2, 3, 4)
    m.roll(ann)
    m.hold(ann, [0, 1])
    m.hold(ann, [])
    rng.push(6, 6, 6, 6, 6)
    assert m.roll(ann).dice == (6, 6, 6, 6, 6)


def test_the_first_roll_throws_all_five() -> None:
    m, _, (ann, _) = started()
    refused(m, InvalidHold, m.roll, ann, [0, 1])


@pytest.mark.parametrize("hold", [[5], [-1], [0, 0], ["a"]])
def test_holds_must_name_dice_on_the_table(hold: list[Any]) -> None:
    m, rng, (ann, _) = started()
    rng.push(1, 2, 3, 4, 5)
    m.roll(ann)
    refused(m, InvalidHold, m.hold, ann, hold)
    refused(m, InvalidHold, m.roll, ann, hold)


def test_intents_out_of_turn_are_refused() -> None:
    m, rng, (ann, bob) = started()
    assert refused(m, NotYourTurn, m.roll, bob) == "It is Ann's turn"
    rng.push(1, 2, 3, 4, 5)
    m.roll(ann)
    refused(m, NotYourTurn, m.hold, bob, [0])
    refused(m, NotYourTurn, m.score, bob, "chance")
    refused(m, NotYourTurn, m.expire_clock, bob)
    refused(m, UnknownSeat, m.roll, 7)


def test_scoring_errors_name_the_rule() -> None:
    m, rng, (ann, bob) = started(("Ann", "Bob"))
    turn(m, rng, "4 4 4 4 4", "yahtzee")
    turn(m, rng, "1 1 2 2 3", "chance")
    rng.push(4, 4, 4, 4, 4)
    m.roll(ann)
    # official forced joker: Fours is open, so the extra Yahtzee must go there
    assert "Fours" in refused(m, BoxNotAllowed, m.score, ann, "full_house")
    assert refused(m, BoxAlreadyFilled, m.score, ann, "yahtzee") == "Yahtzee is already filled"
    refused(m, UnknownCategory, m.score, ann, "yatzy")
    scored = m.score(ann, "fours")
    assert (scored.points, scored.bonus) == (20, 100)
    assert m.state.player(ann).cards[0].yahtzee_bonus == 100
    assert m.state.active_seat == bob


# --- rounds ---------------------------------------------------------------------------------


def test_rounds_of_thirteen_turns_each_with_its_own_total() -> None:
    # seed 003: "Each round always consists of 13 turns per player ... Round two cannot begin
    # until all of these boxes have a score in them"
    m, rng, (ann, bob) = started(rounds=2)
    for box in BOXES:
        assert m.state.round == 0
        turn(m, rng, "6 6 6 6 5", box)  # Ann
        turn(m, rng, "1 1 1 2 2", box)  # Bob
    assert m.state.round == 1
    assert m.state.active_seat == ann  # the host opens every round
    assert m.state.player(ann).cards[0].is_complete
    assert not m.state.player(ann).cards[1].boxes
    for box in BOXES:
        turn(m, rng, "1 2 3 4 5", box)
        turn(m, rng, "1 2 3 4 5", box)
    assert m.state.is_finished
    ann_state, bob_state = m.state.player(ann), m.state.player(bob)
    # round 1: Ann 6 6 6 6 5 everywhere: sixes 24, fives 5, 3K 29, 4K 29, chance 29
    # round 1: Bob 1 1 1 2 2: ones 3, twos 4, 3K 7, FH 25, chance 7
    # round 2: both 1 2 3 4 5: 1+2+3+4+5 upper, SS 30, LS 40, chance 15
    assert ann_state.round_totals == (24 + 5 + 29 + 29 + 29, 15 + 30 + 40 + 15)
    assert bob_state.round_totals == (3 + 4 + 7 + 25 + 7, 100)
    assert ann_state.total == sum(ann_state.round_totals)
    assert [len(c.boxes) for c in ann_state.cards] == [13, 13]
    outcome = m.state.outcome
    assert outcome is not None and outcome.winners == (ann,)


def test_a_solo_match_takes_turns_back_to_back() -> None:
    m, rng, (ann,) = started(("Ann",), rounds=3)
    for r in range(3):
        for box in BOXES:
            assert (m.state.round, m.state.active_seat) == (r, ann)
            turn(m, rng, "3 3 3 1 5", box)
    assert m.state.is_finished
    assert (
        m.state.player(ann).round_totals == (1 + 9 + 5 + 15 + 15,) * 3
    )  # ones, threes, fives, 3K, chance
    assert m.state.outcome is not None and m.state.outcome.winners == (ann,)


# --- undo -----------------------------------------------------------------------------------


def test_undo_until_the_next_player_rolls_then_score_elsewhere() -> None:
    # seed 001: "you must undo your mistake before the next player rolls"; "use Undo to
    # remove the last selection and roll again (if you had not previously made all 3 rolls)
    # or make another selection on the scorecard"
    m, rng, (ann, bob) = started()
    rng.push(3, 3, 3, 1, 5)
    m.roll(ann)
    before = m.state
    m.score(ann, "twos")
    assert m.state.active_seat == bob
    refused(m, UndoNotAllowed, m.undo, bob)  # only the scorer can undo
    m.undo(ann)
    assert m.state.active_seat == ann
    assert m.state.card(ann).boxes == {}
    assert (m.state.dice, m.state.rolls_used) == (before.dice, before.rolls_used)
    refused(m, UndoNotAllowed, m.undo, ann)  # once
    # roll again, since rolls remain, then score elsewhere
    rng.push(3, 3)
    m.roll(ann, hold=[0, 1, 2])
    assert m.score(ann, "threes").points == 15
    m.chat("Bob", "nice", bob)  # chatting does not end the undo window
    rng.push(1, 2, 3, 4, 5)
    m.roll(bob)
    refused(m, UndoNotAllowed, m.undo, ann)
    assert m.state.card(ann).boxes == {"threes": 15}


def test_undo_restores_the_yahtzee_bonus_and_the_round() -> None:
    m, rng, (ann,) = started(("Ann",), rounds=2)
    turn(m, rng, "2 2 2 2 2", "yahtzee")
    for box in BOXES:
        if box != "yahtzee" and box != "twos":
            turn(m, rng, "1 1 2 3 4", box)
    turn(m, rng, "2 2 2 2 2", "twos")  # the last box of round one: an extra Yahtzee
    assert m.state.round == 1
    assert m.state.player(ann).cards[0].yahtzee_bonus == 100
    m.undo(ann)
    assert m.state.round == 0
    card = m.state.player(ann).cards[0]
    assert "twos" not in card.boxes
    assert card.yahtzee_bonus == 0
    assert m.state.dice == (2, 2, 2, 2, 2)


def test_no_undo_when_the_match_forbids_it() -> None:
    # seed 004: "you cannot change a category's score once it's been set"
    m, rng, (ann, _) = started(undo_allowed=False)
    turn(m, rng, "1 2 3 4 5", "chance")
    assert "does not allow undo" in refused(m, UndoNotAllowed, m.undo, ann)


def test_no_undo_before_anything_was_scored() -> None:
    m, rng, (ann, _) = started()
    refused(m, UndoNotAllowed, m.undo, ann)
    rng.push(1, 2, 3, 4, 5)
    m.roll(ann)
    refused(m, UndoNotAllowed, m.undo, ann)


# --- leaving --------------------------------------------------------------------------------


def test_a_player_who_leaves_is_skipped() -> None:
    # seed 000: "If some players decide to leave the game, the turn goes automatically to the
    # next player still in the game."
    m, rng, (ann, bob, cy) = started(("Ann", "Bob", "Cy"))
    turn(m, rng, "1 2 3 4 5", "chance")
    m.leave(cy)  # not their turn: Bob plays on
    assert m.state.active_seat == bob
    turn(m, rng, "1 2 3 4 5", "chance")
    assert m.state.active_seat == ann
    refused(m, UnknownSeat, m.roll, cy)
    refused(m, UnknownSeat, m.leave, cy)
    assert m.state.player(cy).status is SeatStatus.LEFT


def test_the_active_player_leaving_passes_the_turn() -> None:
    m, rng, (ann, bob, cy) = started(("Ann", "Bob", "Cy"))
    rng.push(1, 2, 3, 4, 5)
    m.roll(ann)
    m.leave(ann)
    assert m.state.active_seat == bob
    assert m.state.dice is None and m.state.rolls_used == 0
    for box in BOXES:
        turn(m, rng, "6 6 6 5 5", box)  # Bob
        turn(m, rng, "1 1 1 2 2", box)  # Cy
    outcome = m.state.outcome
    assert outcome is not None
    assert outcome.winners == (bob,)
    places = {s.seat: s.place for s in outcome.standings}
    assert places == {bob: 1, cy: 2, ann: None}


def test_leaving_ends_the_undo_window() -> None:
    m, rng, (ann, _, cy) = started(("Ann", "Bob", "Cy"))
    turn(m, rng, "1 2 3 4 5", "chance")
    m.leave(cy)
    refused(m, UndoNotAllowed, m.undo, ann)


def test_when_only_one_player_is_left_the_match_ends() -> None:
    m, rng, (ann, bob) = started()
    turn(m, rng, "1 2 3 4 5", "chance")
    m.leave(ann)
    assert m.state.is_finished
    outcome = m.state.outcome
    assert outcome is not None and outcome.winners == (bob,)
    refused(m, MatchFinished, m.roll, bob)
    refused(m, MatchFinished, m.leave, bob)


def test_a_solo_player_leaving_ends_the_match_with_no_winner() -> None:
    m, _, (ann,) = started(("Ann",))
    m.leave(ann)
    assert m.state.is_finished
    assert m.state.outcome is not None and m.state.outcome.winners == ()


# --- the clock ------------------------------------------------------------------------------


def test_clock_expiry_forfeits_the_match() -> None:
    # seed 004: "If you run out of time, then you lose the game"
    m, rng, (ann, bob, cy) = started(("Ann", "Bob", "Cy"), clock_seconds=240)
    turn(m, rng, "1 2 3 4 5", "chance")
    m.expire_clock(bob)
    assert isinstance(m.events[-1], ClockExpired)
    assert m.state.player(bob).status is SeatStatus.FORFEITED
    assert m.state.active_seat == cy
    for box in BOXES:
        if box != "chance":
            turn(m, rng, "1 1 1 1 2", box)  # Cy
            turn(m, rng, "1 1 1 1 2", box)  # Ann
    turn(m, rng, "1 1 1 1 2", "chance")  # Cy
    outcome = m.state.outcome
    assert outcome is not None
    assert outcome.winners == (ann,)  # Ann's chance holds 15, Cy's 6
    bob_standing = next(s for s in outcome.standings if s.seat == bob)
    assert (bob_standing.place, bob_standing.status) == (None, SeatStatus.FORFEITED)


def test_clock_expiry_in_a_two_player_match_hands_the_other_the_win() -> None:
    m, _, (ann, bob) = started(clock_seconds=60)
    m.expire_clock(ann)
    assert m.state.is_finished
    assert m.state.outcome is not None and m.state.outcome.winners == (bob,)


def test_clock_expiry_scratches_the_lowest_value_open_box() -> None:
    m, rng, (ann, bob) = started(timeout_rule=TimeoutRule.SCRATCH, clock_seconds=30)
    rng.push(6, 6, 6, 6, 6)
    m.roll(ann)  # the dice on the table do not matter: the box gets a 0
    m.expire_clock(ann)
    scratch = m.events[-1]
    assert isinstance(scratch, BoxScored) and scratch.scratch
    assert (scratch.category, scratch.points, scratch.bonus) == ("ones", 0, 0)
    assert m.state.active_seat == bob
    refused(m, UndoNotAllowed, m.undo, ann)  # a scratch is the clock's, not a choice
    m.expire_clock(bob)
    turn(m, rng, "1 1 1 2 2", "twos")  # Ann: next lowest now is Threes
    assert m.state.player(ann).status is SeatStatus.PLAYING
    m.expire_clock(bob)
    assert m.state.card(bob).boxes == {"ones": 0, "twos": 0}


def test_clock_scratch_with_the_upper_section_filled_takes_full_house() -> None:
    # the lowest-value open box is the one whose best score is lowest: Full House (25)
    m, rng, (ann,) = started(("Ann",), timeout_rule="scratch", clock_seconds=30)
    for box in UPPER:
        turn(m, rng, "1 2 3 4 5", box)
    m.expire_clock(ann)
    assert m.state.card(ann).boxes["full_house"] == 0
    m.expire_clock(ann)  # next: the first of the 30-point boxes in card order
    assert m.state.card(ann).boxes["three_of_a_kind"] == 0


# --- the end --------------------------------------------------------------------------------


def test_ties_share_first_place() -> None:
    m, rng, (ann, bob, cy) = started(("Ann", "Bob", "Cy"))
    for box in BOXES:
        turn(m, rng, "2 3 4 5 5", box)  # Ann
        turn(m, rng, "5 2 3 5 4", box)  # Bob: the same dice in another order
        turn(m, rng, "1 2 3 4 4", box)  # Cy
    assert m.state.is_finished
    outcome = m.state.outcome
    assert outcome is not None
    assert outcome.winners == (ann, bob)
    assert [(s.seat, s.place) for s in outcome.standings] == [(ann, 1), (bob, 1), (cy, 3)]
    assert outcome.standings[0].total == m.state.player(ann).total == 2 + 3 + 4 + 10 + 30 + 19
    refused(m, MatchFinished, m.roll, ann)
    refused(m, MatchFinished, m.undo, cy)
    refused(m, MatchFinished, m.expire_clock, ann)


def test_state_before_the_end_has_no_outcome() -> None:
    m, rng, _ = started()
    turn(m, rng, "1 2 3 4 5", "chance")
    assert m.state.outcome is None
    assert not m.state.is_finished


def test_score_options_are_the_active_players_allowed_boxes() -> None:
    # seed 000: "the points you have obtained in this category will be displayed"
    m, rng, (ann, _) = started()
    assert m.state.score_options() == []
    rng.push(3, 3, 3, 1, 5)
    m.roll(ann)
    options = {o.category: o.points for o in m.state.score_options()}
    assert options["threes"] == 9 and options["fives"] == 5 and options["twos"] == 0
    assert len(options) == 13


def test_chat_is_kept_in_the_log() -> None:
    m, _, (ann, _) = started()
    m.chat("Ann", "good luck", ann)
    m.chat("Watcher", "hi all")
    assert [(c.author, c.text, c.seat) for c in m.state.chat] == [
        ("Ann", "good luck", ann),
        ("Watcher", "hi all", None),
    ]
    refused(m, RuleError, m.chat, "Ann", "   ", ann)
    refused(m, UnknownSeat, m.chat, "Zed", "hello", 5)
