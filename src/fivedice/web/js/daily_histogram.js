// The day's scores as an inline SVG histogram: one bar per bin, your bin drawn apart, the optimal
// score marked by a line. The geometry is pure (unit-tested); the drawing uses it.

import { s } from "./dom.js";
import { num, t } from "./i18n.js";

export const WIDTH = 600;
export const HEIGHT = 180;
const PAD = { left: 8, right: 8, top: 24, bottom: 28 };
const TICKS = 5;
const EDGE_ROOM = 24; // half a four-digit label: nearer an end than this, a label reads inwards
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

/** Round steps for the axis's labels: 1, 2, 2.5 and 5 times a power of ten (whole numbers). */
function* roundSteps() {
  for (let power = 1; ; power *= 10) {
    for (const m of [1, 2, 2.5, 5]) if (Number.isInteger(m * power)) yield m * power;
  }
}

/** The labels along the axis: round numbers one round step apart (10, 20, 50, 100, 250, …), at
 * most TICKS and at least two, each where its score begins along the bins. The step falls on
 * the bins' edges when it can (a multiple of their width). */
export function axisTicks(bins, slot) {
  const n = bins.length;
  if (!n) return [];
  const lo = bins[0].from;
  const end = bins[n - 1].to + 1; // the axis runs from the first score to just past the last
  const width = bins[0].to + 1 - bins[0].from;
  const valuesOf = (step) => {
    const out = [];
    for (let v = Math.ceil(lo / step) * step; v <= end; v += step) out.push(v);
    return out;
  };
  const fits = (values) => values.length >= 2 && values.length <= TICKS;
  const pick = (onEdges) => {
    for (const step of roundSteps()) {
      if (step > end - lo) return null;
      if (onEdges && step % width) continue;
      const values = valuesOf(step);
      if (fits(values)) return values;
    }
    return null;
  };
  const values = pick(true) || pick(false) || [lo, end];
  const inner = slot * n;
  return values.map((value) => {
    const x = PAD.left + ((value - lo) / (end - lo)) * inner;
    // A label near an end reads inwards, so it stays inside the drawing.
    const anchor = x - PAD.left < EDGE_ROOM ? "start" : PAD.left + inner - x < EDGE_ROOM ? "end" : "middle";
    return { x, value, anchor };
  });
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
