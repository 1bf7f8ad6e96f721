"""Replay page, codex browser and How to play routes (the match page's
route is the tutorial's: learn.urls, since a lesson's match goes to its
lesson)."""

from django.urls import path

from game import views

urlpatterns = [
    path("match/<int:match_id>/replay/", views.replay_page, name="replay"),
    path("cards/", views.cards_page, name="cards"),
    path("how-to-play/", views.how_to_play_page, name="how_to_play"),
    path("how-to-play/arcane/", views.arcane_how_to_play_page, name="arcane_how_to_play"),
]
