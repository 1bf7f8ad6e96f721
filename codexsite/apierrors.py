"""How the API answers an address no route of it matches (issue 27, point 13).

``page_not_found`` is Django's handler404: JSON under /api/ (an address no
API route matches, such as a table id that is not digits), the friendly
page elsewhere.
"""
from django.http import JsonResponse
from django.views import defaults

API_PREFIX = "/api/"
NOT_FOUND = "There is nothing at this address."


def page_not_found(request, exception):
    """Django's handler404: ``{"code": "not_found", "detail"}`` for an
    address under /api/, the site's own page (templates/404.html) elsewhere."""
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"code": "not_found", "detail": NOT_FOUND}, status=404)
    return defaults.page_not_found(request, exception)
