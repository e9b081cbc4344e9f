// What the client knows of a live match, and how each server frame changes it: a pure reducer,
// so the screens only render it and Vitest checks it.
import type { EncodedAction, GameEvent, GameView, SeatPresence, ServerFrame } from "../protocol/frames";
import type { LobbyFrame } from "../protocol/types";

export const EVENTS_KEPT = 40;

export interface LoggedEvent {
  step: number;
  seat: number | null; // who acted, where this seat may know it
  event: GameEvent;
  id: number;
}

// The running clocks the last state frame told of: each one's seconds left when the frame
// arrived (the server measures them; this screen only counts down from them, so a reload shows
// the same time left), and whether they were running (not while the match is paused).
export interface Clocks {
  left: Record<string, number>;
  at: number; // Date.now() when the frame arrived
  running: boolean;
}

export function noClocks(): Clocks {
  return { left: {}, at: 0, running: false };
}

// Whole seconds `key`'s clock has left at `now` (a Date.now()), or null if it is not running.
export function clockLeft(clocks: Clocks, key: string | null | undefined, now: number): number | null {
  if (!key || !(key in clocks.left)) return null;
  const gone = clocks.running ? Math.max(0, now - clocks.at) / 1000 : 0;
  return Math.max(0, Math.round(clocks.left[key] - gone));
}

export interface MatchState {
  seat: number | null;
  view: GameView | null;
  legal: EncodedAction[];
  step: number;
  status: string;
  presence: SeatPresence[];
  spectators: number;
  events: LoggedEvent[];
  nextEventId: number;
  rejection: string | null;
  error: string | null;
  waiting: string[]; // refs of actions sent and not yet answered
  lobby: LobbyFrame | null; // a session before its start: who has joined, the crews
  clocks: Clocks;
  // A session: seats from this number on are roles (the facilitator); the grace before a bot
  // plays for a phone away; when the last presence frame came (its graces count from then);
  // whether the facilitator published the room's debrief.
  players: number | null;
  grace: number | null;
  presenceAt: number;
  debriefPublished: boolean;
  latecomers: number | string;
  rejectionCode: string | null;
}

export function initialMatch(): MatchState {
  return {
    seat: null,
    view: null,
    legal: [],
    step: 0,
    status: "",
    presence: [],
    spectators: 0,
    events: [],
    nextEventId: 1,
    rejection: null,
    error: null,
    waiting: [],
    lobby: null,
    clocks: noClocks(),
    players: null,
    grace: null,
    presenceAt: 0,
    debriefPublished: false,
    latecomers: "most_bots",
    rejectionCode: null,
  };
}

export function reduce(state: MatchState, frame: ServerFrame, now: number = Date.now()): MatchState {
  switch (frame.type) {
    case "state":
      // A state older than one already shown (frames are in order; this guards a reconnect).
      if (state.view !== null && frame.step < state.step) return state;
      return {
        ...state,
        seat: frame.seat,
        view: frame.view,
        // The server sends the game's encode_action JSON, which always has its kind.
        legal: frame.legal as EncodedAction[],
        step: frame.step,
        status: frame.status ?? state.status,
        clocks: { left: frame.clocks ?? {}, at: now, running: frame.status === "running" },
        error: null,
      };
    case "event": {
      const event = { kind: frame.event.kind, data: frame.event.data };
      const logged = { step: frame.step, seat: frame.seat, event, id: state.nextEventId };
      return {
        ...state,
        events: [...state.events, logged].slice(-EVENTS_KEPT),
        nextEventId: state.nextEventId + 1,
      };
    }
    case "presence":
      return {
        ...state,
        presence: frame.seats as SeatPresence[],
        spectators: frame.spectators,
        status: frame.status ?? state.status,
        players: frame.players ?? state.players,
        grace: frame.grace ?? null,
        presenceAt: now,
        debriefPublished: frame.debrief_published ?? false,
        latecomers: frame.latecomers ?? "most_bots",
      };
    case "accepted":
      return { ...state, waiting: state.waiting.filter((r) => r !== frame.ref), rejection: null, rejectionCode: null };
    case "rejected":
      return {
        ...state,
        waiting: state.waiting.filter((r) => r !== frame.ref),
        rejection: frame.reason,
        rejectionCode: frame.code ?? null,
      };
    case "error":
      return { ...state, error: frame.error };
    case "lobby":
      return { ...state, lobby: frame, status: frame.status };
    default:
      return state;
  }
}

export function sent(state: MatchState, ref: string): MatchState {
  return { ...state, waiting: [...state.waiting, ref], rejection: null };
}

// After a reconnection the server sends the full view again; events seen before are kept.
export function reconnecting(state: MatchState): MatchState {
  return { ...state, waiting: [] };
}
