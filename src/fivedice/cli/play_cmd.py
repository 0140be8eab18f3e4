"""``fivedice play``: the terminal game. Textual is imported only when the command runs."""

from __future__ import annotations

import random
from dataclasses import replace

import typer
from typer._click.core import ParameterSource  # Typer vendors Click

from .app import app
from .conventions import DatabaseOption, RulesOption


@app.command(help="cli.play.help")
def play(
    ctx: typer.Context,
    player: list[str] = typer.Option(  # noqa: B008 - Typer declares options this way
        None,
        "--player",
        "-p",
        help="cli.play.player",
    ),
    computer: list[str] = typer.Option(  # noqa: B008 - Typer declares options this way
        None,
        "--computer",
        "-c",
        metavar="LEVEL",
        help="cli.play.computer",
    ),
    rules: RulesOption = "official",
    rounds: int = typer.Option(1, "--rounds", min=1, max=6, help="cli.play.rounds"),
    undo: bool = typer.Option(
        True,
        "--undo/--no-undo",
        help="cli.play.undo",
    ),
    at_once: bool = typer.Option(False, "--go", help="cli.play.go"),
    seed: int | None = typer.Option(None, "--seed", help="cli.play.seed"),
    bell: bool = typer.Option(True, "--bell/--no-bell", help="cli.play.bell"),
    database: DatabaseOption = None,
    fresh: bool = typer.Option(False, "--fresh", help="cli.play.fresh"),
) -> None:
    """Play at this terminal: 1 to 8 players take turns (hot seat), mouse or keyboard.

    With no --player and no --computer, the start screen opens with the last game's players
    and options (an option given still applies); --fresh starts from the defaults."""
    from fivedice.rules import RuleError, preset
    from fivedice.rules.match import check_name

    from ..tui import FiveDiceApp, GameSetup, SeatSetup
    from ..tui.computer import computer_levels, computer_name
    from ..tui.last_game import last_game_file, load_last_game
    from .language import cli_language, cli_translator
    from .refusals import fail, refusal_text
    from .store_errors import store_errors

    t = cli_translator()
    try:
        preset(rules)
        names = [check_name(name) for name in player or []] or ["P1"]
    except RuleError as exc:
        fail(refusal_text(exc))
    if seed is not None and seed < 0:
        fail(t.t("cli.conventions.seed_negative", seed=str(seed)))
    levels = list(computer or [])
    known = [level for _, level in computer_levels()] if levels else []
    for level in levels:
        if level not in known:
            refuse_uninstalled(level)
            fail(t.t("cli.play.unknown_level", level=repr(level), levels=", ".join(known)))
    if len(names) + len(levels) > 8:
        fail(t.t("cli.play.too_many", players=len(names) + len(levels)))
    people = [SeatSetup(name) for name in names]
    computers = [
        SeatSetup(computer_name(level, len(people) + i), level) for i, level in enumerate(levels)
    ]
    setup = GameSetup(tuple(people + computers), rules, rounds, undo)
    kept = last_game_file()
    if not player and not computer and not fresh:
        last = load_last_game(kept)
        if last is not None:
            setup = replace(
                last,
                preset=rules if given(ctx, "rules") else last.preset,
                rounds=rounds if given(ctx, "rounds") else last.rounds,
                undo_allowed=undo if given(ctx, "undo") else last.undo_allowed,
            )
    try:
        setup.validate()  # two players under one name, say: refused before any screen opens
    except RuleError as exc:
        fail(refusal_text(exc))
    with store_errors():  # the high scores' database, checked now, not after the game
        from fivedice.store import Store

        Store(database).close()
    rng = random.Random(seed) if seed is not None else None
    FiveDiceApp(
        setup,
        rng=rng,
        store_url=database,
        start_at_once=at_once,
        turn_bell=bell,
        last_game_file=kept,
        language=cli_language(),
    ).run()


def refuse_uninstalled(level: str) -> None:
    """Refuse, in one line naming the extra to install, a known level whose packages are
    missing here (the win-seeking computer without fivedice[solver])."""
    from fivedice.extras import MissingExtra
    from fivedice.strategy.players import Level

    from .refusals import fail, refusal_text

    if level in set(Level):
        try:
            Level(level).require()
        except MissingExtra as exc:
            fail(refusal_text(exc))


def given(ctx: typer.Context, name: str) -> bool:
    """Whether the option `name` was given on the command line (not left at its default)."""
    return ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE
