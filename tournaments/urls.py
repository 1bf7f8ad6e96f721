"""Tournament page routes (issue 33)."""

from django.urls import path

from tournaments import views

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournaments"),
    path("tournaments/new/", views.new_tournament, name="new_tournament"),
    path("tournaments/<int:tournament_id>/", views.tournament_page, name="tournament"),
    path("tournaments/<int:tournament_id>/signup/", views.sign_up, name="tournament_signup"),
    path("tournaments/<int:tournament_id>/drop/", views.drop, name="tournament_drop"),
    path("tournaments/<int:tournament_id>/start/", views.start, name="tournament_start"),
    path("tournaments/<int:tournament_id>/bots/", views.add_bot, name="tournament_add_bot"),
    path("tournaments/<int:tournament_id>/bots/<int:entry_id>/remove/", views.remove_bot, name="tournament_remove_bot"),
]
