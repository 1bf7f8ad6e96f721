// Hints and take-backs for a player alone against bots (issue 34 point 2;
// docs/LEARN.md): the banner's "Hint" and "Take back" buttons, shown only
// where the server said they are allowed (page config `assist`, from
// game.assist), and the hint's sentence. The server decides again on each
// request, and answers a hint later (the hard bot thinks off its event loop).
import { boardOf, gameOf } from "./boards.js";
import { el, sentence, words } from "./common.js";
import { $, config, send, showNotice, store, view } from "./page.js";

/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {{action: Action, visits: number, value: number | null}} Weighed */

/**
 * An action in the words of the board of the view's game (Board `words`:
 * the cards it names), else its type alone: the hint names the move as each
 * game's own buttons do.
 * @param {Action} action
 * @returns {string}
 */
export function actionWords(action) {
  const board = boardOf(gameOf(view()));
  return board && board.words ? board.words(action) : sentence(words(action.type));
}

/**
 * A share 0..1 as a whole percentage.
 * @param {number | null} value
 */
function percent(value) {
  return `${Math.round((value || 0) * 100)}%`;
}

/**
 * The hint's sentences: the move, how the search judged it, and the
 * alternatives it weighed with their values.
 * @param {{action: Action, visits: number, value: number | null, alternatives: Weighed[], only: boolean}} hint
 * @returns {string}
 */
export function hintText(hint) {
  const move = `Hint: ${actionWords(hint.action)}.`;
  if (hint.only) return `${move} It is the one thing you can do now.`;
  const judged = hint.visits
    ? ` The hard bot tried it in ${hint.visits} imagined games and came out ahead in ${percent(hint.value)} of them.`
    : " The hard bot's rule of thumb picks it.";
  const alts = hint.alternatives.slice(0, 3).map((a) => `${actionWords(a.action)} (${percent(a.value)})`);
  return `${move}${judged}${alts.length ? ` It also weighed ${alts.join("; ")}.` : ""}`;
}

/**
 * Show the banner's buttons where the server allows them (config.assist),
 * while the match is in play: once it is over (a finished lesson too) there
 * is nothing to hint or take back, and they go.
 */
export function wireAssist() {
  const hint = $("hint-button");
  const back = $("take-back-button");
  if (!hint || !back || !config.assist) return;
  const showWhileInPlay = () => {
    const over = Boolean(store.msg) && store.msg.status === "finished";
    hint.hidden = over;
    back.hidden = over;
  };
  showWhileInPlay();
  store.subscribe(showWhileInPlay);
  hint.onclick = () => {
    if (!store.msg || send({ type: "hint" }) === null) return;
    hint.disabled = true;
    showNotice("Thinking about your move…", null, "info");
  };
  back.onclick = () => {
    if (store.msg) send({ type: "take_back" });
  };
}

/**
 * The page's part of a message: a hint is shown, and ends the wait of the
 * Hint button (so does any refusal or error); a take-back is said, and
 * told to the page as the event "codex:taken-back".
 * @param {any} m
 */
export function assistMessage(m) {
  const hint = $("hint-button");
  if (hint && ["hint", "refused", "error"].includes(m.type)) hint.disabled = false;
  if (m.type === "hint") showNotice(el("span", hintText(m), { id: "hint-text" }), null, "info");
  if (m.type === "applied" && m.taken_back) {
    showNotice("Taken back: the board is as it was before your last action.", null, "info");
    document.dispatchEvent(new CustomEvent("codex:taken-back")); // the tutorial steps back with it (learn.js)
  }
}
