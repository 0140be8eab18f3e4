// Names shown to people for the server's identifiers, in the player's language.

import { has, language, num, sourceText, t } from "./i18n.js";
import { nameKey } from "./names.js";

/** A computer level's name ("Good player"); an unknown level spelled out from its identifier. */
export function levelLabel(level) {
  if (has(`level.${level}`)) return t(`level.${level}`);
  return level.replace(/[-_]/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

/** What a computer level plays for, in a sentence ("" for an unknown level). */
export function levelHint(level) {
  return has(`level.${level}.hint`) ? t(`level.${level}.hint`) : "";
}

/** A number with so many decimals, the language's way ("234.5", "234,5"). */
export function decimal(value, digits = 1) {
  return num(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Names as one list, the language's way: "Ann and Bob", "Ann, Bob und Cid". */
export function namesList(names) {
  return new Intl.ListFormat(language(), { style: "long", type: "conjunction" }).format(names);
}

/** A seat's name as this page shows it: a computer seat the server named by its level
 * ("Good player", "Good player 2") in the viewer's language, any other name as it is. */
export function seatName(name, level) {
  const english = level && sourceText(`level.${level}`);
  if (!english || !has(`level.${level}`)) return name;
  const base = nameKey(english);
  const key = nameKey(name);
  if (key === base) return levelLabel(level);
  const numbered = key.startsWith(`${base} `) ? key.slice(base.length + 1) : "";
  return /^[0-9]+$/.test(numbered) ? `${levelLabel(level)} ${numbered}` : name;
}
