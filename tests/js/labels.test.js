// Names shown for the server's identifiers: computer levels and computer seat names.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./catalogs.js";

import { botName, levelHint, levelLabel } from "../../src/fivedice/web/js/labels.js";

test("a known level has its own label and hint", () => {
  assert.equal(levelLabel("good-human"), "Good player");
  assert.match(levelHint("optimal"), /optimal/);
});

test("an unknown level is spelled out from its identifier", () => {
  assert.equal(levelLabel("very_hard-one"), "Very hard one");
  assert.equal(levelHint("very_hard-one"), "");
});

test("a second computer of one level is numbered", () => {
  assert.equal(botName("beginner", ["Ann"]), "Beginner");
  assert.equal(botName("beginner", ["Ann", "Beginner"]), "Beginner 2");
  assert.equal(botName("beginner", ["Beginner", "Beginner 2"]), "Beginner 3");
});
