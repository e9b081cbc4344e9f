"""The debrief page draws any game's debrief by the shape of its data."""

import json
from pathlib import Path

from ludoteca.sim.debrief import write_debrief

DATA = {
    "ranking": [2, 0, 1],
    "crews": [
        {
            "crew": 0,
            "captain": 3,
            "wood": {"yellow": {"0": 2, "1": 1}, "purple": {"0": 0, "1": 3}},
            "help": [{"from": 1, "to": "automaton", "wood": "red"}, {"from": 2, "to": 1}],
            "votes": [{"topic": "quartermaster", "ballots": {"0": 1, "1": 1}, "winner": 1}],
        }
    ],
}


def test_tables_pictures_and_json(tmp_path: Path) -> None:
    page = write_debrief("A debrief", DATA, tmp_path)
    text = page.read_text()
    assert json.loads((tmp_path / "debrief.json").read_text()) == DATA
    assert "<h1>A debrief</h1>" in text and "<h2>Crews</h2>" in text and "Crew 0" in text
    assert text.count("<img") == 2  # the wood matrix's heat map and the help graph
    assert sorted(p.name for p in tmp_path.glob("*.png")) == ["picture-1.png", "picture-2.png"]
    assert "0: 1, 1: 1" in text  # a flat mapping inside a record reads as one cell
    assert "automaton" in text and "quartermaster" in text


def test_writing_again_replaces_the_old_pictures(tmp_path: Path) -> None:
    write_debrief("first", DATA, tmp_path)
    write_debrief("second", {"ranking": [0, 1]}, tmp_path)
    assert not list(tmp_path.glob("*.png"))
