"""The tutorial's pages (learn.views)."""

from django.urls import path

from learn import views

urlpatterns = [
    path("learn/", views.learn_page, name="learn"),
    path("learn/start/", views.start, name="learn_start"),
    path("learn/real/", views.real_game, name="learn_real"),
    path("learn/match/<int:match_id>/", views.lesson_page, name="learn_match"),
    path("learn/match/<int:match_id>/next/", views.next_chapter, name="learn_next"),
    # The match page, which sends a lesson's learner to the lesson (learn.views.match_page).
    path("match/<int:match_id>/", views.match_page, name="match"),
]
