"""The workload of phase 1: what each player (and the automaton) owes, who may be helped, and when
the ship is restored.

"Ogni giocatore ha il carico personale di lavoro equivalente ad aggiustare la nave tre volte, ma
dopo aver completato il suo carico di 3 aggiustamenti (mettendo i 3 legni in orizzontale) può
aiutare ogni compagno di ciurma una volta (mettendo il legno a puntare quel compagno)."
"""

from __future__ import annotations

from ludoteca.games.ciurme.data import AUTOMATON, LOAD, MEEPLE_COLOURS
from ludoteca.games.ciurme.state import CiurmeState, Crew


def load(crew: Crew, target: int) -> int:
    """Own horizontal pieces plus every piece pointing at `target` (AUTOMATON included): "ogni
    giocatore deve contare non solo i propri legni, ma anche quelli che lo puntano"."""
    return [aimed for _, _, aimed in crew.pieces].count(target)


def owed(state: CiurmeState, crew: Crew, target: int) -> int:
    if target == AUTOMATON:  # [D-16] the automaton owes a load that only help fills
        return state.options.automaton_load if has_automaton(crew) else 0
    return LOAD


def has_automaton(crew: Crew) -> bool:
    """A crew of 4 plays with the fifth meeple as an automaton (known from the briefing on, its
    colour once phase 1 starts)."""
    return len(crew.members) < len(MEEPLE_COLOURS)


def complete(state: CiurmeState, crew: Crew, target: int) -> bool:
    return load(crew, target) >= owed(state, crew, target)


def repairs_by(crew: Crew, seat: int) -> int:
    """Pieces a player has used, horizontal and help alike (the captain's count)."""
    return sum(1 for by, _, _ in crew.pieces if by == seat)


def help_given(crew: Crew, seat: int) -> int:
    """Pieces a player has pointed at others (the quartermaster's intended criterion)."""
    return sum(1 for by, _, aimed in crew.pieces if by == seat and aimed != seat)


def helped(crew: Crew, seat: int, mate: int) -> bool:
    return mate in helped_by(crew, seat)


def helped_by(crew: Crew, seat: int) -> set[int]:
    """Whom `seat` has pointed a piece at (itself included, by a repair)."""
    return {aimed for by, _, aimed in crew.pieces if by == seat}


def helpable(state: CiurmeState, crew: Crew, seat: int) -> list[int]:
    """Mates `seat` may help now: not yet helped by them, and [D-4] still incomplete unless
    the option allows helping complete mates."""
    mates = [m for m in crew.members if m != seat]
    if crew.automaton and owed(state, crew, AUTOMATON):
        mates.append(AUTOMATON)
    done = helped_by(crew, seat)
    return [
        m
        for m in mates
        if m not in done
        and (state.options.help_complete_mates or not complete(state, crew, m))
    ]


def has_work(state: CiurmeState, crew: Crew, seat: int) -> bool:
    """On the wreck `seat` has something to do: wood there, and a load to finish or a mate to
    help."""
    return bool(crew.transported) and (
        not complete(state, crew, seat) or bool(helpable(state, crew, seat))
    )


def repairs_needed(state: CiurmeState, crew: Crew) -> int:
    """The repairs that restore the ship: 15 in every crew by default [D-16], 12 for a crew of
    4 with the option automaton_load=0."""
    return sum(owed(state, crew, t) for t in [*crew.members, AUTOMATON])


def restored(state: CiurmeState, crew: Crew) -> bool:
    """Every load complete: 15 repairs with 4 players as with 5 [D-16]."""
    targets = [*crew.members, AUTOMATON]
    return all(complete(state, crew, t) for t in targets)
