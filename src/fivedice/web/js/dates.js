// Dates as the page's language writes them (not the browser's): a match's finishing time, a
// short day in a table's narrow column.

import { dateFormat } from "./i18n.js";

/** "Nov 25, 2026, 06:48 PM" in English, "25. Nov. 2026, 18:48" in German; "" for none. */
export function dateTimeText(iso) {
  return iso ? dateFormat(iso, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" }) : "";
}

/** "Nov 25" in English, "25. Nov." in German. */
export function shortDateText(iso) {
  return dateFormat(iso, { month: "short", day: "numeric" });
}

/** A day without its time: "11/25/2026" in English, "25.11.2026" in German. */
export function dayDateText(iso) {
  return dateFormat(iso);
}
