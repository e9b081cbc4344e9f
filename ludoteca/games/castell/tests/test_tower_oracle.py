"""`check_tower` against an oracle written from the rules' sentences, over many towers.

The oracle does not share `check_tower`'s method: it tries every assignment of skill uses (a
Width count for the whole tower, and for every level the exceptions it is granted) and asks of
each level, sentence by sentence, whether the uses granted to it cover what it breaks. A tower
is legal when some assignment stays within the ranks ("A tower is legal when some assignment of
uses stays within the player's ranks"). The brute force of the search's tests cannot stand in
for this: it filters towers with `check_tower` itself.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product

from hypothesis import example, given, settings
from hypothesis import strategies as st

from ludoteca.games.castell.data import SKILLS
from ludoteca.games.castell.towers import check_tower

# "Il massimo di castellani che si possono avere su un livello è tre."
WIDTH_LIMIT = 3
Level = tuple[int, ...]
LEVEL_SKILLS = ("balance", "base", "mix", "strength")  # the skills granted level by level


def one_size_or_mixed(level: Level, uses: frozenset[str]) -> bool:
    """"Ogni livello della torre deve essere composto da castellani della stessa dimensione";
    Mix: "castellers of different sizes, differing by at most one"."""
    sizes = set(level)
    if len(sizes) == 1:
        return True
    return "mix" in uses and len(sizes) == 2 and max(sizes) - min(sizes) == 1


def smaller_than_below(level: Level, below: Level, uses: frozenset[str]) -> bool:
    """"Ogni livello ... sopra un altro livello deve essere composto da castellani di
    dimensioni inferiori al precedente": every casteller of the level under every casteller
    below it, so a mixed level below counts by its smallest (Mix: "the size rule then compares
    the largest of the upper level with the smallest of the lower one"). Strength: "as big as
    the smallest of the level directly below"."""
    if all(up < down for up in level for down in below):
        return True
    return "strength" in uses and max(level) == min(below)


def narrower_than_below(level: Level, below: Level, uses: frozenset[str]) -> bool:
    """[D-21] each level holds fewer castellers than the level below; Balance: "one level as
    wide as the level directly below it"."""
    return len(level) < len(below) or ("balance" in uses and len(level) == len(below))


def within_width(level: Level, width_uses: int, uses: frozenset[str]) -> bool:
    """Width: "the width limit of the whole tower rises by one"; Base: "one level with no width
    limit"."""
    return len(level) <= WIDTH_LIMIT + width_uses or "base" in uses


def level_obeys(
    levels: Sequence[Level], index: int, width_uses: int, uses: frozenset[str]
) -> bool:
    level = levels[index]
    if not one_size_or_mixed(level, uses) or not within_width(level, width_uses, uses):
        return False
    if index == 0:
        return True
    below = levels[index - 1]
    return smaller_than_below(level, below, uses) and narrower_than_below(level, below, uses)


def real_uses(
    levels: Sequence[Level], index: int, width_uses: int, uses: frozenset[str]
) -> frozenset[str]:
    """The uses granted to a level that cover a real exception there ("A use counts only where
    it covers a real exception")."""
    level = levels[index]
    below = levels[index - 1] if index else None
    real = set()
    if "mix" in uses and len(set(level)) > 1:
        real.add("mix")
    if "base" in uses and len(level) > WIDTH_LIMIT + width_uses:
        real.add("base")
    if below is not None and "balance" in uses and len(level) == len(below):
        real.add("balance")
    if below is not None and "strength" in uses and max(level) == min(below):
        real.add("strength")
    return frozenset(real)


def assignments(
    levels: Sequence[Level], most_width: int
) -> Iterator[tuple[int, list[frozenset[str]]]]:
    """Every (Width uses, uses granted to each level) under which every level obeys the rules,
    each granted use real (a use that covers nothing is not counted, so leaving it out changes
    nothing)."""
    grants = [frozenset(g) for n in range(5) for g in _subsets(LEVEL_SKILLS, n)]
    for width_uses in range(most_width + 1):
        per_level = [
            [
                g
                for g in grants
                if level_obeys(levels, i, width_uses, g)
                and real_uses(levels, i, width_uses, g) == g
            ]
            for i in range(len(levels))
        ]
        for chosen in product(*per_level):
            yield width_uses, list(chosen)


def _subsets(items: Sequence[str], n: int) -> Iterator[tuple[str, ...]]:
    if n == 0:
        yield ()
        return
    for i, item in enumerate(items):
        for rest in _subsets(items[i + 1 :], n - 1):
            yield (item, *rest)


def oracle(levels: Sequence[Level], ranks: dict[str, int], skills: Sequence[str] = ()) -> bool:
    """Legal for `ranks` with an assignment that really uses every skill of `skills` [D-22]."""
    widest = max(len(level) for level in levels)
    for width_uses, real in assignments(levels, min(ranks["width"], widest)):
        counts: dict[str, int] = {skill: sum(skill in uses for uses in real) for skill in SKILLS}
        # Width: "3 -> 4 costs one use; -> 5, two": every use lifts a level that needs it.
        really_wide = any(
            len(level) > WIDTH_LIMIT + width_uses - 1 and "base" not in uses
            for level, uses in zip(levels, real, strict=True)
        )
        counts["width"] = width_uses if really_wide else 0
        if width_uses and not really_wide:
            continue  # the same tower with fewer Width uses is tried on its own
        if all(counts[s] <= ranks[s] for s in SKILLS) and all(counts[s] for s in skills):
            return True
    return False


@st.composite
def towers(draw: st.DrawFn) -> list[Level]:
    """Towers near the rules' edges: each level's biggest casteller a little under, at, or one
    over the smallest below; some levels mixed (sometimes by two sizes); widths around the
    level below and the limit."""
    levels: list[Level] = []
    top = draw(st.integers(1, 10))
    width = draw(st.integers(1, 7))
    for _ in range(draw(st.integers(1, 5))):
        if levels:
            top = min(levels[-1]) + draw(st.integers(-2, 1))
            width = len(levels[-1]) + draw(st.integers(-2, 1))
        low = top - draw(st.sampled_from((0, 0, 1, 1, 2)))
        if low < 1 or top > 10 or width < 1:
            break
        sizes = [draw(st.sampled_from((low, top))) for _ in range(width)]
        levels.append(tuple(sorted(sizes, reverse=True)))
    return levels or [(5,)]


NO_RANKS: dict[str, int] = dict.fromkeys(SKILLS, 0)
ONE_OF_EACH: dict[str, int] = dict.fromkeys(SKILLS, 1)
rank_sets = st.fixed_dictionaries({skill: st.integers(0, 3) for skill in SKILLS})


@settings(max_examples=1500, deadline=None)
@given(levels=towers(), ranks=rank_sets, skills=st.lists(st.sampled_from(SKILLS), unique=True))
# The size rule against a mixed level below compares with its smallest casteller.
@example(levels=[(9, 8), (9,)], ranks={**NO_RANKS, "mix": 1}, skills=[])
@example(levels=[(9, 8), (8,)], ranks={**NO_RANKS, "mix": 1}, skills=[])
@example(levels=[(9, 8), (8,)], ranks=ONE_OF_EACH, skills=[])
@example(levels=[(5, 5, 5, 5), (3, 3, 3, 3)], ranks=ONE_OF_EACH, skills=["base"])
def test_check_tower_agrees_with_the_rules_sentences(
    levels: list[Level], ranks: dict[str, int], skills: list[str]
) -> None:
    check = check_tower(levels, ranks, skills)
    assert check.legal == oracle(levels, ranks, skills), (levels, ranks, skills, check)
    if check.legal:
        assert all(check.uses[s] <= ranks[s] for s in SKILLS)
        assert all(check.uses[s] >= 1 for s in skills)
    else:
        assert check.reason


def test_a_mixed_level_below_counts_by_its_smallest_casteller() -> None:
    # The planted bug of the audit: comparing with the largest of a mixed level below made
    # a 9 on a 9-8 level legal.
    mix_only = {**NO_RANKS, "mix": 1}
    assert not oracle([(9, 8), (9,)], mix_only)
    assert not check_tower([[9, 8], [9]], mix_only).legal
    assert oracle([(9, 8), (8,)], {**mix_only, "strength": 1})
    assert check_tower([[9, 8], [8]], {**mix_only, "strength": 1}).legal
