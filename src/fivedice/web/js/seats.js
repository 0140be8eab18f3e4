// The seats this browser holds: a seat token is the credential for a seat, so it is kept.
//
// Each tab keeps the seats it plays in sessionStorage (a reload returns to the same seat);
// localStorage remembers them too, so a closed tab can resume from the invite link: at once
// when the seats are the signed-in account's (stamped with its id when saved), else only when
// asked, since two people may share a browser.

import { currentAccount } from "./identity.js";

const SESSION_KEY = "fivedice.tab.tables";
const LOCAL_KEY = "fivedice.tables";
const KEPT = 40;

function read(storage, key) {
  try {
    return JSON.parse(storage.getItem(key) || "{}") || {};
  } catch {
    return {};
  }
}

function write(storage, key, value) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or blocked: the seat lasts as long as the page */
  }
}

/**
 * A table entry: {mode: "online" | "pass" | "computer", seats: {seatNumber: {token, name}},
 * primary: seatNumber, autostart: bool, created: ms}.
 */
export function tabSeats(tableId) {
  return read(sessionStorage, SESSION_KEY)[tableId] || null;
}

/** The seats this browser held at the table in any tab (for "resume"); `account` is the id of
 * the account signed in when they were taken. */
export function rememberedSeats(tableId) {
  return read(localStorage, LOCAL_KEY)[tableId] || null;
}

export function saveSeats(tableId, entry) {
  const account = currentAccount();
  const stamped = { ...entry, created: entry.created || Date.now(), account: account ? account.id : entry.account ?? null };
  for (const [storage, key] of [[sessionStorage, SESSION_KEY], [localStorage, LOCAL_KEY]]) {
    const all = read(storage, key);
    all[tableId] = stamped;
    const ids = Object.keys(all).sort((a, b) => (all[b].created || 0) - (all[a].created || 0));
    for (const old of ids.slice(KEPT)) delete all[old];
    write(storage, key, all);
  }
  return stamped;
}

/** Add one seat to the table's entry (creating it). */
export function addSeat(tableId, seat, token, name, extra = {}) {
  const entry = tabSeats(tableId) || { mode: "online", seats: {}, primary: seat };
  entry.seats = { ...entry.seats, [seat]: { token, name } };
  if (entry.primary === undefined || entry.primary === null) entry.primary = seat;
  return saveSeats(tableId, { ...entry, ...extra });
}

export function dropSeat(tableId, seat) {
  const entry = tabSeats(tableId);
  if (!entry) return;
  const seats = { ...entry.seats };
  delete seats[seat];
  if (!Object.keys(seats).length) {
    forgetTable(tableId);
    return;
  }
  const primary = String(entry.primary) === String(seat) ? Number(Object.keys(seats)[0]) : entry.primary;
  saveSeats(tableId, { ...entry, seats, primary });
}

export function forgetTable(tableId) {
  for (const [storage, key] of [[sessionStorage, SESSION_KEY], [localStorage, LOCAL_KEY]]) {
    const all = read(storage, key);
    delete all[tableId];
    write(storage, key, all);
  }
}

/** Use remembered seats in this tab (the "Resume" button). */
export function resumeSeats(tableId) {
  const entry = rememberedSeats(tableId);
  if (entry) saveSeats(tableId, entry);
  return entry;
}

export function clearAutostart(tableId) {
  const entry = tabSeats(tableId);
  if (entry && entry.autostart) saveSeats(tableId, { ...entry, autostart: false });
}

/** The tab plays only the account's seats: seats taken here by another account (before
 * signing in or out) leave the tab, and stay remembered in this browser for its "Resume". */
export function keepSeatsOf(account) {
  const owner = account ? account.id : null;
  const all = read(sessionStorage, SESSION_KEY);
  for (const [tableId, entry] of Object.entries(all)) {
    if (entry.account !== undefined && entry.account !== null && entry.account !== owner) delete all[tableId];
  }
  write(sessionStorage, SESSION_KEY, all);
}
