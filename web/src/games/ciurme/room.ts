// Ciurme's view as the training room's screens read it (the phone, the control room, the
// projector): crews, votes and their timers, messages, the fleet.
import { t, tDynamic } from "../../i18n/i18n.svelte";
import { clockLeft, type Clocks } from "../../lib/match-state";
import type { GameView } from "../../protocol/frames";

export type Election = { topic: string; runoff: boolean; answered: number; voters: number; awaiting_facilitator: boolean };
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
  election?: Election | null; // an election under way, counts only (the projector's)
};
export type OpenVote = {
  crew: number;
  topic: string;
  runoff: boolean;
  candidates: number[];
  voters: number[];
  answered?: number;
  // who has answered, and who proposed it: not for a motion to depose but to the facilitator
  cast?: boolean[];
  awaiting_facilitator: boolean;
  proposer?: number | null;
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

// Each crew's flag as the screens draw it [D-18]: its colour (fill, ink and a border that shows
// on white) and a symbol, so a crew is told apart without colour too.
export type Flag = { fill: string; ink: string; border: string; symbol: string };
const FLAGS: Record<string, Flag> = {
  black: { fill: "#1d1b1a", ink: "#fff", border: "#1d1b1a", symbol: "●" },
  white: { fill: "#fff", ink: "#1d1b1a", border: "#1d1b1a", symbol: "○" },
  crimson: { fill: "#a3162f", ink: "#fff", border: "#6e0e1f", symbol: "▲" },
  navy: { fill: "#1f3a6e", ink: "#fff", border: "#142648", symbol: "■" },
  gold: { fill: "#e0b000", ink: "#1d1b1a", border: "#8a6a00", symbol: "★" },
  teal: { fill: "#0f7c7c", ink: "#fff", border: "#0a5252", symbol: "◆" },
  brown: { fill: "#7a4a1f", ink: "#fff", border: "#4d2e12", symbol: "✚" },
  silver: { fill: "#c3c7cc", ink: "#1d1b1a", border: "#5f656b", symbol: "✱" },
};
export function flag(colour: string | undefined): Flag {
  return FLAGS[colour ?? ""] ?? { fill: "#eee", ink: "#1d1b1a", border: "#444", symbol: "?" };
}

export function topic(name: string): string {
  return tDynamic(`ciurme.topic.${name}`, {}, name);
}

export function place(name: unknown): string {
  return tDynamic(`ciurme.place.${name}`, {}, String(name));
}

// How many have answered an open vote.
export function answered(vote: OpenVote): { done: number; all: number } {
  const done = vote.answered ?? (vote.cast ?? []).filter(Boolean).length;
  return { done, all: vote.voters.length };
}

// This seat's answer to a vote (-2: not yet), where it is a voter.
export function myBallot(vote: OpenVote, seat: number | null): number | null {
  if (seat === null || !vote.voters.includes(seat)) return null;
  return vote.my_ballot ?? vote.ballots?.[vote.voters.indexOf(seat)] ?? null;
}

// The voters who have not answered yet, where this screen may know who they are.
export function waitingFor(vote: OpenVote): number[] | null {
  if (!vote.cast) return null;
  return vote.voters.filter((_, k) => !vote.cast?.[k]);
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
