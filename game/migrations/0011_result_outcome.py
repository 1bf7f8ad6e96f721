# Finished matches keep the engine's outcome in their result (issue 28 point 3):
# the lobby reads who conceded and whose base fell from the result, not from
# the stored state nor the action log.

from django.db import migrations


def _conceder(MatchAction, match):
    """The seat whose concession was the match's last action, else None
    (how the lobby told it before results carried ``conceded_by``)."""
    last = MatchAction.objects.filter(match=match, seq=match.version).values("seat", "action").first()
    return last["seat"] if last and (last["action"] or {}).get("type") == "concede" else None


def forwards(apps, schema_editor):
    """Give every finished match's result ``fallen``, ``shared`` (from the
    engine's outcome of its final state) and ``conceded_by`` where it has
    none."""
    from game import rules

    Match = apps.get_model("game", "Match")
    MatchAction = apps.get_model("game", "MatchAction")
    for match in Match.objects.filter(status="finished").only("id", "version", "state", "result").iterator():
        result = dict(match.result or {})
        if "fallen" in result:
            continue
        end = rules.outcome(match.state)
        result["fallen"] = end["fallen"]
        result["shared"] = end["shared"]
        if "conceded_by" not in result:
            result["conceded_by"] = _conceder(MatchAction, match)
        Match.objects.filter(pk=match.pk).update(result=result)


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0010_state_snapshot"),
    ]

    operations = [
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
