// The replay viewer: step through a stored match's log, event by event, seeing the dice and the
// scorecard as they stood (the server rebuilds each position), with the match's analysis.

import { api } from "./api.js";
import { analysisView } from "./analysis.js";
import { DiceTray } from "./dice.js";
import { fill, h, s, toast } from "./dom.js";
import { dateText } from "./labels.js";
import { renderScorecard } from "./scorecard.js";

const PLAY_MS = 700;

function stepButton(label, path, onclick) {
  const button = h("button", { type: "button", class: "button small step", "aria-label": label, title: label, onclick });
  button.append(s("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" }, s("path", { d: path })));
  return button;
}

export class ReplayScreen {
  constructor(root, params) {
    this.root = root;
    this.matchId = params.get("match") || "";
    this.cache = new Map();
    this.step = 0;
    this.playing = null;
    this.onKeyDown = (event) => this.onKey(event);
    document.addEventListener("keydown", this.onKeyDown);
    fill(root, h("section", { class: "panel" }, h("p", {}, "Loading the match…")));
    this.load();
  }

  destroy() {
    clearInterval(this.playing);
    document.removeEventListener("keydown", this.onKeyDown);
  }

  async load() {
    try {
      this.match = await api.match(this.matchId);
    } catch (error) {
      fill(this.root, h("section", { class: "panel" }, h("h1", {}, "No such match"), h("p", {}, error.message), h("a", { href: "./", "data-link": true }, "To the lobby")));
      return;
    }
    const created = this.match.events[0];
    this.rules = created.rules;
    this.categories = created.rules.categories.map((c) => ({ name: c.name, label: c.label, section: c.section }));
    this.build();
    this.go(this.match.events.length);
    this.loadAnalysis();
  }

  label(category) {
    const box = this.categories.find((c) => c.name === category);
    return box ? box.label : category;
  }

  build() {
    const m = this.match;
    const total = m.events.length;
    this.slider = h("input", { type: "range", min: "1", max: String(total), value: String(total), "aria-label": "Event", id: "replay-slider" });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.caption = h("p", { class: "replay-caption", "aria-live": "polite", id: "replay-caption" });
    this.counter = h("span", { class: "replay-counter num" });
    this.playButton = h("button", { type: "button", class: "button small", onclick: () => this.togglePlay() }, "Play");
    this.tray = new DiceTray(() => {});
    this.cardEl = h("div", { class: "card-scroll" });
    this.analysisEl = h("div", {}, h("p", { class: "muted" }, "Analysing every move…"));
    const outcome = m.outcome;
    fill(
      this.root,
      h(
        "div",
        { class: "replay" },
        h(
          "header",
          { class: "table-head" },
          h("h1", {}, m.label || "Match replay"),
          h("div", { class: "meta" }, h("span", { class: "pill" }, this.rules.title), h("span", {}, dateText(m.finished_at || m.created_at)), outcome ? h("span", {}, outcome.standings.map((s) => `${s.place || "–"}. ${s.name} ${s.total}`).join(" · ")) : h("span", { class: "pill" }, m.status)),
        ),
        h(
          "div",
          { class: "board" },
          h(
            "section",
            { class: "felt", "aria-label": "Replay" },
            h(
              "div",
              { class: "replay-controls" },
              stepButton("First event", "M6 5v14M19 5l-9 7 9 7z", () => this.go(1)),
              stepButton("Previous event", "M16 5l-9 7 9 7z", () => this.go(this.step - 1)),
              this.playButton,
              stepButton("Next event", "M8 5l9 7-9 7z", () => this.go(this.step + 1)),
              stepButton("Last event", "M18 5v14M5 5l9 7-9 7z", () => this.go(total)),
              this.counter,
            ),
            this.slider,
            this.caption,
            this.tray.el,
          ),
          h("section", { class: "panel card-panel", "aria-label": "Scorecard" }, h("div", { class: "panel-head" }, h("h2", {}, "Scorecard")), this.cardEl),
          h("section", { class: "panel side-panels", "aria-label": "Analysis" }, h("h2", {}, "Analysis"), this.analysisEl),
        ),
      ),
    );
  }

  describe(event, view) {
    const name = (seat) => (view.seats.find((s) => s.seat === seat) || { name: `Seat ${seat + 1}` }).name;
    switch (event.type) {
      case "created": return "The table was opened.";
      case "joined": return `${event.name} sat down${event.bot ? " (computer)" : ""}.`;
      case "left": return `${name(event.seat)} left.`;
      case "started": return "The match started.";
      case "held": return `${name(event.seat)} held ${event.held.map((p) => p + 1).join(", ") || "nothing"}.`;
      case "rolled": return `${name(event.seat)} rolled ${event.dice.join(" ")}.`;
      case "scored": return `${name(event.seat)} scored ${event.points}${event.bonus ? ` + ${event.bonus} bonus` : ""} in ${this.label(event.category)}.`;
      case "undone": return `${name(event.seat)} took back ${this.label(event.category)}.`;
      case "chat": return `${event.author}: “${event.text}”`;
      case "clock_expired": return `${name(event.seat)}'s time ran out.`;
      default: return event.type;
    }
  }

  async view(seq) {
    if (!this.cache.has(seq)) this.cache.set(seq, api.replay(this.matchId, seq));
    return this.cache.get(seq);
  }

  async go(seq) {
    const total = this.match.events.length;
    seq = Math.max(1, Math.min(total, seq));
    this.step = seq;
    this.slider.value = String(seq);
    this.counter.textContent = `${seq} / ${total}`;
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
    const order = view.order.length ? view.order : view.seats.map((s) => s.seat);
    const columns = order.map((n, index) => ({ seat: view.seats.find((s) => s.seat === n), index, me: false, local: false })).filter((c) => c.seat);
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
      this.playButton.textContent = "Play";
      return;
    }
    if (this.step >= this.match.events.length) this.go(1);
    this.playButton.textContent = "Pause";
    this.playing = setInterval(() => {
      if (this.step >= this.match.events.length) return this.togglePlay();
      this.go(this.step + 1);
    }, PLAY_MS);
  }

  onKey(event) {
    if (!this.match || (event.target.closest && event.target.closest("input:not([type=range]), textarea, select"))) return;
    if (event.key === "ArrowRight") this.go(this.step + 1);
    else if (event.key === "ArrowLeft") this.go(this.step - 1);
    else return;
    event.preventDefault();
  }

  async loadAnalysis() {
    try {
      const result = await api.analysis(this.matchId);
      fill(this.analysisEl, result.turns.length ? analysisView(result, (c) => this.label(c)) : h("p", { class: "muted" }, "Nothing was scored in this match."));
    } catch (error) {
      fill(this.analysisEl, h("p", { class: "muted" }, `No analysis: ${error.message}`));
    }
  }
}
