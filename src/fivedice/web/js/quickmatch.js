// "Play now": queue for a rated table of 2 to 4 players with one rule set, wait while the
// server looks for players of about your rating (the range widening as you wait), and go to
// the table once seated. After the server's wait the computer is offered instead.

import { accountReady, currentAccount } from "./identity.js";
import { api } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { navigate } from "./router.js";
import { addSeat } from "./seats.js";
import { presetTitle, t } from "./i18n.js";
import { decimal } from "./labels.js";

const POLL_WAIT_S = 10; // a long poll: the server answers when the ticket changes, or after this
const RETRY_MS = 2000; // after a failed poll
const TICKET_KEY = "fivedice.quick.ticket"; // this tab's ticket: a reload keeps waiting

/** The ticket this tab queued for `account` (another account's ticket is not its to follow:
 * unasked, the server drops it). */
function savedTicket(account) {
  try {
    const saved = JSON.parse(sessionStorage.getItem(TICKET_KEY) || "null");
    return saved && account && saved.account === account.id ? saved.ticket : null;
  } catch {
    return null;
  }
}

function saveTicket(id) {
  try {
    const account = currentAccount();
    if (id) sessionStorage.setItem(TICKET_KEY, JSON.stringify({ ticket: id, account: account ? account.id : null }));
    else sessionStorage.removeItem(TICKET_KEY);
  } catch {
    /* storage blocked: the wait lasts as long as the page */
  }
}

function elapsedText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export class QuickMatchPanel {
  constructor(presetSelect) {
    this.preset = presetSelect;
    this.preset.id = "quick-preset";
    this.size = h("select", { id: "quick-size", "aria-label": t("lobby.quick_players") }, [2, 3, 4].map((n) => h("option", { value: String(n) }, t("lobby.quick_size", { count: n }))));
    this.body = h("div", { class: "quick-body" });
    this.root = h(
      "section",
      { class: "panel quick play-now", id: "play-now-panel", "aria-labelledby": "play-now-title" },
      h("h2", { id: "play-now-title" }, this.icon(), t("lobby.play_now")),
      this.body,
    );
    this.timer = null;
    this.clock = null;
    this.ticket = null;
    this.showForm();
    accountReady().then((account) => {
      const waiting = savedTicket(account);
      if (waiting && this.root.isConnected) this.follow(waiting); // not if the lobby is gone meanwhile
    });
  }

  icon() {
    const wrap = h("span", { class: "badge-icon", "aria-hidden": "true" });
    wrap.innerHTML = '<svg viewBox="0 0 24 24"><path d="M13 2 4 14h7l-1 8 9-12h-7z"/></svg>';
    return wrap;
  }

  destroy() {
    clearTimeout(this.timer);
    clearInterval(this.clock);
    this.timer = null;
    this.clock = null;
    this.polling = false;
  }

  showForm() {
    fill(
      this.body,
      h("p", { class: "muted small" }, t("lobby.quick_note")),
      h("div", { class: "row" }, h("label", { class: "field" }, t("lobby.rules"), this.preset), h("label", { class: "field" }, t("lobby.quick_table"), this.size)),
      h("div", { class: "row" }, h("button", { type: "button", class: "button primary", id: "play-now", onclick: () => this.join() }, t("lobby.play_now"))),
    );
  }

  async join() {
    const button = this.body.querySelector("#play-now");
    if (button) button.disabled = true;
    const account = await accountReady();
    if (!account) {
      toast(t("lobby.quick_needs_account"), "error");
      if (button) button.disabled = false;
      return;
    }
    try {
      const ticket = await api.playNow(this.preset.value || "official", Number(this.size.value) || 2);
      this.show(ticket);
    } catch (error) {
      toast(error.message, "error");
      if (button) button.disabled = false;
    }
  }

  /** Poll a ticket this tab queued before a reload. */
  async follow(id) {
    try {
      this.show(await api.quickMatch(id));
    } catch {
      saveTicket(null);
    }
  }

  show(ticket) {
    this.ticket = ticket;
    if (ticket.state === "seated") return this.seated(ticket);
    if (ticket.state !== "waiting" && ticket.state !== "forming") {
      saveTicket(null);
      if (ticket.state === "expired") toast(t("lobby.quick_expired"), "error");
      this.destroy();
      return this.showForm();
    }
    saveTicket(ticket.ticket);
    const others = ticket.seats - 1;
    const looking = t("lobby.quick_looking", { count: others });
    const offer = ticket.computer_offered
      ? h("button", { type: "button", class: "button", id: "play-computer-instead", onclick: () => this.playComputer() }, t("lobby.quick_computer_instead"))
      : h("p", { class: "muted small" }, t("lobby.quick_computer_after", { seconds: Math.round(ticket.computer_after_seconds) }));
    fill(
      this.body,
      h(
        "div",
        { class: "quick-waiting", role: "status", "aria-live": "polite" },
        h("span", { class: "spinner", "aria-hidden": "true" }),
        h("div", {}, h("strong", {}, looking), h("div", { class: "muted small" }, t("lobby.quick_rating", { rules: this.presetLabel(ticket.preset), rating: decimal(ticket.rating), range: decimal(ticket.rating_range, 0) }))),
        h("span", { class: "num quick-elapsed", id: "quick-elapsed" }, elapsedText(ticket.waited_seconds)),
      ),
      h("div", { class: "row" }, offer, h("button", { type: "button", class: "button ghost", id: "quick-cancel", onclick: () => this.cancel() }, t("lobby.quick_cancel"))),
    );
    // The elapsed time ticks here between the server's answers.
    const since = Date.now() - ticket.waited_seconds * 1000;
    clearInterval(this.clock);
    this.clock = setInterval(() => {
      const shown = this.body.querySelector("#quick-elapsed");
      if (shown) shown.textContent = elapsedText((Date.now() - since) / 1000);
    }, 1000);
    if (!this.polling) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.poll(), 0);
    }
  }

  presetLabel(name) {
    const option = [...this.preset.options].find((o) => o.value === name);
    return option ? option.textContent : presetTitle(name);
  }

  async poll() {
    if (!this.ticket || !this.root.isConnected || this.polling) return;
    const id = this.ticket.ticket;
    this.polling = true;
    let answer = null;
    try {
      answer = await api.quickMatch(id, POLL_WAIT_S);
    } catch (error) {
      this.polling = false;
      if (!this.ticket || this.ticket.ticket !== id) return;
      if (error.status === 404 || error.status === 401) {
        saveTicket(null);
        this.destroy();
        this.ticket = null;
        return this.showForm();
      }
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.poll(), RETRY_MS); // the server is busy: keep waiting
      return;
    }
    this.polling = false;
    if (!this.ticket || this.ticket.ticket !== id || !this.root.isConnected) return; // cancelled meanwhile
    this.show(answer);
  }

  async cancel() {
    if (!this.ticket) return;
    this.destroy();
    try {
      await api.cancelQuickMatch(this.ticket.ticket);
    } catch (error) {
      if (error.code === "already_seated") return this.follow(this.ticket.ticket);
      toast(error.message, "error");
    }
    saveTicket(null);
    this.ticket = null;
    this.showForm();
  }

  async playComputer() {
    if (!this.ticket) return;
    this.destroy();
    try {
      this.show(await api.quickMatchComputer(this.ticket.ticket));
    } catch (error) {
      toast(error.message, "error");
      this.follow(this.ticket.ticket);
    }
  }

  async seated(ticket) {
    this.destroy();
    saveTicket(null);
    const account = await accountReady();
    const name = account ? account.name : t("lobby.you");
    addSeat(ticket.table_id, ticket.seat, ticket.token, name, { mode: ticket.computer ? "computer" : "online", primary: ticket.seat });
    navigate(`./?table=${encodeURIComponent(ticket.table_id)}`);
  }
}
