"""What a search bot compares in Castell (`Game.search_choices`).

- On a turn: the first action of the best plan of the whole turn (`planner.py`), the planner's
  best few plans compared by what the rest of the round makes of them (`lookahead.py`). The
  turn's actions only pay together, so the planner, not one action at a time, says what to
  play.
- At a festival: every tower offered [D-13] [D-14], the one that promises the most first: its
  prize by the rivals' likely towers (the suggestion, the engine's own), and the size tokens it
  would take from them.
"""

from __future__ import annotations

from collections import Counter

from ludoteca.engine.actions import Action
from ludoteca.games.castell.actions import Declare
from ludoteca.games.castell.bots.lookahead import best_plan
from ludoteca.games.castell.bots.outlook import token_points
from ludoteca.games.castell.bots.planner import Apply, Legal
from ludoteca.games.castell.data import PRIZE_POINTS, PRIZE_TABLE
from ludoteca.games.castell.rules.festival import held, suggestion
from ludoteca.games.castell.state import FESTIVAL, CastellState
from ludoteca.games.castell.towers import tower_score


def declaration_worth(state: CastellState, seat: int, action: Declare) -> float:
    """The prize and size tokens a declared tower is likely to take, the others declaring the
    engine's suggestion [D-13] [D-14]."""
    festival = held(state)
    mine = tower_score(action.tower, festival.tokens)
    rivals = []
    for other in state.to_declare:
        if other != seat:
            tower = suggestion(state.players[other], festival)
            if tower is not None:
                rivals.append((tower_score(tower, festival.tokens), tower))
    rank = 1 + sum(1 for score, _ in rivals if score > mine)
    table = PRIZE_TABLE[state.n]
    worth = float(PRIZE_POINTS[table[rank - 1]]) if rank <= len(table) else 0.0
    held_tokens = Counter(t for s in state.players[seat].board.values() for t in s.size_tokens)
    for size in festival.tokens:
        count = sum(level.count(size) for level in action.tower)
        if all((count, mine) >= (sum(lv.count(size) for lv in tower), score)
               for score, tower in rivals):
            worth += token_points(held_tokens, size) + 0.1
    return worth


def search_choices(
    state: CastellState, seat: int, legal: Legal, apply: Apply
) -> list[Action]:
    menu = legal(state, seat)
    if len(menu) == 1:
        return menu
    if state.phase is FESTIVAL:
        declares = [a for a in menu if isinstance(a, Declare)]
        ranked = sorted(declares, key=lambda a: -declaration_worth(state, seat, a))
        return list[Action](ranked) or menu
    return [best_plan(state, seat, legal, apply).first]
