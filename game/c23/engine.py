"""The C-23 rules engine: setup, the turn's six steps, attacks, winning.

Authority: the C-23 rulebook (shared/seeds/004_e9585cfdc02414d2.txt, cited
by its section names) and the house rules K1-K27 (shared/c23-house-rules.md).
Plain data in, plain data out: the state is a JSON-able dict, the
randomness is the state's own seeded generator (game/c23/shared.py).

``apply_action`` never changes the state it is given (it works on a copy);
``apply_action_in_place`` changes the caller's state, after every check has
passed (a refused action changes nothing).
"""

import itertools

from . import cards as pool
from .outcome import note_concession
from .shared import (
    EngineFault,
    RulesError,
    action_type,
    copy_sharing_log,
    is_seat,
    randbelow,
    require_plain_json,
    seed_state,
    shuffle,
)

GAME = "c23"
HAND_SIZE = 7  # "Starting the Game" 1
MULLIGAN_CAP = 5  # K6: at most 5 redraws, then keep
BONUS_CARDS = 7  # "Multiplayer Rules", K24
LOG_KEEP = 400
MAX_ACTION_BYTES = 4096

# Every ★ house rule is a table option (its default first): K2, K4, K5, K11, K24.
OPTIONS = {
    "summoning_sickness": (False, True),  # K2: False = a character may attack the turn it is played
    "deck_out": ("empty", "draw"),  # K4: lose at 0 cards, or only when a draw finds the deck empty
    "simultaneous_loss": ("draw", "active_loses"),  # K5: both decks at 0 in one event
    "combat_cards_each": (1, 2),  # K11: combat cards per side in step C
    "elimination_bonus": (True, False),  # K24: the bonus for the player whose left neighbour goes
}


# ---------------------------------------------------------------- state helpers


def copy_state(state: dict) -> dict:
    """A deep copy of ``state`` (plain data), in the same key order, sharing
    only the log's lines, which nothing changes once written
    (game.kernel.copying)."""
    return copy_sharing_log(state)


def card_seers(state: dict, iid: str):
    """Who may see card ``iid`` where it is now (K19): its player for a
    card in a hand (everyone once the hand is shown, K24), nobody for one
    in a deck or gone from the game (a set of seats); everyone (None) in a
    discard pile or in play."""
    for p in state["players"]:
        if iid in p["hand"]:
            return None if p["revealed"] else {p["seat"]}
        if iid in p["deck"] or iid in p["gone"]:
            return set()
    return None


def log(state: dict, text: str, cards=()) -> None:
    """Append a numbered log line; keeps the last LOG_KEEP lines. Who reads
    it follows from the cards it names, never from the caller (issue 27):
    ``cards`` are the ids of the cards ``text`` names, and a line naming
    a card some cannot see (:func:`card_seers`) is only for the seats that
    see them all (``"to"``). The same event's public line, without the
    names, is logged beside it ("North draws 2 cards.")."""
    readers = None
    for iid in cards:
        seers = card_seers(state, iid)
        if seers is not None:
            readers = seers if readers is None else readers & seers
    if readers is not None and not readers:
        return  # nobody may read it
    state["log_seq"] += 1
    entry = {"n": state["log_seq"], "text": text}
    if readers is not None:
        entry["to"] = sorted(readers)
    state["log"].append(entry)
    if len(state["log"]) > LOG_KEEP:
        del state["log"][: len(state["log"]) - LOG_KEEP]


def cdef(state: dict, iid: str) -> dict:
    """The pool card of instance ``iid``."""
    return pool.card(state["cards"][iid]["card"])


def cname(state: dict, iid: str) -> str:
    """The name of instance ``iid``'s card."""
    return state["cards"][iid]["card"]


def name_list(names) -> str:
    """The card names ``names`` as one list a player reads without doubt:
    separated by commas, or by semicolons when a name holds a comma itself
    ("Maris, Tide Seer; Ashen Scout": never three cards). The board's
    nameList (static/js/c23board.js) follows the same rule
    (docs/RULINGS.md "C-23: lists of card names")."""
    names = list(names)
    return ("; " if any("," in n for n in names) else ", ").join(names)


def pname(state: dict, seat: int) -> str:
    """The display name of ``seat``."""
    return state["players"][seat]["name"]


def cards_word(n: int, kind: str = "") -> str:
    """Takes a count ``n`` and optionally a word ``kind`` for the cards;
    returns the count with the noun in the right number: "1 card", "7
    cards", "1 random card"."""
    return f"{n} {kind + ' ' if kind else ''}card{'' if n == 1 else 's'}"


def out_text(state: dict, seat: int, survivors: list) -> str:
    """The end of the line that puts ``seat`` out: "is out" when one or no
    player is left (finish() then says who won or that it is a draw), else
    "is out of the game" and who plays on ("; Ana and Cy play on"), never a
    winner. Takes the state, the seat and the seats still in the game."""
    if len(survivors) < 2:
        return "is out"
    names = [pname(state, s) for s in survivors]
    return f"is out of the game; {', '.join(names[:-1])} and {names[-1]} play on"


def new_id(state: dict) -> str:
    """A fresh card id drawn from the secret generator, so that an id says
    nothing about where the card was before (K19: hidden zones stay hidden;
    a card gets a new id whenever it enters a deck or a hand)."""
    while True:
        iid = "k%010x" % randbelow(state, 1 << 40)
        if iid not in state["cards"]:
            return iid


def rename(state: dict, iid: str) -> str:
    """Give the card ``iid`` a new id (it is entering a hidden zone) and return it."""
    fresh = new_id(state)
    state["cards"][fresh] = state["cards"].pop(iid)
    return fresh


def alive(state: dict) -> list:
    """The seats still in the game, in seat order."""
    return [p["seat"] for p in state["players"] if not p["out"]]


def left_of(state: dict, seat: int) -> int:
    """The next surviving player to ``seat``'s left (the next seat number;
    "Multiplayer Rules": you attack the player to your left; K24: after
    that player is out, the next surviving one)."""
    n = len(state["players"])
    for step in range(1, n):
        other = (seat + step) % n
        if not state["players"][other]["out"]:
            return other
    return seat


def right_of(state: dict, seat: int) -> int:
    """The nearest surviving player to ``seat``'s right (seat ``seat`` may be out)."""
    n = len(state["players"])
    for step in range(1, n):
        other = (seat - step) % n
        if not state["players"][other]["out"]:
            return other
    return seat


def power(state: dict, iid: str) -> int:
    """A character's power now: printed power plus this combat's changes
    (K12), never below 0 (RULINGS.md, C-23: negative power counts as 0)."""
    base = cdef(state, iid)["power"]
    combat = state["combat"]
    if combat is not None:
        base += combat["mods"].get(iid, 0)
    return max(0, base)


def unique_in_play(state: dict, name: str) -> bool:
    """True when any player has a character called ``name`` in play (K20: global)."""
    return any(cname(state, i) == name for p in state["players"] for i in p["characters"])


# ---------------------------------------------------------------- setup


def _bad(message: str):
    raise RulesError("bad_config", message)


def _options(config: dict) -> dict:
    given = config.get("options") or {}
    if not isinstance(given, dict):
        _bad("options must be an object.")
    out = {}
    for key, values in OPTIONS.items():
        value = given.get(key, values[0])
        if type(value) is not type(values[0]) or value not in values:
            _bad(f"Option {key} takes one of {list(values)}.")
        out[key] = value
    unknown = sorted(set(given) - set(OPTIONS))
    if unknown:
        _bad(f"Unknown option {unknown[0][:40]!r}.")
    return out


def _deck_names(seat_cfg: dict) -> list:
    deck = seat_cfg.get("deck", "red")
    if isinstance(deck, str):
        if deck not in pool.starter_names():
            _bad(f"There is no starter deck called {deck[:40]!r}.")
        return pool.starter(deck)
    problems = pool.validate_deck(deck)
    if problems:
        _bad(problems[0]["message"])
    return list(deck)


def new_game(config: dict) -> dict:
    """Build the starting state of a C-23 game from ``config``.

    ``config``: ``{"game": "c23", "seed": int, "seats": [{"name", "deck"}],
    "options"?: {...}, "first"?: seat, "scenario"?: {...}}``; ``deck`` is a
    starter's colour or a list of card names (checked by K1). Two or three
    seats (K24; K25: no 4+ player or team games). Each deck is shuffled,
    each player draws 7 and redraws while the hand holds fewer than two
    resources, up to 5 times (K6; "Starting the Game"). ``first`` is the
    loser of the previous game; without it the first player is drawn at
    random (K23). The first player's turn begins: untap, draw (K3).
    ``scenario`` (docs/C23.md) lays out the zones instead of the shuffle.

    Raises RulesError ``bad_config`` for anything malformed.
    """
    if not isinstance(config, dict):
        _bad("The config is an object.")
    if config.get("game", GAME) != GAME:
        _bad("This is not a C-23 config.")
    if "teams" in config:
        _bad("C-23 has no team games.")
    seats = config.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 3:
        _bad("C-23 is played by 2 or 3 players.")
    if not all(isinstance(s, dict) for s in seats):
        _bad("Each seat is an object.")
    seed = config.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        _bad("The seed is an integer.")
    options = _options(config)
    state = {
        "game": GAME,
        "version": 1,
        "options": options,
        "rng": seed_state(seed),
        "status": "playing",
        "winner": None,
        "result": None,
        "result_reason": None,
        "turn": 0,
        "active": 0,
        "step": "untap",
        "first": 0,
        "combat": None,
        "prompt": None,
        "players": [],
        "cards": {},
        "log": [],
        "log_seq": 0,
    }
    for seat, s in enumerate(seats):
        name = s.get("name", f"Player {seat + 1}")
        if not isinstance(name, str) or not name:
            _bad("A seat's name is a non-empty string.")
        state["players"].append(
            {
                "seat": seat,
                "name": name[:40],
                "deck": [],
                "hand": [],
                "discard": [],
                "resources": [],
                "characters": [],
                "gone": [],
                "out": False,
                "resource_played": False,
                "revealed": False,
                "mulligans": 0,
                "cards_owned": 0,
            }
        )
    scenario = config.get("scenario")
    if scenario is not None:
        from .scenario import lay_out

        lay_out(state, seats, scenario)
        return state
    for seat, s in enumerate(seats):
        p = state["players"][seat]
        for name in _deck_names(s):
            iid = new_id(state)
            state["cards"][iid] = {"card": name, "owner": seat, "tapped": False, "entered": 0}
            p["deck"].append(iid)
        p["cards_owned"] = len(p["deck"])
        shuffle(state, p["deck"])
        log(state, f"{p['name']} shuffles a deck of {cards_word(len(p['deck']))}.")
    for p in state["players"]:
        opening_hand(state, p)
    first = config.get("first")
    if first is None:
        first = randbelow(state, len(seats))
        log(state, f"{pname(state, first)} is drawn at random to go first.")
    elif not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < len(seats):
        _bad("first is a seat number.")
    else:
        log(state, f"{pname(state, first)} goes first, having lost the previous game.")
    state["first"] = first
    begin_turn(state, first)
    return state


def opening_hand(state: dict, p: dict) -> None:
    """Draw 7; while fewer than two are resources, shuffle them back and draw
    7 again, at most MULLIGAN_CAP times, then keep (K6, "Starting the Game" 2)."""
    seat = p["seat"]
    _draw_cards(state, p, HAND_SIZE, quiet=True)
    while sum(cdef(state, i)["type"] == "resource" for i in p["hand"]) < 2 and p["mulligans"] < MULLIGAN_CAP:
        p["mulligans"] += 1
        for iid in p["hand"]:
            p["deck"].append(rename(state, iid))
        p["hand"] = []
        shuffle(state, p["deck"])
        log(state, f"{p['name']} has fewer than two resources, shuffles the hand back and draws again.")
        _draw_cards(state, p, HAND_SIZE, quiet=True)
    log(state, f"{p['name']} keeps a hand of {cards_word(len(p['hand']))}.")
    log(state, f"Your hand: {name_list(cname(state, i) for i in p['hand'])}.", cards=p["hand"])


def _draw_cards(state: dict, p: dict, n: int, quiet: bool = False) -> int:
    """Move up to ``n`` cards from the deck's top to the hand (each with a
    new id, K19); return how many were drawn."""
    drawn = []
    for _ in range(n):
        if not p["deck"]:
            break
        iid = rename(state, p["deck"].pop(0))
        p["hand"].append(iid)
        drawn.append(iid)
    if drawn:
        p["revealed"] = False
    if not quiet and drawn:
        log(state, f"{p['name']} draws {len(drawn)} card{'s' if len(drawn) > 1 else ''}.")
        log(state, f"You draw {name_list(cname(state, i) for i in drawn)}.", cards=drawn)
    return len(drawn)


def draw(state: dict, seat: int, n: int) -> None:
    """``seat`` draws ``n`` cards. Drawing from an empty deck loses (K26;
    "Object of the Game"); reaching 0 loses under the default K4."""
    p = state["players"][seat]
    got = _draw_cards(state, p, n)
    if got < n:
        p["short_draw"] = True
    check_losses(state)


# ---------------------------------------------------------------- turns


def begin_turn(state: dict, seat: int) -> None:
    """Start ``seat``'s turn: step 1 untap, step 2 draw (the first player
    draws on turn 1 too, K3), then step 3 waits for the resource (K8);
    with no resource in hand step 3 passes by itself ("If you can't do
    anything during a step... go on to the next one")."""
    while state["status"] == "playing":
        state["turn"] += 1
        state["active"] = seat
        p = state["players"][seat]
        p["resource_played"] = False
        log(state, f"Turn {state['turn']}: {p['name']}.")
        state["step"] = "untap"
        for iid in p["resources"] + p["characters"]:
            state["cards"][iid]["tapped"] = False
        state["step"] = "draw"
        draw(state, seat, 1)
        if state["status"] != "playing":
            return
        if p["out"]:  # eliminated by the draw (3-player game): the next survivor's turn
            seat = left_of(state, seat)
            continue
        state["step"] = "resource"
        if not any(cdef(state, i)["type"] == "resource" for i in p["hand"]):
            state["step"] = "main"
        return


def end_turn(state: dict) -> None:
    """Step 6: the turn is over; the next surviving player to the left begins (K13)."""
    if state["status"] != "playing":
        return
    state["step"] = "end"
    state["combat"] = None
    state["prompt"] = None
    begin_turn(state, left_of(state, state["active"]))


# ---------------------------------------------------------------- losing and winning


def check_losses(state: dict) -> None:
    """Put out every surviving player whose deck is at 0 (K4 default
    "empty") or who had to draw from an empty deck (K26, and K4 "draw").
    Players who go in the same event go together (K5): with nobody left the
    game is a draw (option ``simultaneous_loss`` "active_loses": the active
    player alone loses). With one player left, that player wins.
    In a 3-player game an eliminated player's cards leave the game and the
    player to their right gets the elimination bonus (K24)."""
    if state["status"] != "playing":
        return
    rule = state["options"]["deck_out"]
    losers = []
    for p in state["players"]:
        if p["out"]:
            continue
        if p.pop("short_draw", False) or (rule == "empty" and not p["deck"]):
            losers.append(p["seat"])
    if not losers:
        return
    survivors = [s for s in alive(state) if s not in losers]
    if not survivors:
        active = state["active"]
        if state["options"]["simultaneous_loss"] == "active_loses" and active in losers:
            rest = [s for s in losers if s != active]
            eliminate(state, active, "The active player loses when every deck empties at once.")
            if len(rest) == 1:
                finish(state, rest[0], "deck_out")
            else:
                finish(state, None, "draw")
            return
        for s in losers:
            log(state, f"{pname(state, s)} has no cards left in the deck.")
        finish(state, None, "draw")
        return
    # Out together (K5): each is marked out before any cards move, so that
    # cards leave the game only while two players play on (K24), not those
    # of the first of two who go out in the event that ends the game.
    for s in losers:
        state["players"][s]["out"] = True
    for s in losers:
        eliminate(state, s, f"{pname(state, s)} has no cards left in the deck and {out_text(state, s, survivors)}.")
    if len(survivors) == 1:
        finish(state, survivors[0], "deck_out")
        return
    if state["options"]["elimination_bonus"]:
        for s in losers:
            elimination_bonus(state, right_of(state, s))
    if state["players"][state["active"]]["out"] and state["step"] != "draw":
        # The active player went out in their own turn (K24): the next survivor's turn.
        state["combat"] = None
        state["prompt"] = None
        begin_turn(state, left_of(state, state["active"]))


def eliminate(state: dict, seat: int, text: str) -> None:
    """Put ``seat`` out of the game: its cards leave the game (K24)."""
    p = state["players"][seat]
    p["out"] = True
    log(state, text)
    if len(state["players"]) == 3 and len(alive(state)) >= 2:
        for zone in ("deck", "hand", "discard", "resources", "characters"):
            for iid in p[zone]:
                state["cards"][iid]["tapped"] = False
            p["gone"].extend(p[zone])
            p[zone] = []
        combat = state["combat"]
        if combat is not None and seat in (combat["attacker"], combat["defender"]):
            state["combat"] = None
            state["prompt"] = None


def elimination_bonus(state: dict, seat: int) -> None:
    """The player whose left neighbour was eliminated takes min(7, discard
    pile) random cards of the discard pile and puts them on the deck's
    bottom in random order ("Multiplayer Rules", K24). With an empty pile
    the bonus moves nothing and the log says so, not "puts 0 cards"
    ("up to seven cards"; docs/RULINGS.md "C-23: the words of a concession
    and of the elimination bonus"). The random draws are as before."""
    p = state["players"][seat]
    picked = []
    for _ in range(min(BONUS_CARDS, len(p["discard"]))):
        picked.append(p["discard"].pop(randbelow(state, len(p["discard"]))))
    shuffle(state, picked)
    p["deck"].extend(rename(state, i) for i in picked)
    if not picked:
        log(
            state,
            f"{p['name']}'s discard pile is empty, so the elimination bonus puts no card on the bottom of their deck.",
        )
        return
    log(
        state,
        f"{p['name']} puts {cards_word(len(picked), 'random')} from their discard pile on the bottom "
        "of their deck (the elimination bonus).",
    )


def finish(state: dict, winner, reason: str) -> None:
    """End the game: ``winner`` a seat, or None for a draw (K5)."""
    state["status"] = "finished"
    state["winner"] = winner
    state["result"] = "draw" if winner is None else "win"
    state["result_reason"] = reason
    state["prompt"] = None
    state["combat"] = None
    log(state, "The game is a draw." if winner is None else f"{pname(state, winner)} wins.")


# ---------------------------------------------------------------- paying


def _resources_for(state: dict, seat: int, colour: str, cost: int):
    """A payment the engine picks: one untapped resource of ``colour``
    first, then any others, the other colours first (K9). None when there
    is no legal payment."""
    untapped = [i for i in state["players"][seat]["resources"] if not state["cards"][i]["tapped"]]
    if cost == 0:
        return []
    match = [i for i in untapped if cdef(state, i)["colour"] == colour]
    if not match or len(untapped) < cost:
        return None
    rest = [i for i in untapped if i != match[0]]
    rest.sort(key=lambda i: cdef(state, i)["colour"] == colour)
    return [match[0]] + rest[: cost - 1]


def check_payment(state: dict, seat: int, iid: str, pay) -> list:
    """The resources that pay for card ``iid``: ``pay`` (a list of the
    seat's untapped resources) or, when None, the engine's choice. K9:
    exactly the card's cost, at least one of its colour; cost 0 needs none.
    Raises RulesError ``bad_payment`` or ``cannot_pay``."""
    card = cdef(state, iid)
    cost = card["cost"]
    if pay is None:
        chosen = _resources_for(state, seat, card["colour"], cost)
        if chosen is None:
            raise RulesError("cannot_pay", f"You can't pay {cost} with at least one {card['colour']} resource.")
        return chosen
    p = state["players"][seat]
    if (
        not isinstance(pay, list)
        or len(set(map(str, pay))) != len(pay)
        or any(not isinstance(r, str) or r not in p["resources"] or state["cards"][r]["tapped"] for r in pay)
    ):
        raise RulesError("bad_payment", "Pay with your own untapped resources, each once.")
    if len(pay) != cost:
        raise RulesError("bad_payment", f"That card costs {cost}.")
    if cost and not any(cdef(state, r)["colour"] == card["colour"] for r in pay):
        raise RulesError("bad_payment", f"At least one of the resources must be {card['colour']}.")
    return list(pay)


def tap_all(state: dict, iids: list) -> None:
    """Tap the cards ``iids`` ("Tapping Your Resources and Characters")."""
    for i in iids:
        state["cards"][i]["tapped"] = True


# ---------------------------------------------------------------- effects


def _opponents(state: dict, seat: int) -> list:
    return [s for s in alive(state) if s != seat]


def check_effect_choices(state: dict, seat: int, iid: str, action: dict) -> dict:
    """Check the target and opponent of card ``iid``'s effect (K27: each
    card says whose cards it may touch; K24: "your opponent" is either other
    player, chosen when the card is played). Returns ``{"target",
    "opponent"}``. Raises RulesError ``bad_target`` or ``bad_opponent``."""
    plan = {"target": None, "opponent": None}
    for eff in cdef(state, iid)["effects"]:
        op = eff["op"]
        if eff.get("when") == "enters" and op != "mill":
            continue
        if op == "mill" and eff["who"] == "opponent":
            choices = _opponents(state, seat)
            chosen = action.get("opponent")
            if chosen is None and len(choices) == 1:
                chosen = choices[0]
            if chosen not in choices or isinstance(chosen, bool):
                raise RulesError("bad_opponent", "Name which other player is your opponent for this card.")
            plan["opponent"] = chosen
        elif op in ("discard_character", "tap", "untap", "power", "return_to_hand", "return_to_play"):
            target = action.get("target")
            if target not in target_choices(state, seat, eff):
                raise RulesError("bad_target", "That is not a card this effect can choose.")
            plan["target"] = target
    return plan


def target_choices(state: dict, seat: int, eff: dict) -> list:
    """The cards effect ``eff`` of a card played by ``seat`` may choose
    (K27, per card; the pool's effect list in cards.json)."""
    op = eff["op"]
    everyone = [i for s in alive(state) for i in state["players"][s]["characters"]]
    me = state["players"][seat]
    if op == "discard_character":
        return [i for i in everyone if power(state, i) <= eff["max_power"]]
    if op == "tap":
        return [i for i in everyone if not state["cards"][i]["tapped"]]
    if op == "untap":
        return [i for i in me["characters"] if state["cards"][i]["tapped"]]
    if op == "power":
        combat = state["combat"]
        if combat is None:
            return []
        blockers = [b for b in state["players"][combat["defender"]]["characters"] if b in combat["blocks"]]
        return list(combat["attackers"]) + blockers
    if op in ("return_to_hand", "return_to_play"):
        return [i for i in me["discard"] if cdef(state, i)["type"] == "character"]
    return []


def resolve_effects(state: dict, seat: int, iid: str, plan: dict, when=None) -> None:
    """Carry out card ``iid``'s effects (those with ``when`` equal to
    ``when``: None for actions and combat cards, "enters" for a
    character's entering effects), then check for losses (K4)."""
    me = state["players"][seat]
    for eff in cdef(state, iid)["effects"]:
        if eff.get("when") != when:
            continue
        op = eff["op"]
        if op == "mill":
            if eff["who"] == "each":  # active player first, then clockwise (K21, K24)
                order = [seat] + [s for s in _clockwise_from(state, seat) if s != seat]
            else:
                order = [plan["opponent"]]
            for s in order:
                mill(state, s, eff["n"])
        elif op == "draw":
            draw(state, seat, eff["n"])
        elif op == "discard_character":
            t = plan["target"]
            discard_from_play(state, t)
            log(state, f"{cname(state, t)} is discarded.", cards=[t])
        elif op == "tap":
            state["cards"][plan["target"]]["tapped"] = True
            log(state, f"{cname(state, plan['target'])} is tapped.", cards=[plan["target"]])
        elif op == "untap":
            state["cards"][plan["target"]]["tapped"] = False
            log(state, f"{cname(state, plan['target'])} is untapped.", cards=[plan["target"]])
        elif op == "power":
            mods = state["combat"]["mods"]
            mods[plan["target"]] = mods.get(plan["target"], 0) + eff["n"]
            owner = pname(state, state["cards"][plan["target"]]["owner"])
            log(
                state,
                f"{owner}'s {cname(state, plan['target'])} gets {eff['n']:+d} power this combat.",
                cards=[plan["target"]],
            )
        elif op == "return_to_hand":
            t = plan["target"]
            # Told while the card is still face up in the discard pile (K19).
            log(state, f"{me['name']} takes {cname(state, t)} from the discard pile into their hand.", cards=[t])
            me["discard"].remove(t)
            me["hand"].append(rename(state, t))
            me["revealed"] = False
        elif op == "return_to_play":
            t = plan["target"]
            name = cname(state, t)
            if cdef(state, t)["unique"] and unique_in_play(state, name):
                log(state, f"{name} is unique and a copy is in play: it stays in the discard pile.", cards=[t])
                continue
            me["discard"].remove(t)
            me["characters"].append(t)
            state["cards"][t].update(tapped=False, entered=state["turn"])
            log(state, f"{me['name']} puts {name} from the discard pile in play.", cards=[t])
    check_losses(state)


def _clockwise_from(state: dict, seat: int) -> list:
    n = len(state["players"])
    return [(seat + k) % n for k in range(1, n) if not state["players"][(seat + k) % n]["out"]]


def mill(state: dict, seat: int, n: int) -> int:
    """``seat`` discards the top ``n`` cards of their deck to the discard
    pile (K19: discarded deck cards go face up to the discard pile); returns
    how many. The deck reaching 0 is checked by the caller (K4, K17)."""
    p = state["players"][seat]
    moved = p["deck"][:n]
    del p["deck"][:n]
    p["discard"].extend(moved)
    if moved:
        log(
            state,
            f"{p['name']} discards {len(moved)} from the deck: {name_list(cname(state, i) for i in moved)}.",
            cards=moved,
        )
    return len(moved)


def discard_from_play(state: dict, iid: str) -> None:
    """Move character ``iid`` from play to its owner's discard pile."""
    p = state["players"][state["cards"][iid]["owner"]]
    p["characters"].remove(iid)
    state["cards"][iid]["tapped"] = False
    p["discard"].append(iid)


# ---------------------------------------------------------------- actions: checks and moves


def _own_turn(state: dict, seat: int, step: str) -> None:
    if state["prompt"] is not None:
        raise RulesError("prompt_pending", "Answer the open question first.")
    if seat != state["active"]:
        raise RulesError("not_your_turn", "It is not your turn.")
    if state["step"] != step:
        raise RulesError("wrong_step", f"That belongs to another step of the turn (now: {state['step']}).")


def _in_hand(state: dict, seat: int, action: dict) -> str:
    iid = action.get("card")
    if not isinstance(iid, str) or iid not in state["players"][seat]["hand"]:
        raise RulesError("not_in_hand", "That card is not in your hand.")
    return iid


def check_play_resource(state, seat, action):
    """Step 3: put one resource from hand in play, free (K8)."""
    if state["step"] == "main" and seat == state["active"] and state["prompt"] is None:
        raise RulesError("resource_step_over", "Resources go in play only at step 3, before actions.")
    _own_turn(state, seat, "resource")
    iid = _in_hand(state, seat, action)
    if cdef(state, iid)["type"] != "resource":
        raise RulesError("not_a_resource", "That card is not a resource.")
    return {"card": iid}


def do_play_resource(state, seat, plan):
    p = state["players"][seat]
    p["hand"].remove(plan["card"])
    p["revealed"] = False
    p["resources"].append(plan["card"])
    state["cards"][plan["card"]].update(tapped=False, entered=state["turn"])
    p["resource_played"] = True
    log(state, f"{p['name']} puts {cname(state, plan['card'])} in play.", cards=[plan["card"]])
    state["step"] = "main"


def check_pass(state, seat, action):
    """Pass: skip step 3 (no resource this turn), or decline a combat card
    in step C (K11)."""
    prompt = state["prompt"]
    if prompt is not None:
        if prompt["seat"] != seat:
            raise RulesError("not_your_prompt", "The open question is for another player.")
        if prompt["kind"] != "combat_card":
            raise RulesError("cannot_pass", "Answer this question; it has no pass.")
        return {"prompt": "combat_card"}
    _own_turn(state, seat, "resource")
    return {"prompt": None}


def do_pass(state, seat, plan):
    if plan["prompt"] is None:
        log(state, f"{pname(state, seat)} puts no resource in play.")
        state["step"] = "main"
        return
    log(state, f"{pname(state, seat)} plays no combat card.")
    _next_combat_window(state, passed=True)


def check_play(state, seat, action):
    """Step 4: play an action or put a character in play, any number, in
    any order, only on your own turn (K10; "Your Turn" 4). Paid by K9;
    a unique character can't come in while any copy is in play (K20)."""
    _own_turn(state, seat, "main")
    iid = _in_hand(state, seat, action)
    card = cdef(state, iid)
    if card["type"] == "resource":
        raise RulesError("resource_step_over", "Resources go in play only at step 3.")
    if card["type"] == "combat":
        raise RulesError("combat_only", "Combat cards are played only in step C of an attack.")
    if card["type"] == "character" and card["unique"] and unique_in_play(state, card["name"]):
        raise RulesError("unique_in_play", f"{card['name']} is unique and a copy is already in play.")
    choices = check_effect_choices(state, seat, iid, action)
    pay = check_payment(state, seat, iid, action.get("pay"))
    return {"card": iid, "pay": pay, **choices}


def do_play(state, seat, plan):
    p = state["players"][seat]
    iid = plan["card"]
    card = cdef(state, iid)
    tap_all(state, plan["pay"])
    p["hand"].remove(iid)
    p["revealed"] = False
    if card["type"] == "character":
        p["characters"].append(iid)
        state["cards"][iid].update(tapped=False, entered=state["turn"])
        log(state, f"{p['name']} puts {card['name']} (power {card['power']}) in play.", cards=[iid])
        resolve_effects(state, seat, iid, plan, when="enters")
    else:
        p["discard"].append(iid)
        log(state, f"{p['name']} plays {card['name']}.", cards=[iid])
        resolve_effects(state, seat, iid, plan)


def can_attack(state: dict, iid: str) -> bool:
    """Untapped, and (option K2 ``summoning_sickness``) not put in play this turn."""
    c = state["cards"][iid]
    if c["tapped"]:
        return False
    return not (state["options"]["summoning_sickness"] and c["entered"] == state["turn"])


def check_attack(state, seat, action):
    """Step 5 A: declare every attacker at once, untapped characters only
    (K13, K18; "A. Attack"); the attack goes to the player on the left (K24)."""
    _own_turn(state, seat, "main")
    attackers = action.get("attackers")
    mine = state["players"][seat]["characters"]
    if (
        not isinstance(attackers, list)
        or not attackers
        or len(set(map(str, attackers))) != len(attackers)
        or any(not isinstance(a, str) or a not in mine for a in attackers)
    ):
        raise RulesError("bad_attackers", "Name one or more of your characters in play, each once.")
    for a in attackers:
        if not can_attack(state, a):
            why = "is tapped" if state["cards"][a]["tapped"] else "came into play this turn (this table's option)"
            raise RulesError("cannot_attack", f"{cname(state, a)} {why}.")
    return {"attackers": [a for a in mine if a in attackers]}


def do_attack(state, seat, plan):
    defender = left_of(state, seat)
    tap_all(state, plan["attackers"])
    state["step"] = "attack"
    state["combat"] = {
        "attacker": seat,
        "defender": defender,
        "attackers": plan["attackers"],
        "blocks": {},
        "stage": "block",
        "played": {"defender": 0, "attacker": 0},
        "mods": {},
        "pending": [],
        "chosen": {},
    }
    log(
        state,
        f"{pname(state, seat)} attacks {pname(state, defender)} with "
        f"{name_list(cname(state, a) for a in plan['attackers'])}.",
        cards=plan["attackers"],
    )
    blockers = [b for b in state["players"][defender]["characters"] if not state["cards"][b]["tapped"]]
    if blockers:
        state["prompt"] = {
            "seat": defender,
            "kind": "block",
            "text": "Choose your blockers (each blocks one attacker), or none.",
        }
    else:
        # Said in so many words: only untapped characters block (K14, K18), so
        # the defender is not asked; a newcomer waited for a question.
        log(
            state,
            f"{pname(state, defender)} has no untapped character, so is not asked to block "
            "(only untapped characters block).",
        )
        _open_combat_window(state, "defender")


def check_end_turn(state, seat, action):
    """End the turn at step 4 without attacking (step 5 is optional:
    "If you don't have a character in play, go on to the next step")."""
    if state["step"] == "resource":
        _own_turn(state, seat, "resource")
    else:
        _own_turn(state, seat, "main")
    return {}


def do_end_turn(state, seat, plan):
    log(state, f"{pname(state, seat)} ends the turn.")
    end_turn(state)


def _prompt_for(state, seat, kind):
    prompt = state["prompt"]
    if prompt is None or prompt["kind"] != kind:
        raise RulesError("no_such_prompt", "Nothing asks for that now.")
    if prompt["seat"] != seat:
        raise RulesError("not_your_prompt", "The open question is for another player.")


def check_block(state, seat, action):
    """Step 5 B: ``blocks`` maps each blocker (an untapped character of the
    defender) to the attacker it blocks; several may block one attacker;
    none is allowed (K14; "B. Block")."""
    _prompt_for(state, seat, "block")
    combat = state["combat"]
    blocks = action.get("blocks", {})
    if not isinstance(blocks, dict):
        raise RulesError("bad_blocks", "blocks maps a blocker to the attacker it blocks.")
    mine = state["players"][seat]["characters"]
    for b, a in blocks.items():
        if b not in mine:
            raise RulesError("bad_blocks", "Only your own characters block.")
        if state["cards"][b]["tapped"]:
            raise RulesError("tapped_blocker", f"{cname(state, b)} is tapped and can't block.")
        if a not in combat["attackers"]:
            raise RulesError("bad_blocks", "A blocker blocks one of the attacking characters.")
    return {"blocks": {b: blocks[b] for b in mine if b in blocks}}


def do_block(state, seat, plan):
    combat = state["combat"]
    combat["blocks"] = plan["blocks"]
    tap_all(state, list(plan["blocks"]))
    state["prompt"] = None
    if plan["blocks"]:
        for b, a in plan["blocks"].items():
            log(state, f"{cname(state, b)} blocks {cname(state, a)}.", cards=[b, a])
    else:
        log(state, f"{pname(state, seat)} does not block.")
    _open_combat_window(state, "defender")


def _combat_cards_in_hand(state, seat):
    return [i for i in state["players"][seat]["hand"] if cdef(state, i)["type"] == "combat"]


def _open_combat_window(state, side):
    """Step 5 C: ask ``side`` ("defender", then "attacker") whether to play a
    combat card (K11). Everyone with a card in hand is asked, whatever it
    holds: skipping only the players without a combat card would tell the
    table what their hidden hand lacks (K19). An empty hand (public, its
    count shows) is not asked."""
    combat = state["combat"]
    combat["stage"] = side
    seat = combat[side]
    limit = state["options"]["combat_cards_each"]
    if combat["played"][side] < limit and state["players"][seat]["hand"]:
        state["prompt"] = {"seat": seat, "kind": "combat_card", "text": "Play a combat card, or pass."}
        return
    log(state, f"{pname(state, seat)} plays no combat card.")
    _next_combat_window(state, passed=True)


def _next_combat_window(state, passed):
    combat = state["combat"]
    state["prompt"] = None
    side = combat["stage"]
    if not passed and combat["played"][side] < state["options"]["combat_cards_each"]:
        _open_combat_window(state, side)
        return
    if side == "defender":
        _open_combat_window(state, "attacker")
    else:
        _start_discard_step(state)


def check_combat_card(state, seat, action):
    """Step 5 C: play a combat card from hand, paid like an action (K9,
    "C. Combat"), targeting a character in this combat (K11, K12)."""
    _prompt_for(state, seat, "combat_card")
    iid = _in_hand(state, seat, action)
    if cdef(state, iid)["type"] != "combat":
        raise RulesError("not_combat_card", "Only combat cards are played in step C.")
    choices = check_effect_choices(state, seat, iid, action)
    pay = check_payment(state, seat, iid, action.get("pay"))
    return {"card": iid, "pay": pay, **choices}


def do_combat_card(state, seat, plan):
    combat = state["combat"]
    p = state["players"][seat]
    tap_all(state, plan["pay"])
    p["hand"].remove(plan["card"])
    p["revealed"] = False
    p["discard"].append(plan["card"])
    combat["played"][combat["stage"]] += 1
    log(state, f"{p['name']} plays {cname(state, plan['card'])}.", cards=[plan["card"]])
    resolve_effects(state, seat, plan["card"], plan)
    if state["combat"] is not None:
        _next_combat_window(state, passed=False)


def blockers_of(state, attacker):
    """The blockers of ``attacker`` in the defender's board order."""
    combat = state["combat"]
    return [b for b in state["players"][combat["defender"]]["characters"] if combat["blocks"].get(b) == attacker]


def discard_sets(state, attacker) -> list:
    """The sets of blockers the attacking player may discard when several
    block ``attacker``: every set whose combined power is at most the
    attacker's (K16, "Blocking with More Than One Character"), the empty
    set included, smallest first."""
    blockers = blockers_of(state, attacker)
    limit = power(state, attacker)
    out = []
    for k in range(len(blockers) + 1):
        for combo in itertools.combinations(blockers, k):
            if sum(power(state, b) for b in combo) <= limit:
                out.append(list(combo))
    return out


def _start_discard_step(state):
    """Step 5 D: the attacking player picks, for each attacker blocked by
    several characters, which blockers it discards (K16); then everything
    resolves at once (K17)."""
    combat = state["combat"]
    combat["stage"] = "discard"
    combat["pending"] = [
        a for a in combat["attackers"] if len(blockers_of(state, a)) > 1 and len(discard_sets(state, a)) > 1
    ]
    _ask_next_assignment(state)


def _ask_next_assignment(state):
    combat = state["combat"]
    if combat["pending"]:
        a = combat["pending"][0]
        state["prompt"] = {
            "seat": combat["attacker"],
            "kind": "assign",
            "attacker": a,
            "text": f"{cname(state, a)} is blocked by several characters: choose which of them it "
            "discards (their power together at most its own).",
        }
        return
    state["prompt"] = None
    resolve_combat(state)


def check_assign(state, seat, action):
    """Step 5 D: the attacking player's pick of blockers to discard (K16)."""
    _prompt_for(state, seat, "assign")
    chosen = action.get("discard")
    attacker = state["prompt"]["attacker"]
    if not isinstance(chosen, list):
        raise RulesError("bad_assign", "discard lists the blockers to discard.")
    options = discard_sets(state, attacker)
    wanted = sorted(map(str, chosen))
    match = next((o for o in options if sorted(o) == wanted), None)
    if match is None or len(set(wanted)) != len(wanted):
        raise RulesError("bad_assign", "Choose blockers of this attacker whose power together is at most its own.")
    return {"attacker": attacker, "discard": match}


def do_assign(state, seat, plan):
    combat = state["combat"]
    combat["chosen"][plan["attacker"]] = plan["discard"]
    combat["pending"].pop(0)
    _ask_next_assignment(state)


def resolve_combat(state):
    """Step 5 D then E: unblocked attackers discard their power from the
    defender's deck; a single block discards the lower power (both when
    equal, K15; a blocked attacker never hits the deck); several blockers
    discard the attacker when together at least its power, and the
    attacker the chosen ones (K16). All at once (K17); then the turn ends
    (K13, "E. End Combat")."""
    combat = state["combat"]
    defender = combat["defender"]
    gone, damage = [], 0
    for a in combat["attackers"]:
        blockers = blockers_of(state, a)
        pa = power(state, a)
        if not blockers:
            damage += pa
        elif len(blockers) == 1:
            pb = power(state, blockers[0])
            if pa >= pb:
                gone.append(blockers[0])
            if pb >= pa:
                gone.append(a)
        else:
            if sum(power(state, b) for b in blockers) >= pa:
                gone.append(a)
            sets = discard_sets(state, a)
            gone.extend(combat["chosen"].get(a, sets[0]))
    for iid in gone:
        log(state, f"{cname(state, iid)} is discarded.", cards=[iid])
        discard_from_play(state, iid)
    if damage:
        mill(state, defender, damage)
    check_losses(state)
    if state["status"] == "playing":
        end_turn(state)


def check_reveal(state, seat, action):
    """Show your hand to every player and spectator (3-player game only:
    "you can show cards in your hand to everybody, but... not secretly to
    just one other player", K19, K24); it stays shown until the hand changes."""
    if len(state["players"]) != 3:
        raise RulesError("no_reveal", "Hands are shown only in a 3-player game.")
    if state["players"][seat]["out"]:
        raise RulesError("out", "You are out of the game.")
    if state["players"][seat]["revealed"]:
        raise RulesError("already_revealed", "Your hand is already shown.")
    return {}


def do_reveal(state, seat, plan):
    p = state["players"][seat]
    p["revealed"] = True
    shown = name_list(cname(state, i) for i in p["hand"]) or "empty"
    log(state, f"{p['name']} shows their hand to everybody: {shown}.", cards=p["hand"])


def check_concede(state, seat, action):
    """Concede the game (K6 "concession" of the pool list: a player may
    always give up). In a 3-player game the player is eliminated (K24)."""
    if state["players"][seat]["out"]:
        raise RulesError("out", "You are out of the game.")
    return {}


def do_concede(state, seat, plan):
    note_concession(state, seat)
    survivors = [s for s in alive(state) if s != seat]
    combat = state["combat"]
    involved = combat is not None and seat in (combat["attacker"], combat["defender"])
    # Only the concession that leaves one player ends the game (finish()
    # then names the winner); one that leaves two says who plays on (K24).
    text = "concedes." if len(survivors) == 1 else f"concedes and {out_text(state, seat, survivors)}."
    eliminate(state, seat, f"{pname(state, seat)} {text}")
    if len(survivors) == 1:
        finish(state, survivors[0], "concede")
        return
    if state["options"]["elimination_bonus"]:
        elimination_bonus(state, right_of(state, seat))
    if state["prompt"] is not None and state["prompt"]["seat"] == seat:
        state["prompt"] = None
    if seat == state["active"] or involved:
        state["combat"] = None
        state["prompt"] = None
        begin_turn(state, left_of(state, state["active"]))


ACTIONS = {
    "play_resource": (check_play_resource, do_play_resource),
    "pass": (check_pass, do_pass),
    "play": (check_play, do_play),
    "attack": (check_attack, do_attack),
    "end_turn": (check_end_turn, do_end_turn),
    "block": (check_block, do_block),
    "combat_card": (check_combat_card, do_combat_card),
    "assign": (check_assign, do_assign),
    "reveal_hand": (check_reveal, do_reveal),
    "concede": (check_concede, do_concede),
}
ANYTIME = ("reveal_hand", "concede")
# The keys each action type's check reads, besides "type": the server keeps
# only these of an action it applies and stores (game.codex.action_keys;
# tests/c23/test_server_contract.py checks it against every listed action).
ACTION_KEYS = {
    "play_resource": ("card",),
    "pass": (),
    "play": ("card", "pay", "target", "opponent"),
    "attack": ("attackers",),
    "end_turn": (),
    "block": ("blocks",),
    "combat_card": ("card", "pay", "target", "opponent"),
    "assign": ("discard",),
    "reveal_hand": (),
    "concede": (),
}


def validate_envelope(state: dict, seat, action) -> str:
    """What every action needs: a JSON object with a known ``type``, a seat
    of this game, a game in progress (the shared envelope), the seat still
    in the game, plain JSON under MAX_ACTION_BYTES, and the prompt
    discipline (while a prompt is open only its seat answers; concede and
    reveal_hand are always open). Returns the type; raises RulesError
    ``bad_action``, ``unknown_action``, ``bad_seat``, ``game_over``,
    ``out``, ``not_your_prompt``."""
    kind = action_type(state, seat, action, ACTIONS)
    if state["players"][seat]["out"]:
        raise RulesError("out", "You are out of the game.")
    require_plain_json(action, MAX_ACTION_BYTES)
    prompt = state["prompt"]
    if prompt is not None and kind not in ANYTIME and prompt["seat"] != seat:
        raise RulesError("not_your_prompt", "The open question is for another player.")
    return kind


def _apply(state, seat, action, in_place):
    kind = validate_envelope(state, seat, action)
    check, perform = ACTIONS[kind]
    plan = check(state, seat, action)
    before = state["log_seq"]
    try:
        perform(state, seat, plan)
    except Exception as exc:
        if not in_place:
            raise
        raise EngineFault(f"The engine failed in the middle of {kind!r}; the state is half-changed.") from exc
    return [e for e in state["log"] if e["n"] > before]


def apply_action(state: dict, seat: int, action: dict) -> tuple:
    """Apply ``action`` for ``seat``; return ``(new_state, events)`` (events:
    the log lines added, ``{"n", "text", "to"?}``). ``state`` is unchanged.
    Raises RulesError (code, message; docs/C23.md lists the codes)."""
    validate_envelope(state, seat, action)
    new = copy_state(state)
    return new, _apply(new, seat, action, in_place=False)


def apply_action_in_place(state: dict, seat: int, action: dict) -> list:
    """As :func:`apply_action` on the caller's own ``state``; returns the
    events. RulesError comes from the checks, before any change; an
    exception after them is an EngineFault (drop the state)."""
    return _apply(state, seat, action, in_place=True)


def is_legal(state: dict, seat: int, action: dict) -> bool:
    """True when ``action`` for ``seat`` would pass its checks now."""
    try:
        kind = validate_envelope(state, seat, action)
        ACTIONS[kind][0](state, seat, action)
    except RulesError:
        return False
    return True


def _with_choices(state, seat, iid, base) -> list:
    """``base`` action for card ``iid`` with every target/opponent choice it needs."""
    targets, opponents = [None], [None]
    for eff in cdef(state, iid)["effects"]:
        if eff.get("when") == "enters":
            if eff["op"] == "mill" and eff["who"] == "opponent" and len(_opponents(state, seat)) > 1:
                opponents = _opponents(state, seat)
            continue
        if eff["op"] == "mill" and eff["who"] == "opponent" and len(_opponents(state, seat)) > 1:
            opponents = _opponents(state, seat)
        elif eff["op"] in ("discard_character", "tap", "untap", "power", "return_to_hand", "return_to_play"):
            targets = target_choices(state, seat, eff)
    out = []
    for t in targets:
        for o in opponents:
            a = dict(base)
            if t is not None:
                a["target"] = t
            if o is not None:
                a["opponent"] = o
            out.append(a)
    return out


MAX_BLOCK_COMBOS = 64


def legal_actions(state: dict, seat: int) -> list:
    """Every action ``seat`` may take now, as action dicts (payment left to
    the engine; attacks: each single attacker and all of them; blocks:
    every assignment when there are at most 64, else none, each single
    block and one blocker per attacker). Empty when ``seat`` has nothing to
    do. ``concede`` and ``reveal_hand`` are not listed (always open)."""
    if state["status"] != "playing" or not is_seat(state, seat) or state["players"][seat]["out"]:
        return []
    prompt = state["prompt"]
    out = []
    if prompt is not None:
        if prompt["seat"] != seat:
            return []
        if prompt["kind"] == "block":
            combat = state["combat"]
            blockers = [b for b in state["players"][seat]["characters"] if not state["cards"][b]["tapped"]]
            attackers = combat["attackers"]
            if (len(attackers) + 1) ** len(blockers) <= MAX_BLOCK_COMBOS:
                for combo in itertools.product([None] + attackers, repeat=len(blockers)):
                    out.append({"type": "block", "blocks": {b: a for b, a in zip(blockers, combo) if a}})
            else:
                out.append({"type": "block", "blocks": {}})
                out.extend({"type": "block", "blocks": {b: a}} for b in blockers for a in attackers)
                out.append({"type": "block", "blocks": dict(zip(blockers, attackers))})
        elif prompt["kind"] == "combat_card":
            out.append({"type": "pass"})
            for iid in _combat_cards_in_hand(state, seat):
                for a in _with_choices(state, seat, iid, {"type": "combat_card", "card": iid}):
                    if is_legal(state, seat, a):
                        out.append(a)
        elif prompt["kind"] == "assign":
            out.extend({"type": "assign", "discard": s} for s in discard_sets(state, prompt["attacker"]))
        return out
    if seat != state["active"]:
        return []
    p = state["players"][seat]
    if state["step"] == "resource":
        out.extend({"type": "play_resource", "card": i} for i in p["hand"] if cdef(state, i)["type"] == "resource")
        out.append({"type": "pass"})
        return out
    if state["step"] == "main":
        for iid in p["hand"]:
            if cdef(state, iid)["type"] in ("character", "action"):
                for a in _with_choices(state, seat, iid, {"type": "play", "card": iid}):
                    if is_legal(state, seat, a):
                        out.append(a)
        ready = [c for c in p["characters"] if can_attack(state, c)]
        out.extend({"type": "attack", "attackers": [c]} for c in ready)
        if len(ready) > 1:
            out.append({"type": "attack", "attackers": ready})
        out.append({"type": "end_turn"})
    return out


def waiting_on(state: dict) -> list:
    """The seats the game waits on now: each seat with an action listed by
    :func:`legal_actions` (the active player in its steps, or whoever the
    open question is for); empty once the game is over. ``concede`` and
    ``reveal_hand``, always open, do not count."""
    return [seat for seat in range(len(state["players"])) if legal_actions(state, seat)]
