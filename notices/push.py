"""Web Push (issue 32): the server's VAPID key pair, browsers' subscriptions
and sending to them with pywebpush (RFC 8291 payload encryption, RFC 8292
VAPID), each request through the SSRF guard (codexsite.netguard).

The key pair is made at first need and kept in the database (VapidKey, row
1): every worker of a deployment signs with the same key and it outlives
restarts, so subscriptions stay valid; a database restored from a backup
keeps it too. Nothing to configure but CODEX_VAPID_SUBJECT (a mailto: or
https: address the push services may contact)."""

import base64
import binascii
import json

import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import IntegrityError, transaction
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from codexsite import netguard
from notices.models import PushSubscription, VapidKey
from notices.text import Message

GONE = (404, 410)  # the push service no longer knows the subscription: removed


class BadSubscription(ValueError):
    """A push subscription this server refuses; ``str()`` is a sentence."""


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def vapid_key() -> VapidKey:
    """The server's VAPID key row, made (P-256) at the first call and kept."""
    found = VapidKey.objects.filter(pk=1).first()
    if found is not None:
        return found
    private = ec.generate_private_key(ec.SECP256R1())
    pem = private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode("ascii")
    point = private.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    try:
        with transaction.atomic():
            return VapidKey.objects.create(pk=1, private_pem=pem, public_key=_b64url(point))
    except IntegrityError:  # another worker made it first: theirs is the one
        return VapidKey.objects.get(pk=1)


def public_key() -> str:
    """The VAPID public key (base64url raw point): the browser's applicationServerKey."""
    return vapid_key().public_key


def clean_subscription(data) -> dict:
    """The browser's PushSubscription JSON ``data`` checked: ``{"endpoint",
    "p256dh", "auth"}``.

    Raises BadSubscription (a sentence) when it is not an object with an
    http(s) endpoint the guard accepts (codexsite.netguard.check), a p256dh
    that is a P-256 public point (65 bytes, base64url) and an auth secret
    of 16 bytes."""
    if not isinstance(data, dict):
        raise BadSubscription("The browser's subscription was not sent as an object.")
    endpoint, keys = data.get("endpoint"), data.get("keys")
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > 1000:
        raise BadSubscription("The subscription has no push service address.")
    if not isinstance(keys, dict) or not isinstance(keys.get("p256dh"), str) or not isinstance(keys.get("auth"), str):
        raise BadSubscription("The subscription lacks the browser's keys (p256dh and auth).")
    try:
        point, secret = _unb64url(keys["p256dh"]), _unb64url(keys["auth"])
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except (binascii.Error, ValueError) as exc:
        raise BadSubscription("The subscription's p256dh key is not a P-256 public key.") from exc
    if len(point) != 65 or len(secret) != 16:
        raise BadSubscription("The subscription's keys have the wrong length.")
    try:
        netguard.check(endpoint)
    except netguard.Refused as exc:
        raise BadSubscription(f"The push service address is refused: {exc}") from exc
    return {"endpoint": endpoint, "p256dh": keys["p256dh"], "auth": keys["auth"]}


class _GuardedAdapter(requests.adapters.BaseAdapter):
    """A requests adapter sending through codexsite.netguard.post (pywebpush
    sends with requests): the SSRF guard and the checked address."""

    def send(self, request, stream=False, timeout=None, verify=True, cert=None, proxies=None):
        """Send ``request`` (a POST) and return requests' Response."""
        answer = netguard.post(request.url, request.body or b"", dict(request.headers))
        response = requests.Response()
        response.status_code = answer.status
        response._content = answer.body
        response.url = request.url
        response.request = request
        response.reason = ""
        return response

    def close(self):
        """Nothing is kept open."""


def _session() -> requests.Session:
    session = requests.Session()
    session.trust_env = False  # no proxy from the environment: the guard connects itself
    session.mount("http://", _GuardedAdapter())
    session.mount("https://", _GuardedAdapter())
    return session


def payload(message: Message, key: str) -> str:
    """The JSON the service worker shows (notices/sw.js): title, body, the
    match's url, the stop link and the idempotency key (``key``)."""
    return json.dumps(
        {"title": message.title, "body": message.body, "url": message.url, "stop": message.stop_url, "key": key}
    )


def send(subscription: PushSubscription, message: Message, key: str) -> None:
    """Send ``message`` to ``subscription`` with the header Idempotency-Key
    ``key``. Removes the subscription when the push service answers 404 or 410.

    Raises WebPushException, netguard.Refused or OSError when not delivered."""
    signer = Vapid.from_pem(vapid_key().private_pem.encode("ascii"))
    try:
        webpush(
            subscription.info(),
            data=payload(message, key),
            vapid_private_key=signer,
            vapid_claims={"sub": settings.CODEX_VAPID_SUBJECT},
            ttl=settings.CODEX_PUSH_TTL,
            headers={"Idempotency-Key": key, "Urgency": "high"},
            requests_session=_session(),
            timeout=settings.CODEX_NOTICE_TIMEOUT,
        )
    except WebPushException as exc:
        if exc.response is not None and exc.response.status_code in GONE:
            subscription.delete()
        raise
