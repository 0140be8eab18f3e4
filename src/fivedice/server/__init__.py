"""The game server: lobby, tables, seats, chat, clocks, WebSockets, REST + OpenAPI.

The server is the referee: only it calls the rules core's intents, with dice from the
operating system's cryptographic randomness (``os.urandom``); every event is stored before
anyone is told of it. Build the app with :func:`create_app`, or run ``fivedice serve``.
"""

from .app import create_app
from .protocol import PROTOCOL_VERSION
from .settings import Settings

__all__ = ["PROTOCOL_VERSION", "Settings", "create_app"]
