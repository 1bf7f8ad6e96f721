"""Free-for-all (mode "ffa"): 3 to 5 players, each on their own, in a fixed
turn order by seat. The rules only this mode has, from the Deluxe rulebook's
"Free-for-all" as the house rules R23-R28 read it (docs/RULINGS.md,
"Free-for-all"):

- R23 Mercenaries: players 3, 4 and 5 (seats 2, 3, 4) get 1, 2 and 3
  Mercenary tokens in their first upkeep (:func:`give_mercenaries`). The
  token is the catalog's ``mercenary`` record: the neutral Mercenary token of
  the card reference (tech 0, 1/1, no abilities), which is what R23 names.
- R24 Repair: 3 gold removes 1 damage from your own base (:data:`REPAIR_COST`;
  the action is ``actions.check_repair``).
- R25 Free gold for opposing units that die on your turn by your hand
  (:func:`credit_kill`).
- R26 Lending ready units and heroes into other players' empty patrol slots
  after your main phase (:func:`lend_problem`, :func:`lend`,
  :func:`return_lent`).
- R27 Each attack picks one opponent (``targeting.defending_groups``); card
  effects that say "an opponent" ask the active player.
- R28 The end: the first base at 0 HP ends the game; the highest base wins;
  tied leaders take more turns (:func:`base_fallen`,
  :func:`final_round_seat`, :func:`settle`).
"""

from . import stats
from .cards import registry
from .effects import gain_gold
from .outcome import finish, finish_shared
from .play import make_token
from .state import (
    PATROL_SLOTS,
    change_control,
    holds_legendary,
    is_opponent,
    listed,
    log,
    name,
    player,
    seat_name,
    team_of,
)
from .targeting import patrol_refusal

MODE = "ffa"
MERCENARY = "mercenary"  # catalog id of the Mercenary token (house rule R23)
REPAIR_COST = 3  # gold one repair costs (house rule R24)
REPAIR_HP = 1  # the base damage one repair removes (house rule R24)
FREE_GOLD_PER_TURN = 3  # house rule R25
# House rule R28 gives no limit to the tie rounds; after this many the tied
# leaders share the win, so every game ends (docs/RULINGS.md).
MAX_FINAL_ROUNDS = 5


def is_ffa(state: dict) -> bool:
    """True in a free-for-all game."""
    return state["mode"] == MODE


# ---- R23: Mercenary tokens ---------------------------------------------------


def mercenaries_for(seat: int) -> int:
    """How many Mercenary tokens seat ``seat`` (0-based) gets in its first
    upkeep: players 3, 4 and 5 get 1, 2 and 3, the first two none (R23)."""
    return max(0, seat - 1)


def give_mercenaries(state: dict, seat: int) -> None:
    """Run at the start of every upkeep of ``seat``: in a free-for-all, in
    the player's first upkeep (no turn of theirs has ended yet) their
    Mercenary tokens arrive under their control (R23). Tokens arrive like
    any token: arrival fatigue, no haste."""
    if not is_ffa(state) or player(state, seat)["turns_ended"] > 0:
        return
    for _ in range(mercenaries_for(seat)):
        make_token(state, MERCENARY, seat)


# ---- R25: free gold ------------------------------------------------------------


def credit_kill(state: dict, iid: str) -> None:
    """Unit ``iid`` is dying (checks.die calls this before it leaves play):
    in a free-for-all the active player gains 1 gold if it is an opposing
    unit that dies during their turn by their hand, at most
    :data:`FREE_GOLD_PER_TURN` gold a turn, within the 20-gold cap (R25).

    "By their hand" (docs/RULINGS.md, "Free-for-all"): on your turn every
    action is yours (R17), so a death then is yours, except a unit whose
    killing damage came from another player's card (``killed_by``), a unit
    whose ephemeral ran out at the end of the turn (mark ``expired``), and a
    unit you lent (R26). Heroes are not units; tokens are. Only gold
    actually gained counts toward the 3.
    """
    if not is_ffa(state) or state["phase"] == "tech":
        return
    seat = state["active"]
    inst = state["cards"][iid]
    if not stats.is_unit(state, iid) or not is_opponent(state, seat, inst["controller"]):
        return
    if (inst["marks"].get("lent") or {}).get("by") == seat or inst["marks"].get("expired"):
        return
    killer = inst["marks"].get("killed_by")
    if killer is not None and killer["seat"] != seat:
        return
    p = player(state, seat)
    if p["free_gold_this_turn"] >= FREE_GOLD_PER_TURN:
        return
    gained = gain_gold(state, seat, 1)
    if gained:
        p["free_gold_this_turn"] += gained
        log(state, f"{seat_name(state, seat)} gained 1 free gold for {name(state, iid)}.", cards=[iid])


# ---- R26: lending patrollers ---------------------------------------------------


def lend_problem(state: dict, lender: int, iid, borrower, slot):
    """Why ``lender`` can't lend ``iid`` into ``borrower``'s patrol slot
    ``slot`` now: ``(code, message)``, or None when it can (R26).

    The card must be a ready unit or hero ``lender`` controls that could
    patrol (``actions.patrol_refusal``: not "can't patrol", and for a unit
    no Moment's Peace of the borrower's); ``borrower`` another player;
    ``slot`` one of their empty patrol slots, where the game's map allows
    it (``restricts patrol``, with the lender); not a legendary the borrower
    controls a copy of (``legendary``). The caller has checked that
    it is ``lender``'s lending step.
    """
    inst = state["cards"].get(iid) if isinstance(iid, str) else None
    if inst is None or inst["zone"] != "play" or inst["controller"] != lender:
        return "not_in_play", "You don't control that card."
    if (
        not isinstance(borrower, int)
        or isinstance(borrower, bool)
        or not 0 <= borrower < len(state["players"])
        or borrower == lender
    ):
        return "bad_lend", "Lend to another player of this game."
    if slot not in PATROL_SLOTS:
        return "bad_slot", "Unknown patrol slot."
    if player(state, borrower)["patrol"][slot] is not None:
        return "slot_taken", "That patrol slot is not empty."
    refusal = registry.global_says(state, "restricts:patrol", borrower, iid, slot, lender)
    if refusal:
        return refusal
    if holds_legendary(state, borrower, inst["card"]):
        # It would be a second copy under the borrower's control, discarded
        # at once (Deluxe rulebook, "Legendary Cards"): refused, like
        # playing a second copy.
        return "legendary", "That player already controls that legendary card."
    return patrol_refusal(state, borrower, iid)


def lend_options(state: dict, lender: int) -> list:
    """Every ``(card, borrower, slot)`` ``lender`` may lend now (R26), in
    play order, then seat order, then slot order; none outside a
    free-for-all. Each is one :func:`lend_problem` accepts; what it asks
    of the card, of the card and the borrower, and of the slot is asked
    once each (issue 28: not once per slot)."""
    if not is_ffa(state):
        return []
    out = []
    cards, players = state["cards"], state["players"]
    for iid in player(state, lender)["play"]:
        inst = cards[iid]
        if inst["zone"] != "play" or inst["controller"] != lender:
            continue  # not_in_play
        for p in players:
            borrower = p["seat"]
            if borrower == lender:
                continue  # bad_lend
            empty = [slot for slot in PATROL_SLOTS if p["patrol"][slot] is None]  # slot_taken
            if (
                empty
                and not registry.global_says(state, "restricts:patrol", borrower, iid, empty[0], lender)
                and not holds_legendary(state, borrower, inst["card"])
                and patrol_refusal(state, borrower, iid) is None
            ):
                out.extend((iid, borrower, slot) for slot in empty)
    return out


def lend(state: dict, lender: int, iid: str, borrower: int, slot: str) -> None:
    """``lender`` lends ``iid`` into ``borrower``'s empty ``slot`` (validated
    by :func:`lend_problem`): the borrower controls it and it patrols there.
    It is no arrival (no "arrives" trigger) and keeps its damage and runes
    (R26); the mark ``lent`` remembers who lent it to whom."""
    change_control(state, iid, borrower)
    state["cards"][iid]["marks"]["lent"] = {"by": lender, "to": borrower}
    player(state, borrower)["patrol"][slot] = iid
    log(
        state,
        f"{seat_name(state, lender)} lent {name(state, iid)} to {seat_name(state, borrower)} "
        f"({slot.replace('_', ' ')} slot).",
        cards=[iid],
    )


def lent_by(state: dict, iid: str):
    """The seat that lent in-play ``iid``, or None when it is not lent."""
    return (state["cards"][iid]["marks"].get("lent") or {}).get("by")


def return_lent(state: dict, seat: int) -> None:
    """At the start of ``seat``'s upkeep every lent card ``seat`` controls
    goes back under its lender's control, not into a patrol slot (R26).
    So does every card ``seat`` lent that is still out: that happens only
    in the final rounds, when its borrower takes no more turns (R28;
    docs/RULINGS.md)."""
    for p in state["players"]:
        for iid in list(p["play"]):
            lender = lent_by(state, iid)
            if lender is not None and seat in (lender, p["seat"]):
                state["cards"][iid]["marks"].pop("lent")
                change_control(state, iid, lender)
                log(state, f"{name(state, iid)} went back to {seat_name(state, lender)}.", cards=[iid])


# ---- R28: the end of the game ----------------------------------------------------


def base_hp_left(state: dict, seat: int) -> int:
    """HP left on ``seat``'s base, never below 0 (R28 clamps at 0)."""
    team = state["teams"][team_of(state, seat)]
    return max(0, team["hp"] - team["damage"])


def leaders(state: dict, conceding=None) -> list:
    """The seats whose bases have the most HP left, in seat order; with
    ``conceding`` a seat, as if that seat's base were at 0 (a concession
    drops it there: freeforall_end.concede)."""
    left = [0 if p["seat"] == conceding else base_hp_left(state, p["seat"]) for p in state["players"]]
    best = max(left)
    return [p["seat"] for p, hp in zip(state["players"], left, strict=True) if hp == best]


def tied_now(state: dict) -> list:
    """In the final rounds (R28) of a game in play, the seats tied for the
    highest base now (:func:`leaders`, from each base's HP now, not the tie
    the round began with), in seat order; [] when one base leads, outside
    the final rounds and once the game is over. Public (base HP is)."""
    if state.get("final") is None or state["status"] != "playing":
        return []
    top = leaders(state)
    return top if len(top) > 1 else []


def order_after(state: dict, seat: int, seats: list, inclusive: bool = False) -> list:
    """``seats`` in turn order, starting after ``seat`` (or at it when
    ``inclusive``)."""
    count = len(state["players"])
    start = seat if inclusive else seat + 1
    ring = [(start + k) % count for k in range(count)]
    return [s for s in ring if s in seats]


def base_fallen(state: dict) -> bool:
    """A base is at 0 HP (the state-based checks call this in a
    free-for-all). The first time, the game is over (R28): a single leader
    wins at once (returns True); tied leaders each take one more turn, in
    turn order after the current player, recorded in ``state["final"]``
    (``{"tied", "order", "round"}``), and the current turn ends as soon as
    what is resolving has finished (:func:`settle`). A base falling during
    the final rounds changes nothing by itself. Returns False while the game
    goes on."""
    if state.get("final") is not None:
        return False
    fallen = [p["seat"] for p in state["players"] if base_hp_left(state, p["seat"]) == 0]
    top = leaders(state)
    log(
        state,
        listed(f"{seat_name(state, s)}'s base" for s in fallen)
        + (" fell: the game is over." if len(top) == 1 else " fell: the final turns begin."),
    )
    if len(top) == 1:
        finish(state, team_of(state, top[0]), "base destroyed")
        return True
    # Waiting for an owed tech choice, the coming turn hasn't begun: the
    # player who played last is "the current player", so its seat comes first.
    waiting = state["phase"] == "tech"
    state["final"] = {"tied": top, "round": 1, "order": order_after(state, state["active"], top, inclusive=waiting)}
    state["final_pending"] = {"turn": state["turn"], "phase": state["phase"]}
    _announce_tie(state, top)
    return False


def _announce_tie(state: dict, top: list) -> None:
    names = listed(seat_name(state, s) for s in top)
    log(state, f"{names} are tied with {base_hp_left(state, top[0])} base HP: each takes one more turn.")


def final_round_seat(state: dict):
    """The seat whose turn comes next in the final rounds (R28), or None
    when the game just finished. When every tied leader has taken their
    turn: a single leader wins; still tied, they each take one more turn,
    in turn order after the player who just played, up to
    :data:`MAX_FINAL_ROUNDS` rounds; after that the tied leaders share the
    win."""
    final = state["final"]
    while not final["order"]:
        top = leaders(state)
        if len(top) == 1:
            finish(state, team_of(state, top[0]), "highest base")
            return None
        players = contenders(state, top)
        if final["round"] >= MAX_FINAL_ROUNDS or not players:
            finish_shared(state, [team_of(state, s) for s in top], "tied bases")
            return None
        final["round"] += 1
        final["tied"] = players
        final["order"] = order_after(state, state["active"], players)
        _announce_tie(state, players)
    return final["order"].pop(0)


def contenders(state: dict, top: list) -> list:
    """The tied leaders ``top`` who may still take a final turn: those who
    have not conceded (a conceder takes no more turns, docs/RULINGS.md
    "Concession"). A conceder's base is at 0, so one is a leader only when
    every base is at 0; when none is left, nobody can break the tie and the
    tied bases share the win (found by a tester: the table hung on a round
    of conceders)."""
    return [s for s in top if not has_conceded(state, s)]


def lone_leader(state: dict, conceding=None):
    """The final rounds' (R28) last leader standing: the one tied leader
    still in (``final["tied"]`` without those who conceded, and without
    ``conceding``) when its base alone has the most HP left; else None, and
    None outside the final rounds. With ``conceding`` a seat still in, it
    answers "whom would that seat's concession leave alone at the top, to
    win at once?" (its base counted at 0, as freeforall_end.concede drops
    it), before any open question of that seat's is answered."""
    final = state.get("final")
    if final is None:
        return None
    players = [s for s in contenders(state, final["tied"]) if s != conceding]
    if len(players) != 1 or leaders(state, conceding) != players:
        return None
    return players[0]


def last_leader_standing(state: dict) -> bool:
    """In the final rounds (R28), after a concession: when a single tied
    leader is still in and its base alone has the most HP left
    (:func:`lone_leader`), the tie is broken and no other player may take a
    turn to contest it, so it wins at once (reason ``"concession"``: the
    others conceded) and True is returned; otherwise nothing changes and
    False is returned. Its own final turn, not begun, waiting for its tech
    choice or under way, is not played out (docs/RULINGS.md "Concession";
    found by a tester: the table waited for the last player's tech choice
    after both others had conceded)."""
    winner = lone_leader(state)
    if winner is None:
        return False
    state["final"]["order"] = []  # nobody's turn is still to come
    finish(state, team_of(state, winner), "concession")
    return True


def has_conceded(state: dict, seat: int) -> bool:
    """True when ``seat`` conceded a free-for-all (it takes no part any more)."""
    return bool(player(state, seat).get("conceded"))
