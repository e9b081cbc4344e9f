"""Private PostgreSQL and Redis instances for the tests: loopback ports, temporary folders,
stopped at the end. Nothing global is started. `tools/test-services.sh` installs the Debian
packages; where they are missing and cannot be, the tests that need them are skipped with a
loud reason (and fail in CI, which always can install them)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
from pathlib import Path

import pytest

from ludoteca.server.loopback import free_port, wait_port


def missing(what: str) -> None:
    message = (
        f"\n\n*** {what} is not installed: run `make test-services` (as root) to install it. "
        "The PostgreSQL/Redis server tests are SKIPPED. ***\n"
    )
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)




class Postgres:
    """initdb + pg_ctl as an unprivileged user (PostgreSQL refuses to run as root)."""

    def __init__(self, folder: Path) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not found:
            missing("PostgreSQL")
        self.bin = Path(found[-1]).parent
        self.folder = folder
        self.data = folder / "data"
        self.port = free_port()
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = "nobody"
            folder.mkdir(parents=True, exist_ok=True)
            entry = pwd.getpwnam(self.user)
            os.chown(folder, entry.pw_uid, entry.pw_gid)

    def _run(self, *args: str) -> None:
        command = list(args)
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, check=True, capture_output=True, cwd=self.folder)

    def start(self) -> None:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
                  "-A", "trust", "--no-sync", "-E", "UTF8")
        options = (f"-p {self.port} -h 127.0.0.1 -k {self.folder} -c fsync=off "
                   "-c max_connections=200")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options,
                  "-l", str(self.folder / "log"), "-w", "start")
        wait_port(self.port)

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        except subprocess.CalledProcessError:
            pass

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        import psycopg

        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{self.port}/postgres",
                             autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


class Redis:
    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            missing("Redis (redis-server)")
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [str(self.binary), "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder), "--protected-mode", "yes"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        wait_port(self.port)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None

    def restart(self) -> None:
        """Stopped and started again on the same port, empty (it keeps nothing on disk): its
        clients' connections drop, their subscriptions and the leases are gone."""
        self.stop()
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"
