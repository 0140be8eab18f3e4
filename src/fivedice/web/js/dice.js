// Dice drawn as SVG with pips; the tray of five that the player clicks to hold or release,
// and the short tumble when they are rolled.

import { h, s } from "./dom.js";
import { t } from "./i18n.js";

const L = 27, M = 50, H = 73;
const PIPS = {
  1: [[M, M]],
  2: [[H, L], [L, H]],
  3: [[H, L], [M, M], [L, H]],
  4: [[L, L], [H, L], [L, H], [H, H]],
  5: [[L, L], [H, L], [M, M], [L, H], [H, H]],
  6: [[L, L], [H, L], [L, M], [H, M], [L, H], [H, H]],
};

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** One die face as an SVG (value 1-6, or null for a die not rolled yet). */
export function dieSvg(value, { className = "", pipRadius = 9 } = {}) {
  const svg = s("svg", { viewBox: "0 0 100 100", class: `die-svg ${className}`.trim(), "aria-hidden": "true", focusable: "false" });
  svg.append(s("rect", { class: "face", x: 5, y: 5, width: 90, height: 90, rx: 19 }));
  const pips = s("g", { class: "pips" });
  svg.append(pips);
  setPips(pips, value, pipRadius);
  return svg;
}

function setPips(group, value, radius = 9) {
  group.replaceChildren(...(PIPS[value] || []).map(([cx, cy]) => s("circle", { class: "pip", cx, cy, r: radius })));
}

/** A small die for labels (the upper boxes' rows). */
export function miniDie(value) {
  return dieSvg(value, { className: "mini-die", pipRadius: 11 });
}

/** The five dice of the turn in play. */
export class DiceTray {
  /** @param {(position: number) => void} onToggle */
  constructor(onToggle) {
    this.onToggle = onToggle;
    this.values = [null, null, null, null, null];
    this.buttons = [];
    this.el = h("div", { class: "dice-tray", role: "group", "aria-label": t("table.dice") });
    for (let position = 0; position < 5; position += 1) {
      const svg = dieSvg(null);
      const button = h(
        "button",
        {
          type: "button",
          class: "die blank",
          dataset: { position: String(position) },
          "aria-pressed": "false",
          disabled: true,
          onclick: () => this.onToggle(position),
        },
        svg,
        // The key, then "held": the spoken name below says them in the same order, so a voice
        // command naming what it sees finds the die.
        h("span", { class: "die-key", "aria-hidden": "true" }, String(position + 1)),
        " ",
        h("span", { class: "held-tag", "aria-hidden": "true" }, t("table.held")),
      );
      button._pips = svg.querySelector(".pips");
      this.buttons.push(button);
      this.el.append(button);
    }
  }

  /**
   * Show the dice.
   * @param {object} p
   * @param {number[]|null} p.dice  values by position, or null before the first roll
   * @param {Set<number>} p.held    positions held
   * @param {boolean} p.canHold     whether clicking holds (the viewer's turn, rolls left)
   * @param {number[]} [p.rolled]   positions that were just rolled (they tumble)
   * @param {boolean} [p.last]      the dice are the previous turn's, shown faded
   * @param {Set<number>} [p.hinted] positions the hint suggests holding
   */
  update({ dice, held, canHold, rolled = [], last = false, hinted = new Set() }) {
    const animate = rolled.length > 0 && !reducedMotion();
    this.buttons.forEach((button, position) => {
      const value = dice ? dice[position] : null;
      const isHeld = !!dice && held.has(position) && !last;
      button.classList.toggle("blank", value === null);
      button.classList.toggle("held", isHeld);
      button.classList.toggle("last", last && value !== null);
      button.classList.toggle("hinted", hinted.has(position));
      button.disabled = !canHold || value === null;
      button.dataset.value = value === null ? "" : String(value);
      button.setAttribute("aria-pressed", isHeld ? "true" : "false");
      button.setAttribute(
        "aria-label",
        value === null
          ? t("table.die_not_rolled", { position: position + 1 })
          : t(isHeld ? "table.die_held" : last ? "table.die_last" : "table.die", { position: position + 1, value }),
      );
      if (animate && rolled.includes(position)) this.tumble(button);
      else if (!button._tumbling) setPips(button._pips, value);
      this.values[position] = value;
    });
  }

  tumble(button) {
    button._tumbling = true;
    button.classList.remove("rolling");
    void button.offsetWidth; // restart the animation
    button.classList.add("rolling");
    let spins = 0;
    clearInterval(button._spin);
    button._spin = setInterval(() => {
      spins += 1;
      setPips(button._pips, 1 + Math.floor(Math.random() * 6));
      if (spins >= 6) {
        clearInterval(button._spin);
        setPips(button._pips, Number(button.dataset.value) || null);
        button._tumbling = false;
      }
    }, 70);
    button.addEventListener(
      "animationend",
      () => {
        button.classList.remove("rolling");
        clearInterval(button._spin);
        setPips(button._pips, Number(button.dataset.value) || null);
        button._tumbling = false;
      },
      { once: true },
    );
  }
}
