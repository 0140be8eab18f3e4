"""``fivedice serve`` refuses what it cannot serve with one line and exit 2, before announcing."""

from __future__ import annotations

import socket
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

Run = Callable[..., Result]
Refused = Callable[[Result], str]


@pytest.fixture(autouse=True)
def never_serve(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The server is not started: a command that gets this far records its settings."""
    started: list[object] = []
    monkeypatch.setattr("fivedice.server.runner.run", started.append)
    monkeypatch.delenv("FIVEDICE_REDIS_URL", raising=False)
    return started


def sqlite(path: Path) -> str:
    return f"sqlite:///{path}"


def free_port() -> str:
    """A port nothing listens on now (the OS's pick), so the database checks are reached."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return str(probe.getsockname()[1])


@pytest.mark.parametrize("port", ["0", "99999", "65536", "-1"])
def test_a_port_outside_1_to_65535_is_refused(
    run: Run, refused: Refused, tmp_path: Path, never_serve: list[object], port: str
) -> None:
    line = refused(run("serve", "--port", port, "--database", sqlite(tmp_path / "f.db")))
    assert line == f"Error: A port is 1 to 65535, not {port}"
    assert never_serve == []


def test_a_port_in_use_is_refused(
    run: Run, refused: Refused, tmp_path: Path, never_serve: list[object]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run(
            "serve", "--host", "127.0.0.1", "--port", str(port),
            "--database", sqlite(tmp_path / "f.db"),
        )  # fmt: skip
    line = refused(result)
    assert line.startswith(f"Error: Cannot listen on 127.0.0.1:{port}: ")
    assert "in use" in line
    assert never_serve == []


def test_a_free_port_and_a_writable_database_get_to_the_server(
    run: Run, tmp_path: Path, never_serve: list[object]
) -> None:
    result = run("serve", "--port", free_port(), "--database", sqlite(tmp_path / "f.db"))
    assert result.exit_code == 0, result.output
    assert len(never_serve) == 1
    assert (tmp_path / "f.db").exists()


def test_a_database_in_a_missing_folder_is_refused_and_not_created(
    run: Run, refused: Refused, tmp_path: Path, never_serve: list[object]
) -> None:
    missing = tmp_path / "missing" / "f.db"
    line = refused(run("serve", "--port", free_port(), "--database", sqlite(missing)))
    assert (
        line
        == f"Error: Cannot use the database {missing}: the folder {missing.parent} does not exist"
    )
    assert not missing.parent.exists()
    assert never_serve == []


def test_a_database_under_a_file_is_refused(
    run: Run, refused: Refused, tmp_path: Path, never_serve: list[object]
) -> None:
    """A path no user (root included) can create: its folder is a plain file."""
    plain = tmp_path / "plain.txt"
    plain.write_text("not a folder")
    line = refused(run("serve", "--port", free_port(), "--database", sqlite(plain / "f.db")))
    assert "does not exist" in line
    assert never_serve == []


def test_a_read_only_database_file_is_refused(
    run: Run, refused: Refused, tmp_path: Path, never_serve: list[object],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """Read-only as the OS answers it (root may write anything, so the answer is stubbed)."""
    db = tmp_path / "f.db"
    db.write_bytes(b"")
    monkeypatch.setattr("fivedice.cli.serve_cmd.os.access", lambda path, mode: False)
    line = refused(run("serve", "--port", free_port(), "--database", sqlite(db)))
    assert line == f"Error: Cannot use the database {db}: the file is read-only"
    assert never_serve == []


def test_an_address_this_machine_does_not_have_is_refused(
    run: Run, refused: Refused, tmp_path: Path, never_serve: list[object]
) -> None:
    """203.0.113.5 is a documentation address (RFC 5737), never one of this machine's."""
    args = ["serve", "--host", "203.0.113.5", "--port", free_port()]
    line = refused(run(*args, "--database", sqlite(tmp_path / "f.db")))
    assert line.startswith("Error: Cannot listen on 203.0.113.5:")
    assert never_serve == []


def test_a_port_from_the_environment_is_checked_too(
    run: Run,
    refused: Refused,
    tmp_path: Path,
    never_serve: list[object],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """FIVEDICE_PORT goes through the settings' own check, which ``python -m fivedice.server``
    runs as well."""
    from fivedice.server import Settings

    monkeypatch.setenv("FIVEDICE_PORT", "70000")
    line = refused(run("serve", "--database", sqlite(tmp_path / "f.db")))
    assert line == "Error: A port is 1 to 65535, not 70000"
    assert Settings.from_env().problem() == "A port is 1 to 65535, not 70000"
    assert never_serve == []
