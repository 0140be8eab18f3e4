// Clocks: the server's time as this browser sees it, and each player's time for the hand.

import { clockText } from "./dom.js";
import { t } from "./i18n.js";

/** The difference between the server's clock and this one (seconds), from the last message. */
export const clockOffset = {
  value: 0,
  set(serverTime) {
    if (typeof serverTime === "number") this.value = serverTime - Date.now() / 1000;
  },
  now() {
    return Date.now() / 1000 + this.value;
  },
};

/** Seconds left for `seat` in this hand, or null when the table has no clock. */
export function secondsLeft(clock, seat) {
  if (!clock) return null;
  if (clock.seat === seat && clock.deadline) return Math.max(0, clock.deadline - clockOffset.now());
  return clock.seconds_per_hand;
}

/** Redraw every clock element under `root` (elements with data-clock-seat). */
export function tickClocks(root, clock) {
  if (!clock) return;
  for (const el of root.querySelectorAll("[data-clock-seat]")) {
    const seat = Number(el.dataset.clockSeat);
    const left = secondsLeft(clock, seat);
    const running = clock.seat === seat && !!clock.deadline;
    el.textContent = clockText(left);
    el.classList.toggle("running", running);
    el.classList.toggle("low", running && left <= 10);
    el.setAttribute("aria-label", t(running ? "table.clock_running" : "table.clock_left", { time: clockText(left) }));
  }
}
