"""The hub a route works on, taken from the application as a FastAPI dependency: one
definition for every router that needs it."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from ludoteca.server.hub import Hub


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


HubDep = Annotated[Hub, Depends(hub_of)]
