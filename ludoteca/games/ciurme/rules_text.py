"""The short rules and the ways to win, shown in every view: every player must be able to read
all the rules, the objectives included, before phase 1 (the original insists on it). The full
pages are rules.en.md and rules.it.md next to this module."""

from __future__ import annotations

RULES_SUMMARY = (
    "Before phase 1 each player picks a free meeple: its colour is your wood's. "
    "Phase 1: on your turn stay, or move to an adjacent place (island-lifeboat when the boat is "
    "docked at the island, lifeboat-wreck when docked at the wreck). Island: add a wood of your "
    "colour to the common pile. Lifeboat: you may steer it to the other dock (all aboard must "
    "agree); the third to board at the island carries the whole pile to the wreck. Wreck: repair "
    "with a wood of the transported pile. Each player owes 3 repairs; once complete you may help "
    "each mate once. The ship is restored after 15 repairs. "
    "Phase 2: captains place stamps 0, 1, 2, 4 face down on the ships, one at a time; per ship, "
    "a lone stamp scores 2, the strictly highest colour sum 3, tied highest sums 1 each. Only "
    "the quartermaster speaks to the captain; the crew may depose its captain."
)

OBJECTIVES = (
    "Crew race: be the first crew to restore its ship.",
    "Captain: make the most repairs (ties: who reached that number first).",
    "Quartermaster: be elected by your crew (the captain cannot be).",
    "Personal: win your favourite ship (primary), your second (secondary), or both (maximal).",
    "Command: win the flagship.",
    "Power: win the most ships.",
)
