"""Festivals: at the end of rounds 3 to 10 ("Alla fine dei turni dal terzo al decimo, si svolgono
i festival"), in calendar order [D-6]. The players whose pawn is in the festival's region and
who can build a qualifying tower [D-23] declare a tower or abstain, all at once and hidden until
everybody has declared; then the towers are scored, and prizes [D-13] and size tokens [D-14]
are handed out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ludoteca.engine.errors import IllegalAction, in_language
from ludoteca.engine.events import Event, private, public
from ludoteca.engine.result import competition_ranks
from ludoteca.games.castell.actions import Abstain, Declare
from ludoteca.games.castell.data import MIN_FESTIVAL_LEVELS, PRIZE_TABLE, Prize, Skill
from ludoteca.games.castell.kept import tile_towers
from ludoteca.games.castell.rules.rounds import end_round
from ludoteca.games.castell.state import (
    ABSTAINED,
    ELSEWHERE,
    FESTIVAL,
    NO_TOWER,
    Absence,
    CastellState,
    Festival,
    FestivalOutcome,
    Player,
    close,
)
from ludoteca.games.castell.towers import (
    Tower,
    best_counted_tower,
    best_tower,
    check_tower,
    team_tower,
    tower_score,
)

OFFERS_KEPT = 4096  # teams' festival menus kept: bounded, so that long studies do not grow


# --- who takes part -----------------------------------------------------------------------------
def suggestion(player: Player, festival: Festival) -> Tower | None:
    """The engine's suggestion: the highest tower score, then the most castellers of the token
    sizes, among towers of at least 4 levels [D-23] with every token size; None if none."""
    return best_tower(player.team, player.ranks, sizes=festival.tokens,
                      min_levels=MIN_FESTIVAL_LEVELS)


def offered(player: Player, festival: Festival) -> tuple[Declare, ...]:
    """The towers worth declaring: the suggestion, then for each size token the best tower with
    the most castellers of its size where that is another tower; () if the team cannot build a
    qualifying tower [D-23]. Kept on what they depend on (the team counted, ranks, token
    sizes: the first two as `kept.py` keeps them): every seat's absence, its menu and the
    festival's resolution ask again."""
    kept = tile_towers(player)
    return _offered(kept.counts, kept.ranks, tuple(festival.tokens))


@lru_cache(maxsize=OFFERS_KEPT)
def _offered(
    counts: tuple[int, ...], ranks: tuple[int, ...], tokens: tuple[int, ...]
) -> tuple[Declare, ...]:
    sizes = tuple(sorted(set(tokens)))
    first = best_counted_tower(counts, ranks, sizes, MIN_FESTIVAL_LEVELS)
    if first is None:
        return ()
    out = [Declare(first)]
    for size in tokens:
        # Among the towers of the best score, one with the most castellers of `size`: it
        # scores the same as the suggestion and stands the best chance of that token [D-14].
        tower = best_counted_tower(counts, ranks, sizes, MIN_FESTIVAL_LEVELS, (size,))
        assert tower is not None  # the suggestion qualifies, so a best tower exists
        if Declare(tower) not in out:
            out.append(Declare(tower))
    return tuple(out)


def absence(state: CastellState, seat: int, festival: Festival) -> Absence | None:
    """Why the player cannot take part, or None if they can: their pawn must be in the
    festival's region ("la pedina deve trovarsi nella stessa regione del festival") and their
    team must build a qualifying tower [D-23]."""
    player = state.players[seat]
    if player.pawn != festival.region:
        return ELSEWHERE
    if not offered(player, festival):
        return NO_TOWER
    return None


def declaring_seats(state: CastellState, festival: Festival) -> list[int]:
    """The players who can take part, in turn order; each of them declares a tower or abstains
    (taking part is optional)."""
    return taking_part(absences(state, festival))


def taking_part(why: Mapping[int, Absence | None]) -> list[int]:
    """The seats of `absences` that can take part, in turn order."""
    return [seat for seat, absent in why.items() if absent is None]


def absences(state: CastellState, festival: Festival) -> dict[int, Absence | None]:
    """Every seat's `absence`, in turn order: asked once as the festival comes up, and kept
    for its outcome where nobody can take part (nothing changes a team or pawn between)."""
    return {seat: absence(state, seat, festival) for seat in state.turn_order()}


def held(state: CastellState) -> Festival:
    assert state.festival is not None
    return state.calendar[state.festival]


# --- declaring ----------------------------------------------------------------------------------
def declarations(state: CastellState, seat: int) -> list[Declare]:
    """The towers `offered` (every legal tower may be declared: these are the ones worth
    choosing among)."""
    return list(offered(state.players[seat], held(state)))


def check_declare(state: CastellState, seat: int, action: Declare) -> Declare:
    """A tower of the player's team with at least 4 levels, a casteller of every token size
    ("la torre deve contenere castellani che corrispondano alle dimensioni dei gettoni del
    festival e la torre deve avere quattro livelli"), legal for the player's ranks. A tower the
    menu offers is taken as it is: the search found it under these rules."""
    festival = held(state)
    menu = offered(state.players[seat], festival)
    if action in menu:
        return menu[menu.index(action)]
    tower = team_tower(action.tower, state.players[seat].team)
    if len(tower) < MIN_FESTIVAL_LEVELS:
        raise IllegalAction(
            f"a festival tower needs at least {MIN_FESTIVAL_LEVELS} levels; yours has {len(tower)}",
            it=f"una torre da festival richiede almeno {MIN_FESTIVAL_LEVELS} livelli; la tua ne "
            f"ha {len(tower)}",
        )
    present = {size for level in tower for size in level}
    missing = [size for size in festival.tokens if size not in present]
    if missing:
        raise IllegalAction(
            f"a tower for this festival must hold a casteller of each token size "
            f"{festival.tokens}; yours lacks {missing}",
            it=f"una torre per questo festival deve avere un casteller di ogni taglia dei "
            f"gettoni {festival.tokens}; alla tua mancano {missing}",
        )
    check = check_tower(tower, state.players[seat].ranks)
    if not check.legal:
        raise IllegalAction(
            f"the tower does not work: {check.reason}",
            it=f"la torre crolla: {in_language(check.reason or '', 'it')}",
        )
    return Declare(tower)


def do_declare(state: CastellState, seat: int, action: Declare) -> list[Event]:
    return record(state, seat, [list(level) for level in action.tower])


def abstentions(state: CastellState, seat: int) -> list[Abstain]:
    return [Abstain()]


def check_abstain(state: CastellState, seat: int, action: Abstain) -> Abstain:
    return action


def do_abstain(state: CastellState, seat: int, action: Abstain) -> list[Event]:
    return record(state, seat, None)


def play_declare(state: CastellState, seat: int, action: Declare) -> None:
    """`do_declare` without its events, for `Game.play`, which drops them (nor the festival's,
    once everybody has declared)."""
    record_quietly(state, seat, [list(level) for level in action.tower])


def play_abstain(state: CastellState, seat: int, action: Abstain) -> None:
    """`do_abstain` without its events, for `Game.play`, which drops them."""
    record_quietly(state, seat, None)


def record(state: CastellState, seat: int, tower: list[list[int]] | None) -> list[Event]:
    """Keep the declaration hidden; when everybody has declared, hold the festival."""
    state.declarations[seat] = tower
    events: list[Event] = [
        private("declaration", [seat], seat=seat, tower=tower),
        public("declared", seat=seat),
    ]
    if all(s in state.declarations for s in state.to_declare):
        events += all_declared(state)
    return events


def record_quietly(state: CastellState, seat: int, tower: list[list[int]] | None) -> None:
    """`record` without its events, nor the festival's once everybody has declared."""
    state.declarations[seat] = tower
    if all(s in state.declarations for s in state.to_declare):
        close_declarations(state)
        hold_festivals_quietly(state)


# --- holding the round's festivals --------------------------------------------------------------
def hold_festivals(state: CastellState) -> list[Event]:
    """Hold the round's festivals in calendar order (the main space first) [D-6]; wait for
    declarations where somebody can take part; then end the round."""
    events: list[Event] = []
    while (coming := next_festival(state)) is not None:
        index, festival, why = coming
        seats = taking_part(why)
        if seats:
            await_declarations(state, index, seats)
            events.append(public("festival", region=festival.region, seats=seats,
                                 tokens=list(festival.tokens)))
            return events
        events.append(hold(state, festival, why))
    return events + end_round(state)


def hold_festivals_quietly(state: CastellState) -> None:
    """`hold_festivals` without its events, for `Game.play`, which drops them: the same state
    after (the outcomes recorded in the history), without the announcements built."""
    while (coming := next_festival(state)) is not None:
        index, festival, why = coming
        seats = taking_part(why)
        if seats:
            await_declarations(state, index, seats)
            return
        hold_quietly(state, festival, why)
    end_round(state)


def next_festival(
    state: CastellState,
) -> tuple[int, Festival, dict[int, Absence | None]] | None:
    """The round's first festival not yet held (in calendar order), its index and every seat's
    absence (None for the seats that can take part); None once every one is held."""
    for index, festival in enumerate(state.calendar):
        if festival.round == state.round and not festival.done:
            return index, festival, absences(state, festival)
    return None


def await_declarations(state: CastellState, index: int, seats: list[int]) -> None:
    """The festival waits for the declarations of `seats`."""
    state.phase = FESTIVAL
    state.festival = index
    state.to_declare = seats
    state.declarations = {}


def all_declared(state: CastellState) -> list[Event]:
    """Everybody declared: reveal, resolve, and go on."""
    result = announce(close_declarations(state))
    return [result, *hold_festivals(state)]


def close_declarations(state: CastellState) -> FestivalOutcome:
    """Resolve the festival everybody declared for; the declarations are done with. No phase
    set here: the next festival sets its own, or the round's end sets the next."""
    outcome = hold_quietly(state, held(state))
    state.festival = None
    state.to_declare = []
    state.declarations = {}
    return outcome


def hold(
    state: CastellState, festival: Festival, why: Mapping[int, Absence | None] | None = None
) -> Event:
    """Resolve the festival, record its outcome in the public history and announce it."""
    return announce(hold_quietly(state, festival, why))


def hold_quietly(
    state: CastellState, festival: Festival, why: Mapping[int, Absence | None] | None = None
) -> FestivalOutcome:
    """`hold` without announcing it: the outcome, recorded in the public history (`why`: every
    seat's absence, where already asked)."""
    outcome = resolve(state, festival, why)
    state.history.append(outcome)
    return outcome


def announce(outcome: FestivalOutcome) -> Event:
    """The festival's outcome, for everybody."""
    return public("festival_result", **outcome_data(outcome))


def outcome_data(outcome: FestivalOutcome) -> dict[str, Any]:
    """The outcome as JSON data, exactly as the engine's codec encodes it (enums as their
    values, tuples as lists), written out: the codec, walking the type hints, took a third of
    ending the last turn of a festival's round."""
    return {
        "round": outcome.round,
        "region": str(outcome.region),  # a StrEnum's text is its value
        "tokens": list(outcome.tokens),
        "towers": {seat: [list(level) for level in t] for seat, t in outcome.towers.items()},
        "scores": dict(outcome.scores),
        "prizes": [[seat, str(prize)] for seat, prize in outcome.prizes],
        "size_tokens": [[seat, size] for seat, size in outcome.size_tokens],
        "skills": {
            seat: {str(skill): n for skill, n in uses.items()}
            for seat, uses in outcome.skills.items()
        },
        "absent": {seat: str(why) for seat, why in outcome.absent.items()},
    }


# --- scoring a festival -------------------------------------------------------------------------
def resolve(
    state: CastellState, festival: Festival, why: Mapping[int, Absence | None] | None = None
) -> FestivalOutcome:
    """Score the declared towers, hand out prizes [D-13] and size tokens [D-14]. `why`, where
    given, is every seat's `absence` as the festival came up (nobody's team or pawn changes
    while it is held): not asked again."""
    order = state.turn_order()
    entries = {
        seat: tower for seat, tower in state.declarations.items() if tower is not None
    }
    seats = sorted(entries, key=order.index)
    scores = {seat: tower_score(entries[seat], festival.tokens) for seat in seats}
    for seat in seats:
        player = state.players[seat]
        # "Se questo è il vostro miglior punteggio della torre, spostate il segnalino"
        player.best_score = max(player.best_score, scores[seat])
        player.festivals_entered += 1
    prizes = award_prizes(state, festival, seats, scores)
    tokens = award_size_tokens(state, festival, seats, scores, entries)
    close(state, festival)
    if why is None:
        why = {seat: absence(state, seat, festival) for seat in order if seat not in entries}
    absent = {str(seat): why[seat] or ABSTAINED for seat in order if seat not in entries}
    return FestivalOutcome(
        round=festival.round,
        region=festival.region,
        tokens=list(festival.tokens),
        towers={str(s): [list(level) for level in entries[s]] for s in seats},
        scores={str(s): scores[s] for s in seats},
        prizes=prizes,
        size_tokens=tokens,
        skills={str(s): skills_used(state.players[s], entries[s]) for s in seats},
        absent=absent,
    )


def skills_used(player: Player, tower: Sequence[Sequence[int]]) -> dict[Skill, int]:
    """The skill uses of a declared tower for the player's ranks (the ones it needs)."""
    uses = check_tower(tower, player.ranks).uses
    return {Skill(skill): n for skill, n in uses.items() if n}


def award_prizes(
    state: CastellState, festival: Festival, seats: list[int], scores: dict[int, int]
) -> list[tuple[int, Prize]]:
    """By rank among participants; ties share the rank (and each gets its prize) and skip the
    next; a short pile serves tied players in turn order until it is empty [D-13]."""
    if not seats:
        return []  # nobody took part
    table = PRIZE_TABLE[state.n]
    ranks = dict(zip(seats, competition_ranks([scores[s] for s in seats]), strict=True))
    given: list[tuple[int, Prize]] = []
    for seat in seats:  # already in turn order from the first player
        rank = ranks[seat]
        if rank > len(table):
            continue
        prize = table[rank - 1]
        if state.piles[prize] <= 0:
            continue
        state.piles[prize] -= 1
        state.players[seat].earn(festival.region).prizes.append(prize)
        given.append((seat, prize))
    return given


def award_size_tokens(
    state: CastellState,
    festival: Festival,
    seats: list[int],
    scores: dict[int, int],
    towers: Mapping[int, Sequence[Sequence[int]]],
) -> list[tuple[int, int]]:
    """Each token to the participant with the most castellers of its size ("Il giocatore che ha
    il maggior numero di Castelleri che corrispondono al gettone taglia lo rivendica"); ties:
    the higher tower score, then earlier in turn order from the first player [D-14]. Unclaimed
    tokens leave the game."""
    given: list[tuple[int, int]] = []
    for size in festival.tokens:
        if not seats:
            break

        def strength(seat: int, size: int = size) -> tuple[int, int]:
            count = sum(list(level).count(size) for level in towers[seat])
            return count, scores[seat]

        winner = max(seats, key=strength)  # max keeps the first of equals: turn order
        state.players[winner].earn(festival.region).size_tokens.append(size)
        given.append((winner, size))
    return given
