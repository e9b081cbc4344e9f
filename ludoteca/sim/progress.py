"""Progress of a batch of matches: a Rich progress bar on a terminal; off a terminal (output
sent to a file, a log, a pipe), a line every few seconds with what is done of the total and an
estimate of the time left, so that a long run sent to a file is not silent for minutes."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

# Seconds between two lines off a terminal.
LINE_SECONDS = 5.0


@contextmanager
def progress_bar(description: str, total: int) -> Iterator[Callable[[], None]]:
    """Yields `advance()`, to call once per finished match."""
    console = Console(stderr=True)
    if not console.is_terminal:
        lines = ProgressLines(description, total, sys.stderr)
        try:
            yield lines.advance
        finally:
            lines.finish()
        return
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
    ) as progress:
        task = progress.add_task(description, total=total)
        yield lambda: progress.advance(task)


class ProgressLines:
    """Progress as plain lines: `advance()` once per finished match writes a line when
    `every` seconds have passed since the last one; the time left is the time so far per match
    times the matches left."""

    def __init__(self, description: str, total: int, out: TextIO, every: float = LINE_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.description, self.total, self.out = description, total, out
        self.every, self.clock = every, clock
        self.done = 0
        self.told = -1  # the matches done at the last line (-1: no line yet)
        self.started = self.last = clock()

    def advance(self) -> None:
        """One more match done; a line if it is time for one."""
        self.done += 1
        if self.clock() - self.last >= self.every:
            self.write()

    def finish(self) -> None:
        """The last line, once the batch ends (or is interrupted): where lines came before and
        more is done since, or where the batch took longer than a line's interval."""
        if (self.told >= 0 and self.done != self.told) or (
                self.told < 0 and self.clock() - self.started >= self.every):
            self.write()

    def write(self) -> None:
        """What is done of the total, the time so far and an estimate of the time left."""
        now = self.clock()
        self.last, self.told = now, self.done
        spent = now - self.started
        share = f" ({100 * self.done / self.total:.0f}%)" if self.total else ""
        line = f"{self.description}: {self.done}/{self.total} done{share}, {duration(spent)} so far"
        if 0 < self.done < self.total:
            line += f", about {duration(spent / self.done * (self.total - self.done))} left"
        print(line, file=self.out, flush=True)


def duration(seconds: float) -> str:
    """A span of time as a person reads it: 42 s, 3 min 05 s, 1 h 02 min."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"
