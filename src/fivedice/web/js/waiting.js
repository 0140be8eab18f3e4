// The waiting room: who sits where, the invite link, computer seats, and the host's Start.

import { clockText, copyText, h, toast } from "./dom.js";
import { awayText } from "./scorecard.js";
import { playerName, setPlayerName } from "./seats.js";
import { currentAccount } from "./account.js";
import { levelLabel } from "./labels.js";
import { presenceDot } from "./presence.js";

/** Whether the table's host has no connection now. */
function hostAway(view) {
  const host = view.seats.find((seat) => seat.seat === view.host);
  return !!host && !host.bot && !host.connected;
}

function rulesSummary(view, rules, local) {
  const o = view.options;
  return h(
    "div",
    { class: "rules-summary", "aria-label": "Table options" },
    h("span", { class: "pill", title: rules.source }, rules.title),
    o.rated ? h("span", { class: "pill rated", title: "Each player's rating moves with the result" }, "rated") : null,
    h("span", { class: "pill" }, `${o.seats} seat${o.seats === 1 ? "" : "s"}`),
    h("span", { class: "pill" }, `${o.rounds} round${o.rounds === 1 ? "" : "s"}`),
    h("span", { class: "pill" }, o.clock_seconds ? `${clockText(o.clock_seconds)} per hand (${o.timeout_rule === "forfeit" ? "time out loses" : "time out scratches"})` : "no clock"),
    h("span", { class: "pill" }, o.undo_allowed ? "undo allowed" : "no undo"),
    h("span", { class: "pill" }, o.start_order === "roll_off" ? "roll for first turn" : "host starts"),
    local ? null : h("span", { class: "pill" }, view.listed ? "listed in the lobby" : "private: invite only"),
  );
}

/** @param {import("./table.js").TableScreen} screen */
export function renderWaiting(screen) {
  const v = screen.view;
  const rules = screen.welcome.rules;
  const local = screen.localSeats;
  const isHost = v.host !== null && local.has(v.host);
  const free = v.options.seats - v.seats.length;

  const seats = h("ul", { class: "seats-list", "aria-label": "Seats" });
  for (const seat of v.seats) {
    seats.append(
      h(
        "li",
        { dataset: { seat: String(seat.seat) } },
        screen.isLocal ? null : presenceDot(seat, screen.model.presenceKnown),
        h("span", { class: "seat-name grow" }, seat.name),
        seat.host ? h("span", { class: "tag host" }, "host") : null,
        !seat.bot && !seat.connected ? h("span", { class: "tag away" }, awayText(seat.away_since)) : null,
        seat.bot ? h("span", { class: "tag" }, levelLabel(seat.bot)) : null,
        local.has(seat.seat) && screen.saysYou ? h("span", { class: "tag you" }, "you") : null,
        isHost && seat.seat !== v.host
          ? h("button", { type: "button", class: "button small", "aria-label": `Remove ${seat.name}`, onclick: () => screen.removeSeat(seat.seat) }, "Remove")
          : null,
      ),
    );
  }
  for (let i = 0; i < free; i += 1) seats.append(h("li", { class: "open-seat" }, screen.isLocal ? null : h("span", { class: "dot off" }), "Open seat"));

  const parts = [
    h(
      "div",
      { class: "turn-banner" },
      h(
        "div",
        { class: "turn-who" },
        h("p", { class: "turn-title" }, "Waiting for players"),
        h("p", { class: "turn-sub" }, isHost ? "Start when everyone is seated." : v.host === null ? "The table has no host." : hostAway(v) ? `${screen.seatName(v.host)}, the host, is away: if they do not come back soon, the next player here becomes the host.` : `${screen.seatName(v.host)} starts the match.`),
      ),
    ),
    seats,
    rulesSummary(v, rules, screen.isLocal),
  ];

  // The invite link, most useful for private tables (a table at one screen invites no one).
  const link = `${location.origin}/?table=${v.id}`;
  if (!screen.isLocal) {
    parts.push(
      h(
        "div",
        { class: "invite" },
        h("input", { type: "text", readonly: true, value: link, "aria-label": "Invite link", onfocus: (e) => e.target.select() }),
        h("button", { type: "button", class: "button", onclick: async () => toast((await copyText(link)) ? "Invite link copied" : link) }, "Copy"),
      ),
    );
  }

  if (!local.size && free > 0) {
    if (!screen.joinInput) screen.joinInput = h("input", { type: "text", maxlength: "24", value: playerName() || currentAccount()?.name || "", autocomplete: "nickname" });
    parts.push(
      h(
        "form",
        {
          class: "waiting-actions",
          onsubmit: (event) => {
            event.preventDefault();
            const name = screen.joinInput.value.trim();
            if (!name) return toast("Type your name first", "error");
            setPlayerName(name);
            screen.takeSeat(name);
          },
        },
        h("label", { class: "field" }, "Your name", screen.joinInput),
        h("button", { type: "submit", class: "button primary" }, "Take a seat"),
      ),
    );
  }

  if (isHost) {
    const levels = screen.welcome.bot_levels || [];
    if (levels.length && free > 0 && !v.options.rated) {
      if (!screen.levelSelect) {
        screen.levelSelect = h("select", { "aria-label": "Computer player" }, levels.map((l) => h("option", { value: l }, levelLabel(l))));
        screen.levelSelect.value = levels.includes("good-human") ? "good-human" : levels[0];
      }
      parts.push(
        h(
          "div",
          { class: "waiting-actions" },
          h("label", { class: "field" }, "Computer player", screen.levelSelect),
          h("button", { type: "button", class: "button", onclick: () => screen.addComputer(screen.levelSelect.value) }, "Add computer"),
        ),
      );
    }
    parts.push(h("div", { class: "controls" }, h("button", { type: "button", class: "button primary", id: "start-button", onclick: () => screen.start() }, "Start the match")));
  }
  return parts;
}
