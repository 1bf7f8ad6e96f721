"""What the view shows of the 3-hero rules (issue 6, board part): each
player's hero limit, Tech II spec, Tech Lab spec and the colour tax on the
next tech building or add-on, public to every viewer; a hand card's minor
spell tax for those who see the hand."""

from game.rules import view

from .helpers import act
from .test_three_hero import three_hero

FIELDS = ("hero_limit", "tech_2_spec", "tech_lab_spec", "tech_tax")


def public(state, seat):
    """The 3-hero fields of ``seat`` as each viewer (both seats and a spectator) sees them."""
    seen = [{f: view(state, viewer)["players"][seat][f] for f in FIELDS} for viewer in (0, 1, None)]
    assert seen[0] == seen[1] == seen[2]
    return seen[0]


def test_a_new_game_shows_limit_one_no_specs_and_the_colour_tax():
    s = three_hero()  # Ana: neutral, red and green heroes
    assert public(s, 0) == {"hero_limit": 1, "tech_2_spec": None, "tech_lab_spec": None, "tech_tax": 1}
    mono = three_hero(a=["troq_bashar", "river_montoya", "drakk_ramhorn"])  # neutral + red only
    assert public(mono, 0)["tech_tax"] == 0


def test_tech_ii_spec_and_hero_limit_follow_the_buildings():
    s = three_hero([{"gold": 20, "workers": 10, "buildings": {"tech_1": True}}])
    assert public(s, 0)["tech_tax"] == 1
    s = act(s, 0, {"type": "build", "building": "tech_2", "spec": "blood"})
    shown = public(s, 0)
    assert shown["tech_2_spec"] == "blood" and shown["tech_tax"] == 0
    assert shown["hero_limit"] == 1  # the Tech II is not finished yet
    s["players"][0]["buildings"]["tech_2"]["done"] = True
    assert public(s, 0)["hero_limit"] == 2
    # The spec stays when the Tech II is gone (locked for the game).
    s["players"][0]["buildings"]["tech_2"] = None
    assert public(s, 0) == {"hero_limit": 1, "tech_2_spec": "blood", "tech_lab_spec": None, "tech_tax": 0}


def test_tech_lab_spec_is_shown_once_chosen():
    s = three_hero([{"gold": 20, "workers": 10, "buildings": {"tech_1": True}}])
    s = act(s, 0, {"type": "build", "building": "tech_lab"})
    assert public(s, 0)["tech_lab_spec"] is None  # no Tech II yet: no spec
    s = act(s, 0, {"type": "build", "building": "tech_2", "spec": "blood"})
    s = act(s, 0, {"type": "choose", "choice": ["balance"]})
    assert public(s, 0)["tech_lab_spec"] == "balance"
    assert public(s, 1)["tech_lab_spec"] is None


def test_heroes_hall_raises_the_shown_limit():
    s = three_hero([{"workers": 10, "buildings": {"tech_1": True, "tech_2": True, "addon": "heroes_hall"}}])
    assert public(s, 0)["hero_limit"] == 3


def test_hand_cards_show_the_minor_spell_tax_to_their_owner_only():
    s = three_hero([{"hand": ["pillage", "spark"], "play": [{"card": "troq_bashar"}]}])
    hand = {c["card"]: c["tax"] for c in view(s, 0)["players"][0]["hand"]}
    assert hand == {"pillage": 1, "spark": 0}
    assert "hand" not in view(s, 1)["players"][0] and "hand" not in view(s, None)["players"][0]
    with_red = three_hero([{"hand": ["pillage"], "play": [{"card": "drakk_ramhorn"}]}])
    assert view(with_red, 0)["players"][0]["hand"][0]["tax"] == 0
