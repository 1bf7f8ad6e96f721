"""REST serializers for matches and their action logs."""

from rest_framework import serializers

from game import rules
from game.models import Match, MatchAction


class MatchSerializer(serializers.ModelSerializer):
    """A match: status, version, result, mode and its players (seat, name, heroes)."""

    mode = serializers.SerializerMethodField()
    players = serializers.SerializerMethodField()
    result = serializers.DictField(
        read_only=True, allow_null=True, help_text='{"winner": seat or null, "reason": ...} once finished; null before.'
    )

    class Meta:
        model = Match
        fields = ["id", "mode", "status", "version", "result", "players", "created", "updated"]

    def get_mode(self, match: Match) -> str:
        """The engine mode of the match (a game without modes: its name, "arcane")."""
        return match.config.get("mode") or match.config.get("game", "")

    def get_players(self, match: Match) -> list[dict]:
        """``[{"seat", "name", "heroes", "team", "user_id", "bot"}]`` in seat
        order (``team`` is null in modes without teams; a table bot's seat
        has ``user_id`` null, its name from the match config and ``bot`` its
        kind, a person's ``bot`` null)."""
        seats = match.config.get("seats", [])
        out = []
        for player in match.players.all():
            conf = seats[player.seat] if player.seat < len(seats) else {}
            heroes = conf.get("heroes") or ([conf["hero"]] if "hero" in conf else [])
            name = player.user.public_name if player.user_id else conf.get("name", "")
            out.append(
                {
                    "seat": player.seat,
                    "name": name,
                    "heroes": heroes,
                    "team": conf.get("team"),
                    "user_id": player.user_id,
                    "bot": player.bot or None,
                }
            )
        return out


class LoggedActionSerializer(serializers.ModelSerializer):
    """One applied action as a viewer may see it, by the engine's policy
    (game.rules.action_for: the actions of the viewer and its teammates in
    full, house rule R21, other seats' by type only, since an action can
    name a hidden card). Context: ``state`` (the match's) and ``viewer``
    (a seat, or None)."""

    action = serializers.SerializerMethodField()

    class Meta:
        model = MatchAction
        fields = ["seq", "seat", "action", "created"]

    def get_action(self, entry: MatchAction) -> dict:
        """The action as the viewer may read it (game.rules.action_for)."""
        return rules.action_for(self.context["state"], entry.seat, entry.action, self.context.get("viewer"))
