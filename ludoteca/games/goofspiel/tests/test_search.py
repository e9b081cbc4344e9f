"""What a search tells apart in Goofspiel: what the seat has seen, never another's sealed bid."""

from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel import GAME
from ludoteca.games.goofspiel.actions import Bid


def test_the_search_key_tells_prizes_apart_but_not_sealed_bids() -> None:
    state = GAME.setup(2, seed=3)
    GAME.apply(state, 1, Bid(state.hands[1][0]))  # seat 1's bid is sealed
    keys = {GAME.search_key(GAME.determinize(state, 0, Rng(n)), 0) for n in range(20)}
    assert len(keys) == 1  # the worlds differ in seat 1's bid and the deck's order only
    other = GAME.clone(state)
    other.prizes[0] = other.prizes[1]
    assert GAME.search_key(other, 0) != GAME.search_key(state, 0)



def test_beyond_the_tables_the_search_reads_the_habit_the_bids_show() -> None:
    """Eight cards (no table): after two prizes the other bid at the prize's value, the habits
    that bid so (`value`, and `rank` with a whole hand) weigh most among those the search plays
    the other by, the one that does not (`value-plus-one`) is dropped, and a player the habits
    do not explain is left little weight."""
    from ludoteca.bots import MctsBot
    from ludoteca.games.goofspiel.bots.plain import value, value_plus_one

    state = GAME.setup(2, 1, GAME.options({"cards": 8}))
    bot = MctsBot(iterations=200, solved=1, select="regret")
    earlier = []
    for _ in range(2):
        earlier.append(GAME.clone(state))
        prize = state.prizes[0]
        mine = min(state.hands[0])
        GAME.apply(state, 0, Bid(mine))
        GAME.apply(state, 1, Bid(prize))  # the prize's value: 'value' bids it
    assert not GAME.search_habits(state, 0, {})  # nothing seen, nothing read
    bot.recall(GAME, earlier, 0, Rng(1))
    GAME.solved_policy(state, 0, bot._notes[0])  # as choosing here does: the last bid seen
    weights = {strategy: weight for weight, strategy, _ in GAME.search_habits(
        state, 0, bot._notes[0])}
    assert weights[value] == max(weights.values())
    assert value_plus_one not in weights and sum(weights.values()) > 0.9
    assert bot.choose(GAME, state, 0, Rng(1)) in GAME.legal_actions(state, 0)
