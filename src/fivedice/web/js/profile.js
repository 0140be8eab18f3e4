// A player's profile: each family's rating with its history drawn as an inline SVG chart, the
// games per rule set (average, upper-bonus and Yahtzee rates, best, accuracy), and the recent
// matches, each linking to its replay. Everything comes from GET /api/accounts/{id}/profile.

import { api } from "./api.js";
import { fill, h, s } from "./dom.js";
import { dateText } from "./labels.js";

const shortDate = (iso) => new Date(iso).toLocaleDateString(undefined, { month: "short", day: "numeric" });
const percent = (share) => `${Math.round(share * 100)}%`;
const KIND = { guest: "guest", person: "player", deleted: "deleted" };

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
    s("g", { class: "chart-tick" }, s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }), s("text", { x: PAD.left - 8, y: y(v) + 4, "text-anchor": "end" }, String(v))),
  );
  const every = Math.max(1, Math.ceil(points.length / (narrow ? 5 : 10)));
  const xLabels = points.map((p, i) => (i % every === 0 || i === points.length - 1 ? s("text", { x: x(i), y: H - PAD.bottom + 16, "text-anchor": "middle" }, String(p.games)) : null));
  const segments = points.slice(1).map((p, i) =>
    s("line", { class: p.provisional ? "chart-line provisional" : "chart-line", x1: x(i), y1: y(points[i].rating), x2: x(i + 1), y2: y(p.rating) }),
  );
  const dots = points.map((p, i) =>
    s("circle", { class: p.provisional ? "chart-dot provisional" : "chart-dot", cx: x(i), cy: y(p.rating), r: 4 }, s("title", {}, `${p.rating.toFixed(1)} after rated match ${p.games}${p.provisional ? " (provisional)" : ""}, ${dateText(p.finished_at)}`)),
  );
  return s(
    "svg",
    { class: "rating-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `${family.label} rating over ${points.length} rated ${points.length === 1 ? "match" : "matches"}, now ${family.rating.toFixed(1)}` },
    grid,
    s("line", { class: "chart-axis", x1: PAD.left, x2: W - PAD.right, y1: PAD.top + plotH, y2: PAD.top + plotH }),
    xLabels,
    s("text", { class: "chart-label", x: PAD.left + plotW / 2, y: H - 6, "text-anchor": "middle" }, "Rated matches played"),
    s("text", { class: "chart-label", x: 12, y: PAD.top + plotH / 2, "text-anchor": "middle", transform: `rotate(-90 12 ${PAD.top + plotH / 2})` }, "Rating"),
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
      h("h2", {}, `${family.label} rating`),
      h("p", { class: "profile-rating-now" }, h("strong", {}, family.rating.toFixed(1)), family.provisional ? h("span", { class: "pill provisional-tag", title: provisionalNote }, "provisional") : null),
    ),
    ratingChart(family),
    h("p", { class: "muted small" }, `${family.games} rated ${family.games === 1 ? "match" : "matches"}. Hollow points on a dashed line: still provisional. Shown: a cautious estimate (mu − 3σ).`),
  );
}

function statsTable(stats) {
  const row = (label, value) => h("tr", {}, h("th", { scope: "row" }, label), h("td", { class: "num" }, value));
  return h(
    "section",
    { class: "panel profile-stats", dataset: { preset: stats.preset } },
    h("h3", {}, stats.title),
    h(
      "table",
      { class: "data-table stats-table" },
      h(
        "tbody",
        {},
        row("Games played", String(stats.games)),
        row("Average score", stats.average_score.toFixed(1)),
        row("Upper bonus", percent(stats.upper_bonus_rate)),
        row("Yahtzee scored", percent(stats.yahtzee_rate)),
        row("Best game", String(stats.best_score)),
        row("Accuracy", stats.accuracy === null ? "not analysed yet" : `${stats.accuracy.toFixed(2)} pts / decision`),
      ),
    ),
  );
}

function recentTable(recent) {
  return h(
    "table",
    { class: "data-table", id: "profile-recent" },
    h("thead", {}, h("tr", {}, h("th", {}, "When"), h("th", {}, "Table"), h("th", { class: "num" }, "Place"), h("th", { class: "num" }, "Score"), h("th", {}, ""))),
    h(
      "tbody",
      {},
      recent.length
        ? recent.map((m) =>
            h(
              "tr",
              { dataset: { match: m.match_id } },
              h("td", { title: dateText(m.finished_at) }, shortDate(m.finished_at)),
              h("td", {}, m.name || m.preset, m.rated ? h("span", { class: "pill rated-tag" }, "rated") : null, h("div", { class: "muted small" }, `as ${m.played_as} · ${m.players} ${m.players === 1 ? "player" : "players"}`)),
              h("td", { class: "num" }, m.place ? `${m.place} of ${m.players}` : "–"),
              h("td", { class: "num" }, h("strong", {}, String(m.total))),
              h("td", { class: "num" }, h("a", { href: `./?view=replay&match=${encodeURIComponent(m.match_id)}`, "data-link": true, class: "replay-link" }, "Replay")),
            ),
          )
        : h("tr", {}, h("td", { colspan: "5", class: "empty" }, "No finished matches yet.")),
    ),
  );
}

export class ProfileScreen {
  constructor(root, params) {
    this.root = root;
    fill(root, h("section", { class: "panel" }, h("p", { class: "muted" }, "Loading the profile…")));
    this.load(params.get("account") || "");
  }

  async load(accountId) {
    let profile;
    try {
      profile = await api.profile(accountId);
    } catch (error) {
      fill(this.root, h("section", { class: "panel" }, h("h1", {}, "Profile"), h("p", { class: "empty" }, error.message)));
      return;
    }
    const note = "Fewer than five rated matches in this family";
    const accuracy = profile.accuracy;
    fill(
      this.root,
      h(
        "div",
        { class: "page-grid profile" },
        h(
          "section",
          { class: "panel profile-head" },
          h("h1", { id: "profile-name" }, profile.name, h("span", { class: "pill" }, KIND[profile.kind] || profile.kind)),
          h(
            "p",
            { class: "profile-accuracy", id: "profile-accuracy" },
            accuracy.per_decision === null
              ? "Accuracy: no decisions analysed yet."
              : [h("strong", {}, accuracy.per_decision.toFixed(2)), ` expected points given away per decision against the optimal player (over ${accuracy.decisions} decisions; 0 is perfect).`],
          ),
        ),
        profile.ratings.length
          ? profile.ratings.map((f) => familyPanel(f, note))
          : h("section", { class: "panel" }, h("h2", {}, "Rating"), h("p", { class: "empty" }, "No rated matches yet.")),
        h("section", { class: "profile-games", "aria-label": "Games per rule set" }, profile.games.length ? profile.games.map(statsTable) : h("section", { class: "panel" }, h("p", { class: "empty" }, "No games played to the end yet."))),
        h("section", { class: "panel", "aria-labelledby": "recent-head" }, h("h2", { id: "recent-head" }, "Recent matches"), recentTable(profile.recent)),
      ),
    );
  }

  destroy() {}
}
