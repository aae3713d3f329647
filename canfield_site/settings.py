"""Settings of Canfield Arena, read from the environment.

With no environment at all the project runs embedded: a SQLite file next to ``manage.py``,
the in-memory channel layer and a local-memory cache, one process. ``DATABASE_URL``
(PostgreSQL) and ``REDIS_URL`` switch to the production stack; ``CANFIELD_ENV=production``
refuses to start without its secrets, without ``DATABASE_URL``, without ``REDIS_URL`` when
several workers run (``CANFIELD_WORKERS``), or with DEBUG on. Every variable is listed in the
"Configuration" section of docs/operations.md.

This module is the only reader of the environment: the rest of the service reads
``django.conf.settings`` (the engine reads neither), so a value is parsed and checked once, at
start, and tests override settings, not variables.
"""

import contextlib
import json
import os
import re
import secrets
import tempfile
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from engine.solver import optimise
from engine.table_player import par as table_par
from shared import redis_clients

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """``1/true/yes/on`` (any case) is true, ``0/false/no/off/''`` false, unset the default."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    """A comma-separated list, blanks dropped."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_rate(name: str, default: str) -> str | None:
    """A DRF throttle rate like ``120/minute``; ``off`` or ``none`` disables that throttle."""
    value = os.environ.get(name, default).strip()
    return None if value.lower() in {"", "off", "none"} else value


#: One DRF rate: a count, a slash, a period DRF reads by its first letter (``60/hour``).
RATE_PATTERN = re.compile(r"[0-9]+/(s|sec|second|m|min|minute|h|hour|d|day)")


def env_rates(name: str, default: str) -> str | None:
    """One or more DRF rates, comma-separated (``60/hour,150/day``: a request must pass every
    window); ``off`` or ``none`` disables them; a malformed one refuses to start."""
    value = env_rate(name, default)
    if value is None:
        return None
    windows = [window.strip() for window in value.split(",")]
    if not all(RATE_PATTERN.fullmatch(window) for window in windows):
        raise ImproperlyConfigured(
            f"{name} must be rates such as 60/hour,150/day (or off), not {value!r}"
        )
    return ",".join(windows)


def env_seconds(name: str, default: float, *, zero: bool = False) -> float:
    """A positive number of seconds (a solver budget), or with ``zero`` also 0 (a cache that
    is off); anything else refuses to start."""
    value = os.environ.get(name) or str(default)
    try:
        seconds = float(value)
    except ValueError:
        seconds = -1.0
    if not (seconds >= 0 if zero else seconds > 0):
        kind = "a number of seconds, 0 or more" if zero else "a positive number of seconds"
        raise ImproperlyConfigured(f"{name} must be {kind}, not {value!r}")
    return seconds


def env_count(name: str, default: int) -> int:
    """A whole number of at least 1 (a process count)."""
    value = os.environ.get(name) or str(default)
    if not value.isdigit() or int(value) < 1:
        raise ImproperlyConfigured(f"{name} must be a whole number of at least 1, not {value!r}")
    return int(value)


DEBUG = env_bool("DEBUG", False)
#: What ``CANFIELD_ENV`` may say, in any case. Anything else is refused at start: a misspelt
#: ``Production`` once ran as development, every secret check skipped.
CANFIELD_ENVS = ("development", "production")
CANFIELD_ENV = (os.environ.get("CANFIELD_ENV") or "development").strip().lower()
#: Whether CANFIELD_ENV was said at all: PostgreSQL without it is warned about
#: (canfield_site.checks, W001).
CANFIELD_ENV_GIVEN = bool((os.environ.get("CANFIELD_ENV") or "").strip())
if CANFIELD_ENV not in CANFIELD_ENVS:
    raise ImproperlyConfigured(
        f"CANFIELD_ENV must be one of {', '.join(CANFIELD_ENVS)} (any case), "
        f"not {os.environ['CANFIELD_ENV']!r}"
    )

# --- Secrets ----------------------------------------------------------------------------------
# SECRET_KEY signs sessions; DAILY_SECRET picks the sealed daily deals, so whoever knows it can
# compute and solve every day's deal in advance. Neither may ever be a value in this file:
# production refuses to start without both (distinct), and the embedded default generates
# them at first start and keeps them with its data (``CANFIELD_DATA_DIR``), so two installs
# never share a daily and a restart keeps sessions and today's deals.
CANFIELD_DATA_DIR = Path(os.environ.get("CANFIELD_DATA_DIR") or BASE_DIR)
SECRETS_FILE = CANFIELD_DATA_DIR / ".canfield-secrets.json"
MIN_SECRET_LENGTH = 32


def kept_secrets(path: Path) -> dict[str, str]:
    """The secrets stored at ``path``, generated there on first use. Created with a link
    from a complete temporary file, so concurrent first starts (several workers) agree on
    one file and nobody reads a half-written one."""
    if not path.exists():
        fresh = {name: secrets.token_urlsafe(48) for name in ("SECRET_KEY", "DAILY_SECRET")}
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".secrets-")
        try:
            with os.fdopen(handle, "w") as out:
                json.dump(fresh, out)
            os.chmod(temporary, 0o600)
            with contextlib.suppress(FileExistsError):  # another process was first: theirs
                os.link(temporary, path)
        finally:
            os.unlink(temporary)
    return json.loads(path.read_text())


if CANFIELD_ENV == "production":
    for name in ("SECRET_KEY", "DAILY_SECRET"):
        if len(os.environ.get(name, "")) < MIN_SECRET_LENGTH:
            raise ImproperlyConfigured(
                f"CANFIELD_ENV=production needs {name} set to a secret of "
                f"{MIN_SECRET_LENGTH}+ characters"
            )
    SECRET_KEY = os.environ["SECRET_KEY"]
    DAILY_SECRET = os.environ["DAILY_SECRET"]
    if DAILY_SECRET == SECRET_KEY:
        raise ImproperlyConfigured("DAILY_SECRET must differ from SECRET_KEY")
    if DEBUG:
        raise ImproperlyConfigured("CANFIELD_ENV=production refuses to run with DEBUG on")
    if not os.environ.get("DATABASE_URL"):
        raise ImproperlyConfigured(
            "CANFIELD_ENV=production needs DATABASE_URL (PostgreSQL): it will not fall back to "
            "a SQLite file inside the container"
        )
else:
    _kept = (
        {}
        if os.environ.get("SECRET_KEY") and os.environ.get("DAILY_SECRET")
        else kept_secrets(SECRETS_FILE)
    )
    SECRET_KEY = os.environ.get("SECRET_KEY") or _kept["SECRET_KEY"]
    DAILY_SECRET = os.environ.get("DAILY_SECRET") or _kept["DAILY_SECRET"]

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
if env_bool("BEHIND_HTTPS_PROXY", False):
    # TLS ends at the proxy: trust its X-Forwarded-Proto, send cookies over HTTPS only.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_REDIRECT_EXEMPT = [r"^api/health/$"]  # container health checks speak plain HTTP
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0"))
# Peers (addresses or CIDRs) allowed to name the client in X-Forwarded-For; anyone else's header
# is ignored (shared.client_address). uvicorn gets the same list (canfield_site.serve).
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "canfield_site",
    "accounts",
    "games",
    "fairplay",
    "ratings",
    "leagues",
    "web",
    "axes",
    "csp",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "canfield_site.csp.DocsInlineHashesMiddleware",  # after CSPMiddleware: runs before it
    "games.middleware.ApiGuardMiddleware",
    # Django's, but an answer to a request whose session ended in flight (a sign-in cycled
    # its key) keeps the browser's newer cookie.
    "canfield_site.sessions.KeepNewerCookieSessionMiddleware",
    # After sessions, before common: the language from the switch's cookie, else the browser's.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The pages give each browser a signed device id (fair play: one person, one ranked game).
    "shared.origins.DeviceCookieMiddleware",
    # Answers to a signed-in request are private; API answers vary by Cookie, Authorization.
    "canfield_site.viewer_cache.ViewerCacheMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last: turns a login that django-axes refused into our JSON 429 (games.api.lockout).
    "axes.middleware.AxesMiddleware",
]

# The admin's flash messages live in the session: the default (a signed cookie, falling back
# to the session) builds a cookie signer on every request, API calls included, and that was
# 7% of a health check's server CPU (bench/load.py).
MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"

ROOT_URLCONF = "canfield_site.urls"
WSGI_APPLICATION = "canfield_site.wsgi.application"
ASGI_APPLICATION = "canfield_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "web.context_processors.table_settings",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
        conn_health_checks=True,
    )
}
# PostgreSQL connections come from one psycopg pool per process (Django's own, >= 5.1): the
# connection a request closes at its end goes back to the pool instead of being torn down
# (CONN_MAX_AGE must stay 0: Django refuses a pool with persistent connections). At most
# WORKERS x CANFIELD_DB_POOL_MAX_SIZE connections per server: keep it under PostgreSQL's
# max_connections. 0 turns the pool off (a new connection per request).
DB_POOL_MAX_SIZE = int(os.environ.get("CANFIELD_DB_POOL_MAX_SIZE", "8"))
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DB_POOL_MAX_SIZE > 0:
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": min(2, DB_POOL_MAX_SIZE),
        "max_size": DB_POOL_MAX_SIZE,
        # A request waits this long for a free connection (or a dead database), then is a 503.
        "timeout": float(os.environ.get("CANFIELD_DB_POOL_TIMEOUT", "3")),
    }
# Request threads per server process (shared.http_handler): requests beyond them wait
# on the event loop. Fewer than the pooled connections, so that a request never waits for one:
# the live publisher and rank-index builds take theirs from the same pool (WebSocket work runs
# on these threads too: shared.request_threads).
POOLED = DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DB_POOL_MAX_SIZE > 0
CANFIELD_REQUEST_THREADS = env_count(
    "CANFIELD_REQUEST_THREADS", max(1, DB_POOL_MAX_SIZE - 2) if POOLED else 6
)
if POOLED and CANFIELD_REQUEST_THREADS >= DB_POOL_MAX_SIZE:
    raise ImproperlyConfigured(
        f"CANFIELD_REQUEST_THREADS={CANFIELD_REQUEST_THREADS} needs a larger database pool: "
        f"CANFIELD_DB_POOL_MAX_SIZE={DB_POOL_MAX_SIZE} leaves no connection for the live "
        "publisher (keep the threads below the pool size; the default is two fewer)"
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Our backend lifts the append-only triggers during `flush` (see its docstring).
    DATABASES["default"]["ENGINE"] = "canfield_site.sqlite_backend"
    DATABASES["default"]["OPTIONS"] = {
        # BEGIN IMMEDIATE: writers queue on the lock instead of failing to upgrade a read lock,
        # which is what `select_for_update` gives on PostgreSQL.
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        # WAL: a server process and the test process read while the other one writes.
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # A file (not :memory:) so server subprocesses started by tests share the test database;
    # one per test process so parallel test runs do not delete each other's file.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"canfield_test_{os.getpid()}.sqlite3")
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# A move on PostgreSQL is decided from its rows as read and written by one statement, its
# COMMIT in the same round trip (games.services.move_write); 0 takes the locked unit of work
# for every move, as SQLite always does (the bench's "before": docs/performance.md).
CANFIELD_MOVE_ONE_STATEMENT = env_bool("CANFIELD_MOVE_ONE_STATEMENT", True)

# --- Redis: channel layer and cache (throttle counters shared by every worker) ---------------
REDIS_URL = os.environ.get("REDIS_URL", "")
CACHE_KEY_PREFIX = os.environ.get("CANFIELD_CACHE_PREFIX", "canfield")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            # Pub/sub ignores Redis database numbers: the prefix keeps deployments that share
            # one Redis from hearing each other's boards.
            "CONFIG": {"hosts": [REDIS_URL], "prefix": f"{CACHE_KEY_PREFIX}-asgi"},
        }
    }
    CACHES = {
        "default": {
            # Django's, with one client per process (shared.redis_cache).
            "BACKEND": "shared.redis_cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": CACHE_KEY_PREFIX,
            # A Redis outage must cost a throttle check, not hang a request: the timeouts of
            # shared.redis_clients.CACHE (the cache's client is that module's).
            "OPTIONS": redis_clients.CACHE.options(),
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "KEY_PREFIX": CACHE_KEY_PREFIX,
            # Django's default of 300 keys culls a third of them when full: the counters of
            # the limits (a few keys per client and window) would be forgotten mid-window.
            "OPTIONS": {"MAX_ENTRIES": 100_000},
        }
    }
# ASGI worker processes serving this deployment (canfield_site.serve sets it from its
# --workers: the Makefile's WORKERS, the Dockerfile's CANFIELD_WORKERS). The in-memory
# channel layer and cache live in one process, so several workers without Redis would each
# see only their own sockets and counters: production refuses that.
CANFIELD_WORKERS = env_count("CANFIELD_WORKERS", 1)
if CANFIELD_ENV == "production" and CANFIELD_WORKERS > 1 and not REDIS_URL:
    raise ImproperlyConfigured(
        f"CANFIELD_ENV=production with CANFIELD_WORKERS={CANFIELD_WORKERS} needs REDIS_URL: "
        "without it live updates and throttle counters would not cross worker processes"
    )
# Leaderboard reads from a Redis sorted set per board (games.rank_index) instead of the SQL
# count tables, which stay the fallback; needs REDIS_URL.
CANFIELD_RANK_INDEX = env_bool("CANFIELD_RANK_INDEX", bool(REDIS_URL))

# --- Auth -------------------------------------------------------------------------------------
# Django's four validators (8+ characters, not like the username, not a common password, not
# all digits) and ours: not (nearly) all spaces. Refusals are 400s naming the field.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 8},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "accounts.passwords.NotBlankPasswordValidator", "OPTIONS": {"min_length": 8}},
]
# Logins (API token, browser session, admin) go through django-axes first: after
# AXES_FAILURE_LIMIT failures for one username from one client address, or
# CANFIELD_LOGIN_ADDRESS_FAILURE_LIMIT from one address for any usernames, further attempts there
# are refused (429 JSON) before any password is hashed, until AXES_COOLOFF_TIME has passed
# since the last failure that counted (refused attempts do not count: games.api.lockout).
# Attempts are kept in the database, so the limit holds while Redis is down.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Password checks (about 250 ms of CPU each, on purpose) per client address, per account (the
# right passwords) and over the whole deployment, shared fairly between networks
# (games.password_checks); ``off`` disables each.
CANFIELD_PASSWORD_CHECKS = {
    "address": env_rate("CANFIELD_PASSWORD_CHECKS_ADDRESS", "1/second"),
    "account": env_rate("CANFIELD_PASSWORD_CHECKS_ACCOUNT", "5/minute"),
    "total": env_rate("CANFIELD_PASSWORD_CHECKS_TOTAL", "4/second"),
}
AXES_HANDLER = "games.api.lockout.PairAndAddressHandler"
AXES_FAILURE_LIMIT = int(os.environ.get("CANFIELD_LOGIN_FAILURE_LIMIT", "5"))
CANFIELD_LOGIN_ADDRESS_FAILURE_LIMIT = env_count("CANFIELD_LOGIN_ADDRESS_FAILURE_LIMIT", 50)
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("CANFIELD_LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]  # the pair, the address
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "shared.client_address.request_client_address"
AXES_LOCKOUT_CALLABLE = "games.api.lockout.lockout_response"
AXES_VERBOSE = False
# The Django admin is served only when asked for (and then its login is behind axes too).
CANFIELD_ADMIN = env_bool("CANFIELD_ADMIN", False)

# --- Content-Security-Policy (canfield_site.csp) -----------------------------------------------
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],  # fetch and the same-origin WebSocket
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# --- Internationalisation, static files -------------------------------------------------------
# The languages our players read (the rules this app follows are written in these three).
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("id", "Bahasa Indonesia"), ("ja", "日本語")]
# Catalogues live in each app's locale/ (web: pages and scripts; games: API messages).
# The switch (django.views.i18n.set_language) keeps the choice for a year.
# games/locale first: it is where makemessages (run from the top, `make messages`) puts the
# strings of every directory without a catalogue of its own (engine/, accounts/, the site).
LOCALE_PATHS = [
    BASE_DIR / "games" / "locale",
    BASE_DIR / "web" / "locale",
    BASE_DIR / "fairplay" / "locale",
    BASE_DIR / "leagues" / "locale",
]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"

# --- Limits (documented in docs/operations.md) -----------------------------------------------
DATA_UPLOAD_MAX_MEMORY_SIZE = int(os.environ.get("CANFIELD_MAX_BODY_BYTES", str(256 * 1024)))
# WebSockets one client address may hold open at once, per server process (0: no cap).
CANFIELD_MAX_SOCKETS_PER_ADDRESS = int(os.environ.get("CANFIELD_MAX_SOCKETS_PER_ADDRESS", "20"))
CANFIELD_MAX_LOG_ACTIONS = int(os.environ.get("CANFIELD_MAX_LOG_ACTIONS", "10000"))
# Hint solvers per server process, each a process of its own (games.hint_pool).
CANFIELD_HINT_WORKERS = int(os.environ.get("CANFIELD_HINT_WORKERS", "1"))
# Hints that wait, first asked first solved, for a solver of the process (one per player).
CANFIELD_HINT_QUEUE = int(os.environ.get("CANFIELD_HINT_QUEUE", "8"))
# --- Solver budgets (games.solver_budgets) ---------------------------------------------------
# Each daily candidate gets this long to be proven winnable (else the next is tried), in each
# draw mode; a hint, which a player waits for, gets CANFIELD_HINT_SECONDS.
CANFIELD_DAILY_SOLVE_SECONDS = env_seconds("CANFIELD_DAILY_SOLVE_SECONDS", 10.0)
CANFIELD_HINT_SECONDS = env_seconds("CANFIELD_HINT_SECONDS", 3.0)
# A node budget per daily candidate on top of the time (None: time only); settings only, for
# tests and for comparing two installs: a choice bounded by nodes does not depend on load.
CANFIELD_DAILY_SOLVE_NODES: int | None = None
# The table-view player's runs on each sealed deal (fairplay.table_pars): how many runs, and
# the CPU seconds a board may take before it is given up (no clairvoyant threshold then).
# Samples and nodes per solve are each decision's budget; the defaults are the engine's, the
# budget docs/fair-play.md measured the thresholds with.
CANFIELD_TABLE_PAR_RUNS = int(os.environ.get("CANFIELD_TABLE_PAR_RUNS", str(table_par.RUNS)))
CANFIELD_TABLE_PAR_SECONDS = env_seconds("CANFIELD_TABLE_PAR_SECONDS", 1800.0)
# How long a web process trusts a board's table par (or its absence) read from the database:
# a par stored by the worker is seen everywhere within this long (0: read on every use).
CANFIELD_TABLE_PAR_CACHE_SECONDS = env_seconds("CANFIELD_TABLE_PAR_CACHE_SECONDS", 30.0, zero=True)
#: The par optimiser's node budget per daily deal (games.daily.pars; CPU per deal measured in
#: docs/performance.md). Nodes, not seconds: the same par on any machine.
CANFIELD_PAR_NODES = int(os.environ.get("CANFIELD_PAR_NODES", str(optimise.PAR_NODES)))
#: How many places at the top of a board a flagged line of any strength is held from until staff
#: decide (fairplay.top): 10, as the fair-play contract says; 0 reviews none.
CANFIELD_TOP_REVIEWED = int(os.environ.get("CANFIELD_TOP_REVIEWED", "10"))
CANFIELD_TABLE_PAR_SAMPLES = table_par.SAMPLES
CANFIELD_TABLE_PAR_NODES = table_par.NODES_PER_SOLVE
# The bot_like signal (fairplay.timing) on ranked games; "off" for a load test or a scripted
# demo whose players are no hands (a declared bot is never judged by it anyway).
CANFIELD_TIMING_SIGNALS = os.environ.get("CANFIELD_TIMING_SIGNALS", "on").lower() != "off"
# How many finished ranked lines one fair-play pass weighs for engine-level play
# (fairplay.engine_like: about 1.5 s of CPU each, docs/fair-play.md), oldest day first; the
# rest wait for the next pass, and a closed day is reviewed and rated only once all its lines
# are weighed. It keeps a pass (pars, reviews) within minutes when a day ends in a burst.
CANFIELD_ENGINE_LIKE_PER_PASS = max(1, int(os.environ.get("CANFIELD_ENGINE_LIKE_PER_PASS", "40")))
#: The fair-play worker's ``engine_like`` judge (fairplay.engine_like): about 1.5 s of CPU per
#: finished ranked line. Always on for the service: no environment variable turns it off (a
#: deployment that skipped it would let engine-level lines through unread). The test suite's
#: in-process settings turn it off (tests/conftest.py) except in the tests about it, whose
#: lines it would otherwise judge in every work pass of the fair-play and ratings tests.
CANFIELD_ENGINE_LIKE_JUDGE = True
# What one account may store (games.quotas, which says why these numbers); 0: no quota.
CANFIELD_MAX_GAMES_PER_DAY = int(os.environ.get("CANFIELD_MAX_GAMES_PER_DAY", "1000"))
CANFIELD_MAX_ACTIONS_PER_HOUR = int(os.environ.get("CANFIELD_MAX_ACTIONS_PER_HOUR", "20000"))
# An API token older than this is refused (log in again for a new one); 0: no limit.
CANFIELD_TOKEN_MAX_AGE_DAYS = int(os.environ.get("CANFIELD_TOKEN_MAX_AGE_DAYS", "30"))

# --- REST framework ---------------------------------------------------------------------------
CANFIELD_THROTTLE_RATES: dict[str, str | None] = {
    "anon": env_rate("CANFIELD_THROTTLE_ANON", "300/minute"),
    "user": env_rate("CANFIELD_THROTTLE_USER", "1200/minute"),
    # Sign-ups per client network (games.api.throttling.SignUpThrottle), every window counted:
    # the hour's 60 let a class of 30 sign up in one lesson with a retry each, the day's 150 a
    # few such lessons, and no script gets more than 150 accounts a day from one network.
    "signup": env_rates("CANFIELD_THROTTLE_SIGNUP", "60/hour,150/day"),
    # Hints per player (games.api.throttling.HintThrottle): each may keep a core busy for
    # CANFIELD_HINT_SECONDS, far more than any other request.
    "hint": env_rate("CANFIELD_THROTTLE_HINT", "20/minute"),
    # Guests made per client network (games.api.throttling.GuestThrottle): a school's network
    # is one, and a few classes of 30 starting at once each make a guest per browser, one
    # more for a cleared cookie; past it, the refusal offers an account (games.api.guests).
    "guest": env_rate("CANFIELD_THROTTLE_GUEST", "150/hour"),
}
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first: its WWW-Authenticate header turns "not authenticated" into a 401.
        "games.api.authentication.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_THROTTLE_CLASSES": [
        "games.api.throttling.AnonThrottle",
        "games.api.throttling.UserThrottle",
    ],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["games.api.parsing.BoundedJSONParser"],  # nesting bounded
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "games.api.exception_handler.api_exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Canfield Arena API",
    # Markdown (Swagger UI renders it): the error shape goes in a code span, where "<code>"
    # is text, not an HTML tag that swallows the rest of the line.
    "DESCRIPTION": (
        "Competitive Canfield solitaire: every game is an append-only log of actions that the "
        "rules engine re-verifies. Errors are always JSON: "
        '`{"error": "<code>", "detail": "<message>", ...}`.'
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Two choice sets share the field name "status" (a game's, a fair-play flag's): name each.
    "ENUM_NAME_OVERRIDES": {
        "FlagStatusEnum": "fairplay.models.Flag.Status",
        "GameStatusEnum": "games.models.Game.Status",
        # A daily's mode, wherever a field names it (a game's "daily", a board's "mode").
        "DailyEnum": ["D3", "D1"],
        # Where a daily board's par and table par stand (par_status, table_par_status).
        "ReadinessEnum": ["pending", "ready", "none"],
    },
    # Self-hosted Swagger UI: /api/docs/ loads nothing from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.api.schema.require_one_of_bodies",
        "games.api.schema.closed_request_bodies",
    ],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
