"""A step a bot played is told as a bot's, in the live event frames and in the history a
reconnecting page reads (the log marks a person's move a stand-in bot made), and only with
the seat: where the receiver may not know who acted, it may not know it was a bot either."""

from __future__ import annotations

from ludoteca.engine.events import public
from ludoteca.server.api.protocol import check_server_frame
from ludoteca.server.live import frames
from ludoteca.server.live.history import History


def test_a_bots_step_is_told_as_a_bots() -> None:
    history = History()
    history.add(1, 0, 1, [public("moved", seat=0, region="Valls")])
    history.add(2, 1, 1, [public("moved", seat=1, region="Lleida")], bot=True)
    told, more = history.page(0, None)
    frame = frames.history(told, more)
    check_server_frame(frame)
    assert [e.get("bot", False) for e in frame["events"]] == [False, True]
    live = frames.event(2, 1, public("moved", seat=1, region="Lleida"), 1, bot=True)
    check_server_frame(live)
    assert live["bot"] is True


def test_no_bot_is_told_where_the_actor_is_not() -> None:
    assert "bot" not in frames.event(3, None, public("ballot"), 1, bot=True)
    assert "bot" not in frames.event(3, 2, public("moved", seat=2), 1)
