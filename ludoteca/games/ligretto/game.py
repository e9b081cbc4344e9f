"""The Ligretto board game, declared: its name, player counts, options, rule table and hooks.

Real time: every seat acts at once, and a server applies actions in arrival order. Seat 0 is
the host (data.HOST_SEAT): it alone may end a stalled round and, with option pawns="host", puts
the pawns of rounds 2+ on the board. Rules: rules.en.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.codec import InvalidData
from ludoteca.engine.errors import Reason
from ludoteca.engine.game import Game
from ludoteca.engine.result import Measure, ReportSection, Result
from ludoteca.engine.rng import Rng
from ludoteca.engine.rules import Rule, RuleTable
from ludoteca.games.ligretto import (
    data,
    invariants,
    learning,
    menu,
    placement,
    result,
    text,
    view,
)
from ludoteca.games.ligretto.actions import (
    Discard,
    EndRound,
    Place,
    PlacePawn,
    Restart,
    SetAside,
    TakeBack,
    TurnOver,
)
from ludoteca.games.ligretto.bots import choices, evaluation, heuristic, reaction
from ludoteca.games.ligretto.options import LigrettoOptions
from ludoteca.games.ligretto.rules import between_rounds, place, restart, round_end, turn_over
from ludoteca.games.ligretto.rules.rounds import start_round
from ludoteca.games.ligretto.state import LigrettoState, Phase, Player

PLAY = (Phase.PLAY,)
# Read in the hooks asked before every action: a module's name is read several times faster
# than an enum's member.
PLAYING, OVER = Phase.PLAY, Phase.OVER
# Everybody, by player count: all seats act at once during a round (asked before every action).
EVERYBODY = tuple(frozenset(range(players)) for players in range(data.MAX_PLAYERS + 1))

# In menu order: turn a tile over, or place it (restarts first), or discard it; the host's end.
RULES = RuleTable(
    Rule(TurnOver, PLAY, turn_over.check_turn_over, turn_over.do_turn_over,
         choices=turn_over.turns, quiet=turn_over.play_turn_over),
    Rule(Restart, PLAY, restart.check_restart, restart.do_restart, choices=restart.restarts),
    # the menu: placement.placements (a list shared until the board changes: do not change it)
    Rule(Place, PLAY, place.check_place, place.do_place, choices=placement.placements,
         quiet=place.play_place),
    Rule(Discard, PLAY, turn_over.check_discard, turn_over.do_discard,
         choices=turn_over.discards, quiet=turn_over.play_discard),
    Rule(EndRound, PLAY, round_end.check_end_round, round_end.do_end_round,
         choices=round_end.end_round_choices),
    Rule(PlacePawn, (Phase.PAWNS,), between_rounds.check_place_pawn,
         between_rounds.do_place_pawn, choices=between_rounds.pawn_placements),
    Rule(SetAside, (Phase.SET_ASIDE,), between_rounds.check_set_aside,
         between_rounds.do_set_aside, choices=between_rounds.set_asides),
    Rule(TakeBack, (Phase.TAKE_BACK,), between_rounds.check_take_back,
         between_rounds.do_take_back, choices=between_rounds.take_backs),
)


class Ligretto(Game[LigrettoState]):
    name = "ligretto"
    title = "Ligretto (the board game)"
    min_players = data.MIN_PLAYERS
    max_players = data.MAX_PLAYERS
    Options = LigrettoOptions
    State = LigrettoState
    rules = RULES
    encoding = learning
    real_time = True
    # The default search: where the turned tile goes, among the placements ranked best by the
    # time they save (`search_choices`), each judged by `evaluate` after the rival's heuristic
    # reply, a slight bias toward the best ranked. The ranking does most of the work: over the
    # bench's 3 seeds the ranked first choice alone won 59.9% against the heuristic, 8
    # iterations 62.6%, 32 iterations 64.0%.
    mcts_defaults = MappingProxyType({
        "iterations": 32, "rollout": "heuristic", "horizon": 0, "bias": 1, "margin": 0.02,
        "focus": 1,
    })

    # --- set-up -------------------------------------------------------------------------------
    def new_state(self, players: int, seed: int, options: LigrettoOptions) -> LigrettoState:
        state = LigrettoState(
            colours=options.colours, rounds=options.rounds, round=1, phase=Phase.PLAY,
            cover=[], pawns=[], players=[Player([], []) for _ in range(players)],
            stall_turns=[0] * players,
            rng=Rng(seed), host_pawns=options.pawns == "host",
        )
        boards = options.individual_boards
        if boards and len(boards) != players:
            raise InvalidData(
                f"one individual board per seat: {players} lists, not {len(boards)}",
                "option 'individual_boards'",
            )
        for player, tiles in zip(state.players, boards, strict=False):
            player.aside = sorted(tiles)
        start_round(state)
        return state

    def seats(self, state: LigrettoState) -> list[int]:
        return list(range(len(state.players)))

    def max_actions(self, players: int, options: Any = None) -> int:
        """Per round: at most every tile placed once; between two placements every seat turns
        over at most STALL_CYCLES times the tiles it holds before the round ends by itself
        [D-16], each turn-over followed by at most one discard, with twice that for seats that
        act unevenly (a playout in which some seat never acts can hold a stalled round open, as
        a player at the table can); one host ending; then one choice per seat to set aside and
        one to take back; and the host's pawns of the next round."""
        opts: LigrettoOptions = self.options(options)
        tiles = data.TILES_PER_PLAYER * players
        between = 2 * (2 * data.STALL_CYCLES * tiles) + 1
        per_round = (tiles + 1) * between + tiles + 1 + 2 * players + data.PAWNS
        return int(opts.rounds) * per_round

    # --- who acts -------------------------------------------------------------------------------
    def phase(self, state: LigrettoState) -> Phase:
        return state.phase

    def actors(self, state: LigrettoState) -> frozenset[int]:
        if state.phase is PLAYING:
            return EVERYBODY[len(state.players)]
        return frozenset(state.pending)

    def legal_actions(self, state: LigrettoState, seat: int) -> list[Action]:
        """During a round, the menu listed in one go (`menu.play_menu`: the table's very list);
        between rounds, the table's."""
        if state.phase is PLAYING and self.is_seat(state, seat):
            return menu.play_menu(state, seat)
        return super().legal_actions(state, seat)

    def is_seat(self, state: LigrettoState, seat: Any) -> bool:
        return type(seat) is int and 0 <= seat < len(state.players)

    def may_act(self, state: LigrettoState, seat: int) -> bool:
        return state.phase is PLAYING or seat in state.pending

    def refuse_phase(self, state: LigrettoState, seat: int, rule: Rule) -> str:
        if rule.action in (SetAside, TakeBack, PlacePawn):
            return self.refuse_seat(state, seat, rule)
        if state.phase is Phase.OVER:
            return Reason("the match is over", it="la partita è finita")
        if state.phase is Phase.PAWNS:
            return Reason(
                f"the round has not started: the host (seat {data.HOST_SEAT}) is putting the "
                f"pawns on the board ({len(state.pawns)} of {data.PAWNS} so far)",
                it="il round non è ancora iniziato: l'organizzatore sta posando le pedine sul "
                f"tabellone ({len(state.pawns)} di {data.PAWNS} finora)",
            )
        return Reason("the round is over: players now set tiles aside or take them back",
                      it="il round è finito: ora i giocatori mettono da parte o riprendono le "
                      "tessere")

    def refuse_seat(self, state: LigrettoState, seat: int, rule: Rule) -> str:
        if rule.action is PlacePawn:
            return Reason(
                f"only the host (seat {data.HOST_SEAT}) puts pawns down, before a round "
                "starts, when the match was set up with pawns=host",
                it="solo l'organizzatore posa le pedine, prima che inizi un round, quando la "
                "partita è stata creata con le pedine posate dall'organizzatore",
            )
        if rule.action is SetAside:
            return Reason("you have nothing to set aside now",
                          it="ora non hai nulla da mettere da parte")
        return Reason("you have nothing to take back now", it="ora non hai nulla da riprendere")

    def round_number(self, state: LigrettoState) -> int:
        return state.round

    def gathers(self, state: LigrettoState) -> str | None:
        """Each round's play: "Al comando “Ligretto!” ha inizio il gioco e a partire da questo
        momento tutti i giocatori giocano contemporaneamente" - everybody starts together."""
        return f"round {state.round}" if state.phase is PLAYING else None

    def is_over(self, state: LigrettoState) -> bool:
        return state.phase is OVER

    def result(self, state: LigrettoState) -> Result:
        return result.result(state)

    def report_sections(self) -> list[ReportSection]:
        return result.report_sections()

    def measures(self) -> list[Measure]:
        return result.measures()

    # --- what each seat sees --------------------------------------------------------------------
    def seat_view(self, state: LigrettoState, seat: int | None) -> dict[str, Any]:
        return view.seat_view(state, seat)

    def hidden(self, state: LigrettoState, seat: int | None) -> Any:
        return view.hidden(state, seat)

    def determinize(self, state: LigrettoState, seat: int | None, rng: Rng) -> LigrettoState:
        return view.determinize(state, seat, rng)

    # --- bookkeeping ----------------------------------------------------------------------------
    def clone(self, state: LigrettoState) -> LigrettoState:
        return state.clone()

    def check_state(self, state: LigrettoState) -> None:
        invariants.check_state(state)

    # --- for people -----------------------------------------------------------------------------
    def render(self, view: Mapping[str, Any]) -> str:
        return text.render(view)

    def describe_action(self, action: Action) -> str:
        return text.describe_action(action)

    # --- bots -----------------------------------------------------------------------------------
    def heuristic_action(self, state: LigrettoState, seat: int, rng: Rng) -> Action:
        return heuristic.heuristic_action(state, seat, rng)

    def search_choices(self, state: LigrettoState, seat: int, rng: Rng) -> list[Action]:
        """The moves a focused search compares (the best ranked first); one: no search."""
        return choices.search_choices(state, seat, rng)

    def evaluate(self, state: LigrettoState) -> list[float]:
        return evaluation.evaluate_position(state)

    def reaction_seconds(
        self, state: LigrettoState, seat: int, action: Action, level: str | None, rng: Rng
    ) -> float:
        """Seconds a bot of `level` (a key of data.REACTION_SECONDS, or a speed factor) takes
        before `action`."""
        return reaction.reaction_seconds(action, level, rng)

    def check_level(self, level: str) -> None:
        reaction.level_times(level)
