"""Comparing the turn planner's best plans by what the rest of the round makes of them.

A plan's outlook is the player's alone, read at the end of their turn: it cannot see that a
rival who plays later in the round walks into the same festival with a taller tower, recruits
the castellers the plan left standing, or takes the tile the plan counted on. So the best
few plans are each played out to the end of the round: the rivals still to play take their
whole turns (at two players the turn planner's best plan, a cheap planner looking past a few
hundred positions; with more, where the player's own plans spend a move's CPU, one action at a
time by the heuristic), every festival of the round is declared (each player's best tower, the
engine's suggestion [D-13] [D-14]) and held, and the plan whose round ends best is played:
the player's outlook less the points the rivals hold on their boards then, on average (the
match is won one rival at a time). The rivals' points, not their outlooks: a rival's outlook
counts the player as a threat at every festival the player could reach, so plans that merely
could go anywhere (tokens kept, the pawn central) would lower it for nothing; their points
count only what the round really took from them (a festival lost, a tile taken).

A rival who plans its turn, not the heuristic's fixed habits: at two players, 40 matches
against the independent planner on the same deals (seed 1), the strong level won 70% with the
rival planning its turns (300 positions a turn), 60% with the heuristic's; over 100 matches
(seeds 1 to 3: 40, 40, 20) 70.5% with 300 positions a turn, 64.5% with 200. At three
players a rival planning 150 positions a turn cost up to 1.9 s of CPU a move (two rivals to
play in each of the plans), over the goal of 1 s, and 80 positions (up to 1 s) finished above
48% of the planners in 21 matches, no better than the heuristic's rivals (55% on those deals).
Letting only the next rival plan (the later ones playing the heuristic) did not do better
either, on the same deals (`GAME.setup` seeds 100 on, the strong seat rotated, the share of
the planners finished above): at three players 50.0% of 12 (four plans, the next rival
planning 200 positions) against 58.3% with the heuristic's rivals and six plans; at four
63.0% of 18 (three plans, 150 positions) against 57.4%, within chance, at a mean of 0.23 s
of CPU a move against 0.13 s (95th percentile 0.93 s against 0.69 s, most 1.36 s against
1.22 s, timed in the same runs on two shared, loaded cores). A planner whose budget went
first to the first actions with the best ends (not the menu's order) did best at three and
four players with four plans and 200 positions, 70.8% of 12 and 64.8% of 18, but on 12 more
three-player deals (112 to 123) 37.5% against 50.0% (54.2% each over the 24), at up to
1.06 s of CPU a move at three players against 0.70 s (timed apart, on lightly loaded cores;
2.0 s at four on loaded ones), and it won 7 of 10 two-player matches where the menu's order
won 9 on the same deals (seed 1); none of it is kept.

Four players plan 1000 positions a move, not 1500 (`PLAN_POSITIONS`), for the CPU a move:
over 4 whole matches against the normal level (seeds 0 to 3, some 385 timed moves, timed as
`bench/bots.py` does) at most 0.67 s against 0.94 s with 1500 (95th percentile 0.47 s against
0.63 s, mean 0.091 s against 0.114 s) on lightly loaded cores, and at most 1.10 s against
1.24 s (95th 0.65 against 0.90, mean 0.14 against 0.17) timed one after the other on two
heavily loaded ones. Against the independent planner on the same four-player deals
(`GAME.setup` seeds 100 to 108, the strong seat rotated, 36 matches each) it finished above
64.8% of the planners, against 61.1% with 1500; on five more (109 to 113, 20 matches each)
60.0% against 61.7%, 63.1% against 61.3% over the 56: no worse, within chance. On the first
nine deals the
strong level ends 6 points above the planners' mean (82.6 v 76.4 with 1500: more local tiles,
23.7 v 19.0, and size tokens, 8.6 v 7.3; as many prizes, 23.1, and fewer regions, 10.8 v
11.1), yet finishes first in only 14 of the 36 and last in 6: its lead is an average, not a
rank.

An aim of the share of rivals finished above, not of the mean lead, did no better: each
rival's likely final score read as their points at the round's end plus what their outlook
promised before the plans, each gap counted through tanh(gap / scale) (scale 6 points plus
1.5 a round left) plus a tenth of the gap. At three players, on the deals above (seeds 100 to
123, 72 matches), it finished above 55.2% of the planners (59.0% on 100 to 111, 51.4% on 112
to 123) against 54.2% with the mean lead (58.3%, 50.0%): not kept, and not tried at four.

CPU a move of the play kept, timed as above over 4 matches a seat count (seeds 0 to 3) on two
cores loaded by other work (a load of 3 to 4): at two players mean 0.25 s, 95th percentile
0.97 s, most 1.46 s (0.92 s on seed 0, the bench's match; 1.46 s, 1.41 s and 1.14 s on seeds
1 to 3); at three 0.12 s, 0.73 s, most 1.02 s; at four 0.14 s, 0.66 s, most 1.15 s (1500
positions: 0.19 s, 1.05 s, 1.65 s). A quiet core takes about two thirds of it (four players:
most 0.67 s), but two players, where the planning rivals cost most, has the least margin.

Nothing here is random: a turn never draws from the bag, and the heuristic's few random
choices use a fixed seed, so a plan chosen at the turn's first action is chosen again at its
next ones, unless the planner's budget cut a search short (a four-player turn has thousands
of plans): then the longer plans of the first action were weighed only in part. The budget
counts positions, not seconds, so that a seeded match plays the same on any machine and under
any load.
"""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.castell.actions import Abstain, Declare, EndTurn
from ludoteca.games.castell.bots.heuristic import heuristic_action
from ludoteca.games.castell.bots.outlook import outlook
from ludoteca.games.castell.bots.planner import Apply, Legal, Plan, TurnPlanner
from ludoteca.games.castell.result import categories
from ludoteca.games.castell.state import FESTIVAL, OVER, CastellState

# The planner's best plans played out to the round's end (the planner's best is first, and
# kept on a tie).
PLANS = 6
# The positions a move's planning may look past, by the number of players: nearly all of a
# move's CPU (playing the best plans out to the round's end costs a hundredth of a second). A
# four-player position's ends cost the most to judge (three rivals at every festival): 1500
# there took up to 1.04 s of CPU a move on the loaded bench, over the goal of 1 s; 1000 takes
# two thirds of it (see the figures above).
PLAN_POSITIONS = {2: 1500, 3: 1500, 4: 1000}
# The positions a rival's turn in the playout may look past, by the number of players (a move
# plays PLANS plans out, with a rival turn or two each at three players, up to three at four);
# none given: the rival plays the heuristic. At two players 300 keeps a move under 0.75 s of
# CPU on an idle machine (0.4 s with the heuristic's rivals; `bench/bots.py`, a goal of 1 s).
RIVAL_POSITIONS = {2: 300}
NO_SEAT = -1  # `current` of a position read between rounds, in no seat's turn


def best_plan(state: CastellState, seat: int, legal: Legal, apply: Apply) -> Plan:
    """The plan to play, the planner looking past `PLAN_POSITIONS` positions at most."""
    plans = TurnPlanner(legal, apply).plans(state, seat, PLAN_POSITIONS[state.n])[:PLANS]
    if len(plans) == 1:
        return plans[0]
    best, lead = plans[0], lead_after_round(plans[0], seat, legal, apply)
    for plan in plans[1:]:
        after = lead_after_round(plan, seat, legal, apply)
        if after > lead:
            best, lead = plan, after
    return best


def lead_after_round(plan: Plan, seat: int, legal: Legal, apply: Apply) -> float:
    """The player's outlook less the others' mean points once the round the plan is played
    in has ended (its festivals held)."""
    world = plan.end.clone()
    if plan.open:
        apply(world, seat, EndTurn())
    round_ = plan.end.round
    rng = Rng(0)
    while world.phase is not OVER and world.round == round_:
        if world.phase is FESTIVAL:
            actor = next(s for s in world.to_declare if s not in world.declarations)
            apply(world, actor, declaration(legal(world, actor)))
        else:
            world = rival_turn(world, legal, apply, rng)
    if world.phase is not OVER:
        # The next round's turns are all to come: no turn is under way (an outlook otherwise
        # reads the current seat's turn as taken, as the planner judges it).
        world.current = NO_SEAT
    rivals = [points(world, other) for other in range(world.n) if other != seat]
    return outlook(world, seat) - sum(rivals) / len(rivals)


def rival_turn(world: CastellState, legal: Legal, apply: Apply, rng: Rng) -> CastellState:
    """The position once the seat to play has taken its turn: the end of its planner's best
    plan (a few positions looked past), or one action of the heuristic's where no budget is
    given for the number of players."""
    actor = world.current
    most = RIVAL_POSITIONS.get(world.n, 0)
    if not most:
        apply(world, actor, heuristic_action(world, actor, legal(world, actor), rng))
        return world
    plan = TurnPlanner(legal, apply).plans(world, actor, most)[0]
    after = plan.end.clone()
    if plan.open:
        apply(after, actor, EndTurn())
    return after


def points(state: CastellState, seat: int) -> float:
    """The points on a player's board now: what the round really gave them."""
    return float(categories(state.players[seat], state.variant)["total"])


def declaration(menu: list[Action]) -> Action:
    """The engine's suggestion, the first tower offered; abstaining when none is."""
    declares = [a for a in menu if isinstance(a, Declare)]
    return declares[0] if declares else next(a for a in menu if isinstance(a, Abstain))
