"""How the application is served: uvicorn with this project's options, defined once.

``make run``, the container's command, and the servers of the tests and benchmarks all start
``python -m canfield_site.serve``, so what the tests and benchmarks measure is what a
deployment runs. (They used to spell out uvicorn's command line each their own way, and the
benchmarks' servers negotiated per-message deflate that no deployment uses.)

The options that are not a deployment's to choose:

* No per-message deflate: live messages are about 250 bytes, and compressing each one once
  per socket cost about a fifth of a fan-out's server CPU (``bench/ws_fanout.py``).
* ``X-Forwarded-For`` is believed from ``TRUSTED_PROXIES`` alone, the list the application
  itself reads (``shared.client_address``), so uvicorn's access log names the same
  client the throttles count. uvicorn's own default trusts 127.0.0.1, which would let any
  process on the host name any client.
* ``CANFIELD_WORKERS`` is set to the worker count before uvicorn starts its workers: the
  settings check what several workers need (a ``REDIS_URL``) from it.

And the referee: the fair-play worker (``manage.py fairplay work``) runs wherever the app
runs. ``--referee`` (default ``CANFIELD_REFEREE``, else ``child``) says who runs it:

* ``child``: this process starts it as its child (``canfield_site.referee``), one per server
  whatever ``--workers`` says, logs its lines, restarts it if it dies and stops it on the
  way out (SIGINT, SIGTERM: uvicorn stops serving first);
* ``external``: another process runs it (compose's ``fairplay`` service), none here;
* ``off``: no referee at all: the tests' and benchmarks' servers, which bring their own
  databases and would only pay its CPU. Nothing computes table pars then.
"""

from __future__ import annotations

import argparse
import os
import signal
from collections.abc import Mapping, Sequence
from types import FrameType
from typing import Any

APPLICATION = "canfield_site.asgi:application"
#: Who runs the fair-play worker beside this server (the module says what each means).
REFEREE_MODES = ("child", "external", "off")


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


def referee_mode(env: Mapping[str, str]) -> str:
    """``CANFIELD_REFEREE`` (any case, default ``child``), or a ValueError naming it.

    >>> referee_mode({}), referee_mode({"CANFIELD_REFEREE": " External "})
    ('child', 'external')
    """
    mode = (env.get("CANFIELD_REFEREE") or "child").strip().lower()
    if mode not in REFEREE_MODES:
        raise ValueError(
            f"CANFIELD_REFEREE must be one of {', '.join(REFEREE_MODES)} (any case), "
            f"not {env['CANFIELD_REFEREE']!r}"
        )
    return mode


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Serve Canfield Arena (HTTP and WebSocket).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=int(os.environ.get("CANFIELD_WORKERS") or 1))
    parser.add_argument(
        "--log-level", default="info", choices=("critical", "error", "warning", "info", "debug")
    )
    parser.add_argument(
        "--referee",
        type=str.lower,
        choices=REFEREE_MODES,
        help="who runs the fair-play worker: this server as its child, another process, or "
        "no one (default: CANFIELD_REFEREE, else child)",
    )
    args = parser.parse_args(argv)
    if args.referee is None:
        try:
            args.referee = referee_mode(os.environ)
        except ValueError as error:
            parser.error(str(error))
    return args


def terminated(signum: int, frame: FrameType | None) -> None:
    """SIGTERM once uvicorn has stopped serving (it raises the signal again then): an exit
    that runs ``main``'s ``finally``, so the referee is stopped too (exit status 143, as a
    shell reports a process SIGTERM ended)."""
    raise SystemExit(128 + signum)


def main(argv: Sequence[str] | None = None) -> None:
    import uvicorn

    from canfield_site.referee import MANAGE, Referee, log_to_stderr, logger, referee_command

    args = parse(argv)
    os.environ["CANFIELD_WORKERS"] = str(args.workers)
    log_to_stderr(args.log_level)
    referee = None
    if args.referee == "child":
        referee = Referee(
            command=referee_command(parent=os.getpid()), env=os.environ, cwd=MANAGE.parent
        )
    elif args.referee == "external":
        logger.info("none here (%s): another process runs manage.py fairplay work", args.referee)
    else:
        logger.warning(
            "none (%s): no table pars are computed, nothing is judged against them", args.referee
        )
    signal.signal(signal.SIGTERM, terminated)
    try:
        if referee is not None:
            referee.start()
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
    finally:
        if referee is not None:
            referee.stop()


if __name__ == "__main__":
    main()
