// High scores per rule preset (single games: a match of three rounds is three games), and a
// player's past matches.

import { api } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { num, presetTitle, t } from "./i18n.js";
import { dateTimeText } from "./dates.js";
import { navigate } from "./router.js";
import { playerName } from "./player_name.js";
import { tableName } from "./table_names.js";

const replayLink = (id) => h("a", { href: `./?view=replay&match=${encodeURIComponent(id)}`, "data-link": true, class: "replay-link" }, t("scores.replay"));

export class ScoresScreen {
  constructor(root, params) {
    this.root = root;
    this.select = h("select", { id: "scores-preset", "aria-label": t("scores.rules") });
    this.body = h("tbody");
    this.select.addEventListener("change", () => {
      navigate(`./?view=scores&preset=${encodeURIComponent(this.select.value)}`, { replace: true });
    });
    fill(
      root,
      h(
        "div",
        { class: "page-grid" },
        h(
          "section",
          { class: "panel" },
          h("div", { class: "panel-head" }, h("h1", {}, t("scores.title")), h("label", { class: "field" }, t("scores.rules"), this.select)),
          h(
            "table",
            { class: "data-table" },
            h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, t("scores.player")), h("th", { class: "num" }, t("scores.score")), h("th", {}, t("scores.game")), h("th", {}, t("scores.when")), h("th", {}, h("span", { class: "visually-hidden" }, t("scores.replay"))))),
            this.body,
          ),
        ),
      ),
    );
    this.load(params.get("preset") || "official");
  }

  async load(preset) {
    try {
      const presets = await api.presets();
      fill(this.select, presets.map((p) => h("option", { value: p.name }, presetTitle(p.name, p.title))));
      this.select.value = preset;
      const scores = await api.highScores(preset, 50);
      fill(
        this.body,
        scores.length
          ? scores.map((s, i) =>
              h("tr", {}, h("td", { class: "num" }, num(i + 1)), h("td", {}, h("a", { href: `./?view=history&name=${encodeURIComponent(s.name)}`, "data-link": true }, s.name)), h("td", { class: "num" }, h("strong", {}, num(s.total))), h("td", { class: "muted" }, s.rounds > 1 ? t("scores.game_of", { round: s.round, rounds: s.rounds }) : "–"), h("td", {}, dateTimeText(s.finished_at)), h("td", {}, replayLink(s.match_id))),
            )
          : h("tr", {}, h("td", { colspan: "6", class: "empty" }, t("scores.none"))),
      );
    } catch (error) {
      toast(error.message, "error");
    }
  }

  destroy() {}
}

export class HistoryScreen {
  constructor(root, params) {
    this.root = root;
    const name = params.get("name") || playerName();
    this.input = h("input", { type: "search", id: "history-name", value: name, maxlength: "24", placeholder: t("history.name_placeholder") });
    this.body = h("tbody");
    this.recent = h("tbody");
    fill(
      root,
      h(
        "div",
        { class: "page-grid" },
        h(
          "section",
          { class: "panel" },
          h("h1", {}, t("history.title")),
          h(
            "form",
            {
              class: "toolbar",
              onsubmit: (event) => {
                event.preventDefault();
                navigate(`./?view=history&name=${encodeURIComponent(this.input.value.trim())}`, { replace: true });
              },
            },
            h("label", { class: "field" }, t("history.player"), this.input),
            h("button", { type: "submit", class: "button primary" }, t("history.show")),
          ),
          h(
            "table",
            { class: "data-table", "aria-label": t("history.matches_label") },
            h("thead", {}, h("tr", {}, h("th", {}, t("history.when")), h("th", {}, t("history.rules")), h("th", { class: "num" }, t("history.players")), h("th", { class: "num" }, t("history.place")), h("th", { class: "num" }, t("history.score")), h("th", {}, h("span", { class: "visually-hidden" }, t("scores.replay"))))),
            this.body,
          ),
        ),
        h(
          "section",
          { class: "panel" },
          h("h2", {}, t("history.recent")),
          h("table", { class: "data-table" }, h("thead", {}, h("tr", {}, h("th", {}, t("history.match")), h("th", {}, t("history.rules")), h("th", {}, t("history.finished")), h("th", {}, h("span", { class: "visually-hidden" }, t("scores.replay"))))), this.recent),
        ),
      ),
    );
    this.load(name);
  }

  async load(name) {
    const titles = new Map();
    try {
      for (const p of await api.presets()) titles.set(p.name, presetTitle(p.name, p.title));
    } catch {
      /* the names will do */
    }
    const title = (preset) => titles.get(preset) || presetTitle(preset);
    if (name) {
      try {
        const matches = await api.history(name);
        fill(
          this.body,
          matches.length
            ? matches.map((m) =>
                h("tr", {}, h("td", {}, dateTimeText(m.finished_at)), h("td", {}, title(m.preset)), h("td", { class: "num" }, m.players === 1 ? t("history.solo") : num(m.players)), h("td", { class: "num" }, m.place ? num(m.place) : "–"), h("td", { class: "num" }, h("strong", {}, num(m.total))), h("td", {}, replayLink(m.match_id))),
              )
            : h("tr", {}, h("td", { colspan: "6", class: "empty" }, t("history.none_for", { name }))),
        );
      } catch (error) {
        toast(error.message, "error");
      }
    } else {
      fill(this.body, h("tr", {}, h("td", { colspan: "6", class: "empty" }, t("history.type_a_name"))));
    }
    try {
      const recent = await api.matches(15);
      fill(
        this.recent,
        recent.length
          ? recent.map((m) => h("tr", {}, h("td", {}, tableName(m.label, m.title, t("history.match"))), h("td", {}, title(m.preset)), h("td", {}, dateTimeText(m.finished_at)), h("td", {}, replayLink(m.id))))
          : h("tr", {}, h("td", { colspan: "4", class: "empty" }, t("history.none"))),
      );
    } catch {
      /* the list above is the main thing */
    }
  }

  destroy() {}
}
