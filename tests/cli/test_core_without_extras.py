"""A plain install (no extras) has what the rules core, the solver's tables, the advisor, the
command line and the terminal game need: none of them imports an extra's package."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

from fivedice.extras import EXTRAS

ROOT = Path(__file__).resolve().parents[2]

WITHOUT_EXTRAS = """
import sys
blocked = set(sys.argv[1].split(","))

class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in blocked:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked)")
        return None

sys.meta_path.insert(0, Blocker())
import fivedice.tui.app  # the terminal game
from fivedice.cli import app
for args in (
    ["solve", "--json"],
    ["advise", "--dice", "33315", "--rolls-left", "2", "--json"],
    ["score", "33315"],
    ["rules"],
):
    try:
        app(args, standalone_mode=False)
    except SystemExit as exc:
        assert not exc.code, (args, exc.code)
assert not blocked & {name.split(".")[0] for name in sys.modules}
"""


def test_core_commands_run_without_any_extra(tmp_path: Path) -> None:
    blocked = {m for modules in EXTRAS.values() for m in modules} | {"starlette"}
    blocked.discard("pydantic")
    env = {**os.environ, "FIVEDICE_CACHE_DIR": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", WITHOUT_EXTRAS, ",".join(sorted(blocked))],
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert '"expected": 254.58772' in out.stdout


def test_the_core_dependencies_name_no_extras_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = {d.split(">")[0].split("[")[0] for d in project["dependencies"]}
    for extra in ("server", "plot"):
        for requirement in project["optional-dependencies"][extra]:
            assert requirement.split(">")[0].split("[")[0] not in core
    assert "websockets" not in core and "matplotlib" not in core


def test_license_and_type_marker_ship() -> None:
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["license"] == "MIT"
    assert (ROOT / "src" / "fivedice" / "py.typed").exists()
