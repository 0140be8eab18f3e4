// Past days of the daily challenge: the list of days (rule set, players, best, optimal once over,
// your score), and one day's leaderboard with Replay links once the day is over.

import { h } from "./dom.js";
import { dayText, emptyBoardText, rulesText } from "./daily_words.js";

const dash = (value) => (value === null || value === undefined ? "–" : String(value));

/** The table of days (GET /api/daily/days). */
export function daysTable(days) {
  return h(
    "table",
    { class: "data-table daily-days", id: "daily-days" },
    h("caption", {}, "Every day so far, newest first: the optimal score shows once a day is over"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Day"), h("th", { scope: "col", class: "num" }, "Players"), h("th", { scope: "col", class: "num" }, "Best"), h("th", { scope: "col", class: "num" }, "Optimal"), h("th", { scope: "col", class: "num" }, "You"))),
    h(
      "tbody",
      {},
      days.length
        ? days.map((d) =>
            h(
              "tr",
              { dataset: { day: d.day } },
              h(
                "th",
                { scope: "row" },
                h("a", { href: `./?daily=${encodeURIComponent(d.day)}`, "data-link": true }, dayText(d.day, { short: true })),
                h("span", { class: d.variant ? "daily-day-rules variant small" : "daily-day-rules muted small" }, rulesText(d.day, d.rules_title, d.variant)),
              ),
              h("td", { class: "num" }, String(d.players)),
              h("td", { class: "num" }, dash(d.best_score)),
              h("td", { class: "num" }, dash(d.optimal_score)),
              h("td", { class: "num" }, dash(d.your_score)),
            ),
          )
        : h("tr", {}, h("td", { colspan: "5", class: "empty" }, "No days yet.")),
    ),
  );
}

/** A day's leaderboard (GET /api/daily/{day}): Replay links once the day is over. */
export function leaderboardTable(day) {
  const rows = day.leaderboard || [];
  return h(
    "table",
    { class: "data-table daily-board", id: "daily-board" },
    h("caption", {}, !rows.length ? "The day's leaderboard" : day.over ? "The day's leaderboard: every game can be replayed" : "The day's leaderboard so far: games can be replayed once the day is over"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "num" }, "#"), h("th", { scope: "col" }, "Player"), h("th", { scope: "col", class: "num" }, "Score"), h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, "Replay")))),
    h(
      "tbody",
      {},
      rows.length
        ? rows.map((r) =>
            h(
              "tr",
              { class: r.you ? "you" : "" },
              h("td", { class: "num" }, String(r.rank)),
              h("td", {}, r.name, r.you ? h("span", { class: "tag you" }, "you") : null),
              h("td", { class: "num" }, h("strong", {}, String(r.score))),
              h("td", {}, r.table_id ? h("a", { href: `./?view=replay&match=${encodeURIComponent(r.table_id)}`, "data-link": true, class: "daily-replay" }, "Replay", h("span", { class: "visually-hidden" }, ` ${r.name}'s game`)) : null),
            ),
          )
        : h("tr", {}, h("td", { colspan: "4", class: "empty" }, emptyBoardText(day.over))),
    ),
  );
}
