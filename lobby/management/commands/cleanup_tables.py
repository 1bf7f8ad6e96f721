"""``manage.py cleanup_tables``: delete abandoned open tables."""

from django.core.management.base import BaseCommand

from lobby.services import delete_abandoned_tables


class Command(BaseCommand):
    """Delete open tables idle longer than CODEX_TABLE_IDLE_MINUTES (run it from cron)."""

    help = "Delete open tables idle longer than CODEX_TABLE_IDLE_MINUTES."

    def handle(self, *args, **options):
        """Delete them and print how many."""
        self.stdout.write(f"deleted {delete_abandoned_tables()} abandoned table(s)")
