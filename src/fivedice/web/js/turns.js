// A match log's turns, for the replay's turn steps: each player's turn from its first roll to
// the scoring that ends it (a scoring taken back with undo does not end it).

/**
 * @param {object[]} events  the log, each event with its seq (1 is "created")
 * @returns {{seat: number, round: number, number: number, start: number, end: number|null}[]}
 *   in log order; `number` counts the player's turns in that round from 1; `end` is null for a
 *   turn still open when the log stops
 */
export function turnsOf(events) {
  const turns = [];
  let open = null;
  let round = 0;
  const played = new Map(); // "seat:round" -> turns ended; i18n: not text
  const begin = (seat, seq) => {
    open = { seat, round, number: (played.get(`${seat}:${round}`) || 0) + 1, start: seq, end: null };
    turns.push(open);
  };
  for (const event of events) {
    if (event.type === "rolled") {
      if (!open || open.seat !== event.seat) begin(event.seat, event.seq);
    } else if (event.type === "scored") {
      if (!open || open.seat !== event.seat) begin(event.seat, event.seq); // the clock scored it
      round = event.round || 0;
      open.round = round;
      open.end = event.seq;
      const key = `${event.seat}:${round}`;
      played.set(key, (played.get(key) || 0) + 1);
      open.number = played.get(key);
      open = null;
    } else if (event.type === "undone") {
      const last = turns.at(-1);
      if (last && last.seat === event.seat && last.end !== null) {
        const key = `${last.seat}:${last.round}`;
        played.set(key, played.get(key) - 1);
        last.end = null;
        open = last;
      }
    }
  }
  return turns;
}

/** The index of the turn that step `seq` belongs to: the last one started at or before it
 * (-1 before the first roll). */
export function turnAt(turns, seq) {
  let found = -1;
  for (let i = 0; i < turns.length && turns[i].start <= seq; i += 1) found = i;
  return found;
}
