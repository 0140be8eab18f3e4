// Names shown for the server's identifiers: computer levels and computer seat names.
import assert from "node:assert/strict";
import { test } from "node:test";

import { speak } from "./catalogs.js";

import { levelHint, levelLabel, seatName } from "../../src/fivedice/web/js/labels.js";
import { tableName } from "../../src/fivedice/web/js/table_names.js";

test("a known level has its own label and hint", () => {
  assert.equal(levelLabel("good-human"), "Good player");
  assert.match(levelHint("optimal"), /optimal/);
});

test("an unknown level is spelled out from its identifier", () => {
  assert.equal(levelLabel("very_hard-one"), "Very hard one");
  assert.equal(levelHint("very_hard-one"), "");
});

test("a computer seat the server named by its level reads in the viewer's language", () => {
  speak("de");
  try {
    assert.equal(seatName("Good player", "good-human"), "Guter Spieler");
    assert.equal(seatName("Good player 2", "good-human"), "Guter Spieler 2");
    assert.equal(seatName("Beginner", "beginner"), "Anfänger");
    // A name somebody gave, a person's seat, and a level's name on another level stay as given.
    assert.equal(seatName("Robo", "good-human"), "Robo");
    assert.equal(seatName("Good player", null), "Good player");
    assert.equal(seatName("Beginner", "good-human"), "Beginner");
    assert.equal(seatName("Good player two", "good-human"), "Good player two");
  } finally {
    speak();
  }
});

test("a table fivedice named reads in the viewer's language; a typed name stays", () => {
  speak("fr");
  try {
    assert.equal(tableName("Ann vs the computer (Good player)", { kind: "versus_computer", player: "Ann", level: "good-human" }), "Ann contre l’ordinateur (Bon joueur)");
    assert.equal(tableName("Pass and play", { kind: "pass_and_play" }), "Sur un même écran");
    assert.equal(tableName("Quick match", { kind: "quick_match" }), "Partie rapide");
    assert.equal(tableName("Guest 12's table", { kind: "table_of", player: "Guest 12" }), "Table de Invité 12");
    assert.equal(tableName("Friday dice", null), "Friday dice");
    assert.equal(tableName(null, null, "Table"), "Table");
    assert.equal(tableName("Old name", { kind: "some_later_kind" }), "Old name");
  } finally {
    speak();
  }
});
