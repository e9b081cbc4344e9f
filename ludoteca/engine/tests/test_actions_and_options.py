from dataclasses import dataclass

import pytest

from ludoteca.engine import Action, ActionCodec, IllegalAction, option_field, parse_options
from ludoteca.engine.options import describe_options, options_to_json


@dataclass(frozen=True)
class Place(Action):
    kind = "place"
    squares: tuple[tuple[int, int], ...]
    pawn: int = 0


CODEC = ActionCodec([Place])


def test_an_action_round_trips() -> None:
    action = Place(((1, 2), (1, 3)), pawn=2)
    data = CODEC.encode(action)
    assert data == {"kind": "place", "squares": [[1, 2], [1, 3]], "pawn": 2}
    assert CODEC.decode(data) == action


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("place", "must be an object"),
        ({"kind": "fly"}, "unknown action kind 'fly'; allowed kinds: place"),
        ({"kind": "place"}, "needs the field 'squares'"),
        ({"kind": "place", "squares": [], "colour": "red"}, "unexpected field 'colour'"),
        ({"kind": "place", "squares": {"a": 1}}, "expected a list"),
        ({"kind": "place", "squares": [[1, 2.5]]}, "squares[0][1]: expected a whole number"),
        ({"kind": "place", "squares": [], "pawn": True}, "expected a whole number, got True"),
        ({"kind": "x" * 1_000_000}, "too long"),
        ({"kind": "place", "squares": [[[[[[[[[[[]]]]]]]]]]]}, "nested too deep"),
    ],
)
def test_malformed_actions_say_what_is_wrong(data: object, words: str) -> None:
    with pytest.raises(IllegalAction, match=words.replace("[", r"\[").replace("]", r"\]")):
        CODEC.decode(data)


@dataclass(frozen=True)
class Opts:
    colours: int = option_field(5, "colours on the board", (4, 5, 6))
    rounds: int = option_field(6, "rounds in a match")
    advanced: bool = option_field(False, "advanced side")


def test_options_default_and_parse() -> None:
    assert parse_options(Opts, None) == Opts()
    assert parse_options(Opts, {"colours": 6, "advanced": True}) == Opts(6, 6, True)
    assert options_to_json(Opts()) == {"colours": 5, "rounds": 6, "advanced": False}
    assert describe_options(Opts)[0]["choices"] == (4, 5, 6)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"colour": 5}, "unknown option\\(s\\) colour; this game's options: advanced, colours"),
        ({"colours": 7}, "option 'colours' cannot be 7; allowed: 4, 5, 6"),
        ({"rounds": "many"}, "option 'rounds': expected a whole number, got 'many'"),
        ({"rounds": 1.9}, "option 'rounds': expected a whole number, got 1.9"),
        ({"advanced": "true"}, "option 'advanced': expected true or false"),
    ],
)
def test_bad_options_say_what_is_allowed(data: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        parse_options(Opts, data)
