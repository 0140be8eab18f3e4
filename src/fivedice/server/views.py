"""What clients see: the table view built from the committed state, and the messages that
carry it. Plain dicts on this hot path; ``protocol`` holds the models they follow.

Score options come from the rules core (``MatchState.score_options``): the server never
computes a score itself.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from fivedice.rules import Event, Outcome, RuleSet

from .protocol import PROTOCOL_VERSION
from .table import Table


def table_view(table: Table, chat_lines: int = 50, now: float | None = None) -> dict[str, Any]:
    """The table as every client draws it."""
    s = table.state
    host = s.host
    undo = s.undo_point
    options = s.options
    seats = []
    for p in s.players:
        cards = [table.card_dict(p.seat, i, card) for i, card in enumerate(p.cards)]
        seats.append(
            {
                "seat": p.seat,
                "name": p.name,
                "bot": p.bot,
                "status": p.status.value,
                "connected": p.bot is not None or table.is_connected(p.seat),
                "host": p.seat == host,
                "cards": cards,
                "total": sum(card["grand_total"] for card in cards),
            }
        )
    clock = None
    if options.clock_seconds is not None:
        clock = {
            "seconds_per_hand": options.clock_seconds,
            "seat": s.active_seat,
            "deadline": table.deadline,
            "timeout_rule": options.timeout_rule.value,
        }
    return {
        "id": table.id,
        "name": table.name,
        "listed": table.listed,
        "preset": s.rules.name,
        "options": table.options_dict,
        "phase": s.phase.value,
        "seq": table.seq,
        "host": host,
        "seats": seats,
        "order": list(s.order),
        "active_seat": s.active_seat,
        "round": s.round,
        "dice": list(s.dice) if s.dice is not None else None,
        "held": list(s.held),
        "rolls_left": s.rolls_left if s.active_seat is not None else 0,
        "score_options": [
            {"category": o.category, "points": o.points, "bonus": o.bonus, "joker": o.joker}
            for o in s.score_options()
        ],
        "undo": (
            {"seat": undo.seat, "category": undo.category}
            if undo is not None and options.undo_allowed
            else None
        ),
        "clock": clock,
        "chat": [
            {"author": c.author, "text": c.text, "seat": c.seat}
            for c in s.chat[-chat_lines:]
            if chat_lines > 0
        ],
        "spectators": [sp.name for sp in table.spectators.values()],
        "outcome": outcome_view(s.outcome),
        "roll_off": [[list(pair) for pair in rnd] for rnd in s.roll_off],
        "server_time": time.time() if now is None else now,
    }


def outcome_view(outcome: Outcome | None) -> dict[str, Any] | None:
    """A finished match's standings and winners."""
    if outcome is None:
        return None
    return {
        "standings": [
            {
                "seat": st.seat,
                "name": st.name,
                "total": st.total,
                "place": st.place,
                "status": st.status.value,
            }
            for st in outcome.standings
        ],
        "winners": list(outcome.winners),
    }


def event_views(numbered: Iterable[tuple[int, Event]]) -> list[dict[str, Any]]:
    """Events as sent to clients: each with its sequence number."""
    return [{"seq": seq, **event.to_dict()} for seq, event in numbered]


def update_message(
    table: Table, events: Iterable[tuple[int, Event]], chat_lines: int = 50
) -> dict[str, Any]:
    """An ``update``: new events and the table as it now stands."""
    return {
        "type": "update",
        "seq": table.seq,
        "events": event_views(events),
        "table": table_view(table, chat_lines),
    }


def categories_view(rules: RuleSet) -> list[dict[str, str]]:
    """The rule set's boxes in card order, with the labels to print."""
    return [
        {"name": c.name, "label": c.label, "section": c.section.value} for c in rules.categories
    ]


def welcome_message(table: Table, seat: int | None, bot_levels: list[str]) -> dict[str, Any]:
    """The answer to ``hello``."""
    rules = table.state.rules
    return {
        "type": "welcome",
        "protocol": PROTOCOL_VERSION,
        "table_id": table.id,
        "seat": seat,
        "role": "player" if seat is not None else "spectator",
        "rules": rules.to_dict(),
        "categories": categories_view(rules),
        "bot_levels": bot_levels,
        "server_time": time.time(),
    }


def error_message(
    code: str, message: str, request_id: object = None, ref: str | None = None
) -> dict[str, Any]:
    """An ``error`` for one client."""
    return {"type": "error", "id": request_id, "ref": ref, "code": code, "message": message}
