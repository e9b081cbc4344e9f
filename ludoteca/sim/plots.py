"""The report's plots, drawn with matplotlib's Agg backend (no display needed).

matplotlib is imported on the first picture, not with the module: it takes seconds to load,
and most commands draw nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

WIDTH, HEIGHT = 7.0, 3.6


@cache
def pyplot() -> Any:
    """matplotlib.pyplot, on the Agg backend."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def grouped_bars(
    path: Path,
    title: str,
    keys: Sequence[str],
    series: Mapping[str, Sequence[float]],
    errors: Mapping[str, Sequence[tuple[float, float]]] | None = None,
    ylabel: str = "",
) -> None:
    """One group of bars per key, one bar per series (option set); optional (lo, hi) errors."""
    fig, ax = pyplot().subplots(figsize=(WIDTH, HEIGHT))
    width = 0.8 / max(len(series), 1)
    for i, (label, values) in enumerate(series.items()):
        xs = [k + (i - (len(series) - 1) / 2) * width for k in range(len(keys))]
        yerr = None
        if errors and label in errors:
            yerr = [
                [max(0.0, v - lo) for v, (lo, _) in zip(values, errors[label], strict=True)],
                [max(0.0, hi - v) for v, (_, hi) in zip(values, errors[label], strict=True)],
            ]
        ax.bar(xs, values, width=width, label=label, yerr=yerr, capsize=3)
    ax.set_xticks(range(len(keys)), list(keys))
    _finish(fig, ax, path, title, ylabel, len(series) > 1)


def histograms(
    path: Path, title: str, series: Mapping[str, Sequence[float]], xlabel: str = ""
) -> None:
    """Overlaid distributions, one per series, on shared bins."""
    fig, ax = pyplot().subplots(figsize=(WIDTH, HEIGHT))
    pooled = [v for values in series.values() for v in values]
    low, high = min(pooled), max(pooled)
    integral = all(float(v).is_integer() for v in pooled)
    if integral and high - low <= 40:
        bins: int | list[float] = [low - 0.5 + i for i in range(int(high - low) + 2)]
    else:
        bins = 20
    for label, values in series.items():
        ax.hist(values, bins=bins, alpha=0.55 if len(series) > 1 else 0.9, label=label)
    ax.set_xlabel(xlabel)
    _finish(fig, ax, path, title, "matches", len(series) > 1)


def _finish(fig: Figure, ax: Axes, path: Path, title: str, ylabel: str, legend: bool) -> None:
    ax.set_title(title)
    ax.set_ylabel(ylabel)
    if legend:
        ax.legend(fontsize="small")
    fig.tight_layout()
    save_figure(fig, path)


def new_figure(width: float, height: float) -> tuple[Figure, Axes]:
    """A blank figure of that size in inches, with its axes."""
    figure: tuple[Figure, Axes] = pyplot().subplots(figsize=(width, height))
    return figure


def save_figure(fig: Figure, path: Path, tight: bool = False) -> None:
    """Write a figure as PNG at the reports' resolution and free it."""
    fig.savefig(path, dpi=90, bbox_inches="tight" if tight else None)
    pyplot().close(fig)
