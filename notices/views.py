"""The notices' pages: the settings page (channels, push subscriptions,
test notices, failed notices, the address's confirmation), the stop link
(a page whose button stops, and RFC 8058 one-click), the confirmation
link, and the service worker and web app manifest the browser installs."""

import json
import logging

from django.contrib.auth.decorators import login_required
from django.core import signing
from django.db import transaction
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from notices import api, confirm, limits, push, stoplinks
from notices.forms import ChoiceForm
from notices.models import EMAIL, PUSH, WEBHOOK, Notice, NoticeChoice, PushSubscription
from notices.outbox import chosen_channels

log = logging.getLogger(__name__)

FAILED_SHOWN = 10
CHANNEL_WORDS = {EMAIL: "e-mail", PUSH: "push", WEBHOOK: "webhook"}


def _choice(user) -> NoticeChoice:
    return NoticeChoice.objects.get_or_create(user=user)[0]


def _send_confirmation(user) -> str:
    """Mail ``user``'s address its confirmation link, within the limit
    (notices.limits); returns the page's query: what happened."""
    minutes = limits.wait_before(limits.CONFIRM, user.pk)
    if minutes:
        return f"unsent={minutes}"
    try:
        confirm.send_link(user)
    except OSError as exc:  # smtplib's errors are OSErrors too
        log.warning("confirmation mail to user %s not sent: %s", user.pk, exc)
        return "mailfault=1"
    return "linked=1"


@login_required
@require_http_methods(["GET", "POST"])
def settings_page(request):
    """GET: the settings page; POST: save the channels (a refused webhook
    URL or a missing address is said in a sentence and nothing is saved)."""
    choice = _choice(request.user)
    if request.method == "POST":
        form = ChoiceForm(request.POST)
        if form.is_valid():
            address = form.cleaned_data["email"]
            changed = address.lower() != request.user.email.lower()
            with transaction.atomic():
                request.user.email = address
                request.user.save(update_fields=["email"])
                choice.email = form.cleaned_data["email_on"]
                choice.webhook_url = form.cleaned_data["webhook_url"]
                choice.save()
            query = "saved=1"
            if changed and address and not confirm.is_confirmed(request.user, choice):
                query += "&" + _send_confirmation(request.user)
            return redirect(reverse("notices:settings") + "?" + query)
        status = 400
    else:
        form = ChoiceForm(
            initial={"email_on": choice.email, "email": request.user.email, "webhook_url": choice.webhook_url}
        )
        status = 200
    context = {
        "form": form,
        "choice": choice,
        "devices": PushSubscription.objects.filter(user=request.user).count(),
        "active": [CHANNEL_WORDS[c] for c in chosen_channels(request.user)],
        "testable": [(c, CHANNEL_WORDS[c]) for c in chosen_channels(request.user)],
        "failed": Notice.objects.filter(user=request.user, status=Notice.Status.FAILED)[:FAILED_SHOWN],
        "saved": request.GET.get("saved") == "1",
        "tested": CHANNEL_WORDS.get(request.GET.get("tested", "")),
        "vapid_key": push.public_key(),
        "unconfirmed": bool(request.user.email) and not confirm.is_confirmed(request.user, choice),
        "linked": request.GET.get("linked") == "1",
        "unsent": limits.refusal(int(request.GET["unsent"])) if request.GET.get("unsent", "").isdigit() else "",
        "mailfault": request.GET.get("mailfault") == "1",
    }
    return render(request, "notices/settings.html", context, status=status)


@login_required
@require_POST
def send_test(request):
    """Queue a test notice on a channel the user chose (form field ``channel``)."""
    channel = request.POST.get("channel", "")
    if channel not in chosen_channels(request.user):
        context = {"heading": "No test sent", "text": "That channel is not turned on for your account."}
        return render(request, "refusal.html", context, status=400)
    minutes = limits.wait_before(limits.TEST, request.user.pk)
    if minutes:
        context = {"heading": "No test sent", "text": limits.refusal(minutes)}
        return render(request, "refusal.html", context, status=429)
    api.send_test(request.user, channel)
    return redirect(reverse("notices:settings") + f"?tested={channel}")


def _json_body(request):
    try:
        return json.loads(request.body or b"null")
    except (ValueError, UnicodeDecodeError):
        return None


@login_required
@require_POST
def push_subscribe(request):
    """Keep the browser's push subscription (JSON body: its PushSubscription)
    and turn push notices on. A malformed one is refused (400) with a sentence."""
    try:
        data = push.clean_subscription(_json_body(request))
    except push.BadSubscription as exc:
        return JsonResponse({"code": "bad_subscription", "detail": str(exc)}, status=400)
    with transaction.atomic():
        PushSubscription.objects.filter(endpoint=data["endpoint"]).delete()
        PushSubscription.objects.create(user=request.user, **data)
        choice = _choice(request.user)
        choice.push = True
        choice.save(update_fields=["push"])
    return JsonResponse({"devices": PushSubscription.objects.filter(user=request.user).count()})


@login_required
@require_POST
def push_unsubscribe(request):
    """Forget this browser's subscription (JSON ``{"endpoint"}``); push stays
    on for the user's other browsers, off when none is left."""
    body = _json_body(request)
    endpoint = body.get("endpoint") if isinstance(body, dict) else None
    if not isinstance(endpoint, str):
        return JsonResponse({"code": "bad_subscription", "detail": "Say which subscription to end."}, status=400)
    with transaction.atomic():
        PushSubscription.objects.filter(user=request.user, endpoint=endpoint).delete()
        left = PushSubscription.objects.filter(user=request.user).count()
        if not left:
            NoticeChoice.objects.filter(user=request.user).update(push=False)
    return JsonResponse({"devices": left})


def stop(user_id: int, channel: str) -> None:
    """Turn ``channel`` off for user ``user_id`` (a stop link)."""
    rows = NoticeChoice.objects.filter(user_id=user_id)
    if channel == EMAIL:
        rows.update(email=False)
    elif channel == PUSH:
        rows.update(push=False)
    else:
        rows.update(webhook_url="")


@csrf_exempt  # the token is the proof; mail clients POST it (List-Unsubscribe-Post)
@require_http_methods(["GET", "POST"])
def stop_link(request, token):
    """A notice's stop link. GET (a person, or a mail scanner opening every
    link) shows a page whose button stops, changing nothing; POST (that
    button, or a mail client's RFC 8058 one-click) turns the channel off for
    its user and says so. A token not made here is not found (404, as every
    malformed address of the site), said in a sentence."""
    try:
        user_id, channel = stoplinks.read_token(token)
    except signing.BadSignature:
        context = {"heading": "Link not recognised", "text": "This stop link is not one this site made."}
        return render(request, "refusal.html", context, status=404)
    if request.method == "GET":
        return render(request, "notices/stop.html", {"channel": CHANNEL_WORDS[channel]})
    stop(user_id, channel)
    return render(request, "notices/stopped.html", {"channel": CHANNEL_WORDS[channel]})


@login_required
@require_POST
def send_link_again(request):
    """Mail the confirmation link of the user's address again (limited:
    notices.limits); nothing when there is no address or it is confirmed."""
    query = ""
    if request.user.email and not confirm.is_confirmed(request.user, _choice(request.user)):
        query = _send_confirmation(request.user)
    return redirect(reverse("notices:settings") + "?" + query)


@require_GET
def confirm_link(request, token):
    """The link a confirmation mail carries: marks its address confirmed if
    it is still its user's address (then to the settings page when logged
    in), else says why in a sentence (404 for a token not made here or too old)."""
    try:
        user_id, address = confirm.read_token(token)
    except signing.BadSignature:
        text = "This confirmation link is not one this site made, or it is too old: ask for a new one."
        return render(request, "refusal.html", {"heading": "Link not recognised", "text": text}, status=404)
    if not confirm.confirm(user_id, address):
        text = "This address is no longer the one of that account: nothing was confirmed."
        return render(request, "refusal.html", {"heading": "Not confirmed", "text": text}, status=400)
    return render(request, "notices/confirmed.html", {"address": address})


@require_GET
def service_worker(request):
    """The service worker (templates notices/sw.js) at the site's root, so
    its scope is the whole site: it shows push notices and opens the match."""
    context = {"icon": static("icons/codex-192.png")}
    response = render(request, "notices/sw.js", context, content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def manifest(request):
    """The web app manifest: the site installs as an app on a phone."""
    data = {
        "name": "Codex: card-time strategy",
        "short_name": "Codex",
        "start_url": reverse("lobby"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#12161c",
        "theme_color": "#12161c",
        "icons": [
            {"src": static("icons/codex-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/codex-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return HttpResponse(json.dumps(data), content_type="application/manifest+json")
