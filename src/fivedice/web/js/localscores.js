// High scores kept by this browser: the games played at its own screen (pass and play, and
// against the computer), per rule set, with a Reset that clears them (as the desktop games did).
// They live in this browser's storage only: the server's high scores and leaderboards are not
// touched by a Reset.

import { fill, h, toast } from "./dom.js";
import { num, t } from "./i18n.js";
import { tabSeats } from "./seats.js";

const KEY = "fivedice.localHighScores";
const KEPT = 10; // per rule set
const LOCAL_MODES = new Set(["pass", "computer"]);

function readAll() {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) || "{}");
    return all && typeof all === "object" && !Array.isArray(all) ? all : {};
  } catch {
    return {};
  }
}

function writeAll(all) {
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* storage full or blocked: the list lasts as long as the page */
  }
}

/** This browser's best games under a rule set, best first. */
export function localScores(preset) {
  const list = readAll()[preset];
  return Array.isArray(list) ? list.filter((s) => s && Number.isFinite(s.total)) : [];
}

/** Keep the finished games of the people this browser seated at a table of its own (pass and
 * play, or against the computer): one line per game, so a match of three rounds is three. */
export function recordLocalScores(tableId, view) {
  const entry = tabSeats(tableId);
  if (!entry || !LOCAL_MODES.has(entry.mode) || !view || view.phase !== "finished") return;
  const all = readAll();
  const list = localScores(view.preset);
  const known = new Set(list.map((s) => s.id));
  for (const seat of view.seats) {
    if (seat.bot || !(String(seat.seat) in (entry.seats || {}))) continue;
    seat.cards.forEach((card, round) => {
      const id = `${tableId}:${seat.seat}:${round}`;
      if (known.has(id)) return;
      list.push({ id, name: seat.name, total: card.grand_total, round: round + 1, rounds: seat.cards.length, when: Date.now() });
    });
  }
  list.sort((a, b) => b.total - a.total || a.when - b.when);
  all[view.preset] = list.slice(0, KEPT);
  writeAll(all);
}

/** Forget this browser's high scores under a rule set. */
export function resetLocalScores(preset) {
  const all = readAll();
  delete all[preset];
  writeAll(all);
}

/** The lobby's panel of this browser's high scores, for the rule set `select` shows. */
export function localScoresPanel(select) {
  const list = h("ol", { id: "local-scores" });
  const actions = h("div", { class: "local-scores-actions" });
  const presetTitle = () => (select.selectedOptions[0] ? select.selectedOptions[0].textContent : select.value);
  const show = () => {
    const preset = select.value || "official";
    const scores = localScores(preset);
    fill(
      list,
      scores.length
        ? scores.map((s, i) => h("li", {}, h("span", {}, `${num(i + 1)}. ${s.name}`, s.rounds > 1 ? h("span", { class: "muted small" }, ` · ${t("lobby.game_of", { round: s.round, rounds: s.rounds })}`) : null), h("strong", { class: "num" }, num(s.total))))
        : h("li", { class: "muted" }, t("lobby.local_empty")),
    );
    fill(actions, h("button", { type: "button", class: "button small ghost", id: "local-scores-reset", disabled: !scores.length, onclick: () => confirm(preset, scores.length) }, t("lobby.local_reset")));
  };
  const confirm = (preset, count) => {
    fill(
      actions,
      h("p", { class: "small", id: "local-scores-confirm" }, t("lobby.local_clear_question", { count, rules: presetTitle() })),
      h(
        "div",
        { class: "row" },
        h("button", { type: "button", class: "button small danger", id: "local-scores-clear", onclick: () => { resetLocalScores(preset); show(); toast(t("lobby.local_cleared")); } }, t("lobby.local_clear")),
        h("button", { type: "button", class: "button small ghost", id: "local-scores-keep", onclick: show }, t("lobby.local_keep")),
      ),
    );
    actions.querySelector("#local-scores-keep").focus();
  };
  select.addEventListener("change", show);
  new MutationObserver(show).observe(select, { childList: true });
  show();
  return h(
    "section",
    { class: "panel scores-mini local-scores", "aria-labelledby": "local-best" },
    h("div", { class: "panel-head" }, h("h2", { id: "local-best" }, t("lobby.local_title"))),
    h("p", { class: "muted small" }, t("lobby.local_note")),
    list,
    actions,
  );
}
