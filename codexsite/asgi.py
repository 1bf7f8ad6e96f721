"""ASGI entry point: HTTP through Django, websockets through Channels.

Websockets pass the origin checks (``ALLOWED_HOSTS``, then the exact origin:
see codexsite/origin.py) and the session/auth middleware, so ``scope["user"]``
is the logged-in user of the page; under daphne ``scope["send_backlog"]``
tells how much the server holds unsent for the client (codexsite/backlog.py).
Once the application is built, the garbage collector is settled for a
long-running worker (codexsite/gcsettle.py), and the background work's
in-process workers start when settings say so (game.tasks.serve_here).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "codexsite.settings")
# Build the Django app (and so load the app registry) before importing consumers.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from codexsite import gcsettle  # noqa: E402
from codexsite.backlog import SendBacklog  # noqa: E402
from codexsite.origin import SameOriginValidator  # noqa: E402
from codexsite.routing import websocket_urlpatterns  # noqa: E402
from game import tasks  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SendBacklog(
            AllowedHostsOriginValidator(SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))))
        ),
    }
)
gcsettle.settle()  # the process's long-lived heap out of the collector's walks
tasks.serve_here()  # background work in this process, when settings say so (game.tasks)
