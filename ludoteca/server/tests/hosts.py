"""Hosts on one machine, each in a Linux network namespace of its own with an address on a
private test subnet that exists only inside them (veth pairs to a bridge in a namespace of its
own): created by a test and removed at its end; root only. A host is cut off the network by
taking its link down, and cut off from one address by a blackhole route."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

SUBNET = "10.45.0"  # a private /24 that no namespace but these knows


def can_build() -> str | None:
    """Why namespaces cannot be built here (None: they can)."""
    if os.geteuid() != 0:
        return "building network namespaces needs root"
    try:
        subprocess.run(["ip", "netns", "list"], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        return f"`ip netns` does not work here ({exc})"
    return None


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


@dataclass
class Host:
    name: str
    namespace: str
    address: str
    link: str  # its end of the veth pair, inside its namespace

    def command(self, *argv: str) -> list[str]:
        return ["ip", "netns", "exec", self.namespace, *argv]

    def start(self, argv: list[str], log: Path, user: str | None = None
              ) -> subprocess.Popen[bytes]:
        """A process in this host (`ip netns exec` runs it in place: its pid is the process's,
        so a signal reaches it)."""
        prefix = ["runuser", "-u", user, "--"] if user else []
        with open(log, "ab") as out:
            return subprocess.Popen(self.command(*prefix, *argv), stdout=out, stderr=out,
                                    env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def cut(self) -> None:
        """Off the network: nothing in or out, as a host whose cable was pulled."""
        ip("-n", self.namespace, "link", "set", self.link, "down")

    def mend(self) -> None:
        ip("-n", self.namespace, "link", "set", self.link, "up")

    def block(self, address: str) -> None:
        """Nothing from this host reaches `address` (a blackhole route)."""
        ip("-n", self.namespace, "route", "add", "blackhole", f"{address}/32")

    def unblock(self, address: str) -> None:
        ip("-n", self.namespace, "route", "del", "blackhole", f"{address}/32")


class Network:
    """The bridge's namespace and the hosts, named with a prefix of this run's own."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix[:6]
        self.bridge = f"{self.prefix}-br"
        self.hosts: list[Host] = []
        ip("netns", "add", self.bridge)
        ip("-n", self.bridge, "link", "add", "br0", "type", "bridge")
        ip("-n", self.bridge, "link", "set", "br0", "up")

    def host(self, name: str, last: int) -> Host:
        namespace = f"{self.prefix}-{name}"
        inner, outer = f"{self.prefix}{last}a", f"{self.prefix}{last}b"
        ip("netns", "add", namespace)
        ip("link", "add", inner, "type", "veth", "peer", "name", outer)
        ip("link", "set", inner, "netns", namespace)
        ip("link", "set", outer, "netns", self.bridge)
        ip("-n", self.bridge, "link", "set", outer, "master", "br0")
        ip("-n", self.bridge, "link", "set", outer, "up")
        address = f"{SUBNET}.{last}"
        ip("-n", namespace, "addr", "add", f"{address}/24", "dev", inner)
        ip("-n", namespace, "link", "set", inner, "up")
        ip("-n", namespace, "link", "set", "lo", "up")
        host = Host(name, namespace, address, inner)
        self.hosts.append(host)
        return host

    def close(self) -> None:
        for namespace in [h.namespace for h in self.hosts] + [self.bridge]:
            subprocess.run(["ip", "netns", "del", namespace], capture_output=True)
