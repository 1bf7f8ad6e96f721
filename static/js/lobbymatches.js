// The lobby's matches panel (lobby.js): the viewer's matches (those waiting
// on them first), their finished matches with the result in words and a
// rematch button, and the public matches to watch, as /api/lobby/matches/
// lists them.
import { api, el, teamName, waitingText } from "./common.js";
import { heroLabel } from "./lobbyheroes.js";
import { resultText } from "./lobbyresult.js";

/** "Ana (Troq) vs Bo (River)", teams joined with "&"; the viewer's name as "you". */
function matchNames(lobby, m) {
  const hero = (/** @type {string} */ id) => heroLabel(lobby.catalog, id);
  const label = (p) => `${p.you ? "you" : p.name}${p.heroes.length ? ` (${p.heroes.map(hero).join(", ")})` : ""}`;
  const teams = [...new Set(m.players.map((p) => p.team))];
  return teams.length && teams.every((t) => t !== null && t !== undefined)
    ? teams.map((t) => teamName(m.players.filter((p) => p.team === t).map(label))).join(" vs ")
    : m.players.map(label).join(" vs ");
}

function modeLabel(lobby, key) {
  return lobby.modes[key] ? lobby.modes[key].label : key;
}

function matchItem(lobby, m, kind) {
  const item = el("li", null, { class: `match-item ${kind}${m.your_turn ? " your-turn" : ""}${m.quiet ? " quiet" : ""}`, "data-match": m.id });
  const text = el("div", null, { class: "match-text" });
  text.append(el("span", `${modeLabel(lobby, m.mode)}${m.map ? ` on ${m.map}` : ""} · ${matchNames(lobby, m)}`, { class: "match-names" }));
  const facts = el("span", null, { class: "match-facts hint" });
  if (kind === "mine") {
    if (m.your_turn) facts.append(el("strong", "Your turn", { class: "turn-flag" }), " · ");
    else if (m.waiting_for && m.waiting_for.length) facts.append(`${waitingText(m.waiting_for)} · `);
    if (m.turn) facts.append(`turn ${m.turn}`);
    if (m.quiet) facts.append(" · quiet for a long time: nobody has played it lately");
  } else if (kind === "history") {
    facts.append(el("span", resultText(m), { class: `result ${m.result && m.result.outcome ? m.result.outcome : ""}` }));
  }
  if (facts.childNodes.length) text.append(facts);
  item.append(text);
  const actions = el("div", null, { class: "match-actions" });
  if (kind === "mine") {
    actions.append(el("a", m.your_turn ? "Play" : "Resume", { href: `/match/${m.id}/`, class: m.your_turn ? "btn small primary" : "btn small" }));
  } else if (kind === "watch") {
    actions.append(el("a", "Watch", { href: `/match/${m.id}/`, class: "btn small" }));
  } else {
    actions.append(el("a", "See the end", { href: `/match/${m.id}/`, class: "btn small ghost" }));
    const again = el("button", m.rematch_joined ? "Go to the rematch" : m.rematch_table ? "Join the rematch" : "Rematch", {
      type: "button", class: "btn small rematch", title: "A new table for the same players, same mode and heroes, public or private as this one was",
    });
    again.onclick = () => rematch(lobby, m.id);
    actions.append(again);
  }
  item.append(actions);
  return item;
}

/** Offer (or join) the rematch of a finished match, then show its table. */
async function rematch(lobby, matchId) {
  const result = await api("POST", `/api/lobby/rematch/${matchId}/`);
  if (!result.ok) {
    lobby.failed(result);
    return;
  }
  location.href = `/invite/${result.data.invite_token}/`;
}

function renderList(lobby, id, entries, kind, empty) {
  const items = entries.map((m) => matchItem(lobby, m, kind));
  lobby.$(id).replaceChildren(...(items.length ? items : [el("li", empty, { class: "empty-note" })]));
}

/**
 * The matches panel: your matches (those waiting on you first), history,
 * matches to watch. `lobby`: what the page shares (lobby.js): {modes,
 * catalog, $(id), failed(result) (shows a refusal)}.
 */
export function renderMatches(lobby, data) {
  const turnBased = data.turn_based || { count: 0, your_turn: 0 };
  // Turn-based matches are listed below the live ones: never "no match" above them.
  renderList(lobby, "my-matches", data.mine, "mine", turnBased.count ? "No live match now; your turn-based matches are below." : "You play no match now.");
  renderList(lobby, "history", data.history, "history", "No finished match yet.");
  renderList(lobby, "watch", data.watch, "watch", "No public match to watch now.");
  const mine = data.mine.filter((m) => m.your_turn).length + turnBased.your_turn;
  lobby.$("my-matches-count").textContent = mine ? `${mine} waiting on you` : "";
}
