"""Solved tables that come with the package, so the first hint, solve or computer move under
any preset needs neither a solve nor the solver's compiled code.

Each file is ``tables/<fingerprint>-v<solver version>.npy.xz``: the table as ``.npy``,
xz-compressed. A rule set whose fingerprint and solver version match a file is read from it;
any other (a rule set of one's own) is solved as before. ``make tables`` solves every preset
afresh and rewrites the files (after a change to the solver or to a preset's scoring).
"""

from __future__ import annotations

import io
import lzma
from pathlib import Path

import numpy as np

from fivedice.rules import RuleSet, preset, preset_names

from .table import SOLVER_VERSION, StrategyTable

SHIPPED_PRESETS = preset_names()
FOLDER = Path(__file__).with_name("tables")


def shipped_path(rules: RuleSet) -> Path:
    """Where the package keeps the table of `rules`, if it ships one."""
    return FOLDER / f"{rules.fingerprint}-v{SOLVER_VERSION}.npy.xz"


def shipped_table(rules: RuleSet) -> StrategyTable | None:
    """The table of `rules` shipped with the package, or None when there is none."""
    path = shipped_path(rules)
    if not path.exists():
        return None
    try:
        values = np.load(io.BytesIO(lzma.decompress(path.read_bytes())), allow_pickle=False)
    except (OSError, ValueError, lzma.LZMAError):
        return None
    return StrategyTable(rules, values)


def write_shipped() -> list[Path]:
    """Solve the shipped presets afresh and write their files (older versions removed)."""
    from .solver import solve

    FOLDER.mkdir(exist_ok=True)
    for stale in FOLDER.glob("*.npy.xz"):
        stale.unlink()
    written = []
    for name in SHIPPED_PRESETS:
        rules = preset(name)
        table = solve(rules)
        buffer = io.BytesIO()
        np.save(buffer, table.values, allow_pickle=False)
        path = shipped_path(rules)
        path.write_bytes(lzma.compress(buffer.getvalue(), preset=9))
        written.append(path)
    return written


def main() -> None:
    """Rewrite the shipped tables and list them."""
    for path in write_shipped():
        print(f"{path.name}: {path.stat().st_size / 1024:.0f} KiB")
