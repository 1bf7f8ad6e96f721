"""The 405 page (the tester's F2): a request of a method an address does
not take (a GET of a form's POST address: a bookmark, the history, a
reload after the form) answers the site's refusal page in its layout with
a way back, as 403 and 404 do, instead of Django's empty 405. Under /api/
the answer stays JSON (codexsite.apierrors)."""

from django.shortcuts import render

from codexsite.apierrors import API_PREFIX


class NotAllowedPageMiddleware:
    """Replace the empty body of a 405 outside /api/ by templates/405.html
    (the status and the Allow header kept)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code != 405 or request.path.startswith(API_PREFIX):
            return response
        if getattr(response, "streaming", False) or response.content:
            return response
        page = render(request, "405.html", status=405)
        if response.has_header("Allow"):
            page["Allow"] = response["Allow"]
        return page
