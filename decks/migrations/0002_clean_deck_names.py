# Deck names saved before they were cleaned as every user-written name is (issue 27 point 4).

from django.db import migrations

from decks.services import DeckError, check_name


def clean_names(apps, schema_editor):
    """Give every saved deck its name as decks.services.check_name keeps it
    now; a name left empty (nothing visible) or a starter's becomes
    "Deck <id>", and one that now clashes with another deck of its owner
    gets its id after it."""
    Deck = apps.get_model("decks", "Deck")
    for deck in Deck.objects.order_by("id"):
        try:
            name = check_name(deck.name)
        except DeckError:
            name = f"Deck {deck.pk}"
        if name == deck.name:
            continue
        if Deck.objects.filter(owner_id=deck.owner_id, name=name).exclude(pk=deck.pk).exists():
            name = f"{name[:48]} ({deck.pk})"
        deck.name = name
        deck.save(update_fields=["name"])


class Migration(migrations.Migration):

    dependencies = [
        ('decks', '0001_saved_c23_decks'),
    ]

    operations = [
        migrations.RunPython(clean_names, migrations.RunPython.noop),
    ]
