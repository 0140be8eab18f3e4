"""``fivedice ratings``: a family's best ratings, and a check that recomputing every rating
from the stored logs gives the recorded numbers."""

from __future__ import annotations

from typing import Annotated

import typer

from .app import app
from .conventions import DECLINED, DatabaseOption
from .rules_cmd import check_range, fail
from .serve_cmd import LimitOption, _store_errors
from .words import count

ratings_app = typer.Typer(
    help="Ratings per rule-set family: the best, and a check from the logs.",
    no_args_is_help=True,  # as the app itself: no command shows the commands (exit code 2)
)
app.add_typer(ratings_app, name="ratings")

FAMILY_HELP = "yahtzee, yatzy, yacht or general."


@ratings_app.command("show")
def show_ratings(
    family: Annotated[str, typer.Option(help=FAMILY_HELP)] = "yahtzee",
    limit: LimitOption = 20,
    database: DatabaseOption = None,
) -> None:
    """Print a family's best current ratings (mu - 3 sigma); `?` marks a provisional one."""
    from fivedice.rules import Family
    from fivedice.store import Store, best_ratings

    check_range("--limit", limit, 1, 1000)
    try:
        chosen = Family(family)
    except ValueError:
        fail(f"No family called {family!r}; the families are {FAMILY_HELP}")
    with _store_errors():
        store = Store(database)
        try:
            lines = best_ratings(store, chosen, limit)
        finally:
            store.close()
    if not lines:
        typer.echo(f"No ratings for {chosen.label} yet.")
    for place, line in enumerate(lines, start=1):
        mark = "?" if line.rating.provisional else " "
        typer.echo(
            f"{place:>3}. {line.name:<24} {line.rating.shown:>6.1f}{mark} "
            f"{count(line.rating.games, 'game'):>10}  {line.finished_at:%Y-%m-%d}"
        )


@ratings_app.command("check")
def check_ratings(database: DatabaseOption = None) -> None:
    """Recompute every rating from the matches' logs and compare with the recorded ones; exit
    code 1 at the first difference."""
    from fivedice.ratings import recompute
    from fivedice.store import Store, rated_matches, recorded_changes

    with _store_errors():
        store = Store(database)
        try:
            recorded = recorded_changes(store)
            replayed = recompute(rated_matches(store))
        finally:
            store.close()
    for got, want in zip(recorded, replayed, strict=False):
        if got != want:
            typer.echo(f"Match {want.match_id}, {want.account_id}: recorded {got}, logs {want}")
            raise typer.Exit(DECLINED)
    if len(recorded) != len(replayed):
        typer.echo(
            f"{count(len(recorded), 'rating change')} recorded, {len(replayed):,} from the logs"
        )
        raise typer.Exit(DECLINED)
    matches = len({c.match_id for c in recorded})
    changes, rated = (
        count(len(recorded), "rating change"),
        count(matches, "rated match", "rated matches"),
    )
    typer.echo(f"{changes} in {rated}: as the logs say.")
