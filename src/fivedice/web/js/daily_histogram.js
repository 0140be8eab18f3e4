// The day's scores as an inline SVG histogram: one bar per bin, your bin drawn apart, the optimal
// score marked by a line. The geometry is pure (unit-tested); the drawing uses it.

import { s } from "./dom.js";
import { num, t } from "./i18n.js";

export const WIDTH = 600;
export const HEIGHT = 180;
const PAD = { left: 8, right: 8, top: 24, bottom: 28 };
const TICKS = 5;
const BAR_YOU = "bar you"; // i18n: not text (classes)

/** Where a score falls along the axis of the bins (x in the drawing): the bins hold whole
 * scores, both ends included, so a score sits in the middle of its own slot of its bin. */
function xOf(score, bins, inner) {
  const lo = bins[0].from;
  const hi = bins[bins.length - 1].to;
  const clamped = Math.min(hi, Math.max(lo, score));
  return PAD.left + ((clamped - lo + 0.5) / (hi + 1 - lo)) * inner;
}

/** The bars and marks of `histogram` ({bins: [{from, to, count}], you, optimal}: bins of one
 * width, `from` and `to` both included) in a WIDTH × HEIGHT drawing: bars as tall as their
 * share of the fullest bin. */
export function histogramGeometry(histogram, width = WIDTH, height = HEIGHT) {
  const bins = (histogram && histogram.bins) || [];
  if (!bins.length) return { bars: [], ticks: [], you: null, optimal: null, baseline: height - PAD.bottom };
  const inner = width - PAD.left - PAD.right;
  const tall = height - PAD.top - PAD.bottom;
  const max = Math.max(1, ...bins.map((b) => b.count));
  const slot = inner / bins.length;
  const you = typeof histogram.you === "number" ? histogram.you : null;
  const bars = bins.map((b, i) => {
    const h = (b.count / max) * tall;
    return {
      from: b.from,
      to: b.to,
      count: b.count,
      x: PAD.left + i * slot + 1,
      y: PAD.top + tall - h,
      width: Math.max(1, slot - 2),
      height: h,
      you: you !== null && you >= b.from && you <= b.to,
    };
  });
  const optimal = typeof histogram.optimal === "number" ? xOf(histogram.optimal, bins, inner) : null;
  return { bars, ticks: axisTicks(bins, slot), you, optimal, baseline: PAD.top + tall };
}

/** Up to TICKS labels along the axis, on the edges between bins spread evenly: the first and
 * last ends always, a few in between (few enough not to crowd a phone's width). */
export function axisTicks(bins, slot) {
  const n = bins.length;
  if (!n) return [];
  const count = Math.min(TICKS, n + 1);
  const edges = [...new Set(Array.from({ length: count }, (_, i) => Math.round((i * n) / (count - 1))))];
  return edges.map((j) => ({
    x: PAD.left + j * slot,
    value: j < n ? bins[j].from : bins[n - 1].to,
    anchor: j === 0 ? "start" : j === n ? "end" : "middle",
  }));
}

/** The histogram as an SVG figure, described for screen readers by `label`. */
export function histogramSvg(histogram, label) {
  const g = histogramGeometry(histogram);
  const svg = s("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "daily-histogram", role: "img", "aria-label": label });
  svg.append(s("line", { x1: 0, x2: WIDTH, y1: g.baseline, y2: g.baseline, class: "axis" }));
  for (const bar of g.bars) {
    svg.append(
      s("rect", { x: bar.x, y: bar.y, width: bar.width, height: Math.max(bar.count ? 1 : 0, bar.height), class: bar.you ? BAR_YOU : "bar", dataset: { from: String(bar.from), to: String(bar.to), count: String(bar.count) } },
        s("title", {}, t(bar.you ? "daily.histogram.bar_you" : "daily.histogram.bar", { from: bar.from, to: bar.to, count: bar.count }))),
    );
  }
  for (const tick of g.ticks) {
    svg.append(s("line", { x1: tick.x, x2: tick.x, y1: g.baseline, y2: g.baseline + 5, class: "axis" }));
    const side = tick.anchor === "end" ? " end" : tick.anchor === "middle" ? " mid" : "";
    svg.append(s("text", { x: tick.x, y: HEIGHT - 6, class: `tick${side}` }, num(tick.value)));
  }
  if (g.optimal !== null) {
    svg.append(s("line", { x1: g.optimal, x2: g.optimal, y1: 4, y2: g.baseline, class: "optimal-line" }));
    const end = g.optimal > WIDTH * 0.7;
    svg.append(s("text", { x: g.optimal + (end ? -6 : 6), y: 18, class: end ? "optimal-label end" : "optimal-label" }, t("daily.histogram.optimal", { score: histogram.optimal })));
  }
  return svg;
}
