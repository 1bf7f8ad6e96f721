"""The notices' routes (under /notices/), and the service worker and
manifest at the site's root."""

from django.urls import path, re_path

from notices import views

app_name = "notices"

urlpatterns = [
    path("notices/", views.settings_page, name="settings"),
    path("notices/test/", views.send_test, name="test"),
    path("notices/push/subscribe/", views.push_subscribe, name="push_subscribe"),
    path("notices/push/unsubscribe/", views.push_unsubscribe, name="push_unsubscribe"),
    # A signed token (django.core.signing): base64url, ":" between its parts, "." first when compressed.
    re_path(r"^notices/stop/(?P<token>[A-Za-z0-9_.:-]{1,300})/$", views.stop_link, name="stop"),
    path("notices/confirm/again/", views.send_link_again, name="confirm_again"),
    re_path(r"^notices/confirm/(?P<token>[A-Za-z0-9_.:-]{1,400})/$", views.confirm_link, name="confirm"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
]
