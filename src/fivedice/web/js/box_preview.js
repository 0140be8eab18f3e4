// A box's preview drawn next to the box itself: a long press (or right click) shows the points
// where the finger is, above the box or below it, never under the bar of dice (nor the card's
// names row held under it) on a phone.

import { fill, h } from "./dom.js";

const GAP = 6; // pixels between the box and its preview
const EDGE = 8; // pixels kept clear of the window's sides

export class BoxPreview {
  /** @param {() => void} onDismiss called when a touch or click lands anywhere but a box */
  constructor(onDismiss) {
    // The felt's preview line speaks to screen readers; this one is for the eyes only.
    this.el = h("div", { class: "box-preview", "aria-hidden": "true", hidden: true });
    document.body.append(this.el);
    this.onPointerDown = (event) => {
      const onBox = event.target.closest && event.target.closest("button.open-box");
      if (!this.el.hidden && !onBox) onDismiss();
    };
    document.addEventListener("pointerdown", this.onPointerDown, true);
  }

  /** Show the preview's content next to a box of the card. */
  show(box, ...content) {
    fill(this.el, ...content);
    this.el.hidden = false;
    this.place(box);
  }

  hide() {
    this.el.hidden = true;
  }

  destroy() {
    document.removeEventListener("pointerdown", this.onPointerDown, true);
    this.el.remove();
  }

  /** Above the box when there is room below whatever stays stuck at the top, else below it. */
  place(box) {
    const at = box.getBoundingClientRect();
    const width = this.el.offsetWidth;
    const height = this.el.offsetHeight;
    let ceiling = 0;
    for (const bar of document.querySelectorAll(".topbar, .felt")) {
      const position = getComputedStyle(bar).position;
      const bottom = bar.getBoundingClientRect().bottom;
      if ((position === "sticky" || position === "fixed") && bottom <= at.top + 1) ceiling = Math.max(ceiling, bottom);
    }
    // Nor over the card's names row (held right under the bar on a phone: card_heads.js).
    const names = document.querySelector(".card-scroll .scorecard thead th");
    const namesBottom = names ? names.getBoundingClientRect().bottom : 0;
    if (namesBottom <= at.top + 1) ceiling = Math.max(ceiling, namesBottom);
    const above = at.top - GAP - height;
    const top = above >= ceiling + GAP ? above : at.bottom + GAP;
    const centred = at.left + at.width / 2 - width / 2;
    const left = Math.min(Math.max(centred, EDGE), document.documentElement.clientWidth - width - EDGE);
    this.el.style.top = `${Math.round(top + window.scrollY)}px`;
    this.el.style.left = `${Math.round(left + window.scrollX)}px`;
  }
}
