from django.db import migrations, models


class Migration(migrations.Migration):
    """A table's map card (issue 16): none, random or a map id, and the map
    its match got when it started."""

    dependencies = [
        ('lobby', '0007_table_turn_seconds'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='map',
            field=models.CharField(blank=True, default='', max_length=32),
        ),
        migrations.AddField(
            model_name='table',
            name='map_drawn',
            field=models.CharField(blank=True, default='', max_length=32),
        ),
    ]
