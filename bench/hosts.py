"""Several hosts, on this machine: three application hosts, PostgreSQL, Redis, nginx and the
players each in a Linux network namespace of its own, with an address on a private subnet that
exists only inside them (ludoteca/server/tests/hosts.py; root only). nginx routes by match as
the operators' example does. Tables of two scripted people and a bot play Goofspiel through the
proxy, match after match (ludoteca/server/tests/hosts_people.py), while the hosts suffer, one
after another:

- **drain**: each application host in turn gets a SIGTERM (it drains: its players move, its
  matches are handed over) and is started again;
- **lost host**: one application host is cut off the network (its link down) for 12 s;
- **Redis cut off**: one application host cannot reach Redis (a blackhole route) for 10 s.

Then every match's log is read: every step acknowledged to a person is in it, as that person's,
and no person has more steps in it than actions they sent (none invented). A person's *stall*
is the longest they waited for the next step of their running match; each is counted in the
phase it ended in. The goals: under 3 s for a drain, under 10 s for a lost host.

    sudo .venv/bin/python bench/hosts.py [SECONDS_BETWEEN_FAULTS]
"""

from __future__ import annotations

import argparse
import json
import os
import pwd
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludoteca.server.tests.hosts import SUBNET, Host, Network, can_build
from ludoteca.server.tests.proxy import Nginx, nginx_binary

sys.path.insert(0, str(Path(__file__).parent))  # the benches' own helpers, beside them
from pages import markdown_table, write_page  # noqa: E402

PYTHON = str(Path(sys.executable))
LUDOTECA = str(Path(sys.executable).parent / "ludoteca")
PORT = 8000
TABLES = 6
HEARTBEAT = 0.5
DRAIN_GOAL, LOST_GOAL = 3.0, 10.0


@dataclass
class Phase:
    name: str
    began: float
    ended: float = 0.0
    notes: list[str] = field(default_factory=list)


@dataclass
class Room:
    folder: Path
    network: Network
    hosts: dict[str, Host]
    database: str = ""
    redis: str = ""
    processes: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    nginx: Nginx | None = None
    postgres_bin: Path = Path()

    def app_argv(self, host: Host) -> list[str]:
        return [LUDOTECA, "serve", "--host", host.address, "--port", str(PORT),
                "--database-url", self.database, "--redis-url", self.redis,
                "--heartbeat", str(HEARTBEAT), "--bot-pause", "0.1", "--drain-seconds", "10",
                "--forwarded-allow-ips", f"{SUBNET}.0/24", "--matches-per-hour", "0",
                "--unfinished-per-creator", "0", "--idle-seconds", "5"]

    def start_app(self, name: str) -> None:
        host = self.hosts[name]
        self.processes[name] = host.start(self.app_argv(host), self.folder / f"{name}.log")
        self.wait_healthy(host)

    def wait_healthy(self, host: Host, seconds: float = 60) -> None:
        check = (f"import urllib.request; urllib.request.urlopen("
                 f"'http://{host.address}:{PORT}/healthz', timeout=1)")
        deadline = time.monotonic() + seconds
        while subprocess.run(host.command(PYTHON, "-c", check),
                             capture_output=True).returncode != 0:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{host.name} did not answer /healthz in {seconds} s")
            time.sleep(0.3)


def start_postgres(room: Room) -> None:
    host = room.hosts["postgres"]
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: run `make test-services`")
    room.postgres_bin = found[-1].parent
    data = room.folder / "pg"
    data.mkdir()
    entry = pwd.getpwnam("nobody")
    os.chown(data, entry.pw_uid, entry.pw_gid)
    subprocess.run(["runuser", "-u", "nobody", "--", str(room.postgres_bin / "initdb"), "-D",
                    str(data / "data"), "-U", "postgres", "-A", "trust", "--no-sync"],
                   check=True, capture_output=True)
    with open(data / "data" / "pg_hba.conf", "a") as hba:
        hba.write(f"host all all {SUBNET}.0/24 trust\n")
    options = (f"-h {host.address} -p 5432 -k {data} -c fsync=off -c max_connections=300")
    subprocess.run(host.command("runuser", "-u", "nobody", "--",
                                str(room.postgres_bin / "pg_ctl"), "-D", str(data / "data"),
                                "-o", options, "-l", str(data / "log"), "-w", "start"),
                   check=True, capture_output=True)
    subprocess.run(host.command("runuser", "-u", "nobody", "--",
                                str(room.postgres_bin / "createdb"), "-h", host.address, "-U",
                                "postgres", "ludoteca"), check=True, capture_output=True)
    room.database = f"postgresql+psycopg://postgres@{host.address}:5432/ludoteca"


def start_redis(room: Room) -> None:
    host = room.hosts["redis"]
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError("Redis is not installed: run `make test-services`")
    room.processes["redis"] = host.start(
        [binary, "--port", "6379", "--bind", host.address, "--save", "", "--appendonly", "no",
         "--protected-mode", "no", "--dir", str(room.folder)], room.folder / "redis.log")
    room.redis = f"redis://{host.address}:6379/0"


def build(folder: Path) -> Room:
    network = Network(f"l{os.getpid() % 100000}")
    room = Room(folder, network, {})
    try:
        for name, last in (("postgres", 10), ("redis", 11), ("app1", 21), ("app2", 22),
                           ("app3", 23), ("nginx", 30), ("people", 40)):
            room.hosts[name] = network.host(name, last)
        start_postgres(room)
        start_redis(room)
        for name in ("app1", "app2", "app3"):
            room.start_app(name)
        proxy = room.hosts["nginx"]
        room.nginx = Nginx(folder / "nginx", [f"{room.hosts[a].address}:{PORT}"
                                              for a in ("app1", "app2", "app3")],
                           host=proxy.address, port=80)
        room.nginx.start(prefix=proxy.command())
    except BaseException:
        tear_down(room)
        raise
    return room


def tear_down(room: Room) -> None:
    if room.nginx is not None:
        room.nginx.stop()
    for process in room.processes.values():
        if process.poll() is None:
            process.kill()
            process.wait(10)
    if room.postgres_bin != Path():
        subprocess.run(room.hosts["postgres"].command(
            "runuser", "-u", "nobody", "--", str(room.postgres_bin / "pg_ctl"), "-D",
            str(room.folder / "pg" / "data"), "-m", "immediate", "stop"), capture_output=True)
    room.network.close()


def faults(room: Room, pause: float) -> list[Phase]:
    phases = [Phase("warm-up", time.time())]
    time.sleep(pause)

    def begin(name: str) -> Phase:
        phases[-1].ended = time.time()
        phases.append(Phase(name, time.time()))
        return phases[-1]

    for name in ("app1", "app2", "app3"):
        phase = begin(f"drain {name}")
        process = room.processes[name]
        began = time.monotonic()
        process.send_signal(signal.SIGTERM)
        process.wait(30)
        phase.notes.append(f"exited {time.monotonic() - began:.1f} s after SIGTERM")
        began = time.monotonic()
        room.start_app(name)
        phase.notes.append(f"answered again {time.monotonic() - began:.1f} s after its start")
        time.sleep(pause)
    phase = begin("lost host app2")
    room.hosts["app2"].cut()
    time.sleep(12)
    room.hosts["app2"].mend()
    time.sleep(pause)
    phase = begin("Redis cut off from app3")
    redis = room.hosts["redis"].address
    room.hosts["app3"].block(redis)
    time.sleep(10)
    room.hosts["app3"].unblock(redis)
    time.sleep(pause)
    begin("after")
    return phases


def play(room: Room, pause: float) -> tuple[dict[str, Any], list[Phase]]:
    planned = 4 * pause + 3 * (pause + 15) + 12 + 10 + 3 * pause
    out = room.folder / "people.json"
    people = room.hosts["people"].start(
        [PYTHON, "-m", "ludoteca.server.tests.hosts_people", f"http://{room.hosts['nginx'].address}",
         str(planned), str(TABLES), str(out)], room.folder / "people.log")
    try:
        phases = faults(room, pause)
        people.wait(600)
    finally:
        if people.poll() is None:
            people.kill()
    if not out.exists():
        raise RuntimeError("the people wrote no results: " + (room.folder / "people.log")
                           .read_text()[-2000:])
    return json.loads(out.read_text()), phases


def check(results: dict[str, Any]) -> tuple[int, int, list[str]]:
    """(steps acknowledged, matches, problems): every acknowledged step in its match's log as
    its person's; nobody with more steps in a log than actions they sent."""
    problems: list[str] = []
    acknowledged = 0
    for person in results["people"]:
        log = results["logs"].get(person["match"])
        if log is None:
            problems.append(f"match {person['match']}: no record")
            continue
        for step, _ref in person["acknowledged"].items():
            acknowledged += 1
            if int(step) > len(log) or log[int(step) - 1] != person["seat"]:
                problems.append(f"match {person['match']} step {step}: acknowledged to seat "
                                f"{person['seat']}, not in the log as theirs")
        if log.count(person["seat"]) > len(person["refs"]):
            problems.append(f"match {person['match']} seat {person['seat']}: "
                            f"{log.count(person['seat'])} steps for {len(person['refs'])} sent")
    return acknowledged, len(results["logs"]), problems


def stalls_by_phase(results: dict[str, Any], phases: list[Phase]
                    ) -> tuple[dict[str, float], dict[str, str]]:
    """The longest stall that ended in each phase (the fault then going on: a wait that began
    a moment before a host was cut off is that host's), and whose it was."""
    longest = {phase.name: 0.0 for phase in phases}
    whose = {phase.name: "" for phase in phases}
    for person in results["people"]:
        for began, seconds in person["stalls"]:
            ended = began + seconds
            for phase in phases:
                if phase.began <= ended < (phase.ended or float("inf")) and (
                        seconds > longest[phase.name]):
                    longest[phase.name] = seconds
                    whose[phase.name] = (f"match {person['match']} seat {person['seat']}, "
                                         f"ended {ended - phase.began:.1f} s into the phase, "
                                         f"{person['reconnections']} reconnections")
    return longest, whose


def run(pause: float = 4.0) -> dict[str, Any]:
    why = can_build()
    if why is not None:
        raise RuntimeError(why)
    nginx_binary()
    folder = Path(tempfile.mkdtemp(prefix="ludoteca-hosts-"))
    os.chmod(folder, 0o755)  # PostgreSQL, as nobody, reads its way to its folder
    room = build(folder)
    try:
        results, phases = play(room, pause)
    finally:
        tear_down(room)
    acknowledged, matches, problems = check(results)
    stalls, whose = stalls_by_phase(results, phases)
    figures = {"acknowledged": acknowledged, "matches": matches, "problems": problems,
               "stalls": stalls, "whose": whose, "phases": [vars(p) for p in phases],
               "people": len(results["people"]),
               "reconnections": sum(p["reconnections"] for p in results["people"])}
    figures["logs"] = str(folder)  # the processes' logs, for a stall worth a look
    return figures


def page(figures: dict[str, Any], arguments: list[str]) -> None:
    rows = []
    for phase in figures["phases"]:
        name = phase["name"]
        goal = (f"< {DRAIN_GOAL:.0f} s" if name.startswith("drain") else
                f"< {LOST_GOAL:.0f} s" if name.startswith("lost") else "")
        seconds = figures["stalls"][name]
        limit = DRAIN_GOAL if name.startswith("drain") else (
            LOST_GOAL if name.startswith("lost") else None)
        met = "" if limit is None else ("yes" if seconds < limit else "**no**")
        rows.append([name, f"{seconds:.2f} s", goal, met,
                     "; ".join([*phase["notes"], figures["whose"][name]])])
    sections = [
        markdown_table(["phase", "longest stall", "goal", "met", "whose, notes"], rows,
                       "Each person's longest wait for the next step, by phase"),
        markdown_table(["matches", "people", "steps acknowledged", "reconnections",
                        "problems"],
                       [[str(figures["matches"]), str(figures["people"]),
                         str(figures["acknowledged"]), str(figures["reconnections"]),
                         str(len(figures["problems"]))]], "What was played"),
    ]
    write_page("hosts", "Several hosts: drains, a lost host, Redis cut off", __doc__ or "",
               sections, arguments=arguments)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seconds", nargs="?", type=float, default=4.0,
                        metavar="SECONDS_BETWEEN_FAULTS",
                        help="seconds between one fault's end and the next (default 4)")
    seconds = parser.parse_args().seconds
    if not 0 <= seconds <= 600:
        parser.error(f"SECONDS_BETWEEN_FAULTS must be from 0 to 600, not {seconds:g}")
    if (why := can_build()) is not None:  # `make bench` as a user: this bench needs root
        print(f"bench/hosts.py skipped: {why}")
        sys.exit(0)
    given = sys.argv[1:]
    measured = run(seconds)
    print(json.dumps({k: v for k, v in measured.items() if k != "phases"}, indent=1))
    page(measured, given)
