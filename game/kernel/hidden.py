"""The hidden-information invariant every game keeps (issue 11; Codex's
view rules, Arcane A31, C-23 K19): no view shows a viewer the id of a
card hidden from it, nor a secret of the state (the generator's key).
Checked after every action by the games' property tests."""

import json
from collections.abc import Callable, Collection, Iterable

from .types import State, Viewer


def leaks(text: str, hidden: Iterable[str], quoted: bool = True) -> list[str]:
    """The ids of ``hidden`` that appear in ``text`` (a view written as
    JSON): as a JSON string (``"id"``) when ``quoted``, anywhere in the
    text otherwise (stricter: an id inside a longer string counts too)."""
    if quoted:
        return [cid for cid in hidden if f'"{cid}"' in text]
    return [cid for cid in hidden if cid in text]


def check_views(
    state: State,
    view: Callable[[State, Viewer], object],
    viewers: Iterable[Viewer],
    hidden_from: Callable[[State, Viewer], Collection[str]],
    secrets: Iterable[str] = (),
    quoted: bool = True,
) -> None:
    """Raise AssertionError when the view of a viewer of ``viewers``
    (written with json.dumps) shows an id of ``hidden_from(state,
    viewer)`` (:func:`leaks`) or contains one of ``secrets``."""
    secret_list = list(secrets)
    for viewer in viewers:
        text = json.dumps(view(state, viewer))
        for secret in secret_list:
            assert secret not in text, f"a secret of the state in the view of {viewer}"
        shown = leaks(text, hidden_from(state, viewer), quoted)
        assert not shown, f"hidden cards {shown} in the view of {viewer}"
