// The table's model: what the page makes of the server's frames, with no DOM.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./catalogs.js";

import { TableModel, eventText, rollsText } from "../../src/fivedice/web/js/table_model.js";

const CATEGORIES = [
  { name: "ones", label: "Ones", section: "upper" },
  { name: "twos", label: "Twos", section: "upper" },
  { name: "chance", label: "Chance", section: "lower" },
];

function card(boxes = {}) {
  return { boxes, upper_subtotal: 0, upper_bonus: 0, upper_total: 0, lower_total: 0, yahtzee_bonus: 0, grand_total: 0 };
}

function seat(n, name, extra = {}) {
  return { seat: n, name, bot: null, status: "playing", connected: true, away_since: null, absent_turns: 0, host: n === 0, total: 0, cards: [card()], ...extra };
}

function view(extra = {}) {
  return {
    seq: 5,
    name: "Table",
    phase: "playing",
    listed: false,
    host: 0,
    round: 0,
    active_seat: 0,
    order: [0, 1],
    dice: null,
    held: [],
    rolls_left: 3,
    score_options: [],
    undo: null,
    clock: null,
    absence: null,
    hints: true,
    roll_off: [],
    options: { seats: 2, rounds: 1 },
    seats: [seat(0, "Ann"), seat(1, "Bob")],
    ...extra,
  };
}

/** A model of a table where this screen holds `seats` in `mode`, at `v`. */
function model(mode, seats, v = view()) {
  const held = Object.fromEntries(seats.map((n) => [n, { token: `t${n}`, name: `p${n}` }]));
  const m = new TableModel({ mode, seats: held, primary: seats[0] });
  m.welcome = { seat: seats[0], categories: CATEGORIES, rules: {} };
  m.view = v;
  return m;
}

test("rolls left in words", () => {
  assert.equal(rollsText(1), "1 roll");
  assert.equal(rollsText(2), "2 rolls");
});

test("the acting seat is the active seat only when this screen plays it", () => {
  assert.equal(model("online", [0]).actingSeat, 0);
  assert.equal(model("online", [1]).actingSeat, null);
  assert.equal(model("online", [0], view({ phase: "waiting" })).actingSeat, null);
  assert.equal(model("online", [0]).tokenFor(0), "t0");
  assert.equal(model("online", [0]).tokenFor(1), null);
});

test("what the acting player may do follows the dice and the rolls left", () => {
  const fresh = model("online", [0]);
  assert.ok(fresh.canRoll);
  assert.ok(!fresh.canHold);
  assert.ok(!fresh.canHint);
  const rolled = model("online", [0], view({ dice: [1, 2, 3, 4, 5], rolls_left: 0 }));
  assert.ok(!rolled.canRoll);
  assert.ok(!rolled.canHold);
  assert.ok(rolled.canHint);
  const watching = model("online", [1], view({ dice: [1, 2, 3, 4, 5], rolls_left: 2 }));
  assert.ok(!watching.canRoll && !watching.canHold && !watching.canHint);
});

test("a hold on its way counts as held", () => {
  const m = model("online", [0], view({ dice: [1, 2, 3, 4, 5], held: [0], rolls_left: 2 }));
  assert.deepEqual([...m.held], [0]);
  m.sentPlay(7, "hold", 0, [0, 3]);
  assert.deepEqual([...m.held], [0, 3]);
});

test("moves typed ahead of the answers count as made, until their events or refusals come", () => {
  const m = model("online", [0]);
  // "R, 1, 2, R" typed at once, at the turn's start: each may go before the one before is answered.
  assert.ok(m.canRoll && !m.canHold && !m.canScore);
  m.sentPlay(1, "roll", 0);
  assert.ok(m.rolling && m.canHold && m.canScore);
  assert.equal(m.rollsLeft, 2);
  m.sentPlay(2, "hold", 0, [0]);
  m.sentPlay(3, "hold", 0, [0, 1]);
  m.sentPlay(4, "roll", 0);
  assert.equal(m.lastInFlight, 4);
  assert.equal(m.rollsLeft, 1);
  assert.deepEqual([...m.held], [0, 1]);
  // The first roll and hold are carried out; the rest are still on their way.
  const rolled = { seq: 6, type: "rolled", seat: 0, dice: [2, 2, 5, 1, 3], held: [] };
  const held = { seq: 7, type: "held", seat: 0, held: [0] };
  m.apply({ seq: 7, events: [rolled, held], table: view({ seq: 7, dice: rolled.dice, held: [0], rolls_left: 2 }) }, false);
  assert.deepEqual(m.inFlight.map((i) => i.id), [3, 4]);
  assert.deepEqual([...m.held], [0, 1]);
  assert.equal(m.rollsLeft, 1);
  // A score on its way ends what this screen may do in the turn.
  m.sentPlay(5, "score", 0);
  assert.ok(!m.canRoll && !m.canHold && !m.canScore);
  // A refusal takes that intent off, and those that followed it (they come back refused too).
  assert.equal(m.refused(3), true);
  assert.deepEqual(m.inFlight, []);
  assert.equal(m.refused(4), false);
  assert.deepEqual([...m.held], [0]);
  assert.equal(m.rollsLeft, 2);
});

test("another player's events settle nothing; a reconnect's catch-up forgets what was on its way", () => {
  const m = model("pass", [0, 1], view({ dice: [1, 2, 3, 4, 5], rolls_left: 2 }));
  m.sentPlay(1, "roll", 0);
  m.apply({ seq: 6, events: [{ seq: 6, type: "rolled", seat: 1, dice: [1, 1, 1, 1, 1], held: [] }], table: view({ seq: 6 }) }, false);
  assert.equal(m.inFlight.length, 1);
  m.apply({ seq: 6, events: [], table: view({ seq: 6 }) }, true);
  assert.deepEqual(m.inFlight, []);
});

test("online, the banner says your turn; at one screen it names the player", () => {
  assert.equal(model("online", [0]).banner().title, "Your turn");
  assert.equal(model("pass", [0, 1]).banner().title, "Ann's turn");
  const waiting = model("online", [1], view({ dice: [1, 1, 1, 1, 1], rolls_left: 1 })).banner();
  assert.deepEqual(waiting, { title: "Ann's turn", sub: "1 roll left.", away: null });
  const away = model("online", [1], view({ absence: { seat: 0, deadline: 1 } })).banner();
  assert.equal(away.away, "Ann");
});

test("online, your column comes first and says you", () => {
  const cols = model("online", [1]).columns();
  assert.deepEqual(cols.map((c) => c.seat.seat), [1, 0]);
  assert.deepEqual(cols.map((c) => c.tag), ["you", ""]);
  assert.ok(cols.every((c) => c.presence));
});

test("pass and play: columns in turn order, named by player, never 'you', no presence dots", () => {
  const cols = model("pass", [0, 1], view({ active_seat: 1, at_one_screen: true })).columns();
  assert.deepEqual(cols.map((c) => c.seat.seat), [0, 1]);
  assert.deepEqual(cols.map((c) => c.tag), ["", ""]);
  assert.ok(cols.every((c) => !c.presence));
  assert.deepEqual(cols.map((c) => c.me), [false, true]);
});

test("against the computer: your column says you, and no presence dots", () => {
  const v = view({ seats: [seat(0, "Ann"), seat(1, "Beginner", { bot: "beginner" })], at_one_screen: true });
  const cols = model("computer", [0], v).columns();
  assert.deepEqual(cols.map((c) => c.tag), ["you", ""]);
  assert.ok(cols.every((c) => !c.presence));
});

test("missing seats show as empty columns at the end", () => {
  const v = view({ options: { seats: 4, rounds: 1 } });
  const cols = model("online", [0], v).columns();
  assert.equal(cols.length, 4);
  assert.deepEqual(cols.map((c) => c.seat && c.seat.seat), [0, 1, null, null]);
});

test("the server's view says whether a table is played at one screen, for visitors too", () => {
  const visitor = new TableModel(null);
  visitor.view = view({ at_one_screen: true });
  assert.ok(visitor.isLocal);
  assert.ok(model("online", [0], view({ at_one_screen: true })).isLocal);
  // A tab that kept its pass-and-play seats still follows the view once it has one.
  assert.ok(!model("pass", [0, 1], view({ at_one_screen: false })).isLocal);
});

test("before the first view, the tab's own seats say whether it is at one screen", () => {
  const pass = new TableModel({ mode: "pass", seats: { 0: { token: "t" } }, primary: 0 });
  assert.ok(pass.isLocal);
  assert.ok(new TableModel({ mode: "computer", seats: { 0: { token: "t" } }, primary: 0 }).isLocal);
  assert.ok(!new TableModel({ mode: "online", seats: { 0: { token: "t" } }, primary: 0 }).isLocal);
  assert.ok(!new TableModel(null).isLocal);
  assert.ok(!new TableModel({ mode: "pass", seats: {} }).isLocal);
});

test("undo names whose box where more than one player plays at this screen", () => {
  const undo = { seat: 0, category: "twos" };
  const pass = model("pass", [0, 1], view({ active_seat: 1, undo }));
  assert.deepEqual(pass.undoOffer, { seat: 0, category: "twos", text: "Undo Ann's Twos" });
  assert.equal(model("online", [0], view({ active_seat: 1, undo })).undoOffer.text, "Undo Twos");
  assert.equal(model("online", [1], view({ undo })).undoOffer, null);
});

test("an update keeps the last turn's dice, the log, and forgets a stale hint", () => {
  const m = model("online", [0], view({ dice: [2, 2, 3, 4, 6], rolls_left: 1 }));
  m.hint = { key: m.positionKey(), best: {}, others: [] };
  m.selected = "twos";
  const scored = { type: "scored", seat: 0, category: "twos", points: 4, bonus: 0, scratch: false };
  const after = view({ active_seat: 1, seats: [seat(0, "Ann", { cards: [card({ twos: 4 })] }), seat(1, "Bob")] });
  const result = m.apply({ events: [scored], table: after }, false);
  assert.deepEqual(result.said, ["Ann scored 4 in Twos"]);
  assert.deepEqual(m.lastTurn, { dice: [2, 2, 3, 4, 6], text: "Ann scored 4 in Twos" });
  assert.deepEqual(m.justScored, { seat: 0, category: "twos" });
  assert.equal(m.hint, null);
  assert.equal(m.selected, null);
  assert.deepEqual(m.log, ["Ann scored 4 in Twos"]);

  const rolled = m.apply({ events: [{ type: "rolled", seat: 1, dice: [6, 6, 1, 2, 3], held: [1, 3] }], table: view({ active_seat: 1 }) }, false);
  assert.deepEqual(rolled.rolled, [0, 2, 4]);
  assert.equal(m.lastTurn, null);
});

test("an answer to this screen's intent frees its buttons; a catch-up adds to the log quietly", () => {
  const m = model("online", [0]);
  m.busy = "roll";
  m.log = ["old"];
  const joined = { seq: 2, type: "joined", seat: 1, name: "Bob", bot: null };
  const result = m.apply({ events: [joined], table: view() }, true);
  assert.equal(m.busy, null);
  assert.deepEqual(result.said, []);
  assert.deepEqual(m.log, ["old", "Bob sat down"]);
});

test("a reconnect's catch-up keeps the moves, adds those missed in order, and none twice", () => {
  const m = model("online", [0]);
  const joined = (seq, n, name) => ({ seq, type: "joined", seat: n, name, bot: null });
  const rolled = (seq, dice) => ({ seq, type: "rolled", seat: 1, dice, held: [] });
  m.apply({ events: [joined(1, 0, "Ann"), joined(2, 1, "Bob")], table: view() }, true);
  m.apply({ events: [rolled(3, [1, 2, 3, 4, 5])], table: view() }, false);
  const before = [...m.log];
  assert.deepEqual(before, ["Ann sat down", "Bob sat down", "Bob rolled 1 2 3 4 5"]);
  m.apply({ events: [], table: view() }, true); // back after missing nothing
  assert.deepEqual(m.log, before);
  m.apply({ events: [rolled(4, [6, 6, 6, 6, 6]), rolled(5, [2, 2, 2, 2, 2])], table: view() }, true);
  m.apply({ events: [rolled(5, [2, 2, 2, 2, 2]), rolled(6, [3, 3, 3, 3, 3])], table: view() }, true);
  assert.deepEqual(m.log, [...before, "Bob rolled 6 6 6 6 6", "Bob rolled 2 2 2 2 2", "Bob rolled 3 3 3 3 3"]);
  // A catch-up from the start (a new socket, last_seq 0) writes nothing twice either.
  m.apply({ events: [joined(1, 0, "Ann"), joined(2, 1, "Bob"), rolled(3, [1, 2, 3, 4, 5])], table: view() }, true);
  assert.equal(m.log.length, 6);
});

test("chat from another seat is read out, never logged; this screen's own is not read out", () => {
  const m = model("online", [0]);
  assert.equal(m.narrate({ type: "chat", seat: 1, author: "Bob", text: "hi" }, null), "Bob says: hi");
  assert.equal(m.narrate({ type: "chat", seat: 0, author: "Ann", text: "hi" }, null), null);
  assert.deepEqual(m.log, []);
});

test("events in words", () => {
  const name = (n) => ["Ann", "Bob"][n];
  const label = (c) => c.toUpperCase();
  assert.equal(eventText({ type: "scored", seat: 1, category: "chance", points: 0, bonus: 0, scratch: true }, name, label), "Bob scored 0 in CHANCE (passed)");
  assert.equal(eventText({ type: "scored", seat: 0, category: "yahtzee", points: 50, bonus: 100, scratch: false }, name, label), "Ann scored 50 + 100 bonus in YAHTZEE");
  assert.equal(eventText({ type: "undone", seat: 0, category: "twos" }, name, label), "Ann took back TWOS");
  assert.equal(eventText({ type: "absent", seat: 1, skipped_by: 0 }, name, label), "Ann skipped Bob's turn (away)");
  assert.equal(eventText({ type: "started", roll_off: [[[0, 3], [1, 5]]], order: [1, 0] }, name, label), "The match started. Roll for first turn: Ann 3, Bob 5. Bob starts");
  assert.equal(eventText({ type: "held", seat: 0 }, name, label), null);
});

test("the roll for first turn shows until the first box is filled", () => {
  const v = view({ roll_off: [[[0, 4], [1, 4]], [[0, 6], [1, 2]]] });
  assert.equal(model("online", [0], v).rollOffText(), "Roll for first turn: Ann 4, Bob 4; tie, again: Ann 6, Bob 2. Ann starts.");
  v.seats[0].cards = [card({ ones: 3 })];
  assert.equal(model("online", [0], v).rollOffText(), "");
});

test("the result names the winners", () => {
  assert.equal(model("online", [0], view({ outcome: { winners: [1] } })).resultText(), "The match is over. Bob wins.");
  assert.equal(model("online", [0], view({ outcome: { winners: [0, 1] } })).resultText(), "The match is over. Ann and Bob win.");
});

test("presence is not known from a drop until the next update", () => {
  const m = model("online", [0]);
  m.apply({ events: [], table: view() }, true);
  assert.ok(m.columns().every((c) => c.known));
  assert.equal(m.forgetPresence(), true);
  assert.equal(m.forgetPresence(), false); // already forgotten: nothing to draw again
  assert.ok(m.columns().every((c) => c.known === false));
  m.apply({ events: [], table: view() }, true);
  assert.ok(m.columns().every((c) => c.known));
});
