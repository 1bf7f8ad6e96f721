"""Which matches are lessons of the tutorial, and whose."""

from django.conf import settings
from django.db import models


class Lesson(models.Model):
    """A match played as one chapter of the tutorial (learn.script.CHAPTERS,
    by index ``chapter``) by ``user``, against a bot."""

    match = models.OneToOneField("game.Match", on_delete=models.CASCADE, related_name="lesson")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lessons")
    chapter = models.PositiveSmallIntegerField()
    created = models.DateTimeField(auto_now_add=True)
