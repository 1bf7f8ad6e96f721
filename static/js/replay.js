// Replay page (issue 14 point 11): a finished match, step by step, as the
// spectators saw it or (for a player) as their own seat did. The steps come
// from /api/matches/<id>/replay/ (the index) and .../replay/<k>/ (the view
// after k actions); the board is drawn read-only by board.js.
import { api, apiError, el, loadCatalog, nameList, pageConfig, resultReason, teamName, toldReason, words } from "./common.js";
import { arcaneBanner, isArcaneView, renderArcane } from "./arcaneboard.js";
import { renderC23 } from "./c23board.js";
import { c23Outcome } from "./c23words.js";
import { playerArea } from "./board.js";
import { handTile } from "./codextiles.js";
import { codexConcerned, playerAt, viewWinners } from "./codexview.js";
import { drawMapCard } from "./mapcard.js";
import { markBots } from "./tablebots.js";

const config = pageConfig("replay-config");
// The page's elements by id: any, since they are of many kinds (inputs,
// dialogs, buttons) and the template guarantees them.
/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const state = { index: null, at: 0, view: "spectator", steps: new Map(), catalog: new Map(), token: 0 };

function query(extra = {}) {
  const params = new URLSearchParams();
  if (config.invite) params.set("invite", config.invite);
  if (state.view === "seat") params.set("view", "seat");
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const text = params.toString();
  return text ? `?${text}` : "";
}

function showError(text) {
  $("replay-error").textContent = text || "";
}

/** The step `at` of the current view (fetched once, then kept). */
async function step(at) {
  const key = `${state.view}:${at}`;
  if (!state.steps.has(key)) {
    const result = await api("GET", `/api/matches/${config.matchId}/replay/${at}/${query()}`);
    if (!result.ok) throw new Error(apiError(result));
    state.steps.set(key, result.data);
  }
  return state.steps.get(key);
}

/** "Greedy bot: play" — who did what at a step (other teams' actions show their type only). */
function describe(s) {
  if (s.at === 0) return "The start, before anyone acts.";
  const who = playerAt(s.view, s.seat);
  const what = s.action ? words(s.action.type) : "an action";
  return `Action ${s.at} of ${state.index.count - 1} · turn ${s.turn} · ${who ? who.name : `seat ${s.seat}`}: ${what}`;
}

/**
 * The result line of the replay: who won and how the game ended, from the
 * `last` step (its view, and who conceded when its action was a concession),
 * as `seat` reads it (null: a spectator), in each game's own words.
 */
function resultText(last, seat) {
  const v = last.view;
  if (v.status !== "finished") return "";
  if (isArcaneView(v)) return arcaneBanner(v, seat);
  if (v.game === "c23") return c23Outcome(v, seat);
  const by = last.action && last.action.type === "concede" ? last.seat : null;
  const reason = toldReason(v.result_reason, by);
  const why = resultReason(reason, codexConcerned(v, seat, { reason, by }));
  const names = viewWinners(v).map((s) => (playerAt(v, s) || { name: `seat ${s}` }).name);
  const how = why ? ` (${why})` : "";
  const list = v.mode === "2hg" ? teamName(names) : nameList(names); // a team wins as one side, as the match page says
  return names.length ? `${list} won${how}.` : `A draw${how}.`;
}

function renderBoard(s) {
  const v = s.view;
  const seat = state.index.seat;
  if (isArcaneView(v)) { // an Arcane Codex match: its own board, read-only (arcaneboard.js)
    renderArcane({ msg: { view: v, seat, legal_actions: [] }, act: () => {}, rerender: () => renderBoard(s), busy: false,
      nodes: { opponents: $("opponents"), me: $("me-area"), hand: $("hand"), handBox: $("hand-box"), handCount: $("hand-count") } });
    markBots(config.bots);
    return;
  }
  if (v.game === "c23") { // a C-23 match: its own board, read-only (c23board.js), its hand inside it
    $("hand-box").hidden = true;
    renderC23($("board"), v, { seat, legal: [], act: () => {}, busy: false, readOnly: true });
    return;
  }
  const at = seat === null ? 0 : v.players.findIndex((p) => p.seat === seat);
  const mine = v.players[at];
  const others = [...v.players.slice(at + 1), ...v.players.slice(0, at)];
  // Whose turn it is: the active player, or in Two-Headed Dragon the active player's team.
  const activeTeam = (playerAt(v, v.active) || {}).team;
  const acting = (p) => v.status === "playing" && (v.mode === "2hg" ? p.team === activeTeam : p.seat === v.active);
  $("opponents").classList.toggle("several", others.length > 1);
  $("opponents").replaceChildren(...others.map((p) => playerArea(v, state.catalog, p, { isMe: false, active: acting(p) })));
  $("me-area").replaceChildren(playerArea(v, state.catalog, mine, { isMe: seat !== null, active: acting(mine) }));
  const hand = seat === null ? null : mine.hand;
  $("hand-box").hidden = !Array.isArray(hand);
  if (Array.isArray(hand)) {
    $("hand-count").textContent = `(${hand.length})`;
    $("hand").replaceChildren(...(hand.length ? hand.map((c) => handTile(state.catalog, c)) : [el("span", "The hand is empty.", { class: "empty-note" })]));
  }
  drawMapCard($("map-card"), v.map);
  markBots(config.bots);
}

function renderLog(s, before) {
  const seen = before ? Math.max(0, ...(before.view.log || []).map((line) => line.n)) : 0;
  const lines = (s.view.log || []).map((line) => el("li", line.text, { class: line.n > seen && s.at > 0 ? "new" : "", "data-n": line.n }));
  $("log").replaceChildren(...lines);
  // Follow the last line inside the log's own box: scrolling a line into view moved the whole page on a phone.
  const pane = $("log").parentElement;
  pane.scrollTop = pane.scrollHeight;
}

/** Show step `at` (clamped to the replay); the controls follow. */
async function go(at) {
  const count = state.index.count;
  at = Math.max(0, Math.min(count - 1, at));
  const token = ++state.token;
  try {
    const [s, before] = await Promise.all([step(at), at > 0 ? step(at - 1) : null]);
    if (token !== state.token) return; // a later move won
    state.at = at;
    showError("");
    renderBoard(s);
    renderLog(s, before);
    $("replay-step").textContent = describe(s);
    $("replay-result").textContent = resultText(state.index.last, state.index.seat);
    $("replay-slider").value = String(at);
    $("replay-turn").value = String(turnAt(at));
    $("replay-first").disabled = $("replay-back").disabled = at === 0;
    $("replay-forward").disabled = $("replay-last").disabled = at === count - 1;
    document.body.dataset.at = String(at);
    history.replaceState(null, "", `#at=${at}`);
  } catch (err) {
    showError(err.message);
  }
}

function turnAt(at) {
  return state.index.steps[at].turn;
}

async function load() {
  const result = await api("GET", `/api/matches/${config.matchId}/replay/${query()}`);
  if (!result.ok) {
    $("replay-step").textContent = "";
    showError(apiError(result));
    return false;
  }
  state.index = result.data;
  const count = state.index.count;
  $("replay-slider").max = String(count - 1);
  $("replay-turn").replaceChildren(...state.index.turns.map((t) => el("option", `Turn ${t.turn}`, { value: t.turn, "data-at": t.at })));
  state.index.last = await step(count - 1);
  return true;
}

function wire() {
  $("replay-first").onclick = () => go(0);
  $("replay-back").onclick = () => go(state.at - 1);
  $("replay-forward").onclick = () => go(state.at + 1);
  $("replay-last").onclick = () => go(state.index.count - 1);
  $("replay-slider").oninput = (e) => go(Number(e.target.value));
  $("replay-turn").onchange = (e) => {
    const turn = state.index.turns.find((t) => String(t.turn) === e.target.value);
    if (turn) go(turn.at);
  };
  $("replay-view").onchange = async (e) => {
    state.view = e.target.value;
    if (await load()) await go(state.at);
  };
  window.addEventListener("hashchange", () => {
    const wanted = /#at=(\d+)/.exec(location.hash);
    if (state.index && wanted && Number(wanted[1]) !== state.at) go(Number(wanted[1]));
  });
  document.addEventListener("keydown", (e) => {
    if (!state.index || /** @type {HTMLElement} */ (e.target).closest("select, input")) return;
    const moves = { ArrowLeft: state.at - 1, ArrowRight: state.at + 1, Home: 0, End: state.index.count - 1 };
    if (e.key in moves) {
      e.preventDefault();
      go(moves[e.key]);
    }
  });
}

async function init() {
  state.catalog = await loadCatalog();
  $("replay-view-label").hidden = config.seat === null;
  if (config.seat !== null) {
    state.view = "seat";
    $("replay-view").value = "seat";
  }
  wire();
  if (!(await load())) return;
  const wanted = /#at=(\d+)/.exec(location.hash);
  await go(wanted ? Number(wanted[1]) : 0);
}

init();
