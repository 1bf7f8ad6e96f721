"""Every Arcane Codex damage line names what dealt it, as Codex's do
(docs/RULINGS.md "Arcane Codex"; a newcomer read "South takes 2 damage."
and could not tell from what): Arcane Bolt (A27), a sage's strike (A23),
combat both ways (A16), Venom (A17), Crush's excess (A18, A19), an attack
on a sage (A21); and a check of the engine's source that every call of
deal_damage says what deals it."""

import ast
import pathlib

from tests.arcane.helpers import act, position, texts

ENGINE = pathlib.Path(__file__).resolve().parents[2] / "game" / "arcane"


def _fight(state, *pairs):
    for attacker, target in pairs:
        state = act(state, 0, "attack", attacker=attacker, target=target)
    return act(state, 0, "fight")


def test_arcane_bolt_is_named_on_the_player_a_creature_and_a_sage():
    state = position([{"hand": ["2S", "2H"]}, {"creatures": ["9H"], "sages": ["KH"]}], round=8)
    state = act(state, 0, "play", card="2S", target="player")
    assert texts(state)[-1] == "South takes 2 damage from North's Arcane Bolt; 18 life left."
    state = act(state, 0, "play", card="2H", target="9H")
    assert texts(state)[-1] == "9\u2665, a 4/5 creature with Swift takes 2 damage from North's Arcane Bolt."
    state = position([{"hand": ["2D"]}, {"sages": ["KH"]}], round=4)
    state = act(state, 0, "play", card="2D", target="KH")
    assert texts(state)[-1] == "The sage K\u2665 loses 2 essence to North's Arcane Bolt."


def test_a_sages_strike_is_named():
    state = position([{"sages": ["KS"]}, {"life": 15}])
    state = act(state, 0, "sage", sage="KS", ability="minus5")
    assert "South takes 10 damage from North's sage K\u2660; 5 life left." in texts(state)


def test_a_blow_past_zero_life_says_no_life_is_left():
    """A tester read "South takes 10 damage ...; -7 life left.": below 0 the
    line says no life is left (a player at 0 or less loses, A32)."""
    state = position([{"sages": ["KS"]}, {"life": 3}])
    state = act(state, 0, "sage", sage="KS", ability="minus5")
    assert "South takes 10 damage from North's sage K\u2660; no life left." in texts(state)


def test_combat_names_attacker_blocker_venom_and_crush():
    state = position([{"creatures": ["9C", "5S"]}, {"creatures": ["3H", "7D"]}])
    state = act(state, 0, "attack", attacker="9C", target="player")
    state = act(state, 0, "attack", attacker="5S", target="player")
    state = act(state, 0, "fight")
    state = act(state, 1, "block", blocker="3H", attacker="9C")
    state = act(state, 1, "block", blocker="7D", attacker="5S")
    lines = texts(act(state, 1, "done_blocking"))
    assert "3\u2665, a 1/2 creature with Swift takes 2 damage from North's 9\u2663." in lines
    assert "9\u2663, a 4/5 creature with Crush takes 1 damage from South's 3\u2665." in lines
    assert "South takes 2 combat damage from North's 9\u2663 (Crush); 18 life left." in lines
    assert "7\u2666, a 3/4 creature with Sentinel takes 2 damage from North's 5\u2660 (Venom)." in lines
    assert "5\u2660, a 2/3 creature with Venom takes 3 damage from South's 7\u2666." in lines


def test_an_unblocked_attack_on_the_player_and_on_a_sage_is_named():
    state = _fight(position([{"creatures": ["5H", "7D"]}, {"sages": ["KC"]}]), ("5H", "player"), ("7D", "KC"))
    lines = texts(state)
    assert "South takes 2 combat damage from North's 5\u2665; 18 life left." in lines
    assert "The sage K\u2663 loses 3 essence to North's 7\u2666." in lines


def test_every_call_of_deal_damage_says_what_deals_it():
    """``by`` is a required keyword; a call that forgot it would fail only
    when played, so the source is read here."""
    missing = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "deal_damage"
                and not any(k.arg == "by" for k in node.keywords)
            ):
                missing.append(f"{path.name}:{node.lineno}")
    assert missing == []
