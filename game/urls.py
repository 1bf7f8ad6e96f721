"""Match page, replay page and codex browser routes."""
from django.urls import path

from game import views

urlpatterns = [
    path("match/<int:match_id>/", views.match_page, name="match"),
    path("match/<int:match_id>/replay/", views.replay_page, name="replay"),
    path("cards/", views.cards_page, name="cards"),
]
