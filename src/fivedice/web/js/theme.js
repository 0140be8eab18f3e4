// Light and dark themes: the system's choice until the person picks one.

const KEY = "fivedice.theme";

function current() {
  const set = document.documentElement.dataset.theme;
  if (set === "light" || set === "dark") return set;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function label(button) {
  const next = current() === "dark" ? "light" : "dark";
  button.setAttribute("aria-label", `Switch to ${next} theme`);
  button.title = `Switch to ${next} theme`;
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
  window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => label(button));
}
