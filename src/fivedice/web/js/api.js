// The server's REST API (the lobby, quick match, tables, history, high scores, leaderboards, ratings and the coach).
import { refusalText, t } from "./i18n.js";

/** A refusal or failure: `.message` in the player's language, `.code` and `.params` as the
 * server sent them (`.serverMessage`: its English words). */
export class ApiError extends Error {
  constructor(status, code, message, params = {}) {
    super(refusalText({ code, params, message }));
    this.status = status;
    this.code = code;
    this.params = params;
    this.serverMessage = message;
  }
}

function messageOf(data, status) {
  if (data && typeof data.message === "string") return data.message;
  if (data && Array.isArray(data.detail) && data.detail.length) {
    const first = data.detail[0];
    const where = (first.loc || []).filter((p) => p !== "body").join(".");
    return where ? `${where}: ${first.msg}` : first.msg;
  }
  if (data && typeof data.detail === "string") return data.detail;
  return t("error.server_answered", { status });
}

function paramsOf(data, status) {
  if (data && data.params && typeof data.params === "object") return data.params;
  return data && typeof data.message === "string" ? {} : { status };
}

// The session's CSRF token, sent with every write (the session cookie itself is HttpOnly: the
// page never sees it). Writes wait until the account is known, so none goes out with the
// cookie and without the token.
let csrf = null;
let accountKnown = Promise.resolve();

/** The account module says when the account is known, and the session's CSRF token. */
export function setSession(token) {
  csrf = token || null;
}

export function waitForAccount(promise) {
  accountKnown = promise.catch(() => null);
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

async function request(method, path, body, headers = {}, { account = false } = {}) {
  if (WRITES.has(method) && !account) await accountKnown;
  const init = { method, headers: { Accept: "application/json", ...headers } };
  if (WRITES.has(method) && csrf) init.headers["X-CSRF-Token"] = csrf;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, "offline", t("error.offline"));
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (response.status === 204) return null;
  if (!response.ok) {
    const code = (data && data.code) || `http_${response.status}`;
    throw new ApiError(response.status, code, messageOf(data, response.status), paramsOf(data, response.status));
  }
  return data;
}

const e = encodeURIComponent;

/** A random key for an idempotent create (getRandomValues works outside https too). */
export function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export const api = {
  presets: () => request("GET", "/api/presets"),
  rules: (preset, lang) => request("GET", `/api/rules/${e(preset)}${lang ? `?lang=${e(lang)}` : ""}`),
  computerPlayers: () => request("GET", "/api/computer-players"),
  tables: () => request("GET", "/api/tables"),
  table: (id) => request("GET", `/api/tables/${e(id)}`),
  // The key makes a repeated create (a double click, a retry) open one table.
  createTable: (body, key = newKey()) => request("POST", "/api/tables", body, { "Idempotency-Key": key }),
  takeSeat: (id, name) => request("POST", `/api/tables/${e(id)}/seats`, { name }),
  // The seat this account holds at the table, with a new token for this browser.
  resume: (id) => request("POST", `/api/tables/${e(id)}/resume`),
  // With the active player's token the hint is counted in their results.
  advice: (id, limit = 3, token = null) => request("GET", `/api/tables/${e(id)}/advice?limit=${limit}`, undefined, token ? { "X-Seat-Token": token } : {}),
  highScores: (preset, limit = 10) => request("GET", `/api/scores/${e(preset)}?limit=${limit}`),
  leaderboard: (preset, period = "all", limit = 10) => request("GET", `/api/leaderboards/${e(preset)}?period=${e(period)}&limit=${limit}`),
  ratings: (family, limit = 20) => request("GET", `/api/ratings/${e(family)}?limit=${limit}`),
  profile: (accountId) => request("GET", `/api/accounts/${e(accountId)}/profile`),
  history: (name, limit = 50) => request("GET", `/api/players/${e(name)}/history?limit=${limit}`),
  matches: (limit = 20) => request("GET", `/api/matches?limit=${limit}`),
  match: (id) => request("GET", `/api/matches/${e(id)}`),
  replay: (id, seq) => request("GET", `/api/matches/${e(id)}/replay${seq ? `?seq=${seq}` : ""}`),
  analysis: (id) => request("GET", `/api/matches/${e(id)}/analysis`),
  matchRatings: (id) => request("GET", `/api/matches/${e(id)}/ratings`),
  // Quick match: queue, poll the ticket, cancel it, or take the computer after the wait.
  playNow: (preset, seats) => request("POST", "/api/quick-match", { preset, seats }),
  // With `wait`, a long poll: answered when the ticket changes, or after that many seconds.
  quickMatch: (ticket, wait = 0) => request("GET", `/api/quick-match/${e(ticket)}${wait ? `?wait=${wait}` : ""}`),
  cancelQuickMatch: (ticket) => request("DELETE", `/api/quick-match/${e(ticket)}`),
  quickMatchComputer: (ticket) => request("POST", `/api/quick-match/${e(ticket)}/computer`),
};

// The account's own routes (they run before the account is known, so they do not wait on it).
const own = { account: true };
export const accounts = {
  me: () => request("GET", "/api/account", undefined, {}, own),
  session: () => request("GET", "/api/account/session", undefined, {}, own),
  guest: () => request("POST", "/api/account/guest", undefined, {}, own),
  claim: (username, password) => request("POST", "/api/account/claim", { username, password }, {}, own),
  signIn: (username, password) => request("POST", "/api/account/sign-in", { username, password }, {}, own),
  signOut: () => request("POST", "/api/account/sign-out", undefined, {}, own),
  signOutEverywhere: () => request("POST", "/api/account/sign-out-everywhere", undefined, {}, own),
  remove: () => request("DELETE", "/api/account", undefined, {}, own),
  tokens: () => request("GET", "/api/account/tokens", undefined, {}, own),
  createToken: (label) => request("POST", "/api/account/tokens", { label }, {}, own),
  revokeToken: (id) => request("DELETE", `/api/account/tokens/${e(id)}`, undefined, {}, own),
};

// The daily challenge: today's (with this account's attempt and streak), starting or resuming
// the attempt, the result beside the optimal game, past days and a day's leaderboard.
export const daily = {
  today: () => request("GET", "/api/daily"),
  start: () => request("POST", "/api/daily/start"),
  result: (day) => request("GET", `/api/daily/${e(day)}/result`),
  days: (before = null, limit = 30) => request("GET", `/api/daily/days?limit=${limit}${before ? `&before=${e(before)}` : ""}`),
  day: (day) => request("GET", `/api/daily/${e(day)}`),
};
