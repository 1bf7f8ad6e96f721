"""REST API routes (under /api/)."""
from django.urls import path
from rest_framework.routers import DefaultRouter

from game.api import CardViewSet, MatchViewSet
from lobby.api import MeView, ModeView, TableViewSet

router = DefaultRouter()
router.register("tables", TableViewSet, basename="table")
router.register("matches", MatchViewSet, basename="match")
router.register("cards", CardViewSet, basename="card")

urlpatterns = [
    path("me/", MeView.as_view(), name="me"),
    path("modes/", ModeView.as_view(), name="modes"),
    *router.urls,
]
