"""Ending the main phase, teching, answering a prompt and conceding: the
moves, with who may take them, their checks, changes and options (house
rules R11, R12; glossary: Stash; the concession rule of docs/RULINGS.md)."""

import itertools

from ..checks import answer
from ..flow import answer_refusal, check_answer
from ..freeforall import has_conceded, is_ffa
from ..freeforall_end import concede as concede_base
from ..outcome import finish, note_concession
from ..state import log, player, seat_name, team_of
from ..turns import end_main_phase, has_stash, tech, tech_count_required
from .base import Move, Refusal, fail, main_refusal


def check_end_main(state: dict, seat: int, action: dict) -> str | None:
    """End your main phase (then the draw phase and the next turn, R11).

    ``"stash": iid`` keeps that card of your hand through the draw phase
    (you then draw one card less); only while you control something with
    stash (glossary: Stash; the stash ruling). Raises ``no_stash`` or
    ``bad_stash``. Returns the kept card's id, or None.
    """
    keep = action.get("stash")
    if keep is None:
        return None
    if not has_stash(state, seat):
        fail("no_stash", "You control nothing with stash.")
    if not isinstance(keep, str) or keep not in player(state, seat)["hand"]:
        fail("bad_stash", "Stash a card from your hand.")
    return keep


def do_end_main(state: dict, seat: int, keep: str | None) -> None:
    """End ``seat``'s main phase, keeping ``keep`` (turns.end_main_phase)."""
    end_main_phase(state, seat, stash=keep)


def end_main_options(state: dict, seat: int) -> list:
    """Ending the main phase (never refused in it: check_end_main asks no
    more), and with each hand card as ``stash`` while ``seat`` has stash."""
    out = [{"type": "end_main"}]
    if has_stash(state, seat):  # glossary: Stash - keep any one hand card
        out.extend({"type": "end_main", "stash": iid} for iid in player(state, seat)["hand"])
    return out


def tech_refusal(state: dict, seat: int) -> Refusal:
    """Why ``seat`` may not tech now (``no_tech_owed``), or None."""
    if not player(state, seat)["tech_owed"]:
        return "no_tech_owed", "You have no tech choice to make now."
    return None


def check_tech(state: dict, seat: int, action: dict) -> list:
    """Tech: choose codex cards to put into your discard pile; 2 while you
    have fewer than 10 workers, 0-2 from 10 on (house rules R11, R12).
    Returns the cards' ids."""
    p = player(state, seat)
    cards = action.get("cards")
    if not isinstance(cards, list) or any(not isinstance(c, str) for c in cards):
        fail("bad_tech", "Choose the codex cards to tech.")
    least, most = tech_count_required(state, seat)
    if not least <= len(cards) <= most:
        fail("bad_tech", f"Choose {least if least == most else f'{least} to {most}'} codex card(s).")
    for cid in set(cards):
        if p["codex"].get(cid, 0) < cards.count(cid):
            fail("bad_tech", "Those cards are not in your codex.")
    return list(cards)


def do_tech(state: dict, seat: int, cards: list) -> None:
    """Put the chosen codex cards into the discard pile (turns.tech)."""
    tech(state, seat, cards)


def tech_options(state: dict, seat: int) -> list:
    """Every tech choice ``seat`` may make now (house rules R11, R12), legal
    by construction (what check_tech asks: least to most cards, none more
    often than the codex holds it), so none is checked again: each choice
    of a size as a multiset of the codex, in sorted order (the order of
    the sorted distinct combinations of the codex's copies, as before
    issue 13, without making them all)."""
    p = player(state, seat)
    least, most = tech_count_required(state, seat)
    stock = {cid: n for cid, n in sorted(p["codex"].items()) if n > 0}
    return [{"type": "tech", "cards": cards} for size in range(least, most + 1) for cards in _multisets(stock, size)]


def _multisets(stock: dict, size: int) -> list:
    """The lists of ``size`` ids of ``stock`` (``{id: copies}`` in id
    order), each id at most ``copies`` times, in sorted order: the
    combinations with repetition of the ids (itertools, in their order),
    but those with an id more often than its copies (issue 13: about 8x
    faster than building them by recursion)."""
    combos = itertools.combinations_with_replacement(stock, size)
    if min(stock.values(), default=size) >= size:
        return [list(c) for c in combos]  # no id is short of copies
    return [list(c) for c in combos if len(set(c)) == size or all(c.count(cid) <= stock[cid] for cid in c)]


def check_choose(state: dict, seat: int, action: dict) -> list:
    """Answer the open prompt: it must be ``seat``'s, and the choice must be
    ``count`` of its options (or none when optional). Raises ``no_prompt``,
    ``not_your_prompt`` or ``bad_choice`` (flow.check_answer). Returns the
    choice as a list."""
    return check_answer(state, seat, action.get("choice"))


def do_choose(state: dict, seat: int, choice: list) -> None:
    """Answer the prompt and carry on (checks.answer)."""
    answer(state, seat, choice)


def choose_options(state: dict, seat: int) -> list:
    """Every answer to ``seat``'s open prompt: each combination of
    ``count`` options, and none when it is optional."""
    prompt = state["prompt"]
    sizes = [prompt["count"]] + ([0] if prompt["optional"] else [])
    return [
        {"type": "choose", "choice": list(combo)}
        for size in sizes
        for combo in itertools.combinations(prompt["options"], size)
    ]


def concede_refusal(state: dict, seat: int) -> Refusal:
    """Why ``seat`` may not concede (``conceded``: it already has), or None."""
    if has_conceded(state, seat):
        return "conceded", "You have already conceded."
    return None


def check_concede(state: dict, seat: int, action: dict) -> None:
    """Concede: the other team wins at once; in a free-for-all the
    conceder's base falls instead and house rule R28 decides
    (freeforall.concede). Nothing to check once :func:`concede_refusal`
    lets ``seat`` through."""
    return None


def do_concede(state: dict, seat: int, _plan: None) -> None:
    """Log the concession and end the game, or drop the seat's base in a
    free-for-all (freeforall_end.concede). The concession is noted for
    the outcome (outcome.note_concession)."""
    note_concession(state, seat)
    log(state, f"{seat_name(state, seat)} conceded.")
    if is_ffa(state):
        concede_base(state, seat)
        return
    others = [p["team"] for p in state["players"] if p["team"] != team_of(state, seat)]
    finish(state, others[0] if len(set(others)) == 1 else None, "concession")


def concede_options(state: dict, seat: int) -> list:
    """Conceding, the one way to do it."""
    return [{"type": "concede"}]


END_MAIN = Move("end_main", main_refusal, check_end_main, do_end_main, end_main_options)
TECH = Move("tech", tech_refusal, check_tech, do_tech, tech_options)
CHOOSE = Move("choose", answer_refusal, check_choose, do_choose, choose_options)
CONCEDE = Move("concede", concede_refusal, check_concede, do_concede, concede_options)
