// The daily result: your score beside the optimal player's, rank and percentile, the day's
// histogram, the share text with a Copy button, the streak, and the turn-by-turn table.

import { histogramSvg } from "./daily_histogram.js";
import { turnsTable } from "./daily_turns.js";
import { costText, percentileText, streakText } from "./daily_words.js";
import { fill, h, toast } from "./dom.js";
import { num, presetTitle, t, tNodes } from "./i18n.js";

/** Copy the share text; where the clipboard is refused, select it for the person to copy. */
async function copyShare(area, status) {
  try {
    await navigator.clipboard.writeText(area.value);
    status.textContent = t("daily.share.copied");
  } catch {
    area.focus();
    area.select();
    status.textContent = t("daily.share.selected");
  }
}

function shareBox(text) {
  const area = h("textarea", { id: "daily-share", class: "daily-share", readonly: true, rows: String(Math.min(8, text.split("\n").length + 1)), "aria-labelledby": "daily-share-head" });
  area.value = text;
  const status = h("span", { class: "muted small", role: "status" });
  return h(
    "section",
    { class: "daily-share-box", "aria-labelledby": "daily-share-head" },
    h("h3", { id: "daily-share-head" }, t("daily.share.title")),
    h("p", { class: "muted small" }, t("daily.share.note")),
    area,
    h("div", { class: "row" }, h("button", { type: "button", class: "button", id: "daily-copy", onclick: () => copyShare(area, status).catch((error) => toast(error.message, "error")) }, t("daily.share.copy")), status),
  );
}

/** Your rank and percentile; a game finished after its day was over (its dice public by
 * then) is not ranked, and says so. */
function rankLine(result) {
  if (result.ranked === false) {
    return h("p", { class: "daily-rank", id: "daily-rank" }, tNodes("daily.result.not_ranked", { not_ranked: h("strong", {}, t("daily.result.not_ranked_word")) }));
  }
  const rank = h("strong", {}, t("daily.result.rank_of", { rank: result.rank, players: result.players }));
  return h("p", { class: "daily-rank", id: "daily-rank" }, tNodes("daily.result.rank", { rank, percentile: percentileText(result.percentile, result.players) }));
}

/** The text to share, in the player's language: the day, the rule set, the score against the
 * optimal player's, one mark a turn and the streak. No dice: it spoils nothing for those who
 * play the day later. (The server's English text where the comparison has no marks.) */
export function shareText(result) {
  const comparison = result.comparison || {};
  if (typeof comparison.marks !== "string") return result.share || "";
  const lines = [
    t("daily.share.head", { day: result.day, rules: presetTitle(result.rules, result.rules_title) }),
    t("daily.share.score", { score: result.score, optimal: result.optimal_score, difference: num(result.score - result.optimal_score, { signDisplay: "always" }) }),
    comparison.marks,
  ];
  if (result.streak) lines.push(t("daily.share.streak", { count: result.streak }));
  return lines.join("\n");
}

/** The section for `result` (GET /api/daily/{day}/result). */
export function resultSection(result) {
  const turns = (result.comparison && result.comparison.turns) || [];
  const box = h("section", { class: "panel daily-result", id: "daily-result", "aria-labelledby": "daily-result-head" });
  const histogramLabel = t("daily.result.histogram", { count: result.histogram.bins.length, score: result.score, optimal: result.optimal_score });
  fill(
    box,
    h("h2", { id: "daily-result-head" }, t("daily.result.title")),
    h(
      "div",
      { class: "daily-scores" },
      h("div", { class: "daily-score you" }, h("span", { class: "muted small" }, t("daily.you")), h("strong", { id: "daily-score" }, num(result.score))),
      h("div", { class: "daily-score optimal" }, h("span", { class: "muted small" }, t("daily.optimal_player")), h("strong", { id: "daily-optimal-score" }, num(result.optimal_score))),
    ),
    rankLine(result),
    h("p", { class: "small" }, tNodes("daily.result.gave_away", { points: costText(result.gave_away).replace("−", ""), streak: h("strong", { id: "daily-streak" }, streakText(result.streak)) })),
    h(
      "figure",
      { class: "daily-figure" },
      histogramSvg(result.histogram, histogramLabel),
      h("figcaption", { class: "muted small" }, h("span", { class: "swatch you", "aria-hidden": "true" }), ` ${t("daily.result.your_bar")}  `, h("span", { class: "swatch optimal", "aria-hidden": "true" }), ` ${t("daily.result.optimal_score")}`),
    ),
    shareBox(shareText(result)),
    turnsTable(turns),
  );
  return box;
}
