# The steps of a finished match's replay, built once and kept (issue 27 point 7).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('game', '0008_turn_clock'),
    ]

    operations = [
        migrations.CreateModel(
            name='ReplayStep',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('viewer', models.SmallIntegerField()),
                ('engine', models.CharField(max_length=16)),
                ('at', models.PositiveIntegerField()),
                ('seat', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('action', models.JSONField(blank=True, null=True)),
                ('turn', models.JSONField(blank=True, null=True)),
                ('phase', models.JSONField(blank=True, null=True)),
                ('view', models.JSONField()),
                ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='game.match')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('match', 'viewer', 'engine', 'at'), name='replay_step_unique')],
            },
        ),
    ]
