"""The Italian words a refusal builds from the game's values (a wood's colour, a place, a vote's
topic, a stage, a channel, a step), as the debrief and the screens say them, in one place."""

from __future__ import annotations

from collections.abc import Iterable

from ludoteca.engine.codec import quote
from ludoteca.games.ciurme.data import Channel, Location, Wood
from ludoteca.games.ciurme.debrief_words import IT
from ludoteca.games.ciurme.state import Stage, Step, Topic

STAGES: dict[str, str] = {
    Stage.BRIEFING: "la preparazione",
    Stage.PHASE1: "la fase 1",
    Stage.OFFICES: "le elezioni",
    Stage.ASSEMBLY: "la fase 2, l'Assemblea",
    Stage.OVER: "la fine della sessione",
}
STEPS: dict[str, str] = {
    Step.MOVE: "spostamento", Step.STEER: "manovra", Step.REPAIR: "riparazione"
}
# What a phase-1 turn may do, by action kind, as the turn's buttons say it.
DOINGS = {
    "stay": "restare dove sei",
    "move": "spostarti",
    "steer": "manovrare la scialuppa",
    "pass": "passare",
    "repair": "riparare",
    "help": "aiutare un compagno",
}
# The channels as the channel picker says whom one writes to ("Scrivi al ponte").
CHANNELS: dict[str, str] = {
    Channel.CREW: "alla tua ciurma",
    Channel.DECK: "al ponte",
    Channel.TABLE: "al tavolo dei capitani",
    Channel.ALL: "a tutta la sala",
    Channel.DIRECT: "a una persona",
}


def crew(index: int) -> str:
    """A crew as the room numbers it, from 1."""
    return f"ciurma {index + 1}"


def wood(colour: object) -> str:
    """A wood's (or a meeple's) colour; a colour the game does not know, quoted as given."""
    if colour not in tuple(Wood):
        return quote(colour)
    return IT.get(f"wood_{colour}_colour", IT[f"wood_{colour}"])  # neutral: "neutro", no more


def woods(colours: Iterable[object]) -> str:
    return ", ".join(wood(c) for c in colours)


def place(where: object) -> str:
    return IT[f"place_{where}"] if where in tuple(Location) else quote(where)


# "dall'isola", "al relitto": a place with its article after "da" and "a".
FROM: dict[str, str] = {Location.ISLAND: "dall'isola", Location.LIFEBOAT: "dalla scialuppa",
        Location.WRECK: "dal relitto"}
TO: dict[str, str] = {Location.ISLAND: "all'isola", Location.LIFEBOAT: "alla scialuppa",
      Location.WRECK: "al relitto"}


def from_place(where: object) -> str:
    return FROM[where] if isinstance(where, str) and where in FROM else f"da {quote(where)}"


def to_place(where: object) -> str:
    return TO[where] if isinstance(where, str) and where in TO else f"a {quote(where)}"


def topic(subject: object) -> str:
    return IT[f"topic_{subject}"] if subject in tuple(Topic) else str(subject)


def stage(now: str) -> str:
    return STAGES.get(now, now)


def step(now: str) -> str:
    return STEPS.get(now, now)


def doings(kinds: Iterable[str]) -> str:
    return ", ".join(DOINGS.get(k, k) for k in kinds) or "niente"


def to_channel(name: object) -> str:
    """Whom one writes to on a channel: "al ponte"; a channel the game does not know, quoted."""
    return CHANNELS[name] if isinstance(name, str) and name in CHANNELS else f"a {quote(name)}"
