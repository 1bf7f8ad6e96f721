"""REST endpoints of the C-23 deck builder (session auth, CSRF on writes):
``/api/decks/`` lists and creates the user's decks, ``/api/decks/<id>/``
reads, renames or changes (PATCH) and deletes one; ``/api/decks/pool/``
gives the card pool and the starters. Owner-only: someone else's deck id is
a 404, as a deck that does not exist."""

from django.urls.converters import IntConverter
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field, inline_serializer
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from codexsite.apischema import exact_text, refusals
from decks import services
from decks.models import NAME_LENGTH, Deck

PROBLEMS = {"type": "array", "items": {"$ref": "#/components/schemas/DeckProblem"}}


class DeckSerializer(serializers.ModelSerializer):
    """A saved deck: id, name, cards (``{card name: count}``), size, and
    ``problems`` (K1's, empty for a legal deck)."""

    size = serializers.SerializerMethodField()
    problems = serializers.SerializerMethodField()

    class Meta:
        model = Deck
        fields = ["id", "name", "cards", "size", "problems", "updated"]
        read_only_fields = fields

    def get_size(self, deck) -> int:
        """How many cards the deck holds."""
        return sum(deck.cards.values())

    @extend_schema_field(PROBLEMS)
    def get_problems(self, deck) -> list:
        """K1's problems with the deck now (game.c23.validate_deck)."""
        return services.deck_problems(services.expand(deck.cards))


class DeckWriteSerializer(serializers.Serializer):
    """The body of a create or a change (schema only: decks.services reads
    and checks it, ``bad_name``, ``bad_deck``, ``illegal_deck``)."""

    name = exact_text(max_length=NAME_LENGTH, help_text="The deck's name (spaces around it dropped).")
    cards = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=services.MAX_COUNT),
        help_text="{card name: count}; a count of 0 leaves the card out.",
    )


CHECK_BODY = inline_serializer("DeckCheckRequest", {"cards": DeckWriteSerializer().fields["cards"]})
CHECK_ANSWER = inline_serializer(
    "DeckCheck", {"size": serializers.IntegerField(), "problems": serializers.ListField(child=serializers.DictField())}
)


def _error(err: services.DeckError) -> Response:
    return Response({"code": err.code, "detail": err.message, "problems": err.problems}, status=err.status)


class DeckViewSet(viewsets.GenericViewSet):
    """The logged-in user's C-23 decks. Body of a create or change:
    ``{"name": "...", "cards": {"Cinder Vein": 4, ...}}`` (a change may
    leave either out). Errors: ``{"code", "detail", "problems"}`` with 400
    (bad_name, bad_deck, illegal_deck: K1), 404 (no_such_deck) or 409
    (name_taken, too_many_decks)."""

    serializer_class = DeckSerializer
    lookup_value_regex = IntConverter.regex

    def get_queryset(self):
        """The user's own decks only."""
        if getattr(self, "swagger_fake_view", False):  # schema generation
            return Deck.objects.none()
        return Deck.objects.filter(owner=self.request.user)

    def _own(self, request, pk):
        return self.get_queryset().filter(pk=int(pk)).first()

    @extend_schema(responses={200: DeckSerializer(many=True)})
    def list(self, request):
        """The user's decks."""
        return Response(DeckSerializer(self.get_queryset(), many=True).data)

    @extend_schema(request=DeckWriteSerializer, responses={201: DeckSerializer, **refusals(400, 409, deck=True)})
    def create(self, request):
        """Save a new deck (it must pass K1)."""
        data = request.data if isinstance(request.data, dict) else {}
        try:
            deck = services.save_deck(request.user, data.get("name"), data.get("cards"))
        except services.DeckError as err:
            return _error(err)
        return Response(DeckSerializer(deck).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: DeckSerializer, **refusals(404, deck=True)})
    def retrieve(self, request, pk=None):
        """One of the user's decks; 404 for another's."""
        deck = self._own(request, pk)
        if deck is None:
            return _error(services.DeckError("no_such_deck", "No such deck.", status=404))
        return Response(DeckSerializer(deck).data)

    @extend_schema(
        request=DeckWriteSerializer(partial=True), responses={200: DeckSerializer, **refusals(400, 404, 409, deck=True)}
    )
    def partial_update(self, request, pk=None):
        """Rename a deck or change its cards (it must still pass K1)."""
        deck = self._own(request, pk)
        data = request.data if isinstance(request.data, dict) else {}
        try:
            if deck is None:
                raise services.DeckError("no_such_deck", "No such deck.", status=404)
            deck = services.save_deck(request.user, data.get("name"), data.get("cards"), deck=deck)
        except services.DeckError as err:
            return _error(err)
        return Response(DeckSerializer(deck).data)

    @extend_schema(responses={204: None, **refusals(404, deck=True)})
    def destroy(self, request, pk=None):
        """Delete one of the user's decks."""
        deck = self._own(request, pk)
        if deck is None:
            return _error(services.DeckError("no_such_deck", "No such deck.", status=404))
        deck.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=CHECK_BODY, responses={200: CHECK_ANSWER, **refusals(400, deck=True)})
    @action(detail=False, methods=["post"])
    def check(self, request):
        """Check a deck against K1 without saving it: ``{"size", "problems"}``
        (validate_deck's list; empty for a legal deck); 400 for malformed cards."""
        data = request.data if isinstance(request.data, dict) else {}
        try:
            cards = services.read_cards(data.get("cards"))
        except services.DeckError as err:
            return _error(err)
        names = services.expand(cards)
        return Response({"size": len(names), "problems": services.deck_problems(names)})

    @extend_schema(responses=OpenApiTypes.OBJECT)
    @action(detail=False, methods=["get"])
    def pool(self, request):
        """The card pool, the starters and the pool's origin notice."""
        return Response(services.pool_for_page())
