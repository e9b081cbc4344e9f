"""Reading the Assembly table as a captain: what each crew may expect on each ship once the
round is revealed, and what a stamp placed now is worth to the crew's objectives.

A captain knows the values of its own stamps and, of the other crews' face-down stamps, only the
set they come from [D-19]: `k` stamps of a crew on one ship are any `k` of its set, all as likely.
A ship is worth to a crew what owning it would win: a share of the power objective (most
ships), the personal objective on its favourite and second favourite, the command objective on
the flagship. Owning is judged on the points expected after this round, more loosely the more
rounds are left.
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
from itertools import combinations, product

from ludoteca.games.ciurme.actions import Place
from ludoteca.games.ciurme.data import FLAGSHIP, SCORE_ALONE
from ludoteca.games.ciurme.rules.assembly import score_sums
from ludoteca.games.ciurme.state import CiurmeState

# What owning a ship is worth, in objectives: the power objective shared over the ships it takes,
# the personal objective (the second favourite a little less: the favourite alone wins it at
# the primary level), the command objective.
POWER_SHARE, FAVOURITE, SECOND, COMMAND = 0.6, 1.0, 0.8, 1.0
# Points of a lead that make a ship about three times as likely to be kept as lost after the
# last round, and how much looser each round left makes it.
LEAD_SCALE, LEAD_SCALE_PER_ROUND = 1.0, 1.5
# Beyond this many combinations of other crews' stamp sums on a ship, their mean stands in.
MAX_COMBINATIONS = 256

Chances = tuple[tuple[int, float], ...]


@lru_cache(maxsize=256)
def sum_chances(stamps: tuple[int, ...], count: int) -> Chances:
    """The sums of `count` different stamps of the set, with their chances."""
    subsets = list(combinations(stamps, min(count, len(stamps))))
    totals = Counter(sum(subset) for subset in subsets)
    return tuple((total, n / len(subsets)) for total, n in sorted(totals.items()))


Sums = tuple[tuple[int, int], ...]  # (crew, a sum or a count), by crew


@lru_cache(maxsize=8192)
def round_points(known: Sums, hidden: Sums, placed: int, stamps: tuple[int, ...]
                 ) -> dict[int, float]:
    """Each crew's expected points on one ship this round: `known` sums (the captain's own
    stamps), `hidden` counts of face-down stamps per crew, `placed` stamps in all."""
    crews = {c for c, _ in known} | {c for c, _ in hidden}
    if not crews:
        return {}
    if placed == 1:
        return {next(iter(crews)): float(SCORE_ALONE)}
    unknown = [c for c, n in hidden if n]
    chances = [sum_chances(stamps, n) for _, n in hidden if n]
    if math.prod(len(c) for c in chances) > MAX_COMBINATIONS:
        mean = sum(stamps) / len(stamps)
        chances = [((round(mean * n), 1.0),) for _, n in hidden if n]
    out = dict.fromkeys(crews, 0.0)
    for draw in product(*chances):
        sums = dict(known)
        chance = 1.0
        for crew, (total, p) in zip(unknown, draw, strict=True):
            sums[crew] = sums.get(crew, 0) + total
            chance *= p
        for crew, gained in score_sums(sums).items():
            out[crew] += gained * chance
    return out


class Table:
    """The table as crew `me`'s captain sees it: stamps per ship, points, and what a ship is
    worth to the crew."""

    def __init__(self, state: CiurmeState, me: int, favourite: int, second: int) -> None:
        self.me = me
        self.stamps = tuple(state.options.variant.stamps)
        self.points = [list(crew.points) for crew in state.crews]
        self.known: list[dict[int, int]] = [{} for _ in range(state.fleet)]
        self.hidden: list[dict[int, int]] = [{} for _ in range(state.fleet)]
        self.placed = [0] * state.fleet
        for crew, value, ship, _ in state.stamps:
            self.placed[ship] += 1
            if crew == me:
                self.known[ship][crew] = self.known[ship].get(crew, 0) + value
            else:
                self.hidden[ship][crew] = self.hidden[ship].get(crew, 0) + 1
        rounds_left = len(state.crews) - state.round
        self.scale = LEAD_SCALE + LEAD_SCALE_PER_ROUND * rounds_left
        self.worth = [
            POWER_SHARE + (FAVOURITE if ship == favourite else 0.0)
            + (SECOND if ship == second else 0.0) + (COMMAND if ship == FLAGSHIP else 0.0)
            for ship in range(state.fleet)
        ]
        self.value = [self.ship_value(ship) for ship in range(state.fleet)]

    def ship_value(self, ship: int, add: int | None = None) -> float:
        """The ship's worth times the chance the crew owns it, with its own stamp `add` too."""
        known = self.known[ship]
        placed = self.placed[ship]
        if add is not None:
            known = {**known, self.me: known.get(self.me, 0) + add}
            placed += 1
        gained = round_points(
            tuple(known.items()), tuple(sorted(self.hidden[ship].items())), placed, self.stamps
        )
        totals = [row[ship] + gained.get(crew, 0.0) for crew, row in enumerate(self.points)]
        mine_total = totals[self.me]
        if mine_total <= 0:
            return 0.0
        lead = mine_total - max(t for crew, t in enumerate(totals) if crew != self.me)
        return self.worth[ship] / (1.0 + math.exp(-lead / self.scale))

    def gain(self, place: Place) -> float:
        """What placing this stamp adds to the crew's expected objectives."""
        return self.ship_value(place.ship, place.value) - self.value[place.ship]


def ranked_placements(
    state: CiurmeState, me: int, favourite: int, second: int, thrift: float
) -> list[Place]:
    """Crew `me`'s placements, best first: the gain less `thrift` per point of the stamp (a
    stamp spent now is not there for a later, better-informed placement); ties go to the
    smaller stamp, then the earlier ship."""
    table = Table(state, me, favourite, second)
    hand = sorted(set(state.hands[me]))
    options = [Place(value, ship) for value in hand for ship in range(state.fleet)]
    return sorted(options, key=lambda p: (thrift * p.value - table.gain(p), p.value, p.ship))
