"""Community page routes: profiles, friends, invitations, leaderboards."""

from django.urls import path, re_path

from community import views

# The characters of a username (Django's username validator: letters, digits
# and @.+-_): any other address under /u/ is a 404 before a lookup (a NUL
# byte reached PostgreSQL, which refuses it: a 500).
USERNAME = r"[\w.@+-]+"

urlpatterns = [
    re_path(rf"^u/(?P<username>{USERNAME})/$", views.profile_page, name="profile"),
    re_path(rf"^u/(?P<username>{USERNAME})/follow/$", views.follow_user, name="follow"),
    re_path(rf"^u/(?P<username>{USERNAME})/unfollow/$", views.unfollow_user, name="unfollow"),
    path("friends/", views.friends_page, name="friends"),
    path("friends/invite/", views.invite_friends, name="invite_friends"),
    path("invites/<int:invite_id>/accept/", views.accept_invite, name="accept_invite"),
    path("invites/<int:invite_id>/decline/", views.decline_invite, name="decline_invite"),
    path("leaderboards/", views.leaderboards_page, name="leaderboards"),
    path("leaderboards/<str:family>/", views.leaderboard_page, name="leaderboard"),
]
