"""The README stays a front page a newcomer reads to the end: short, the two commands at the
top, and every link in it and in docs/ leads to a file and a heading that exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
LINK = re.compile(r"\]\(([^)\s]+)\)")
FRONT_PAGE_LINES = 150


def heading_anchors(page: Path) -> set[str]:
    """The anchors a Markdown renderer gives the page's headings (GitHub's way: lower case,
    punctuation dropped, spaces as hyphens)."""
    anchors = set()
    in_code = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif not in_code and line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return anchors


def test_the_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < FRONT_PAGE_LINES, f"README.md has {len(lines)} lines"


def test_the_two_commands_come_first() -> None:
    text = README.read_text(encoding="utf-8")
    first_block = re.search(r"```sh\n(.*?)```", text, re.S)
    assert first_block is not None
    commands = [line.split("#")[0].strip() for line in first_block.group(1).splitlines()]
    assert commands == ["make run", "make test"]
    assert text.index("make run") < len(text) // 4
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("run", "test"):
        assert re.search(rf"^{target}:", makefile, re.M), target


# Not `page`: pytest-playwright owns that fixture name, and a test asking for it starts a
# browser whose event loop stays running in the process (every asyncio test after it fails).
@pytest.mark.parametrize("document", [README, *DOCS], ids=lambda p: p.name)
def test_every_link_leads_somewhere(document: Path) -> None:
    for target in LINK.findall(document.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        linked = (document.parent / path).resolve() if path else document
        assert linked.is_file(), f"{document.name} links to {target}: no such file"
        if anchor:
            assert anchor in heading_anchors(linked), (
                f"{document.name} links to {target}: no heading"
            )


def test_the_readme_leads_to_every_doc() -> None:
    linked = {Path(t).name for t in LINK.findall(README.read_text(encoding="utf-8"))}
    assert {page.name for page in DOCS} <= linked
