"""Match page and codex browser routes."""
from django.urls import path

from game import views

urlpatterns = [
    path("match/<int:match_id>/", views.match_page, name="match"),
    path("cards/", views.cards_page, name="cards"),
]
