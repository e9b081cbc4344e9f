// What every game screen receives, and what every game says in words.
import type { Clocks, LoggedEvent } from "../lib/match-state";
import type { EncodedAction, GameEvent, GameView, SeatPresence } from "../protocol/frames";

export interface Seats {
  // A seat's display name (a person's name, "Bot", or "Seat 2").
  name(seat: number): string;
  count: number;
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
  // The match's status ("open" before its start, "running", "over"...).
  status?: string;
  // The table is being gathered before a real-time round: nobody plays yet.
  held?: boolean;
}

export interface GameText {
  // One line for an event of the log.
  event(event: GameEvent, seats: Seats): string;
  // What the game waits for now, from this seat's point of view.
  awaited(view: GameView, seat: number | null, seats: Seats, legal: EncodedAction[]): string;
  // One line a player reads to choose this action (the generic action menu).
  action(action: EncodedAction, view: GameView): string;
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
  status: string;
  // The seats of people who joined with the code (a bot may play one for a while).
  people: number[];
  onfailure: (message: string) => void;
  clocks: Clocks;
}

// The projector's view: what a spectator sees, in big type.
export interface ProjectorProps {
  view: GameView;
  seats: Seats;
  clocks: Clocks;
}
