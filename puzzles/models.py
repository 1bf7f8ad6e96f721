"""What the server keeps of puzzles (issue 34 point 3): each puzzle's and
each solver's openskill rating, and every attempt (a match made from the
puzzle's position)."""

from django.conf import settings
from django.db import models

from game.models import Match


class PuzzleRating(models.Model):
    """The rating of one stored puzzle (``puzzle``: its id in the data
    file): ``mu`` and ``sigma``, with its tries and solves."""

    puzzle = models.CharField(max_length=40, unique=True)
    mu = models.FloatField()
    sigma = models.FloatField()
    tries = models.PositiveIntegerField(default=0)
    solves = models.PositiveIntegerField(default=0)


class SolverRating(models.Model):
    """The puzzle rating of one account: ``mu``, ``sigma``, tries and solves."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="puzzle_rating")
    mu = models.FloatField()
    sigma = models.FloatField()
    tries = models.PositiveIntegerField(default=0)
    solves = models.PositiveIntegerField(default=0)


class Attempt(models.Model):
    """One try of ``user`` at ``puzzle``, played as ``match``; ``result``
    is "" while it is being played, then "solved" or "failed" (settled
    once: both ratings move then)."""

    class Result(models.TextChoices):
        PLAYING = "", "playing"
        SOLVED = "solved", "solved"
        FAILED = "failed", "failed"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="puzzle_attempts")
    puzzle = models.CharField(max_length=40)
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="puzzle_attempt")
    result = models.CharField(max_length=6, choices=Result.choices, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["user", "result"], name="attempt_user_result")]
