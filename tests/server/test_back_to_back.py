"""Intents sent back to back (against a real server): a client that sends its next intent
before the answer to the one before, each carrying the `seq` it saw and `after` (the id of its
previous intent), has them all carried out in order; a double click (no `after`), a chain
after a refused intent, and a chain another socket's move came into are refused as stale and
change nothing."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_process import ServerProcess
from wsclient import Message, PlayClient, open_table

Step = str | frozenset[int]  # "roll", "score", or the positions a hold keeps


@dataclass
class Turn:
    """The turn as the player pictures it while typing: whether dice are out, rolls left, held
    positions, and whether the turn is over."""

    dice: bool = False
    rolls_left: int = 3
    held: tuple[int, ...] = ()
    over: bool = False
    expected: list[dict[str, Any]] = field(default_factory=list)  # the events, in order

    def take(self, step: Step) -> dict[str, Any] | None:
        """The intent for `step`, if the player may take it now (and note its event)."""
        if self.over:
            return None
        if step == "roll":
            if self.rolls_left <= 0:
                return None
            held = self.held if self.dice else ()
            self.dice, self.rolls_left = True, self.rolls_left - 1
            self.expected.append({"type": "rolled", "held": list(held)})
            return {"type": "roll"}
        if step == "score":
            if not self.dice:
                return None
            self.over = True
            self.expected.append({"type": "scored", "category": "chance"})
            return {"type": "score", "category": "chance"}
        if not self.dice or self.rolls_left <= 0:
            return None
        self.held = tuple(sorted(step))
        self.expected.append({"type": "held", "held": list(self.held)})
        return {"type": "hold", "positions": list(self.held)}


steps = st.lists(
    st.one_of(
        st.just("roll"), st.just("score"), st.frozensets(st.integers(min_value=0, max_value=4))
    ),
    min_size=1,
    max_size=12,
)


async def started_solo(server: ServerProcess, api: httpx.Client) -> tuple[str, PlayClient]:
    """A one-seat table, started; its player's socket, caught up."""
    table = open_table(api, "Ann", seats=1)
    ann = await PlayClient(server.ws_url(table["id"]), table["token"]).connect()
    await ann.intent("start")
    await ann.until_table(lambda t: t["phase"] == "playing")
    return table["id"], ann


async def send_back_to_back(client: PlayClient, intents: list[dict[str, Any]], seen: int) -> None:
    """Send the intents at once, each with the view seen before them and after the one before."""
    for number, intent in enumerate(intents, 1):
        chained = {"after": number - 1} if number > 1 else {}
        await client.intent(intent.pop("type"), seq=seen, id=number, **chained, **intent)


async def answers(
    client: PlayClient, count: int, since: int
) -> tuple[list[Message], list[Message]]:
    """Receive until `count` intents are answered (each makes one event or one error); returns
    the events after `since` and the errors."""
    errors_before = len(client.errors)

    def answered() -> bool:
        made = [e for e in client.events if e["seq"] > since]
        return len(made) + len(client.errors) - errors_before >= count

    while not answered():
        await client.receive()
    made = [e for e in client.events if e["seq"] > since]
    return made, client.errors[errors_before:]


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(plan=steps)
def test_intents_sent_back_to_back_are_carried_out_in_order(
    server: ServerProcess, api: httpx.Client, plan: list[Step]
) -> None:
    turn = Turn()
    intents = [intent for step in plan if (intent := turn.take(step)) is not None]
    if not intents:
        return

    async def play() -> None:
        table_id, ann = await started_solo(server, api)
        seen = ann.seq
        await send_back_to_back(ann, [dict(i) for i in intents], seen)
        made, errors = await answers(ann, len(intents), seen)
        await ann.close()
        assert errors == []
        assert [
            {k: e[k] for k in wanted} for e, wanted in zip(made, turn.expected, strict=True)
        ] == (turn.expected)
        view = api.get(f"/api/tables/{table_id}").json()
        if turn.over:
            assert view["dice"] is None and view["rolls_left"] == 3
            assert "chance" in view["seats"][0]["cards"][0]["boxes"]
        else:
            assert view["rolls_left"] == turn.rolls_left
            assert view["held"] == list(turn.held)

    asyncio.run(play())


async def test_a_double_click_acts_once(server: ServerProcess, api: httpx.Client) -> None:
    table_id, ann = await started_solo(server, api)
    seen = ann.seq
    await ann.intent("roll", seq=seen, id=1)
    await ann.intent("roll", seq=seen, id=2)  # the same click again: it follows nothing
    made, errors = await answers(ann, 2, seen)
    assert [e["type"] for e in made] == ["rolled"]
    assert [(e["id"], e["code"]) for e in errors] == [(2, "stale")]
    assert api.get(f"/api/tables/{table_id}").json()["rolls_left"] == 2
    await ann.close()


async def test_after_a_refused_intent_its_followers_are_stale(
    server: ServerProcess, api: httpx.Client
) -> None:
    table_id, ann = await started_solo(server, api)
    seen = ann.seq
    await ann.intent("roll", seq=seen, id=1)
    await ann.intent("hold", seq=seen, id=2, after=1, positions=[7])  # refused: no die 8
    await ann.intent("roll", seq=seen, id=3, after=2)  # meant to come after the hold
    made, errors = await answers(ann, 3, seen)
    assert [e["type"] for e in made] == ["rolled"]
    assert [(e["id"], e["code"]) for e in errors] == [(2, "invalid_hold"), (3, "stale")]
    view = api.get(f"/api/tables/{table_id}").json()
    assert view["rolls_left"] == 2 and view["held"] == []
    await ann.close()


async def test_a_move_from_another_socket_makes_the_chain_stale(
    server: ServerProcess, api: httpx.Client
) -> None:
    table_id, ann = await started_solo(server, api)
    other_tab = await PlayClient(ann.url, ann.token).connect()
    seen = ann.seq
    await ann.intent("roll", seq=seen, id=1)
    await ann.until_table(lambda t: t["dice"] is not None)
    await other_tab.until_table(lambda t: t["dice"] is not None)
    await other_tab.intent("hold", seq=other_tab.seq, positions=[0])  # the other tab moves
    await ann.until_table(lambda t: t["held"] == [0])
    # Sent as if the other tab's hold had not happened: from the view before the roll, and
    # from the view after it; both follow Ann's own roll.
    await ann.intent("hold", seq=seen, id=2, after=1, positions=[4])
    await ann.intent("roll", seq=seen + 1, id=3, after=1)
    errors = [await ann.error(), await ann.error()]
    assert [(e["id"], e["code"]) for e in errors] == [(2, "stale"), (3, "stale")]
    view = api.get(f"/api/tables/{table_id}").json()
    assert view["held"] == [0] and view["rolls_left"] == 2
    await ann.close()
    await other_tab.close()


async def test_a_move_by_the_table_makes_the_chain_stale(
    server: ServerProcess, api: httpx.Client
) -> None:
    """A computer player's move between two of a player's intents: the second, sent from the
    view before it, is stale though it follows the player's own."""
    table = open_table(api, "Ann", seats=2, bots=[{"level": "beginner", "name": "Robo"}])
    ann = await PlayClient(server.ws_url(table["id"]), table["token"]).connect()
    await ann.intent("start")
    await ann.until_table(lambda t: t["phase"] == "playing" and t["active_seat"] == 0)
    seen = ann.seq
    await ann.intent("roll", seq=seen, id=1)
    await ann.intent("score", seq=seen, id=2, after=1, category="chance")
    await ann.until_table(
        lambda t: (
            t["active_seat"] == 0
            and t["round"] == 0
            and t["dice"] is None
            and "chance" in t["seats"][0]["cards"][0]["boxes"]
        )
    )
    # Robo has played a whole turn since: Ann's roll sent after her score, from the view
    # before Robo's moves, is stale.
    await ann.intent("roll", seq=seen + 2, id=3, after=2)
    error = await ann.error()
    assert (error["id"], error["code"]) == (3, "stale")
    assert api.get(f"/api/tables/{table['id']}").json()["dice"] is None
    await ann.close()
