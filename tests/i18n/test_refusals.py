"""Every refusal speaks every language: each place the rules core, the server or the store
makes a rules error or a refusal (found by reading their source) gives a code and params
whose key every catalog has, with every placeholder filled, whatever the values are.

The sites are read from the source, so a new ``raise NotHost(reason="...")`` is checked
without touching this file; hypothesis then makes the errors with values of every kind.
"""

from __future__ import annotations

import ast
import inspect
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fivedice.rules.daily
import fivedice.rules.errors
import fivedice.server.errors
from fivedice.i18n import LANGUAGES, PLACEHOLDER, SOURCE, catalog, translator
from fivedice.i18n.errors import error_key, error_text
from fivedice.rules import RuleError
from fivedice.server.errors import Answer, Forwarded, Refusal, answer, invalid_request

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "fivedice"
FOLDERS = ("rules", "server", "store", "tui")


def error_classes() -> dict[str, type[RuleError] | type[Refusal]]:
    """Every rules error and refusal type, by class name."""
    found: dict[str, Any] = {}
    for module in (fivedice.rules.errors, fivedice.rules.daily, fivedice.server.errors):
        for name, value in vars(module).items():
            if inspect.isclass(value) and issubclass(value, RuleError | Refusal):
                found[name] = value
    found.pop("Forwarded")  # another node's answer, carried as it came
    return found


CLASSES = error_classes()


@dataclass(frozen=True)
class Site:
    """One place an error is made: its type, code, reason (None where it has none; "*" where
    the code computes it) and the names of the params it gives."""

    where: str
    kind: str
    code: str
    reason: str | None
    params: tuple[str, ...]


def sites() -> Iterator[Site]:
    """Every call that makes a rules error or a refusal, in the rules core, server, store and
    terminal game."""
    for folder in FOLDERS:
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            tree = ast.parse(path.read_text("utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                    continue
                kind = CLASSES.get(node.func.id)
                if kind is None or node.args:
                    continue
                keywords = {k.arg: k.value for k in node.keywords if k.arg is not None}
                code = kind.code
                if isinstance(keywords.get("code"), ast.Constant):
                    code = keywords["code"].value  # type: ignore[union-attr]
                reason_node = keywords.get("reason")
                reason = None
                if reason_node is not None:
                    constant = isinstance(reason_node, ast.Constant)
                    reason = reason_node.value if constant else "*"  # type: ignore[union-attr]
                names = tuple(
                    sorted(k for k in keywords if k not in ("code", "reason", "retry_after"))
                )
                where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
                yield Site(where, node.func.id, code, reason, names)


SITES = list(sites())


def keys_of(site: Site) -> list[str]:
    """The catalog keys a site can use (for a computed reason: each of its code's reasons
    whose placeholders the site gives)."""
    english = catalog(SOURCE)
    if site.reason != "*":
        return [error_key(site.code, {"reason": site.reason})]
    prefix = f"error.{site.code}."
    return [
        k
        for k in english
        if k.startswith(prefix) and placeholders(english[k]) <= {*site.params, "count"}
    ]


def placeholders(message: Any) -> set[str]:
    """The placeholders of a text (any of its plural forms)."""
    forms = message.values() if isinstance(message, dict) else [message]
    return {name for form in forms for name in PLACEHOLDER.findall(form)}


def test_the_sites_are_found() -> None:
    """The scan sees the errors this file means to check (so it cannot pass on nothing)."""
    codes = {s.code for s in SITES}
    assert {"box_already_filled", "not_your_turn", "invalid_options", "stale"} <= codes
    assert {"unknown_table", "rate_limited", "invalid_message", "name_taken"} <= codes
    assert len(SITES) > 120


@pytest.mark.parametrize("site", SITES, ids=lambda s: s.where)
def test_every_site_names_a_key_every_catalog_has(site: Site) -> None:
    keys = keys_of(site)
    assert keys, f"{site.where}: no error.{site.code}.* key fits the params {site.params}"
    for lang in LANGUAGES:
        messages = catalog(lang)
        for key in keys:
            assert key in messages, f"{lang} lacks {key} ({site.where})"
            missing = placeholders(messages[key]) - {*site.params, "count"}
            assert not missing, f"{lang}'s {key} needs {missing}, {site.where} gives {site.params}"


def test_every_error_key_is_used() -> None:
    """No key is left over from a refusal that is gone (or misspelt where it is made)."""
    used = {k for s in SITES for k in keys_of(s)}
    besides = {"error.store_unavailable", "error.internal.http", "error.internal.message"}
    besides |= {"error.not_found", "error.method_not_allowed", "error.bad_request"}
    besides |= {"error.offline", "error.server_answered"}  # the page's own
    english = [k for k in catalog(SOURCE) if k.startswith("error.")]
    left = [k for k in english if k not in used | besides and ".invalid_request" not in k]
    assert left == []


# Any values at all ------------------------------------------------------------------------------

scalars = st.one_of(
    st.integers(-(10**9), 10**9),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=30),
    st.booleans(),
)
labels = st.sampled_from(["Fours", "Chance", "Four of a kind (Q)", "Yahtzee", "No such box"])


def value_for(name: str) -> st.SearchStrategy[Any]:
    """Values a param of this name may hold (lists for a list of boxes; counts are counts)."""
    if name == "box_labels":
        return st.lists(labels, max_size=4)
    if name == "box_label":
        return st.one_of(labels, st.text(max_size=20))
    if name == "count":
        return st.integers(0, 10**7)
    return scalars


@st.composite
def made_errors(draw: st.DrawFn) -> tuple[Site, str, BaseException]:
    """A site, one of its keys, and its error made with drawn values."""
    site = draw(st.sampled_from(SITES))
    key = draw(st.sampled_from(keys_of(site)))
    reason = key.removeprefix(f"error.{site.code}").removeprefix(".") or None
    names = {*site.params, *placeholders(catalog(SOURCE)[key])}
    params = {name: draw(value_for(name)) for name in sorted(names)}
    if site.kind == "Refusal":
        error: BaseException = Refusal(code=site.code, reason=reason, **params)
    else:
        error = CLASSES[site.kind](reason=reason, **params)
    return site, key, error


@settings(max_examples=400, deadline=None)
@given(made_errors(), st.sampled_from(sorted(LANGUAGES)))
def test_any_refusal_reads_in_every_language(
    made: tuple[Site, str, BaseException], lang: str
) -> None:
    site, key, error = made
    told = answer(error)
    body = told.body()
    assert set(body) == {"code", "params", "message"}
    assert body["code"] == site.code and error_key(body["code"], body["params"]) == key
    assert body["message"] == error_text(body["code"], body["params"])
    assert json.loads(json.dumps(body)) == body
    # What a client does: the key from its catalog, the values in place (no key or value
    # missing raises), and what the page and the faces show: boxes in the language's words.
    assert isinstance(translator(lang).t(key, **body["params"]), str)
    assert isinstance(error_text(body["code"], body["params"], lang), str)


def test_a_filled_box_reads_in_each_language_in_its_own_words() -> None:
    from fivedice.rules import BoxAlreadyFilled

    error = BoxAlreadyFilled(box="fours", box_label="Fours")
    assert str(error) == "Fours is already filled"
    assert error.params == {"box": "fours", "box_label": "Fours"}
    assert error_text(error.code, error.params, "de") == "In Vierer steht schon etwas"
    assert error_text(error.code, error.params, "sv") == "Fyror är redan ifylld"
    assert error_text(error.code, error.params, "fr") == "La case Quatre est déjà remplie"


def test_a_rules_error_keeps_its_code_and_params_when_copied() -> None:
    import copy
    import pickle

    from fivedice.rules import NotYourTurn

    error = NotYourTurn(name="Ann")
    for again in (copy.copy(error), pickle.loads(pickle.dumps(error))):
        assert type(again) is NotYourTurn and str(again) == "It is Ann's turn"
        assert again.code == "not_your_turn" and again.params == {"name": "Ann"}


def test_the_codes_are_the_class_names_in_snake_case() -> None:
    """Programs branch on the codes: they stay what the class names made them."""
    for name, kind in CLASSES.items():
        if issubclass(kind, RuleError) and name != "RuleError":
            assert kind.code == re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower(), name
    assert RuleError.code == "rule"


def test_another_nodes_refusal_keeps_its_params() -> None:
    carried = Forwarded("table_full", {"seats": 4}, "All 4 seats are taken", 409)
    assert answer(carried) == Answer(409, "table_full", {"seats": 4}, "All 4 seats are taken")


def test_a_field_problem_names_its_field_and_kind() -> None:
    params, message = invalid_request(
        [
            {
                "type": "string_too_long",
                "loc": ("body", "name"),
                "msg": "String should have at most 40 characters",
                "ctx": {"max_length": 40},
            }
        ]
    )
    assert params == {"reason": "string_too_long", "field": "name", "count": 40}
    assert message == "name: String should have at most 40 characters"
    assert error_text("invalid_request", params, "de") == "name: höchstens 40 Zeichen"
    # A kind the catalogs do not word keeps pydantic's words, as a value.
    params, message = invalid_request(
        [{"type": "uuid_parsing", "loc": ("query", "id"), "msg": "Input should be a UUID"}]
    )
    assert params == {"reason": "other", "field": "query.id", "problem": "Input should be a UUID"}
    assert message == "query.id: Input should be a UUID"


def test_numbers_read_as_the_server_has_always_written_them() -> None:
    """No grouping in a refusal's numbers (a limit, an event number); the decimal sign is the
    language's."""
    from fivedice.rules import MatchOptions

    with pytest.raises(RuleError) as refused:
        MatchOptions(absent_after_seconds=5000.5)
    assert str(refused.value) == "A player may be away 10 to 3600 seconds, not 5000.5"
    params = refused.value.params
    assert error_text("invalid_options", params, "de").endswith(
        "10 bis 3600 Sekunden weg sein, nicht 5000,5"
    )
    assert str(Refusal(code="too_large", most=8192)) == "Messages are at most 8192 bytes"
    stale = Refusal(code="stale", seen=1234, now=1240)
    assert stale.message == "The table has moved on since event 1234 (now 1240): look again"
    assert stale.params == {"seen": 1234, "now": 1240}  # numbers stay numbers for clients
