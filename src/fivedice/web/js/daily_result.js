// The daily result: your score beside the optimal player's, rank and percentile, the day's
// histogram, the share text with a Copy button, the streak, and the turn-by-turn table.

import { fill, h, toast } from "./dom.js";
import { costText, percentileText, streakText } from "./daily_words.js";
import { histogramSvg } from "./daily_histogram.js";
import { turnsTable } from "./daily_turns.js";

/** Copy the share text; where the clipboard is refused, select it for the person to copy. */
async function copyShare(area, status) {
  try {
    await navigator.clipboard.writeText(area.value);
    status.textContent = "Copied.";
  } catch {
    area.focus();
    area.select();
    status.textContent = "Selected: copy it with Ctrl+C (⌘C on a Mac).";
  }
}

function shareBox(text) {
  const area = h("textarea", { id: "daily-share", class: "daily-share", readonly: true, rows: String(Math.min(8, text.split("\n").length + 1)), "aria-labelledby": "daily-share-head" });
  area.value = text;
  const status = h("span", { class: "muted small", role: "status" });
  return h(
    "section",
    { class: "daily-share-box", "aria-labelledby": "daily-share-head" },
    h("h3", { id: "daily-share-head" }, "Share your result"),
    h("p", { class: "muted small" }, "One mark a turn, no dice: nobody's day is spoiled."),
    area,
    h("div", { class: "row" }, h("button", { type: "button", class: "button", id: "daily-copy", onclick: () => copyShare(area, status).catch((error) => toast(error.message, "error")) }, "Copy"), status),
  );
}

/** Your rank and percentile; a game finished after its day was over (its dice public by
 * then) is not ranked, and says so. */
function rankLine(result) {
  if (result.ranked === false) {
    return h("p", { class: "daily-rank", id: "daily-rank" }, h("strong", {}, "Not ranked"), ": finished after the day was over, when its dice were public.");
  }
  return h("p", { class: "daily-rank", id: "daily-rank" }, h("strong", {}, `Rank ${result.rank} of ${result.players}`), `: ${percentileText(result.percentile, result.players)}.`);
}

/** The section for `result` (GET /api/daily/{day}/result). */
export function resultSection(result) {
  const turns = (result.comparison && result.comparison.turns) || [];
  const box = h("section", { class: "panel daily-result", id: "daily-result", "aria-labelledby": "daily-result-head" });
  const histogramLabel = `The day's scores in ${result.histogram.bins.length} bins; your score ${result.score}, the optimal player's ${result.optimal_score}.`;
  fill(
    box,
    h("h2", { id: "daily-result-head" }, "Your result"),
    h(
      "div",
      { class: "daily-scores" },
      h("div", { class: "daily-score you" }, h("span", { class: "muted small" }, "You"), h("strong", { id: "daily-score" }, String(result.score))),
      h("div", { class: "daily-score optimal" }, h("span", { class: "muted small" }, "Optimal player"), h("strong", { id: "daily-optimal-score" }, String(result.optimal_score))),
    ),
    rankLine(result),
    h("p", { class: "small" }, `Expected points given away by your decisions: ${costText(result.gave_away).replace("−", "")}. Your streak: `, h("strong", { id: "daily-streak" }, streakText(result.streak)), "."),
    h(
      "figure",
      { class: "daily-figure" },
      histogramSvg(result.histogram, histogramLabel),
      h("figcaption", { class: "muted small" }, h("span", { class: "swatch you", "aria-hidden": "true" }), " your bar  ", h("span", { class: "swatch optimal", "aria-hidden": "true" }), " the optimal score"),
    ),
    shareBox(result.share || ""),
    turnsTable(turns),
  );
  return box;
}
