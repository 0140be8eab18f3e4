"""A rule set's rules page: every box and what it scores, the bonuses, the joker, the turn,
in the language the client asks for."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query, Response

from fivedice.i18n import negotiate, translator
from fivedice.rules import preset
from fivedice.rules.describe import rules_page

from ..errors import refusals

router = APIRouter(prefix="/api", tags=["rules"])


def accepted_languages(header: str) -> list[str]:
    """The languages of an ``Accept-Language`` header, most wanted first (``q`` 0 left out)."""
    wanted: list[tuple[float, int, str]] = []
    for order, item in enumerate(header.split(",")[:20]):
        tag, *options = item.split(";")
        quality = 1.0
        for option in options:
            name, _, value = option.partition("=")
            if name.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0  # an unreadable weight: not wanted
        if tag.strip() and tag.strip() != "*" and quality > 0:
            wanted.append((-quality, order, tag.strip()))
    return [tag for _, _, tag in sorted(wanted)]


@router.get("/rules/{preset_name}", responses=refusals(422))
async def rules_of(
    preset_name: Annotated[str, Path(max_length=40)],
    response: Response,
    lang: Annotated[str | None, Query(max_length=35)] = None,
    accept_language: Annotated[str | None, Header(max_length=500)] = None,
) -> dict[str, Any]:
    """The rules of a preset in words, as the page's rules view shows them: where the rule
    set comes from, the dice and rolls of a turn, each box (what it needs, what it scores,
    its most), the upper bonus, the extra-Yahtzee bonus, the joker, undo, and how to play.

    The words are in ``lang`` if given, else in the first language of ``Accept-Language``
    that fivedice speaks, else English; the title and the box labels stay the rules' own
    (a client names them from its catalog: ``preset.*``, ``box.*``)."""
    response.headers["Vary"] = "Accept-Language"
    wanted = ([lang] if lang else []) + accepted_languages(accept_language or "")
    return rules_page(preset(preset_name), translator(negotiate(wanted))).to_dict()
