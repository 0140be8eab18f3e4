// The daily histogram's geometry: bar heights as shares of the fullest bin, your bin, the
// optimal score's place along the axis.

import assert from "node:assert/strict";
import { test } from "node:test";

import { HEIGHT, WIDTH, histogramGeometry } from "../../src/fivedice/web/js/daily_histogram.js";

// As the server bins the day: one width, both ends included.
const histogram = {
  bins: [
    { from: 100, to: 149, count: 2 },
    { from: 150, to: 199, count: 8 },
    { from: 200, to: 249, count: 4 },
    { from: 250, to: 299, count: 0 },
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

test("your bar is the bin holding your score, both its ends included", () => {
  const yours = (you) => histogramGeometry({ ...histogram, you }).bars.map((b) => b.you);
  assert.deepEqual(yours(210), [false, false, true, false]);
  assert.deepEqual(yours(299), [false, false, false, true]);
  assert.deepEqual(yours(149), [true, false, false, false]);
  assert.deepEqual(yours(150), [false, true, false, false]);
  assert.deepEqual(yours(null), [false, false, false, false]);
});

test("the optimal score's line falls inside its own bin's bar, clamped to the bins", () => {
  const inBar = (score, index) => {
    const g = histogramGeometry({ ...histogram, optimal: score });
    const bar = g.bars[index];
    return g.optimal > bar.x - 1 && g.optimal < bar.x + bar.width + 1;
  };
  assert.ok(inBar(275, 3));
  assert.ok(inBar(249, 2));
  assert.ok(inBar(250, 3));
  assert.ok(inBar(100, 0));
  assert.ok(inBar(999, 3));
  assert.ok(inBar(0, 0));
  const g = histogramGeometry(histogram);
  const left = g.bars[0].x - 1;
  const right = g.bars[3].x + g.bars[3].width + 1;
  assert.ok(Math.abs(g.optimal - (left + ((275.5 - 100) / 200) * (right - left))) < 1e-9);
  assert.equal(histogramGeometry({ ...histogram, optimal: null }).optimal, null);
});

test("no bins, no bars", () => {
  const g = histogramGeometry({ bins: [], you: null, optimal: null });
  assert.deepEqual(g.bars, []);
  assert.equal(g.optimal, null);
});

test("the axis has its two ends and a few labels between, left to right, never more than five", () => {
  const ticks = histogramGeometry(histogram).ticks;
  assert.deepEqual(
    ticks.map((t) => t.value),
    [100, 150, 200, 250, 299],
  );
  assert.deepEqual(
    ticks.map((t) => t.anchor),
    ["start", "middle", "middle", "middle", "end"],
  );
  for (let i = 1; i < ticks.length; i += 1) assert.ok(ticks[i].x > ticks[i - 1].x);
  assert.ok(ticks[ticks.length - 1].x <= WIDTH);
  const twenty = { bins: Array.from({ length: 20 }, (_, i) => ({ from: i * 10, to: i * 10 + 9, count: 1 })) };
  const many = histogramGeometry(twenty).ticks;
  assert.equal(many.length, 5);
  assert.deepEqual(
    many.map((t) => t.value),
    [0, 50, 100, 150, 199],
  );
  const one = histogramGeometry({ bins: [{ from: 200, to: 249, count: 3 }] }).ticks;
  assert.deepEqual(
    one.map((t) => t.value),
    [200, 249],
  );
});
