// How to play, and the rules of each rule set: every box and what it scores, the bonuses, the
// joker and undo, and where the rule set comes from. Every rule in words comes from the server
// (GET /api/rules/{preset}, asked in the page's language); this page only lays it out.

import { api } from "./api.js";
import { fill, h, toast } from "./dom.js";
import { boxLabel, language, presetTitle, refusalText, t, tNodes } from "./i18n.js";
import { navigate } from "./router.js";

const DEFAULT = "official";

// The page's own controls: how to do at this screen what the rules say (rules_page.control.*:
// what, then how).
const CONTROLS = ["roll", "hold", "score", "undo", "hint"];

/** The address of a rule set's rules page. */
export function rulesHref(preset) {
  return `./?view=rules&preset=${encodeURIComponent(preset || DEFAULT)}`;
}

/** A link to the rules of the rule set a select shows, kept in step with the select. */
export function rulesLink(select, text = t("rules_page.link")) {
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
    this.presetSelect = h("select", { id: "rules-preset", "aria-label": t("rules_page.rule_set") });
    this.presetSelect.addEventListener("change", () => navigate(rulesHref(this.presetSelect.value)));
    this.title = h("h2", { id: "rules-title" }, t("rules_page.rules"));
    this.origin = h("p", { class: "rules-origin", id: "rules-origin" });
    this.howTo = h("ol", { class: "rules-steps", id: "rules-how-to" });
    this.upperBody = h("tbody", { dataset: { section: "upper" } });
    this.lowerBody = h("tbody", { dataset: { section: "lower" } });
    this.extras = h("dl", { class: "rules-extras", id: "rules-extras" });
    const head = () => h("tr", {}, h("th", {}, t("rules_page.box")), h("th", {}, t("rules_page.needs")), h("th", {}, t("rules_page.scores")), h("th", { class: "num" }, t("rules_page.most")));
    fill(
      root,
      h(
        "div",
        { class: "page-grid rules-page" },
        h(
          "section",
          { class: "panel", "aria-labelledby": "how-to-play" },
          h("div", { class: "panel-head" }, h("h1", { id: "how-to-play" }, t("rules_page.how_to_play")), h("label", { class: "field" }, t("rules_page.rule_set"), this.presetSelect)),
          this.howTo,
          h("h3", {}, t("rules_page.at_this_screen")),
          h("dl", { class: "rules-extras rules-controls" }, CONTROLS.map((name) => [h("dt", {}, t(`rules_page.control.${name}`)), h("dd", {}, t(`rules_page.control.${name}_how`))])),
        ),
        h(
          "section",
          { class: "panel", "aria-labelledby": "rules-title" },
          this.title,
          this.origin,
          h(
            "div",
            { class: "rules-card-wrap" },
            h("table", { class: "data-table rules-card", id: "rules-card" }, h("caption", { class: "visually-hidden" }, t("rules_page.card_caption")), h("thead", {}, head()), this.upperBody, this.lowerBody),
          ),
          this.extras,
        ),
      ),
    );
    this.load(params.get("preset") || DEFAULT);
  }

  async load(preset) {
    const [presets, page] = await Promise.allSettled([api.presets(), api.rules(preset, language())]);
    if (!this.root.contains(this.presetSelect)) return; // the page moved on meanwhile
    if (presets.status === "fulfilled") {
      const known = presets.value.some((p) => p.name === preset);
      const choices = presets.value.map((p) => h("option", { value: p.name }, presetTitle(p.name, p.title)));
      fill(this.presetSelect, known ? null : h("option", { value: "", disabled: true }, t("rules_page.choose")), choices);
      this.presetSelect.value = known ? preset : "";
    }
    if (page.status === "rejected") {
      toast(refusalText(page.reason), "error");
      fill(this.origin, t("rules_page.no_such_rules"));
      return;
    }
    this.show(page.value);
  }

  show(page) {
    const title = presetTitle(page.preset, page.title);
    document.title = t("rules_page.document_title", { title });
    fill(this.title, title);
    fill(this.origin, tNodes("rules_page.origin", { from: h("strong", {}, t("rules_page.origin_from")), origin: page.origin }));
    fill(this.howTo, page.how_to_play.map((line) => h("li", {}, line)));
    const row = (box) => h("tr", { dataset: { box: box.name } }, h("th", { scope: "row" }, boxLabel(box.label)), h("td", {}, box.needs), h("td", {}, box.scores), h("td", { class: "num" }, String(box.max)));
    const sectionRow = (text) => h("tr", { class: "rules-section" }, h("th", { colspan: "4", scope: "rowgroup" }, text));
    fill(this.upperBody, sectionRow(t("rules_page.upper_section")), page.boxes.filter((b) => b.section === "upper").map(row));
    fill(this.lowerBody, sectionRow(t("rules_page.lower_section")), page.boxes.filter((b) => b.section === "lower").map(row));
    const extra = (term, text, id) => [h("dt", {}, term), h("dd", { id }, text)];
    fill(
      this.extras,
      extra(t("rules_page.rolls"), t("rules_page.rolls_text", { count: page.rolls, dice: page.dice }), "rules-rolls"),
      extra(t("rules_page.upper_bonus"), page.upper_bonus.text, "rules-upper-bonus"),
      extra(t("rules_page.extra_bonus"), page.extra_bonus.text, "rules-extra-bonus"),
      extra(t("rules_page.joker"), page.joker, "rules-joker"),
      extra(t("rules_page.undo"), page.undo, "rules-undo"),
    );
  }
}
