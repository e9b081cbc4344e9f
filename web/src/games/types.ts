// What every game screen receives, and what every game says in words.
import type { Clocks, LoggedEvent } from "../lib/match-state";
import type { EncodedAction, GameEvent, GameView, SeatPresence } from "../protocol/frames";

export interface Seats {
  // A seat's display name (a person's name, with "a bot plays for now" while one does; "Bot 2";
  // "Seat 2").
  name(seat: number): string;
  // The name alone (a person's, even while a bot plays for them).
  plain(seat: number): string;
  // How the seat is doing at `now` (a Date.now()).
  state(seat: number, now: number): SeatState;
  count: number;
}

export interface SeatState {
  here: boolean; // a person is connected and plays it
  bot: boolean; // a bot plays it (for good, or for a person away)
  graceLeft: number | null; // a person away: seconds before a bot takes over
}

export interface GameProps {
  view: GameView;
  legal: EncodedAction[];
  seat: number | null;
  seats: Seats;
  send: (action: EncodedAction) => void;
  rejection: string | null;
  // The running clocks (a vote's, a phase's) as the server measures them.
  clocks: Clocks;
  // The match's log so far (what the rules revealed: festival results, bids), oldest first.
  events?: LoggedEvent[];
  // Take back this seat's last move, when the server offers it (null: nothing to take back).
  onundo?: (() => void) | null;
  // The match's status ("open" before its start, "running", "paused", "over"...).
  status?: string;
  // The table is being gathered before a real-time round: nobody plays yet.
  held?: boolean;
}

export interface GameText {
  // One line for an event of the log (`view`: the match as it stands, where given).
  event(event: GameEvent, seats: Seats, view?: GameView | null): string;
  // What the game waits for now, from this seat's point of view.
  awaited(view: GameView, seat: number | null, seats: Seats, legal: EncodedAction[]): string;
  // One line a player reads to choose this action (the generic action menu), naming seats by
  // `seats` where given.
  action(action: EncodedAction, view: GameView, seats?: Seats): string;
  // A latecomer's welcome: the state of play in a few words (optional).
  stateOfPlay?(view: GameView, seat: number | null, seats: Seats): string;
}

// The facilitator's control room of a session (its HTTP controls need the session and token).
export interface ControlProps {
  id: string;
  host: string;
  view: GameView;
  legal: EncodedAction[];
  seats: Seats;
  send: (action: EncodedAction) => void;
  presence: SeatPresence[];
  status?: string;
  // The seats of people who joined with the code (a bot may play one for a while).
  people: number[];
  onfailure: (message: string) => void;
  clocks: Clocks;
  // The grace before a bot plays for a phone away (null: never on its own); the crew whose
  // bots latecomers replace first; whether the room's debrief is published.
  grace: number | null;
  latecomers: number | string;
  debriefPublished: boolean;
}

// The projector's view: what a spectator sees, in big type.
export interface ProjectorProps {
  view: GameView;
  seats: Seats;
  clocks: Clocks;
  status?: string;
}
