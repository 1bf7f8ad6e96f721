"""Account and lobby page routes."""
from django.contrib.auth import views as auth_views
from django.urls import path

from lobby import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("signup/", views.signup, name="signup"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("invite/<str:token>/", views.invite, name="invite"),
]
