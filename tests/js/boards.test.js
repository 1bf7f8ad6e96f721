// static/js/boards.js: the match page finds a game's board by the game's
// name alone (the module <game>match.js), once, and refuses a name that is
// not a plain word.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { boardOf, gameOf, loadBoard } from "../../static/js/boards.js";

/** @type {import("../../static/js/boards.js").Board} */
const BOARD = { banner: () => ({ text: "t", cls: "", turn: 1 }), render: () => {}, result: () => ({ title: "", text: "", bases: null }) };

describe("gameOf", () => {
  it("names the view's game; a Codex view carries none", () => {
    assert.equal(gameOf({ game: "c23" }), "c23");
    assert.equal(gameOf({}), "codex");
    assert.equal(gameOf(null), "codex");
  });
});

describe("loadBoard", () => {
  it("imports <game>match.js once and holds its board", async () => {
    /** @type {string[]} */
    const asked = [];
    const load = async (/** @type {string} */ path) => {
      asked.push(path);
      return { board: BOARD };
    };
    assert.equal(boardOf("testgame"), undefined);
    const [a, b] = await Promise.all([loadBoard("testgame", load), loadBoard("testgame", load)]);
    assert.equal(a, BOARD);
    assert.equal(b, BOARD);
    assert.equal(await loadBoard("testgame", load), BOARD);
    assert.deepEqual(asked, ["./testgamematch.js"]);
    assert.equal(boardOf("testgame"), BOARD);
  });

  it("refuses a name that could reach another module", async () => {
    const load = async () => ({ board: BOARD });
    await assert.rejects(loadBoard("../lobby", load));
    await assert.rejects(loadBoard("", load));
  });

  it("loads the real boards' modules by their names", async () => {
    // What the page imports: the modules exist and export a board (they read
    // the page only when drawing, so importing them here would need a DOM:
    // the file names are checked instead).
    const { existsSync } = await import("node:fs");
    for (const game of ["codex", "arcane", "c23"]) {
      assert.ok(existsSync(new URL(`../../static/js/${game}match.js`, import.meta.url)), game);
    }
  });
});
