# Codex states of schema 1 become schema 2 (issue 28: marks typed, a schema
# version and a migration for stored matches): the per-turn counters of
# Reteller of Truths (``retold``) and Censorship Council (``plays``) take the
# one shape {"turn", "n"} (game/codex/schema.py). A match's only stored state
# is its snapshot, Match.state (0010); the action log and the replay steps
# (views) hold no state. The services upgrade any state still of schema 1 when
# they load it, so the upgrade is done once here and stays correct after.

from django.db import migrations


def forwards(apps, schema_editor):
    """Upgrade every stored Codex state of schema 1 (game.rules.upgrade)."""
    from game import rules

    Match = apps.get_model("game", "Match")
    for match in Match.objects.only("id", "state").iterator():
        state = match.state
        if not isinstance(state, dict) or rules.game_of(state) != rules.CODEX or state.get("schema", 1) >= 2:
            continue
        Match.objects.filter(pk=match.pk).update(state=rules.upgrade(state))


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0011_result_outcome"),
    ]

    operations = [
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
