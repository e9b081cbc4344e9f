"""The debrief page draws any game's `Debrief`: tables, heat maps, bars, graphs and logs, every
picture with axis titles and alt text, every table as CSV, the whole as JSON (the engine's
codec), in a layout that prints."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.patches import ArrowStyle, Circle, FancyArrowPatch  # noqa: E402

from ludoteca.engine.codec import decode, encode  # noqa: E402
from ludoteca.engine.debrief import (  # noqa: E402
    Bars,
    Debrief,
    Edge,
    Graph,
    Heatmap,
    Log,
    Node,
    Part,
    Table,
)
from ludoteca.sim import debrief as page_module  # noqa: E402
from ludoteca.sim.debrief import write_debrief  # noqa: E402

HELP = Graph(
    "Who helped whom",
    nodes=[
        Node("0", "Anna", "crew"),
        Node("1", "Bruno", "crew"),
        Node("2", "Carla", "crew"),
        Node("a", "the automaton", "automaton"),
    ],
    edges=[Edge("0", "1", 2, "wood"), Edge("1", "0"), Edge("1", "a", 1, "repair")],
    alt="Anna helped Bruno twice and Bruno helped Anna once; Carla gave and got no help.",
)
DEBRIEF = Debrief(
    title="Session <3> debrief",
    summary=["Two crews, 40 turns.", "The Black Pearl was restored first."],
    parts=[
        Part(
            "Crew of the Black Pearl",
            [
                Table("Offices", ["office", "who"], [["captain", "Anna"], ["quartermaster", None]]),
                Heatmap(
                    "Wood used",
                    rows=["yellow", "purple"],
                    columns=["Anna", "Bruno"],
                    values=[[2, 1], [0, 3.5]],
                    row_title="whose wood",
                    column_title="used by",
                    alt="Bruno used most of the purple wood.",
                ),
                Bars(
                    "Turns per place",
                    categories=["island", "forest"],
                    series={"Anna": [3, 1], "Bruno": [0, 4]},
                    category_title="place",
                    value_title="turns",
                    alt="Anna stayed on the island, Bruno in the forest.",
                    note="Phase 1 only.",
                ),
                HELP,
            ],
            summary=["Restored after 15 repairs."],
        ),
        Part("Messages", [Log("Chat", ["when", "from", "to", "text"], [[3, "Anna", "all", "hi"]])]),
    ],
    data={"ranking": [0, 1]},
)


def test_every_part_drawn_with_alt_text_and_every_table_as_csv(tmp_path: Path) -> None:
    page = write_debrief(DEBRIEF, tmp_path, "Seed 7, 40 actions, finished.").read_text()
    assert "<h1>Session &lt;3&gt; debrief</h1>" in page and "Seed 7, 40 actions" in page
    assert "<h2 class=first>Crew of the Black Pearl</h2>" in page and "<h2>Messages</h2>" in page
    for section in DEBRIEF.parts[0].sections:
        assert f"<h3>{section.title}</h3>" in page
    for alt in (
        "Bruno used most of the purple wood.",
        "Anna stayed on the island, Bruno in the forest.",
        "Anna helped Bruno twice and Bruno helped Anna once; Carla gave and got no help.",
    ):
        assert f'alt="{alt}"' in page
    assert page.count("<img") == 3 == len(list(tmp_path.glob("picture-*.png")))
    assert "Restored after 15 repairs." in page and "Phase 1 only." in page
    csvs = sorted(tmp_path.glob("table-*.csv"))
    assert len(csvs) == 5 == page.count('class="csv"')  # offices, wood, turns, help, chat
    rows = {p.name.split("-", 2)[2]: list(csv.reader(p.open())) for p in csvs}
    assert rows["offices.csv"] == [["office", "who"], ["captain", "Anna"], ["quartermaster", ""]]
    assert rows["wood-used.csv"][0] == ["whose wood \\ used by", "Anna", "Bruno"]
    assert rows["wood-used.csv"][2] == ["purple", "0", "3.5"]
    assert rows["turns-per-place.csv"] == [
        ["place", "Anna", "Bruno"],
        ["island", "3", "0"],
        ["forest", "1", "4"],
    ]
    assert rows["who-helped-whom.csv"][1] == ["Anna", "Bruno", "2", "wood"]
    assert rows["chat.csv"] == [["when", "from", "to", "text"], ["3", "Anna", "all", "hi"]]


def test_the_json_is_the_codec_s_and_reads_back(tmp_path: Path) -> None:
    write_debrief(DEBRIEF, tmp_path)
    data = json.loads((tmp_path / "debrief.json").read_text())
    assert data == encode(DEBRIEF, Debrief)
    assert decode(Debrief, data) == DEBRIEF


def test_the_page_prints(tmp_path: Path) -> None:
    page = write_debrief(DEBRIEF, tmp_path).read_text()
    assert "@media print" in page and "break-inside: avoid" in page
    assert "a.csv { display: none; }" in page


def test_pictures_have_axis_titles_and_graphs_draw_every_node_and_arrowhead(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    figures = []
    original = page_module.save_figure  # type: ignore[attr-defined]

    def keep(figure, path, tight=False):  # type: ignore[no-untyped-def]
        figures.append(figure)
        original(figure, path, tight)

    monkeypatch.setattr(page_module, "save_figure", keep)
    write_debrief(DEBRIEF, tmp_path)
    heat, bars, graph = (figure.axes[0] for figure in figures)
    assert (heat.get_xlabel(), heat.get_ylabel()) == ("used by", "whose wood")
    assert (bars.get_xlabel(), bars.get_ylabel()) == ("place", "turns")
    assert bars.get_legend() is not None  # two series
    assert [a.get_title() for a in (heat, bars, graph)] == [
        "Wood used",
        "Turns per place",
        "Who helped whom",
    ]
    discs = [p for p in graph.patches if isinstance(p, Circle)]  # one per node, in order
    arrows = [p for p in graph.patches if isinstance(p, FancyArrowPatch)]  # one per edge
    labels = {t.get_text() for t in graph.texts}
    assert len(discs) == 4 and {"Anna", "Bruno", "Carla", "the automaton"} <= labels  # Carla too
    assert len(arrows) == 3
    assert all(isinstance(a.get_arrowstyle(), ArrowStyle.CurveFilledB) for a in arrows)
    centre = {node.id: disc.center for node, disc in zip(HELP.nodes, discs, strict=True)}
    for arrow, edge in zip(arrows, HELP.edges, strict=True):
        # the head's tip stops on the target's rim, outside the disc drawn over it, so it shows
        tip = arrow._posA_posB[1]  # type: ignore[attr-defined]  # (no public getter)
        (x, y), radius = centre[edge.target], discs[0].radius
        assert abs(((tip[0] - x) ** 2 + (tip[1] - y) ** 2) ** 0.5 - radius) < 1e-9
    bends = [a.get_connectionstyle().rad for a in arrows]  # type: ignore[attr-defined]
    assert bends == [0.2, 0.2, 0.0]  # Anna -> Bruno and Bruno -> Anna do not overlap


def test_writing_again_replaces_the_old_files(tmp_path: Path) -> None:
    write_debrief(DEBRIEF, tmp_path)
    write_debrief(Debrief("Empty", [], []), tmp_path)
    assert not list(tmp_path.glob("*.png")) and not list(tmp_path.glob("*.csv"))
    assert "<h1>Empty</h1>" in (tmp_path / "index.html").read_text()
