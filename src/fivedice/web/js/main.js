// The page's entry: theme, in-page links, and which screen the address asks for.
//   ./                          the lobby
//   ./?table=ID                 a table (the invite link)
//   ./?view=scores&preset=NAME  high scores
//   ./?view=leaderboards&preset=NAME[&family=F]  best games (all, month, week), best ratings
//   ./?view=history&name=NAME   a player's past matches
//   ./?view=replay&match=ID     a finished match, step by step, with its analysis
//   ./?view=profile&account=ID  a player's profile: rating chart, games, accuracy, recent matches
//   ./?view=rules&preset=NAME   how to play, and the rules of a rule set
//   ./?daily[=YYYY-MM-DD]       the daily challenge: your result, the leaderboard, past days

import { LeaderboardsScreen } from "./leaderboards.js";
import { DailyScreen } from "./daily.js";
import { setupAccount } from "./account.js";
import { accountReady, anotherPerson, onAccountChange } from "./identity.js";
import { api } from "./api.js";
import { LobbyScreen } from "./lobby.js";
import { ProfileScreen } from "./profile.js";
import { ReplayScreen } from "./replay.js";
import { RulesScreen } from "./rules.js";
import { linkClicks } from "./router.js";
import { HistoryScreen, ScoresScreen } from "./scores.js";
import { addSeat, keepSeatsOf, rememberedSeats, resumeSeats, tabSeats } from "./seats.js";
import { TableScreen } from "./table.js";
import { setupAlerts } from "./alerts.js";
import { clearErrorToasts } from "./dom.js";
import { setupSounds } from "./sounds.js";
import { setupTheme } from "./theme.js";
import { keepFocus, screenChanged } from "./focus.js";
import { LANGUAGES, chooseLanguage, language, loadLanguage, t } from "./i18n.js";

const main = document.getElementById("main");
let screen = null;
let routes = 0;

/** A tab that holds no seat at the table takes back the seat its account holds there: from
 * this browser's memory when the account took it here (a new tab: same token, so no other tab
 * loses it), else from the server, which hands a new token (a new device, a cleared browser,
 * an account signed in after the seat was taken). Seats remembered for another account wait
 * for the "Resume" button, unless this account holds a seat there itself. */
async function resumeByAccount(tableId) {
  if (tabSeats(tableId)) return;
  const account = await accountReady();
  const remembered = rememberedSeats(tableId);
  if (remembered && account && remembered.account === account.id) {
    resumeSeats(tableId);
    return;
  }
  if (!account || !(await holdsSeat(tableId, account))) return;
  try {
    const seat = await api.resume(tableId);
    addSeat(tableId, seat.seat, seat.token, account.name, { mode: "online", primary: seat.seat });
  } catch {
    /* no seat here for this account: watch, or join */
  }
}

/** Whether the table shows a seat taken by this account (a visitor's page then asks for no
 * seat it does not hold, which the server would refuse). */
async function holdsSeat(tableId, account) {
  try {
    const view = await api.table(tableId);
    return view.seats.some((s) => s.status === "playing" && s.account && s.account.name === account.name && s.account.kind === account.kind);
  } catch {
    return false; // no such table: the table screen says so
  }
}

async function openTable(tableId, mine) {
  await resumeByAccount(tableId);
  if (mine !== routes) return; // the page moved on meanwhile
  screen = new TableScreen(main, tableId);
}

function route() {
  clearErrorToasts();
  if (screen && screen.destroy) screen.destroy();
  screen = null;
  const mine = ++routes;
  screenChanged(mine === 1);
  const params = new URLSearchParams(location.search);
  const table = params.get("table");
  const view = params.get("view");
  let nav = "lobby";
  if (table) {
    nav = "";
    openTable(table, mine);
    document.title = t("title.table");
  } else if (view === "scores") {
    nav = "leaderboards";
    screen = new ScoresScreen(main, params);
    document.title = t("title.high_scores");
  } else if (view === "leaderboards") {
    nav = "leaderboards";
    screen = new LeaderboardsScreen(main, params);
    document.title = t("title.leaderboards");
  } else if (view === "history") {
    nav = "history";
    screen = new HistoryScreen(main, params);
    document.title = t("title.history");
  } else if (view === "replay") {
    nav = "";
    screen = new ReplayScreen(main, params);
    document.title = t("title.replay");
  } else if (view === "rules") {
    nav = "rules";
    screen = new RulesScreen(main, params);
    document.title = t("title.how_to_play");
  } else if (params.has("daily")) {
    nav = "";
    screen = new DailyScreen(main, params);
    document.title = t("title.daily");
  } else if (view === "profile") {
    nav = "";
    screen = new ProfileScreen(main, params);
    document.title = t("title.profile");
  } else {
    screen = new LobbyScreen(main);
    document.title = "fivedice";
  }
  for (const a of document.querySelectorAll("[data-nav]")) {
    if (a.dataset.nav === nav) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  window.scrollTo(0, 0);
}

/** The language picker at the foot of every screen: the choice is kept in this browser. */
function setupLanguagePicker(select) {
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    select.append(option);
  }
  select.value = language();
  select.addEventListener("change", () => chooseLanguage(select.value));
}

await loadLanguage();
setupLanguagePicker(document.getElementById("language"));
setupAccount(document.getElementById("account"));
setupTheme(document.getElementById("theme-toggle"));
setupSounds(document.getElementById("sound-toggle"));
setupAlerts(document.getElementById("notify-toggle"));
linkClicks(document.body);
keepFocus(main);
window.addEventListener("popstate", route);
window.addEventListener("fivedice:route", route);
// Another person signed in (or out): this tab plays only their seats, and the screen shown is
// drawn again as theirs (their daily game, their tickets, their name). A claim keeps the
// person: the screens that show the name hear of it themselves.
onAccountChange((account, previous) => {
  if (!previous || !anotherPerson(previous, account)) return;
  keepSeatsOf(account);
  route();
});
route();
