"""Building Arcane Codex positions for tests through the scenario config
(docs/ARCANE.md "Scenarios") and playing real actions on them."""

from game import rules

SEATS = [{"name": "North"}, {"name": "South"}]


def config(seed: int = 1, options=None, scenario=None) -> dict:
    """An Arcane config for two seats named North and South."""
    out = {"game": "arcane", "seed": seed, "seats": SEATS}
    if options is not None:
        out["options"] = options
    if scenario is not None:
        out["scenario"] = scenario
    return out


def position(players=None, options=None, **scenario) -> dict:
    """A state from a scenario: ``players`` the two seats' specs, the other
    keywords the scenario's own keys (deck, discard, round, active...)."""
    scenario["players"] = players or [{}, {}]
    return rules.new_game(config(options=options, scenario=scenario))


def cid(state: dict, code: str) -> str:
    """The id of the card ``code`` wherever it is now."""
    return next(c for c, card in state["cards"].items() if card["card"] == code)


def zone(state: dict, code: str) -> str:
    """The zone of card ``code`` (``hand``, ``creatures``, ``discard``...)."""
    return state["cards"][cid(state, code)]["zone"]


def act(state: dict, seat: int, kind: str, **fields) -> dict:
    """Apply one action (card codes in ``card``, ``attacker``, ``blocker``,
    ``sage``, and a ``target`` that is not "player" become ids) and return
    the new state."""
    action = {"type": kind}
    for key, value in fields.items():
        if key in ("card", "attacker", "blocker", "sage", "target") and value not in (None, "player"):
            value = cid(state, value)
        action[key] = value
    new, _events = rules.apply_action(state, seat, action)
    return new


def texts(state: dict) -> list:
    """The log's sentences."""
    return [line["text"] for line in state["log"]]
