// The table's chat: its lines (players signed by seat, spectators by name) and a box to write.
// Lines show as plain text: a link is never rewritten.

import { h } from "./dom.js";
import { num, t } from "./i18n.js";

export class ChatPanel {
  /** @param {(text: string) => boolean} onSend */
  constructor(onSend) {
    this.onSend = onSend;
    this.lines = h("ol", { class: "chat-lines", "aria-label": t("chat.messages"), tabindex: "0" });
    this.input = h("input", { type: "text", maxlength: "500", placeholder: t("chat.placeholder"), "aria-label": t("chat.message"), autocomplete: "off" });
    this.form = h(
      "form",
      {
        class: "chat-form",
        onsubmit: (event) => {
          event.preventDefault();
          const text = this.input.value.trim();
          if (text && this.onSend(text)) this.input.value = "";
        },
      },
      this.input,
      h("button", { type: "submit", class: "button small primary" }, t("chat.send")),
    );
    this.spectators = h("div", { class: "spectators" });
    this.el = h(
      "section",
      { class: "panel chat", "aria-label": t("chat.title") },
      h("div", { class: "panel-head" }, h("h2", {}, t("chat.title")), this.spectators),
      this.lines,
      this.form,
    );
    this.shown = "";
  }

  update(chat, spectators, count = spectators.length) {
    const key = JSON.stringify(chat);
    if (key !== this.shown) {
      const atBottom = this.lines.scrollHeight - this.lines.scrollTop - this.lines.clientHeight < 30;
      this.lines.replaceChildren(
        ...(chat.length
          ? chat.map((line) =>
              h("li", { class: line.seat === null ? "spectator" : "player" }, h("span", { class: "author" }, t("chat.author", { name: line.author })), " ", line.text),
            )
          : [h("li", { class: "system" }, t("chat.empty"))]),
      );
      if (atBottom || !this.shown) this.lines.scrollTop = this.lines.scrollHeight;
      this.shown = key;
    }
    const eye = '<svg class="eye" viewBox="0 0 24 24" aria-hidden="true"><path d="M1.5 12S5.5 5 12 5s10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12Z"/><circle cx="12" cy="12" r="3"/></svg>';
    this.spectators.innerHTML = eye;
    const more = count - spectators.length;
    const watching = more > 0 ? t("chat.watching_more", { names: spectators.join(", "), count: more }) : t("chat.watching", { names: spectators.join(", ") });
    this.spectators.setAttribute("aria-label", count ? watching : t("chat.nobody_watching"));
    if (count) for (const name of spectators) this.spectators.append(h("span", { class: "pill" }, name));
    else this.spectators.append(h("span", {}, t("chat.no_spectators")));
    if (more > 0) this.spectators.append(h("span", { class: "pill" }, `+${num(more)}`));
  }
}
