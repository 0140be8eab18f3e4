"""Commands about the rules themselves: score, rules, odds, replay.

Every answer comes from :mod:`fivedice.rules`; these commands only read the input, ask the
rules, and draw the answer (a Rich table, or JSON with ``--json``), in the command line's
language. Bad input (dice, a preset or box name, JSON) ends with exit code 2 and one line on
stderr, never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer
from babel.numbers import format_decimal
from rich.console import Console
from rich.table import Table

from fivedice.i18n import Translator
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
    origin_phrase,
    say,
)
from fivedice.rules.probability import box_chances, turn_chances, yahtzee_chance
from fivedice.rules.state import apply_event

from .app import app
from .conventions import RulesOption
from .os_reasons import file_reason
from .refusals import BadInput, refusal_text, reporting_bad_input, words

JsonOption = Annotated[bool, typer.Option("--json", help="cli.rules.help.json")]
DiceArgument = Annotated[
    list[str] | None,
    typer.Argument(help="cli.rules.help.dice", show_default=False),
]


MAX_FILLED_CHARS = 2_000  # a card of 20 boxes by their longest labels needs well under this
MAX_LOG_CHARS = 20_000_000  # the longest match (8 players, 6 rounds) logs about 2 MB

# --- input ----------------------------------------------------------------------------------


EXAMPLE_DICE = "3 3 3 5 5"
"""The dice a refusal shows as an example of how to give them."""


def read_dice(given: Sequence[str] | None, command: str) -> Dice:
    """Dice given as five arguments, or as one ("33315", "3,3,3,1,5"); none at all is refused
    with an example of `fivedice <command>` given dice."""
    if not given or not "".join(given).strip():
        example = f"fivedice {command} {EXAMPLE_DICE}"
        raise BadInput(words().t("cli.rules.no_dice", example=example))
    return Dice.parse(" ".join(given))


def read_faces(text: str) -> tuple[int, ...]:
    """Dice values such as "6,6,6", "6 6 6" or "666" (any number of dice, maybe none)."""
    parts = text.replace(",", " ").split()
    digits = list(parts[0]) if len(parts) == 1 else parts
    if not all(d in "123456" and len(d) == 1 for d in digits):
        raise BadInput(words().t("cli.rules.bad_faces", text=repr(text)))
    return tuple(int(d) for d in digits)


def read_filled(text: str, rules: RuleSet, yahtzee_bonus: int = 0) -> Scorecard:
    """A card whose filled boxes are given as a JSON object ``{"box": points}``, refused when
    no game could fill it so (the rules say which points each box can hold)."""
    said = words()
    if len(text) > MAX_FILLED_CHARS:
        raise BadInput(said.t("cli.rules.filled.too_long", most=MAX_FILLED_CHARS, length=len(text)))
    try:
        boxes = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(
            said.t("cli.rules.filled.not_json", reason=exc.msg, position=exc.pos)
        ) from None
    example = '\'{"Chance": 22, "Yahtzee": 50}\''  # i18n: not text
    if not isinstance(boxes, dict):
        raise BadInput(said.t("cli.rules.filled.not_object", example=example))
    for name, points in boxes.items():
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise BadInput(said.t("cli.rules.filled.not_points", name=name, points=repr(points)))
    by_name = {box_name(rules, key): points for key, points in boxes.items()}
    if len(by_name) < len(boxes):
        raise BadInput(said.t("cli.rules.filled.twice"))
    card = Scorecard(rules, by_name, yahtzee_bonus)  # an unknown box name is refused here
    check_possible(rules, card.boxes, yahtzee_bonus)
    return card


def box_name(rules: RuleSet, key: str) -> str:
    """The box a --filled key means: its label as the card shows it ("Four of a kind", in any
    case, or as the command line's language names it: "Viererpasch") or its name in the JSON
    outputs ("four_of_a_kind")."""
    said = words()
    for box in rules.categories:
        named = (box.label.casefold(), said.box(box.label).casefold())
        if key in (box.name, box.label) or key.casefold() in named:
            return box.name
    labels = ", ".join(said.box(box.label) for box in rules.categories)
    title = said.preset(rules.name, rules.title)
    raise BadInput(said.t("cli.rules.no_box", title=title, key=repr(key[:40]), labels=labels))


def read_rules(name: str) -> RuleSet:
    return preset(name)


# --- output helpers ---------------------------------------------------------------------------


def console() -> Console:
    """A Rich console on the current stdout (created per command, so tests can capture it)."""
    return Console(highlight=False, soft_wrap=False)


def title_of(rules: RuleSet, said: Translator) -> str:
    """A rule set's title in the command line's language."""
    return said.preset(rules.name, rules.title)


def print_json(data: object) -> None:
    typer.echo(json.dumps(data, indent=2))


def percent(chance: Fraction, said: Translator | None = None) -> str:
    """A chance as a percentage with enough digits to tell small chances apart, written the
    language's way ("12.346%", "12,346 %")."""
    said = said or words()
    value = float(chance) * 100
    digits = 0 if chance in (0, 1) else 3 if value >= 0.1 else 5
    rounded = Decimal(f"{value:.{digits}f}")  # rounded as Python rounds, then written
    pattern = "0." + "0" * digits if digits else "0"
    written = format_decimal(rounded, format=pattern, locale=said.locale)
    return said.t("cli.rules.percent", value=written)


# --- score ------------------------------------------------------------------------------------


@app.command(help="cli.rules.help.score_command")
def score(
    dice: DiceArgument = None,
    rules: RulesOption = "official",
    filled: Annotated[
        str,
        typer.Option(
            "--filled",
            help="cli.rules.help.filled",
        ),
    ] = "{}",
    as_json: JsonOption = False,
) -> None:
    """Every box these dice may go in now, with the points each adds and the bonus it earns."""
    with reporting_bad_input():
        ruleset = read_rules(rules)
        thrown = read_dice(dice, "score")
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
    out, said = console(), words()
    if not options:
        out.print(said.t("cli.rules.score.all_filled", dice=str(thrown)))
        return
    out.print(said.t("cli.rules.score.title", dice=str(thrown), title=title_of(ruleset, said)))
    table = Table()
    table.add_column(said.t("cli.rules.column.box"))
    table.add_column(said.t("cli.rules.column.points"), justify="right")
    table.add_column(said.t("cli.rules.column.bonus"), justify="right")
    table.add_column(said.t("cli.rules.column.adds"), justify="right")
    jokers = any(o.joker for o in options)  # the note column only where a joker scores
    if jokers:
        table.add_column(said.t("cli.rules.column.note"))
    for o in options:
        box = ruleset.category(o.category)
        cells = [said.box(box.label), str(o.points), str(o.bonus) if o.bonus else "", str(o.total)]
        if jokers:
            cells.append(said.t("cli.rules.score.joker") if o.joker else "")
        table.add_row(*cells)
    out.print(table)
    if len(options) < len(card.open_categories):
        out.print(said.t("cli.rules.score.joker_forced"))


# --- rules ------------------------------------------------------------------------------------


@app.command("rules", help="cli.rules.help.rules_command")
def rules_command(
    name: Annotated[str | None, typer.Argument(help="cli.rules.help.preset")] = None,
    as_json: JsonOption = False,
) -> None:
    """List the rule-set presets, or show one: its boxes, bonuses, joker rule and source."""
    if name is None:
        if as_json:
            print_json([{"name": r.name, "title": r.title} for r in PRESETS.values()])
            return
        said = words()
        table = Table(title=said.t("cli.rules.list.title"), title_justify="left")
        table.add_column(said.t("cli.rules.column.name"))
        table.add_column(said.t("cli.rules.column.title"))
        table.add_column(said.t("cli.rules.column.boxes"), justify="right")
        for r in PRESETS.values():
            title = title_of(r, said)
            if r.name == DEFAULT_PRESET:
                title = said.t("cli.rules.list.default", title=title)
            table.add_row(r.name, title, said.number(len(r.categories)))
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
    out, said = console(), words()
    title = said.t("cli.rules.one.title", title=title_of(ruleset, said), name=ruleset.name)
    table = Table(title=title, title_justify="left")
    table.add_column(said.t("cli.rules.column.box"))
    table.add_column(said.t("cli.rules.column.scores"))
    table.add_column(said.t("cli.rules.column.max"), justify="right")
    for section in ("upper", "lower"):
        for box in ruleset.categories:
            if box.section == section:
                scores = describe_box(box, said)
                table.add_row(said.box(box.label), scores, said.number(box.max_points))
        table.add_section()
    out.print(table)
    out.print(said.t("cli.rules.one.upper_bonus", text=describe_upper_bonus(ruleset, said)))
    out.print(said.t("cli.rules.one.extra_bonus", text=describe_bonus(ruleset, said)))
    out.print(said.t("cli.rules.one.joker", text=describe_joker(ruleset, said)))
    out.print(said.t("cli.rules.one.undo", text=describe_undo(ruleset, said)))
    out.print(said.t("cli.rules.one.source", text=say(said, origin_phrase(ruleset))))


# --- odds -------------------------------------------------------------------------------------


@app.command(help="cli.rules.help.odds_command")
def odds(
    dice: DiceArgument = None,
    rules: RulesOption = "official",
    keep: Annotated[
        str,
        typer.Option(
            "--keep",
            "-k",
            help="cli.rules.help.keep",
        ),
    ] = "",
    rolls_left: Annotated[
        int | None,
        typer.Option(
            "--rolls-left",
            help="cli.rules.help.rolls_left",
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
        thrown = read_dice(dice, "odds") if dice else None
        if thrown is not None:
            rolls = 2 if rolls_left is None else rolls_left
            chances = box_chances(ruleset, thrown, held, rolls)
        elif held:
            raise BadInput(words().t("cli.rules.odds.keep_needs_dice"))
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
    said = words()
    if thrown is not None:
        kept = " ".join(map(str, held)) or said.t("cli.rules.odds.nothing")
        where = said.t("cli.rules.odds.holding", dice=str(thrown), kept=kept, count=rolls)
    else:
        where = said.t("cli.rules.odds.whole_turn", count=rolls)
    out = console()
    out.print(said.t("cli.rules.odds.title", title=title_of(ruleset, said), where=where))
    table = Table()
    table.add_column(said.t("cli.rules.column.box"))
    table.add_column(said.t("cli.rules.column.chance"), justify="right")
    table.add_column(said.t("cli.rules.column.percent"), justify="right")
    for name, chance in chances.items():
        table.add_row(said.box(ruleset.category(name).label), str(chance), percent(chance, said))
    out.print(table)
    if thrown is None and rolls == 3 and ruleset.five_of_a_kind is not None:
        chase = yahtzee_chance(ruleset)
        once = format_decimal(Decimal(f"{float(1 / chase):.1f}"), "0.0", locale=said.locale)
        out.print(
            said.t(
                "cli.rules.odds.chase",
                box=said.box(ruleset.five_of_a_kind.label),
                percent=percent(chase, said),
                once=once,
            )
        )


# --- replay -----------------------------------------------------------------------------------


def read_log(path: Path) -> list[Event]:
    """Events from a saved log: one JSON list of events, one event per line, or an object
    whose ``events`` list holds them (``GET /matches/{id}`` on the server)."""
    said = words()
    try:
        if str(path) == "-":
            text = typer.get_text_stream("stdin").read(MAX_LOG_CHARS + 1)
        else:
            with path.open(encoding="utf-8") as file:
                text = file.read(MAX_LOG_CHARS + 1)
    except (OSError, UnicodeDecodeError) as exc:
        reason = file_reason(exc, said)
        raise BadInput(said.t("cli.rules.log.unreadable", path=str(path), reason=reason)) from None
    if len(text) > MAX_LOG_CHARS:
        raise BadInput(said.t("cli.rules.log.too_long", path=str(path), most=MAX_LOG_CHARS))
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
                raise BadInput(
                    said.t(
                        "cli.rules.log.line_not_json", path=str(path), line=number, reason=exc.msg
                    )
                ) from None
    if not items:
        raise BadInput(said.t("cli.rules.log.no_events", path=str(path)))
    events: list[Event] = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise BadInput(said.t("cli.rules.log.not_object", path=str(path), event=number))
        try:
            events.append(event_from_dict(item))
        except InvalidEvent as exc:
            raise BadInput(
                said.t(
                    "cli.rules.log.bad_event",
                    path=str(path),
                    event=number,
                    reason=refusal_text(exc),
                )
            ) from None
    return events


def fold_log(path: Path, events: list[Event]) -> MatchState:
    """The state the log describes; an event that does not fit is named by its number."""
    state = fold(events[:1])
    for number, event in enumerate(events[1:], start=2):
        try:
            state = apply_event(state, event)
        except RuleError as exc:
            raise BadInput(
                words().t(
                    "cli.rules.log.refused_event",
                    path=str(path),
                    event=number,
                    type=event.type,
                    reason=refusal_text(exc),
                )
            ) from None
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


def scorecard_table(state: MatchState, round_: int, said: Translator | None = None) -> Table:
    """One round's cards side by side: every row the card shows, one column per player."""
    said = said or words()
    rounds = state.options.rounds
    title = (
        said.t("cli.rules.replay.round_of", round=round_ + 1, rounds=rounds)
        if rounds > 1
        else said.t("cli.rules.replay.scorecard")
    )
    table = Table(title=title, title_justify="left")
    table.add_column("")
    for p in state.players:
        name = p.name
        if p.status.value in ("left", "forfeited"):
            name = said.t(f"cli.rules.replay.player_{p.status.value}", name=p.name)
        table.add_column(name, justify="right")
    columns = [p.cards[round_].rows() for p in state.players]
    for i, (key, label, _) in enumerate(columns[0]):
        values = ["" if col[i][2] is None else str(col[i][2]) for col in columns]
        derived = key not in state.rules.category_names
        style = "bold" if key == "grand_total" else ("dim" if derived else None)
        table.add_row(row_label(state.rules, key, label, said), *values, style=style)
        if key in ("upper_total", "lower_total"):
            table.add_section()
    return table


def row_label(rules: RuleSet, key: str, label: str, said: Translator) -> str:
    """A row of the card as the language names it: a box by its country's name, a total or
    bonus by the command line's words."""
    if key in rules.category_names:
        return said.box(label)
    if key == "upper_bonus":
        points, threshold = rules.upper_bonus, rules.upper_bonus_threshold
        return said.t("cli.rules.row.upper_bonus", points=points, threshold=threshold)
    return said.t(f"cli.rules.row.{key}") if said.has(f"cli.rules.row.{key}") else label


def describe_outcome(state: MatchState, said: Translator | None = None) -> str:
    """How the match stands or ended, in one sentence."""
    said = said or words()
    outcome = state.outcome
    if outcome is None:
        if state.phase is Phase.WAITING:
            return said.t("cli.rules.outcome.not_started")
        active = state.player(state.active_seat).name if state.active_seat is not None else "?"
        return said.t("cli.rules.outcome.not_finished", round=state.round + 1, name=active)
    names = {p.seat: p.name for p in state.players}
    winners = outcome.winners
    if not winners:
        return said.t("cli.rules.outcome.no_winner")
    best = outcome.standings[0].total
    if len(winners) == 1:
        return said.t("cli.rules.outcome.winner", name=names[winners[0]], points=best)
    tied = ", ".join(names[s] for s in winners)
    return said.t("cli.rules.outcome.tie", points=best, names=tied)


@app.command(help="cli.rules.help.replay_command")
def replay(
    file: Annotated[
        Path,
        typer.Argument(help="cli.rules.help.log"),
    ],
    as_json: JsonOption = False,
) -> None:
    """Re-play a saved match log and print every player's scorecard and the outcome."""
    with reporting_bad_input():
        state = fold_log(file, read_log(file))
    if as_json:
        print_json(replay_json(state))
        return
    out, said = console(), words()
    title = title_of(state.rules, said)
    out.print(said.t("cli.rules.replay.title", title=title, count=len(state.players)))
    if not state.players:
        out.print(describe_outcome(state, said))
        return
    for r in range(state.options.rounds):
        out.print(scorecard_table(state, r, said))
    if state.options.rounds > 1:
        totals = Table(title=said.t("cli.rules.replay.totals"), title_justify="left")
        totals.add_column("")
        for p in state.players:
            totals.add_column(p.name, justify="right")
        for r in range(state.options.rounds):
            round_totals = (str(p.round_totals[r]) for p in state.players)
            totals.add_row(said.t("cli.rules.replay.round", round=r + 1), *round_totals)
        match_totals = (str(p.total) for p in state.players)
        totals.add_row(said.t("cli.rules.replay.match"), *match_totals, style="bold")
        out.print(totals)
    out.print(describe_outcome(state, said))
    outcome = state.outcome
    if outcome is not None:
        for s in outcome.standings:
            if s.place is not None:
                place = said.t("cli.rules.replay.place", place=s.place)
            else:
                place = said.t(f"cli.rules.replay.status_{s.status.value}")
            out.print(f"  {place:<10} {s.name:<24} {s.total:>6}")
