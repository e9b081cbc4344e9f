"""The store: the database's tables and migrations, the match header and its action log.

The lowest layer of the server: it knows rows, transactions and locks, nothing of games or
connections. `Store` is the one object the layers above use.
"""

from ludoteca.server.store.database import (
    LoggedAction,
    MatchInfo,
    MemberInfo,
    SeatInfo,
    StepRows,
    Store,
)

__all__ = ["LoggedAction", "MatchInfo", "MemberInfo", "SeatInfo", "StepRows", "Store"]
