"""Castell, declared: its name, player counts, options, rule table and hooks.

Build human towers across seven regions of Catalonia: on your turn move, recruit, train a skill
and take a special action (each at most once); at the end of rounds 3 to 10 the players in a
festival's region declare towers for prizes and size tokens; after round 10 the best tower,
regions, prizes, size tokens and local performances score.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import Reason, in_language
from ludoteca.engine.events import Event
from ludoteca.engine.game import Game
from ludoteca.engine.result import ReportSection, Result
from ludoteca.engine.rng import Rng
from ludoteca.engine.rules import Choices, Do, Quiet, Rule, RuleTable
from ludoteca.engine.tunables import Tunable
from ludoteca.games.castell import invariants, learning, result, text, view
from ludoteca.games.castell.actions import (
    Abstain,
    Declare,
    EndTurn,
    Move,
    Perform,
    Recruit,
    SpecialMove,
    SpecialRecruit,
    Train,
)
from ludoteca.games.castell.bots import evaluation, heuristic, plain, search
from ludoteca.games.castell.data import CALENDAR, ROUNDS
from ludoteca.games.castell.menus import turn_menu
from ludoteca.games.castell.options import CastellOptions
from ludoteca.games.castell.rules import (
    festival,
    move,
    perform,
    recruit,
    setup,
    special,
    train,
    turn,
)
from ludoteca.games.castell.state import (
    ABSTAINED,
    FESTIVAL,
    FREE_SPECIAL,
    OVER,
    TURN,
    CastellState,
    Phase,
)

# Per turn at most: move, recruit, train, the Special tile's free action, the special action,
# and ending the turn.
ACTIONS_PER_TURN = 6


ON_TURN = (TURN,)
SPECIAL = (TURN, FREE_SPECIAL)  # the Special tile's free action is one of these
AT_FESTIVAL = (FESTIVAL,)



def counted(table: RuleTable) -> RuleTable:
    """Every applied action counts in `state.actions`, the game's length in its result: counted
    by the rule's `do` and its `quiet` do, so that `apply` and the trusted `play` count it
    alike."""

    def counting(do: Do) -> Do:
        def do_and_count(state: CastellState, seat: int, action: Any) -> list[Event]:
            events = do(state, seat, action)
            state.actions += 1
            return events

        return do_and_count

    def counting_quietly(quiet: Quiet) -> Quiet:
        def quiet_and_count(state: CastellState, seat: int, action: Any) -> None:
            quiet(state, seat, action)
            state.actions += 1

        return quiet_and_count

    return RuleTable(*(
        replace(rule, do=counting(rule.do),
                quiet=None if rule.quiet is None else counting_quietly(rule.quiet))
        for rule in table
    ))


# Each rule's quiet do is its do without the events, for `Game.play`, which drops them.
TABLE = RuleTable(
    Rule(Move, ON_TURN, move.check_move, move.do_move, choices=move.moves,
         quiet=move.play_move),
    Rule(Recruit, ON_TURN, recruit.check_recruit, recruit.do_recruit,
         choices=recruit.recruits, quiet=recruit.play_recruit),
    Rule(Train, ON_TURN, train.check_train, train.do_train, choices=train.trains,
         quiet=train.play_train),
    Rule(SpecialMove, SPECIAL, special.check_special_move, special.do_special_move,
         choices=special.special_moves, quiet=special.play_special_move),
    Rule(SpecialRecruit, SPECIAL, special.check_special_recruit,
         special.do_special_recruit, choices=special.special_recruits,
         quiet=special.play_special_recruit),
    Rule(Perform, SPECIAL, perform.check_perform, perform.do_perform,
         choices=perform.performances, quiet=perform.play_perform),
    Rule(EndTurn, ON_TURN, turn.check_end_turn, turn.do_end_turn, choices=turn.end_turns,
         quiet=turn.play_end_turn),
    Rule(Declare, AT_FESTIVAL, festival.check_declare, festival.do_declare,
         choices=festival.declarations, quiet=festival.play_declare),
    Rule(Abstain, AT_FESTIVAL, festival.check_abstain, festival.do_abstain,
         choices=festival.abstentions, quiet=festival.play_abstain),
)
RULES = counted(TABLE)
# Each action's quiet do, uncounted, by the action's type: `Castell.play` counts the action
# itself, without a call more at every step of a playout or a search.
QUIET_DOS = MappingProxyType({rule.action: rule.quiet or rule.do for rule in TABLE})


# The festival's menu, as the rule table lists it (`legal_actions` reads it at every step of a
# festival; a turn's is made by `menus.turn_menu`, in the same order).
FESTIVAL_MENU = RULES.menus[FESTIVAL]


class Castell(Game[CastellState]):
    name = "castell"
    title = "Castell"
    min_players = 2
    max_players = 4
    turn_actors = tuple(frozenset((seat,)) for seat in range(max_players))  # by current seat
    Options = CastellOptions
    State = CastellState
    rules = RULES
    encoding = learning
    # Towers are too many to list: legal_actions offers a tower for each local tile, and at a
    # festival the suggestion and the best tower for each size token (plus abstaining); apply
    # accepts any legal tower, which a player may type as levels (parse_action_text).
    legal_actions_complete = False
    # The default search (the strong level): a turn is played by the whole-turn planner's best
    # plan (`search_choices`), a festival's towers are compared by rollouts that follow the
    # heuristic to the festival's end and are judged by `evaluate` (the players' outlooks).
    mcts_defaults = MappingProxyType(
        {"iterations": 48, "rollout": "heuristic", "horizon": 4, "bias": 2, "focus": 1}
    )
    # A turn's actions reveal nothing hidden and draw nothing from the bag (the regions are
    # refilled when a round starts, after the last turn ends): a player may take them back
    # until they end the turn. Ending it, and a festival's sealed declaration, are final.
    undoable_steps = (Move, Recruit, Train, SpecialMove, SpecialRecruit, Perform)
    plain_strategies = MappingProxyType(plain.STRATEGIES)

    # --- set-up -------------------------------------------------------------------------------
    def new_state(self, players: int, seed: int, options: CastellOptions) -> CastellState:
        return setup.new_state(players, seed, options)

    def seats(self, state: CastellState) -> list[int]:
        return list(range(state.n))

    def max_actions(self, players: int, options: Any = None) -> int:
        festivals = sum(1 for _, _, least in CALENDAR if players >= least)
        return ROUNDS * players * ACTIONS_PER_TURN + festivals * players

    # --- play ---------------------------------------------------------------------------------
    def phase(self, state: CastellState) -> Phase:
        if state.phase is TURN and state.free_special:
            return FREE_SPECIAL
        return state.phase

    def actors(self, state: CastellState) -> frozenset[int]:
        if state.phase is TURN:
            return self.turn_actors[state.current]
        if state.phase is FESTIVAL:
            return frozenset(s for s in state.to_declare if s not in state.declarations)
        return frozenset()

    def legal_actions(self, state: CastellState, seat: int) -> list[Action]:
        """The engine's menu (the choices of the current phase's rules, in table order), asked
        at every step of a playout or a search: who may act and the phase are read once off
        the state, and a turn's menu is made in one pass from the menus kept between the steps
        that change them (`menus.py`)."""
        phase = state.phase
        if phase is TURN:
            if type(seat) is not int or seat != state.current:
                return []
            return turn_menu(state, seat)
        if phase is FESTIVAL:
            if type(seat) is not int or seat not in state.to_declare or (
                seat in state.declarations
            ):
                return []
            return self._listed(state, seat, FESTIVAL_MENU)
        return []

    @staticmethod
    def _listed(state: CastellState, seat: int, menus: tuple[Choices, ...]) -> list[Action]:
        menu: list[Action] = []
        for choices in menus:
            menu += choices(state, seat)
        return menu

    def play(self, state: CastellState, seat: int, action: Action) -> None:
        """`Game.play`: the rule's quiet do, counted here (as `counted` counts it in the rule
        table) rather than by a wrapper called at every step."""
        QUIET_DOS[type(action)](state, seat, action)
        state.actions += 1

    def round_number(self, state: CastellState) -> int:
        return state.round

    # The two below answer as `actors` would, without building a set at every step.
    def may_act(self, state: CastellState, seat: int) -> bool:
        if state.phase is TURN:
            return seat == state.current
        return seat in state.to_declare and seat not in state.declarations

    def is_seat(self, state: CastellState, seat: Any) -> bool:
        return type(seat) is int and 0 <= seat < len(state.players)

    def refuse_phase(self, state: CastellState, seat: int, rule: Rule) -> str:
        if not self.may_act(state, seat):
            return self.refuse_seat(state, seat, rule)
        phase = self.phase(state)
        if phase is FREE_SPECIAL:
            return Reason(
                "you trained a Special tile: perform its free special action first "
                "(recruit one, move once more, or perform a local tile)",
                it="hai allenato una tessera Speciale: prima fai la sua azione speciale gratuita "
                "(recluta uno in più, muovi ancora o esegui una tessera locale)",
            )
        if phase is FESTIVAL:
            return Reason("at a festival you declare a tower or abstain",
                          it="a un festival dichiari una torre o resti fuori")
        return Reason(
            "no festival is being held: towers are declared at the festivals after the turns; "
            "on your turn you may move, recruit, train, take a special action "
            "(special_recruit, special_move, perform) or end_turn",
            it="non c'è nessun festival in corso: le torri si dichiarano ai festival dopo i "
            "turni; nel tuo turno puoi muovere, reclutare, allenarti, fare un'azione speciale "
            "(recluta uno in più, muovi ancora, esegui) o terminare il turno",
        )

    def refuse_seat(self, state: CastellState, seat: int, rule: Rule) -> str:
        if state.phase is OVER:
            return Reason("the game is over", it="la partita è finita")
        if state.phase is TURN:
            return Reason(f"it is player {state.current}'s turn, not yours",
                          it=f"è il turno del giocatore {state.current}, non il tuo")
        if seat in state.declarations:
            return Reason("you have already declared for this festival",
                          it="hai già dichiarato per questo festival")
        held = festival.held(state)
        reason = festival.absence(state, seat, held) or ABSTAINED
        why = text.absence_text(reason, held.region, held.tokens)
        return Reason(
            f"you cannot take part in the festival in {held.region}: {why}",
            it=f"non puoi partecipare al festival a {held.region}: "
            f"{in_language(why, 'it')}",
        )

    def is_over(self, state: CastellState) -> bool:
        return state.phase is OVER

    def result(self, state: CastellState) -> Result:
        return result.result(state)

    def report_sections(self) -> list[ReportSection]:
        return result.report_sections()

    def tunables(self, players: int) -> list[Tunable]:
        """The variant's castellers per region for this player count only."""
        return [
            t for t in super().tunables(players)
            if t.field != "region_castellers" or t.name == f"region_castellers[{players}]"
        ]

    # --- what each seat sees --------------------------------------------------------------------
    def seat_view(self, state: CastellState, seat: int | None) -> dict[str, Any]:
        return view.seat_view(state, seat)

    def seat_views(self, state: CastellState, seats: list[int | None]
                   ) -> dict[int | None, dict[str, Any]]:
        return view.seat_views(state, seats)

    def hidden(self, state: CastellState, seat: int | None) -> Any:
        return view.hidden(state, seat)

    def determinize(self, state: CastellState, seat: int | None, rng: Rng) -> CastellState:
        return view.determinize(state, seat, rng)

    # --- bookkeeping ----------------------------------------------------------------------------
    def clone(self, state: CastellState) -> CastellState:
        return state.clone()

    def check_state(self, state: CastellState) -> None:
        invariants.check_state(state, self.max_actions(state.n))

    # --- for people and bots --------------------------------------------------------------------
    def render(self, view: Mapping[str, Any]) -> str:
        return text.render(view)

    def describe_action(self, action: Action) -> str:
        return text.describe_action(action)

    def parse_action_text(self, state: CastellState, seat: int, typed: str) -> Action | None:
        return text.parse_action_text(self.phase(state), typed)

    def heuristic_action(self, state: CastellState, seat: int, rng: Rng) -> Action:
        return heuristic.heuristic_action(state, seat, self.legal_actions(state, seat), rng)

    def evaluate(self, state: CastellState) -> list[float]:
        return evaluation.evaluate(state)

    def search_choices(self, state: CastellState, seat: int, rng: Rng) -> list[Action]:
        return search.search_choices(state, seat, self.legal_actions, self.apply)
