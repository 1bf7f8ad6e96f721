"""benchmarks/profile_summary.py files a move's engine work under its
kinds: the engines are reached through the game.rules facade (the kernel
since issue 28), and a profile of the server says so."""

from benchmarks.profile_summary import summarise

# Collapsed stacks as py-spy writes them for the server of issue 28 on.
STACKS = [
    "run (asyncio/events.py:80);frame_for (game/fanout.py:186);render_for (game/services.py:660);"
    "legal_actions (game/rules/__init__.py:105);MoveTable.legal_actions (game/kernel/game.py:220) 3",
    "run (asyncio/events.py:80);apply_match_action (game/services.py:300);_apply (game/services.py:560);"
    "apply_action_in_place (game/rules/__init__.py:100);MoveTable.apply_action_in_place (game/kernel/game.py:181) 2",
    "run (asyncio/events.py:80);apply_match_action (game/services.py:300);_apply (game/services.py:550);"
    "copy_state (game/rules/__init__.py:115);Game.copy_state (game/kernel/game.py:307) 1",
    "run (asyncio/events.py:80);frame_for (game/fanout.py:186);render_for (game/services.py:662);"
    "view (game/rules/__init__.py:120);view (game/codex/view.py:330) 4",
]


def test_the_engines_work_is_filed_under_its_kinds(tmp_path):
    path = tmp_path / "stacks.txt"
    path.write_text("\n".join(STACKS) + "\n")
    kinds, _, busy, waiting = summarise(str(path))
    assert (busy, waiting) == (10, 0)
    assert kinds["rules engine: legal_actions for a seat's state"] == 3
    assert kinds["rules engine: apply_action and the state's copy"] == 3
    assert kinds["rules engine: view"] == 4
