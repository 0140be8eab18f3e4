// How to play, and the rules of each rule set: every box and what it scores, the bonuses, the
// joker and undo, and where the rule set comes from. Every rule in words comes from the server
// (GET /api/rules/{preset}); this page only lays it out.

import { api } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { navigate } from "./router.js";

const DEFAULT = "official";

// The page's own controls: how to do at this screen what the rules say.
const CONTROLS = [
  ["Roll", "the Roll button, or R or Space"],
  ["Hold a die", "click it, or press 1 to 5 (click again to release it)"],
  ["Score", "click a highlighted box on your card, or move with the arrow keys and press Enter"],
  ["Take a scoring back", "Undo, or U, where the table allows it"],
  ["A hint", "H, where the table's hints are on"],
];

/** The address of a rule set's rules page. */
export function rulesHref(preset) {
  return `./?view=rules&preset=${encodeURIComponent(preset || DEFAULT)}`;
}

/** A link to the rules of the rule set a select shows, kept in step with the select. */
export function rulesLink(select, text = "Rules of this set") {
  const link = h("a", { href: rulesHref(select.value), "data-link": true, class: "small rules-link" }, text);
  const follow = () => link.setAttribute("href", rulesHref(select.value));
  select.addEventListener("change", follow);
  // The select is filled after the presets load: follow its value then too.
  new MutationObserver(follow).observe(select, { childList: true });
  return link;
}

export class RulesScreen {
  constructor(root, params) {
    this.root = root;
    this.presetSelect = h("select", { id: "rules-preset", "aria-label": "Rule set" });
    this.presetSelect.addEventListener("change", () => navigate(rulesHref(this.presetSelect.value)));
    this.title = h("h2", { id: "rules-title" }, "Rules");
    this.origin = h("p", { class: "rules-origin", id: "rules-origin" });
    this.howTo = h("ol", { class: "rules-steps", id: "rules-how-to" });
    this.upperBody = h("tbody", { dataset: { section: "upper" } });
    this.lowerBody = h("tbody", { dataset: { section: "lower" } });
    this.extras = h("dl", { class: "rules-extras", id: "rules-extras" });
    const head = () => h("tr", {}, h("th", {}, "Box"), h("th", {}, "The dice must show"), h("th", {}, "It scores"), h("th", { class: "num" }, "Most"));
    fill(
      root,
      h(
        "div",
        { class: "page-grid rules-page" },
        h(
          "section",
          { class: "panel", "aria-labelledby": "how-to-play" },
          h("div", { class: "panel-head" }, h("h1", { id: "how-to-play" }, "How to play"), h("label", { class: "field" }, "Rule set", this.presetSelect)),
          this.howTo,
          h("h3", {}, "At this screen"),
          h("dl", { class: "rules-extras rules-controls" }, CONTROLS.map(([what, how]) => [h("dt", {}, what), h("dd", {}, how)])),
        ),
        h(
          "section",
          { class: "panel", "aria-labelledby": "rules-title" },
          this.title,
          this.origin,
          h(
            "div",
            { class: "rules-card-wrap" },
            h("table", { class: "data-table rules-card", id: "rules-card" }, h("caption", { class: "visually-hidden" }, "The boxes of the card"), h("thead", {}, head()), this.upperBody, this.lowerBody),
          ),
          this.extras,
        ),
      ),
    );
    this.load(params.get("preset") || DEFAULT);
  }

  async load(preset) {
    const [presets, page] = await Promise.allSettled([api.presets(), api.rules(preset)]);
    if (!this.root.contains(this.presetSelect)) return; // the page moved on meanwhile
    if (presets.status === "fulfilled") {
      const known = presets.value.some((p) => p.name === preset);
      const choices = presets.value.map((p) => h("option", { value: p.name }, p.title));
      fill(this.presetSelect, known ? null : h("option", { value: "", disabled: true }, "Choose a rule set"), choices);
      this.presetSelect.value = known ? preset : "";
    }
    if (page.status === "rejected") {
      toast(page.reason.message, "error");
      fill(this.origin, "There are no such rules: choose a rule set above.");
      return;
    }
    this.show(page.value);
  }

  show(page) {
    document.title = `fivedice · rules · ${page.title}`;
    fill(this.title, page.title);
    fill(this.origin, h("strong", {}, "Where these rules come from: "), page.origin);
    fill(this.howTo, page.how_to_play.map((line) => h("li", {}, line)));
    const row = (box) => h("tr", { dataset: { box: box.name } }, h("th", { scope: "row" }, box.label), h("td", {}, box.needs), h("td", {}, box.scores), h("td", { class: "num" }, String(box.max)));
    const sectionRow = (text) => h("tr", { class: "rules-section" }, h("th", { colspan: "4", scope: "rowgroup" }, text));
    fill(this.upperBody, sectionRow("Upper section"), page.boxes.filter((b) => b.section === "upper").map(row));
    fill(this.lowerBody, sectionRow("Lower section"), page.boxes.filter((b) => b.section === "lower").map(row));
    const extra = (term, text, id) => [h("dt", {}, term), h("dd", { id }, text)];
    fill(
      this.extras,
      extra("Rolls a turn", `Up to ${page.rolls}, with ${page.dice} dice`, "rules-rolls"),
      extra("Upper bonus", page.upper_bonus.text, "rules-upper-bonus"),
      extra("A second five of a kind", page.extra_bonus.text, "rules-extra-bonus"),
      extra("Joker", page.joker, "rules-joker"),
      extra("Undo", page.undo, "rules-undo"),
    );
  }
}
