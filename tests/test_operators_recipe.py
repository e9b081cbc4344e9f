"""The operators' recipe (docs/operators/several-processes.md) tried end to end with the files
it ships: postgres.sql run on a private PostgreSQL, Redis started with redis.conf (no
persistence), the systemd unit ludoteca@.service checked by `systemd-analyze verify` and its
command started twice on two ports with ludoteca.env's settings, and nginx.conf with the
two-process upstream (upstream-two.conf) in front: a match played over https and wss through
nginx. Only ports, paths and the certificate are changed for the run."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import ssl
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from scripts import ROOT, load_script

from ludoteca.server.loopback import free_port, wait_port
from ludoteca.server.tests.services import Postgres

pytestmark = pytest.mark.services

OPERATORS = ROOT / "docs" / "operators"
INSTALLED = "/opt/ludoteca/.venv/bin/ludoteca"
check_proxy = load_script("tools/check_proxy.py")


def settings(database_port: int, redis_port: int, public: str) -> dict[str, str]:
    """ludoteca.env's settings, pointed at this run's PostgreSQL, Redis and nginx."""
    found = {}
    for line in (OPERATORS / "ludoteca.env").read_text().splitlines():
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            found[key] = value
    found["DATABASE_URL"] = found["DATABASE_URL"].replace("@127.0.0.1/",
                                                          f"@127.0.0.1:{database_port}/")
    found["REDIS_URL"] = found["REDIS_URL"].replace(":6379/", f":{redis_port}/")
    found["PUBLIC_URL"] = public
    return found


def unit_command(port: int, env: dict[str, str]) -> list[str]:
    """The unit's ExecStart as systemd runs it for instance `port`: %i and ${...} expanded."""
    unit = (OPERATORS / "ludoteca@.service").read_text()
    line = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    line = line.removeprefix("ExecStart=").replace("%i", str(port))
    line = re.sub(r"\$\{(\w+)\}", lambda m: env[m.group(1)], line)
    words = line.split()
    assert words[0] == INSTALLED, f"the unit no longer runs {INSTALLED}"
    return [str(Path(sys.executable).parent / "ludoteca"), *words[1:]]


@pytest.fixture
def folder() -> Iterator[Path]:
    # In /tmp, open to PostgreSQL's unprivileged user.
    path = Path(tempfile.mkdtemp(prefix="ludoteca-recipe-"))
    os.chmod(path, 0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_the_systemd_unit_passes_systemd_analyze_verify(folder: Path) -> None:
    if shutil.which("systemd-analyze") is None:
        pytest.fail("systemd-analyze is missing: make test-services installs it (systemd)")
    env_file = folder / "ludoteca.env"
    shutil.copy(OPERATORS / "ludoteca.env", env_file)
    unit = (OPERATORS / "ludoteca@.service").read_text()
    assert INSTALLED in unit and "/etc/ludoteca/ludoteca.env" in unit
    unit = unit.replace(INSTALLED, str(Path(sys.executable).parent / "ludoteca"))
    unit = unit.replace("/etc/ludoteca/ludoteca.env", str(env_file))
    (folder / "ludoteca@8001.service").write_text(unit)
    done = subprocess.run(["systemd-analyze", "verify", str(folder / "ludoteca@8001.service")],
                          capture_output=True, text=True, timeout=120)
    # A value systemd cannot read is only a warning: any word from it fails the check too.
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr


def test_two_processes_behind_nginx_as_the_recipe_says(folder: Path) -> None:
    for tool in ("nginx", "openssl", "redis-server"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is missing: make test-services installs it")
    postgres = Postgres(folder / "postgres")
    postgres.start()
    processes: list[subprocess.Popen[bytes]] = []
    try:
        subprocess.run([str(postgres.bin / "psql"), "-h", "127.0.0.1", "-p", str(postgres.port),
                        "-U", "postgres", "-v", "ON_ERROR_STOP=1", "-q",
                        "-f", str(OPERATORS / "postgres.sql")], check=True, capture_output=True)
        redis_port = free_port()
        processes.append(subprocess.Popen(
            ["redis-server", str(OPERATORS / "redis.conf"), "--port", str(redis_port),
             "--dir", str(folder)], stdout=subprocess.DEVNULL))
        wait_port(redis_port)
        saving = subprocess.run(["redis-cli", "-p", str(redis_port), "config", "get", "save"],
                                capture_output=True, text=True, check=True).stdout.split()
        assert saving == ["save"], f"Redis keeps snapshots: {saving}"
        proxy_port = free_port()
        env = settings(postgres.port, redis_port, f"https://localhost:{proxy_port}")
        apps = [free_port(), free_port()]
        for port in apps:
            with open(folder / f"ludoteca-{port}.log", "wb") as log:
                processes.append(subprocess.Popen(unit_command(port, env), stdout=log,
                                                  stderr=subprocess.STDOUT))
        for port in apps:
            try:
                wait_port(port, 90)
            except RuntimeError:
                pytest.fail((folder / f"ludoteca-{port}.log").read_text()[-3000:])
            health = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=30,
                               headers={"Host": f"localhost:{proxy_port}"})
            assert health.status_code == 200 and health.json()["ok"], health.text
        cert, key = check_proxy.certificate(folder)
        processes.append(nginx(folder, apps, proxy_port, cert, key))
        wait_port(proxy_port, 30)
        trust = ssl.create_default_context(cafile=str(cert))
        told = asyncio.run(check_proxy.play_through(f"https://localhost:{proxy_port}", trust))
        assert "action accepted" in told
    finally:
        for process in reversed(processes):
            process.terminate()
            process.wait(30)
        postgres.stop()


def nginx(folder: Path, apps: list[int], port: int, cert: Path,
          key: Path) -> subprocess.Popen[bytes]:
    """nginx.conf with upstream-two.conf's upstream, on this run's ports and certificate."""
    site: str = check_proxy.nginx_site(port, cert, key)
    two = (OPERATORS / "upstream-two.conf").read_text()
    for default, app in zip(("127.0.0.1:8001", "127.0.0.1:8002"), apps, strict=True):
        assert default in two, f"upstream-two.conf no longer has {default}"
        two = two.replace(default, f"127.0.0.1:{app}")
    block = re.compile(r"^upstream ludoteca \{.*?^\}", re.S | re.M)
    assert block.search(site), "nginx.conf no longer has an `upstream ludoteca` block"
    replacement = block.search(two)
    assert replacement, "upstream-two.conf no longer has an `upstream ludoteca` block"
    site = block.sub(lambda _: replacement.group(0), site)
    started: subprocess.Popen[bytes] = check_proxy.start_nginx(folder, site)
    return started
