"""The site's forms, Post/Redirect/Get (the tester's F2): a form's POST,
taken or refused, leads the browser back to the page the form is on (a
redirect), so the address left in the browser is a page's, which a reload
or a later visit shows again, never the form's POST address. The sentence
of the POST (done or refused), the refusal's status and the fields to
fill in again travel in the session to that page's next GET (back_to,
then said)."""

from django.http import HttpResponseRedirect

FLASH = "form_said"  # the session key of what the last form left for its page


def back_to(
    request, url: str, message: str = "", error: str = "", status: int = 200, form=None
) -> HttpResponseRedirect:
    """Redirect to ``url`` (the form's page) after a POST, keeping for that
    page's next GET its ``message`` (taken) or ``error`` (refused, with
    the refusal's HTTP ``status``) and ``form`` (the fields sent, to show
    again). Returns the redirect."""
    request.session[FLASH] = {
        "path": url,
        "message": message,
        "error": error,
        "status": status,
        "form": dict(form or {}),
    }
    return HttpResponseRedirect(url)


def said(request) -> dict:
    """What the last form left for this page (back_to), once: ``message``,
    ``error``, ``status`` (200 when nothing was refused) and ``form``; the
    empty values when it left nothing for this address."""
    flash = request.session.get(FLASH) if hasattr(request, "session") else None
    if not flash or flash.get("path") != request.path:
        return {"message": "", "error": "", "status": 200, "form": {}}
    del request.session[FLASH]
    return flash
