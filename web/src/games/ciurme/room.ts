// Ciurme's view as the training room's screens read it (the phone, the control room, the
// projector): crews, votes and their timers, messages, the fleet.
import { t, tDynamic } from "../../i18n/i18n.svelte";
import { clockLeft, type Clocks } from "../../lib/match-state";
import type { GameView } from "../../protocol/frames";

export type Crew = {
  colour: string;
  members: number[];
  repairs: number;
  repairs_needed: number;
  finished: boolean;
  stopped: boolean;
  captain: number | null;
  quartermaster: number | null;
  preferences_chosen: boolean;
  points: number[];
  stamps_left: number;
};
export type OpenVote = {
  crew: number;
  topic: string;
  runoff: boolean;
  candidates: number[];
  voters: number[];
  cast: boolean[];
  awaiting_facilitator: boolean;
  proposer: number | null;
  seconds: number;
  clock: string; // the server's name of its timer, in the state frame's clocks
  ballots?: number[];
  my_ballot?: number;
};
export type Message = { channel: string; crew: number | null; author: number; text: string; period: number; to: number | null };
export type Stamp = { crew: number; ship: number; value: number | null };
export type Outcome = { personal: string; command: boolean; power: boolean; won: number; ships: number[] };

export function crews(view: GameView): Crew[] {
  return (view.crews as Crew[] | undefined) ?? [];
}
export function votes(view: GameView): OpenVote[] {
  return (view.votes as OpenVote[] | undefined) ?? [];
}
export function messages(view: GameView): Message[] {
  return (view.messages as Message[] | undefined) ?? [];
}
export function stamps(view: GameView): Stamp[] {
  return (view.stamps as Stamp[] | undefined) ?? [];
}
export function fleet(view: GameView): string[] {
  return (view.fleet as string[] | undefined) ?? [];
}
export function board(view: GameView, crew: number | null): Record<string, unknown> | null {
  const boards = (view.boards as Record<string, Record<string, unknown>> | undefined) ?? {};
  return crew === null ? null : boards[String(crew)] ?? null;
}

export function crewName(index: number): string {
  return t("ciurme.crew", { crew: index + 1 });
}

export function topic(name: string): string {
  return tDynamic(`ciurme.topic.${name}`, {}, name);
}

export function place(name: unknown): string {
  return tDynamic(`ciurme.place.${name}`, {}, String(name));
}

// Who still owes an answer to an open vote, and how many have answered.
export function answered(vote: OpenVote): { done: number; all: number } {
  return { done: vote.cast.filter(Boolean).length, all: vote.voters.length };
}

// Seconds left on a vote's timer, as the server measures it (null: no clock runs on it, as
// while an election waits for the facilitator's decision).
export function secondsLeft(vote: OpenVote, clocks: Clocks, now: number): number | null {
  return clockLeft(clocks, vote.clock, now);
}

// Seconds left on phase 1's timer, if the facilitator set one.
export function phase1Left(view: GameView, clocks: Clocks, now: number): number | null {
  return clockLeft(clocks, view.phase1_clock as string | null | undefined, now);
}

// "4:05": a countdown as people read it.
export function minutesSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
