// The analysis of a finished match, drawn as SVG: each card's expected final score turn by turn
// (optimal play from there on), the expected points each move gave away, and every decision.

import { decisionsTable } from "./decisions.js";
import { h, s } from "./dom.js";
import { t } from "./i18n.js";
import { decimal } from "./labels.js";

export const PALETTE = ["#2f9e62", "#d99a1b", "#5b7bd5", "#c4553f", "#8e5bd0", "#2aa3a3", "#b5487f", "#6b8e23"];

/** An action as words: "hold 5 5 5", "reroll all", "Full House (25)". */
export function actionText(action, labelOf) {
  if (!action) return "";
  if (action.kind === "score") {
    const box = labelOf(action.category);
    if (action.points === undefined) return t("analysis.action_score", { box });
    const key = action.bonus ? "analysis.action_score_bonus" : "analysis.action_score_points";
    return t(key, { box, points: action.points, bonus: action.bonus });
  }
  return action.hold && action.hold.length ? t("analysis.action_hold", { dice: action.hold.join(" ") }) : t("analysis.action_reroll");
}

function niceStep(range) {
  const raw = range / 5;
  const mag = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)));
  return [1, 2, 5, 10].map((m) => m * mag).find((st) => st >= raw) || 10 * mag;
}

/**
 * @param {object} analysis  the server's analysis (turns, decisions, expected_start, total_cost)
 * @param {(name: string) => string} labelOf  a box's label
 * @param {{matchId?: string, onOpen?: (decision: object) => void}} links  where a decision's row leads
 */
export function analysisView(analysis, labelOf, links = {}) {
  const players = [];
  for (const turn of analysis.turns) if (!players.some((p) => p.seat === turn.seat)) players.push({ seat: turn.seat, name: turn.player });
  const color = new Map(players.map((p, i) => [p.seat, PALETTE[i % PALETTE.length]]));
  const perRound = Math.max(1, ...analysis.turns.map((turn) => turn.turn));
  const rounds = Math.max(1, ...analysis.turns.map((turn) => turn.round + 1));
  const xMax = perRound * rounds;

  const wrap = h("div", { class: "analysis" });
  const legend = h(
    "div",
    { class: "legend" },
    players.map((p) =>
      h("span", {}, h("i", { style: { background: color.get(p.seat) } }), t("analysis.gave_away", { name: p.name, points: decimal(analysis.total_cost[p.name] || 0) })),
    ),
  );
  wrap.append(h("h3", {}, t("analysis.outlook_title")), legend, outlookChart(analysis, players, color, perRound, xMax, labelOf));
  wrap.append(h("h3", {}, t("analysis.cost_title")), costChart(analysis, players, color, perRound, xMax));
  wrap.append(decisionsTable(analysis, (action) => actionText(action, labelOf), { ...links, rounds }));
  return wrap;
}

const W = 640, H = 230, ML = 42, MR = 12, MT = 14, MB = 30;

function frame(yMin, yMax, xMax, label, yFormat = (v) => String(Math.round(v)), lastTurn = xMax) {
  const svg = s("svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label });
  const x = (v) => ML + (v / xMax) * (W - ML - MR);
  const y = (v) => MT + (1 - (v - yMin) / (yMax - yMin || 1)) * (H - MT - MB);
  const step = niceStep(yMax - yMin);
  for (let v = Math.ceil(yMin / step) * step; v <= yMax + 1e-9; v += step) {
    svg.append(s("line", { class: "grid", x1: ML, x2: W - MR, y1: y(v), y2: y(v) }));
    svg.append(s("text", { x: ML - 6, y: y(v) + 4, "text-anchor": "end" }, yFormat(v)));
  }
  const xStep = xMax > 26 ? 13 : xMax > 13 ? 2 : 1;
  for (let v = xStep; v <= lastTurn; v += xStep) {
    svg.append(s("text", { x: x(v), y: H - MB + 16, "text-anchor": "middle" }, String(v)));
  }
  svg.append(s("line", { class: "axis", x1: ML, x2: W - MR, y1: H - MB, y2: H - MB }));
  svg.append(s("text", { x: W - MR, y: H - 4, "text-anchor": "end" }, t("analysis.axis_turn")));
  return { svg, x, y };
}

function outlookChart(analysis, players, color, perRound, xMax, labelOf) {
  const values = [analysis.expected_start, ...analysis.turns.map((turn) => turn.expected_final)];
  const pad = Math.max(5, (Math.max(...values) - Math.min(...values)) * 0.08);
  const finals = players.map((p) => {
    const last = analysis.turns.filter((turn) => turn.seat === p.seat).at(-1);
    return `${p.name} ${last ? Math.round(last.expected_final) : "-"}`;
  });
  const { svg, x, y } = frame(
    Math.min(...values) - pad,
    Math.max(...values) + pad,
    xMax,
    t("analysis.outlook_label", { start: decimal(analysis.expected_start), finals: finals.join(", ") }),
  );
  for (const p of players) {
    const turns = analysis.turns.filter((turn) => turn.seat === p.seat);
    const byRound = new Map();
    for (const turn of turns) {
      if (!byRound.has(turn.round)) byRound.set(turn.round, [[turn.round * perRound, analysis.expected_start]]);
      byRound.get(turn.round).push([turn.round * perRound + turn.turn, turn.expected_final, turn]);
    }
    for (const points of byRound.values()) {
      const d = points.map(([px, py], i) => `${i ? "L" : "M"}${x(px).toFixed(1)},${y(py).toFixed(1)}`).join(" ");
      svg.append(s("path", { class: "series", d, stroke: color.get(p.seat), dataset: { seat: String(p.seat) } }));
      for (const [px, py, turn] of points.slice(1)) {
        svg.append(
          s("circle", { cx: x(px), cy: y(py), r: 3.2, fill: color.get(p.seat) }, s("title", {}, t("analysis.point_title", { name: p.name, turn: turn.turn, box: labelOf(turn.category), expected: decimal(py) }))),
        );
      }
    }
  }
  return svg;
}

function costChart(analysis, players, color, perRound, xMax) {
  const costs = new Map(); // "seat:x" -> cost; i18n: not text
  for (const d of analysis.decisions) {
    const key = `${d.seat}:${d.round * perRound + d.turn + 1}`;
    costs.set(key, (costs.get(key) || 0) + d.cost);
  }
  const top = Math.max(1, ...costs.values());
  const { svg, x, y } = frame(0, top * 1.1, xMax + 1, t("analysis.cost_label"), (v) => v.toFixed(top < 5 ? 1 : 0), xMax);
  const slot = (x(1) - x(0)) * 0.8;
  const barW = Math.max(2, slot / Math.max(1, players.length));
  players.forEach((p, i) => {
    for (let turn = 1; turn <= xMax; turn += 1) {
      const cost = costs.get(`${p.seat}:${turn}`) || 0;
      if (cost <= 0.005) continue;
      const left = x(turn) - slot / 2 + i * barW;
      svg.append(
        s(
          "rect",
          { class: "bar", x: left, y: y(cost), width: barW - 1, height: Math.max(1, y(0) - y(cost)), fill: color.get(p.seat), rx: 2 },
          s("title", {}, t("analysis.bar_title", { name: p.name, turn, points: decimal(cost, 2) })),
        ),
      );
    }
  });
  return svg;
}
