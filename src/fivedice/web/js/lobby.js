// The lobby: quick starts (play now, against the computer, pass and play), the open tables to join or
// watch, a table with every option, and the best scores.

import { accountReady, currentAccount, onAccountChange } from "./identity.js";
import { api } from "./api.js";
import { DailyCard } from "./daily_card.js";
import { dieSvg } from "./dice.js";
import { clockText, fill, h, toast } from "./dom.js";
import { num, presetTitle, t } from "./i18n.js";
import { dateTimeText } from "./dates.js";
import { levelHint, levelLabel } from "./labels.js";
import { localScoresPanel } from "./localscores.js";
import { cleanName, hasTwins } from "./names.js";
import { QuickMatchPanel } from "./quickmatch.js";
import { rulesLink } from "./rules.js";
import { navigate } from "./router.js";
import { playerName, setPlayerName } from "./player_name.js";
import { addSeat, saveSeats } from "./seats.js";
import { tableName } from "./table_names.js";

/** The clock choices: the seconds (none: no clock), and their words. */
const CLOCKS = () => [
  ["", t("lobby.no_clock")],
  ...[15, 30].map((n) => [String(n), t("lobby.seconds", { count: n })]),
  ...[1, 2, 4].map((n) => [String(n * 60), t("lobby.minutes", { count: n })]),
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
    this.stopListening = onAccountChange((account) => this.becomeAccount(account));
    accountReady().then((account) => this.becomeAccount(account));
  }

  destroy() {
    clearInterval(this.timer);
    this.stopListening();
    this.quick.destroy();
    this.dailyCard.destroy();
  }

  /** The lobby as this account's: its name in "Your name" and as the first player at one
   * screen (unless the player is in the field: typing as the account arrived gave "Guest
   * 1036Bob"), and the Rated choice. */
  becomeAccount(account) {
    // A name typed before the first account was known is this account's.
    if (this.typedUnknown && account) setPlayerName(this.nameInput.value.trim(), account);
    this.typedUnknown = false;
    const name = playerName(account);
    const typing = document.activeElement;
    if (typing !== this.nameInput) this.nameInput.value = name;
    // The first player at one screen, unless the player named them.
    const first = this.passNames.querySelector("input");
    if (first && typing !== first && [this.shownName, ""].includes(first.value.trim())) first.value = name;
    this.shownName = name;
    this.offerRated(account);
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
      toast(t("lobby.name_first"), "error");
      return null;
    }
    setPlayerName(name);
    return name;
  }

  presetSelect(label = t("lobby.rules")) {
    const select = h("select", { "aria-label": label, class: "preset-select" });
    this.presetSelects.push(select);
    return select;
  }

  build() {
    this.presetSelects = [];
    this.levelSelects = [];
    this.nameInput = h("input", { type: "text", id: "player-name", maxlength: "24", value: playerName(), autocomplete: "nickname", placeholder: t("lobby.name_placeholder") });
    this.nameInput.addEventListener("input", () => {
      setPlayerName(this.nameInput.value.trim());
      this.typedUnknown = !currentAccount();
    });

    const hero = h(
      "section",
      { class: "hero" },
      h(
        "div",
        {},
        h("h1", {}, t("lobby.hero_title")),
        h("p", {}, t("lobby.hero_text")),
        h("div", { class: "name-field" }, h("label", { for: "player-name" }, t("lobby.your_name")), this.nameInput),
      ),
      h("div", { class: "hero-dice", "aria-hidden": "true" }, [2, 3, 4, 5, 6].map((v) => dieSvg(v))),
    );

    // Quick starts: a rated table with players of about your rating, the computer, one screen.
    this.quick = new QuickMatchPanel(this.presetSelect());
    this.vsLevel = h("select", { id: "vs-level" }); // named by its visible label (lobby.opponent)
    this.levelSelects.push(this.vsLevel);
    this.vsNote = h("p", { class: "muted small level-note", "aria-live": "polite" });
    this.vsLevel.addEventListener("change", () => (this.vsNote.textContent = levelHint(this.vsLevel.value)));
    this.vsPreset = this.presetSelect();
    const vsComputer = h(
      "section",
      { class: "panel quick", "aria-labelledby": "quick-computer" },
      h("h2", { id: "quick-computer" }, icon('<rect x="4" y="7" width="16" height="12" rx="3"/><path d="M12 7V3M9 12h.01M15 12h.01M9 16h6"/>'), t("lobby.vs_computer")),
      h("p", { class: "muted small" }, t("lobby.vs_computer_note")),
      h("div", { class: "row" }, h("label", { class: "field" }, t("lobby.opponent"), this.vsLevel), h("label", { class: "field" }, t("lobby.rules"), this.vsPreset)),
      this.vsNote,
      h("div", { class: "row" }, h("button", { type: "button", class: "button primary", id: "play-computer", onclick: () => this.playComputer() }, t("lobby.vs_computer"))),
    );

    this.passNames = h("div", { class: "names-list" });
    this.passPreset = this.presetSelect();
    const passAndPlay = h(
      "section",
      { class: "panel quick", "aria-labelledby": "quick-pass" },
      h("h2", { id: "quick-pass" }, icon('<circle cx="8" cy="8" r="3"/><circle cx="16" cy="8" r="3"/><path d="M3 20c0-3 2.5-5 5-5s5 2 5 5M11 20c0-3 2.5-5 5-5s5 2 5 5"/>'), t("lobby.pass")),
      h("p", { class: "muted small" }, t("lobby.pass_note")),
      this.passNames,
      h("div", { class: "row" }, h("button", { type: "button", class: "button small", onclick: () => this.addPassName() }, t("lobby.add_player"))),
      h("div", { class: "row" }, h("label", { class: "field" }, t("lobby.rules"), this.passPreset)),
      h("div", { class: "row" }, h("button", { type: "button", class: "button primary", id: "pass-and-play", onclick: () => this.passAndPlay() }, t("lobby.pass_start"))),
    );
    this.shownName = playerName();
    this.addPassName(this.shownName);
    this.addPassName("");

    // Open tables.
    this.tablesBody = h("tbody");
    const tables = h(
      "section",
      { class: "panel", "aria-labelledby": "open-tables" },
      h("div", { class: "panel-head" }, h("h2", { id: "open-tables" }, t("lobby.open_tables")), h("button", { type: "button", class: "button small ghost", onclick: () => this.refreshTables() }, t("lobby.refresh"))),
      h(
        "table",
        { class: "tables-list" },
        h(
          "thead",
          {},
          h("tr", {}, h("th", {}, t("lobby.col_table")), h("th", { class: "hide-narrow" }, t("lobby.rules")), h("th", { class: "seats-col" }, t("lobby.col_seats")), h("th", {}, t("lobby.col_status")), h("th", { class: "hide-narrow" }, t("lobby.col_watching")), h("th", {}, h("span", { class: "visually-hidden" }, t("lobby.col_actions")))),
        ),
        this.tablesBody,
      ),
    );

    const create = h("details", { class: "panel create", id: "create-table" }, h("summary", {}, h("h2", {}, t("lobby.create"))), this.createForm());

    // The side: best scores, recent matches.
    this.scoresPreset = this.presetSelect(t("lobby.scores_for"));
    this.scoresPreset.addEventListener("change", () => this.loadScores());
    this.scoresList = h("ol", { class: "five-rows" }); // its room kept while it loads (settle.css)
    this.recentList = h("ol", { class: "five-rows" });
    const scores = h(
      "section",
      { class: "panel scores-mini", "aria-labelledby": "best-scores" },
      h("div", { class: "panel-head" }, h("h2", { id: "best-scores" }, t("lobby.high_scores")), h("a", { href: "./?view=leaderboards", "data-link": true, class: "small", id: "to-leaderboards" }, t("nav.leaderboards"))),
      h("label", { class: "field" }, h("span", { class: "visually-hidden" }, t("lobby.rules")), this.scoresPreset),
      this.scoresList,
    );
    const recent = h(
      "section",
      { class: "panel scores-mini", "aria-labelledby": "recent" },
      h("div", { class: "panel-head" }, h("h2", { id: "recent" }, t("lobby.recent")), h("a", { href: "./?view=history", "data-link": true, class: "small" }, t("nav.history"))),
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
    f.name = h("input", { type: "text", maxlength: "120", placeholder: t("lobby.table_name_placeholder"), name: "name" });
    f.preset = this.presetSelect();
    f.seats = h("input", { type: "number", min: "1", max: "8", value: "4", name: "seats" });
    f.rounds = h("input", { type: "number", min: "1", max: "6", value: "1", name: "rounds" });
    f.clock = h("select", { name: "clock", onchange: () => (f.timeoutField.hidden = !f.clock.value) }, CLOCKS().map(([value, text]) => h("option", { value }, text)));
    f.timeout = h("select", { name: "timeout_rule" }, h("option", { value: "forfeit" }, t("lobby.timeout_forfeit")), h("option", { value: "scratch" }, t("lobby.timeout_scratch")));
    f.start = h("select", { name: "start_order" }, h("option", { value: "host_first" }, t("lobby.start_host")), h("option", { value: "roll_off" }, t("lobby.start_roll_off")));
    f.undo = h("input", { type: "checkbox", checked: true, name: "undo_allowed" });
    f.away = h("select", { name: "absent_after_seconds" }, [[30, t("lobby.seconds", { count: 30 })], [60, t("lobby.minutes", { count: 1 })], [120, t("lobby.minutes", { count: 2 })], [300, t("lobby.minutes", { count: 5 })]].map(([value, text]) => h("option", { value: String(value), selected: value === 60 }, text)));
    f.hints = h("select", { name: "hints" }, h("option", { value: "" }, t("lobby.hints_default")), h("option", { value: "true" }, t("lobby.hints_on")), h("option", { value: "false" }, t("lobby.hints_off")));
    f.listed = h("input", { type: "checkbox", checked: true, name: "listed" });
    f.bots = h("div", { class: "bot-rows" });
    f.rated = h("input", { type: "checkbox", name: "rated", id: "create-rated", onchange: () => this.ratedChanged() });
    f.ratedNote = h("p", { class: "muted small rated-note", id: "rated-note", hidden: true }, t("lobby.rated_note"));
    f.ratedCheck = h("label", { class: "check", id: "rated-choice", hidden: !currentAccount() }, f.rated, t("lobby.rated"));
    f.addBot = h("button", { type: "button", class: "button small", onclick: () => addBot() }, t("lobby.add_computer"));
    this.form = f;
    const addBot = () => {
      const select = h("select", { "aria-label": t("lobby.computer_level") }, this.levels.map((l) => h("option", { value: l }, levelLabel(l))));
      if (this.levels.includes("good-human")) select.value = "good-human";
      const row = h("div", { class: "bot-row" }, select, h("button", { type: "button", class: "button small ghost", "aria-label": t("lobby.remove_computer"), onclick: () => row.remove() }, t("lobby.remove")));
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
        h("label", { class: "field wide" }, t("lobby.table_name"), f.name),
        h("div", { class: "wide rules-field" }, h("label", { class: "field" }, t("lobby.rules"), f.preset), rulesLink(f.preset)),
        h("label", { class: "field" }, t("lobby.col_seats"), f.seats),
        h("label", { class: "field" }, t("lobby.rounds"), f.rounds),
        h("label", { class: "field" }, t("lobby.clock"), f.clock),
        (f.timeoutField = h("label", { class: "field wide", id: "timeout-field", hidden: !f.clock.value }, t("lobby.timeout"), f.timeout)),
        h("label", { class: "field wide" }, t("lobby.who_starts"), f.start),
        h("label", { class: "field wide" }, t("lobby.away_after"), f.away),
        h("label", { class: "field wide" }, t("lobby.hints"), f.hints),
      ),
      h("div", { class: "checks" }, f.ratedCheck, f.ratedNote, h("label", { class: "check" }, f.undo, t("lobby.undo_allowed")), h("label", { class: "check" }, f.listed, t("lobby.listed"))),
      h("fieldset", {}, h("legend", {}, t("lobby.computer_seats")), f.bots, f.addBot),
      h("div", { class: "form-actions" }, h("button", { type: "submit", class: "button primary", id: "create-submit" }, t("lobby.open_table"))),
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
    const input = h("input", { type: "text", maxlength: "24", value, placeholder: t("lobby.player_n", { number: rows + 1 }), "aria-label": t("lobby.player_n_name", { number: rows + 1 }) });
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
      rows >= 2 ? h("button", { type: "button", class: "button small ghost", "aria-label": t("lobby.remove_player"), onclick: () => row.remove() }, "×") : null,
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
      fill(select, this.presets.map((p) => h("option", { value: p.name, title: p.source }, presetTitle(p.name, p.title))));
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
    return presetTitle(name, found ? found.title : name);
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
      fill(this.tablesBody, h("tr", {}, h("td", { colspan: "6", class: "empty" }, t("lobby.no_tables"))));
      return;
    }
    fill(
      this.tablesBody,
      tables.map((table) => {
        const open = table.phase === "waiting" && table.open;
        const status = table.phase !== "waiting" ? t("lobby.status_playing") : open ? t("lobby.status_open") : table.seats_taken >= table.seats ? t("lobby.status_full") : t("lobby.status_host_away");
        const o = table.options;
        // Unset, hints are on only with one person: a listed table with room is for several.
        const hints = o.rated ? t("lobby.tag_rated") : o.hints === true || (o.hints === null && o.seats <= 1) ? t("lobby.tag_hints_on") : t("lobby.tag_hints_off");
        return h(
          "tr",
          { dataset: { tableId: table.id } },
          h(
            "td",
            {},
            h("div", { class: "table-name" }, tableName(table.name, table.title, t("table.table"))),
            // On the narrowest phones the seats column gives its room to the name: said here.
            h("div", { class: "small seats-narrow" }, t("lobby.seats_taken", { taken: table.seats_taken, seats: table.seats })),
            h("div", { class: "muted small" }, [o.rounds > 1 ? t("waiting.rounds", { count: o.rounds }) : null, o.clock_seconds ? t("lobby.tag_clock", { time: clockText(o.clock_seconds) }) : null, hints, table.players.join(", ")].filter(Boolean).join(" · ")),
          ),
          h("td", { class: "hide-narrow" }, this.presetTitle(table.preset)),
          h("td", { class: "num seats-col" }, `${num(table.seats_taken)}/${num(table.seats)}`),
          h("td", {}, h("span", { class: `pill ${table.phase}`, title: table.host_here ? "" : t("lobby.host_not_here") }, status)),
          h("td", { class: "num hide-narrow" }, num(table.spectators)),
          h(
            "td",
            { class: "actions" },
            open ? h("button", { type: "button", class: "button small primary", onclick: () => this.join(table.id) }, t("lobby.join")) : null,
            h("a", { class: "button small", href: `./?table=${encodeURIComponent(table.id)}`, "data-link": true }, t("lobby.watch")),
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
          ? scores.map((s, i) => h("li", {}, h("span", {}, `${num(i + 1)}. ${s.name}`, s.rounds > 1 ? h("span", { class: "muted small" }, ` · ${t("lobby.game_of", { round: s.round, rounds: s.rounds })}`) : null), h("strong", { class: "num" }, num(s.total))))
          : h("li", { class: "muted" }, t("lobby.no_scores")),
      );
    } catch {
      if (current()) fill(this.scoresList, h("li", { class: "muted" }, t("lobby.scores_unavailable")));
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
                h("a", { href: `./?view=replay&match=${encodeURIComponent(m.id)}`, "data-link": true }, tableName(m.label, m.title, this.presetTitle(m.preset))),
                h("span", { class: "muted small" }, dateTimeText(m.finished_at)),
              ),
            )
          : h("li", { class: "muted" }, t("lobby.no_matches")),
      );
    } catch {
      fill(this.recentList, h("li", { class: "muted" }, t("lobby.history_unavailable")));
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
        // Named by kind, worded in each viewer's language; the computer by its level, too.
        title: { kind: "versus_computer", player: name, level: this.vsLevel.value },
        listed: false,
        host_name: name,
        seats: 2,
        hints: true,
        bots: [{ level: this.vsLevel.value }],
        at_one_screen: true,
      },
      [],
      "computer",
      true,
    );
  }

  async passAndPlay() {
    const names = [...this.passNames.querySelectorAll("input")].map((i, n) => cleanName(i.value) || t("lobby.player_n", { number: n + 1 }));
    if (hasTwins(names)) return toast(t("lobby.names_twins"), "error");
    if (names[0]) setPlayerName(names[0]);
    // One screen: the players see each other's hints anyway, so they are on.
    await this.open({ preset: this.passPreset.value || null, title: { kind: "pass_and_play" }, listed: false, host_name: names[0], seats: names.length, hints: true, at_one_screen: true }, names.slice(1), "pass", true);
  }

  async createTable() {
    const name = this.name();
    if (!name) return;
    const f = this.form;
    const body = {
      preset: f.preset.value || null,
      ...(f.name.value.trim() ? { name: f.name.value.trim() } : { title: { kind: "table_of", player: name } }),
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
    // Computer seats go unnamed: the server calls each by its level, numbered, and every
    // viewer reads that in their own language.
    for (const select of f.bots.querySelectorAll("select")) body.bots.push({ level: select.value });
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
