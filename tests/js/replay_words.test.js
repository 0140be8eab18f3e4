// The replay's words and columns: one numbering of turns, held dice by value, no presence.
import assert from "node:assert/strict";
import { test } from "node:test";

import { speak } from "./catalogs.js";
import { heldValues, playersOf, replayColumns, turnCount, turnName } from "../../src/fivedice/web/js/replay_words.js";
import { turnsOf } from "../../src/fivedice/web/js/turns.js";

const log = [
  { seq: 1, type: "created" },
  { seq: 2, type: "joined", seat: 0, name: "Kim" },
  { seq: 3, type: "joined", seat: 1, name: "Beginner", bot: "beginner" },
  { seq: 4, type: "started" },
  { seq: 5, type: "rolled", seat: 0, dice: [1, 4, 1, 6, 1], held: [] },
  { seq: 6, type: "held", seat: 0, held: [4, 0, 2] },
  { seq: 7, type: "rolled", seat: 0, dice: [1, 2, 1, 3, 1], held: [0, 2, 4] },
  { seq: 8, type: "held", seat: 0, held: [] },
  { seq: 9, type: "scored", seat: 0, category: "ones", points: 3, round: 0 },
  { seq: 10, type: "rolled", seat: 1, dice: [5, 5, 2, 3, 4], held: [] },
  { seq: 11, type: "scored", seat: 1, category: "fives", points: 10, round: 0 },
  { seq: 12, type: "rolled", seat: 0, dice: [6, 6, 6, 2, 3], held: [] },
];

function seat(n, name, extra = {}) {
  return { seat: n, name, bot: null, status: "playing", connected: false, away_since: 1000, absent_turns: 0, total: 0, cards: [{ boxes: {} }], ...extra };
}

test("a hold is told by the values it kept, not the dice's places", () => {
  assert.deepEqual(heldValues(log, 6), [1, 1, 1]);
  assert.deepEqual(heldValues(log, 8), []);
});

test("the picker and the counter number a turn the same way: the player's own turns", () => {
  const turns = turnsOf(log);
  const third = turns[2]; // all turns' third: Kim's second
  assert.equal(turnName(third, "Kim", 1), "Kim · turn 2");
  assert.equal(turnCount(third, "Kim", 13, 1), "Kim's turn 2 of 13");
  assert.equal(turnName(third, "Kim", 3), "Round 1 · Kim · turn 2");
  assert.equal(turnCount(third, "Kim", 13, 3), "round 1 · Kim's turn 2 of 13");
  speak("de");
  try {
    assert.equal(turnName(third, "Kim", 1), "Kim · Zug 2");
    assert.equal(turnCount(third, "Kim", 13, 3), "Runde 1 · Kim, Zug 2 von 13");
  } finally {
    speak();
  }
});

test("the players are named as they sat down", () => {
  assert.deepEqual([...playersOf(log).entries()], [[0, { name: "Kim", bot: null }], [1, { name: "Beginner", bot: "beginner" }]]);
});

test("before anyone sat down, every player of the match has a column, with no presence", () => {
  const empty = { order: [], seats: [] };
  const columns = replayColumns(log, empty);
  assert.deepEqual(columns.map((c) => c.seat.name), ["Kim", "Beginner"]);
  assert.deepEqual(columns.map((c) => c.index), [0, 1]);
  assert.ok(columns.every((c) => c.presence === false && c.tag === "" && !c.me));
  assert.deepEqual(columns[0].seat.cards, []);
});

test("a seated player's column keeps the card and drops the live connection and absence", () => {
  const view = { order: [1, 0], seats: [seat(0, "Kim"), seat(1, "Beginner", { bot: "beginner" })] };
  const columns = replayColumns(log, view);
  assert.deepEqual(columns.map((c) => c.seat.seat), [1, 0]);
  assert.ok(columns.every((c) => c.seat.away_since === null && c.seat.connected === true));
  assert.deepEqual(columns[1].seat.cards, [{ boxes: {} }]);
});
