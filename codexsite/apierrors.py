"""How the REST API says no (issue 27, points 3, 12 and 13).

Every refusal of the API is JSON. A refusal about the request as a whole
is ``{"code": "...", "detail": "a sentence"}`` (the lobby's and the deck
builder's refusals too, which add ``problems`` for an illegal deck); a
body whose fields are wrong is ``{"field": ["sentence", ...], ...}``, as
DRF's serializers say it. codexsite.apischema describes both in the
published schema.

``exception_handler`` is DRF's EXCEPTION_HANDLER; ``page_not_found`` is
Django's handler404, JSON under /api/ (an address no API route matches,
such as a table id that is not digits) and the friendly page elsewhere;
``bad_request`` is Django's handler400, for a request Django itself refuses
before any view runs (a body over DATA_UPLOAD_MAX_MEMORY_SIZE, met by the
CSRF check; a Host not in ALLOWED_HOSTS): JSON under /api/ too, the site's
page (templates/400.html) elsewhere.
"""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.views import defaults
from rest_framework import exceptions
from rest_framework.views import exception_handler as drf_exception_handler

API_PREFIX = "/api/"
NOT_FOUND = "There is nothing at this address."

# DRF's sentences replaced by ours where they say less than a player needs.
SENTENCES = {
    "not_authenticated": "Log in first: the API answers logged-in players only.",
    "permission_denied": "You may not do that.",
    "not_found": NOT_FOUND,
    "not_acceptable": "The API answers in JSON only.",
    "unsupported_media_type": "Send the request body as JSON (Content-Type: application/json).",
}
UNREADABLE = "The server could not read this request."
CSRF_FAILED = "The page's security token is missing or out of date: reload the page and try again."


def _sentence(exc: exceptions.APIException, method: str) -> str:
    """The sentence of a refusal that is not about single fields (``method``: the request's)."""
    if isinstance(exc, exceptions.Throttled):
        wait = int(exc.wait) if exc.wait is not None else 1
        return f"Too many requests: wait {max(wait, 1)} seconds, then try again."
    if isinstance(exc.detail, list):
        return " ".join(str(part) for part in exc.detail)
    if isinstance(exc, exceptions.UnsupportedMediaType):
        return SENTENCES["unsupported_media_type"]  # DRF's repeats the Content-Type sent
    if isinstance(exc, exceptions.MethodNotAllowed):
        return f"This address does not take {method} requests."
    if isinstance(exc, exceptions.PermissionDenied) and str(exc.detail).startswith("CSRF Failed"):
        return CSRF_FAILED  # DRF's session authentication runs Django's CSRF check on writes
    code = exc.get_codes() if isinstance(exc.detail, str) else None
    default = str(exc.default_detail)
    if code in SENTENCES and str(exc.detail) == default:
        return SENTENCES[code]
    return str(exc.detail)


def exception_handler(exc, context):
    """DRF's handler, with every refusal that is not about single fields
    answered ``{"code", "detail"}`` (``code`` DRF's code of the exception:
    ``bad_json``, ``not_found``, ``not_authenticated``, ``throttled``...).
    Returns the Response, or None for an exception that is not a refusal
    (a server error)."""
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.APIException) and not isinstance(exc.detail, dict):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else "invalid"
        response.data = {"code": code, "detail": _sentence(exc, context["request"].method)}
    elif not isinstance(exc, exceptions.APIException):  # Django's Http404 / PermissionDenied
        code = "not_found" if response.status_code == 404 else "permission_denied"
        response.data = {"code": code, "detail": SENTENCES[code]}
    return response


def page_not_found(request, exception):
    """Django's handler404: ``{"code": "not_found", "detail"}`` for an
    address under /api/, the site's own page (templates/404.html) elsewhere."""
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"code": "not_found", "detail": NOT_FOUND}, status=404)
    return defaults.page_not_found(request, exception)


def too_big() -> str:
    """The sentence of a body over DATA_UPLOAD_MAX_MEMORY_SIZE."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return f"The request body is too large: the server reads at most {limit // 1024} KB."


def bad_request(request, exception):
    """Django's handler400. Under /api/: 413 ``too_big`` for a body over
    DATA_UPLOAD_MAX_MEMORY_SIZE, else 400 ``bad_request``, each ``{"code",
    "detail"}``; elsewhere the site's page (templates/400.html)."""
    if not request.path.startswith(API_PREFIX):
        return defaults.bad_request(request, exception)
    if isinstance(exception, RequestDataTooBig):
        return JsonResponse({"code": "too_big", "detail": too_big()}, status=413)
    return JsonResponse({"code": "bad_request", "detail": UNREADABLE}, status=400)
