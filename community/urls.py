"""Community page routes: profiles, friends, invitations, leaderboards."""

from django.urls import path

from community import views

urlpatterns = [
    path("u/<str:username>/", views.profile_page, name="profile"),
    path("u/<str:username>/follow/", views.follow_user, name="follow"),
    path("u/<str:username>/unfollow/", views.unfollow_user, name="unfollow"),
    path("friends/", views.friends_page, name="friends"),
    path("friends/invite/", views.invite_friends, name="invite_friends"),
    path("invites/<int:invite_id>/accept/", views.accept_invite, name="accept_invite"),
    path("invites/<int:invite_id>/decline/", views.decline_invite, name="decline_invite"),
    path("leaderboards/", views.leaderboards_page, name="leaderboards"),
    path("leaderboards/<str:family>/", views.leaderboard_page, name="leaderboard"),
]
