// The replay's words and columns, from the stored log and the position the server rebuilt: one
// numbering of turns everywhere (each player's own turn, as the analysis counts them), the dice
// a hold kept by their values, and the players' columns without live presence. No DOM.

import { t } from "./i18n.js";
import { seatName } from "./labels.js";

/** Each seat's name as it sat down (a computer's named by its level, in the viewer's language),
 * in the order the log seated them. */
export function playersOf(events) {
  const players = new Map();
  for (const event of events) if (event.type === "joined" && !players.has(event.seat)) players.set(event.seat, { name: seatName(event.name, event.bot), bot: event.bot || null });
  return players;
}

/** "Kim · turn 4" (with "Round 2 · " ahead of it in a match of several rounds). */
export function turnName(turn, name, rounds) {
  const words = { name, number: turn.number, round: turn.round + 1 };
  return rounds > 1 ? t("replay.turn_name_round", words) : t("replay.turn_name", words);
}

/** "Kim's turn 4 of 13": the same turn as the picker's and the analysis's "T4". */
export function turnCount(turn, name, turnsEach, rounds) {
  const words = { name, number: turn.number, turns: turnsEach, round: turn.round + 1 };
  return rounds > 1 ? t("replay.turn_count_round", words) : t("replay.turn_count", words);
}

/** The values of the dice a "held" event kept, smallest first, read from the roll before it
 * (the event names positions). */
export function heldValues(events, seq) {
  const held = events[seq - 1];
  const roll = events.slice(0, seq - 1).reverse().find((e) => e.type === "rolled" && e.seat === held.seat);
  if (!roll) return [];
  return held.held.map((position) => roll.dice[position]).sort((a, b) => a - b);
}

/**
 * The scorecard's columns in a replay: every player of the match from the first event on (one
 * not yet seated shows an empty card), with no presence (a replay is no one's live table).
 * @param {object[]} events  the match's log
 * @param {object} view  the position the server rebuilt at this step
 */
export function replayColumns(events, view) {
  const players = playersOf(events);
  const order = view.order.length ? [...view.order] : view.seats.map((s) => s.seat);
  for (const seat of players.keys()) if (!order.includes(seat)) order.push(seat);
  return order
    .map((n) => {
      const seated = view.seats.find((s) => s.seat === n);
      const player = players.get(n);
      const seat = seated
        ? { ...seated, connected: true, away_since: null }
        : player && { seat: n, name: player.name, bot: player.bot, status: "playing", connected: true, away_since: null, absent_turns: 0, total: 0, cards: [] };
      return seat ? { seat, me: false, local: false, tag: "", presence: false } : null;
    })
    .filter(Boolean)
    .map((column, index) => ({ ...column, index }));
}
