"""Every wrong ``FIVEDICE_*`` setting of ``fivedice serve``, run as an operator runs it (a real
process): one line on stderr naming the variable and what it takes, exit 2, no traceback, and
nothing announced before it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from dataclasses import fields
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivedice.server.settings import SettingError, Settings

FIVEDICE = Path(sys.executable).with_name("fivedice")
POSTGRES_NOBODY = "postgresql+psycopg://fivedice:hush-hush@127.0.0.1:1/fivedice"  # port 1: refused


def free_port() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return str(probe.getsockname()[1])


def serve(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``fivedice serve`` with only the given ``FIVEDICE_*`` variables (an SQLite file of the
    test's own unless a database is given)."""
    clean = {key: value for key, value in os.environ.items() if not key.startswith("FIVEDICE_")}
    clean["FIVEDICE_DATABASE_URL"] = f"sqlite:///{tmp_path / 'serve.db'}"
    clean.update(env)
    return subprocess.run(
        [str(FIVEDICE), "serve", *args],
        capture_output=True, text=True, timeout=60, env=clean,
    )  # fmt: skip


def refused_line(done: subprocess.CompletedProcess[str]) -> str:
    """The one line a refusal printed (asserting exit 2, nothing announced, no traceback)."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stdout == ""  # no "open http://..." before the refusal
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("Error: ")
    return lines[0]


REFUSED = [
    ("FIVEDICE_LEASE_SECONDS", "abc", "must be a number (such as 5), not 'abc'"),
    ("FIVEDICE_IDLE_TABLE_TTL", "abc", "must be a number (such as 3600), not 'abc'"),
    ("FIVEDICE_PORT", "abc", "must be a whole number (such as 8000), not 'abc'"),
    ("FIVEDICE_MESSAGE_BURST", "2.5", "must be a whole number (such as 200), not '2.5'"),
    ("FIVEDICE_BOT_DELAY", "nan", "must be a number (such as 0.6), not 'nan'"),
    ("FIVEDICE_LOG_LEVEL", "LOUD", "must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL"),
    ("FIVEDICE_LOG_FORMAT", "xml", "must be one of json, text, not 'xml'"),
    ("FIVEDICE_GC_THRESHOLDS", "a,b", "must be one to three whole numbers"),
    ("FIVEDICE_WS_IMPL", "carrier-pigeon", "must be one of auto, none, "),
    ("FIVEDICE_SECURE_COOKIES", "ture", "must be 1 or 0 (true/false, yes/no, on/off)"),
    ("FIVEDICE_DAILY_DATE", "2026-02-30", "must be a date as YYYY-MM-DD, not '2026-02-30'"),
]


@pytest.mark.parametrize(("variable", "value", "says"), REFUSED)
def test_a_value_that_cannot_be_read_is_refused(variable: str, value: str, says: str) -> None:
    """What `fivedice serve` checks before it announces anything: reading the settings, then
    their consistency (the same two calls as the command, in this process)."""
    with mock.patch.dict(os.environ, {variable: value}):
        try:
            problem = Settings.from_env().problem()
        except SettingError as exc:
            problem = str(exc)
    assert problem is not None and problem.startswith(f"{variable} {says}")
    assert "\n" not in problem


@pytest.mark.parametrize(("variable", "value", "says"), [REFUSED[0], REFUSED[5], REFUSED[9]])
def test_the_command_refuses_in_one_line(
    tmp_path: Path, variable: str, value: str, says: str
) -> None:
    """The real command: one line on stderr, exit 2, nothing announced (a number, a word from
    a list, a switch)."""
    line = refused_line(serve(tmp_path, "--port", free_port(), **{variable: value}))
    assert line.startswith(f"Error: {variable} {says}")


def test_python_m_fivedice_server_refuses_the_same_way(tmp_path: Path) -> None:
    """The container-free way to start a node takes the same check."""
    clean = {key: value for key, value in os.environ.items() if not key.startswith("FIVEDICE_")}
    done = subprocess.run(
        [sys.executable, "-m", "fivedice.server", "--port", free_port()],
        capture_output=True, text=True, timeout=60,
        env={**clean, "FIVEDICE_LEASE_SECONDS": "abc"},
    )  # fmt: skip
    assert (
        refused_line(done)
        == "Error: FIVEDICE_LEASE_SECONDS must be a number (such as 5), not 'abc'"
    )


@pytest.mark.parametrize("url", ["notaurl", "http://127.0.0.1:6379/0", "redis://127.0.0.1:abc/0"])
def test_a_malformed_redis_url_is_refused(url: str) -> None:
    with mock.patch.dict(os.environ, {"FIVEDICE_REDIS_URL": url}):
        problem = Settings.from_env(database_url=POSTGRES_NOBODY).problem()
    assert problem is not None and problem.startswith("FIVEDICE_REDIS_URL: ")
    assert "expected redis://" in problem


def test_the_command_refuses_a_malformed_redis_url(tmp_path: Path) -> None:
    url = "notaurl"
    done = serve(
        tmp_path, "--port", free_port(),
        FIVEDICE_REDIS_URL=url, FIVEDICE_DATABASE_URL=POSTGRES_NOBODY,
    )  # fmt: skip
    line = refused_line(done)
    assert line.startswith("Error: FIVEDICE_REDIS_URL: ")
    assert "expected redis://" in line


def test_an_unreachable_redis_is_refused_before_the_server_is_announced(tmp_path: Path) -> None:
    done = serve(
        tmp_path, "--port", free_port(),
        FIVEDICE_REDIS_URL="redis://:hush-hush@127.0.0.1:1/0",
        FIVEDICE_DATABASE_URL=POSTGRES_NOBODY,
    )  # fmt: skip
    line = refused_line(done)
    assert line.startswith("Error: Cannot reach Redis at 127.0.0.1:1 (FIVEDICE_REDIS_URL): ")
    assert "refused" in line.lower()
    assert "hush-hush" not in line


def test_an_unreachable_postgresql_is_refused_in_one_line(tmp_path: Path) -> None:
    """psycopg's message has two lines (the failure, then a hint): they are folded into one."""
    line = refused_line(
        serve(tmp_path, "--port", free_port(), FIVEDICE_DATABASE_URL=POSTGRES_NOBODY)
    )
    assert line.startswith(
        "Error: Cannot use the database postgresql+psycopg://fivedice:***@127.0.0.1:1/fivedice "
        "(FIVEDICE_DATABASE_URL or --database): "
    )
    assert "Connection refused; Is the server running" in line
    assert "hush-hush" not in line


NUMERIC = [
    (f"FIVEDICE_{field.name.upper()}", field.name, field.type)
    for field in fields(Settings)
    if field.type in ("int", "float")
]
ENV_TEXT = st.text(
    st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=30
)


def test_every_numeric_setting_is_covered() -> None:
    assert len(NUMERIC) > 30
    assert ("FIVEDICE_LEASE_SECONDS", "lease_seconds", "float") in NUMERIC


@settings(max_examples=300, deadline=None)
@given(which=st.sampled_from(NUMERIC), value=ENV_TEXT)
def test_a_numeric_setting_is_a_number_or_refused_naming_its_variable(
    which: tuple[str, str, str], value: str
) -> None:
    """Any text in any numeric variable: either read as the number it spells, or refused with
    a one-line message naming the variable (never a bare ValueError)."""
    variable, name, kind = which
    with mock.patch.dict(os.environ, {variable: value}):
        try:
            read = getattr(Settings.from_env(), name)
        except SettingError as exc:
            message = str(exc)
            assert message.startswith(f"{variable} must be a ")
            assert "\n" not in message
            assert len(message) < 200
            return
    if value == "":
        assert read == getattr(Settings(), name)  # empty: the default
    elif kind == "int":
        assert read == int(value)
    else:
        assert read == float(value)


SWITCHES = ["FIVEDICE_SECURE_COOKIES", "FIVEDICE_ECHO_ENDPOINT", "FIVEDICE_VALIDATE_OUTGOING"]
SWITCH_WORDS = {"1": True, "true": True, "yes": True, "on": True}
SWITCH_WORDS |= {"0": False, "false": False, "no": False, "off": False}


@settings(max_examples=200, deadline=None)
@given(variable=st.sampled_from(SWITCHES), value=ENV_TEXT | st.sampled_from(list(SWITCH_WORDS)))
def test_a_switch_is_one_of_its_words_or_refused(variable: str, value: str) -> None:
    """A typo (FIVEDICE_SECURE_COOKIES=ture) is refused, never read as "off"."""
    name = variable.removeprefix("FIVEDICE_").lower()
    with mock.patch.dict(os.environ, {variable: value}):
        try:
            read = getattr(Settings.from_env(), name)
        except SettingError as exc:
            assert str(exc).startswith(f"{variable} must be 1 or 0")
            assert value.strip().lower() not in SWITCH_WORDS
            return
    if value == "":
        assert read == getattr(Settings(), name)
    else:
        assert read is SWITCH_WORDS[value.strip().lower()]


def test_the_settings_table_names_the_log_levels_and_formats_the_server_takes() -> None:
    from fivedice.server.setting_checks import LOG_FORMATS, LOG_LEVELS

    running = Path(__file__).resolve().parents[2] / "docs" / "running.md"
    row = next(
        line
        for line in running.read_text(encoding="utf-8").splitlines()
        if line.startswith("| `FIVEDICE_LOG_LEVEL`")
    )
    for word in (*LOG_LEVELS, *LOG_FORMATS):
        assert f"`{word}`" in row, word
