"""Why a file could not be read or written, in the user's language: the operating system's
own reason ("No such file or directory") is English and in its own style, so the common ones
are said through the catalogs; a rarer one is shown as the system words it."""

from __future__ import annotations

import errno
from pathlib import Path

from fivedice.i18n import Translator

REASONS = {
    errno.EACCES: "cli.os.no_permission",
    errno.EPERM: "cli.os.no_permission",
    errno.EISDIR: "cli.os.is_a_folder",
    errno.ENOTDIR: "cli.os.not_a_folder",
    errno.EROFS: "cli.os.read_only",
    errno.ENOSPC: "cli.os.disk_full",
}
"""The catalog key of each common reason (besides a missing file or folder)."""


def file_reason(exc: BaseException, t: Translator) -> str:
    """Why reading or writing a file failed, in `t`'s words."""
    if isinstance(exc, UnicodeDecodeError):
        return t.t("cli.os.not_text")
    code = getattr(exc, "errno", None)
    if code == errno.ENOENT:
        return t.t(_missing_key(getattr(exc, "filename", None)))
    key = REASONS.get(code) if isinstance(code, int) else None
    if key is not None:
        return t.t(key)
    return getattr(exc, "strerror", None) or str(exc)


def _missing_key(filename: object) -> str:
    """The file is missing, or the folder it would be in is."""
    if isinstance(filename, str | bytes | Path):
        path = Path(filename if not isinstance(filename, bytes) else filename.decode())
        if not path.parent.is_dir():
            return "cli.os.no_such_folder"
    return "cli.os.no_such_file"
