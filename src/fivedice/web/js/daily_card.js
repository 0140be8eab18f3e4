// The lobby's daily challenge card: today's rule set (a variant day marked), how many have
// played, your streak, the time left, and one button: Play, Resume or See your result.

import { ensureAccount } from "./account.js";
import { onAccountChange } from "./identity.js";
import { daily } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { navigate } from "./router.js";
import { rulesText, streakText, timeLeftText } from "./daily_words.js";
import { presetTitle, t, tNodes } from "./i18n.js";

const TICK_MS = 30000;
const pillClass = (variant) => (variant ? "pill variant" : "pill"); // i18n: not text (classes)

/** Open (or resume) today's attempt, opening a guest account first if there is none. */
export async function playToday(button) {
  if (button) button.disabled = true;
  try {
    await ensureAccount();
    const started = await daily.start();
    navigate(`./?table=${encodeURIComponent(started.table_id)}`);
  } catch (error) {
    if (error.code === "daily_already_played") navigate("./?daily");
    else toast(error.code === "no_account" ? t("daily.needs_account") : error.message, "error");
    if (button) button.disabled = false;
  }
}

/** The button for today's attempt: Play, Resume (unfinished) or See your result (finished). */
export function attemptButton(attempt) {
  if (attempt && attempt.status === "finished") {
    return h("a", { class: "button primary", id: "daily-see-result", href: "./?daily", "data-link": true }, t("daily.see_result"));
  }
  const resume = Boolean(attempt);
  const button = h("button", { type: "button", class: "button primary", id: resume ? "daily-resume" : "daily-play", onclick: () => playToday(button) }, resume ? t("daily.resume") : t("daily.play"));
  return button;
}

export class DailyCard {
  constructor() {
    this.left = h("span", { class: "daily-left" });
    this.body = h("div", { class: "daily-card-body", "aria-busy": "true" }, ...this.skeleton());
    this.root = h(
      "section",
      { class: "panel daily-card", id: "daily-card", "aria-labelledby": "daily-card-head" },
      h("div", { class: "panel-head" }, h("h2", { id: "daily-card-head" }, t("daily.title")), h("a", { href: "./?daily#past-days", "data-link": true, class: "small", id: "daily-past-days" }, t("daily.past_days"))),
      this.body,
    );
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.stopListening = onAccountChange(() => this.load()); // another account: its own attempt and streak
    this.load();
  }

  destroy() {
    clearInterval(this.timer);
    this.stopListening();
  }

  /** The card while today's challenge is on its way: the loaded card's three lines (the rule
   * set's, the facts', the button's), so the card does not grow, and push the lobby down, when
   * it comes. The facts and the button hold their place unseen until they are known. */
  skeleton() {
    const unseen = { class: "placeholder", "aria-hidden": "true" };
    return [
      h("p", { class: "daily-rules" }, h("span", { class: "pill" }, t("daily.card.loading")), " ", h("span", { class: "muted small" }, t("daily.card.same_dice"))),
      h("p", { class: "small daily-facts", ...unseen }, tNodes("daily.card.facts", { players: t("daily.players_so_far", { count: 0 }), streak: streakText(0), left: t("daily.time_left.hours", { hours: 12, minutes: 30 }) })),
      h("div", { class: "row", ...unseen }, h("button", { type: "button", class: "button primary", tabindex: "-1", disabled: true }, t("daily.play"))),
    ];
  }

  async load() {
    const mine = (this.loads = (this.loads || 0) + 1);
    let today;
    try {
      today = await daily.today();
    } catch (error) {
      if (mine === this.loads) {
        this.body.removeAttribute("aria-busy");
        fill(this.body, h("p", { class: "muted small" }, t("daily.card.unavailable", { reason: error.message })));
      }
      return;
    }
    if (mine !== this.loads) return; // a later answer (another account's) is on its way
    this.today = today;
    const attempt = today.attempt;
    const finished = attempt && attempt.status === "finished";
    this.tick();
    this.body.removeAttribute("aria-busy");
    fill(
      this.body,
      h("p", { class: "daily-rules" }, h("span", { class: pillClass(today.variant) }, rulesText(today.day, presetTitle(today.rules, today.rules_title), today.variant)), " ", h("span", { class: "muted small" }, today.variant ? t("daily.card.variant") : t("daily.card.same_dice"))),
      h(
        "p",
        { class: "small daily-facts" },
        finished ? h("strong", { id: "daily-your-score" }, `${t("daily.card.your_score", { score: attempt.score })} `) : null,
        tNodes("daily.card.facts", { players: t("daily.players_so_far", { count: today.players }), streak: streakText(today.streak), left: this.left }),
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
