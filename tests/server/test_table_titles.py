"""Tables fivedice names keep their name as a kind and its values (a *title*), so each viewer
reads it in their own language; the plain name is its English words, for clients that know no
titles. Against a real server: the title comes back in the table's view, the lobby's list, the
stored match and its replay; a name typed stays as typed, with no title; a title missing a
value it needs is refused and opens nothing; a computer seat's default name is its level's
whole English name."""

from __future__ import annotations

from typing import Any

import httpx
import pytest


def create(api: httpx.Client, **body: Any) -> dict[str, Any]:
    """Open a table; its id and the host's seat."""
    made = api.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    created: dict[str, Any] = made.json()
    return created


def listed(api: httpx.Client, table_id: str) -> dict[str, Any]:
    """The table's line in the lobby's list."""
    lines = [t for t in api.get("/api/tables").json() if t["id"] == table_id]
    assert len(lines) == 1, lines
    line: dict[str, Any] = lines[0]
    return line


def test_a_titled_table_is_named_in_english_and_keeps_its_title_everywhere(
    api: httpx.Client,
) -> None:
    title = {"kind": "versus_computer", "player": "Ann", "level": "good-human"}
    table_id = create(api, title=title, host_name="Ann", seats=2, bots=[{"level": "good-human"}])[
        "table_id"
    ]
    view = api.get(f"/api/tables/{table_id}").json()
    assert view["title"] == title
    assert view["name"] == "Ann vs the computer (Good player)"
    # The computer seat's own name: its level's name, whole (not "Good Human (compute").
    assert [s["name"] for s in view["seats"]] == ["Ann", "Good player"]
    assert listed(api, table_id)["title"] == title
    # The stored match and its replay keep it.
    stored = api.get(f"/api/matches/{table_id}").json()
    assert stored["title"] == title and stored["label"] == view["name"]
    assert api.get(f"/api/matches/{table_id}/replay").json()["title"] == title


@pytest.mark.parametrize(
    ("title", "english"),
    [
        ({"kind": "pass_and_play"}, "Pass and play"),
        ({"kind": "quick_match"}, "Quick match"),
        ({"kind": "table_of", "player": "Bea"}, "Bea's table"),
    ],
)
def test_each_kind_has_its_english_name(
    api: httpx.Client, title: dict[str, str], english: str
) -> None:
    table_id = create(api, title=title, host_name="Bea", seats=3)["table_id"]
    view = api.get(f"/api/tables/{table_id}").json()
    assert (view["title"], view["name"]) == (title, english)


def test_a_typed_name_stays_as_typed_with_no_title(api: httpx.Client) -> None:
    table_id = create(api, name="Friday dice night", host_name="Cy", seats=3)["table_id"]
    view = api.get(f"/api/tables/{table_id}").json()
    assert (view["name"], view["title"]) == ("Friday dice night", None)
    assert listed(api, table_id)["title"] is None


@pytest.mark.parametrize(
    "title",
    [
        {"kind": "versus_computer", "player": "Ann"},  # no level
        {"kind": "table_of", "player": "  "},  # a blank player
        {"kind": "tournament"},  # no such kind
        {"kind": "quick_match", "colour": "red"},  # a value no title has
    ],
)
def test_a_title_missing_what_it_needs_is_refused_and_opens_nothing(
    api: httpx.Client, title: dict[str, str]
) -> None:
    before = {t["id"] for t in api.get("/api/tables").json()}
    refused = api.post("/api/tables", json={"title": title, "host_name": "Dee", "seats": 3})
    assert refused.status_code == 422, refused.text
    assert {t["id"] for t in api.get("/api/tables").json()} == before
