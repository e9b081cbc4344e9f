// The frames of live play (DESIGN: "WS /api/matches/{id}/ws"), from the types generated from
// the server's Pydantic models (ludoteca/server/api/protocol.py), so client and server agree.
// What a frame carries of a game (a view, an encoded action, an event's data) is the game's
// own JSON, which the game screens read.
import type {
  AcceptedFrame,
  ActionFrame,
  ErrorFrame,
  EventBody,
  EventFrame,
  Gathering,
  HelloFrame,
  HistoryFrame,
  HistoryRequestFrame,
  LobbyFrame,
  PingFrame,
  PongFrame,
  PresenceFrame,
  ReadyFrame,
  RejectedFrame,
  SeatPresence as GeneratedSeatPresence,
  StateFrame,
} from "./types";

// A game's action as its `encode_action` writes it: always with its kind.
export type EncodedAction = { kind: string; [field: string]: unknown };
export type GameView = Record<string, unknown>;
export type GameEvent = Pick<EventBody, "kind" | "data">;
export type SeatPresence = Pick<GeneratedSeatPresence, "seat" | "name" | "connected" | "bot" | "stand_in" | "person" | "covered" | "grace_left">;
export type { Gathering };

export type ServerFrame =
  | StateFrame
  | EventFrame
  | HistoryFrame
  | PresenceFrame
  | LobbyFrame
  | AcceptedFrame
  | RejectedFrame
  | ErrorFrame
  | PongFrame;

export type ClientFrame = HelloFrame | ActionFrame | HistoryRequestFrame | ReadyFrame | PingFrame;
