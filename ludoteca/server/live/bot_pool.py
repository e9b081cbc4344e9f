"""Where every bot of this process thinks, shared fairly between matches.

Searches (and the explanations of finished matches, which are searches too) run in
`config.bot_threads` worker processes of their own, at a lower priority than the server: a
search holds no lock the server needs (threads of this process would hold the interpreter's,
which the event loop then waited for at every turn: a heuristic bot's 2 ms answer took 11 ms
while four matches searched), and the lobby's database calls, in the event loop's default
threads, never wait behind one. Each match has its own queue: a free worker takes the first
search of the match whose last turn was longest ago, so ten matches searching at the caps make
another match's search wait for one turn, not behind their queues (a plain first-come queue
once made a heuristic bot of another match wait 5.2 s for a move it finds in 0.02 s).

Bots that do not search (random, heuristic: milliseconds a move) never wait for a search: they
have a thread of their own. Every search is bounded by the server's cap of seconds of CPU a move
(`config.bot_max_seconds`), whatever iterations its spec asks for, so a turn of the workers
never lasts longer than that.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ludoteca.bots.base import Bot
from ludoteca.bots.mcts import MctsBot
from ludoteca.engine.actions import Action
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.games import load_game

T = TypeVar("T")


SEARCH_NICENESS = 10  # the workers' priority below the server's: searches take what is left


ORPHAN_CHECK_SECONDS = 1.0


def _start_worker() -> None:
    """A worker's start: a lower priority, and a watch that ends it once the server is gone. A
    server killed outright (kill -9, out of memory) never tells its pool to stop, and the
    workers, children started afresh, outlived it for good (idle, holding their memory)."""
    os.nice(SEARCH_NICENESS)
    server = os.getppid()
    threading.Thread(target=_end_when_orphaned, args=(server,), daemon=True,
                     name="orphan-watch").start()


def _end_when_orphaned(server: int) -> None:
    while os.getppid() == server:
        time.sleep(ORPHAN_CHECK_SECONDS)
    os._exit(0)  # the server is gone: nobody waits for this worker's answers


def search_processes(workers: int) -> Executor:
    """The searches' workers: processes started afresh (not forked from a server holding
    threads and sockets), at a lower priority, each ending once the server is gone."""
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker)


GameRef = Game[Any] | str


def portable(game: Game[Any]) -> GameRef:
    """What a worker receives for `game`: a registered game's name (its rule tables hold
    functions no process can receive; the worker loads its own), else the game itself (a game
    made for a test)."""
    try:
        registered = load_game(game.name)
    except ValueError:
        return game
    return game.name if type(registered) is type(game) else game


def unpacked(game: GameRef) -> Game[Any]:
    return load_game(game) if isinstance(game, str) else game


def _choose(bot: Bot, game: GameRef, state: Any, seat: int, rng: Rng) -> tuple[Action, Bot]:
    """The move, and the bot as it is after choosing it: a worker process chose with a copy,
    whose notes (what it saw of the match) go back to the match's own bot."""
    return bot.choose(unpacked(game), state, seat, rng), bot


@dataclass
class _Search:
    work: Callable[..., Any]
    args: tuple[Any, ...]
    done: asyncio.Future[Any] = field(default_factory=lambda: asyncio.get_running_loop()
                                      .create_future())


class BotPool:
    def __init__(self, threads: int, cpu_seconds: float | None = None,
                 workers: Callable[[int], Executor] = search_processes) -> None:
        self.threads = threads
        self.cpu_seconds = cpu_seconds  # what one search may spend (None: what it asks)
        self.workers = workers  # makes the searches' executor (tests: threads)
        self._searches: Executor | None = None
        self._quick: ThreadPoolExecutor | None = None
        # Each match's searches waiting for a thread, and its searches under way.
        self._waiting: dict[str, deque[_Search]] = {}
        self._running: Counter[str] = Counter()
        # When each match waiting or searching last had a turn (a count of turns given): the
        # next turn goes to the one whose last was longest ago.
        self._last_turn: dict[str, int] = {}
        self._turns = 0
        # Told how long each move took, from being asked to the answer (the metrics).
        self.on_move: Callable[[float], None] = lambda seconds: None

    @property
    def running(self) -> int:
        """Searches in the threads now."""
        return sum(self._running.values())

    @property
    def waiting(self) -> int:
        """Searches waiting for a thread now."""
        return sum(len(queue) for queue in self._waiting.values())

    async def choose(self, bot: Bot, game: Game[Any], state: Any, seat: int, rng: Rng,
                     match: str = "") -> Action:
        """The bot's move for `seat` (the bot reads `state` through `determinize` only);
        a search takes its turn among `match`'s, and other matches' searches."""
        began = time.perf_counter()
        action = await self._choose(bot, game, state, seat, rng, match)
        self.on_move(time.perf_counter() - began)
        return action

    async def _choose(self, bot: Bot, game: Game[Any], state: Any, seat: int, rng: Rng,
                      match: str) -> Action:
        if not isinstance(bot, MctsBot):
            if self._quick is None:
                self._quick = ThreadPoolExecutor(1, thread_name_prefix="bot-quick")
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._quick, bot.choose, game, state, seat, rng)
        self.cap(bot)
        action, after = await self.search(match, _choose, bot, portable(game), state, seat, rng)
        if after is not bot:  # the worker's copy: its notes of the match are the bot's now
            vars(bot).update(vars(after))
        return action

    def cap(self, bot: MctsBot) -> None:
        """Bound `bot`'s searches by the server's seconds of CPU a move."""
        if self.cpu_seconds is not None:
            bot.cpu_seconds = self.cpu_seconds

    async def search(self, match: str, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` (a search: a function and arguments a worker process receives) in
        the searches' workers, in `match`'s turn."""
        job = _Search(work, args)
        self._waiting.setdefault(match, deque()).append(job)
        self._dispatch()
        result: T = await job.done  # cancelled with the caller: skipped if not started
        return result

    def _dispatch(self) -> None:
        """Start waiting searches while a thread is free: the first of the match whose last
        turn was longest ago (one that never had one first, in the order they came)."""
        while self.running < self.threads and self._waiting:
            match = min(self._waiting, key=lambda m: self._last_turn.get(m, -1))
            queue = self._waiting[match]
            job = queue.popleft()
            if not queue:
                del self._waiting[match]
            if job.done.cancelled():  # nobody waits for it any more (the match moved on)
                self._forget(match)
                continue
            self._turns += 1
            self._last_turn[match] = self._turns
            self._start(match, job)

    def _forget(self, match: str) -> None:
        """A match neither waiting nor searching needs no turn kept."""
        if match not in self._waiting and not self._running[match]:
            self._last_turn.pop(match, None)
            self._running.pop(match, None)

    def _start(self, match: str, job: _Search) -> None:
        if self._searches is None:
            self._searches = self.workers(self.threads)
        self._running[match] += 1
        running = asyncio.get_running_loop().run_in_executor(self._searches, job.work,
                                                             *job.args)

        def finished(future: asyncio.Future[Any]) -> None:
            self._running[match] -= 1
            if not job.done.done():
                if future.cancelled():
                    job.done.cancel()
                elif future.exception() is not None:
                    if isinstance(future.exception(), BrokenProcessPool):
                        self._searches = None  # a worker died (killed): new ones next time
                    job.done.set_exception(future.exception())  # type: ignore[arg-type]
                else:
                    job.done.set_result(future.result())
            self._forget(match)
            self._dispatch()

        running.add_done_callback(finished)

    def close(self) -> None:
        for executor in (self._searches, self._quick):
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)
