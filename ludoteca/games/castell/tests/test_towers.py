"""The building rules and every skill, tower by tower."""

from __future__ import annotations

import pytest

from ludoteca.games.castell.towers import best_tower, check_tower, team_counts, width_assignments

NONE = {"balance": 0, "base": 0, "mix": 0, "strength": 0, "width": 0}


def ranks(**given: int) -> dict[str, int]:
    return {**NONE, **given}


def test_basic_rules_accept_a_plain_tower_without_skills() -> None:
    check = check_tower([[9, 9, 9], [7, 7], [2]], NONE)
    assert check.legal and check.reason is None
    assert check.uses == NONE


def test_one_size_per_level() -> None:
    # "Ogni livello della torre deve essere composto da castellani della stessa dimensione."
    check = check_tower([[9, 7], [5]], ranks(mix=3))
    assert not check.legal and "mixes sizes 7 and 9" in (check.reason or "")


def test_each_level_smaller_than_the_one_below() -> None:
    # "Ogni livello che viene costruito sopra un altro livello deve essere composto da
    # castellani di dimensioni inferiori al precedente."
    check = check_tower([[5, 5], [6]], NONE)
    assert not check.legal and "size 6 on a size 5" in (check.reason or "")


def test_at_most_three_a_level() -> None:
    # "Il massimo di castellani che si possono avere su un livello è tre."
    check = check_tower([[9, 9, 9, 9], [5]], NONE)
    assert not check.legal and "too wide" in (check.reason or "")


def test_each_level_narrower_than_the_one_below_d21() -> None:
    # [D-21]
    assert not check_tower([[9, 9], [5, 5]], NONE).legal
    wider = check_tower([[9], [5, 5]], ranks(balance=3))
    assert not wider.legal and "narrower" in (wider.reason or "")


def test_321_is_the_tallest_tower_without_skills() -> None:
    team = [s for s in range(1, 11) for _ in range(3)]
    tower = best_tower(team, NONE)
    assert tower is not None and [len(level) for level in tower] == [3, 2, 1]


def test_balance_one_use_per_equal_level_and_rank_is_the_limit() -> None:
    # "Equilibrio: ... un livello ... che consiste nello stesso numero di castellani che si
    # trovano nel livello immediatamente inferiore."
    tower = [[9, 9], [7, 7], [5, 5], [3]]
    assert check_tower(tower, ranks(balance=2)).uses["balance"] == 2
    assert not check_tower(tower, ranks(balance=1)).legal


def test_strength_allows_equal_size_only() -> None:
    # "Forza: ... supporta un livello di Castelleri di una taglia superiore al normale."
    assert check_tower([[6, 6], [6]], ranks(strength=1)).uses["strength"] == 1
    assert not check_tower([[6, 6], [6]], NONE).legal
    assert not check_tower([[6, 6], [7]], ranks(strength=3)).legal
    two = [[6, 6, 6], [6, 6], [6]]
    assert check_tower(two, ranks(strength=2)).uses["strength"] == 2
    assert not check_tower(two, ranks(strength=1)).legal


def test_mix_sizes_differ_by_one_and_compares_the_largest() -> None:
    # "Mescola: ... Castelleri di dimensioni diverse ... può variare solo di un numero."
    check = check_tower([[9, 8, 8], [7, 6], [5]], ranks(mix=2))
    assert check.legal and check.uses["mix"] == 2
    assert not check_tower([[9, 8, 8], [7, 6], [5]], ranks(mix=1)).legal
    assert not check_tower([[9, 7]], ranks(mix=3)).legal
    # The size rule compares the biggest of the upper level with the smallest of the lower.
    assert not check_tower([[9, 9, 8], [8, 7]], ranks(mix=3)).legal
    assert check_tower([[9, 9, 8], [8, 7]], ranks(mix=3, strength=1)).legal


def test_width_raises_the_limit_by_one_per_use() -> None:
    # "Larghezza: l'abilità Larghezza aumenta di uno il limite di larghezza dell'intera torre."
    assert check_tower([[9] * 4, [5] * 3], ranks(width=1)).uses["width"] == 1
    assert check_tower([[9] * 5, [5] * 4], ranks(width=2)).uses["width"] == 2
    assert not check_tower([[9] * 5], ranks(width=1)).legal


def test_base_frees_one_level_per_use_but_not_the_levels_above() -> None:
    # "Base: ... un livello nella torre che contiene una quantità illimitata di castellieri.
    # Tutti i livelli che si trovano al di sopra di esso devono rispettare la restrizione."
    check = check_tower([[9] * 7, [5] * 3], ranks(base=1))
    assert check.legal and check.uses["base"] == 1
    assert not check_tower([[9] * 7, [5] * 4], ranks(base=1)).legal
    assert check_tower([[9] * 7, [5] * 4], ranks(base=2)).uses["base"] == 2
    # Base lifts only the limit: the level must still be narrower than the one below.
    assert not check_tower([[9] * 5, [7] * 6], ranks(base=3)).legal


def test_base_and_width_find_an_assignment_within_the_ranks() -> None:
    tower = [[9] * 5, [7] * 4, [5] * 3]
    assert check_tower(tower, ranks(width=2)).uses == {**NONE, "width": 2}
    assert check_tower(tower, ranks(base=2)).uses == {**NONE, "base": 2}
    assert check_tower(tower, ranks(base=1, width=1)).uses == {**NONE, "base": 1, "width": 1}
    assert not check_tower(tower, ranks(base=1)).legal
    assert width_assignments([5, 4, 3]) == [(0, 2), (1, 1), (2, 0)]


def test_a_use_counts_only_for_a_real_exception() -> None:
    # Base on a level the Width limit already allows is no use: 4-4 with Width 1 needs Balance.
    assert width_assignments([4, 4]) == [(0, 2), (1, 0)]
    check = check_tower([[9] * 4, [7] * 4], ranks(width=1, balance=1), skills=("base",))
    assert not check.legal


def test_required_skills_d22() -> None:
    # [D-22] an assignment that uses every skill shown; other skills may be used too.
    tower = [[9] * 5, [7] * 4, [5] * 3, [3] * 2, [1]]
    assert check_tower(tower, ranks(base=1, width=1), skills=("base", "width")).legal
    assert not check_tower(tower, ranks(width=2, base=1), skills=("mix",)).legal


@pytest.mark.parametrize(
    "levels",
    [[], [[]], [[0]], [[11]], [[3.0]], [["3"]], "321", [[True]], [5]],
)
def test_malformed_towers_raise_value_error(levels: object) -> None:
    with pytest.raises(ValueError):
        check_tower(levels, NONE)  # type: ignore[arg-type]


def test_bad_ranks_raise_value_error() -> None:
    with pytest.raises(ValueError):
        check_tower([[3]], {"speed": 1})
    with pytest.raises(ValueError):
        check_tower([[3]], {"mix": -1})


@pytest.mark.parametrize("team", [[0], [11], [-2], [True], [3.0], ["3"], [10, 12], [5, None]])
def test_a_team_of_non_sizes_raises_a_clear_value_error(team: list[object]) -> None:
    with pytest.raises(ValueError, match="a team holds casteller sizes 1-10, not"):
        team_counts(team)  # type: ignore[arg-type]


def test_team_counts_counts_each_size() -> None:
    assert team_counts([10, 9, 9, 1]) == (1, 0, 0, 0, 0, 0, 0, 0, 2, 1)
    assert team_counts([]) == (0,) * 10
