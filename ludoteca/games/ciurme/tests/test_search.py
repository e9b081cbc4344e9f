"""The search side of the bots: the captain's reading of the table, the careful crew's race,
the choices a search compares (`search_choices`), and a captain's world drawn from the relay."""

from __future__ import annotations

from ludoteca.engine.rng import Rng
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import Place, Post, Prefer, StartPhase
from ludoteca.games.ciurme.bots import TURN_KINDS
from ludoteca.games.ciurme.bots.sailor import careful_turn
from ludoteca.games.ciurme.bots.search import PLACEMENTS
from ludoteca.games.ciurme.bots.table import ranked_placements, round_points, sum_chances
from ludoteca.games.ciurme.data import CAPTAIN_ASKS, FLAGSHIP, Channel, Language
from ludoteca.games.ciurme.state import CiurmeState, Stage
from ludoteca.games.ciurme.tests.helpers import act, assembly, elect_all, offices, phase1

STAMPS = (0, 1, 2, 4)


def test_face_down_stamps_are_any_of_their_set() -> None:
    assert sum_chances(STAMPS, 1) == ((0, 0.25), (1, 0.25), (2, 0.25), (4, 0.25))
    assert dict(sum_chances(STAMPS, 4)) == {7: 1.0}
    # a 4 alone against one face-down stamp: highest unless that stamp is the other's 4 [D-9]
    points = round_points(((0, 4),), ((1, 1),), 2, STAMPS)
    assert points[0] == 0.75 * 3 + 0.25 * 1
    assert points[1] == 0.25 * 1
    assert round_points(((0, 0),), (), 1, STAMPS) == {0: 2.0}  # alone: 2, whatever the value


def _relay(state: CiurmeState) -> tuple[int, int]:
    """The quartermaster of the crew placing next relays the wishes; (crew, captain)."""
    index = state.order[state.placing]
    crew = state.crews[index]
    assert crew.quartermaster is not None and crew.captain is not None
    relay = next(a for a in GAME.legal_actions(state, crew.quartermaster) if isinstance(a, Post))
    act(state, crew.quartermaster, relay)
    return index, crew.captain


def test_the_last_stamp_of_a_round_goes_alone_on_an_empty_ship() -> None:
    state = assembly(prefs=(1, 2))
    index, _ = _relay(state)
    other = 1 - index
    state.stamps = [(other, 1, ship, 0) for ship in (0, 1, 2)] + [(other, 2, 0, 0)]
    state.stamps += [(index, v, 1, 0) for v in (4, 2, 1)]
    state.hands[index] = [0]
    state.placing = 7
    assert ranked_placements(state, index, 1, 2, 0.0)[0] == Place(0, 3)


def test_the_captain_contests_its_favourite() -> None:
    state = assembly(prefs=(1, 2))
    index, _ = _relay(state)
    other = 1 - index
    state.stamps = [(other, 1, 1, 0)]  # a rival's face-down stamp on the favourite
    state.hands[index].sort()
    state.placing = 1
    best = ranked_placements(state, index, 1, 2, 0.0)[0]
    assert best == Place(4, 1)


def _race(careful: bool, seed: int) -> int:
    """Player turns until crew 0 restores its ship, its members careful or the heuristic."""
    state = phase1()
    state.seed = seed
    rng = Rng(seed)
    crew = state.crews[0]
    while crew.finished_turns is None:
        seat = crew.members[crew.active]
        if crew.vote is not None:
            seat = next(s for s in crew.vote.voters if s in GAME.actors(state))
        legal = GAME.legal_actions(state, seat)
        if careful and {a.kind for a in legal} & TURN_KINDS:
            action = careful_turn(state, seat, legal)
        else:
            action = GAME.heuristic_action(state, seat, rng)
        act(state, seat, action)
    return crew.finished_turns


def test_the_careful_crew_crosses_once_and_wins_the_race() -> None:
    # produce until the pile holds the 15 pieces, cross once [D-3], then 5 repairs each on
    # the wreck: 8 rotations and three turns of a crew of 4
    assert _race(True, 1) == 8 * 4 + 3
    assert all(_race(True, 1) < _race(False, seed) for seed in range(5))


def test_a_search_compares_only_the_assembly_decisions() -> None:
    state = phase1()
    crew = state.crews[0]
    seat = crew.members[crew.active]
    assert GAME.search_choices(state, seat, Rng(1)) == [
        careful_turn(state, seat, GAME.legal_actions(state, seat))
    ]
    state = assembly(prefs=(1, 2))
    index = state.order[state.placing]
    captain = state.crews[index].captain
    assert captain is not None
    asking = Post(Channel.DECK, CAPTAIN_ASKS[Language.EN])
    assert GAME.search_choices(state, captain, Rng(1)) == [asking]
    _relay(state)
    choices = GAME.search_choices(state, captain, Rng(1))
    assert len(choices) == PLACEMENTS and all(isinstance(a, Place) for a in choices)


def test_every_ship_may_be_searched_as_a_favourite() -> None:
    state = offices()
    elect_all(state)
    act(state, state.facilitator, StartPhase(2))
    assert state.stage == Stage.ASSEMBLY
    voter = min(GAME.actors(state) - {state.facilitator})
    choices = GAME.search_choices(state, voter, Rng(1))
    assert sorted(a.ship for a in choices if isinstance(a, Prefer)) == list(range(state.fleet))


def test_a_captains_world_holds_the_relayed_wishes() -> None:
    state = assembly(prefs=(FLAGSHIP, 3))
    index, captain = _relay(state)
    for seed in range(10):
        world = GAME.determinize(state, captain, Rng(seed))
        assert (world.crews[index].favourite, world.crews[index].second) == (FLAGSHIP, 3)
