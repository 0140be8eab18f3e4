// The replay's turn steps: turns from the first roll to the scoring, an undo keeping the turn open.

import assert from "node:assert/strict";
import { test } from "node:test";

import { turnAt, turnsOf } from "../../src/fivedice/web/js/turns.js";

const log = [
  { seq: 1, type: "created" },
  { seq: 2, type: "joined", seat: 0, name: "Ann" },
  { seq: 3, type: "joined", seat: 1, name: "Bob" },
  { seq: 4, type: "started" },
  { seq: 5, type: "rolled", seat: 0, dice: [1, 2, 3, 4, 5], held: [] },
  { seq: 6, type: "held", seat: 0, held: [0, 1] },
  { seq: 7, type: "rolled", seat: 0, dice: [1, 2, 6, 6, 6], held: [0, 1] },
  { seq: 8, type: "scored", seat: 0, category: "ones", points: 1, round: 0 },
  { seq: 9, type: "undone", seat: 0, category: "ones" },
  { seq: 10, type: "scored", seat: 0, category: "sixes", points: 18, round: 0 },
  { seq: 11, type: "rolled", seat: 1, dice: [2, 2, 2, 2, 2], held: [] },
  { seq: 12, type: "scored", seat: 1, category: "yahtzee", points: 50, round: 0 },
  { seq: 13, type: "clock_expired", seat: 0 },
  { seq: 14, type: "scored", seat: 0, category: "chance", points: 0, round: 0, scratch: true },
  { seq: 15, type: "rolled", seat: 1, dice: [1, 1, 2, 3, 4], held: [] },
];

test("a turn runs from its first roll to the scoring an undo did not take back", () => {
  assert.deepEqual(turnsOf(log), [
    { seat: 0, round: 0, number: 1, start: 5, end: 10 },
    { seat: 1, round: 0, number: 1, start: 11, end: 12 },
    { seat: 0, round: 0, number: 2, start: 14, end: 14 },
    { seat: 1, round: 0, number: 2, start: 15, end: null },
  ]);
});

test("a step belongs to the last turn started at or before it", () => {
  const turns = turnsOf(log);
  assert.equal(turnAt(turns, 4), -1);
  assert.equal(turnAt(turns, 5), 0);
  assert.equal(turnAt(turns, 9), 0);
  assert.equal(turnAt(turns, 12), 1);
  assert.equal(turnAt(turns, 13), 1);
  assert.equal(turnAt(turns, 15), 3);
});
