// The play socket: one WebSocket per table, hello with the seat token and the last sequence
// number seen, reconnect with back-off, keep-alive pings. Messages go to one handler.

import { clockOffset } from "./clock.js";
import { refusalText } from "./i18n.js";

const PROTOCOL = 1;
const CLOSE_UNKNOWN_TABLE = 4404;
const BACKOFF_MS = [200, 500, 1000, 2000, 4000, 6000];

export class TableSocket {
  /**
   * @param {string} tableId
   * @param {{token?: string|null, name?: string, onMessage: Function, onStatus: Function}} options
   */
  constructor(tableId, { token = null, name = "", onMessage, onStatus }) {
    this.tableId = tableId;
    this.token = token;
    this.name = name;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.seq = 0;
    this.ws = null;
    this.closed = false;
    this.attempt = 0;
    this.greeted = false;
    this.pingTimer = null;
    this.requestId = 0;
    this.connections = 0; // sockets opened so far (a reconnect opens another)
  }

  get url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
  }

  connect() {
    if (this.closed) return;
    this.status("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    this.greeted = false;
    ws.addEventListener("open", () => {
      this.attempt = 0;
      this.connections += 1;
      this.hello();
    });
    ws.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "welcome") {
        this.greeted = true;
        clockOffset.set(message.server_time);
        this.status("online");
      } else if (message.type === "update") {
        const catchUp = !this.hadUpdate;
        this.hadUpdate = true;
        this.seq = Math.max(this.seq, message.seq);
        clockOffset.set(message.table.server_time);
        this.onMessage(message, { catchUp });
        return;
      } else if (message.type === "pong") {
        clockOffset.set(message.server_time);
      } else if (message.type === "error") {
        message.message = refusalText(message); // the player's language; code and params stay
      }
      this.onMessage(message, {});
    });
    ws.addEventListener("close", (event) => {
      clearInterval(this.pingTimer);
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      if (event.code === CLOSE_UNKNOWN_TABLE) {
        this.closed = true;
        this.status("gone");
        return;
      }
      this.status("reconnecting");
      const wait = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
      this.attempt += 1;
      setTimeout(() => this.connect(), wait);
    });
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.send({ type: "ping" }), 20000);
  }

  hello() {
    this.hadUpdate = false;
    const message = { type: "hello", protocol: PROTOCOL, last_seq: this.seq };
    if (this.token) message.token = this.token;
    const also = (this.alsoTokens || []).filter((t) => t && t !== this.token).slice(0, 7);
    if (this.token && also.length) message.also = also;
    if (this.name) message.name = this.name.slice(0, 64);
    this.raw(message);
  }

  /** Say hello again on this socket (after a refused token: watch instead). */
  rehello(token) {
    this.token = token;
    this.hello();
  }

  status(state) {
    this.state = state;
    if (this.onStatus) this.onStatus(state);
  }

  raw(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Send a message once greeted, numbered; returns its request id (the server's answer to
   * it carries that id), or false when the socket is not up. */
  send(message) {
    if (!this.greeted) return false;
    this.requestId += 1;
    const id = this.requestId;
    return this.raw({ id, ...message }) ? id : false;
  }

  /** Drop the connection now (reconnects unless closed): used by tests and on wake-up. */
  drop() {
    if (this.ws) this.ws.close();
  }

  close() {
    this.closed = true;
    clearInterval(this.pingTimer);
    if (this.ws) this.ws.close(1000, "bye");
    this.ws = null;
  }
}
