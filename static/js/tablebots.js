// Bots at the table (issue 14 point 9): in the lobby, the host of a waiting
// table may put a bot in any empty seat (POST /api/tables/<id>/bot/) and take
// it away again (the seat's Remove button); a bot's seat carries a "bot" tag.
// On the match page, markBots() tags the bots' areas and seat chips.
import { el } from "./common.js";

// The bots a host may choose, as the server names them (game.standins.BOT_KINDS),
// easiest first, with how hard each is to beat in a word and a line (a
// newcomer asked which one is the easy one; issue 30 point 5: the host picks
// the level of each bot seat).
/** @type {[kind: string, label: string, level: string, about: string][]} */
const KINDS = [
  ["random", "Random bot", "easiest", "Plays any move the rules allow, at random: a calm way to learn the game."],
  ["easy", "Easy bot", "easy", "Glances a few moves ahead and often picks a weak one: good for a first win."],
  ["greedy", "Greedy bot", "fair", "Takes whatever move looks best right now and never plans: a fair first opponent."],
  ["normal", "Normal bot", "harder", "Tries each idea in quick imagined games before it moves: a real contest."],
  ["hard", "Hard bot", "hardest", "Imagines many more games, further ahead, before each move: bring a plan."],
];

const DEFAULT_KIND = "easy"; // what a newcomer who just clicks "Add bot" plays against

/**
 * The lobby's bot controls for one seat row: a bot's seat gets a tag
 * naming its level ("bot · hard"); the host of a waiting table gets a bot
 * choice and an "Add bot" button on an empty seat, unless the table is rated
 * (a rated table takes no bots). `act(method, url, body)`
 * sends the request and refreshes. Returns the nodes to append to the row
 * (maybe none).
 * @param {{id: number, status: string, host_id: number, rated?: boolean}} table the table as /api/tables/ gives it
 * @param {{index: number, bot?: string | null, player?: unknown}} seat one of its seats
 * @param {number | null} userId the viewer's user id
 * @param {(method: string, url: string, body?: unknown) => unknown} act
 * @returns {HTMLElement[]}
 */
export function seatBotControls(table, seat, userId, act) {
  if (seat.bot) {
    const known = KINDS.find(([kind]) => kind === seat.bot);
    const text = known ? `bot · ${known[2]}` : "bot";
    return [el("span", text, { class: "tag bot-tag", title: known ? `A computer player. ${known[3]}` : "A computer player" })];
  }
  if (seat.player || table.status !== "open" || table.host_id !== userId || table.rated) return []; // no bots at a rated table (the server's rated_no_bots)
  const choice = el("select", null, { class: "bot-kind", "aria-label": `Bot for seat ${seat.index + 1}` },
    ...KINDS.map(([kind, label, level, about]) =>
      el("option", `${label} (${level})`, { value: kind, title: about, selected: kind === DEFAULT_KIND })));
  const explain = () => { choice.title = KINDS.find(([kind]) => kind === choice.value)?.[3] ?? ""; };
  choice.onchange = explain;
  explain();
  const add = el("button", "Add bot", { type: "button", class: "btn small ghost add-bot", "data-bot-seat": seat.index });
  add.onclick = () => act("POST", `/api/tables/${table.id}/bot/`, { index: seat.index, kind: choice.value });
  return [choice, add];
}

/**
 * Match page: a "bot" tag in the title of every bot's area and seat chip.
 * `bots`: `{seat: label}` from the page config. Call after each render.
 * @param {Record<string, string> | null | undefined} bots
 */
export function markBots(bots) {
  const labels = bots || {};
  for (const seat of Object.keys(labels)) {
    const places = document.querySelectorAll(`#seat-${seat} .player-title, #seat-strip [data-seat="${seat}"] .seat-link`);
    for (const place of places) {
      if (place.querySelector(".bot-tag")) continue;
      const tag = el("span", "bot", { class: "tag bot-tag", title: `${labels[seat]}: a computer player` });
      const name = place.querySelector(".pname");
      if (name) name.after(tag);
      else place.append(tag);
    }
  }
}
