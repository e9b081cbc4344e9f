"""A Rich progress bar around a batch of matches; quiet (no live redraw) off a terminal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


@contextmanager
def progress_bar(description: str, total: int) -> Iterator[Callable[[], None]]:
    """Yields `advance()`, to call once per finished match."""
    console = Console(stderr=True)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task(description, total=total)
        yield lambda: progress.advance(task)
