"""Commands about the rules themselves: score, rules, odds, replay.

Every answer comes from :mod:`fivedice.rules`; these commands only read the input, ask the
rules, and draw the answer (a Rich table, or JSON with ``--json``). Bad input (dice, a preset
or box name, JSON) ends with exit code 2 and one line on stderr, never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table

from fivedice.rules import (
    DEFAULT_PRESET,
    PRESETS,
    Dice,
    Event,
    InvalidEvent,
    MatchState,
    Phase,
    RuleError,
    RuleSet,
    Scorecard,
    check_possible,
    event_from_dict,
    fold,
    preset,
)
from fivedice.rules.describe import (
    describe_bonus,
    describe_box,
    describe_joker,
    describe_undo,
    describe_upper_bonus,
)
from fivedice.rules.probability import box_chances, turn_chances, yahtzee_chance
from fivedice.rules.state import apply_event

from .app import app
from .conventions import REFUSED, RulesOption
from .words import count, rolls_left_words

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
DiceArgument = Annotated[
    list[str] | None,
    typer.Argument(help='The five dice: "3 3 3 1 5", "3,3,3,1,5" or "33315".', show_default=False),
]


MAX_FILLED_CHARS = 2_000  # a card of 20 boxes by their longest labels needs well under this
MAX_LOG_CHARS = 20_000_000  # the longest match (8 players, 6 rounds) logs about 2 MB

# --- input ----------------------------------------------------------------------------------


class BadInput(Exception):
    """Input the command cannot use; its message is the one line the user sees."""


def fail(message: str) -> NoReturn:
    """Print one line on stderr and exit with code 2 (the command was refused)."""
    typer.echo(f"Error: {message}", err=True)
    raise typer.Exit(REFUSED)


def check_range(option: str, value: int, low: int, high: int) -> None:
    """Refuse a number outside its range with one line (Typer's own min/max print a usage
    panel of several lines instead)."""
    if not low <= value <= high:
        fail(f"{option} is {low:,} to {high:,}, not {value:,}")


@contextmanager
def reporting_bad_input() -> Iterator[None]:
    """Turn the rules' refusals and unreadable input into :func:`fail`."""
    try:
        yield
    except (RuleError, BadInput) as exc:
        fail(str(exc))


def read_dice(words: Sequence[str] | None) -> Dice:
    """Dice given as five arguments, or as one ("33315", "3,3,3,1,5")."""
    return Dice.parse(" ".join(words or ()))


def read_faces(text: str) -> tuple[int, ...]:
    """Dice values such as "6,6,6", "6 6 6" or "666" (any number of dice, maybe none)."""
    words = text.replace(",", " ").split()
    digits = list(words[0]) if len(words) == 1 else words
    if not all(d in "123456" and len(d) == 1 for d in digits):
        raise BadInput(f"Cannot read dice values from {text!r}: use faces 1 to 6, e.g. 6,6,6")
    return tuple(int(d) for d in digits)


def read_filled(text: str, rules: RuleSet, yahtzee_bonus: int = 0) -> Scorecard:
    """A card whose filled boxes are given as a JSON object ``{"box": points}``, refused when
    no game could fill it so (the rules say which points each box can hold)."""
    if len(text) > MAX_FILLED_CHARS:
        raise BadInput(f"--filled is at most {MAX_FILLED_CHARS:,} characters, not {len(text):,}")
    try:
        boxes = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"--filled is not valid JSON ({exc.msg} at character {exc.pos})") from None
    example = 'e.g. \'{"Chance": 22, "Yahtzee": 50}\''
    if not isinstance(boxes, dict):
        raise BadInput(f"--filled must be a JSON object of boxes and points, {example}")
    for name, points in boxes.items():
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise BadInput(f"--filled: {name} must hold a whole number of points, not {points!r}")
    by_name = {box_name(rules, key): points for key, points in boxes.items()}
    if len(by_name) < len(boxes):
        raise BadInput("--filled names a box twice (once by its label, once by its name)")
    card = Scorecard(rules, by_name, yahtzee_bonus)  # an unknown box name is refused here
    check_possible(rules, card.boxes, yahtzee_bonus)
    return card


def box_name(rules: RuleSet, key: str) -> str:
    """The box a --filled key means: its label as the card shows it ("Four of a kind", in any
    case) or its name in the JSON outputs ("four_of_a_kind")."""
    for box in rules.categories:
        if key in (box.name, box.label) or key.casefold() == box.label.casefold():
            return box.name
    labels = ", ".join(box.label for box in rules.categories)
    raise BadInput(f"{rules.title} has no box called {key[:40]!r}; its boxes are {labels}")


def read_rules(name: str) -> RuleSet:
    return preset(name)


# --- output helpers ---------------------------------------------------------------------------


def console() -> Console:
    """A Rich console on the current stdout (created per command, so tests can capture it)."""
    return Console(highlight=False, soft_wrap=False)


def print_json(data: object) -> None:
    typer.echo(json.dumps(data, indent=2))


def percent(chance: Fraction) -> str:
    """A chance as a percentage with enough digits to tell small chances apart."""
    value = float(chance) * 100
    if chance in (0, 1):
        return f"{value:.0f}%"
    return f"{value:.3f}%" if value >= 0.1 else f"{value:.5f}%"


# --- score ------------------------------------------------------------------------------------


@app.command()
def score(
    dice: DiceArgument = None,
    rules: RulesOption = "official",
    filled: Annotated[
        str,
        typer.Option(
            "--filled",
            help='Boxes already filled, as JSON: \'{"Chance": 22, "Four of a kind": 24}\'.',
        ),
    ] = "{}",
    as_json: JsonOption = False,
) -> None:
    """Every box these dice may go in now, with the points each adds and the bonus it earns."""
    with reporting_bad_input():
        ruleset = read_rules(rules)
        thrown = read_dice(dice)
        card = read_filled(filled, ruleset)
        options = card.options(thrown)
    if as_json:
        print_json(
            {
                "rules": ruleset.name,
                "dice": list(thrown.values),
                "options": [
                    {"category": o.category, "points": o.points, "bonus": o.bonus} for o in options
                ],
            }
        )
        return
    out = console()
    if not options:
        out.print(f"Every box is filled: {thrown} cannot be scored.")
        return
    out.print(f"{thrown} under {ruleset.title}")
    table = Table()
    table.add_column("Box")
    table.add_column("Points", justify="right")
    table.add_column("Bonus", justify="right")
    table.add_column("Adds", justify="right")
    table.add_column("")
    for o in options:
        box = ruleset.category(o.category)
        table.add_row(
            box.label,
            str(o.points),
            str(o.bonus) if o.bonus else "",
            str(o.total),
            "joker" if o.joker else "",
        )
    out.print(table)
    if len(options) < len(card.open_categories):
        out.print("The joker rule forces an extra Yahtzee into the boxes above.")


# --- rules ------------------------------------------------------------------------------------


@app.command("rules")
def rules_command(
    name: Annotated[
        str | None, typer.Argument(help="A preset to show; all presets when left out.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """List the rule-set presets, or show one: its boxes, bonuses, joker rule and source."""
    if name is None:
        if as_json:
            print_json([{"name": r.name, "title": r.title} for r in PRESETS.values()])
            return
        table = Table(title="Rule sets", title_justify="left")
        table.add_column("Name")
        table.add_column("Title")
        table.add_column("Boxes", justify="right")
        for r in PRESETS.values():
            default = " (default)" if r.name == DEFAULT_PRESET else ""
            table.add_row(r.name, r.title + default, str(len(r.categories)))
        console().print(table)
        return
    with reporting_bad_input():
        ruleset = read_rules(name)
    if as_json:
        data = ruleset.to_dict()
        for box, c in zip(data["categories"], ruleset.categories, strict=True):
            box["max"] = c.max_points
        print_json(data)
        return
    out = console()
    table = Table(title=f"{ruleset.title} · preset {ruleset.name}", title_justify="left")
    table.add_column("Box")
    table.add_column("Scores")
    table.add_column("Max", justify="right")
    for section in ("upper", "lower"):
        for box in ruleset.categories:
            if box.section == section:
                table.add_row(box.label, describe_box(box), str(box.max_points))
        table.add_section()
    out.print(table)
    out.print(f"Upper bonus: {describe_upper_bonus(ruleset)}")
    out.print(f"Extra-Yahtzee bonus: {describe_bonus(ruleset)}")
    out.print(f"Joker: {describe_joker(ruleset)}")
    out.print(f"Undo: {describe_undo(ruleset)}")
    out.print(f"Source: {ruleset.source}")


# --- odds -------------------------------------------------------------------------------------


@app.command()
def odds(
    dice: DiceArgument = None,
    rules: RulesOption = "official",
    keep: Annotated[
        str,
        typer.Option(
            "--keep",
            "-k",
            help="Dice values to hold on the next roll, e.g. 6,6,6 (the rest are thrown).",
        ),
    ] = "",
    rolls_left: Annotated[
        int | None,
        typer.Option(
            "--rolls-left",
            help="Rolls still to come: 0 to 2 with dice on the table (default 2); "
            "1 to 3 for a whole turn without dice (default 3).",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """The exact chance of each box's condition by the end of the turn.

    With dice: the --keep dice are held on the next roll, and every later roll keeps the best
    dice for each box. Without dice: a whole turn, chasing each box from the first throw.
    A box's condition is met when the dice score more than 0 there by its own rule.
    """
    with reporting_bad_input():
        ruleset = read_rules(rules)
        held = read_faces(keep)
        thrown = read_dice(dice) if dice else None
        if thrown is not None:
            rolls = 2 if rolls_left is None else rolls_left
            chances = box_chances(ruleset, thrown, held, rolls)
        elif held:
            raise BadInput("--keep needs the dice on the table")
        else:
            rolls = 3 if rolls_left is None else rolls_left
            chances = turn_chances(ruleset, rolls)
    if as_json:
        print_json(
            {
                "rules": ruleset.name,
                "dice": list(thrown.values) if thrown is not None else None,
                "keep": list(held),
                "rolls_left": rolls,
                "chances": [
                    {"category": n, "fraction": str(p), "probability": float(p)}
                    for n, p in chances.items()
                ],
            }
        )
        return
    if thrown is not None:
        kept = " ".join(map(str, held)) or "nothing"
        where = f"{thrown}, holding {kept}, {rolls_left_words(rolls)}"
    else:
        where = f"a whole turn of {count(rolls, 'roll')}, chasing each box"
    out = console()
    out.print(f"{ruleset.title}: {where}")
    table = Table()
    table.add_column("Box")
    table.add_column("Chance", justify="right")
    table.add_column("Percent", justify="right")
    for name, chance in chances.items():
        table.add_row(ruleset.category(name).label, str(chance), percent(chance))
    out.print(table)
    if thrown is None and rolls == 3 and ruleset.five_of_a_kind is not None:
        chase = yahtzee_chance(ruleset)
        out.print(
            f"Keeping the most common face, a {ruleset.five_of_a_kind.label} comes "
            f"{percent(chase)} of turns: about once in {float(1 / chase):.1f}."
        )


# --- replay -----------------------------------------------------------------------------------


def read_log(path: Path) -> list[Event]:
    """Events from a saved log: one JSON list of events, one event per line, or an object
    whose ``events`` list holds them (``GET /matches/{id}`` on the server)."""
    try:
        if str(path) == "-":
            text = typer.get_text_stream("stdin").read(MAX_LOG_CHARS + 1)
        else:
            with path.open(encoding="utf-8") as file:
                text = file.read(MAX_LOG_CHARS + 1)
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"Cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    if len(text) > MAX_LOG_CHARS:
        raise BadInput(f"{path} is longer than a match log can be ({MAX_LOG_CHARS:,} characters)")
    try:
        whole = json.loads(text)
        if isinstance(whole, dict) and isinstance(whole.get("events"), list):
            whole = whole["events"]  # a match as the server's REST API returns it
        items = whole if isinstance(whole, list) else [whole]
    except json.JSONDecodeError:
        items = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                items.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise BadInput(f"{path}, line {number}: not JSON ({exc.msg})") from None
    if not items:
        raise BadInput(f"{path} holds no events")
    events: list[Event] = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise BadInput(f"{path}, event {number}: not a JSON object")
        try:
            events.append(event_from_dict(item))
        except InvalidEvent as exc:
            raise BadInput(f"{path}, event {number}: {exc}") from None
    return events


def fold_log(path: Path, events: list[Event]) -> MatchState:
    """The state the log describes; an event that does not fit is named by its number."""
    state = fold(events[:1])
    for number, event in enumerate(events[1:], start=2):
        try:
            state = apply_event(state, event)
        except RuleError as exc:
            raise BadInput(f"{path}, event {number} ({event.type}): {exc}") from None
    return state


def replay_json(state: MatchState) -> dict[str, Any]:
    outcome = state.outcome
    return {
        "rules": state.rules.name,
        "rounds": state.options.rounds,
        "phase": state.phase.value,
        "players": [
            {
                "seat": p.seat,
                "name": p.name,
                "status": p.status.value,
                "rounds": [card.to_dict() for card in p.cards],
                "round_totals": list(p.round_totals),
                "total": p.total,
            }
            for p in state.players
        ],
        "outcome": None
        if outcome is None
        else {
            "winners": list(outcome.winners),
            "standings": [
                {
                    "seat": s.seat,
                    "name": s.name,
                    "total": s.total,
                    "place": s.place,
                    "status": s.status.value,
                }
                for s in outcome.standings
            ],
        },
    }


def scorecard_table(state: MatchState, round_: int) -> Table:
    """One round's cards side by side: every row the card shows, one column per player."""
    rounds = state.options.rounds
    title = f"Round {round_ + 1} of {rounds}" if rounds > 1 else "Scorecard"
    table = Table(title=title, title_justify="left")
    table.add_column("")
    for p in state.players:
        mark = {"left": " (left)", "forfeited": " (forfeited)"}.get(p.status.value, "")
        table.add_column(p.name + mark, justify="right")
    columns = [p.cards[round_].rows() for p in state.players]
    for i, (key, label, _) in enumerate(columns[0]):
        values = ["" if col[i][2] is None else str(col[i][2]) for col in columns]
        derived = key not in state.rules.category_names
        style = "bold" if key == "grand_total" else ("dim" if derived else None)
        table.add_row(label, *values, style=style)
        if key in ("upper_total", "lower_total"):
            table.add_section()
    return table


def describe_outcome(state: MatchState) -> str:
    outcome = state.outcome
    if outcome is None:
        if state.phase is Phase.WAITING:
            return "The match has not started."
        active = state.player(state.active_seat).name if state.active_seat is not None else "?"
        return f"Not finished: round {state.round + 1}, {active} to play."
    names = {p.seat: p.name for p in state.players}
    winners = outcome.winners
    if not winners:
        return "Finished with no winner: every player left."
    best = outcome.standings[0].total
    if len(winners) == 1:
        return f"Winner: {names[winners[0]]} with {best}."
    return f"Tie for first place with {best}: {', '.join(names[s] for s in winners)}."


@app.command()
def replay(
    file: Annotated[
        Path,
        typer.Argument(
            help="A saved match log (a JSON list of events, or JSON lines); - reads stdin."
        ),
    ],
    as_json: JsonOption = False,
) -> None:
    """Re-play a saved match log and print every player's scorecard and the outcome."""
    with reporting_bad_input():
        state = fold_log(file, read_log(file))
    if as_json:
        print_json(replay_json(state))
        return
    out = console()
    out.print(f"{state.rules.title}, {count(len(state.players), 'player')}")
    if not state.players:
        out.print(describe_outcome(state))
        return
    for r in range(state.options.rounds):
        out.print(scorecard_table(state, r))
    if state.options.rounds > 1:
        totals = Table(title="Totals", title_justify="left")
        totals.add_column("")
        for p in state.players:
            totals.add_column(p.name, justify="right")
        for r in range(state.options.rounds):
            totals.add_row(f"Round {r + 1}", *(str(p.round_totals[r]) for p in state.players))
        totals.add_row("Match", *(str(p.total) for p in state.players), style="bold")
        out.print(totals)
    out.print(describe_outcome(state))
    outcome = state.outcome
    if outcome is not None:
        for s in outcome.standings:
            place = f"{s.place}." if s.place is not None else s.status.value
            out.print(f"  {place:<10} {s.name:<24} {s.total:>6}")
