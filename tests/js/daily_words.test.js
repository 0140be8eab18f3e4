// The daily challenge's words: days, the rule set of the day, marks, percentile, time left.

import assert from "node:assert/strict";
import { test } from "node:test";

import { speak } from "./catalogs.js";
import { actionWords, costText, dayOptimalText, dayText, decisionsWords, emptyBoardText, isDay, markOf, notBegunText, percentileText, playersText, rollsText, rulesText, streakText, timeLeftText, whenOverText } from "../../src/fivedice/web/js/daily_words.js";

test("a day is YYYY-MM-DD and a real date", () => {
  assert.equal(isDay("2026-11-25"), true);
  assert.equal(isDay("2024-02-29"), true);
  assert.equal(isDay("2026-02-29"), false);
  assert.equal(isDay("2026-13-01"), false);
  assert.equal(isDay("26-11-25"), false);
  assert.equal(isDay("2026-11-25x"), false);
  assert.equal(isDay(null), false);
});

test("a day reads the same in every time zone", () => {
  assert.equal(dayText("2026-11-29"), "Sunday 29 November 2026");
  assert.equal(dayText("2026-11-25", { short: true }), "Wed 25 Nov");
  assert.equal(dayText("not a day"), "not a day");
});

test("a variant day names its weekday; an everyday one does not", () => {
  assert.equal(rulesText("2026-11-29", "Yatzy (Scandinavian)", true), "Sunday: Yatzy (Scandinavian)");
  assert.equal(rulesText("2026-11-25", "Yahtzee (official rules)", false), "Yahtzee (official rules)");
});

test("each mark has a symbol and a word; an unknown one says what it is", () => {
  assert.deepEqual(markOf("perfect"), { symbol: "✓", word: "perfect" });
  assert.equal(markOf("close").word, "close");
  assert.equal(markOf("costly").symbol, "✗");
  assert.equal(markOf("odd").word, "odd");
});

test("the time left to the next day", () => {
  const now = Date.parse("2026-11-25T18:48:00Z");
  assert.equal(timeLeftText("2026-11-26T00:00:00Z", now), "5 h 12 min");
  assert.equal(timeLeftText("2026-11-25T19:00:00Z", now), "12 min");
  assert.equal(timeLeftText("2026-11-25T18:48:30Z", now), "under a minute");
  assert.equal(timeLeftText("garbage", now), "under a minute");
});

test("counts, percentile, streak, cost and rolls", () => {
  assert.equal(playersText(1), "1 player");
  assert.equal(playersText(412), "412 players");
  assert.equal(percentileText(72.6, 412), "as good as or better than 73% of 412 players");
  assert.equal(percentileText(100, 1), "the only player so far");
  assert.equal(streakText(0), "no streak yet");
  assert.equal(streakText(1), "1 day in a row");
  assert.equal(streakText(4), "4 days in a row");
  assert.equal(costText(0), "0");
  assert.equal(costText(0.04), "0");
  assert.equal(costText(1.26), "−1.3");
  assert.equal(rollsText([[3, 3, 5, 6, 1], [3, 3, 6, 6, 6]]), "3 3 5 6 1 → 3 3 6 6 6");
  assert.equal(rollsText(undefined), "");
});

test("a day with no games says so, and never prints null for its optimal score", () => {
  assert.equal(emptyBoardText(true), "Nobody played this day.");
  assert.equal(emptyBoardText(false), "Nobody has finished today's game yet.");
  assert.equal(dayOptimalText(null), null);
  assert.equal(dayOptimalText(undefined), null);
  assert.equal(dayOptimalText(254), "254");
  assert.equal(dayOptimalText(0), "0");
});

test("a day to come says when it begins", () => {
  assert.equal(notBegunText("2026-11-26"), "This day's challenge has not begun yet: it begins on Thursday 26 November 2026 at midnight UTC.");
});

test("the end of today: midnight UTC, with the time left when known", () => {
  const now = Date.parse("2026-11-25T21:00:00Z");
  assert.equal(whenOverText("2026-11-26T00:00:00Z", now), "at midnight UTC (in 3 h 0 min)");
  assert.equal(whenOverText(null, now), "at midnight UTC");
  assert.equal(whenOverText("garbage", now), "at midnight UTC");
});

test("a turn's choices in words, with the best one where it was another", () => {
  const hold = (dice) => ({ kind: "hold", hold: dice });
  const label = (name) => ({ yahtzee: "Yahtzee", chance: "Chance" })[name] || name;
  assert.equal(actionWords(hold([4, 4, 4])), "kept 4 4 4");
  assert.equal(actionWords(hold([])), "rerolled all");
  assert.equal(actionWords({ kind: "score", category: "chance" }, label), "scored Chance");
  const decisions = [
    { taken: hold([4, 4, 4]), best: hold([4, 4, 4, 4]), cost: 1.2 },
    { taken: hold([4, 4, 4, 4]), best: hold([4, 4, 4, 4]), cost: 0 },
    { taken: { kind: "score", category: "chance" }, best: { kind: "score", category: "yahtzee" }, cost: 20 },
  ];
  assert.deepEqual(decisionsWords(decisions, label), ["kept 4 4 4 (best: kept 4 4 4 4)", "kept 4 4 4 4", "scored Chance (best: scored Yahtzee)"]);
  assert.deepEqual(decisionsWords(undefined), []);
});

test("in German: the day by Intl, counts by plural rules, numbers the German way", () => {
  speak("de");
  try {
    assert.equal(dayText("2026-11-29"), "Sonntag, 29. November 2026");
    assert.equal(rulesText("2026-11-29", "Yatzy", true), "Sonntag: Yatzy");
    assert.equal(playersText(1), "1 Spieler");
    assert.equal(playersText(1234), "1.234 Spieler");
    assert.equal(streakText(4), "4 Tage in Folge");
    assert.equal(costText(1.26), "−1,3");
    assert.equal(markOf("close").word, "knapp");
    assert.equal(percentileText(72.6, 412), "so gut wie oder besser als 73\u00a0% von 412 Spielern");
    assert.deepEqual(decisionsWords([{ taken: { kind: "hold", hold: [] }, best: { kind: "hold", hold: [6, 6] } }]), ["alle neu gewürfelt (besser: 6 6 halten)"]);
  } finally {
    speak();
  }
});
