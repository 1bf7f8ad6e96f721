# The match row keeps a snapshot of the state and the version it is of; the
# action log after it is the rest (issue 29). A stored match's state is of its
# own version: nothing to replay.

from django.db import migrations, models
from django.db.models import F


def snapshot_at_version(apps, schema_editor):
    apps.get_model("game", "Match").objects.update(state_version=F("version"))


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0009_replay_steps"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="state_version",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(snapshot_at_version, migrations.RunPython.noop),
    ]
