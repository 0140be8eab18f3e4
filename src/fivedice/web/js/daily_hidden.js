// Someone else's daily challenge table before its day is over: its dice are secret until then,
// so the page says whose game it is and when it can be watched, instead of a table that never
// connects. The socket is closed (no reconnecting to a refusal).

import { daily } from "./api.js";
import { fill, h } from "./dom.js";
import { whenOverText } from "./daily_words.js";
import { t, tNodes } from "./i18n.js";

/** Whether a socket refusal says this table is a daily game not to be watched yet. */
export function isHiddenDaily(message) {
  return message && message.code === "daily_not_over";
}

/** Draw the "not yet" screen in place of the table, and stop the socket. */
export function renderHiddenDaily(screen) {
  screen.socket.close();
  screen.hiddenDaily = true;
  screen.el.dataset.phase = "daily-hidden";
  screen.cardPanel.hidden = true;
  screen.sideEl.hidden = true;
  const when = h("span", { id: "daily-hidden-when" }, whenOverText(null));
  fill(screen.headEl, h("h1", { id: "daily-hidden-title" }, t("daily.hidden.title")));
  fill(
    screen.feltEl,
    h(
      "div",
      { class: "turn-who daily-hidden" },
      h("p", { class: "turn-title" }, t("daily.hidden.whose")),
      h("p", { class: "turn-sub" }, tNodes("daily.hidden.when", { when })),
    ),
    h(
      "div",
      { class: "controls" },
      h("a", { class: "button primary", href: "./?daily", "data-link": true, id: "daily-hidden-today" }, t("daily.hidden.today")),
      h("a", { class: "button", href: "./", "data-link": true }, t("daily.to_lobby")),
    ),
  );
  daily
    .today()
    .then((today) => {
      when.textContent = whenOverText(today.ends_at);
    })
    .catch(() => {});
}
