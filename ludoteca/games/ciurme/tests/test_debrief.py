"""The facilitator's debrief, in players' words, and the result's details."""

from __future__ import annotations

import json
import re

import pytest

from ludoteca.engine.codec import encode
from ludoteca.engine.debrief import Bars, Debrief, Graph, Heatmap, Log, Table
from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    ClosePhase1,
    Decide,
    Elect,
    Post,
    Repair,
    Stay,
)
from ludoteca.games.ciurme.data import NEUTRAL, SHIP_NAMES, Channel
from ludoteca.games.ciurme.debrief_words import WORDS
from ludoteca.games.ciurme.state import CiurmeState
from ludoteca.games.ciurme.tests.helpers import (
    act,
    assembly,
    motion_to_depose,
    on_wreck,
    phase1,
    play_round,
)


def part(report: Debrief, title: str) -> dict[str, object]:
    """A part's sections by title."""
    (found,) = [p for p in report.parts if p.title.startswith(title)]
    return {s.title: s for s in found.sections}


def session_with_a_runoff_and_talk() -> CiurmeState:
    state = phase1()
    crew = state.crews[0]
    on_wreck(crew, 0, [NEUTRAL])
    crew.transported, crew.neutral = [NEUTRAL], 29
    act(state, 0, Stay())
    act(state, 0, Repair(NEUTRAL))  # seat 0 repaired once: captain
    act(state, 8, Post(Channel.ALL, "Five minutes left"))
    act(state, 1, Post(Channel.CREW, "Let's hurry"))
    act(state, 8, ClosePhase1())
    for voter, choice in ((0, 1), (1, 2), (2, 1), (3, 2)):
        act(state, voter, Elect(choice))  # tied: a run-off
    for voter, choice in ((0, 1), (1, 2), (2, 2), (3, 1)):
        act(state, voter, Elect(choice))  # still tied: the facilitator decides
    act(state, 8, Decide(0, 2))
    return state


def test_the_debrief_speaks_in_players_words() -> None:
    # "make it readable at a glance (tables and pictures) and exportable"; votes as words, one
    # record per run-off, every picture titled and described
    state = session_with_a_runoff_and_talk()
    report = GAME.debrief(state)
    json.dumps(encode(report))
    crew = part(report, "crew 0 (black)")
    votes = crew["Votes"]
    assert isinstance(votes, Table)
    assert [row[0] for row in votes.rows] == ["quartermaster", "quartermaster (run-off)"]
    assert votes.rows[1][3] == "Player 2 (green), decided by the facilitator"
    assert "Player 0 (yellow): Player 1 (purple)" in str(votes.rows[0][2])
    assert "-1" not in json.dumps(encode(votes)) and "-2" not in json.dumps(encode(votes))
    talk = crew["The crew's talk"]
    assert isinstance(talk, Log)
    assert talk.rows == [["phase 1", "Player 1 (purple)", "the crew", "Let's hurry"]]
    room = part(report, "The room's talk")["Every message"]
    assert isinstance(room, Log) and room.rows[0][1:3] == ["the facilitator", "everybody"]
    for section in (s for p in report.parts for s in p.sections):
        if isinstance(section, Heatmap | Bars | Graph):
            assert section.alt, section.title
        if isinstance(section, Heatmap):
            assert section.row_title and section.column_title
        if isinstance(section, Bars):
            assert section.category_title and section.value_title


def test_the_help_graph_shows_every_member_helped_or_not() -> None:
    state = phase1()
    crew = state.crews[0]
    crew.pieces = [(0, NEUTRAL, 0)] * 3 + [(0, NEUTRAL, 1)]
    graph = part(GAME.debrief(state), "crew 0 (black)")["Who helped whom"]
    assert isinstance(graph, Graph)
    assert [n.label for n in graph.nodes] == [
        "Player 0 (yellow)", "Player 1 (purple)", "Player 2 (green)", "Player 3 (orange)",
        "the automaton (red)",
    ]
    assert [(e.source, e.target) for e in graph.edges] == [("0", "1")]


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_session_ended_in_the_briefing_says_only_that_phase1_never_started(
        language: str) -> None:
    report = GAME.debrief(GAME.setup(8, 0), language)
    lines = [*report.summary, *(line for p in report.parts for line in p.summary)]
    words = WORDS[language]
    assert words["not_started"] in lines and words["phase1_open"] not in lines


def test_a_crew_stopped_when_phase1_closed_is_not_shown_working() -> None:
    # [D-5] unfinished crews stop when phase 1 is closed
    state = phase1()
    act(state, 8, ClosePhase1())
    first = next(p for p in GAME.debrief(state).parts if p.title.startswith("crew 0"))
    status = first.summary[0]
    assert status == "Stopped at 0/15 repairs when phase 1 was closed, rank 1."
    screen = GAME.render(GAME.view(state, 8))
    assert "working" not in screen and "stopped when phase 1 closed" in screen


def test_the_debrief_of_a_deposition_and_the_assembly() -> None:
    state = assembly()
    motion_to_depose(state, 0, True)
    a, b = state.ranking
    play_round(state, ships={a: 0, b: 1})
    report = GAME.debrief(state)
    depositions = part(report, "crew 0")["Depositions"]
    assert isinstance(depositions, Table) and len(depositions.rows) == 1
    assembly_part = part(report, "The Pirate Assembly")
    assert {"Stamps, round by round", "Squares won each round", "Ships"} <= set(assembly_part)


def test_result_details_for_the_balance_report() -> None:
    state = assembly()
    a, b = state.ranking
    play_round(state, ships={a: 0, b: 1})
    play_round(state, ships={a: 0, b: 1})
    details = GAME.result(state).details
    assert details["crews"] == {"0": [0, 1, 2, 3], "1": [4, 5, 6, 7]}
    per = details["per_crew"][0]
    assert set(per) >= {"phase1_turns_to_restore", "phase1_rank", "repairs_by_captain",
                        "objectives_won", "stamp_values_per_round", "points_per_ship"}
    assert {s.title for s in GAME.report_sections()} >= {"Repairs by captain", "Depositions"}


# Words of the English debrief that no Italian sentence of it holds.
ENGLISH = re.compile(
    r"\b(the|of|and|crew|player|repairs|votes?|ballots|round|stamps|ships?|owner|nobody|yes|"
    r"turns|wood|captain|quartermaster|facilitator|run-off|carried|failed|majority|flagship)\b",
    re.IGNORECASE,
)


def texts(report: Debrief, state: CiurmeState) -> str:
    """Every text of the debrief but the raw figures, the players' messages, ship names and
    the nodes' groups (data for drawing, not words)."""
    words = json.dumps({**encode(report), "data": None}, ensure_ascii=False)
    words = re.sub(r'"group": "\w+"', "", words)
    for said in {m.text for m in state.messages} | set(SHIP_NAMES):
        words = words.replace(said, "")
    return words


def test_the_debrief_in_italian_uses_the_originals_words() -> None:
    # the Italian debrief: ciurma, capitano, quartiermastro, timbri, ammiraglia; the room's names
    assert set(WORDS["it"]) == set(WORDS["en"])
    talk = session_with_a_runoff_and_talk()
    over = assembly()
    a, b = over.ranking
    for _ in over.crews:
        play_round(over, ships={a: 0, b: 1})
    assert over.stage == "over"
    names = {seat: f"Name{seat}" for seat in range(8)}
    for state in (talk, over):
        italian = texts(GAME.debrief(state, "it", names), state)
        assert not ENGLISH.search(italian), ENGLISH.findall(italian)
        english = texts(GAME.debrief(state, "en", names), state)
        assert not re.search(r"\b(ciurma|capitano|riparazioni|turno|nessuno)\b", english)
        assert "Name0" in italian and "Player 0" not in italian
    italian = texts(GAME.debrief(over, "it", names), over)
    for word in ("Ciurma 1", "Capitano", "Quartiermastro", "Timbri", "ammiraglia"):
        assert word in italian, word
    report = GAME.debrief(talk, "it", names)
    votes = part(report, "Ciurma 1")["Votazioni"]
    assert isinstance(votes, Table)
    assert votes.rows[1][0] == "quartiermastro (ballottaggio)"
    assert votes.rows[1][3] == "Name2, deciso dal facilitatore"
    with pytest.raises(ValueError, match="the debrief speaks en, it, not 'fr'"):
        GAME.debrief(talk, "fr")
