"""The terminal game in the player's language: a whole game by keyboard in Swedish at 80x24,
every screen in Swedish words with no English left and nothing cut; and in every language the
start, match and results screens fit 80x24 (German and Portuguese are the long ones)."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.measure import Measurement
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Button, Label, Static
from tui_driver import fast_forward, match_of, play_turn

from fivedice.i18n import LANGUAGES, SOURCE, catalog, translator
from fivedice.rules import RuleError, preset
from fivedice.rules.daily import DailyDice, preset_of_day
from fivedice.store import Store
from fivedice.strategy.daily import optimal_game
from fivedice.tui import FiveDiceApp, GameSetup, SeatSetup
from fivedice.tui.computer import computer_levels
from fivedice.tui.daily import DailyApp, daily_title
from fivedice.tui.screens import MatchScreen, ResultsScreen, StartScreen
from fivedice.tui.screens.daily_results import DailyResultsScreen, turns_table
from fivedice.tui.widgets import ScoreCell
from fivedice.tui.widgets.scorecard import row_layout
from fivedice.tui.words import decimal, english, refusal, signed

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SMALL = (80, 24)
WORD = re.compile(r"[^\W\d_]{3,}")
# Areas of the catalogs the terminal game shows (the rules screen has its own test).
SHOWN = ("tui.", "box.", "preset.", "level.")


def screen_text(app: FiveDiceApp) -> str:
    """Every character on the terminal now, line by line (what a screenshot shows)."""
    console = Console(
        width=app.size.width,
        height=app.size.height,
        file=io.StringIO(),
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


def words_of(lang: str) -> set[str]:
    """The words of a language's catalog."""
    found: set[str] = set()
    for message in catalog(lang).values():
        for text in message.values() if isinstance(message, dict) else [message]:
            found.update(WORD.findall(re.sub(r"\{[a-z_]+\}|\[/?b\]", " ", text)))
    return found


def english_only_words(lang: str) -> set[str]:
    """The English words of the game's texts that `lang`'s catalog never uses."""
    english: set[str] = set()
    for key, message in catalog(SOURCE).items():
        if key.startswith(SHOWN):
            for text in message.values() if isinstance(message, dict) else [message]:
                english.update(WORD.findall(re.sub(r"\{[a-z_]+\}|\[/?b\]", " ", text)))
    return english - words_of(lang)


def on_screen(app: FiveDiceApp, widget: Widget) -> bool:
    """Whether the widget is shown and drawn (not scrolled out of its container's view)."""
    return widget.display and widget.visible and widget.region.area > 0


def assert_nothing_cut(app: FiveDiceApp) -> None:
    """Every one-line text on screen (labels, buttons, the card's row names, the turn line, the
    footer's keys) is shown whole, inside the terminal, none over another."""
    screen = Region(0, 0, *app.size)
    texts: list[tuple[Widget, str]] = []
    for label in app.screen.query(Label):
        texts.append((label, str(label.content)))
    for button in app.screen.query(Button):
        texts.append((button, str(button.label)))
    for cell in app.screen.query(ScoreCell):
        texts.append((cell, str(cell.content)))
    for selector in ("#turn", "#round-info", "#title", ".head-cell", "#start-title"):
        texts.extend((s, str(s.content)) for s in app.screen.query(selector).results(Static))
    for widget, text in texts:
        if not on_screen(app, widget) or not text or "\n" in text:
            continue
        width = widget.content_region.width
        assert width >= cell_len(text.replace("[b]", "").replace("[/]", "")), (
            f"{text!r} is cut to {width} columns"
        )
        region = widget.region
        if region.y >= 0 and region.bottom <= screen.bottom:  # not scrolled out of view
            assert screen.contains_region(region), f"{text!r} runs off the terminal"
    for panel in app.screen.query("#ranking, #high-scores"):  # tables, side by side or not
        assert panel.region.right <= screen.right, f"#{panel.id} runs off the terminal"
    keys = [k for k in app.screen.query("FooterKey") if on_screen(app, k)]
    for key in keys:
        assert screen.contains_region(key.region), f"the key {key.region} runs off the line"
        assert not any(key.region.overlaps(k.region) for k in keys if k is not key)


def app_in(lang: str, store: Store, names: tuple[str, ...], **setup: object) -> FiveDiceApp:
    game = GameSetup.from_names(list(names), **setup)  # type: ignore[arg-type]
    return FiveDiceApp(game, rng=random.Random(14), store=store, language=lang)


@pytest.mark.slow
async def test_a_whole_game_in_swedish_by_keyboard_at_80x24(store: Store) -> None:
    app = app_in("sv", store, ("Sven",))
    sv = translator("sv")
    seen: list[str] = []
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert_nothing_cut(app)
        start = screen_text(app)
        assert "nytt spel" in start and "Omgångar" in start and "Yahtzee (officiella" in start
        seen.append(start)
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        match = match_of(app)

        await pilot.press("1")  # nothing to hold before the first roll: refused in Swedish
        await pilot.pause()
        assert sv.t("error.invalid_hold.no_dice") in screen_text(app)
        turn = 0
        while not match.state.is_finished:
            await pilot.press("r")
            if turn == 0:
                await pilot.press("r", "r", "r")  # a fourth roll: refused in Swedish
                await pilot.pause()
                assert sv.t("error.no_rolls_left") in screen_text(app)
            await pilot.pause()
            allowed = {o.category for o in match.state.score_options()}
            boxes = [b for b in screen.open_boxes() if b in allowed]
            target = boxes[-1] if turn % 2 == 0 else boxes[0]  # far down, then far up
            assert screen.cursor is not None
            steps = screen.open_boxes().index(target) - screen.open_boxes().index(screen.cursor)
            await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps))
            await pilot.pause()
            seen.append(screen_text(app))
            assert_nothing_cut(app)
            if turn == 3:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                app.save_screenshot("match-sv-game-80x24.svg", path=str(ARTIFACTS))
            await pilot.press("enter")
            await pilot.pause()
            if not match.state.is_finished:
                said = screen_text(app)
                assert f"Sven fick {match.state.card(0).boxes[target]} i" in said
            turn += 1
        await pilot.pause()
        assert turn == 13 and isinstance(app.screen, ResultsScreen)
        assert_nothing_cut(app)
        results = screen_text(app)
        seen.append(results)
        total = match.state.players[0].total
        assert "Spelet är slut" in results and f"Sven slutade på {total} poäng." in results
        app.save_screenshot("results-sv-game-80x24.svg", path=str(ARTIFACTS))

    shown = "\n".join(seen)
    for words in ("Kåk", "Liten stege", "Stor stege", "Chans", "Tretal", "Yatzy", "Ettor"):
        assert words in shown, f"{words!r} is not on the Swedish card"
    for words in ("Slå", "Spara", "Fyll i", "Lämna", "Avsluta", "Slag ●", "Tur "):
        assert words in shown, f"{words!r} is not on the Swedish match screen"
    english = english_only_words("sv")
    assert {"Roll", "Full", "turn", "Upper", "Large"} <= english  # the check can fail
    left = {w for w in english if re.search(rf"\b{re.escape(w)}\b", shown)}
    assert left == set(), f"English left on the Swedish screens: {sorted(left)}"


@pytest.mark.parametrize("lang", list(LANGUAGES))
async def test_every_screen_fits_80x24_in_every_language(lang: str, store: Store) -> None:
    app = app_in(lang, store, ("Annabel", "Bartholomew"), rounds=2)
    words = translator(lang)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert_nothing_cut(app)
        assert words.t("tui.start.players") in screen_text(app)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        app.save_screenshot(f"start-{lang}-80x24.svg", path=str(ARTIFACTS))
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("r", "2")  # a die held: its mark under it
        await pilot.pause()
        assert_nothing_cut(app)
        text = screen_text(app)
        assert words.t("tui.dice.held") in text
        assert words.t("tui.match.round_turn", round=1, rounds=2, turn=1, turns=13) in text
        assert words.t("tui.key.score") in text and words.t("tui.key.leave") in text
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        app.save_screenshot(f"match-{lang}-80x24.svg", path=str(ARTIFACTS))
        await pilot.press("escape")  # the question before leaving, then staying
        await pilot.pause()
        assert_nothing_cut(app)
        asked = screen_text(app)  # the question wraps inside the dialog's frame
        assert all(word in asked for word in words.t("tui.match.leave_question").split())
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, MatchScreen)
        await pilot.press("end")  # the card's last rows, the totals
        await pilot.pause()
        assert_nothing_cut(app)
        assert words.t("tui.card.match_total", count=2) in screen_text(app)

        fast_forward(app, turns_left=1)
        await play_turn(pilot, app, "keys")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert_nothing_cut(app)
        text = screen_text(app)
        assert words.t("tui.results.title") in text and words.t("tui.results.ranking") in text
        app.save_screenshot(f"results-{lang}-80x24.svg", path=str(ARTIFACTS))
        app.screen.query_one("#results-buttons").scroll_visible(animate=False)
        await pilot.pause()
        buttons = list(app.screen.query("#results-buttons Button"))
        assert len(buttons) == 5
        for button in buttons:  # all five in one row, inside the terminal
            assert Region(0, 0, *app.size).contains_region(button.region), button.label
        assert len({button.region.y for button in buttons}) == 1
        assert_nothing_cut(app)
        app.save_screenshot(f"results-buttons-{lang}-80x24.svg", path=str(ARTIFACTS))


async def test_the_language_comes_from_the_environment(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "de_DE")
    app = FiveDiceApp(GameSetup.from_names(["Ann"]), rng=random.Random(1), store=store)
    assert app.language == "de"
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert "Spieler" in screen_text(app) and "Players" not in screen_text(app)
    assert FiveDiceApp(language="fr").words.t("tui.key.quit") == "Quitter"


@pytest.mark.parametrize(
    ("lang", "day"), [("de", date(2026, 11, 24)), ("pt-BR", date(2026, 11, 22))]
)
async def test_the_daily_game_fits_80x24_in_german_and_portuguese(
    lang: str, day: date, tmp_path: Path
) -> None:
    """The day's header above the dice, then the comparison turn by turn, in the long
    languages (Tuesday's official rules, Sunday's Yatzy)."""
    dice = DailyDice(day, preset_of_day(day), bytes(range(32)))
    words = translator(lang)
    app = DailyApp(dice, "Ann", turn_bell=False, save_dir=tmp_path, language=lang)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        title = app.screen.query_one("#title", Static)
        assert str(title.content).startswith(words.t("tui.daily.title", day="", rules="")[:8])
        assert title.region.height == 1 and title.region.right <= SMALL[0]
        assert words.t("tui.daily.first_word") in " ".join(screen_text(app).split())
        assert_nothing_cut(app)
        app.finish_match(optimal_game(dice))  # the day's dice played as the optimal player
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DailyResultsScreen) and screen.comparison is not None
        turns = screen.query_one("#daily-turns", Static)
        assert turns.region.right <= screen.query_one("#results").content_region.right
        drawn = "\n".join(line.text for line in turns.render_lines(turns.region.reset_offset))
        assert "…" not in drawn  # a long box name wraps in its column, never cut
        for turn in screen.comparison.turns:
            assert all(w in drawn for w in words.box(turn.you.label).split())
        table = turns_table(screen.comparison, words)
        if lang == "de":  # Kniffel's names fit on one line
            needed = Measurement.get(app.console, app.console.options, table).maximum
            assert turns.region.width >= needed
        assert words.t("tui.daily.mark.perfect") in drawn
        assert words.t("tui.daily.turn_by_turn") in drawn
        assert words.t("tui.daily.no_slip") in str(screen.query_one("#daily-costliest").render())
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        app.save_screenshot(f"daily-results-{lang}-80x24.svg", path=str(ARTIFACTS))


def refusals_met() -> list[Exception]:
    """The rules' refusals a player meets at the terminal, raised by real matches and set-ups."""
    found: list[Exception] = []

    def refused(intent: Callable[[], object]) -> None:
        with pytest.raises(RuleError) as caught:
            intent()
        found.append(caught.value)

    match = GameSetup.from_names(["Ann", "Bob"]).new_match(random.Random(3))
    refused(lambda: match.hold(0, [1]))  # no dice yet
    refused(lambda: match.score(0, "chance"))  # not rolled
    refused(lambda: match.undo(0))  # nothing to undo
    refused(lambda: match.roll(1))  # Ann's turn, not Bob's
    for _ in range(3):
        match.roll(0)
    refused(lambda: match.roll(0))  # a fourth roll
    match.score(0, "chance")
    refused(lambda: match.undo(1))  # Ann scored, not Bob
    match.roll(1)
    match.score(1, "ones")
    match.roll(0)
    refused(lambda: match.score(0, "chance"))  # filled
    strict = GameSetup.from_names(["Ann"], undo_allowed=False).new_match(random.Random(3))
    strict.roll(0)
    strict.score(0, "ones")
    refused(lambda: strict.undo(0))  # no undo at this table
    refused(GameSetup.from_names(["Ann", "ANN"]).validate)
    refused(GameSetup.from_names([f"P{i}" for i in range(9)]).validate)
    refused(GameSetup((SeatSetup("Rookie", "beginner"), SeatSetup("Ann"))).validate)
    return found


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != SOURCE])
def test_the_rules_refusals_are_shown_in_the_players_words(lang: str) -> None:
    words = translator(lang)
    met = refusals_met()
    assert len(met) == 11
    for error in met:
        said = refusal(words, error)
        assert said != str(error), f"{str(error)!r} is shown in English"
        assert refusal(english(), error) == str(error)  # the English is the rules' own
    filled = next(e for e in met if str(e).endswith("is already filled"))
    assert refusal(words, filled) == words.t(
        "error.box_already_filled", box_label=words.box("Chance")
    )
    assert refusal(words, "Something the catalog does not know") == (
        "Something the catalog does not know"
    )


def test_the_card_the_day_and_the_numbers_in_german() -> None:
    de = translator("de")
    rows = dict(row_layout(preset("official"), 2, de))
    assert rows["ones"] == "Einser" and rows["yahtzee"] == "Kniffel"
    assert rows["upper_bonus"] == "Bonus (35 ab 63)" and rows["yahtzee_bonus"] == "Kniffel-Bonus"
    assert rows["match_total"] == "Partie gesamt (2 Runden)"
    title = daily_title(date(2026, 11, 22), de.preset("yatzy", ""), de)
    assert title == "Tagesaufgabe · Sonntag, 22. Nov. 2026 · Yatzy (skandinavisch)"
    assert decimal(de, 12.34) == "12,3" and decimal(english(), 1234.56) == "1,234.6"
    assert signed(de, 5) == "+5" and signed(de, -1234) == "-1.234"
    assert computer_levels(de)[0] == ("Computer: Anfänger", "beginner")


@pytest.mark.parametrize("lang", list(LANGUAGES))
async def test_every_computer_level_is_named_whole_on_the_start_screen(
    lang: str, store: Store
) -> None:
    words = translator(lang)
    levels = computer_levels(words)
    assert levels  # the strategy package offers computer players
    seats = (SeatSetup("Ann"), *(SeatSetup(f"C{i}", level) for i, (_, level) in enumerate(levels)))
    app = FiveDiceApp(GameSetup(seats), store=store, language=lang)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        for label, _level in levels:
            assert label in shown, f"{label!r} is cut on the start screen"
        assert words.t("tui.start.human") in shown
        assert_nothing_cut(app)
