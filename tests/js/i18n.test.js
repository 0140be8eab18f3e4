// The page's words: plural forms by CLDR, numbers the language's way, a missing key shown.
import assert from "node:assert/strict";
import { test } from "node:test";

import { speak } from "./catalogs.js";
import { boxLabel, negotiate, num, presetTitle, t, tNodes, useCatalogs } from "../../src/fivedice/web/js/i18n.js";

test("the browser's languages pick the first one spoken", () => {
  assert.equal(negotiate(["de-AT", "en"]), "de");
  assert.equal(negotiate(["pt"]), "pt-BR");
  assert.equal(negotiate(["ja", "sv-SE"]), "sv");
  assert.equal(negotiate(["ja"]), "en");
  assert.equal(negotiate([]), "en");
});

test("a counted text takes its language's plural form", () => {
  const counted = { n: { one: "{count} point", many: "{count} de points", other: "{count} points" } };
  useCatalogs("fr", counted, counted);
  assert.equal(t("n", { count: 0 }), "0 point");
  assert.equal(t("n", { count: 2 }), "2 points");
  assert.equal(t("n", { count: 1000000 }), "1\u202f000\u202f000 de points");
  useCatalogs("de", counted, counted);
  assert.equal(t("n", { count: 0 }), "0 points");
  speak();
});

test("numbers and values, and a key no catalog has shows itself", () => {
  speak("de");
  assert.equal(num(1234), "1.234");
  assert.equal(t("nav.play"), "Spielen");
  assert.equal(t("no.such.key"), "no.such.key");
  assert.equal(boxLabel("Yahtzee"), "Kniffel");
  assert.equal(boxLabel("Three of a kind (T)"), "Dreierpasch (T)");
  assert.equal(boxLabel("Nothing known"), "Nothing known");
  assert.equal(presetTitle("official"), "Kniffel (offizielle Regeln)");
  speak();
});

test("a value that is an element stands where its placeholder is", () => {
  useCatalogs("en", { hi: "Signed in as {name}, welcome" });
  const node = { nodeType: 1, name: "strong" };
  assert.deepEqual(tNodes("hi", { name: node }), ["Signed in as ", node, ", welcome"]);
  speak();
});
