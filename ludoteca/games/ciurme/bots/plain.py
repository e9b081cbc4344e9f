"""Ciurme's plain strategies: the habits people play by, the panel the strong level must beat.
Each has its say in one kind of decision and plays as the heuristic elsewhere.

- `highest-ship`: a captain who always stamps the highest ship of the fleet chart, its biggest
  stamp left first.
- `yes`: a crew that always votes yes to a motion (steering the lifeboat, deposing the captain).
- `favourite`: a crew whose every member always votes for its own favourite ship (its own
  liking, whatever the crew says) [D-8].
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme.actions import Agree, Place, Prefer
from ludoteca.games.ciurme.bots.temperament import temperament
from ludoteca.games.ciurme.state import CiurmeState


def highest_ship(game: Game[CiurmeState], state: CiurmeState, seat: int, rng: Rng,
                 notes: dict[str, Any]) -> Action | None:
    stamps = [a for a in game.legal_actions(state, seat) if isinstance(a, Place)]
    return max(stamps, key=lambda a: (a.ship, a.value)) if stamps else None


def yes(game: Game[CiurmeState], state: CiurmeState, seat: int, rng: Rng,
        notes: dict[str, Any]) -> Action | None:
    return next((a for a in game.legal_actions(state, seat)
                 if isinstance(a, Agree) and a.yes), None)


def favourite(game: Game[CiurmeState], state: CiurmeState, seat: int, rng: Rng,
              notes: dict[str, Any]) -> Action | None:
    ships = [a for a in game.legal_actions(state, seat) if isinstance(a, Prefer)]
    if not ships:
        return None
    tastes = temperament(state, seat).tastes
    return max(ships, key=lambda a: tastes[a.ship])


STRATEGIES = {"highest-ship": highest_ship, "yes": yes, "favourite": favourite}
