// The daily result's turn-by-turn table: your box and points beside the optimal player's, the
// dice of each roll for both, the cost of your decisions and the turn's mark.

import { h } from "./dom.js";
import { costText, decisionsWords, markOf, rollsText } from "./daily_words.js";

/** The line under the caption: what the cost counts, and why luck is not in it. */
export const COST_NOTE =
  "Cost: the expected points your choices gave away against the best choice at the same moment; what the dice did next is luck, so a turn can end like the optimal player's and still cost points.";

/** A turn's mark: a coloured symbol, with its word for screen readers and as a tooltip. */
export function markBadge(mark) {
  const m = markOf(mark);
  return h("span", { class: `daily-mark ${mark}`, title: m.word }, h("span", { "aria-hidden": "true" }, m.symbol), h("span", { class: "visually-hidden" }, m.word));
}

/** Your choices of a turn, one per roll and the box: "kept 4 4 4 (best: kept 4 4 4 4)". */
function choices(decisions, labelOf) {
  const words = decisionsWords(decisions, labelOf);
  if (!words.length) return null;
  return h(
    "span",
    { class: "daily-kept small" },
    words.map((text, i) => {
      const at = text.indexOf(" (best: ");
      const part = at < 0 ? text : [text.slice(0, at), " ", h("span", { class: "daily-best" }, text.slice(at + 1))];
      return [i ? " · " : null, h("span", { class: "daily-choice" }, part)];
    }),
  );
}

function play(side, decisions = null, labelOf = null) {
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
    decisions ? choices(decisions, labelOf) : null,
  );
}

/** The table of `turns` (the comparison's turns). */
export function turnsTable(turns) {
  const labels = new Map();
  for (const t of turns) for (const side of [t.you, t.optimal]) if (side && side.category) labels.set(side.category, side.label || side.category);
  const labelOf = (name) => labels.get(name) || name;
  return h(
    "table",
    { class: "data-table daily-turns", id: "daily-turns" },
    h("caption", {}, "Your game beside the optimal player's, turn by turn (the dice of each roll under the box)", h("span", { class: "daily-cost-note muted small", id: "daily-cost-note" }, COST_NOTE)),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "num" }, "Turn"), h("th", { scope: "col" }, "You"), h("th", { scope: "col" }, "Optimal player"), h("th", { scope: "col", class: "num" }, "Cost"))),
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
