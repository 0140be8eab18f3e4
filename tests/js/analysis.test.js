// A move of the analysis and the hint in words.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./catalogs.js";

import { actionText } from "../../src/fivedice/web/js/analysis.js";

const label = (name) => ({ full_house: "Full house", twos: "Twos" })[name] || name;

test("a scoring names the box and its points, with the bonus", () => {
  assert.equal(actionText({ kind: "score", category: "full_house", points: 25, bonus: 0 }, label), "score Full house (25)");
  assert.equal(actionText({ kind: "score", category: "twos", points: 10, bonus: 100 }, label), "score Twos (10 +100)");
  assert.equal(actionText({ kind: "score", category: "twos" }, label), "score Twos");
});

test("a hold names the dice kept, or rerolls all", () => {
  assert.equal(actionText({ kind: "hold", hold: [5, 5, 5] }, label), "hold 5 5 5");
  assert.equal(actionText({ kind: "hold", hold: [] }, label), "reroll all");
  assert.equal(actionText(null, label), "");
});
