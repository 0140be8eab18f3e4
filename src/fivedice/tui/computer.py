"""Computer players at the terminal table, from :mod:`fivedice.strategy.players`.

The start screen offers the strategy package's levels; the match screen asks its
:class:`ComputerSeats` for each move of a computer's turn (in a worker thread: a level may
load or solve its tables first) and plays it through the same intents a person's keys send.
The hint key asks :func:`best_move` for the advisor's first answer in the same way.
"""

from __future__ import annotations

from fivedice.i18n import Translator
from fivedice.rules import Dice, MatchState
from fivedice.strategy.advisor import Advice
from fivedice.strategy.seats import UNDO_GRACE, ComputerSeats, SeatMove, person_may_undo

from .words import decimal, english

__all__ = [
    "DEFAULT_LEVEL",
    "UNDO_GRACE",
    "ComputerSeats",
    "SeatMove",
    "best_move",
    "computer_levels",
    "computer_name",
    "hint_text",
    "missing_levels_note",
    "person_may_undo",
]

# A computer seat's default name, by level: a name, the same in every language.
NAMES = {
    "beginner": "Rookie",  # i18n: not text
    "good-human": "Ace",  # i18n: not text
    "optimal": "Oracle",  # i18n: not text
    "win-seeking": "Shark",  # i18n: not text
}
DEFAULT_NAME = "Computer"  # i18n: not text (a name, for a level without one)
# The level "Add a computer player" seats: a fair game for a newcomer, quick to move.
DEFAULT_LEVEL = "good-human"


def computer_levels(words: Translator | None = None) -> list[tuple[str, str]]:
    """The levels on offer as (label, level), weakest first: "Computer: Beginner"."""
    words = words or english()
    return [(level_label(words, level), level) for level in ComputerSeats().levels()]


def level_label(words: Translator, level: str) -> str:
    """How a seat's list names a computer level."""
    key = f"level.{level}"
    return words.t("tui.computer.level", level=words.t(key) if words.has(key) else level)


def missing_levels_note(words: Translator | None = None) -> str:
    """One line per level left off the start screen because its packages are not installed
    ("The win-seeking computer needs fivedice[solver]: pip install ..."); empty when none."""
    from fivedice.extras import MissingExtra
    from fivedice.strategy.players import Level

    words = words or english()
    lines = []
    for level in Level:
        if not level.is_installed:
            key = f"tui.computer.missing.{level.value}"
            if words.has(key) and level.extra is not None:
                lines.append(words.t(key, extra=level.extra))
                continue
            try:
                level.require()
            except MissingExtra as exc:
                lines.append(str(exc))
    return "\n".join(lines)


def computer_name(level: str, index: int) -> str:
    """A default name for a computer seat ("Rookie 2")."""
    return f"{NAMES.get(level, DEFAULT_NAME)} {index + 1}"


def best_move(state: MatchState, seat: int) -> Advice | None:
    """The advisor's best move for `seat` with the dice showing (None before the first roll);
    blocking: the optimal table is solved the first time a rule set is asked about."""
    if state.dice is None:
        return None
    from fivedice.strategy import load_or_solve
    from fivedice.strategy.advisor import advise

    table = load_or_solve(state.rules)
    return advise(table, state.card(seat), Dice(state.dice), state.rolls_left)[0]


def hint_text(state: MatchState, advice: Advice, words: Translator | None = None) -> str:
    """One line a player can act on (short enough for the dice side of the screen): which dice
    to hold (by position) or which box to fill, and the card's expected final total after it."""
    words = words or english()
    expected = decimal(words, advice.expected)
    action = advice.action
    if action.kind == "score":
        label = state.rules.category(action.category).label
        points = advice.points or 0
        return words.t(
            "tui.hint.score", points=points + advice.bonus, box=words.box(label), expected=expected
        )
    assert state.dice is not None
    positions = action.positions(state.dice)
    if not positions:
        return words.t("tui.hint.roll_all", expected=expected)
    held = ", ".join(str(p + 1) for p in positions)
    faces = " ".join(str(f) for f in action.hold)
    return words.t("tui.hint.hold", positions=held, faces=faces, expected=expected)
