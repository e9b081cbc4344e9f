"""The rules pages' index points to code and tests that exist, and covers every [D-n]."""

from pathlib import Path

from ludoteca.engine.rules_index import index_problems

PACKAGE = Path(__file__).resolve().parents[1]


def test_every_rule_and_decision_points_to_its_code_and_test() -> None:
    assert index_problems(PACKAGE) == []
