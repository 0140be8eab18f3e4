// Every name the page's modules import from one another is exported there: a browser refuses
// the whole page for one missing export, and ESLint alone does not see across files.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

const DIR = new URL("../../src/fivedice/web/js/", import.meta.url);
const modules = readdirSync(DIR).filter((name) => name.endsWith(".js"));
const source = (name) => readFileSync(new URL(name, DIR), "utf8");

function exported(text) {
  const names = new Set();
  for (const m of text.matchAll(/^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/gm)) names.add(m[1]);
  for (const m of text.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of m[1].split(",")) {
      const name = part.trim().split(/\s+as\s+/).pop();
      if (name) names.add(name);
    }
  }
  return names;
}

test("every imported name is exported by the module it comes from", () => {
  const exports = new Map(modules.map((name) => [name, exported(source(name))]));
  const missing = [];
  for (const name of modules) {
    for (const m of source(name).matchAll(/^import\s*\{([^}]*)\}\s*from\s*"\.\/([\w.]+)"/gm)) {
      const from = exports.get(m[2]);
      assert.ok(from, `${name} imports from ${m[2]}, which is not there`);
      for (const part of m[1].split(",")) {
        const wanted = part.trim().split(/\s+as\s+/)[0];
        if (wanted && !from.has(wanted)) missing.push(`${name}: ${wanted} from ${m[2]}`);
      }
    }
  }
  assert.deepEqual(missing, []);
});
