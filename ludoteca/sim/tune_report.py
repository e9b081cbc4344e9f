"""The tuning report: `DIR/index.html` with PNG plots, `DIR/trials.json` and `DIR/trials.csv`.

It leads with the verdict (`ludoteca.sim.tune_verdict`): whether the search's best candidate
beat the starting settings (published, or the options given) on fresh seeds, both figures with
their 95% intervals, said plainly either way; then the candidate's settings, the finalists'
screening, how each parameter moved the objective over the trials, and how the search went.
"""

from __future__ import annotations

import csv
import html
import json
import math
from pathlib import Path
from typing import Any

from ludoteca.engine.options import options_to_json
from ludoteca.engine.tunables import Tunable
from ludoteca.sim.candidates import start_params
from ludoteca.sim.plots import pyplot, save_figure
from ludoteca.sim.tune import ROUND, Outcome
from ludoteca.sim.tune_verdict import verdict_text

COLUMNS = 3  # parameter plots per row


def write_tune_report(outcome: Outcome, out: Path) -> Path:
    """Write the report into `out` (created); the path of its index.html."""
    out.mkdir(parents=True, exist_ok=True)
    _write_trials(outcome, out)
    complete = [t for t in outcome.trials if t["state"] == "COMPLETE"]
    figures: list[tuple[str, str, str]] = []
    if outcome.remeasured:
        _remeasure_plot(outcome, out / "remeasured.png")
        figures.append(("Objective measured again on fresh seeds", "remeasured.png",
                        "Lower is better; bars are bootstrap 95% intervals over the matches."))
    if complete:
        _parameter_plots(outcome, complete, out / "parameters.png")
        figures.append(("How each parameter moved the objective", "parameters.png",
                        "Every finished trial (its own round's seeds); the dashed line is the "
                        "starting value, the star the best trial."))
        _search_plot(complete, out / "search.png")
        figures.append(("The search", "search.png",
                        "Each trial's objective in the order tried, and the best so far."))
    index = out / "index.html"
    index.write_text(_page(outcome, figures))
    return index


# --- the page -----------------------------------------------------------------------------------
def _page(outcome: Outcome, figures: list[tuple[str, str, str]]) -> str:
    search = outcome.search
    title = html.escape(search.game.title or search.game.name)
    what = f"the {search.tuned.bot} bot's parameters" if search.tuned else "the game's numbers"
    terms = ", ".join(f"{t.label} × {t.weight:g}" for t in search.terms)
    body = [
        f"<h1>{title}: balance tuning</h1>",
        f"<p>Searched {html.escape(what)} for {search.players} players, minimising "
        f"{html.escape(terms)}. {len(outcome.trials)} trials (Optuna TPE), "
        f"{search.games} matches each; the {ROUND} candidates of a round played the same seeds. "
        f"Bots: {html.escape(_bots(outcome))}; seed {search.seed}; study "
        f"<code>{html.escape(outcome.study)}</code> in "
        f"<code>{html.escape(str(outcome.storage))}</code>.</p>",
    ]
    given = options_to_json(search.options)
    if given != options_to_json(search.game.options()):
        body.append(f"<p>Starting options: <code>{html.escape(json.dumps(given))}</code>.</p>")
    body.append("<h2>Verdict</h2><p><strong>" + html.escape(verdict_text(
        outcome.trials, outcome.best, outcome.remeasured, outcome.verdict)) + "</strong></p>")
    body.append(_settings_table(outcome))
    if outcome.remeasured:
        body.append(_remeasure_table(outcome))
    if outcome.screened:
        body.append(_screening_table(outcome))
    for heading, name, note in figures:
        body.append(f"<h2>{html.escape(heading)}</h2><p>{html.escape(note)}</p>")
        body.append(f'<img src="{name}" alt="{html.escape(heading)}">')
    body.append("<h2>Parameters</h2><ul>")
    body.extend(f"<li>{html.escape(t.describe())}</li>" for t in search.tunables)
    body.append("</ul><p>Every trial: <a href='trials.csv'>trials.csv</a>, "
                "<a href='trials.json'>trials.json</a>.</p>")
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{title} balance tuning</title><style>"
        "body{font-family:sans-serif;max-width:60em;margin:2em auto}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;"
        "padding:.2em .5em}td.moved{font-weight:bold}"
        "</style></head><body>" + "\n".join(body) + "</body></html>\n"
    )


def _bots(outcome: Outcome) -> str:
    search = outcome.search
    if search.tuned is None:
        return ", ".join(b.name for b in search.bots)
    opponent = search.opponent
    return f"{search.tuned.name} tuned" + (f" against {opponent.name}" if opponent else "")


def _settings_table(outcome: Outcome) -> str:
    if outcome.best is None:
        return "<p>No candidate to compare with the start.</p>"
    start = start_params(outcome.search)
    rows = []
    for tunable in outcome.search.tunables:
        best = outcome.best["params"].get(tunable.name)
        moved = " class='moved'" if best != start[tunable.name] else ""
        rows.append(f"<tr><td>{html.escape(tunable.name)}</td><td>{_shown(start[tunable.name])}"
                    f"</td><td{moved}>{_shown(best)}</td></tr>")
    return ("<h2>The search's best candidate</h2><table><tr><th>parameter</th><th>start</th>"
            f"<th>candidate (trial {outcome.best['number']})</th></tr>{''.join(rows)}</table>")


def _remeasure_table(outcome: Outcome) -> str:
    start, best = outcome.remeasured["start"], outcome.remeasured["best"]
    rows = [
        f"<tr><td>{html.escape(t.label)} × {t.weight:g}<br><small>{html.escape(t.meaning)}"
        f"</small></td><td>{start.terms[t.label]:.3g}</td>"
        f"<td>{best.terms[t.label]:.3g}</td></tr>"
        for t in outcome.search.terms
    ]
    rows.append(
        f"<tr><th>objective [95%]</th><td>{start.loss:.3g} [{start.ci95[0]:.3g}, "
        f"{start.ci95[1]:.3g}]</td><td>{best.loss:.3g} [{best.ci95[0]:.3g}, "
        f"{best.ci95[1]:.3g}]</td></tr>"
    )
    search_value = outcome.best["value"] if outcome.best else math.nan
    return (
        f"<h2>Measured again on {best.matches} fresh matches each</h2>"
        f"<p>The search's own estimate of the candidate was {search_value:.3g}; the "
        "figures below come from new seeds, the same for both columns, that neither the "
        "search nor the screening played. Every term is a loss (lower is better); the "
        "objective is their weighted sum.</p>"
        f"<table><tr><th>objective</th><th>start</th><th>candidate</th></tr>{''.join(rows)}"
        "</table>"
    )


def _screening_table(outcome: Outcome) -> str:
    """The finalists and the start on the screening's fresh seeds."""
    rows = []
    for label, found in outcome.screened.items():
        trial = next((t for t in outcome.trials if f"trial {t['number']}" == label), None)
        settings = (", ".join(f"{k} {_shown(v)}" for k, v in trial["params"].items())
                    if trial else "the start's")
        search_value = f"{trial['value']:.3g}" if trial else "-"
        rows.append(f"<tr><td>{html.escape(label)}</td><td>{html.escape(settings)}</td>"
                    f"<td>{search_value}</td><td>{found.loss:.3g} [{found.ci95[0]:.3g}, "
                    f"{found.ci95[1]:.3g}]</td></tr>")
    return (
        "<h2>Screening</h2><p>The search's best distinct candidates (by its own figures) and "
        f"the start, on the same {next(iter(outcome.screened.values())).matches} fresh "
        "matches each; the lowest was chosen and measured once more above.</p>"
        "<table><tr><th></th><th>settings</th><th>search's figure</th>"
        f"<th>objective [95%]</th></tr>{''.join(rows)}</table>"
    )


def _shown(value: Any) -> str:
    return html.escape(f"{value:.3g}" if isinstance(value, float) else str(value))


# --- the data -----------------------------------------------------------------------------------
def _write_trials(outcome: Outcome, out: Path) -> None:
    search = outcome.search
    data = {
        "game": search.game.name,
        "players": search.players,
        "objectives": [{"label": t.label, "weight": t.weight} for t in search.terms],
        "parameters": [
            {"name": t.name, "kind": t.kind, "low": t.low, "high": t.high,
             "choices": list(t.choices) if t.choices else None, "published": t.published,
             "help": t.help}
            for t in search.tunables
        ],
        "bots": [b.name for b in search.bots],
        "tuned_bot": search.tuned.name if search.tuned else None,
        "games_per_trial": search.games,
        "seed": search.seed,
        "study": outcome.study,
        "best": outcome.best,
        "verdict": outcome.verdict.to_json() if outcome.verdict else None,
        "screened": {k: v.to_json() for k, v in outcome.screened.items()},
        "remeasured": {k: v.to_json() for k, v in outcome.remeasured.items()},
        "trials": outcome.trials,
    }
    (out / "trials.json").write_text(json.dumps(data, indent=2, default=_json_number) + "\n")
    names = [t.name for t in search.tunables]
    labels = [t.label for t in search.terms]
    with (out / "trials.csv").open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["trial", "state", "round", "objective", *names, *labels,
                         "repeat_of", "refused"])
        for trial in outcome.trials:
            writer.writerow([
                trial["number"], trial["state"], trial["round"], trial["value"],
                *(trial["params"].get(n) for n in names),
                *(trial["terms"].get(label) for label in labels),
                "" if trial["repeat_of"] is None else trial["repeat_of"],
                trial["refused"] or "",
            ])


def _json_number(value: Any) -> Any:
    return None if isinstance(value, float) and math.isnan(value) else str(value)


# --- the plots ----------------------------------------------------------------------------------
def _parameter_plots(outcome: Outcome, trials: list[dict[str, Any]], path: Path) -> None:
    tunables = outcome.search.tunables
    rows = math.ceil(len(tunables) / COLUMNS)
    columns = min(COLUMNS, len(tunables))
    fig, axes = pyplot().subplots(
        rows, columns, figsize=(3.4 * columns, 2.6 * rows), squeeze=False
    )
    best = outcome.best
    start = start_params(outcome.search)
    for i, tunable in enumerate(tunables):
        ax = axes[i // COLUMNS][i % COLUMNS]
        _parameter_plot(ax, tunable, trials, best, start[tunable.name])
    for j in range(len(tunables), rows * columns):
        axes[j // COLUMNS][j % COLUMNS].axis("off")
    fig.tight_layout()
    save_figure(fig, path)


def _parameter_plot(
    ax: Any, tunable: Tunable, trials: list[dict[str, Any]], best: Any, start: Any
) -> None:
    def position(value: Any) -> float:
        if tunable.choices is not None:
            return float(list(tunable.choices).index(value))
        return float(value)

    xs = [position(t["params"][tunable.name]) for t in trials if tunable.name in t["params"]]
    ys = [t["value"] for t in trials if tunable.name in t["params"]]
    ax.scatter(xs, ys, s=14, alpha=0.6)
    ax.axvline(position(start), color="grey", linestyle="--", linewidth=1)
    if best is not None and tunable.name in best["params"]:
        ax.scatter([position(best["params"][tunable.name])], [best["value"]], marker="*",
                   s=140, color="crimson", zorder=3)
    if tunable.choices is not None:
        ax.set_xticks(range(len(tunable.choices)), [str(c) for c in tunable.choices])
        ax.set_xlim(-0.5, len(tunable.choices) - 0.5)
    ax.set_title(tunable.name, fontsize="medium")
    ax.set_ylabel("objective", fontsize="small")
    ax.tick_params(labelsize="small")


def _search_plot(trials: list[dict[str, Any]], path: Path) -> None:
    fig, ax = pyplot().subplots(figsize=(7.0, 3.2))
    numbers = [t["number"] for t in trials]
    values = [t["value"] for t in trials]
    running = [min(values[: i + 1]) for i in range(len(values))]
    ax.scatter(numbers, values, s=14, alpha=0.6, label="trial")
    ax.step(numbers, running, where="post", color="crimson", label="best so far")
    ax.set_xlabel("trial")
    ax.set_ylabel("objective")
    ax.set_title("Objective by trial")
    ax.legend(fontsize="small")
    fig.tight_layout()
    save_figure(fig, path)


def _remeasure_plot(outcome: Outcome, path: Path) -> None:
    fig, ax = pyplot().subplots(figsize=(5.0, 3.0))
    # the confirmation's figures: the start and the candidate chosen
    found = [outcome.remeasured[label] for label in ("start", "best")]
    values = [m.loss for m in found]
    errors = [[max(0.0, m.loss - m.ci95[0]) for m in found],
              [max(0.0, m.ci95[1] - m.loss) for m in found]]
    ax.bar(["start", "candidate"], values, yerr=errors, capsize=6, color=["#8a8a8a", "#3b75af"])
    ax.set_ylabel("objective (lower is better)")
    ax.set_title(f"On {found[0].matches} fresh matches each (95% interval)")
    fig.tight_layout()
    save_figure(fig, path)
