"""The end of a Ligretto match: the most points wins, a tie is shared [D-12]; the per-round
breakdown in `Result.details`, and the game's sections of a balance report over it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.codec import encode
from ludoteca.engine.result import Measure, ReportSection, Result, competition_ranks
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.state import Ending, LigrettoState, RoundRecord


def result(state: LigrettoState) -> Result:
    scores = [p.score for p in state.players]
    return Result(tuple(float(s) for s in scores), competition_ranks(scores),
                  result_details(state))


def result_details(state: LigrettoState) -> dict[str, Any]:
    """The per-round breakdown and what a balance report needs."""
    history = state.history
    turned = sum(sum(h.turned) for h in history)
    fit_sum = sum(sum(h.fits) for h in history)
    return {
        "colours": state.colours,
        "rounds_played": len(history),
        "rounds": [encode(h) for h in history],
        "round_winners": [list(h.winners) for h in history],
        "tiles_left": [list(h.tiles_left) for h in history],
        "jokers_used": [list(h.jokers_used) for h in history],
        "stuck_rounds": sum(1 for h in history if h.ending is Ending.STUCK),
        "endings": {e.value: sum(1 for h in history if h.ending is e) for e in Ending},
        "fits_per_turned_tile": fit_sum / turned if turned else 0.0,
        "individual_boards": [list(p.aside) for p in state.players],
        "scores": [p.score for p in state.players],
        "categories": categories(state.history, len(state.players)),
    }


def categories(history: list[RoundRecord], players: int) -> list[dict[str, int]]:
    """Each player's points by how they were scored: rounds won (2 points each) and rounds with
    the fewest tiles left among the others (1 point each)."""
    rows = []
    for seat in range(players):
        won = sum(data.WINNER_POINTS for r in history if seat in r.winners)
        fewest = sum(r.points[seat] for r in history if seat not in r.winners)
        rows.append({"rounds_won": won, "fewest_tiles": fewest, "total": won + fewest})
    return rows


# --- the balance report's sections ---------------------------------------------------------------
def losers_tiles_left(details: Mapping[str, Any]) -> list[int]:
    return [
        left
        for record in details["rounds"]
        for seat, left in enumerate(record["tiles_left"])
        if seat not in record["winners"]
    ]


def round_wins_by_seat(details: Mapping[str, Any]) -> dict[str, int]:
    """Rounds each seat won in the match (shared wins count for each winner)."""
    wins = {f"seat {seat}": 0 for seat in range(len(details["scores"]))}
    for winners in details["round_winners"]:
        for seat in winners:
            wins[f"seat {seat}"] += 1
    return wins


def stuck_share(details: Mapping[str, Any]) -> float:
    """The share of the match's rounds that ended with nobody able to place [D-10]."""
    return float(details["stuck_rounds"]) / float(details["rounds_played"])


def fits_by_colours(details: Mapping[str, Any]) -> dict[str, float]:
    return {f"{details['colours']} colours": float(details["fits_per_turned_tile"])}


def report_sections() -> list[ReportSection]:
    """What losers are left holding, jokers (2 a round [D-13]), stuck rounds [D-10], round wins
    by seat, and how often a turned tile fits somewhere, by number of colours [D-2] (run a sweep
    over `colours` to compare 4, 5 and 6)."""
    return [
        ReportSection(
            "Tiles left",
            ("tiles_left",),
            note="Tiles every player still held at the end of each round (winners included).",
        ),
        ReportSection(
            "Tiles left by the round's losers",
            compute=losers_tiles_left,
            note="The band the balance checks watch.",
        ),
        ReportSection(
            "Jokers used", ("jokers_used",), note="Jokers a player used in a round (of 2)."
        ),
        ReportSection(
            "Stuck rounds", ("stuck_rounds",), note="Rounds per match that ended with no fit."
        ),
        ReportSection(
            "Share of stuck rounds",
            compute=stuck_share,
            note="Rounds that ended with no fit, per match; the balance checks want under 5%.",
        ),
        ReportSection(
            "Round endings", ("endings",), plot="bars", note="Mean rounds per match by ending."
        ),
        ReportSection(
            "Round wins by seat",
            plot="bars",
            compute=round_wins_by_seat,
            note="Mean rounds won per match by seat (a shared win counts for each winner); "
            "the balance checks bound their spread with a chi-square test.",
        ),
        ReportSection(
            "Fits per turned tile by colour count",
            plot="bars",
            compute=fits_by_colours,
            note="Legal placements per turned tile, per match.",
        ),
    ]


def measures() -> list[Measure]:
    """What a balance search may aim at besides fairness: few stuck rounds [D-10]."""
    return [
        Measure(
            "stuck-share",
            "share of a match's rounds that ended with no fit (the balance checks want under 5%)",
            "low",
            stuck_share,
        )
    ]
