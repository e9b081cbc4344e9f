// The lobby's routes (DESIGN: the server's public surface), typed by the generated protocol.
import type {
  CreateMatch,
  CreatedMatch,
  Done,
  GameOut,
  JoinMatch,
  Joined,
  MatchSummary,
} from "../protocol/types";
import { request } from "./http";

export type RulesPage = { game: string; lang: string; html: string };
export type MatchRecord = {
  game: string;
  players: number;
  seed: number;
  options: Record<string, unknown>;
  actions: unknown[];
  [field: string]: unknown;
};

export const api = {
  games: () => request<GameOut[]>("GET", "/api/games"),
  rules: (game: string, lang: string) =>
    request<RulesPage>("GET", `/api/games/${encodeURIComponent(game)}/rules/${lang}`),
  openMatches: () => request<MatchSummary[]>("GET", "/api/matches"),
  match: (id: string) => request<MatchSummary>("GET", `/api/matches/${encodeURIComponent(id)}`),
  create: (body: CreateMatch) => request<CreatedMatch>("POST", "/api/matches", body),
  join: (id: string, body: JoinMatch) =>
    request<Joined>("POST", `/api/matches/${encodeURIComponent(id)}/join`, body),
  start: (id: string, hostToken: string) =>
    request<Done>("POST", `/api/matches/${encodeURIComponent(id)}/start`, {}, hostToken),
  record: (id: string) => request<MatchRecord>("GET", `/api/matches/${encodeURIComponent(id)}/record`),
  replay: (id: string) =>
    request<ReplayFrames>("GET", `/api/matches/${encodeURIComponent(id)}/replay`),
};

// A finished match step by step: the spectator's view after each step, with its events.
export type ReplayFrames = {
  game: string;
  players: number;
  steps: { step: number; seat: number | null; action: unknown; view: Record<string, unknown>; events: { kind: string; data: Record<string, unknown> }[] }[];
  result: Record<string, unknown> | null;
};
