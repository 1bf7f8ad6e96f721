"""The site's routes plus two that fail on purpose (tests/server/test_pages_refusals.py)."""

from django.core.exceptions import PermissionDenied
from django.urls import path

from codexsite.urls import urlpatterns as site_urlpatterns


def forbidden(request):
    """Refuse: PermissionDenied (the 403 page)."""
    raise PermissionDenied


def broken(request):
    """Fail: an unexpected error (the 500 page)."""
    raise RuntimeError("a test fault")


urlpatterns = [path("test-forbidden/", forbidden), path("test-broken/", broken), *site_urlpatterns]
