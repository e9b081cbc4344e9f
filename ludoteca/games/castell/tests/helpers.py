"""Small helpers to stage scenarios."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ludoteca.engine.actions import Action
from ludoteca.engine.events import Event
from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import Abstain, Declare, EndTurn, Move, TowerLevels
from ludoteca.games.castell.data import SHAPE_TILES, FestivalType, Region, Skill
from ludoteca.games.castell.state import CastellState, Festival, Phase

TALL = [9, 9, 9, 7, 7, 5, 3]
BAL1 = {Skill.BALANCE: 2}
T4 = ((9, 9, 9), (7, 7), (5,), (3,))  # widths 3-2-1-1: one Balance use
T4_SMALL = ((9, 9), (7,), (5,), (3,))  # widths 2-1-1-1: two Balance uses


def fresh(players: int = 2, seed: int = 0, **options: bool) -> CastellState:
    return GAME.setup(players, seed, options or None)


def random_steps(state: CastellState, rng: Rng, clone_every: int, clones_moving: int
                 ) -> Iterator[tuple[CastellState, list[CastellState]]]:
    """Play `state` to its end with random actions by `play`, the same match by `apply` on a
    copy, and a clone taken every `clone_every` steps that goes on its own way (the last
    `clones_moving` of them a step each): after each step, the copy and the clones that moved,
    for a test of what is kept between steps (clones share it until they change it)."""
    applied = GAME.clone(state)
    clones: list[CastellState] = []
    step = 0
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.actors(state)))
        action = rng.choice(GAME.legal_actions(state, seat))
        GAME.play(state, seat, action)
        GAME.apply(applied, seat, action)
        step += 1
        if step % clone_every == 0:
            clones.append(GAME.clone(state))
        moved = [clone for clone in clones[-clones_moving:] if not GAME.is_over(clone)]
        for clone in moved:
            mover = rng.choice(sorted(GAME.actors(clone)))
            GAME.play(clone, mover, rng.choice(GAME.legal_actions(clone, mover)))
        yield applied, moved


def act(state: CastellState, seat: int, action: Action) -> list[Event]:
    return GAME.apply(state, seat, action)


def end_all_turns(state: CastellState) -> list[Event]:
    """Every remaining player of the round ends their turn."""
    events: list[Event] = []
    start = state.round
    while state.round == start and state.phase == Phase.TURN:
        events += act(state, state.current, EndTurn())
    return events


def all_castellers(state: CastellState) -> Counter[int]:
    """Castellers in the bag, the regions and the teams."""
    out = Counter(state.bag)
    for castellers in state.regions.values():
        out.update(castellers)
    for p in state.players:
        out.update(p.team)
    return out


def stage_festival(
    state: CastellState, region: Region, tokens: list[int], kind: FestivalType = FestivalType.I
) -> Festival:
    """Make the current round 3 hold exactly one festival, in `region` with `tokens`."""
    state.round = 3
    state.calendar = [Festival(3, kind, region, list(tokens))] + [
        f for f in state.calendar if f.round > 3
    ]
    return state.calendar[0]


def festival_in_valls(players: int, tokens: list[int]) -> CastellState:
    """Round 3 with one festival in Valls; every player there with the same team and skills."""
    state = fresh(players)
    stage_festival(state, Region.VALLS, tokens)
    for p in state.players:
        p.pawn = Region.VALLS
        p.team = list(TALL)
        p.ranks.update(BAL1)
    return state


def declare_all(state: CastellState, towers: dict[int, TowerLevels | None]) -> None:
    for seat in state.turn_order():
        if seat in towers:
            tower = towers[seat]
            act(state, seat, Abstain() if tower is None else Declare(tower))


def setup_trainer(advanced: bool = False, **options: bool) -> tuple[CastellState, int]:
    """A 2-player game whose first player has just moved to Lleida, which faces Balance in
    round 1 (All Regions faces Mix)."""
    state = fresh(2, advanced=advanced, **options)
    seat = state.current
    state.wheel = [Skill.MIX, Skill.BALANCE, Skill.BASE, "special", Skill.STRENGTH,
                   Skill.WIDTH, "special", "special"]
    act(state, seat, Move(Region.LLEIDA))
    return state, seat


SHAPE_321 = SHAPE_TILES.index(((3, 2, 1), 2))


def before_a_performance() -> tuple[CastellState, int]:
    """The first player has moved to Valls, whose row holds only the 3-2-1 shape tile and two
    special tokens (seats 0 and 1), with a team that builds 3-2-1 from 9s, 5s and a 2."""
    state = fresh()
    seat = state.current
    state.rows[Region.VALLS] = [SHAPE_321]
    state.row_tokens[Region.VALLS] = [0, 1]
    state.players[seat].team = [9, 9, 9, 5, 5, 2]
    act(state, seat, Move(Region.VALLS))
    return state, seat
