"""How the application is served: uvicorn with this project's options, defined once.

``make run``, the container's command, and the servers of the tests and benchmarks all start
``python -m canfield_site.serve``, so what the tests and benchmarks measure is what a
deployment runs. (They used to spell out uvicorn's command line each their own way, and the
benchmarks' servers negotiated per-message deflate that no deployment uses.)

The options that are not a deployment's to choose:

* No per-message deflate: live messages are about 250 bytes, and compressing each one once
  per socket cost about a fifth of a fan-out's server CPU (``bench/ws_fanout.py``).
* ``X-Forwarded-For`` is believed from ``TRUSTED_PROXIES`` alone, the list the application
  itself reads (``canfield_site.client_address``), so uvicorn's access log names the same
  client the throttles count. uvicorn's own default trusts 127.0.0.1, which would let any
  process on the host name any client.
* ``CANFIELD_WORKERS`` is set to the worker count before uvicorn starts its workers: the
  settings check what several workers need (a ``REDIS_URL``) from it.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence
from typing import Any

APPLICATION = "canfield_site.asgi:application"


def uvicorn_options(
    *, host: str, port: int, workers: int, log_level: str, env: Mapping[str, str]
) -> dict[str, Any]:
    """The keyword arguments of ``uvicorn.run`` for this application."""
    return {
        "host": host,
        "port": port,
        "workers": workers,
        "log_level": log_level,
        "ws_per_message_deflate": False,
        "proxy_headers": True,
        "forwarded_allow_ips": env.get("TRUSTED_PROXIES", ""),
    }


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Serve Canfield Arena (HTTP and WebSocket).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=int(os.environ.get("CANFIELD_WORKERS") or 1))
    parser.add_argument(
        "--log-level", default="info", choices=("critical", "error", "warning", "info", "debug")
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> None:
    import uvicorn

    args = parse(argv)
    os.environ["CANFIELD_WORKERS"] = str(args.workers)
    uvicorn.run(
        APPLICATION,
        **uvicorn_options(
            host=args.host,
            port=args.port,
            workers=args.workers,
            log_level=args.log_level,
            env=os.environ,
        ),
    )


if __name__ == "__main__":
    main()
