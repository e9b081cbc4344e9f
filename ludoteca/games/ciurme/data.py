"""Ciurme's components as data: colours, places, wood, stamps, ships and the relay message.

Everything a facilitator might want to change for a variant lives here, nowhere else.
"""

from __future__ import annotations

# --- the session ------------------------------------------------------------------------------
CREW_SIZES = (4, 5)  # a crew has 4 or 5 players
MIN_CREWS, MAX_CREWS = 2, 8
# [D-18] eight crew colours, so up to eight crews.
CREW_COLOURS = ("black", "white", "crimson", "navy", "gold", "teal", "brown", "silver")

# --- phase 1: the wreck -------------------------------------------------------------------------
ISLAND, LIFEBOAT, WRECK = "island", "lifeboat", "wreck"
PLACES = (ISLAND, LIFEBOAT, WRECK)
MEEPLE_COLOURS = ("yellow", "purple", "green", "orange", "red")
LIGHT_BLUE, NEUTRAL = "light-blue", "neutral"
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
CREW_CHANNEL = "crew"  # the crew, without the captain once the Assembly has begun
DECK_CHANNEL = "deck"  # quartermaster and captain
TABLE_CHANNEL = "table"  # the captains ([D-20] option)
BROADCAST = "all"  # the facilitator to everybody
CHANNELS = (CREW_CHANNEL, DECK_CHANNEL, TABLE_CHANNEL, BROADCAST)
MESSAGE_MAX_LENGTH = 280
# What a bot guesses was said in a message it could not read (determinize).
GUESSED_MESSAGES = ("Agreed.", "I disagree.", "Let's wait.")
# The one listed message: the quartermaster tells the captain the crew's wishes.
RELAY_TEMPLATE = "The crew wants {favourite} first, then {second}."
# What a captain says on the deck channel while waiting for that relay.
CAPTAIN_ASKS = "Quartermaster, which ships does the crew want?"
