// Leaderboards: a rule set's best single games (all time, this month, this week) and the best
// ratings of its family. A match of several rounds is several games: totals never mix.

import { api } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { dateText } from "./labels.js";
import { navigate } from "./router.js";

const PERIODS = [
  ["all", "All time"],
  ["month", "This month"],
  ["week", "This week"],
];
const FAMILIES = [
  ["yahtzee", "Yahtzee"],
  ["yatzy", "Yatzy"],
  ["yacht", "Yacht"],
  ["general", "General"],
];

const shortDate = (iso) => new Date(iso).toLocaleDateString(undefined, { month: "short", day: "numeric" });
const profileLink = (accountId, name) => h("a", { href: `./?view=profile&account=${encodeURIComponent(accountId)}`, "data-link": true, class: "profile-link" }, name);
const playerLink = (name) => h("a", { href: `./?view=history&name=${encodeURIComponent(name)}`, "data-link": true }, name);

export class LeaderboardsScreen {
  constructor(root, params) {
    this.root = root;
    this.presetSelect = h("select", { id: "boards-preset", "aria-label": "Rules" });
    this.familySelect = h("select", { id: "boards-family", "aria-label": "Ratings of" }, FAMILIES.map(([value, text]) => h("option", { value }, text)));
    this.presetSelect.addEventListener("change", () => this.go(this.presetSelect.value, null));
    this.familySelect.addEventListener("change", () => this.go(this.presetSelect.value, this.familySelect.value));
    this.games = new Map(PERIODS.map(([period]) => [period, h("tbody", { dataset: { period } })]));
    this.ratingsBody = h("tbody");
    this.ratingsNote = h("p", { class: "muted small board-note" });
    const gameBoard = ([period, title]) =>
      h(
        "section",
        { class: "panel game-board", "aria-labelledby": `games-${period}` },
        h("h2", { id: `games-${period}` }, title),
        h(
          "table",
          { class: "data-table board-table", id: `board-${period}` },
          h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, "Player"), h("th", { class: "num" }, "Score"), h("th", { class: "num" }, "When"))),
          this.games.get(period),
        ),
      );
    fill(
      root,
      h(
        "div",
        { class: "page-grid" },
        h(
          "section",
          { class: "panel" },
          h("div", { class: "panel-head" }, h("h1", {}, "Leaderboards"), h("label", { class: "field" }, "Rules", this.presetSelect)),
          h("p", { class: "muted small board-note" }, "The best single games: a match of three rounds is three games. Weeks start on Monday (UTC)."),
        ),
        h("div", { class: "boards" }, PERIODS.map(gameBoard)),
        h(
          "section",
          { class: "panel", "aria-labelledby": "ratings-head" },
          h("div", { class: "panel-head" }, h("h2", { id: "ratings-head" }, "Best ratings"), h("label", { class: "field" }, "Family", this.familySelect)),
          this.ratingsNote,
          h(
            "table",
            { class: "data-table board-table", id: "board-ratings" },
            h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, "Player"), h("th", { class: "num" }, "Rating"), h("th", { class: "num" }, "Games"), h("th", { class: "num hide-narrow" }, "Last played"))),
            this.ratingsBody,
          ),
        ),
      ),
    );
    this.load(params.get("preset") || "official", params.get("family"));
  }

  go(preset, family) {
    const query = new URLSearchParams({ view: "leaderboards", preset });
    if (family) query.set("family", family);
    navigate(`./?${query}`, { replace: true });
  }

  async load(preset, family) {
    let presets = [];
    try {
      presets = await api.presets();
    } catch (error) {
      toast(error.message, "error");
    }
    fill(this.presetSelect, presets.map((p) => h("option", { value: p.name }, p.title)));
    this.presetSelect.value = preset;
    const chosen = presets.find((p) => p.name === preset);
    this.familySelect.value = family || (chosen && chosen.family) || "yahtzee";
    await Promise.all([...PERIODS.map(([period]) => this.loadGames(preset, period)), this.loadRatings(this.familySelect.value)]);
  }

  async loadGames(preset, period) {
    const body = this.games.get(period);
    try {
      const board = await api.leaderboard(preset, period, 10);
      fill(
        body,
        board.games.length
          ? board.games.map((g, i) =>
              h(
                "tr",
                {},
                h("td", { class: "num" }, String(i + 1)),
                h("td", {}, g.account_id != null ? profileLink(g.account_id, g.name) : playerLink(g.name), g.rounds > 1 ? h("div", { class: "muted small" }, `game ${g.round} of ${g.rounds}`) : null),
                h("td", { class: "num" }, h("a", { href: `./?view=replay&match=${encodeURIComponent(g.match_id)}`, "data-link": true, title: "Replay the match" }, h("strong", {}, String(g.score)))),
                h("td", { class: "num", title: dateText(g.finished_at) }, shortDate(g.finished_at)),
              ),
            )
          : h("tr", {}, h("td", { colspan: "4", class: "empty" }, period === "all" ? "No games for these rules yet." : "No games yet in this period.")),
      );
    } catch (error) {
      fill(body, h("tr", {}, h("td", { colspan: "4", class: "empty" }, error.message)));
    }
  }

  async loadRatings(family) {
    try {
      const board = await api.ratings(family, 20);
      this.ratingsNote.textContent = `One rating for all ${board.label} rule sets, moved by every rated match. Shown: a cautious estimate (mu − 3σ); provisional until ${board.provisional_games} rated matches.`;
      fill(
        this.ratingsBody,
        board.ratings.length
          ? board.ratings.map((r, i) =>
              h(
                "tr",
                { class: r.provisional ? "provisional" : "" },
                h("td", { class: "num" }, String(i + 1)),
                h("td", {}, profileLink(r.account_id, r.name), r.provisional ? h("span", { class: "pill provisional-tag", title: `Fewer than ${board.provisional_games} rated matches` }, "provisional") : null),
                h("td", { class: "num" }, h("strong", {}, r.rating.toFixed(1))),
                h("td", { class: "num" }, String(r.games)),
                h("td", { class: "num hide-narrow" }, shortDate(r.last_played)),
              ),
            )
          : h("tr", {}, h("td", { colspan: "5", class: "empty" }, `No rated ${board.label} matches yet.`)),
      );
    } catch (error) {
      fill(this.ratingsBody, h("tr", {}, h("td", { colspan: "5", class: "empty" }, error.message)));
    }
  }

  destroy() {}
}
