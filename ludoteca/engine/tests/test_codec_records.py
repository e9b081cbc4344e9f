"""Records (never changed once written) are encoded once and kept by identity: the same answer
as `encode`, the same object on every later call, and a bounded number kept."""

from dataclasses import dataclass
from enum import Enum

import pytest

from ludoteca.engine import codec
from ludoteca.engine.codec import encode, encode_record


class Colour(Enum):
    RED = "red"


@dataclass(frozen=True)
class Held:
    round: int
    colour: Colour
    scores: dict[str, int]


def test_a_record_encodes_as_encode_does_and_once() -> None:
    held = Held(2, Colour.RED, {"0": 5})
    first = encode_record(held)
    assert first == encode(held) == {"round": 2, "colour": "red", "scores": {"0": 5}}
    assert encode_record(held) is first
    # an equal record made apart is a record of its own (identity, not equality)
    assert encode_record(Held(2, Colour.RED, {"0": 5})) is not first


def test_the_oldest_records_are_forgotten_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(codec, "RECORDS_KEPT", 3)
    monkeypatch.setattr(codec, "_records", {})
    records = [Held(r, Colour.RED, {}) for r in range(5)]
    for record in records:
        encode_record(record)
    assert len(codec._records) == 3
    assert [value for value, _ in codec._records.values()] == records[2:]
