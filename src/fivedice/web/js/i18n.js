// The page's words in the player's language: the same JSON catalogs the terminal game and the
// command line read (served at /locales/LANG.json), plural forms by Intl.PluralRules, numbers
// and dates by Intl. The language is the one picked here before (kept in this browser), else
// the first of the browser's languages that fivedice speaks, else English.

export const LANGUAGES = {
  en: "English",
  "pt-BR": "Português (Brasil)",
  de: "Deutsch",
  es: "Español",
  fr: "Français",
  sv: "Svenska",
  da: "Dansk",
};
export const SOURCE = "en";
const KEY = "fivedice.lang";
const PLACEHOLDER = /\{([a-z_][a-z0-9_]*)\}/g;

let lang = SOURCE;
let messages = {};
let fallback = {};
let plurals = new Intl.PluralRules(SOURCE);
let numbers = new Intl.NumberFormat(SOURCE);

/** The first wanted language (BCP 47 tags, most wanted first) that fivedice speaks: "de-AT"
 * is German, "pt" is Brazilian Portuguese; none is English. */
export function negotiate(wanted) {
  for (const raw of wanted) {
    const [base, region] = String(raw).replace("_", "-").split("-");
    const full = base.toLowerCase() + (region ? `-${region.toUpperCase()}` : "");
    if (full in LANGUAGES) return full;
    const same = Object.keys(LANGUAGES).find((l) => l.split("-")[0] === base.toLowerCase());
    if (same) return same;
  }
  return SOURCE;
}

function picked() {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && saved in LANGUAGES) return saved;
  } catch {
    /* storage blocked: follow the browser */
  }
  return null;
}

/** Loads the language's catalog (and English, for any key a catalog lacks) and translates the
 * page's fixed text. Call once, before the first screen is drawn. */
export async function loadLanguage(wanted = picked() || negotiate(navigator.languages || [navigator.language])) {
  const read = async (name) => {
    const response = await fetch(`./locales/${name}.json`);
    if (!response.ok) throw new Error(`no catalog for ${name}`);
    return response.json();
  };
  fallback = await read(SOURCE);
  lang = wanted;
  try {
    messages = wanted === SOURCE ? fallback : await read(wanted);
  } catch {
    lang = SOURCE;
    messages = fallback;
  }
  useCatalogs(lang, messages, fallback);
  document.documentElement.lang = lang;
  translateTree(document);
}

/** Sets the catalogs directly (for the tests of pure modules, which fetch nothing). */
export function useCatalogs(language, own, english = own) {
  lang = language;
  messages = own;
  fallback = english;
  plurals = new Intl.PluralRules(lang);
  numbers = new Intl.NumberFormat(lang);
}

/** The language the page speaks now. */
export function language() {
  return lang;
}

/** Keeps the player's choice and shows the page again in it. */
export function chooseLanguage(wanted) {
  try {
    localStorage.setItem(KEY, wanted);
  } catch {
    /* storage blocked: the choice lasts this page only */
  }
  location.reload();
}

/** The English text of `key` as the server writes it (the names it gives in English). */
export function sourceText(key) {
  return fallback[key];
}

/** Whether a catalog has the key. */
export function has(key) {
  return key in messages || key in fallback;
}

/** The text of `key` with its values in place; a counted text takes the plural form of
 * `params.count`. Numbers are written the language's way. A missing key shows itself, so a
 * test (and a reader) sees it. */
export function t(key, params = {}) {
  let message = messages[key] ?? fallback[key];
  if (message === undefined) return key;
  if (typeof message === "object") message = message[plurals.select(Number(params.count))] ?? message.other;
  return message.replace(PLACEHOLDER, (whole, name) => {
    const value = params[name];
    if (value === undefined || value === null) return whole;
    return typeof value === "number" ? numbers.format(value) : String(value);
  });
}

/** The text of `key` as a list for h(): a value that is a DOM node (a link, a name in bold)
 * stands where its placeholder is, so a sentence with an element inside stays one message and
 * each language puts the element where its grammar wants it. */
export function tNodes(key, params = {}) {
  const plain = {};
  for (const [name, value] of Object.entries(params)) if (!(value && typeof value === "object" && "nodeType" in value)) plain[name] = value;
  const text = t(key, plain);
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(params[match[1]] ?? match[0]);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** A number as the language writes it. */
export function num(value, options) {
  return options ? new Intl.NumberFormat(lang, options).format(value) : numbers.format(value);
}

/** A date (and time, with `options`) as the language writes it. */
export function dateFormat(value, options) {
  return new Intl.DateTimeFormat(lang, options).format(value instanceof Date ? value : new Date(value));
}

/** A box's name in the player's language, from its label in the rules ("Four of a kind (Q)"
 * is box.four_of_a_kind_q): each country's players have their own names for the boxes. */
export function boxLabel(label) {
  const key = `box.${String(label).toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "")}`;
  return has(key) ? t(key) : label;
}

/** A rule set's title in the player's language (`title`: the server's, for one not in the
 * catalogs). */
export function presetTitle(name, title = name) {
  return has(`preset.${name}`) ? t(`preset.${name}`) : title;
}

/** An account's public name as this page shows it: the server's "Guest N" and "deleted
 * player" in the player's language, any other name as it is. */
export function accountName(name) {
  const guest = /^Guest (\d+)$/.exec(name);
  if (guest) return t("common.guest_name", { number: guest[1] });
  return name === "deleted player" ? t("common.deleted_player") : name;
}

/** A refusal from the server in the player's language: the text of `error.<code>` (or
 * `error.<code>.<reason>` when its params name a reason) with its values in place, boxes and
 * rule sets in the language's own words, numbers ungrouped as the server writes them; else
 * the server's own (English) message. */
export function refusalText(error) {
  const params = { ...(error.params || {}) };
  const key = params.reason ? `error.${error.code}.${params.reason}` : `error.${error.code}`;
  if (!error.code || !has(key)) return error.message;
  for (const [name, value] of Object.entries(params)) if (typeof value === "number" && name !== "count") params[name] = num(value, { useGrouping: false });
  if (typeof params.box_label === "string") params.box_label = boxLabel(params.box_label);
  if (Array.isArray(params.box_labels)) params.box_labels = params.box_labels.map(boxLabel).join(", ");
  if (typeof params.preset_title === "string") params.preset_title = presetTitle(params.preset, params.preset_title);
  return t(key, params);
}

/** Translates the fixed text of the page: `data-i18n` sets an element's text,
 * `data-i18n-label`/`-title`/`-placeholder` its attributes. */
export function translateTree(root) {
  for (const element of root.querySelectorAll("[data-i18n]")) element.textContent = t(element.dataset.i18n);
  const attributes = { i18nLabel: "aria-label", i18nTitle: "title", i18nPlaceholder: "placeholder", i18nContent: "content" };
  for (const [data, attribute] of Object.entries(attributes)) {
    const selector = `[data-${data.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`;
    for (const element of root.querySelectorAll(selector)) element.setAttribute(attribute, t(element.dataset[data]));
  }
}
