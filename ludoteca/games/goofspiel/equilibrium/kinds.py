"""The other bidder's stochastic kinds: bots whose bid is drawn, read as bid distributions of
the Markov position, so the restricted response (`restricted.py`) can meet them beside the
plain habits.

The normal level (`heuristic`: the rank bid, now and then a card off) and the strong search the
levels played before (`OLD`, the bots bench's `OLD_STRONG`) look at nothing but the position:
the two hands, the prizes left, the prize turned up and the lead (the search reads the scores
only to know who wins). So each is a distribution of bids per position, estimated once by
asking the real bot `samples` times with as many seeds, and stored as counts beside the tables
(`kinds-N.json`, written by `solve.py --kinds`): every position a match of that many cards
reaches with a choice left, seen by the kind, its own hand first (the tables' key). A bid
seen in fewer than `FLOOR` of the samples is left out of what the solver meets (the rest
scaled up): such a bid takes the match out of the kinds' tree, to the solved table, which a
test bounds. Nothing here runs at play time: the strong level reads only the response.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from ludoteca.games.goofspiel.equilibrium import Position, decided, key, stored_table

OLD = "mcts:iterations=8:rollout=heuristic:horizon=10:bias=2:rivals=search"
# The kinds met, by name: the bot spec sampled and how many samples a position.
KINDS = {"heuristic": ("heuristic", 128), "old": (OLD, 32)}
FLOOR = 0.05  # a bid drawn less often than this is left out of the kind's distribution


def table_name(cards: int) -> str:
    return f"kinds-{cards}.json"


def sample(spec: str, position: Position, samples: int, seed: int) -> list[int]:
    """How often the bot of `spec` bids each card of its hand (the position's first, sorted)
    in `samples` tries, each with its own seed."""
    from ludoteca.bots import parse_bot
    from ludoteca.engine.rng import Rng
    from ludoteca.games import load_game
    from ludoteca.games.goofspiel.state import GoofspielState

    game = load_game("goofspiel")
    hand, other, prizes, prize, lead = position
    state = GoofspielState([list(other), list(hand)], [prize, *(p for p in prizes if p != prize)],
                           [None, None], [max(0, -lead), max(0, lead)], Rng(0))
    counts = [0] * len(hand)
    for s in range(samples):
        bid = parse_bot(spec).choose(game, state.clone(), 1, Rng(seed * samples + s))
        counts[hand.index(bid.card)] += 1  # type: ignore[attr-defined]
    return counts


def write(cards: int, folder: Path) -> dict[str, Any]:
    """Sample every kind at every position of a match of `cards` cards with a choice left,
    and write the counts (`kinds-N.json`)."""
    import datetime
    import time

    from ludoteca.games.goofspiel.equilibrium.solve import positions

    by_size = positions(cards)
    batch = sorted(p for size, found in by_size.items() if size > 1 for p in found)
    out: dict[str, Any] = {"cards": cards, "floor": FLOOR, "kinds": {}}
    for name, (spec, samples) in KINDS.items():
        start = time.process_time()
        counts = {key(*p): sample(spec, p, samples, n) for n, p in enumerate(batch)}
        out["kinds"][name] = {"spec": spec, "samples": samples, "positions": len(counts),
                              "seconds": round(time.process_time() - start, 1),
                              "counts": counts}
        print(f"  {cards} cards, {name}: {len(counts)} positions, {samples} samples each",
              flush=True)
    out["date"] = datetime.date.today().isoformat()
    out["by"] = "python -m ludoteca.games.goofspiel.equilibrium.solve --kinds"
    (folder / table_name(cards)).write_text(json.dumps(out, separators=(",", ":")) + "\n",
                                            encoding="utf-8")
    return out


@cache
def read_table(cards: int) -> dict[str, Any] | None:
    return stored_table(table_name(cards))


def bids(cards: int, name: str, position: Position) -> dict[int, float]:
    """The kind's bid distribution at the position (seen by it, its hand first), the bids
    under `FLOOR` left out; its one card where one is left, its lowest where the match is
    decided (not sampled: any bid will do)."""
    hand = position[0]
    if len(hand) == 1 or decided(position[4], position[2]):
        return {hand[0]: 1.0}
    table = read_table(cards)
    if table is None:
        raise ValueError(f"no sampled kinds for {cards} cards: write them first "
                         "(the command with --kinds)")
    counts = table["kinds"][name]["counts"][key(*position)]
    total = sum(counts)
    kept = {card: n / total for card, n in zip(hand, counts, strict=True) if n / total >= FLOOR}
    scale = sum(kept.values())
    return {card: p / scale for card, p in kept.items()}
