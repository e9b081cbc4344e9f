"""The balance report: `DIR/index.html` with PNG plots, and `DIR/results.json`.

Every report has win rate by seat or team (with 95% intervals), score distributions and game
length (and, for a real-time game, its length in simulated seconds); then the game's own sections
(`Game.report_sections`). A sweep shows its option sets side by side in every plot.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from ludoteca.engine.result import ReportSection
from ludoteca.sim.figures import grouped, mean, pooled
from ludoteca.sim.plots import grouped_bars, histograms
from ludoteca.sim.study import Config, Study


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def side_label(configs: list[Config]) -> str:
    """What a side is called: a team when sides have several seats (`Game.teams`)."""
    records = (r for c in configs for r in c.records)
    return "team" if any(len(seats) > 1 for r in records for seats in r["teams"]) else "seat"


def _general_plots(configs: list[Config], out: Path) -> list[tuple[str, str]]:
    seat = side_label(configs)
    count = len(configs[0].seat_win_rates())
    keys = [f"{seat} {t + 1}" for t in range(count)]
    grouped_bars(
        out / "win-rate-by-seat.png",
        f"Win rate by {seat} (95% Wilson interval)",
        keys,
        {c.label: [r for r, _ in c.seat_win_rates()] for c in configs},
        {c.label: [ci for _, ci in c.seat_win_rates()] for c in configs},
        ylabel="win rate",
    )
    histograms(
        out / "scores.png",
        f"Score distribution (every {seat})",
        {c.label: [s for seat_scores in c.scores() for s in seat_scores] for c in configs},
        xlabel="score",
    )
    histograms(
        out / "game-length.png",
        "Game length",
        {c.label: [float(n) for n in c.lengths()] for c in configs},
        xlabel="actions",
    )
    figures = [
        (f"Win rate by {seat}", "win-rate-by-seat.png"),
        ("Score distribution", "scores.png"),
        ("Game length", "game-length.png"),
    ]
    if any(r["seconds"] for c in configs for r in c.records):  # a real-time game's clock
        histograms(
            out / "game-seconds.png",
            "Game length in simulated seconds",
            {c.label: [float(r["seconds"]) for r in c.records] for c in configs},
            xlabel="simulated seconds",
        )
        figures.append(("Game length in simulated seconds", "game-seconds.png"))
    return figures


def _section_plot(section: ReportSection, values: dict[str, list[Any]], out: Path) -> str | None:
    """Draw one game section from its values per option set; None when no match reports it."""
    if not any(values.values()):
        return None
    name = f"section-{_slug(section.title)}.png"
    if section.plot == "bars":
        groups = {label: grouped(found) for label, found in values.items()}
        keys = sorted({k for g in groups.values() for k in g}, key=_natural)
        if not keys:
            return None
        series = {label: [mean(g.get(k, [])) for k in keys] for label, g in groups.items()}
        grouped_bars(out / name, section.title, keys, series, ylabel="mean")
    else:
        numbers = {label: pooled(found) for label, found in values.items()}
        numbers = {label: nums for label, nums in numbers.items() if nums}
        if not numbers:
            return None
        histograms(out / name, section.title, numbers)
    return name


def _natural(key: str) -> tuple[int, float, str]:
    try:
        return (0, float(key), key)
    except ValueError:
        return (1, 0.0, key)


def _table(study: Study, configs: list[Config]) -> str:
    seat = side_label(configs)
    rows = []
    for config in configs:
        summary = config.summary(study.sections)
        rates = ", ".join(
            f"{r:.0%} [{lo:.0%}–{hi:.0%}]"
            for r, (lo, hi) in zip(summary["seat_win_rate"], summary["seat_ci95"], strict=True)
        )
        scores = ", ".join(f"{s:.1f}" for s in summary["mean_score_by_seat"])
        rows.append(
            f"<tr><td>{html.escape(config.label)}</td><td>{summary['matches']}</td>"
            f"<td>{rates}</td><td>{scores}</td><td>{summary['mean_length']:.1f}</td></tr>"
        )
    return (
        f"<table><tr><th>options</th><th>matches</th><th>win rate by {seat} [95%]</th>"
        f"<th>mean score by {seat}</th><th>mean actions</th></tr>{''.join(rows)}</table>"
    )


def write_report(study: Study, out: Path) -> Path:
    """Write the report into `out` (created); the path of its index.html. Option sets with no
    finished match (a study interrupted early) are left out of the plots."""
    configs = [c for c in study.configs if c.records]
    if not configs:
        raise ValueError("the study has no finished match to report")
    out.mkdir(parents=True, exist_ok=True)
    figures = _general_plots(configs, out)
    missing: list[str] = []
    section_values = {c.label: c.section_values(study.sections) for c in configs}
    for section in study.sections:
        values = {label: found[section.title] for label, found in section_values.items()}
        name = _section_plot(section, values, out)
        if name is None:
            missing.append(section.title)
        else:
            figures.append((section.title, name))
    notes = {s.title: s.note for s in study.sections}
    title = html.escape(study.title)
    body = [
        f"<h1>{title}: balance report</h1>",
        f"<p>{study.players} players, {study.games} matches per option set, bots "
        f"{html.escape(', '.join(study.bots))}, seed {study.seed}. Shared wins count as a "
        "fraction. Every option set replays the same match seeds.</p>",
    ]
    if study.interrupted:
        body.append(
            "<p><strong>Interrupted:</strong> this report counts only the matches finished "
            "before the study was stopped.</p>"
        )
    body.append(_table(study, configs))
    for heading, name in figures:
        note = notes.get(heading, "")
        body.append(f"<h2>{html.escape(heading)}</h2>")
        if note:
            body.append(f"<p>{html.escape(note)}</p>")
        body.append(f'<img src="{name}" alt="{html.escape(heading)}">')
    if missing:
        body.append(
            "<p>Not reported by this game's results, so left out: "
            + html.escape(", ".join(missing))
            + ".</p>"
        )
    page = (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{title} balance report</title><style>"
        "body{font-family:sans-serif;max-width:60em;margin:2em auto}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em}"
        "</style></head><body>" + "\n".join(body) + "</body></html>\n"
    )
    index = out / "index.html"
    index.write_text(page)
    data: dict[str, Any] = study.to_json()
    data["omitted_sections"] = missing
    (out / "results.json").write_text(json.dumps(data, indent=2) + "\n")
    return index
