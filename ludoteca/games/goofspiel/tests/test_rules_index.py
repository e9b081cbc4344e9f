"""The rules pages' index points to code and tests that exist, and covers every [D-n]."""

from pathlib import Path

from ludoteca.engine.rules_index import index_problems


def test_the_rules_pages_index_every_decision_and_rule() -> None:
    assert index_problems(Path(__file__).parents[1]) == []
