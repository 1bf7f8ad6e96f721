"""The keys the Codex engine reads in an action of each type, besides
"type" (docs/ENGINE.md "Actions"; the check_* functions of actions.py).
The server applies and stores an action with these only (issue 11,
finding 12; game.services.normalise_action through game.codex.action_keys):
tests/server/test_action_log.py checks the table against everything the
engine offers, so it cannot fall behind unnoticed. It moved here from
game/services.py so that the server knows no game's actions (issue 17).
"""

ACTION_KEYS = {
    "hire": ("card",),
    "build": ("building", "spec"),
    "summon": ("hero",),
    "level_up": ("hero", "levels"),
    "play": ("card", "targets", "boost"),
    "ability": ("card", "ability", "targets"),
    "attack": ("attacker", "target"),
    "patrol": ("card", "slot"),
    "end_main": ("stash",),
    "tech": ("cards",),
    "choose": ("choice",),
    "concede": (),
    "reveal": ("target",),
    "repair": (),
    "lend": ("card", "to", "slot"),
    "end_lending": (),
}
