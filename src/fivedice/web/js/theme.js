// Light and dark themes: the system's choice until the person picks one.

import { t } from "./i18n.js";

const KEY = "fivedice.theme";

const SYSTEM = window.matchMedia("(prefers-color-scheme: dark)");

function current() {
  // index.html sets it before the first paint: the saved choice, else the system's.
  return document.documentElement.dataset.theme === "dark" ? "dark" : "light";
}

function saved() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function label(button) {
  const words = current() === "dark" ? t("theme.to_light") : t("theme.to_dark");
  button.setAttribute("aria-label", words);
  button.title = words;
}

export function setupTheme(button) {
  if (!button) return;
  label(button);
  button.addEventListener("click", () => {
    const next = current() === "dark" ? "light" : "dark";
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem(KEY, next);
    } catch {
      /* ignore */
    }
    label(button);
  });
  SYSTEM.addEventListener("change", () => {
    if (saved() === null) document.documentElement.dataset.theme = SYSTEM.matches ? "dark" : "light";
    label(button);
  });
}
