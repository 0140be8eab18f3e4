// The lobby's daily challenge card: today's rule set (a variant day marked), how many have
// played, your streak, the time left, and one button: Play, Resume or See your result.

import { ensureAccount } from "./account.js";
import { daily } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { navigate } from "./router.js";
import { playersText, rulesText, streakText, timeLeftText } from "./daily_words.js";

const TICK_MS = 30000;

/** Open (or resume) today's attempt, opening a guest account first if there is none. */
export async function playToday(button) {
  if (button) button.disabled = true;
  try {
    await ensureAccount();
    const started = await daily.start();
    navigate(`./?table=${encodeURIComponent(started.table_id)}`);
  } catch (error) {
    if (error.code === "daily_already_played") navigate("./?daily");
    else toast(error.code === "no_account" ? "The daily challenge needs an account: reload the page to open a guest one" : error.message, "error");
    if (button) button.disabled = false;
  }
}

/** The button for today's attempt: Play, Resume (unfinished) or See your result (finished). */
export function attemptButton(attempt) {
  if (attempt && attempt.status === "finished") {
    return h("a", { class: "button primary", id: "daily-see-result", href: "./?daily", "data-link": true }, "See your result");
  }
  const resume = Boolean(attempt);
  const button = h("button", { type: "button", class: "button primary", id: resume ? "daily-resume" : "daily-play", onclick: () => playToday(button) }, resume ? "Resume today's challenge" : "Play today's challenge");
  return button;
}

export class DailyCard {
  constructor() {
    this.left = h("span", { class: "daily-left" });
    this.body = h("div", { class: "daily-card-body" }, h("p", { class: "muted small" }, "Loading today's dice…"));
    this.root = h(
      "section",
      { class: "panel daily-card", id: "daily-card", "aria-labelledby": "daily-card-head" },
      h("div", { class: "panel-head" }, h("h2", { id: "daily-card-head" }, "Daily challenge"), h("a", { href: "./?daily#past-days", "data-link": true, class: "small", id: "daily-past-days" }, "Past days")),
      this.body,
    );
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.onAccount = () => this.load(); // another account: its own attempt and streak
    window.addEventListener("fivedice:account", this.onAccount);
    this.load();
  }

  destroy() {
    clearInterval(this.timer);
    window.removeEventListener("fivedice:account", this.onAccount);
  }

  async load() {
    const mine = (this.loads = (this.loads || 0) + 1);
    let today;
    try {
      today = await daily.today();
    } catch (error) {
      if (mine === this.loads) fill(this.body, h("p", { class: "muted small" }, `The daily challenge is not available: ${error.message}`));
      return;
    }
    if (mine !== this.loads) return; // a later answer (another account's) is on its way
    this.today = today;
    const attempt = today.attempt;
    const finished = attempt && attempt.status === "finished";
    this.tick();
    fill(
      this.body,
      h("p", { class: "daily-rules" }, h("span", { class: today.variant ? "pill variant" : "pill" }, rulesText(today.day, today.rules_title, today.variant)), " ", h("span", { class: "muted small" }, today.variant ? "not the everyday rules; the same dice for everyone today" : "the same dice for everyone today")),
      h(
        "p",
        { class: "small daily-facts" },
        finished ? h("strong", { id: "daily-your-score" }, `You scored ${attempt.score} today. `) : null,
        `${playersText(today.players)} so far · your streak: ${streakText(today.streak)} · next challenge in `,
        this.left,
      ),
      h("div", { class: "row" }, attemptButton(attempt)),
    );
  }

  tick() {
    if (!this.today) return;
    // A new day: its rule set, and a new attempt to play (asked once per day's end, so a
    // clock ahead of the server's asks no more than that).
    if (Date.now() >= Date.parse(this.today.ends_at) && this.askedAfter !== this.today.ends_at) {
      this.askedAfter = this.today.ends_at;
      this.load();
    }
    this.left.textContent = timeLeftText(this.today.ends_at);
  }
}
