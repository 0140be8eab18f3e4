// A daily table: played alone and unwatched (no invite link, no chat); at its end the results
// screen links to the comparison with the optimal player, and offers no rematch (one a day).

import { daily } from "./api.js";
import { fill, h } from "./dom.js";
import { t } from "./i18n.js";

/** The day of a daily table from its view, when the server says it there. */
function dayInView(view) {
  return view.daily || (view.options && view.options.daily) || null;
}

/** The results' title on a daily table (one player: nobody to win against). */
export function dailyDoneTitle() {
  return t("daily.done");
}

/** Find out whether the table is this account's attempt today (the view does not say): then
 * `screen.daily` holds the day, and the screen is drawn again without invite link and chat. */
export function markDailyTable(screen) {
  daily
    .today()
    .then((today) => {
      if (!today.attempt || today.attempt.table_id !== screen.tableId) return;
      screen.daily = today.day;
      if (screen.view) screen.render();
      else screen.renderHead();
    })
    .catch(() => {});
}

/** A slot under the results: filled with the link when this table is a daily attempt (known
 * from the view, or from today's attempt); the rematch controls go. */
export function dailyResultLink(screen) {
  const slot = h("div", { class: "daily-link-slot" });
  const show = (day) => {
    screen.daily = day;
    if (screen.rematchEl) {
      screen.rematchEl.replaceChildren();
      screen.rematchEl.hidden = true;
    }
    const title = document.getElementById("result-title");
    if (title) title.textContent = dailyDoneTitle();
    const again = document.getElementById("new-game"); // a new game is tomorrow's: it goes to the lobby
    if (again) again.textContent = t("daily.lobby");
    fill(slot, h("a", { class: "button primary", id: "daily-compare", href: `./?daily=${encodeURIComponent(day)}`, "data-link": true }, t("daily.compare")));
  };
  const known = dayInView(screen.view) || screen.daily;
  if (known) show(known);
  else {
    daily
      .today()
      .then((today) => {
        if (today.attempt && today.attempt.table_id === screen.view.id) show(today.day);
      })
      .catch(() => {});
  }
  return slot;
}
