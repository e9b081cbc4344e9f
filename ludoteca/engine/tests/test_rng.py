import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.engine import Rng
from ludoteca.engine import rng as rng_module


def test_same_seed_same_sequence() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]


def test_state_round_trips_through_json() -> None:
    rng = Rng(7)
    rng.random()
    again = Rng.from_json(rng.to_json())
    assert again == rng and again.random() == rng.random()


def test_copy_is_independent() -> None:
    rng = Rng(3)
    twin = rng.copy()
    rng.random()
    assert twin != rng


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_randrange_stays_in_bounds(seed: int, n: int) -> None:
    rng = Rng(seed)
    assert all(0 <= rng.randrange(n) < n for _ in range(20))


def test_randrange_is_roughly_uniform() -> None:
    rng = Rng(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.randrange(6)] += 1
    assert max(counts) - min(counts) < 600


def test_shuffle_is_a_permutation() -> None:
    items = list(range(50))
    Rng(9).shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))


def test_splitmix64_reference_values() -> None:
    """The published SplitMix64 outputs for seed 0: every saved match and fingerprint relies on
    this exact stream."""
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F,
    ]


@given(
    st.integers(min_value=0, max_value=2**64 - 1),
    st.integers(min_value=1, max_value=2**64),
)
def test_randrange_draws_as_the_plain_definition(seed: int, n: int) -> None:
    """randrange's written-out step and kept bounds give what the plain definition gives: the
    next output of next_u64, redrawn while at or above the largest multiple of n."""
    fast, plain = Rng(seed), Rng(seed)
    for _ in range(5):
        limit = (1 << 64) - ((1 << 64) % n)
        x = plain.next_u64()
        while x >= limit:
            x = plain.next_u64()
        assert fast.randrange(n) == x % n
        assert fast == plain


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=300))
def test_shuffle_draws_as_the_plain_definition(seed: int, size: int) -> None:
    """shuffle's written-out draws swap as Fisher-Yates by randrange does, and leave the
    generator where it leaves it."""
    fast, plain = Rng(seed), Rng(seed)
    items, expected = list(range(size)), list(range(size))
    fast.shuffle(items)
    for i in range(size - 1, 0, -1):
        j = plain.randrange(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and fast == plain


def test_shuffle_draws_one_by_one_where_a_draw_may_be_redrawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where a draw worked out ahead is high enough that randrange might redraw it, the shuffle
    draws one by one as randrange does: the plain definition's items and generator state."""
    fast, plain = Rng(5), Rng(5)
    monkeypatch.setattr(rng_module, "_outputs", lambda state, count: [(1 << 64) - 1] * count)
    items, expected = list(range(40)), list(range(40))
    fast.shuffle(items)
    for i in range(39, 0, -1):
        j = plain.randrange(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and fast == plain
