"""Ciurme as numbers for learning agents: a crew member's view of its own crew's board, every
crew's progress, the Assembly and its crew's open vote, and one index per action of a player.

Seats are read relative to the seat's own crew: a mate is a position in the crew's members (in
turn order, 0 to 4), the automaton after them; crews are read in the order the seat sees them:
its own crew first, then the others in crew order after it. So an observation means the same
thing from every seat, whatever the table. Agents are the players; the facilitator is a role the
learning adapters play themselves (`ludoteca.rl`), so its actions have no index.

Observation (M = 5 places in a crew, C = 8 crews, S = 12 ships, W = 7 woods, all at most):

| segment | size | meaning |
|---|---|---|
| `stage` | 5 | briefing, phase 1, offices, assembly, over |
| `me` | 3 + M + 1 | captain, quartermaster, crew member; my place in my crew; crew size / 5 |
| `board` | 112 | my crew's phase-1 board (below) |
| `crews` | C x 23 | every crew, mine first (below) |
| `fleet` | S | the ships in the fleet chart |
| `assembly` | 2 + C | round / rounds, rounds / 8; whose captain places now |
| `stamps` | 2 x S x C | stamps on each ship per crew / 4, and their values known to me / 7 |
| `my_hand` | 4 | the stamps my crew's captain still holds, when I am the captain |
| `preferences` | 2 x S | my crew's favourite and second ship, once chosen and known to me |
| `vote` | 46 | my crew's open vote (below) |
| `messages_left` | 1 | messages I may still post / 20 |

My crew's board: each member's meeple colour (M x W) and place (M x 3), the automaton's colour
(W), the lifeboat's dock (3), whose turn it is and who opened (M each), the turn's step (3),
each member's own wood / 6 (M), light-blue and neutral wood left / 6 and / 30, the common pile
and the transported wood by colour / 30 (W each), each member's and the automaton's repairs
done and owed / 3 ((M + 1) x 2), repairs by each member / 15 (M), rotations played / the
session's round limit.

A crew: present, size / 5, repairs / repairs needed, finished, stopped, has a captain, has a
quartermaster, preferences chosen, stamps left / 4, place in the phase-1 ranking / 8, squares
blackened in all / 120, and per ship / 10 (S).

My crew's open vote: its topic (lifeboat, deposition, quartermaster, favourite, second), a
run-off, I am a voter, I have voted, the share of ballots cast, the candidates (M members and
S ships), my ballot: yes, no, abstained, a member (M), a ship (S).

Actions:

| range | size | action |
|---|---|---|
| `pick_colour` | W | take the meeple of a colour |
| `stay`, `move` | 1, 3 | stay, or move to the island, the lifeboat or the wreck |
| `steer`, `pass` | 1 each | steer the lifeboat; pass |
| `repair` | W | repair with a wood of a colour |
| `help` | W x (M + 1) | repair for a mate (a place in my crew, or the automaton) with a colour |
| `agree` | 2 | answer a motion no, yes |
| `elect` | M | vote a mate (a place in my crew) as quartermaster |
| `prefer` | S | vote for a ship |
| `abstain` | 1 | cast no vote |
| `place` | 4 x S | (captain) place a stamp of a value on a ship |
| `depose`, `waive` | 1 each | propose to depose the captain, or keep them |
| `post` | 1 | the quartermaster's relay to the captain (the one message the menu lists) |

Every listed action of a player has its own index. Chat beyond the relay is never listed
(`Ciurme.legal_actions_complete` is False), so it is outside the space.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.learning import (
    LearningSpec,
    many_hot,
    one_hot,
    published_numbers_only,
    scaled,
    spec_of,
)
from ludoteca.games.ciurme.actions import (
    Abstain,
    Agree,
    Depose,
    Elect,
    Help,
    Move,
    Pass,
    PickColour,
    Place,
    Post,
    Prefer,
    Repair,
    Stay,
    Steer,
    Waive,
)
from ludoteca.games.ciurme.data import (
    AUTOMATON,
    CREW_SIZES,
    LIGHT_BLUE_SUPPLY,
    LOAD,
    MAX_CREWS,
    NEUTRAL_SUPPLY,
    PLACES,
    SHIP_NAMES,
    STAMP_VALUES,
    WOOD_PER_PLAYER,
    Wood,
)
from ludoteca.games.ciurme.options import CiurmeOptions
from ludoteca.games.ciurme.state import ABSTAINED, NO, NOT_CAST, YES, Role, Stage, Step, Topic

M = max(CREW_SIZES)
C = MAX_CREWS
S = len(SHIP_NAMES)
WOODS = tuple(Wood)
W = len(WOODS)
STAGES = tuple(Stage)
STEPS = tuple(Step)
TOPICS = tuple(Topic)
ROLES = (Role.CAPTAIN, Role.QUARTERMASTER, Role.MEMBER)
CREW_FIGURES = 11 + S  # ten figures, the squares in all, and the squares per ship
BOARD_FIGURES = (
    M * W + M * len(PLACES) + W + len(PLACES) + 2 * M + len(Step) + M + 2 + 2 * W + 2 * (M + 1)
    + M + 1
)
VOTE_FIGURES = len(TOPICS) + 4 + M + S + 3 + M + S
# Scales: numbers beyond them read as 1.
REPAIRS = 15
SQUARES = 10
MESSAGES = 20


def learning_spec(players: int, options: CiurmeOptions) -> LearningSpec:
    published_numbers_only(options, "the published stamps' values, 0, 1, 2 and 4")
    return spec_of(
        players,
        options,
        [
            ("stage", len(STAGES), "briefing, phase 1, offices, assembly, over"),
            ("me", len(ROLES) + M + 1, "my role, my place in my crew, my crew's size"),
            ("board", BOARD_FIGURES, "my crew's phase-1 board"),
            ("crews", C * CREW_FIGURES, "every crew, mine first"),
            ("fleet", S, "the ships of the fleet chart"),
            ("assembly", 2 + C, "the round; whose captain places"),
            ("stamps", 2 * S * C, "stamps per ship and crew, and their known values"),
            ("my_hand", len(STAMP_VALUES), "my stamps, when I am the captain"),
            ("preferences", 2 * S, "my crew's favourite and second ship"),
            ("vote", VOTE_FIGURES, "my crew's open vote"),
            ("messages_left", 1, "messages I may still post / 20"),
        ],
        [
            ("pick_colour", W, "take the meeple of a colour"),
            ("stay", 1, "stay where I am"),
            ("move", len(PLACES), "move to the island, the lifeboat or the wreck"),
            ("steer", 1, "steer the lifeboat"),
            ("pass", 1, "pass"),
            ("repair", W, "repair with a colour"),
            ("help", W * (M + 1), "repair for a mate or the automaton with a colour"),
            ("agree", 2, "answer a motion no, yes"),
            ("elect", M, "vote a mate as quartermaster"),
            ("prefer", S, "vote for a ship"),
            ("abstain", 1, "cast no vote"),
            ("place", len(STAMP_VALUES) * S, "place a stamp of a value on a ship"),
            ("depose", 1, "propose to depose the captain"),
            ("waive", 1, "keep the captain this round"),
            ("post", 1, "the quartermaster's relay"),
        ],
    )


# --- reading the view -----------------------------------------------------------------------------
def my_crew(view: Mapping[str, Any]) -> int:
    crew: int = view["my_crew"]
    return crew


def members(view: Mapping[str, Any]) -> list[int]:
    """My crew's seats, in turn order."""
    found: list[int] = view["crews"][my_crew(view)]["members"]
    return found


def crew_order(view: Mapping[str, Any]) -> list[int]:
    """The crews as the seat sees them: its own first, then the others in crew order."""
    count = len(view["crews"])
    return [(my_crew(view) + k) % count for k in range(count)]


def place_in_crew(view: Mapping[str, Any], seat: int | None) -> int | None:
    """A mate's place in my crew (the automaton after the members); None for anybody else."""
    if seat == AUTOMATON:
        return M
    mates = members(view)
    return mates.index(seat) if seat in mates else None


# --- observations ---------------------------------------------------------------------------------
def observe(view: Mapping[str, Any], seat: int, spec: LearningSpec) -> list[float]:
    mates = members(view)
    options: CiurmeOptions = spec.options
    return spec.pack(
        {
            "stage": one_hot(STAGES.index(Stage(view["stage"])), len(STAGES)),
            "me": [
                *(float(view["role"] == role) for role in ROLES),
                *one_hot(place_in_crew(view, seat), M),
                scaled(len(mates), M),
            ],
            "board": _board(view, options),
            "crews": _crews(view),
            "fleet": many_hot(range(len(view["fleet"])), S),
            "assembly": [
                scaled(view["round"], view["rounds"]),
                scaled(view["rounds"], C),
                *one_hot(_relative_crew(view, view["placing"]), C),
            ],
            "stamps": _stamps(view),
            "my_hand": _hand(view),
            "preferences": _preferences(view),
            "vote": _vote(view, seat),
            "messages_left": [scaled(view["messages_left"], MESSAGES)],
        }
    )


def _relative_crew(view: Mapping[str, Any], crew: int | None) -> int | None:
    return None if crew is None else crew_order(view).index(crew)


def _wood(colour: str | None) -> int | None:
    return WOODS.index(Wood(colour)) if colour in WOODS else None


def _per_member(values: Mapping[str, Any], mates: Sequence[int]) -> list[Any]:
    """A board's per-seat values in my crew's member order, padded to M with None."""
    found = [values.get(str(s)) for s in mates]
    return found + [None] * (M - len(found))


def _board(view: Mapping[str, Any], options: CiurmeOptions) -> list[float]:
    board = view["boards"].get(str(my_crew(view)))
    if board is None:
        return [0.0] * BOARD_FIGURES
    mates = members(view)
    loads = board["loads"]
    targets = [*mates, *([None] * (M - len(mates))), AUTOMATON]
    out: list[float] = []
    for colour in _per_member(board["meeples"], mates):
        out += one_hot(_wood(colour), W)
    for place in _per_member(board["places"], mates):
        out += one_hot(None if place is None else PLACES.index(place), len(PLACES))
    out += one_hot(_wood(board["automaton"]), W)
    out += one_hot(PLACES.index(board["dock"]), len(PLACES))
    out += one_hot(place_in_crew(view, board["active"]), M)
    out += one_hot(place_in_crew(view, board["first"]), M)
    out += one_hot(STEPS.index(Step(board["step"])), len(STEPS))
    out += [scaled(w or 0, WOOD_PER_PLAYER) for w in _per_member(board["own_wood"], mates)]
    out += [scaled(board["light_blue"], LIGHT_BLUE_SUPPLY),
            scaled(board["neutral"], NEUTRAL_SUPPLY)]
    for pile in (board["common_pile"], board["transported"]):
        out += [scaled(pile.count(colour), NEUTRAL_SUPPLY) for colour in WOODS]
    for target in targets:
        done, owed = loads.get(str(target), (0, 0)) if target is not None else (0, 0)
        out += [scaled(done, LOAD), scaled(owed, LOAD)]
    out += [scaled(r or 0, REPAIRS) for r in _per_member(board["repairs_by"], mates)]
    out.append(scaled(board["rounds"], options.phase1_max_rounds))
    return out


def _crews(view: Mapping[str, Any]) -> list[float]:
    ranking: list[int] = view["phase1_ranking"]
    out: list[float] = []
    for index in crew_order(view):
        crew = view["crews"][index]
        out += [
            1.0,
            scaled(len(crew["members"]), M),
            scaled(crew["repairs"], crew["repairs_needed"]),
            float(crew["finished"]),
            float(crew["stopped"]),
            float(crew["captain"] is not None),
            float(crew["quartermaster"] is not None),
            float(crew["preferences_chosen"]),
            scaled(crew["stamps_left"], len(STAMP_VALUES)),
            scaled(ranking.index(index) + 1, C) if index in ranking else 0.0,
            0.0 if not crew["points"] else scaled(sum(crew["points"]), SQUARES * S),
            *[scaled(p, SQUARES) for p in crew["points"][:S]],
            *[0.0] * (S - len(crew["points"][:S])),
        ]
    return out + [0.0] * CREW_FIGURES * (C - len(view["crews"]))


def _stamps(view: Mapping[str, Any]) -> list[float]:
    counts = [[0] * C for _ in range(S)]
    values = [[0] * C for _ in range(S)]
    order = crew_order(view)
    for stamp in view["stamps"]:
        crew = order.index(stamp["crew"])
        counts[stamp["ship"]][crew] += 1
        values[stamp["ship"]][crew] += stamp["value"] or 0
    top = sum(STAMP_VALUES)
    return [scaled(n, len(STAMP_VALUES)) for row in counts for n in row] + [
        scaled(v, top) for row in values for v in row
    ]


def _hand(view: Mapping[str, Any]) -> list[float]:
    hand = view["hands"].get(str(my_crew(view)), [])
    return [float(value in hand) for value in STAMP_VALUES]


def _preferences(view: Mapping[str, Any]) -> list[float]:
    favourite, second = view["preferences"].get(str(my_crew(view)), [None, None])
    return one_hot(favourite, S) + one_hot(second, S)


def _vote(view: Mapping[str, Any], seat: int) -> list[float]:
    vote = next((v for v in view["votes"] if v["crew"] == my_crew(view)), None)
    if vote is None:
        return [0.0] * VOTE_FIGURES
    topic = Topic(vote["topic"])
    ships = topic in (Topic.FAVOURITE, Topic.SECOND)
    voter = seat in vote["voters"]
    mine = vote.get("my_ballot")
    if "ballots" in vote and voter:
        mine = vote["ballots"][vote["voters"].index(seat)]
    cast = voter and mine is not None and mine != NOT_CAST
    candidates_members = [] if ships else [place_in_crew(view, c) for c in vote["candidates"]]
    chosen = mine if mine is not None and mine >= 0 and topic not in (
        Topic.LIFEBOAT, Topic.DEPOSITION) else None
    return [
        *one_hot(TOPICS.index(topic), len(TOPICS)),
        float(vote["runoff"]),
        float(voter),
        float(cast),
        vote["answered"] / max(1, len(vote["voters"])),
        *many_hot((p for p in candidates_members if p is not None and p < M), M),
        *many_hot(vote["candidates"] if ships else (), S),
        float(mine == YES and topic in (Topic.LIFEBOAT, Topic.DEPOSITION)),
        float(mine == NO and topic in (Topic.LIFEBOAT, Topic.DEPOSITION)),
        float(mine == ABSTAINED),
        *one_hot(None if ships or chosen is None else place_in_crew(view, chosen), M),
        *one_hot(chosen if ships else None, S),
    ]


# --- actions --------------------------------------------------------------------------------------
def action_index(view: Mapping[str, Any], seat: int, action: Action, spec: LearningSpec) -> int:
    at = spec.action_offsets()
    simple = {Stay: "stay", Steer: "steer", Pass: "pass", Abstain: "abstain", Depose: "depose",
              Waive: "waive", Post: "post"}
    for kind, name in simple.items():
        if isinstance(action, kind):
            return at[name]
    if isinstance(action, PickColour):
        return at["pick_colour"] + WOODS.index(action.colour)
    if isinstance(action, Move):
        return at["move"] + PLACES.index(action.place)
    if isinstance(action, Repair):
        return at["repair"] + WOODS.index(action.colour)
    if isinstance(action, Help):
        mate = place_in_crew(view, action.mate)
        assert mate is not None, "a mate is in the helper's crew"
        return at["help"] + WOODS.index(action.colour) * (M + 1) + mate
    if isinstance(action, Agree):
        return at["agree"] + int(action.yes)
    if isinstance(action, Elect):
        mate = place_in_crew(view, action.seat)
        assert mate is not None, "a candidate is in the voter's crew"
        return at["elect"] + mate
    if isinstance(action, Prefer):
        return at["prefer"] + action.ship
    if isinstance(action, Place):
        return at["place"] + STAMP_VALUES.index(action.value) * S + action.ship
    raise ValueError(f"not an action of a Ciurme player: {action!r}")
