"""A private nginx in front of several `ludoteca serve` processes, as the operators' example
routes them (docs/operators/nginx.conf, without TLS): a match's sockets and requests to one
process by the match's id (`hash $match consistent`), the next process when that one does not
answer. Its files live in a temporary folder; nothing global is started. Debian's nginx comes
with `make test-services`; where it is missing the tests that need it are skipped."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from ludoteca.server.loopback import free_port, wait_port
from ludoteca.server.tests.services import missing

# The lines of the operators' example that route by match (checked to be there, so that the
# tests route as the example does).
ROUTING = """
map $http_upgrade $connection_upgrade {
    default upgrade;
    ''      close;
}

# The match a request is about, from its path: its sockets and requests go to one process.
map $uri $match {
    ~^/api/matches/(?<id>[A-Za-z0-9_-]+) $id;
    default $request_id;
}
"""
EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "operators" / "nginx.conf"


def nginx_binary() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists()
                                      else None)
    if found is None:
        missing("nginx")
    assert found is not None
    return found


def config(folder: Path, listen: str, upstreams: list[str]) -> str:
    servers = "\n".join(f"        server {u} max_fails=1 fail_timeout=3s;" for u in upstreams)
    temp = folder / "temp"
    return f"""
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{}}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
{ROUTING}
    upstream ludoteca {{
        hash $match consistent;
{servers}
    }}
    server {{
        listen {listen};
        location / {{
            proxy_pass http://ludoteca;
            proxy_http_version 1.1;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Request-ID $request_id;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_connect_timeout 2s;
            proxy_read_timeout 1h;
        }}
    }}
}}
"""


class Nginx:
    def __init__(self, folder: Path, upstreams: list[str], host: str = "127.0.0.1",
                 port: int | None = None) -> None:
        self.binary = nginx_binary()
        self.folder = folder
        self.host, self.port = host, port or free_port()
        self.upstreams = upstreams
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self, prefix: list[str] | None = None) -> Nginx:
        """Start it (`prefix`: a command it runs under, such as `ip netns exec NAME`)."""
        (self.folder / "temp").mkdir(parents=True, exist_ok=True)
        (self.folder / "nginx.conf").write_text(
            config(self.folder, f"{self.host}:{self.port}", self.upstreams))
        self.process = subprocess.Popen(
            [*(prefix or []), self.binary, "-c", str(self.folder / "nginx.conf"),
             "-g", "daemon off;"], stderr=subprocess.DEVNULL)
        if prefix is None:
            wait_port(self.port)
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.process = None
