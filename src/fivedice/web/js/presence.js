// A seat's presence dot: connected, not connected, or not known while this page's own socket
// is down (the last view's word on who is here may be stale until the next update).

import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * @param {{bot: string|null, connected: boolean}} seat  the seat as the last view has it
 * @param {boolean} known  whether the view is fresh (false from a drop until the next update)
 */
export function presenceDot(seat, known) {
  if (!seat.bot && !known) {
    return h("span", { class: "dot unknown", title: t("table.presence_unknown"), "aria-label": t("table.presence_unknown_label"), role: "img" });
  }
  const connected = Boolean(seat.bot || seat.connected);
  const words = connected ? t("table.presence_connected") : t("table.presence_away");
  return h("span", { class: `dot ${connected ? "on" : "off"}`, title: words, "aria-label": words, role: "img" });
}
