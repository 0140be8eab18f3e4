// The replay viewer: step through a stored match's log, event by event or turn by turn, seeing
// the dice and the scorecard as they stood (the server rebuilds each position), with the match's
// analysis; a decision's row in the analysis opens the position it was taken from.

import { api } from "./api.js";
import { actionText, analysisView } from "./analysis.js";
import { decisionStep } from "./decisions.js";
import { DiceTray } from "./dice.js";
import { fill, h, s, toast } from "./dom.js";
import { boxLabel, has, language, num, presetTitle, t } from "./i18n.js";
import { seatName } from "./labels.js";
import { dateTimeText } from "./dates.js";
import { heldValues, playersOf, replayColumns, turnCount, turnName } from "./replay_words.js";
import { renderScorecard } from "./scorecard.js";
import { shownView, tableName } from "./table_names.js";
import { turnAt, turnsOf } from "./turns.js";

const PLAY_MS = 700;

/** A step button: `keys` its shortcuts as shown ("Shift+←"), named in its title ("Shift+← or
 * PageUp", in the page's language) and given to assistive technology. */
function stepButton(label, path, onclick, keys) {
  const shown = new Intl.ListFormat(language(), { type: "disjunction" }).format(keys);
  const shortcuts = keys.map((k) => k.replaceAll("←", "ArrowLeft").replaceAll("→", "ArrowRight")).join(" ");
  const button = h("button", { type: "button", class: "button small step", "aria-label": label, title: t("replay.step_title", { label, keys: shown }), "aria-keyshortcuts": shortcuts, onclick });
  button.append(s("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" }, s("path", { d: path })));
  return button;
}

export class ReplayScreen {
  constructor(root, params) {
    this.root = root;
    this.matchId = params.get("match") || "";
    this.cache = new Map();
    this.step = 0;
    this.startAt = Number.parseInt(params.get("seq") || "", 10);
    this.decisionsAt = new Map(); // replay step -> the decisions taken from that position
    this.playing = null;
    this.onKeyDown = (event) => this.onKey(event);
    document.addEventListener("keydown", this.onKeyDown);
    fill(root, h("section", { class: "panel" }, h("p", {}, t("replay.loading"))));
    this.load();
  }

  destroy() {
    this.destroyed = true;
    clearInterval(this.playing);
    document.removeEventListener("keydown", this.onKeyDown);
  }

  async load() {
    try {
      this.match = await api.match(this.matchId);
      if (this.destroyed) return; // the page moved on while the match loaded
    } catch (error) {
      fill(this.root, h("section", { class: "panel" }, h("h1", {}, t(error.code === "daily_not_over" ? "replay.daily_not_over" : "replay.no_such_match")), h("p", {}, error.message), h("a", { href: "./", "data-link": true }, t("replay.to_lobby"))));
      return;
    }
    const created = this.match.events[0];
    this.rules = created.rules;
    this.categories = created.rules.categories.map((c) => ({ name: c.name, label: c.label, section: c.section }));
    this.turns = turnsOf(this.match.events);
    this.build();
    const total = this.match.events.length;
    this.go(this.startAt >= 1 && this.startAt <= total ? this.startAt : total);
    this.loadAnalysis();
  }

  label(category) {
    const box = this.categories.find((c) => c.name === category);
    return box ? boxLabel(box.label) : category;
  }

  build() {
    const m = this.match;
    const total = m.events.length;
    this.slider = h("input", { type: "range", min: "1", max: String(total), value: String(total), "aria-label": t("replay.event"), id: "replay-slider" });
    this.slider.style.setProperty("--max", String(total)); // the groove fills up to the thumb
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.caption = h("p", { class: "replay-caption", "aria-live": "polite", id: "replay-caption" });
    this.counter = h("span", { class: "replay-counter num", id: "replay-counter" });
    this.turnPicker = h(
      "select",
      { id: "replay-turn", "aria-label": t("replay.turn"), onchange: () => this.go(this.turns[Number(this.turnPicker.value)].start) },
      this.turns.map((turn, index) => h("option", { value: String(index) }, this.turnLabel(turn))),
    );
    this.decisionNote = h("p", { class: "replay-decision", id: "replay-decision", hidden: true });
    this.playButton = h("button", { type: "button", class: "button small", onclick: () => this.togglePlay() }, t("replay.play"));
    this.tray = new DiceTray(() => {});
    this.cardEl = h("div", { class: "card-scroll" });
    this.analysisEl = h("div", {}, h("p", { class: "muted" }, t("replay.analysing")));
    const outcome = m.outcome;
    fill(
      this.root,
      h(
        "div",
        { class: "replay" },
        h(
          "header",
          { class: "table-head" },
          h("h1", {}, tableName(m.label, m.title, t("replay.title"))),
          h("div", { class: "meta" }, h("span", { class: "pill" }, presetTitle(this.rules.name, this.rules.title)), h("span", {}, dateTimeText(m.finished_at || m.created_at)), outcome ? h("span", {}, outcome.standings.map((s) => t("replay.standing", { place: s.place || "–", name: seatName(s.name, (playersOf(m.events).get(s.seat) || {}).bot), total: s.total })).join(" · ")) : h("span", { class: "pill" }, has(`replay.status.${m.status}`) ? t(`replay.status.${m.status}`) : m.status)),
        ),
        h(
          "div",
          { class: "board" },
          (this.felt = h(
            "section",
            { class: "felt", "aria-label": t("replay.replay") },
            h(
              "div",
              { class: "replay-controls" },
              stepButton(t("replay.first_event"), "M6 5v14M19 5l-9 7 9 7z", () => this.go(1), ["Home"]), // i18n: not text (a key's name)
              stepButton(t("replay.previous_turn"), "M12 5l-7 7 7 7zM20 5l-7 7 7 7z", () => this.previousTurn(), ["Shift+←", "PageUp"]),
              stepButton(t("replay.previous_event"), "M16 5l-9 7 9 7z", () => this.go(this.step - 1), ["←"]),
              this.playButton,
              stepButton(t("replay.next_event"), "M8 5l9 7-9 7z", () => this.go(this.step + 1), ["→"]),
              stepButton(t("replay.next_turn"), "M4 5l7 7-7 7zM12 5l7 7-7 7z", () => this.nextTurn(), ["Shift+→", "PageDown"]),
              stepButton(t("replay.last_event"), "M18 5v14M5 5l9 7-9 7z", () => this.go(total), ["End"]), // i18n: not text (a key's name)
            ),
            h("div", { class: "replay-turns" }, this.turnPicker, this.counter),
            this.slider,
            this.caption,
            this.decisionNote,
            this.tray.el,
          )),
          h("section", { class: "panel card-panel", "aria-label": t("replay.scorecard") }, h("div", { class: "panel-head" }, h("h2", {}, t("replay.scorecard"))), this.cardEl),
          h("section", { class: "panel side-panels", "aria-label": t("replay.analysis") }, h("h2", {}, t("replay.analysis")), this.analysisEl),
        ),
      ),
    );
  }

  /** The name of the player whose turn it is, as they sat down. */
  turnPlayer(turn) {
    const player = playersOf(this.match.events).get(turn.seat);
    return player ? player.name : t("replay.seat", { number: turn.seat + 1 });
  }

  turnLabel(turn) {
    return turnName(turn, this.turnPlayer(turn), this.match.events[0].options.rounds || 1);
  }

  /** Back to the start of this turn, or of the one before when already there. */
  previousTurn() {
    const index = turnAt(this.turns, this.step);
    if (index < 0) return this.go(1);
    const here = this.turns[index];
    this.go(this.step > here.start || index === 0 ? here.start : this.turns[index - 1].start);
  }

  nextTurn() {
    const next = this.turns[turnAt(this.turns, this.step) + 1];
    this.go(next ? next.start : this.match.events.length);
  }

  describe(event, view) {
    const seated = view.seats.find((s) => s.seat === event.seat);
    const name = seated ? seated.name : t("replay.seat", { number: (event.seat ?? 0) + 1 });
    switch (event.type) {
      case "created": return t("replay.event.created");
      case "joined": return t(event.bot ? "replay.event.joined_computer" : "replay.event.joined", { name: event.name });
      case "left": return t("replay.event.left", { name });
      case "started": return t("replay.event.started");
      case "held": {
        const kept = heldValues(this.match.events, event.seq);
        return kept.length ? t("replay.event.held", { name, dice: kept.join(" ") }) : t("replay.event.held_nothing", { name });
      }
      case "rolled": return t("replay.event.rolled", { name, dice: event.dice.join(" ") });
      case "scored": return t(event.bonus ? "replay.event.scored_bonus" : "replay.event.scored", { name, points: event.points, bonus: event.bonus, box: this.label(event.category) });
      case "undone": return t("replay.event.undone", { name, box: this.label(event.category) });
      case "chat": return t("replay.event.chat", { author: event.author, text: event.text });
      case "clock_expired": return t("replay.event.clock_expired", { name });
      default: return event.type;
    }
  }

  async view(seq) {
    if (!this.cache.has(seq)) this.cache.set(seq, api.replay(this.matchId, seq).then(shownView));
    return this.cache.get(seq);
  }

  async go(seq) {
    const total = this.match.events.length;
    seq = Math.max(1, Math.min(total, seq));
    this.step = seq;
    this.slider.value = String(seq);
    this.slider.style.setProperty("--value", String(seq));
    const turn = turnAt(this.turns, seq);
    this.turnPicker.value = String(Math.max(0, turn));
    const rounds = this.match.events[0].options.rounds || 1;
    const here = turn >= 0 ? this.turns[turn] : null;
    // Each player fills one box a turn, so each has as many turns a round as the card has boxes.
    const events = { seq, total };
    this.counter.textContent = here ? t("replay.counter_turn", { ...events, turn: turnCount(here, this.turnPlayer(here), this.categories.length, rounds) }) : t("replay.counter", events);
    this.showDecision(seq);
    if (this.destroyed) return;
    const address = new URL(location.href);
    address.searchParams.set("seq", String(seq));
    history.replaceState(history.state, "", address.pathname + address.search);
    let view;
    try {
      view = await this.view(seq);
    } catch (error) {
      toast(error.message, "error");
      return;
    }
    if (this.step !== seq) return;
    const event = this.match.events[seq - 1];
    this.caption.textContent = this.describe(event, view);
    // After a scoring the dice are gone from the view: show the ones that were scored.
    let dice = view.dice;
    let held = new Set(view.held);
    if (!dice) {
      const lastRoll = this.match.events.slice(0, seq).reverse().find((e) => e.type === "rolled");
      const lastScore = this.match.events.slice(0, seq).reverse().find((e) => e.type === "scored");
      if (lastRoll && lastScore && lastScore.seq > lastRoll.seq) {
        dice = lastRoll.dice;
        held = new Set();
      }
    }
    this.tray.update({ dice, held, canHold: false, rolled: event.type === "rolled" ? [0, 1, 2, 3, 4].filter((p) => !event.held.includes(p)) : [], last: !view.dice && !!dice });
    const columns = replayColumns(this.match.events, view);
    fill(
      this.cardEl,
      renderScorecard({
        categories: this.categories,
        rules: this.rules,
        cardRows: this.match.card_rows,
        view,
        roundIndex: Math.min(view.round, view.options.rounds - 1),
        columns,
        actingSeat: null,
        selected: null,
        previewing: null,
        bestBox: null,
        justScored: event.type === "scored" ? { seat: event.seat, category: event.category } : null,
        handlers: { onScore() {}, onPreview() {}, onSelect() {} },
      }),
    );
  }

  togglePlay() {
    if (this.playing) {
      clearInterval(this.playing);
      this.playing = null;
      this.playButton.textContent = t("replay.play");
      return;
    }
    if (this.step >= this.match.events.length) this.go(1);
    this.playButton.textContent = t("replay.pause");
    this.playing = setInterval(() => {
      if (this.step >= this.match.events.length) return this.togglePlay();
      this.go(this.step + 1);
    }, PLAY_MS);
  }

  onKey(event) {
    if (!this.match || (event.target.closest && event.target.closest("input:not([type=range]), textarea, select"))) return;
    const turnKey = event.shiftKey || event.key.startsWith("Page");
    if (event.key === "ArrowRight" || event.key === "PageDown") turnKey ? this.nextTurn() : this.go(this.step + 1);
    else if (event.key === "ArrowLeft" || event.key === "PageUp") turnKey ? this.previousTurn() : this.go(this.step - 1);
    else if (event.key === "Home") this.go(1);
    else if (event.key === "End") this.go(this.match.events.length);
    else return;
    event.preventDefault();
  }

  async loadAnalysis() {
    try {
      const result = await api.analysis(this.matchId);
      this.decisionsAt = new Map();
      for (const d of result.decisions) {
        const at = decisionStep(d);
        this.decisionsAt.set(at, [...(this.decisionsAt.get(at) || []), d]);
      }
      const links = { matchId: this.matchId, onOpen: (d) => this.openDecision(d) };
      fill(this.analysisEl, result.turns.length ? analysisView(result, (c) => this.label(c), links) : h("p", { class: "muted" }, t("replay.nothing_scored")));
      this.showDecision(this.step);
    } catch (error) {
      fill(this.analysisEl, h("p", { class: "muted" }, t("replay.no_analysis", { reason: error.message })));
    }
  }

  /** A row of the analysis: the position its decision was taken from, in view. */
  openDecision(decision) {
    if (this.playing) this.togglePlay();
    this.go(decisionStep(decision));
    const header = document.querySelector(".topbar");
    const covered = header ? header.getBoundingClientRect().bottom : 0;
    if (this.felt.getBoundingClientRect().top < covered) this.felt.scrollIntoView({ block: "start" });
  }

  /** Under the caption, the decision taken from this position; its row marked in the analysis. */
  showDecision(seq) {
    const here = this.decisionsAt.get(seq) || [];
    const words = (action) => actionText(action, (c) => this.label(c));
    fill(
      this.decisionNote,
      here.map((d) =>
        d.cost > 0.005
          ? t("replay.decision.costly", { player: d.player, taken: words(d.taken), best: words(d.best), cost: num(d.cost, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) })
          : t("replay.decision.best", { player: d.player, taken: words(d.taken) }),
      ),
    );
    this.decisionNote.hidden = !here.length;
    for (const row of this.analysisEl.querySelectorAll("tr.decision")) {
      const current = Number(row.dataset.step) === seq;
      row.classList.toggle("current", current);
      if (current) row.setAttribute("aria-current", "step");
      else row.removeAttribute("aria-current");
    }
  }
}
