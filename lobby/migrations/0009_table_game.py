# The game a table plays and its table options (issue 17: Arcane Codex beside Codex).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('lobby', '0008_table_map'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='game',
            field=models.CharField(default='codex', max_length=16),
        ),
        migrations.AddField(
            model_name='table',
            name='options',
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
