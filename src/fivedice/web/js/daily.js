// The daily challenge's screen: ./?daily for today, ./?daily=YYYY-MM-DD for a day. Your result
// beside the optimal player's (once you have played), the day's leaderboard, and past days.

import { accountReady } from "./identity.js";
import { daily } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { attemptButton } from "./daily_card.js";
import { daysTable, leaderboardTable } from "./daily_days.js";
import { histogramSvg } from "./daily_histogram.js";
import { resultSection } from "./daily_result.js";
import { dayOptimalText, dayText, isDay, notBegunText, playersText, rulesText } from "./daily_words.js";
import { presetTitle, t, tNodes } from "./i18n.js";

const DAYS_PAGE = 30;
const pillClass = (variant) => (variant ? "pill variant" : "pill"); // i18n: not text (classes)

/** An answer, or null where the server has none for this browser after all (a finished attempt
 * whose comparison is not made up yet). */
async function orNone(promise) {
  try {
    return await promise;
  } catch (error) {
    if (error.status === 404 || error.status === 401) return null; // no result (or no account yet)
    throw error;
  }
}

/** The day's scores, for a day you did not play (your result shows them otherwise). */
function dayFigure(info) {
  const label = info.optimal_score !== null ? t("daily.figure.with_optimal", { count: info.players, optimal: info.optimal_score }) : t("daily.figure", { count: info.players });
  return h("figure", { class: "daily-board-figure" }, histogramSvg(info.histogram, label), h("figcaption", { class: "muted small" }, label));
}

/** The lobby card's "Past days" link (./?daily#past-days): the list's heading, focused and
 * brought into view once it is drawn. */
function focusPastDays(section) {
  const heading = section.querySelector("h2");
  if (!heading) return;
  heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: "start" });
}

export class DailyScreen {
  constructor(root, params) {
    this.root = root;
    this.asked = params.get("daily") || "";
    this.head = h("section", { class: "panel daily-head", "aria-labelledby": "daily-title" }, h("h1", { id: "daily-title" }, t("daily.title")), h("p", { class: "muted" }, t("daily.loading")));
    this.result = h("div", { class: "daily-result-slot" });
    this.board = h("section", { class: "panel", "aria-labelledby": "daily-board-head" }, h("h2", { id: "daily-board-head" }, t("daily.leaderboard")));
    this.days = h("section", { class: "panel", "aria-labelledby": "daily-days-head" }, h("h2", { id: "daily-days-head" }, t("daily.past_days")));
    // The result, the leaderboard and the days join the screen when they are known, all in one
    // frame: empty panels shown first would be pushed down as the head fills in.
    this.grid = h("div", { class: "page-grid daily-screen" }, this.head);
    fill(root, this.grid);
    this.load().catch((error) => toast(error.message, "error"));
  }

  destroy() {
    this.gone = true;
  }

  async load() {
    if (this.asked && !isDay(this.asked)) {
      fill(this.head, h("h1", { id: "daily-title" }, t("daily.title")), h("p", {}, t("daily.not_a_day")));
      return;
    }
    await accountReady(); // a first visit's guest account: the answers below are its own
    let today = null;
    try {
      today = await daily.today();
    } catch (error) {
      if (!this.asked) throw error; // a past day shows without today's
    }
    const day = this.asked || today.day;
    const isToday = Boolean(today) && day === today.day;
    const [info, days] = await Promise.all([orNone(daily.day(day)), daily.days(null, DAYS_PAGE).catch(() => ({ days: [] }))]);
    // The result is asked for only where there is one to show (a request answered "none" is
    // an error in the browser's console): today's finished attempt, or a day you finished
    // (ranked, or finished after the day and kept unranked).
    const played = isToday ? Boolean(today.attempt && today.attempt.status === "finished") : Boolean(info && (info.played || info.leaderboard.some((row) => row.you)));
    const result = played ? await orNone(daily.result(day)) : null;
    if (this.gone) return;
    this.grid.append(this.result, this.board, this.days);
    this.renderHead(day, isToday ? today : info, isToday ? today.attempt : null, isToday, info);
    if (result) fill(this.result, resultSection(result));
    if (info) fill(this.board, h("h2", { id: "daily-board-head" }, t("daily.leaderboard")), result || !info.players ? null : dayFigure(info), leaderboardTable(info));
    else {
      const future = Boolean(today) && day > today.day;
      fill(this.board, h("h2", { id: "daily-board-head" }, t("daily.leaderboard")), h("p", { class: "muted", id: "daily-none" }, future ? notBegunText(day) : t("daily.no_challenge")));
    }
    this.showDays(days.days || [], (days.days || []).length >= DAYS_PAGE);
    if (location.hash === "#past-days") focusPastDays(this.days);
  }

  /** The list of days, with a button for older ones while the server may have more. */
  showDays(list, more) {
    const older = async (button) => {
      button.disabled = true;
      try {
        const next = await daily.days(list[list.length - 1].day, DAYS_PAGE);
        if (!this.gone) this.showDays([...list, ...next.days], next.days.length >= DAYS_PAGE);
      } catch (error) {
        toast(error.message, "error");
        button.disabled = false;
      }
    };
    const button = more ? h("button", { type: "button", class: "button small", id: "daily-older", onclick: () => older(button) }, t("daily.older_days")) : null;
    fill(this.days, h("h2", { id: "daily-days-head" }, t("daily.past_days")), daysTable(list), button ? h("div", { class: "row" }, button) : null);
  }

  renderHead(day, about, attempt, isToday, info) {
    const parts = [h("h1", { id: "daily-title" }, tNodes("daily.title_of_day", { day: h("span", { class: "daily-date" }, dayText(day)) }))];
    if (about) {
      parts.push(h("p", {}, h("span", { class: pillClass(about.variant), id: "daily-rules" }, rulesText(day, presetTitle(about.rules, about.rules_title), about.variant)), " ", h("span", { class: "muted small" }, isToday ? t("daily.players_so_far", { count: about.players }) : playersText(about.players))));
    }
    if (isToday && !(attempt && attempt.status === "finished")) {
      parts.push(h("p", { class: "muted" }, t("daily.same_dice_today")));
      parts.push(h("div", { class: "row" }, attemptButton(attempt)));
    }
    if (info && info.over && dayOptimalText(info.optimal_score) !== null) {
      parts.push(h("p", { class: "small" }, tNodes("daily.day_optimal", { score: h("strong", { id: "daily-day-optimal" }, dayOptimalText(info.optimal_score)) })));
    } else if (info && info.over) {
      parts.push(h("p", { class: "small", id: "daily-day-optimal-none" }, t("daily.day_optimal_none")));
    }
    if (info && info.over) {
      if (info.secret) parts.push(h("details", { class: "daily-secret small" }, h("summary", {}, t("daily.secret")), h("code", {}, info.secret)));
    }
    fill(this.head, parts);
  }
}
