"""The terminal game's rules screen in the language of the environment: Swedish under
``LANG=sv_SE.UTF-8``, the boxes by Swedish names, the rules in Swedish words, at 80x24
(screenshots in test-artifacts); the start screen tells where the chosen rules come from in
Swedish too."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Select, Static
from tui_driver import AppFactory

from fivedice.i18n import translator
from fivedice.rules import preset
from fivedice.rules.describe import rules_page
from fivedice.tui.screens import RulesScreen, StartScreen

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
ENGLISH = re.compile(
    r"\b(the|of|and|any|when|where|each|none|dice|box|boxes|points|alike|pairs?|upper|"
    r"lower|score|scores|undo|rolls?|table|hold|hint|most|card|turn)\b",
    re.IGNORECASE,
)


def screen_text(screen: RulesScreen, width: int) -> str:
    """Everything the rules screen shows, as plain text at the given width."""
    console = Console(width=width, record=True, file=io.StringIO())
    for static in screen.query(Static):
        console.print(static.content)
    return console.export_text()


@pytest.fixture
def swedish(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Swedish terminal: LANG says so, nothing overrides it."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")


@pytest.mark.usefixtures("swedish")
async def test_the_rules_screen_speaks_swedish_at_80x24(make_app: AppFactory) -> None:
    app = make_app(("Ann",))
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, StartScreen)
        app.screen.query_one("#preset", Select).value = "yatzy"
        await pilot.pause()
        source = str(app.screen.query_one("#preset-source", Static).content)
        assert source.startswith("Skandinaviskt Yatzy: 15 rutor med ett och två par")
        await pilot.press("f1")
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        assert screen.page == rules_page(preset("yatzy"), translator("sv"))
        text = screen_text(screen, 200)
        assert "Yatzy (skandinaviskt)" in text
        assert "Var reglerna kommer ifrån: Skandinaviskt Yatzy: 15 rutor" in text
        for name in ("Ettor", "Ett par", "Två par", "Tretal", "Kåk", "Liten stege 1-5", "Chans"):
            assert name in text
        assert "tre av ett värde och två av ett annat" in text
        assert "50 när övre delen summerar till 63 eller mer" in text
        assert "upp till 3, med 5 tärningar" in text
        assert "Spara en tärning" in text and "R eller mellanslag" in text
        assert "Protokollet" in text and "Tärningarna måste visa" in text
        assert ENGLISH.findall(text) == []
        footer = [a.binding.description for a in screen.active_bindings.values() if a.binding.show]
        assert "Stäng" in footer and "Close" not in footer
        dialog = screen.query_one("#rules-dialog")
        assert dialog.region.right <= 80 and dialog.region.bottom <= 24
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        app.save_screenshot("tui-rules-sv-80x24.svg", path=str(ARTIFACTS))
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        app.save_screenshot("tui-rules-sv-80x24-card.svg", path=str(ARTIFACTS))
        await pilot.press("escape")
        assert isinstance(app.screen, StartScreen)
