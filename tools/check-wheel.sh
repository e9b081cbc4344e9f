#!/bin/sh
# A library must live beside what its users already have. This builds ludoteca's wheel, makes an
# environment that already holds other versions of FastAPI, NumPy and Ray than uv.lock's (within
# pyproject.toml's ranges), installs the wheel there with pip as a user would, checks those
# three kept their versions, and uses the package: the games, a PettingZoo environment, a Ray
# study, and the server answering over HTTP.
#
#   sh tools/check-wheel.sh        (make check-wheel; uv comes from make's .uv)
set -eu

FASTAPI=${FASTAPI:-0.120.4}
NUMPY=${NUMPY:-2.2.6}
RAY=${RAY:-2.50.1}
PYTHON=${PYTHON:-python3}
UV=${UV:-.uv/bin/uv}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "building the wheel"
"$UV" build -q --wheel --out-dir "$work/dist"
wheel=$(ls "$work"/dist/ludoteca-*.whl)

echo "an environment with fastapi==$FASTAPI numpy==$NUMPY ray==$RAY"
"$PYTHON" -m venv "$work/env"
"$UV" pip install -q --python "$work/env/bin/python" \
    "fastapi==$FASTAPI" "numpy==$NUMPY" "ray==$RAY"

echo "pip install $(basename "$wheel")[rl,ray]"
"$work/env/bin/pip" install -q --disable-pip-version-check "$wheel[rl,ray]"

"$work/env/bin/python" - "$FASTAPI" "$NUMPY" "$RAY" <<'EOF'
import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from importlib.metadata import version
from pathlib import Path

wanted = dict(zip(("fastapi", "numpy", "ray"), sys.argv[1:], strict=True))
found = {name: version(name) for name in wanted}
for name, kept in wanted.items():
    print(f"  {name}: {found[name]} (was {kept})")
if found != wanted:
    raise SystemExit("FAILED: installing the wheel changed versions the ranges allow")

import ludoteca
from ludoteca.rl.pettingzoo import env
from ludoteca.sim.study import run_study

for name in ludoteca.game_names():
    game = ludoteca.load_game(name)
    game.setup(game.min_players, 1)
aec = env("goofspiel", players=2)
aec.reset(seed=1)
for agent in aec.agent_iter():
    observation, reward, terminated, truncated, info = aec.last()
    done = terminated or truncated
    aec.step(None if done else aec.action_space(agent).sample(observation["action_mask"]))
study = run_study(ludoteca.load_game("goofspiel"), 2, [("base", {})], 8, ["random"], seed=1,
                  workers=1, ray="local")
print(f"  games loaded, a PettingZoo match played, a study of "
      f"{len(study.configs[0].records)} matches on Ray")

with socket.socket() as free:
    free.bind(("127.0.0.1", 0))
    port = free.getsockname()[1]
with tempfile.TemporaryDirectory() as folder:
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "ludoteca"), "serve", "--port", str(port),
         "--db", f"{folder}/check.db"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("FAILED: the server did not answer within 60 s") from None
                time.sleep(0.2)
        request = urllib.request.Request(
            base + "/api/matches", json.dumps({"game": "castell", "players": 2}).encode(),
            {"Content-Type": "application/json"}, method="POST")
        created = json.loads(urllib.request.urlopen(request).read())
        page = urllib.request.urlopen(base + "/").read()
        if b'type="module"' not in page:
            raise SystemExit("FAILED: the wheel's server does not serve the browser client")
        print(f"  the server made match {created['id']} and served the browser client")
    finally:
        server.terminate()
        server.wait(30)
print("the wheel lives with the versions it found")
EOF
