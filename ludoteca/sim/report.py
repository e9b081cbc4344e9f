"""The balance report: `DIR/index.html` with PNG plots, and `DIR/results.json`.

Every report has win rate by seat (with 95% intervals), score distributions and game length; then
the game's own sections (`ludoteca.sim.sections.<game>`). A sweep shows its option sets side by
side in every plot.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from ludoteca.sim.plots import grouped_bars, histograms
from ludoteca.sim.sections import Section, grouped, pooled, sections_for
from ludoteca.sim.study import Study


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def _seat_label(study: Study) -> str:
    """What a team is called: a crew when teams have several seats (`ludoteca.sim.teams`)."""
    records = (r for c in study.configs for r in c.records)
    return "crew" if any(len(seats) > 1 for r in records for seats in r["teams"]) else "seat"


def _general_plots(study: Study, out: Path) -> list[tuple[str, str]]:
    seat = _seat_label(study)
    count = len(study.configs[0].seat_win_rates())
    keys = [f"{seat} {t + 1}" for t in range(count)]
    grouped_bars(
        out / "win-rate-by-seat.png",
        f"Win rate by {seat} (95% Wilson interval)",
        keys,
        {c.label: [r for r, _ in c.seat_win_rates()] for c in study.configs},
        {c.label: [ci for _, ci in c.seat_win_rates()] for c in study.configs},
        ylabel="win rate",
    )
    histograms(
        out / "scores.png",
        "Score distribution (every seat)",
        {c.label: [s for seat_scores in c.scores() for s in seat_scores] for c in study.configs},
        xlabel="score",
    )
    histograms(
        out / "game-length.png",
        "Game length",
        {c.label: [float(n) for n in c.lengths()] for c in study.configs},
        xlabel="actions",
    )
    return [
        (f"Win rate by {seat}", "win-rate-by-seat.png"),
        ("Score distribution", "scores.png"),
        ("Game length", "game-length.png"),
    ]


def _section_plot(section: Section, values: dict[str, list[Any]], out: Path) -> str | None:
    """Draw one game section from its values per option set; None when no match reports it."""
    if not any(values.values()):
        return None
    name = f"section-{_slug(section.title)}.png"
    if section.plot == "bars":
        groups = {label: grouped(found) for label, found in values.items()}
        keys = sorted({k for g in groups.values() for k in g}, key=_natural)
        if not keys:
            return None
        series = {
            label: [sum(g.get(k, [])) / len(g[k]) if g.get(k) else 0.0 for k in keys]
            for label, g in groups.items()
        }
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


def _table(study: Study) -> str:
    seat = _seat_label(study)
    rows = []
    for config in study.configs:
        summary = config.summary(study.game)
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
    """Write the report into `out` (created); the path of its index.html."""
    out.mkdir(parents=True, exist_ok=True)
    figures = _general_plots(study, out)
    missing: list[str] = []
    section_values = {c.label: c.section_values(study.game) for c in study.configs}
    for section in sections_for(study.game):
        values = {label: found[section.title] for label, found in section_values.items()}
        name = _section_plot(section, values, out)
        if name is None:
            missing.append(section.title)
        else:
            figures.append((section.title, name))
    notes = {s.title: s.note for s in sections_for(study.game)}
    body = [
        f"<h1>{html.escape(study.game)}: balance report</h1>",
        f"<p>{study.players} players, {study.games} matches per option set, bots "
        f"{html.escape(', '.join(study.bots))}, seed {study.seed}. Shared wins count as a "
        "fraction. Every option set replays the same match seeds.</p>",
        _table(study),
    ]
    for title, name in figures:
        note = notes.get(title, "")
        body.append(f"<h2>{html.escape(title)}</h2>")
        if note:
            body.append(f"<p>{html.escape(note)}</p>")
        body.append(f'<img src="{name}" alt="{html.escape(title)}">')
    if missing:
        body.append(
            "<p>Not reported by this game's results, so left out: "
            + html.escape(", ".join(missing))
            + ".</p>"
        )
    page = (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{html.escape(study.game)} balance report</title><style>"
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
