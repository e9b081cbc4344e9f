"""The rules pages end with an index: every rule and every [D-n] points to its code and test."""

from pathlib import Path

from ludoteca.engine.rules_index import index_problems


def test_every_rule_and_decision_points_to_its_code_and_test() -> None:
    assert index_problems(Path(__file__).parent.parent) == []
