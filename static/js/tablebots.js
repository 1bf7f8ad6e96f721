// Bots at the table (issue 14 point 9): in the lobby, the host of a waiting
// table may put a bot in any empty seat (POST /api/tables/<id>/bot/) and take
// it away again (the seat's Remove button); a bot's seat carries a "bot" tag.
// On the match page, markBots() tags the bots' areas and seat chips.
import { el } from "./common.js";

// The bots a host may choose, as the server names them (game.standins.BOT_KINDS),
// with how hard each is to beat (a newcomer asked which one is the easy one).
/** @type {[kind: string, label: string, level: string, about: string][]} */
const KINDS = [
  ["greedy", "Greedy bot", "stronger", "Takes the move that looks best each time: a fair first opponent."],
  ["random", "Random bot", "easy", "Plays any move the rules allow, at random: easy to beat."],
];

/**
 * The lobby's bot controls for one seat row: a "bot" tag on a bot's seat;
 * for the host of a waiting table, a bot choice and an "Add bot" button on
 * an empty seat. `act(method, url, body)` sends the request and refreshes.
 * Returns the nodes to append to the row (maybe none).
 * @param {{id: number, status: string, host_id: number}} table the table as /api/tables/ gives it
 * @param {{index: number, bot?: string | null, player?: unknown}} seat one of its seats
 * @param {number | null} userId the viewer's user id
 * @param {(method: string, url: string, body?: unknown) => unknown} act
 * @returns {HTMLElement[]}
 */
export function seatBotControls(table, seat, userId, act) {
  if (seat.bot) return [el("span", "bot", { class: "tag bot-tag", title: "A computer player" })];
  if (seat.player || table.status !== "open" || table.host_id !== userId) return [];
  const choice = el("select", null, { class: "bot-kind", "aria-label": `Bot for seat ${seat.index + 1}` },
    ...KINDS.map(([kind, label, level, about]) => el("option", `${label} (${level})`, { value: kind, title: about })));
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
