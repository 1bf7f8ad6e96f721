// The Codex table on the match page (codexmatch.js): every player's area
// around the table (the viewer at the bottom), the free-for-all seat strip,
// the Two-Headed Dragon team blocks, and the viewer's hand with their
// numbers in the dock; and who won, and why, as the view and result say.
import { el, resultReason, toldReason } from "./common.js";
import { baseTile, playerArea } from "./board.js";
import { handTile } from "./codextiles.js";
import { codexConcerned, teamBase, tiedNow, viewWinners } from "./codexview.js";
import { drawEach, drawIfChanged } from "./redraw.js";
import { $, actingPlayers, awaySeat, me, names, page, store, teamGame, teamOf, teamPlayers, view } from "./page.js";

/** True in a free-for-all (3 to 5 players, each on their own). */
export function isFfa() {
  return view().mode === "ffa";
}

/** HP left on `team`'s base and its full HP. */
export function baseOf(team) {
  return teamBase(view(), team);
}

/** The seats that won, from the result or the view ([] for a draw). */
export function winners() {
  const fromResult = store.msg.result ? viewWinners(store.msg.result) : [];
  return fromResult.length ? fromResult : viewWinners(view());
}

/** The seat whose concession ended the match (the stored result's `conceded_by`, docs/PROTOCOL.md), else null. */
function concededBy() {
  const by = store.msg.result ? store.msg.result.conceded_by : null;
  return Number.isInteger(by) ? by : null;
}

/**
 * The code for why the game ended as it is told (common.js toldReason): the
 * stored result's reason, else the view's; a concession when one ended it.
 */
export function resultCode() {
  return toldReason((store.msg.result && store.msg.result.reason) || view().result_reason, concededBy());
}

/** Why the game ended, in words for a sentence, naming the players concerned as the viewer reads it ("" for none). */
export function endReason(won) {
  const code = resultCode();
  return resultReason(code, codexConcerned(view(), store.msg.seat, { reason: code, winners: won, by: concededBy() }));
}

/**
 * What every player's area reads of the view besides its player (board.js
 * playerArea: the phase, the turn, the bases, the final rounds, the map, the
 * lenders' names), as a key's part (redraw.js).
 */
function tableKey(v) {
  return [v.phase, v.status, v.active, v.turn, v.mode, v.final, v.teams, v.map, v.players.map((p) => p.name)];
}

/**
 * Draw the players' areas around the table, each only when what it shows
 * changed (redraw.js, issue 31 point 5). `marks`: the player's selection and
 * lit targets as text, which a row's arrows show too (board.js sidewaysRow).
 * @param {string} marks
 */
export function renderBoard(marks) {
  const v = view();
  const playing = store.msg.status === "playing";
  const acting = new Set(playing ? actingPlayers().map((p) => p.seat) : []);
  renderSeatStrip(acting);
  if (teamGame()) {
    renderTeamBoard(acting, marks);
    return;
  }
  // Around the table: the players after you in turn order, then you at the
  // bottom (a spectator sits where the first player does).
  const mySeat = store.msg.seat === null ? v.players[0].seat : store.msg.seat;
  const at = v.players.findIndex((p) => p.seat === mySeat);
  const others = [...v.players.slice(at + 1), ...v.players.slice(0, at)];
  const mine = v.players[at];
  const shared = [tableKey(v), marks];
  const area = (p, opts) => ({ key: JSON.stringify([shared, p, opts]), build: () => playerArea(v, page.catalog, p, { ...opts, revealed: revealedHand(p) }) });
  $("opponents").classList.toggle("several", others.length > 1);
  drawEach($("opponents"), others.map((p) => area(p, { isMe: false, active: acting.has(p.seat) })));
  drawEach($("me-area"), [area(mine, { isMe: store.msg.seat !== null, active: acting.has(mine.seat) })]);
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
  const won = store.msg.status === "playing" ? [] : winners();
  strip.style.setProperty("--seats", String(v.players.length));
  const key = JSON.stringify([v.players.map((p) => [p.seat, p.name, p.team, p.gold, p.conceded, p.tech_owed]), v.teams, v.phase, v.final,
    store.msg.status, store.msg.seat, [...acting], won]);
  drawIfChanged(strip, key, () => v.players.map((p) => {
    const base = baseOf(p.team);
    const item = el("li", null, {
      class: `seat-chip${acting.has(p.seat) ? " active" : ""}${p.seat === store.msg.seat ? " me" : ""}${p.conceded ? " conceded" : ""}`, "data-seat": p.seat,
    });
    const link = el("a", null, { href: `#seat-${p.seat}`, class: "seat-link" });
    link.append(el("span", p.name, { class: "pname" }));
    if (p.seat === store.msg.seat) link.append(el("span", "you", { class: "tag you-tag" }));
    link.append(el("span", `base ${base.left}/${base.hp}`, { class: `seat-hp${base.left < base.hp ? " hurt" : ""}`, title: "Base HP left" }),
      el("span", `${p.gold} gold`, { class: "seat-gold" }));
    const status = [];
    if (won.includes(p.seat)) status.push(["winner", "turn-tag"]);
    if (acting.has(p.seat)) status.push([v.phase === "lend" ? "lending" : v.phase === "tech" ? "turn · tech" : "turn", v.phase === "lend" ? "lending-tag" : "turn-tag"]);
    if (p.conceded) status.push(["conceded", "conceded-tag"]);
    else if (p.tech_owed && store.msg.status === "playing" && !(acting.has(p.seat) && v.phase === "tech")) status.push(["picking tech", "tech-tag"]);
    if (store.msg.status === "playing" && tiedNow(v).includes(p.seat)) status.push(["tied", "tied-tag"]);
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
function renderTeamBoard(acting, marks) {
  const v = view();
  const bottom = store.msg.seat === null ? v.players[0].team : teamOf(store.msg.seat);
  const block = (team) => {
    const players = teamPlayers(team);
    const mineTeam = team === bottom && store.msg.seat !== null;
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
    if (mineTeam) ordered = [...players.filter((p) => p.seat !== store.msg.seat), ...players.filter((p) => p.seat === store.msg.seat)];
    const row = el("div", null, { class: "team-players" });
    for (const p of ordered) {
      const isMe = p.seat === store.msg.seat;
      const partner = mineTeam && !isMe;
      row.append(playerArea(v, page.catalog, p, {
        isMe, partner, ally: team === bottom, active: acting.has(p.seat), sharedBase: true,
        hand: partner && p.hand ? p.hand.map((c) => handTile(page.catalog, c)) : null,
        revealed: mineTeam ? null : revealedHand(p),
      }));
    }
    box.append(row);
    return box;
  };
  const shared = [tableKey(v), marks];
  // A block shows its players' areas, who is away in a team turn and who acts (the partner's hand is in its player).
  const item = (team) => ({
    key: JSON.stringify([shared, teamPlayers(team), teamPlayers(team).map((p) => [acting.has(p.seat), !!awaySeat(p.seat), awaySeat(p.seat)?.stand_in]), bottom, store.msg.seat]),
    build: () => block(team),
  });
  const teams = v.teams.map((_, team) => team);
  drawEach($("opponents"), teams.filter((t) => t !== bottom).map(item));
  drawEach($("me-area"), [item(bottom)]);
}

/** An opponent's hand revealed to the viewer (view `hand_revealed`, a card's doing) as tiles, or null. */
function revealedHand(p) {
  return p.hand_revealed && p.hand ? p.hand.map((c) => handTile(page.catalog, c)) : null;
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
  const key = JSON.stringify([player.gold, player.workers, base, player.hand_count, player.deck_count]);
  drawIfChanged(line, key, () => [bit("gold", player.gold, "my-gold"), bit("workers", player.workers),
    bit("base", `${base.left}/${base.hp}`, `my-base${base.left < base.hp ? " hurt" : ""}`),
    bit("hand", player.hand_count), bit("deck", player.deck_count)]);
}

/**
 * The viewer's hand in the dock, drawn again only when the cards or which of
 * them can be played or hired now changed (redraw.js, issue 31 point 5).
 */
export function renderHand() {
  renderMyStats();
  const player = me();
  const box = $("hand-box");
  box.hidden = !player || !player.hand;
  if (box.hidden) return;
  $("hand-count").textContent = `(${player.hand.length})`;
  const can = player.hand.map((c) => {
    const entry = store.idx.byCard.get(c.iid);
    return [!!(entry && entry.play.length), !!(entry && entry.hire)];
  });
  drawIfChanged($("hand"), JSON.stringify([player.hand, can]), () => {
    const tiles = player.hand.map((c, i) => {
      const tile = handTile(page.catalog, c);
      const [playable, hireable] = can[i];
      if (playable) {
        // Not the green border alone (issue 31 point 4): a tick, and the word for a screen reader.
        tile.classList.add("playable");
        tile.append(el("span", "✓", { class: "play-mark", "aria-hidden": "true", title: "Playable now" }), el("span", " playable", { class: "visually-hidden" }));
      }
      if (hireable) tile.classList.add("hireable");
      return tile;
    });
    return tiles.length ? tiles : [el("span", "Your hand is empty.", { class: "empty-note" })];
  });
}
