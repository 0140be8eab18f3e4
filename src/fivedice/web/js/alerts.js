// "It is your turn": the tab's title and icon change on your turn and come back after it, and a
// browser notification tells you when the page is hidden (asked for only after a click on the
// switch, kept between visits).

import { t } from "./i18n.js";

const TITLE = "fivedice";
const KEY = "fivedice.notify";
const ICON = "img/favicon.svg";
// The page's icon with a red dot: the tab says "your turn" even when its title is cut short.
const TURN_ICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect x="6" y="6" width="88" height="88" rx="20" fill="#1f6b45"/><g fill="#fffdf6"><circle cx="30" cy="30" r="9"/><circle cx="70" cy="30" r="9"/><circle cx="50" cy="50" r="9"/><circle cx="30" cy="70" r="9"/></g><circle cx="74" cy="74" r="22" fill="#e0352b" stroke="#fff" stroke-width="6"/></svg>',
  );

/** The tab's title for a screen: "● Your turn — Table — fivedice" on your turn. */
export function turnTitle(myTurn, place) {
  const base = place ? `${place} — ${TITLE}` : TITLE;
  return myTurn ? t("alerts.title_your_turn", { place: base }) : base;
}

function icon() {
  let link = document.querySelector("link[rel='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  return link;
}

function wanted() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

let shown = null;

/** Show whether it is this screen's turn in the title and icon; notify when hidden. */
export function showTurn(myTurn, place, { notify = false } = {}) {
  document.title = turnTitle(myTurn, place);
  const link = icon();
  link.type = "image/svg+xml";
  link.href = myTurn ? TURN_ICON : ICON;
  document.documentElement.dataset.yourTurn = myTurn ? "1" : "0";
  if (myTurn && notify && document.hidden && wanted() && "Notification" in window && Notification.permission === "granted") { // i18n: not text
    if (shown) shown.close();
    shown = new Notification(t("alerts.notify_title"), { body: place ? t("alerts.notify_body", { place }) : "fivedice", tag: "fivedice-turn", icon: ICON });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  }
  if (!myTurn && shown) {
    shown.close();
    shown = null;
  }
}

/** Back to the plain title and icon (leaving a table). */
export function clearTurn() {
  showTurn(false, "");
}

/** The "notify me" switch in the header: asks the browser's permission on the first click. */
export function setupAlerts(button) {
  if (!button) return;
  if (!("Notification" in window)) { // i18n: not text
    button.hidden = true;
    return;
  }
  const show = () => {
    const on = wanted() && Notification.permission === "granted";
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.setAttribute("aria-label", on ? t("alerts.on") : t("alerts.off"));
    button.title = button.getAttribute("aria-label");
  };
  button.addEventListener("click", async () => {
    let on = !(wanted() && Notification.permission === "granted");
    if (on && Notification.permission !== "granted") on = (await Notification.requestPermission()) === "granted";
    try {
      localStorage.setItem(KEY, on ? "1" : "0");
    } catch {
      /* ignore */
    }
    show();
  });
  show();
}
