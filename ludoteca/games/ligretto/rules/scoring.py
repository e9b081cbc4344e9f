"""Scoring a round: the winners take 2 points, the fewest tiles left among the others 1."""

from __future__ import annotations

from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.state import Ending, LigrettoState


def round_winners(state: LigrettoState, ending: Ending) -> list[int]:
    """The player who went out ("Il primo giocatore che posiziona correttamente sul tabellone
    tutte le sue tessere ... vince il round"), or those who placed most tiles, jokers not
    counted ("vince il round il giocatore che è riuscito a posizionare il maggior numero di
    tessere") [D-10] [D-14]."""
    players = state.players
    if ending is Ending.LIGRETTO:
        return [s for s, p in enumerate(players) if p.held() == 0]
    most = max(p.placed for p in players)
    return [s for s, p in enumerate(players) if p.placed == most]


def score_round(state: LigrettoState, ending: Ending) -> tuple[list[int], list[int], list[int]]:
    """Points of the round, its winners, and the seats that may set tiles aside: the winners
    get 2, the fewest tiles held among the others 1 ("In caso di pareggio tutto i giocatori
    che hanno pareggiato prendono un gettone da 1 punto"), the rest may set tiles aside;
    "se si gioca in due, solo il giocatore che ha chiuso il round riceve i punti"."""
    n = len(state.players)
    winners = round_winners(state, ending)
    points = [data.WINNER_POINTS if s in winners else 0 for s in range(n)]
    others = [s for s in range(n) if s not in winners]
    fewest: list[int] = []
    if n > 2 and others:  # with 2 players only the winner scores
        least = min(state.players[s].held() for s in others)
        fewest = [s for s in others if state.players[s].held() == least]
        for s in fewest:
            points[s] = data.FEWEST_POINTS
    setters = [s for s in others if s not in fewest]
    return points, winners, setters
