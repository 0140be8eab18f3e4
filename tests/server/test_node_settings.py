"""A node's settings, as an operator meets them: one node needs neither Redis nor its client
library, and a setting that cannot work is refused in one line before anything starts."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fivedice.server.settings import Settings

REPO = Path(__file__).resolve().parents[2]


def test_one_node_runs_without_the_redis_library(tmp_path: Path) -> None:
    """With `redis` unimportable, the app starts, opens and shows a table, and stops."""
    script = f"""
import sys
sys.modules["redis"] = None  # as if the cluster extra were not installed
from fastapi.testclient import TestClient
from fivedice.server.app import create_app
from fivedice.server.settings import Settings

settings = Settings.from_env(database_url="sqlite:///{tmp_path / "one.db"}")
assert settings.problem() is None
with TestClient(create_app(settings)) as http:
    made = http.post("/api/tables", json={{"host_name": "Ann", "bots": [{{"level": "beginner"}}]}})
    assert made.status_code == 201, made.text
    table = http.get(f"/api/tables/{{made.json()['table_id']}}").json()
    assert [seat["name"] for seat in table["seats"]][:1] == ["Ann"], table
    assert http.get("/healthz").json()["node"] == settings.node
print("ok")
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=REPO
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("ok")


def test_a_redis_url_without_the_library_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "redis" else real(name, *a)
    )
    settings = Settings.from_env(
        database_url="postgresql+psycopg://u@127.0.0.1/x", redis_url="redis://127.0.0.1:1/0"
    )
    assert settings.problem() == (
        "FIVEDICE_REDIS_URL is set, but Redis support is not installed: "
        "pip install 'fivedice[cluster]'"
    )


def test_postgresql_without_its_driver_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "psycopg" else real(name, *a)
    )
    settings = Settings.from_env(database_url="postgresql+psycopg://u@127.0.0.1/x")
    problem = settings.problem()
    assert problem is not None and "pip install 'fivedice[postgres]'" in problem


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"FIVEDICE_REDIS_URL": "redis://127.0.0.1:1/0"}, "share PostgreSQL, not SQLite"),
        (
            {
                "FIVEDICE_REDIS_URL": "redis://127.0.0.1:1/0",
                "FIVEDICE_DATABASE_URL": "postgresql+psycopg://u@127.0.0.1:1/x",
                "FIVEDICE_LEASE_SECONDS": "0.1",
            },
            "FIVEDICE_LEASE_SECONDS must be between 0.5 and 600",
        ),
        ({"FIVEDICE_UNDO_GRACE": "-1"}, "FIVEDICE_UNDO_GRACE must be between 0 and 60"),
        ({"FIVEDICE_UNDO_GRACE": "61"}, "FIVEDICE_UNDO_GRACE must be between 0 and 60"),
        ({"FIVEDICE_UNDO_GRACE": "nan"}, "FIVEDICE_UNDO_GRACE must be a number"),
        ({"FIVEDICE_EVENT_LOOP": "tokio"}, "FIVEDICE_EVENT_LOOP must be one of asyncio, uvloop"),
    ],
)
def test_serve_refuses_settings_that_cannot_work(
    tmp_path: Path, env: dict[str, str], says: str
) -> None:
    """`fivedice serve` exits 2 with one line on stderr, and has opened nothing."""
    environment = {
        **os.environ,
        "FIVEDICE_DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}",
        **env,
    }
    done = subprocess.run(
        [str(Path(sys.executable).parent / "fivedice"), "serve", "--port", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0]
    assert not (tmp_path / "x.db").exists()


@pytest.mark.parametrize("name", ["node 1", "nøde", "a" * 256, "n1\n"])
def test_a_node_name_that_cannot_be_a_lease_holder_is_refused(name: str) -> None:
    """The name goes into Redis keys and, before a space, into each lease's value: a space (or
    any character outside letters, digits and . _ : -) would make one node's leases another's."""
    settings = Settings.from_env(
        database_url="postgresql+psycopg://u@127.0.0.1/x",
        redis_url="redis://127.0.0.1:1/0",
        node_id=name,
    )
    assert settings.problem() == (
        f"FIVEDICE_NODE_ID {name!r}: a node's name is 1 to 255 letters, digits and . _ : - "
        "(no spaces)"
    )


def test_the_names_in_use_are_accepted() -> None:
    """The deployment's names, a host name and port, and the default (FIVEDICE_NODE_ID unset)."""
    for name in ("n0", "node1", "web-3.example.org:8000", "fivedice_node_2", ""):
        settings = Settings.from_env(
            database_url="postgresql+psycopg://u@127.0.0.1/x",
            redis_url="redis://127.0.0.1:1/0",
            node_id=name,
        )
        assert settings.problem() is None, name
