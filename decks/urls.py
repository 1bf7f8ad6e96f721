"""Routes of the C-23 deck builder and how-to-play pages."""

from django.urls import path

from decks import views

urlpatterns = [
    path("decks/", views.decks_page, name="decks"),
    path("c23/how-to-play/", views.c23_how_to_play, name="c23_how_to_play"),
]
