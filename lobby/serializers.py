"""REST serializers for accounts, tables and seats."""

from django.core.exceptions import ValidationError
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from codexsite.apischema import ChoiceOf, exact_text
from game import turnbased, turnclock
from game.models import Match
from game.rules import tables
from game.standins import BOT_KINDS, bot_name
from lobby.displaynames import clean_display_name
from lobby.models import Seat, Table, User
from lobby.modes import MODES
from lobby.names import MAX_CHARS, MIN_CHARS
from lobby.services import held_seats, hold_ends, host_here, map_choices

# The table bots a host may seat (the schema's enum BotKind, settings ENUM_NAME_OVERRIDES).
BOT_KIND_CHOICES = list(BOT_KINDS)

DECK_HELP = 'C-23 only: a starter ("red", "blue", "green") or the id of one of your saved decks (/api/decks/).'


class MeSerializer(serializers.ModelSerializer):
    """The logged-in account."""

    display_name = exact_text(
        min_length=MIN_CHARS,
        max_length=MAX_CHARS,
        help_text=(f"{MIN_CHARS} to {MAX_CHARS} letters, digits, spaces and . ' _ -; nobody else's (lobby.names)."),
    )

    class Meta:
        model = User
        fields = ["id", "username", "display_name"]
        read_only_fields = ["id", "username"]

    def validate_display_name(self, value: str) -> str:
        """The tidied display name (lobby.names); 400 when it is bad or taken."""
        try:
            return clean_display_name(value, self.instance)
        except ValidationError as err:
            raise serializers.ValidationError(err.messages) from None


class SeatSerializer(serializers.ModelSerializer):
    """A seat: index, team, who sits there, their heroes (main hero first)
    and ready flag; ``bot``: the kind of table bot in it (null for a person
    or an empty seat; ``player`` is then the bot's label); at a C-23 table
    ``deck`` (the choice: a starter's colour or a saved deck's id) and
    ``deck_name`` (null before a pick and in other games; the cards are not
    shown)."""

    user_id = serializers.IntegerField(read_only=True, allow_null=True)
    bot = serializers.SerializerMethodField()
    player = serializers.SerializerMethodField()
    main_hero = serializers.SerializerMethodField()
    deck = serializers.SerializerMethodField()
    deck_name = serializers.SerializerMethodField()

    class Meta:
        model = Seat
        fields = ["index", "team", "user_id", "player", "heroes", "main_hero", "ready", "bot", "deck", "deck_name"]

    def get_deck(self, seat: Seat) -> str | None:
        """The seat's deck choice (``"red"``, ``"12"``, ...), None before a pick."""
        return seat.deck.get("choice")

    def get_deck_name(self, seat: Seat) -> str | None:
        """The name of the seat's deck ("Blue starter", a saved deck's name), None before a pick."""
        return seat.deck.get("name")

    def get_player(self, seat: Seat) -> str | None:
        """The seated player's public name, a bot's name as the match will
        call it (game.standins.bot_name: "Greedy bot", or "Greedy bot 3" when
        the table has several bots), or None for an empty seat."""
        if seat.bot:
            several = sum(1 for other in seat.table.seats.all() if other.bot) > 1
            return bot_name(seat.bot, seat.index, several)
        return seat.user.public_name if seat.user_id else None

    @extend_schema_field(serializers.ChoiceField(choices=BOT_KIND_CHOICES, allow_null=True))
    def get_bot(self, seat: Seat) -> str | None:
        """The kind of table bot in the seat (a game.standins.BOT_KINDS key), None for a person or nobody."""
        return seat.bot or None

    def get_main_hero(self, seat: Seat) -> str | None:
        """The main hero (the first picked; its colour gives the starting
        deck), or None before a pick."""
        return seat.heroes[0] if seat.heroes else None


@extend_schema_field({"type": "string", "enum": map_choices()})
class MapField(serializers.CharField):
    """A table's map choice, one of lobby.services.map_choices (the schema
    lists them); the lobby checks it (``bad_map``: an unknown map, or a map
    at a table of a game without maps)."""


@extend_schema_field({"type": "integer", "minimum": turnclock.MIN_SECONDS, "maximum": max(turnbased.MOVE_CHOICES)})
class TurnSecondsField(serializers.IntegerField):
    """A table's turn timer in seconds, or null (off): a live table's
    (game.turnclock) or a turn-based table's time per move
    (game.turnbased.MOVE_CHOICES); the schema gives the widest bounds, the
    lobby checks them (``bad_timer``)."""


class TableSerializer(serializers.ModelSerializer):
    """A table with its seats. The invite token is shown to its host and players only."""

    seats = SeatSerializer(many=True, read_only=True)
    host = serializers.CharField(source="host.public_name", read_only=True)
    host_id = serializers.IntegerField(read_only=True)
    match_id = serializers.IntegerField(read_only=True, allow_null=True)
    match_status = serializers.SerializerMethodField(
        help_text='The started match\'s status: "playing" or "finished"; null before the start.'
    )
    invite_token = serializers.SerializerMethodField()
    removed = serializers.SerializerMethodField()
    rematch_of_match = serializers.SerializerMethodField()
    host_here = serializers.SerializerMethodField(
        help_text="False when the host left the site (not seen for CODEX_HOST_GONE_MINUTES): the table "
        "takes no new player until they are back."
    )
    held_seats = serializers.SerializerMethodField(
        help_text="At a rematch that waits: the seats kept for the players of the match it plays again, "
        '[{"index", "user_id", "player", "until"}] (nobody else may take them until then); else [].'
    )
    seat_count = serializers.IntegerField(write_only=True, required=False, min_value=1, max_value=8)
    turn_seconds = TurnSecondsField(
        required=False,
        allow_null=True,
        help_text="The turn timer in seconds, or null: off (live, 30 to 3600); a turn-based table's time "
        "per move (3600, 28800, 86400, 172800, 259200, 604800 or 1209600).",
    )
    turn_based = serializers.BooleanField(
        required=False, default=False, help_text="A turn-based table: a match played over days (issue 32)."
    )
    deadline_rule = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=10,
        help_text='A turn-based table\'s rule at a missed deadline: "stand_in" (a bot plays the turn) or '
        '"strikes" (the player loses after strikes_allowed missed deadlines); "" at a live table.',
    )
    strikes_allowed = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=99,
        help_text="Under the strikes rule, the missed deadlines that lose (1 to 5; default 3); else 0.",
    )
    webhook_url = serializers.CharField(
        write_only=True,
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        max_length=500,
        help_text="A turn-based table's chat webhook (Discord- or Slack-compatible, https://...): every "
        'turn notice of its match is posted there too; "" none. Only on create; never shown back.',
    )
    mode = ChoiceOf(choices=sorted(MODES))
    map = MapField(
        trim_whitespace=False,
        required=False,
        allow_blank=True,
        max_length=32,
        help_text='The map card: "" none (default), "random" (drawn at the start) or a map id ("fury_road", ...).',
    )
    map_drawn = serializers.CharField(read_only=True, help_text='The map the match plays on once started ("" none).')
    map_name = serializers.SerializerMethodField()
    game = serializers.CharField(
        read_only=True, help_text="The game the table plays (codex, arcane, c23), from its mode."
    )
    options = serializers.DictField(
        required=False,
        help_text="The game's table options (Arcane Codex: "
        "docs/ARCANE.md 'Config'; C-23: docs/C23.md 'Options'); those left out "
        "keep their defaults.",
    )
    deck = exact_text(
        write_only=True, required=False, max_length=20, help_text="On create: the host's deck. " + DECK_HELP
    )

    class Meta:
        model = Table
        fields = [
            "id",
            "mode",
            "game",
            "options",
            "is_public",
            "allow_spectators",
            "rated",
            "status",
            "host",
            "host_id",
            "seats",
            "match_id",
            "match_status",
            "invite_token",
            "removed",
            "rematch_of_match",
            "host_here",
            "held_seats",
            "seat_count",
            "turn_seconds",
            "turn_based",
            "deadline_rule",
            "strikes_allowed",
            "webhook_url",
            "map",
            "map_drawn",
            "map_name",
            "deck",
            "created",
            "updated",
        ]
        read_only_fields = ["status", "created", "updated"]

    def get_match_status(self, table: Table) -> str | None:
        """The match's status, from the annotation the lobby's queries add
        (lobby.api._tables: no state loaded), else read by the match's id."""
        if table.match_id is None:
            return None
        status = getattr(table, "match_status", None)
        if status is None:
            status = Match.objects.filter(pk=table.match_id).values_list("status", flat=True).first()
        return status

    def get_map_name(self, table: Table) -> str | None:
        """The map as players read it: its name (the drawn one once a random
        map's match started), "Random map" before the draw, None without a map."""
        shown = table.map_drawn or table.map
        if not shown:
            return None
        return "Random map" if shown == "random" else tables.map_name(shown)

    def get_invite_token(self, table: Table) -> str | None:
        """The invite token for the host and seated players; None for others."""
        user = self.context["request"].user
        if table.host_id == user.pk or any(s.user_id == user.pk for s in table.seats.all()):
            return table.invite_token
        return None

    def get_rematch_of_match(self, table: Table) -> int | None:
        """For a rematch table, the id of the finished match it plays again; else None."""
        return table.rematch_of.match_id if table.rematch_of_id is not None else None

    def get_host_here(self, table: Table) -> bool:
        """Whether the host is still on the site (lobby.services.host_here)."""
        return host_here(table)

    def get_held_seats(self, table: Table) -> list:
        """The seats kept for the match's players (lobby.services.held_seats), by index."""
        held = held_seats(table)
        until = hold_ends(table).isoformat() if held else None
        return [
            {"index": index, "user_id": user_id, "player": name, "until": until}
            for index, (user_id, name) in sorted(held.items())
        ]

    def get_removed(self, table: Table) -> bool:
        """True when the host removed the caller from this table (they may not sit there again)."""
        user = self.context["request"].user
        return any(u.pk == user.pk for u in table.removed.all())


class RemoveSerializer(serializers.Serializer):
    """Remove the player at seat ``index`` (host only)."""

    index = serializers.IntegerField(min_value=0)


class BotSerializer(serializers.Serializer):
    """Put a table bot of ``kind`` in the empty seat ``index`` (host only)."""

    index = serializers.IntegerField(min_value=0)
    kind = ChoiceOf(
        choices=BOT_KIND_CHOICES,
        help_text="The bot (game.standins.BOT_KINDS): random, greedy, or a search level easy, normal or hard.",
    )
    heroes = serializers.ListField(
        child=exact_text(max_length=64),
        required=False,
        max_length=8,
        help_text="The bot's heroes (default: picked at random).",
    )
    deck = exact_text(
        required=False,
        max_length=20,
        help_text='C-23 only: the bot\'s starter ("red", "blue", "green"; default: drawn).',
    )


class JoinSerializer(serializers.Serializer):
    """Take seat ``index``; ``invite`` is the token of a private table;
    ``deck`` the deck brought to a C-23 seat."""

    index = serializers.IntegerField(min_value=0)
    invite = exact_text(required=False, allow_blank=True, max_length=64)
    deck = exact_text(required=False, max_length=20, help_text=DECK_HELP)


class SeatUpdateSerializer(serializers.Serializer):
    """Change your own seat: heroes, main hero, deck (C-23) and/or ready."""

    deck = exact_text(required=False, max_length=20, help_text=DECK_HELP)
    heroes = serializers.ListField(
        child=exact_text(max_length=64),
        required=False,
        max_length=8,
        help_text="Exactly the mode's number of different heroes (3 in the 3-hero game), or [] to clear.",
    )
    main = exact_text(
        required=False,
        max_length=64,
        help_text="The main hero, one of the picked heroes (default: the first); its colour gives the starting deck.",
    )
    ready = serializers.BooleanField(required=False)


class OptionSerializer(serializers.Serializer):
    """A table option of a game (lobby.modes.Option): ``choices`` is
    ``[[value, label], ...]``, empty for a number between ``minimum`` and
    ``maximum`` (``nullable``: it may be left empty: none)."""

    key = serializers.CharField()
    label = serializers.CharField()
    default = serializers.JSONField()
    choices = serializers.ListField(child=serializers.ListField())
    minimum = serializers.IntegerField(allow_null=True)
    maximum = serializers.IntegerField(allow_null=True)
    nullable = serializers.BooleanField()


class ModeSerializer(serializers.Serializer):
    """A game mode the lobby offers: a Codex mode, or another game
    (``game``, with its table ``options``)."""

    key = serializers.CharField()
    game = serializers.CharField()
    options = OptionSerializer(many=True)
    label = serializers.CharField()
    min_seats = serializers.IntegerField()
    max_seats = serializers.IntegerField()
    heroes_per_seat = serializers.IntegerField()
    heroes = serializers.ListField(child=serializers.CharField())
    maps = serializers.BooleanField(help_text="Whether a table of this mode may be played on a map (Codex's).")
    teams = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="The team of each seat index (null when every seat plays alone).",
    )


class VacationSerializer(serializers.Serializer):
    """Days off to declare: ``first`` and ``last`` (dates, both included;
    game.turnbased.declare_vacation checks them)."""

    first = serializers.DateField()
    last = serializers.DateField()
