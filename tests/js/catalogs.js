// The catalogs for the tests of the page's pure modules: English by default, as the page
// speaks before a choice (node has no fetch of ./locales, so they are read from the package).
import { readFileSync } from "node:fs";

import { useCatalogs } from "../../src/fivedice/web/js/i18n.js";

const read = (lang) => JSON.parse(readFileSync(new URL(`../../src/fivedice/i18n/catalogs/${lang}.json`, import.meta.url), "utf-8"));

/** Makes the page's modules speak `lang` (English unless named). */
export function speak(lang = "en") {
  useCatalogs(lang, read(lang), read("en"));
}

speak();
