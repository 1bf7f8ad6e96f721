"""Burial Grounds: a hero that dies still goes to the command zone but is
out of the game for good: it can never be summoned again. The player's
list ``gone_heroes`` (card ids) keeps them."""

from .. import kit


def _bury(state, src, seat, hero_card):
    """``seat``'s hero ``hero_card`` died: it is gone for good."""
    gone = kit.player(state, seat).setdefault("gone_heroes", [])
    if hero_card not in gone:
        gone.append(hero_card)
    kit.log(state, f"{kit.catalog.card(hero_card)['name']} is buried: gone for the rest of the game (Burial Grounds).")


def _never_again(state, src, seat, hero_card):
    """The refusal's sentence for a hero of ``seat`` that died here."""
    if hero_card in kit.player(state, seat).get("gone_heroes", ()):
        return "That hero died on Burial Grounds: it is gone for the rest of the game."
    return None


kit.map_card("burial_grounds", hero_dies=_bury, restricts={"summon": _never_again})
