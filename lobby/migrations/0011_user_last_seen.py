# The account's last sign of life: a table whose host left stops offering seats (issue 27).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('lobby', '0010_seat_deck'),
    ]

    operations = [
        migrations.AddField(
            model_name='user',
            name='last_seen',
            field=models.DateTimeField(blank=True, editable=False, null=True),
        ),
    ]
