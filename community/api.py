"""The community's REST API (issue 33): quick pairing, "Play now"
(community.pairing). Session auth, CSRF on writes, as the lobby's API."""

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from codexsite.apischema import ChoiceOf, exact_text, refusals
from community import pairing
from community.errors import CommunityError
from game import turnbased
from lobby.modes import MODES
from lobby.serializers import DECK_HELP


class PairingJoinSerializer(serializers.Serializer):
    """What "Play now" asks for: a mode, rated or casual, live or turn-based
    (its time per move), and the pick the player brings."""

    mode = ChoiceOf(choices=sorted(MODES))
    rated = serializers.BooleanField(default=False)
    turn_seconds = serializers.ChoiceField(
        choices=sorted(turnbased.MOVE_CHOICES),
        required=False,
        allow_null=True,
        default=None,
        help_text="Null (or left out): live. Else turn-based with this time per move, in seconds.",
    )
    heroes = serializers.ListField(
        child=exact_text(max_length=40),
        required=False,
        max_length=3,
        help_text="The heroes you bring (ids, as at a table); left out or empty: drawn at random when paired.",
    )
    deck = exact_text(required=False, max_length=20, help_text=DECK_HELP + " Left out: a starter drawn at random.")


class PairingSerializer(serializers.Serializer):
    """The caller's place in the queue: ``state`` "none", "waiting", "paired"
    (``table_id`` and ``match_id`` of the match made) or "failed"
    (``detail``: the lobby's sentence); while waiting, the seconds waited
    and the rating gap accepted now (``window``, null: anyone)."""

    state = serializers.ChoiceField(choices=["none", "waiting", "paired", "failed"])
    mode = serializers.CharField(allow_null=True)
    rated = serializers.BooleanField(allow_null=True)
    turn_seconds = serializers.IntegerField(allow_null=True)
    waited = serializers.IntegerField(allow_null=True)
    window = serializers.FloatField(allow_null=True)
    table_id = serializers.IntegerField(allow_null=True)
    match_id = serializers.IntegerField(allow_null=True)
    detail = serializers.CharField(allow_blank=True)


def _described(request) -> dict:
    """The PairingSerializer's fields for ``request`` (a PairingRequest or None)."""
    shown = dict.fromkeys(["mode", "rated", "turn_seconds", "waited", "window", "table_id", "match_id"])
    if request is None:
        return {"state": "none", **shown, "detail": ""}
    shown.update(mode=request.mode, rated=request.rated, turn_seconds=request.turn_seconds)
    if request.failure:
        return {"state": "failed", **shown, "detail": request.failure}
    if request.table_id is not None:
        shown.update(table_id=request.table_id, match_id=request.table.match_id if request.table else None)
        return {"state": "paired", **shown, "detail": ""}
    waited = max(0.0, (timezone.now() - request.created).total_seconds())
    wide = pairing.window(waited, turn_based=request.turn_seconds is not None)
    shown.update(waited=int(waited), window=None if wide == float("inf") else wide)
    return {"state": "waiting", **shown, "detail": ""}


class PairingView(APIView):
    """Quick pairing ("Play now", issue 33 point 3): GET the caller's place in
    the queue (and pair what can be paired now: a waiting page asks every few
    seconds), POST join a queue (a request already there is replaced),
    DELETE leave it."""

    @extend_schema(responses=PairingSerializer)
    def get(self, request):
        """Return the caller's place in the queue."""
        return Response(_described(pairing.current(request.user)))

    @extend_schema(request=PairingJoinSerializer, responses={201: PairingSerializer, **refusals(400, fields=True)})
    def post(self, request):
        """Join the queue of a mode; 400 ``bad_heroes`` / ``bad_deck`` /
        ``no_such_deck`` / ``illegal_deck`` with a sentence."""
        serializer = PairingJoinSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        try:
            joined = pairing.join(
                request.user,
                data["mode"],
                rated=data["rated"],
                turn_seconds=data["turn_seconds"],
                heroes=data.get("heroes"),
                deck=data.get("deck"),
            )
        except CommunityError as err:
            return Response({"code": err.code, "detail": err.message}, status=err.status)
        return Response(_described(joined), status=201)

    @extend_schema(responses={200: PairingSerializer})
    def delete(self, request):
        """Leave the queue (nothing to leave is no error); returns the caller's place now."""
        pairing.leave(request.user)
        return Response(_described(pairing.current(request.user)))
