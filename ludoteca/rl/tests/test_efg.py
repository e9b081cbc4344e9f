"""The exported tree (`ludoteca.rl.efg`): read by OpenSpiel's C++ efg_game and by Gambit, the
same game as the adapter's and as OpenSpiel's own Goofspiel, and both solvers' equilibria
agreeing (`ludoteca.rl.profiles`)."""

from __future__ import annotations

import io
from pathlib import Path

import pygambit
import pyspiel
import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.rl import efg, openspiel
from ludoteca.rl.profiles import infosets, to_policy, to_profile, weighted_regret

GOOFSPIEL_3 = ("turn_based_simultaneous_game(game=goofspiel(imp_info=False,num_cards=3,"
               "players=2,points_order=random,returns_type=win_loss))")


def test_numbers_and_labels_as_both_readers_take_them() -> None:
    assert [efg.number(x) for x in (1 / 3, -1.0, 0.0, 0.5)] == ["1/3", "-1", "0", "1/2"]
    assert efg.number(0.1234567891234) == "0.1234567891234"
    assert efg.label('say "hi"\nthere') == "\"say 'hi' there\""


def test_three_card_goofspiel_is_the_adapters_tree_and_opensspiels_game(tmp_path: Path) -> None:
    path = tmp_path / "goof3.efg"
    size = efg.export("goofspiel", 2, {"cards": 3}, path)
    # 3 prizes x 3 x 3 bids, 2 prizes x 2 x 2, then the last prize and bids: 216 deals and plays
    assert size.terminals == 216 and size.infosets == (273, 273)
    game = pyspiel.load_efg_game(path.read_text())
    kind = game.get_type()
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    # C++ CFR+ on it meets OpenSpiel's own C++ Goofspiel at every iteration (the same game)
    ours, theirs = pyspiel.CFRPlusSolver(game), pyspiel.CFRPlusSolver(
        pyspiel.load_game(GOOFSPIEL_3))
    for _ in range(8):
        ours.evaluate_and_update_policy()
        theirs.evaluate_and_update_policy()
        assert pyspiel.exploitability(game, ours.average_policy()) == pytest.approx(
            pyspiel.exploitability(pyspiel.load_game(GOOFSPIEL_3), theirs.average_policy()),
            abs=1e-12)


def test_gambit_and_cfr_find_the_same_equilibrium(tmp_path: Path) -> None:
    # A variant with a head start, so the first seat's value is not 0 by symmetry.
    path = tmp_path / "goof3.efg"
    efg.export("goofspiel", 2, {"cards": 3, "variant": {"head_start": 1}}, path)
    spiel = pyspiel.load_efg_game(path.read_text())
    gambit = pygambit.read_efg(str(path))
    sets = infosets(spiel)
    solved = pygambit.nash.lp_solve(gambit, rational=False).equilibria[0]
    solver = pyspiel.CFRPlusSolver(spiel)
    for _ in range(300):
        solver.evaluate_and_update_policy()
    averaged = solver.average_policy()
    gap = pyspiel.exploitability(spiel, averaged)
    assert gap < 1e-3
    # Gambit's equilibrium is one for OpenSpiel, CFR+'s nearly one for Gambit
    assert pyspiel.exploitability(spiel, to_policy(solved, sets)) < 1e-9
    as_profile = to_profile(averaged, sets, gambit)
    assert weighted_regret(as_profile) <= 2 * gap + 1e-9
    # and the values agree, the head start's worth included
    first = list(gambit.players)[0]
    value = float(solved.payoff(first))
    assert value > 0.05
    assert float(as_profile.payoff(first)) == pytest.approx(value, abs=2 * gap)


def test_a_game_without_a_chance_model_or_too_large_is_refused() -> None:
    with pytest.raises(ValueError, match="no chance model"):
        efg.write_efg(openspiel.load("castell", 2), io.StringIO())
    with pytest.raises(efg.TooLarge, match="passes 100 nodes"):
        efg.write_efg(openspiel.load("goofspiel", 2, {"cards": 3}), io.StringIO(), max_nodes=100)


def test_the_command_writes_the_file(tmp_path: Path) -> None:
    runner = CliRunner()
    path = tmp_path / "goof.efg"
    result = runner.invoke(app, ["solve", "export", "goofspiel", "--option", "cards=3",
                                 "-o", str(path)])
    assert result.exit_code == 0, result.output
    assert "information sets 273, 273 per player" in result.output
    assert path.read_text().startswith("EFG 2 R")
    refused = runner.invoke(app, ["solve", "export", "castell", "-o", str(path)])
    assert refused.exit_code == 2 and "no chance model" in refused.output
    bad = runner.invoke(app, ["solve", "export", "goofspiel", "--option", "cards=7",
                              "-o", str(path)])
    assert bad.exit_code == 2 and "cards" in bad.output
