// Keeping the keyboard focus on something sensible. Screens redraw what they show (a box once
// scored, Undo once used, the lobby's list every few seconds, a whole new screen), and a
// browser drops the focus to the page's body when the focused element goes. This module
// watches for that and puts the focus back: on the redrawn twin of what had it (the same Join
// button), on the same button once it is enabled again (Roll, Hint, Show analysis while the
// server answers), else on the screen's next step (Roll, a box to score, the result, the
// heading).

const REENABLE_MS = 60000; // how long a disabled button may keep its claim on the focus
const HEADING_MS = 4000; // how long a new screen may take to show its heading

/** Where the focus goes when what had it is gone, first match wins: the next step of a turn,
 * the end of a match, the screen's heading. */
const NEXT_STEP = [
  ".table-screen .roll-button",
  ".table-screen button.open-box",
  ".table-screen #start-button",
  ".table-screen #result-title",
  ".table-screen #turn-title",
  "#main h1",
];

// The data attributes that name a control or its row (not those that say its state).
const NAMING = ["tableId", "seat", "match", "row", "category", "position", "nav"];

const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]"; // i18n: not text

let main = null;
let had = null; // what had the focus: { el, key }, while it may come back
let lostSince = 0;
let headingUntil = 0; // a screen change waits for its heading until then
let oldHeading = null;
let scheduled = false;
let parked = null; // the step the focus was put on, while it stays there
let holding = null; // the part of the screen holding the focus while a button is disabled
let seqAtLoss = null; // the table's view when the focus was lost

/** What makes two elements the same control across a redraw. */
function keyOf(el) {
  const row = el.closest("[data-table-id], [data-seat], [data-match], [data-row]");
  return JSON.stringify([
    el.tagName,
    el.id,
    el.getAttribute("href"),
    el.className && typeof el.className === "string" ? el.className.replace(/\b(selected|previewing)\b/g, "").trim() : "",
    NAMING.map((name) => el.dataset[name]),
    row && row !== el ? NAMING.map((name) => row.dataset[name]) : null,
    // A heading is the same heading when its text changes (the table's name arrives).
    el.id || /^H[1-6]$/.test(el.tagName) ? "" : (el.textContent || "").trim().slice(0, 60),
  ]);
}

function shown(el) {
  return !!el && el.isConnected && !el.closest("[hidden], [inert]") && el.getClientRects().length > 0;
}

function usable(el) {
  return shown(el) && !el.disabled;
}

/** Whether the focus has fallen out (on the body, or on something no longer usable). */
function dropped() {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement || (!usable(active) && active !== main);
}

function focusOn(el) {
  if (!el.matches(FOCUSABLE)) el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll: true });
}

function twinOf(lost) {
  for (const el of document.getElementsByTagName(lost.el.tagName)) {
    if (el !== lost.el && usable(el) && keyOf(el) === lost.key) return el;
  }
  return null;
}

function tableSeq() {
  const table = document.querySelector(".table-screen");
  return table ? table.dataset.seq : null;
}

/** A step of the turn (Roll, Start) follows the table's view: still disabled once a new view
 * has come, it stays so (no rolls left, the turn passed), and the focus moves on. */
function stepSettled(el) {
  return NEXT_STEP.some((selector) => el.matches(selector)) && tableSeq() !== seqAtLoss;
}

function nextStep(before = NEXT_STEP.length) {
  for (const selector of NEXT_STEP.slice(0, before)) {
    const el = document.querySelector(selector);
    if (usable(el)) return el;
  }
  return null;
}

/** Focus put on a later step (the turn's title while the others play) moves up to an earlier
 * one when it comes (Roll, once it is this player's turn again). */
function moveUp() {
  const active = document.activeElement;
  if (!active || active !== parked) return;
  const at = NEXT_STEP.findIndex((selector) => active.matches(selector));
  const better = at > 0 ? nextStep(at) : null;
  if (better) park(better);
}

function park(el) {
  focusOn(el);
  parked = el;
}

function check() {
  scheduled = false;
  const now = performance.now();
  if (headingUntil) {
    const heading = main && main.querySelector("h1");
    if (heading && heading !== oldHeading && shown(heading)) {
      headingUntil = 0;
      const active = document.activeElement;
      if (dropped() || main.contains(active) || active.matches("a[data-link]")) focusOn(heading);
      return;
    }
    if (now > headingUntil) headingUntil = 0;
    else {
      if (dropped() && main) focusOn(main);
      return;
    }
  }
  moveUp();
  if (!had || !(dropped() || (holding && document.activeElement === holding))) return;
  holding = null;
  const { el } = had;
  const put = el === parked ? park : focusOn;
  if (usable(el)) {
    put(el);
    return;
  }
  const twin = twinOf(had);
  if (twin) {
    put(twin);
    return;
  }
  if (!lostSince) {
    lostSince = now;
    seqAtLoss = tableSeq();
  }
  if (shown(el) && el.disabled && now - lostSince < REENABLE_MS && !stepSettled(el)) {
    // Disabled while the server answers (Roll, Hint, Show analysis): the focus waits on the
    // part of the screen around it, and comes back when the button does.
    const around = el.parentElement && el.parentElement.closest("section, main");
    holding = around;
    if (around && dropped()) focusOn(around);
    setTimeout(schedule, 200);
    return;
  }
  const next = nextStep();
  if (next) {
    park(next);
    return;
  }
  if (main) focusOn(main);
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(check);
}

/** Start watching the page (once, from main.js). */
export function keepFocus(root) {
  main = root;
  document.addEventListener("focusin", (event) => {
    if (event.target !== parked) parked = null;
    if (event.target === main || event.target === holding) return;
    holding = null;
    had = { el: event.target, key: keyOf(event.target) };
    lostSince = 0;
  });
  // A control the page blurs on purpose (Escape leaves the scorecard) stays blurred.
  // (Judged once the change that blurred it is done: a control being removed blurs too.)
  document.addEventListener("focusout", (event) => {
    const el = event.target;
    if (event.relatedTarget) return;
    queueMicrotask(() => {
      if (had && had.el === el && usable(el) && document.activeElement !== el && document.hasFocus()) had = null;
    });
  });
  // A click or tap on nothing in particular puts the focus on the body on purpose: let it be.
  document.addEventListener("pointerdown", (event) => {
    if (!event.target.closest || !event.target.closest(FOCUSABLE)) had = null;
  });
  new MutationObserver(schedule).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["disabled", "hidden", "data-seq"],
  });
}

/** A new screen: its heading takes the focus when it shows (not on the page's first screen,
 * where the focus starts at the top as a browser puts it). */
export function screenChanged(first) {
  if (first) return;
  had = null;
  oldHeading = main && main.querySelector("h1"); // the screen left may show until the new one draws
  headingUntil = performance.now() + HEADING_MS;
  schedule();
}
