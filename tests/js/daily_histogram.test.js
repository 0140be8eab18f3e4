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

// Bins as the server makes them: `count` bins of `width` from `from` (a multiple of the width).
const binsOf = (from, width, count) =>
  Array.from({ length: count }, (_, i) => ({ from: from + i * width, to: from + (i + 1) * width - 1, count: 1 }));
const tickValues = (bins) => histogramGeometry({ bins }).ticks.map((t) => t.value);

test("the axis's labels are round numbers one step apart, at most five, at least two", () => {
  // The day that read 155, 160, 170, 175, 179: bins of five from 155 to 179.
  assert.deepEqual(tickValues(binsOf(155, 5, 5)), [160, 170, 180]);
  assert.deepEqual(tickValues(binsOf(100, 50, 4)), [100, 150, 200, 250, 300]);
  assert.deepEqual(tickValues(binsOf(0, 10, 20)), [0, 50, 100, 150, 200]);
  assert.deepEqual(tickValues(binsOf(200, 50, 1)), [200, 250]);
  assert.deepEqual(tickValues(binsOf(155, 5, 1)), [155, 160]);
  assert.deepEqual(tickValues(binsOf(1500, 100, 3)), [1500, 1600, 1700, 1800]);
  // Every width and start the server may choose: the rule holds for each.
  for (const width of [5, 10, 20, 25, 50, 100]) {
    for (let count = 1; count <= 20; count += 1) {
      for (const from of [0, 5 * width, 37 * width]) {
        const values = tickValues(binsOf(from, width, count));
        const where = `${count} bins of ${width} from ${from}: ${values}`;
        assert.ok(values.length >= 2 && values.length <= 5, where);
        const step = values[1] - values[0];
        assert.ok([1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500].includes(step), where);
        values.forEach((v, i) => assert.equal(v, values[0] + i * step, where));
        assert.equal(values[0] % step, 0, where);
        assert.ok(values[0] >= from && values[values.length - 1] <= from + count * width, where);
      }
    }
  }
});

test("the labels sit where their scores begin, left to right, reading inwards at the ends", () => {
  const g = histogramGeometry({ bins: binsOf(155, 5, 5) });
  const left = g.bars[0].x - 1;
  const right = g.bars[4].x + g.bars[4].width + 1;
  for (const tick of g.ticks) assert.ok(Math.abs(tick.x - (left + ((tick.value - 155) / 25) * (right - left))) < 1e-9);
  assert.deepEqual(
    g.ticks.map((t) => t.anchor),
    ["middle", "middle", "end"],
  );
  const full = histogramGeometry(histogram).ticks;
  assert.deepEqual(
    full.map((t) => t.anchor),
    ["start", "middle", "middle", "middle", "end"],
  );
  for (let i = 1; i < full.length; i += 1) assert.ok(full[i].x > full[i - 1].x);
  assert.ok(full[full.length - 1].x <= WIDTH);
});
