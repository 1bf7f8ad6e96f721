"""HTTP URL routes: pages, the REST API and its OpenAPI schema and docs."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="api-redoc"),
    path("api/", include("codexsite.api_urls")),
    path("", include("lobby.urls")),
    path("", include("game.urls")),
    path("", include("decks.urls")),
    path("", include("notices.urls")),
    path("", include("community.urls")),
    path("", include("tournaments.urls")),
    path("", include("learn.urls")),
    path("", include("puzzles.urls")),
]

# JSON under /api/ (an address no API route matches, a request Django cannot
# read), the friendly page elsewhere.
handler400 = "codexsite.apierrors.bad_request"
handler404 = "codexsite.apierrors.page_not_found"
