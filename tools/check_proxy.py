"""The operators' proxy examples, tried for real: docs/operators/nginx.conf and
docs/operators/Caddyfile, each in front of a `ludoteca serve` on this machine, with a
self-signed certificate for localhost. Through each proxy over https: the health page, a match
created (its invite link must say https and the proxy's address, read from the forwarded
headers), a seat's WebSocket over wss (hello, then its state frame) and an action answered.

    make check-proxy      (needs nginx and caddy: apt-get install nginx caddy)

Only the names, ports and certificate paths of the examples are changed for the run; nothing
leaves this machine.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import ssl
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import httpx
import websockets

from ludoteca.server.loopback import free_port, wait_port

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "operators"
NAME = "games.example.org"
UPSTREAM = "127.0.0.1:8000"


def certificate(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return cert, key


def nginx_site(port: int, cert: Path, key: Path) -> str:
    """docs/operators/nginx.conf for localhost: https on `port` with this run's certificate, the
    plain-http server on a free port; its upstream as written."""
    site = (EXAMPLES / "nginx.conf").read_text()
    for old, new in ((f"server_name {NAME};", "server_name localhost;"),
                     ("listen 80;", f"listen 127.0.0.1:{free_port()};"),
                     ("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;"),
                     (f"/etc/letsencrypt/live/{NAME}/fullchain.pem", str(cert)),
                     (f"/etc/letsencrypt/live/{NAME}/privkey.pem", str(key))):
        assert old in site, f"the nginx example no longer has {old!r}"
        site = site.replace(old, new)
    return site


def start_nginx(folder: Path, site: str) -> subprocess.Popen[bytes]:
    """nginx in the foreground serving `site` alone, its pid, logs and temporary files in
    `folder` (never the machine's own)."""
    (folder / "ludoteca.conf").write_text(site)
    temp = folder / "nginx-temp"
    temp.mkdir()
    (folder / "nginx.conf").write_text(f"""
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log;
events {{}}
http {{
    access_log off;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    include {folder}/ludoteca.conf;
}}
""")
    return subprocess.Popen(["nginx", "-c", str(folder / "nginx.conf"), "-g", "daemon off;"])


def nginx(folder: Path, app: int, port: int, cert: Path, key: Path) -> subprocess.Popen[bytes]:
    site = nginx_site(port, cert, key)
    assert UPSTREAM in site, f"the nginx example no longer has {UPSTREAM!r}"
    return start_nginx(folder, site.replace(UPSTREAM, f"127.0.0.1:{app}"))


def caddy(folder: Path, app: int, port: int, cert: Path, key: Path) -> subprocess.Popen[bytes]:
    site = (EXAMPLES / "Caddyfile").read_text()
    for old, new in ((f"{NAME} {{", f"https://localhost:{port} {{\n\ttls {cert} {key}"),
                     (UPSTREAM, f"127.0.0.1:{app}")):
        assert old in site, f"the Caddy example no longer has {old!r}"
        site = site.replace(old, new)
    (folder / "Caddyfile").write_text("{\n\tadmin off\n\tauto_https disable_redirects\n}\n"
                                      + site)
    environment = {"HOME": str(folder), "XDG_DATA_HOME": str(folder),
                   "XDG_CONFIG_HOME": str(folder), "PATH": "/usr/bin:/bin"}
    return subprocess.Popen(["caddy", "run", "--config", str(folder / "Caddyfile"),
                             "--adapter", "caddyfile"], env=environment,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def play_through(base: str, trust: ssl.SSLContext) -> str:
    """Through the proxy: health, a match, a seat's WebSocket, an action answered."""
    async with httpx.AsyncClient(base_url=base, verify=trust, timeout=30) as http:
        health = (await http.get("/healthz")).json()
        assert health["ok"], health
        created = (await http.post("/api/matches", json={
            "game": "goofspiel", "players": 2, "bots": {"1": "random"}, "seed": 1})).json()
        invite = created["seats"][0]["invite_url"]
        assert invite.startswith(base + "/"), f"the invite link says {invite}, not {base}"
        started = await http.post(f"/api/matches/{created['id']}/start",
                                  headers={"Authorization": f"Bearer {created['host_token']}"})
        assert started.status_code == 200, started.text
    socket = base.replace("https://", "wss://") + f"/api/matches/{created['id']}/ws"
    async with websockets.connect(socket, ssl=trust) as ws:
        await ws.send(json.dumps({"type": "hello", "token": created["seats"][0]["token"]}))
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if frame["type"] == "state" and frame["legal"]:
                break
        await ws.send(json.dumps({"type": "action", "action": frame["legal"][0], "ref": 1}))
        while frame.get("ref") != 1:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
        assert frame["type"] == "accepted", frame
    return f"health, match {created['id']} (invite {invite.split('#')[0]}), wss, action accepted"


def check(name: str, start: Callable[..., subprocess.Popen[bytes]], folder: Path, app: int,
          cert: Path, key: Path) -> None:
    port = free_port()
    proxy = start(folder, app, port, cert, key)
    try:
        wait_port(port, 30)
        trust = ssl.create_default_context(cafile=str(cert))
        print(f"{name}: " + asyncio.run(play_through(f"https://localhost:{port}", trust)))
    finally:
        proxy.terminate()
        proxy.wait(30)


def main() -> None:
    missing = [tool for tool in ("nginx", "caddy", "openssl") if shutil.which(tool) is None]
    if missing:
        raise SystemExit(f"needs {', '.join(missing)}: apt-get install nginx caddy openssl")
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        cert, key = certificate(folder)
        app = free_port()
        server = subprocess.Popen(
            [str(Path(sys.executable).parent / "ludoteca"), "serve", "--port", str(app),
             "--db", str(folder / "proxy.db"), "--bot-pause", "0",
             "--forwarded-allow-ips", "127.0.0.1"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_port(app, 60)
            for name, start in (("nginx", nginx), ("caddy", caddy)):
                sub = folder / name
                sub.mkdir()
                check(name, start, sub, app, cert, key)
        finally:
            server.terminate()
            server.wait(30)
    print("both proxy examples serve ludoteca over https and wss")


if __name__ == "__main__":
    main()
