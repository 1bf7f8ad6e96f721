"""The puzzle pages' routes (issue 34 point 3)."""

from django.urls import path

from puzzles import views

urlpatterns = [
    path("puzzles/", views.puzzles_page, name="puzzles"),
    path("puzzles/next/", views.next_puzzle, name="next_puzzle"),
]
