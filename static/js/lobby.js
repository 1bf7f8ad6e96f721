// Lobby page: lists tables (polling the REST API), creates tables, seats, heroes, ready, start.
import { api, el, pageConfig } from "./common.js";

const config = pageConfig("lobby-config");
const tablesBox = document.getElementById("tables");
const errorBox = document.getElementById("lobby-error");
let modes = {};
let shown = "";

function showError(result) {
  errorBox.textContent = result.ok ? "" : (result.data && (result.data.detail || JSON.stringify(result.data))) || `Error ${result.status}`;
}

async function act(method, url, body) {
  const result = await api(method, url, body);
  showError(result);
  await refresh();
  return result;
}

function renderSeat(table, seat, mySeat) {
  const row = el("li", `Seat ${seat.index}${seat.team !== null ? ` (team ${seat.team})` : ""}: `);
  row.dataset.seat = seat.index;
  row.append(el("span", seat.player || "empty", { class: "player" }));
  if (seat.heroes.length) row.append(el("span", ` — ${seat.heroes.join(", ")}`));
  if (seat.ready) row.append(el("strong", " ready"));
  if (table.status !== "open") return row;
  if (!seat.player && (!mySeat || mySeat.index !== seat.index)) {
    const take = el("button", "Take seat", { type: "button", class: "take" });
    take.onclick = () => act("POST", `/api/tables/${table.id}/join/`, { index: seat.index, invite: config.invite });
    row.append(" ", take);
  }
  if (seat.user_id === config.userId) {
    const mode = modes[table.mode];
    const pick = el("select", null, { class: "hero" });
    pick.append(el("option", "choose a hero", { value: "" }));
    for (const hero of mode ? mode.heroes : []) {
      const opt = el("option", hero, { value: hero });
      if (seat.heroes.includes(hero)) opt.selected = true;
      pick.append(opt);
    }
    pick.onchange = () => pick.value && act("PATCH", `/api/tables/${table.id}/seat/`, { heroes: [pick.value] });
    const ready = el("button", seat.ready ? "Not ready" : "Ready", { type: "button", class: "ready" });
    ready.onclick = () => act("PATCH", `/api/tables/${table.id}/seat/`, { ready: !seat.ready });
    const leave = el("button", "Leave", { type: "button", class: "leave" });
    leave.onclick = () => act("POST", `/api/tables/${table.id}/leave/`);
    row.append(" ", pick, " ", ready, " ", leave);
  }
  return row;
}

function renderTable(table) {
  const box = el("div", null, { class: "table", id: `table-${table.id}` });
  const label = modes[table.mode] ? modes[table.mode].label : table.mode;
  box.append(el("strong", `Table ${table.id}: ${label}`), el("span", ` · host ${table.host} · ${table.is_public ? "public" : "private"} · ${table.status}`));
  const mySeat = table.seats.find((s) => s.user_id === config.userId);
  const seats = el("ul");
  for (const seat of table.seats) seats.append(renderSeat(table, seat, mySeat));
  box.append(seats);
  if (table.invite_token) {
    const link = `${location.origin}/invite/${table.invite_token}/`;
    box.append(el("p", "Invite link: "), el("code", link, { class: "invite" }));
  }
  if (table.status === "open" && mySeat && table.host_id === config.userId) {
    const start = el("button", "Start", { type: "button", class: "start" });
    start.onclick = async () => {
      const result = await act("POST", `/api/tables/${table.id}/start/`);
      if (result.ok) location.href = `/match/${result.data.match_id}/`;
    };
    box.append(start);
  }
  if (table.match_id) {
    const suffix = config.invite ? `?invite=${encodeURIComponent(config.invite)}` : "";
    box.append(" ", el("a", mySeat ? "Play the match" : "Watch the match", { href: `/match/${table.match_id}/${suffix}`, class: "open-match" }));
  }
  return box;
}

async function refresh() {
  const query = config.invite ? `?invite=${encodeURIComponent(config.invite)}` : "";
  const result = await api("GET", `/api/tables/${query}`);
  if (!result.ok) return showError(result);
  let tables = result.data;
  const snapshot = JSON.stringify(tables);
  if (snapshot === shown) return; // keep the DOM (and what the user is doing) when nothing changed
  shown = snapshot;
  if (config.focusTable !== null) tables = tables.sort((a, b) => (b.id === config.focusTable) - (a.id === config.focusTable));
  tablesBox.replaceChildren(...tables.map(renderTable));
  if (!tables.length) tablesBox.append(el("p", "No open tables yet: create one."));
}

async function init() {
  const result = await api("GET", "/api/modes/");
  const select = document.getElementById("mode-select");
  for (const mode of result.data || []) {
    modes[mode.key] = mode;
    select.append(el("option", mode.label, { value: mode.key }));
  }
  document.getElementById("new-table").onsubmit = (event) => {
    event.preventDefault();
    const form = event.target;
    act("POST", "/api/tables/", {
      mode: form.mode.value,
      is_public: form.is_public.checked,
      allow_spectators: form.allow_spectators.checked,
    });
  };
  await refresh();
  setInterval(refresh, 3000);
}

init();
