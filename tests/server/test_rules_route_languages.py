"""``GET /api/rules/{preset}`` in the client's language: ``lang`` first, else the request's
``Accept-Language``, else English; the figures stay the rule set's own."""

from __future__ import annotations

import httpx

from fivedice.i18n import translator
from fivedice.rules import preset
from fivedice.rules.describe import rules_page
from fivedice.server.routes.rules import accepted_languages


def test_the_rules_in_german_name_kniffels_boxes(api: httpx.Client) -> None:
    answer = api.get("/api/rules/official", params={"lang": "de"})
    assert answer.status_code == 200
    page = answer.json()
    assert page == rules_page(preset("official"), translator("de")).to_dict()
    assert (
        page["extra_bonus"]["text"]
        == "100 für jeden weiteren Kniffel, solange dessen Feld 50 enthält"
    )
    assert page["joker"].startswith("Pflicht, wenn das Feld Kniffel gefüllt ist (50 oder 0)")
    assert "(Full House, Kleine Straße, Große Straße zum vollen Wert)" in page["joker"]
    assert page["upper_bonus"] == {
        "threshold": 63,
        "points": 35,
        "text": "35, wenn die oberen Felder zusammen 63 oder mehr ergeben",
    }
    full_house = next(b for b in page["boxes"] if b["name"] == "full_house")
    assert full_house["needs"] == "drei Gleiche und zwei andere Gleiche"
    assert full_house["scores"] == "25 Punkte"
    assert page["how_to_play"][0].startswith("Jeder Spieler hat einen Spielblock mit 13 Feldern")
    assert page["origin"].startswith("Die offiziellen Regeln (Hasbro)")
    # The title and the labels stay the rules' own: a client names them from its catalog.
    assert page["title"] == preset("official").title
    assert full_house["label"] == "Full house"


def test_without_lang_the_accept_language_header_chooses(api: httpx.Client) -> None:
    swedish = api.get("/api/rules/yatzy", headers={"Accept-Language": "fr;q=0.2, sv-SE, en;q=0.5"})
    assert swedish.status_code == 200
    assert swedish.json() == rules_page(preset("yatzy"), translator("sv")).to_dict()
    assert "Accept-Language" in swedish.headers["vary"]
    unknown = api.get("/api/rules/yatzy", headers={"Accept-Language": "ja, zh;q=0.9"})
    assert unknown.json() == rules_page(preset("yatzy")).to_dict()
    chosen = api.get("/api/rules/yatzy", params={"lang": "da"}, headers={"Accept-Language": "de"})
    assert chosen.json()["undo"] == translator("da").t("describe.undo.allowed")
    # A language fivedice does not speak gives way to the header.
    fallback = api.get("/api/rules/yatzy", params={"lang": "xx"}, headers={"Accept-Language": "es"})
    assert fallback.json()["extra_bonus"]["text"] == "ninguno"


def test_an_overlong_language_is_refused(api: httpx.Client) -> None:
    answer = api.get("/api/rules/official", params={"lang": "x" * 36})
    assert answer.status_code == 422 and answer.json()["code"] == "invalid_request"


def test_accept_language_is_read_by_quality_then_order() -> None:
    assert accepted_languages("de-DE,de;q=0.9,en;q=0.8") == ["de-DE", "de", "en"]
    assert accepted_languages("en;q=0.1, fr, *;q=0.5, sv;q=0") == ["fr", "en"]
    assert accepted_languages("es;q=abc, da") == ["da"]
    assert accepted_languages("") == []
