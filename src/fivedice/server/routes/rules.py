"""A rule set's rules page: every box and what it scores, the bonuses, the joker, the turn."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from fivedice.rules import preset
from fivedice.rules.describe import rules_page

from ..errors import refusals

router = APIRouter(prefix="/api", tags=["rules"])


@router.get("/rules/{preset_name}", responses=refusals(422))
async def rules_of(preset_name: Annotated[str, Path(max_length=40)]) -> dict[str, Any]:
    """The rules of a preset in words, as the page's rules view shows them: where the rule
    set comes from, the dice and rolls of a turn, each box (what it needs, what it scores,
    its most), the upper bonus, the extra-Yahtzee bonus, the joker, undo, and how to play."""
    return rules_page(preset(preset_name)).to_dict()
