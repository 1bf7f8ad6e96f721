"""Name keys of the shown names (issue 11): look-alike display names clash.

Existing accounts get the keys of the name they show, oldest first. A later
account whose display name looks like an older account's name loses that
display name (it shows its username until it picks another); when even its
username clashes, its keys stay empty (unprotected, but it keeps working).
"""
from django.db import migrations, models

from lobby.names import name_keys


def fill_keys(apps, schema_editor):
    """Give every account the keys of its shown name, oldest account first."""
    User = apps.get_model("lobby", "User")
    taken = set()
    for user in User.objects.order_by("pk"):
        display_name = user.display_name
        keys = set(name_keys(display_name or user.username))
        if keys & taken and display_name:
            display_name = ""
            keys = set(name_keys(user.username))
        if keys & taken:
            User.objects.filter(pk=user.pk).update(display_name=display_name)
            continue
        taken |= keys
        name_key, shape_key = name_keys(display_name or user.username)
        User.objects.filter(pk=user.pk).update(display_name=display_name, name_key=name_key, shape_key=shape_key)


class Migration(migrations.Migration):

    dependencies = [
        ('auth', '0012_alter_user_first_name_max_length'),
        ('lobby', '0002_display_name_unique'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='user',
            name='user_display_name_unique_ci',
        ),
        migrations.AddField(
            model_name='user',
            name='name_key',
            field=models.TextField(blank=True, default='', editable=False),
        ),
        migrations.AddField(
            model_name='user',
            name='shape_key',
            field=models.TextField(blank=True, default='', editable=False),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='user',
            constraint=models.UniqueConstraint(condition=models.Q(('name_key', ''), _negated=True), fields=('name_key',), name='user_name_key_unique'),
        ),
        migrations.AddConstraint(
            model_name='user',
            constraint=models.UniqueConstraint(condition=models.Q(('shape_key', ''), _negated=True), fields=('shape_key',), name='user_shape_key_unique'),
        ),
    ]
