"""Rules-core benchmark: what one intent costs the referee (check, fold, append).

    python -m bench.rules

Four-player official matches are played through ``Match`` intents only (roll, reroll holding
two dice, score the first allowed box), asking for the score options after each roll as a
face would. Reported: CPU microseconds per intent and per match, best of three rounds.
"""

from __future__ import annotations

import random
import time

from fivedice.rules import Match

MATCHES = 200


def play_matches(count: int, rng: random.Random) -> int:
    """Play `count` four-player matches; return the number of intents sent."""
    intents = 0
    for _ in range(count):
        match = Match.create("official", rng=rng)
        seats = [match.join(name) for name in ("Ann", "Bob", "Cid", "Dee")]
        match.start(seats[0])
        while not match.state.is_finished:
            seat = match.state.active_seat
            assert seat is not None
            match.roll(seat)
            match.state.score_options()
            match.roll(seat, hold=[0, 1])
            options = match.state.score_options()
            match.score(seat, options[0].category)
            intents += 3
    return intents


def main() -> None:
    """Print the cost of an intent, best of three rounds."""
    best = float("inf")
    for round_ in range(3):
        started = time.process_time()
        intents = play_matches(MATCHES, random.Random(round_))
        best = min(best, (time.process_time() - started) / intents)
    print(f"rules core: {best * 1e6:.1f} us CPU per intent ({intents} intents per round)")
    print(f"rules core: {best * intents / MATCHES * 1e3:.2f} ms CPU per four-player match")


if __name__ == "__main__":
    main()
