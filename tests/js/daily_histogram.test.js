// The daily histogram's geometry: bar heights as shares of the fullest bin, your bin, the
// optimal score's place along the axis.

import assert from "node:assert/strict";
import { test } from "node:test";

import { HEIGHT, WIDTH, histogramGeometry } from "../../src/fivedice/web/js/daily_histogram.js";

const histogram = {
  bins: [
    { from: 100, to: 150, count: 2 },
    { from: 150, to: 200, count: 8 },
    { from: 200, to: 250, count: 4 },
    { from: 250, to: 300, count: 0 },
  ],
  you: 210,
  optimal: 275,
};

test("the fullest bin is the tallest; the others in proportion; an empty one flat", () => {
  const g = histogramGeometry(histogram);
  const heights = g.bars.map((b) => b.height);
  const tall = heights[1];
  assert.ok(tall > 0);
  assert.equal(heights[0], tall / 4);
  assert.equal(heights[2], tall / 2);
  assert.equal(heights[3], 0);
  for (const bar of g.bars) {
    assert.equal(bar.y + bar.height, g.baseline);
    assert.ok(bar.x >= 0 && bar.x + bar.width <= WIDTH);
  }
  assert.ok(g.baseline < HEIGHT);
});

test("your bar is the bin holding your score; the top score falls in the last bin", () => {
  assert.deepEqual(histogramGeometry(histogram).bars.map((b) => b.you), [false, false, true, false]);
  const top = histogramGeometry({ ...histogram, you: 300 });
  assert.deepEqual(top.bars.map((b) => b.you), [false, false, false, true]);
  const edge = histogramGeometry({ ...histogram, you: 150 });
  assert.deepEqual(edge.bars.map((b) => b.you), [false, true, false, false]);
});

test("the optimal score's line sits in proportion along the bins, clamped to them", () => {
  const g = histogramGeometry(histogram);
  const left = g.bars[0].x - 1;
  const right = g.bars[3].x + g.bars[3].width + 1;
  assert.ok(Math.abs(g.optimal - (left + ((275 - 100) / 200) * (right - left))) < 1e-9);
  assert.equal(histogramGeometry({ ...histogram, optimal: 999 }).optimal, right);
  assert.equal(histogramGeometry({ ...histogram, optimal: null }).optimal, null);
});

test("no bins, no bars", () => {
  const g = histogramGeometry({ bins: [], you: null, optimal: null });
  assert.deepEqual(g.bars, []);
  assert.equal(g.optimal, null);
});
