"""The HTTP and WebSocket surface: the app and its lifespan, the lobby's routes, sessions, the
client's pages, the live-play WebSocket, request checks, schemas and errors.

The top layer of the server: it authenticates, checks what it is sent, and hands over to the hub
and the live matches below it.
"""
