"""Run every benchmark module in this folder (``python -m bench``)."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path


def main() -> None:
    """Import each ``bench/*.py`` module and call its ``main()``."""
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"bench.{info.name}")
        if hasattr(module, "main"):
            print(f"== bench.{info.name}")
            module.main()


if __name__ == "__main__":
    main()
