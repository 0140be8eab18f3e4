// The daily challenge's words: the day, the rule set of the day, the marks, rank and percentile,
// the time left. Pure functions (no DOM), so the page and its unit tests share them.

/** The three marks of a turn: a symbol to see and the word a screen reader says. */
export const MARKS = {
  perfect: { symbol: "✓", word: "perfect" },
  close: { symbol: "≈", word: "close" },
  costly: { symbol: "✗", word: "costly" },
};

/** The mark of a turn, or a neutral one for a mark the page does not know. */
export function markOf(mark) {
  return MARKS[mark] || { symbol: "?", word: String(mark || "unknown") };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a day as the server writes it (YYYY-MM-DD, a real date). */
export function isDay(text) {
  const m = DAY.exec(String(text || ""));
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "Wednesday 25 November 2026" for "2026-11-25", or "Wed 25 Nov" short (a UTC day: no time
 * zone moves it, and no locale data changes the words). */
export function dayText(day, { short = false } = {}) {
  if (!isDay(day)) return String(day || "");
  const d = new Date(`${day}T12:00:00Z`);
  const weekday = WEEKDAYS[d.getUTCDay()];
  const month = MONTHS[d.getUTCMonth()];
  if (short) return `${weekday.slice(0, 3)} ${d.getUTCDate()} ${month.slice(0, 3)}`;
  return `${weekday} ${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`;
}

/** The day's rule set as the page marks it: "Sunday: Yatzy (Scandinavian)" on a variant day. */
export function rulesText(day, rulesTitle, variant) {
  if (!variant) return rulesTitle;
  return `${weekdayText(day)}: ${rulesTitle}`;
}

/** "Sunday" for a day. */
export function weekdayText(day) {
  if (!isDay(day)) return "";
  return WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()];
}

/** "5 h 12 min" until `endsAt` (ISO) from `now` (ms), "under a minute" at the end. */
export function timeLeftText(endsAt, now = Date.now()) {
  const minutes = Math.floor((Date.parse(endsAt) - now) / 60000);
  if (!Number.isFinite(minutes) || minutes < 1) return "under a minute";
  const hours = Math.floor(minutes / 60);
  return hours ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** "1 player" / "412 players". */
export function playersText(count) {
  return `${count} player${count === 1 ? "" : "s"}`;
}

/** "as good as or better than 73% of 412 players" (the server's percentile: the share of the
 * day's players you scored at least as well as). */
export function percentileText(percentile, players) {
  if (players <= 1) return "the only player so far";
  return `as good as or better than ${Math.round(percentile)}% of ${playersText(players)}`;
}

/** "3 days" for a streak, "no streak yet" for none. */
export function streakText(streak) {
  if (!streak) return "no streak yet";
  return `${streak} day${streak === 1 ? "" : "s"} in a row`;
}

/** A decision's cost in expected points: "0" when nothing was given away, else "−1.2". */
export function costText(cost) {
  const value = Math.round(Number(cost || 0) * 10) / 10;
  return value > 0 ? `−${value.toFixed(1)}` : "0";
}

/** The dice of each roll of a turn: "3 3 5 6 1 → 3 3 6 6 6". */
export function rollsText(rolls) {
  return (rolls || []).map((dice) => dice.join(" ")).join(" → ");
}

/** The line under a leaderboard with no games: the day is over (nobody played it) or not. */
export function emptyBoardText(over) {
  return over ? "Nobody played this day." : "Nobody has finished today's game yet.";
}

/** The optimal score of a day that is over, or what to say where there is none (nobody
 * played the day: the optimal game is worked out with the day's first finished one). */
export function dayOptimalText(score) {
  return score === null || score === undefined ? null : String(score);
}

/** "at midnight UTC (in 3 h 5 min)" for the end of today, from `endsAt` (ISO). */
export function whenOverText(endsAt, now = Date.now()) {
  if (!endsAt || !Number.isFinite(Date.parse(endsAt))) return "at midnight UTC";
  return `at midnight UTC (in ${timeLeftText(endsAt, now)})`;
}

/** "This day's challenge has not begun: it begins on Thursday 26 November 2026 at midnight UTC." */
export function notBegunText(day) {
  return `This day's challenge has not begun yet: it begins on ${dayText(day)} at midnight UTC.`;
}

/** A decision's action as words: "kept 4 4 4", "rerolled all", "scored Chance". */
export function actionWords(action, labelOf = (name) => name) {
  if (!action) return "";
  if (action.kind === "score") return `scored ${labelOf(action.category)}`;
  return action.hold && action.hold.length ? `kept ${action.hold.join(" ")}` : "rerolled all";
}

/** Each decision of a turn in a few words: what you did, and the best choice where it was
 * another ("kept 4 4 4 (best: kept 4 4 4 4)"). */
export function decisionsWords(decisions, labelOf = (name) => name) {
  return (decisions || []).map((d) => {
    const taken = actionWords(d.taken, labelOf);
    const best = actionWords(d.best, labelOf);
    return best && best !== taken ? `${taken} (best: ${best})` : taken;
  });
}
