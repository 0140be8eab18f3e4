// Leaderboards: a rule set's best single games (all time, this month, this week) and the best
// ratings of its family. A match of several rounds is several games: totals never mix.

import { api } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { num, presetTitle, t } from "./i18n.js";
import { dateTimeText, shortDateText } from "./dates.js";
import { navigate } from "./router.js";

// Each period with the key of its board's title (read when the screen is drawn, in the
// player's language).
const PERIODS = [
  ["all", "boards.all_time"],
  ["month", "boards.this_month"],
  ["week", "boards.this_week"],
];
const FAMILIES = ["yahtzee", "yatzy", "yacht", "general"];
const rating = (value) => num(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const familyName = (family, label) => (FAMILIES.includes(family) ? t(`family.${family}`) : label);

const profileLink = (accountId, name) => h("a", { href: `./?view=profile&account=${encodeURIComponent(accountId)}`, "data-link": true, class: "profile-link" }, name);
const playerLink = (name) => h("a", { href: `./?view=history&name=${encodeURIComponent(name)}`, "data-link": true }, name);

export class LeaderboardsScreen {
  constructor(root, params) {
    this.root = root;
    this.presetSelect = h("select", { id: "boards-preset", "aria-label": t("boards.rules") });
    this.familySelect = h("select", { id: "boards-family", "aria-label": t("boards.ratings_of") }, FAMILIES.map((value) => h("option", { value }, t(`family.${value}`))));
    this.presetSelect.addEventListener("change", () => this.go(this.presetSelect.value, null));
    this.familySelect.addEventListener("change", () => this.go(this.presetSelect.value, this.familySelect.value));
    this.games = new Map(PERIODS.map(([period]) => [period, h("tbody", { dataset: { period } })]));
    this.ratingsBody = h("tbody");
    this.ratingsNote = h("p", { class: "muted small board-note" });
    const gameBoard = ([period, titleKey]) =>
      h(
        "section",
        { class: "panel game-board", "aria-labelledby": `games-${period}` },
        h("h2", { id: `games-${period}` }, t(titleKey)),
        h(
          "table",
          { class: "data-table board-table", id: `board-${period}` },
          h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, t("boards.player")), h("th", { class: "num" }, t("boards.score")), h("th", { class: "num" }, t("boards.when")))),
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
          h("div", { class: "panel-head" }, h("h1", {}, t("boards.title")), h("label", { class: "field" }, t("boards.rules"), this.presetSelect)),
          h("p", { class: "muted small board-note" }, t("boards.note")),
        ),
        h("div", { class: "boards" }, PERIODS.map(gameBoard)),
        h(
          "section",
          { class: "panel", "aria-labelledby": "ratings-head" },
          h("div", { class: "panel-head" }, h("h2", { id: "ratings-head" }, t("boards.best_ratings")), h("label", { class: "field" }, t("boards.family"), this.familySelect)),
          this.ratingsNote,
          h(
            "table",
            { class: "data-table board-table", id: "board-ratings" },
            h("thead", {}, h("tr", {}, h("th", { class: "num" }, "#"), h("th", {}, t("boards.player")), h("th", { class: "num" }, t("boards.rating")), h("th", { class: "num" }, t("boards.games")), h("th", { class: "num hide-narrow" }, t("boards.last_played")))),
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
    fill(this.presetSelect, presets.map((p) => h("option", { value: p.name }, presetTitle(p.name, p.title))));
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
                h("td", { class: "num" }, num(i + 1)),
                h("td", {}, g.account_id != null ? profileLink(g.account_id, g.name) : playerLink(g.name), g.rounds > 1 ? h("div", { class: "muted small" }, t("boards.game_of", { round: g.round, rounds: g.rounds })) : null),
                h("td", { class: "num" }, h("a", { href: `./?view=replay&match=${encodeURIComponent(g.match_id)}`, "data-link": true, title: t("boards.replay_match") }, h("strong", {}, num(g.score)))),
                h("td", { class: "num", title: dateTimeText(g.finished_at) }, shortDateText(g.finished_at)),
              ),
            )
          : h("tr", {}, h("td", { colspan: "4", class: "empty" }, t(period === "all" ? "boards.no_games" : "boards.no_games_in_period"))),
      );
    } catch (error) {
      fill(body, h("tr", {}, h("td", { colspan: "4", class: "empty" }, error.message)));
    }
  }

  async loadRatings(family) {
    try {
      const board = await api.ratings(family, 20);
      const name = familyName(family, board.label);
      this.ratingsNote.textContent = t("boards.ratings_note", { family: name, count: board.provisional_games });
      fill(
        this.ratingsBody,
        board.ratings.length
          ? board.ratings.map((r, i) =>
              h(
                "tr",
                { class: r.provisional ? "provisional" : "" },
                h("td", { class: "num" }, num(i + 1)),
                h("td", {}, profileLink(r.account_id, r.name), r.provisional ? h("span", { class: "pill provisional-tag", title: t("boards.fewer_than", { count: board.provisional_games }) }, t("boards.provisional")) : null),
                h("td", { class: "num" }, h("strong", {}, rating(r.rating))),
                h("td", { class: "num" }, num(r.games)),
                h("td", { class: "num hide-narrow" }, shortDateText(r.last_played)),
              ),
            )
          : h("tr", {}, h("td", { colspan: "5", class: "empty" }, t("boards.no_rated", { family: name }))),
      );
    } catch (error) {
      fill(this.ratingsBody, h("tr", {}, h("td", { colspan: "5", class: "empty" }, error.message)));
    }
  }

  destroy() {}
}
