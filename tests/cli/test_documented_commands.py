"""Every ``fivedice`` line in the player's guide's command-line section (docs/playing.md) parses
as the commands are now: no option that was renamed, no word the command does not take."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer
from typer.core import TyperGroup

from fivedice.cli import app

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "playing.md"


def guide_command_lines() -> list[str]:
    """The ``fivedice ...`` lines of the sh block under "The command line", comments cut."""
    section = GUIDE.read_text(encoding="utf-8").split("## The command line", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    return [line.split("  #")[0].strip() for line in block.group(1).splitlines() if line]


def test_the_section_shows_each_command() -> None:
    shown = {shlex.split(line)[1] for line in guide_command_lines()}
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    assert shown == set(group.commands)


@pytest.mark.parametrize("line", guide_command_lines())
def test_a_guide_line_parses(line: str) -> None:
    words = shlex.split(line)
    assert words[0] == "fivedice"
    command = typer.main.get_command(app)
    args, path = words[1:], ["fivedice"]
    while isinstance(command, TyperGroup) and args and args[0] in command.commands:
        path.append(args[0])
        command = command.commands[args.pop(0)]
    ctx = command.make_context(" ".join(path), args)  # a usage mistake raises here
    for param in command.params:
        if getattr(param, "hidden", False):
            assert ctx.params.get(param.name or "") is None, f"{line}: {param.opts} is refused"
