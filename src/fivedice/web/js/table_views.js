// The table's views: the head, the felt while playing (banner, dice, roll, hint, undo), the
// preview and hint lines, and the scorecard. Each draws what the model says into the screen's
// elements and wires clicks back to the screen (the controller in table.js).

import { clockText, fill, h } from "./dom.js";
import { miniDie } from "./dice.js";
import { presetTitle, t, tNodes } from "./i18n.js";
import { decimal } from "./labels.js";
import { touchFirst } from "./pointer.js";
import { rulesHref } from "./rules.js";
import { rememberedSeats } from "./seats.js";
import { renderScorecard } from "./scorecard.js";
import { MAX_ROLLS } from "./table_model.js";

/** The connection's dot and words, by the socket's state. */
const CONNECTION = () => ({
  online: ["on", t("table.connected")],
  connecting: ["wait", t("table.connecting")],
  reconnecting: ["wait", t("table.reconnecting")],
  gone: ["off", t("table.no_such_table")],
});

/** The head: the table's name, its rules and options, the connection, and its buttons. */
export function renderHead(screen) {
  const m = screen.model;
  const v = m.view;
  const rules = m.welcome ? m.welcome.rules : null;
  const states = CONNECTION();
  const [dot, text] = states[screen.socketState] || states.connecting;
  const rounds = v ? v.options.rounds : 1;
  const local = m.isLocal;
  const meta = h(
    "div",
    { class: "meta" },
    rules ? h("a", { class: "pill rules-pill", title: rules.source, href: rulesHref(rules.name), target: "_blank", rel: "noopener", id: "table-rules" }, presetTitle(rules.name, rules.title), h("span", { class: "rules-pill-more" }, t("table.rules_more"))) : null,
    v && rounds > 1 ? h("span", { class: "pill" }, t("table.round_of", { round: Math.min(v.round + 1, rounds), rounds })) : null,
    v && v.options.clock_seconds ? h("span", { class: "pill" }, t("table.per_hand", { time: clockText(v.options.clock_seconds) })) : null,
    v && v.options.rated ? h("span", { class: "pill rated", title: t("waiting.rated_title") }, t("waiting.rated")) : null,
    v && !v.listed && !local && !screen.daily && !v.daily ? h("span", { class: "pill" }, t("table.private")) : null,
    h("span", { class: "conn", dataset: { connection: screen.socketState }, role: "status" }, h("span", { class: `dot ${dot}` }), text),
  );
  const actions = h(
    "div",
    { class: "head-actions" },
    screen.socketState === "gone" || local || screen.daily ? null : inviteButton(screen, v),
    m.localSeats.size && v && v.phase !== "finished" && (screen.daily || v.daily)
      ? h("a", { class: "button small", href: "./", "data-link": true, title: t("table.daily_later_title") }, t("table.daily_later"))
      : m.localSeats.size && v && v.phase !== "finished"
      ? h("button", { type: "button", class: "button small danger", onclick: () => screen.leave() }, t("table.leave"))
      : h("a", { class: "button small", href: "./", "data-link": true }, t("table.lobby")),
  );
  fill(screen.headEl, h("h1", { title: (v && v.name) || "" }, (v && v.name) || t("table.table")), meta, actions);
}

/** Whether a seat is still to be had: the table waits and has room (else a link only watches). */
function hasRoom(v) {
  return !v || (v.phase === "waiting" && v.seats.length < v.options.seats);
}

/** The head's link button: an invitation while a seat is free, else a link to watch. */
function inviteButton(screen, v) {
  const room = hasRoom(v);
  return h("button", { type: "button", class: "button small", id: "copy-table-link", onclick: () => screen.copyInvite(room) }, room ? t("table.copy_invite") : t("table.copy_watch_link"));
}

/** The felt when the table does not exist. */
export function renderGone(screen) {
  screen.el.dataset.phase = "gone";
  screen.cardPanel.hidden = true;
  screen.sideEl.hidden = true;
  fill(
    screen.feltEl,
    h("div", { class: "turn-who" }, h("p", { class: "turn-title" }, t("table.gone_title")), h("p", { class: "turn-sub" }, t("table.gone_sub"))),
    h("div", { class: "controls" }, h("a", { class: "button primary", href: "./", "data-link": true }, t("table.to_lobby"))),
  );
}

/** The felt during the match: built once, then updated on each frame. */
export function renderPlaying(screen, rolled) {
  const m = screen.model;
  const v = m.view;
  if (screen.feltView !== "playing") {
    screen.feltView = "playing";
    screen.bannerEl = h("div", { class: "turn-banner" });
    screen.rollButton = h("button", { type: "button", class: "roll-button", onclick: () => screen.clickRoll() });
    screen.hintButton = h("button", { type: "button", class: "button small", onclick: () => screen.askHint() }, t("table.hint"), " ", h("span", { class: "kbd" }, "H"));
    screen.undoButton = h("button", { type: "button", class: "button small", onclick: () => screen.undo() });
    screen.previewEl = h("p", { class: "preview-line", "aria-live": "polite" });
    screen.noteEl = h("p", { class: "felt-note" });
    screen.hintEl = h("div", { class: "hint-box", "aria-live": "polite" });
    screen.resumeEl = h("div", { class: "controls" });
    screen.awayEl = h("div", { class: "controls away-controls" });
    fill(
      screen.feltEl,
      screen.bannerEl,
      screen.awayEl,
      screen.tray.el,
      h("div", { class: "controls" }, screen.rollButton, screen.hintButton, screen.undoButton),
      screen.previewEl,
      screen.noteEl,
      screen.hintEl,
      screen.resumeEl,
    );
  }
  const active = v.active_seat;

  // The banner: whose turn, what to do, the clock.
  const banner = m.banner();
  const sub =
    banner.away !== null
      ? h("span", { class: "away-note" }, tNodes("table.away_passes", { name: banner.away, time: h("span", { class: "away-left", dataset: { deadline: String(v.absence.deadline) } }) }))
      : banner.sub;
  const clock = v.clock && active !== null ? h("span", { class: "big-clock", dataset: { clockSeat: String(active) }, "aria-label": t("table.time_left") }) : null;
  fill(screen.bannerEl, h("div", { class: "turn-who" }, h("p", { class: "turn-title", id: "turn-title" }, banner.title), h("p", { class: "turn-sub" }, sub)), clock);

  // The host may pass an away player's turn at once, or put them out.
  const hostHere = v.host !== null && m.localSeats.has(v.host);
  const activeName = m.seatName(active);
  fill(
    screen.awayEl,
    v.absence && hostHere && !m.localSeats.has(v.absence.seat)
      ? [
          h("button", { type: "button", class: "button small", onclick: () => screen.skipAway(v.absence.seat), disabled: !!m.busy }, t("table.skip_turn", { name: activeName })),
          h("button", { type: "button", class: "button small danger", onclick: () => screen.removeAway(v.absence.seat), disabled: !!m.busy }, t("table.remove_player", { name: activeName })),
        ]
      : null,
  );

  // The dice: this turn's, or the last turn's (faded) until the next roll.
  const hinted = m.hint && m.hint.best.kind === "hold" ? new Set(m.hint.best.positions) : new Set();
  const showLast = v.dice === null && m.lastTurn && m.lastTurn.dice;
  screen.tray.update({
    dice: showLast ? m.lastTurn.dice : v.dice,
    held: showLast ? new Set() : m.held,
    canHold: m.canHold,
    rolled,
    last: !!showLast,
    hinted,
  });
  if (!showLast && v.dice === null && m.rollOffText()) fill(screen.noteEl, rollOffDice(m));
  else screen.noteEl.textContent = showLast ? m.lastTurn.text : "";

  // Roll, hint, undo.
  const pips = h("span", { class: "rolls-left", "aria-hidden": "true" }, [...Array(MAX_ROLLS)].map((_, i) => h("i", { class: i < v.rolls_left ? "full" : "" })));
  // Named by its text (a voice command says "click Roll again"), the rolls left said after.
  const rollsLeft = h("span", { class: "visually-hidden" }, ` ${t("table.roll_rolls_left", { count: v.rolls_left })}`);
  fill(screen.rollButton, v.dice === null ? t("table.roll") : t("table.roll_again"), rollsLeft, pips, h("span", { class: "kbd", "aria-hidden": "true" }, "R"));
  screen.rollButton.disabled = !m.canRoll || m.rolling || m.busy !== null;
  screen.rollButton.dataset.rollsLeft = String(v.rolls_left);
  screen.hintButton.hidden = !v.hints;
  screen.hintButton.disabled = m.actingSeat === null || v.dice === null;
  const undo = m.undoOffer;
  screen.undoButton.hidden = !undo;
  if (undo) fill(screen.undoButton, `${undo.text} `, h("span", { class: "kbd" }, "U"));
  renderPreview(screen);
  renderHint(screen);

  // A tab that once held a seat here can take it back.
  const remembered = !m.localSeats.size ? rememberedSeats(screen.tableId) : null;
  fill(
    screen.resumeEl,
    remembered
      ? h("button", { type: "button", class: "button primary", onclick: () => screen.resume() }, t("table.resume_as", { names: Object.values(remembered.seats).map((s) => s.name).join(", ") }))
      : null,
  );
}

/** The line under the controls: what the previewed (or chosen) box would score. */
export function renderPreview(screen) {
  if (!screen.previewEl) return;
  const m = screen.model;
  const v = m.view;
  const category = m.previewing || m.selected;
  const option = category && v.score_options.find((o) => o.category === category);
  if (!option) {
    screen.previewEl.textContent = m.actingSeat !== null && v.dice !== null ? t(touchFirst() ? "table.preview_help_touch" : "table.preview_help") : "";
    screen.previewEl.classList.add("muted");
    return;
  }
  screen.previewEl.classList.remove("muted");
  fill(screen.previewEl, ...previewParts(m, category, option), m.actingSeat !== null ? ` ${t(touchFirst() ? "table.preview_score_help_touch" : "table.preview_score_help")}` : "");
}

/** The roll for first turn as dice: each player's name beside the die they rolled, a tie's
 * rounds one after another; the sentence (rollOffText) is what a screen reader hears. */
function rollOffDice(m) {
  const v = m.view;
  const rounds = v.roll_off.map((round, index) =>
    h(
      "span",
      { class: "roll-off-round", "aria-hidden": "true" },
      index ? h("span", { class: "roll-off-tie" }, t("table.roll_off_tie_short")) : null,
      round.map(([seat, face]) => h("span", { class: "roll-off-die", dataset: { seat: String(seat), face: String(face) } }, m.seatName(seat), " ", miniDie(face))),
    ),
  );
  return h(
    "span",
    { class: "roll-off" },
    h("span", { class: "visually-hidden" }, m.rollOffText()),
    h("span", { "aria-hidden": "true" }, `${t("table.roll_off_label")} `),
    rounds,
    h("span", { class: "roll-off-first", "aria-hidden": "true" }, t("table.roll_off_starts", { name: m.seatName(v.order[0]) })),
  );
}

/** "Chance: 17 points + 100 bonus": what a box would score, for the preview line and bubble. */
export function previewParts(model, category, option) {
  const points = h("span", { class: "pts" }, t("card.points", { count: option.points }));
  const key = `card.preview${option.bonus ? "_bonus" : ""}${option.joker ? "_joker" : ""}`;
  return tNodes(key, { box: model.label(category), points, bonus: option.bonus });
}

/** The hint box: the best move and the next few, with their expected final scores. */
export function renderHint(screen) {
  if (!screen.hintEl) return;
  const m = screen.model;
  const hint = m.hint;
  screen.hintEl.hidden = !hint;
  if (!hint) return;
  const describe = (a) =>
    a.kind === "score"
      ? t(a.bonus ? "table.hint_score_bonus" : "table.hint_score", { box: m.label(a.category), points: a.points, bonus: a.bonus })
      : a.hold.length
        ? t("table.hint_hold", { dice: a.hold.join(" ") })
        : t("table.hint_reroll");
  fill(
    screen.hintEl,
    h("div", { class: "best" }, tNodes("table.hint_best", { move: describe(hint.best), expected: h("span", { class: "ev" }, decimal(hint.best.expected)) })),
    hint.others.length
      ? h("ol", { start: "2" }, hint.others.map((a) => h("li", {}, tNodes("table.hint_other", { move: describe(a), expected: h("span", { class: "ev" }, decimal(a.expected)), difference: decimal(a.expected - hint.best.expected) }))))
      : null,
  );
}

/** The scorecard panel: the round tabs and the card of the round shown. */
export function renderCard(screen) {
  const m = screen.model;
  const v = m.view;
  const rounds = v.options.rounds;
  const shown = m.roundShown === null ? Math.min(v.round, rounds - 1) : m.roundShown;
  fill(
    screen.roundTabs,
    rounds > 1
      ? [...Array(rounds)].map((_, i) =>
          h(
            "button",
            {
              type: "button",
              "aria-pressed": i === shown ? "true" : "false",
              onclick: () => {
                m.roundShown = i === Math.min(v.round, rounds - 1) ? null : i;
                renderCard(screen);
              },
            },
            t("table.round_n", { round: i + 1 }),
          ),
        )
      : null,
  );
  const hadFocus = screen.cardEl.contains(document.activeElement) ? document.activeElement.dataset.category : null;
  const table = renderScorecard({
    categories: m.welcome.categories,
    rules: m.welcome.rules,
    cardRows: m.welcome.card_rows,
    view: v,
    roundIndex: shown,
    columns: m.columns(),
    actingSeat: m.actingSeat,
    selected: m.selected,
    previewing: m.previewing,
    bestBox: m.hint && m.hint.best.kind === "score" ? m.hint.best.category : null,
    justScored: m.justScored,
    handlers: {
      onScore: (category) => screen.score(category),
      onPreview: (category, opts) => screen.preview(category, opts),
      onSelect: (category) => {
        m.selected = category;
        screen.preview(category);
      },
    },
  });
  fill(screen.cardEl, table);
  if (hadFocus) {
    const again = screen.cardEl.querySelector(`button.open-box[data-category="${hadFocus}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}
