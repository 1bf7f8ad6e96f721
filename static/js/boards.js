// One board per game behind one interface: the shared match page (match.js)
// asks the board of the view's game for its banner, its drawing and its
// result, and never branches on which game is played. A game's board is the
// module `<game>match.js` (codexmatch.js, arcanematch.js, c23match.js),
// exporting `board` (the Board below); it is loaded by that name the first
// time a view of the game comes, so a new game's board needs no edit here
// or in match.js (docs/CLIENT.md "Adding a board"). Reads no page element.

/**
 * The banner's line: its text, its class ("mine" when the game waits on the
 * viewer, "waiting", "over"; "" for none) and the turn the header shows.
 * @typedef {object} Banner
 * @property {string} text
 * @property {string} cls
 * @property {number | string} turn
 */

/**
 * What the result dialog says: its title, the sentence under it, and each
 * base's end (Codex: {team, names, left, hp, winner}), or null for none.
 * @typedef {object} Result
 * @property {string} title
 * @property {string} text
 * @property {{team: number, names: string, left: number, hp: number, winner: boolean}[] | null} bases
 */

/**
 * A game's board on the match page. The page calls, for each state held:
 * `onState()` (before drawing: drop the choices the new state ended),
 * `banner()`, `render()` (the board, hand, action bar, panels: everything
 * but the banner, log, chat, presence, turn clock and result dialog, which
 * the page draws for every game), `result()` once the match is finished,
 * then `layout()` (after drawing, and when what covers the screen changes
 * size); `opened()` once, after the first state is drawn; `click(event)` on
 * a click or Enter on the board or hand; `words(action)` an action in the
 * game's own words, naming its cards (the hint's sentence; without it the
 * page says the action's type only).
 * @typedef {object} Board
 * @property {() => Banner} banner
 * @property {() => void} render
 * @property {() => Result} result
 * @property {() => void} [onState]
 * @property {() => void} [opened]
 * @property {() => void} [layout]
 * @property {(event: Event) => void} [click]
 * @property {(action: any) => string} [words]
 */

/** @type {Map<string, Board>} */
const boards = new Map();
/** @type {Map<string, Promise<Board>>} */
const loading = new Map();

/**
 * The game a view is of: its `game` field; Codex views carry none.
 * @param {{game?: string} | null | undefined} view
 * @returns {string}
 */
export function gameOf(view) {
  return (view && view.game) || "codex";
}

/**
 * The board of `game` once loaded, else undefined (loadBoard loads it).
 * @param {string} game
 * @returns {Board | undefined}
 */
export function boardOf(game) {
  return boards.get(game);
}

/**
 * Hold `board` as the board of `game` (what loadBoard does with a game's module).
 * @param {string} game
 * @param {Board} board
 */
function registerBoard(game, board) {
  boards.set(game, board);
}

/**
 * Load the board of `game` (the module `./<game>match.js`), once.
 * Throws (rejects) for a name that is not a plain lower-case word.
 * @param {string} game
 * @param {(path: string) => Promise<{board: Board}>} [load] how a module is imported (the browser's import())
 * @returns {Promise<Board>}
 */
export function loadBoard(game, load = (path) => import(path)) {
  if (!/^[a-z0-9]+$/.test(game)) return Promise.reject(new Error(`no board for the game ${JSON.stringify(game)}`));
  const known = boards.get(game);
  if (known) return Promise.resolve(known);
  let promise = loading.get(game);
  if (!promise) {
    promise = load(`./${game}match.js`).then((module) => {
      registerBoard(game, module.board);
      return module.board;
    });
    loading.set(game, promise);
  }
  return promise;
}
