"""The effect queue and prompts: how multi-step effects pause for a choice.

An action pushes steps (``{"op": name, ...}``) onto ``state["queue"]``;
:func:`run` executes them in order. A step that needs a player's choice sets
``state["prompt"]`` and the queue waits until the prompted seat answers with a
``choose`` action (docs/ARCHITECTURE.md: "Choices in the middle of an effect are
prompts stored in the state"). After every step the engine applies the
state-based checks (deaths, channeling, the end of the game).
"""

from .errors import RulesError

OPS = {}


def op(name: str):
    """Decorator: register ``fn(state, step)`` as the handler of step ``name``.

    Raises ValueError when ``name`` has a handler already: stored states
    name their queued steps, so each name means one thing (issue 12)."""

    def register(fn):
        if name in OPS:
            raise ValueError(f"step {name!r} registered twice")
        OPS[name] = fn
        return fn

    return register


def push(state: dict, step: dict, front: bool = True) -> None:
    """Queue ``step``; at the front (next to run) unless ``front`` is False."""
    if front:
        state["queue"].insert(0, step)
    else:
        state["queue"].append(step)


def push_all(state: dict, steps: list) -> None:
    """Queue ``steps`` at the front, keeping their order."""
    state["queue"][0:0] = steps


def ask(state: dict, seat: int, text: str, options: list, then: dict, count: int = 1, optional: bool = False) -> None:
    """Ask ``seat`` to choose ``count`` of ``options``, then run step ``then``.

    ``then`` receives the answer as ``step["choice"]`` (a list). With fewer
    options than ``count`` all of them are taken ("do as much as you can");
    when the choice is forced (exactly ``count`` options and not optional) it
    is made at once without a prompt. ``optional`` allows choosing none.
    """
    options = list(dict.fromkeys(options))
    if not optional and len(options) <= count:
        step = dict(then)
        step["choice"] = options
        push(state, step)
        return
    state["prompt_seq"] += 1
    state["prompt"] = {
        "id": state["prompt_seq"],
        "seat": seat,
        "text": text,
        "options": options,
        "count": min(count, len(options)),
        "optional": optional,
        "then": then,
    }


def answer_refusal(state: dict, seat: int) -> tuple[str, str] | None:
    """Why ``seat`` may not answer now, as ``(code, message)``: no prompt is
    open (``no_prompt``) or it is another seat's (``not_your_prompt``);
    None when the open prompt is ``seat``'s."""
    prompt = state["prompt"]
    if prompt is None:
        return "no_prompt", "There is no question waiting for an answer."
    if prompt["seat"] != seat:
        return "not_your_prompt", "Another player is making this choice."
    return None


def check_answer(state: dict, seat: int, choice) -> list:
    """Validate ``seat``'s answer to the open prompt without changing anything;
    return it as a list. ``choice`` is a list of options (or one option).
    Raises RulesError ``no_prompt``, ``not_your_prompt`` or ``bad_choice``.
    """
    refusal = answer_refusal(state, seat)
    if refusal is not None:
        raise RulesError(*refusal)
    prompt = state["prompt"]
    if not isinstance(choice, list):
        choice = [choice]
    if any(not isinstance(c, (str, int)) or isinstance(c, bool) for c in choice):
        raise RulesError("bad_choice", "Choose among the offered options.")
    if len(set(choice)) != len(choice) or any(c not in prompt["options"] for c in choice):
        raise RulesError("bad_choice", "Choose among the offered options.")
    wanted = prompt["count"]
    if not (len(choice) == wanted or (prompt["optional"] and len(choice) == 0)):
        raise RulesError("bad_choice", f"Choose exactly {wanted}.")
    return choice
