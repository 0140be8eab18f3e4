"""``fivedice ratings``: a family's best ratings, and a check that recomputing every rating
from the stored logs gives the recorded numbers."""

from __future__ import annotations

from typing import Annotated

import typer

from .app import app
from .conventions import DECLINED, DatabaseOption, LimitOption
from .language import cli_translator
from .refusals import check_range, fail
from .store_errors import store_errors
from .words import count, day, fixed

ratings_app = typer.Typer(
    help="cli.ratings.help",
    no_args_is_help=True,  # as the app itself: no command shows the commands (exit code 2)
)
app.add_typer(ratings_app, name="ratings")


@ratings_app.command("show", help="cli.ratings.show.help")
def show_ratings(
    family: Annotated[str, typer.Option(help="cli.ratings.show.family")] = "yahtzee",
    limit: LimitOption = 20,
    database: DatabaseOption = None,
) -> None:
    """Print a family's best current ratings (mu - 3 sigma); `?` marks a provisional one."""
    from fivedice.rules import Family
    from fivedice.store import Store, best_ratings

    t = cli_translator()
    check_range("--limit", limit, 1, 1000)
    try:
        chosen = Family(family)
    except ValueError:
        fail(t.t("cli.ratings.show.unknown_family", family=repr(family)))
    with store_errors():
        store = Store(database)
        try:
            lines = best_ratings(store, chosen, limit)
        finally:
            store.close()
    if not lines:
        label = f"family.{chosen.value}"
        typer.echo(
            t.t("cli.ratings.show.none", family=t.t(label) if t.has(label) else chosen.label)
        )
    for place, line in enumerate(lines, start=1):
        mark = "?" if line.rating.provisional else " "
        rating, games = fixed(line.rating.shown, 1, t), count(line.rating.games, "game", t=t)
        typer.echo(
            f"{place:>3}. {line.name:<24} {rating:>6}{mark} {games:>10}  {day(line.finished_at, t)}"
        )


@ratings_app.command("check", help="cli.ratings.check.help")
def check_ratings(database: DatabaseOption = None) -> None:
    """Recompute every rating from the matches' logs and compare with the recorded ones; exit
    code 1 at the first difference."""
    from fivedice.ratings import recompute
    from fivedice.store import Store, rated_matches, recorded_changes

    with store_errors():
        store = Store(database)
        try:
            recorded = recorded_changes(store)
            replayed = recompute(rated_matches(store))
        finally:
            store.close()
    t = cli_translator()
    for got, want in zip(recorded, replayed, strict=False):
        if got != want:
            typer.echo(
                t.t(
                    "cli.ratings.check.differs",
                    match=want.match_id,
                    account=str(want.account_id),
                    recorded=str(got),
                    logs=str(want),
                )
            )
            raise typer.Exit(DECLINED)
    if len(recorded) != len(replayed):
        typer.echo(
            t.t("cli.ratings.check.counts_differ", count=len(recorded), from_logs=len(replayed))
        )
        raise typer.Exit(DECLINED)
    matches = len({c.match_id for c in recorded})
    changes, rated = count(len(recorded), "rating_change", t=t), count(matches, "rated_match", t=t)
    typer.echo(t.t("cli.ratings.check.as_logged", changes=changes, matches=rated))
