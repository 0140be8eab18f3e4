// The end of a match: the ranking, Play again and New game, and the analysis on request.

import { api } from "./api.js";
import { analysisView } from "./analysis.js";
import { fill, h, toast } from "./dom.js";
import { navigate } from "./router.js";

function confetti() {
  const box = h("div", { class: "confetti", "aria-hidden": "true" });
  const colors = ["#f2b632", "#ffffff", "#e05d4f", "#5b7bd5", "#7fe0a3"];
  for (let i = 0; i < 36; i += 1) {
    box.append(
      h("i", {
        style: {
          left: `${Math.random() * 100}%`,
          background: colors[i % colors.length],
          animationDelay: `${Math.random() * 0.8}s`,
          animationDuration: `${1.8 + Math.random() * 1.4}s`,
        },
      }),
    );
  }
  setTimeout(() => box.remove(), 4000);
  return box;
}

/** @param {import("./table.js").TableScreen} screen */
export function renderResults(screen) {
  const v = screen.view;
  const outcome = v.outcome || { standings: [], winners: [] };
  const local = screen.localSeats;
  const winners = outcome.winners.map((seat) => screen.seatName(seat));
  const iWon = outcome.winners.some((seat) => local.has(seat)) && local.size === 1;
  const title = iWon
    ? outcome.winners.length > 1 ? "A shared win!" : "You win!"
    : winners.length > 1 ? `A tie: ${winners.join(" and ")}` : winners.length ? `${winners[0]} wins!` : "Match over";

  const ranking = h(
    "ol",
    { class: "ranking", "aria-label": "Final ranking" },
    outcome.standings.map((st) =>
      h(
        "li",
        { class: outcome.winners.includes(st.seat) ? "winner" : "", dataset: { seat: String(st.seat) } },
        h("span", { class: `place p${st.place || 0}` }, st.place ? String(st.place) : "–"),
        h("span", { class: "rank-name" }, st.name, st.status !== "playing" ? h("span", { class: "muted small" }, ` (${st.status})`) : null, local.has(st.seat) ? h("span", { class: "tag you", style: { marginLeft: "0.5em" } }, "you") : null),
        h("span", { class: "rank-total" }, String(st.total)),
      ),
    ),
  );

  const analysisBox = h("div", { class: "analysis-slot" });
  const analysisButton = h(
    "button",
    {
      type: "button",
      class: "button",
      onclick: async () => {
        if (analysisBox.childElementCount) {
          analysisBox.replaceChildren();
          analysisButton.textContent = "Show analysis";
          return;
        }
        analysisButton.disabled = true;
        fill(analysisBox, h("p", { class: "felt-note" }, "Analysing every move…"));
        try {
          const result = await api.analysis(v.id);
          fill(analysisBox, analysisView(result, (c) => screen.label(c)));
          analysisButton.textContent = "Hide analysis";
        } catch (error) {
          analysisBox.replaceChildren();
          toast(error.message, "error");
        }
        analysisButton.disabled = false;
      },
    },
    "Show analysis",
  );

  const actions = h(
    "div",
    { class: "result-actions" },
    local.size ? h("button", { type: "button", class: "button primary", onclick: () => screen.playAgain() }, "Play again") : null,
    h("button", { type: "button", class: "button", onclick: () => navigate("./") }, "New game"),
    analysisButton,
    h("a", { class: "button", href: `./?view=replay&match=${encodeURIComponent(v.id)}`, "data-link": true }, "Replay"),
  );

  const parts = [h("p", { class: "result-title", id: "result-title" }, title), ranking, actions, analysisBox];
  if (iWon || (local.size > 1 && outcome.winners.some((seat) => local.has(seat)))) parts.unshift(confetti());
  return parts;
}
