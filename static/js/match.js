// Match page: speaks the live protocol (docs/PROTOCOL.md), renders the view it
// receives for every version, and offers exactly the server's legal actions.
// It knows no rules: what is clickable and which targets light up come from
// `legal_actions` only.
import { api, confirmThen, el, loadCatalog, nameList, pageConfig, resultReason, roman, sentence, toldReason, words } from "./common.js";
import { bagKey, cardHasActions, indexActions, narrow } from "./legal.js";
import { arcaneBanner, arcaneResultText, isArcaneView, renderArcane } from "./arcaneboard.js";
import { c23Banner, c23ResultText, renderC23 } from "./c23board.js";
import { applyPatch } from "./patch.js";
import { drawMapCard } from "./mapcard.js";
import { optionText } from "./lobbygames.js";
import { markBots } from "./tablebots.js";
import { clockPresence, clockVersion, drawClocks, initClock } from "./turnclock.js";
import {
  arrivedNow, attackTargetLabel, baseLeft, baseTile, blackWhiteNotes, codexConcerned, describeId, findCard, glossaryEntry, offersNumbers, handTile, heroBand, keywordChip, lenderName, patrolSlotOf,
  playerArea, playerAt, seatOfId, setGlossary, slotLabel, specLabel, teamBase, tiedNow, viewWinners,
} from "./board.js";

const config = pageConfig("match-config");
setGlossary(config.glossary);
// The page's elements by id: any, since they are of many kinds (inputs,
// dialogs, buttons) and the template guarantees them.
/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const NO_RETRY = { 4401: "You are not logged in.", 4403: "You may not watch this match.", 4404: "There is no such match.",
  4429: "You have too many match tabs open: close one, then reload this page." };
const PING_MS = 20000;

let catalog = new Map();
const modes = {}; // /api/modes/ by key: the labels of a game's table options (lobby/modes.py)
let msg = null; // the newest `state` message
let version = -1;
let presence = []; // every seat: {seat, away, stand_in}, from the last pong or presence message
let timedOutShown = false; // the last presence message said the viewer's turn clock ran out
let idx = indexActions([]);
// `pending`: the action message awaiting its answer; sent again (same nonce)
// after a reconnect, so an action whose answer was lost is never applied twice.
const net = { socket: null, retry: 0, nextId: 1, pingTimer: null, pending: null };
const ui = {
  selected: null, // id of the card or building shown in the inspector
  targeting: null, // {title, source(), path(a), chosen[]}: a multi-step choice in progress
  promptPick: [], // options picked for a multi-answer prompt
  promptId: null,
  techPick: [], // codex card ids picked for the tech choice
  techFolded: new Set(), // specs whose group the player folded in the tech panel
  busy: null, // id of the action message awaiting its answer
  resultShown: false,
  tab: "log",
  logLast: null, // n of the last log line shown
  unread: 0,
  why: null, // the sentence of the disabled control last tapped (shown under the action bar)
  techRead: null, // the codex card whose text the tech panel shows (read before picking)
  tip: null, // the shown tooltip's anchor: {node, path, at} (showTooltip, keepTooltipAnchored)
  placedAt: 0, // the page's scroll position as it opened or keepOwnRowClear put it
};

// ---- connection -----------------------------------------------------------

function send(message) {
  if (!net.socket || net.socket.readyState !== WebSocket.OPEN) {
    showNotice("Not connected: reconnecting…");
    return null;
  }
  message.id = net.nextId++;
  net.socket.send(JSON.stringify(message));
  return message.id;
}

function setConn(state, text) {
  const node = $("conn");
  node.dataset.state = state;
  node.textContent = text;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // patches=1: after the first full state, versions come as changes (patch.js);
  // merged=1: the answer to our own action rides on its version's frame (its `id`).
  const query = `?patches=1&merged=1${config.invite ? `&invite=${encodeURIComponent(config.invite)}` : ""}`;
  const socket = new WebSocket(`${scheme}://${location.host}/ws/match/${config.matchId}/${query}`);
  net.socket = socket;
  setConn("connecting", "connecting");
  socket.onopen = () => {
    net.retry = 0;
    setConn("open", "live");
    clearInterval(net.pingTimer);
    net.pingTimer = setInterval(() => send({ type: "ping" }), PING_MS);
    send({ type: "ping" }); // the first pong says who is away
    if (net.pending) {
      // No answer came before the connection dropped: ask again. The nonce makes
      // the server answer `applied` (duplicate) if the first one went through.
      const again = { ...net.pending };
      delete again.id;
      const id = send(again);
      if (id !== null) {
        net.pending = again;
        ui.busy = id;
        render();
      }
    }
  };
  socket.onmessage = (event) => {
    let data;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    onMessage(data);
  };
  socket.onclose = (event) => {
    clearInterval(net.pingTimer);
    if (NO_RETRY[event.code]) {
      ui.busy = null;
      net.pending = null;
      setConn("closed", "closed");
      if (event.code === 4401) {
        // A link to the login page that brings the player back here.
        const link = el("a", "Log in", { href: `${$("notice").dataset.loginUrl}?next=${encodeURIComponent(location.pathname + location.search)}`, id: "login-link" });
        showNotice(el("span", null, {}, "You are not logged in. ", link, " to come back to this match."));
      } else {
        showNotice(NO_RETRY[event.code]);
      }
      return;
    }
    // Exponential backoff with jitter; the server sends a full state on reconnect.
    const delay = Math.min(30000, 500 * 2 ** net.retry++) * (0.7 + Math.random() * 0.6);
    setConn("retry", `reconnecting in ${Math.ceil(delay / 1000)} s`);
    setTimeout(connect, delay);
  };
}

function resync() {
  send({ type: "resync" });
}

function answered(id) {
  if (id === ui.busy) ui.busy = null;
  if (net.pending && net.pending.id === id) net.pending = null;
}

/** A state or patch that carries an `id` is also the answer `applied` to that action (merged=1). */
function answeredBy(m) {
  if (m.id === undefined) return;
  answered(m.id);
  hideNotice();
  delete m.id;
}

function onMessage(m) {
  switch (m.type) {
    case "state":
      answeredBy(m);
      onState(m);
      break;
    case "patch":
      answeredBy(m);
      onPatch(m);
      break;
    case "applied":
      answered(m.id);
      hideNotice();
      // The state of that version follows; if it does not come, ask for it.
      if (m.version > version) setTimeout(() => { if (version < m.version) resync(); }, 2000);
      render();
      break;
    case "refused":
      if (m.id === null) answered(ui.busy); // rate_limited: refused unread, so without its id
      answered(m.id);
      showNotice(refusalText(m), [m.code, m.rules_code].filter(Boolean).join(", "));
      if (m.code === "stale_version") resync();
      // The player came back meanwhile: a fresh pong brings the presence that says so.
      if (m.code === "not_away" || m.code === "not_away_long") send({ type: "ping" });
      render();
      break;
    case "error":
      if (m.id === null) answered(ui.busy);
      answered(m.id);
      showNotice(m.reason, m.code);
      render();
      break;
    case "chat":
      addChat(m);
      break;
    case "chat_history": // on (re)connect: the recent conversation, oldest first
      $("chat").replaceChildren();
      for (const line of m.lines) addChat(line, true);
      break;
    case "pong": {
      const before = awayKey();
      presence = m.presence || presence;
      clockPresence(presence);
      noteTimedOut();
      renderPresence();
      presenceChanged(before);
      if (m.version > version) resync();
      break;
    }
    case "presence": {
      const before = awayKey();
      presence = m.seats;
      clockPresence(presence);
      answered(m.id);
      noteTimedOut();
      if (msg && m.reclaimed !== null && m.reclaimed === msg.seat) {
        showNotice("A bot played for you while you were away (see the log): your seat is yours again.");
      }
      renderPresence();
      presenceChanged(before);
      break;
    }
    default:
      break;
  }
}

const TIMED_OUT = "You ran out of time: a bot plays on for you until the game waits on someone else (see the log).";

/**
 * Tell the viewer when the last presence (a `presence` message or the one a
 * `pong` carries) says their turn clock ran out and a bot plays on for them:
 * once, not again with each presence while the bot plays on (a late one
 * re-raised it over the player's next action); the notice goes when the
 * seat is theirs again. The only place the page says it (the presence box
 * said it too).
 */
function noteTimedOut() {
  const timedOut = Boolean(msg && presence.some((p) => p.seat === msg.seat && p.stand_in && p.time_left === 0));
  if (timedOut && !timedOutShown) showNotice(TIMED_OUT);
  // Her seat is back: the notice goes (it stayed into later turns until dismissed).
  const shown = document.querySelector("#notice .notice-text");
  if (!timedOut && timedOutShown && shown && shown.textContent === TIMED_OUT) hideNotice();
  timedOutShown = timedOut;
}

// A patch applies to the version it was made from; anything else: resync.
function onPatch(m) {
  if (m.version <= version) return;
  let next = null;
  try {
    next = msg && m.base === version ? applyPatch(msg, m) : null;
  } catch {
    next = null;
  }
  if (next) onState(next);
  else resync();
}

function onState(m) {
  if (m.version < version) return; // an older snapshot: drop it
  const gap = version >= 0 && m.version > version + 1;
  const first = msg === null;
  msg = m;
  version = m.version;
  idx = indexActions(m.legal_actions || []);
  if (isCodexView(m.view)) keepChoicesValid();
  render();
  if (first) showOwnTeam();
  if (gap) resync(); // a version was missed: ask for a fresh snapshot to be sure
}

/**
 * Two-Headed Dragon on a laptop or desktop: the page opens on one's own
 * team (own hero, patrol zone and base), the other team a scroll up. Both
 * teams do not fit above the hand dock, and a newcomer looked for their
 * own hero to summon below the fold (trial 14). Phones keep their order
 * and their jump to the hand; a page already scrolled is left alone.
 */
/** True for a Codex view (the other games' views name their `game`: Arcane Codex, C-23). */
function isCodexView(v) {
  return !v.game || v.game === "codex";
}

function showOwnTeam() {
  const own = document.querySelector("#me-area .my-team");
  if (!own || msg.seat === null || !teamGame() || window.innerWidth < 700 || window.scrollY > 0) return;
  own.scrollIntoView({ block: "start" });
}

// ---- helpers --------------------------------------------------------------

function view() {
  return msg.view;
}

/** "Hire a worker (1 gold)": the Hire button's label with what a worker costs now (view `hire_cost`). */
function hireLabel() {
  const cost = me() && me().hire_cost;
  return typeof cost === "number" ? `Hire a worker (${cost} gold)` : "Hire a worker";
}

function me() {
  return msg && msg.seat !== null ? view().players.find((p) => p.seat === msg.seat) : null;
}

function nameOfSeat(seat) {
  const p = view().players.find((x) => x.seat === seat);
  return p ? p.name : `seat ${seat}`;
}

function teamOf(seat) {
  const p = view().players.find((x) => x.seat === seat);
  return p ? p.team : null;
}

/** The players of a team, in seat order. */
function teamPlayers(team) {
  return view().players.filter((p) => p.team === team);
}

/** True when some team has more than one player (Two-Headed Dragon); false
 * for a view without teams (Arcane Codex, C-23). */
function teamGame() {
  return (view().teams || []).some((_, team) => teamPlayers(team).length > 1);
}

/** The players taking the current turn: the active player and its teammates
 * (both players of a team act in the same turn; the view says who is on which team). */
function actingPlayers() {
  return teamPlayers(teamOf(view().active));
}

/** A team's players' names: "Ana & Ari" (Two-Headed Dragon; one name otherwise). */
function names(players) {
  return players.map((p) => p.name).join(" & ");
}

/** The winners' names: a team's as "Ana & Ari", free-for-all players as "Ann and Cat". */
function winnerNames(seats) {
  return teamGame() ? seats.map(nameOfSeat).join(" & ") : nameList(seats.map(nameOfSeat));
}

/** True when the viewer conceded a free-for-all: out, no more turns (the view's `conceded`). */
function iConceded() {
  const player = me();
  return !!(player && player.conceded);
}

/** The seats that won, from the result or the view ([] for a draw). */
function winners() {
  const fromResult = msg.result ? viewWinners(msg.result) : [];
  return fromResult.length ? fromResult : viewWinners(view());
}

/** The seat whose concession ended the match (the stored result's `conceded_by`, docs/PROTOCOL.md), else null. */
function concededBy() {
  const by = msg.result ? msg.result.conceded_by : null;
  return Number.isInteger(by) ? by : null;
}

/**
 * The code for why the game ended as it is told (common.js toldReason): the
 * stored result's reason, else the view's; a concession when one ended it.
 */
function resultCode() {
  return toldReason((msg.result && msg.result.reason) || view().result_reason, concededBy());
}

/** Why the game ended, in words for a sentence, naming the players concerned as the viewer reads it ("" for none). */
function endReason(won) {
  const code = resultCode();
  return resultReason(code, codexConcerned(view(), msg.seat, { reason: code, winners: won, by: concededBy() }));
}

/** True in a free-for-all (3 to 5 players, each on their own). */
function isFfa() {
  return view().mode === "ffa";
}

/** HP left on `team`'s base and its full HP. */
function baseOf(team) {
  return teamBase(view(), team);
}

/**
 * A refusal as a player reads it: an action made on an older version
 * (`stale_version`) says who got there first, from the seats whose actions
 * came since (`acted`): the teammate in the same team turn, one's own other
 * tab, or the game moving on; any other refusal, and a stale one the engine
 * did not judge (a turn-by-turn game refuses an action made before another
 * player acted: game.services), says the server's sentence. No codes, no
 * version numbers.
 */
function refusalText(m) {
  if (m.code !== "stale_version" || !m.rules_code) return m.reason || "That can't be done now.";
  const acted = m.acted || [];
  const mine = msg && msg.seat !== null ? teamPlayers(teamOf(msg.seat)) : [];
  const mate = teamGame() ? mine.find((p) => p.seat !== msg.seat && acted.includes(p.seat)) : null;
  if (mate && acted.includes(msg.seat)) {
    return `Your teammate ${mate.name} and your other tab acted first: the board now shows what they did. Try again if you still want to.`;
  }
  if (mate) return `Your teammate ${mate.name} acted first: the board now shows what they did. Try again if you still want to.`;
  return "Your other tab already did that, or the game moved on: the board now shows the game as it is.";
}

/**
 * Show a notice: `text` (a sentence, or a node) and a close button. `code`
 * (the server's codes) is kept in data-code for a bug report, never shown.
 */
function showNotice(text, code = null) {
  const n = $("notice");
  const body = el("span", null, { class: "notice-text" }, typeof text === "string" ? el("span", text) : text);
  if (code) n.dataset.code = code;
  else delete n.dataset.code;
  n.replaceChildren(body, el("button", "×", { type: "button", class: "close", "aria-label": "Dismiss" }));
  n.lastChild.onclick = hideNotice;
  n.hidden = false;
}

function hideNotice() {
  $("notice").hidden = true;
}

/** A fresh idempotency key for one action (docs/PROTOCOL.md). */
function newNonce() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function act(action) {
  if (ui.busy !== null || !msg) return;
  const message = { type: "action", action, version, nonce: newNonce() };
  const id = send(message);
  if (id === null) return;
  net.pending = message;
  ui.busy = id;
  ui.targeting = null;
  ui.promptPick = [];
  if (action.type === "tech") ui.techPick = [];
  render();
}

/** Start a multi-step choice; sends at once when nothing is left to choose.
 * `label(id)` names an option (default: what the id names on the board). */
function startTargeting(title, source, path, label = null, note = null) {
  ui.targeting = { title, source, path, chosen: [], label, note };
  setDockCollapsed(false);
  stepTargeting();
  if (ui.targeting) revealTargets();
}

function stepTargeting() {
  const t = ui.targeting;
  const n = narrow(t.source(), t.path, t.chosen);
  if (!n.next.length && n.complete.length) {
    act(n.complete[0]);
    return;
  }
  if (!n.remaining.length) ui.targeting = null;
  render();
}

function pickTarget(id) {
  ui.targeting.chosen.push(id);
  stepTargeting();
}

/** After a new state: drop choices that are no longer possible. */
function keepChoicesValid() {
  if (ui.targeting && !narrow(ui.targeting.source(), ui.targeting.path, ui.targeting.chosen).remaining.length) {
    ui.targeting = null;
  }
  const prompt = view().prompt;
  if (!prompt || prompt.id !== ui.promptId) {
    ui.promptPick = [];
    ui.promptId = prompt ? prompt.id : null;
  }
  if (!idx.tech.length) {
    ui.techPick = [];
    ui.techRead = null;
  }
  if (ui.selected && !thingExists(ui.selected)) ui.selected = null;
}

function thingExists(id) {
  if (findCard(view(), id)) return true;
  const m = String(id).match(/^bld:(\d+):(\w+)$/);
  if (m) return !!(view().players[Number(m[1])] || { buildings: {} }).buildings[m[2]];
  return /^base:\d+$/.test(id);
}

function myPrompt() {
  const prompt = view().prompt;
  return prompt && msg.seat !== null && prompt.seat === msg.seat && prompt.options ? prompt : null;
}

// ---- free-for-all actions (repair R24, lending R26) -----------------------

/** The legal action of `type` among those the page has no own index for, or undefined. */
function otherAction(type) {
  return idx.other.find((a) => a.type === type);
}

/** The legal lend actions (of card `iid` only, when given). */
function lendActions(iid = null) {
  return idx.other.filter((a) => a.type === "lend" && (iid === null || a.card === iid));
}

/** The patrol slot a lend action fills, as the board names it. */
function lendSlot(a) {
  return `slot:${a.to}:${a.slot}`;
}

/** Choose where to lend card `iid` (the empty slots light up on the board). */
function startLending(iid) {
  const found = findCard(view(), iid);
  const name = found ? found.card.name : describeId(view(), catalog, iid);
  startTargeting(`Lend ${name}: choose another player's empty patrol slot`, () => lendActions(iid), (a) => [lendSlot(a)]);
}

// ---- what is clickable on the board ---------------------------------------

/** Map of data-tid -> handler for the things that are legal picks right now. */
function activeTargets() {
  const out = new Map();
  if (ui.busy !== null || !msg) return out;
  const t = ui.targeting;
  if (t) {
    for (const id of narrow(t.source(), t.path, t.chosen).next) out.set(String(id), Object.assign(() => pickTarget(id), { kind: "pick" }));
    return out;
  }
  const prompt = myPrompt();
  if (prompt) {
    for (const option of prompt.options) {
      out.set(String(option), Object.assign(() => togglePromptOption(prompt, option), { kind: "pick" }));
    }
    return out;
  }
  if (ui.selected) {
    const entry = idx.byCard.get(ui.selected);
    if (entry) {
      for (const a of entry.attack) out.set(String(a.target), Object.assign(() => act(a), { kind: "attack" }));
      const player = me();
      for (const a of entry.patrol) {
        if (a.slot !== null && player) out.set(`slot:${player.seat}:${a.slot}`, Object.assign(() => act(a), { kind: "patrol" }));
      }
    }
    for (const a of lendActions(ui.selected)) out.set(lendSlot(a), Object.assign(() => act(a), { kind: "patrol" }));
  }
  return out;
}

function onBoardClick(event) {
  if (!msg) return;
  // Only the innermost thing clicked counts: a card inside a patrol slot is that card.
  const node = event.target.closest("[data-tid]");
  if (!node) return;
  const tid = node.dataset.tid;
  const targets = activeTargets();
  if (targets.has(tid)) {
    targets.get(tid)();
    return;
  }
  if (tid.startsWith("slot:")) return;
  ui.selected = ui.selected === tid ? null : tid;
  if (ui.targeting) ui.targeting = null;
  setDockCollapsed(false);
  render();
}

// ---- free-for-all announcements ---------------------------------------------

/**
 * The final rounds of a free-for-all (R28) as one line, or null: the
 * standings now (every base still standing, highest first, from the view's
 * base HP, not the tie the round began with) and who still plays
 * (`final.order`, then the player taking the turn plays the last one).
 */
function finalText() {
  const v = view();
  const f = v.final;
  if (!f || v.status !== "playing") return null;
  const standing = v.players.map((p) => ({ seat: p.seat, name: p.name, hp: baseLeft(v, p.seat) }))
    .filter((s) => s.hp > 0).sort((a, b) => b.hp - a.hp || a.seat - b.seat);
  if (!standing.length) return null;
  const tied = tiedNow(v);
  const top = standing[0];
  const lead = tied.length ? `${nameList(tied.map(nameOfSeat))} are tied with ${top.hp} HP` : `${top.name} leads with ${top.hp} HP`;
  const rest = standing.filter((s) => s !== top && !tied.includes(s.seat)).map((s) => `, ${s.name} ${s.hp}`).join("");
  const order = f.order.map(nameOfSeat);
  let who;
  if (!order.length) who = `${nameOfSeat(v.active)} plays the last turn`;
  else if (order.length === 1) who = `${order[0]} plays the last turn`;
  else who = `still to play: ${order.join(", then ")} (the last turn)`;
  return `Final turns${f.round > 1 ? ` (tie round ${f.round})` : ""}: ${lead}${rest} · ${who}. `
    + "Then the highest base wins; players still tied for it play another round.";
}

function renderNews() {
  const box = $("news");
  const lines = [];
  const final = finalText();
  if (final) lines.push(el("li", final, { class: "news-final", "data-kind": "final" }));
  // What a free-for-all player must not miss this turn, as the engine tells it (view `news`: R23, R25, R26).
  for (const n of view().news || []) lines.push(el("li", n.text, { "data-kind": n.kind }));
  box.replaceChildren(...lines);
  box.hidden = !lines.length;
}

// ---- rendering --------------------------------------------------------------

/**
 * Away players (docs/PROTOCOL.md "Away players"): one line per seat that a
 * bot plays, or that has been away long enough to ask for one (`askable`):
 * a seated player may then let a bot play it. A seat away for a moment (a
 * reload, a player still opening the page) shows nothing.
 */
/**
 * The presence record of another seat that is away long enough to be shown
 * (a bot may be asked for it, or plays it), else null: renderPresence's
 * rule, so the banner and the team's status chips agree with its line (a
 * newcomer read "Jun plays too" for a minute after Jun had left).
 */
function awaySeat(seat) {
  if (!msg || seat === msg.seat) return null;
  return presence.find((p) => p.seat === seat && (p.askable || p.stand_in)) || null;
}

/** Who is shown away now, as a string to compare (see presenceChanged). */
function awayKey() {
  return JSON.stringify(presence.filter((p) => p.askable || p.stand_in).map((p) => [p.seat, !!p.stand_in]));
}

/** Re-render the board when who is shown away changed since `before` (an awayKey). */
function presenceChanged(before) {
  if (awayKey() !== before && msg) render();
}

function renderPresence() {
  const box = $("presence");
  const lines = [];
  if (msg && msg.status === "playing") {
    for (const p of presence) {
      // Nobody is offered a bot for a player who conceded: they take no more turns.
      const player = playerAt(view(), p.seat);
      const timedOut = p.stand_in && p.time_left === 0; // the turn timer ran out (game/turnclock.py)
      // The viewer's own seat: the notice tells them (noteTimedOut).
      if (p.seat === msg.seat || !(p.askable || p.stand_in) || (player && player.conceded)) continue;
      const name = nameOfSeat(p.seat);
      const line = el("p", null, { "data-seat": p.seat });
      if (timedOut) {
        line.textContent = `${name} ran out of time: a bot plays on for them until the game waits on someone else.`;
      } else if (p.stand_in) {
        line.textContent = `${name} is away: a bot plays for them until they come back.`;
      } else {
        line.textContent = `${name} is away. `;
        if (msg.seat !== null) {
          line.append(button(`Let a bot play for ${name}`, () => { ui.busy = send({ type: "stand_in", seat: p.seat }); render(); },
            { "data-stand-in": String(p.seat) }));
        }
      }
      lines.push(line);
    }
  }
  box.replaceChildren(...lines);
  box.hidden = lines.length === 0;
}

function render() {
  if (!msg) return;
  drawPage();
  keepTooltipAnchored();
}

/** Draw the page for the newest state (render). */
function drawPage() {
  const v = view();
  document.body.dataset.version = String(version);
  document.body.dataset.status = msg.status;
  document.body.dataset.seat = msg.seat === null ? "" : String(msg.seat);
  document.body.dataset.active = String(v.active);
  document.body.dataset.phase = v.phase;
  document.body.classList.toggle("spectator", msg.seat === null);
  document.body.classList.toggle("conceded", iConceded());
  document.body.classList.toggle("busy", ui.busy !== null);
  renderTableOptions(v);
  if (isArcaneView(v)) {
    renderArcanePage();
    return;
  }
  // While the coming turn waits for tech choices (phase "tech", R11) the
  // engine has not counted it yet: the header shows the turn about to begin,
  // as the banner does.
  $("turn").textContent = v.phase === "tech" ? v.turn + 1 : v.turn;
  $("you").textContent = msg.seat === null ? "watching" : `you: ${nameOfSeat(msg.seat)}`;
  if (renderOtherGame(v)) return;
  renderBanner();
  renderNews();
  renderBoard();
  drawMapCard($("map-card"), v.map);
  markBots(config.bots);
  drawClocks();
  clockVersion(version);
  renderHand();
  renderActionBar();
  renderPending();
  renderInspector();
  renderLog();
  renderCodex();
  highlight();
  showResult();
  renderPresence();
  keepOwnRowClear();
}

/**
 * Laptop and desktop: the hand dock is stuck to the bottom of the screen,
 * over the end of the board when the board is taller than the room above it
 * (1280x720, and a full hand makes the dock taller). While the page is where
 * it opened, or where this put it last, scroll it just far enough that the
 * viewer's own cards in play and patrol zone are clear of the dock, the site
 * header going out of sight first (never pushing their top under the sticky
 * banner). A page the player scrolled is left where it is; the phone's bar is
 * fixed and the page keeps room below for it (site.css). Two-Headed Dragon
 * opens on one's own team instead (showOwnTeam).
 */
function keepOwnRowClear() {
  const dock = $("controls");
  if (msg.seat === null || teamGame() || getComputedStyle(dock).position !== "sticky") return;
  if (Math.abs(window.scrollY - ui.placedAt) > 1) return; // the player scrolled: their place
  const rows = [...document.querySelectorAll("#me-area .in-play, #me-area .patrol")].map((n) => n.getBoundingClientRect());
  if (!rows.length) return;
  const under = Math.max(...rows.map((r) => r.bottom)) + 6 - dock.getBoundingClientRect().top;
  const room = Math.min(...rows.map((r) => r.top)) - $("banner").getBoundingClientRect().bottom - 6;
  const by = Math.min(under, room);
  if (by < 1) return;
  window.scrollBy(0, by);
  ui.placedAt = window.scrollY;
}

/**
 * The table's options with their labels under the banner (a game whose
 * lobby mode has options: Arcane Codex, C-23), from the view's `options` and
 * /api/modes/ (lobby/modes.py), on one line that opens to the whole list;
 * hidden for a game without any.
 */
function renderTableOptions(v) {
  const text = optionText(v.options, modes[v.game]);
  $("table-options").textContent = text ? `Table options: ${text}` : "";
  $("table-options-box").hidden = !text;
}

/**
 * The banner of another game's page (Arcane Codex, C-23): the turn, who the
 * viewer is, and `text` (the board's sentence), marked when the game waits
 * on the viewer.
 */
function renderGameBanner(v, text) {
  $("turn").textContent = v.turn;
  $("you").textContent = msg.seat === null ? "watching" : `you: ${nameOfSeat(msg.seat)}`;
  const waitsOnMe = v.prompt ? v.prompt.seat === msg.seat : v.active === msg.seat;
  $("banner-text").textContent = ui.busy !== null ? `${text} (sending…)` : text;
  $("banner").className = `banner${msg.status === "finished" ? " over" : waitsOnMe ? " mine" : ""}`;
}

/**
 * Around another game's board: bots, turn clock, log, presence as for
 * Codex; once finished, the result dialog: a title from the `winners'`
 * seats ("You won!") and `text`, the board's sentence of how the game ended.
 */
function renderGameSurround(text, winners) {
  markBots(config.bots);
  drawClocks();
  clockVersion(version);
  renderLog();
  renderPresence();
  if (msg.status === "finished" && !ui.resultShown) {
    ui.resultShown = true;
    let title = "A draw";
    if (winners.length) {
      title = msg.seat === null ? `${nameList(winners.map(nameOfSeat))} wins` : winners.includes(msg.seat) ? "You won!" : "You lost";
    }
    $("result-title").textContent = title;
    $("result-text").textContent = text;
    $("result-bases").hidden = true;
    const dialog = $("result-dialog");
    if (!dialog.open) dialog.showModal();
  }
}

/**
 * The page of an Arcane Codex view (issue 17): its own board (arcaneboard.js)
 * in the board, hand and action bar nodes; the log, chat, presence, bots and
 * turn clock as for Codex; the result dialog with the board's sentence.
 */
function renderArcanePage() {
  const v = view();
  document.body.classList.add("arcane");
  const text = arcaneBanner(v, msg.seat);
  renderGameBanner(v, text);
  renderArcane({
    msg, busy: ui.busy !== null, act, rerender: render,
    nodes: { opponents: $("opponents"), me: $("me-area"), hand: $("hand"), handBox: $("hand-box"), handCount: $("hand-count"),
      bar: $("action-bar"), inspector: $("inspector") },
  });
  renderGameSurround(arcaneResultText(v, msg.seat), v.winners || []);
}

/**
 * A view of another game than Codex (its `game` field) is drawn by that
 * game's own board module; returns true when it was. C-23: c23board.js,
 * with the page's banner, log, presence, turn clock and result dialog as
 * for the other games.
 */
function renderOtherGame(v) {
  if (v.game !== "c23") return false;
  document.body.classList.add("c23"); // the board carries its own hand and buttons: no empty dock (c23.css)
  $("hand-box").hidden = true;
  $("action-bar").replaceChildren();
  const text = c23Banner(v, msg.seat);
  renderGameBanner(v, text);
  renderC23($("board"), v, { seat: msg.seat, legal: msg.legal_actions || [], act, busy: ui.busy !== null });
  renderGameSurround(c23ResultText(v, msg.seat), viewWinners(v));
  return true;
}

/**
 * The banner: {text, cls}. A free-for-all player who conceded reads that
 * they are out, then what a spectator reads.
 */
function bannerText() {
  const v = view();
  if (msg.status === "finished" || v.status !== "playing") {
    const mine = msg.seat;
    const won = winners();
    const reason = endReason(won);
    if (!won.length) return { text: `Game over${reason ? `: ${reason}` : ""}.`, cls: "over" };
    let who = `${winnerNames(won)} ${won.length > 1 ? "win" : "wins"}`;
    if (won.includes(mine)) {
      if (won.length === 1) who = "You win";
      else who = teamGame() ? "Your team wins" : `You share the win with ${nameList(won.filter((s) => s !== mine).map(nameOfSeat))}`;
    }
    return { text: `Game over — ${who}${reason ? ` (${reason})` : ""}.`, cls: "over" };
  }
  if (!iConceded()) return playingText(msg.seat);
  const { text } = playingText(null);
  return { text: `You conceded: you are out and take no more turns; you may keep watching. ${text}`, cls: "waiting" };
}

/** The banner while the game goes on, as seat `mine` reads it (null: as a spectator). */
function playingText(mine) {
  const v = view();
  if (v.prompt) {
    if (v.prompt.seat === mine) return { text: `Your answer is needed: ${v.prompt.text}`, cls: "mine" };
    return { text: `Waiting for ${nameOfSeat(v.prompt.seat)}: ${v.prompt.text}`, cls: "waiting" };
  }
  const acting = actingPlayers();
  const owesTech = idx.tech.length > 0;
  const phase = `${words(v.phase)} phase`;
  const me = acting.find((p) => p.seat === mine);
  if (me && acting.length > 1) {
    // Two-Headed Dragon: both teammates play this turn; each ends their own main phase.
    const partner = acting.find((p) => p.seat !== mine);
    if (v.phase === "tech") {
      return { text: `Your team's turn: ${owesTech ? "pick your tech cards to begin" : `waiting for ${partner.name} to pick tech cards`}.`, cls: owesTech ? "mine" : "waiting" };
    }
    if (me.ended_main) {
      return { text: `Your team's turn — you ended your main phase; ${partner.name} is still playing.`, cls: "waiting" };
    }
    const gone = awaySeat(partner.seat);
    const mate = gone ? `${partner.name} is away${gone.stand_in ? ": a bot plays for them" : " (see the top of the board)"}`
      : partner.ended_main ? `${partner.name} has ended their main phase` : `${partner.name} plays too`;
    return { text: `Your team's turn — ${phase} · ${mate}${owesTech ? " · pick your tech cards" : ""}.`, cls: "mine" };
  }
  // Free-for-all: others still picking tech cards while this turn goes on (R11).
  const othersPicking = v.players.filter((p) => p.tech_owed && !p.conceded && p.seat !== mine && !acting.includes(p));
  const alsoPicking = othersPicking.length
    ? ` · ${nameList(othersPicking.map((p) => p.name))} ${othersPicking.length > 1 ? "are" : "is"} still picking tech cards` : "";
  if (me) {
    if (v.phase === "tech") return { text: "Your turn: pick your tech cards to begin.", cls: "mine" };
    if (v.phase === "lend") {
      return { text: "Your lending step: lend ready units or heroes to other players' empty patrol slots, or click Done lending.", cls: "mine" };
    }
    return { text: `Your turn — ${phase}${owesTech ? " · pick your tech cards" : ""}${alsoPicking}.`, cls: "mine" };
  }
  const who = names(acting);
  let text;
  if (v.phase === "lend") {
    text = `${who} is lending (units or heroes into other players' empty patrol slots)${alsoPicking}`;
  } else if (v.phase === "tech") {
    const picking = acting.filter((p) => p.tech_owed);
    text = `${who}'s turn — ${names(picking.length ? picking : acting)} ${picking.length > 1 ? "are" : "is"} picking tech cards${alsoPicking}`;
  } else {
    text = `${who}'s turn — ${phase}`;
    const ended = acting.filter((p) => p.ended_main);
    if (acting.length > 1 && ended.length) text += ` · ${names(ended)} ended their main phase`;
    text += alsoPicking;
  }
  if (owesTech) return { text: `${text}. Meanwhile, pick your tech cards.`, cls: "mine" };
  if (msg.seat === null) text += " · you are watching";
  return { text: `${text}.`, cls: "waiting" };
}

function renderBanner() {
  const { text, cls } = bannerText();
  $("banner-text").textContent = ui.busy !== null ? `${text} (sending…)` : text;
  $("banner").className = `banner ${cls}`;
}

function renderBoard() {
  const v = view();
  const playing = msg.status === "playing";
  const acting = new Set(playing ? actingPlayers().map((p) => p.seat) : []);
  renderSeatStrip(acting);
  if (teamGame()) {
    renderTeamBoard(acting);
    return;
  }
  // Around the table: the players after you in turn order, then you at the
  // bottom (a spectator sits where the first player does).
  const mySeat = msg.seat === null ? v.players[0].seat : msg.seat;
  const at = v.players.findIndex((p) => p.seat === mySeat);
  const others = [...v.players.slice(at + 1), ...v.players.slice(0, at)];
  const mine = v.players[at];
  $("opponents").classList.toggle("several", others.length > 1);
  $("opponents").replaceChildren(...others.map((p) => playerArea(v, catalog, p, {
    isMe: false, active: acting.has(p.seat), revealed: revealedHand(p),
  })));
  $("me-area").replaceChildren(playerArea(v, catalog, mine, { isMe: msg.seat !== null, active: acting.has(mine.seat) }));
}

/**
 * Free-for-all: every player in turn order on one line (a link to their
 * area): base HP, gold, and who is taking the turn, lending, still picking
 * tech cards (R11), has conceded, is tied now in the final rounds (R28) or has won.
 */
function renderSeatStrip(acting) {
  const v = view();
  const strip = $("seat-strip");
  strip.hidden = teamGame() || v.players.length < 3;
  if (strip.hidden) return;
  const won = msg.status === "playing" ? [] : winners();
  strip.style.setProperty("--seats", String(v.players.length));
  strip.replaceChildren(...v.players.map((p) => {
    const base = baseOf(p.team);
    const item = el("li", null, {
      class: `seat-chip${acting.has(p.seat) ? " active" : ""}${p.seat === msg.seat ? " me" : ""}${p.conceded ? " conceded" : ""}`, "data-seat": p.seat,
    });
    const link = el("a", null, { href: `#seat-${p.seat}`, class: "seat-link" });
    link.append(el("span", p.name, { class: "pname" }));
    if (p.seat === msg.seat) link.append(el("span", "you", { class: "tag you-tag" }));
    link.append(el("span", `base ${base.left}/${base.hp}`, { class: `seat-hp${base.left < base.hp ? " hurt" : ""}`, title: "Base HP left" }),
      el("span", `${p.gold} gold`, { class: "seat-gold" }));
    const status = [];
    if (won.includes(p.seat)) status.push(["winner", "turn-tag"]);
    if (acting.has(p.seat)) status.push([v.phase === "lend" ? "lending" : v.phase === "tech" ? "turn · tech" : "turn", v.phase === "lend" ? "lending-tag" : "turn-tag"]);
    if (p.conceded) status.push(["conceded", "conceded-tag"]);
    else if (p.tech_owed && msg.status === "playing" && !(acting.has(p.seat) && v.phase === "tech")) status.push(["picking tech", "tech-tag"]);
    if (msg.status === "playing" && tiedNow(v).includes(p.seat)) status.push(["tied", "tied-tag"]);
    for (const [text, cls] of status) link.append(el("span", text, { class: `tag ${cls}` }));
    item.append(link);
    return item;
  }));
}

/**
 * Two-Headed Dragon: one block per team, the shared base once in its head,
 * then each player's area (buildings, heroes, units, patrol zone). The
 * viewer's team is at the bottom (a spectator's: the first team), the
 * viewer's own area last; the partner's area shows the partner's hand.
 */
function renderTeamBoard(acting) {
  const v = view();
  const bottom = msg.seat === null ? v.players[0].team : teamOf(msg.seat);
  const block = (team) => {
    const players = teamPlayers(team);
    const mineTeam = team === bottom && msg.seat !== null;
    const active = players.some((p) => acting.has(p.seat));
    const box = el("section", null, {
      class: `team-block${mineTeam ? " my-team" : ""}${active ? " active" : ""}`, "data-team": team,
      "aria-label": `Team ${team + 1}: ${names(players)}`,
    });
    const head = el("div", null, { class: "team-head" });
    const title = el("div", null, { class: "team-title" });
    title.append(el("span", mineTeam ? "Your team" : `Team ${team + 1}`, { class: "team-label" }),
      el("span", names(players), { class: "team-names" }));
    if (active) title.append(el("span", v.phase === "tech" ? "turn · tech" : "turn", { class: "tag turn-tag" }));
    head.append(title);
    if (active && v.phase === "main") {
      const status = el("div", null, { class: "team-status" });
      for (const p of players) {
        const gone = !p.ended_main && awaySeat(p.seat);
        status.append(el("span", `${p.name}: ${p.ended_main ? "main phase ended" : gone ? (gone.stand_in ? "a bot plays" : "away") : "playing"}`, {
          class: `tag ${p.ended_main ? "ended-tag" : gone ? "away-tag" : "playing-tag"}`, "data-ended": p.seat,
        }));
      }
      head.append(status);
    }
    head.append(baseTile(v, team, "Shared base"));
    box.append(head);
    let ordered = players;
    if (mineTeam) ordered = [...players.filter((p) => p.seat !== msg.seat), ...players.filter((p) => p.seat === msg.seat)];
    const row = el("div", null, { class: "team-players" });
    for (const p of ordered) {
      const isMe = p.seat === msg.seat;
      const partner = mineTeam && !isMe;
      row.append(playerArea(v, catalog, p, {
        isMe, partner, ally: team === bottom, active: acting.has(p.seat), sharedBase: true,
        hand: partner && p.hand ? p.hand.map((c) => handTile(catalog, c)) : null,
        revealed: mineTeam ? null : revealedHand(p),
      }));
    }
    box.append(row);
    return box;
  };
  const teams = v.teams.map((_, team) => team);
  $("opponents").replaceChildren(...teams.filter((t) => t !== bottom).map(block));
  $("me-area").replaceChildren(block(bottom));
}

/** An opponent's hand revealed to the viewer (view `hand_revealed`, a card's doing) as tiles, or null. */
function revealedHand(p) {
  return p.hand_revealed && p.hand ? p.hand.map((c) => handTile(catalog, c)) : null;
}

/**
 * The viewer's own gold, workers, base and hand size on one line in the
 * hand dock, so that the dock never hides them (issue 14, "Layout").
 */
function renderMyStats() {
  const player = me();
  const line = $("my-stats");
  line.hidden = !player;
  if (!player) return;
  const base = baseOf(player.team);
  const bit = (label, value, cls = "") => el("span", null, { class: cls }, `${label} `, el("b", value));
  line.replaceChildren(bit("gold", player.gold, "my-gold"), bit("workers", player.workers),
    bit("base", `${base.left}/${base.hp}`, `my-base${base.left < base.hp ? " hurt" : ""}`),
    bit("hand", player.hand_count), bit("deck", player.deck_count));
}

function renderHand() {
  renderMyStats();
  const player = me();
  const box = $("hand-box");
  box.hidden = !player || !player.hand;
  if (box.hidden) return;
  $("hand-count").textContent = `(${player.hand.length})`;
  const tiles = player.hand.map((c) => {
    const tile = handTile(catalog, c);
    const entry = idx.byCard.get(c.iid);
    if (entry && entry.play.length) tile.classList.add("playable");
    if (entry && entry.hire) tile.classList.add("hireable");
    return tile;
  });
  $("hand").replaceChildren(...(tiles.length ? tiles : [el("span", "Your hand is empty.", { class: "empty-note" })]));
}

/**
 * Why the viewer can't use each control now (the view's own-seat
 * `reasons`, game/codex/reasons.py): {control key: sentence}; {} for a spectator.
 */
function reasons() {
  const player = me();
  return (player && player.reasons) || {};
}

/**
 * A control that can't be used now, shown greyed with its reason: the
 * reason is its tooltip (title), and a tap shows it in the line under the
 * action bar (phones have no hover). It never sends anything. `attrs`'
 * data-action becomes data-blocked.
 */
function disabledControl(label, reason, attrs = {}) {
  // data-blocked, not data-action: what carries data-action can be used.
  const { "data-action": action, ...rest } = attrs;
  const b = el("button", label, {
    type: "button", ...rest, class: `${attrs.class || "btn"} is-disabled`, "aria-disabled": "true", title: reason, "data-why": reason,
    "data-blocked": action,
  });
  b.onclick = () => {
    ui.why = ui.why === reason ? null : reason;
    render();
  };
  return b;
}

function button(label, onclick, attrs = {}) {
  const b = el("button", label, { type: "button", class: "btn", ...attrs });
  b.onclick = onclick;
  if (ui.busy !== null) b.disabled = true;
  return b;
}

function renderActionBar() {
  const bar = $("action-bar");
  if (msg.seat === null) {
    bar.replaceChildren(el("p", "You are watching this match: hands and codexes stay hidden.", { class: "hint" }));
    return;
  }
  if (msg.status !== "playing") {
    bar.replaceChildren(el("a", "Back to the lobby", { href: "/", class: "btn" }));
    return;
  }
  if (iConceded()) {
    bar.replaceChildren(el("p", "You conceded and take no more turns; you may keep watching.", { class: "hint", id: "out-note" }),
      el("a", "Back to the lobby", { href: "/", class: "btn" }));
    return;
  }
  const items = [];
  const why = reasons();
  const player = me();
  if (player && player.hand && player.hand.length) {
    // Phones: the hand is below the whole board (in 2v2 far below); a jump to it.
    items.push(button(`Hand (${player.hand.length})`, () => $("hand-box").scrollIntoView({ block: "end" }),
      { class: "btn ghost jump-hand", "data-jump": "hand" }));
  }
  if (idx.endMain) items.push(button("End main phase", () => endMainAsking(idx.endMain), { class: "btn primary", "data-action": "end_main" }));
  if (idx.stash.length) {
    // Stash (a hero's ability): ending the main phase may keep one hand card; a choice of its own.
    items.push(button("End main phase, keeping a card…", () => startTargeting(
      "End your main phase: pick the hand card to keep through your draw (you draw one card fewer)", () => idx.stash, (a) => [a.stash]),
    { "data-action": "end_main_stash" }));
  }
  const hire = hireLabel();
  if (idx.hire.length && idx.hire[0].card === undefined) {
    // Daggerfall Prison Camp: hiring takes no card (mapcard.js shows the map's rule).
    items.push(button(hire, () => act(idx.hire[0]), { "data-action": "hire" }));
  } else if (idx.hire.length) {
    items.push(button(`${hire}…`, () => startTargeting(
      "Hire a worker: pick the card from your hand to put face down", () => idx.hire, (a) => [a.card]),
    { "data-action": "hire" }));
  } else if (why.hire) {
    items.push(disabledControl(hire, why.hire, { "data-action": "hire" }));
  }
  items.push(...buildButtons());
  const repair = otherAction("repair");
  if (repair) {
    const base = baseOf(teamOf(msg.seat));
    const { gold, hp } = me().repair; // house rule R24, as the view publishes it
    items.push(button(`Repair base: ${gold} gold → ${hp} HP`, () => act(repair), {
      "data-action": "repair", title: `Your base has ${base.left} of ${base.hp} HP; repair as often as your gold allows`,
    }));
  } else if (why.repair) {
    items.push(disabledControl("Repair base", why.repair, { "data-action": "repair" }));
  }
  const endLending = otherAction("end_lending");
  if (endLending) items.push(button("Done lending", () => act(endLending), { class: "btn primary", "data-action": "end_lending" }));
  // Action types this page has no special control for: one button per type;
  // when several actions share it, pick what they differ in on the board.
  const OWN_CONTROLS = new Set(["repair", "lend", "end_lending"]);
  const byType = new Map();
  for (const a of idx.other) if (!OWN_CONTROLS.has(a.type)) byType.set(a.type, [...(byType.get(a.type) || []), a]);
  for (const [type, list] of byType) {
    const name = sentence(words(type));
    if (list.length === 1) {
      const what = genericPath(list[0]).map((id) => describeId(view(), catalog, id)).join(", ");
      items.push(button(what ? `${name}: ${what}` : name, () => act(list[0]), { "data-action": type }));
    } else {
      items.push(button(`${name}…`, () => startTargeting(`${name}: choose`, () => idx.other.filter((a) => a.type === type), genericPath),
        { "data-action": type }));
    }
  }
  if (idx.concede) {
    items.push(button("Concede", () => confirmThen(concedeQuestion(), "Concede", () => act(idx.concede)),
      { class: "btn danger ghost", "data-action": "concede" }));
  }
  if (ui.why && !Object.values(why).includes(ui.why)) ui.why = null;
  const line = ui.why ? el("p", ui.why, { class: "why-line", id: "why-line", role: "status" }) : null;
  bar.replaceChildren(...items, ...(line ? [line] : []));
}

/**
 * End the main phase (`action`), asking first while gold could still be
 * spent on something legal or a unit or hero could still attack (issue 14,
 * point 8): the question names what is left.
 */
function endMainAsking(action) {
  const player = me();
  const spend = ["hire", "build"].some((k) => idx[k].length)
    || [...idx.byCard.values()].some((e) => e.play.length || e.summon || e.levelUp.length || e.hire);
  const gold = player && player.gold > 0 && spend ? player.gold : 0;
  // A unit or hero put on patrol was meant to guard: it is not counted as a forgotten attacker.
  const attackers = [...new Set([...idx.byCard.entries()]
    .filter(([id, e]) => e.attack.length && !(player && patrolSlotOf(player, id))).map(([id]) => id))];
  if (!gold && !attackers.length) {
    act(action);
    return;
  }
  const left = [];
  if (gold) left.push(`${gold} gold you could still spend`);
  if (attackers.length) {
    const who = attackers.map((id) => describeId(view(), catalog, id).replace(/ \([^)]*\)$/, ""));
    left.push(`${attackers.length === 1 ? "1 unit or hero" : `${attackers.length} units or heroes`} that can still attack (${nameList(who)})`);
  }
  confirmThen(`End your main phase? You still have ${nameList(left)}. Your patrol zone is locked in and you draw your new hand.`,
    "End main phase", () => act(action));
}

/**
 * Why an attack offers only opposing patrollers (`ids`, the targets left to
 * pick), or null when something else is offered: attackers must get past
 * the patrol zone first, the squad leader before the others (How to play,
 * "Attacking"; rulebook "Patrolling").
 */
function patrollersFirstNote(ids) {
  const v = view();
  const slotOf = (id) => {
    for (const p of v.players) if (p.seat !== msg.seat && patrolSlotOf(p, id)) return patrolSlotOf(p, id);
    return null;
  };
  const slots = ids.map(slotOf);
  if (!ids.length || slots.some((slot) => slot === null)) return null;
  if (slots.every((slot) => slot === "squad_leader")) {
    return "Patrollers come first: while an opposing squad leader can be attacked, your attacker must attack it. Nothing else can be attacked yet.";
  }
  return "Patrollers come first: while an opposing patroller can be attacked, your attacker must attack one of them. Nothing else can be attacked yet.";
}

/**
 * The one tied leader a concession by the viewer would leave in the final
 * rounds (R28) alone at the top, who then wins at once; null when there is
 * none (the engine's freeforall.last_leader_standing, docs/RULINGS.md
 * "Concession").
 */
function lastLeaderAfterConceding(v) {
  const mine = msg.seat;
  const left = v.final.tied.filter((s) => s !== mine && !v.players.find((p) => p.seat === s).conceded);
  if (left.length !== 1) return null;
  const hp = (seat) => (seat === mine ? 0 : baseLeft(v, seat));
  return v.players.every((p) => p.seat === left[0] || hp(p.seat) < hp(left[0])) ? left[0] : null;
}

/**
 * The question before conceding: what it means in this mode, and in a
 * free-for-all, now. Before any base fell, a concession ends the game for
 * everyone (R28: the highest base wins, tied leaders first take one more
 * turn); in the final rounds a base has already fallen, and conceding only
 * puts the player out: no more turns, the final turns go on without them
 * (game/codex/freeforall_end.py concede), unless it leaves one tied leader
 * alone at the top, who wins at once.
 */
function concedeQuestion() {
  if (teamGame()) return "Concede this game for your team? The other team wins.";
  if (isFfa()) {
    const v = view();
    if (v.final && v.status === "playing") {
      const last = lastLeaderAfterConceding(v);
      if (last !== null) return `Concede? Your base drops to 0 HP and ${nameOfSeat(last)} wins.`;
      return "Concede? Your base drops to 0 HP and you take no more turns. The final turns go on without you; "
        + "then the highest base wins.";
    }
    return "Concede? Your base drops to 0 HP, and a fallen base ends the game for everyone: the highest base wins "
      + "(tied leaders first take one more turn).";
  }
  return "Concede this game? Your opponent wins.";
}

/**
 * One button per building offered. The 3-hero game's Tech II and Tech Lab
 * come with a spec to choose (one legal action per spec): their button opens
 * the choice. The cost shown is the view's (`build_costs`: the colour tax
 * and changes of cards in play included), naming the colour tax. An
 * add-on that would replace the one standing says so, and asks first.
 */
function buildButtons() {
  const player = me() || { buildings: {} };
  const tax = player.tech_tax || 0;
  const byBuilding = new Map();
  for (const a of idx.build) byBuilding.set(a.building, [...(byBuilding.get(a.building) || []), a]);
  const out = [];
  for (const [building, list] of byBuilding) {
    const rec = catalog.get(building);
    const name = rec ? rec.name : words(building);
    const pay = (player.build_costs || {})[building];
    const cost = pay !== undefined ? ` (${pay}${tax ? ` incl. ${tax} colour tax` : ""})` : "";
    const attrs = { "data-action": "build", "data-building": building };
    const old = rec && rec.kind === "addon" ? player.buildings.addon : null;
    const replaces = old ? ` · replaces your ${old.name}` : "";
    if (list.length === 1) {
      const spec = list[0].spec ? `: ${specLabel(catalog, list[0].spec)}` : "";
      out.push(button(`Build ${name}${spec}${cost}${replaces}`, () => (old ? confirmAddon(name, old, () => act(list[0])) : act(list[0])), attrs));
      continue;
    }
    const what = building === "tech_2" ? "choose its spec (locked for the game)" : "choose the spec it unlocks";
    const go = () => startTargeting(`Build ${name}: ${what}`, () => idx.build.filter((a) => a.building === building), (a) => [a.spec ?? ""],
      (spec) => (spec ? specLabel(catalog, spec) : "no spec yet (chosen when Tech II is built)"));
    out.push(button(`Build ${name}…${cost}${replaces}`, () => (old ? confirmAddon(name, old, go) : go()), attrs));
  }
  // What can't be built now, greyed with its reason: the next tech building,
  // and the add-ons when none can be built (the cheapest one's reason).
  const why = reasons();
  const blocked = Object.keys(why).filter((k) => k.startsWith("build:")).map((k) => k.slice(6)).filter((b) => !byBuilding.has(b));
  const tech = blocked.find((b) => /^tech_\d$/.test(b));
  if (tech) out.push(disabledControl(`Build ${slotLabel(tech)}`, why[`build:${tech}`], { "data-action": "build", "data-building": tech }));
  const addons = blocked.filter((b) => b !== tech && !idx.build.some((a) => (catalog.get(a.building) || {}).kind === "addon"))
    .sort((a, b) => ((catalog.get(a) || {}).cost ?? 0) - ((catalog.get(b) || {}).cost ?? 0));
  if (addons.length) {
    const rec = catalog.get(addons[0]);
    out.push(disabledControl(`Build ${rec ? rec.name : words(addons[0])}`, why[`build:${addons[0]}`], { "data-action": "build", "data-building": addons[0] }));
  }
  return out;
}

/**
 * Ask before an add-on replaces the standing one: it names what is lost and
 * the base damage (the view's `addon_teardown_damage`, rulebook: one add-on
 * at a time).
 */
function confirmAddon(name, old, then) {
  const base = baseOf(teamOf(msg.seat));
  const damage = me().addon_teardown_damage;
  const after = Math.max(0, base.left - damage);
  const end = after === 0 ? " That would destroy your base." : "";
  confirmThen(`Build ${name}? Your ${old.name} is torn down and your base takes ${damage} damage `
    + `(${base.left} → ${after} HP).${end}`, `Build ${name}`, then);
}

/** The values of an action besides its type, in order, as ids to pick one by one. */
function genericPath(a) {
  const out = [];
  for (const [key, value] of Object.entries(a)) {
    if (key === "type") continue;
    if (Array.isArray(value)) out.push(...value.map(String));
    else out.push(value !== null && typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  return out;
}

function optionButton(label, onclick, attrs = {}) {
  return button(label, onclick, { class: "btn option", ...attrs });
}

function togglePromptOption(prompt, option) {
  if (prompt.count === 1 && !ui.promptPick.length) {
    const a = idx.choose.find((c) => c.choice.length === 1 && c.choice[0] === option);
    if (a) act(a);
    return;
  }
  const i = ui.promptPick.indexOf(option);
  if (i >= 0) ui.promptPick.splice(i, 1);
  else if (ui.promptPick.length < prompt.count) ui.promptPick.push(option);
  render();
}

function promptPanel(prompt) {
  const box = el("section", null, { class: "panel pending-panel prompt-panel", id: "prompt-panel" });
  box.append(el("h2", "Your answer", { class: "panel-title" }), el("p", prompt.text, { class: "prompt-text" }));
  if (prompt.count > 1) box.append(el("p", `Pick ${prompt.count}.`, { class: "hint" }));
  const numbers = offersNumbers(view(), prompt.options);
  box.append(...optionLists(prompt.options, (option, label) => {
    const picked = ui.promptPick.includes(option);
    return optionButton(label, () => togglePromptOption(prompt, option),
      { "data-option": option, "aria-pressed": picked ? "true" : "false", class: `btn option${picked ? " picked" : ""}` });
  }, numbers ? (id) => describeId(view(), catalog, id, true) : null));
  const row = el("div", null, { class: "row" });
  if (prompt.count > 1) {
    const match = idx.choose.find((c) => bagKey(c.choice) === bagKey(ui.promptPick));
    const ok = button("Confirm", () => match && act(match), { class: "btn primary", "data-action": "choose" });
    if (!match) ok.disabled = true;
    row.append(ok);
  }
  if (prompt.optional) {
    const skip = idx.choose.find((c) => c.choice.length === 0);
    if (skip) row.append(button("Skip", () => act(skip), { class: "btn ghost" }));
  }
  if (row.childElementCount) box.append(row);
  return box;
}

/**
 * Ids grouped by the player they belong to ([[seat, ids], ...] in turn
 * order from the active player, the viewer's partner's things (Two-Headed
 * Dragon) and then the viewer's own last so that a quick click does not
 * hit them), or null when they are not all things of players or all one
 * player's.
 */
function bySeat(ids) {
  const seats = ids.map((id) => seatOfId(view(), id));
  if (!ids.length || seats.some((s) => s === null) || new Set(seats).size < 2) return null;
  const groups = new Map();
  ids.forEach((id, i) => {
    groups.set(seats[i], [...(groups.get(seats[i]) || []), id]);
  });
  const count = view().players.length;
  const from = (seat) => (seat === msg.seat ? 2 * count : isPartner(seat) ? count : (seat - view().active + count) % count);
  return [...groups].sort(([a], [b]) => from(a) - from(b));
}

/** True when `seat` is the viewer's teammate (Two-Headed Dragon), not the viewer. */
function isPartner(seat) {
  return msg.seat !== null && seat !== msg.seat && teamOf(seat) === teamOf(msg.seat);
}

/**
 * The option buttons for `ids` (`make(id, label)` makes one): one list, or,
 * when they are things of several players (an attack in a free-for-all),
 * one group per player titled with the name and base HP, each option then
 * without the name the title gives. `label(id)` names an option (default:
 * what the id names on the board).
 */
function optionLists(ids, make, label = null) {
  const name = (id) => (label ? label(id) : describeId(view(), catalog, id));
  const groups = bySeat(ids);
  if (!groups) return [el("div", null, { class: "options" }, ...ids.map((id) => make(id, name(id))))];
  return groups.map(([seat, mine]) => {
    const suffix = ` (${nameOfSeat(seat)})`;
    const short = (id) => {
      const text = name(id);
      return text.endsWith(suffix) ? text.slice(0, -suffix.length) : text;
    };
    const base = baseOf(teamOf(seat));
    return el("div", null, { class: "option-group", "data-group": seat },
      el("h3", null, { class: "option-group-title" },
        el("span", seat === msg.seat ? `${nameOfSeat(seat)} (you)` : isPartner(seat) ? `${nameOfSeat(seat)} (partner)` : nameOfSeat(seat), { class: "pname" }),
        el("span", `base ${base.left}/${base.hp}`, { class: "hint" })),
      el("div", null, { class: "options" }, ...mine.map((id) => make(id, short(id)))));
  });
}

function targetingPanel() {
  const t = ui.targeting;
  const n = narrow(t.source(), t.path, t.chosen);
  const box = el("section", null, { class: "panel pending-panel targeting-panel", id: "targeting-panel" });
  box.append(el("h2", t.title, { class: "panel-title" }));
  if (t.chosen.length) {
    box.append(el("p", `Chosen: ${t.chosen.map((id) => describeId(view(), catalog, id)).join(", ")}`, { class: "hint" }));
  }
  const onBoard = n.next.some((id) => document.querySelector(`#board [data-tid="${CSS.escape(String(id))}"], #hand [data-tid="${CSS.escape(String(id))}"]`));
  const why = t.note ? t.note(n.next) : null;
  if (why) box.append(el("p", why, { class: "hint target-note", id: "target-note" }));
  box.append(el("p", onBoard ? "Pick one of the highlighted targets on the board, or here:" : "Choose:", { class: "hint" }));
  box.append(...optionLists(n.next, (id, label) => optionButton(label, () => pickTarget(id), { "data-option": id }), t.label));
  const row = el("div", null, { class: "row" });
  if (n.complete.length) row.append(button("Done", () => act(n.complete[0]), { class: "btn primary" }));
  row.append(button("Cancel", () => { ui.targeting = null; render(); }, { class: "btn ghost" }));
  box.append(row);
  return box;
}

/**
 * `player`'s codex as [[spec, [[card id, count], ...]], ...]: the specs in
 * the order of the player's heroes, each spec's cards by tech level, cost, name.
 */
function codexBySpec(player) {
  const heroSpecs = [...player.command, ...player.play.filter((c) => c.kind === "hero" && c.owner === player.seat)]
    .map((h) => (catalog.get(h.card) || {}).spec).filter(Boolean);
  const groups = new Map(heroSpecs.map((spec) => [spec, []]));
  for (const [id, count] of Object.entries(player.codex || {})) {
    const spec = (catalog.get(id) || {}).spec || "";
    if (!groups.has(spec)) groups.set(spec, []);
    groups.get(spec).push([id, count]);
  }
  const order = (id) => catalog.get(id) || { tech: 0, cost: 0, name: id };
  for (const entries of groups.values()) {
    entries.sort(([a], [b]) => (order(a).tech ?? 0) - (order(b).tech ?? 0) || (order(a).cost ?? 0) - (order(b).cost ?? 0)
      || String(order(a).name).localeCompare(order(b).name));
  }
  return [...groups].filter(([, entries]) => entries.length);
}

function techPanel() {
  const player = me();
  const sizes = [...new Set(idx.tech.map((a) => a.cards.length))];
  const most = Math.max(...sizes);
  const keys = new Map(idx.tech.map((a) => [bagKey(a.cards), a]));
  const box = el("section", null, { class: "panel pending-panel tech-panel", id: "tech-panel" });
  box.append(el("h2", "Tech: add cards from your codex to your discard pile", { class: "panel-title" }));
  const need = sizes.length > 1 ? `${Math.min(...sizes)} to ${most}` : `${most}`;
  box.append(el("p", `Pick ${need} card(s). Picked: ${ui.techPick.length ? ui.techPick.map((id) => (catalog.get(id) || { name: id }).name).join(", ") : "none"}.`, { class: "hint" }));
  const groups = codexBySpec(player);
  for (const [spec, entries] of groups) {
    const list = el("div", null, { class: "options codex-options" });
    for (const [id, count] of entries) {
      const left = count - ui.techPick.filter((x) => x === id).length;
      const rec = catalog.get(id) || { name: id };
      const label = `${rec.name}${rec.tech !== null && rec.tech !== undefined ? ` · T${roman(rec.tech)}` : ""} · ${rec.cost ?? "?"}g ×${left}`;
      const b = optionButton(label, () => {
        if (left > 0 && ui.techPick.length < most) {
          ui.techPick.push(id);
          render();
        }
      }, { "data-codex": id, "data-card": id });
      if (left <= 0 || count === 0) b.disabled = true;
      const read = button("Read", () => {
        ui.techRead = ui.techRead === id ? null : id;
        render();
        // The text opens below the codex list, off screen on a laptop: bring it into view.
        if (ui.techRead && $("tech-reading")) $("tech-reading").scrollIntoView({ block: "nearest" });
      },
        { class: `btn small ghost read-card${ui.techRead === id ? " picked" : ""}`, "data-read": id, "aria-label": `Read ${rec.name}`, title: `Read ${rec.name}` });
      list.append(el("span", null, { class: "codex-option" }, b, read));
    }
    if (groups.length === 1) {
      box.append(list);
      continue;
    }
    // Several specs (the 3-hero game's 72-card codex): one foldable group each.
    const group = el("details", null, { class: "spec-group", "data-spec": spec });
    group.open = !ui.techFolded.has(spec);
    group.ontoggle = () => { if (group.open) ui.techFolded.delete(spec); else ui.techFolded.add(spec); };
    group.append(el("summary", `${specLabel(catalog, spec)} · ${entries.reduce((n, [, c]) => n + c, 0)} left`), list);
    box.append(group);
  }
  if (ui.techRead) box.append(techReading(ui.techRead, most));
  const row = el("div", null, { class: "row" });
  const match = keys.get(bagKey(ui.techPick));
  const ok = button("Confirm tech", () => match && act(match), { class: "btn primary", "data-action": "tech" });
  if (!match) ok.disabled = true;
  row.append(ok);
  if (ui.techPick.length) row.append(button("Clear", () => { ui.techPick = []; render(); }, { class: "btn ghost" }));
  box.append(row);
  return box;
}

/**
 * The codex card `id` read in the tech panel before picking it: its facts,
 * ATK/HP and text, and a button to pick it (`most`: how many may be picked).
 */
function techReading(id, most) {
  const rec = catalog.get(id) || { name: id, kind: "" };
  const player = me();
  const left = ((player && player.codex) || {})[id] - ui.techPick.filter((x) => x === id).length;
  const box = el("div", null, { class: "tech-reading", id: "tech-reading", "data-card-read": id });
  box.append(el("strong", rec.name), el("p", factsLine(rec), { class: "facts" }));
  if (rec.atk !== null && rec.atk !== undefined) box.append(el("p", `ATK ${rec.atk} · HP ${rec.hp}`, { class: "live" }));
  const kws = Object.entries(rec.keywords || {}).filter(([, v]) => v);
  if (kws.length) box.append(el("div", null, { class: "chips" }, ...kws.map(([k, v]) => keywordChip(k, v))));
  box.append(el("p", rec.text || "No special text.", { class: "card-text" }));
  const pick = button(`Pick ${rec.name}`, () => {
    if (left > 0 && ui.techPick.length < most) {
      ui.techPick.push(id);
      render();
    }
  }, { class: "btn primary", "data-pick": id });
  if (!(left > 0) || ui.techPick.length >= most) pick.disabled = true;
  box.append(el("div", null, { class: "row" }, pick, button("Close", () => { ui.techRead = null; render(); }, { class: "btn ghost" })));
  return box;
}

/**
 * The lending step (free-for-all, R26): the viewer's cards that may be lent,
 * each opening the choice of a slot; and "Done lending".
 */
function lendPanel() {
  const box = el("section", null, { class: "panel pending-panel lend-panel", id: "lend-panel" });
  box.append(el("h2", "Lend to other players", { class: "panel-title" }));
  box.append(el("p", "Put a ready unit or hero of yours into another player's empty patrol slot: it patrols for them "
    + "until their upkeep begins, then comes back to you. If it dies there, it goes to your discard pile and you get its slot's bonus.",
  { class: "hint" }));
  const cards = [...new Set(lendActions().map((a) => a.card))];
  const list = el("div", null, { class: "options" });
  for (const iid of cards) {
    const found = findCard(view(), iid);
    const to = [...new Set(lendActions(iid).map((a) => a.to))].map(nameOfSeat);
    const whom = nameList(to, "or");
    list.append(optionButton(`${found ? found.card.name : iid} → ${whom}…`, () => startLending(iid), { "data-lend": iid }));
  }
  if (!cards.length) list.append(el("p", "Nothing of yours can be lent now.", { class: "hint" }));
  box.append(list);
  const done = otherAction("end_lending");
  box.append(el("div", null, { class: "row" },
    button("Done lending", () => act(done), { class: "btn primary", "data-action": "end_lending" })));
  return box;
}

/** Fold the phone dock down to its handle (or open it again). */
function setDockCollapsed(collapsed) {
  $("dock").classList.toggle("collapsed", collapsed);
  $("dock-toggle").textContent = collapsed ? "▴ show" : "▾ hide";
  $("dock-toggle").setAttribute("aria-expanded", String(!collapsed));
}

function renderPending() {
  const box = $("pending");
  const parts = [];
  const prompt = myPrompt();
  if (prompt) parts.push(promptPanel(prompt));
  if (ui.targeting) parts.push(targetingPanel());
  else if (otherAction("end_lending")) parts.push(lendPanel());
  if (idx.tech.length && me()) parts.push(techPanel());
  box.replaceChildren(...parts);
  box.hidden = !parts.length;
  $("dock").classList.toggle("has-pending", parts.length > 0);
}

/**
 * "cost 3", or for a hand card the view says costs otherwise now (its
 * `effective_cost`), that cost and why: "cost 2 (1 + 1 colour tax)",
 * "cost 0 (printed 2)".
 */
function costWords(printed, held) {
  const pay = held && held.effective_cost !== undefined && held.effective_cost !== null ? held.effective_cost : printed;
  if (pay === printed) return `cost ${printed}`;
  const tax = held.tax || 0;
  return tax && pay === printed + tax ? `cost ${pay} (${printed} + ${tax} colour tax)` : `cost ${pay} (printed ${printed}${tax ? `, ${tax} colour tax` : ""})`;
}

/**
 * A card's facts on one line; `held`: the viewer's team's hand card as the
 * view gives it, whose cost shown is what playing it costs now (its
 * `effective_cost`, with the colour tax it carries), as on the hand.
 */
function factsLine(rec, held = null) {
  const bits = [words(rec.kind)];
  if (rec.subtypes && rec.subtypes.length) bits.push(rec.subtypes.join(" "));
  if (rec.color) bits.push(rec.color);
  if (rec.spec) bits.push(rec.spec);
  if (rec.tech !== null && rec.tech !== undefined) bits.push(`tech ${roman(rec.tech)}`);
  if (rec.cost !== null && rec.cost !== undefined && rec.kind !== "base") {
    bits.push(costWords(rec.cost, held));
  }
  return bits.join(" · ");
}

/**
 * An ability button's label from the view's ability facts: what it does,
 * with the costs its text does not already say ("Gain 1 gold (exhaust)").
 */
function abilityLabel(info) {
  const text = info.text.replace(/\.$/, "");
  const costs = [];
  if (info.gold && !/^pay\b/i.test(text)) costs.push(`${info.gold} gold`);
  if (info.exhaust && !/^exhaust\b/i.test(text)) costs.push("exhaust");
  if (info.sacrifice && !/^sacrifice\b/i.test(text)) costs.push("sacrifice it");
  return `${sentence(text)}${costs.length ? ` (${costs.join(", ")})` : ""}`;
}

/** The actions of the selected card, as buttons. */
function cardActions(id) {
  if (!idx.byCard.has(id) && !lendActions(id).length) return [];
  const entry = idx.byCard.get(id) || { hire: null, summon: null, play: [], levelUp: [], abilities: new Map(), attack: [], patrol: [] };
  const found = findCard(view(), id);
  const name = found ? found.card.name : describeId(view(), catalog, id);
  const out = [];
  // A card with boost is offered twice: played plain, and with its boost paid (one legal action each).
  for (const boosted of [false, true]) {
    const plays = () => (idx.byCard.get(id) || { play: [] }).play.filter((a) => !!a.boost === boosted);
    if (!plays().length) continue;
    const needsTargets = plays().some((a) => (a.targets || []).length);
    const boost = boosted ? ((catalog.get(found ? found.card.card : "") || { keywords: {} }).keywords || {}).boost : null;
    const label = boosted ? `Play with boost${boost ? ` (+${boost} gold)` : ""}` : "Play";
    out.push(button(`${label}${needsTargets ? "…" : ""}`, () => startTargeting(`Play ${name}${boosted ? " with its boost" : ""}: choose the target`, plays, (a) => a.targets || []),
      { class: boosted ? "btn" : "btn primary", "data-action": "play", "data-boost": boosted ? "true" : "false" }));
  }
  if (entry.hire) out.push(button("Hire as a worker", () => act(entry.hire), { "data-action": "hire" }));
  if (entry.summon) out.push(button("Summon", () => act(entry.summon), { class: "btn primary", "data-action": "summon" }));
  const level = found && found.card.level;
  for (const a of entry.levelUp) {
    out.push(button(`Level up +${a.levels} → Lv ${level + a.levels}`, () => act(a), { "data-action": "level_up", "data-levels": a.levels }));
  }
  for (const [index, list] of entry.abilities) {
    const needs = list.some((a) => (a.targets || []).length);
    const info = found && found.card.abilities ? found.card.abilities[index] : null;
    const label = info ? abilityLabel(info) : `Use ability${entry.abilities.size > 1 ? ` ${index + 1}` : ""}`;
    out.push(button(`${label}${needs ? "…" : ""}`,
      () => startTargeting(`${name}: ${info ? info.text.replace(/\.$/, "") : "its ability"} — choose the target`,
        () => ((idx.byCard.get(id) || { abilities: new Map() }).abilities.get(index) || []), (a) => a.targets || []),
      { "data-action": "ability", "data-ability": index }));
  }
  if (entry.attack.length) {
    out.push(button("Attack…", () => startTargeting(`${name} attacks: choose the target`, () => (idx.byCard.get(id) || { attack: [] }).attack, (a) => [a.target],
      (target) => attackTargetLabel(view(), catalog, target), patrollersFirstNote),
      { class: "btn primary", "data-action": "attack" }));
  }
  for (const a of entry.patrol) {
    out.push(button(patrolLabel(a), () => act(a), { "data-action": "patrol", "data-slot": a.slot ?? "" }));
  }
  if (lendActions(id).length) out.push(button("Lend…", () => startLending(id), { "data-action": "lend" }));
  return out;
}

/** A patrol move's button: the slot, and whom it replaces when the slot is taken. */
function patrolLabel(a) {
  if (a.slot === null) return "Leave the patrol zone";
  const player = me();
  const occupant = player ? player.patrol[a.slot] : null;
  const found = occupant && occupant !== a.card ? findCard(view(), occupant) : null;
  return `Patrol as ${words(a.slot)}${found ? ` (replaces ${found.card.name})` : ""}`;
}

/**
 * The controls of the viewer's own card `id` that can't be used now, each
 * greyed with its reason (the view's `reasons`), and the reasons as lines
 * (read on a phone without hovering): [buttons, lines].
 */
function blockedActions(id) {
  const why = reasons();
  const found = findCard(view(), id);
  if (!found || msg.seat === null || found.player.seat !== msg.seat) return [[], []];
  if (why.main && (found.where === "play" || found.where === "command")) return [[], [why.main]];
  const entry = idx.byCard.get(id) || { summon: null, levelUp: [], abilities: new Map(), attack: [], patrol: [] };
  const rows = [];
  if (!entry.summon && why[`summon:${id}`]) rows.push(["Summon", why[`summon:${id}`], "summon"]);
  if (!entry.levelUp.length && why[`level_up:${id}`]) rows.push(["Level up", why[`level_up:${id}`], "level_up"]);
  (found.card.abilities || []).forEach((info, index) => {
    const reason = why[`ability:${id}:${index}`];
    if (!entry.abilities.has(index) && reason) rows.push([abilityLabel(info), reason, "ability"]);
  });
  if (!entry.attack.length && why[`attack:${id}`]) rows.push(["Attack", why[`attack:${id}`], "attack"]);
  if (!entry.patrol.length && why[`patrol:${id}`]) rows.push(["Patrol", why[`patrol:${id}`], "patrol"]);
  const buttons = rows.map(([label, reason, action]) => disabledControl(label, reason, { "data-action": action }));
  return [buttons, rows.map(([label, reason]) => `${label}: ${reason}`)];
}

/**
 * Why the viewer's hand card `card` cannot be played now, or null: the
 * engine's sentence the view carries (`why_not`), or, in the viewer's main
 * phase, that a card with targets has none now.
 */
function whyNotPlayable(card, rec) {
  const entry = idx.byCard.get(card.iid);
  if (entry && entry.play.length) return null;
  if (card.why_not) return card.why_not;
  if (idx.endMain && rec.targets && rec.kind === "spell") return "It has no legal target now.";
  return null;
}

function renderInspector() {
  const box = $("inspector");
  const dock = $("dock");
  const id = ui.selected;
  if (!id) {
    box.replaceChildren(el("p", msg.seat === null ? "Tap or hover a card to read it." : "Tap one of your cards to see what it can do; tap any card to read it.", { class: "hint" }));
    dock.classList.remove("has-selection");
    return;
  }
  dock.classList.add("has-selection");
  const found = findCard(view(), id);
  let cardId = found ? found.card.card : null;
  let live = found ? found.card : null;
  const bm = id.match(/^bld:(\d+):(\w+)$/);
  if (bm) {
    const b = view().players[Number(bm[1])].buildings[bm[2]];
    cardId = b ? b.id : null;
    live = b;
  }
  if (id.startsWith("base:")) cardId = "base";
  const rec = catalog.get(cardId) || { name: live ? live.name : id, kind: "" };
  const close = el("button", "×", { type: "button", class: "close", "aria-label": "Close" });
  close.onclick = () => { ui.selected = null; render(); };
  const head = el("div", null, { class: "inspector-head" }, el("h2", rec.name, { class: "panel-title" }), close);
  const inHand = found && found.where === "hand";
  /** @type {HTMLElement[]} */
  const parts = [head, el("p", factsLine(rec, inHand ? found.card : null), { class: "facts" })];
  if (found) parts.push(el("p", `${found.player.name} · ${found.where === "play" ? "in play" : found.where === "command" ? "command zone" : found.where}`, { class: "hint" }));
  if (inHand && msg.seat !== null && found.player.seat === msg.seat) {
    const why = whyNotPlayable(found.card, rec);
    if (why) parts.push(el("p", why, { class: "why-not" }));
  }
  if (live && found && found.where === "play" && live.atk !== undefined) {
    const bits = [`ATK ${live.atk}`, `HP ${live.hp - live.damage}/${live.hp}`];
    if (live.kind === "hero") bits.unshift(`Lv ${live.level} (${heroBand(live)})`);
    const kws = Object.entries(live.keywords || {}).filter(([, v]) => v);
    if (live.plus) bits.push(`+1/+1 runes ×${live.plus}`);
    if (live.minus) bits.push(`−1/−1 runes ×${live.minus}`);
    for (const [rune, count] of Object.entries(live.runes || {})) if (count) bits.push(`${words(rune)} runes ×${count}`);
    if (live.copy) bits.push(`a ${live.copy.name} copying ${live.name}`);
    if (live.named_cost !== undefined && live.named_cost !== null) bits.push(`named cost ${live.named_cost}: opponents can't play spells or upgrades of that cost`);
    if (live.illusion) bits.push("an Illusion");
    if (live.silenced) bits.push("silenced: no abilities");
    bits.push(...blackWhiteNotes(live));
    if (live.crumbling) bits.push("crumbling");
    if (live.disabled) bits.push("disabled: skips its next ready step");
    if (live.exhausted) bits.push("exhausted");
    if (arrivedNow(view(), live)) bits.push("arrived this turn");
    const slot = found && patrolSlotOf(found.player, id);
    if (slot) bits.push(`patrols as ${words(slot)}`);
    parts.push(el("p", bits.join(" · "), { class: "live" }));
    if (kws.length) parts.push(el("div", null, { class: "chips inspector-chips" }, ...kws.map(([k, v]) => keywordChip(k, v))));
    const lender = lenderName(view(), live);
    if (lender) {
      parts.push(el("p", `Lent by ${lender}: ${found.player.name} controls it until ${found.player.name}'s upkeep begins, then it goes back to ${lender}.`,
        { class: "hint lent-note" }));
    }
  } else if (rec.atk !== null && rec.atk !== undefined) {
    parts.push(el("p", `ATK ${rec.atk} · HP ${rec.hp}`, { class: "live" }));
  }
  if (bm && live) parts.push(el("p", `${slotLabel(bm[2])}: ${live.hp - live.damage}/${live.hp} HP${live.done ? "" : " · still being built"}${live.disabled ? " · disabled until its owner's next turn is over" : ""}`, { class: "live" }));
  if (live && live.prisoner) parts.push(el("p", `Holds ${live.prisoner.name} out of play.`, { class: "live prisoner-note" }));
  if (live && live.buried && live.buried.length) {
    parts.push(el("p", `Buried here (${live.buried.length}): ${nameList(live.buried.map((b) => b.name))}.`, { class: "live buried-note" }));
  }
  if (rec.text) parts.push(el("p", rec.text, { class: "card-text" }));
  if (rec.bands) {
    const list = el("ul", null, { class: "bands" });
    for (const band of rec.bands) {
      const current = live && live.level !== undefined && live.level >= band.level
        && !rec.bands.some((b) => b.level > band.level && live.level >= b.level);
      list.append(el("li", `Lv ${band.level}+: ${band.atk}/${band.hp}${band.text ? ` — ${band.text}` : ""}`, { class: current ? "current" : "" }));
    }
    parts.push(list);
  }
  const actions = msg.seat === null ? [] : cardActions(id);
  const [blocked, whyLines] = blockedActions(id);
  if (actions.length || blocked.length) parts.push(el("div", null, { class: "row card-actions" }, ...actions, ...blocked));
  if (whyLines.length) parts.push(el("ul", null, { class: "why-list" }, ...whyLines.map((t) => el("li", t, { class: "why-not" }))));
  box.replaceChildren(...parts);
}

function renderLog() {
  const lines = view().log || [];
  const box = $("log");
  const firstN = lines.length ? lines[0].n : null;
  const known = ui.logLast !== null && lines.some((l) => l.n === ui.logLast);
  const pane = box.parentElement;
  if (!ui.logWatched) {
    // Follow new lines unless the reader scrolled up on purpose: only a
    // scroll decides it, not the pane shrinking when another panel opens.
    ui.logWatched = true;
    ui.logFollow = true;
    pane.addEventListener("scroll", () => {
      ui.logFollow = pane.scrollHeight - pane.scrollTop - pane.clientHeight < 40;
    });
  }
  if (!known || firstN === null) {
    box.replaceChildren(...lines.map((l) => el("li", l.text, { "data-n": l.n })));
  } else {
    for (const l of lines) if (l.n > ui.logLast) box.append(el("li", l.text, { "data-n": l.n }));
    while (box.childElementCount > 300) box.firstElementChild.remove();
  }
  ui.logLast = lines.length ? lines[lines.length - 1].n : null;
  if (ui.logFollow || !known) pane.scrollTop = pane.scrollHeight;
}

function renderCodex() {
  const player = me();
  const tab = $("codex-tab");
  tab.hidden = !player || !player.codex;
  if (tab.hidden) return;
  /** @type {HTMLElement[]} */
  const parts = [el("p", "Your codex: the cards you may tech into your deck.", { class: "hint" })];
  const groups = codexBySpec(player);
  for (const [spec, entries] of groups) {
    const list = el("ul", null, { class: "codex-list", "data-spec": spec });
    for (const [id, count] of entries) {
      const rec = catalog.get(id) || { name: id };
      list.append(el("li", null, { "data-card": id, class: count ? "" : "gone" }, cardDetails(rec,
        `${rec.tech !== null && rec.tech !== undefined ? `T${roman(rec.tech)} · ` : ""}${rec.cost ?? "?"}g · ×${count}`)));
    }
    if (groups.length > 1) parts.push(el("h3", specLabel(catalog, spec), { class: "spec-title" }));
    parts.push(list);
  }
  for (const [title, cards] of [["Your discard pile", player.discard], ["Your trash", player.trash]]) {
    if (!cards || !cards.length) continue;
    parts.push(el("h3", `${title} (${cards.length})`, { class: "zone-title pile-title" }));
    parts.push(el("ul", null, { class: "codex-list" }, ...cards.map((c) => el("li", null, { "data-card": c.card },
      cardDetails(catalog.get(c.card) || { name: c.name, kind: c.kind }, words(c.kind))))));
  }
  const open = new Set([.../** @type {NodeListOf<HTMLDetailsElement>} */ (document.querySelectorAll("#codex details[open]"))].map((d) => d.dataset.details));
  $("codex").replaceChildren(...parts);
  for (const d of /** @type {NodeListOf<HTMLDetailsElement>} */ (document.querySelectorAll("#codex details"))) if (open.has(d.dataset.details)) d.open = true;
}

/** A card of the Cards tab: its name and `meta` line, opening to its facts and text. */
function cardDetails(rec, meta) {
  const body = el("div", null, { class: "card-details" }, el("p", factsLine(rec), { class: "facts" }));
  if (rec.atk !== null && rec.atk !== undefined) body.append(el("p", `ATK ${rec.atk} · HP ${rec.hp}`, { class: "live" }));
  body.append(el("p", rec.text || "No special text.", { class: "card-text" }));
  return el("details", null, { "data-details": rec.id || rec.name },
    el("summary", null, {}, el("span", rec.name, { class: "name" }), el("span", meta, { class: "meta" })), body);
}

function highlight() {
  const targets = activeTargets();
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#board [data-tid], #hand [data-tid]"))) {
    const tid = node.dataset.tid;
    const target = targets.get(tid);
    node.classList.toggle("target", !!target);
    node.classList.toggle("target-attack", !!target && target.kind === "attack");
    node.classList.toggle("target-patrol", !!target && target.kind === "patrol");
    node.classList.toggle("selected", tid === ui.selected);
    if (msg.seat !== null && (cardHasActions(idx, tid) || lendActions(tid).length)) node.classList.add("can-act");
  }
  document.body.classList.toggle("targeting", targets.size > 0);
}

/** Every base's HP at the end, highest first, the winners marked. */
function renderResultBases(won) {
  const v = view();
  const rows = v.teams.map((_, team) => ({ team, players: teamPlayers(team), ...baseOf(team) }))
    .filter((r) => r.players.length).sort((a, b) => b.left - a.left || a.team - b.team);
  $("result-bases").replaceChildren(...rows.map((r) => {
    const winner = r.players.some((p) => won.includes(p.seat));
    return el("li", null, { class: winner ? "winner" : "", "data-team": r.team },
      el("span", names(r.players), { class: "pname" }),
      el("span", `base ${r.left}/${r.hp} HP`, { class: "result-hp" }),
      winner ? el("span", "winner", { class: "tag turn-tag" }) : null);
  }));
  $("result-bases").hidden = !rows.length;
}

/**
 * What the Codex result dialog says under its title (which says who won, as
 * the viewer reads it): how the game ended, naming the players concerned,
 * and, for a player who lost, who won ("Your base was destroyed; Bo wins.",
 * "The other team conceded."); "" when the engine gave no reason and the
 * title says it all.
 */
function resultText(won) {
  const mine = msg.seat;
  const highest = resultCode() === "highest base" && won.length === 1; // its words name the winner
  const why = highest ? `${won[0] === mine ? "you" : winnerNames(won)} had the highest base after the last round` : endReason(won);
  const lost = mine !== null && won.length > 0 && !won.includes(mine) && !highest;
  const winning = lost ? `${winnerNames(won)} ${won.length > 1 ? "win" : "wins"}` : "";
  const text = why && winning ? `${why}; ${winning}` : why || winning;
  return text ? `${sentence(text, view().players.map((p) => p.name))}.` : "";
}

function showResult() {
  if (msg.status !== "finished" || ui.resultShown) return;
  ui.resultShown = true;
  const won = winners();
  let title = "Game over";
  if (won.length) {
    const who = winnerNames(won);
    const team = teamGame();
    if (msg.seat === null) title = `${who} ${won.length > 1 ? "win" : "wins"}`;
    else if (won.includes(msg.seat)) title = won.length === 1 ? "You won!" : team ? "Your team won!" : "You share the win!";
    else title = team ? "Your team lost" : "You lost";
  }
  $("result-title").textContent = title;
  $("result-text").textContent = resultText(won);
  renderResultBases(won);
  const dialog = $("result-dialog");
  if (!dialog.open) dialog.showModal();
}

// ---- chat, tabs, tooltip --------------------------------------------------

/** Show a chat line (text only); `old` lines (history) do not count as unread. */
function addChat(m, old = false) {
  const who = `${m.from}${m.seat === null ? " (watching)" : ""}`;
  const line = el("li", null, { class: m.seat === null ? "spectator-line" : "" });
  line.append(el("b", `${who}: `), el("span", m.text)); // text only, never HTML
  $("chat").append(line);
  const pane = $("chat").parentElement; // its own box only: scrolling the line into view moved the page
  pane.scrollTop = pane.scrollHeight;
  if (ui.tab !== "chat" && !old) {
    ui.unread += 1;
    $("chat-unread").textContent = ui.unread;
    $("chat-unread").hidden = false;
  }
}

// The chat box shows how many characters a line has once it nears the
// server's limit (config.chatMax, CODEX_CHAT_MAX_CHARS), so a long line is
// not cut without a word: a paste past the limit shows "500 / 500", marked.
const CHAT_COUNT_FROM = 0.8; // the share of the limit from which the count shows

/** Show or hide the chat box's character count (characters as the server counts them: code points). */
function countChat() {
  const input = $("chat-form").text;
  const count = [...input.value].length;
  const max = config.chatMax;
  const node = $("chat-count");
  node.hidden = count < max * CHAT_COUNT_FROM;
  node.classList.toggle("full", count >= max);
  node.textContent = `${count} / ${max}`;
  node.title = count >= max ? `A chat line holds at most ${max} characters: the rest was left out.` : `A chat line holds at most ${max} characters.`;
}

function selectTab(name) {
  ui.tab = name;
  for (const tab of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".tab"))) tab.setAttribute("aria-selected", String(tab.dataset.tab === name));
  for (const panel of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".tab-panel"))) panel.hidden = panel.dataset.panel !== name;
  if (name === "chat") {
    ui.unread = 0;
    $("chat-unread").hidden = true;
  }
}

/**
 * Show the tooltip of a card or a glossary chip beside `node`. A tooltip
 * opened by a tap or a key (`pinned`) stays until a tap elsewhere or Escape:
 * the re-render and scroll that selecting the card under the chip causes must
 * not close it; a hover tooltip closes when the pointer or the page moves.
 */
function showTooltip(node, pinned = false) {
  const tip = $("tooltip");
  tip.dataset.pinned = pinned ? "1" : "";
  const gloss = node.dataset.gloss ? glossaryEntry(node.dataset.gloss) : null;
  if (gloss) {
    tip.replaceChildren(el("strong", gloss.title), el("span", gloss.text));
    tip.dataset.gloss = node.dataset.gloss;
  } else {
    const rec = catalog.get(node.dataset.card);
    if (!rec) return;
    tip.replaceChildren(el("strong", rec.name), el("span", factsLine(rec), { class: "facts" }));
    if (rec.atk !== null && rec.atk !== undefined) tip.append(el("span", `ATK ${rec.atk} · HP ${rec.hp}`, { class: "facts" }));
    if (rec.text) tip.append(el("span", rec.text));
    delete tip.dataset.gloss;
  }
  tip.hidden = false;
  ui.tip = anchorOf(node);
  placeTooltip(node);
}

/**
 * How to find the tooltip's anchor `node` again once a render has drawn it
 * anew: {node, path (a selector: the nearest ancestor with an id, the card
 * holding it, its own data-gloss or data-card), at (which of the path's
 * matches it is)}.
 */
function anchorOf(node) {
  const q = (name, value) => `[${name}="${CSS.escape(value)}"]`;
  const own = node.dataset.gloss ? q("data-gloss", node.dataset.gloss) : q("data-card", node.dataset.card);
  const card = node.dataset.tid !== undefined ? node : node.parentElement && node.parentElement.closest("[data-tid]");
  const region = (card || node).parentElement && (card || node).parentElement.closest("[id]");
  const path = `${region ? `#${CSS.escape(region.id)} ` : ""}${card && card !== node ? `${q("data-tid", card.dataset.tid)} ` : ""}${own}`
    + `${card === node ? q("data-tid", node.dataset.tid) : ""}`;
  return { node, path, at: Math.max(0, [...document.querySelectorAll(path)].indexOf(node)) };
}

/**
 * After a render: a shown tooltip whose anchor was drawn anew follows the new
 * node; one whose card or chip is gone from the page (the card died, the
 * slot emptied) is hidden, pinned or not, rather than left explaining nothing.
 */
function keepTooltipAnchored() {
  const tip = $("tooltip");
  if (!ui.tip || tip.hidden || ui.tip.node.isConnected) return;
  const again = document.querySelectorAll(ui.tip.path)[ui.tip.at];
  if (!again) {
    hideTooltip();
    return;
  }
  ui.tip.node = again;
  placeTooltip(again);
}

/** Put the shown tooltip beside `node` (above it, or below when there is no room). */
function placeTooltip(node) {
  const tip = $("tooltip");
  const r = node.getBoundingClientRect();
  const w = tip.offsetWidth;
  const h = tip.offsetHeight;
  const left = Math.min(window.innerWidth - w - 8, Math.max(8, r.left + r.width / 2 - w / 2));
  let top = r.top - h - 8;
  if (top < 8) top = r.bottom + 8;
  tip.style.left = `${left}px`;
  tip.style.top = `${top}px`;
}

/** Close the tooltip, pinned or not. */
function hideTooltip() {
  $("tooltip").hidden = true;
  $("tooltip").dataset.pinned = "";
  ui.tip = null;
}

function wire() {
  for (const zone of ["board", "hand"]) {
    $(zone).addEventListener("click", onBoardClick);
    $(zone).addEventListener("keydown", (event) => {
      if ((event.key === "Enter" || event.key === " ") && event.target.matches("[data-tid]")) {
        event.preventDefault();
        onBoardClick(event);
      }
    });
  }
  for (const tab of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".tab"))) tab.onclick = () => selectTab(tab.dataset.tab);
  $("chat-form").onsubmit = (event) => {
    event.preventDefault();
    const input = event.target.text;
    if (input.value.trim()) send({ type: "chat", text: input.value });
    input.value = "";
    countChat();
  };
  $("chat-form").text.oninput = countChat;
  if (window.matchMedia("(hover: hover)").matches) {
    document.addEventListener("mouseover", (event) => {
      const node = /** @type {HTMLElement} */ (event.target).closest("[data-gloss]") || /** @type {HTMLElement} */ (event.target).closest("[data-card]");
      if (node) {
        if (!$("tooltip").dataset.pinned) showTooltip(node);
      } else if (!$("tooltip").dataset.pinned) $("tooltip").hidden = true;
    });
    document.addEventListener("scroll", () => { if (!$("tooltip").dataset.pinned) $("tooltip").hidden = true; }, true);
  }
  // A keyword chip or a patrol slot's name explains itself when tapped
  // (phones have no hover); a tap elsewhere closes the explanation.
  document.addEventListener("click", (event) => {
    const node = /** @type {HTMLElement} */ (event.target).closest("[data-gloss]");
    if (node) showTooltip(node, true);
    else if ($("tooltip").dataset.gloss) hideTooltip();
  }, true);
  document.addEventListener("keydown", (event) => {
    if ((event.key === "Enter" || event.key === " ") && /** @type {HTMLElement} */ (event.target).matches("[data-gloss]")) showTooltip(event.target, true);
    if (event.key === "Escape") hideTooltip();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && (ui.targeting || ui.selected)) {
      ui.targeting = null;
      ui.selected = null;
      render();
    }
  });
  $("dock-toggle").onclick = () => setDockCollapsed(!$("dock").classList.contains("collapsed"));
  // What covers the bottom of the screen (site.css): the phone's action bar and
  // bottom sheet, the desktop's hand dock. The page keeps room for them, and
  // scrolling a thing into view keeps it clear of them.
  const covers = [["--dock-h", $("dock"), "fixed"], ["--bar-h", $("action-bar"), "fixed"], ["--controls-h", $("controls"), "sticky"]];
  const measure = () => {
    document.documentElement.style.setProperty("--banner-h", `${$("banner").offsetHeight}px`); // the sticky seat strip sits below it
    for (const [name, node, position] of covers) {
      const height = getComputedStyle(node).position === position ? node.offsetHeight : 0;
      document.documentElement.style.setProperty(name, `${height}px`);
    }
    if (msg && isCodexView(view())) keepOwnRowClear(); // the dock grew (a card drawn, a choice's buttons)
  };
  const observer = new ResizeObserver(measure);
  for (const [, node] of covers) observer.observe(node);
  observer.observe($("banner"));
  window.addEventListener("resize", measure);
}

/**
 * After a choice starts: when none of its highlighted targets is on the
 * screen (clear of the banner and the bottom dock), scroll the first one into view.
 */
function revealTargets() {
  const nodes = [...document.querySelectorAll("#board .target")];
  if (!nodes.length) return;
  const top = $("banner").getBoundingClientRect().bottom;
  const css = getComputedStyle(document.documentElement);
  const covered = ["--controls-h", "--bar-h", "--dock-h"].reduce((n, name) => n + (parseFloat(css.getPropertyValue(name)) || 0), 0);
  const bottom = window.innerHeight - covered;
  const seen = nodes.some((node) => {
    const r = node.getBoundingClientRect();
    return r.bottom > top && r.top < bottom;
  });
  if (!seen) nodes[0].scrollIntoView({ block: "nearest" });
}

async function main() {
  wire();
  initClock(config.turnSeconds, () => send({ type: "ping" }), config.bots); // the table's turn timer, if any
  const [cards, found] = await Promise.all([loadCatalog(), api("GET", "/api/modes/")]);
  catalog = cards;
  for (const mode of (found.ok && found.data) || []) modes[mode.key] = mode;
  connect();
}

main();
