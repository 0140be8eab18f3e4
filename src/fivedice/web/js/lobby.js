// The lobby: quick starts (play now, against the computer, pass and play), the open tables to join or
// watch, a table with every option, and the best scores.

import { accountReady, currentAccount } from "./account.js";
import { api } from "./api.js";
import { DailyCard } from "./daily_card.js";
import { dieSvg } from "./dice.js";
import { clockText, fill, h, toast } from "./dom.js";
import { botName, dateText, levelHint, levelLabel } from "./labels.js";
import { localScoresPanel } from "./localscores.js";
import { cleanName, hasTwins } from "./names.js";
import { QuickMatchPanel } from "./quickmatch.js";
import { rulesLink } from "./rules.js";
import { navigate } from "./router.js";
import { addSeat, playerName, saveSeats, setPlayerName } from "./seats.js";

const CLOCKS = [
  ["", "No clock"],
  ["15", "15 seconds"],
  ["30", "30 seconds"],
  ["60", "1 minute"],
  ["120", "2 minutes"],
  ["240", "4 minutes"],
];
const REFRESH_MS = 4000;

const icon = (paths) => {
  const wrap = h("span", { class: "badge-icon", "aria-hidden": "true" });
  wrap.innerHTML = `<svg viewBox="0 0 24 24">${paths}</svg>`;
  return wrap;
};

export class LobbyScreen {
  constructor(root) {
    this.root = root;
    this.presets = [];
    this.levels = [];
    this.build();
    this.load();
    this.timer = setInterval(() => this.refreshTables(), REFRESH_MS);
    this.onAccount = (event) => this.offerRated(event.detail);
    window.addEventListener("fivedice:account", this.onAccount);
    const ready = accountReady();
    if (ready) ready.then((account) => this.offerRated(account));
  }

  destroy() {
    clearInterval(this.timer);
    window.removeEventListener("fivedice:account", this.onAccount);
    this.quick.destroy();
    this.dailyCard.destroy();
  }

  /** The Rated choice is offered only to a browser signed in (a rating is an account's). */
  offerRated(account) {
    if (!this.form) return;
    this.form.ratedCheck.hidden = !account;
    this.ratedChanged();
  }

  name() {
    const name = this.nameInput.value.trim();
    if (!name) {
      this.nameInput.focus();
      toast("Type your name first", "error");
      return null;
    }
    setPlayerName(name);
    return name;
  }

  presetSelect(label = "Rules") {
    const select = h("select", { "aria-label": label, class: "preset-select" });
    this.presetSelects.push(select);
    return select;
  }

  build() {
    this.presetSelects = [];
    this.levelSelects = [];
    this.nameInput = h("input", { type: "text", id: "player-name", maxlength: "24", value: playerName(), autocomplete: "nickname", placeholder: "e.g. Ann" });
    this.nameInput.addEventListener("input", () => setPlayerName(this.nameInput.value.trim()));
    // The name at tables defaults to the account's, unless the player is already in the field
    // (typing into it as the account arrives gave "Guest 1036Bob").
    const ready = accountReady();
    if (ready) ready.then((account) => {
      const typing = document.activeElement === this.nameInput;
      if (account && !typing && !this.nameInput.value.trim()) this.nameInput.value = account.name;
    });

    const hero = h(
      "section",
      { class: "hero" },
      h(
        "div",
        {},
        h("h1", {}, "Five dice. Thirteen boxes."),
        h("p", {}, "Play Yahtzee alone, with friends at one screen, or online, against computer players up to the exactly optimal one."),
        h("div", { class: "name-field" }, h("label", { for: "player-name" }, "Your name"), this.nameInput),
      ),
      h("div", { class: "hero-dice", "aria-hidden": "true" }, [2, 3, 4, 5, 6].map((v) => dieSvg(v))),
    );

    // Quick starts: a rated table with players of about your rating, the computer, one screen.
    this.quick = new QuickMatchPanel(this.presetSelect());
    this.vsLevel = h("select", { "aria-label": "Computer player", id: "vs-level" });
    this.levelSelects.push(this.vsLevel);
    this.vsNote = h("p", { class: "muted small level-note", "aria-live": "polite" });
    this.vsLevel.addEventListener("change", () => (this.vsNote.textContent = levelHint(this.vsLevel.value)));
    this.vsPreset = this.presetSelect();
    const vsComputer = h(
      "section",
      { class: "panel quick", "aria-labelledby": "quick-computer" },
      h("h2", { id: "quick-computer" }, icon('<rect x="4" y="7" width="16" height="12" rx="3"/><path d="M12 7V3M9 12h.01M15 12h.01M9 16h6"/>'), "Play against the computer"),
      h("p", { class: "muted small" }, "One click to a match. The computer plays its turns a moment after yours."),
      h("div", { class: "row" }, h("label", { class: "field" }, "Opponent", this.vsLevel), h("label", { class: "field" }, "Rules", this.vsPreset)),
      this.vsNote,
      h("div", { class: "row" }, h("button", { type: "button", class: "button primary", id: "play-computer", onclick: () => this.playComputer() }, "Play against the computer")),
    );

    this.passNames = h("div", { class: "names-list" });
    this.passPreset = this.presetSelect();
    const passAndPlay = h(
      "section",
      { class: "panel quick", "aria-labelledby": "quick-pass" },
      h("h2", { id: "quick-pass" }, icon('<circle cx="8" cy="8" r="3"/><circle cx="16" cy="8" r="3"/><path d="M3 20c0-3 2.5-5 5-5s5 2 5 5M11 20c0-3 2.5-5 5-5s5 2 5 5"/>'), "Pass and play"),
      h("p", { class: "muted small" }, "Several people at one screen: the seats take turns."),
      this.passNames,
      h("div", { class: "row" }, h("button", { type: "button", class: "button small", onclick: () => this.addPassName() }, "+ Add a player")),
      h("div", { class: "row" }, h("label", { class: "field" }, "Rules", this.passPreset)),
      h("div", { class: "row" }, h("button", { type: "button", class: "button primary", id: "pass-and-play", onclick: () => this.passAndPlay() }, "Start pass and play")),
    );
    this.addPassName(playerName());
    this.addPassName("");

    // Open tables.
    this.tablesBody = h("tbody");
    const tables = h(
      "section",
      { class: "panel", "aria-labelledby": "open-tables" },
      h("div", { class: "panel-head" }, h("h2", { id: "open-tables" }, "Open tables"), h("button", { type: "button", class: "button small ghost", onclick: () => this.refreshTables() }, "Refresh")),
      h(
        "table",
        { class: "tables-list" },
        h(
          "thead",
          {},
          h("tr", {}, h("th", {}, "Table"), h("th", { class: "hide-narrow" }, "Rules"), h("th", {}, "Seats"), h("th", {}, "Status"), h("th", { class: "hide-narrow" }, "Watching"), h("th", {}, h("span", { class: "visually-hidden" }, "Actions"))),
        ),
        this.tablesBody,
      ),
    );

    const create = h("details", { class: "panel create", id: "create-table" }, h("summary", {}, h("h2", {}, "Create a table")), this.createForm());

    // The side: best scores, recent matches.
    this.scoresPreset = this.presetSelect("High scores for");
    this.scoresPreset.addEventListener("change", () => this.loadScores());
    this.scoresList = h("ol", {});
    this.recentList = h("ol", {});
    const scores = h(
      "section",
      { class: "panel scores-mini", "aria-labelledby": "best-scores" },
      h("div", { class: "panel-head" }, h("h2", { id: "best-scores" }, "High scores"), h("a", { href: "./?view=leaderboards", "data-link": true, class: "small", id: "to-leaderboards" }, "Leaderboards")),
      h("label", { class: "field" }, h("span", { class: "visually-hidden" }, "Rules"), this.scoresPreset),
      this.scoresList,
    );
    const recent = h(
      "section",
      { class: "panel scores-mini", "aria-labelledby": "recent" },
      h("div", { class: "panel-head" }, h("h2", { id: "recent" }, "Recent matches"), h("a", { href: "./?view=history", "data-link": true, class: "small" }, "History")),
      this.recentList,
    );

    fill(
      this.root,
      h(
        "div",
        { class: "lobby" },
        hero,
        h("div", { class: "lobby-main" }, (this.dailyCard = new DailyCard()).root, this.quick.root, h("div", { class: "quickstarts" }, vsComputer, passAndPlay), tables, create),
        h("aside", { class: "lobby-side" }, scores, localScoresPanel(this.scoresPreset), recent),
      ),
    );
  }

  createForm() {
    const f = {};
    f.name = h("input", { type: "text", maxlength: "120", placeholder: "Friday night", name: "name" });
    f.preset = this.presetSelect();
    f.seats = h("input", { type: "number", min: "1", max: "8", value: "4", name: "seats" });
    f.rounds = h("input", { type: "number", min: "1", max: "6", value: "1", name: "rounds" });
    f.clock = h("select", { name: "clock", onchange: () => (f.timeoutField.hidden = !f.clock.value) }, CLOCKS.map(([value, text]) => h("option", { value }, text)));
    f.timeout = h("select", { name: "timeout_rule" }, h("option", { value: "forfeit" }, "loses the match"), h("option", { value: "scratch" }, "scores 0 in a box"));
    f.start = h("select", { name: "start_order" }, h("option", { value: "host_first" }, "The host, then join order"), h("option", { value: "roll_off" }, "Roll one die each"));
    f.undo = h("input", { type: "checkbox", checked: true, name: "undo_allowed" });
    f.away = h("select", { name: "absent_after_seconds" }, [[30, "30 seconds"], [60, "1 minute"], [120, "2 minutes"], [300, "5 minutes"]].map(([value, text]) => h("option", { value: String(value), selected: value === 60 }, text)));
    f.hints = h("select", { name: "hints" }, h("option", { value: "" }, "Off between people, on alone"), h("option", { value: "true" }, "On for everyone"), h("option", { value: "false" }, "Off until the end"));
    f.listed = h("input", { type: "checkbox", checked: true, name: "listed" });
    f.bots = h("div", { class: "bot-rows" });
    f.rated = h("input", { type: "checkbox", name: "rated", id: "create-rated", onchange: () => this.ratedChanged() });
    f.ratedNote = h("p", { class: "muted small rated-note", id: "rated-note", hidden: true }, "Rated: your rating moves with the result. Signed-in players only: no undo, no hints, no computer seats.");
    f.ratedCheck = h("label", { class: "check", id: "rated-choice", hidden: !currentAccount() }, f.rated, "Rated (for your rating)");
    f.addBot = h("button", { type: "button", class: "button small", onclick: () => addBot() }, "+ Computer player");
    this.form = f;
    const addBot = () => {
      const select = h("select", { "aria-label": "Computer player level" }, this.levels.map((l) => h("option", { value: l }, levelLabel(l))));
      if (this.levels.includes("good-human")) select.value = "good-human";
      const row = h("div", { class: "bot-row" }, select, h("button", { type: "button", class: "button small ghost", "aria-label": "Remove this computer seat", onclick: () => row.remove() }, "Remove"));
      f.bots.append(row);
    };
    return h(
      "form",
      {
        class: "create-form",
        onsubmit: (event) => {
          event.preventDefault();
          this.createTable();
        },
      },
      h(
        "div",
        { class: "form-grid" },
        h("label", { class: "field wide" }, "Table name", f.name),
        h("div", { class: "wide rules-field" }, h("label", { class: "field" }, "Rules", f.preset), rulesLink(f.preset)),
        h("label", { class: "field" }, "Seats", f.seats),
        h("label", { class: "field" }, "Rounds", f.rounds),
        h("label", { class: "field" }, "Clock per hand", f.clock),
        (f.timeoutField = h("label", { class: "field wide", id: "timeout-field", hidden: !f.clock.value }, "When a player runs out of time, they", f.timeout)),
        h("label", { class: "field wide" }, "Who starts", f.start),
        h("label", { class: "field wide" }, "An away player's turn passes after", f.away),
        h("label", { class: "field wide" }, "The computer's hints", f.hints),
      ),
      h("div", { class: "checks" }, f.ratedCheck, f.ratedNote, h("label", { class: "check" }, f.undo, "Undo allowed (until the next player rolls)"), h("label", { class: "check" }, f.listed, "Listed in the lobby (otherwise private: invite link only)")),
      h("fieldset", {}, h("legend", {}, "Computer seats"), f.bots, f.addBot),
      h("div", { class: "form-actions" }, h("button", { type: "submit", class: "button primary", id: "create-submit" }, "Open the table")),
    );
  }

  /** A rated table is between signed-in people: undo, hints and computer seats go. */
  ratedChanged() {
    const f = this.form;
    const rated = f.rated.checked && !f.ratedCheck.hidden;
    f.ratedNote.hidden = !rated;
    for (const control of [f.undo, f.hints, f.addBot]) control.disabled = rated;
    if (rated) {
      f.undo.checked = false;
      f.hints.value = "false";
      f.bots.replaceChildren();
      if (Number(f.seats.value) < 2) f.seats.value = "2";
    }
  }

  addPassName(value = "") {
    const rows = this.passNames.children.length;
    if (rows >= 8) return;
    const input = h("input", { type: "text", maxlength: "24", value, placeholder: `Player ${rows + 1}`, "aria-label": `Player ${rows + 1} name` });
    // Enter in a name starts the game, as the button does (the names sit in no form).
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.isComposing) {
        event.preventDefault();
        this.passAndPlay();
      }
    });
    const row = h(
      "div",
      { class: "name-row" },
      input,
      rows >= 2 ? h("button", { type: "button", class: "button small ghost", "aria-label": "Remove this player", onclick: () => row.remove() }, "×") : null,
    );
    this.passNames.append(row);
  }

  async load() {
    try {
      const [presets, levels] = await Promise.all([api.presets(), api.computerPlayers().catch(() => [])]);
      this.presets = presets;
      this.levels = levels;
    } catch (error) {
      toast(error.message, "error");
    }
    for (const select of this.presetSelects) {
      fill(select, this.presets.map((p) => h("option", { value: p.name, title: p.source }, p.title)));
      select.value = "official";
    }
    for (const select of this.levelSelects) {
      fill(select, this.levels.map((l) => h("option", { value: l, title: levelHint(l) }, levelLabel(l))));
      if (this.levels.includes("good-human")) select.value = "good-human";
    }
    this.vsNote.textContent = levelHint(this.vsLevel.value);
    this.refreshTables();
    this.loadScores();
    this.loadRecent();
  }

  presetTitle(name) {
    const found = this.presets.find((p) => p.name === name);
    return found ? found.title : name;
  }

  async refreshTables() {
    let tables;
    try {
      tables = await api.tables();
    } catch {
      return;
    }
    if (!this.tablesBody.isConnected) return;
    if (!tables.length) {
      fill(this.tablesBody, h("tr", {}, h("td", { colspan: "6", class: "empty" }, "No open tables right now. Start one below, or play against the computer.")));
      return;
    }
    fill(
      this.tablesBody,
      tables.map((t) => {
        const open = t.phase === "waiting" && t.open;
        const status = t.phase !== "waiting" ? "playing" : open ? "open" : t.seats_taken >= t.seats ? "full" : "host away";
        const o = t.options;
        // Unset, hints are on only with one person: a listed table with room is for several.
        const hints = o.rated ? "rated" : o.hints === true || (o.hints === null && o.seats <= 1) ? "hints on" : "hints off";
        return h(
          "tr",
          { dataset: { tableId: t.id } },
          h(
            "td",
            {},
            h("div", { class: "table-name" }, t.name || "Table"),
            h("div", { class: "muted small" }, [o.rounds > 1 ? `${o.rounds} rounds` : null, o.clock_seconds ? `${clockText(o.clock_seconds)} clock` : null, hints, t.players.join(", ")].filter(Boolean).join(" · ")),
          ),
          h("td", { class: "hide-narrow" }, this.presetTitle(t.preset)),
          h("td", { class: "num" }, `${t.seats_taken}/${t.seats}`),
          h("td", {}, h("span", { class: `pill ${t.phase}`, title: t.host_here ? "" : "The host is not here right now" }, status)),
          h("td", { class: "num hide-narrow" }, String(t.spectators)),
          h(
            "td",
            { class: "actions" },
            open ? h("button", { type: "button", class: "button small primary", onclick: () => this.join(t.id) }, "Join") : null,
            h("a", { class: "button small", href: `./?table=${encodeURIComponent(t.id)}`, "data-link": true }, "Watch"),
          ),
        );
      }),
    );
  }

  async loadScores() {
    const preset = this.scoresPreset.value || "official";
    const current = () => (this.scoresPreset.value || "official") === preset;
    try {
      const scores = await api.highScores(preset, 5);
      if (!current()) return; // a later choice's answer is the one to show, whichever comes first
      fill(
        this.scoresList,
        scores.length
          ? scores.map((s, i) => h("li", {}, h("span", {}, `${i + 1}. ${s.name}`, s.rounds > 1 ? h("span", { class: "muted small" }, ` · game ${s.round} of ${s.rounds}`) : null), h("strong", { class: "num" }, String(s.total))))
          : h("li", { class: "muted" }, "No scores yet: be the first."),
      );
    } catch {
      if (current()) fill(this.scoresList, h("li", { class: "muted" }, "High scores are not available."));
    }
  }

  async loadRecent() {
    try {
      const matches = await api.matches(5);
      fill(
        this.recentList,
        matches.length
          ? matches.map((m) =>
              h(
                "li",
                {},
                h("a", { href: `./?view=replay&match=${encodeURIComponent(m.id)}`, "data-link": true }, m.label || this.presetTitle(m.preset)),
                h("span", { class: "muted small" }, dateText(m.finished_at)),
              ),
            )
          : h("li", { class: "muted" }, "No finished matches yet."),
      );
    } catch {
      fill(this.recentList, h("li", { class: "muted" }, "History is not available."));
    }
  }

  // Actions ----------------------------------------------------------------------------------

  async join(tableId) {
    const name = this.name();
    if (!name) return;
    try {
      const seat = await api.takeSeat(tableId, name);
      addSeat(tableId, seat.seat, seat.token, name, { mode: "online", primary: seat.seat });
      navigate(`./?table=${encodeURIComponent(tableId)}`);
    } catch (error) {
      toast(error.message, "error");
      this.refreshTables();
    }
  }

  async playComputer() {
    const name = this.name();
    if (!name || !this.vsLevel.value) return;
    await this.open(
      {
        preset: this.vsPreset.value || null,
        name: `${name} vs the computer`,
        listed: false,
        host_name: name,
        seats: 2,
        hints: true,
        bots: [{ level: this.vsLevel.value, name: botName(this.vsLevel.value, [name]) }],
        at_one_screen: true,
      },
      [],
      "computer",
      true,
    );
  }

  async passAndPlay() {
    const names = [...this.passNames.querySelectorAll("input")].map((i, n) => cleanName(i.value) || `Player ${n + 1}`);
    if (hasTwins(names)) return toast("Give each player a different name: capitals and spaces do not count", "error");
    if (names[0]) setPlayerName(names[0]);
    // One screen: the players see each other's hints anyway, so they are on.
    await this.open({ preset: this.passPreset.value || null, name: "Pass and play", listed: false, host_name: names[0], seats: names.length, hints: true, at_one_screen: true }, names.slice(1), "pass", true);
  }

  async createTable() {
    const name = this.name();
    if (!name) return;
    const f = this.form;
    const body = {
      preset: f.preset.value || null,
      name: f.name.value.trim() || `${name}'s table`,
      listed: f.listed.checked,
      host_name: name,
      seats: Number(f.seats.value) || 4,
      rounds: Number(f.rounds.value) || 1,
      clock_seconds: f.clock.value ? Number(f.clock.value) : null,
      timeout_rule: f.timeout.value,
      undo_allowed: f.undo.checked,
      start_order: f.start.value,
      absent_after_seconds: Number(f.away.value) || 60,
      hints: f.hints.value === "" ? null : f.hints.value === "true",
      bots: [],
    };
    if (f.rated.checked && !f.ratedCheck.hidden) {
      Object.assign(body, { rated: true, undo_allowed: false, hints: false });
    }
    for (const select of f.bots.querySelectorAll("select")) {
      const taken = [name, ...body.bots.map((b) => b.name)];
      body.bots.push({ level: select.value, name: botName(select.value, taken) });
    }
    await this.open(body, [], "online", false);
  }

  /** Open a table, seat the local players, remember their tokens, and go there. A second click
   * while the first is under way does nothing (and the create's key makes a retry open one). */
  async open(body, otherNames, mode, autostart) {
    if (this.opening) return;
    this.opening = true;
    const buttons = [...this.root.querySelectorAll("button.primary")];
    for (const button of buttons) button.disabled = true;
    try {
      const created = await api.createTable(body);
      const id = created.table_id;
      saveSeats(id, { mode, seats: { [created.seat]: { token: created.token, name: body.host_name } }, primary: created.seat, autostart });
      for (const other of otherNames) {
        const seat = await api.takeSeat(id, other);
        addSeat(id, seat.seat, seat.token, other);
      }
      navigate(`./?table=${encodeURIComponent(id)}`);
    } catch (error) {
      toast(error.message, "error");
    } finally {
      this.opening = false;
      for (const button of buttons) button.disabled = false;
    }
  }
}
