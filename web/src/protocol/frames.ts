// The frames of live play (DESIGN: "WS /api/matches/{id}/ws"). The lobby's bodies are generated
// into ./types.ts from the server's Pydantic models; these frames follow the server's
// ludoteca/server/frames.py and move into the generated types once it exports their models.

export type EncodedAction = { kind: string; [field: string]: unknown };
export type GameView = Record<string, unknown>;

export interface GameEvent {
  kind: string;
  data: Record<string, unknown>;
}

export interface SeatPresence {
  seat: number;
  name: string | null;
  connected: boolean;
  bot: string | null;
  stand_in?: boolean;
}

export type ServerFrame =
  | { type: "state"; seat: number | null; view: GameView; legal: EncodedAction[]; step: number; status?: string }
  | { type: "event"; step: number; seat: number; event: GameEvent }
  | { type: "presence"; status?: string; seats: SeatPresence[]; spectators: number; time_banks?: unknown }
  | { type: "accepted"; ref: unknown; step: number }
  | { type: "rejected"; ref: unknown; reason: string }
  | { type: "error"; error: string }
  | { type: "lobby"; [field: string]: unknown }
  | { type: "pong" };

export type ClientFrame =
  | { type: "hello"; token?: string; name?: string }
  | { type: "action"; action: EncodedAction; ref?: string }
  | { type: "ping" };
