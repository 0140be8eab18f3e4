"""Writes every catalog in one shape (keys sorted, two-space indent, UTF-8), so a change to a
catalog is a clean diff and two changes merge: ``python -m fivedice.i18n.tidy`` (``--check``
only says whether they are tidy)."""

from __future__ import annotations

import json
import sys

from fivedice.i18n import CATALOGS, LANGUAGES


def tidy_text(text: str) -> str:
    """A catalog's text in the one shape."""
    messages = json.loads(text)
    return json.dumps(dict(sorted(messages.items())), ensure_ascii=False, indent=2) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Tidies the catalogs, or with ``--check`` names the untidy ones and exits 1."""
    check = "--check" in (sys.argv[1:] if argv is None else argv)
    untidy = []
    for lang in LANGUAGES:
        path = CATALOGS / f"{lang}.json"
        text = path.read_text("utf-8")
        tidy = tidy_text(text)
        if tidy != text:
            untidy.append(path.name)
            if not check:
                path.write_text(tidy, "utf-8")
    if check and untidy:
        print("untidy catalogs (python -m fivedice.i18n.tidy):", ", ".join(untidy))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
