// Past days of the daily challenge: the list of days (rule set, players, best, optimal once over,
// your score), and one day's leaderboard with Replay links once the day is over.

import { dayText, emptyBoardText, rulesText } from "./daily_words.js";
import { h } from "./dom.js";
import { num, presetTitle, t } from "./i18n.js";

const dash = (value) => (value === null || value === undefined ? "–" : num(value));

/** The table of days (GET /api/daily/days). */
export function daysTable(days) {
  return h(
    "table",
    { class: "data-table daily-days", id: "daily-days" },
    h("caption", {}, t("daily.days.caption")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("daily.days.day")), h("th", { scope: "col", class: "num" }, t("daily.days.players")), h("th", { scope: "col", class: "num" }, t("daily.days.best")), h("th", { scope: "col", class: "num" }, t("daily.days.optimal")), h("th", { scope: "col", class: "num" }, t("daily.you")))),
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
                h("span", { class: d.variant ? "daily-day-rules variant small" : "daily-day-rules muted small" }, rulesText(d.day, presetTitle(d.rules, d.rules_title), d.variant)),
              ),
              h("td", { class: "num" }, num(d.players)),
              h("td", { class: "num" }, dash(d.best_score)),
              h("td", { class: "num" }, dash(d.optimal_score)),
              h("td", { class: "num" }, dash(d.your_score)),
            ),
          )
        : h("tr", {}, h("td", { colspan: "5", class: "empty" }, t("daily.days.none"))),
    ),
  );
}

/** A day's leaderboard (GET /api/daily/{day}): Replay links once the day is over. */
export function leaderboardTable(day) {
  const rows = day.leaderboard || [];
  return h(
    "table",
    { class: "data-table daily-board", id: "daily-board" },
    h("caption", {}, t(!rows.length ? "daily.board.caption" : day.over ? "daily.board.caption_over" : "daily.board.caption_so_far")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "num" }, "#"), h("th", { scope: "col" }, t("daily.board.player")), h("th", { scope: "col", class: "num" }, t("daily.board.score")), h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, t("daily.board.replay"))))),
    h(
      "tbody",
      {},
      rows.length
        ? rows.map((r) =>
            h(
              "tr",
              { class: r.you ? "you" : "" },
              h("td", { class: "num" }, num(r.rank)),
              h("td", {}, r.name, r.you ? h("span", { class: "tag you" }, t("daily.board.you")) : null),
              h("td", { class: "num" }, h("strong", {}, num(r.score))),
              h("td", {}, r.table_id ? h("a", { href: `./?view=replay&match=${encodeURIComponent(r.table_id)}`, "data-link": true, class: "daily-replay" }, t("daily.board.replay"), h("span", { class: "visually-hidden" }, ` ${t("daily.board.whose_game", { name: r.name })}`)) : null),
            ),
          )
        : h("tr", {}, h("td", { colspan: "4", class: "empty" }, emptyBoardText(day.over))),
    ),
  );
}
