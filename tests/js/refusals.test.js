// A refusal in the player's language: its code's text (with its reason) and values, boxes and
// rule sets in the language's words; the server's English words where no catalog has the code.
import assert from "node:assert/strict";
import { test } from "node:test";

import { speak } from "./catalogs.js";
import { refusalText } from "../../src/fivedice/web/js/i18n.js";
import { ApiError } from "../../src/fivedice/web/js/api.js";
import { TableSocket } from "../../src/fivedice/web/js/socket.js";

const filled = { code: "box_already_filled", params: { box: "fours", box_label: "Fours" }, message: "Fours is already filled" };

test("a refusal reads in the player's language, with the box in its own words", () => {
  speak("en");
  assert.equal(refusalText(filled), "Fours is already filled");
  speak("de");
  assert.equal(refusalText(filled), "In Vierer steht schon etwas");
  speak("da");
  assert.equal(refusalText(filled), "Firere er allerede udfyldt");
  speak();
});

test("a reason picks the code's text, and numbers are the language's", () => {
  speak("de");
  const seats = { code: "invalid_options", params: { reason: "seats", most: 8, seats: 9 }, message: "A table has 1 to 8 seats, not 9" };
  assert.equal(refusalText(seats), "Ein Tisch hat 1 bis 8 Plätze, nicht 9");
  const wait = { code: "rate_limited", params: { reason: "sign_ins_account_minutes", count: 1 }, message: "" };
  assert.equal(refusalText(wait), "Zu viele fehlgeschlagene Anmeldungen für dieses Konto: versuch es in 1 Minute wieder");
  const stale = { code: "stale", params: { seen: 1234, now: 1235 }, message: "" };
  assert.equal(refusalText(stale), "Am Tisch ist seit Ereignis 1234 etwas passiert (jetzt 1235): schau noch einmal hin");
  speak();
});

test("the joker's list of boxes and a rule set's title are translated too", () => {
  speak("sv");
  const joker = {
    code: "box_not_allowed",
    params: { dice: "6 6 6 6 6", box: "fours", box_label: "Fours", boxes: ["sixes", "chance"], box_labels: ["Sixes", "Chance"] },
    message: "",
  };
  assert.equal(refusalText(joker), "Jokerregeln tillåter inte 6 6 6 6 6 i Fyror; de kan skrivas in i: Sexor, Chans");
  speak();
});

test("a code no catalog has, or no code, keeps the server's words", () => {
  speak("fr");
  assert.equal(refusalText({ code: "brand_new", params: {}, message: "Something new" }), "Something new");
  assert.equal(refusalText({ code: "invalid_options", params: { reason: "brand_new" }, message: "As sent" }), "As sent");
  assert.equal(refusalText({ message: "No code" }), "No code");
  speak();
});

test("an API error's message is the player's, its code and params as sent", () => {
  speak("es");
  const error = new ApiError(409, filled.code, filled.message, filled.params);
  assert.equal(error.message, "La casilla Cuatros ya está anotada");
  assert.equal(error.code, "box_already_filled");
  assert.deepEqual(error.params, { box: "fours", box_label: "Fours" });
  assert.equal(error.serverMessage, "Fours is already filled");
  assert.equal(new ApiError(0, "offline", "The server cannot be reached").message, "No se puede contactar con el servidor");
  speak();
});

test("a play socket's error reaches the table in the player's language, its code and params kept", () => {
  const sockets = [];
  globalThis.location = { protocol: "http:", host: "localhost" };
  globalThis.WebSocket = class {
    static OPEN = 1;
    constructor(url) {
      this.url = url;
      this.readyState = 0;
      this.listeners = {};
      sockets.push(this);
    }
    addEventListener(kind, listener) {
      this.listeners[kind] = listener;
    }
    send() {}
    close() {}
  };
  const seen = [];
  const socket = new TableSocket("t1", { onMessage: (message) => seen.push(message), onStatus: () => {} });
  socket.connect();
  clearInterval(socket.pingTimer);
  speak("pt-BR");
  sockets[0].listeners.message({ data: JSON.stringify({ type: "error", id: 3, ref: "score", ...filled }) });
  assert.equal(seen.length, 1);
  assert.equal(seen[0].message, "A casa Quatros já está preenchida");
  assert.equal(seen[0].code, "box_already_filled");
  assert.deepEqual(seen[0].params, filled.params);
  speak();
});
