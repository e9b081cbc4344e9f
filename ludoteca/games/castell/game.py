"""Castell as an engine game: set-up, actors, legal actions, apply, secrets, serialisation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, private, public
from ludoteca.engine.game import Game
from ludoteca.engine.options import option_field
from ludoteca.engine.result import Result
from ludoteca.engine.rng import Rng
from ludoteca.games.castell import bot, render, turn
from ludoteca.games.castell.actions import ACTION_CLASSES, Abstain, Declare
from ludoteca.games.castell.data import CALENDAR, ROUNDS
from ludoteca.games.castell.evaluate import evaluate_position
from ludoteca.games.castell.festivals import check_declaration, suggestion
from ludoteca.games.castell.rounds import festival_declared
from ludoteca.games.castell.scoring import final_result
from ludoteca.games.castell.start import new_game
from ludoteca.games.castell.state import FESTIVAL, OVER, TURN, CastellState
from ludoteca.games.castell.view import view

# Per turn at most: move, recruit, train, the Special tile's free action, the special action,
# and ending the turn.
ACTIONS_PER_TURN = 6


@dataclass(frozen=True)
class CastellOptions:
    advanced: bool = option_field(
        False, "play the wheel's No Regions side: train only at your pawn's region"
    )
    train_any_known_skill: bool = option_field(
        False, "training may raise any skill already on your track instead [D-18]"
    )


class Castell(Game[CastellState]):
    name = "castell"
    title = "Castell"
    min_players = 2
    max_players = 4
    Options = CastellOptions
    action_classes = ACTION_CLASSES
    # Towers are too many to list: legal_actions offers the best tower for each local tile and
    # the festival suggestion (plus abstaining); apply accepts any legal tower.
    legal_actions_complete = False

    # --- set-up -------------------------------------------------------------------------------
    def setup(self, players: int, seed: int, options: Any = None) -> CastellState:
        self.check_players(players)
        opts = self.options(options)
        return new_game(players, seed, opts.advanced, opts.train_any_known_skill)

    def seats(self, state: CastellState) -> list[int]:
        return list(range(state.n))

    def max_actions(self, players: int, options: Any = None) -> int:
        festivals = sum(1 for _, _, least in CALENDAR if players >= least)
        return ROUNDS * players * ACTIONS_PER_TURN + festivals * players

    # --- play ----------------------------------------------------------------------------------
    def actors(self, state: CastellState) -> frozenset[int]:
        if state.phase == TURN:
            return frozenset((state.current,))
        if state.phase == FESTIVAL:
            return frozenset(s for s in state.to_declare if s not in state.declarations)
        return frozenset()

    def legal_actions(self, state: CastellState, seat: int) -> list[Action]:
        if seat not in self.actors(state):
            return []
        if state.phase == TURN:
            return turn.turn_choices(state, seat)
        assert state.festival is not None
        tower = suggestion(state.players[seat], state.calendar[state.festival])
        assert tower is not None
        return [Declare(tower), Abstain()]

    def apply(self, state: CastellState, seat: int, action: Action) -> list[Event]:
        if state.phase == OVER:
            raise IllegalAction("the game is over")
        if seat not in self.actors(state):
            if state.phase == TURN:
                raise IllegalAction(f"it is player {state.current}'s turn, not yours")
            raise IllegalAction("you do not declare at this festival (or you already did)")
        events = (
            self.apply_turn(state, seat, action)
            if state.phase == TURN
            else self.apply_festival(state, seat, action)
        )
        state.actions += 1
        return events

    def apply_turn(self, state: CastellState, seat: int, action: Action) -> list[Event]:
        rule = turn.TURN_ACTIONS.get(type(action))
        if rule is not None:
            check, do = rule
            return do(state, seat, check(state, seat, action))
        held = (
            "no festival is being held: towers are declared at the festivals after the turns; "
            if isinstance(action, Declare | Abstain)
            else ""
        )
        raise IllegalAction(
            f"{held}on your turn you may move, recruit, train, take a special action "
            "(special_recruit, special_move, perform) or end_turn"
        )

    def apply_festival(self, state: CastellState, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Abstain):
            state.declarations[seat] = None
        elif isinstance(action, Declare):
            tower = turn.team_tower(state, seat, action.tower)
            check_declaration(state, seat, tower)
            state.declarations[seat] = [list(level) for level in tower]
        else:
            raise IllegalAction("at a festival you declare a tower or abstain")
        events: list[Event] = [
            private("declaration", [seat], seat=seat, tower=state.declarations[seat]),
            public("declared", seat=seat),
        ]
        if all(s in state.declarations for s in state.to_declare):
            events += festival_declared(state)
        return events

    def view(self, state: CastellState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def is_over(self, state: CastellState) -> bool:
        return state.phase == OVER

    def result(self, state: CastellState) -> Result:
        return final_result(state)

    # --- secrets: the bag's order, and declarations not yet revealed --------------------------
    def hidden(self, state: CastellState, seat: int | None) -> Any:
        return {
            "bag_order": list(state.bag),
            "declarations": {
                str(s): t for s, t in sorted(state.declarations.items()) if s != seat
            },
        }

    def determinize(self, state: CastellState, seat: int | None, rng: Rng) -> CastellState:
        copy = state.clone()
        rng.shuffle(copy.bag)
        if copy.festival is not None:
            festival = copy.calendar[copy.festival]
            for other in copy.declarations:
                if other != seat:
                    tower = suggestion(copy.players[other], festival)
                    choice = rng.choice([None, tower])
                    copy.declarations[other] = (
                        None if choice is None else [list(level) for level in choice]
                    )
        return copy

    # --- bookkeeping ---------------------------------------------------------------------------
    def clone(self, state: CastellState) -> CastellState:
        return state.clone()

    def to_json(self, state: CastellState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> CastellState:
        return CastellState.from_json(data)

    # --- for people and bots -------------------------------------------------------------------
    def render(self, view: Mapping[str, Any]) -> str:
        return render.render(view)

    def describe_action(self, action: Action) -> str:
        return render.describe_action(action)

    def heuristic_action(self, state: CastellState, seat: int, rng: Rng) -> Action:
        return bot.choose(self, state, seat, rng)

    def evaluate(self, state: CastellState) -> list[float]:
        return evaluate_position(state)
