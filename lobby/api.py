"""REST API for accounts, modes and tables (session auth, CSRF on writes)."""

from functools import cache

from django.db.models import F, Q
from django.urls.converters import IntConverter
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from codexsite.apischema import refusals
from codexsite.refcache import keep_if_current, version_of
from game import turnbased
from lobby import services
from lobby.models import Table, is_invite_token
from lobby.modes import MODES
from lobby.overview import lobby_matches, turn_based_page
from lobby.seen import host_gone_cutoff
from lobby.serializers import (
    BotSerializer,
    JoinSerializer,
    MeSerializer,
    ModeSerializer,
    RemoveSerializer,
    SeatUpdateSerializer,
    TableSerializer,
    VacationSerializer,
)

INVITE_PARAM = OpenApiParameter("invite", str, description="Invite token of a private table.")


class MeView(APIView):
    """The logged-in account; PATCH changes the display name."""

    @extend_schema(responses=MeSerializer)
    def get(self, request):
        """Return the account."""
        return Response(MeSerializer(request.user).data)

    @extend_schema(request=MeSerializer, responses={200: MeSerializer, **refusals(400, fields=True)})
    def patch(self, request):
        """Change the display name. Returns the account; 400 on bad input."""
        serializer = MeSerializer(request.user, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        serializer.save()
        return Response(serializer.data)


def _modes() -> list:
    """Every mode as /api/modes/ answers it."""
    return ModeSerializer(MODES.values(), many=True).data


@cache
def modes_version() -> str:
    """The modes' version (codexsite.refcache.version_of): pages ask for
    ``/api/modes/?v=<it>``, an answer the browser keeps. Takes nothing,
    returns 16 hex digits."""
    return version_of(_modes())


class ModeView(APIView):
    """The game modes a table can be opened for, with their heroes."""

    @extend_schema(
        parameters=[OpenApiParameter("v", str, description="The modes' version the page was served with.")],
        responses=ModeSerializer(many=True),
    )
    def get(self, request):
        """Return every mode; kept by the browser when asked for at the modes' version (``?v=``)."""
        return keep_if_current(request, Response(_modes()), modes_version())


# The last page of "Your matches" turn-based (25 a page: far more than an account plays).
MAX_PAGE = 10_000


def _tables():
    """Tables with what their serializer reads (host, rematch, seats, removed
    players, the match's status without its state)."""
    return (
        Table.objects.select_related("host", "rematch_of")
        .prefetch_related("seats__user", "removed")
        .annotate(match_status=F("match__status"))
    )


def _lobby_error(err: services.LobbyError) -> Response:
    return Response({"code": err.code, "detail": err.message}, status=err.status)


class TableViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin, viewsets.GenericViewSet):
    """Tables: list (open public tables not abandoned nor left by their host, plus your own), create,
    read, and the seat operations join, leave, seat (heroes/ready), remove
    (host: a seated player or a bot, before the start), bot (host: a bot in
    an empty seat) and start.

    Errors answer ``{"code": "...", "detail": "..."}`` with 400/403/404/409.
    """

    serializer_class = TableSerializer
    lookup_value_regex = IntConverter.regex  # digits only, as the pages' <int:...> (issue 11)

    def get_queryset(self):
        """Tables visible in the list: open public live ones (active within
        CODEX_TABLE_IDLE_MINUTES, their host seen within
        CODEX_HOST_GONE_MINUTES: lobby.seen), the user's own, and open ones
        the user was removed from (so they see it)."""
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return Table.objects.none()
        user = self.request.user
        mine = (
            Q(host=user)
            | Q(seats__user=user)
            | Q(removed=user, status=Table.Status.OPEN)
            | Q(rematch_of__match__players__user=user, status=Table.Status.OPEN)
        )
        live_public = Q(
            status=Table.Status.OPEN,
            is_public=True,
            updated__gte=services.idle_cutoff(),
            host__last_seen__gte=host_gone_cutoff(),
        )
        invite = self.request.query_params.get("invite")
        by_invite = Q(invite_token=invite) if is_invite_token(invite) else Q(pk__in=[])
        return _tables().filter(mine | live_public | by_invite).distinct()

    @extend_schema(parameters=[INVITE_PARAM])
    def list(self, request, *args, **kwargs):
        """List tables (``?invite=`` adds the table with that token)."""
        return super().list(request, *args, **kwargs)

    def get_object(self):
        """The table ``pk`` when the user may see it (public, own, or ``?invite=``)."""
        table = _tables().filter(pk=self.kwargs["pk"]).first()
        if table is None or not services.can_see(table, self.request.user, self.request.query_params.get("invite")):
            raise NotFound(services.NO_TABLE, code="no_table")
        return table

    @extend_schema(parameters=[INVITE_PARAM], responses={200: TableSerializer, **refusals(404)})
    def retrieve(self, request, *args, **kwargs):
        """Read one table."""
        return super().retrieve(request, *args, **kwargs)

    @extend_schema(responses={201: TableSerializer, **refusals(400, 409, fields=True)})
    def create(self, request, *args, **kwargs):
        """Open a table; the caller takes seat 0. Returns 201 with the table."""
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            table = services.create_table(
                request.user,
                data["mode"],
                data.get("is_public", True),
                data.get("allow_spectators", True),
                data.get("seat_count"),
                data.get("turn_seconds"),
                data.get("map", ""),
                data.get("options"),
                data.get("deck"),
                data.get("rated", False),
                data.get("turn_based", False),
                data.get("deadline_rule", ""),
                data.get("strikes_allowed"),
                data.get("webhook_url", ""),
            )
        except services.LobbyError as err:
            return _lobby_error(err)
        return Response(self._out(table), status=status.HTTP_201_CREATED)

    def _out(self, table):
        return TableSerializer(_tables().get(pk=table.pk), context=self.get_serializer_context()).data

    def _run(self, operation, *args, **kwargs) -> Response:
        try:
            table = operation(*args, **kwargs)
        except services.LobbyError as err:
            return _lobby_error(err)
        if table is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(self._out(table))

    @extend_schema(
        request=JoinSerializer, responses={200: TableSerializer, **refusals(400, 403, 404, 409, fields=True)}
    )
    @action(detail=True, methods=["post"])
    def join(self, request, pk=None):
        """Take seat ``index`` (private tables: pass ``invite``; C-23: ``deck``, the deck you bring)."""
        serializer = JoinSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        return self._run(services.take_seat, int(pk), request.user, data["index"], data.get("invite"), data.get("deck"))

    @extend_schema(request=None, responses={200: TableSerializer, 204: None, **refusals(400, 404, 409)})
    @action(detail=True, methods=["post"])
    def leave(self, request, pk=None):
        """Leave your seat (204 when the table closed because it emptied)."""
        return self._run(services.leave_table, int(pk), request.user)

    @extend_schema(
        request=SeatUpdateSerializer, responses={200: TableSerializer, **refusals(400, 404, 409, fields=True)}
    )
    @action(detail=True, methods=["patch"])
    def seat(self, request, pk=None):
        """Pick heroes, mark the main hero, pick a deck (C-23) and/or set ready on your own seat."""
        serializer = SeatUpdateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        return self._run(
            services.update_seat,
            int(pk),
            request.user,
            data.get("heroes"),
            data.get("ready"),
            data.get("main"),
            data.get("deck"),
        )

    @extend_schema(request=None, responses={200: TableSerializer, **refusals(400, 403, 404, 409)})
    @action(detail=True, methods=["post"])
    def start(self, request, pk=None):
        """Start the match (host; every seat taken and ready). The table then has ``match_id``."""
        return self._run(services.start_table, int(pk), request.user)

    @extend_schema(
        request=RemoveSerializer, responses={200: TableSerializer, **refusals(400, 403, 404, 409, fields=True)}
    )
    @action(detail=True, methods=["post"])
    def remove(self, request, pk=None):
        """Host only, before the start: free seat ``index`` and keep its player
        from sitting here again (they see ``removed: true`` on the table)."""
        serializer = RemoveSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return self._run(services.remove_player, int(pk), request.user, serializer.validated_data["index"])

    @extend_schema(request=BotSerializer, responses={200: TableSerializer, **refusals(400, 403, 404, 409, fields=True)})
    @action(detail=True, methods=["post"])
    def bot(self, request, pk=None):
        """Host only, before the start: put a bot of ``kind`` (greedy or
        random) in the empty seat ``index``; it is ready at once (``remove``
        takes it away)."""
        serializer = BotSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        return self._run(
            services.seat_bot, int(pk), request.user, data["index"], data["kind"], data.get("heroes"), data.get("deck")
        )


class LobbyMatchesView(APIView):
    """The matches of the caller's lobby (lobby.overview.lobby_matches):
    their playing matches (those waiting on them first, ``your_turn``),
    their finished ones with the result, and public ones to watch."""

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request):
        """Return ``{"mine": [...], "history": [...], "watch": [...]}``."""
        return Response(lobby_matches(request.user))


class RematchView(APIView):
    """Offer (or accept) a rematch of a finished match the caller played
    (lobby.services.offer_rematch)."""

    @extend_schema(request=None, responses={200: TableSerializer, **refusals(404, 409)})
    def post(self, request, match_id):
        """Returns the rematch table, the caller seated; errors as the table operations."""
        try:
            table = services.offer_rematch(match_id, request.user)
        except services.LobbyError as err:
            return _lobby_error(err)
        return Response(TableSerializer(_tables().get(pk=table.pk), context={"request": request}).data)


class TurnBasedMatchesView(APIView):
    """A page of the caller's turn-based matches in play
    (lobby.overview.turn_based_page; issue 32): those waiting on them first,
    then by time left. ``?page=`` from 1."""

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "page", {"type": "integer", "minimum": 1, "maximum": MAX_PAGE}, description="The page, from 1."
            )
        ],
        responses={200: OpenApiTypes.OBJECT, **refusals(400)},
    )
    def get(self, request):
        """Return ``{"page", "more", "matches": [...]}``; 400 ``bad_page``."""
        text = request.query_params.get("page", "1")
        if not (text.isdigit() and len(text) <= 6 and 0 < int(text) <= MAX_PAGE):
            return Response({"code": "bad_page", "detail": f"A page is a number from 1 to {MAX_PAGE}."}, status=400)
        return Response(turn_based_page(request.user, int(text)))


class VacationView(APIView):
    """The caller's declared days off (game.turnbased; issue 32): GET lists
    them with the days used this year, POST ``{"first", "last"}`` (dates)
    declares more, DELETE ``?id=`` takes back days that have not begun."""

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request):
        """Return ``{"vacations": [{"id", "first", "last", "begun"}], "days_used", "days_a_year"}``."""
        return Response(_vacations(request.user))

    @extend_schema(request=VacationSerializer, responses={201: OpenApiTypes.OBJECT, **refusals(400, fields=True)})
    def post(self, request):
        """Declare days off; 400 ``bad_dates`` / ``overlaps`` / ``too_many_days``."""
        serializer = VacationSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            turnbased.declare_vacation(
                request.user.pk, serializer.validated_data["first"], serializer.validated_data["last"]
            )
        except turnbased.VacationRefused as err:
            return Response({"code": err.code, "detail": err.reason}, status=400)
        return Response(_vacations(request.user), status=201)

    @extend_schema(
        parameters=[OpenApiParameter("id", int, description="The days off to take back.")],
        responses={200: OpenApiTypes.OBJECT, **refusals(400)},
    )
    def delete(self, request):
        """Take back days off; 400 ``no_such_vacation`` / ``begun``."""
        text = request.query_params.get("id", "")
        try:
            if not (text.isdigit() and len(text) < 19):
                raise turnbased.VacationRefused("no_such_vacation", "There are no such days off.")
            turnbased.cancel_vacation(request.user.pk, int(text))
        except turnbased.VacationRefused as err:
            return Response({"code": err.code, "detail": err.reason}, status=400)
        return Response(_vacations(request.user))


def _vacations(user) -> dict:
    """The days off of ``user`` from today on (each with ``begun``: no longer
    to be taken back), and the days used this year."""
    today = timezone.now().date()
    rows = user.vacations.filter(last__gte=today)
    return {
        "vacations": [
            {
                "id": v.pk,
                "first": v.first.isoformat(),
                "last": v.last.isoformat(),
                "begun": turnbased.vacation_begun(v, today),
            }
            for v in rows
        ],
        "days_used": turnbased.days_off_in(user.pk, today.year),
        "days_a_year": turnbased.VACATION_DAYS_A_YEAR,
    }
