"""The websocket origin check: only pages of this very site may connect.

Channels' ``AllowedHostsOriginValidator`` compares host names only, so a
page served from another port or scheme of the same host would pass and
ride the player's session cookie (cross-site websocket hijacking). Here the
Origin must equal the site's own origin as the browser addressed it
(scheme, host and port, from the Host header), or one of
``CSRF_TRUSTED_ORIGINS`` (for a proxy in front).
"""

from channels.security.websocket import WebsocketDenier
from django.conf import settings


class SameOriginValidator:
    """ASGI middleware for websockets: deny (HTTP 403 at the handshake) a
    connection whose Origin header is not this site's own origin.

    Takes the inner ASGI application; passes allowed connections through.
    """

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        headers = dict(scope.get("headers") or [])
        origin = headers.get(b"origin", b"").decode("latin-1")
        host = headers.get(b"host", b"").decode("latin-1")
        scheme = "https" if scope.get("scheme") in ("wss", "https") else "http"
        allowed = set(getattr(settings, "CSRF_TRUSTED_ORIGINS", []))
        if host:
            allowed.add(f"{scheme}://{host}")
        if not origin or origin not in allowed:
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
