"""Issue 11, item 1: a client cannot choose the address its throttles and log lines key on.

Only a peer listed in ``TRUSTED_PROXIES`` may name the client in ``X-Forwarded-For``. The
in-process tests pin the rule and the throttles; the server test runs uvicorn exactly as
``make run`` does (its command line is read from ``make -n run``) and checks the access log
and a throttle against forged headers from loopback.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import tempfile
import time
import uuid

import httpx
import pytest
from django.conf import LazySettings
from rest_framework.test import APIClient

from canfield_site.serve import uvicorn_options
from shared.client_address import address_network, client_address
from tests.support.servers import REPO_ROOT, free_port, server_env_for_test_db

LOOPBACK = "127.0.0.1"
#: A throttled read that needs no data (an unknown player: 404).
PROBE = "/api/players/nobody-here/"


@pytest.mark.parametrize(
    ("peer", "forwarded", "trusted", "expected"),
    [
        ("203.0.113.7", "1.2.3.4", [], "203.0.113.7"),  # nobody trusted: header ignored
        ("203.0.113.7", "1.2.3.4", ["10.0.0.0/8"], "203.0.113.7"),  # peer not a proxy
        ("10.0.0.1", "1.2.3.4", ["10.0.0.0/8"], "1.2.3.4"),
        ("10.0.0.1", "9.9.9.9, 1.2.3.4", ["10.0.0.0/8"], "1.2.3.4"),  # forged left part
        ("10.0.0.1", "1.2.3.4, 10.0.0.2", ["10.0.0.0/8"], "1.2.3.4"),  # two proxies
        ("10.0.0.1", "1.2.3.4:5555", ["10.0.0.0/8"], "1.2.3.4"),
        ("10.0.0.1", "[2001:db8::1]:80", ["10.0.0.0/8"], "2001:db8::1"),
        ("10.0.0.1", "not-an-address", ["10.0.0.0/8"], "10.0.0.1"),
        ("10.0.0.1", "junk, 1.2.3.4", ["10.0.0.0/8"], "1.2.3.4"),
        ("10.0.0.1", "10.0.0.3, 10.0.0.2", ["10.0.0.0/8"], "10.0.0.3"),  # all proxies
        ("::1", "1.2.3.4", ["::1"], "1.2.3.4"),
        ("10.0.0.1", None, ["10.0.0.0/8"], "10.0.0.1"),
    ],
)
def test_one_rule_decides_the_client(
    peer: str, forwarded: str | None, trusted: list[str], expected: str
) -> None:
    assert client_address(peer, forwarded, trusted) == expected
    # Idempotent: the ASGI layer and the Django helper may both apply it.
    assert client_address(expected, forwarded, trusted) == expected


@pytest.mark.django_db
def test_forged_forwarded_for_shares_the_peers_bucket(
    api_client: APIClient, settings: LazySettings
) -> None:
    """Before: DRF (NUM_PROXIES unset) keyed anonymous throttles on the raw header, so every
    forged value was a fresh bucket."""
    settings.CANFIELD_THROTTLE_RATES = {"anon": "3/minute", "user": None}
    statuses = [
        api_client.get(PROBE, HTTP_X_FORWARDED_FOR=f"198.51.100.{i}").status_code for i in range(5)
    ]
    assert statuses == [404, 404, 404, 429, 429]


@pytest.mark.django_db
def test_a_trusted_proxy_names_the_client(settings: LazySettings) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": "2/minute", "user": None}
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    proxy = APIClient(REMOTE_ADDR="10.0.0.1")
    first = [
        proxy.get(PROBE, HTTP_X_FORWARDED_FOR=f"{forged}, 198.51.100.1").status_code
        for forged in ("1.1.1.1", "2.2.2.2", "3.3.3.3")
    ]
    assert first == [404, 404, 429]  # the part left of the proxy's own entry is not believed
    assert proxy.get(PROBE, HTTP_X_FORWARDED_FOR="198.51.100.2").status_code == 404


def make_run_server_command(port: int, trusted: str) -> list[str]:
    """The server command line of ``make run`` (dry run), on ``port``."""
    output = subprocess.run(
        ["make", "-n", "run", f"PORT={port}", f"TRUSTED_PROXIES={trusted}"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.replace("\\\n", " ")
    line = next(line for line in output.splitlines() if "canfield_site.serve" in line)
    return shlex.split(line)


def test_the_server_hands_uvicorn_the_trusted_proxies() -> None:
    """``make run`` and the container serve through ``canfield_site.serve``, which gives
    uvicorn the application's own list (uvicorn's default would trust 127.0.0.1)."""
    assert "--forwarded-allow-ips" not in make_run_server_command(8000, "")
    for trusted in ("10.0.0.0/8,192.0.2.1", ""):
        options = uvicorn_options(
            host="127.0.0.1",
            port=8000,
            workers=1,
            log_level="info",
            env={"TRUSTED_PROXIES": trusted},
        )
        assert options["forwarded_allow_ips"] == trusted
        assert options["proxy_headers"] is True
    assert (
        uvicorn_options(host="h", port=1, workers=1, log_level="info", env={})[
            "forwarded_allow_ips"
        ]
        == ""
    )
    dockerfile = (REPO_ROOT / "Dockerfile").read_text()
    assert "python -m canfield_site.serve" in dockerfile


def test_no_deployment_file_trusts_every_peer() -> None:
    for name in ("Dockerfile", "docker-compose.yml", "Makefile"):
        text = (REPO_ROOT / name).read_text()
        assert not re.search(r"forwarded-allow-ips[= ]+'?\*", text), name
        assert "TRUSTED_PROXIES" in text, name


@pytest.mark.e2e
def test_make_run_server_logs_and_throttles_the_real_peer(transactional_db: None) -> None:
    """Before: uvicorn trusted loopback's header (its default), so the access log showed the
    forged address and each forged value had its own bucket."""
    port = free_port()
    command = make_run_server_command(port, "")
    command[0] = str(REPO_ROOT / command[0])
    env = {
        **os.environ,
        **server_env_for_test_db(),
        "CANFIELD_CACHE_PREFIX": f"test-{uuid.uuid4().hex}",  # its own throttle counters
        "CANFIELD_THROTTLE_ANON": "5/minute",
        "CANFIELD_THROTTLE_USER": "off",
        "CANFIELD_REFEREE": "off",  # the test's database: no fair-play worker on its deals
    }
    env.pop("FORWARDED_ALLOW_IPS", None)
    with tempfile.TemporaryFile(mode="w+") as log:
        process = subprocess.Popen(
            command, cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
        )
        try:
            base = f"http://{LOOPBACK}:{port}"
            _wait_for(base)
            statuses = [
                httpx.get(base + PROBE, headers={"X-Forwarded-For": f"198.51.100.{i}"}).status_code
                for i in range(7)
            ]
        finally:
            process.terminate()
            process.wait(timeout=10)
        log.seek(0)
        lines = [line for line in log.read().splitlines() if f"GET {PROBE}" in line]
    assert statuses == [404] * 5 + [429] * 2
    assert len(lines) == 7 and all(f"{LOOPBACK}:" in line for line in lines), lines
    assert not any("198.51.100." in line for line in lines), lines


def _wait_for(base: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/api/health/", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"{base} did not become healthy")


@pytest.mark.parametrize(
    ("address", "network", "ipv4_whole"),
    [
        ("203.0.113.7", "203.0.113.0/24", "203.0.113.7/32"),
        ("203.0.113.250", "203.0.113.0/24", "203.0.113.250/32"),
        ("::ffff:203.0.113.7", "203.0.113.0/24", "203.0.113.7/32"),  # dual-stack view of IPv4
        ("2001:db8:1:2::1", "2001:db8:1:2::/64", "2001:db8:1:2::/64"),
        ("2001:DB8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64", "2001:db8:1:2::/64"),
        ("[2001:db8:1:3::1]:443", "2001:db8:1:3::/64", "2001:db8:1:3::/64"),
        ("", "", ""),  # no peer: its own bucket, as the address rule gives it
    ],
)
def test_the_network_of_an_address(address: str, network: str, ipv4_whole: str) -> None:
    """Fair-play linking's network (IPv4 /24, IPv6 /64); the sign-up limit keeps IPv4 whole."""
    assert address_network(address) == network
    assert address_network(address, ipv4_prefix=32) == ipv4_whole
