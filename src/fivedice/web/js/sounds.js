// Sounds made in the browser (Web Audio: no files): dice, hold, score, a Yahtzee, your turn, and
// time running low. Off while muted (the switch is kept between visits); silent until the
// person first clicks or presses a key, as browsers require.

import { t } from "./i18n.js";

const KEY = "fivedice.muted";

let context = null;

function isMuted() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

/** Create the audio context on the first gesture (browsers refuse sound before one). */
function unlock() {
  if (context || !(window.AudioContext || window.webkitAudioContext)) return;
  context = new (window.AudioContext || window.webkitAudioContext)();
}

/** A short tone: frequency (Hz), start offset and length (s), volume, wave. */
function tone(freq, at, length, volume = 0.15, type = "sine") {
  const osc = context.createOscillator();
  const gain = context.createGain();
  const start = context.currentTime + at;
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  gain.gain.setValueAtTime(volume, start);
  gain.gain.exponentialRampToValueAtTime(0.001, start + length);
  osc.connect(gain).connect(context.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** A burst of noise (dice on felt). */
function rattle(at, length, volume = 0.22) {
  const frames = Math.floor(context.sampleRate * length);
  const buffer = context.createBuffer(1, frames, context.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 2;
  const source = context.createBufferSource();
  const filter = context.createBiquadFilter();
  const gain = context.createGain();
  filter.type = "bandpass";
  filter.frequency.value = 1800;
  gain.gain.value = volume;
  source.buffer = buffer;
  source.connect(filter).connect(gain).connect(context.destination);
  source.start(context.currentTime + at);
}

const SOUNDS = {
  dice: () => { rattle(0, 0.09); rattle(0.08, 0.07, 0.16); rattle(0.15, 0.06, 0.1); },
  hold: () => tone(660, 0, 0.06, 0.08, "triangle"),
  score: () => { tone(523, 0, 0.12, 0.1); tone(784, 0.08, 0.16, 0.1); },
  yahtzee: () => [523, 659, 784, 1047, 1319].forEach((f, i) => tone(f, i * 0.09, 0.22, 0.12, "triangle")),
  turn: () => { tone(880, 0, 0.14, 0.12); tone(1175, 0.12, 0.2, 0.12); },
  low: () => { tone(440, 0, 0.1, 0.12, "square"); tone(440, 0.18, 0.1, 0.12, "square"); },
};

export const sounds = {
  get muted() {
    return isMuted();
  },
  set muted(value) {
    try {
      localStorage.setItem(KEY, value ? "1" : "0");
    } catch {
      /* storage blocked: muted for this page only */
    }
  },
  /** Play one of the sounds above (nothing while muted or before the first gesture). */
  play(name) {
    if (isMuted() || !context || !SOUNDS[name]) return;
    if (context.state === "suspended") context.resume();
    try {
      SOUNDS[name]();
    } catch {
      /* an audio failure never breaks the game */
    }
  },
};

/** The mute switch in the header; sound is allowed from the first click or key press on. */
export function setupSounds(button) {
  for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, unlock, { once: true, capture: true });
  if (!button) return;
  const show = () => {
    const muted = isMuted();
    button.setAttribute("aria-pressed", muted ? "true" : "false");
    button.setAttribute("aria-label", muted ? t("sounds.off") : t("sounds.on"));
    button.title = button.getAttribute("aria-label");
    button.dataset.muted = muted ? "1" : "0";
  };
  button.addEventListener("click", () => {
    sounds.muted = !isMuted();
    show();
    if (!isMuted()) sounds.play("hold");
  });
  show();
}
