"""A file the command line cannot read or write is refused in the project's words, in every
language: never the operating system's English ("No such file or directory")."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from fivedice.cli.os_reasons import file_reason
from fivedice.i18n import LANGUAGES, translator

Run = Callable[..., Result]

SYSTEM_WORDS = ("No such file or directory", "Is a directory", "Not a directory", "Errno")


def one_line(result: Result) -> str:
    """The refusal's one line on stderr (exit 2, nothing on stdout)."""
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_a_missing_log_is_said_in_plain_english(run: Run, tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    line = one_line(run("replay", str(missing)))
    assert line == f"Error: Cannot read {missing}: there is no such file"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_reason_in_each_language(run: Run, tmp_path: Path, lang: str) -> None:
    t = translator(lang)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    cases = {
        tmp_path / "missing.json": "cli.os.no_such_file",
        tmp_path / "no-folder" / "game.json": "cli.os.no_such_folder",
        tmp_path: "cli.os.is_a_folder",
        binary: "cli.os.not_text",
    }
    for path, reason in cases.items():
        line = one_line(run("--lang", lang, "replay", str(path)))
        said = t.t("cli.rules.log.unreadable", path=str(path), reason=t.t(reason))
        assert line == t.t("cli.rules.error", message=said)
        assert not any(words in line for words in SYSTEM_WORDS), line
    if lang != "en":  # a translation of its own, not the English words
        english = translator("en")
        assert t.t("cli.os.no_such_file") != english.t("cli.os.no_such_file")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rarer_reasons_have_words_too(lang: str, tmp_path: Path) -> None:
    """What the operating system says when a file may not be written, or the disk is full:
    the catalog's words (this machine's tests run with rights to every file, so the errors
    are made, not provoked)."""
    t = translator(lang)
    where = str(tmp_path / "game.json")
    made = {
        errno.EACCES: "cli.os.no_permission",
        errno.EPERM: "cli.os.no_permission",
        errno.EROFS: "cli.os.read_only",
        errno.ENOSPC: "cli.os.disk_full",
        errno.ENOTDIR: "cli.os.not_a_folder",
    }
    for code, key in made.items():
        assert file_reason(OSError(code, os.strerror(code), where), t) == t.t(key)
    odd = OSError(errno.EIO, os.strerror(errno.EIO), where)  # a rare one: as the system says
    assert file_reason(odd, t) == os.strerror(errno.EIO)
