// The daily result's turn-by-turn table: your box and points beside the optimal player's, the
// dice of each roll for both, the cost of your decisions and the turn's mark.

import { costText, decisionParts, markOf, rollsText } from "./daily_words.js";
import { h } from "./dom.js";
import { boxLabel, num, t } from "./i18n.js";

/** A turn's mark: a coloured symbol, with its word for screen readers and as a tooltip. */
export function markBadge(mark) {
  const m = markOf(mark);
  return h("span", { class: `daily-mark ${mark}`, title: m.word }, h("span", { "aria-hidden": "true" }, m.symbol), h("span", { class: "visually-hidden" }, m.word));
}

/** Your choices of a turn, one per roll and the box: "kept 4 4 4 (best: kept 4 4 4 4)". */
function choices(decisions, labelOf) {
  const parts = decisionParts(decisions, labelOf);
  if (!parts.length) return null;
  return h(
    "span",
    { class: "daily-kept small" },
    parts.map(({ taken, best }, i) => [i ? " · " : null, h("span", { class: "daily-choice" }, taken, best ? [" ", h("span", { class: "daily-best" }, best)] : null)]),
  );
}

function play(side, decisions = null, labelOf = null) {
  if (!side) return h("td", {}, "–");
  return h(
    "td",
    { class: "daily-play" },
    h("span", { class: "daily-box" }, boxLabel(side.label || side.category), " ", h("strong", {}, num(side.points))),
    h(
      "span",
      { class: "daily-rolls muted small", title: rollsText(side.rolls) },
      (side.rolls || []).map((dice, i) => [i ? " → " : null, h("span", { class: "roll" }, dice.join(" "))]),
    ),
    decisions ? choices(decisions, labelOf) : null,
  );
}

/** The table of `turns` (the comparison's turns). */
export function turnsTable(turns) {
  const labels = new Map();
  for (const t of turns) for (const side of [t.you, t.optimal]) if (side && side.category) labels.set(side.category, boxLabel(side.label || side.category));
  const labelOf = (name) => labels.get(name) || name;
  return h(
    "table",
    { class: "data-table daily-turns", id: "daily-turns" },
    h("caption", {}, t("daily.turns.caption"), h("span", { class: "daily-cost-note muted small", id: "daily-cost-note" }, t("daily.turns.cost_note"))),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "num" }, t("daily.turns.turn")), h("th", { scope: "col" }, t("daily.you")), h("th", { scope: "col" }, t("daily.optimal_player")), h("th", { scope: "col", class: "num" }, t("daily.turns.cost")))),
    h(
      "tbody",
      {},
      turns.map((t) =>
        h(
          "tr",
          { dataset: { turn: String(t.turn), mark: t.mark } },
          h("th", { scope: "row", class: "num" }, String(t.turn)),
          play(t.you, t.decisions, labelOf),
          play(t.optimal),
          h("td", { class: "num daily-cost" }, markBadge(t.mark), " ", costText(t.cost)),
        ),
      ),
    ),
  );
}
