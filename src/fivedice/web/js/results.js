// The end of a match: the ranking, the rematch (offer, accept or decline), New game, and the
// analysis on request.

import { api } from "./api.js";
import { analysisView } from "./analysis.js";
import { dailyDoneTitle, dailyResultLink } from "./daily_table.js";
import { fill, h, toast } from "./dom.js";
import { num, t } from "./i18n.js";
import { decimal, namesList } from "./labels.js";
import { navigate } from "./router.js";

/** Why a player stopped playing, as the ranking says it (a forfeit is always the clock's). */
const STATUS_WORDS = () => ({ forfeited: t("results.forfeited"), left: t("results.left") });

function confetti() {
  const box = h("div", { class: "confetti", "aria-hidden": "true" });
  const colors = ["#f2b632", "#ffffff", "#e05d4f", "#5b7bd5", "#7fe0a3"];
  for (let i = 0; i < 36; i += 1) {
    box.append(
      h("i", {
        style: {
          left: `calc(${Math.random()} * (100% - 16px))`,
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

/** Hints the player in `seat` was shown during the match. */
function hintsTaken(view, seat) {
  const found = view.seats.find((s) => s.seat === seat);
  return found ? found.hints : 0;
}

/** The rematch: offer it, answer it, or see who it waits for (redrawn with every update). */
export function rematchControls(screen) {
  const v = screen.view;
  if (screen.daily) return []; // one attempt a day: no rematch
  const mine = screen.rematchSeats;
  const offer = v.rematch && v.rematch.accepted.includes(v.rematch.offered_by) ? v.rematch : null;
  const people = v.seats.filter((s) => !s.bot && s.status === "playing");
  const alone = people.every((s) => screen.localSeats.has(s.seat));
  const busy = screen.busy !== null;
  if (!mine.length) {
    return offer ? [h("p", { class: "felt-note rematch-note", role: "status" }, t("results.rematch_offered", { name: screen.seatName(offer.offered_by) }))] : [];
  }
  if (!offer) {
    const lapsed = v.rematch && v.rematch.declined.length ? h("p", { class: "felt-note rematch-note", role: "status" }, t("results.rematch_declined")) : null;
    return [lapsed, h("button", { type: "button", class: "button primary", id: "rematch", disabled: busy, onclick: () => screen.answerRematch(true) }, alone ? t("results.play_again") : t("results.offer_rematch"))];
  }
  const answered = new Set([...offer.accepted, ...offer.declined]);
  const waiting = people.filter((s) => !answered.has(s.seat) && !s.away_since).map((s) => s.name);
  if (mine.every((seat) => answered.has(seat))) {
    const text = offer.table_id ? t("results.rematch_opening") : waiting.length ? t("results.rematch_waiting", { names: waiting.join(", ") }) : t("results.rematch_waiting_others");
    return [h("p", { class: "felt-note rematch-note", role: "status" }, text)];
  }
  return [
    h("p", { class: "felt-note rematch-note", role: "status" }, t("results.rematch_offers", { name: screen.seatName(offer.offered_by) })),
    h("button", { type: "button", class: "button primary", id: "rematch-accept", disabled: busy, onclick: () => screen.answerRematch(true) }, t("results.rematch_accept")),
    h("button", { type: "button", class: "button", id: "rematch-decline", disabled: busy, onclick: () => screen.answerRematch(false) }, t("results.rematch_decline")),
  ];
}

/** @param {import("./table.js").TableScreen} screen */
/** Each rated seat's rating, before → after, beside its place (once the result is stored;
 * asked again a few times while it is being written). */
const ratingChanges = new Map(); // match id -> its changes, once known

async function showRatingChanges(matchId, ranking, tries = 4) {
  let changes = ratingChanges.get(matchId) || [];
  if (!changes.length) {
    try {
      changes = await api.matchRatings(matchId);
    } catch {
      return; // the ranking stands without them
    }
    if (changes.length) ratingChanges.set(matchId, changes);
  }
  if (!changes.length && tries > 1) {
    setTimeout(() => showRatingChanges(matchId, ranking, tries - 1), 1000);
    return;
  }
  for (const c of changes) {
    const slot = ranking.querySelector(`.rank-rating[data-seat="${c.seat}"]`);
    if (!slot) continue;
    const delta = c.rating_after - c.rating_before;
    const sign = delta > 0 ? "+" : delta < 0 ? "−" : "±";
    const params = { change: `${sign}${decimal(Math.abs(delta))}`, rating: decimal(c.rating_after) };
    slot.textContent = t(c.provisional ? "results.rating_provisional" : "results.rating", params);
    slot.title = t("results.rating_before", { rating: decimal(c.rating_before) });
  }
}

export function renderResults(screen) {
  const v = screen.view;
  const outcome = v.outcome || { standings: [], winners: [] };
  const local = screen.localSeats;
  const winners = outcome.winners.map((seat) => screen.seatName(seat));
  const iWon = outcome.winners.some((seat) => local.has(seat)) && local.size === 1;
  const title = iWon
    ? outcome.winners.length > 1 ? t("results.shared_win") : t("results.you_win")
    : winners.length > 1 ? t("results.tie", { names: namesList(winners) }) : winners.length ? t("results.wins", { name: winners[0] }) : t("results.over");

  const ranking = h(
    "ol",
    { class: "ranking", "aria-label": t("results.ranking") },
    outcome.standings.map((st) =>
      h(
        "li",
        { class: outcome.winners.includes(st.seat) ? "winner" : "", dataset: { seat: String(st.seat) } },
        h("span", { class: `place p${st.place || 0}` }, st.place ? String(st.place) : "–"),
        h(
          "span",
          { class: "rank-name" },
          st.name,
          st.status !== "playing" ? h("span", { class: "muted small rank-status" }, ` (${STATUS_WORDS()[st.status] || st.status})`) : null,
          local.has(st.seat) && screen.saysYou ? h("span", { class: "tag you", style: { marginLeft: "0.5em" } }, t("card.you")) : null,
          v.options.rated ? h("span", { class: "small rank-rating", dataset: { seat: String(st.seat) } }) : null,
        ),
        hintsTaken(v, st.seat) ? h("span", { class: "muted small rank-hints" }, t("results.hints", { count: hintsTaken(v, st.seat) })) : null,
        h("span", { class: "rank-total" }, num(st.total)),
      ),
    ),
  );

  if (v.options.rated) showRatingChanges(v.id, ranking);

  const analysisBox = h("div", { class: "analysis-slot" });
  const analysisButton = h(
    "button",
    {
      type: "button",
      class: "button",
      onclick: async () => {
        if (analysisBox.childElementCount) {
          analysisBox.replaceChildren();
          analysisButton.textContent = t("results.show_analysis");
          return;
        }
        analysisButton.disabled = true;
        fill(analysisBox, h("p", { class: "felt-note" }, t("results.analysing")));
        try {
          const result = await api.analysis(v.id);
          fill(analysisBox, analysisView(result, (c) => screen.label(c), { matchId: v.id }));
          analysisButton.textContent = t("results.hide_analysis");
        } catch (error) {
          analysisBox.replaceChildren();
          toast(error.message, "error");
        }
        analysisButton.disabled = false;
      },
    },
    t("results.show_analysis"),
  );

  screen.rematchEl = h("span", { class: "rematch-controls" });
  const dailyLink = dailyResultLink(screen); // first: it marks a daily table (no rematch, a Lobby button)
  fill(screen.rematchEl, rematchControls(screen));
  const actions = h(
    "div",
    { class: "result-actions" },
    screen.rematchEl,
    h("button", { type: "button", class: "button", id: "new-game", onclick: () => navigate("./") }, screen.daily ? t("table.lobby") : t("results.new_game")),
    analysisButton,
    h("a", { class: "button", href: `./?view=replay&match=${encodeURIComponent(v.id)}`, "data-link": true }, t("results.replay")),
  );

  const parts = [h("h2", { class: "result-title", id: "result-title" }, screen.daily ? dailyDoneTitle() : title), ranking, dailyLink, actions, analysisBox];
  if (!screen.daily && (iWon || (local.size > 1 && outcome.winners.some((seat) => local.has(seat))))) parts.unshift(confetti());
  return parts;
}

/** Bring the results' title into view (on a phone the page is still scrolled at the card when
 * the last box is scored), once the results are laid out. */
export function showResultTitle() {
  requestAnimationFrame(() => {
    const title = document.getElementById("result-title");
    if (title) title.scrollIntoView({ block: "nearest", behavior: "auto" }); // no move when it shows already
  });
}
