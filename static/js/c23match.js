// The C-23 board on the match page (issue 18; boards.js Board): c23board.js
// draws the whole board, with its own hand and buttons (no hand dock, no
// action bar: c23.css); the banner and result in the board's sentences
// (c23words.js). The log, chat, presence, bots and turn clock are the
// page's, as for every game.
import { viewWinners } from "./codexview.js";
import { renderC23 } from "./c23board.js";
import { actionLabel, c23Banner, c23ResultText } from "./c23words.js";
import { $, act, busy, plainResultTitle, render, store, waitClass } from "./page.js";

/** The banner: the board's sentence, marked when the game waits on the viewer. */
function banner() {
  const { msg } = store;
  return { text: c23Banner(msg.view, msg.seat), cls: waitClass(), turn: msg.view.turn };
}

function draw() {
  const { msg } = store;
  document.body.classList.add("c23"); // the board carries its own hand and buttons: no empty dock (c23.css)
  $("hand-box").hidden = true;
  $("action-bar").replaceChildren();
  renderC23($("board"), msg.view, { seat: msg.seat, legal: msg.legal_actions || [], act, busy: busy(), rerender: render });
}

/** The result dialog: who won as the viewer reads it, and the board's sentence of how. */
function result() {
  const v = store.msg.view;
  return { title: plainResultTitle(viewWinners(v)), text: c23ResultText(v, store.msg.seat), bases: null };
}

/** @type {import("./boards.js").Board} */
export const board = { banner, render: draw, result, words: (action) => actionLabel(store.msg.view, action) };
