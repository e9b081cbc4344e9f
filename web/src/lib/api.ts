// The lobby's routes (DESIGN: the server's public surface), typed by the generated protocol.
import type {
  CreateSession,
  CreatedSession,
  JoinSession,
  SessionOut,
  SessionSettings,
  StartMatch,
  CreateMatch,
  CreatedMatch,
  Done,
  GameOut,
  JoinMatch,
  Joined,
  MatchSummary,
  SeatBack,
  MatchBack,
  ClaimOut,
  ClaimStatus,
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
  record: (id: string, token: string | null) =>
    request<MatchRecord>("GET", `/api/matches/${encodeURIComponent(id)}/record`, undefined, token ?? undefined),
  // sessions: a facilitator's lobby, joined with a code
  createSession: (body: CreateSession) => request<CreatedSession>("POST", "/api/sessions", body),
  joinSession: (body: JoinSession) => request<Joined>("POST", "/api/sessions/join", body),
  // a way back: the personal code, or a seat the facilitator gives back
  seatBack: (body: SeatBack) => request<Joined>("POST", "/api/sessions/back", body),
  matchBack: (id: string, body: MatchBack) =>
    request<Joined>("POST", `/api/matches/${encodeURIComponent(id)}/back`, body),
  claimStatus: (id: string, token: string) =>
    request<ClaimStatus>("GET", `/api/sessions/${encodeURIComponent(id)}/claim`, undefined, token),
  claims: (id: string, host: string) =>
    request<ClaimOut[]>("GET", `/api/sessions/${encodeURIComponent(id)}/claims`, undefined, host),
  answerClaim: (id: string, host: string, claim: number, give: boolean) =>
    request<Done>("POST", `/api/sessions/${encodeURIComponent(id)}/claims/${claim}/${give ? "give" : "refuse"}`, {}, host),
  // a match's host is asked the same at the table (the claim names the seat)
  matchClaimStatus: (id: string, token: string) =>
    request<ClaimStatus>("GET", `/api/matches/${encodeURIComponent(id)}/claim`, undefined, token),
  matchClaims: (id: string, host: string) =>
    request<ClaimOut[]>("GET", `/api/matches/${encodeURIComponent(id)}/claims`, undefined, host),
  answerMatchClaim: (id: string, host: string, claim: number, give: boolean) =>
    request<Done>("POST", `/api/matches/${encodeURIComponent(id)}/claims/${claim}/${give ? "give" : "refuse"}`, {}, host),
  merge: (id: string, host: string, member: number, into: number) =>
    request<Done>("POST", `/api/sessions/${encodeURIComponent(id)}/merge`, { member, into }, host),
  session: (id: string, host: string) =>
    request<SessionOut>("GET", `/api/sessions/${encodeURIComponent(id)}`, undefined, host),
  balance: (id: string, host: string, players: number | null) =>
    request<SessionOut>("POST", `/api/sessions/${encodeURIComponent(id)}/crews/balance`, players ? { players } : {}, host),
  moveMember: (id: string, host: string, member: number, crew: number) =>
    request<SessionOut>("POST", `/api/sessions/${encodeURIComponent(id)}/move`, { member, crew }, host),
  removeMember: (id: string, host: string, member: number) =>
    request<SessionOut>("DELETE", `/api/sessions/${encodeURIComponent(id)}/members/${member}`, undefined, host),
  startSession: (id: string, host: string, body: StartMatch) =>
    request<Done>("POST", `/api/matches/${encodeURIComponent(id)}/start`, body, host),
  control: (id: string, host: string, what: "pause" | "resume" | "end") =>
    request<Done>("POST", `/api/matches/${encodeURIComponent(id)}/${what}`, {}, host),
  botSeat: (id: string, host: string, seat: number, bot: string) =>
    request<Done>("POST", `/api/matches/${encodeURIComponent(id)}/seats/${seat}/bot`, { bot }, host),
  standIn: (id: string, host: string, seat: number) =>
    request<Done>("POST", `/api/matches/${encodeURIComponent(id)}/seats/${seat}/stand_in`, {}, host),
  giveBack: (id: string, host: string, seat: number) =>
    request<Done>("POST", `/api/sessions/${encodeURIComponent(id)}/seats/${seat}/back`, {}, host),
  // The facilitator's debrief (with the facilitator's token), or the room's once published.
  debrief: (id: string, lang: string, host?: string | null) =>
    request<DebriefPage>("GET", `/api/matches/${encodeURIComponent(id)}/debrief?lang=${encodeURIComponent(lang)}`, undefined, host ?? undefined),
  roomDebrief: (id: string, lang: string, host?: string | null) =>
    request<DebriefPage>("GET", `/api/matches/${encodeURIComponent(id)}/debrief/room?lang=${encodeURIComponent(lang)}`, undefined, host ?? undefined),
  publishDebrief: (id: string, host: string) =>
    request<SessionOut>("POST", `/api/matches/${encodeURIComponent(id)}/debrief/publish`, {}, host),
  sessionSettings: (id: string, host: string, body: SessionSettings) =>
    request<SessionOut>("PATCH", `/api/sessions/${encodeURIComponent(id)}/settings`, body, host),
  replay: (id: string, token: string | null) =>
    request<ReplayFrames>("GET", `/api/matches/${encodeURIComponent(id)}/replay`, undefined, token ?? undefined),
  explain: (id: string, step: number, seat: number, token: string | null) =>
    request<Explanation>("GET", `/api/matches/${encodeURIComponent(id)}/replay/${step}/explain?seat=${seat}`, undefined, token ?? undefined),
};

// What a seat's search weighed after `step` steps of a finished match: the moves it compared,
// its choice first, each with the chance of winning it saw after it; `played` is the move made.
export type Explanation = {
  step: number;
  seat: number;
  spec: string;
  played: Record<string, unknown> | null;
  moves: { action: Record<string, unknown>; text: string; visits: number; value: number }[];
};

// A finished match step by step: the spectator's view after each step, with its events.
export type ReplayFrames = {
  game: string;
  players: number;
  steps: { step: number; seat: number | null; action: unknown; round?: number | null; view: Record<string, unknown>; events: { kind: string; data: Record<string, unknown> }[] }[];
  result: Record<string, unknown> | null;
};

// A finished session's debrief: the game's typed parts (ludoteca/engine/debrief.py) and the
// names people chose, by seat.
export type DebriefCell = string | number | null;
export type DebriefSection = {
  kind: "table" | "log" | "heatmap" | "bars" | "graph";
  title: string;
  note?: string;
  alt?: string;
  columns?: string[];
  rows?: DebriefCell[][] | string[];
  values?: number[][];
  row_title?: string;
  column_title?: string;
  categories?: string[];
  series?: Record<string, number[]>;
  category_title?: string;
  value_title?: string;
  nodes?: { id: string; label: string; group: string }[];
  edges?: { source: string; target: string; weight: number; label: string }[];
};
export type Debrief = {
  title: string;
  summary: string[];
  parts: { title: string; summary: string[]; sections: DebriefSection[] }[];
  data: Record<string, unknown>;
};
export type DebriefPage = { id: string; game: string; status: string; language: string; audience?: string; names: Record<string, string>; bots: number[]; debrief: Debrief };
