"""Ciurme's rules, one module per part of the session: the briefing, a phase-1 turn and the
workload, the race and the close of phase 1, the offices, votes and ballots, the phases'
start, the Assembly, depositions, channels and the objectives."""
