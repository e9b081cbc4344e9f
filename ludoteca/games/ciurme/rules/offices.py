"""The crew offices: the captain by repairs, the quartermaster by election.

"In ogni gruppo si può vincere in due modi, aggiundicandosi una di queste due cariche: il
capitano ... il quartiermastro"; "il capitano NON può essere eletto quartiermastro, ma può
partecipare alla discussione."
"""

from __future__ import annotations

from ludoteca.engine.events import Event, private, public
from ludoteca.games.ciurme.rules.loads import repairs_by
from ludoteca.games.ciurme.rules.roles import board_audience
from ludoteca.games.ciurme.rules.votes import open_vote
from ludoteca.games.ciurme.state import CiurmeState, Crew, Topic


def turn_order(crew: Crew) -> list[int]:
    """Members from the first player round the crew."""
    n = len(crew.members)
    return [crew.members[(crew.first + k) % n] for k in range(n)]


def choose_captain(crew: Crew) -> int:
    """Most repairs (horizontal and help, at most 7); a tie goes to who reached that number
    first ("massimo 7, se più di un giocatore ha aggiustato 7 volte, il primo che lo fa");
    [D-17] with no repairs at all, to the earliest in turn order."""
    order = turn_order(crew)

    def key(seat: int) -> tuple[int, int, int]:
        reached = crew.reached_at[crew.members.index(seat)]
        return (-repairs_by(crew, seat), reached, order.index(seat))

    return min(order, key=key)


def open_quartermaster_election(state: CiurmeState, crew: Crew) -> list[Event]:
    """Every member votes, the captain included [D-6]; the captain is not eligible."""
    candidates = [m for m in crew.members if m != crew.captain]
    crew.vote = open_vote(state, Topic.QUARTERMASTER, list(crew.members), candidates)
    index = state.index_of(crew)
    heard = board_audience(state, crew)
    return [private("election_opened", heard, crew=index, topic=Topic.QUARTERMASTER)]


def start_offices(state: CiurmeState) -> list[Event]:
    events: list[Event] = []
    for index, crew in enumerate(state.crews):
        crew.captain = choose_captain(crew)
        events.append(public("captain", crew=index, seat=crew.captain))
        events += open_quartermaster_election(state, crew)
    return events


def phase1_captain(state: CiurmeState, index: int) -> int | None:
    """The captain phase 1 named: the title stays with them whatever happens in phase 2 ("These
    two titles are the phase-1 individual wins"), a deposition included."""
    for deposition in state.depositions:
        if deposition.crew == index:
            return deposition.deposed
    return state.crews[index].captain


def phase1_quartermaster(state: CiurmeState, index: int) -> int | None:
    """The quartermaster the crew first elected (the phase-1 title)."""
    elected = [
        r.winner for r in state.votes_log if r.crew == index and r.topic == Topic.QUARTERMASTER
    ]
    return next((seat for seat in elected if seat is not None), None)


def quartermaster_elected(state: CiurmeState, crew: Crew, seat: int) -> list[Event]:
    crew.quartermaster = seat
    return [public("quartermaster", crew=state.index_of(crew), seat=seat)]
