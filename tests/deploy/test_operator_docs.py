"""The operators' notes (docs/running.md) stay true: every metric a node exports is listed, the
lease's range is the one the settings enforce, and `make cluster` takes its choices."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from fivedice.server.metrics import Metrics
from fivedice.server.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
RUNNING = (ROOT / "docs" / "running.md").read_text(encoding="utf-8")


def test_every_metric_is_listed() -> None:
    names = {metric.name for metric in Metrics().registry.collect()}
    assert names, "no metrics registered"
    for name in names:  # a counter is collected without its "_total"
        assert re.search(rf"`{re.escape(name)}(_total)?`", RUNNING), name


def test_the_lease_range_is_the_enforced_one() -> None:
    assert "0.5 to 600" in RUNNING
    base = Settings.from_env()
    clustered = replace(
        base,
        redis_url="redis://127.0.0.1:6379/0",
        database_url="postgresql+psycopg://fivedice@127.0.0.1/fivedice",
    )
    assert clustered.problem() is None
    for seconds, refused in ((0.49, True), (0.5, False), (600.0, False), (600.1, True)):
        settings = replace(clustered, lease_seconds=seconds)
        assert (settings.problem() is not None) is refused, seconds


def test_make_cluster_takes_its_choices() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    line = next(x for x in makefile.splitlines() if "deploy/localcluster.py" in x)
    assert line.rstrip().endswith("$(ARGS)")
    assert "make cluster ARGS='--port" in RUNNING
