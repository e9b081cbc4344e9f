"""Ciurme's components as data: colours, places, wood, stamps, ships, channels and the texts every
player reads.

Everything a facilitator might want to change for a variant lives here, nowhere else.
"""

from __future__ import annotations

from enum import StrEnum

# --- the session ------------------------------------------------------------------------------
CREW_SIZES = (4, 5)  # a crew has 4 or 5 players
MIN_CREWS, MAX_CREWS = 2, 8
MIN_PLAYERS, MAX_PLAYERS = MIN_CREWS * CREW_SIZES[0], MAX_CREWS * CREW_SIZES[1]
# [D-18] eight crew colours, so up to eight crews.
CREW_COLOURS = ("black", "white", "crimson", "navy", "gold", "teal", "brown", "silver")


# --- phase 1: the wreck -------------------------------------------------------------------------
class Location(StrEnum):
    """"Ci sono tre posizioni possibili: sull'isola, sulla scialuppa o sulla nave." """

    ISLAND = "island"
    LIFEBOAT = "lifeboat"
    WRECK = "wreck"


ISLAND, LIFEBOAT, WRECK = Location.ISLAND, Location.LIFEBOAT, Location.WRECK
PLACES = (ISLAND, LIFEBOAT, WRECK)


class Wood(StrEnum):
    """The colours of the wood: one per meeple, the automaton's light blue, and neutral."""

    YELLOW = "yellow"
    PURPLE = "purple"
    GREEN = "green"
    ORANGE = "orange"
    RED = "red"
    LIGHT_BLUE = "light-blue"
    NEUTRAL = "neutral"


# "un meeple giallo, un meeple viola, un meeple verde, un meeple arancione e un meeple rosso"
MEEPLE_COLOURS = (Wood.YELLOW, Wood.PURPLE, Wood.GREEN, Wood.ORANGE, Wood.RED)
LIGHT_BLUE, NEUTRAL = Wood.LIGHT_BLUE, Wood.NEUTRAL
# "Ad ogni giocatore vengono dati 6 legni del colore del proprio meeple"; "6 legni azzurri ed i
# 30 legni incolore vengono messi sul tavolo".
WOOD_PER_PLAYER = 6
LIGHT_BLUE_SUPPLY = 6
NEUTRAL_SUPPLY = 30
# "Ogni giocatore ha il carico personale di lavoro equivalente ad aggiustare la nave tre volte".
LOAD = 3  # repairs each player owes
CROSSING_CREW = 3  # [D-3] the boarder who makes three or more aboard triggers the crossing
AUTOMATON = -1  # the target id of the automaton when a player helps it

# --- phase 2: the Pirate Assembly ---------------------------------------------------------------
# "un set di timbri comprendente i timbri con il valore 0, 1, 2 e 4 di un unico colore".
STAMP_VALUES = (0, 1, 2, 4)
MAX_STAMP_VALUE = 9  # the highest a variant may print on a stamp
FLAGSHIP = 0  # index of the flagship in the fleet chart
# [D-18] ship names, the flagship first; the fleet takes the first `fleet_size` of them.
SHIP_NAMES = (
    "Queen Anne's Revenge",
    "Black Pearl",
    "Fancy",
    "Whydah",
    "Ranger",
    "Adventure Galley",
    "Royal Fortune",
    "Golden Hind",
    "Sea Wolf",
    "Red Dragon",
    "Night Heron",
    "Silver Gull",
)
# "La ciurma che ha finito per prima la prima fase del gioco avrà un vantaggio di due quadratini
# neri sull'Ammiraglia".
FLAGSHIP_BONUS = 2  # squares the first crew of phase 1 blackens on the flagship
SCORE_ALONE, SCORE_HIGHEST, SCORE_TIED = 2, 3, 1


# --- channels ---------------------------------------------------------------------------------
class Channel(StrEnum):
    CREW = "crew"  # the crew, without the captain once the Assembly has begun
    DECK = "deck"  # quartermaster and captain
    TABLE = "table"  # the captains ([D-20] option)
    ALL = "all"  # the facilitator to everybody
    DIRECT = "direct"  # the facilitator to one person [D-22]


CHANNELS = tuple(Channel)
MESSAGE_MAX_LENGTH = 280
# What a bot guesses was said in a message it could not read (determinize).
GUESSED_MESSAGES = ("Agreed.", "I disagree.", "Let's wait.")


class Language(StrEnum):
    """The languages of the words the game itself writes into a session (the option
    `language`): the room reads them on screens in that language."""

    EN = "en"
    IT = "it"


# The one listed message: the quartermaster tells the captain the crew's wishes (ships are
# feminine in Italian: "la nave").
RELAY_TEMPLATE = {
    Language.EN: "The crew wants {favourite} first, then {second}.",
    Language.IT: "La ciurma vuole prima la {favourite}, poi la {second}.",
}
# What a captain's bot says on the deck channel, once a round, while waiting for that relay.
CAPTAIN_ASKS = {
    Language.EN: "Quartermaster, which ships does the crew want?",
    Language.IT: "Quartiermastro, quali navi vuole la ciurma?",
}

# --- what every player reads -------------------------------------------------------------------
# Every player must be able to read all the rules, the objectives included, before phase 1 ("le
# regole vanno spiegate TUTTE affinchè si possa giocare con cognizione di causa, compresi i modi
# per vincere"). The full pages are rules.en.md and rules.it.md next to this module.
# {five}, {four}, {automaton}: the repairs of the session's options (see view.rules_summary).
RULES_SUMMARY = (
    "Before phase 1 each player picks a free meeple: its colour is your wood's. "
    "Phase 1: on your turn stay, or move to an adjacent place (island-lifeboat when the boat is "
    "docked at the island, lifeboat-wreck when docked at the wreck). Island: add a wood of your "
    "colour to the common pile. Lifeboat: you may steer it to the other dock (all aboard must "
    "agree); the third to board at the island carries the whole pile to the wreck. Wreck: repair "
    "with a wood of the transported pile. Each player owes 3 repairs; once complete you may help "
    "each mate once. The ship is restored when every load is complete: {five} repairs in a crew "
    "of 5; in a crew of 4, {four} ({automaton}). Phase 1 goes on until every crew has finished, "
    "unless the facilitator closes it. The captain is who repaired most; the crew elects its "
    "quartermaster. "
    "Phase 2: the crew without its captain chooses a favourite and a second ship; captains place "
    "stamps 0, 1, 2, 4 face down on the ships, one at a time, in as many rounds as crews; per "
    "ship, a lone stamp scores 2, the strictly highest colour sum 3, tied highest sums 1 each. "
    "Only the quartermaster speaks to the captain; the crew may depose its captain. "
    "A vote closes when all have answered, when the facilitator closes it or when its timer runs "
    "out: a missing ballot is an abstention (for the lifeboat, a no)."
)

OBJECTIVES = (
    "Crew race: be the first crew to restore its ship.",
    "Captain: make the most repairs (ties: who reached that number first).",
    "Quartermaster: be elected by your crew (the captain cannot be).",
    "Personal: win your favourite ship (primary), your second (secondary), or both (maximal).",
    "Command: win the flagship.",
    "Power: win the most ships.",
    "Each objective is won on its own: winning one takes nothing from the others.",
)
