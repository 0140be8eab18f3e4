// The analysis's list of every decision in log order, with a "mistakes only" filter; each row
// opens the replay at the position the decision was taken from.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { decimal } from "./labels.js";

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
  const empty = h("p", { class: "muted", hidden: true }, t("analysis.no_mistakes"));
  const rows = decisions.map((d) => decisionRow(d, describe, matchId, onOpen, rounds));
  const show = () => {
    const only = toggle.checked;
    for (const row of rows) row.hidden = only && !row.classList.contains("mistake");
    count.textContent = only ? t("analysis.mistakes_of", { mistakes, count: decisions.length }) : t("analysis.decisions_count", { decisions: decisions.length, count: mistakes });
    empty.hidden = !(only && mistakes === 0);
  };
  toggle.addEventListener("change", show);
  show();
  return h(
    "div",
    { class: "decisions" },
    h("div", { class: "decisions-head" }, h("h3", {}, t("analysis.every_decision")), h("label", { class: "check" }, toggle, " ", t("analysis.mistakes_only")), count),
    h(
      "div",
      { class: "decisions-scroll" },
      h(
        "table",
        { class: "costly", id: "decisions" },
        h("caption", { class: "visually-hidden" }, t("analysis.caption")),
        h("thead", {}, h("tr", {}, h("th", {}, t("analysis.turn")), h("th", {}, t("analysis.dice")), h("th", {}, t("analysis.played_best")), h("th", { class: "num" }, t("analysis.cost")))),
        h("tbody", {}, rows),
      ),
    ),
    empty,
  );
}

function decisionRow(d, describe, matchId, onOpen, rounds) {
  const roll = 3 - d.rolls_left;
  const when = rounds > 1 ? t("analysis.when_round", { round: d.round + 1, turn: d.turn + 1 }) : t("analysis.when", { turn: d.turn + 1 });
  // Said after the visible "T3", so the link's spoken name starts with what it shows.
  const params = { player: d.player, round: d.round + 1, turn: d.turn + 1, roll };
  const spoken = h("span", { class: "visually-hidden" }, t(rounds > 1 ? "analysis.spoken_round" : "analysis.spoken", params));
  const open = (event) => {
    if (!onOpen || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    event.stopPropagation(); // the page's own link handling would reload the replay
    onOpen(d);
  };
  const link = matchId ? h("a", { href: decisionHref(matchId, d), "data-link": true, class: "decision-link", title: t("analysis.see_moment"), onclick: open }, when, spoken) : h("span", {}, when);
  const mistake = d.cost > MISTAKE;
  const row = h(
    "tr",
    { class: `decision${mistake ? " mistake" : ""}`, dataset: { seq: String(d.seq), step: String(decisionStep(d)), seat: String(d.seat) } },
    h("td", {}, link, h("span", { class: "decision-player" }, d.player)),
    h("td", { class: "num-dice" }, d.dice.join(" "), h("span", { class: "muted decision-roll" }, t("analysis.roll", { roll }))),
    h("td", {}, h("span", { class: "played" }, describe(d.taken)), mistake ? h("span", { class: "best" }, t("analysis.best", { move: describe(d.best) })) : null),
    h("td", { class: "num" }, mistake ? decimal(d.cost, 2) : "–"),
  );
  if (matchId) row.addEventListener("click", (event) => { if (!event.target.closest("a")) link.click(); });
  return row;
}
