// The scorecard as the seed programs print it: a row per box and per derived row (upper
// subtotal, bonus, totals, Yahtzee bonus, grand total), a column per seat with your own first
// and the active player's highlighted, empty columns for missing seats. The rows, their labels
// and their values are the server's (the welcome's card_rows, each card's derived values); open
// boxes the active player may fill show the points they would give (the server's score
// options): no rules here.

import { h } from "./dom.js";
import { clockOffset } from "./clock.js";
import { miniDie } from "./dice.js";
import { boxLabel, has, t } from "./i18n.js";
import { presenceDot } from "./presence.js";

const LONG_PRESS_MS = 450;

/** How a derived row looks: the upper total closes its section, the grand total stands out (a
 * round's total, when the match has several rounds and a match total below). */
function derivedLook(key, rounds) {
  if (key === "upper_total") return "strong section-end";
  if (key === "grand_total") return rounds > 1 ? "strong" : "grand";
  return "";
}

/** A derived row's label in the player's language (the server's own for a row the catalogs
 * lack); the bonus row says its points and threshold. */
function rowLabel(key, label, rules) {
  if (!has(`card.row.${key}`) || (key === "upper_bonus" && rules.upper_bonus === undefined)) return label;
  return t(`card.row.${key}`, { bonus: rules.upper_bonus, threshold: rules.upper_bonus_threshold });
}

/** A box's choice in words: "Twos: score 6 plus 100 bonus (joker)". */
function optionText(label, option) {
  const key = `card.option${option.bonus ? "_bonus" : ""}${option.joker ? "_joker" : ""}`;
  return t(key, { box: label, points: option.points, bonus: option.bonus });
}

function faceOf(rules, name) {
  const box = (rules.categories || []).find((c) => c.name === name);
  return box && box.pattern === "face" ? box.face : null;
}

/**
 * Build the scorecard table.
 * @param {object} p
 * @param {{name:string,label:string,section:string}[]} p.categories
 * @param {object} p.rules            the rule set (as the welcome gives it)
 * @param {{key:string,label:string,box:boolean}[]} p.cardRows  the card's rows, in order, as the
 *   server lays them out (the welcome's card_rows)
 * @param {object} p.view             the table view
 * @param {number} p.roundIndex       which round's cards to show
 * @param {{seat: object|null, index: number, me: boolean, local: boolean, tag: string, presence: boolean, known?: boolean}[]} p.columns
 *   (`tag`: the words under the name, "you" or "here"; `presence`: whether to show a connection dot;
 *   `known`: false while this page is reconnecting, the dot then says so)
 * @param {number|null} p.actingSeat  the seat this screen may score for now
 * @param {string|null} p.selected    the box chosen with the keyboard
 * @param {string|null} p.previewing  the box being previewed
 * @param {string|null} p.bestBox     the box the hint suggests
 * @param {{seat:number, category:string}|null} p.justScored
 * @param {{onScore: Function, onPreview: Function, onSelect: Function}} p.handlers
 */
export function renderScorecard(p) {
  const { categories, rules, view, roundIndex, columns, actingSeat, handlers } = p;
  const rounds = (view.options && view.options.rounds) || 1;
  const options = new Map((view.score_options || []).map((o) => [o.category, o]));
  const liveRound = roundIndex === view.round && view.phase === "playing" && view.dice;

  const headCells = columns.map((col) => columnHead(col, view));
  const table = h(
    "table",
    { class: "scorecard", "aria-label": rounds > 1 ? t("card.title_round", { round: roundIndex + 1 }) : t("card.title") },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, t("card.box"))), headCells)),
  );
  const body = h("tbody");
  table.append(body);

  const colClass = (col) =>
    [col.seat && col.seat.seat === view.active_seat && view.phase === "playing" ? "active" : "", col.me ? "me" : ""]
      .filter(Boolean)
      .join(" ");

  const boxRow = (box, extraClass = "") => {
    const face = faceOf(rules, box.name);
    const label = h("span", { class: "row-label" }, face ? miniDie(face) : null, boxLabel(box.label));
    const cells = columns.map((col) => boxCell(col, box, colClass(col)));
    body.append(h("tr", { class: `box ${extraClass}`.trim(), dataset: { row: box.name } }, h("th", { scope: "row" }, label), cells));
  };

  const boxCell = (col, box, cls) => {
    const seat = col.seat;
    const td = h("td", { class: cls, dataset: { seat: seat ? String(seat.seat) : "" } });
    if (!seat) return td;
    const card = seat.cards[roundIndex];
    if (card && box.name in card.boxes) {
      const points = card.boxes[box.name];
      td.classList.add("filled");
      if (points === 0) td.classList.add("zero");
      if (p.justScored && p.justScored.seat === seat.seat && p.justScored.category === box.name && roundIndex === view.round) {
        td.classList.add("just");
      }
      td.textContent = String(points);
      td.setAttribute("aria-label", t("card.cell", { name: seat.name, box: boxLabel(box.label), points }));
      return td;
    }
    const option = liveRound && seat.seat === view.active_seat ? options.get(box.name) : null;
    if (!option) return td;
    td.classList.add("slot");
    const text = [String(option.points), option.bonus ? h("span", { class: "bonus" }, `+${option.bonus}`) : null];
    const described = optionText(boxLabel(box.label), option);
    const classes = ["open-box", option.points === 0 ? "zero" : "", p.bestBox === box.name ? "best-box" : ""];
    if (actingSeat !== seat.seat) {
      td.append(h("span", { class: classes.join(" "), title: described, "aria-label": t("card.could_score", { name: seat.name, option: described }) }, text));
      return td;
    }
    if (p.selected === box.name) classes.push("selected");
    if (p.previewing === box.name) classes.push("previewing");
    const button = h("button", { type: "button", class: classes.join(" "), dataset: { category: box.name }, "aria-label": described, title: described }, text);
    wirePreview(button, box.name, handlers);
    td.append(button);
    return td;
  };

  const derivedRow = ({ key, label }) => {
    const cls = derivedLook(key, rounds);
    label = key === "grand_total" && rounds > 1 ? t("card.round_total") : rowLabel(key, label, rules);
    const cells = columns.map((col) => {
      const td = h("td", { class: colClass(col) });
      const card = col.seat && col.seat.cards[roundIndex];
      if (card) td.textContent = String(card[key]);
      return td;
    });
    const classes = `derived ${cls.includes("strong") ? "strong" : ""} ${cls.includes("section-end") ? "section-end" : ""} ${cls.includes("grand") ? "grand" : ""}`;
    body.append(h("tr", { class: classes.replace(/\s+/g, " ").trim(), dataset: { row: key } }, h("th", { scope: "row" }, label), cells));
  };

  const boxes = new Map(categories.map((c) => [c.name, c]));
  for (const row of p.cardRows) {
    if (row.box) boxRow(boxes.get(row.key) || { name: row.key, label: row.label });
    else derivedRow(row);
  }
  if (rounds > 1) {
    const cells = columns.map((col) => h("td", { class: colClass(col) }, col.seat ? String(col.seat.total) : ""));
    body.append(h("tr", { class: "derived grand", dataset: { row: "match_total" } }, h("th", { scope: "row" }, t("card.match_total")), cells));
  }
  return table;
}

/** "away 2 min" since a Unix time, by the server's clock. */
export function awayText(since) {
  const seconds = Math.max(0, clockOffset.now() - since);
  return seconds < 60 ? t("card.away") : t("card.away_minutes", { minutes: Math.floor(seconds / 60) });
}

/** A seat's state once it no longer plays ("left", "forfeited"). */
function statusText(status) {
  return has(`card.status.${status}`) ? t(`card.status.${status}`) : status;
}

function columnHead(col, view) {
  const seat = col.seat;
  const active = seat && seat.seat === view.active_seat && view.phase === "playing";
  const classes = [active ? "active" : "", col.me ? "me" : "", seat ? "" : "empty-col"].filter(Boolean).join(" ");
  if (!seat) {
    return h("th", { scope: "col", class: classes }, h("div", { class: "col-head" }, h("span", { class: "col-name" }, t("card.empty")), h("span", { class: "col-sub" }, t("card.seat_n", { number: col.index + 1 }))));
  }
  const away = seat.status === "playing" && seat.away_since ? awayText(seat.away_since) : "";
  const status = seat.status !== "playing" ? statusText(seat.status) : seat.bot ? t("card.computer") : away || col.tag || "";
  const sub = h(
    "span",
    { class: "col-sub" },
    col.presence !== false ? presenceDot(seat, col.known !== false) : null,
    seat.absent_turns ? h("span", { class: "tag away", title: t("card.absent_turns", { count: seat.absent_turns }) }, `${seat.absent_turns}×`) : null,
    status,
  );
  const clock = view.clock ? h("span", { class: "col-clock", dataset: { clockSeat: String(seat.seat) } }) : null;
  return h(
    "th",
    { scope: "col", class: classes, dataset: { seat: String(seat.seat) }, "aria-current": active ? "true" : null },
    h("div", { class: "col-head" }, h("span", { class: "col-name", title: seat.name }, seat.name), sub, clock),
  );
}

/** Hover, focus, right click or long press shows the points; a click scores. */
function wirePreview(button, category, handlers) {
  let timer = null;
  let longPressed = false;
  button.addEventListener("mouseenter", () => handlers.onPreview(category));
  button.addEventListener("mouseleave", () => handlers.onPreview(null));
  button.addEventListener("focus", () => handlers.onSelect(category));
  button.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    handlers.onPreview(category, { sticky: true });
  });
  button.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse") return;
    longPressed = false;
    clearTimeout(timer);
    timer = setTimeout(() => {
      longPressed = true;
      handlers.onPreview(category, { sticky: true });
    }, LONG_PRESS_MS);
  });
  const cancel = () => clearTimeout(timer);
  button.addEventListener("pointerup", cancel);
  button.addEventListener("pointercancel", cancel);
  button.addEventListener("pointerleave", cancel);
  button.addEventListener("click", (event) => {
    if (longPressed) {
      longPressed = false;
      event.preventDefault();
      return;
    }
    handlers.onScore(category);
  });
}
