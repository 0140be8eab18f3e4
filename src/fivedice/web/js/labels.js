// Names shown to people for the server's identifiers, in the player's language.

import { has, language, num, t } from "./i18n.js";
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

/** A computer seat's name: its level's label, numbered when the table already has one. */
export function botName(level, taken) {
  const base = levelLabel(level);
  let name = base;
  const keys = taken.map(nameKey);
  for (let n = 2; keys.includes(nameKey(name)); n += 1) name = `${base} ${n}`;
  return name;
}
