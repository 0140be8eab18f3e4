"""``python -m fivedice.server``: run the server (as ``fivedice serve``)."""

from .runner import main

main()
