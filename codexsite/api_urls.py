"""REST API routes (under /api/).

Table and match ids are digits only (the viewsets' ``lookup_value_regex``),
so a malformed id matches no route and is a 404 (issue 11). No format-suffix
routes (``/api/tables/1.json``): the API speaks JSON (``?format=api`` gives
the browsable page), and the suffix handed handlers an argument most of
them do not take.
"""

from django.urls import path
from rest_framework.routers import DefaultRouter

from community.api import PairingView
from decks.api import DeckViewSet
from game.api import CardViewSet, MatchViewSet
from lobby.api import (
    LobbyMatchesView,
    MeView,
    ModeView,
    RematchView,
    TableViewSet,
    TurnBasedMatchesView,
    VacationView,
)

router = DefaultRouter()
router.include_format_suffixes = False
router.register("tables", TableViewSet, basename="table")
router.register("matches", MatchViewSet, basename="match")
router.register("cards", CardViewSet, basename="card")
router.register("decks", DeckViewSet, basename="deck")

urlpatterns = [
    path("me/", MeView.as_view(), name="me"),
    path("modes/", ModeView.as_view(), name="modes"),
    path("lobby/matches/", LobbyMatchesView.as_view(), name="lobby-matches"),
    path("lobby/rematch/<int:match_id>/", RematchView.as_view(), name="lobby-rematch"),
    path("lobby/turn-based/", TurnBasedMatchesView.as_view(), name="lobby-turn-based"),
    path("vacations/", VacationView.as_view(), name="vacations"),
    path("pairing/", PairingView.as_view(), name="pairing"),
    *router.urls,
]
