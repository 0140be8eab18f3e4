// The daily result's turn-by-turn table: your box and points beside the optimal player's, the
// dice of each roll for both, the cost of your decisions and the turn's mark.

import { h } from "./dom.js";
import { costText, markOf, rollsText } from "./daily_words.js";

/** A turn's mark: a coloured symbol, with its word for screen readers and as a tooltip. */
export function markBadge(mark) {
  const m = markOf(mark);
  return h("span", { class: `daily-mark ${mark}`, title: m.word }, h("span", { "aria-hidden": "true" }, m.symbol), h("span", { class: "visually-hidden" }, m.word));
}

function play(side) {
  if (!side) return h("td", {}, "–");
  return h(
    "td",
    { class: "daily-play" },
    h("span", { class: "daily-box" }, side.label || side.category, " ", h("strong", {}, String(side.points))),
    h(
      "span",
      { class: "daily-rolls muted small", title: rollsText(side.rolls) },
      (side.rolls || []).map((dice, i) => [i ? " → " : null, h("span", { class: "roll" }, dice.join(" "))]),
    ),
  );
}

/** The table of `turns` (the comparison's turns). */
export function turnsTable(turns) {
  return h(
    "table",
    { class: "data-table daily-turns", id: "daily-turns" },
    h("caption", {}, "Your game beside the optimal player's, turn by turn (the dice of each roll under the box)"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "num" }, "Turn"), h("th", { scope: "col" }, "You"), h("th", { scope: "col" }, "Optimal player"), h("th", { scope: "col", class: "num" }, "Cost"))),
    h(
      "tbody",
      {},
      turns.map((t) =>
        h(
          "tr",
          { dataset: { turn: String(t.turn), mark: t.mark } },
          h("th", { scope: "row", class: "num" }, String(t.turn)),
          play(t.you),
          play(t.optimal),
          h("td", { class: "num daily-cost" }, markBadge(t.mark), " ", costText(t.cost)),
        ),
      ),
    ),
  );
}
