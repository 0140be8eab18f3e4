// Small DOM helpers: build elements from a tag, properties and children.

const SVG_NS = "http://www.w3.org/2000/svg";

function setProps(el, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.setAttribute("class", value);
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "value" && "value" in el) el.value = value;
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: h("button", {class: "button", onclick}, "Roll"). */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  setProps(el, props);
  append(el, children);
  return el;
}

/** An SVG element. */
export function s(tag, props = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setProps(el, props);
  append(el, children);
  return el;
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Read something aloud to screen readers (a polite live region). */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region || !text) return;
  const line = h("p", {}, text);
  region.append(line);
  while (region.childElementCount > 6) region.firstElementChild.remove();
}

/** A short message at the bottom of the screen. */
export function toast(text, kind = "info", ms = 3800) {
  const box = document.getElementById("toasts");
  if (!box) return;
  const item = h("div", { class: `toast ${kind}`, dataset: { at: String(Date.now()) } }, text);
  box.append(item);
  setTimeout(() => item.remove(), ms);
}

/** Take down the error toasts of the screen being left: a refusal belongs to the screen where
 * it happened. One raised in the last moment stays (it may say why the page moved on). */
export function clearErrorToasts(graceMs = 500) {
  const box = document.getElementById("toasts");
  if (!box) return;
  const now = Date.now();
  for (const item of box.querySelectorAll(".toast.error")) {
    if (now - Number(item.dataset.at || 0) > graceMs) item.remove();
  }
}

/** "m:ss" for a number of seconds. */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

/** Copy text to the clipboard, with a fallback for pages not served securely. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h("textarea", { style: { position: "fixed", opacity: "0" } });
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    area.remove();
    return ok;
  }
}
