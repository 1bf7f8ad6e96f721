# The deck a player brings to a C-23 seat (issue 18).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('lobby', '0009_table_game'),
    ]

    operations = [
        migrations.AddField(
            model_name='seat',
            name='deck',
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
