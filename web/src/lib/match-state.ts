// What the client knows of a live match, and how each server frame changes it: a pure reducer,
// so the screens only render it and Vitest checks it.
import type { EncodedAction, GameEvent, GameView, Gathering, SeatPresence, ServerFrame } from "../protocol/frames";
import type { LobbyFrame } from "../protocol/types";

// One event of the match's log: the step that made it, who acted, the round it was played in
// (null: the game has no rounds) and what happened. `key` names it for good: step and place.
export interface LoggedEvent {
  step: number;
  seat: number | null; // who acted, where this seat may know it
  round: number | null;
  event: GameEvent;
  key: string;
  bot?: boolean; // a bot sent the action (a bot's seat, or a bot standing in for a person)
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
  presenceAt: number; // Date.now() when the presence frame arrived (graces count down from it)
  timeBanks: Record<string, number> | null; // seconds left per seat, when the match has them
  banksRunning: number[]; // the seats whose bank runs down now
  spectators: number;
  // The match's log: every event this seat may see, oldest first (the server sends the story
  // so far on connecting, then each step's events).
  events: LoggedEvent[];
  olderEvents: boolean; // the server holds older events than the first one here
  rejection: string | null;
  error: string | null;
  // The person took this seat back on another device: this screen no longer plays it.
  elsewhere: boolean;
  waiting: string[]; // refs of actions sent and not yet answered
  lobby: LobbyFrame | null; // a session before its start: who has joined, the crews
  clocks: Clocks;
  // A session: seats from this number on are roles (the facilitator); the grace before a bot
  // plays for a phone away; whether the facilitator published the room's debrief.
  players: number | null;
  grace: number | null;
  debriefPublished: boolean;
  latecomers: number | string;
  rejectionCode: string | null;
  rejectionReasons: Record<string, string> | null; // the game's reason in other languages
  undo: boolean; // this seat may take back its last step
  gathering: Gathering | null; // a real-time round waiting for everybody to be ready
  gatheringAt: number; // Date.now() when the gathering was last told of
}

export function initialMatch(): MatchState {
  return {
    seat: null,
    view: null,
    legal: [],
    step: 0,
    status: "",
    presence: [],
    presenceAt: 0,
    timeBanks: null,
    banksRunning: [],
    spectators: 0,
    events: [],
    olderEvents: false,
    rejection: null,
    error: null,
    elsewhere: false,
    waiting: [],
    lobby: null,
    clocks: noClocks(),
    players: null,
    grace: null,
    debriefPublished: false,
    latecomers: "most_bots",
    rejectionCode: null,
    rejectionReasons: null,
    undo: false,
    gathering: null,
    gatheringAt: 0,
  };
}

function logged(step: number, seat: number | null, round: number | null | undefined, event: GameEvent, index: number, bot = false): LoggedEvent {
  const line: LoggedEvent = { step, seat, round: round ?? null, event: { kind: event.kind, data: event.data }, key: `${step}.${index}` };
  return bot ? { ...line, bot } : line;
}

// The events of a step numbered in order: a step's second event is `${step}.1`.
function numbered(events: LoggedEvent[], step: number): number {
  let n = 0;
  for (let i = events.length - 1; i >= 0 && events[i].step === step; i--) n++;
  return n;
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
        undo: Boolean(frame.undo),
        gathering: frame.gathering ?? null,
        gatheringAt: now,
        error: null,
      };
    case "event": {
      // A step told twice (a reconnection meeting the history) is kept once.
      if (state.events.length && frame.step < state.events[state.events.length - 1].step) return state;
      const next = logged(frame.step, frame.seat, frame.round, frame.event, numbered(state.events, frame.step), frame.bot ?? false);
      return { ...state, events: [...state.events, next] };
    }
    case "history": {
      const told: LoggedEvent[] = [];
      for (const e of frame.events) told.push(logged(e.step, e.seat, e.round, e.event, numbered(told, e.step), e.bot ?? false));
      if (frame.before === null || frame.before === undefined) {
        // The story so far, on connecting: it replaces what this page had heard.
        return { ...state, events: told, olderEvents: frame.more };
      }
      // An older page, asked for while scrolling back.
      const first = state.events[0]?.step ?? Infinity;
      return { ...state, events: [...told.filter((e) => e.step < first), ...state.events], olderEvents: frame.more };
    }
    case "presence":
      return {
        ...state,
        presence: frame.seats as SeatPresence[],
        presenceAt: now,
        timeBanks: frame.time_banks ?? null,
        banksRunning: frame.time_banks_running ?? [],
        spectators: frame.spectators,
        status: frame.status ?? state.status,
        players: frame.players ?? state.players,
        grace: frame.grace ?? null,
        debriefPublished: frame.debrief_published ?? false,
        latecomers: frame.latecomers ?? "most_bots",
      };
    case "accepted":
      return { ...state, waiting: state.waiting.filter((r) => r !== frame.ref), rejection: null, rejectionCode: null, rejectionReasons: null };
    case "rejected":
      return {
        ...state,
        waiting: state.waiting.filter((r) => r !== frame.ref),
        rejection: frame.reason,
        rejectionCode: frame.code ?? null,
        rejectionReasons: frame.reasons ?? null,
      };
    case "error":
      return { ...state, error: frame.error, elsewhere: state.elsewhere || frame.code === "seat_elsewhere" };
    case "lobby":
      return { ...state, lobby: frame, status: frame.status };
    default:
      return state;
  }
}

export function sent(state: MatchState, ref: string): MatchState {
  return { ...state, waiting: [...state.waiting, ref], rejection: null };
}

// After a reconnection the server sends the story so far and the full view again.
export function reconnecting(state: MatchState): MatchState {
  return { ...state, waiting: [] };
}

// Seconds a countdown told `told` seconds left at `at` (a Date.now()) has left at `now`.
export function secondsLeft(told: number | null | undefined, at: number, now: number): number | null {
  if (told === null || told === undefined) return null;
  // `now` may lag `at` (a clock read once a second): no time runs backwards.
  return Math.max(0, Math.ceil(told - Math.max(0, now - at) / 1000));
}
