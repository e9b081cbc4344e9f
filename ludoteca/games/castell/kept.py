"""What a player's team and ranks alone decide, kept on the player between the steps that
change them: the towers of the local tiles (`TileTowers`: the Perform menu and its check), with
the team counted by size and its ranks in SKILLS order (the festival menu's key).

The menus ask at every step, and a team or its ranks change a few times a game: looking the
answers up by the team and ranks made a key of both at every step. Kept here instead, they are
replaced by the only rules that change what they depend on: recruiting (`take_castellers`, the
team: `recruited`) and training (`play_train`, the ranks: `trained`), which count the new team
and ranks from the kept ones rather than afresh (the towers themselves are searched again, when
first asked). A clone shares what is kept: it is never changed once made but for the tile
towers found when first asked (and the team's reach their bounds need), which are the same for
every state of that team and ranks. Whoever changes a team or ranks outside the rules (a test
setting a position up) calls `forget` after."""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.games.castell.data import SKILLS, Skill
from ludoteca.games.castell.performances import TileTowers, team_tiles
from ludoteca.games.castell.state import Player

_SKILL_INDEX = {skill: index for index, skill in enumerate(SKILLS)}


def tile_towers(player: Player) -> TileTowers:
    """The player's tile towers, kept until the team or ranks change."""
    kept = player.kept
    if kept is None:
        kept = player.kept = team_tiles(player.team, player.ranks)
    return kept


def recruited(player: Player, sizes: Sequence[int]) -> None:
    """Castellers of `sizes` joined the team (already on it)."""
    kept = player.kept
    if kept is not None:
        player.kept = kept.joined(sizes)


def trained(player: Player, skill: Skill) -> None:
    """The player's rank of `skill` rose by one (already on the player)."""
    kept = player.kept
    if kept is not None:
        player.kept = kept.trained(_SKILL_INDEX[skill])


def forget(player: Player) -> None:
    """The team or ranks changed: what was kept no longer holds."""
    player.kept = None
