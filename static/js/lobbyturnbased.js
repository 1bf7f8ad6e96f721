// Turn-based play in the lobby (issue 32; game/turnbased.py): the table
// form's pace fields, the list of your turn-based matches a page at a time
// (/api/lobby/turn-based/: those waiting on you first, then by time left)
// and your days off (/api/vacations/).
import { api, el, timeLeftText, waitingText } from "./common.js";

const $ = (id) => document.getElementById(id);
let page = 1;
let lastPage = "";

/**
 * The pace fields of the new-table form as the API takes them (`{}` for a live table),
 * with the table's chat webhook when one is given.
 * @param {HTMLFormElement} form
 * @returns {Record<string, unknown>}
 */
export function paceBody(form) {
  const f = /** @type {any} */ (form);
  if (f.pace.value !== "turn_based") return {};
  const body = { turn_based: true, turn_seconds: Number(f.move_seconds.value), deadline_rule: f.deadline_rule.value };
  if (f.deadline_rule.value === "strikes") body.strikes_allowed = Number(f.strikes_allowed.value);
  const webhook = f.webhook_url.value.trim();
  if (webhook) body.webhook_url = webhook; // the table's chat webhook (checked by the server)
  return body;
}

/** Show the turn-based fields only for a turn-based table, the live timer only for a live one. */
export function initPaceFields() {
  const pace = /** @type {HTMLSelectElement} */ ($("pace-select"));
  const rule = /** @type {HTMLSelectElement} */ ($("deadline-rule"));
  const sync = () => {
    const turnBased = pace.value === "turn_based";
    $("turn-based-fields").hidden = !turnBased;
    /** @type {HTMLSelectElement} */ ($("turn-seconds")).disabled = turnBased;
    $("turn-seconds-label").hidden = turnBased;
    $("strikes-label").hidden = rule.value !== "strikes";
  };
  pace.onchange = sync;
  rule.onchange = sync;
  sync();
}

/**
 * One turn-based match of the list.
 * @param {any} m an entry of /api/lobby/turn-based/
 * @returns {HTMLElement}
 */
function turnBasedItem(m) {
  const item = el("li", null, { class: `match-item mine turn-based${m.your_turn ? " your-turn" : ""}`, "data-match": m.id });
  const text = el("div", null, { class: "match-text" });
  text.append(el("span", `${m.mode_label} · turn-based · ${m.with_against}`, { class: "match-names" }));
  const facts = el("span", null, { class: "match-facts hint" });
  if (m.your_turn) facts.append(el("strong", "Your turn", { class: "turn-flag" }), " · ");
  else if (m.waiting_for.length) facts.append(`${waitingText(m.waiting_for)} · `);
  if (m.time_left !== null) facts.append(el("span", timeLeftText(m.time_left), { class: "time-left", title: m.deadline }));
  if (m.rule === "strikes") facts.append(` · strikes ${m.strikes} of ${m.strikes_allowed}`);
  text.append(facts);
  item.append(text);
  const actions = el("div", null, { class: "match-actions" });
  actions.append(el("a", m.your_turn ? "Play" : "Open", { href: `/match/${m.id}/`, class: m.your_turn ? "btn small primary" : "btn small" }));
  item.append(actions);
  return item;
}

/** Read and draw the current page of your turn-based matches (nothing redrawn when unchanged). */
export async function refreshTurnBased() {
  const result = await api("GET", `/api/lobby/turn-based/?page=${page}`);
  if (!result.ok) return;
  const key = JSON.stringify(result.data);
  if (key === lastPage) return;
  lastPage = key;
  const data = result.data;
  const list = $("turn-based");
  list.replaceChildren(...data.matches.map(turnBasedItem));
  $("turn-based-section").hidden = !data.matches.length && page === 1;
  const prev = /** @type {HTMLButtonElement} */ ($("turn-based-prev"));
  const next = /** @type {HTMLButtonElement} */ ($("turn-based-next"));
  prev.disabled = page === 1;
  next.disabled = !data.more;
  $("turn-based-page").textContent = `page ${page}`;
}

/** Draw your days off and the form to declare more. */
async function refreshVacations() {
  const result = await api("GET", "/api/vacations/");
  if (!result.ok) return;
  const data = result.data;
  $("vacation-used").textContent = `${data.days_used} of ${data.days_a_year} days off used this year.`;
  $("vacations").replaceChildren(
    ...data.vacations.map((/** @type {any} */ v) => {
      if (v.begun) return el("li", `${v.first} to ${v.last}`); // begun days off stand: nothing to take back
      const drop = el("button", "Take back", { type: "button", class: "btn small ghost" });
      drop.onclick = async () => {
        const answer = await api("DELETE", `/api/vacations/?id=${v.id}`);
        $("vacation-error").textContent = answer.ok ? "" : answer.data?.detail || "That did not work.";
        refreshVacations();
      };
      return el("li", `${v.first} to ${v.last} `, {}, drop);
    }),
  );
}

/** Wire the list's page buttons and the days-off form. */
export function initTurnBased() {
  $("turn-based-prev").onclick = () => {
    page = Math.max(1, page - 1);
    refreshTurnBased();
  };
  $("turn-based-next").onclick = () => {
    page += 1;
    refreshTurnBased();
  };
  const form = /** @type {HTMLFormElement} */ ($("vacation-form"));
  form.onsubmit = async (event) => {
    event.preventDefault();
    const f = /** @type {any} */ (form);
    const answer = await api("POST", "/api/vacations/", { first: f.first.value, last: f.last.value });
    $("vacation-error").textContent = answer.ok ? "" : answer.data?.detail || "Those days could not be declared.";
    refreshVacations();
  };
  refreshVacations();
}
