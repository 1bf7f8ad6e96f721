"""Name keys of letters and digits only (the tester's F6 of issue 27):
``Miragioo.`` and ``Mí ragioo`` no longer pass as names other than
``Miragioo`` (lobby.names.name_keys drops spaces, punctuation and accents).

Every account's keys are made again as migration 0003 first made them,
oldest account first: a later account whose display name now looks like an
older account's name loses that display name (it shows its username until
it picks another). The keys are emptied first, so no new key meets an old
one in the unique constraints.
"""
from importlib import import_module

from django.db import migrations


def refill_keys(apps, schema_editor):
    """Empty every account's keys, then fill them as migration 0003 does."""
    apps.get_model("lobby", "User").objects.update(name_key="", shape_key="")
    import_module("lobby.migrations.0003_name_keys").fill_keys(apps, schema_editor)


class Migration(migrations.Migration):

    dependencies = [
        ("lobby", "0011_user_last_seen"),
    ]

    operations = [
        migrations.RunPython(refill_keys, migrations.RunPython.noop),
    ]
