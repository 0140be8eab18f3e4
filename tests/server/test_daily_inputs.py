"""Any input to the daily challenge's routes (hypothesis, against a real server): days of any
shape, `before` and `limit` of any value. Each answer is a success or the API's
``{code, message}`` refusal (a malformed day 422 ``invalid_day`` or ``invalid_request``, a
future one or one before the challenge's first day 404 ``unknown_day``), never a fault, and a
refusal changes nothing."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any
from urllib.parse import quote

import httpx
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from server_process import DAILY_DAY

from fivedice.rules.daily import FIRST_DAY

days = st.one_of(
    st.dates(min_value=date(1, 1, 1), max_value=date(9999, 12, 31)).map(date.isoformat),
    st.text(alphabet="0123456789-", min_size=1, max_size=14),
    st.text(alphabet=st.characters(min_codepoint=0x21, max_codepoint=0x7E), max_size=20),
    st.sampled_from(["2026-02-30", "2026-13-01", "0000-01-01", "+2026-01-01", "2026-1-1"]),
)
limits = st.one_of(st.integers(min_value=-(2**40), max_value=2**40).map(str), st.text(max_size=8))

FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def check(answer: httpx.Response) -> dict[str, Any]:
    """A success, or a refusal with the API's body; never a fault."""
    assert answer.status_code < 500, answer.text
    body: dict[str, Any] = answer.json()
    if answer.status_code >= 400:
        assert isinstance(body["code"], str) and isinstance(body["message"], str), body
    return body


def expected(day: str) -> int:
    """The status a well-behaved server gives the day: only YYYY-MM-DD is a day (Python's
    fromisoformat also reads other ISO forms, such as 0001010100)."""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", day):
        return 422
    try:
        when = date.fromisoformat(day)
    except ValueError:
        return 422
    return 404 if when > DAILY_DAY or when < FIRST_DAY else 200


@FUZZ
@given(day=days)
def test_any_day(api: httpx.Client, day: str) -> None:
    before = check(api.get("/api/daily"))
    path = quote(day, safe="")
    answer = api.get(f"/api/daily/{path}")
    if "/" in day or day in (".", "..") or not day:
        return  # another route (or none) by the URL's own rules
    if day == "days":
        return  # another route: the list of days (GET /api/daily/days)
    body = check(answer)
    want = expected(day)
    assert answer.status_code == want, (day, body)
    if want == 404:
        assert body["code"] == "unknown_day"
    if want == 422:
        assert body["code"] in ("invalid_day", "invalid_request")
    if want == 200:
        assert body["day"] == day and body["over"] == (date.fromisoformat(day) < DAILY_DAY)
    result = api.get(f"/api/daily/{path}/result")
    check(result)
    assert result.status_code in (401, 404, 422)
    assert check(api.get("/api/daily"))["players"] == before["players"]


def limit_in_range(text: str) -> bool:
    """Whether the server takes `text` as a page of days: a whole number from 1 to 60, white
    space around it allowed (str.strip takes more for white space than int does: '0\\x1f')."""
    if not text.strip().lstrip("+-").isdigit():
        return False
    try:
        return 1 <= int(text) <= 60
    except ValueError:
        return False


@FUZZ
@given(before=st.one_of(st.none(), days), limit=st.one_of(st.none(), limits))
@example(before=None, limit="0\x1f")  # found by hypothesis: str.strip and int differ on it
@example(before=None, limit="5\x1f")
@example(before=None, limit=" 5 ")
def test_any_list_of_days(api: httpx.Client, before: str | None, limit: str | None) -> None:
    params = {k: v for k, v in {"before": before, "limit": limit}.items() if v is not None}
    answer = api.get("/api/daily/days", params=params)
    body = check(answer)
    good_limit = limit is None or limit_in_range(limit)
    good_before = before is None or expected(before) != 422
    if not (good_limit and good_before):
        assert answer.status_code == 422, (params, body)
        return
    assert answer.status_code == 200, (params, body)
    shown = [date.fromisoformat(d["day"]) for d in body["days"]]
    assert len(shown) <= (int(limit) if limit is not None else 30)
    assert shown == sorted(shown, reverse=True)
    last = (
        DAILY_DAY
        if before is None
        else min(DAILY_DAY, date.fromisoformat(before) - timedelta(days=1))
    )
    assert all(FIRST_DAY <= d <= last for d in shown)
    if before is None:
        assert shown[0] == DAILY_DAY
