from ludoteca.engine.testing import check_game
from ludoteca.games.nim import GAME


def test_nim_passes_the_conformance_harness() -> None:
    report = check_game(GAME, playouts=4)
    assert report.playouts > 0 and not report.failures, report.failures
