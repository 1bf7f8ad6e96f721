"""Account and lobby page routes."""

from django.contrib.auth import views as auth_views
from django.urls import path, re_path

from lobby import views
from lobby.models import INVITE_TOKEN_PATTERN

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("signup/", views.signup, name="signup"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("match/<int:match_id>/rematch/", views.rematch, name="rematch"),
    re_path(rf"^invite/(?P<token>{INVITE_TOKEN_PATTERN})/$", views.invite, name="invite"),
]
