// Bot levels offered when creating a match. What each level plays (its bot spec) and its measured
// Elo come from the game's own table, published with the games (GET /api/games, `levels`).
import type { LevelOut } from "../protocol/types";

export const BOT_LEVELS = ["easy", "normal", "strong"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

// Who plays a seat: you, a friend (the seat is kept for their invite link), anyone (an open
// seat, taken from the list of matches), or a bot.
export type SeatPlan = { kind: "me" } | { kind: "friend" } | { kind: "open" } | { kind: "bot"; level: BotLevel };

// The body's `open_seats`: the seats anyone may take.
export function openSeatsOf(plan: SeatPlan[]): number[] {
  return plan.flatMap((seat, index) => (seat.kind === "open" ? [index] : []));
}

export function isLevel(name: string): name is BotLevel {
  return (BOT_LEVELS as readonly string[]).includes(name);
}

// The bot spec of a level in a game's table.
export function botSpec(levels: LevelOut[], level: BotLevel): string {
  const found = levels.find((l) => l.name === level);
  if (!found) throw new Error(`this game has no ${level} bot`);
  return found.spec;
}

// The body's `bots` map: seat number (as text) -> spec, for every seat a bot plays.
export function botsOf(plan: SeatPlan[], levels: LevelOut[]): Record<string, string> {
  const bots: Record<string, string> = {};
  plan.forEach((seat, index) => {
    if (seat.kind === "bot") bots[String(index)] = botSpec(levels, seat.level);
  });
  return bots;
}

// Seat number (as text) -> level, for every seat a bot plays: what the player's results count.
export function levelsOf(plan: SeatPlan[]): Record<string, BotLevel> {
  const out: Record<string, BotLevel> = {};
  plan.forEach((seat, index) => {
    if (seat.kind === "bot") out[String(index)] = seat.level;
  });
  return out;
}

export function defaultPlan(players: number, previous: SeatPlan[] = []): SeatPlan[] {
  return Array.from({ length: players }, (_, i): SeatPlan =>
    previous[i] ?? (i === 0 ? { kind: "me" } : { kind: "bot", level: "normal" }),
  );
}
