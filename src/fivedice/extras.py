"""The optional parts of the package and what each needs, so a missing one is named in one line
with the command that installs it, instead of a traceback from deep inside an import."""

from __future__ import annotations

import importlib
import importlib.util

# extra -> the modules its packages provide (uvicorn[standard] brings websockets; pydantic,
# which the server uses too, always comes with Typer).
EXTRAS: dict[str, tuple[str, ...]] = {
    "server": (
        "fastapi",
        "uvicorn",
        "websockets",
        "orjson",
        "prometheus_client",
        "argon2",
        "fastapi_offline",
    ),
    "plot": ("matplotlib",),
    # Compiled code: solving a table afresh, simulating, the win-seeking computer.
    "solver": ("numba",),
    # The store on PostgreSQL.
    "postgres": ("psycopg",),
}


class MissingExtra(ImportError):
    """A feature whose optional packages are not installed."""


def missing_modules(extra: str) -> list[str]:
    """The modules of `extra` that cannot be imported here."""
    gone = []
    for module in EXTRAS[extra]:
        try:
            importlib.import_module(module)
        except ImportError:
            gone.append(module)
    return gone


def has(extra: str) -> bool:
    """Whether every package of `extra` is installed here, found without importing any (numba
    takes a second to import), so a face can decide what to offer at once."""
    for module in EXTRAS[extra]:
        try:
            if importlib.util.find_spec(module) is None:
                return False
        except (ImportError, ValueError):
            return False
    return True


def require(extra: str, feature: str) -> None:
    """Raise :class:`MissingExtra` naming `feature` and the install command when `extra`'s
    packages are not all installed."""
    if missing_modules(extra):
        raise MissingExtra(needs(extra, feature))


def needs(extra: str, feature: str) -> str:
    """The one line that says `feature` needs `extra`, and how to install it."""
    return f"{feature} needs fivedice[{extra}]: pip install 'fivedice[{extra}]'"
