"""The operators' examples: Prometheus's (docs/operators/prometheus/), checked by `promtool`
where it is installed and everywhere read as YAML, every alert naming a figure the server really
exports (a renamed metric would leave an alert that never fires); nginx's routing by match, the
same in the tests' own proxy."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from ludoteca.server.metrics import Metrics

EXAMPLES = Path(__file__).parent.parent / "docs" / "operators" / "prometheus"
NAME = re.compile(r"\b(ludoteca_[a-z_]+)")


def exported() -> set[str]:
    """Every series name the server exports with several processes (a histogram's buckets,
    sum and count; a counter's total)."""
    names: set[str] = set()
    for family in Metrics(shared=True).registry.collect():
        names |= {sample.name for sample in family.samples}
        names |= {family.name + suffix for suffix in ("_bucket", "_sum", "_count", "_total")
                  if family.type in ("histogram", "counter")}
    return names


def load(name: str) -> Any:
    return yaml.safe_load((EXAMPLES / name).read_text())


def test_the_scrape_config_reads_the_metrics_of_each_process() -> None:
    config = load("prometheus.yml")
    assert config["rule_files"] == ["alerts.yml"]
    (job,) = config["scrape_configs"]
    assert job["metrics_path"] == "/metrics" and job["static_configs"][0]["targets"]


def test_the_alerts_watch_redis_and_acknowledgements_with_real_names() -> None:
    rules = [rule for group in load("alerts.yml")["groups"] for rule in group["rules"]]
    by_name = {rule["alert"]: rule for rule in rules}
    assert "ludoteca_redis_up == 0" in by_name["LudotecaCutOffFromRedis"]["expr"]
    assert "ludoteca_ack_seconds_bucket" in by_name["LudotecaSlowAcknowledgements"]["expr"]
    known = exported()
    for rule in rules:
        assert {"alert", "expr", "labels", "annotations"} <= set(rule), rule
        assert set(NAME.findall(rule["expr"])) <= known, rule["alert"]


@pytest.mark.skipif(shutil.which("promtool") is None, reason="promtool is not installed")
def test_promtool_accepts_the_examples() -> None:
    for what, name in (("config", "prometheus.yml"), ("rules", "alerts.yml")):
        checked = subprocess.run(["promtool", "check", what, str(EXAMPLES / name)],
                                 capture_output=True, text=True)
        assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_tests_proxy_routes_as_the_operators_nginx_example() -> None:
    """The tests' private nginx (ludoteca/server/tests/proxy.py) routes by match with the
    example's own lines."""
    from ludoteca.server.tests.proxy import EXAMPLE, ROUTING

    example = EXAMPLE.read_text()
    for line in ROUTING.strip().splitlines():
        assert line.strip() in example, line
    assert "hash $match consistent;" in example
