"""What clients see: the table view built from the committed state, and the messages that
carry it. Plain dicts and text on this hot path; ``protocol`` holds the models they follow.

Score options come from the rules core (``MatchState.score_options``): the server never
computes a score itself.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterable, Sequence
from dataclasses import fields
from typing import Any

import orjson

from fivedice.rules import Event, Outcome, Phase, PlayerState, RuleSet, Scorecard

from .protocol import PROTOCOL_VERSION
from .table import Table


def seat_view(table: Table, player: PlayerState, host: int | None) -> dict[str, Any]:
    """One seat: who, whether playing and connected, the cards with every derived row."""
    cards = [table.card_dict(player.seat, i, card) for i, card in enumerate(player.cards)]
    owner = table.owners.get(player.seat)
    deleted = owner is not None and owner.kind == "deleted"
    return {
        "seat": player.seat,
        "name": owner.name if owner is not None and deleted else player.name,
        "bot": player.bot,
        "account": {"name": owner.name, "kind": owner.kind} if owner is not None else None,
        "program": owner is not None and owner.program,
        "status": player.status.value,
        "connected": player.bot is not None or table.is_connected(player.seat),
        "away_since": table.away_since(player.seat) if player.is_playing else None,
        "absent_turns": player.absent_turns,
        "hints": player.hints,
        "host": player.seat == host,
        "cards": cards,
        "total": sum(card["grand_total"] for card in cards),
    }


SPECTATORS_LISTED = 20


def table_view(
    table: Table,
    chat_lines: int = 50,
    now: float | None = None,
    seats: bool = True,
    spectators_listed: int = SPECTATORS_LISTED,
) -> dict[str, Any]:
    """The table as every client draws it (without ``seats`` when `seats` is False). The
    spectators' names are listed up to `spectators_listed` (the first to come); their number is
    ``spectator_count``, so a crowd of watchers does not make every update long."""
    s = table.state
    host = s.host
    undo = s.undo_point
    options = s.options
    clock = None
    if options.clock_seconds is not None:
        clock = {
            "seconds_per_hand": options.clock_seconds,
            "seat": s.active_seat,
            "deadline": table.deadline,
            "timeout_rule": options.timeout_rule.value,
        }
    absence = table.absence_deadline()
    offer = table.rematch
    view: dict[str, Any] = {
        "id": table.id,
        "name": table.name,
        "title": table.title,
        "listed": table.listed,
        "at_one_screen": table.at_one_screen,
        "daily": table.daily.isoformat() if table.daily is not None else None,
        "preset": s.rules.name,
        "options": table.options_dict,
        "phase": s.phase.value,
        "seq": table.seq,
        "host": host,
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
        "absence": ({"seat": s.active_seat, "deadline": absence} if absence is not None else None),
        "hints": s.hints_open,
        "rematch": (
            {
                "offered_by": offer.offered_by,
                "accepted": sorted(offer.accepted),
                "declined": sorted(offer.declined),
                "table_id": offer.table_id,
            }
            if offer is not None
            else None
        ),
        "chat": [
            {"author": c.author, "text": c.text, "seat": c.seat}
            for c in s.chat[-chat_lines:]
            if chat_lines > 0
        ],
        "spectators": [
            sp.name for sp in itertools.islice(table.spectators.values(), spectators_listed)
        ],
        "spectator_count": len(table.spectators),
        "outcome": outcome_view(s.outcome),
        "roll_off": [[list(pair) for pair in rnd] for rnd in s.roll_off],
        "server_time": time.time() if now is None else now,
    }
    if seats:
        view["seats"] = [seat_view(table, p, host) for p in s.players]
    return view


def seats_json(table: Table) -> str:
    """The seats as JSON text, each seat serialised once per change (cards are immutable, so a
    seat whose cards, status and connection are the same object and values is reused)."""
    s = table.state
    host = s.host
    parts = []
    for p in s.players:
        connected = p.bot is not None or table.is_connected(p.seat)
        away = table.away_since(p.seat) if p.is_playing else None
        key: tuple[object, ...] = (p.status, connected, away, p.absent_turns, p.hints)
        key = (*key, p.seat == host, p.name, table.owners.get(p.seat), *map(id, p.cards))
        cached = table.seat_json.get(p.seat)
        if cached is None or cached[0] != key or cached[1] is not p.cards:
            text = dumps(seat_view(table, p, host))
            table.seat_json[p.seat] = cached = (key, p.cards, text)
        parts.append(cached[2])
    return "[" + ",".join(parts) + "]"


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
    return [{"seq": seq, **event_dict(event)} for seq, event in numbered]


def update_message(
    table: Table,
    events: Iterable[tuple[int, Event]],
    chat_lines: int = 50,
    spectators_listed: int = SPECTATORS_LISTED,
) -> dict[str, Any]:
    """An ``update`` as a dict: new events and the table as it now stands."""
    return {
        "type": "update",
        "seq": table.seq,
        "events": event_views(events),
        "table": table_view(table, chat_lines, spectators_listed=spectators_listed),
    }


def update_text(
    table: Table,
    events: Sequence[dict[str, Any]],
    chat_lines: int = 50,
    spectators_listed: int = SPECTATORS_LISTED,
) -> str:
    """An ``update`` as JSON text, the way broadcasts send it: the table is serialised once,
    with each unchanged seat's text reused from the previous update."""
    head = dumps(table_view(table, chat_lines, seats=False, spectators_listed=spectators_listed))
    table_text = head[:-1] + ',"seats":' + seats_json(table) + "}"
    return (
        '{"type":"update","seq":'
        + str(table.seq)
        + ',"events":'
        + dumps(events)
        + ',"table":'
        + table_text
        + "}"
    )


_EVENT_FIELDS: dict[type[Event], tuple[str, ...]] = {}


def event_dict(event: Event) -> dict[str, Any]:
    """An event as JSON-ready data, the same as ``Event.to_dict`` without its deep copy."""
    names = _EVENT_FIELDS.get(type(event))
    if names is None:
        names = _EVENT_FIELDS[type(event)] = tuple(f.name for f in fields(event))
    data: dict[str, Any] = {"type": event.type}
    for name in names:
        value = getattr(event, name)
        data[name] = _listify(value) if isinstance(value, tuple) else value
    return data


def _listify(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_listify(v) for v in value]
    return value


def _json_dumps(payload: Any) -> str:
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False)


def dumps(payload: Any) -> str:
    """Compact JSON text (orjson: ~10x faster than the stdlib on a table view; the stdlib for
    what orjson refuses, e.g. a lone surrogate in a name or an integer past 64 bits)."""
    try:
        return orjson.dumps(payload).decode()
    except (TypeError, orjson.JSONEncodeError):
        return _json_dumps(payload)


def categories_view(rules: RuleSet) -> list[dict[str, str]]:
    """The rule set's boxes in card order, with the labels to print."""
    return [
        {"name": c.name, "label": c.label, "section": c.section.value} for c in rules.categories
    ]


def card_rows_view(rules: RuleSet) -> list[dict[str, Any]]:
    """The card as the rules core prints it: each box and each derived row the rule set has, in
    order, with its label, so a client draws the card without knowing which rows apply."""
    boxes = {c.name for c in rules.categories}
    return [
        {"key": key, "label": label, "box": key in boxes}
        for key, label, _ in Scorecard(rules).rows()
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
        "card_rows": card_rows_view(rules),
        "bot_levels": bot_levels,
        "server_time": time.time(),
    }


def error_message(
    code: str,
    params: dict[str, Any],
    message: str,
    request_id: object = None,
    ref: str | None = None,
) -> dict[str, Any]:
    """An ``error`` for one client: the code, the values in it and the English message."""
    return {
        "type": "error",
        "id": request_id,
        "ref": ref,
        "code": code,
        "params": params,
        "message": message,
    }


def lobby_entry(table: Table) -> dict[str, Any]:
    """A table's line in the lobby (the route adds its invite link)."""
    s = table.state
    playing = [p for p in s.players if p.is_playing]
    host_here = s.host is not None and table.away_since(s.host) is None
    joinable = s.phase is Phase.WAITING and len(playing) < s.options.seats and host_here
    return {
        "id": table.id,
        "name": table.name,
        "title": table.title,
        "preset": table.preset,
        "phase": s.phase.value,
        "seats_taken": len(playing),
        "seats": s.options.seats,
        "players": [p.name for p in playing],
        "spectators": len(table.spectators),
        "options": table.options_dict,
        "host_here": host_here,
        "open": joinable,
        "opened_at": table.opened_at,
    }
