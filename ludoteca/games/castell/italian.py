"""The Italian words a refusal builds from Castell's values (a skill, a turn's action, where one
trains from), as the table's screens say them, in one place."""

from __future__ import annotations

from collections.abc import Iterable

SKILLS = {"balance": "Equilibrio", "base": "Base", "mix": "Mescola", "strength": "Forza",
          "width": "Larghezza", "special": "Speciale"}
# A turn's four actions, as "you already used your ... action this turn" names them.
TURN_ACTIONS = {"move": "muovere", "recruit": "reclutare", "train": "allenarti",
                "special": "l'azione speciale"}
SOURCES = {"region": "la regione della pedina", "all_regions": "Tutte le Regioni"}
# What a pawn off the board cannot yet do ("before recruiting").
DOINGS = {"recruiting": "reclutare", "training": "allenarti", "performing": "eseguire"}


def skill(name: object) -> str:
    return SKILLS.get(str(name), str(name))


def skills(names: Iterable[object]) -> str:
    return ", ".join(map(skill, names))


def turn_action(name: object) -> str:
    return TURN_ACTIONS.get(str(name), str(name))


def source(name: object) -> str:
    return SOURCES.get(str(name), str(name))


def doing(name: str) -> str:
    return DOINGS.get(name, name)
