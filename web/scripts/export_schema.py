"""Write the JSON Schema of the server's protocol: every Pydantic model of the lobby's bodies
(ludoteca.server.api.schemas) and of the live frames (ludoteca.server.api.protocol).
web/scripts/generate-types.mjs turns it into TypeScript, so client and server cannot drift.

Usage: python web/scripts/export_schema.py OUT.json
"""

from __future__ import annotations

import importlib
import json
import sys
from types import ModuleType

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

MODULES = ("ludoteca.server.api.schemas", "ludoteca.server.api.protocol",
           "ludoteca.server.api.accounts", "ludoteca.server.api.passkeys",
           "ludoteca.server.api.invites",
           "ludoteca.server.accounts.profile")


def models_of(module: ModuleType) -> list[type[BaseModel]]:
    return [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, BaseModel)
        and value.__module__ == module.__name__
    ]


def schema() -> dict[str, object]:
    models: list[type[BaseModel]] = []
    for name in MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError:
            continue
        models += models_of(module)
    models.sort(key=lambda m: m.__name__)
    _, top = models_json_schema(
        [(m, "validation") for m in models], ref_template="#/$defs/{model}"
    )
    return {"title": "LudotecaProtocol", "type": "object", **top}


def main() -> None:
    text = json.dumps(schema(), indent=1, sort_keys=True) + "\n"
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w", encoding="utf-8") as out:
            out.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
