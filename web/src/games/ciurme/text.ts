// Ciurme in words: its events, what it waits for, and its actions (a crew member's side).
import { t, tDynamic, tn } from "../../i18n/i18n.svelte";
import type { EncodedAction, GameEvent, GameView } from "../../protocol/frames";
import type { GameText, Seats } from "../types";
import { answered, board, crewName, crews, minutesSeconds, votes, waitingFor } from "./room";

const SHIPS_FALLBACK = (i: number) => String(i + 1);

function place(name: unknown): string {
  return tDynamic(`ciurme.place.${name}`, {}, String(name));
}

export function wood(colour: unknown): string {
  return tDynamic(`ciurme.wood.${colour}`, {}, String(colour));
}

function ship(view: GameView | null, index: unknown): string {
  const fleet = (view?.fleet as string[] | undefined) ?? [];
  const i = Number(index);
  return fleet[i] ?? SHIPS_FALLBACK(i);
}

function crew(index: unknown): string {
  return t("ciurme.crew", { crew: Number(index) + 1 });
}

// Events that only need the seat's name and a crew.
const SIMPLE = new Set([
  "phase_started", "nothing_produced", "first_player", "captain", "quartermaster", "restored",
  "deposition_proposed", "deposition_failed", "preferences_chosen", "flagship_bonus",
  "awaiting_facilitator", "election_opened", "session_over", "stamp", "round", "clock_stopped",
  "vote_closed", "vote_timer", "phase1_timer", "table_opened",
]);

// Every line of the log a sentence with its subject: the automaton ("the automaton added...")
// starts it with a capital like a name does.
export function ciurmeEvent(event: GameEvent, seats: Seats, view: GameView | null = null): string {
  const line = eventLine(event, seats, view);
  return line.charAt(0).toUpperCase() + line.slice(1);
}

function eventLine(event: GameEvent, seats: Seats, view: GameView | null): string {
  const d = event.data;
  // A seat by its name; the automaton of a crew of four (its wood, "automaton" or a negative
  // seat) as itself; somebody whose name this seat may not know (a secret ballot [D-23]).
  const who = (key: string) => {
    const seat = d[key];
    if (seat === "automaton" || (typeof seat === "number" && seat < 0)) return t("ciurme.automaton");
    return typeof seat === "number" ? seats.name(seat) : t("ciurme.somebody");
  };
  switch (event.kind) {
    case "meeple":
      return t("ciurme.event.meeple", { who: who("seat"), colour: wood(d.colour) });
    case "moved":
      return t("ciurme.event.moved", { who: who("seat"), place: place(d.end) });
    case "produced":
      return t("ciurme.event.produced", { who: who("by"), wood: wood(d.wood) });
    case "crossing":
      return tn("ciurme.event.crossing", Array.isArray(d.wood) ? d.wood.length : 0);
    case "steered":
      return t("ciurme.event.steered", { place: place(d.dock) });
    case "steer_proposed":
      return t("ciurme.event.steer_proposed", { who: who("by") });
    case "steer_vote":
      return t(d.outcome === "yes" ? "ciurme.event.steer_yes" : "ciurme.event.steer_no");
    case "ballot":
      return t("ciurme.event.ballot", { who: who("voter") });
    case "repaired":
      return t("ciurme.event.repaired", { who: who("by"), wood: wood(d.wood) });
    case "phase1_goes_on":
      return t("ciurme.event.phase1_goes_on", { crews: (d.working as number[] ?? []).map(crew).join(", ") });
    case "phase1_closed":
      return t("ciurme.event.phase1_closed");
    case "runoff": {
      // a run-off among mates, or among ships (the crew's wishes)
      const among = (d.candidates as number[] ?? []).map((s) => d.topic === "quartermaster" ? seats.plain(s) : ship(view, s));
      return t("ciurme.event.runoff", { who: among.join(", ") });
    }
    case "preference":
      return t("ciurme.event.preference", { ship: ship(view, d.ship) });
    case "stamp_value":
      return t("ciurme.event.stamp_value", { value: Number(d.value), ship: ship(view, d.ship) });
    case "deposed":
      return t("ciurme.event.deposed", { crew: crew(d.crew), who: who("captain") });
    case "message":
      return t("ciurme.event.message", { who: who("author"), text: String(d.text ?? "") });
    case "reveal":
      return t("ciurme.event.reveal", { round: Number(d.round) });
    case "progress":
      return tn("ciurme.event.progress", Number(d.repairs ?? 0), { crew: crew(d.crew) });
    default:
      if (SIMPLE.has(event.kind)) {
        return tDynamic(`ciurme.event.${event.kind}`, {
          crew: crew(d.crew),
          who: who("seat"),
          phase: Number(d.phase ?? 0),
          round: Number(d.round ?? 0),
          repairs: Number(d.repairs ?? 0),
          rank: Number(d.rank ?? 0),
          topic: tDynamic(`ciurme.topic.${d.topic}`, {}, String(d.topic ?? "")),
          seconds: Number(d.seconds ?? 0),
        });
      }
      return t("event.unknown", { kind: event.kind });
  }
}

// A seat by its person's name where the screen knows the names, else by its number.
function person(seat: number, seats?: Seats): string {
  return seats ? seats.plain(seat) : t("match.seat", { seat: seat + 1 });
}

// Whom `seat`'s crew waits for, in words: the member whose turn it is (and whether they are
// away, with the seconds before a bot takes over, or played by a bot), or the voters who have
// not answered; the captain placing a stamp in the Assembly.
export function waitedFor(view: GameView, seat: number | null, seats: Seats, now: number): string | null {
  const mine = typeof view.my_crew === "number" ? view.my_crew : null;
  const stage = String(view.stage ?? "");
  const vote = votes(view).find((v) => v.crew === mine);
  if (vote && !vote.awaiting_facilitator) {
    const missing = waitingFor(vote);
    if (missing && missing.length && !(seat !== null && missing.includes(seat))) {
      return t("ciurme.wait.voters", { who: missing.map((s) => who(s, seats, now)).join(", ") });
    }
    if (!missing) return t("ciurme.wait.answers", answered(vote));
  }
  if (stage === "phase1" && mine !== null) {
    const active = board(view, mine)?.active;
    if (typeof active === "number" && active !== seat) return t("ciurme.wait.turn", { who: who(active, seats, now) });
  }
  if (stage === "assembly" && typeof view.placing === "number") {
    const placing = crews(view)[view.placing];
    if (placing && placing.captain !== null && placing.captain !== seat) {
      return t("ciurme.wait.stamp", { who: who(placing.captain, seats, now), crew: crewName(view.placing) });
    }
  }
  return null;
}

// A seat's name with how it is doing: away (and the time before a bot takes over), or a bot's.
export function who(seat: number, seats: Seats, now: number): string {
  const state = seats.state(seat, now);
  if (state.graceLeft !== null) return t("ciurme.wait.away", { who: seats.plain(seat), left: minutesSeconds(state.graceLeft) });
  return seats.name(seat);
}

export const ciurmeText: GameText = {
  event: (event, seats, view) => ciurmeEvent(event, seats, view ?? null),

  awaited(view: GameView, seat: number | null, seats: Seats, legal: EncodedAction[]): string {
    const stage = String(view.stage ?? "");
    const where = tDynamic(`ciurme.stage.${stage}`, {}, stage);
    if (seat !== null && legal.length) return t("ciurme.await.you", { stage: where });
    const waiting = waitedFor(view, seat, seats, Date.now());
    if (waiting) return t("ciurme.await.waiting", { stage: where, waiting });
    return t("ciurme.await.others", { stage: where });
  },

  stateOfPlay(view: GameView, seat: number | null, seats: Seats): string {
    const mine = typeof view.my_crew === "number" ? view.my_crew : null;
    const crew = mine === null ? null : crews(view)[mine];
    const stage = String(view.stage ?? "");
    if (crew === null || mine === null) return tDynamic(`ciurme.stage.${stage}`, {}, stage);
    const params = {
      crew: crewName(mine), repairs: crew.repairs, needed: crew.repairs_needed,
      captain: crew.captain === null ? "—" : seats.plain(crew.captain),
      round: Number(view.round ?? 0), rounds: Number(view.rounds ?? 0),
      place: place((board(view, mine)?.places as Record<string, string> | undefined)?.[String(seat)] ?? "island"),
    };
    return tDynamic(`ciurme.late.${stage}`, params, tDynamic(`ciurme.stage.${stage}`, {}, stage));
  },

  action(action: EncodedAction, view: GameView, seats?: Seats): string {
    switch (action.kind) {
      case "move":
        return t("ciurme.action.move", { place: place(action.place) });
      case "repair":
        return t("ciurme.action.repair", { wood: wood(action.colour) });
      case "help":
        return t("ciurme.action.help", { wood: wood(action.colour), mate: Number(action.mate) < 0 ? t("ciurme.automaton") : person(Number(action.mate), seats) });
      case "agree":
        return t(action.yes ? "ciurme.action.yes" : "ciurme.action.no");
      case "elect":
        return t("ciurme.action.elect", { who: person(Number(action.seat), seats) });
      case "prefer":
        return t("ciurme.action.prefer", { ship: ship(view, action.ship) });
      case "place":
        return t("ciurme.action.place", { value: Number(action.value), ship: ship(view, action.ship) });
      case "post":
        return t("ciurme.action.post", { to: tDynamic(`ciurme.channel_to.${action.channel}`, {}, String(action.channel)), text: String(action.text) });
      case "pick_colour":
        return t("ciurme.action.pick_colour", { colour: wood(action.colour) });
      case "first_player":
        return t("ciurme.action.first_player", { crew: crew(action.crew), who: person(Number(action.seat), seats) });
      case "start_phase":
        return t("ciurme.action.start_phase", { phase: Number(action.phase) });
      case "close_vote":
        return t("ciurme.action.close_vote", { crew: crew(action.crew) });
      case "set_vote_timer":
        return t("ciurme.action.set_vote_timer", { crew: crew(action.crew), minutes: Math.round(Number(action.seconds) / 60) });
      case "set_phase1_timer":
        return t("ciurme.action.set_phase1_timer", { minutes: Math.round(Number(action.seconds) / 60) });
      case "decide": {
        // a tied quartermaster's election names people; a tied choice of ships, ships
        const topic = votes(view).find((v) => v.crew === Number(action.crew))?.topic;
        const choice = topic === "quartermaster" ? person(Number(action.choice), seats) : ship(view, action.choice);
        return t("ciurme.action.decide", { crew: crew(action.crew), choice });
      }
      default:
        return tDynamic(`ciurme.action.${action.kind}`, {}, t("event.unknown", { kind: action.kind }));
    }
  },
};
