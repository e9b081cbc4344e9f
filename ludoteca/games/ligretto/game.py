"""The Ligretto board game on the engine contract: real time, every seat acts at once.

Seat 0 is the host (data.HOST_SEAT): it alone may end a stalled round.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.clock import DEFAULT_LEVEL
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, private, public
from ludoteca.engine.game import Game
from ludoteca.engine.options import option_field
from ludoteca.engine.result import Result, competition_ranks
from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import bots, data, rounds, views
from ludoteca.games.ligretto.actions import (
    ACTION_CLASSES,
    Discard,
    EndRound,
    Place,
    PlacePawn,
    Restart,
    SetAside,
    TakeBack,
    TurnOver,
)
from ludoteca.games.ligretto.evaluate import evaluate_position, search_choices
from ludoteca.games.ligretto.placement import (
    count_placements,
    fits,
    nobody_can_place,
    pawn_paths,
    restarts,
    squares_covered,
)
from ludoteca.games.ligretto.state import (
    ASIDE,
    JOKER,
    NO_TILE,
    OVER,
    PAWNS,
    PLAY,
    TAKE_BACK,
    LigrettoState,
    Player,
)
from ludoteca.games.ligretto.validation import why_not_place, why_not_restart


@dataclass(frozen=True)
class LigrettoOptions:
    rounds: int = option_field(data.DEFAULT_ROUNDS, "rounds in the match (1-20)")
    colours: int = option_field(
        data.DEFAULT_COLOURS, "colours on the board and the tiles", data.COLOUR_PRESETS
    )
    individual_boards: tuple = option_field(  # type: ignore[type-arg]
        (),
        "resume a match: per seat, the tile numbers (0-14) already on its individual board",
    )
    pawns: str = option_field(
        "random",
        "pawns of rounds 2+: spread at random, or put down one by one by the host (seat 0)",
        ("random", "host"),
    )


class Ligretto(Game[LigrettoState]):
    name = "ligretto"
    title = "Ligretto (the board game)"
    min_players = 2
    max_players = 4
    Options = LigrettoOptions
    action_classes = ACTION_CLASSES
    real_time = True

    # --- set-up -------------------------------------------------------------------------------
    def setup(self, players: int, seed: int, options: Any = None) -> LigrettoState:
        self.check_players(players)
        opts = self.options(options)
        if not 1 <= opts.rounds <= 20:
            raise ValueError(f"option 'rounds' must be 1 to 20, got {opts.rounds}")
        state = LigrettoState(
            colours=opts.colours, rounds=opts.rounds, round=1, phase=PLAY, cover=[], pawns=[],
            players=[Player([], []) for _ in range(players)], rng=Rng(seed),
            host_pawns=opts.pawns == "host",
        )
        for seat, tiles in enumerate(_individual_boards(opts.individual_boards, players)):
            state.players[seat].aside = tiles
        rounds.start_round(state)
        return state

    def seats(self, state: LigrettoState) -> list[int]:
        return list(range(len(state.players)))

    def max_actions(self, players: int, options: Any = None) -> int:
        """Per round: at most every tile placed once; between two placements at most
        STALL_CYCLES x (tiles held) turn-overs, each followed by at most one discard; one host
        ending; then one choice per seat to set aside and one to take back; and the host's
        pawns of the next round."""
        opts: LigrettoOptions = self.options(options)
        tiles = data.TILES_PER_PLAYER * players
        between = 2 * data.STALL_CYCLES * tiles + 1
        per_round = (tiles + 1) * between + tiles + 1 + 2 * players + data.PAWNS
        return int(opts.rounds) * per_round

    # --- who acts, and what they may do ---------------------------------------------------------
    def actors(self, state: LigrettoState) -> frozenset[int]:
        if state.phase == PLAY:
            return frozenset(range(len(state.players)))
        if state.phase in (PAWNS, ASIDE, TAKE_BACK):
            return frozenset(state.pending)
        return frozenset()

    def legal_actions(self, state: LigrettoState, seat: int) -> list[Action]:
        if not isinstance(seat, int) or not 0 <= seat < len(state.players):
            return []
        if state.phase == ASIDE:
            if seat not in state.pending:
                return []
            return [SetAside(c) for c in rounds.set_aside_choices(state, seat)]
        if state.phase == TAKE_BACK:
            if seat not in state.pending:
                return []
            return [TakeBack(c) for c in rounds.take_back_choices(state, seat)]
        if state.phase == PAWNS:
            if seat not in state.pending:
                return []
            return [PlacePawn(c) for c in rounds.pawn_squares(state)]
        if state.phase != PLAY:
            return []
        out: list[Action] = []
        if state.players[seat].hand == NO_TILE:
            out.append(TurnOver())
        else:
            out.extend(self.placements(state, seat))
            out.append(Discard())
        if seat == data.HOST_SEAT and rounds.host_may_end(state):
            out.append(EndRound())
        return out

    def placements(self, state: LigrettoState, seat: int) -> list[Action]:
        """Every distinct placement of the turned tile: at each pawn (jokers included), and
        the restarts the seat may make [D-8] [D-9]."""
        out: list[Action] = [*restarts(state, seat)]
        for pawn in range(len(state.pawns)):
            out.extend(Place(pawn, *path) for path in pawn_paths(state, seat, pawn))
        return out

    # --- apply -----------------------------------------------------------------------------------
    def apply(self, state: LigrettoState, seat: int, action: Action) -> list[Event]:
        if not isinstance(seat, int) or not 0 <= seat < len(state.players):
            raise IllegalAction(f"there is no seat {seat!r} at this table")
        if isinstance(action, SetAside | TakeBack):
            return self._choose_tiles(state, seat, action)
        if isinstance(action, PlacePawn):
            return self._place_pawn(state, seat, action)
        if state.phase != PLAY:
            raise IllegalAction(self._not_playing(state))
        if isinstance(action, TurnOver):
            return self._turn_over(state, seat)
        if isinstance(action, Discard):
            return self._discard(state, seat)
        if isinstance(action, Place):
            return self._place(state, seat, action)
        if isinstance(action, Restart):
            return self._restart(state, seat, action)
        if isinstance(action, EndRound):
            return self._end_round(state, seat)
        raise IllegalAction(
            "that is not a Ligretto action; turn a tile over, place it, discard it, or restart"
        )

    def _not_playing(self, state: LigrettoState) -> str:
        if state.phase == OVER:
            return "the match is over"
        if state.phase == PAWNS:
            return (
                f"the round has not started: the host (seat {data.HOST_SEAT}) is putting the "
                f"pawns on the board ({len(state.pawns)} of {data.PAWNS} so far)"
            )
        return "the round is over: players now set tiles aside or take them back"

    def _turn_over(self, state: LigrettoState, seat: int) -> list[Event]:
        player = state.players[seat]
        if player.hand != NO_TILE:
            raise IllegalAction("you already hold a turned tile: place it or discard it first")
        # the pile, turned over unshuffled, is the new stack: "Se un giocatore scarta davanti
        # a sé tutte le sue tessere, capovolge il mazzo e lo prende in mano"
        if not player.stack:
            player.stack = player.pile[::-1]
            player.pile = []
        player.hand = player.stack.pop()
        player.turned += 1
        player.fits += count_placements(state, seat)
        state.stall_turns += 1
        events = [
            public("turned", seat=seat),
            private("your_tile", [seat], tile=player.hand,
                    colours=views.colour_names(state.tiles()[player.hand])),
        ]
        if state.stall_turns >= data.STALL_CYCLES * rounds.stall_threshold(state):
            events.extend(_round_over(state, rounds.STALLED))
        return events

    def _discard(self, state: LigrettoState, seat: int) -> list[Event]:
        player = state.players[seat]
        if player.hand == NO_TILE:
            raise IllegalAction("you hold no turned tile to discard; turn one over first")
        player.pile.append(player.hand)
        player.hand = NO_TILE
        # others see a tile go onto the pile, not which: the pile is its owner's secret
        return [public("discarded", seat=seat),
                private("your_discard", [seat], tile=player.pile[-1],
                        colours=views.colour_names(state.tiles()[player.pile[-1]]))]

    def _place(self, state: LigrettoState, seat: int, action: Place) -> list[Event]:
        reason = why_not_place(state, seat, action)
        if reason:
            raise IllegalAction(reason)
        player = state.players[seat]
        for cell in action.jokers:
            state.cover[cell] = seat * 32 + JOKER
        player.jokers -= len(action.jokers)
        tile = player.hand
        state.cover[action.near] = state.cover[action.far] = seat * 32 + tile
        # "La pedina Ligretto va spostata sempre sulla casella più distante"
        state.pawns[action.pawn] = action.far
        event = public("placed", seat=seat, pawn=action.pawn, tile=tile,
                       colours=views.colour_names(state.tiles()[tile]),
                       squares=[action.near, action.far], jokers=list(action.jokers))
        covered = (*action.jokers, action.near, action.far)
        return [event, *self._after_placement(state, seat, covered)]

    def _restart(self, state: LigrettoState, seat: int, action: Restart) -> list[Event]:
        reason = why_not_restart(state, seat, action)
        if reason:
            raise IllegalAction(reason)
        for player in state.players:
            if action.pawn in player.duties:
                player.duties.remove(action.pawn)
        tile = state.players[seat].hand
        state.cover[action.onto] = state.cover[action.other] = seat * 32 + tile
        # "Deve quindi spostare subito su una delle due caselle la pedina Ligretto bloccata" [D-9]
        state.pawns[action.pawn] = action.onto
        event = public("restarted", seat=seat, pawn=action.pawn, tile=tile,
                       colours=views.colour_names(state.tiles()[tile]),
                       squares=[action.onto, action.other])
        return [event, *self._after_placement(state, seat, (action.onto, action.other))]

    def _after_placement(
        self, state: LigrettoState, seat: int, covered: tuple[int, ...]
    ) -> list[Event]:
        """Duties [D-9], then the round's end: "Ligretto stop!" or nobody can place [D-10]."""
        player = state.players[seat]
        player.hand = NO_TILE
        player.placed += 1
        state.stall_turns = 0
        squares_covered(state, covered)
        stuck = fits(state).stuck
        for other in state.players:  # a duty lapses when its pawn is free again
            other.duties = [p for p in other.duties if stuck[p]]
        owed = {p for other in state.players for p in other.duties}
        shut_in = [p for p, is_stuck in enumerate(stuck) if is_stuck and p not in owed]
        player.duties.extend(shut_in)
        events = []
        if shut_in:
            events.append(public("dead_end", seat=seat, pawns=shut_in))
        if player.held() == 0:  # "dice “Ligretto stop!” e il round si conclude"
            events.extend(_round_over(state, rounds.LIGRETTO))
        elif nobody_can_place(state):
            events.extend(_round_over(state, rounds.STUCK))
        return events

    def _end_round(self, state: LigrettoState, seat: int) -> list[Event]:
        if seat != data.HOST_SEAT:
            raise IllegalAction("only the host (seat 0) may end a stalled round")
        if not rounds.host_may_end(state):
            need = rounds.stall_threshold(state) - state.stall_turns
            raise IllegalAction(
                "the round has not stalled: the host may end it after "
                f"{need} more turned tiles without a placement"
            )
        return _round_over(state, rounds.HOST)

    def _place_pawn(self, state: LigrettoState, seat: int, action: PlacePawn) -> list[Event]:
        if state.phase != PAWNS or seat not in state.pending:
            raise IllegalAction(
                f"only the host (seat {data.HOST_SEAT}) puts pawns down, before a round "
                "starts, when the match was set up with pawns=host"
            )
        squares = rounds.pawn_squares(state)
        if action.square not in squares:
            raise IllegalAction(
                f"a pawn cannot go on square {action.square!r}: pick a square of the board "
                f"(0 to {len(state.cover) - 1}) without a pawn, that leaves every pawn two "
                "free neighbouring squares to build on"
            )
        state.pawns.append(action.square)
        events = [public("pawn_placed", seat=seat, pawn=len(state.pawns) - 1,
                         square=action.square)]
        if len(state.pawns) == data.PAWNS:
            rounds.begin_play(state)
            events.append(public("round_started", round=state.round, pawns=list(state.pawns)))
        return events

    def _choose_tiles(
        self, state: LigrettoState, seat: int, action: SetAside | TakeBack
    ) -> list[Event]:
        setting = isinstance(action, SetAside)
        phase = ASIDE if setting else TAKE_BACK
        if state.phase != phase or seat not in state.pending:
            raise IllegalAction(
                "you have nothing to set aside now" if setting else
                "you have nothing to take back now"
            )
        choices = (
            rounds.set_aside_choices(state, seat) if setting
            else rounds.take_back_choices(state, seat)
        )
        if action.tiles not in choices:
            if setting:
                most = rounds.max_set_aside(state, seat)
                raise IllegalAction(
                    f"set aside nothing or {most} different tiles of yours still in play "
                    f"{rounds.in_play(state, seat)}"
                    + (" (only 1: at least one tile stays in play)" if most < 2 else "")
                )
            raise IllegalAction(
                f"take back {len(choices[0])} different tiles, in increasing order, from your "
                f"individual board {sorted(state.players[seat].aside)}"
            )
        player = state.players[seat]
        if setting:
            player.aside = sorted(player.aside + list(action.tiles))
        else:
            player.aside = [t for t in player.aside if t not in action.tiles]
        state.pending.remove(seat)
        events = [public(action.kind, seat=seat, tiles=list(action.tiles))]
        if not state.pending:
            if setting:
                rounds.after_set_aside(state)
            else:
                rounds.next_round(state)
            events.extend(_what_follows(state))
        return events

    # --- views, secrets, results ---------------------------------------------------------------
    def view(self, state: LigrettoState, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def hidden(self, state: LigrettoState, seat: int | None) -> Any:
        return views.hidden(state, seat)

    def determinize(self, state: LigrettoState, seat: int | None, rng: Rng) -> LigrettoState:
        return views.determinize(state, seat, rng)

    def render(self, view: Mapping[str, Any]) -> str:
        return views.render(view)

    def describe_action(self, action: Action) -> str:
        return views.describe_action(action)

    def is_over(self, state: LigrettoState) -> bool:
        return state.phase == OVER

    def result(self, state: LigrettoState) -> Result:
        scores = [p.score for p in state.players]
        return Result(tuple(float(s) for s in scores), competition_ranks(scores),
                      views.result_details(state))

    def clone(self, state: LigrettoState) -> LigrettoState:
        return state.clone()

    def to_json(self, state: LigrettoState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> LigrettoState:
        return LigrettoState.from_json(data)

    # --- bots ------------------------------------------------------------------------------------
    def heuristic_action(self, state: LigrettoState, seat: int, rng: Rng) -> Action:
        return bots.heuristic_action(self, state, seat, rng)

    def evaluate(self, state: LigrettoState) -> list[float]:
        return evaluate_position(state)

    def search_choices(self, state: LigrettoState, seat: int, rng: Rng) -> list[Action]:
        """The moves a focused search compares (the heuristic's first); one: no search."""
        return search_choices(self, state, seat, rng)

    def reaction_seconds(
        self, state: LigrettoState, seat: int, action: Action, level: str | None, rng: Rng
    ) -> float:
        """Seconds a bot of `level` (a key of data.REACTION_SECONDS) takes before `action`."""
        return bots.reaction_seconds(state, seat, action, level or DEFAULT_LEVEL, rng)


def _round_over(state: LigrettoState, ending: str) -> list[Event]:
    """Score the round, and say what comes next."""
    return [public("round_over", **rounds.end_round(state, ending)), *_what_follows(state)]


def _what_follows(state: LigrettoState) -> list[Event]:
    """The event of a new round, when the step between rounds just ended."""
    if state.phase == PLAY:
        return [public("round_started", round=state.round, pawns=list(state.pawns))]
    if state.phase == PAWNS:
        return [public("pawns_wanted", round=state.round, host=data.HOST_SEAT)]
    if state.phase == OVER:
        return [public("match_over", scores=[p.score for p in state.players])]
    return []


def _individual_boards(boards: tuple, players: int) -> list[list[int]]:  # type: ignore[type-arg]
    """Validated tiles per seat for a resumed match (option individual_boards)."""
    if not boards:
        return [[] for _ in range(players)]
    if len(boards) != players:
        raise ValueError(f"option 'individual_boards' needs one list per seat ({players})")
    out = []
    for seat, tiles in enumerate(boards):
        tiles = list(tiles) if isinstance(tiles, tuple | list) else [tiles]
        ok = all(isinstance(t, int) and 0 <= t < data.TILES_PER_PLAYER for t in tiles)
        if not ok or len(set(tiles)) != len(tiles) or len(tiles) >= data.TILES_PER_PLAYER:
            raise ValueError(
                f"individual board of seat {seat}: distinct tile numbers 0-14, "
                "at least one tile left in play [D-11]"
            )
        out.append(sorted(tiles))
    return out
