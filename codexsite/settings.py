"""Settings for the Codex server, read from the environment.

Environment variables (all optional):
    SECRET_KEY     Django secret key; the default is for development only.
    DEBUG          "1"/"true" for debug mode (default off).
    CODEX_LISTEN   the address the server listens on (`make run HOST=...` sets it):
                   0.0.0.0 adds this machine's host name and the addresses of all
                   its network interfaces to the default ALLOWED_HOSTS
                   (codexsite/lan.py); default 127.0.0.1.
    ALLOWED_HOSTS  comma-separated host names (default: localhost, 127.0.0.1, [::1],
                   plus those of CODEX_LISTEN); set, it replaces the default.
    CSRF_TRUSTED_ORIGINS  comma-separated origins, e.g. https://codex.example.org.
    DATABASE_URL   e.g. postgres://user@host:5432/codex (default: SQLite file db.sqlite3).
    REDIS_URL      e.g. redis://127.0.0.1:6379/0; switches to the Redis channel layer
                   and cache (default: in-memory layer, one process only).
    CODEX_CHANNEL_PREFIX  the namespace of this deployment's channels and cache
                   keys in Redis (letters, digits, . - _); the default is derived
                   from the database name and the Redis database number
                   (codexsite/channelprefix.py): two deployments sharing a Redis
                   server must differ in one of them, or set it.
    CONN_MAX_AGE   seconds to keep database connections open (default 60).
    CODEX_BENCH_ECHO  "1" routes the benchmark echo websocket (default off).
    CODEX_LOGIN_FAILURES  failed log-ins of one account from one address before
                   it is locked (default 10).
    CODEX_LOGIN_LOCK_MINUTES  how long such a lock lasts (default 15).
    CODEX_PORT     the port the server listens on (`make run PORT=...` sets it;
                   default 8000), for the default CODEX_SITE_URL.
    CODEX_SITE_URL the site's address as players reach it, for the links in
                   notices (default: http://CODEX_LISTEN:CODEX_PORT, with this
                   machine's first LAN address for 0.0.0.0; codexsite/lan.py).
    EMAIL_URL      where notice e-mails go (django-environ's forms):
                   consolemail:// (the default: printed by the server) or
                   smtp+tls://user:password@host:587 (README "Notices");
                   CODEX_MAIL_DIR a directory to write them to as files
                   instead. DEFAULT_FROM_EMAIL the sender.
    CODEX_VAPID_SUBJECT  the contact push services see (mailto: or https:).
"""

import sys
from datetime import timedelta
from pathlib import Path

import environ

from codexsite.channelprefix import channel_prefix
from codexsite.lan import lan_hosts, site_url

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()

DEBUG = env.bool("DEBUG", default=False)
SECRET_KEY = env.str("SECRET_KEY", default="django-insecure-codex-development-key-change-me")
# Friends on the local network (`make run HOST=0.0.0.0`): the Host header they
# send is this machine's address or name; the websocket origin and CSRF checks
# compare the Origin with that host, so accepting it here is all it takes.
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=lan_hosts(env.str("CODEX_LISTEN", default="127.0.0.1")))
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "daphne",  # first, so that `runserver` is the ASGI one
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "huey.contrib.djhuey",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "lobby",
    "game",
    "decks",
    "notices",
    "community",
    "tournaments",
    "learn",
    "puzzles",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Every request of a logged-in user is a sign of life (lobby.seen: whose tables still have a host).
    "lobby.seen.SeenMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A 405 outside /api/ is the site's refusal page (codexsite.notallowed).
    "codexsite.notallowed.NotAllowedPageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: turns a lock-out into the page saying when to try again.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "codexsite.urls"
ASGI_APPLICATION = "codexsite.asgi.application"
AUTH_USER_MODEL = "lobby.User"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "login"
# django-axes first: it refuses a locked-out log-in before the password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "lobby.context.invitation",
                "lobby.context.reference_versions",
                "community.context.name_invites",
            ],
        },
    },
]

# Database: SQLite by default (one machine), PostgreSQL through DATABASE_URL.
DATABASES = {
    "default": env.db_url("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # One writer at a time; BEGIN IMMEDIATE so concurrent writers queue instead of
    # failing on lock upgrade. A file test database (live-server tests need one).
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test_db.sqlite3")}
else:
    # Named explicitly: the live-server test process derives its database from it.
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}"}
    # No `SELECT 1` before the first statement of every database call (a
    # round trip per action, docs/BENCHMARKS.md): an action finds a dead
    # connection at first use and runs again on a new one
    # (game.services._on_a_live_connection); other calls fail once.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = env.bool("CONN_HEALTH_CHECKS", default=False)
    # psycopg prepares a statement run this many times on a connection, for
    # the cursors that bind parameters on the server: only those of the
    # statements game.services and game.statereads write out (issue 29;
    # game.statereads.sql_cursor). Django's own cursors bind them into the
    # text and are never prepared.
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 5
# Keep connections open between requests and websocket messages: opening a
# SQLite connection (and its PRAGMAs) for every action cost 6 % of the
# server's time under load (docs/BENCHMARKS.md, "Profile").
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Channel layer: in-memory (single process) by default, Redis for several workers.
REDIS_URL = env.str("REDIS_URL", default="")
# Redis pub/sub ignores the database number: without a prefix of its own a
# deployment would receive the group messages of another one on the same
# Redis server (issue 27, point 2). Every worker of a deployment derives the same.
CODEX_CHANNEL_PREFIX = channel_prefix(
    env.str("CODEX_CHANNEL_PREFIX", default=""), DATABASES["default"]["NAME"], REDIS_URL
)
if REDIS_URL:
    # The pub/sub layer: a group send is one PUBLISH, where the list-based
    # layer took four round trips and a queue per worker that drops messages
    # when full (30 % less server CPU per move, docs/BENCHMARKS.md). Like any
    # group delivery it is at most once: versions carry numbers, clients resync.
    CHANNEL_LAYERS = {
        "default": {
            # channels-redis's pub/sub layer, riding out a Redis outage (codexsite/layers.py).
            "BACKEND": "codexsite.layers.OutageTolerantPubSubLayer",
            "CONFIG": {
                # socket_timeout None: no client timeout on the idle subscriber
                # connection; a high pool cap survives reconnect bursts.
                "hosts": [{"address": REDIS_URL, "socket_timeout": None, "max_connections": 1000}],
                "prefix": CODEX_CHANNEL_PREFIX,
            },
        }
    }
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": CODEX_CHANNEL_PREFIX,
        }
    }
else:
    # channels' in-memory layer, sweeping for expired messages once a second (codexsite/layers.py).
    CHANNEL_LAYERS = {"default": {"BACKEND": "codexsite.layers.SweepingInMemoryChannelLayer"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Failed log-ins (django-axes, issue 11): after CODEX_LOGIN_FAILURES failures of
# one account from one address, each less than CODEX_LOGIN_LOCK_MINUTES after
# the one before, that account is locked for that address for that long; a
# try while locked starts the wait again, a success clears the count. Kept in
# the database, so every worker sees the same count.
AXES_FAILURE_LIMIT = env.int("CODEX_LOGIN_FAILURES", default=10)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("CODEX_LOGIN_LOCK_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "lobby.views.locked_out"
AXES_DISABLE_ACCESS_LOG = True  # no record of successful log-ins

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# WhiteNoise serves from the finders too, so nothing breaks before collectstatic.
WHITENOISE_USE_FINDERS = True

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # the page JS reads it to send X-CSRFToken

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # JSON bodies only, every bad one a 400 with a sentence (codexsite/apiparsers.py);
    # every refusal {"code", "detail"} or field errors (codexsite/apierrors.py).
    "DEFAULT_PARSER_CLASSES": ["codexsite.apiparsers.JSONBodyParser"],
    "EXCEPTION_HANDLER": "codexsite.apierrors.exception_handler",
    # Every answer in ASCII, what is not escaped: a lone surrogate a body held
    # cannot break an answer that repeats it.
    "UNICODE_JSON": False,
    # DRF's per-user throttle, letting requests through while the cache is down (codexsite/apithrottle.py).
    "DEFAULT_THROTTLE_CLASSES": ["codexsite.apithrottle.APIUserRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {"user": env.str("API_RATE", default="600/min")},
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Codex server API",
    "DESCRIPTION": "Lobbies, seats, matches, action logs and the card catalog. "
    "Live play runs over websockets: see docs/PROTOCOL.md.",
    "VERSION": "1",
    # OpenAPI 3.1: its schemas are JSON Schema, so responses validate as they are (tests/server/test_api_schema.py).
    "OAS_VERSION": "3.1.0",
    # Separate request components: what a write accepts, apart from what a read answers.
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {"BotKind": "lobby.serializers.BOT_KIND_CHOICES"},
    # The refusals every operation may answer, the CSRF token of writes (codexsite/apischema.py).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "codexsite.apischema.add_common_refusals",
        "codexsite.apischema.add_csrf_security",
    ],
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# Live-play limits (per websocket connection).
CODEX_WS_MAX_MESSAGE_BYTES = env.int("CODEX_WS_MAX_MESSAGE_BYTES", default=16 * 1024)
CODEX_WS_RATE = env.float("CODEX_WS_RATE", default=20.0)  # tokens per second
CODEX_WS_BURST = env.int("CODEX_WS_BURST", default=40)
# Frames refused for the rate in a row after which the connection is closed 4430 (a flood).
CODEX_WS_FLOOD = env.int("CODEX_WS_FLOOD", default=100)
# Open match sockets per user, across every match and worker (more are refused with 4429).
CODEX_WS_PER_USER = env.int("CODEX_WS_PER_USER", default=16)
# Each worker refreshes the rows of its live sockets (game.livesockets) this
# often (seconds); a row nobody refreshed for CODEX_WS_LIVE_SECONDS is a
# socket that is gone (a killed worker, a cancelled consumer).
CODEX_WS_HEARTBEAT = env.float("CODEX_WS_HEARTBEAT", default=20.0)
CODEX_WS_LIVE_SECONDS = env.float("CODEX_WS_LIVE_SECONDS", default=60.0)
# A version that reaches a connection before the one below it (two workers
# broadcasting) waits this long for the gap to fill before it is sent anyway.
CODEX_WS_REORDER_WAIT = env.float("CODEX_WS_REORDER_WAIT", default=0.5)
# A client that does not read (docs/PROTOCOL.md "Clients that do not read"):
# while the server holds more than CODEX_WS_SEND_PAUSE bytes unsent for a
# connection its states wait (one full state is sent once it drops, looked
# at every CODEX_WS_DRAIN_POLL seconds); past CODEX_WS_MAX_UNSENT the
# connection is closed with 4408.
CODEX_WS_SEND_PAUSE = env.int("CODEX_WS_SEND_PAUSE", default=64 * 1024)
CODEX_WS_MAX_UNSENT = env.int("CODEX_WS_MAX_UNSENT", default=512 * 1024)
CODEX_WS_DRAIN_POLL = env.float("CODEX_WS_DRAIN_POLL", default=0.1)
# Resyncs of one connection within this many seconds of one read from the
# database get the state that one read (game.versionsending on_resync).
CODEX_WS_RESYNC_EVERY = env.float("CODEX_WS_RESYNC_EVERY", default=0.5)
CODEX_CHAT_MAX_CHARS = 500
# Limits per account across all its match sockets and workers (game.accountrate):
# chat lines and resyncs, "number/period" (period s, min, hour or day).
CODEX_WS_ACCOUNT_CHAT_RATE = env.str("CODEX_WS_ACCOUNT_CHAT_RATE", default="30/min")
CODEX_WS_ACCOUNT_RESYNC_RATE = env.str("CODEX_WS_ACCOUNT_RESYNC_RATE", default="120/min")
# Away players (game.standins): away after this long without a sign of life;
# another player may ask for a bot after this long away; a bot stands in
# without asking after this long; the bots' pace (seconds of pause before
# each move of a stand-in or a table bot: a person's pace, issue 14 point 9)
# and the most moves they play per trigger.
CODEX_AWAY_SECONDS = env.int("CODEX_AWAY_SECONDS", default=90)
# Every frame of a seat is a sign of life; a connection notes it at most once
# in this many seconds, written (seen_at) with the next presence read (game.presence).
CODEX_WS_SEEN_EVERY = env.float("CODEX_WS_SEEN_EVERY", default=5.0)
# A worker answers pings with the presence it read (game.presence) while it
# is younger than this; the heartbeat (CODEX_WS_HEARTBEAT) reads it again for
# every match the worker serves, so pings make no query.
CODEX_WS_PRESENCE_SECONDS = env.float("CODEX_WS_PRESENCE_SECONDS", default=30.0)
# A match socket checks that its session still logs its user in (logged out,
# password changed: game.socketsessions) before handling a frame other than a
# ping, at most once in this many seconds (a check is two reads, as much as an
# action: not before every frame); the heartbeat checks every socket.
CODEX_WS_SESSION_CHECK_EVERY = env.float("CODEX_WS_SESSION_CHECK_EVERY", default=5.0)
CODEX_STAND_IN_ASK_SECONDS = env.int("CODEX_STAND_IN_ASK_SECONDS", default=60)
CODEX_STAND_IN_SECONDS = env.int("CODEX_STAND_IN_SECONDS", default=180)
# Bots' pace, for reading (game.tasks): a pause before a bot's turn (its
# first move after another seat's), and a shorter beat between the moves of
# one bot turn (never longer than the pause: CODEX_STAND_IN_DELAY=0 plays at once),
# each next beat of a turn 0.8 of the last (game.pacing).
CODEX_STAND_IN_DELAY = env.float("CODEX_STAND_IN_DELAY", default=1.2)
CODEX_BOT_BEAT = env.float("CODEX_BOT_BEAT", default=0.4)
CODEX_STAND_IN_MAX_MOVES = env.int("CODEX_STAND_IN_MAX_MOVES", default=300)
# The most wall time a search bot ("easy", "normal", "hard"; stand-ins play
# "normal") thinks about one move, beside its level's iteration budget
# (game.standins.bot_for; issue 30: "hard" decides within a second at p95).
CODEX_BOT_THINK_MS = env.float("CODEX_BOT_THINK_MS", default=800.0)
# Background work (game.tasks, huey; docs/ARCHITECTURE.md "Background work").
# In-process (the default without REDIS_URL, `make run`): a queue in memory
# and worker threads inside the server process. With REDIS_URL: a queue in
# Redis, worked by `manage.py run_huey` processes (deploy/README.md). A test
# process always works its own queue in-process: the xdist workers' test
# databases differ, and one Redis queue would hand a task to the wrong one.
CODEX_TASKS_IN_PROCESS = env.bool("CODEX_TASKS_IN_PROCESS", default=not REDIS_URL or "pytest" in sys.modules)
# How much a bot worker lowers its OS priority (os.nice), so that bots'
# thinking yields the cores to live matches' actions.
CODEX_TASKS_NICE = env.int("CODEX_TASKS_NICE", default=10)
# A match's bot run that showed no life this long (its worker died) is replaced.
CODEX_BOT_STALE_SECONDS = env.float("CODEX_BOT_STALE_SECONDS", default=60.0)
# The sweep of turn-based deadlines every minute (game.tasks.sweep_deadlines;
# issue 32). Off in tests, which run the sweep themselves when they mean to.
CODEX_DEADLINE_SWEEP = env.bool("CODEX_DEADLINE_SWEEP", default="pytest" not in sys.modules)
if CODEX_TASKS_IN_PROCESS:
    HUEY = {
        # A memory queue whose workers wait on it (codexsite/taskqueue.py): nothing to install.
        "huey_class": "codexsite.taskqueue.WaitingMemoryHuey",
        "name": CODEX_CHANNEL_PREFIX,
        "immediate": False,
        "results": False,
        "consumer": {"workers": env.int("CODEX_TASKS_WORKERS", default=2), "worker_type": "thread"},
    }
else:
    HUEY = {
        # huey's RedisHuey whose consumer runs the start hooks (codexsite.taskqueue).
        "huey_class": "codexsite.taskqueue.QueueRedisHuey",
        "name": CODEX_CHANNEL_PREFIX,
        "immediate": False,
        "results": False,
        "connection": {"url": REDIS_URL},
        # `manage.py run_huey`: threads (bots wait on the database and sleep between moves).
        "consumer": {"workers": env.int("CODEX_TASKS_WORKERS", default=4), "worker_type": "thread"},
    }
# The garbage collector's thresholds in a server process (codexsite/gcsettle.py):
# young, middle, old generation, as gc.set_threshold takes them.
CODEX_GC_THRESHOLDS = tuple(int(n) for n in env.list("CODEX_GC_THRESHOLDS", default=["10000", "10", "10"]))
# The match row's state is a snapshot written every this many versions (and at
# the game's end); the state in between is rebuilt from it and the action log
# (game.services, issue 29). 1: every version.
CODEX_SNAPSHOT_EVERY = max(1, env.int("CODEX_SNAPSHOT_EVERY", default=10))
# At most this many actions a worker's connections sent at once share one
# database transaction, and so one durable commit (game.commits, issue 29).
# 1: each action commits alone.
CODEX_COMMIT_BATCH = max(1, env.int("CODEX_COMMIT_BATCH", default=16))
# With the Redis layer, a worker that Redis told no other worker listens to a
# match's versions trusts that answer this long before asking again, and a
# worker that joins a match's versions group waits this long before its first
# connection of the match reads the state (game.delivery, issue 29).
CODEX_VERSIONS_ALONE_SECONDS = env.float("CODEX_VERSIONS_ALONE_SECONDS", default=0.5)
# Matches whose parsed state each worker keeps between actions (game.statecache).
CODEX_STATE_CACHE_MATCHES = env.int("CODEX_STATE_CACHE_MATCHES", default=1000)
# Route the benchmark echo room /ws/echo/<room>/ (benchmarks/load.py): off
# unless set; never turn it on in production.
CODEX_BENCH_ECHO = env.bool("CODEX_BENCH_ECHO", default=False)
# Open tables with no activity for this long are hidden and then deleted.
CODEX_TABLE_IDLE_MINUTES = env.int("CODEX_TABLE_IDLE_MINUTES", default=30)
# A playing match none of whose players is connected, showed a sign of life
# or acted for this long is quiet: its players see it marked so among their
# own matches (lobby/overview.py).
CODEX_MATCH_QUIET_HOURS = env.float("CODEX_MATCH_QUIET_HOURS", default=24.0)
# "Matches to watch" lists a public match while one of its players is
# connected, or for this long after its last action (lobby/overview.py).
CODEX_WATCH_QUIET_MINUTES = env.float("CODEX_WATCH_QUIET_MINUTES", default=10.0)
# A logged-in user's requests mark them seen, written at most this often
# (seconds); an open table whose host was not seen for CODEX_HOST_GONE_MINUTES
# leaves the public list and takes no new player until the host is back (lobby/seen.py).
CODEX_SEEN_EVERY_SECONDS = env.int("CODEX_SEEN_EVERY_SECONDS", default=30)
CODEX_HOST_GONE_MINUTES = env.float("CODEX_HOST_GONE_MINUTES", default=3.0)
# Turn notices outside the tab (notices; issue 32 part 2; README "Notices").
# Default: the address the server is run at (`make run` exports CODEX_LISTEN
# and CODEX_PORT from HOST and PORT; codexsite.lan.site_url).
CODEX_SITE_URL = env.str(
    "CODEX_SITE_URL",
    default=site_url(env.str("CODEX_LISTEN", default="127.0.0.1"), env.int("CODEX_PORT", default=8000)),
)
# Mail: console by default (printed by `make run`), an SMTP server
# (EMAIL_URL=smtp+tls://user:password@host:587), or one file per mail in the
# directory CODEX_MAIL_DIR when set.
_MAIL = {key: value for key, value in env.email_url("EMAIL_URL", default="consolemail://").items() if value is not None}
EMAIL_BACKEND = _MAIL.pop("EMAIL_BACKEND")
if env.str("CODEX_MAIL_DIR", default=""):
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = env.str("CODEX_MAIL_DIR")
EMAIL_HOST = _MAIL.get("EMAIL_HOST", "localhost")
EMAIL_PORT = _MAIL.get("EMAIL_PORT", 25)
EMAIL_HOST_USER = _MAIL.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = _MAIL.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _MAIL.get("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = _MAIL.get("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="Codex <notices@localhost>")
# The domain of notice mails' Message-IDs (the idempotency key before it).
CODEX_MAIL_DOMAIN = env.str("CODEX_MAIL_DOMAIN", default="codex.notices")
# The contact push services may use about this server's pushes (VAPID "sub").
CODEX_VAPID_SUBJECT = env.str("CODEX_VAPID_SUBJECT", default="mailto:notices@localhost")
# Seconds a push service keeps a notice for a device that is offline.
CODEX_PUSH_TTL = env.int("CODEX_PUSH_TTL", default=86400)
# Seconds to connect to a receiver and for each read of its answer.
CODEX_NOTICE_TIMEOUT = env.float("CODEX_NOTICE_TIMEOUT", default=5.0)
# Tries of one notice before it is marked failed; the wait after the first
# failed try (doubled after each, at most an hour); how long a worker owns a
# notice it is sending, a lease its process renews every CODEX_NOTICE_TICK
# seconds while it lives (one past it died: a sweep sends it again).
CODEX_NOTICE_TRIES = env.int("CODEX_NOTICE_TRIES", default=5)
CODEX_NOTICE_BACKOFF = env.float("CODEX_NOTICE_BACKOFF", default=30.0)
CODEX_NOTICE_LEASE = env.float("CODEX_NOTICE_LEASE", default=10.0)
# Each process working the queue keeps its leases and sweeps what is due
# with threads of its own (notices.keeper): the seconds between two looks,
# and how many sweepers send side by side, each its own share of the rows.
CODEX_NOTICE_TICK = env.float("CODEX_NOTICE_TICK", default=2.0)
CODEX_NOTICE_SENDERS = env.int("CODEX_NOTICE_SENDERS", default=2)
# Networks a webhook or push endpoint may be on although private or local
# (comma-separated CIDR, e.g. 127.0.0.1/32 for a receiver on this machine):
# none by default, so users cannot make this server reach its own network.
CODEX_NOTICE_ALLOW_NETWORKS = env.list("CODEX_NOTICE_ALLOW_NETWORKS", default=[])
# A turn's notice is held while its player has the match open in a tab and
# sent once they left without acting (notices.outbox, docs/ARCHITECTURE.md
# "Notices: held while you look"): it is looked at again every
# CODEX_NOTICE_LOOK_GRACE seconds while they look.
CODEX_NOTICE_LOOK_GRACE = env.float("CODEX_NOTICE_LOOK_GRACE", default=30.0)
# ... but no longer than this from the turn: a tab left open (on another
# device, in the background) without a move does not hold it for good.
CODEX_NOTICE_LOOK_MAX = env.float("CODEX_NOTICE_LOOK_MAX", default=600.0)
# Notices go out as written, at once: none held while its player looks,
# none dropped because its turn passed before it was sent. On for the
# turn-based soak only, whose scripted players keep their sockets open and
# act at once, and which measures the notices' pipe (a notice per turn).
CODEX_NOTICES_WHILE_LOOKING = env.bool("CODEX_NOTICES_WHILE_LOOKING", default=False)
# The notice keeper's threads: leases and the sweep of due notices every
# CODEX_NOTICE_TICK seconds (notices.keeper). Off in a test process, whose
# in-process consumer would run them outside any test's database access;
# the tests call the sweep themselves.
CODEX_NOTICE_SWEEP = env.bool("CODEX_NOTICE_SWEEP", default="pytest" not in sys.modules)
# The once-a-minute run of the quick-pairing queue (community.tasks), off in
# a test process for the same reason; the tests call it themselves.
CODEX_PAIRING_SWEEP = env.bool("CODEX_PAIRING_SWEEP", default="pytest" not in sys.modules)
# Test notices one account may send, and confirmation mails it may have sent,
# per window of this many seconds (each counted apart; notices.limits).
CODEX_NOTICE_SENDS_LIMIT = env.int("CODEX_NOTICE_SENDS_LIMIT", default=3)
CODEX_NOTICE_SENDS_WINDOW = env.int("CODEX_NOTICE_SENDS_WINDOW", default=600)
# Days an address's confirmation link works (notices.confirm).
CODEX_NOTICE_CONFIRM_DAYS = env.int("CODEX_NOTICE_CONFIRM_DAYS", default=7)

# Open (not yet started) tables one host may have at once.
CODEX_OPEN_TABLES_PER_HOST = env.int("CODEX_OPEN_TABLES_PER_HOST", default=3)
# Seats one user may hold at once at tables that have not started (and are not idle).
CODEX_OPEN_SEATS_PER_USER = env.int("CODEX_OPEN_SEATS_PER_USER", default=3)


def _without_traceback(record) -> bool:
    """Keep a log record, dropping its traceback (for a refusal that is no fault)."""
    record.exc_info = record.exc_text = None
    return True


LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
    "filters": {
        # daphne's note at every start that HTTP/2 is off: it needs TLS, which this
        # server leaves to a proxy in front (README), so there is nothing to act on.
        "no_http2_note": {
            "()": "django.utils.log.CallbackFilter",
            "callback": lambda record: not record.getMessage().startswith("HTTP/2 support"),
        },
        "no_traceback": {"()": "django.utils.log.CallbackFilter", "callback": _without_traceback},
    },
    "loggers": {
        # django-axes says something at every log-in and log-out; keep its warnings (lock-outs).
        "axes": {"level": "WARNING"},
        # huey notes every task it runs (a bot run per bot turn); keep its warnings and faults.
        "huey": {"level": env.str("CODEX_TASKS_LOG_LEVEL", default="WARNING")},
        "daphne.server": {"filters": ["no_http2_note"]},
        # A request for a host name this server does not answer to: one line, not a traceback each time.
        "django.security.DisallowedHost": {"filters": ["no_traceback"]},
    },
}

# Ratings (issue 33; community.ratings, docs/RULINGS.md "Ratings"): a rated
# match where a stand-in made more than this share of a seat's moves is not
# rated; a leaderboard lists the players with at least this many rated matches.
COMMUNITY_STAND_IN_SHARE = env.float("COMMUNITY_STAND_IN_SHARE", default=0.25)
COMMUNITY_LEADERBOARD_MIN_GAMES = env.int("COMMUNITY_LEADERBOARD_MIN_GAMES", default=5)
