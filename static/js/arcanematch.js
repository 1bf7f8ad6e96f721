// The Arcane Codex board on the match page (issue 17; boards.js Board): its
// own board (arcaneboard.js) in the board, hand and action bar nodes; the
// banner and result in the board's sentences. The log, chat, presence, bots
// and turn clock are the page's, as for every game.
import { actionWords, arcaneBanner, arcaneResultText, renderArcane } from "./arcaneboard.js";
import { $, act, busy, plainResultTitle, render, store, waitClass } from "./page.js";

/** The banner: the board's sentence, marked when the game waits on the viewer. */
function banner() {
  const { msg } = store;
  return { text: arcaneBanner(msg.view, msg.seat), cls: waitClass(), turn: msg.view.turn };
}

function draw() {
  document.body.classList.add("arcane");
  renderArcane({
    msg: store.msg, busy: busy(), act, rerender: render,
    nodes: { opponents: $("opponents"), me: $("me-area"), hand: $("hand"), handBox: $("hand-box"), handCount: $("hand-count"),
      bar: $("action-bar"), inspector: $("inspector") },
  });
}

/** The result dialog: who won as the viewer reads it, and the board's sentence of how. */
function result() {
  const v = store.msg.view;
  return { title: plainResultTitle(v.winners || []), text: arcaneResultText(v, store.msg.seat), bases: null };
}

/** @type {import("./boards.js").Board} */
export const board = { banner, render: draw, result, words: (action) => actionWords(store.msg.view, action) };
