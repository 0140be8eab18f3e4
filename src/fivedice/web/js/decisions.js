// The analysis's list of every decision in log order, with a "mistakes only" filter; each row
// opens the replay at the position the decision was taken from.

import { h } from "./dom.js";

const MISTAKE = 0.005; // a cost under this is rounding, not a worse move

/** The replay step a decision was taken from: the event just before the one that carried it out. */
export function decisionStep(decision) {
  return Math.max(1, decision.seq - 1);
}

/** The replay's address at a decision. */
export function decisionHref(matchId, decision) {
  return `./?view=replay&match=${encodeURIComponent(matchId)}&seq=${decisionStep(decision)}`;
}

/**
 * @param {object} analysis  the server's analysis (decisions, each with its seq)
 * @param {(action: object) => string} describe  an action as words
 * @param {{matchId?: string, onOpen?: (decision: object) => void, rounds?: number}} options
 *   matchId: rows link to the replay; onOpen: the replay itself moves instead of reloading
 */
export function decisionsTable(analysis, describe, { matchId = null, onOpen = null, rounds = 1 } = {}) {
  const decisions = analysis.decisions;
  const mistakes = decisions.filter((d) => d.cost > MISTAKE).length;
  const count = h("span", { class: "muted decisions-count" });
  const toggle = h("input", { type: "checkbox", id: "mistakes-only" });
  const empty = h("p", { class: "muted", hidden: true }, "Every move was the best one: nothing given away.");
  const rows = decisions.map((d) => decisionRow(d, describe, matchId, onOpen, rounds));
  const show = () => {
    const only = toggle.checked;
    for (const row of rows) row.hidden = only && !row.classList.contains("mistake");
    count.textContent = only ? `${mistakes} of ${decisions.length} decisions` : `${decisions.length} decisions, ${mistakes} mistakes`;
    empty.hidden = !(only && mistakes === 0);
  };
  toggle.addEventListener("change", show);
  show();
  return h(
    "div",
    { class: "decisions" },
    h("div", { class: "decisions-head" }, h("h3", {}, "Every decision"), h("label", { class: "check" }, toggle, " Mistakes only"), count),
    h(
      "div",
      { class: "decisions-scroll" },
      h(
        "table",
        { class: "costly", id: "decisions" },
        h("caption", { class: "visually-hidden" }, "Every decision, in the order played: the move, the best move and the points it gave away"),
        h("thead", {}, h("tr", {}, h("th", {}, "Turn"), h("th", {}, "Dice"), h("th", {}, "Played / best"), h("th", { class: "num" }, "Cost"))),
        h("tbody", {}, rows),
      ),
    ),
    empty,
  );
}

function decisionRow(d, describe, matchId, onOpen, rounds) {
  const roll = 3 - d.rolls_left;
  const when = `${rounds > 1 ? `R${d.round + 1} ` : ""}T${d.turn + 1}`;
  // Said after the visible "T3", so the link's spoken name starts with what it shows.
  const spoken = h("span", { class: "visually-hidden" }, `: ${d.player}, ${rounds > 1 ? `round ${d.round + 1}, ` : ""}turn ${d.turn + 1}, roll ${roll}, see this moment`);
  const open = (event) => {
    if (!onOpen || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    event.stopPropagation(); // the page's own link handling would reload the replay
    onOpen(d);
  };
  const link = matchId ? h("a", { href: decisionHref(matchId, d), "data-link": true, class: "decision-link", title: "See this moment in the replay", onclick: open }, when, spoken) : h("span", {}, when);
  const mistake = d.cost > MISTAKE;
  const row = h(
    "tr",
    { class: `decision${mistake ? " mistake" : ""}`, dataset: { seq: String(d.seq), step: String(decisionStep(d)), seat: String(d.seat) } },
    h("td", {}, link, h("span", { class: "decision-player" }, d.player)),
    h("td", { class: "num-dice" }, d.dice.join(" "), h("span", { class: "muted decision-roll" }, `roll ${roll}`)),
    h("td", {}, h("span", { class: "played" }, describe(d.taken)), mistake ? h("span", { class: "best" }, `best: ${describe(d.best)}`) : null),
    h("td", { class: "num" }, mistake ? d.cost.toFixed(2) : "–"),
  );
  if (matchId) row.addEventListener("click", (event) => { if (!event.target.closest("a")) link.click(); });
  return row;
}
