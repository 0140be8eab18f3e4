// A table: the waiting room, the match (dice, scorecard, clock, chat, hint, undo) and the end
// of the match. The server is the referee: this screen sends intents and draws the views it
// gets back; it never decides a score.

import { clearTurn, showTurn } from "./alerts.js";
import { api } from "./api.js";
import { ChatPanel } from "./chat.js";
import { clockOffset, secondsLeft, tickClocks } from "./clock.js";
import { DiceTray } from "./dice.js";
import { announce, clockText, copyText, fill, h, toast } from "./dom.js";
import { actionText } from "./analysis.js";
import { botName } from "./labels.js";
import { rematchControls, renderResults } from "./results.js";
import { navigate } from "./router.js";
import { recordLocalScores } from "./localscores.js";
import { rulesHref } from "./rules.js";
import { renderScorecard } from "./scorecard.js";
import { addSeat, clearAutostart, dropSeat, forgetTable, playerName, rememberedSeats, resumeSeats, saveSeats, tabSeats } from "./seats.js";
import { TableSocket } from "./socket.js";
import { sounds } from "./sounds.js";
import { renderWaiting } from "./waiting.js";

const MAX_ROLLS = 3;
// Intents sent with the view's seq (refused as stale if the table moved on) and that keep their
// button disabled until the server answers: a double click acts once.
const ONCE = new Set(["roll", "score", "undo", "start", "skip", "remove", "rematch", "add_bot"]);

export class TableScreen {
  constructor(root, tableId) {
    this.root = root;
    this.tableId = tableId;
    this.entry = tabSeats(tableId);
    this.welcome = null;
    this.view = null;
    this.socketState = "connecting";
    this.pendingHeld = null;
    this.selected = null;
    this.previewing = null;
    this.hint = null;
    this.lastTurn = null;
    this.justScored = null;
    this.roundShown = null;
    this.log = [];
    this.startSent = false;
    this.busy = null; // the intent sent and not yet answered
    this.build();
    this.connect();
    this.onKeyDown = (event) => this.onKey(event);
    document.addEventListener("keydown", this.onKeyDown);
    this.ticker = setInterval(() => this.tick(), 250);
  }

  destroy() {
    clearTurn();
    this.socket.close();
    document.removeEventListener("keydown", this.onKeyDown);
    clearInterval(this.ticker);
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

  get primarySeat() {
    if (this.welcome && this.welcome.seat !== null) return this.welcome.seat;
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
    return found ? found.name : `Seat ${seat + 1}`;
  }

  label(category) {
    const box = this.welcome && this.welcome.categories.find((c) => c.name === category);
    return box ? box.label : category;
  }

  // Connection -------------------------------------------------------------------------------

  connect() {
    const primary = this.entry ? this.entry.seats[this.entry.primary] : null;
    this.socket = new TableSocket(this.tableId, {
      token: primary ? primary.token : null,
      name: playerName() || null,
      onMessage: (message, info) => this.onMessage(message, info),
      onStatus: (state) => {
        this.socketState = state;
        this.renderHead();
        if (state === "gone") this.renderGone();
      },
    });
    this.socket.alsoTokens = [...this.localSeats.values()].map((held) => held.token);
    this.socket.connect();
    // Tests reach the socket to drop it (a lost connection) through this hook.
    window.fivedice = { screen: this };
  }

  onMessage(message, { catchUp }) {
    switch (message.type) {
      case "welcome":
        this.welcome = message;
        if (message.seat === null && this.entry && !this.localSeats.size) this.entry = null;
        break;
      case "update":
        this.applyUpdate(message, catchUp);
        break;
      case "joined": {
        const name = this.joiningName || playerName() || "Player";
        this.entry = addSeat(this.tableId, message.seat, message.token, name, { primary: message.seat });
        this.socket.token = message.token;
        this.joiningName = null;
        toast(`You sit at seat ${message.seat + 1}`);
        this.render();
        break;
      }
      case "error":
        this.onError(message);
        break;
      case "rematch":
        this.onRematch(message);
        break;
      default:
        break;
    }
  }

  onError(message) {
    if (message.ref === "hello" && (message.code === "bad_token" || message.code === "missing_token")) {
      // The seat was given up (or the token is stale): watch instead.
      forgetTable(this.tableId);
      this.entry = null;
      this.socket.rehello(null);
      toast("Your seat at this table is no longer yours: watching instead", "error");
      return;
    }
    if (message.ref === "hello" && message.code === "already_greeted") return;
    this.busy = null;
    this.pendingHeld = null;
    if (message.code === "stale") {
      // Sent from a view the table has moved on from (a second click): nothing happened, and the
      // update that moved it is on its way.
      if (this.view) this.render();
      return;
    }
    toast(message.message, "error");
    if (this.view) this.render();
  }

  send(message) {
    if (!this.socket.send(message)) {
      toast("Not connected: reconnecting…", "error");
      return false;
    }
    return true;
  }

  intent(type, seat, fields = {}) {
    const token = this.tokenFor(seat);
    if (!token) return false;
    if (!ONCE.has(type)) return this.send({ type, token, ...fields });
    if (this.busy) return false;
    const sent = this.send({ type, token, seq: this.view ? this.view.seq : undefined, ...fields });
    if (sent) {
      this.busy = type;
      if (this.view) this.render();
    }
    return sent;
  }

  /** The rematch opened: keep the new seats this screen plays and move there. */
  onRematch(message) {
    const mine = [...this.localSeats.entries()].sort((a, b) => a[0] - b[0]);
    const accepted = new Set((this.view && this.view.rematch && this.view.rematch.accepted) || mine.map(([seat]) => seat));
    const names = mine.filter(([seat]) => accepted.has(seat)).map(([seat, held]) => this.seatNameOr(seat, held.name));
    if (message.seats.length) {
      const seats = {};
      message.seats.forEach((granted, i) => {
        seats[granted.seat] = { token: granted.token, name: names[i] || names[0] || "" };
      });
      saveSeats(message.table_id, { mode: this.mode, seats, primary: message.seats[0].seat });
      toast("The rematch is on");
    } else if (this.localSeats.size) {
      return; // a player who declined stays to look at the results
    } else {
      toast("Watching the rematch");
    }
    navigate(`./?table=${encodeURIComponent(message.table_id)}`);
  }

  // Updates ----------------------------------------------------------------------------------

  applyUpdate(message, catchUp) {
    const before = this.view;
    this.view = message.table;
    if (message.events.length || this.busy === "rematch") this.busy = null;
    let rolled = [];
    if (!catchUp && before) {
      for (const event of message.events) {
        this.narrate(event, before);
        if (event.type === "rolled") {
          rolled = [0, 1, 2, 3, 4].filter((p) => !event.held.includes(p));
          this.lastTurn = null;
          this.justScored = null;
        } else if (event.type === "scored") {
          this.justScored = { seat: event.seat, category: event.category };
          this.lastTurn = {
            dice: before.dice,
            text: `${this.seatName(event.seat)} scored ${event.points}${event.bonus ? ` + ${event.bonus} bonus` : ""} in ${this.label(event.category)}${event.scratch ? " (passed)" : ""}`,
          };
        } else if (event.type === "undone") {
          this.lastTurn = null;
          this.justScored = null;
        }
      }
    } else if (catchUp) {
      this.log = [];
      for (const event of message.events) this.narrate(event, null, { quiet: true });
    }
    this.pendingHeld = null;
    if (!catchUp && before) this.sound(message.events);
    this.alertTurn(!catchUp && !!before);
    if (this.hint && this.hint.key !== this.positionKey()) this.hint = null;
    if (this.selected && !this.view.score_options.some((o) => o.category === this.selected)) this.selected = null;
    if (this.previewing && !this.view.score_options.some((o) => o.category === this.previewing)) this.previewing = null;
    this.maybeAutostart();
    this.render({ rolled });
    if (before && before.phase !== "finished" && this.view.phase === "finished") {
      this.announceResult();
      recordLocalScores(this.tableId, this.view);
    }
  }

  /** The sounds of what just happened (dice, holds, scores, a Yahtzee). */
  sound(events) {
    for (const event of events) {
      if (event.type === "rolled") sounds.play("dice");
      else if (event.type === "held") sounds.play("hold");
      else if (event.type === "scored" && !event.scratch) sounds.play((event.category === "yahtzee" && event.points > 0) || event.bonus > 0 ? "yahtzee" : "score");
    }
  }

  /** The tab's title and icon say whether it is this screen's turn; when the turn comes to it,
   * a sound and (if the page is hidden and the person asked for them) a notification. */
  alertTurn(live) {
    const myTurn = this.actingSeat !== null;
    const key = myTurn ? JSON.stringify([this.view.active_seat, this.view.round, this.view.seats.map((s) => s.cards.map((c) => Object.keys(c.boxes).length))]) : null;
    const fresh = myTurn && key !== this.turnKey;
    this.turnKey = key;
    showTurn(myTurn, this.view.name || "", { notify: live && fresh });
    if (live && fresh) sounds.play("turn");
  }

  positionKey() {
    const v = this.view;
    return JSON.stringify([v.active_seat, v.round, v.dice, v.rolls_left]);
  }

  maybeAutostart() {
    const v = this.view;
    if (!this.entry || !this.entry.autostart || this.startSent || v.phase !== "waiting") return;
    if (v.host === null || !this.localSeats.has(v.host)) return;
    this.startSent = true;
    clearAutostart(this.tableId);
    this.entry = tabSeats(this.tableId);
    this.intent("start", v.host);
  }

  narrate(event, before, { quiet = false } = {}) {
    const name = (seat) => {
      const v = this.view;
      const found = v.seats.find((s) => s.seat === seat) || (before && before.seats.find((s) => s.seat === seat));
      return found ? found.name : `Seat ${seat + 1}`;
    };
    let text = null;
    switch (event.type) {
      case "joined":
        text = `${event.name} sat down${event.bot ? " (computer)" : ""}`;
        break;
      case "left":
        text = `${name(event.seat)} left the table`;
        break;
      case "started": {
        text = "The match started";
        if (event.roll_off && event.roll_off.length) {
          const rolls = event.roll_off.map((round) => round.map(([seat, face]) => `${name(seat)} ${face}`).join(", "));
          text += `. Roll for first turn: ${rolls.join("; then ")}. ${name(event.order[0])} starts`;
        }
        break;
      }
      case "rolled":
        text = `${name(event.seat)} rolled ${event.dice.join(" ")}`;
        break;
      case "scored":
        text = `${name(event.seat)} scored ${event.points}${event.bonus ? ` + ${event.bonus} bonus` : ""} in ${this.label(event.category)}${event.scratch ? " (passed)" : ""}`;
        break;
      case "undone":
        text = `${name(event.seat)} took back ${this.label(event.category)}`;
        break;
      case "clock_expired":
        text = `${name(event.seat)}'s time ran out`;
        break;
      case "absent":
        text = event.skipped_by === null ? `${name(event.seat)} was away: the turn passed` : `${name(event.skipped_by)} skipped ${name(event.seat)}'s turn (away)`;
        break;
      case "host_passed":
        text = `${name(event.seat)} is now the host`;
        break;
      case "hint":
        text = `${name(event.seat)} took a hint`;
        break;
      case "chat":
        if (!quiet && !(event.seat !== null && this.localSeats.has(event.seat))) announce(`${event.author} says: ${event.text}`);
        return;
      default:
        return;
    }
    this.log.push(text);
    if (this.log.length > 60) this.log.shift();
    if (!quiet) announce(text);
  }

  announceResult() {
    const outcome = this.view.outcome;
    if (!outcome) return;
    const winners = outcome.winners.map((seat) => this.seatName(seat));
    announce(`The match is over. ${winners.join(" and ")} ${winners.length > 1 ? "win" : "wins"}.`);
  }

  // Building the screen ----------------------------------------------------------------------

  build() {
    this.headEl = h("header", { class: "table-head" });
    this.feltEl = h("section", { class: "felt", "aria-label": "Dice table" });
    this.cardEl = h("div", { class: "card-scroll" });
    this.roundTabs = h("div", { class: "round-tabs", role: "group", "aria-label": "Round shown" });
    this.cardPanel = h(
      "section",
      { class: "panel card-panel", "aria-label": "Scorecard" },
      h("div", { class: "panel-head" }, h("h2", {}, "Scorecard"), this.roundTabs),
      this.cardEl,
    );
    this.chat = new ChatPanel((text) => this.sendChat(text));
    this.logEl = h("ol", { class: "log", "aria-label": "Moves so far" });
    this.sideEl = h("div", { class: "side-panels" }, this.chat.el, h("section", { class: "panel", "aria-label": "Moves" }, h("h2", {}, "Moves"), this.logEl));
    this.tray = new DiceTray((position) => this.toggleHold(position));
    this.el = h(
      "section",
      { class: "table-screen", dataset: { tableId: this.tableId } },
      this.headEl,
      h("div", { class: "board" }, this.feltEl, this.cardPanel, this.sideEl),
    );
    fill(this.root, this.el);
    fill(this.feltEl, h("p", { class: "felt-note" }, "Connecting to the table…"));
    this.renderHead();
  }

  render({ rolled = [] } = {}) {
    const v = this.view;
    if (!v || !this.welcome) return;
    this.el.dataset.phase = v.phase;
    this.el.dataset.seq = String(v.seq);
    this.el.dataset.active = v.active_seat === null ? "" : String(v.active_seat);
    this.el.dataset.acting = this.actingSeat === null ? "" : String(this.actingSeat);
    this.el.dataset.mySeat = this.viewerSeat === null ? "" : String(this.viewerSeat);
    this.renderHead();
    if (v.phase === "waiting") this.renderWaiting();
    else if (v.phase === "playing") this.renderPlaying(rolled);
    else this.renderFinished();
    this.renderCard();
    this.chat.update(v.chat, v.spectators, v.spectator_count);
    this.chat.form.hidden = false;
    this.logEl.replaceChildren(...this.log.slice(-30).map((line) => h("li", {}, line)));
    this.logEl.scrollTop = this.logEl.scrollHeight;
    this.tick();
  }

  renderHead() {
    const v = this.view;
    const rules = this.welcome ? this.welcome.rules : null;
    const states = {
      online: ["on", "Connected"],
      connecting: ["wait", "Connecting…"],
      reconnecting: ["wait", "Reconnecting…"],
      gone: ["off", "No such table"],
    };
    const [dot, text] = states[this.socketState] || states.connecting;
    const rounds = v ? v.options.rounds : 1;
    const meta = h(
      "div",
      { class: "meta" },
      rules ? h("a", { class: "pill rules-pill", title: rules.source, href: rulesHref(rules.name), target: "_blank", rel: "noopener", id: "table-rules" }, rules.title, h("span", { class: "rules-pill-more" }, "rules ↗")) : null,
      v && rounds > 1 ? h("span", { class: "pill" }, `Round ${Math.min(v.round + 1, rounds)} of ${rounds}`) : null,
      v && v.options.clock_seconds ? h("span", { class: "pill" }, `${clockText(v.options.clock_seconds)} per hand`) : null,
      v && !v.listed ? h("span", { class: "pill" }, "private") : null,
      h("span", { class: "conn", dataset: { connection: this.socketState }, role: "status" }, h("span", { class: `dot ${dot}` }), text),
    );
    const actions = h(
      "div",
      { class: "head-actions" },
      this.socketState === "gone" ? null : h("button", { type: "button", class: "button small", onclick: () => this.copyInvite() }, "Copy invite link"),
      this.localSeats.size && v && v.phase !== "finished"
        ? h("button", { type: "button", class: "button small danger", onclick: () => this.leave() }, "Leave")
        : h("a", { class: "button small", href: "./", "data-link": true }, "Lobby"),
    );
    fill(this.headEl, h("h1", {}, (v && v.name) || "Table"), meta, actions);
  }

  renderGone() {
    this.el.dataset.phase = "gone";
    this.cardPanel.hidden = true;
    this.sideEl.hidden = true;
    fill(
      this.feltEl,
      h("div", { class: "turn-who" }, h("p", { class: "turn-title" }, "There is no such table"), h("p", { class: "turn-sub" }, "It may have finished long ago.")),
      h("div", { class: "controls" }, h("a", { class: "button primary", href: "./", "data-link": true }, "To the lobby")),
    );
  }

  renderWaiting() {
    this.feltView = "waiting";
    fill(this.feltEl, renderWaiting(this));
  }

  renderFinished() {
    if (this.feltView !== "finished") {
      this.feltView = "finished";
      fill(this.feltEl, renderResults(this));
    } else if (this.rematchEl) {
      fill(this.rematchEl, rematchControls(this));
    }
  }

  renderPlaying(rolled) {
    const v = this.view;
    if (this.feltView !== "playing") {
      this.feltView = "playing";
      this.bannerEl = h("div", { class: "turn-banner" });
      this.rollButton = h("button", { type: "button", class: "roll-button", onclick: () => this.roll() });
      this.hintButton = h("button", { type: "button", class: "button small", onclick: () => this.askHint() }, "Hint ", h("span", { class: "kbd" }, "H"));
      this.undoButton = h("button", { type: "button", class: "button small", onclick: () => this.undo() });
      this.previewEl = h("p", { class: "preview-line", "aria-live": "polite" });
      this.noteEl = h("p", { class: "felt-note" });
      this.hintEl = h("div", { class: "hint-box", "aria-live": "polite" });
      this.resumeEl = h("div", { class: "controls" });
      this.awayEl = h("div", { class: "controls away-controls" });
      fill(
        this.feltEl,
        this.bannerEl,
        this.awayEl,
        this.tray.el,
        h("div", { class: "controls" }, this.rollButton, this.hintButton, this.undoButton),
        this.previewEl,
        this.noteEl,
        this.hintEl,
        this.resumeEl,
      );
    }
    const acting = this.actingSeat;
    const active = v.active_seat;
    const activeSeat = v.seats.find((s) => s.seat === active);
    const activeName = activeSeat ? activeSeat.name : "";
    const held = this.pendingHeld || new Set(v.held);

    // The banner: whose turn, what to do, the clock.
    let title;
    let sub;
    if (acting !== null) {
      title = this.mode === "pass" || this.localSeats.size > 1 ? `${activeName}'s turn` : "Your turn";
      if (v.dice === null) sub = "Roll the dice to start your turn.";
      else if (v.rolls_left > 0) sub = `${v.rolls_left} roll${v.rolls_left === 1 ? "" : "s"} left: click dice to hold them, roll again, or pick a box.`;
      else sub = "No rolls left: pick a box to score.";
    } else {
      title = activeSeat ? `${activeName}'s turn` : "Waiting…";
      sub = activeSeat && activeSeat.bot ? "The computer is playing." : v.dice === null ? "Waiting for the roll…" : `${v.rolls_left} roll${v.rolls_left === 1 ? "" : "s"} left.`;
      if (v.absence) sub = h("span", { class: "away-note" }, `${activeName} is away: the turn passes in `, h("span", { class: "away-left", dataset: { deadline: String(v.absence.deadline) } }), ".");
    }
    const clock = v.clock && active !== null ? h("span", { class: "big-clock", dataset: { clockSeat: String(active) }, "aria-label": "time left" }) : null;
    fill(this.bannerEl, h("div", { class: "turn-who" }, h("p", { class: "turn-title", id: "turn-title" }, title), h("p", { class: "turn-sub" }, sub)), clock);

    // The host may pass an away player's turn at once, or put them out.
    const hostHere = v.host !== null && this.localSeats.has(v.host);
    fill(
      this.awayEl,
      v.absence && hostHere && !this.localSeats.has(v.absence.seat)
        ? [
            h("button", { type: "button", class: "button small", onclick: () => this.skipAway(v.absence.seat), disabled: !!this.busy }, `Skip ${activeName}'s turn`),
            h("button", { type: "button", class: "button small danger", onclick: () => this.removeAway(v.absence.seat), disabled: !!this.busy }, `Remove ${activeName}`),
          ]
        : null,
    );

    // The dice: this turn's, or the last turn's (faded) until the next roll.
    const hinted = this.hint && this.hint.best.kind === "hold" ? new Set(this.hint.best.positions) : new Set();
    const showLast = v.dice === null && this.lastTurn && this.lastTurn.dice;
    this.tray.update({
      dice: showLast ? this.lastTurn.dice : v.dice,
      held: showLast ? new Set() : held,
      canHold: acting !== null && v.dice !== null && v.rolls_left > 0,
      rolled,
      last: !!showLast,
      hinted,
    });
    this.noteEl.textContent = showLast ? this.lastTurn.text : v.dice === null ? this.rollOffText() : "";

    // Roll, hint, undo.
    const canRoll = acting !== null && v.rolls_left > 0;
    const pips = h("span", { class: "rolls-left", "aria-hidden": "true" }, [...Array(MAX_ROLLS)].map((_, i) => h("i", { class: i < v.rolls_left ? "full" : "" })));
    fill(this.rollButton, v.dice === null ? "Roll" : "Roll again", pips, h("span", { class: "kbd", "aria-hidden": "true" }, "R"));
    this.rollButton.disabled = !canRoll || this.busy !== null;
    this.rollButton.setAttribute("aria-label", `Roll the dice (${v.rolls_left} roll${v.rolls_left === 1 ? "" : "s"} left)`);
    this.rollButton.dataset.rollsLeft = String(v.rolls_left);
    this.hintButton.hidden = !v.hints;
    this.hintButton.disabled = acting === null || v.dice === null;
    const undo = v.undo && this.localSeats.has(v.undo.seat) ? v.undo : null;
    this.undoButton.hidden = !undo;
    if (undo) fill(this.undoButton, `Undo ${this.label(undo.category)} `, h("span", { class: "kbd" }, "U"));
    this.renderPreview();
    this.renderHint();

    // A tab that once held a seat here can take it back.
    const remembered = !this.localSeats.size ? rememberedSeats(this.tableId) : null;
    fill(
      this.resumeEl,
      remembered
        ? h("button", { type: "button", class: "button primary", onclick: () => this.resume() }, `Resume as ${Object.values(remembered.seats).map((s) => s.name).join(", ")}`)
        : null,
    );
  }

  /** Who rolled what for the first turn, shown until the first box is filled. */
  rollOffText() {
    const v = this.view;
    const started = v.seats.some((seat) => seat.cards.some((card) => Object.keys(card.boxes).length));
    if (!v.roll_off.length || started) return "";
    const rounds = v.roll_off.map((round) => round.map(([seat, face]) => `${this.seatName(seat)} ${face}`).join(", "));
    return `Roll for first turn: ${rounds.join("; tie, again: ")}. ${this.seatName(v.order[0])} starts.`;
  }

  renderPreview() {
    if (!this.previewEl) return;
    const v = this.view;
    const category = this.previewing || this.selected;
    const option = category && v.score_options.find((o) => o.category === category);
    if (!option) {
      this.previewEl.textContent = this.actingSeat !== null && v.dice !== null ? "Hover, long-press or right-click a box to preview it." : "";
      this.previewEl.classList.add("muted");
      return;
    }
    this.previewEl.classList.remove("muted");
    fill(
      this.previewEl,
      `${this.label(category)}: `,
      h("span", { class: "pts" }, `${option.points} point${option.points === 1 ? "" : "s"}`),
      option.bonus ? ` + ${option.bonus} bonus` : "",
      option.joker ? " (joker)" : "",
      this.actingSeat !== null ? " · click or Enter to score" : "",
    );
  }

  renderHint() {
    if (!this.hintEl) return;
    const hint = this.hint;
    this.hintEl.hidden = !hint;
    if (!hint) return;
    const describe = (a) =>
      a.kind === "score" ? `Score ${this.label(a.category)} (${a.points}${a.bonus ? ` + ${a.bonus}` : ""})` : a.hold.length ? `Hold ${a.hold.join(" ")} and roll` : "Roll all five again";
    fill(
      this.hintEl,
      h("div", { class: "best" }, `Best: ${describe(hint.best)}`, " — expected final score ", h("span", { class: "ev" }, hint.best.expected.toFixed(1))),
      hint.others.length
        ? h("ol", { start: "2" }, hint.others.map((a) => h("li", {}, `${describe(a)}: `, h("span", { class: "ev" }, a.expected.toFixed(1)), ` (${(a.expected - hint.best.expected).toFixed(1)})`)))
        : null,
    );
  }

  renderCard() {
    const v = this.view;
    const rounds = v.options.rounds;
    const shown = this.roundShown === null ? Math.min(v.round, rounds - 1) : this.roundShown;
    fill(
      this.roundTabs,
      rounds > 1
        ? [...Array(rounds)].map((_, i) =>
            h("button", { type: "button", "aria-pressed": i === shown ? "true" : "false", onclick: () => { this.roundShown = i === Math.min(v.round, rounds - 1) ? null : i; this.renderCard(); } }, `Round ${i + 1}`),
          )
        : null,
    );
    const hadFocus = this.cardEl.contains(document.activeElement) ? document.activeElement.dataset.category : null;
    const table = renderScorecard({
      categories: this.welcome.categories,
      rules: this.welcome.rules,
      view: v,
      roundIndex: shown,
      columns: this.columns(),
      actingSeat: this.actingSeat,
      selected: this.selected,
      previewing: this.previewing,
      bestBox: this.hint && this.hint.best.kind === "score" ? this.hint.best.category : null,
      justScored: this.justScored,
      handlers: {
        onScore: (category) => this.score(category),
        onPreview: (category, opts) => this.preview(category, opts),
        onSelect: (category) => {
          this.selected = category;
          this.preview(category);
        },
      },
    });
    fill(this.cardEl, table);
    if (hadFocus) {
      const again = this.cardEl.querySelector(`button.open-box[data-category="${hadFocus}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

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
    const columns = ordered.map((seat, index) => ({ seat, index, me: seat.seat === viewer, local: local.has(seat.seat) }));
    while (columns.length < v.options.seats) columns.push({ seat: null, index: columns.length, me: false, local: false });
    return columns;
  }

  tick() {
    if (!this.view) return;
    for (const el of this.el.querySelectorAll(".away-left")) {
      el.textContent = clockText(Number(el.dataset.deadline) - clockOffset.now());
    }
    if (!this.view.clock) return;
    tickClocks(this.el, this.view.clock);
    const active = this.view.active_seat;
    const left = secondsLeft(this.view.clock, active);
    const big = this.el.querySelector(".big-clock");
    if (big && left !== null) big.classList.toggle("low", left <= 10);
    // Time running low on this screen's turn: one warning per hand.
    if (this.actingSeat !== null && left !== null && left <= 10 && left > 0 && this.lowWarned !== this.turnKey) {
      this.lowWarned = this.turnKey;
      sounds.play("low");
    }
  }

  // Intents --------------------------------------------------------------------------------

  toggleHold(position) {
    const v = this.view;
    const seat = this.actingSeat;
    if (seat === null || v.dice === null || v.rolls_left <= 0) return;
    const held = new Set(this.pendingHeld || v.held);
    if (held.has(position)) held.delete(position);
    else held.add(position);
    if (this.intent("hold", seat, { positions: [...held].sort() })) {
      this.pendingHeld = held;
      this.render();
    }
  }

  roll() {
    const v = this.view;
    const seat = this.actingSeat;
    if (seat === null || v.rolls_left <= 0 || this.busy) return;
    this.hint = null;
    this.intent("roll", seat);
  }

  score(category) {
    const seat = this.actingSeat;
    if (seat === null || this.busy) return;
    this.selected = null;
    this.previewing = null;
    this.hint = null;
    this.intent("score", seat, { category });
  }

  undo() {
    const v = this.view;
    if (!v.undo || !this.localSeats.has(v.undo.seat)) return;
    this.intent("undo", v.undo.seat);
  }

  preview(category, { sticky = false } = {}) {
    if (!category && this.previewSticky && !sticky) return;
    this.previewSticky = sticky && !!category;
    this.previewing = category;
    for (const button of this.cardEl.querySelectorAll("button.open-box")) {
      button.classList.toggle("previewing", button.dataset.category === category);
    }
    this.renderPreview();
  }

  async askHint() {
    const v = this.view;
    if (this.actingSeat === null || v.dice === null || !v.hints) return;
    const key = this.positionKey();
    this.hintButton.disabled = true;
    fill(this.hintEl, h("span", {}, "Thinking…"));
    this.hintEl.hidden = false;
    try {
      const advice = await api.advice(this.tableId, 3, this.tokenFor(this.actingSeat));
      if (key !== this.positionKey()) return;
      const [best, ...others] = advice.actions;
      this.hint = { key, best, others };
      announce(`Hint: ${actionText(best, (c) => this.label(c))}, expected final score ${best.expected.toFixed(1)}`);
    } catch (error) {
      this.hint = null;
      toast(error.message, "error");
    }
    this.render();
  }

  sendChat(text) {
    const seat = this.primarySeat !== null && this.localSeats.has(this.primarySeat) ? this.primarySeat : null;
    const message = { type: "chat", text };
    const token = seat !== null ? this.tokenFor(seat) : null;
    if (token) message.token = token;
    return this.send(message);
  }

  async copyInvite() {
    const link = `${location.origin}/?table=${this.tableId}`;
    const ok = await copyText(link);
    toast(ok ? "Invite link copied" : link);
  }

  leave() {
    const v = this.view;
    const question = v && v.phase === "playing" ? "Leave the match? The others play on without you." : "Leave this table?";
    if (!window.confirm(question)) return;
    for (const seat of this.localSeats.keys()) this.intent("leave", seat);
    forgetTable(this.tableId);
    setTimeout(() => navigate("./"), 150);
  }

  resume() {
    this.entry = resumeSeats(this.tableId);
    this.socket.close();
    this.connect();
  }

  // Waiting room actions (used by waiting.js) -------------------------------------------------

  /** A seat through REST, so a signed-in player's seat is their account's (it comes back on
   * their other devices, and a rated table seats only accounts); then the socket greets again
   * with the new token. */
  async takeSeat(name) {
    try {
      const seat = await api.takeSeat(this.tableId, name);
      addSeat(this.tableId, seat.seat, seat.token, name, { mode: "online", primary: seat.seat });
      toast(`You sit at seat ${seat.seat + 1}`);
      this.resume();
    } catch (error) {
      toast(error.message, "error");
    }
  }

  addComputer(level) {
    this.intent("add_bot", this.view.host, { level, name: botName(level, this.view.seats.map((s) => s.name)) });
  }

  removeSeat(seat) {
    this.intent("remove", this.view.host, { seat });
  }

  start() {
    this.intent("start", this.view.host);
  }

  skipAway(seat) {
    this.intent("skip", this.view.host, { seat });
  }

  removeAway(seat) {
    if (!window.confirm(`Remove ${this.seatName(seat)} from the match? They will not play again.`)) return;
    this.intent("remove", this.view.host, { seat });
  }

  // End of match actions (used by results.js) -------------------------------------------------

  /** This screen's players still in the match (those who can take part in a rematch). */
  get rematchSeats() {
    const v = this.view;
    return [...this.localSeats.keys()].filter((seat) => v.seats.some((s) => s.seat === seat && s.status === "playing"));
  }

  /** Offer a rematch, or accept one, for every player at this screen (one answer each). */
  answerRematch(accept) {
    const seats = this.rematchSeats;
    const [first, ...others] = seats;
    if (first === undefined) return;
    // The first answer goes out alone (it may open the offer); the others follow it.
    this.busy = null;
    this.intent("rematch", first, { accept });
    for (const seat of others) this.send({ type: "rematch", token: this.tokenFor(seat), accept });
  }

  seatNameOr(seat, fallback) {
    const found = this.view.seats.find((s) => s.seat === seat);
    return found ? found.name : fallback;
  }

  forgetSeat(seat) {
    dropSeat(this.tableId, seat);
    this.entry = tabSeats(this.tableId);
  }

  // Keyboard -------------------------------------------------------------------------------

  /** Whether Space on this button rolls: on a box of the card while the player acting here
   * still has rolls (a box is scored with Enter or a click, never by Space mid-turn). */
  spaceRolls(target) {
    const onBox = target.closest && target.closest("button.open-box");
    return !!onBox && this.actingSeat !== null && this.view.rolls_left > 0;
  }

  onKey(event) {
    const v = this.view;
    if (!v || v.phase !== "playing" || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    const onButton = target.tagName === "BUTTON" || target.tagName === "A";
    const key = event.key;
    if (key >= "1" && key <= "5") {
      this.toggleHold(Number(key) - 1);
      event.preventDefault();
    } else if (key === "r" || key === "R" || (key === " " && (!onButton || this.spaceRolls(target)))) {
      // Space rolls while rolls are left, even on a box picked with the arrows (Enter scores).
      this.roll();
      event.preventDefault();
    } else if (key === "ArrowDown" || key === "ArrowUp" || key === "ArrowLeft" || key === "ArrowRight") {
      if (this.moveSelection(key === "ArrowDown" || key === "ArrowRight" ? 1 : -1)) event.preventDefault();
    } else if (key === "Enter" && !onButton && this.selected) {
      this.score(this.selected);
      event.preventDefault();
    } else if (key === "h" || key === "H") {
      this.askHint();
    } else if (key === "u" || key === "U") {
      this.undo();
    } else if (key === "Escape") {
      this.previewSticky = false;
      this.selected = null;
      if (this.cardEl.contains(document.activeElement)) document.activeElement.blur();
      for (const b of this.cardEl.querySelectorAll("button.open-box.selected")) b.classList.remove("selected");
      this.preview(null);
    }
  }

  moveSelection(step) {
    if (this.actingSeat === null || this.view.dice === null) return false;
    const buttons = [...this.cardEl.querySelectorAll("button.open-box")];
    if (!buttons.length) return false;
    const at = buttons.findIndex((b) => b.dataset.category === this.selected);
    const next = at < 0 ? (step > 0 ? 0 : buttons.length - 1) : (at + step + buttons.length) % buttons.length;
    const button = buttons[next];
    this.selected = button.dataset.category;
    for (const b of buttons) b.classList.toggle("selected", b === button);
    button.focus();
    this.preview(this.selected);
    return true;
  }
}
