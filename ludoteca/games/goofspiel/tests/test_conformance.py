from ludoteca.engine.testing import check_game
from ludoteca.games.goofspiel import GAME


def test_goofspiel_passes_the_conformance_harness() -> None:
    report = check_game(GAME, playouts=4)
    assert report.playouts == 12 and not report.failures
