"""REST API for matches, their filtered logs and the card catalog."""

from functools import cache

from django.db.models import Q
from django.urls.converters import IntConverter
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from codexsite.apischema import refusals
from codexsite.refcache import keep_if_current, version_of
from game import replays, rules, visits
from game.models import Match
from game.serializers import LoggedActionSerializer, MatchSerializer
from game.services import may_spectate, seat_of
from game.statereads import current_state

INVITE_PARAM = OpenApiParameter("invite", str, description="Invite token of a private table (to watch).")
REPLAY_VIEW_PARAM = OpenApiParameter(
    "view", str, enum=["spectator", "seat"], description="Whose view: the spectators' (default) or the caller's seat."
)

LogLinesSerializer = inline_serializer(
    "LogLine",
    {"n": serializers.IntegerField(help_text="The line's number in the match's log."), "text": serializers.CharField()},
    many=True,
)

LogSerializer = inline_serializer(
    "MatchLog",
    {
        "version": serializers.IntegerField(),
        "seat": serializers.IntegerField(allow_null=True),
        "lines": LogLinesSerializer,
        "actions": LoggedActionSerializer(many=True),
    },
)

ReplayStepSerializer = inline_serializer(
    "ReplayStep",
    {
        "at": serializers.IntegerField(),
        "seat": serializers.IntegerField(allow_null=True),
        "action": serializers.DictField(allow_null=True),
        "turn": serializers.IntegerField(),
        "phase": serializers.CharField(),
        "view": serializers.DictField(),
    },
)

ReplaySerializer = inline_serializer(
    "Replay",
    {
        "seat": serializers.IntegerField(allow_null=True),
        "count": serializers.IntegerField(),
        "steps": serializers.ListField(child=serializers.DictField()),
        "turns": serializers.ListField(child=serializers.DictField()),
    },
)


class MatchViewSet(viewsets.ReadOnlyModelViewSet):
    """Matches you play, and public matches you may watch. ``log`` gives the
    game log and the action log as the caller may see them."""

    serializer_class = MatchSerializer
    lookup_value_regex = IntConverter.regex  # digits only, as the pages' <int:...> (issue 11)

    def get_queryset(self):
        """Your matches plus public matches that allow spectators, newest first."""
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return Match.objects.none()
        user = self.request.user
        watchable = Q(table__is_public=True, table__allow_spectators=True)
        return Match.objects.filter(Q(players__user=user) | watchable).distinct().prefetch_related("players__user")

    def get_object(self):
        """The match ``pk`` if the caller plays it or may watch it (``?invite=``);
        without its state for a replay (kept apart, game.replays: the state
        was most of a replay request's time)."""
        matches = Match.objects.select_related("table").prefetch_related("players__user")
        if self.action in ("replay", "replay_step"):
            matches = matches.defer("state")
        match = matches.filter(pk=self.kwargs["pk"]).first()
        if match is None:
            raise NotFound()
        seat = seat_of(match.pk, self.request.user.pk)
        if seat is None and not may_spectate(match, self.request.query_params.get("invite")):
            raise NotFound()
        self.viewer_seat = seat
        return match

    @extend_schema(parameters=[INVITE_PARAM], responses={200: MatchSerializer, **refusals(404)})
    def retrieve(self, request, *args, **kwargs):
        """Read one match."""
        return super().retrieve(request, *args, **kwargs)

    @extend_schema(parameters=[INVITE_PARAM], responses={200: LogSerializer, **refusals(404)})
    @action(detail=True, methods=["get"])
    def log(self, request, pk=None):
        """The game log lines of the caller's view and the applied actions,
        other teams' actions redacted to their type."""
        match = self.get_object()
        seat = self.viewer_seat
        state = current_state(match)
        context = {"state": state, "viewer": seat}
        actions = LoggedActionSerializer(match.actions.all(), many=True, context=context).data
        lines = [{"n": line["n"], "text": line["text"]} for line in rules.view(state, seat).get("log", [])]
        return Response({"version": match.version, "seat": seat, "lines": lines, "actions": actions})

    @extend_schema(
        parameters=[INVITE_PARAM],
        request=None,
        responses={
            200: inline_serializer(
                "SinceYouLeft",
                {
                    "version": serializers.IntegerField(),
                    "since_version": serializers.IntegerField(allow_null=True),
                    "lines": LogLinesSerializer,
                },
            ),
            **refusals(404),
        },
    )
    @action(detail=True, methods=["post"])
    def visit(self, request, pk=None):
        """Since you left (issue 32 point 3): the log lines of the caller's
        view added since their last visit, and this visit marked
        (game.visits.visit); none for a first visit or a spectator."""
        match = self.get_object()
        return Response(visits.visit(match, request.user.pk, self.viewer_seat))

    @extend_schema(
        parameters=[INVITE_PARAM],
        responses={200: inline_serializer("TurnText", {"text": serializers.CharField()}), **refusals(404)},
    )
    @action(detail=True, methods=["get"], url_path="turn-text")
    def turn_text(self, request, pk=None):
        """The latest turn as text for a forum post, from the caller's view
        only (game.visits.turn_text)."""
        match = self.get_object()
        return Response({"text": visits.turn_text(match, self.viewer_seat)})

    def _replay(self, request, read, *args):
        """``(viewer seat or None, read(match, seat, *args))`` for the replay
        of the finished match (``?view=seat``: the caller's own seat, a
        player only; else the spectators' view; ``read``: replays.index or
        replays.step), or the error Response."""
        match = self.get_object()
        wanted = request.query_params.get("view", "spectator")
        if wanted not in ("spectator", "seat"):
            return Response({"code": "bad_view", "detail": "Ask for view=spectator or view=seat."}, status=400)
        if wanted == "seat" and self.viewer_seat is None:
            return Response(
                {"code": "not_a_player", "detail": "Only a player of this match replays a seat's view."}, status=403
            )
        seat = self.viewer_seat if wanted == "seat" else None
        try:
            return seat, read(match, seat, *args)
        except replays.NotFinished:
            return Response(
                {
                    "code": "not_finished",
                    "detail": "This match is still being played: its replay is there once it is over.",
                },
                status=409,
            )

    @extend_schema(
        parameters=[INVITE_PARAM, REPLAY_VIEW_PARAM], responses={200: ReplaySerializer, **refusals(400, 404, 409)}
    )
    @action(detail=True, methods=["get"])
    def replay(self, request, pk=None):
        """The replay's index of a finished match: one entry per step (0: the
        start, k: after the k-th action) with its actor, redacted action, turn
        and phase; ``turns``: the first step of each turn. Who may: the
        match's players and whoever may watch it."""
        replay = self._replay(request, replays.index)
        if isinstance(replay, Response):
            return replay
        seat, found = replay
        turns = {}
        for entry in found:
            turns.setdefault(entry["turn"], entry["at"])
        return Response(
            {
                "seat": seat,
                "count": len(found),
                "steps": found,
                "turns": [{"turn": turn, "at": at} for turn, at in turns.items()],
            }
        )

    @extend_schema(
        parameters=[INVITE_PARAM, REPLAY_VIEW_PARAM],
        responses={200: ReplayStepSerializer, **refusals(400, 404, 409)},
        operation_id="matches_replay_step_retrieve",
    )
    @action(detail=True, methods=["get"], url_path=r"replay/(?P<at>\d+)")
    def replay_step(self, request, pk=None, at=None):
        """Step ``at`` of the replay (as ``replay``): ``{"at", "seat",
        "action", "turn", "phase", "view"}``; 404 past the last step."""
        replay = self._replay(request, replays.step, int(at))
        if isinstance(replay, Response):
            return replay
        seat, found = replay
        if found is None:
            count = len(replays.index(self.get_object(), seat))
            return Response({"code": "no_step", "detail": f"This replay has steps 0 to {count - 1}."}, status=404)
        return Response(found)


CARD_FILTERS = ("kind", "color", "spec")
VERSION_PARAM = OpenApiParameter(
    "v", str, description="The data's version the page was served with: the answer to the current one is kept for good."
)


@cache
def catalog_version() -> str:
    """The card catalog's version (codexsite.refcache.version_of): pages ask
    for ``/api/cards/?v=<it>``, an answer the browser keeps. Takes nothing,
    returns 16 hex digits."""
    return version_of(rules.reference.all_cards())


class CardSerializer(serializers.Serializer):
    """A card of the catalog as the API answers it (game.codex.catalog):
    the schema of ``/api/cards/`` (the catalog's dicts are answered as they are)."""

    id = serializers.CharField()
    name = serializers.CharField()
    color = serializers.CharField()
    spec = serializers.CharField(allow_null=True)
    kind = serializers.CharField(help_text="hero, unit, spell, building or upgrade.")
    spell_kind = serializers.CharField(allow_null=True)
    ongoing = serializers.BooleanField()
    legendary = serializers.BooleanField()
    token = serializers.BooleanField()
    starting_zone = serializers.CharField()
    subtypes = serializers.ListField(child=serializers.CharField())
    cost = serializers.IntegerField()
    tech = serializers.IntegerField(allow_null=True)
    atk = serializers.IntegerField(allow_null=True)
    hp = serializers.IntegerField(allow_null=True)
    targets = serializers.BooleanField()
    keywords = serializers.DictField(child=serializers.IntegerField(), help_text="{keyword: amount}.")
    text = serializers.CharField(allow_blank=True)
    mid_level = serializers.IntegerField(required=False, help_text="Heroes only.")
    max_level = serializers.IntegerField(required=False, help_text="Heroes only.")
    bands = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="Heroes only: each level band's level, ATK, HP, keywords and text.",
    )


class CardViewSet(viewsets.ViewSet):
    """The card catalog: every card's facts (cost, type, ATK/HP, tech, text...).
    Readable without logging in: the codex browser (/cards/) is open to
    everyone and reads it (issue 27 point 29); it holds nobody's data."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            *(OpenApiParameter(f, str, description=f"Only cards with this {f}.") for f in CARD_FILTERS),
            VERSION_PARAM,
        ],
        responses={200: CardSerializer(many=True)},
        operation_id="cards_list",
    )
    def list(self, request):
        """List cards, optionally filtered by kind, color or spec; kept by
        the browser when asked for at the catalog's version (``?v=``)."""
        cards = rules.reference.all_cards()
        for field in CARD_FILTERS:
            wanted = request.query_params.get(field)
            if wanted:
                cards = [c for c in cards if c.get(field) == wanted]
        return keep_if_current(request, Response(cards), catalog_version())

    @extend_schema(
        parameters=[OpenApiParameter("id", str, OpenApiParameter.PATH, description="Card id, e.g. troq_bashar.")],
        responses={200: CardSerializer, **refusals(404)},
    )
    def retrieve(self, request, pk=None):
        """One card by id; 404 when unknown."""
        if not rules.reference.card_exists(pk):
            raise NotFound()
        return Response(rules.reference.card(pk))
