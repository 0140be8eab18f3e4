// A player's profile: each family's rating with its history drawn as an inline SVG chart, the
// games per rule set (average, upper-bonus and Yahtzee rates, best, accuracy), and the recent
// matches, each linking to its replay. Everything comes from GET /api/accounts/{id}/profile.

import { api } from "./api.js";
import { fill, h, s } from "./dom.js";
import { num, presetTitle, t, tNodes } from "./i18n.js";
import { dateTimeText, shortDateText } from "./dates.js";
import { tableName } from "./table_names.js";

const percent = (share) => num(Math.round(share * 100) / 100, { style: "percent" });
const decimal = (value, digits) => num(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
const KINDS = ["guest", "person", "deleted"];
const familyName = (family) => (["yahtzee", "yatzy", "yacht", "general"].includes(family.family) ? t(`family.${family.family}`) : family.label);

// The chart's frame, in SVG units: it scales to the panel's width, so a phone draws a
// narrower frame (its labels would shrink to nothing otherwise).
const PAD = { left: 48, right: 16, top: 14, bottom: 40 };

/** Round tick values spanning [low, high]: about four, on a 1-2-5 step. */
function ticks(low, high) {
  const span = Math.max(high - low, 1);
  const raw = span / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((m) => m >= raw);
  const out = [Number((Math.floor(low / step) * step).toFixed(6))];
  while (out[out.length - 1] < high) out.push(Number((out[out.length - 1] + step).toFixed(6)));
  return out; // the last tick at or above `high`: every point lies inside the frame
}

/** The rating history of one family as a line chart: x the rated matches in order, y the
 * shown rating; provisional points hollow on a dashed line. */
export function ratingChart(family, narrow = window.innerWidth < 640) {
  const W = narrow ? 360 : 720;
  const H = narrow ? 230 : 220;
  const points = family.history;
  const values = points.map((p) => p.rating);
  const yTicks = ticks(Math.min(0, ...values), Math.max(...values, 1));
  const yLow = yTicks[0];
  const yHigh = yTicks[yTicks.length - 1];
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (i) => PAD.left + (points.length === 1 ? plotW / 2 : (i / (points.length - 1)) * plotW);
  const y = (v) => PAD.top + plotH - ((v - yLow) / (yHigh - yLow || 1)) * plotH;
  const grid = yTicks.map((v) =>
    s("g", { class: "chart-tick" }, s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }), s("text", { x: PAD.left - 8, y: y(v) + 4, "text-anchor": "end" }, num(v))),
  );
  const every = Math.max(1, Math.ceil(points.length / (narrow ? 5 : 10)));
  const xLabels = points.map((p, i) => (i % every === 0 || i === points.length - 1 ? s("text", { x: x(i), y: H - PAD.bottom + 16, "text-anchor": "middle" }, num(p.games)) : null));
  const segments = points.slice(1).map((p, i) =>
    s("line", { class: p.provisional ? "chart-line provisional" : "chart-line", x1: x(i), y1: y(points[i].rating), x2: x(i + 1), y2: y(p.rating) }),
  );
  const dots = points.map((p, i) =>
    s("circle", { class: p.provisional ? "chart-dot provisional" : "chart-dot", cx: x(i), cy: y(p.rating), r: 4 }, s("title", {}, t(p.provisional ? "profile.chart.point_provisional" : "profile.chart.point", { rating: decimal(p.rating, 1), games: p.games, when: dateTimeText(p.finished_at) }))),
  );
  return s(
    "svg",
    { class: "rating-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("profile.chart.label", { family: familyName(family), count: points.length, rating: decimal(family.rating, 1) }) },
    grid,
    s("line", { class: "chart-axis", x1: PAD.left, x2: W - PAD.right, y1: PAD.top + plotH, y2: PAD.top + plotH }),
    xLabels,
    s("text", { class: "chart-label", x: PAD.left + plotW / 2, y: H - 6, "text-anchor": "middle" }, t("profile.chart.x_axis")),
    s("text", { class: "chart-label", x: 12, y: PAD.top + plotH / 2, "text-anchor": "middle", transform: `rotate(-90 12 ${PAD.top + plotH / 2})` }, t("profile.chart.y_axis")),
    segments,
    dots,
  );
}

function familyPanel(family, provisionalNote) {
  return h(
    "section",
    { class: "panel profile-rating", dataset: { family: family.family } },
    h(
      "div",
      { class: "panel-head" },
      h("h2", {}, t("profile.family_rating", { family: familyName(family) })),
      h("p", { class: "profile-rating-now" }, h("strong", {}, decimal(family.rating, 1)), family.provisional ? h("span", { class: "pill provisional-tag", title: provisionalNote }, t("profile.provisional")) : null),
    ),
    ratingChart(family),
    h("p", { class: "muted small" }, t("profile.rating_note", { count: family.games })),
  );
}

function statsTable(stats) {
  const row = (label, value) => h("tr", {}, h("th", { scope: "row" }, label), h("td", { class: "num" }, value));
  return h(
    "section",
    { class: "panel profile-stats", dataset: { preset: stats.preset } },
    h("h3", {}, presetTitle(stats.preset, stats.title)),
    h(
      "table",
      { class: "data-table stats-table" },
      h(
        "tbody",
        {},
        row(t("profile.stats.games"), num(stats.games)),
        row(t("profile.stats.average"), decimal(stats.average_score, 1)),
        row(t("profile.stats.upper_bonus"), percent(stats.upper_bonus_rate)),
        row(t("profile.stats.yahtzee"), percent(stats.yahtzee_rate)),
        row(t("profile.stats.best"), num(stats.best_score)),
        row(t("profile.stats.accuracy"), stats.accuracy === null ? t("profile.stats.not_analysed") : t("profile.stats.per_decision", { points: decimal(stats.accuracy, 2) })),
      ),
    ),
  );
}

function recentTable(recent) {
  return h(
    "table",
    { class: "data-table", id: "profile-recent" },
    h("thead", {}, h("tr", {}, h("th", {}, t("profile.recent.when")), h("th", {}, t("profile.recent.table")), h("th", { class: "num" }, t("profile.recent.place")), h("th", { class: "num" }, t("profile.recent.score")), h("th", {}, ""))),
    h(
      "tbody",
      {},
      recent.length
        ? recent.map((m) =>
            h(
              "tr",
              { dataset: { match: m.match_id } },
              h("td", { title: dateTimeText(m.finished_at) }, shortDateText(m.finished_at)),
              h("td", {}, tableName(m.name, m.title, presetTitle(m.preset)), m.rated ? h("span", { class: "pill rated-tag" }, t("profile.recent.rated")) : null, h("div", { class: "muted small" }, t("profile.recent.as", { name: m.played_as, count: m.players }))),
              h("td", { class: "num" }, m.place ? t("profile.recent.place_of", { place: m.place, players: m.players }) : "–"),
              h("td", { class: "num" }, h("strong", {}, num(m.total))),
              h("td", { class: "num" }, h("a", { href: `./?view=replay&match=${encodeURIComponent(m.match_id)}`, "data-link": true, class: "replay-link" }, t("profile.recent.replay"))),
            ),
          )
        : h("tr", {}, h("td", { colspan: "5", class: "empty" }, t("profile.recent.none"))),
    ),
  );
}

export class ProfileScreen {
  constructor(root, params) {
    this.root = root;
    fill(root, h("section", { class: "panel" }, h("p", { class: "muted" }, t("profile.loading"))));
    this.load(params.get("account") || "");
  }

  async load(accountId) {
    let profile;
    try {
      profile = await api.profile(accountId);
    } catch (error) {
      fill(this.root, h("section", { class: "panel" }, h("h1", {}, t("profile.title")), h("p", { class: "empty" }, error.message)));
      return;
    }
    const note = t("profile.provisional_note");
    const accuracy = profile.accuracy;
    fill(
      this.root,
      h(
        "div",
        { class: "page-grid profile" },
        h(
          "section",
          { class: "panel profile-head" },
          h("h1", { id: "profile-name" }, profile.name, h("span", { class: "pill" }, KINDS.includes(profile.kind) ? t(`profile.kind.${profile.kind}`) : profile.kind)),
          h(
            "p",
            { class: "profile-accuracy", id: "profile-accuracy" },
            accuracy.per_decision === null
              ? t("profile.accuracy.none")
              : tNodes("profile.accuracy", { points: h("strong", {}, decimal(accuracy.per_decision, 2)), count: accuracy.decisions }),
          ),
        ),
        profile.ratings.length
          ? profile.ratings.map((f) => familyPanel(f, note))
          : h("section", { class: "panel" }, h("h2", {}, t("profile.rating")), h("p", { class: "empty" }, t("profile.no_rated"))),
        h("section", { class: "profile-games", "aria-label": t("profile.games_label") }, profile.games.length ? profile.games.map(statsTable) : h("section", { class: "panel" }, h("p", { class: "empty" }, t("profile.no_games")))),
        h("section", { class: "panel", "aria-labelledby": "recent-head" }, h("h2", { id: "recent-head" }, t("profile.recent.title")), recentTable(profile.recent)),
      ),
    );
  }

  destroy() {}
}
