"""``manage.py sweep_deadlines``: handle every turn-based deadline that has
passed now (game.tasks.sweep), what the workers' sweep does every minute;
for a check by hand or a server run with the sweep off."""

from django.core.management.base import BaseCommand

from game import tasks


class Command(BaseCommand):
    """Handle the overdue deadlines of turn-based matches once."""

    help = "Handle every turn-based deadline that has passed (the workers' sweep, once)."

    def handle(self, *args, **options):
        """Run the sweep and say how many matches were overdue."""
        count = tasks.sweep()
        self.stdout.write(f"{count} overdue match(es) handled.")
