"""How a session's people fill the game's teams (Ciurme's crews): the plan the lobby shows and
the start follows.

The facilitator forms crews in the lobby (or has them balanced); the plan finds the fewest
seats, from those wanted, for which the game makes a team for every crew with room for its
people (11 people: 12 seats, one of them a bot's), gives each crew a team size in the lobby's
own order, places whoever is in no crew where seats are free, and says where bots will sit. The
game is then set up with exactly those team sizes, in that order, so lobby crew 3 is the game's
crew 3, with its number and its flag.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.engine.game import Game


class PlanError(ValueError):
    """Why the people cannot be seated, as a sentence and as a code with its figures (which
    a client says in its own language)."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Plan:
    players: int  # seats in all
    sizes: list[int]  # each crew's seats, in lobby order (crews past the lobby's: bots only)
    crews: list[list[int]]  # each crew's members, with those in no crew placed

    @property
    def bots(self) -> list[int]:
        """How many seats of each crew bots will take."""
        return [size - len(crew) for size, crew in zip(self.sizes, self.crews, strict=True)]


def team_sizes(game: Game[Any], options: Any, players: int) -> list[int] | None:
    """The sizes of the game's teams for this many players, or None where it cannot be set
    up so (Ciurme has no crews for 11)."""
    try:
        return [len(team) for team in game.teams(game.setup(players, 0, options))]
    except ValueError:
        return None


def fit(crews: list[list[int]], sizes: list[int]) -> list[int] | None:
    """Each crew's size, in the crews' order (the fullest crew gets the largest team), then the
    teams left over; None when a crew does not fit or there are more crews than teams."""
    if len(crews) > len(sizes):
        return None
    order = sorted(range(len(crews)), key=lambda i: (-len(crews[i]), i))
    largest = sorted(sizes, reverse=True)
    given: dict[int, int] = {}
    for crew, size in zip(order, largest, strict=False):
        if len(crews[crew]) > size:
            return None
        given[crew] = size
    return [given[i] for i in range(len(crews))] + largest[len(crews):]


def plan(game: Game[Any], options: Any, crews: list[list[int]], members: list[int],
         wanted: int = 0) -> Plan:
    """The seating of `members` (the people joined) formed into `crews`, for at least `wanted`
    seats; PlanError says why there is none."""
    active = set(members)
    formed = [[m for m in crew if m in active] for crew in crews]
    formed = [crew for crew in formed if crew]
    least = max(wanted, len(members), game.min_players)
    for players in range(least, game.max_players + 1):
        sizes = team_sizes(game, options, players)
        given = None if sizes is None else fit(formed, sizes)
        if given is not None:
            return Plan(players, given, placed(formed, given, members))
    if len(members) > game.max_players:
        raise PlanError("too_many_people",
                        f"{len(members)} people have joined; the game seats at most "
                        f"{game.max_players}", people=len(members), most=game.max_players)
    raise PlanError("crews_do_not_fit",
                    f"crews of {sorted((len(c) for c in formed), reverse=True)} people fit no "
                    f"set-up of the game for {least} to {game.max_players} seats: move people "
                    "between crews", crews=len(formed))


def placed(crews: list[list[int]], sizes: list[int], members: list[int]) -> list[list[int]]:
    """The crews (padded with the bots-only ones) with everybody in no crew placed, one by one,
    in the crew with the most free seats."""
    out = [list(crew) for crew in crews] + [[] for _ in sizes[len(crews):]]
    seated = {m for crew in crews for m in crew}
    for member in members:
        if member not in seated:
            roomiest = max(range(len(out)), key=lambda i: (sizes[i] - len(out[i]), -i))
            out[roomiest].append(member)
    return out


def balanced(game: Game[Any], options: Any, members: list[int], wanted: int = 0) -> Plan:
    """Everybody joined in the game's own teams for the fewest seats from `wanted` (one each
    by default): each person in turn in the crew with the most free seats."""
    return plan(game, options, [], members, wanted)


def seats_of(plan: Plan, teams: list[list[int]]) -> dict[int, int]:
    """Member -> seat: crew i of the plan onto the game's team i (its size, as the game was set
    up with the plan's sizes in order), else onto the first free team of its size."""
    free = list(range(len(teams)))
    seats: dict[int, int] = {}
    for index, crew in enumerate(plan.crews):
        size = plan.sizes[index]
        team = index if index in free and len(teams[index]) == size else next(
            t for t in free if len(teams[t]) == size)
        free.remove(team)
        seats.update(zip(crew, teams[team], strict=False))
    return seats


def member_cap(game: Game[Any], margin: int) -> int:
    """The most people a session's lobby takes: the game's most seats plus a margin (some
    leave, some come twice), so nobody can fill a lobby that no set-up of the game seats."""
    return game.max_players + margin


def lobby_plan(game: Game[Any], options: Any, crews: list[list[int]], members: list[int],
               wanted: int) -> dict[str, Any]:
    """The plan as the lobby frame shows it: the seats, each crew's size, its bots and its
    flag; or why there is none."""
    try:
        made = plan(game, options, crews, members, wanted)
    except PlanError as exc:
        return {"error": str(exc), "code": exc.code, "params": exc.params}
    return {"players": made.players, "sizes": made.sizes, "bots": made.bots,
            "flags": game.team_flags(len(made.sizes))}
