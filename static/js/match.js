// Match page: speaks the live protocol (docs/PROTOCOL.md) through its
// connection (connection.js) into one store of the match (store.js), and
// draws what the store holds for every version: the board of the view's
// game (boards.js: codexmatch.js, arcanematch.js, c23match.js...) inside
// what every game shares here: the banner, table options, log, chat,
// presence of away players, turn clock, notices and result dialog. It knows
// no rules and has no branch on which game is played.
import { assistMessage, wireAssist } from "./assist.js";
import { el, loadCatalog, loadModes, setText } from "./common.js";
import { boardOf, gameOf, loadBoard } from "./boards.js";
import { playerAt } from "./codexview.js";
import { setGlossary } from "./glossary.js";
import { createConnection, NO_RETRY, socketUrl } from "./connection.js";
import { optionText } from "./lobbygames.js";
import { markBots } from "./tablebots.js";
import { clockPresence, clockVersion, drawClocks, initClock } from "./turnclock.js";
import { hideTooltip, keepTooltipAnchored, showTooltip } from "./tooltip.js";
import { keeper, wireKeyboard } from "./keyboard.js";
import {
  $, busy, button, config, hideNotice, iConceded, nameOfSeat, page, send, setDockCollapsed, showNotice, store, teamGame, teamOf, teamPlayers, ui, view,
} from "./page.js";

setGlossary(config.glossary);
let opening = false; // the first state is held but not yet drawn by its board (Board.opened)
let ready = false; // the catalog, the table options' labels and the table's board are in (main): the page may draw

// ---- connection -----------------------------------------------------------

function setConn(state, text) {
  const node = $("conn");
  node.dataset.state = state;
  node.textContent = text;
}

/** What the page shows of each message, once the connection and the store took theirs (connection.js hooks.message). */
function onMessage(m, presenceBefore) {
  switch (m.type) {
    case "applied":
      render();
      break;
    case "refused":
      showNotice(refusalText(m), [m.code, m.rules_code].filter(Boolean).join(", "));
      render();
      break;
    case "error":
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
    case "pong":
      clockPresence(store.presence);
      noteTimedOut();
      renderPresence();
      presenceChanged(presenceBefore);
      break;
    case "presence": {
      const { msg } = store;
      clockPresence(store.presence);
      noteTimedOut();
      if (msg && m.reclaimed !== null && m.reclaimed === msg.seat) {
        showNotice("A bot played for you while you were away (see the log): your seat is yours again.");
      }
      renderPresence();
      presenceChanged(presenceBefore);
      break;
    }
    default:
      break;
  }
  assistMessage(m);
}

/** Closed for good (connection.js NO_RETRY): say why. */
function onClosed(code) {
  if (code === 4401) {
    // A link to the login page that brings the player back here.
    const link = el("a", "Log in", { href: `${$("notice").dataset.loginUrl}?next=${encodeURIComponent(location.pathname + location.search)}`, id: "login-link" });
    showNotice(el("span", null, {}, "You are not logged in. ", link, " to come back to this match."));
  } else {
    showNotice(NO_RETRY[code]);
  }
}

const TIMED_OUT = "You ran out of time: a bot plays on for you until the game waits on someone else (see the log).";
let timedOutShown = false; // the last presence message said the viewer's turn clock ran out

/**
 * Tell the viewer when the last presence (a `presence` message or the one a
 * `pong` carries) says their turn clock ran out and a bot plays on for them:
 * once, not again with each presence while the bot plays on (a late one
 * re-raised it over the player's next action); the notice goes when the
 * seat is theirs again. The only place the page says it (the presence box
 * said it too).
 */
function noteTimedOut() {
  const { msg } = store;
  const timedOut = Boolean(msg && store.presence.some((p) => p.seat === msg.seat && p.stand_in && p.time_left === 0));
  if (timedOut && !timedOutShown) showNotice(TIMED_OUT);
  // Her seat is back: the notice goes (it stayed into later turns until dismissed).
  const shown = document.querySelector("#notice .notice-text");
  if (!timedOut && timedOutShown && shown && shown.textContent === TIMED_OUT) hideNotice();
  timedOutShown = timedOut;
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
  const { msg } = store;
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

// ---- away players ---------------------------------------------------------

/** Who `presence` shows away, as a string to compare (see presenceChanged). */
function awayKey(presence) {
  return JSON.stringify(presence.filter((p) => p.askable || p.stand_in).map((p) => [p.seat, !!p.stand_in]));
}

/** Re-render the board when who is shown away changed since the presence `before`. */
function presenceChanged(before) {
  if (awayKey(store.presence) !== awayKey(before) && store.msg) render();
}

/**
 * Away players (docs/PROTOCOL.md "Away players"): one line per seat that a
 * bot plays, or that has been away long enough to ask for one (`askable`):
 * a seated player may then let a bot play it. A seat away for a moment (a
 * reload, a player still opening the page) shows nothing.
 */
function renderPresence() {
  const { msg } = store;
  const box = $("presence");
  const lines = [];
  if (msg && msg.status === "playing") {
    for (const p of store.presence) {
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
          line.append(button(`Let a bot play for ${name}`, () => { page.conn.sendAwaited({ type: "stand_in", seat: p.seat }); render(); },
            { "data-stand-in": String(p.seat) }));
        }
      }
      lines.push(line);
    }
  }
  box.replaceChildren(...lines);
  box.hidden = lines.length === 0;
}

// ---- rendering --------------------------------------------------------------

/** The board of the view's game, or undefined while its module loads (render draws once it has). */
function currentBoard() {
  return store.msg ? boardOf(gameOf(view())) : undefined;
}

function render() {
  if (!store.msg || !ready) return;
  const game = gameOf(view());
  const board = boardOf(game);
  if (!board) {
    loadBoard(game).then(render, () => showNotice("This page cannot show this game: reload it, or come back once the site is updated."));
    return;
  }
  keeper.before(); // the control the player is on, found again once redrawn (keyboard.js)
  drawPage(board);
  keeper.after();
  if (opening) {
    opening = false;
    if (board.opened) board.opened();
    document.dispatchEvent(new Event("codex:opened")); // the first board is drawn: what can wait asks now (sinceleft.js)
  }
  keepTooltipAnchored();
}

/** Draw the page for the newest state (render): what every game shares, around `board`'s own drawing. */
function drawPage(board) {
  const { msg } = store;
  const v = view();
  document.body.dataset.version = String(store.version);
  document.body.dataset.status = msg.status;
  document.body.dataset.seat = msg.seat === null ? "" : String(msg.seat);
  document.body.dataset.active = String(v.active);
  document.body.dataset.phase = v.phase;
  document.body.classList.toggle("spectator", msg.seat === null);
  document.body.classList.toggle("conceded", iConceded());
  document.body.classList.toggle("busy", busy());
  renderTableOptions(v);
  const { text, cls, turn } = board.banner();
  setText($("turn"), turn);
  setText($("you"), msg.seat === null ? "watching" : `you: ${nameOfSeat(msg.seat)}`);
  setText($("banner-text"), busy() ? `${text} (sending…)` : text); // a live region: written only when it changes
  $("banner").className = cls ? `banner ${cls}` : "banner";
  board.render();
  markBots(config.bots);
  drawClocks();
  clockVersion(store.version);
  renderLog();
  showResult(board);
  renderPresence();
  if (board.layout) board.layout();
}

/**
 * The table's options with their labels under the banner (a game whose
 * lobby mode has options: Arcane Codex, C-23), from the view's `options` and
 * /api/modes/ (lobby/modes.py), on one line that opens to the whole list;
 * hidden for a game without any.
 */
function renderTableOptions(v) {
  const text = optionText(v.options, page.modes[v.game]);
  $("table-options").textContent = text ? `Table options: ${text}` : "";
  $("table-options-box").hidden = !text;
}

/** Once finished, the result dialog: the board's title and sentence, and each base's end when it gives them. */
function showResult(board) {
  if (store.msg.status !== "finished" || ui.resultShown) return;
  ui.resultShown = true;
  const { title, text, bases } = board.result();
  $("result-title").textContent = title;
  $("result-text").textContent = text;
  const rows = bases || [];
  $("result-bases").replaceChildren(...rows.map((r) => el("li", null, { class: r.winner ? "winner" : "", "data-team": r.team },
    el("span", r.names, { class: "pname" }),
    el("span", `base ${r.left}/${r.hp} HP`, { class: "result-hp" }),
    r.winner ? el("span", "winner", { class: "tag turn-tag" }) : null)));
  $("result-bases").hidden = !rows.length;
  const dialog = $("result-dialog");
  if (!dialog.open) dialog.showModal();
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

// ---- chat, tabs -----------------------------------------------------------

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

/** A click (or Enter, Space) on the board or hand: the board of the view's game decides (Board.click). */
function onBoardClick(event) {
  const board = currentBoard();
  if (board && board.click) board.click(event);
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
  wireKeyboard();
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
    const board = currentBoard();
    if (board && board.layout) board.layout(); // the dock grew (a card drawn, a choice's buttons)
  };
  const observer = new ResizeObserver(measure);
  for (const [, node] of covers) observer.observe(node);
  observer.observe($("banner"));
  window.addEventListener("resize", measure);
}

// A new state: the board drops the choices it ended, then the page draws it
// (and, for the first, the board's opening move: Board.opened).
store.subscribe((change) => {
  if (change.first) opening = true;
  const board = currentBoard();
  if (board && board.onState) board.onState();
  render();
});

async function main() {
  page.render = render;
  wire();
  wireAssist();
  initClock(config.turnSeconds, () => send({ type: "ping" }), config.bots); // the table's turn timer, if any
  // The socket opens at once: the server's first state comes while the
  // catalog, the modes and the board of the table's game load (a view of
  // another game loads its own: render), and the page draws once all are in.
  page.conn = createConnection({
    url: socketUrl(location, config.matchId, config.invite),
    store,
    hooks: {
      status: setConn,
      message: onMessage,
      answered: hideNotice,
      resent: render,
      closed: onClosed,
      notConnected: () => showNotice("Not connected: reconnecting…"),
    },
  });
  page.conn.connect();
  const [cards, found] = await Promise.all([loadCatalog(), loadModes(), loadBoard(config.game || "codex").catch(() => null)]);
  page.catalog = cards;
  for (const mode of (found.ok && found.data) || []) page.modes[mode.key] = mode;
  ready = true;
  render();
}

main();
