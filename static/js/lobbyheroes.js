// The lobby's heroes (lobby.js): the hero picker of the viewer's own seat
// (one hero, or three and the main one in the 3-hero game, the partial pick
// kept on the page until complete), and every seat's heroes for everyone to
// read. The server checks each pick (PATCH /api/tables/<id>/seat/).
import { el } from "./common.js";

/**
 * A hero's name by catalog id (the id itself when the catalog has none).
 * @param {Map<string, any>} catalog
 * @param {string} id
 * @returns {string}
 */
export function heroLabel(catalog, id) {
  const rec = catalog.get(id);
  return rec ? rec.name : id;
}

// A 3-hero pick in progress (fewer heroes than the mode needs) per table id:
// the server takes only complete picks, so the page keeps the partial one.
const drafts = new Map();

/** A hero's facts on one line: "red · fire · ATK 2 / HP 3 · max Lv 7". */
function heroFacts(rec) {
  return `${rec.color || "?"} · ${rec.spec || "?"} · ATK ${rec.atk ?? "?"} / HP ${rec.hp ?? "?"} · max Lv ${rec.max_level ?? "?"}`;
}

/** One hero to pick (`lobby`: the page, see heroPicker): its button, and (3-hero game, once picked) the main-hero mark. */
function heroOption(lobby, hero, picked, isMain, onPick, onMain) {
  const rec = lobby.catalog.get(hero) || {};
  const option = el("div", null, { class: `hero-option color-${rec.color || "neutral"}` });
  const b = el("button", null, {
    type: "button", class: "btn hero-choice", "data-hero": hero, "aria-pressed": String(picked), "data-card": hero,
  });
  b.append(el("span", rec.name || hero, { class: "hero-name" }), el("span", heroFacts(rec), { class: "hero-spec" }));
  if (rec.text) b.title = rec.text;
  b.onclick = onPick;
  option.append(b);
  if (onMain && picked) {
    const main = el("button", isMain ? "★ main" : "☆ make main", {
      type: "button", class: `btn small main-toggle${isMain ? " is-main" : ""}`, "data-main": hero,
      "aria-pressed": String(isMain), title: "The main hero's colour gives your starting deck",
    });
    main.onclick = onMain;
    option.append(main);
  }
  return option;
}

/**
 * What picking a hero means, above the picker (a newcomer did not know what
 * a colour or a spec changes, nor which hero to take first).
 */
function heroHint(wanted) {
  const hint = el("p", null, { class: "hint hero-hint" });
  hint.append(wanted > 1
    ? "Pick three heroes: the main one's colour gives your starting deck, and your codex holds the cards of all three specs. "
    : "Pick your hero: its colour gives your starting deck, its spec the codex cards you add to your deck after each turn. ");
  hint.append("Any hero makes a fine first game; hover one to read its levels, or read every card in ",
    el("a", "Cards", { href: "/cards/", target: "_blank" }), ".");
  return hint;
}

/**
 * The hero picker of the viewer's own seat. One-hero modes: a click picks.
 * 3-hero game: click three different heroes (a partial pick stays on this
 * page until it is complete; removing one from a saved pick clears it on the
 * server) and mark the main one; the first picked is the main one until
 * another is marked. Returns the picker, or null for a game without heroes.
 * `lobby`: what the page shares (lobby.js): {modes, catalog, act(method,
 * url, body) (sends, then refreshes), refresh(force), showError(text)}.
 */
export function heroPicker(lobby, table, seat) {
  const { act, refresh, showError } = lobby;
  const mode = lobby.modes[table.mode];
  const wanted = mode ? mode.heroes_per_seat : 1;
  if (!wanted) return null; // a game without heroes (Arcane Codex): nothing to pick
  const heroes = mode ? mode.heroes : [];
  const box = el("div", null, { class: "hero-picker", role: "group", "aria-label": wanted > 1 ? `Pick ${wanted} heroes` : "Pick your hero" });
  const url = `/api/tables/${table.id}/seat/`;
  box.append(heroHint(wanted));
  if (wanted === 1) {
    for (const hero of heroes) {
      box.append(heroOption(lobby, hero, seat.heroes.includes(hero), false, () => act("PATCH", url, { heroes: [hero] }), null));
    }
    return box;
  }
  const shown = drafts.get(table.id) || seat.heroes;
  const pick = (hero) => {
    if (shown.includes(hero)) {
      drafts.set(table.id, shown.filter((h) => h !== hero));
      if (seat.heroes.length) act("PATCH", url, { heroes: [] });
      else refresh(true);
      return;
    }
    if (shown.length >= wanted) {
      showError(`You have ${wanted} heroes: click one of them to remove it first.`);
      return;
    }
    const next = [...shown, hero];
    if (next.length < wanted) {
      drafts.set(table.id, next);
      refresh(true);
      return;
    }
    drafts.delete(table.id);
    act("PATCH", url, { heroes: next, main: next[0] });
  };
  const makeMain = (hero) => {
    if (drafts.has(table.id)) {
      drafts.set(table.id, [hero, ...shown.filter((h) => h !== hero)]);
      refresh(true);
    } else {
      act("PATCH", url, { main: hero });
    }
  };
  const left = wanted - shown.length;
  box.append(el("p", left
    ? `Pick ${left} more hero${left > 1 ? "es" : ""} (${shown.length} of ${wanted}). The main hero (★) gives your starting deck.`
    : `Your ${wanted} heroes are picked; ★ marks the main one, whose colour gives your starting deck.`,
  { class: "hint picker-status", "data-left": left }));
  for (const hero of heroes) {
    const picked = shown.includes(hero);
    box.append(heroOption(lobby, hero, picked, picked && shown[0] === hero, () => pick(hero), () => makeMain(hero)));
  }
  return box;
}

/** A seat's heroes for everyone to read, the main one marked in the 3-hero game (`lobby`: see heroPicker). */
export function seatHeroes(lobby, table, seat) {
  const several = (lobby.modes[table.mode] || { heroes_per_seat: 1 }).heroes_per_seat > 1;
  const box = el("span", null, { class: "heroes" });
  seat.heroes.forEach((hero, i) => {
    if (i) box.append(", ");
    const main = several && hero === seat.main_hero;
    box.append(el("span", `${main ? "★ " : ""}${heroLabel(lobby.catalog, hero)}${main ? " (main)" : ""}`, {
      class: main ? "seat-hero main-hero" : "seat-hero", "data-card": hero,
    }));
  });
  return box;
}
