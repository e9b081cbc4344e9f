"""Sample the bots whose Goofspiel bids are drawn (the normal level, the old strong search: the
kinds of `ludoteca.games.goofspiel.equilibrium.kinds`) at every position of a match of few
cards, and write their counts beside the game's tables (`kinds-N.json`), for the solving
command's restricted response (`solve --habits`) to meet them.

Each position with a choice left is asked of the real bot `samples` times, each with its own
seed, seen from the second seat with its own hand first (the tables' key). The game's package
reads the counts only: running the bots (`ludoteca.bots`) is above the games' layer.

Run: `python bench/goofspiel_kinds.py [--cards 3 4 5]`, then the solving command with
`--habits`.
"""

from __future__ import annotations

import argparse
import datetime
import json
import time
from pathlib import Path
from typing import Any

from ludoteca.bots import parse_bot
from ludoteca.engine.rng import Rng
from ludoteca.games import load_game
from ludoteca.games.goofspiel.equilibrium import SOLVED_CARDS, Position, key, kinds
from ludoteca.games.goofspiel.equilibrium.solve import positions
from ludoteca.games.goofspiel.state import GoofspielState

FOLDER = Path(kinds.__file__).parent


def sample(spec: str, position: Position, samples: int, seed: int) -> list[int]:
    """How often the bot of `spec` bids each card of its hand (the position's first, sorted)
    in `samples` tries, each with its own seed."""
    game = load_game("goofspiel")
    hand, other, prizes, prize, lead = position
    state = GoofspielState([list(other), list(hand)], [prize, *(p for p in prizes if p != prize)],
                           [None, None], [max(0, -lead), max(0, lead)], Rng(0))
    counts = [0] * len(hand)
    for s in range(samples):
        bid = parse_bot(spec).choose(game, state.clone(), 1, Rng(seed * samples + s))
        counts[hand.index(bid.card)] += 1  # type: ignore[attr-defined]
    return counts


def write(cards: int, folder: Path = FOLDER) -> dict[str, Any]:
    """Sample every kind at every position of a match of `cards` cards with a choice left,
    and write the counts (`kinds-N.json`)."""
    by_size = positions(cards)
    batch = sorted(p for size, found in by_size.items() if size > 1 for p in found)
    out: dict[str, Any] = {"cards": cards, "floor": kinds.FLOOR, "kinds": {}}
    for name, (spec, samples) in kinds.KINDS.items():
        start = time.process_time()
        counts = {key(*p): sample(spec, p, samples, n) for n, p in enumerate(batch)}
        out["kinds"][name] = {"spec": spec, "samples": samples, "positions": len(counts),
                              "seconds": round(time.process_time() - start, 1),
                              "counts": counts}
        print(f"  {cards} cards, {name}: {len(counts)} positions, {samples} samples each",
              flush=True)
    out["date"] = datetime.date.today().isoformat()
    out["by"] = "python bench/goofspiel_kinds.py"
    (folder / kinds.table_name(cards)).write_text(json.dumps(out, separators=(",", ":")) + "\n",
                                                  encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, nargs="+", default=list(SOLVED_CARDS),
                        choices=SOLVED_CARDS, help="the card counts to sample (default: all "
                        "the solved ones)")
    args = parser.parse_args(argv)
    for cards in args.cards:
        write(cards)


if __name__ == "__main__":
    main()
