# Canfield Arena: one image serving HTTP and WebSocket (uvicorn, ASGI).
# docker-compose.yml runs it next to PostgreSQL and Redis; see docs/operations.md, "Running at scale".
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Dependencies first: this layer is rebuilt only when pyproject.toml changes.
COPY pyproject.toml README.md ./
RUN mkdir -p engine canfield_site games web accounts \
    && touch engine/__init__.py canfield_site/__init__.py games/__init__.py web/__init__.py \
        accounts/__init__.py \
    && pip install '.[service]' \
    && pip uninstall -y canfield-arena

COPY manage.py ./
COPY engine ./engine
COPY canfield_site ./canfield_site
COPY games ./games
COPY accounts ./accounts
COPY web ./web

# Static files are served by the app itself (no CDN, no separate web server).
RUN python manage.py collectstatic --noinput --verbosity 0 \
    && useradd --system --no-create-home --uid 10001 canfield
USER canfield

EXPOSE 8000
# CANFIELD_WORKERS: the uvicorn worker count, which the settings also check (several need REDIS_URL).
ENV PORT=8000 CANFIELD_WORKERS=2 TRUSTED_PROXIES=
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
    CMD python -c "import os, urllib.request; urllib.request.urlopen(f'http://127.0.0.1:{os.environ[\"PORT\"]}/api/health/', timeout=2)"

# Only TRUSTED_PROXIES (addresses/CIDRs of the proxy in front, empty: none) may name the client
# in X-Forwarded-For; the app reads the same variable.
# Migrations run at start (idempotent); then several ASGI workers share PostgreSQL and Redis.
CMD ["sh", "-c", "python manage.py migrate --noinput && exec python -m canfield_site.serve --host 0.0.0.0 --port ${PORT} --workers ${CANFIELD_WORKERS}"]
