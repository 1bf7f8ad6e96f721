// Lobby page: lists tables and matches (polling the REST API), creates tables,
// takes and leaves seats, picks heroes (C-23: a deck), ready, start, lets the host remove a
// player (who is told); sends everyone seated at a table to its match page
// once the host starts it.
import { api, confirmThen, el, loadCatalog, loadModes, nameList, pageConfig } from "./common.js";
import { deckPicker, isDeckGame, loadSavedDecks, seatDeck } from "./lobbydecks.js";
import { optionFields, optionSummary, readOptions } from "./lobbygames.js";
import { heroLabel, heroPicker, seatHeroes } from "./lobbyheroes.js";
import { renderMatches } from "./lobbymatches.js";
import { initPaceFields, initTurnBased, paceBody, refreshTurnBased } from "./lobbyturnbased.js";
import { initPlayNow } from "./lobbyplaynow.js";
import { seatBotControls } from "./tablebots.js";

const config = pageConfig("lobby-config");
// The page's elements by id: any, since they are of many kinds (inputs,
// dialogs, buttons) and the template guarantees them.
/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const POLL_MS = 3000;
const BACKGROUND_POLL_MS = 60000; // a page in the background: the host of a table stays "here" (lobby/seen.py)
const modes = {};
let lastTables = "";
let lastMatches = "";
const seenOpen = new Set(); // tables seen open with me seated: follow them to their match
let busy = false;

function showError(text) {
  $("lobby-error").textContent = text || "";
}

/**
 * A failed API call as a sentence a player understands: the server's own
 * sentence when it gave one, the messages of a form error without field
 * names, else what happened in plain words (never a status code).
 */
function refusal(result) {
  const data = result.data;
  if (data && typeof data.detail === "string") return data.detail;
  if (data && typeof data === "object") {
    const messages = Object.values(data).flat().filter((m) => typeof m === "string");
    if (messages.length) return messages.join(" ");
  }
  if (result.status === 0) return "The server cannot be reached: check your connection; the page tries again by itself.";
  if (result.status === 403) return "You are logged out or may not do that: reload the page.";
  if (result.status >= 500) return "Something went wrong on the server: try again in a moment.";
  return "That did not work: reload the page and try again.";
}

async function act(method, url, body) {
  busy = true;
  const result = await api(method, url, body);
  busy = false;
  showError(result.ok ? "" : refusal(result));
  await refresh(true);
  return result;
}

// What the page shares with its parts (lobbyheroes.js, lobbymatches.js):
// the modes and the card catalog once loaded, and how to act and report.
const lobby = {
  modes, catalog: new Map(), $, act, refresh, showError, failed: (/** @type {any} */ result) => showError(refusal(result)),
};

function inviteQuery() {
  return config.invite ? `?invite=${encodeURIComponent(config.invite)}` : "";
}

function renderSeat(table, seat, mySeat) {
  const row = el("li", null, { class: "seat-row", "data-seat": seat.index });
  row.append(el("span", `Seat ${seat.index + 1}`, { class: "tag" }));
  row.append(el("span", seat.player || "empty", { class: seat.player ? "player" : "player empty" }));
  const mode = modes[table.mode] || {};
  const deckGame = isDeckGame(mode);
  if (seat.heroes.length) row.append(seatHeroes(lobby, table, seat));
  else if (seat.player && mode.heroes_per_seat > 1) row.append(el("span", "picking heroes…", { class: "heroes waiting-flag" }));
  if (deckGame && seat.player) row.append(seatDeck(seat));
  if (seat.player) row.append(el("span", seat.ready ? "✓ ready" : "not ready", { class: seat.ready ? "ready-flag" : "waiting-flag" }));
  row.append(...seatBotControls(table, seat, config.userId, act)); // bots at the table: tablebots.js
  if (table.status !== "open") return row;
  const held = (table.held_seats || []).find((h) => h.index === seat.index && h.user_id !== config.userId);
  if (!seat.player && held) {
    // A rematch keeps each player's seat for them while it waits (lobby.services.held_seats).
    const until = clockTime(held.until);
    row.append(el("span", `kept for ${held.player} until ${until}`, { class: "waiting-flag held",
      title: `${held.player} played this seat in the last match: nobody else may take it before ${until}.` }));
  } else if (!seat.player && !table.host_here && table.host_id !== config.userId) {
    row.append(el("span", "the host has left", { class: "waiting-flag", title: "This table takes no new player until its host is back." }));
  } else if (!seat.player && !table.removed) {
    const take = el("button", mySeat ? "Move here" : "Take seat", { type: "button", class: "btn small take" });
    take.onclick = () => act("POST", `/api/tables/${table.id}/join/`, { index: seat.index, invite: config.invite || undefined });
    row.append(take);
  }
  if (seat.player && seat.user_id !== config.userId && table.host_id === config.userId) {
    // The host removes a player before the start; that player cannot sit here again.
    const remove = el("button", "Remove", { type: "button", class: "btn small ghost remove", title: `Remove ${seat.player} from this table` });
    remove.onclick = () => {
      const go = () => act("POST", `/api/tables/${table.id}/remove/`, { index: seat.index });
      if (seat.bot) go();
      else confirmThen(`Remove ${seat.player} from this table? They cannot take a seat here again.`, "Remove", go);
    };
    row.append(remove);
  }
  if (seat.user_id === config.userId) {
    const picker = deckGame ? deckPicker(table, seat, act) : heroPicker(lobby, table, seat);
    if (picker) row.append(picker);
    const ready = el("button", seat.ready ? "Not ready" : "Ready", { type: "button", class: seat.ready ? "btn small ghost ready" : "btn small primary ready" });
    if (!seat.ready && !seat.heroes.length && mode.heroes_per_seat !== 0) {
      ready.disabled = true;
      ready.title = mode.heroes_per_seat > 1 ? "Pick your heroes first" : "Pick your hero first";
    }
    if (!seat.ready && deckGame && !seat.deck) {
      ready.disabled = true;
      ready.title = "Pick your deck first";
    }
    ready.onclick = () => act("PATCH", `/api/tables/${table.id}/seat/`, { ready: !seat.ready });
    const leave = el("button", "Leave", { type: "button", class: "btn small ghost leave" });
    leave.onclick = () => act("POST", `/api/tables/${table.id}/leave/`);
    row.append(ready, leave);
  }
  return row;
}

function inviteBox(table) {
  const link = `${location.origin}/invite/${table.invite_token}/`;
  const input = el("input", null, { type: "text", readonly: true, value: link, class: "invite-link", "aria-label": "Invite link" });
  const copy = el("button", "Copy", { type: "button", class: "btn small" });
  copy.onclick = async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(link);
      copy.textContent = "Copied";
    } catch {
      document.execCommand("copy");
      copy.textContent = "Copied";
    }
  };
  return el("div", null, { class: "invite" }, el("span", table.is_public ? "Invite link:" : "Private — invite link:", { class: "hint" }), input, copy);
}

/** "3 players · open: seats 2 and 3" — a table's size and its free seats (modes without teams). */
function seatSummary(table) {
  const open = table.seats.filter((s) => !s.player).map((s) => s.index + 1);
  let text = `${table.seats.length} players`;
  if (table.status === "open") {
    if (!open.length) text += " · every seat is taken";
    else text += ` · open: seat${open.length > 1 ? "s" : ""} ${nameList(open.map(String))}`;
  }
  return el("p", text, {
    class: "hint open-seats", "data-seats": table.seats.length, "data-open": open.join(" "),
  });
}

/** The rematch note for a viewer without a seat at rematch `table`: the
 * invitation for a player of the match it plays again (a seat is kept for
 * them, lobby.services.held_seats), a neutral line for anyone else. */
function rematchOffer(table) {
  const held = table.held_seats || [];
  if (held.some((h) => h.user_id === config.userId)) return `${table.host} offers a rematch of your match: take a seat to accept.`;
  if (!held.length) return `Rematch of ${table.host}'s last match.`;
  const players = [table.host, ...held.map((h) => h.player)];
  return `Rematch of ${nameList(players)}'s match: seats kept for its players until ${clockTime(held[0].until)}.`;
}

/** The time of day of ISO instant `iso` on the viewer's own clock (hours and minutes). */
function clockTime(iso) {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function renderTable(table) {
  const mySeat = table.seats.find((s) => s.user_id === config.userId);
  const focus = config.focusTable === table.id;
  const box = el("article", null, {
    class: `table-card${mySeat ? " mine" : ""}${focus ? " focus" : ""}${table.rematch_of_match ? " rematch" : ""}`,
    id: `table-${table.id}`, "data-table": table.id,
  });
  const label = modes[table.mode] ? modes[table.mode].label : table.mode;
  const head = el("div", null, { class: "table-head" }, el("strong", `Table ${table.id}`), el("span", label));
  const perMove = (/** @type {number} */ s) => (s >= 86400 ? `${s / 86400} d` : `${s / 3600} h`);
  const rule = table.deadline_rule === "strikes" ? `${table.strikes_allowed} strikes lose` : "a bot plays a missed turn";
  const timer = table.turn_based
    ? ` · turn-based, ${perMove(table.turn_seconds)} a move, ${rule}`
    : table.turn_seconds ? ` · ${Math.round(table.turn_seconds / 60)} min a turn` : "";
  const map = table.map_name ? ` · map: ${table.map_name}` : "";
  head.append(el("span", `host ${table.host} · ${table.is_public ? "public" : "private"}${table.allow_spectators ? "" : " · no spectators"}${table.rated ? " · rated" : ""}${timer}${map} · ${table.match_status === "finished" ? "match over" : table.status}`, { class: "table-meta" }));
  box.append(head);
  const options = optionSummary(table, modes[table.mode]);
  if (options) box.append(options);
  if (table.removed) {
    box.append(el("p", "The host removed you from this table: you cannot sit here again.", { class: "hint removed-note", role: "status" }));
  }
  if (table.rematch_of_match && table.status === "open") {
    const waiting = table.seats.some((s) => !s.player);
    box.append(el("p", mySeat
      ? (waiting ? "Rematch: the other players of your last match see this table in their lobby and accept by taking a seat."
        : "Rematch: every seat is taken again (bots sit down at once); get ready, and the host starts.")
      : rematchOffer(table),
    { class: "rematch-note", role: "status" }));
  }
  const teams = [...new Set(table.seats.map((s) => s.team))];
  if (teams.length && teams.every((t) => t !== null)) {
    // Team modes (Two-Headed Dragon): the seats of each team together, with its open seats.
    const open = table.seats.filter((s) => !s.player);
    if (table.status === "open") {
      const summary = open.length
        ? `Open: ${teams.map((t) => [t, open.filter((s) => s.team === t).length]).filter(([, n]) => n)
          .map(([t, n]) => `team ${t + 1} ×${n}`).join(", ")}`
        : "Every seat is taken";
      box.append(el("p", summary, { class: "hint open-seats" }));
    }
    const grid = el("div", null, { class: "team-seats-grid" });
    for (const team of teams) {
      const seats = table.seats.filter((s) => s.team === team);
      const free = seats.filter((s) => !s.player).length;
      const mine = mySeat && mySeat.team === team;
      const group = el("section", null, { class: `team-seats${mine ? " my-team" : ""}`, "data-team": team });
      group.append(el("h3", null, { class: "team-seats-title" }, el("span", `Team ${team + 1}`),
        el("span", free ? `${free} open seat${free > 1 ? "s" : ""}` : "full", { class: free ? "open-count" : "full-count" })));
      const list = el("ul", null, { class: "seats" });
      for (const seat of seats) list.append(renderSeat(table, seat, mySeat));
      group.append(list);
      grid.append(group);
    }
    box.append(grid);
  } else {
    box.append(seatSummary(table));
    const seats = el("ul", null, { class: "seats" });
    for (const seat of table.seats) seats.append(renderSeat(table, seat, mySeat));
    box.append(seats);
  }
  if (table.invite_token && table.status === "open") box.append(inviteBox(table));
  if (table.status === "open" && mySeat && table.host_id === config.userId) {
    const everyone = table.seats.every((s) => s.player && s.ready);
    const start = el("button", "Start the match", { type: "button", class: "btn primary start" });
    if (!everyone) {
      start.disabled = true;
      box.append(el("p", "Start is possible once every seat is taken and ready.", { class: "hint" }));
    }
    start.onclick = async () => {
      const result = await act("POST", `/api/tables/${table.id}/start/`);
      if (result.ok && result.data.match_id) location.href = `/match/${result.data.match_id}/`;
    };
    box.append(el("div", null, { class: "row" }, start));
  } else if (table.status === "open" && mySeat) {
    box.append(el("p", "Waiting for the host to start the match.", { class: "hint" }));
  }
  if (table.match_id) {
    const watch = !mySeat;
    if (!watch || table.allow_spectators) {
      const suffix = watch && config.invite ? inviteQuery() : "";
      const over = table.match_status === "finished";
      const label = over ? "See the end" : watch ? "Watch the match" : "Play the match";
      box.append(el("div", null, { class: "row" }, el("a", label, {
        href: `/match/${table.match_id}/${suffix}`, class: watch || over ? "btn open-match" : "btn primary open-match",
      })));
    } else {
      box.append(el("p", "This match does not allow spectators.", { class: "hint" }));
    }
  }
  return box;
}

function followStartedTables(tables) {
  for (const table of tables) {
    const seated = table.seats.some((s) => s.user_id === config.userId);
    if (table.removed && seenOpen.delete(table.id)) showError(`The host removed you from table ${table.id}.`);
    if (!seated) continue;
    if (table.status === "open") seenOpen.add(table.id);
    else if (table.match_id && seenOpen.has(table.id)) {
      location.href = `/match/${table.match_id}/`;
      return true;
    }
  }
  return false;
}

function renderTables(tables) {
  // Open tables, plus the one an invite link points to whatever its state.
  const shown = tables.filter((t) => t.status === "open" || t.id === config.focusTable);
  shown.sort((a, b) => Number(b.id === config.focusTable) - Number(a.id === config.focusTable)
    || (Number(b.seats.some((s) => s.user_id === config.userId)) - Number(a.seats.some((s) => s.user_id === config.userId)))
    || (Number(!!b.rematch_of_match) - Number(!!a.rematch_of_match))
    || b.id - a.id);
  const nodes = shown.map(renderTable);
  $("tables").replaceChildren(...(nodes.length ? nodes : [el("p", "No open tables yet: create one.", { class: "empty-note" })]));
}

async function refresh(force = false) {
  if (busy && !force) return;
  const [tables, matches] = await Promise.all([api("GET", `/api/tables/${inviteQuery()}`), api("GET", "/api/lobby/matches/")]);
  $("tables-live").textContent = tables.ok ? "live" : "offline";
  if (!tables.ok) {
    showError(refusal(tables));
    return;
  }
  if (followStartedTables(tables.data)) return;
  const tablesKey = JSON.stringify(tables.data);
  if (force || tablesKey !== lastTables) {
    lastTables = tablesKey;
    renderTables(tables.data);
  }
  if (matches.ok) {
    const key = JSON.stringify(matches.data);
    if (force || key !== lastMatches) {
      lastMatches = key;
      renderMatches(lobby, matches.data);
    }
  }
  await refreshTurnBased();
}

/**
 * The seat count choice of the new-table form, for a mode played by a
 * varying number of players (free-for-all: 3, 4 or 5); hidden otherwise.
 */
function showSeatCounts() {
  const mode = modes[$("mode-select").value];
  const choice = $("seat-count");
  const varies = !!mode && mode.max_seats > mode.min_seats;
  $("seat-count-label").hidden = !varies;
  choice.disabled = !varies;
  if (!varies) return;
  const kept = Number(choice.value) || mode.min_seats;
  const counts = [];
  for (let n = mode.min_seats; n <= mode.max_seats; n += 1) counts.push(n);
  choice.replaceChildren(...counts.map((n) => el("option", `${n} players`, { value: n })));
  choice.value = String(Math.min(mode.max_seats, Math.max(mode.min_seats, kept)));
}

/**
 * The table options of the chosen game in the new-table form (Arcane Codex;
 * hidden for Codex), and the map menu only for a mode played on maps
 * (Codex's): hidden and disabled otherwise, so no map is sent.
 */
function showGameOptions() {
  const mode = modes[$("mode-select").value];
  const fields = optionFields(mode);
  $("game-options").replaceChildren(...fields);
  $("game-options").hidden = !fields.length;
  const maps = !mode || mode.maps;
  $("map-select").disabled = !maps;
  $("map-label").hidden = !maps;
}

/** Create a table from the form; the button stays disabled until the server answers (no double tables). */
async function createTable(event) {
  event.preventDefault();
  const form = event.target;
  const submit = $("create-table");
  if (submit.disabled) return;
  submit.disabled = true;
  const body = {
    mode: form.mode.value,
    is_public: form.is_public.checked,
    allow_spectators: form.allow_spectators.checked,
    rated: form.rated.checked,
  };
  if (!form.seat_count.disabled) body.seat_count = Number(form.seat_count.value);
  const mode = modes[form.mode.value];
  if (mode && mode.options.length) body.options = readOptions($("game-options"), mode);
  if (form.turn_seconds.value && !form.turn_seconds.disabled) body.turn_seconds = Number(form.turn_seconds.value); // off unless chosen
  Object.assign(body, paceBody(form)); // a turn-based table's time per move and deadline rule
  if (!form.map.disabled && form.map.value) body.map = form.map.value; // no map unless chosen (and the mode has maps)
  try {
    await act("POST", "/api/tables/", body);
  } finally {
    submit.disabled = false;
  }
}

async function init() {
  const [result, cards] = await Promise.all([loadModes(), loadCatalog(), loadSavedDecks()]);
  lobby.catalog = cards;
  const select = $("mode-select");
  for (const mode of result.data || []) {
    modes[mode.key] = mode;
    select.append(el("option", mode.label, { value: mode.key }));
  }
  select.onchange = () => { showSeatCounts(); showGameOptions(); };
  showSeatCounts();
  showGameOptions();
  initPaceFields();
  initTurnBased();
  initPlayNow(result.data || [], (id) => heroLabel(lobby.catalog, id));
  $("new-table").onsubmit = createTable;
  $("create-table").disabled = false; // the page disables it until this handler is in place
  await refresh(true);
  // In the background the page still asks once a minute: the server then knows
  // you are here, and keeps offering your tables' seats (lobby/seen.py).
  let asked = Date.now();
  setInterval(() => {
    if (document.hidden && Date.now() - asked < BACKGROUND_POLL_MS) return;
    asked = Date.now();
    refresh();
  }, POLL_MS);
  // Back from the deck builder (another tab): its new decks join the picker.
  window.addEventListener("focus", async () => { if (await loadSavedDecks()) refresh(true); });
}

init();
