"""Towers: the building rules, the skills that lift them, and the search for the best tower.

A tower is a list of levels, bottom level first; a level is a list of casteller sizes (1-10).
Basic rules: one size per level, each level smaller than the level below, at most 3 castellers a
level, and [D-21] each level narrower than the level below. A skill's rank is how many times it
may be used in one tower; a use counts only where it covers a real exception:
- Balance: a level as wide as the level below;
- Strength: a level whose biggest casteller is as big as the smallest of the level below;
- Mix: a level of two sizes differing by one (then the size rule compares its biggest casteller);
- Width: the width limit of the whole tower rises by one per use (3 -> 4 -> 5 ...);
- Base: one level free of the width limit (it must still be narrower than the level below).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import add
from typing import Any

from ludoteca.engine.codec import quote
from ludoteca.engine.errors import IllegalAction, Reason, in_language
from ludoteca.games.castell import italian
from ludoteca.games.castell.data import SIZES, SKILLS, Skill

BASE_WIDTH_LIMIT = 3  # "Il massimo di castellani che si possono avere su un livello è tre."
FAVOURED = 1000  # a favoured casteller outweighs any number of other token-size castellers
GROUND = 11  # a "size" above every casteller: the ground under the bottom level
Tower = tuple[tuple[int, ...], ...]
Value = tuple[int, int]  # a tower's (festival score, weight) in the search
Ranks = Mapping[Skill, int] | Mapping[str, int]  # a rank by skill (a Skill is its name)
SKILL_NAMES: tuple[str, ...] = tuple(skill.value for skill in SKILLS)
_SKILL_SET = frozenset(SKILLS)
RANK_ZERO = (0,) * len(SKILLS)  # the rank of a skill a mapping lacks
_INT = frozenset((int,))
_SIZE_SET = frozenset(SIZES)


@dataclass(frozen=True)
class TowerCheck:
    """Whether a tower is legal for some ranks, which skill uses it needs, and if not, why."""

    legal: bool
    uses: dict[str, int] = field(default_factory=dict)
    reason: str | None = None


# --- input checking -----------------------------------------------------------------------------
def normalize_tower(levels: object) -> Tower:
    """`levels` as a tuple of tuples of sizes; ValueError says what is malformed."""
    if isinstance(levels, str | bytes) or not isinstance(levels, Sequence):
        raise ValueError(Reason(
            "a tower is a list of levels, each a list of casteller sizes",
            it="una torre è una lista di livelli, ognuno una lista di taglie di castellers",
        ))
    if not levels:
        raise ValueError(Reason("a tower needs at least one level",
                                it="una torre ha almeno un livello"))
    out = []
    for number, level in enumerate(levels, start=1):
        if isinstance(level, str | bytes) or not isinstance(level, Sequence) or not level:
            raise ValueError(Reason(
                f"level {number} must be a non-empty list of casteller sizes",
                it=f"il livello {number} deve essere una lista non vuota di taglie",
            ))
        for size in level:
            if isinstance(size, bool) or not isinstance(size, int):
                raise ValueError(Reason(
                    f"level {number} holds {quote(size)}: sizes are whole numbers 1-10",
                    it=f"il livello {number} contiene {quote(size)}: le taglie sono numeri "
                    "interi da 1 a 10",
                ))
            if size not in SIZES:
                raise ValueError(Reason(
                    f"level {number} holds size {quote(size)}: sizes go from 1 to 10",
                    it=f"il livello {number} contiene la taglia {quote(size)}: le taglie vanno "
                    "da 1 a 10",
                ))
        out.append(tuple(sorted(level, reverse=True)))
    return tuple(out)


def normalize_ranks(ranks: Ranks) -> tuple[int, ...]:
    """Ranks as a tuple in SKILLS order (a missing skill has rank 0)."""
    if not _SKILL_SET.issuperset(ranks):
        unknown = set(ranks) - _SKILL_SET
        raise ValueError(
            f"unknown skills {quote(sorted(unknown))}; the skills are {', '.join(SKILLS)}"
        )
    out = tuple(map(ranks.get, SKILLS, RANK_ZERO))
    if _INT.issuperset(map(type, out)) and min(out) >= 0:
        return out  # the usual case, checked at once
    for skill, rank in zip(SKILLS, out, strict=True):
        if type(rank) is not int and (isinstance(rank, bool) or not isinstance(rank, int)):
            raise ValueError(
                f"the rank of {skill} must be a whole number from 0, not {quote(rank)}"
            )
        if rank < 0:
            raise ValueError(f"the rank of {skill} must be a whole number from 0, not {rank}")
    return out


def normalize_skills(skills: Iterable[str]) -> frozenset[str]:
    chosen = frozenset(skills)
    unknown = chosen - _SKILL_SET
    if unknown:
        raise ValueError(
            f"unknown skills {quote(sorted(unknown))}; the skills are {', '.join(SKILLS)}"
        )
    return chosen


# --- checking one tower -------------------------------------------------------------------------
def _level_uses(tower: Tower) -> tuple[dict[str, int], Reason | None]:
    """Balance, Strength and Mix uses, which the tower's shape fixes; or the basic rule broken."""
    uses = {"balance": 0, "strength": 0, "mix": 0}
    for number, level in enumerate(tower, start=1):
        if level[0] - level[-1] > 1:
            return uses, Reason(
                f"level {number} mixes sizes {level[-1]} and {level[0]}: a level holds one size, "
                "or with Mix two sizes that differ by one",
                it=f"il livello {number} mescola le taglie {level[-1]} e {level[0]}: un livello "
                "ha una sola taglia, o con Mescola due taglie che differiscono di uno",
            )
        if level[0] != level[-1]:
            uses["mix"] += 1
        if number == 1:
            continue
        below = tower[number - 2]
        if len(level) > len(below):
            return uses, Reason(
                f"level {number} has {len(level)} castellers on a level of {len(below)}: "
                "each level must be narrower than the one below (Balance allows as wide)",
                it=f"il livello {number} ha {len(level)} castellers su un livello di "
                f"{len(below)}: ogni livello deve essere più stretto di quello sotto "
                "(Equilibrio permette la stessa larghezza)",
            )
        if len(level) == len(below):
            uses["balance"] += 1
        if level[0] > below[-1]:
            return uses, Reason(
                f"level {number} puts a size {level[0]} on a size {below[-1]}: each level must "
                "hold smaller castellers than the one below (Strength allows the same size)",
                it=f"il livello {number} mette una taglia {level[0]} su una taglia {below[-1]}: "
                "ogni livello deve avere castellers più piccoli di quello sotto (Forza permette "
                "la stessa taglia)",
            )
        if level[0] == below[-1]:
            uses["strength"] += 1
    return uses, None


def width_assignments(widths: Sequence[int]) -> list[tuple[int, int]]:
    """Every (width uses, base uses) that covers real exceptions only: with W width uses the
    limit is 3 + W, every level wider than that is a Base level, and W is as small as the
    narrower levels allow (a Width use must lift a level that needs it)."""
    out = []
    for width_uses in range(max(0, max(widths) - BASE_WIDTH_LIMIT) + 1):
        limit = BASE_WIDTH_LIMIT + width_uses
        rest = [w for w in widths if w <= limit]
        if width_uses and (not rest or max(rest) < limit):
            continue
        out.append((width_uses, len(widths) - len(rest)))
    return out


def check_tower(
    levels: Sequence[Sequence[int]], ranks: Ranks, skills: Iterable[str] = ()
) -> TowerCheck:
    """Whether the tower is legal for `ranks`, with an assignment of skill uses that uses every
    skill in `skills` at least once [D-22]. `uses` maps every skill to its uses in the assignment
    found (the fewest uses in all); `reason` says, in a player's words, which rule is broken."""
    tower = normalize_tower(levels)
    limits = dict(zip(SKILL_NAMES, normalize_ranks(ranks), strict=True))
    wanted = normalize_skills(skills)
    fixed, broken = _level_uses(tower)
    if broken:
        return TowerCheck(False, {}, broken)
    for skill, count in fixed.items():
        if count > limits[skill]:
            return TowerCheck(False, {}, _over_rank(skill, count, limits[skill]))
    widths = [len(level) for level in tower]
    options = [
        (w, b)
        for w, b in width_assignments(widths)
        if w <= limits["width"] and b <= limits["base"]
    ]
    if not options:
        return TowerCheck(False, {}, _too_wide(widths, limits["width"], limits["base"]))
    missing: list[str] = [s for s in ("balance", "strength", "mix") if s in wanted and not fixed[s]]
    missing += [
        s for s, index in (("width", 0), ("base", 1))
        if s in wanted and not any(option[index] for option in options)
    ]
    if missing:
        return TowerCheck(False, {}, _needs_uses(missing))
    fitting = [
        (w, b)
        for w, b in options
        if ("width" not in wanted or w) and ("base" not in wanted or b)
    ]
    if not fitting:
        return TowerCheck(False, {}, Reason(
            "the tower needs a real use of Width and one of Base in the same tower",
            it="la torre deve usare davvero Larghezza e Base nella stessa torre",
        ))
    width_uses, base_uses = min(fitting, key=lambda wb: (wb[0] + wb[1], wb[1]))
    uses = {**fixed, "width": width_uses, "base": base_uses}
    return TowerCheck(True, {skill: uses[skill] for skill in SKILLS}, None)


def skill_options(
    levels: Sequence[Sequence[int]], skills: Iterable[str] = ()
) -> list[dict[str, int]]:
    """The ways a well-formed tower may count its skill uses whatever the ranks, the fewest uses
    first (Width and Base may serve the same level), each using every skill of `skills`; [] if
    it breaks a basic rule or cannot use them."""
    tower = normalize_tower(levels)
    wanted = normalize_skills(skills)
    fixed, broken = _level_uses(tower)
    if broken or any(s in wanted and not fixed[s] for s in fixed):
        return []
    options = [
        (w, b)
        for w, b in width_assignments([len(level) for level in tower])
        if ("width" not in wanted or w) and ("base" not in wanted or b)
    ]
    fewest = min((w + b for w, b in options), default=0)
    return [
        {skill: {**fixed, "width": w, "base": b}[skill] for skill in SKILL_NAMES}
        for w, b in options
        if w + b == fewest
    ]


# What makes a use of each skill real, in a player's words.
REAL_USE = {
    "balance": "a level as wide as the level below",
    "strength": "a level as big as the smallest of the level below",
    "mix": "a level of two sizes",
    "width": f"a level wider than {BASE_WIDTH_LIMIT} and not a Base level, within your Width rank",
    "base": "a level over the width limit, within your Base rank",
}


# The same, in Italian.
REAL_USE_IT = {
    "balance": "un livello largo quanto quello sotto",
    "strength": "un livello grande quanto il più piccolo di quello sotto",
    "mix": "un livello di due taglie",
    "width": f"un livello più largo di {BASE_WIDTH_LIMIT} e non di Base, entro il tuo grado di "
    "Larghezza",
    "base": "un livello oltre il limite di larghezza, entro il tuo grado di Base",
}


def _needs_uses(skills: Sequence[str]) -> Reason:
    """Why a tower misses the skills a tile asks for: only the skills it lacks."""
    needs = " and one of ".join(f"{s.capitalize()} ({REAL_USE[s]})" for s in skills)
    serve = " e uno di ".join(f"{italian.skill(s)} ({REAL_USE_IT[s]})" for s in skills)
    return Reason(f"the tower needs one real use of {needs}",
                  it=f"la torre deve usare davvero {serve}")


def _over_rank(skill: str, count: int, rank: int) -> Reason:
    what = {
        "balance": "levels as wide as the level below",
        "strength": "levels as big as the level below",
        "mix": "mixed levels",
    }[skill]
    cosa = {
        "balance": "livelli larghi quanto quello sotto",
        "strength": "livelli grandi quanto quello sotto",
        "mix": "livelli mescolati",
    }[skill]
    return Reason(
        f"the tower has {count} {what} but your {skill.capitalize()} rank is {rank}: "
        f"it allows {rank}",
        it=f"la torre ha {count} {cosa} ma il tuo grado di {italian.skill(skill)} è {rank}: ne "
        f"permette {rank}",
    )


def _too_wide(widths: Sequence[int], width_rank: int, base_rank: int) -> Reason:
    widest = max(widths)
    return Reason(
        f"a level of {widest} castellers is too wide: the limit is {BASE_WIDTH_LIMIT}, "
        f"each Width rank raises it by one (yours: {width_rank}) and each Base rank frees one "
        f"level from it (yours: {base_rank})",
        it=f"un livello di {widest} castellers è troppo largo: il limite è {BASE_WIDTH_LIMIT}, "
        f"ogni grado di Larghezza lo alza di uno (i tuoi: {width_rank}) e ogni grado di Base ne "
        f"libera un livello (i tuoi: {base_rank})",
    )


def tower_score(tower: Sequence[Sequence[int]], sizes: Iterable[int] = ()) -> int:
    """Festival score: a point per level and per casteller of one of the token `sizes` ("un punto
    per ogni livello della vostra torre e un punto per ogni Casteller che corrisponde a un gettone
    di dimensione del festival")."""
    wanted = set(sizes)
    return len(tower) + sum(1 for level in tower for size in level if size in wanted)


def team_counts(team: Iterable[int]) -> tuple[int, ...]:
    """How many castellers of each size 1..10 (index 0 is size 1)."""
    castellers = tuple(team)
    if not _INT.issuperset(map(type, castellers)) or not _SIZE_SET.issuperset(castellers):
        for size in castellers:  # the first that is not a size, for the message
            if isinstance(size, bool) or not isinstance(size, int) or size not in SIZES:
                raise ValueError(f"a team holds casteller sizes 1-10, not {quote(size)}")
    counts = [0] * (GROUND + 1)  # by size
    for size in castellers:
        counts[size] += 1
    return tuple(counts[1:GROUND])


def tower_fits_team(tower: Sequence[Sequence[int]], team: Iterable[int]) -> bool:
    """Whether the team holds every casteller of the tower (each used once)."""
    have = team_counts(team)
    need = team_counts(size for level in tower for size in level)
    return all(n <= h for n, h in zip(need, have, strict=True))


def team_tower(raw: object, team: Sequence[int]) -> Tower:
    """A well-formed tower built from `team` (normalised), or IllegalAction saying why not."""
    try:
        tower = normalize_tower(raw)
    except ValueError as exc:
        raise IllegalAction(
            f"that is not a tower: {exc}",
            it=f"quella non è una torre: {in_language(exc.args[0], 'it')}",
        ) from None
    if not tower_fits_team(tower, team):
        raise IllegalAction(
            f"your team cannot build that tower: your castellers are {team}",
            it=f"la tua squadra non può costruire quella torre: i tuoi castellers sono {team}",
        )
    return tower


# --- the best tower -----------------------------------------------------------------------------
def best_tower(
    team: Iterable[int],
    ranks: Ranks,
    sizes: Iterable[int] = (),
    min_levels: int = 1,
    shape: Sequence[int] | None = None,
    skills: Iterable[str] = (),
    max_levels: int | None = None,
    favour: Iterable[int] = (),
) -> Tower | None:
    """The legal tower from `team` with the highest festival score (levels + castellers whose
    size is in `sizes`; then the most castellers of a `favour` size, then the most of the
    `sizes`), containing every size of `sizes`, with at least `min_levels` (at most
    `max_levels`) levels, exactly the widths `shape` if given, and an assignment that uses every
    skill of `skills`; None if there is none. Exact."""
    return _best_tower(
        team_counts(team),
        normalize_ranks(ranks),
        tuple(sorted(set(sizes))),
        min_levels,
        None if shape is None else tuple(shape),
        tuple(sorted(normalize_skills(skills))),
        max_levels,
        False,
        tuple(sorted(set(favour))),
    )


def best_counted_tower(
    counts: tuple[int, ...],
    ranks: tuple[int, ...],
    sizes: tuple[int, ...],
    min_levels: int,
    favour: tuple[int, ...] = (),
) -> Tower | None:
    """`best_tower` for a team already counted (`team_counts`), its ranks in SKILLS order and
    the sizes sorted and distinct, under the same cache keys: for a caller asking one team many
    questions (the festival menu asks one per token)."""
    return _best_tower(counts, ranks, sizes, min_levels, None, (), None, False, favour)


def any_tower(
    team: Iterable[int],
    ranks: Ranks,
    min_levels: int = 1,
    shape: Sequence[int] | None = None,
    skills: Iterable[str] = (),
    max_levels: int | None = None,
) -> Tower | None:
    """A legal tower meeting the same constraints as `best_tower` (without token sizes), the
    first the search finds: for goals where every tower meeting them is worth the same (local
    performance tiles), this is much faster than the best one."""
    shape = None if shape is None else tuple(shape)
    skills = tuple(sorted(normalize_skills(skills)))
    counts, checked = team_counts(team), normalize_ranks(ranks)
    return _answer(counts, checked, (), min_levels, shape, skills, max_levels, True)


def _answer(*goal: Any) -> Tower | None:
    """`search_towers(*goal)`, or None at once where a lacking token size or a bound settles
    it; where a size is favoured, the best tower without favour if it already holds every
    casteller of the favoured sizes."""
    counts, ranks, sizes, min_levels, shape, skills = goal[:6]
    favour = goal[8] if len(goal) > 8 else ()
    for size in (*sizes, *favour):
        if size not in SIZES:
            raise ValueError(f"token sizes go from 1 to 10, not {quote(size)}")
    if any(not counts[size - 1] for size in sizes):
        return None  # a token size the team lacks: no tower can show it
    if favour and not goal[7]:
        # No tower holds more favoured castellers than one holding all of them, so such a best
        # tower is also among the best with favour; and as both searches try towers in the
        # same order, it is the first of them that the search with favour would find. (With
        # no best tower there is none with favour either: the bounds are not needed.)
        best = _best_tower(*goal[:7], False, ())  # as `best_tower` asks it: one cache key
        if best is None or all(
            sum(level.count(size) for level in best) == counts[size - 1] for size in favour
        ):
            return best
        # The best tower with favour scores as this one, and weighs at least as much: only a
        # tower worth more than just under it can be the answer, so the search starts there.
        floor = _favoured_floor(best, sizes, favour)
        return search_towers(counts, ranks, sizes, min_levels, shape, skills, goal[6], False,
                             favour, floor)
    rank = dict(zip(SKILL_NAMES, ranks, strict=True))
    if out_of_reach(
        team_reach(counts, ranks), rank, max(min_levels, len(shape or ())), shape, skills
    ):
        return None
    return search_towers(*goal)


def _favoured_floor(tower: Tower, sizes: tuple[int, ...], favour: tuple[int, ...]) -> Value:
    """Just under the tower's value in the search with favour: (festival score, weight less
    one), the weight counting its castellers of a token size, and FAVOURED more of a favoured
    size."""
    weight = sum(
        (size in sizes) + FAVOURED * (size in favour) for level in tower for size in level
    )
    return tower_score(tower, sizes), weight - 1


# The festival's questions, asked again by every seat's menu and view: cached, bounded so that
# long studies do not grow.
_best_tower = lru_cache(maxsize=4096)(_answer)


def search_towers(
    counts: tuple[int, ...],
    ranks: tuple[int, ...],
    sizes: tuple[int, ...],
    min_levels: int,
    shape: tuple[int, ...] | None,
    skills: tuple[str, ...],
    max_levels: int | None,
    first_found: bool = False,
    favour: tuple[int, ...] = (),
    floor: Value | None = None,
) -> Tower | None:
    """The tower search itself, without the cache or the bounds that answer at once (checked
    arguments, as `_best_tower` takes them): what the tests compare the quick answers with.
    With a `floor` known to be under the best tower's value, the search cuts from the start
    what cannot beat it; the answer is the same."""
    rank = dict(zip(SKILL_NAMES, ranks, strict=True))
    # Width uses are fixed for the whole tower, so search once per width limit; without a
    # Width/Base requirement the highest limit allows every tower the lower ones do.
    if "width" in skills or "base" in skills:
        width_options = range(rank["width"] + 1)
    else:
        width_options = range(rank["width"], rank["width"] + 1)
    best: tuple[tuple[int, int], Tower] | None = None
    for width_uses in width_options:
        found = _TowerSearch(
            counts, rank, sizes, min_levels, shape, frozenset(skills), max_levels, width_uses,
            first_found, frozenset(favour),
        ).run(floor if best is None else best[0])  # only a better tower replaces the best
        if found is not None and (best is None or found[0] > best[0]):
            best = found
            if first_found:
                break
    return None if best is None else best[1]


Reach = tuple[int, int, int]  # what the bounds need of a team (see `team_reach`)
_MIX_RANK = SKILL_NAMES.index("mix")  # where ranks in SKILLS order keep Mix


def team_reach(counts: tuple[int, ...], ranks: tuple[int, ...]) -> Reach:
    """What the bounds need of a team: how many castellers, how many distinct sizes, and the
    most castellers a level could hold (all of one size, or with Mix of two sizes differing by
    one)."""
    widest = max(counts)
    if ranks[_MIX_RANK]:
        widest = max(widest, max(map(add, counts, counts[1:])))
    return sum(counts), len(counts) - counts.count(0), widest


def out_of_reach(
    reach: Reach,
    rank: dict[str, int],
    levels: int,
    shape: tuple[int, ...] | None,
    skills: tuple[str, ...],
) -> bool:
    """Whether no tower of `levels` levels (exactly the widths `shape`, if given) using every
    skill of `skills` can be built, by bounds the search would only reach after trying every
    tower (most local tiles a team cannot meet are refused here at once):
    - a skill is used only within its rank, so a rank of 0 never shows it;
    - going up, each level's smallest size is smaller than the one below but for Strength
      uses: levels <= distinct sizes + Strength rank;
    - each level is narrower than the one below but for Balance uses: levels <= widest bottom
      level + Balance rank, the bottom within the width limit unless a Base use frees it."""
    _, distinct, widest = reach
    for skill in skills:
        if not rank[skill]:
            return True
    if levels > distinct + rank["strength"]:
        return True
    if not rank["base"]:
        widest = min(widest, BASE_WIDTH_LIMIT + rank["width"])
    if levels > widest + rank["balance"]:
        return True
    return shape is not None and _shape_out_of_reach(reach, rank, shape)


def _shape_out_of_reach(reach: Reach, rank: dict[str, int], shape: tuple[int, ...]) -> bool:
    """Whether the exact widths `shape` are out of reach whatever the sizes: more castellers
    than the team, a level wider than any buildable, more levels as wide as the one below than
    the Balance rank, or more levels over the width limit than the Base rank."""
    castellers, _, widest = reach
    needs, widest_level, as_wide = _shape_needs(shape)
    if needs > castellers or widest_level > widest or as_wide > rank["balance"]:
        return True
    limit = BASE_WIDTH_LIMIT + rank["width"]
    return widest_level > limit and sum(1 for width in shape if width > limit) > rank["base"]


@lru_cache(maxsize=256)
def _shape_needs(shape: tuple[int, ...]) -> tuple[int, int, int]:
    """A shape's castellers, its widest level, and its levels as wide as the level below:
    worked out once per shape (the tiles' shapes are few, the teams asking many)."""
    as_wide = sum(1 for below, above in zip(shape, shape[1:], strict=False) if above == below)
    return sum(shape), max(shape), as_wide


_COMPLETE: tuple[Value, Tower] = ((0, 0), ())  # a tower with every level placed: no more
_NOTHING_BELOW = (0,) * 12


@lru_cache(maxsize=1024)  # the teams searching lately: a team's searches come together
def _by_size(counts: tuple[int, ...], mixing: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """By size s (index s, 0 to 11): the distinct sizes the team has among 1..s, and the most
    castellers a level of sizes 1..s can hold (with Mix, two neighbouring sizes together).
    Worked out once per team: its tile searches and festival searches all ask."""
    distinct = [0] * 12
    widest = [0] * 12
    present = most = below = 0
    for s in range(1, 11):
        c = counts[s - 1]
        if c:
            present += 1
            pair = c + below if mixing else c
            if pair > most:
                most = pair
        below = c
        distinct[s] = present
        widest[s] = most
    return tuple(distinct), tuple(widest)


class _TowerSearch:
    """Memoised search over levels from the bottom up, for one width limit.

    A state is what the levels above still depend on: the smallest size of the level below
    (sizes under it are all still in the team), how many of that size are left, its width, the
    skill uses left, the skills and token sizes still to show, and the level count. A tower's
    value is (festival score, weight), the weight counting the castellers of a token size, and
    FAVOURED times more those of a favoured size: the most favoured castellers come first among
    towers of the best score."""

    def __init__(
        self,
        counts: tuple[int, ...],
        rank: dict[str, int],
        sizes: tuple[int, ...],
        min_levels: int,
        shape: tuple[int, ...] | None,
        skills: frozenset[str],
        max_levels: int | None,
        width_uses: int,
        first_found: bool = False,
        favour: frozenset[int] = frozenset(),
    ) -> None:
        self.first_found = first_found
        self.counts = (0, *counts, 0)  # index by size; padding at 0 and GROUND
        self.rank = rank
        self.matching = frozenset(sizes)
        self.min_levels = min_levels
        self.shape = shape
        self.max_levels = len(shape) if shape is not None else max_levels
        self.limit = BASE_WIDTH_LIMIT + width_uses
        self.width_uses = width_uses
        self.skills = skills
        self.memo: dict[tuple[int, ...], tuple[Value, Tower] | None] = {}
        self.beaten: dict[tuple[int, ...], Value] = {}  # states worth no more than this
        self.cap = max(min_levels, self.max_levels or 0)
        self.fewest = max(min_levels, len(shape or ()))  # levels every tower needs
        # By size s (index s): distinct sizes present among 1..s and the widest level
        # buildable from sizes 1..s (the team's, shared by its searches), and the castellers
        # of a token size among 1..s and their weight (for the pruning bound).
        self.distinct, self.widest = _by_size(counts, rank["mix"] > 0)
        self.is_match = is_match = [0] * (GROUND + 1)
        for size in self.matching:
            is_match[size] = 1
        self.weight = weight = list(is_match)
        for size in favour:
            weight[size] += FAVOURED
        self.heaviest = max(weight)  # the most one casteller weighs
        self.matching_below: Sequence[int] = _NOTHING_BELOW
        self.weight_below: Sequence[int] = _NOTHING_BELOW
        if self.heaviest:  # a token size (not the tiles' searches, where nothing matches)
            self.matching_below = matching_below = [0] * 12
            self.weight_below = weight_below = [0] * 12
            matching = weights = 0
            for s in range(1, 11):
                c = counts[s - 1]
                matching += c * is_match[s]
                weights += c * weight[s]
                matching_below[s] = matching
                weight_below[s] = weights

    def run(self, floor: Value | None = None) -> tuple[Value, Tower] | None:
        """The best tower, or None if there is none worth more than `floor` (if given)."""
        need = _mask(self.skills)
        if need & _WIDTH and not self.width_uses:
            return None  # no Width use at this limit: no tower shows one
        # Width shows on a level as wide as the limit, Base on one wider: none is that wide.
        if need & _WIDTH and self.widest[10] < self.limit:
            return None
        if need & _BASE and self.widest[10] <= self.limit:
            return None
        missing = 0
        for size in self.matching:
            missing |= 1 << size
        r = self.rank
        return self.best(GROUND, 0, 99, r["balance"], r["strength"], r["mix"], r["base"],
                         need, missing, 0, floor)

    def best(
        self, p: int, cp: int, pw: int, bal: int, stre: int, mix: int, base: int,
        need: int, missing: int, index: int, floor: Value | None = None,
    ) -> tuple[Value, Tower] | None:
        """The best tower from this state up, the first found among equals; None if there is
        none, or none worth more than `floor`: the caller has a tower at least as good, so
        the branches that cannot beat it are cut from the start (branch and bound)."""
        if not stre:
            cp = 0  # only Strength may reuse the size of the level below
        widest = self.widest[p if p < GROUND else 10] + 1
        if pw > widest:
            pw = widest  # wider than anything buildable: no matter how much
        key = (p, cp, pw, bal, stre, mix, base, need, missing,
               index if index < self.cap else self.cap)
        memo = self.memo
        if key in memo:
            return memo[key]
        if floor is not None and key in self.beaten and floor >= self.beaten[key]:
            return None  # already known to be worth no more than a lower floor
        result: tuple[Value, Tower] | None = None
        if index >= self.min_levels and not need and not missing and (
            self.shape is None or index == len(self.shape)
        ):
            result = _COMPLETE
            if self.first_found:
                memo[key] = result
                return result
        # The value a tower from here must beat to matter: the best found, or the floor.
        bar = floor if result is None or (floor is not None and floor > result[0]) else result[0]
        if self.max_levels is None or index < self.max_levels:
            is_match, weights, limit = self.is_match, self.weight, self.limit
            heaviest = self.heaviest
            distinct, matching_below, weight_below = (
                self.distinct, self.matching_below, self.weight_below
            )
            # The most levels above any level allowed here: one as wide as the level below
            # takes a Balance use, and each level above is narrower but for Balance uses.
            widest_up = pw - 2 + bal
            checked = GROUND  # the last smallest size whose remaining levels were bounded
            for level, width, low, left, matches, weight in self.levels(
                p, cp, pw, bal, stre, mix, base, index
            ):
                top = level[0]
                use_bal = width == pw
                use_str = top == p
                use_mix = top != low
                use_base = width > limit
                if bar is not None:
                    # Skip a level whose most optimistic tower cannot beat the best found:
                    # sizes shrink but for Strength uses (reusing `low` takes one too) and
                    # widths narrow but for Balance uses.
                    stre_left = stre - use_str
                    by_size = distinct[low - 1] + stre_left
                    # Without a Base use left the levels above stay within the width limit.
                    under = width if width <= limit or base - use_base else limit + 1
                    by_width = under - 1 + bal - use_bal
                    more = matching_below[low - 1]
                    heavier = weight_below[low - 1]
                    if stre_left:
                        more += left * is_match[low]
                        heavier += left * weights[low]
                    up = by_size if by_size < by_width else by_width
                    # The levels above hold no more castellers than `up` levels as wide as
                    # this one while Balance uses last, then each one narrower, each
                    # casteller weighing at most `heaviest`.
                    narrowing = up - bal + use_bal  # levels above that cannot use Balance
                    room = up * under
                    if narrowing > 0:
                        room -= narrowing * (narrowing + 1) // 2
                    best_up = 1 + matches + (more if more < room else room) + up
                    if heavier > room * heaviest:
                        heavier = room * heaviest
                    if (best_up, weight + heavier) <= bar:
                        if low != checked:
                            checked = low
                            if self.beaten_from(low, p, cp, stre, widest_up, bar):
                                break
                        continue
                new_need = need
                if need:
                    if use_bal:
                        new_need &= ~_BALANCE
                    if use_str:
                        new_need &= ~_STRENGTH
                    if use_mix:
                        new_need &= ~_MIX
                    if use_base:
                        new_need &= ~_BASE
                    elif self.width_uses and width == limit:
                        new_need &= ~_WIDTH
                new_missing = missing
                if missing:
                    new_missing = missing & ~((1 << low) | (1 << top))
                    if new_missing >> (low + 1):
                        continue  # a token size above this level can no longer be placed
                if new_need and (
                    (new_need & _BALANCE and bal == use_bal)
                    or (new_need & _STRENGTH and stre == use_str)
                    or (new_need & _MIX and mix == use_mix)
                    or (new_need & _BASE and base == use_base)
                ):
                    continue  # a skill still to show has no use left
                if new_need & (_WIDTH | _BASE):
                    # Width shows on a level as wide as the limit, Base on one wider: the
                    # levels above are narrower, or as wide with a Balance use.
                    widest_above = width if bal - use_bal else width - 1
                    if new_need & _WIDTH and widest_above < limit:
                        continue
                    if new_need & _BASE and widest_above <= limit:
                        continue
                # Levels still wanted on top: those every tower needs, and one for each token
                # size still to show (two adjacent ones may share a Mix level).
                wanted = self.fewest - index - 1
                if new_missing:
                    shown = new_missing.bit_count()
                    if mix - use_mix:
                        shown = (shown + 1) // 2
                    if shown > wanted:
                        wanted = shown
                if wanted > 0:
                    # Too few levels can still go on top (the bounds of the pruning above):
                    # no tower from here, which the search would only learn by trying all.
                    above = distinct[low - 1] + stre - use_str
                    narrower = width - 1 + bal - use_bal
                    if wanted > (above if above < narrower else narrower):
                        continue
                if index + 1 == self.max_levels:
                    # The last level a tower may have: it is complete here, or it is not one.
                    if new_need or new_missing or index + 1 < self.min_levels:
                        continue
                    child = _COMPLETE
                else:
                    found = self.best(
                        low, left, width, bal - use_bal, stre - use_str, mix - use_mix,
                        base - use_base, new_need, new_missing, index + 1,
                        None if bar is None else (bar[0] - 1 - matches, bar[1] - weight),
                    )
                    if found is None:
                        continue
                    child = found
                value = (child[0][0] + 1 + matches, child[0][1] + weight)
                if bar is None or value > bar:
                    result = (value, (level, *child[1]))
                    bar = value
                    if self.first_found:
                        break
        if floor is None or (result is not None and result[0] > floor):
            memo[key] = result  # exact: no branch was cut by the floor
            return result
        self.beaten[key] = floor  # nothing here beats the floor; the best is unknown
        return None

    def beaten_from(
        self, low: int, p: int, cp: int, stre: int, widest_up: int, value: tuple[int, int]
    ) -> bool:
        """Whether no level of smallest size `low` or less (the levels still to try: they come
        by smallest size, from the biggest) can beat `value`. Such a level and every level
        above it hold castellers of sizes up to low + 1 only (cp of size p), and above it go
        at most as many levels as sizes under `low` and Strength uses, or as `widest_up`."""
        if low + 1 < p:
            matching, weight = self.matching_below[low + 1], self.weight_below[low + 1]
        else:
            matching = self.matching_below[p - 1] + cp * self.is_match[p]
            weight = self.weight_below[p - 1] + cp * self.weight[p]
        by_size = self.distinct[low - 1] + stre
        return (1 + matching + min(by_size, widest_up), weight) <= value

    def levels(
        self, p: int, cp: int, pw: int, bal: int, stre: int, mix: int, base: int, index: int
    ) -> Iterable[tuple[tuple[int, ...], int, int, int, int, int]]:
        """Every level that may go on the level below: (level, width, smallest size, how many
        of the smallest size are left after it, castellers of a token size in it, and their
        weight). Not those under which too few levels could still go (the bound `best` checks
        level by level, here for whole sizes and widths at once)."""
        top_width = pw if bal else pw - 1
        if not base:
            top_width = min(top_width, self.limit)
        # Above a level go at most as many levels as sizes under its smallest and Strength
        # uses, and as its width less one and Balance uses.
        above = self.fewest - index - 1  # levels every tower still needs above this one
        # Widest levels first: good towers found early make the bound prune more.
        if self.shape is not None:
            wanted = self.shape[index]
            widths: Sequence[int] = [wanted] if wanted <= top_width else []
        else:
            widths = range(top_width, max(0, above - bal), -1)
        counts, distinct = self.counts, self.distinct
        for low in range(min(p, 10), 0, -1):
            if distinct[low - 1] + stre < above:
                break  # and so for every smaller size
            have_low = cp if low == p else counts[low]
            if not have_low or (low == p and not stre):
                continue  # every level of smallest size `low` holds one of that size
            low_match = self.is_match[low]
            low_weight = self.weight[low]
            for width in widths:
                if width <= have_low:
                    yield (
                        (low,) * width, width, low, have_low - width, width * low_match,
                        width * low_weight,
                    )
            high = low + 1
            if not mix or high > p or (high == p and not stre):
                continue
            have_high = cp if high == p else counts[high]
            if not have_high:
                continue
            for width in widths:
                if width > have_low + have_high:
                    continue
                for n_low in range(max(1, width - have_high), min(have_low, width - 1) + 1):
                    level = (high,) * (width - n_low) + (low,) * n_low
                    matches = (width - n_low) * self.is_match[high] + n_low * low_match
                    weight = (width - n_low) * self.weight[high] + n_low * low_weight
                    yield level, width, low, have_low - n_low, matches, weight


_BIT = {skill: 1 << i for i, skill in enumerate(SKILL_NAMES)}
_BALANCE, _STRENGTH, _MIX, _BASE, _WIDTH = (
    _BIT[s] for s in ("balance", "strength", "mix", "base", "width")
)


def _mask(skills: Iterable[str]) -> int:
    out = 0
    for skill in skills:
        out |= _BIT[skill]
    return out
