// Names shown to people for the server's identifiers.

import { nameKey } from "./names.js";

const LEVELS = {
  beginner: "Beginner",
  "good-human": "Good player",
  optimal: "Optimal",
  "win-seeking": "Win-seeking",
};

export function levelLabel(level) {
  return LEVELS[level] || level.replace(/[-_]/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

export function levelHint(level) {
  return (
    {
      beginner: "Plays each turn for its own points.",
      "good-human": "Plays by rules of thumb for the whole card.",
      optimal: "Plays the exactly optimal strategy for the highest average score.",
      "win-seeking": "Plays optimally, bent towards beating you.",
    }[level] || ""
  );
}

export function dateText(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  return d.toLocaleString(undefined, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

/** A computer seat's name: its level's label, numbered when the table already has one. */
export function botName(level, taken) {
  const base = levelLabel(level);
  let name = base;
  const keys = taken.map(nameKey);
  for (let n = 2; keys.includes(nameKey(name)); n += 1) name = `${base} ${n}`;
  return name;
}
