"""The live match: the action pipeline, catch-up, snapshots, clocks, presence and bot seats.

The layer above the store and below the hub. It knows the games (through the engine contract)
but no socket: a live match hands back what it did (a `Decision`, the frames of its steps) and
never calls the layer above.
"""

from ludoteca.server.live import frames
from ludoteca.server.live.match import Applied, Decision, LiveMatch, StepFrames

__all__ = ["Applied", "Decision", "LiveMatch", "StepFrames", "frames"]
