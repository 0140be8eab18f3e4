// The game's words in another language: counted texts, box names from the rules' labels,
// lists of names and decimals the language's way.
import assert from "node:assert/strict";
import { test } from "node:test";

import { speak } from "./catalogs.js";

import { actionText } from "../../src/fivedice/web/js/analysis.js";
import { decimal, levelLabel, namesList } from "../../src/fivedice/web/js/labels.js";
import { TableModel, eventText, rollsText } from "../../src/fivedice/web/js/table_model.js";

const name = (seat) => ["Ann", "Bob"][seat];

test("German counts rolls, names its boxes and writes its decimals", () => {
  speak("de");
  try {
    assert.equal(rollsText(1), "1 Wurf");
    assert.equal(rollsText(2), "2 Würfe");
    assert.equal(levelLabel("beginner"), "Anfänger");
    assert.equal(decimal(234.5), "234,5");
    assert.equal(namesList(["Ann", "Bob", "Cid"]), "Ann, Bob und Cid");
    const m = new TableModel({ mode: "online", seats: { 0: { token: "t", name: "Ann" } }, primary: 0 });
    m.welcome = { seat: 0, categories: [{ name: "yahtzee", label: "Yahtzee", section: "lower" }] };
    const scored = { type: "scored", seat: 1, category: "yahtzee", points: 50, bonus: 0, scratch: false };
    assert.equal(eventText(scored, name, (c) => m.label(c)), "Bob trägt 50 bei Kniffel ein");
    assert.equal(eventText({ type: "rolled", seat: 0, dice: [6, 6, 6, 2, 1] }, name, String), "Ann würfelt 6 6 6 2 1");
  } finally {
    speak();
  }
});

test("Portuguese says a move of the analysis in its own words", () => {
  speak("pt-BR");
  try {
    assert.equal(actionText({ kind: "hold", hold: [5, 5] }, String), "segurar 5 5");
    assert.equal(actionText({ kind: "score", category: "chance", points: 22, bonus: 0 }, () => "Chance"), "marcar Chance (22)");
    assert.equal(rollsText(1), "1 lançamento");
    assert.equal(rollsText(3), "3 lançamentos");
  } finally {
    speak();
  }
});
