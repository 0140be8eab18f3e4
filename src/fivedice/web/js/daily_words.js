// The daily challenge's words: the day, the rule set of the day, the marks, rank and percentile,
// the time left. Pure functions (no DOM), so the page and its unit tests share them; words in the
// player's language (i18n.js), days by Intl.

import { SOURCE, dateFormat, language, num, t } from "./i18n.js";

/** The three marks of a turn: the symbol to see (the word a screen reader says is
 * daily.mark.<mark>). */
export const MARKS = { perfect: "✓", close: "≈", costly: "✗" };

/** The mark of a turn, or a neutral one for a mark the page does not know. */
export function markOf(mark) {
  if (mark in MARKS) return { symbol: MARKS[mark], word: t(`daily.mark.${mark}`) };
  return { symbol: "?", word: mark ? String(mark) : t("daily.mark.unknown") };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a day as the server writes it (YYYY-MM-DD, a real date). */
export function isDay(text) {
  const m = DAY.exec(String(text || ""));
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

const noon = (day) => new Date(`${day}T12:00:00Z`);
const capital = (text) => text.charAt(0).toLocaleUpperCase(language()) + text.slice(1);

/** "Wednesday 25 November 2026" for "2026-11-25", or "Wed 25 Nov" short, in the page's
 * language ("Mittwoch, 25. November 2026", "mercredi 25 novembre 2026"): a UTC day, so no
 * time zone moves it. */
export function dayText(day, { short = false } = {}) {
  if (!isDay(day)) return String(day || "");
  const d = noon(day);
  if (language() === SOURCE) {
    // English as the page has always written it: no commas, three-letter short names.
    const parts = Object.fromEntries(new Intl.DateTimeFormat(SOURCE, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).formatToParts(d).map((p) => [p.type, p.value]));
    if (short) return [parts.weekday.slice(0, 3), parts.day, parts.month.slice(0, 3)].join(" ");
    return [parts.weekday, parts.day, parts.month, parts.year].join(" ");
  }
  // The short form starts a table's cell (capitalised); the long one stands inside a sentence.
  if (short) return capital(dateFormat(d, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }));
  return dateFormat(d, { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** The day's rule set as the page marks it: "Sunday: Yatzy (Scandinavian)" on a variant day. */
export function rulesText(day, rulesTitle, variant) {
  if (!variant) return rulesTitle;
  return t("daily.rules_on_weekday", { weekday: weekdayText(day), rules: rulesTitle });
}

/** "Sunday" for a day ("Sonntag", "Dimanche": capitalised, as it starts a label). */
export function weekdayText(day) {
  if (!isDay(day)) return "";
  return capital(dateFormat(noon(day), { weekday: "long", timeZone: "UTC" }));
}

/** "5 h 12 min" until `endsAt` (ISO) from `now` (ms), "under a minute" at the end. */
export function timeLeftText(endsAt, now = Date.now()) {
  const minutes = Math.floor((Date.parse(endsAt) - now) / 60000);
  if (!Number.isFinite(minutes) || minutes < 1) return t("daily.time_left.under_a_minute");
  const hours = Math.floor(minutes / 60);
  return hours ? t("daily.time_left.hours", { hours, minutes: minutes % 60 }) : t("daily.time_left.minutes", { minutes });
}

/** "1 player" / "412 players". */
export function playersText(count) {
  return t("daily.players", { count });
}

/** "as good as or better than 73% of 412 players" (the server's percentile: the share of the
 * day's players you scored at least as well as). */
export function percentileText(percentile, players) {
  if (players <= 1) return t("daily.percentile.only");
  return t("daily.percentile", { count: players, percent: num(Math.round(percentile) / 100, { style: "percent" }) });
}

/** "3 days" for a streak, "no streak yet" for none. */
export function streakText(streak) {
  if (!streak) return t("daily.streak.none");
  return t("daily.streak", { count: streak });
}

/** A decision's cost in expected points: "0" when nothing was given away, else "−1.2". */
export function costText(cost) {
  const value = Math.round(Number(cost || 0) * 10) / 10;
  return value > 0 ? `−${num(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}` : num(0);
}

/** The dice of each roll of a turn: "3 3 5 6 1 → 3 3 6 6 6". */
export function rollsText(rolls) {
  return (rolls || []).map((dice) => dice.join(" ")).join(" → ");
}

/** The line under a leaderboard with no games: the day is over (nobody played it) or not. */
export function emptyBoardText(over) {
  return over ? t("daily.board.nobody_played") : t("daily.board.nobody_finished");
}

/** The optimal score of a day that is over, or what to say where there is none (nobody
 * played the day: the optimal game is worked out with the day's first finished one). */
export function dayOptimalText(score) {
  return score === null || score === undefined ? null : num(score);
}

/** "at midnight UTC (in 3 h 5 min)" for the end of today, from `endsAt` (ISO). */
export function whenOverText(endsAt, now = Date.now()) {
  if (!endsAt || !Number.isFinite(Date.parse(endsAt))) return t("daily.when_over");
  return t("daily.when_over_in", { left: timeLeftText(endsAt, now) });
}

/** "This day's challenge has not begun: it begins on Thursday 26 November 2026 at midnight UTC." */
export function notBegunText(day) {
  return t("daily.not_begun", { day: dayText(day) });
}

/** A decision's action as words: "kept 4 4 4", "rerolled all", "scored Chance". */
export function actionWords(action, labelOf = (name) => name) {
  if (!action) return "";
  if (action.kind === "score") return t("daily.action.scored", { box: labelOf(action.category) });
  return action.hold && action.hold.length ? t("daily.action.kept", { dice: action.hold.join(" ") }) : t("daily.action.rerolled_all");
}

/** Each decision of a turn as what you did and the best choice where it was another (else
 * `best` is null). */
export function decisionParts(decisions, labelOf = (name) => name) {
  return (decisions || []).map((d) => {
    const taken = actionWords(d.taken, labelOf);
    const best = actionWords(d.best, labelOf);
    return { taken, best: best && best !== taken ? t("daily.action.best", { action: best }) : null };
  });
}

/** Each decision of a turn in a few words: what you did, and the best choice where it was
 * another ("kept 4 4 4 (best: kept 4 4 4 4)"). */
export function decisionsWords(decisions, labelOf = (name) => name) {
  return decisionParts(decisions, labelOf).map(({ taken, best }) => (best ? `${taken} ${best}` : taken));
}
