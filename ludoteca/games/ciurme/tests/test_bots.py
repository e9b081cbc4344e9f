"""The heuristic bots: reproducible from the seed, varied across sessions and seats, and
still able to play every session to its end."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from ludoteca.bots.playout import play_out
from ludoteca.bots.simple import HeuristicBot
from ludoteca.engine.rng import Rng
from ludoteca.engine.testing import check_game
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import Depose, Elect, Place, Post, Waive
from ludoteca.games.ciurme.bots.captain import stamp
from ludoteca.games.ciurme.bots.temperament import temperament
from ludoteca.games.ciurme.bots.voter import answer_deposition, captain_looks_bad, motion
from ludoteca.games.ciurme.data import CAPTAIN_ASKS, Channel, Language, Wood
from ludoteca.games.ciurme.state import CiurmeState, RevealedRound
from ludoteca.games.ciurme.tests.helpers import act, assembly, offices

SESSIONS = 20


def bot_session(players: int, seed: int) -> CiurmeState:
    state = GAME.setup(players, seed)
    bots = {seat: HeuristicBot() for seat in GAME.seats(state)}
    play_out(GAME, state, bots, seed)
    return state


def sessions_of_eight() -> list[CiurmeState]:
    return [bot_session(8, seed) for seed in range(SESSIONS)]


SEEDED = sessions_of_eight()


def test_same_seed_same_session() -> None:
    again = bot_session(8, 3)
    assert json.dumps(GAME.to_json(again)) == json.dumps(GAME.to_json(SEEDED[3]))
    assert GAME.to_json(SEEDED[3]) != GAME.to_json(SEEDED[4])


def test_every_session_finishes() -> None:
    for state in SEEDED:
        assert GAME.is_over(state)
        assert len(state.history) == len(state.crews)  # one Assembly round per crew
        assert all(c.quartermaster is not None for c in state.crews)


def test_phase1_turns_to_restore_spread_around_a_plausible_mean() -> None:
    turns = [c.finished_turns for s in SEEDED for c in s.crews if c.finished_turns is not None]
    assert len(turns) >= SESSIONS  # at least the winners restored their ship
    assert max(turns) - min(turns) >= 8
    assert 35 <= sum(turns) / len(turns) <= 65  # crews of 4 took 51 turns before bots varied


def test_either_crew_may_finish_phase1_first_and_win() -> None:
    # "the first crew to restore its ship is the phase-1 crew winner" [D-5]: not a seat's due
    first = Counter(s.finish_order[0] for s in SEEDED if s.finish_order)
    assert set(first) == {0, 1}
    winners: Counter[int] = Counter()
    for state in SEEDED:
        scores = GAME.result(state).scores
        for i, crew in enumerate(state.crews):
            if scores[crew.members[0]] == max(scores):
                winners[i] += 1
    assert set(winners) == {0, 1}


def test_captains_repairs_vary() -> None:
    repairs = {
        sum(1 for by, _, _ in c.pieces if by == c.captain) for s in SEEDED for c in s.crews
    }
    assert len(repairs) >= 2


def test_captains_do_not_all_place_alike() -> None:
    plays = {
        tuple((value, ship) for crew, value, ship, _ in s.history[0].stamps if crew == 0)
        for s in SEEDED
    }
    assert len(plays) >= 5


def test_bots_of_a_crew_have_different_temperaments() -> None:
    state = SEEDED[0]
    moods = {temperament(state, seat) for seat in state.crews[0].members}
    assert len(moods) == len(state.crews[0].members)
    assert temperament(state, 0) == temperament(GAME.setup(8, 0), 0)  # fixed by the seed


def test_quartermaster_votes_mostly_go_to_who_helped_most() -> None:
    # the intended criterion is "who helped most" [D-6], but voters are free
    state = offices()
    crew = state.crews[0]
    helper = next(m for m in crew.members if m != crew.captain)
    crew.pieces = [(helper, Wood.RED, -1), (helper, Wood.RED, crew.members[0])]
    rng = Rng(7)
    votes: Counter[int] = Counter()
    for _ in range(300):
        for seat in crew.members:
            legal = GAME.legal_actions(state, seat)
            action = GAME.heuristic_action(state, seat, rng.fork())
            assert action in legal
            if isinstance(action, Elect):
                votes[action.seat] += 1
    assert votes.most_common(1)[0][0] == helper
    assert len(votes) >= 2


def _captain_turn(state: CiurmeState) -> tuple[int, int]:
    index = state.order[state.placing]
    captain = state.crews[index].captain
    assert captain is not None
    return index, captain


def test_captain_asks_for_the_relay_and_waits_for_it() -> None:
    # the quartermaster "avrà il compito di spiegare al capitano quali sono i desideri"
    state = assembly()
    index, captain = _captain_turn(state)
    legal = GAME.legal_actions(state, captain)
    assert stamp(state, captain, legal, Rng(1)) == Post(Channel.DECK, CAPTAIN_ASKS[Language.EN])
    quartermaster = state.crews[index].quartermaster
    assert quartermaster is not None
    relay = next(a for a in GAME.legal_actions(state, quartermaster) if isinstance(a, Post))
    act(state, quartermaster, relay)
    assert isinstance(stamp(state, captain, legal, Rng(1)), Place)


def test_captain_without_a_voice_places_at_once() -> None:
    state = assembly(message_budget=0)
    index, captain = _captain_turn(state)
    legal = GAME.legal_actions(state, captain)
    assert isinstance(stamp(state, captain, legal, Rng(1)), Place)


def _after_round(points: list[Any]) -> CiurmeState:
    state = assembly()
    state.history = [RevealedRound(1, [], [], points)]
    return state


def test_no_deposition_while_the_captain_plays_well() -> None:
    # [D-10] a crew deposes its captain by majority; bots only when the play looks bad
    state = _after_round([[0, 1, 3], [1, 2, 3]])  # crew 0 scored on its favourite (ship 1)
    crew = state.crews[0]
    assert not captain_looks_bad(state, crew)
    rng = Rng(3)
    for seat in crew.members:
        if seat != crew.captain:
            assert all(motion(state, seat, [], rng) == Waive() for _ in range(50))
            assert not any(answer_deposition(state, seat, [], rng).yes for _ in range(50))


def test_a_bad_captain_is_sometimes_challenged() -> None:
    state = _after_round([[1, 1, 3], [1, 2, 3]])  # crew 0 scored nothing
    crew = state.crews[0]
    assert captain_looks_bad(state, crew)
    rng = Rng(3)
    voters = [s for s in crew.members if s != crew.captain]
    moves = [motion(state, s, [], rng) for s in voters for _ in range(100)]
    answers = [answer_deposition(state, s, [], rng).yes for s in voters for _ in range(100)]
    assert Depose() in moves and Waive() in moves
    assert any(answers) and not all(answers)


def test_lifeboat_answers_are_not_always_yes() -> None:
    # "one 'no' keeps the boat where it is" [D-13]: some bots say it
    answers: set[int] = set()
    for state in SEEDED:
        for record in state.votes_log:
            if record.topic == "lifeboat":
                answers.update(record.ballots.values())
    assert {0, 1} <= answers


def test_conformance_with_the_heuristic_policy() -> None:
    def bot(game: Any, state: Any, seat: int, actions: Any, rng: Any) -> Any:
        known = game.determinize(state, seat, rng.fork())
        return game.heuristic_action(known, seat, rng.fork())

    check_game(GAME, players=(8,), playouts=1, seed=4, view_every=25, listed_limit=2,
               clone_every=200, policy=bot)
