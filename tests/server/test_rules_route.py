"""``GET /api/rules/{preset}``: every preset's rules page, its figures the rule set's own."""

from __future__ import annotations

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fivedice.rules import preset, preset_names
from fivedice.rules.describe import rules_page


@settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(name=st.sampled_from(preset_names()))
def test_the_rules_route_agrees_with_the_rule_set(api: httpx.Client, name: str) -> None:
    rules = preset(name)
    answer = api.get(f"/api/rules/{name}")
    assert answer.status_code == 200
    page = answer.json()
    assert page == rules_page(rules).to_dict()
    assert page["title"] == rules.title and page["origin"] == rules.source
    assert [b["name"] for b in page["boxes"]] == [
        *(c.name for c in rules.upper_categories),
        *(c.name for c in rules.lower_categories),
    ]
    assert [b["max"] for b in page["boxes"]] == [
        rules.category(b["name"]).max_points for b in page["boxes"]
    ]
    if rules.has_upper_bonus:
        assert page["upper_bonus"]["threshold"] == rules.upper_bonus_threshold
        assert page["upper_bonus"]["points"] == rules.upper_bonus
    else:
        assert page["upper_bonus"]["points"] == 0
    expected_bonus = rules.extra_yahtzee_bonus if rules.has_extra_yahtzee_bonus else 0
    assert page["extra_bonus"]["points"] == expected_bonus
    assert "seed" not in answer.text.lower()


def test_an_unknown_or_overlong_preset_is_refused(api: httpx.Client) -> None:
    unknown = api.get("/api/rules/chess")
    assert unknown.status_code == 422 and unknown.json()["code"] == "unknown_preset"
    assert "official" in unknown.json()["message"]
    overlong = api.get("/api/rules/" + "x" * 41)
    assert overlong.status_code == 422 and overlong.json()["code"] == "invalid_request"
