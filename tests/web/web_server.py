"""A real `ludoteca serve` for the browser tests: on a free local port with fast bots, its
database and log in its own folder (which is its working directory), ready once /healthz
answers, and stopped after."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from ludoteca.server.loopback import free_port

STARTING_SECONDS = 30


@contextmanager
def serving(folder: Path, *args: str, env: Mapping[str, str] | None = None) -> Iterator[str]:
    """The server's address while it runs; `args` are further `serve` options, `env` its
    environment (this process's when None). One that never answers fails with its log."""
    port = free_port()
    log_path = folder / "serve.log"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [sys.executable, "-c", "from ludoteca.cli import app; app()", "serve",
             "--port", str(port), "--db", str(folder / "test.db"), "--bot-pause", "0.05", *args],
            stdout=log, stderr=subprocess.STDOUT, cwd=folder, env=env,
        )
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + STARTING_SECONDS
        while True:
            try:
                with urllib.request.urlopen(url + "/healthz", timeout=1):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    process.kill()
                    raise RuntimeError(log_path.read_text()) from None
                time.sleep(0.2)
        try:
            yield url
        finally:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
