// The Codex board on the match page (boards.js Board): the banner and the
// free-for-all news, the table (codextable.js), the action bar
// (codexbar.js), the panels of a choice (codexpanels.js), the inspector and
// the Cards tab (codexinspector.js), and the result. It knows no rules: what
// is clickable and which targets light up come from `legal_actions` only
// (legal.js, controls.js).
import { el, nameList, sentence, words } from "./common.js";
import { cardHasActions } from "./legal.js";
import { drawMapCard } from "./mapcard.js";
import { drawIfChanged } from "./redraw.js";
import { baseLeft, describeId, findCard, tiedNow } from "./codexview.js";
import { genericPath, keepChoicesValid, lendActions } from "./controls.js";
import { renderActionBar } from "./codexbar.js";
import { renderCodex, renderInspector } from "./codexinspector.js";
import { renderPending, targetsNow } from "./codexpanels.js";
import { baseOf, endReason, renderBoard, renderHand, resultCode, winners } from "./codextable.js";
import {
  $, actingPlayers, awaySeat, config, iConceded, nameOfSeat, names, page, render, setDockCollapsed, store, teamGame, teamPlayers, ui, view,
  winnerNames,
} from "./page.js";

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

/** The news box: the final rounds' line and the view's news, drawn again only when they changed (redraw.js). */
function renderNews() {
  const box = $("news");
  const final = finalText();
  // What a free-for-all player must not miss this turn, as the engine tells it (view `news`: R23, R25, R26).
  const news = view().news || [];
  drawIfChanged(box, JSON.stringify([final, news]), () => [
    final ? el("li", final, { class: "news-final", "data-kind": "final" }) : null,
    ...news.map((n) => el("li", n.text, { "data-kind": n.kind })),
  ]);
  box.hidden = !final && !news.length;
}

/**
 * The banner: {text, cls}. A free-for-all player who conceded reads that
 * they are out, then what a spectator reads.
 */
function bannerText() {
  const v = view();
  if (store.msg.status === "finished" || v.status !== "playing") {
    const mine = store.msg.seat;
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
  if (!iConceded()) return playingText(store.msg.seat);
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
  const owesTech = store.idx.tech.length > 0;
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
  if (store.msg.seat === null) text += " · you are watching";
  return { text: `${text}.`, cls: "waiting" };
}

/**
 * What the Codex result dialog says under its title (which says who won, as
 * the viewer reads it): how the game ended, naming the players concerned,
 * and, for a player who lost, who won ("Your base was destroyed; Bo wins.",
 * "The other team conceded."); "" when the engine gave no reason and the
 * title says it all.
 */
function resultText(won) {
  const mine = store.msg.seat;
  const highest = resultCode() === "highest base" && won.length === 1; // its words name the winner
  const why = highest ? `${won[0] === mine ? "you" : winnerNames(won)} had the highest base after the last round` : endReason(won);
  const lost = mine !== null && won.length > 0 && !won.includes(mine) && !highest;
  const winning = lost ? `${winnerNames(won)} ${won.length > 1 ? "win" : "wins"}` : "";
  const text = why && winning ? `${why}; ${winning}` : why || winning;
  return text ? `${sentence(text, view().players.map((p) => p.name))}.` : "";
}

/**
 * Two-Headed Dragon on a laptop or desktop: the page opens on one's own
 * team (own hero, patrol zone and base), the other team a scroll up. Both
 * teams do not fit above the hand dock, and a newcomer looked for their
 * own hero to summon below the fold (trial 14). Phones keep their order
 * and their jump to the hand; a page already scrolled is left alone.
 */
function showOwnTeam() {
  const own = document.querySelector("#me-area .my-team");
  if (!own || store.msg.seat === null || !teamGame() || window.innerWidth < 700 || window.scrollY > 0) return;
  own.scrollIntoView({ block: "start" });
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
  if (store.msg.seat === null || teamGame() || getComputedStyle(dock).position !== "sticky") return;
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

/** True when the thing `id` names (a card, a building, a base) is still in the view. */
function thingExists(id) {
  if (findCard(view(), id)) return true;
  const m = String(id).match(/^bld:(\d+):(\w+)$/);
  if (m) return !!(view().players[Number(m[1])] || { buildings: {} }).buildings[m[2]];
  return /^base:\d+$/.test(id);
}

function onBoardClick(event) {
  if (!store.msg) return;
  // Only the innermost thing clicked counts: a card inside a patrol slot is that card.
  const node = event.target.closest("[data-tid]");
  if (!node) return;
  const tid = node.dataset.tid;
  const targets = targetsNow();
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

function highlight() {
  const targets = targetsNow();
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#board [data-tid], #hand [data-tid]"))) {
    const tid = node.dataset.tid;
    const target = targets.get(tid);
    node.classList.toggle("target", !!target);
    node.classList.toggle("target-attack", !!target && target.kind === "attack");
    node.classList.toggle("target-patrol", !!target && target.kind === "patrol");
    node.classList.toggle("selected", tid === ui.selected);
    // Toggled, not added: a node kept from an earlier version (redraw.js) may have lost its actions.
    node.classList.toggle("can-act", store.msg.seat !== null && (cardHasActions(store.idx, tid) || lendActions(store.idx, tid).length > 0));
  }
  document.body.classList.toggle("targeting", targets.size > 0);
}

/**
 * The banner (boards.js Banner). While the coming turn waits for tech
 * choices (phase "tech", R11) the engine has not counted it yet: the header
 * shows the turn about to begin, as the banner does.
 */
function banner() {
  const v = view();
  return { ...bannerText(), turn: v.phase === "tech" ? v.turn + 1 : v.turn };
}

/** Draw the board, the hand dock and the Cards tab for the newest state. */
function draw() {
  renderNews();
  const marks = JSON.stringify([ui.selected, [...targetsNow()].map(([tid, target]) => [tid, target.kind])]);
  renderBoard(marks);
  drawMapCard($("map-card"), view().map);
  renderHand();
  renderActionBar();
  renderPending();
  renderInspector();
  renderCodex();
  highlight();
}

/**
 * The result dialog (boards.js Result): who won as the viewer reads it
 * (a team's, a shared win), how the game ended, and every base's HP at the
 * end, highest first, the winners marked.
 */
function result() {
  const won = winners();
  let title = "Game over";
  if (won.length) {
    const who = winnerNames(won);
    const team = teamGame();
    if (store.msg.seat === null) title = `${who} ${won.length > 1 ? "win" : "wins"}`;
    else if (won.includes(store.msg.seat)) title = won.length === 1 ? "You won!" : team ? "Your team won!" : "You share the win!";
    else title = team ? "Your team lost" : "You lost";
  }
  const bases = view().teams.map((_, team) => ({ team, players: teamPlayers(team), ...baseOf(team) }))
    .filter((r) => r.players.length).sort((a, b) => b.left - a.left || a.team - b.team)
    .map((r) => ({ team: r.team, names: names(r.players), left: r.left, hp: r.hp, winner: r.players.some((p) => won.includes(p.seat)) }));
  return { title, text: config.puzzle ? puzzleText(won) : resultText(won), bases };
}

/**
 * How a puzzle's match ended (the page's config.puzzle): solved when the
 * solver's side won, else failed (its turn passed without the win);
 * a spectator reads the usual result.
 */
function puzzleText(won) {
  const mine = store.msg.seat;
  if (mine === null) return resultText(won); // a spectator: who won, as in any match
  return won.includes(mine) ? "Puzzle solved: you won this turn." : "Puzzle failed: the turn passed without a win.";
}

/** After a new state: drop the choices it ended (controls.js keepChoicesValid). */
function onState() {
  keepChoicesValid(ui, view(), store.idx, thingExists);
}

/**
 * An action in the words the action bar uses: its type, then what it names ("Hire a worker: <card> (<player>)").
 * @param {any} action
 * @returns {string}
 */
function actionWords(action) {
  const name = sentence(words(action.type));
  const what = genericPath(action).map((id) => describeId(view(), page.catalog, id)).join(", ");
  return what ? `${name}: ${what}` : name;
}

/** @type {import("./boards.js").Board} */
export const board = {
  banner, render: draw, result, onState, opened: showOwnTeam, layout: keepOwnRowClear, click: onBoardClick, words: actionWords,
};
