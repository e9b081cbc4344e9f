"""The debrief's words, in each language the room speaks, in one place.

The Italian follows the original's words (ciurma, capitano, quartiermastro, timbri, ammiraglia).
`Words` names people, crews, ships and wood for the debrief: in the training room people by the
names they typed and crews by their number from 1; without names (a saved match read by
`ludoteca debrief`) seats by number and meeple, crews by number and flag.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.codec import quote
from ludoteca.games.ciurme.data import CREW_COLOURS, SHIP_NAMES
from ludoteca.games.ciurme.state import CiurmeState

EN = {
    "title": "Ciurme: the debrief",
    "and": " and ",
    "nobody": "nobody",
    "none": "none",
    "facilitator": "the facilitator",
    "player": "Player {seat} ({colour})",
    "player_plain": "Player {seat}",
    "crew": "crew {index} ({flag})",
    "crew_room": "Crew {number}",
    # phase 1
    "phase1_open": "Phase 1 is still being played.",
    "phase1_closed": "Phase 1 ended when {how}; ranking: {ranking}.",
    "closed_restored": "every crew restored its ship",
    "closed_clock": "the session clock stopped the crews still at work",
    "closed_facilitator": "the facilitator closed it",
    "crew_part": "{crew}: {members}",
    "repairs": "{done}/{needed} repairs",
    "rank": ", rank {rank}",
    "restored": "Restored its ship in {turns} turns{rank}.",
    "stopped": "Stopped at {repairs} when phase 1 was closed{rank}.",
    "not_started": "Phase 1 has not started.",
    "at_work": "At work: {repairs} after {turns} turns.",
    "captain_line": "Captain: {who}, {repairs}.",
    "repairs_one": "1 repair",
    "repairs_many": "{n} repairs",
    "quartermaster_line": "Quartermaster: {who}.",
    "wished": "Wished ships: {ships}.",
    "then": " first, then ",
    # the wood
    "wood_light_blue": "light blue (the automaton's)",
    "wood_neutral": "neutral (the supply)",
    "wood_of": "{who}'s",
    "wood_title": "Whose wood repaired the ship",
    "wood_rows": "wood, by whose it was",
    "wood_columns": "player who used it",
    "wood_alt": "Pieces of wood used for repairs, by whose wood it was (rows) and by who used it "
                "(columns); {pieces} pieces in all.",
    "wood_note": "Wood put in the common pile: {produced}.",
    "produced": "{wood} {count}",
    # helps
    "automaton": "the automaton ({colour})",
    "help_title": "Who helped whom",
    "help_alt": "{helps} helps between the crew's members; helpers: {helpers}.",
    "help_note": "An arrow goes from the player who helped to the one helped (its label: the "
                 "wood).",
    # places
    "turns_title": "Turns spent on each place",
    "turns_categories": "player",
    "turns_values": "turns ended there",
    "turns_alt": "Turns each player ended on the island, the lifeboat and the wreck; {turns} "
                 "turns in all.",
    "place_island": "island",
    "place_lifeboat": "lifeboat",
    "place_wreck": "wreck",
    # votes
    "votes_title": "Votes",
    "votes_columns": "vote|candidates|ballots|outcome",
    "votes_note": "One line per vote; a run-off is a vote of its own.",
    "votes_columns_room": "vote|candidates|counts|outcome",
    "votes_note_room": "One line per vote; a run-off is a vote of its own. Who voted what stays "
                       "secret: the counts only.",
    "count": "{choice} {count}",
    "topic_lifeboat": "steer the lifeboat",
    "topic_deposition": "depose the captain",
    "topic_quartermaster": "quartermaster",
    "topic_favourite": "favourite ship",
    "topic_second": "second ship",
    "runoff": "{topic} (run-off)",
    "yes": "yes",
    "no": "no",
    "yes_or_no": "yes or no",
    "no_answer": "no answer",
    "abstained": "abstained",
    "ballot": "{who}: {choice}",
    "carried": "carried",
    "failed": "failed",
    "by_majority": "{winner}, by a majority",
    "to_runoff": "no majority: a run-off",
    "by_facilitator": "{winner}, decided by the facilitator",
    # depositions
    "depositions_title": "Depositions",
    "depositions_columns": "round|deposed captain|new captain",
    # the Assembly
    "assembly_title": "The Pirate Assembly",
    "stamps_title": "Stamps, round by round",
    "stamps_columns": "round|crew|stamps (value on ship)",
    "stamp": "{value} on {ship}",
    "stamps_note": "Crews in placing order.",
    "squares_title": "Squares won each round",
    "round": "round {round}",
    "squares_categories": "round",
    "squares_values": "squares",
    "squares_alt": "Squares each crew blackened in each of the {rounds} rounds.",
    "ships_title": "Ships",
    "ship": "ship",
    "owner": "owner",
    "ships_note": "Squares per crew (the flagship bonus included) and who owns the ship.",
    # talk
    "room_talk": "The room's talk",
    "to_the_room": "The facilitator to the room",
    "every_message": "Every message",
    "crew_talk": "The crew's talk",
    "talk_columns": "when|from|to|message",
    "period_0": "briefing",
    "period_1": "phase 1",
    "period_2": "elections",
    "period_3": "choice of ships",
    "to_crew": "the crew",
    "to_deck": "captain and quartermaster",
    "to_table": "the captains",
    "to_all": "everybody",
    # the objectives
    "race_none": "Race: no crew restored its ship.",
    "race": "Race: {crew} restored its ship first.",
    "office_holder": "{who} of {crew}",
    "office_repairs": "{who} of {crew}, {repairs}",
    "captain_won": "Captain: {holders}.",
    "quartermaster_won": "Quartermaster: {holders}.",
    "personal_won": "{crew}, {level} ({ships})",
    "personal": "Personal: {crews}.",
    "personal_none": "Personal: no crew won a wished ship.",
    "level_maximal": "maximal",
    "level_primary": "primary",
    "level_secondary": "secondary",
    "command": "Command: {crew} owns the flagship, {ship}.",
    "command_none": "Command: nobody owns the flagship, {ship}.",
    "power_none": "Power: no crew owns a ship.",
    "power": "Power: {crews}, {ships} ships.",
    "power_each": "Power: {crews}, {ships} ships each.",
    # wood and flags
    "wood_red": "red",
    "wood_orange": "orange",
    "wood_yellow": "yellow",
    "wood_green": "green",
    "wood_purple": "purple",
    "wood_light-blue": "light-blue",
    "wood_neutral_colour": "neutral",
    "flag_black": "black",
    "flag_white": "white",
    "flag_crimson": "crimson",
    "flag_navy": "navy",
    "flag_gold": "gold",
    "flag_teal": "teal",
    "flag_brown": "brown",
    "flag_silver": "silver",
}

IT = {
    "title": "Ciurme: il debriefing",
    "and": " e ",
    "nobody": "nessuno",
    "none": "nessuno",
    "facilitator": "il facilitatore",
    "player": "Giocatore {seat} ({colour})",
    "player_plain": "Giocatore {seat}",
    "crew": "ciurma {index} ({flag})",
    "crew_room": "Ciurma {number}",
    "phase1_open": "La prima fase è ancora in corso.",
    "phase1_closed": "La prima fase è finita quando {how}; classifica: {ranking}.",
    "closed_restored": "ogni ciurma ha riparato la sua nave",
    "closed_clock": "il tempo della sessione ha fermato le ciurme ancora al lavoro",
    "closed_facilitator": "il facilitatore l'ha chiusa",
    "crew_part": "{crew}: {members}",
    "repairs": "{done}/{needed} riparazioni",
    "rank": ", {rank}ª in classifica",
    "restored": "Ha riparato la nave in {turns} turni{rank}.",
    "stopped": "Ferma a {repairs} alla chiusura della prima fase{rank}.",
    "not_started": "La prima fase non è cominciata.",
    "at_work": "Al lavoro: {repairs} dopo {turns} turni.",
    "captain_line": "Capitano: {who}, {repairs}.",
    "repairs_one": "1 riparazione",
    "repairs_many": "{n} riparazioni",
    "quartermaster_line": "Quartiermastro: {who}.",
    "wished": "Navi desiderate: {ships}.",
    "then": " per prima, poi ",
    "wood_light_blue": "azzurro (dell'automa)",
    "wood_neutral": "neutro (della riserva)",
    "wood_of": "di {who}",
    "wood_title": "Di chi era il legno che ha riparato la nave",
    "wood_rows": "legno, di chi era",
    "wood_columns": "chi l'ha usato",
    "wood_alt": "Pezzi di legno usati per le riparazioni, per proprietario del legno (righe) e "
                "per chi li ha usati (colonne); {pieces} pezzi in tutto.",
    "wood_note": "Legno messo nella pila comune: {produced}.",
    "produced": "{wood} {count}",
    "automaton": "l'automa ({colour})",
    "help_title": "Chi ha aiutato chi",
    "help_alt": "{helps} aiuti tra i membri della ciurma; hanno aiutato: {helpers}.",
    "help_note": "Una freccia va da chi ha aiutato a chi è stato aiutato (l'etichetta: il legno).",
    "turns_title": "Turni passati in ogni luogo",
    "turns_categories": "giocatore",
    "turns_values": "turni finiti lì",
    "turns_alt": "I turni che ogni giocatore ha finito sull'isola, sulla scialuppa e sul relitto; "
                 "{turns} turni in tutto.",
    "place_island": "isola",
    "place_lifeboat": "scialuppa",
    "place_wreck": "relitto",
    "votes_title": "Votazioni",
    "votes_columns": "votazione|candidati|voti|esito",
    "votes_note": "Una riga per votazione; un ballottaggio è una votazione a sé.",
    "votes_columns_room": "votazione|candidati|conteggio|esito",
    "votes_note_room": "Una riga per votazione; un ballottaggio è una votazione a sé. Chi ha "
                       "votato cosa resta segreto: solo i conteggi.",
    "count": "{choice} {count}",
    "topic_lifeboat": "manovrare la scialuppa",
    "topic_deposition": "deporre il capitano",
    "topic_quartermaster": "quartiermastro",
    "topic_favourite": "nave preferita",
    "topic_second": "seconda nave",
    "runoff": "{topic} (ballottaggio)",
    "yes": "sì",
    "no": "no",
    "yes_or_no": "sì o no",
    "no_answer": "nessuna risposta",
    "abstained": "astenuto",
    "ballot": "{who}: {choice}",
    "carried": "approvata",
    "failed": "respinta",
    "by_majority": "{winner}, a maggioranza",
    "to_runoff": "nessuna maggioranza: ballottaggio",
    "by_facilitator": "{winner}, deciso dal facilitatore",
    "depositions_title": "Deposizioni",
    "depositions_columns": "turno|capitano deposto|nuovo capitano",
    "assembly_title": "L'Assemblea dei pirati",
    "stamps_title": "Timbri, turno per turno",
    "stamps_columns": "turno|ciurma|timbri (valore sulla nave)",
    "stamp": "{value} sulla {ship}",
    "stamps_note": "Ciurme nell'ordine in cui hanno piazzato.",
    "squares_title": "Quadratini vinti a ogni turno",
    "round": "turno {round}",
    "squares_categories": "turno",
    "squares_values": "quadratini",
    "squares_alt": "Quadratini anneriti da ogni ciurma in ciascuno dei {rounds} turni.",
    "ships_title": "Navi",
    "ship": "nave",
    "owner": "proprietaria",
    "ships_note": "Quadratini per ciurma (bonus dell'ammiraglia compreso) e chi possiede la nave.",
    "room_talk": "I messaggi della sala",
    "to_the_room": "Il facilitatore alla sala",
    "every_message": "Tutti i messaggi",
    "crew_talk": "I messaggi della ciurma",
    "talk_columns": "quando|da|a|messaggio",
    "period_0": "presentazione",
    "period_1": "prima fase",
    "period_2": "elezioni",
    "period_3": "scelta delle navi",
    "to_crew": "la ciurma",
    "to_deck": "capitano e quartiermastro",
    "to_table": "i capitani",
    "to_all": "tutti",
    "race_none": "Gara: nessuna ciurma ha riparato la sua nave.",
    "race": "Gara: la {crew} ha riparato la nave per prima.",
    "office_holder": "{who} della {crew}",
    "office_repairs": "{who} della {crew}, {repairs}",
    "captain_won": "Capitano: {holders}.",
    "quartermaster_won": "Quartiermastro: {holders}.",
    "personal_won": "{crew}, {level} ({ships})",
    "personal": "Personale: {crews}.",
    "personal_none": "Personale: nessuna ciurma ha vinto una nave desiderata.",
    "level_maximal": "massimo",
    "level_primary": "primario",
    "level_secondary": "secondario",
    "command": "Comando: la {crew} possiede l'ammiraglia, {ship}.",
    "command_none": "Comando: nessuno possiede l'ammiraglia, {ship}.",
    "power_none": "Potere: nessuna ciurma possiede una nave.",
    "power": "Potere: {crews}, {ships} navi.",
    "power_each": "Potere: {crews}, {ships} navi ciascuna.",
    "wood_red": "rosso",
    "wood_orange": "arancione",
    "wood_yellow": "giallo",
    "wood_green": "verde",
    "wood_purple": "viola",
    "wood_light-blue": "azzurro",
    "wood_neutral_colour": "neutro",
    "flag_black": "nera",
    "flag_white": "bianca",
    "flag_crimson": "cremisi",
    "flag_navy": "blu",
    "flag_gold": "oro",
    "flag_teal": "verde acqua",
    "flag_brown": "marrone",
    "flag_silver": "argento",
}

WORDS: dict[str, dict[str, str]] = {"en": EN, "it": IT}
LANGUAGES = tuple(WORDS)


class Words:
    """The debrief's phrases in one language, and how it names seats, crews, ships and wood."""

    def __init__(self, state: CiurmeState, language: str = "en",
                 names: Mapping[int, str] | None = None) -> None:
        if language not in WORDS:
            raise ValueError(f"the debrief speaks {', '.join(LANGUAGES)}, not {quote(language)}")
        self.state = state
        self.table = WORDS[language]
        self.names = names

    def __call__(self, key: str, **args: Any) -> str:
        return self.table[key].format(**args)

    def counted(self, key: str, n: int) -> str:
        """A number of things in words, one or many: `key`_one or `key`_many."""
        return self(f"{key}_one") if n == 1 else self(f"{key}_many", n=n)

    def columns(self, key: str) -> list[str]:
        return self.table[key].split("|")

    def seat(self, seat: int) -> str:
        """A seat in words: its person's name in the room; else its number and meeple."""
        state = self.state
        if seat == state.facilitator:
            return self("facilitator")
        if self.names is not None and seat in self.names:
            return self.names[seat]
        index = state.crew_of(seat)
        crew = state.crews[index] if index is not None else None
        colour = crew.meeples[crew.members.index(seat)] if crew is not None else ""
        return self("player", seat=seat, colour=self.wood(colour)) if colour else \
            self("player_plain", seat=seat)

    def crew(self, index: int) -> str:
        if self.names is not None:
            return self("crew_room", number=index + 1)
        return self("crew", index=index, flag=self(f"flag_{CREW_COLOURS[index]}"))

    @staticmethod
    def ship(ship: int) -> str:
        return SHIP_NAMES[ship] if 0 <= ship < len(SHIP_NAMES) else str(ship)

    def wood(self, colour: str) -> str:
        key = "wood_neutral_colour" if colour == "neutral" else f"wood_{colour}"
        return self.table.get(key, colour)

    def listing(self, names: list[str]) -> str:
        """'a', 'a and b', 'a, b and c'."""
        joint = self("and")
        return joint.join(names) if len(names) < 3 else ", ".join(names[:-1]) + joint + names[-1]
