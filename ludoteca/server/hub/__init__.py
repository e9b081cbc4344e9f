"""The hub and the process bus: this process's live matches, their connections and frames,
presence, each match's driver, and the notices and leases shared with other processes.

The layer above the live match and below the HTTP and WebSocket surface.
"""

from ludoteca.server.hub.connection import Connection
from ludoteca.server.hub.hub import Hub

__all__ = ["Connection", "Hub"]
