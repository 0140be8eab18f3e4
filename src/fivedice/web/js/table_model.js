// The table as this screen knows it, from the server's frames: whose turn, the dice, what is
// held, the rolls left, what this screen may do, and the words for it. No DOM: node tests it.

import { boxLabel, t } from "./i18n.js";
import { namesList, seatName } from "./labels.js";
import { touchFirst } from "./pointer.js";
import { shownView } from "./table_names.js";

export const MAX_ROLLS = 3;

/** Modes where every seat is played at this one screen (or by the computer). */
const LOCAL_MODES = new Set(["pass", "computer"]);

/** "1 roll", "2 rolls". */
export function rollsText(n) {
  return t("table.rolls", { count: n });
}

/** "Ann scored 6 + 100 bonus in Twos (passed)". */
export function scoredText(name, event, label) {
  const key = `table.log_scored${event.bonus ? "_bonus" : ""}${event.scratch ? "_passed" : ""}`;
  return t(key, { name, points: event.points, bonus: event.bonus, box: label });
}

export class TableModel {
  /**
   * @param {object|null} entry  the seats this tab holds at the table (see seats.js)
   */
  constructor(entry) {
    this.entry = entry;
    this.welcome = null;
    this.view = null;
    this.selected = null;
    this.previewing = null;
    this.hint = null;
    this.lastTurn = null;
    this.justScored = null;
    this.roundShown = null;
    this.log = [];
    this.logSeq = 0; // the last event written in the log: a catch-up adds only those after it
    this.presenceKnown = false; // false while the socket is down, until an update says who is here
    this.busy = null; // the intent sent and not yet answered
    // The holds, rolls and scores this screen has sent and the server has not carried out yet,
    // in order ({id, type, seat, held}): a player types ahead of the answers (see sentPlay).
    this.inFlight = [];
  }

  // Who this screen plays -------------------------------------------------------------------

  get localSeats() {
    const seats = new Map();
    if (this.entry && this.entry.seats) {
      for (const [seat, held] of Object.entries(this.entry.seats)) seats.set(Number(seat), held);
    }
    return seats;
  }

  get mode() {
    return (this.entry && this.entry.mode) || "online";
  }

  /** A table played at one screen (pass and play, or against the computer): no one else is
   * invited, so it shows no invite link, private badge, chat or presence dots. The server's
   * view says so, for visitors too; before the first view, this tab's own seats say it. */
  get isLocal() {
    if (this.view) return this.view.at_one_screen === true;
    return LOCAL_MODES.has(this.mode) && this.localSeats.size > 0;
  }

  /** Whether this screen's seats may be called "you": not when several people share it. */
  get saysYou() {
    return !(this.mode === "pass" && this.localSeats.size > 1);
  }

  get primarySeat() {
    if (this.welcome && this.welcome.seat !== null && this.welcome.seat !== undefined) return this.welcome.seat;
    return this.entry ? Number(this.entry.primary) : null;
  }

  /** The seat this screen may move for now (the active seat, when it is one of ours). */
  get actingSeat() {
    const v = this.view;
    if (!v || v.phase !== "playing" || v.active_seat === null) return null;
    return this.localSeats.has(v.active_seat) ? v.active_seat : null;
  }

  /** The seat whose column comes first: yours; at one screen, whoever is playing. */
  get viewerSeat() {
    if (this.mode === "pass" && this.actingSeat !== null) return this.actingSeat;
    const primary = this.primarySeat;
    return primary !== null && this.localSeats.has(primary) ? primary : null;
  }

  tokenFor(seat) {
    const held = this.localSeats.get(seat);
    return held ? held.token : null;
  }

  seatName(seat) {
    const found = this.view && this.view.seats.find((s) => s.seat === seat);
    return found ? found.name : t("table.seat_n", { number: seat + 1 });
  }

  seatNameOr(seat, fallback) {
    const found = this.view.seats.find((s) => s.seat === seat);
    return found ? found.name : fallback;
  }

  label(category) {
    const box = this.welcome && this.welcome.categories.find((c) => c.name === category);
    return box ? boxLabel(box.label) : category;
  }

  // The position ----------------------------------------------------------------------------

  positionKey() {
    const v = this.view;
    return JSON.stringify([v.active_seat, v.round, v.dice, v.rolls_left]);
  }

  /** Changes each time a hand begins for this screen; null when it is not this screen's turn. */
  turnKey() {
    const v = this.view;
    if (this.actingSeat === null) return null;
    return JSON.stringify([v.active_seat, v.round, v.seats.map((s) => s.cards.map((c) => Object.keys(c.boxes).length))]);
  }

  /** The dice held, as this screen shows them (a hold on its way counts already). */
  get held() {
    const holds = this.inFlight.filter((intent) => intent.type === "hold");
    return new Set(holds.length ? holds[holds.length - 1].held : this.view.held);
  }

  // The turn as the player has played it: the view, and their intents on their way --------------

  /** A hold, roll or score sent: the next ones follow it (`after` its id), and what the player
   * may do next counts it as done. */
  sentPlay(id, type, seat, held = null) {
    this.inFlight.push({ id, type, seat, held });
  }

  /** The id of the last play intent on its way (the next one follows it), or null. */
  get lastInFlight() {
    return this.inFlight.length ? this.inFlight[this.inFlight.length - 1].id : null;
  }

  /** Whether a roll of this screen's is on its way (the Roll button waits for it: a double click
   * rolls once). */
  get rolling() {
    return this.inFlight.some((intent) => intent.type === "roll");
  }

  /** Rolls left once the rolls on their way are made. */
  get rollsLeft() {
    return this.view.rolls_left - this.inFlight.filter((intent) => intent.type === "roll").length;
  }

  /** Whether the turn has dice, or will have once the roll on its way is made. */
  get diceOut() {
    return this.view.dice !== null || this.rolling;
  }

  /** Whether this screen may still move in this turn: its turn, and no box scored on the way. */
  get moving() {
    return this.actingSeat !== null && !this.inFlight.some((intent) => intent.type === "score");
  }

  get canRoll() {
    return this.moving && this.rollsLeft > 0;
  }

  get canHold() {
    return this.moving && this.diceOut && this.rollsLeft > 0;
  }

  get canScore() {
    return this.moving && this.diceOut;
  }

  /** The server carried out some of this screen's intents (their events came): they are no
   * longer on the way. Intents are carried out in the order sent. */
  settle(events) {
    const done = { held: "hold", rolled: "roll", scored: "score" };
    for (const event of events) {
      const first = this.inFlight[0];
      if (first && done[event.type] === first.type && event.seat === first.seat) this.inFlight.shift();
    }
  }

  /** The server refused intent `id`: it is not on its way any more (nor are the ones after it,
   * which followed it and come back refused too). Returns whether it was one of them. */
  refused(id) {
    const at = this.inFlight.findIndex((intent) => intent.id === id);
    if (at >= 0) this.inFlight.splice(at);
    return at >= 0;
  }

  get canHint() {
    return this.actingSeat !== null && this.view.dice !== null && !!this.view.hints;
  }

  /** The last move this screen may take back, with its button's words, or null. Where more than
   * one player plays here the words say whose box it is ("Undo Ann's Twos"). */
  get undoOffer() {
    const v = this.view;
    const undo = v && v.undo && this.localSeats.has(v.undo.seat) ? v.undo : null;
    if (!undo) return null;
    const box = this.label(undo.category);
    const text = this.localSeats.size > 1 ? t("table.undo_whose", { name: this.seatName(undo.seat), box }) : t("table.undo", { box });
    return { seat: undo.seat, category: undo.category, text };
  }

  /** The banner's words: whose turn and what to do ({away: name} when the player is away). */
  banner() {
    const v = this.view;
    const acting = this.actingSeat;
    const activeSeat = v.seats.find((s) => s.seat === v.active_seat);
    const activeName = activeSeat ? activeSeat.name : "";
    if (acting !== null) {
      const title = this.mode === "pass" || this.localSeats.size > 1 ? t("table.turn_of", { name: activeName }) : t("table.your_turn");
      let sub;
      if (v.dice === null) sub = t("table.sub_roll_first");
      else if (v.rolls_left > 0) sub = t(touchFirst() ? "table.sub_rolls_left_touch" : "table.sub_rolls_left", { count: v.rolls_left });
      else sub = t("table.sub_no_rolls");
      return { title, sub, away: null };
    }
    const title = activeSeat ? t("table.turn_of", { name: activeName }) : t("table.waiting");
    const sub = activeSeat && activeSeat.bot ? t("table.sub_computer") : v.dice === null ? t("table.sub_waiting_roll") : t("table.sub_rolls_left_watch", { count: v.rolls_left });
    return { title, sub, away: v.absence ? activeName : null };
  }

  /** Who rolled what for the first turn, shown until the first box is filled. */
  rollOffText() {
    const v = this.view;
    const started = v.seats.some((seat) => seat.cards.some((card) => Object.keys(card.boxes).length));
    if (!v.roll_off.length || started) return "";
    const rounds = v.roll_off.map((round) => round.map(([seat, face]) => `${this.seatName(seat)} ${face}`).join(", "));
    return t("table.roll_off", { rolls: rounds.join(t("table.roll_off_tie")), name: this.seatName(v.order[0]) });
  }

  /** The scorecard's columns: in turn order, yours first online; empty seats at the end. Each
   * says what its head shows under the name ("you", "here") and whether a presence dot. */
  columns() {
    const v = this.view;
    const order = v.order.length ? v.order : v.seats.map((s) => s.seat);
    const ordered = order.map((n) => v.seats.find((s) => s.seat === n)).filter(Boolean);
    for (const seat of v.seats) if (!ordered.includes(seat)) ordered.push(seat);
    const viewer = this.viewerSeat;
    if (viewer !== null && this.mode !== "pass") {
      const mine = ordered.findIndex((s) => s.seat === viewer);
      if (mine > 0) ordered.unshift(...ordered.splice(mine, 1));
    }
    const local = this.localSeats;
    // At one screen the columns go by the players' names: "you" would be everyone.
    const named = !this.saysYou;
    const presence = !this.isLocal;
    const columns = ordered.map((seat, index) => {
      const me = seat.seat === viewer;
      const here = local.has(seat.seat);
      const tag = named ? "" : me ? t("card.you") : here ? t("card.here") : "";
      return { seat, index, me, local: here, tag, presence, known: this.presenceKnown };
    });
    while (columns.length < v.options.seats) columns.push({ seat: null, index: columns.length, me: false, local: false, tag: "", presence, known: this.presenceKnown });
    return columns;
  }

  /** The socket went down: who is connected is not known until the next update. Returns
   * whether that changes what the page shows. */
  forgetPresence() {
    const changed = this.presenceKnown;
    this.presenceKnown = false;
    return changed;
  }

  // Frames ----------------------------------------------------------------------------------

  /**
   * Take an update frame in: the new view, the last turn shown faded, what to forget.
   * @returns {{before: object|null, rolled: number[], said: string[]}} the view before, the
   *   dice positions just rolled (to animate) and the lines to read out
   */
  apply(message, catchUp) {
    const before = this.view;
    this.view = shownView(message.table);
    if (message.events.length || this.busy === "rematch") this.busy = null;
    if (catchUp) this.inFlight = []; // a new socket: what the old one sent is answered there
    else this.settle(message.events);
    let rolled = [];
    const said = [];
    if (!catchUp && before) {
      for (const event of message.events) {
        const line = this.narrate(event, before);
        if (line) said.push(line);
        if (event.type === "rolled") {
          rolled = [0, 1, 2, 3, 4].filter((p) => !event.held.includes(p));
          this.lastTurn = null;
          this.justScored = null;
        } else if (event.type === "scored") {
          this.justScored = { seat: event.seat, category: event.category };
          this.lastTurn = { dice: before.dice, text: scoredText(this.seatName(event.seat), event, this.label(event.category)) };
        } else if (event.type === "undone") {
          this.lastTurn = null;
          this.justScored = null;
        }
      }
    } else if (catchUp) {
      // After a reconnect the server sends the events after the last one seen: the log keeps
      // what it had and adds those it missed (narrate skips any it already holds).
      for (const event of message.events) this.narrate(event, null, { quiet: true });
    }
    this.presenceKnown = true;
    if (this.hint && this.hint.key !== this.positionKey()) this.hint = null;
    const options = this.view.score_options || [];
    if (this.selected && !options.some((o) => o.category === this.selected)) this.selected = null;
    if (this.previewing && !options.some((o) => o.category === this.previewing)) this.previewing = null;
    return { before, rolled, said };
  }

  /** An event in words, kept in the log (a chat line is read out, not logged). Returns the
   * line to read out, or null. */
  narrate(event, before, { quiet = false } = {}) {
    const name = (seat) => {
      const found = this.view.seats.find((s) => s.seat === seat) || (before && before.seats.find((s) => s.seat === seat));
      return found ? found.name : t("table.seat_n", { number: seat + 1 });
    };
    if (event.type === "chat") {
      return !quiet && !(event.seat !== null && this.localSeats.has(event.seat)) ? t("table.says", { name: event.author, text: event.text }) : null;
    }
    if (typeof event.seq === "number") {
      if (event.seq <= this.logSeq) return null; // already in the log (sent again on a reconnect)
      this.logSeq = event.seq;
    }
    const text = eventText(event, name, (c) => this.label(c));
    if (text === null) return null;
    this.log.push(text);
    if (this.log.length > 60) this.log.shift();
    return quiet ? null : text;
  }

  /** "The match is over. Ann wins." */
  resultText() {
    const outcome = this.view.outcome;
    if (!outcome) return null;
    const winners = outcome.winners.map((seat) => this.seatName(seat));
    return t(winners.length > 1 ? "table.result_winners" : "table.result_winner", { names: namesList(winners) });
  }
}

/** One event of the table as a line of the moves log, or null for those not logged. */
export function eventText(event, name, label) {
  switch (event.type) {
    case "joined":
      return t(event.bot ? "table.log_joined_computer" : "table.log_joined", { name: seatName(event.name, event.bot) });
    case "left":
      return t("table.log_left", { name: name(event.seat) });
    case "started": {
      if (!event.roll_off || !event.roll_off.length) return t("table.log_started");
      const rolls = event.roll_off.map((round) => round.map(([seat, face]) => `${name(seat)} ${face}`).join(", "));
      return t("table.log_started_roll_off", { rolls: rolls.join(t("table.log_roll_off_then")), name: name(event.order[0]) });
    }
    case "rolled":
      return t("table.log_rolled", { name: name(event.seat), dice: event.dice.join(" ") });
    case "scored":
      return scoredText(name(event.seat), event, label(event.category));
    case "undone":
      return t("table.log_undone", { name: name(event.seat), box: label(event.category) });
    case "clock_expired":
      return t("table.log_clock_expired", { name: name(event.seat) });
    case "absent":
      return event.skipped_by === null
        ? t("table.log_absent", { name: name(event.seat) })
        : t("table.log_skipped", { by: name(event.skipped_by), name: name(event.seat) });
    case "host_passed":
      return t("table.log_host_passed", { name: name(event.seat) });
    case "hint":
      return t("table.log_hint", { name: name(event.seat) });
    default:
      return null;
  }
}
