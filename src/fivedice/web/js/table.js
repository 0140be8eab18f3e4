// A table: the waiting room, the match (dice, scorecard, clock, chat, hint, undo) and the end
// of the match. The server is the referee: this screen sends intents and draws the views it
// gets back; it never decides a score. This is the controller: it wires the socket, the model
// of the table (table_model.js) and the views (table_views.js, waiting.js, results.js).

import { clearTurn, showTurn } from "./alerts.js";
import { api } from "./api.js";
import { BoxPreview } from "./box_preview.js";
import { keepNamesUnderBar } from "./card_heads.js";
import { ChatPanel } from "./chat.js";
import { markDailyTable } from "./daily_table.js";
import { isHiddenDaily, renderHiddenDaily } from "./daily_hidden.js";
import { clockOffset, secondsLeft, tickClocks } from "./clock.js";
import { DiceTray } from "./dice.js";
import { announce, clockText, copyText, fill, h, toast } from "./dom.js";
import { actionText } from "./analysis.js";
import { refusalText, t } from "./i18n.js";
import { decimal } from "./labels.js";
import { rematchControls, renderResults, showResultTitle } from "./results.js";
import { navigate } from "./router.js";
import { recordLocalScores } from "./localscores.js";
import { playerName } from "./player_name.js";
import { addSeat, clearAutostart, dropSeat, forgetTable, resumeSeats, saveSeats, tabSeats } from "./seats.js";
import { TableSocket } from "./socket.js";
import { sounds } from "./sounds.js";
import { TableModel } from "./table_model.js";
import { previewParts, renderCard, renderGone, renderHead, renderHint, renderPlaying, renderPreview } from "./table_views.js";
import { renderWaiting } from "./waiting.js";

// Intents sent with the view's seq (refused as stale if the table moved on) and that keep their
// button disabled until the server answers: a double click acts once.
const ONCE = new Set(["undo", "start", "skip", "remove", "rematch", "add_bot"]);

// The turn's moves: sent at once, each with the view's seq and after this screen's previous
// one still on its way, so keys typed faster than the answers come are carried out in order
// (docs/protocol.md, "Intents back to back").
const PLAY = new Set(["hold", "roll", "score"]);

export class TableScreen {
  constructor(root, tableId) {
    this.root = root;
    this.tableId = tableId;
    this.model = new TableModel(tabSeats(tableId));
    this.socketState = "connecting";
    this.startSent = false;
    this.build();
    this.connect();
    markDailyTable(this);
    this.onKeyDown = (event) => this.onKey(event);
    document.addEventListener("keydown", this.onKeyDown);
    this.ticker = setInterval(() => this.tick(), 250);
  }

  destroy() {
    clearTurn();
    this.boxPreview.destroy();
    this.stopNamesUnderBar();
    this.socket.close();
    document.removeEventListener("keydown", this.onKeyDown);
    clearInterval(this.ticker);
  }

  // The model's state, as the waiting room, the results and the tests read it ---------------

  get entry() {
    return this.model.entry;
  }

  set entry(entry) {
    this.model.entry = entry;
  }

  get welcome() {
    return this.model.welcome;
  }

  get view() {
    return this.model.view;
  }

  get busy() {
    return this.model.busy;
  }

  set busy(intent) {
    this.model.busy = intent;
  }

  get localSeats() {
    return this.model.localSeats;
  }

  get mode() {
    return this.model.mode;
  }

  get primarySeat() {
    return this.model.primarySeat;
  }

  /** Whether every seat is played at this screen or by the computer (see TableModel). */
  get isLocal() {
    return this.model.isLocal;
  }

  /** Whether this screen's seats say "you": not where several players share it. */
  get saysYou() {
    return this.model.saysYou;
  }

  get actingSeat() {
    return this.model.actingSeat;
  }

  get viewerSeat() {
    return this.model.viewerSeat;
  }

  tokenFor(seat) {
    return this.model.tokenFor(seat);
  }

  seatName(seat) {
    return this.model.seatName(seat);
  }

  seatNameOr(seat, fallback) {
    return this.model.seatNameOr(seat, fallback);
  }

  label(category) {
    return this.model.label(category);
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
        if (state !== "online" && this.model.forgetPresence()) this.render(); // presence dots: not known
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
        this.model.welcome = message;
        if (message.seat === null && this.entry && !this.localSeats.size) this.entry = null;
        break;
      case "update":
        this.applyUpdate(message, catchUp);
        break;
      case "joined": {
        const name = this.joiningName || playerName() || t("table.player");
        this.entry = addSeat(this.tableId, message.seat, message.token, name, { primary: message.seat });
        this.socket.token = message.token;
        this.joiningName = null;
        toast(t("table.seated", { number: message.seat + 1 }));
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
      toast(t("table.seat_lost"), "error");
      return;
    }
    if (isHiddenDaily(message)) return renderHiddenDaily(this); // someone's daily game: not yet
    if (!this.model.refused(message.id)) this.busy = null;
    // Every refusal is said, a stale one too (the table moved on: another tab, the clock, a
    // computer player); nothing happened, and the update that moved the table is on its way.
    // The intents typed after a stale one come back stale too: said once per table state.
    if (message.code === "stale") {
      const now = message.params ? message.params.now : undefined;
      if (this.staleSaidAt !== undefined && this.staleSaidAt === now) return this.view && this.render();
      this.staleSaidAt = now;
      toast(t("table.moved_on"), "error");
    } else {
      toast(refusalText(message), "error");
    }
    if (this.view) this.render();
  }

  send(message) {
    const id = this.socket.send(message);
    if (!id) toast(t("table.not_connected"), "error");
    return id;
  }

  /** Send an intent for `seat`; returns its request id, or false when it could not go. */
  intent(type, seat, fields = {}) {
    const token = this.tokenFor(seat);
    if (!token) return false;
    if (PLAY.has(type)) return this.play(type, seat, token, fields);
    if (!ONCE.has(type)) return this.send({ type, token, ...fields });
    if (this.busy) return false;
    const sent = this.send({ type, token, seq: this.view ? this.view.seq : undefined, ...fields });
    if (sent) {
      this.busy = type;
      if (this.view) this.render();
    }
    return sent;
  }

  /** A move of the turn, sent at once: with the view's seq and, while this screen's previous
   * move is on its way, `after` it (the server carries it out after that one). */
  play(type, seat, token, fields) {
    const message = { type, token, seq: this.view.seq, ...fields };
    const after = this.model.lastInFlight;
    if (after !== null) message.after = after;
    const id = this.send(message);
    if (id) this.model.sentPlay(id, type, seat, fields.positions || null);
    return id;
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
      toast(t("table.rematch_on"));
    } else if (this.localSeats.size) {
      return; // a player who declined stays to look at the results
    } else {
      toast(t("table.watching_rematch"));
    }
    navigate(`./?table=${encodeURIComponent(message.table_id)}`);
  }

  // Updates ----------------------------------------------------------------------------------

  applyUpdate(message, catchUp) {
    const { before, rolled, said } = this.model.apply(message, catchUp);
    for (const line of said) announce(line);
    if (!catchUp && before) this.sound(message.events);
    this.alertTurn(!catchUp && !!before);
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
    const key = this.model.turnKey();
    const fresh = myTurn && key !== this.turnKey;
    this.turnKey = key;
    showTurn(myTurn, this.view.name || "", { notify: live && fresh });
    if (live && fresh) sounds.play("turn");
  }

  positionKey() {
    return this.model.positionKey();
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

  announceResult() {
    const text = this.model.resultText();
    if (text) announce(text);
  }

  // Building the screen ----------------------------------------------------------------------

  build() {
    this.headEl = h("header", { class: "table-head" });
    this.feltEl = h("section", { class: "felt", "aria-label": t("table.felt") });
    this.cardEl = h("div", { class: "card-scroll", tabindex: "0" }); // it scrolls sideways on a phone: keys scroll it too
    this.roundTabs = h("div", { class: "round-tabs", role: "group", "aria-label": t("table.round_shown") });
    this.cardPanel = h(
      "section",
      { class: "panel card-panel", "aria-label": t("card.title") },
      h("div", { class: "panel-head" }, h("h2", {}, t("card.title")), this.roundTabs),
      this.cardEl,
    );
    this.chat = new ChatPanel((text) => this.sendChat(text));
    this.logEl = h("ol", { class: "log", "aria-label": t("table.moves_so_far"), tabindex: "0" });
    this.sideEl = h("div", { class: "side-panels" }, this.chat.el, h("section", { class: "panel", "aria-label": t("table.moves") }, h("h2", {}, t("table.moves")), this.logEl));
    this.tray = new DiceTray((position) => this.toggleHold(position));
    this.boxPreview = new BoxPreview(() => this.preview(null, { sticky: true }));
    this.stopNamesUnderBar = keepNamesUnderBar(this.feltEl, this.cardEl);
    this.el = h(
      "section",
      { class: "table-screen", dataset: { tableId: this.tableId } },
      this.headEl,
      h("div", { class: "board" }, this.feltEl, this.cardPanel, this.sideEl),
    );
    fill(this.root, this.el);
    fill(this.feltEl, h("p", { class: "felt-note" }, t("table.connecting_table")));
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
    // A table played at this one screen has no one to chat with.
    this.chat.el.hidden = this.model.isLocal || Boolean(this.daily); // a daily game is played alone, unwatched
    this.chat.update(v.chat, v.spectators, v.spectator_count);
    this.chat.form.hidden = false;
    this.logEl.replaceChildren(...this.model.log.slice(-30).map((line) => h("li", {}, line)));
    this.logEl.scrollTop = this.logEl.scrollHeight;
    this.tick();
  }

  renderHead() {
    renderHead(this);
  }

  renderGone() {
    renderGone(this);
  }

  renderWaiting() {
    this.feltView = "waiting";
    fill(this.feltEl, renderWaiting(this));
  }

  renderFinished() {
    if (this.feltView !== "finished") {
      this.feltView = "finished";
      fill(this.feltEl, renderResults(this));
      showResultTitle();
    } else if (this.rematchEl) {
      fill(this.rematchEl, rematchControls(this));
    }
  }

  renderPlaying(rolled) {
    renderPlaying(this, rolled);
  }

  renderPreview() {
    renderPreview(this);
  }

  /** A long press's or right click's preview, drawn at the box pressed (box_preview.js). */
  placeBoxPreview() {
    const v = this.model.view;
    const category = this.previewSticky ? this.model.previewing : null;
    const option = category && v && v.score_options.find((o) => o.category === category);
    const box = option && this.cardEl.querySelector(`button.open-box[data-category="${category}"]`);
    if (box) this.boxPreview.show(box, ...previewParts(this.model, category, option));
    else this.boxPreview.hide();
  }

  renderHint() {
    renderHint(this);
  }

  renderCard() {
    renderCard(this);
    this.placeBoxPreview();
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

  // A move counts the player's moves still on their way: "1, 5, R" typed at once holds two
  // dice and rolls, whenever the answers come.

  toggleHold(position) {
    const seat = this.actingSeat;
    if (!this.model.canHold) return;
    const held = this.model.held;
    if (held.has(position)) held.delete(position);
    else held.add(position);
    if (this.intent("hold", seat, { positions: [...held].sort() })) this.render();
  }

  /** Roll (the button: not while its last roll is on its way, so a double click rolls once). */
  clickRoll() {
    if (!this.model.rolling) this.roll();
  }

  roll() {
    const seat = this.actingSeat;
    if (!this.model.canRoll) return;
    this.model.hint = null;
    if (this.intent("roll", seat)) this.render();
  }

  score(category) {
    const seat = this.actingSeat;
    if (!this.model.canScore) return;
    this.model.selected = null;
    this.model.previewing = null;
    this.model.hint = null;
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
    this.model.previewing = category;
    for (const button of this.cardEl.querySelectorAll("button.open-box")) {
      button.classList.toggle("previewing", button.dataset.category === category);
    }
    this.renderPreview();
    this.placeBoxPreview();
  }

  async askHint() {
    const v = this.view;
    if (this.actingSeat === null || v.dice === null || !v.hints) return;
    const key = this.positionKey();
    this.hintButton.disabled = true;
    fill(this.hintEl, h("span", {}, t("table.thinking")));
    this.hintEl.hidden = false;
    try {
      const advice = await api.advice(this.tableId, 3, this.tokenFor(this.actingSeat));
      if (key !== this.positionKey()) return;
      const [best, ...others] = advice.actions;
      this.model.hint = { key, best, others };
      announce(t("table.hint_said", { move: actionText(best, (c) => this.label(c)), expected: decimal(best.expected) }));
    } catch (error) {
      this.model.hint = null;
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

  /** Copy the table's link: an invitation while `room` (a seat free), else a link to watch. */
  async copyInvite(room = true) {
    const link = `${location.origin}/?table=${this.tableId}`;
    const ok = await copyText(link);
    toast(ok ? t(room ? "table.invite_copied" : "table.watch_link_copied") : link);
  }

  leave() {
    const v = this.view;
    const question = v && v.phase === "playing" ? t("table.leave_match") : t("table.leave_table");
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
      toast(t("table.seated", { number: seat.seat + 1 }));
      this.resume();
    } catch (error) {
      toast(error.message, "error");
    }
  }

  addComputer(level) {
    this.intent("add_bot", this.view.host, { level }); // named by the server, after its level
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
    if (!window.confirm(t("table.remove_away", { name: this.seatName(seat) }))) return;
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
    if (target.closest && target.closest("input, textarea, select, [contenteditable], .chat, .log")) return;
    const onButton = target.tagName === "BUTTON" || target.tagName === "A";
    const key = event.key;
    if (event.repeat && (key === "Enter" || key === " " || key.toLowerCase() === "r" || (key >= "1" && key <= "5"))) {
      event.preventDefault(); // a key held down moves once
      return;
    }
    if (key >= "1" && key <= "5") {
      this.toggleHold(Number(key) - 1);
      event.preventDefault();
    } else if (key === "r" || key === "R" || (key === " " && (!onButton || this.spaceRolls(target)))) {
      // Space rolls while rolls are left, even on a box picked with the arrows (Enter scores).
      this.roll();
      event.preventDefault();
    } else if (key === "ArrowDown" || key === "ArrowUp" || key === "ArrowLeft" || key === "ArrowRight") {
      if (this.moveSelection(key === "ArrowDown" || key === "ArrowRight" ? 1 : -1)) event.preventDefault();
    } else if (key === "Enter" && !onButton && this.model.selected) {
      this.score(this.model.selected);
      event.preventDefault();
    } else if (key === "h" || key === "H") {
      this.askHint();
    } else if (key === "u" || key === "U") {
      this.undo();
    } else if (key === "Escape") {
      this.previewSticky = false;
      this.model.selected = null;
      if (this.cardEl.contains(document.activeElement)) document.activeElement.blur();
      for (const b of this.cardEl.querySelectorAll("button.open-box.selected")) b.classList.remove("selected");
      this.preview(null);
    }
  }

  moveSelection(step) {
    if (this.actingSeat === null || this.view.dice === null) return false;
    const buttons = [...this.cardEl.querySelectorAll("button.open-box")];
    if (!buttons.length) return false;
    const at = buttons.findIndex((b) => b.dataset.category === this.model.selected);
    const next = at < 0 ? (step > 0 ? 0 : buttons.length - 1) : (at + step + buttons.length) % buttons.length;
    const button = buttons[next];
    this.model.selected = button.dataset.category;
    for (const b of buttons) b.classList.toggle("selected", b === button);
    button.focus();
    this.preview(this.model.selected);
    return true;
  }
}
