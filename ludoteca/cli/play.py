"""`ludoteca play GAME`: play in the terminal against bots.

The human's seat sees only its own view; every other seat (a role beyond the players included)
is played by `HeuristicBot`, which only ever reads a state determinized for its seat.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from ludoteca.bots.simple import HeuristicBot
from ludoteca.cli import common
from ludoteca.engine import Event, IllegalAction, Match, Rng, visible_events
from ludoteca.engine.game import Game


def play(
    game_name: str = typer.Argument(..., metavar="GAME", help="The game (see `ludoteca games`)."),
    players: int | None = typer.Option(None, "--players", "-p", help="Number of players."),
    seat: int = typer.Option(0, "--seat", "-s", help="Your seat (0 is the first player)."),
    seed: int = typer.Option(1, "--seed", help="Seed of the match (same seed, same match)."),
    option: list[str] = typer.Option([], "--option", "-o", help="A game option, KEY=VALUE."),
    save: Path | None = typer.Option(
        None, "--save", help="Write the match log here when you leave or the match ends."
    ),
    watch: bool = typer.Option(
        False, "--watch", help="Bots take every seat; watch as a spectator."
    ),
) -> None:
    """Play GAME in the terminal against bots: pick actions by number, q (or Ctrl-C) to leave."""
    game = common.game_named(game_name)
    count = common.player_count(game, players)
    options = common.game_options(game, option)
    common.seed_in_range(seed, "--seed")
    if save is not None:
        common.output_file(save, "--save")
    match = common.checked(lambda: Match.new(game, count, seed, options))
    seats = game.seats(match.state)
    if not watch and seat not in seats:
        common.fail(f"seat {seat} does not exist; choose one of {seats}")
    Session(game, match, None if watch else seat).run()
    if save is not None:
        save.write_text(json.dumps(match.to_json(), indent=1))
        typer.echo(f"match saved to {save}")


class Session:
    """One terminal player against bots."""

    def __init__(self, game: Game[Any], match: Match, seat: int | None) -> None:
        self.game = game
        self.match = match
        self.seat = seat
        self.rng = Rng(match.seed ^ 0x5EED)
        self.bot = HeuristicBot()

    def run(self) -> None:
        game, state = self.game, self.match.state
        try:
            while not game.is_over(state):
                for bot in sorted(game.actors(state) - {self.seat}):
                    if bot in game.actors(state):  # an earlier bot may have changed who acts
                        self.act(bot, self.bot_action(bot))
                if self.seat in game.actors(state) and not self.human_turn():
                    typer.echo("You left the match.")
                    return
        except (KeyboardInterrupt, typer.Abort):  # Ctrl-C: leave, keeping the log
            typer.echo("\nYou left the match.")
            return
        result = game.result(state)
        typer.echo(game.render(game.view(state, self.seat)))
        typer.echo("\n".join(game.describe_result(result, self.seat)))

    def bot_action(self, seat: int) -> Any:
        return self.bot.choose(self.game, self.match.state, seat, self.rng.fork())

    def act(self, seat: int, action: Any) -> None:
        events = self.match.apply(seat, action)
        for event in visible_events(events, self.seat):
            typer.echo(f"  seat {seat}: {describe_event(event)}")

    def human_turn(self) -> bool:
        game, state, seat = self.game, self.match.state, self.seat
        assert seat is not None  # a spectator never takes a turn
        actions = game.legal_actions(state, seat)
        # Where others may act too (simultaneous steps, real time, chat), the human may wait.
        may_wait = bool(game.actors(state) - {seat})
        typer.echo(game.render(game.view(state, seat)))
        if may_wait:
            typer.echo("    0. wait for the others")
        for number, action in enumerate(actions, start=1):
            typer.echo(f"  {number:>3}. {game.describe_action(action)}")
        lowest = 0 if may_wait else 1
        while True:
            answer = typer.prompt(f"Your move ({lowest}-{len(actions)}, q to quit)").strip()
            if answer.lower() in ("q", "quit", "exit"):
                return False
            if may_wait and answer == "0":
                return True
            if answer.isdigit() and 1 <= int(answer) <= len(actions):
                try:
                    self.act(seat, actions[int(answer) - 1])
                    return True
                except IllegalAction as exc:  # someone got there first (real time)
                    typer.echo(f"Not possible any more: {exc}")
                    return True
            if self.typed_action(seat, answer):
                return True
            typer.echo(
                f"Please type a number from {lowest} to {len(actions)}, an action written out "
                "where the game allows it (the rules page says how), or q to quit."
            )

    def typed_action(self, seat: int, text: str) -> bool:
        """Apply an action the player wrote out (a Castell tower as levels); False when the
        text is not one."""
        try:
            action = self.game.parse_action_text(self.match.state, seat, text)
            if action is None:
                return False
            self.act(seat, action)
        except IllegalAction as exc:
            typer.echo(f"Not possible: {exc}")
        return True


def describe_event(event: Event) -> str:
    details = ", ".join(f"{k}={v}" for k, v in event.data.items())
    return f"{event.kind} {details}".strip()
