"""Ports on loopback for a server started by a test or a benchmark: a free one, and waiting
until something listens on it."""

from __future__ import annotations

import socket
import time

HOST = "127.0.0.1"


def free_port() -> int:
    """A port of the loopback address that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def wait_port(port: int, seconds: float = 20.0) -> None:
    """Waits until something listens on the port; RuntimeError after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex((HOST, port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {HOST}:{port}")
