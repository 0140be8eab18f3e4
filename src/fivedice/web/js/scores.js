// High scores per rule preset (single games: a match of three rounds is three games), and a
// player's past matches.

import { api } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { dateText } from "./labels.js";
import { navigate } from "./router.js";
import { playerName } from "./seats.js";

const replayLink = (id, text = "Replay") => h("a", { href: `./?view=replay&match=${encodeURIComponent(id)}`, "data-link": true }, text);

export class ScoresScreen {
  constructor(root, params) {
    this.root = root;
    this.select = h("select", { id: "scores-preset", "aria-label": "Rules" });
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
          h("div", { class: "panel-head" }, h("h1", {}, "High scores"), h("label", { class: "field" }, "Rules", this.select)),
          h(
            "table",
            { class: "data-table" },
            h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, "Player"), h("th", { class: "num" }, "Score"), h("th", {}, "Game"), h("th", {}, "When"), h("th", {}, h("span", { class: "visually-hidden" }, "Replay")))),
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
      fill(this.select, presets.map((p) => h("option", { value: p.name }, p.title)));
      this.select.value = preset;
      const scores = await api.highScores(preset, 50);
      fill(
        this.body,
        scores.length
          ? scores.map((s, i) =>
              h("tr", {}, h("td", { class: "num" }, String(i + 1)), h("td", {}, h("a", { href: `./?view=history&name=${encodeURIComponent(s.name)}`, "data-link": true }, s.name)), h("td", { class: "num" }, h("strong", {}, String(s.total))), h("td", { class: "muted" }, s.rounds > 1 ? `${s.round} of ${s.rounds}` : "–"), h("td", {}, dateText(s.finished_at)), h("td", {}, replayLink(s.match_id))),
            )
          : h("tr", {}, h("td", { colspan: "6", class: "empty" }, "No scores for these rules yet.")),
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
    this.input = h("input", { type: "search", id: "history-name", value: name, maxlength: "24", placeholder: "A player's name" });
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
          h("h1", {}, "Past matches"),
          h(
            "form",
            {
              class: "toolbar",
              onsubmit: (event) => {
                event.preventDefault();
                navigate(`./?view=history&name=${encodeURIComponent(this.input.value.trim())}`, { replace: true });
              },
            },
            h("label", { class: "field" }, "Player", this.input),
            h("button", { type: "submit", class: "button primary" }, "Show"),
          ),
          h(
            "table",
            { class: "data-table", "aria-label": "The player's matches" },
            h("thead", {}, h("tr", {}, h("th", {}, "When"), h("th", {}, "Rules"), h("th", { class: "num" }, "Players"), h("th", { class: "num" }, "Place"), h("th", { class: "num" }, "Score"), h("th", {}, h("span", { class: "visually-hidden" }, "Replay")))),
            this.body,
          ),
        ),
        h(
          "section",
          { class: "panel" },
          h("h2", {}, "Recently finished"),
          h("table", { class: "data-table" }, h("thead", {}, h("tr", {}, h("th", {}, "Match"), h("th", {}, "Rules"), h("th", {}, "Finished"), h("th", {}, h("span", { class: "visually-hidden" }, "Replay")))), this.recent),
        ),
      ),
    );
    this.load(name);
  }

  async load(name) {
    const titles = new Map();
    try {
      for (const p of await api.presets()) titles.set(p.name, p.title);
    } catch {
      /* the names will do */
    }
    const title = (preset) => titles.get(preset) || preset;
    if (name) {
      try {
        const matches = await api.history(name);
        fill(
          this.body,
          matches.length
            ? matches.map((m) =>
                h("tr", {}, h("td", {}, dateText(m.finished_at)), h("td", {}, title(m.preset)), h("td", { class: "num" }, m.players === 1 ? "solo" : String(m.players)), h("td", { class: "num" }, m.place ? String(m.place) : "–"), h("td", { class: "num" }, h("strong", {}, String(m.total))), h("td", {}, replayLink(m.match_id))),
              )
            : h("tr", {}, h("td", { colspan: "6", class: "empty" }, `No finished matches for ${name} yet.`)),
        );
      } catch (error) {
        toast(error.message, "error");
      }
    } else {
      fill(this.body, h("tr", {}, h("td", { colspan: "6", class: "empty" }, "Type a player's name.")));
    }
    try {
      const recent = await api.matches(15);
      fill(
        this.recent,
        recent.length
          ? recent.map((m) => h("tr", {}, h("td", {}, m.label || "Match"), h("td", {}, title(m.preset)), h("td", {}, dateText(m.finished_at)), h("td", {}, replayLink(m.id))))
          : h("tr", {}, h("td", { colspan: "4", class: "empty" }, "No finished matches yet.")),
      );
    } catch {
      /* the list above is the main thing */
    }
  }

  destroy() {}
}
