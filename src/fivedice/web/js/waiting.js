// The waiting room: who sits where, the invite link, computer seats, and the host's Start.

import { clockText, copyText, h, toast } from "./dom.js";
import { awayText } from "./scorecard.js";
import { playerName, setPlayerName } from "./player_name.js";
import { levelLabel } from "./labels.js";
import { presetTitle, t } from "./i18n.js";
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
    { class: "rules-summary", "aria-label": t("waiting.options") },
    h("span", { class: "pill", title: rules.source }, presetTitle(rules.name, rules.title)),
    o.rated ? h("span", { class: "pill rated", title: t("waiting.rated_title") }, t("waiting.rated")) : null,
    h("span", { class: "pill" }, t("waiting.seats", { count: o.seats })),
    h("span", { class: "pill" }, t("waiting.rounds", { count: o.rounds })),
    h("span", { class: "pill" }, o.clock_seconds ? t(o.timeout_rule === "forfeit" ? "waiting.clock_loses" : "waiting.clock_scratches", { time: clockText(o.clock_seconds) }) : t("waiting.no_clock")),
    h("span", { class: "pill" }, o.undo_allowed ? t("waiting.undo") : t("waiting.no_undo")),
    h("span", { class: "pill" }, o.start_order === "roll_off" ? t("waiting.roll_off") : t("waiting.host_starts")),
    local ? null : h("span", { class: "pill" }, view.listed ? t("waiting.listed") : t("waiting.private")),
  );
}

/** @param {import("./table.js").TableScreen} screen */
export function renderWaiting(screen) {
  const v = screen.view;
  const rules = screen.welcome.rules;
  const local = screen.localSeats;
  const isHost = v.host !== null && local.has(v.host);
  const free = v.options.seats - v.seats.length;

  const seats = h("ul", { class: "seats-list", "aria-label": t("waiting.seats_label") });
  for (const seat of v.seats) {
    seats.append(
      h(
        "li",
        { dataset: { seat: String(seat.seat) } },
        screen.isLocal ? null : presenceDot(seat, screen.model.presenceKnown),
        h("span", { class: "seat-name grow" }, seat.name),
        seat.host ? h("span", { class: "tag host" }, t("waiting.host")) : null,
        !seat.bot && !seat.connected ? h("span", { class: "tag away" }, awayText(seat.away_since)) : null,
        seat.bot ? h("span", { class: "tag" }, levelLabel(seat.bot)) : null,
        local.has(seat.seat) && screen.saysYou ? h("span", { class: "tag you" }, t("card.you")) : null,
        isHost && seat.seat !== v.host
          ? h("button", { type: "button", class: "button small", "aria-label": t("table.remove_player", { name: seat.name }), onclick: () => screen.removeSeat(seat.seat) }, t("waiting.remove"))
          : null,
      ),
    );
  }
  for (let i = 0; i < free; i += 1) seats.append(h("li", { class: "open-seat" }, screen.isLocal ? null : h("span", { class: "dot off" }), t("waiting.open_seat")));

  const parts = [
    h(
      "div",
      { class: "turn-banner" },
      h(
        "div",
        { class: "turn-who" },
        h("p", { class: "turn-title" }, t("waiting.title")),
        h("p", { class: "turn-sub" }, isHost ? t("waiting.start_when_seated") : v.host === null ? t("waiting.no_host") : hostAway(v) ? t("waiting.host_away", { name: screen.seatName(v.host) }) : t("waiting.host_will_start", { name: screen.seatName(v.host) })),
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
        h("input", { type: "text", readonly: true, value: link, "aria-label": t("waiting.invite_link"), onfocus: (e) => e.target.select() }),
        h("button", { type: "button", class: "button", onclick: async () => toast((await copyText(link)) ? t("table.invite_copied") : link) }, t("waiting.copy")),
      ),
    );
  }

  if (!local.size && free > 0) {
    if (!screen.joinInput) screen.joinInput = h("input", { type: "text", maxlength: "24", value: playerName(), autocomplete: "nickname" });
    parts.push(
      h(
        "form",
        {
          class: "waiting-actions",
          onsubmit: (event) => {
            event.preventDefault();
            const name = screen.joinInput.value.trim();
            if (!name) return toast(t("lobby.name_first"), "error");
            setPlayerName(name);
            screen.takeSeat(name);
          },
        },
        h("label", { class: "field" }, t("lobby.your_name"), screen.joinInput),
        h("button", { type: "submit", class: "button primary" }, t("waiting.take_seat")),
      ),
    );
  }

  if (isHost) {
    const levels = screen.welcome.bot_levels || [];
    if (levels.length && free > 0 && !v.options.rated) {
      if (!screen.levelSelect) {
        screen.levelSelect = h("select", { "aria-label": t("lobby.computer_player") }, levels.map((l) => h("option", { value: l }, levelLabel(l))));
        screen.levelSelect.value = levels.includes("good-human") ? "good-human" : levels[0];
      }
      parts.push(
        h(
          "div",
          { class: "waiting-actions" },
          h("label", { class: "field" }, t("lobby.computer_player"), screen.levelSelect),
          h("button", { type: "button", class: "button", onclick: () => screen.addComputer(screen.levelSelect.value) }, t("waiting.add_computer")),
        ),
      );
    }
    parts.push(h("div", { class: "controls" }, h("button", { type: "button", class: "button primary", id: "start-button", onclick: () => screen.start() }, t("waiting.start"))));
  }
  return parts;
}
