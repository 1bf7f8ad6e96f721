"""The Arcane Codex moves: each action type's check (the refusals, in
their order), its change (game.arcane.engine) and its legal actions, in
one table the kernel plays (game.kernel.game.MoveTable; docs/ARCANE.md,
docs/ENGINE.md "Kernel").

Entry points (game.arcane's, reached through game.rules for a state with
``"game": "arcane"``): ``RULES`` (the move table), :func:`apply_action`,
:func:`apply_action_in_place`, :func:`legal_actions`, :func:`is_legal`,
:func:`copy_state`, :func:`waiting_on`, ``ACTIONS``, ``ACTION_KEYS``.
"""

import itertools

from game.kernel.errors import RulesError
from game.kernel.game import Move, MoveTable

from . import cards, engine
from .cards import SAGE_ABILITIES
from .state import LOG, can_attack, name, other, power_left

MAIN_PHASES = ("main", "main2")
MAX_ACTION_BYTES = 2048


def _bad(code: str, message: str):
    raise RulesError(code, message)


# Where a card an action names must be, in a refusal's words.
_ZONE_WORDS = {"hand": "a card in your hand", "creatures": "one of your creatures", "sages": "one of your sages"}
# What the open question asks, in a refusal's words (its prompt kind).
_PROMPT_WORDS = {
    "block": "choose blockers",
    "damage_order": "order the blockers",
    "drain": "discard for Mind Drain",
    "hand_limit": "discard down to the hand limit",
}


def _own(state: dict, seat: int, cid, zone: str) -> dict:
    """The card ``cid`` if it is in ``seat``'s ``zone``; else RulesError ``bad_card``."""
    if not isinstance(cid, str) or cid not in state["players"][seat][zone]:
        _bad("bad_card", f"That is not {_ZONE_WORDS[zone]}: choose {_ZONE_WORDS[zone]}.")
    return state["cards"][cid]


def _opponent_card(state: dict, seat: int, cid, zones) -> dict:
    if not isinstance(cid, str) or not any(cid in state["players"][other(seat)][z] for z in zones):
        _bad("bad_target", "Choose one of your opponent's cards that this can reach.")
    return state["cards"][cid]


def spell_targets(state: dict, seat: int, rank: str) -> list:
    """The legal targets of spell ``rank`` cast by ``seat`` (house rules
    A27-A29): Arcane Bolt an opposing creature, sage or ``"player"``;
    Destruction an opposing creature; Oblivion any opposing permanent
    (lands included); Revelation and Mind Drain none (``[None]``)."""
    opp = state["players"][other(seat)]
    if rank == "2":
        return opp["creatures"] + opp["sages"] + ["player"]
    if rank == "4":
        return list(opp["creatures"])
    if rank == "10":
        return opp["lands"] + opp["creatures"] + opp["relics"] + opp["charms"] + opp["sages"]
    return [None]


def _check_turn(state: dict, seat: int) -> None:
    """RulesError ``prompt_pending`` while a question is open (saying who
    must answer what), ``not_your_turn`` for the seat not active."""
    prompt = state["prompt"]
    if prompt is not None:
        what = _PROMPT_WORDS.get(prompt["kind"], "answer")
        if prompt["seat"] == seat:
            _bad("prompt_pending", f"First {what}: the game waits on you for that.")
        _bad("prompt_pending", f"Wait: {name(state, prompt['seat'])} must {what} first.")
    if seat != state["active"]:
        _bad("not_your_turn", f"It is {name(state, state['active'])}'s turn: wait until they end it.")


def _check_main(state: dict, seat: int) -> None:
    _check_turn(state, seat)
    if state["phase"] == "attack":
        _bad("wrong_phase", "You have declared attackers: press Fight to close the attack first.")
    if state["phase"] not in MAIN_PHASES:
        _bad("wrong_phase", "You can do that only in your main phase.")


def check_play(state: dict, seat: int, action: dict) -> dict:
    """Check a ``play`` action (``{"type": "play", "card", "target"?}``) and
    return it (the plan). Main phase only (A9), before any sage activation (A3);
    one land a turn, free (rulebook "Lands"; A34); other cards cost their
    power (rulebook "Power"); a spell needs a legal target (A29). Raises
    RulesError ``not_your_turn``, ``wrong_phase``, ``bad_card``,
    ``land_played``, ``not_enough_power``, ``bad_target``, ``no_target``,
    ``sages_used``."""
    _check_main(state, seat)
    card = _own(state, seat, action.get("card"), "hand")
    p = state["players"][seat]
    if p["sage_step"]:
        _bad(
            "sages_used",
            "No more cards this phase: once a sage has used an ability, cards wait until your next main phase (A3).",
        )
    kind = cards.kind(card["card"])
    if kind == "land":
        if p["land_played"]:
            _bad("land_played", "You have already played a land this turn.")
        return action
    if cards.cost(card["card"]) > power_left(state, seat):
        _bad("not_enough_power", f"That costs {cards.cost(card['card'])} power; you have {power_left(state, seat)}.")
    if kind == "spell":
        targets = spell_targets(state, seat, cards.split(card["card"])[0])
        if not targets:
            _bad("no_target", "That spell has no target: your opponent has no card it can reach.")
        if action.get("target") not in targets:
            _bad("bad_target", "Choose one of your opponent's cards that this spell can reach.")
    return action


def check_sage(state: dict, seat: int, action: dict) -> dict:
    """Check a ``sage`` action (``{"type": "sage", "sage", "ability":
    plus|minus2|minus5, "target"?}``) and return it. House rule A23:
    one ability per sage per turn, main phase, also on the turn it enters;
    minus2 needs 2 essence and an opposing creature as target, minus5 needs
    5 (and, with table option ``sage_ultimate: not_on_entry``, a sage that
    did not enter this turn). Raises RulesError ``bad_card``,
    ``sage_used``, ``bad_ability``, ``not_enough_essence``, ``bad_target``,
    ``sage_new``."""
    _check_main(state, seat)
    sage = _own(state, seat, action.get("sage"), "sages")
    if sage["used"]:
        _bad("sage_used", "That sage has already used an ability this turn.")
    ability_name = action.get("ability")
    if ability_name not in SAGE_ABILITIES:
        _bad("bad_ability", "A sage has three abilities: +1 (plus), -2 (minus2) and -5 (minus5).")
    if sage["essence"] < SAGE_ABILITIES[ability_name]:
        _bad(
            "not_enough_essence",
            f"That ability costs {SAGE_ABILITIES[ability_name]} essence; this sage has {sage['essence']}.",
        )
    if ability_name == "minus2":
        _opponent_card(state, seat, action.get("target"), ("creatures",))
    if (
        ability_name == "minus5"
        and state["options"]["sage_ultimate"] == "not_on_entry"
        and sage["arrived"] == state["turn"]
    ):
        _bad("sage_new", "At this table a sage cannot use its -5 on the turn it enters.")
    return action


def check_attack(state: dict, seat: int, action: dict) -> dict:
    """Check an ``attack`` action (``{"type": "attack", "attacker",
    "target": "player" or an opposing sage}``): the active player's main
    phase (the first attack opens combat, at most once a turn, A3) or
    the attack step; a ready creature without summoning sickness (Swift
    excepted) not already attacking (A10, A13). Raises RulesError
    ``not_your_turn``, ``wrong_phase``, ``bad_card``, ``cannot_attack``,
    ``bad_target``."""
    _check_turn(state, seat)
    if state["phase"] == "main2":
        _bad("wrong_phase", "You have already attacked this turn: one combat a turn.")
    if state["phase"] not in ("main", "attack"):
        _bad("wrong_phase", "You can attack only from your main phase.")
    cid = action.get("attacker")
    card = _own(state, seat, cid, "creatures")
    if any(a["attacker"] == cid for a in state["attacks"]):
        _bad("cannot_attack", "That creature is already attacking.")
    if not can_attack(state, cid):
        _bad(
            "cannot_attack",
            "That creature is exhausted: it attacks again once it is ready."
            if card["exhausted"]
            else "That creature arrived this turn: it may attack from your next turn (Swift ones at once).",
        )
    target = action.get("target")
    if target != "player":
        _opponent_card(state, seat, target, ("sages",))
    return action


def check_block(state: dict, seat: int, action: dict) -> dict:
    """Check a ``block`` action (``{"type": "block", "blocker",
    "attacker"}``) of the defender: a ready creature of theirs (A15) not yet
    blocking, in front of a declared attacker; with table option
    ``blockers: one`` (house rule A14 \u2605) an attacker takes one blocker at
    most. Raises RulesError ``not_your_question``, ``bad_card``,
    ``cannot_block``, ``bad_target``, ``already_blocked``."""
    prompt = state["prompt"]
    if prompt is None or prompt["kind"] != "block" or prompt["seat"] != seat:
        _bad("not_your_question", "You are not being asked to block.")
    cid = action.get("blocker")
    card = _own(state, seat, cid, "creatures")
    if card["exhausted"]:
        _bad("cannot_block", "That creature is exhausted: only a ready creature blocks.")
    if any(cid in a["blockers"] for a in state["attacks"]):
        _bad("cannot_block", "That creature is already blocking.")
    attack = next((a for a in state["attacks"] if a["attacker"] == action.get("attacker")), None)
    if attack is None:
        _bad("bad_target", "Block one of the attacking creatures.")
    if attack["blockers"] and state["options"]["blockers"] == "one":
        _bad(
            "already_blocked",
            "That attacker is already blocked: at this table one blocker per attacker. "
            "Block another attacker, or press Done blocking.",
        )
    return action


def check_order(state: dict, seat: int, action: dict) -> dict:
    """Check an ``order`` action (``{"type": "order", "attacker",
    "blockers": [ids in damage order]}``): with table option ``blockers:
    many`` (house rule A14 \u2605 alternative) the attacking player declares,
    for each attacker blocked by several, the order its power goes to them.
    Raises RulesError ``not_your_question``, ``bad_target``, ``bad_order``."""
    prompt = state["prompt"]
    if prompt is None or prompt["kind"] != "damage_order" or prompt["seat"] != seat:
        _bad("not_your_question", "You are not being asked to order blockers.")
    attack = next(
        (
            a
            for a in state["attacks"]
            if a["attacker"] == action.get("attacker") and len(a["blockers"]) > 1 and not a.get("ordered")
        ),
        None,
    )
    if attack is None:
        _bad("bad_target", "Choose an attacker blocked by several creatures, not yet ordered.")
    order = action.get("blockers")
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(attack["blockers"]):
        _bad("bad_order", "List each of that attacker's blockers once, in the order it deals damage.")
    return action


def check_discard(state: dict, seat: int, action: dict) -> dict:
    """Check a ``discard`` action (``{"type": "discard", "card"}``): the
    seat asked to discard (Mind Drain, A28; the hand limit, A24) names a
    card of its hand. Raises RulesError ``not_your_question``, ``bad_card``."""
    prompt = state["prompt"]
    if prompt is None or prompt["kind"] not in ("drain", "hand_limit") or prompt["seat"] != seat:
        _bad("not_your_question", "You are not being asked to discard.")
    _own(state, seat, action.get("card"), "hand")
    return action


def check_concede(state: dict, seat: int, action: dict) -> dict:
    """``concede`` is always open while the game runs (A33)."""
    return action


def check_offer_draw(state: dict, seat: int, action: dict) -> dict:
    """Check an ``offer_draw`` (A33): once a turn. Raises RulesError
    ``already_offered``."""
    if state["players"][seat]["draw_offer"]:
        _bad("already_offered", "You have already offered a draw this turn.")
    return action


def check_fight(state: dict, seat: int, action: dict) -> dict:
    """Check a ``fight`` (closing the attack): the active player, attackers
    declared. Raises RulesError ``prompt_pending``, ``not_your_turn``,
    ``wrong_phase``."""
    _check_turn(state, seat)
    if state["phase"] != "attack":
        _bad("wrong_phase", "Declare at least one attacker first: click a creature that may attack.")
    return action


def check_done_blocking(state: dict, seat: int, action: dict) -> dict:
    """Check a ``done_blocking``: the defender asked for blockers. Raises
    RulesError ``not_your_question``."""
    prompt = state["prompt"]
    if prompt is None or prompt["kind"] != "block" or prompt["seat"] != seat:
        _bad("not_your_question", "You are not being asked to block.")
    return action


def check_end_turn(state: dict, seat: int, action: dict) -> dict:
    """Check an ``end_turn``: the active player's main phase. Raises
    RulesError ``prompt_pending``, ``not_your_turn``, ``wrong_phase``."""
    _check_main(state, seat)
    return action


# ---------------------------------------------------------------- listing
# Who may make a move now (listing only: the checks say why not).


def _answering(state: dict, seat: int) -> bool:
    """``seat`` is asked the open question."""
    prompt = state["prompt"]
    return prompt is not None and prompt["seat"] == seat


def _acting(state: dict, seat: int) -> bool:
    """No question is open and ``seat`` is the active player."""
    return state["prompt"] is None and seat == state["active"]


def list_block(state: dict, seat: int) -> list:
    """Each ready creature of the defender not yet blocking, in front of
    each attacker that may take another blocker (A14, A15)."""
    if state["prompt"]["kind"] != "block":
        return []
    out = []
    creatures = state["players"][seat]["creatures"]
    for attack in state["attacks"]:
        if attack["blockers"] and state["options"]["blockers"] == "one":
            continue
        for b in creatures:
            if not state["cards"][b]["exhausted"] and not any(b in a["blockers"] for a in state["attacks"]):
                out.append({"type": "block", "blocker": b, "attacker": attack["attacker"]})
    return out


def list_done_blocking(state: dict, seat: int) -> list:
    """Closing the blocks, while asked for them."""
    return [{"type": "done_blocking"}] if state["prompt"]["kind"] == "block" else []


def list_order(state: dict, seat: int) -> list:
    """Every damage order of each attacker blocked by several, not yet
    ordered (A14)."""
    if state["prompt"]["kind"] != "damage_order":
        return []
    return [
        {"type": "order", "attacker": attack["attacker"], "blockers": list(order)}
        for attack in state["attacks"]
        if len(attack["blockers"]) > 1 and not attack.get("ordered")
        for order in itertools.permutations(attack["blockers"])
    ]


def list_discard(state: dict, seat: int) -> list:
    """Each card of the hand, while asked to discard (A24, A28)."""
    if state["prompt"]["kind"] not in ("drain", "hand_limit"):
        return []
    return [{"type": "discard", "card": cid} for cid in state["players"][seat]["hand"]]


def list_play(state: dict, seat: int) -> list:
    """In a main phase before any sage activation (A3): the land if none
    was played this turn, each card the power left pays for, a spell at
    each of its targets (A29)."""
    p = state["players"][seat]
    if state["phase"] not in MAIN_PHASES or p["sage_step"]:
        return []
    out = []
    for cid in p["hand"]:
        code = state["cards"][cid]["card"]
        kind = cards.kind(code)
        if kind == "land":
            if not p["land_played"]:
                out.append({"type": "play", "card": cid})
        elif cards.cost(code) <= power_left(state, seat):
            if kind == "spell":
                for target in spell_targets(state, seat, cards.split(code)[0]):
                    action = {"type": "play", "card": cid}
                    if target is not None:
                        action["target"] = target
                    out.append(action)
            else:
                out.append({"type": "play", "card": cid})
    return out


def list_sage(state: dict, seat: int) -> list:
    """In a main phase, each ability of each sage that passes
    :func:`check_sage` (minus2 at each opposing creature)."""
    if state["phase"] not in MAIN_PHASES:
        return []
    out = []
    for sid in state["players"][seat]["sages"]:
        for ability_name in SAGE_ABILITIES:
            targets = state["players"][other(seat)]["creatures"] if ability_name == "minus2" else [None]
            for target in targets:
                action = {"type": "sage", "sage": sid, "ability": ability_name}
                if target is not None:
                    action["target"] = target
                if _passes(check_sage, state, seat, action):
                    out.append(action)
    return out


def list_attack(state: dict, seat: int) -> list:
    """In the main phase or the attack step, each creature that may attack
    and is not attacking yet, at the player and at each opposing sage."""
    if state["phase"] not in ("main", "attack"):
        return []
    aims = ["player"] + state["players"][other(seat)]["sages"]
    attacking = {a["attacker"] for a in state["attacks"]}
    return [
        {"type": "attack", "attacker": cid, "target": aim}
        for cid in state["players"][seat]["creatures"]
        if can_attack(state, cid) and cid not in attacking
        for aim in aims
    ]


def list_fight(state: dict, seat: int) -> list:
    """Closing the attack, in the attack step."""
    return [{"type": "fight"}] if state["phase"] == "attack" else []


def list_end_turn(state: dict, seat: int) -> list:
    """Ending the turn, in a main phase."""
    return [{"type": "end_turn"}] if state["phase"] in MAIN_PHASES else []


def list_offer_draw(state: dict, seat: int) -> list:
    """Offering a draw, unless this seat's offer stands (A33)."""
    return [] if state["players"][seat]["draw_offer"] else [{"type": "offer_draw"}]


def list_concede(state: dict, seat: int) -> list:
    """Conceding, always."""
    return [{"type": "concede"}]


def _passes(check, state: dict, seat: int, action: dict) -> bool:
    try:
        check(state, seat, action)
    except RulesError:
        return False
    return True


# ---------------------------------------------------------------- the table

# In listing order: the question's answers, the main phase's moves, then
# what is always open (A33).
MOVES = (
    Move("block", ("blocker", "attacker"), check_block, engine.do_block, list_block, _answering),
    Move("done_blocking", (), check_done_blocking, engine.do_done_blocking, list_done_blocking, _answering),
    Move("order", ("attacker", "blockers"), check_order, engine.do_order, list_order, _answering),
    Move("discard", ("card",), check_discard, engine.do_discard, list_discard, _answering),
    Move("play", ("card", "target"), check_play, engine.do_play, list_play, _acting),
    Move("sage", ("sage", "ability", "target"), check_sage, engine.do_sage, list_sage, _acting),
    Move("attack", ("attacker", "target"), check_attack, engine.do_attack, list_attack, _acting),
    Move("fight", (), check_fight, engine.do_fight, list_fight, _acting),
    Move("end_turn", (), check_end_turn, engine.do_end_turn, list_end_turn, _acting),
    Move("offer_draw", (), check_offer_draw, engine.do_offer_draw, list_offer_draw),
    Move("concede", (), check_concede, engine.do_concede, list_concede),
)
RULES = MoveTable(moves=MOVES, log=LOG, max_action_bytes=MAX_ACTION_BYTES)
ACTIONS = tuple(RULES.by_type)
# The keys the engine reads in each action type besides "type": the server
# applies and stores an action with these only (game.services.normalise_action).
ACTION_KEYS = RULES.action_keys

apply_action = RULES.apply_action
apply_action_in_place = RULES.apply_action_in_place
legal_actions = RULES.legal_actions
is_legal = RULES.is_legal
copy_state = RULES.copy_state


def waiting_on(state: dict) -> list:
    """The seats the game waits on (those with something to do besides
    conceding or offering a draw): the seat of the open prompt (the
    defender for blocks and Mind Drain, the active player for the hand
    limit), else the active player. Empty once the game is over."""
    if state["status"] != "playing":
        return []
    if state["prompt"] is not None:
        return [state["prompt"]["seat"]]
    return [state["active"]]
