"""Where a learner is in a lesson (tester's report, finding 1;
docs/LEARN.md "Progress"): the step follows the match itself, not a
browser tab, so any tab and any return resumes at the right step.

The step is worked out from the match's log: the learner's actions that
made the state (game.takeback.effective: a take-back drops the actions it
undid) are walked against the chapter's steps in order, and each one that
does what the next waiting step expects passes it (with the read steps
before it). A step whose goal is already met is thereby passed. The hand
card's ``kind`` that a step may also expect is checked by the page before
the action is sent (static/js/learn.js ``wanted``; at such a step any other
action is held back), so here only the action's own keys are compared.
"""

from game import takeback
from game.models import MatchAction
from learn.models import Lesson
from learn.script import chapter

LEARNER_SEAT = 0  # learn.lessons seats the learner at seat 0


def matches(expect: dict, action: dict) -> bool:
    """True when ``action`` (a logged action) has every key of a step's
    ``expect`` with its value, ``kind`` aside (the module docstring says why)."""
    return all(action.get(name) == value for name, value in expect.items() if name != "kind")


def step_reached(steps: list, actions) -> int:
    """The index of the first step of ``steps`` (a chapter's, learn.script)
    not yet done by the learner's ``actions`` (in order, as the log has them):
    each action that is what the next step with an ``expect`` waits for passes
    it and the read steps before it; any other action passes nothing. The
    last step is the most it returns."""
    at = 0
    for action in actions:
        ahead = next((i for i in range(at, len(steps)) if steps[i]["expect"]), None)
        if ahead is not None and matches(steps[ahead]["expect"], action):
            at = ahead + 1
    return min(at, len(steps) - 1)


def current_step(lesson: Lesson) -> int:
    """The step the learner of ``lesson`` is at, from its match's log
    (:func:`step_reached` over the learner's effective actions). Raises
    nothing for a lesson of a chapter in the script."""
    entries = MatchAction.objects.filter(match_id=lesson.match_id).order_by("seq").values_list("seat", "action")
    done = takeback.effective(list(entries))
    return step_reached(chapter(lesson.chapter)["steps"], [a for seat, a in done if seat == LEARNER_SEAT])
