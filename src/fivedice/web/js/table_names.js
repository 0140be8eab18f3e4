// A table's name as this page shows it: a name fivedice gave the table (its `title`, a kind and
// its values, e.g. {kind: "versus_computer", player: "Ann", level: "good-human"}) in the
// viewer's language; a name a person typed as typed. See docs/protocol.md, "Table names".

import { accountName, has, t } from "./i18n.js";
import { levelLabel, seatName } from "./labels.js";

/** The table's name for this viewer: its title worded in their language, else its name as
 * given, else `fallback`. */
export function tableName(name, title, fallback = "") {
  if (title && has(`table_name.${title.kind}`)) {
    const player = title.player ? accountName(title.player) : "";
    const level = title.level ? levelLabel(title.level) : "";
    return t(`table_name.${title.kind}`, { player, level });
  }
  return name || fallback;
}

/** A table view with its names as this viewer reads them: the table's (its title worded) and
 * the computer seats' the server named by level (in the viewer's language), in the seats and
 * the outcome alike. The server's view is left as it came. */
export function shownView(view) {
  if (!view) return view;
  const levels = new Map(view.seats.map((s) => [s.seat, s.bot]));
  const named = (entry) => (levels.get(entry.seat) ? { ...entry, name: seatName(entry.name, levels.get(entry.seat)) } : entry);
  const shown = { ...view, name: tableName(view.name, view.title, view.name), seats: view.seats.map(named) };
  if (view.outcome && view.outcome.standings) shown.outcome = { ...view.outcome, standings: view.outcome.standings.map(named) };
  return shown;
}
