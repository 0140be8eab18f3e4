"""A bare echo socket on the same stack, enabled for the load benchmark: its message rate is
the ceiling the game's rate is compared with. It receives and sends the way the play socket
does (``websocket.receive()``, and :func:`~fivedice.server.hub.send_eager` on the server's own
``send`` for the reply), so
the ratio compares the game's work with nothing but the transport's."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from ..hub import send_eager, socket_send

router = APIRouter()


@router.websocket("/ws/echo")
async def echo(websocket: WebSocket) -> None:
    """Send every text frame straight back."""
    await websocket.accept()
    send = socket_send(websocket)
    while True:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        text = frame.get("text")
        if text is None:
            continue
        waiting = send_eager(send, text)
        if waiting is not None:
            await waiting
